//! `jigsat design`: the solutions of a pool of pieces tallied per choice
//! of pieces, from one enumeration over all the choices at once.
//!
//! A puzzle whose counts are ranges (`count = "0..1"`) is enumerated as
//! `count` enumerates it, by the same engines on every core; each class
//! the enumeration finds is handed, checked, to a [`Listing`] that reads
//! its choice (how many copies of each piece it uses, [`pool::Choice`])
//! and adds its weight to that choice's tally. A board symmetry maps a
//! solution to one with the same pieces, so a class never spans two
//! choices: the distinct classes partition by choice, and the per-choice
//! tallies add up to the enumeration's own count and distinct, which is
//! checked. Only the tallies are kept — a handful of numbers per choice,
//! whatever the number of solutions — unless the classes are asked for
//! (to take them apart).
//!
//! [`pool`] says beforehand which choices there are, from the cells alone.

pub mod pool;

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use crate::enumerate::{Enumeration, Listing, Want};
use crate::error::{Error, Result};
use crate::options::Options;
use crate::puzzle::Puzzle;
use crate::report::Stats;
use crate::solution::Solution;
use pool::{Choice, Pool};

/// The figures of one choice of pieces.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Solutions on a fixed board.
    pub count: u64,
    /// Classes up to the board's symmetry.
    pub distinct: u64,
}

/// What one enumeration of a pool found, choice by choice.
#[derive(Debug, Default)]
pub struct Tallied {
    /// The enumeration's own figures and ending (no classes in it).
    pub found: Enumeration,
    /// The tally of every choice with a solution.
    pub choices: BTreeMap<Choice, Tally>,
    /// One checked solution per class with its choice, when asked for.
    pub kept: Vec<(Choice, Solution)>,
}

/// What the receiving loop builds up as classes come.
#[derive(Default)]
struct Running {
    choices: BTreeMap<Choice, Tally>,
    kept: Vec<(Choice, Solution)>,
    /// A class whose choice is not the pool's: a bug, reported at the end.
    stray: Option<String>,
}

/// The choice a solution makes: copies of each piece entry.
pub fn choice_of(solution: &Solution, pieces: usize) -> Choice {
    let mut choice = vec![0; pieces];
    if let Solution::Pieces(placed) = solution {
        for p in placed {
            choice[p.piece] += 1;
        }
    }
    choice
}

/// Enumerates `puzzle` with `options` and tallies every class by its
/// choice of pieces (keeping the classes too when `keep`); `progress`
/// hears the classes found so far.
pub fn tally(
    puzzle: &Puzzle,
    pool: &Pool,
    options: &Options,
    keep: bool,
    progress: &mut dyn FnMut(u64),
) -> Result<(Tallied, Stats)> {
    let running = Arc::new(Mutex::new(Running::default()));
    let taking = Arc::clone(&running);
    let pool_of = pool.clone();
    let take = move |solution: Solution, weight: u64| {
        let choice = choice_of(&solution, pool_of.names.len());
        let mut r = taking
            .lock()
            .map_err(|_| Error::Bug("a tally was poisoned".into()))?;
        if !pool_of.allows(&choice) && r.stray.is_none() {
            r.stray = Some(format!(
                "a solution uses {choice:?}, not a choice of the pool"
            ));
        }
        let tally = r.choices.entry(choice.clone()).or_default();
        tally.count = tally.count.checked_add(weight).ok_or_else(past)?;
        tally.distinct += 1;
        if keep {
            r.kept.push((choice, solution));
        }
        Ok(true)
    };
    let mut options = options.clone();
    options.want = Want::Classes;
    options.listing = Some(Listing(Arc::new(take)));
    let (found, stats) = crate::pipeline::enumerate(puzzle, &options, progress)?;
    // Taken out rather than unwrapped: an engine thread may still hold
    // the listing while it winds down.
    let running = std::mem::take(
        &mut *running
            .lock()
            .map_err(|_| Error::Bug("a tally was poisoned".into()))?,
    );
    if let Some(stray) = running.stray {
        return Err(Error::Bug(stray));
    }
    let tallied = Tallied {
        found,
        choices: running.choices,
        kept: running.kept,
    };
    tallied.add_up()?;
    Ok((tallied, stats))
}

fn past() -> Error {
    Error::Usage(crate::tally::PAST_U64.into())
}

impl Tallied {
    /// The per-choice tallies must add up to the enumeration's own
    /// count and distinct, exactly.
    fn add_up(&self) -> Result<()> {
        let count = self
            .choices
            .values()
            .try_fold(0u64, |s, t| s.checked_add(t.count));
        let distinct: u64 = self.choices.values().map(|t| t.distinct).sum();
        if count != Some(self.found.count) || distinct != self.found.distinct {
            return Err(Error::Bug(format!(
                "the choices' tallies add up to {count:?} solutions and {distinct} classes, the enumeration found {} and {}",
                self.found.count, self.found.distinct
            )));
        }
        Ok(())
    }
}
