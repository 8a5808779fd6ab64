//! Drawing solutions: text for people at a terminal or in a log, SVG
//! pictures to build from, an HTML page to turn a box in the hand, STL
//! solids to print, JSON for programs.
//!
//! Renderers take a [`Puzzle`](crate::puzzle::Puzzle) and checked
//! [`Solution`](crate::solution::Solution)s; they never see placements or CNF.

pub mod html;
pub mod json;
pub mod order;
pub mod palette;
pub mod playback;
pub mod stl;
pub mod svg;
pub mod table;
pub mod text;

/// The output formats `--format` offers.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Format {
    /// Each layer as a grid of piece glyphs with walls between pieces,
    /// layers side by side.
    #[default]
    Text,
    /// The contract's JSON object: status, solutions, counts, stats.
    Json,
    /// A picture: the board with each piece in its own colour, or a box
    /// assembled, layer by layer and piece by piece. With several
    /// solutions, one picture with all of them in a grid, or one file per
    /// solution when `-o` names a directory (`-o DIR/`).
    Svg,
    /// One self-contained page: a box turned with the mouse or the arrow
    /// keys, its layers peeled, its pieces added one by one; a flat board
    /// or tiles stepped through the same way. Several solutions are one
    /// page with buttons from one to the next.
    Html,
    /// Solids for a 3-D printer (binary STL): with `-o DIR/` one file per
    /// piece, laid flat on its largest side, and `assembly.stl`; with
    /// `-o FILE.stl` the assembly alone.
    Stl,
}

impl Format {
    /// Formats that draw solutions, which commands without any refuse.
    pub fn is_picture(self) -> bool {
        matches!(self, Format::Svg | Format::Html | Format::Stl)
    }
}
