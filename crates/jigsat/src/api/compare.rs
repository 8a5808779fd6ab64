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

use std::time::Duration;

use super::error::{Error, Result};
use super::options::{Card, Edges, Encoding, Model};
use super::puzzle::Puzzle;
use crate::options::SolverChoice;

/// What to measure, the measurements, and the steps of a run: defined
/// with the benchmark (the crate's `compare` module), one type each.
pub use crate::compare::{Comparison, Step, Table};
/// How [`Table::render`] writes the table: Markdown, CSV or JSON.
pub use crate::render::table::TableFormat;

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
        let puzzles: Vec<(&str, &crate::puzzle::Puzzle)> = puzzles
            .iter()
            .map(|p| (p.file.as_str(), &*p.inner))
            .collect();
        Ok(crate::compare::run(self, &puzzles, &mut progress)?)
    }
}
