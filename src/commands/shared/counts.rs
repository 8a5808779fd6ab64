//! How a count is printed, whether it ran in one process (`count`), in
//! parts with a checkpoint, or was merged from a split (`merge`): the
//! same words and the same JSON for the same figures.

use crate::exit::Exit;
use std::path::Path;

use jigsat::api::run::{Ending, Enumeration, Stats, Status, Stop};

/// The counts as text: exact when the search completed, a lower bound
/// clearly marked as such otherwise.
pub(crate) fn summary(
    puzzle: &str,
    (count, distinct): (u64, u64),
    complete: bool,
    stats: &Stats,
) -> String {
    let secs = (stats.encode_ms + stats.solve_ms) / 1000.0;
    if complete {
        format!(
            "{puzzle}: count {count} (on a fixed board), distinct {distinct} (up to symmetry); {secs:.3} s with {}\n",
            stats.backend
        )
    } else {
        format!(
            "{puzzle}: stopped after {secs:.3} s with {distinct} distinct solutions found ({count} on a fixed board); the totals are not known\n",
        )
    }
}

/// [`summary`] of an enumeration.
pub(crate) fn summary_of(puzzle: &jigsat::api::Puzzle, result: &Enumeration) -> String {
    summary(
        puzzle.name(),
        (result.count, result.distinct),
        result.complete,
        &result.stats,
    )
}

/// Says on stderr why there is no solution, or why the run gave up.
pub(crate) fn report_stop(
    path: &Path,
    status: Status,
    refuted: Option<&str>,
    stopped: Option<&Stop>,
) {
    match (status, refuted, stopped) {
        (Status::Unsolvable, Some(reason), _) => {
            eprintln!("{}: no solution: {reason}", path.display())
        }
        (Status::Unsolvable, None, _) => {
            eprintln!("{}: no solution: the search is exhausted", path.display())
        }
        (Status::Unknown, _, Some(Stop::Interrupted)) => eprintln!(
            "{}: interrupted: what was found so far is printed, not the totals",
            path.display()
        ),
        (Status::Unknown, _, Some(reason)) => eprintln!("{}: gave up: {reason}", path.display()),
        _ => {}
    }
}

/// The output of a count that ran in this process, as text
/// ([`summary`]) or as the contract's JSON document, whose status is the
/// whole run's (`ending`: a disassembly after the count may not have
/// finished).
pub(crate) fn printed(
    puzzle: &jigsat::api::Puzzle,
    result: &Enumeration,
    ending: &Ending,
    format: crate::cli::Format,
) -> String {
    if format != crate::cli::Format::Json {
        return summary_of(puzzle, result);
    }
    jigsat::api::render::json(
        puzzle,
        ending.status(),
        &[],
        result.complete.then_some((result.count, result.distinct)),
        &result.stats,
    )
}

/// [`report_stop`] of an enumeration.
pub(crate) fn report_stop_of(path: &Path, result: &Enumeration) {
    report_stop(
        path,
        result.status(),
        result.refuted.as_deref(),
        result.stopped.as_ref(),
    )
}

/// The output of the counts a split's or a checkpoint's parts add up
/// to, as `count` prints them (the words of [`summary`]), and its exit
/// status.
pub(crate) fn counted(
    total: &jigsat::api::jobs::Total,
    format: crate::cli::Format,
) -> (String, Exit) {
    let (engine, parts) = (total.engine(), total.parts());
    // As an in-process count says with -v.
    log::info!("{engine}: {} search nodes in {parts} parts", total.nodes());
    let counts = total.counts();
    let text = match format {
        crate::cli::Format::Json => total.json(),
        _ => summary(
            total.puzzle().name(),
            (counts.count, counts.distinct),
            true,
            &Stats {
                backend: format!("{engine} in {parts} parts"),
                solve_ms: total.seconds() * 1000.0,
                ..Stats::default()
            },
        ),
    };
    let code = if counts.distinct == 0 {
        Exit::NoSolution
    } else {
        Exit::Done
    };
    (text, code)
}
