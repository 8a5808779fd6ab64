//! Every solution, one per symmetry class, with exact counts.
//!
//! Engines run on [`worker`](crate::solve::worker) threads; [`drive`]
//! owns what every enumeration shares — the engine threads' stop flag, the
//! channel and the one receiving loop — for every engine, model and split
//! part. What differs comes in beside it: how the engine starts (an exact
//! search, [`enumerate_exact`]; incremental SAT with a model's
//! [`Blocker`], [`sat`]) and how a family reads classes from what the
//! engine sends ([`Classes`]: a cover's options here, the order model's
//! boxes in [`crate::family::boxes`]).
//!
//! The files: `receive.rs` (the loop), `exact.rs` (the search threads'
//! own counting), `sat.rs` (the SAT engines, their cubes and blockers),
//! `listing.rs` (where each class goes as it is found).
//!
//! # Counting in constant memory
//!
//! The exact engines meet each solution the search allows (symmetry
//! breaking forbids some options) exactly once. Each search thread weighs
//! the solutions it meets itself ([`Orbits`](crate::symmetry::Orbits)): the class of a solution S
//! stands for |G| / |stabiliser| solutions on a fixed board, and the
//! search meets `m` of its members, the images of S avoiding every
//! forbidden option. So each meeting adds `1/m` of a class, wherever and
//! on whichever thread it happens, and a thread keeps a tally per pair
//! (class size, members met) — a handful of numbers, however many
//! solutions ([`Tallies`](crate::tally::Tallies)). The threads' tallies are summed at the end and
//! divided out exactly: the distinct count without remembering any class.
//! The split parts ([`crate::jobs`]) tally the same way, through the same
//! loop, so parts merge exactly.
//!
//! Every solution is still checked against the puzzle on its thread, at a
//! few word operations per piece ([`Placements`](crate::solution::Placements)); edge-matching
//! solutions, whose rules are between neighbours, go to the receiving loop and
//! are decoded and checked in full, de-duplicated by canonical form.
//!
//! Listing classes (`solve --all`, `--limit`) needs one member of each: a
//! thread sends a solution on only when it is the least of the images the
//! search meets ([`Orbits::is_least`](crate::symmetry::Orbits::is_least)), exactly one per class, which
//! the receiving loop decodes and checks in full, then hands to the run's
//! [`Listing`] (`solve --all` writes it out at once) or, without one,
//! keeps in [`Enumeration::classes`]. The incremental SAT engine
//! finds one solution per class within a thread, but threads on other
//! cubes may meet the same class again, so its solutions are reduced to
//! their canonical form and de-duplicated there, as the order model's
//! boxes are.
//!
//! Two kinds of engine read a cover ([`Engine`]):
//!
//! - **exact** ([`crate::exact`]: dlx, first-cell, row-scan), on every
//!   core; the default wherever one applies, because backtracking
//!   enumerates far faster than a SAT solver restarted per solution;
//! - **SAT**: incremental varisat or CaDiCaL ([`sat`], shared with the
//!   order model); after each solution the clauses that block *its whole
//!   orbit* are added, so the solver is called once per class, plus one
//!   UNSAT call per cube: the search is cut into cubes (the first options
//!   of Algorithm X's tree, as assumptions) that the cores share, one
//!   solver each.
//!
//! Which engine runs is the plan's choice ([`crate::portfolio`]), never
//! this module's.
//!
//! # Complete only when exhausted
//!
//! An enumeration is complete only when its engine's worker says
//! [`Message::Done`](receive::Message::Done), which it says only after
//! exhausting its search: an exact search or a SAT thread stopped (its
//! flag, the receiving end gone) sends nothing, and each engine's
//! threads stop on a flag of their own, raised when [`drive`]'s loop
//! ends, never on the caller's (the process's interrupt), which stays a
//! signal's alone. The loop looks at the caller's flag before every
//! message, so that a listing whose classes never stop coming still
//! stops on Ctrl-C. What a run may say from `complete` and `stopped` is
//! decided in one place, [`crate::report::Ending`].

mod exact;
mod listing;
mod receive;
mod sat;

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use crate::cover::Cover;
use crate::encode::Encoded;
use crate::error::{Error, Result};
use crate::exact::{Built, ExactEngine, Meter};
use crate::puzzle::Puzzle;
pub use crate::report::Stop;
use crate::solution::{Solution, checked};
use crate::solve::Incremental;
use crate::symmetry::{Breaking, Group};

pub use exact::{Exact, enumerate_exact, seconds_per_solution, start_search};
pub use listing::Listing;
pub use receive::{Classes, drive};
pub use sat::{Blocker, sat};

/// The engines that enumerate a cover: an exact search, or incremental
/// SAT on the placement CNF.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Engine {
    Exact(ExactEngine),
    /// Incremental SAT with this solver.
    Sat(Incremental),
}

impl Engine {
    pub fn name(self) -> &'static str {
        match self {
            Engine::Exact(engine) => engine.name(),
            Engine::Sat(solver) => solver.name(),
        }
    }
}

/// Where an enumeration stops before the search space is exhausted, and
/// how many threads it may use.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Threads to search on (`-j`); `None`: one per core.
    pub jobs: Option<usize>,
    /// Stop after this many classes.
    pub classes: Option<usize>,
    /// Stop this long after the run started (the whole run: encoding
    /// counts too).
    pub time: Option<Duration>,
    /// A flag set from outside to end the search early (the loser of a
    /// race); the engine's own threads are stopped through it too.
    pub stop: Option<Arc<AtomicBool>>,
    /// Where the exact engines report how far they have got, for a
    /// person watching a long run.
    pub meter: Option<Arc<Meter>>,
    /// Time kept back from the time limit for every class found: what
    /// drawing it will take, so that a run that prints its classes still
    /// ends within the limit.
    pub render_per_class: Duration,
    /// What the run is for: the classes, the counts alone, or a first
    /// solution.
    pub want: Want,
    /// Where each class goes as it is found, instead of
    /// [`Enumeration::classes`]: a listing of millions of classes is
    /// written out (`solve --all`) or handed to the library's iterator,
    /// never held.
    pub listing: Option<Listing>,
}

/// What an enumeration is for, which decides what the search threads
/// send back.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Want {
    /// One checked solution per class, and the counts (`solve --all`,
    /// `--limit`).
    #[default]
    Classes,
    /// The counts alone (`count`): the search threads tally, and no
    /// solution is kept or sent.
    Counts,
    /// Whatever solution comes first, class or not (`solve`, `solve JOB`).
    Any,
}

impl Limits {
    /// The threads to search on: `jobs`, or one per core.
    pub fn threads(&self) -> usize {
        self.jobs
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
            .max(1)
    }
}

/// What an enumeration found.
#[derive(Clone, Debug, Default)]
pub struct Enumeration {
    /// One checked solution per class, in the order found; empty when
    /// the classes went to a [`Listing`].
    pub classes: Vec<Solution>,
    /// Solutions on a fixed board, summed over the classes found.
    pub count: u64,
    /// Classes found.
    pub distinct: u64,
    /// Whether the search space was exhausted (so the counts are exact).
    pub complete: bool,
    /// Why it stopped early, if it did.
    pub stopped: Option<Stop>,
    /// Why there is no solution, when a pre-check proved it without search.
    pub refuted: Option<String>,
    /// Milliseconds from the start of the enumeration to its end, for
    /// the statistics line.
    pub solve_ms: f64,
}

impl Enumeration {
    /// The enumeration of a puzzle proved impossible before any search.
    pub fn refuted(reason: String) -> Enumeration {
        Enumeration {
            complete: true,
            refuted: Some(reason),
            ..Enumeration::default()
        }
    }
}

/// Everything an enumeration over a cover needs besides the engine.
#[derive(Clone, Copy)]
pub struct CoverRun<'a> {
    /// The puzzle every solution is checked against; its board is the
    /// one the cover's cell items number (the first-cell engine scans it).
    pub puzzle: &'a Puzzle,
    pub cover: &'a Cover,
    pub group: &'a Group,
    /// The solution chosen options stand for (the family's reading).
    pub solution: &'a dyn Fn(&[u32]) -> Solution,
    pub breaking: Option<&'a Breaking>,
    /// The CNF, for the SAT engine.
    pub encoded: Option<&'a Encoded>,
    pub limits: &'a Limits,
    pub run_started: Instant,
}

/// Enumerates the classes of an exact-cover instance with `engine`;
/// `progress` is called with the classes found so far. Every solution is
/// checked against the puzzle.
pub fn enumerate_cover(
    run: &CoverRun,
    engine: Engine,
    progress: &mut dyn FnMut(u64),
) -> Result<Enumeration> {
    match engine {
        Engine::Exact(exact) => {
            let search = run.build(exact)?;
            Ok(enumerate_exact(run, exact.name(), search, vec![Vec::new()], progress)?.enumeration)
        }
        Engine::Sat(solver) => sat::enumerate_sat(run, solver, progress),
    }
}

impl CoverRun<'_> {
    /// The options symmetry breaking forbids.
    fn forbidden(&self) -> Vec<u32> {
        self.breaking
            .map(|b| b.forbidden.clone())
            .unwrap_or_default()
    }

    /// `engine` built over the run's cover, with symmetry breaking.
    pub fn build(&self, engine: ExactEngine) -> Result<Built> {
        engine
            .build(self.cover, &self.forbidden(), &self.puzzle.board)
            .map_err(Error::Usage)
    }
}

/// The classes of a cover's solutions (its options, as the search sends
/// them): the run's group reads them, the puzzle checks them.
struct CoverClasses<'a> {
    pub run: &'a CoverRun<'a>,
    /// The engine, for the message of a failed check.
    pub who: String,
}

impl Classes<Vec<u32>> for CoverClasses<'_> {
    type Key = Vec<u32>;

    fn order(&self) -> u64 {
        self.run.group.order() as u64
    }

    fn canonical(&self, options: &Vec<u32>) -> (Vec<u32>, usize) {
        self.run.group.canonical(options)
    }

    fn decode(&self, options: Vec<u32>) -> Result<Solution> {
        checked(self.run.puzzle, (self.run.solution)(&options), &self.who)
    }
}
