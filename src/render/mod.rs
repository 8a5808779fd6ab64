//! Drawing solutions: text for people at a terminal, JSON for programs.
//!
//! Renderers take a [`Puzzle`](crate::Puzzle) and checked
//! [`Solution`](crate::Solution)s; they never see placements or CNF.

pub mod json;
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
}
