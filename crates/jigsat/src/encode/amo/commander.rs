//! Commander encoding (Klieber & Kwon 2007, "Efficient CNF encoding for
//! selecting 1 from N objects").
//!
//! Split the n inputs into groups of g (here g = 3) and give each group a
//! *commander* variable `c_j`: "group j may hold the true input". Inside a
//! group, pairwise clauses (at most one per group); every input implies its
//! commander, `x → c_j`; and at most one commander is true — which is the
//! same problem with ⌈n/g⌉ inputs, so the encoding recurses on the
//! commanders until at most g remain, which are encoded pairwise.
//!
//! Klieber and Kwon also write `c_j → (x ∨ x' ∨ …)`, so that a commander
//! is true only with a true member; that half matters for exactly-one
//! *over the commanders* and is not needed for at most one, so it is left
//! out (as in the `rustsat` crate, the tests' oracle).
//!
//! Counts, with q = ⌊n/g⌋ full groups and r = n mod g left over:
//! V(n) = 0 and C(n) = n(n-1)/2 for n ≤ g; otherwise
//! V(n) = ⌈n/g⌉ + V(⌈n/g⌉) and
//! C(n) = n + q·g(g-1)/2 + r(r-1)/2 + C(⌈n/g⌉).
//! For g = 3 that is about n/2 auxiliaries and 3n clauses
//! (n = 100: 52 and 298).

use super::AtMostOne;
use crate::encode::{Cnf, Lit};

/// Inputs per group (Klieber and Kwon's recommendation).
pub const COMMANDER_GROUP: usize = 3;

/// Klieber and Kwon's commander encoding (`--encoding commander`):
/// pairwise in groups of [`COMMANDER_GROUP`], recursing on one commander
/// per group.
pub struct Commander;

impl AtMostOne for Commander {
    fn encode(&self, lits: &[Lit], cnf: &mut Cnf) {
        if lits.len() <= COMMANDER_GROUP {
            super::Pairwise.encode(lits, cnf);
            return;
        }
        let mut commanders = Vec::with_capacity(lits.len().div_ceil(COMMANDER_GROUP));
        for group in lits.chunks(COMMANDER_GROUP) {
            let c = cnf.new_var().positive();
            super::Pairwise.encode(group, cnf);
            for &x in group {
                cnf.add_clause(&[!x, c]);
            }
            commanders.push(c);
        }
        self.encode(&commanders, cnf);
    }
}
