//! The plan of a run: which model, which engine, which encodings, whether
//! to race. Every `auto` of [`Options`] is resolved here, by rules read off
//! measurements, and [`crate::pipeline`] only carries plans out.
//!
//! The engines differ by orders of magnitude from one puzzle to the next
//! (encodings/RESULTS.md, "Which engine auto runs", has the figures):
//!
//! - **first-cell** fills the first empty cell in a fixed scan order. On a
//!   flat board it finds a first solution fastest of all engines, and it
//!   counts fastest when the scan line is short (boards at most 5 wide:
//!   3x20, 4x15, 5x12 pentominoes). It is the only
//!   exact engine for pieces with count ranges beyond `0..1` (Calibron
//!   12's two pairs of equal rectangles, a "0..4" count), and it takes
//!   only boards filled exactly. In 3-D its fixed order loses
//!   badly (counting Y25 takes minutes, against seconds for dlx; a box
//!   packed with copies, BurrTools' AlPackino, an estimated 42 hours
//!   against half a second for SAT), so it counts on flat boards only.
//! - **dlx** (Algorithm X, branching on the tightest item) counts fastest
//!   everywhere else: wide flat boards, boxes, edge-matching tiles. It
//!   also finds first solutions of edge-matching puzzles orders of
//!   magnitude sooner than SAT. It takes holes, optional cells and pieces
//!   used `0..1` times (slack options, [`crate::exact`]), not a piece
//!   with more copies than the areas force.
//! - **row-scan** fills edge-matching boards row by row, looking up the
//!   tile looks that fit the colours on the left and above: it answers
//!   first solutions and counts of tile puzzles, copies included, sooner
//!   than dlx (which cannot take copies) and SAT (encodings/RESULTS.md,
//!   "Edge matching: the row scan").
//! - **SAT** takes what neither exact engine handles: holes or optional
//!   cells with a count range beyond `0..1`; and it is the second runner of the race for a first
//!   solution on two cores (`crate::race`, [`RacePlan`]), for the
//!   puzzles where the exact search's fixed order is unlucky.
//!
//! An engine named with `--solver` that cannot take the puzzle is refused
//! with the reason and the engines that can (exit 2), never run.
//!
//! Rectangle and box puzzles (Calibron 12) go to the corner search
//! ([`crate::family::boxes::corner`], first-cell on rows of bits without
//! a placement list) when the board is at most 64 wide; to the order
//! encoding and SAT otherwise.

use std::time::Duration;

use crate::cover::Cover;
use crate::encode::Encoding;
use crate::enumerate::Engine;
use crate::error::{Error, Result};
use crate::exact::{ExactEngine, RowScan};
use crate::family::boxes::OrderInstance;
use crate::geometry::Board;
use crate::options::{Model, Options, SolverChoice};
use crate::puzzle::Puzzle;
use crate::solve::{Incremental, SatSolver};

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
fn exact_engine(cover: &Cover, board: &Board, goal: Goal) -> Option<ExactEngine> {
    // Edge-matching tiles: the row scan, on everything it fills; a first
    // solution on a large board it would fill frame first by fewest looks
    // first.
    if ExactEngine::RowScan.supports(cover) {
        if goal == Goal::First
            && board.len() >= FEWEST_FROM
            && RowScan::fills_frame_first(cover, board)
        {
            return Some(ExactEngine::Fewest);
        }
        return Some(ExactEngine::RowScan);
    }
    let first_cell = ExactEngine::FirstCell.supports(cover);
    let dlx = ExactEngine::Dlx.supports(cover);
    let [w, h, _] = board.extent();
    let flat = board.is_flat();
    match goal {
        Goal::First if first_cell && flat => Some(ExactEngine::FirstCell),
        Goal::First if dlx => Some(ExactEngine::Dlx),
        Goal::First => None,
        // In 3-D the fixed scan order can explode where SAT does not: a
        // BurrTools packing with the box as a piece (AlPackino) is about
        // 10^11 first-cell nodes and half a second for varisat.
        Goal::Every if first_cell && flat && (!dlx || w.min(h) <= NARROW) => {
            Some(ExactEngine::FirstCell)
        }
        Goal::Every if dlx => Some(ExactEngine::Dlx),
        Goal::Every => None,
    }
}

/// The positions from which a first solution of an edge-matching board
/// whose frame the row scan fills first (many colours along the rim) is
/// looked for by fewest looks first (with its restarts) instead of the
/// row scan. Its trees are 10-100 times smaller and each step costs
/// 20-30 row-scan steps: on framed 7x7s both answer in under 0.3 s, on
/// framed 8x8s with 7 colours fewest answered 4 of 10 boards in 45 s
/// against the row scan's 2. With one frame colour (Eternity II's
/// families) the row scan goes row by row and stays: 8x8s with 7 inner
/// colours took it a median 0.3 s and fewest 0.6 s, up to 5 times its
/// time (encodings/RESULTS.md, "session 18"); there fewest races beside
/// it instead (`race_plan`), from the same size.
pub const FEWEST_FROM: usize = 64;

/// How a first solution is raced against CaDiCaL on two cores or more
/// (`crate::race`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RacePlan {
    /// How long the exact engine runs alone before CaDiCaL joins.
    pub head_start: Duration,
    /// Whether CaDiCaL takes one of the exact engine's threads; otherwise
    /// it runs beside all of them.
    pub takes_a_thread: bool,
    /// A second exact engine on one thread that joins the first after the
    /// given head start, before CaDiCaL does.
    pub partner: Option<(ExactEngine, Duration)>,
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

/// The head start of fewest looks first, on boards of 64 positions or
/// more that the row scan would fill frame first. Beside both of fewest's threads CaDiCaL takes a third of their
/// time, and on the framed 8x8s with 7 colours it never answered first:
/// it found 2 of 10 boards (in 1.6 and about 8.5 s, after fewest) and
/// none of the other 8 in 45-90 s, while fewest alone answered seeds 3, 4
/// and 10 in 14.8, 4.3 and 23.1 s against 22.9, 5.9 and 35.9 s with
/// CaDiCaL joining after 1 s (encodings/RESULTS.md, "session 18").
pub const FEWEST_HEAD_START: Duration = Duration::from_secs(30);

/// The head start of the row scan over fewest looks first on large boards
/// it keeps: its fixed order (about 1.5 s) and its first restarts run
/// without fewest, and so does CaDiCaL from [`TILE_HEAD_START`], so that
/// a board either answers by then is not slowed by one more thread on two
/// cores (encodings/RESULTS.md, "session 19").
pub const PARTNER_HEAD_START: Duration = Duration::from_secs(2);

/// How a first solution on `cover` is raced. Packing puzzles: CaDiCaL
/// after [`PACKING_HEAD_START`], in place of one of the exact engine's
/// threads. Edge-matching tiles: after [`TILE_HEAD_START`], and beside the
/// row scan's threads, because which thread count the row scan runs with
/// is fixed when it starts and one thread instead of two made it up to
/// 1.9x slower on boards it answers in under a second.
/// Fewest looks first (boards of [`FEWEST_FROM`] positions or more) has
/// [`FEWEST_HEAD_START`] instead.
///
/// A large board the row scan keeps (64 positions or more, not filled
/// frame first) also gets fewest looks first, on one thread beside the
/// row scan's and CaDiCaL's, after [`PARTNER_HEAD_START`]: on such boards
/// either exact engine can answer in seconds where the other runs for
/// minutes (10x10s shaped like `em_10_4_6`, eight seeds: a median of
/// 19 s without fewest, one over 45 s; 8.5 s with it, none over 21 s;
/// encodings/RESULTS.md, "session 19").
fn race_plan(cover: &Cover, board: &Board, engine: ExactEngine) -> RacePlan {
    if !cover.has_colours() {
        return RacePlan {
            head_start: PACKING_HEAD_START,
            takes_a_thread: true,
            partner: None,
        };
    }
    let partnered = engine == ExactEngine::RowScan && board.len() >= FEWEST_FROM;
    RacePlan {
        head_start: match engine {
            ExactEngine::Fewest => FEWEST_HEAD_START,
            _ => TILE_HEAD_START,
        },
        takes_a_thread: false,
        partner: partnered.then_some((ExactEngine::Fewest, PARTNER_HEAD_START)),
    }
}

/// The model a run takes, decided before any cover is built.
pub enum Route {
    /// Rectangles and boxes through the order model. With `corner_first`
    /// the corner search answers when the board is narrow enough for it,
    /// and SAT on the order encoding otherwise.
    Order {
        order: Box<OrderInstance>,
        corner_first: bool,
    },
    /// One option per placement: an exact engine over the cover, or the
    /// placement CNF.
    Cover,
}

/// The route for `puzzle` under `options`: `--model auto` means the
/// order model where it applies (rectangles and boxes) and is not far
/// larger than the placements, unless an exact search over the cover
/// was asked for by name.
pub fn route(puzzle: &Puzzle, options: &Options) -> Result<Route> {
    let model = match options.solver {
        _ if options.model != Model::Auto => options.model,
        SolverChoice::Exact(_) => Model::Placement,
        _ => Model::Auto,
    };
    if puzzle.tiling().is_some() {
        return match model {
            Model::Order => Err(Error::Usage(format!(
                "{}: the order encoding packs rectangles and boxes, not edge-matching tiles",
                puzzle.name
            ))),
            _ => Ok(Route::Cover),
        };
    }
    let order = match model {
        Model::Placement => None,
        Model::Auto => OrderInstance::new(puzzle)
            .ok()
            .filter(|order| !order_far_larger(puzzle, order)),
        Model::Order => Some(OrderInstance::new(puzzle).map_err(|why| {
            Error::Usage(format!(
                "{}: the order encoding needs solid rectangles or boxes filling a solid board: {why}",
                puzzle.name
            ))
        })?),
    };
    Ok(match order {
        Some(order) => Route::Order {
            order: Box::new(order),
            // `--model order` asks for the order encoding: SAT.
            corner_first: options.solver.is_auto() && options.model == Model::Auto,
        },
        None => Route::Cover,
    })
}

/// Whether the order model would be far larger than the placement model
/// (by their estimates: more than 10 times the bytes), so that `--model
/// auto` takes placements: the order model grows with the square of the
/// copies (800 dominoes on 40x40: 121 M clauses, where their 3,120
/// placements make a CNF of kilobytes).
fn order_far_larger(puzzle: &Puzzle, order: &OrderInstance) -> bool {
    let placements = crate::family::packing::placement::footprint_of(puzzle).bytes;
    let far = order.rough_bytes() > placements.saturating_mul(10);
    if far {
        log::info!(
            "the order model (about {}) would be far larger than the placements (about {}): placement model",
            crate::process::budget::human(order.rough_bytes()),
            crate::process::budget::human(placements)
        );
    }
    far
}

/// The SAT solver that looks for a first solution of the order model.
pub fn order_first_solver(options: &Options) -> Result<SatSolver> {
    match &options.solver {
        SolverChoice::Auto => Ok(SatSolver::default()),
        SolverChoice::Sat(solver) => Ok(solver.clone()),
        SolverChoice::Exact(engine) => Err(Error::Usage(format!(
            "{engine} searches placements, and the order encoding is solved by SAT: use --model placement"
        ))),
    }
}

/// The incremental SAT solver that enumerates the order model.
pub fn order_every_solver(options: &Options) -> Result<Incremental> {
    let named = match &options.solver {
        SolverChoice::Auto => return Ok(Incremental::default()),
        SolverChoice::Sat(solver) => solver.incremental(),
        SolverChoice::Exact(_) => None,
    };
    named.ok_or_else(|| {
        Error::Usage(format!(
            "the order encoding enumerates with varisat or cadical, not {}: use --model placement for dlx or first-cell",
            options.solver
        ))
    })
}

/// How a first solution over a cover is found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FirstPlan {
    /// An exact engine, raced against CaDiCaL when `race` says how.
    Exact {
        engine: ExactEngine,
        /// Symmetry breaking for the exact engine. The row scan looks for
        /// a first solution without it: any turn of a solution will do,
        /// and leaving the board's turns in gives the scan four times the
        /// solutions to run into, where breaking forbids looks at a
        /// corner and so reorders the scan (a generated 8x8 with one frame
        /// colour and 7 inner ones: median 0.15 s instead of 2.5 s;
        /// RESULTS.md). Only an impossible board pays, with a search up to
        /// four times larger.
        symmetry: bool,
        race: Option<RacePlan>,
    },
    /// A SAT solver on the placement CNF.
    Sat(SatSolver),
}

/// The plan for a first solution over `cover`. Left to jigsat, an exact
/// engine where one applies (an encoding asked for by name means the user
/// wants SAT), raced against CaDiCaL when there are two threads or more.
pub fn first_plan(options: &Options, cover: &Cover, board: &Board) -> FirstPlan {
    let exact = match &options.solver {
        SolverChoice::Auto if options.encoding == Encoding::Auto => {
            exact_engine(cover, board, Goal::First)
        }
        SolverChoice::Auto => None,
        SolverChoice::Exact(engine) => Some(*engine),
        SolverChoice::Sat(solver) => return FirstPlan::Sat(solver.clone()),
    };
    let Some(engine) = exact else {
        return FirstPlan::Sat(SatSolver::default());
    };
    let races = options.solver.is_auto() && options.threads() >= 2;
    FirstPlan::Exact {
        engine,
        symmetry: options.symmetry && !matches!(engine, ExactEngine::RowScan | ExactEngine::Fewest),
        race: races.then(|| race_plan(cover, board, engine)),
    }
}

/// How every solution over a cover is enumerated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EveryPlan {
    pub engine: Engine,
    /// The at-most-one encoding, when the engine is SAT.
    pub encoding: Encoding,
}

/// The plan for enumerating `cover`: the engine asked for, or the one the
/// rule picks, incremental SAT where no exact engine applies. A count in
/// 3-D that the rule leaves to SAT (pieces with copies or ranges that dlx
/// cannot take) goes to first-cell when `first_cell_nodes`, a quick
/// estimate of its tree, is small: the fixed scan order is as often a gift
/// as a disaster there, and the estimate tells which in milliseconds.
pub fn every_plan(
    options: &Options,
    cover: &Cover,
    board: &Board,
    first_cell_nodes: impl FnOnce() -> Result<f64>,
) -> Result<EveryPlan> {
    let engine = match &options.solver {
        SolverChoice::Exact(engine) => Engine::Exact(*engine),
        SolverChoice::Sat(solver) => Engine::Sat(solver.incremental().ok_or_else(|| {
            Error::Usage(format!(
                "{solver} cannot enumerate solutions (it is not incremental): use --solver varisat, cadical, dlx, first-cell or row-scan"
            ))
        })?),
        SolverChoice::Auto => match exact_engine(cover, board, Goal::Every) {
            Some(engine) => Engine::Exact(engine),
            None if !board.is_flat() && ExactEngine::FirstCell.supports(cover) => {
                let nodes = first_cell_nodes()?;
                let small = nodes <= FIRST_CELL_MAX_NODES;
                let sat = default_incremental(cover);
                log::info!(
                    "a count in 3-D: the first-cell tree is about {nodes:.1e} nodes, so {} counts",
                    if small { "first-cell" } else { sat.name() }
                );
                if small {
                    Engine::Exact(ExactEngine::FirstCell)
                } else {
                    Engine::Sat(sat)
                }
            }
            None => Engine::Sat(default_incremental(cover)),
        },
    };
    Ok(EveryPlan {
        engine,
        encoding: every_encoding(options.encoding, cover),
    })
}

/// Most nodes Knuth's estimate may give the first-cell tree for a count
/// in 3-D to run there rather than in SAT: about 3-8 s at the 6-15 M
/// nodes a second per thread measured on BurrTools' 3-D packings.
/// SolidSixPieceBurrs (5e6 nodes) counts in 0.3 s with first-cell and 8 s
/// with varisat; AlPackino (6e10 nodes, 35 min) in 0.4 s with varisat.
const FIRST_CELL_MAX_NODES: f64 = 1e8;

/// Walks that decide between first-cell and SAT: a few milliseconds.
pub const FIRST_CELL_PROBES: usize = 200;

/// The SAT solver an enumeration over a cover uses when none is named and
/// no exact engine can: CaDiCaL for edge-matching puzzles (coloured
/// edges), where it counted faster than varisat on three of four generated
/// 6x6 puzzles and about as fast on the fourth; varisat otherwise (count
/// ranges and the order model, where it was as fast or faster). The
/// figures are in encodings/SOLVERS.md.
fn default_incremental(cover: &Cover) -> Incremental {
    if cover.has_colours() {
        Incremental::Cadical
    } else {
        Incremental::Varisat
    }
}

/// The at-most-one encoding `auto` stands for when SAT enumerates: the
/// solver proves cube after cube empty, which binary clauses propagate
/// fastest (encodings/RESULTS.md, "Why auto is pairwise when SAT
/// enumerates"). Above a few million clauses (large boards) `auto` keeps
/// its usual choice.
fn every_encoding(requested: Encoding, cover: &Cover) -> Encoding {
    const MAX_PAIRS: usize = 5_000_000;
    let pairs: usize = cover
        .options_by_item()
        .iter()
        .map(|o| o.len() * o.len().saturating_sub(1) / 2)
        .sum();
    match requested {
        Encoding::Auto if pairs <= MAX_PAIRS => Encoding::Pairwise,
        other => other,
    }
}

/// What `--solver` says about `auto`, from the same constants the rules
/// use, so that the help cannot drift from the code.
pub fn solver_help() -> String {
    format!(
        "The engine. Left out (or `auto`), jigsat picks one for the puzzle (see \
         `encodings/RESULTS.md`): an exact search where one applies, SAT otherwise; on two \
         or more cores a first solution is a race: the exact search alone for {} ms on \
         packing puzzles and {} ms on edge-matching tiles ({} s where fewest searches: \
         boards of {} positions or more filled frame first), then CaDiCaL beside it, the first \
         definitive answer taken and the other engine stopped (-v says which answered); on \
         the other edge-matching boards of that size fewest joins the row scan too, on a \
         thread of its own after {} ms. \
         Exact searches (not SAT): `first-cell` (fills the first empty cell; boards filled \
         exactly, any piece counts), `row-scan` (edge-matching tiles, row by row, copies \
         included), `fewest` (the same boards, the position with the fewest fitting looks \
         first) and `dlx` (Algorithm X; pieces used once, at most once or a number of \
         times the areas force, holes allowed). SAT solvers: `varisat`, `cadical` (CaDiCaL 3), `splr` (built in), `kissat`, \
         `cadical-program`, `minisat` (programs on PATH, run on a DIMACS file; \
         `cadical-program` runs the `cadical` on PATH), or the path of any solver that \
         prints SAT competition output (e.g. --solver ./glucose, or --solver \
         /usr/bin/cadical). Enumeration needs varisat, cadical, dlx, first-cell, row-scan or fewest.",
        PACKING_HEAD_START.as_millis(),
        TILE_HEAD_START.as_millis(),
        FEWEST_HEAD_START.as_secs(),
        FEWEST_FROM,
        PARTNER_HEAD_START.as_millis()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{EdgeSpec, edges};
    use crate::instance::Instance;

    /// The race a generated edge-matching board gets on two cores.
    fn race_of(size: u32, colours: u32, frame_colours: Option<u32>) -> (ExactEngine, RacePlan) {
        let spec = EdgeSpec {
            width: size,
            height: size,
            colours,
            border: Some("0".into()),
            frame_colours,
            clues: 0,
            seed: 1,
        };
        let puzzle = Puzzle::parse(&edges(&spec), "board.toml", "board").unwrap();
        let instance = Instance::new(&puzzle).unwrap();
        let options = Options {
            jobs: Some(2),
            ..Options::default()
        };
        match first_plan(&options, instance.cover(), &puzzle.board) {
            FirstPlan::Exact {
                engine,
                race: Some(race),
                ..
            } => (engine, race),
            _ => panic!("an exact engine raced on two cores"),
        }
    }

    #[test]
    fn large_boards_the_row_scan_keeps_get_fewest_beside_it() {
        // 8x8 with a frame colour of its own: the row scan, with fewest on
        // a thread of its own after its head start, and CaDiCaL.
        let (engine, race) = race_of(8, 7, Some(1));
        assert_eq!(engine, ExactEngine::RowScan);
        assert_eq!(
            race.partner,
            Some((ExactEngine::Fewest, PARTNER_HEAD_START))
        );
        assert_eq!(race.head_start, TILE_HEAD_START);
        // Under 64 positions: the row scan and CaDiCaL only.
        let (engine, race) = race_of(7, 6, Some(1));
        assert_eq!(engine, ExactEngine::RowScan);
        assert_eq!(race.partner, None);
        // Filled frame first: fewest itself, no partner.
        let (engine, race) = race_of(8, 10, None);
        assert_eq!(engine, ExactEngine::Fewest);
        assert_eq!(race.partner, None);
        assert_eq!(race.head_start, FEWEST_HEAD_START);
    }
}
