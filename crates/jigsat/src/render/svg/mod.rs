//! Pictures of solutions as SVG, written by hand (SVG is plain XML).
//!
//! - A flat board ([`flat`]) is a grid of cells; each piece is one path in
//!   its colour with a darker outline along its own boundary only, and its
//!   label in the middle.
//! - A box ([`iso`]) is drawn three ways, each piece in the same colour in
//!   every view: the assembled box in isometric projection, an exploded
//!   view of its layers from the bottom (z = 0) up, so that the inside is
//!   visible, and every piece on its own as it lies in the box (the shape
//!   to pick up, held the way it goes in).
//! - Balls and prisms ([`solids`]) are drawn assembled in isometric view
//!   and layer by layer from above.
//! - The tetrahedra of BurrTools' rhombic and tetrahedral-octahedral
//!   grids ([`tetrahedra`]) are drawn assembled and piece by piece, in
//!   isometric view.
//! - Edge-matching tiles ([`tile`]) are squares cut into four triangles
//!   coloured by label.
//!
//! Every piece is one `<g class="piece">` group carrying `data-piece` (its
//! name) and `data-copy` (1, 2, … among copies of the same piece). Labels
//! are the piece's glyph, followed by the copy number when the puzzle has
//! several copies of it, so that colour is never the only cue.
//!
//! Several solutions go into one picture as a grid ([`document`]), or one
//! picture each ([`solution_document`]).

pub mod flat;
pub mod iso;
mod lattice;
mod solids;
mod tetrahedra;
pub mod tile;

use std::fmt::Write;

use crate::puzzle::Puzzle;
use crate::solution::Solution;

use super::palette::{self, Rgb};

/// A drawn part of a picture: SVG elements in a `width` x `height` box
/// with its top-left corner at the origin.
#[derive(Clone, Debug, Default)]
pub struct Panel {
    pub body: String,
    pub width: f64,
    pub height: f64,
}

impl Panel {
    /// Places `other` with its top-left corner at (`x`, `y`).
    pub fn put(&mut self, other: &Panel, x: f64, y: f64) {
        let _ = writeln!(
            self.body,
            "<g transform=\"translate({} {})\">\n{}</g>",
            num(x),
            num(y),
            other.body
        );
        self.width = self.width.max(x + other.width);
        self.height = self.height.max(y + other.height);
    }

    /// A line of text with its baseline at (`x`, `y`).
    pub fn caption(&mut self, x: f64, y: f64, size: f64, text: &str) {
        let _ = writeln!(
            self.body,
            "<text x=\"{}\" y=\"{}\" font-size=\"{}\" class=\"caption\">{}</text>",
            num(x),
            num(y),
            num(size),
            escape(text)
        );
        // A rough width, so that a long caption widens the panel.
        self.width = self.width.max(x + 0.6 * size * text.chars().count() as f64);
        self.height = self.height.max(y + 0.3 * size);
    }
}

/// How each placed piece looks: its fill and its label.
#[derive(Clone, Debug)]
pub struct Looks {
    /// Per placed piece, its fill: touching pieces get colours told
    /// apart ([`palette::colours`]).
    pub fills: Vec<Rgb>,
    /// Per placed piece, the glyph that draws it, with its copy number
    /// when the piece has copies (`Y3`), as the text drawing names it.
    pub labels: Vec<String>,
    /// Which copy of its piece each placed piece is, from 1.
    pub copies: Vec<usize>,
    /// Per placed piece, its piece's name, for tooltips.
    pub names: Vec<String>,
}

impl Looks {
    /// The looks of `solution`'s pieces, in its order.
    pub fn new(puzzle: &Puzzle, solution: &Solution) -> Looks {
        let fills = palette::colours(solution);
        let mut seen = vec![0usize; puzzle.pieces().len()];
        let mut copies = Vec::with_capacity(solution.pieces().len());
        let mut labels = Vec::with_capacity(solution.pieces().len());
        let mut names = Vec::with_capacity(solution.pieces().len());
        for placed in solution.pieces() {
            let piece = &puzzle.pieces()[placed.piece];
            seen[placed.piece] += 1;
            copies.push(seen[placed.piece]);
            names.push(piece.name.clone());
            labels.push(if piece.count.max > 1 {
                format!("{}{}", piece.glyph, seen[placed.piece])
            } else {
                piece.glyph.to_string()
            });
        }
        Looks {
            fills,
            labels,
            copies,
            names,
        }
    }

    /// The opening tag of piece `k`'s group, with a tooltip.
    pub fn group_open(&self, k: usize) -> String {
        format!(
            "<g class=\"piece\" data-piece=\"{}\" data-copy=\"{}\"><title>{}</title>\n",
            escape(&self.names[k]),
            self.copies[k],
            escape(&format!("{} ({})", self.names[k], self.labels[k]))
        )
    }
}

/// One solution drawn: the board or box, its views, no title.
pub fn solution_panel(puzzle: &Puzzle, solution: &Solution, id: &str) -> Panel {
    if let Some(tiling) = puzzle.tiling() {
        let [x0, y0, _] = puzzle.board.origin();
        let views: Vec<tile::TileView> = solution
            .tiles()
            .iter()
            .map(|t| tile::TileView {
                name: &tiling.tiles[t.tile].name,
                at: (t.at.x - x0, t.at.y - y0),
                rotation: t.rotation,
                edges: [0, 1, 2, 3].map(|k| t.edges[k].as_str()),
            })
            .collect();
        return tile::board(&views);
    }
    let looks = Looks::new(puzzle, solution);
    if puzzle.board.lattice().is_planar() {
        lattice::board(puzzle, solution, &looks)
    } else if puzzle.board.lattice().is_voxels() {
        tetrahedra::views(puzzle, solution, &looks)
    } else if puzzle.board.lattice() != crate::geometry::Lattice::Cubic {
        solids::views(puzzle, solution, &looks)
    } else if puzzle.is_flat() {
        flat::board(puzzle, solution, &looks, id)
    } else {
        iso::views(puzzle, solution, &looks)
    }
}

/// A picture of one solution, with the puzzle's name as its title.
pub fn solution_document(puzzle: &Puzzle, solution: &Solution, title: &str) -> String {
    let mut page = Panel::default();
    page.caption(MARGIN, MARGIN + 16.0, 18.0, title);
    let panel = solution_panel(puzzle, solution, "s1");
    page.put(&panel, MARGIN, MARGIN + 30.0);
    finish(page, title)
}

/// All solutions in one picture, in a grid; "no solution" when there are
/// none.
pub fn document(puzzle: &Puzzle, solutions: &[Solution]) -> String {
    if solutions.len() == 1 {
        return solution_document(puzzle, &solutions[0], &puzzle.name);
    }
    let mut page = Panel::default();
    let title = match solutions.len() {
        0 => format!("{}: no solution", puzzle.name),
        n => format!("{}: {n} solutions", puzzle.name),
    };
    page.caption(MARGIN, MARGIN + 16.0, 18.0, &title);
    let panels: Vec<Panel> = solutions
        .iter()
        .enumerate()
        .map(|(i, s)| solution_panel(puzzle, s, &format!("s{}", i + 1)))
        .collect();
    let cell_w = panels.iter().map(|p| p.width).fold(0.0, f64::max) + GAP;
    let cell_h = panels.iter().map(|p| p.height).fold(0.0, f64::max) + GAP + 20.0;
    let columns = grid_columns(panels.len(), cell_w, cell_h);
    for (i, panel) in panels.iter().enumerate() {
        let x = MARGIN + (i % columns) as f64 * cell_w;
        let y = MARGIN + 30.0 + (i / columns) as f64 * cell_h;
        page.caption(x, y + 12.0, 13.0, &format!("solution {}", i + 1));
        page.put(panel, x, y + 20.0);
    }
    finish(page, &title)
}

/// A picture of an edge-matching solution: the board of tiles, one
/// `<g class="tile">` group each.
///
/// The hook for tile puzzles: map each placed tile of a solution to a
/// [`tile::TileView`] (its name, board position from the board's origin,
/// quarter turns and the edge labels as they lie) and call this.
pub fn tiles_document(title: &str, tiles: &[tile::TileView]) -> String {
    let mut page = Panel::default();
    page.caption(MARGIN, MARGIN + 16.0, 18.0, title);
    page.put(&tile::board(tiles), MARGIN, MARGIN + 30.0);
    finish(page, title)
}

/// Columns for `n` pictures of the given size: a roughly 4:3 page.
fn grid_columns(n: usize, w: f64, h: f64) -> usize {
    let columns = ((n as f64 * h / w * 4.0 / 3.0).sqrt()).round() as usize;
    columns.clamp(1, n.max(1))
}

pub const MARGIN: f64 = 12.0;
pub const GAP: f64 = 24.0;

/// Wraps a page into an `<svg>` document.
fn finish(page: Panel, title: &str) -> String {
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n{}",
        element(page, title)
    )
}

/// A page as one `<svg>` element, to stand in a file or inside an HTML
/// page.
fn element(page: Panel, title: &str) -> String {
    let w = (page.width + MARGIN).ceil();
    let h = (page.height + MARGIN).ceil();
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
         viewBox=\"0 0 {w} {h}\" font-family=\"DejaVu Sans, Verdana, sans-serif\">\n\
         <title>{}</title>\n\
         <style>.caption {{ fill: #222222; }} .label {{ font-weight: bold; }}</style>\n\
         <rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n{}</svg>\n",
        escape(title),
        page.body
    )
}

/// One solution's drawing as an `<svg>` element with no caption, for a
/// page (`--format html`) that shows it; `id` keeps its clip paths apart
/// from other drawings on the page.
pub fn inline_solution(puzzle: &Puzzle, solution: &Solution, title: &str, id: &str) -> String {
    let mut page = Panel::default();
    page.put(&solution_panel(puzzle, solution, id), MARGIN, MARGIN);
    element(page, title)
}

/// A coordinate with at most two decimals and no trailing zeros, so that
/// the files are small and stable.
pub fn num(v: f64) -> String {
    let s = format!("{:.2}", v);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_string()
    } else {
        s.to_string()
    }
}

/// Text escaped for XML content and attributes; characters XML 1.0
/// cannot hold (U+0001, U+FFFE, …) replaced ([`crate::clean::xml`]), so
/// that the file stays well-formed whatever a name holds.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in crate::clean::xml(text).chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// A centred bold label at (`x`, `y`).
pub fn label(out: &mut String, x: f64, y: f64, size: f64, fill: Rgb, text: &str) {
    let _ = writeln!(
        out,
        "<text x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"middle\" dy=\"0.35em\" \
         class=\"label\" fill=\"{}\">{}</text>",
        num(x),
        num(y),
        num(size),
        fill.text_colour(),
        escape(text)
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short() {
        assert_eq!(num(1.0), "1");
        assert_eq!(num(1.5), "1.5");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(2.345678), "2.35");
    }

    #[test]
    fn escaping() {
        assert_eq!(escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
    }
}
