//! varisat, on a worker thread.
//!
//! varisat has no interrupt, so a time limit is enforced from outside: the
//! search runs on a [`worker`] thread and the caller stops waiting at the
//! limit; the abandoned thread ends with the process. A panic inside the
//! solver is caught on the worker and reported as an error.

use std::time::Duration;

use varisat::ExtendFormula;

use super::worker::{self, Finished};
use super::{Backend, Outcome};
use crate::encode::Cnf;
use crate::error::Error;

pub struct Varisat;

impl Backend for Varisat {
    fn name(&self) -> &str {
        "varisat"
    }

    fn solve(&self, cnf: &Cnf, time_limit: Option<Duration>) -> Result<Outcome, Error> {
        let formula = to_varisat(cnf);
        let num_vars = cnf.num_vars() as usize;
        match worker::run("varisat", time_limit, move || run(&formula, num_vars))? {
            Finished::Done(outcome) => outcome,
            Finished::TimedOut(limit) => {
                Ok(Outcome::Unknown(crate::report::time_limit_reached(limit)))
            }
            Finished::Panicked(message) => Err(Error::Solver(format!(
                "varisat panicked while solving: {message}"
            ))),
        }
    }
}

/// The CNF in varisat's own formula type.
pub fn to_varisat(cnf: &Cnf) -> varisat::CnfFormula {
    let mut formula = varisat::CnfFormula::new();
    formula.set_var_count(cnf.num_vars() as usize);
    let mut buffer = Vec::new();
    for clause in cnf.clauses() {
        buffer.clear();
        buffer.extend(
            clause
                .iter()
                .map(|l| varisat::Lit::from_dimacs(l.to_dimacs() as isize)),
        );
        formula.add_clause(&buffer);
    }
    formula
}

fn run(formula: &varisat::CnfFormula, num_vars: usize) -> Result<Outcome, Error> {
    let mut solver = varisat::Solver::new();
    solver.add_formula(formula);
    match solver.solve() {
        Ok(true) => {
            let mut values = vec![false; num_vars + 1];
            for lit in solver.model().unwrap_or_default() {
                let v = lit.var().to_dimacs() as usize;
                if v <= num_vars {
                    values[v] = lit.is_positive();
                }
            }
            Ok(Outcome::Sat(values))
        }
        Ok(false) => Ok(Outcome::Unsat),
        Err(e) => Err(Error::Solver(format!("varisat failed: {e}"))),
    }
}
