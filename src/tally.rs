//! Counting solutions by kind, so that counts found apart add up exactly:
//! every solution is tallied under (the number of solutions on a fixed
//! board its class stands for, how many members of its class the search
//! meets after symmetry breaking), and only the sum over a whole search —
//! one run, the threads of one run, or the parts of a split — is divided
//! into classes. A part never divides its own tallies: a class's members
//! may lie in different parts.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

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
    fn totals_past_two_to_the_64_are_refused() {
        let mut t = Tallies::default();
        t.add(48, 1, 1 << 62);
        t.add(24, 1, 1 << 62);
        assert!(t.totals().unwrap_err().contains("2^64"));
        assert_eq!(t.checked_add(48, 1, u64::MAX), None);
    }
}
