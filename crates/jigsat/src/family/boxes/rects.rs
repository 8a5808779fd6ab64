//! The rectangle view of a puzzle for the order encoding: the board's
//! extent, every copy's possible extents ([`Rects`]), and a solution as
//! boxes ([`PlacedBox`]) and back as cells.

use crate::geometry::{Cell, Shape, Transform, orientations};
use crate::puzzle::{Fill, Puzzle};
use crate::solution::{PlacedPiece, Solution};

/// One box lying on the board: piece, lower corner relative to the
/// board's origin, and extent.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PlacedBox {
    pub piece: usize,
    pub corner: [i32; 3],
    pub extent: [i32; 3],
}

/// The rectangle view of a puzzle: the board's extent and every copy's
/// possible extents.
#[derive(Clone, Debug)]
pub struct Rects {
    /// 2 on a flat board, 3 otherwise.
    pub axes: usize,
    pub board: [i32; 3],
    pub origin: [i32; 3],
    /// One entry per copy, copies of a piece next to each other.
    pub copies: Vec<BoxCopy>,
    /// Per piece, its extents under the allowed moves (sorted), used to
    /// find the board's symmetries.
    pub piece_shapes: Vec<Vec<Shape>>,
}

#[derive(Clone, Debug)]
pub struct BoxCopy {
    pub piece: usize,
    /// Distinct extents that fit the board.
    pub extents: Vec<[i32; 3]>,
}

impl Rects {
    /// The rectangle view, or why the order encoding does not apply.
    pub fn of(puzzle: &Puzzle) -> Result<Rects, String> {
        let board = &puzzle.board;
        if board.lattice() != crate::geometry::Lattice::Cubic {
            return Err("the board's cells are not squares or cubes".into());
        }
        let extent = board.extent();
        let volume: i64 = extent.iter().map(|&e| e as i64).product();
        if volume != board.len() as i64 {
            return Err("the board is not a solid rectangle or box".into());
        }
        if puzzle.fill != Fill::Exact || !puzzle.optional.is_empty() {
            return Err("the fill is not exact".into());
        }
        if puzzle.colours.is_some() {
            return Err("the puzzle has colour constraints".into());
        }
        let space = board.space();
        let mut copies = Vec::new();
        let mut piece_shapes = Vec::new();
        for (p, piece) in puzzle.pieces().iter().enumerate() {
            let e = piece.shape.extent();
            let v: i64 = e.iter().map(|&e| e as i64).product();
            if v != piece.shape.len() as i64 {
                return Err(format!(
                    "piece {} is not a solid rectangle or box",
                    piece.name
                ));
            }
            if !piece.count.is_fixed() {
                return Err(format!("piece {} has a count range", piece.name));
            }
            let shapes: Vec<Shape> = orientations(&piece.shape, piece.moves, space)
                .into_iter()
                .map(|o| o.shape)
                .collect();
            let mut extents: Vec<[i32; 3]> = shapes
                .iter()
                .map(|s| s.extent())
                .filter(|e| (0..3).all(|a| e[a] <= extent[a]))
                .collect();
            extents.sort_unstable();
            extents.dedup();
            if extents.is_empty() && piece.count.min > 0 {
                return Err(format!("piece {} does not fit on the board", piece.name));
            }
            let mut sorted = shapes;
            sorted.sort();
            piece_shapes.push(sorted);
            for _ in 0..piece.count.min {
                copies.push(BoxCopy {
                    piece: p,
                    extents: extents.clone(),
                });
            }
        }
        let area: i64 = copies
            .iter()
            .map(|c| puzzle.pieces()[c.piece].shape.len() as i64)
            .sum();
        if area != volume {
            return Err("the pieces' area differs from the board's".into());
        }
        Ok(Rects {
            axes: if space.flat { 2 } else { 3 },
            board: extent,
            origin: board.origin(),
            copies,
            piece_shapes,
        })
    }

    /// The solution a set of boxes stands for.
    pub fn solution(&self, boxes: &[PlacedBox]) -> Solution {
        Solution::new(
            boxes
                .iter()
                .map(|b| {
                    let mut cells = Vec::new();
                    for z in 0..b.extent[2] {
                        for y in 0..b.extent[1] {
                            for x in 0..b.extent[0] {
                                cells.push(Cell::new(
                                    self.origin[0] + b.corner[0] + x,
                                    self.origin[1] + b.corner[1] + y,
                                    self.origin[2] + b.corner[2] + z,
                                ));
                            }
                        }
                    }
                    PlacedPiece {
                        piece: b.piece,
                        cells,
                    }
                })
                .collect(),
        )
    }

    /// The image of a box under a board symmetry `t` (a signed axis
    /// permutation, re-anchored so that the board maps onto itself).
    pub fn transform_box(&self, t: Transform, b: &PlacedBox) -> PlacedBox {
        let lo = |c: [i32; 3], e: [i32; 3]| {
            let p = t.apply(Cell::from_coords(c)).coords();
            let q = t
                .apply(Cell::from_coords([0, 1, 2].map(|a| c[a] + e[a] - 1)))
                .coords();
            (
                [0, 1, 2].map(|a| p[a].min(q[a])),
                [0, 1, 2].map(|a| (p[a] - q[a]).abs() + 1),
            )
        };
        let (board_lo, _) = lo([0; 3], self.board);
        let (box_lo, extent) = lo(b.corner, b.extent);
        PlacedBox {
            piece: b.piece,
            corner: [0, 1, 2].map(|a| box_lo[a] - board_lo[a]),
            extent,
        }
    }
}
