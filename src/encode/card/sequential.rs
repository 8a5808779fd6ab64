//! Two-sided sequential (unary) counter, after Sinz 2005.
//!
//! Auxiliary `r[i][j]` means exactly "at least j of x_1..x_i are true". It
//! is defined in both directions from the row before:
//! `r[i][j] ⇔ r[i-1][j] ∨ (x_i ∧ r[i-1][j-1])`, which takes four clauses.
//! Then `r[n][min]` is asserted and `r[n][max+1]` denied. Only the columns
//! that matter are built: up to `max + 1` when there is an upper bound,
//! up to `min` otherwise, so exactly-k over n literals costs about
//! n·(k+1) variables and 4·n·(k+1) clauses.

use super::Cardinality;
use crate::encode::{Cnf, Lit};

pub struct SequentialCounter;

impl Cardinality for SequentialCounter {
    fn encode(&self, lits: &[Lit], min: u32, max: u32, cnf: &mut Cnf) {
        let n = lits.len();
        let (min, max) = (min as usize, (max as usize).min(n));
        if min > n {
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
        let columns = if max < n { max + 1 } else { min };
        if columns == 0 {
            return;
        }
        // prev[j - 1] is r[i-1][j]; rows only hold j <= i.
        let mut prev: Vec<Lit> = Vec::new();
        for (i, &x) in lits.iter().enumerate() {
            let width = (i + 1).min(columns);
            let row: Vec<Lit> = (0..width).map(|_| cnf.new_var().positive()).collect();
            for j in 1..=width {
                let r = row[j - 1];
                let above = prev.get(j - 1).copied(); // r[i-1][j]
                let diagonal = if j == 1 { None } else { Some(prev[j - 2]) }; // r[i-1][j-1]
                // Upward: r[i-1][j] → r[i][j]; x ∧ r[i-1][j-1] → r[i][j].
                if let Some(a) = above {
                    cnf.add_clause(&[!a, r]);
                }
                match diagonal {
                    None => cnf.add_clause(&[!x, r]),
                    Some(d) => cnf.add_clause(&[!x, !d, r]),
                }
                // Downward: r[i][j] → r[i-1][j] ∨ x; r[i][j] → r[i-1][j] ∨ r[i-1][j-1].
                match above {
                    Some(a) => cnf.add_clause(&[!r, a, x]),
                    None => cnf.add_clause(&[!r, x]),
                }
                if let Some(d) = diagonal {
                    match above {
                        Some(a) => cnf.add_clause(&[!r, a, d]),
                        None => cnf.add_clause(&[!r, d]),
                    }
                }
            }
            prev = row;
        }
        if min > 0 {
            cnf.add_clause(&[prev[min - 1]]);
        }
        if max < n {
            cnf.add_clause(&[!prev[max]]);
        }
    }
}
