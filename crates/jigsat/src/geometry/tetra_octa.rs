//! Tetrahedra and octahedra: BurrTools' tetrahedral-octahedral grid (its
//! grid type 4), read as the pieces BurrTools builds it from.
//!
//! The honeycomb's vertices are a face-centred cubic lattice: take cubes
//! of side 12 with their corners and face centres as vertices. Each cube
//! then holds one octahedron about its centre, eight tetrahedra at its
//! corners and a quarter of each of the twelve octahedra about its edges.
//! BurrTools cuts every octahedron into eighths by the three planes
//! through its centre parallel to the cube's faces, so its voxel array
//! (one cube in each 6 × 6 × 6 block) holds 40 pieces per cube: 8 corner
//! tetrahedra, the 8 eighths of the central octahedron and 24 eighths of
//! edge octahedra — a pieces is a set of these, a whole tetrahedron or
//! octahedron or not.
//!
//! The embedding doubles the voxel array and moves it by −5: point
//! 2v − 5, so the cubes' centres are the multiples of 12 and, about its
//! cube's centre, a piece sits at (±1, ±1, ±1) (an eighth of the central
//! octahedron), (±3, ±3, ±3) (a corner tetrahedron) or a signed
//! permutation of (5, 5, 1) (an eighth of an edge octahedron). The cube's
//! 48 symmetries about the origin map these points onto each other
//! (BurrTools turns by its 24 rotations); the translations are the
//! honeycomb's own, the face-centred cubic lattice of step 6: (6a, 6b, 6c)
//! with a + b + c even (measured with burrTxt: an octahedron moves from a
//! cube's centre to an edge's, not to a face's).

use super::Cell;

/// Half a cube's side in the embedding: the step of the translations.
const STEP: i32 = 6;

/// Which voxels are cells, for messages.
pub const EXPECTED: &str = "in each 6 × 6 × 6 block of voxels, only 40 are pieces of the tetrahedral-octahedral grid: (2.5, 2.5, 2.5) plus half of (±1, ±1, ±1), (±3, ±3, ±3) or a signed permutation of (5, 5, 1)";

/// A coordinate's place in its cube: −5 to 5 (odd), the centre 0.
fn local(v: i32) -> i32 {
    (v + STEP).rem_euclid(2 * STEP) - STEP
}

/// Whether `c` is a piece of the honeycomb (see the module's list).
pub(super) fn contains(c: Cell) -> bool {
    let mut a = c.coords().map(|v| local(v).abs());
    a.sort_unstable();
    matches!(a, [1, 1, 1] | [3, 3, 3] | [1, 5, 5])
}

/// The centre of the octahedron an eighth at `c` belongs to, or `None`
/// for a tetrahedron.
fn octahedron(c: Cell) -> Option<Cell> {
    let p = c.coords().map(local);
    if p.iter().any(|v| v.abs() == 3) {
        return None;
    }
    let centre = p.map(|v| if v.abs() == 5 { STEP * v.signum() } else { 0 });
    Some(Cell::from_coords(
        [0, 1, 2].map(|a| c.coords()[a] - p[a] + centre[a]),
    ))
}

/// The four pieces that share a face with `c`. An eighth of an
/// octahedron at centre + s (s of signs ±1) meets the three eighths with
/// one sign turned, and across its outer face the tetrahedron at
/// centre + 3s; a tetrahedron meets the eighths on its four faces, at
/// itself − 2s for the four s whose signs multiply to its own.
pub(super) fn neighbours(c: Cell) -> Vec<Cell> {
    let v = c.coords();
    if let Some(centre) = octahedron(c) {
        let s = [0, 1, 2].map(|a| v[a] - centre.coords()[a]);
        let mut out: Vec<Cell> = (0..3)
            .map(|a| {
                let mut w = v;
                w[a] -= 2 * s[a];
                Cell::from_coords(w)
            })
            .collect();
        out.push(Cell::from_coords([0, 1, 2].map(|a| v[a] + 2 * s[a])));
        return out;
    }
    let sign = v.map(local).iter().map(|x| x.signum()).product::<i32>();
    let mut out = Vec::with_capacity(4);
    for k in 0..8 {
        let s = [0, 1, 2].map(|a| if k >> a & 1 == 0 { 1 } else { -1 });
        if s.iter().product::<i32>() == sign {
            out.push(Cell::from_coords([0, 1, 2].map(|a| v[a] - 2 * s[a])));
        }
    }
    out
}

/// Where the normal form puts a shape whose box starts at `lo`: `lo`
/// modulo the translations, x in 0 to 11, y and z in 0 to 5.
pub(super) fn home(lo: [i32; 3]) -> [i32; 3] {
    let whole = lo.map(|v| v.div_euclid(STEP));
    let odd = (whole[0] + whole[1] + whole[2]).rem_euclid(2);
    let mut at = lo.map(|v| v.rem_euclid(STEP));
    at[0] += STEP * odd;
    at
}

/// Whether the shift from `from` to `to` is a translation of the
/// honeycomb: multiples of 6 with an even sum of steps.
pub(super) fn translates(from: Cell, to: Cell) -> bool {
    let d = [to.x - from.x, to.y - from.y, to.z - from.z];
    d.iter().all(|v| v % STEP == 0) && (d[0] + d[1] + d[2]) % (2 * STEP) == 0
}

/// A step to the nearest cube of the same kind along three directions.
pub(super) const SLIDES: [Cell; 3] = [
    Cell::new(STEP, STEP, 0),
    Cell::new(STEP, 0, STEP),
    Cell::new(0, STEP, STEP),
];

/// The piece at BurrTools' voxel `v`, or `None` for a voxel no piece sits
/// at.
pub fn from_voxel(v: Cell) -> Option<Cell> {
    let c = Cell::new(2 * v.x - 5, 2 * v.y - 5, 2 * v.z - 5);
    contains(c).then_some(c)
}

/// BurrTools' voxel of piece `c`: the inverse of [`from_voxel`].
pub fn to_voxel(c: Cell) -> Cell {
    Cell::new((c.x + 5) / 2, (c.y + 5) / 2, (c.z + 5) / 2)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Transform;

    #[test]
    fn a_block_holds_40_pieces_each_with_four_neighbours_both_ways() {
        let mut cells = Vec::new();
        for x in 0..6 {
            for y in 0..6 {
                for z in 0..6 {
                    cells.extend(from_voxel(Cell::new(x + 6, y, z - 6)));
                }
            }
        }
        assert_eq!(cells.len(), 40);
        for &c in &cells {
            assert_eq!(to_voxel(c), to_voxel(from_voxel(to_voxel(c)).unwrap()));
            let n = neighbours(c);
            assert_eq!(n.len(), 4);
            for m in n {
                assert!(contains(m), "{c} -> {m}");
                assert!(neighbours(m).contains(&c), "{m} does not see {c}");
            }
            for t in Transform::all() {
                assert!(contains(t.apply(c)));
            }
            for d in SLIDES {
                assert!(contains(c.offset(d)));
                assert!(translates(c, c.offset(d)));
            }
            // Half a block along one axis is no move: an octahedron's
            // eighth would land where none is.
            if octahedron(c).is_some() {
                assert!(!contains(c.offset(Cell::new(STEP, 0, 0))));
            }
        }
        // An octahedron's eighths around the origin, and its tetrahedra.
        let t = Cell::new(3, 3, 3);
        let mut n = neighbours(t);
        n.sort();
        let mut want = vec![
            Cell::new(1, 1, 1),
            Cell::new(5, 5, 1),
            Cell::new(5, 1, 5),
            Cell::new(1, 5, 5),
        ];
        want.sort();
        assert_eq!(n, want);
    }
}
