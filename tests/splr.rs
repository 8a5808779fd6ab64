//! `--solver splr`: every puzzle file is answered, and solved ones are
//! checked here too, independently of jigsat's own check.

mod common;

use common::{check_solution, jigsat, puzzle_path, read_simple_puzzle};
use serde_json::Value;

fn solve(path: &std::path::Path, extra: &[&str]) -> (Option<i32>, Value) {
    let output = jigsat()
        .arg("solve")
        .arg(path)
        .args(["--solver", "splr", "--format", "json"])
        .args(extra)
        .output()
        .unwrap();
    let json = serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!(
            "{}: bad JSON ({e}): {}",
            path.display(),
            String::from_utf8_lossy(&output.stderr)
        )
    });
    (output.status.code(), json)
}

#[test]
fn splr_solves_and_checks_every_puzzle_file() {
    let mut paths: Vec<_> = std::fs::read_dir(puzzle_path(""))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        // splr needs minutes for Calibron 12 (encodings/RESULTS.md), and
        // for the Bedlam cube in a debug build (7 s in release).
        .filter(|p| !p.ends_with("calibron12.toml") && !p.ends_with("bedlam.toml"))
        // Nor the 3x20 strip (two solutions in 8x20 placements): 73 s of
        // splr in a debug build, the half of this test's time.
        .filter(|p| !p.ends_with("pentomino-3x20.toml"))
        // Nor the hexiamonds, polyhexes, tetrasticks and the pentomino pool:
        // splr takes minutes on them in a debug build, and tests/grids.rs,
        // tests/sticks.rs and tests/design.rs count them by two engines (the
        // ball pyramid stays, for one file off the cubes).
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy();
            !name.starts_with("hexiamonds-")
                && !name.starts_with("polyhexes-")
                && !name.starts_with("tetrasticks-")
                && !name.starts_with("pentominoes-")
        })
        .collect();
    paths.sort();
    assert!(paths.len() >= 7);
    for path in paths {
        // Without the pre-check, so that splr itself answers every file.
        let (code, json) = solve(&path, &["--no-precheck"]);
        assert_eq!(json["stats"]["backend"], "splr", "{}", path.display());
        match json["status"].as_str() {
            Some("solved") => {
                assert_eq!(code, Some(0));
                let simple = std::fs::read_to_string(&path).unwrap().contains("size = [");
                // Tile puzzles are checked by tests/edges.rs, the other grids'
                // by tests/grids.rs, pools by tests/design.rs (this checker
                // knows squares and cubes with fixed counts).
                let text = std::fs::read_to_string(&path).unwrap();
                let simple = simple
                    && !text.contains("[[tile]]")
                    && !text.contains("grid = ")
                    && !text.contains("count = \"");
                if simple {
                    let (board, shapes, flat) = read_simple_puzzle(&path);
                    check_solution(&json["solutions"][0], &board, &shapes, flat);
                }
            }
            Some("unsolvable") => {
                assert_eq!(code, Some(1));
                assert!(path.ends_with("tetromino-4x5.toml"), "{}", path.display());
            }
            other => panic!("{}: {other:?}", path.display()),
        }
    }
}

#[test]
fn splr_gives_up_at_the_time_limit() {
    let (code, json) = solve(
        &puzzle_path("pentomino-3x20.toml"),
        &["--time-limit", "0.001"],
    );
    assert_eq!(code, Some(3));
    assert_eq!(json["status"], "unknown");
}
