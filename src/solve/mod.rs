//! SAT solvers behind one trait.
//!
//! A solver takes a [`Cnf`] and answers with an [`Outcome`]: a model, a
//! proof of unsatisfiability, or "don't know" (time limit, or an answer it
//! could not give). Models are plain `Vec<bool>` indexed by variable, so
//! the decoder never sees a solver's own types.

mod varisat;

pub use self::varisat::Varisat;

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

/// The solvers `--solver` can name.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum SolverChoice {
    /// varisat, built in: a CDCL solver in pure Rust.
    #[default]
    Varisat,
}

impl SolverChoice {
    pub fn build(self) -> Box<dyn Solver> {
        match self {
            SolverChoice::Varisat => Box::new(Varisat),
        }
    }
}
