//! Bimander encoding (Nguyen & Mai 2015, "A new method to encode the
//! at-most-one constraint into SAT").
//!
//! A cross of the [`Commander`](super::Commander) and the
//! [`Binary`](super::Binary) encoding. Split the inputs into m = ⌈n/g⌉
//! groups of g (here g = 4). Inside a group, pairwise clauses. Between
//! groups, the binary encoding — but over *groups*, not inputs: b =
//! ⌈log₂ m⌉ auxiliary bits, and every input of group j implies the bits of
//! j. Two true inputs in one group break a pairwise clause; in two groups,
//! they disagree on a bit.
//!
//! Clauses: the pairwise ones, ⌊n/g⌋·g(g-1)/2 + r(r-1)/2 with r = n mod g,
//! plus n·⌈log₂ m⌉ bit clauses; auxiliaries ⌈log₂ m⌉. The group size trades
//! quadratic pairwise clauses for logarithmic bit clauses; 4 is also the
//! default of the `rustsat` crate, which the tests use as an oracle.

use super::{AtMostOne, bits_for};
use crate::encode::{Cnf, Lit};

/// Inputs per group.
pub const BIMANDER_GROUP: usize = 4;

/// Nguyen and Mai's bimander (`--encoding bimander`): pairwise inside
/// groups of [`BIMANDER_GROUP`], the binary encoding between the groups.
pub struct Bimander;

impl AtMostOne for Bimander {
    fn encode(&self, lits: &[Lit], cnf: &mut Cnf) {
        if lits.len() <= 1 {
            return;
        }
        let groups = lits.len().div_ceil(BIMANDER_GROUP);
        let bits: Vec<Lit> = (0..bits_for(groups))
            .map(|_| cnf.new_var().positive())
            .collect();
        for (j, group) in lits.chunks(BIMANDER_GROUP).enumerate() {
            super::Pairwise.encode(group, cnf);
            for &x in group {
                for (k, &b) in bits.iter().enumerate() {
                    let bit = if j >> k & 1 == 1 { b } else { !b };
                    cnf.add_clause(&[!x, bit]);
                }
            }
        }
    }
}
