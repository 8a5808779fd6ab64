//! Exact search over a cover, by backtracking. Four engines
//! ([`ExactEngine`]), each built over a cover as one [`Built`] value:
//!
//! - **dlx**: Knuth's Algorithm X, branching on the tightest item, in two
//!   representations that walk the same search tree: [`Dlx`](dlx::Dlx)
//!   (dancing links, any size) and [`BitX`](bitx::BitX) (bit vectors,
//!   several times faster while the options fit in a few hundred machine
//!   words; every puzzle in `puzzles/`). [`Built::algorithm_x`] picks one.
//! - **first-cell** ([`FirstCell`]): fills the first empty cell in a
//!   fixed scan order; takes pieces with copies and count ranges, on
//!   boards filled exactly (no holes, no optional cells).
//! - **row-scan** ([`RowScan`]): edge-matching tiles, position by
//!   position, looking up the tile looks that fit the colours around.
//! - **fewest** ([`rowscan::fewest::Fewest`]): the same boards, the empty
//!   position with the fewest fitting looks first.
//!
//! The rest of jigsat sees only the [`Search`] trait and the drivers
//! here: [`split`] cuts the tree into subtrees (cubes for the SAT engine,
//! work for threads, the parts of a split count) and
//! [`enumerate_parallel`] runs the subtrees on several threads;
//! [`estimate`](mod@estimate) walks it at random (Knuth's walks, and
//! populations of walks carried down together).
//!
//! Items that must be covered exactly once (cells of an exact fill, pieces
//! used once) are *primary*; items that may be covered at most once (cells
//! where holes are allowed, optional cells, pieces used `0..1` times) are
//! *secondary*; items whose count the areas already force are dropped.
//! Algorithm X only takes an option through a primary item, so an option
//! covering secondary items alone (an optional monomino where holes are
//! allowed) gets one of them made primary, with a *slack* option standing
//! for "left uncovered" (`Layout`, [`Search::is_slack`]): every solution
//! is counted, once. Other multiplicities (a piece used between 2 and 5
//! times) are outside plain Algorithm X, and the constructors say so by
//! returning `None`: first-cell counts them on boards filled exactly, SAT
//! everywhere ([`crate::portfolio`] routes them).

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

pub mod balance;
pub mod bitx;
pub mod dlx;
pub mod engine;
pub mod estimate;
pub mod firstcell;
pub mod knuth;
pub mod rowscan;
pub mod search;

pub use engine::{Built, EXACT_ENGINE_NAMES, ExactEngine};
pub use estimate::{TreeSize, estimate};
pub use firstcell::FirstCell;
pub use rowscan::RowScan;
pub use search::{Halt, Meter, Search, Visit};

use crate::cover::Cover;

/// Splits the search tree into independent subtrees (paths), visiting the
/// solutions met on the way, until there are `want` of them or after
/// `max_depth` levels. Every solution not visited extends exactly one
/// path. The SAT engine solves each path as a cube of assumptions, which
/// keeps every call, and especially the final proof that a cube holds
/// nothing more, small. Without primary items the whole space is one cube.
pub fn split<S: Search>(
    s: &mut S,
    want: usize,
    max_depth: usize,
    visit: Visit,
) -> Result<Vec<Vec<u32>>, Halt> {
    split_below(s, vec![Vec::new()], want, max_depth, visit)
}

/// [`split`] below each of `roots` (paths of the tree) rather than below
/// the root: the subtrees of a part of a split job.
pub fn split_below<S: Search>(
    s: &mut S,
    roots: Vec<Vec<u32>>,
    want: usize,
    max_depth: usize,
    visit: Visit,
) -> Result<Vec<Vec<u32>>, Halt> {
    let mut paths = roots;
    if s.primary() == 0 {
        return Ok(paths);
    }
    for _ in 0..max_depth {
        if paths.len() >= want {
            break;
        }
        let mut next = Vec::new();
        for path in paths {
            s.enter(&path);
            let branches = s.branches();
            s.leave(&path);
            match branches {
                None if !visit(&real_options(s, &path)) => return Err(Halt::Visitor),
                None => {}
                Some(options) => next.extend(options.into_iter().map(|o| {
                    let mut longer = path.clone();
                    longer.push(o);
                    longer
                })),
            }
        }
        paths = next;
    }
    Ok(paths)
}

/// The options of the cover on `path`: its steps without the slack options
/// (see [`Search::is_slack`]), which no solution lists.
fn real_options<S: Search>(s: &S, path: &[u32]) -> Vec<u32> {
    path.iter().copied().filter(|&o| !s.is_slack(o)).collect()
}

/// A path of Algorithm X's tree over `cover` (as [`ExactEngine::Dlx`]
/// builds it, over [`Cover::for_dlx`]) as a cube of literals over the
/// placement variables (option `o` is variable `o + 1`): a step that takes
/// an option is that option, a slack step (an item left uncovered) is
/// every option covering that item, negated. `None` when the cover is
/// not one Algorithm X takes.
pub fn cube_literals(cover: &Cover, path: &[u32]) -> Option<Vec<i64>> {
    let cover = cover.for_dlx();
    let promoted = search::Roles::new(&cover, &[])?.promoted;
    let real = cover.options.len() as u32;
    let by_item = if promoted.is_empty() {
        Vec::new()
    } else {
        cover.options_by_item()
    };
    let mut cube = Vec::with_capacity(path.len());
    for &o in path {
        match o.checked_sub(real) {
            None => cube.push(i64::from(o) + 1),
            Some(k) => {
                let item = *promoted.get(k as usize)?;
                cube.extend(by_item[item].iter().map(|&o| -(i64::from(o) + 1)));
            }
        }
    }
    Some(cube)
}

/// Whether `path` is a path of the tree: each option one the search
/// offers at its depth. [`Search::enter`] panics on anything else, so a
/// path read from a file is checked here first.
pub fn is_path<S: Search>(s: &mut S, path: &[u32]) -> bool {
    (0..path.len()).all(|depth| {
        s.enter(&path[..depth]);
        let branches = s.branches();
        s.leave(&path[..depth]);
        branches.is_some_and(|b| b.contains(&path[depth]))
    })
}

/// Visits every solution on `threads` threads: the tree is split into a
/// few hundred subtrees that the threads take in turn. Returns the search
/// nodes visited.
pub fn enumerate_parallel<S: Search>(s: &mut S, threads: usize, visit: Visit) -> Result<u64, Halt> {
    enumerate_parallel_below(s, vec![Vec::new()], threads, visit)
}

/// [`enumerate_parallel`] of the subtrees below `roots` (paths of the
/// tree, none below another). `Err` says why it stopped early: the
/// visitor asked to, or the interrupt flag was raised.
pub fn enumerate_parallel_below<S: Search>(
    s: &mut S,
    roots: Vec<Vec<u32>>,
    threads: usize,
    visit: Visit,
) -> Result<u64, Halt> {
    enumerate_parallel_each(s, roots, threads, &|| move |o: &[u32]| visit(o))
}

/// [`enumerate_parallel_below`] with a visitor of each thread's own,
/// made by `visitor`: a count keeps its tallies and scratch space per
/// thread, so the solutions never meet on a lock or a channel. The
/// splitting before the threads start has a visitor of its own too. A
/// visitor is dropped when its thread is done, which is where it hands
/// over what it gathered.
pub fn enumerate_parallel_each<S, V, F>(
    s: &mut S,
    roots: Vec<Vec<u32>>,
    threads: usize,
    visitor: &F,
) -> Result<u64, Halt>
where
    S: Search,
    V: FnMut(&[u32]) -> bool + Send,
    F: Fn() -> V + Sync,
{
    if s.primary() == 0 {
        // Nothing must be covered: the empty selection is the solution.
        let mut only = visitor();
        return if only(&[]) { Ok(1) } else { Err(Halt::Visitor) };
    }
    if let [root] = &roots[..]
        && root.is_empty()
        && let Some(found) = s.first_by_restarts(threads, visitor)
    {
        return found;
    }
    let want = 64 * threads + roots.len();
    let paths = {
        let first = std::sync::Mutex::new(visitor());
        split_below(s, roots, want, 4, &|o: &[u32]| {
            first.lock().is_ok_and(|mut v| v(o))
        })?
    };
    let next = AtomicUsize::new(0);
    let stopped = std::sync::Mutex::new(None);
    let nodes = AtomicU64::new(s.nodes());
    let take = |worker: &mut S| {
        let mut visit_mut = visitor();
        let start = worker.nodes();
        loop {
            let k = next.fetch_add(1, Ordering::Relaxed);
            if k >= paths.len() || stopped.lock().is_ok_and(|s| s.is_some()) {
                break;
            }
            let path = &paths[k];
            worker.enter(path);
            let mut chosen = path.clone();
            let result = worker.search(&mut chosen, &mut visit_mut);
            worker.leave(path);
            if let Err(why) = result {
                if let Ok(mut s) = stopped.lock() {
                    s.get_or_insert(why);
                }
                break;
            }
        }
        nodes.fetch_add(worker.nodes() - start, Ordering::Relaxed);
    };
    if threads <= 1 {
        // One thread: this one, with the search itself, not a copy (a
        // copy of a large cover costs more than a short run's search).
        take(s);
    } else {
        std::thread::scope(|scope| {
            for _ in 0..threads {
                let mut worker = s.clone();
                let take = &take;
                scope.spawn(move || take(&mut worker));
            }
        });
    }
    match stopped.into_inner().ok().flatten() {
        Some(why) => Err(why),
        None => Ok(nodes.load(Ordering::Relaxed)),
    }
}

/// Visits every solution on this thread.
pub fn enumerate<S: Search>(s: &mut S, visit: &mut dyn FnMut(&[u32]) -> bool) -> Result<(), Halt> {
    s.search(&mut Vec::new(), visit)
}
