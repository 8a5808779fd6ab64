//! Placements: every way a piece fits on the board.
//!
//! A placement is one orientation of one piece, translated so that all its
//! cells are board cells. Distinct orientations are distinct normalized
//! shapes, so no two placements of a piece cover the same cell set and no
//! de-duplication is needed. Each placement becomes one option of the
//! exact-cover instance and one boolean of the CNF.

use crate::error::Error;
use crate::geometry::{Board, Cell, Orientation, orientations};
use crate::puzzle::Puzzle;

/// More placements than this would not fit a CNF in memory anyway.
pub const MAX_PLACEMENTS: usize = 20_000_000;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    /// Index into `Puzzle::pieces`.
    pub piece: usize,
    /// Index into that piece's orientations.
    pub orientation: usize,
    /// Board cell indices, ascending.
    pub cells: Vec<u32>,
}

/// The orientations and placements of every piece of a puzzle.
#[derive(Clone, Debug)]
pub struct Placements {
    /// `orientations[p]` lists piece `p`'s distinct orientations that fit
    /// in the board's bounding box.
    pub orientations: Vec<Vec<Orientation>>,
    /// All placements, grouped by piece in piece order.
    pub all: Vec<Placement>,
    /// For an edge-matching puzzle, each tile's distinct looks (a tile
    /// placement's `orientation` indexes them, its one cell is the
    /// position); empty for packing puzzles.
    pub looks: Vec<Vec<crate::edges::Look>>,
}

impl Placements {
    pub fn generate(puzzle: &Puzzle) -> Result<Placements, Error> {
        if puzzle.tiling.is_some() {
            return crate::edges::placements(puzzle);
        }
        let board = &puzzle.board;
        let flat = board.is_flat();
        let mut all_orientations = Vec::with_capacity(puzzle.pieces.len());
        let mut all = Vec::new();
        for (p, piece) in puzzle.pieces.iter().enumerate() {
            let fitting: Vec<Orientation> = orientations(&piece.shape, piece.moves, flat)
                .into_iter()
                .filter(|o| fits_box(o, board))
                .collect();
            for (k, o) in fitting.iter().enumerate() {
                place(board, p, k, o, &mut all);
                if all.len() > MAX_PLACEMENTS {
                    return Err(Error::Usage(format!(
                        "{}: more than {MAX_PLACEMENTS} placements; the puzzle is too large for the placement encoding",
                        puzzle.name
                    )));
                }
            }
            all_orientations.push(fitting);
        }
        Ok(Placements {
            orientations: all_orientations,
            all,
            looks: Vec::new(),
        })
    }

    /// The placements of one piece.
    pub fn of_piece(&self, piece: usize) -> impl Iterator<Item = (usize, &Placement)> {
        self.all
            .iter()
            .enumerate()
            .filter(move |(_, pl)| pl.piece == piece)
    }

    pub fn count_for(&self, piece: usize) -> usize {
        self.of_piece(piece).count()
    }
}

fn fits_box(o: &Orientation, board: &Board) -> bool {
    let e = o.shape.extent();
    let b = board.extent();
    (0..3).all(|axis| e[axis] <= b[axis])
}

/// Every translate of `o` that lies on the board, by anchoring the
/// orientation's first cell on each board cell in turn.
fn place(
    board: &Board,
    piece: usize,
    orientation: usize,
    o: &Orientation,
    out: &mut Vec<Placement>,
) {
    let shape = o.shape.cells();
    let anchor = shape[0];
    for &target in board.cells() {
        let shift = Cell::new(
            target.x - anchor.x,
            target.y - anchor.y,
            target.z - anchor.z,
        );
        let mut cells = Vec::with_capacity(shape.len());
        for &c in shape {
            match board.index(c.offset(shift)) {
                Some(i) => cells.push(i),
                None => break,
            }
        }
        if cells.len() == shape.len() {
            // Board indices follow the sorted cell order, and translation
            // preserves it, so `cells` is already ascending.
            out.push(Placement {
                piece,
                orientation,
                cells,
            });
        }
    }
}
