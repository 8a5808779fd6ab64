//! The first-empty-cell search (de Bruijn's method): always fill the
//! first empty cell in a fixed scan order.
//!
//! Algorithm X branches on the item with the fewest options, which costs a
//! scan over every open item at every node. For a packing puzzle that
//! must be filled completely there is a cheaper rule that is just as
//! complete: the first empty cell in scan order must be covered by some
//! placement, and since every cell before it is full, that placement's own
//! first cell *is* the empty cell. So each cell keeps the list of
//! placements anchored there, and a node is
//!
//! 1. find the first zero bit of the board (a few word reads),
//! 2. for each piece with copies left, each of its placements anchored at
//!    that cell: if the placement's cells are all empty (one AND per word
//!    it spans), take it and go deeper.
//!
//! This is the "top-most, left-most corner" of the Calibron 12 post, and
//! the classic pentomino program. It reads the same [`Cover`] as the
//! Algorithm X engines, so copies are counted, not labelled (a piece item
//! with `min..=max` uses is a counter, not `max` items), and it handles
//! any board shape and the rectangles of the order-model puzzles, whose
//! placement cover it searches directly.
//!
//! **The board** is a bit set over the cells in scan order, in 64-bit
//! words; a placement is the words of its cells from the word of its
//! anchor on. The scan runs along the board's *shortest* axis first (a
//! 6x10 board is filled column by column of 6), so the frontier between
//! full and empty cells stays short and dead pockets show up early.
//!
//! **No region pruning.** Flood-filling the empty pockets a placement
//! leaves and checking that the pieces left can fill their areas cut the
//! 6x10 pentomino tree to about a third, but the fills cost more than the
//! nodes they saved (encodings/RESULTS.md has the figures), because the
//! scan order already meets most dead pockets a few nodes after they
//! form; it was taken out again.
//!
//! Symmetry breaking is the same as for Algorithm X: the `forbidden`
//! options are left out, and the enumeration's canonical forms remove
//! what remains.

use super::search::{self, Halt, Search, Ticker, deeper};
use crate::cover::{Cover, ItemKind};
use crate::geometry::Board;

const NONE: u32 = u32::MAX;

/// The placements of one piece anchored at one cell: `first..end` in the
/// engine's option numbering.
#[derive(Copy, Clone, Debug)]
struct Anchored {
    piece: u32,
    first: u32,
    end: u32,
}

/// The first-empty-cell engine over a packing cover.
#[derive(Clone, Debug)]
pub struct FirstCell {
    /// Cells to fill.
    cells: u32,
    /// Words of the board bit set.
    words: usize,
    /// Words each option's mask spans, from its anchor's word.
    span: usize,
    /// Per option (engine numbering, sorted by anchor then piece rank):
    /// the cell it is anchored at (its first in scan order).
    anchor: Vec<u32>,
    /// Per option: `span` words of its cells, from word `anchor / 64`.
    masks: Vec<u64>,
    /// Per option: its piece.
    piece: Vec<u32>,
    /// Per option: its number in the cover.
    original: Vec<u32>,
    /// Per cover option: its number here, [`NONE`] when left out.
    renumber: Vec<u32>,
    /// Per scan position `p`: its groups are `groups[group_start[p]..group_start[p + 1]]`.
    group_start: Vec<u32>,
    groups: Vec<Anchored>,
    /// Per piece: uses required and allowed, uses so far.
    min: Vec<u32>,
    max: Vec<u32>,
    used: Vec<u32>,
    /// The board: bit `p` is set when the cell at scan position `p` is
    /// full. Bits past the last cell are set, so the first zero bit is
    /// always a cell; `span` spare words follow, so a mask never reads
    /// past the end.
    filled: Vec<u64>,
    /// Options taken by [`Search::enter`].
    depth: usize,
    ticker: Ticker,
}

impl FirstCell {
    /// Whether the engine can search `cover`: every cell must be filled
    /// exactly once, and the other items are pieces (any use counts).
    /// Edge-matching covers (coloured edges) and boards with holes allowed
    /// go to the other engines.
    pub fn supports(cover: &Cover) -> bool {
        !cover.has_colours()
            && cover.items.iter().all(|i| match i.kind {
                ItemKind::Cell(_) => i.min == 1 && i.max == 1,
                ItemKind::Piece(_) => i.min <= i.max,
                ItemKind::Edge(_) | ItemKind::Crossing(_) => false,
            })
    }

    /// The engine for `cover` on `board` with the `forbidden` options left
    /// out; `None` when [`FirstCell::supports`] says no, or an option
    /// covers no cell or not exactly one piece.
    pub fn new(cover: &Cover, forbidden: &[u32], board: &Board) -> Option<FirstCell> {
        if !FirstCell::supports(cover) || board.len() >= NONE as usize {
            return None;
        }
        let scan = scan_positions(board);
        let cells = board.len() as u32;
        let mut excluded = vec![false; cover.options.len()];
        for &o in forbidden {
            *excluded.get_mut(o as usize)? = true;
        }
        let (piece_of_item, min, max) = piece_items(cover);
        // Each kept option as (anchor, piece, its cells in scan order, number).
        let mut kept = Vec::new();
        for (o, items) in cover.options.iter().enumerate() {
            let mut piece = None;
            let mut own = Vec::with_capacity(items.len());
            for &i in items {
                match cover.items[i as usize].kind {
                    ItemKind::Cell(c) => own.push(*scan.get(c as usize)?),
                    _ if piece.is_some() => return None,
                    _ => piece = Some(piece_of_item[i as usize]),
                }
            }
            let piece = piece?;
            own.sort_unstable();
            if own.is_empty() || excluded[o] || max[piece as usize] == 0 {
                continue;
            }
            kept.push((own[0], piece, own, o as u32));
        }
        let area = piece_areas(max.len(), &kept)?;
        // Largest pieces first: they are the hardest to fit later.
        let mut rank: Vec<u32> = (0..max.len() as u32).collect();
        rank.sort_by_key(|&p| (std::cmp::Reverse(area[p as usize]), p));
        let mut rank_of = vec![0u32; max.len()];
        for (r, &p) in rank.iter().enumerate() {
            rank_of[p as usize] = r as u32;
        }
        kept.sort_by_key(|(anchor, piece, _, o)| (*anchor, rank_of[*piece as usize], *o));
        let mut engine = FirstCell::from_kept(cells, &kept, cover.options.len());
        engine.min = min;
        engine.max = max;
        engine.used = vec![0; engine.max.len()];
        Some(engine)
    }

    /// The masks and groups of the kept options (sorted by anchor, then
    /// piece rank); the piece counts are filled in by the caller.
    fn from_kept(cells: u32, kept: &[(u32, u32, Vec<u32>, u32)], n_cover: usize) -> FirstCell {
        let words = (cells as usize).div_ceil(64).max(1);
        let span = kept
            .iter()
            .map(|(anchor, _, own, _)| (own[own.len() - 1] / 64 - anchor / 64) as usize + 1)
            .max()
            .unwrap_or(1);
        let mut masks = vec![0u64; kept.len() * span];
        let mut renumber = vec![NONE; n_cover];
        let mut groups: Vec<Anchored> = Vec::new();
        let mut group_start = vec![0u32; cells as usize + 1];
        for (k, (anchor, piece, own, o)) in kept.iter().enumerate() {
            let base = (anchor / 64) as usize;
            for &p in own {
                masks[k * span + p as usize / 64 - base] |= 1 << (p % 64);
            }
            renumber[*o as usize] = k as u32;
            match groups.last_mut() {
                Some(g) if g.piece == *piece && kept[g.first as usize].0 == *anchor => {
                    g.end = k as u32 + 1
                }
                _ => groups.push(Anchored {
                    piece: *piece,
                    first: k as u32,
                    end: k as u32 + 1,
                }),
            }
            group_start[*anchor as usize + 1] = groups.len() as u32;
        }
        // Cells with no group start where the previous cell's groups end.
        for p in 1..group_start.len() {
            group_start[p] = group_start[p].max(group_start[p - 1]);
        }
        let mut filled = vec![0u64; words + span];
        for p in cells as usize..words * 64 {
            filled[p / 64] |= 1 << (p % 64);
        }
        FirstCell {
            cells,
            words,
            span,
            anchor: kept.iter().map(|k| k.0).collect(),
            masks,
            piece: kept.iter().map(|k| k.1).collect(),
            original: kept.iter().map(|k| k.3).collect(),
            renumber,
            group_start,
            groups,
            min: Vec::new(),
            max: Vec::new(),
            used: Vec::new(),
            filled,
            depth: 0,
            ticker: Ticker::default(),
        }
    }

    /// The first empty cell at or after word `from` (every cell before
    /// that word is full), or `None` when the board is full.
    #[inline(always)]
    fn first_empty(&self, mut from: usize) -> Option<(usize, u32)> {
        while from < self.words {
            let free = !self.filled[from];
            if free != 0 {
                return Some((from, from as u32 * 64 + free.trailing_zeros()));
            }
            from += 1;
        }
        None
    }

    /// Whether every cell of option `k` is empty.
    #[inline(always)]
    fn fits(&self, k: usize) -> bool {
        let base = (self.anchor[k] / 64) as usize;
        let mask = &self.masks[k * self.span..(k + 1) * self.span];
        mask.iter()
            .zip(&self.filled[base..base + self.span])
            .all(|(m, f)| m & f == 0)
    }

    /// Fills (or, called again, empties) the cells of option `k`.
    #[inline(always)]
    fn toggle(&mut self, k: usize) {
        let base = (self.anchor[k] / 64) as usize;
        let mask = &self.masks[k * self.span..(k + 1) * self.span];
        for (f, m) in self.filled[base..base + self.span].iter_mut().zip(mask) {
            *f ^= m;
        }
    }

    /// Whether every piece has been used at least its minimum number of
    /// times (checked when the board is full).
    fn counts_met(&self) -> bool {
        self.used.iter().zip(&self.min).all(|(u, m)| u >= m)
    }

    /// The options that may be taken at the current node, in cover
    /// numbering, at the first empty cell; `None` when the board is full.
    fn options_here(&self) -> Option<Vec<u32>> {
        let (_, cell) = self.first_empty(0)?;
        let mut out = Vec::new();
        for g in self.groups_at(cell) {
            if self.used[g.piece as usize] < self.max[g.piece as usize] {
                let fitting = (g.first..g.end).filter(|&k| self.fits(k as usize));
                out.extend(fitting.map(|k| self.original[k as usize]));
            }
        }
        Some(out)
    }

    fn groups_at(&self, cell: u32) -> &[Anchored] {
        let p = cell as usize;
        &self.groups[self.group_start[p] as usize..self.group_start[p + 1] as usize]
    }

    /// Visits every solution below the current node; every cell before
    /// word `from` is full.
    fn search_from(
        &mut self,
        from: usize,
        chosen: &mut Vec<u32>,
        visit: &mut dyn FnMut(&[u32]) -> bool,
    ) -> Result<(), Halt> {
        self.ticker.node()?;
        // 1. The first empty cell; a full board is a solution when every
        //    piece's minimum use is met.
        let Some((word, cell)) = self.first_empty(from) else {
            if self.counts_met() {
                return search::report(visit, chosen);
            }
            return Ok(());
        };
        // 2. Each piece with a copy left, largest first, and each of its
        //    placements anchored at that cell that fits: take it, go
        //    deeper, put it back.
        let (start, end) = (
            self.group_start[cell as usize] as usize,
            self.group_start[cell as usize + 1] as usize,
        );
        for gi in start..end {
            let g = self.groups[gi];
            let piece = g.piece as usize;
            if self.used[piece] >= self.max[piece] {
                continue;
            }
            self.used[piece] += 1;
            for k in g.first as usize..g.end as usize {
                // One word (boards up to 64 cells, and most placements of
                // larger ones) is the common case: test it without slices.
                let fits = if self.span == 1 {
                    self.masks[k] & self.filled[word] == 0
                } else {
                    self.fits(k)
                };
                if !fits {
                    continue;
                }
                self.toggle(k);
                chosen.push(self.original[k]);
                let result = deeper(chosen.len(), || self.search_from(word, chosen, visit));
                chosen.pop();
                self.toggle(k);
                if result.is_err() {
                    self.used[piece] -= 1;
                    return result;
                }
            }
            self.used[piece] -= 1;
        }
        Ok(())
    }
}

impl Search for FirstCell {
    fn primary(&self) -> u32 {
        self.cells
    }

    /// Each option must be one [`Search::branches`] offers at its depth
    /// (anchored at the first empty cell, fitting, its piece not used
    /// up); anything else panics before the board is touched.
    fn enter(&mut self, path: &[u32]) {
        for &o in path {
            let k = self.renumber.get(o as usize).copied().unwrap_or(NONE);
            let offered = k != NONE
                && self.first_empty(0).map(|(_, c)| c) == Some(self.anchor[k as usize])
                && self.used[self.piece[k as usize] as usize]
                    < self.max[self.piece[k as usize] as usize]
                && self.fits(k as usize);
            assert!(
                offered,
                "FirstCell::enter: option {o} cannot be taken here: a path must come from branches()"
            );
            self.toggle(k as usize);
            self.used[self.piece[k as usize] as usize] += 1;
        }
        self.depth = path.len();
    }

    fn leave(&mut self, path: &[u32]) {
        for &o in path.iter().rev() {
            let k = self.renumber[o as usize] as usize;
            self.toggle(k);
            self.used[self.piece[k] as usize] -= 1;
        }
        self.depth = 0;
    }

    fn branches(&mut self) -> Option<Vec<u32>> {
        match self.options_here() {
            None if self.counts_met() => None,
            None => Some(Vec::new()),
            some => some,
        }
    }

    fn search(
        &mut self,
        chosen: &mut Vec<u32>,
        visit: &mut dyn FnMut(&[u32]) -> bool,
    ) -> Result<(), Halt> {
        self.search_from(0, chosen, visit)
    }

    fn ticker(&self) -> &Ticker {
        &self.ticker
    }

    fn ticker_mut(&mut self) -> &mut Ticker {
        &mut self.ticker
    }
}

/// Each board cell's position in the scan: the board's longest axis
/// varies slowest, its shortest fastest (ties keep layer, row, column).
fn scan_positions(board: &Board) -> Vec<u32> {
    let extent = board.extent();
    let mut axes = [2usize, 1, 0];
    axes.sort_by_key(|&a| std::cmp::Reverse(extent[a]));
    let mut order: Vec<u32> = (0..board.len() as u32).collect();
    order.sort_by_key(|&i| {
        let c = board.cell(i).coords();
        axes.map(|a| c[a])
    });
    let mut scan = vec![0u32; board.len()];
    for (position, &i) in order.iter().enumerate() {
        scan[i as usize] = position as u32;
    }
    scan
}

/// Per cover item: its piece number (`u32::MAX` for cells); and per
/// piece, the uses required and allowed.
fn piece_items(cover: &Cover) -> (Vec<u32>, Vec<u32>, Vec<u32>) {
    let mut piece_of_item = vec![NONE; cover.items.len()];
    let (mut min, mut max) = (Vec::new(), Vec::new());
    for (i, item) in cover.items.iter().enumerate() {
        if let ItemKind::Piece(_) = item.kind {
            piece_of_item[i] = min.len() as u32;
            min.push(item.min);
            max.push(item.max);
        }
    }
    (piece_of_item, min, max)
}

/// Each piece's area (the cells of its placements); `None` when two
/// placements of one piece differ in size.
fn piece_areas(pieces: usize, kept: &[(u32, u32, Vec<u32>, u32)]) -> Option<Vec<u32>> {
    let mut area = vec![0u32; pieces];
    for (_, piece, own, _) in kept {
        let a = &mut area[*piece as usize];
        if *a != 0 && *a != own.len() as u32 {
            return None;
        }
        *a = own.len() as u32;
    }
    Some(area)
}
