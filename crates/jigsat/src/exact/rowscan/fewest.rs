//! Fewest looks first: an edge-matching search whose next position is
//! the empty one with the fewest looks that still fit (a dynamic order),
//! instead of the row scan's fixed one.
//!
//! Every look is a tile and the colours it shows north, east, south and
//! west, numbered once for the whole board, so the looks that fit a
//! position are bit sets ANDed: the looks allowed there (its rim), per
//! side whose colour is known the looks showing that colour on that side
//! (`fit`, narrowed as neighbours are filled), the looks whose tile has a
//! copy left (`free`), and the looks whose colour on each side with an
//! empty neighbour that knows a colour is one that neighbour can still
//! show back (`allow`: arc consistency on that edge, one step). The count
//! alone made the framed 7x7 count trees 4-11 times smaller than the row
//! scan's; with `allow`, 14-40 times (encodings/RESULTS.md, "Edge
//! matching, session 17").
//!
//! Each position keeps its count of looks in `fit & free & allow`: a
//! placement recounts the (up to four) neighbours it gives a colour to
//! and the positions whose `allow` it changes, and when it uses up a tile
//! takes that tile's looks off every count, so the choice of the next
//! position is a few passes over the counts. A position with no look left
//! ends the path at once; one with a single look is filled next.
//! Otherwise the next is the position whose looks and known sides are
//! fewest together: of two positions with as many looks, the one that
//! knows fewer of its neighbours' colours is the tighter, its looks cut
//! by the tiles used up and by what its neighbours can still show rather
//! than by colours it was given, and the other will narrow as its
//! neighbours fill anyway. That made the count trees of the framed 7x7s
//! and 8x8s 0.69-0.92 times as large as the looks alone did; weighing a
//! known side as more or less than one look, or preferring the position
//! that knows more sides, did worse (encodings/RESULTS.md, "session 25"). Ties go to
//! the earlier position in the row scan's order (the frame first where
//! it closes in few ways), which is how positions are numbered here.
//!
//! What a placement changes is written to one log of old values and put
//! back from it, so taking a placement back costs what making it did.
//! The colours a position can show per side are bit sets worked out from
//! its looks, not tallies kept per colour: a narrowed position is seen
//! again look by look, and a used-up tile asks, per colour its looks
//! showed, whether another look still shows it (one AND of bit sets).
//!
//! Only looks under which no solution lies are ever left out, and each
//! step branches on every look left at one position, so every solution
//! is met once and counts do not change (tests/edges.rs). Each step costs
//! 20-30 row-scan lookups, so `auto` takes fewest only for a first
//! solution on a board of 64 positions or more that the row scan would
//! fill frame first, where its smaller trees win
//! ([`crate::portfolio::FEWEST_FROM`]). A first solution is looked for
//! with restarts ([`restart`]) in which the looks at each chosen position
//! are tried in a shuffled order.

mod tables;

use super::{NONE, items, order, restart};
use crate::cover::Cover;
use crate::exact::search::{self, Halt, Search, Ticker, deeper};
use crate::geometry::Board;
use crate::rng::Rng;

/// A filled position's count: never the fewest.
const FILLED: u32 = u32::MAX;

/// Where each part of [`Fewest::state`] starts.
#[derive(Clone, Copy, Debug)]
struct Parts {
    fit: usize,
    allow: usize,
    free: usize,
    shown: usize,
    known: usize,
    colour: usize,
}

/// An inner edge without a colour yet, as a word of the state.
const NO_COLOUR: u64 = u64::MAX;

/// The dynamic-order search over one edge-matching board.
#[derive(Clone, Debug)]
pub struct Fewest {
    positions: usize,
    /// Looks, and machine words per bit set of looks.
    looks: usize,
    words: usize,
    /// Per position and side (north, east, south, west): the inner edge
    /// there and the position across it (`NONE` at the rim).
    edge: Vec<[u32; 4]>,
    across: Vec<[u32; 4]>,
    /// Per side and colour, the looks showing that colour on that side.
    shows: Vec<u64>,
    colours: usize,
    /// Per look: its tile, its colour per side (`NONE` at the rim), and
    /// that colour as a bit (0 at the rim).
    tile: Vec<u32>,
    sides: Vec<[u32; 4]>,
    side_bits: Vec<[u64; 4]>,
    /// Per tile, its looks as (word, bits), and the positions where one
    /// of them is allowed at all (a frame tile's are the rim's).
    tile_bits: Vec<Vec<(u32, u64)>>,
    tile_places: Vec<Vec<u32>>,
    /// Per position and look, the cover option (`NONE` if not allowed),
    /// and per cover option its position and look.
    option: Vec<u32>,
    place_of: Vec<(u32, u32)>,
    /// Per tile: copies placed, and how many must and may be.
    used: Vec<u32>,
    min: Vec<u32>,
    max: Vec<u32>,
    /// Everything a placement changes but the counts, as words in one
    /// array, so that its log of old values is one list of (index, word)
    /// put back in one loop. Its parts, from [`Parts`]:
    /// - `fit`: per position, the looks allowed there that fit the
    ///   colours known around it;
    /// - `allow`: per position, the looks whose colour on each side with
    ///   an empty neighbour is one that neighbour can still show back
    ///   ([`Fewest::restrict`]); all ones where nothing is known;
    /// - `free`: the looks whose tile has a copy left;
    /// - `shown`: per position and side, the colours its looks in
    ///   `fit & free` show there, as bits;
    /// - `known`: per position, how many of its sides have a known
    ///   colour; only a position with one keeps `shown` (any other can
    ///   show nearly every colour, and is taken to show all);
    /// - `colour`: the colour of each inner edge, [`NO_COLOUR`] while
    ///   neither side is filled.
    state: Vec<u64>,
    at: Parts,
    /// Per position, its looks in `fit & free & allow`; `FILLED` once
    /// filled.
    count: Vec<u32>,
    /// Positions whose count is to be worked out again after a placement
    /// (their `allow` narrowed), and a mark per position against listing
    /// one twice.
    stale: Vec<u32>,
    is_stale: Vec<bool>,
    /// Scratch for [`Fewest::use_up`]: the positions that lost looks and
    /// know a side, with the word and the looks lost.
    hit: Vec<(u32, u32, u64)>,
    /// Per side, the colours some look shows there.
    palette: [u64; 4],
    /// Per side, per run of six colours and per subset of that run (as
    /// bits), the looks showing one of those colours on that side: what
    /// [`Fewest::restrict`] ORs, a run at a time.
    shows_any: Vec<u64>,
    chunks: usize,
    /// The placements on the path (position, look); per placement, the
    /// counts before it and where its old values start in `log`.
    trail: Vec<(u32, u32)>,
    old_counts: Vec<u32>,
    log: Vec<(u32, u64)>,
    log_start: Vec<usize>,
    /// Per depth, the looks still to try at the position chosen there.
    pending: Vec<u64>,
    /// With the looks at each step tried in a shuffled order (a restart,
    /// [`restart`]): the generator, and the looks to try, a run per depth.
    shuffled: Option<Rng>,
    tries: Vec<u32>,
    /// With a first solution looked for by restarts, how long the runs
    /// are; and the current run's node budget and stop flag.
    restarts: Option<restart::Budgets>,
    watch: restart::Watch,
    ticker: Ticker,
}

/// The fixed order for 2^21 nodes (1.5 s at 1.4 M nodes a second when
/// chosen, about 1.2 s at 1.8 M since session 23), past every board it
/// answers at once (the 7x7s); unit runs of 2^16 nodes, which did best of
/// 2^16, 2^18 and 2^20 on framed 8x8s (encodings/RESULTS.md, "session
/// 18").
const BUDGETS: restart::Budgets = restart::Budgets {
    first: 1 << 21,
    unit: 1 << 16,
};

impl Parts {
    /// The parts for `positions` positions and `words` words per bit set
    /// of looks, one after the other; the inner edges' colours last.
    fn new(positions: usize, words: usize) -> Parts {
        let allow = positions * words;
        let free = allow + positions * words;
        let shown = free + words;
        let known = shown + 4 * positions;
        let colour = known + positions;
        Parts {
            fit: 0,
            allow,
            free,
            shown,
            known,
            colour,
        }
    }

    /// The length of the state with `edges` inner edges.
    fn end(&self, edges: usize) -> usize {
        self.colour + edges
    }
}

impl Fewest {
    /// The search over `cover` on `board` without the `forbidden`
    /// options; `None` when it is not an exactly filled edge-matching
    /// board of square positions.
    pub fn new(cover: &Cover, board: &Board, forbidden: &[u32]) -> Option<Fewest> {
        if !cover.has_colours() || !board.is_flat() {
            return None;
        }
        let (cells, tiles, min, max) = items(cover)?;
        let mut excluded = vec![false; cover.options.len()];
        forbidden.iter().for_each(|&o| excluded[o as usize] = true);
        // Positions numbered in the row scan's order: ties go to the first.
        let scan = order::scan_order(cover, &cells, Some(board), &excluded);
        let t = tables::tables(cover, board, &cells, &scan, &tiles, &max, &excluded)?;
        let (positions, words, colours) = (cells.len(), t.words, t.colours);
        let side_bits = t
            .sides
            .iter()
            .map(|cs| cs.map(|c| if c == NONE { 0 } else { 1u64 << c }))
            .collect();
        let at = Parts::new(positions, words);
        let mut state = vec![0u64; at.end(cover.edges)];
        state[at.fit..at.allow].copy_from_slice(&t.fit);
        state[at.allow..at.free].fill(u64::MAX);
        state[at.free..at.shown].copy_from_slice(&t.free);
        state[at.colour..].fill(NO_COLOUR);
        let tile_places = t
            .tile_bits
            .iter()
            .map(|bits| {
                (0..positions as u32)
                    .filter(|&p| {
                        bits.iter()
                            .any(|&(i, b)| t.fit[p as usize * words + i as usize] & b != 0)
                    })
                    .collect()
            })
            .collect();
        let mut engine = Fewest {
            positions,
            looks: t.tile.len(),
            words,
            edge: t.edge,
            across: t.across,
            shows: t.shows,
            colours,
            tile: t.tile,
            sides: t.sides,
            side_bits,
            tile_bits: t.tile_bits,
            tile_places,
            option: t.option,
            place_of: t.place_of,
            used: vec![0; max.len()],
            min,
            max,
            state,
            at,
            count: vec![0; positions],
            stale: Vec::new(),
            is_stale: vec![false; positions],
            hit: Vec::new(),
            palette: t.palette,
            shows_any: t.shows_any,
            chunks: colours.div_ceil(6),
            trail: Vec::with_capacity(positions),
            old_counts: Vec::with_capacity(positions * positions),
            log: Vec::new(),
            log_start: Vec::with_capacity(positions),
            pending: vec![0; (positions + 1) * words],
            shuffled: None,
            tries: Vec::new(),
            restarts: None,
            watch: restart::Watch::default(),
            ticker: Ticker::default(),
        };
        for p in 0..positions {
            engine.count[p] = engine.fitting(p);
        }
        Some(engine)
    }

    /// Word `i` of the looks in `fit` at position `p`.
    fn fit(&self, p: usize, i: usize) -> u64 {
        self.state[self.at.fit + p * self.words + i]
    }

    /// Word `i` of the looks in `allow` at position `p`.
    fn allow(&self, p: usize, i: usize) -> u64 {
        self.state[self.at.allow + p * self.words + i]
    }

    /// Word `i` of the looks whose tile has a copy left.
    fn free(&self, i: usize) -> u64 {
        self.state[self.at.free + i]
    }

    /// Sets word `i` of the state to `v`, its old value logged.
    fn write(&mut self, i: usize, v: u64) {
        self.log.push((i as u32, self.state[i]));
        self.state[i] = v;
    }

    /// The looks in `fit & free & allow` at position `p`.
    fn fitting(&self, p: usize) -> u32 {
        (0..self.words)
            .map(|i| (self.fit(p, i) & self.free(i) & self.allow(p, i)).count_ones())
            .sum()
    }

    /// The empty position to fill next: one with no look or a single
    /// look if there is one, else the one with the fewest looks and known
    /// sides together (see the module's docs); the first in the row
    /// scan's order among equals. `None` when every position is filled.
    fn choose(&self) -> Option<usize> {
        // Passes without a branch per position, which the compiler turns
        // into vector compares. A filled position's key is above any
        // empty one's: `FILLED` plus at most four.
        let least = self.count.iter().copied().fold(FILLED, u32::min);
        if least == FILLED {
            return None;
        }
        if least <= 1 {
            return self.count.iter().position(|&n| n == least);
        }
        let known = &self.state[self.at.known..self.at.known + self.positions];
        let key = |(&n, &k): (&u32, &u64)| u64::from(n) + k;
        let best = self.count.iter().zip(known).map(key).min()?;
        self.count.iter().zip(known).position(|x| key(x) == best)
    }

    /// Puts look `l` at position `p`.
    fn place(&mut self, p: usize, l: usize) {
        self.old_counts.extend_from_slice(&self.count);
        self.log_start.push(self.log.len());
        self.count[p] = FILLED;
        self.trail.push((p as u32, l as u32));
        let t = self.tile[l] as usize;
        self.used[t] += 1;
        if self.used[t] == self.max[t] {
            self.use_up(t);
        }
        for d in 0..4 {
            let e = self.edge[p][d];
            if e == NONE {
                continue;
            }
            let at = self.at.colour + e as usize;
            if self.state[at] != NO_COLOUR {
                continue;
            }
            let c = self.sides[l][d];
            self.write(at, u64::from(c));
            let q = self.across[p][d];
            if q != NONE && self.count[q as usize] != FILLED {
                self.narrow(q as usize, (d + 2) % 4, c);
            }
        }
        while let Some(q) = self.stale.pop() {
            self.is_stale[q as usize] = false;
            if self.count[q as usize] != FILLED {
                self.count[q as usize] = self.fitting(q as usize);
            }
        }
    }

    /// Keeps at position `q` only the looks showing colour `c` on side
    /// `d`, and sees again which colours it shows on each side.
    fn narrow(&mut self, q: usize, d: usize, c: u32) {
        let w = self.words;
        let shows = (d * self.colours + c as usize) * w;
        for i in 0..w {
            let at = self.at.fit + q * w + i;
            self.write(at, self.state[at] & self.shows[shows + i]);
        }
        let known = self.at.known + q;
        self.write(known, self.state[known] + 1);
        let mut now = [0u64; 4];
        for i in 0..w {
            let mut bits = self.fit(q, i) & self.free(i);
            while bits != 0 {
                let look = &self.side_bits[i * 64 + bits.trailing_zeros() as usize];
                bits &= bits - 1;
                for side in 0..4 {
                    now[side] |= look[side];
                }
            }
        }
        // A position that just got its first known side was taken to show
        // every colour: its neighbours hear of its colours now.
        let first = self.state[known] == 1;
        for (side, &colours) in now.iter().enumerate() {
            let at = self.at.shown + q * 4 + side;
            let changed = self.state[at] != colours;
            if changed {
                self.write(at, colours);
            }
            if changed || first {
                self.restrict(self.across[q][side], (side + 2) % 4, colours);
            }
        }
        // Its `allow` stands: the side just filled let through a set of
        // colours that held `c`, and its other sides restrict it when
        // their neighbours' colours change.
        self.count[q] = self.fitting(q);
    }

    /// Lists position `q` (if any) to be counted again.
    fn mark(&mut self, q: u32) {
        if q != NONE && !self.is_stale[q as usize] {
            self.is_stale[q as usize] = true;
            self.stale.push(q);
        }
    }

    /// Keeps in position `p`'s `allow` (if `p` is an empty position)
    /// only the looks showing on side `d` one of `colours`, the colours
    /// the neighbour there can still show back (arc consistency on the
    /// edge between them), and lists `p` to be counted again.
    ///
    /// The colours a position can show only shrink down a path, so
    /// `allow` is narrowed, never worked out anew: a neighbour filled
    /// since let through a set of colours holding the one it shows,
    /// which `fit` now asks for anyway.
    fn restrict(&mut self, p: u32, d: usize, colours: u64) {
        if p == NONE || self.count[p as usize] == FILLED {
            return;
        }
        if colours & self.palette[d] == self.palette[d] {
            // Every colour this side takes: nothing to keep out.
            return;
        }
        let (p, w) = (p as usize, self.words);
        for i in 0..w {
            // The looks showing one of `colours` on side `d`, a run of
            // six colours at a time.
            let (mut any, mut rest, mut chunk) = (0, colours, 0);
            while rest != 0 {
                any |=
                    self.shows_any[((d * self.chunks + chunk) * 64 + (rest & 63) as usize) * w + i];
                rest >>= 6;
                chunk += 1;
            }
            let at = self.at.allow + p * w + i;
            let was = self.state[at];
            if was & any != was {
                self.write(at, was & any);
            }
        }
        self.mark(p as u32);
    }

    /// Takes tile `t`'s looks out of `free` and off every empty
    /// position's count, and sees which colours the positions that held
    /// them no longer show.
    fn use_up(&mut self, t: usize) {
        for b in 0..self.tile_bits[t].len() {
            let (word, bits) = self.tile_bits[t][b];
            let at = self.at.free + word as usize;
            self.write(at, self.state[at] & !bits);
        }
        // The counts first, in one pass that borrows what it reads once;
        // the positions that know a side are seen again after (their
        // neighbours' `allow` may narrow, and those are counted anew).
        let mut hit = std::mem::take(&mut self.hit);
        let (w, at, state, count) = (self.words, self.at, &self.state, &mut self.count);
        for &(word, bits) in &self.tile_bits[t] {
            let word = word as usize;
            for &q in &self.tile_places[t] {
                let q = q as usize;
                let gone = state[at.fit + q * w + word] & bits;
                if gone == 0 || count[q] == FILLED {
                    continue;
                }
                count[q] -= (gone & state[at.allow + q * w + word]).count_ones();
                if state[at.known + q] > 0 {
                    hit.push((q as u32, word as u32, gone));
                }
            }
        }
        for &(q, word, gone) in &hit {
            self.lost(q as usize, word as usize, gone);
        }
        hit.clear();
        self.hit = hit;
    }

    /// After the looks `gone` (in word `word`) left position `q`: each
    /// colour they showed that no look left there shows on that side is
    /// taken off `shown`, and the neighbour on that side restricted to
    /// what is left.
    fn lost(&mut self, q: usize, word: usize, mut gone: u64) {
        let w = self.words;
        // Per side, the colours the looks gone showed: each is asked
        // about once, however many of them showed it.
        let mut lose = [0u64; 4];
        while gone != 0 {
            let look = &self.side_bits[word * 64 + gone.trailing_zeros() as usize];
            gone &= gone - 1;
            for (d, bits) in lose.iter_mut().enumerate() {
                *bits |= look[d];
            }
        }
        for (d, &lose) in lose.iter().enumerate() {
            // Only an empty neighbour hears of the colours a side shows:
            // towards the rim or a filled position, `shown` is never read.
            let across = self.across[q][d];
            if across == NONE || self.count[across as usize] == FILLED {
                continue;
            }
            let at = self.at.shown + q * 4 + d;
            let was = self.state[at];
            let mut ask = lose & was;
            let mut left = was;
            while ask != 0 {
                let c = ask.trailing_zeros() as usize;
                ask &= ask - 1;
                let shows = (d * self.colours + c) * w;
                if !(0..w).any(|i| self.fit(q, i) & self.free(i) & self.shows[shows + i] != 0) {
                    left &= !(1 << c);
                }
            }
            if left != was {
                self.write(at, left);
                self.restrict(across, (d + 2) % 4, left);
            }
        }
    }

    /// Takes back the last placement.
    fn unplace(&mut self) {
        let (_, l) = self.trail.pop().expect("a placement to take back");
        let from = self.log_start.pop().unwrap_or(0);
        for &(i, v) in self.log[from..].iter().rev() {
            self.state[i as usize] = v;
        }
        self.log.truncate(from);
        self.used[self.tile[l as usize] as usize] -= 1;
        let at = self.old_counts.len() - self.positions;
        self.count.copy_from_slice(&self.old_counts[at..]);
        self.old_counts.truncate(at);
    }

    fn counts_met(&self) -> bool {
        self.used.iter().zip(&self.min).all(|(u, m)| u >= m)
    }

    /// The looks in `fit & free & allow` at `p`: the branches there.
    fn candidates(&self, p: usize) -> Vec<u32> {
        let mut out = Vec::new();
        self.push_candidates(p, &mut out);
        out
    }

    /// [`Fewest::candidates`], pushed onto `out`.
    fn push_candidates(&self, p: usize, out: &mut Vec<u32>) {
        let w = self.words;
        for i in 0..w {
            let mut bits = self.fit(p, i) & self.free(i) & self.allow(p, i);
            while bits != 0 {
                out.push((i * 64) as u32 + bits.trailing_zeros());
                bits &= bits - 1;
            }
        }
    }

    /// Lets a first solution of the whole tree be looked for by restarts
    /// ([`restart`]): only for a search that stops at its first solution.
    pub fn allow_restarts(&mut self) {
        self.restarts = Some(BUDGETS);
    }

    /// [`Fewest::allow_restarts`] with the fixed order's budget and
    /// Luby's unit run in nodes: for tests, where small budgets make
    /// small boards restart.
    #[doc(hidden)]
    pub fn allow_restarts_after(&mut self, first: u64, unit: u64) {
        self.restarts = Some(restart::Budgets { first, unit });
    }

    fn search_from(
        &mut self,
        chosen: &mut Vec<u32>,
        visit: &mut dyn FnMut(&[u32]) -> bool,
    ) -> Result<(), Halt> {
        let depth = self.trail.len();
        self.ticker.node_at(depth as u64)?;
        if self.ticker.nodes >= self.watch.next {
            self.watch.check(self.ticker.nodes)?;
        }
        let Some(p) = self.choose() else {
            if self.counts_met() {
                self.watch.lift();
                return search::report(visit, chosen);
            }
            return Ok(());
        };
        if self.shuffled.is_some() {
            return self.try_shuffled(p, chosen, visit);
        }
        let w = self.words;
        for i in 0..w {
            self.pending[depth * w + i] = self.fit(p, i) & self.free(i) & self.allow(p, i);
        }
        for i in 0..w {
            loop {
                let bits = self.pending[depth * w + i];
                if bits == 0 {
                    break;
                }
                self.pending[depth * w + i] &= bits - 1;
                self.try_look(p, i * 64 + bits.trailing_zeros() as usize, chosen, visit)?;
            }
        }
        Ok(())
    }

    /// The looks that fit at `p` in a shuffled order: listed on `tries`
    /// above the deeper steps' lists, and taken off when done.
    fn try_shuffled(
        &mut self,
        p: usize,
        chosen: &mut Vec<u32>,
        visit: &mut dyn FnMut(&[u32]) -> bool,
    ) -> Result<(), Halt> {
        let mut tries = std::mem::take(&mut self.tries);
        let from = tries.len();
        self.push_candidates(p, &mut tries);
        self.tries = tries;
        if let Some(rng) = self.shuffled.as_mut() {
            rng.shuffle(&mut self.tries[from..]);
        }
        let mut result = Ok(());
        for k in from..self.tries.len() {
            result = self.try_look(p, self.tries[k] as usize, chosen, visit);
            if result.is_err() {
                break;
            }
        }
        self.tries.truncate(from);
        result
    }

    /// Puts look `l` at `p`, searches below it, and takes it back.
    fn try_look(
        &mut self,
        p: usize,
        l: usize,
        chosen: &mut Vec<u32>,
        visit: &mut dyn FnMut(&[u32]) -> bool,
    ) -> Result<(), Halt> {
        self.place(p, l);
        chosen.push(self.option[p * self.looks + l]);
        let result = deeper(chosen.len(), || self.search_from(chosen, visit));
        chosen.pop();
        self.unplace();
        result
    }
}

impl restart::Restart for Fewest {
    const NAME: &'static str = "fewest";

    fn shuffle(&mut self, seed: u64) {
        self.shuffled = Some(Rng::new(seed));
    }

    fn watch(&mut self) -> &mut restart::Watch {
        &mut self.watch
    }

    fn budgets(&mut self) -> &mut Option<restart::Budgets> {
        &mut self.restarts
    }
}

impl Search for Fewest {
    fn primary(&self) -> u32 {
        self.positions as u32
    }

    /// Each option must be one [`Search::branches`] offers at its depth;
    /// anything else panics before the state is touched.
    fn enter(&mut self, path: &[u32]) {
        for &o in path {
            let (p, l) = self
                .place_of
                .get(o as usize)
                .copied()
                .unwrap_or((NONE, NONE));
            let offered = p != NONE
                && self.choose() == Some(p as usize)
                && self.candidates(p as usize).contains(&l);
            assert!(
                offered,
                "Fewest::enter: option {o} cannot be taken here: a path must come from branches()"
            );
            self.place(p as usize, l as usize);
        }
    }

    fn leave(&mut self, path: &[u32]) {
        for _ in path {
            self.unplace();
        }
    }

    fn branches(&mut self) -> Option<Vec<u32>> {
        let Some(p) = self.choose() else {
            return if self.counts_met() {
                None
            } else {
                Some(Vec::new())
            };
        };
        let looks = self.looks;
        let candidates = self.candidates(p);
        Some(
            candidates
                .into_iter()
                .map(|l| self.option[p * looks + l as usize])
                .collect(),
        )
    }

    fn search(
        &mut self,
        chosen: &mut Vec<u32>,
        visit: &mut dyn FnMut(&[u32]) -> bool,
    ) -> Result<(), Halt> {
        let result = self.search_from(chosen, visit);
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
