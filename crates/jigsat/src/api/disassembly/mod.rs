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
mod disassembler;
mod summary;

use std::path::Path;

use serde_json::{Value, json};

use super::error::{Error, Result};
#[cfg(doc)]
use super::puzzle::Puzzle;
use super::solution::Solution;
#[cfg(doc)]
use super::solver::Solver;
pub use crate::disasm::{Halt as HaltReason, Halted};
pub use disassembler::Disassembler;
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
    /// The grid, whose slides name the moves' directions.
    lattice: crate::geometry::Lattice,
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
    /// The disassembler's answer for `solution`, with its pieces' names.
    fn new(
        puzzle: &crate::puzzle::Puzzle,
        solution: &Solution,
        inner: crate::disasm::Disassembly,
    ) -> Disassembly {
        let names = crate::disasm::bodies(puzzle, &solution.inner, None);
        Disassembly {
            names: names.into_iter().map(|b| b.name).collect(),
            inner,
            lattice: puzzle.board.lattice(),
        }
    }

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

    /// BurrTools' level text: the moves of each separation, then those of
    /// its two parts (the one with the greater text first), trailing
    /// single removals dropped
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

    /// A piece shut inside another, `(outer, inner)` by their names: the
    /// assembly does not come apart and nothing was searched to say so
    /// (`None` otherwise).
    ///
    /// ```
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// let taken = jigsat::api::disassembly::Disassembler::new().take_apart(&[soma.solve()?.unwrap()])?;
    /// assert_eq!(taken[0].disassembly().unwrap().shut_in(), None);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn shut_in(&self) -> Option<(&str, &str)> {
        let (outer, inner) = self.inner.shut_in?;
        Some((&self.names[outer], &self.names[inner]))
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
                direction: self.lattice.slide_names()[usize::from(s.dir)],
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

/// How a halt leaves the run it ends, for the façade's [`run`](crate::api::run)
/// (the halt itself is the disassembler's, [`Halted`]).
impl Halted {
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
