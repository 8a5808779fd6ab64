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

/// Sinz's two-sided sequential counter (`--card sequential`, the
/// default): a chain of unary counters, one row per literal.
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

    /// The clauses of [`SequentialCounter::encode`] counted row by row:
    /// row `i` has `w = min(i + 1, columns)` counters, of which the `p =
    /// min(i, columns)` that the row above also has get the clauses that
    /// name it.
    fn size(&self, n: usize, min: u32, max: u32) -> Option<(u64, u64, u64)> {
        let (min, max) = (min as usize, (max as usize).min(n));
        let n64 = n as u64;
        if min > n {
            return Some((1, 0, 0));
        }
        if max == 0 || min == n {
            return Some((n64, n64, 0));
        }
        let columns = if max < n { max + 1 } else { min };
        if columns == 0 {
            return Some((0, 0, 0));
        }
        let (mut clauses, mut literals, mut aux) = (0u64, 0u64, 0u64);
        for i in 0..n {
            let w = (i + 1).min(columns) as u64;
            let p = i.min(columns) as u64;
            // Shared with the row above: p of the w counters; diagonal:
            // every counter but the first.
            let up = p;
            let diagonal_up = w;
            let down = w;
            let diagonal_down = w - 1;
            clauses += up + diagonal_up + down + diagonal_down;
            literals += 2 * up;
            literals += 2 + 3 * (w - 1);
            literals += 3 * p + 2 * (w - p);
            let both = p.saturating_sub(1);
            literals += 3 * both + 2 * (w - 1 - both);
            aux += w;
        }
        let ends = u64::from(min > 0) + u64::from(max < n);
        Some((clauses + ends, literals + ends, aux))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encode::Var;

    /// The counted size is what encoding builds, for every bound over up
    /// to a dozen literals.
    #[test]
    fn size_is_what_encode_builds() {
        for n in 0..12usize {
            for min in 0..=n as u32 + 1 {
                for max in min..=n as u32 + 1 {
                    let mut cnf = Cnf::counting();
                    cnf.reserve_vars(n as u32);
                    let lits: Vec<Lit> = (1..=n as u32).map(|v| Var::new(v).positive()).collect();
                    SequentialCounter.encode(&lits, min, max, &mut cnf);
                    let built = (
                        cnf.num_clauses() as u64,
                        cnf.num_lits() as u64,
                        u64::from(cnf.num_vars()) - n as u64,
                    );
                    assert_eq!(
                        SequentialCounter.size(n, min, max),
                        Some(built),
                        "n {n}, {min}..={max}"
                    );
                }
            }
        }
    }
}
