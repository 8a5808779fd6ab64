//! Every `--edges` encoding against the exact-cover engines: the same
//! counts on generated boards (3x3 to 5x5, framed and not) with the
//! built-in SAT solvers, every solution checked from the puzzle file and
//! the JSON alone, and the `pairs` CNF through an external solver and
//! `jigsat decode`.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::tiles::{check, read_tiles};
use common::{assert_success, jigsat};
use serde_json::Value;

const EDGES: [&str; 4] = ["colours", "direct", "pairs", "pairs-balance"];
const SOLVERS: [&str; 2] = ["varisat", "cadical"];

/// (size, colours, framed with `--border 0`, seed): boards whose counts
/// are small enough to enumerate in a test (without a frame that takes
/// many colours: 4x4 with 3 colours has tens of thousands of solutions).
const BOARDS: &[(&str, u32, bool, u64)] = &[
    ("3x3", 3, true, 2),
    ("4x4", 4, true, 1),
    ("4x4", 3, true, 1),
    ("5x5", 5, true, 2),
    ("5x5", 4, true, 1),
    ("3x3", 8, false, 2),
    ("4x3", 8, false, 1),
    ("4x4", 10, false, 2),
];

fn generate(dir: &Path, &(size, colours, framed, seed): &(&str, u32, bool, u64)) -> PathBuf {
    let path = dir.join(format!("e{size}-c{colours}-f{framed}-s{seed}.toml"));
    let (colours, seed) = (colours.to_string(), seed.to_string());
    let mut args = vec!["generate", "edges", "--size", size, "--colours", &colours];
    args.extend(["--seed", &seed, "-o", path.to_str().unwrap()]);
    if framed {
        args.extend(["--border", "0"]);
    }
    assert_success(&jigsat().args(&args).output().unwrap());
    path
}

fn run_json(args: &[&str]) -> Value {
    let output = jigsat().args(args).output().unwrap();
    assert_success(&output);
    serde_json::from_slice(&output.stdout).unwrap()
}

/// (count, distinct) from `jigsat count`.
fn counts(path: &Path, extra: &[&str]) -> (u64, u64) {
    let mut args = vec!["count", path.to_str().unwrap(), "--format", "json"];
    args.extend_from_slice(extra);
    let v = run_json(&args);
    (
        v["count"].as_u64().unwrap(),
        v["distinct"].as_u64().unwrap(),
    )
}

/// The exact-cover reference: dlx, which takes at most one tile with
/// copies (that tile's count is implied); the row scan on the others.
fn reference(path: &Path) -> (u64, u64) {
    let text = std::fs::read_to_string(path).unwrap();
    let engine = if text.matches("count = ").count() <= 1 {
        "dlx"
    } else {
        "row-scan"
    };
    counts(path, &["--solver", engine])
}

#[test]
fn every_edge_encoding_counts_like_the_exact_cover_engines() {
    let dir = tempfile::tempdir().unwrap();
    let mut with_dlx = 0;
    for board in BOARDS {
        let path = generate(dir.path(), board);
        let text = std::fs::read_to_string(&path).unwrap();
        with_dlx += usize::from(text.matches("count = ").count() <= 1);
        let expected = reference(&path);
        assert!(expected.0 >= 1, "{board:?}: the planted solution");
        for edges in EDGES {
            for solver in SOLVERS {
                let got = counts(&path, &["--edges", edges, "--solver", solver]);
                assert_eq!(got, expected, "{board:?} --edges {edges} --solver {solver}");
            }
        }
        // Colour balance through the other cardinality encoding.
        let args = [
            "--edges",
            "pairs-balance",
            "--card",
            "totalizer",
            "--solver",
            "cadical",
        ];
        assert_eq!(counts(&path, &args), expected, "{board:?} {args:?}");
    }
    assert!(with_dlx >= 4, "most boards are compared with dlx itself");
}

#[test]
fn every_solution_of_every_edge_encoding_passes_the_independent_check() {
    let dir = tempfile::tempdir().unwrap();
    for board in BOARDS {
        let path = generate(dir.path(), board);
        let puzzle = read_tiles(&path);
        let p = path.to_str().unwrap();
        for edges in EDGES {
            let v = run_json(&["solve", p, "--edges", edges, "--format", "json"]);
            assert_eq!(v["status"], "solved", "{board:?} --edges {edges}");
            check(&puzzle, &v["solutions"][0]);
            for solver in SOLVERS {
                let args = ["solve", p, "--all", "--edges", edges, "--solver", solver];
                let v = run_json(&[&args[..], &["--format", "json"]].concat());
                let all = v["solutions"].as_array().unwrap();
                assert!(
                    !all.is_empty(),
                    "{board:?} --edges {edges} --solver {solver}"
                );
                all.iter().for_each(|s| check(&puzzle, s));
            }
        }
    }
}

/// (variables, clauses) from the `p cnf` line of `jigsat dimacs`.
fn cnf_size(path: &Path, edges: &str) -> (u64, u64) {
    let output = jigsat()
        .args(["dimacs", path.to_str().unwrap(), "--edges", edges])
        .output()
        .unwrap();
    assert_success(&output);
    let text = String::from_utf8(output.stdout).unwrap();
    let header = text.lines().find(|l| l.starts_with("p cnf ")).unwrap();
    let numbers: Vec<u64> = header[6..]
        .split_whitespace()
        .map(|n| n.parse().unwrap())
        .collect();
    (numbers[0], numbers[1])
}

/// Colour balance adds its cardinality constraints where a `border` label
/// fixes every colour's number (every board of `BOARDS` with a frame),
/// and nothing where tiles on the rim show a colour there or not
/// (the boards without one): the counts test above then compares real
/// extra clauses, not `pairs` again.
#[test]
fn colour_balance_constrains_framed_boards_only() {
    let dir = tempfile::tempdir().unwrap();
    for board in BOARDS {
        let path = generate(dir.path(), board);
        let (pairs, balance) = (cnf_size(&path, "pairs"), cnf_size(&path, "pairs-balance"));
        if board.2 {
            assert!(
                balance.1 > pairs.1,
                "{board:?}: {balance:?} against {pairs:?}"
            );
        } else {
            assert_eq!(balance, pairs, "{board:?}");
        }
    }
}

/// A tile set with an odd number of half-edges of a colour cannot be
/// matched: colour balance says so (an empty clause per odd colour), and
/// CaDiCaL with it and the row scan (exhausting the board) both answer
/// "no solution". The first inner label of the first
/// tile of a framed 5x5 board is relabelled, which makes two colours odd.
#[test]
fn colour_balance_refutes_an_odd_tile_set_like_the_row_scan() {
    let dir = tempfile::tempdir().unwrap();
    let path = generate(dir.path(), &("5x5", 5, true, 2));
    let text = std::fs::read_to_string(&path).unwrap();
    let before = "name = \"1\"\nedges = [\"";
    let at = text.find(before).unwrap() + before.len();
    let label = &text[at..at + 1];
    assert_ne!(label, "0", "tile 1 of this board is an inner tile");
    let other = if label == "a" { "b" } else { "a" };
    let odd = dir.path().join("odd.toml");
    std::fs::write(&odd, format!("{}{other}{}", &text[..at], &text[at + 1..])).unwrap();
    // Balance itself says it: one empty clause per odd colour, which
    // `pairs` does not have.
    let empty_clauses = |edges: &str| {
        let output = jigsat()
            .arg("dimacs")
            .arg(&odd)
            .args(["--edges", edges])
            .output()
            .unwrap();
        assert_success(&output);
        let text = String::from_utf8(output.stdout).unwrap();
        text.lines().filter(|l| *l == "0").count()
    };
    assert_eq!(empty_clauses("pairs-balance"), 2);
    assert_eq!(empty_clauses("pairs"), 0);
    for args in [
        &["--solver", "cadical", "--edges", "pairs-balance"][..],
        &["--solver", "row-scan"][..],
    ] {
        let output = jigsat()
            .arg("solve")
            .arg(&odd)
            .args(["--no-precheck", "-q"])
            .args(args)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{args:?}: {stderr}");
    }
}

/// `jigsat dimacs --edges pairs` (and `pairs-balance`), kissat (or the
/// CaDiCaL program), then `jigsat decode` reading the encoding from the
/// CNF's header: the model of each planted board decodes to a solution the
/// independent check accepts.
#[test]
fn pairs_cnf_through_an_external_solver_decodes_to_a_checked_solution() {
    let Some(solver) = ["kissat", "cadical"]
        .into_iter()
        .find(|s| common::tools::on_path(s).is_some())
    else {
        common::tools::missing(
            "kissat or cadical",
            "apt-get install cadical, or .ci/install-solvers",
        );
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    for board in [
        ("5x5", 5, true, 2),
        ("4x4", 10, false, 2),
        ("6x6", 5, true, 1),
    ] {
        for edges in ["pairs", "pairs-balance"] {
            external_round_trip(dir.path(), solver, &board, edges);
        }
    }
}

fn external_round_trip(dir: &Path, solver: &str, board: &(&str, u32, bool, u64), edges: &str) {
    let path = generate(dir, board);
    let cnf = dir.join(format!("{edges}.cnf"));
    let output = jigsat()
        .args(["dimacs", path.to_str().unwrap(), "--edges", edges, "-o"])
        .arg(&cnf)
        .output()
        .unwrap();
    assert_success(&output);
    let text = std::fs::read_to_string(&cnf).unwrap();
    let option = format!("c option edges={edges}\n");
    assert!(text.contains(&option), "{}", &text[..300]);
    let run = Command::new(solver).arg("-q").arg(&cnf).output().unwrap();
    assert_eq!(run.status.code(), Some(10), "{solver} on {board:?}");
    let answer = dir.join("answer.txt");
    std::fs::write(&answer, &run.stdout).unwrap();
    // The encoding is read from the CNF's header.
    let output = jigsat()
        .arg("decode")
        .arg(&path)
        .arg(&answer)
        .arg("--cnf")
        .arg(&cnf)
        .args(["--format", "json"])
        .output()
        .unwrap();
    assert_success(&output);
    let v: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(v["status"], "solved");
    check(&read_tiles(&path), &v["solutions"][0]);
}
