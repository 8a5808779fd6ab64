//! Counting in parts that run apart: on other cores, other machines, a
//! Slurm cluster, or one after another with a checkpoint.
//!
//! `jigsat split` cuts the tree `count` would search into parts of similar
//! estimated size ([`crate::exact::balance`]); each part is a list of
//! forced prefixes (paths of choices from the root). A part runs anywhere
//! `jigsat count JOB` runs, and its result says how many solutions it found
//! and how they count; `jigsat merge` adds the results up.
//!
//! The work is here, the façade (`api::jobs`) only declares the types a
//! caller holds: [`files`] the files, [`run`] the two searches (a cut, a
//! part), [`directory`] the split directory written and merged,
//! [`checkpoint`] a count that records its finished parts, [`trust`] what
//! makes a file trustworthy, [`scripts`] the two cluster scripts,
//! [`choices`] a design's parts (their tallies by choice of pieces).
//!
//! # Why the parts can be counted apart
//!
//! Symmetry breaking forbids some options, the search finds every
//! solution that avoids them, and a class whose several members avoid
//! them is met several times. Parts cannot see each other's classes. But
//! a part can tell, from one solution alone, how many members
//! of its class the whole search meets: the images of the solution under
//! the group that avoid every forbidden option ([`Orbits`]).
//! If the search meets a class `k` times, each meeting adds `1/k` to the
//! distinct count, wherever it happens. So each part records, per pair
//! (solutions on a fixed board the class stands for, members met), how
//! many solutions it found ([`Tally`](crate::tally::Tally)); [`merge`] sums the pairs over all
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
//! [`Orbits`]: crate::symmetry::Orbits

pub mod checkpoint;
pub mod choices;
pub mod directory;
pub mod files;
pub mod run;
pub mod scripts;
pub mod trust;

use std::collections::BTreeMap;

use crate::fingerprint::Fnv64;
use crate::puzzle::Puzzle;
use crate::tally::Tallies;
use crate::tree::Tree;

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
        let overflow = || format!("{name}: {}", crate::tally::PAST_U64);
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
    fn missing_parts_are_listed_as_runs() {
        let have = [1, 2, 4, 8].into_iter().collect();
        let list = MissingList(trust::missing_runs(9, &have));
        assert_eq!(list.to_string(), "3, 5-7, 9");
        assert_eq!(list.len(), 5);
        let list = MissingList(trust::missing_runs(usize::MAX, &have));
        assert_eq!(list.len(), usize::MAX - 4);
    }
}
