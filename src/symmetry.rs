//! The board's symmetry group, acting on cells, pieces and placements.
//!
//! A symmetry is a motion of space (one of the 48 cube symmetries, or of
//! the 8 square symmetries on a flat board) that maps the board onto itself
//! and the pieces onto the pieces: every piece's set of allowed
//! orientations goes to the orientation set of a piece with the same count.
//! Rotations always qualify for pieces that may turn freely; a reflection
//! qualifies only when each piece's mirror image is a piece of the puzzle
//! (the Soma cube's two screws swap), which is the contract's definition.
//!
//! Applied to a solution, a symmetry gives another solution, so solutions
//! fall into classes (orbits). The group is used three ways:
//!
//! - **counting**: `count = Σ over classes |G| / |stabiliser|`, so that one
//!   representative per class is enough to know the fixed-board count;
//! - **canonical forms**: the smallest image of a solution names its class,
//!   which de-duplicates whatever an engine finds;
//! - **symmetry breaking**: restricting one piece (or the pieces covering
//!   one cell) to one placement per orbit cuts the search by up to |G|
//!   without losing any class — see [`Breaking`].

use std::collections::HashMap;

use crate::cover::Cover;
use crate::geometry::{Cell, Shape, Transform, orientations};
use crate::placement::Placements;
use crate::puzzle::{Fill, Puzzle};

/// One element of the group, as permutations of the instance's parts.
#[derive(Clone, Debug)]
pub struct Symmetry {
    pub transform: Transform,
    /// Board cell index -> image cell index.
    pub cells: Vec<u32>,
    /// Piece index -> image piece index.
    pub pieces: Vec<usize>,
    /// Option (placement) index -> image option index.
    pub options: Vec<u32>,
}

/// The symmetry group of a puzzle; the identity comes first.
#[derive(Clone, Debug)]
pub struct Group {
    pub elements: Vec<Symmetry>,
}

impl Group {
    /// The full group of the puzzle's board and pieces.
    pub fn of(puzzle: &Puzzle, placements: &Placements) -> Group {
        if puzzle.tiling.is_some() {
            return crate::edges::group(puzzle, placements);
        }
        let flat = puzzle.board.is_flat();
        let board = puzzle.board.shape();
        let (board_lo, _) = board.bounds().expect("the board has cells");
        let piece_orientations: Vec<Vec<Shape>> = puzzle
            .pieces
            .iter()
            .map(|p| {
                let mut shapes: Vec<Shape> = orientations(&p.shape, p.moves, flat)
                    .into_iter()
                    .map(|o| o.shape)
                    .collect();
                shapes.sort();
                shapes
            })
            .collect();
        let index: HashMap<(usize, &[u32]), u32> = placements
            .all
            .iter()
            .enumerate()
            .map(|(i, pl)| ((pl.piece, pl.cells.as_slice()), i as u32))
            .collect();

        let candidates = Transform::all()
            .into_iter()
            .filter(|t| !flat || t.is_planar());
        let mut elements = Vec::new();
        for t in candidates {
            let image = Shape::new(board.cells().iter().map(|&c| t.apply(c)).collect());
            if image.normalized() != board.normalized() {
                continue;
            }
            let (image_lo, _) = image.bounds().expect("non-empty");
            let shift = Cell::new(
                board_lo[0] - image_lo[0],
                board_lo[1] - image_lo[1],
                board_lo[2] - image_lo[2],
            );
            let cells: Vec<u32> = board
                .cells()
                .iter()
                .map(|&c| {
                    puzzle
                        .board
                        .index(t.apply(c).offset(shift))
                        .expect("board maps onto itself")
                })
                .collect();
            let Some(pieces) = piece_map(puzzle, &piece_orientations, t) else {
                continue;
            };
            let options: Option<Vec<u32>> = placements
                .all
                .iter()
                .map(|pl| {
                    let mut moved: Vec<u32> = pl.cells.iter().map(|&c| cells[c as usize]).collect();
                    moved.sort_unstable();
                    index.get(&(pieces[pl.piece], moved.as_slice())).copied()
                })
                .collect();
            // Every image exists when the pieces map correctly; a missing
            // one means this motion is not a symmetry of the instance.
            let Some(options) = options else { continue };
            elements.push(Symmetry {
                transform: t,
                cells,
                pieces,
                options,
            });
        }
        debug_assert_eq!(elements[0].transform, Transform::IDENTITY);
        Group { elements }
    }

    /// The trivial group: used when symmetry is switched off.
    pub fn trivial(placements: &Placements, puzzle: &Puzzle) -> Group {
        Group {
            elements: vec![Symmetry {
                transform: Transform::IDENTITY,
                cells: (0..puzzle.board.len() as u32).collect(),
                pieces: (0..puzzle.pieces.len().max(placements.looks.len())).collect(),
                options: (0..placements.all.len() as u32).collect(),
            }],
        }
    }

    pub fn order(&self) -> usize {
        self.elements.len()
    }

    /// The number of rotations (as opposed to reflections) in the group.
    pub fn rotations(&self) -> usize {
        self.elements
            .iter()
            .filter(|s| s.transform.is_rotation())
            .count()
    }

    /// The image of a set of options under one element, sorted.
    pub fn image(&self, element: usize, options: &[u32]) -> Vec<u32> {
        let perm = &self.elements[element].options;
        let mut out: Vec<u32> = options.iter().map(|&o| perm[o as usize]).collect();
        out.sort_unstable();
        out
    }

    /// The canonical form of a solution (its smallest image) and the order
    /// of its stabiliser (how many elements map it to itself).
    pub fn canonical(&self, options: &[u32]) -> (Vec<u32>, usize) {
        canonical_form(options, self.order(), |g, sorted| self.image(g, sorted))
    }
}

/// The canonical form of a solution under a group of `order` elements —
/// its smallest image — and the order of its stabiliser. `image(g, s)`
/// gives the sorted image of the sorted solution `s` under element `g`.
/// Shared by the placement model (options) and the order model (boxes).
pub fn canonical_form<T: Ord + Clone>(
    solution: &[T],
    order: usize,
    image: impl Fn(usize, &[T]) -> Vec<T>,
) -> (Vec<T>, usize) {
    let mut sorted = solution.to_vec();
    sorted.sort_unstable();
    let mut best = sorted.clone();
    let mut stabiliser = 0;
    for g in 0..order {
        let moved = image(g, &sorted);
        if moved == sorted {
            stabiliser += 1;
        }
        if moved < best {
            best = moved;
        }
    }
    (best, stabiliser)
}

/// Where each piece goes under `t`, or `None` if some piece has no image
/// among the pieces (a reflection with a chiral piece and no partner).
pub(crate) fn piece_map(
    puzzle: &Puzzle,
    piece_orientations: &[Vec<Shape>],
    t: Transform,
) -> Option<Vec<usize>> {
    let mut used = vec![false; puzzle.pieces.len()];
    let mut map = Vec::with_capacity(puzzle.pieces.len());
    for (p, shapes) in piece_orientations.iter().enumerate() {
        let mut image: Vec<Shape> = shapes.iter().map(|s| s.transformed(t)).collect();
        image.sort();
        let matches = |q: usize| {
            !used[q]
                && puzzle.pieces[q].count == puzzle.pieces[p].count
                && piece_orientations[q] == image
        };
        // Prefer the piece itself, so that rotations fix every piece.
        let q = if matches(p) {
            p
        } else {
            (0..puzzle.pieces.len()).find(|&q| matches(q))?
        };
        used[q] = true;
        map.push(q);
    }
    Some(map)
}

/// What the symmetry breaking restricts: a set of options that may not be
/// chosen, and a sentence saying why that loses no solution class.
#[derive(Clone, Debug)]
pub struct Breaking {
    /// Options forbidden (their variables are set false).
    pub forbidden: Vec<u32>,
    pub description: String,
}

/// Chooses the restriction that cuts most: either a piece used exactly
/// once, restricted to one placement per orbit under the subgroup that
/// keeps it, or (for exact fills) the pieces covering one cell, restricted
/// to one placement per orbit under the cell's stabiliser. Either way every
/// solution has an image under the group that survives, so every class is
/// still found; a class may be found twice when the kept placement has a
/// stabiliser of its own, which the canonical-form de-duplication handles.
pub fn choose_breaking(
    puzzle: &Puzzle,
    placements: &Placements,
    cover: &Cover,
    group: &Group,
) -> Option<Breaking> {
    if group.order() == 1 {
        return None;
    }
    // (options considered, kept representatives, description)
    let mut best: Option<(Vec<u32>, Vec<u32>, String)> = None;
    let mut consider = |pool: Vec<u32>, subgroup: Vec<usize>, what: String| {
        if pool.is_empty() || subgroup.len() == 1 {
            return;
        }
        let reps = orbit_representatives(&pool, &subgroup, group);
        log::debug!(
            "breaking candidate {what}: {} of {} placements under {} symmetries",
            reps.len(),
            pool.len(),
            subgroup.len()
        );
        let better = match &best {
            None => true,
            // Maximise the fraction cut away (pool/reps); on a tie keep
            // fewer placements, which the search then branches on first.
            Some((p, r, _)) => {
                let (new, old) = (pool.len() * r.len(), p.len() * reps.len());
                new > old || (new == old && reps.len() < r.len())
            }
        };
        if better {
            let text = format!(
                "{what}: kept {} of its {} placements, one per orbit under the {} symmetries that fix it",
                reps.len(),
                pool.len(),
                subgroup.len()
            );
            best = Some((pool, reps, text));
        }
    };

    // Pieces (or tiles) used exactly once.
    let singles: Vec<(usize, String)> = match &puzzle.tiling {
        Some(tiling) => tiling
            .tiles
            .iter()
            .enumerate()
            .filter(|(_, t)| t.count == 1)
            .map(|(i, t)| (i, format!("tile {}", t.name)))
            .collect(),
        None => puzzle
            .pieces
            .iter()
            .enumerate()
            .filter(|(_, p)| p.count.min == 1 && p.count.max == 1)
            .map(|(i, p)| (i, format!("piece {}", p.name)))
            .collect(),
    };
    for (p, what) in singles {
        let subgroup: Vec<usize> = (0..group.order())
            .filter(|&g| group.elements[g].pieces[p] == p)
            .collect();
        let pool: Vec<u32> = placements.of_piece(p).map(|(i, _)| i as u32).collect();
        consider(pool, subgroup, what);
    }
    if puzzle.fill == Fill::Exact {
        // Only a few candidate cells: those with the largest stabiliser.
        let stabiliser = |c: usize| {
            (0..group.order())
                .filter(|&g| group.elements[g].cells[c] == c as u32)
                .count()
        };
        let largest = (0..puzzle.board.len()).map(stabiliser).max().unwrap_or(1);
        let by_item = cover.options_by_item();
        for c in (0..puzzle.board.len())
            .filter(|&c| stabiliser(c) == largest)
            .take(4)
        {
            let subgroup: Vec<usize> = (0..group.order())
                .filter(|&g| group.elements[g].cells[c] == c as u32)
                .collect();
            consider(
                by_item[c].clone(),
                subgroup,
                format!("the pieces covering cell {}", puzzle.board.cell(c as u32)),
            );
        }
    }
    let (pool, reps, description) = best?;
    if reps.len() == pool.len() {
        return None;
    }
    let forbidden = pool
        .into_iter()
        .filter(|o| reps.binary_search(o).is_err())
        .collect();
    Some(Breaking {
        forbidden,
        description,
    })
}

/// The smallest option of each orbit of `pool` under `subgroup`, sorted.
fn orbit_representatives(pool: &[u32], subgroup: &[usize], group: &Group) -> Vec<u32> {
    let mut reps: Vec<u32> = pool
        .iter()
        .map(|&o| {
            subgroup
                .iter()
                .map(|&g| group.elements[g].options[o as usize])
                .min()
                .expect("the subgroup holds the identity")
        })
        .collect();
    reps.sort_unstable();
    reps.dedup();
    reps
}
