//! Taking assemblies apart from Python: `Solution.disassemble()` and the
//! extras of `Puzzle.count(disassemble=True, certify=True)`, each a thin
//! call into [`jigsat::api::disassembly`] and
//! [`jigsat::api::certificate`], run off the Python thread so that Ctrl-C
//! stops it.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::task::Poll;
use std::time::Instant;

use jigsat::api;
use jigsat::api::disassembly::{Disassembler, Groups, HaltReason, Outcome, Summary};
use pyo3::prelude::*;

use super::{TimeLimitError, UsageError, to_py, wait};

/// One move of a disassembly: pieces slid together along an axis.
#[pyclass(module = "jigsat", frozen, get_all, eq)]
#[derive(Clone, PartialEq, Eq)]
pub struct Move {
    /// The names of the pieces that move.
    pieces: Vec<String>,
    /// ``"+x"``, ``"-x"``, ``"+y"``, ``"-y"``, ``"+z"`` or ``"-z"``.
    direction: String,
    /// Unit steps; for a removal, how far until clear of the rest.
    distance: u32,
    /// This move takes the pieces away for good.
    separates: bool,
}

#[pymethods]
impl Move {
    fn __repr__(&self) -> String {
        format!(
            "Move({} {} {}{})",
            self.pieces.join(" "),
            self.direction,
            self.distance,
            if self.separates { ", removed" } else { "" }
        )
    }
}

/// How an assembly comes apart by sliding pieces (``jigsat disasm``), or
/// that it does not.
#[pyclass(module = "jigsat", frozen, get_all)]
pub struct Disassembly {
    /// Whether every part comes apart down to single pieces.
    comes_apart: bool,
    /// BurrTools' level text (``"98.2.4.2"``), None when it does not
    /// come apart.
    level: Option<String>,
    /// The moves in order, each separation's removal last.
    moves: Vec<Move>,
    /// The states the searches visited.
    states: u64,
    /// ``(outer, inner)`` when a piece is shut inside another: nothing
    /// was searched, nothing can come apart.
    shut_in: Option<(String, String)>,
    /// The moves as ``jigsat disasm`` prints them.
    plan: String,
}

#[pymethods]
impl Disassembly {
    fn __repr__(&self) -> String {
        match &self.level {
            Some(level) => format!("<jigsat.Disassembly: comes apart, level {level}>"),
            None => "<jigsat.Disassembly: does not come apart>".into(),
        }
    }
}

impl Disassembly {
    fn of(d: &api::disassembly::Disassembly) -> Disassembly {
        Disassembly {
            comes_apart: d.comes_apart(),
            level: d.level(),
            moves: (d.moves().into_iter())
                .map(|m| Move {
                    pieces: m.pieces,
                    direction: m.direction.to_string(),
                    distance: m.distance,
                    separates: m.separates,
                })
                .collect(),
            states: d.states(),
            shut_in: d.shut_in().map(|(o, i)| (o.to_string(), i.to_string())),
            plan: d.plan_text(),
        }
    }
}

/// The disassembler of a call: `thorough`, the groups of the file, a
/// deadline from `time_limit`, a cap of states, and the stop flag that
/// Ctrl-C raises.
pub fn disassembler(
    thorough: bool,
    groups: Groups,
    time_limit: Option<std::time::Duration>,
    max_states: Option<u64>,
    stop: &Arc<AtomicBool>,
) -> Disassembler {
    let mut d = Disassembler::new()
        .thorough(thorough)
        .groups(groups)
        .stop_flag(Arc::clone(stop));
    if let Some(t) = time_limit {
        d = d.deadline(Instant::now() + t);
    }
    if let Some(cap) = max_states {
        d = d.max_states(cap);
    }
    d
}

/// Runs `work` on a thread of its own while the Python thread waits in
/// slices; Ctrl-C raises `stop` (the work ends) and then
/// `KeyboardInterrupt`.
pub fn off_thread<T: Send + 'static>(
    py: Python<'_>,
    stop: &Arc<AtomicBool>,
    work: impl FnOnce() -> api::Result<T> + Send + 'static,
) -> PyResult<T> {
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = send.send(work());
    });
    let waited = wait(py, move |slice| match receive.recv_timeout(slice) {
        Ok(answer) => Poll::Ready(Some(answer)),
        Err(std::sync::mpsc::RecvTimeoutError::Timeout) => Poll::Pending,
        Err(_) => Poll::Ready(None),
    });
    match waited {
        Ok(Some(answer)) => answer.map_err(to_py),
        Ok(None) => Err(super::BugError::new_err("the search's thread died")),
        Err(interrupt) => {
            stop.store(true, Ordering::Relaxed);
            Err(interrupt)
        }
    }
}

/// The exception of a disassembly that stopped before its answer.
fn halted(h: &api::disassembly::Halted) -> PyErr {
    match h.reason {
        HaltReason::Interrupted => pyo3::exceptions::PyKeyboardInterrupt::new_err(h.to_string()),
        HaltReason::TimeLimit => TimeLimitError::new_err(h.to_string()),
        _ => UsageError::new_err(h.to_string()),
    }
}

/// Takes one solution apart (the work of `Solution.disassemble`).
pub fn take_apart(
    py: Python<'_>,
    solution: &api::Solution,
    disassembler: Disassembler,
    stop: &Arc<AtomicBool>,
) -> PyResult<Disassembly> {
    let solution = solution.clone();
    let taken = off_thread(py, stop, move || {
        disassembler.take_apart(std::slice::from_ref(&solution))
    })?;
    match taken.into_iter().next() {
        Some(Outcome::Done(d)) => Ok(Disassembly::of(&d)),
        Some(Outcome::Halted(h)) => Err(halted(&h)),
        _ => Err(super::BugError::new_err("no answer for the solution")),
    }
}

/// What `count(disassemble=True)` adds: how many of the classes come
/// apart, and how many have each level.
pub struct Figures {
    pub come_apart: u64,
    pub levels: BTreeMap<String, u64>,
}

/// Every class of `puzzle` found and taken apart (the work of
/// `count(disassemble=True)`, as `jigsat count --disassemble`): the
/// counts and the figures. A halt anywhere is an exception: the figures
/// would be of some classes only.
pub fn count(
    py: Python<'_>,
    puzzle: &api::Puzzle,
    solver: api::Solver,
    disassembler: Disassembler,
    stop: &Arc<AtomicBool>,
) -> PyResult<(u64, u64, Figures)> {
    disassembler.check(puzzle).map_err(to_py)?;
    let (puzzle, flag) = (puzzle.clone(), Arc::clone(stop));
    let (found, taken) = off_thread(py, stop, move || {
        let found = solver
            .stop_flag(flag)
            .enumerate(&puzzle, None, &mut |_| {})?;
        let taken = disassembler.moves(false).take_apart(&found.classes)?;
        Ok((found, taken))
    })?;
    if let Some(unfinished) = found.ending().unfinished() {
        return Err(match unfinished {
            api::run::Unfinished::Interrupted => {
                pyo3::exceptions::PyKeyboardInterrupt::new_err("interrupted")
            }
            why => TimeLimitError::new_err(why.to_string()),
        });
    }
    if let Some(h) = api::disassembly::first_halt(&taken) {
        return Err(halted(h));
    }
    let summary = Summary::of(&taken);
    let levels = (summary.levels.iter())
        .map(|(numbers, n)| {
            let text: Vec<String> = numbers.iter().map(u32::to_string).collect();
            (text.join("."), *n)
        })
        .collect();
    Ok((
        found.count,
        found.distinct,
        Figures {
            come_apart: summary.come_apart,
            levels,
        },
    ))
}
