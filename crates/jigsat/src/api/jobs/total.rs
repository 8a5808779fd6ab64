//! What the parts of a split, or of a checkpointed count, add up to.

use crate::api::puzzle::Puzzle;
use crate::api::solver::Counts;
use crate::report::{Stats, Status};

/// The counts the parts of a split (or of a checkpointed count) add up
/// to ([`merge`](super::merge), [`Checkpoint::run`](super::Checkpoint::run)): the same numbers an in-process
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
    pub(super) puzzle: Puzzle,
    pub(super) engine: String,
    pub(super) parts: usize,
    pub(super) merged: crate::jobs::Merged,
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
