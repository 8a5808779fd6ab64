//! The disassembly a page plays: a real plan of sliding moves
//! ([`crate::disasm`]), and the build order that is its reverse.
//!
//! The bottom-up order of [`super::order`] says where each piece goes but
//! not whether it can get there: in an interlocking box a piece may have
//! to go in sideways, or two pieces together. When the assembly comes
//! apart by sliding pieces, the page shows the moves that take it apart
//! (each step slides pieces by whole cells; a separation slides them
//! clear of the rest, and a piece alone once clear is set aside) and
//! builds it in the reverse order of the pieces set aside. When it does
//! not come apart, or the search is too big for the page (a few seconds
//! and the memory budget), the page keeps the bottom-up order and says so.

use std::time::{Duration, Instant};

use serde::Serialize;

use crate::disasm::{self, Limits, Outcome, Rule};
use crate::geometry::Lattice;
use crate::puzzle::Puzzle;
use crate::solution::Solution;

/// How long a page may spend taking one assembly apart.
const PAGE_SECONDS: u64 = 5;

/// One move as the page plays it.
#[derive(Serialize, Clone, Debug)]
pub struct MoveData {
    /// Indices into the solution's pieces.
    pub pieces: Vec<usize>,
    /// The cells every moving piece is shifted by.
    pub by: [i32; 3],
    pub separates: bool,
    /// Pieces set aside (hidden) after this move: the side that left,
    /// when it is one piece (or one group).
    pub aside: Vec<usize>,
}

/// A disassembly for the page: its moves, the build order they give, and
/// the level text.
#[derive(Clone, Debug)]
pub struct Playback {
    pub moves: Vec<MoveData>,
    pub order: Vec<usize>,
    pub level: String,
}

/// The playback of `solution` when it comes apart (cube grid, 3-D, at most
/// [`disasm::MAX_PIECES`] pieces, within the page's limits); `None`
/// otherwise.
pub fn playback(puzzle: &Puzzle, solution: &Solution) -> Option<Playback> {
    // A flat board of squares or a flat grid is drawn flat, with nothing
    // to play; one layer of balls or prisms turns in the hand as a box.
    let solid = matches!(puzzle.board.lattice(), Lattice::Spheres | Lattice::Prisms);
    let drawn_flat = puzzle.is_flat() && !solid;
    if puzzle.tiling().is_some() || drawn_flat || solution.pieces().len() < 2 {
        return None;
    }
    let bodies = disasm::bodies(puzzle, solution, None);
    if disasm::refuse(&bodies).is_some() {
        return None;
    }
    let limits = Limits {
        stop: None,
        deadline: Some(Instant::now() + Duration::from_secs(PAGE_SECONDS)),
        max_bytes: crate::process::budget::limit(),
        max_states: None,
    };
    let slides = disasm::Lines::new(puzzle.board.lattice())?;
    let d = disasm::disassemble(&bodies, slides.clone(), true, Rule::BurrTools, &limits).ok()?;
    let level = d.level()?;
    let mut moves = Vec::new();
    collect(&d.tree, &slides, &mut moves);
    Some(Playback {
        order: build_order(&moves, solution.pieces().len()),
        moves,
        level,
    })
}

/// The moves of `tree` in plan order, with the pieces each separation
/// sets aside.
fn collect(tree: &Outcome, slides: &disasm::Lines, out: &mut Vec<MoveData>) {
    let Outcome::Apart {
        steps,
        left,
        removed,
        ..
    } = tree
    else {
        return;
    };
    for s in steps {
        let u = slides.step(s.dir);
        let k = s.distance as i32;
        let aside = if s.separates && !matches!(**removed, Outcome::Apart { .. }) {
            s.pieces.clone()
        } else {
            Vec::new()
        };
        out.push(MoveData {
            pieces: s.pieces.clone(),
            by: [u[0] * k, u[1] * k, u[2] * k],
            separates: s.separates,
            aside,
        });
    }
    collect(left, slides, out);
    collect(removed, slides, out);
}

/// The reverse of the order in which pieces are set aside: the pieces
/// never set aside (the last part standing) first, then the others,
/// the last set aside first.
fn build_order(moves: &[MoveData], pieces: usize) -> Vec<usize> {
    let mut gone: Vec<usize> = moves.iter().flat_map(|m| m.aside.iter().copied()).collect();
    let mut order: Vec<usize> = (0..pieces).filter(|k| !gone.contains(k)).collect();
    gone.reverse();
    order.extend(gone);
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_build_order_is_the_reverse_of_setting_aside() {
        let m = |aside: Vec<usize>| MoveData {
            pieces: aside.clone(),
            by: [1, 0, 0],
            separates: !aside.is_empty(),
            aside,
        };
        let moves = [m(vec![]), m(vec![2]), m(vec![0]), m(vec![])];
        assert_eq!(build_order(&moves, 4), vec![1, 3, 0, 2]);
    }
}
