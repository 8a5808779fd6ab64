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
//! The in-process count collects solution *classes*: symmetry breaking
//! forbids some options, the search finds every solution that avoids them,
//! and a class whose several members avoid them is met several times and
//! de-duplicated by its canonical form. Parts cannot see each other's
//! classes. But a part can tell, from one solution alone, how many members
//! of its class the whole search meets: the images of the solution under
//! the group that avoid every forbidden option ([`Group::weight_and_found`]).
//! If the search meets a class `k` times, each meeting adds `1/k` to the
//! distinct count, wherever it happens. So each part records, per pair
//! (solutions on a fixed board the class stands for, members met), how
//! many solutions it found ([`Tally`]); [`merge`] sums the pairs over all
//! parts and divides — every sum must divide exactly, which doubles as a
//! check that no part is missing a member of a class another part found.
//!
//! # Fingerprint
//!
//! Paths are option numbers, meaningful only for the very cover, engine
//! and symmetry breaking they were cut from. [`fingerprint`] hashes all of
//! those; every job, result and checkpoint carries it, and nothing is
//! counted or merged across fingerprints.
//!
//! [`Group::weight_and_found`]: crate::symmetry::Group::weight_and_found

pub mod files;
pub mod run;
pub mod scripts;

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
    pub fn add(&mut self, weight: u64, found_per_class: u64, found: u64) {
        *self.0.entry((weight, found_per_class)).or_default() += found;
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
        self.0.values().sum()
    }

    /// The counts these tallies add up to: (on a fixed board, distinct).
    /// `Err` when a kind's solutions do not make whole classes — some
    /// member of a class is missing, which a complete set of parts rules
    /// out.
    pub fn totals(&self) -> Result<(u64, u64), String> {
        let (mut count, mut distinct) = (0u64, 0u64);
        for (&(weight, per_class), &found) in &self.0 {
            if per_class == 0 || found % per_class != 0 {
                return Err(format!(
                    "{found} solutions were found of classes the search meets {per_class} times each"
                ));
            }
            let classes = found / per_class;
            distinct += classes;
            count += classes * weight;
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

/// Adds up the results of parts `1..=parts`: each must be there exactly
/// once, with `fingerprint`. `Err` names what is wrong (missing, repeated
/// or foreign parts), and nothing is claimed from an incomplete set.
pub fn merge(
    fingerprint: &str,
    parts: usize,
    results: &[(String, files::PartResult)],
) -> Result<Merged, String> {
    let mut problems = Vec::new();
    let foreign: Vec<&str> = results
        .iter()
        .filter(|(_, r)| r.fingerprint != fingerprint)
        .map(|(name, _)| name.as_str())
        .collect();
    if !foreign.is_empty() {
        problems.push(format!(
            "from another split (fingerprint is not {fingerprint}): {}",
            foreign.join(", ")
        ));
    }
    let mut seen: BTreeMap<usize, Vec<&str>> = BTreeMap::new();
    for (name, r) in results.iter().filter(|(_, r)| r.fingerprint == fingerprint) {
        seen.entry(r.part).or_default().push(name);
    }
    let outside: Vec<String> = seen
        .keys()
        .filter(|&&p| p == 0 || p > parts)
        .map(|p| p.to_string())
        .collect();
    if !outside.is_empty() {
        problems.push(format!("parts outside 1..={parts}: {}", outside.join(", ")));
    }
    let repeated: Vec<String> = seen
        .iter()
        .filter(|(_, names)| names.len() > 1)
        .map(|(p, names)| format!("part {p} ({})", names.join(", ")))
        .collect();
    if !repeated.is_empty() {
        problems.push(format!("more than once: {}", repeated.join("; ")));
    }
    let missing = missing(parts, |p| seen.contains_key(&p));
    if !missing.is_empty() {
        problems.push(format!(
            "missing {} of {parts} parts: {}",
            missing.len(),
            missing
        ));
    }
    if !problems.is_empty() {
        return Err(problems.join("; "));
    }
    let mut tallies = Tallies::default();
    let (mut nodes, mut seconds) = (0, 0.0);
    for (_, r) in results {
        for t in &r.tally {
            tallies.add(t.weight, t.found_per_class, t.found);
        }
        nodes += r.nodes;
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

/// The parts of `1..=parts` that `present` says are not there, as a short
/// list of numbers and ranges ("3, 7-9").
fn missing(parts: usize, present: impl Fn(usize) -> bool) -> MissingList {
    let mut runs: Vec<(usize, usize)> = Vec::new();
    for p in (1..=parts).filter(|&p| !present(p)) {
        match runs.last_mut() {
            Some((_, end)) if *end + 1 == p => *end = p,
            _ => runs.push((p, p)),
        }
    }
    MissingList(runs)
}

/// Runs of part numbers, printed as "3, 7-9".
struct MissingList(Vec<(usize, usize)>);

impl MissingList {
    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    fn len(&self) -> usize {
        self.0.iter().map(|(a, b)| b - a + 1).sum()
    }
}

impl std::fmt::Display for MissingList {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let runs: Vec<String> = self
            .0
            .iter()
            .map(|&(a, b)| {
                if a == b {
                    a.to_string()
                } else {
                    format!("{a}-{b}")
                }
            })
            .collect();
        f.write_str(&runs.join(", "))
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
        let have = [1, 2, 4, 8];
        let list = missing(9, |p| have.contains(&p));
        assert_eq!(list.to_string(), "3, 5-7, 9");
        assert_eq!(list.len(), 5);
    }
}
