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

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write;

use crate::geometry::{Board, Cell, Shape};
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
    let s = cube_edge(ext);
    let owners: Owners = solution
        .owners()
        .into_iter()
        .map(|(c, k)| (Cell::new(c.x - x0, c.y - y0, c.z - z0), k))
        .collect();

    let mut page = Panel::default();
    // The assembled box, drawn larger.
    let assembled = draw(&owners, looks, s * 1.3, ext, Labels::Outside);
    page.caption(0.0, 14.0, 13.0, "assembled");
    page.put(&assembled, 0.0, 24.0);
    let left = assembled.width + GAP * 2.0;
    put_layers(&mut page, &puzzle.board, &owners, looks, s, left);
    put_pieces(&mut page, solution, looks, s * 0.8);
    page
}

/// The edge of a cube in the layer views (the assembled box is drawn
/// larger, the pieces smaller): small boxes are not drawn tiny and big
/// ones stay on a page.
fn cube_edge(ext: [i32; 3]) -> f64 {
    let biggest = *ext.iter().max().unwrap_or(&1) as f64;
    (150.0 / biggest).clamp(14.0, 40.0)
}

/// Room for a layer's caption, left of its slab.
const LAYER_CAPTION_WIDTH: f64 = 86.0;

/// The layers of the box `board` in a column at `left`, the bottom one at
/// the bottom, each captioned and with every piece's label on its part of
/// the layer. `owners` is relative to the board's origin.
fn put_layers(page: &mut Panel, board: &Board, owners: &Owners, looks: &Looks, s: f64, left: f64) {
    let ext = board.extent();
    let z0 = board.origin()[2];
    let slab_ext = [ext[0], ext[1], 1];
    page.caption(left, 14.0, 13.0, "layers, bottom (z=0) up");
    let mut y = 24.0;
    for z in (0..ext[2]).rev() {
        let slab = draw(&layer(owners, z), looks, s, slab_ext, Labels::Tops);
        let name = layer_name(z0 + z, z, ext[2]);
        page.caption(left, y + slab.height / 2.0 + 5.0, 13.0, &name);
        page.put(&slab, left + LAYER_CAPTION_WIDTH, y);
        y += slab.height + s * 0.8;
    }
}

/// The cubes of layer `z`, moved down to z = 0.
fn layer(owners: &Owners, z: i32) -> Owners {
    owners
        .iter()
        .filter(|(c, _)| c.z == z)
        .map(|(c, &k)| (Cell::new(c.x, c.y, 0), k))
        .collect()
}

/// A layer's caption: its z in the puzzle's axes (`z` is its index from
/// the bottom of a box `depth` layers deep), with the two ends named so
/// that the reader knows where to start.
fn layer_name(puzzle_z: i32, z: i32, depth: i32) -> String {
    match z {
        0 => format!("z={puzzle_z} bottom"),
        _ if z == depth - 1 => format!("z={puzzle_z} top"),
        _ => format!("z={puzzle_z}"),
    }
}

/// Every piece on its own below the views already on `page`, held as it
/// lies in the box, in rows with their bottoms aligned and their labels on
/// one line under each row.
fn put_pieces(page: &mut Panel, solution: &Solution, looks: &Looks, s: f64) {
    let top = page.height + GAP;
    page.caption(0.0, top + 14.0, 13.0, "pieces as they lie in the box");
    let row_width = page.width.max(400.0);
    let drawn: Vec<Panel> = solution
        .pieces()
        .iter()
        .enumerate()
        .map(|(k, placed)| piece_alone(k, &placed.cells, looks, s))
        .collect();
    let mut y = top + 24.0;
    for row in rows(&drawn, row_width) {
        let row_h = row.iter().map(|&k| drawn[k].height).fold(0.0, f64::max);
        let mut x = 0.0;
        for k in row {
            page.put(&in_row(&drawn[k], row_h, k, looks), x, y);
            x += drawn[k].width + GAP;
        }
        y += row_h + ROW_LABEL_HEIGHT + GAP / 2.0;
    }
}

/// Placed piece `k`, covering `cells`, drawn on its own, unlabelled.
fn piece_alone(k: usize, cells: &[Cell], looks: &Looks, s: f64) -> Panel {
    let shape = Shape::new(cells.to_vec());
    let own: Owners = shape.normalized().cells().iter().map(|&c| (c, k)).collect();
    draw(&own, looks, s, shape.extent(), Labels::None)
}

/// `panels` (by index) in rows of at most `width`, in order; a panel wider
/// than that gets a row of its own.
fn rows(panels: &[Panel], width: f64) -> Vec<Vec<usize>> {
    let mut rows: Vec<Vec<usize>> = vec![Vec::new()];
    let mut x = 0.0;
    for (k, d) in panels.iter().enumerate() {
        if x > 0.0 && x + d.width > width {
            rows.push(Vec::new());
            x = 0.0;
        }
        rows.last_mut().expect("a row").push(k);
        x += d.width + GAP;
    }
    rows
}

/// Room under a row of pieces for their labels.
const ROW_LABEL_HEIGHT: f64 = 22.0;

/// Piece `k`'s group for a row `row_h` high: its drawing `d` sitting on
/// the row's bottom line, its label under it.
fn in_row(d: &Panel, row_h: f64, k: usize, looks: &Looks) -> Panel {
    let mut text = String::new();
    // The label lies on the white page, not on the piece: dark text.
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
        height: row_h + ROW_LABEL_HEIGHT,
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

impl Labels {
    /// The axes across the outer planes that carry labels.
    fn planes(self) -> &'static [usize] {
        match self {
            Labels::None => &[],
            Labels::Tops => &[2],
            Labels::Outside => &[2, 1, 0],
        }
    }
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

/// The unit step along `axis`, forwards (`side` 1) or back (-1).
fn unit(axis: usize, side: i32) -> Cell {
    let mut d = [0; 3];
    d[axis] = side;
    Cell::from_coords(d)
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
    let view = View {
        cells,
        looks,
        s,
        ext,
    };
    let mut body = String::new();
    view.cubes(&mut body);
    for &axis in labels.planes() {
        view.plane_labels(&mut body, axis);
    }
    Panel {
        body,
        width: (ext[0] + ext[1]) as f64 * s * C,
        height: (ext[0] + ext[1]) as f64 * s / 2.0 + ext[2] as f64 * s,
    }
}

/// One isometric drawing in the making: the cubes, who owns them, and
/// the scale.
struct View<'a> {
    cells: &'a Owners,
    looks: &'a Looks,
    /// The edge of a cube.
    s: f64,
    /// The extent of the box the cells lie in.
    ext: [i32; 3],
}

impl View<'_> {
    /// Every cube's visible faces, back to front.
    fn cubes(&self, body: &mut String) {
        let mut order: Vec<(&Cell, &usize)> = self.cells.iter().collect();
        order.sort_unstable_by_key(|(c, _)| (c.x + c.y + c.z, c.z, c.y, c.x));
        for (&c, &k) in order {
            for axis in [2usize, 1, 0] {
                // A face against another cube is hidden.
                if !self.cells.contains_key(&c.offset(unit(axis, 1))) {
                    self.face(body, c, k, axis);
                }
            }
        }
    }

    /// The face of cube `c` (of piece `k`) across `axis` on its far side:
    /// filled in the piece's shade for that side, with its outline.
    fn face(&self, body: &mut String, c: Cell, k: usize, axis: usize) {
        let fill = self.looks.fills[k].shade(SHADES[axis]);
        let quad = self.quad(c, axis);
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

    /// The corners on screen of the face of cube `c` across `axis` on its
    /// far side, going round it.
    fn quad(&self, c: Cell, axis: usize) -> [(f64, f64); 4] {
        let (b, e) = in_plane(axis);
        let base = [c.x as f64, c.y as f64, c.z as f64];
        let corner = |ub: f64, ue: f64| {
            let mut p = base;
            p[axis] += 1.0;
            p[b] += ub;
            p[e] += ue;
            project(p, self.s, self.ext)
        };
        [
            corner(0.0, 0.0),
            corner(1.0, 0.0),
            corner(1.0, 1.0),
            corner(0.0, 1.0),
        ]
    }

    /// Path data for the dark lines along the face's edges (across -b, +b,
    /// -e, +e): all but those where the face runs on flat into the same
    /// piece, so that pieces are outlined and creases show.
    fn edges(&self, c: Cell, k: usize, axis: usize, quad: &[(f64, f64); 4]) -> String {
        let (b, e) = in_plane(axis);
        let mut lines = String::new();
        for (dir, side, (p, q)) in [
            (b, -1, (quad[0], quad[3])),
            (b, 1, (quad[1], quad[2])),
            (e, -1, (quad[0], quad[1])),
            (e, 1, (quad[3], quad[2])),
        ] {
            let n = c.offset(unit(dir, side));
            let smooth = self.cells.get(&n) == Some(&k)
                && !self.cells.contains_key(&n.offset(unit(axis, 1)));
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

    /// Each piece's label on the middle of its faces on the box's outer
    /// plane across `axis`.
    fn plane_labels(&self, body: &mut String, axis: usize) {
        let (b, e) = in_plane(axis);
        for (k, part) in self.outer_parts(axis) {
            let (u, w) = centre_cell(&part);
            let mut p = [0.0; 3];
            p[axis] = self.ext[axis] as f64;
            p[b] = u as f64 + 0.5;
            p[e] = w as f64 + 0.5;
            let (px, py) = project(p, self.s, self.ext);
            let text = &self.looks.labels[k];
            let size = if text.chars().count() > 2 {
                self.s * 0.36
            } else {
                self.s * 0.45
            };
            let fill = self.looks.fills[k].shade(SHADES[axis]);
            label(body, px, py, size, fill, text);
        }
    }

    /// Each piece's faces on the box's outer plane across `axis` (no cube
    /// can hide them), as cells of that plane, by piece. Both are sorted,
    /// so that ties in `centre_cell` break the same way on every run.
    fn outer_parts(&self, axis: usize) -> BTreeMap<usize, Vec<Cell>> {
        let (b, e) = in_plane(axis);
        let mut parts: BTreeMap<usize, Vec<Cell>> = BTreeMap::new();
        for (&c, &k) in self.cells {
            let v = c.coords();
            if v[axis] == self.ext[axis] - 1 {
                parts.entry(k).or_default().push(Cell::new(v[b], v[e], 0));
            }
        }
        for part in parts.values_mut() {
            part.sort_unstable();
        }
        parts
    }
}
