//! A solution as pieces and cells, and the check that trusts nothing
//! upstream.
//!
//! [`check`] is written from the puzzle alone — the board, the pieces'
//! shapes, their allowed moves and counts — never from placements, the
//! cover or the CNF. A bug anywhere in the pipeline (a wrong orientation,
//! a missing clause, a mis-decoded model) therefore shows up here as a
//! failed check instead of a wrong drawing.

use std::collections::HashMap;

use crate::geometry::Cell;
use crate::geometry::square::{DIRECTION_NAMES, neighbour, turned};
use crate::puzzle::burrtools::XmFile;
use crate::puzzle::{Kind, Piece, Puzzle, Tile, Tiling};

mod placements;

pub use placements::{Placements, Scratch};

/// One piece lying on the board.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct PlacedPiece {
    /// Index into `Puzzle::pieces`.
    pub piece: usize,
    /// The cells it covers, ascending.
    pub cells: Vec<Cell>,
}

/// One tile lying on an edge-matching board.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct PlacedTile {
    /// Index into the puzzle's tiles.
    pub tile: usize,
    pub at: Cell,
    /// Quarter turns clockwise from the edges as listed.
    pub rotation: u8,
    /// The labels as they lie: top, right, bottom, left.
    pub edges: [String; 4],
}

/// What lies on the board: the pieces of a packing or the tiles of an
/// edge-matching board, never both. Copies of a piece are
/// interchangeable, so the pieces are kept sorted: two equal solutions
/// compare equal. Tiles are kept in board order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Solution {
    /// A packing: each piece with the cells it covers.
    Pieces(Vec<PlacedPiece>),
    /// An edge-matching board: each tile with its cell and turn.
    Tiles(Vec<PlacedTile>),
}

impl Solution {
    /// A packing solution, in a canonical order (cells sorted, pieces
    /// sorted), so that two equal solutions compare equal.
    pub fn new(mut pieces: Vec<PlacedPiece>) -> Solution {
        pieces.iter_mut().for_each(|p| p.cells.sort_unstable());
        pieces.sort_unstable();
        Solution::Pieces(pieces)
    }

    /// An edge-matching solution; tiles are kept in board order (row by
    /// row, as `Cell` orders them).
    pub fn of_tiles(mut tiles: Vec<PlacedTile>) -> Solution {
        tiles.sort_unstable_by_key(|t| (t.at.z, t.at.y, t.at.x));
        Solution::Tiles(tiles)
    }

    /// The pieces placed: none on an edge-matching board, whose solution
    /// is its tiles.
    pub fn pieces(&self) -> &[PlacedPiece] {
        match self {
            Solution::Pieces(pieces) => pieces,
            Solution::Tiles(_) => &[],
        }
    }

    /// The tiles placed: none in a packing.
    pub fn tiles(&self) -> &[PlacedTile] {
        match self {
            Solution::Pieces(_) => &[],
            Solution::Tiles(tiles) => tiles,
        }
    }

    /// The placed piece (its index in `pieces`) covering each covered cell.
    pub fn owners(&self) -> HashMap<Cell, usize> {
        let mut owner = HashMap::new();
        for (k, placed) in self.pieces().iter().enumerate() {
            for &c in &placed.cells {
                owner.insert(c, k);
            }
        }
        owner
    }
}

/// `solution` once it has passed [`check`]. `who` names the engine or
/// solver that produced it: a solution that fails the check is a bug
/// somewhere in jigsat, never an answer, and this is the one place that
/// says so.
pub fn checked(puzzle: &Puzzle, solution: Solution, who: &str) -> crate::error::Result<Solution> {
    check(puzzle, &solution).map_err(|e| failed(who, &e))?;
    Ok(solution)
}

/// Verifies a solution against the puzzle's rules; the error says which
/// rule is broken and where.
pub fn check(puzzle: &Puzzle, solution: &Solution) -> Result<(), String> {
    match &puzzle.kind {
        Kind::Pieces(pieces) => check_pieces(puzzle, pieces, solution),
        Kind::Tiles(tiling) => check_tiles(puzzle, tiling, solution),
    }
}

/// The packing rules, from the puzzle alone: every piece on the board,
/// no overlaps, no two pieces running straight through one grid point
/// (sticks), each piece's cells congruent to its shape under its allowed
/// moves, the counts kept, and every cell covered on an exact fill.
fn check_pieces(puzzle: &Puzzle, pieces: &[Piece], solution: &Solution) -> Result<(), String> {
    let Solution::Pieces(placed_pieces) = solution else {
        return Err("a packing solution holds pieces, not tiles".into());
    };
    let board = &puzzle.board;
    let mut owner: HashMap<Cell, usize> = HashMap::new();
    let mut through: HashMap<Cell, usize> = HashMap::new();
    let mut used = vec![0u32; pieces.len()];
    for (k, placed) in placed_pieces.iter().enumerate() {
        let piece = pieces.get(placed.piece).ok_or_else(|| {
            format!(
                "solution names piece #{} but the puzzle has {}",
                placed.piece,
                pieces.len()
            )
        })?;
        used[placed.piece] += 1;
        check_placed(puzzle, piece, placed)?;
        for &c in &placed.cells {
            if let Some(&other) = owner.get(&c) {
                let other = &pieces[placed_pieces[other].piece].name;
                return Err(format!("pieces {other} and {} overlap at {c}", piece.name));
            }
            owner.insert(c, k);
        }
        // Only a board with crossing points (sticks) can see a crossing:
        // the others skip sorting a copy of every piece's cells.
        if board.crossings().is_empty() {
            continue;
        }
        let mut cells = placed.cells.clone();
        cells.sort_unstable();
        for p in board.lattice().crossings(&cells) {
            if let Some(&other) = through.get(&p) {
                let other = &pieces[placed_pieces[other].piece].name;
                return Err(format!(
                    "pieces {other} and {} cross at grid point ({}, {})",
                    piece.name,
                    p.x / 2,
                    p.y / 2
                ));
            }
            through.insert(p, k);
        }
    }
    for (piece, &n) in pieces.iter().zip(&used) {
        if n < piece.count.min || n > piece.count.max {
            return Err(format!(
                "piece {} is used {n} times, but its count is {}",
                piece.name, piece.count
            ));
        }
    }
    if let Some(c) = (0..board.len() as u32)
        .filter(|&i| puzzle.must_cover(i))
        .map(|i| board.cell(i))
        .find(|c| !owner.contains_key(c))
    {
        return Err(format!("board cell {c} is not covered"));
    }
    Ok(())
}

/// One piece's own rules, from the puzzle alone: its cells on the board,
/// none listed twice, congruent to its shape under its allowed moves, on
/// colours its cells may take.
fn check_placed(puzzle: &Puzzle, piece: &Piece, placed: &PlacedPiece) -> Result<(), String> {
    let board = &puzzle.board;
    if let Some(c) = placed.cells.iter().find(|&&c| board.index(c).is_none()) {
        return Err(format!(
            "piece {} covers {c}, which is not on the board",
            piece.name
        ));
    }
    let shape = board.lattice().normalize(placed.cells.clone());
    if shape.len() != placed.cells.len() {
        return Err(format!("piece {} lists a cell twice", piece.name));
    }
    if !piece.takes_shape(&shape, board.space()) {
        return Err(format!(
            "the cells given for piece {} are not its shape under the allowed moves",
            piece.name
        ));
    }
    if let Some(colours) = &puzzle.colours
        && colours
            .fitting(board, placed.piece, piece, &placed.cells)
            .is_empty()
    {
        return Err(format!(
            "piece {} lies on cells whose colours its cells may not take",
            piece.name
        ));
    }
    Ok(())
}

/// The error of a solution that fails its check: a bug somewhere in
/// jigsat, never an answer. `who` names the engine or solver.
pub fn failed(who: &str, why: &str) -> crate::error::Error {
    crate::error::Error::Bug(format!(
        "{who} produced a solution that fails the check: {why}"
    ))
}

/// The edge-matching rules, from the puzzle alone: one tile per position,
/// each tile used its count, each tile's edges a turn of its listed edges
/// (no turn under `rotations = "none"`), every pair of touching edges
/// matching, and the border label on every frame edge and no inner one.
fn check_tiles(puzzle: &Puzzle, tiling: &Tiling, solution: &Solution) -> Result<(), String> {
    let board = &puzzle.board;
    let Solution::Tiles(placed_tiles) = solution else {
        return Err("an edge-matching solution holds tiles, not pieces".into());
    };
    let mut at: HashMap<Cell, usize> = HashMap::new();
    let mut used = vec![0u32; tiling.tiles.len()];
    for (k, placed) in placed_tiles.iter().enumerate() {
        let tile = listed_tile(tiling, placed)?;
        used[placed.tile] += 1;
        if board.index(placed.at).is_none() {
            return Err(format!(
                "tile {} lies at {}, which is not on the board",
                tile.name, placed.at
            ));
        }
        if at.insert(placed.at, k).is_some() {
            return Err(format!("two tiles lie at {}", placed.at));
        }
        check_turn(tiling, tile, placed)?;
    }
    check_tile_counts(tiling, &used)?;
    if let Some(c) = board.cells().iter().find(|c| !at.contains_key(c)) {
        return Err(format!("no tile lies at {c}"));
    }
    for placed in placed_tiles {
        for d in 0..DIRECTION_NAMES.len() {
            check_edge(tiling, placed_tiles, &at, placed, d)?;
        }
    }
    Ok(())
}

/// The puzzle's tile that `placed` is a copy of. A solution may come from
/// outside (`decode`), so the index is not trusted.
fn listed_tile<'a>(tiling: &'a Tiling, placed: &PlacedTile) -> Result<&'a Tile, String> {
    tiling.tiles.get(placed.tile).ok_or_else(|| {
        format!(
            "solution names tile #{} but the puzzle has {}",
            placed.tile,
            tiling.tiles.len()
        )
    })
}

/// A turn the rules allow, and the edges shown are the tile's listed edges
/// under that turn.
fn check_turn(tiling: &Tiling, tile: &Tile, placed: &PlacedTile) -> Result<(), String> {
    let r = placed.rotation as usize;
    if r > 3 || (!tiling.turns && r != 0) {
        return Err(format!(
            "tile {} is turned {r} quarter turns, which the rules do not allow",
            tile.name
        ));
    }
    if turned(&tile.edges, placed.rotation) != placed.edges {
        return Err(format!(
            "tile {} at {} shows {:?}, which is not its edges {:?} turned {r} times",
            tile.name, placed.at, placed.edges, tile.edges
        ));
    }
    if let Some(f) = tile.fixed
        && (placed.at != f.at || placed.edges != turned(&tile.edges, f.rotation))
    {
        return Err(format!(
            "tile {} is fixed at {} turned {}, but lies at {} turned {r}",
            tile.name, f.at, f.rotation, placed.at
        ));
    }
    Ok(())
}

/// Every tile used exactly as many times as it has copies.
fn check_tile_counts(tiling: &Tiling, used: &[u32]) -> Result<(), String> {
    for (tile, &n) in tiling.tiles.iter().zip(used) {
        if n != tile.count {
            return Err(format!(
                "tile {} is used {n} times, but its count is {}",
                tile.name, tile.count
            ));
        }
    }
    Ok(())
}

/// Edge `d` of a placed tile: facing the frame it carries the border label
/// (when the puzzle has one); facing a neighbour (`at` maps positions to
/// indices into `solution.tiles`) it is no border label and matches the
/// neighbour's edge across it.
fn check_edge(
    tiling: &Tiling,
    tiles: &[PlacedTile],
    at: &HashMap<Cell, usize>,
    placed: &PlacedTile,
    d: usize,
) -> Result<(), String> {
    let name = &tiling.tiles[placed.tile].name;
    let side = DIRECTION_NAMES[d];
    let next = neighbour(placed.at, d);
    let label = &placed.edges[d];
    let Some(&k) = at.get(&next) else {
        return match &tiling.border {
            Some(b) if label != b => Err(format!(
                "tile {name} at {} has {label} on its {} edge, which faces the frame and must be {b}",
                placed.at, side
            )),
            _ => Ok(()),
        };
    };
    if tiling.border.as_ref() == Some(label) {
        return Err(format!(
            "tile {name} at {} has the border label {label} on an inner edge",
            placed.at
        ));
    }
    let other = &tiles[k].edges[(d + 2) % 4];
    if tiling.matching.partner(label) != *other {
        return Err(format!(
            "tile {name} at {} shows {label} on its {} edge, but its neighbour at {next} shows {other}",
            placed.at, side
        ));
    }
    Ok(())
}

/// The assemblies stored with problem `choice` of a BurrTools file, as
/// solutions of its puzzle (`puzzle` as [`XmFile::puzzle`] made it), each
/// checked. A stored assembly that does not fit the problem, or does not
/// fill it, is refused with its number.
pub fn stored(
    file: &XmFile,
    choice: Option<&str>,
    puzzle: &Puzzle,
) -> Result<Vec<Solution>, crate::error::InputError> {
    let (assemblies, fail) = file.stored_assemblies(choice)?;
    assemblies
        .into_iter()
        .enumerate()
        .map(|(k, placed)| {
            let solution = Solution::new(
                placed
                    .into_iter()
                    .map(|(piece, cells)| PlacedPiece { piece, cells })
                    .collect(),
            );
            check(puzzle, &solution).map_err(|why| fail(k, why))?;
            Ok(solution)
        })
        .collect()
}
