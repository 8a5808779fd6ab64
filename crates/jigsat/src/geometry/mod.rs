//! Cells, shapes and the rigid motions that move them.
//!
//! Everything here is plain integer geometry: a cell is an integer point,
//! a move an integer matrix, and the grid — squares and cubes, triangles,
//! hexagons, balls, sticks, BurrTools' prisms and the small pieces of its
//! rhombic and tetrahedral grids — is a [`Lattice`] that says which
//! points are cells, which matrices and translations move them, and which
//! cells are neighbours. A flat puzzle is a 3-D puzzle whose every cell
//! has `z = 0`. Keeping one model for all means one orientation routine,
//! one placement routine and one symmetry routine serve polyominoes,
//! polycubes, polyiamonds, polyhexes and every other grid alike.

mod board;
mod lattice;
pub mod motion;
mod orientation;
mod picture;
mod prisms;
pub mod rhombic;
pub mod square;
mod sticks;
pub mod tetra_octa;
mod transform;

pub use board::Board;
pub use lattice::{Lattice, Point};
pub use motion::board_motions;
pub use orientation::{Moves, Orientation, Rotations, Space, orientations};
pub use picture::{
    Point3, ball_centre, corner_point, normal, prism_plane, prism_triangle, tetrahedron,
    tetrahedron_faces, unit,
};
pub use transform::Transform;

use serde::Serialize;

/// One unit cell of the lattice, in the puzzle file's axes: `x` is the
/// column, `y` the row, `z` the layer.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Cell {
    // Field order is z, y, x so that the derived ordering reads a solid
    // layer by layer, row by row, as the ASCII art does.
    /// The layer, 0 on a flat puzzle.
    pub z: i32,
    /// The row.
    pub y: i32,
    /// The column.
    pub x: i32,
}

impl Cell {
    /// The cell at column `x`, row `y`, layer `z` (the file's order, not
    /// the fields').
    pub const fn new(x: i32, y: i32, z: i32) -> Cell {
        Cell { x, y, z }
    }

    /// `[x, y, z]`, as the renderers and the disassembler take points.
    pub fn coords(self) -> [i32; 3] {
        [self.x, self.y, self.z]
    }

    /// The cell at `[x, y, z]`: the inverse of [`Cell::coords`].
    pub fn from_coords(c: [i32; 3]) -> Cell {
        Cell::new(c[0], c[1], c[2])
    }

    /// This cell moved by `d`, a cell read as a vector.
    pub fn offset(self, d: Cell) -> Cell {
        Cell::new(self.x + d.x, self.y + d.y, self.z + d.z)
    }
}

impl std::fmt::Display for Cell {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({}, {}, {})", self.x, self.y, self.z)
    }
}

/// A finite set of cells, kept sorted and without duplicates.
///
/// A shape is *normalized* when its smallest x, y and z are all 0; two
/// normalized shapes are equal exactly when one is a translate of the
/// other, which is what makes orientation de-duplication a set comparison.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shape {
    cells: Vec<Cell>,
}

impl Shape {
    pub fn new(mut cells: Vec<Cell>) -> Shape {
        cells.sort_unstable();
        cells.dedup();
        Shape { cells }
    }

    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The shape moved by `by`: a translation keeps the cells' order, so
    /// nothing is sorted again.
    pub fn shifted(mut self, by: Cell) -> Shape {
        for c in &mut self.cells {
            *c = c.offset(by);
        }
        self
    }

    pub fn len(&self) -> usize {
        self.cells.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Smallest and largest coordinate on each axis; `None` when empty.
    pub fn bounds(&self) -> Option<([i32; 3], [i32; 3])> {
        let first = self.cells.first()?.coords();
        let (mut lo, mut hi) = (first, first);
        for c in &self.cells {
            for (axis, v) in c.coords().into_iter().enumerate() {
                lo[axis] = lo[axis].min(v);
                hi[axis] = hi[axis].max(v);
            }
        }
        Some((lo, hi))
    }

    /// Width, height and depth of the bounding box (all 0 when empty).
    pub fn extent(&self) -> [i32; 3] {
        match self.bounds() {
            Some((lo, hi)) => [hi[0] - lo[0] + 1, hi[1] - lo[1] + 1, hi[2] - lo[2] + 1],
            None => [0; 3],
        }
    }

    /// A shape is flat when it lies in a single layer.
    pub fn is_flat(&self) -> bool {
        self.extent()[2] <= 1
    }

    /// The translate whose bounding box starts at the origin: the normal
    /// form on the cubic lattice ([`Lattice::normalize`] on any).
    pub fn normalized(&self) -> Shape {
        let Some((lo, _)) = self.bounds() else {
            return self.clone();
        };
        let shift = Cell::new(-lo[0], -lo[1], -lo[2]);
        Shape::new(self.cells.iter().map(|c| c.offset(shift)).collect())
    }

    /// Whether the cells form one face-connected piece of cubes or
    /// squares ([`Lattice::is_connected`] on other grids).
    pub fn is_connected(&self) -> bool {
        Lattice::Cubic.is_connected(self)
    }
}

/// The six face neighbours of the origin.
pub const NEIGHBOURS: [Cell; 6] = [
    Cell::new(1, 0, 0),
    Cell::new(-1, 0, 0),
    Cell::new(0, 1, 0),
    Cell::new(0, -1, 0),
    Cell::new(0, 0, 1),
    Cell::new(0, 0, -1),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalizing_forgets_position() {
        let a = Shape::new(vec![Cell::new(3, 4, 0), Cell::new(4, 4, 0)]);
        let b = Shape::new(vec![Cell::new(0, 0, 0), Cell::new(1, 0, 0)]);
        assert_eq!(a.normalized(), b);
        assert_ne!(a, b);
    }

    #[test]
    fn connectivity() {
        let bar = Shape::new((0..4).map(|x| Cell::new(x, 0, 0)).collect());
        assert!(bar.is_connected());
        let gap = Shape::new(vec![Cell::new(0, 0, 0), Cell::new(2, 0, 0)]);
        assert!(!gap.is_connected());
        let diagonal = Shape::new(vec![Cell::new(0, 0, 0), Cell::new(1, 1, 0)]);
        assert!(!diagonal.is_connected());
    }
}
