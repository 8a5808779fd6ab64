//! Every solution, one per symmetry class, with exact counts.
//!
//! Engines run on [`worker`] threads; [`collect`], the one receiving loop,
//! gathers what they find, for every engine, model and split part.
//!
//! # Counting in constant memory
//!
//! The exact engines meet each solution the search allows (symmetry
//! breaking forbids some options) exactly once. Each search thread weighs
//! the solutions it meets itself ([`Orbits`]): the class of a solution S
//! stands for |G| / |stabiliser| solutions on a fixed board, and the
//! search meets `m` of its members, the images of S avoiding every
//! forbidden option. So each meeting adds `1/m` of a class, wherever and
//! on whichever thread it happens, and a thread keeps a tally per pair
//! (class size, members met) — a handful of numbers, however many
//! solutions ([`Tallies`]). The threads' tallies are summed at the end and
//! divided out exactly: the distinct count without remembering any class.
//! The split parts ([`crate::jobs`]) tally the same way, through the same
//! loop, so parts merge exactly.
//!
//! Every solution is still checked against the puzzle on its thread, at a
//! few word operations per piece ([`Placements`]); edge-matching
//! solutions, whose rules are between neighbours, go to [`collect`] and
//! are decoded and checked in full, de-duplicated by canonical form.
//!
//! Listing classes (`solve --all`, `--limit`) needs one member of each: a
//! thread sends a solution on only when it is the least of the images the
//! search meets ([`Orbits::is_least`]), exactly one per class, which
//! [`collect`] decodes and checks in full, then hands to the run's
//! [`Listing`] (`solve --all` writes it out at once) or, without one,
//! keeps in [`Enumeration::classes`]. The incremental SAT engine
//! finds one solution per class within a thread, but threads on other
//! cubes may meet the same class again, so its solutions are reduced to
//! their canonical form and de-duplicated there, as the order model's
//! boxes are.
//!
//! Two kinds of engine read a cover ([`Engine`]):
//!
//! - **exact** ([`crate::exact`]: dlx, first-cell, row-scan), on every
//!   core; the default wherever one applies, because backtracking
//!   enumerates far faster than a SAT solver restarted per solution;
//! - **SAT**: incremental varisat or CaDiCaL ([`sat`], shared with the
//!   order model); after each solution the clauses that block *its whole
//!   orbit* are added, so the solver is called once per class, plus one
//!   UNSAT call per cube: the search is cut into cubes (the first options
//!   of Algorithm X's tree, as assumptions) that the cores share, one
//!   solver each.
//!
//! Which engine runs is the plan's choice ([`crate::portfolio`]), never
//! this module's.
//!
//! # Complete only when exhausted
//!
//! An enumeration is complete only when its engine's worker says
//! [`Message::Done`], which it says only after exhausting its search: an
//! exact search or a SAT thread stopped (its flag, the receiving end
//! gone) sends nothing, and each engine's threads stop on a flag of their
//! own, raised when [`collect`] returns, never on the caller's (the
//! process's interrupt), which stays a signal's alone. [`collect`] looks
//! at the caller's flag before every message, so that a listing whose
//! classes never stop coming still stops on Ctrl-C. What a run may say
//! from `complete` and `stopped` is decided in one place,
//! [`crate::report::Ending`].

use std::collections::HashSet;
use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};

use crate::cover::Cover;
use crate::encode::{Cnf, Encoded, Lit};
use crate::error::{Error, Result};
use crate::exact::{self, Built, ExactCover, ExactEngine, Meter, Search};
use crate::puzzle::Puzzle;
pub use crate::report::Stopped;
use crate::solution::{Placements, Scratch, Solution, checked};
use crate::solve::incremental::Formula;
use crate::solve::{Incremental, worker};
use crate::symmetry::{Breaking, Group, Orbits};
use crate::tally::Tallies;

/// The engines that enumerate a cover: an exact search, or incremental
/// SAT on the placement CNF.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Engine {
    Exact(ExactEngine),
    /// Incremental SAT with this solver.
    Sat(Incremental),
}

impl Engine {
    pub fn name(self) -> &'static str {
        match self {
            Engine::Exact(engine) => engine.name(),
            Engine::Sat(solver) => solver.name(),
        }
    }
}

/// Where an enumeration stops before the search space is exhausted, and
/// how many threads it may use.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Threads to search on (`-j`); `None`: one per core.
    pub jobs: Option<usize>,
    /// Stop after this many classes.
    pub classes: Option<usize>,
    /// Stop this long after the run started (the whole run: encoding
    /// counts too).
    pub time: Option<Duration>,
    /// A flag set from outside to end the search early (the loser of a
    /// race); the engine's own threads are stopped through it too.
    pub stop: Option<Arc<AtomicBool>>,
    /// Where the exact engines report how far they have got, for a
    /// person watching a long run.
    pub meter: Option<Arc<Meter>>,
    /// Time kept back from the time limit for every class found: what
    /// drawing it will take, so that a run that prints its classes still
    /// ends within the limit.
    pub render_per_class: Duration,
    /// What the run is for: the classes, the counts alone, or a first
    /// solution.
    pub want: Want,
    /// Where each class goes as it is found, instead of
    /// [`Enumeration::classes`]: a listing of millions of classes is
    /// written out (`solve --all`) or handed to the library's iterator,
    /// never held.
    pub listing: Option<Listing>,
}

/// Takes each class of an enumeration as it is found (checked), with the
/// solutions on a fixed board it stands for: `solve --all` writes it out,
/// the library's iterator hands it to its caller, so that memory does not
/// grow with the classes listed. `Ok(false)` ends the enumeration (the
/// taker has gone), which then counts as stopped from outside; an error
/// (the disk full) ends it with that error.
#[derive(Clone)]
pub struct Listing(pub Arc<ListClass>);

/// What a [`Listing`] does with one class and its weight.
pub type ListClass = dyn Fn(Solution, u64) -> Result<bool> + Send + Sync;

impl fmt::Debug for Listing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Listing")
    }
}

/// What an enumeration is for, which decides what the search threads
/// send back.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Want {
    /// One checked solution per class, and the counts (`solve --all`,
    /// `--limit`).
    #[default]
    Classes,
    /// The counts alone (`count`): the search threads tally, and no
    /// solution is kept or sent.
    Counts,
    /// Whatever solution comes first, class or not (`solve`, `solve JOB`).
    Any,
}

impl Limits {
    /// The threads to search on: `jobs`, or one per core.
    pub fn threads(&self) -> usize {
        self.jobs
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
            .max(1)
    }
}

/// What an enumeration found.
#[derive(Clone, Debug, Default)]
pub struct Enumeration {
    /// One checked solution per class, in the order found; empty when
    /// the classes went to a [`Listing`].
    pub classes: Vec<Solution>,
    /// Solutions on a fixed board, summed over the classes found.
    pub count: u64,
    /// Classes found.
    pub distinct: u64,
    /// Whether the search space was exhausted (so the counts are exact).
    pub complete: bool,
    /// Why it stopped early, if it did.
    pub stopped: Option<Stopped>,
    /// Why there is no solution, when a pre-check proved it without search.
    pub refuted: Option<String>,
    /// Milliseconds from the start of the enumeration to its end, for
    /// the statistics line.
    pub solve_ms: f64,
}

impl Enumeration {
    /// The enumeration of a puzzle proved impossible before any search.
    pub fn refuted(reason: String) -> Enumeration {
        Enumeration {
            complete: true,
            refuted: Some(reason),
            ..Enumeration::default()
        }
    }

    /// Records the checked representative of a new class standing for
    /// `weight` solutions on a fixed board: kept, or handed to the
    /// limits' [`Listing`]; `true` when that reaches the limit on classes
    /// or the listing wants no more.
    pub fn record(
        &mut self,
        solution: Solution,
        weight: u64,
        limits: &Limits,
        progress: &mut dyn FnMut(u64),
    ) -> Result<bool> {
        let taken = match &limits.listing {
            Some(listing) => (listing.0)(solution, weight)?,
            None => {
                self.classes.push(solution);
                true
            }
        };
        let past = || Error::Usage(crate::tally::PAST_U64.into());
        self.distinct = self.distinct.checked_add(1).ok_or_else(past)?;
        self.count = self.count.checked_add(weight).ok_or_else(past)?;
        progress(self.distinct);
        if !taken {
            self.stopped = Some(Stopped::Interrupted);
            return Ok(true);
        }
        if let Some(n) = limits.classes.filter(|&n| self.distinct >= n as u64) {
            self.stopped = Some(Stopped::Limit(n));
            return Ok(true);
        }
        Ok(false)
    }
}

/// What an engine's worker thread sends: raw solutions (option indices
/// for a cover, boxes for the order model), then done or failed.
pub enum Message<T> {
    /// A solution to reduce to its class (de-duplicated here).
    Solution(T),
    /// A solution the search thread already knows to stand for its
    /// class, of this weight (solutions on a fixed board): decoded,
    /// checked and recorded as it is.
    Class(T, u64),
    Done,
    Failed(String),
}

/// How a class is read from raw solutions: its canonical form and
/// stabiliser order, and the checked solution of a new class's first
/// member (an error for a failed check).
pub struct Classes<'a, T, K> {
    /// |G|: each class counts `order / stabiliser` solutions.
    pub order: u64,
    pub canonical: &'a dyn Fn(&T) -> (K, usize),
    pub decode: &'a dyn Fn(T) -> Result<Solution>,
}

/// The receiving end of an enumeration, shared by every engine, model
/// and split part: takes raw solutions until the worker is done, the time
/// runs out (the limit counted from `run_started`) or the limit on
/// classes is reached. With a `counter` (the exact engines), the counts
/// are the search threads' tallies ([`Counter`]).
pub fn collect<T, K: std::hash::Hash + Eq>(
    receive: &mpsc::Receiver<Message<T>>,
    engine: &str,
    classes: Classes<T, K>,
    limits: &Limits,
    run_started: Instant,
    counter: Option<&Counter>,
    progress: &mut dyn FnMut(u64),
) -> Result<Enumeration> {
    let result = collect_messages(
        receive,
        engine,
        classes,
        limits,
        run_started,
        counter,
        progress,
    );
    let Some(counter) = counter else {
        return result;
    };
    // A solution that failed its check on a search thread stopped the
    // search; that, not the silence that followed, is the answer.
    if let Some(bug) = counter.failure() {
        return Err(bug);
    }
    let mut result = result?;
    counter.settle(&mut result)?;
    Ok(result)
}

/// One message of the search, taken into `result`: a solution whose
/// class was not `seen` yet, or a class with its weight, is recorded; a
/// failure is the run's error. Whether the enumeration is over (the
/// search is done, or the limit on classes is reached).
fn take_message<T, K: std::hash::Hash + Eq>(
    message: Message<T>,
    classes: &Classes<T, K>,
    seen: &mut HashSet<K>,
    result: &mut Enumeration,
    limits: &Limits,
    progress: &mut dyn FnMut(u64),
) -> Result<bool> {
    match message {
        Message::Solution(raw) => {
            let (class, stabiliser) = (classes.canonical)(&raw);
            if !seen.insert(class) {
                return Ok(false);
            }
            let solution = (classes.decode)(raw)?;
            let weight = classes.order / stabiliser as u64;
            result.record(solution, weight, limits, progress)
        }
        Message::Class(raw, weight) => {
            let solution = (classes.decode)(raw)?;
            result.record(solution, weight, limits, progress)
        }
        Message::Done => {
            result.complete = true;
            Ok(true)
        }
        Message::Failed(e) => Err(Error::Solver(e)),
    }
}

fn collect_messages<T, K: std::hash::Hash + Eq>(
    receive: &mpsc::Receiver<Message<T>>,
    engine: &str,
    classes: Classes<T, K>,
    limits: &Limits,
    run_started: Instant,
    counter: Option<&Counter>,
    progress: &mut dyn FnMut(u64),
) -> Result<Enumeration> {
    let started = Instant::now();
    let mut shown = 0;
    let mut seen: HashSet<K> = HashSet::new();
    let mut result = Enumeration::default();
    let failed = || Message::Failed(format!("{engine} stopped without an answer"));
    // Wake up at least this often to see whether the run was stopped from
    // outside (Ctrl-C, or the loser of a race).
    const LOOK: Duration = Duration::from_millis(100);
    let stopped_from_outside = || {
        limits
            .stop
            .as_ref()
            .is_some_and(|s| s.load(Ordering::Relaxed))
    };
    // The search ends earlier the more classes there are to draw.
    let left = |classes: u64| {
        limits.time.map(|limit| {
            let reserve = limits
                .render_per_class
                .saturating_mul(classes.min(u32::MAX as u64) as u32);
            limit
                .saturating_sub(reserve)
                .saturating_sub(run_started.elapsed())
        })
    };
    // The time limit, then a stop from outside.
    let halt = |distinct: u64| match (limits.time, left(distinct)) {
        (Some(limit), Some(Duration::ZERO)) => Some(Stopped::TimeLimit(limit)),
        _ => stopped_from_outside().then_some(Stopped::Interrupted),
    };
    loop {
        let wait = left(result.distinct).map_or(LOOK, |l| l.min(LOOK));
        // Looked at before every message, not only when none comes: a
        // listing that finds classes faster than they are written never
        // waits, and must still stop on Ctrl-C.
        if let Some(stopped) = halt(result.distinct) {
            result.stopped = Some(stopped);
            break;
        }
        let message = match receive.recv_timeout(wait) {
            Ok(m) => m,
            Err(mpsc::RecvTimeoutError::Timeout) => {
                if let Some(counter) = counter.filter(|_| limits.want == Want::Counts) {
                    let (_, distinct) = counter.so_far();
                    if distinct != shown {
                        shown = distinct;
                        progress(distinct);
                    }
                }
                if let Some(stopped) = halt(result.distinct) {
                    result.stopped = Some(stopped);
                    break;
                }
                continue;
            }
            Err(mpsc::RecvTimeoutError::Disconnected) if stopped_from_outside() => {
                result.stopped = Some(Stopped::Interrupted);
                break;
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => failed(),
        };
        if take_message(message, &classes, &mut seen, &mut result, limits, progress)? {
            break;
        }
    }
    result.solve_ms = crate::report::ms(started.elapsed());
    Ok(result)
}

/// Everything an enumeration over a cover needs besides the engine.
#[derive(Clone, Copy)]
pub struct CoverRun<'a> {
    /// The puzzle every solution is checked against; its board is the
    /// one the cover's cell items number (the first-cell engine scans it).
    pub puzzle: &'a Puzzle,
    pub cover: &'a Cover,
    pub group: &'a Group,
    /// The solution chosen options stand for (the family's reading).
    pub solution: &'a dyn Fn(&[u32]) -> Solution,
    pub breaking: Option<&'a Breaking>,
    /// The CNF, for the SAT engine.
    pub encoded: Option<&'a Encoded>,
    pub limits: &'a Limits,
    pub run_started: Instant,
}

/// Enumerates the classes of an exact-cover instance with `engine`;
/// `progress` is called with the classes found so far. Every solution is
/// checked against the puzzle.
pub fn enumerate_cover(
    run: &CoverRun,
    engine: Engine,
    progress: &mut dyn FnMut(u64),
) -> Result<Enumeration> {
    match engine {
        Engine::Exact(exact) => {
            let search = run.build(exact)?;
            Ok(enumerate_exact(run, exact.name(), search, vec![Vec::new()], progress)?.enumeration)
        }
        Engine::Sat(solver) => enumerate_sat(run, solver, progress),
    }
}

/// What an exact search below some roots found.
pub struct Exact {
    pub enumeration: Enumeration,
    /// The threads' tallies, whole when the search was; what was met so
    /// far when it stopped early.
    pub tallies: Tallies,
    /// Search nodes visited (0 when it stopped early).
    pub nodes: u64,
}

/// The tallies of an exact search of `run` from `roots` (`who` names
/// its engine): the orbits avoid the options symmetry breaking forbids,
/// and with every placement checked against the puzzle beforehand.
fn new_counter(run: &CoverRun, roots: &[Vec<u32>], who: &str) -> Result<Counter> {
    let mut forbidden = vec![false; run.cover.options.len()];
    run.forbidden()
        .iter()
        .for_each(|&o| forbidden[o as usize] = true);
    let placements = Placements::new(run.puzzle, run.cover.options.len(), run.solution)
        .map_err(|e| crate::solution::failed(who, &e))?;
    Ok(Counter {
        orbits: Orbits::new(run.group, &forbidden),
        want: run.limits.want,
        tallies: Mutex::new(Tallies::default()),
        failure: Mutex::new(None),
        nodes: AtomicU64::new(0),
        whole: roots.len() == 1 && roots[0].is_empty(),
        who: who.to_string(),
        placements,
    })
}

/// Enumerates the solutions below `roots` (paths of `search`'s tree, none
/// below another; one empty path for the whole tree) on the run's
/// threads, for what `run.limits.want` says: the counts are always the
/// threads' tallies ([`Counter`]), so a split part and a whole count
/// count alike.
pub fn enumerate_exact(
    run: &CoverRun,
    name: &'static str,
    search: Built,
    roots: Vec<Vec<u32>>,
    progress: &mut dyn FnMut(u64),
) -> Result<Exact> {
    let who = format!("the {name} engine");
    let counter = Arc::new(new_counter(run, &roots, &who)?);
    // The search threads' own flag, raised when the run ends for any
    // reason; a stop from outside (`limits.stop`) reaches them through
    // `collect`, which leaves that flag to its owner.
    let halt = Arc::new(AtomicBool::new(false));
    let (send, receive) = mpsc::sync_channel::<Message<Vec<u32>>>(1024);
    let meter = run.limits.meter.as_ref();
    start_search(
        name,
        search,
        roots,
        run.limits.threads(),
        &halt,
        meter,
        Some(Arc::clone(&counter)),
        send,
    )?;
    let group = run.group;
    let canonical = |options: &Vec<u32>| group.canonical(options);
    let decode = |options: Vec<u32>| checked(run.puzzle, (run.solution)(&options), &who);
    let classes = Classes {
        order: group.order() as u64,
        canonical: &canonical,
        decode: &decode,
    };
    let enumeration = collect(
        &receive,
        name,
        classes,
        run.limits,
        run.run_started,
        Some(&counter),
        progress,
    );
    halt.store(true, Ordering::Relaxed);
    let enumeration = enumeration?;
    let tallies = counter
        .tallies
        .lock()
        .map(|t| t.clone())
        .unwrap_or_default();
    if counter.placements.is_some() {
        // `-v`: how the figures were made.
        log::info!(
            "{name}: counted on the search threads, in constant memory: {} solutions met, each checked (bit sets over the cells, a count per piece; every placement checked once against the puzzle beforehand) and weighed under the group of {} (class size |G|/stabiliser, members met: the images avoiding the options symmetry breaking forbids); tallies {}",
            tallies.solutions(),
            run.group.order(),
            tallies
                .list()
                .iter()
                .map(|t| format!("{}x(size {}, met {})", t.found, t.weight, t.found_per_class))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    Ok(Exact {
        nodes: if enumeration.complete {
            counter.nodes.load(Ordering::Relaxed)
        } else {
            0
        },
        enumeration,
        tallies,
    })
}

/// Enumerates the classes of a cover by incremental SAT.
fn enumerate_sat(
    run: &CoverRun,
    solver: Incremental,
    progress: &mut dyn FnMut(u64),
) -> Result<Enumeration> {
    let group = run.group;
    // The solver threads' own flag, raised when the run ends for any
    // reason, as the exact engines' is: raising the caller's flag (the
    // process's interrupt) would read as Ctrl-C to whatever polls it
    // next, and a stop from outside reaches the threads through here.
    let stop = Arc::new(AtomicBool::new(false));
    let (send, receive) = mpsc::sync_channel::<Message<Vec<u32>>>(1024);
    start_sat(run, solver, &stop, send)?;
    let canonical = |options: &Vec<u32>| group.canonical(options);
    let who = format!("the {} engine", solver.name());
    let decode = |options: Vec<u32>| checked(run.puzzle, (run.solution)(&options), &who);
    let classes = Classes {
        order: group.order() as u64,
        canonical: &canonical,
        decode: &decode,
    };
    let result = collect(
        &receive,
        solver.name(),
        classes,
        run.limits,
        run.run_started,
        None,
        progress,
    );
    stop.store(true, Ordering::Relaxed);
    result
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

impl CoverRun<'_> {
    /// The options symmetry breaking forbids.
    fn forbidden(&self) -> Vec<u32> {
        self.breaking
            .map(|b| b.forbidden.clone())
            .unwrap_or_default()
    }

    /// `engine` built over the run's cover, with symmetry breaking.
    pub fn build(&self, engine: ExactEngine) -> Result<Built> {
        engine
            .build(self.cover, &self.forbidden(), &self.puzzle.board)
            .map_err(Error::Usage)
    }
}

/// How the threads of an exact search count: what they weigh and check
/// each solution with, and where their tallies end up.
pub struct Counter {
    orbits: Orbits,
    /// The cheap check; `None` (edge-matching) sends every solution to
    /// [`collect`] to be checked and de-duplicated there.
    placements: Option<Placements>,
    want: Want,
    tallies: Mutex<Tallies>,
    /// The first check that failed, which stops the search.
    failure: Mutex<Option<String>>,
    nodes: AtomicU64,
    /// Whether the search covers the whole tree (not a part of a split).
    whole: bool,
    /// The engine, for the message of a failed check.
    who: String,
}

/// A thread hands its tallies over after this many solutions, so that
/// the progress and the figures of an interrupted count move on.
const HAND_OVER: u32 = 1 << 16;

impl Counter {
    /// A visitor for one search thread; it hands its tallies over when
    /// dropped (its thread is done) and every [`HAND_OVER`] solutions.
    fn visitor(
        self: &Arc<Counter>,
        send: &mpsc::SyncSender<Message<Vec<u32>>>,
        stop: &AtomicBool,
    ) -> impl FnMut(&[u32]) -> bool {
        let mut local = Local {
            marks: self.orbits.scratch(),
            scratch: self
                .placements
                .as_ref()
                .map(|p| p.scratch())
                .unwrap_or_default(),
            counter: Arc::clone(self),
            kinds: Vec::new(),
            since: 0,
        };
        let send = send.clone();
        move |options: &[u32]| !stop.load(Ordering::Relaxed) && local.visit(options, &send)
    }

    /// The figures so far (on a fixed board, distinct), whole classes
    /// only: what the threads have handed over.
    fn so_far(&self) -> (u64, u64) {
        self.tallies
            .lock()
            .ok()
            .and_then(|t| t.so_far().ok())
            .unwrap_or_default()
    }

    fn failure(&self) -> Option<Error> {
        let why = self.failure.lock().ok()?.clone()?;
        Some(crate::solution::failed(&self.who, &why))
    }

    /// Puts the tallies' figures into `result`: the exact counts of a
    /// complete search (checked against the classes listed, when they
    /// were), the whole classes met so far of a count stopped early.
    fn settle(&self, result: &mut Enumeration) -> Result<()> {
        if self.placements.is_none() {
            // Counted in `collect`, class by class.
            return Ok(());
        }
        let tallies = self
            .tallies
            .lock()
            .map_err(|_| Error::Bug("a search thread panicked while counting".into()))?;
        if !result.complete || !self.whole {
            // A part of a split holds some members of a class and not
            // others: only the merge of every part divides out.
            if self.want == Want::Counts {
                (result.count, result.distinct) = tallies.so_far().map_err(Error::Usage)?;
            }
            return Ok(());
        }
        let (count, distinct) = tallies.totals().map_err(|why| match why {
            past if crate::tally::is_past_u64(&past) => Error::Usage(past),
            why => Error::Bug(format!("{}: {why}", self.who)),
        })?;
        if self.want == Want::Classes && (count, distinct) != (result.count, result.distinct) {
            return Err(Error::Bug(format!(
                "{} listed {} classes ({} solutions) but tallied {distinct} ({count})",
                self.who, result.distinct, result.count
            )));
        }
        (result.count, result.distinct) = (count, distinct);
        Ok(())
    }
}

/// What one solution costs a count besides the search, in seconds: the
/// work a search thread does on each (check, weighing, tally), timed over
/// `samples` (solutions of the run's tree). What `jigsat estimate` adds to
/// the search's nodes: on a puzzle with millions of solutions, most of
/// the time.
pub fn seconds_per_solution(run: &CoverRun, samples: &[Vec<u32>]) -> Result<f64> {
    if samples.is_empty() {
        return Ok(0.0);
    }
    let forbidden = vec![false; run.cover.options.len()];
    let who = "the search";
    let Some(placements) = Placements::new(run.puzzle, run.cover.options.len(), run.solution)
        .map_err(|e| crate::solution::failed(who, &e))?
    else {
        // Edge-matching: decoded and checked in full, one by one.
        let started = Instant::now();
        for s in samples {
            checked(run.puzzle, (run.solution)(s), who)?;
        }
        return Ok(started.elapsed().as_secs_f64() / samples.len() as f64);
    };
    let orbits = Orbits::new(run.group, &forbidden);
    let (mut scratch, mut marks) = (placements.scratch(), orbits.scratch());
    let started = Instant::now();
    let (mut rounds, mut sink) = (0usize, 0u64);
    while started.elapsed() < Duration::from_millis(20) {
        for s in samples {
            placements
                .check(s, &mut scratch)
                .map_err(|e| crate::solution::failed(who, &e))?;
            sink = sink.wrapping_add(orbits.weigh(s, &mut marks).allowed);
        }
        rounds += 1;
    }
    std::hint::black_box(sink);
    Ok(started.elapsed().as_secs_f64() / (rounds * samples.len()) as f64)
}

/// One search thread's side of a [`Counter`].
struct Local {
    counter: Arc<Counter>,
    marks: Vec<u64>,
    scratch: Scratch,
    /// (class size, members met) -> solutions met, for the few kinds.
    kinds: Vec<((u64, u64), u64)>,
    since: u32,
}

impl Local {
    /// Checks, weighs and tallies one solution, and sends it on when the
    /// run wants it; `false` stops the search.
    fn visit(&mut self, options: &[u32], send: &mpsc::SyncSender<Message<Vec<u32>>>) -> bool {
        let counter = &*self.counter;
        let Some(placements) = &counter.placements else {
            return send.send(Message::Solution(options.to_vec())).is_ok();
        };
        if let Err(why) = placements.check(options, &mut self.scratch) {
            if let Ok(mut f) = counter.failure.lock() {
                f.get_or_insert(why);
            }
            return false;
        }
        let weighed = counter.orbits.weigh(options, &mut self.marks);
        let kind = weighed.weight();
        match self.kinds.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, n)) => *n += 1,
            None => self.kinds.push((kind, 1)),
        }
        self.since += 1;
        let want = counter.want;
        if self.since >= HAND_OVER {
            self.hand_over();
        }
        let counter = &*self.counter;
        match want {
            Want::Counts => true,
            Want::Any => send.send(Message::Class(options.to_vec(), kind.0)).is_ok(),
            Want::Classes if counter.orbits.is_least(options) => {
                send.send(Message::Class(options.to_vec(), kind.0)).is_ok()
            }
            Want::Classes => true,
        }
    }

    fn hand_over(&mut self) {
        if let Ok(mut t) = self.counter.tallies.lock() {
            for ((weight, per_class), n) in self.kinds.drain(..) {
                t.add(weight, per_class, n);
            }
        }
        self.since = 0;
    }
}

impl Drop for Local {
    fn drop(&mut self) {
        self.hand_over();
    }
}

/// An exact search below `roots` on `threads` threads, each weighing,
/// checking and tallying its own solutions ([`Counter`]) and sending on
/// what the run wants listed; without a counter (the corner search of
/// the order model), sending every solution as it is.
#[allow(clippy::too_many_arguments)]
pub(crate) fn start_search<S: Search + 'static>(
    name: &'static str,
    mut search: S,
    roots: Vec<Vec<u32>>,
    threads: usize,
    stop: &Arc<AtomicBool>,
    meter: Option<&Arc<Meter>>,
    counter: Option<Arc<Counter>>,
    send: mpsc::SyncSender<Message<Vec<u32>>>,
) -> Result<()> {
    search.set_interrupt(Arc::clone(stop));
    if let Some(m) = meter {
        search.set_meter(Arc::clone(m));
    }
    let stop = Arc::clone(stop);
    let done = send.clone();
    let finished_counter = counter.clone();
    let job = move || {
        let searched = match &counter {
            Some(counter) => {
                let visitor = || counter.visitor(&send, &stop);
                exact::enumerate_parallel_each(&mut search, roots, threads, &visitor)
            }
            None => {
                let send = Mutex::new(send);
                let visit = |options: &[u32]| {
                    !stop.load(Ordering::Relaxed)
                        && send
                            .lock()
                            .is_ok_and(|s| s.send(Message::Solution(options.to_vec())).is_ok())
                };
                exact::enumerate_parallel_below(&mut search, roots, threads, &visit)
            }
        };
        if let Ok(nodes) = searched {
            // `jigsat estimate` forecasts this figure.
            log::info!("{name}: {nodes} search nodes");
            if let Some(counter) = &counter {
                counter.nodes.store(nodes, Ordering::Relaxed);
            }
        }
        searched.is_ok()
    };
    worker::spawn(name, job, move |finished| {
        // A finished search is complete; an interrupted one is not. The
        // tallies were handed over as the threads ended, before this.
        let _ = match finished {
            Ok(true) => done.send(Message::Done),
            Ok(false) => Ok(()),
            Err(panic) => done.send(Message::Failed(format!("{name} panicked: {panic}"))),
        };
        drop(finished_counter);
    })
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
    let Some(mut dlx) = ExactCover::new(cover, forbidden).filter(|d| !d.has_slack()) else {
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
