//! `jigsat disasm`, and the `--disassemble` of `count` and `solve`: the
//! assemblies found, each taken apart by the library's
//! [`jigsat::api::disassembly`], with the level text BurrTools prints and
//! the plan of moves.

use crate::exit::Exit;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::cli::{DisasmArgs, Format, SolveArgs};
use jigsat::api::disassembly::{
    Disassembler, Disassembly, FirstApart, Groups, Halted, Outcome, Summary, add_to_json,
    first_halt,
};
use jigsat::api::run::{Ending, Enumeration, Status, Stop};
use jigsat::api::{Puzzle, Result, Solution, process, render};

use super::shared::{Sink, open};

/// The disassembler refuses puzzles it cannot say anything true about.
pub(super) fn check_puzzle(puzzle: &Puzzle) -> Result<()> {
    Disassembler::new().check(puzzle)
}

/// The disassembler of a run: its rule, the groups of its file, Ctrl-C,
/// the time limit counted from `started`, and the threads (`None`: one
/// per core).
fn disassembler(
    thorough: bool,
    groups: Groups,
    time_limit: Option<Duration>,
    started: Instant,
    threads: Option<usize>,
) -> Disassembler {
    let mut d = Disassembler::new()
        .thorough(thorough)
        .groups(groups)
        .stop_flag(process::interrupt_flag());
    if let Some(limit) = time_limit {
        d = d.deadline(started + limit);
    }
    if let Some(n) = threads {
        d = d.threads(n);
    }
    d
}

/// The exit status of a disassembly's halt.
pub(super) fn halt_exit(interrupted: bool) -> Exit {
    if interrupted {
        Exit::Interrupted
    } else {
        Exit::GaveUp
    }
}

/// The end of a run that found nothing to take apart: a search that
/// stopped says so, a `--solution N` past the last assembly is a bad
/// argument (exit 2, saying how many there are), and a puzzle without
/// assemblies has nothing to take apart (exit 1).
fn nothing_chosen(args: &DisasmArgs, found: &Enumeration) -> Exit {
    if found.status() == Status::Unknown {
        super::shared::counts::report_stop_of(&args.puzzle, found);
        return halt_exit(found.stopped == Some(Stop::Interrupted));
    }
    let file = args.puzzle.display();
    match args.solution.filter(|_| found.distinct > 0) {
        Some(n) => {
            eprintln!("{file}: --solution {n}: {}", past_the_last(found.distinct));
            Exit::BadInput
        }
        None => {
            eprintln!("{file}: no assembly: nothing to take apart");
            Exit::NoSolution
        }
    }
}

/// What `--solution N` past the last of `assemblies` (at least one)
/// expected.
fn past_the_last(assemblies: u64) -> String {
    match assemblies {
        1 => "the puzzle has 1 assembly (expected --solution 1)".into(),
        n => format!("the puzzle has {n} assemblies (expected --solution 1 to {n})"),
    }
}

pub fn run(args: &DisasmArgs, quiet: bool) -> Result<Exit> {
    let started = Instant::now();
    let puzzle = open(&args.puzzle, &args.problem)?;
    check_puzzle(&puzzle)?;
    super::shared::no_picture(args.output.format, "disasm")?;
    let groups = Groups::from_file(&args.puzzle, args.problem.problem.as_deref())?;
    // Without --solution, the first assembly; more are found while none
    // of those comes apart (`first_of_all`).
    let limit = match (args.all, args.solution) {
        (true, _) => None,
        (false, n) => Some(n.unwrap_or(1) as usize),
    };
    let found = find(args, &puzzle, limit, started)?;
    let chosen = chosen(args, &found);
    if chosen.is_empty() {
        return Ok(nothing_chosen(args, &found));
    }
    if found.stopped == Some(Stop::Interrupted) {
        return Ok(Exit::Interrupted);
    }
    if args.solution.is_none() && !args.all {
        return first_of_all(args, &puzzle, found, started);
    }
    let solutions: Vec<Solution> = chosen.iter().map(|(_, s)| s.clone()).collect();
    let taken = disassembler(
        args.thorough,
        groups,
        args.search.time_limit,
        started,
        args.search.jobs.map(|n| n as usize),
    )
    .take_apart(&solutions)?;
    process::finishing();
    // The search's end, then the disassembly's: one rule for both.
    let halted = first_halt(&taken);
    let ending = found.ending().then(halted.map(Halted::unfinished));
    let total = if found.complete {
        found.distinct.to_string()
    } else {
        format!("{}+", found.distinct)
    };
    let out = match args.output.format {
        Format::Json => {
            let (shown, disassemblies): (Vec<Solution>, Vec<&Disassembly>) =
                (solutions.iter().zip(&taken))
                    .filter_map(|(s, t)| t.disassembly().map(|d| (s.clone(), d)))
                    .unzip();
            let doc = render::json(&puzzle, ending.status(), &shown, None, &found.stats);
            let summary = args.all.then(|| Summary::of(&taken));
            add_to_json(&doc, &disassemblies, summary.as_ref())
        }
        _ => {
            let shown = Shown {
                puzzle: &puzzle,
                chosen: &chosen,
                total: &total,
                plans: !quiet || chosen.len() == 1,
            };
            let summary = (args.all && found.complete).then(|| Summary::of(&taken));
            shown.text(&taken, summary.as_ref())
        }
    };
    Sink {
        path: args.output.output.as_deref(),
    }
    .write(&out)?;
    if let Some(halted) = halted {
        eprintln!("{}: {halted}", args.puzzle.display());
    }
    Ok(Exit::from(&ending))
}

/// The assemblies `--solution N` (one) or `--all` (every one found)
/// asks for, each with its number from 1; none when `--solution N` is
/// past the last found.
fn chosen(args: &DisasmArgs, found: &Enumeration) -> Vec<(usize, Solution)> {
    match args.solution {
        Some(n) if !args.all => (found.classes.get(n as usize - 1))
            .map(|s| vec![(n as usize, s.clone())])
            .unwrap_or_default(),
        _ => (found.classes.iter().cloned().enumerate())
            .map(|(i, s)| (i + 1, s))
            .collect(),
    }
}

/// The chosen assemblies of `disasm` as text: of `total` found, their
/// numbers, and whether each one's plan is drawn (`plans`).
struct Shown<'a> {
    puzzle: &'a Puzzle,
    chosen: &'a [(usize, Solution)],
    total: &'a str,
    plans: bool,
}

impl Shown<'_> {
    /// A line for each assembly taken apart (with its plan when
    /// `plans`), then the `--all` summary when there is one.
    fn text(&self, taken: &[Outcome], summary: Option<&Summary>) -> String {
        let mut out = String::new();
        for ((n, _), t) in self.chosen.iter().zip(taken) {
            let Some(d) = t.disassembly() else { continue };
            out += &self.line(*n, d);
            if self.plans {
                out += &d.plan_text();
            }
        }
        if let Some(summary) = summary {
            out += &summary.text();
        }
        out
    }

    /// "NAME: assembly N of TOTAL comes apart, level L (…)" or "… does
    /// not come apart (…)".
    fn line(&self, n: usize, d: &Disassembly) -> String {
        let (name, total) = (self.puzzle.name(), self.total);
        match d.level() {
            Some(level) => format!(
                "{name}: assembly {n} of {total} comes apart, level {level} ({} moves, {} states searched){}\n",
                d.moves().len(),
                d.states(),
                if d.thorough_only() {
                    "; only with --thorough: BurrTools says it does not come apart"
                } else {
                    ""
                }
            ),
            None => match d.shut_in() {
                Some((outer, inner)) => format!(
                    "{name}: assembly {n} of {total} does not come apart: {inner} is shut inside {outer} (nothing searched)\n"
                ),
                None => format!(
                    "{name}: assembly {n} of {total} does not come apart ({} states searched)\n",
                    d.states()
                ),
            },
        }
    }
}

/// What `count --disassemble` and `solve --disassemble` hand over with the
/// classes they found: where the puzzle came from, `--thorough`, the
/// run's time limit and threads, and when the run began (its time limit
/// counts from there).
pub(super) struct Asked<'a> {
    pub(super) path: &'a Path,
    pub(super) problem: Option<&'a str>,
    pub(super) thorough: bool,
    pub(super) time_limit: Option<Duration>,
    pub(super) threads: Option<usize>,
    pub(super) started: Instant,
}

/// The disassembler of `count --disassemble` and `solve --disassemble`:
/// the groups of the file, the limits of the run, and Ctrl-C — not
/// lowered after the search (no engine raises the process's flag to stop
/// its own workers), so that a signal during the search's last moments
/// still stops the run.
pub(super) fn prepared(asked: &Asked) -> Result<Disassembler> {
    let groups = Groups::from_file(asked.path, asked.problem)?;
    Ok(disassembler(
        asked.thorough,
        groups,
        asked.time_limit,
        asked.started,
        asked.threads,
    ))
}

/// `count --disassemble`: every class of the count taken apart on all
/// cores; the summary, and the halt that stopped it, if one did.
pub(super) fn count_summary(
    asked: &Asked,
    puzzle: &Puzzle,
    classes: &[Solution],
) -> Result<(Summary, Option<Halted>)> {
    check_puzzle(puzzle)?;
    let taken = prepared(asked)?.moves(false).take_apart(classes)?;
    Ok((Summary::of(&taken), first_halt(&taken).cloned()))
}

/// The assembly that comes apart (its index among those tried, and how),
/// or the halt that stopped the search before one did.
type Picked = (Option<(usize, Disassembly)>, Option<Halted>);

/// The first of `classes` that comes apart (its index and disassembly),
/// or the halt that stopped the search before one did: how `solve
/// --disassemble` and `disasm` without `--solution` pick the assembly
/// they show. Neither found: none comes apart.
fn first_apart(asked: &Asked, classes: &[Solution]) -> Result<Picked> {
    Ok(match prepared(asked)?.first_apart(classes)? {
        FirstApart::Apart { index, disassembly } => (Some((index, disassembly)), None),
        FirstApart::Halted(halted) => (None, Some(halted)),
        _ => (None, None),
    })
}

/// The first `limit` assemblies (all: `None`), in the order one search
/// thread finds them, so that `--solution N` names the same assembly on
/// every run (threads would race for the numbers; -j is the threads that
/// take them apart), within what is left of the time limit.
fn find(
    args: &DisasmArgs,
    puzzle: &Puzzle,
    limit: Option<usize>,
    started: Instant,
) -> Result<Enumeration> {
    let mut finding = (args.search.solver())
        .stop_flag(process::interrupt_flag())
        .threads(1);
    if let Some(n) = limit {
        finding = finding.limit(n);
    }
    if let Some(t) = args.search.time_limit {
        finding = finding.time_limit(
            t.saturating_sub(started.elapsed())
                .max(Duration::from_millis(1)),
        );
    }
    finding.enumerate(puzzle, None, &mut |_| {})
}

/// `disasm` without `--solution` or `--all`: the first assembly that
/// comes apart, and how many were tried before it; when none does, says
/// so for all of them (exit 0, as a disassembly that does not come apart
/// does). While none of the assemblies found comes apart, four times as
/// many are found (the same first ones again: one search thread), so
/// that a puzzle whose first assembly comes apart is not counted.
fn first_of_all(
    args: &DisasmArgs,
    puzzle: &Puzzle,
    mut found: Enumeration,
    started: Instant,
) -> Result<Exit> {
    let asked = Asked {
        path: &args.puzzle,
        problem: args.problem.problem.as_deref(),
        thorough: args.thorough,
        time_limit: args.search.time_limit,
        threads: args.search.jobs.map(|n| n as usize),
        started,
    };
    let mut tried = 0;
    let (apart, halt) = loop {
        let fresh = found.classes.get(tried..).unwrap_or_default();
        let (apart, halt) = first_apart(&asked, fresh)?;
        // Only a search that stopped at the number asked for has more.
        let more = matches!(found.stopped, Some(Stop::Limit(_)));
        if apart.is_some() || halt.is_some() || !more {
            break (apart.map(|(i, d)| (tried + i, d)), halt);
        }
        tried = found.classes.len();
        found = find(args, puzzle, Some(tried * 4), started)?;
    };
    process::finishing();
    let found = &found;
    // The search's end, then the disassembly's: one rule for both.
    let ending = (found.ending()).then(halt.as_ref().map(Halted::unfinished));
    let total = match found.complete {
        true => found.distinct.to_string(),
        false => format!("{}+", found.distinct),
    };
    let out = match (args.output.format, &apart) {
        (Format::Json, _) => {
            let shown: Vec<Solution> = (apart.iter())
                .map(|(i, _)| found.classes[*i].clone())
                .collect();
            let doc = render::json(puzzle, ending.status(), &shown, None, &found.stats);
            add_to_json(
                &doc,
                &apart.iter().map(|(_, d)| d).collect::<Vec<_>>(),
                None,
            )
        }
        (_, Some((index, d))) => format!(
            "{}: {}{}",
            puzzle.name(),
            apart_line(*index, &total, d),
            d.plan_text()
        ),
        (_, None) if halt.is_none() && found.complete => {
            format!("{}: {}\n", puzzle.name(), none_apart(found.distinct))
        }
        _ => String::new(),
    };
    Sink {
        path: args.output.output.as_deref(),
    }
    .write(&out)?;
    if let Some(halted) = &halt {
        eprintln!("{}: {halted}", args.puzzle.display());
    } else if apart.is_none() && !found.complete {
        // The search stopped before every assembly was found: none of
        // those found comes apart, which says nothing of the rest.
        super::shared::counts::report_stop_of(&args.puzzle, found);
    }
    Ok(Exit::from(&ending))
}

/// The line of a puzzle none of whose `total` assemblies comes apart.
fn none_apart(total: u64) -> String {
    match total {
        1 => "its one assembly does not come apart".into(),
        n => format!("none of the {n} assemblies comes apart"),
    }
}

/// "assembly 7 of 12 comes apart, level 2 (…); 6 tried before it did
/// not": the assembly at `index` (from 0) among `total`.
fn apart_line(index: usize, total: &str, d: &Disassembly) -> String {
    let before = match index {
        0 => String::new(),
        1 => "; the 1 tried before it did not".to_string(),
        n => format!("; the {n} tried before it did not"),
    };
    format!(
        "assembly {} of {total} comes apart, level {} ({} moves, {} states searched){before}{}\n",
        index + 1,
        d.level().unwrap_or_default(),
        d.moves().len(),
        d.states(),
        if d.thorough_only() {
            "; only with --thorough: BurrTools says it does not come apart"
        } else {
            ""
        }
    )
}

/// `solve --disassemble`: the assemblies taken apart as the search finds
/// them, the search stopped at the first that comes apart, drawn with its
/// level and plan; exit 1 when none does.
pub(super) fn solve_apart(
    args: &SolveArgs,
    quiet: bool,
    puzzle: &Puzzle,
    sink: &Sink,
) -> Result<Exit> {
    let started = Instant::now();
    check_puzzle(puzzle)?;
    let asked = Asked {
        path: &args.puzzle,
        problem: args.problem.problem.as_deref(),
        thorough: args.thorough,
        time_limit: args.search.time_limit,
        threads: args.search.jobs.map(|n| n as usize),
        started,
    };
    let (found, streamed) = stream_apart(args, puzzle, &asked)?;
    let Streamed { apart, halt, .. } = streamed;
    if apart.is_none() && halt.is_none() && found.stopped == Some(Stop::Interrupted) {
        eprintln!(
            "{}: interrupted while finding the assemblies",
            args.puzzle.display()
        );
        return Ok(Exit::Interrupted);
    }
    process::finishing();
    // One that comes apart answers; a disassembly that halted leaves the
    // run unfinished in its words; else the search's end (no solution
    // only when every assembly was found and taken apart).
    let ending = match (&apart, &halt) {
        (Some(_), _) => Ending::answered(Status::Solved),
        (None, Some(h)) => Ending::answered(Status::Solved).then(Some(h.unfinished())),
        (None, None) => Ending::of_search(found.complete, 0, found.stopped.as_ref()),
    };
    let status = ending.status();
    let shown: Vec<Solution> = apart.iter().map(|(s, _)| s.clone()).collect();
    let out = match args.output.format {
        f if f.is_picture() => {
            sink.write_picture(f, &args.draw, puzzle, &shown)?;
            String::new()
        }
        Format::Json => {
            let doc = render::json(puzzle, status, &shown, None, &found.stats);
            let disassemblies: Vec<&Disassembly> = apart.iter().map(|(_, d)| d).collect();
            add_to_json(&doc, &disassemblies, None)
        }
        _ => match &apart {
            Some((s, d)) => format!(
                "{}level {}\n{}",
                sink.drawing(&args.draw, s),
                d.level().unwrap_or_default(),
                d.plan_text()
            ),
            None => String::new(),
        },
    };
    if !args.output.format.is_picture() {
        sink.write(&out)?;
    }
    match (&apart, &halt) {
        (Some(_), _) => {}
        (None, Some(halted)) => eprintln!("{}: {halted}", args.puzzle.display()),
        (None, None) if found.complete => {
            if !quiet {
                eprintln!(
                    "{}: none of the {} assemblies comes apart by sliding pieces",
                    args.puzzle.display(),
                    found.distinct
                );
            }
        }
        // The search stopped before every assembly was found: none of
        // those found comes apart, which says nothing of the rest.
        (None, None) => super::shared::counts::report_stop_of(&args.puzzle, &found),
    }
    Ok(Exit::from(&ending))
}

/// What `solve --disassemble`'s listing keeps as the search hands it the
/// assemblies: the first that comes apart, or the halt that stopped the
/// disassembly.
#[derive(Default)]
struct Streamed {
    apart: Option<(Solution, Disassembly)>,
    halt: Option<Halted>,
}

/// The search, each assembly taken apart as it is found (on the search's
/// receiving thread, while its workers go on), until one comes apart or
/// a disassembly halts: then the search is told to stop. A puzzle whose
/// first assembly comes apart is not counted first.
fn stream_apart(
    args: &SolveArgs,
    puzzle: &Puzzle,
    asked: &Asked,
) -> Result<(Enumeration, Streamed)> {
    let disassembler = prepared(asked)?.threads(1);
    let kept = Arc::new(Mutex::new(Streamed::default()));
    let shared = Arc::clone(&kept);
    let each = move |s: Solution| -> Result<bool> {
        let picked = disassembler.first_apart(std::slice::from_ref(&s))?;
        let mut kept = shared.lock().unwrap_or_else(|e| e.into_inner());
        match picked {
            FirstApart::Apart { disassembly, .. } => kept.apart = Some((s, disassembly)),
            FirstApart::Halted(halted) => kept.halt = Some(halted),
            _ => return Ok(true),
        }
        Ok(false)
    };
    let solver = args.search.solver().stop_flag(process::interrupt_flag());
    let found = solver.enumerate(puzzle, Some(Arc::new(each)), &mut |_| {})?;
    let streamed = std::mem::take(&mut *kept.lock().unwrap_or_else(|e| e.into_inner()));
    Ok((found, streamed))
}
