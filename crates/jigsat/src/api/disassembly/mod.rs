//! Taking assemblies apart: whether the pieces of a solution in space
//! come apart by sliding them (translations only, no turns), the level
//! BurrTools reports for it (`98.2.4.2`), and the moves that do it — what
//! `jigsat disasm`, `count --disassemble` and the level line under
//! `solve`'s drawing print. The search is BurrTools' (breadth-first over
//! the positions of the pieces, the first separation taken), so its
//! figures are BurrTools', measured on its example files.
//!
//! A search for assemblies ([`Solver::enumerate`]) keeps one solution
//! per class up to the board's symmetries, in the order found, as
//! BurrTools counts them; a [`Disassembler`] takes them apart on several
//! threads and says where it stopped when a limit ends it ([`Halted`]);
//! [`Summary`] counts the levels. A BurrTools file of the puzzle with the
//! assemblies stored in it, as BurrTools stores them (so that it lists
//! and plays them), is [`Puzzle::to_xmpuzzle`]. A BurrTools problem's
//! groups and weights (a box that stays still, a lid that stays on) are
//! [`Groups`]; an assembly found elsewhere is taken apart through
//! [`Puzzle::solution_from_cells`]; [`add_to_json`] adds the fields to the
//! command line's JSON documents.
//!
//! ```
//! use jigsat::api::{Puzzle, Solver};
//! use jigsat::api::disassembly::Disassembler;
//!
//! let soma = Puzzle::from_file("puzzles/soma.toml")?;
//! let found = Solver::new().threads(1).limit(5).enumerate(&soma, None, &mut |_| {})?;
//! let taken = Disassembler::new().take_apart(&found.classes)?;
//! let first = taken[0].disassembly().expect("taken apart");
//! assert!(first.comes_apart());
//! println!("level {}", first.level().unwrap());
//! print!("{}", first.plan_text());
//! # Ok::<(), jigsat::api::Error>(())
//! ```

mod burrtools;
mod summary;

use std::fmt;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use serde_json::{Value, json};

use super::error::{Error, Result};
use super::puzzle::Puzzle;
use super::solution::Solution;
#[cfg(doc)]
use super::solver::Solver;
use crate::disasm::{Halt, Limits, Rule};

pub use summary::{Summary, add_to_json};

/// Per piece of a puzzle, the group and weight a BurrTools problem gives
/// it: pieces of one group may stay together (a box with its lid), and
/// of the two sides of a separation the heavier stays still. A TOML
/// puzzle has none: every piece on its own, weight 1.
///
/// ```
/// use jigsat::api::disassembly::{Disassembler, Groups};
///
/// let groups = Groups::from_file("puzzles/soma.toml", None)?;
/// assert!(groups.is_empty());
/// let disassembler = Disassembler::new().groups(groups);
/// # Ok::<(), jigsat::api::Error>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Groups {
    /// `(group, weight)` per puzzle piece; `None` for no groups.
    per_piece: Option<Vec<(u32, u32)>>,
}

impl Groups {
    /// The groups and weights of one problem (`--problem`: by number from
    /// 0 or by name) of a BurrTools file; none for any other file. The
    /// file is read again: a [`Puzzle`] keeps only what a search needs.
    ///
    /// ```
    /// # std::env::set_current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).unwrap();
    /// let soma = jigsat::api::disassembly::Groups::from_file("tests/fixtures/burrtools/soma.xmpuzzle", None)?;
    /// assert!(!soma.is_empty());
    /// assert!(jigsat::api::disassembly::Groups::from_file("no/such.xmpuzzle", None).is_err());
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn from_file(path: impl AsRef<Path>, problem: Option<&str>) -> Result<Groups> {
        let path = path.as_ref();
        let bytes = std::fs::read(path).map_err(|e| Error::io(path, e))?;
        if !crate::puzzle::burrtools::is_xmpuzzle(path, &bytes) {
            return Ok(Groups::default());
        }
        let file = crate::puzzle::burrtools::read(&bytes, &path.display().to_string())?;
        Ok(Groups {
            per_piece: Some(file.groups_and_weights(problem)?),
        })
    }

    /// Whether none were given (not a BurrTools file): every piece on its
    /// own with weight 1.
    ///
    /// ```
    /// assert!(jigsat::api::disassembly::Groups::default().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.per_piece.is_none()
    }

    fn slice(&self) -> Option<&[(u32, u32)]> {
        self.per_piece.as_deref()
    }
}

/// How assemblies are taken apart: the separation rule, whether to keep
/// the moves, the threads, and the limits (a stop flag, a deadline, a
/// cap on the states of one search). The memory budget
/// ([`super::set_memory_limit`]) holds too.
///
/// ```
/// use std::time::{Duration, Instant};
/// use jigsat::api::{Puzzle, disassembly::Disassembler};
///
/// let soma = Puzzle::from_file("puzzles/soma.toml")?;
/// let assembly = soma.solve()?.unwrap();
/// let quick = Disassembler::new()
///     .moves(false)
///     .threads(1)
///     .max_states(100_000)
///     .deadline(Instant::now() + Duration::from_secs(10));
/// let taken = quick.take_apart(&[assembly])?;
/// assert!(taken[0].disassembly().unwrap().level().is_some());
/// # Ok::<(), jigsat::api::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Disassembler {
    thorough: bool,
    moves: bool,
    threads: Option<usize>,
    stop: Option<Arc<AtomicBool>>,
    deadline: Option<Instant>,
    max_states: Option<u64>,
    groups: Groups,
}

impl Default for Disassembler {
    fn default() -> Disassembler {
        Disassembler::new()
    }
}

impl Disassembler {
    /// BurrTools' rule, with the moves kept, on one thread per core, no
    /// limit but the memory budget.
    ///
    /// ```
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// let taken = jigsat::api::disassembly::Disassembler::new().take_apart(&[soma.solve()?.unwrap()])?;
    /// assert_eq!(taken.len(), 1);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn new() -> Disassembler {
        Disassembler {
            thorough: false,
            moves: true,
            threads: None,
            stop: None,
            deadline: None,
            max_states: None,
            groups: Groups::default(),
        }
    }

    /// `--thorough`: when a side of the first separation does not come
    /// apart, try the other separations of as many moves before saying
    /// the assembly does not come apart (BurrTools takes the first only;
    /// [`Disassembly::thorough_only`] says when this changed the answer).
    ///
    /// ```
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// let d = jigsat::api::disassembly::Disassembler::new().thorough(true);
    /// assert!(d.take_apart(&[soma.solve()?.unwrap()])?[0].disassembly().unwrap().comes_apart());
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn thorough(mut self, on: bool) -> Disassembler {
        self.thorough = on;
        self
    }

    /// Whether to keep the moves ([`Disassembly::moves`]); without them
    /// the search keeps less and the level and the answer are the same.
    ///
    /// ```
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// let d = jigsat::api::disassembly::Disassembler::new().moves(false);
    /// let taken = d.take_apart(&[soma.solve()?.unwrap()])?;
    /// assert!(taken[0].disassembly().unwrap().moves().is_empty());
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn moves(mut self, on: bool) -> Disassembler {
        self.moves = on;
        self
    }

    /// Threads (one assembly each at a time; by default one per core).
    ///
    /// ```
    /// let d = jigsat::api::disassembly::Disassembler::new().threads(2);
    /// ```
    pub fn threads(mut self, threads: usize) -> Disassembler {
        self.threads = Some(threads.max(1));
        self
    }

    /// A flag that stops the searches when set (from any thread, Ctrl-C's
    /// handler say): the search looks at it every few hundred states and
    /// ends [`Halted`] ([`Halted::interrupted`]); the assemblies not
    /// begun are [`Outcome::NotReached`].
    ///
    /// ```
    /// use std::sync::{Arc, atomic::{AtomicBool, Ordering}};
    /// use jigsat::api::disassembly::Disassembler;
    ///
    /// let stop = Arc::new(AtomicBool::new(false));
    /// let disassembler = Disassembler::new().stop_flag(Arc::clone(&stop));
    /// // Another thread may now call stop.store(true, Ordering::Relaxed).
    /// ```
    pub fn stop_flag(mut self, stop: Arc<AtomicBool>) -> Disassembler {
        self.stop = Some(stop);
        self
    }

    /// Past this instant the searches stop ([`HaltReason::TimeLimit`]);
    /// a run's `--time-limit` counts from its start, so it is a deadline
    /// here rather than a duration.
    ///
    /// ```
    /// use std::time::Instant;
    /// use jigsat::api::{Puzzle, disassembly::{Disassembler, HaltReason, Outcome}};
    ///
    /// let soma = Puzzle::from_file("puzzles/soma.toml")?;
    /// let late = Disassembler::new().deadline(Instant::now());
    /// let taken = late.take_apart(&[soma.solve()?.unwrap()])?;
    /// assert!(matches!(&taken[0], Outcome::Halted(h) if h.reason == HaltReason::TimeLimit));
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn deadline(mut self, deadline: Instant) -> Disassembler {
        self.deadline = Some(deadline);
        self
    }

    /// The most states the search of one part may reach
    /// ([`HaltReason::StateCap`] beyond): for a caller that adds the
    /// level as a remark and must not pay more for it than for the
    /// answer.
    ///
    /// ```
    /// use jigsat::api::{Puzzle, disassembly::{Disassembler, HaltReason, Outcome}};
    ///
    /// let soma = Puzzle::from_file("puzzles/soma.toml")?;
    /// let capped = Disassembler::new().max_states(1);
    /// let taken = capped.take_apart(&[soma.solve()?.unwrap()])?;
    /// assert!(matches!(&taken[0], Outcome::Halted(h) if h.reason == HaltReason::StateCap(1)));
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn max_states(mut self, states: u64) -> Disassembler {
        self.max_states = Some(states);
        self
    }

    /// The pieces' groups and weights ([`Groups::from_file`]).
    ///
    /// ```
    /// use jigsat::api::disassembly::{Disassembler, Groups};
    /// let d = Disassembler::new().groups(Groups::default());
    /// ```
    pub fn groups(mut self, groups: Groups) -> Disassembler {
        self.groups = groups;
        self
    }

    /// Refuses a puzzle the disassembler can say nothing true about:
    /// edge-matching tiles, and a flat puzzle (its pieces come apart by
    /// lifting any of them off the plane). The message names the file.
    ///
    /// ```
    /// use jigsat::api::{Puzzle, disassembly::Disassembler};
    ///
    /// let flat = Puzzle::from_file("puzzles/pentomino-6x10.toml")?;
    /// let refused = Disassembler::new().check(&flat).unwrap_err().to_string();
    /// assert!(refused.starts_with("puzzles/pentomino-6x10.toml: a flat (2-D) puzzle"));
    /// assert!(Disassembler::new().check(&Puzzle::from_file("puzzles/soma.toml")?).is_ok());
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn check(&self, puzzle: &Puzzle) -> Result<()> {
        let refuse = |why: &str| {
            Err(Error::Usage(format!(
                "{}: {why}; disassembly is for pieces in space (translations only)",
                puzzle.file
            )))
        };
        if puzzle.inner.tiling().is_some() {
            return refuse("an edge-matching puzzle has tiles, not pieces to slide");
        }
        if puzzle.inner.is_flat() {
            return refuse("a flat (2-D) puzzle comes apart by lifting any piece off the plane");
        }
        Ok(())
    }

    /// Why this assembly has no disassembly here, if it has none: a flat
    /// board or tiles, fewer than two pieces placed, more pieces than the
    /// disassembler takes (64).
    ///
    /// ```
    /// use jigsat::api::{Puzzle, disassembly::Disassembler};
    ///
    /// let soma = Puzzle::from_file("puzzles/soma.toml")?.solve()?.unwrap();
    /// assert_eq!(Disassembler::new().refuses(&soma), None);
    /// let flat = Puzzle::from_file("puzzles/pentomino-6x10.toml")?.solve()?.unwrap();
    /// assert!(Disassembler::new().refuses(&flat).is_some());
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn refuses(&self, solution: &Solution) -> Option<String> {
        let puzzle = &solution.puzzle;
        if puzzle.tiling().is_some() {
            return Some("edge-matching tiles do not slide".into());
        }
        if puzzle.is_flat() {
            return Some("a flat puzzle comes apart by lifting its pieces".into());
        }
        if solution.inner.pieces().len() < 2 {
            return Some("fewer than two pieces have nothing to come apart".into());
        }
        crate::disasm::refuse(&crate::disasm::bodies(
            puzzle,
            &solution.inner,
            self.groups.slice(),
        ))
    }

    /// Takes apart each assembly (all of one puzzle, each as found by a
    /// search or [`Puzzle::solve`]), on the threads: one [`Outcome`] per
    /// assembly, in order. The first halt stops the others ([`Outcome::NotReached`]).
    /// An assembly of more than 64 pieces is refused with
    /// [`Error::Usage`], as are solutions of different puzzles.
    ///
    /// ```
    /// use jigsat::api::{Puzzle, Solver, disassembly::{Disassembler, Summary}};
    ///
    /// let soma = Puzzle::from_file("puzzles/soma.toml")?;
    /// let all = Solver::new().enumerate(&soma, None, &mut |_| {})?;
    /// let taken = Disassembler::new().moves(false).take_apart(&all.classes)?;
    /// let summary = Summary::of(&taken);
    /// assert_eq!((summary.assemblies, summary.come_apart), (240, 240));
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn take_apart(&self, assemblies: &[Solution]) -> Result<Vec<Outcome>> {
        let Some(first) = assemblies.first() else {
            return Ok(Vec::new());
        };
        let puzzle = &first.puzzle;
        if assemblies.iter().any(|s| !Arc::ptr_eq(&s.puzzle, puzzle)) {
            return Err(Error::Usage(
                "the assemblies to take apart are of different puzzles: take each puzzle's apart on its own".into(),
            ));
        }
        let solutions: Vec<crate::solution::Solution> =
            assemblies.iter().map(|s| s.inner.clone()).collect();
        let rule = if self.thorough {
            Rule::Thorough
        } else {
            Rule::BurrTools
        };
        let limits = Limits {
            stop: self.stop.clone(),
            deadline: self.deadline,
            max_bytes: crate::process::budget::limit(),
            max_states: self.max_states,
        };
        let threads = self
            .threads
            .unwrap_or_else(|| crate::options::Options::default().threads());
        let answers = crate::disasm::take_apart(
            puzzle,
            &solutions,
            self.groups.slice(),
            self.moves,
            rule,
            &limits,
            threads,
        )?;
        Ok(assemblies
            .iter()
            .zip(answers)
            .map(|(s, answer)| match answer {
                None => Outcome::NotReached,
                Some(Ok(inner)) => Outcome::Done(Disassembly {
                    names: crate::disasm::bodies(puzzle, &s.inner, None)
                        .into_iter()
                        .map(|b| b.name)
                        .collect(),
                    inner,
                }),
                Some(Err((halt, progress))) => Outcome::Halted(Halted::new(halt, progress)),
            })
            .collect())
    }

    /// The first assembly (in order) that comes apart, taking them apart
    /// a batch of the thread count at a time so that the rest are not
    /// searched once one is found; or the halt that stopped the search
    /// for it; or that none comes apart.
    ///
    /// ```
    /// use jigsat::api::{Puzzle, Solver, disassembly::{Disassembler, FirstApart}};
    ///
    /// let soma = Puzzle::from_file("puzzles/soma.toml")?;
    /// let found = Solver::new().limit(3).enumerate(&soma, None, &mut |_| {})?;
    /// let first = Disassembler::new().first_apart(&found.classes)?;
    /// assert!(matches!(first, FirstApart::Apart { index: 0, .. }));
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn first_apart(&self, assemblies: &[Solution]) -> Result<FirstApart> {
        let batch = self
            .threads
            .unwrap_or_else(|| crate::options::Options::default().threads())
            .max(1);
        let one_batch = self.clone().threads(batch);
        for (k, chunk) in assemblies.chunks(batch).enumerate() {
            let taken = one_batch.take_apart(chunk)?;
            let halted = first_halt(&taken).cloned();
            for (i, outcome) in taken.into_iter().enumerate() {
                if let Outcome::Done(disassembly) = outcome
                    && disassembly.comes_apart()
                {
                    return Ok(FirstApart::Apart {
                        index: k * batch + i,
                        disassembly,
                    });
                }
            }
            if let Some(halted) = halted {
                return Ok(FirstApart::Halted(halted));
            }
        }
        Ok(FirstApart::NoneApart)
    }
}

/// What [`Disassembler::first_apart`] found.
///
/// ```
/// use jigsat::api::{Puzzle, disassembly::{Disassembler, FirstApart}};
/// let soma = Puzzle::from_file("puzzles/soma.toml")?;
/// match Disassembler::new().first_apart(&[soma.solve()?.unwrap()])? {
///     FirstApart::Apart { index, disassembly } => {
///         assert_eq!(index, 0);
///         assert!(disassembly.comes_apart());
///     }
///     other => panic!("{other:?}"),
/// }
/// # Ok::<(), jigsat::api::Error>(())
/// ```
#[derive(Clone, Debug)]
pub enum FirstApart {
    /// The first assembly that comes apart: its index among those given.
    Apart {
        /// Its index among the assemblies given.
        index: usize,
        /// How it comes apart.
        disassembly: Disassembly,
    },
    /// A halt stopped the search before one was found.
    Halted(Halted),
    /// None of them comes apart.
    NoneApart,
}

/// What taking apart one assembly gave.
///
/// ```
/// use jigsat::api::{Puzzle, disassembly::{Disassembler, Outcome}};
/// let soma = Puzzle::from_file("puzzles/soma.toml")?;
/// let taken = Disassembler::new().take_apart(&[soma.solve()?.unwrap()])?;
/// assert!(matches!(&taken[0], Outcome::Done(d) if d.comes_apart()));
/// # Ok::<(), jigsat::api::Error>(())
/// ```
#[derive(Clone, Debug)]
pub enum Outcome {
    /// The search's answer: it comes apart (with its level) or not.
    Done(Disassembly),
    /// A limit or the stop flag ended the search of this assembly.
    Halted(Halted),
    /// Another assembly's halt stopped the batch before this one.
    NotReached,
}

impl Outcome {
    /// The disassembly, when the search answered.
    ///
    /// ```
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// let taken = jigsat::api::disassembly::Disassembler::new().take_apart(&[soma.solve()?.unwrap()])?;
    /// assert!(taken[0].disassembly().is_some());
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn disassembly(&self) -> Option<&Disassembly> {
        match self {
            Outcome::Done(d) => Some(d),
            _ => None,
        }
    }
}

/// The first halt among the outcomes of a batch, in order: what stopped
/// it.
///
/// ```
/// use jigsat::api::{Puzzle, disassembly::{Disassembler, HaltReason, first_halt}};
///
/// let soma = Puzzle::from_file("puzzles/soma.toml")?;
/// let capped = Disassembler::new().max_states(1);
/// let taken = capped.take_apart(&[soma.solve()?.unwrap()])?;
/// assert_eq!(first_halt(&taken).unwrap().reason, HaltReason::StateCap(1));
/// # Ok::<(), jigsat::api::Error>(())
/// ```
pub fn first_halt(outcomes: &[Outcome]) -> Option<&Halted> {
    outcomes.iter().find_map(|o| match o {
        Outcome::Halted(h) => Some(h),
        _ => None,
    })
}

/// How one assembly comes apart, or that it does not.
///
/// ```
/// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
/// let taken = jigsat::api::disassembly::Disassembler::new().take_apart(&[soma.solve()?.unwrap()])?;
/// let d = taken[0].disassembly().unwrap();
/// assert_eq!(d.comes_apart(), d.level().is_some());
/// # Ok::<(), jigsat::api::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Disassembly {
    inner: crate::disasm::Disassembly,
    /// The pieces' names, in the order of the solution's pieces.
    names: Vec<String>,
}

/// One move of a disassembly: pieces slid together along an axis.
///
/// ```
/// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
/// let taken = jigsat::api::disassembly::Disassembler::new().take_apart(&[soma.solve()?.unwrap()])?;
/// let last = taken[0].disassembly().unwrap().moves().pop().unwrap();
/// assert!(last.separates);
/// # Ok::<(), jigsat::api::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Move {
    /// The names of the pieces that move.
    pub pieces: Vec<String>,
    /// The same pieces as indices into the solution's pieces
    /// ([`Solution::pieces`]), which tell copies of a piece apart.
    pub indices: Vec<usize>,
    /// `+x`, `-x`, `+y`, `-y`, `+z` or `-z`, in the solution's
    /// coordinates.
    pub direction: &'static str,
    /// Unit steps; for a removal, how far the pieces go until they are
    /// clear of the rest.
    pub distance: u32,
    /// This move takes the pieces away for good.
    pub separates: bool,
}

impl Disassembly {
    /// Whether every part comes apart down to single pieces (or groups).
    ///
    /// ```
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// let taken = jigsat::api::disassembly::Disassembler::new().take_apart(&[soma.solve()?.unwrap()])?;
    /// assert!(taken[0].disassembly().unwrap().comes_apart());
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn comes_apart(&self) -> bool {
        self.inner.comes_apart()
    }

    /// BurrTools' level text: the moves of each separation in the order
    /// the parts are visited, trailing single removals dropped
    /// (`98.2.4.2`); `None` when it does not come apart.
    ///
    /// ```
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// let taken = jigsat::api::disassembly::Disassembler::new().take_apart(&[soma.solve()?.unwrap()])?;
    /// let level = taken[0].disassembly().unwrap().level().unwrap();
    /// assert!(level.split('.').all(|n| n.parse::<u32>().is_ok()));
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn level(&self) -> Option<String> {
        self.inner.level()
    }

    /// Whether it comes apart only by `--thorough`'s other separations
    /// (BurrTools says it does not).
    ///
    /// ```
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// let taken = jigsat::api::disassembly::Disassembler::new().take_apart(&[soma.solve()?.unwrap()])?;
    /// assert!(!taken[0].disassembly().unwrap().thorough_only());
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn thorough_only(&self) -> bool {
        self.inner.changed()
    }

    /// The states the searches visited, over all parts.
    ///
    /// ```
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// let taken = jigsat::api::disassembly::Disassembler::new().take_apart(&[soma.solve()?.unwrap()])?;
    /// assert!(taken[0].disassembly().unwrap().states() > 0);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn states(&self) -> u64 {
        self.inner.states
    }

    /// The moves in order, each separation's removal last; empty when the
    /// moves were not kept ([`Disassembler::moves`]) or it does not come
    /// apart at the first separation.
    ///
    /// ```
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// let taken = jigsat::api::disassembly::Disassembler::new().take_apart(&[soma.solve()?.unwrap()])?;
    /// let moves = taken[0].disassembly().unwrap().moves();
    /// assert_eq!(moves.iter().filter(|m| m.separates).count(), 6); // 7 pieces
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn moves(&self) -> Vec<Move> {
        self.inner
            .plan()
            .iter()
            .map(|s| Move {
                pieces: s.pieces.iter().map(|&p| self.names[p].clone()).collect(),
                indices: s.pieces.clone(),
                direction: crate::disasm::DIRECTIONS[usize::from(s.dir)],
                distance: s.distance,
                separates: s.separates,
            })
            .collect()
    }

    /// The moves as `jigsat disasm` prints them: one numbered line each
    /// (`   3. A B +x 2`, `  (removed)` after a separation).
    ///
    /// ```
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// let taken = jigsat::api::disassembly::Disassembler::new().take_apart(&[soma.solve()?.unwrap()])?;
    /// let plan = taken[0].disassembly().unwrap().plan_text();
    /// assert!(plan.starts_with("   1. "));
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn plan_text(&self) -> String {
        let mut out = String::new();
        for (k, m) in self.moves().iter().enumerate() {
            out += &format!(
                "{:>4}. {} {} {}{}\n",
                k + 1,
                m.pieces.join(" "),
                m.direction,
                m.distance,
                if m.separates { "  (removed)" } else { "" }
            );
        }
        out
    }

    /// The fields a solution gains in the JSON of `jigsat disasm`:
    /// `comes_apart`, `level`, `thorough_changed` and `moves` (each with
    /// `pieces`, `indices`, `direction`, `distance`, `separates`), as a
    /// JSON object.
    ///
    /// ```
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// let taken = jigsat::api::disassembly::Disassembler::new().take_apart(&[soma.solve()?.unwrap()])?;
    /// assert!(taken[0].disassembly().unwrap().json().contains("\"comes_apart\": true"));
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn json(&self) -> String {
        serde_json::to_string_pretty(&Value::Object(self.fields())).unwrap_or_default()
    }

    fn fields(&self) -> serde_json::Map<String, Value> {
        let moves: Vec<Value> = self
            .moves()
            .into_iter()
            .map(|m| {
                json!({
                    "pieces": m.pieces,
                    "indices": m.indices,
                    "direction": m.direction,
                    "distance": m.distance,
                    "separates": m.separates,
                })
            })
            .collect();
        let mut m = serde_json::Map::new();
        m.insert("comes_apart".into(), json!(self.comes_apart()));
        m.insert("level".into(), json!(self.level()));
        m.insert("thorough_changed".into(), json!(self.thorough_only()));
        m.insert("moves".into(), Value::Array(moves));
        m
    }
}

/// Why a search stopped before its answer.
///
/// ```
/// use jigsat::api::{Puzzle, disassembly::{Disassembler, HaltReason, first_halt}};
/// let soma = Puzzle::from_file("puzzles/soma.toml")?;
/// let taken = Disassembler::new().max_states(1).take_apart(&[soma.solve()?.unwrap()])?;
/// assert_eq!(first_halt(&taken).unwrap().reason, HaltReason::StateCap(1));
/// # Ok::<(), jigsat::api::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum HaltReason {
    /// The stop flag (Ctrl-C).
    Interrupted,
    /// The deadline passed.
    TimeLimit,
    /// The states kept would take this many bytes, over the memory
    /// budget.
    Memory(u64),
    /// A piece slid beyond the coordinates a state stores (±32,767).
    TooFar,
    /// The search of one part reached this cap
    /// ([`Disassembler::max_states`]).
    StateCap(u64),
}

/// A search stopped before its answer, and how far it got. Its
/// [`fmt::Display`] is the command line's line (after the file's name):
/// `disassembly reached the time limit after 5000 states in 12 layers`.
///
/// ```
/// use jigsat::api::{Puzzle, disassembly::{Disassembler, first_halt}};
///
/// let soma = Puzzle::from_file("puzzles/soma.toml")?;
/// let taken = Disassembler::new().max_states(1).take_apart(&[soma.solve()?.unwrap()])?;
/// let halted = first_halt(&taken).unwrap();
/// assert!(halted.to_string().starts_with("disassembly stopped after"));
/// # Ok::<(), jigsat::api::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Halted {
    /// What stopped it.
    pub reason: HaltReason,
    /// States of the part being searched seen so far.
    pub states: u64,
    /// Moves from the part's start to the layer being searched.
    pub layers: u32,
    /// The memory budget when it stopped, for the message.
    budget: u64,
}

impl Halted {
    fn new(halt: Halt, progress: crate::disasm::Progress) -> Halted {
        Halted {
            reason: match halt {
                Halt::Interrupted => HaltReason::Interrupted,
                Halt::TimeLimit => HaltReason::TimeLimit,
                Halt::Memory(bytes) => HaltReason::Memory(bytes),
                Halt::TooFar => HaltReason::TooFar,
                Halt::StateCap(cap) => HaltReason::StateCap(cap),
            },
            states: progress.states,
            layers: progress.layers,
            budget: crate::process::budget::limit(),
        }
    }

    /// Whether the stop flag stopped it (the command line exits 130;
    /// any other halt is giving up, 3).
    ///
    /// ```
    /// use jigsat::api::{Puzzle, disassembly::{Disassembler, first_halt}};
    ///
    /// let soma = Puzzle::from_file("puzzles/soma.toml")?;
    /// let taken = Disassembler::new().max_states(1).take_apart(&[soma.solve()?.unwrap()])?;
    /// assert!(!first_halt(&taken).unwrap().interrupted());
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn interrupted(&self) -> bool {
        self.reason == HaltReason::Interrupted
    }

    /// How this halt leaves the run it ends ([`crate::api::run::Ending::then`]):
    /// interrupted, or given up in this halt's words.
    ///
    /// ```
    /// use jigsat::api::{Puzzle, disassembly::{Disassembler, first_halt}, run::Unfinished};
    ///
    /// let soma = Puzzle::from_file("puzzles/soma.toml")?;
    /// let taken = Disassembler::new().max_states(1).take_apart(&[soma.solve()?.unwrap()])?;
    /// assert!(matches!(first_halt(&taken).unwrap().unfinished(), Unfinished::GaveUp(_)));
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn unfinished(&self) -> crate::api::run::Unfinished {
        match self.interrupted() {
            true => crate::api::run::Unfinished::Interrupted,
            false => crate::api::run::Unfinished::GaveUp(self.to_string()),
        }
    }
}

impl fmt::Display for Halted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = format!("after {} states in {} layers", self.states, self.layers);
        match &self.reason {
            HaltReason::Interrupted => write!(f, "disassembly interrupted {at}"),
            HaltReason::TimeLimit => write!(f, "disassembly reached the time limit {at}"),
            HaltReason::Memory(bytes) => write!(
                f,
                "disassembly stopped {at}: its states would take {} (over the memory budget of {}; --max-memory raises it)",
                crate::process::budget::human(*bytes),
                crate::process::budget::human(self.budget)
            ),
            HaltReason::TooFar => write!(
                f,
                "disassembly stopped {at}: a piece slid beyond ±32,767 cells"
            ),
            HaltReason::StateCap(cap) => {
                write!(f, "disassembly stopped {at}: the cap of {cap} states")
            }
        }
    }
}
