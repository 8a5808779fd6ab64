//! [`Disassembler`]: how assemblies are taken apart (the rule, the
//! moves kept, the threads, the limits), and its calls, each a thin
//! wrapper over the disassembler's work in `disasm`.

use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use super::{Disassembly, FirstApart, Groups, Halted, Outcome};
use crate::api::error::{Error, Result};
use crate::api::puzzle::Puzzle;
use crate::api::solution::Solution;
use crate::disasm::{Limits, Rule};
use crate::symmetry::Group;

/// How assemblies are taken apart: the separation rule, whether to keep
/// the moves, the threads, and the limits (a stop flag, a deadline, a
/// cap on the states of one search). The memory budget
/// ([`set_memory_limit`](crate::api::set_memory_limit)) holds too.
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
    /// The board's group of the last puzzle taken apart, shared by the
    /// clones: `solve --disassemble` takes each assembly apart as it is
    /// found, and the group is built from all the puzzle's placements.
    board: Arc<Mutex<Option<BoardGroup>>>,
}

/// A puzzle and its board's group ([`crate::disasm::board_group`]).
type BoardGroup = (Arc<crate::puzzle::Puzzle>, Arc<Group>);

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
            board: Arc::default(),
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

    /// Past this instant the searches stop ([`HaltReason::TimeLimit`](super::HaltReason::TimeLimit));
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
    /// ([`HaltReason::StateCap`](super::HaltReason::StateCap) beyond): for a caller that adds the
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
        if !crate::disasm::slides_on(puzzle.inner.board.lattice()) {
            return refuse(&format!(
                "the disassembler slides cubes and prisms, and the sweeps of {} are not worked out",
                puzzle.inner.board.lattice().name()
            ));
        }
        Ok(())
    }

    /// Why this assembly has no disassembly here, if it has none: a flat
    /// board or tiles, cells neither cubes nor prisms,
    /// fewer than two pieces placed, more pieces than the
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
        if !crate::disasm::slides_on(puzzle.board.lattice()) {
            return Some(format!(
                "the disassembler slides cubes and prisms, not {}",
                puzzle.board.lattice().name()
            ));
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

    /// Whether it takes apart by BurrTools' groups (piece by piece).
    pub(crate) fn grouped(&self) -> bool {
        !self.groups.is_empty()
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
        let Some((puzzle, solutions)) = one_puzzle(assemblies)? else {
            return Ok(Vec::new());
        };
        let answers = crate::disasm::take_apart(
            puzzle,
            &*self.board_group(puzzle)?,
            &solutions,
            self.groups.slice(),
            self.moves,
            self.rule(),
            &self.limits(),
            self.thread_count(),
        )?;
        Ok(assemblies
            .iter()
            .zip(answers)
            .map(|(s, answer)| match answer {
                None => Outcome::NotReached,
                Some(Ok(inner)) => Outcome::Done(Disassembly::new(puzzle, s, inner)),
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
        let Some((puzzle, solutions)) = one_puzzle(assemblies)? else {
            return Ok(FirstApart::NoneApart);
        };
        let found = crate::disasm::first_apart(
            puzzle,
            &*self.board_group(puzzle)?,
            &solutions,
            self.groups.slice(),
            self.moves,
            self.rule(),
            &self.limits(),
            self.thread_count(),
        )?;
        Ok(match found {
            None => FirstApart::NoneApart,
            Some((index, Ok(inner))) => FirstApart::Apart {
                index,
                disassembly: Disassembly::new(puzzle, &assemblies[index], inner),
            },
            Some((_, Err((halt, progress)))) => FirstApart::Halted(Halted::new(halt, progress)),
        })
    }
}

impl Disassembler {
    fn rule(&self) -> Rule {
        match self.thorough {
            true => Rule::Thorough,
            false => Rule::BurrTools,
        }
    }

    /// The limits of each search: the builder's, and the memory budget.
    fn limits(&self) -> Limits {
        Limits {
            stop: self.stop.clone(),
            deadline: self.deadline,
            max_bytes: crate::process::budget::limit(),
            max_states: self.max_states,
        }
    }

    fn thread_count(&self) -> usize {
        (self.threads).unwrap_or_else(|| crate::options::Options::default().threads())
    }
}

/// The puzzle of the assemblies and their inner solutions (`None`: no
/// assemblies); refused when they are of different puzzles.
impl Disassembler {
    /// The board's group of `puzzle`, built the first time it is asked for.
    fn board_group(&self, puzzle: &Arc<crate::puzzle::Puzzle>) -> Result<Arc<Group>> {
        let mut kept = self.board.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((of, group)) = kept.as_ref()
            && Arc::ptr_eq(of, puzzle)
        {
            return Ok(Arc::clone(group));
        }
        let group = Arc::new(crate::disasm::board_group(puzzle)?);
        *kept = Some((Arc::clone(puzzle), Arc::clone(&group)));
        Ok(group)
    }
}

fn one_puzzle(
    assemblies: &[Solution],
) -> Result<Option<(&Arc<crate::puzzle::Puzzle>, Vec<crate::solution::Solution>)>> {
    let Some(first) = assemblies.first() else {
        return Ok(None);
    };
    if assemblies
        .iter()
        .any(|s| !Arc::ptr_eq(&s.puzzle, &first.puzzle))
    {
        return Err(Error::Usage(
            "the assemblies to take apart are of different puzzles: take each puzzle's apart on its own".into(),
        ));
    }
    let inner = assemblies.iter().map(|s| s.inner.clone()).collect();
    Ok(Some((&first.puzzle, inner)))
}
