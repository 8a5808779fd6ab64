//! One part of a split, read from its job file: counted or solved, its
//! result saved beside the jobs.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use super::{PartResult, at, stop_of, stopped};
use crate::api::error::guarded;
use crate::api::error::{Error, Result};
use crate::api::puzzle::Puzzle;
use crate::api::solution::Solution;
use crate::api::solver::Solver;
use crate::jobs::files::{self, JobFile, ResultFile};
use crate::jobs::run;
use crate::process::interrupt;
use crate::report::{Stats, Status};

/// One part of a split, read from its job file: searched with the
/// split's engine and symmetry breaking, and the threads and time limit
/// of the [`Solver`] it is run with. A job that is not one its split can
/// have made (a part number or prefixes edited, a damaged file, a puzzle
/// that gives another tree) is refused.
///
/// ```
/// use jigsat::api::{Solver, jobs};
/// let dir = tempfile::tempdir().map_err(|e| jigsat::api::Error::io("<tempdir>", e))?;
/// let source = jobs::Source::read("puzzles/soma.toml", None)?;
/// source.split(&Solver::new(), 2, 10, 1)?.write(dir.path(), "jigsat")?;
/// let part = jobs::Part::read(jobs::job_path(dir.path(), 2))?;
/// assert_eq!((part.number(), part.parts(), part.puzzle().name()), (2, 2, "Soma cube"));
/// # Ok::<(), jigsat::api::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Part {
    pub(super) path: PathBuf,
    pub(super) file: JobFile,
    pub(super) puzzle: Puzzle,
}

/// How the count of one part ended ([`Part::count`]).
///
/// ```
/// use std::sync::{Arc, atomic::AtomicBool};
/// use jigsat::api::{Error, Solver, jobs};
/// let dir = tempfile::tempdir().map_err(|e| Error::io("<tempdir>", e))?;
/// jobs::Source::read("puzzles/y25.toml", None)?.split(&Solver::new(), 2, 10, 1)?.write(dir.path(), "jigsat")?;
/// let part = jobs::Part::read(jobs::job_path(dir.path(), 1))?;
/// // Stopped as it starts: nothing of the part counts.
/// let stopped = Solver::new().stop_flag(Arc::new(AtomicBool::new(true)));
/// match part.count(&stopped)? {
///     jobs::PartCount::Stopped { reason, .. } => assert_eq!(reason, Error::Interrupted),
///     jobs::PartCount::Finished(_) => panic!("a stopped part finished"),
/// }
/// # Ok::<(), jigsat::api::Error>(())
/// ```
#[derive(Clone, Debug)]
pub enum PartCount {
    /// The part searched to its end: its result, for [`Part::save`].
    Finished(PartResult),
    /// The part did not finish.
    Stopped {
        /// The solutions found so far, which count for nothing.
        solutions: u64,
        /// [`Error::Interrupted`], or [`Error::TimeLimit`] with the limit.
        reason: Error,
    },
}

impl Part {
    /// Reads a job file (`jigsat split` writes them) and the puzzle it
    /// carries; messages name the job file.
    ///
    /// ```
    /// let refused = jigsat::api::jobs::Part::read("puzzles/soma.toml");
    /// assert!(refused.unwrap_err().to_string().contains("not a job file"));
    /// ```
    pub fn read(path: impl AsRef<Path>) -> Result<Part> {
        guarded(|| {
            let path = path.as_ref();
            let file: JobFile = files::read(path, "a job file (jigsat split writes them)")?;
            let inner = file.puzzle.parse(path)?;
            let puzzle = Puzzle {
                inner: Arc::new(inner),
                file: file.puzzle.file.clone(),
                source: None,
            };
            Ok(Part {
                path: path.to_path_buf(),
                file,
                puzzle,
            })
        })
    }

    /// The puzzle the job carries.
    ///
    /// ```
    /// # use jigsat::api::{Solver, jobs};
    /// # let dir = tempfile::tempdir().map_err(|e| jigsat::api::Error::io("<tempdir>", e))?;
    /// # jobs::Source::read("puzzles/soma.toml", None)?.split(&Solver::new(), 2, 10, 1)?.write(dir.path(), "jigsat")?;
    /// let part = jobs::Part::read(jobs::job_path(dir.path(), 1))?;
    /// assert_eq!(part.puzzle().name(), "Soma cube");
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The part's number, from 1.
    ///
    /// ```
    /// # use jigsat::api::{Solver, jobs};
    /// # let dir = tempfile::tempdir().map_err(|e| jigsat::api::Error::io("<tempdir>", e))?;
    /// # jobs::Source::read("puzzles/soma.toml", None)?.split(&Solver::new(), 2, 10, 1)?.write(dir.path(), "jigsat")?;
    /// assert_eq!(jobs::Part::read(jobs::job_path(dir.path(), 2))?.number(), 2);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn number(&self) -> usize {
        self.file.part.part
    }

    /// The number of parts of its split.
    ///
    /// ```
    /// # use jigsat::api::{Solver, jobs};
    /// # let dir = tempfile::tempdir().map_err(|e| jigsat::api::Error::io("<tempdir>", e))?;
    /// # jobs::Source::read("puzzles/soma.toml", None)?.split(&Solver::new(), 2, 10, 1)?.write(dir.path(), "jigsat")?;
    /// assert_eq!(jobs::Part::read(jobs::job_path(dir.path(), 1))?.parts(), 2);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn parts(&self) -> usize {
        self.file.job.parts
    }

    /// The exact engine the split was cut for, which searches the part.
    ///
    /// ```
    /// # use jigsat::api::{Solver, jobs};
    /// # let dir = tempfile::tempdir().map_err(|e| jigsat::api::Error::io("<tempdir>", e))?;
    /// let solver = Solver::new().engine("first-cell")?;
    /// jobs::Source::read("puzzles/soma.toml", None)?.split(&solver, 2, 10, 1)?.write(dir.path(), "jigsat")?;
    /// assert_eq!(jobs::Part::read(jobs::job_path(dir.path(), 1))?.engine(), "first-cell");
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn engine(&self) -> &str {
        &self.file.job.engine
    }

    /// Counts every solution below the part's prefixes, each checked
    /// against the puzzle, with `solver`'s threads and time limit (its
    /// engine and symmetry are the split's). A stop or the time limit is
    /// [`PartCount::Stopped`], never a partial result.
    ///
    /// ```
    /// # use jigsat::api::{Solver, jobs};
    /// # let dir = tempfile::tempdir().map_err(|e| jigsat::api::Error::io("<tempdir>", e))?;
    /// # jobs::Source::read("puzzles/soma.toml", None)?.split(&Solver::new(), 2, 10, 1)?.write(dir.path(), "jigsat")?;
    /// let part = jobs::Part::read(jobs::job_path(dir.path(), 1))?;
    /// let jobs::PartCount::Finished(result) = part.count(&Solver::new())? else { panic!("stopped") };
    /// assert_eq!(result.part(), 1);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn count(&self, solver: &Solver) -> Result<PartCount> {
        guarded(|| self.count_with(solver.options(), stop_of(solver)))
    }

    /// [`Part::count`] with `options` (a design part's split by pieces),
    /// stopped by `stop`.
    pub(super) fn count_with(
        &self,
        options: &crate::options::Options,
        stop: Arc<std::sync::atomic::AtomicBool>,
    ) -> Result<PartCount> {
        let mut finished = None;
        let Part { path, file, puzzle } = self;
        let parts = std::slice::from_ref(&file.part);
        let ended = run::count_parts(&puzzle.inner, options, &file.job, parts, &stop, &mut |r| {
            finished = Some(r);
            Ok(())
        })
        .map_err(at(path))?;
        interrupt::finishing();
        Ok(match (finished, ended) {
            (Some(result), None) => PartCount::Finished(result),
            (_, ended) => PartCount::Stopped {
                solutions: ended.map_or(0, |s| s.solutions),
                reason: stopped(&stop, options),
            },
        })
    }

    /// Where [`Part::save`] writes the part's result: `results/` beside
    /// the job's `jobs/` directory, with the job's stem
    /// (`DIR/results/part-0001.result`).
    ///
    /// ```
    /// # use jigsat::api::{Solver, jobs};
    /// # let dir = tempfile::tempdir().map_err(|e| jigsat::api::Error::io("<tempdir>", e))?;
    /// # jobs::Source::read("puzzles/soma.toml", None)?.split(&Solver::new(), 2, 10, 1)?.write(dir.path(), "jigsat")?;
    /// let part = jobs::Part::read(jobs::job_path(dir.path(), 2))?;
    /// assert_eq!(part.result_path(), dir.path().join("results/part-0002.result"));
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn result_path(&self) -> PathBuf {
        files::result_path(&self.path)
    }

    /// Writes a finished part's result to [`Part::result_path`] (the
    /// directory created), where [`merge`](super::merge) reads it; gives the path.
    ///
    /// ```
    /// # use jigsat::api::{Solver, jobs};
    /// # let dir = tempfile::tempdir().map_err(|e| jigsat::api::Error::io("<tempdir>", e))?;
    /// # jobs::Source::read("puzzles/soma.toml", None)?.split(&Solver::new(), 2, 10, 1)?.write(dir.path(), "jigsat")?;
    /// let part = jobs::Part::read(jobs::job_path(dir.path(), 2))?;
    /// if let jobs::PartCount::Finished(result) = part.count(&Solver::new())? {
    ///     assert!(part.save(&result)?.exists());
    /// }
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn save(&self, result: &PartResult) -> Result<PathBuf> {
        let target = self.result_path();
        if let Some(dir) = target.parent() {
            std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
        }
        let comment = format!(
            "jigsat: the result of {} ({}); jigsat merge adds the parts up.",
            self.path.display(),
            self.puzzle.inner.name
        );
        let file = ResultFile {
            result: result.clone(),
        };
        files::write(&target, &comment, &file)?;
        Ok(target)
    }

    /// The first solution below the part's prefixes, checked against the
    /// puzzle; `None` when the part holds none (other parts may).
    /// [`Error::Interrupted`] or [`Error::TimeLimit`] when stopped first.
    ///
    /// ```
    /// # use jigsat::api::{Solver, jobs};
    /// # let dir = tempfile::tempdir().map_err(|e| jigsat::api::Error::io("<tempdir>", e))?;
    /// # jobs::Source::read("puzzles/soma.toml", None)?.split(&Solver::new(), 2, 10, 1)?.write(dir.path(), "jigsat")?;
    /// let part = jobs::Part::read(jobs::job_path(dir.path(), 1))?;
    /// let found = part.solve(&Solver::new())?.expect("part 1 of soma holds solutions");
    /// assert_eq!(found.solution().pieces().len(), 7);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn solve(&self, solver: &Solver) -> Result<Option<PartSolution>> {
        guarded(|| {
            let options = solver.options();
            let stop = stop_of(solver);
            let started = Instant::now();
            let Part { path, file, puzzle } = self;
            let first = run::first_in_part(&puzzle.inner, options, &file.job, &file.part, &stop)
                .map_err(at(path))?;
            let solution = match first {
                run::FirstInPart::Found(s) => s,
                run::FirstInPart::Empty => return Ok(None),
                run::FirstInPart::Stopped => return Err(stopped(&stop, options)),
            };
            interrupt::finishing();
            Ok(Some(PartSolution {
                solution: Solution::new(Arc::clone(&puzzle.inner), solution),
                engine: file.job.engine.clone(),
                solve_ms: crate::report::ms(started.elapsed()),
            }))
        })
    }
}

/// The first solution of a part ([`Part::solve`]), with what found it.
///
/// ```
/// # use jigsat::api::{Solver, jobs};
/// # let dir = tempfile::tempdir().map_err(|e| jigsat::api::Error::io("<tempdir>", e))?;
/// # jobs::Source::read("puzzles/soma.toml", None)?.split(&Solver::new(), 1, 10, 1)?.write(dir.path(), "jigsat")?;
/// let part = jobs::Part::read(jobs::job_path(dir.path(), 1))?;
/// let found = part.solve(&Solver::new())?.unwrap();
/// assert_eq!(found.engine(), part.engine());
/// # Ok::<(), jigsat::api::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct PartSolution {
    solution: Solution,
    engine: String,
    solve_ms: f64,
}

impl PartSolution {
    /// The solution, checked.
    ///
    /// ```
    /// # use jigsat::api::{Solver, jobs};
    /// # let dir = tempfile::tempdir().map_err(|e| jigsat::api::Error::io("<tempdir>", e))?;
    /// # jobs::Source::read("puzzles/soma.toml", None)?.split(&Solver::new(), 1, 10, 1)?.write(dir.path(), "jigsat")?;
    /// # let found = jobs::Part::read(jobs::job_path(dir.path(), 1))?.solve(&Solver::new())?.unwrap();
    /// assert_eq!(found.solution().puzzle_name(), "Soma cube");
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn solution(&self) -> &Solution {
        &self.solution
    }

    /// The exact engine that searched the part.
    ///
    /// ```
    /// # use jigsat::api::{Solver, jobs};
    /// # let dir = tempfile::tempdir().map_err(|e| jigsat::api::Error::io("<tempdir>", e))?;
    /// # jobs::Source::read("puzzles/soma.toml", None)?.split(&Solver::new(), 1, 10, 1)?.write(dir.path(), "jigsat")?;
    /// # let found = jobs::Part::read(jobs::job_path(dir.path(), 1))?.solve(&Solver::new())?.unwrap();
    /// assert!(!found.engine().is_empty());
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn engine(&self) -> &str {
        &self.engine
    }

    /// Seconds from the job's read to the solution (building the search
    /// included).
    ///
    /// ```
    /// # use jigsat::api::{Solver, jobs};
    /// # let dir = tempfile::tempdir().map_err(|e| jigsat::api::Error::io("<tempdir>", e))?;
    /// # jobs::Source::read("puzzles/soma.toml", None)?.split(&Solver::new(), 1, 10, 1)?.write(dir.path(), "jigsat")?;
    /// # let found = jobs::Part::read(jobs::job_path(dir.path(), 1))?.solve(&Solver::new())?.unwrap();
    /// assert!(found.seconds() >= 0.0);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn seconds(&self) -> f64 {
        self.solve_ms / 1000.0
    }

    /// The contract's JSON document of `solve --format json`: status
    /// `solved`, the one solution, the engine and the time.
    ///
    /// ```
    /// # use jigsat::api::{Solver, jobs};
    /// # let dir = tempfile::tempdir().map_err(|e| jigsat::api::Error::io("<tempdir>", e))?;
    /// # jobs::Source::read("puzzles/soma.toml", None)?.split(&Solver::new(), 1, 10, 1)?.write(dir.path(), "jigsat")?;
    /// # let found = jobs::Part::read(jobs::job_path(dir.path(), 1))?.solve(&Solver::new())?.unwrap();
    /// assert!(found.json().contains("\"status\": \"solved\""));
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn json(&self) -> String {
        let stats = Stats {
            backend: self.engine.clone(),
            solve_ms: self.solve_ms,
            ..Default::default()
        };
        crate::render::json::document(
            &self.solution.puzzle,
            Status::Solved,
            std::slice::from_ref(&self.solution.inner),
            None,
            &stats,
        )
    }
}

/// The figures of a finished part: its file's fields, read here.
impl PartResult {
    /// The part's number, from 1.
    ///
    /// ```
    /// # use jigsat::api::{Solver, jobs};
    /// # let dir = tempfile::tempdir().map_err(|e| jigsat::api::Error::io("<tempdir>", e))?;
    /// # jobs::Source::read("puzzles/soma.toml", None)?.split(&Solver::new(), 1, 10, 1)?.write(dir.path(), "jigsat")?;
    /// # let part = jobs::Part::read(jobs::job_path(dir.path(), 1))?;
    /// # let jobs::PartCount::Finished(result) = part.count(&Solver::new())? else { panic!() };
    /// assert_eq!((result.part(), result.parts()), (1, 1));
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn part(&self) -> usize {
        self.part
    }

    /// The number of parts of its split.
    ///
    /// ```
    /// # use jigsat::api::{Solver, jobs};
    /// # let dir = tempfile::tempdir().map_err(|e| jigsat::api::Error::io("<tempdir>", e))?;
    /// # jobs::Source::read("puzzles/soma.toml", None)?.split(&Solver::new(), 1, 10, 1)?.write(dir.path(), "jigsat")?;
    /// # let part = jobs::Part::read(jobs::job_path(dir.path(), 1))?;
    /// # let jobs::PartCount::Finished(result) = part.count(&Solver::new())? else { panic!() };
    /// assert_eq!(result.parts(), 1);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn parts(&self) -> usize {
        self.parts
    }

    /// The solutions the part's search met (after symmetry breaking: not
    /// the count, which only the parts together give).
    ///
    /// ```
    /// # use jigsat::api::{Solver, jobs};
    /// # let dir = tempfile::tempdir().map_err(|e| jigsat::api::Error::io("<tempdir>", e))?;
    /// # jobs::Source::read("puzzles/soma.toml", None)?.split(&Solver::new(), 1, 10, 1)?.write(dir.path(), "jigsat")?;
    /// # let part = jobs::Part::read(jobs::job_path(dir.path(), 1))?;
    /// # let jobs::PartCount::Finished(result) = part.count(&Solver::new())? else { panic!() };
    /// assert!(result.solutions() < 11520);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn solutions(&self) -> u64 {
        self.solutions
    }

    /// Search nodes the part visited.
    ///
    /// ```
    /// # use jigsat::api::{Solver, jobs};
    /// # let dir = tempfile::tempdir().map_err(|e| jigsat::api::Error::io("<tempdir>", e))?;
    /// # jobs::Source::read("puzzles/soma.toml", None)?.split(&Solver::new(), 1, 10, 1)?.write(dir.path(), "jigsat")?;
    /// # let part = jobs::Part::read(jobs::job_path(dir.path(), 1))?;
    /// # let jobs::PartCount::Finished(result) = part.count(&Solver::new())? else { panic!() };
    /// assert!(result.nodes() >= result.solutions());
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Wall-clock seconds the part's search took.
    ///
    /// ```
    /// # use jigsat::api::{Solver, jobs};
    /// # let dir = tempfile::tempdir().map_err(|e| jigsat::api::Error::io("<tempdir>", e))?;
    /// # jobs::Source::read("puzzles/soma.toml", None)?.split(&Solver::new(), 1, 10, 1)?.write(dir.path(), "jigsat")?;
    /// # let part = jobs::Part::read(jobs::job_path(dir.path(), 1))?;
    /// # let jobs::PartCount::Finished(result) = part.count(&Solver::new())? else { panic!() };
    /// assert!(result.seconds() >= 0.0);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn seconds(&self) -> f64 {
        self.seconds
    }

    /// The result as pretty JSON: the fields of the result file
    /// (`count --format json` of a job prints it).
    ///
    /// ```
    /// # use jigsat::api::{Solver, jobs};
    /// # let dir = tempfile::tempdir().map_err(|e| jigsat::api::Error::io("<tempdir>", e))?;
    /// # jobs::Source::read("puzzles/soma.toml", None)?.split(&Solver::new(), 1, 10, 1)?.write(dir.path(), "jigsat")?;
    /// # let part = jobs::Part::read(jobs::job_path(dir.path(), 1))?;
    /// # let jobs::PartCount::Finished(result) = part.count(&Solver::new())? else { panic!() };
    /// assert!(result.json()?.contains("\"checksum\""));
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn json(&self) -> Result<String> {
        serde_json::to_string_pretty(self)
            .map_err(|e| Error::bug(format!("part result as JSON: {e}")))
    }
}
