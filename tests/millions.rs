//! Counting many solutions in constant memory: the dominoes' tilings,
//! whose counts are known in closed form (Kasteleyn; OEIS A004003, and
//! A065072 up to the square's symmetries), counted by the search threads'
//! tallies ([`jigsat::enumerate`]) with and without symmetry breaking,
//! through the whole count, a split and `solve --all`.

mod common;

use common::{assert_success, jigsat, puzzle_path};
use serde_json::Value;

/// (count, distinct) through the CLI, with `extra` arguments.
fn count(name: &str, extra: &[&str]) -> (u64, u64) {
    let output = jigsat()
        .arg("count")
        .arg(puzzle_path(name))
        .args(["--format", "json"])
        .args(extra)
        .output()
        .unwrap();
    assert_success(&output);
    let json: Value = serde_json::from_slice(&output.stdout).unwrap();
    (
        json["count"].as_u64().unwrap(),
        json["distinct"].as_u64().unwrap(),
    )
}

#[test]
fn dominoes_6x6_count_6728_tilings_930_classes() {
    assert_eq!(count("dominoes-6x6.toml", &[]), (6728, 930));
    assert_eq!(count("dominoes-6x6.toml", &["-j", "1"]), (6728, 930));
    // Without symmetry breaking every tiling is met; the classes still
    // come out of the tallies.
    assert_eq!(count("dominoes-6x6.toml", &["--no-symmetry"]), (6728, 930));
    assert_eq!(
        count("dominoes-6x6.toml", &["--solver", "first-cell"]),
        (6728, 930)
    );
}

#[test]
fn solve_all_lists_each_of_the_930_classes_once() {
    let output = jigsat()
        .args(["solve", "--all", "--format", "json"])
        .arg(puzzle_path("dominoes-6x6.toml"))
        .output()
        .unwrap();
    assert_success(&output);
    let json: Value = serde_json::from_slice(&output.stdout).unwrap();
    let solutions = json["solutions"].as_array().unwrap();
    assert_eq!(solutions.len(), 930);
    let distinct: std::collections::BTreeSet<String> =
        solutions.iter().map(|s| s.to_string()).collect();
    assert_eq!(distinct.len(), 930, "no class listed twice");
    assert_eq!(json["count"], 6728);
}

/// Peak resident memory of this process and its finished children, in
/// bytes, as the OS keeps it.
fn peak_children_bytes() -> u64 {
    // SAFETY: getrusage writes into the struct it is given.
    let usage = unsafe {
        let mut usage = std::mem::zeroed::<libc::rusage>();
        assert_eq!(libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage), 0);
        usage
    };
    // Linux reports kilobytes.
    usage.ru_maxrss as u64 * 1024
}

/// 32 dominoes on the chessboard: 12,988,816 tilings, 1,629,189 up to
/// symmetry, in constant memory. Release only (seconds there, minutes in
/// a debug build): `cargo test --release --test millions -- --ignored`.
#[test]
#[ignore]
fn dominoes_8x8_count_millions_in_constant_memory() {
    assert_eq!(count("dominoes-8x8.toml", &[]), (12_988_816, 1_629_189));
    let peak = peak_children_bytes();
    assert!(peak < 100 << 20, "the count peaked at {} MB", peak >> 20);
}
