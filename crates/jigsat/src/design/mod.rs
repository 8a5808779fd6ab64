//! `jigsat design`: the solutions of a pool of pieces tallied per choice
//! of pieces, from one enumeration over all the choices at once.
//!
//! A puzzle whose counts are ranges (`count = "0..1"`) is enumerated as
//! `count` enumerates it, by the same engines on every core and with the
//! same checks, its tallies split by choice (how many copies of each
//! piece entry, [`pool::Choice`]): the exact engines tally on their
//! search threads under each solution's choice ([`ByPieces`]); the
//! engines that send their classes to the receiving loop (SAT) have each
//! decoded and checked there and handed to a [`Listing`] that reads its
//! choice. A board symmetry maps a solution to one with the same pieces,
//! so a class never spans two choices: each choice's tallies divide into
//! whole classes, and the choices add up to the enumeration's own count
//! and distinct, which is checked. Only the tallies are kept — a handful
//! of numbers per choice, whatever the number of solutions — unless the
//! classes are asked for (to take them apart), which then all come to
//! the listing, as `count --disassemble` keeps them.
//!
//! [`pool`] says beforehand which choices there are, from the cells
//! alone; [`same`] makes pieces of one shape under different names one
//! entry.

pub mod pool;
pub mod same;

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use crate::enumerate::{ByPieces, Enumeration, Listing, Want};
use crate::error::{Error, Result};
use crate::options::Options;
use crate::puzzle::Puzzle;
use crate::report::Stats;
use crate::solution::Solution;
use crate::tally::Tallies;
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

/// Enumerates `puzzle` with `options` and tallies every solution by its
/// choice of pieces (keeping one solution per class too when `keep`, to
/// take them apart); `progress` hears the classes found so far.
///
/// Without `keep` this is `count` with its tallies split by choice
/// ([`ByPieces`]): the exact engines check and weigh each solution on
/// their threads, as `count` does, and add it to their own table under
/// its choice; the engines that send their classes to the receiving
/// loop (SAT) have each decoded and checked there, as `count` has, and
/// handed to the listing here. With `keep` (or a pool whose choices do
/// not fit a 128-bit key), every class comes to the listing, decoded and
/// checked, as `count --disassemble` has them.
pub fn tally(
    puzzle: &Puzzle,
    pool: &Pool,
    options: &Options,
    keep: bool,
    progress: &mut dyn FnMut(u64),
) -> Result<(Tallied, Stats)> {
    let running = Arc::new(Mutex::new(Running::default()));
    let mut options = options.clone();
    options.listing = Some(listing(&running, pool, keep));
    options.by_pieces = ByPieces::new(&pool.bases()).filter(|_| !keep);
    options.want = match options.by_pieces {
        Some(_) => Want::Counts,
        None => Want::Classes,
    };
    let (found, stats) = crate::pipeline::enumerate(puzzle, &options, progress)?;
    // Taken out rather than unwrapped: an engine thread may still hold
    // the listing while it winds down.
    let mut running = std::mem::take(&mut *running.lock().map_err(|_| poisoned())?);
    if let Some(by) = &options.by_pieces {
        running.add_keyed(by.take(), pool, found.complete)?;
    }
    if let Some(stray) = running.stray {
        return Err(Error::Bug(stray));
    }
    let mut tallied = Tallied {
        found,
        choices: running.choices,
        kept: running.kept,
    };
    tallied.add_up()?;
    Ok((tallied, stats))
}

/// The listing that tallies each class handed to it, decoded and
/// checked, under its choice (keeping it when `keep`).
fn listing(running: &Arc<Mutex<Running>>, pool: &Pool, keep: bool) -> Listing {
    let taking = Arc::clone(running);
    let pool = pool.clone();
    let take = move |solution: Solution, weight: u64| {
        let choice = pool.canonical(&choice_of(&solution, pool.names.len()));
        let mut r = taking.lock().map_err(|_| poisoned())?;
        r.check(&pool, &choice);
        let tally = r.choices.entry(choice.clone()).or_default();
        tally.count = tally.count.checked_add(weight).ok_or_else(past)?;
        tally.distinct += 1;
        if keep {
            r.kept.push((choice, solution));
        }
        Ok(true)
    };
    Listing(Arc::new(take))
}

impl Running {
    /// Notes a choice that is not the pool's (a bug, reported at the end).
    fn check(&mut self, pool: &Pool, choice: &[u32]) {
        if !pool.allows(choice) && self.stray.is_none() {
            self.stray = Some(format!(
                "a solution uses {choice:?}, not a choice of the pool"
            ));
        }
    }

    /// Adds the search threads' tallies, by key, to the choices': each
    /// key's tallies divide into whole classes when the search is
    /// `complete` (a bug otherwise); a search stopped early counts the
    /// whole classes met so far.
    pub fn add_keyed(
        &mut self,
        keyed: BTreeMap<Choice, Tallies>,
        pool: &Pool,
        complete: bool,
    ) -> Result<()> {
        for (choice, tallies) in by_canonical(keyed, pool) {
            self.check(pool, &choice);
            let figures = match complete {
                true => tallies.totals(),
                false => tallies.so_far(),
            };
            let (count, distinct) = figures.map_err(|why| match why {
                past if crate::tally::is_past_u64(&past) => Error::Usage(past),
                why => Error::Bug(format!("the tallies of the choice {choice:?}: {why}")),
            })?;
            let tally = self.choices.entry(choice).or_default();
            tally.count = tally.count.checked_add(count).ok_or_else(past)?;
            tally.distinct = tally.distinct.checked_add(distinct).ok_or_else(past)?;
        }
        Ok(())
    }
}

/// The tallies of each choice added up under the choice that stands for
/// it up to symmetry ([`Pool::canonical`]): a class's members may lie
/// under two choices turned into each other, never beyond.
pub fn by_canonical(keyed: BTreeMap<Choice, Tallies>, pool: &Pool) -> BTreeMap<Choice, Tallies> {
    let mut sum: BTreeMap<Choice, Tallies> = BTreeMap::new();
    for (choice, tallies) in keyed {
        let into = sum.entry(pool.canonical(&choice)).or_default();
        for t in tallies.list() {
            into.add(t.weight, t.found_per_class, t.found);
        }
    }
    sum
}

fn poisoned() -> Error {
    Error::Bug("a tally was poisoned".into())
}

fn past() -> Error {
    Error::Usage(crate::tally::PAST_U64.into())
}

impl Tallied {
    /// The per-choice tallies must add up to the enumeration's own
    /// count and distinct, exactly. A search stopped early has met some
    /// members of a class and not others, and each choice counts the
    /// whole classes it met: the figures are then the choices' sums.
    fn add_up(&mut self) -> Result<()> {
        let count = self
            .choices
            .values()
            .try_fold(0u64, |s, t| s.checked_add(t.count));
        let distinct: u64 = self.choices.values().map(|t| t.distinct).sum();
        if !self.found.complete {
            self.found.count = count.ok_or_else(past)?;
            self.found.distinct = distinct;
            return Ok(());
        }
        if count != Some(self.found.count) || distinct != self.found.distinct {
            return Err(Error::Bug(format!(
                "the choices' tallies add up to {count:?} solutions and {distinct} classes, the enumeration found {} and {}",
                self.found.count, self.found.distinct
            )));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::enumerate::Listing;

    const SQUARES: &str = "[board]\nsize = [4, 3]\n\n[[piece]]\nname = \"d\"\ncount = \"0..3\"\nshape = \"##\"\n\n[[piece]]\nname = \"I\"\ncount = \"0..2\"\nshape = \"###\"\n\n[[piece]]\nname = \"L\"\ncount = \"1..3\"\nshape = \"\"\"\n##\n#.\n\"\"\"\n";

    /// The exact engines tally each choice on their search threads: no
    /// class comes to the listing, and the threads' table holds every
    /// choice, each dividing into whole classes, adding up to the count.
    #[test]
    fn the_search_threads_tally_each_choice_and_send_no_class() {
        let puzzle = Puzzle::parse(SQUARES, "squares.toml", "squares").unwrap();
        let pool = Pool::of(&puzzle).unwrap();
        let listed = Arc::new(Mutex::new(0u64));
        let seen = Arc::clone(&listed);
        let by = ByPieces::new(&pool.bases()).unwrap();
        let options = Options {
            solver: "first-cell".parse().unwrap(),
            want: Want::Counts,
            by_pieces: Some(by.clone()),
            listing: Some(Listing(Arc::new(move |_, _| {
                *seen.lock().unwrap() += 1;
                Ok(true)
            }))),
            ..Options::default()
        };
        let (found, _) = crate::pipeline::enumerate(&puzzle, &options, &mut |_| {}).unwrap();
        assert_eq!(*listed.lock().unwrap(), 0, "no class decoded");
        assert!(found.complete && found.count > found.distinct);
        let choices: BTreeMap<Choice, (u64, u64)> = (by.take().into_iter())
            .map(|(c, t)| (c, t.totals().unwrap()))
            .collect();
        // Against the classes decoded one by one (kept, as for taking
        // them apart), each tallied under its choice by the listing.
        let (listed, _) = tally(&puzzle, &pool, &Options::default(), true, &mut |_| {}).unwrap();
        assert_eq!(listed.kept.len(), 28);
        let expected: BTreeMap<Choice, (u64, u64)> = (listed.choices.into_iter())
            .map(|(c, t)| (c, (t.count, t.distinct)))
            .collect();
        assert_eq!(choices, expected);
        assert_eq!(choices.len(), 3);
    }
}
