//! `jigsat compare`: the benchmark. Every puzzle x encoding x solver, with
//! CNF sizes and median times over several runs, every answer checked
//! ([`jigsat::api::compare`] measures; this command draws the bar and
//! writes the table).

use crate::exit::Exit;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::cli::{CompareArgs, SymmetryChoice};
use jigsat::api::Result;
use jigsat::api::compare::{Comparison, Step};

use super::shared::{Sink, open};

pub fn run(args: &CompareArgs, quiet: bool) -> Result<Exit> {
    let symmetry: &[bool] = match args.symmetry {
        SymmetryChoice::On => &[true],
        SymmetryChoice::Off => &[false],
        SymmetryChoice::Both => &[true, false],
    };
    let solvers: Vec<&str> = args.solver.iter().map(String::as_str).collect();
    let encodings: Vec<_> = args.encoding.iter().flatten().copied().collect();
    let mut comparison = Comparison::new()
        .models(&args.model)
        .edges(&args.edges)
        .encodings(&encodings)
        .cards(&args.card)
        .solvers(&solvers)?
        .symmetry(symmetry)
        .shuffle(args.shuffle)
        .runs(args.runs);
    if let Some(limit) = args.time_limit {
        comparison = comparison.time_limit(limit);
    }
    let puzzles = args
        .puzzles
        .iter()
        .map(|path| open(path, &Default::default()))
        .collect::<Result<Vec<_>>>()?;
    let progress = progress_bar(quiet, comparison.total_runs(puzzles.len()));
    let table = comparison.run(&puzzles, |step| match step {
        Step::Running(label) => progress.set_message(label),
        _ => progress.inc(1),
    })?;
    progress.finish_and_clear();
    Sink {
        path: args.output.as_deref(),
    }
    .write(&table.render(args.format))?;
    Ok(if table.all_checked() {
        Exit::Done
    } else {
        Exit::GaveUp
    })
}

/// A bar over every run (indicatif draws nothing when stderr is not a
/// terminal).
fn progress_bar(quiet: bool, total: u64) -> ProgressBar {
    let progress = if quiet {
        ProgressBar::hidden()
    } else {
        ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr())
    };
    progress.set_style(
        ProgressStyle::with_template("{elapsed_precise} [{bar:30}] {pos}/{len} {msg}")
            .expect("valid template")
            .progress_chars("=> "),
    );
    progress
}
