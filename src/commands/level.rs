//! The level under `solve`'s drawing of an assembly in space: whether the
//! assembly shown comes apart by sliding pieces, and BurrTools' level text,
//! from the same disassembler and the same choice of image as `jigsat
//! disasm` (so the two always agree).
//!
//! It is a remark on the answer, never at its cost: the search is capped
//! (states per part, the run's time limit, the memory budget), and a
//! search that stops at a cap only changes the line to
//! "not determined", not the exit status. Ctrl-C stops it like any run
//! that polls the flag (the drawing is still written, exit 130).

use std::path::Path;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::exit::Exit;
use jigsat::api::disassembly::{Disassembler, Groups, HaltReason, Outcome};
use jigsat::api::{Result, Solution, process};

/// The most states the search of one part may reach for the line: 14
/// times the largest of BurrTools' cube-grid examples (an assembly of
/// PelikanBurr: 7,013 states over all its parts, `jigsat disasm --all`).
/// A count of states, not seconds, so that the line is the same on a fast
/// machine and a loaded one (a 2 s cap left PelikanBurr's line "not
/// determined" on a busy machine).
pub(super) const LEVEL_STATES: u64 = 100_000;

/// What the line says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Level {
    /// It comes apart, with this level text.
    Apart(String),
    /// It does not come apart by sliding pieces.
    Stuck,
    /// A cap or the time limit stopped the search after this many states
    /// (of the part being searched); `why` names the cap.
    NotDetermined { states: u64, why: String },
    /// Ctrl-C stopped it.
    Interrupted { states: u64 },
}

impl Level {
    /// The line under the drawing.
    pub(super) fn line(&self) -> String {
        match self {
            Level::Apart(level) => format!("level: {level}\n"),
            Level::Stuck => "does not come apart (sliding pieces, no turns)\n".into(),
            Level::NotDetermined { states, why } => format!(
                "level: not determined (stopped after {states} states: {why}; try jigsat disasm)\n"
            ),
            Level::Interrupted { states } => {
                format!("level: not determined (interrupted after {states} states)\n")
            }
        }
    }

    /// The fields a solution of the JSON document gains: `comes_apart`
    /// and `level`, both null when not determined.
    pub(super) fn fields(&self) -> serde_json::Map<String, Value> {
        let (apart, level) = match self {
            Level::Apart(l) => (json!(true), json!(l)),
            Level::Stuck => (json!(false), Value::Null),
            _ => (Value::Null, Value::Null),
        };
        let mut m = serde_json::Map::new();
        m.insert("comes_apart".into(), apart);
        m.insert("level".into(), level);
        m
    }

    /// The exit status the line imposes: only Ctrl-C's.
    pub(super) fn exit(&self) -> Option<Exit> {
        matches!(self, Level::Interrupted { .. }).then_some(Exit::Interrupted)
    }
}

/// The level of `solution` of the puzzle read from `path`; `None` for a
/// puzzle that has no level (flat, edge-matching tiles, fewer than two
/// pieces placed) or an assembly the disassembler refuses (more than 64
/// pieces). `time_limit` counts from `started`, as the run's.
pub(super) fn shown_level(
    path: &Path,
    problem: Option<&str>,
    solution: &Solution,
    time_limit: Option<Duration>,
    started: Instant,
) -> Result<Option<Level>> {
    if Disassembler::new().refuses(solution).is_some() {
        return Ok(None);
    }
    let groups = Groups::from_file(path, problem)?;
    // The solve did not poll the flag (a signal would have ended it), and
    // may have raised it to stop its own engines: from here on Ctrl-C
    // stops the search and the drawing is still written.
    process::rearm();
    let mut disassembler = Disassembler::new()
        .moves(false)
        .threads(1)
        .groups(groups)
        .stop_flag(process::interrupt_flag())
        .max_states(LEVEL_STATES);
    if let Some(limit) = time_limit {
        disassembler = disassembler.deadline(started + limit);
    }
    let taken = disassembler.take_apart(std::slice::from_ref(solution))?;
    Ok(match taken.into_iter().next() {
        None | Some(Outcome::NotReached) => None,
        Some(Outcome::Done(d)) => Some(match d.level() {
            Some(level) => Level::Apart(level),
            None => Level::Stuck,
        }),
        Some(Outcome::Halted(halted)) => {
            let states = halted.states;
            let why = match halted.reason {
                HaltReason::Interrupted => return Ok(Some(Level::Interrupted { states })),
                HaltReason::TimeLimit => "the time limit".into(),
                HaltReason::Memory(_) => "the memory budget".into(),
                HaltReason::TooFar => "a piece slid too far".into(),
                HaltReason::StateCap(cap) => format!("the cap of {cap} per search"),
                _ => "a limit".into(),
            };
            Some(Level::NotDetermined { states, why })
        }
    })
}
