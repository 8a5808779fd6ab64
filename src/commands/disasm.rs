//! `jigsat disasm`, and the disassembly of `count --disassemble`: the
//! assemblies found, each taken apart by the library's
//! [`jigsat::api::disassembly`], with the level text BurrTools prints and
//! the plan of moves.

use crate::exit::Exit;
use std::path::Path;
use std::time::{Duration, Instant};

use crate::cli::DisasmArgs;
use crate::cli::Format;
use jigsat::api::disassembly::{Disassembler, Disassembly, Groups, Summary, first_halt};
use jigsat::api::{Puzzle, Result, Solution};

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
        .stop_flag(crate::signals::interrupt_flag());
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

pub fn run(args: &DisasmArgs, quiet: bool) -> Result<Exit> {
    let started = Instant::now();
    let interrupt = crate::signals::interrupt_flag();
    if let Some(limit) = args.search.time_limit {
        crate::signals::set_deadline(&args.puzzle, limit);
    }
    let puzzle = open(&args.puzzle, &args.problem)?;
    check_puzzle(&puzzle)?;
    super::shared::no_picture(args.output.format, "disasm")?;
    let groups = Groups::from_file(&args.puzzle, args.problem.problem.as_deref())?;
    let limit = match (args.all, args.solution) {
        (true, _) => None,
        (false, n) => Some(n.unwrap_or(1) as usize),
    };
    // The assemblies are numbered in the order one search thread finds
    // them, so that `--solution N` names the same assembly on every run
    // (threads would race for the numbers); -j is the threads that take
    // them apart.
    let finding = args.search.solver().stop_flag(interrupt).threads(1);
    let found = finding.assemblies(&puzzle, limit)?;
    let classes = found.solutions();
    let chosen: Vec<(usize, Solution)> = match args.solution {
        Some(n) if !args.all => classes
            .get(n as usize - 1)
            .map(|s| vec![(n as usize, s.clone())])
            .unwrap_or_default(),
        _ => classes
            .iter()
            .cloned()
            .enumerate()
            .map(|(i, s)| (i + 1, s))
            .collect(),
    };
    if chosen.is_empty() {
        if !found.settled() {
            if let Some(reason) = found.stop_reason() {
                eprintln!("{}: gave up: {reason}", args.puzzle.display());
            }
            return Ok(halt_exit(found.interrupted()));
        }
        let what = match args.solution {
            Some(n) if found.distinct() > 0 => format!(
                "--solution {n}: the puzzle has {} assemblies",
                found.distinct()
            ),
            _ => "no assembly: nothing to take apart".into(),
        };
        eprintln!("{}: {what}", args.puzzle.display());
        return Ok(Exit::NoSolution);
    }
    if found.interrupted() {
        return Ok(Exit::Interrupted);
    }
    crate::signals::rearm();
    let solutions: Vec<Solution> = chosen.iter().map(|(_, s)| s.clone()).collect();
    let taken = disassembler(
        args.thorough,
        groups,
        args.search.time_limit,
        started,
        args.search.jobs.map(|n| n as usize),
    )
    .take_apart(&solutions)?;
    crate::signals::finishing();
    let total = if found.complete() {
        found.distinct().to_string()
    } else {
        format!("{}+", found.distinct())
    };
    let out = match args.output.format {
        Format::Json => {
            let shown: Vec<(Solution, Disassembly)> = (solutions.iter().zip(&taken))
                .filter_map(|(s, t)| t.disassembly().map(|d| (s.clone(), d.clone())))
                .collect();
            let summary = args.all.then(|| Summary::of(&taken));
            found.json(&shown, summary.as_ref())
        }
        _ => {
            let mut out = String::new();
            for ((n, _), t) in chosen.iter().zip(&taken) {
                let Some(d) = t.disassembly() else { continue };
                match d.level() {
                    Some(level) => {
                        out += &format!(
                            "{}: assembly {n} of {total} comes apart, level {level} ({} moves, {} states searched){}\n",
                            puzzle.name(),
                            d.moves().len(),
                            d.states(),
                            if d.thorough_only() {
                                "; only with --thorough: BurrTools says it does not come apart"
                            } else {
                                ""
                            }
                        );
                    }
                    None => {
                        out += &format!(
                            "{}: assembly {n} of {total} does not come apart ({} states searched)\n",
                            puzzle.name(),
                            d.states()
                        );
                    }
                }
                if !quiet || chosen.len() == 1 {
                    out += &d.plan_text();
                }
            }
            if args.all && found.complete() {
                out += &Summary::of(&taken).text();
            }
            out
        }
    };
    Sink {
        path: args.output.output.as_deref(),
    }
    .write(&out)?;
    if let Some(halted) = first_halt(&taken) {
        eprintln!("{}: {halted}", args.puzzle.display());
        return Ok(halt_exit(halted.interrupted()));
    }
    Ok(Exit::Done)
}

/// What `count --disassemble` hands over with the classes it found: where
/// the puzzle came from, `--thorough`, the run's time limit and threads,
/// and when the run began (its time limit counts from there).
pub(super) struct Asked<'a> {
    pub(super) path: &'a Path,
    pub(super) problem: Option<&'a str>,
    pub(super) thorough: bool,
    pub(super) time_limit: Option<Duration>,
    pub(super) threads: usize,
    pub(super) started: Instant,
}

/// The disassembler of `count --disassemble` and `solve --disassemble`:
/// Ctrl-C armed again (the search raised the flag to stop its own
/// workers), the groups of the file, the limits of the run.
pub(super) fn prepared(asked: &Asked) -> Result<Disassembler> {
    let groups = Groups::from_file(asked.path, asked.problem)?;
    crate::signals::rearm();
    Ok(disassembler(
        asked.thorough,
        groups,
        asked.time_limit,
        asked.started,
        Some(asked.threads),
    ))
}

/// `count --disassemble`: every class of the count taken apart on all
/// cores; the summary, and the line and exit status of a halt.
pub(super) fn count_summary(
    asked: &Asked,
    puzzle: &Puzzle,
    classes: &[Solution],
) -> Result<(Summary, Option<(String, Exit)>)> {
    check_puzzle(puzzle)?;
    let taken = prepared(asked)?.moves(false).take_apart(classes)?;
    let halt = first_halt(&taken).map(|h| {
        (
            format!("{}: {h}", asked.path.display()),
            halt_exit(h.interrupted()),
        )
    });
    Ok((Summary::of(&taken), halt))
}
