//! Every solution, one per symmetry class, with exact counts.
//!
//! Two engines read the same exact-cover instance:
//!
//! - **dlx**: Knuth's Algorithm X ([`crate::solve::exact`]), over bit
//!   vectors for instances of up to 16,384 options and dancing links
//!   above, on every core; the default for pure exact-cover puzzles,
//!   because backtracking enumerates far faster than a SAT solver
//!   restarted per solution;
//! - **SAT**: incremental varisat; after each solution the clauses that
//!   block *its whole orbit* are added, so the solver is called once per
//!   class, plus one UNSAT call per cube: the search is cut into cubes
//!   (the first options of Algorithm X's tree, as assumptions) that the
//!   cores share, one solver each.
//!
//! Both run on a worker thread and send raw solutions (option lists) back.
//! Here each one is reduced to its canonical form under the symmetry group;
//! a new class is decoded, checked against the puzzle and counted with
//! weight |G| / |stabiliser|, the number of distinct solutions on a fixed
//! board it stands for. That de-duplication also absorbs the classes that
//! symmetry breaking lets through twice (a restricted piece lying on a
//! symmetry axis).

use std::collections::HashSet;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use varisat::ExtendFormula;

use crate::cover::Cover;
use crate::encode::Encoded;
use crate::error::{Error, Result};
use crate::puzzle::{Fill, Puzzle};
use crate::solution::{Solution, check};
use crate::solve::exact::{self, ExactCover, Search};
use crate::symmetry::Breaking;
use crate::{Instance, ms};

/// The enumeration engines.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Engine {
    Dlx,
    Varisat,
}

impl Engine {
    pub fn name(self) -> &'static str {
        match self {
            Engine::Dlx => "dlx",
            Engine::Varisat => "varisat",
        }
    }

    /// Whether the engine can handle this instance (DLX needs every item's
    /// multiplicity to be exactly one or at most one).
    pub fn supports(self, cover: &Cover) -> bool {
        match self {
            Engine::Dlx => cover
                .items
                .iter()
                .all(|i| i.implied || i.max == 0 || (i.max == 1 && i.min <= 1)),
            Engine::Varisat => true,
        }
    }
}

#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Stop after this many classes.
    pub classes: Option<usize>,
    pub time: Option<Duration>,
}

/// What an enumeration found.
#[derive(Clone, Debug)]
pub struct Enumeration {
    /// One checked solution per class, in the order found.
    pub classes: Vec<Solution>,
    /// Solutions on a fixed board, summed over the classes found.
    pub count: u64,
    /// Classes found.
    pub distinct: u64,
    /// Whether the search space was exhausted (so the counts are exact).
    pub complete: bool,
    /// Why it stopped early, if it did.
    pub stopped: Option<String>,
    pub solve_ms: f64,
}

impl Enumeration {
    /// Records the checked representative of a new class standing for
    /// `weight` solutions on a fixed board; `true` when that reaches the
    /// limit on classes.
    pub fn record(
        &mut self,
        solution: Solution,
        weight: u64,
        limits: &Limits,
        progress: &mut dyn FnMut(u64),
    ) -> bool {
        self.classes.push(solution);
        self.distinct += 1;
        self.count += weight;
        progress(self.distinct);
        if limits.classes.is_some_and(|n| self.classes.len() >= n) {
            self.stopped = Some(format!("limit of {} solutions reached", self.classes.len()));
            return true;
        }
        false
    }
}

/// What an engine's worker thread sends: raw solutions (option indices
/// for the placement model, boxes for the order model), then done or
/// failed.
pub(crate) enum Message<T> {
    Solution(T),
    Done,
    Failed(String),
}

/// The receiving end of an enumeration, shared by every engine and model:
/// takes raw solutions until the worker is done, the time runs out or the
/// limit on classes is reached. `canonical` gives a raw solution's class
/// (canonical form and stabiliser order); `decode` turns the first member
/// of a new class into a checked [`Solution`] (an error for a failed
/// check). Each class counts `order / stabiliser` solutions.
#[allow(clippy::too_many_arguments)]
pub(crate) fn collect<T, K: std::hash::Hash + Eq>(
    receive: &mpsc::Receiver<Message<T>>,
    engine: &str,
    order: u64,
    limits: &Limits,
    started: Instant,
    progress: &mut dyn FnMut(u64),
    mut canonical: impl FnMut(&T) -> (K, usize),
    mut decode: impl FnMut(T) -> Result<Solution>,
) -> Result<Enumeration> {
    let mut seen: HashSet<K> = HashSet::new();
    let mut result = Enumeration {
        classes: Vec::new(),
        count: 0,
        distinct: 0,
        complete: false,
        stopped: None,
        solve_ms: 0.0,
    };
    let failed = || Message::Failed(format!("{engine} stopped without an answer"));
    loop {
        let message = match limits.time {
            Some(limit) => match receive.recv_timeout(limit.saturating_sub(started.elapsed())) {
                Ok(m) => m,
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    result.stopped = Some(format!(
                        "time limit of {:.1} s reached",
                        limit.as_secs_f64()
                    ));
                    break;
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => failed(),
            },
            None => receive.recv().unwrap_or_else(|_| failed()),
        };
        match message {
            Message::Solution(raw) => {
                let (class, stabiliser) = canonical(&raw);
                if !seen.insert(class) {
                    continue;
                }
                let solution = decode(raw)?;
                if result.record(solution, order / stabiliser as u64, limits, progress) {
                    break;
                }
            }
            Message::Done => {
                result.complete = true;
                break;
            }
            Message::Failed(e) => return Err(Error::Solver(e)),
        }
    }
    result.solve_ms = ms(started.elapsed());
    Ok(result)
}

/// Enumerates the classes of `puzzle`. `encoded` is needed by the SAT
/// engine only; `progress` is called with the classes found so far.
pub fn enumerate(
    puzzle: &Puzzle,
    instance: &Instance,
    breaking: Option<&Breaking>,
    encoded: Option<&Encoded>,
    engine: Engine,
    limits: &Limits,
    progress: &mut dyn FnMut(u64),
) -> Result<Enumeration> {
    let started = Instant::now();
    let group = &instance.group;
    let stop = Arc::new(AtomicBool::new(false));
    let (send, receive) = mpsc::sync_channel::<Message<Vec<u32>>>(1024);
    let forbidden: Vec<u32> = breaking.map(|b| b.forbidden.clone()).unwrap_or_default();
    // Edge colours become plain secondary items for the dlx engine.
    let dlx_cover = instance.cover.for_dlx();
    match engine {
        Engine::Dlx => {
            let mut dlx = ExactCover::new(&dlx_cover, &forbidden).ok_or_else(|| {
                Error::Usage("the dlx engine handles pieces used exactly once or at most once; use --solver varisat for count ranges".into())
            })?;
            log::debug!("dlx engine: Algorithm X over {}", dlx.name());
            dlx.set_interrupt(Arc::clone(&stop));
            let stop = Arc::clone(&stop);
            let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
            spawn(move || {
                let send_solution = std::sync::Mutex::new(send.clone());
                let visit = |options: &[u32]| {
                    !stop.load(Ordering::Relaxed)
                        && send_solution
                            .lock()
                            .is_ok_and(|s| s.send(Message::Solution(options.to_vec())).is_ok())
                };
                let outcome = exact::enumerate_parallel(&mut dlx, threads, &visit);
                // A finished search is complete; an interrupted one is not.
                if outcome.is_ok() {
                    let _ = send.send(Message::Done);
                }
            })?;
        }
        Engine::Varisat => {
            let encoded =
                encoded.ok_or_else(|| Error::Bug("the SAT engine needs the CNF".into()))?;
            let formula = crate::solve::varisat_formula(&encoded.cnf);
            let orbit_options: Vec<Vec<u32>> =
                group.elements.iter().map(|g| g.options.clone()).collect();
            let options = encoded.options;
            let exact = puzzle.fill == Fill::Exact;
            // Cubes from the exact-cover structure when it is plain exact
            // cover; one cube (no assumptions) otherwise.
            let mut cubes = vec![Vec::new()];
            if let Some(mut dlx) = ExactCover::new(&dlx_cover, &forbidden) {
                let shallow = std::sync::Mutex::new(Vec::new());
                let collect = |o: &[u32]| shallow.lock().map(|mut v| v.push(o.to_vec())).is_ok();
                if let Ok(c) = exact::split(&mut dlx, SAT_CUBES, cube_depth(puzzle), &collect) {
                    cubes = c;
                    for solution in shallow.into_inner().unwrap_or_default() {
                        let _ = send.send(Message::Solution(solution));
                    }
                }
            }
            let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
            log::debug!(
                "SAT enumeration over {} cubes on {threads} threads",
                cubes.len()
            );
            let stop = Arc::clone(&stop);
            spawn(move || {
                let job = SatJob {
                    formula,
                    options,
                    orbit_options,
                    exact,
                };
                // Each thread takes every `threads`-th cube with a solver of
                // its own; the first failure ends the enumeration.
                let failure = std::thread::scope(|scope| {
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
                        .filter_map(|w| match w.join() {
                            Ok(Ok(())) => None,
                            Ok(Err(e)) => Some(e),
                            Err(_) => Some("varisat panicked while enumerating".to_string()),
                        })
                        .next()
                });
                let _ = send.send(match failure {
                    None => Message::Done,
                    Some(e) => Message::Failed(e),
                });
            })?;
        }
    }

    let result = collect(
        &receive,
        engine.name(),
        group.order() as u64,
        limits,
        started,
        progress,
        |options: &Vec<u32>| group.canonical(options),
        |options| {
            let chosen: Vec<usize> = options.iter().map(|&o| o as usize).collect();
            let solution = Solution::from_placements(&puzzle.board, &instance.placements, &chosen);
            check(puzzle, &solution).map_err(|e| {
                Error::Bug(format!(
                    "the {} engine produced a solution that fails the check: {e}",
                    engine.name()
                ))
            })?;
            Ok(solution)
        },
    );
    stop.store(true, Ordering::Relaxed);
    result
}

fn spawn(work: impl FnOnce() + Send + 'static) -> Result<()> {
    std::thread::Builder::new()
        .name("enumerate".into())
        .spawn(work)
        .map(|_| ())
        .map_err(|e| Error::Solver(format!("cannot start the search thread: {e}")))
}

/// How finely the SAT engine's search is cut into cubes: up to this many,
/// and at most [`cube_depth`] options deep. Every call then proves a small
/// space empty; a coarser cut leaves CDCL exhaustive searches it is slow
/// at (the 8x8 board with a hole: 11 s with 6,000 cubes, 43 s with 256).
const SAT_CUBES: usize = 100_000;

/// Half the pieces of a solution: the SAT solver places the other half
/// itself, so the cross-check between the engines stays a real one.
fn cube_depth(puzzle: &Puzzle) -> usize {
    let placed: u32 = match &puzzle.tiling {
        Some(tiling) => tiling.tiles.iter().map(|t| t.count).sum(),
        None => puzzle.pieces.iter().map(|p| p.count.max).sum(),
    };
    (placed as usize / 2).max(1)
}

/// What every SAT enumeration thread needs.
struct SatJob {
    formula: varisat::CnfFormula,
    /// Placement variables are the first `options`.
    options: usize,
    orbit_options: Vec<Vec<u32>>,
    exact: bool,
}

impl SatJob {
    /// Incremental varisat: for each cube, solve under its assumptions,
    /// report, block the solution's orbit (for good: blocking clauses hold
    /// in every cube), repeat until the cube is exhausted. Panics inside
    /// varisat are caught by the caller's join.
    fn run(
        &self,
        cubes: &[&[u32]],
        stop: &AtomicBool,
        send: &mpsc::SyncSender<Message<Vec<u32>>>,
    ) -> std::result::Result<(), String> {
        let (options, exact) = (self.options, self.exact);
        let mut solver = varisat::Solver::new();
        solver.add_formula(&self.formula);
        let lit = |o: u32, positive: bool| {
            varisat::Lit::from_dimacs(if positive {
                o as isize + 1
            } else {
                -(o as isize + 1)
            })
        };
        for cube in cubes {
            let assumptions: Vec<varisat::Lit> = cube.iter().map(|&o| lit(o, true)).collect();
            loop {
                if stop.load(Ordering::Relaxed) {
                    return Ok(());
                }
                solver.assume(&assumptions);
                match solver.solve() {
                    Ok(true) => {}
                    Ok(false) => break,
                    Err(e) => return Err(format!("varisat failed: {e}")),
                }
                let model = solver.model().unwrap_or_default();
                let chosen: Vec<u32> = model
                    .iter()
                    .filter(|l| l.is_positive() && l.var().index() < options)
                    .map(|l| l.var().index() as u32)
                    .collect();
                if send.send(Message::Solution(chosen.clone())).is_err() {
                    return Ok(());
                }
                for perm in &self.orbit_options {
                    let mut image: Vec<u32> = chosen.iter().map(|&o| perm[o as usize]).collect();
                    image.sort_unstable();
                    let mut clause: Vec<varisat::Lit> =
                        image.iter().map(|&o| lit(o, false)).collect();
                    if !exact {
                        // With holes a solution can be a subset of another, so
                        // block this exact selection: some other option on, too.
                        clause.extend(
                            (0..options as u32)
                                .filter(|o| image.binary_search(o).is_err())
                                .map(|o| lit(o, true)),
                        );
                    }
                    solver.add_clause(&clause);
                }
            }
        }
        Ok(())
    }
}
