//! CaDiCaL, built in, on a worker thread.
//!
//! The `cadical-sys` crate compiles CaDiCaL's C++ sources (version 3.0.1)
//! into jigsat, so `--solver cadical` needs no program on PATH; the
//! program, if installed, is still `--solver cadical-program`.
//!
//! Unlike varisat, CaDiCaL can be stopped from outside: it polls a
//! [`Terminate`] terminator during search, which answers "stop" once the
//! deadline has passed or a stop flag is set. The deadline gives the time
//! limit the same "unknown" outcome as every other backend; the flags let
//! a caller that no longer needs the answer (a race it lost, an
//! enumeration that is over) end the search instead of abandoning a busy
//! thread. The search still runs through [`worker`], so a panic (the crate
//! turns misuse that would abort CaDiCaL into one) is contained, and the
//! caller stops waiting at the limit even if the solver is slow to notice.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use cadical_sys::{CaDiCal, Status, Terminator};

use super::worker::{self, Finished};
use super::{Backend, Outcome};
use crate::encode::{Cnf, Lit};
use crate::error::Error;
use crate::report::time_limit_reached;

/// The built-in CaDiCaL.
#[derive(Clone, Debug, Default)]
pub struct Cadical {
    /// Set by a caller that wants the search ended (a race's loser).
    stop: Option<Arc<AtomicBool>>,
}

impl Cadical {
    pub fn new() -> Cadical {
        Cadical::default()
    }

    /// A solver that also gives up, answering "unknown", as soon as `stop`
    /// is set: how a race ends the search of the solver that lost.
    pub fn with_stop(stop: Arc<AtomicBool>) -> Cadical {
        Cadical { stop: Some(stop) }
    }
}

impl Backend for Cadical {
    fn name(&self) -> &str {
        "cadical"
    }

    fn solve(&self, cnf: &Cnf, time_limit: Option<Duration>) -> Result<Outcome, Error> {
        let started = Instant::now();
        let clauses = Clauses::new(cnf);
        // Set when this call stops waiting, so that the search ends too.
        let abandoned = Arc::new(AtomicBool::new(false));
        let mut flags = vec![Arc::clone(&abandoned)];
        flags.extend(self.stop.iter().cloned());
        let stop = Terminate {
            flags,
            deadline: time_limit.map(|t| started + t),
        };
        let job = move || {
            let mut solver = clauses.solver(stop, &[]);
            match solver.solve() {
                Status::SATISFIABLE => Outcome::Sat(clauses.model(&mut solver)),
                Status::UNSATISFIABLE => Outcome::Unsat,
                Status::UNKNOWN => Outcome::Unknown(String::new()),
            }
        };
        match worker::run("cadical", time_limit, job)? {
            Finished::Done(Outcome::Unknown(_)) => {
                // Stopped by the terminator: the deadline, or the caller's flag.
                Ok(Outcome::Unknown(match time_limit {
                    Some(limit) if started.elapsed() >= limit => time_limit_reached(limit),
                    _ => "cadical was stopped".to_string(),
                }))
            }
            Finished::Done(outcome) => Ok(outcome),
            Finished::TimedOut(limit) => {
                abandoned.store(true, Ordering::Relaxed);
                Ok(Outcome::Unknown(time_limit_reached(limit)))
            }
            Finished::Panicked(message) => Err(Error::Solver(format!(
                "cadical panicked while solving: {message}"
            ))),
        }
    }
}

/// CaDiCaL's terminator: stop once the deadline has passed or any flag is
/// set. CaDiCaL polls it every few conflicts and between inprocessing
/// steps.
pub struct Terminate {
    pub flags: Vec<Arc<AtomicBool>>,
    pub deadline: Option<Instant>,
}

impl Terminator for Terminate {
    fn terminated(&mut self) -> bool {
        self.flags.iter().any(|f| f.load(Ordering::Relaxed))
            || self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

/// A CNF as CaDiCaL takes it: the clauses one after another as DIMACS
/// literals, with their lengths; built once and loaded into as many
/// solvers as needed (one per enumeration thread).
pub struct Clauses {
    literals: Vec<i32>,
    lengths: Vec<u32>,
    num_vars: usize,
}

impl Clauses {
    pub fn new(cnf: &Cnf) -> Clauses {
        let mut literals = Vec::with_capacity(cnf.num_lits());
        let mut lengths = Vec::with_capacity(cnf.num_clauses());
        for clause in cnf.clauses() {
            literals.extend(clause.iter().map(|l| l.to_dimacs()));
            lengths.push(clause.len() as u32);
        }
        Clauses {
            literals,
            lengths,
            num_vars: cnf.num_vars() as usize,
        }
    }

    /// A new solver with `options` (CaDiCaL's names and values), holding
    /// every clause and polling `stop` (the crate builds CaDiCaL quiet: it
    /// prints nothing).
    pub fn solver(&self, stop: Terminate, options: &[(&str, i32)]) -> CaDiCal {
        let mut solver = CaDiCal::new();
        for &(name, value) in options {
            // Options can only be set before the first clause.
            let known = solver.set(name, value);
            debug_assert!(known, "CaDiCaL has no option {name}={value}");
        }
        solver.connect_terminator(stop);
        let mut rest = &self.literals[..];
        for &n in &self.lengths {
            let (clause, tail) = rest.split_at(n as usize);
            add_clause(&mut solver, clause);
            rest = tail;
        }
        solver
    }

    /// The model after a SATISFIABLE answer: `values[v]` for variable `v`
    /// (slot 0 unused); variables in no clause are false.
    pub fn model(&self, solver: &mut CaDiCal) -> Vec<bool> {
        let mut values = vec![false; self.num_vars + 1];
        read_model(solver, &mut values);
        values
    }
}

/// Adds one clause of DIMACS literals (the empty clause too).
pub fn add_clause(solver: &mut CaDiCal, clause: &[i32]) {
    solver.clause6(clause);
}

/// Adds one clause of jigsat literals.
pub fn add_lits(solver: &mut CaDiCal, clause: &[Lit]) {
    for l in clause {
        solver.add(l.to_dimacs());
    }
    solver.add(0);
}

/// Fills `values[v]` for every variable `v` of the slice (slot 0 unused)
/// from the solver's model.
pub fn read_model(solver: &mut CaDiCal, values: &mut [bool]) {
    let known = solver.vars().max(0) as usize;
    for (v, value) in values.iter_mut().enumerate().skip(1) {
        *value = v <= known && solver.val(v as i32) > 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cnf(clauses: &[&[i32]], vars: u32) -> Cnf {
        let mut cnf = Cnf::new();
        cnf.reserve_vars(vars);
        for c in clauses {
            let lits: Vec<_> = c.iter().map(|&n| Lit::from_dimacs(n).unwrap()).collect();
            cnf.add_clause(&lits);
        }
        cnf
    }

    #[test]
    fn small_formulas_are_answered() {
        let solve = |clauses: &[&[i32]], vars| Cadical::new().solve(&cnf(clauses, vars), None);
        assert_eq!(solve(&[&[1], &[-1]], 1).unwrap(), Outcome::Unsat);
        assert_eq!(solve(&[&[]], 2).unwrap(), Outcome::Unsat);
        match solve(&[&[1, 2], &[-1], &[-2, 3]], 3).unwrap() {
            Outcome::Sat(v) => assert_eq!(&v[1..], &[false, true, true]),
            other => panic!("{other:?}"),
        }
        // Variables in no clause are read as false, not as an error.
        match solve(&[], 4).unwrap() {
            Outcome::Sat(v) => assert_eq!(v, vec![false; 5]),
            other => panic!("{other:?}"),
        }
    }

    /// The pigeonhole formula: `n + 1` pigeons, `n` holes; hard for CDCL.
    fn pigeons(n: i32) -> Cnf {
        let var = |p: i32, h: i32| p * n + h + 1;
        let mut clauses: Vec<Vec<i32>> = (0..=n)
            .map(|p| (0..n).map(|h| var(p, h)).collect())
            .collect();
        for h in 0..n {
            for p in 0..=n {
                for q in p + 1..=n {
                    clauses.push(vec![-var(p, h), -var(q, h)]);
                }
            }
        }
        let refs: Vec<&[i32]> = clauses.iter().map(|c| &c[..]).collect();
        cnf(&refs, ((n + 1) * n) as u32)
    }

    #[test]
    fn a_set_stop_flag_ends_the_search() {
        let stop = Arc::new(AtomicBool::new(true));
        let outcome = Cadical::with_stop(stop).solve(&pigeons(12), None).unwrap();
        assert_eq!(outcome, Outcome::Unknown("cadical was stopped".into()));
    }

    #[test]
    fn the_deadline_ends_the_search() {
        let outcome = Cadical::new()
            .solve(&pigeons(12), Some(Duration::from_millis(50)))
            .unwrap();
        assert!(
            matches!(&outcome, Outcome::Unknown(why) if why.contains("time limit")),
            "{outcome:?}"
        );
    }
}
