//! An enumeration over a cover ([`CoverRun`]): what every engine that
//! reads a cover needs besides itself, and how its classes are read
//! ([`CoverClasses`]).

use std::time::Instant;

use super::listing::Limits;
use super::receive::Classes;
use crate::cover::Cover;
use crate::encode::Encoded;
use crate::error::{Error, Result};
use crate::exact::{Built, ExactEngine};
use crate::puzzle::Puzzle;
use crate::solution::{Solution, checked};
use crate::symmetry::{Breaking, Group};

/// Everything an enumeration over a cover needs besides the engine.
#[derive(Clone, Copy)]
pub struct CoverRun<'a> {
    /// The puzzle every solution is checked against; its board is the
    /// one the cover's cell items number (the first-cell engine scans it).
    pub puzzle: &'a Puzzle,
    pub cover: &'a Cover,
    pub group: &'a Group,
    /// The solution chosen options stand for (the family's reading).
    pub solution: &'a dyn Fn(&[u32]) -> Solution,
    pub breaking: Option<&'a Breaking>,
    /// The CNF, for the SAT engine.
    pub encoded: Option<&'a Encoded>,
    pub limits: &'a Limits,
    pub run_started: Instant,
}

impl CoverRun<'_> {
    /// The options symmetry breaking forbids.
    pub(super) fn forbidden(&self) -> Vec<u32> {
        self.breaking
            .map(|b| b.forbidden.clone())
            .unwrap_or_default()
    }

    /// `engine` built over the run's cover, with symmetry breaking.
    pub fn build(&self, engine: ExactEngine) -> Result<Built> {
        engine
            .build(self.cover, &self.forbidden(), &self.puzzle.board)
            .map_err(Error::Usage)
    }
}

/// The classes of a cover's solutions (its options, as the search sends
/// them): the run's group reads them, the puzzle checks them.
pub(super) struct CoverClasses<'a> {
    pub run: &'a CoverRun<'a>,
    /// The engine, for the message of a failed check.
    pub who: String,
}

impl Classes<Vec<u32>> for CoverClasses<'_> {
    type Key = Vec<u32>;

    fn order(&self) -> u64 {
        self.run.group.order() as u64
    }

    fn canonical(&self, options: &Vec<u32>) -> (Vec<u32>, usize) {
        self.run.group.canonical(options)
    }

    fn decode(&self, options: Vec<u32>) -> Result<Solution> {
        checked(self.run.puzzle, (self.run.solution)(&options), &self.who)
    }
}
