//! A checkpointed count (`count --checkpoint FILE`): the façade of
//! `jobs::checkpoint`, which cuts, runs and records the parts.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use super::{Total, stop_of, stopped};
use crate::api::error::guarded;
use crate::api::error::{Error, Result};
use crate::api::puzzle::Puzzle;
use crate::api::solver::Solver;
use crate::jobs::checkpoint::{self, Ran};
use crate::jobs::files::CheckpointFile;
use crate::options::Options;

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
    inner: CheckpointFile,
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
            let stop = stop_of(solver);
            // The cut's walks watch the stop flag too: a new cut can take
            // seconds, and Ctrl-C must not wait for it.
            let cutting = Options {
                stop: Some(Arc::clone(&stop)),
                ..options.clone()
            };
            let inner = checkpoint::open(file, &puzzle.inner, &puzzle.file, &cutting)
                .map_err(|e| Error::interrupted_or(&stop, e.into()))?;
            Ok(Checkpoint {
                file: file.to_path_buf(),
                puzzle: puzzle.clone(),
                options,
                stop,
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
    /// [`merge`](super::merge) adds a split's.
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
                inner,
            } = self;
            let ran = checkpoint::run(file, &puzzle.inner, options, stop, inner, on_part)?;
            Ok(match ran {
                Ran::Stopped { part, done, found } => CheckpointRun::Stopped {
                    part,
                    done,
                    found,
                    reason: stopped(stop, options),
                },
                Ran::Counted(merged) => CheckpointRun::Counted(Total {
                    puzzle: puzzle.clone(),
                    engine: inner.plan.engine.clone(),
                    parts: inner.parts.len(),
                    merged,
                }),
            })
        })
    }
}
