//! Sequential counter at-most-one (Sinz 2005, "Towards an optimal CNF
//! encoding of Boolean cardinality constraints").
//!
//! Auxiliary `s_i` means "one of x_1..x_i is true". The clauses push that
//! fact along the chain (`x_i → s_i`, `s_{i-1} → s_i`) and forbid a second
//! true literal after it (`s_{i-1} → ¬x_i`). For n inputs: n-1 auxiliary
//! variables and 3n-4 clauses, linear where pairwise is quadratic, and
//! unit propagation still falsifies every other input once one is true.
//!
//! Up to renaming `s_i = ¬y_i` these are exactly the at-most-one clauses
//! of the [`Ladder`](super::Ladder); the two differ only as exactly-one,
//! where the sequential counter adds the plain at-least-one clause.

use super::AtMostOne;
use crate::encode::{Cnf, Lit};

/// Sinz's sequential counter as at-most-one (`--encoding sequential`):
/// a chain of "one is already true" auxiliaries.
pub struct Sequential;

impl AtMostOne for Sequential {
    fn encode(&self, lits: &[Lit], cnf: &mut Cnf) {
        let n = lits.len();
        if n <= 1 {
            return;
        }
        let s: Vec<Lit> = (0..n - 1).map(|_| cnf.new_var().positive()).collect();
        cnf.add_clause(&[!lits[0], s[0]]);
        for i in 1..n - 1 {
            cnf.add_clause(&[!lits[i], s[i]]);
            cnf.add_clause(&[!s[i - 1], s[i]]);
            cnf.add_clause(&[!lits[i], !s[i - 1]]);
        }
        cnf.add_clause(&[!lits[n - 1], !s[n - 2]]);
    }
}
