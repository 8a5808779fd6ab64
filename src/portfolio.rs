//! Which engine answers when the user does not choose (`--solver` left
//! out): a rule read off measurements, kept in one place.
//!
//! The engines differ by orders of magnitude from one puzzle to the next
//! (encodings/RESULTS.md, "Which engine auto runs", has the figures):
//!
//! - **first-cell** fills the first empty cell in a fixed scan order. On a
//!   flat board it finds a first solution fastest of all engines, and it
//!   counts fastest when the scan line is short (boards at most 5 wide:
//!   3x20, 4x15, 5x12 pentominoes). It is the only
//!   exact engine for pieces with count ranges (Calibron 12's two pairs of
//!   equal rectangles, a "0..4" count). In 3-D its fixed order loses
//!   badly (counting Y25 takes minutes, against seconds for dlx; a box
//!   packed with copies, BurrTools' AlPackino, an estimated 42 hours
//!   against half a second for SAT), so it counts on flat boards only.
//! - **dlx** (Algorithm X, branching on the tightest item) counts fastest
//!   everywhere else: wide flat boards, boxes, edge-matching tiles. It
//!   also finds first solutions of edge-matching puzzles orders of
//!   magnitude sooner than SAT.
//! - **row-scan** fills edge-matching boards row by row, looking up the
//!   tile looks that fit the colours on the left and above: it answers
//!   first solutions and counts of tile puzzles, copies included, sooner
//!   than dlx (which cannot take copies) and SAT (encodings/RESULTS.md,
//!   "Edge matching: the row scan").
//! - **SAT** takes what neither exact engine handles: holes allowed with
//!   count ranges, tiles with copies; and it is the second runner of the
//!   race for a first solution on two cores ([`crate::race`]), for the
//!   puzzles where the exact search's fixed order is unlucky.
//!
//! Rectangle and box puzzles (Calibron 12) go to the corner search
//! ([`crate::family::boxes::corner`], first-cell on rows of bits without
//! a placement list) when the board is at most 64 wide; to the order
//! encoding and SAT otherwise.

use crate::cover::Cover;
use crate::enumerate::Engine;
use crate::geometry::Board;

/// What a run is after: the engines rank differently for the two.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Goal {
    /// One solution.
    First,
    /// Every solution (counting, `--all`).
    Every,
}

/// Widest scan line (the board's shorter side) on which first-cell still
/// counts faster than dlx: it wins on 5x12 pentominoes and loses on 6x10.
const NARROW: i32 = 5;

/// The exact engine for `cover` on `board`, or `None` when SAT should
/// answer.
pub fn exact_engine(cover: &Cover, board: &Board, goal: Goal) -> Option<Engine> {
    // Edge-matching tiles: the row scan, on everything it fills.
    if Engine::RowScan.supports(cover) {
        return Some(Engine::RowScan);
    }
    let first_cell = Engine::FirstCell.supports(cover);
    let dlx = Engine::Dlx.supports(cover);
    let [w, h, _] = board.extent();
    let flat = board.is_flat();
    match goal {
        Goal::First if first_cell && flat => Some(Engine::FirstCell),
        Goal::First if dlx => Some(Engine::Dlx),
        Goal::First => None,
        // In 3-D the fixed scan order can explode where SAT does not: a
        // BurrTools packing with the box as a piece (AlPackino) is about
        // 10^11 first-cell nodes and half a second for varisat.
        Goal::Every if first_cell && flat && (!dlx || w.min(h) <= NARROW) => {
            Some(Engine::FirstCell)
        }
        Goal::Every if dlx => Some(Engine::Dlx),
        Goal::Every => None,
    }
}

/// Whether a first solution on `cover` is raced against CaDiCaL (on two
/// cores or more). Not for edge-matching tiles: on every generated board
/// measured dlx answered first by orders of magnitude, and racing took a
/// core from it — slower when CaDiCaL ran beside dlx's two threads, far
/// slower on some boards when it took one of them (dlx's two threads
/// search different subtrees, which on some boards finds a solution far
/// sooner).
pub fn races(cover: &Cover) -> bool {
    !cover.has_colours()
}
