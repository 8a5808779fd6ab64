//! At-most-one encodings.
//!
//! "At most one of these literals is true" is the constraint a placement
//! CNF is made of: one per board cell, one per piece. How it is written
//! decides the size of the CNF and how well unit propagation works, so
//! each encoding is a small module behind one trait, and `--encoding`
//! picks among them. The pages in `encodings/` explain each one.

mod pairwise;
mod sequential;

pub use pairwise::Pairwise;
pub use sequential::Sequential;

use super::{Cnf, Lit};

/// Adds clauses (and auxiliary variables) to `cnf` that are satisfiable
/// exactly when at most one of `lits` is true.
pub trait AtMostOne {
    fn encode(&self, lits: &[Lit], cnf: &mut Cnf);
}
