//! Helpers shared by the integration tests, including a solution checker
//! written independently of jigsat's own `check`.

#![allow(dead_code)]

use std::collections::{BTreeSet, HashMap};
use std::path::PathBuf;

use assert_cmd::Command;
use serde_json::Value;

pub fn jigsat() -> Command {
    Command::cargo_bin("jigsat").expect("the jigsat binary builds")
}

/// Insists that a jigsat run exited 0, showing its stderr otherwise.
pub fn assert_success(output: &std::process::Output) {
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

pub fn puzzle_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("puzzles")
        .join(name)
}

type Point = [i32; 3];

/// Piece name -> (drawn cells, count).
pub type Shapes = HashMap<String, (Vec<Point>, usize)>;

fn normalize(cells: &[Point]) -> BTreeSet<Point> {
    let lo = [0, 1, 2].map(|a| cells.iter().map(|c| c[a]).min().unwrap());
    cells
        .iter()
        .map(|c| [c[0] - lo[0], c[1] - lo[1], c[2] - lo[2]])
        .collect()
}

/// All 3x3 signed permutation matrices with determinant +1 (`proper`) or
/// any; on a flat board, only those mapping z to ±z.
fn motions(proper_only: bool, flat: bool) -> Vec<[[i32; 3]; 3]> {
    let perms = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut out = Vec::new();
    for p in perms {
        for signs in 0..8 {
            let mut m = [[0; 3]; 3];
            for row in 0..3 {
                m[row][p[row]] = if signs >> row & 1 == 1 { -1 } else { 1 };
            }
            let det = m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
                - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
            if (proper_only && det != 1) || (flat && m[2][2] == 0) {
                continue;
            }
            out.push(m);
        }
    }
    out
}

fn apply(m: &[[i32; 3]; 3], c: Point) -> Point {
    [0, 1, 2].map(|r| (0..3).map(|k| m[r][k] * c[k]).sum())
}

fn point(v: &Value) -> Point {
    let a = v.as_array().expect("a cell is an array");
    let n = |i: usize| {
        a.get(i)
            .map_or(0, |x| x.as_i64().expect("integer coordinate") as i32)
    };
    [n(0), n(1), n(2)]
}

/// Checks a JSON solution of a packing puzzle from first principles:
/// `board` is the set of board cells, `shapes` maps piece names to their
/// drawn cells and counts. Pieces may turn in space (proper rotations).
pub fn check_solution(solution: &Value, board: &BTreeSet<Point>, shapes: &Shapes, flat: bool) {
    let mut covered = BTreeSet::new();
    let mut used: HashMap<String, usize> = HashMap::new();
    for placed in solution["pieces"].as_array().expect("pieces array") {
        let name = placed["piece"].as_str().expect("piece name").to_string();
        let cells: Vec<Point> = placed["cells"]
            .as_array()
            .unwrap()
            .iter()
            .map(point)
            .collect();
        for c in &cells {
            assert!(board.contains(c), "{name} covers {c:?}, off the board");
            assert!(covered.insert(*c), "{c:?} covered twice");
        }
        let (shape, _) = shapes
            .get(&name)
            .unwrap_or_else(|| panic!("unknown piece {name}"));
        let target = normalize(&cells);
        let congruent = motions(true, flat).iter().any(|m| {
            let image: Vec<Point> = shape.iter().map(|&c| apply(m, c)).collect();
            normalize(&image) == target
        });
        assert!(congruent, "cells of {name} are not its shape: {cells:?}");
        *used.entry(name).or_default() += 1;
    }
    assert_eq!(&covered, board, "the board is not covered exactly");
    for (name, (_, count)) in shapes {
        assert_eq!(
            used.get(name).copied().unwrap_or(0),
            *count,
            "copies of {name}"
        );
    }
}

/// Board cells and piece shapes straight from a puzzle file that uses only
/// `size` boards and ASCII-art pieces (as the puzzles under test do).
pub fn read_simple_puzzle(path: &PathBuf) -> (BTreeSet<Point>, Shapes, bool) {
    let text = std::fs::read_to_string(path).unwrap();
    let doc: toml::Table = text.parse().unwrap();
    let size: Vec<i32> = doc["board"]["size"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_integer().unwrap() as i32)
        .collect();
    let depth = size.get(2).copied().unwrap_or(1);
    let mut board = BTreeSet::new();
    for z in 0..depth {
        for y in 0..size[1] {
            for x in 0..size[0] {
                board.insert([x, y, z]);
            }
        }
    }
    let mut shapes = HashMap::new();
    for piece in doc["piece"].as_array().unwrap() {
        let name = piece["name"].as_str().unwrap().to_string();
        let count = piece
            .get("count")
            .map_or(1, |c| c.as_integer().unwrap() as usize);
        let art = piece["shape"].as_str().unwrap();
        let mut cells = Vec::new();
        for (z, layer) in art.trim().split("\n\n").enumerate() {
            for (y, line) in layer.lines().enumerate() {
                for (x, ch) in line.chars().enumerate() {
                    if ch != '.' && ch != ' ' {
                        cells.push([x as i32, y as i32, z as i32]);
                    }
                }
            }
        }
        shapes.insert(name, (cells, count));
    }
    (board, shapes, depth == 1)
}
