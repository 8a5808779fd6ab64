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

/// Why an enumeration stopped early.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The visitor asked to stop (limit reached).
    Visitor,
    /// The interrupt flag was raised (time limit).
    Interrupted,
}

pub struct Dlx {
    // Item list (headers 0..=items; 0 is the root of the primary list and
    // `items + 1` the root of the secondary list).
    llink: Vec<u32>,
    rlink: Vec<u32>,
    // Per node: item (or -option for spacers), vertical links.
    top: Vec<i32>,
    ulink: Vec<u32>,
    dlink: Vec<u32>,
    // Options left in each item's list.
    len: Vec<u32>,
    /// Node -> option index (spacers unused).
    option_of: Vec<u32>,
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
        for (k, &i) in primary.iter().chain(&secondary).enumerate() {
            number[i] = k as u32 + 1;
        }
        let n_items = (primary.len() + secondary.len()) as u32;
        let n_primary = primary.len() as u32;
        let root2 = n_items + 1;
        let mut d = Dlx {
            llink: vec![0; n_items as usize + 2],
            rlink: vec![0; n_items as usize + 2],
            top: vec![0; n_items as usize + 1],
            ulink: (0..=n_items).collect(),
            dlink: (0..=n_items).collect(),
            len: vec![0; n_items as usize + 1],
            option_of: vec![u32::MAX; n_items as usize + 1],
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
        let mut spacer = d.top.len() as u32;
        d.push_node(0, 0, 0);
        for (o, covered) in cover.options.iter().enumerate() {
            if excluded[o] {
                continue;
            }
            let items: Vec<u32> = covered.iter().map(|&i| number[i as usize]).filter(|&k| k != 0).collect();
            if items.is_empty() {
                continue;
            }
            let first = d.top.len() as u32;
            for &k in &items {
                let node = d.top.len() as u32;
                let last = d.ulink[k as usize];
                d.push_node(k as i32, last, k);
                d.dlink[last as usize] = node;
                d.ulink[k as usize] = node;
                d.len[k as usize] += 1;
                d.option_of[node as usize] = o as u32;
            }
            let last = d.top.len() as u32 - 1;
            d.dlink[spacer as usize] = last;
            spacer = d.top.len() as u32;
            d.push_node(-(o as i32) - 1, first, 0);
        }
        Some(d)
    }

    /// Makes the search give up soon after `flag` is raised.
    pub fn set_interrupt(&mut self, flag: Arc<AtomicBool>) {
        self.interrupt = Some(flag);
    }

    fn push_node(&mut self, top: i32, up: u32, down: u32) {
        self.top.push(top);
        self.ulink.push(up);
        self.dlink.push(down);
        self.option_of.push(u32::MAX);
    }

    fn cover(&mut self, i: u32) {
        let mut p = self.dlink[i as usize];
        while p != i {
            self.hide(p);
            p = self.dlink[p as usize];
        }
        let (l, r) = (self.llink[i as usize], self.rlink[i as usize]);
        self.rlink[l as usize] = r;
        self.llink[r as usize] = l;
    }

    fn hide(&mut self, p: u32) {
        let mut q = p + 1;
        while q != p {
            let x = self.top[q as usize];
            let (u, d) = (self.ulink[q as usize], self.dlink[q as usize]);
            if x <= 0 {
                q = u;
            } else {
                self.dlink[u as usize] = d;
                self.ulink[d as usize] = u;
                self.len[x as usize] -= 1;
                q += 1;
            }
        }
    }

    fn uncover(&mut self, i: u32) {
        let (l, r) = (self.llink[i as usize], self.rlink[i as usize]);
        self.rlink[l as usize] = i;
        self.llink[r as usize] = i;
        let mut p = self.ulink[i as usize];
        while p != i {
            self.unhide(p);
            p = self.ulink[p as usize];
        }
    }

    fn unhide(&mut self, p: u32) {
        let mut q = p - 1;
        while q != p {
            let x = self.top[q as usize];
            let (u, d) = (self.ulink[q as usize], self.dlink[q as usize]);
            if x <= 0 {
                q = d;
            } else {
                self.dlink[u as usize] = q;
                self.ulink[d as usize] = q;
                self.len[x as usize] += 1;
                q -= 1;
            }
        }
    }

    /// Covers the other items of the option through node `r`.
    fn commit(&mut self, r: u32) {
        let mut q = r + 1;
        while q != r {
            let x = self.top[q as usize];
            if x <= 0 {
                q = self.ulink[q as usize];
            } else {
                self.cover(x as u32);
                q += 1;
            }
        }
    }

    fn uncommit(&mut self, r: u32) {
        let mut q = r - 1;
        while q != r {
            let x = self.top[q as usize];
            if x <= 0 {
                q = self.dlink[q as usize];
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
        let mut i = self.rlink[0];
        while i != 0 {
            let l = self.len[i as usize];
            if l < best_len {
                best_len = l;
                best = Some(i);
                if l <= 1 {
                    break;
                }
            }
            i = self.rlink[i as usize];
        }
        best
    }

    /// Calls `visit` with the option indices of every solution, until it
    /// returns `false`.
    pub fn enumerate(&mut self, visit: &mut dyn FnMut(&[u32]) -> bool) -> Result<(), Stop> {
        let mut chosen = Vec::new();
        if self.primary == 0 {
            // Nothing must be covered: the empty selection is the solution.
            return if visit(&[]) { Ok(()) } else { Err(Stop::Visitor) };
        }
        self.search(&mut chosen, visit)
    }

    fn search(&mut self, chosen: &mut Vec<u32>, visit: &mut dyn FnMut(&[u32]) -> bool) -> Result<(), Stop> {
        self.nodes += 1;
        if self.nodes & 0xfff == 0 && self.interrupt.as_ref().is_some_and(|f| f.load(Ordering::Relaxed)) {
            return Err(Stop::Interrupted);
        }
        let Some(i) = self.choose() else {
            let options: Vec<u32> = chosen.iter().map(|&r| self.option_of[r as usize]).collect();
            return if visit(&options) { Ok(()) } else { Err(Stop::Visitor) };
        };
        if self.len[i as usize] == 0 {
            return Ok(());
        }
        self.cover(i);
        let mut r = self.dlink[i as usize];
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
            r = self.dlink[r as usize];
        }
        self.uncover(i);
        result
    }
}
