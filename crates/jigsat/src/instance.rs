//! A puzzle's exact-cover instance, through its family: the cover and
//! group every engine reads, the symmetry breaking, the CNF, and the way
//! back from a model to a checked solution.

use crate::cover::Cover;
use std::time::Instant;

use crate::encode::{self, Card, EdgeEncoding, Encoded, Encoding};
use crate::enumerate::CoverRun;
use crate::error::Result;
use crate::family::{self, Family};
use crate::options::Options;
use crate::puzzle::Puzzle;
use crate::solution::{Solution, checked};
use crate::symmetry::{self, Breaking, Group};

/// A puzzle's exact-cover instance, through its family: ready to encode
/// or search.
pub struct Instance<'p> {
    puzzle: &'p Puzzle,
    family: Box<dyn Family + 'p>,
}

impl<'p> Instance<'p> {
    /// Builds the cover and group of `puzzle`'s family (its placements,
    /// or its tiles' looks); an error when they cannot be built, e.g. over
    /// the memory budget.
    pub fn new(puzzle: &'p Puzzle) -> Result<Instance<'p>> {
        Ok(Instance {
            puzzle,
            family: family::cover_family(puzzle)?,
        })
    }

    /// The family that built the cover: it reads a chosen set of options
    /// back as a solution and names options for people.
    pub fn family(&self) -> &dyn Family {
        self.family.as_ref()
    }

    /// The exact-cover instance every engine and encoder reads.
    pub fn cover(&self) -> &Cover {
        self.family.cover()
    }

    /// The board's symmetries acting on cells, pieces and options.
    pub fn group(&self) -> &Group {
        self.family.group()
    }

    /// The symmetry breaking to apply, unless switched off.
    pub fn breaking(&self, enabled: bool) -> Option<Breaking> {
        if !enabled {
            return None;
        }
        let breaking = symmetry::choose_breaking(self.cover(), self.group(), &self.puzzle.board);
        if let Some(b) = &breaking {
            log::info!("symmetry breaking: {}", b.description);
        }
        breaking
    }

    /// Refuses (exit 2) a CNF predicted to exceed the memory budget
    /// ([`crate::process::budget`]), before [`Instance::encode`] builds it: the
    /// size is counted without building ([`encode::size`]).
    pub fn check_encoding(
        &self,
        encoding: Encoding,
        card: Card,
        edges: EdgeEncoding,
    ) -> Result<()> {
        let size = encode::size(self.cover(), encoding, card, edges);
        let hint = if encoding == Encoding::Pairwise {
            "try --encoding product"
        } else {
            ""
        };
        crate::process::budget::check(
            crate::process::budget::cnf_and_solver(size),
            &format!(
                "the {} CNF of {} clauses and the solver's copy",
                encoding.name(),
                crate::process::budget::quantity(size.clauses)
            ),
            hint,
        )
    }

    /// The CNF with the options' encodings and symmetry breaking, after
    /// the memory budget has allowed it ([`Instance::check_encoding`]).
    pub fn encode_for(&self, options: &Options) -> Result<Encoded> {
        let breaking = self.breaking(options.symmetry);
        self.check_encoding(options.encoding, options.card, options.edges)?;
        Ok(self.encode(
            options.encoding,
            options.card,
            options.edges,
            breaking.as_ref(),
        ))
    }

    /// The CNF, with symmetry-breaking units when `breaking` is given;
    /// `edges` matters for edge-matching puzzles only. Builds it whatever
    /// its size: [`Instance::encode_for`] checks the budget first.
    pub fn encode(
        &self,
        encoding: Encoding,
        card: Card,
        edges: EdgeEncoding,
        breaking: Option<&Breaking>,
    ) -> Encoded {
        let mut encoded = encode::encode_full(self.cover(), encoding, card, edges);
        if let Some(b) = breaking {
            encoded.forbid(&b.forbidden, &b.description);
        }
        encoded
    }

    /// Decodes a model (values indexed by variable, slot 0 unused) into a
    /// solution and checks it against the puzzle. `who` names the solver
    /// in the message of a failed check, which is a bug somewhere in
    /// jigsat.
    pub fn decode(&self, encoded: &Encoded, values: &[bool], who: &str) -> Result<Solution> {
        let chosen: Vec<u32> = encoded
            .chosen_options(values)
            .into_iter()
            .map(|o| o as u32)
            .collect();
        let solution = self.family.solution(&chosen);
        checked(self.puzzle, solution, &format!("the {who} model"))
    }

    /// The label `stats` gives the encoding: the at-most-one encoding, and
    /// with coloured edges the edge encoding after a `+` (`auto+colours`).
    pub fn encoding_label(&self, encoding: Encoding, edges: EdgeEncoding) -> String {
        if self.cover().has_colours() {
            format!("{encoding}+{edges}")
        } else {
            encoding.name().to_string()
        }
    }

    /// The family's pre-check (a colouring argument, clues that clash),
    /// unless the options switch it off: its reason, when it proves the
    /// puzzle impossible before any encoding or search.
    pub fn precheck(&self, options: &Options) -> Option<String> {
        options.precheck.then(|| self.family.refute()).flatten()
    }

    /// Calls `f` with the run of an engine over this instance: the
    /// symmetry breaking, the CNF (for SAT), the limits that `options` set
    /// and when the run started.
    pub fn with_run<T>(
        &self,
        breaking: Option<&Breaking>,
        encoded: Option<&Encoded>,
        options: &Options,
        started: Instant,
        f: impl FnOnce(&CoverRun) -> T,
    ) -> T {
        let limits = &options.limits();
        let run = CoverRun {
            puzzle: self.puzzle,
            cover: self.cover(),
            group: self.group(),
            solution: &|chosen| self.family.solution(chosen),
            breaking,
            encoded,
            limits,
            run_started: started,
        };
        f(&run)
    }
}
