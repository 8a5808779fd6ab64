//! How big the search `count` would run is, before running it (`jigsat
//! estimate`): random walks carried down the exact search's tree together
//! (eight populations of them, each drawn again at every level in
//! proportion to the nodes it stands for) and the pace of a short run of
//! it, so that a program can decide whether a count is worth starting.
//!
//! ```
//! use jigsat::api::{Puzzle, Solver, estimate::Estimate};
//!
//! let puzzle = Puzzle::from_file("puzzles/pentomino-6x10.toml")?;
//! match Solver::new().threads(1).estimate(&puzzle, 200, 1)? {
//!     Estimate::Tree(tree) => assert!(tree.nodes() > 1000.0 && tree.seconds() > 0.0),
//!     Estimate::NoTree(why) => panic!("{why}"),
//! }
//! # Ok::<(), jigsat::api::Error>(())
//! ```

use super::error::Result;
use super::error::contained;
use super::puzzle::Puzzle;
use super::solver::Solver;

/// What [`Solver::estimate`] finds.
///
/// ```
/// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
/// let sat = jigsat::api::Solver::new().engine("varisat")?;
/// let found = sat.estimate(&soma, 100, 1)?;
/// assert!(matches!(found, jigsat::api::estimate::Estimate::NoTree(_)));
/// # Ok::<(), jigsat::api::Error>(())
/// ```
#[derive(Clone, Debug)]
pub enum Estimate {
    /// The tree `count` would search, and its cost.
    Tree(SearchTree),
    /// There is no tree to walk, and why: a SAT engine, the corner
    /// search, a pre-check that settles the puzzle.
    NoTree(String),
}

/// The walks' estimate of the exact search's tree and what it would cost
/// at the pace measured here. Its [`Display`](std::fmt::Display) is
/// `jigsat estimate`'s sentence.
///
/// ```
/// let puzzle = jigsat::api::Puzzle::from_file("puzzles/pentomino-6x10.toml")?;
/// if let jigsat::api::estimate::Estimate::Tree(t) = jigsat::api::Solver::new().estimate(&puzzle, 100, 7)? {
///     assert_eq!(t.walks(), 100);
///     assert!(t.nodes_error() >= 0.0 && t.nodes_per_second() > 0.0);
///     assert!(t.to_string().starts_with("search tree of about "));
/// }
/// # Ok::<(), jigsat::api::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct SearchTree {
    core: crate::tree::TreeEstimate,
}

impl SearchTree {
    /// The engine `count` would use (`dlx`, `first-cell`, ...).
    ///
    /// ```
    /// let puzzle = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// let dlx = jigsat::api::Solver::new().engine("dlx")?;
    /// if let jigsat::api::estimate::Estimate::Tree(t) = dlx.estimate(&puzzle, 50, 1)? {
    ///     assert_eq!(t.engine(), "dlx");
    /// }
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn engine(&self) -> &str {
        self.core.engine
    }

    /// Random walks taken: the populations' sizes added up.
    ///
    /// ```
    /// let puzzle = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// if let jigsat::api::estimate::Estimate::Tree(t) = jigsat::api::Solver::new().estimate(&puzzle, 50, 1)? {
    ///     assert_eq!(t.walks(), 50);
    /// }
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn walks(&self) -> usize {
        self.core.tree.probes
    }

    /// The tree's nodes (after symmetry breaking): the mean of the
    /// populations' figures.
    ///
    /// ```
    /// let puzzle = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// if let jigsat::api::estimate::Estimate::Tree(t) = jigsat::api::Solver::new().estimate(&puzzle, 50, 1)? {
    ///     assert!(t.nodes() >= 1.0);
    /// }
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn nodes(&self) -> f64 {
        self.core.tree.nodes
    }

    /// The standard error of [`SearchTree::nodes`], from the spread
    /// between the populations.
    ///
    /// ```
    /// let puzzle = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// if let jigsat::api::estimate::Estimate::Tree(t) = jigsat::api::Solver::new().estimate(&puzzle, 50, 1)? {
    ///     assert!(t.nodes_error() >= 0.0);
    /// }
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn nodes_error(&self) -> f64 {
        self.core.tree.nodes_error
    }

    /// The solutions the search meets, on a fixed board after symmetry
    /// breaking: the mean of the populations' figures.
    ///
    /// ```
    /// let puzzle = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// if let jigsat::api::estimate::Estimate::Tree(t) = jigsat::api::Solver::new().estimate(&puzzle, 50, 1)? {
    ///     assert!(t.solutions() > 0.0);
    /// }
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn solutions(&self) -> f64 {
        self.core.tree.solutions
    }

    /// Nodes a second on one thread, measured in a short run.
    ///
    /// ```
    /// let puzzle = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// if let jigsat::api::estimate::Estimate::Tree(t) = jigsat::api::Solver::new().estimate(&puzzle, 50, 1)? {
    ///     assert!(t.nodes_per_second() > 0.0);
    /// }
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn nodes_per_second(&self) -> f64 {
        self.core.nodes_per_second
    }

    /// What each solution costs besides the search (its check, its
    /// weighing, its tally); 0 when the short run met none.
    ///
    /// ```
    /// let puzzle = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// if let jigsat::api::estimate::Estimate::Tree(t) = jigsat::api::Solver::new().estimate(&puzzle, 50, 1)? {
    ///     assert!(t.seconds_per_solution() >= 0.0);
    /// }
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn seconds_per_solution(&self) -> f64 {
        self.core.seconds_per_solution
    }

    /// Threads `count` would search on.
    ///
    /// ```
    /// let puzzle = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// if let jigsat::api::estimate::Estimate::Tree(t) = jigsat::api::Solver::new().threads(2).estimate(&puzzle, 50, 1)? {
    ///     assert_eq!(t.threads(), 2);
    /// }
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn threads(&self) -> usize {
        self.core.threads
    }

    /// Seconds `count` would take at the measured pace on its threads.
    ///
    /// ```
    /// let puzzle = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// if let jigsat::api::estimate::Estimate::Tree(t) = jigsat::api::Solver::new().estimate(&puzzle, 50, 1)? {
    ///     assert!(t.seconds().is_finite());
    /// }
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn seconds(&self) -> f64 {
        self.core.seconds()
    }
}

impl SearchTree {
    /// Whether the walks met every node of the tree (it is no wider
    /// anywhere than a population): [`SearchTree::nodes`] and
    /// [`SearchTree::solutions`] are then the tree's own figures, and the
    /// sentence says "exactly".
    ///
    /// ```
    /// let small = jigsat::api::Puzzle::from_file("puzzles/spheres-pyramid14.toml")?;
    /// let solver = jigsat::api::Solver::new();
    /// if let jigsat::api::estimate::Estimate::Tree(t) = solver.estimate_walks(&small, 1000, 1)? {
    ///     assert!(t.is_exact() && t.nodes_error() == 0.0);
    /// }
    /// let wide = jigsat::api::Puzzle::from_file("puzzles/pentomino-6x10.toml")?;
    /// if let jigsat::api::estimate::Estimate::Tree(t) = solver.estimate_walks(&wide, 1000, 1)? {
    ///     assert!(!t.is_exact());
    /// }
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn is_exact(&self) -> bool {
        self.core.tree.exact
    }

    /// Why `count` refuses this search, when its estimated solutions pass
    /// 2^64 (a count it could not hold).
    ///
    /// ```
    /// let puzzle = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// if let jigsat::api::estimate::Estimate::Tree(t) = jigsat::api::Solver::new().estimate_walks(&puzzle, 50, 1)? {
    ///     assert_eq!(t.beyond_u64(), None);
    /// }
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn beyond_u64(&self) -> Option<String> {
        crate::tally::beyond_u64(self.core.tree.solutions)
    }
}

impl std::fmt::Display for SearchTree {
    /// "search tree of about 1.2e7 nodes (± 3 %); 4.1 s for count with
    /// dlx on 2 threads (3.0 M nodes/s each, 10000 walks)".
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.core.fmt(f)
    }
}

impl Solver {
    /// The estimate of the tree `count` would search with these
    /// options, from `walks` random walks carried down in eight
    /// populations (seeded by `seed`: the same
    /// seed, the same estimate), and the pace it is searched at here.
    /// Runs on the caller's thread; the solver's stop flag and time limit
    /// end the walks.
    ///
    /// ```
    /// let puzzle = jigsat::api::Puzzle::from_file("puzzles/pentomino-6x10.toml")?;
    /// let solver = jigsat::api::Solver::new();
    /// let (a, b) = (solver.estimate(&puzzle, 100, 7)?, solver.estimate(&puzzle, 100, 7)?);
    /// match (a, b) {
    ///     (jigsat::api::estimate::Estimate::Tree(a), jigsat::api::estimate::Estimate::Tree(b)) => assert_eq!(a.nodes(), b.nodes()),
    ///     other => panic!("{other:?}"),
    /// }
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn estimate(&self, puzzle: &Puzzle, walks: usize, seed: u64) -> Result<Estimate> {
        self.estimate_with(puzzle, walks, seed, true)
    }

    /// [`Solver::estimate`] from the walks alone, without the short run
    /// that measures the pace: the tree's size and its solutions, cheap
    /// enough to ask while a count runs (`count` does, a few seconds in,
    /// to refuse a count past 2^64); [`SearchTree::seconds`] is then
    /// infinite.
    ///
    /// ```
    /// let puzzle = jigsat::api::Puzzle::from_file("puzzles/pentomino-6x10.toml")?;
    /// match jigsat::api::Solver::new().estimate_walks(&puzzle, 100, 7)? {
    ///     jigsat::api::estimate::Estimate::Tree(t) => {
    ///         assert!(t.nodes() > 0.0 && t.seconds().is_infinite());
    ///         assert!(t.beyond_u64().is_none());
    ///     }
    ///     other => panic!("{other:?}"),
    /// }
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn estimate_walks(&self, puzzle: &Puzzle, walks: usize, seed: u64) -> Result<Estimate> {
        self.estimate_with(puzzle, walks, seed, false)
    }

    fn estimate_with(
        &self,
        puzzle: &Puzzle,
        walks: usize,
        seed: u64,
        pace: bool,
    ) -> Result<Estimate> {
        let options = self.run_options();
        contained(|| {
            Ok(
                match crate::tree::estimate(&puzzle.inner, &options, walks, seed, pace)? {
                    Ok(core) => Estimate::Tree(SearchTree { core }),
                    Err(why) => Estimate::NoTree(why),
                },
            )
        })
    }
}
