//! The benchmark of encodings and solvers (`jigsat compare`): every
//! puzzle x model x encoding x symmetry setting x solver, with the CNF's
//! size and median times over several runs, every answer checked. What
//! the tables in encodings/RESULTS.md are made with, for a program that
//! measures its own puzzles.
//!
//! ```
//! use jigsat::api::{Puzzle, compare::{Comparison, TableFormat}};
//!
//! let soma = Puzzle::from_file("puzzles/soma.toml")?;
//! let table = Comparison::new()
//!     .encodings(&[jigsat::api::options::Encoding::Sequential])
//!     .runs(1)
//!     .run(&[soma], |_| {})?;
//! assert!(table.all_checked());
//! assert!(table.render(TableFormat::Csv).lines().nth(1).unwrap().starts_with("soma,sequential,on,varisat,"));
//! # Ok::<(), jigsat::api::Error>(())
//! ```

use std::path::Path;
use std::time::{Duration, Instant};

use crate::choice::Choice;

use super::error::{Error, Result};
use super::options::{Card, Edges, Encoding, Model};
use super::puzzle::Puzzle;
use crate::encode::{Cnf, Encoded};
use crate::family::boxes::OrderInstance;
use crate::instance::Instance;
use crate::options::{Options, SolverChoice};
use crate::pipeline::{self, run_solver};
use crate::render::table::Row;
use crate::report::{Status, ms};
use crate::solve::{Backend, Outcome};

/// How [`Table::render`] writes the table: Markdown, CSV or JSON.
pub use crate::render::table::TableFormat;

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
    models: Vec<Model>,
    edges: Vec<Edges>,
    encodings: Vec<Encoding>,
    cards: Vec<Card>,
    solvers: Vec<SolverChoice>,
    symmetry: Vec<bool>,
    shuffle: bool,
    runs: usize,
    time_limit: Option<Duration>,
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
    rows: Vec<Row>,
    all_checked: bool,
}

impl Table {
    /// The table in `format`, ending in a newline.
    ///
    /// ```
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// let table = jigsat::api::compare::Comparison::new().encodings(&[jigsat::api::options::Encoding::Binary]).runs(1).run(&[soma], |_| {})?;
    /// let json: serde_json::Value = serde_json::from_str(&table.render(jigsat::api::compare::TableFormat::Json)).unwrap();
    /// assert_eq!(json[0]["status"], "solved");
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn render(&self, format: TableFormat) -> String {
        crate::render::table::render(&self.rows, format)
    }

    /// Whether every answer passed the check and no solver failed (the
    /// command line exits 3 otherwise).
    ///
    /// ```
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// let table = jigsat::api::compare::Comparison::new().encodings(&[jigsat::api::options::Encoding::Binary]).runs(1).run(&[soma], |_| {})?;
    /// assert!(table.all_checked());
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn all_checked(&self) -> bool {
        self.all_checked
    }

    /// Rows in the table.
    ///
    /// ```
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// let table = jigsat::api::compare::Comparison::new().encodings(&[jigsat::api::options::Encoding::Binary]).runs(1).run(&[soma], |_| {})?;
    /// assert!(!table.is_empty() && table.len() == 1);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn len(&self) -> usize {
        self.rows.len()
    }

    /// Whether the table has no rows (no model, encoding or solver
    /// applied to the puzzles).
    ///
    /// ```
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// let table = jigsat::api::compare::Comparison::new().solvers(&[])?.run(&[soma], |_| {})?;
    /// assert!(table.is_empty());
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }
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

impl Comparison {
    /// The command line's defaults ([`Comparison`]).
    ///
    /// ```
    /// let comparison = jigsat::api::compare::Comparison::new();
    /// assert_eq!(comparison.total_runs(1), 8 * 3);
    /// ```
    pub fn new() -> Comparison {
        Comparison::default()
    }

    /// The models to compare (`--model`): `placement`, `order` (measured
    /// on the puzzles it applies to: solid rectangles or boxes), or
    /// `auto`, the one `solve` would use (and the exact searches).
    ///
    /// ```
    /// use jigsat::api::{Puzzle, compare::Comparison, options::Model};
    /// let calibron = Puzzle::from_file("puzzles/calibron12.toml")?;
    /// let order = Comparison::new().models(&[Model::Order]).runs(1);
    /// assert!(order.run(&[calibron], |_| {})?.render(Default::default()).contains("| order "));
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn models(mut self, models: &[Model]) -> Comparison {
        self.models = models.to_vec();
        self
    }

    /// The edge-matching encodings to compare (`--edges`); ignored for
    /// packing puzzles.
    ///
    /// ```
    /// use jigsat::api::{Puzzle, compare::Comparison, options::Edges};
    /// let cats = Puzzle::from_file("puzzles/big-cats.toml")?;
    /// let table = Comparison::new().edges(&[Edges::Direct]).encodings(&[jigsat::api::options::Encoding::Auto]).runs(1).run(&[cats], |_| {})?;
    /// assert!(table.render(Default::default()).contains("auto+direct"));
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn edges(mut self, edges: &[Edges]) -> Comparison {
        self.edges = edges.to_vec();
        self
    }

    /// The at-most-one encodings to compare (`--encoding`).
    ///
    /// ```
    /// let comparison = jigsat::api::compare::Comparison::new().encodings(&[jigsat::api::options::Encoding::Pairwise]);
    /// assert_eq!(comparison.total_runs(1), 3);
    /// ```
    pub fn encodings(mut self, encodings: &[Encoding]) -> Comparison {
        self.encodings = encodings.to_vec();
        self
    }

    /// The cardinality encodings for pieces with copies (`--card`); a
    /// non-default one shows in the table as `ENCODING+CARD`.
    ///
    /// ```
    /// use jigsat::api::{Puzzle, compare::Comparison, options::Card};
    /// let y25 = Puzzle::from_file("puzzles/y25.toml")?;
    /// let c = Comparison::new().cards(&[Card::Totalizer]).encodings(&[jigsat::api::options::Encoding::Auto]).models(&[jigsat::api::options::Model::Placement]).runs(1).time_limit(std::time::Duration::from_millis(100));
    /// assert!(c.run(&[y25], |_| {})?.render(Default::default()).contains("auto+totalizer"));
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn cards(mut self, cards: &[Card]) -> Comparison {
        self.cards = cards.to_vec();
        self
    }

    /// The engines to compare, by the names `--solver` takes: SAT solvers
    /// (`varisat`, `cadical`, ..., or a program's path) run on each CNF;
    /// exact searches and `auto` (what `solve` would run) under the
    /// `auto` model, from the puzzle to a first solution.
    ///
    /// ```
    /// let comparison = jigsat::api::compare::Comparison::new();
    /// assert!(comparison.clone().solvers(&["varisat", "cadical"]).is_ok());
    /// assert!(comparison.solvers(&["glucose"]).is_err());
    /// ```
    pub fn solvers(mut self, names: &[&str]) -> Result<Comparison> {
        self.solvers = names
            .iter()
            .map(|name| name.parse::<SolverChoice>().map_err(Error::Usage))
            .collect::<Result<_>>()?;
        Ok(self)
    }

    /// Symmetry breaking in the CNF: `[true]` (as `solve` does), `[false]`,
    /// or both, to see what it costs or saves.
    ///
    /// ```
    /// let both = jigsat::api::compare::Comparison::new().symmetry(&[true, false]);
    /// assert_eq!(both.total_runs(1), 2 * 8 * 3);
    /// ```
    pub fn symmetry(mut self, settings: &[bool]) -> Comparison {
        self.symmetry = settings.to_vec();
        self
    }

    /// Solves a differently shuffled copy of the CNF in each run after
    /// the first (seeds 1, 2, ...), so that the median is over the
    /// solver's luck and not just the machine's noise (`--shuffle`).
    ///
    /// ```
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// let c = jigsat::api::compare::Comparison::new().encodings(&[jigsat::api::options::Encoding::Ladder]).shuffle(true).runs(2);
    /// assert!(c.run(&[soma], |_| {})?.all_checked());
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn shuffle(mut self, on: bool) -> Comparison {
        self.shuffle = on;
        self
    }

    /// Runs per combination (at least 1); times are medians over them.
    ///
    /// ```
    /// let once = jigsat::api::compare::Comparison::new().runs(0);
    /// assert_eq!(once.total_runs(1), 8);
    /// ```
    pub fn runs(mut self, runs: usize) -> Comparison {
        self.runs = runs.max(1);
        self
    }

    /// Gives up on one solver run after this long (its row says
    /// `unknown`).
    ///
    /// ```
    /// use std::time::Duration;
    /// let y25 = jigsat::api::Puzzle::from_file("puzzles/y25.toml")?;
    /// let quick = jigsat::api::compare::Comparison::new().encodings(&[jigsat::api::options::Encoding::Auto]).runs(1).time_limit(Duration::from_millis(50));
    /// assert!(quick.run(&[y25], |_| {})?.render(Default::default()).contains("unknown"));
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn time_limit(mut self, limit: Duration) -> Comparison {
        self.time_limit = Some(limit);
        self
    }

    /// How many runs [`Comparison::run`] makes at most on `puzzles`
    /// puzzles (fewer when a model or engine does not apply to one): the
    /// length of a progress bar.
    ///
    /// ```
    /// let c = jigsat::api::compare::Comparison::new().runs(1);
    /// assert_eq!(c.total_runs(2), 2 * 8);
    /// ```
    pub fn total_runs(&self, puzzles: usize) -> u64 {
        let encodings = self.encodings.len() * self.cards.len();
        (puzzles * encodings * self.symmetry.len() * self.solvers.len() * self.runs) as u64
    }

    /// Measures every combination on `puzzles`, calling `progress` as the
    /// runs start and end. A failed check or a failing solver is logged
    /// and marked in its row ([`Table::all_checked`]), and the other runs
    /// go on; any other error ends the comparison.
    ///
    /// ```
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// let table = jigsat::api::compare::Comparison::new().runs(1).run(&[soma], |_| {})?;
    /// assert_eq!(table.len(), 8);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn run(&self, puzzles: &[Puzzle], mut progress: impl FnMut(Step)) -> Result<Table> {
        let encodings: Vec<(Encoding, Card)> = self
            .encodings
            .iter()
            .flat_map(|&e| self.cards.iter().map(move |&c| (e, c)))
            .collect();
        let mut bench = Bench {
            comparison: self,
            runs: self.runs.max(1),
            progress: &mut progress,
            rows: Vec::new(),
            all_checked: true,
        };
        for puzzle in puzzles {
            let path = Path::new(&puzzle.file);
            let p = &puzzle.inner;
            let stem = path
                .file_stem()
                .map_or_else(|| p.name.clone(), |s| s.to_string_lossy().into_owned());
            let order = OrderInstance::new(p).ok();
            let auto = self.models.contains(&Model::Auto);
            let wants_placement =
                self.models.contains(&Model::Placement) || (auto && order.is_none());
            if (self.models.contains(&Model::Order) || auto)
                && let Some(order) = order
            {
                bench.order_rows(path, &stem, p, &order)?;
            }
            if wants_placement {
                bench.placement_rows(path, &stem, p, &encodings, &self.symmetry)?;
            }
            if wants_placement || auto {
                bench.exact_rows(path, &stem, p, &self.symmetry)?;
            }
        }
        Ok(Table {
            rows: bench.rows,
            all_checked: bench.all_checked,
        })
    }
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
        puzzle: &crate::puzzle::Puzzle,
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
                    Err(e) => (Err(Error::from(e)), 0.0),
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
        puzzle: &crate::puzzle::Puzzle,
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
        puzzle: &crate::puzzle::Puzzle,
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
