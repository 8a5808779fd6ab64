//! The built-in CaDiCaL (`--solver cadical`): first solutions checked
//! here, independently of jigsat's own check; `--all` and `count` through
//! its incremental enumeration against the known counts; an impossible
//! puzzle proved so (exit 1); a time limit giving up (exit 3).

mod common;

use std::path::Path;

use common::{check_solution, jigsat, puzzle_path, read_simple_puzzle};
use serde_json::Value;

/// Runs jigsat with `args` and `--solver cadical --format json`: the exit
/// code and the JSON it printed.
fn run(args: &[&str], puzzle: &Path) -> (Option<i32>, Value) {
    let output = jigsat()
        .args(args)
        .arg(puzzle)
        .args(["--solver", "cadical", "--format", "json"])
        .output()
        .unwrap();
    let json = serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!(
            "{} {args:?}: bad JSON ({e}): {}",
            puzzle.display(),
            String::from_utf8_lossy(&output.stderr)
        )
    });
    (output.status.code(), json)
}

#[test]
fn first_solutions_are_checked() {
    for name in ["soma.toml", "y25.toml", "pentomino-3x20.toml"] {
        let path = puzzle_path(name);
        let (code, json) = run(&["solve"], &path);
        assert_eq!(code, Some(0), "{name}");
        assert_eq!(json["status"], "solved", "{name}");
        assert_eq!(json["stats"]["backend"], "cadical", "{name}");
        let (board, shapes, flat) = read_simple_puzzle(&path);
        check_solution(&json["solutions"][0], &board, &shapes, flat);
    }
}

#[test]
fn all_lists_every_class_and_counts_match() {
    // Soma: 240 classes, 11,520 solutions on a fixed board.
    let (code, json) = run(&["count"], &puzzle_path("soma.toml"));
    assert_eq!(code, Some(0));
    assert_eq!(
        (&json["count"], &json["distinct"]),
        (&11520.into(), &240.into())
    );
    assert_eq!(json["stats"]["backend"], "cadical");

    // The 3x20 strip: both classes listed, each checked.
    let path = puzzle_path("pentomino-3x20.toml");
    let (code, json) = run(&["solve", "--all"], &path);
    assert_eq!(code, Some(0));
    assert_eq!((&json["count"], &json["distinct"]), (&8.into(), &2.into()));
    let solutions = json["solutions"].as_array().unwrap();
    assert_eq!(solutions.len(), 2);
    assert_ne!(solutions[0], solutions[1]);
    let (board, shapes, flat) = read_simple_puzzle(&path);
    for s in solutions {
        check_solution(s, &board, &shapes, flat);
    }
}

#[test]
fn enumeration_agrees_with_varisat_where_dlx_cannot_go() {
    let count = |path: &Path, solver: &str| -> (Value, Value) {
        let output = jigsat()
            .arg("count")
            .arg(path)
            .args(["--solver", solver, "--format", "json"])
            .output()
            .unwrap();
        common::assert_success(&output);
        let json: Value = serde_json::from_slice(&output.stdout).unwrap();
        (json["count"].clone(), json["distinct"].clone())
    };
    // A count range (the SAT engine over a cover), an edge-matching
    // puzzle, and a rectangle puzzle in the order encoding.
    let dir = tempfile::tempdir().unwrap();
    let rectangles = dir.path().join("rectangles.toml");
    std::fs::write(
        &rectangles,
        "[board]\nsize = [4, 4]\n[[piece]]\nname = \"a\"\nsize = [2, 2]\n[[piece]]\nname = \"b\"\n\
         size = [2, 1]\ncount = 2\n[[piece]]\nname = \"c\"\nsize = [4, 1]\ncount = 2\n",
    )
    .unwrap();
    for path in [
        puzzle_path("tromino-choice.toml"),
        puzzle_path("big-cats.toml"),
        rectangles,
    ] {
        let cadical = count(&path, "cadical");
        assert!(cadical.0.as_u64().is_some_and(|n| n > 0), "{cadical:?}");
        assert_eq!(cadical, count(&path, "varisat"), "{}", path.display());
    }
}

#[test]
fn an_impossible_puzzle_exits_1() {
    // Without the pre-check, so that CaDiCaL itself proves it.
    let path = puzzle_path("tetromino-4x5.toml");
    for command in ["solve", "count"] {
        let (code, json) = run(&[command, "--no-precheck"], &path);
        assert_eq!(code, Some(1), "{command}");
        assert_eq!(json["status"], "unsolvable", "{command}");
    }
}

#[test]
fn a_time_limit_gives_up_with_exit_3() {
    // Neither is instant: the 3x20 strip's first solution, and Y25's
    // 1,264 classes.
    let (code, json) = run(
        &["solve", "--time-limit", "0.001"],
        &puzzle_path("pentomino-3x20.toml"),
    );
    assert_eq!(code, Some(3));
    assert_eq!(json["status"], "unknown");

    let path = puzzle_path("y25.toml");
    let (code, json) = run(&["solve", "--all", "--time-limit", "0.5"], &path);
    assert_eq!(code, Some(3));
    assert_eq!(json["status"], "unknown");
    assert_eq!(json["count"], Value::Null, "no count is claimed");
    let (board, shapes, flat) = read_simple_puzzle(&path);
    for s in json["solutions"].as_array().unwrap() {
        check_solution(s, &board, &shapes, flat);
    }
}

#[test]
fn the_program_on_path_is_cadical_program() {
    // Named apart from the built-in one, and a missing program says how
    // to get it or to use the built-in one.
    let output = jigsat()
        .arg("solve")
        .arg(puzzle_path("soma.toml"))
        .args(["--solver", "/nonexistent/cadical"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("--solver cadical"), "{stderr}");
    let help = jigsat().args(["solve", "--help"]).output().unwrap();
    let help = String::from_utf8_lossy(&help.stdout);
    assert!(help.contains("cadical-program"), "{help}");
}

#[test]
fn edge_matching_puzzles_count_the_same_with_cadical_varisat_and_the_row_scan() {
    // Several tiles with copies: dlx cannot go there; the row scan (the
    // default) and both incremental SAT solvers can.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("edges.toml");
    let output = jigsat()
        .args(["generate", "edges", "--size", "3x3", "--colours", "2"])
        .args(["--seed", "3", "-o"])
        .arg(&path)
        .output()
        .unwrap();
    common::assert_success(&output);
    let count = |extra: &[&str]| -> Value {
        let output = jigsat()
            .arg("count")
            .arg(&path)
            .args(["--format", "json"])
            .args(extra)
            .output()
            .unwrap();
        common::assert_success(&output);
        serde_json::from_slice(&output.stdout).unwrap()
    };
    let default = count(&[]);
    assert_eq!(default["stats"]["backend"], "row-scan");
    assert!(default["count"].as_u64().unwrap() > 0);
    for solver in ["cadical", "varisat"] {
        let sat = count(&["--solver", solver]);
        assert_eq!(sat["stats"]["backend"], solver);
        assert_eq!(
            (&default["count"], &default["distinct"]),
            (&sat["count"], &sat["distinct"])
        );
    }
}
