//! `jigsat compare`: the benchmark. Every puzzle x encoding x solver, with
//! CNF sizes and median times over several runs, every answer checked.

use crate::exit::Exit;
use std::path::Path;
use std::time::Instant;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::cli::{CompareArgs, SymmetryChoice};
use jigsat::api::{Error, Result};
use jigsat::internal::encode::{Card, Cnf, EdgeEncoding, Encoded, Encoding};
use jigsat::internal::family::boxes::OrderInstance;
use jigsat::internal::instance::Instance;
use jigsat::internal::options::SolverChoice;
use jigsat::internal::options::{Model, Options};
use jigsat::internal::pipeline::{self, run_solver};
use jigsat::internal::puzzle::Puzzle;
use jigsat::internal::render::table::{Row, render};
use jigsat::internal::report::{Status, ms};
use jigsat::internal::solve::{Outcome, Solver};

use super::shared::{Sink, load};

pub fn run(args: &CompareArgs, quiet: bool) -> Result<Exit> {
    let encodings: Vec<(Encoding, Card)> = args
        .encoding
        .iter()
        .flatten()
        .flat_map(|&e| args.card.iter().map(move |&c| (e, c)))
        .collect();
    let symmetry: &[bool] = match args.symmetry {
        SymmetryChoice::On => &[true],
        SymmetryChoice::Off => &[false],
        SymmetryChoice::Both => &[true, false],
    };
    let runs = args.runs.max(1);
    let total =
        (args.puzzles.len() * encodings.len() * symmetry.len() * args.solver.len() * runs) as u64;
    let mut bench = Bench {
        args,
        runs,
        progress: progress_bar(quiet, total),
        rows: Vec::new(),
        all_checked: true,
    };
    for path in &args.puzzles {
        let puzzle = load(path, &Default::default())?;
        let stem = path
            .file_stem()
            .map_or_else(|| puzzle.name.clone(), |s| s.to_string_lossy().into_owned());
        let order = OrderInstance::new(&puzzle).ok();
        let auto = args.model.contains(&Model::Auto);
        let wants_placement = args.model.contains(&Model::Placement) || (auto && order.is_none());
        if (args.model.contains(&Model::Order) || auto)
            && let Some(order) = order
        {
            bench.order_rows(path, &stem, &puzzle, &order)?;
        }
        if wants_placement {
            bench.placement_rows(path, &stem, &puzzle, &encodings, symmetry)?;
        }
        if wants_placement || auto {
            bench.exact_rows(path, &stem, &puzzle, symmetry)?;
        }
    }
    bench.progress.finish_and_clear();
    Sink {
        path: args.output.as_deref(),
    }
    .write(&render(&bench.rows, args.format))?;
    Ok(if bench.all_checked {
        Exit::Done
    } else {
        Exit::GaveUp
    })
}

/// A bar over every run (indicatif draws nothing when stderr is not a
/// terminal).
fn progress_bar(quiet: bool, total: u64) -> ProgressBar {
    let progress = if quiet {
        ProgressBar::hidden()
    } else {
        ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr())
    };
    progress.set_style(
        ProgressStyle::with_template("{elapsed_precise} [{bar:30}] {pos}/{len} {msg}")
            .expect("valid template")
            .progress_chars("=> "),
    );
    progress
}

/// The measurements so far, and what every measurement needs.
struct Bench<'a> {
    args: &'a CompareArgs,
    runs: usize,
    progress: ProgressBar,
    rows: Vec<Row>,
    /// Every answer so far passed the check.
    all_checked: bool,
}

impl Bench<'_> {
    /// The SAT solvers to measure (the exact searches have no CNF to run
    /// on: [`Bench::exact_rows`] measures them).
    fn solvers(&self) -> Vec<Box<dyn Solver>> {
        self.args
            .solver
            .iter()
            .filter_map(|c| match c {
                SolverChoice::Sat(solver) => Some(solver.build()),
                _ => None,
            })
            .collect()
    }

    /// The exact searches to measure, and `auto` (whatever `solve` would
    /// run) when asked for.
    fn exact_choices(&self) -> Vec<SolverChoice> {
        self.args
            .solver
            .iter()
            .filter(|c| !matches!(c, SolverChoice::Sat(_)))
            .cloned()
            .collect()
    }

    /// Each exact search (and `auto`) to a first solution, the whole
    /// pipeline from the puzzle: building the cover counts as encoding.
    fn exact_rows(
        &mut self,
        path: &Path,
        stem: &str,
        puzzle: &Puzzle,
        symmetry: &[bool],
    ) -> Result<()> {
        let instance = Instance::new(puzzle)?;
        for choice in self.exact_choices() {
            // An engine that cannot take this puzzle gets no row.
            if let SolverChoice::Exact(engine) = choice
                && !engine.supports(instance.cover())
            {
                log::info!("{}: {engine} cannot take this puzzle", puzzle.name);
                continue;
            }
            for &symmetric in symmetry {
                let options = Options {
                    solver: choice.clone(),
                    symmetry: symmetric,
                    time_limit: self.args.time_limit,
                    ..Options::default()
                };
                let mut encode_times = Vec::new();
                let mut backend = String::new();
                let name = choice.name();
                let text = format!("{} / {name}", puzzle.name);
                let m = self.measure(path, &text, |_| match pipeline::solve(puzzle, &options) {
                    Ok(report) => {
                        encode_times.push(report.stats.encode_ms);
                        backend = report.stats.backend.clone();
                        (Ok(report.status), report.stats.solve_ms)
                    }
                    Err(e) => (Err(e.into()), 0.0),
                })?;
                // `auto` says which engine it ran.
                let solver = match &choice {
                    SolverChoice::Auto => format!("auto: {backend}"),
                    c => c.name(),
                };
                let encode_ms = median(&mut encode_times);
                let symmetry = if symmetric { "on" } else { "off" };
                self.push(
                    stem,
                    "cover".into(),
                    symmetry,
                    &solver,
                    (0, 0),
                    encode_ms,
                    m,
                );
            }
        }
        Ok(())
    }

    /// Encodes `runs` times, keeping the last CNF and the median time.
    fn encode_timed<T>(&self, mut encode: impl FnMut() -> T) -> (T, f64) {
        let mut times = Vec::with_capacity(self.runs);
        let mut last = None;
        for _ in 0..self.runs {
            let start = Instant::now();
            last = Some(encode());
            times.push(ms(start.elapsed()));
        }
        (last.expect("at least one run"), median(&mut times))
    }

    /// The order model under every solver.
    fn order_rows(
        &mut self,
        path: &Path,
        stem: &str,
        puzzle: &Puzzle,
        order: &OrderInstance,
    ) -> Result<()> {
        let (model, encode_ms) = self.encode_timed(|| order.encode(true));
        for solver in self.solvers() {
            let label = format!("{} / order / {}", puzzle.name, solver.name());
            let m = self.measure(path, &label, |seed| {
                let shuffled = seed.map(|k| model.cnf.shuffled(k));
                let start = Instant::now();
                let answer = solver
                    .solve(
                        shuffled.as_ref().unwrap_or(&model.cnf),
                        self.args.time_limit,
                    )
                    .and_then(|o| {
                        Ok(match o {
                            Outcome::Sat(values) => {
                                order.decode(puzzle, &model, &values, solver.name())?;
                                Status::Solved
                            }
                            Outcome::Unsat => Status::Unsolvable,
                            Outcome::Unknown(_) => Status::Unknown,
                        })
                    });
                (answer.map_err(Error::from), ms(start.elapsed()))
            })?;
            self.push(
                stem,
                "order".into(),
                "on",
                solver.name(),
                size(&model.cnf),
                encode_ms,
                m,
            );
        }
        Ok(())
    }

    /// The placement model under every encoding, edge encoding (tile
    /// puzzles only), symmetry setting and solver.
    fn placement_rows(
        &mut self,
        path: &Path,
        stem: &str,
        puzzle: &Puzzle,
        encodings: &[(Encoding, Card)],
        symmetry: &[bool],
    ) -> Result<()> {
        let instance = Instance::new(puzzle)?;
        // Edge encodings multiply the rows of edge-matching puzzles only.
        let edge_choices: Vec<Option<EdgeEncoding>> = if instance.cover().has_colours() {
            self.args.edges.iter().map(|&e| Some(e)).collect()
        } else {
            vec![None]
        };
        let combinations = encodings.iter().flat_map(|&(e, c)| {
            edge_choices
                .iter()
                .flat_map(move |&x| symmetry.iter().map(move |&s| (e, c, x, s)))
        });
        for (encoding, card, edges, symmetric) in combinations {
            let breaking = instance.breaking(symmetric);
            let mut label = if card == Card::default() {
                encoding.name().to_string()
            } else {
                format!("{encoding}+{card}")
            };
            if let Some(e) = edges {
                label = format!("{label}+{e}");
            }
            let (encoded, encode_ms) = self.encode_timed(|| {
                instance.encode(encoding, card, edges.unwrap_or_default(), breaking.as_ref())
            });
            for solver in self.solvers() {
                let text = format!("{} / {label} / {}", puzzle.name, solver.name());
                let m = self.measure(path, &text, |seed| {
                    // A shuffled run solves the CNF with its clauses in
                    // the order of its seed.
                    let shuffled = seed.map(|k| Encoded {
                        cnf: encoded.cnf.shuffled(k),
                        ..encoded.clone()
                    });
                    let start = Instant::now();
                    let answer = run_solver(
                        &instance,
                        shuffled.as_ref().unwrap_or(&encoded),
                        solver.as_ref(),
                        self.args.time_limit,
                        Default::default(),
                    )
                    .map(|a| a.status)
                    .map_err(Error::from);
                    (answer, ms(start.elapsed()))
                })?;
                let symmetry = if breaking.is_some() { "on" } else { "off" };
                self.push(
                    stem,
                    label.clone(),
                    symmetry,
                    solver.name(),
                    size(&encoded.cnf),
                    encode_ms,
                    m,
                );
            }
        }
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    fn push(
        &mut self,
        stem: &str,
        encoding: String,
        symmetry: &str,
        solver: &str,
        (variables, clauses): (u64, u64),
        encode_ms: f64,
        m: Measured,
    ) {
        self.all_checked &= m.checked && !m.failed;
        self.rows.push(Row {
            puzzle: stem.to_string(),
            encoding,
            symmetry: symmetry.to_string(),
            solver: solver.to_string(),
            variables,
            clauses,
            encode_ms,
            solve_ms: m.solve_ms,
            runs: self.runs,
            status: m.status,
            checked: m.checked,
        });
    }

    /// [`measure`] with this benchmark's runs, shuffling and progress bar.
    fn measure(
        &self,
        path: &Path,
        label: &str,
        attempt: impl FnMut(Option<u64>) -> (Result<Status>, f64),
    ) -> Result<Measured> {
        measure(
            self.runs,
            self.args.shuffle,
            path,
            &self.progress,
            label,
            attempt,
        )
    }
}

/// One solver's runs on one CNF, folded into a table row's fields.
struct Measured {
    /// Median over the runs.
    solve_ms: f64,
    /// solved, unsolvable, unknown, or failed (crashed or nonsense).
    status: String,
    failed: bool,
    /// Every answer passed the independent check.
    checked: bool,
}

/// Runs `attempt` `runs` times — with seed `None` first, then seeds 1, 2,
/// ... when `shuffle` asks for shuffled copies — and folds the answers:
/// a failed check or a failing solver is logged and marked in the row,
/// and the other runs and solvers go on; any other error ends `compare`.
fn measure(
    runs: usize,
    shuffle: bool,
    path: &std::path::Path,
    progress: &ProgressBar,
    label: &str,
    mut attempt: impl FnMut(Option<u64>) -> (Result<Status>, f64),
) -> Result<Measured> {
    let mut times = Vec::with_capacity(runs);
    let (mut status, mut failed, mut checked) = (Status::Unknown, false, true);
    for run in 0..runs {
        progress.set_message(format!("{label} (run {})", run + 1));
        let (answer, elapsed) = attempt((shuffle && run > 0).then_some(run as u64));
        match answer {
            Ok(s) => status = s,
            Err(e @ Error::Bug(_)) => {
                log::error!("{}: {e}", path.display());
                checked = false;
            }
            Err(e @ Error::Solver(_)) => {
                log::error!("{}: {e}", path.display());
                failed = true;
            }
            Err(e) => return Err(e),
        }
        times.push(elapsed);
        progress.inc(1);
    }
    Ok(Measured {
        solve_ms: median(&mut times),
        status: if failed {
            "failed".to_string()
        } else {
            format!("{status:?}").to_lowercase()
        },
        failed,
        checked,
    })
}

/// A CNF's (variables, clauses), for a row.
fn size(cnf: &Cnf) -> (u64, u64) {
    (u64::from(cnf.num_vars()), cnf.num_clauses() as u64)
}

pub fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    match n {
        0 => 0.0,
        _ if n % 2 == 1 => values[n / 2],
        _ => (values[n / 2 - 1] + values[n / 2]) / 2.0,
    }
}
