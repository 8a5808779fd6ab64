//! The race of `--solver auto` on two cores: the exact search alone first,
//! CaDiCaL beside it after a head start, the first definitive answer
//! taken and the other engine stopped.
//!
//! The puzzle (tests/fixtures/pocket.toml) is one where the engine auto
//! picks cannot answer in any reasonable time: two sets of pentominoes and
//! a 2x2 pocket no pentomino fits, at the far end of the first-cell scan.
//! First-cell alone runs for minutes; CaDiCaL proves it impossible in
//! milliseconds. With the pre-check (which would see the pocket) off, the
//! answer can only come from the race.
//!
//! This file holds one test in its own test binary so that the threads of
//! the process can be counted: after the answer, none of the race's may be
//! left. The command-line side (`-v` names the winner, `-j 1` does not
//! race) is in tests/solve_cli.rs.

mod common;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use jigsat::internal::{Options, Puzzle, Status, solve};

fn pocket() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/pocket.toml")
}

/// The threads of this process (Linux: one entry per thread).
fn threads() -> usize {
    std::fs::read_dir("/proc/self/task").map_or(0, |d| d.count())
}

#[test]
fn the_race_answers_when_the_exact_search_cannot_and_stops_it() {
    let puzzle = Puzzle::load(&pocket()).unwrap();
    let options = Options {
        precheck: false,
        jobs: Some(2),
        ..Options::default()
    };
    let before = threads();
    let report = solve(&puzzle, &options).unwrap();
    assert_eq!(report.status, Status::Unsolvable);
    assert_eq!(report.stats.backend, "cadical");
    assert!(
        report.reason.as_deref().unwrap().contains("cadical proved"),
        "{:?}",
        report.reason
    );
    // The first-cell search would run for minutes; it must have been told
    // to stop and have ended. Its threads end between two nodes, so allow
    // them a moment, far less than the search would take.
    let waited = Instant::now();
    while threads() > before && waited.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(5));
    }
    assert_eq!(threads(), before, "a race thread is still running");
}
