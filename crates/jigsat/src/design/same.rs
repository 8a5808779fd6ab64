//! Pieces of one shape under different names are copies of one piece
//! for choosing: a choice that takes A where another takes B, the two
//! alike, is the same choice, and a solution that swaps them is the same
//! solution. So before the enumeration, every group of alike pieces
//! becomes one entry under its first name, its range the sum of theirs
//! (the sums of integers from two ranges are exactly the range of the
//! sums): the table is the one of the pool written with ranges.

use crate::geometry::Shape;
use crate::puzzle::{Count, Kind, Piece, Puzzle};

/// A pool whose alike pieces were made one entry.
#[derive(Clone, Debug)]
pub struct Merged {
    /// The pool with one entry per shape.
    pub puzzle: Puzzle,
    /// Each group of names made one, the kept (first) name first.
    pub groups: Vec<Vec<String>>,
}

/// `puzzle` with its alike pieces made one entry, or `None` when no two
/// are alike. Alike: the same moves and the same shapes under them on
/// the board's lattice. Pieces with colours (BurrTools' constraints) are
/// never merged: two pieces of one shape may differ in colour.
pub fn merged(puzzle: &Puzzle) -> Option<Merged> {
    let Kind::Pieces(pieces) = &puzzle.kind else {
        return None;
    };
    if puzzle.colours.is_some() {
        return None;
    }
    let space = puzzle.board.space();
    let images: Vec<Vec<Shape>> = (pieces.iter())
        .map(|p| {
            let mut shapes: Vec<Shape> = (p.moves.group(space).into_iter())
                .map(|t| space.image(&p.shape, t))
                .collect();
            shapes.sort_unstable();
            shapes.dedup();
            shapes
        })
        .collect();
    // Per piece, the first piece alike.
    let first: Vec<usize> = (0..pieces.len())
        .map(|i| {
            (0..i)
                .find(|&j| pieces[j].moves == pieces[i].moves && images[j] == images[i])
                .unwrap_or(i)
        })
        .collect();
    if first.iter().enumerate().all(|(i, &f)| f == i) {
        return None;
    }
    let mut kept: Vec<Piece> = Vec::new();
    let mut groups = Vec::new();
    for (i, piece) in pieces.iter().enumerate().filter(|&(i, _)| first[i] == i) {
        let alike: Vec<&Piece> = (i..pieces.len())
            .filter(|&k| first[k] == i)
            .map(|k| &pieces[k])
            .collect();
        let mut one = piece.clone();
        one.count = Count {
            min: alike.iter().map(|p| p.count.min).sum(),
            max: alike.iter().map(|p| p.count.max).sum(),
        };
        if alike.len() > 1 {
            groups.push(alike.iter().map(|p| p.name.clone()).collect());
        }
        kept.push(one);
    }
    let mut puzzle = puzzle.clone();
    puzzle.kind = Kind::Pieces(kept);
    Some(Merged { puzzle, groups })
}
