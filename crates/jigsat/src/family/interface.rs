//! The seam between the families and the core: what an exact-cover family
//! must give (see the module docs of [`crate::family`]).

use crate::cover::Cover;
use crate::geometry::Cell;
use crate::solution::Solution;
use crate::symmetry::Group;

/// What an exact-cover family gives the core.
pub trait Family: Sync {
    /// The exact-cover instance: one option per placement.
    fn cover(&self) -> &Cover;

    /// The board's symmetries, acting on the cover's cells, pieces and
    /// options; the identity first.
    fn group(&self) -> &Group;

    /// A cheap proof that the puzzle has no solution (a colouring
    /// argument, a piece that fits nowhere), tried before any search.
    fn refute(&self) -> Option<String> {
        None
    }

    /// The solution a set of chosen options stands for (not yet checked).
    fn solution(&self, chosen: &[u32]) -> Solution;

    /// One line naming an option for a person: the piece and its cells.
    fn describe(&self, option: u32) -> String;

    /// Per piece (or tile), in the puzzle's order: its distinct
    /// orientations and its placements, for `info`.
    fn sizes(&self) -> Vec<PartSize>;
}

/// How many ways one piece or tile can lie.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PartSize {
    /// Its distinct orientations under the moves the puzzle allows.
    pub orientations: usize,
    /// Its placements on the board: the cover's options for it.
    pub placements: usize,
}

/// A cell as DIMACS comments and [`Family::describe`] write it: `(x,y,z)`.
pub fn cell_text(c: Cell) -> String {
    format!("({},{},{})", c.x, c.y, c.z)
}
