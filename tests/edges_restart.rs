//! The restarts of the row scan and of fewest looks first
//! (`exact/rowscan/restart.rs`), with budgets of a few nodes so that small
//! boards restart many times: a restarted search walks the same tree in
//! other orders, so it still visits every solution once when it goes on
//! past the first, still proves a board without a solution impossible,
//! and what it finds first is a solution.

mod common;

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use common::jigsat;
use jigsat::internal::exact::{Fewest, RowScan, Search, enumerate_parallel};

fn generate(dir: &Path, size: &str, colours: &str, seed: &str) -> PathBuf {
    let path = dir.join(format!("e{size}-{colours}-{seed}.toml"));
    let output = jigsat()
        .args(["generate", "edges", "--size", size, "--colours", colours])
        .args(["--border", "0", "--seed", seed, "-o"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(output.status.success());
    path
}

/// An engine that restarts, built over the board in `path` (the row
/// scan frame first where it applies).
trait Restarting: Search {
    fn over(path: &Path) -> Self;
    fn restart_after(&mut self, first: u64, unit: u64);
}

/// What `build` makes of the cover of the puzzle in `path` and the puzzle.
fn over_board<T>(
    path: &Path,
    build: impl FnOnce(&jigsat::internal::cover::Cover, &jigsat::internal::Puzzle) -> T,
) -> T {
    let puzzle = jigsat::internal::Puzzle::load(path).unwrap();
    let instance = jigsat::internal::instance::Instance::new(&puzzle).unwrap();
    build(instance.cover(), &puzzle)
}

impl Restarting for RowScan {
    fn over(path: &Path) -> RowScan {
        over_board(path, |cover, p| {
            RowScan::new(cover, Some(&p.board), &[]).unwrap()
        })
    }
    fn restart_after(&mut self, first: u64, unit: u64) {
        self.allow_restarts_after(first, unit);
    }
}

impl Restarting for Fewest {
    fn over(path: &Path) -> Fewest {
        over_board(path, |cover, p| Fewest::new(cover, &p.board, &[]).unwrap())
    }
    fn restart_after(&mut self, first: u64, unit: u64) {
        self.allow_restarts_after(first, unit);
    }
}

/// Every solution `search` visits on `threads` threads (sorted, each
/// sorted), the search's result and its nodes; `first` stops at the
/// first solution.
fn visited<S: Search>(search: &mut S, threads: usize, first: bool) -> (Vec<Vec<u32>>, bool, u64) {
    let found = Mutex::new(Vec::new());
    let visit = |o: &[u32]| {
        let mut o = o.to_vec();
        o.sort_unstable();
        found.lock().unwrap().push(o);
        !first
    };
    let result = enumerate_parallel(search, threads, &visit);
    let mut found = found.into_inner().unwrap();
    found.sort();
    (found, result.is_ok(), result.unwrap_or(0))
}

/// On one thread a run that has found a solution is never restarted, so
/// going on past the first solution visits each solution once: the
/// plain scan's solutions, after more nodes than the plain scan's tree
/// (the restarts before the first solution).
#[test]
fn restarts_on_one_thread_visit_every_solution_once() {
    every_solution_once::<RowScan>();
    every_solution_once::<Fewest>();
}

fn every_solution_once<E: Restarting>() {
    let dir = tempfile::tempdir().unwrap();
    let path = generate(dir.path(), "5x5", "4", "2");
    let (plain, done, tree) = visited(&mut E::over(&path), 1, false);
    assert!(done && !plain.is_empty());
    let mut restarting = E::over(&path);
    restarting.restart_after(10, 64);
    let (again, done, nodes) = visited(&mut restarting, 1, false);
    assert!(done);
    assert_eq!(again, plain);
    assert!(nodes > tree, "{nodes} nodes against the tree's {tree}");
}

/// The first solution found with restarts on one and two threads is one
/// of the plain scan's.
#[test]
fn the_first_solution_after_restarts_is_a_solution() {
    first_is_a_solution::<RowScan>();
    first_is_a_solution::<Fewest>();
}

fn first_is_a_solution<E: Restarting>() {
    let dir = tempfile::tempdir().unwrap();
    let path = generate(dir.path(), "5x5", "5", "8");
    let (plain, ..) = visited(&mut E::over(&path), 1, false);
    for threads in [1, 2] {
        let mut restarting = E::over(&path);
        restarting.restart_after(10, 64);
        let (first, done, _) = visited(&mut restarting, threads, true);
        // Stopped by the visitor; on two threads both may find one.
        assert!(!done && !first.is_empty() && first.len() <= threads);
        assert!(first.iter().all(|s| plain.contains(s)), "{threads} threads");
    }
}

/// A board without a solution: a restarted run that ends without giving
/// up has walked the whole tree, so the search ends, complete and empty,
/// on one thread and on two.
#[test]
fn restarts_still_prove_a_board_impossible() {
    impossible_still::<RowScan>();
    impossible_still::<Fewest>();
}

fn impossible_still<E: Restarting>() {
    let dir = tempfile::tempdir().unwrap();
    let path = generate(dir.path(), "5x5", "4", "2");
    // One inner colour of one tile changed: no solution (the engine is
    // run directly, without the pre-check that would say so).
    let text = std::fs::read_to_string(&path).unwrap();
    let broken = text.replacen(
        "edges = [\"b\", \"d\", \"b\", \"c\"]",
        "edges = [\"b\", \"d\", \"b\", \"b\"]",
        1,
    );
    assert_ne!(broken, text);
    std::fs::write(&path, broken).unwrap();
    let (_, done, tree) = visited(&mut E::over(&path), 1, false);
    assert!(done && tree > 100, "a tree to restart in: {tree} nodes");
    for threads in [1, 2] {
        let mut restarting = E::over(&path);
        restarting.restart_after(10, 64);
        let (found, done, _) = visited(&mut restarting, threads, true);
        assert!(done && found.is_empty(), "{threads} threads");
    }
}
