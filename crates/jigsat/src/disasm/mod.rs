//! Can it come apart? Taking an assembly apart by sliding pieces, and the
//! level BurrTools reports for it.
//!
//! An *assembly* (what `solve` and `count` find) only says that the pieces
//! fill the shape. Whether a person can put it together, and how hard that
//! is, is a question about motion. This module answers it the way the
//! puzzle community's BurrTools does (see `../shared/burrtools/DISASSEMBLY.md`),
//! on the cube grid and BurrTools' prism grid, with translations only (no
//! piece ever turns):
//!
//! 1. **State.** Each piece keeps the orientation it has in the assembly;
//!    a state is where each piece is (its *anchor*, the low corner of its
//!    bounding box), up to moving everything together. Identical copies
//!    of a piece are interchangeable (`search`).
//! 2. **Moves.** A move slides a set of pieces together by `k >= 1` whole
//!    units along one of the lattice's lines ([`Lines`]: the three axes of
//!    the cubes; the prisms' three triangle edges and their layers), either
//!    way, without any two pieces meeting on the way; each `k` is one
//!    move. The sets are every union
//!    of "a piece and whatever blocks it" of at most half the part
//!    (`moves`), from gaps between pieces cached per relative offset
//!    (`gaps`).
//! 3. **Separation.** A set that can slide away for ever comes free: the
//!    part falls into the set that left (*removed*) and the set that
//!    stayed (*left*); the removal is one more move. Of the two sides, the
//!    one shown moving is the lighter (a heavy box stays still), on
//!    equal weight the one with fewer pieces, and on as many pieces the
//!    one with fewer cells (as `burrTxt -d`, whose text follows it).
//! 4. **Search.** Breadth-first from the assembled state; the first state
//!    in which anything comes free ends the search of this part, so the
//!    move count is the fewest possible. Only three layers of states are
//!    kept to know what was seen, because moves are reversible.
//! 5. **Recursion.** Each side is taken apart the same way, from where it
//!    lies. A part of one piece, or a separated part whose pieces the
//!    problem puts in one group, is done (the whole assembly is always
//!    searched, even when all its pieces are in one group). There is no
//!    backtracking (as in BurrTools): if a side cannot be taken apart,
//!    the assembly does not come apart — unless [`Rule::Thorough`], which
//!    tries the other separations of the same layer first.
//!    An assembly of one piece is not a solution (nothing comes free).
//! 6. **Level.** The move counts of the separations: this separation,
//!    then the counts of its two parts, the part whose own counts are the
//!    greater list first (whether it stayed or left); trailing `1`s
//!    (single removals) are dropped. PelikanBurr gives `98.2.4.2`,
//!    AlPackino `1.1.1.1.1.2.1.3.1.2.1.2`, as `burrTxt -d`. The order of
//!    the parts is measured, not documented: where a burr falls into two
//!    halves of three pieces, one of which takes two moves to come apart
//!    and the other one each, burrTxt prints `2.2` on every order of the
//!    pieces in the file, whichever half left (tests/disasm_levels.rs);
//!    visiting the part that stayed first gave `2.1.1.2`. The plan still
//!    lists the part that stayed first.
//!
//! Which removal is taken when one state has several: a single piece
//! when one comes free alone, else the first direction's (the order the
//! moves are made in: `+x`, `-x`, `+y`, ..., of the side of at most half
//! the pieces, an even split found both ways), of it the fewest pieces
//! (measured on `burrTxt -d`: where two pieces, or they and a third,
//! leave one way and the other three the opposite way, burrTxt splits
//! three and three when the opposite way comes first, and takes the two
//! when theirs does; tests/disasm_levels.rs). Which state of a layer is met
//! first follows the order of the moves out of each state, BurrTools'
//! (measured): by direction, then each piece's own set (the piece and
//! what it must take along) in the order of the pieces, then the other
//! unions, then distance (`moves`); so it follows the order of the
//! pieces in the file, as BurrTools' does. The
//! first number of the level and whether the assembly
//! comes apart do not depend on that choice; the rest of the text may, as
//! it does in BurrTools, and so it depends on how the assembly lies.
//! [`take_apart`] takes apart the image of the assembly that [`choose_image`]
//! picks among its images under the puzzle's symmetries, so that the text
//! is the same whichever member of the class a count kept; this gives
//! BurrTools' texts on all its example files (measured, not derived: the
//! rule BurrTools uses to pick its member needs its numbering of the 24
//! turns), and on random puzzles the same counts and first numbers, and
//! most but not all full texts (tests/disasm.rs).
//!
//! The input is a checked [`Solution`]: every placed piece's cells are its
//! voxels, whatever the puzzle calls a box or a frame (a box is one more
//! piece, usually the heaviest).

mod batch;
mod enclosed;
mod gaps;
mod halted;
mod lines;
mod moves;
mod search;
mod seen;
mod take;

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

pub use batch::{board_group, first_apart, take_apart};
pub use halted::Halted;
pub use lines::Lines;
pub use moves::unit;
pub use take::disassemble;

/// Whether this disassembler can slide pieces on `lattice`: whether the
/// lattice says which cells each of its slides sweeps through
/// ([`crate::geometry::Lattice::sweep`]).
pub fn slides_on(lattice: crate::geometry::Lattice) -> bool {
    Lines::new(lattice).is_some()
}

use crate::puzzle::Puzzle;
use crate::solution::Solution;

/// The most pieces one assembly may have: sets of pieces are 64-bit masks.
pub const MAX_PIECES: usize = 64;

/// One piece of an assembly, as the disassembler sees it.
#[derive(Clone, Debug)]
pub struct Body {
    /// The puzzle piece's name, for the plan's lines.
    pub name: String,
    /// The cells it covers in the assembly.
    pub cells: Vec<[i32; 3]>,
    /// Which puzzle piece it is a copy of: copies with the same cells up to
    /// a shift are interchangeable.
    pub piece: usize,
    /// The problem's group (0: none); pieces of one group may stay together.
    pub group: u32,
    /// The heavier side of a separation stays still.
    pub weight: u32,
}

/// Why a search stopped before its answer (the façade's
/// `disassembly::HaltReason`).
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
pub enum Halt {
    /// The stop flag was set: Ctrl-C, or another assembly's task halted.
    Interrupted,
    /// The deadline passed (`--time-limit`).
    TimeLimit,
    /// The states kept would take this many bytes, over the memory
    /// budget.
    Memory(u64),
    /// A piece slid beyond the coordinates a state stores (±32,767).
    TooFar,
    /// The search of one part reached [`Limits::max_states`].
    StateCap(u64),
}

/// Where a stopped search was.
#[derive(Clone, Copy, Debug, Default)]
pub struct Progress {
    /// States of the part being searched seen so far.
    pub states: u64,
    /// Moves from the part's start to the layer being searched.
    pub layers: u32,
}

/// The stop flag, the deadline and the memory budget of one disassembly.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Polled every few hundred states: set, the search ends with
    /// [`Halt::Interrupted`].
    pub stop: Option<Arc<AtomicBool>>,
    /// Past it, the search ends with [`Halt::TimeLimit`].
    pub deadline: Option<Instant>,
    /// The most bytes the kept states may take ([`Halt::Memory`] above).
    pub max_bytes: u64,
    /// The most states the search of one part may reach (`None`: no cap
    /// but the others). A caller that only adds a remark to another
    /// answer (the level under `solve`'s drawing) caps the work so that it
    /// never costs more than the answer.
    pub max_states: Option<u64>,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            stop: None,
            deadline: None,
            max_bytes: u64::MAX,
            max_states: None,
        }
    }
}

/// Which separation a part is taken apart by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Rule {
    /// BurrTools': the first found, and no other even if a side of it
    /// does not come apart.
    #[default]
    BurrTools,
    /// `--thorough`: when a side of the first does not come apart, the
    /// other separations of the same (fewest) number of moves in turn.
    Thorough,
}

/// One move of a plan, in the assembly's pieces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// Indices into the bodies (the solution's pieces) that move.
    pub pieces: Vec<usize>,
    /// A direction of the lattice's [`Lines`] (on cubes `+x`, `-x`,
    /// `+y`, `-y`, `+z`, `-z`).
    pub dir: u8,
    /// Unit slides; for a removal, how far the pieces go until they are
    /// clear of the rest's bounding box.
    pub distance: u32,
    /// This move takes the pieces away for good.
    pub separates: bool,
}

/// How one part was taken apart.
#[derive(Clone, Debug)]
pub enum Outcome {
    /// One piece, or pieces the problem keeps together as a group.
    Whole,
    /// It came apart: `moves` moves (the removal included), then each side.
    Apart {
        /// Moves until the part separated, the removal included: one
        /// number of the level.
        moves: u32,
        /// Those moves in order, the removal last.
        steps: Vec<Step>,
        /// The side that stayed where it was, taken apart further.
        left: Box<Outcome>,
        /// The side that went away, taken apart further.
        removed: Box<Outcome>,
        /// Not BurrTools' first choice: `--thorough` took another
        /// separation because the first left a side that does not come
        /// apart.
        alternative: bool,
    },
    /// Nothing comes free from where it lies.
    Stuck {
        /// The pieces of the part that does not come apart.
        pieces: Vec<usize>,
        /// States searched before every reachable one was seen.
        states: u64,
    },
}

/// The answer for one assembly.
#[derive(Clone, Debug)]
pub struct Disassembly {
    /// How the whole assembly came apart, part by part, or where it stuck.
    pub tree: Outcome,
    /// States searched over every part: the work the answer cost.
    pub states: u64,
    /// A piece shut inside another (`(outer, inner)`, indices into the
    /// bodies): nothing was searched, as nothing can come apart.
    pub shut_in: Option<(usize, usize)>,
}

impl Outcome {
    /// Every part on the way came apart.
    pub fn comes_apart(&self) -> bool {
        match self {
            Outcome::Whole => true,
            Outcome::Apart { left, removed, .. } => left.comes_apart() && removed.comes_apart(),
            Outcome::Stuck { .. } => false,
        }
    }

    /// The move counts of every separation, in the level's order.
    fn counts(&self, out: &mut Vec<u32>) {
        if let Outcome::Apart {
            moves,
            left,
            removed,
            ..
        } = self
        {
            out.push(*moves);
            let (mut first, mut then) = (Vec::new(), Vec::new());
            left.counts(&mut first);
            removed.counts(&mut then);
            // The part with the greater text first, whichever side it is
            // (measured on burrTxt, see the module docs).
            if then > first {
                std::mem::swap(&mut first, &mut then);
            }
            out.extend(first);
            out.extend(then);
        }
    }

    fn steps<'a>(&'a self, out: &mut Vec<&'a Step>) {
        if let Outcome::Apart {
            steps,
            left,
            removed,
            ..
        } = self
        {
            out.extend(steps);
            left.steps(out);
            removed.steps(out);
        }
    }
}

impl Disassembly {
    /// Something came free, and every part on the way came apart. An
    /// assembly of one piece has nothing to take apart: BurrTools does not
    /// count it as a solution (DemoPieceGenerator's piece alone, with none
    /// of its optional cubes, is 1 of its 928 assemblies and not one of
    /// the 927 solutions).
    pub fn comes_apart(&self) -> bool {
        matches!(self.tree, Outcome::Apart { .. }) && self.tree.comes_apart()
    }

    /// BurrTools' level text, when the assembly comes apart.
    pub fn level(&self) -> Option<String> {
        self.comes_apart().then(|| level_text(&self.tree))
    }

    /// `--thorough` took another separation somewhere than BurrTools'
    /// first, so that the assembly comes apart where BurrTools says it
    /// does not.
    pub fn changed(&self) -> bool {
        fn any(o: &Outcome) -> bool {
            match o {
                Outcome::Apart {
                    alternative,
                    left,
                    removed,
                    ..
                } => *alternative || any(left) || any(removed),
                _ => false,
            }
        }
        any(&self.tree)
    }

    /// The fewest moves that free anything (the level's first number); 0
    /// when nothing could be freed, or there was nothing to free.
    pub fn first(&self) -> u32 {
        match &self.tree {
            Outcome::Apart { moves, .. } => *moves,
            _ => 0,
        }
    }

    /// Renames the directions of every move (`back[d]` for `d`): the plan
    /// of an [`Image`] told in the original assembly's directions.
    pub fn turn_back(&mut self, back: &[u8]) {
        fn turn(o: &mut Outcome, back: &[u8]) {
            if let Outcome::Apart {
                steps,
                left,
                removed,
                ..
            } = o
            {
                for s in steps.iter_mut() {
                    s.dir = back[usize::from(s.dir)];
                }
                turn(left, back);
                turn(removed, back);
            }
        }
        turn(&mut self.tree, back);
    }

    /// The moves in order (empty unless the plan was asked for).
    pub fn plan(&self) -> Vec<&Step> {
        let mut out = Vec::new();
        self.tree.steps(&mut out);
        out
    }
}

/// The move counts in visiting order, trailing single removals dropped
/// (at least one number stays).
fn level_text(tree: &Outcome) -> String {
    let mut counts = Vec::new();
    tree.counts(&mut counts);
    while counts.len() > 1 && counts.last() == Some(&1) {
        counts.pop();
    }
    if counts.is_empty() {
        counts.push(0);
    }
    let text: Vec<String> = counts.iter().map(u32::to_string).collect();
    text.join(".")
}

/// The bodies of a checked solution of `puzzle`: names, cells and copies
/// from the solution, groups and weights per puzzle piece (`None`: none).
pub fn bodies(puzzle: &Puzzle, solution: &Solution, groups: Option<&[(u32, u32)]>) -> Vec<Body> {
    let pieces = puzzle.pieces();
    solution
        .pieces()
        .iter()
        .map(|p| {
            let (group, weight) = groups
                .and_then(|g| g.get(p.piece).copied())
                .unwrap_or((0, 1));
            Body {
                name: pieces
                    .get(p.piece)
                    .map_or_else(|| format!("#{}", p.piece), |q| q.name.clone()),
                cells: p.cells.iter().map(|c| c.coords()).collect(),
                piece: p.piece,
                group,
                weight,
            }
        })
        .collect()
}

/// One image of an assembly under a symmetry of the puzzle: the bodies
/// where the symmetry puts them, and for each of the directions of
/// the image, the direction of the original it stands for.
#[derive(Clone, Debug)]
pub struct Image {
    /// The assembly's pieces where the symmetry puts them.
    pub bodies: Vec<Body>,
    /// Per direction of the image (of the lattice's [`Lines`]), the
    /// original's direction, so that a plan found on the image is told in
    /// the assembly as the user has it.
    pub back: Vec<u8>,
}

/// Which image of an assembly is taken apart: the one whose bodies, in
/// order (copies of one piece sorted among themselves), have the smallest
/// lowest cells (x, then y, then z), compared as a list.
///
/// Past its first number, a level depends on how ties between equally
/// short moves are broken, and that depends on how the assembly lies: an
/// assembly and its turned image (the same class, one of which a count
/// happens to keep) can get different texts. Choosing the image by a rule
/// of the assembly's geometry makes the text a property of the class, not
/// of the member a search met first. This rule gives BurrTools' texts on
/// its example files (DraculasDentalDesaster's `3.5.16.6.4` is the text of
/// the image turned half way about x, not of the member jigsat's count
/// keeps); see the module docs for what is and is not matched.
pub fn choose_image(images: Vec<Image>) -> Image {
    images
        .into_iter()
        .min_by_key(|im| {
            image_key(
                (im.bodies.iter())
                    .map(|b| (b.piece, b.cells.iter().copied().min().unwrap_or_default())),
            )
        })
        .expect("the identity is an image")
}

/// The key [`choose_image`] compares, from each body's piece and lowest
/// cell: copies of one piece are interchangeable, so they are sorted
/// among themselves (the bodies of one piece lie next to each other).
pub fn image_key(lowest: impl Iterator<Item = (usize, [i32; 3])>) -> Vec<(usize, [i32; 3])> {
    let mut key: Vec<(usize, [i32; 3])> = lowest.collect();
    key.sort_by_key(|&(p, c)| (p, c));
    key
}

/// Why an assembly cannot be given to the disassembler at all.
pub fn refuse(bodies: &[Body]) -> Option<String> {
    if bodies.len() > MAX_PIECES {
        return Some(format!(
            "the assembly has {} pieces; the disassembler handles at most {MAX_PIECES}",
            bodies.len()
        ));
    }
    if bodies.iter().any(|b| b.cells.is_empty()) {
        return Some("a piece of the assembly has no cells".into());
    }
    None
}
