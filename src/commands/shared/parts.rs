//! `count` in parts: one part of a split (`jigsat count JOB`), or every
//! part in turn with a checkpoint (`count --checkpoint FILE`).

use crate::exit::Exit;
use std::path::Path;
use std::time::{Duration, Instant};

use crate::cli::CountArgs;
use crate::cli::Format;
use jigsat::api::{Error, Result};
use jigsat::internal::jobs::files::{self, Checkpoint, JobFile, PartResult, ResultFile};
use jigsat::internal::jobs::run;
use jigsat::internal::options::Options;
use jigsat::internal::puzzle::Puzzle;

use super::{Sink, load};
use jigsat::internal::process::interrupt;

/// Parts a checkpointed count is cut into: a finished part is what an
/// interruption keeps, so many small parts lose little; each part costs a
/// rebuild of the search (milliseconds) and a rewrite of the checkpoint.
const CHECKPOINT_PARTS: usize = 256;

/// How often finished parts are written to the checkpoint: what a crash
/// can lose, against a synced write per part.
const SAVE_EVERY: Duration = Duration::from_secs(2);

/// Walks per subtree for the cut of a checkpointed count.
const CHECKPOINT_PROBES: usize = 40;

/// `jigsat count JOB`: searches one part and writes its result.
pub fn count_job(args: &CountArgs) -> Result<Exit> {
    let path = &args.puzzle;
    let job: JobFile = files::read(path, "a job file (jigsat split writes them)")?;
    let puzzle = job.puzzle.parse(path)?;
    let options = args.search.options(None);
    let stop = interrupt::flag();
    let mut finished = None;
    let parts = std::slice::from_ref(&job.part);
    let stopped = run::count_parts(&puzzle, &options, &job.job, parts, &stop, &mut |r| {
        finished = Some(r);
        Ok(())
    })
    .map_err(|e| match Error::from(e) {
        Error::Usage(m) => Error::Usage(format!("{}: {m}", path.display())),
        e => e,
    })?;
    jigsat::internal::process::interrupt::finishing();
    let (Some(result), None) = (finished, &stopped) else {
        let solutions = stopped.map_or(0, |s| s.solutions);
        let what = format!(
            "part {} of {} not finished ({solutions} solutions found so far, which count for nothing); no result written",
            job.part.part, job.job.parts
        );
        return Ok(self::stopped(path, &options, &what));
    };
    let target = files::result_path(path);
    if let Some(dir) = target.parent() {
        std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
    }
    let comment = format!(
        "jigsat: the result of {} ({}); jigsat merge adds the parts up.",
        path.display(),
        puzzle.name
    );
    files::write(
        &target,
        &comment,
        &ResultFile {
            result: result.clone(),
        },
    )?;
    let out = match args.output.format {
        Format::Json => {
            serde_json::to_string_pretty(&result)
                .map_err(|e| Error::bug(format!("part result as JSON: {e}")))?
                + "\n"
        }
        _ => format!(
            "{}: part {} of {}: {} solutions ({} search nodes) in {:.3} s; result in {}\n",
            puzzle.name,
            result.part,
            result.parts,
            result.solutions,
            result.nodes,
            result.seconds,
            target.display()
        ),
    };
    Sink {
        path: args.output.output.as_deref(),
    }
    .write(&out)?;
    Ok(Exit::Done)
}

/// `jigsat solve JOB`: the first solution below the part's prefixes,
/// checked and drawn as `solve` draws one.
pub fn solve_job(args: &crate::cli::SolveArgs, quiet: bool) -> Result<Exit> {
    let path = &args.puzzle;
    let job: JobFile = files::read(path, "a job file (jigsat split writes them)")?;
    let puzzle = job.puzzle.parse(path)?;
    let options = args.search.options(None);
    let started = Instant::now();
    let first = run::first_in_part(&puzzle, &options, &job.job, &job.part, &interrupt::flag())
        .map_err(|e| match Error::from(e) {
            Error::Usage(m) => Error::Usage(format!("{}: {m}", path.display())),
            e => e,
        })?;
    let which = format!("part {} of {}", job.part.part, job.job.parts);
    let solution = match first {
        run::FirstInPart::Found(s) => s,
        run::FirstInPart::Empty => {
            eprintln!(
                "{}: no solution in {which} (the other parts may hold some)",
                path.display()
            );
            return Ok(Exit::NoSolution);
        }
        run::FirstInPart::Stopped => {
            return Ok(stopped(
                path,
                &options,
                &format!("nothing found in {which} so far"),
            ));
        }
    };
    jigsat::internal::process::interrupt::finishing();
    let sink = Sink {
        path: args.output.output.as_deref(),
    };
    let stats = jigsat::internal::report::Stats {
        backend: job.job.engine.clone(),
        solve_ms: jigsat::internal::report::ms(started.elapsed()),
        ..Default::default()
    };
    let solutions = std::slice::from_ref(&solution);
    let status = jigsat::internal::report::Status::Solved;
    match args.output.format {
        f if f.is_picture() => {
            let api_puzzle = jigsat::internal::bridge::api_puzzle(&puzzle, &args.puzzle);
            let shown = jigsat::internal::bridge::api_solutions(&api_puzzle, solutions);
            sink.write_picture(f, &args.draw, &api_puzzle, &shown)?
        }
        Format::Json => sink.write(&jigsat::internal::render::json::document(
            &puzzle, status, solutions, None, &stats,
        ))?,
        _ => {
            let mut out = String::new();
            if !quiet {
                out += &format!(
                    "{}: solved in {which} in {:.3} s ({} search)\n",
                    puzzle.name,
                    stats.solve_ms / 1000.0,
                    stats.backend
                );
            }
            out +=
                &jigsat::internal::render::text::draw(&puzzle, &solution, sink.style(&args.draw));
            sink.write(&out)?;
        }
    }
    Ok(Exit::Done)
}

/// Says why a part did not finish and gives the exit status: 130 after
/// Ctrl-C, 3 at the time limit.
pub(crate) fn stopped(path: &Path, options: &Options, what: &str) -> Exit {
    if interrupt::raised() {
        eprintln!("{}: interrupted: {what}", path.display());
        Exit::Interrupted
    } else {
        let limit = options.time_limit.unwrap_or_default();
        eprintln!(
            "{}: gave up: {}: {what}",
            path.display(),
            jigsat::internal::report::time_limit_reached(limit)
        );
        Exit::GaveUp
    }
}

/// `count --checkpoint FILE`: the count cut into parts, run one after
/// another (each on every core), each finished part recorded in FILE; the
/// same command again continues from FILE.
pub fn count_with_checkpoint(args: &CountArgs, file: &Path, quiet: bool) -> Result<Exit> {
    let puzzle = load(&args.puzzle, &args.problem)?;
    let options = args.search.options(None);
    let mut checkpoint = open_checkpoint(args, file, &puzzle, &options)?;
    let stop = interrupt::flag();
    let total = checkpoint.parts.len();
    let todo: Vec<_> = checkpoint
        .parts
        .iter()
        .filter(|p| !checkpoint.done.iter().any(|d| d.part == p.part))
        .cloned()
        .collect();
    if !todo.is_empty() && todo.len() < total {
        log::warn!(
            "{}: going on from {}: {} of {total} parts done",
            args.puzzle.display(),
            file.display(),
            total - todo.len()
        );
    }
    let bar = super::Progress::parts(quiet, total as u64, (total - todo.len()) as u64);
    let mut saved = Instant::now();
    let plan = checkpoint.plan.clone();
    let stopped = run::count_parts(&puzzle, &options, &plan, &todo, &stop, &mut |r| {
        checkpoint.done.push(r);
        bar.update(checkpoint.done.len() as u64);
        // Each save is synced to disk: not after every small part.
        if saved.elapsed() < SAVE_EVERY {
            return Ok(());
        }
        saved = Instant::now();
        files::write(file, CHECKPOINT_TITLE, &checkpoint)
    })?;
    jigsat::internal::process::interrupt::finishing();
    save(file, &checkpoint)?;
    if let Some(stop) = stopped {
        bar.finish();
        // Checked: the figures come from a file (each sound, but their
        // sum may still pass 2^64), and a sum past it is said so.
        let found = checkpoint
            .done
            .iter()
            .try_fold(0u64, |n, r| n.checked_add(r.solutions))
            .map_or_else(|| "more than 2^64".to_string(), |n| n.to_string());
        let what = format!(
            "part {} not finished; {} of {total} parts done, {found} solutions found in them (not the total; symmetry breaking counts some classes more than once until all parts are in); run the same command to go on from {}",
            stop.part,
            checkpoint.done.len(),
            file.display()
        );
        return Ok(self::stopped(&args.puzzle, &options, &what));
    }
    bar.finish();
    let results: Vec<(String, PartResult)> = checkpoint
        .done
        .iter()
        .map(|r| (format!("{} part {}", file.display(), r.part), r.clone()))
        .collect();
    let digests: Vec<String> = checkpoint.parts.iter().map(|p| p.digest.clone()).collect();
    let merged = jigsat::internal::jobs::merge(&checkpoint.plan, &digests, &results)
        .map_err(|why| Error::Usage(format!("{}:\n  {why}", file.display())))?;
    let (out, code) = super::counts::counted(
        &puzzle,
        &checkpoint.plan.engine,
        total,
        &merged,
        args.output.format,
    );
    Sink {
        path: args.output.output.as_deref(),
    }
    .write(&out)?;
    Ok(code)
}

/// The checkpoint in `file` when there is one (it must belong to this
/// puzzle and these options), else a new cut, written to `file` at once.
pub(crate) fn open_checkpoint(
    args: &CountArgs,
    file: &Path,
    puzzle: &Puzzle,
    options: &Options,
) -> Result<Checkpoint> {
    let cut = |parts| {
        run::cut(puzzle, options, parts, CHECKPOINT_PROBES, 1)?.map_err(|reason| {
            Error::Usage(format!(
                "{}: cannot count in parts: {reason}",
                args.puzzle.display()
            ))
        })
    };
    if file.exists() {
        let checkpoint: Checkpoint = files::read_own(file, "a count checkpoint")?;
        jigsat::internal::jobs::trust::check_checkpoint(&checkpoint).map_err(|why| {
            Error::Usage(format!(
                "{}: cannot go on from this checkpoint: {why}; remove it to count again from the start",
                file.display()
            ))
        })?;
        let here = run::fingerprint_of(puzzle, options)?.map_err(|reason| {
            Error::Usage(format!(
                "{}: cannot count in parts: {reason}",
                args.puzzle.display()
            ))
        })?;
        if here != checkpoint.plan.fingerprint {
            return Err(Error::Usage(format!(
                "{}: the checkpoint of another count (of {}, or with other options); give another --checkpoint file",
                file.display(),
                checkpoint.puzzle_file
            )));
        }
        return Ok(checkpoint);
    }
    let cut = cut(CHECKPOINT_PARTS)?;
    let checkpoint = Checkpoint {
        plan: cut.shape,
        estimated_nodes: cut.estimated_nodes,
        puzzle_file: args.puzzle.display().to_string(),
        parts: cut.parts,
        done: Vec::new(),
    };
    save(file, &checkpoint)?;
    Ok(checkpoint)
}

/// The first line of a checkpoint file.
const CHECKPOINT_TITLE: &str =
    "jigsat count --checkpoint: the parts of a count and the results of those finished.";

pub(crate) fn save(file: &Path, checkpoint: &Checkpoint) -> Result<()> {
    Ok(files::write(file, CHECKPOINT_TITLE, checkpoint)?)
}
