//! `count` in parts: one part of a split (`jigsat count JOB`), or every
//! part in turn with a checkpoint (`count --checkpoint FILE`), through
//! [`jigsat::api::jobs`].

use crate::exit::Exit;
use std::path::Path;

use crate::cli::CountArgs;
use crate::cli::Format;
use jigsat::api::jobs::{Checkpoint, CheckpointRun, Part, PartCount, PartResult};
use jigsat::api::{Error, Result};

use super::Sink;

/// `jigsat count JOB`: searches one part and writes its result.
pub fn count_job(args: &CountArgs) -> Result<Exit> {
    let path = &args.puzzle;
    let job = Part::read(path)?;
    let result = match job.count(&searching(&args.search))? {
        PartCount::Finished(result) => result,
        PartCount::Stopped { solutions, reason } => {
            let what = format!(
                "part {} of {} not finished ({solutions} solutions found so far, which count for nothing); no result written",
                job.number(),
                job.parts()
            );
            return Ok(stopped(path, &reason, &what));
        }
    };
    let json = args.output.format == Format::Json;
    write_part(
        &job,
        &result,
        "solutions",
        json,
        args.output.output.as_deref(),
    )
}

/// Saves a finished part's result beside its job and says so (`json`:
/// the result itself) to `output`, or stdout; `what` names its
/// solutions ("solutions", "solutions by choice").
pub fn write_part(
    job: &Part,
    result: &PartResult,
    what: &str,
    json: bool,
    output: Option<&Path>,
) -> Result<Exit> {
    let target = job.save(result)?;
    let out = if json {
        result.json()? + "\n"
    } else {
        format!(
            "{}: part {} of {}: {} {what} ({} search nodes) in {:.3} s; result in {}\n",
            job.puzzle().name(),
            result.part(),
            result.parts(),
            result.solutions(),
            result.nodes(),
            result.seconds(),
            target.display()
        )
    };
    Sink { path: output }.write(&out)?;
    Ok(Exit::Done)
}

/// `jigsat solve JOB`: the first solution below the part's prefixes,
/// checked and drawn as `solve` draws one.
pub fn solve_job(args: &crate::cli::SolveArgs, quiet: bool) -> Result<Exit> {
    let path = &args.puzzle;
    let job = Part::read(path)?;
    let which = format!("part {} of {}", job.number(), job.parts());
    let found = match job.solve(&searching(&args.search)) {
        Ok(Some(found)) => found,
        Ok(None) => {
            eprintln!(
                "{}: no solution in {which} (the other parts may hold some)",
                path.display()
            );
            return Ok(Exit::NoSolution);
        }
        Err(e @ (Error::Interrupted | Error::TimeLimit(_))) => {
            return Ok(stopped(
                path,
                &e,
                &format!("nothing found in {which} so far"),
            ));
        }
        Err(e) => return Err(e),
    };
    let sink = Sink {
        path: args.output.output.as_deref(),
    };
    let solution = found.solution();
    match args.output.format {
        f if f.is_picture() => {
            sink.write_picture(f, &args.draw, job.puzzle(), std::slice::from_ref(solution))?
        }
        Format::Json => sink.write(&found.json())?,
        _ => {
            let mut out = String::new();
            if !quiet {
                out += &format!(
                    "{}: solved in {which} in {:.3} s ({} search)\n",
                    job.puzzle().name(),
                    found.seconds(),
                    found.engine()
                );
            }
            out += &sink.drawing(&args.draw, solution);
            sink.write(&out)?;
        }
    }
    Ok(Exit::Done)
}

/// Says why a part did not finish (`reason`: interrupted, or the time
/// limit) and gives the exit status: 130 after Ctrl-C, 3 at the time
/// limit.
pub fn stopped(path: &Path, reason: &Error, what: &str) -> Exit {
    match reason {
        Error::TimeLimit(limit) => {
            eprintln!("{}: gave up: {limit}: {what}", path.display());
            Exit::GaveUp
        }
        _ => {
            eprintln!("{}: interrupted: {what}", path.display());
            Exit::Interrupted
        }
    }
}

/// `count --checkpoint FILE`: the count cut into parts, run one after
/// another (each on every core), each finished part recorded in FILE; the
/// same command again continues from FILE.
pub fn count_with_checkpoint(args: &CountArgs, file: &Path, quiet: bool) -> Result<Exit> {
    let puzzle = super::open(&args.puzzle, &args.problem)?;
    let mut checkpoint = Checkpoint::open(file, &puzzle, &searching(&args.search))?;
    let (total, done) = (checkpoint.parts(), checkpoint.done());
    if done < total && done > 0 {
        log::warn!(
            "{}: going on from {}: {done} of {total} parts done",
            args.puzzle.display(),
            file.display(),
        );
    }
    let bar = super::Progress::parts(quiet, total as u64, done as u64);
    let run = checkpoint.run(&mut |done| bar.update(done as u64));
    bar.finish();
    let counted = match run? {
        CheckpointRun::Counted(counted) => counted,
        CheckpointRun::Stopped {
            part,
            done,
            found,
            reason,
        } => {
            let found = found.map_or_else(|| "more than 2^64".to_string(), |n| n.to_string());
            let what = format!(
                "part {part} not finished; {done} of {total} parts done, {found} solutions found in them (not the total; symmetry breaking counts some classes more than once until all parts are in); run the same command to go on from {}",
                file.display()
            );
            return Ok(stopped(&args.puzzle, &reason, &what));
        }
    };
    let (out, code) = super::counts::counted(&counted, args.output.format);
    Sink {
        path: args.output.output.as_deref(),
    }
    .write(&out)?;
    Ok(code)
}

/// The solver of a part's run: the command line's flags, stopped by
/// Ctrl-C (which then says what the part found).
fn searching(search: &crate::cli::SearchArgs) -> jigsat::api::Solver {
    search
        .solver()
        .stop_flag(jigsat::api::process::interrupt_flag())
}
