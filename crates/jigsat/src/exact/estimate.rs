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
//!
//! A tree whose top is small but seldom walked through (the row scan
//! closing a frame first: most walks die before the frame closes, so the
//! few that get inside decide the figure, and 1,000 walks forecast a
//! seventh to a thirtieth of the nodes) names that depth
//! ([`Search::stage`]); its top is then searched whole and the walks
//! start below it. A top too large to search whole is sampled instead:
//! cheap walks down to the stage, as many as a node budget allows, each
//! that gets there walked on below ([`sampled`]); when few get there the
//! figure is flagged as a lower bound ([`TreeSize::lower_bound`]).

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
    /// Whether `nodes` can only be read as a lower bound: on a staged
    /// tree whose top is too large to search whole, when few walks got
    /// down to the stage or a few of them make most of the figure. Such a
    /// mean is far more often low than high (the rare walks that would
    /// raise it were not drawn), and its spread is no guide to how far.
    pub lower_bound: bool,
}

/// Knuth's estimate of the tree below `search`'s root from `probes`
/// random walks; `Err` when the search's stop flag was raised first.
///
/// On a tree with a [`Search::stage`] (the row scan's frame first) the
/// top down to that depth is searched whole, when that takes at most
/// [`STAGE_NODES`] nodes, and the walks start below it, spread over the
/// nodes found there ([`staged`]).
pub fn estimate<S: Search>(search: &mut S, probes: usize, rng: &mut Rng) -> Result<TreeSize, Halt> {
    if let Some(depth) = search.stage() {
        return match top_of(search, depth)? {
            Some(top) => staged(search, top, probes, rng),
            None => sampled(search, depth, probes, STAGE_NODES, rng),
        };
    }
    estimate_below(search, &[], probes, rng)
}

/// The most nodes the top of a staged tree may take to search whole
/// (about two seconds), the most nodes it may end in, and how many of
/// those, at most, the walks start from (a random choice of them when
/// there are more: each then stands for its share of all).
const STAGE_NODES: u64 = 2_000_000;
const STAGE_ENDS: usize = 1_000_000;
const STAGE_WALKED: usize = 20_000;

/// The top of a tree searched whole: its nodes above the stage depth,
/// its solutions there, and the paths to the nodes at that depth.
struct Top {
    nodes: f64,
    solutions: f64,
    ends: Vec<Vec<u32>>,
}

/// The tree above `depth`, searched whole; `None` when that would take
/// more than [`STAGE_NODES`] nodes or end in more than [`STAGE_ENDS`].
fn top_of<S: Search>(search: &mut S, depth: usize) -> Result<Option<Top>, Halt> {
    let mut top = Top {
        nodes: 0.0,
        solutions: 0.0,
        ends: Vec::new(),
    };
    let mut stack: Vec<Vec<u32>> = vec![Vec::new()];
    while let Some(path) = stack.pop() {
        if path.len() >= depth {
            top.ends.push(path);
            if top.ends.len() > STAGE_ENDS {
                return Ok(None);
            }
            continue;
        }
        top.nodes += 1.0;
        if top.nodes > STAGE_NODES as f64 {
            return Ok(None);
        }
        search.ticker_mut().node()?;
        search.enter(&path);
        let branches = search.branches();
        search.leave(&path);
        match branches {
            None => top.solutions += 1.0,
            Some(b) => stack.extend(b.into_iter().map(|o| [&path[..], &[o]].concat())),
        }
    }
    Ok(Some(top))
}

/// The estimate of a tree whose `top` is known: its nodes as counted,
/// plus, below each node it ends in, the mean of an equal share of the
/// `probes` walks (at least one each). The subtrees' errors add up as
/// independent ones do; with one walk each, a subtree's own spread is
/// not known, and the spread between the subtrees' figures stands in for
/// it (larger: it holds how much the subtrees differ too).
fn staged<S: Search>(
    search: &mut S,
    mut top: Top,
    probes: usize,
    rng: &mut Rng,
) -> Result<TreeSize, Halt> {
    let all = top.ends.len() as f64;
    let walked = top.ends.len().min(probes.max(STAGE_WALKED));
    for i in 0..walked {
        let j = i + rng.below(top.ends.len() - i);
        top.ends.swap(i, j);
    }
    top.ends.truncate(walked);
    let scale = all / walked.max(1) as f64;
    let each = probes.div_ceil(walked.max(1)).max(1);
    let mut size = TreeSize {
        probes: 0,
        nodes: top.nodes,
        nodes_error: 0.0,
        solutions: top.solutions,
        lower_bound: false,
    };
    let (mut variance, mut sum, mut sum_sq, mut found) = (0.0, 0.0, 0.0, 0.0);
    for end in &top.ends {
        let below = estimate_below(search, end, each, rng)?;
        size.probes += below.probes;
        found += below.solutions;
        variance += below.nodes_error * below.nodes_error;
        sum += below.nodes;
        sum_sq += below.nodes * below.nodes;
    }
    if each == 1 || scale > 1.0 {
        // The spread between subtrees, for a sum of `all` drawn at random.
        let n = walked as f64;
        variance = all * all * (sum_sq / n - (sum / n).powi(2)).max(0.0) / n;
    }
    size.nodes += sum * scale;
    size.solutions += found * scale;
    size.nodes_error = variance.sqrt();
    Ok(size)
}

/// The walks of a staged tree whose top is too large to search whole
/// (more than [`STAGE_NODES`] nodes): walks from the root down to the
/// stage, as many as [`STAGE_NODES`] nodes allow (they are cheap: most
/// die on the rim), until `probes` of them reach it; below each that does,
/// an equal share of `probes` walks. Each walk's figure is Knuth's, its
/// part below the stage the mean of the walks there, so the mean stays
/// unbiased; it is flagged a lower bound when fewer than [`REACHED_MOST`]
/// walks reached the stage or the sum is worth fewer than
/// [`EFFECTIVE_LEAST`] equal walks.
fn sampled<S: Search>(
    search: &mut S,
    depth: usize,
    probes: usize,
    budget: u64,
    rng: &mut Rng,
) -> Result<TreeSize, Halt> {
    let probes = probes.max(1);
    let (mut walks, mut spent) = (Vec::new(), 0u64);
    let mut reached = 0;
    while reached < probes && (spent < budget || walks.is_empty()) {
        let walk = walk_to(search, &[], depth, rng)?;
        spent += walk.steps;
        reached += usize::from(walk.end.is_some());
        walks.push(walk);
    }
    let each = probes.div_ceil(reached.max(1));
    let (mut sum, mut sum_sq, mut most, mut solutions) = (0.0, 0.0, 0.0f64, 0.0);
    let mut below_walks = 0;
    for walk in &walks {
        let mut x = walk.nodes;
        solutions += walk.solutions;
        if let Some(end) = &walk.end {
            let below = estimate_below(search, end, each, rng)?;
            below_walks += below.probes;
            // The stage node itself is counted in `walk.nodes` already.
            x += walk.weight * (below.nodes - 1.0);
            solutions += walk.weight * below.solutions;
        }
        sum += x;
        sum_sq += x * x;
        most = most.max(x);
    }
    let n = walks.len() as f64;
    let mean = sum / n;
    // Kish's effective sample size: how many equal walks the sum is worth.
    let effective = if sum_sq > 0.0 { sum * sum / sum_sq } else { n };
    log::debug!(
        "estimate: {} walks, {reached} to the stage, worth {effective:.1} equal walks, the largest {:.3} of the sum",
        walks.len(),
        most / sum.max(f64::MIN_POSITIVE),
    );
    Ok(TreeSize {
        probes: walks.len() + below_walks,
        nodes: mean,
        nodes_error: ((sum_sq / n - mean * mean).max(0.0) / n).sqrt(),
        solutions: solutions / n,
        lower_bound: reached < REACHED_MOST.min(probes) || effective < EFFECTIVE_LEAST,
    })
}

/// Walks down to the stage below which a sampled estimate is trusted.
const REACHED_MOST: usize = 100;

/// Below this effective number of walks (`(Σx)² / Σx²`) a sampled
/// estimate is a lower bound: a few heavy walks carry it, and the rare
/// heavier ones that would raise it were not drawn. Framed 8x8s with 7
/// colours: seed 6's figure was worth 9-18 walks and read 0.87e10 to
/// 5.5e10 with five seeds of the walks, "± 24-38 %" each, while `count`
/// met more than 2.4e10 nodes; a 7x7 worth 32-42 walks read within 1 %
/// of its tree (encodings/RESULTS.md, "session 19").
const EFFECTIVE_LEAST: f64 = 25.0;

/// One walk ([`walk_to`]), down to a leaf or to a depth.
struct TopWalk {
    /// Knuth's node figure of the walk so far, the stage node included.
    nodes: f64,
    /// The product of the branches met: what the stage node stands for.
    weight: f64,
    /// The path to the node at the depth, when the walk got there.
    end: Option<Vec<u32>>,
    /// The walk's solution figure (its weight), when it ended at a
    /// solution.
    solutions: f64,
    /// Nodes entered.
    steps: u64,
}

/// One walk from `root` down to a leaf or to `depth` (then `end` holds
/// the path there).
///
/// Each step enters the path from the root (`enter` promises only that),
/// so a walk costs the square of its depth: each step looks at the stop
/// flag, which is what lets it end a walk down a tree tens of thousands
/// of levels deep, and counts as a node of the search's ticker.
fn walk_to<S: Search>(
    search: &mut S,
    root: &[u32],
    depth: usize,
    rng: &mut Rng,
) -> Result<TopWalk, Halt> {
    let mut walk = TopWalk {
        nodes: 1.0,
        weight: 1.0,
        end: None,
        solutions: 0.0,
        steps: 0,
    };
    let mut path = root.to_vec();
    loop {
        if path.len() >= depth {
            walk.end = Some(path);
            return Ok(walk);
        }
        if search.ticker().stopped() {
            return Err(Halt::Interrupted);
        }
        search.ticker_mut().node()?;
        walk.steps += 1;
        search.enter(&path);
        let branches = search.branches();
        search.leave(&path);
        match branches {
            None => {
                walk.solutions = walk.weight;
                return Ok(walk);
            }
            Some(b) if b.is_empty() => return Ok(walk),
            Some(b) => {
                walk.weight *= b.len() as f64;
                walk.nodes += walk.weight;
                path.push(b[rng.below(b.len())]);
            }
        }
    }
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
        lower_bound: false,
    })
}

/// One walk from `root` to a leaf: its node estimate and its solution
/// estimate (the walk's weight if the leaf is a solution, else 0).
fn probe<S: Search>(search: &mut S, root: &[u32], rng: &mut Rng) -> Result<(f64, f64), Halt> {
    let walk = walk_to(search, root, usize::MAX, rng)?;
    Ok((walk.nodes, walk.solutions))
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

    /// A tree whose top is a comb: at each depth above `stage` one branch
    /// goes on and the other `wide - 1` are dead ends; below the stage a
    /// full binary tree `height` deep, its leaves solutions.
    #[derive(Clone, Default)]
    struct Comb {
        ticker: Ticker,
        path: Vec<u32>,
        wide: u32,
        stage: usize,
        height: usize,
        /// Levels between the stage and the binary tree where, again, one
        /// of two branches goes on and the other is a dead end.
        spine: usize,
    }

    impl Comb {
        /// The nodes of the whole tree, as a search visits them.
        fn nodes(&self) -> f64 {
            let top = self.stage as f64 * f64::from(self.wide);
            top + 2.0 * self.spine as f64 + (2f64.powi(self.height as i32 + 1) - 1.0)
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
            let below = self.stage + self.spine;
            if self.path.iter().take(below).any(|&o| o != 0) {
                Some(Vec::new())
            } else if d < self.stage {
                Some((0..self.wide).collect())
            } else if d < below + self.height {
                // The spine's levels and the binary tree's alike: two
                // branches (a spine's second is a dead end, above).
                Some(vec![0, 1])
            } else {
                None
            }
        }
        fn search(
            &mut self,
            chosen: &mut Vec<u32>,
            visit: &mut dyn FnMut(&[u32]) -> bool,
        ) -> Result<(), Halt> {
            self.enter(chosen);
            let branches = self.branches();
            match branches {
                None => {
                    visit(chosen);
                }
                Some(b) => {
                    for o in b {
                        chosen.push(o);
                        self.search(chosen, visit)?;
                        chosen.pop();
                    }
                }
            }
            Ok(())
        }
        fn ticker(&self) -> &Ticker {
            &self.ticker
        }
        fn ticker_mut(&mut self) -> &mut Ticker {
            &mut self.ticker
        }
        fn stage(&self) -> Option<usize> {
            Some(self.stage)
        }
    }

    /// Where one walk in a million gets down to the stage, the few
    /// thousand walks the budget allows show only the top: the figure is
    /// far below the tree and says it is a lower bound.
    #[test]
    fn walks_that_die_before_the_stage_give_a_lower_bound() {
        let mut comb = Comb {
            wide: 100,
            stage: 3,
            height: 16,
            ..Comb::default()
        };
        let size = sampled(&mut comb, 3, 100, 20_000, &mut Rng::new(1)).unwrap();
        assert!(size.lower_bound);
        assert!(size.nodes < comb.nodes() / 10.0, "{size:?}");
    }

    /// Where one walk in eight gets there, enough do: the figure is
    /// close to the tree's nodes and no lower bound.
    #[test]
    fn walks_that_reach_the_stage_forecast_the_tree() {
        let mut comb = Comb {
            wide: 2,
            stage: 3,
            height: 8,
            ..Comb::default()
        };
        let size = sampled(&mut comb, 3, 200, 20_000, &mut Rng::new(1)).unwrap();
        assert!(!size.lower_bound, "{size:?}");
        let ratio = size.nodes / comb.nodes();
        assert!(
            (0.7..1.3).contains(&ratio),
            "{size:?} against {}",
            comb.nodes()
        );
        // Every leaf below the stage is a solution: 2^8 of them.
        assert!((size.solutions / 256.0 - 1.0).abs() < 0.3, "{size:?}");
    }

    /// Where every walk gets to the stage but one in 64 below it gets
    /// down the spine to the bulk of the tree, the few that do carry the
    /// figure: it says it is a lower bound, though hundreds of walks
    /// reached the stage.
    #[test]
    fn a_figure_a_few_heavy_walks_carry_is_a_lower_bound() {
        let mut comb = Comb {
            wide: 2,
            stage: 3,
            spine: 6,
            height: 12,
            ..Comb::default()
        };
        let size = sampled(&mut comb, 3, 200, 20_000, &mut Rng::new(1)).unwrap();
        assert!(size.probes >= 200, "{size:?}");
        assert!(size.lower_bound, "{size:?}");
        // Without the spine, the same walks are all alike: a forecast.
        comb.spine = 0;
        let size = sampled(&mut comb, 3, 200, 20_000, &mut Rng::new(1)).unwrap();
        assert!(!size.lower_bound, "{size:?}");
    }
}
