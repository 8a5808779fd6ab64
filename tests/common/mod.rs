//! Helpers shared by the integration tests, including a solution checker
//! written independently of jigsat's own `check`.

#![allow(dead_code)]

pub mod tiles;
pub mod tools;

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

/// A cell as the JSON output gives it (x, y and, in 3-D, z).
pub type Point = [i32; 3];

/// Piece name -> (drawn cells, count).
pub type Shapes = HashMap<String, (Vec<Point>, usize)>;

pub fn normalize(cells: &[Point]) -> BTreeSet<Point> {
    let lo = [0, 1, 2].map(|a| cells.iter().map(|c| c[a]).min().unwrap());
    cells
        .iter()
        .map(|c| [c[0] - lo[0], c[1] - lo[1], c[2] - lo[2]])
        .collect()
}

/// All 3x3 signed permutation matrices with determinant +1 (`proper`) or
/// any; on a flat board, only those mapping z to ±z.
pub fn motions(proper_only: bool, flat: bool) -> Vec<[[i32; 3]; 3]> {
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

pub fn apply(m: &[[i32; 3]; 3], c: Point) -> Point {
    [0, 1, 2].map(|r| (0..3).map(|k| m[r][k] * c[k]).sum())
}

/// A cell of the JSON output; a flat board's cells have no z (0 here).
pub fn point(v: &Value) -> Point {
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

/// A piece for [`brute_force_counts`]: drawn cells and the count range.
pub struct BrutePiece {
    pub cells: Vec<Point>,
    pub min: u32,
    pub max: u32,
}

/// Board cells (from `size` or ASCII-art `shape`) and pieces with their
/// count ranges, read straight from a puzzle file, for the brute-force
/// counter: an engine written apart from jigsat's, to check its counts.
pub fn read_brute_force_puzzle(path: &PathBuf) -> (BTreeSet<Point>, Vec<BrutePiece>, bool) {
    let text = std::fs::read_to_string(path).unwrap();
    let doc: toml::Table = text.parse().unwrap();
    let art_cells = |art: &str| {
        let mut cells = Vec::new();
        for (z, layer) in art.trim_matches('\n').split("\n\n").enumerate() {
            for (y, line) in layer.lines().enumerate() {
                for (x, ch) in line.chars().enumerate() {
                    if ch != '.' && ch != ' ' {
                        cells.push([x as i32, y as i32, z as i32]);
                    }
                }
            }
        }
        cells
    };
    let board: BTreeSet<Point> = match doc["board"].get("shape") {
        Some(art) => art_cells(art.as_str().unwrap()).into_iter().collect(),
        None => read_simple_puzzle(path).0,
    };
    let pieces = doc["piece"]
        .as_array()
        .unwrap()
        .iter()
        .map(|piece| {
            let (min, max) = match piece.get("count") {
                None => (1, 1),
                Some(toml::Value::Integer(n)) => (*n as u32, *n as u32),
                Some(toml::Value::String(range)) => {
                    let (a, b) = range.split_once("..").unwrap();
                    (a.parse().unwrap(), b.parse().unwrap())
                }
                Some(other) => panic!("count {other}"),
            };
            let cells = art_cells(piece["shape"].as_str().unwrap());
            BrutePiece { cells, min, max }
        })
        .collect();
    let flat = board.iter().all(|c| c[2] == 0);
    (board, pieces, flat)
}

/// (count on a fixed board, count up to symmetry) of an exact fill, by
/// plain backtracking: the first empty cell in sorted order must be the
/// first cell of whatever covers it. Classes are orbits under the board's
/// motions that map every piece's set of orientations onto itself (the
/// pieces here are their own mirror images or have none allowed). Only
/// for small puzzles.
pub fn brute_force_counts(
    board: &BTreeSet<Point>,
    pieces: &[BrutePiece],
    flat: bool,
) -> (u64, u64) {
    let orientations = |cells: &[Point], ms: &[[[i32; 3]; 3]]| -> BTreeSet<Vec<Point>> {
        ms.iter()
            .map(|m| {
                let image: Vec<Point> = cells.iter().map(|&c| apply(m, c)).collect();
                normalize(&image).into_iter().collect()
            })
            .collect()
    };
    let allowed = motions(false, flat);
    let shapes: Vec<Vec<Vec<Point>>> = pieces
        .iter()
        .map(|p| orientations(&p.cells, &allowed).into_iter().collect())
        .collect();
    let mut solutions: Vec<Vec<(usize, Vec<Point>)>> = Vec::new();
    let mut used = vec![0u32; pieces.len()];
    let mut placed = Vec::new();
    let mut empty = board.clone();
    fill(
        &shapes,
        pieces,
        &mut empty,
        &mut used,
        &mut placed,
        &mut solutions,
    );
    // The board's symmetries: motions mapping the board onto itself.
    let lo = |s: &BTreeSet<Point>| [0, 1, 2].map(|a| s.iter().map(|c| c[a]).min().unwrap());
    let board_lo = lo(board);
    let group: Vec<([[i32; 3]; 3], Point)> = allowed
        .iter()
        .filter_map(|m| {
            let image: BTreeSet<Point> = board.iter().map(|&c| apply(m, c)).collect();
            let image_lo = lo(&image);
            let shift = [0, 1, 2].map(|a| board_lo[a] - image_lo[a]);
            let moved: BTreeSet<Point> = image
                .iter()
                .map(|c| [0, 1, 2].map(|a| c[a] + shift[a]))
                .collect();
            (moved == *board).then_some((*m, shift))
        })
        .collect();
    let classes: BTreeSet<Vec<(usize, Vec<Point>)>> = solutions
        .iter()
        .map(|s| {
            group
                .iter()
                .map(|(m, shift)| {
                    let mut image: Vec<(usize, Vec<Point>)> = s
                        .iter()
                        .map(|(p, cells)| {
                            let mut moved: Vec<Point> = cells
                                .iter()
                                .map(|&c| {
                                    let t = apply(m, c);
                                    [0, 1, 2].map(|a| t[a] + shift[a])
                                })
                                .collect();
                            moved.sort();
                            (*p, moved)
                        })
                        .collect();
                    image.sort();
                    image
                })
                .min()
                .unwrap()
        })
        .collect();
    (solutions.len() as u64, classes.len() as u64)
}

fn fill(
    shapes: &[Vec<Vec<Point>>],
    pieces: &[BrutePiece],
    empty: &mut BTreeSet<Point>,
    used: &mut Vec<u32>,
    placed: &mut Vec<(usize, Vec<Point>)>,
    solutions: &mut Vec<Vec<(usize, Vec<Point>)>>,
) {
    let Some(&first) = empty.iter().next() else {
        if used.iter().zip(pieces).all(|(&n, p)| n >= p.min) {
            let mut s = placed.clone();
            s.sort();
            solutions.push(s);
        }
        return;
    };
    for (p, orientations) in shapes.iter().enumerate() {
        if used[p] >= pieces[p].max {
            continue;
        }
        for o in orientations {
            // Sorted cells: the first lands on the first empty cell.
            let anchor = o[0];
            let cells: Vec<Point> = o
                .iter()
                .map(|c| [0, 1, 2].map(|a| c[a] - anchor[a] + first[a]))
                .collect();
            if !cells.iter().all(|c| empty.contains(c)) {
                continue;
            }
            cells.iter().for_each(|c| {
                empty.remove(c);
            });
            used[p] += 1;
            placed.push((p, cells.clone()));
            fill(shapes, pieces, empty, used, placed, solutions);
            placed.pop();
            used[p] -= 1;
            empty.extend(cells);
        }
    }
}
