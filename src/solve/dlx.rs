//! Exact cover by Knuth's Algorithm X with dancing links (DLX).
//!
//! The engine reads the same [`Cover`] the CNF encoder reads. Items that
//! must be covered exactly once (cells of an exact fill, pieces used once)
//! are *primary*; items that may be covered at most once (cells where holes
//! are allowed, optional pieces) are *secondary*; items whose count the
//! areas already force are dropped. Other multiplicities (a piece used
//! between 2 and 5 times) are outside plain Algorithm X, and
//! [`Dlx::new`] says so by returning `None`, so the caller uses SAT.
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

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

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

/// Why an enumeration stopped early.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The visitor asked to stop (limit reached).
    Visitor,
    /// The interrupt flag was raised (time limit).
    Interrupted,
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
    primary: u32,
    /// Search nodes visited, for progress reports and benchmarks.
    pub nodes: u64,
    /// Checked every few thousand nodes, so a time limit can end a long
    /// search that finds no solutions.
    interrupt: Option<Arc<AtomicBool>>,
}

impl Dlx {
    /// Builds the links; `forbidden` options are left out (symmetry
    /// breaking). `None` when some item has a multiplicity plain Algorithm
    /// X cannot express.
    pub fn new(cover: &Cover, forbidden: &[u32]) -> Option<Dlx> {
        let mut excluded = vec![false; cover.options.len()];
        forbidden.iter().for_each(|&o| excluded[o as usize] = true);
        // New numbering: primary items first, then secondary.
        let mut number = vec![0u32; cover.items.len()];
        let (mut primary, mut secondary) = (Vec::new(), Vec::new());
        for (i, item) in cover.items.iter().enumerate() {
            match (item.implied, item.min, item.max) {
                (true, _, _) => {}
                (false, 1, 1) => primary.push(i),
                (false, 0, 1) => secondary.push(i),
                (false, _, 0) => {
                    // Nothing may cover it: drop every option that does.
                    for (o, covered) in cover.options.iter().enumerate() {
                        if covered.contains(&(i as u32)) {
                            excluded[o] = true;
                        }
                    }
                }
                _ => return None,
            }
        }
        // Ties in the MRV choice go to the first item in the list: putting
        // the pieces before the cells (as Knuth does for pentominoes) makes
        // the search try a tight piece before a tight cell.
        primary.sort_by_key(|&i| !matches!(cover.items[i].kind, crate::cover::ItemKind::Piece(_)));
        for (k, &i) in primary.iter().chain(&secondary).enumerate() {
            number[i] = k as u32 + 1;
        }
        let n_items = (primary.len() + secondary.len()) as u32;
        let n_primary = primary.len() as u32;
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
            primary: n_primary,
            nodes: 0,
            interrupt: None,
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
        for (o, covered) in cover.options.iter().enumerate() {
            if excluded[o] {
                continue;
            }
            let items: Vec<u32> = covered
                .iter()
                .map(|&i| number[i as usize])
                .filter(|&k| k != 0)
                .collect();
            if items.is_empty() {
                continue;
            }
            let first = d.node.len() as u32;
            for &k in &items {
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
        Some(d)
    }

    /// Makes the search give up soon after `flag` is raised.
    pub fn set_interrupt(&mut self, flag: Arc<AtomicBool>) {
        self.interrupt = Some(flag);
    }

    fn push_node(&mut self, top: i32, up: u32, down: u32) {
        self.node.push(Node {
            top,
            up,
            down,
            option: u32::MAX,
        });
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

    /// Replays a path of chosen nodes from the root (as `search` would
    /// have made it), or undoes it.
    fn replay(&mut self, path: &[u32]) {
        for &r in path {
            self.cover(self.n(r).top as u32);
            self.commit(r);
        }
    }

    fn unreplay(&mut self, path: &[u32]) {
        for &r in path.iter().rev() {
            self.uncommit(r);
            self.uncover(self.n(r).top as u32);
        }
    }

    /// Splits the search tree into independent subtrees (paths of chosen
    /// nodes), visiting the solutions met on the way. Stops splitting at
    /// `want` subtrees or `max_depth` levels.
    fn split(
        &mut self,
        want: usize,
        max_depth: usize,
        visit: &(dyn Fn(&[u32]) -> bool + Sync),
    ) -> Result<Vec<Vec<u32>>, Stop> {
        let mut paths: Vec<Vec<u32>> = vec![Vec::new()];
        for _ in 0..max_depth {
            if paths.len() >= want {
                break;
            }
            let mut next = Vec::new();
            for path in paths {
                self.replay(&path);
                match self.choose() {
                    None => {
                        let options: Vec<u32> = path.iter().map(|&r| self.n(r).option).collect();
                        if !visit(&options) {
                            self.unreplay(&path);
                            return Err(Stop::Visitor);
                        }
                    }
                    Some(i) => {
                        let mut r = self.n(i).down;
                        while r != i {
                            let mut longer = path.clone();
                            longer.push(r);
                            next.push(longer);
                            r = self.n(r).down;
                        }
                    }
                }
                self.unreplay(&path);
            }
            paths = next;
        }
        Ok(paths)
    }

    /// Splits the search space into disjoint "cubes": partial solutions
    /// (as option lists) such that every solution extends exactly one of
    /// them, except the solutions met while splitting, which go to
    /// `visit`. The SAT engine solves each cube under assumptions, which
    /// keeps every call, and especially the final proof that a cube holds
    /// nothing more, small.
    pub fn cubes(
        &mut self,
        want: usize,
        max_depth: usize,
        visit: &(dyn Fn(&[u32]) -> bool + Sync),
    ) -> Result<Vec<Vec<u32>>, Stop> {
        if self.primary == 0 {
            return Ok(vec![Vec::new()]);
        }
        let paths = self.split(want, max_depth, visit)?;
        Ok(paths
            .iter()
            .map(|p| p.iter().map(|&r| self.n(r).option).collect())
            .collect())
    }

    /// Like [`Dlx::enumerate`], on `threads` threads: the tree is split
    /// into a few hundred subtrees that the threads take in turn.
    pub fn enumerate_parallel(
        &mut self,
        threads: usize,
        visit: &(dyn Fn(&[u32]) -> bool + Sync),
    ) -> Result<(), Stop> {
        if self.primary == 0 {
            return if visit(&[]) {
                Ok(())
            } else {
                Err(Stop::Visitor)
            };
        }
        let paths = self.split(64 * threads, 4, visit)?;
        let next = std::sync::atomic::AtomicUsize::new(0);
        let stopped = AtomicBool::new(false);
        let nodes = std::sync::atomic::AtomicU64::new(0);
        std::thread::scope(|scope| {
            for _ in 0..threads.max(1) {
                let mut dlx = self.clone();
                let (next, stopped, paths, nodes) = (&next, &stopped, &paths, &nodes);
                scope.spawn(move || {
                    let mut visit_mut = |o: &[u32]| visit(o);
                    loop {
                        let k = next.fetch_add(1, Ordering::Relaxed);
                        if k >= paths.len() || stopped.load(Ordering::Relaxed) {
                            break;
                        }
                        let path = &paths[k];
                        dlx.replay(path);
                        let mut chosen = path.clone();
                        let result = dlx.search(&mut chosen, &mut visit_mut);
                        dlx.unreplay(path);
                        if result.is_err() {
                            stopped.store(true, Ordering::Relaxed);
                            break;
                        }
                    }
                    nodes.fetch_add(dlx.nodes, Ordering::Relaxed);
                });
            }
        });
        self.nodes += nodes.load(Ordering::Relaxed);
        if stopped.load(Ordering::Relaxed) {
            Err(Stop::Visitor)
        } else {
            Ok(())
        }
    }

    /// Calls `visit` with the option indices of every solution, until it
    /// returns `false`.
    pub fn enumerate(&mut self, visit: &mut dyn FnMut(&[u32]) -> bool) -> Result<(), Stop> {
        let mut chosen = Vec::new();
        if self.primary == 0 {
            // Nothing must be covered: the empty selection is the solution.
            return if visit(&[]) {
                Ok(())
            } else {
                Err(Stop::Visitor)
            };
        }
        self.search(&mut chosen, visit)
    }

    fn search(
        &mut self,
        chosen: &mut Vec<u32>,
        visit: &mut dyn FnMut(&[u32]) -> bool,
    ) -> Result<(), Stop> {
        self.nodes += 1;
        if self.nodes & 0xfff == 0
            && self
                .interrupt
                .as_ref()
                .is_some_and(|f| f.load(Ordering::Relaxed))
        {
            return Err(Stop::Interrupted);
        }
        let Some(i) = self.choose() else {
            let options: Vec<u32> = chosen.iter().map(|&r| self.n(r).option).collect();
            return if visit(&options) {
                Ok(())
            } else {
                Err(Stop::Visitor)
            };
        };
        if self.len[i as usize] == 0 {
            return Ok(());
        }
        self.cover(i);
        let mut r = self.n(i).down;
        let mut result = Ok(());
        while r != i {
            self.commit(r);
            chosen.push(r);
            result = self.search(chosen, visit);
            chosen.pop();
            self.uncommit(r);
            if result.is_err() {
                break;
            }
            r = self.n(r).down;
        }
        self.uncover(i);
        result
    }
}
