//! A split's parts run for `jigsat design`: each part's result carries
//! its solutions by choice of pieces ([`Part::design`]), and
//! [`merge_design`] adds them up, with every check of [`super::merge`],
//! into the table the one-machine run gives.

use std::path::Path;

use super::part::{Part, PartCount};
use super::stop_of;
use crate::api::design::Design;
use crate::api::error::guarded;
use crate::api::error::{Error, Result};
use crate::api::solver::Solver;
use crate::design::pool::Pool;
use crate::enumerate::ByPieces;
use crate::jobs::directory;

/// The pool of a split's puzzle, refused when it has pieces of one shape
/// under different names: the split counted them apart, and a design
/// counts them as copies of one piece (their rows would differ).
fn pool_of(puzzle: &crate::puzzle::Puzzle, carrier: &Path) -> Result<Pool> {
    if let Some(merged) = crate::design::same::merged(puzzle) {
        let names: Vec<String> = merged.groups.iter().map(|g| g.join(" = ")).collect();
        return Err(Error::Usage(format!(
            "{}: the pool has pieces of one shape under different names ({}); a design counts them as copies of one piece, which this split's tree does not: write them as one piece with a range (count = \"a..b\") and split again",
            carrier.display(),
            names.join(", ")
        )));
    }
    Ok(Pool::of(puzzle)?)
}

impl Part {
    /// Counts the part as [`Part::count`] does, its tallies split by
    /// choice of pieces on the search threads (the result's `choices`),
    /// for [`merge_design`]. The pool's pieces must each have a shape of
    /// their own.
    ///
    /// ```
    /// # use jigsat::api::{Solver, jobs};
    /// # let dir = tempfile::tempdir().map_err(|e| jigsat::api::Error::io("<tempdir>", e))?;
    /// # jobs::Source::read("puzzles/tromino-choice.toml", None)?.split(&Solver::new(), 1, 10, 1)?.write(dir.path(), "jigsat")?;
    /// let part = jobs::Part::read(jobs::job_path(dir.path(), 1))?;
    /// let jobs::PartCount::Finished(result) = part.design(&Solver::new())? else { panic!() };
    /// part.save(&result)?;
    /// let design = jobs::merge_design(dir.path(), false)?;
    /// assert_eq!(design.count, jigsat::api::Puzzle::from_file("puzzles/tromino-choice.toml")?.count()?.count);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn design(&self, solver: &Solver) -> Result<PartCount> {
        guarded(|| {
            let pool = pool_of(&self.puzzle.inner, &self.path)?;
            let mut options = solver.options().clone();
            options.by_pieces = Some(ByPieces::new(&pool.bases()).ok_or_else(|| {
                Error::Usage(format!(
                    "{}: the pool's ranges are too wide to tally by choice in parts",
                    self.path.display()
                ))
            })?);
            self.count_with(&options, stop_of(solver))
        })
    }
}

/// Adds up the results of the split in `dir` whose parts were run by
/// [`Part::design`] (`jigsat design --merge DIR`): the checks of
/// [`super::merge`] (a missing, repeated or foreign part, a damaged file
/// is refused, nothing claimed), every part's choices there and adding
/// up to its tallies, and the choices' totals the merge's. The rows are
/// the one-machine run's (`all`: the choices with no solution too).
pub fn merge_design(dir: impl AsRef<Path>, all: bool) -> Result<Design> {
    guarded(|| {
        let dir = dir.as_ref();
        let merged = directory::merge(dir)?;
        let pool = pool_of(&merged.puzzle, &dir.join("plan.toml"))?;
        let whole = (merged.merged.count, merged.merged.distinct);
        let canonical = |sum| crate::design::by_canonical(sum, &pool);
        let choices = crate::jobs::choices::merge(&merged.results, whole, &canonical);
        let choices = choices.map_err(|why| {
            Error::Usage(format!(
                "{}: cannot merge, nothing is claimed:\n  {why}",
                dir.display()
            ))
        })?;
        Design::of_parts(&pool, choices, whole, all)
    })
}
