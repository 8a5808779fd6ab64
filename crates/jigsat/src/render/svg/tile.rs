//! Edge-matching tiles: each tile a square cut into four triangles, one
//! per edge, coloured by the edge's label and carrying its text.
//!
//! Under `match = "complement"` a label ends in `+` (head) or `-` (tail)
//! and `X+` must touch `X-`: both halves of a pair get the colour of `X`,
//! heads solid with an arrow pointing out of the tile, tails pale with an
//! arrow pointing in, so a matched edge reads head → tail; the label text
//! (with its `+` or `-`) is printed along each edge.
//!
//! This module only needs the labels as they lie on the board, so hooking
//! a tile solution up is one mapping to [`TileView`]; it is independent of
//! how tile puzzles and their solutions are represented elsewhere.

use std::collections::BTreeMap;
use std::fmt::Write;

use crate::geometry::square::DIRECTIONS;

use super::super::palette::{PALETTE, Rgb};
use super::{Panel, escape, num};

/// One tile as it lies on the board.
#[derive(Clone, Debug)]
pub struct TileView<'a> {
    /// The tile's name, for its tooltip.
    pub name: &'a str,
    /// Column and row on the board.
    pub at: (i32, i32),
    /// Quarter turns clockwise from the tile as written.
    pub rotation: u8,
    /// Labels as they lie: top, right, bottom, left.
    pub edges: [&'a str; 4],
}

/// Side of one tile, in SVG units.
pub const TILE: f64 = 120.0;

/// The label without its `+`/`-` end: what decides the colour.
fn base(label: &str) -> &str {
    label.trim_end_matches(['+', '-'])
}

/// A colour for every label base, in sorted order through the palette.
pub fn label_colours<'a>(tiles: &[TileView<'a>]) -> BTreeMap<&'a str, Rgb> {
    let mut bases: Vec<&str> = tiles
        .iter()
        .flat_map(|t| t.edges.iter().map(|e| base(e)))
        .collect();
    bases.sort_unstable();
    bases.dedup();
    bases
        .into_iter()
        .enumerate()
        .map(|(i, b)| (b, Rgb::from_hex(PALETTE[i % PALETTE.len()])))
        .collect()
}

/// A mix of `c` with white: `t` 0 keeps it, 1 is white.
fn pale(c: Rgb, t: f64) -> Rgb {
    let f = |v: u8| (v as f64 + (255.0 - v as f64) * t).round() as u8;
    Rgb(f(c.0), f(c.1), f(c.2))
}

/// Draws one tile with its top-left corner at (`x`, `y`): four triangles
/// meeting in the centre, each filled by its label's colour, heads with a
/// tab and tails with a notch, the label text near its edge.
pub fn tile(
    out: &mut String,
    labels: [&str; 4],
    x: f64,
    y: f64,
    size: f64,
    colour: &dyn Fn(&str) -> Rgb,
) {
    let square = Square { x, y, size };
    for (i, label) in labels.iter().enumerate() {
        let c = colour(base(label));
        let tail = label.ends_with('-');
        let fill = if tail { pale(c, 0.55) } else { c };
        square.triangle(out, i, fill);
        if label.ends_with('+') || tail {
            square.arrow(out, i, tail, c.shade(0.45));
        }
        square.edge_label(out, i, fill, label);
    }
    square.frame(out);
}

/// The outward unit normal of side `i` (top, right, bottom, left; y
/// grows down the page as it does down the board).
fn normal(i: usize) -> (f64, f64) {
    let (dx, dy) = DIRECTIONS[i];
    (dx as f64, dy as f64)
}

/// The square of one tile on the page; sides are numbered top, right,
/// bottom, left, as edges are listed.
struct Square {
    x: f64,
    y: f64,
    size: f64,
}

impl Square {
    fn centre(&self) -> (f64, f64) {
        (self.x + self.size / 2.0, self.y + self.size / 2.0)
    }

    /// The point `t` of the way from the centre out to the middle of side `i`.
    fn towards(&self, i: usize, t: f64) -> (f64, f64) {
        let (cx, cy) = self.centre();
        let (nx, ny) = normal(i);
        (cx + nx * self.size * t, cy + ny * self.size * t)
    }

    /// The triangle between side `i` and the centre.
    fn triangle(&self, out: &mut String, i: usize, fill: Rgb) {
        let (x, y, size) = (self.x, self.y, self.size);
        let corners = [(x, y), (x + size, y), (x + size, y + size), (x, y + size)];
        let (a, b) = (corners[i], corners[(i + 1) % 4]);
        let (cx, cy) = self.centre();
        let _ = writeln!(
            out,
            "<path d=\"M{} {}L{} {}L{} {}Z\" fill=\"{}\" stroke=\"#ffffff\" stroke-width=\"1\"/>",
            num(a.0),
            num(a.1),
            num(b.0),
            num(b.1),
            num(cx),
            num(cy),
            fill.css()
        );
    }

    /// An arrow by side `i`: out of the tile for a head, into it for a
    /// `tail`, so that a matched pair reads head → tail across the edge.
    fn arrow(&self, out: &mut String, i: usize, tail: bool, fill: Rgb) {
        let (nx, ny) = normal(i);
        let (tx, ty) = (-ny, nx);
        let sign = if tail { -1.0 } else { 1.0 };
        let (ax, ay) = self.towards(i, 0.42);
        let (half, depth) = (self.size * 0.06, self.size * 0.035 * sign);
        let _ = writeln!(
            out,
            "<path d=\"M{} {}L{} {}L{} {}Z\" fill=\"{}\"/>",
            num(ax - nx * depth + tx * half),
            num(ay - ny * depth + ty * half),
            num(ax - nx * depth - tx * half),
            num(ay - ny * depth - ty * half),
            num(ax + nx * depth),
            num(ay + ny * depth),
            fill.css()
        );
    }

    /// The label text along side `i`, reading from the tile's inside, in
    /// a colour that shows on the triangle's `fill`.
    fn edge_label(&self, out: &mut String, i: usize, fill: Rgb, label: &str) {
        let (lx, ly) = self.towards(i, 0.26);
        let turn = [0, 90, 0, -90][i];
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"middle\" dy=\"0.35em\" \
             transform=\"rotate({turn} {} {})\" fill=\"{}\">{}</text>",
            num(lx),
            num(ly),
            num(self.size * 0.095),
            num(lx),
            num(ly),
            fill.text_colour(),
            escape(label)
        );
    }

    /// The tile's outline, over the triangles' white seams.
    fn frame(&self, out: &mut String) {
        let _ = writeln!(
            out,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#333333\" \
             stroke-width=\"2\"/>",
            num(self.x),
            num(self.y),
            num(self.size),
            num(self.size)
        );
    }
}

/// A board of tiles, one `<g class="tile">` group per tile.
pub fn board(tiles: &[TileView]) -> Panel {
    let colours = label_colours(tiles);
    let colour = |b: &str| colours.get(b).copied().unwrap_or(Rgb(200, 200, 200));
    let mut body = String::new();
    let (mut w, mut h) = (0, 0);
    for t in tiles {
        let _ = writeln!(
            body,
            "<g class=\"tile\" data-tile=\"{}\" data-rotation=\"{}\"><title>tile {} turned {}x90°</title>",
            escape(t.name),
            t.rotation,
            escape(t.name),
            t.rotation
        );
        tile(
            &mut body,
            t.edges,
            t.at.0 as f64 * TILE,
            t.at.1 as f64 * TILE,
            TILE,
            &colour,
        );
        body.push_str("</g>\n");
        w = w.max(t.at.0 + 1);
        h = h.max(t.at.1 + 1);
    }
    Panel {
        body,
        width: w as f64 * TILE,
        height: h as f64 * TILE,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heads_and_tails_share_a_colour_but_not_a_fill() {
        let tiles = [TileView {
            name: "1",
            at: (0, 0),
            rotation: 0,
            edges: ["cheetah-", "tiger-", "lion+", "tiger+"],
        }];
        let colours = label_colours(&tiles);
        assert_eq!(colours.len(), 3);
        let panel = board(&tiles);
        assert_eq!(panel.body.matches("<g class=\"tile\"").count(), 1);
        let tiger = colours["tiger"].css();
        let pale_tiger = pale(colours["tiger"], 0.55).css();
        assert!(panel.body.contains(&format!("fill=\"{tiger}\"")));
        assert!(panel.body.contains(&format!("fill=\"{pale_tiger}\"")));
    }
}
