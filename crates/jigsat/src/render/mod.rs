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

use crate::geometry::Lattice;
use crate::puzzle::Puzzle;

/// Why `format` (`svg`, `html`, `stl`) cannot draw `puzzle`, naming the
/// formats that can; `None` when it can. A grid with no picture in a
/// format is refused rather than drawn as cubes, which would be a wrong
/// picture: the flat grids of triangles, hexagons and sticks are no solid
/// to print, and the SVG draws boxes of cubes only.
pub fn refusal(puzzle: &Puzzle, format: &str) -> Option<String> {
    let lattice = puzzle.board.lattice();
    let formats = match lattice {
        Lattice::Cubic => return None,
        Lattice::Triangles | Lattice::Hexagons | Lattice::Sticks => "text, svg, html, json",
        Lattice::Spheres | Lattice::Prisms => "text, html, stl, json",
    };
    let refused = match format {
        "stl" => lattice.is_planar(),
        "svg" => !lattice.is_planar(),
        _ => false,
    };
    refused.then(|| {
        format!(
            "--format {format} does not draw the {} grid; it has {formats}",
            lattice.name()
        )
    })
}
