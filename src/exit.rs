//! How a command ended, and the one place where that becomes the
//! contract's exit status.

use jigsat::api::Error;
use jigsat::api::run::{Ending, Status, Unfinished};

/// How a command ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Exit {
    /// It did what was asked: a checked solution, a count, a file written.
    Done,
    /// The puzzle (or the part) has no solution, proved.
    NoSolution,
    /// Bad input or usage: the message names the file and what was
    /// expected.
    BadInput,
    /// It gave up: the time limit, or a solver that gave no answer.
    GaveUp,
    /// Ctrl-C or SIGTERM: what was found so far was printed.
    Interrupted,
}

impl Exit {
    /// The contract's exit status: 0 done, 1 no solution, 2 bad input, 3
    /// gave up, 130 interrupted (128 + SIGINT, as shells expect).
    pub fn code(self) -> i32 {
        match self {
            Exit::Done => 0,
            Exit::NoSolution => 1,
            Exit::BadInput => 2,
            Exit::GaveUp => 3,
            Exit::Interrupted => 130,
        }
    }
}

impl From<Status> for Exit {
    fn from(status: Status) -> Exit {
        match status {
            Status::Solved => Exit::Done,
            Status::Unsolvable => Exit::NoSolution,
            Status::Unknown => Exit::GaveUp,
        }
    }
}

/// The one rule of a run's exit ([`Ending`]): a run that did not finish
/// never exits 0 — 130 after a signal, 3 for any other stop — and one that
/// did exits by its status.
impl From<&Ending> for Exit {
    fn from(ending: &Ending) -> Exit {
        match ending.unfinished() {
            Some(Unfinished::Interrupted) => Exit::Interrupted,
            Some(_) => Exit::GaveUp,
            None => ending.status().into(),
        }
    }
}

impl From<&Error> for Exit {
    fn from(error: &Error) -> Exit {
        match error.exit_code() {
            2 => Exit::BadInput,
            130 => Exit::Interrupted,
            _ => Exit::GaveUp,
        }
    }
}
