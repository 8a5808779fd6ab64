//! `jigsat solve`: the first solution, or with `--all` / `--limit` every
//! distinct one — each checked, then drawn.

use crate::cli::Format;
use crate::cli::SolveArgs;
use crate::exit::Exit;
use jigsat::api::run::{Enumeration, Report, Status};
use jigsat::api::{Error, Puzzle, Result, process, render};

use super::shared::listing::Listed;
use super::shared::{Progress, Sink, open};

pub fn run(args: &SolveArgs, quiet: bool) -> Result<Exit> {
    let started = std::time::Instant::now();
    if jigsat::api::jobs::is_job(&args.puzzle) {
        return super::shared::parts::solve_job(args, quiet);
    }
    if args.certify.proof.is_some() || args.certify.certify {
        return super::certify::solve(args, quiet);
    }
    let puzzle = open(&args.puzzle, &args.problem)?;
    super::shared::prepare_give_up(&puzzle, args.output.format, args.output.output.as_deref());
    let search = &args.search;
    let sink = Sink {
        path: args.output.output.as_deref(),
    };
    sink.check_picture(args.output.format, &args.draw, &puzzle)?;
    if args.disassemble {
        return super::disasm::solve_apart(args, quiet, &puzzle, &sink);
    }
    if args.best {
        return super::best::run(args, quiet, &puzzle, &sink, started);
    }
    if args.all || args.limit.is_some() {
        return run_all(args, quiet, &puzzle, &sink);
    }
    let watch = super::shared::watch::Watch::start(&puzzle, quiet);
    let mut solver = search.solver();
    if let Some(w) = &watch {
        solver = solver.meter(w.meter());
    }
    let report = solver.run(&puzzle)?;
    let progress = watch.and_then(|w| w.finish());
    // Text and JSON tell whether the assembly shown comes apart (a
    // picture has its own: the page plays the disassembly).
    let level = match report.solutions.first() {
        Some(s) if !args.output.format.is_picture() => super::level::shown_level(
            &args.puzzle,
            args.problem.problem.as_deref(),
            s,
            search.time_limit,
            started,
        )?,
        _ => None,
    };
    process::finishing();
    let out = match args.output.format {
        f if f.is_picture() => {
            sink.write_picture(f, &args.draw, &puzzle, &report.solutions)?;
            String::new()
        }
        Format::Json => render::json_with(
            &puzzle,
            report.status,
            &report.solutions,
            &level.iter().map(|l| l.fields()).collect::<Vec<_>>(),
            None,
            &report.stats,
        ),
        _ => {
            let mut out = String::new();
            if !quiet {
                out += &headline(&puzzle, &report);
            }
            for s in &report.solutions {
                out += &sink.drawing(&args.draw, s);
            }
            if let Some(level) = &level {
                out += &level.line();
            }
            out
        }
    };
    if !args.output.format.is_picture() {
        sink.write(&out)?;
    }
    say_why(args, quiet, &report, progress);
    if let Some(exit) = level.as_ref().and_then(|l| l.exit()) {
        return Ok(exit);
    }
    Ok(report.status.into())
}

/// The first line of `solve`'s text: the puzzle, its status, the time,
/// and how it was searched (an exact search has no CNF to describe).
fn headline(puzzle: &Puzzle, report: &Report) -> String {
    let secs = (report.stats.encode_ms + report.stats.solve_ms) / 1000.0;
    let stats = &report.stats;
    let how = if stats.variables == 0 && stats.clauses == 0 {
        format!("{} search", stats.backend)
    } else {
        format!(
            "{} variables, {} clauses, {} encoding, {}",
            stats.variables, stats.clauses, stats.encoding, stats.backend
        )
    };
    format!(
        "{}: {} in {secs:.3} s ({how})\n",
        puzzle.name(),
        match report.status {
            Status::Solved => "solved",
            Status::Unsolvable => "no solution",
            Status::Unknown => "gave up",
        },
    )
}

/// On stderr, why a run has no solution or gave up, and where a run
/// that gave up had got to (`progress`, an edge-matching board's). Such
/// a board may have no solution anyone can find in time (Eternity II),
/// and the one answer still worth having is its best score: unless
/// `quiet`, the command that finds it is named.
fn say_why(args: &SolveArgs, quiet: bool, report: &Report, progress: Option<String>) {
    if let Some(reason) = &report.reason {
        match report.status {
            Status::Unsolvable => eprintln!("{}: no solution: {reason}", args.puzzle.display()),
            _ => eprintln!("{}: gave up: {reason}", args.puzzle.display()),
        }
    }
    if let Some(line) = progress.filter(|_| report.status == Status::Unknown) {
        let file = args.puzzle.display();
        eprintln!("{file}: {line}");
        if !quiet {
            let limit = args
                .search
                .time_limit
                .map(|t| format!(" --time-limit {}", t.as_secs_f64()))
                .unwrap_or_default();
            eprintln!(
                "{file}: every tile placed and the most edges matched instead: \
                 jigsat solve {file} --best{limit}"
            );
        }
    }
}

/// Time kept back from the time limit per board cell of each class an
/// enumeration draws as a picture (measured: 93,000 classes of a 60-cell
/// strip took 3.5 s as JSON). Text and JSON are written as the classes
/// are found, within the limit.
const RENDER_PER_CELL: std::time::Duration = std::time::Duration::from_micros(1);

/// The most solutions one picture (an SVG grid, an HTML page, a folder of
/// files) draws: a picture holds every solution it shows until it is
/// drawn, and no one turns through more by hand.
pub(crate) const PICTURE_MOST: usize = 10_000;

/// `--all` and `--limit`: every class, written as it is found (text and
/// JSON) or drawn together at the end (pictures).
fn run_all(args: &SolveArgs, quiet: bool, puzzle: &Puzzle, sink: &Sink) -> Result<Exit> {
    let limit = if args.all {
        args.limit
    } else {
        Some(args.limit.unwrap_or(1))
    };
    let format = args.output.format;
    if format.is_picture() {
        return draw_all(args, quiet, puzzle, sink, limit);
    }
    let style = (sink.wants_colour(), args.draw.ascii);
    let listed = Listed::open(sink.path, format, style, quiet, puzzle)?;
    let mut solver = args.search.solver().stop_flag(process::interrupt_flag());
    if let Some(n) = limit {
        solver = solver.limit(n as usize);
    }
    let progress = Progress::new(quiet);
    let enumerated = solver.enumerate(puzzle, Some(listed.hook()), &mut |n| progress.update(n));
    process::finishing();
    progress.finish();
    // A failed run drops the listing: a file half written is removed.
    let result = enumerated?;
    listed.finish(&result)?;
    ended(args, &result)
}

/// The exit of `--all` / `--limit`, after its output.
fn ended(args: &SolveArgs, result: &Enumeration) -> Result<Exit> {
    super::shared::counts::report_stop_of(&args.puzzle, result);
    Ok(Exit::from(&result.ending()))
}

/// `--all` and `--limit` as a picture: the classes held, at most
/// [`PICTURE_MOST`], and drawn together at the end.
fn draw_all(
    args: &SolveArgs,
    quiet: bool,
    puzzle: &Puzzle,
    sink: &Sink,
    limit: Option<u64>,
) -> Result<Exit> {
    let too_many = |what: &str| {
        Error::Usage(format!(
            "{}: {what}, more than one picture draws ({PICTURE_MOST}): --limit N draws the \
             first N, --format json or text lists every one",
            args.puzzle.display()
        ))
    };
    if let Some(n) = limit.filter(|&n| n > PICTURE_MOST as u64) {
        return Err(too_many(&format!("--limit {n} asks for {n} solutions")));
    }
    // One more than a picture draws, to know that there are more.
    let held = limit.map_or(PICTURE_MOST + 1, |n| n as usize);
    let solver = args
        .search
        .solver()
        .limit(held)
        .stop_flag(process::interrupt_flag())
        // Drawing a class takes about a microsecond per board cell (JSON
        // of a loose 3x20 strip: 37 us for 60 cells), kept back from the
        // limit.
        .reserve_per_class(RENDER_PER_CELL * puzzle.cell_count() as u32);
    let progress = Progress::new(quiet);
    let result = solver.enumerate(puzzle, None, &mut |n| progress.update(n))?;
    process::finishing();
    progress.finish();
    if result.classes.len() > PICTURE_MOST {
        return Err(too_many("the puzzle has more solutions up to symmetry"));
    }
    sink.write_picture(args.output.format, &args.draw, puzzle, &result.classes)?;
    ended(args, &result)
}
