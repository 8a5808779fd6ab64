//! `jigsat solve`: the first solution, or with `--all` / `--limit` every
//! distinct one — each checked, then drawn.

use crate::cli::SolveArgs;
use crate::exit::Exit;
use jigsat::error::Result;
use jigsat::pipeline;
use jigsat::render::{Format, json, text};
use jigsat::report::Status;

use super::shared::{Progress, Sink, enumeration_status, load};

pub fn run(args: &SolveArgs, quiet: bool) -> Result<Exit> {
    if let Some(limit) = args.search.time_limit {
        crate::signals::set_deadline(&args.puzzle, limit);
    }
    if jigsat::jobs::files::is_job(&args.puzzle) {
        return super::shared::parts::solve_job(args, quiet);
    }
    if args.certify.proof.is_some() || args.certify.certify {
        return super::certify::solve(args, quiet);
    }
    let puzzle = load(&args.puzzle, &args.problem)?;
    super::shared::prepare_give_up(&puzzle, args.output.format, args.output.output.as_deref());
    let search = &args.search;
    let sink = Sink {
        path: args.output.output.as_deref(),
    };
    sink.check_picture(args.output.format, &args.draw, &puzzle)?;
    if args.disassemble {
        return super::disasm::solve_apart(args, quiet, &puzzle, &sink);
    }
    if args.all || args.limit.is_some() {
        return run_all(args, quiet, &puzzle, &sink);
    }
    let watch = super::shared::watch::Watch::start(&puzzle, quiet);
    let mut options = search.options(None);
    options.meter = watch.as_ref().map(|w| w.meter());
    let report = pipeline::solve(&puzzle, &options)?;
    jigsat::process::interrupt::finishing();
    let progress = watch.and_then(|w| w.finish());
    let out = match args.output.format {
        f if f.is_picture() => {
            sink.write_picture(f, &args.draw, &puzzle, &report.solutions)?;
            String::new()
        }
        Format::Json => json::document(
            &puzzle,
            report.status,
            &report.solutions,
            None,
            &report.stats,
        ),
        _ => {
            let mut out = String::new();
            if !quiet {
                let secs = (report.stats.encode_ms + report.stats.solve_ms) / 1000.0;
                let stats = &report.stats;
                // An exact search has no CNF to describe.
                let how = if stats.variables == 0 && stats.clauses == 0 {
                    format!("{} search", stats.backend)
                } else {
                    format!(
                        "{} variables, {} clauses, {} encoding, {}",
                        stats.variables, stats.clauses, stats.encoding, stats.backend
                    )
                };
                out += &format!(
                    "{}: {} in {secs:.3} s ({how})\n",
                    puzzle.name,
                    match report.status {
                        Status::Solved => "solved",
                        Status::Unsolvable => "no solution",
                        Status::Unknown => "gave up",
                    },
                );
            }
            for s in &report.solutions {
                out += &text::draw(&puzzle, s, sink.style(&args.draw));
            }
            out
        }
    };
    if !args.output.format.is_picture() {
        sink.write(&out)?;
    }
    if let Some(reason) = &report.reason {
        match report.status {
            Status::Unsolvable => eprintln!("{}: no solution: {reason}", args.puzzle.display()),
            _ => eprintln!("{}: gave up: {reason}", args.puzzle.display()),
        }
    }
    if let Some(line) = progress.filter(|_| report.status == Status::Unknown) {
        eprintln!("{}: {line}", args.puzzle.display());
    }
    Ok(report.status.into())
}

/// Time kept back from the time limit per board cell of each class an
/// enumeration finds, for drawing it (measured: 93,000 classes of a
/// 60-cell strip took 3.5 s as JSON).
const RENDER_PER_CELL: std::time::Duration = std::time::Duration::from_micros(1);

/// `--all` and `--limit`: every class, drawn one after another.
fn run_all(args: &SolveArgs, quiet: bool, puzzle: &jigsat::Puzzle, sink: &Sink) -> Result<Exit> {
    let search = &args.search;
    let limit = if args.all {
        args.limit
    } else {
        Some(args.limit.unwrap_or(1))
    };
    let mut options = search.options(limit.map(|n| n as usize));
    options.stop = Some(jigsat::process::interrupt::flag());
    // Drawing a class takes about a microsecond per board cell (JSON of
    // a loose 3x20 strip: 37 us for 60 cells), kept back from the limit.
    options.render_per_class = RENDER_PER_CELL * puzzle.board.len() as u32;
    let progress = Progress::new(quiet);
    let (result, stats) = pipeline::enumerate(puzzle, &options, &mut |n| progress.update(n))?;
    jigsat::process::interrupt::finishing();
    progress.finish();
    let status = enumeration_status(&result);
    let counts = result.complete.then_some((result.count, result.distinct));
    let out = match args.output.format {
        f if f.is_picture() => {
            sink.write_picture(f, &args.draw, puzzle, &result.classes)?;
            String::new()
        }
        Format::Json => json::document(puzzle, status, &result.classes, counts, &stats),
        _ => {
            let mut out = String::new();
            let n = result.classes.len();
            for (k, s) in result.classes.iter().enumerate() {
                if !quiet {
                    out += &format!(
                        "solution {} of {}\n",
                        k + 1,
                        if result.complete {
                            n.to_string()
                        } else {
                            format!("{n}+")
                        }
                    );
                }
                out += &text::draw(puzzle, s, sink.style(&args.draw));
                out.push('\n');
            }
            if !quiet {
                out += &super::shared::counts::summary(puzzle, &result, &stats);
            }
            out
        }
    };
    if !args.output.format.is_picture() {
        sink.write(&out)?;
    }
    super::shared::counts::report_stop(&args.puzzle, &result, status);
    if result.stopped == Some(jigsat::enumerate::Stopped::Interrupted) {
        return Ok(Exit::Interrupted);
    }
    Ok(status.into())
}
