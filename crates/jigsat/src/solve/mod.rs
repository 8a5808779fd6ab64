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

pub mod cadical;
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
use std::time::Duration;

use crate::encode::Cnf;
use crate::error::Error;

/// A solver's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A model: `values[v]` for variable `v` (slot 0 unused).
    Sat(Vec<bool>),
    /// No model: the CNF is unsatisfiable.
    Unsat,
    /// No answer, and why (time limit, interrupted).
    Unknown(String),
}

/// A SAT backend: a solver behind one interface, built in or run as a
/// program, so that the pipeline and `compare` call each alike. (Not
/// [`crate::api::Solver`], which holds the options of a run.)
pub trait Backend {
    /// The name shown in stats and `compare` tables.
    fn name(&self) -> &str;

    /// Solves `cnf`, giving up after `time_limit`.
    fn solve(&self, cnf: &Cnf, time_limit: Option<Duration>) -> Result<Outcome, Error>;
}

/// The SAT solvers jigsat can run: the built-in ones, the external
/// programs it knows how to drive, or a path to any other program that
/// reads DIMACS and answers in the SAT competition format. What
/// `--solver` names besides these (the exact engines, `auto`) is
/// [`SolverChoice`](crate::options::SolverChoice).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum SatSolver {
    /// varisat, built in: a CDCL solver in pure Rust.
    #[default]
    Varisat,
    /// CaDiCaL 3, built in (C++, compiled by the `cadical-sys` crate).
    Cadical,
    /// splr, built in: a CDCL solver in pure Rust (not incremental).
    Splr,
    /// A program run on a DIMACS file.
    External(ExternalKind, PathBuf),
}

/// The SAT solvers' names, for messages and `--help`. The CaDiCaL
/// program on PATH is `cadical-program`, since `cadical` is the built-in
/// one.
pub const SAT_SOLVER_NAMES: [&str; 6] = [
    "varisat",
    "cadical",
    "splr",
    "kissat",
    "cadical-program",
    "minisat",
];

impl SatSolver {
    /// The solver, ready to run.
    pub fn build(&self) -> Box<dyn Backend> {
        match self {
            SatSolver::Varisat => Box::new(Varisat),
            SatSolver::Cadical => Box::new(Cadical::new()),
            SatSolver::Splr => Box::new(Splr),
            SatSolver::External(kind, program) => Box::new(External::new(*kind, program.clone())),
        }
    }

    /// The incremental solver behind the choice, for SAT enumeration:
    /// varisat and the built-in CaDiCaL. splr 0.17 is not incremental, and
    /// a program run on a file starts afresh.
    pub fn incremental(&self) -> Option<Incremental> {
        match self {
            SatSolver::Varisat => Some(Incremental::Varisat),
            SatSolver::Cadical => Some(Incremental::Cadical),
            _ => None,
        }
    }

    /// The name shown in tables and stats; it parses back to the solver.
    pub fn name(&self) -> String {
        match self {
            SatSolver::Varisat => "varisat".into(),
            SatSolver::Cadical => "cadical".into(),
            SatSolver::Splr => "splr".into(),
            SatSolver::External(kind, program) => kind.display_name(program),
        }
    }

    /// The solver a name from [`SAT_SOLVER_NAMES`] stands for: the one
    /// place where names become SAT solvers.
    pub fn from_name(name: &str) -> Option<SatSolver> {
        let external = |kind, program: &str| SatSolver::External(kind, program.into());
        Some(match name.to_ascii_lowercase().as_str() {
            "varisat" => SatSolver::Varisat,
            "cadical" => SatSolver::Cadical,
            "splr" => SatSolver::Splr,
            "kissat" => external(ExternalKind::Kissat, "kissat"),
            "cadical-program" => external(ExternalKind::Cadical, "cadical"),
            "minisat" => external(ExternalKind::Minisat, "minisat"),
            _ => return None,
        })
    }

    /// A program at `path` (it must contain a `/`); `None` for a bare
    /// word, which would be a misspelt name.
    pub fn from_path(s: &str) -> Option<SatSolver> {
        (s.contains(std::path::MAIN_SEPARATOR) || s.contains('/')).then(|| {
            let path = PathBuf::from(s);
            SatSolver::External(ExternalKind::from_path(&path), path)
        })
    }
}

impl fmt::Display for SatSolver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_parses_to_a_solver_that_shows_it() {
        for name in SAT_SOLVER_NAMES {
            assert_eq!(SatSolver::from_name(name).unwrap().name(), name);
        }
        assert_eq!(SatSolver::from_name("CaDiCaL"), Some(SatSolver::Cadical));
        assert_eq!(
            SatSolver::from_path("./bin/cadical"),
            Some(SatSolver::External(
                ExternalKind::Cadical,
                "./bin/cadical".into()
            ))
        );
        assert!(SatSolver::from_path("glucose").is_none());
    }
}
