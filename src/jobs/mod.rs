//! Counting in parts that run apart: on other cores, other machines, a
//! Slurm cluster, or one after another with a checkpoint.
//!
//! `jigsat split` cuts the tree `count` would search into parts of similar
//! estimated size ([`crate::exact::balance`]); each part is a list of
//! forced prefixes (paths of choices from the root). A part runs anywhere
//! `jigsat count JOB` runs, and its result says how many solutions it found
//! and how they count; `jigsat merge` adds the results up.
//!
//! # Why the parts can be counted apart
//!
//! Symmetry breaking forbids some options, the search finds every
//! solution that avoids them, and a class whose several members avoid
//! them is met several times. Parts cannot see each other's classes. But
//! a part can tell, from one solution alone, how many members
//! of its class the whole search meets: the images of the solution under
//! the group that avoid every forbidden option ([`Group::weight_and_found`]).
//! If the search meets a class `k` times, each meeting adds `1/k` to the
//! distinct count, wherever it happens. So each part records, per pair
//! (solutions on a fixed board the class stands for, members met), how
//! many solutions it found ([`Tally`]); [`merge`] sums the pairs over all
//! parts and divides — every sum must divide exactly, which doubles as a
//! check that no part is missing a member of a class another part found.
//! The in-process count tallies the same way, per search thread, through
//! the same code ([`crate::enumerate::enumerate_exact`]).
//!
//! # Fingerprint
//!
//! Paths are option numbers, meaningful only for the very cover, engine
//! and symmetry breaking they were cut from. [`fingerprint`] hashes all of
//! those; every job, result and checkpoint carries it, and nothing is
//! counted or merged across fingerprints. Two cuts of one tree share a
//! fingerprint, so a split is known by its cut as well: every part's
//! digest and the cut's ([`trust`]).
//!
//! [`Group::weight_and_found`]: crate::symmetry::Group::weight_and_found

pub mod files;
pub mod run;
pub mod scripts;
pub mod trust;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::fingerprint::Fnv64;
use crate::puzzle::Puzzle;
use crate::tree::Tree;

/// How solutions of one kind count: every solution found whose class
/// stands for `weight` solutions on a fixed board, and of which the search
/// meets `found_per_class` members.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    pub weight: u64,
    pub found_per_class: u64,
    /// Solutions of this kind found.
    pub found: u64,
}

/// The tallies of a search or part, keyed by (weight, found per class).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tallies(pub BTreeMap<(u64, u64), u64>);

impl Tallies {
    /// Adds solutions one search found. Saturating, never wrapping: a
    /// search that finds one solution at a time would need centuries to
    /// reach 2^64, and [`Tallies::totals`] refuses a saturated figure
    /// all the same.
    pub fn add(&mut self, weight: u64, found_per_class: u64, found: u64) {
        let n = self.0.entry((weight, found_per_class)).or_default();
        *n = n.saturating_add(found);
    }

    /// Adds the figures of a result read from a file: `None` past 2^64.
    pub fn checked_add(&mut self, weight: u64, found_per_class: u64, found: u64) -> Option<()> {
        let n = self.0.entry((weight, found_per_class)).or_default();
        *n = n.checked_add(found)?;
        Some(())
    }

    pub fn list(&self) -> Vec<Tally> {
        self.0
            .iter()
            .map(|(&(weight, found_per_class), &found)| Tally {
                weight,
                found_per_class,
                found,
            })
            .collect()
    }

    /// Solutions found, over every kind.
    pub fn solutions(&self) -> u64 {
        self.0.values().fold(0, |a, &b| a.saturating_add(b))
    }

    /// What a search stopped early has met, in whole classes (the classes
    /// some of whose members it has not met yet are left out):
    /// (on a fixed board, distinct), saturating.
    pub fn so_far(&self) -> (u64, u64) {
        let (mut count, mut distinct) = (0u64, 0u64);
        for (&(weight, per_class), &found) in &self.0 {
            let classes = found / per_class.max(1);
            distinct = distinct.saturating_add(classes);
            count = count.saturating_add(classes.saturating_mul(weight));
        }
        (count, distinct)
    }

    /// The counts these tallies add up to: (on a fixed board, distinct).
    /// `Err` when a kind's solutions do not make whole classes — some
    /// member of a class is missing, which a complete set of parts rules
    /// out.
    pub fn totals(&self) -> Result<(u64, u64), String> {
        let (mut count, mut distinct) = (0u64, 0u64);
        let overflow = || "the total passes 2^64, which jigsat cannot count".to_string();
        for (&(weight, per_class), &found) in &self.0 {
            if found == u64::MAX {
                return Err(overflow());
            }
            if per_class == 0 || found % per_class != 0 {
                return Err(format!(
                    "{found} solutions were found of classes the search meets {per_class} times each"
                ));
            }
            let classes = found / per_class;
            distinct = distinct.checked_add(classes).ok_or_else(overflow)?;
            let solutions = classes.checked_mul(weight).ok_or_else(overflow)?;
            count = count.checked_add(solutions).ok_or_else(overflow)?;
        }
        Ok((count, distinct))
    }
}

/// The fingerprint of a tree: the puzzle, the engine, the options of the
/// cover (their items) and the options symmetry breaking forbids — what
/// a path's option numbers mean.
pub fn fingerprint(puzzle: &Puzzle, tree: &Tree) -> String {
    let mut h = Fnv64::default();
    h.str("jigsat-parts-1");
    puzzle.hash_into(&mut h);
    h.str(tree.engine.name());
    let cover = tree.run.cover;
    h.word(cover.items.len() as u64);
    h.word(cover.options.len() as u64);
    for option in &cover.options {
        h.word(option.len() as u64);
        option.iter().for_each(|&i| h.word(u64::from(i)));
    }
    for (o, &out) in tree.forbidden().iter().enumerate() {
        if out {
            h.word(o as u64);
        }
    }
    format!("{:016x}", h.finish())
}

/// What the results of a split add up to.
#[derive(Clone, Debug, PartialEq)]
pub struct Merged {
    /// Solutions on a fixed board.
    pub count: u64,
    /// Classes up to symmetry.
    pub distinct: u64,
    /// Search nodes over all parts.
    pub nodes: u64,
    /// Seconds over all parts.
    pub seconds: f64,
}

/// At most this many problems are listed in a refusal; the rest are
/// counted.
const LISTED: usize = 8;

/// Adds up the results of the parts of a plan (`shape`, with every part's
/// digest in `digests`): each part must be there exactly once, with its
/// part's digest, a sound checksum and figures ([`trust::check_result_of`]).
/// `Err` names every file that is wrong and why (missing, repeated or
/// foreign parts, damaged figures, a total past 2^64), and nothing is
/// claimed from a set that is not exactly the plan's. The plan itself must
/// have been checked ([`trust::check_plan`]).
pub fn merge(
    shape: &files::Shape,
    digests: &[String],
    results: &[(String, files::PartResult)],
) -> Result<Merged, String> {
    let parts = digests.len();
    let mut problems = Vec::new();
    let mut seen: BTreeMap<usize, Vec<&str>> = BTreeMap::new();
    for (name, r) in results {
        match trust::check_result_of(shape, digests, r) {
            Ok(()) => seen.entry(r.part).or_default().push(name),
            Err(why) => problems.push(format!("{name}: {why}")),
        }
    }
    let repeated: Vec<String> = seen
        .iter()
        .filter(|(_, names)| names.len() > 1)
        .map(|(p, names)| format!("more than once: part {p} ({})", names.join(", ")))
        .collect();
    problems.extend(repeated);
    let present: std::collections::BTreeSet<usize> = seen.keys().copied().collect();
    let missing = MissingList(trust::missing_runs(parts, &present));
    if !missing.is_empty() {
        problems.push(format!(
            "missing {} of {parts} parts: {}",
            missing.len(),
            missing
        ));
    }
    if !problems.is_empty() {
        let more = problems.len().saturating_sub(LISTED);
        problems.truncate(LISTED);
        if more > 0 {
            problems.push(format!("and {more} more"));
        }
        // One problem a line (the callers start the list on a line of its
        // own): files with their reasons read better so, and no line comes
        // near the cut of a long message.
        return Err(problems.join("\n  "));
    }
    let mut tallies = Tallies::default();
    let (mut nodes, mut seconds) = (0u64, 0.0);
    for (name, r) in results {
        let overflow = || format!("{name}: the total passes 2^64, which jigsat cannot count");
        for t in &r.tally {
            tallies
                .checked_add(t.weight, t.found_per_class, t.found)
                .ok_or_else(overflow)?;
        }
        nodes = r.nodes.checked_add(nodes).ok_or_else(overflow)?;
        seconds += r.seconds;
    }
    let (count, distinct) = tallies.totals()?;
    Ok(Merged {
        count,
        distinct,
        nodes,
        seconds,
    })
}

/// Runs of missing part numbers, printed as "3, 7-9".
struct MissingList(Vec<(usize, usize)>);

impl MissingList {
    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// How many parts are missing (saturating: a plan may claim 2^64).
    fn len(&self) -> usize {
        self.0.iter().fold(0usize, |n, (a, b)| {
            n.saturating_add(b - a).saturating_add(1)
        })
    }
}

impl std::fmt::Display for MissingList {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let runs: Vec<String> = self
            .0
            .iter()
            .take(LISTED)
            .map(|&(a, b)| {
                if a == b {
                    a.to_string()
                } else {
                    format!("{a}-{b}")
                }
            })
            .collect();
        f.write_str(&runs.join(", "))?;
        if self.0.len() > LISTED {
            write!(f, ", …")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_met_several_times_count_once() {
        let mut t = Tallies::default();
        t.add(48, 1, 10); // 10 classes met once, 48 solutions each
        t.add(24, 2, 6); // 3 classes met twice, 24 each
        assert_eq!(t.totals(), Ok((10 * 48 + 3 * 24, 13)));
        t.add(24, 2, 1);
        assert!(t.totals().is_err());
    }

    #[test]
    fn missing_parts_are_listed_as_runs() {
        let have = [1, 2, 4, 8].into_iter().collect();
        let list = MissingList(trust::missing_runs(9, &have));
        assert_eq!(list.to_string(), "3, 5-7, 9");
        assert_eq!(list.len(), 5);
        let list = MissingList(trust::missing_runs(usize::MAX, &have));
        assert_eq!(list.len(), usize::MAX - 4);
    }

    #[test]
    fn totals_past_two_to_the_64_are_refused() {
        let mut t = Tallies::default();
        t.add(48, 1, 1 << 62);
        t.add(24, 1, 1 << 62);
        assert!(t.totals().unwrap_err().contains("2^64"));
        assert_eq!(t.checked_add(48, 1, u64::MAX), None);
    }
}
