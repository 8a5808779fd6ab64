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
//!   count ranges; and it is the second runner of the race for a first
//!   solution on two cores ([`crate::race`], [`race_plan`]), for the
//!   puzzles where the exact search's fixed order is unlucky.
//!
//! Rectangle and box puzzles (Calibron 12) go to the corner search
//! ([`crate::family::boxes::corner`], first-cell on rows of bits without
//! a placement list) when the board is at most 64 wide; to the order
//! encoding and SAT otherwise.

use std::time::Duration;

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

/// How a first solution is raced against CaDiCaL on two cores or more
/// ([`crate::race`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RacePlan {
    /// How long the exact engine runs alone before CaDiCaL joins.
    pub head_start: Duration,
    /// Whether CaDiCaL takes one of the exact engine's threads; otherwise
    /// it runs beside all of them.
    pub takes_a_thread: bool,
}

/// The head start of packing puzzles: longer than the exact searches need
/// for every puzzle in puzzles/ (Y25 41 ms), so that easy puzzles never
/// pay for a CNF (encodings/RESULTS.md, "The race").
pub const PACKING_HEAD_START: Duration = Duration::from_millis(50);

/// The head start of edge-matching tiles: the row scan answers most
/// generated boards up to 8x8 within it, where SAT takes seconds
/// (encodings/RESULTS.md, "The race"), and those boards must not pay for
/// the race: neither a CNF nor a core. Boards still open after it are the
/// hard ones, where a second second of head start is lost in the noise.
pub const TILE_HEAD_START: Duration = Duration::from_secs(1);

/// How a first solution on `cover` is raced. Packing puzzles: CaDiCaL
/// after [`PACKING_HEAD_START`], in place of one of the exact engine's
/// threads. Edge-matching tiles: after [`TILE_HEAD_START`], and beside the
/// row scan's threads, because which thread count the row scan runs with
/// is fixed when it starts and one thread instead of two made it up to
/// 1.9x slower on boards it answers in under a second.
pub fn race_plan(cover: &Cover) -> RacePlan {
    if cover.has_colours() {
        RacePlan {
            head_start: TILE_HEAD_START,
            takes_a_thread: false,
        }
    } else {
        RacePlan {
            head_start: PACKING_HEAD_START,
            takes_a_thread: true,
        }
    }
}
