//! End to end through the binary: solve, JSON out, and every solution
//! re-checked here, independently of jigsat's own check.

mod common;

use common::{check_solution, jigsat, puzzle_path, read_simple_puzzle};
use serde_json::Value;

fn solve_json(name: &str, extra: &[&str]) -> (Option<i32>, Value) {
    let output = jigsat()
        .arg("solve")
        .arg(puzzle_path(name))
        .args(["--format", "json"])
        .args(extra)
        .output()
        .unwrap();
    let json = serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!(
            "{name}: bad JSON ({e}): {}",
            String::from_utf8_lossy(&output.stderr)
        )
    });
    (output.status.code(), json)
}

fn solves_and_checks(name: &str) {
    // The default (the engine the portfolio picks: an exact search here,
    // on one thread so that no race with CaDiCaL, which a loaded machine
    // can tip, decides it) and SAT, each answer checked here from the
    // puzzle file alone.
    for (args, sat) in [
        (&["-j", "1"][..], false),
        (&["--solver", "varisat"][..], true),
    ] {
        let (code, json) = solve_json(name, args);
        assert_eq!(code, Some(0), "{name} {args:?}");
        assert_eq!(json["status"], "solved");
        assert_eq!(json["count"], Value::Null);
        assert_eq!(json["distinct"], Value::Null);
        let backend = json["stats"]["backend"].as_str().unwrap();
        if sat {
            assert!(json["stats"]["variables"].as_u64().unwrap() > 0);
            assert!(json["stats"]["clauses"].as_u64().unwrap() > 0);
            assert_eq!(backend, "varisat");
        } else {
            assert!(
                ["first-cell", "dlx"].contains(&backend),
                "{name}: {backend}"
            );
        }
        let solutions = json["solutions"].as_array().unwrap();
        assert_eq!(solutions.len(), 1);
        let (board, shapes, flat) = read_simple_puzzle(&puzzle_path(name));
        check_solution(&solutions[0], &board, &shapes, flat);
    }
}

#[test]
fn y25_solves() {
    solves_and_checks("y25.toml");
}

#[test]
fn soma_solves() {
    solves_and_checks("soma.toml");
}

#[test]
fn pentominoes_6x10_solve() {
    solves_and_checks("pentomino-6x10.toml");
}

#[test]
fn every_encoding_solves_soma() {
    for encoding in ["pairwise", "sequential", "auto"] {
        let (code, json) = solve_json("soma.toml", &["--encoding", encoding]);
        assert_eq!(code, Some(0));
        assert_eq!(json["stats"]["encoding"], encoding);
        let (board, shapes, flat) = read_simple_puzzle(&puzzle_path("soma.toml"));
        check_solution(&json["solutions"][0], &board, &shapes, flat);
    }
}

#[test]
fn tetrominoes_in_4x5_are_impossible() {
    let (code, json) = solve_json("tetromino-4x5.toml", &[]);
    assert_eq!(code, Some(1));
    assert_eq!(json["status"], "unsolvable");
    assert_eq!(json["solutions"], serde_json::json!([]));
    let output = jigsat()
        .arg("solve")
        .arg(puzzle_path("tetromino-4x5.toml"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("checkerboard"),
        "the reason is given: {stderr}"
    );
}

#[test]
fn the_solver_itself_proves_small_impossible_puzzles() {
    // Without the pre-check, varisat has to find the contradiction...
    let (code, json) = solve_json(
        "tetromino-4x5.toml",
        &["--no-precheck", "--solver", "varisat"],
    );
    assert_eq!(code, Some(1));
    assert_eq!(json["status"], "unsolvable");
    assert!(json["stats"]["clauses"].as_u64().unwrap() > 0);
    // ...and so does the exact search, by exhausting its tree.
    let (code, json) = solve_json("tetromino-4x5.toml", &["--no-precheck"]);
    assert_eq!(code, Some(1));
    assert_eq!(json["status"], "unsolvable");
    assert_eq!(json["stats"]["backend"], "first-cell");
}

#[test]
fn a_time_limit_gives_up_with_exit_3() {
    let (code, json) = solve_json("pentomino-3x20.toml", &["--time-limit", "0.001"]);
    assert_eq!(code, Some(3));
    assert_eq!(json["status"], "unknown");
}

#[test]
fn text_drawing_shows_layers_side_by_side() {
    let output = jigsat()
        .arg("solve")
        .arg(puzzle_path("soma.toml"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(!text.contains('\x1b'), "no colours when piped");
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[1].starts_with("z=0"), "{text}");
    assert!(lines[1].contains("z=1") && lines[1].contains("z=2"));
    // Three rows of three layers of three cells between wall lines; each
    // glyph is a piece. Under it, the level (every Soma assembly comes
    // apart by lifting a piece off).
    assert_eq!(lines.len(), 2 + 7 + 1, "{text}");
    assert_eq!(lines[9], "level: 1", "{text}");
    let glyphs: String = lines[2..9]
        .concat()
        .chars()
        .filter(|c| c.is_ascii_alphabetic())
        .collect();
    assert_eq!(glyphs.len(), 27);
    for g in "VLTZABP".chars() {
        assert!(glyphs.contains(g), "piece {g} drawn");
    }
}

#[test]
fn output_file_gets_the_result() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("out.json");
    let output = jigsat()
        .arg("solve")
        .arg(puzzle_path("soma.toml"))
        .args(["--format", "json", "-o"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert!(output.stdout.is_empty());
    let json: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(json["puzzle"], "Soma cube");
}

#[test]
fn info_lists_pieces_and_sizes() {
    let output = jigsat()
        .arg("info")
        .arg(puzzle_path("y25.toml"))
        .args(["--format", "json"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let json: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["placements"], 960);
    assert_eq!(json["pieces"][0]["orientations"], 24);
    assert_eq!(json["board"]["cells"], 125);
    assert!(json["encoding"]["clauses"].as_u64().unwrap() > 0);
    assert!(json.get("estimated").is_none(), "counted, not estimated");
}

/// On a board too large to build within seconds, `info` estimates the
/// placements (exactly, on a solid box) and says so, in both formats.
#[test]
fn info_estimates_a_huge_board_and_says_so() {
    let fixture = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/regress/pentominoes-500x500.toml");
    let output = jigsat()
        .arg("info")
        .arg(&fixture)
        .args(["--format", "json"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let json: Value = serde_json::from_slice(&output.stdout).unwrap();
    // 8 orientations of P, 4 of them 2x3 and 4 of them 3x2: 8 * 499 * 498.
    assert_eq!(json["placements"], 1_988_016);
    assert_eq!(json["pieces"][0]["placements"], 1_988_016);
    assert_eq!(json["pieces"][0]["orientations"], 8);
    assert_eq!(json["symmetry"]["order"], 8);
    assert!(json["estimated"]["placement_bytes"].as_u64().unwrap() > 0);
    assert_eq!(json["encoding"]["clauses"], Value::Null);
    let output = jigsat().arg("info").arg(&fixture).output().unwrap();
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.contains("about 1988016 placements, estimated"),
        "{text}"
    );
    assert!(text.contains("~placements"), "{text}");
}

#[test]
fn every_puzzle_file_is_answered_and_checked() {
    // Solved ones are checked by jigsat before printing (a failed check
    // would exit 3); the impossible one must say so.
    for entry in std::fs::read_dir(puzzle_path("")).unwrap() {
        let path = entry.unwrap().path();
        if path.ends_with("calibron12.toml") {
            // Seconds in release mode: tests/rectangles.rs, --ignored.
            continue;
        }
        let output = jigsat()
            .arg("solve")
            .arg(&path)
            .args(["--format", "json"])
            .output()
            .unwrap();
        let json: Value = serde_json::from_slice(&output.stdout).unwrap();
        match json["status"].as_str() {
            Some("solved") => assert_eq!(output.status.code(), Some(0)),
            Some("unsolvable") => assert_eq!(output.status.code(), Some(1)),
            other => panic!("{}: {other:?}", path.display()),
        }
    }
}

#[test]
fn info_gives_sizes_under_every_encoding() {
    let output = jigsat()
        .arg("info")
        .arg(puzzle_path("soma.toml"))
        .args(["--format", "json"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let json: Value = serde_json::from_slice(&output.stdout).unwrap();
    let sizes = json["encodings"].as_array().unwrap();
    let names: Vec<&str> = sizes.iter().map(|e| e["name"].as_str().unwrap()).collect();
    assert_eq!(
        names,
        [
            "auto",
            "pairwise",
            "sequential",
            "ladder",
            "commander",
            "product",
            "binary",
            "bimander"
        ]
    );
    for e in sizes {
        let vars = e["variables"].as_u64().unwrap();
        assert_eq!(e["auxiliary"].as_u64().unwrap(), vars - 688, "{e}");
        assert!(e["clauses"].as_u64().unwrap() > 0);
    }
    // Pairwise needs no auxiliaries; the selected encoding is repeated.
    assert_eq!(sizes[1]["auxiliary"], 0);
    assert_eq!(json["encoding"]["name"], "auto");
    assert_eq!(json["encoding"]["clauses"], sizes[0]["clauses"]);

    let output = jigsat()
        .arg("info")
        .arg(puzzle_path("soma.toml"))
        .output()
        .unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    for name in names {
        assert!(
            text.lines().any(|l| l.starts_with(name)),
            "{name} in:\n{text}"
        );
    }
}

#[test]
fn solve_stats_show_the_chosen_encoding_and_card() {
    let (code, json) = solve_json(
        "tromino-choice.toml",
        &["--encoding", "product", "--card", "totalizer"],
    );
    assert_eq!(code, Some(0));
    assert_eq!(json["stats"]["encoding"], "product");
    assert!(json["stats"]["variables"].as_u64().unwrap() > 76);
}

/// A file in tests/fixtures/.
fn fixture(name: &str) -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

/// tests/fixtures/pocket.toml: impossible, which CaDiCaL proves at once and
/// the first-cell search (auto's pick) takes minutes to exhaust; the race
/// itself is tested in tests/race.rs.
fn pocket() -> std::path::PathBuf {
    fixture("pocket.toml")
}

/// `solve FIXTURE --no-precheck -j 2 -v` on an impossible puzzle: exit 1,
/// CaDiCaL named as the winner and `exact` as stopped; the stderr.
fn cadical_wins_the_race(path: std::path::PathBuf, exact: &str) -> String {
    let output = jigsat()
        .args(["solve", "--no-precheck", "-j", "2", "-v"])
        .arg(path)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("race: cadical answered first"), "{stderr}");
    let stopped = format!("race: {exact} stopped");
    assert!(stderr.contains(&stopped), "{stderr}");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains("no solution"), "{stdout}");
    stderr
}

#[test]
fn verbose_says_who_answered_and_who_was_stopped() {
    cadical_wins_the_race(pocket(), "first-cell");
}

/// Tiles race too, after a longer head start: tests/fixtures/tile-nowhere.toml
/// is impossible (a tile fits nowhere), which CaDiCaL sees at once and the
/// row scan only after trying every filling of a 7x7 board.
#[test]
fn tiles_race_the_row_scan_against_cadical() {
    let stderr = cadical_wins_the_race(fixture("tile-nowhere.toml"), "row-scan");
    assert!(stderr.contains("auto+pairs encoding"), "{stderr}");
}

#[test]
fn on_one_core_there_is_no_race() {
    // -j 1: the exact search alone, which the time limit ends (exit 3).
    let output = jigsat()
        .args(["solve", "--no-precheck", "-j", "1", "--time-limit", "1"])
        .arg(pocket())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(3), "{stderr}");
    assert!(!stderr.contains("race"), "{stderr}");
}
