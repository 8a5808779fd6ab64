//! `Puzzle.best()`: the best score of an edge-matching board
//! (`jigsat solve --best`), run off the Python thread.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use jigsat::api;
use jigsat::api::best::{BestSearch, Ended, Outcome, Scored};
use pyo3::prelude::*;

use super::Solution;
use super::disassembly::off_thread;

/// The best board a run found: every tile placed, the frame kept, as many
/// inner edges matched as it could (Eternity II's score). Its score was
/// counted again from the board alone.
#[pyclass(module = "jigsat", frozen)]
pub struct Best {
    scored: Scored,
    ended: Ended,
    seed: u64,
    board: Py<Solution>,
}

#[pymethods]
impl Best {
    /// The inner edges that match.
    #[getter]
    fn score(&self) -> u64 {
        self.scored.score
    }

    /// The inner edges: a solution's score.
    #[getter]
    fn max_score(&self) -> u64 {
        self.scored.max_score
    }

    /// The edges that do not match, as ``(x, y, side, (label, label))``:
    /// the tile left of the edge (``"right"``) or above it (``"bottom"``),
    /// its label first.
    #[getter]
    fn mismatched(&self) -> Vec<(i32, i32, String, (String, String))> {
        self.scored
            .mismatched
            .iter()
            .map(|m| {
                let [a, b] = m.labels.clone();
                (m.at[0], m.at[1], m.side.clone(), (a, b))
            })
            .collect()
    }

    /// Seconds from the start of the run to this board.
    #[getter]
    fn seconds(&self) -> f64 {
        self.scored.elapsed.as_secs_f64()
    }

    /// Why the run ended: ``"solved"`` (every edge matches: the board is a
    /// checked solution), ``"time limit"``, or ``"fixed"`` (every position
    /// a clue: the one board there is).
    #[getter]
    fn ended(&self) -> &'static str {
        match self.ended {
            Ended::Solved => "solved",
            Ended::Exhausted => "fixed",
            Ended::TimeLimit => "time limit",
            Ended::Interrupted => "interrupted",
        }
    }

    /// The run's seed: another seed searches other boards.
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    /// The board, to draw (``.text()``, ``.svg()``, ``.html()``): a
    /// solution's pictures, whose mismatched edges show as such.
    #[getter]
    fn board(&self, py: Python<'_>) -> Py<Solution> {
        self.board.clone_ref(py)
    }

    /// The document of ``jigsat solve --best --format json``: ``score``,
    /// ``max_score``, ``mismatched`` and the ``tiles``.
    fn json(&self) -> String {
        self.scored.json()
    }

    fn __repr__(&self) -> String {
        format!(
            "Best(score={}, max_score={}, ended={:?})",
            self.scored.score,
            self.scored.max_score,
            self.ended()
        )
    }
}

/// The best board of `puzzle` within `time_limit` on `threads` (one per
/// core when `None`) from `seed`, off the Python thread (Ctrl-C stops the
/// run and raises `KeyboardInterrupt`); `None` when counting proves the
/// tiles cannot all be placed.
pub fn best(
    py: Python<'_>,
    puzzle: &api::Puzzle,
    groups: &api::disassembly::Groups,
    time_limit: Duration,
    threads: Option<usize>,
    seed: u64,
) -> PyResult<Option<Best>> {
    let stop = Arc::new(AtomicBool::new(false));
    let mut search = BestSearch::new()
        .time_limit(time_limit)
        .seed(seed)
        .stop_flag(Arc::clone(&stop));
    if let Some(n) = threads {
        search = search.threads(n);
    }
    let owned = puzzle.clone();
    let outcome = off_thread(py, &stop, move || search.run(&owned, &mut |_| {}))?;
    let (scored, ended) = match outcome {
        Outcome::Impossible(_) => return Ok(None),
        Outcome::Best(scored, ended) => (scored, ended),
    };
    let board = Py::new(
        py,
        Solution {
            inner: scored.board.clone(),
            groups: groups.clone(),
        },
    )?;
    Ok(Some(Best {
        scored,
        ended,
        seed,
        board,
    }))
}
