//! The two searches behind split counting: cutting the tree `count` would
//! search into parts ([`cut`]) and counting one part ([`count_parts`]).

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use super::files::{PartPaths, PartResult, Shape};
use super::{fingerprint, trust};
use crate::enumerate::{self, CoverRun, Limits, Want};
use crate::error::{Error, Result};
use crate::exact::{self, balance};
use crate::options::{Options, SolverChoice};
use crate::puzzle::Puzzle;
use crate::rng::Rng;
use crate::solution::Solution;
use crate::tree::{self, Tree};

/// A count cut into parts.
#[derive(Clone, Debug)]
pub struct Cut {
    /// What the plan, every job and every result carry: the tree's
    /// engine, symmetry and fingerprint, the cut's digest and the parts.
    pub shape: Shape,
    /// The walks' estimate of the whole tree (the parts' estimates summed).
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
        let (cut, walks) =
            balance::cut(&mut search, parts, probes, &mut Rng::new(seed)).map_err(tree::stopped)?;
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
/// puzzle, tallied so that parts merge exactly (see [`super`]) — by the
/// same threads and receiving loop as a whole count
/// ([`enumerate::enumerate_exact`]), so a part's memory does not grow with
/// its solutions either. With `options.by_pieces` (`design JOB`) each
/// result carries its tallies by choice of pieces too ([`super::choices`]).
/// `done` gets each finished part's result. Stops
/// when the time limit of `options` runs out or `stop` is raised, and
/// says in which part. The tree must have the shape's fingerprint.
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
        for part in parts {
            let part_started = Instant::now();
            let found = walk(tree, options, part, stop, deadline, Want::Counts)?;
            if !found.enumeration.complete {
                return Ok(Some(PartStopped {
                    part: part.part,
                    solutions: found.tallies.solutions(),
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
                nodes: found.nodes,
                seconds: part_started.elapsed().as_secs_f64(),
                solutions: found.tallies.solutions(),
                tally: found.tallies.list(),
                choices: options.by_pieces.as_ref().map(super::choices::of),
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
        let found = walk(tree, options, part, stop, deadline, Want::Any)?.enumeration;
        Ok(match found.classes.into_iter().next() {
            Some(solution) => FirstInPart::Found(solution),
            None if found.complete => FirstInPart::Empty,
            None => FirstInPart::Stopped,
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

/// Searches the subtrees below `part`'s prefixes on the threads of
/// `options`, for `want` (the first solution takes the limit of one),
/// until `deadline` or `stop`. `Err` when a prefix is not a path of the
/// tree, or a solution fails its check.
fn walk(
    tree: &Tree,
    options: &Options,
    part: &PartPaths,
    stop: &Arc<AtomicBool>,
    deadline: Option<Instant>,
    want: Want,
) -> Result<enumerate::Exact> {
    let mut search = tree.build()?;
    if let Some(p) = part
        .prefixes
        .iter()
        .find(|p| !exact::is_path(&mut search, p))
    {
        return Err(Error::Usage(format!(
            "the prefix {} is not a path of this puzzle's search tree",
            trust::show_prefix(p)
        )));
    }
    let now = Instant::now();
    let limits = Limits {
        jobs: Some(options.threads()),
        classes: (want == Want::Any).then_some(1),
        time: deadline.map(|d| d.saturating_duration_since(now)),
        stop: Some(Arc::clone(stop)),
        meter: None,
        render_per_class: std::time::Duration::ZERO,
        want,
        listing: None,
        by_pieces: options.by_pieces.clone(),
    };
    let run = CoverRun {
        limits: &limits,
        run_started: now,
        ..*tree.run
    };
    enumerate::enumerate_exact(
        &run,
        tree.engine.name(),
        search,
        part.prefixes.clone(),
        &mut |_| {},
    )
}
