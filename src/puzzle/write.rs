//! Writing a puzzle back out, for `jigsat convert`: as jigsat TOML or as
//! BurrTools XML. Each writer refuses, with the reason, what its format
//! cannot say, so a conversion never produces a different puzzle.

use std::fmt::Write as _;

use super::{Count, Fill, Kind, Piece, Puzzle};
use crate::geometry::{Cell, Rotations, Shape};

/// The puzzle as jigsat TOML: the board as art (`?` for optional cells)
/// or as a cell list when it has negative coordinates, pieces as art.
pub fn toml(puzzle: &Puzzle) -> Result<String, String> {
    let Kind::Pieces(pieces) = &puzzle.kind else {
        return Err("edge-matching tiles are TOML already".into());
    };
    if puzzle.colours.is_some() {
        return Err(
            "the puzzle has colour constraints (which piece cells may lie on which result cells), which jigsat TOML cannot express"
                .into(),
        );
    }
    let mut out = String::new();
    let _ = writeln!(out, "name = {}", quoted(&puzzle.name));
    if let Some(d) = &puzzle.description {
        let _ = writeln!(out, "description = {}", quoted(d));
    }
    if let Some(s) = &puzzle.source {
        let _ = writeln!(out, "source = {}", quoted(s));
    }
    out.push_str("\n[board]\n");
    out.push_str(&board_toml(puzzle));
    let fill = match puzzle.fill {
        Fill::Exact => "exact",
        Fill::Partial => "partial",
    };
    let _ = writeln!(out, "\n[rules]\nfill = \"{fill}\"");
    for piece in pieces {
        out.push_str(&piece_toml(piece));
    }
    Ok(out)
}

/// A TOML basic string.
fn quoted(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

/// The `[board]` table's body.
fn board_toml(puzzle: &Puzzle) -> String {
    let board = &puzzle.board;
    let optional: Vec<Cell> = puzzle.optional.iter().map(|&i| board.cell(i)).collect();
    if board.origin().iter().all(|&v| v >= 0) {
        let mark = |c: Cell| match (board.index(c), optional.contains(&c)) {
            (None, _) => '.',
            (Some(_), true) => '?',
            (Some(_), false) => '#',
        };
        return format!("shape = \"\"\"\n{}\"\"\"\n", art(board.shape(), mark));
    }
    let list = |cells: &[Cell]| {
        let items: Vec<String> = cells
            .iter()
            .map(|c| format!("[{}, {}, {}]", c.x, c.y, c.z))
            .collect();
        format!("[{}]", items.join(", "))
    };
    let mut out = format!("cells = {}\n", list(board.cells()));
    if !optional.is_empty() {
        let _ = writeln!(out, "optional = {}", list(&optional));
    }
    out
}

/// A shape with non-negative coordinates as art from the origin, one
/// character per cell as `mark` says, layers separated by blank lines.
fn art(shape: &Shape, mark: impl Fn(Cell) -> char) -> String {
    let (_, hi) = shape.bounds().unwrap_or(([0; 3], [0; 3]));
    let mut out = String::new();
    for z in 0..=hi[2] {
        if z > 0 {
            out.push('\n');
        }
        for y in 0..=hi[1] {
            let row: String = (0..=hi[0]).map(|x| mark(Cell::new(x, y, z))).collect();
            out.push_str(&row);
            out.push('\n');
        }
    }
    out
}

/// One `[[piece]]` entry.
fn piece_toml(piece: &Piece) -> String {
    let mut out = format!("\n[[piece]]\nname = {}\n", quoted(&piece.name));
    if !piece.name.starts_with(piece.glyph) {
        let _ = writeln!(out, "glyph = {}", quoted(&piece.glyph.to_string()));
    }
    let count = piece.count;
    if count.is_fixed() {
        let _ = writeln!(out, "count = {}", count.min);
    } else {
        let _ = writeln!(out, "count = \"{}..{}\"", count.min, count.max);
    }
    let rotations = match piece.moves.rotations {
        Rotations::Space => "space",
        Rotations::Plane => "plane",
        Rotations::None => "none",
    };
    let _ = writeln!(out, "rotations = \"{rotations}\"");
    let _ = writeln!(out, "mirror = {}", piece.moves.mirror);
    let cells = piece.shape.cells();
    let _ = writeln!(
        out,
        "shape = \"\"\"\n{}\"\"\"",
        art(&piece.shape, |c| if cells.binary_search(&c).is_ok() {
            '#'
        } else {
            '.'
        })
    );
    out
}

/// The puzzle as BurrTools XML (version 2, cube grid): the board is shape
/// 0, the pieces follow in order; one problem. BurrTools turns pieces
/// freely in space and never mirrors them, so other moves are refused, as
/// are tiles.
pub fn xmpuzzle(puzzle: &Puzzle) -> Result<String, String> {
    let Kind::Pieces(pieces) = &puzzle.kind else {
        return Err("edge-matching tiles have no BurrTools form".into());
    };
    for piece in pieces {
        if piece.moves.rotations != Rotations::Space || piece.moves.mirror {
            return Err(format!(
                "piece {} has rotations = \"{:?}\"{}; BurrTools turns every piece freely in space and never mirrors it",
                piece.name,
                piece.moves.rotations,
                if piece.moves.mirror { " and mirror = true" } else { "" }
            )
            .to_lowercase());
        }
    }
    let board = &puzzle.board;
    let state = |i: u32| {
        if puzzle.must_cover(i) { '#' } else { '+' }
    };
    let colour = |i: u32| puzzle.colours.as_ref().map_or(0, |c| c.board[i as usize]);
    let mut out = String::from("<?xml version=\"1.0\"?>\n<puzzle version=\"2\">\n");
    out.push_str("  <gridType type=\"0\"/>\n");
    out.push_str(&colours_xml(puzzle));
    out.push_str("  <shapes>\n");
    let result: Vec<(Cell, char, u8)> = (0..board.len() as u32)
        .map(|i| (board.cell(i), state(i), colour(i)))
        .collect();
    out.push_str(&voxel_xml(Some("Result"), &result));
    for (p, piece) in pieces.iter().enumerate() {
        let colours = puzzle.colours.as_ref().map(|c| &c.pieces[p]);
        let cells: Vec<(Cell, char, u8)> = piece
            .shape
            .cells()
            .iter()
            .enumerate()
            .map(|(k, &c)| (c, '#', colours.map_or(0, |v| v[k])))
            .collect();
        out.push_str(&voxel_xml(Some(&piece.name), &cells));
    }
    out.push_str("  </shapes>\n");
    out.push_str(&problem_xml(puzzle, pieces));
    if let Some(d) = &puzzle.description {
        let _ = writeln!(out, "  <comment>{}</comment>", escape(d));
    }
    out.push_str("</puzzle>\n");
    Ok(out)
}

/// `<colors>`: as many entries as the highest colour used (grey shades:
/// BurrTools only shows them).
fn colours_xml(puzzle: &Puzzle) -> String {
    let Some(c) = &puzzle.colours else {
        return "  <colors/>\n".into();
    };
    let most = c
        .board
        .iter()
        .chain(c.pieces.iter().flatten())
        .chain(c.allowed.iter().flat_map(|(a, b)| [a, b]))
        .copied()
        .max()
        .unwrap_or(0);
    let mut out = String::from("  <colors>\n");
    for k in 0..most {
        let v = 60 + (u32::from(k) * 40) % 190;
        let _ = writeln!(out, "    <color red=\"{v}\" green=\"{v}\" blue=\"{v}\"/>");
    }
    out.push_str("  </colors>\n");
    out
}

/// One `<voxel>`: the cells' bounding box from the origin when every
/// coordinate is non-negative, from the smallest otherwise.
fn voxel_xml(name: Option<&str>, cells: &[(Cell, char, u8)]) -> String {
    let shape = Shape::new(cells.iter().map(|c| c.0).collect());
    let (lo, hi) = shape.bounds().unwrap_or(([0; 3], [0; 3]));
    let lo = lo.map(|v| v.min(0));
    let dims = [0, 1, 2].map(|a| hi[a] - lo[a] + 1);
    let at_cell: std::collections::HashMap<Cell, (char, u8)> =
        cells.iter().map(|&(c, state, k)| (c, (state, k))).collect();
    let mut text = String::new();
    for z in 0..dims[2] {
        for y in 0..dims[1] {
            for x in 0..dims[0] {
                let at = Cell::new(x + lo[0], y + lo[1], z + lo[2]);
                match at_cell.get(&at) {
                    Some(&(state, 0)) => text.push(state),
                    Some(&(state, k)) => {
                        let _ = write!(text, "{state}{k}");
                    }
                    None => text.push('_'),
                }
            }
        }
    }
    let name = name
        .map(|n| format!(" name=\"{}\"", escape(n)))
        .unwrap_or_default();
    format!(
        "    <voxel x=\"{}\" y=\"{}\" z=\"{}\"{name} type=\"0\">{text}</voxel>\n",
        dims[0], dims[1], dims[2]
    )
}

/// The one `<problem>`: pieces are shapes 1.., the result shape 0.
fn problem_xml(puzzle: &Puzzle, pieces: &[Piece]) -> String {
    let mut out = format!(
        "  <problems>\n    <problem name=\"{}\" state=\"0\">\n      <shapes>\n",
        escape(&puzzle.name)
    );
    for (p, piece) in pieces.iter().enumerate() {
        let Count { min, max } = piece.count;
        let count = if min == max {
            format!("count=\"{min}\"")
        } else {
            format!("min=\"{min}\" max=\"{max}\"")
        };
        let _ = writeln!(out, "        <shape id=\"{}\" {count}/>", p + 1);
    }
    out.push_str("      </shapes>\n      <result id=\"0\"/>\n");
    match &puzzle.colours {
        Some(c) if !c.allowed.is_empty() => {
            out.push_str("      <bitmap>\n");
            for (a, b) in &c.allowed {
                let _ = writeln!(
                    out,
                    "        <pair piece=\"{}\" result=\"{}\"/>",
                    a - 1,
                    b - 1
                );
            }
            out.push_str("      </bitmap>\n");
        }
        _ => out.push_str("      <bitmap/>\n"),
    }
    out.push_str("    </problem>\n  </problems>\n");
    out
}

/// Text for XML content and attribute values, without what XML 1.0
/// cannot hold ([`crate::clean::xml`]).
fn escape(s: &str) -> String {
    crate::clean::xml(s)
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
