//! Cutting a search tree into parts of similar size, for searches that
//! run apart: `jigsat split` (one job per part, on other machines) and
//! `count --checkpoint` (one part at a time, recorded as it finishes).
//!
//! A cut at a fixed depth gives parts of wildly different sizes: in a
//! polycube search one branch near the root can hold most of the tree.
//! So the cut follows the weight:
//!
//! 1. a population of random walks ([`population`]) sizes each subtree:
//!    on a polycube tree or an edge board filled row by row far closer
//!    than as many lone walks (Y25 cut in 64: the largest part 1.38 times
//!    the median, against 2.20 with Knuth's walks; encodings/RESULTS.md,
//!    "session 21");
//! 2. the heaviest subtree is replaced by its children, again and again,
//!    until there are [`SUBTREES_PER_PART`] subtrees for every part and
//!    none weighs more than a fraction of a part — so the cut goes deeper
//!    exactly where the tree is heavier;
//! 3. the subtrees are dealt out heaviest first, each to the part that is
//!    lightest so far (Graham's LPT rule, whose largest part is within 4/3
//!    of the best possible for the estimated sizes).
//!
//! A part is therefore a list of paths (forced prefixes of choices), each
//! the root of one subtree; the subtrees of all parts together hold every
//! solution exactly once, because the branches of a node are disjoint (the
//! item branched on is covered by exactly one option).
//!
//! The estimates are noisy — a population of a few dozen walks misses
//! rare deep branches — but each part sums several subtrees, so the
//! errors partly cancel; encodings/RESULTS.md has the measured spread of
//! the real part sizes.

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use super::estimate::{LARGEST, population};
use super::search::{Halt, Search};
use crate::rng::Rng;

/// Subtrees per part the cut aims at: enough for the estimate errors to
/// average out within a part, few enough that the cut stays cheap.
pub const SUBTREES_PER_PART: usize = 8;

/// The cut stops deepening when the heaviest subtree weighs at most this
/// fraction of the mean part.
const HEAVIEST_SHARE: f64 = 0.25;

/// The most subtrees per part the cut will estimate, whatever the weights
/// say: it bounds the cost of the cut on trees the estimate cannot even
/// out (a few huge leaves of equal weight).
const MAX_SUBTREES_PER_PART: usize = 64;

/// The subtree below the node a path leads to, with its estimated size.
#[derive(Clone, Debug, PartialEq)]
pub struct Subtree {
    /// The options taken from the root.
    pub path: Vec<u32>,
    /// The estimate of the nodes below (the node itself included).
    pub nodes: f64,
}

impl Eq for Subtree {}

impl PartialOrd for Subtree {
    fn partial_cmp(&self, other: &Subtree) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// Heavier first; ties by path, so the cut does not depend on the heap's
/// internals.
impl Ord for Subtree {
    fn cmp(&self, other: &Subtree) -> Ordering {
        self.nodes
            .total_cmp(&other.nodes)
            .then_with(|| other.path.cmp(&self.path))
    }
}

/// A part of the tree: subtrees whose estimated sizes add up to `nodes`.
#[derive(Clone, Debug, PartialEq)]
pub struct Part {
    pub subtrees: Vec<Subtree>,
    pub nodes: f64,
}

/// Cuts the tree into at most `parts` parts of similar estimated size
/// (fewer only when the tree has fewer subtrees than that), estimating
/// each subtree from `probes` random walks. Returns the parts, heaviest
/// first, and the number of walks taken; `Err` when the search's stop
/// flag was raised first.
pub fn cut<S: Search>(
    s: &mut S,
    parts: usize,
    probes: usize,
    rng: &mut Rng,
) -> Result<(Vec<Part>, usize), Halt> {
    let parts = parts.max(1);
    // A population walks no more than that: the count of walks says so.
    let probes = probes.clamp(1, LARGEST);
    let mut walks = probes;
    let mut open = BinaryHeap::new();
    open.push(Subtree {
        path: Vec::new(),
        nodes: population(s, &[], probes, rng)?.nodes,
    });
    // Leaves: a solution (its own subtree of one node) cannot be cut.
    let mut leaves: Vec<Subtree> = Vec::new();
    let want = parts * SUBTREES_PER_PART;
    let most = parts * MAX_SUBTREES_PER_PART;
    while let Some(heaviest) = open.peek() {
        let count = open.len() + leaves.len();
        let total: f64 = open.iter().chain(&leaves).map(|t| t.nodes).sum();
        let light = heaviest.nodes <= HEAVIEST_SHARE * total / parts as f64;
        if count >= most || (count >= want && light) {
            break;
        }
        let Some(heaviest) = open.pop() else { break };
        let children = children(s, &heaviest.path);
        match children {
            None => leaves.push(heaviest),
            Some(options) => {
                for o in options {
                    let mut path = heaviest.path.clone();
                    path.push(o);
                    let found = population(s, &path, probes, rng)?;
                    walks += probes;
                    // A dead end (one node, no solution) holds nothing.
                    if found.nodes > 1.0 || found.solutions > 0.0 {
                        open.push(Subtree {
                            path,
                            nodes: found.nodes,
                        });
                    }
                }
            }
        }
    }
    let mut subtrees: Vec<Subtree> = open.into_vec();
    subtrees.append(&mut leaves);
    Ok((deal(subtrees, parts), walks))
}

/// The options below the node `path` leads to; `None` at a solution.
fn children<S: Search>(s: &mut S, path: &[u32]) -> Option<Vec<u32>> {
    s.enter(path);
    let branches = s.branches();
    s.leave(path);
    branches
}

/// Graham's LPT rule: heaviest subtree first, each to the lightest part.
/// Empty parts are dropped; the paths within a part are sorted, and the
/// parts are returned heaviest first.
pub fn deal(mut subtrees: Vec<Subtree>, parts: usize) -> Vec<Part> {
    subtrees.sort_by(|a, b| b.cmp(a));
    let mut bins: Vec<Part> = (0..parts.max(1))
        .map(|_| Part {
            subtrees: Vec::new(),
            nodes: 0.0,
        })
        .collect();
    for t in subtrees {
        let lightest = bins
            .iter_mut()
            .min_by(|a, b| a.nodes.total_cmp(&b.nodes))
            .expect("at least one part");
        lightest.nodes += t.nodes;
        lightest.subtrees.push(t);
    }
    bins.retain(|b| !b.subtrees.is_empty());
    for b in &mut bins {
        b.subtrees.sort_by(|x, y| x.path.cmp(&y.path));
    }
    bins.sort_by(|a, b| b.nodes.total_cmp(&a.nodes));
    bins
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tree(sizes: &[f64]) -> Vec<Subtree> {
        sizes
            .iter()
            .enumerate()
            .map(|(i, &nodes)| Subtree {
                path: vec![i as u32],
                nodes,
            })
            .collect()
    }

    #[test]
    fn dealing_evens_out_the_parts() {
        let parts = deal(tree(&[7.0, 5.0, 4.0, 3.0, 3.0, 2.0]), 2);
        let loads: Vec<f64> = parts.iter().map(|p| p.nodes).collect();
        assert_eq!(loads, vec![12.0, 12.0]);
        let paths: usize = parts.iter().map(|p| p.subtrees.len()).sum();
        assert_eq!(paths, 6);
    }

    #[test]
    fn fewer_subtrees_than_parts_gives_fewer_parts() {
        assert_eq!(deal(tree(&[1.0, 2.0]), 5).len(), 2);
    }
}
