//! The exact engines by name ([`ExactEngine`]), and one built over a
//! cover as a value ([`Built`]): the drivers, the split and the estimate
//! take it like any other [`Search`], so that nothing above has to be
//! generic over which engine a run chose.

use crate::cover::{Cover, ItemKind};
use crate::geometry::Board;

use super::bitx::BitX;
use super::dlx::Dlx;
use super::firstcell::FirstCell;
use super::rowscan::RowScan;
use super::rowscan::fewest::Fewest;
use super::search::{Halt, Layout, Search, Ticker};

/// The exact searches over a cover.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ExactEngine {
    /// Knuth's Algorithm X, branching on the tightest item.
    Dlx,
    /// The first-empty-cell search ([`crate::exact::firstcell`]).
    FirstCell,
    /// The row-scan search for edge-matching tiles
    /// ([`crate::exact::rowscan`]).
    RowScan,
    /// The same boards, the empty position with the fewest looks first
    /// ([`crate::exact::rowscan::fewest`]).
    Fewest,
}

/// The exact engines' names, for `--solver` and messages.
pub const EXACT_ENGINE_NAMES: [&str; 4] = ["first-cell", "row-scan", "fewest", "dlx"];

impl ExactEngine {
    /// The name `--solver` takes and messages use (one of
    /// [`EXACT_ENGINE_NAMES`]).
    pub fn name(self) -> &'static str {
        match self {
            ExactEngine::Dlx => "dlx",
            ExactEngine::FirstCell => "first-cell",
            ExactEngine::RowScan => "row-scan",
            ExactEngine::Fewest => "fewest",
        }
    }

    /// The engine a name stands for (the spellings without a dash too).
    pub fn from_name(name: &str) -> Option<ExactEngine> {
        Some(match name.to_ascii_lowercase().as_str() {
            "dlx" => ExactEngine::Dlx,
            "first-cell" | "firstcell" => ExactEngine::FirstCell,
            "row-scan" | "rowscan" => ExactEngine::RowScan,
            "fewest" => ExactEngine::Fewest,
            _ => return None,
        })
    }

    /// Whether the engine can take this instance (Algorithm X needs every
    /// item's multiplicity to be exactly one or at most one).
    pub fn supports(self, cover: &Cover) -> bool {
        match self {
            ExactEngine::Dlx => cover
                .items
                .iter()
                .all(|i| i.implied || i.max == 0 || (i.max == 1 && i.min <= 1)),
            ExactEngine::FirstCell => FirstCell::supports(cover),
            ExactEngine::RowScan => RowScan::supports(cover),
            // Built with the board, like the row scan's frame first.
            ExactEngine::Fewest => RowScan::supports(cover),
        }
    }

    /// The engine over `cover` without the `forbidden` options (symmetry
    /// breaking); the reason, fit for a user, when it cannot take it.
    pub fn build(self, cover: &Cover, forbidden: &[u32], board: &Board) -> Result<Built, String> {
        match self {
            // Edge colours become plain secondary items for the exact engines.
            ExactEngine::Dlx => Built::algorithm_x(&cover.for_dlx(), forbidden)
                .inspect(|dlx| log::debug!("dlx engine: Algorithm X over {}", dlx.name()))
                .ok_or_else(|| dlx_refusal(cover)),
            ExactEngine::FirstCell => FirstCell::new(cover, forbidden, board)
                .map(Built::FirstCell)
                .ok_or_else(|| first_cell_refusal(cover)),
            ExactEngine::RowScan => RowScan::new(cover, Some(board), forbidden)
                .map(Built::RowScan)
                .ok_or_else(|| "the row-scan engine fills edge-matching boards (tiles with coloured edges, every position filled); use --solver dlx or cadical".into()),
            ExactEngine::Fewest => Fewest::new(cover, board, forbidden)
                .map(|f| Built::Fewest(Box::new(f)))
                .ok_or_else(|| "the fewest engine fills edge-matching boards of square tiles (coloured edges, every position filled, at most 64 colours); use --solver dlx or cadical".into()),
        }
    }
}

/// Why dlx cannot take `cover`, for a user: the first piece whose count
/// range Algorithm X cannot express (more than one copy, not forced by
/// the areas), and the engines that can count it.
fn dlx_refusal(cover: &Cover) -> String {
    let range = cover
        .items
        .iter()
        .find(|i| !(i.implied || i.max == 0 || (i.max == 1 && i.min <= 1)))
        .map(|i| match i.kind {
            ItemKind::Piece(p) => format!(
                "{} may be used {}..{} times",
                cover.piece_labels.get(p).map_or("a piece", String::as_str),
                i.min,
                i.max
            ),
            _ => format!("an item is covered {}..{} times", i.min, i.max),
        })
        .unwrap_or_else(|| "the cover is not plain exact cover".into());
    let others = if ExactEngine::RowScan.supports(cover) {
        "row-scan, cadical or varisat"
    } else if ExactEngine::FirstCell.supports(cover) {
        "first-cell, varisat or cadical"
    } else {
        "varisat or cadical"
    };
    format!(
        "the dlx engine takes pieces used exactly once, at most once, or as often as the areas force, and here {range}: use --solver {others}"
    )
}

/// Why first-cell cannot take `cover`, for a user, and the engines that
/// can count it.
fn first_cell_refusal(cover: &Cover) -> String {
    let why = if cover.has_colours() {
        "the puzzle has edge colours"
    } else if !cover.exact_fill() {
        "cells may stay empty (fill = \"partial\" or optional cells)"
    } else {
        "a placement does not cover exactly one piece"
    };
    let others = if ExactEngine::Dlx.supports(cover) {
        "dlx, varisat or cadical"
    } else {
        "varisat or cadical"
    };
    format!(
        "the first-cell engine fills boards exactly (every cell once, no edge colours), and here {why}: use --solver {others}"
    )
}

impl std::fmt::Display for ExactEngine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// An exact engine built over a cover, ready to search: the one value
/// every driver takes, so that nothing above has to be generic over which
/// engine, or which representation of Algorithm X, a run chose.
#[derive(Clone)]
pub enum Built {
    /// Algorithm X on dancing links (any size).
    Links(Dlx),
    /// Algorithm X on bit vectors (while the options fit in a few hundred
    /// machine words).
    Bits(BitX),
    FirstCell(FirstCell),
    RowScan(RowScan),
    /// Fewest looks first.
    Fewest(Box<Fewest>),
}

impl Built {
    /// Algorithm X over `cover` without the `forbidden` options, on bit
    /// vectors when the instance is small enough, dancing links
    /// otherwise; `None` when some item has a multiplicity plain
    /// Algorithm X cannot express.
    pub fn algorithm_x(cover: &Cover, forbidden: &[u32]) -> Option<Built> {
        let layout = Layout::new(cover, forbidden)?;
        Some(match BitX::from_layout(&layout) {
            Some(bits) => Built::Bits(bits),
            None => Built::Links(Dlx::from_layout(&layout)),
        })
    }

    /// Whether the tree has slack options (see [`Search::is_slack`]):
    /// its paths are then not sets of the cover's options, and cannot be
    /// read as SAT cubes.
    pub fn has_slack(&self) -> bool {
        match self {
            Built::Links(s) => s.has_slack(),
            Built::Bits(s) => s.has_slack(),
            Built::FirstCell(_) | Built::RowScan(_) | Built::Fewest(_) => false,
        }
    }

    /// Lets an engine that restarts (the row scan and fewest, see their `restart`
    /// module) look for a first solution that way; only for a run that
    /// wants one solution, since restarted walks may meet one twice.
    pub fn allow_restarts(&mut self) {
        match self {
            Built::RowScan(scan) => scan.allow_restarts(),
            Built::Fewest(fewest) => fewest.allow_restarts(),
            _ => {}
        }
    }

    /// What searches, for logs: the representation for Algorithm X.
    pub fn name(&self) -> &'static str {
        match self {
            Built::Links(_) => "dancing links",
            Built::Bits(_) => "bit vectors",
            Built::FirstCell(_) => "first-cell",
            Built::RowScan(_) => "row-scan",
            Built::Fewest(_) => "fewest",
        }
    }
}

macro_rules! dispatch {
    ($self:ident, $s:ident => $e:expr) => {
        match $self {
            Built::Links($s) => $e,
            Built::Bits($s) => $e,
            Built::FirstCell($s) => $e,
            Built::RowScan($s) => $e,
            Built::Fewest($s) => $e,
        }
    };
}
impl Search for Built {
    fn primary(&self) -> u32 {
        dispatch!(self, s => s.primary())
    }
    fn enter(&mut self, path: &[u32]) {
        dispatch!(self, s => s.enter(path))
    }
    fn leave(&mut self, path: &[u32]) {
        dispatch!(self, s => s.leave(path))
    }
    fn branches(&mut self) -> Option<Vec<u32>> {
        dispatch!(self, s => s.branches())
    }
    fn search(
        &mut self,
        chosen: &mut Vec<u32>,
        visit: &mut dyn FnMut(&[u32]) -> bool,
    ) -> Result<(), Halt> {
        dispatch!(self, s => s.search(chosen, visit))
    }
    fn is_slack(&self, option: u32) -> bool {
        dispatch!(self, s => s.is_slack(option))
    }
    fn first_by_restarts<V, F>(&mut self, threads: usize, visitor: &F) -> Option<Result<u64, Halt>>
    where
        V: FnMut(&[u32]) -> bool + Send,
        F: Fn() -> V + Sync,
    {
        dispatch!(self, s => s.first_by_restarts(threads, visitor))
    }
    fn ticker(&self) -> &Ticker {
        dispatch!(self, s => s.ticker())
    }
    fn ticker_mut(&mut self) -> &mut Ticker {
        dispatch!(self, s => s.ticker_mut())
    }
}
