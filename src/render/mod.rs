//! Drawing solutions: text for people at a terminal, SVG pictures to build
//! from, JSON for programs.
//!
//! Renderers take a [`Puzzle`](crate::Puzzle) and checked
//! [`Solution`](crate::Solution)s; they never see placements or CNF.

pub mod json;
pub mod palette;
pub mod svg;
pub mod table;
pub mod text;

/// The output formats `--format` offers.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Format {
    /// Each layer as a grid of piece glyphs, layers side by side.
    #[default]
    Text,
    /// The contract's JSON object: status, solutions, counts, stats.
    Json,
    /// A picture: the board with each piece in its own colour, or a box
    /// assembled, layer by layer and piece by piece. With several
    /// solutions, one picture with all of them in a grid, or one file per
    /// solution when `-o` names a directory (`-o DIR/`).
    Svg,
}
