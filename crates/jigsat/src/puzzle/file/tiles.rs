//! The `[[tile]]` puzzles of a file: an edge-matching board, the tiles'
//! edges, counts and fixed places, and the rules that apply to them.

use std::collections::HashMap;

use toml::Spanned;

use super::shape::shape_from;
use super::{RawPuzzle, RawRules, RawShape, RawTile, Source, board_within_box, unique_name};
use crate::error::InputError;
use crate::geometry::{Board, Cell, Lattice};
use crate::puzzle::{Fill, Fixed, Kind, Matching, Puzzle, Tile, Tiling};

/// Most cells an edge-matching board may have (Eternity II has 256).
pub const MAX_TILE_CELLS: usize = 10_000;

/// An edge-matching puzzle: a flat board and `[[tile]]` entries, checked
/// in the order the file reads — rules that do not apply, board, rules,
/// tiles — and then whether the tiles fill the board.
pub(super) fn build_tiles(
    src: &Source,
    raw: RawPuzzle,
    default_name: &str,
) -> Result<Puzzle, InputError> {
    reject_piece_rules(src, &raw.rules)?;
    let board_span = raw.board.span();
    let board = tile_board(src, raw.board)?;
    let matching = matching_from(src, &raw.rules.matching)?;
    let turns = turns_from(src, &raw.rules.rotations)?;
    let border = border_from(src, &raw.rules.border)?;
    let tiles = tiles_from(src, raw.tile, matching, border.as_deref(), &board, turns)?;
    let warnings = alike_warnings(src, &tiles, turns);
    let total: usize = tiles.iter().map(|t| t.count as usize).sum();
    if total != board.len() {
        return Err(src.error(
            Some(board_span),
            "board",
            format!(
                "the tiles cannot fill the board: {total} tiles for {} positions (every position takes one tile)",
                board.len()
            ),
        ));
    }
    Ok(Puzzle {
        name: raw.name.unwrap_or_else(|| default_name.to_string()),
        description: raw.description,
        source: raw.source,
        board,
        fill: Fill::Exact,
        optional: Vec::new(),
        colours: None,
        kind: Kind::Tiles(Tiling {
            tiles,
            matching,
            border,
            turns,
        }),
        warnings,
    })
}

/// `fill` and `mirror` are `[[piece]]` rules: tiles always fill the board
/// and never flip, so either one in a tile puzzle is a mistake.
fn reject_piece_rules(src: &Source, rules: &RawRules) -> Result<(), InputError> {
    for (key, given) in [
        ("fill", rules.fill.as_ref().map(|f| f.span())),
        ("mirror", rules.mirror.map(|_| 0..0)),
    ] {
        if given.is_some() {
            let span = given.filter(|s| !s.is_empty());
            return Err(src.error(
                span,
                &format!("rules.{key}"),
                format!(
                    "`{key}` is a rule for [[piece]] puzzles; tiles fill the board and never flip"
                ),
            ));
        }
    }
    Ok(())
}

/// The board of a tile puzzle: flat (tiles are squares with four edges),
/// at most [`MAX_TILE_CELLS`] positions, and a bounding box the board's
/// lookup can span (see [`board_within_box`]).
fn tile_board(src: &Source, raw: Spanned<RawShape>) -> Result<Board, InputError> {
    let board_span = raw.span();
    let raw = raw.into_inner();
    if let Some(list) = &raw.optional {
        return Err(src.error(
            Some(list.span()),
            "board.optional",
            "every position of an edge-matching board takes a tile; `optional` is for [[piece]] puzzles",
        ));
    }
    if let Some(g) = &raw.grid
        && g.get_ref() != "squares"
    {
        return Err(src.error(
            Some(g.span()),
            "board.grid",
            "edge-matching tiles are squares: the grid is \"squares\"",
        ));
    }
    let parts = raw.into_parts();
    let given = shape_from(src, "board", board_span.clone(), parts, Lattice::Cubic)?;
    if !given.shape.is_flat() {
        return Err(src.error(
            Some(board_span),
            "board",
            "an edge-matching board is flat: give `size = [width, height]`",
        ));
    }
    if given.shape.len() > MAX_TILE_CELLS {
        return Err(src.error(
            Some(board_span),
            "board",
            format!(
                "the board has {} cells; jigsat handles edge-matching boards of at most {MAX_TILE_CELLS}",
                given.shape.len()
            ),
        ));
    }
    board_within_box(src, given, Lattice::Cubic)
}

/// The `match` rule: "equal" (the default) or "complement".
fn matching_from(src: &Source, given: &Option<Spanned<String>>) -> Result<Matching, InputError> {
    let Some(m) = given else {
        return Ok(Matching::Equal);
    };
    match m.get_ref().as_str() {
        "equal" => Ok(Matching::Equal),
        "complement" => Ok(Matching::Complement),
        other => Err(src.error(
            Some(m.span()),
            "rules.match",
            format!("expected \"equal\" or \"complement\", not \"{other}\""),
        )),
    }
}

/// Whether tiles may turn: `rotations` is "plane" (the default) or
/// "none"; "space" would flip a tile, which tiles never do.
fn turns_from(src: &Source, given: &Option<Spanned<String>>) -> Result<bool, InputError> {
    let Some(r) = given else { return Ok(true) };
    match r.get_ref().as_str() {
        "plane" => Ok(true),
        "none" => Ok(false),
        other => Err(src.error(
            Some(r.span()),
            "rules.rotations",
            format!(
                "tiles turn in the board's plane: expected \"plane\" or \"none\", not \"{other}\""
            ),
        )),
    }
}

/// The `border` label, if any; an empty one could never be told from a
/// missing edge, so it is refused.
fn border_from(
    src: &Source,
    given: &Option<Spanned<String>>,
) -> Result<Option<String>, InputError> {
    match given {
        None => Ok(None),
        Some(b) if b.get_ref().trim().is_empty() => Err(src.error(
            Some(b.span()),
            "rules.border",
            "the border label must not be empty",
        )),
        Some(b) => Ok(Some(b.get_ref().clone())),
    }
}

/// The `[[tile]]` entries in file order, each with a unique name, four
/// well-formed edge labels (see [`tile_edges`]) and a count.
fn tiles_from(
    src: &Source,
    raw: Vec<Spanned<RawTile>>,
    matching: Matching,
    border: Option<&str>,
    board: &Board,
    turns: bool,
) -> Result<Vec<Tile>, InputError> {
    let mut tiles = Vec::with_capacity(raw.len());
    let mut names: HashMap<String, usize> = HashMap::new();
    let mut fixed_at: HashMap<Cell, usize> = HashMap::new();
    for (i, spanned) in raw.into_iter().enumerate() {
        let t = spanned.into_inner();
        let name = unique_name(src, "tile", i, &t.name, &mut names)?;
        let edges = tile_edges(src, i, &t.edges, matching, border)?;
        let count = tile_count(src, i, &t.count)?;
        let fixed = tile_fixed(src, i, &t, count, board, turns)?;
        if let (Some(f), Some(at)) = (&fixed, &t.at)
            && let Some(j) = fixed_at.insert(f.at, i)
        {
            return Err(src.error(
                Some(at.span()),
                &format!("tile[{i}].at"),
                format!(
                    "tile[{j}] is already fixed at [{}, {}]: one position takes one tile",
                    f.at.x, f.at.y
                ),
            ));
        }
        tiles.push(Tile {
            name,
            edges,
            count,
            fixed,
        });
    }
    Ok(tiles)
}

/// Tile `i`'s fixed place, when it has `at = [x, y]` (and optionally
/// `rotation = r`): a position on the board, a single copy, and a turn
/// the rules allow. `rotation` alone fixes nothing and is refused.
fn tile_fixed(
    src: &Source,
    i: usize,
    t: &RawTile,
    count: u32,
    board: &Board,
    turns: bool,
) -> Result<Option<Fixed>, InputError> {
    let Some(at) = &t.at else {
        return match &t.rotation {
            None => Ok(None),
            Some(r) => Err(src.error(
                Some(r.span()),
                &format!("tile[{i}].rotation"),
                "`rotation` fixes a tile's turn together with `at = [x, y]`; give both",
            )),
        };
    };
    let field = format!("tile[{i}].at");
    let cell = match at.get_ref().as_slice() {
        &[x, y]
            if (0..=i64::from(i32::MAX)).contains(&x) && (0..=i64::from(i32::MAX)).contains(&y) =>
        {
            Cell::new(x as i32, y as i32, 0)
        }
        _ => {
            return Err(src.error(
                Some(at.span()),
                &field,
                "expected a position [x, y] of two whole numbers from 0",
            ));
        }
    };
    if board.index(cell).is_none() {
        return Err(src.error(
            Some(at.span()),
            &field,
            format!(
                "[{}, {}] is not a position of the board (x from 0 across, y from 0 down)",
                cell.x, cell.y
            ),
        ));
    }
    if count != 1 {
        return Err(src.error(
            Some(at.span()),
            &field,
            format!("a fixed tile is one tile, but this one has count = {count}: list the fixed copy as its own [[tile]]"),
        ));
    }
    let rotation = match &t.rotation {
        None => 0,
        Some(r) if (0..4).contains(r.get_ref()) && (turns || *r.get_ref() == 0) => {
            *r.get_ref() as u8
        }
        Some(r) => {
            return Err(src.error(
                Some(r.span()),
                &format!("tile[{i}].rotation"),
                if turns {
                    format!("expected quarter turns clockwise 0, 1, 2 or 3, not {}", r.get_ref())
                } else {
                    "under rotations = \"none\" tiles keep the turn they are listed in: rotation must be 0".to_string()
                },
            ));
        }
    };
    Ok(Some(Fixed { at: cell, rotation }))
}

/// Tile `i`'s edges: exactly four labels (top, right, bottom, left), none
/// empty or padded with spaces (they are compared as written), and under
/// `match = "complement"` each a name ending in '+' or '-' — except the
/// border label, which matches the frame, not another tile.
fn tile_edges(
    src: &Source,
    i: usize,
    edges: &Spanned<Vec<String>>,
    matching: Matching,
    border: Option<&str>,
) -> Result<[String; 4], InputError> {
    let list = edges.get_ref();
    if list.len() != 4 {
        return Err(src.error(
            Some(edges.span()),
            &format!("tile[{i}].edges"),
            format!(
                "expected four labels (top, right, bottom, left), not {}",
                list.len()
            ),
        ));
    }
    for (k, label) in list.iter().enumerate() {
        if label.trim().is_empty() || label.trim() != label {
            return Err(src.error(
                Some(edges.span()),
                &format!("tile[{i}].edges[{k}]"),
                "an edge label must be non-empty, without leading or trailing spaces",
            ));
        }
        let stem = label.strip_suffix(['+', '-']);
        if matching == Matching::Complement
            && border != Some(label.as_str())
            && stem.is_none_or(str::is_empty)
        {
            return Err(src.error(
                Some(edges.span()),
                &format!("tile[{i}].edges[{k}]"),
                format!(
                    "under match = \"complement\" a label ends in '+' or '-' after a name (like \"lion+\"), not \"{label}\""
                ),
            ));
        }
    }
    Ok([0, 1, 2, 3].map(|k| list[k].clone()))
}

/// Tile `i`'s count: 1 by default, at most [`MAX_TILE_CELLS`] (more
/// copies than any board has positions).
fn tile_count(src: &Source, i: usize, count: &Option<Spanned<i64>>) -> Result<u32, InputError> {
    match count {
        None => Ok(1),
        Some(c) if (1..=MAX_TILE_CELLS as i64).contains(c.get_ref()) => Ok(*c.get_ref() as u32),
        Some(c) => Err(src.error(
            Some(c.span()),
            &format!("tile[{i}].count"),
            format!(
                "a tile's count is a whole number of copies from 1 to {MAX_TILE_CELLS}, not {}",
                c.get_ref()
            ),
        )),
    }
}

/// Two entries that look alike are one tile listed twice: solutions
/// swapping them would count as different. Allowed, but worth a word.
fn alike_warnings(src: &Source, tiles: &[Tile], turns: bool) -> Vec<String> {
    let turns = if turns { 4 } else { 1 };
    let mut warnings = Vec::new();
    // A clue cannot swap with its twin, so it is listed apart by necessity.
    for (j, b) in tiles.iter().enumerate().filter(|(_, b)| b.fixed.is_none()) {
        if let Some(a) = tiles[..j]
            .iter()
            .filter(|a| a.fixed.is_none())
            .find(|a| (0..turns).any(|r| crate::geometry::square::turned(&a.edges, r) == b.edges))
        {
            warnings.push(format!(
                "{}: tiles \"{}\" and \"{}\" look alike; solutions that swap them count as different (give one entry with a count instead)",
                src.file, a.name, b.name
            ));
        }
    }
    warnings
}
