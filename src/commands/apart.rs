//! `solve --disassemble`: every class found, then the first that comes
//! apart (taken apart by [`jigsat::api::disassembly`]), drawn with its
//! level and plan; exit 1 when none does.
//!
//! The search and the drawing are still `solve`'s own, on the library's
//! internals (the pictures of [`super::shared::Sink`] are not on the
//! façade yet); the classes reach the façade through
//! [`super::shared::on_facade`].

use std::time::Instant;

use crate::cli::{Format, SolveArgs};
use crate::exit::Exit;
use jigsat::api::Result;
use jigsat::api::disassembly::{FirstApart, add_to_json};
use jigsat::internal::pipeline;
use jigsat::internal::puzzle::Puzzle;
use jigsat::internal::render::json;
use jigsat::internal::report::Status;
use jigsat::internal::solution::Solution;

use super::disasm::{Asked, check_puzzle, halt_exit, prepared};
use super::shared::{Sink, on_facade, reopen};

pub(super) fn solve_apart(
    args: &SolveArgs,
    quiet: bool,
    puzzle: &Puzzle,
    sink: &Sink,
) -> Result<Exit> {
    let started = Instant::now();
    let facade = reopen(&args.puzzle, &args.problem)?;
    check_puzzle(&facade)?;
    let mut options = args.search.options(None);
    options.stop = Some(crate::signals::interrupt_flag());
    let (result, stats) = pipeline::enumerate(puzzle, &options, &mut |_| {})?;
    if result.stopped == Some(jigsat::internal::enumerate::Stopped::Interrupted) {
        eprintln!(
            "{}: interrupted while finding the assemblies",
            args.puzzle.display()
        );
        return Ok(Exit::Interrupted);
    }
    let asked = Asked {
        path: &args.puzzle,
        problem: args.problem.problem.as_deref(),
        thorough: args.thorough,
        time_limit: options.time_limit,
        threads: options.threads(),
        started,
    };
    let disassembler = prepared(&asked)?;
    let classes = on_facade(&facade, &result.classes)?;
    let (found, halt) = match disassembler.first_apart(&classes)? {
        FirstApart::Apart { index, disassembly } => (Some((index, disassembly)), None),
        FirstApart::Halted(halted) => (None, Some(halted)),
        _ => (None, None),
    };
    crate::signals::finishing();
    let status = match (&found, &halt, result.complete) {
        (Some(_), _, _) => Status::Solved,
        (None, None, true) => Status::Unsolvable,
        _ => Status::Unknown,
    };
    let shown: Vec<Solution> = found
        .iter()
        .map(|(i, _)| result.classes[*i].clone())
        .collect();
    let out = match args.output.format {
        f if f.is_picture() => {
            sink.write_picture(f, &args.draw, puzzle, &shown)?;
            String::new()
        }
        Format::Json => {
            let doc = json::document(puzzle, status, &shown, None, &stats);
            let taken: Vec<_> = found.iter().map(|(_, d)| d).collect();
            add_to_json(&doc, &taken, None)
        }
        _ => match (&found, shown.first()) {
            (Some((_, d)), Some(s)) => {
                let mut out =
                    jigsat::internal::render::text::draw(puzzle, s, sink.style(&args.draw));
                out += &format!("level {}\n", d.level().unwrap_or_default());
                out += &d.plan_text();
                out
            }
            _ => String::new(),
        },
    };
    if !args.output.format.is_picture() {
        sink.write(&out)?;
    }
    if found.is_none() && halt.is_none() && !quiet {
        eprintln!(
            "{}: none of the {} assemblies comes apart by sliding pieces",
            args.puzzle.display(),
            result.distinct
        );
    }
    if let Some(halted) = halt {
        eprintln!("{}: {halted}", args.puzzle.display());
        return Ok(halt_exit(halted.interrupted()));
    }
    if result.stopped == Some(jigsat::internal::enumerate::Stopped::Interrupted) {
        return Ok(Exit::Interrupted);
    }
    Ok(status.into())
}
