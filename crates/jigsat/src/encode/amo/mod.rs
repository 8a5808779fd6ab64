//! At-most-one encodings.
//!
//! "At most one of these literals is true" is the constraint a placement
//! CNF is made of: one per board cell, one per piece. How it is written
//! decides the size of the CNF and how well unit propagation works, so
//! each encoding is a small module behind one trait, and `--encoding`
//! picks among them. The pages in `encodings/` explain each one, with its
//! clause and variable counts and the paper it comes from.
//!
//! | encoding | clauses for n inputs | auxiliary variables |
//! |---|---|---|
//! | [`Pairwise`] | n(n-1)/2 | 0 |
//! | [`Sequential`] | 3n-4 | n-1 |
//! | [`Ladder`] | 3n-4 (4n-4 as exactly-one) | n-1 |
//! | [`Commander`] | about 3n | about n/2 |
//! | [`Product`] | 2n + 4√n + o(√n) | 2√n + o(√n) |
//! | [`Binary`] | n⌈log₂ n⌉ | ⌈log₂ n⌉ |
//! | [`Bimander`] | 3n/2 + n⌈log₂(n/4)⌉ | ⌈log₂(n/4)⌉ |
//!
//! All of them are *propagation complete* for at-most-one: once one input
//! is true, unit propagation alone makes every other input false (the
//! tests check this for every n up to 10).

mod bimander;
mod binary;
mod commander;
mod ladder;
mod pairwise;
mod product;
mod sequential;

pub use bimander::Bimander;
pub use binary::Binary;
pub use commander::Commander;
pub use ladder::Ladder;
pub use pairwise::Pairwise;
pub use product::Product;
pub use sequential::Sequential;

use super::{Cnf, Lit};

/// Adds clauses (and auxiliary variables) to `cnf` that are satisfiable
/// exactly when at most one of `lits` is true.
pub trait AtMostOne {
    /// Adds the clauses saying that at most one of `lits` is true, with
    /// any auxiliary variables they need taken fresh from `cnf`.
    fn encode(&self, lits: &[Lit], cnf: &mut Cnf);

    /// Exactly one of `lits`: by default the at-least-one clause plus
    /// [`AtMostOne::encode`]. An encoding whose auxiliaries can say "none
    /// is true" more cheaply overrides it (the ladder does).
    fn exactly_one(&self, lits: &[Lit], cnf: &mut Cnf) {
        cnf.add_clause(lits);
        self.encode(lits, cnf);
    }

    /// The size of [`AtMostOne::encode`] (or, with `exactly`, of
    /// [`AtMostOne::exactly_one`]) over `n` literals — clauses, literals,
    /// auxiliary variables — where a formula is far cheaper than counting
    /// the clauses one by one: `info` sizes encodings it does not build,
    /// and pairwise is quadratic. `None`: count them ([`crate::encode::size`]).
    fn size(&self, _n: usize, _exactly: bool) -> Option<(usize, usize, u32)> {
        None
    }
}

/// ⌈log₂ n⌉ for n ≥ 1: the bits needed to number n things 0..n-1.
pub(crate) fn bits_for(n: usize) -> u32 {
    if n <= 1 {
        0
    } else {
        usize::BITS - (n - 1).leading_zeros()
    }
}
