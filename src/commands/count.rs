//! `jigsat count`: how many solutions, on a fixed board and up to symmetry.

use crate::exit::Exit;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::cli::CountArgs;
use crate::cli::Format;
use jigsat::api::{Error, Result};
use jigsat::internal::options::Options;
use jigsat::internal::pipeline;
use jigsat::internal::puzzle::Puzzle;
use jigsat::internal::render::json;

use super::shared::{Progress, Sink, enumeration_status, load};

/// How long a count runs before it says how long it will take.
const FORECAST_AFTER: Duration = Duration::from_secs(3);

/// A count that looks to take longer than this is announced.
const LONG_COUNT_SECONDS: f64 = 60.0;

/// Walks for the announcement: enough for a figure within a few times.
const FORECAST_PROBES: usize = 300;

/// After [`FORECAST_AFTER`], unless the count is `done`: Knuth's estimate
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
    options: &Options,
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
    let walking = Options {
        stop: Some(Arc::clone(done)),
        ..options.clone()
    };
    let estimate = if quiet {
        jigsat::internal::tree::walks(puzzle, &walking, FORECAST_PROBES, 1)
            .map(|w| w.map(|t| (t, None)))
    } else {
        jigsat::internal::tree::estimate(puzzle, &walking, FORECAST_PROBES, 1)
            .map(|e| e.map(|e| (e.tree.clone(), Some(e))))
    };
    let Ok(Ok((tree, e))) = estimate else {
        return;
    };
    if let Some(why) = jigsat::internal::tally::beyond_u64(tree.solutions) {
        if let Ok(mut r) = refused.lock() {
            *r = Some(why);
        }
        if let Some(stop) = &options.stop {
            stop.store(true, Ordering::Relaxed);
        }
        return;
    }
    let Some(e) = e else {
        return;
    };
    if done.load(Ordering::Relaxed) {
        return;
    }
    if e.seconds() > LONG_COUNT_SECONDS {
        progress.println(format!("{}: {e}", path.display()));
    }
    if e.seconds().is_finite() {
        progress.expect(Duration::from_secs_f64(e.seconds().min(1e9)));
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
    let interrupt = jigsat::internal::process::interrupt::flag();
    if let Some(limit) = args.search.time_limit {
        crate::signals::set_deadline(&args.puzzle, limit);
    }
    if jigsat::internal::jobs::files::is_job(&args.puzzle) {
        return super::shared::parts::count_job(args);
    }
    if args.certify {
        return super::certify::count(args, quiet);
    }
    if let Some(file) = &args.checkpoint {
        return super::shared::parts::count_with_checkpoint(args, file, quiet);
    }
    let started = Instant::now();
    let puzzle = load(&args.puzzle, &args.problem)?;
    if args.disassemble {
        super::disasm::check_puzzle(&args.puzzle, &puzzle)?;
    }
    super::shared::prepare_give_up(&puzzle, args.output.format, args.output.output.as_deref());
    let search = &args.search;
    let progress = Progress::new(quiet);
    let watch = super::shared::watch::Watch::start(&puzzle, true);
    let mut options = search.options(None);
    options.meter = watch.as_ref().map(|w| w.meter());
    options.stop = Some(interrupt);
    // Taking assemblies apart needs one of each class; a plain count keeps none.
    options.want = if args.disassemble {
        jigsat::internal::enumerate::Want::Classes
    } else {
        jigsat::internal::enumerate::Want::Counts
    };
    options.burnside = args.burnside;
    let done = Arc::new(AtomicBool::new(false));
    let refused = Mutex::new(None);
    let (result, stats) = std::thread::scope(|scope| {
        let forecaster = scope.spawn(|| {
            forecast(
                &args.puzzle,
                &puzzle,
                &options,
                &done,
                &progress,
                quiet,
                &refused,
            )
        });
        let counted = pipeline::enumerate(&puzzle, &options, &mut |n| progress.update(n));
        done.store(true, Ordering::Relaxed);
        forecaster.thread().unpark();
        counted
    })?;
    if let Some(why) = refused.lock().ok().and_then(|mut r| r.take()) {
        progress.finish();
        return Err(Error::Usage(format!("{}: {why}", args.puzzle.display())));
    }
    let disassembly = match args.disassemble && result.complete {
        true => {
            let asked = super::disasm::Asked {
                path: &args.puzzle,
                problem: args.problem.problem.as_deref(),
                puzzle: &puzzle,
                options: &options,
                thorough: args.thorough,
                started,
            };
            Some(super::disasm::count_summary(&asked, &result.classes)?)
        }
        false => None,
    };
    jigsat::internal::process::interrupt::finishing();
    progress.finish();
    let searched = watch.and_then(|w| w.finish());
    let status = enumeration_status(&result);
    let mut out = match args.output.format {
        Format::Json => json::document(
            &puzzle,
            status,
            &[],
            result.complete.then_some((result.count, result.distinct)),
            &stats,
        ),
        _ => super::shared::counts::summary(&puzzle, &result, &stats),
    };
    if let Some((summary, _)) = &disassembly {
        match args.output.format {
            Format::Json => out = super::disasm::patch_document(&out, Vec::new(), Some(summary)),
            _ => out += &summary.text(),
        }
    }
    Sink {
        path: args.output.output.as_deref(),
    }
    .write(&out)?;
    super::shared::counts::report_stop(&args.puzzle, &result, status);
    if let Some(line) = searched.filter(|_| !result.complete) {
        eprintln!("{}: {line}", args.puzzle.display());
    }
    if result.stopped == Some(jigsat::internal::enumerate::Stopped::Interrupted) {
        return Ok(Exit::Interrupted);
    }
    if let Some((_, Some((line, code)))) = disassembly {
        eprintln!("{line}");
        return Ok(code);
    }
    Ok(status.into())
}
