//! SAT solvers behind one trait.
//!
//! A solver takes a [`Cnf`] and answers with an [`Outcome`]: a model, a
//! proof of unsatisfiability, or "don't know" (time limit, or an answer it
//! could not give). Models are plain `Vec<bool>` indexed by variable, so
//! the decoder never sees a solver's own types.
//!
//! Two solvers are built in ([`Varisat`], [`Splr`]); any other is a program
//! run on a DIMACS file ([`External`]), whose answer [`model`] reads back.
//! [`dimacs`] writes the files.

pub mod dimacs;
pub mod external;
pub mod model;
mod splr;
mod varisat;
pub mod worker;

pub use self::external::{External, ExternalKind};
pub use self::splr::Splr;
pub use self::varisat::{Varisat, to_varisat as varisat_formula};

use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;
use std::time::Duration;

use crate::encode::Cnf;
use crate::error::Error;

/// A solver's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A model: `values[v]` for variable `v` (slot 0 unused).
    Sat(Vec<bool>),
    Unsat,
    /// No answer, and why (time limit, interrupted).
    Unknown(String),
}

pub trait Solver {
    /// The name shown in stats and `compare` tables.
    fn name(&self) -> &str;

    /// Solves `cnf`, giving up after `time_limit`.
    fn solve(&self, cnf: &Cnf, time_limit: Option<Duration>) -> Result<Outcome, Error>;
}

/// The solvers `--solver` can name: the built-in ones, the external
/// programs jigsat knows how to drive, or a path to any other program that
/// reads DIMACS and answers in the SAT competition format.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum SolverChoice {
    /// varisat, built in: a CDCL solver in pure Rust.
    #[default]
    Varisat,
    /// splr, built in: a CDCL solver in pure Rust (not incremental).
    Splr,
    /// A program run on a DIMACS file.
    External(ExternalKind, PathBuf),
    /// Knuth's dancing links (exact cover, not SAT): the default engine
    /// for `--all` and `count` when every piece is used once or a fixed
    /// number of times the areas force.
    Dlx,
    /// The first-empty-cell search (exact, not SAT): boards filled
    /// exactly, pieces used any number of times.
    FirstCell,
    /// Whatever [`crate::portfolio`] picks for the puzzle: the same as
    /// leaving `--solver` out.
    Auto,
}

/// Names `--solver` accepts besides a path, for messages and `--help`.
pub const SOLVER_NAMES: [&str; 8] = [
    "varisat",
    "splr",
    "kissat",
    "cadical",
    "minisat",
    "dlx",
    "first-cell",
    "auto",
];

impl SolverChoice {
    /// The SAT solver behind the choice; `None` for `dlx`, which works on
    /// the exact-cover instance instead of the CNF.
    pub fn build(&self) -> Option<Box<dyn Solver>> {
        match self {
            SolverChoice::Varisat => Some(Box::new(Varisat)),
            SolverChoice::Splr => Some(Box::new(Splr)),
            SolverChoice::External(kind, program) => {
                Some(Box::new(External::new(*kind, program.clone())))
            }
            SolverChoice::Dlx | SolverChoice::FirstCell | SolverChoice::Auto => None,
        }
    }

    /// Whether this is `auto`: no choice made.
    pub fn is_auto(&self) -> bool {
        matches!(self, SolverChoice::Auto)
    }

    /// Whether this is an exact search over the cover (no CNF).
    pub fn is_exact_search(&self) -> bool {
        matches!(self, SolverChoice::Dlx | SolverChoice::FirstCell)
    }

    /// Whether the solver can enumerate solutions (it needs assumptions or
    /// incremental clause addition): varisat, and dlx, which is no SAT
    /// solver. splr 0.17 is not incremental, and a program run on a file
    /// starts afresh.
    pub fn supports_enumeration(&self) -> bool {
        matches!(self, SolverChoice::Varisat | SolverChoice::Auto) || self.is_exact_search()
    }

    /// The name shown in tables and stats.
    pub fn name(&self) -> String {
        match self {
            SolverChoice::Varisat => "varisat".into(),
            SolverChoice::Splr => "splr".into(),
            SolverChoice::Dlx => "dlx".into(),
            SolverChoice::FirstCell => "first-cell".into(),
            SolverChoice::Auto => "auto".into(),
            SolverChoice::External(kind, program) => kind.display_name(program),
        }
    }
}

impl fmt::Display for SolverChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

impl FromStr for SolverChoice {
    type Err = String;

    /// `varisat`, `splr`, `kissat`, `cadical`, `minisat`, or a path (it
    /// must contain a `/`) to another program.
    fn from_str(s: &str) -> Result<SolverChoice, String> {
        let s = s.trim();
        match s.to_ascii_lowercase().as_str() {
            "varisat" => return Ok(SolverChoice::Varisat),
            "splr" => return Ok(SolverChoice::Splr),
            "dlx" => return Ok(SolverChoice::Dlx),
            "first-cell" | "firstcell" => return Ok(SolverChoice::FirstCell),
            "auto" => return Ok(SolverChoice::Auto),
            "kissat" => {
                return Ok(SolverChoice::External(
                    ExternalKind::Kissat,
                    "kissat".into(),
                ));
            }
            "cadical" => {
                return Ok(SolverChoice::External(
                    ExternalKind::Cadical,
                    "cadical".into(),
                ));
            }
            "minisat" => {
                return Ok(SolverChoice::External(
                    ExternalKind::Minisat,
                    "minisat".into(),
                ));
            }
            _ => {}
        }
        if s.contains(std::path::MAIN_SEPARATOR) || s.contains('/') {
            let path = PathBuf::from(s);
            return Ok(SolverChoice::External(ExternalKind::from_path(&path), path));
        }
        Err(format!(
            "unknown solver '{s}'; expected one of {} or a path to a program (like ./glucose)",
            SOLVER_NAMES.join(", ")
        ))
    }
}
