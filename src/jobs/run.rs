//! The two searches behind split counting: cutting the tree `count` would
//! search into parts ([`cut`]) and counting one part ([`count_part`]).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::Instant;

use super::files::{PartPaths, PartResult, Shape};
use super::{Tallies, fingerprint, trust};
use crate::error::{Error, Result};
use crate::exact::{self, Built, Search, Stop, balance};
use crate::options::{Options, SolverChoice};
use crate::puzzle::Puzzle;
use crate::rng::Rng;
use crate::solution::Solution;
use crate::tree::{self, Tree};

/// A count cut into parts.
#[derive(Clone, Debug)]
pub struct Cut {
    pub shape: Shape,
    /// Knuth's estimate of the whole tree (the parts' estimates summed).
    pub estimated_nodes: f64,
    /// Heaviest first, numbered from 1.
    pub parts: Vec<PartPaths>,
    /// Random walks the cut took.
    pub walks: usize,
}

/// Cuts the tree `count` would search with `options` into at most `parts`
/// parts of similar estimated size, each subtree estimated from `probes`
/// walks seeded by `seed`. `Ok(Err(reason))` when there is no tree to cut.
pub fn cut(
    puzzle: &Puzzle,
    options: &Options,
    parts: usize,
    probes: usize,
    seed: u64,
) -> Result<std::result::Result<Cut, String>> {
    tree::on_tree(puzzle, options, |tree| {
        let mut search = tree.build()?;
        let (cut, walks) = balance::cut(&mut search, parts, probes, &mut Rng::new(seed));
        let fingerprint = fingerprint(puzzle, tree);
        let parts: Vec<PartPaths> = cut
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let prefixes: Vec<Vec<u32>> = p.subtrees.iter().map(|t| t.path.clone()).collect();
                PartPaths {
                    part: i + 1,
                    estimated_nodes: p.nodes,
                    digest: trust::part_digest(&fingerprint, i + 1, &prefixes),
                    prefixes,
                }
            })
            .collect();
        let digests: Vec<String> = parts.iter().map(|p| p.digest.clone()).collect();
        Ok(Cut {
            shape: Shape {
                engine: tree.engine.name().to_string(),
                symmetry: options.symmetry,
                cut: trust::cut_digest(&fingerprint, &digests),
                fingerprint,
                parts: parts.len(),
            },
            estimated_nodes: cut.iter().map(|p| p.nodes).sum(),
            parts,
            walks,
        })
    })
}

/// The fingerprint of the tree `count` would search with `options`.
pub fn fingerprint_of(
    puzzle: &Puzzle,
    options: &Options,
) -> Result<std::result::Result<String, String>> {
    tree::on_tree(puzzle, options, |tree| Ok(fingerprint(puzzle, tree)))
}

/// Whether `puzzle` (a plan's) is the one the plan's parts were cut from:
/// `merge` prints the totals under its name, and a plan whose puzzle text
/// was edited would put another puzzle's name on them. Costs the cover's
/// build, as `count JOB` pays for each part. `Err` says why not.
pub fn check_plan_puzzle(puzzle: &Puzzle, shape: &Shape) -> std::result::Result<(), String> {
    let options = part_options(shape, &Options::default()).map_err(|e| e.to_string())?;
    let found = fingerprint_of(puzzle, &options)
        .map_err(|e| e.to_string())?
        .map_err(|why| format!("the plan's puzzle has no tree to cut: {why}"))?;
    if found != shape.fingerprint {
        return Err(format!(
            "the plan's puzzle is not the one its parts were cut from (fingerprint {found}, the plan says {}): the file was edited, or another jigsat made it",
            crate::clean::cut(&shape.fingerprint, 20)
        ));
    }
    Ok(())
}

/// The options a part must be searched with: the engine and symmetry
/// breaking of the split, the threads and limits of this run. No
/// pre-check: the split already decided there is a tree (or, with no
/// parts, that there is none), and a part searches its own subtrees.
pub fn part_options(shape: &Shape, run: &Options) -> Result<Options> {
    let solver: SolverChoice = shape.engine.parse().map_err(|_| {
        Error::Usage(format!(
            "the split was made for the engine `{}`, which this jigsat does not have",
            shape.engine
        ))
    })?;
    Ok(Options {
        solver,
        symmetry: shape.symmetry,
        precheck: false,
        ..run.clone()
    })
}

/// How the search of parts ended early.
#[derive(Clone, Debug)]
pub struct PartStopped {
    /// The part that did not finish.
    pub part: usize,
    /// Its solutions so far, which count for nothing.
    pub solutions: u64,
}

/// Counts `parts` one after another, each on every thread of `options`:
/// every solution below a part's prefixes, each checked against the
/// puzzle, tallied so that parts merge exactly (see [`super`]); `done`
/// gets each finished part's result. Stops when the time limit of
/// `options` runs out or `stop` is raised, and says in which part. The
/// search is built once for all parts; the tree must have the shape's
/// fingerprint.
pub fn count_parts(
    puzzle: &Puzzle,
    options: &Options,
    shape: &Shape,
    parts: &[PartPaths],
    stop: &Arc<AtomicBool>,
    done: &mut dyn FnMut(PartResult) -> Result<()>,
) -> Result<Option<PartStopped>> {
    for part in parts {
        trust::check_part(shape, part).map_err(Error::Usage)?;
    }
    let deadline = options.time_limit.map(|t| Instant::now() + t);
    on_part_tree(puzzle, options, shape, |tree, options| {
        let forbidden = tree.forbidden();
        for part in parts {
            let part_started = Instant::now();
            let mut tallies = Tallies::default();
            let walk = Walk {
                prefixes: part.prefixes.clone(),
                threads: options.threads(),
                stop: Arc::clone(stop),
                deadline,
                on_solution: &mut |options: &[u32]| {
                    let (weight, per_class) = tree.run.group.weight_and_found(options, &forbidden);
                    tallies.add(weight, per_class, 1);
                    true
                },
            };
            let (nodes, stopped) = walk_checked(puzzle, tree, &shape.engine, walk)?;
            if stopped.is_some() {
                return Ok(Some(PartStopped {
                    part: part.part,
                    solutions: tallies.solutions(),
                }));
            }
            done(trust::seal(PartResult {
                part: part.part,
                parts: shape.parts,
                fingerprint: shape.fingerprint.clone(),
                cut: shape.cut.clone(),
                digest: part.digest.clone(),
                checksum: String::new(),
                puzzle: puzzle.name.clone(),
                engine: shape.engine.clone(),
                nodes,
                seconds: part_started.elapsed().as_secs_f64(),
                solutions: tallies.solutions(),
                tally: tallies.list(),
            }))?;
        }
        Ok(None)
    })
}

/// What `solve JOB` finds in its part.
#[derive(Clone, Debug)]
pub enum FirstInPart {
    /// A solution below the part's prefixes, checked.
    Found(Solution),
    /// The part holds no solution (the puzzle may still have some in
    /// other parts).
    Empty,
    /// The time limit ran out or `stop` was raised first.
    Stopped,
}

/// The first solution below a part's prefixes.
pub fn first_in_part(
    puzzle: &Puzzle,
    options: &Options,
    shape: &Shape,
    part: &PartPaths,
    stop: &Arc<AtomicBool>,
) -> Result<FirstInPart> {
    trust::check_part(shape, part).map_err(Error::Usage)?;
    let deadline = options.time_limit.map(|t| Instant::now() + t);
    on_part_tree(puzzle, options, shape, |tree, options| {
        let mut first = None;
        let walk = Walk {
            prefixes: part.prefixes.clone(),
            threads: options.threads(),
            stop: Arc::clone(stop),
            deadline,
            on_solution: &mut |chosen: &[u32]| {
                first = Some(chosen.to_vec());
                false
            },
        };
        let (_, stopped) = walk_checked(puzzle, tree, &shape.engine, walk)?;
        Ok(match first {
            Some(chosen) => FirstInPart::Found((tree.run.solution)(&chosen)),
            None if stopped.is_some() => FirstInPart::Stopped,
            None => FirstInPart::Empty,
        })
    })
}

/// Calls `f` with the tree a split was cut from, searched with the
/// split's engine and symmetry breaking (and this run's threads and
/// limits); an error when this puzzle and jigsat give another tree.
fn on_part_tree<T>(
    puzzle: &Puzzle,
    options: &Options,
    shape: &Shape,
    f: impl FnOnce(&Tree, &Options) -> Result<T>,
) -> Result<T> {
    let options = part_options(shape, options)?;
    tree::on_tree(puzzle, &options, |tree| {
        let found = fingerprint(puzzle, tree);
        if found != shape.fingerprint {
            return Err(Error::Usage(format!(
                "this part was cut from another search (fingerprint {}, this puzzle and jigsat give {found}): the puzzle, the engine or jigsat's placements differ",
                shape.fingerprint
            )));
        }
        f(tree, &options)
    })?
    .map_err(|reason| Error::Usage(format!("this part cannot be searched: {reason}")))
}

/// Runs `walk` with every solution checked against the puzzle before
/// `walk`'s own handler sees it: nodes visited and why it stopped early.
fn walk_checked(
    puzzle: &Puzzle,
    tree: &Tree,
    engine: &str,
    walk: Walk,
) -> Result<(u64, Option<Stop>)> {
    let mut failure = None;
    let inner = walk.on_solution;
    let mut checked = |options: &[u32]| {
        let solution = (tree.run.solution)(options);
        if let Err(e) = crate::solution::check(puzzle, &solution) {
            failure = Some(e);
            return false;
        }
        inner(options)
    };
    let walked = Walk {
        on_solution: &mut checked,
        ..walk
    }
    .run(tree.build()?);
    if let Some(e) = failure {
        return Err(Error::Bug(format!(
            "the {engine} engine produced a solution that fails the check: {e}"
        )));
    }
    walked.map_err(Error::Usage)
}

/// Walks the subtrees below `prefixes` on `threads` threads, handing each
/// solution to `on_solution` on the calling thread (the check and the
/// tally need the puzzle, which the search threads do not carry).
struct Walk<'a> {
    prefixes: Vec<Vec<u32>>,
    threads: usize,
    stop: Arc<AtomicBool>,
    deadline: Option<Instant>,
    on_solution: &'a mut dyn FnMut(&[u32]) -> bool,
}

impl Walk<'_> {
    /// Nodes visited and why the walk stopped early, if it did; `Err`
    /// when a prefix is not a path of the tree.
    fn run(self, mut search: Built) -> std::result::Result<(u64, Option<Stop>), String> {
        if let Some(p) = self
            .prefixes
            .iter()
            .find(|p| !exact::is_path(&mut search, p))
        {
            return Err(format!(
                "the prefix {} is not a path of this puzzle's search tree",
                trust::show_prefix(p)
            ));
        }
        // Raised by the deadline, by `stop` or when a solution fails its
        // check; the search threads look at it every few thousand nodes.
        let interrupt = Arc::new(AtomicBool::new(false));
        search.set_interrupt(Arc::clone(&interrupt));
        let (send, receive) = mpsc::sync_channel::<Vec<u32>>(4096);
        let (prefixes, threads) = (self.prefixes, self.threads);
        let on_solution = self.on_solution;
        std::thread::scope(|scope| {
            let searcher = scope.spawn(move || {
                let send = Mutex::new(send);
                let visit = |o: &[u32]| send.lock().is_ok_and(|s| s.send(o.to_vec()).is_ok());
                exact::enumerate_parallel_below(&mut search, prefixes, threads, &visit)
            });
            let mut wanted = true;
            loop {
                let raised = self.stop.load(Ordering::Relaxed)
                    || self.deadline.is_some_and(|d| Instant::now() >= d);
                if raised || !wanted {
                    interrupt.store(true, Ordering::Relaxed);
                }
                match receive.recv_timeout(std::time::Duration::from_millis(50)) {
                    Ok(options) if wanted => wanted = on_solution(&options),
                    Ok(_) => {}
                    Err(mpsc::RecvTimeoutError::Timeout) => {}
                    Err(mpsc::RecvTimeoutError::Disconnected) => break,
                }
            }
            let result = searcher
                .join()
                .map_err(|_| "the search panicked".to_string())?;
            Ok(match result {
                Ok(nodes) => (nodes, None),
                // Nodes are not totalled on an early stop; the part counts
                // for nothing then anyway.
                Err(why) => (0, Some(why)),
            })
        })
    }
}
