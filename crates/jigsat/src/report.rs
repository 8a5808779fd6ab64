//! How a run ended and what it measured: the parts of every command's
//! output that do not depend on the puzzle. [`Ending`] is the one rule of
//! what a run that did not finish may say, for every engine and phase.

use std::fmt;
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

/// How a whole run ended, every phase taken together: the one rule of
/// what a run may say, which every engine's end (exact, SAT, race,
/// disassembly, certificate, listing, split part) goes through.
///
/// A run that did not finish — a signal, the time limit, the memory
/// budget, a part that gave up — is never [`Status::Solved`] nor
/// [`Status::Unsolvable`]: its status is [`Status::Unknown`], and
/// [`Ending::unfinished`] says why, so that what it found is read as
/// partial. The status is computed here and nowhere else; the fields are
/// private so that no caller can pair a status with an end it contradicts.
///
/// ```
/// use jigsat::api::run::{Ending, Status, Stop, Unfinished};
/// // A search stopped by Ctrl-C after finding classes: not solved.
/// let stopped = Ending::of_search(false, 144, Some(&Stop::Interrupted));
/// assert_eq!(stopped.status(), Status::Unknown);
/// assert_eq!(stopped.unfinished(), Some(&Unfinished::Interrupted));
/// // A whole count, then a disassembly that gave up: not finished either.
/// let later = Ending::of_search(true, 5, None).then(Some(Unfinished::GaveUp("memory".into())));
/// assert_eq!(later.status(), Status::Unknown);
/// assert!(Ending::of_search(true, 5, None).is_finished());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    status: Status,
    unfinished: Option<Unfinished>,
}

/// Why a run did not finish.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Unfinished {
    /// Ctrl-C or SIGTERM, or the stop flag raised from outside (exit 130).
    Interrupted,
    /// The time limit, the memory budget, a cap, or a part that gave up,
    /// in words (exit 3).
    GaveUp(String),
}

impl std::fmt::Display for Unfinished {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unfinished::Interrupted => f.write_str("interrupted"),
            Unfinished::GaveUp(why) => f.write_str(why),
        }
    }
}

impl Ending {
    /// The end of a run that finished with `status` (a first solution, a
    /// proof): [`Status::Unknown`] is a solver that gave no answer.
    pub fn answered(status: Status) -> Ending {
        let unfinished =
            (status == Status::Unknown).then(|| Unfinished::GaveUp("no answer".into()));
        Ending { status, unfinished }
    }

    /// The end of an enumeration: `complete` when its search was
    /// exhausted, `found` classes, `stopped` why it ended early. Reaching
    /// the limit on classes asked for (with a class found) is finishing;
    /// anything else short of exhausting the search is not.
    pub fn of_search(complete: bool, found: u64, stopped: Option<&Stop>) -> Ending {
        let unfinished = match (complete, stopped) {
            (true, _) => None,
            (false, Some(Stop::Limit(_))) if found > 0 => None,
            (false, Some(Stop::Interrupted)) => Some(Unfinished::Interrupted),
            (false, Some(why)) => Some(Unfinished::GaveUp(why.to_string())),
            (false, None) => Some(Unfinished::GaveUp(
                "the search ended before it was exhausted".into(),
            )),
        };
        let status = match (&unfinished, found) {
            (Some(_), _) => Status::Unknown,
            (None, 0) => Status::Unsolvable,
            (None, _) => Status::Solved,
        };
        Ending { status, unfinished }
    }

    /// This end followed by a later phase's (the disassembly after a
    /// count): a later phase that did not finish leaves the run
    /// unfinished, whatever the earlier found. The first reason stands.
    pub fn then(self, later: Option<Unfinished>) -> Ending {
        match (self.unfinished, later) {
            (Some(first), _) | (None, Some(first)) => Ending {
                status: Status::Unknown,
                unfinished: Some(first),
            },
            (None, None) => Ending {
                status: self.status,
                unfinished: None,
            },
        }
    }

    /// What the run may say it found.
    pub fn status(&self) -> Status {
        self.status
    }

    /// Why it did not finish; `None` when it did.
    pub fn unfinished(&self) -> Option<&Unfinished> {
        self.unfinished.as_ref()
    }

    /// Whether it finished: its figures are whole.
    pub fn is_finished(&self) -> bool {
        self.unfinished.is_none()
    }

    /// Whether a signal (or the stop flag) ended it.
    pub fn is_interrupted(&self) -> bool {
        self.unfinished == Some(Unfinished::Interrupted)
    }
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

/// Why an enumeration ended before exhausting the search.
///
/// ```
/// use jigsat::api::{Puzzle, Solver, run::Stop};
/// let soma = Puzzle::from_file("puzzles/soma.toml")?;
/// let two = Solver::new().limit(2).enumerate(&soma, None, &mut |_| {})?;
/// assert_eq!(two.stopped, Some(Stop::Limit(2)));
/// assert_eq!(Stop::Limit(2).to_string(), "limit of 2 solutions reached");
/// # Ok::<(), jigsat::api::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The limit on classes was reached: what was asked for was found.
    Limit(usize),
    /// The time limit (as the user gave it) ran out.
    TimeLimit(Duration),
    /// The stop flag was raised from outside: Ctrl-C, SIGTERM, or the
    /// other runner of a race answered first.
    Interrupted,
}

impl fmt::Display for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stop::Limit(n) => write!(f, "limit of {n} solutions reached"),
            Stop::TimeLimit(limit) => f.write_str(&time_limit_reached(*limit)),
            Stop::Interrupted => f.write_str("interrupted"),
        }
    }
}
