//! The corner search for rectangles and boxes: the first-empty-cell method
//! ([`crate::exact::firstcell`]) without materialized placements.
//!
//! A box that covers the first empty cell in (layer, row, column) order
//! has that cell as its lower corner: every cell before it is full, and
//! the box's corner comes before all its other cells. So a branch is just
//! "which piece, in which extent" — the position is implied — and a node
//! is: find the first empty cell, and for each piece with a copy left
//! (largest first) and each of its extents, test whether the box fits.
//! This is the algorithm of the Calibron 12 post ("top-most, left-most
//! corner").
//!
//! The board is one 64-bit word per row (`x` along the bits), rows of a
//! layer in order, layers in order: a box fits when each of its `h x d`
//! rows has its `w` bits free, one AND per row, and is placed with one OR
//! per row. Building takes microseconds where the placement cover of
//! Calibron 12 takes half a second (31,604 placements of up to 320
//! cells).
//!
//! An option (a step of a path, for [`Search`]) is the number of a
//! (piece, extent) pair; [`Corner::boxes`] replays a path into boxes.
//! There is no symmetry breaking: every solution on the fixed board is
//! found, and the enumeration's canonical forms count the classes.

use super::rects::{PlacedBox, Rects};
use crate::exact::search::{self, Halt, Search, Ticker, deeper};

/// Widest board the rows can hold.
pub const MAX_WIDTH: i32 = 64;

/// One way to lay a piece: its extent.
#[derive(Copy, Clone, Debug)]
struct Footprint {
    piece: u32,
    /// Width, height, depth.
    extent: [i32; 3],
    /// The row mask of width `w` at column 0.
    bits: u64,
}

#[derive(Clone, Debug)]
pub struct Corner {
    /// Board width, height, depth.
    size: [i32; 3],
    /// Every (piece, extent), largest pieces first.
    shapes: Vec<Footprint>,
    /// Copies left per piece.
    left: Vec<u32>,
    /// One word per row, index `z * height + y`; bits past the width set.
    rows: Vec<u64>,
    /// Cells to fill.
    cells: u32,
    ticker: Ticker,
}

impl Corner {
    /// The search over `rects`, or `None` when the board is wider than
    /// [`MAX_WIDTH`].
    pub fn new(rects: &Rects) -> Option<Corner> {
        let size = rects.board;
        if size[0] > MAX_WIDTH || size.iter().any(|&e| e < 1) {
            return None;
        }
        let pieces = rects.copies.iter().map(|c| c.piece + 1).max().unwrap_or(0);
        let mut left = vec![0u32; pieces];
        let mut shapes = Vec::new();
        for (k, copy) in rects.copies.iter().enumerate() {
            left[copy.piece] += 1;
            // Copies of a piece are next to each other: one set of shapes.
            if k > 0 && rects.copies[k - 1].piece == copy.piece {
                continue;
            }
            for &extent in &copy.extents {
                shapes.push(Footprint {
                    piece: copy.piece as u32,
                    extent,
                    bits: mask(extent[0]),
                });
            }
        }
        // Largest first: they are the hardest to fit later.
        shapes.sort_by_key(|s| (std::cmp::Reverse(s.extent.iter().product::<i32>()), s.piece));
        let full_row = !0u64 ^ mask(size[0]);
        Some(Corner {
            size,
            shapes,
            left,
            rows: vec![full_row; (size[1] * size[2]) as usize],
            cells: size.iter().product::<i32>() as u32,
            ticker: Ticker::default(),
        })
    }

    /// The first empty cell at or after row `from`: (row index, column).
    #[inline(always)]
    fn first_empty(&self, mut from: usize) -> Option<(usize, i32)> {
        while from < self.rows.len() {
            let row = self.rows[from];
            if row != !0 {
                return Some((from, row.trailing_ones() as i32));
            }
            from += 1;
        }
        None
    }

    /// Whether shape `s` fits with its corner at row `r`, column `x`.
    #[inline(always)]
    fn fits(&self, s: &Footprint, r: usize, x: i32) -> bool {
        let [w, h, d] = s.extent;
        let [width, height, _] = self.size;
        let (y, z) = (r as i32 % height, r as i32 / height);
        if x + w > width || y + h > height || z + d > self.size[2] {
            return false;
        }
        let bits = s.bits << x;
        (0..d).all(|dz| {
            let layer = r + (dz * height) as usize;
            self.rows[layer..layer + h as usize]
                .iter()
                .all(|row| row & bits == 0)
        })
    }

    /// Fills (or, called again, empties) the cells of shape `s` at row
    /// `r`, column `x`.
    #[inline(always)]
    fn toggle(&mut self, s: &Footprint, r: usize, x: i32) {
        let [_, h, d] = s.extent;
        let bits = s.bits << x;
        for dz in 0..d {
            let layer = r + (dz * self.size[1]) as usize;
            self.rows[layer..layer + h as usize]
                .iter_mut()
                .for_each(|row| *row ^= bits);
        }
    }

    /// The boxes a path (of shape numbers) lays, from the empty board.
    pub fn boxes(&self, path: &[u32]) -> Vec<PlacedBox> {
        let mut board = self.clone();
        board
            .rows
            .iter_mut()
            .for_each(|r| *r = !0u64 ^ mask(self.size[0]));
        let mut out = Vec::with_capacity(path.len());
        for &k in path {
            let s = self.shapes[k as usize];
            let (r, x) = board.first_empty(0).expect("a path ends on a full board");
            board.toggle(&s, r, x);
            let (y, z) = (r as i32 % self.size[1], r as i32 / self.size[1]);
            out.push(PlacedBox {
                piece: s.piece as usize,
                corner: [x, y, z],
                extent: s.extent,
            });
        }
        out.sort_unstable();
        out
    }

    /// The shapes that fit at the first empty cell; `None` on a full board.
    fn options_here(&self) -> Option<Vec<u32>> {
        let (r, x) = self.first_empty(0)?;
        Some(
            (0..self.shapes.len() as u32)
                .filter(|&k| {
                    let s = &self.shapes[k as usize];
                    self.left[s.piece as usize] > 0 && self.fits(s, r, x)
                })
                .collect(),
        )
    }

    fn search_from(
        &mut self,
        from: usize,
        chosen: &mut Vec<u32>,
        visit: &mut dyn FnMut(&[u32]) -> bool,
    ) -> Result<(), Halt> {
        self.ticker.node()?;
        // 1. The first empty cell; a full board is a solution (the areas
        //    add up, so every copy is used).
        let Some((r, x)) = self.first_empty(from) else {
            return search::report(visit, chosen);
        };
        // 2. Each piece with a copy left, in each extent that fits there.
        for k in 0..self.shapes.len() {
            let s = self.shapes[k];
            if self.left[s.piece as usize] == 0 || !self.fits(&s, r, x) {
                continue;
            }
            self.toggle(&s, r, x);
            self.left[s.piece as usize] -= 1;
            chosen.push(k as u32);
            let result = deeper(chosen.len(), || self.search_from(r, chosen, visit));
            chosen.pop();
            self.left[s.piece as usize] += 1;
            self.toggle(&s, r, x);
            result?;
        }
        Ok(())
    }
}

/// `w` low bits set.
fn mask(w: i32) -> u64 {
    if w >= 64 { !0 } else { (1u64 << w) - 1 }
}

impl Search for Corner {
    fn primary(&self) -> u32 {
        self.cells
    }

    /// Each step must be a shape [`Search::branches`] offers there.
    fn enter(&mut self, path: &[u32]) {
        for &k in path {
            let offered = self.options_here().unwrap_or_default().contains(&k);
            assert!(
                offered,
                "Corner::enter: shape {k} cannot be laid here: a path must come from branches()"
            );
            let s = self.shapes[k as usize];
            let (r, x) = self.first_empty(0).expect("offered on a board with room");
            self.toggle(&s, r, x);
            self.left[s.piece as usize] -= 1;
        }
    }

    fn leave(&mut self, path: &[u32]) {
        // Undo in reverse: replaying finds each box's corner.
        let mut corners = Vec::with_capacity(path.len());
        let mut board = self.clone();
        board
            .rows
            .iter_mut()
            .for_each(|r| *r = !0u64 ^ mask(self.size[0]));
        for &k in path {
            let s = self.shapes[k as usize];
            let (r, x) = board.first_empty(0).expect("entered path");
            board.toggle(&s, r, x);
            corners.push((s, r, x));
        }
        for (s, r, x) in corners.into_iter().rev() {
            self.toggle(&s, r, x);
            self.left[s.piece as usize] += 1;
        }
    }

    fn branches(&mut self) -> Option<Vec<u32>> {
        self.options_here()
    }

    fn search(
        &mut self,
        chosen: &mut Vec<u32>,
        visit: &mut dyn FnMut(&[u32]) -> bool,
    ) -> Result<(), Halt> {
        self.search_from(0, chosen, visit)
    }

    fn ticker(&self) -> &Ticker {
        &self.ticker
    }

    fn ticker_mut(&mut self) -> &mut Ticker {
        &mut self.ticker
    }
}
