//! Cardinality encodings: "between `min` and `max` of these literals are
//! true". Used for a piece with copies (exactly k, or a range) whenever the
//! areas do not already force the number.

mod sequential;

pub use sequential::SequentialCounter;

use super::{Cnf, Lit};

/// Adds clauses satisfiable exactly when the number of true `lits` is in
/// `min..=max`.
pub trait Cardinality {
    fn encode(&self, lits: &[Lit], min: u32, max: u32, cnf: &mut Cnf);
}
