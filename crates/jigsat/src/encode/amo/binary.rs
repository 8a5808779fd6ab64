//! Binary (bitwise) encoding (Frisch, Peugniez, Doggett & Nightingale
//! 2005, "Solving non-Boolean satisfiability problems with stochastic
//! local search"; also Prestwich's "bitwise" encoding).
//!
//! Give each input a number 0..n-1 written with b = ⌈log₂ n⌉ bits, and add
//! b auxiliary variables `B_1..B_b`, the bits of "the number of the true
//! input". Input `x_i` implies every bit of its own number:
//! `x_i → B_k` or `x_i → ¬B_k` as bit k of i is 1 or 0. Two inputs differ
//! in some bit, so they cannot both be true. n·b binary clauses and only b
//! auxiliaries — the fewest variables of any encoding here.
//!
//! Propagation is complete in the forward direction (a true input fixes
//! all bits, and every other input disagrees with one of them), but the
//! bits carry no "some input is true" meaning. On the puzzles here it is
//! as chaotic as the rest: among the fastest on some puzzles and far
//! behind pairwise on others (figures in encodings/RESULTS.md).

use super::{AtMostOne, bits_for};
use crate::encode::{Cnf, Lit};

/// The binary encoding (`--encoding binary`): each input implies the
/// bits of its own number; the fewest auxiliaries.
pub struct Binary;

impl AtMostOne for Binary {
    fn encode(&self, lits: &[Lit], cnf: &mut Cnf) {
        let bits: Vec<Lit> = (0..bits_for(lits.len()))
            .map(|_| cnf.new_var().positive())
            .collect();
        for (i, &x) in lits.iter().enumerate() {
            for (k, &b) in bits.iter().enumerate() {
                let bit = if i >> k & 1 == 1 { b } else { !b };
                cnf.add_clause(&[!x, bit]);
            }
        }
    }
}
