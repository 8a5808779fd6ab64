//! What shapes a run, for every command: the [`Options`] a caller sets,
//! and the names `--solver` and `--model` take. Every `auto` among them is
//! resolved in one place, [`crate::portfolio`].

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use crate::encode::{Card, EdgeEncoding, Encoding};
use crate::enumerate::Limits;
use crate::exact::{EXACT_ENGINE_NAMES, ExactEngine, Meter};
use crate::solve::{SAT_SOLVER_NAMES, SatSolver};

/// What `--solver` names: an exact engine over the cover, a SAT solver,
/// or `auto`, the engine [`crate::portfolio`] plans for the puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum SolverChoice {
    /// Whatever [`crate::portfolio`] picks for the puzzle and the goal:
    /// the same as leaving `--solver` out.
    #[default]
    Auto,
    /// An exact search over the cover (no CNF).
    Exact(ExactEngine),
    /// A SAT solver over the CNF.
    Sat(SatSolver),
}

impl SolverChoice {
    /// Whether this is `auto`: no choice made.
    pub fn is_auto(&self) -> bool {
        matches!(self, SolverChoice::Auto)
    }

    /// The name shown in tables and stats; it parses back to the choice.
    pub fn name(&self) -> String {
        match self {
            SolverChoice::Auto => "auto".into(),
            SolverChoice::Exact(engine) => engine.name().into(),
            SolverChoice::Sat(solver) => solver.name(),
        }
    }

    /// Every name `--solver` takes besides a path, for messages and
    /// `--help`.
    pub fn names() -> Vec<&'static str> {
        std::iter::once("auto")
            .chain(EXACT_ENGINE_NAMES)
            .chain(SAT_SOLVER_NAMES)
            .collect()
    }
}

impl fmt::Display for SolverChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

impl FromStr for SolverChoice {
    type Err = String;

    /// A name from [`SolverChoice::names`], or a path (it must contain a
    /// `/`) to another SAT solver program.
    fn from_str(s: &str) -> Result<SolverChoice, String> {
        let s = s.trim();
        if s.eq_ignore_ascii_case("auto") {
            return Ok(SolverChoice::Auto);
        }
        if let Some(engine) = ExactEngine::from_name(s) {
            return Ok(SolverChoice::Exact(engine));
        }
        SatSolver::from_name(s)
            .or_else(|| SatSolver::from_path(s))
            .map(SolverChoice::Sat)
            .ok_or_else(|| {
                format!(
                    "unknown solver '{s}'; expected one of {} or a path to a program (like ./glucose)",
                    SolverChoice::names().join(", ")
                )
            })
    }
}

crate::choice::choice! {
    /// Which CNF model a run uses (`--model`).
    ///
    /// ```
    /// use jigsat::api::options::Model;
    /// assert_eq!(Model::default(), Model::Auto);
    /// ```
    #[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
    pub enum Model {
        /// The order encoding when every piece and the board are solid
        /// rectangles (boxes) with exact fill, the placement encoding otherwise.
        Auto = "auto" (default),
        /// One variable per placement (every puzzle).
        Placement = "placement",
        /// The order encoding of rectangle and box packing.
        Order = "order",
    }
}

/// Everything that shapes a run, for every command.
#[derive(Clone, Debug)]
pub struct Options {
    /// The CNF model: placements, or the order encoding for rectangles.
    pub model: Model,
    /// The at-most-one encoding.
    pub encoding: Encoding,
    /// The cardinality encoding for pieces with copies.
    pub card: Card,
    /// The edge-matching encoding (edge-matching puzzles only).
    pub edges: EdgeEncoding,
    /// The engine; [`SolverChoice::Auto`]: the one
    /// [`crate::portfolio`] plans for the puzzle and the goal.
    pub solver: SolverChoice,
    /// Stop after this long, counted from the start of the run.
    pub time_limit: Option<Duration>,
    /// Stop an enumeration after this many classes.
    pub limit: Option<usize>,
    /// Try the colouring pre-check before searching (off: the solver
    /// itself must prove an impossible puzzle impossible).
    pub precheck: bool,
    /// Add symmetry-breaking clauses (or restrictions for exact search).
    pub symmetry: bool,
    /// Threads a search may use (`-j`); `None`: one per core.
    pub jobs: Option<usize>,
    /// A flag another thread sets to end the run early (the loser of a
    /// race); the run then answers "unknown".
    pub stop: Option<Arc<AtomicBool>>,
    /// Where an exact search reports how far it has got (see
    /// [`crate::exact::Meter`]), for progress on long runs.
    pub meter: Option<Arc<Meter>>,
    /// Time an enumeration keeps back from the limit per class found, for
    /// drawing it ([`Limits::render_per_class`]).
    pub render_per_class: Duration,
    /// What an enumeration is for ([`crate::enumerate::Want`]).
    pub want: crate::enumerate::Want,
    /// Where an enumeration writes each class as it finds it
    /// ([`crate::enumerate::Listing`]); `None`: they are kept.
    pub listing: Option<crate::enumerate::Listing>,
    /// The counts split by pieces ([`crate::enumerate::ByPieces`]).
    pub by_pieces: Option<crate::enumerate::ByPieces>,
    /// Count classes by Burnside's lemma (`crate::burnside`) instead of
    /// weighing each solution.
    pub burnside: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            model: Model::Auto,
            encoding: Encoding::Auto,
            card: Card::default(),
            edges: EdgeEncoding::default(),
            solver: SolverChoice::Auto,
            time_limit: None,
            limit: None,
            precheck: true,
            symmetry: true,
            jobs: None,
            stop: None,
            meter: None,
            render_per_class: Duration::ZERO,
            want: crate::enumerate::Want::Classes,
            listing: None,
            by_pieces: None,
            burnside: false,
        }
    }
}

impl Options {
    pub(crate) fn limits(&self) -> Limits {
        Limits {
            jobs: self.jobs,
            classes: self.limit,
            time: self.time_limit,
            stop: self.stop.clone(),
            meter: self.meter.clone(),
            render_per_class: self.render_per_class,
            want: self.want,
            listing: self.listing.clone(),
            by_pieces: self.by_pieces.clone(),
        }
    }

    /// The threads a search runs on: `jobs`, or one per core.
    pub fn threads(&self) -> usize {
        self.limits().threads()
    }

    /// What is left of the time limit after `elapsed`.
    pub(crate) fn remaining(&self, started: Instant) -> Option<Duration> {
        self.time_limit.map(|t| t.saturating_sub(started.elapsed()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_parses_to_a_choice_that_shows_it() {
        for name in SolverChoice::names() {
            let choice: SolverChoice = name.parse().unwrap();
            assert_eq!(choice.name(), name);
        }
        assert_eq!("CaDiCaL".parse(), Ok(SolverChoice::Sat(SatSolver::Cadical)));
        assert_eq!(
            "firstcell".parse(),
            Ok(SolverChoice::Exact(ExactEngine::FirstCell))
        );
        assert!("glucose".parse::<SolverChoice>().is_err());
    }
}
