//! Pairwise (naive, binomial) at-most-one: a binary clause `¬a ∨ ¬b` for
//! every pair. n(n-1)/2 clauses, no auxiliary variables, and the strongest
//! propagation there is: one true literal falsifies all others directly.
//! Quadratic size makes it wasteful for large groups.

use super::AtMostOne;
use crate::encode::{Cnf, Lit};

/// One binary clause per pair (`--encoding pairwise`): no auxiliaries,
/// and what `auto` uses for small groups.
pub struct Pairwise;

impl AtMostOne for Pairwise {
    fn encode(&self, lits: &[Lit], cnf: &mut Cnf) {
        for (i, &a) in lits.iter().enumerate() {
            for &b in &lits[i + 1..] {
                cnf.add_clause(&[!a, !b]);
            }
        }
    }

    fn size(&self, n: usize, exactly: bool) -> Option<(usize, usize, u32)> {
        let pairs = n * n.saturating_sub(1) / 2;
        Some(if exactly {
            (pairs + 1, 2 * pairs + n, 0)
        } else {
            (pairs, 2 * pairs, 0)
        })
    }
}
