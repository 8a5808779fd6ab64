//! Writing a puzzle back out, for `jigsat convert`: as jigsat TOML or as
//! BurrTools XML. Each writer refuses, with the reason, what its format
//! cannot say, so a conversion never produces a different puzzle.

use std::fmt::Write as _;

use super::burrtools::Grid;
use super::{Count, Fill, Kind, Piece, Puzzle};
use crate::geometry::{Cell, Lattice, Moves, Rotations, Shape, Space, orientations};

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
    let lattice = puzzle.board.lattice();
    if !Lattice::NAMES.iter().any(|&(_, l)| l == lattice) {
        return Err(format!(
            "the puzzle is on {}, which jigsat TOML has no grid for",
            lattice.name()
        ));
    }
    if lattice != Lattice::Cubic {
        let _ = writeln!(out, "grid = \"{}\"", lattice.name());
    }
    out.push_str(&board_toml(puzzle));
    let fill = match puzzle.fill {
        Fill::Exact => "exact",
        Fill::Partial => "partial",
    };
    let _ = writeln!(out, "\n[rules]\nfill = \"{fill}\"");
    for piece in pieces {
        out.push_str(&piece_toml(piece, lattice));
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
    let lattice = board.lattice();
    if board.origin().iter().all(|&v| v >= 0) && lattice.drawn_as_art() {
        let mark = |c: Cell| match (board.index(c), optional.contains(&c)) {
            (None, _) => '.',
            (Some(_), true) => '?',
            (Some(_), false) => '#',
        };
        return format!("shape = \"\"\"\n{}\"\"\"\n", art(board.shape(), mark));
    }
    let mut out = format!("cells = {}\n", cell_list(lattice, board.cells()));
    if !optional.is_empty() {
        let _ = writeln!(out, "optional = {}", cell_list(lattice, &optional));
    }
    out
}

/// `[[x, y, z], ...]`, each cell in the file's coordinates on `lattice`.
fn cell_list(lattice: Lattice, cells: &[Cell]) -> String {
    let items: Vec<String> = cells
        .iter()
        .map(|&c| {
            let v: Vec<String> = lattice.coords(c).iter().map(i32::to_string).collect();
            format!("[{}]", v.join(", "))
        })
        .collect();
    format!("[{}]", items.join(", "))
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

/// One `[[piece]]` entry: its shape as art on the cubic lattice, as a
/// list of cells on a flat grid.
fn piece_toml(piece: &Piece, lattice: Lattice) -> String {
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
    if !lattice.drawn_as_art() {
        let _ = writeln!(out, "cells = {}", cell_list(lattice, cells));
        return out;
    }
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
    xmpuzzle_with(puzzle, &[], None, None)
}

/// One assembly to store with the problem, and its disassembly when it
/// comes apart (moves of the assembly's pieces, by their index in
/// `placed`).
#[derive(Clone, Debug)]
pub struct Stored {
    /// The assembly, checked by the caller: each piece placed, as its
    /// index among the puzzle's pieces and its cells.
    pub placed: Vec<(usize, Vec<Cell>)>,
    /// How it comes apart; `None` when it does not.
    pub taken: Option<super::stored::Taken>,
}

/// [`xmpuzzle`] with solutions stored in the problem as BurrTools stores
/// them (`<assembly>`, and `<separation>` for those that come apart; see
/// [`super::stored`]); `totals`, when the list is complete, the numbers
/// of assemblies and of those that come apart (the problem's `assemblies`
/// and `solutions`, state "solved"). A piece placed mirrored has no
/// BurrTools turn and is refused. `groups`: per piece, its BurrTools
/// group and weight (from the .xmpuzzle read), which BurrTools needs to
/// take the solutions apart as jigsat did.
pub fn xmpuzzle_with(
    puzzle: &Puzzle,
    solutions: &[Stored],
    totals: Option<(u64, u64)>,
    groups: Option<&[(u32, u32)]>,
) -> Result<String, String> {
    let Kind::Pieces(pieces) = &puzzle.kind else {
        return Err("edge-matching tiles have no BurrTools form".into());
    };
    let lattice = puzzle.board.lattice();
    let Some(grid) = Grid::on(lattice) else {
        return Err(format!(
            "the puzzle is on {}, which BurrTools has no grid for",
            lattice.name()
        ));
    };
    if grid != Grid::Cubes && !solutions.is_empty() {
        return Err(format!(
            "jigsat stores solutions on BurrTools' cube grid only, not on {}",
            lattice.name()
        ));
    }
    turns_as_burrtools(grid, pieces, puzzle.board.space())?;
    let board = &puzzle.board;
    let state = |i: u32| {
        if puzzle.must_cover(i) { '#' } else { '+' }
    };
    let colour = |i: u32| puzzle.colours.as_ref().map_or(0, |c| c.board[i as usize]);
    let mut out = String::from("<?xml version=\"1.0\"?>\n<puzzle version=\"2\">\n");
    let _ = writeln!(out, "  <gridType type=\"{}\"/>", grid.kind());
    let voxel = |c: Cell| grid.voxel(c);
    out.push_str(&colours_xml(puzzle));
    out.push_str("  <shapes>\n");
    let result: Vec<(Cell, char, u8)> = (0..board.len() as u32)
        .map(|i| (voxel(board.cell(i)), state(i), colour(i)))
        .collect();
    out.push_str(&voxel_xml(grid, Some("Result"), &result));
    for (p, piece) in pieces.iter().enumerate() {
        let colours = puzzle.colours.as_ref().map(|c| &c.pieces[p]);
        let cells: Vec<(Cell, char, u8)> = piece
            .shape
            .cells()
            .iter()
            .enumerate()
            .map(|(k, &c)| (voxel(c), '#', colours.map_or(0, |v| v[k])))
            .collect();
        let mut xml = voxel_xml(grid, Some(&piece.name), &cells);
        if let Some(&(_, weight)) = groups.and_then(|g| g.get(p)).filter(|g| g.1 != 1) {
            xml = xml.replacen("<voxel ", &format!("<voxel weight=\"{weight}\" "), 1);
        }
        out.push_str(&xml);
    }
    out.push_str("  </shapes>\n");
    let stored = solutions_xml(puzzle, pieces, solutions)?;
    out.push_str(&problem_xml(puzzle, pieces, &stored, totals, groups));
    if let Some(d) = &puzzle.description {
        let _ = writeln!(out, "  <comment>{}</comment>", escape(d));
    }
    out.push_str("</puzzle>\n");
    Ok(out)
}

/// Refuses a piece whose turns BurrTools would not give it: BurrTools
/// turns every piece freely in space and never mirrors it, except that
/// on the sphere grid a flat piece turns over as if mirrored.
fn turns_as_burrtools(grid: Grid, pieces: &[Piece], space: Space) -> Result<(), String> {
    for piece in pieces {
        // BurrTools turns a flat piece on the sphere grid over as if
        // mirrored: one that may not be mirrored must gain nothing by it.
        let flat = grid.turns_over(piece.shape.cells());
        let ways = |moves: Moves| orientations(&piece.shape, moves, space).len();
        let mirrored = Moves {
            mirror: true,
            ..piece.moves
        };
        let turning = piece.moves.rotations == Rotations::Space && !piece.moves.mirror;
        if flat && turning && ways(mirrored) != ways(piece.moves) {
            return Err(format!(
                "piece {} lies in one plane, which BurrTools' sphere grid turns over as if mirrored: give it mirror = true",
                piece.name
            ));
        }
        if piece.moves.rotations != Rotations::Space || (piece.moves.mirror && !flat) {
            return Err(format!(
                "piece {} has rotations = \"{:?}\"{}; BurrTools turns every piece freely in space and never mirrors it",
                piece.name,
                piece.moves.rotations,
                if piece.moves.mirror { " and mirror = true" } else { "" }
            )
            .to_lowercase());
        }
    }
    Ok(())
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

/// One `<voxel>` of `grid`'s voxels: the cells' bounding box from the
/// origin when every coordinate is non-negative, from the smallest
/// otherwise, moved as [`Grid::box_origin`] says so that BurrTools reads
/// the same cells.
fn voxel_xml(grid: Grid, name: Option<&str>, cells: &[(Cell, char, u8)]) -> String {
    let shape = Shape::new(cells.iter().map(|c| c.0).collect());
    let (lo, hi) = shape.bounds().unwrap_or(([0; 3], [0; 3]));
    let lo = grid.box_origin(lo);
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

/// The lowest corner [`voxel_xml`] puts at the origin of its grid.
fn grid_origin(cells: &[Cell]) -> [i32; 3] {
    let shape = Shape::new(cells.to_vec());
    let (lo, _) = shape.bounds().unwrap_or(([0; 3], [0; 3]));
    lo.map(|v| v.min(0))
}

/// Each piece's cells on the grid [`voxel_xml`] writes it on (its
/// lowest corner at [`grid_origin`]), where BurrTools' positions count
/// from.
fn piece_voxels(pieces: &[Piece]) -> Vec<Vec<[i32; 3]>> {
    pieces
        .iter()
        .map(|p| {
            let lo = grid_origin(p.shape.cells());
            p.shape
                .cells()
                .iter()
                .map(|c| {
                    let v = c.coords();
                    [v[0] - lo[0], v[1] - lo[1], v[2] - lo[2]]
                })
                .collect()
        })
        .collect()
}

/// `<solutions>` for the problem (empty when there are none).
fn solutions_xml(
    puzzle: &Puzzle,
    pieces: &[Piece],
    solutions: &[Stored],
) -> Result<String, String> {
    if solutions.is_empty() {
        return Ok(String::new());
    }
    let board: Vec<Cell> = (0..puzzle.board.len() as u32)
        .map(|i| puzzle.board.cell(i))
        .collect();
    let origin = grid_origin(&board);
    let voxels = piece_voxels(pieces);
    // Instances in part order, each part padded to its max.
    let mut first = Vec::with_capacity(pieces.len());
    let mut total = 0usize;
    for p in pieces {
        first.push(total);
        total += p.count.max as usize;
    }
    let ranges = pieces.iter().any(|p| p.count.min != p.count.max);
    let mut out = String::from("      <solutions>\n");
    for (k, stored) in solutions.iter().enumerate() {
        let mut slots: Vec<Option<[i32; 4]>> = vec![None; total];
        let mut at = vec![[0; 3]; total];
        let mut instance = Vec::new();
        let mut copies = vec![0usize; pieces.len()];
        for (p, placed_cells) in &stored.placed {
            let p = *p;
            let i = first[p] + copies[p];
            copies[p] += 1;
            let cells: Vec<[i32; 3]> = placed_cells
                .iter()
                .map(|c| {
                    let v = c.coords();
                    [v[0] - origin[0], v[1] - origin[1], v[2] - origin[2]]
                })
                .collect();
            let (pos, t) = super::stored::find_turn(&voxels[p], &cells).ok_or_else(|| {
                format!(
                    "solution {}: piece {} lies mirrored, which BurrTools cannot store",
                    k + 1,
                    pieces[p].name
                )
            })?;
            slots[i] = Some([pos[0], pos[1], pos[2], t as i32]);
            at[i] = pos;
            instance.push(i);
        }
        let words: Vec<String> = slots
            .iter()
            .map(|s| match s {
                Some([x, y, z, t]) => format!("{x} {y} {z} {t}"),
                None => "x".into(),
            })
            .collect();
        out.push_str("        <solution>\n");
        let _ = writeln!(out, "          <assembly>{}</assembly>", words.join(" "));
        // With count ranges the pieces a separation names could be counted
        // with or without the unplaced ones: no example file shows which,
        // so only the assembly is written.
        if let Some(taken) = stored.taken.as_ref().filter(|_| !ranges) {
            let renamed = rename(taken, &instance);
            super::stored::separation_xml(&renamed, None, &mut at, 10, &mut out);
        }
        out.push_str("        </solution>\n");
    }
    out.push_str("      </solutions>\n");
    Ok(out)
}

/// A disassembly in the solution's piece indices, renamed to assembly
/// instances.
fn rename(taken: &super::stored::Taken, instance: &[usize]) -> super::stored::Taken {
    let map = |v: &[usize]| v.iter().map(|&b| instance[b]).collect::<Vec<_>>();
    super::stored::Taken {
        pieces: map(&taken.pieces),
        moves: taken.moves.iter().map(|(ps, by)| (map(ps), *by)).collect(),
        removed: taken
            .removed
            .as_ref()
            .map(|t| Box::new(rename(t, instance))),
        left: taken.left.as_ref().map(|t| Box::new(rename(t, instance))),
    }
}

/// The one `<problem>`: pieces are shapes 1.., the result shape 0; the
/// stored solutions (XML) and their totals when complete.
fn problem_xml(
    puzzle: &Puzzle,
    pieces: &[Piece],
    solutions: &str,
    totals: Option<(u64, u64)>,
    groups: Option<&[(u32, u32)]>,
) -> String {
    let state = match totals {
        Some((a, s)) => format!("state=\"2\" assemblies=\"{a}\" solutions=\"{s}\""),
        None => "state=\"0\"".into(),
    };
    let mut out = format!(
        "  <problems>\n    <problem name=\"{}\" {state}>\n      <shapes>\n",
        escape(&puzzle.name)
    );
    for (p, piece) in pieces.iter().enumerate() {
        let Count { min, max } = piece.count;
        let count = if min == max {
            format!("count=\"{min}\"")
        } else {
            format!("min=\"{min}\" max=\"{max}\"")
        };
        let group = match groups.and_then(|g| g.get(p)) {
            Some(&(g, _)) if g != 0 => format!(" group=\"{g}\""),
            _ => String::new(),
        };
        let _ = writeln!(out, "        <shape id=\"{}\" {count}{group}/>", p + 1);
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
    out.push_str(solutions);
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
