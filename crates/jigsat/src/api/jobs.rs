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

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::error::{Error, Result};
use super::puzzle::Puzzle;
use super::solution::Solution;
use super::solver::{Counts, Solver, guarded};
use crate::jobs::files::{self, JobFile, PlanFile, PuzzleText, ResultFile};
use crate::jobs::run;
use crate::options::Options;
use crate::process::interrupt;
use crate::report::{Stats, Status};

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
    let dir = dir.as_ref();
    if dir.join("plan.toml").exists() {
        return Err(Error::Usage(format!(
            "{}: holds a split already (plan.toml); choose another directory or remove that one",
            dir.display()
        )));
    }
    Ok(())
}

/// The files and directories a split's write made, removed again unless
/// it [`Made::keep`]s them: a write that fails part-way (a full disk)
/// leaves the directory as it found it, so that a rerun is not refused
/// for a split it never finished. What was there before is never
/// removed.
#[derive(Default)]
struct Made {
    files: Vec<PathBuf>,
    dirs: Vec<PathBuf>,
    kept: bool,
}

impl Made {
    /// Creates `dir` (and its parents) unless it is there, noting what it
    /// made.
    fn dir(&mut self, dir: &Path) -> Result<()> {
        let mut missing: Vec<PathBuf> = dir
            .ancestors()
            .take_while(|d| !d.as_os_str().is_empty() && !d.exists())
            .map(Path::to_path_buf)
            .collect();
        std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
        missing.reverse();
        self.dirs.extend(missing);
        Ok(())
    }

    /// Writes `path` with `write`, noting it if it was not there before.
    fn file(&mut self, path: &Path, write: impl FnOnce(&Path) -> Result<()>) -> Result<()> {
        if !path.exists() {
            self.files.push(path.to_path_buf());
        }
        write(path)
    }

    /// The write finished: everything stays.
    fn keep(mut self) {
        self.kept = true;
    }
}

impl Drop for Made {
    fn drop(&mut self) {
        if self.kept {
            return;
        }
        for f in self.files.iter().rev() {
            let _ = std::fs::remove_file(f);
        }
        for d in self.dirs.iter().rev() {
            let _ = std::fs::remove_dir(d);
        }
    }
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

    /// Knuth's estimate of the search nodes of the whole tree (the parts'
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
            let dir = dir.as_ref();
            check_directory(dir)?;
            self.refuse_other_cuts(dir)?;
            let mut made = Made::default();
            self.write_files(dir, jigsat, &mut made)?;
            made.keep();
            Ok(())
        })
    }

    /// The files of [`Split::write`], each noted in `made` (undone should
    /// one fail); `plan.toml` last, so that a directory holding it holds
    /// a whole split.
    fn write_files(&self, dir: &Path, jigsat: &str, made: &mut Made) -> Result<()> {
        {
            let Split { source, cut, .. } = self;
            let (text, puzzle) = (&source.text, &source.puzzle.inner);
            made.dir(dir)?;
            for sub in ["jobs", "results", "logs"] {
                made.dir(&dir.join(sub))?;
            }
            let plan = PlanFile {
                plan: cut.shape.clone(),
                estimated_nodes: cut.estimated_nodes,
                digests: cut.parts.iter().map(|p| p.digest.clone()).collect(),
                puzzle: text.clone(),
            };
            let about = format!(
                "jigsat {}: a count of {} ({}) cut into {} parts.\nRun the parts (run-parallel.sh, jigsat.sbatch or `jigsat count jobs/part-NNNN.job`), then `jigsat merge DIR`.",
                env!("CARGO_PKG_VERSION"),
                puzzle.name,
                text.file,
                cut.parts.len()
            );
            for part in &cut.parts {
                let job = JobFile {
                    job: cut.shape.clone(),
                    part: part.clone(),
                    puzzle: text.clone(),
                };
                let comment = format!(
                    "jigsat job: part {} of {} of {}. Run it with `jigsat count THIS_FILE`;\nthe result goes to results/ beside this jobs/ directory. Prefixes are option numbers\n(the `c var` lines of cubes.icnf name them).",
                    part.part, cut.shape.parts, puzzle.name
                );
                let path = files::job_path(dir, part.part);
                made.file(&path, |p| Ok(files::write(p, &comment, &job)?))?;
            }
            made.file(&dir.join("cubes.icnf"), |p| self.write_cubes(p))?;
            let parts = cut.parts.len();
            let scripts = crate::jobs::scripts::parallel(jigsat, parts);
            made.file(&dir.join("run-parallel.sh"), |p| write_script(p, &scripts))?;
            let sbatch = crate::jobs::scripts::sbatch(jigsat, &puzzle.name, parts);
            made.file(&dir.join("jigsat.sbatch"), |p| write_script(p, &sbatch))?;
            made.file(&dir.join("plan.toml"), |p| {
                Ok(files::write(p, &about, &plan)?)
            })
        }
    }

    /// `cubes.icnf` (`path`): the CNF (with the same symmetry breaking as
    /// the tree) and each part's prefixes as cubes.
    fn write_cubes(&self, path: &Path) -> Result<()> {
        use crate::solve::dimacs::{self, CnfSource};
        let Split {
            source,
            options,
            cut,
        } = self;
        let puzzle = &source.puzzle.inner;
        let instance = crate::instance::Instance::new(puzzle)?;
        let encoded = instance.encode_for(options)?;
        let cnf = CnfSource {
            puzzle,
            file: &source.text.file,
            describe: &|o| instance.family().describe(o),
            options: CnfSource::options_for(&encoded),
            encoded: &encoded,
        };
        // A prefix may hold slack steps (a piece left out), which are
        // literals too, negated ones.
        let cover = instance.cover();
        let cube = |prefix: &Vec<u32>| match cut.shape.engine.as_str() {
            "dlx" => crate::exact::cube_literals(cover, prefix)
                .ok_or_else(|| Error::Bug("a dlx tree over a cover dlx cannot take".into())),
            _ => Ok(prefix.iter().map(|&o| i64::from(o) + 1).collect()),
        };
        let cubes = cut
            .parts
            .iter()
            .map(|p| Ok((p.part, p.prefixes.iter().map(cube).collect::<Result<_>>()?)))
            .collect::<Result<Vec<(usize, Vec<Vec<i64>>)>>>()?;
        crate::process::files::write_atomically(path, |file| {
            dimacs::write_cubes(file, &cnf, &cubes)
        })?;
        Ok(())
    }

    /// Refuses a directory holding job or result files of another cut
    /// (the files module's `of_other_cuts`).
    fn refuse_other_cuts(&self, dir: &Path) -> Result<()> {
        let mut others: Vec<String> = files::of_other_cuts(dir, &self.cut.shape)
            .iter()
            .map(|p| p.display().to_string())
            .collect();
        if others.is_empty() {
            return Ok(());
        }
        let n = others.len();
        others.truncate(3);
        Err(Error::Usage(format!(
            "{}: holds {n} job or result file{} of another split ({}{}): they would be run or skipped as if they were this split's, and merge would refuse them; remove them or choose another directory",
            dir.display(),
            if n == 1 { "" } else { "s" },
            others.join(", "),
            if n > 3 { ", …" } else { "" }
        )))
    }
}

/// A script, executable.
fn write_script(path: &Path, text: &str) -> Result<()> {
    crate::process::files::write_atomically(path, |mut file| {
        use std::io::Write;
        file.write_all(text.as_bytes())?;
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            file.set_permissions(std::fs::Permissions::from_mode(0o755))?;
        }
        Ok(text.len() as u64)
    })?;
    Ok(())
}

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
    path: PathBuf,
    file: JobFile,
    puzzle: Puzzle,
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
        guarded(|| {
            let options = solver.options();
            let stop = stop_of(solver);
            let mut finished = None;
            let Part { path, file, puzzle } = self;
            let parts = std::slice::from_ref(&file.part);
            let ended =
                run::count_parts(&puzzle.inner, options, &file.job, parts, &stop, &mut |r| {
                    finished = Some(r);
                    Ok(())
                })
                .map_err(at(path))?;
            interrupt::finishing();
            Ok(match (finished, ended) {
                (Some(result), None) => PartCount::Finished(PartResult { inner: result }),
                (_, ended) => PartCount::Stopped {
                    solutions: ended.map_or(0, |s| s.solutions),
                    reason: stopped(&stop, options),
                },
            })
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
    /// directory created), where [`merge`] reads it; gives the path.
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
            result: result.inner.clone(),
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

/// What one finished part found ([`Part::count`]): enough for [`merge`] to
/// add the parts up exactly, sealed by a checksum over its figures.
///
/// ```
/// # use jigsat::api::{Solver, jobs};
/// # let dir = tempfile::tempdir().map_err(|e| jigsat::api::Error::io("<tempdir>", e))?;
/// # jobs::Source::read("puzzles/soma.toml", None)?.split(&Solver::new(), 1, 10, 1)?.write(dir.path(), "jigsat")?;
/// let part = jobs::Part::read(jobs::job_path(dir.path(), 1))?;
/// let jobs::PartCount::Finished(result) = part.count(&Solver::new())? else { panic!() };
/// // One part holds the whole search: one solution per class, at least.
/// assert!(result.solutions() >= 240);
/// # Ok::<(), jigsat::api::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct PartResult {
    inner: files::PartResult,
}

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
        self.inner.part
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
        self.inner.parts
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
        self.inner.solutions
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
        self.inner.nodes
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
        self.inner.seconds
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
        serde_json::to_string_pretty(&self.inner)
            .map_err(|e| Error::bug(format!("part result as JSON: {e}")))
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

/// The counts the parts of a split (or of a checkpointed count) add up
/// to ([`merge`], [`Checkpoint::run`]): the same numbers an in-process
/// count gives.
///
/// ```
/// # use jigsat::api::{Solver, jobs};
/// # let dir = tempfile::tempdir().map_err(|e| jigsat::api::Error::io("<tempdir>", e))?;
/// # jobs::Source::read("puzzles/soma.toml", None)?.split(&Solver::new(), 1, 10, 1)?.write(dir.path(), "jigsat")?;
/// # let part = jobs::Part::read(jobs::job_path(dir.path(), 1))?;
/// # if let jobs::PartCount::Finished(r) = part.count(&Solver::new())? { part.save(&r)?; }
/// let total = jobs::merge(dir.path())?;
/// assert_eq!(total.counts(), jigsat::api::Puzzle::from_file("puzzles/soma.toml")?.count()?);
/// # Ok::<(), jigsat::api::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Total {
    puzzle: Puzzle,
    engine: String,
    parts: usize,
    merged: crate::jobs::Merged,
}

impl Total {
    /// The counts: on a fixed board, and up to symmetry.
    ///
    /// ```
    /// # use jigsat::api::{Solver, jobs};
    /// # let dir = tempfile::tempdir().map_err(|e| jigsat::api::Error::io("<tempdir>", e))?;
    /// # jobs::Source::read("puzzles/soma.toml", None)?.split(&Solver::new(), 1, 10, 1)?.write(dir.path(), "jigsat")?;
    /// # let part = jobs::Part::read(jobs::job_path(dir.path(), 1))?;
    /// # if let jobs::PartCount::Finished(r) = part.count(&Solver::new())? { part.save(&r)?; }
    /// assert_eq!(jobs::merge(dir.path())?.counts().distinct, 240);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn counts(&self) -> Counts {
        Counts {
            count: self.merged.count,
            distinct: self.merged.distinct,
        }
    }

    /// The puzzle counted.
    ///
    /// ```
    /// # use jigsat::api::{Solver, jobs};
    /// # let dir = tempfile::tempdir().map_err(|e| jigsat::api::Error::io("<tempdir>", e))?;
    /// # jobs::Source::read("puzzles/soma.toml", None)?.split(&Solver::new(), 1, 10, 1)?.write(dir.path(), "jigsat")?;
    /// # let part = jobs::Part::read(jobs::job_path(dir.path(), 1))?;
    /// # if let jobs::PartCount::Finished(r) = part.count(&Solver::new())? { part.save(&r)?; }
    /// assert_eq!(jobs::merge(dir.path())?.puzzle().name(), "Soma cube");
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The exact engine that searched the parts.
    ///
    /// ```
    /// # use jigsat::api::{Solver, jobs};
    /// # let dir = tempfile::tempdir().map_err(|e| jigsat::api::Error::io("<tempdir>", e))?;
    /// # jobs::Source::read("puzzles/soma.toml", None)?.split(&Solver::new().engine("dlx")?, 1, 10, 1)?.write(dir.path(), "jigsat")?;
    /// # let part = jobs::Part::read(jobs::job_path(dir.path(), 1))?;
    /// # if let jobs::PartCount::Finished(r) = part.count(&Solver::new())? { part.save(&r)?; }
    /// assert_eq!(jobs::merge(dir.path())?.engine(), "dlx");
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn engine(&self) -> &str {
        &self.engine
    }

    /// The number of parts added up.
    ///
    /// ```
    /// # use jigsat::api::{Solver, jobs};
    /// # let dir = tempfile::tempdir().map_err(|e| jigsat::api::Error::io("<tempdir>", e))?;
    /// # jobs::Source::read("puzzles/soma.toml", None)?.split(&Solver::new(), 1, 10, 1)?.write(dir.path(), "jigsat")?;
    /// # let part = jobs::Part::read(jobs::job_path(dir.path(), 1))?;
    /// # if let jobs::PartCount::Finished(r) = part.count(&Solver::new())? { part.save(&r)?; }
    /// assert_eq!(jobs::merge(dir.path())?.parts(), 1);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn parts(&self) -> usize {
        self.parts
    }

    /// Search nodes over all parts.
    ///
    /// ```
    /// # use jigsat::api::{Solver, jobs};
    /// # let dir = tempfile::tempdir().map_err(|e| jigsat::api::Error::io("<tempdir>", e))?;
    /// # jobs::Source::read("puzzles/soma.toml", None)?.split(&Solver::new(), 1, 10, 1)?.write(dir.path(), "jigsat")?;
    /// # let part = jobs::Part::read(jobs::job_path(dir.path(), 1))?;
    /// # if let jobs::PartCount::Finished(r) = part.count(&Solver::new())? { part.save(&r)?; }
    /// assert!(jobs::merge(dir.path())?.nodes() > 240);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn nodes(&self) -> u64 {
        self.merged.nodes
    }

    /// Seconds of search over all parts (not the wall-clock time of a
    /// split run in parallel).
    ///
    /// ```
    /// # use jigsat::api::{Solver, jobs};
    /// # let dir = tempfile::tempdir().map_err(|e| jigsat::api::Error::io("<tempdir>", e))?;
    /// # jobs::Source::read("puzzles/soma.toml", None)?.split(&Solver::new(), 1, 10, 1)?.write(dir.path(), "jigsat")?;
    /// # let part = jobs::Part::read(jobs::job_path(dir.path(), 1))?;
    /// # if let jobs::PartCount::Finished(r) = part.count(&Solver::new())? { part.save(&r)?; }
    /// assert!(jobs::merge(dir.path())?.seconds() >= 0.0);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn seconds(&self) -> f64 {
        self.merged.seconds
    }

    /// The contract's JSON document of `count --format json` for these
    /// counts (status `solved`, or `unsolvable` for none), the backend
    /// being the engine "in N parts".
    ///
    /// ```
    /// # use jigsat::api::{Solver, jobs};
    /// # let dir = tempfile::tempdir().map_err(|e| jigsat::api::Error::io("<tempdir>", e))?;
    /// # jobs::Source::read("puzzles/soma.toml", None)?.split(&Solver::new(), 1, 10, 1)?.write(dir.path(), "jigsat")?;
    /// # let part = jobs::Part::read(jobs::job_path(dir.path(), 1))?;
    /// # if let jobs::PartCount::Finished(r) = part.count(&Solver::new())? { part.save(&r)?; }
    /// assert!(jobs::merge(dir.path())?.json().contains("in 1 parts"));
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn json(&self) -> String {
        let status = match self.merged.distinct {
            0 => Status::Unsolvable,
            _ => Status::Solved,
        };
        let stats = Stats {
            encoding: "placement".into(),
            backend: format!("{} in {} parts", self.engine, self.parts),
            solve_ms: self.merged.seconds * 1000.0,
            ..Stats::default()
        };
        let counts = Some((self.merged.count, self.merged.distinct));
        crate::render::json::document(&self.puzzle.inner, status, &[], counts, &stats)
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
        let dir = dir.as_ref();
        let plan_path = dir.join("plan.toml");
        let plan: PlanFile =
            files::read(&plan_path, "a split plan (jigsat split writes plan.toml)")?;
        let in_plan = |why: String| Error::Usage(format!("{}: {why}", plan_path.display()));
        crate::jobs::trust::check_plan(&plan.plan, &plan.digests).map_err(in_plan)?;
        let puzzle = plan.puzzle.parse(&plan_path)?;
        run::check_plan_puzzle(&puzzle, &plan.plan).map_err(in_plan)?;
        let results = read_results(&dir.join("results"), plan.plan.parts)?;
        let merged = crate::jobs::merge(&plan.plan, &plan.digests, &results).map_err(|why| {
            Error::Usage(format!(
                "{}: cannot merge, nothing is claimed:\n  {why}",
                dir.display()
            ))
        })?;
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

/// Every `*.result` file in `dir`, named by path. More files than the
/// plan's `parts` (with some room for strays) are refused before any is
/// read: each is read whole, and a directory of millions would cost
/// memory and time for a merge that must fail anyway.
fn read_results(dir: &Path, parts: usize) -> Result<Vec<(String, files::PartResult)>> {
    let entries = std::fs::read_dir(dir).map_err(|e| Error::io(dir, e))?;
    let most = parts.saturating_mul(2).saturating_add(100);
    let mut paths: Vec<PathBuf> = Vec::new();
    for p in entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "result"))
    {
        if paths.len() == most {
            return Err(Error::Usage(format!(
                "{}: more than {most} result files for a split of {parts} parts; cannot merge, nothing is claimed",
                dir.display()
            )));
        }
        paths.push(p);
    }
    paths.sort();
    paths
        .iter()
        .map(|p| {
            let r: ResultFile = files::read(p, "a part result (jigsat count JOB writes them)")?;
            Ok((p.display().to_string(), r.result))
        })
        .collect()
}

/// Parts a checkpointed count is cut into: a finished part is what an
/// interruption keeps, so many small parts lose little; each part costs a
/// rebuild of the search (milliseconds) and a rewrite of the checkpoint.
const CHECKPOINT_PARTS: usize = 256;

/// How often finished parts are written to the checkpoint: what a crash
/// can lose, against a synced write per part.
const SAVE_EVERY: Duration = Duration::from_secs(2);

/// Walks per subtree for the cut of a checkpointed count.
const CHECKPOINT_PROBES: usize = 40;

/// The first line of a checkpoint file.
const CHECKPOINT_TITLE: &str =
    "jigsat count --checkpoint: the parts of a count and the results of those finished.";

/// A count in parts run one after another in this process (each on every
/// thread), each finished part recorded in a checkpoint file, so that a
/// count stopped by Ctrl-C, a crash or the time limit goes on from where
/// it stopped (`count --checkpoint FILE`).
///
/// ```
/// use jigsat::api::{Puzzle, Solver, jobs::{Checkpoint, CheckpointRun}};
/// let dir = tempfile::tempdir().map_err(|e| jigsat::api::Error::io("<tempdir>", e))?;
/// let file = dir.path().join("soma.checkpoint");
/// let soma = Puzzle::from_file("puzzles/soma.toml")?;
/// let mut checkpoint = Checkpoint::open(&file, &soma, &Solver::new())?;
/// let CheckpointRun::Counted(total) = checkpoint.run(&mut |_| {})? else { panic!("stopped") };
/// assert_eq!(total.counts().count, 11520);
/// // The same count again finds every part done.
/// assert_eq!(Checkpoint::open(&file, &soma, &Solver::new())?.done(), checkpoint.parts());
/// # Ok::<(), jigsat::api::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Checkpoint {
    file: PathBuf,
    puzzle: Puzzle,
    options: Options,
    stop: Arc<AtomicBool>,
    inner: files::Checkpoint,
}

/// How a checkpointed count's run ended ([`Checkpoint::run`]).
///
/// ```
/// use jigsat::api::{Puzzle, Solver, jobs::{Checkpoint, CheckpointRun}};
/// let dir = tempfile::tempdir().map_err(|e| jigsat::api::Error::io("<tempdir>", e))?;
/// let soma = Puzzle::from_file("puzzles/soma.toml")?;
/// let mut checkpoint = Checkpoint::open(dir.path().join("c"), &soma, &Solver::new())?;
/// match checkpoint.run(&mut |_| {})? {
///     CheckpointRun::Counted(total) => assert_eq!(total.counts().distinct, 240),
///     other => panic!("{other:?}"),
/// }
/// # Ok::<(), jigsat::api::Error>(())
/// ```
#[derive(Clone, Debug)]
pub enum CheckpointRun {
    /// Every part is done: the counts.
    Counted(Total),
    /// A part did not finish; the parts finished are in the checkpoint.
    Stopped {
        /// The part that did not finish.
        part: usize,
        /// Parts done (in this run and before).
        done: usize,
        /// The solutions found in the parts done, `None` past 2^64: not
        /// the total (symmetry breaking counts some classes more than
        /// once until all parts are in).
        found: Option<u64>,
        /// [`Error::Interrupted`], or [`Error::TimeLimit`] with the limit.
        reason: Error,
    },
}

impl Checkpoint {
    /// The checkpoint in `file` when there is one (it must be whole, and
    /// belong to this puzzle and these options), else a new cut of the
    /// count into parts, written to `file` at once.
    ///
    /// ```
    /// use jigsat::api::{Puzzle, Solver, jobs::Checkpoint};
    /// let dir = tempfile::tempdir().map_err(|e| jigsat::api::Error::io("<tempdir>", e))?;
    /// let file = dir.path().join("count.checkpoint");
    /// let soma = Puzzle::from_file("puzzles/soma.toml")?;
    /// let checkpoint = Checkpoint::open(&file, &soma, &Solver::new())?;
    /// assert_eq!(checkpoint.done(), 0);
    /// assert!(file.exists());
    /// let other = Puzzle::from_file("puzzles/tetromino-4x5.toml")?;
    /// assert!(Checkpoint::open(&file, &other, &Solver::new()).is_err());
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn open(file: impl AsRef<Path>, puzzle: &Puzzle, solver: &Solver) -> Result<Checkpoint> {
        guarded(|| {
            let file = file.as_ref();
            let options = solver.options().clone();
            let no_tree = |reason: String| {
                Error::Usage(format!("{}: cannot count in parts: {reason}", puzzle.file))
            };
            let inner = if file.exists() {
                let checkpoint: files::Checkpoint = files::read_own(file, "a count checkpoint")?;
                crate::jobs::trust::check_checkpoint(&checkpoint).map_err(|why| {
                Error::Usage(format!(
                    "{}: cannot go on from this checkpoint: {why}; remove it to count again from the start",
                    file.display()
                ))
            })?;
                let here = run::fingerprint_of(&puzzle.inner, &options)?.map_err(no_tree)?;
                if here != checkpoint.plan.fingerprint {
                    return Err(Error::Usage(format!(
                        "{}: the checkpoint of another count (of {}, or with other options); give another --checkpoint file",
                        file.display(),
                        checkpoint.puzzle_file
                    )));
                }
                checkpoint
            } else {
                let cut = run::cut(
                    &puzzle.inner,
                    &options,
                    CHECKPOINT_PARTS,
                    CHECKPOINT_PROBES,
                    1,
                )?
                .map_err(no_tree)?;
                let checkpoint = files::Checkpoint {
                    plan: cut.shape,
                    estimated_nodes: cut.estimated_nodes,
                    puzzle_file: puzzle.file.clone(),
                    parts: cut.parts,
                    done: Vec::new(),
                };
                files::write(file, CHECKPOINT_TITLE, &checkpoint)?;
                checkpoint
            };
            Ok(Checkpoint {
                file: file.to_path_buf(),
                puzzle: puzzle.clone(),
                options,
                stop: stop_of(solver),
                inner,
            })
        })
    }

    /// The number of parts the count is cut into.
    ///
    /// ```
    /// use jigsat::api::{Puzzle, Solver, jobs::Checkpoint};
    /// let dir = tempfile::tempdir().map_err(|e| jigsat::api::Error::io("<tempdir>", e))?;
    /// let soma = Puzzle::from_file("puzzles/soma.toml")?;
    /// let checkpoint = Checkpoint::open(dir.path().join("c"), &soma, &Solver::new())?;
    /// assert!(checkpoint.parts() > 1);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn parts(&self) -> usize {
        self.inner.parts.len()
    }

    /// The number of parts done.
    ///
    /// ```
    /// use jigsat::api::{Puzzle, Solver, jobs::Checkpoint};
    /// let dir = tempfile::tempdir().map_err(|e| jigsat::api::Error::io("<tempdir>", e))?;
    /// let soma = Puzzle::from_file("puzzles/soma.toml")?;
    /// let mut checkpoint = Checkpoint::open(dir.path().join("c"), &soma, &Solver::new())?;
    /// checkpoint.run(&mut |_| {})?;
    /// assert_eq!(checkpoint.done(), checkpoint.parts());
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn done(&self) -> usize {
        self.inner.done.len()
    }

    /// Runs the parts not done yet, one after another, calling `on_part`
    /// with the number of parts done after each; finished parts are
    /// written to the checkpoint file every two seconds and when the run
    /// ends. When every part is done, their results are added up as
    /// [`merge`] adds a split's.
    ///
    /// ```
    /// use jigsat::api::{Puzzle, Solver, jobs::{Checkpoint, CheckpointRun}};
    /// let dir = tempfile::tempdir().map_err(|e| jigsat::api::Error::io("<tempdir>", e))?;
    /// let soma = Puzzle::from_file("puzzles/soma.toml")?;
    /// let mut checkpoint = Checkpoint::open(dir.path().join("c"), &soma, &Solver::new())?;
    /// let mut calls = 0;
    /// let run = checkpoint.run(&mut |_| calls += 1)?;
    /// assert!(matches!(run, CheckpointRun::Counted(_)));
    /// assert_eq!(calls, checkpoint.parts());
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn run(&mut self, on_part: &mut dyn FnMut(usize)) -> Result<CheckpointRun> {
        guarded(|| {
            let Checkpoint {
                file,
                puzzle,
                options,
                stop,
                inner: checkpoint,
            } = self;
            let total = checkpoint.parts.len();
            let todo: Vec<_> = checkpoint
                .parts
                .iter()
                .filter(|p| !checkpoint.done.iter().any(|d| d.part == p.part))
                .cloned()
                .collect();
            let mut saved = Instant::now();
            let plan = checkpoint.plan.clone();
            let ended = run::count_parts(&puzzle.inner, options, &plan, &todo, stop, &mut |r| {
                checkpoint.done.push(r);
                on_part(checkpoint.done.len());
                // Each save is synced to disk: not after every small part.
                if saved.elapsed() < SAVE_EVERY {
                    return Ok(());
                }
                saved = Instant::now();
                files::write(file, CHECKPOINT_TITLE, &*checkpoint)
            })?;
            interrupt::finishing();
            files::write(file, CHECKPOINT_TITLE, &*checkpoint)?;
            if let Some(ended) = ended {
                // Checked: the figures come from a file (each sound, but their
                // sum may still pass 2^64).
                let found = checkpoint
                    .done
                    .iter()
                    .try_fold(0u64, |n, r| n.checked_add(r.solutions));
                return Ok(CheckpointRun::Stopped {
                    part: ended.part,
                    done: checkpoint.done.len(),
                    found,
                    reason: stopped(stop, options),
                });
            }
            let results: Vec<(String, files::PartResult)> = checkpoint
                .done
                .iter()
                .map(|r| (format!("{} part {}", file.display(), r.part), r.clone()))
                .collect();
            let digests: Vec<String> = checkpoint.parts.iter().map(|p| p.digest.clone()).collect();
            let merged = crate::jobs::merge(&checkpoint.plan, &digests, &results)
                .map_err(|why| Error::Usage(format!("{}:\n  {why}", file.display())))?;
            Ok(CheckpointRun::Counted(Total {
                puzzle: puzzle.clone(),
                engine: checkpoint.plan.engine.clone(),
                parts: total,
                merged,
            }))
        })
    }
}
