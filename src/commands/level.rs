//! The level under `solve`'s drawing of an assembly in space: whether the
//! assembly shown comes apart by sliding pieces, and BurrTools' level text,
//! from the same disassembler and the same choice of image as `jigsat
//! disasm` (so the two always agree).
//!
//! It is a remark on the answer, never at its cost: the search is capped
//! (states per part, a few seconds, the run's time limit, the memory
//! budget), and a search that stops at a cap only changes the line to
//! "not determined", not the exit status. Ctrl-C stops it like any run
//! that polls the flag (the drawing is still written, exit 130).

use std::path::Path;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::exit::Exit;
use jigsat::api::Result;
use jigsat::internal::disasm::{Halt, Rule};
use jigsat::internal::puzzle::Puzzle;
use jigsat::internal::solution::Solution;

use super::disasm::{groups, limits, take_apart};

/// The most states the search of one part may reach for the line: 14
/// times the largest of BurrTools' cube-grid examples (an assembly of
/// PelikanBurr: 6,984 states over all its parts, `jigsat disasm --all`).
pub(super) const LEVEL_STATES: u64 = 100_000;

/// The longest the line may take, whatever the time limit.
pub(super) const LEVEL_TIME: Duration = Duration::from_secs(2);

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
/// pieces placed) or an assembly
/// the disassembler refuses (more than 64 pieces). `time_limit` counts
/// from `started`, as the run's.
pub(super) fn shown_level(
    path: &Path,
    problem: Option<&str>,
    puzzle: &Puzzle,
    solution: &Solution,
    time_limit: Option<Duration>,
    started: Instant,
) -> Result<Option<Level>> {
    // A flat board, tiles, or an assembly of fewer than two pieces (counts
    // may allow none) has nothing to take apart.
    if puzzle.tiling().is_some() || puzzle.is_flat() || solution.pieces().len() < 2 {
        return Ok(None);
    }
    let groups = groups(path, problem)?;
    let bodies = jigsat::internal::disasm::bodies(puzzle, solution, groups.as_deref());
    if jigsat::internal::disasm::refuse(&bodies).is_some() {
        return Ok(None);
    }
    // The solve did not poll the flag (a signal would have ended it), and
    // may have raised it to stop its own engines: from here on Ctrl-C
    // stops the search and the drawing is still written.
    jigsat::internal::process::interrupt::rearm();
    let mut limits = limits(
        jigsat::internal::process::interrupt::flag(),
        time_limit,
        started,
    );
    let cap = Instant::now() + LEVEL_TIME;
    let capped_by_time = limits.deadline.is_none_or(|d| cap < d);
    limits.deadline = Some(limits.deadline.map_or(cap, |d| d.min(cap)));
    limits.max_states = Some(LEVEL_STATES);
    let answers = take_apart(
        puzzle,
        std::slice::from_ref(solution),
        groups.as_deref(),
        false,
        Rule::BurrTools,
        &limits,
        1,
    )?;
    let Some(Some(answer)) = answers.into_iter().next() else {
        return Ok(None);
    };
    Ok(Some(match answer {
        Ok(d) => match d.level() {
            Some(level) => Level::Apart(level),
            None => Level::Stuck,
        },
        Err((halt, progress)) => {
            let states = progress.states;
            let why = match halt {
                Halt::Interrupted => return Ok(Some(Level::Interrupted { states })),
                Halt::TimeLimit if capped_by_time => {
                    format!("{} s, the most the line may take", LEVEL_TIME.as_secs())
                }
                Halt::TimeLimit => "the time limit".into(),
                Halt::Memory(_) => "the memory budget".into(),
                Halt::TooFar => "a piece slid too far".into(),
                Halt::StateCap(cap) => format!("the cap of {cap} per search"),
            };
            Level::NotDetermined { states, why }
        }
    }))
}
