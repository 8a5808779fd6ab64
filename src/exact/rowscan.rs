//! The row-scan engine for edge-matching tiles: fill the positions in
//! board order, looking up only the tile looks that fit.
//!
//! An edge-matching board filled row by row, left to right, has a simple
//! shape at every step: when the search reaches a position, its left and
//! top neighbours are placed and its right and bottom ones are not. So the
//! colours a tile must show on its left and top sides are *known*, and the
//! tiles that can go there are exactly the looks (tile and turn) with that
//! pair of colours. The engine builds, per position, a table from the pair
//! (left colour, top colour) to those looks; each search step is one table
//! lookup and a check that the tile has a copy left — no colour is ever
//! compared against a look that cannot fit, and no constraint has to be
//! propagated, because the right and bottom sides are free until their
//! neighbours come.
//!
//! It reads the same [`Cover`] as the other engines: each option covers one
//! position (a cell item) and one tile (a piece item, whose multiplicity is
//! the tile's count, so identical tiles are counted, not labelled), and
//! gives colours to the inner edges it touches ([`Cover::colours`]: on an
//! edge's first side, the left or upper one, the option sets the colour; on
//! its second side it asks for it). The scan is the order of the board's
//! cells; the constructor checks that every edge's first side comes first
//! in it, which is what makes the colours known.
//!
//! Symmetry breaking, counting and splitting over cores come from the
//! shared machinery: forbidden options are left out of the tables, and the
//! engine implements [`Search`], so [`crate::exact::split`] and
//! [`crate::exact::enumerate_parallel`] drive it like Algorithm X.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use super::search::{self, Meter, Search, Stop};
use crate::cover::{Cover, ItemKind};

/// A table key or edge that is not there.
const NONE: u32 = u32::MAX;

/// Tables larger than this many slots are not built (a board with very
/// many colours); the other engines answer instead.
const MAX_SLOTS: usize = 1 << 26;

#[derive(Clone, Debug)]
pub struct RowScan {
    /// Positions in scan order.
    positions: usize,
    /// Per position, the (up to two) edges whose colour its look must
    /// match, set by earlier positions; `NONE` where there is no such edge.
    keys: Vec<[u32; 2]>,
    /// Colours per key side, plus one for "no edge".
    width: usize,
    /// Per position, where its table starts in `slots`; a table has
    /// `width * width` slots.
    table: Vec<usize>,
    /// Per slot, the range of `looks` it holds (`slot_start[s]..slot_start[s + 1]`).
    slot_start: Vec<u32>,
    /// The looks (engine-internal option numbers), grouped by slot.
    looks: Vec<u32>,
    /// Per look: its tile, the cover option it is, and where its colours
    /// for the edges it is the first side of are in `sets`.
    tile: Vec<u32>,
    original: Vec<u32>,
    sets_start: Vec<u32>,
    /// (edge, colour) pairs the looks give to edges they are left of or
    /// above.
    sets: Vec<(u32, u32)>,
    /// Per tile: copies placed, and how many must and may be.
    used: Vec<u32>,
    min: Vec<u32>,
    max: Vec<u32>,
    /// The colour of every inner edge set so far on the current path.
    colour: Vec<u32>,
    /// Per cover option, its look number (`NONE` when left out).
    renumber: Vec<u32>,
    /// Per look, its position in scan order.
    position: Vec<u32>,
    /// Positions filled by the path entered with [`Search::enter`].
    depth: usize,
    nodes: u64,
    interrupt: Option<Arc<AtomicBool>>,
    /// Progress for a watcher: the deepest position filled since the last
    /// report, and the nodes counted by then.
    meter: Option<Arc<Meter>>,
    deepest: usize,
    reported: u64,
}

/// What the constructor reads off the cover about one option.
struct Look {
    position: u32,
    tile: u32,
    /// The edges it asks colours for (sorted), and those colours.
    key_edges: [u32; 2],
    key: [u32; 2],
    sets: Vec<(u32, u32)>,
}

impl RowScan {
    /// Whether the cover is an edge-matching board this engine can scan.
    pub fn supports(cover: &Cover) -> bool {
        RowScan::new(cover, &[]).is_some()
    }

    /// The engine for `cover` without the `forbidden` options, or `None`
    /// when the cover is not an exactly filled edge-matching board whose
    /// edges all have their first side earlier in the scan.
    pub fn new(cover: &Cover, forbidden: &[u32]) -> Option<RowScan> {
        if !cover.has_colours() {
            return None;
        }
        let (scan, tiles, min, max) = items(cover)?;
        let edge_first = edge_first_sides(cover, &scan)?;
        let mut excluded = vec![false; cover.options.len()];
        forbidden.iter().for_each(|&o| excluded[o as usize] = true);
        let mut looks: Vec<(u32, Look)> = Vec::new();
        for (o, covered) in cover.options.iter().enumerate() {
            if excluded[o] {
                continue;
            }
            let look = read_look(cover, o, covered, &scan, &tiles, &edge_first)?;
            if max[look.tile as usize] > 0 {
                looks.push((o as u32, look));
            }
        }
        let positions = cover
            .items
            .iter()
            .filter(|i| matches!(i.kind, ItemKind::Cell(_)))
            .count();
        let mut keys = vec![[NONE; 2]; positions];
        for (_, look) in &looks {
            // Every look at a position asks for the same edges: those to
            // its left and above.
            keys[look.position as usize] = look.key_edges;
        }
        let colours = cover
            .colours
            .iter()
            .flatten()
            .map(|c| c.colour + 1)
            .max()
            .unwrap_or(0) as usize;
        let width = colours + 1;
        if positions.saturating_mul(width * width) > MAX_SLOTS {
            return None;
        }
        Some(RowScan::build(
            cover, positions, keys, width, looks, min, max,
        ))
    }

    fn build(
        cover: &Cover,
        positions: usize,
        keys: Vec<[u32; 2]>,
        width: usize,
        mut looks: Vec<(u32, Look)>,
        min: Vec<u32>,
        max: Vec<u32>,
    ) -> RowScan {
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
            table: (0..positions).map(|p| p * width * width).collect(),
            slot_start,
            looks: (0..looks.len() as u32).collect(),
            tile: Vec::with_capacity(looks.len()),
            original: Vec::with_capacity(looks.len()),
            sets_start: vec![0],
            sets: Vec::new(),
            used: vec![0; max.len()],
            min,
            max,
            colour: vec![NONE; cover.edges],
            renumber: Vec::new(),
            position: Vec::with_capacity(looks.len()),
            depth: 0,
            nodes: 0,
            interrupt: None,
            meter: None,
            deepest: 0,
            reported: 0,
        };
        for (k, (o, look)) in looks.into_iter().enumerate() {
            renumber[o as usize] = k as u32;
            engine.tile.push(look.tile);
            engine.original.push(o);
            engine.position.push(look.position);
            engine.sets.extend(look.sets);
            engine.sets_start.push(engine.sets.len() as u32);
        }
        engine.renumber = renumber;
        engine
    }

    /// The looks that fit at position `p`, given the colours set so far.
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
        let s = self.table[p] + side(a) * self.width + side(b);
        self.slot_start[s] as usize..self.slot_start[s + 1] as usize
    }

    /// Takes look `k`: its tile's copy and the colours it gives.
    fn place(&mut self, k: usize) {
        self.used[self.tile[k] as usize] += 1;
        let (from, to) = (self.sets_start[k] as usize, self.sets_start[k + 1] as usize);
        for &(edge, colour) in &self.sets[from..to] {
            self.colour[edge as usize] = colour;
        }
    }

    /// Puts look `k` back. Its colours stay: an edge's colour is only read
    /// after its first side is placed again.
    fn unplace(&mut self, k: usize) {
        self.used[self.tile[k] as usize] -= 1;
    }

    /// Adds the nodes and depth since the last report to the meter.
    fn report(&mut self) {
        if let Some(m) = &self.meter {
            m.add(self.nodes - self.reported, self.deepest as u64);
            self.reported = self.nodes;
        }
    }

    fn counts_met(&self) -> bool {
        self.used.iter().zip(&self.min).all(|(u, m)| u >= m)
    }

    fn search_from(
        &mut self,
        p: usize,
        chosen: &mut Vec<u32>,
        visit: &mut dyn FnMut(&[u32]) -> bool,
    ) -> Result<(), Stop> {
        search::count_node(&mut self.nodes, self.interrupt.as_deref())?;
        self.deepest = self.deepest.max(p);
        if self.nodes & 0xfff == 0 {
            self.report();
        }
        if p == self.positions {
            if self.counts_met() {
                return search::report(visit, chosen);
            }
            return Ok(());
        }
        for i in self.candidates(p) {
            let k = self.looks[i] as usize;
            let t = self.tile[k] as usize;
            if self.used[t] >= self.max[t] {
                continue;
            }
            self.place(k);
            chosen.push(self.original[k]);
            let result = self.search_from(p + 1, chosen, visit);
            chosen.pop();
            self.unplace(k);
            result?;
        }
        Ok(())
    }
}

/// The cover's cells in scan order (cover item → scan position) and its
/// tiles (cover item → tile number with min and max copies); `None` unless
/// every cell is covered exactly once.
#[allow(clippy::type_complexity)]
fn items(cover: &Cover) -> Option<(Vec<u32>, Vec<u32>, Vec<u32>, Vec<u32>)> {
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
            ItemKind::Edge(_) => return None,
        }
    }
    // The board's cell order: row by row.
    cells.sort_unstable();
    let mut scan = vec![NONE; cover.items.len()];
    for (p, &(_, i)) in cells.iter().enumerate() {
        scan[i] = p as u32;
    }
    Some((scan, tiles, min, max))
}

/// Per inner edge, the scan position of its first side (left or upper);
/// `None` when an edge has options on its first side at two positions.
fn edge_first_sides(cover: &Cover, scan: &[u32]) -> Option<Vec<u32>> {
    let mut first = vec![NONE; cover.edges];
    for (covered, colours) in cover.options.iter().zip(&cover.colours) {
        let Some(p) = covered
            .iter()
            .map(|&i| scan[i as usize])
            .find(|&p| p != NONE)
        else {
            continue;
        };
        for c in colours.iter().filter(|c| c.first) {
            let f = &mut first[c.edge as usize];
            if *f != NONE && *f != p {
                return None;
            }
            *f = p;
        }
    }
    Some(first)
}

/// One option as a look: its position, its tile, the colours it must find
/// (from earlier positions) and the colours it sets; `None` when the option
/// is not one position and one tile, or asks for a colour a later position
/// would set.
fn read_look(
    cover: &Cover,
    o: usize,
    covered: &[u32],
    scan: &[u32],
    tiles: &[u32],
    edge_first: &[u32],
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
    let mut look = Look {
        position,
        tile,
        key_edges: [NONE; 2],
        key: [NONE; 2],
        sets: Vec::new(),
    };
    let mut asks: Vec<(u32, u32)> = Vec::new();
    for c in &cover.colours[o] {
        if c.first {
            look.sets.push((c.edge, c.colour));
        } else {
            let f = edge_first[c.edge as usize];
            if f == NONE || f >= position {
                return None;
            }
            asks.push((c.edge, c.colour));
        }
    }
    if asks.len() > 2 {
        return None;
    }
    asks.sort_unstable();
    for (k, &(edge, colour)) in asks.iter().enumerate() {
        look.key_edges[k] = edge;
        look.key[k] = colour;
    }
    Some(look)
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
                && self.candidates(self.depth).any(|i| self.looks[i] == k)
                && self.used[self.tile[k as usize] as usize]
                    < self.max[self.tile[k as usize] as usize];
            assert!(
                offered,
                "RowScan::enter: option {o} cannot be taken here: a path must come from branches()"
            );
            self.place(k as usize);
            self.depth += 1;
        }
    }

    fn leave(&mut self, path: &[u32]) {
        for &o in path.iter().rev() {
            self.unplace(self.renumber[o as usize] as usize);
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
        Some(
            self.candidates(self.depth)
                .map(|i| self.looks[i] as usize)
                .filter(|&k| self.used[self.tile[k] as usize] < self.max[self.tile[k] as usize])
                .map(|k| self.original[k])
                .collect(),
        )
    }

    fn search(
        &mut self,
        chosen: &mut Vec<u32>,
        visit: &mut dyn FnMut(&[u32]) -> bool,
    ) -> Result<(), Stop> {
        let result = self.search_from(self.depth, chosen, visit);
        self.report();
        result
    }

    fn nodes(&self) -> u64 {
        self.nodes
    }

    fn set_interrupt(&mut self, flag: Arc<AtomicBool>) {
        self.interrupt = Some(flag);
    }

    fn set_meter(&mut self, meter: Arc<Meter>) {
        self.meter = Some(meter);
    }
}
