//! How a run ended and what it measured: the parts of every command's
//! output that do not depend on the puzzle.

use std::time::Duration;

use serde::Serialize;

/// How a run ended (the binary turns it into the exit status).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Solved,
    Unsolvable,
    Unknown,
}

/// Size and timing figures of one run, as the JSON `stats` object shows.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Stats {
    pub variables: u64,
    pub clauses: u64,
    pub encoding: String,
    pub backend: String,
    pub encode_ms: f64,
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
