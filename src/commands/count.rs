//! `jigsat count`: how many solutions, on a fixed board and up to symmetry.

use crate::exit::Exit;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::cli::CountArgs;
use crate::cli::Format;
use jigsat::api::disassembly::{Halted, Summary};
use jigsat::api::estimate::Estimate;
use jigsat::api::run::Enumeration;
use jigsat::api::{Error, Puzzle, Result, Solution, Solver, process};

use super::shared::{Progress, Sink, open};

/// How long a count runs before it says how long it will take.
const FORECAST_AFTER: Duration = Duration::from_secs(3);

/// A count that looks to take longer than this is announced.
const LONG_COUNT_SECONDS: f64 = 60.0;

/// Walks for the announcement (eight populations of 250): enough for a
/// figure within a few times, cheap beside the count.
const FORECAST_PROBES: usize = 2000;

/// After [`FORECAST_AFTER`], unless the count is `done`: the estimate
/// of the whole search (`jigsat estimate`). A count it says would pass
/// 2^64 is refused: `refused` says why, and the run is stopped. Unless
/// `quiet`, the estimate goes on stderr in one line when it comes to more
/// than a minute, and the spinner turns into a bar of the estimated time
/// with the time left, moved on until the count is done (with `-q` only
/// the walks run, not the pace run). A short count never pays for it; a
/// search with no tree to probe keeps the spinner.
fn forecast(
    path: &Path,
    puzzle: &Puzzle,
    solver: &Solver,
    done: &Arc<AtomicBool>,
    progress: &Progress,
    quiet: bool,
    refused: &Mutex<Option<String>>,
) {
    let started = Instant::now();
    while started.elapsed() < FORECAST_AFTER {
        if done.load(Ordering::Relaxed) {
            return;
        }
        // Woken at once when the count is done (a short count must not
        // wait out the nap: 6x10 takes 0.18 s).
        std::thread::park_timeout(Duration::from_millis(20));
    }
    // The walks stop when the count is done (or stopped): a walk down a
    // deep tree costs the square of its depth, and nobody waits for it.
    // With -q only the walks run, not the pace run.
    let walking = solver.clone().stop_flag(Arc::clone(done));
    let estimate = match quiet {
        true => walking.estimate_walks(puzzle, FORECAST_PROBES, 1),
        false => walking.estimate(puzzle, FORECAST_PROBES, 1),
    };
    let Ok(Estimate::Tree(e)) = estimate else {
        return;
    };
    if let Some(why) = e.beyond_u64() {
        if let Ok(mut r) = refused.lock() {
            *r = Some(why);
        }
        // The count stops on the process's interrupt.
        process::interrupt_flag().store(true, Ordering::Relaxed);
        return;
    }
    // Quiet: no pace was measured, and nothing is shown.
    if quiet || done.load(Ordering::Relaxed) {
        return;
    }
    let seconds = e.seconds();
    if seconds > LONG_COUNT_SECONDS {
        progress.println(format!("{}: {e}", path.display()));
    }
    if seconds.is_finite() {
        progress.expect(Duration::from_secs_f64(seconds.min(1e9)));
    }
    while !done.load(Ordering::Relaxed) {
        progress.at(started.elapsed());
        std::thread::park_timeout(Duration::from_millis(200));
    }
}

pub fn run(args: &CountArgs, quiet: bool) -> Result<Exit> {
    super::shared::no_picture(args.output.format, "count")?;
    // From the start: a signal during the set-up is seen when the search
    // begins, rather than killing the process with nothing said.
    let interrupt = process::interrupt_flag();
    if jigsat::api::jobs::is_job(&args.puzzle) {
        return super::shared::parts::count_job(args);
    }
    if args.certify {
        return super::certify::count(args, quiet);
    }
    if let Some(file) = &args.checkpoint {
        return super::shared::parts::count_with_checkpoint(args, file, quiet);
    }
    let started = Instant::now();
    let puzzle = open(&args.puzzle, &args.problem)?;
    if args.disassemble {
        super::disasm::check_puzzle(&puzzle)?;
    }
    super::shared::prepare_give_up(&puzzle, args.output.format, args.output.output.as_deref());
    let search = &args.search;
    let progress = Progress::new(quiet);
    let watch = super::shared::watch::Watch::start(&puzzle, true);
    let mut solver = search
        .solver()
        .stop_flag(Arc::clone(&interrupt))
        // Taking assemblies apart needs one of each class; a plain count
        // keeps none.
        .counts_only(!args.disassemble)
        .burnside(args.burnside);
    if let Some(w) = &watch {
        solver = solver.meter(w.meter());
    }
    let result = count_forecast(args, &puzzle, &solver, &progress, quiet)?;
    let disassembly = match args.disassemble && result.complete {
        true => Some(disassembled(args, &puzzle, &result.classes, started)?),
        false => None,
    };
    process::finishing();
    progress.finish();
    let searched = watch.and_then(|w| w.finish());
    // The count's end, then the disassembly's: one rule for both.
    let halted = disassembly.as_ref().and_then(|(_, h)| h.as_ref());
    let ending = result.ending().then(halted.map(|h| h.unfinished()));
    let mut out = super::shared::counts::printed(&puzzle, &result, &ending, args.output.format);
    if let Some((summary, _)) = &disassembly {
        match args.output.format {
            Format::Json => out = jigsat::api::disassembly::add_to_json(&out, &[], Some(summary)),
            _ => out += &summary.text(),
        }
    }
    Sink {
        path: args.output.output.as_deref(),
    }
    .write(&out)?;
    super::shared::counts::report_stop_of(&args.puzzle, &result);
    if let Some(line) = searched.filter(|_| !result.complete) {
        eprintln!("{}: {line}", args.puzzle.display());
    }
    if let Some(halted) = halted {
        eprintln!("{}: {halted}", args.puzzle.display());
    }
    Ok(Exit::from(&ending))
}

/// The count of `puzzle` by `solver`, with [`forecast`] beside it on
/// its own thread until the count is done; a count the forecast refused
/// (past 2^64) is a usage error saying why.
fn count_forecast(
    args: &CountArgs,
    puzzle: &Puzzle,
    solver: &Solver,
    progress: &Progress,
    quiet: bool,
) -> Result<Enumeration> {
    let done = Arc::new(AtomicBool::new(false));
    let refused = Mutex::new(None);
    let result = std::thread::scope(|scope| {
        let forecaster = scope.spawn(|| {
            forecast(
                &args.puzzle,
                puzzle,
                solver,
                &done,
                progress,
                quiet,
                &refused,
            )
        });
        let counted = solver.enumerate(puzzle, None, &mut |n| progress.update(n));
        done.store(true, Ordering::Relaxed);
        forecaster.thread().unpark();
        counted
    })?;
    if let Some(why) = refused.lock().ok().and_then(|mut r| r.take()) {
        progress.finish();
        return Err(Error::Usage(format!("{}: {why}", args.puzzle.display())));
    }
    Ok(result)
}

/// `count --disassemble`: every class counted taken apart, summed up,
/// with the halt that stopped it early if one did (the time limit counts
/// from `started`).
fn disassembled(
    args: &CountArgs,
    puzzle: &Puzzle,
    classes: &[Solution],
    started: Instant,
) -> Result<(Summary, Option<Halted>)> {
    let asked = super::disasm::Asked {
        path: &args.puzzle,
        problem: args.problem.problem.as_deref(),
        thorough: args.thorough,
        time_limit: args.search.time_limit,
        threads: args.search.jobs.map(|n| n as usize),
        started,
    };
    super::disasm::count_summary(&asked, puzzle, classes)
}
