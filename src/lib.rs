//! jigsat solves packing puzzles — polyominoes, polycubes, rectangles — and
//! edge-matching puzzles by encoding them to SAT.
//!
//! The pipeline, one module per step:
//!
//! ```text
//! puzzle file ─► Puzzle ─► Placements ─► Cover ─► Cnf ─► Solver ─► model ─► Solution ─► check ─► render
//!   puzzle::      puzzle     placement     cover   encode  solve              solution    solution   render
//! ```
//!
//! - [`puzzle`] reads and validates the TOML file (the users' contract).
//! - [`geometry`] knows cells, the 48 cube symmetries and orientations.
//! - [`placement`] lists every way each piece fits on the board.
//! - [`cover`] turns those into an exact-cover instance with multiplicities.
//! - [`edges`] does the same for edge-matching puzzles: tile placements
//!   (tile, position, distinct look), a cover whose inner edges are
//!   coloured secondary items, and the board's rotation group; the CNF
//!   encodings of the colours are in [`encode::edges`].
//! - [`impossible`] tries cheap colouring proofs before any search.
//! - [`encode`] writes the CNF: one variable per placement, a cardinality
//!   constraint per item, at-most-one encodings chosen by `--encoding`.
//! - [`rectangles`] is the second model, for puzzles of solid rectangles
//!   and boxes: the order encoding ([`encode::order`]), chosen by
//!   `--model auto` when it applies; it skips placements and the cover.
//! - [`solve`] runs a SAT solver behind one trait.
//! - [`solution`] decodes a model and checks it against the puzzle alone.
//! - [`render`] draws it as text, JSON or an SVG picture.
//!
//! [`solve_puzzle`] runs the whole pipeline; the binary is a thin layer of
//! command-line parsing over it.

pub mod cli;
pub mod commands;
pub mod cover;
pub mod edges;
pub mod encode;
pub mod enumerate;
pub mod error;
pub mod generate;
pub mod geometry;
pub mod impossible;
pub mod placement;
pub mod puzzle;
pub mod rectangles;
pub mod render;
pub mod rng;
pub mod solution;
pub mod solve;
pub mod symmetry;

use std::time::{Duration, Instant};

use serde::Serialize;

pub use cover::Cover;
pub use encode::{Card, Cnf, EdgeEncoding, Encoded, Encoding, Lit, Var};
pub use error::{Error, InputError, Result};
pub use placement::{Placement, Placements};
pub use puzzle::Puzzle;
pub use rectangles::{Model, OrderInstance};
pub use solution::{Solution, check};
pub use solve::{Outcome, Solver, SolverChoice};
pub use symmetry::{Breaking, Group};

use enumerate::{Engine, Enumeration, Limits};

/// How a run ended; decides the exit status together with [`Error`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Solved,
    Unsolvable,
    Unknown,
}

impl Status {
    /// The contract's exit status: 0 solved, 1 no solution, 3 gave up.
    pub fn exit_code(self) -> i32 {
        match self {
            Status::Solved => 0,
            Status::Unsolvable => 1,
            Status::Unknown => 3,
        }
    }
}

/// Size and timing figures of one run, as the JSON `stats` object shows.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Stats {
    pub variables: u64,
    pub clauses: u64,
    pub encoding: String,
    pub backend: String,
    pub encode_ms: f64,
    pub solve_ms: f64,
}

/// Options of a solving run.
#[derive(Clone, Debug, Default)]
pub struct SolveOptions {
    /// The CNF model: placements, or the order encoding for rectangles.
    pub model: Model,
    pub encoding: Encoding,
    /// The cardinality encoding for pieces with copies.
    pub card: Card,
    /// The edge-matching encoding (edge-matching puzzles only).
    pub edges: EdgeEncoding,
    pub solver: SolverChoice,
    pub time_limit: Option<Duration>,
    /// Skip the colouring pre-check (so that the solver itself must prove
    /// an impossible puzzle impossible).
    pub no_precheck: bool,
    /// Search without symmetry-breaking clauses.
    pub no_symmetry: bool,
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

/// Everything derived from a puzzle before encoding.
#[derive(Clone, Debug)]
pub struct Instance {
    pub placements: Placements,
    pub cover: Cover,
    /// The board's symmetries acting on cells, pieces and placements.
    pub group: Group,
}

impl Instance {
    pub fn new(puzzle: &Puzzle) -> Result<Instance> {
        let placements = Placements::generate(puzzle)?;
        log::info!(
            "{} placements of {} pieces on {} cells",
            placements.all.len(),
            puzzle.pieces.len(),
            puzzle.board.len()
        );
        let cover = Cover::new(puzzle, &placements);
        let group = Group::of(puzzle, &placements);
        log::info!("symmetry group of order {}", group.order());
        Ok(Instance {
            placements,
            cover,
            group,
        })
    }

    /// The symmetry breaking to apply, unless switched off.
    pub fn breaking(&self, puzzle: &Puzzle, enabled: bool) -> Option<Breaking> {
        if !enabled {
            return None;
        }
        let breaking =
            symmetry::choose_breaking(puzzle, &self.placements, &self.cover, &self.group);
        if let Some(b) = &breaking {
            log::info!("symmetry breaking: {}", b.description);
        }
        breaking
    }

    /// The CNF, with symmetry-breaking units when `breaking` is given;
    /// `edges` matters for edge-matching puzzles only.
    pub fn encode(
        &self,
        encoding: Encoding,
        card: Card,
        edges: EdgeEncoding,
        breaking: Option<&Breaking>,
    ) -> Encoded {
        let mut encoded = encode::encode_full(&self.cover, encoding, card, edges);
        if let Some(b) = breaking {
            encoded.forbid(&b.forbidden, &b.description);
        }
        encoded
    }
}

/// The encoding as `stats` names it: the at-most-one encoding, and for an
/// edge-matching puzzle the edge encoding after a `+` (`auto+colours`).
pub fn encoding_label(puzzle: &Puzzle, encoding: Encoding, edges: EdgeEncoding) -> String {
    match puzzle.tiling {
        Some(_) => format!("{encoding}+{edges}"),
        None => encoding.name().to_string(),
    }
}

/// The at-most-one encoding `auto` stands for when SAT enumerates: the
/// solver proves cube after cube empty, which binary clauses propagate
/// fastest. Pairwise counted the 8x8 board with a hole in 8.5 s against
/// 18 s with the product encoding, and 6x10 in under 8 minutes where the
/// product encoding had not finished after 15. Above a few million
/// clauses (large boards) `auto` keeps its usual choice.
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

/// Milliseconds with microsecond precision, as the JSON stats give them.
pub fn ms(d: Duration) -> f64 {
    (d.as_secs_f64() * 1e6).round() / 1e3
}

/// What one solver run came to, decoded and checked.
#[derive(Clone, Debug)]
pub struct Answer {
    pub status: Status,
    pub solution: Option<Solution>,
    /// Why there is no solution, when there is none.
    pub reason: Option<String>,
}

/// Runs one solver on an encoded instance, then decodes and checks the
/// model. A model that fails the check is a bug, never an answer.
pub fn run_solver(
    puzzle: &Puzzle,
    instance: &Instance,
    encoded: &Encoded,
    solver: &dyn Solver,
    time_limit: Option<Duration>,
) -> Result<Answer> {
    let outcome = solver.solve(&encoded.cnf, time_limit)?;
    Ok(match outcome {
        Outcome::Sat(values) => {
            let solution = decode_model(puzzle, instance, encoded, &values, solver.name())?;
            Answer {
                status: Status::Solved,
                solution: Some(solution),
                reason: None,
            }
        }
        Outcome::Unsat => Answer {
            status: Status::Unsolvable,
            solution: None,
            reason: Some(format!("{} proved that no solution exists", solver.name())),
        },
        Outcome::Unknown(why) => Answer {
            status: Status::Unknown,
            solution: None,
            reason: Some(why),
        },
    })
}

/// Decodes a model (values indexed by variable, slot 0 unused) into a
/// solution and checks it against the puzzle. `who` names the solver in the
/// message of a failed check, which is a bug somewhere in jigsat.
pub fn decode_model(
    puzzle: &Puzzle,
    instance: &Instance,
    encoded: &Encoded,
    values: &[bool],
    who: &str,
) -> Result<Solution> {
    let chosen = encoded.chosen_options(values);
    let solution = Solution::from_placements(&puzzle.board, &instance.placements, &chosen);
    check(puzzle, &solution).map_err(|e| {
        Error::Bug(format!(
            "the {who} model decodes to a solution that fails the check: {e}"
        ))
    })?;
    Ok(solution)
}

/// The steps every run shares: the instance, fresh stats, and the
/// colouring pre-check (whose reason, when it proves the puzzle
/// impossible, ends the run before any encoding).
fn prepare(
    puzzle: &Puzzle,
    encoding: String,
    no_precheck: bool,
    started: Instant,
) -> Result<(Instance, Stats, Option<String>)> {
    let instance = Instance::new(puzzle)?;
    let mut stats = Stats {
        encoding,
        ..Stats::default()
    };
    let refuted = if no_precheck {
        None
    } else {
        impossible::refute(puzzle, &instance.placements)
    };
    if refuted.is_some() {
        stats.backend = "colouring argument".to_string();
        stats.encode_ms = ms(started.elapsed());
    }
    Ok((instance, stats, refuted))
}

/// Runs the pipeline to the first solution.
pub fn solve_puzzle(puzzle: &Puzzle, options: &SolveOptions) -> Result<Report> {
    let started = Instant::now();
    if let Some(order) = OrderInstance::for_model(puzzle, options.model)? {
        return solve_order(puzzle, &order, options, started);
    }
    let (instance, mut stats, refuted) = prepare(
        puzzle,
        encoding_label(puzzle, options.encoding, options.edges),
        options.no_precheck,
        started,
    )?;
    if let Some(reason) = refuted {
        return Ok(Report {
            status: Status::Unsolvable,
            solutions: Vec::new(),
            reason: Some(reason),
            stats,
        });
    }
    let breaking = instance.breaking(puzzle, !options.no_symmetry);
    let encoded = instance.encode(
        options.encoding,
        options.card,
        options.edges,
        breaking.as_ref(),
    );
    stats.variables = encoded.cnf.num_vars() as u64;
    stats.clauses = encoded.cnf.num_clauses() as u64;
    stats.encode_ms = ms(started.elapsed());
    log::info!(
        "{} variables, {} clauses ({} encoding) in {:.1} ms",
        stats.variables,
        stats.clauses,
        stats.encoding,
        stats.encode_ms
    );

    let solver = options.solver.build().ok_or_else(|| {
        Error::Usage("dlx is an exact-cover engine: use it with --all, --limit or count".into())
    })?;
    stats.backend = solver.name().to_string();
    let remaining = options
        .time_limit
        .map(|t| t.saturating_sub(started.elapsed()));
    let solve_start = Instant::now();
    let answer = run_solver(puzzle, &instance, &encoded, solver.as_ref(), remaining)?;
    stats.solve_ms = ms(solve_start.elapsed());
    log::info!("{} answered in {:.1} ms", stats.backend, stats.solve_ms);
    Ok(Report {
        status: answer.status,
        solutions: answer.solution.into_iter().collect(),
        reason: answer.reason,
        stats,
    })
}

/// [`solve_puzzle`] through the order encoding.
fn solve_order(
    puzzle: &Puzzle,
    order: &OrderInstance,
    options: &SolveOptions,
    started: Instant,
) -> Result<Report> {
    let model = order.encode(!options.no_symmetry);
    for note in &model.notes {
        log::info!("{note}");
    }
    let mut stats = Stats {
        encoding: Model::Order.name().to_string(),
        variables: model.cnf.num_vars() as u64,
        clauses: model.cnf.num_clauses() as u64,
        encode_ms: ms(started.elapsed()),
        ..Stats::default()
    };
    let solver = options.solver.build().ok_or_else(|| {
        Error::Usage("dlx is an exact-cover engine: use it with --all, --limit or count".into())
    })?;
    stats.backend = solver.name().to_string();
    let remaining = options
        .time_limit
        .map(|t| t.saturating_sub(started.elapsed()));
    let solve_start = Instant::now();
    let outcome = solver.solve(&model.cnf, remaining)?;
    let (status, solutions, reason) = match outcome {
        Outcome::Sat(values) => (
            Status::Solved,
            vec![order.decode(puzzle, &model, &values, solver.name())?],
            None,
        ),
        Outcome::Unsat => (
            Status::Unsolvable,
            Vec::new(),
            Some(format!("{} proved that no solution exists", solver.name())),
        ),
        Outcome::Unknown(why) => (Status::Unknown, Vec::new(), Some(why)),
    };
    stats.solve_ms = ms(solve_start.elapsed());
    Ok(Report {
        status,
        solutions,
        reason,
        stats,
    })
}

/// Options of an enumeration (`solve --all`, `count`).
#[derive(Clone, Debug, Default)]
pub struct EnumerateOptions {
    pub model: Model,
    pub encoding: Encoding,
    pub card: Card,
    pub edges: EdgeEncoding,
    /// `None` picks dlx when the instance is a pure exact cover, varisat
    /// otherwise.
    pub solver: Option<SolverChoice>,
    pub limits: Limits,
    pub no_precheck: bool,
    pub no_symmetry: bool,
}

/// Runs the pipeline to every solution class (or as many as the limits
/// allow), each checked, with exact counts when the search completes.
pub fn enumerate_puzzle(
    puzzle: &Puzzle,
    options: &EnumerateOptions,
    progress: &mut dyn FnMut(u64),
) -> Result<(Enumeration, Stats)> {
    let started = Instant::now();
    // dlx works on the exact-cover instance, so it asks for placements.
    let model = match options.solver {
        Some(SolverChoice::Dlx) if options.model == Model::Auto => Model::Placement,
        _ => options.model,
    };
    if let Some(order) = OrderInstance::for_model(puzzle, model)? {
        match &options.solver {
            None | Some(SolverChoice::Varisat) => {}
            Some(other) => {
                return Err(Error::Usage(format!(
                    "the order encoding enumerates with varisat only, not {other}: use --model placement for dlx"
                )));
            }
        }
        let model = order.encode(!options.no_symmetry);
        let mut stats = Stats {
            encoding: Model::Order.name().to_string(),
            backend: "varisat".to_string(),
            variables: model.cnf.num_vars() as u64,
            clauses: model.cnf.num_clauses() as u64,
            encode_ms: ms(started.elapsed()),
            ..Stats::default()
        };
        let limits = Limits {
            classes: options.limits.classes,
            time: options
                .limits
                .time
                .map(|t| t.saturating_sub(started.elapsed())),
        };
        let result = rectangles::enumerate(puzzle, &order, &model, &limits, progress)?;
        stats.solve_ms = result.solve_ms;
        return Ok((result, stats));
    }
    let (instance, mut stats, refuted) = prepare(
        puzzle,
        encoding_label(puzzle, options.encoding, options.edges),
        options.no_precheck,
        started,
    )?;
    if let Some(reason) = refuted {
        let none = Enumeration {
            classes: Vec::new(),
            count: 0,
            distinct: 0,
            complete: true,
            stopped: Some(reason),
            solve_ms: 0.0,
        };
        return Ok((none, stats));
    }
    let engine = match &options.solver {
        Some(SolverChoice::Dlx) => Engine::Dlx,
        Some(SolverChoice::Varisat) => Engine::Varisat,
        Some(other) => {
            return Err(Error::Usage(format!(
                "{other} cannot enumerate solutions (it is not incremental): use --solver varisat or dlx"
            )));
        }
        None if Engine::Dlx.supports(&instance.cover) => Engine::Dlx,
        None => Engine::Varisat,
    };
    stats.backend = engine.name().to_string();
    let breaking = instance.breaking(puzzle, !options.no_symmetry);
    let encoding = enumeration_encoding(options.encoding, &instance.cover);
    if engine == Engine::Varisat {
        stats.encoding = encoding_label(puzzle, encoding, options.edges);
    }
    let encoded = (engine == Engine::Varisat)
        .then(|| instance.encode(encoding, options.card, options.edges, breaking.as_ref()));
    if let Some(e) = &encoded {
        stats.variables = e.cnf.num_vars() as u64;
        stats.clauses = e.cnf.num_clauses() as u64;
    }
    stats.encode_ms = ms(started.elapsed());
    let limits = Limits {
        classes: options.limits.classes,
        time: options
            .limits
            .time
            .map(|t| t.saturating_sub(started.elapsed())),
    };
    let result = enumerate::enumerate(
        puzzle,
        &instance,
        breaking.as_ref(),
        encoded.as_ref(),
        engine,
        &limits,
        progress,
    )?;
    stats.solve_ms = result.solve_ms;
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
