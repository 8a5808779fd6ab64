//! Edge matching in CNF: the two encodings of the coloured inner edges.
//!
//! The placement variables and the exactly-one constraints per position and
//! per tile come from the plain placement encoding ([`super::encode_with`]);
//! what is added here makes touching edges match.
//!
//! - **colours** (Heule 2008, "Solving edge-matching problems with
//!   satisfiability solvers"; the default): a variable per inner edge and
//!   colour it can take on both sides; a placement implies the colour of
//!   each inner edge it touches (`¬p ∨ c`), each edge has exactly one
//!   colour (at least one, plus the at-most-one encoding chosen by
//!   `--encoding`). A colour only one side can give is impossible, so the
//!   placements that need it are forbidden outright. Clauses grow with
//!   placements × 4, so it scales to large boards.
//! - **direct**: for each inner edge, a binary clause `¬p ∨ ¬q` for every
//!   pair of placements on its two sides whose colours differ. No
//!   auxiliary variables, but the clauses grow with the square of the
//!   placements per position.

use std::collections::BTreeMap;

use super::{Cnf, Encoding, Lit, Var};
use crate::cover::Cover;

/// How touching edges are made to match (`--edges`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, clap::ValueEnum, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum EdgeEncoding {
    /// A variable per inner edge and colour; a placement implies the
    /// colours of its edges, each edge has exactly one colour (Heule 2008).
    #[default]
    Colours,
    /// A binary clause forbidding each mismatched pair of placements on
    /// the two sides of an inner edge.
    Direct,
}

impl EdgeEncoding {
    pub fn name(self) -> &'static str {
        match self {
            EdgeEncoding::Colours => "colours",
            EdgeEncoding::Direct => "direct",
        }
    }
}

impl std::fmt::Display for EdgeEncoding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Per inner edge, per side (first, second), the options by colour.
type Sides = Vec<[BTreeMap<u32, Vec<u32>>; 2]>;

fn sides(cover: &Cover) -> Sides {
    let mut out: Sides = vec![[BTreeMap::new(), BTreeMap::new()]; cover.edges];
    for (o, colours) in cover.colours.iter().enumerate() {
        for c in colours {
            out[c.edge as usize][usize::from(!c.first)]
                .entry(c.colour)
                .or_default()
                .push(o as u32);
        }
    }
    out
}

/// Adds the matching clauses of `cover`'s coloured edges to `cnf`, whose
/// option `o` is variable `o + 1`.
pub fn encode(cover: &Cover, mode: EdgeEncoding, encoding: Encoding, cnf: &mut Cnf) {
    let lit = |o: u32| Var::new(o + 1).positive();
    for [first, second] in sides(cover) {
        match mode {
            EdgeEncoding::Colours => {
                let mut colour_lits: Vec<Lit> = Vec::new();
                for (colour, options) in &first {
                    let Some(others) = second.get(colour) else {
                        options.iter().for_each(|&o| cnf.add_clause(&[!lit(o)]));
                        continue;
                    };
                    let c = cnf.new_var().positive();
                    colour_lits.push(c);
                    for &o in options.iter().chain(others) {
                        cnf.add_clause(&[!lit(o), c]);
                    }
                }
                for (colour, options) in &second {
                    if !first.contains_key(colour) {
                        options.iter().for_each(|&o| cnf.add_clause(&[!lit(o)]));
                    }
                }
                encoding
                    .at_most_one(colour_lits.len())
                    .exactly_one(&colour_lits, cnf);
            }
            EdgeEncoding::Direct => {
                for (a, options) in &first {
                    for (b, others) in &second {
                        if a == b {
                            continue;
                        }
                        for &o in options {
                            for &p in others {
                                cnf.add_clause(&[!lit(o), !lit(p)]);
                            }
                        }
                    }
                }
            }
        }
    }
}
