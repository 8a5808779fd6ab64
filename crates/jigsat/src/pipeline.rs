//! The pipeline: carries out the plan [`crate::portfolio`] makes, to a
//! first solution ([`solve`](fn@solve)) or every class ([`enumerate`](fn@enumerate)).
//!
//! ```text
//! Puzzle ─► portfolio::route ─┬─► Instance (a cover family) ─► precheck ─► plan ─┬─► encode ─► SAT backend ─┐
//!                             │                                                   └─► exact search ──────────┤
//!                             └─► OrderInstance (boxes: corner search, or its own CNF) ─► SAT backend ───────┴─► Solution ─► check
//! ```
//!
//! Everything a command needs to run a puzzle is here; the commands only
//! turn flags into [`Options`] and draw what comes back. No rule about
//! which engine answers lives here: each step asks the plan.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use crate::encode::{self, Encoded};
use crate::enumerate::{self, Engine, Enumeration};
use crate::error::Result;
use crate::exact::ExactEngine;
use crate::family;
use crate::family::boxes::OrderInstance;
use crate::instance::Instance;
use crate::options::{Model, Options};
use crate::portfolio::{self, FirstPlan, RacePlan, Route};
use crate::puzzle::Puzzle;
use crate::race::{self, Runner};
use crate::report::{Stats, Status, ms};
use crate::solution::Solution;
use crate::solve::{Backend, Cadical, Outcome};
use crate::tree;

/// The result of a solving run: its status, the checked solutions, why
/// there are none when there are none, and the figures.
#[derive(Clone, Debug)]
pub struct Report {
    pub status: Status,
    pub solutions: Vec<Solution>,
    pub reason: Option<String>,
    pub stats: Stats,
}

impl Report {
    /// The report of a solver's [`Outcome`]; `decode` turns a model into a
    /// checked solution (a model that fails the check is a bug, never an
    /// answer).
    pub fn from_outcome(
        outcome: Outcome,
        solver: &str,
        stats: Stats,
        decode: impl FnOnce(&[bool]) -> Result<Solution>,
    ) -> Result<Report> {
        let (status, solutions, reason) = match outcome {
            Outcome::Sat(values) => (Status::Solved, vec![decode(&values)?], None),
            Outcome::Unsat => (
                Status::Unsolvable,
                Vec::new(),
                Some(format!("{solver} proved that no solution exists")),
            ),
            Outcome::Unknown(why) => (Status::Unknown, Vec::new(), Some(why)),
        };
        Ok(Report {
            status,
            solutions,
            reason,
            stats,
        })
    }

    /// The report of a puzzle a pre-check proved impossible.
    fn refuted(reason: String, stats: Stats) -> Report {
        Report {
            status: Status::Unsolvable,
            solutions: Vec::new(),
            reason: Some(reason),
            stats,
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
}

impl race::Verdict for Report {
    fn status(&self) -> Status {
        self.status
    }
}

/// Runs one solver on an encoded instance, then decodes and checks the
/// model.
pub fn run_solver(
    instance: &Instance,
    encoded: &Encoded,
    solver: &dyn Backend,
    time_limit: Option<Duration>,
    stats: Stats,
) -> Result<Report> {
    let outcome = solver.solve(&encoded.cnf, time_limit)?;
    Report::from_outcome(outcome, solver.name(), stats, |values| {
        instance.decode(encoded, values, solver.name())
    })
}

/// Runs the pipeline to the first solution.
pub fn solve(puzzle: &Puzzle, options: &Options) -> Result<Report> {
    let started = Instant::now();
    if let Route::Order {
        order,
        corner_first,
    } = portfolio::route(puzzle, options)?
    {
        return solve_order(puzzle, &order, corner_first, options, started);
    }
    let instance = Instance::new(puzzle)?;
    let stats = Stats {
        encoding: instance.encoding_label(options.encoding, options.edges),
        ..Stats::default()
    };
    if let Some(reason) = instance.precheck(options) {
        return Ok(Report::refuted(reason, prechecked(stats, started)));
    }
    match portfolio::first_plan(options, instance.cover(), &puzzle.board) {
        FirstPlan::Exact {
            engine,
            symmetry,
            race: Some(race),
        } => race_first(&instance, engine, symmetry, race, options, stats, started),
        FirstPlan::Exact {
            engine, symmetry, ..
        } => solve_exact(&instance, engine, symmetry, options, stats, started),
        FirstPlan::Sat(solver) => {
            solve_sat(&instance, solver.build().as_ref(), options, stats, started)
        }
    }
}

/// A first solution by a race: the exact `engine` against CaDiCaL (the SAT
/// solver a race can stop: its terminator polls the flag), with the head
/// start and the share of threads of the plan; with a partner in the plan,
/// the exact engine first races it (on one thread of its own) and the pair
/// races CaDiCaL.
fn race_first(
    instance: &Instance,
    engine: ExactEngine,
    symmetry: bool,
    plan: RacePlan,
    options: &Options,
    stats: Stats,
    started: Instant,
) -> Result<Report> {
    let stop = options.stop.clone().unwrap_or_default();
    let threads = options.threads();
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
            solve_exact(instance, engine, symmetry, &raced, exact_stats, started)
        }),
    };
    let exact = match plan.partner {
        Some((partner, head_start)) => {
            // A second exact engine on one thread: the pair is the race's
            // first runner, and one flag stops all three engines.
            let alone = Options {
                jobs: Some(1),
                ..raced.clone()
            };
            let partner_stats = stats.clone();
            let second = Runner {
                name: partner.name().to_string(),
                run: Box::new(move |_: &Arc<AtomicBool>| {
                    solve_exact(instance, partner, false, &alone, partner_stats, started)
                }),
            };
            Runner {
                name: format!("{} and {}", engine.name(), partner.name()),
                run: Box::new(move |stop: &Arc<AtomicBool>| {
                    race::race(exact, second, head_start, stop)
                }),
            }
        }
        None => exact,
    };
    let sat = Runner {
        name: "cadical".to_string(),
        run: Box::new(|stop: &Arc<AtomicBool>| {
            let cadical = Cadical::with_stop(Arc::clone(stop));
            solve_sat(instance, &cadical, &raced, stats, started)
        }),
    };
    race::race(exact, sat, plan.head_start, &stop)
}

/// A first solution by a SAT solver: encode, solve, decode and check.
fn solve_sat(
    instance: &Instance,
    solver: &dyn Backend,
    options: &Options,
    mut stats: Stats,
    started: Instant,
) -> Result<Report> {
    let encoded = instance.encode_for(options)?;
    record_encoding(&mut stats, &encoded, started);
    stats.backend = solver.name().to_string();
    let solve_start = Instant::now();
    let limit = options.remaining(started);
    let mut report = run_solver(instance, &encoded, solver, limit, stats)?;
    report.stats.solve_ms = ms(solve_start.elapsed());
    // The solver was given what was left of the limit; say the user's.
    let slack = Duration::from_millis(50);
    if let Some(limit) = options.time_limit
        && report.status == Status::Unknown
        && started.elapsed() + slack >= limit
    {
        report.reason = Some(format!(
            "{}; stopped {}",
            crate::report::time_limit_reached(limit),
            solver.name()
        ));
    }
    log_outcome(&report);
    Ok(report)
}

/// The log's line on how an engine's run ended: an answer (a solution
/// or a proof there is none), or a stop without one (a time limit, an
/// interrupt), which `-v` must not call an answer.
fn log_outcome(report: &Report) {
    let (backend, ms) = (&report.stats.backend, report.stats.solve_ms);
    match report.status {
        Status::Unknown => log::info!("{backend} stopped after {ms:.1} ms without an answer"),
        _ => log::info!("{backend} answered in {ms:.1} ms"),
    }
}

/// The first solution by an exact engine: an enumeration stopped at one
/// class.
fn solve_exact(
    instance: &Instance,
    engine: ExactEngine,
    symmetry: bool,
    options: &Options,
    mut stats: Stats,
    started: Instant,
) -> Result<Report> {
    let first = Options {
        limit: Some(1),
        want: enumerate::Want::Any,
        symmetry,
        ..options.clone()
    };
    let plan = portfolio::EveryPlan {
        engine: Engine::Exact(engine),
        encoding: options.encoding,
    };
    let result = enumerate_with(instance, &plan, &first, &mut stats, started, &mut |_| {})?;
    let report = Report::first_of(result, engine.name(), stats);
    log_outcome(&report);
    Ok(report)
}

/// The figures of a run a pre-check settled.
fn prechecked(mut stats: Stats, started: Instant) -> Stats {
    stats.backend = "pre-check".to_string();
    stats.encode_ms = ms(started.elapsed());
    stats
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

/// [`solve`] through the order model: the corner search first when the
/// plan says so and the board suits it, SAT on the order encoding
/// otherwise.
fn solve_order(
    puzzle: &Puzzle,
    order: &OrderInstance,
    corner_first: bool,
    options: &Options,
    started: Instant,
) -> Result<Report> {
    if corner_first {
        let first = Options {
            limit: Some(1),
            ..options.clone()
        };
        let found =
            family::boxes::enumerate_corner(puzzle, order, &first.limits(), started, &mut |_| {});
        if let Some(found) = found {
            return Ok(Report::first_of(found?, "corner", corner_stats(started)));
        }
    }
    let solver = portfolio::order_first_solver(options)?.build();
    order.check_encoding(options.symmetry)?;
    let model = order.encode(options.symmetry);
    for note in &model.notes {
        log::info!("{note}");
    }
    let mut stats = order_stats(&model.cnf, started);
    stats.backend = solver.name().to_string();
    let solve_start = Instant::now();
    let outcome = solver.solve(&model.cnf, options.remaining(started))?;
    stats.solve_ms = ms(solve_start.elapsed());
    Report::from_outcome(outcome, solver.name(), stats, |values| {
        order.decode(puzzle, &model, values, solver.name())
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

/// The figures of the order encoding's CNF.
fn order_stats(cnf: &encode::Cnf, started: Instant) -> Stats {
    Stats {
        encoding: Model::Order.name().to_string(),
        variables: u64::from(cnf.num_vars()),
        clauses: cnf.num_clauses() as u64,
        encode_ms: ms(started.elapsed()),
        ..Stats::default()
    }
}

/// Runs the pipeline to every class (within the options' limits), each
/// checked against the puzzle; `progress` is called with the classes
/// found so far.
pub fn enumerate(
    puzzle: &Puzzle,
    options: &Options,
    progress: &mut dyn FnMut(u64),
) -> Result<(Enumeration, Stats)> {
    let started = Instant::now();
    match portfolio::route(puzzle, options)? {
        Route::Order { .. } if options.burnside => Err(crate::error::Error::Usage(
            "--burnside counts over placements: this puzzle is counted by the corner search or the order model; count without it".into(),
        )),
        Route::Order {
            order,
            corner_first,
        } => enumerate_order(puzzle, &order, corner_first, options, started, progress),
        Route::Cover => enumerate_cover(puzzle, options, started, progress),
    }
}

/// [`enumerate`](fn@enumerate) through the order model: the corner search, or
/// incremental SAT.
fn enumerate_order(
    puzzle: &Puzzle,
    order: &OrderInstance,
    corner_first: bool,
    options: &Options,
    started: Instant,
    progress: &mut dyn FnMut(u64),
) -> Result<(Enumeration, Stats)> {
    let limits = options.limits();
    if corner_first {
        let found = family::boxes::enumerate_corner(puzzle, order, &limits, started, progress);
        if let Some(result) = found {
            let result = result?;
            let mut stats = corner_stats(started);
            stats.solve_ms = result.solve_ms;
            return Ok((result, stats));
        }
    }
    let solver = portfolio::order_every_solver(options)?;
    order.check_encoding(options.symmetry)?;
    let model = order.encode(options.symmetry);
    let mut stats = order_stats(&model.cnf, started);
    stats.backend = solver.name().to_string();
    let result =
        family::boxes::enumerate(solver, puzzle, order, &model, &limits, started, progress)?;
    stats.solve_ms = result.solve_ms;
    Ok((result, stats))
}

/// [`enumerate`](fn@enumerate) over an exact-cover family, with the engine the plan
/// picks.
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
    if let Some(reason) = instance.precheck(options) {
        return Ok((Enumeration::refuted(reason), prechecked(stats, started)));
    }
    let plan = portfolio::every_plan(options, instance.cover(), &puzzle.board, || {
        tree::first_cell_nodes(&instance, options)
    })?;
    let result = enumerate_with(&instance, &plan, options, &mut stats, started, progress)?;
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

/// Every class of `instance` (within the options' limits) by the plan's
/// engine, each checked against the puzzle; the figures go into `stats`.
fn enumerate_with(
    instance: &Instance,
    plan: &portfolio::EveryPlan,
    options: &Options,
    stats: &mut Stats,
    started: Instant,
    progress: &mut dyn FnMut(u64),
) -> Result<Enumeration> {
    stats.backend = plan.engine.name().to_string();
    let breaking = instance.breaking(options.symmetry);
    let encoded = match plan.engine {
        Engine::Sat(_) => {
            instance.check_encoding(plan.encoding, options.card, options.edges)?;
            stats.encoding = instance.encoding_label(plan.encoding, options.edges);
            let encoded = instance.encode(
                plan.encoding,
                options.card,
                options.edges,
                breaking.as_ref(),
            );
            record_encoding(stats, &encoded, started);
            Some(encoded)
        }
        Engine::Exact(_) => {
            stats.encode_ms = ms(started.elapsed());
            None
        }
    };
    let result = instance.with_run(
        breaking.as_ref(),
        encoded.as_ref(),
        options,
        started,
        |run| match plan.engine {
            Engine::Exact(engine) if options.burnside && crate::burnside::applies(run.cover) => {
                crate::burnside::count(run, engine, progress)
            }
            _ if options.burnside => Err(crate::error::Error::Usage(format!(
                "--burnside counts with an exact engine over a packing puzzle's placements; {} on this puzzle cannot: count without it",
                plan.engine.name()
            ))),
            _ => enumerate::enumerate_cover(run, plan.engine, progress),
        },
    )?;
    stats.solve_ms = result.solve_ms;
    Ok(result)
}
