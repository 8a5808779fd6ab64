//! The row-scan engine for edge-matching tiles: fill the positions in a
//! fixed order, looking up only the tile looks that fit.
//!
//! An edge-matching board filled in an order where every position comes
//! after its left and upper neighbours has a simple shape at every step:
//! when the search reaches a position, the colours its tile must show on
//! its left and top sides are *known*, and the tiles that can go there are
//! exactly the looks (tile and turn) with that pair of colours. The engine
//! builds, per position, a table from the pair (left colour, top colour)
//! to those looks; each search step is one table lookup and a check that
//! the tile has a copy left — no colour is ever compared against a look
//! that cannot fit, and no constraint has to be propagated, because the
//! right and bottom sides are free until their neighbours come.
//!
//! The order (`scan_order`): clues first (positions with one look: their
//! colours then bind their neighbours from the first step), then the top
//! two rows column by column, then row by row — or, on a framed board
//! whose rim closes in few ways, the frame first and then the inside ring
//! by ring (`order`). A position beside a clue
//! asks for a third colour; the table is keyed on two of its asks and the
//! rest are checked look by look. The general rule, for any order: an
//! edge whose other side comes earlier is *asked* (its colour is known),
//! an edge whose other side comes later is *set*. Both sides of an edge
//! speak of it in one colour number, so either may come first.
//!
//! It reads the same [`Cover`] as the other engines: each option covers one
//! position (a cell item) and one tile (a piece item, whose multiplicity is
//! the tile's count, so identical tiles are counted, not labelled), and
//! gives colours to the inner edges it touches ([`Cover::colours`]).
//!
//! After each placement, the later positions it pins down (two or more
//! colours known, as beside the frame) must each keep a look whose tile
//! is left ([`ahead`]: forward checking), or the look is dropped at once
//! instead of a row later.
//!
//! [`fewest`] is the other order: the empty position with the fewest
//! looks that fit, chosen anew at every step (`--solver fewest`).
//!
//! A first solution of the whole tree not found in the fixed order within
//! a node budget is looked for by restarts in shuffled orders
//! ([`restart`]); counting and splitting never restart.
//!
//! Symmetry breaking, counting and splitting over cores come from the
//! shared machinery: forbidden options are left out of the tables, and the
//! engine implements [`Search`], so [`crate::exact::split`] and
//! [`crate::exact::enumerate_parallel`] drive it like Algorithm X. It
//! reports its deepest position and its pace into a [`Meter`](crate::exact::search::Meter) for a
//! person watching a long run.

mod ahead;
pub mod fewest;
mod order;
mod restart;

use super::search::{self, Halt, Search, Ticker, deeper};
use crate::cover::{Cover, ItemKind};
use crate::geometry::Board;

/// A table key or edge that is not there.
const NONE: u32 = u32::MAX;

/// Tables larger than this many slots are not built (a board with very
/// many colours); the other engines answer instead.
const MAX_SLOTS: usize = 1 << 26;

/// The row-scan engine over one edge-matching board: per position, a
/// table from the colours already fixed around it to the looks that fit.
#[derive(Clone, Debug)]
pub struct RowScan {
    /// Positions in scan order.
    positions: usize,
    /// Per position, the (up to two) edges whose colour its look must
    /// match, set by earlier positions; `NONE` where there is no such edge.
    keys: Vec<[u32; 2]>,
    /// Colours per key side, plus one for "no edge".
    width: usize,
    /// Per slot, the range of `entries` it holds
    /// (`slot_start[s]..slot_start[s + 1]`); position `p`'s table is the
    /// `width * width` slots from `p * width * width`.
    slot_start: Vec<u32>,
    /// The looks, grouped by slot: all the search loop reads of a look,
    /// side by side.
    entries: Vec<Entry>,
    /// Per position, the edges its looks give colours to (those whose
    /// other side comes later), in the order of [`Entry::colours`]; unused
    /// places name the spare edge `colour.len() - 1`, which nothing reads.
    set_edges: Vec<[u32; SETS]>,
    /// Per position, whether some look there asks more than its table key
    /// (a clue beside it): only there is `extra` looked at.
    has_extra: Vec<bool>,
    /// Per look: the cover option it is, its position, and where it sits
    /// in `entries` (which a shuffle moves).
    original: Vec<u32>,
    position: Vec<u32>,
    at: Vec<u32>,
    /// Per look, where its asks beyond the table key are in `extra`.
    extra_start: Vec<u32>,
    /// (edge, colour) pairs a look needs beyond its key (a clue beside it).
    extra: Vec<(u32, u16)>,
    /// Per tile: copies left to place, and how many of them may be left
    /// at the end (its most copies less its fewest).
    left: Vec<u32>,
    spare: Vec<u32>,
    /// The colour of every inner edge set so far on the current path, and
    /// the spare edge at the end.
    colour: Vec<u16>,
    /// Per cover option, its look number (`NONE` when left out).
    renumber: Vec<u32>,
    /// Positions filled by the path entered with [`Search::enter`].
    depth: usize,
    /// The forward checks run after each placement.
    ahead: Box<ahead::Ahead>,
    /// With a first solution of the whole tree looked for by restarts
    /// ([`RowScan::allow_restarts`]), how long the runs are.
    restarts: Option<restart::Budgets>,
    /// The current run's node budget and stop flag ([`restart`]).
    watch: restart::Watch,
    /// Nodes, the interrupt flag, and the meter a watcher reads (the
    /// deepest position filled is its depth).
    ticker: Ticker,
}

/// The most edges a look gives colours to: a square's four sides.
const SETS: usize = 4;

/// One look as the search loop reads it: its tile, its number, and the
/// colours it gives its position's `set_edges`. Sixteen bytes, so a
/// table slot's looks share a cache line or two.
#[derive(Clone, Copy, Debug)]
struct Entry {
    tile: u32,
    look: u32,
    colours: [u16; SETS],
}

/// What the constructor reads off the cover about one option.
struct Look {
    position: u32,
    tile: u32,
    /// The first two edges it asks colours for (sorted; those a neighbour
    /// earlier in the scan sets), and those colours: its table key.
    key_edges: [u32; 2],
    key: [u32; 2],
    /// Further edges it asks colours for (a clue beside it), checked one
    /// by one.
    extra: Vec<(u32, u32)>,
    /// The edges whose other side comes later, and the colours it gives them.
    sets: Vec<(u32, u32)>,
}

impl RowScan {
    /// Whether the cover is an edge-matching board this engine can scan.
    pub fn supports(cover: &Cover) -> bool {
        RowScan::new(cover, None, &[]).is_some()
    }

    /// Whether the scan fills `board`'s frame first: its rim closes in
    /// few ways (many colours along it), so the board is led by a small
    /// hard ring rather than row by row.
    pub fn fills_frame_first(cover: &Cover, board: &Board) -> bool {
        order::frame_first(cover, board, &vec![false; cover.options.len()])
    }

    /// The engine for `cover` without the `forbidden` options, scanning
    /// `board`'s positions in the order `scan_order` gives (the cover's
    /// cell order without a board), or `None` when the cover is not an
    /// exactly filled edge-matching board.
    pub fn new(cover: &Cover, board: Option<&Board>, forbidden: &[u32]) -> Option<RowScan> {
        if !cover.has_colours() {
            return None;
        }
        let (cells, tiles, min, max) = items(cover)?;
        let mut excluded = vec![false; cover.options.len()];
        forbidden.iter().for_each(|&o| excluded[o as usize] = true);
        let scan = order::scan_order(cover, &cells, board, &excluded);
        let sides = edge_sides(cover, &cells, &scan)?;
        let mut looks: Vec<(u32, Look)> = Vec::new();
        for (o, covered) in cover.options.iter().enumerate() {
            if excluded[o] {
                continue;
            }
            let look = read_look(cover, o, covered, &scan, &tiles, &sides)?;
            if max[look.tile as usize] > 0 {
                looks.push((o as u32, look));
            }
        }
        let positions = cells.len();
        let mut keys: Vec<Option<[u32; 2]>> = vec![None; positions];
        for (_, look) in &looks {
            // Every look at a position touches the same edges, so asks for
            // the same ones.
            let k = keys[look.position as usize].get_or_insert(look.key_edges);
            if *k != look.key_edges {
                return None;
            }
        }
        let keys = keys.into_iter().map(|k| k.unwrap_or([NONE; 2])).collect();
        let colours = cover
            .colours
            .iter()
            .flatten()
            .map(|c| c.colour + 1)
            .max()
            .unwrap_or(0) as usize;
        let width = colours + 1;
        if positions.saturating_mul(width * width) > MAX_SLOTS || colours >= usize::from(u16::MAX) {
            return None;
        }
        let set_edges = set_edges(positions, cover.edges, &mut looks)?;
        let asks: Vec<(u32, ahead::Asks)> =
            looks.iter().map(|(o, look)| (*o, look.asks())).collect();
        let mut engine = RowScan::build(cover, keys, width, set_edges, looks, min, max);
        let asks = engine.by_look(asks);
        // Before any shuffle, `entries` is in look order.
        let tiles: Vec<u32> = engine.entries.iter().map(|e| e.tile).collect();
        engine.ahead = Box::new(ahead::Ahead::new(positions, width, &asks, &sides, &tiles));
        Some(engine)
    }

    fn build(
        cover: &Cover,
        keys: Vec<[u32; 2]>,
        width: usize,
        set_edges: Vec<[u32; SETS]>,
        mut looks: Vec<(u32, Look)>,
        min: Vec<u32>,
        max: Vec<u32>,
    ) -> RowScan {
        let positions = keys.len();
        let slot = |look: &Look| {
            let side = |c: u32| if c == NONE { width - 1 } else { c as usize };
            look.position as usize * width * width + side(look.key[0]) * width + side(look.key[1])
        };
        // Stable: within a slot, looks keep the cover's order.
        looks.sort_by_key(|(_, look)| slot(look));
        let slots = positions * width * width;
        let mut slot_start = vec![0u32; slots + 1];
        for (_, look) in &looks {
            slot_start[slot(look) + 1] += 1;
        }
        for s in 0..slots {
            slot_start[s + 1] += slot_start[s];
        }
        let mut renumber = vec![NONE; cover.options.len()];
        let mut engine = RowScan {
            positions,
            keys,
            width,
            slot_start,
            entries: Vec::with_capacity(looks.len()),
            set_edges,
            has_extra: vec![false; positions],
            original: Vec::with_capacity(looks.len()),
            position: Vec::with_capacity(looks.len()),
            at: (0..looks.len() as u32).collect(),
            extra_start: vec![0],
            extra: Vec::new(),
            left: max.clone(),
            spare: max.iter().zip(&min).map(|(x, n)| x - n).collect(),
            colour: vec![u16::MAX; cover.edges + 1],
            renumber: Vec::new(),
            depth: 0,
            ahead: Box::default(),
            restarts: None,
            watch: restart::Watch::default(),
            ticker: Ticker::default(),
        };
        for (k, (o, look)) in looks.into_iter().enumerate() {
            renumber[o as usize] = k as u32;
            let mut colours = [u16::MAX; SETS];
            for (c, &(_, colour)) in colours.iter_mut().zip(&look.sets) {
                *c = colour as u16;
            }
            engine.entries.push(Entry {
                tile: look.tile,
                look: k as u32,
                colours,
            });
            engine.original.push(o);
            engine.position.push(look.position);
            if !look.extra.is_empty() {
                engine.has_extra[look.position as usize] = true;
            }
            let extra = look.extra.iter().map(|&(e, c)| (e, c as u16));
            engine.extra.extend(extra);
            engine.extra_start.push(engine.extra.len() as u32);
        }
        engine.renumber = renumber;
        engine
    }

    /// Reorders the looks within each table slot by a seeded shuffle:
    /// the same tree, walked in another order.
    pub fn shuffle(&mut self, seed: u64) {
        let mut rng = crate::rng::Rng::new(seed);
        for s in 0..self.slot_start.len() - 1 {
            let (from, to) = (self.slot_start[s] as usize, self.slot_start[s + 1] as usize);
            rng.shuffle(&mut self.entries[from..to]);
        }
        for (i, e) in self.entries.iter().enumerate() {
            self.at[e.look as usize] = i as u32;
        }
    }

    /// Lets a first solution of the whole tree be looked for by restarts
    /// ([`restart`]): only for a search that stops at its first solution,
    /// since two threads walking the tree each their own way may meet
    /// the same one.
    pub fn allow_restarts(&mut self) {
        self.restarts = Some(restart::BUDGETS);
    }

    /// [`RowScan::allow_restarts`] with the fixed scan's budget and
    /// Luby's unit run in nodes: for tests, where small budgets make
    /// small boards restart.
    #[doc(hidden)]
    pub fn allow_restarts_after(&mut self, first: u64, unit: u64) {
        self.restarts = Some(restart::Budgets { first, unit });
    }

    /// Per-option facts in engine look order.
    fn by_look<T>(&self, mut of: Vec<(u32, T)>) -> Vec<T> {
        of.iter_mut()
            .for_each(|(o, _)| *o = self.renumber[*o as usize]);
        of.sort_unstable_by_key(|(k, _)| *k);
        of.into_iter().map(|(_, t)| t).collect()
    }

    /// The table slots' range of `entries` that fit at position `p`,
    /// given the colours set so far.
    #[inline(always)]
    fn candidates(&self, p: usize) -> std::ops::Range<usize> {
        let side = |e: u32| {
            if e == NONE {
                self.width - 1
            } else {
                // An edge whose first side is placed always has a colour.
                self.colour[e as usize] as usize
            }
        };
        let [a, b] = self.keys[p];
        let s = (p * self.width + side(a)) * self.width + side(b);
        self.slot_start[s] as usize..self.slot_start[s + 1] as usize
    }

    /// Takes entry `e` at position `p`: its tile's copy and the colours it
    /// gives.
    #[inline(always)]
    fn place(&mut self, p: usize, e: Entry) {
        self.left[e.tile as usize] -= 1;
        for (&edge, &colour) in self.set_edges[p].iter().zip(&e.colours) {
            self.colour[edge as usize] = colour;
        }
    }

    /// Whether look `k`'s asks beyond its table key are met.
    fn extra_ok(&self, k: usize) -> bool {
        let (from, to) = (
            self.extra_start[k] as usize,
            self.extra_start[k + 1] as usize,
        );
        self.extra[from..to]
            .iter()
            .all(|&(edge, colour)| self.colour[edge as usize] == colour)
    }

    /// Whether entry `e` can go next at position `p`: a copy of its tile
    /// is left and its other asks are met.
    #[inline(always)]
    fn fits(&self, p: usize, e: Entry) -> bool {
        self.left[e.tile as usize] > 0 && (!self.has_extra[p] || self.extra_ok(e.look as usize))
    }

    /// Puts entry `e` back. Its colours stay: an edge's colour is only
    /// read after its first side is placed again.
    #[inline(always)]
    fn unplace(&mut self, e: Entry) {
        self.left[e.tile as usize] += 1;
    }

    /// Whether the positions the entry just placed at `p` pins down keep a
    /// look each ([`ahead`]).
    #[inline(always)]
    fn ahead_ok(&self, p: usize) -> bool {
        self.ahead.ok(p, &self.colour, &self.left)
    }

    /// Look `k`'s entry and position.
    fn entry(&self, k: usize) -> (usize, Entry) {
        (self.position[k] as usize, self.entries[self.at[k] as usize])
    }

    /// [`RowScan::ahead_ok`] for look `k`, not placed: placed and taken
    /// back.
    fn keeps_ahead(&mut self, k: usize) -> bool {
        let (p, e) = self.entry(k);
        self.place(p, e);
        let ok = self.ahead_ok(p);
        self.unplace(e);
        ok
    }

    fn counts_met(&self) -> bool {
        self.left.iter().zip(&self.spare).all(|(l, s)| l <= s)
    }

    fn search_from(
        &mut self,
        p: usize,
        chosen: &mut Vec<u32>,
        visit: &mut dyn FnMut(&[u32]) -> bool,
    ) -> Result<(), Halt> {
        self.ticker.node_at(p as u64)?;
        if self.ticker.nodes >= self.watch.next {
            self.watch.check(self.ticker.nodes)?;
        }
        if p == self.positions {
            if self.counts_met() {
                self.watch.lift();
                return search::report(visit, chosen);
            }
            return Ok(());
        }
        for i in self.candidates(p) {
            let e = self.entries[i];
            if !self.fits(p, e) {
                continue;
            }
            self.place(p, e);
            if !self.ahead_ok(p) {
                self.unplace(e);
                continue;
            }
            chosen.push(self.original[e.look as usize]);
            let result = deeper(chosen.len(), || self.search_from(p + 1, chosen, visit));
            chosen.pop();
            self.unplace(e);
            result?;
        }
        Ok(())
    }
}

/// Per position, the edges its looks give colours to, sorted; each look's
/// `sets` put in that order. `None` when two looks at one position set
/// different edges, or one sets more than [`SETS`]. Unused places name
/// the spare edge `edges`.
fn set_edges(
    positions: usize,
    edges: usize,
    looks: &mut [(u32, Look)],
) -> Option<Vec<[u32; SETS]>> {
    let mut set: Vec<Option<[u32; SETS]>> = vec![None; positions];
    for (_, look) in looks.iter_mut() {
        if look.sets.len() > SETS {
            return None;
        }
        look.sets.sort_unstable();
        let mut these = [edges as u32; SETS];
        for (place, &(edge, _)) in these.iter_mut().zip(&look.sets) {
            *place = edge;
        }
        if *set[look.position as usize].get_or_insert(these) != these {
            return None;
        }
    }
    Some(
        set.into_iter()
            .map(|s| s.unwrap_or([edges as u32; SETS]))
            .collect(),
    )
}

/// The cover's cells (board index, cover item) and its tiles (cover item
/// → tile number, with min and max copies); `None` unless every cell is
/// covered exactly once.
#[allow(clippy::type_complexity)]
fn items(cover: &Cover) -> Option<(Vec<(u32, usize)>, Vec<u32>, Vec<u32>, Vec<u32>)> {
    let mut cells: Vec<(u32, usize)> = Vec::new();
    let mut tiles = vec![NONE; cover.items.len()];
    let (mut min, mut max) = (Vec::new(), Vec::new());
    for (i, item) in cover.items.iter().enumerate() {
        match item.kind {
            ItemKind::Cell(c) if item.min == 1 && item.max == 1 => cells.push((c, i)),
            ItemKind::Cell(_) => return None,
            ItemKind::Piece(_) => {
                tiles[i] = min.len() as u32;
                min.push(item.min);
                max.push(item.max);
            }
            ItemKind::Edge(_) | ItemKind::Crossing(_) => return None,
        }
    }
    Some((cells, tiles, min, max))
}

/// Per inner edge, the scan positions of its first and second side
/// (`NONE` where no option touches a side), from [`Cover::edge_cells`].
fn edge_sides(cover: &Cover, cells: &[(u32, usize)], scan: &[u32]) -> Option<Vec<[u32; 2]>> {
    let mut position = std::collections::HashMap::with_capacity(cells.len());
    for &(c, i) in cells {
        position.insert(c, scan[i]);
    }
    let at = |c: u32| position.get(&c).copied().unwrap_or(NONE);
    Some(
        cover
            .edge_cells()?
            .into_iter()
            .map(|[a, b]| [at(a), at(b)])
            .collect(),
    )
}

impl Look {
    /// Every (edge, colour) pair it asks for, for the forward checks.
    fn asks(&self) -> ahead::Asks {
        let key = (0..2).filter(|&i| self.key_edges[i] != NONE);
        let mut asks: Vec<(u32, u32)> = key.map(|i| (self.key_edges[i], self.key[i])).collect();
        asks.extend(self.extra.iter().copied());
        ahead::Asks {
            position: self.position,
            asks,
        }
    }
}

/// One option as a look: its position, its tile, the colours it asks of
/// neighbours earlier in the scan and those it gives later ones; `None`
/// when the option is not one position and one tile.
///
/// Both sides of an edge speak of it in one colour number (the cover
/// gives the second side the partner's number), so whichever side comes
/// first sets it and the other compares.
fn read_look(
    cover: &Cover,
    o: usize,
    covered: &[u32],
    scan: &[u32],
    tiles: &[u32],
    sides: &[[u32; 2]],
) -> Option<Look> {
    let mut position = NONE;
    let mut tile = NONE;
    for &i in covered {
        if scan[i as usize] != NONE && position == NONE {
            position = scan[i as usize];
        } else if tiles[i as usize] != NONE && tile == NONE {
            tile = tiles[i as usize];
        } else {
            return None;
        }
    }
    if position == NONE || tile == NONE {
        return None;
    }
    let mut asks: Vec<(u32, u32)> = Vec::new();
    let mut sets: Vec<(u32, u32)> = Vec::new();
    for c in &cover.colours[o] {
        let other = sides[c.edge as usize][usize::from(c.first)];
        if other != NONE && other < position {
            asks.push((c.edge, c.colour));
        } else {
            sets.push((c.edge, c.colour));
        }
    }
    asks.sort_unstable();
    let mut look = Look {
        position,
        tile,
        key_edges: [NONE; 2],
        key: [NONE; 2],
        extra: asks.split_off(asks.len().min(2)),
        sets,
    };
    for (k, &(edge, colour)) in asks.iter().enumerate() {
        look.key_edges[k] = edge;
        look.key[k] = colour;
    }
    Some(look)
}

impl restart::Restart for RowScan {
    const NAME: &'static str = "row-scan engine";

    fn shuffle(&mut self, seed: u64) {
        RowScan::shuffle(self, seed);
    }

    fn watch(&mut self) -> &mut restart::Watch {
        &mut self.watch
    }

    fn budgets(&mut self) -> &mut Option<restart::Budgets> {
        &mut self.restarts
    }
}

impl Search for RowScan {
    fn primary(&self) -> u32 {
        self.positions as u32
    }

    /// Each option must be one [`Search::branches`] offers at its depth (at
    /// the next position, fitting the colours set, its tile not used up);
    /// anything else panics before the state is touched.
    fn enter(&mut self, path: &[u32]) {
        for &o in path {
            let k = self.renumber.get(o as usize).copied().unwrap_or(NONE);
            let offered = k != NONE
                && self.depth < self.positions
                && self.position[k as usize] as usize == self.depth
                && self
                    .candidates(self.depth)
                    .any(|i| self.entries[i].look == k)
                && self.fits(self.depth, self.entry(k as usize).1);
            assert!(
                offered,
                "RowScan::enter: option {o} cannot be taken here: a path must come from branches()"
            );
            let (p, e) = self.entry(k as usize);
            self.place(p, e);
            self.depth += 1;
        }
    }

    fn leave(&mut self, path: &[u32]) {
        for &o in path.iter().rev() {
            let (_, e) = self.entry(self.renumber[o as usize] as usize);
            self.unplace(e);
            self.depth -= 1;
        }
    }

    fn branches(&mut self) -> Option<Vec<u32>> {
        if self.depth == self.positions {
            return if self.counts_met() {
                None
            } else {
                Some(Vec::new())
            };
        }
        let p = self.depth;
        let fitting: Vec<usize> = self
            .candidates(p)
            .map(|i| self.entries[i])
            .filter(|&e| self.fits(p, e))
            .map(|e| e.look as usize)
            .collect();
        let kept: Vec<usize> = fitting
            .into_iter()
            .filter(|&k| self.keeps_ahead(k))
            .collect();
        Some(kept.into_iter().map(|k| self.original[k]).collect())
    }

    fn search(
        &mut self,
        chosen: &mut Vec<u32>,
        visit: &mut dyn FnMut(&[u32]) -> bool,
    ) -> Result<(), Halt> {
        let result = self.search_from(self.depth, chosen, visit);
        self.ticker.report();
        result
    }

    fn first_by_restarts<V, F>(&mut self, threads: usize, visitor: &F) -> Option<Result<u64, Halt>>
    where
        V: FnMut(&[u32]) -> bool + Send,
        F: Fn() -> V + Sync,
    {
        restart::first_by_restarts(self, threads, visitor)
    }

    fn ticker(&self) -> &Ticker {
        &self.ticker
    }

    fn ticker_mut(&mut self) -> &mut Ticker {
        &mut self.ticker
    }
}
