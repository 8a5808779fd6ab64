//! The benchmark of encodings and solvers behind `jigsat compare`
//! (`api::compare`): every puzzle x model x encoding x symmetry setting x
//! solver, each run `runs` times, the CNF's size and the median times in
//! one row, every answer checked. The measuring loop, the rows and the
//! medians live here; the façade declares the builder and the entry
//! points on these same types (`impl Comparison` and `impl Table` in
//! `api/compare.rs`), so there is one type for each, not a mirror.

use std::path::Path;
use std::time::{Duration, Instant};

use crate::choice::Choice;
use crate::encode::{Card, Cnf, EdgeEncoding as Edges, Encoded, Encoding};
use crate::error::{Error, Result};
use crate::family::boxes::OrderInstance;
use crate::instance::Instance;
use crate::options::{Model, Options, SolverChoice};
use crate::pipeline::{self, run_solver};
use crate::puzzle::Puzzle;
use crate::render::table::Row;
use crate::report::{Status, ms};
use crate::solve::{Backend, Outcome};

/// What to measure; [`Comparison::run`] measures it. The defaults are
/// the command line's: the placement and order models, every at-most-one
/// encoding with the sequential cardinality encoding, the edge encodings
/// `pairs`, `colours` and `direct` (edge matching only), varisat, symmetry
/// breaking on, three runs, no time limit.
///
/// ```
/// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
/// let comparison = jigsat::api::compare::Comparison::new()
///     .encodings(&[jigsat::api::options::Encoding::Product])
///     .symmetry(&[true, false])
///     .runs(1);
/// assert_eq!(comparison.run(&[soma], |_| {})?.len(), 2);
/// # Ok::<(), jigsat::api::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Comparison {
    pub(crate) models: Vec<Model>,
    pub(crate) edges: Vec<Edges>,
    pub(crate) encodings: Vec<Encoding>,
    pub(crate) cards: Vec<Card>,
    pub(crate) solvers: Vec<SolverChoice>,
    pub(crate) symmetry: Vec<bool>,
    pub(crate) shuffle: bool,
    pub(crate) runs: usize,
    pub(crate) time_limit: Option<Duration>,
}

/// What [`Comparison::run`] tells its caller as it goes, for a progress
/// bar.
///
/// ```
/// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
/// let comparison = jigsat::api::compare::Comparison::new().encodings(&[jigsat::api::options::Encoding::Ladder]).runs(2);
/// let mut ran = 0;
/// comparison.run(&[soma], |step| if let jigsat::api::compare::Step::Ran = step { ran += 1 })?;
/// assert_eq!(ran as u64, comparison.total_runs(1));
/// # Ok::<(), jigsat::api::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Step {
    /// A run starts: the puzzle, the encoding and the solver, and which
    /// run of the row it is (`Soma cube / ladder / varisat (run 2)`).
    Running(String),
    /// The run ended.
    Ran,
}

/// The measurements: one row per puzzle x encoding x symmetry x solver.
///
/// ```
/// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
/// let table = jigsat::api::compare::Comparison::new().encodings(&[jigsat::api::options::Encoding::Binary]).runs(1).run(&[soma], |_| {})?;
/// assert!(table.render(jigsat::api::compare::TableFormat::Md).contains("| binary "));
/// # Ok::<(), jigsat::api::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Table {
    pub(crate) rows: Vec<Row>,
    pub(crate) all_checked: bool,
}

impl Default for Comparison {
    fn default() -> Comparison {
        Comparison {
            models: vec![Model::Placement, Model::Order],
            edges: vec![Edges::Pairs, Edges::Colours, Edges::Direct],
            encodings: Encoding::ALL.to_vec(),
            cards: vec![Card::Sequential],
            solvers: vec![SolverChoice::Sat(crate::solve::SatSolver::Varisat)],
            symmetry: vec![true],
            shuffle: false,
            runs: 3,
            time_limit: None,
        }
    }
}

/// Measures every combination of `comparison` on `puzzles` (each with
/// the file it was read from, whose stem names its rows), calling
/// `progress` as the runs start and end. A failed check or a failing
/// solver is logged and marked in its row, and the other runs go on; any
/// other error ends the comparison.
pub fn run(
    comparison: &Comparison,
    puzzles: &[(&str, &Puzzle)],
    progress: &mut dyn FnMut(Step),
) -> Result<Table> {
    let encodings: Vec<(Encoding, Card)> = comparison
        .encodings
        .iter()
        .flat_map(|&e| comparison.cards.iter().map(move |&c| (e, c)))
        .collect();
    let mut bench = Bench {
        comparison,
        runs: comparison.runs.max(1),
        progress,
        rows: Vec::new(),
        all_checked: true,
    };
    for &(file, p) in puzzles {
        let path = Path::new(file);
        let stem = path
            .file_stem()
            .map_or_else(|| p.name.clone(), |s| s.to_string_lossy().into_owned());
        let order = OrderInstance::new(p).ok();
        let auto = comparison.models.contains(&Model::Auto);
        let wants_placement =
            comparison.models.contains(&Model::Placement) || (auto && order.is_none());
        if (comparison.models.contains(&Model::Order) || auto)
            && let Some(order) = order
        {
            bench.order_rows(path, &stem, p, &order)?;
        }
        if wants_placement {
            bench.placement_rows(path, &stem, p, &encodings, &comparison.symmetry)?;
        }
        if wants_placement || auto {
            bench.exact_rows(path, &stem, p, &comparison.symmetry)?;
        }
    }
    Ok(Table {
        rows: bench.rows,
        all_checked: bench.all_checked,
    })
}

/// The measurements so far, and what every measurement needs.
struct Bench<'a> {
    comparison: &'a Comparison,
    runs: usize,
    progress: &'a mut dyn FnMut(Step),
    rows: Vec<Row>,
    /// Every answer so far passed the check.
    all_checked: bool,
}

impl Bench<'_> {
    /// The SAT solvers to measure (the exact searches have no CNF to run
    /// on: [`Bench::exact_rows`] measures them).
    fn solvers(&self) -> Vec<Box<dyn Backend>> {
        self.comparison
            .solvers
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
        self.comparison
            .solvers
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
                    time_limit: self.comparison.time_limit,
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
                    Err(e) => (Err(e), 0.0),
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
        let time_limit = self.comparison.time_limit;
        for solver in self.solvers() {
            let label = format!("{} / order / {}", puzzle.name, solver.name());
            let m = self.measure(path, &label, |seed| {
                let shuffled = seed.map(|k| model.cnf.shuffled(k));
                let start = Instant::now();
                let answer = solver
                    .solve(shuffled.as_ref().unwrap_or(&model.cnf), time_limit)
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
                (answer, ms(start.elapsed()))
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
        let edge_choices: Vec<Option<Edges>> = if instance.cover().has_colours() {
            self.comparison.edges.iter().map(|&e| Some(e)).collect()
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
            let time_limit = self.comparison.time_limit;
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
                        time_limit,
                        Default::default(),
                    )
                    .map(|a| a.status);
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
        &mut self,
        path: &Path,
        label: &str,
        attempt: impl FnMut(Option<u64>) -> (Result<Status>, f64),
    ) -> Result<Measured> {
        measure(
            self.runs,
            self.comparison.shuffle,
            path,
            &mut *self.progress,
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
    progress: &mut dyn FnMut(Step),
    label: &str,
    mut attempt: impl FnMut(Option<u64>) -> (Result<Status>, f64),
) -> Result<Measured> {
    let mut times = Vec::with_capacity(runs);
    let (mut status, mut failed, mut checked) = (Status::Unknown, false, true);
    for run in 0..runs {
        progress(Step::Running(format!("{label} (run {})", run + 1)));
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
        progress(Step::Ran);
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

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    match n {
        0 => 0.0,
        _ if n % 2 == 1 => values[n / 2],
        _ => (values[n / 2 - 1] + values[n / 2]) / 2.0,
    }
}
