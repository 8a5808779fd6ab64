//! Solving, counting and listing, with the options that shape a run.
//!
//! Every run happens on a thread of its own, which the caller waits for
//! ([`Job`]) or reads from ([`Solutions`]); so a run can be stopped from
//! the caller's side at any moment (the search sees its stop flag), and
//! the time limit holds for the caller even in the phases that do not
//! watch the clock (building placements, encoding): the caller gets
//! [`Error::TimeLimit`] shortly after the limit whatever the run is doing.
//! Panics on that thread are contained and become [`Error::Bug`].

use std::str::FromStr;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, mpsc};
use std::time::Duration;

use super::error::{Error, Result, guarded, value};
use super::puzzle::Puzzle;
use super::running::{Job, Solutions};
use super::solution::Solution;
use crate::detached::{Detached, Stops};
use crate::enumerate::{Stop, Want};
use crate::options::{Model, Options, SolverChoice};
use crate::report::Status;

/// How many solutions may wait in an iterator's channel for the reader:
/// enough to keep the search busy, few enough to hold little memory.
const WAITING: usize = 256;

/// The options of a run, and the calls that run it. A `Solver` is cheap
/// to clone and holds no state between runs.
///
/// ```
/// use std::time::Duration;
/// use jigsat::api::{Puzzle, Solver};
///
/// let puzzle = Puzzle::from_file("puzzles/pentomino-6x10.toml")?;
/// let solver = Solver::new()
///     .threads(1)
///     .time_limit(Duration::from_secs(60))
///     .engine("dlx")?;
/// assert_eq!(solver.count(&puzzle)?.distinct, 2339);
/// # Ok::<(), jigsat::api::Error>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Solver {
    pub(super) options: Options,
    fixed_board: bool,
    pub(super) stop: Option<Arc<AtomicBool>>,
}

/// The numbers of `jigsat count`, from a complete enumeration.
///
/// ```
/// let counts = jigsat::api::Puzzle::from_file("puzzles/pentomino-6x10.toml")?.count()?;
/// assert_eq!((counts.count, counts.distinct), (9356, 2339));
/// # Ok::<(), jigsat::api::Error>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Counts {
    /// Solutions on a board that does not move.
    pub count: u64,
    /// Solutions up to the board's symmetries (the classes).
    pub distinct: u64,
}

impl Solver {
    /// The command line's defaults: every `auto`, symmetry breaking and
    /// the pre-check on, one thread per core, no time limit.
    ///
    /// ```
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// assert!(jigsat::api::Solver::new().solve(&soma)?.is_some());
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn new() -> Solver {
        Solver::default()
    }

    /// Gives up after this long (`--time-limit`): [`Error::TimeLimit`].
    ///
    /// ```
    /// use std::time::Duration;
    /// let y25 = jigsat::api::Puzzle::from_file("puzzles/y25.toml")?;
    /// let quick = jigsat::api::Solver::new().time_limit(Duration::from_millis(200));
    /// let counted = quick.count(&y25);
    /// assert!(matches!(counted, Err(jigsat::api::Error::TimeLimit(_))), "{counted:?}");
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn time_limit(mut self, limit: Duration) -> Solver {
        self.options.time_limit = Some(limit);
        self
    }

    /// Threads the search may use (`-j`; by default one per core).
    ///
    /// ```
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// assert_eq!(jigsat::api::Solver::new().threads(1).count(&soma)?.distinct, 240);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn threads(mut self, threads: usize) -> Solver {
        self.options.jobs = Some(threads.max(1));
        self
    }

    /// The engine, by the name `--solver` takes: `auto`, an exact search
    /// (`dlx`, `first-cell`, ...), a SAT solver (`cadical`, `varisat`,
    /// ...) or the path of a solver program.
    ///
    /// ```
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// let sat = jigsat::api::Solver::new().engine("cadical")?;
    /// assert!(sat.solve(&soma)?.is_some());
    /// assert!(jigsat::api::Solver::new().engine("glucose").is_err());
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn engine(mut self, name: &str) -> Result<Solver> {
        self.options.solver = SolverChoice::from_str(name).map_err(Error::Usage)?;
        Ok(self)
    }

    /// The at-most-one encoding of the CNF (`--encoding`: `auto`,
    /// `pairwise`, `sequential`, `ladder`, `commander`, `product`,
    /// `binary`, `bimander`).
    ///
    /// ```
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// let solver = jigsat::api::Solver::new().engine("varisat")?.encoding("product")?;
    /// assert!(solver.solve(&soma)?.is_some());
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn encoding(mut self, name: &str) -> Result<Solver> {
        self.options.encoding = value(name, "encoding")?;
        Ok(self)
    }

    /// The cardinality encoding for pieces with copies (`--card`:
    /// `sequential`, `totalizer`).
    ///
    /// ```
    /// let y25 = jigsat::api::Puzzle::from_file("puzzles/y25.toml")?;
    /// assert!(jigsat::api::Solver::new().card("totalizer")?.dimacs(&y25)?.contains("card=totalizer"));
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn card(mut self, name: &str) -> Result<Solver> {
        self.options.card = value(name, "card")?;
        Ok(self)
    }

    /// The edge-matching encoding (`--edges`: `pairs`, `colours`,
    /// `direct`, `pairs-balance`).
    ///
    /// ```
    /// let cats = jigsat::api::Puzzle::from_file("puzzles/big-cats.toml")?;
    /// let direct = jigsat::api::Solver::new().engine("cadical")?.edges("direct")?;
    /// assert!(direct.solve(&cats)?.is_some());
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn edges(mut self, name: &str) -> Result<Solver> {
        self.options.edges = value(name, "edges")?;
        Ok(self)
    }

    /// The CNF model (`--model`: `auto`, `placement`, `order`).
    ///
    /// ```
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// assert!(jigsat::api::Solver::new().model("order")?.solve(&soma).is_err());
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn model(mut self, name: &str) -> Result<Solver> {
        self.options.model = value::<Model>(name, "model")?;
        Ok(self)
    }

    /// Symmetry breaking (on by default; `--no-symmetry` turns it off).
    /// The counts are the same either way.
    ///
    /// ```
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// assert_eq!(jigsat::api::Solver::new().symmetry(false).count(&soma)?.count, 11520);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn symmetry(mut self, on: bool) -> Solver {
        self.options.symmetry = on;
        self
    }

    /// The colouring pre-check (on by default; `--no-precheck`).
    ///
    /// ```
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// assert!(jigsat::api::Solver::new().precheck(false).solve(&soma)?.is_some());
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn precheck(mut self, on: bool) -> Solver {
        self.options.precheck = on;
        self
    }

    /// Makes [`Solver::solutions`] list every solution on a fixed board
    /// (each class's members, its images under the board's symmetries)
    /// instead of one per class.
    ///
    /// ```
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// let all = jigsat::api::Solver::new().fixed_board(true).solutions(&soma);
    /// assert_eq!(all.count(), 11520);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn fixed_board(mut self, on: bool) -> Solver {
        self.fixed_board = on;
        self
    }

    /// A flag that stops every run of this solver when set (from any
    /// thread): the run ends with [`Error::Interrupted`], an iterator ends.
    ///
    /// ```
    /// use std::sync::{Arc, atomic::AtomicBool};
    /// let stop = Arc::new(AtomicBool::new(true));
    /// let y25 = jigsat::api::Puzzle::from_file("puzzles/y25.toml")?;
    /// let counted = jigsat::api::Solver::new().stop_flag(stop).count(&y25);
    /// assert_eq!(counted, Err(jigsat::api::Error::Interrupted));
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn stop_flag(mut self, stop: Arc<AtomicBool>) -> Solver {
        self.stop = Some(stop);
        self
    }

    /// The first solution, checked; `None` when the puzzle has none
    /// (proved: by the search, a solver's UNSAT or the pre-check).
    ///
    /// ```
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// let solution = jigsat::api::Solver::new().solve(&soma)?.unwrap();
    /// assert_eq!(solution.pieces().len(), 7);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn solve(&self, puzzle: &Puzzle) -> Result<Option<Solution>> {
        self.start_solve(puzzle).wait()
    }

    /// The counts of a complete enumeration (`jigsat count`); a run
    /// stopped early is an error, never a partial count.
    ///
    /// ```
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// assert_eq!(jigsat::api::Solver::new().count(&soma)?.distinct, 240);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn count(&self, puzzle: &Puzzle) -> Result<Counts> {
        self.start_count(puzzle).wait()
    }

    /// [`Solver::solve`] on a thread of its own: the caller waits, polls
    /// or stops it.
    ///
    /// ```
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// let job = jigsat::api::Solver::new().start_solve(&soma);
    /// assert!(job.wait()?.is_some());
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn start_solve(&self, puzzle: &Puzzle) -> Job<Option<Solution>> {
        let shared = Arc::clone(&puzzle.inner);
        self.start(move |options, stop| {
            let report = crate::pipeline::solve(&shared, options)?;
            match report.status {
                Status::Solved => Ok(report
                    .solutions
                    .into_iter()
                    .next()
                    .map(|s| Solution::new(Arc::clone(&shared), s))),
                Status::Unsolvable => Ok(None),
                Status::Unknown => Err(Error::unknown(stop, report.reason)),
            }
        })
    }

    /// [`Solver::count`] on a thread of its own.
    ///
    /// ```
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// let mut job = jigsat::api::Solver::new().start_count(&soma);
    /// let counts = loop {
    ///     if let std::task::Poll::Ready(counts) = job.poll(std::time::Duration::from_millis(50)) {
    ///         break counts?;
    ///     }
    /// };
    /// assert_eq!(counts.count, 11520);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn start_count(&self, puzzle: &Puzzle) -> Job<Counts> {
        let shared = Arc::clone(&puzzle.inner);
        self.start(move |options, _| {
            let options = Options {
                want: Want::Counts,
                ..options.clone()
            };
            let (result, _) = crate::pipeline::enumerate(&shared, &options, &mut |_| {})?;
            match &result.stopped {
                _ if result.complete => Ok(Counts {
                    count: result.count,
                    distinct: result.distinct,
                }),
                Some(Stop::TimeLimit(limit)) => Err(Error::TimeLimit(
                    crate::report::time_limit_reached(*limit),
                )),
                Some(Stop::Interrupted) => Err(Error::Interrupted),
                Some(Stop::Limit(_)) | None => Err(Error::Bug(
                    "internal error, please report it with the puzzle: a count ended early without a reason".into(),
                )),
            }
        })
    }

    /// Every distinct solution (one per class; every solution on a fixed
    /// board with [`Solver::fixed_board`]), each checked, streamed as the
    /// search finds them. The search runs ahead of the reader by a few
    /// hundred solutions at most; dropping the iterator (or
    /// [`Solutions::stop`]) stops it. A time limit, a stop or a failure
    /// ends the iteration with one `Err`.
    ///
    /// ```
    /// let puzzle = jigsat::api::Puzzle::from_file("puzzles/pentomino-6x10.toml")?;
    /// let mut seen = 0;
    /// for solution in jigsat::api::Solver::new().solutions(&puzzle) {
    ///     let solution = solution?;
    ///     assert_eq!(solution.pieces().len(), 12);
    ///     seen += 1;
    ///     if seen == 10 {
    ///         break; // the search stops as the iterator is dropped
    ///     }
    /// }
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn solutions(&self, puzzle: &Puzzle) -> Solutions {
        let shared = Arc::clone(&puzzle.inner);
        let stops = Stops::new(self.stop.clone());
        let fixed_board = self.fixed_board;
        let mut options = self.options.clone();
        options.stop = Some(Arc::clone(&stops.run));
        let caller = Arc::clone(&stops.caller);
        let work = move |send: mpsc::SyncSender<Result<crate::solution::Solution>>| {
            let failed = send.clone();
            let deliver =
                move |s: crate::error::Result<_>| send.send(s.map_err(Error::from)).is_ok();
            let outcome =
                guarded(
                    || match crate::stream::stream(&shared, options, fixed_board, deliver) {
                        Ok(Some(limit)) => {
                            Err(Error::TimeLimit(crate::report::time_limit_reached(limit)))
                        }
                        other => other.map(|_| ()).map_err(Error::from),
                    },
                );
            if let Err(e) = outcome {
                let _ = failed.send(Err(Error::interrupted_or(&caller, e)));
            }
        };
        let limit = self.options.time_limit;
        let (run, error) = Detached::start("jigsat-solutions", &stops, limit, WAITING, true, work);
        Solutions {
            puzzle: Arc::clone(&puzzle.inner),
            run,
            time_limit: limit,
            queue: error.map(Error::no_thread).map(Err).into_iter().collect(),
        }
    }

    /// The options of a run, for the façade's other modules
    /// ([`super::cnf`], [`super::info`], [`super::estimate`]), with the
    /// caller's stop flag as the run's.
    pub(crate) fn run_options(&self) -> Options {
        Options {
            stop: self.stop.clone(),
            ..self.options.clone()
        }
    }

    /// The options of this solver's runs, for the façade's other modules
    /// (the certifier and a split's parts run their own steps with them).
    pub(crate) fn options(&self) -> &Options {
        &self.options
    }

    /// The caller's stop flag, when one was given
    /// ([`Solver::stop_flag`]).
    pub(crate) fn stop(&self) -> Option<&Arc<AtomicBool>> {
        self.stop.as_ref()
    }

    /// Runs `work` with this solver's options (whose stop flag is the
    /// run's) and the caller's stop flag on a thread of its own.
    fn start<T: Send + 'static>(
        &self,
        work: impl FnOnce(&Options, &AtomicBool) -> Result<T> + Send + 'static,
    ) -> Job<T> {
        let stops = Stops::new(self.stop.clone());
        let mut options = self.options.clone();
        options.stop = Some(Arc::clone(&stops.run));
        let caller = Arc::clone(&stops.caller);
        let limit = self.options.time_limit;
        let (run, error) = Detached::start("jigsat-run", &stops, limit, 1, false, move |send| {
            let outcome = guarded(|| work(&options, &caller));
            let _ = send.send(outcome.map_err(|e| Error::interrupted_or(&caller, e)));
        });
        Job {
            run,
            time_limit: limit,
            early: error.map(Error::no_thread),
        }
    }
}

/// The runs of a [`Solver`] with the default options, on the puzzle
/// itself: here rather than beside the puzzle's constructors, so that the
/// puzzle does not depend on the solver that reads it.
impl Puzzle {
    /// The first solution found with the default options, `None` when the
    /// puzzle has none (proved); see [`Solver::solve`].
    ///
    /// ```
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// assert!(soma.solve()?.is_some());
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn solve(&self) -> Result<Option<Solution>> {
        Solver::new().solve(self)
    }

    /// The number of solutions, on a fixed board and up to symmetry, with
    /// the default options; see [`Solver::count`].
    ///
    /// ```
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// let counts = soma.count()?;
    /// assert_eq!((counts.count, counts.distinct), (11520, 240));
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn count(&self) -> Result<Counts> {
        Solver::new().count(self)
    }

    /// Every distinct solution (one per symmetry class), streamed as the
    /// search finds them; see [`Solver::solutions`].
    ///
    /// ```
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// let first_three: Vec<_> = soma.solutions().take(3).collect::<Result<_, _>>()?;
    /// assert_eq!(first_three.len(), 3);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn solutions(&self) -> Solutions {
        Solver::new().solutions(self)
    }

    /// The CNF in DIMACS format with the default options (`jigsat
    /// dimacs`); see [`Solver::dimacs`].
    ///
    /// ```
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// assert!(soma.to_dimacs()?.lines().any(|l| l.starts_with("p cnf ")));
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn to_dimacs(&self) -> Result<String> {
        Solver::new().dimacs(self)
    }
}
