//! Where a motion of the board takes each placement, found from the
//! placement's orientation and offset rather than from its cells.
//!
//! A board motion is a turn plus a shift, and board cells are numbered in
//! the cells' order, which any shift keeps: so under one motion every
//! placement of one orientation of a piece goes to a placement of one
//! orientation of the image piece, its `r`-th cell to the image's
//! `order[r]`-th, the same `order` for all of them. The first placement
//! of each orientation is moved and looked up once (a *pattern*); every
//! other is found by where its image's first cell lies (a binary search
//! among the image orientation's placements' first cells, which ascend),
//! without reading its cells beyond that one (debug builds check them
//! all against the pattern). PelikanBurr's
//! 3,601 placements under 24 motions spent more in hashing every moved
//! placement (the prints of [`super::Index`]) than in the search that
//! uses the group. Should the pattern fail (an image not among the
//! placements, say where a colour does not fit), the caller looks the
//! placements up by their cells instead, which also decides whether the
//! motion is a symmetry.

use std::ops::Range;

use super::placement::Placement;

/// The placements of each orientation of each piece: `ranges[p][k]` is
/// where piece `p`'s orientation `k` lies in the list of all placements
/// (grouped by piece, then orientation, then first cell ascending).
pub(super) struct Ranges {
    ranges: Vec<Vec<Range<usize>>>,
    /// Each placement's first cell, side by side: the binary searches
    /// read these rather than follow each placement to its cells.
    first: Vec<u32>,
    /// Per orientation (all pieces' in order, `cells` entries each), the
    /// placement whose first cell is a cell, plus one (0: none): a
    /// lookup where a binary search per placement and motion was most
    /// of finding the images. `None` when it would be large (over
    /// [`MAX_AT`] entries): the binary search instead.
    at: Option<(Vec<u32>, usize)>,
    /// The ranges of all pieces' orientations in order.
    kinds: Vec<Range<usize>>,
}

/// The most entries of [`Ranges::at`] (16 MB).
const MAX_AT: usize = 1 << 22;

impl Ranges {
    /// `None` when some orientation's placements are not side by side
    /// (or a placement has no cells).
    pub(super) fn new(all: &[Placement], orientations: &[usize]) -> Option<Ranges> {
        let mut ranges: Vec<Vec<Range<usize>>> =
            orientations.iter().map(|&n| vec![0..0; n]).collect();
        let mut start = 0;
        for (i, pl) in all.iter().enumerate() {
            let next = all.get(i + 1);
            if next.is_none_or(|n| (n.piece, n.orientation) != (pl.piece, pl.orientation)) {
                let range = ranges.get_mut(pl.piece)?.get_mut(pl.orientation)?;
                if range.end > 0 {
                    return None;
                }
                *range = start..i + 1;
                start = i + 1;
            }
        }
        let first: Vec<u32> = all
            .iter()
            .map(|pl| pl.cells.first().copied())
            .collect::<Option<_>>()?;
        let cells = first.iter().max().map_or(0, |&c| c as usize + 1);
        let kinds: usize = ranges.iter().map(Vec::len).sum();
        let at = (kinds * cells <= MAX_AT).then(|| {
            let mut at = vec![0u32; kinds * cells];
            for (k, range) in ranges.iter().flatten().enumerate() {
                for i in range.clone() {
                    at[k * cells + first[i] as usize] = i as u32 + 1;
                }
            }
            (at, cells)
        });
        let kinds = ranges.iter().flatten().cloned().collect();
        Some(Ranges {
            ranges,
            first,
            at,
            kinds,
        })
    }

    /// The placement of orientation `k` (in all pieces' order), whose
    /// placements are `to`, with first cell `anchor`.
    fn find(&self, k: usize, to: &Range<usize>, anchor: u32) -> Option<usize> {
        match &self.at {
            Some((at, cells)) => {
                let i = at[k * cells..(k + 1) * cells].get(anchor as usize);
                i.filter(|&&i| i > 0).map(|&i| i as usize - 1)
            }
            None => (self.first[to.clone()].binary_search(&anchor).ok()).map(|o| to.start + o),
        }
    }

    /// The placement each of `all` goes to when its cells go to `cells`
    /// and its piece to `pieces`, or `None` when some placement has no
    /// image *or* does not follow its orientation's pattern: `None` says
    /// only "look them up by their cells".
    pub(super) fn images(
        &self,
        all: &[Placement],
        pieces: &[usize],
        cells: &[u32],
    ) -> Option<Vec<u32>> {
        let mut images = vec![0u32; all.len()];
        let mut order: Vec<(u32, usize)> = Vec::new();
        for (p, of_piece) in self.ranges.iter().enumerate() {
            for range in of_piece.iter().filter(|r| r.start < r.end) {
                let (k, first) =
                    self.pattern(all, &all[range.start], pieces[p], cells, &mut order)?;
                let to = &self.kinds[k];
                for i in range.clone() {
                    let from = &all[i].cells;
                    let anchor = cells[from[first] as usize];
                    let o = self.find(k, to, anchor)?;
                    // A motion is linear plus a shift (`Motion::apply`)
                    // and `i` a translate of the pattern's placement, so
                    // its image is the pattern's image translated: the
                    // placement whose first cell is `anchor`.
                    debug_assert!(
                        (all[o].cells.iter().zip(&order))
                            .all(|(&c, &(_, r))| c == cells[from[r] as usize])
                    );
                    images[i] = o as u32;
                }
            }
        }
        Some(images)
    }

    /// Where the motion takes `pl`, a placement of piece `p` going to
    /// piece `q`: the image's orientation (its place in all pieces'
    /// orientations) and the index in `pl` of the cell that becomes the
    /// image's first; `order[r]` is set to (the image's `r`-th cell, the
    /// cell of `pl` that becomes it).
    fn pattern(
        &self,
        all: &[Placement],
        pl: &Placement,
        q: usize,
        cells: &[u32],
        order: &mut Vec<(u32, usize)>,
    ) -> Option<(usize, usize)> {
        order.clear();
        order.extend((pl.cells.iter().enumerate()).map(|(r, &c)| (cells[c as usize], r)));
        order.sort_unstable();
        let (anchor, first) = *order.first()?;
        let before: usize = self.ranges.get(..q)?.iter().map(Vec::len).sum();
        let (k, _) = (self.ranges.get(q)?.iter().enumerate()).find(|(k, to)| {
            self.find(before + k, to, anchor).is_some_and(|o| {
                let image = &all[o].cells;
                image.len() == order.len()
                    && (image.iter().zip(order.iter())).all(|(&c, &(moved, _))| c == moved)
            })
        })?;
        Some((before + k, first))
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Index, Placements, board_motions, piece_map, sorted_orientations};
    use super::*;
    use crate::puzzle::Puzzle;

    /// Under every motion that maps the pieces onto the pieces, the images
    /// found from the orientations are those found by the placements'
    /// cells, on every lattice with motions (cubes, squares, hexagons,
    /// triangles, prisms, spheres, rhombic, sticks); and a motion that is
    /// not a symmetry finds none.
    #[test]
    fn images_from_orientations_are_the_images_by_cells() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles");
        for name in [
            "soma.toml",
            "pentomino-8x8-hole.toml",
            "tromino-choice.toml",
            "hexiamonds-6x6.toml",
            "polyhexes-1to4-4x10.toml",
            "prisms-trapezoids.toml",
            "spheres-pyramid14.toml",
            "rhombic-dimers.toml",
            "tetrasticks-5x5.toml",
        ] {
            let puzzle = Puzzle::load(&dir.join(name)).unwrap();
            let placements = Placements::generate(&puzzle).unwrap();
            let all = &placements.all;
            let counts: Vec<usize> = placements.orientations.iter().map(Vec::len).collect();
            let ranges = Ranges::new(all, &counts).expect(name);
            let mut sorted = Index::sorted(all);
            let space = puzzle.board.space();
            let orientations = sorted_orientations(puzzle.pieces(), space);
            let n = puzzle.pieces().len();
            let mut symmetries = 0;
            for motion in board_motions(&puzzle.board, space.motions()) {
                let cells = motion.cell_map(&puzzle.board);
                let Some(pieces) =
                    piece_map(puzzle.pieces(), &orientations, space, motion.transform)
                else {
                    continue;
                };
                let want = sorted.images(all, &pieces, &cells);
                let found = ranges.images(all, &pieces, &cells);
                // The binary searches of a large board find the same.
                let searched = Ranges {
                    at: None,
                    ranges: ranges.ranges.clone(),
                    first: ranges.first.clone(),
                    kinds: ranges.kinds.clone(),
                };
                assert!(ranges.at.is_some(), "{name}");
                assert_eq!(searched.images(all, &pieces, &cells), found, "{name}");
                if want.is_some() {
                    symmetries += 1;
                    assert_eq!(found, want, "{name}");
                } else {
                    assert_eq!(found, None, "{name}");
                }
                let wrong: Vec<usize> = (0..n).map(|p| pieces[(p + 1) % n]).collect();
                if sorted.images(all, &wrong, &cells).is_none() {
                    assert_eq!(ranges.images(all, &wrong, &cells), None, "{name}");
                }
            }
            assert!(symmetries > 1, "{name}: more than the identity");
        }
    }
}
