//! The board: a set of cells with a constant-time cell -> index lookup.
//!
//! Cells are numbered 0..n in the shape's sorted order (layer, row,
//! column); the number is the cell's item in the exact-cover instance and
//! its index everywhere downstream. The lookup is a dense array over the
//! bounding box because placement generation asks "is this cell on the
//! board?" once per cell of every candidate placement.

use super::{Cell, Shape};

#[derive(Clone, Debug)]
pub struct Board {
    shape: Shape,
    origin: [i32; 3],
    extent: [i32; 3],
    /// Bounding-box slot -> cell index, `u32::MAX` for a hole.
    slots: Vec<u32>,
}

const HOLE: u32 = u32::MAX;

impl Board {
    pub fn new(shape: Shape) -> Board {
        let (origin, _) = shape.bounds().unwrap_or(([0; 3], [0; 3]));
        let extent = shape.extent();
        let volume = extent.iter().map(|&e| e.max(0) as usize).product();
        let mut board = Board {
            shape,
            origin,
            extent,
            slots: vec![HOLE; volume],
        };
        for i in 0..board.shape.len() {
            let slot = board
                .slot(board.shape.cells()[i])
                .expect("cell in its own box");
            board.slots[slot] = i as u32;
        }
        board
    }

    fn slot(&self, c: Cell) -> Option<usize> {
        let v = c.coords();
        let mut slot = 0usize;
        for axis in (0..3).rev() {
            let d = v[axis] - self.origin[axis];
            if d < 0 || d >= self.extent[axis] {
                return None;
            }
            slot = slot * self.extent[axis] as usize + d as usize;
        }
        Some(slot)
    }

    /// The index of a cell, or `None` when it is not on the board.
    pub fn index(&self, c: Cell) -> Option<u32> {
        let i = *self.slots.get(self.slot(c)?)?;
        (i != HOLE).then_some(i)
    }

    pub fn cell(&self, index: u32) -> Cell {
        self.shape.cells()[index as usize]
    }

    pub fn cells(&self) -> &[Cell] {
        self.shape.cells()
    }

    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    pub fn len(&self) -> usize {
        self.shape.len()
    }

    pub fn is_empty(&self) -> bool {
        self.shape.is_empty()
    }

    /// Smallest coordinate on each axis.
    pub fn origin(&self) -> [i32; 3] {
        self.origin
    }

    /// Width, height and depth of the bounding box.
    pub fn extent(&self) -> [i32; 3] {
        self.extent
    }

    pub fn is_flat(&self) -> bool {
        self.extent[2] <= 1
    }
}
