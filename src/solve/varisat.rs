//! varisat, on a worker thread.
//!
//! varisat has no interrupt, so a time limit is enforced from outside: the
//! search runs on its own thread and the caller waits on a channel with a
//! timeout. On timeout the caller reports "unknown" and moves on; the
//! abandoned thread ends with the process. A panic inside the solver is
//! caught on the worker and reported as an error instead of a crash.

use std::sync::mpsc;
use std::time::Duration;

use varisat::ExtendFormula;

use super::{Outcome, Solver};
use crate::encode::Cnf;
use crate::error::Error;

pub struct Varisat;

impl Solver for Varisat {
    fn name(&self) -> &str {
        "varisat"
    }

    fn solve(&self, cnf: &Cnf, time_limit: Option<Duration>) -> Result<Outcome, Error> {
        let formula = to_varisat(cnf);
        let num_vars = cnf.num_vars() as usize;
        let (send, receive) = mpsc::channel();
        super::quiet_worker_panics();
        std::thread::Builder::new()
            .name(format!("{}varisat", super::WORKER_PREFIX))
            .spawn(move || {
                let result = std::panic::catch_unwind(move || run(&formula, num_vars));
                // The receiver may have given up already; nothing to do then.
                let _ = send.send(result);
            })
            .map_err(|e| Error::Solver(format!("cannot start the solver thread: {e}")))?;
        let answer = match time_limit {
            Some(limit) => match receive.recv_timeout(limit) {
                Ok(answer) => answer,
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    return Ok(Outcome::Unknown(format!(
                        "time limit of {:.1} s reached",
                        limit.as_secs_f64()
                    )));
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    return Err(Error::Solver("varisat stopped without an answer".into()));
                }
            },
            None => receive
                .recv()
                .map_err(|_| Error::Solver("varisat stopped without an answer".into()))?,
        };
        match answer {
            Ok(outcome) => outcome,
            Err(payload) => Err(Error::Solver(format!(
                "varisat panicked while solving: {}",
                super::panic_message(payload.as_ref())
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
