//! Incremental SAT, for enumeration: one solver instance kept across many
//! calls, each under its own assumptions, with clauses added in between
//! (the clauses that block the solutions found so far).
//!
//! Two built-in solvers can do it: varisat and CaDiCaL. [`Incremental`]
//! names one; [`Formula`] is the CNF prepared once for it (and shared by
//! the enumeration threads, each of which loads it into a [`Session`] of
//! its own). A CaDiCaL session polls the enumeration's stop flag, so a
//! search still running when the enumeration ends (time limit, enough
//! classes) stops at once; varisat has no interrupt and finishes its
//! current call first.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use cadical_sys::{CaDiCal, Status};
use varisat::ExtendFormula;

use super::cadical::{self, Clauses, Terminate};
use crate::encode::{Cnf, Lit};

/// CaDiCaL's options for enumeration. Its "lucky" phases try a few
/// fixed assignments before each search, which a one-shot solve can
/// afford but an enumeration pays on each of its thousands of calls
/// (without them, counting soma and the 3x20 strip took about a third
/// less time: encodings/SOLVERS.md).
const INCREMENTAL_OPTIONS: &[(&str, i32)] = &[("lucky", 0)];

/// The built-in solvers that enumerate incrementally.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Incremental {
    #[default]
    Varisat,
    Cadical,
}

impl Incremental {
    pub fn name(self) -> &'static str {
        match self {
            Incremental::Varisat => "varisat",
            Incremental::Cadical => "cadical",
        }
    }

    /// `cnf` in the solver's own form, ready to load into sessions.
    pub fn prepare(self, cnf: &Cnf) -> Formula {
        match self {
            Incremental::Varisat => Formula::Varisat(super::varisat_formula(cnf)),
            Incremental::Cadical => Formula::Cadical(Clauses::new(cnf)),
        }
    }
}

/// A CNF prepared for one incremental solver.
pub enum Formula {
    Varisat(varisat::CnfFormula),
    Cadical(Clauses),
}

impl Formula {
    /// A new solver holding the formula; a CaDiCaL session gives up (its
    /// `solve` answers `None`) once `stop` is set.
    pub fn session(&self, stop: &Arc<AtomicBool>) -> Session {
        match self {
            Formula::Varisat(formula) => {
                let mut solver = varisat::Solver::new();
                solver.add_formula(formula);
                Session::Varisat(Box::new(solver))
            }
            Formula::Cadical(clauses) => {
                let stop = Terminate {
                    flags: vec![Arc::clone(stop)],
                    deadline: None,
                };
                Session::Cadical(Box::new(clauses.solver(stop, INCREMENTAL_OPTIONS)))
            }
        }
    }
}

/// One incremental solver instance.
pub enum Session {
    Varisat(Box<varisat::Solver<'static>>),
    Cadical(Box<CaDiCal>),
}

impl Session {
    /// Solves under `assumptions`: `Some(true)` satisfiable (the model is
    /// then read with [`Session::model`]), `Some(false)` not, `None`
    /// stopped before an answer.
    pub fn solve(&mut self, assumptions: &[Lit]) -> Result<Option<bool>, String> {
        match self {
            Session::Varisat(solver) => {
                let lits: Vec<varisat::Lit> = assumptions.iter().map(|&l| to_varisat(l)).collect();
                solver.assume(&lits);
                solver
                    .solve()
                    .map(Some)
                    .map_err(|e| format!("varisat failed: {e}"))
            }
            Session::Cadical(solver) => {
                for l in assumptions {
                    solver.assume(l.to_dimacs());
                }
                Ok(match solver.solve() {
                    Status::SATISFIABLE => Some(true),
                    Status::UNSATISFIABLE => Some(false),
                    Status::UNKNOWN => None,
                })
            }
        }
    }

    /// The last model into `values` (`values[v]` for variable `v`, slot 0
    /// unused).
    pub fn model(&mut self, values: &mut [bool]) {
        match self {
            Session::Varisat(solver) => {
                values.iter_mut().for_each(|v| *v = false);
                for l in solver.model().unwrap_or_default() {
                    if let Some(v) = values.get_mut(l.var().to_dimacs() as usize) {
                        *v = l.is_positive();
                    }
                }
            }
            Session::Cadical(solver) => cadical::read_model(solver, values),
        }
    }

    /// Adds a clause that holds in every later call.
    pub fn add_clause(&mut self, clause: &[Lit]) {
        match self {
            Session::Varisat(solver) => {
                let lits: Vec<varisat::Lit> = clause.iter().map(|&l| to_varisat(l)).collect();
                solver.add_clause(&lits);
            }
            Session::Cadical(solver) => cadical::add_lits(solver, clause),
        }
    }
}

fn to_varisat(l: Lit) -> varisat::Lit {
    varisat::Lit::from_dimacs(l.to_dimacs() as isize)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every model of (x1 or x2 or x3) with at most one true, found by
    /// blocking each one: the same three with both solvers, and none
    /// under an assumption that contradicts them all.
    #[test]
    fn both_solvers_enumerate_by_blocking() {
        let lit = |n: i32| Lit::from_dimacs(n).unwrap();
        let mut cnf = Cnf::new();
        cnf.reserve_vars(3);
        cnf.add_clause(&[lit(1), lit(2), lit(3)]);
        for (a, b) in [(1, 2), (1, 3), (2, 3)] {
            cnf.add_clause(&[lit(-a), lit(-b)]);
        }
        let stop = Arc::new(AtomicBool::new(false));
        for kind in [Incremental::Varisat, Incremental::Cadical] {
            let mut session = kind.prepare(&cnf).session(&stop);
            let mut found = Vec::new();
            let mut values = vec![false; 4];
            while session.solve(&[]).unwrap() == Some(true) {
                session.model(&mut values);
                let on = (1..=3).find(|&v| values[v]).unwrap() as i32;
                found.push(on);
                session.add_clause(&[lit(-on)]);
            }
            found.sort_unstable();
            assert_eq!(found, [1, 2, 3], "{}", kind.name());
            let mut session = kind.prepare(&cnf).session(&stop);
            assert_eq!(session.solve(&[lit(1), lit(2)]), Ok(Some(false)));
            assert_eq!(session.solve(&[lit(2)]), Ok(Some(true)), "{}", kind.name());
        }
    }
}
