//! `solve --best` (issue 39): every tile placed, the matched inner edges
//! maximised. The score, the mismatched edges and the board's rules are
//! recounted here from the puzzle file and the JSON alone; a full score
//! is a checked solution; a packing puzzle is refused; Ctrl-C keeps the
//! best board found.

mod common;

use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use common::tiles::{Tiles, check, layout, partner, read_tiles, turned};
use common::{jigsat, puzzle_path};
use serde_json::Value;

/// A generated puzzle in a fresh temporary directory.
fn generated(dir: &tempfile::TempDir, args: &[&str]) -> PathBuf {
    let path = dir.path().join("board.toml");
    let mut all = vec!["generate", "edges"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["-o", path.to_str().unwrap()]);
    let out = jigsat().args(&all).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    path
}

/// A 10x10 with 4 frame and 8 inner colours: out of reach in a second.
const FRAMED_10X10: &[&str] = &[
    "--size",
    "10x10",
    "--border",
    "0",
    "--frame-colours",
    "4",
    "--colours",
    "8",
];

/// Recounts the board of a `--best` JSON document: every rule but the
/// matching (one tile per position, counts, turns, clues, the frame), then
/// the matched inner edges and the mismatched ones as (x, y, side).
fn recount(puzzle: &Tiles, doc: &Value) -> (u64, u64, Vec<(i64, i64, String)>) {
    let lay = layout(doc);
    assert_eq!(lay.len() as i64, puzzle.width * puzzle.height);
    let mut used: HashMap<&str, u64> = HashMap::new();
    for (&(x, y), (name, r, edges)) in &lay {
        *used.entry(name.as_str()).or_default() += 1;
        assert_eq!(edges, &turned(&puzzle.tiles[name].0, *r));
        if let Some(&(fx, fy, fr)) = puzzle.fixed.get(name) {
            assert_eq!((x, y, *r % 4), (fx, fy, fr), "clue {name} in place");
        }
        let steps = [(0, -1), (1, 0), (0, 1), (-1, 0)];
        for (d, (dx, dy)) in steps.into_iter().enumerate() {
            let out = !lay.contains_key(&(x + dx, y + dy));
            if let Some(b) = &puzzle.border {
                assert_eq!(&edges[d] == b, out, "the frame at ({x}, {y}) side {d}");
            }
        }
    }
    for (name, (_, count)) in &puzzle.tiles {
        assert_eq!(used.get(name.as_str()).copied().unwrap_or(0), *count);
    }
    let (mut score, mut max, mut bad) = (0, 0, Vec::new());
    for (&(x, y), (_, _, edges)) in &lay {
        for (d, (dx, dy), side) in [(1, (1, 0), "right"), (2, (0, 1), "bottom")] {
            let Some((_, _, other)) = lay.get(&(x + dx, y + dy)) else {
                continue;
            };
            max += 1;
            if partner(&edges[d], puzzle.complement) == other[(d + 2) % 4] {
                score += 1;
            } else {
                bad.push((x, y, side.to_string()));
            }
        }
    }
    bad.sort();
    (score, max, bad)
}

fn mismatched(doc: &Value) -> Vec<(i64, i64, String)> {
    let mut out: Vec<(i64, i64, String)> = doc["mismatched"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            let at = m["at"].as_array().unwrap();
            let side = m["side"].as_str().unwrap().to_string();
            (at[0].as_i64().unwrap(), at[1].as_i64().unwrap(), side)
        })
        .collect();
    out.sort();
    out
}

fn best_json(path: &Path, seconds: &str) -> (Option<i32>, Value, String) {
    let out = jigsat()
        .args([
            "solve",
            path.to_str().unwrap(),
            "--best",
            "--format",
            "json",
        ])
        .args(["--time-limit", seconds, "-j", "2"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    let doc = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {stderr}"));
    (out.status.code(), doc, stderr)
}

/// A board out of reach in a second: its score, its mismatched edges and
/// its rules hold when recounted; it ends by the time limit (exit 3, not
/// "solved") unless it happened to match every edge (exit 0).
#[test]
fn the_score_and_the_mismatched_edges_are_those_of_the_board() {
    let dir = tempfile::tempdir().unwrap();
    let path = generated(&dir, FRAMED_10X10);
    let (code, doc, stderr) = best_json(&path, "1");
    let puzzle = read_tiles(&path);
    let (score, max, bad) = recount(&puzzle, &doc);
    assert_eq!(doc["score"].as_u64(), Some(score), "{stderr}");
    assert_eq!(doc["max_score"].as_u64(), Some(max));
    assert_eq!(max, 180);
    assert_eq!(mismatched(&doc), bad);
    assert_eq!(bad.len() as u64, max - score);
    match code {
        Some(3) => assert_eq!(
            (doc["status"].as_str(), doc["stopped"].as_str()),
            (Some("unknown"), Some("time limit"))
        ),
        Some(0) => assert_eq!((doc["status"].as_str(), score), (Some("solved"), max)),
        other => panic!("exit {other:?}: {stderr}"),
    }
}

/// Each improvement printed beats the one before it, and the last is the
/// board's score.
#[test]
fn improvements_are_printed_as_they_are_found() {
    let dir = tempfile::tempdir().unwrap();
    let path = generated(
        &dir,
        &[
            "--size",
            "8x8",
            "--border",
            "0",
            "--colours",
            "6",
            "--clues",
            "2",
        ],
    );
    let (_, doc, stderr) = best_json(&path, "1");
    let scores: Vec<u64> = stderr
        .lines()
        .filter_map(|l| l.split(": score ").nth(1))
        .map(|rest| rest.split(' ').next().unwrap().parse().unwrap())
        .collect();
    assert!(!scores.is_empty(), "{stderr}");
    assert!(scores.windows(2).all(|w| w[0] < w[1]), "{scores:?}");
    assert_eq!(scores.last().copied(), doc["score"].as_u64());
    recount(&read_tiles(&path), &doc);
}

/// Big cats has four solutions on its fixed board: the annealer reaches
/// one, which is then a solution like any other (exit 0, every rule).
#[test]
fn a_full_score_is_a_checked_solution() {
    let path = puzzle_path("big-cats.toml");
    let (code, doc, stderr) = best_json(&path, "60");
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(doc["status"], "solved");
    assert_eq!(
        (doc["score"].as_u64(), doc["max_score"].as_u64()),
        (Some(12), Some(12))
    );
    assert_eq!(doc["mismatched"].as_array().map(Vec::len), Some(0));
    check(&read_tiles(&path), &doc);
}

#[test]
fn best_on_a_packing_puzzle_is_refused() {
    let out = jigsat()
        .args([
            "solve",
            puzzle_path("soma.toml").to_str().unwrap(),
            "--best",
        ])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("soma.toml") && stderr.contains("edge-matching"),
        "{stderr}"
    );
}

/// Ctrl-C after the first improvement: exit 130, and the best board so far
/// printed in full with its score.
#[test]
fn ctrl_c_keeps_the_best_board() {
    let dir = tempfile::tempdir().unwrap();
    let path = generated(
        &dir,
        &["--size", "10x10", "--border", "0", "--colours", "8"],
    );
    let mut child = Command::new(env!("CARGO_BIN_EXE_jigsat"))
        .args([
            "solve",
            path.to_str().unwrap(),
            "--best",
            "--format",
            "json",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut err = BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    while !line.contains(": score ") {
        line.clear();
        assert!(
            err.read_line(&mut line).unwrap() > 0,
            "no improvement printed"
        );
    }
    // SAFETY: kill(2) on our own child, not reaped yet.
    unsafe {
        libc::kill(child.id() as libc::pid_t, libc::SIGINT);
    }
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130));
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (doc["status"].as_str(), doc["stopped"].as_str()),
        (Some("unknown"), Some("interrupted"))
    );
    let (score, _, bad) = recount(&read_tiles(&path), &doc);
    assert_eq!(doc["score"].as_u64(), Some(score));
    assert_eq!(mismatched(&doc), bad);
}

/// `--seed` gives each run boards of its own (one seed per machine, the
/// best of their documents kept), and the same seed the same ones: with
/// one thread the row scan alone runs, and its first board, the first
/// score printed, is its seed's shuffle. The document says which seed
/// found its board; without `--best` the option is refused.
#[test]
fn each_seed_searches_its_own_boards_and_the_document_names_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = generated(&dir, FRAMED_10X10);
    let run = |seed: u64| -> (u64, Value) {
        let out = jigsat()
            .args(["solve", path.to_str().unwrap(), "--best"])
            .args(["--format", "json", "--time-limit", "1", "-j", "1"])
            .args(["--seed", &seed.to_string()])
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        assert_eq!(out.status.code(), Some(3), "{stderr}");
        let first = stderr
            .lines()
            .find_map(|l| l.split(": score ").nth(1))
            .and_then(|rest| rest.split(' ').next()?.parse().ok())
            .unwrap_or_else(|| panic!("no score printed: {stderr}"));
        (first, serde_json::from_slice(&out.stdout).unwrap())
    };
    let firsts: Vec<u64> = (1..=6)
        .map(|seed| {
            let (first, doc) = run(seed);
            assert_eq!(doc["seed"].as_u64(), Some(seed));
            recount(&read_tiles(&path), &doc);
            first
        })
        .collect();
    assert!(firsts.windows(2).any(|w| w[0] != w[1]), "{firsts:?}");
    assert_eq!(run(3).0, firsts[2]);
    let out = jigsat()
        .args(["solve", path.to_str().unwrap(), "--seed", "2"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("--best"), "{stderr}");
}

/// bench/eternity2.toml is Eternity II's: 256 tiles (4 corners, 56 edge
/// tiles, 196 inner), 5 frame colours on 24 tile sides each, 17 inner
/// colours, and the 5 clues where the puzzle's hints put them.
#[test]
fn eternity_ii_has_its_colours_and_its_clues() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("bench/eternity2.toml");
    let e2 = read_tiles(&path);
    assert_eq!((e2.width, e2.height, e2.tiles.len()), (16, 16, 256));
    let border = e2.border.clone().unwrap();
    let mut kinds = [0; 3];
    let (mut frame, mut inner): (HashMap<&str, u64>, HashMap<&str, u64>) = Default::default();
    for (edges, _) in e2.tiles.values() {
        let outer = edges.iter().filter(|e| **e == border).count();
        kinds[outer] += 1;
        for e in edges.iter().filter(|e| **e != border) {
            let side = if outer == 0 { &mut inner } else { &mut frame };
            *side.entry(e.as_str()).or_default() += 1;
        }
    }
    assert_eq!(kinds, [196, 56, 4]);
    // Edge tiles show inner colours on their inward side: frame colours
    // are those on no inner tile.
    frame.retain(|c, _| !inner.contains_key(c));
    assert_eq!(frame.len(), 5);
    assert!(frame.values().all(|&n| n == 24), "{frame:?}");
    assert_eq!(inner.len(), 17);
    let mut fixed: Vec<_> = e2.fixed.iter().map(|(n, &f)| (n.as_str(), f)).collect();
    fixed.sort();
    assert_eq!(
        fixed,
        [
            ("139", (7, 8, 0)),
            ("181", (2, 13, 1)),
            ("208", (2, 2, 1)),
            ("249", (13, 13, 2)),
            ("255", (13, 2, 1))
        ]
    );
}
