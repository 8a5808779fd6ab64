//! A solution as pieces and cells, and the check that trusts nothing
//! upstream.
//!
//! [`check`] is written from the puzzle alone — the board, the pieces'
//! shapes, their allowed moves and counts — never from placements, the
//! cover or the CNF. A bug anywhere in the pipeline (a wrong orientation,
//! a missing clause, a mis-decoded model) therefore shows up here as a
//! failed check instead of a wrong drawing.

use std::collections::HashMap;

use crate::geometry::{Board, Cell, Shape};
use crate::placement::Placements;
use crate::puzzle::{Fill, Puzzle};

/// One piece lying on the board.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct PlacedPiece {
    /// Index into `Puzzle::pieces`.
    pub piece: usize,
    /// The cells it covers, ascending.
    pub cells: Vec<Cell>,
}

/// What lies on the board. Copies of a piece are interchangeable, so the
/// pieces are kept sorted: two equal solutions compare equal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    pub pieces: Vec<PlacedPiece>,
}

impl Solution {
    pub fn new(mut pieces: Vec<PlacedPiece>) -> Solution {
        pieces.iter_mut().for_each(|p| p.cells.sort_unstable());
        pieces.sort_unstable();
        Solution { pieces }
    }

    /// The solution made of the chosen placements.
    pub fn from_placements(board: &Board, placements: &Placements, chosen: &[usize]) -> Solution {
        Solution::new(
            chosen
                .iter()
                .map(|&i| {
                    let pl = &placements.all[i];
                    PlacedPiece {
                        piece: pl.piece,
                        cells: pl.cells.iter().map(|&c| board.cell(c)).collect(),
                    }
                })
                .collect(),
        )
    }
}

/// Verifies a solution against the puzzle's rules; the error says which
/// rule is broken and where.
pub fn check(puzzle: &Puzzle, solution: &Solution) -> Result<(), String> {
    let board = &puzzle.board;
    let flat = board.is_flat();
    let mut owner: HashMap<Cell, usize> = HashMap::new();
    let mut used = vec![0u32; puzzle.pieces.len()];
    for (k, placed) in solution.pieces.iter().enumerate() {
        let piece = puzzle.pieces.get(placed.piece).ok_or_else(|| {
            format!(
                "solution names piece #{} but the puzzle has {}",
                placed.piece,
                puzzle.pieces.len()
            )
        })?;
        used[placed.piece] += 1;
        for &c in &placed.cells {
            if board.index(c).is_none() {
                return Err(format!(
                    "piece {} covers {c}, which is not on the board",
                    piece.name
                ));
            }
            if let Some(&other) = owner.get(&c) {
                let other = &puzzle.pieces[solution.pieces[other].piece].name;
                return Err(format!("pieces {other} and {} overlap at {c}", piece.name));
            }
            owner.insert(c, k);
        }
        let shape = Shape::new(placed.cells.clone()).normalized();
        if shape.len() != placed.cells.len() {
            return Err(format!("piece {} lists a cell twice", piece.name));
        }
        let congruent = piece
            .moves
            .group(flat)
            .into_iter()
            .any(|t| piece.shape.transformed(t) == shape);
        if !congruent {
            return Err(format!(
                "the cells given for piece {} are not its shape under the allowed moves",
                piece.name
            ));
        }
    }
    for (piece, &n) in puzzle.pieces.iter().zip(&used) {
        if n < piece.count.min || n > piece.count.max {
            return Err(format!(
                "piece {} is used {n} times, but its count is {}",
                piece.name, piece.count
            ));
        }
    }
    if puzzle.fill == Fill::Exact
        && let Some(c) = board.cells().iter().find(|c| !owner.contains_key(c))
    {
        return Err(format!("board cell {c} is not covered"));
    }
    Ok(())
}
