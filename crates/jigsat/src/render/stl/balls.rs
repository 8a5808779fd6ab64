//! Pieces of the sphere grid as solids: balls one unit across, each
//! joined to its neighbours in the piece by a neck (touching balls meet
//! in a point, which no printer can make), the surface found by marching
//! tetrahedra.
//!
//! The solid is the set where a distance field is negative: the distance
//! to the nearest ball's surface or neck's side. It is sampled on a cubic
//! grid of `RES` points a unit, each grid cube cut into six tetrahedra
//! along its long diagonal (the same cut in every cube, so neighbouring
//! tetrahedra share their faces), and in each tetrahedron the surface is
//! one or two triangles whose corners lie on its edges where the field
//! crosses zero. A corner is computed from its edge alone, in one order,
//! so two tetrahedra sharing an edge put it at the same point: the
//! surface is closed. A tetrahedron has no ambiguous case, unlike a
//! marching cube.
//!
//! `--gap` takes half the gap off each ball's radius; the necks keep
//! theirs, being inside the piece.

use crate::geometry::Point3;

use super::prisms::Facet;

/// Grid points a unit.
const RES: f64 = 12.0;

/// A neck's radius, in units.
const NECK: f64 = 0.2;

/// The six tetrahedra of a grid cube: the corners by their bits (x, y, z
/// as 1, 2, 4), each path from corner 0 to corner 7 along three edges.
const TETRAHEDRA: [[usize; 4]; 6] = [
    [0, 1, 3, 7],
    [0, 1, 5, 7],
    [0, 2, 3, 7],
    [0, 2, 6, 7],
    [0, 4, 5, 7],
    [0, 4, 6, 7],
];

/// The closed surface of balls at `centres` (in units), with a neck
/// along each of `links` (pairs of indices into `centres`), each ball
/// narrower by half the gap `g` (in units).
pub fn surface(centres: &[Point3], links: &[(usize, usize)], g: f64) -> Vec<Facet> {
    let radius = 0.5 - g.clamp(0.0, 0.5 - NECK);
    let h = 1.0 / RES;
    // Room for a ball and a grid step round it, so that the grid's edge
    // is outside.
    let room = 0.5 + 2.0 * h;
    let lo = [0, 1, 2].map(|a| centres.iter().map(|c| c[a]).fold(f64::MAX, f64::min) - room);
    let hi = [0, 1, 2].map(|a| centres.iter().map(|c| c[a]).fold(f64::MIN, f64::max) + room);
    let n = [0, 1, 2].map(|a| ((hi[a] - lo[a]) / h).ceil() as usize + 1);
    let at = |i: usize| {
        let (x, y, z) = (i % n[0], i / n[0] % n[1], i / n[0] / n[1]);
        [
            lo[0] + x as f64 * h,
            lo[1] + y as f64 * h,
            lo[2] + z as f64 * h,
        ]
    };
    let field: Vec<f64> = (0..n[0] * n[1] * n[2])
        .map(|i| {
            let d = distance(at(i), centres, links, radius);
            // Never exactly zero: every surface corner then lies strictly
            // inside its edge, apart from every other.
            if d.abs() < 1e-2 * h { 1e-2 * h } else { d }
        })
        .collect();
    let mut out = Vec::new();
    for z in 0..n[2] - 1 {
        for y in 0..n[1] - 1 {
            for x in 0..n[0] - 1 {
                let base = x + n[0] * (y + n[1] * z);
                let corner =
                    |bits: usize| base + (bits & 1) + n[0] * ((bits >> 1 & 1) + n[1] * (bits >> 2));
                // Most cubes lie wholly inside or outside: no surface.
                let inside = (0..8).filter(|&b| field[corner(b)] < 0.0).count();
                if inside == 0 || inside == 8 {
                    continue;
                }
                for tet in TETRAHEDRA {
                    march(&mut out, tet.map(corner), &field, &at);
                }
            }
        }
    }
    out
}

/// The field at `p`: below zero inside a ball or a neck.
fn distance(p: Point3, centres: &[Point3], links: &[(usize, usize)], radius: f64) -> f64 {
    let balls = centres.iter().map(|&c| norm(sub(p, c)) - radius);
    let necks = links.iter().map(|&(a, b)| {
        let (a, b) = (centres[a], centres[b]);
        let axis = sub(b, a);
        let t = (dot(sub(p, a), axis) / dot(axis, axis)).clamp(0.0, 1.0);
        norm(sub(p, [0, 1, 2].map(|i| a[i] + t * axis[i]))) - NECK
    });
    balls.chain(necks).fold(f64::MAX, f64::min)
}

/// The surface in one tetrahedron (grid indices `v`), facing out.
fn march(out: &mut Vec<Facet>, v: [usize; 4], field: &[f64], at: &impl Fn(usize) -> Point3) {
    let (inside, outside): (Vec<usize>, Vec<usize>) = v.iter().partition(|&&i| field[i] < 0.0);
    // Where the field crosses zero on the edge between grid points a and
    // b, computed in the order of their indices.
    let cut = |a: usize, b: usize| {
        let (a, b) = (a.min(b), a.max(b));
        let t = field[a] / (field[a] - field[b]);
        let (pa, pb) = (at(a), at(b));
        [0, 1, 2].map(|k| pa[k] + t * (pb[k] - pa[k]))
    };
    let mean = |set: &[usize]| {
        let s = set.iter().fold([0.0; 3], |m, &i| {
            let p = at(i);
            [m[0] + p[0], m[1] + p[1], m[2] + p[2]]
        });
        s.map(|v| v / set.len() as f64)
    };
    let facets: Vec<Facet> = match (inside.as_slice(), outside.as_slice()) {
        ([a], [b, c, d]) | ([b, c, d], [a]) => vec![[cut(*a, *b), cut(*a, *c), cut(*a, *d)]],
        ([a, b], [c, d]) => {
            let (ac, ad, bd, bc) = (cut(*a, *c), cut(*a, *d), cut(*b, *d), cut(*b, *c));
            vec![[ac, ad, bd], [ac, bd, bc]]
        }
        _ => return,
    };
    let outward = sub(mean(&outside), mean(&inside));
    for [p, q, r] in facets {
        let normal = cross(sub(q, p), sub(r, p));
        out.push(if dot(normal, outward) < 0.0 {
            [p, r, q]
        } else {
            [p, q, r]
        });
    }
}

fn sub(a: Point3, b: Point3) -> Point3 {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

fn dot(a: Point3, b: Point3) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

fn cross(a: Point3, b: Point3) -> Point3 {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

fn norm(a: Point3) -> f64 {
    dot(a, a).sqrt()
}
