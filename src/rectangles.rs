//! The second model: rectangle and box puzzles through the order encoding.
//!
//! When every piece is a solid rectangle (box) with a fixed count and the
//! board is a solid rectangle exactly filled, [`crate::encode::order`]
//! writes a CNF whose size grows with the board's side, not its area. This
//! module is that model's pipeline next to the placement one: the board's
//! symmetry group acting on boxes, solving to a first solution, and
//! enumerating every class with the same counts and checks as
//! [`crate::enumerate`].
//!
//! The seam: the model decides how variables become a solution
//! ([`OrderModel::decode`] gives boxes, [`Rects::solution`] cells), and
//! every solution still goes through [`crate::check`], written from the
//! puzzle alone.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Instant;

use varisat::ExtendFormula;

use crate::encode::order::{OrderModel, OrderOptions, PlacedBox, Rects};
use crate::enumerate::{Enumeration, Limits};
use crate::error::{Error, Result};
use crate::geometry::{Cell, Shape, Transform};
use crate::puzzle::Puzzle;
use crate::solution::{Solution, check};
use crate::symmetry::piece_map;

/// Which CNF model a run uses.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Model {
    /// The order encoding when every piece and the board are solid
    /// rectangles (boxes) with exact fill, the placement encoding otherwise.
    #[default]
    Auto,
    /// One variable per placement (every puzzle).
    Placement,
    /// The order encoding of rectangle and box packing.
    Order,
}

impl Model {
    pub fn name(self) -> &'static str {
        match self {
            Model::Auto => "auto",
            Model::Placement => "placement",
            Model::Order => "order",
        }
    }
}

/// A rectangle puzzle ready for the order encoding: its boxes and the
/// board's symmetry group.
#[derive(Clone, Debug)]
pub struct OrderInstance {
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
        let extent = rects.board;
        let mut group = Vec::new();
        for t in Transform::all()
            .into_iter()
            .filter(|t| !flat || t.is_planar())
        {
            let image = t.apply(Cell::from_coords(extent)).coords().map(i32::abs);
            if image != extent {
                continue;
            }
            let shapes: &[Vec<Shape>] = &rects.piece_shapes;
            if let Some(pieces) = piece_map(puzzle, shapes, t) {
                group.push((t, pieces));
            }
        }
        Ok(OrderInstance { rects, group })
    }

    /// The instance for `model`: `None` when the placement model is to be
    /// used; an error when the order model is asked for but cannot apply.
    pub fn for_model(puzzle: &Puzzle, model: Model) -> Result<Option<OrderInstance>> {
        match model {
            Model::Placement => Ok(None),
            Model::Auto => Ok(OrderInstance::new(puzzle).ok()),
            Model::Order => OrderInstance::new(puzzle).map(Some).map_err(|why| {
                Error::Usage(format!(
                    "{}: the order encoding needs solid rectangles or boxes filling a solid board: {why}",
                    puzzle.name
                ))
            }),
        }
    }

    pub fn order(&self) -> usize {
        self.group.len()
    }

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
        check(puzzle, &solution).map_err(|e| {
            Error::Bug(format!(
                "the {who} model of the order encoding decodes to a solution that fails the check: {e}"
            ))
        })?;
        Ok(solution)
    }
}

type Message = crate::enumerate::Message<Vec<PlacedBox>>;

/// Every class through incremental varisat: after each solution, one
/// clause per image blocks the whole orbit, so the solver is called once
/// per class plus a final UNSAT call.
pub fn enumerate(
    puzzle: &Puzzle,
    instance: &OrderInstance,
    model: &OrderModel,
    limits: &Limits,
    progress: &mut dyn FnMut(u64),
) -> Result<Enumeration> {
    let started = Instant::now();
    let stop = Arc::new(AtomicBool::new(false));
    let (send, receive) = mpsc::sync_channel::<Message>(64);
    {
        let formula = crate::solve::varisat_formula(&model.cnf);
        let instance = instance.clone();
        let model = model.clone();
        let stop = Arc::clone(&stop);
        std::thread::Builder::new()
            .name("enumerate".into())
            .spawn(move || worker(formula, &instance, &model, &stop, &send))
            .map_err(|e| Error::Solver(format!("cannot start the search thread: {e}")))?;
    }
    let result = crate::enumerate::collect(
        &receive,
        "varisat",
        instance.order() as u64,
        limits,
        started,
        progress,
        |boxes: &Vec<PlacedBox>| instance.canonical(boxes),
        |boxes| {
            let solution = instance.rects.solution(&boxes);
            check(puzzle, &solution).map_err(|e| {
                Error::Bug(format!(
                    "the order encoding produced a solution that fails the check: {e}"
                ))
            })?;
            Ok(solution)
        },
    );
    stop.store(true, Ordering::Relaxed);
    result
}

fn worker(
    formula: varisat::CnfFormula,
    instance: &OrderInstance,
    model: &OrderModel,
    stop: &AtomicBool,
    send: &mpsc::SyncSender<Message>,
) {
    let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let mut solver = varisat::Solver::new();
        solver.add_formula(&formula);
        let num_vars = model.cnf.num_vars() as usize;
        loop {
            if stop.load(Ordering::Relaxed) {
                return Ok(());
            }
            match solver.solve() {
                Ok(true) => {}
                Ok(false) => return Ok(()),
                Err(e) => return Err(format!("varisat failed: {e}")),
            }
            let mut values = vec![false; num_vars + 1];
            for lit in solver.model().unwrap_or_default() {
                let v = lit.var().to_dimacs() as usize;
                if v <= num_vars {
                    values[v] = lit.is_positive();
                }
            }
            let found = model.decode_copies(&values);
            let mut blocked = 0;
            // The assignment found, in case its copies are not in the
            // order `block` assumes (symmetry breaking off).
            let mut clauses: Vec<Vec<crate::Lit>> =
                model.block_assignment(&found).into_iter().collect();
            let mut boxes = found;
            boxes.sort_unstable();
            for g in 0..instance.order() {
                clauses.extend(model.block(&instance.image(g, &boxes)));
            }
            for clause in &clauses {
                {
                    let lits: Vec<varisat::Lit> = clause
                        .iter()
                        .map(|l| varisat::Lit::from_dimacs(l.to_dimacs() as isize))
                        .collect();
                    solver.add_clause(&lits);
                    blocked += 1;
                }
            }
            if blocked == 0 {
                return Err("the order encoding could not block a solution it found".into());
            }
            if send.send(Message::Solution(boxes)).is_err() {
                return Ok(());
            }
        }
    }));
    let message = match run {
        Ok(Ok(())) => Message::Done,
        Ok(Err(e)) => Message::Failed(e),
        Err(_) => Message::Failed("varisat panicked while enumerating".into()),
    };
    let _ = send.send(message);
}
