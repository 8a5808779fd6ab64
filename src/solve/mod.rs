//! SAT solvers behind one trait.
//!
//! A solver takes a [`Cnf`] and answers with an [`Outcome`]: a model, a
//! proof of unsatisfiability, or "don't know" (time limit, or an answer it
//! could not give). Models are plain `Vec<bool>` indexed by variable, so
//! the decoder never sees a solver's own types.

pub mod dlx;
mod varisat;

pub use self::varisat::{Varisat, to_varisat as varisat_formula};

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
    /// Knuth's dancing links (exact cover, not SAT): the default engine
    /// for `--all` and `count` when every piece is used once or a fixed
    /// number of times the areas force.
    Dlx,
}

impl SolverChoice {
    /// The SAT solver behind the choice; `None` for `dlx`, which works on
    /// the exact-cover instance instead of the CNF.
    pub fn build(self) -> Option<Box<dyn Solver>> {
        match self {
            SolverChoice::Varisat => Some(Box::new(Varisat)),
            SolverChoice::Dlx => None,
        }
    }
}
