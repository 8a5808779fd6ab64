//! Balls (the sphere grid) and triangular prisms (BurrTools' prism grid)
//! in SVG: the assembled solid in isometric view, then its layers from
//! above, bottom (`z=0`) first, to build from.
//!
//! Axes as in the cube pictures ([`super::iso`]): `x` to the right, `y`
//! towards the viewer, `z` up, seen from the front corner; cells are
//! placed by the lattice ([`crate::geometry::ball_centre`],
//! [`crate::geometry::prism_triangle`]): touching balls one unit apart, a
//! prism's triangle one unit a side and one unit high. Parts are painted
//! back to front (ascending `x + y + z` of their middle); a prism's face is
//! drawn only where no cell lies across it and it faces the viewer.
//!
//! In the layers every piece is one `<g class="piece">` group, with one
//! `<circle>` or `<polygon>` a cell.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write;

use crate::geometry::{Cell, Lattice, Point, Point3, ball_centre, prism_plane, prism_triangle};
use crate::puzzle::Puzzle;
use crate::solution::Solution;

use super::{GAP, Looks, Panel, label, num};

/// cos 30°: the horizontal stretch of the isometric axes.
const C: f64 = 0.866_025_403_784_438_6;
pub(super) const EDGE: &str = "#1a1a1a";

/// One unit in the assembled view and in the layers, in SVG units.
pub(super) const UNIT: f64 = 36.0;

/// The assembled view and the layers of a solution on balls or prisms.
pub fn views(puzzle: &Puzzle, solution: &Solution, looks: &Looks) -> Panel {
    let balls = puzzle.board.lattice() == Lattice::Spheres;
    let owners = solution.owners();
    let mut page = Panel::default();
    page.caption(0.0, 14.0, 13.0, "assembled");
    let assembled = if balls {
        iso_balls(&owners, looks)
    } else {
        iso_prisms(&owners, looks)
    };
    page.put(&assembled, 0.0, 24.0);
    let mut layers: BTreeMap<i32, Vec<(Cell, usize)>> = BTreeMap::new();
    for (&c, &k) in in_order(&owners) {
        layers.entry(c.z).or_default().push((c, k));
    }
    let top = page.height + GAP;
    page.caption(0.0, top + 14.0, 13.0, "layers, bottom up, seen from above");
    let mut x = 0.0;
    for (z, cells) in &layers {
        let plan = plan(cells, looks, balls);
        page.caption(x, top + 36.0, 13.0, &format!("z={z}"));
        page.put(&plan, x, top + 44.0);
        x += plan.width + GAP;
    }
    page
}

/// Painted parts: SVG elements by depth, and the points they reach.
#[derive(Default)]
pub(super) struct Canvas {
    pub(super) parts: Vec<(f64, String)>,
    pub(super) points: Vec<Point>,
}

impl Canvas {
    /// The parts back to front, moved so that the picture starts at the
    /// panel's corner.
    pub(super) fn panel(mut self, mut labels: Vec<(Point, usize)>, looks: &Looks) -> Panel {
        labels.sort_by_key(|l| l.1);
        let (x0, y0) =
            (self.points.iter()).fold((f64::MAX, f64::MAX), |m, p| (m.0.min(p.0), m.1.min(p.1)));
        let (x1, y1) =
            (self.points.iter()).fold((f64::MIN, f64::MIN), |m, p| (m.0.max(p.0), m.1.max(p.1)));
        // Depth, then the element itself: ties drawn in one order every run.
        self.parts
            .sort_by(|a, b| a.0.total_cmp(&b.0).then_with(|| a.1.cmp(&b.1)));
        let mut body = format!(
            "<g transform=\"translate({} {})\">\n",
            num(-x0 + 2.0),
            num(-y0 + 2.0)
        );
        for (_, part) in &self.parts {
            body.push_str(part);
        }
        for ((x, y), k) in labels {
            label(
                &mut body,
                x,
                y,
                UNIT * 0.4,
                looks.fills[k],
                &looks.labels[k],
            );
        }
        body.push_str("</g>\n");
        Panel {
            body,
            width: (x1 - x0).max(0.0) + 4.0,
            height: (y1 - y0).max(0.0) + 4.0,
        }
    }
}

/// Where a point of space is drawn in the isometric view, and its depth.
pub(super) fn iso(p: Point3) -> (Point, f64) {
    let at = (
        UNIT * C * (p[0] - p[1]),
        UNIT * (0.5 * (p[0] + p[1]) - p[2]),
    );
    (at, p[0] + p[1] + p[2])
}

/// The cells and their pieces in the cells' order, so that a tie in depth
/// (which ball carries a label) goes the same way every run.
fn in_order(owners: &HashMap<Cell, usize>) -> Vec<(&Cell, &usize)> {
    let mut cells: Vec<_> = owners.iter().collect();
    cells.sort_unstable();
    cells
}

/// Balls as shaded discs, each piece's label on its nearest ball.
fn iso_balls(owners: &HashMap<Cell, usize>, looks: &Looks) -> Panel {
    let mut canvas = Canvas::default();
    let mut nearest: HashMap<usize, (f64, Point)> = HashMap::new();
    for (&c, &k) in in_order(owners) {
        let ((x, y), depth) = iso(ball_centre(c));
        let r = UNIT / 2.0;
        canvas.points.extend([(x - r, y - r), (x + r, y + r)]);
        canvas.parts.push((
            depth,
            format!(
                "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\" stroke=\"{EDGE}\" stroke-width=\"1\"/>\n",
                num(x),
                num(y),
                num(r),
                looks.fills[k].css()
            ),
        ));
        let best = nearest.entry(k).or_insert((f64::MIN, (x, y)));
        if depth > best.0 {
            *best = (depth, (x, y));
        }
    }
    let labels = nearest.into_iter().map(|(k, (_, at))| (at, k)).collect();
    canvas.panel(labels, looks)
}

/// The faces of prisms that face the viewer with no cell across them,
/// shaded by the way they face.
fn iso_prisms(owners: &HashMap<Cell, usize>, looks: &Looks) -> Panel {
    let mut canvas = Canvas::default();
    let mut nearest: HashMap<usize, (f64, Point)> = HashMap::new();
    for (&c, &k) in in_order(owners) {
        for (corners, normal, across) in prism_faces(c) {
            let facing = normal[0] + normal[1] + normal[2];
            if owners.contains_key(&across) || facing <= 1e-9 {
                continue;
            }
            let drawn: Vec<(Point, f64)> = corners.iter().map(|&p| iso(p)).collect();
            let depth = drawn.iter().map(|d| d.1).sum::<f64>() / drawn.len() as f64;
            let points: Vec<String> = (drawn.iter())
                .map(|((x, y), _)| format!("{},{}", num(*x), num(*y)))
                .collect();
            canvas.points.extend(drawn.iter().map(|d| d.0));
            let light = if normal[2] > 0.5 {
                1.0
            } else {
                0.6 + 0.25 * normal[0].max(0.0)
            };
            canvas.parts.push((
                depth,
                format!(
                    "<polygon points=\"{}\" fill=\"{}\" stroke=\"{EDGE}\" stroke-width=\"0.8\" stroke-linejoin=\"round\"/>\n",
                    points.join(" "),
                    looks.fills[k].shade(light).css()
                ),
            ));
            let n = drawn.len() as f64;
            let middle = drawn
                .iter()
                .fold((0.0, 0.0), |m, d| (m.0 + d.0.0 / n, m.1 + d.0.1 / n));
            let best = nearest.entry(k).or_insert((f64::MIN, middle));
            if depth > best.0 {
                *best = (depth, middle);
            }
        }
    }
    let labels = nearest.into_iter().map(|(k, (_, at))| (at, k)).collect();
    canvas.panel(labels, looks)
}

/// A prism's five faces: corners in space, outward normal (unit length
/// not needed beyond its signs), and the cell across.
fn prism_faces(c: Cell) -> Vec<(Vec<Point3>, Point3, Cell)> {
    let tri = prism_triangle(c);
    let (z0, z1) = (f64::from(c.z), f64::from(c.z) + 1.0);
    let plane = tri.map(prism_plane);
    let centre = prism_plane([c.x, c.y]);
    let mut out = Vec::with_capacity(5);
    for j in 0..3 {
        let (a, b) = (plane[j], plane[(j + 1) % 3]);
        let out_dir = [
            (a.0 + b.0) / 2.0 - centre.0,
            (a.1 + b.1) / 2.0 - centre.1,
            0.0,
        ];
        let across = Cell::new(
            tri[j][0] + tri[(j + 1) % 3][0] - c.x,
            tri[j][1] + tri[(j + 1) % 3][1] - c.y,
            c.z,
        );
        let corners = vec![
            [a.0, a.1, z0],
            [b.0, b.1, z0],
            [b.0, b.1, z1],
            [a.0, a.1, z1],
        ];
        out.push((corners, out_dir, across));
    }
    let top = plane.iter().map(|p| [p.0, p.1, z1]).collect();
    out.push((top, [0.0, 0.0, 1.0], Cell::new(c.x, c.y, c.z + 1)));
    let bottom = plane.iter().map(|p| [p.0, p.1, z0]).collect();
    out.push((bottom, [0.0, 0.0, -1.0], Cell::new(c.x, c.y, c.z - 1)));
    out
}

/// One layer seen from above: a disc or a triangle a cell, grouped by
/// piece, each piece's label on its part of the layer.
fn plan(cells: &[(Cell, usize)], looks: &Looks, balls: bool) -> Panel {
    let mut by_piece: BTreeMap<usize, Vec<Cell>> = BTreeMap::new();
    for &(c, k) in cells {
        by_piece.entry(k).or_default().push(c);
    }
    let mut canvas = Canvas::default();
    let mut labels = Vec::new();
    for (k, cells) in by_piece {
        let fill = looks.fills[k].css();
        let mut group = looks.group_open(k);
        let mut sum = (0.0, 0.0);
        for c in &cells {
            let centre = if balls {
                let p = ball_centre(*c);
                let (x, y, r) = (UNIT * p[0], UNIT * p[1], UNIT / 2.0);
                canvas.points.extend([(x - r, y - r), (x + r, y + r)]);
                let _ = writeln!(
                    group,
                    "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{fill}\" stroke=\"{EDGE}\" stroke-width=\"1\"/>",
                    num(x),
                    num(y),
                    num(r)
                );
                (x, y)
            } else {
                let corners = prism_triangle(*c).map(|p| {
                    let (x, y) = prism_plane(p);
                    (UNIT * x, UNIT * y)
                });
                canvas.points.extend(corners);
                let points: Vec<String> = (corners.iter())
                    .map(|(x, y)| format!("{},{}", num(*x), num(*y)))
                    .collect();
                let _ = writeln!(
                    group,
                    "<polygon points=\"{}\" fill=\"{fill}\" stroke=\"{EDGE}\" stroke-width=\"1\"/>",
                    points.join(" ")
                );
                let (x, y) = prism_plane([c.x, c.y]);
                (UNIT * x, UNIT * y)
            };
            sum = (sum.0 + centre.0, sum.1 + centre.1);
        }
        group.push_str("</g>\n");
        canvas.parts.push((k as f64, group));
        let n = cells.len() as f64;
        labels.push(((sum.0 / n, sum.1 / n), k));
    }
    canvas.panel(labels, looks)
}
