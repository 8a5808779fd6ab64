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
