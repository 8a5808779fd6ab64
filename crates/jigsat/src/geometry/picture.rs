//! Where a cell lies in the plane, for pictures: the one vocabulary the
//! flat lattices (lattice.rs, and sticks.rs below it) draw their cells in.
//! Below, where balls, prisms and tetrahedra lie in space, for the solid
//! pictures (the SVG, the page, STL) to share.
//!
//! Every cell of BurrTools' rhombic and tetrahedral-octahedral grids is a
//! tetrahedron (see `rhombic.rs` and `tetra_octa.rs`): the rhombic grid's
//! cube centre with a quarter of one face, the other grid's corner
//! tetrahedra and eighths of octahedra. [`tetrahedron`] gives its corners
//! as integers, so that two cells sharing a face name the same three
//! corners exactly (a piece's surface is the faces no two of its cells
//! share), and [`corner_point`] places them in space.

/// A point of the plane, for pictures.
pub type Point = (f64, f64);

/// A cell's picture: its centre and its corners in order round it.
pub type Polygon = (Point, Vec<Point>);

/// A point of space, for pictures and solids of the 3-D grids.
pub type Point3 = [f64; 3];

/// A triangle's normal by the right-hand rule, not of unit length (its
/// length is twice the triangle's area).
pub fn normal([a, b, c]: [Point3; 3]) -> Point3 {
    let (u, v) = (
        [0, 1, 2].map(|i| b[i] - a[i]),
        [0, 1, 2].map(|i| c[i] - a[i]),
    );
    [
        u[1] * v[2] - u[2] * v[1],
        u[2] * v[0] - u[0] * v[2],
        u[0] * v[1] - u[1] * v[0],
    ]
}

/// `n` scaled to length one (a zero vector stays zero).
pub fn unit(n: Point3) -> Point3 {
    let len = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2])
        .sqrt()
        .max(f64::MIN_POSITIVE);
    n.map(|v| v / len)
}

/// Where a ball of the sphere grid has its centre: the face-centred cubic
/// point scaled so that touching balls are one unit apart (a ball's
/// diameter is the unit).
pub fn ball_centre(c: super::Cell) -> Point3 {
    c.coords().map(|v| f64::from(v) / std::f64::consts::SQRT_2)
}

/// The corners of a prism's triangle, as steps from its point in the
/// lattice's embedding (three times a triangle's centroid, see
/// `prisms.rs`): an up triangle's, then a down one's. A side's two
/// corners `a`, `b` give the neighbour across it, `a + b` minus the
/// prism's point.
pub const PRISM_CORNERS: [[[i32; 2]; 3]; 2] =
    [[[-1, -1], [2, -1], [-1, 2]], [[1, -2], [1, 1], [-2, 1]]];

/// The corners of prism `c`'s triangle in the lattice's embedding, in
/// order round it.
pub fn prism_triangle(c: super::Cell) -> [[i32; 2]; 3] {
    let kind = usize::from(c.x.rem_euclid(3) == 2);
    PRISM_CORNERS[kind].map(|[dx, dy]| [c.x + dx, c.y + dy])
}

/// A point of the prism grid's plane, given in its embedding, where it is
/// drawn: the lattice's axes 60° apart, one unit a triangle's side, y
/// growing down the page as in [`super::Lattice::polygon`]. A prism is
/// one unit high.
pub fn prism_plane([x, y]: [i32; 2]) -> Point {
    let (u, v) = (f64::from(x) / 3.0, f64::from(y) / 3.0);
    (u + v / 2.0, v * 3f64.sqrt() / 2.0)
}

/// The corners of cell `c` of the rhombic or tetrahedral-octahedral grid,
/// in twice the embedding's units (the rhombic cube's half side is 2.5),
/// or `None` on another grid. The corners come in no particular order:
/// a face is found by its three corners.
pub fn tetrahedron(lattice: super::Lattice, c: super::Cell) -> Option<[[i32; 3]; 4]> {
    match lattice {
        super::Lattice::Rhombic => Some(rhombic_corners(c.coords())),
        super::Lattice::TetraOcta => Some(tetra_octa_corners(c.coords())),
        _ => None,
    }
}

/// A rhombic grid cell at `v` (its place in its cube a signed
/// permutation of (2, 1, 0)): the cube's centre, the centre of the face
/// of the coordinate ±2 and the two corners of that face on the side of
/// the coordinate ±1. Cubes have side 5, so 10 doubled.
fn rhombic_corners(v: [i32; 3]) -> [[i32; 3]; 4] {
    let local = v.map(|x| (x + 2).rem_euclid(5) - 2);
    let centre = [0, 1, 2].map(|a| 2 * (v[a] - local[a]));
    let face = (0..3).find(|&a| local[a].abs() == 2).unwrap_or(0);
    let towards = (0..3).find(|&a| local[a].abs() == 1).unwrap_or(1);
    let other = 3 - face - towards;
    let at = |steps: &[(usize, i32)]| {
        let mut p = centre;
        for &(axis, by) in steps {
            p[axis] += 5 * by;
        }
        p
    };
    let (s, t) = (local[face].signum(), local[towards].signum());
    [
        centre,
        at(&[(face, s)]),
        at(&[(face, s), (towards, t), (other, 1)]),
        at(&[(face, s), (towards, t), (other, -1)]),
    ]
}

/// A tetrahedral-octahedral cell at `v` (its place in its cube of side
/// 12 (±3, ±3, ±3), (±1, ±1, ±1) or a signed permutation of (5, 5, 1)):
/// the corner tetrahedron at the cube's corner towards it with the three
/// face centres beside that corner, or the eighth of an octahedron (about
/// the cube's centre, or an edge's middle for a coordinate ±5): its
/// centre and the three vertices on the side of the cell. Doubled.
fn tetra_octa_corners(v: [i32; 3]) -> [[i32; 3]; 4] {
    let local = v.map(|x| (x + 6).rem_euclid(12) - 6);
    let cube = [0, 1, 2].map(|a| v[a] - local[a]);
    let corner = local.iter().all(|x| x.abs() == 3);
    let centre: [i32; 3] = if corner {
        cube
    } else {
        [0, 1, 2].map(|a| {
            cube[a]
                + if local[a].abs() == 5 {
                    6 * local[a].signum()
                } else {
                    0
                }
        })
    };
    let s = [0, 1, 2].map(|a| (v[a] - centre[a]).signum());
    let vertex = |a: usize| {
        let mut p = centre;
        p[a] += 6 * s[a];
        p.map(|x| 2 * x)
    };
    let apex = if corner {
        [0, 1, 2].map(|a| 2 * (centre[a] + 6 * s[a]))
    } else {
        centre.map(|x| 2 * x)
    };
    [apex, vertex(0), vertex(1), vertex(2)]
}

/// The four faces of cell `c` (see [`tetrahedron`]), each turning
/// anticlockwise seen from outside (its right-hand normal points out),
/// or `None` on another grid.
pub fn tetrahedron_faces(lattice: super::Lattice, c: super::Cell) -> Option<[[[i32; 3]; 3]; 4]> {
    let t = tetrahedron(lattice, c)?;
    Some([0, 1, 2, 3].map(|off| {
        let mut f = [0, 1, 2].map(|i| t[(off + 1 + i) % 4]);
        if volume6([f[0], f[1], f[2], t[off]]) > 0 {
            f.swap(1, 2);
        }
        f
    }))
}

/// Six times the signed volume of the tetrahedron `t`: positive when the
/// fourth corner lies on the side the first three's right-hand normal
/// points to.
fn volume6(t: [[i32; 3]; 4]) -> i64 {
    let d = |i: usize| [0, 1, 2].map(|a| i64::from(t[i][a] - t[0][a]));
    let (u, v, w) = (d(1), d(2), d(3));
    u[0] * (v[1] * w[2] - v[2] * w[1]) - u[1] * (v[0] * w[2] - v[2] * w[0])
        + u[2] * (v[0] * w[1] - v[1] * w[0])
}

/// Where a corner of [`tetrahedron`] lies in space: scaled so that, as on
/// the sphere grid, neighbouring whole cells are one unit apart (rhombic
/// dodecahedra's centres, the honeycomb's vertices: a tetrahedron's edge
/// is the unit).
pub fn corner_point(lattice: super::Lattice, p: [i32; 3]) -> Point3 {
    let step = if lattice == super::Lattice::Rhombic {
        10.0
    } else {
        12.0
    };
    p.map(|v| f64::from(v) / (step * std::f64::consts::SQRT_2))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{Cell, Lattice};

    /// The cells with a voxel in the box from `lo` to `hi` (embedding).
    fn cells(lattice: Lattice, lo: i32, hi: i32) -> Vec<Cell> {
        let mut out = Vec::new();
        for x in lo..=hi {
            for y in lo..=hi {
                for z in lo..=hi {
                    let c = Cell::new(x, y, z);
                    if lattice.contains(c) {
                        out.push(c);
                    }
                }
            }
        }
        out
    }

    /// Each of a cell's four neighbours shares one of its faces (three
    /// corners) and lies on the other side of it: the faces are four,
    /// so every face has a neighbour across it and the cells do not
    /// overlap near a face.
    fn assert_face_to_face(lattice: Lattice, cells: &[Cell]) {
        for &c in cells {
            let t = tetrahedron(lattice, c).unwrap();
            let mut faces = Vec::new();
            for n in lattice.neighbours(c) {
                let u = tetrahedron(lattice, n).unwrap();
                let shared: Vec<usize> = (0..4).filter(|&i| u.contains(&t[i])).collect();
                assert_eq!(shared.len(), 3, "{c} and {n}");
                let mine = (0..4).find(|i| !shared.contains(i)).unwrap();
                let theirs = u.into_iter().find(|p| !t.contains(p)).unwrap();
                let mut across = t;
                across[mine] = theirs;
                assert!(
                    volume6(across).signum() == -volume6(t).signum(),
                    "{n} overlaps {c}"
                );
                faces.push(mine);
            }
            faces.sort_unstable();
            assert_eq!(faces, [0, 1, 2, 3], "{c}: a neighbour a face");
            // Each face turns outwards: the corner off it lies behind.
            for f in tetrahedron_faces(lattice, c).unwrap() {
                let off = t.into_iter().find(|p| !f.contains(p)).unwrap();
                assert!(volume6([f[0], f[1], f[2], off]) < 0, "{c}: {f:?}");
            }
        }
    }

    #[test]
    fn rhombic_cells_fill_a_dodecahedron_and_a_cube() {
        let lattice = Lattice::Rhombic;
        let cube = cells(lattice, -2, 2);
        assert_eq!(cube.len(), 24);
        // A cube's 24 and across each of their faces on the cube's faces
        // the 24 pointing at it: a rhombic dodecahedron of two cubes.
        let mut dodecahedron = cube.clone();
        for &c in &cube {
            dodecahedron.extend(
                (lattice.neighbours(c).into_iter())
                    .filter(|n| n.coords().iter().any(|v| v.abs() > 2)),
            );
        }
        assert_eq!(dodecahedron.len(), 48);
        let volume = |cells: &[Cell]| -> i64 {
            (cells.iter())
                .map(|&c| volume6(tetrahedron(lattice, c).unwrap()).abs())
                .sum()
        };
        assert_eq!(volume(&cube), 6 * 10 * 10 * 10, "a doubled cube of side 5");
        assert_eq!(volume(&dodecahedron), 2 * volume(&cube));
        for &c in &cube {
            let t = tetrahedron(lattice, c).unwrap();
            assert!(
                t.iter().flatten().all(|v| v.abs() <= 5),
                "{c} leaves its cube"
            );
        }
        assert_face_to_face(lattice, &cells(lattice, -7, 7));
    }

    #[test]
    fn tetra_octa_cells_fill_a_cube() {
        let lattice = Lattice::TetraOcta;
        let cube = cells(lattice, -6, 6);
        assert_eq!(cube.len(), 40);
        let volume: i64 = (cube.iter())
            .map(|&c| volume6(tetrahedron(lattice, c).unwrap()).abs())
            .sum();
        assert_eq!(volume, 6 * 24 * 24 * 24, "a doubled cube of side 12");
        for &c in &cube {
            let t = tetrahedron(lattice, c).unwrap();
            assert!(
                t.iter().flatten().all(|v| v.abs() <= 12),
                "{c} leaves its cube"
            );
        }
        assert_face_to_face(lattice, &cells(lattice, -18, 18));
        // A tetrahedron's edge is the unit.
        let t = tetrahedron(lattice, Cell::new(3, 3, 3)).unwrap();
        let (a, b) = (corner_point(lattice, t[0]), corner_point(lattice, t[1]));
        let d = (0..3).map(|i| (a[i] - b[i]).powi(2)).sum::<f64>().sqrt();
        assert!((d - 1.0).abs() < 1e-12, "{d}");
    }
}
