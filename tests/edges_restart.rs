//! The row scan's restarts (`exact/rowscan/restart.rs`), with budgets of a
//! few nodes so that small boards restart many times: a restarted search
//! walks the same tree in other orders, so it still visits every solution
//! once when it goes on past the first, still proves a board without a
//! solution impossible, and what it finds first is a solution.

mod common;

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use common::jigsat;
use jigsat::internal::exact::{RowScan, enumerate_parallel};

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

/// The row scan over the board in `path`, frame first where it applies.
fn scan(path: &Path) -> RowScan {
    let puzzle = jigsat::internal::Puzzle::load(path).unwrap();
    let instance = jigsat::internal::instance::Instance::new(&puzzle).unwrap();
    RowScan::new(instance.cover(), Some(&puzzle.board), &[]).unwrap()
}

/// Every solution `search` visits on `threads` threads (sorted, each
/// sorted), the search's result and its nodes; `first` stops at the
/// first solution.
fn visited(search: &mut RowScan, threads: usize, first: bool) -> (Vec<Vec<u32>>, bool, u64) {
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
    let dir = tempfile::tempdir().unwrap();
    let path = generate(dir.path(), "5x5", "4", "2");
    let (plain, done, tree) = visited(&mut scan(&path), 1, false);
    assert!(done && !plain.is_empty());
    let mut restarting = scan(&path);
    restarting.allow_restarts_after(10, 64);
    let (again, done, nodes) = visited(&mut restarting, 1, false);
    assert!(done);
    assert_eq!(again, plain);
    assert!(nodes > tree, "{nodes} nodes against the tree's {tree}");
}

/// The first solution found with restarts on one and two threads is one
/// of the plain scan's.
#[test]
fn the_first_solution_after_restarts_is_a_solution() {
    let dir = tempfile::tempdir().unwrap();
    let path = generate(dir.path(), "5x5", "5", "8");
    let (plain, ..) = visited(&mut scan(&path), 1, false);
    for threads in [1, 2] {
        let mut restarting = scan(&path);
        restarting.allow_restarts_after(10, 64);
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
    let (_, done, tree) = visited(&mut scan(&path), 1, false);
    assert!(done && tree > 100, "a tree to restart in: {tree} nodes");
    for threads in [1, 2] {
        let mut restarting = scan(&path);
        restarting.allow_restarts_after(10, 64);
        let (found, done, _) = visited(&mut restarting, threads, true);
        assert!(done && found.is_empty(), "{threads} threads");
    }
}
