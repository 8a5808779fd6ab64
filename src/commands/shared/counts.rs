//! How a count is printed, whether it ran in one process (`count`), in
//! parts with a checkpoint, or was merged from a split (`merge`): the
//! same words and the same JSON for the same figures.

use crate::exit::Exit;
use std::path::Path;

use jigsat::api::run::{Enumeration, Stats, Status, Stop};
use jigsat::internal::jobs::Merged;
use jigsat::internal::puzzle::Puzzle;

/// The output of a count that the parts' results add up to, as `count`
/// prints it, and its exit status.
pub(crate) fn counted(
    puzzle: &Puzzle,
    engine: &str,
    parts: usize,
    merged: &Merged,
    format: crate::cli::Format,
) -> (String, Exit) {
    // As an in-process count says with -v.
    log::info!("{engine}: {} search nodes in {parts} parts", merged.nodes);
    let stats = Stats {
        encoding: "placement".into(),
        backend: format!("{engine} in {parts} parts"),
        solve_ms: merged.seconds * 1000.0,
        ..Stats::default()
    };
    let status = match merged.distinct {
        0 => Status::Unsolvable,
        _ => Status::Solved,
    };
    let text = match format {
        crate::cli::Format::Json => jigsat::internal::render::json::document(
            puzzle,
            status,
            &[],
            Some((merged.count, merged.distinct)),
            &stats,
        ),
        _ => summary(&puzzle.name, (merged.count, merged.distinct), true, &stats),
    };
    (text, status.into())
}

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
        (Status::Unknown, _, Some(reason)) => eprintln!("{}: gave up: {reason}", path.display()),
        _ => {}
    }
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
