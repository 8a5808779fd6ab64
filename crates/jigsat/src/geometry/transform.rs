//! The 48 symmetries of the cube as signed permutation matrices.
//!
//! Every rigid motion of the lattice that fixes the origin permutes the
//! three axes and flips some of them. There are 3! * 2^3 = 48 such maps;
//! the 24 with determinant +1 are the rotations a real solid can make, the
//! other 24 add a mirror. Translations are handled separately (shapes are
//! normalized), so these 48 are all the "moves" a puzzle piece has.

use super::Cell;

/// `apply(c)[i] = sign[i] * c[perm[i]]`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Transform {
    perm: [u8; 3],
    sign: [i8; 3],
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
        perm: [0, 1, 2],
        sign: [1, 1, 1],
    };

    /// The reflection x -> -x, used for "mirror" when pieces may not turn.
    pub const MIRROR_X: Transform = Transform {
        perm: [0, 1, 2],
        sign: [-1, 1, 1],
    };

    /// All 48 signed permutations, identity first.
    pub fn all() -> Vec<Transform> {
        let mut out = Vec::with_capacity(48);
        for perm in PERMUTATIONS {
            for bits in 0..8u8 {
                let sign = [0, 1, 2].map(|i| if bits >> i & 1 == 1 { -1 } else { 1 });
                out.push(Transform { perm, sign });
            }
        }
        out
    }

    pub fn apply(self, c: Cell) -> Cell {
        let v = c.coords();
        Cell::from_coords([0, 1, 2].map(|i| self.sign[i] as i32 * v[self.perm[i] as usize]))
    }

    /// `self.then(other)` applies `self` first, then `other`.
    pub fn then(self, other: Transform) -> Transform {
        // other(self(c))[i] = so[i] * self(c)[po[i]] = so[i] * ss[po[i]] * c[ps[po[i]]]
        let perm = [0, 1, 2].map(|i| self.perm[other.perm[i] as usize]);
        let sign = [0, 1, 2].map(|i| other.sign[i] * self.sign[other.perm[i] as usize]);
        Transform { perm, sign }
    }

    pub fn inverse(self) -> Transform {
        let mut perm = [0u8; 3];
        let mut sign = [1i8; 3];
        for i in 0..3 {
            let j = self.perm[i] as usize;
            perm[j] = i as u8;
            sign[j] = self.sign[i];
        }
        Transform { perm, sign }
    }

    /// +1 for a rotation, -1 for a motion that includes a mirror.
    pub fn determinant(self) -> i32 {
        let inversions = (0..3)
            .flat_map(|i| (i + 1..3).map(move |j| (i, j)))
            .filter(|&(i, j)| self.perm[i] > self.perm[j])
            .count();
        let parity = if inversions % 2 == 0 { 1 } else { -1 };
        parity * self.sign.iter().map(|&s| s as i32).product::<i32>()
    }

    pub fn is_rotation(self) -> bool {
        self.determinant() == 1
    }

    /// Whether the z axis is mapped to itself (possibly reversed): the
    /// motions that keep a flat piece lying flat.
    pub fn keeps_layers(self) -> bool {
        self.perm[2] == 2
    }

    /// Whether the motion happens within the xy-plane (z is untouched).
    pub fn is_planar(self) -> bool {
        self.perm[2] == 2 && self.sign[2] == 1
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
