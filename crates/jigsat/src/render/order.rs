//! The order to put the pieces in, for the pages that add them one by one.
//!
//! A box is built bottom-up: each next piece is one that rests on the
//! floor or on pieces already placed wherever it has a cube with nothing
//! of its own below it, so that the build never asks for a piece held in
//! the air. When no piece can rest fully (pieces that interlock), the one
//! with the fewest cubes in the air goes next, then the lowest. A flat
//! board is laid in reading order (the piece with the first cell row by
//! row first), and tiles row by row.

use std::collections::{HashMap, HashSet};

use crate::geometry::Cell;
use crate::puzzle::Puzzle;
use crate::solution::Solution;

/// Indices into the solution's pieces (or tiles), in the order to place
/// them.
pub fn build_order(puzzle: &Puzzle, solution: &Solution) -> Vec<usize> {
    if puzzle.tiling().is_some() {
        return (0..solution.tiles().len()).collect();
    }
    let mut order: Vec<usize> = (0..solution.pieces().len()).collect();
    if puzzle.is_flat() {
        let first = |k: &usize| {
            let cells = &solution.pieces()[*k].cells;
            cells.iter().map(|c| (c.y, c.x)).min()
        };
        order.sort_by_key(first);
        return order;
    }
    bottom_up(puzzle.board.origin()[2], solution)
}

/// The greedy bottom-up order of a box whose floor is layer `floor`.
fn bottom_up(floor: i32, solution: &Solution) -> Vec<usize> {
    let pieces = &solution.pieces();
    let mut placed: HashSet<Cell> = HashSet::new();
    let mut left: Vec<usize> = (0..pieces.len()).collect();
    let mut order = Vec::with_capacity(pieces.len());
    while !left.is_empty() {
        let key = |k: usize| {
            let cells = &pieces[k].cells;
            let lowest = cells.iter().map(|c| c.z).min().unwrap_or(floor);
            let height: i64 = cells.iter().map(|c| i64::from(c.z)).sum();
            // Mean height, compared without division: sum / len.
            let mean = height * 1000 / cells.len().max(1) as i64;
            (in_the_air(cells, floor, &placed), lowest, mean, k)
        };
        let best = left
            .iter()
            .copied()
            .min_by_key(|&k| key(k))
            .expect("pieces left");
        left.retain(|&k| k != best);
        placed.extend(pieces[best].cells.iter().copied());
        order.push(best);
    }
    order
}

/// How many of a piece's columns would hang in the air: the lowest cube
/// of the piece in a column (x, y) is neither on the floor nor on a cube
/// already placed.
fn in_the_air(cells: &[Cell], floor: i32, placed: &HashSet<Cell>) -> usize {
    let mut lowest: HashMap<(i32, i32), i32> = HashMap::new();
    for c in cells {
        let z = lowest.entry((c.x, c.y)).or_insert(c.z);
        *z = (*z).min(c.z);
    }
    lowest
        .into_iter()
        .filter(|&((x, y), z)| z > floor && !placed.contains(&Cell::new(x, y, z - 1)))
        .count()
}

/// For each piece, its place in `order`.
pub fn ranks(order: &[usize]) -> Vec<usize> {
    let mut rank = vec![0; order.len()];
    for (i, &k) in order.iter().enumerate() {
        rank[k] = i;
    }
    rank
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solution::PlacedPiece;

    fn piece(piece: usize, cells: &[(i32, i32, i32)]) -> PlacedPiece {
        PlacedPiece {
            piece,
            cells: cells.iter().map(|&(x, y, z)| Cell::new(x, y, z)).collect(),
        }
    }

    #[test]
    fn a_piece_on_top_waits_for_what_holds_it() {
        // A bar lying across two posts: the posts first, then the bar.
        let solution = Solution::new(vec![
            piece(0, &[(0, 0, 2), (1, 0, 2), (2, 0, 2)]),
            piece(1, &[(0, 0, 0), (0, 0, 1)]),
            piece(2, &[(2, 0, 0), (2, 0, 1)]),
            piece(3, &[(1, 0, 0), (1, 0, 1)]),
        ]);
        let order = bottom_up(0, &solution);
        let bar = solution.pieces().iter().position(|p| p.cells.len() == 3);
        assert_eq!(order.last().copied(), bar);
        assert_eq!(ranks(&order)[order[0]], 0);
    }

    #[test]
    fn a_piece_with_an_overhang_waits_for_its_support() {
        // An L lying on its side: its upper arm rests on the cube under it.
        let solution = Solution::new(vec![
            piece(0, &[(0, 0, 0), (0, 0, 1), (1, 0, 1)]),
            piece(1, &[(1, 0, 0)]),
        ]);
        let order = bottom_up(0, &solution);
        let cube = solution.pieces().iter().position(|p| p.cells.len() == 1);
        assert_eq!(order.first().copied(), cube);
    }
}
