//! Round trips with real solver programs: `jigsat dimacs` → minisat /
//! CaDiCaL / kissat → `jigsat decode` → an independent check; and the same
//! programs behind `jigsat solve --solver`.
//!
//! A missing program skips its test with one line saying how to install
//! it; `JIGSAT_REQUIRE_TOOLS=1` (set by `.ci/run`, which installs all
//! three) makes it a failure instead.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::{check_solution, jigsat, puzzle_path, read_simple_puzzle};
use serde_json::Value;

const SAT_PUZZLES: [&str; 3] = ["y25.toml", "soma.toml", "pentomino-6x10.toml"];
const UNSAT_PUZZLE: &str = "tetromino-4x5.toml";

/// The program's path, or `None` when it is missing (the test is then
/// skipped with one line, or fails under `JIGSAT_REQUIRE_TOOLS=1`).
fn program(name: &str) -> Option<PathBuf> {
    let install = match name {
        "kissat" => ".ci/install-solvers, which takes it from the PyPI wheel passagemath-kissat",
        "minisat" => "apt-get install minisat",
        _ => "apt-get install cadical",
    };
    let found = common::tools::on_path(name);
    if found.is_none() {
        common::tools::missing(name, install);
    }
    found
}

fn dimacs(puzzle: &str, dir: &Path) -> PathBuf {
    let cnf = dir.join(puzzle.replace(".toml", ".cnf"));
    let output = jigsat()
        .arg("dimacs")
        .arg(puzzle_path(puzzle))
        .arg("-o")
        .arg(&cnf)
        .output()
        .unwrap();
    common::assert_success(&output);
    cnf
}

/// Runs the program on the CNF; returns the file holding its answer.
fn run_program(name: &str, exe: &Path, cnf: &Path, dir: &Path) -> (PathBuf, Option<i32>) {
    let answer = dir.join(format!("{name}.out"));
    let status = if name == "minisat" {
        let output = Command::new(exe)
            .arg("-verb=0")
            .arg(cnf)
            .arg(&answer)
            .output()
            .unwrap();
        output.status
    } else {
        let output = Command::new(exe).arg("-q").arg(cnf).output().unwrap();
        std::fs::write(&answer, &output.stdout).unwrap();
        output.status
    };
    (answer, status.code())
}

fn decode(puzzle: &str, answer: &Path, cnf: &Path) -> (Option<i32>, Value, String) {
    let output = jigsat()
        .arg("decode")
        .arg(puzzle_path(puzzle))
        .arg(answer)
        .arg("--cnf")
        .arg(cnf)
        .args(["--format", "json"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    let json = serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("{puzzle}: bad JSON from decode ({e}): {stderr}"));
    (output.status.code(), json, stderr)
}

fn round_trips(name: &str) {
    let Some(exe) = program(name) else { return };
    let dir = tempfile::tempdir().unwrap();
    for puzzle in SAT_PUZZLES {
        let cnf = dimacs(puzzle, dir.path());
        let (answer, code) = run_program(name, &exe, &cnf, dir.path());
        assert_eq!(code, Some(10), "{name} on {puzzle}: SAT exit code");
        let (code, json, stderr) = decode(puzzle, &answer, &cnf);
        assert_eq!(code, Some(0), "{name} on {puzzle}: {stderr}");
        assert_eq!(json["status"], "solved");
        let (board, shapes, flat) = read_simple_puzzle(&puzzle_path(puzzle));
        check_solution(&json["solutions"][0], &board, &shapes, flat);
    }
    // The CNF has no pre-check in it: the solver itself proves this one.
    let cnf = dimacs(UNSAT_PUZZLE, dir.path());
    let (answer, code) = run_program(name, &exe, &cnf, dir.path());
    assert_eq!(code, Some(20), "{name} on {UNSAT_PUZZLE}: UNSAT exit code");
    let (code, json, stderr) = decode(UNSAT_PUZZLE, &answer, &cnf);
    assert_eq!(code, Some(1), "{stderr}");
    assert_eq!(json["status"], "unsolvable");
}

#[test]
fn minisat_round_trip() {
    round_trips("minisat");
}

#[test]
fn cadical_round_trip() {
    round_trips("cadical");
}

#[test]
fn kissat_round_trip() {
    round_trips("kissat");
}

/// `solve --solver NAME` on a SAT and an UNSAT puzzle, `program` being
/// the program NAME runs.
fn solves_through(program_name: &str, name: &str) {
    if program(program_name).is_none() {
        return;
    }
    let output = jigsat()
        .arg("solve")
        .arg(puzzle_path("soma.toml"))
        .args(["--solver", name, "--format", "json"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{name}: {stderr}");
    let json: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["stats"]["backend"], name);
    let (board, shapes, flat) = read_simple_puzzle(&puzzle_path("soma.toml"));
    check_solution(&json["solutions"][0], &board, &shapes, flat);

    let output = jigsat()
        .arg("solve")
        .arg(puzzle_path(UNSAT_PUZZLE))
        .args(["--solver", name, "--no-precheck", "--format", "json"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1), "{name}");
    let json: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["status"], "unsolvable");
}

#[test]
fn solve_with_minisat() {
    solves_through("minisat", "minisat");
}

#[test]
fn solve_with_cadical() {
    // `cadical` is the built-in one (tests/cadical.rs).
    solves_through("cadical", "cadical-program");
}

#[test]
fn solve_with_kissat() {
    solves_through("kissat", "kissat");
}

#[test]
fn a_missing_program_is_named_with_how_to_get_it() {
    let output = jigsat()
        .arg("solve")
        .arg(puzzle_path("soma.toml"))
        .args(["--solver", "/nonexistent/kissat"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
    assert!(stderr.contains("/nonexistent/kissat"), "{stderr}");
    assert!(stderr.contains("passagemath-kissat"), "{stderr}");
}

#[cfg(unix)]
fn script(dir: &Path, name: &str, body: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

#[cfg(unix)]
#[test]
fn a_crashing_program_gives_exit_3_with_its_stderr() {
    let dir = tempfile::tempdir().unwrap();
    let crash = script(
        dir.path(),
        "crashy",
        "echo 'reading the formula' >&2\necho 'out of cheese' >&2\nexit 134",
    );
    let output = jigsat()
        .arg("solve")
        .arg(puzzle_path("soma.toml"))
        .arg("--solver")
        .arg(&crash)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(3));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("out of cheese"), "{stderr}");
    assert!(stderr.contains("exit status 134"), "{stderr}");

    // A program that claims SAT with a model that is not one.
    let liar = script(
        dir.path(),
        "liar",
        "echo 's SATISFIABLE'\necho 'v 1 0'\nexit 10",
    );
    let output = jigsat()
        .arg("solve")
        .arg(puzzle_path("soma.toml"))
        .arg("--solver")
        .arg(&liar)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(3));
}

#[cfg(unix)]
#[test]
fn a_slow_program_is_stopped_at_the_time_limit() {
    let dir = tempfile::tempdir().unwrap();
    // A busy loop in the shell itself: no dependence on PATH.
    let slow = script(dir.path(), "slow", "while :; do :; done");
    let started = std::time::Instant::now();
    let output = jigsat()
        .arg("solve")
        .arg(puzzle_path("soma.toml"))
        .arg("--solver")
        .arg(&slow)
        .args(["--time-limit", "0.5", "--format", "json"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(3));
    let json: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["status"], "unknown");
    // Not a timing assertion: only that the endless loop was stopped.
    assert!(started.elapsed().as_secs() < 25);
}
