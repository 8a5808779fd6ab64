//! Placements: every way a piece fits on the board.
//!
//! A placement is one orientation of one piece, translated so that all its
//! cells are board cells. Distinct orientations are distinct normalized
//! shapes, so no two placements of a piece cover the same cell set and no
//! de-duplication is needed. Each placement becomes one option of the
//! exact-cover instance and one boolean of the CNF.

use crate::error::Error;
use crate::geometry::{Board, Cell, Orientation, orientations};
use crate::puzzle::Puzzle;

/// More placements than this would not fit a CNF in memory anyway. The
/// second line of defence, behind the memory budget ([`crate::process::budget`]): it stops the
/// generation itself, should the footprint ever fall short.
pub const MAX_PLACEMENTS: usize = 20_000_000;

/// Bytes one placement costs however many cells it has: the `Placement`
/// (40), its cover option's and colour list's headers (24 + 24), its
/// piece item in the option (4), its entry in the symmetry group's
/// placement index (about 36).
const PLACEMENT_BYTES: u64 = 128;

/// Bytes a placement costs per cell it covers: the cell in the placement,
/// again in its cover option, and once more as a literal in that cell's
/// constraint of the CNF. Not counted here: the group's images
/// ([`IMAGE_BYTES`]), an encoding's auxiliary variables,
/// and the clauses of the pairwise at-most-one, which grow with the
/// square of the placements covering a cell: per placement, the figure is
/// a floor, not a ceiling.
const CELL_BYTES: u64 = 12;

/// Bytes a placement costs per symmetry of the board: its image under each
/// (4 bytes), counted at the most a board can have (48 in space, 8 in the
/// plane) since the group is found after the placements. Left out, the
/// fuzz suite's largest run went 10 % over its budget.
const IMAGE_BYTES: u64 = 4;

/// How many placements a puzzle may have and the memory they would take,
/// reckoned from bounding boxes alone (see [`footprint`]): the placements'
/// footprint, not an estimate (that word is Knuth's estimate of a search
/// tree, `exact::estimate`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Footprint {
    pub placements: u64,
    pub bytes: u64,
}

/// The placements' size before any is made: for each fitting orientation
/// of each piece, the anchor positions where its bounding box fits inside
/// the board's, `(W-w+1)(H-h+1)(D-d+1)`, capped at the board's cell count
/// (every placement is anchored on a distinct cell), times
/// `PLACEMENT_BYTES + CELL_BYTES * cells`. Exact for a solid box of a
/// board, an overestimate of the count for a board with holes. Costs one
/// multiplication per orientation.
pub fn footprint(board: &Board, orientations: &[Vec<Orientation>]) -> Footprint {
    let b = board.extent();
    let symmetries: u64 = if board.is_flat() { 8 } else { 48 };
    let mut total = Footprint {
        placements: 0,
        bytes: 0,
    };
    for o in orientations.iter().flatten() {
        let e = o.shape.extent();
        let anchors = (0..3)
            .map(|axis| (b[axis] - e[axis] + 1).max(0) as u64)
            .product::<u64>()
            .min(board.len() as u64);
        let each = PLACEMENT_BYTES + CELL_BYTES * o.shape.len() as u64 + IMAGE_BYTES * symmetries;
        total.placements = total.placements.saturating_add(anchors);
        total.bytes = total.bytes.saturating_add(anchors.saturating_mul(each));
    }
    total
}

/// [`footprint`] for a puzzle's pieces, before any placement is made.
pub fn footprint_of(puzzle: &Puzzle) -> Footprint {
    footprint(&puzzle.board, &fitting_orientations(puzzle))
}

/// [`footprint`] piece by piece, each with its number of fitting
/// orientations: what `info` reports for a board too large to build the
/// placements of within seconds.
pub fn footprints_by_piece(puzzle: &Puzzle) -> Vec<(usize, Footprint)> {
    fitting_orientations(puzzle)
        .iter()
        .map(|fitting| {
            (
                fitting.len(),
                footprint(&puzzle.board, std::slice::from_ref(fitting)),
            )
        })
        .collect()
}

/// Each piece's distinct orientations that fit in the board's bounding box.
fn fitting_orientations(puzzle: &Puzzle) -> Vec<Vec<Orientation>> {
    let board = &puzzle.board;
    puzzle
        .pieces()
        .iter()
        .map(|piece| {
            orientations(&piece.shape, piece.moves, board.space())
                .into_iter()
                .filter(|o| fits_box(o, board))
                .collect()
        })
        .collect()
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    /// Index into `Puzzle::pieces`.
    pub piece: usize,
    /// Index into that piece's orientations.
    pub orientation: usize,
    /// Board cell indices, ascending.
    pub cells: Vec<u32>,
}

/// The orientations and placements of every piece of a puzzle.
#[derive(Clone, Debug)]
pub struct Placements {
    /// `orientations[p]` lists piece `p`'s distinct orientations that fit
    /// in the board's bounding box.
    pub orientations: Vec<Vec<Orientation>>,
    /// All placements, grouped by piece in piece order.
    pub all: Vec<Placement>,
}

impl Placements {
    /// Every placement of every piece; refuses, before making any, a
    /// puzzle whose placements would need more than
    /// the memory budget ([`crate::process::budget`], see [`footprint`]).
    pub fn generate(puzzle: &Puzzle) -> Result<Placements, Error> {
        let board = &puzzle.board;
        let all_orientations = fitting_orientations(puzzle);
        // A piece that must be used but fits nowhere makes the puzzle
        // impossible whatever else fits: no need to make (perhaps
        // millions of) placements for the pre-check to say so.
        let stranded = puzzle
            .pieces()
            .iter()
            .zip(&all_orientations)
            .any(|(piece, fitting)| piece.count.min > 0 && fitting.is_empty());
        if stranded {
            return Ok(Placements {
                orientations: all_orientations,
                all: Vec::new(),
            });
        }
        let e = footprint(board, &all_orientations);
        crate::process::budget::check(
            e.bytes,
            &format!(
                "{} placements",
                crate::process::budget::quantity(e.placements)
            ),
            "",
        )?;
        let mut all = Vec::new();
        let within = board.shape().bounds();
        for (p, fitting) in all_orientations.iter().enumerate() {
            for (k, o) in fitting.iter().enumerate() {
                let from = all.len();
                place(board, within, p, k, o, &mut all);
                if puzzle.colours.is_some() {
                    keep_colour_fits(puzzle, &mut all, from)?;
                }
                if all.len() > MAX_PLACEMENTS {
                    return Err(Error::Usage(format!(
                        "{}: more than {MAX_PLACEMENTS} placements; the puzzle is too large for the placement encoding",
                        puzzle.name
                    )));
                }
            }
        }
        Ok(Placements {
            orientations: all_orientations,
            all,
        })
    }

    /// The placements of one piece.
    pub fn of_piece(&self, piece: usize) -> impl Iterator<Item = (usize, &Placement)> {
        self.all
            .iter()
            .enumerate()
            .filter(move |(_, pl)| pl.piece == piece)
    }

    /// How many placements `piece` has: 0 means it fits nowhere, which
    /// the pre-check turns into "no solution".
    pub fn count_for(&self, piece: usize) -> usize {
        self.of_piece(piece).count()
    }
}

/// Drops the placements from `from` on whose cells the piece's colours
/// may not lie. A placement that fits in two colourings (a piece
/// symmetric in shape but not in colour) would be two assemblies to
/// BurrTools and one solution to jigsat, so such a puzzle is refused
/// rather than counted differently.
fn keep_colour_fits(puzzle: &Puzzle, all: &mut Vec<Placement>, from: usize) -> Result<(), Error> {
    let Some(colours) = &puzzle.colours else {
        return Ok(());
    };
    let board = &puzzle.board;
    let mut kept = from;
    for k in from..all.len() {
        let pl = &all[k];
        let piece = &puzzle.pieces()[pl.piece];
        let cells: Vec<Cell> = pl.cells.iter().map(|&c| board.cell(c)).collect();
        match colours.fitting(board, pl.piece, piece, &cells).len() {
            0 => continue,
            1 => {}
            _ => {
                let file =
                    crate::process::files::first_input().unwrap_or_else(|| puzzle.name.clone());
                return Err(Error::Usage(format!(
                    "{file}: piece {} fits the same cells in two colourings; jigsat counts placements by their cells, so it cannot count these apart",
                    piece.name
                )));
            }
        }
        all.swap(kept, k);
        kept += 1;
    }
    all.truncate(kept);
    Ok(())
}

fn fits_box(o: &Orientation, board: &Board) -> bool {
    let e = o.shape.extent();
    let b = board.extent();
    (0..3).all(|axis| e[axis] <= b[axis])
}

/// Every translate of `o` that lies on the board, by anchoring the
/// orientation's first cell on each board cell of its kind in turn (a
/// shift between cells of two kinds — an up and a down triangle — is no
/// move of the lattice). `within`: the board's bounding box; a translate
/// whose box leaves it is passed over without looking its cells up.
fn place(
    board: &Board,
    within: Option<([i32; 3], [i32; 3])>,
    piece: usize,
    orientation: usize,
    o: &Orientation,
    out: &mut Vec<Placement>,
) {
    let shape = o.shape.cells();
    let anchor = shape[0];
    let lattice = board.lattice();
    // One buffer for every translate tried: most leave the board, and a
    // vector of their own cost an allocation each (PelikanBurr tries
    // 86,000 translates for 3,601 placements).
    let mut cells = Vec::with_capacity(shape.len());
    let bounds = o.shape.bounds();
    for &target in board.cells() {
        if !lattice.translates(anchor, target) {
            continue;
        }
        let shift = Cell::new(
            target.x - anchor.x,
            target.y - anchor.y,
            target.z - anchor.z,
        );
        let moved = |c: [i32; 3]| [c[0] + shift.x, c[1] + shift.y, c[2] + shift.z];
        if let (Some((lo, hi)), Some((low, high))) = (bounds, within) {
            let (lo, hi) = (moved(lo), moved(hi));
            if (0..3).any(|k| lo[k] < low[k] || hi[k] > high[k]) {
                continue;
            }
        }
        cells.clear();
        for &c in shape {
            match board.index(c.offset(shift)) {
                Some(i) => cells.push(i),
                None => break,
            }
        }
        if cells.len() == shape.len() {
            // Board indices follow the sorted cell order, and translation
            // preserves it, so `cells` is already ascending.
            out.push(Placement {
                piece,
                orientation,
                cells: cells.clone(),
            });
        }
    }
}
