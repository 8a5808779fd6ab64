//! The board: a set of cells with a constant-time cell -> index lookup.
//!
//! Cells are numbered 0..n in the shape's sorted order (layer, row,
//! column); the number is the cell's item in the exact-cover instance and
//! its index everywhere downstream. The lookup is a dense array over the
//! bounding box because placement generation asks "is this cell on the
//! board?" once per cell of every candidate placement.

use super::{Cell, Lattice, Shape, Space};

#[derive(Clone, Debug)]
pub struct Board {
    shape: Shape,
    /// The grid the cells lie on.
    lattice: Lattice,
    origin: [i32; 3],
    extent: [i32; 3],
    /// Bounding-box slot -> cell index, `u32::MAX` for a hole.
    slots: Vec<u32>,
    /// The grid points a piece may run straight through (sticks only).
    crossings: Vec<Cell>,
}

const HOLE: u32 = u32::MAX;

/// Most slots the lookup may span: 2^24, so the lookup takes at most
/// 64 MiB. The limit is on the bounding box, not on the cells: two cells
/// 10,000 apart on each axis would ask for 10^12 slots. Every compact
/// board the puzzle file allows (at most
/// [`MAX_BOARD_CELLS`](crate::puzzle::MAX_BOARD_CELLS) = 250,000 cells)
/// fits with room to spare: a 500 x 500 square spans 250,000 slots, a
/// hollow cube whose walls alone hold 250,000 cells (side 204) spans
/// 8.5 M.
pub const MAX_BOARD_SLOTS: u64 = 1 << 24;

/// A shape whose bounding box is too large for the board's lookup (more
/// than [`MAX_BOARD_SLOTS`] slots).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardTooLarge {
    /// Width, height and depth of the bounding box.
    pub extent: [u64; 3],
}

impl BoardTooLarge {
    /// Slots the bounding box spans.
    pub fn volume(&self) -> u64 {
        self.extent.iter().product()
    }
}

impl std::fmt::Display for BoardTooLarge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let [w, h, d] = self.extent;
        let dims = if d == 1 {
            format!("{w}x{h}")
        } else {
            format!("{w}x{h}x{d}")
        };
        write!(
            f,
            "the board's bounding box is {dims} = {:.1e} cells; at most {MAX_BOARD_SLOTS} are allowed",
            self.volume() as f64
        )
    }
}

impl std::error::Error for BoardTooLarge {}

impl Board {
    /// The board of a shape, or an error when its bounding box spans more
    /// than [`MAX_BOARD_SLOTS`] slots (checked before anything is
    /// allocated, so a far-flung shape cannot exhaust memory).
    pub fn new(shape: Shape) -> Result<Board, BoardTooLarge> {
        Board::on(Lattice::Cubic, shape)
    }

    /// [`Board::new`] on another grid: `shape`'s cells are points of
    /// `lattice`'s embedding.
    pub fn on(lattice: Lattice, shape: Shape) -> Result<Board, BoardTooLarge> {
        let (origin, top) = shape.bounds().unwrap_or(([0; 3], [-1; 3]));
        // In i64: coordinates far apart would overflow an i32 extent.
        let extent = [0, 1, 2].map(|a| (i64::from(top[a]) - i64::from(origin[a]) + 1) as u64);
        let volume = extent
            .iter()
            .try_fold(1u64, |v, &e| v.checked_mul(e))
            .unwrap_or(u64::MAX);
        if volume > MAX_BOARD_SLOTS {
            return Err(BoardTooLarge { extent });
        }
        let mut board = Board {
            shape,
            lattice,
            origin,
            extent: extent.map(|e| e as i32),
            slots: vec![HOLE; volume as usize],
            crossings: Vec::new(),
        };
        board.crossings = lattice.crossings(board.shape.cells());
        for i in 0..board.shape.len() {
            let slot = board
                .slot(board.shape.cells()[i])
                .expect("cell in its own box");
            board.slots[slot] = i as u32;
        }
        Ok(board)
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

    /// Width, height and depth of the bounding box in the file's
    /// coordinates: [`Board::extent`] on the cubic lattice; on a flat grid
    /// the span of x (or q) and y (or r), and depth 1.
    pub fn size(&self) -> [i32; 3] {
        if !self.lattice.is_planar() {
            return self.extent;
        }
        if self.lattice == Lattice::Sticks {
            // Sticks span 2w + 1 points of the embedding across w squares.
            return [self.extent[0] / 2, self.extent[1] / 2, 1];
        }
        let (mut lo, mut hi) = ([i32::MAX; 2], [i32::MIN; 2]);
        for &c in self.cells() {
            let v = self.lattice.coords(c);
            for a in 0..2 {
                lo[a] = lo[a].min(v[a]);
                hi[a] = hi[a].max(v[a]);
            }
        }
        [hi[0] - lo[0] + 1, hi[1] - lo[1] + 1, 1]
    }

    /// The grid points where a piece may run straight through, sorted
    /// (see [`Lattice::crossings`]): none but on sticks.
    pub fn crossings(&self) -> &[Cell] {
        &self.crossings
    }

    /// The indices among [`Board::crossings`] of the points the board
    /// cells `cells` (by index) run straight through.
    pub fn crossings_of(&self, cells: &[u32]) -> impl Iterator<Item = usize> + '_ {
        let mut mine: Vec<Cell> = cells.iter().map(|&c| self.cell(c)).collect();
        mine.sort_unstable();
        let points = self.lattice.crossings(&mine);
        points
            .into_iter()
            .filter_map(|p| self.crossings.binary_search(&p).ok())
    }

    /// The grid the board's cells lie on.
    pub fn lattice(&self) -> Lattice {
        self.lattice
    }

    /// Where the pieces move: the lattice and the board's flatness.
    pub fn space(&self) -> Space {
        Space {
            lattice: self.lattice,
            flat: self.is_flat(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn far_apart_cells_are_refused_before_allocating() {
        let far = Shape::new(vec![Cell::new(0, 0, 0), Cell::new(10_000, 10_000, 10_000)]);
        let err = Board::new(far).unwrap_err();
        assert_eq!(err.extent, [10_001; 3]);
        assert_eq!(
            err.to_string(),
            "the board's bounding box is 10001x10001x10001 = 1.0e12 cells; at most 16777216 are allowed"
        );
        // Coordinates whose difference overflows an i32 are refused too.
        let extreme = Shape::new(vec![
            Cell::new(i32::MIN, 0, 0),
            Cell::new(i32::MAX, i32::MAX, i32::MIN),
        ]);
        assert!(Board::new(extreme).is_err());
    }

    #[test]
    fn a_hollow_cube_at_the_cell_limit_fits_the_box_limit() {
        let n = 204;
        let on_wall = |v: i32| v == 0 || v == n - 1;
        let cells: Vec<Cell> = (0..n)
            .flat_map(|z| (0..n).flat_map(move |y| (0..n).map(move |x| Cell::new(x, y, z))))
            .filter(|c| on_wall(c.x) || on_wall(c.y) || on_wall(c.z))
            .collect();
        assert!(cells.len() <= crate::puzzle::MAX_BOARD_CELLS);
        let board = Board::new(Shape::new(cells)).unwrap();
        assert_eq!(board.extent(), [n; 3]);
        let wall = Cell::new(n - 1, 5, 7);
        assert_eq!(board.index(wall).map(|i| board.cell(i)), Some(wall));
        assert_eq!(
            board.index(Cell::new(5, 5, 5)),
            None,
            "the inside is a hole"
        );
    }
}
