//! Variables, literals and clause lists.
//!
//! Literals use the DIMACS convention (a non-zero `i32`, negative for
//! negation) so that writing DIMACS and reading a solver's model back are
//! the identity on numbers. Clauses live in one flat literal array with an
//! end offset per clause: a puzzle CNF has millions of short clauses, and
//! one allocation per clause would dominate encoding time.

use std::fmt;

/// A propositional variable, numbered from 1 as in DIMACS.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Var(u32);

impl Var {
    /// `index` is 1-based.
    pub fn new(index: u32) -> Var {
        assert!(
            index > 0 && index <= i32::MAX as u32,
            "variable {index} out of range"
        );
        Var(index)
    }

    /// Its number, from 1, as DIMACS writes it.
    pub fn index(self) -> u32 {
        self.0
    }

    /// The literal true when the variable is.
    pub fn positive(self) -> Lit {
        Lit(self.0 as i32)
    }

    /// The literal true when the variable is false.
    pub fn negative(self) -> Lit {
        Lit(-(self.0 as i32))
    }
}

/// A variable or its negation.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Lit(i32);

impl Lit {
    /// From a DIMACS number; `None` for 0.
    pub fn from_dimacs(n: i32) -> Option<Lit> {
        (n != 0 && n != i32::MIN).then_some(Lit(n))
    }

    /// Its DIMACS number: the variable's, negative for a negation.
    pub fn to_dimacs(self) -> i32 {
        self.0
    }

    /// The variable it is of, whatever its sign.
    pub fn var(self) -> Var {
        Var(self.0.unsigned_abs())
    }

    /// Whether it is the variable itself rather than its negation.
    pub fn is_positive(self) -> bool {
        self.0 > 0
    }
}

impl std::ops::Not for Lit {
    type Output = Lit;
    fn not(self) -> Lit {
        Lit(-self.0)
    }
}

impl fmt::Display for Lit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A formula in conjunctive normal form.
#[derive(Clone, Debug, Default)]
pub struct Cnf {
    num_vars: u32,
    lits: Vec<Lit>,
    ends: Vec<usize>,
    /// Counting only: clauses and literals are tallied, not stored.
    counting: Option<(usize, usize)>,
}

impl Cnf {
    /// An empty formula (no variables, no clauses: satisfiable).
    pub fn new() -> Cnf {
        Cnf::default()
    }

    /// A fresh variable.
    pub fn new_var(&mut self) -> Var {
        self.num_vars += 1;
        Var::new(self.num_vars)
    }

    /// Makes sure variables 1..=n exist (the placement variables are
    /// reserved up front so that option `i` is variable `i + 1`).
    pub fn reserve_vars(&mut self, n: u32) {
        self.num_vars = self.num_vars.max(n);
    }

    /// A formula that only counts its clauses and literals: the size of
    /// an encoding without the memory for it ([`crate::encode::size`]).
    pub fn counting() -> Cnf {
        Cnf {
            counting: Some((0, 0)),
            ..Cnf::default()
        }
    }

    /// Adds a clause over existing variables; the empty clause makes the
    /// formula unsatisfiable. A counting formula only tallies it.
    pub fn add_clause(&mut self, clause: &[Lit]) {
        debug_assert!(clause.iter().all(|l| l.var().index() <= self.num_vars));
        if let Some((clauses, lits)) = &mut self.counting {
            *clauses += 1;
            *lits += clause.len();
            return;
        }
        self.lits.extend_from_slice(clause);
        self.ends.push(self.lits.len());
    }

    /// Variables so far, placement and auxiliary: the highest in use.
    pub fn num_vars(&self) -> u32 {
        self.num_vars
    }

    /// Clauses added, stored or only counted.
    pub fn num_clauses(&self) -> usize {
        self.counting.map_or(self.ends.len(), |(c, _)| c)
    }

    /// Literals over all clauses, stored or only counted: the CNF's size.
    pub fn num_lits(&self) -> usize {
        self.counting.map_or(self.lits.len(), |(_, l)| l)
    }

    /// The clauses in the order they were added; none for a counting
    /// formula, which keeps no clauses.
    pub fn clauses(&self) -> impl Iterator<Item = &[Lit]> + '_ {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        starts.zip(self.ends.iter()).map(|(s, &e)| &self.lits[s..e])
    }

    /// The same formula with its clauses, and the literals in each clause,
    /// in an order drawn from `seed`. CDCL run times on puzzle CNFs swing
    /// by 10-50x with such changes, so benchmarks take medians over
    /// shuffles: a single order measures luck, not the encoding.
    pub fn shuffled(&self, seed: u64) -> Cnf {
        let mut rng = crate::rng::Rng::new(seed);
        let mut clauses: Vec<Vec<Lit>> = self.clauses().map(<[Lit]>::to_vec).collect();
        for clause in &mut clauses {
            rng.shuffle(clause);
        }
        rng.shuffle(&mut clauses);
        let mut out = Cnf {
            num_vars: self.num_vars,
            ..Cnf::default()
        };
        clauses.iter().for_each(|c| out.add_clause(c));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shuffling_keeps_the_clauses() {
        let mut cnf = Cnf::new();
        let v: Vec<Lit> = (0..6).map(|_| cnf.new_var().positive()).collect();
        cnf.add_clause(&[v[0], !v[1], v[2]]);
        cnf.add_clause(&[!v[3]]);
        cnf.add_clause(&[v[4], v[5]]);
        let sorted = |c: &Cnf| {
            let mut all: Vec<Vec<Lit>> = c
                .clauses()
                .map(|c| {
                    let mut c = c.to_vec();
                    c.sort();
                    c
                })
                .collect();
            all.sort();
            all
        };
        let shuffled = cnf.shuffled(7);
        assert_eq!(sorted(&shuffled), sorted(&cnf));
        assert_eq!(shuffled.num_vars(), cnf.num_vars());
        assert_eq!(
            cnf.shuffled(7).clauses().collect::<Vec<_>>(),
            shuffled.clauses().collect::<Vec<_>>()
        );
    }
}
