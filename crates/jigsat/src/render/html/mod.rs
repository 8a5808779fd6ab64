//! `--format html`: one self-contained page to turn a solution in the hand.
//!
//! A still picture shows a box from one side; the person rebuilding it
//! wants to turn it, look inside and know which piece to put in next. The
//! page does that with no network and no library: the script (`viewer.js`
//! beside this file) and the style sheet (`style.css`) are written for
//! this page and included as they are, so they stay readable and can be
//! linted on their own; the solutions travel in the page as JSON.
//!
//! - A box is drawn on a canvas from its cubes' outer faces: turned freely
//!   by dragging, by quarter turns with the arrow keys (any of the 24
//!   orientations of the box), its layers peeled from the top with a
//!   slider, its pieces added one by one in the reverse order of a real
//!   disassembly ([`playback`](super::playback)), or bottom-up when it
//!   does not come apart ([`order`](super::order)); the disassembly is
//!   played move by move, forwards and back.
//! - Balls, prisms and the tetrahedra of BurrTools' rhombic and
//!   tetrahedral-octahedral grids are drawn the same way from the
//!   lattice's cells (`solids.js` or `tetrahedra.js`, on their pages
//!   only): a shaded ball a cell, or the outer faces of prisms or
//!   tetrahedra (each tetrahedron's corners sent with its cell,
//!   [`crate::geometry::tetrahedron`]); the same turning, peeling and
//!   stepping.
//! - A flat board or a board of tiles is the SVG drawing itself, inline;
//!   the same stepping hides the pieces not yet placed.
//! - Every piece has the SVG's colour and label (the colour-blind-safe
//!   palette), and the piece list highlights one piece at a time.
//! - Several solutions (`solve --all`, `--limit`) are one page with
//!   buttons to go from one to the next.

use std::fmt::Write;

use serde::Serialize;

use crate::geometry::{Cell, Lattice, corner_point, tetrahedron};
use crate::puzzle::Puzzle;
use crate::solution::Solution;

use super::order::{build_order, ranks};
use super::playback::{MoveData, playback};
use super::svg::{self, Looks, escape};

const SCRIPT: &str = include_str!("viewer.js");
const SOLIDS: &str = include_str!("solids.js");
const TETRAHEDRA: &str = include_str!("tetrahedra.js");
const STYLE: &str = include_str!("style.css");

/// What the script reads.
#[derive(Serialize)]
struct Data {
    /// `box`, `flat` or `tiles`.
    kind: &'static str,
    /// `balls`, `prisms` or `tetrahedra` for a box of those, its cells
    /// given in the lattice's embedding; none for cubes.
    #[serde(skip_serializing_if = "Option::is_none")]
    solid: Option<&'static str>,
    /// For tetrahedra, one step of their corners (twice the embedding's
    /// units) in the picture's units ([`crate::geometry::corner_point`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    unit: Option<f64>,
    /// The board's extent, cells counted from its origin.
    size: [i32; 3],
    solutions: Vec<SolutionData>,
}

#[derive(Serialize)]
struct SolutionData {
    pieces: Vec<PieceData>,
    /// Piece indices in the order to place them: the reverse of the
    /// disassembly when there is one, else bottom-up.
    order: Vec<usize>,
    /// Each piece's place in `order`.
    rank: Vec<usize>,
    /// The moves that take the assembly apart (empty: it does not come
    /// apart by sliding pieces, or is flat).
    moves: Vec<MoveData>,
    /// BurrTools' level of the disassembly played.
    level: Option<String>,
}

#[derive(Serialize)]
struct PieceData {
    name: String,
    label: String,
    /// `#rrggbb`, and the colour of text on it.
    fill: String,
    text: &'static str,
    /// From the board's origin.
    cells: Vec<[i32; 3]>,
    /// For tetrahedra, each cell's four corners as steps from twice the
    /// cell (see [`Data::unit`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    corners: Option<Vec<[[i32; 3]; 4]>>,
}

/// The page for `solutions` of `puzzle`, titled `title`.
pub fn document(puzzle: &Puzzle, solutions: &[Solution], title: &str) -> String {
    let solid = match puzzle.board.lattice() {
        Lattice::Spheres => Some("balls"),
        Lattice::Prisms => Some("prisms"),
        Lattice::Rhombic | Lattice::TetraOcta => Some("tetrahedra"),
        _ => None,
    };
    // Balls and prisms turn in the hand even in one layer.
    let kind = match (
        puzzle.tiling().is_some(),
        puzzle.is_flat() && solid.is_none(),
    ) {
        (true, _) => "tiles",
        (false, true) => "flat",
        (false, false) => "box",
    };
    let data = Data {
        kind,
        solid,
        unit: (puzzle.board.lattice().is_voxels())
            .then(|| corner_point(puzzle.board.lattice(), [1, 0, 0])[0]),
        size: puzzle.board.extent(),
        solutions: solutions.iter().map(|s| solution_data(puzzle, s)).collect(),
    };
    let json = serde_json::to_string(&data).expect("JSON of plain data");
    let mut page = String::new();
    let _ = write!(
        page,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{t}</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n<h1>{t}</h1>\n",
        t = escape(title)
    );
    if solutions.is_empty() {
        page.push_str("<p>No solution to draw.</p>\n");
    } else {
        page.push_str("<main>\n<div id=\"picture\">\n");
        page.push_str(&picture(puzzle, solutions, kind));
        page.push_str("</div>\n");
        page.push_str(&controls(kind, solutions.len()));
        page.push_str("</main>\n");
    }
    // `</` cannot end the script early: JSON allows `<\/` for `</`.
    let _ = write!(
        page,
        "<script type=\"application/json\" id=\"jigsat-data\">{}</script>\n\
         {solids}<script>\n{SCRIPT}</script>\n</body>\n</html>\n",
        json.replace("</", "<\\/"),
        solids = match solid {
            Some("tetrahedra") => format!("<script>\n{TETRAHEDRA}</script>\n"),
            Some(_) => format!("<script>\n{SOLIDS}</script>\n"),
            None => String::new(),
        }
    );
    page
}

/// The canvas of a box, or one inline SVG per solution of a flat board
/// or tiles (the first shown).
fn picture(puzzle: &Puzzle, solutions: &[Solution], kind: &str) -> String {
    if kind == "box" {
        return "<canvas id=\"box\" width=\"640\" height=\"540\" tabindex=\"0\"></canvas>\n"
            .to_string();
    }
    let mut out = String::new();
    for (i, s) in solutions.iter().enumerate() {
        let title = format!("{}: solution {}", puzzle.name, i + 1);
        let hidden = if i == 0 { "" } else { " hidden" };
        let _ = write!(
            out,
            "<div class=\"drawing\"{hidden}>\n{}</div>\n",
            svg::inline_solution(puzzle, s, &title, &format!("s{}", i + 1))
        );
    }
    out
}

/// The buttons, the slider, the piece list and a line of help.
fn controls(kind: &str, solutions: usize) -> String {
    let mut out = String::from("<aside>\n");
    if solutions > 1 {
        out.push_str(
            "<p><button id=\"prev-solution\" title=\"previous solution\">&#9664;</button> \
             <span id=\"solution-text\"></span> \
             <button id=\"next-solution\" title=\"next solution\">&#9654;</button></p>\n",
        );
    }
    out.push_str(
        "<p><button id=\"prev\" title=\"take the last piece off (p)\">&#9664;</button> \
         <span id=\"step-text\"></span> \
         <button id=\"next\" title=\"put the next piece in (n)\">&#9654;</button></p>\n",
    );
    if kind == "box" {
        out.push_str(
            "<p id=\"apart\"><button id=\"apart-prev\" title=\"undo the last move (b)\">&#9664;</button> \
             <span id=\"apart-text\"></span> \
             <button id=\"apart-next\" title=\"the next move of the disassembly (f)\">&#9654;</button> \
             <button id=\"apart-play\">take apart</button></p>\n",
        );
        out.push_str(
            "<p><label>peel <input type=\"range\" id=\"layers\" min=\"1\" step=\"1\"></label> \
             <span id=\"layers-text\"></span></p>\n\
             <p><button id=\"reset\">view from the front corner</button></p>\n",
        );
    }
    out.push_str("<ol id=\"pieces\"></ol>\n<p class=\"help\">");
    out.push_str(if kind == "box" {
        "Drag to turn the box; the arrow keys turn it a quarter turn. The slider peels \
         layers off from the top. &#9664; &#9654; (or p, n) take pieces off and put them \
         in, in the reverse order of the disassembly (bottom-up when it does not come \
         apart). The second row plays the disassembly move by move (or b, f): pieces only \
         slide, none turns. Point at a piece in the list to pick it out; click to keep it."
    } else {
        "&#9664; &#9654; (or p, n) take pieces off and put them in. Point at a piece in \
         the list to pick it out; click to keep it."
    });
    out.push_str("</p>\n</aside>\n");
    out
}

fn solution_data(puzzle: &Puzzle, solution: &Solution) -> SolutionData {
    let played = playback(puzzle, solution);
    let order = match &played {
        Some(p) => p.order.clone(),
        None => build_order(puzzle, solution),
    };
    let rank = ranks(&order);
    let [x0, y0, z0] = shift(puzzle);
    let pieces = if let Some(tiling) = puzzle.tiling() {
        solution
            .tiles()
            .iter()
            .map(|t| PieceData {
                name: format!("tile {} turned {}", tiling.tiles[t.tile].name, t.rotation),
                label: tiling.tiles[t.tile].name.clone(),
                fill: "#dddddd".to_string(),
                text: "#000000",
                cells: vec![[t.at.x - x0, t.at.y - y0, 0]],
                corners: None,
            })
            .collect()
    } else {
        let looks = Looks::new(puzzle, solution);
        solution
            .pieces()
            .iter()
            .enumerate()
            .map(|(k, p)| PieceData {
                name: looks.names[k].clone(),
                label: looks.labels[k].clone(),
                fill: looks.fills[k].css(),
                text: looks.fills[k].text_colour(),
                cells: p
                    .cells
                    .iter()
                    .map(|c| [c.x - x0, c.y - y0, c.z - z0])
                    .collect(),
                corners: corners(puzzle.board.lattice(), &p.cells),
            })
            .collect()
    };
    let (moves, level) = match played {
        Some(p) => (p.moves, Some(p.level)),
        None => (Vec::new(), None),
    };
    SolutionData {
        pieces,
        order,
        rank,
        moves,
        level,
    }
}

/// Each cell's tetrahedron as steps from twice the cell, on the grids of
/// tetrahedra; `None` on the others.
fn corners(lattice: Lattice, cells: &[Cell]) -> Option<Vec<[[i32; 3]; 4]>> {
    (cells.iter())
        .map(|&c| {
            let t = tetrahedron(lattice, c)?;
            Some(t.map(|p| [0, 1, 2].map(|a| p[a] - 2 * c.coords()[a])))
        })
        .collect()
}

/// What the cells are moved by to start at the board's origin: the origin
/// itself for cubes, or the nearest move of the lattice to it (three
/// whole steps for prisms, an even sum for balls, whole cubes across for
/// tetrahedra), so that a cell keeps its kind; the layer always starts at
/// 0 (the slider peels layers), which moves tetrahedra off their grid:
/// their corners come with them ([`corners`]).
fn shift(puzzle: &Puzzle) -> [i32; 3] {
    let [x, y, z] = puzzle.board.origin();
    match puzzle.board.lattice() {
        Lattice::Prisms => [x - x.rem_euclid(3), y - y.rem_euclid(3), z],
        Lattice::Spheres => [x - (x + y + z).rem_euclid(2), y, z],
        Lattice::Rhombic => [x - x.rem_euclid(5), y - y.rem_euclid(5), z],
        Lattice::TetraOcta => [x - x.rem_euclid(12), y - y.rem_euclid(12), z],
        _ => [x, y, z],
    }
}
