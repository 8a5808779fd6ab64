//! How BurrTools lays each grid's cells in its voxel array, and the
//! lattice jigsat puts them on.
//!
//! Worked out from BurrTools' files and from runs of its text tool on
//! small files (see tests/burrtools_grids.rs), not from its source:
//!
//! - **cubes** (type 0): voxel (x, y, z) is the cube at that point.
//! - **prisms** (type 1): layer z is a plane of equilateral triangles in
//!   rows y; along a row, x alternates the two kinds of triangle, and the
//!   triangle at x + y odd shares its horizontal edge with (x, y + 1)
//!   (burrTxt fits two triangles into (1, 0) and (1, 1), not into (0, 0)
//!   and (0, 1)). Prism (x, y, z) is the triangle `[X, y, t]` of the flat
//!   grid lifted to layer z, with t = (x + y) mod 2 and X = (x − t − y) / 2.
//! - **spheres** (type 2): voxel (x, y, z) is the ball at that point, and
//!   only voxels of even x + y + z are balls (face-centred cubic, the
//!   lattice's own embedding). BurrTools turns a piece whose balls lie in
//!   one plane over in that plane, which on a plane of the hexagonal
//!   layers is not a move of the whole lattice: such a piece may take its
//!   mirror images, which for a flat piece are turns in space.

use crate::geometry::{Cell, Lattice};

/// A BurrTools grid jigsat reads.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Grid {
    #[default]
    Cubes,
    Prisms,
    Spheres,
}

impl Grid {
    /// The grid of BurrTools' `gridType`, when jigsat reads it.
    pub fn of(kind: usize) -> Option<Grid> {
        match kind {
            0 => Some(Grid::Cubes),
            1 => Some(Grid::Prisms),
            2 => Some(Grid::Spheres),
            _ => None,
        }
    }

    /// BurrTools' `gridType` number.
    pub fn kind(self) -> usize {
        match self {
            Grid::Cubes => 0,
            Grid::Prisms => 1,
            Grid::Spheres => 2,
        }
    }

    pub fn lattice(self) -> Lattice {
        match self {
            Grid::Cubes => Lattice::Cubic,
            Grid::Prisms => Lattice::Prisms,
            Grid::Spheres => Lattice::Spheres,
        }
    }

    /// The grid whose cells lie on `lattice`, when BurrTools has one.
    pub fn on(lattice: Lattice) -> Option<Grid> {
        [Grid::Cubes, Grid::Prisms, Grid::Spheres]
            .into_iter()
            .find(|g| g.lattice() == lattice)
    }

    /// The lattice point of voxel `v`, or `None` when the voxel is no
    /// cell of the grid (a ball at odd x + y + z).
    pub fn embed(self, v: Cell) -> Option<Cell> {
        match self {
            Grid::Cubes => Some(v),
            Grid::Spheres => ((v.x + v.y + v.z).rem_euclid(2) == 0).then_some(v),
            Grid::Prisms => {
                let t = (v.x + v.y).rem_euclid(2);
                let x = (v.x - t - v.y).div_euclid(2);
                Some(Cell::new(3 * x + 1 + t, 3 * v.y + 1 + t, v.z))
            }
        }
    }

    /// The voxel of lattice point `c`: the inverse of [`Grid::embed`].
    pub fn voxel(self, c: Cell) -> Cell {
        match self {
            Grid::Cubes | Grid::Spheres => c,
            Grid::Prisms => {
                let t = c.x.rem_euclid(3) - 1;
                let (x, y) = ((c.x - 1 - t) / 3, (c.y - 1 - t) / 3);
                Cell::new(2 * x + t + y, y, c.z)
            }
        }
    }

    /// Whether BurrTools turns a piece of these cells over as if mirrored:
    /// on the sphere grid, when its balls lie in one plane.
    pub fn turns_over(self, cells: &[Cell]) -> bool {
        self == Grid::Spheres && coplanar(cells)
    }
}

/// Whether the points lie in one plane (any three or fewer do).
pub fn coplanar(cells: &[Cell]) -> bool {
    let Some(&first) = cells.first() else {
        return true;
    };
    let d: Vec<[i64; 3]> = cells
        .iter()
        .map(|c| [c.x - first.x, c.y - first.y, c.z - first.z].map(i64::from))
        .collect();
    let cross = |a: [i64; 3], b: [i64; 3]| {
        [
            a[1] * b[2] - a[2] * b[1],
            a[2] * b[0] - a[0] * b[2],
            a[0] * b[1] - a[1] * b[0],
        ]
    };
    let Some(normal) = d
        .iter()
        .flat_map(|&a| d.iter().map(move |&b| cross(a, b)))
        .find(|n| *n != [0; 3])
    else {
        return true;
    };
    d.iter()
        .all(|v| v[0] * normal[0] + v[1] * normal[1] + v[2] * normal[2] == 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prisms_embed_and_come_back() {
        for z in 0..2 {
            for y in 0..4 {
                for x in 0..6 {
                    let v = Cell::new(x, y, z);
                    let c = Grid::Prisms.embed(v).unwrap();
                    assert!(Lattice::Prisms.contains(c), "{v} -> {c}");
                    assert_eq!(Grid::Prisms.voxel(c), v);
                }
            }
        }
        // Along a row the triangles alternate and touch; x + y odd
        // touches the row after it.
        let at = |x, y| Grid::Prisms.embed(Cell::new(x, y, 0)).unwrap();
        let n = Lattice::Prisms.neighbours(at(3, 2));
        assert!(n.contains(&at(2, 2)) && n.contains(&at(4, 2)) && n.contains(&at(3, 3)));
        assert!(!n.contains(&at(3, 1)));
    }

    #[test]
    fn flat_shapes_are_coplanar() {
        let c = |x, y, z| Cell::new(x, y, z);
        assert!(coplanar(&[c(2, 0, 0), c(1, 1, 0), c(0, 2, 0), c(0, 1, 1)]));
        assert!(!coplanar(&[c(0, 0, 0), c(1, 1, 0), c(1, 2, 1), c(2, 2, 2)]));
        assert!(coplanar(&[c(0, 0, 0), c(1, 1, 0), c(2, 2, 0)]));
    }
}
