//! Rhombic dodecahedra: BurrTools' rhombic grid (its grid type 3), read
//! as the small tetrahedra BurrTools builds it from.
//!
//! Space is cut into cubes of side 5 (BurrTools' voxel array holds one in
//! each 5 × 5 × 5 block), each cube into 24 tetrahedra: the cube's centre
//! with a quarter of one face (the face cut along both diagonals). A
//! rhombic dodecahedron is 48 of them — a cube's 24 and the 24 of the six
//! cubes beside it that point at it — and a stellation or a partial cell
//! is some other set, which is why a piece is a set of tetrahedra, not of
//! dodecahedra. BurrTools keeps the voxel at (2, 2, 2) + p for each p of
//! the 24 signed permutations of (2, 1, 0): the quarter of face ±x (the
//! coordinate 2) towards the axis of the coordinate 1.
//!
//! The embedding is that voxel array moved by −2, so the cubes' centres
//! are the multiples of 5 and each tetrahedron is a point p plus
//! (5a, 5b, 5c). The cube's 48 symmetries about the origin map these points onto
//! each other (BurrTools turns by its 24 rotations); the translations are
//! whole cubes (measured with burrTxt: a tetrahedron moves by 5 along one
//! axis, see tests/burrtools_rgrids.rs).

use super::Cell;

/// The side of a cube in the embedding: the period of the voxel array.
pub(super) const SIDE: i32 = 5;

/// Which voxels are cells, for messages.
pub const EXPECTED: &str = "in each 5 × 5 × 5 block of voxels, only the 24 at (2, 2, 2) plus a signed permutation of (2, 1, 0) are tetrahedra of the rhombic grid";

/// A coordinate's place in its cube: −2 to 2, the cube's centre 0.
fn local(v: i32) -> i32 {
    (v + 2).rem_euclid(SIDE) - 2
}

/// Whether `c` is one of the tetrahedra: its place in its cube a signed
/// permutation of (2, 1, 0).
pub(super) fn contains(c: Cell) -> bool {
    let mut a = c.coords().map(|v| local(v).abs());
    a.sort_unstable();
    a == [0, 1, 2]
}

/// The four tetrahedra that share a face with `c`: the one across the
/// cube's face, the one on the next face along the same edge, and the
/// two beside it on its own face.
pub(super) fn neighbours(c: Cell) -> Vec<Cell> {
    let p = c.coords().map(local);
    let face = (0..3).find(|&a| p[a].abs() == 2).unwrap_or(0);
    let towards = (0..3).find(|&a| p[a].abs() == 1).unwrap_or(1);
    let other = 3 - face - towards;
    let (s, t) = (p[face].signum(), p[towards].signum());
    let step = |d: &[(usize, i32)]| {
        let mut v = c.coords();
        for &(axis, by) in d {
            v[axis] += by;
        }
        Cell::from_coords(v)
    };
    vec![
        step(&[(face, s)]),
        step(&[(face, -s), (towards, t)]),
        step(&[(towards, -t), (other, 1)]),
        step(&[(towards, -t), (other, -1)]),
    ]
}

/// Where the normal form puts a shape whose box starts at `lo`: `lo`
/// modulo whole cubes.
pub(super) fn home(lo: [i32; 3]) -> [i32; 3] {
    lo.map(|v| v.rem_euclid(SIDE))
}

/// Whether the shift from `from` to `to` is whole cubes.
pub(super) fn translates(from: Cell, to: Cell) -> bool {
    (to.x - from.x) % SIDE == 0 && (to.y - from.y) % SIDE == 0 && (to.z - from.z) % SIDE == 0
}

/// One cube's step along each axis.
pub(super) const SLIDES: [Cell; 3] = [
    Cell::new(SIDE, 0, 0),
    Cell::new(0, SIDE, 0),
    Cell::new(0, 0, SIDE),
];

/// The tetrahedron at BurrTools' voxel `v`, or `None` for a voxel no
/// tetrahedron sits at.
pub fn from_voxel(v: Cell) -> Option<Cell> {
    let c = Cell::new(v.x - 2, v.y - 2, v.z - 2);
    contains(c).then_some(c)
}

/// BurrTools' voxel of tetrahedron `c`: the inverse of [`from_voxel`].
pub fn to_voxel(c: Cell) -> Cell {
    Cell::new(c.x + 2, c.y + 2, c.z + 2)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Transform;

    fn cube(at: [i32; 3]) -> Vec<Cell> {
        let mut out = Vec::new();
        for x in -2..=2 {
            for y in -2..=2 {
                for z in -2..=2 {
                    let c = Cell::new(5 * at[0] + x, 5 * at[1] + y, 5 * at[2] + z);
                    if contains(c) {
                        out.push(c);
                    }
                }
            }
        }
        out
    }

    #[test]
    fn a_cube_holds_24_tetrahedra_each_with_four_neighbours_both_ways() {
        let cells = cube([1, -1, 0]);
        assert_eq!(cells.len(), 24);
        for &c in &cells {
            let n = neighbours(c);
            assert_eq!(n.len(), 4);
            for m in n {
                assert!(contains(m), "{c} -> {m}");
                assert!(neighbours(m).contains(&c), "{m} does not see {c}");
            }
            for t in Transform::all() {
                assert!(contains(t.apply(c)));
            }
        }
        // Exactly one neighbour lies in another cube: the one across the face.
        let outside = neighbours(Cell::new(5, -6, -2))
            .into_iter()
            .filter(|m| !cells.contains(m))
            .collect::<Vec<_>>();
        assert_eq!(outside, [Cell::new(5, -6, -3)]);
    }

    #[test]
    fn voxels_round_trip_and_off_grid_voxels_are_refused() {
        assert_eq!(from_voxel(Cell::new(2, 1, 0)), Some(Cell::new(0, -1, -2)));
        assert_eq!(to_voxel(Cell::new(0, -1, -2)), Cell::new(2, 1, 0));
        assert_eq!(from_voxel(Cell::new(2, 2, 2)), None, "the centre");
        assert_eq!(from_voxel(Cell::new(0, 0, 0)), None, "a corner");
    }
}
