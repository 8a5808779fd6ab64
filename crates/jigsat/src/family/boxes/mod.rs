//! Rectangles and boxes through the order encoding.
//!
//! When every piece is a solid rectangle (box) with a fixed count and the
//! board is a solid rectangle exactly filled, [`encoding`] writes a CNF
//! whose size grows with the board's side, not its area. This family is
//! the one that skips the cover: its variables are coordinates, so it
//! brings its own CNF, the board's symmetry group acting on boxes, and an
//! [`enumerate::Blocker`] and its [`enumerate::Classes`], all it supplies
//! for [`enumerate::drive`] to count its classes like any other.
//!
//! The seam: the model decides how variables become a solution
//! ([`OrderModel::decode`] gives boxes, [`Rects::solution`] cells), and
//! every solution still goes through [`crate::solution::check`], written from the
//! puzzle alone.
//!
//! The files: [`rects`] (the puzzle as boxes, a solution as cells),
//! [`encoding`] (the order model: its variables, non-overlap, ordered
//! copies, symmetry breaking), `order.rs` (the order encoding's integers
//! and the clauses over them), [`cumulative`] (the redundant cumulative
//! constraints), [`corner`] (the exact search on rows of bits), and here
//! what the enumeration takes from the family.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

pub mod corner;
pub mod cumulative;
pub mod encoding;
mod order;
pub mod rects;

use encoding::{OrderModel, OrderOptions};
use rects::{PlacedBox, Rects};

use crate::encode::Lit;
use crate::enumerate::{self, Blocker, Classes, Enumeration, Limits};
use crate::error::Result;
use crate::family::packing::piece_map;
use crate::geometry::{Transform, board_motions};
use crate::puzzle::Puzzle;
use crate::solution::{Solution, checked};
use crate::solve::Incremental;

/// A rectangle puzzle ready for the order encoding: its boxes and the
/// board's symmetry group.
#[derive(Clone, Debug)]
pub struct OrderInstance {
    /// The board's extent and each copy's possible extents: what the
    /// order model is written from.
    pub rects: Rects,
    /// Each symmetry as a motion and the map it induces on pieces; the
    /// identity first.
    pub group: Vec<(Transform, Vec<usize>)>,
}

impl OrderInstance {
    /// The instance, or why the order encoding does not apply.
    pub fn new(puzzle: &Puzzle) -> std::result::Result<OrderInstance, String> {
        let rects = Rects::of(puzzle)?;
        let flat = puzzle.board.is_flat();
        let candidates = Transform::all()
            .into_iter()
            .filter(|t| !flat || t.is_planar());
        let group = board_motions(&puzzle.board, candidates)
            .into_iter()
            .filter_map(|m| {
                let pieces = piece_map(
                    puzzle.pieces(),
                    &rects.piece_shapes,
                    puzzle.board.space(),
                    m.transform,
                )?;
                Some((m.transform, pieces))
            })
            .collect();
        Ok(OrderInstance { rects, group })
    }

    /// The number of board symmetries the boxes allow (1 when only the
    /// identity).
    pub fn order(&self) -> usize {
        self.group.len()
    }

    /// A rough size of the order model in bytes, from a formula rather than
    /// a count (counting takes seconds where it matters): every pair of
    /// copies gets clauses along each axis in proportion to the board's
    /// extent — about 5 per unit of extent, 20 bytes each (800 dominoes
    /// on 40x40: 128 M clauses by this formula, 121 M counted).
    pub fn rough_bytes(&self) -> u64 {
        let n = self.rects.copies.len() as u64;
        let pairs = n * n.saturating_sub(1) / 2;
        let extent = self.rects.board.iter().copied().max().unwrap_or(1).max(1) as u64;
        pairs
            .saturating_mul(self.rects.axes as u64)
            .saturating_mul(5 * extent)
            .saturating_mul(20)
    }

    /// Refuses (exit 2) an order model predicted to exceed the memory
    /// budget, before [`OrderInstance::encode`] builds it.
    pub fn check_encoding(&self, symmetry: bool) -> crate::error::Result<()> {
        let options = OrderOptions {
            symmetry,
            ..OrderOptions::default()
        };
        let size = OrderModel::size(&self.rects, &self.group, options);
        log::debug!("the order model's CNF: {size:?}");
        crate::process::budget::check(
            crate::process::budget::cnf_and_solver(size),
            &format!(
                "the order model's CNF of {} clauses and the solver's copy",
                crate::process::budget::quantity(size.clauses)
            ),
            "try --model placement",
        )
    }

    /// Writes the order model, with symmetry-breaking clauses when
    /// `symmetry`; the other options at their defaults.
    pub fn encode(&self, symmetry: bool) -> OrderModel {
        OrderModel::encode(
            &self.rects,
            &self.group,
            OrderOptions {
                symmetry,
                ..OrderOptions::default()
            },
        )
    }

    /// The image of a solution under element `g`, sorted.
    pub fn image(&self, g: usize, boxes: &[PlacedBox]) -> Vec<PlacedBox> {
        let (t, pieces) = &self.group[g];
        let mut out: Vec<PlacedBox> = boxes
            .iter()
            .map(|b| {
                let mut moved = self.rects.transform_box(*t, b);
                moved.piece = pieces[b.piece];
                moved
            })
            .collect();
        out.sort_unstable();
        out
    }

    /// The smallest image and the stabiliser's order.
    pub fn canonical(&self, boxes: &[PlacedBox]) -> (Vec<PlacedBox>, usize) {
        crate::symmetry::canonical_form(boxes, self.order(), |g, sorted| self.image(g, sorted))
    }

    /// Decodes a model and checks the solution against the puzzle alone.
    pub fn decode(
        &self,
        puzzle: &Puzzle,
        model: &OrderModel,
        values: &[bool],
        who: &str,
    ) -> Result<Solution> {
        let solution = self.rects.solution(&model.decode(values));
        checked(
            puzzle,
            solution,
            &format!("the {who} model of the order encoding"),
        )
    }
}

/// Every class through incremental SAT with `solver` ([`enumerate::sat`],
/// one cube): after each solution, one clause per image blocks the whole
/// orbit, so the solver is called once per class plus a final UNSAT call.
pub fn enumerate(
    solver: Incremental,
    puzzle: &Puzzle,
    instance: &OrderInstance,
    model: &OrderModel,
    limits: &Limits,
    run_started: Instant,
    progress: &mut dyn FnMut(u64),
) -> Result<Enumeration> {
    let blocker = OrbitBlocker {
        instance: instance.clone(),
        model: model.clone(),
    };
    let start = |stop: &Arc<AtomicBool>, send| {
        enumerate::sat(solver, &model.cnf, blocker, vec![Vec::new()], 1, stop, send)
    };
    let classes = BoxClasses {
        puzzle,
        instance,
        engine: solver.name(),
        boxes: |found: &Vec<PlacedBox>| found.clone(),
    };
    enumerate::drive(
        solver.name(),
        start,
        &classes,
        limits,
        run_started,
        None,
        progress,
    )
}

/// Every class through the corner search ([`corner`]) on every core;
/// `None` when the board is too wide for it.
pub fn enumerate_corner(
    puzzle: &Puzzle,
    instance: &OrderInstance,
    limits: &Limits,
    run_started: Instant,
    progress: &mut dyn FnMut(u64),
) -> Option<Result<Enumeration>> {
    let search = corner::Corner::new(&instance.rects)?;
    let classes = BoxClasses {
        puzzle,
        instance,
        engine: "corner",
        boxes: |path: &Vec<u32>| search.boxes(path),
    };
    let start = |stop: &Arc<AtomicBool>, send| {
        let roots = vec![Vec::new()];
        enumerate::start_search("corner", search.clone(), roots, limits, None, stop, send)
    };
    Some(enumerate::drive(
        "corner",
        start,
        &classes,
        limits,
        run_started,
        None,
        progress,
    ))
}

/// The classes of either engine's raw solutions `T`: each read as boxes
/// (`boxes`), reduced to its class under the board's group, and checked
/// against the puzzle when new.
struct BoxClasses<'a, F> {
    puzzle: &'a Puzzle,
    instance: &'a OrderInstance,
    engine: &'a str,
    boxes: F,
}

impl<T, F: Fn(&T) -> Vec<PlacedBox>> Classes<T> for BoxClasses<'_, F> {
    type Key = Vec<PlacedBox>;

    fn order(&self) -> u64 {
        self.instance.order() as u64
    }

    fn canonical(&self, raw: &T) -> (Vec<PlacedBox>, usize) {
        self.instance.canonical(&(self.boxes)(raw))
    }

    fn decode(&self, raw: T) -> Result<Solution> {
        let solution = self.instance.rects.solution(&(self.boxes)(&raw));
        checked(
            self.puzzle,
            solution,
            &format!("the {} engine", self.engine),
        )
    }
}

/// Reads the boxes of an assignment and blocks their orbit.
struct OrbitBlocker {
    instance: OrderInstance,
    model: OrderModel,
}

impl Blocker for OrbitBlocker {
    /// The box of each copy, in the order of the copy variables.
    type Raw = Vec<PlacedBox>;

    fn read(&self, values: &[bool]) -> Vec<PlacedBox> {
        self.model.decode_copies(values)
    }

    fn block(&self, found: &Vec<PlacedBox>) -> Vec<Vec<Lit>> {
        // The assignment found, in case its copies are not in the order
        // `block` assumes (symmetry breaking off).
        let mut clauses: Vec<Vec<Lit>> = self.model.block_assignment(found).into_iter().collect();
        let mut boxes = found.clone();
        boxes.sort_unstable();
        for g in 0..self.instance.order() {
            clauses.extend(self.model.block(&self.instance.image(g, &boxes)));
        }
        clauses
    }
}
