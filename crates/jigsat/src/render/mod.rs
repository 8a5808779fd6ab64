//! Drawing solutions: text for people at a terminal or in a log, SVG
//! pictures to build from, an HTML page to turn a box in the hand, STL
//! solids to print, JSON for programs.
//!
//! Renderers take a [`Puzzle`](crate::puzzle::Puzzle) and checked
//! [`Solution`](crate::solution::Solution)s; they never see placements or CNF.

mod flat;
pub mod html;
pub mod json;
pub mod order;
pub mod palette;
pub mod playback;
mod sticks;
pub mod stl;
pub mod svg;
pub mod table;
pub mod text;

use crate::puzzle::Puzzle;

/// Why `format` (`svg`, `html`, `stl`) cannot draw `puzzle`, naming the
/// formats that can; `None` when it can. A grid with no picture in a
/// format is refused rather than drawn as cubes, which would be a wrong
/// picture: the flat grids of triangles, hexagons and sticks are no solid
/// to print. Every solid grid has every picture.
pub fn refusal(puzzle: &Puzzle, format: &str) -> Option<String> {
    let lattice = puzzle.board.lattice();
    let (formats, refused) = if lattice.is_planar() {
        ("text, svg, html, json", format == "stl")
    } else {
        return None;
    };
    refused.then(|| {
        format!(
            "--format {format} does not draw the {} grid; it has {formats}",
            lattice.name()
        )
    })
}
