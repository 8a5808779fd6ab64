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

use super::super::palette::{PALETTE, Rgb};
use super::{Panel, escape, num};

/// One tile as it lies on the board.
#[derive(Clone, Debug)]
pub struct TileView<'a> {
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
    let (cx, cy) = (x + size / 2.0, y + size / 2.0);
    let corners = [(x, y), (x + size, y), (x + size, y + size), (x, y + size)];
    for (i, label) in labels.iter().enumerate() {
        let (a, b) = (corners[i], corners[(i + 1) % 4]);
        let c = colour(base(label));
        let tail = label.ends_with('-');
        let fill = if tail { pale(c, 0.55) } else { c };
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
        let side = Side {
            centre: (cx, cy),
            normal: NORMALS[i],
            size,
        };
        if label.ends_with('+') || tail {
            side.arrow(out, tail, c);
        }
        side.label(out, i, label, fill);
    }
    let _ = writeln!(
        out,
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#333333\" \
         stroke-width=\"2\"/>",
        num(x),
        num(y),
        num(size),
        num(size)
    );
}

/// Outward unit normals of top, right, bottom, left.
const NORMALS: [(f64, f64); 4] = [(0.0, -1.0), (1.0, 0.0), (0.0, 1.0), (-1.0, 0.0)];

/// One side of a tile `size` wide centred at `centre`, facing `normal`.
struct Side {
    centre: (f64, f64),
    normal: (f64, f64),
    size: f64,
}

impl Side {
    /// An arrow by the edge: out of the tile for a head, into it for a
    /// tail, so a matched pair reads head → tail across the edge.
    fn arrow(&self, out: &mut String, tail: bool, c: Rgb) {
        let ((cx, cy), (nx, ny), size) = (self.centre, self.normal, self.size);
        let (tx, ty) = (-ny, nx);
        let sign = if tail { -1.0 } else { 1.0 };
        let (ax, ay) = (cx + nx * size * 0.42, cy + ny * size * 0.42);
        let (half, depth) = (size * 0.06, size * 0.035 * sign);
        let _ = writeln!(
            out,
            "<path d=\"M{} {}L{} {}L{} {}Z\" fill=\"{}\"/>",
            num(ax - nx * depth + tx * half),
            num(ay - ny * depth + ty * half),
            num(ax - nx * depth - tx * half),
            num(ay - ny * depth - ty * half),
            num(ax + nx * depth),
            num(ay + ny * depth),
            c.shade(0.45).css()
        );
    }

    /// The label along side `i`'s edge, reading from the tile's inside.
    fn label(&self, out: &mut String, i: usize, label: &str, fill: Rgb) {
        let ((cx, cy), (nx, ny), size) = (self.centre, self.normal, self.size);
        let (lx, ly) = (cx + nx * size * 0.26, cy + ny * size * 0.26);
        let turn = [0, 90, 0, -90][i];
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"middle\" dy=\"0.35em\" \
             transform=\"rotate({turn} {} {})\" fill=\"{}\">{}</text>",
            num(lx),
            num(ly),
            num(size * 0.095),
            num(lx),
            num(ly),
            fill.text_colour(),
            escape(label)
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
