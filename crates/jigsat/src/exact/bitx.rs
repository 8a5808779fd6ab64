//! Algorithm X over bitsets: the same search as [`super::dlx`], with the
//! state held in bit vectors instead of linked lists.
//!
//! Dancing links make each step proportional to the number of list nodes
//! it unlinks — about 300 per search node on the 6x10 pentominoes, each a
//! dependent load and two stores scattered over a 200 KB array. When the
//! instance is small (a few thousand options), a bit per option is cheaper:
//! the live options are one bit vector, choosing option `o` ANDs out the
//! precomputed set of options that share an item with `o` (a few dozen
//! words, no pointer chasing), and undoing it is popping a copy. The MRV
//! length of an item is the popcount of its option mask ANDed with the
//! live set.
//!
//! The search tree is *identical* to DLX's: the same primary items in the
//! same order, the same "fewest options, first in order on ties" choice,
//! the options of an item tried in increasing order. The tests check that
//! both engines visit the same number of nodes.

use super::search::{self, Halt, Layout, Search, Ticker, deeper};
use crate::cover::Cover;

/// A sparse bit vector: the nonzero words of a mask over options, as
/// (word index, bits) pairs.
type Sparse = Vec<(u32, u64)>;

/// Above this many options (a 2 KB copy of the live set per search node)
/// dancing links win: their cost follows the options that remain, not
/// all of them.
pub const MAX_OPTIONS: usize = 1 << 14;

/// Algorithm X over bit vectors: the same search tree as [`Dlx`](super::dlx::Dlx),
/// several times faster while the options are at most [`MAX_OPTIONS`].
#[derive(Clone)]
pub struct BitX {
    /// Number of primary items.
    primary: u32,
    /// The depth of the current node (the length of its path).
    depth: usize,
    /// Words per option set.
    words: usize,
    /// Per primary item: the options that cover it.
    item_options: Vec<Sparse>,
    /// Per option: the options that share an item with it (itself too),
    /// found when the option is first taken ([`BitX::take`]): a search
    /// that meets few options (PelikanBurr's first two assemblies, 42
    /// nodes among 3,601 options) does not pay for every option's set,
    /// which was most of building the search.
    conflicts: Vec<Option<Sparse>>,
    /// Per option: its items, primary and secondary (numbered from 1).
    items: Vec<Vec<u32>>,
    /// Per item (numbered from 1; 0 is empty): the options that cover it.
    by_item: Vec<Sparse>,
    /// Per option: its primary items, as a bit vector over primary items.
    option_items: Vec<Sparse>,
    /// Words per primary-item set.
    item_words: usize,
    /// The live options at each depth, `words` per level.
    live: Vec<u64>,
    /// The uncovered primary items at each depth, `item_words` per level.
    open: Vec<u64>,
    /// Options from here on are slack (see `Layout`); `slack` says
    /// whether there are any, so a solution costs one branch without.
    real: u32,
    slack: bool,
    ticker: Ticker,
}

/// The options that share one of `items` with an option (itself too),
/// over `words` words: the union of the items' options.
fn conflicts_of(items: &[u32], by_item: &[Sparse], words: usize) -> Sparse {
    let mut dense = vec![0u64; words];
    for &k in items {
        for &(i, m) in &by_item[k as usize] {
            dense[i as usize] |= m;
        }
    }
    sparse(&dense)
}

/// The nonzero words of `dense`, sized before it is filled (one
/// allocation: growing from empty reallocated each set about six times).
fn sparse(dense: &[u64]) -> Sparse {
    let mut out = Vec::with_capacity(dense.iter().filter(|w| **w != 0).count());
    out.extend(
        (dense.iter().enumerate())
            .filter(|(_, w)| **w != 0)
            .map(|(i, &w)| (i as u32, w)),
    );
    out
}

impl BitX {
    /// `None` when the instance cannot be solved by Algorithm X (see
    /// `Layout::new`) or is too large for bit vectors.
    pub fn new(cover: &Cover, forbidden: &[u32]) -> Option<BitX> {
        BitX::from_layout(&Layout::new(cover, forbidden)?)
    }

    /// `None` when the instance has more than [`MAX_OPTIONS`] options.
    /// Whether some options are slack (see `Layout`).
    pub fn has_slack(&self) -> bool {
        self.slack
    }

    pub(crate) fn from_layout(layout: &Layout) -> Option<BitX> {
        let n_options = layout.options.len();
        if n_options > MAX_OPTIONS {
            return None;
        }
        let words = n_options.div_ceil(64).max(1);
        let n_primary = layout.primary as usize;
        let item_words = n_primary.div_ceil(64).max(1);
        let n_items = layout.items as usize;
        // Per item (primary and secondary, new numbering from 1): options.
        let mut by_item: Vec<Vec<u64>> = vec![vec![0; words]; n_items + 1];
        let mut live = vec![0u64; words];
        for (o, items) in layout.options.iter().enumerate() {
            let Some(items) = items else { continue };
            live[o / 64] |= 1 << (o % 64);
            for &k in items {
                by_item[k as usize][o / 64] |= 1 << (o % 64);
            }
        }
        let item_options = (1..=n_primary).map(|k| sparse(&by_item[k])).collect();
        let mut option_items = Vec::with_capacity(n_options);
        let mut p = vec![0u64; item_words];
        for items in &layout.options {
            p.fill(0);
            for k in items.iter().flatten().map(|&k| k as usize - 1) {
                if k < n_primary {
                    p[k / 64] |= 1 << (k % 64);
                }
            }
            option_items.push(sparse(&p));
        }
        let items = (layout.options.iter())
            .map(|items| items.as_ref().map_or_else(Vec::new, |i| i.to_vec()))
            .collect();
        let mut open = vec![0u64; item_words];
        (0..n_primary).for_each(|k| open[k / 64] |= 1 << (k % 64));
        Some(BitX {
            primary: layout.primary,
            depth: 0,
            words,
            item_options,
            conflicts: vec![None; n_options],
            items,
            by_item: by_item.iter().map(|dense| sparse(dense)).collect(),
            option_items,
            item_words,
            live,
            open,
            real: layout.real,
            slack: layout.options.len() > layout.real as usize,
            ticker: Ticker::default(),
        })
    }

    /// The open primary item with the fewest live options (first in order
    /// on ties), with that number; `None` when every item is covered.
    fn choose(&self, depth: usize) -> Option<(usize, u32)> {
        let live = &self.live[depth * self.words..(depth + 1) * self.words];
        let open = &self.open[depth * self.item_words..(depth + 1) * self.item_words];
        let mut best = None;
        let mut best_len = u32::MAX;
        for (w, &bits) in open.iter().enumerate() {
            let mut bits = bits;
            while bits != 0 {
                let k = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let mut len = 0;
                for &(i, m) in &self.item_options[k] {
                    // SAFETY: word indices are below `words` by construction.
                    len += (unsafe { *live.get_unchecked(i as usize) } & m).count_ones();
                    if len >= best_len {
                        break;
                    }
                }
                if len < best_len {
                    best_len = len;
                    best = Some((k, len));
                    if len <= 1 {
                        return best;
                    }
                }
            }
        }
        best
    }

    /// Takes option `o` at `depth`: writes the state of `depth + 1`.
    fn take(&mut self, depth: usize, o: usize) {
        let (w, iw) = (self.words, self.item_words);
        if self.live.len() < (depth + 2) * w {
            self.live.resize((depth + 2) * w, 0);
            self.open.resize((depth + 2) * iw, 0);
        }
        let (below, above) = self.live.split_at_mut((depth + 1) * w);
        let next = &mut above[..w];
        next.copy_from_slice(&below[depth * w..]);
        let conflicts = match &mut self.conflicts[o] {
            Some(known) => known,
            slot => slot.insert(conflicts_of(&self.items[o], &self.by_item, w)),
        };
        for &(i, m) in conflicts.iter() {
            // SAFETY: word indices are below `words` by construction.
            unsafe { *next.get_unchecked_mut(i as usize) &= !m };
        }
        let (below, above) = self.open.split_at_mut((depth + 1) * iw);
        let next = &mut above[..iw];
        next.copy_from_slice(&below[depth * iw..]);
        for &(i, m) in &self.option_items[o] {
            next[i as usize] &= !m;
        }
    }

    /// The live options of item `k` at `depth`, in increasing order.
    fn options_of(&self, depth: usize, k: usize) -> Vec<u32> {
        let live = &self.live[depth * self.words..(depth + 1) * self.words];
        let mut out = Vec::new();
        for &(i, m) in &self.item_options[k] {
            let mut bits = live[i as usize] & m;
            while bits != 0 {
                out.push(i * 64 + bits.trailing_zeros());
                bits &= bits - 1;
            }
        }
        out
    }

    /// Algorithm X at `depth`, whose state (live options, open items) is
    /// level `depth` of the per-depth arrays.
    fn search_at(
        &mut self,
        depth: usize,
        chosen: &mut Vec<u32>,
        visit: &mut dyn FnMut(&[u32]) -> bool,
    ) -> Result<(), Halt> {
        self.ticker.node()?;
        // 1. No open primary item: `chosen` is a solution.
        let Some((k, len)) = self.choose(depth) else {
            return search::report(visit, chosen);
        };
        // 2. The tightest item has no live option: a dead end.
        if len == 0 {
            return Ok(());
        }
        // 3. Each live option of that item in increasing order (the order
        //    dancing links takes them in): `take` writes level depth + 1 as
        //    a masked copy of this level, so nothing needs undoing — the
        //    next option simply overwrites it.
        //    Read straight from this level's bits, which `take` leaves
        //    alone: no list of options is built per node.
        for j in 0..self.item_options[k].len() {
            let (i, m) = self.item_options[k][j];
            let mut bits = self.live[depth * self.words + i as usize] & m;
            while bits != 0 {
                let o = i * 64 + bits.trailing_zeros();
                bits &= bits - 1;
                self.take(depth, o as usize);
                chosen.push(o);
                let result = deeper(chosen.len(), || self.search_at(depth + 1, chosen, visit));
                chosen.pop();
                result?;
            }
        }
        Ok(())
    }
}

impl Search for BitX {
    fn primary(&self) -> u32 {
        self.primary
    }

    /// Each option must be live where it is taken (a path must come
    /// from [`Search::branches`]); anything else panics.
    fn enter(&mut self, path: &[u32]) {
        for (depth, &o) in path.iter().enumerate() {
            let o = o as usize;
            let live = o < self.conflicts.len()
                && self.live[depth * self.words + o / 64] >> (o % 64) & 1 == 1;
            assert!(
                live,
                "BitX::enter: option {o} cannot be taken here: a path must come from branches()"
            );
            self.take(depth, o);
        }
        self.depth = path.len();
    }

    /// The state of every depth is kept apart, so the root's is intact.
    fn leave(&mut self, _path: &[u32]) {
        self.depth = 0;
    }

    fn branches(&mut self) -> Option<Vec<u32>> {
        let (k, _) = self.choose(self.depth)?;
        Some(self.options_of(self.depth, k))
    }

    fn search(
        &mut self,
        chosen: &mut Vec<u32>,
        visit: &mut dyn FnMut(&[u32]) -> bool,
    ) -> Result<(), Halt> {
        if !self.slack {
            return self.search_at(self.depth, chosen, visit);
        }
        // Slack steps are left out of each solution here, once, so that
        // the search itself is the same with and without them.
        let real = self.real;
        let mut without_slack = |o: &[u32]| search::visit_real(visit, o, real);
        self.search_at(self.depth, chosen, &mut without_slack)
    }

    fn is_slack(&self, option: u32) -> bool {
        option >= self.real
    }

    fn ticker(&self) -> &Ticker {
        &self.ticker
    }

    fn ticker_mut(&mut self) -> &mut Ticker {
        &mut self.ticker
    }
}
