//! From the exact-cover instance to CNF.
//!
//! The placement encoding: option `i` of the cover (placement `i`) is
//! variable `i + 1`. Each item becomes a cardinality constraint over the
//! options that cover it:
//!
//! - a cell that must be covered: exactly one (an at-least-one clause plus
//!   an at-most-one encoding); a cell that may stay empty: at most one;
//! - a piece with one copy: exactly one;
//! - a piece with copies: between `count.min` and `count.max`, through a
//!   cardinality encoding — unless the areas already force the number, in
//!   which case nothing is written (25 Y-pieces filling 125 cells).
//!
//! A model's true placement variables are then exactly a solution.

pub mod amo;
pub mod card;
mod cnf;

pub use cnf::{Cnf, Lit, Var};

use std::fmt;

use amo::{AtMostOne, Pairwise, Sequential};
use card::{Cardinality, SequentialCounter};

use crate::cover::{Cover, Item};

/// Which at-most-one encoding the CNF uses.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, clap::ValueEnum, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Encoding {
    /// Pairwise for groups of up to AUTO_PAIRWISE_MAX literals, sequential
    /// above (see encodings/RESULTS.md for the measurements).
    #[default]
    Auto,
    /// A binary clause for every pair: quadratic, no auxiliaries.
    Pairwise,
    /// Sinz's sequential counter: linear, n-1 auxiliaries.
    Sequential,
}

/// Largest group `auto` encodes pairwise. Cell groups in the puzzles of
/// `puzzles/` hold 10-60 placements; pairwise keeps the strongest
/// propagation without auxiliaries until the quadratic size starts to cost
/// more than it gains.
pub const AUTO_PAIRWISE_MAX: usize = 500;

impl Encoding {
    pub fn name(self) -> &'static str {
        match self {
            Encoding::Auto => "auto",
            Encoding::Pairwise => "pairwise",
            Encoding::Sequential => "sequential",
        }
    }

    /// The at-most-one encoding for a group of `n` literals.
    fn at_most_one(self, n: usize) -> &'static dyn AtMostOne {
        match self {
            Encoding::Pairwise => &Pairwise,
            Encoding::Sequential => &Sequential,
            Encoding::Auto if n <= AUTO_PAIRWISE_MAX => &Pairwise,
            Encoding::Auto => &Sequential,
        }
    }
}

impl fmt::Display for Encoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A CNF together with the map from its variables back to cover options.
#[derive(Clone, Debug)]
pub struct Encoded {
    pub cnf: Cnf,
    /// Options are variables `1..=options`; higher variables are auxiliary.
    pub options: usize,
    pub encoding: Encoding,
    /// Sentences about what was added beyond the plain encoding (symmetry
    /// breaking), for DIMACS comments and `info`.
    pub notes: Vec<String>,
}

impl Encoded {
    pub fn option_var(&self, option: usize) -> Var {
        Var::new(option as u32 + 1)
    }

    /// The option behind a variable, or `None` for an auxiliary.
    pub fn var_option(&self, var: Var) -> Option<usize> {
        let i = var.index() as usize - 1;
        (i < self.options).then_some(i)
    }

    /// Forbids options (sets their variables false), saying why.
    pub fn forbid(&mut self, options: &[u32], why: &str) {
        for &o in options {
            self.cnf
                .add_clause(&[self.option_var(o as usize).negative()]);
        }
        self.notes.push(format!(
            "symmetry breaking: {why} ({} unit clauses)",
            options.len()
        ));
    }

    /// The options a model (indexed by variable, slot 0 unused) selects.
    pub fn chosen_options(&self, values: &[bool]) -> Vec<usize> {
        (0..self.options)
            .filter(|&o| values.get(o + 1).copied().unwrap_or(false))
            .collect()
    }
}

/// Encodes the whole instance.
pub fn encode(cover: &Cover, encoding: Encoding) -> Encoded {
    let mut cnf = Cnf::new();
    let options = cover.options.len();
    cnf.reserve_vars(options as u32);
    let lit = |o: u32| Var::new(o + 1).positive();
    for (item, opts) in cover.items.iter().zip(cover.options_by_item()) {
        let lits: Vec<Lit> = opts.iter().map(|&o| lit(o)).collect();
        encode_item(item, &lits, encoding, &mut cnf);
    }
    Encoded {
        cnf,
        options,
        encoding,
        notes: Vec::new(),
    }
}

fn encode_item(item: &Item, lits: &[Lit], encoding: Encoding, cnf: &mut Cnf) {
    if item.implied {
        return;
    }
    match (item.min, item.max) {
        (_, 0) => lits.iter().for_each(|&l| cnf.add_clause(&[!l])),
        (0, 1) => encoding.at_most_one(lits.len()).encode(lits, cnf),
        (1, 1) => {
            cnf.add_clause(lits);
            encoding.at_most_one(lits.len()).encode(lits, cnf);
        }
        (min, max) => SequentialCounter.encode(lits, min, max, cnf),
    }
}
