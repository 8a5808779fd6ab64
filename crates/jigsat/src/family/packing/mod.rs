//! Packing: polyominoes and polycubes placed into a board.
//!
//! Every way a piece fits on the board is one placement ([`placement`]);
//! the cover has one item per board cell (covered exactly once, or at most
//! once when holes are allowed) and one per distinct piece (used as often
//! as its count says), and each placement is an option covering its cells
//! and its piece. On sticks each grid point a placement runs straight
//! through is one more item, covered at most once, so that pieces touch
//! but never cross. Identical copies share one item and are *counted*, never
//! labelled: labelling 25 identical Y-pieces would multiply every solution
//! by 25! and drown the search in symmetric copies.
//!
//! The group is every motion of the board that maps the pieces onto the
//! pieces ([`piece_map`]), and [`precheck`] tries colouring arguments
//! before any search.

mod images;
pub mod placement;
pub mod precheck;

pub use placement::{MAX_PLACEMENTS, Placements};

use rustc_hash::FxHashMap;

use crate::cover::{Cover, Item, ItemKind};
use crate::error::Result;
use crate::family::interface::{Family, PartSize};
use crate::geometry::{Moves, Rotations, Shape, Space, Transform, board_motions};
use crate::puzzle::{Fill, Piece, Puzzle};
use crate::solution::{PlacedPiece, Solution};
use crate::symmetry::{Group, Symmetry};

/// A packing puzzle as an exact-cover instance.
pub struct Packing<'p> {
    puzzle: &'p Puzzle,
    pub placements: Placements,
    cover: Cover,
    group: Group,
}

impl<'p> Packing<'p> {
    pub fn new(puzzle: &'p Puzzle) -> Result<Packing<'p>> {
        let placements = Placements::generate(puzzle)?;
        log::info!(
            "{} placements of {} pieces on {} cells",
            placements.all.len(),
            puzzle.pieces().len(),
            puzzle.board.len()
        );
        let cover = cover(puzzle, &placements);
        let group = group(puzzle, &placements);
        log::info!("symmetry group of order {}", group.order());
        Ok(Packing {
            puzzle,
            placements,
            cover,
            group,
        })
    }
}

impl Family for Packing<'_> {
    fn cover(&self) -> &Cover {
        &self.cover
    }

    fn group(&self) -> &Group {
        &self.group
    }

    fn refute(&self) -> Option<String> {
        precheck::refute(self.puzzle, &self.placements)
    }

    fn solution(&self, chosen: &[u32]) -> Solution {
        let board = &self.puzzle.board;
        Solution::new(
            chosen
                .iter()
                .map(|&i| {
                    let pl = &self.placements.all[i as usize];
                    PlacedPiece {
                        piece: pl.piece,
                        cells: pl.cells.iter().map(|&c| board.cell(c)).collect(),
                    }
                })
                .collect(),
        )
    }

    fn describe(&self, option: u32) -> String {
        let pl = &self.placements.all[option as usize];
        let mut text = self.puzzle.pieces()[pl.piece].name.clone();
        let lattice = self.puzzle.board.lattice();
        for &c in &pl.cells {
            text.push(' ');
            text.push_str(&lattice.compact(self.puzzle.board.cell(c)));
        }
        text
    }

    fn sizes(&self) -> Vec<PartSize> {
        (0..self.puzzle.pieces().len())
            .map(|p| PartSize {
                orientations: self.placements.orientations[p].len(),
                placements: self.placements.count_for(p),
            })
            .collect()
    }
}

/// The cover: cells, then pieces, as items; one option per placement.
fn cover(puzzle: &Puzzle, placements: &Placements) -> Cover {
    let cells = puzzle.board.len();
    let mut items: Vec<Item> = (0..cells as u32)
        .map(|c| Item {
            kind: ItemKind::Cell(c),
            min: u32::from(puzzle.must_cover(c)),
            max: 1,
            implied: false,
        })
        .collect();
    items.extend(puzzle.pieces().iter().enumerate().map(|(p, piece)| Item {
        kind: ItemKind::Piece(p),
        min: piece.count.min,
        max: piece.count.max,
        implied: false,
    }));
    if let Some(p) = implied_piece(puzzle) {
        items[cells + p].implied = true;
    }
    let board = &puzzle.board;
    let points = board.crossings();
    let first_point = items.len();
    items.extend((0..points.len() as u32).map(|k| Item {
        kind: ItemKind::Crossing(k),
        min: 0,
        max: 1,
        implied: false,
    }));
    let options: Vec<Vec<u32>> = placements
        .all
        .iter()
        .map(|pl| {
            // Exactly the room it needs: a clone then a push would double it.
            let mut covered = Vec::with_capacity(pl.cells.len() + 1);
            covered.extend_from_slice(&pl.cells);
            covered.push((cells + pl.piece) as u32);
            if !points.is_empty() {
                covered.extend(
                    board
                        .crossings_of(&pl.cells)
                        .map(|k| (first_point + k) as u32),
                );
            }
            covered
        })
        .collect();
    Cover {
        items,
        colours: vec![Vec::new(); options.len()],
        options,
        edges: 0,
        piece_labels: puzzle
            .pieces()
            .iter()
            .map(|p| format!("piece {}", p.name))
            .collect(),
    }
}

/// One piece with copies whose count the areas already force, given that
/// every other piece's count is enforced. Only one piece is picked: two
/// pieces left free could trade copies for each other.
fn implied_piece(puzzle: &Puzzle) -> Option<usize> {
    if puzzle.fill != Fill::Exact || !puzzle.optional.is_empty() {
        return None;
    }
    let area = puzzle.board.len() as i64;
    let (lo_total, hi_total) = puzzle.piece_area_range();
    puzzle
        .pieces()
        .iter()
        .enumerate()
        .filter(|(_, piece)| piece.count.max > 1)
        .filter(|(_, piece)| {
            let a = piece.shape.len() as i64;
            let (lo, hi) = (piece.count.min as i64, piece.count.max as i64);
            // Cells the other pieces cover, at least and at most.
            let others_lo = lo_total as i64 - lo * a;
            let others_hi = hi_total as i64 - hi * a;
            // So this piece covers between area - others_hi and area - others_lo.
            let forced_lo =
                (area - others_hi).div_euclid(a) + i64::from((area - others_hi).rem_euclid(a) != 0);
            let forced_hi = (area - others_lo).div_euclid(a);
            forced_lo >= lo && forced_hi <= hi
        })
        .max_by_key(|(_, piece)| piece.count.max)
        .map(|(p, _)| p)
}

/// The full group of the board and pieces: the board's motions (the 8 of
/// the plane on a flat board) under which every piece has an image among
/// the pieces, as permutations of cells, pieces and placements.
fn group(puzzle: &Puzzle, placements: &Placements) -> Group {
    let space = puzzle.board.space();
    let pieces = puzzle.pieces();
    let piece_orientations = sorted_orientations(pieces, space);
    let all = &placements.all;
    let counts: Vec<usize> = placements.orientations.iter().map(Vec::len).collect();
    let ranges = images::Ranges::new(all, &counts);
    // Built only when some motion's images do not follow the patterns.
    let mut index = None;
    let mut elements = Vec::new();
    let kinds = cell_kinds(puzzle);
    for motion in board_motions(&puzzle.board, space.motions()) {
        let Some(pieces) = piece_map(pieces, &piece_orientations, space, motion.transform) else {
            continue;
        };
        let cells = motion.cell_map(&puzzle.board);
        if !keeps_cell_kinds(kinds.as_deref(), &cells) {
            continue;
        }
        // Every image exists when the pieces map correctly; a missing
        // one means this motion is not a symmetry of the instance.
        let fast = ranges.as_ref().and_then(|r| r.images(all, &pieces, &cells));
        let found = fast.or_else(|| {
            let index = index.get_or_insert_with(|| Index::new(puzzle.board.len(), all));
            index.images(all, &pieces, &cells)
        });
        let Some(options) = found else {
            continue;
        };
        elements.push(Symmetry {
            transform: motion.transform,
            cells,
            pieces,
            options,
        });
    }
    debug_assert_eq!(elements[0].transform, Transform::IDENTITY);
    Group { elements }
}

/// The placements by their cells, to find where a motion takes each: a
/// 58x58 board of pentominoes has 198,208 placements and 8 motions, and
/// PelikanBurr's 3,601 placements under 24 motions cost more than taking
/// its assembly apart when each moved placement was sorted and hashed
/// whole. A placement's *print* is the sum of a hash of each of its
/// cells, the same in any order: a moved placement is looked up by its
/// piece and print, and the placement found is checked cell by cell
/// (`mark`). Should two placements of a piece share a print, the cells
/// are sorted and looked up whole instead.
enum Index<'a> {
    Prints {
        hash: Vec<u64>,
        map: FxHashMap<(usize, u64), u32>,
        /// Per cell, the last check that marked it (`stamp`).
        mark: Vec<u32>,
        stamp: u32,
    },
    Sorted(FxHashMap<(usize, &'a [u32]), u32>),
}

impl<'a> Index<'a> {
    fn new(cells: usize, all: &'a [placement::Placement]) -> Index<'a> {
        // SplitMix64's finaliser: a cell's hash.
        let hash: Vec<u64> = (0..cells as u64)
            .map(|c| {
                let mut z = (c + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
                z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
                z ^ (z >> 31)
            })
            .collect();
        let print =
            |cells: &[u32]| (cells.iter()).fold(0u64, |s, &c| s.wrapping_add(hash[c as usize]));
        let mut map = FxHashMap::default();
        for (i, pl) in all.iter().enumerate() {
            if map.insert((pl.piece, print(&pl.cells)), i as u32).is_some() {
                return Index::sorted(all);
            }
        }
        let mark = vec![0; cells];
        Index::Prints {
            hash,
            map,
            mark,
            stamp: 0,
        }
    }

    /// The placements by their sorted cells, whole.
    fn sorted(all: &'a [placement::Placement]) -> Index<'a> {
        let index = (all.iter().enumerate())
            .map(|(i, pl)| ((pl.piece, pl.cells.as_slice()), i as u32))
            .collect();
        Index::Sorted(index)
    }

    /// The placement each of `all` goes to when its cells go to `cells`
    /// and its piece to `pieces`, or `None` when one has no image.
    fn images(
        &mut self,
        all: &[placement::Placement],
        pieces: &[usize],
        cells: &[u32],
    ) -> Option<Vec<u32>> {
        let mut moved: Vec<u32> = Vec::new();
        let mut moved_hash: Vec<u64> = Vec::new();
        (all.iter())
            .map(|pl| match self {
                Index::Prints {
                    hash,
                    map,
                    mark,
                    stamp,
                } => {
                    if moved_hash.is_empty() {
                        // Each cell's hash where the motion takes it, once
                        // per motion rather than once per placement.
                        moved_hash.extend(cells.iter().map(|&c| hash[c as usize]));
                    }
                    let to = |c: &u32| cells[*c as usize] as usize;
                    let print = (pl.cells.iter())
                        .fold(0u64, |s, &c| s.wrapping_add(moved_hash[c as usize]));
                    let &o = map.get(&(pieces[pl.piece], print))?;
                    let image = &all[o as usize].cells;
                    if *stamp == u32::MAX {
                        mark.fill(0);
                        *stamp = 0;
                    }
                    *stamp += 1;
                    image.iter().for_each(|&c| mark[c as usize] = *stamp);
                    let same = image.len() == pl.cells.len()
                        && pl.cells.iter().all(|c| mark[to(c)] == *stamp);
                    same.then_some(o)
                }
                Index::Sorted(index) => {
                    moved.clear();
                    moved.extend(pl.cells.iter().map(|&c| cells[c as usize]));
                    moved.sort_unstable();
                    index.get(&(pieces[pl.piece], moved.as_slice())).copied()
                }
            })
            .collect()
    }
}

/// Each piece's orientations, sorted: what [`piece_map`] looks a moved
/// piece up in.
fn sorted_orientations(pieces: &[Piece], space: Space) -> Vec<Vec<Shape>> {
    // The shapes the piece keeps for its check: the same distinct images
    // under the same moves, turned once per piece for the whole run.
    (pieces.iter())
        .map(|p| p.shapes(space).into_owned())
        .collect()
}

/// The order and the rotations of the group `group` would find, without
/// the placements: the board's motions that map the pieces onto the
/// pieces and keep the cells' kinds. `group` keeps every such motion
/// (each maps every placement onto a placement), so the figures agree;
/// `info` gives them for a board whose placements it does not build.
pub fn group_size_unbuilt(puzzle: &Puzzle) -> (usize, usize) {
    let kept = group_unbuilt(puzzle).elements;
    let rotations = kept.iter().filter(|s| s.transform.is_rotation()).count();
    (kept.len(), rotations)
}

/// The group `group` would find, acting on cells and pieces only (no
/// options: it is built without the placements), for callers that move
/// assemblies, not placements (the disassembler's images).
pub fn group_unbuilt(puzzle: &Puzzle) -> Group {
    let space = puzzle.board.space();
    let pieces = puzzle.pieces();
    let piece_orientations = sorted_orientations(pieces, space);
    let kinds = cell_kinds(puzzle);
    let elements = board_motions(&puzzle.board, space.motions())
        .into_iter()
        .filter_map(|motion| {
            let pieces = piece_map(pieces, &piece_orientations, space, motion.transform)?;
            let cells = motion.cell_map(&puzzle.board);
            keeps_cell_kinds(kinds.as_deref(), &cells).then(|| Symmetry {
                transform: motion.transform,
                cells,
                pieces,
                options: Vec::new(),
            })
        })
        .collect();
    Group { elements }
}

/// Per board cell, its kind: whether it is optional, and its colour;
/// `None` when every cell is of one kind. Found once for all the
/// board's motions ([`keeps_cell_kinds`]).
fn cell_kinds(puzzle: &Puzzle) -> Option<Vec<u16>> {
    if puzzle.optional.is_empty() && puzzle.colours.is_none() {
        return None;
    }
    let mut kinds = vec![0u16; puzzle.board.len()];
    for &c in &puzzle.optional {
        kinds[c as usize] |= 1 << 8;
    }
    if let Some(colours) = &puzzle.colours {
        for (k, &colour) in kinds.iter_mut().zip(&colours.board) {
            *k |= u16::from(colour);
        }
    }
    Some(kinds)
}

/// Whether a motion (as a map of cell indices) keeps optional cells
/// optional and every board colour ([`cell_kinds`]): BurrTools'
/// symmetries of the result keep both, and so must jigsat's for
/// `distinct` to mean the same.
fn keeps_cell_kinds(kinds: Option<&[u16]>, cells: &[u32]) -> bool {
    kinds.is_none_or(|k| (0..cells.len()).all(|c| k[c] == k[cells[c] as usize]))
}

/// Where each piece goes under `t`, or `None` if some piece has no image
/// among the pieces (a reflection with a chiral piece and no partner).
pub fn piece_map(
    pieces: &[Piece],
    piece_orientations: &[Vec<Shape>],
    space: Space,
    t: Transform,
) -> Option<Vec<usize>> {
    let mut used = vec![false; pieces.len()];
    let mut map = Vec::with_capacity(pieces.len());
    for (p, shapes) in piece_orientations.iter().enumerate() {
        if !used[p] && moves_include(pieces[p].moves, space, t) {
            // `t` is one of the piece's own motions, which form a group:
            // it maps the piece's orientations onto themselves, so the
            // piece maps to itself without moving every orientation.
            used[p] = true;
            map.push(p);
            continue;
        }
        // One orientation's image rules out most pieces (a chiral piece
        // under a reflection) before every orientation is moved.
        let one = shapes.first().map(|s| space.image(s, t));
        let may = |q: usize| {
            !used[q]
                && pieces[q].count == pieces[p].count
                && piece_orientations[q].len() == shapes.len()
                && (one.as_ref()).is_none_or(|o| piece_orientations[q].binary_search(o).is_ok())
        };
        if !(0..pieces.len()).any(may) {
            return None;
        }
        let mut image: Vec<Shape> = shapes.iter().map(|s| space.image(s, t)).collect();
        image.sort();
        let matches = |q: usize| may(q) && piece_orientations[q] == image;
        // Prefer the piece itself, so that rotations fix every piece.
        let q = if matches(p) {
            p
        } else {
            (0..pieces.len()).find(|&q| matches(q))?
        };
        used[q] = true;
        map.push(q);
    }
    Some(map)
}

/// Whether `t` is one of the motions `moves` allows a piece, when those
/// form a group (every turn in space or in the plane, with or without
/// mirrors: closed under composition by construction).
fn moves_include(moves: Moves, space: Space, t: Transform) -> bool {
    matches!(moves.rotations, Rotations::Space | Rotations::Plane)
        && moves.group(space).contains(&t)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Placements found by their prints map as sorted cells map them,
    /// and a motion that is not a symmetry is refused by both.
    #[test]
    fn prints_find_the_images_sorted_cells_find() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles");
        for name in [
            "soma.toml",
            "pentomino-8x8-hole.toml",
            "tromino-choice.toml",
        ] {
            let puzzle = Puzzle::load(&dir.join(name)).unwrap();
            let placements = Placements::generate(&puzzle).unwrap();
            let all = &placements.all;
            let mut prints = Index::new(puzzle.board.len(), all);
            assert!(matches!(prints, Index::Prints { .. }), "{name}");
            let mut sorted = Index::sorted(all);
            let space = puzzle.board.space();
            let n = puzzle.pieces().len();
            for motion in board_motions(&puzzle.board, space.motions()) {
                let cells = motion.cell_map(&puzzle.board);
                let orientations = sorted_orientations(puzzle.pieces(), space);
                let Some(pieces) =
                    piece_map(puzzle.pieces(), &orientations, space, motion.transform)
                else {
                    continue;
                };
                let want = sorted.images(all, &pieces, &cells);
                assert!(want.is_some(), "{name}: a symmetry");
                assert_eq!(prints.images(all, &pieces, &cells), want, "{name}");
                // Each piece taken for the next: no image (their shapes differ).
                let wrong: Vec<usize> = (0..n).map(|p| pieces[(p + 1) % n]).collect();
                assert_eq!(sorted.images(all, &wrong, &cells), None, "{name}");
                assert_eq!(prints.images(all, &wrong, &cells), None, "{name}");
            }
        }
    }

    /// `info`'s figures for a board it does not build are the group's.
    #[test]
    fn the_unbuilt_group_size_is_the_built_groups() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles");
        // Chiral and not, flat and in space, a board with a hole, one of
        // each pieces and copies.
        for name in [
            "soma.toml",
            "y25.toml",
            "pentomino-6x10.toml",
            "pentomino-8x8-hole.toml",
            "tetromino-4x5.toml",
            "tromino-choice.toml",
            "big-cats.toml",
        ] {
            let puzzle = Puzzle::load(&dir.join(name)).unwrap();
            let built = Packing::new(&puzzle).unwrap();
            assert_eq!(
                group_size_unbuilt(&puzzle),
                (built.group.order(), built.group.rotations()),
                "{}",
                puzzle.name
            );
            // The disassembler moves assemblies by the unbuilt group.
            let unbuilt = group_unbuilt(&puzzle);
            for (u, b) in unbuilt.elements.iter().zip(&built.group.elements) {
                assert_eq!(u.transform, b.transform, "{}", puzzle.name);
                assert_eq!((&u.cells, &u.pieces), (&b.cells, &b.pieces));
            }
        }
    }
}
