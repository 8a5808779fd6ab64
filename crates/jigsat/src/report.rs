//! How a run ended and what it measured: the parts of every command's
//! output that do not depend on the puzzle.

use std::time::Duration;

use serde::Serialize;

/// How a run ended (the binary turns it into the exit status).
///
/// ```
/// use jigsat::api::{Puzzle, Solver, run::Status};
/// let soma = Puzzle::from_file("puzzles/soma.toml")?;
/// assert_eq!(Solver::new().run(&soma)?.status, Status::Solved);
/// # Ok::<(), jigsat::api::Error>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// A solution was found and checked (exit 0).
    Solved,
    /// There is no solution: the search or the solver proved it (exit 1).
    Unsolvable,
    /// No answer: the time limit, or a solver that gave up (exit 3).
    Unknown,
}

/// Size and timing figures of one run, as the JSON `stats` object shows.
///
/// ```
/// use jigsat::api::{Puzzle, Solver};
/// let soma = Puzzle::from_file("puzzles/soma.toml")?;
/// let stats = Solver::new().engine("varisat")?.run(&soma)?.stats;
/// assert!(stats.variables > 0 && stats.clauses > 0);
/// assert_eq!(stats.backend, "varisat");
/// # Ok::<(), jigsat::api::Error>(())
/// ```
#[derive(Clone, Debug, Default, Serialize)]
pub struct Stats {
    /// Variables of the CNF; 0 when no CNF was written (an exact search).
    pub variables: u64,
    /// Clauses of the CNF; 0 likewise.
    pub clauses: u64,
    /// How the puzzle was encoded: the at-most-one encoding (with the
    /// edge encoding after a `+`), `order`, or the search's own word.
    pub encoding: String,
    /// What answered: the solver or exact engine by name, or `pre-check`.
    pub backend: String,
    /// Milliseconds to build the cover and write the CNF.
    pub encode_ms: f64,
    /// Milliseconds the solver or search took.
    pub solve_ms: f64,
}

/// Milliseconds with microsecond precision, as the JSON stats give them.
pub fn ms(d: Duration) -> f64 {
    (d.as_secs_f64() * 1e6).round() / 1e3
}

/// The words a stopped run gives as its reason.
pub fn time_limit_reached(limit: Duration) -> String {
    format!("time limit of {:.1} s reached", limit.as_secs_f64())
}
