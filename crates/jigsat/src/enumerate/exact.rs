//! The exact engines' enumeration ([`enumerate_exact`]): each search
//! thread checks, weighs and tallies its own solutions ([`Counter`]), and
//! sends on only what the run wants listed.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};

use super::cover::{CoverClasses, CoverRun};
use super::keyed::{Keys, Table};
use super::listing::{Enumeration, Limits, Want};
use super::receive::{Message, Tallied, drive};
use crate::error::{Error, Result};
use crate::exact::{self, Built, Search};
use crate::solution::{Placements, Scratch, checked};
use crate::solve::worker;
use crate::symmetry::Orbits;
use crate::tally::Tallies;

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
/// and with every placement checked against the puzzle when first met.
fn new_counter(run: &CoverRun, roots: &[Vec<u32>], who: &str) -> Result<Counter> {
    let mut forbidden = vec![false; run.cover.options.len()];
    run.forbidden()
        .iter()
        .for_each(|&o| forbidden[o as usize] = true);
    let placements = Placements::new(run.puzzle, run.cover.options.len(), run.solution)
        .map_err(|e| crate::solution::failed(who, &e))?;
    let keys = (placements.as_ref().zip(run.limits.by_pieces.as_ref()))
        .map(|(p, by)| Keys::new(by, p, run.cover.options.len()));
    Ok(Counter {
        keys,
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
    mut search: Built,
    roots: Vec<Vec<u32>>,
    progress: &mut dyn FnMut(u64),
) -> Result<Exact> {
    if run.limits.want == Want::Any && run.limits.classes == Some(1) {
        // One solution wanted: it may be looked for by restarts.
        search.allow_restarts();
    }
    let who = format!("the {name} engine");
    let counter = Arc::new(new_counter(run, &roots, &who)?);
    let threads = Arc::clone(&counter);
    let start = |stop: &Arc<AtomicBool>, send| {
        start_search(name, search, roots, run.limits, Some(threads), stop, send)
    };
    let classes = CoverClasses { run, who };
    let tallied: &dyn Tallied = &*counter;
    let enumeration = drive(
        name,
        start,
        &classes,
        run.limits,
        run.run_started,
        Some(tallied),
        progress,
    )?;
    let tallies = counter
        .tallies
        .lock()
        .map(|t| t.clone())
        .unwrap_or_default();
    if counter.placements.is_some() {
        // `-v`: how the figures were made.
        log::info!(
            "{name}: counted on the search threads, in constant memory: {} solutions met, each checked (bit sets over the cells, a count per piece; every placement checked once against the puzzle, when first met) and weighed under the group of {} (class size |G|/stabiliser, members met: the images avoiding the options symmetry breaking forbids); tallies {}",
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

/// How the threads of an exact search count: what they weigh and check
/// each solution with, and where their tallies end up.
pub struct Counter {
    orbits: Orbits,
    /// The cheap check; `None` (edge-matching) sends every solution to
    /// [`collect`] to be checked and de-duplicated there.
    placements: Option<Placements>,
    /// The counts split by pieces, when the run asks for them
    /// ([`super::ByPieces`]); only with `placements`.
    keys: Option<Keys>,
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
            keyed: Table::default(),
            since: 0,
        };
        let send = send.clone();
        move |options: &[u32]| !stop.load(Ordering::Relaxed) && local.visit(options, &send)
    }
}

impl Tallied for Counter {
    /// The figures so far (on a fixed board, distinct), whole classes
    /// only: what the threads have handed over.
    fn so_far(&self) -> (u64, u64) {
        self.tallies
            .lock()
            .ok()
            .and_then(|t| t.so_far().ok())
            .unwrap_or_default()
    }

    /// The first check that failed on a search thread.
    fn failure(&self) -> Option<Error> {
        let why = self.failure.lock().ok()?.clone()?;
        Some(crate::solution::failed(&self.who, &why))
    }

    /// Puts the tallies' figures into `result`: the exact counts of a
    /// complete search (checked against the classes listed, when they
    /// were), the whole classes met so far of a count stopped early.
    fn settle(&self, result: &mut Enumeration) -> Result<()> {
        if self.placements.is_none() {
            // Counted in the receiving loop, class by class.
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
    /// The same per key, when the counts are split by pieces.
    keyed: Table,
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
        if let Some(keys) = &counter.keys {
            self.keyed.add(keys.key(options), kind);
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
        if let Some(keys) = &self.counter.keys {
            self.keyed.hand_over(keys);
        }
        self.since = 0;
    }
}

impl Drop for Local {
    fn drop(&mut self) {
        self.hand_over();
    }
}

/// Starts an exact search below `roots` on the threads `limits` gives it,
/// each weighing, checking and tallying its own solutions ([`Counter`])
/// and sending on what the run wants listed; without a counter (the
/// corner search of the order model), sending every solution as it is.
/// The start [`drive`] takes, once `stop` and `send` are given.
pub fn start_search<S: Search + 'static>(
    name: &'static str,
    mut search: S,
    roots: Vec<Vec<u32>>,
    limits: &Limits,
    counter: Option<Arc<Counter>>,
    stop: &Arc<AtomicBool>,
    send: mpsc::SyncSender<Message<Vec<u32>>>,
) -> Result<()> {
    search.set_interrupt(Arc::clone(stop));
    if let Some(m) = &limits.meter {
        search.set_meter(Arc::clone(m));
    }
    let threads = limits.threads();
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
