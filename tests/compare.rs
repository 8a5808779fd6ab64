//! `jigsat compare`: one checked row per puzzle x encoding x symmetry x
//! solver, in three table formats.

mod common;

use common::{jigsat, puzzle_path};
use serde_json::Value;

#[test]
fn rows_for_every_combination_all_checked() {
    let output = jigsat()
        .arg("compare")
        .arg(puzzle_path("soma.toml"))
        .arg(puzzle_path("tetromino-4x5.toml"))
        .args([
            "--encoding",
            "pairwise,sequential",
            "--symmetry",
            "both",
            "--solver",
            "varisat,cadical,splr",
        ])
        .args(["--runs", "1", "--format", "json", "-q"])
        .output()
        .unwrap();
    common::assert_success(&output);
    let rows: Vec<Value> = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(rows.len(), 2 * 2 * 2 * 3);
    for row in &rows {
        assert_eq!(row["checked"], true, "{row}");
        let expected = if row["puzzle"] == "soma" {
            "solved"
        } else {
            "unsolvable"
        };
        assert_eq!(row["status"], expected, "{row}");
        assert!(row["clauses"].as_u64().unwrap() > 0);
    }
    // Symmetry breaking adds unit clauses, nothing else.
    let clauses = |sym: &str| {
        rows.iter()
            .find(|r| r["puzzle"] == "soma" && r["encoding"] == "pairwise" && r["symmetry"] == sym)
            .unwrap()["clauses"]
            .as_u64()
            .unwrap()
    };
    assert!(clauses("on") > clauses("off"));
}

#[test]
fn markdown_and_csv_tables() {
    for (format, first) in [
        ("md", "| puzzle | encoding | symmetry |"),
        ("csv", "puzzle,encoding,symmetry,"),
    ] {
        let output = jigsat()
            .arg("compare")
            .arg(puzzle_path("soma.toml"))
            .args(["--encoding", "auto", "--runs", "1", "--format", format])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0));
        let text = String::from_utf8(output.stdout).unwrap();
        assert!(text.starts_with(first), "{text}");
        assert!(text.lines().count() >= 2);
    }
}
