//! Cheap proofs that a puzzle has no solution, tried before any search.
//!
//! CDCL solvers are exponentially slow on parity arguments (they cannot
//! count), so a puzzle like five tetrominoes in a 4x5 box can keep a SAT
//! solver busy for a long time while a child sees the answer on a
//! checkerboard: the box has 10 light and 10 dark cells, four of the
//! tetrominoes always cover two of each, and the T always covers three of
//! one colour — the total can never be even.
//!
//! The general form used here: colour each board cell +1 or -1. Every
//! placement of a piece has a *balance* (sum of its cells' colours); for a
//! piece we collect the balances its placements can have. A solution picks
//! a number of copies of each piece and one balance per copy, and for an
//! exact fill the picked balances must add up to the board's balance (and
//! the areas to the board's area). A small dynamic programme over reachable
//! (area, balance) pairs decides whether that is possible; if not, no
//! solution exists. The colourings tried are the checkerboard and the
//! stripes along each axis.

use rustc_hash::FxHashSet;
use std::collections::BTreeSet;

use super::placement::Placements;
use crate::geometry::Cell;
use crate::puzzle::{Fill, Puzzle};

/// Copies of one piece beyond which the argument is not tried (its sums
/// grow with the square of the copies).
const MAX_COPIES: u32 = 2_000;

/// Beyond this many reachable states the argument is abandoned (it would
/// cost more than it can save).
const MAX_STATES: usize = 2_000_000;

/// Beyond this many (state, sum) pairs tried the argument is abandoned
/// too: few states can still cost billions of tries, each copy count of
/// each piece adding every sum to every state. Twelve pentominoes with
/// counts 0..40 on 45x45 kept `info` and `solve` in this loop for six
/// minutes; 5 M tries take a fraction of a second.
const MAX_TRIES: usize = 5_000_000;

/// A two-colouring of the lattice: `true` for light cells.
type Colouring = fn(Cell) -> bool;

/// A reason the puzzle has no solution, if one of the cheap arguments
/// finds one.
pub fn refute(puzzle: &Puzzle, placements: &Placements) -> Option<String> {
    // First a piece whose shape fits in no direction: then the others'
    // placements were never made (Placements::generate).
    let stranded = puzzle
        .pieces()
        .iter()
        .enumerate()
        .find(|(p, piece)| piece.count.min > 0 && placements.orientations[*p].is_empty());
    if let Some((_, piece)) = stranded {
        return Some(format!("piece {} fits nowhere on the board", piece.name));
    }
    for (p, piece) in puzzle.pieces().iter().enumerate() {
        if piece.count.min > 0 && placements.count_for(p) == 0 {
            return Some(format!("piece {} fits nowhere on the board", piece.name));
        }
    }
    if puzzle.fill == Fill::Exact {
        let mut covered = vec![false; puzzle.board.len()];
        for pl in &placements.all {
            pl.cells.iter().for_each(|&c| covered[c as usize] = true);
        }
        let uncovered = (0..covered.len()).find(|&c| !covered[c] && puzzle.must_cover(c as u32));
        if let Some(c) = uncovered {
            return Some(format!(
                "board cell {} cannot be covered by any piece",
                puzzle.board.cell(c as u32)
            ));
        }
    }
    if !puzzle.optional.is_empty() {
        // The arguments below count every board cell as covered (or every
        // one as free); cells that may stay empty would need a third kind.
        return None;
    }
    let extent = puzzle.board.extent();
    let mut colourings: Vec<(&str, Colouring)> =
        vec![("checkerboard", |c| (c.x + c.y + c.z).rem_euclid(2) == 0)];
    if extent[0] > 1 {
        colourings.push(("column-stripe", |c| c.x.rem_euclid(2) == 0));
    }
    if extent[1] > 1 {
        colourings.push(("row-stripe", |c| c.y.rem_euclid(2) == 0));
    }
    if extent[2] > 1 {
        colourings.push(("layer-stripe", |c| c.z.rem_euclid(2) == 0));
    }
    colourings
        .into_iter()
        .find_map(|(name, light)| colouring_argument(puzzle, placements, name, light))
}

/// A proof by one colouring that no choice of pieces and balances covers
/// the board's light and dark cells, if there is one.
fn colouring_argument(
    puzzle: &Puzzle,
    placements: &Placements,
    name: &str,
    light: Colouring,
) -> Option<String> {
    let board = &puzzle.board;
    let colour: Vec<i32> = board
        .cells()
        .iter()
        .map(|&c| if light(c) { 1 } else { -1 })
        .collect();
    let lights = colour.iter().filter(|&&c| c == 1).count() as i32;
    let darks = board.len() as i32 - lights;

    // The balances each piece's placements can have.
    let mut balances: Vec<BTreeSet<i32>> = vec![BTreeSet::new(); puzzle.pieces().len()];
    for pl in &placements.all {
        balances[pl.piece].insert(pl.cells.iter().map(|&c| colour[c as usize]).sum());
    }

    let area = board.len() as i32;
    let states = reachable(puzzle, &balances, area)?;
    let feasible = |&(a, b): &(i32, i32)| match puzzle.fill {
        Fill::Exact => a == area && b == lights - darks,
        // The covered cells' light and dark counts must fit on the board.
        Fill::Partial => (a + b) / 2 <= lights && (a - b) / 2 <= darks,
    };
    if states.iter().any(feasible) {
        return None;
    }
    if puzzle.fill == Fill::Exact && !states.iter().any(|&(a, _)| a == area) {
        return Some(format!(
            "no choice of piece counts covers exactly the board's {area} cells"
        ));
    }
    Some(format!(
        "impossible by a {name} colouring: the board has {lights} light and {darks} dark cells, \
         and no way of laying the pieces covers them in that proportion{}",
        imbalanced(puzzle, &balances)
    ))
}

/// The (area, balance) pairs some choice of copies and placements reaches,
/// up to the board's area; `None` when there are too many to be worth it.
fn reachable(
    puzzle: &Puzzle,
    balances: &[BTreeSet<i32>],
    area: i32,
) -> Option<FxHashSet<(i32, i32)>> {
    let mut states: FxHashSet<(i32, i32)> = FxHashSet::from_iter([(0, 0)]);
    let mut tries = 0usize;
    for (piece, values) in puzzle.pieces().iter().zip(balances) {
        let a = piece.shape.len() as i32;
        let mut next = FxHashSet::default();
        // sums[c] = balances reachable with c copies of this piece.
        let mut sums: BTreeSet<i32> = BTreeSet::from([0]);
        for copies in 0..=piece.count.max {
            // More copies than fit on the board reach nothing; and a sum
            // over tens of thousands of copies is not worth its time.
            if i64::from(a) * i64::from(copies) > i64::from(area) || copies > MAX_COPIES {
                if copies > MAX_COPIES {
                    return None;
                }
                break;
            }
            if copies > 0 {
                if values.is_empty() {
                    break;
                }
                sums = sums
                    .iter()
                    .flat_map(|s| values.iter().map(move |v| s + v))
                    .collect();
            }
            if copies < piece.count.min {
                continue;
            }
            tries = tries.saturating_add(states.len().saturating_mul(sums.len()));
            if tries > MAX_TRIES {
                return None;
            }
            let added = a * copies as i32;
            for &(ar, b) in &states {
                if ar + added > area {
                    continue;
                }
                next.extend(sums.iter().map(|s| (ar + added, b + s)));
            }
            if next.len() > MAX_STATES {
                return None;
            }
        }
        states = next;
    }
    Some(states)
}

/// The pieces that can never cover as many light as dark cells, said in
/// parentheses (empty when there are none): the heart of the argument.
fn imbalanced(puzzle: &Puzzle, balances: &[BTreeSet<i32>]) -> String {
    let imbalanced: Vec<String> = puzzle
        .pieces()
        .iter()
        .zip(balances)
        .filter(|(_, v)| !v.contains(&0) && !v.is_empty())
        .map(|(p, v)| {
            let d = v.iter().map(|b| b.abs()).min().unwrap_or(0);
            format!(
                "{} covers at least {d} more of one colour than the other",
                p.name
            )
        })
        .collect();
    if imbalanced.is_empty() {
        String::new()
    } else {
        format!(" ({})", imbalanced.join("; "))
    }
}
