//! The moves of a piece: linear integer maps of the lattice's points.
//!
//! Every motion that fixes the origin is a 3 × 3 integer matrix acting on
//! a cell's coordinates (see [`super::Lattice`] for how each grid lays its
//! cells on integer points). On the cubic lattice these are the 48
//! signed permutations of the axes — 3! · 2³ — the 24 with determinant +1
//! being the rotations a real solid can make; on the triangular and
//! hexagonal grids the 12 symmetries of a hexagon, each also with the
//! plane turned over. Translations are handled apart (shapes are
//! normalized), so a lattice's matrices are all the moves a piece has.

use super::Cell;

/// `apply(c)[i] = Σ_j m[i][j] · c[j]`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Transform {
    m: [[i8; 3]; 3],
}

const PERMUTATIONS: [[u8; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

impl Transform {
    pub const IDENTITY: Transform = Transform {
        m: [[1, 0, 0], [0, 1, 0], [0, 0, 1]],
    };

    /// The reflection x -> -x, used for "mirror" when pieces may not turn
    /// on the cubic lattice.
    pub const MIRROR_X: Transform = Transform {
        m: [[-1, 0, 0], [0, 1, 0], [0, 0, 1]],
    };

    /// The map of a matrix (the lattice supplies only symmetries of its
    /// own points).
    pub const fn from_matrix(m: [[i8; 3]; 3]) -> Transform {
        Transform { m }
    }

    /// All 48 signed permutations, identity first: the cubic lattice's
    /// moves, in the order its orientations are listed.
    pub fn all() -> Vec<Transform> {
        let mut out = Vec::with_capacity(48);
        for perm in PERMUTATIONS {
            for bits in 0..8u8 {
                let mut m = [[0i8; 3]; 3];
                for i in 0..3 {
                    m[i][perm[i] as usize] = if bits >> i & 1 == 1 { -1 } else { 1 };
                }
                out.push(Transform { m });
            }
        }
        out
    }

    #[inline]
    pub fn apply(self, c: Cell) -> Cell {
        let v = c.coords();
        let row = |i: usize| {
            let r = self.m[i];
            r[0] as i32 * v[0] + r[1] as i32 * v[1] + r[2] as i32 * v[2]
        };
        Cell::new(row(0), row(1), row(2))
    }

    /// `self.then(other)` applies `self` first, then `other`.
    pub fn then(self, other: Transform) -> Transform {
        let mut m = [[0i8; 3]; 3];
        for (i, row) in m.iter_mut().enumerate() {
            for (j, v) in row.iter_mut().enumerate() {
                *v = (0..3).map(|k| other.m[i][k] * self.m[k][j]).sum();
            }
        }
        Transform { m }
    }

    /// The inverse map: the adjugate, the determinant being ±1 for every
    /// symmetry of a lattice.
    pub fn inverse(self) -> Transform {
        let a = self.m.map(|r| r.map(i32::from));
        let det = self.determinant();
        let mut m = [[0i8; 3]; 3];
        for (i, row) in m.iter_mut().enumerate() {
            for (j, v) in row.iter_mut().enumerate() {
                // The cofactor of a[j][i].
                let (r0, r1) = ((j + 1) % 3, (j + 2) % 3);
                let (c0, c1) = ((i + 1) % 3, (i + 2) % 3);
                let cof = a[r0][c0] * a[r1][c1] - a[r0][c1] * a[r1][c0];
                *v = (cof * det) as i8;
            }
        }
        Transform { m }
    }

    /// +1 for a rotation, -1 for a motion that includes a mirror.
    pub fn determinant(self) -> i32 {
        let a = self.m.map(|r| r.map(i32::from));
        a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1])
            - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0])
            + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0])
    }

    pub fn is_rotation(self) -> bool {
        self.determinant() == 1
    }

    /// Whether the z axis is mapped to itself (possibly reversed) and the
    /// plane to the plane: the motions that keep a flat piece lying flat.
    pub fn keeps_layers(self) -> bool {
        let m = self.m;
        m[2][0] == 0 && m[2][1] == 0 && m[0][2] == 0 && m[1][2] == 0
    }

    /// Whether the motion happens within the xy-plane (z is untouched).
    pub fn is_planar(self) -> bool {
        self.keeps_layers() && self.m[2][2] == 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn group_structure() {
        let all = Transform::all();
        assert_eq!(all.len(), 48);
        assert_eq!(all.iter().filter(|t| t.is_rotation()).count(), 24);
        assert_eq!(all.iter().filter(|t| t.is_planar()).count(), 8);
        let c = Cell::new(1, 2, 3);
        for &a in &all {
            assert_eq!(a.inverse().apply(a.apply(c)), c);
            for &b in &all {
                assert_eq!(a.then(b).apply(c), b.apply(a.apply(c)));
                assert_eq!(a.then(b).determinant(), a.determinant() * b.determinant());
            }
        }
    }
}
