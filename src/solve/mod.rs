//! SAT solvers behind one trait.
//!
//! A solver takes a [`Cnf`] and answers with an [`Outcome`]: a model, a
//! proof of unsatisfiability, or "don't know" (time limit, or an answer it
//! could not give). Models are plain `Vec<bool>` indexed by variable, so
//! the decoder never sees a solver's own types.
//!
//! Three solvers are built in ([`Varisat`], [`Cadical`], [`Splr`]); any
//! other is a program run on a DIMACS file ([`External`]), whose answer
//! [`model`] reads back. [`dimacs`] writes the files. Enumeration needs a
//! solver kept across calls: [`incremental`] (varisat or CaDiCaL).

mod cadical;
pub mod dimacs;
pub mod external;
pub mod incremental;
pub mod model;
mod splr;
mod varisat;
pub mod worker;

pub use self::cadical::Cadical;
pub use self::external::{External, ExternalKind};
pub use self::incremental::Incremental;
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
    /// CaDiCaL 3, built in (C++, compiled by the `cadical-sys` crate).
    Cadical,
    /// splr, built in: a CDCL solver in pure Rust (not incremental).
    Splr,
    /// A program run on a DIMACS file.
    External(ExternalKind, PathBuf),
    /// Knuth's Algorithm X (exact cover, not SAT): pieces used once or a
    /// fixed number of times the areas force.
    Dlx,
    /// The first-empty-cell search (exact, not SAT): boards filled
    /// exactly, pieces used any number of times.
    FirstCell,
    /// The row-scan search for edge-matching tiles (exact, not SAT).
    RowScan,
    /// Whatever [`crate::portfolio`] picks for the puzzle: the same as
    /// leaving `--solver` out.
    Auto,
}

/// Names `--solver` accepts besides a path, for messages and `--help`.
/// The CaDiCaL program on PATH is `cadical-program`, since `cadical` is
/// the built-in one.
pub const SOLVER_NAMES: [&str; 10] = [
    "auto",
    "first-cell",
    "row-scan",
    "dlx",
    "varisat",
    "cadical",
    "splr",
    "kissat",
    "cadical-program",
    "minisat",
];

impl SolverChoice {
    /// The SAT solver behind the choice; `None` for `dlx`, which works on
    /// the exact-cover instance instead of the CNF.
    pub fn build(&self) -> Option<Box<dyn Solver>> {
        match self {
            SolverChoice::Varisat => Some(Box::new(Varisat)),
            SolverChoice::Cadical => Some(Box::new(Cadical::new())),
            SolverChoice::Splr => Some(Box::new(Splr)),
            SolverChoice::External(kind, program) => {
                Some(Box::new(External::new(*kind, program.clone())))
            }
            SolverChoice::Dlx
            | SolverChoice::FirstCell
            | SolverChoice::RowScan
            | SolverChoice::Auto => None,
        }
    }

    /// Whether this is `auto`: no choice made.
    pub fn is_auto(&self) -> bool {
        matches!(self, SolverChoice::Auto)
    }

    /// Whether this is an exact search over the cover (no CNF).
    pub fn is_exact_search(&self) -> bool {
        matches!(
            self,
            SolverChoice::Dlx | SolverChoice::FirstCell | SolverChoice::RowScan
        )
    }

    /// The incremental solver behind the choice, for SAT enumeration:
    /// varisat and the built-in CaDiCaL. splr 0.17 is not incremental, a
    /// program run on a file starts afresh, and dlx is no SAT solver.
    pub fn incremental(&self) -> Option<Incremental> {
        match self {
            SolverChoice::Varisat => Some(Incremental::Varisat),
            SolverChoice::Cadical => Some(Incremental::Cadical),
            _ => None,
        }
    }

    /// Whether the solver can enumerate solutions: an incremental SAT
    /// solver, or dlx.
    pub fn supports_enumeration(&self) -> bool {
        self.incremental().is_some() || self.is_auto() || self.is_exact_search()
    }

    /// The name shown in tables and stats; it parses back to the choice.
    pub fn name(&self) -> String {
        match self {
            SolverChoice::Varisat => "varisat".into(),
            SolverChoice::Cadical => "cadical".into(),
            SolverChoice::Splr => "splr".into(),
            SolverChoice::Dlx => "dlx".into(),
            SolverChoice::FirstCell => "first-cell".into(),
            SolverChoice::RowScan => "row-scan".into(),
            SolverChoice::Auto => "auto".into(),
            SolverChoice::External(kind, program) => kind.display_name(program),
        }
    }

    /// The choice a name from [`SOLVER_NAMES`] stands for: the one place
    /// where names become solvers.
    fn from_name(name: &str) -> Option<SolverChoice> {
        let external = |kind, program: &str| SolverChoice::External(kind, program.into());
        Some(match name.to_ascii_lowercase().as_str() {
            "varisat" => SolverChoice::Varisat,
            "cadical" => SolverChoice::Cadical,
            "splr" => SolverChoice::Splr,
            "kissat" => external(ExternalKind::Kissat, "kissat"),
            "cadical-program" => external(ExternalKind::Cadical, "cadical"),
            "minisat" => external(ExternalKind::Minisat, "minisat"),
            "dlx" => SolverChoice::Dlx,
            "first-cell" | "firstcell" => SolverChoice::FirstCell,
            "row-scan" | "rowscan" => SolverChoice::RowScan,
            "auto" => SolverChoice::Auto,
            _ => return None,
        })
    }
}

impl fmt::Display for SolverChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

impl FromStr for SolverChoice {
    type Err = String;

    /// A name from [`SOLVER_NAMES`], or a path (it must contain a `/`) to
    /// another program.
    fn from_str(s: &str) -> Result<SolverChoice, String> {
        let s = s.trim();
        if let Some(choice) = SolverChoice::from_name(s) {
            return Ok(choice);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_parses_to_a_choice_that_shows_it() {
        for name in SOLVER_NAMES {
            let choice: SolverChoice = name.parse().unwrap();
            assert_eq!(choice.name(), name);
        }
        assert_eq!("CaDiCaL".parse(), Ok(SolverChoice::Cadical));
        assert_eq!(
            "./bin/cadical".parse(),
            Ok(SolverChoice::External(
                ExternalKind::Cadical,
                "./bin/cadical".into()
            ))
        );
        assert!("glucose".parse::<SolverChoice>().is_err());
    }
}
