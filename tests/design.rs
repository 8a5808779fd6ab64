//! `jigsat design`: per-choice tallies of a pool, cross-checked against
//! `count` on the same pool and on each choice alone.

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use common::{assert_success, jigsat, puzzle_path};
use jigsat::api::Puzzle;
use serde_json::Value;

/// `jigsat design FILE --format json ARGS`: the exit code and document.
fn design(path: &Path, args: &[&str]) -> (Option<i32>, Value) {
    let out = jigsat()
        .arg("design")
        .arg(path)
        .args(["--format", "json", "-q"])
        .args(args)
        .output()
        .unwrap();
    let doc = serde_json::from_slice(&out.stdout).unwrap_or(Value::Null);
    (out.status.code(), doc)
}

/// `jigsat count FILE --format json ARGS`: (count, distinct).
fn count(path: &Path, args: &[&str]) -> (u64, u64) {
    let out = jigsat()
        .arg("count")
        .arg(path)
        .args(["--format", "json", "-q"])
        .args(args)
        .output()
        .unwrap();
    assert_success(&out);
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    (
        doc["count"].as_u64().unwrap(),
        doc["distinct"].as_u64().unwrap(),
    )
}

fn totals(doc: &Value) -> (u64, u64) {
    let t = &doc["totals"];
    (
        t["count"].as_u64().unwrap(),
        t["distinct"].as_u64().unwrap(),
    )
}

/// A pool written as TOML: the board's lines, then (name, count, shape
/// line) per piece.
struct Pool {
    board: &'static str,
    pieces: &'static [(&'static str, &'static str, &'static str)],
}

impl Pool {
    /// The pool's file, with `counts(name)` as each piece's count
    /// (pieces given 0 are left out).
    fn toml(&self, counts: &dyn Fn(&str, &str) -> String) -> String {
        let mut text = format!("[board]\n{}\n", self.board);
        for (name, range, shape) in self.pieces {
            let n = counts(name, range);
            if n != "0" {
                text += &format!("\n[[piece]]\nname = \"{name}\"\ncount = {n}\n{shape}\n");
            }
        }
        text
    }

    fn write(&self, dir: &Path, file: &str) -> PathBuf {
        let path = dir.join(file);
        std::fs::write(&path, self.toml(&|_, range| format!("\"{range}\""))).unwrap();
        path
    }
}

/// Dominoes, straight and bent trominoes in a 3 x 4 rectangle.
const SQUARES: Pool = Pool {
    board: "size = [4, 3]",
    pieces: &[
        ("d", "0..3", "shape = \"##\""),
        ("I", "0..2", "shape = \"###\""),
        ("L", "1..3", "shape = \"\"\"\n##\n#.\n\"\"\""),
    ],
};

/// Triamonds and two tetriamonds in the 3 x 2 parallelogram of 12
/// triangles.
const TRIANGLES: Pool = Pool {
    board: "grid = \"triangles\"\nsize = [3, 2]",
    pieces: &[
        ("t", "0..4", "cells = [[0, 0, 0], [0, 0, 1], [1, 0, 0]]"),
        (
            "T",
            "0..2",
            "cells = [[0, 0, 0], [0, 0, 1], [1, 0, 0], [0, 1, 0]]",
        ),
        (
            "C",
            "0..2",
            "cells = [[0, 0, 1], [1, 0, 0], [1, 0, 1], [0, 1, 0]]",
        ),
    ],
};

/// Every row of `design --all` against `count` of that choice alone, as
/// a puzzle with fixed counts; the rows' sum against `count` of the pool.
fn each_choice_is_its_own_count(pool: &Pool, name: &str) {
    let dir = tempfile::tempdir().unwrap();
    let path = pool.write(dir.path(), name);
    let (code, doc) = design(&path, &["--all"]);
    assert_eq!(code, Some(0), "{doc}");
    let rows = doc["choices"].as_array().unwrap();
    assert!(rows.len() > 2, "a pool of several choices: {doc}");
    for row in rows {
        let used: BTreeMap<String, u64> = (row["pieces"].as_object().unwrap().iter())
            .map(|(k, v)| (k.clone(), v.as_u64().unwrap()))
            .collect();
        let alone = pool.toml(&|n, _| used.get(n).map_or("0".into(), u64::to_string));
        let counted = match Puzzle::from_toml_str(&alone).and_then(|p| p.count()) {
            Ok(c) => (c.count, c.distinct),
            Err(_) => (0, 0),
        };
        let tallied = (
            row["count"].as_u64().unwrap(),
            row["distinct"].as_u64().unwrap(),
        );
        assert_eq!(tallied, counted, "{used:?}");
    }
    let sum = |key: &str| rows.iter().map(|r| r[key].as_u64().unwrap()).sum::<u64>();
    assert_eq!((sum("count"), sum("distinct")), totals(&doc));
    assert_eq!(totals(&doc), count(&path, &[]));
}

#[test]
fn each_choice_of_squares_counts_as_the_choice_alone() {
    each_choice_is_its_own_count(&SQUARES, "squares.toml");
}

#[test]
fn each_choice_of_triangles_counts_as_the_choice_alone() {
    each_choice_is_its_own_count(&TRIANGLES, "triangles.toml");
}

#[test]
fn the_totals_are_counts_by_two_engines() {
    // dlx takes pieces at most once; first-cell and SAT any range.
    let cases = [
        ("tromino-choice.toml", ["first-cell", "varisat"]),
        ("hexiamonds-hexagon-nine.toml", ["dlx", "first-cell"]),
    ];
    for (file, engines) in cases {
        let path = puzzle_path(file);
        let counted = count(&path, &[]);
        for engine in engines {
            let (code, doc) = design(&path, &["--solver", engine]);
            assert_eq!(code, Some(0), "{doc}");
            assert_eq!(totals(&doc), counted, "{file} by {engine}");
        }
    }
}

#[test]
fn unique_keeps_the_choices_with_one_solution_and_only_those() {
    let path = puzzle_path("hexiamonds-hexagon-nine.toml");
    let (_, all) = design(&path, &[]);
    let (code, unique) = design(&path, &["--unique"]);
    assert_eq!(code, Some(0));
    let ones: Vec<&Value> = (all["choices"].as_array().unwrap().iter())
        .filter(|r| r["distinct"] == 1)
        .collect();
    let listed: Vec<&Value> = unique["choices"].as_array().unwrap().iter().collect();
    assert!(!listed.is_empty());
    assert_eq!(listed, ones);
    // The totals stay the pool's.
    assert_eq!(totals(&unique), totals(&all));
}

#[test]
fn the_json_document_has_the_documented_shape() {
    let (code, doc) = design(&puzzle_path("tromino-choice.toml"), &["--sort", "distinct"]);
    assert_eq!(code, Some(0));
    let row = &doc["choices"][0];
    for key in ["pieces", "count", "distinct", "come_apart", "highest_level"] {
        assert!(row.get(key).is_some(), "{key} in {row}");
    }
    assert!(row["come_apart"].is_null(), "not taken apart");
    let distinct: Vec<u64> = (doc["choices"].as_array().unwrap().iter())
        .map(|r| r["distinct"].as_u64().unwrap())
        .collect();
    assert!(distinct.is_sorted(), "--sort distinct: {distinct:?}");
    assert_eq!(doc["status"], "solved");
    assert_eq!(doc["complete"], true);
}

#[test]
fn a_pool_that_never_fills_the_board_exits_1_with_the_arithmetic() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("short.toml");
    let text =
        "[board]\nsize = [7, 1]\n\n[[piece]]\nname = \"I\"\ncount = \"0..3\"\nshape = \"###\"\n";
    std::fs::write(&path, text).unwrap();
    let out = jigsat()
        .arg("design")
        .arg(&path)
        .arg("-q")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let why = String::from_utf8_lossy(&out.stderr);
    assert!(
        why.contains("needs 7 cells") && why.contains("6 cells at most"),
        "{why}"
    );
}

#[test]
fn astronomically_many_choices_are_refused_with_the_figure() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("many.toml");
    let mut text = "[board]\nsize = [40, 40]\n".to_string();
    for (i, shape) in ["#", "##", "###", "####", "#####", "######"]
        .iter()
        .enumerate()
    {
        text +=
            &format!("\n[[piece]]\nname = \"p{i}\"\ncount = \"0..1600\"\nshape = \"{shape}\"\n");
    }
    std::fs::write(&path, text).unwrap();
    let out = jigsat()
        .arg("design")
        .arg(&path)
        .arg("-q")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let why = String::from_utf8_lossy(&out.stderr);
    assert!(
        why.contains("choices of pieces") && why.contains("--max-memory"),
        "{why}"
    );
}

/// BurrTools' SolidSixPieceBurrs: 588 assemblies, 179 come apart, and
/// the choices' figures add up to those.
#[test]
#[ignore]
fn solid_six_piece_burrs_per_choice_add_up_to_burrtools_figures() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/burrtools/SolidSixPieceBurrs.xmpuzzle");
    if !path.is_file() {
        eprintln!("skipped: {} is not there", path.display());
        return;
    }
    let (code, doc) = design(&path, &["--disassemble"]);
    assert_eq!(code, Some(0), "{doc}");
    // Mirror pairs of pieces (no piece may be mirrored, the burr may):
    // a class spans two choices turned into each other, one row. The
    // tallies of the search threads (no classes kept) and those of the
    // classes taken apart agree row by row.
    let (code, counted) = design(&path, &[]);
    assert_eq!(code, Some(0), "{counted}");
    let figures = |d: &Value| -> Vec<(Value, Value, Value)> {
        (d["choices"].as_array().unwrap().iter())
            .map(|r| {
                (
                    r["pieces"].clone(),
                    r["count"].clone(),
                    r["distinct"].clone(),
                )
            })
            .collect()
    };
    assert_eq!(figures(&counted), figures(&doc));
    let rows = doc["choices"].as_array().unwrap();
    let sum = |key: &str| rows.iter().map(|r| r[key].as_u64().unwrap()).sum::<u64>();
    assert_eq!(sum("distinct"), 588);
    assert_eq!(sum("come_apart"), 179);
    assert_eq!(doc["totals"]["distinct"], 588);
    assert_eq!(doc["totals"]["come_apart"], 179);
}

/// Issue 38: two choices that differ only by identical copies are one.
/// A pool with two dominoes under different names (one drawn upright)
/// gives the table of the pool that writes them as one piece with a
/// range: the same rows, named by the first name, the same totals.
#[test]
fn alike_pieces_under_two_names_are_copies_of_one() {
    const TWO_NAMES: Pool = Pool {
        board: "size = [4, 3]",
        pieces: &[
            ("d", "0..2", "shape = \"##\""),
            ("I", "0..2", "shape = \"###\""),
            ("e", "0..1", "shape = \"\"\"\n#\n#\n\"\"\""),
            ("L", "1..3", "shape = \"\"\"\n##\n#.\n\"\"\""),
        ],
    };
    let dir = tempfile::tempdir().unwrap();
    let ranged = SQUARES.write(dir.path(), "ranged.toml");
    let named = TWO_NAMES.write(dir.path(), "named.toml");
    let (code, one) = design(&ranged, &["--all"]);
    assert_eq!(code, Some(0), "{one}");
    let (code, two) = design(&named, &["--all"]);
    assert_eq!(code, Some(0), "{two}");
    assert_eq!(one["choices"], two["choices"]);
    assert_eq!(totals(&one), totals(&two));
    assert_eq!(two["totals"]["same_shape"], serde_json::json!([["d", "e"]]));
    let text = |path: &Path| {
        let out = jigsat().arg("design").arg(path).arg("-q").output().unwrap();
        assert_success(&out);
        out.stdout
    };
    assert_eq!(text(&ranged), text(&named));
}
