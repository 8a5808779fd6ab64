//! BurrTools' rhombic and tetrahedral-octahedral grids in SVG: every cell
//! is a tetrahedron ([`tetrahedron_faces`]), too small and too many to
//! read layer by layer, so the solution is drawn in isometric view as in
//! [`super::solids`]: assembled, then every piece on its own as it lies
//! in the assembly (the shape to pick up, held the way it goes in).
//!
//! A view draws the faces of the cells that no other drawn cell shares
//! and that face the viewer, back to front, each in its piece's colour
//! shaded by the way it faces. A flat side is cut into several triangles
//! (a rhombus into two, a cube's face into four); the triangles carry no
//! outline of their own, only the edges where the surface folds or the
//! piece changes are drawn, so a side reads as one polygon.
//!
//! Every piece is one `<g class="piece">` group in its own view, with one
//! `<polygon>` a face drawn.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write;

use crate::geometry::{
    Cell, Lattice, Point, Point3, corner_point, normal, tetrahedron_faces, unit,
};
use crate::puzzle::Puzzle;
use crate::solution::Solution;

use super::solids::{Canvas, EDGE, iso};
use super::{GAP, Looks, Panel, num};

/// How much larger than the sphere grid's balls a unit is drawn: a
/// rhombic cube is 1/√2 units a side, a tetrahedron one unit, both small
/// beside a piece's label.
fn zoom(lattice: Lattice) -> f64 {
    if lattice == Lattice::Rhombic {
        2.5
    } else {
        1.5
    }
}

/// A face: three integer corners (see [`tetrahedron_faces`]), turning
/// anticlockwise seen from outside.
type Face = [[i32; 3]; 3];

/// The assembled view, then each piece on its own.
pub fn views(puzzle: &Puzzle, solution: &Solution, looks: &Looks) -> Panel {
    let lattice = puzzle.board.lattice();
    let all: Vec<(Cell, usize)> = (solution.pieces().iter().enumerate())
        .flat_map(|(k, p)| p.cells.iter().map(move |&c| (c, k)))
        .collect();
    let mut page = Panel::default();
    page.caption(0.0, 14.0, 13.0, "assembled");
    let assembled = view(lattice, &all, looks, false);
    page.put(&assembled, 0.0, 24.0);
    let top = page.height + GAP;
    page.caption(
        0.0,
        top + 14.0,
        13.0,
        "each piece as it lies in the assembly",
    );
    let mut x = 0.0;
    for (k, p) in solution.pieces().iter().enumerate() {
        let cells: Vec<(Cell, usize)> = p.cells.iter().map(|&c| (c, k)).collect();
        let drawn = view(lattice, &cells, looks, true);
        page.put(&drawn, x, top + 24.0);
        x += drawn.width + GAP;
    }
    page
}

/// The outer faces of some cells, each with its piece and its unit
/// normal, and which faces meet along each edge.
struct Surface {
    faces: Vec<(Face, usize)>,
    normals: Vec<Point3>,
    by_edge: HashMap<[[i32; 3]; 2], Vec<usize>>,
}

impl Surface {
    fn new(lattice: Lattice, cells: &[(Cell, usize)]) -> Surface {
        let faces = outer_faces(lattice, cells);
        let mut by_edge: HashMap<[[i32; 3]; 2], Vec<usize>> = HashMap::new();
        for (i, (f, _)) in faces.iter().enumerate() {
            for j in 0..3 {
                by_edge.entry(edge(f, j)).or_default().push(i);
            }
        }
        let normals = (faces.iter())
            .map(|(f, _)| unit(normal(f.map(|p| corner_point(lattice, p)))))
            .collect();
        Surface {
            faces,
            normals,
            by_edge,
        }
    }

    /// Whether face `i`'s side `j` (from corner j to the next) is a fold
    /// of the surface or an edge of its piece: another face meets it
    /// there in another plane or of another piece.
    fn fold(&self, i: usize, j: usize) -> bool {
        let (n, k) = (self.normals[i], self.faces[i].1);
        self.by_edge[&edge(&self.faces[i].0, j)].iter().any(|&o| {
            o != i
                && (self.faces[o].1 != k
                    || (0..3).any(|a| (self.normals[o][a] - n[a]).abs() > 1e-6))
        })
    }
}

/// Side `j` of face `f`, its corners sorted.
fn edge(f: &Face, j: usize) -> [[i32; 3]; 2] {
    let mut e = [f[j], f[(j + 1) % 3]];
    e.sort_unstable();
    e
}

/// The cells' outer faces seen from the front corner; `grouped`: one
/// `<g class="piece">` round the faces (a view of one piece).
fn view(lattice: Lattice, cells: &[(Cell, usize)], looks: &Looks, grouped: bool) -> Panel {
    let surface = Surface::new(lattice, cells);
    let space = |p: [i32; 3]| corner_point(lattice, p).map(|v| v * zoom(lattice));
    let mut canvas = Canvas::default();
    // By piece, so that the labels come in one order each time.
    let mut nearest: BTreeMap<usize, (f64, Point)> = BTreeMap::new();
    for (i, (f, k)) in surface.faces.iter().enumerate() {
        let n = surface.normals[i];
        if n[0] + n[1] + n[2] <= 1e-9 {
            continue;
        }
        let drawn = f.map(|p| iso(space(p)));
        let depth = drawn.iter().map(|d| d.1).sum::<f64>() / 3.0;
        canvas.points.extend(drawn.iter().map(|d| d.0));
        let light = 0.6 + 0.4 * (0.37 * n[0] + 0.19 * n[1] + 0.91 * n[2]).max(0.0);
        let fill = looks.fills[*k].shade(light).css();
        let points: Vec<String> = (drawn.iter())
            .map(|((x, y), _)| format!("{},{}", num(*x), num(*y)))
            .collect();
        let mut part = format!(
            "<polygon points=\"{}\" fill=\"{fill}\" stroke=\"{fill}\" stroke-width=\"0.5\" stroke-linejoin=\"round\"/>\n",
            points.join(" ")
        );
        for j in (0..3).filter(|&j| surface.fold(i, j)) {
            let (a, b) = (drawn[j].0, drawn[(j + 1) % 3].0);
            let _ = writeln!(
                part,
                "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{EDGE}\" stroke-width=\"0.8\" stroke-linecap=\"round\"/>",
                num(a.0),
                num(a.1),
                num(b.0),
                num(b.1)
            );
        }
        canvas.parts.push((depth, part));
        let middle = (
            drawn.iter().map(|d| d.0.0).sum::<f64>() / 3.0,
            drawn.iter().map(|d| d.0.1).sum::<f64>() / 3.0,
        );
        let best = nearest.entry(*k).or_insert((f64::MIN, middle));
        if depth > best.0 {
            *best = (depth, middle);
        }
    }
    let labels = nearest.into_iter().map(|(k, (_, at))| (at, k)).collect();
    let mut panel = canvas.panel(labels, looks);
    if let (true, Some(&(_, k))) = (grouped, cells.first()) {
        panel.body = format!("{}{}</g>\n", looks.group_open(k), panel.body);
    }
    panel
}

/// The faces of `cells` that no other of them shares, each with its
/// piece, in the order of the cells.
fn outer_faces(lattice: Lattice, cells: &[(Cell, usize)]) -> Vec<(Face, usize)> {
    let all: Vec<(Face, usize)> = (cells.iter())
        .filter_map(|&(c, k)| Some((tetrahedron_faces(lattice, c)?, k)))
        .flat_map(|(faces, k)| faces.map(|f| (f, k)))
        .collect();
    let key = |f: &Face| {
        let mut s = *f;
        s.sort_unstable();
        s
    };
    let mut seen: HashMap<Face, usize> = HashMap::new();
    for (f, _) in &all {
        *seen.entry(key(f)).or_default() += 1;
    }
    all.into_iter()
        .filter(|(f, _)| seen[&key(f)] == 1)
        .collect()
}
