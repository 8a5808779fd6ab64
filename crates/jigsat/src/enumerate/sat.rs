//! The SAT engines' enumeration: incremental varisat or CaDiCaL over a
//! CNF, the search cut into cubes that the cores share, each solution's
//! whole orbit blocked once it is found ([`Blocker`]), shared by the
//! placement CNF of a cover and the order model of boxes.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, mpsc};

use super::cover::{CoverClasses, CoverRun};
use super::listing::Enumeration;
use super::receive::{Message, drive};
use crate::cover::Cover;
use crate::encode::{Cnf, Lit};
use crate::error::{Error, Result};
use crate::exact::{self, Built};
use crate::solve::incremental::Formula;
use crate::solve::{Incremental, worker};
/// Enumerates the classes of a cover by incremental SAT.
pub(super) fn enumerate_sat(
    run: &CoverRun,
    solver: Incremental,
    progress: &mut dyn FnMut(u64),
) -> Result<Enumeration> {
    let classes = CoverClasses {
        run,
        who: format!("the {} engine", solver.name()),
    };
    let start = |stop: &Arc<AtomicBool>, send| start_sat(run, solver, stop, send);
    drive(
        solver.name(),
        start,
        &classes,
        run.limits,
        run.run_started,
        None,
        progress,
    )
}

/// Starts incremental SAT on the cover's threads; they send what they
/// find on `send` until done or until `stop` is set.
fn start_sat(
    run: &CoverRun,
    solver: Incremental,
    stop: &Arc<AtomicBool>,
    send: mpsc::SyncSender<Message<Vec<u32>>>,
) -> Result<()> {
    let encoded = run
        .encoded
        .ok_or_else(|| Error::Bug("the SAT engine needs the CNF".into()))?;
    let blocker = OrbitBlocker {
        options: encoded.options,
        orbits: run
            .group
            .elements
            .iter()
            .map(|g| g.options.clone())
            .collect(),
        exact: run.cover.exact_fill(),
    };
    // Cubes from the exact-cover structure when it is plain exact cover;
    // one cube (no assumptions) otherwise.
    let depth = (run.cover.max_pieces_placed() as usize / 2).max(1);
    let cubes = cubes(&run.cover.for_dlx(), &run.forbidden(), depth, &send);
    sat(
        solver,
        &encoded.cnf,
        blocker,
        cubes,
        run.limits.threads(),
        stop,
        send,
    )
}

/// How finely the SAT engine's search is cut into cubes: up to this many,
/// and at most half a solution deep. Every call then proves a small space
/// empty, where a coarser cut leaves CDCL exhaustive searches it is slow
/// at (encodings/RESULTS.md has the measurements); the SAT solver still
/// places the other half itself, so the cross-check between the engines
/// stays a real one.
const SAT_CUBES: usize = 100_000;

/// The cubes for the SAT engine: the paths of Algorithm X's tree down to
/// `depth` options, the solutions met on the way sent at once; one empty
/// cube when the cover is not plain exact cover, or when the tree has
/// slack steps (which stand for no option, so for no literal).
fn cubes(
    cover: &Cover,
    forbidden: &[u32],
    depth: usize,
    send: &mpsc::SyncSender<Message<Vec<u32>>>,
) -> Vec<Vec<u32>> {
    let Some(mut dlx) = Built::algorithm_x(cover, forbidden).filter(|d| !d.has_slack()) else {
        return vec![Vec::new()];
    };
    let shallow = Mutex::new(Vec::new());
    let collect = |o: &[u32]| shallow.lock().map(|mut v| v.push(o.to_vec())).is_ok();
    match exact::split(&mut dlx, SAT_CUBES, depth, &collect) {
        Ok(cubes) => {
            for solution in shallow.into_inner().unwrap_or_default() {
                let _ = send.send(Message::Solution(solution));
            }
            cubes
        }
        Err(_) => vec![Vec::new()],
    }
}

/// What incremental SAT enumeration needs from a model: how to read a
/// raw solution from a satisfying assignment, and the clauses that block
/// its whole orbit.
pub trait Blocker: Send + Sync + 'static {
    type Raw: Send + 'static;
    /// The raw solution of an assignment (`values[v]` for variable `v`).
    fn read(&self, values: &[bool]) -> Self::Raw;
    /// Clauses that rule out the solution and all its images; none means
    /// it cannot be blocked, which would loop forever, so it is an error.
    fn block(&self, raw: &Self::Raw) -> Vec<Vec<Lit>>;
}

/// Blocks a placement solution's orbit: for each image, one clause "not
/// all of these options" (with holes, "or some other option").
struct OrbitBlocker {
    /// Placement variables are the first `options`.
    options: usize,
    orbits: Vec<Vec<u32>>,
    exact: bool,
}

impl Blocker for OrbitBlocker {
    type Raw = Vec<u32>;

    fn read(&self, values: &[bool]) -> Vec<u32> {
        (0..self.options as u32)
            .filter(|&o| values.get(o as usize + 1).copied().unwrap_or(false))
            .collect()
    }

    fn block(&self, chosen: &Vec<u32>) -> Vec<Vec<Lit>> {
        let var = |o: u32| crate::encode::Var::new(o + 1);
        self.orbits
            .iter()
            .map(|perm| {
                let mut image: Vec<u32> = chosen.iter().map(|&o| perm[o as usize]).collect();
                image.sort_unstable();
                let mut clause: Vec<Lit> = image.iter().map(|&o| var(o).negative()).collect();
                if !self.exact {
                    // With holes a solution can be a subset of another, so
                    // block this exact selection: some other option on, too.
                    clause.extend(
                        (0..self.options as u32)
                            .filter(|o| image.binary_search(o).is_err())
                            .map(|o| var(o).positive()),
                    );
                }
                clause
            })
            .collect()
    }
}

/// Incremental SAT (`solver`) on every core over `cubes` (sets of
/// placement variables assumed true; one empty cube for the whole space):
/// each thread takes every `threads`-th cube with a solver of its own; the
/// first failure ends the enumeration. Setting `stop` ends it early.
pub fn sat<B: Blocker>(
    solver: Incremental,
    cnf: &Cnf,
    blocker: B,
    cubes: Vec<Vec<u32>>,
    threads: usize,
    stop: &Arc<AtomicBool>,
    send: mpsc::SyncSender<Message<B::Raw>>,
) -> Result<()> {
    let threads = threads.min(cubes.len()).max(1);
    log::debug!(
        "SAT enumeration over {} cubes on {threads} threads",
        cubes.len()
    );
    let job = SatJob {
        formula: solver.prepare(cnf),
        num_vars: cnf.num_vars() as usize,
        blocker,
    };
    let name = solver.name();
    let stop = Arc::clone(stop);
    let done = send.clone();
    let run = move || {
        std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads)
                .map(|t| {
                    let mine: Vec<&[u32]> = cubes
                        .iter()
                        .skip(t)
                        .step_by(threads)
                        .map(|c| &c[..])
                        .collect();
                    let (job, stop, send) = (&job, &stop, send.clone());
                    scope.spawn(move || job.run(&mine, stop, &send))
                })
                .collect();
            workers
                .into_iter()
                .map(|w| match w.join() {
                    Ok(Ok(Searched::Exhausted)) => Ok(Searched::Exhausted),
                    Ok(Ok(Searched::Stopped)) => Ok(Searched::Stopped),
                    Ok(Err(e)) => Err(e),
                    Err(_) => Err(format!("{name} panicked while enumerating")),
                })
                .fold(Ok(Searched::Exhausted), Searched::both)
        })
    };
    worker::spawn(name, run, move |finished| {
        // Only a search that exhausted every cube is done: a stopped one
        // sends nothing, so that its classes are never taken for all.
        let _ = match finished {
            Ok(Ok(Searched::Exhausted)) => done.send(Message::Done),
            Ok(Ok(Searched::Stopped)) => Ok(()),
            Ok(Err(e)) => done.send(Message::Failed(e)),
            Err(panic) => done.send(Message::Failed(format!(
                "{name} panicked while enumerating: {panic}"
            ))),
        };
    })
}

/// How a SAT enumeration thread ended: every cube exhausted, or stopped
/// (the flag, or the receiving end gone) with some left.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Searched {
    Exhausted,
    Stopped,
}

impl Searched {
    /// The end of two threads together: the first failure, else stopped
    /// if either stopped.
    fn both(
        a: std::result::Result<Searched, String>,
        b: std::result::Result<Searched, String>,
    ) -> std::result::Result<Searched, String> {
        match (a?, b?) {
            (Searched::Exhausted, Searched::Exhausted) => Ok(Searched::Exhausted),
            _ => Ok(Searched::Stopped),
        }
    }
}

/// What every SAT enumeration thread needs.
struct SatJob<B> {
    formula: Formula,
    num_vars: usize,
    blocker: B,
}

impl<B: Blocker> SatJob<B> {
    /// For each cube, solve under its assumptions, report, block the
    /// solution's orbit (for good: blocking clauses hold in every cube),
    /// repeat until the cube is exhausted.
    fn run(
        &self,
        cubes: &[&[u32]],
        stop: &Arc<AtomicBool>,
        send: &mpsc::SyncSender<Message<B::Raw>>,
    ) -> std::result::Result<Searched, String> {
        let mut solver = self.formula.session(stop);
        let mut values = vec![false; self.num_vars + 1];
        for cube in cubes {
            let assumptions: Vec<Lit> = cube
                .iter()
                .map(|&o| crate::encode::Var::new(o + 1).positive())
                .collect();
            loop {
                if stop.load(Ordering::Relaxed) {
                    return Ok(Searched::Stopped);
                }
                match solver.solve(&assumptions)? {
                    Some(true) => {}
                    Some(false) => break,
                    // Stopped: the enumeration is over, not complete.
                    None => return Ok(Searched::Stopped),
                }
                solver.model(&mut values);
                let raw = self.blocker.read(&values);
                let clauses = self.blocker.block(&raw);
                if clauses.is_empty() {
                    return Err("the SAT engine could not block a solution it found".into());
                }
                for clause in &clauses {
                    solver.add_clause(clause);
                }
                if send.send(Message::Solution(raw)).is_err() {
                    return Ok(Searched::Stopped);
                }
            }
        }
        Ok(Searched::Exhausted)
    }
}
