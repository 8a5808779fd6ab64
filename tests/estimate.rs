//! `jigsat estimate`: Knuth's random-walk estimate of the tree `count`
//! searches, checked against the node count the search itself reports.

mod common;

use common::{jigsat, puzzle_path};
use serde_json::Value;

/// The nodes `count` visits, from its `-v` log line.
fn counted_nodes(args: &[&str]) -> f64 {
    let output = jigsat().arg("-v").arg("count").args(args).output().unwrap();
    assert!(output.status.success());
    let log = String::from_utf8_lossy(&output.stderr);
    let line = log
        .lines()
        .find(|l| l.ends_with(" search nodes"))
        .unwrap_or_else(|| panic!("no node count in {log}"));
    line.split_whitespace()
        .rev()
        .nth(2)
        .unwrap()
        .parse()
        .unwrap()
}

fn estimate(args: &[&str]) -> Value {
    let output = jigsat()
        .arg("estimate")
        .args(args)
        .args(["--format", "json"])
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).unwrap()
}

/// Within 3x of the real tree, on packing puzzles (dlx, with symmetry
/// breaking) and on an edge-matching board (the row scan).
#[test]
fn the_estimate_lands_within_3x_of_the_nodes_count_visits() {
    let dir = tempfile::tempdir().unwrap();
    let tiles = dir.path().join("e5.toml");
    let made = jigsat()
        .args([
            "generate",
            "edges",
            "--size",
            "5x5",
            "--colours",
            "4",
            "--border",
            "0",
            "--seed",
            "2",
            "-o",
        ])
        .arg(&tiles)
        .output()
        .unwrap();
    assert!(made.status.success());
    let mut puzzles: Vec<String> = [
        "soma.toml",
        "pentomino-8x8-hole.toml",
        "pentomino-6x10.toml",
    ]
    .iter()
    .map(|p| puzzle_path(p).to_str().unwrap().to_string())
    .collect();
    puzzles.push(tiles.to_str().unwrap().to_string());
    for p in &puzzles {
        let e = estimate(&[p, "--probes", "3000"]);
        let nodes = e["nodes"].as_f64().unwrap();
        let real = counted_nodes(&[p]);
        let ratio = nodes / real;
        assert!(
            (1.0 / 3.0..=3.0).contains(&ratio),
            "{p}: estimated {nodes}, visited {real}"
        );
        assert!(e["seconds"].as_f64().unwrap() > 0.0);
        assert!(e["nodes_per_second"].as_f64().unwrap() > 0.0);
        assert!(e["nodes_error"].as_f64().unwrap() >= 0.0);
        // Within three times the real tree: a forecast, not a lower bound.
        assert_eq!(e["lower_bound"], false, "{p}");
    }
}

/// The same seed gives the same walks; a puzzle without a tree to walk
/// says why and exits 2.
#[test]
fn estimates_repeat_and_a_search_without_a_tree_is_named() {
    let soma = puzzle_path("soma.toml");
    let p = soma.to_str().unwrap();
    assert_eq!(
        estimate(&[p, "--seed", "7"])["nodes"],
        estimate(&[p, "--seed", "7"])["nodes"]
    );
    let output = jigsat()
        .args(["estimate", p, "--solver", "varisat"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let text = String::from_utf8_lossy(&output.stderr);
    assert!(text.contains("no search tree"), "{text}");
}
