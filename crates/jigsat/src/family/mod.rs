//! Puzzle families: each turns one kind of puzzle into what the core reads.
//!
//! The core — [`crate::cover`], [`crate::symmetry`], [`crate::encode`],
//! [`crate::exact`], [`crate::solve`](mod@crate::solve) — knows nothing of pieces or tiles.
//! A family that can be phrased as exact cover implements [`Family`]: it
//! lists its placements as the options of a [`Cover`](crate::cover::Cover), gives the board's
//! symmetries as a [`Group`](crate::symmetry::Group) acting on them, and reads a set of chosen
//! options back as a [`Solution`](crate::solution::Solution). Everything downstream (the CNF, Algorithm
//! X, symmetry breaking, canonical forms, counting) is then shared.
//!
//! - [`packing`]: polyominoes and polycubes packed into a board;
//! - [`tiles`]: edge-matching tiles, whose cover has coloured edges;
//! - [`boxes`]: rectangles and boxes through the order encoding — the one
//!   family that writes its own CNF instead of a cover, because its
//!   variables are coordinates, not placements.
//!
//! [`cover_family`] is the one place a puzzle's family is chosen (the
//! pipeline asks [`boxes`] first when the order model may apply).

pub mod boxes;
pub mod interface;
pub mod packing;
pub mod tiles;

pub use interface::{Family, PartSize};

use crate::error::Result;
use crate::puzzle::{Kind, Puzzle};

/// The exact-cover family of a puzzle: the one place that asks what kind
/// of puzzle it is. A new family is one module and one arm here.
pub fn cover_family(puzzle: &Puzzle) -> Result<Box<dyn Family + '_>> {
    Ok(match &puzzle.kind {
        Kind::Pieces(_) => Box::new(packing::Packing::new(puzzle)?),
        Kind::Tiles(tiling) => Box::new(tiles::Tiles::new(puzzle, tiling)?),
    })
}
