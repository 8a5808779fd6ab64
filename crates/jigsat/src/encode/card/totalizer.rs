//! Totalizer (Bailleux & Boufkhad 2003, "Efficient CNF encoding of Boolean
//! cardinality constraints").
//!
//! Count in unary up a balanced binary tree. Each leaf is an input; each
//! inner node over m inputs has outputs `o_1..o_m`, `o_j` meaning "at
//! least j inputs below are true". A node adds up its two children `a`
//! (outputs `a_1..a_p`) and `b` (`b_1..b_q`) with two families of clauses:
//!
//! - up: `a_i ∧ b_j → o_{i+j}` for 0 ≤ i ≤ p, 0 ≤ j ≤ q, i + j ≥ 1
//!   (reading `a_0`, `b_0` as true): enough below forces the count up, which
//!   is what an upper bound `¬o_{max+1}` at the root needs;
//! - down: `¬a_{i+1} ∧ ¬b_{j+1} → ¬o_{i+j+1}` (reading `a_{p+1}`,
//!   `b_{q+1}` as false): too few below forces it down, for a lower bound
//!   `o_min`.
//!
//! Only the family a bound needs is written, and outputs above `max + 1`
//! are never built (the "k-simplification"): a node keeps
//! min(m, max + 1) outputs, or min(m, min) with no upper bound. Where the
//! sequential counter needs n·(k+1) auxiliaries in a chain n long, the
//! totalizer needs O(n log n) (O(n·k) when truncated) in a tree log n
//! deep, so propagation reaches the root in fewer steps; its clause count
//! is O(n·k) per level when truncated and O(n²) without truncation.
//! Propagation is complete (generalised arc consistent) for the bounds.

use super::Cardinality;
use crate::encode::{Cnf, Lit};

/// Bailleux and Boufkhad's totalizer (`--card totalizer`): unary
/// counters added up a balanced tree, so propagation reaches the bound in
/// fewer steps than along the sequential counter's chain.
pub struct Totalizer;

impl Cardinality for Totalizer {
    fn encode(&self, lits: &[Lit], min: u32, max: u32, cnf: &mut Cnf) {
        let n = lits.len();
        let (min, max) = (min as usize, (max as usize).min(n));
        if min > max || min > n {
            cnf.add_clause(&[]);
            return;
        }
        if max == 0 {
            lits.iter().for_each(|&x| cnf.add_clause(&[!x]));
            return;
        }
        if min == n {
            lits.iter().for_each(|&x| cnf.add_clause(&[x]));
            return;
        }
        let upper = max < n;
        let lower = min > 0;
        if !upper && !lower {
            return;
        }
        let cap = if upper { max + 1 } else { min };
        let tree = Tree { cap, upper, lower };
        let root = tree.build(lits, cnf);
        if lower {
            cnf.add_clause(&[root[min - 1]]);
        }
        if upper {
            cnf.add_clause(&[!root[max]]);
        }
    }
}

struct Tree {
    /// Most outputs a node keeps.
    cap: usize,
    /// Write the "up" clauses (an upper bound needs them).
    upper: bool,
    /// Write the "down" clauses (a lower bound needs them).
    lower: bool,
}

impl Tree {
    /// The unary outputs of the subtree over `lits`: `out[j-1]` is "at
    /// least j of `lits` are true" (saturating at `cap`).
    fn build(&self, lits: &[Lit], cnf: &mut Cnf) -> Vec<Lit> {
        if lits.len() == 1 {
            return lits.to_vec();
        }
        let (left, right) = lits.split_at(lits.len() / 2);
        let a = self.build(left, cnf);
        let b = self.build(right, cnf);
        let size = lits.len().min(self.cap);
        let out: Vec<Lit> = (0..size).map(|_| cnf.new_var().positive()).collect();
        let (p, q) = (a.len(), b.len());
        let mut clause = Vec::with_capacity(3);
        for i in 0..=p {
            for j in 0..=q {
                if self.upper && i + j >= 1 && i + j <= size {
                    clause.clear();
                    if i > 0 {
                        clause.push(!a[i - 1]);
                    }
                    if j > 0 {
                        clause.push(!b[j - 1]);
                    }
                    clause.push(out[i + j - 1]);
                    cnf.add_clause(&clause);
                }
                if self.lower && i + j < size {
                    clause.clear();
                    if i < p {
                        clause.push(a[i]);
                    }
                    if j < q {
                        clause.push(b[j]);
                    }
                    clause.push(!out[i + j]);
                    cnf.add_clause(&clause);
                }
            }
        }
        out
    }
}
