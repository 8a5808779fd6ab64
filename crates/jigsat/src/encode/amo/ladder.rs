//! Ladder (regular) encoding (Gent & Nightingale 2004, "A new encoding of
//! AllDifferent into SAT"; the "regular" encoding of Ansótegui & Manyà).
//!
//! Auxiliary `y_i` (i = 1..n-1) reads "the true input, if any, comes after
//! position i". The `y` form a ladder, `y_{i+1} → y_i`, so a model of the
//! auxiliaries is a prefix of trues followed by falses, and the channelling
//! clauses tie each input to one rung: `x_i ↔ y_{i-1} ∧ ¬y_i` (with
//! `y_0 = true` and `y_n = false`). Since the ladder has exactly one place
//! where it steps from true to false, exactly one input can be true.
//!
//! **Where it coincides with [`Sequential`](super::Sequential).** For at
//! most one only the `→` half of the channelling is needed:
//! `x_i → ¬y_i` and `x_i → y_{i-1}`. Rename `s_i = ¬y_i` and these become
//! Sinz's `x_i → s_i`, `x_i → ¬s_{i-1}`, and the ladder `y_{i+1} → y_i`
//! becomes `s_i → s_{i+1}`: the same 3n-4 clauses over the same n-1
//! auxiliaries, clause for clause. So as at-most-one (free cells, pieces
//! with count ranges) `ladder` and `sequential` write the same formula.
//!
//! They differ as **exactly one** (every cell of an exact fill, every
//! piece used once): the ladder then adds the `←` half,
//! `y_{i-1} ∧ ¬y_i → x_i`, n clauses of at most three literals, and needs
//! no at-least-one clause at all: if every input is false, unit propagation
//! climbs the ladder (`¬x_1 → y_1`, `y_1 ∧ ¬x_2 → y_2`, …) to
//! `y_{n-1} → x_n`, a conflict. Exactly one costs 4n-4 short clauses
//! instead of 3n-4 plus one clause of length n.

use super::AtMostOne;
use crate::encode::{Cnf, Lit};

/// The ladder encoding (`--encoding ladder`): the sequential counter's
/// clauses as at-most-one, channelling clauses instead of the
/// at-least-one clause as exactly-one.
pub struct Ladder;

impl Ladder {
    /// The rungs `y_1..y_{n-1}` and the ladder clauses `y_{i+1} → y_i`,
    /// then `x_i → y_{i-1}` and `x_i → ¬y_i`: 3n-4 clauses.
    fn rungs(lits: &[Lit], cnf: &mut Cnf) -> Vec<Lit> {
        let n = lits.len();
        let y: Vec<Lit> = (0..n - 1).map(|_| cnf.new_var().positive()).collect();
        for i in 1..n - 1 {
            cnf.add_clause(&[!y[i], y[i - 1]]);
        }
        for (i, &x) in lits.iter().enumerate() {
            if i > 0 {
                cnf.add_clause(&[!x, y[i - 1]]);
            }
            if i < n - 1 {
                cnf.add_clause(&[!x, !y[i]]);
            }
        }
        y
    }
}

impl AtMostOne for Ladder {
    fn encode(&self, lits: &[Lit], cnf: &mut Cnf) {
        if lits.len() > 1 {
            Ladder::rungs(lits, cnf);
        }
    }

    fn exactly_one(&self, lits: &[Lit], cnf: &mut Cnf) {
        let n = lits.len();
        if n <= 1 {
            cnf.add_clause(lits);
            return;
        }
        let y = Ladder::rungs(lits, cnf);
        // y_{i-1} ∧ ¬y_i → x_i, with y_0 = true and y_n = false.
        for (i, &x) in lits.iter().enumerate() {
            match (i, i == n - 1) {
                (0, _) => cnf.add_clause(&[y[0], x]),
                (_, true) => cnf.add_clause(&[!y[i - 1], x]),
                _ => cnf.add_clause(&[!y[i - 1], y[i], x]),
            }
        }
    }
}
