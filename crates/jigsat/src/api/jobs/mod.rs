//! Counting in parts that run apart — on other cores, other machines, a
//! Slurm cluster, or one after another with a checkpoint — and adding the
//! parts up exactly (`jigsat split`, `count JOB`, `solve JOB`,
//! `count --checkpoint`, `merge`).
//!
//! A [`Split`] cuts the tree a count would search into parts of similar
//! estimated size and writes them to a directory: one self-contained job
//! file per part (it carries the puzzle's text, so it runs where nothing
//! but jigsat is), a plan, the cubes for cube-and-conquer SAT solvers and
//! two scripts (GNU parallel, a Slurm job array). A [`Part`] is one part,
//! read from its job file: counted, its result is written beside the
//! jobs; [`merge`] adds the results up. A [`Checkpoint`] runs the parts one after another in one
//! process, recording each finished part, and goes on after an
//! interruption.
//!
//! Every file carries the fingerprint of the tree and the digest of its
//! cut and part, and a result a checksum over its figures: a stale part,
//! a part of another split, an edited or damaged file is refused, and a
//! merge claims nothing unless every part is there exactly once.
//!
//! ```
//! use jigsat::api::{Solver, jobs};
//!
//! let dir = tempfile::tempdir().map_err(|e| jigsat::api::Error::io("<tempdir>", e))?;
//! let source = jobs::Source::read("puzzles/soma.toml", None)?;
//! let split = source.split(&Solver::new(), 4, 10, 1)?;
//! split.write(dir.path(), "jigsat")?;
//! for n in 1..=split.parts() {
//!     let part = jobs::Part::read(jobs::job_path(dir.path(), n))?;
//!     match part.count(&Solver::new().threads(1))? {
//!         jobs::PartCount::Finished(result) => {
//!             part.save(&result)?;
//!         }
//!         jobs::PartCount::Stopped { reason, .. } => return Err(reason),
//!     }
//! }
//! let total = jobs::merge(dir.path())?;
//! assert_eq!((total.counts().count, total.counts().distinct), (11520, 240));
//! # Ok::<(), jigsat::api::Error>(())
//! ```
//!
//! The runs here are on the caller's thread, their panics contained
//! ([`Error::Bug`]). A run stops at the [`Solver`]'s time limit or when
//! its stop flag ([`Solver::stop_flag`]) is raised (the command line
//! gives it the process's interrupt, [`super::process::interrupt_flag`]).

mod checkpoint;
mod design;
mod part;
mod total;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use super::error::guarded;
use super::error::{Error, Result};
use super::puzzle::Puzzle;
use super::solver::Solver;
use crate::jobs::directory::{self, SplitFiles};
use crate::jobs::files::{self, PuzzleText};
use crate::jobs::run;
use crate::options::Options;

/// What one finished part found ([`Part::count`]).
pub use crate::jobs::files::PartResult;
pub use checkpoint::{Checkpoint, CheckpointRun};
pub use design::merge_design;
pub use part::{Part, PartCount, PartSolution};
pub use total::Total;

/// Whether a path names a job file of a split (`NAME.job`): what `solve`
/// and `count` run as one part instead of a puzzle.
///
/// ```
/// assert!(jigsat::api::jobs::is_job("split/jobs/part-0001.job"));
/// assert!(!jigsat::api::jobs::is_job("puzzles/soma.toml"));
/// ```
pub fn is_job(path: impl AsRef<Path>) -> bool {
    files::is_job(path.as_ref())
}

/// The job file of part `part` (from 1) in a split directory
/// (`DIR/jobs/part-0001.job`): where [`Split::write`] puts it.
///
/// ```
/// let job = jigsat::api::jobs::job_path("split", 7);
/// assert_eq!(job, std::path::Path::new("split/jobs/part-0007.job"));
/// ```
pub fn job_path(dir: impl AsRef<Path>, part: usize) -> PathBuf {
    files::job_path(dir.as_ref(), part)
}

/// Refuses a directory that holds a split already (its `plan.toml`):
/// [`Split::write`] checks it too, but a caller about to cut checks it
/// first, so as not to cut in vain.
///
/// ```
/// let dir = tempfile::tempdir().map_err(|e| jigsat::api::Error::io("<tempdir>", e))?;
/// assert!(jigsat::api::jobs::check_directory(dir.path()).is_ok());
/// std::fs::write(dir.path().join("plan.toml"), "").map_err(|e| jigsat::api::Error::io("plan", e))?;
/// assert!(jigsat::api::jobs::check_directory(dir.path()).is_err());
/// # Ok::<(), jigsat::api::Error>(())
/// ```
pub fn check_directory(dir: impl AsRef<Path>) -> Result<()> {
    Ok(directory::check(dir.as_ref())?)
}

/// The stop flag of a run on the caller's thread: the solver's, or one
/// nobody raises.
fn stop_of(solver: &Solver) -> Arc<AtomicBool> {
    solver.stop().cloned().unwrap_or_default()
}

/// Why a run stopped before its end: interrupted when its stop flag is
/// up, else at its time limit.
fn stopped(stop: &AtomicBool, options: &Options) -> Error {
    if stop.load(Ordering::SeqCst) {
        Error::Interrupted
    } else {
        Error::TimeLimit(crate::report::time_limit_reached(
            options.time_limit.unwrap_or_default(),
        ))
    }
}

/// A usage error of a part's run, prefixed with the file that holds it.
fn at(path: &Path) -> impl Fn(crate::error::Error) -> Error + '_ {
    move |e| match Error::from(e) {
        Error::Usage(m) => Error::Usage(format!("{}: {m}", path.display())),
        e => e,
    }
}

/// The most parts, and the most walks per subtree, a split takes: the
/// cut's work and its files grow with both.
const MOST: usize = 100_000;

/// A puzzle read to be split: its text (a BurrTools file converted to
/// TOML) goes into every job, so that a part searches the very puzzle the
/// plan was cut from.
///
/// ```
/// let source = jigsat::api::jobs::Source::read("puzzles/soma.toml", None)?;
/// assert_eq!(source.puzzle().name(), "Soma cube");
/// # Ok::<(), jigsat::api::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Source {
    text: PuzzleText,
    puzzle: Puzzle,
}

impl Source {
    /// Reads a puzzle file (`problem` picks one problem of a BurrTools
    /// file, as `--problem`). A BurrTools puzzle that the TOML format
    /// cannot say is refused, with the reason.
    ///
    /// ```
    /// let source = jigsat::api::jobs::Source::read("puzzles/y25.toml", None)?;
    /// assert!(source.puzzle().warnings().is_empty());
    /// assert!(jigsat::api::jobs::Source::read("puzzles/y25.toml", Some("2")).is_err());
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn read(path: impl AsRef<Path>, problem: Option<&str>) -> Result<Source> {
        guarded(|| {
            let (text, inner) = PuzzleText::read(path.as_ref(), problem)?;
            let puzzle = Puzzle {
                inner: Arc::new(inner),
                file: text.file.clone(),
                source: Some((path.as_ref().to_path_buf(), problem.map(str::to_string))),
            };
            Ok(Source { text, puzzle })
        })
    }

    /// The puzzle.
    ///
    /// ```
    /// let source = jigsat::api::jobs::Source::read("puzzles/soma.toml", None)?;
    /// assert_eq!(source.puzzle().piece_names().len(), 7);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// Cuts the tree `count` would search with `solver`'s options into at
    /// most `parts` parts of similar estimated size (fewer only when the
    /// tree has fewer subtrees), each subtree's size estimated from
    /// `probes` random walks seeded by `seed`: the same seed, the same
    /// split. Refused when there is no tree to cut (the engine is a SAT
    /// solver, or the puzzle is not a cover), and for parts or probes
    /// outside 1 to 100,000 (the command line's bounds).
    ///
    /// ```
    /// use jigsat::api::{Solver, jobs::Source};
    /// let source = Source::read("puzzles/pentomino-6x10.toml", None)?;
    /// let split = source.split(&Solver::new(), 8, 5, 1)?;
    /// assert_eq!(split.parts(), 8);
    /// assert!(source.split(&Solver::new().engine("cadical")?, 8, 5, 1).is_err());
    /// assert!(source.split(&Solver::new(), usize::MAX, 5, 1).is_err());
    /// assert!(source.split(&Solver::new(), 8, 0, 1).is_err());
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn split(&self, solver: &Solver, parts: usize, probes: usize, seed: u64) -> Result<Split> {
        guarded(|| {
            for (what, n) in [("parts", parts), ("probes", probes)] {
                if !(1..=MOST).contains(&n) {
                    return Err(Error::Usage(format!(
                        "a split takes 1 to {MOST} {what}, not {n}"
                    )));
                }
            }
            let options = solver.options().clone();
            let cut =
                run::cut(&self.puzzle.inner, &options, parts, probes, seed)?.map_err(|reason| {
                    Error::Usage(format!("{}: cannot split: {reason}", self.text.file))
                })?;
            Ok(Split {
                source: self.clone(),
                options,
                cut,
            })
        })
    }
}

/// A count cut into parts, ready to be written to a directory
/// ([`Split::write`]).
///
/// ```
/// use jigsat::api::{Solver, jobs::Source};
/// let split = Source::read("puzzles/soma.toml", None)?.split(&Solver::new(), 4, 10, 1)?;
/// assert_eq!(split.part_estimates().len(), split.parts());
/// # Ok::<(), jigsat::api::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Split {
    source: Source,
    options: Options,
    cut: run::Cut,
}

impl Split {
    /// The number of parts (at most the number asked for).
    ///
    /// ```
    /// use jigsat::api::{Solver, jobs::Source};
    /// let split = Source::read("puzzles/soma.toml", None)?.split(&Solver::new(), 3, 10, 1)?;
    /// assert_eq!(split.parts(), 3);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn parts(&self) -> usize {
        self.cut.parts.len()
    }

    /// The walks' estimate of the search nodes of the whole tree (the parts'
    /// estimates summed).
    ///
    /// ```
    /// use jigsat::api::{Solver, jobs::Source};
    /// let split = Source::read("puzzles/soma.toml", None)?.split(&Solver::new(), 3, 10, 1)?;
    /// let sum: f64 = split.part_estimates().iter().sum();
    /// assert!((split.estimated_nodes() - sum).abs() <= 1e-6 * sum);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn estimated_nodes(&self) -> f64 {
        self.cut.estimated_nodes
    }

    /// Each part's estimated search nodes, part 1 first (the heaviest).
    ///
    /// ```
    /// use jigsat::api::{Solver, jobs::Source};
    /// let split = Source::read("puzzles/soma.toml", None)?.split(&Solver::new(), 3, 10, 1)?;
    /// assert!(split.part_estimates().iter().all(|&n| n > 0.0));
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn part_estimates(&self) -> Vec<f64> {
        self.cut.parts.iter().map(|p| p.estimated_nodes).collect()
    }

    /// The subtrees the parts hold together (each part is one or more
    /// subtrees, each a path of choices from the root).
    ///
    /// ```
    /// use jigsat::api::{Solver, jobs::Source};
    /// let split = Source::read("puzzles/soma.toml", None)?.split(&Solver::new(), 3, 10, 1)?;
    /// assert!(split.subtrees() >= split.parts());
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn subtrees(&self) -> usize {
        self.cut.parts.iter().map(|p| p.prefixes.len()).sum()
    }

    /// The random walks the estimates took.
    ///
    /// ```
    /// use jigsat::api::{Solver, jobs::Source};
    /// let split = Source::read("puzzles/soma.toml", None)?.split(&Solver::new(), 3, 10, 1)?;
    /// assert!(split.walks() >= 10);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn walks(&self) -> usize {
        self.cut.walks
    }

    /// Writes the split into `dir` (created): `plan.toml`, one job per
    /// part in `jobs/`, empty `results/` and `logs/`, `cubes.icnf` (the
    /// CNF with the tree's symmetry breaking, each part's prefixes as
    /// cubes) and two scripts that run the parts and merge them:
    /// `run-parallel.sh` (GNU parallel) and `jigsat.sbatch` (a Slurm job
    /// array), both running the program `jigsat`. Refuses a directory
    /// holding a split already, or job or result files of another cut
    /// (the scripts would run or skip them, and the merge refuse them).
    ///
    /// ```
    /// use jigsat::api::{Solver, jobs::Source};
    /// let dir = tempfile::tempdir().map_err(|e| jigsat::api::Error::io("<tempdir>", e))?;
    /// let split = Source::read("puzzles/soma.toml", None)?.split(&Solver::new(), 3, 10, 1)?;
    /// split.write(dir.path(), "/usr/local/bin/jigsat")?;
    /// assert!(dir.path().join("jobs/part-0003.job").exists());
    /// assert!(dir.path().join("run-parallel.sh").exists());
    /// assert!(split.write(dir.path(), "jigsat").is_err(), "a split is there already");
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn write(&self, dir: impl AsRef<Path>, jigsat: &str) -> Result<()> {
        guarded(|| {
            let files = SplitFiles {
                text: &self.source.text,
                puzzle: &self.source.puzzle.inner,
                options: &self.options,
                cut: &self.cut,
            };
            Ok(files.write(dir.as_ref(), jigsat)?)
        })
    }
}

/// Adds up the results of the split in `dir` (`jigsat merge DIR`): the
/// plan must be whole (its parts' digests its cut's) and its puzzle the
/// one its parts were cut from, and every part's result must be there
/// exactly once, of this cut, with a sound checksum. Otherwise nothing is
/// claimed: the error names every file that is wrong and why (missing,
/// repeated or foreign parts, damaged figures, a total past 2^64).
///
/// ```
/// use jigsat::api::{Solver, jobs};
/// let dir = tempfile::tempdir().map_err(|e| jigsat::api::Error::io("<tempdir>", e))?;
/// jobs::Source::read("puzzles/soma.toml", None)?.split(&Solver::new(), 2, 10, 1)?.write(dir.path(), "jigsat")?;
/// let refused = jobs::merge(dir.path()).unwrap_err().to_string();
/// assert!(refused.contains("missing 2 of 2 parts"), "{refused}");
/// # Ok::<(), jigsat::api::Error>(())
/// ```
pub fn merge(dir: impl AsRef<Path>) -> Result<Total> {
    guarded(|| {
        let directory::Merged {
            plan,
            puzzle,
            merged,
            ..
        } = directory::merge(dir.as_ref())?;
        Ok(Total {
            puzzle: Puzzle {
                inner: Arc::new(puzzle),
                file: plan.puzzle.file.clone(),
                source: None,
            },
            engine: plan.plan.engine.clone(),
            parts: plan.plan.parts,
            merged,
        })
    })
}
