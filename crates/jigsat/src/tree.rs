//! The search tree `count` would walk, for the commands that look at it
//! without counting: `jigsat estimate` (random walks carried down the tree
//! together, and the pace of a short run) and the parts of a split
//! ([`crate::jobs`]).

use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::enumerate::{CoverRun, Engine};
use crate::error::{Error, Result};
use crate::exact::{self, Built, ExactEngine};
use crate::instance::Instance;
use crate::options::Options;
use crate::portfolio::{self, Route};
use crate::puzzle::Puzzle;
use crate::rng::Rng;

/// What `jigsat estimate` says of the search `count` would run.
#[derive(Clone, Debug)]
pub struct TreeEstimate {
    /// The engine `count` would use.
    pub engine: &'static str,
    /// The walks' estimate of its tree (after symmetry breaking).
    pub tree: exact::TreeSize,
    /// Nodes a second on one thread, measured in a short run.
    pub nodes_per_second: f64,
    /// What each solution costs besides the search (its check, its
    /// weighing under the group, its tally), measured on solutions of
    /// that run; 0 when it met none.
    pub seconds_per_solution: f64,
    /// Threads `count` would search on.
    pub threads: usize,
}

impl TreeEstimate {
    /// Seconds `count` would take at the measured pace on its threads:
    /// the search's nodes and the solutions' own work, both shared by the
    /// threads.
    /// Infinite when no pace was measured ([`estimate`] without it).
    pub fn seconds(&self) -> f64 {
        if self.nodes_per_second <= 0.0 {
            return f64::INFINITY;
        }
        let threads = self.threads.max(1) as f64;
        self.tree.nodes / (self.nodes_per_second * threads).max(1e-9)
            + self.tree.solutions * self.seconds_per_solution / threads
    }
}

impl std::fmt::Display for TreeEstimate {
    /// `jigsat estimate`'s sentence: "search tree of about 1.2e7 nodes
    /// (± 3 %); 4.1 s for count with dlx on 2 threads (3.0 M nodes/s
    /// each, 10000 walks)"; `count` says it too before a long count.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let t = &self.tree;
        let about = if t.exact { "" } else { "about " };
        let solutions = match t.solutions {
            s if crate::tally::beyond_u64(s).is_some() => format!(
                " reaching about {} solutions (past 2^64: `count` refuses it)",
                whole(s)
            ),
            s if s > 0.0 => format!(" reaching {about}{} solutions", whole(s)),
            _ => String::new(),
        };
        // A figure past what a float holds (walks whose products
        // overflow) reads as that, without an error bar.
        let (size, at_least) = if !t.nodes.is_finite() {
            (
                format!(
                    "more than {:.1e} nodes (the walks' products overflow)",
                    f64::MAX
                ),
                "more than ",
            )
        } else if t.exact {
            // Every population met every node: the tree's own figure.
            (format!("exactly {} nodes", whole(t.nodes)), "")
        } else {
            (
                format!(
                    "about {:.2e} nodes (± {} %)",
                    t.nodes,
                    percent(100.0 * t.nodes_error / t.nodes.max(1.0))
                ),
                "",
            )
        };
        let time = match self.seconds() {
            // The walks overflowed: longer than any figure.
            _ if !t.nodes.is_finite() => "1e300 years".to_string(),
            // No pace measured: the time is not known.
            s if !s.is_finite() => "an unknown time".to_string(),
            s => duration(s),
        };
        write!(
            f,
            "search tree of {size}{solutions}; \
             {at_least}{time} for count with {} on {} thread{} ({:.1} M nodes/s each{}, {} walks)",
            self.engine,
            self.threads,
            if self.threads == 1 { "" } else { "s" },
            self.nodes_per_second / 1e6,
            if self.seconds_per_solution > 0.0 && t.solutions > 0.0 {
                format!(", {:.2} µs a solution", self.seconds_per_solution * 1e6)
            } else {
                String::new()
            },
            t.probes,
        )
    }
}

/// An error in percent: whole above 1 %, to a tenth below (many walks
/// give "± 0.4 %", not "± 0 %"), and 0 only when it is.
fn percent(x: f64) -> String {
    if x >= 0.95 || x == 0.0 {
        format!("{x:.0}")
    } else {
        format!("{x:.1}")
    }
}

/// An estimated number of solutions: a whole number (an estimate of
/// solutions is not a fraction of one), in powers of ten when large.
fn whole(x: f64) -> String {
    if x < 1e15 {
        format!("{:.0}", x.round())
    } else {
        format!("{x:.2e}")
    }
}

/// Seconds for a person: "0.4 s", "12 min", "3.2 h", "41 days".
fn duration(s: f64) -> String {
    match s {
        s if s < 120.0 => format!("{s:.1} s"),
        s if s < 7200.0 => format!("{:.0} min", s / 60.0),
        s if s < 172_800.0 => format!("{:.1} h", s / 3600.0),
        s if s < 3.2e9 => format!("{:.0} days", s / 86_400.0),
        s => format!("{:.1e} years", s / 3.156e7),
    }
}

/// How long a calibration run of the engine lasts.
const PACE_RUN: Duration = Duration::from_millis(200);

/// Solutions of the calibration run kept to time each one's own work.
const SOLUTION_SAMPLES: usize = 1000;

/// The estimate of the tree `count` would search with these options,
/// from `probes` random walks carried down in populations
/// ([`exact::estimate()`], seeded by `seed`), and, with `pace`, the
/// pace it is searched at here (a short run of the engine: without it
/// the time is not known); `Err` with the reason when there is no tree
/// to probe (a SAT engine, the corner search, a pre-check that settles
/// it).
pub fn estimate(
    puzzle: &Puzzle,
    options: &Options,
    probes: usize,
    seed: u64,
    pace: bool,
) -> Result<std::result::Result<TreeEstimate, String>> {
    on_tree(puzzle, options, |tree| {
        let mut search = tree.build()?;
        let size = exact::estimate(&mut search, probes, &mut Rng::new(seed)).map_err(stopped)?;
        let (nodes_per_second, seconds_per_solution) = if pace {
            let (nodes_per_second, samples) =
                exact::estimate::pace_and_samples(search, PACE_RUN, SOLUTION_SAMPLES);
            let each = crate::enumerate::seconds_per_solution(tree.run, &samples)?;
            (nodes_per_second, each)
        } else {
            (0.0, 0.0)
        };
        Ok(TreeEstimate {
            engine: tree.engine.name(),
            tree: size,
            nodes_per_second,
            seconds_per_solution,
            threads: options.threads(),
        })
    })
}

/// The error of walks the stop flag ended (the time limit, Ctrl-C, or a
/// caller that no longer wants them): the command decides what the stop
/// means for its exit status.
pub fn stopped(_: exact::search::Halt) -> Error {
    Error::Solver("the walks of the search tree were stopped before they were done".into())
}

/// The exact search `count` would run on a puzzle, with everything that
/// reads its solutions.
pub struct Tree<'a> {
    pub engine: ExactEngine,
    pub run: &'a CoverRun<'a>,
}

impl Tree<'_> {
    /// The engine over the cover, with symmetry breaking, stopped by the
    /// run's stop flag (the walks look at it at every step).
    pub fn build(&self) -> Result<Built> {
        let mut search = self.run.build(self.engine)?;
        if let Some(stop) = &self.run.limits.stop {
            exact::Search::set_interrupt(&mut search, Arc::clone(stop));
        }
        Ok(search)
    }

    /// The options symmetry breaking forbids, as a flag per option.
    pub fn forbidden(&self) -> Vec<bool> {
        let mut out = vec![false; self.run.cover.options.len()];
        if let Some(b) = self.run.breaking {
            b.forbidden.iter().for_each(|&o| out[o as usize] = true);
        }
        out
    }
}

/// Calls `f` with the exact search `count` would run with these options;
/// `Err` with the reason when there is none: the corner search or the
/// order model would count, a pre-check settles the puzzle, or the engine
/// is a SAT solver.
pub fn on_tree<T>(
    puzzle: &Puzzle,
    options: &Options,
    f: impl FnOnce(&Tree) -> Result<T>,
) -> Result<std::result::Result<T, String>> {
    if let Route::Order { .. } = portfolio::route(puzzle, options)? {
        return Ok(Err("count runs the corner search or the order model on this puzzle, which has no tree of choices to walk".into()));
    }
    let instance = Instance::new(puzzle)?;
    if let Some(reason) = instance.precheck(options) {
        return Ok(Err(format!("no search needed: {reason}")));
    }
    let plan = portfolio::every_plan(options, instance.cover(), &puzzle.board, || {
        first_cell_nodes(&instance, options)
    })?;
    let engine = match plan.engine {
        Engine::Exact(engine) => engine,
        Engine::Sat(solver) => {
            return Ok(Err(format!(
                "count would run the SAT solver {}, which has no search tree to walk; try --solver dlx",
                solver.name()
            )));
        }
    };
    let breaking = instance.breaking(options.symmetry);
    instance
        .with_run(breaking.as_ref(), None, options, Instant::now(), |run| {
            f(&Tree { engine, run })
        })
        .map(Ok)
}

/// Knuth's estimate of the first-cell tree over the instance, from a few
/// walks: what [`portfolio::every_plan`] weighs against SAT in 3-D.
pub fn first_cell_nodes(instance: &Instance, options: &Options) -> Result<f64> {
    let breaking = instance.breaking(options.symmetry);
    let started = Instant::now();
    instance.with_run(breaking.as_ref(), None, options, started, |run| {
        Ok(match run.build(ExactEngine::FirstCell) {
            Ok(mut search) => {
                let mut rng = Rng::new(1);
                exact::estimate::estimate_below(
                    &mut search,
                    &[],
                    portfolio::FIRST_CELL_PROBES,
                    &mut rng,
                )
                .map_err(stopped)?
                .nodes
            }
            Err(Error::Usage(_)) => f64::INFINITY,
            Err(e) => return Err(e),
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A tree the walks met whole reads "exactly", without an error bar.
    #[test]
    fn a_tree_met_whole_reads_exactly() {
        let estimate = TreeEstimate {
            engine: "dlx",
            tree: exact::TreeSize {
                probes: 1000,
                nodes: 100.0,
                nodes_error: 0.0,
                solutions: 32.0,
                exact: true,
            },
            nodes_per_second: 1e6,
            seconds_per_solution: 0.0,
            threads: 2,
        };
        let said = estimate.to_string();
        assert!(
            said.starts_with("search tree of exactly 100 nodes reaching 32 solutions;"),
            "{said}"
        );
        assert!(!said.contains('±'), "{said}");
    }

    /// Errors read whole from 1 %, to a tenth below.
    #[test]
    fn an_error_under_one_percent_keeps_a_decimal() {
        assert_eq!(percent(31.4), "31");
        assert_eq!(percent(1.0), "1");
        assert_eq!(percent(0.42), "0.4");
        assert_eq!(percent(0.0), "0");
    }

    /// A tree past what a float holds says so, with no error bar and no
    /// "inf".
    #[test]
    fn a_tree_past_a_float_reads_more_than_the_largest_one() {
        let estimate = TreeEstimate {
            engine: "first-cell",
            tree: exact::TreeSize {
                probes: 1000,
                nodes: f64::INFINITY,
                nodes_error: 0.0,
                solutions: 0.0,
                exact: false,
            },
            nodes_per_second: 1e7,
            seconds_per_solution: 0.0,
            threads: 2,
        };
        let said = estimate.to_string();
        assert!(said.contains("more than 1.8e308 nodes"), "{said}");
        assert!(said.contains("more than 1e300 years for count"), "{said}");
        assert!(!said.contains("inf") && !said.contains('±'), "{said}");
        // Without a pace, a finite tree's time is not known, not endless.
        let unpaced = TreeEstimate {
            tree: exact::TreeSize {
                nodes: 1e9,
                ..estimate.tree.clone()
            },
            nodes_per_second: 0.0,
            ..estimate
        };
        let said = unpaced.to_string();
        assert!(said.contains("; an unknown time for count"), "{said}");
    }
}
