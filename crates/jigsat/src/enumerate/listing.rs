//! What an enumeration is asked for and what it found: how far it may
//! go ([`Limits`], [`Want`]), where each class goes as it is found (a
//! run's [`Listing`], or [`Enumeration::classes`]), and the figures.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::error::{Error, Result};
use crate::exact::Meter;
use crate::report::Stop;
use crate::solution::Solution;
use crate::tally::Tallies;

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
    /// The counts split by the pieces each solution uses, tallied on the
    /// search threads ([`ByPieces`]); `None`: the whole counts alone.
    pub by_pieces: Option<ByPieces>,
}

/// The counts of an enumeration split by the pieces each solution uses
/// (`jigsat design`'s choices), tallied where `count` tallies, on the
/// search threads: a solution's key is its copies of each piece read as
/// the digits of a number in mixed radix, and each thread keeps a table
/// of tallies per key, handed over as the whole tallies are. A symmetry
/// keeps a solution's pieces, so every class lies under one key and
/// each key's tallies divide out exactly (over a split's parts too).
/// Engines that do not count on their threads (SAT, edge-matching) leave
/// the table empty and hand their classes, decoded and checked, to the
/// run's [`Listing`] instead.
#[derive(Clone, Debug)]
pub struct ByPieces {
    /// Per piece entry, what one copy adds to a solution's key.
    pub weights: Arc<[u128]>,
    /// Per piece entry, one more than the copies a solution can have.
    bases: Arc<[u128]>,
    /// The threads' tallies, by key.
    pub tallies: Arc<Mutex<BTreeMap<u128, Tallies>>>,
}

impl ByPieces {
    /// Keys for pieces of which a solution has fewer than `bases` copies
    /// each, nothing tallied yet; `None` when the largest key would not
    /// fit 128 bits.
    pub fn new(bases: &[u128]) -> Option<ByPieces> {
        let mut weights = Vec::with_capacity(bases.len());
        let mut weight = 1u128;
        for &base in bases {
            weights.push(weight);
            weight = weight.checked_mul(base.max(1))?;
        }
        Some(ByPieces {
            weights: weights.into(),
            bases: bases.into(),
            tallies: Arc::default(),
        })
    }

    /// The copies of each piece a key stands for.
    pub fn digits(&self, key: u128) -> Vec<u32> {
        (self.weights.iter().zip(self.bases.iter()))
            .map(|(&w, &b)| ((key / w) % b.max(1)) as u32)
            .collect()
    }

    /// The tallies handed over so far, by the copies of each piece,
    /// taken out (the table is left empty for the next search).
    pub fn take(&self) -> BTreeMap<Vec<u32>, Tallies> {
        let taken = match self.tallies.lock() {
            Ok(mut t) => std::mem::take(&mut *t),
            Err(_) => BTreeMap::new(),
        };
        taken
            .into_iter()
            .map(|(key, t)| (self.digits(key), t))
            .collect()
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
    pub stopped: Option<Stop>,
    /// Why there is no solution, when a pre-check proved it without search.
    pub refuted: Option<String>,
    /// Milliseconds from the start of the enumeration to its end, for
    /// the statistics line.
    pub solve_ms: f64,
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
            self.stopped = Some(Stop::Interrupted);
            return Ok(true);
        }
        if let Some(n) = limits.classes.filter(|&n| self.distinct >= n as u64) {
            self.stopped = Some(Stop::Limit(n));
            return Ok(true);
        }
        Ok(false)
    }
}
