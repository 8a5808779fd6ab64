//! A run's whole answer, for a program that reports as `jigsat` does: the
//! status even when there is no answer, the figures of the run, and an
//! enumeration that may end early and says why.
//!
//! [`Solver::solve`] and [`Solver::count`] answer or fail; a time limit
//! is an error there. A tool that prints what a stopped run found — the
//! command line is one — asks [`Solver::run`] and [`Solver::enumerate`]
//! instead: they give a [`Report`] or an [`Enumeration`] whatever the end.
//! What such a tool may then say is one rule, [`Ending`]: a run that did
//! not finish is never solved nor unsolvable, and says why.
//!
//! ```
//! use jigsat::api::{Puzzle, Solver, run::Status};
//!
//! let soma = Puzzle::from_file("puzzles/soma.toml")?;
//! let report = Solver::new().run(&soma)?;
//! assert_eq!(report.status, Status::Solved);
//! println!("{} in {} ms", report.stats.backend, report.stats.solve_ms);
//!
//! let first_ten = Solver::new().limit(10).enumerate(&soma, None, &mut |_| {})?;
//! assert_eq!((first_ten.distinct, first_ten.complete), (10, false));
//! assert_eq!(first_ten.status(), Status::Solved);
//! # Ok::<(), jigsat::api::Error>(())
//! ```

use std::sync::Arc;
use std::time::Duration;

use super::error::contained;
use super::{Puzzle, Result, Solution, Solver};
use crate::enumerate::{Listing, Want};

pub use crate::report::Stop;
pub use crate::report::{Ending, Stats, Status, Unfinished};

/// What a first-solution run ([`Solver::run`]) ended with.
///
/// ```
/// use std::time::Duration;
/// use jigsat::api::{Puzzle, Solver, run::Status};
/// let y25 = Puzzle::from_file("puzzles/y25.toml")?;
/// // No answer within the limit is a report too, with its reason.
/// let report = Solver::new().engine("varisat")?.time_limit(Duration::from_millis(1)).run(&y25)?;
/// assert!(report.status != Status::Unsolvable);
/// if report.status == Status::Unknown {
///     assert!(report.solutions.is_empty() && report.reason.is_some());
/// }
/// # Ok::<(), jigsat::api::Error>(())
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Report {
    /// Solved, no solution (proved), or no answer.
    pub status: Status,
    /// The solution, checked (at most one).
    pub solutions: Vec<Solution>,
    /// Why there is no solution, or why there is no answer, when known.
    pub reason: Option<String>,
    /// The CNF's size, the encoding, what answered, the times.
    pub stats: Stats,
}

/// What an enumeration ([`Solver::enumerate`]) found, complete or not.
///
/// ```
/// use std::sync::{Arc, atomic::AtomicBool};
/// use jigsat::api::{Puzzle, Solver, run::{Status, Stop}};
/// let y25 = Puzzle::from_file("puzzles/y25.toml")?;
/// let stopped = Solver::new().stop_flag(Arc::new(AtomicBool::new(true)));
/// let found = stopped.enumerate(&y25, None, &mut |_| {})?;
/// assert!(!found.complete);
/// assert_eq!((found.status(), found.stopped), (Status::Unknown, Some(Stop::Interrupted)));
/// # Ok::<(), jigsat::api::Error>(())
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Enumeration {
    /// One checked solution per class, in the order found; empty when
    /// the classes went to the caller as found, or for a count.
    pub classes: Vec<Solution>,
    /// Solutions on a fixed board among the classes found.
    pub count: u64,
    /// Classes found.
    pub distinct: u64,
    /// Whether the search was exhausted, so the counts are exact.
    pub complete: bool,
    /// Why it ended early, if it did.
    pub stopped: Option<Stop>,
    /// Why there is no solution, when a pre-check proved it without search.
    pub refuted: Option<String>,
    /// The run's figures.
    pub stats: Stats,
}

impl Enumeration {
    /// The contract's status: solved when a class was found and the
    /// search ended or reached the limit asked for, no solution when the
    /// search ended with none, unknown otherwise.
    ///
    /// ```
    /// use jigsat::api::{Puzzle, Solver, run::Status};
    /// let soma = Puzzle::from_file("puzzles/soma.toml")?;
    /// let all = Solver::new().counts_only(true).enumerate(&soma, None, &mut |_| {})?;
    /// assert_eq!((all.status(), all.count), (Status::Solved, 11520));
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn status(&self) -> Status {
        self.ending().status()
    }

    /// How the enumeration ended ([`Ending`], the one rule): finished
    /// when the search was exhausted or reached the limit asked for.
    ///
    /// ```
    /// use std::sync::{Arc, atomic::AtomicBool};
    /// use jigsat::api::{Puzzle, Solver, run::Unfinished};
    /// let soma = Puzzle::from_file("puzzles/soma.toml")?;
    /// let stopped = Solver::new().stop_flag(Arc::new(AtomicBool::new(true)));
    /// let found = stopped.enumerate(&soma, None, &mut |_| {})?;
    /// assert_eq!(found.ending().unfinished(), Some(&Unfinished::Interrupted));
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn ending(&self) -> Ending {
        Ending::of_search(self.complete, self.distinct, self.stopped.as_ref())
    }
}

/// How far a search has got, for progress on long runs: the exact
/// engines add to it every few thousand placements ([`Solver::meter`]).
///
/// ```
/// use jigsat::api::{Puzzle, Solver, run::Meter};
/// let cats = Puzzle::from_file("puzzles/big-cats.toml")?;
/// let meter = Meter::new();
/// Solver::new().engine("row-scan")?.meter(&meter).run(&cats)?;
/// assert!(meter.deepest() <= 9);
/// # Ok::<(), jigsat::api::Error>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Meter(pub(crate) Arc<crate::exact::Meter>);

impl Meter {
    /// A meter at zero.
    ///
    /// ```
    /// assert_eq!(jigsat::api::run::Meter::new().nodes(), 0);
    /// ```
    pub fn new() -> Meter {
        Meter::default()
    }

    /// Placements tried so far.
    ///
    /// ```
    /// assert_eq!(jigsat::api::run::Meter::new().nodes(), 0);
    /// ```
    pub fn nodes(&self) -> u64 {
        self.0.nodes()
    }

    /// The most positions filled at once so far.
    ///
    /// ```
    /// assert_eq!(jigsat::api::run::Meter::new().deepest(), 0);
    /// ```
    pub fn deepest(&self) -> u64 {
        self.0.deepest()
    }
}

/// What [`Solver::enumerate`] hands each class to as it is found, from
/// the search's threads: `Ok(false)` stops the search (the reader has
/// gone), an error ends it with that error.
///
/// ```
/// use std::sync::Arc;
/// use jigsat::api::{Puzzle, Solver, run::OnClass};
/// let soma = Puzzle::from_file("puzzles/soma.toml")?;
/// // Wants no more after the first: the search stops.
/// let first: Arc<OnClass> = Arc::new(|_s| Ok(false));
/// let found = Solver::new().enumerate(&soma, Some(first), &mut |_| {})?;
/// assert!(!found.complete);
/// # Ok::<(), jigsat::api::Error>(())
/// ```
pub type OnClass = dyn Fn(Solution) -> Result<bool> + Send + Sync;

impl Solver {
    /// Stop an enumeration after this many classes (`solve --limit N`).
    ///
    /// ```
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// let three = jigsat::api::Solver::new().limit(3).enumerate(&soma, None, &mut |_| {})?;
    /// assert_eq!(three.classes.len(), 3);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn limit(mut self, classes: usize) -> Solver {
        self.options.limit = Some(classes);
        self
    }

    /// Counts alone (`jigsat count`): the search threads tally and keep
    /// no solution, so that millions take no memory.
    ///
    /// ```
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// let counted = jigsat::api::Solver::new().counts_only(true).enumerate(&soma, None, &mut |_| {})?;
    /// assert!(counted.classes.is_empty());
    /// assert_eq!(counted.distinct, 240);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn counts_only(mut self, on: bool) -> Solver {
        self.options.want = if on { Want::Counts } else { Want::Classes };
        self
    }

    /// Counts classes by Burnside's lemma instead of weighing each
    /// solution (`count --burnside`): the same figures, reached another
    /// way, as a check (slower: measured in encodings/RESULTS.md).
    ///
    /// ```
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// let solver = jigsat::api::Solver::new().counts_only(true).burnside(true);
    /// assert_eq!(solver.enumerate(&soma, None, &mut |_| {})?.distinct, 240);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn burnside(mut self, on: bool) -> Solver {
        self.options.burnside = on;
        self
    }

    /// Time an enumeration keeps back from its time limit for each class
    /// it holds, for the caller to draw them all within the limit.
    ///
    /// ```
    /// use std::time::Duration;
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// let solver = jigsat::api::Solver::new()
    ///     .time_limit(Duration::from_secs(60))
    ///     .reserve_per_class(Duration::from_micros(30));
    /// assert_eq!(solver.enumerate(&soma, None, &mut |_| {})?.distinct, 240);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn reserve_per_class(mut self, time: Duration) -> Solver {
        self.options.render_per_class = time;
        self
    }

    /// Where the exact engines report how far they have got.
    ///
    /// ```
    /// let meter = jigsat::api::run::Meter::new();
    /// let cats = jigsat::api::Puzzle::from_file("puzzles/big-cats.toml")?;
    /// jigsat::api::Solver::new().engine("row-scan")?.meter(&meter).run(&cats)?;
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn meter(mut self, meter: &Meter) -> Solver {
        self.options.meter = Some(Arc::clone(&meter.0));
        self
    }

    /// The first solution as `jigsat solve` looks for it, on the caller's
    /// thread, with the run's figures; no answer (a time limit, a solver
    /// that gave up, a stop) is a [`Status::Unknown`] report, not an
    /// error.
    ///
    /// ```
    /// use jigsat::api::{Puzzle, Solver, run::Status};
    /// // A T-tetromino leaves two cells of a 3x2 box apart: no domino fits.
    /// let impossible = Puzzle::builder()
    ///     .board_size(&[3, 2])
    ///     .piece("T", &[[0, 0, 0], [1, 0, 0], [2, 0, 0], [1, 1, 0]])
    ///     .piece("d", &[[0, 0, 0], [1, 0, 0]])
    ///     .build()?;
    /// let report = Solver::new().run(&impossible)?;
    /// assert_eq!(report.status, Status::Unsolvable);
    /// assert!(report.reason.is_some());
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn run(&self, puzzle: &Puzzle) -> Result<Report> {
        let options = self.run_options();
        let report = contained(|| crate::pipeline::solve(&puzzle.inner, &options))?;
        Ok(Report {
            status: report.status,
            solutions: report
                .solutions
                .into_iter()
                .map(|s| Solution::new(Arc::clone(&puzzle.inner), s))
                .collect(),
            reason: report.reason,
            stats: report.stats,
        })
    }

    /// Every class (or with [`Solver::counts_only`] the counts), on the
    /// caller's thread, whatever the end: complete, the limit reached,
    /// the time limit, a stop. `on_class` takes each class as it is found
    /// instead of holding it (a listing of millions takes the memory of
    /// one); `progress` hears the number of classes found so far.
    ///
    /// ```
    /// use std::sync::{Arc, Mutex};
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// let seen = Arc::new(Mutex::new(0));
    /// let counter = Arc::clone(&seen);
    /// let each = move |_s: jigsat::api::Solution| {
    ///     *counter.lock().unwrap() += 1;
    ///     Ok(true)
    /// };
    /// let all = jigsat::api::Solver::new().enumerate(&soma, Some(Arc::new(each)), &mut |_| {})?;
    /// assert!(all.complete && all.classes.is_empty());
    /// assert_eq!(*seen.lock().unwrap(), 240);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn enumerate(
        &self,
        puzzle: &Puzzle,
        on_class: Option<Arc<OnClass>>,
        progress: &mut dyn FnMut(u64),
    ) -> Result<Enumeration> {
        let mut options = self.run_options();
        if let Some(each) = on_class {
            let shared = Arc::clone(&puzzle.inner);
            let hand = move |s: crate::solution::Solution, _weight: u64| {
                each(Solution::new(Arc::clone(&shared), s)).map_err(Into::into)
            };
            options.listing = Some(Listing(Arc::new(hand)));
        }
        let (found, stats) =
            contained(|| crate::pipeline::enumerate(&puzzle.inner, &options, progress))?;
        Ok(Enumeration {
            classes: found
                .classes
                .into_iter()
                .map(|s| Solution::new(Arc::clone(&puzzle.inner), s))
                .collect(),
            count: found.count,
            distinct: found.distinct,
            complete: found.complete,
            stopped: found.stopped,
            refuted: found.refuted,
            stats,
        })
    }
}
