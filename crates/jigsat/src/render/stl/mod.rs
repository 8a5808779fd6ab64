//! `--format stl`: the pieces as solids for a 3-D printer, and the whole
//! assembly in one file.
//!
//! Binary STL is a list of triangles; a printer's slicer wants every file
//! closed (each edge shared by exactly two triangles) with outward normals.
//! A piece is a union of unit cubes, so its surface is every cube face
//! with no cube of the piece behind it, two triangles each; faces are not
//! merged, which keeps every vertex on a lattice and the surface closed
//! with no cracks. The writer is a few lines (80-byte header, a count, 50
//! bytes a triangle), so no crate is needed.
//!
//! `--gap` shrinks each piece so that printed pieces fit the box: the
//! piece is eroded by half the gap on every side (every point of the solid
//! keeps a cube of side `gap` around it inside the piece). The eroded solid
//! is again made of boxes on a finer lattice — each unit cell cut at `g`
//! and `1 - g` along every axis, `g` being half the gap in cube units — so
//! the same face-by-face surface stays closed.
//!
//! Axes: the pictures show `x` to the right, `y` towards the viewer and
//! `z` up; the STL keeps that look in a printer's right-handed frame
//! (X = x, Y = -y, Z = z), so a printed piece is the piece drawn, never its
//! mirror image. A piece file lies flat on its largest face.
//!
//! The other solid grids have solids of their own, in the same frame:
//! triangular prisms ([`prisms`]), balls joined by necks ([`balls`]) and
//! the tetrahedra of BurrTools' rhombic and tetrahedral-octahedral grids
//! ([`tetrahedra`]). The flat grids have none (see [`super::refusal`]).

mod balls;
mod prisms;
mod tetrahedra;

use std::collections::{BTreeSet, HashSet};

use crate::geometry::{Cell, Lattice, Point3, ball_centre};
use crate::puzzle::Puzzle;
use crate::solution::Solution;

/// Sizes in millimetres.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Print {
    /// The edge of one cube.
    pub unit: f64,
    /// Taken off each piece's width, half on each side.
    pub gap: f64,
}

pub type Triangle = [[f32; 3]; 3];

/// Every piece of `solution` where it lies in the box, each shrunk by the
/// gap, in one file (the command line's `assembly.stl`, the library's
/// STL of a solution).
pub fn assembly(puzzle: &Puzzle, solution: &Solution, print: Print) -> Vec<u8> {
    let lattice = puzzle.board.lattice();
    if matches!(lattice, Lattice::Prisms | Lattice::Spheres) {
        let facets: Vec<Vec<prisms::Facet>> = (solution.pieces().iter())
            .map(|p| solid(lattice, &p.cells, print, false))
            .collect();
        let triangles = millimetres(&facets.concat(), print.unit);
        return file(&format!("{} assembled", puzzle.name), &triangles);
    }
    if lattice.is_voxels() {
        let facets: Vec<prisms::Facet> = (solution.pieces().iter())
            .flat_map(|p| tetrahedra::surface(lattice, &p.cells, shrink(print), false))
            .collect();
        let triangles = millimetres(&facets, print.unit);
        return file(&format!("{} assembled", puzzle.name), &triangles);
    }
    let frame: Vec<Vec<[i32; 3]>> = solution
        .pieces()
        .iter()
        .map(|p| printer_frame(&p.cells))
        .collect();
    let low = [0, 1, 2].map(|a| frame.iter().flatten().map(|c| c[a]).min().unwrap_or(0));
    let triangles: Vec<Triangle> = frame
        .iter()
        .flat_map(|cells| {
            let moved: Vec<[i32; 3]> = cells
                .iter()
                .map(|c| [c[0] - low[0], c[1] - low[1], c[2] - low[2]])
                .collect();
            surface(&moved, print)
        })
        .collect();
    file(&format!("{} assembled", puzzle.name), &triangles)
}

/// One piece's closed surface, laid flat for printing: the cubes on
/// their largest side, prisms on the end with more of them, balls with
/// the most in one layer on the bed, tetrahedra on the largest flat side.
pub fn piece(lattice: Lattice, cells: &[Cell], print: Print) -> Vec<Triangle> {
    match lattice {
        Lattice::Prisms | Lattice::Spheres => {
            millimetres(&solid(lattice, cells, print, true), print.unit)
        }
        Lattice::Rhombic | Lattice::TetraOcta => millimetres(
            &tetrahedra::surface(lattice, cells, shrink(print), true),
            print.unit,
        ),
        _ => surface(&lay_flat(&printer_frame(cells)), print),
    }
}

/// The surface of a piece of prisms or balls in the printer's frame, in
/// units; `flat`: laid on the bed as [`piece`] says.
fn solid(lattice: Lattice, cells: &[Cell], print: Print, flat: bool) -> Vec<prisms::Facet> {
    if lattice == Lattice::Prisms {
        let floor = |z: i32| cells.iter().filter(|c| c.z == z).count();
        let (low, high) = (
            cells.iter().map(|c| c.z).min(),
            cells.iter().map(|c| c.z).max(),
        );
        let upside_down = flat && floor(high.unwrap_or(0)) > floor(low.unwrap_or(0));
        return prisms::surface(cells, print, upside_down);
    }
    let mut frame = printer_frame(cells);
    if flat {
        frame = lay_flat(&frame);
    }
    let centres: Vec<Point3> = (frame.iter())
        .map(|&c| ball_centre(Cell::from_coords(c)))
        .collect();
    let mut links = Vec::new();
    for (i, a) in frame.iter().enumerate() {
        for (j, b) in frame.iter().enumerate().skip(i + 1) {
            let d: Vec<i32> = (0..3).map(|k| (a[k] - b[k]).abs()).collect();
            if d.iter().sum::<i32>() == 2 && d.iter().all(|&v| v <= 1) {
                links.push((i, j));
            }
        }
    }
    balls::surface(&centres, &links, print.gap / 2.0 / print.unit)
}

/// Half the gap in units, as far as a surface of tetrahedra can be drawn
/// back ([`tetrahedra::MOST`]).
fn shrink(print: Print) -> f64 {
    (print.gap / 2.0 / print.unit).clamp(0.0, tetrahedra::MOST)
}

/// Facets in units as the file's triangles in millimetres, moved so that
/// the lowest corner on each axis is at 0.
fn millimetres(facets: &[prisms::Facet], unit: f64) -> Vec<Triangle> {
    let low = [0, 1, 2].map(|a| {
        let m = facets
            .iter()
            .flatten()
            .map(|p| p[a])
            .fold(f64::MAX, f64::min);
        if m.is_finite() { m } else { 0.0 }
    });
    (facets.iter())
        .map(|t| t.map(|p| [0, 1, 2].map(|a| ((p[a] - low[a]) * unit) as f32)))
        .collect()
}

/// A closed surface of the cubes `cells` (in the printer's frame, see
/// [`printer_frame`]), each shrunk by the gap.
pub fn surface(cells: &[[i32; 3]], print: Print) -> Vec<Triangle> {
    let solid = Eroded::new(cells, print);
    let mut out = Vec::new();
    for b in &solid.boxes {
        for axis in 0..3 {
            for side in [-1, 1] {
                let mut n = *b;
                n[axis] += side;
                if !solid.boxes.contains(&n) {
                    solid.face(&mut out, *b, axis, side);
                }
            }
        }
    }
    out
}

/// A solid on the fine lattice: the boxes of the eroded piece and where
/// the lattice's lines lie.
struct Eroded {
    /// Sorted, so that the same piece gives the same file byte for byte.
    boxes: BTreeSet<[i32; 3]>,
    /// Fine lattice lines per unit cell: 3 with a gap, 1 without.
    parts: i32,
    /// Half the gap, in cube units.
    g: f64,
    unit: f64,
}

impl Eroded {
    fn new(cells: &[[i32; 3]], print: Print) -> Eroded {
        let g = (print.gap / 2.0 / print.unit).clamp(0.0, 0.49);
        let set: HashSet<[i32; 3]> = cells.iter().copied().collect();
        let parts: i32 = if g > 0.0 { 3 } else { 1 };
        let mut boxes = BTreeSet::new();
        for c in cells {
            for part in 0..parts.pow(3) {
                let p = [part % parts, part / parts % parts, part / parts / parts];
                // Near a cell's side, the cube of side `gap` around a point
                // reaches into the next cell: that cell must be solid too.
                let reach = |a: usize| match (parts, p[a]) {
                    (1, _) | (_, 1) => c[a]..=c[a],
                    (_, 0) => c[a] - 1..=c[a],
                    _ => c[a]..=c[a] + 1,
                };
                let inside =
                    reach(0).all(|x| reach(1).all(|y| reach(2).all(|z| set.contains(&[x, y, z]))));
                if inside {
                    boxes.insert([0, 1, 2].map(|a| c[a] * parts + p[a]));
                }
            }
        }
        Eroded {
            boxes,
            parts,
            g,
            unit: print.unit,
        }
    }

    /// Millimetres of fine lattice line `i`.
    fn at(&self, i: i32) -> f32 {
        let (cell, part) = (i.div_euclid(self.parts), i.rem_euclid(self.parts));
        let offset = match part {
            0 => 0.0,
            1 => self.g,
            _ => 1.0 - self.g,
        };
        ((cell as f64 + offset) * self.unit) as f32
    }

    /// The side of fine box `b` facing `side` along `axis`, as two
    /// triangles turning anticlockwise seen from outside.
    fn face(&self, out: &mut Vec<Triangle>, b: [i32; 3], axis: usize, side: i32) {
        let (u, v) = ((axis + 1) % 3, (axis + 2) % 3);
        let corner = |du: i32, dv: i32| {
            let mut p = b;
            p[axis] += i32::from(side > 0);
            p[u] += du;
            p[v] += dv;
            p.map(|i| self.at(i))
        };
        let (a, b1, c, d) = (corner(0, 0), corner(1, 0), corner(1, 1), corner(0, 1));
        // u, v, axis is a right-handed turn: a b c d runs anticlockwise
        // seen from +axis.
        if side > 0 {
            out.push([a, b1, c]);
            out.push([a, c, d]);
        } else {
            out.push([a, c, b1]);
            out.push([a, d, c]);
        }
    }
}

/// Cells in the printer's frame: X = x, Y = -y, Z = z (see the module
/// notes).
pub fn printer_frame(cells: &[Cell]) -> Vec<[i32; 3]> {
    cells.iter().map(|c| [c.x, -c.y, c.z]).collect()
}

/// The cells turned (never mirrored) so that the side with the most cubes
/// lies on the bed, then moved to start at the origin.
pub fn lay_flat(cells: &[[i32; 3]]) -> Vec<[i32; 3]> {
    // The six proper turns taking each side down: (cell) -> turned cell.
    let turns: [fn([i32; 3]) -> [i32; 3]; 6] = [
        |[x, y, z]| [x, y, z],
        |[x, y, z]| [x, -y, -z],
        |[x, y, z]| [y, z, x],
        |[x, y, z]| [z, y, -x],
        |[x, y, z]| [z, x, y],
        |[x, y, z]| [x, z, -y],
    ];
    let on_bed = |turned: &[[i32; 3]]| {
        let floor = turned.iter().map(|c| c[2]).min().unwrap_or(0);
        turned.iter().filter(|c| c[2] == floor).count()
    };
    let best = turns
        .iter()
        .map(|t| cells.iter().map(|&c| t(c)).collect::<Vec<_>>())
        .max_by_key(|turned| on_bed(turned))
        .unwrap_or_default();
    let low = [0, 1, 2].map(|a| best.iter().map(|c| c[a]).min().unwrap_or(0));
    best.iter()
        .map(|c| [c[0] - low[0], c[1] - low[1], c[2] - low[2]])
        .collect()
}

/// A binary STL file of `triangles`, with `name` in its header.
pub fn file(name: &str, triangles: &[Triangle]) -> Vec<u8> {
    let mut out = Vec::with_capacity(84 + 50 * triangles.len());
    let mut header = format!("jigsat: {name}").into_bytes();
    header.resize(80, b' ');
    out.extend_from_slice(&header[..80]);
    out.extend_from_slice(&(triangles.len() as u32).to_le_bytes());
    for t in triangles {
        for v in std::iter::once(normal(t)).chain(t.iter().copied()) {
            for x in v {
                out.extend_from_slice(&x.to_le_bytes());
            }
        }
        out.extend_from_slice(&0u16.to_le_bytes());
    }
    out
}

/// The unit normal of a triangle, by the right-hand rule.
fn normal([a, b, c]: &Triangle) -> [f32; 3] {
    let (u, v) = (
        [0, 1, 2].map(|i| b[i] - a[i]),
        [0, 1, 2].map(|i| c[i] - a[i]),
    );
    let n = [
        u[1] * v[2] - u[2] * v[1],
        u[2] * v[0] - u[0] * v[2],
        u[0] * v[1] - u[1] * v[0],
    ];
    let len = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2])
        .sqrt()
        .max(f32::MIN_POSITIVE);
    n.map(|x| x / len)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One cube of 10 mm, less `gap`.
    fn cube(gap: f64) -> Vec<Triangle> {
        surface(&[[0, 0, 0]], Print { unit: 10.0, gap })
    }

    #[test]
    fn the_same_piece_is_the_same_file_byte_for_byte() {
        // An L of four cubes, with a gap: each surface built afresh (a
        // hash set's order changed from one to the next).
        let l = [[0, 0, 0], [1, 0, 0], [2, 0, 0], [0, 1, 0]];
        let print = Print {
            unit: 10.0,
            gap: 0.2,
        };
        let first = file("L", &surface(&l, print));
        for _ in 0..5 {
            assert_eq!(file("L", &surface(&l, print)), first);
        }
    }

    #[test]
    fn one_cube_is_twelve_triangles_facing_out() {
        let t = cube(0.0);
        assert_eq!(t.len(), 12);
        for tri in &t {
            let n = normal(tri);
            let centre = [0, 1, 2].map(|i| (tri[0][i] + tri[1][i] + tri[2][i]) / 3.0 - 5.0);
            let dot: f32 = (0..3).map(|i| n[i] * centre[i]).sum();
            assert!(dot > 0.0, "{tri:?} faces inwards");
        }
    }

    #[test]
    fn a_gap_shrinks_a_cube_on_every_side() {
        let t = cube(1.0);
        assert_eq!(t.len(), 12);
        let xs: Vec<f32> = t.iter().flatten().map(|v| v[0]).collect();
        assert_eq!(xs.iter().copied().fold(f32::MAX, f32::min), 0.5);
        assert_eq!(xs.iter().copied().fold(f32::MIN, f32::max), 9.5);
    }

    #[test]
    fn an_upright_bar_is_laid_down() {
        let flat = lay_flat(&[[0, 0, 0], [0, 0, 1], [0, 0, 2]]);
        assert!(flat.iter().all(|c| c[2] == 0), "{flat:?}");
    }
}
