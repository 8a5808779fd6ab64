//! For puzzle designers: of all the ways to choose pieces from a pool
//! (piece counts as ranges, `count = "0..1"`), which fill the board and
//! in how many ways — each choice's count, distinct and, for burrs, how
//! many of its assemblies come apart and the highest level — from one
//! enumeration over every choice at once (`jigsat design`).
//!
//! ```
//! use jigsat::api::{Puzzle, Solver, design::{Asked, Sort}};
//!
//! // Straight trominoes (at most four) and bent ones in a 5 x 5 square
//! // with a hole: which mixes fill it, and in how many ways?
//! let pool = Puzzle::from_file("puzzles/tromino-choice.toml")?;
//! let design = Solver::new().design(&pool, &Asked::default(), &mut |_| {})?;
//! // The totals are `count`'s, split by choice.
//! let counts = pool.count()?;
//! assert_eq!((design.count, design.distinct), (counts.count, counts.distinct));
//! let rows = design.sorted(Sort::Distinct);
//! assert_eq!(rows.iter().map(|r| r.distinct).sum::<u64>(), counts.distinct);
//! assert_eq!(rows[0].pieces, [("straight".to_string(), 3), ("bent".to_string(), 5)]);
//! # Ok::<(), jigsat::api::Error>(())
//! ```

use std::collections::BTreeMap;
use std::sync::Arc;

use serde_json::{Value, json};

use super::disassembly::{Disassembler, Halted, Outcome, Summary, first_halt};
use super::error::contained;
use super::run::Enumeration;
use super::{Puzzle, Result, Solution, Solver};
use crate::design::pool::{Choice, Pool};

/// What a design run is asked for besides the tallies.
#[derive(Clone, Debug, Default)]
pub struct Asked {
    /// List the choices the pool allows that no solution uses too
    /// (`--all`): "impossible" is an answer as well.
    pub all: bool,
    /// Take every distinct assembly apart with this (`--disassemble`):
    /// per choice, how many come apart and the highest level.
    pub disassemble: Option<Disassembler>,
}

/// One choice of pieces and its figures.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Row {
    /// The pieces used, by name, with their copies (pieces left out are
    /// not listed), in the puzzle's order.
    pub pieces: Vec<(String, u32)>,
    /// Solutions on a fixed board.
    pub count: u64,
    /// Solutions up to the board's symmetry.
    pub distinct: u64,
    /// With `--disassemble` (and the count complete): its assemblies
    /// taken apart.
    pub disassembly: Option<Summary>,
    /// The choice as copies per piece entry, for the order of the rows.
    choice: Choice,
}

impl Row {
    /// Whether the choice has exactly one solution up to symmetry.
    pub fn is_unique(&self) -> bool {
        self.distinct == 1
    }

    /// How many of its assemblies come apart, when taken apart.
    pub fn come_apart(&self) -> Option<u64> {
        self.disassembly.as_ref().map(|s| s.come_apart)
    }

    /// The highest level among its assemblies that come apart.
    pub fn highest_level(&self) -> Option<String> {
        self.disassembly.as_ref().and_then(Summary::highest)
    }

    /// The row in the design document: `pieces`, `count`, `distinct`,
    /// `come_apart`, `highest_level` (null when not taken apart, or none
    /// comes apart).
    pub fn value(&self) -> Value {
        let pieces: serde_json::Map<String, Value> = self
            .pieces
            .iter()
            .map(|(n, c)| (n.clone(), json!(c)))
            .collect();
        json!({
            "pieces": pieces,
            "count": self.count,
            "distinct": self.distinct,
            "come_apart": self.come_apart(),
            "highest_level": self.highest_level(),
        })
    }
}

/// The order of a design's rows.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Sort {
    /// The pool's order: the first piece's most copies first.
    #[default]
    Choice,
    /// Fewest solutions first.
    Count,
    /// Fewest distinct solutions first: the unique ones on top.
    Distinct,
    /// Highest level first (then most that come apart).
    Level,
}

/// What a design run found.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Design {
    /// Every choice with a solution (with [`Asked::all`], every choice
    /// the pool allows), in the pool's order.
    pub rows: Vec<Row>,
    /// Solutions on a fixed board over all choices: `count`'s figure.
    pub count: u64,
    /// Solutions up to symmetry over all choices: `count`'s distinct.
    pub distinct: u64,
    /// How many choices the pool allows by the cells alone (an estimate
    /// past 2^53).
    pub choices: f64,
    /// The enumeration's ending and figures (its classes are not kept).
    pub enumeration: Enumeration,
    /// Every assembly taken apart, summed up (`--disassemble`).
    pub disassembly: Option<Summary>,
    /// The halt that stopped the disassembly early, if one did.
    pub halted: Option<Halted>,
    /// The pool's pieces, one name per shape, in the puzzle's order: the
    /// columns of a table.
    pub names: Vec<String>,
    /// The pieces of one shape under different names, counted as copies
    /// of the first (its name stands for them all in the rows).
    pub same_shape: Vec<Vec<String>>,
}

/// Bytes a choice's tally takes, its key and the map's own share: how a
/// pool's choices are weighed against the memory budget.
const BYTES_PER_CHOICE: u64 = 96;

impl Solver {
    /// Enumerates `puzzle` once over every choice its piece ranges
    /// allow, and tallies the solutions per choice of pieces; `progress`
    /// hears the classes found so far. A pool that can never fill the
    /// board is answered by the arithmetic (`enumeration.refuted`, no
    /// search); a pool with more choices than the memory budget holds is
    /// refused ([`super::Error::Usage`]) with the figure.
    pub fn design(
        &self,
        puzzle: &Puzzle,
        asked: &Asked,
        progress: &mut dyn FnMut(u64),
    ) -> Result<Design> {
        let (inner, same_shape) = one_entry_per_shape(puzzle, asked);
        let pool = contained(|| Pool::of(&inner))?;
        let choices = pool.choices();
        if let Some(why) = pool.arithmetic() {
            let refuted = crate::enumerate::Enumeration::refuted(why);
            return Ok(Design::of_refuted(refuted, choices, pool.names));
        }
        refuse_too_many(&pool, choices)?;
        let options = self.run_options();
        let keep = asked.disassemble.is_some();
        let (tallied, stats) =
            contained(|| crate::design::tally(&inner, &pool, &options, keep, progress))?;
        let found = tallied.found;
        let mut design = Design {
            rows: rows_of(&pool, &tallied.choices, asked.all),
            count: found.count,
            distinct: found.distinct,
            choices,
            enumeration: Enumeration {
                classes: Vec::new(),
                count: found.count,
                distinct: found.distinct,
                complete: found.complete,
                stopped: found.stopped,
                refuted: found.refuted,
                stats,
            },
            disassembly: None,
            halted: None,
            names: pool.names.clone(),
            same_shape,
        };
        if let Some(disassembler) = asked.disassemble.as_ref().filter(|_| found.complete) {
            let kept = tallied
                .kept
                .into_iter()
                .map(|(choice, s)| (choice, Solution::new(Arc::clone(&inner), s)));
            design.take_apart(disassembler, kept.collect())?;
        }
        Ok(design)
    }
}

/// The pool with its alike pieces made one entry ([`crate::design::same`]),
/// and the groups made one. Not when the assemblies are taken apart by
/// BurrTools' groups, which are the file's piece by piece.
fn one_entry_per_shape(
    puzzle: &Puzzle,
    asked: &Asked,
) -> (Arc<crate::puzzle::Puzzle>, Vec<Vec<String>>) {
    let grouped = asked.disassemble.as_ref().is_some_and(|d| d.grouped());
    match crate::design::same::merged(&puzzle.inner).filter(|_| !grouped) {
        Some(merged) => (Arc::new(merged.puzzle), merged.groups),
        None => (Arc::clone(&puzzle.inner), Vec::new()),
    }
}

/// Refuses a pool whose choices' tallies would not fit in the memory
/// budget, with the figure.
fn refuse_too_many(pool: &Pool, choices: f64) -> Result<()> {
    let per = BYTES_PER_CHOICE + 4 * pool.names.len() as u64;
    // `as` saturates: past u64 the bytes are u64::MAX, refused.
    let bytes = (choices * per as f64).min(u64::MAX as f64) as u64;
    let figure = match choices < 1e15 {
        true => format!("{choices:.0}"),
        false => format!("{choices:.2e}"),
    };
    let what = format!("the tallies of the {figure} choices of pieces that fit the board");
    contained(|| crate::process::budget::check(bytes, &what, "narrow the pieces' count ranges"))
}

/// The rows of the tallied choices (and with `all` the choices the pool
/// allows that no solution uses), in the pool's order.
fn rows_of(pool: &Pool, tallied: &BTreeMap<Choice, crate::design::Tally>, all: bool) -> Vec<Row> {
    let row = |choice: &[u32], count: u64, distinct: u64| Row {
        pieces: (pool.names.iter().zip(choice))
            .filter(|(_, n)| **n > 0)
            .map(|(name, &n)| (name.clone(), n))
            .collect(),
        count,
        distinct,
        disassembly: None,
        choice: choice.to_vec(),
    };
    let mut rows: Vec<Row> = match all {
        true => {
            let mut rows = Vec::new();
            pool.each(&mut |choice| {
                if pool.canonical(choice) != choice {
                    return true;
                }
                let t = tallied.get(choice).copied().unwrap_or_default();
                rows.push(row(choice, t.count, t.distinct));
                true
            });
            rows
        }
        false => tallied
            .iter()
            .map(|(c, t)| row(c, t.count, t.distinct))
            .collect(),
    };
    rows.sort_by(|a, b| b.choice.cmp(&a.choice));
    rows
}

impl Design {
    /// The design a split's parts add up to: per choice (count,
    /// distinct), summing to `whole`; no disassembly (the parts keep no
    /// classes).
    pub(crate) fn of_parts(
        pool: &Pool,
        choices: BTreeMap<Choice, (u64, u64)>,
        whole: (u64, u64),
        all: bool,
    ) -> Result<Design> {
        if let Some(stray) = choices.keys().find(|c| !pool.allows(c)) {
            return Err(super::Error::Usage(format!(
                "the parts hold the choice {stray:?}, which is not one of the pool's"
            )));
        }
        let tallies = (choices.into_iter())
            .map(|(c, (count, distinct))| (c, crate::design::Tally { count, distinct }))
            .collect();
        let mut design = Design::of_refuted(Default::default(), pool.choices(), pool.names.clone());
        design.rows = rows_of(pool, &tallies, all);
        (design.count, design.distinct) = whole;
        (design.enumeration.count, design.enumeration.distinct) = whole;
        design.enumeration.refuted = None;
        Ok(design)
    }

    fn of_refuted(
        found: crate::enumerate::Enumeration,
        choices: f64,
        names: Vec<String>,
    ) -> Design {
        Design {
            rows: Vec::new(),
            count: 0,
            distinct: 0,
            choices,
            enumeration: Enumeration {
                classes: Vec::new(),
                count: 0,
                distinct: 0,
                complete: true,
                stopped: None,
                refuted: found.refuted,
                stats: Default::default(),
            },
            disassembly: None,
            halted: None,
            names,
            same_shape: Vec::new(),
        }
    }

    /// Takes every kept class apart in one batch (on every thread the
    /// disassembler has), then sums the outcomes up choice by choice.
    fn take_apart(
        &mut self,
        disassembler: &Disassembler,
        kept: Vec<(Choice, Solution)>,
    ) -> Result<()> {
        let (choices, classes): (Vec<Choice>, Vec<Solution>) = kept.into_iter().unzip();
        let outcomes = disassembler.take_apart(&classes)?;
        let mut by_choice: BTreeMap<&Choice, Vec<Outcome>> = BTreeMap::new();
        for (choice, outcome) in choices.iter().zip(&outcomes) {
            by_choice.entry(choice).or_default().push(outcome.clone());
        }
        for row in &mut self.rows {
            let taken = by_choice.get(&row.choice).map_or(&[][..], Vec::as_slice);
            row.disassembly = Some(Summary::of(taken));
        }
        self.halted = first_halt(&outcomes).cloned();
        self.disassembly = Some(Summary::of(&outcomes));
        Ok(())
    }

    /// The rows in the order asked for; ties keep the pool's order.
    pub fn sorted(&self, sort: Sort) -> Vec<&Row> {
        let mut rows: Vec<&Row> = self.rows.iter().collect();
        match sort {
            Sort::Choice => {}
            Sort::Count => rows.sort_by_key(|r| r.count),
            Sort::Distinct => rows.sort_by_key(|r| r.distinct),
            Sort::Level => rows.sort_by_key(|r| std::cmp::Reverse(level_key(r))),
        }
        rows
    }

    /// The design document: the choices' rows (in the order given),
    /// the totals and how many choices the pool allows.
    pub fn json(&self, rows: &[&Row]) -> Value {
        let mut totals = json!({
            "count": self.count,
            "distinct": self.distinct,
            "choices_with_solutions": self.rows.iter().filter(|r| r.distinct > 0).count(),
            "choices_in_pool": self.choices,
        });
        if !self.same_shape.is_empty() {
            totals["same_shape"] = json!(self.same_shape);
        }
        if let Some(d) = &self.disassembly {
            totals["come_apart"] = json!(d.come_apart);
            totals["highest_level"] = json!(d.highest());
        }
        json!({
            "choices": rows.iter().map(|r| r.value()).collect::<Vec<_>>(),
            "totals": totals,
        })
    }
}

/// What `--sort level` orders by: the highest level, then how many come
/// apart.
fn level_key(row: &Row) -> (Option<Vec<u32>>, u64) {
    let d = row.disassembly.as_ref();
    let highest = d.and_then(|s| s.levels.keys().next_back().cloned());
    (highest, d.map_or(0, |s| s.come_apart))
}
