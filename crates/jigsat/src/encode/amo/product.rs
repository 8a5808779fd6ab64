//! Product encoding (Chen 2010, "A new SAT encoding of the at-most-one
//! constraint").
//!
//! Lay the n inputs out in a grid of p = ⌊√n⌋ rows and q = ⌈n/p⌉ columns,
//! input i at row ⌊i/q⌋ and column i mod q. Add a variable per row, `u_r`,
//! and per column, `v_c`, and let each input imply its row and its column:
//! `x → u_r`, `x → v_c`. Then say *at most one row* and *at most one
//! column*, recursively with the same encoding. Two true inputs differ in
//! their row or their column, so one of those two smaller constraints
//! breaks. Below 8 inputs pairwise is smaller, so the recursion stops there.
//!
//! Counts: V(n) = 0 and C(n) = n(n-1)/2 for n ≤ 7; otherwise
//! V(n) = p + q + V(p) + V(q) and C(n) = 2n + C(p) + C(q). That is
//! 2n + 4√n + o(√n) clauses and 2√n + o(√n) auxiliaries
//! (n = 100: 258 clauses, 34 auxiliaries) — the fewest clauses here.

use super::AtMostOne;
use crate::encode::{Cnf, Lit};

/// Largest group encoded pairwise instead of by a grid.
pub const PRODUCT_PAIRWISE_MAX: usize = 7;

/// Chen's product encoding (`--encoding product`): inputs on a grid,
/// at most one row and one column, recursively; what `auto` uses for
/// large groups.
pub struct Product;

impl AtMostOne for Product {
    fn encode(&self, lits: &[Lit], cnf: &mut Cnf) {
        let n = lits.len();
        if n <= PRODUCT_PAIRWISE_MAX {
            super::Pairwise.encode(lits, cnf);
            return;
        }
        let (p, q) = product_grid(n);
        let rows: Vec<Lit> = (0..p).map(|_| cnf.new_var().positive()).collect();
        let cols: Vec<Lit> = (0..q).map(|_| cnf.new_var().positive()).collect();
        for (i, &x) in lits.iter().enumerate() {
            cnf.add_clause(&[!x, rows[i / q]]);
            cnf.add_clause(&[!x, cols[i % q]]);
        }
        self.encode(&rows, cnf);
        self.encode(&cols, cnf);
    }
}

/// Rows and columns of the grid for `n` inputs: p = ⌊√n⌋, q = ⌈n/p⌉.
pub fn product_grid(n: usize) -> (usize, usize) {
    let p = n.isqrt().max(1);
    (p, n.div_ceil(p))
}
