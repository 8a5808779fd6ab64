//! Counting solutions by kind, so that counts found apart add up exactly:
//! every solution is tallied under (the number of solutions on a fixed
//! board its class stands for, how many members of its class the search
//! meets after symmetry breaking), and only the sum over a whole search —
//! one run, the threads of one run, or the parts of a split — is divided
//! into classes. A part never divides its own tallies: a class's members
//! may lie in different parts.
//!
//! # Past 2^64
//!
//! Counts are 64-bit, and every sum and product on the way to one is
//! checked: a figure that would pass 2^64 is an error ([`PAST_U64`],
//! exit 2), never a wrapped or saturated number printed as a count. A
//! count meets its solutions one at a time, so it cannot get there in a
//! lifetime (2^64 at a billion a second is 585 years); `count` refuses at
//! the start a search whose estimate goes past it ([`beyond_u64`]), with
//! the estimate.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// What jigsat says of a count past 2^64.
pub const PAST_U64: &str = "the count passes 2^64 (18446744073709551615), more than jigsat counts";

/// Whether an error of [`Tallies`] is [`PAST_U64`] (the count is too
/// large: exit 2) rather than tallies that do not add up (a bug).
pub fn is_past_u64(why: &str) -> bool {
    why.starts_with(PAST_U64)
}

/// The refusal of a search the walks' estimate says meets `solutions`
/// solutions, when that passes 2^64: its count on a fixed board, at
/// least as many (each class stands for at least the members the search
/// meets), would too. `None` when the count fits, or may.
pub fn beyond_u64(solutions: f64) -> Option<String> {
    (solutions >= u64::MAX as f64).then(|| {
        format!(
            "{PAST_U64}: the search meets about {solutions:.2e} solutions (the walks' estimate, `jigsat estimate`), \
             which would also take {:.0e} years at a billion a second; nothing counted",
            solutions / 1e9 / 3.156e7
        )
    })
}

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
    /// (on a fixed board, distinct); `Err` ([`PAST_U64`]) past 2^64.
    pub fn so_far(&self) -> Result<(u64, u64), String> {
        let (mut count, mut distinct) = (0u64, 0u64);
        let overflow = || PAST_U64.to_string();
        for (&(weight, per_class), &found) in &self.0 {
            if found == u64::MAX {
                return Err(overflow());
            }
            let classes = found / per_class.max(1);
            distinct = distinct.checked_add(classes).ok_or_else(overflow)?;
            let solutions = classes.checked_mul(weight).ok_or_else(overflow)?;
            count = count.checked_add(solutions).ok_or_else(overflow)?;
        }
        Ok((count, distinct))
    }

    /// The counts these tallies add up to: (on a fixed board, distinct).
    /// `Err` when a kind's solutions do not make whole classes — some
    /// member of a class is missing, which a complete set of parts rules
    /// out.
    pub fn totals(&self) -> Result<(u64, u64), String> {
        let (mut count, mut distinct) = (0u64, 0u64);
        let overflow = || PAST_U64.to_string();
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
        assert!(t.so_far().unwrap_err().contains("2^64"));
        assert_eq!(t.checked_add(48, 1, u64::MAX), None);
    }

    /// Every way a figure can pass 2^64 is an error, never a wrapped or
    /// saturated count: the classes times their weight, the sum over
    /// kinds, the classes alone, a kind's solutions saturated by `add`.
    #[test]
    fn each_sum_and_product_past_two_to_the_64_is_an_error() {
        let max = u64::MAX;
        // Just fits: one kind of max classes of weight 1.
        let mut fits = Tallies::default();
        fits.add(1, 1, max - 1);
        assert_eq!(fits.totals(), Ok((max - 1, max - 1)));
        assert_eq!(fits.so_far(), Ok((max - 1, max - 1)));
        // The product: 2^63 classes of weight 2.
        let mut product = Tallies::default();
        product.add(2, 1, 1 << 63);
        assert!(product.totals().unwrap_err().contains("2^64"));
        assert!(product.so_far().is_err());
        // The count's sum over kinds, each fitting.
        let mut sum = Tallies::default();
        sum.add(4, 2, 1 << 62); // 2^61 classes, 2^63 solutions
        sum.add(8, 4, 1 << 62); // 2^60 classes, 2^63 solutions
        assert!(sum.totals().unwrap_err().contains("2^64"));
        // The classes' sum over kinds: 2^63 + 1 and 2^63 - 1.
        let mut classes = Tallies::default();
        classes.add(1, 1, max / 2 + 2);
        classes.add(1, 2, max - 1);
        assert!(classes.totals().is_err());
        assert!(classes.so_far().is_err());
        // Saturated by `add`: refused, not taken as 2^64 - 1.
        let mut saturated = Tallies::default();
        saturated.add(1, 1, max - 1);
        saturated.add(1, 1, 5);
        assert!(saturated.totals().is_err());
        assert!(saturated.so_far().is_err());
    }

    #[test]
    fn estimates_past_two_to_the_64_are_refused_with_the_figure() {
        assert_eq!(beyond_u64(2.58e11), None, "10x10 dominoes fit");
        assert_eq!(beyond_u64(1.8e19), None, "just under 2^64");
        let why = beyond_u64(3.0e20).unwrap();
        assert!(why.contains("2^64") && why.contains("3.00e20"), "{why}");
    }
}
