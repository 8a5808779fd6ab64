//! Cardinality encodings: "between `min` and `max` of these literals are
//! true". Used for a piece with copies (exactly k, or a range) whenever the
//! areas do not already force the number; `--card` picks the encoding.

mod sequential;
mod totalizer;

pub use sequential::SequentialCounter;
pub use totalizer::Totalizer;

use super::{Cnf, Lit};

/// Adds clauses satisfiable exactly when the number of true `lits` is in
/// `min..=max`.
pub trait Cardinality {
    /// Adds the clauses saying that between `min` and `max` of `lits` are
    /// true, with fresh auxiliaries from `cnf`; an impossible range adds
    /// the empty clause.
    fn encode(&self, lits: &[Lit], min: u32, max: u32, cnf: &mut Cnf);

    /// What [`Cardinality::encode`] adds over `n` literals, as (clauses,
    /// literals, auxiliary variables), worked out without building it —
    /// `info` asks this of pieces with tens of thousands of placements —
    /// or `None` where only building tells.
    fn size(&self, _n: usize, _min: u32, _max: u32) -> Option<(u64, u64, u64)> {
        None
    }
}

crate::choice::choice! {
    /// Which cardinality encoding pieces with copies use (`--card`).
    ///
    /// ```
    /// use jigsat::api::options::Card;
    /// assert_eq!(Card::default(), Card::Sequential);
    /// ```
    #[derive(Copy, Clone, Debug, PartialEq, Eq, Default, serde::Serialize)]
    #[serde(rename_all = "lowercase")]
    pub enum Card {
        /// Sinz's sequential counter: a chain of unary counters, n·(k+1)
        /// auxiliaries.
        Sequential = "sequential" (default),
        /// Bailleux and Boufkhad's totalizer: unary counters added up a
        /// binary tree, shallower than the chain.
        Totalizer = "totalizer",
    }
}

impl Card {
    /// The encoder that writes this encoding's clauses.
    pub fn encoder(self) -> &'static dyn Cardinality {
        match self {
            Card::Sequential => &SequentialCounter,
            Card::Totalizer => &Totalizer,
        }
    }
}
