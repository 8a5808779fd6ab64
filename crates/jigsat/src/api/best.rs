//! The best score of an edge-matching board (`solve --best`): every tile
//! placed, the frame kept, as many inner edges matched as the search
//! finds — Eternity II's score, 480 of 480 on its 16 x 16 board being a
//! solution. For boards whose full solution is out of reach.
//!
//! ```
//! use jigsat::api::Puzzle;
//! use jigsat::api::best::{BestSearch, Outcome};
//!
//! let cats = Puzzle::from_file("puzzles/big-cats.toml")?;
//! let search = BestSearch::new().time_limit(std::time::Duration::from_secs(5));
//! let Outcome::Best(best, _) = search.run(&cats, &mut |_| {})? else { panic!() };
//! assert_eq!(best.max_score, 12);
//! assert!(best.score <= best.max_score);
//! assert!(best.json().contains("\"mismatched\""));
//! # Ok::<(), jigsat::api::Error>(())
//! ```
//!
//! Every board handed out is scored again from the board alone (each tile
//! used as its count, turned as allowed, clues in place, the frame kept;
//! only the matching edges counted), and one that scores every edge is
//! checked in full as a solution.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use super::{Cell, Puzzle, Result, Solution};
use crate::family::tiles::best;

/// The settings of a best-score search: a time limit, threads, a seed,
/// a stop flag.
#[derive(Clone, Debug)]
pub struct BestSearch {
    time_limit: Option<Duration>,
    threads: usize,
    seed: u64,
    stop: Arc<AtomicBool>,
}

/// A board with every tile placed, and its score.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Scored {
    /// The board (a [`Solution`] only when every edge matches: then
    /// `score == max_score`).
    pub board: Solution,
    /// Matched inner edges.
    pub score: u64,
    /// Inner edges: the score of a solution.
    pub max_score: u64,
    /// The inner edges that do not match.
    pub mismatched: Vec<Mismatch>,
    /// When the search found it, from its start.
    pub elapsed: Duration,
}

/// An inner edge whose two sides do not match.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Mismatch {
    /// The position left of the edge (side `right`) or above it (`bottom`).
    pub at: Cell,
    /// `right` or `bottom`.
    pub side: String,
    /// The labels that meet there, `at`'s first.
    pub labels: [String; 2],
}

pub use crate::family::tiles::best::Ended;

/// What a best-score search came to.
#[derive(Clone, Debug)]
pub enum Outcome {
    /// The tiles cannot all be placed with the frame kept (the reason).
    Impossible(String),
    /// The best board found, and why the search ended.
    Best(Scored, Ended),
}

impl Default for BestSearch {
    fn default() -> BestSearch {
        BestSearch::new()
    }
}

impl BestSearch {
    /// No time limit (the search runs until the stop flag or a solution),
    /// one thread per core, seed 1.
    pub fn new() -> BestSearch {
        BestSearch {
            time_limit: None,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            seed: 1,
            stop: Arc::new(AtomicBool::new(false)),
        }
    }

    /// Ends the search after `limit` with the best board found.
    pub fn time_limit(mut self, limit: Duration) -> BestSearch {
        self.time_limit = Some(limit);
        self
    }

    /// Searches on `n` threads (at least one), each from its own board.
    pub fn threads(mut self, n: usize) -> BestSearch {
        self.threads = n.max(1);
        self
    }

    /// The seed of the random choices (1 by default): the first thread's,
    /// the others' drawn from it so that runs with different seeds (one
    /// per machine) share no thread's.
    pub fn seed(mut self, seed: u64) -> BestSearch {
        self.seed = seed;
        self
    }

    /// A flag that, once raised, ends the search with the best board
    /// found ([`crate::api::process::interrupt_flag`] for Ctrl-C).
    pub fn stop_flag(mut self, stop: Arc<AtomicBool>) -> BestSearch {
        self.stop = stop;
        self
    }

    /// Searches `puzzle`, calling `improved` with each board better than
    /// every one before it. [`crate::api::Error::Usage`] for a packing
    /// puzzle.
    pub fn run(&self, puzzle: &Puzzle, improved: &mut dyn FnMut(&Scored)) -> Result<Outcome> {
        let settings = best::Settings {
            time_limit: self.time_limit,
            threads: self.threads,
            seed: self.seed,
            stop: self.stop.clone(),
        };
        let inner = puzzle.inner.clone();
        let scored = |f: &best::Found| Scored {
            board: Solution::new(inner.clone(), f.solution.clone()),
            score: f.score.score,
            max_score: f.score.max_score,
            mismatched: f
                .score
                .mismatched
                .iter()
                .map(|m| Mismatch {
                    at: [m.at.x, m.at.y, m.at.z],
                    side: m.side.to_string(),
                    labels: m.labels.clone(),
                })
                .collect(),
            elapsed: f.elapsed,
        };
        let outcome = best::run(&puzzle.inner, &settings, &mut |f| improved(&scored(f)))?;
        Ok(match outcome {
            best::Outcome::Impossible(why) => Outcome::Impossible(why),
            best::Outcome::Best(f, ended) => Outcome::Best(scored(&f), ended),
        })
    }
}

impl Scored {
    /// The board as JSON: `score`, `max_score`, `mismatched` (each edge's
    /// position `at` as [x, y], its `side` and the two `labels`) and the
    /// `tiles` as a solution lists them.
    pub fn json_value(&self) -> serde_json::Value {
        let mut value = crate::render::json::solution(&self.board.puzzle, &self.board.inner);
        let mismatched: Vec<serde_json::Value> = self
            .mismatched
            .iter()
            .map(|m| serde_json::json!({"at": [m.at[0], m.at[1]], "side": m.side, "labels": m.labels}))
            .collect();
        value["score"] = self.score.into();
        value["max_score"] = self.max_score.into();
        value["mismatched"] = mismatched.into();
        value
    }

    /// [`Scored::json_value`] as pretty-printed text.
    pub fn json(&self) -> String {
        serde_json::to_string_pretty(&self.json_value()).unwrap_or_default()
    }
}
