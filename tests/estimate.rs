//! `jigsat estimate`: the random walks' estimate of the tree `count`
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
    }
}

/// A tree no wider than a population is met whole: the same figure,
/// "exact", under any seed; a wider one is sampled.
#[test]
fn a_small_tree_is_walked_whole() {
    let small = puzzle_path("spheres-pyramid14.toml");
    let small = small.to_str().unwrap();
    let (a, b) = (
        estimate(&[small, "--seed", "1"]),
        estimate(&[small, "--seed", "2"]),
    );
    assert_eq!(a["exact"], true, "{a}");
    assert_eq!(a["nodes"], b["nodes"]);
    assert_eq!(a["solutions"], b["solutions"]);
    assert_eq!(a["nodes_error"].as_f64(), Some(0.0));
    let wide = puzzle_path("pentomino-6x10.toml");
    let wide = estimate(&[wide.to_str().unwrap()]);
    assert_eq!(wide["exact"], false, "{wide}");
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

/// The nodes `count` visited on Brendan Owen's 7x7 (`bench/brendan-7x7.toml`,
/// row scan): `jigsat -v count` in 41.5 min on two cores (encodings/RESULTS.md,
/// "session 20"; the same nodes in 33.3 min in "session 23"), too long to
/// count again here.
const BRENDAN_7X7_NODES: f64 = 171_609_401_639.0;

/// Edge-matching boards filled row by row, where nearly every walk dies
/// within a few rows and Knuth's walks alone read 1.8-3.6 times low (9.7e10
/// "± 33 %" on the 7x7): `estimate`'s populations forecast Brendan's 6x6
/// (counted here) and 7x7 within a sixth, under every seed tried.
#[test]
#[ignore = "about 3 s in release"]
fn row_order_boards_are_forecast_within_a_sixth() {
    let bench = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("bench");
    let six = bench.join("brendan-6x6.toml");
    let six = six.to_str().unwrap();
    let seven = bench.join("brendan-7x7.toml");
    let seven = seven.to_str().unwrap();
    for (p, real) in [(six, counted_nodes(&[six])), (seven, BRENDAN_7X7_NODES)] {
        for seed in ["1", "2", "3"] {
            let nodes = estimate(&[p, "--seed", seed])["nodes"].as_f64().unwrap();
            assert!(
                (0.85..1.18).contains(&(nodes / real)),
                "{p}, seed {seed}: estimated {nodes:.4e}, visited {real:.4e}"
            );
        }
    }
}
