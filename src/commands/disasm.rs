//! `jigsat disasm`, and the `--disassemble` of `count` and `solve`: the
//! assemblies found, each taken apart by [`jigsat::internal::disasm`], with the level
//! text BurrTools prints and the plan of moves.

use crate::exit::Exit;
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Instant;

use serde_json::{Value, json};

use crate::cli::DisasmArgs;
use crate::cli::Format;
use jigsat::api::{Error, Result};
use jigsat::internal::disasm::{self, Body, DIRECTIONS, Disassembly, Halt, Limits, Progress, Rule};
use jigsat::internal::geometry::Cell;
use jigsat::internal::options::Options;
use jigsat::internal::pipeline;
use jigsat::internal::puzzle::Puzzle;
use jigsat::internal::render::json;
use jigsat::internal::report::Status;
use jigsat::internal::solution::Solution;
use jigsat::internal::symmetry::Group;

use super::shared::{Sink, enumeration_status, load};

/// The disassembler refuses puzzles it cannot say anything true about.
pub(super) fn check_puzzle(path: &Path, puzzle: &Puzzle) -> Result<()> {
    let refuse = |why: &str| {
        Err(Error::Usage(format!(
            "{}: {why}; disassembly is for pieces in space (translations only)",
            path.display()
        )))
    };
    if puzzle.tiling().is_some() {
        return refuse("an edge-matching puzzle has tiles, not pieces to slide");
    }
    if puzzle.is_flat() {
        return refuse("a flat (2-D) puzzle comes apart by lifting any piece off the plane");
    }
    Ok(())
}

/// Per puzzle piece, its group and weight: from a BurrTools problem, or
/// none (every piece on its own, weight 1).
pub(super) fn groups(path: &Path, problem: Option<&str>) -> Result<Groups> {
    let bytes = std::fs::read(path).map_err(|e| Error::io(path, e))?;
    if !jigsat::internal::puzzle::burrtools::is_xmpuzzle(path, &bytes) {
        return Ok(None);
    }
    let file = jigsat::internal::puzzle::burrtools::read(&bytes, &path.display().to_string())?;
    Ok(Some(file.groups_and_weights(problem)?))
}

/// The images of an assembly under the puzzle's symmetries (the
/// identity first), for [`disasm::choose_image`].
fn images(puzzle: &Puzzle, group: &Group, bodies: &[Body]) -> Vec<disasm::Image> {
    let board = &puzzle.board;
    let names = puzzle.pieces();
    group
        .elements
        .iter()
        .filter_map(|el| {
            let mut out = Vec::with_capacity(bodies.len());
            for b in bodies {
                let mut cells = Vec::with_capacity(b.cells.len());
                for &c in &b.cells {
                    let i = board.index(Cell::from_coords(c))?;
                    cells.push(board.cell(el.cells[i as usize]).coords());
                }
                let piece = el.pieces.get(b.piece).copied().unwrap_or(b.piece);
                out.push(Body {
                    name: names
                        .get(piece)
                        .map_or_else(|| b.name.clone(), |p| p.name.clone()),
                    cells,
                    piece,
                    ..b.clone()
                });
            }
            let mut back = [0u8; 6];
            for (d, slot) in back.iter_mut().enumerate() {
                let want = disasm::unit(d as u8);
                *slot = (0..6u8).find(|&o| {
                    el.transform
                        .apply(Cell::from_coords(disasm::unit(o)))
                        .coords()
                        == want
                })?;
            }
            Some(disasm::Image { bodies: out, back })
        })
        .collect()
}

/// The separation rule of `--thorough` (or not).
fn rule(thorough: bool) -> Rule {
    if thorough {
        Rule::Thorough
    } else {
        Rule::BurrTools
    }
}

/// What taking apart one assembly gave: the answer, or where it stopped.
pub(super) type Answer = std::result::Result<Disassembly, (Halt, Progress)>;

/// Takes apart every solution on `threads` threads, one assembly per
/// task. The first halt (Ctrl-C, time limit, memory) stops the others;
/// assemblies not reached are `None`.
pub(super) fn take_apart(
    puzzle: &Puzzle,
    solutions: &[Solution],
    groups: Option<&[(u32, u32)]>,
    plan: bool,
    rule: Rule,
    limits: &Limits,
    threads: usize,
) -> Result<Vec<Option<Answer>>> {
    let instance = jigsat::internal::instance::Instance::new(puzzle)?;
    let group = instance.group();
    let chosen: Vec<disasm::Image> = solutions
        .iter()
        .map(|s| disasm::choose_image(images(puzzle, group, &disasm::bodies(puzzle, s, groups))))
        .collect();
    let bodies: Vec<Vec<Body>> = chosen.iter().map(|im| im.bodies.clone()).collect();
    if let Some(why) = bodies.iter().find_map(|b| disasm::refuse(b)) {
        return Err(Error::Usage(format!("{}: {why}", puzzle.name)));
    }
    let next = AtomicUsize::new(0);
    let halted = Arc::new(AtomicBool::new(false));
    let results: Mutex<Vec<Option<Answer>>> = Mutex::new(vec![None; solutions.len()]);
    // Each task watches the user's stop flag through a flag of its own,
    // raised also when another task halts.
    let outer = limits.stop.clone();
    let mine = Limits {
        stop: Some(halted.clone()),
        ..limits.clone()
    };
    let watching = AtomicBool::new(true);
    std::thread::scope(|scope| {
        // The watcher naps between looks and is woken when the tasks are
        // done, so a quick disassembly does not wait out its nap.
        let watcher = outer.as_ref().map(|outer| {
            let halted = halted.clone();
            let watching = &watching;
            scope.spawn(move || {
                while watching.load(Ordering::Relaxed) {
                    if outer.load(Ordering::Relaxed) {
                        halted.store(true, Ordering::Relaxed);
                        return;
                    }
                    std::thread::park_timeout(std::time::Duration::from_millis(20));
                }
            })
        });
        let workers: Vec<_> = (0..threads.max(1).min(solutions.len().max(1)))
            .map(|_| {
                scope.spawn(|| {
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= bodies.len() || halted.load(Ordering::Relaxed) {
                            return;
                        }
                        let mut answer = disasm::disassemble(&bodies[i], plan, rule, &mine);
                        if let Ok(d) = &mut answer {
                            d.turn_back(&chosen[i].back);
                        }
                        if let Err((h, _)) = &mut answer {
                            if *h == Halt::Interrupted
                                && !outer.as_ref().is_some_and(|o| o.load(Ordering::Relaxed))
                            {
                                // Stopped because another task halted: not reached.
                                return;
                            }
                            halted.store(true, Ordering::Relaxed);
                        }
                        results.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(answer);
                    }
                })
            })
            .collect();
        for w in workers {
            let _ = w.join();
        }
        watching.store(false, Ordering::Relaxed);
        if let Some(w) = watcher {
            w.thread().unpark();
        }
    });
    Ok(results.into_inner().unwrap_or_else(|e| e.into_inner()))
}

/// The limits of a run: its stop flag, its time limit counted from
/// `started`, and the memory budget.
pub(super) fn limits(
    stop: Arc<AtomicBool>,
    time_limit: Option<std::time::Duration>,
    started: Instant,
) -> Limits {
    Limits {
        stop: Some(stop),
        deadline: time_limit.map(|t| started + t),
        max_bytes: jigsat::internal::process::budget::limit(),
        max_states: None,
    }
}

/// The halt of a run, if any assembly stopped: the first in order.
pub(super) fn first_halt(answers: &[Option<Answer>]) -> Option<(Halt, Progress)> {
    answers
        .iter()
        .flatten()
        .find_map(|a| a.as_ref().err().cloned())
}

/// One line saying why a disassembly stopped and how far it got; its exit
/// status.
pub(super) fn halt_line(path: &Path, halt: &Halt, p: &Progress) -> (String, Exit) {
    let at = format!("after {} states in {} layers", p.states, p.layers);
    match halt {
        Halt::Interrupted => (
            format!("{}: disassembly interrupted {at}", path.display()),
            Exit::Interrupted,
        ),
        Halt::TimeLimit => (
            format!(
                "{}: disassembly reached the time limit {at}",
                path.display()
            ),
            Exit::GaveUp,
        ),
        Halt::Memory(bytes) => (
            format!(
                "{}: disassembly stopped {at}: its states would take {} (over the memory budget of {}; --max-memory raises it)",
                path.display(),
                jigsat::internal::process::budget::human(*bytes),
                jigsat::internal::process::budget::human(jigsat::internal::process::budget::limit())
            ),
            Exit::GaveUp,
        ),
        Halt::TooFar => (
            format!(
                "{}: disassembly stopped {at}: a piece slid beyond ±32,767 cells",
                path.display()
            ),
            Exit::GaveUp,
        ),
        Halt::StateCap(cap) => (
            format!(
                "{}: disassembly stopped {at}: the cap of {cap} states",
                path.display()
            ),
            Exit::GaveUp,
        ),
    }
}

/// The level's numbers, for ordering levels (`98.2.4.2` above `12.9`).
fn numbers(level: &str) -> Vec<u32> {
    level.split('.').filter_map(|n| n.parse().ok()).collect()
}

/// The `disassembly` summary of a count: assemblies, those that come
/// apart, and how many have each level.
pub struct Summary {
    pub assemblies: u64,
    pub come_apart: u64,
    /// Of those, how many come apart only by `--thorough`'s other
    /// separations (BurrTools counts them as not coming apart).
    pub changed: u64,
    pub levels: BTreeMap<Vec<u32>, u64>,
}

impl Summary {
    pub fn of(answers: &[Option<Answer>]) -> Summary {
        let mut s = Summary {
            assemblies: 0,
            come_apart: 0,
            changed: 0,
            levels: BTreeMap::new(),
        };
        for d in answers.iter().flatten().flatten() {
            s.assemblies += 1;
            if let Some(level) = d.level() {
                s.come_apart += 1;
                s.changed += u64::from(d.changed());
                *s.levels.entry(numbers(&level)).or_default() += 1;
            }
        }
        s
    }

    fn text_of(level: &[u32]) -> String {
        level
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(".")
    }

    pub fn highest(&self) -> Option<String> {
        self.levels.keys().next_back().map(|l| Summary::text_of(l))
    }

    pub fn text(&self) -> String {
        let mut out = format!(
            "{} assemblies, {} come apart (BurrTools' solutions)\n",
            self.assemblies, self.come_apart
        );
        if self.changed > 0 {
            out += &format!(
                "--thorough: {} of them come apart only by another separation than BurrTools' first (BurrTools: {} come apart)\n",
                self.changed,
                self.come_apart - self.changed
            );
        }
        if !self.levels.is_empty() {
            let levels: Vec<String> = self
                .levels
                .iter()
                .map(|(l, n)| format!("{} x{n}", Summary::text_of(l)))
                .collect();
            out += &format!("levels: {}\n", levels.join(", "));
            out += &format!("highest level: {}\n", self.highest().unwrap_or_default());
        }
        out
    }

    pub fn json(&self) -> Value {
        let levels: serde_json::Map<String, Value> = self
            .levels
            .iter()
            .map(|(l, n)| (Summary::text_of(l), json!(n)))
            .collect();
        json!({
            "assemblies": self.assemblies,
            "come_apart": self.come_apart,
            "thorough_changed": self.changed,
            "levels": levels,
            "highest": self.highest(),
        })
    }
}

/// A plan as text: one numbered line per move.
fn plan_text(bodies: &[Body], d: &Disassembly) -> String {
    let mut out = String::new();
    for (k, step) in d.plan().iter().enumerate() {
        let names: Vec<&str> = step
            .pieces
            .iter()
            .map(|&p| bodies[p].name.as_str())
            .collect();
        out += &format!(
            "{:>4}. {} {} {}{}\n",
            k + 1,
            names.join(" "),
            DIRECTIONS[usize::from(step.dir)],
            step.distance,
            if step.separates { "  (removed)" } else { "" }
        );
    }
    out
}

/// The disassembly fields of one solution in the JSON document.
pub(super) fn solution_fields(bodies: &[Body], d: &Disassembly) -> serde_json::Map<String, Value> {
    let moves: Vec<Value> = d
        .plan()
        .iter()
        .map(|s| {
            json!({
                "pieces": s.pieces.iter().map(|&p| bodies[p].name.clone()).collect::<Vec<_>>(),
                "indices": s.pieces,
                "direction": DIRECTIONS[usize::from(s.dir)],
                "distance": s.distance,
                "separates": s.separates,
            })
        })
        .collect();
    let mut m = serde_json::Map::new();
    m.insert("comes_apart".into(), json!(d.comes_apart()));
    m.insert("level".into(), json!(d.level()));
    m.insert("thorough_changed".into(), json!(d.changed()));
    m.insert("moves".into(), Value::Array(moves));
    m
}

/// Adds the disassembly fields to each solution of a JSON document and
/// the summary when given.
pub(super) fn patch_document(
    doc: &str,
    fields: Vec<serde_json::Map<String, Value>>,
    summary: Option<&Summary>,
) -> String {
    let Ok(mut v) = serde_json::from_str::<Value>(doc) else {
        return doc.to_string();
    };
    if let Some(list) = v.get_mut("solutions").and_then(Value::as_array_mut) {
        for (s, f) in list.iter_mut().zip(fields) {
            if let Some(obj) = s.as_object_mut() {
                obj.extend(f);
            }
        }
    }
    if let (Some(summary), Some(obj)) = (summary, v.as_object_mut()) {
        obj.insert("disassembly".into(), summary.json());
    }
    let mut text = serde_json::to_string_pretty(&v).expect("JSON of plain data");
    text.push('\n');
    text
}

pub fn run(args: &DisasmArgs, quiet: bool) -> Result<Exit> {
    let started = Instant::now();
    let interrupt = jigsat::internal::process::interrupt::flag();
    if let Some(limit) = args.search.time_limit {
        crate::signals::set_deadline(&args.puzzle, limit);
    }
    let puzzle = load(&args.puzzle, &args.problem)?;
    check_puzzle(&args.puzzle, &puzzle)?;
    super::shared::no_picture(args.output.format, "disasm")?;
    let groups = groups(&args.puzzle, args.problem.problem.as_deref())?;
    let limit = match (args.all, args.solution) {
        (true, _) => None,
        (false, n) => Some(n.unwrap_or(1) as usize),
    };
    let mut options: Options = args.search.options(limit);
    options.stop = Some(interrupt.clone());
    // The assemblies are numbered in the order one search thread finds
    // them, so that `--solution N` names the same assembly on every run
    // (threads would race for the numbers); -j is the threads that take
    // them apart.
    let threads = options.threads();
    let finding = Options {
        jobs: Some(1),
        ..options.clone()
    };
    let (result, stats) = pipeline::enumerate(&puzzle, &finding, &mut |_| {})?;
    let status = enumeration_status(&result);
    let chosen: Vec<(usize, Solution)> = match args.solution {
        Some(n) if !args.all => result
            .classes
            .get(n as usize - 1)
            .map(|s| vec![(n as usize, s.clone())])
            .unwrap_or_default(),
        _ => result
            .classes
            .iter()
            .cloned()
            .enumerate()
            .map(|(i, s)| (i + 1, s))
            .collect(),
    };
    if chosen.is_empty() {
        if status == Status::Unknown {
            super::shared::counts::report_stop(
                &args.puzzle,
                status,
                result.refuted.as_deref(),
                result.stopped.as_ref(),
            );
            return Ok(
                if result.stopped == Some(jigsat::internal::enumerate::Stopped::Interrupted) {
                    Exit::Interrupted
                } else {
                    Exit::GaveUp
                },
            );
        }
        let what = match args.solution {
            Some(n) if result.distinct > 0 => format!(
                "--solution {n}: the puzzle has {} assemblies",
                result.distinct
            ),
            _ => "no assembly: nothing to take apart".into(),
        };
        eprintln!("{}: {what}", args.puzzle.display());
        return Ok(Exit::NoSolution);
    }
    let solutions: Vec<Solution> = chosen.iter().map(|(_, s)| s.clone()).collect();
    if result.stopped == Some(jigsat::internal::enumerate::Stopped::Interrupted) {
        return Ok(Exit::Interrupted);
    }
    jigsat::internal::process::interrupt::rearm();
    let limits = limits(interrupt, args.search.time_limit, started);
    let answers = take_apart(
        &puzzle,
        &solutions,
        groups.as_deref(),
        true,
        rule(args.thorough),
        &limits,
        threads,
    )?;
    jigsat::internal::process::interrupt::finishing();
    let bodies: Vec<Vec<Body>> = solutions
        .iter()
        .map(|s| disasm::bodies(&puzzle, s, groups.as_deref()))
        .collect();
    let total = if result.complete {
        result.distinct.to_string()
    } else {
        format!("{}+", result.distinct)
    };
    let out = match args.output.format {
        Format::Json => {
            let done: Vec<usize> = (0..answers.len())
                .filter(|&i| matches!(answers[i], Some(Ok(_))))
                .collect();
            let shown: Vec<Solution> = done.iter().map(|&i| solutions[i].clone()).collect();
            let fields = done
                .iter()
                .map(|&i| match &answers[i] {
                    Some(Ok(d)) => solution_fields(&bodies[i], d),
                    _ => unreachable!("filtered"),
                })
                .collect();
            let doc = json::document(&puzzle, status, &shown, None, &stats);
            let summary = args.all.then(|| Summary::of(&answers));
            patch_document(&doc, fields, summary.as_ref())
        }
        _ => {
            let mut out = String::new();
            for (k, (n, _)) in chosen.iter().enumerate() {
                let Some(Ok(d)) = &answers[k] else { continue };
                match d.level() {
                    Some(level) => {
                        out += &format!(
                            "{}: assembly {n} of {total} comes apart, level {level} ({} moves, {} states searched){}\n",
                            puzzle.name,
                            d.plan().len(),
                            d.states,
                            if d.changed() {
                                "; only with --thorough: BurrTools says it does not come apart"
                            } else {
                                ""
                            }
                        );
                    }
                    None => {
                        out += &format!(
                            "{}: assembly {n} of {total} does not come apart ({} states searched)\n",
                            puzzle.name, d.states
                        );
                    }
                }
                if !quiet || chosen.len() == 1 {
                    out += &plan_text(&bodies[k], d);
                }
            }
            if args.all && result.complete {
                out += &Summary::of(&answers).text();
            }
            out
        }
    };
    Sink {
        path: args.output.output.as_deref(),
    }
    .write(&out)?;
    if let Some((halt, progress)) = first_halt(&answers) {
        let (line, code) = halt_line(&args.puzzle, &halt, &progress);
        eprintln!("{line}");
        return Ok(code);
    }
    Ok(Exit::Done)
}

/// Per puzzle piece, its BurrTools group and weight (`None`: no groups).
type Groups = Option<Vec<(u32, u32)>>;

/// What `count --disassemble` and `solve --disassemble` hand over with the
/// classes they found: the puzzle and where it came from, the run's
/// options, `--thorough`, and when the run began (its time limit counts
/// from there).
pub(super) struct Asked<'a> {
    pub(super) path: &'a Path,
    pub(super) problem: Option<&'a str>,
    pub(super) puzzle: &'a Puzzle,
    pub(super) options: &'a Options,
    pub(super) thorough: bool,
    pub(super) started: Instant,
}

/// What both need before taking apart: the puzzle checked, its groups and
/// weights, Ctrl-C armed again and the limits of the run.
fn prepare(asked: &Asked) -> Result<(Groups, Limits)> {
    check_puzzle(asked.path, asked.puzzle)?;
    let groups = groups(asked.path, asked.problem)?;
    jigsat::internal::process::interrupt::rearm();
    let limits = limits(
        jigsat::internal::process::interrupt::flag(),
        asked.options.time_limit,
        asked.started,
    );
    Ok((groups, limits))
}

/// `count --disassemble`: every class of the count taken apart on all
/// cores; the summary, and the line and exit status of a halt.
pub(super) fn count_summary(
    asked: &Asked,
    classes: &[Solution],
) -> Result<(Summary, Option<(String, Exit)>)> {
    let (groups, limits) = prepare(asked)?;
    let answers = take_apart(
        asked.puzzle,
        classes,
        groups.as_deref(),
        false,
        rule(asked.thorough),
        &limits,
        asked.options.threads(),
    )?;
    let halt = first_halt(&answers).map(|(h, p)| halt_line(asked.path, &h, &p));
    Ok((Summary::of(&answers), halt))
}

/// The first assembly that comes apart: its solution, its JSON fields
/// and its text.
type Apart = (Solution, serde_json::Map<String, Value>, String);

/// Why a disassembly stopped (its line) and the exit status it gives.
type Halted = (String, Exit);

/// `solve --disassemble`: the first class (in the order found) that comes
/// apart, with its disassembly fields for JSON and its text lines; `None`
/// when none does. Classes are taken apart in batches of the thread count.
pub(super) fn first_apart(
    asked: &Asked,
    classes: &[Solution],
) -> Result<(Option<Apart>, Option<Halted>)> {
    let (groups, limits) = prepare(asked)?;
    let batch = asked.options.threads().max(1);
    for chunk in classes.chunks(batch) {
        let answers = take_apart(
            asked.puzzle,
            chunk,
            groups.as_deref(),
            true,
            rule(asked.thorough),
            &limits,
            batch,
        )?;
        for (s, a) in chunk.iter().zip(&answers) {
            if let Some(Ok(d)) = a
                && let Some(level) = d.level()
            {
                let bodies = disasm::bodies(asked.puzzle, s, groups.as_deref());
                let text = format!("level {level}\n{}", plan_text(&bodies, d));
                return Ok((Some((s.clone(), solution_fields(&bodies, d), text)), None));
            }
        }
        if let Some((h, p)) = first_halt(&answers) {
            return Ok((None, Some(halt_line(asked.path, &h, &p))));
        }
    }
    Ok((None, None))
}

/// `solve --disassemble`: every class found, then the first that comes
/// apart, drawn with its level and plan; exit 1 when none does.
pub(super) fn solve_apart(
    args: &crate::cli::SolveArgs,
    quiet: bool,
    puzzle: &Puzzle,
    sink: &Sink,
) -> Result<Exit> {
    let started = Instant::now();
    check_puzzle(&args.puzzle, puzzle)?;
    let mut options = args.search.options(None);
    options.stop = Some(jigsat::internal::process::interrupt::flag());
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
        puzzle,
        options: &options,
        thorough: args.thorough,
        started,
    };
    let (found, halt) = first_apart(&asked, &result.classes)?;
    jigsat::internal::process::interrupt::finishing();
    let status = match (&found, &halt, result.complete) {
        (Some(_), _, _) => Status::Solved,
        (None, None, true) => Status::Unsolvable,
        _ => Status::Unknown,
    };
    let out = match args.output.format {
        f if f.is_picture() => {
            let shown: Vec<Solution> = found.iter().map(|f| f.0.clone()).collect();
            let api_puzzle = jigsat::internal::bridge::api_puzzle(puzzle, &args.puzzle);
            let shown = jigsat::internal::bridge::api_solutions(&api_puzzle, &shown);
            sink.write_picture(f, &args.draw, &api_puzzle, &shown)?;
            String::new()
        }
        Format::Json => {
            let (shown, fields) = match &found {
                Some((s, f, _)) => (vec![s.clone()], vec![f.clone()]),
                None => (Vec::new(), Vec::new()),
            };
            let doc = json::document(puzzle, status, &shown, None, &stats);
            patch_document(&doc, fields, None)
        }
        _ => match &found {
            Some((s, _, text)) => {
                let mut out =
                    jigsat::internal::render::text::draw(puzzle, s, sink.style(&args.draw));
                out += text;
                out
            }
            None => String::new(),
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
    if let Some((line, code)) = halt {
        eprintln!("{line}");
        return Ok(code);
    }
    if result.stopped == Some(jigsat::internal::enumerate::Stopped::Interrupted) {
        return Ok(Exit::Interrupted);
    }
    Ok(status.into())
}
