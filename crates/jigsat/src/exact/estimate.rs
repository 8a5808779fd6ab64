//! How big a search tree is, before searching it: random walks, alone
//! (Knuth's) and carried down together (a population).
//!
//! Knuth ("Estimating the efficiency of backtrack programs", 1975): walk
//! from the root to a leaf, choosing each step's branch at random, and
//! multiply the numbers of branches met on the way. If the root has d₀
//! branches and the chosen child d₁, and so on, then
//!
//! ```text
//! 1 + d₀ + d₀·d₁ + d₀·d₁·d₂ + …
//! ```
//!
//! is an *unbiased* estimate of the number of nodes: each node at depth k
//! is reached with probability 1/(d₀·…·d_{k-1}) and counted with that
//! product as its weight, so its expected contribution is exactly 1. The
//! same walk ending at a solution estimates the solutions (its weight
//! d₀·…·d_{k-1}).
//!
//! Unbiased is not enough on a deep tree where most walks die: on an
//! edge-matching board filled row by row nearly every walk ends within a
//! few rows, and the few that get deep carry weights of 10¹⁰ and more. The
//! mean of a thousand such walks is a sum of rare huge terms, usually far
//! *below* the tree (the terms that would raise it were not drawn), and
//! its spread says nothing about how far: Brendan Owen's 7x7, 1.72e11
//! nodes counted, was forecast at 9.7e10 "± 33 %".
//!
//! So the whole tree is estimated by a *population* ([`population`];
//! Aldous and Vazirani's "go with the winners", 1994, the normalising
//! constant of a particle filter): up to `n` nodes go down level by
//! level together. Every child of every node counts, weighted by its
//! parent's weight, so the level's weights sum to an unbiased estimate of
//! its nodes; when there are more than `n` children, `n` of them are drawn
//! in proportion to their weights, each standing for an equal share of
//! the level. A walk that dies is replaced by a copy of one that lives,
//! so the deep levels are always reached, by many walks. The figure stays
//! unbiased (each draw keeps the weights' expected sums), and a
//! population of one is Knuth's walk. Several independent populations
//! ([`RUNS`]) give the error bar by their spread.
//!
//! `split` sizes each subtree by one population ([`super::balance`]).
//! Knuth's walks alone ([`estimate_below`]) stay where a rule was
//! measured on them: the portfolio's 200-walk look at first-cell trees.
//!
//! The walks use only [`Search::enter`], [`Search::branches`] and
//! [`Search::leave`], so they estimate the very tree the engine would
//! search — same item choices, same symmetry breaking.

use super::search::{Halt, Search};
use crate::rng::Rng;

/// What random walks say about a search tree's size ([`estimate`],
/// [`estimate_below`]).
#[derive(Clone, Debug, PartialEq)]
pub struct TreeSize {
    /// Walks taken: for populations, their sizes added up.
    pub probes: usize,
    /// The estimate of the nodes: the mean of the walks' or the
    /// populations' figures.
    pub nodes: f64,
    /// The standard error of that mean: the figures' standard deviation
    /// over the square root of their number.
    pub nodes_error: f64,
    /// The estimate of the solutions (leaves where the search is
    /// complete, on a fixed board after symmetry breaking).
    pub solutions: f64,
    /// Whether every population met every node (no level was wider than
    /// its walks): the figures are then the tree's own, not estimates.
    pub exact: bool,
}

/// What one population found ([`population`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Population {
    /// The estimate of the nodes below its root (the root included).
    pub nodes: f64,
    /// The estimate of the solutions there.
    pub solutions: f64,
    /// Whether no level had more nodes than the population has walks, so
    /// that none was drawn: the figures are exact.
    pub whole: bool,
}

/// Independent populations an [`estimate`] is the mean of (at least):
/// enough for a spread to read an error bar from, few enough that each is
/// large.
pub const RUNS: usize = 8;

/// The most walks in one population ([`population`]). A level holds
/// every child of its walks at once (8 bytes each), so this bounds the
/// memory: 16,384 walks with a thousand branches each take 128 MB.
pub const LARGEST: usize = 16_384;

/// The population estimate of the tree below `search`'s root: [`RUNS`]
/// populations sharing `probes` walks between them; `Err` when the
/// search's stop flag was raised first.
pub fn estimate<S: Search>(search: &mut S, probes: usize, rng: &mut Rng) -> Result<TreeSize, Halt> {
    let sizes = sizes(probes);
    let runs = sizes.len();
    let (mut sum, mut sum_sq, mut solutions, mut exact) = (0.0, 0.0, 0.0, true);
    for size in sizes {
        let Population {
            nodes,
            solutions: found,
            whole,
        } = population(search, &[], size, rng)?;
        exact &= whole;
        log::debug!("estimate: a population of {size}: {nodes:.4e} nodes, {found:.4e} solutions");
        sum += nodes;
        sum_sq += nodes * nodes;
        solutions += found;
    }
    let n = runs as f64;
    let mean = sum / n;
    // The sample variance (n - 1): with eight figures the difference shows.
    let variance = (sum_sq - n * mean * mean).max(0.0) / (n - 1.0).max(1.0);
    Ok(TreeSize {
        probes: probes.max(1),
        nodes: mean,
        nodes_error: (variance / n).sqrt(),
        solutions: solutions / n,
        exact,
    })
}

/// The sizes of the populations `probes` walks make: [`RUNS`] of them, or
/// more where they would pass [`LARGEST`] (so that memory stays bounded),
/// or one per walk where there are fewer walks; they add up to `probes`
/// (at least 1), the remainder going to the first.
fn sizes(probes: usize) -> Vec<usize> {
    let probes = probes.max(1);
    let runs = RUNS.max(probes.div_ceil(LARGEST)).min(probes);
    (0..runs)
        .map(|run| probes / runs + usize::from(run < probes % runs))
        .collect()
}

/// One population estimate of the tree below `root` (see the module's
/// docs): up to `size` nodes (at most [`LARGEST`]) carried down level by
/// level, drawn again in proportion to their weights (systematic
/// resampling: one random offset, then evenly spaced points along the
/// weights) whenever a level has more children than that.
///
/// Each node is entered from the root (`enter` promises only that), so a
/// population costs `size` times the square of the depth, like as many
/// walks that all get to the bottom; each node looks at the stop flag and
/// counts as a node of the search's ticker.
pub fn population<S: Search>(
    search: &mut S,
    root: &[u32],
    size: usize,
    rng: &mut Rng,
) -> Result<Population, Halt> {
    let size = size.clamp(1, LARGEST);
    let mut level: Vec<(Vec<u32>, f64)> = vec![(root.to_vec(), 1.0)];
    let mut found = Population {
        nodes: 1.0,
        solutions: 0.0,
        whole: true,
    };
    // (parent in `level`, branch): a child weighs what its parent does.
    let mut children: Vec<(u32, u32)> = Vec::new();
    while !level.is_empty() {
        children.clear();
        for (i, (path, weight)) in level.iter().enumerate() {
            if search.ticker().stopped() {
                return Err(Halt::Interrupted);
            }
            search.ticker_mut().node()?;
            search.enter(path);
            let branches = search.branches();
            search.leave(path);
            match branches {
                None => found.solutions += weight,
                Some(b) => children.extend(b.into_iter().map(|o| (i as u32, o))),
            }
        }
        let weight = |&(i, _): &(u32, u32)| level[i as usize].1;
        let total: f64 = children.iter().map(weight).sum();
        found.nodes += total;
        let path = |&(i, o): &(u32, u32)| [&level[i as usize].0[..], &[o]].concat();
        level = if children.len() <= size {
            // All of them: the level is known exactly, given the last.
            children.iter().map(|c| (path(c), weight(c))).collect()
        } else {
            found.whole = false;
            let share = total / size as f64;
            let mut point = share * unit(rng);
            let (mut drawn, mut passed) = (Vec::with_capacity(size), 0.0);
            for c in &children {
                passed += weight(c);
                while point < passed && drawn.len() < size {
                    drawn.push((path(c), share));
                    point += share;
                }
            }
            drawn
        };
    }
    Ok(found)
}

/// A number in `[0, 1)`, from the top 53 bits.
fn unit(rng: &mut Rng) -> f64 {
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

/// Knuth's estimate of the subtree below the node `root` (a path of the
/// tree) leads to, from `probes` walks started there.
pub fn estimate_below<S: Search>(
    search: &mut S,
    root: &[u32],
    probes: usize,
    rng: &mut Rng,
) -> Result<TreeSize, Halt> {
    let probes = probes.max(1);
    let (mut sum, mut sum_sq, mut solutions) = (0.0, 0.0, 0.0);
    for _ in 0..probes {
        let (nodes, found) = walk(search, root, rng)?;
        sum += nodes;
        sum_sq += nodes * nodes;
        solutions += found;
    }
    let n = probes as f64;
    let mean = sum / n;
    let variance = (sum_sq / n - mean * mean).max(0.0);
    Ok(TreeSize {
        probes,
        nodes: mean,
        nodes_error: (variance / n).sqrt(),
        solutions: solutions / n,
        exact: false,
    })
}

/// One of Knuth's walks from `root` to a leaf: its node figure, and its
/// solution figure (its weight if the leaf is a solution, else 0). Each
/// step enters the path from the root, as [`population`] does.
fn walk<S: Search>(search: &mut S, root: &[u32], rng: &mut Rng) -> Result<(f64, f64), Halt> {
    let (mut nodes, mut weight) = (1.0, 1.0);
    let mut path = root.to_vec();
    loop {
        if search.ticker().stopped() {
            return Err(Halt::Interrupted);
        }
        search.ticker_mut().node()?;
        search.enter(&path);
        let branches = search.branches();
        search.leave(&path);
        match branches {
            None => return Ok((nodes, weight)),
            Some(b) if b.is_empty() => return Ok((nodes, 0.0)),
            Some(b) => {
                weight *= b.len() as f64;
                nodes += weight;
                path.push(b[rng.below(b.len())]);
            }
        }
    }
}

/// How many nodes a second `search` visits on one thread here (it runs
/// from the root for `budget`, or until it is done, if sooner), and up to
/// `keep` of the solutions met on the way: samples to time the work each
/// solution costs besides the search.
pub fn pace_and_samples<S: Search>(
    mut search: S,
    budget: std::time::Duration,
    keep: usize,
) -> (f64, Vec<Vec<u32>>) {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};
    let flag = Arc::new(AtomicBool::new(false));
    search.set_interrupt(Arc::clone(&flag));
    let before = search.nodes();
    let mut samples = Vec::new();
    let started = std::time::Instant::now();
    std::thread::scope(|scope| {
        scope.spawn(|| {
            while !flag.load(Ordering::Relaxed) && started.elapsed() < budget {
                std::thread::sleep(std::time::Duration::from_millis(2));
            }
            flag.store(true, Ordering::Relaxed);
        });
        let _ = super::enumerate(&mut search, &mut |o| {
            if samples.len() < keep {
                samples.push(o.to_vec());
            }
            true
        });
        flag.store(true, Ordering::Relaxed);
    });
    let pace = (search.nodes() - before) as f64 / started.elapsed().as_secs_f64().max(1e-6);
    (pace, samples)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exact::search::Ticker;

    /// A comb over a binary tree: at each of the first `spine` levels one
    /// of `wide` branches goes on (the first) and the others are dead
    /// ends; below, a full binary tree `height` deep, its leaves
    /// solutions. A lone walk gets down the spine once in `wide^spine`.
    #[derive(Clone, Default)]
    struct Comb {
        ticker: Ticker,
        path: Vec<u32>,
        wide: u32,
        spine: usize,
        height: usize,
    }

    impl Comb {
        /// The nodes and the solutions of the whole tree, searched.
        fn counted(&mut self) -> (f64, f64) {
            let (mut nodes, mut solutions) = (0.0, 0.0);
            let mut stack = vec![Vec::new()];
            while let Some(path) = stack.pop() {
                nodes += 1.0;
                self.enter(&path);
                match self.branches() {
                    None => solutions += 1.0,
                    Some(b) => stack.extend(b.into_iter().map(|o| [&path[..], &[o]].concat())),
                }
            }
            (nodes, solutions)
        }
    }

    impl Search for Comb {
        fn primary(&self) -> u32 {
            1
        }
        fn enter(&mut self, path: &[u32]) {
            self.path = path.to_vec();
        }
        fn leave(&mut self, _path: &[u32]) {
            self.path.clear();
        }
        fn branches(&mut self) -> Option<Vec<u32>> {
            let d = self.path.len();
            if self.path.iter().take(self.spine).any(|&o| o != 0) {
                Some(Vec::new())
            } else if d < self.spine {
                Some((0..self.wide).collect())
            } else if d < self.spine + self.height {
                Some(vec![0, 1])
            } else {
                None
            }
        }
        fn search(
            &mut self,
            _chosen: &mut Vec<u32>,
            _visit: &mut dyn FnMut(&[u32]) -> bool,
        ) -> Result<(), Halt> {
            unreachable!("only walked")
        }
        fn ticker(&self) -> &Ticker {
            &self.ticker
        }
        fn ticker_mut(&mut self) -> &mut Ticker {
            &mut self.ticker
        }
    }

    /// A population at least as large as the widest level keeps every
    /// node: the figures are the tree's, exactly, whatever the seed.
    #[test]
    fn a_population_as_wide_as_the_tree_counts_it_exactly() {
        let mut comb = Comb {
            wide: 3,
            spine: 2,
            height: 6,
            ..Comb::default()
        };
        let (nodes, solutions) = comb.counted();
        assert_eq!(solutions, 64.0);
        for seed in 1..4 {
            let found = population(&mut comb, &[], 64, &mut Rng::new(seed)).unwrap();
            assert_eq!((found.nodes, found.solutions), (nodes, solutions));
            assert!(found.whole);
        }
    }

    /// Where one lone walk in 4^8 gets down the spine, a thousand of
    /// Knuth's walks see only the comb; populations of the same thousand
    /// walks carry the live branch down and find the tree below it.
    #[test]
    fn populations_reach_the_bulk_where_lone_walks_die() {
        let mut comb = Comb {
            wide: 4,
            spine: 8,
            height: 12,
            ..Comb::default()
        };
        let (nodes, solutions) = comb.counted();
        let walks = estimate_below(&mut comb, &[], 1000, &mut Rng::new(1)).unwrap();
        assert!(walks.nodes < nodes / 10.0, "{walks:?} against {nodes}");
        let size = estimate(&mut comb, 1000, &mut Rng::new(1)).unwrap();
        assert_eq!(size.probes, 1000);
        assert!(!size.exact, "levels of 4096 nodes were drawn from");
        let ratio = size.nodes / nodes;
        assert!((0.8..1.25).contains(&ratio), "{size:?} against {nodes}");
        assert!((size.solutions / solutions - 1.0).abs() < 0.25, "{size:?}");
        // The runs differ, and their spread says by about how much.
        assert!(size.nodes_error > 0.0, "{size:?}");
        assert!(
            (size.nodes - nodes).abs() < 4.0 * size.nodes_error,
            "{size:?}"
        );
    }

    /// Eight populations sharing the walks, more where each would pass
    /// the largest size; always adding up to the walks asked for.
    #[test]
    fn walks_are_shared_by_populations_of_bounded_size() {
        assert_eq!(sizes(0), vec![1]);
        assert_eq!(sizes(3), vec![1, 1, 1]);
        assert_eq!(sizes(21), vec![3, 3, 3, 3, 3, 2, 2, 2]);
        for probes in [10_000, 8 * LARGEST, 8 * LARGEST + 1, 10_000_000] {
            let s = sizes(probes);
            assert_eq!(s.iter().sum::<usize>(), probes);
            assert!(
                s.len() >= RUNS && s.iter().all(|&n| n <= LARGEST),
                "{probes}"
            );
        }
        assert_eq!(sizes(8 * LARGEST + 1).len(), 9);
    }

    /// Fewer walks than runs: one run each; the walks add up to those
    /// asked for, the same seed gives the same figure, and a raised stop
    /// flag ends them.
    #[test]
    fn populations_share_the_walks_repeat_and_stop() {
        let mut comb = Comb {
            wide: 2,
            spine: 3,
            height: 5,
            ..Comb::default()
        };
        assert_eq!(estimate(&mut comb, 3, &mut Rng::new(1)).unwrap().probes, 3);
        assert_eq!(
            estimate(&mut comb, 21, &mut Rng::new(1)).unwrap().probes,
            21
        );
        assert_eq!(
            estimate(&mut comb, 21, &mut Rng::new(5)),
            estimate(&mut comb, 21, &mut Rng::new(5))
        );
        let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
        comb.set_interrupt(flag);
        assert!(estimate(&mut comb, 21, &mut Rng::new(5)).is_err());
    }
}
