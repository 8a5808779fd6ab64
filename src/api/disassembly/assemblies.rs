//! The assemblies a disassembly starts from: one per class up to the
//! board's symmetries, found by a search with a [`Solver`]'s options.

use std::sync::Arc;

use super::Disassembly;
use super::summary::{Summary, patch};
use crate::api::error::Result;
use crate::api::puzzle::Puzzle;
use crate::api::solution::Solution;
use crate::api::solver::Solver;
use crate::enumerate::Stopped;

/// The assemblies of a puzzle as a search found them: one per class up
/// to the board's symmetries, in the order found (with one thread, the
/// same order on every run), each checked.
///
/// ```
/// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
/// let all = jigsat::api::Solver::new().threads(1).assemblies(&soma, None)?;
/// assert_eq!((all.distinct(), all.complete()), (240, true));
/// # Ok::<(), jigsat::api::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Assemblies {
    puzzle: Arc<crate::puzzle::Puzzle>,
    found: Vec<Solution>,
    result: crate::enumerate::Enumeration,
    stats: crate::report::Stats,
}

impl Solver {
    /// The assemblies of `puzzle` (up to `limit` of them), one per class,
    /// in the order found, with this solver's options; the search runs on
    /// the caller's thread. It stops at the time limit or the stop flag
    /// with what it found ([`Assemblies::complete`] says whether that is
    /// all).
    ///
    /// ```
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// let five = jigsat::api::Solver::new().assemblies(&soma, Some(5))?;
    /// assert_eq!(five.solutions().len(), 5);
    /// assert!(!five.complete());
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn assemblies(&self, puzzle: &Puzzle, limit: Option<usize>) -> Result<Assemblies> {
        let mut options = self.options().clone();
        options.limit = limit;
        options.stop = self.stop().cloned();
        options.want = crate::enumerate::Want::Classes;
        let (mut result, stats) = crate::pipeline::enumerate(&puzzle.inner, &options, &mut |_| {})?;
        // The classes are kept once, as the façade's solutions.
        let found = std::mem::take(&mut result.classes)
            .into_iter()
            .map(|s| Solution::new(Arc::clone(&puzzle.inner), s))
            .collect();
        Ok(Assemblies {
            puzzle: Arc::clone(&puzzle.inner),
            found,
            result,
            stats,
        })
    }
}

impl Assemblies {
    /// One assembly per class, in the order found.
    ///
    /// ```
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// let one = jigsat::api::Solver::new().assemblies(&soma, Some(1))?;
    /// assert_eq!(one.solutions()[0].pieces().len(), 7);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn solutions(&self) -> &[Solution] {
        &self.found
    }

    /// How many classes the search found.
    ///
    /// ```
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// assert_eq!(jigsat::api::Solver::new().assemblies(&soma, Some(2))?.distinct(), 2);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn distinct(&self) -> u64 {
        self.result.distinct
    }

    /// Whether the search was exhausted: these are all the assemblies.
    ///
    /// ```
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// assert!(jigsat::api::Solver::new().assemblies(&soma, None)?.complete());
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn complete(&self) -> bool {
        self.result.complete
    }

    /// Whether the stop flag ended the search.
    ///
    /// ```
    /// use std::sync::{Arc, atomic::AtomicBool};
    /// let y25 = jigsat::api::Puzzle::from_file("puzzles/y25.toml")?;
    /// let stopped = jigsat::api::Solver::new().stop_flag(Arc::new(AtomicBool::new(true)));
    /// assert!(stopped.assemblies(&y25, None)?.interrupted());
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn interrupted(&self) -> bool {
        self.result.stopped == Some(Stopped::Interrupted)
    }

    /// Whether the search settled what it was asked: all of them (none
    /// included), or as many as the limit asked for. Not settled: a time
    /// limit or the stop flag ended it first.
    ///
    /// ```
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// assert!(jigsat::api::Solver::new().assemblies(&soma, Some(3))?.settled());
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn settled(&self) -> bool {
        self.status() != crate::report::Status::Unknown
    }

    /// Why the search stopped before it was exhausted (the limit, the
    /// time limit, the stop flag), in the command line's words.
    ///
    /// ```
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// assert_eq!(jigsat::api::Solver::new().assemblies(&soma, None)?.stop_reason(), None);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn stop_reason(&self) -> Option<String> {
        self.result.stopped.as_ref().map(|s| s.to_string())
    }

    fn status(&self) -> crate::report::Status {
        use crate::report::Status;
        match (self.result.complete, self.result.distinct) {
            (true, 0) => Status::Unsolvable,
            (true, _) => Status::Solved,
            // Stopped by the limit: what was asked for was found.
            (false, n) if n > 0 && matches!(self.result.stopped, Some(Stopped::Limit(_))) => {
                Status::Solved
            }
            (false, _) => Status::Unknown,
        }
    }

    /// The JSON document of `jigsat disasm`: the command line's document
    /// (status, puzzle, statistics) with the assemblies `shown`, each
    /// with its disassembly's fields ([`Disassembly::json`]), and the
    /// summary's `disassembly` object when given.
    ///
    /// ```
    /// use jigsat::api::{Puzzle, Solver, disassembly::Disassembler};
    ///
    /// let soma = Puzzle::from_file("puzzles/soma.toml")?;
    /// let found = Solver::new().assemblies(&soma, Some(1))?;
    /// let taken = Disassembler::new().take_apart(found.solutions())?;
    /// let shown = [(found.solutions()[0].clone(), taken[0].disassembly().unwrap().clone())];
    /// assert!(found.json(&shown, None).contains("\"level\""));
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn json(&self, shown: &[(Solution, Disassembly)], summary: Option<&Summary>) -> String {
        self.document(self.status(), shown, summary)
    }

    fn document(
        &self,
        status: crate::report::Status,
        shown: &[(Solution, Disassembly)],
        summary: Option<&Summary>,
    ) -> String {
        let solutions: Vec<crate::solution::Solution> =
            shown.iter().map(|(s, _)| s.inner.clone()).collect();
        let doc =
            crate::render::json::document(&self.puzzle, status, &solutions, None, &self.stats);
        patch(
            &doc,
            shown.iter().map(|(_, d)| d.fields()).collect(),
            summary,
        )
    }
}
