//! How big a search tree is, before searching it: Knuth's random probes.
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
//! d₀·…·d_{k-1}). One walk varies wildly on an uneven tree; the mean of
//! many converges, and their spread says how far to trust it.
//!
//! The walk uses only [`Search::enter`], [`Search::branches`] and
//! [`Search::leave`], so it estimates the very tree the engine would
//! search — same item choices, same symmetry breaking.

use super::search::{Halt, Search};
use crate::rng::Rng;

/// What the random probes say about a search tree's size: the figures
/// of Knuth's estimate ([`estimate`]).
#[derive(Clone, Debug, PartialEq)]
pub struct TreeSize {
    /// Probes taken.
    pub probes: usize,
    /// The mean of the probes' node estimates.
    pub nodes: f64,
    /// The standard error of that mean: the probes' standard deviation
    /// over √probes.
    pub nodes_error: f64,
    /// The mean of the probes' solution estimates (leaves where the
    /// search is complete, on a fixed board after symmetry breaking).
    pub solutions: f64,
}

/// Knuth's estimate of the tree below `search`'s root from `probes`
/// random walks; `Err` when the search's stop flag was raised first.
pub fn estimate<S: Search>(search: &mut S, probes: usize, rng: &mut Rng) -> Result<TreeSize, Halt> {
    estimate_below(search, &[], probes, rng)
}

/// [`estimate`] of the subtree below the node `root` (a path of the
/// tree) leads to: the walks start there.
pub fn estimate_below<S: Search>(
    search: &mut S,
    root: &[u32],
    probes: usize,
    rng: &mut Rng,
) -> Result<TreeSize, Halt> {
    let probes = probes.max(1);
    let (mut sum, mut sum_sq, mut solutions) = (0.0, 0.0, 0.0);
    for _ in 0..probes {
        let (nodes, found) = probe(search, root, rng)?;
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
    })
}

/// One walk from `root` to a leaf: its node estimate and its solution
/// estimate (the walk's weight if the leaf is a solution, else 0).
///
/// Each step enters the path from the root (`enter` promises only that),
/// so a walk costs the square of its depth: each step looks at the stop
/// flag, which is what lets it end a walk down a tree tens of thousands
/// of levels deep, and counts as a node of the search's ticker.
fn probe<S: Search>(search: &mut S, root: &[u32], rng: &mut Rng) -> Result<(f64, f64), Halt> {
    let mut path: Vec<u32> = root.to_vec();
    let (mut weight, mut nodes) = (1.0f64, 1.0f64);
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
