//! How a count is printed, whether it ran in one process (`count`), in
//! parts with a checkpoint, or was merged from a split (`merge`): the
//! same words and the same JSON for the same figures.

use crate::exit::Exit;
use std::path::Path;

use jigsat::internal::enumerate::Enumeration;
use jigsat::internal::jobs::Merged;
use jigsat::internal::puzzle::Puzzle;
use jigsat::internal::report::{Stats, Status};

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
    let result = Enumeration {
        count: merged.count,
        distinct: merged.distinct,
        complete: true,
        solve_ms: merged.seconds * 1000.0,
        ..Enumeration::default()
    };
    let stats = Stats {
        encoding: "placement".into(),
        backend: format!("{engine} in {parts} parts"),
        solve_ms: merged.seconds * 1000.0,
        ..Stats::default()
    };
    let status = super::enumeration_status(&result);
    let text = match format {
        crate::cli::Format::Json => jigsat::internal::render::json::document(
            puzzle,
            status,
            &[],
            Some((result.count, result.distinct)),
            &stats,
        ),
        _ => summary(puzzle, &result, &stats),
    };
    (text, status.into())
}

/// The counts as text: exact when the search completed, a lower bound
/// clearly marked as such otherwise.
pub(crate) fn summary(puzzle: &Puzzle, result: &Enumeration, stats: &Stats) -> String {
    let secs = (stats.encode_ms + stats.solve_ms) / 1000.0;
    if result.complete {
        format!(
            "{}: count {} (on a fixed board), distinct {} (up to symmetry); {secs:.3} s with {}\n",
            puzzle.name, result.count, result.distinct, stats.backend
        )
    } else {
        format!(
            "{}: stopped after {secs:.3} s with {} distinct solutions found ({} on a fixed board); the totals are not known\n",
            puzzle.name, result.distinct, result.count
        )
    }
}

pub(crate) fn report_stop(path: &Path, result: &Enumeration, status: Status) {
    match (status, &result.refuted, &result.stopped) {
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
