//! Exact cover by Knuth's Algorithm X with dancing links (DLX).
//!
//! The engine reads the same [`Cover`] the CNF encoder reads, numbered as
//! `Layout` says (see [`crate::exact`] for primary and secondary items).
//!
//! The layout is Knuth's DLX1: nodes `1..=items` are the item headers,
//! then each option's nodes follow a spacer node. `cover` unlinks every
//! option that meets an item from the other items' lists, `uncover` puts
//! them back in reverse order — the links remember where they were, which
//! is the "dancing". The search always branches on the primary item with
//! the fewest remaining options (Knuth's MRV heuristic).
//!
//! For enumeration this is much faster than SAT with blocking clauses:
//! there is no learning to undo and no clause database that grows with
//! every solution.

use super::search::{self, Halt, Layout, Search, Ticker, deeper};
use crate::cover::Cover;

/// Unchecked indexing for the inner loops. Every link stored in the arrays
/// is a valid node or item index by construction in [`Dlx::new`], and the
/// operations only ever follow links; bounds checks there cost about a
/// third of the run time.
macro_rules! get {
    ($v:expr, $i:expr) => {
        // SAFETY: see the macro's doc comment.
        unsafe { *$v.get_unchecked($i as usize) }
    };
}
macro_rules! put {
    ($v:expr, $i:expr, $x:expr) => {
        // SAFETY: see `get!`.
        unsafe { *$v.get_unchecked_mut($i as usize) = $x }
    };
}

/// One node: its item (or, for a spacer, minus one minus the option
/// before it), its vertical links, and the option it belongs to.
#[derive(Copy, Clone, Debug)]
struct Node {
    top: i32,
    up: u32,
    down: u32,
    option: u32,
}

/// Algorithm X with dancing links, for covers of any size; MRV branching.
#[derive(Clone)]
pub struct Dlx {
    // Item list (headers 0..=items; 0 is the root of the primary list and
    // `items + 1` the root of the secondary list).
    llink: Vec<u32>,
    rlink: Vec<u32>,
    // Per node: item (or -option for spacers), vertical links.
    // All nodes, item headers first; one struct per node so that the
    // fields `hide` reads together sit in one cache line.
    node: Vec<Node>,
    // Options left in each item's list.
    len: Vec<u32>,
    // Per option of the cover: its first node (`u32::MAX` if left out).
    first: Vec<u32>,
    primary: u32,
    /// The options [`Search::enter`] took from the root, so that
    /// [`Search::leave`] can only undo what was done.
    entered: Vec<u32>,
    /// Options from here on are slack (see `Layout`); `slack` says
    /// whether there are any, so a solution costs one branch without.
    real: u32,
    slack: bool,
    ticker: Ticker,
}

impl Dlx {
    /// Builds the links; `forbidden` options are left out (symmetry
    /// breaking). `None` when some item has a multiplicity plain Algorithm
    /// X cannot express.
    pub fn new(cover: &Cover, forbidden: &[u32]) -> Option<Dlx> {
        Layout::new(cover, forbidden).map(|layout| Dlx::from_layout(&layout))
    }

    /// Whether some options are slack (see `Layout`).
    pub fn has_slack(&self) -> bool {
        self.slack
    }

    pub(crate) fn from_layout(layout: &Layout) -> Dlx {
        let (n_items, n_primary) = (layout.items, layout.primary);
        let root2 = n_items + 1;
        let mut d = Dlx {
            llink: vec![0; n_items as usize + 2],
            rlink: vec![0; n_items as usize + 2],
            node: (0..=n_items)
                .map(|i| Node {
                    top: 0,
                    up: i,
                    down: i,
                    option: u32::MAX,
                })
                .collect(),
            len: vec![0; n_items as usize + 1],
            first: vec![u32::MAX; layout.options.len()],
            primary: n_primary,
            entered: Vec::new(),
            real: layout.real,
            slack: layout.options.len() > layout.real as usize,
            ticker: Ticker::default(),
        };
        // Two circular lists: primary items off root 0, secondary off root2.
        let link = |d: &mut Dlx, root: u32, members: std::ops::RangeInclusive<u32>| {
            let mut prev = root;
            for i in members {
                d.llink[i as usize] = prev;
                d.rlink[prev as usize] = i;
                prev = i;
            }
            d.rlink[prev as usize] = root;
            d.llink[root as usize] = prev;
        };
        link(&mut d, 0, 1..=n_primary);
        link(&mut d, root2, n_primary + 1..=n_items);

        // First spacer.
        let mut spacer = d.node.len() as u32;
        d.push_node(0, 0, 0);
        for (o, items) in layout.options.iter().enumerate() {
            let Some(items) = items else { continue };
            let first = d.node.len() as u32;
            d.first[o] = first;
            for &k in items {
                let node = d.node.len() as u32;
                let last = d.node[k as usize].up;
                d.push_node(k as i32, last, k);
                d.node[last as usize].down = node;
                d.node[k as usize].up = node;
                d.len[k as usize] += 1;
                d.node[node as usize].option = o as u32;
            }
            let last = d.node.len() as u32 - 1;
            d.node[spacer as usize].down = last;
            spacer = d.node.len() as u32;
            d.push_node(-(o as i32) - 1, first, 0);
        }
        d
    }

    fn push_node(&mut self, top: i32, up: u32, down: u32) {
        self.node.push(Node {
            top,
            up,
            down,
            option: u32::MAX,
        });
    }

    /// The first node of option `o` when the search may take it at the
    /// current node: the option exists and was not left out, each of its
    /// items is still in the header lists, and each of its nodes is still
    /// linked into its item's list. Bounds-checked throughout: this guards
    /// the public [`Search::enter`], not the inner loop.
    fn available(&self, o: u32) -> Option<u32> {
        let r = *self.first.get(o as usize)?;
        if r == u32::MAX {
            return None;
        }
        let mut q = r as usize;
        loop {
            let node = self.node.get(q)?;
            let Ok(item) = usize::try_from(node.top) else {
                break;
            };
            if item == 0 {
                break;
            }
            let header_linked =
                self.rlink.get(*self.llink.get(item)? as usize) == Some(&(item as u32));
            let node_linked = self.node.get(node.up as usize)?.down == q as u32;
            if !header_linked || !node_linked {
                return None;
            }
            q += 1;
        }
        Some(r)
    }

    #[inline(always)]
    fn n(&self, i: u32) -> Node {
        get!(self.node, i)
    }

    #[inline(always)]
    fn m(&mut self, i: u32) -> &mut Node {
        // SAFETY: see `get!`.
        unsafe { self.node.get_unchecked_mut(i as usize) }
    }

    /// Removes item `i` from the header list and hides every option that
    /// covers it: once `i` is covered, none of them may be chosen.
    fn cover(&mut self, i: u32) {
        let mut p = self.n(i).down;
        while p != i {
            self.hide(p);
            p = self.n(p).down;
        }
        let (l, r) = (get!(self.llink, i), get!(self.rlink, i));
        put!(self.rlink, l, r);
        put!(self.llink, r, l);
    }

    /// Unlinks the option through node `p` from the lists of its other
    /// items (its node in the list being covered stays, so the walk down
    /// that list can go on). Walking right from `p`, a spacer (top <= 0)
    /// sends the walk back to the option's first node via its `up` link.
    fn hide(&mut self, p: u32) {
        let mut q = p + 1;
        while q != p {
            let x = self.n(q).top;
            let Node {
                top: _,
                up: u,
                down: d,
                ..
            } = self.n(q);
            if x <= 0 {
                q = u;
            } else {
                self.m(u).down = d;
                self.m(d).up = u;
                let n = get!(self.len, x) - 1;
                put!(self.len, x, n);
                q += 1;
            }
        }
    }

    /// Undoes [`Dlx::cover`] exactly: the options are restored bottom-up,
    /// the mirror image of the order they were hidden in, so every link
    /// goes back to what it was.
    fn uncover(&mut self, i: u32) {
        let (l, r) = (get!(self.llink, i), get!(self.rlink, i));
        put!(self.rlink, l, i);
        put!(self.llink, r, i);
        let mut p = self.n(i).up;
        while p != i {
            self.unhide(p);
            p = self.n(p).up;
        }
    }

    /// Undoes [`Dlx::hide`], walking left; a removed node still knows its
    /// neighbours, so linking it back is two writes.
    fn unhide(&mut self, p: u32) {
        let mut q = p - 1;
        while q != p {
            let x = self.n(q).top;
            let Node {
                top: _,
                up: u,
                down: d,
                ..
            } = self.n(q);
            if x <= 0 {
                q = d;
            } else {
                self.m(u).down = q;
                self.m(d).up = q;
                let n = get!(self.len, x) + 1;
                put!(self.len, x, n);
                q -= 1;
            }
        }
    }

    /// Covers the other items of the option through node `r`.
    fn commit(&mut self, r: u32) {
        let mut q = r + 1;
        while q != r {
            let x = self.n(q).top;
            if x <= 0 {
                q = self.n(q).up;
            } else {
                self.cover(x as u32);
                q += 1;
            }
        }
    }

    /// Undoes [`Dlx::commit`], walking left from `r`.
    fn uncommit(&mut self, r: u32) {
        let mut q = r - 1;
        while q != r {
            let x = self.n(q).top;
            if x <= 0 {
                q = self.n(q).down;
            } else {
                self.uncover(x as u32);
                q -= 1;
            }
        }
    }

    /// The primary item with the fewest options, or `None` when all are
    /// covered (a solution).
    fn choose(&self) -> Option<u32> {
        let mut best = None;
        let mut best_len = u32::MAX;
        let mut i = get!(self.rlink, 0);
        while i != 0 {
            let l = get!(self.len, i);
            if l < best_len {
                best_len = l;
                best = Some(i);
                if l <= 1 {
                    break;
                }
            }
            i = get!(self.rlink, i);
        }
        best
    }

    /// Algorithm X from the current node, one level per call.
    fn search_here(
        &mut self,
        chosen: &mut Vec<u32>,
        visit: &mut dyn FnMut(&[u32]) -> bool,
    ) -> Result<(), Halt> {
        self.ticker.node()?;
        // 1. Every primary item covered: `chosen` is a solution.
        let Some(i) = self.choose() else {
            return search::report(visit, chosen);
        };
        // 2. The item with the fewest options has none: a dead end.
        if self.len[i as usize] == 0 {
            return Ok(());
        }
        // 3. Branch on that item: cover it, then try each option in its
        //    list in turn, covering the option's other items for the
        //    subtree below and uncovering them after.
        self.cover(i);
        let mut r = self.n(i).down;
        let mut result = Ok(());
        while r != i {
            self.commit(r);
            chosen.push(self.n(r).option);
            result = deeper(chosen.len(), || self.search_here(chosen, visit));
            chosen.pop();
            self.uncommit(r);
            // A stop (limit reached, interrupt) unwinds every level, each
            // restoring its links on the way out.
            if result.is_err() {
                break;
            }
            r = self.n(r).down;
        }
        // 4. Restore the item: the lists are exactly as at entry.
        self.uncover(i);
        result
    }
}

impl Search for Dlx {
    fn primary(&self) -> u32 {
        self.primary
    }

    /// Covering an option's items in another order than the search did
    /// leaves the same lists, in the same order, because [`Dlx::leave`]
    /// undoes exactly what this did.
    ///
    /// Each option is checked before it is taken (`Dlx::available`), so
    /// a path that is not one of the tree's (a left-out option, one
    /// clashing with an earlier choice) panics instead of corrupting the
    /// links that the unchecked inner loops rely on.
    fn enter(&mut self, path: &[u32]) {
        for &o in path {
            let Some(r) = self.available(o) else {
                panic!(
                    "Dlx::enter: option {o} cannot be taken here: a path must come from branches()"
                );
            };
            self.cover(self.n(r).top as u32);
            self.commit(r);
            self.entered.push(o);
        }
    }

    fn leave(&mut self, path: &[u32]) {
        assert!(
            self.entered.ends_with(path),
            "Dlx::leave: {path:?} is not the last path entered"
        );
        for &o in path.iter().rev() {
            let r = self.first[o as usize];
            self.uncommit(r);
            self.uncover(self.n(r).top as u32);
            self.entered.pop();
        }
    }

    fn branches(&mut self) -> Option<Vec<u32>> {
        let i = self.choose()?;
        let mut options = Vec::new();
        let mut r = self.n(i).down;
        while r != i {
            options.push(self.n(r).option);
            r = self.n(r).down;
        }
        Some(options)
    }

    fn search(
        &mut self,
        chosen: &mut Vec<u32>,
        visit: &mut dyn FnMut(&[u32]) -> bool,
    ) -> Result<(), Halt> {
        if !self.slack {
            return self.search_here(chosen, visit);
        }
        // Slack steps are left out of each solution here, once, so that
        // the search itself is the same with and without them.
        let real = self.real;
        let mut without_slack = |o: &[u32]| search::visit_real(visit, o, real);
        self.search_here(chosen, &mut without_slack)
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
