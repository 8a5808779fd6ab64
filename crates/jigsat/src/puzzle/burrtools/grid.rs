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
//! - **rhombic dodecahedra** (type 3): the array is cut into 5 × 5 × 5
//!   blocks, one cube each, and only the 24 voxels at (2, 2, 2) plus a
//!   signed permutation of (2, 1, 0) are used: the tetrahedra from the
//!   cube's centre to a quarter of each face, 48 to a dodecahedron
//!   ([`crate::geometry::rhombic`]). Every file's voxels are among those
//!   24; burrTxt moves a piece by whole blocks (a tetrahedron fits the
//!   same tetrahedron one block along) and turns it by the cube's 24
//!   rotations about the block's centre.
//! - **tetrahedra and octahedra** (type 4): 6 × 6 × 6 blocks of 40 used
//!   voxels, a cube's corner tetrahedra and its octahedra's eighths
//!   ([`crate::geometry::tetra_octa`]); burrTxt moves an octahedron from
//!   a block's centre to the middle of its edge (3 voxels along two axes)
//!   or by a whole block, not to the middle of a face.

use crate::geometry::{Cell, Lattice, rhombic, tetra_octa};

/// A BurrTools grid jigsat reads.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Grid {
    #[default]
    Cubes,
    Prisms,
    Spheres,
    Rhombic,
    TetraOcta,
}

/// Every grid, in BurrTools' order.
const ALL: [Grid; 5] = [
    Grid::Cubes,
    Grid::Prisms,
    Grid::Spheres,
    Grid::Rhombic,
    Grid::TetraOcta,
];

impl Grid {
    /// The grid of BurrTools' `gridType`, when jigsat reads it.
    pub fn of(kind: usize) -> Option<Grid> {
        ALL.get(kind).copied()
    }

    /// BurrTools' `gridType` number.
    pub fn kind(self) -> usize {
        match self {
            Grid::Cubes => 0,
            Grid::Prisms => 1,
            Grid::Spheres => 2,
            Grid::Rhombic => 3,
            Grid::TetraOcta => 4,
        }
    }

    pub fn lattice(self) -> Lattice {
        match self {
            Grid::Cubes => Lattice::Cubic,
            Grid::Prisms => Lattice::Prisms,
            Grid::Spheres => Lattice::Spheres,
            Grid::Rhombic => Lattice::Rhombic,
            Grid::TetraOcta => Lattice::TetraOcta,
        }
    }

    /// The grid whose cells lie on `lattice`, when BurrTools has one.
    pub fn on(lattice: Lattice) -> Option<Grid> {
        ALL.into_iter().find(|g| g.lattice() == lattice)
    }

    /// The lattice point of voxel `v`, or `None` when the voxel is no
    /// cell of the grid (a ball at odd x + y + z, a voxel of a block that
    /// holds no tetrahedron).
    pub fn embed(self, v: Cell) -> Option<Cell> {
        match self {
            Grid::Cubes => Some(v),
            Grid::Spheres => ((v.x + v.y + v.z).rem_euclid(2) == 0).then_some(v),
            Grid::Prisms => {
                let t = (v.x + v.y).rem_euclid(2);
                let x = (v.x - t - v.y).div_euclid(2);
                Some(Cell::new(3 * x + 1 + t, 3 * v.y + 1 + t, v.z))
            }
            Grid::Rhombic => rhombic::from_voxel(v),
            Grid::TetraOcta => tetra_octa::from_voxel(v),
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
            Grid::Rhombic => rhombic::to_voxel(c),
            Grid::TetraOcta => tetra_octa::to_voxel(c),
        }
    }

    /// Why voxel `v` of a shape is no cell, after "shape N has ".
    pub fn off_grid(self, v: Cell) -> String {
        match self {
            Grid::Rhombic => format!("a voxel at {v}, {}", rhombic::EXPECTED),
            Grid::TetraOcta => format!("a voxel at {v}, {}", tetra_octa::EXPECTED),
            _ => format!(
                "a ball at {v}, where x + y + z is odd: the sphere grid uses the voxels of even sum only"
            ),
        }
    }

    /// Where a `<voxel>` box holding cells whose voxels start at `lo`
    /// (or at the origin) starts, so that BurrTools reads the same cells:
    /// a ball's or a triangle's kind kept by a shift of even sum, a
    /// block's voxels kept by whole blocks.
    pub fn box_origin(self, lo: [i32; 3]) -> [i32; 3] {
        let mut lo = lo.map(|v| v.min(0));
        let odd = match self {
            Grid::Cubes => false,
            Grid::Spheres => (lo[0] + lo[1] + lo[2]).rem_euclid(2) == 1,
            Grid::Prisms => (lo[0] + lo[1]).rem_euclid(2) == 1,
            Grid::Rhombic => return lo.map(|v| v - v.rem_euclid(5)),
            Grid::TetraOcta => return lo.map(|v| v - v.rem_euclid(6)),
        };
        if odd {
            lo[0] -= 1;
        }
        lo
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
