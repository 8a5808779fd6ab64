//! How a count is printed, whether it ran in one process (`count`), in
//! parts with a checkpoint, or was merged from a split (`merge`): the
//! same words and the same JSON for the same figures.

use crate::exit::Exit;
use std::path::Path;

use jigsat::internal::enumerate::Enumeration;
use jigsat::internal::puzzle::Puzzle;
use jigsat::internal::report::{Stats, Status};

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
        // The words of `summary` for a complete count, its seconds
        // computed as there (from milliseconds), so that the figures are
        // the same to the last digit.
        _ => {
            let secs = total.seconds() * 1000.0 / 1000.0;
            format!(
                "{}: count {} (on a fixed board), distinct {} (up to symmetry); {secs:.3} s with {engine} in {parts} parts\n",
                total.puzzle().name(),
                counts.count,
                counts.distinct
            )
        }
    };
    let code = if counts.distinct == 0 {
        Exit::NoSolution
    } else {
        Exit::Done
    };
    (text, code)
}
