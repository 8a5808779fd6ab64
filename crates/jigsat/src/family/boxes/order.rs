//! The order encoding's building blocks: an integer as the booleans
//! `[x <= c]` ([`IntVar`]), a literal or a constant ([`Bit`]), a copy's
//! variables ([`CopyVars`]), and the clauses written over them.

use crate::encode::{Cnf, Lit, Var};

/// An integer variable in the order encoding over a sorted domain
/// `values`: `[x <= values[k]]` for `k < values.len() - 1` is variable
/// `first + k` (`[x <= max]` is true).
#[derive(Clone, Debug)]
pub(super) struct IntVar {
    pub(super) values: Vec<i32>,
    pub(super) first: u32,
}

impl IntVar {
    pub(super) fn le(&self, c: i32) -> Bit {
        // The number of domain values <= c.
        let k = self.values.partition_point(|&v| v <= c);
        if k == 0 {
            Bit::False
        } else if k >= self.values.len() {
            Bit::True
        } else {
            Bit::Lit(Var::new(self.first + (k - 1) as u32).positive())
        }
    }

    pub(super) fn max(&self) -> i32 {
        self.values.last().copied().unwrap_or(0)
    }

    /// The value a model gives: the smallest `v` with `[x <= v]`.
    pub(super) fn value(&self, values: &[bool]) -> i32 {
        let n = self.values.len().saturating_sub(1);
        (0..n)
            .find(|&k| values[(self.first + k as u32) as usize])
            .map_or(self.max(), |k| self.values[k])
    }
}

/// A copy's variables.
#[derive(Clone, Debug)]
pub(super) struct CopyVars {
    pub(super) piece: usize,
    pub(super) corner: [IntVar; 3],
    /// Per orientation, the literal that is true exactly when the copy
    /// lies that way (`None` when it has one orientation).
    pub(super) select: Vec<Option<Lit>>,
    pub(super) extents: Vec<[i32; 3]>,
}

/// Adds `conditions → clause`, where the clause is a disjunction of order
/// literals: drops false ones, skips the clause if one is true.
pub(super) fn add(cnf: &mut Cnf, conditions: &[Lit], parts: &[Bit]) {
    let mut clause: Vec<Lit> = conditions.iter().map(|&l| !l).collect();
    for p in parts {
        match p {
            Bit::True => return,
            Bit::False => {}
            Bit::Lit(l) => clause.push(*l),
        }
    }
    cnf.add_clause(&clause);
}

/// `conditions → a <= b + d`: for every value `c` of `b`,
/// `[b <= c] → [a <= c + d]`.
pub(super) fn le_diff(cnf: &mut Cnf, conditions: &[Lit], a: &IntVar, b: &IntVar, d: i32) {
    for &c in &b.values {
        add(cnf, conditions, &[b.le(c).not(), a.le(c + d)]);
    }
}

/// `conditions → a <= k`.
pub(super) fn le_const(cnf: &mut Cnf, conditions: &[Lit], a: &IntVar, k: i32) {
    add(cnf, conditions, &[a.le(k)]);
}

/// A literal or a constant: `[x <= c]` of an integer variable, and
/// what the encoding builds from such.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Bit {
    True,
    False,
    Lit(Lit),
}

impl Bit {
    pub(super) fn not(self) -> Bit {
        match self {
            Bit::True => Bit::False,
            Bit::False => Bit::True,
            Bit::Lit(l) => Bit::Lit(!l),
        }
    }
}

/// Adds the clause `parts`, dropping false parts, skipping it if one is
/// true.
pub(super) fn clause(cnf: &mut Cnf, parts: &[Bit]) {
    let mut out = Vec::with_capacity(parts.len());
    for p in parts {
        match p {
            Bit::True => return,
            Bit::False => {}
            Bit::Lit(l) => out.push(*l),
        }
    }
    cnf.add_clause(&out);
}

/// `a ∧ b ∧ c` as a constant or a fresh literal defined by clauses.
pub(super) fn and3(cnf: &mut Cnf, parts: [Bit; 3]) -> Bit {
    if parts.contains(&Bit::False) {
        return Bit::False;
    }
    let lits: Vec<Lit> = parts
        .iter()
        .filter_map(|p| match p {
            Bit::Lit(l) => Some(*l),
            _ => None,
        })
        .collect();
    match lits.as_slice() {
        [] => Bit::True,
        [l] => Bit::Lit(*l),
        _ => {
            let v = cnf.new_var().positive();
            let mut back = vec![v];
            for &l in &lits {
                cnf.add_clause(&[!v, l]);
                back.push(!l);
            }
            cnf.add_clause(&back);
            Bit::Lit(v)
        }
    }
}
