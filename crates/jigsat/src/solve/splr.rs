//! splr, built in, on a worker thread.
//!
//! splr 0.17's convenience constructor `Certificate::try_from` has a known
//! panic (fixed only in an unreleased version), so the solver is built by
//! hand: `Solver::instantiate` with a quiet configuration, the clauses
//! added one by one, then `solve()`. Any panic that still escapes is
//! caught on the [`worker`] thread and reported as a solver failure
//! (exit 3) instead of a crash.
//!
//! The time limit is wired twice: splr's own `c_timeout` (whole seconds,
//! checked between search stages) stops the search cleanly, and the
//! caller stops waiting at the exact limit in any case.
//!
//! splr is not incremental (no assumptions), so enumeration stays on
//! varisat and the exact-cover engine.

use std::time::Duration;

use splr::types::{CNFDescription, CNFIndicator, Instantiate};
use splr::{Certificate, Config, SatSolverIF, SolveIF, SolverError};

use super::worker::{self, Finished};
use super::{Backend, Outcome};
use crate::encode::Cnf;
use crate::error::Error;
use crate::report::time_limit_reached;

pub struct Splr;

/// splr's default limit when none is given.
const NO_LIMIT_SECS: f64 = 1e9;

impl Backend for Splr {
    fn name(&self) -> &str {
        "splr"
    }

    fn solve(&self, cnf: &Cnf, time_limit: Option<Duration>) -> Result<Outcome, Error> {
        let num_vars = cnf.num_vars() as usize;
        let clauses: Vec<Vec<i32>> = cnf
            .clauses()
            .map(|c| c.iter().map(|l| l.to_dimacs()).collect())
            .collect();
        // splr compares whole seconds (and divides by them): at least 1.
        let secs = time_limit.map_or(NO_LIMIT_SECS, |t| t.as_secs_f64().ceil().max(1.0));
        let answer = match worker::run("splr", time_limit, move || run(&clauses, num_vars, secs))? {
            Finished::Done(answer) => answer,
            Finished::TimedOut(limit) => return Ok(Outcome::Unknown(time_limit_reached(limit))),
            Finished::Panicked(message) => {
                return Err(Error::Solver(format!(
                    "splr crashed (a panic inside splr 0.17: {message}); try another solver, \
                     e.g. --solver varisat"
                )));
            }
        };
        match answer {
            Ok(outcome) => Ok(outcome),
            Err(SolverError::TimeOut) => Ok(Outcome::Unknown(time_limit_reached(
                time_limit.unwrap_or(Duration::from_secs_f64(secs)),
            ))),
            Err(e) => Err(Error::Solver(format!(
                "splr gave up with an internal error ({e}); try another solver, e.g. --solver varisat"
            ))),
        }
    }
}

fn run(clauses: &[Vec<i32>], num_vars: usize, timeout_secs: f64) -> Result<Outcome, SolverError> {
    let config = Config {
        c_timeout: timeout_secs,
        quiet_mode: true,
        splr_interface: false,
        no_color: true,
        ..Config::default()
    };
    let description = CNFDescription {
        num_of_variables: num_vars,
        num_of_clauses: clauses.len(),
        pathname: CNFIndicator::Void,
    };
    let mut solver = splr::Solver::instantiate(&config, &description);
    for clause in clauses {
        match solver.add_clause(clause) {
            Ok(_) => {}
            // A clause that is false under what is already fixed: the
            // formula is unsatisfiable before any search.
            Err(SolverError::EmptyClause)
            | Err(SolverError::RootLevelConflict(_))
            | Err(SolverError::Inconsistent) => return Ok(Outcome::Unsat),
            Err(e) => return Err(e),
        }
    }
    match solver.solve() {
        Ok(Certificate::SAT(lits)) => {
            let mut values = vec![false; num_vars + 1];
            for l in lits {
                let v = l.unsigned_abs() as usize;
                if v <= num_vars {
                    values[v] = l > 0;
                }
            }
            Ok(Outcome::Sat(values))
        }
        Ok(Certificate::UNSAT) => Ok(Outcome::Unsat),
        Err(SolverError::EmptyClause)
        | Err(SolverError::RootLevelConflict(_))
        | Err(SolverError::Inconsistent) => Ok(Outcome::Unsat),
        Err(e) => Err(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn solve(clauses: &[&[i32]], vars: u32) -> Result<Outcome, Error> {
        let mut cnf = Cnf::new();
        cnf.reserve_vars(vars);
        for c in clauses {
            let lits: Vec<_> = c
                .iter()
                .map(|&n| crate::encode::Lit::from_dimacs(n).unwrap())
                .collect();
            cnf.add_clause(&lits);
        }
        Splr.solve(&cnf, Some(Duration::from_secs(30)))
    }

    #[test]
    fn small_formulas_are_answered() {
        assert_eq!(solve(&[&[1], &[-1]], 1).unwrap(), Outcome::Unsat);
        assert_eq!(solve(&[&[]], 2).unwrap(), Outcome::Unsat);
        match solve(&[&[1, 2], &[-1], &[-2, 3]], 3).unwrap() {
            Outcome::Sat(v) => assert_eq!(&v[1..], &[false, true, true]),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn degenerate_formulas_never_crash() {
        // Edge cases where splr 0.17 may trip over itself: whatever it
        // does, the answer is an outcome or a solver error, not a panic.
        for (clauses, vars) in [
            (&[][..], 0),
            (&[][..], 5),
            (&[&[1][..]][..], 3),
            (&[&[1, -1][..]][..], 1),
        ] {
            match solve(clauses, vars) {
                Ok(Outcome::Sat(v)) => assert_eq!(v.len(), vars as usize + 1),
                Ok(other) => panic!("{other:?} for {clauses:?}"),
                Err(Error::Solver(m)) => assert!(m.contains("splr"), "{m}"),
                Err(e) => panic!("{e}"),
            }
        }
    }
}
