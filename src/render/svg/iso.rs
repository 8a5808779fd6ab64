//! A box in isometric projection: the assembled box, its layers pulled
//! apart from the bottom (z = 0) up, and each piece on its own.
//!
//! Axes as in the puzzle file and the text drawing: `x` runs to the right
//! of each layer, `y` down the layer (towards the viewer), and `z` is the
//! layer, 0 at the bottom — build the first layer first. The viewer looks
//! down from the front corner (largest `x` and `y`), so the visible faces
//! are the tops (piece colour), the `+y` sides (a little darker) and the
//! `+x` sides (darker still).
//!
//! Cubes are painted back to front (ascending `x + y + z`, which is a
//! depth order for unit cubes seen along the diagonal). A dark line is
//! drawn along a face's edge unless the face across it lies in the same
//! plane and belongs to the same piece: pieces are outlined, creases show,
//! and there are no lines inside a flat face of a piece.

use std::collections::HashMap;
use std::fmt::Write;

use crate::geometry::Cell;
use crate::puzzle::Puzzle;
use crate::solution::Solution;

use super::flat::centre_cell;
use super::{GAP, Looks, Panel, label, num};

/// cos 30°: the horizontal stretch of the isometric axes.
const C: f64 = 0.866_025_403_784_438_6;
const EDGE: &str = "#1a1a1a";

/// Cells of one view, relative to the view's origin, with the placed piece
/// that owns each.
type Owners = HashMap<Cell, usize>;

/// The three views of a box solution.
pub fn views(puzzle: &Puzzle, solution: &Solution, looks: &Looks) -> Panel {
    let [x0, y0, z0] = puzzle.board.origin();
    let ext = puzzle.board.extent();
    let biggest = *ext.iter().max().unwrap_or(&1) as f64;
    let s = (150.0 / biggest).clamp(14.0, 40.0);
    let mut owners: Owners = HashMap::new();
    for (k, placed) in solution.pieces.iter().enumerate() {
        for c in &placed.cells {
            owners.insert(Cell::new(c.x - x0, c.y - y0, c.z - z0), k);
        }
    }

    let mut page = Panel::default();
    // The assembled box, drawn larger.
    let big = s * 1.3;
    let assembled = draw(&owners, looks, big, ext, Labels::Outside);
    page.caption(0.0, 14.0, 13.0, "assembled");
    page.put(&assembled, 0.0, 24.0);
    let left = assembled.width + GAP * 2.0;
    put_layers(&mut page, &owners, looks, s, ext, z0, left);
    put_pieces(&mut page, solution, looks, s * 0.8);
    page
}

/// The layers, bottom at the bottom, each with its label on every piece's
/// part, in a column from `left`.
fn put_layers(
    page: &mut Panel,
    owners: &Owners,
    looks: &Looks,
    s: f64,
    ext: [i32; 3],
    z0: i32,
    left: f64,
) {
    let slab_ext = [ext[0], ext[1], 1];
    let captions_w = 86.0;
    page.caption(left, 14.0, 13.0, "layers, bottom (z=0) up");
    let mut y = 24.0;
    for z in (0..ext[2]).rev() {
        let layer: Owners = owners
            .iter()
            .filter(|(c, _)| c.z == z)
            .map(|(c, &k)| (Cell::new(c.x, c.y, 0), k))
            .collect();
        let slab = draw(&layer, looks, s, slab_ext, Labels::Tops);
        let name = match z {
            0 => format!("z={} bottom", z0),
            _ if z == ext[2] - 1 => format!("z={} top", z0 + z),
            _ => format!("z={}", z0 + z),
        };
        page.caption(left, y + slab.height / 2.0 + 5.0, 13.0, &name);
        page.put(&slab, left + captions_w, y);
        y += slab.height + s * 0.8;
    }
}

/// Every piece on its own, held as it lies in the box, in rows under what
/// the page holds so far.
fn put_pieces(page: &mut Panel, solution: &Solution, looks: &Looks, small: f64) {
    let top = page.height + GAP;
    page.caption(0.0, top + 14.0, 13.0, "pieces as they lie in the box");
    let drawn: Vec<Panel> = solution
        .pieces
        .iter()
        .enumerate()
        .map(|(k, placed)| draw_alone(k, &placed.cells, looks, small))
        .collect();
    let mut y = top + 24.0;
    for row in rows(&drawn, page.width.max(400.0)) {
        let row_h = row.iter().map(|&k| drawn[k].height).fold(0.0, f64::max);
        let mut x = 0.0;
        for k in row {
            let d = &drawn[k];
            page.put(&on_row(k, d, row_h, looks), x, y);
            x += d.width + GAP;
        }
        y += row_h + 22.0 + GAP / 2.0;
    }
}

/// Piece `k`, whose cells are `cells`, drawn alone from its own corner.
fn draw_alone(k: usize, cells: &[Cell], looks: &Looks, s: f64) -> Panel {
    let min = |f: fn(&Cell) -> i32| cells.iter().map(f).min().unwrap_or(0);
    let max = |f: fn(&Cell) -> i32| cells.iter().map(f).max().unwrap_or(0);
    let (mx, my, mz) = (min(|c| c.x), min(|c| c.y), min(|c| c.z));
    let own: Owners = cells
        .iter()
        .map(|c| (Cell::new(c.x - mx, c.y - my, c.z - mz), k))
        .collect();
    let own_ext = [
        max(|c| c.x) - mx + 1,
        max(|c| c.y) - my + 1,
        max(|c| c.z) - mz + 1,
    ];
    draw(&own, looks, s, own_ext, Labels::None)
}

/// The drawings cut into rows no wider than `row_width` (as indices).
fn rows(drawn: &[Panel], row_width: f64) -> Vec<Vec<usize>> {
    let mut rows: Vec<Vec<usize>> = vec![Vec::new()];
    let mut x = 0.0;
    for (k, d) in drawn.iter().enumerate() {
        if x > 0.0 && x + d.width > row_width {
            rows.push(Vec::new());
            x = 0.0;
        }
        rows.last_mut().expect("a row").push(k);
        x += d.width + GAP;
    }
    rows
}

/// Piece `k`'s drawing `d` standing on the bottom line of a row `row_h`
/// high, its label on one line under the row.
fn on_row(k: usize, d: &Panel, row_h: f64, looks: &Looks) -> Panel {
    let mut text = String::new();
    label(
        &mut text,
        d.width / 2.0,
        row_h + 12.0,
        13.0,
        super::Rgb(255, 255, 255),
        &looks.labels[k],
    );
    Panel {
        body: format!(
            "{}<g transform=\"translate(0 {})\">\n{}</g>\n{}</g>\n",
            looks.group_open(k),
            num(row_h - d.height),
            d.body,
            text
        ),
        width: d.width,
        height: row_h + 22.0,
    }
}

/// Which labels a view prints.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Labels {
    None,
    /// On the top faces (a one-layer slab, whose tops all show).
    Tops,
    /// On every face of the box's three visible outer sides.
    Outside,
}

/// Shading of faces whose normal is +x, +y, +z: light from above left.
const SHADES: [f64; 3] = [0.72, 0.86, 1.0];

/// The two axes spanning a face across `axis`.
fn in_plane(axis: usize) -> (usize, usize) {
    match axis {
        0 => (1, 2),
        1 => (0, 2),
        _ => (0, 1),
    }
}

/// Screen position of lattice point (`x`, `y`, `z`) in a view of a box of
/// extent `ext` with cube edge `s`.
fn project(p: [f64; 3], s: f64, ext: [i32; 3]) -> (f64, f64) {
    (
        (p[0] - p[1] + ext[1] as f64) * s * C,
        (p[0] + p[1]) * s / 2.0 + (ext[2] as f64 - p[2]) * s,
    )
}

/// Draws the cubes in `cells` (inside a box of extent `ext`), each in its
/// piece's colour, with each piece's label on its middle face of the
/// outer planes `labels` asks for.
fn draw(cells: &Owners, looks: &Looks, s: f64, ext: [i32; 3], labels: Labels) -> Panel {
    let mut order: Vec<(&Cell, &usize)> = cells.iter().collect();
    order.sort_unstable_by_key(|(c, _)| (c.x + c.y + c.z, c.z, c.y, c.x));
    let view = View { cells, s, ext };
    let mut body = String::new();
    for (&c, &k) in order {
        for axis in [2usize, 1, 0] {
            if !cells.contains_key(&step(c, normal(axis))) {
                view.face(&mut body, c, k, axis, looks);
            }
        }
    }
    let planes: &[usize] = match labels {
        Labels::None => &[],
        Labels::Tops => &[2],
        Labels::Outside => &[2, 1, 0],
    };
    for &axis in planes {
        view.label_plane(&mut body, axis, looks);
    }
    Panel {
        body,
        width: (ext[0] + ext[1]) as f64 * s * C,
        height: (ext[0] + ext[1]) as f64 * s / 2.0 + ext[2] as f64 * s,
    }
}

/// The unit step along `axis`.
fn normal(axis: usize) -> [i32; 3] {
    let mut n = [0; 3];
    n[axis] = 1;
    n
}

/// `c` moved by `d`.
fn step(c: Cell, d: [i32; 3]) -> Cell {
    Cell::new(c.x + d[0], c.y + d[1], c.z + d[2])
}

/// The cells of one view and how it is projected: cubes of side `s` in a
/// box of extent `ext`.
struct View<'a> {
    cells: &'a Owners,
    s: f64,
    ext: [i32; 3],
}

impl View<'_> {
    /// The face of cell `c` (piece `k`) across `axis`, filled in the piece's
    /// shade for that side, with its outline where it meets another piece
    /// or a fold of the surface.
    fn face(&self, body: &mut String, c: Cell, k: usize, axis: usize, looks: &Looks) {
        let fill = looks.fills[k].shade(SHADES[axis]);
        let (b, e) = in_plane(axis);
        let base = [c.x as f64, c.y as f64, c.z as f64];
        let corner = |ub: f64, ue: f64| {
            let mut p = base;
            p[axis] += 1.0;
            p[b] += ub;
            p[e] += ue;
            project(p, self.s, self.ext)
        };
        let quad = [
            corner(0.0, 0.0),
            corner(1.0, 0.0),
            corner(1.0, 1.0),
            corner(0.0, 1.0),
        ];
        let _ = writeln!(
            body,
            "<path d=\"M{} {}L{} {}L{} {}L{} {}Z\" fill=\"{}\" stroke=\"{}\" \
             stroke-width=\"1.1\" stroke-linejoin=\"round\"/>",
            num(quad[0].0),
            num(quad[0].1),
            num(quad[1].0),
            num(quad[1].1),
            num(quad[2].0),
            num(quad[2].1),
            num(quad[3].0),
            num(quad[3].1),
            fill.css(),
            fill.css()
        );
        let lines = self.edges(c, k, axis, &quad);
        if !lines.is_empty() {
            let _ = writeln!(
                body,
                "<path d=\"{lines}\" fill=\"none\" stroke=\"{EDGE}\" stroke-width=\"{}\" \
                 stroke-linecap=\"round\"/>",
                num((self.s / 20.0).clamp(1.0, 2.0))
            );
        }
    }

    /// The outline of a face as path data: its sides across -b, +b, -e and
    /// +e, except where the same piece's surface goes on flat.
    fn edges(&self, c: Cell, k: usize, axis: usize, quad: &[(f64, f64); 4]) -> String {
        let (b, e) = in_plane(axis);
        let mut lines = String::new();
        for (dir, side, (p, q)) in [
            (b, -1, (quad[0], quad[3])),
            (b, 1, (quad[1], quad[2])),
            (e, -1, (quad[0], quad[1])),
            (e, 1, (quad[3], quad[2])),
        ] {
            let mut d = [0; 3];
            d[dir] = side;
            let n = step(c, d);
            let smooth =
                self.cells.get(&n) == Some(&k) && !self.cells.contains_key(&step(n, normal(axis)));
            if !smooth {
                let _ = write!(
                    lines,
                    "M{} {}L{} {}",
                    num(p.0),
                    num(p.1),
                    num(q.0),
                    num(q.1)
                );
            }
        }
        lines
    }

    /// Each piece's label on its part of the box's outer plane across
    /// `axis`: no cube can hide those faces.
    fn label_plane(&self, body: &mut String, axis: usize, looks: &Looks) {
        let (b, e) = in_plane(axis);
        let shade = SHADES[axis];
        let mut parts: HashMap<usize, Vec<Cell>> = HashMap::new();
        for (&c, &k) in self.cells {
            let v = c.coords();
            if v[axis] == self.ext[axis] - 1 {
                parts.entry(k).or_default().push(Cell::new(v[b], v[e], 0));
            }
        }
        let mut parts: Vec<(usize, Vec<Cell>)> = parts.into_iter().collect();
        parts.sort_unstable_by_key(|p| p.0);
        for (k, mut part) in parts {
            // Sorted, so that ties in `centre_cell` break the same way on
            // every run.
            part.sort_unstable();
            let (u, w) = centre_cell(&part);
            let mut p = [0.0; 3];
            p[axis] = self.ext[axis] as f64;
            p[b] = u as f64 + 0.5;
            p[e] = w as f64 + 0.5;
            let (px, py) = project(p, self.s, self.ext);
            let size = if looks.labels[k].chars().count() > 2 {
                self.s * 0.36
            } else {
                self.s * 0.45
            };
            let fill = looks.fills[k].shade(shade);
            label(body, px, py, size, fill, &looks.labels[k]);
        }
    }
}
