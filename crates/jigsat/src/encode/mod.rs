//! From the exact-cover instance to CNF.
//!
//! The placement encoding: option `i` of the cover (placement `i`) is
//! variable `i + 1`. Each item becomes a cardinality constraint over the
//! options that cover it:
//!
//! - a cell that must be covered: exactly one (the at-least-one clause plus
//!   an at-most-one encoding, or the ladder's channelling clauses — see
//!   [`amo::AtMostOne::exactly_one`]); a cell that may stay empty: at most
//!   one;
//! - a piece with one copy: exactly one;
//! - a piece with copies: between `count.min` and `count.max`, through a
//!   cardinality encoding ([`Card`], `--card`) — unless the areas already
//!   force the number, in which case nothing is written (25 Y-pieces
//!   filling 125 cells).
//!
//! A model's true placement variables are then exactly a solution.
//!
//! `--encoding` picks the at-most-one encoding ([`Encoding`], one module
//! each in [`amo`]); `auto` picks per constraint, from the size of its
//! group ([`Encoding::at_most_one`]).

pub mod amo;
pub mod card;
mod cnf;
pub mod colours;

pub use cnf::{Cnf, Lit, Var};

use amo::{AtMostOne, Bimander, Binary, Commander, Ladder, Pairwise, Product, Sequential};
pub use card::Card;
pub use colours::EdgeEncoding;

use crate::cover::{Cover, Item};

crate::choice::choice! {
    /// Which at-most-one encoding the CNF uses. Each has a page in
    /// `encodings/` with its counts, propagation strength and paper.
    ///
    /// ```
    /// use jigsat::api::options::Encoding;
    /// assert_eq!(Encoding::default(), Encoding::Auto);
    /// ```
    #[derive(Copy, Clone, Debug, PartialEq, Eq, Default, serde::Serialize)]
    #[serde(rename_all = "lowercase")]
    pub enum Encoding {
        /// Per constraint, from measurements: pairwise for groups of up to 8
        /// placements, the product encoding above (see encodings/RESULTS.md).
        Auto = "auto" (default),
        /// A binary clause for every pair: n(n-1)/2 clauses, no auxiliaries.
        Pairwise = "pairwise",
        /// Sinz's sequential counter: 3n-4 clauses, n-1 auxiliaries.
        Sequential = "sequential",
        /// Gent and Nightingale's ladder: the sequential counter renamed, plus
        /// channelling clauses instead of the at-least-one clause.
        Ladder = "ladder",
        /// Klieber and Kwon's commander, groups of 3, recursive: ~3n clauses.
        Commander = "commander",
        /// Chen's product, recursive 2-D grid: ~2n clauses, ~2√n auxiliaries.
        Product = "product",
        /// Frisch et al.'s binary (bitwise): n⌈log₂ n⌉ clauses, ⌈log₂ n⌉
        /// auxiliaries.
        Binary = "binary",
        /// Nguyen and Mai's bimander: groups of 4, pairwise inside, binary
        /// between.
        Bimander = "bimander",
    }
}

/// `auto`: groups of up to this many literals are encoded pairwise (at
/// most 28 binary clauses, the strongest propagation); larger ones use
/// [`AUTO_LARGE`].
pub const AUTO_PAIRWISE_MAX: usize = 8;

/// What `auto` uses above [`AUTO_PAIRWISE_MAX`]: the product encoding,
/// which over medians of shuffled clause orders was the fastest or within
/// a few percent of it on y25 and 6x10, and among the fastest on soma
/// (encodings/RESULTS.md, "Why auto is what it is"). Earlier rules tuned on
/// one clause order each turned out to be tuned to luck.
pub const AUTO_LARGE: Encoding = Encoding::Product;

impl Encoding {
    /// The at-most-one encoding for a group of `n` literals.
    pub fn at_most_one(self, n: usize) -> &'static dyn AtMostOne {
        match self {
            Encoding::Auto if n <= AUTO_PAIRWISE_MAX => &Pairwise,
            Encoding::Auto => AUTO_LARGE.at_most_one(n),
            Encoding::Pairwise => &Pairwise,
            Encoding::Sequential => &Sequential,
            Encoding::Ladder => &Ladder,
            Encoding::Commander => &Commander,
            Encoding::Product => &Product,
            Encoding::Binary => &Binary,
            Encoding::Bimander => &Bimander,
        }
    }
}

/// A CNF together with the map from its variables back to cover options.
#[derive(Clone, Debug)]
pub struct Encoded {
    /// The formula: placement variables first, then the auxiliaries.
    pub cnf: Cnf,
    /// Options are variables `1..=options`; higher variables are auxiliary.
    pub options: usize,
    /// The at-most-one encoding it was written with, for the DIMACS
    /// header and for re-encoding the same CNF (a certificate's check).
    pub encoding: Encoding,
    /// Sentences about what was added beyond the plain encoding (symmetry
    /// breaking), for DIMACS comments and `info`.
    pub notes: Vec<String>,
    /// The cardinality encoding of pieces with copies, for the same
    /// reasons as `encoding`.
    pub card: Card,
    /// The edge-matching encoding, for edge-matching puzzles.
    pub edges: Option<EdgeEncoding>,
}

impl Encoded {
    /// The variable of cover option `option` (0-based): `option + 1`.
    pub fn option_var(&self, option: usize) -> Var {
        Var::new(option as u32 + 1)
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

/// Encodes the whole instance with the given at-most-one and cardinality
/// encodings (and the default edge-matching encoding, if it has coloured
/// edges).
pub fn encode_with(cover: &Cover, encoding: Encoding, card: Card) -> Encoded {
    encode_full(cover, encoding, card, EdgeEncoding::default())
}

/// Encodes the whole instance; `edges` chooses how coloured edges (of an
/// edge-matching puzzle) are encoded, and is ignored for packing puzzles.
pub fn encode_full(cover: &Cover, encoding: Encoding, card: Card, edges: EdgeEncoding) -> Encoded {
    let mut cnf = Cnf::new();
    let edges = encode_into(&mut cnf, cover, encoding, card, edges);
    Encoded {
        cnf,
        options: cover.options.len(),
        encoding,
        notes: Vec::new(),
        card,
        edges,
    }
}

/// Writes the instance's clauses into `cnf` (which may only count them);
/// the edge encoding used, for an edge-matching puzzle.
fn encode_into(
    cnf: &mut Cnf,
    cover: &Cover,
    encoding: Encoding,
    card: Card,
    edges: EdgeEncoding,
) -> Option<EdgeEncoding> {
    cnf.reserve_vars(cover.options.len() as u32);
    let lit = |o: u32| Var::new(o + 1).positive();
    for (item, opts) in cover.items.iter().zip(cover.options_by_item()) {
        let lits: Vec<Lit> = opts.iter().map(|&o| lit(o)).collect();
        encode_item(item, &lits, encoding, card, cnf);
    }
    cover.has_colours().then(|| {
        colours::encode(cover, edges, encoding, card, cnf);
        edges
    })
}

/// The size of a CNF: variables, clauses, literals.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct CnfSize {
    pub variables: u64,
    pub clauses: u64,
    pub literals: u64,
}

/// The size [`encode_full`] would build (before symmetry breaking's unit
/// clauses), without building it: each item's encoding is counted once
/// per distinct (options, min, max) on a counting CNF, or taken from a
/// formula where counting would take long (pairwise). Memory stays at the
/// largest single item's auxiliaries; `info` sizes every encoding this
/// way, and the memory budget checks a CNF before it is built.
pub fn size(cover: &Cover, encoding: Encoding, card: Card, edges: EdgeEncoding) -> CnfSize {
    let options = cover.options.len() as u64;
    if cover.has_colours() {
        // Tile covers are small; their edge clauses depend on the colours.
        let mut cnf = Cnf::counting();
        encode_into(&mut cnf, cover, encoding, card, edges);
        return CnfSize {
            variables: u64::from(cnf.num_vars()),
            clauses: cnf.num_clauses() as u64,
            literals: cnf.num_lits() as u64,
        };
    }
    let mut memo: std::collections::HashMap<(usize, u32, u32), CnfSize> = Default::default();
    let mut total = CnfSize {
        variables: options,
        ..CnfSize::default()
    };
    for (item, opts) in cover.items.iter().zip(cover.options_by_item()) {
        if item.implied {
            continue;
        }
        let n = opts.len();
        let one = *memo
            .entry((n, item.min, item.max))
            .or_insert_with(|| item_size(item, n, encoding, card));
        total.variables += one.variables;
        total.clauses += one.clauses;
        total.literals += one.literals;
    }
    total
}

/// The size of one item's encoding over `n` options (auxiliary variables
/// only).
fn item_size(item: &Item, n: usize, encoding: Encoding, card: Card) -> CnfSize {
    let amo = encoding.at_most_one(n);
    let formula = match (item.min, item.max) {
        (_, 0) => None,
        (0, 1) => amo.size(n, false).map(widen),
        (1, 1) => amo.size(n, true).map(widen),
        (min, max) => card.encoder().size(n, min, max),
    };
    if let Some((clauses, literals, aux)) = formula {
        return CnfSize {
            variables: aux,
            clauses,
            literals,
        };
    }
    let mut cnf = Cnf::counting();
    cnf.reserve_vars(n as u32);
    let lits: Vec<Lit> = (1..=n as u32).map(|v| Var::new(v).positive()).collect();
    encode_item(item, &lits, encoding, card, &mut cnf);
    CnfSize {
        variables: u64::from(cnf.num_vars()) - n as u64,
        clauses: cnf.num_clauses() as u64,
        literals: cnf.num_lits() as u64,
    }
}

/// An at-most-one size, (clauses, literals, auxiliaries), in the
/// cardinality encodings' wider figures.
fn widen((clauses, literals, aux): (usize, usize, u32)) -> (u64, u64, u64) {
    (clauses as u64, literals as u64, u64::from(aux))
}

fn encode_item(item: &Item, lits: &[Lit], encoding: Encoding, card: Card, cnf: &mut Cnf) {
    if item.implied {
        return;
    }
    match (item.min, item.max) {
        (_, 0) => lits.iter().for_each(|&l| cnf.add_clause(&[!l])),
        (0, 1) => encoding.at_most_one(lits.len()).encode(lits, cnf),
        (1, 1) => encoding.at_most_one(lits.len()).exactly_one(lits, cnf),
        (min, max) => card.encoder().encode(lits, min, max, cnf),
    }
}
