//! Pieces of BurrTools' rhombic and tetrahedral-octahedral grids as
//! solids: every cell is a tetrahedron ([`tetrahedron_faces`]), the cells of a
//! grid meet face to face, so a piece's surface is the faces of its cells
//! that no other cell of the piece has, each turned to face out.
//!
//! `--gap` moves each corner of the surface inwards: along the mean of
//! the distinct planes of the faces round it, as far as moves each of
//! those planes back by half the gap when they are two or three at right
//! angles (a flat side, an edge, a cube's corner), close to it otherwise.
//! The surface keeps its triangles and stays closed; a piece touching
//! itself only at a corner or an edge has one corner there, moved once.
//! Half the gap is at most [`MOST`] units, well inside the thinnest cell.

/// The most half the gap can take, in units: a cell's corner moved
/// further could pass the face across it.
pub const MOST: f64 = 0.05;

use std::collections::{BTreeMap, HashMap};

use crate::geometry::{Cell, Lattice, Point3, corner_point, normal, tetrahedron_faces, unit};

use super::prisms::Facet;

/// A face as three integer corners (see [`tetrahedron_faces`]), turning
/// anticlockwise seen from outside.
type Face = [[i32; 3]; 3];

/// The closed surface of `cells` in the printer's frame (X = x, Y = -y,
/// Z = z), drawn back by `g` units (half the gap); `flat`: turned to lie
/// on the side of it with the largest area, for a piece file.
pub fn surface(lattice: Lattice, cells: &[Cell], g: f64, flat: bool) -> Vec<Facet> {
    let faces = boundary(lattice, cells);
    let point = |p: [i32; 3]| {
        let q = corner_point(lattice, p);
        [q[0], -q[1], q[2]]
    };
    let moved = shrink(&faces, point, g);
    let mut out: Vec<Facet> = faces.iter().map(|f| f.map(|p| moved[&p])).collect();
    if flat {
        let down = largest_side(&out);
        let turn = turn_down(down);
        for t in &mut out {
            *t = t.map(|p| apply(&turn, p));
        }
    }
    out
}

/// The faces of `cells` met once, in the order of the cells (so that a
/// piece gives the same file each time), turned to face out in the
/// printer's frame: its Y = -y is a mirror, so each face is turned over.
fn boundary(lattice: Lattice, cells: &[Cell]) -> Vec<Face> {
    let all: Vec<Face> = (cells.iter())
        .filter_map(|&c| tetrahedron_faces(lattice, c))
        .flatten()
        .map(|[a, b, c]| [a, c, b])
        .collect();
    let key = |f: &Face| {
        let mut k = *f;
        k.sort_unstable();
        k
    };
    let mut seen: HashMap<Face, usize> = HashMap::new();
    for f in &all {
        *seen.entry(key(f)).or_default() += 1;
    }
    all.into_iter().filter(|f| seen[&key(f)] == 1).collect()
}

/// Each corner of `faces` in space (`point`), moved `g` inwards (see the
/// module notes).
fn shrink(faces: &[Face], point: impl Fn([i32; 3]) -> Point3, g: f64) -> HashMap<[i32; 3], Point3> {
    let mut planes: BTreeMap<[i32; 3], Vec<Point3>> = BTreeMap::new();
    for f in faces {
        let n = unit(normal(f.map(&point)));
        for p in f {
            let seen = planes.entry(*p).or_default();
            if !seen
                .iter()
                .any(|m| (0..3).all(|a| (m[a] - n[a]).abs() < 1e-9))
            {
                seen.push(n);
            }
        }
    }
    (planes.into_iter())
        .map(|(p, normals)| {
            let k = normals.len() as f64;
            let mean = [0, 1, 2].map(|a| normals.iter().map(|n| n[a]).sum::<f64>() / k);
            let square: f64 = mean.iter().map(|v| v * v).sum();
            let q = point(p);
            if g == 0.0 || square < 1e-9 {
                return (p, q);
            }
            (p, [0, 1, 2].map(|a| q[a] - g * mean[a] / square))
        })
        .collect()
}

/// The outward direction of the side of the surface with the most area
/// in one plane on the outside (no part of the solid beyond it): the
/// side to lie on.
fn largest_side(facets: &[Facet]) -> Point3 {
    let mut best = ([0.0, 0.0, -1.0], 0.0);
    let mut areas: Vec<(Point3, f64)> = Vec::new();
    for t in facets {
        let n = normal(*t);
        let area = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt() / 2.0;
        let n = unit(n);
        let reach = |p: &Point3| n[0] * p[0] + n[1] * p[1] + n[2] * p[2];
        let top = facets.iter().flatten().map(reach).fold(f64::MIN, f64::max);
        if (reach(&t[0]) - top).abs() > 1e-6 {
            continue;
        }
        match areas
            .iter_mut()
            .find(|(m, _)| (0..3).all(|a| (m[a] - n[a]).abs() < 1e-6))
        {
            Some(side) => side.1 += area,
            None => areas.push((n, area)),
        }
    }
    for (n, area) in areas {
        if area > best.1 + 1e-9 {
            best = (n, area);
        }
    }
    best.0
}

/// The turn (a rotation matrix, by rows) taking unit direction `n` to
/// straight down (−Z).
fn turn_down(n: Point3) -> [Point3; 3] {
    let down = [0.0, 0.0, -1.0];
    let axis = [
        n[1] * down[2] - n[2] * down[1],
        n[2] * down[0] - n[0] * down[2],
        0.0,
    ];
    let (sin, cos) = ((axis[0] * axis[0] + axis[1] * axis[1]).sqrt(), -n[2]);
    if sin < 1e-12 {
        // Already down, or straight up: half a turn about X.
        let s = if cos > 0.0 { 1.0 } else { -1.0 };
        return [[1.0, 0.0, 0.0], [0.0, s, 0.0], [0.0, 0.0, s]];
    }
    let k = axis.map(|v| v / sin);
    // Rodrigues: R = I cos + sin [k]x + (1 − cos) k kᵀ.
    let cross = [[0.0, -k[2], k[1]], [k[2], 0.0, -k[0]], [-k[1], k[0], 0.0]];
    let mut r = [[0.0; 3]; 3];
    for i in 0..3 {
        for j in 0..3 {
            let identity = if i == j { cos } else { 0.0 };
            r[i][j] = identity + sin * cross[i][j] + (1.0 - cos) * k[i] * k[j];
        }
    }
    r
}

fn apply(r: &[Point3; 3], p: Point3) -> Point3 {
    [0, 1, 2].map(|i| r[i][0] * p[0] + r[i][1] * p[1] + r[i][2] * p[2])
}
