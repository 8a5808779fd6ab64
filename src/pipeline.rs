//! The pipeline: one set of [`Options`], the family chosen once, then a
//! first solution ([`solve`]) or every class ([`enumerate`]).
//!
//! ```text
//! Puzzle ─► choose ─┬─► Instance (a cover family) ─► precheck ─► breaking ─┬─► encode ─► SAT backend ─┐
//!                   │                                                      └─► exact search ──────────┤
//!                   └─► OrderInstance (boxes: its own CNF) ──────────────────► SAT backend ───────────┴─► Solution ─► check
//! ```
//!
//! Everything a command needs to run a puzzle is here; the commands only
//! turn flags into [`Options`] and draw what comes back.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use crate::cover::Cover;
use crate::encode::{self, Card, EdgeEncoding, Encoded, Encoding};
use crate::enumerate::{self, CoverRun, Engine, Enumeration, Limits};
use crate::error::{Error, Result};
use crate::exact::{self, Meter};
use crate::family::boxes::OrderInstance;
use crate::family::{self, Family};
use crate::geometry::Board;
use crate::portfolio::{self, Goal};
use crate::puzzle::Puzzle;
use crate::race::{self, Runner};
pub use crate::report::{Stats, Status, ms};
use crate::rng::Rng;
use crate::solution::{Solution, check};
use crate::solve::{Cadical, Incremental, Outcome, Solver, SolverChoice};
use crate::symmetry::{self, Breaking, Group};

/// Which CNF model a run uses (`--model`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Model {
    /// The order encoding when every piece and the board are solid
    /// rectangles (boxes) with exact fill, the placement encoding otherwise.
    #[default]
    Auto,
    /// One variable per placement (every puzzle).
    Placement,
    /// The order encoding of rectangle and box packing.
    Order,
}

impl Model {
    pub fn name(self) -> &'static str {
        match self {
            Model::Auto => "auto",
            Model::Placement => "placement",
            Model::Order => "order",
        }
    }
}

/// Everything that shapes a run, for every command.
#[derive(Clone, Debug)]
pub struct Options {
    /// The CNF model: placements, or the order encoding for rectangles.
    pub model: Model,
    /// The at-most-one encoding.
    pub encoding: Encoding,
    /// The cardinality encoding for pieces with copies.
    pub card: Card,
    /// The edge-matching encoding (edge-matching puzzles only).
    pub edges: EdgeEncoding,
    /// `None`: the engine [`portfolio`] picks for the puzzle and the goal
    /// (an exact search where one applies; otherwise SAT: for an
    /// enumeration, CaDiCaL on edge-matching puzzles and varisat on the
    /// rest).
    pub solver: Option<SolverChoice>,
    /// Stop after this long, counted from the start of the run.
    pub time_limit: Option<Duration>,
    /// Stop an enumeration after this many classes.
    pub limit: Option<usize>,
    /// Try the colouring pre-check before searching (off: the solver
    /// itself must prove an impossible puzzle impossible).
    pub precheck: bool,
    /// Add symmetry-breaking clauses (or restrictions for exact search).
    pub symmetry: bool,
    /// Threads a search may use (`-j`); `None`: one per core.
    pub jobs: Option<usize>,
    /// A flag another thread sets to end the run early (the loser of a
    /// race); the run then answers "unknown".
    pub stop: Option<Arc<AtomicBool>>,
    /// Where an exact search reports how far it has got (see
    /// [`crate::exact::Meter`]), for progress on long runs.
    pub meter: Option<Arc<Meter>>,
    /// Time an enumeration keeps back from the limit per class found, for
    /// drawing it ([`Limits::render_per_class`]).
    pub render_per_class: Duration,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            model: Model::Auto,
            encoding: Encoding::Auto,
            card: Card::default(),
            edges: EdgeEncoding::default(),
            solver: None,
            time_limit: None,
            limit: None,
            precheck: true,
            symmetry: true,
            jobs: None,
            stop: None,
            meter: None,
            render_per_class: Duration::ZERO,
        }
    }
}

impl Options {
    fn limits(&self) -> Limits {
        Limits {
            jobs: self.jobs,
            classes: self.limit,
            time: self.time_limit,
            stop: self.stop.clone(),
            meter: self.meter.clone(),
            render_per_class: self.render_per_class,
        }
    }

    /// The threads a search runs on: `jobs`, or one per core.
    pub fn threads(&self) -> usize {
        self.limits().threads()
    }

    /// What is left of the time limit after `elapsed`.
    fn remaining(&self, started: Instant) -> Option<Duration> {
        self.time_limit.map(|t| t.saturating_sub(started.elapsed()))
    }

    /// The solver asked for; `auto` is no choice.
    pub fn chosen_solver(&self) -> Option<&SolverChoice> {
        self.solver.as_ref().filter(|s| !s.is_auto())
    }

    /// The SAT solver for a first solution.
    fn sat_solver(&self) -> Result<Box<dyn Solver>> {
        self.chosen_solver()
            .cloned()
            .unwrap_or_default()
            .build()
            .ok_or_else(|| {
                Error::Usage(
                    "dlx and first-cell are exact searches: use them with --all, --limit or count"
                        .into(),
                )
            })
    }
}

/// The result of a solving run: its status, the checked solutions, why
/// there are none when there are none, and the figures.
#[derive(Clone, Debug)]
pub struct Report {
    pub status: Status,
    pub solutions: Vec<Solution>,
    pub reason: Option<String>,
    pub stats: Stats,
}

/// A puzzle's exact-cover instance, through its family: ready to encode
/// or search.
pub struct Instance<'p> {
    puzzle: &'p Puzzle,
    family: Box<dyn Family + 'p>,
}

impl<'p> Instance<'p> {
    pub fn new(puzzle: &'p Puzzle) -> Result<Instance<'p>> {
        Ok(Instance {
            puzzle,
            family: family::cover_family(puzzle)?,
        })
    }

    pub fn family(&self) -> &dyn Family {
        self.family.as_ref()
    }

    pub fn cover(&self) -> &Cover {
        self.family.cover()
    }

    /// The board's symmetries acting on cells, pieces and options.
    pub fn group(&self) -> &Group {
        self.family.group()
    }

    /// The symmetry breaking to apply, unless switched off.
    pub fn breaking(&self, enabled: bool) -> Option<Breaking> {
        if !enabled {
            return None;
        }
        let breaking = symmetry::choose_breaking(self.cover(), self.group(), &self.puzzle.board);
        if let Some(b) = &breaking {
            log::info!("symmetry breaking: {}", b.description);
        }
        breaking
    }

    /// The CNF, with symmetry-breaking units when `breaking` is given;
    /// `edges` matters for edge-matching puzzles only.
    /// Refuses (exit 2) a CNF predicted to exceed the memory budget
    /// ([`crate::budget`]), before [`Instance::encode`] builds it: the
    /// size is counted without building ([`encode::size`]).
    pub fn check_encoding(
        &self,
        encoding: Encoding,
        card: Card,
        edges: EdgeEncoding,
    ) -> Result<()> {
        let size = encode::size(self.cover(), encoding, card, edges);
        let hint = if encoding == Encoding::Pairwise {
            "try --encoding product"
        } else {
            ""
        };
        crate::budget::check(
            size.bytes().saturating_mul(crate::budget::CNF_AND_SOLVER),
            &format!(
                "the {} CNF of {} clauses and the solver's copy",
                encoding.name(),
                crate::budget::quantity(size.clauses)
            ),
            hint,
        )
    }

    /// The CNF with the options' encodings and symmetry breaking, after
    /// the memory budget has allowed it ([`Instance::check_encoding`]).
    pub fn encode_for(&self, options: &Options) -> Result<Encoded> {
        let breaking = self.breaking(options.symmetry);
        self.check_encoding(options.encoding, options.card, options.edges)?;
        Ok(self.encode(
            options.encoding,
            options.card,
            options.edges,
            breaking.as_ref(),
        ))
    }

    pub fn encode(
        &self,
        encoding: Encoding,
        card: Card,
        edges: EdgeEncoding,
        breaking: Option<&Breaking>,
    ) -> Encoded {
        let mut encoded = encode::encode_full(self.cover(), encoding, card, edges);
        if let Some(b) = breaking {
            encoded.forbid(&b.forbidden, &b.description);
        }
        encoded
    }

    /// Decodes a model (values indexed by variable, slot 0 unused) into a
    /// solution and checks it against the puzzle. `who` names the solver
    /// in the message of a failed check, which is a bug somewhere in
    /// jigsat.
    pub fn decode(&self, encoded: &Encoded, values: &[bool], who: &str) -> Result<Solution> {
        let chosen: Vec<u32> = encoded
            .chosen_options(values)
            .into_iter()
            .map(|o| o as u32)
            .collect();
        let solution = self.family.solution(&chosen);
        check(self.puzzle, &solution).map_err(|e| {
            Error::Bug(format!(
                "the {who} model decodes to a solution that fails the check: {e}"
            ))
        })?;
        Ok(solution)
    }

    /// The label `stats` gives the encoding: the at-most-one encoding, and
    /// with coloured edges the edge encoding after a `+` (`auto+colours`).
    pub fn encoding_label(&self, encoding: Encoding, edges: EdgeEncoding) -> String {
        if self.cover().has_colours() {
            format!("{encoding}+{edges}")
        } else {
            encoding.name().to_string()
        }
    }
}

/// The order model for `model`: `None` when the placement model is to be
/// used; an error when the order model is asked for but cannot apply.
pub fn order_instance(puzzle: &Puzzle, model: Model) -> Result<Option<OrderInstance>> {
    if puzzle.tiling().is_some() {
        return match model {
            Model::Order => Err(Error::Usage(format!(
                "{}: the order encoding packs rectangles and boxes, not edge-matching tiles",
                puzzle.name
            ))),
            _ => Ok(None),
        };
    }
    match model {
        Model::Placement => Ok(None),
        Model::Auto => Ok(OrderInstance::new(puzzle)
            .ok()
            .filter(|order| !order_far_larger(puzzle, order))),
        Model::Order => OrderInstance::new(puzzle).map(Some).map_err(|why| {
            Error::Usage(format!(
                "{}: the order encoding needs solid rectangles or boxes filling a solid board: {why}",
                puzzle.name
            ))
        }),
    }
}

/// Whether the order model would be far larger than the placement model
/// (by their estimates: more than 10 times the bytes), so that `--model
/// auto` takes placements: the order model grows with the square of the
/// copies (800 dominoes on 40x40: 121 M clauses, where their 3,120
/// placements make a CNF of kilobytes).
fn order_far_larger(puzzle: &Puzzle, order: &OrderInstance) -> bool {
    let placements = crate::family::packing::placement::estimate_for(puzzle).bytes;
    let far = order.rough_bytes() > placements.saturating_mul(10);
    if far {
        log::info!(
            "the order model (about {}) would be far larger than the placements (about {}): placement model",
            crate::budget::human(order.rough_bytes()),
            crate::budget::human(placements)
        );
    }
    far
}

/// What one solver run came to, decoded and checked.
#[derive(Clone, Debug)]
pub struct Answer {
    pub status: Status,
    pub solution: Option<Solution>,
    /// Why there is no solution, when there is none.
    pub reason: Option<String>,
}

impl Answer {
    /// The answer an [`Outcome`] stands for; `decode` turns a model into a
    /// checked solution.
    pub fn from_outcome(
        outcome: Outcome,
        solver: &str,
        decode: impl FnOnce(&[bool]) -> Result<Solution>,
    ) -> Result<Answer> {
        Ok(match outcome {
            Outcome::Sat(values) => Answer {
                status: Status::Solved,
                solution: Some(decode(&values)?),
                reason: None,
            },
            Outcome::Unsat => Answer {
                status: Status::Unsolvable,
                solution: None,
                reason: Some(format!("{solver} proved that no solution exists")),
            },
            Outcome::Unknown(why) => Answer {
                status: Status::Unknown,
                solution: None,
                reason: Some(why),
            },
        })
    }
}

/// Runs one solver on an encoded instance, then decodes and checks the
/// model. A model that fails the check is a bug, never an answer.
pub fn run_solver(
    instance: &Instance,
    encoded: &Encoded,
    solver: &dyn Solver,
    time_limit: Option<Duration>,
) -> Result<Answer> {
    let outcome = solver.solve(&encoded.cnf, time_limit)?;
    Answer::from_outcome(outcome, solver.name(), |values| {
        instance.decode(encoded, values, solver.name())
    })
}

/// The model a run uses: `--model auto` means placements when an exact
/// search over the cover is asked for, and the rectangle view (the corner
/// search, or the order encoding for SAT) where it applies.
fn run_model(options: &Options) -> Model {
    match options.chosen_solver() {
        _ if options.model != Model::Auto => options.model,
        Some(s) if s.is_exact_search() => Model::Placement,
        _ => Model::Auto,
    }
}

/// Runs the pipeline to the first solution.
pub fn solve(puzzle: &Puzzle, options: &Options) -> Result<Report> {
    let started = Instant::now();
    if let Some(order) = order_instance(puzzle, run_model(options))? {
        return solve_order(puzzle, &order, options, started);
    }
    let instance = Instance::new(puzzle)?;
    let mut stats = Stats {
        encoding: instance.encoding_label(options.encoding, options.edges),
        ..Stats::default()
    };
    if let Some(reason) = precheck(&instance, options, &mut stats, started) {
        return Ok(Report {
            status: Status::Unsolvable,
            solutions: Vec::new(),
            reason: Some(reason),
            stats,
        });
    }
    // An encoding asked for by name means the user wants SAT.
    let chosen = match options.chosen_solver() {
        None if options.encoding == Encoding::Auto => {
            portfolio::exact_engine(instance.cover(), &puzzle.board, Goal::First)
        }
        Some(choice) => Engine::exact(choice),
        None => None,
    };
    match chosen {
        Some(engine) if races(options) => {
            race_first(puzzle, &instance, engine, options, stats, started)
        }
        Some(engine) => solve_exact(puzzle, &instance, engine, options, stats, started),
        None => solve_sat(
            &instance,
            options.sat_solver()?.as_ref(),
            options,
            stats,
            started,
        ),
    }
}

/// Whether a first solution is raced: when the engines are left to jigsat
/// and there are two cores or more for them.
fn races(options: &Options) -> bool {
    options.chosen_solver().is_none() && options.limits().threads() >= 2
}

/// A first solution by a race: the exact `engine` against CaDiCaL (the SAT
/// solver a race can stop: its terminator polls the flag), with the head
/// start and the share of threads of [`portfolio::race_plan`].
fn race_first(
    puzzle: &Puzzle,
    instance: &Instance,
    engine: Engine,
    options: &Options,
    stats: Stats,
    started: Instant,
) -> Result<Report> {
    let stop = options.stop.clone().unwrap_or_default();
    let plan = portfolio::race_plan(instance.cover());
    let threads = options.limits().threads();
    let raced = Options {
        stop: Some(Arc::clone(&stop)),
        jobs: Some(threads - usize::from(plan.takes_a_thread)),
        ..options.clone()
    };
    let exact_stats = stats.clone();
    let exact = Runner {
        name: engine.name().to_string(),
        // The race's flag reaches the exact engine through `raced.stop`.
        run: Box::new(|_: &Arc<AtomicBool>| {
            solve_exact(puzzle, instance, engine, &raced, exact_stats, started)
        }),
    };
    let sat = Runner {
        name: "cadical".to_string(),
        run: Box::new(|stop: &Arc<AtomicBool>| {
            let sat_stats = Stats {
                encoding: instance.encoding_label(raced.encoding, raced.edges),
                ..stats
            };
            let cadical = Cadical::with_stop(Arc::clone(stop));
            solve_sat(instance, &cadical, &raced, sat_stats, started)
        }),
    };
    race::race(exact, sat, plan.head_start, &stop).answer
}

impl race::Verdict for Report {
    fn status(&self) -> Status {
        self.status
    }
}

/// A first solution by a SAT solver: encode, solve, decode and check.
fn solve_sat(
    instance: &Instance,
    solver: &dyn Solver,
    options: &Options,
    mut stats: Stats,
    started: Instant,
) -> Result<Report> {
    let encoded = instance.encode_for(options)?;
    record_encoding(&mut stats, &encoded, started);
    stats.backend = solver.name().to_string();
    let solve_start = Instant::now();
    let mut answer = run_solver(instance, &encoded, solver, options.remaining(started))?;
    stats.solve_ms = ms(solve_start.elapsed());
    // The solver was given what was left of the limit; say the user's.
    let slack = Duration::from_millis(50);
    if let Some(limit) = options.time_limit
        && answer.status == Status::Unknown
        && started.elapsed() + slack >= limit
    {
        answer.reason = Some(format!(
            "{}; stopped {}",
            crate::solve::worker::time_limit_reached(limit),
            solver.name()
        ));
    }
    log::info!("{} answered in {:.1} ms", stats.backend, stats.solve_ms);
    Ok(Report {
        status: answer.status,
        solutions: answer.solution.into_iter().collect(),
        reason: answer.reason,
        stats,
    })
}

/// The family's pre-check (a colouring argument, clues that clash),
/// unless switched off: its reason, when it
/// proves the puzzle impossible, ends the run before any encoding.
fn precheck(
    instance: &Instance,
    options: &Options,
    stats: &mut Stats,
    started: Instant,
) -> Option<String> {
    let refuted = options
        .precheck
        .then(|| instance.family().refute())
        .flatten();
    if refuted.is_some() {
        stats.backend = "pre-check".to_string();
        stats.encode_ms = ms(started.elapsed());
    }
    refuted
}

/// The CNF's size and the time to build it, into `stats`.
fn record_encoding(stats: &mut Stats, encoded: &Encoded, started: Instant) {
    stats.variables = u64::from(encoded.cnf.num_vars());
    stats.clauses = encoded.cnf.num_clauses() as u64;
    stats.encode_ms = ms(started.elapsed());
    log::info!(
        "{} variables, {} clauses ({} encoding) in {:.1} ms",
        stats.variables,
        stats.clauses,
        stats.encoding,
        stats.encode_ms
    );
}

/// [`solve`] through the order encoding.
fn solve_order(
    puzzle: &Puzzle,
    order: &OrderInstance,
    options: &Options,
    started: Instant,
) -> Result<Report> {
    // `--model order` asks for the order encoding: SAT.
    if options.chosen_solver().is_none() && options.model == Model::Auto {
        let first = Options {
            limit: Some(1),
            ..options.clone()
        };
        let found =
            family::boxes::enumerate_corner(puzzle, order, &first.limits(), started, &mut |_| {});
        if let Some(found) = found {
            return Ok(first_of(found?, "corner", corner_stats(started)));
        }
    }
    order.check_encoding(options.symmetry)?;
    let model = order.encode(options.symmetry);
    for note in &model.notes {
        log::info!("{note}");
    }
    let mut stats = order_stats(&model.cnf, started);
    let solver = options.sat_solver()?;
    stats.backend = solver.name().to_string();
    let solve_start = Instant::now();
    let outcome = solver.solve(&model.cnf, options.remaining(started))?;
    let answer = Answer::from_outcome(outcome, solver.name(), |values| {
        order.decode(puzzle, &model, values, solver.name())
    })?;
    stats.solve_ms = ms(solve_start.elapsed());
    Ok(Report {
        status: answer.status,
        solutions: answer.solution.into_iter().collect(),
        reason: answer.reason,
        stats,
    })
}

/// The figures of a corner search: no CNF.
fn corner_stats(started: Instant) -> Stats {
    Stats {
        encoding: "corner".to_string(),
        backend: "corner".to_string(),
        encode_ms: ms(started.elapsed()),
        ..Stats::default()
    }
}

/// The report of an enumeration stopped at one class.
fn first_of(result: Enumeration, engine: &str, mut stats: Stats) -> Report {
    stats.solve_ms = result.solve_ms;
    let (status, reason) = match (result.classes.is_empty(), &result.stopped) {
        (false, _) => (Status::Solved, None),
        (true, None) => (
            Status::Unsolvable,
            Some(format!("the {engine} search found no solution")),
        ),
        (true, Some(stopped)) => (Status::Unknown, Some(stopped.to_string())),
    };
    Report {
        status,
        solutions: result.classes.into_iter().take(1).collect(),
        reason,
        stats,
    }
}

fn order_stats(cnf: &encode::Cnf, started: Instant) -> Stats {
    Stats {
        encoding: Model::Order.name().to_string(),
        variables: u64::from(cnf.num_vars()),
        clauses: cnf.num_clauses() as u64,
        encode_ms: ms(started.elapsed()),
        ..Stats::default()
    }
}

/// Runs the pipeline to every solution class (or as many as the limits
/// allow), each checked, with exact counts when the search completes.
pub fn enumerate(
    puzzle: &Puzzle,
    options: &Options,
    progress: &mut dyn FnMut(u64),
) -> Result<(Enumeration, Stats)> {
    let started = Instant::now();
    match order_instance(puzzle, run_model(options))? {
        Some(order) => enumerate_order(puzzle, &order, options, started, progress),
        None => enumerate_cover(puzzle, options, started, progress),
    }
}

/// [`enumerate`] through the order encoding (incremental SAT only).
fn enumerate_order(
    puzzle: &Puzzle,
    order: &OrderInstance,
    options: &Options,
    started: Instant,
    progress: &mut dyn FnMut(u64),
) -> Result<(Enumeration, Stats)> {
    if options.chosen_solver().is_none() && options.model == Model::Auto {
        let limits = options.limits();
        let found = family::boxes::enumerate_corner(puzzle, order, &limits, started, progress);
        if let Some(result) = found {
            let result = result?;
            let mut stats = corner_stats(started);
            stats.solve_ms = result.solve_ms;
            return Ok((result, stats));
        }
    }
    let solver = match options.chosen_solver() {
        None => Incremental::default(),
        Some(choice) => choice.incremental().ok_or_else(|| {
            Error::Usage(format!(
                "the order encoding enumerates with varisat or cadical, not {choice}: use --model placement for dlx or first-cell"
            ))
        })?,
    };
    order.check_encoding(options.symmetry)?;
    let model = order.encode(options.symmetry);
    let mut stats = order_stats(&model.cnf, started);
    stats.backend = solver.name().to_string();
    let limits = options.limits();
    let result =
        family::boxes::enumerate(solver, puzzle, order, &model, &limits, started, progress)?;
    stats.solve_ms = result.solve_ms;
    Ok((result, stats))
}

/// [`enumerate`] over an exact-cover family, with an exact engine or
/// incremental SAT.
fn enumerate_cover(
    puzzle: &Puzzle,
    options: &Options,
    started: Instant,
    progress: &mut dyn FnMut(u64),
) -> Result<(Enumeration, Stats)> {
    let instance = Instance::new(puzzle)?;
    let mut stats = Stats {
        encoding: instance.encoding_label(options.encoding, options.edges),
        ..Stats::default()
    };
    if let Some(reason) = precheck(&instance, options, &mut stats, started) {
        return Ok((Enumeration::refuted(reason), stats));
    }
    let engine = enumeration_engine(options, instance.cover(), &puzzle.board)?;
    let engine = probed_engine(puzzle, &instance, options, engine)?;
    let result = enumerate_with(
        puzzle, &instance, engine, options, &mut stats, started, progress,
    )?;
    log::info!(
        "{} classes, {} solutions on a fixed board, in {:.1} ms ({})",
        result.distinct,
        result.count,
        result.solve_ms,
        if result.complete {
            "complete"
        } else {
            "stopped early"
        }
    );
    Ok((result, stats))
}

/// Every class of `instance` (within the options' limits) by `engine`,
/// each checked against the puzzle; the figures go into `stats`.
fn enumerate_with(
    puzzle: &Puzzle,
    instance: &Instance,
    engine: Engine,
    options: &Options,
    stats: &mut Stats,
    started: Instant,
    progress: &mut dyn FnMut(u64),
) -> Result<Enumeration> {
    stats.backend = engine.name().to_string();
    let breaking = instance.breaking(options.symmetry);
    let encoding = enumeration_encoding(options.encoding, instance.cover());
    if matches!(engine, Engine::Sat(_)) {
        instance.check_encoding(encoding, options.card, options.edges)?;
    }
    let encoded = matches!(engine, Engine::Sat(_)).then(|| {
        stats.encoding = instance.encoding_label(encoding, options.edges);
        instance.encode(encoding, options.card, options.edges, breaking.as_ref())
    });
    match &encoded {
        Some(e) => record_encoding(stats, e, started),
        None => stats.encode_ms = ms(started.elapsed()),
    }
    let setup = RunSetup {
        breaking: breaking.as_ref(),
        encoded: encoded.as_ref(),
        started,
    };
    let result = setup.with(puzzle, instance, options, |run| {
        enumerate::enumerate_cover(run, engine, &|s| check(puzzle, s), progress)
    })?;
    stats.solve_ms = result.solve_ms;
    Ok(result)
}

/// What a run over the cover adds to the instance: the symmetry breaking,
/// the CNF (for SAT) and when the run started.
struct RunSetup<'a> {
    breaking: Option<&'a Breaking>,
    encoded: Option<&'a Encoded>,
    started: Instant,
}

impl RunSetup<'_> {
    /// Calls `f` with the [`CoverRun`] of the instance under `options`.
    fn with<T>(
        self,
        puzzle: &Puzzle,
        instance: &Instance,
        options: &Options,
        f: impl FnOnce(&CoverRun) -> T,
    ) -> T {
        let limits = options.limits();
        let run = CoverRun {
            cover: instance.cover(),
            board: &puzzle.board,
            group: instance.group(),
            solution: &|chosen| instance.family().solution(chosen),
            breaking: self.breaking,
            encoded: self.encoded,
            limits: &limits,
            run_started: self.started,
        };
        f(&run)
    }
}

/// What `jigsat estimate` says of the search `count` would run.
#[derive(Clone, Debug)]
pub struct TreeEstimate {
    /// The engine `count` would use.
    pub engine: &'static str,
    /// Knuth's estimate of its tree (after symmetry breaking).
    pub tree: exact::Estimate,
    /// Nodes a second on one thread, measured in a short run.
    pub nodes_per_second: f64,
    /// Threads `count` would search on.
    pub threads: usize,
}

impl TreeEstimate {
    /// Seconds `count` would take at the measured pace on its threads.
    pub fn seconds(&self) -> f64 {
        self.tree.nodes / (self.nodes_per_second * self.threads as f64).max(1e-9)
    }
}

/// How long a calibration run of the engine lasts.
const PACE_RUN: Duration = Duration::from_millis(200);

/// Knuth's estimate of the tree `count` would search with these options,
/// from `probes` random walks (seeded by `seed`), and the pace it is
/// searched at here; `Err` with the reason when there is no tree to probe
/// (a SAT engine, the corner search, a pre-check that settles it).
pub fn estimate(
    puzzle: &Puzzle,
    options: &Options,
    probes: usize,
    seed: u64,
) -> Result<std::result::Result<TreeEstimate, String>> {
    on_tree(puzzle, options, |tree| {
        let (tree_size, nodes_per_second) = tree.build(Probe {
            probes,
            seed,
            pace: true,
        })?;
        Ok(TreeEstimate {
            engine: tree.engine.name(),
            tree: tree_size,
            nodes_per_second,
            threads: options.limits().threads(),
        })
    })
}

/// The exact search `count` would run on a puzzle, with everything that
/// reads its solutions: what [`estimate`] probes and what the parts of a
/// split count ([`crate::jobs`]) walk.
pub struct Tree<'a> {
    pub engine: Engine,
    pub run: &'a CoverRun<'a>,
}

impl Tree<'_> {
    /// Builds the engine over the cover (with symmetry breaking) and hands
    /// it to `what`.
    pub(crate) fn build<W: enumerate::WithSearch>(&self, what: W) -> Result<W::Output> {
        enumerate::build_search(self.run, self.engine, what)?
            .ok_or_else(|| Error::Bug("an exact engine without a tree".into()))
    }

    /// The options symmetry breaking forbids, as a flag per option.
    pub fn forbidden(&self) -> Vec<bool> {
        let mut out = vec![false; self.run.cover.options.len()];
        if let Some(b) = self.run.breaking {
            b.forbidden.iter().for_each(|&o| out[o as usize] = true);
        }
        out
    }
}

/// Calls `f` with the exact search `count` would run with these options;
/// `Err` with the reason when there is none: the corner search or the
/// order model would count, a pre-check settles the puzzle, or the engine
/// is a SAT solver.
pub fn on_tree<T>(
    puzzle: &Puzzle,
    options: &Options,
    f: impl FnOnce(&Tree) -> Result<T>,
) -> Result<std::result::Result<T, String>> {
    if order_instance(puzzle, run_model(options))?.is_some() {
        return Ok(Err("count runs the corner search or the order model on this puzzle, which has no tree of choices to walk".into()));
    }
    let instance = Instance::new(puzzle)?;
    if let Some(reason) = precheck(&instance, options, &mut Stats::default(), Instant::now()) {
        return Ok(Err(format!("no search needed: {reason}")));
    }
    let engine = enumeration_engine(options, instance.cover(), &puzzle.board)?;
    let engine = probed_engine(puzzle, &instance, options, engine)?;
    if let Engine::Sat(solver) = engine {
        return Ok(Err(format!(
            "count would run the SAT solver {}, which has no search tree to walk; try --solver dlx",
            solver.name()
        )));
    }
    let breaking = instance.breaking(options.symmetry);
    let setup = RunSetup {
        breaking: breaking.as_ref(),
        encoded: None,
        started: Instant::now(),
    };
    setup
        .with(puzzle, &instance, options, |run| f(&Tree { engine, run }))
        .map(Ok)
}

/// Random walks down an exact engine's tree: Knuth's estimate and, with
/// `pace`, the nodes a second it searches here in a short run.
struct Probe {
    probes: usize,
    seed: u64,
    pace: bool,
}

impl enumerate::WithSearch for Probe {
    type Output = (exact::Estimate, f64);
    fn with<S: exact::Search + 'static>(self, _: &'static str, mut search: S) -> Self::Output {
        let tree = exact::estimate(&mut search, self.probes, &mut Rng::new(self.seed));
        let pace = if self.pace {
            exact::estimate::pace(search, PACE_RUN)
        } else {
            0.0
        };
        (tree, pace)
    }
}

impl Probe {
    /// The probe of `engine`'s tree over the instance, or `None` for an
    /// engine with no tree (SAT).
    fn run(
        self,
        puzzle: &Puzzle,
        instance: &Instance,
        options: &Options,
        engine: Engine,
    ) -> Result<Option<(exact::Estimate, f64)>> {
        let breaking = instance.breaking(options.symmetry);
        let setup = RunSetup {
            breaking: breaking.as_ref(),
            encoded: None,
            started: Instant::now(),
        };
        setup.with(puzzle, instance, options, |run| {
            enumerate::build_search(run, engine, self)
        })
    }
}

/// Most nodes Knuth's estimate may give the first-cell tree for a count
/// in 3-D to run there rather than in SAT: about 3-8 s at the 6-15 M
/// nodes a second per thread measured on BurrTools' 3-D packings.
/// SolidSixPieceBurrs (5e6 nodes) counts in 0.3 s with first-cell and 8 s
/// with varisat; AlPackino (6e10 nodes, 35 min) in 0.4 s with varisat.
const FIRST_CELL_MAX_NODES: f64 = 1e8;

/// Walks that decide between first-cell and SAT: a few milliseconds.
const FIRST_CELL_PROBES: usize = 200;

/// The engine a count runs on: `engine`, except that a count in 3-D the
/// rule leaves to SAT (pieces with copies or ranges that dlx cannot take)
/// goes to first-cell when a quick estimate of its tree is small. The
/// fixed scan order is as often a gift as a disaster there, and the
/// estimate tells which in milliseconds.
fn probed_engine(
    puzzle: &Puzzle,
    instance: &Instance,
    options: &Options,
    engine: Engine,
) -> Result<Engine> {
    let open = options.chosen_solver().is_none()
        && matches!(engine, Engine::Sat(_))
        && !puzzle.board.is_flat()
        && Engine::FirstCell.supports(instance.cover());
    if !open {
        return Ok(engine);
    }
    let probe = Probe {
        probes: FIRST_CELL_PROBES,
        seed: 1,
        pace: false,
    };
    let nodes = probe
        .run(puzzle, instance, options, Engine::FirstCell)?
        .map_or(f64::INFINITY, |(tree, _)| tree.nodes);
    let small = nodes <= FIRST_CELL_MAX_NODES;
    log::info!(
        "a count in 3-D: the first-cell tree is about {nodes:.1e} nodes, so {} counts",
        if small { "first-cell" } else { engine.name() }
    );
    Ok(if small { Engine::FirstCell } else { engine })
}

/// The first solution by an exact engine: an enumeration stopped at one
/// class.
///
/// The row scan looks for it without symmetry breaking: any turn of a
/// solution will do, and leaving the board's turns in gives the scan four
/// times the solutions to run into, where breaking forbids looks at a
/// corner and so reorders the scan (a generated 8x8 with one frame colour
/// and 7 inner ones: median 0.15 s instead of 2.5 s; RESULTS.md). Only
/// an impossible board pays, with a search up to four times larger.
fn solve_exact(
    puzzle: &Puzzle,
    instance: &Instance,
    engine: Engine,
    options: &Options,
    mut stats: Stats,
    started: Instant,
) -> Result<Report> {
    let first = Options {
        limit: Some(1),
        symmetry: options.symmetry && engine != Engine::RowScan,
        ..options.clone()
    };
    let result = enumerate_with(
        puzzle,
        instance,
        engine,
        &first,
        &mut stats,
        started,
        &mut |_| {},
    )?;
    log::info!("{} answered in {:.1} ms", stats.backend, result.solve_ms);
    Ok(first_of(result, engine.name(), stats))
}

/// The engine an enumeration over a cover uses: the one asked for, or the
/// one [`portfolio`] picks, incremental SAT where no exact engine applies.
fn enumeration_engine(options: &Options, cover: &Cover, board: &Board) -> Result<Engine> {
    let chosen = options.chosen_solver();
    Ok(match (chosen, chosen.and_then(Engine::exact)) {
        (_, Some(engine)) => engine,
        (Some(choice), None) => Engine::Sat(choice.incremental().ok_or_else(|| {
            Error::Usage(format!(
                "{choice} cannot enumerate solutions (it is not incremental): use --solver varisat, cadical, dlx, first-cell or row-scan"
            ))
        })?),
        (None, None) => portfolio::exact_engine(cover, board, Goal::Every)
            .unwrap_or_else(|| Engine::Sat(default_incremental(cover))),
    })
}

/// The SAT solver an enumeration over a cover uses when none is named and
/// dlx cannot: CaDiCaL for edge-matching puzzles (coloured edges), where
/// it counted faster than varisat on three of four generated 6x6 puzzles
/// and about as fast on the fourth; varisat otherwise (count ranges and
/// the order model, where it was as fast or faster). The figures are in
/// encodings/SOLVERS.md.
fn default_incremental(cover: &Cover) -> Incremental {
    if cover.has_colours() {
        Incremental::Cadical
    } else {
        Incremental::Varisat
    }
}

/// The at-most-one encoding `auto` stands for when SAT enumerates: the
/// solver proves cube after cube empty, which binary clauses propagate
/// fastest (encodings/RESULTS.md, "Why auto is pairwise when SAT
/// enumerates"). Above a few million clauses (large boards) `auto` keeps
/// its usual choice.
fn enumeration_encoding(requested: Encoding, cover: &Cover) -> Encoding {
    const MAX_PAIRS: usize = 5_000_000;
    let pairs: usize = cover
        .options_by_item()
        .iter()
        .map(|o| o.len() * o.len().saturating_sub(1) / 2)
        .sum();
    match requested {
        Encoding::Auto if pairs <= MAX_PAIRS => Encoding::Pairwise,
        other => other,
    }
}
