//! The text drawing stands without colour: for every puzzle in puzzles/,
//! the pieces read back from the walls of the drawing (box-drawing and
//! `--ascii`) are exactly the pieces of the JSON output of the same run.
//!
//! The reader here is written from the drawing's description in the
//! README, not from the renderer: a cell is a glyph (`.` empty), on a box
//! followed by `>` when its piece goes on into the next layer; a wall
//! character (`│ |` between columns, `─ -` between rows) separates two
//! pieces and nothing else does.

mod common;

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::Path;

use common::{jigsat, puzzle_path};
use jigsat::internal::Puzzle;
use serde_json::Value;

use common::Point;

/// Runs `solve` on one thread (so the same engine answers every time) and
/// returns stdout.
fn solve(path: &Path, extra: &[&str]) -> String {
    let output = jigsat()
        .arg("solve")
        .arg(path)
        .args(["-q", "-j", "1"])
        .args(extra)
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert!(
        matches!(output.status.code(), Some(0 | 1)),
        "{}: {}",
        path.display(),
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// Piece glyph and cells (from the board's origin), sorted.
type Pieces = Vec<(char, BTreeSet<Point>)>;

/// The pieces of the JSON output, in the drawing's terms.
fn json_pieces(puzzle: &Puzzle, json: &Value) -> Pieces {
    let glyph: HashMap<&str, char> = puzzle
        .pieces()
        .iter()
        .map(|p| (p.name.as_str(), p.glyph))
        .collect();
    let o = puzzle.board.origin();
    let mut out: Pieces = json["solutions"][0]["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let cells = p["cells"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| {
                    let v = common::point(c);
                    [v[0] - o[0], v[1] - o[1], v[2] - o[2]]
                })
                .collect();
            (glyph[p["piece"].as_str().unwrap()], cells)
        })
        .collect();
    out.sort();
    out
}

/// A drawing as a grid of characters.
struct Grid(Vec<Vec<char>>);

impl Grid {
    fn at(&self, row: usize, col: usize) -> char {
        self.0
            .get(row)
            .and_then(|l| l.get(col))
            .copied()
            .unwrap_or(' ')
    }
}

/// Reads the pieces back from a packing drawing of a board `size` big.
fn read_pieces(text: &str, size: [i32; 3]) -> Pieces {
    let [w, h, d] = size;
    let mut lines: Vec<&str> = text.lines().collect();
    // Layers start where their headings do.
    let starts: Vec<usize> = if d > 1 {
        let heading = lines.remove(0);
        let chars: Vec<char> = heading.chars().collect();
        (0..chars.len())
            .filter(|&i| chars[i] == 'z' && chars.get(i + 1) == Some(&'='))
            .collect()
    } else {
        vec![0]
    };
    assert_eq!(starts.len(), d as usize, "{text}");
    let grid = Grid(lines.iter().map(|l| l.chars().collect()).collect());
    let pitch = if d > 1 { 3 } else { 2 };
    let pos = |x: i32, y: i32, z: i32| {
        (
            2 * y as usize + 1,
            starts[z as usize] + 1 + x as usize * pitch,
        )
    };
    let mut glyphs: BTreeMap<Point, char> = BTreeMap::new();
    for z in 0..d {
        for y in 0..h {
            for x in 0..w {
                let (r, c) = pos(x, y, z);
                let g = grid.at(r, c);
                if g != ' ' && g != '.' {
                    glyphs.insert([x, y, z], g);
                }
            }
        }
    }
    // Joined: neighbours with no wall between them, and a cell marked `>`
    // with the same place in the next layer.
    let mut parent: BTreeMap<Point, Point> = glyphs.keys().map(|&p| (p, p)).collect();
    fn root(parent: &mut BTreeMap<Point, Point>, p: Point) -> Point {
        let q = parent[&p];
        if q == p {
            p
        } else {
            let r = root(parent, q);
            parent.insert(p, r);
            r
        }
    }
    for (&[x, y, z], &g) in &glyphs {
        let (r, c) = pos(x, y, z);
        let mut joined = Vec::new();
        if !matches!(grid.at(r, c + pitch - 1), '│' | '|') {
            joined.push([x + 1, y, z]);
        }
        if !matches!(grid.at(r + 1, c), '─' | '-') {
            joined.push([x, y + 1, z]);
        }
        if d > 1 && grid.at(r, c + 1) == '>' {
            joined.push([x, y, z + 1]);
        }
        for n in joined {
            if let Some(&other) = glyphs.get(&n) {
                assert_eq!(g, other, "no wall between two pieces at {n:?}\n{text}");
                let (a, b) = (root(&mut parent, [x, y, z]), root(&mut parent, n));
                parent.insert(a, b);
            }
        }
    }
    let mut pieces: BTreeMap<Point, (char, BTreeSet<Point>)> = BTreeMap::new();
    for (&p, &g) in &glyphs {
        let r = root(&mut parent, p);
        pieces.entry(r).or_insert((g, BTreeSet::new())).1.insert(p);
    }
    let mut out: Pieces = pieces.into_values().collect();
    out.sort();
    out
}

/// Reads an edge-matching drawing back: (tile, [x, y], [top, right,
/// bottom, left]) for each tile, sorted.
fn read_tiles(text: &str) -> Vec<(String, [i64; 2], Vec<String>)> {
    let lines: Vec<Vec<char>> = text.lines().map(|l| l.chars().collect()).collect();
    // The vertical walls, from the first row of a tile.
    let bars: Vec<usize> = (0..lines[1].len())
        .filter(|&i| matches!(lines[1][i], '│' | '|'))
        .collect();
    let mut out = Vec::new();
    for (y, row) in lines.chunks(4).enumerate() {
        if row.len() < 4 {
            break;
        }
        for (x, pair) in bars.windows(2).enumerate() {
            let part = |line: &Vec<char>| -> String { line[pair[0] + 1..pair[1]].iter().collect() };
            let middle: Vec<String> = part(&row[2]).split_whitespace().map(String::from).collect();
            if middle.is_empty() {
                continue;
            }
            assert_eq!(middle.len(), 3, "{text}");
            let top = part(&row[1]).trim().to_string();
            let bottom = part(&row[3]).trim().to_string();
            let edges = vec![top, middle[2].clone(), bottom, middle[0].clone()];
            out.push((middle[1].clone(), [x as i64, y as i64], edges));
        }
    }
    out.sort();
    out
}

fn json_tiles(puzzle: &Puzzle, json: &Value) -> Vec<(String, [i64; 2], Vec<String>)> {
    let o = puzzle.board.origin();
    let mut out: Vec<_> = json["solutions"][0]["tiles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            let at = [
                t["at"][0].as_i64().unwrap() - i64::from(o[0]),
                t["at"][1].as_i64().unwrap() - i64::from(o[1]),
            ];
            let edges: Vec<String> = serde_json::from_value(t["edges"].clone()).unwrap();
            (t["tile"].as_str().unwrap().to_string(), at, edges)
        })
        .collect();
    out.sort();
    out
}

#[test]
fn every_puzzle_reads_back_from_its_walls() {
    let mut read = 0;
    for entry in std::fs::read_dir(puzzle_path("")).unwrap() {
        let path = entry.unwrap().path();
        let puzzle = Puzzle::load(&path).unwrap();
        if puzzle.board.lattice().name() != "squares" {
            // Triangles, hexagons and balls are drawn their own way
            // (tests/grids.rs).
            continue;
        }
        let json: Value = serde_json::from_str(&solve(&path, &["--format", "json"])).unwrap();
        for style in [&[][..], &["--ascii"][..]] {
            let text = solve(&path, style);
            if json["solutions"].as_array().unwrap().is_empty() {
                assert!(text.trim().is_empty(), "{}: {text}", path.display());
                continue;
            }
            if style.is_empty() {
                assert!(
                    !text.contains(['|', '+']) || puzzle.tiling().is_some(),
                    "{text}"
                );
            } else {
                assert!(text.is_ascii() || puzzle.tiling().is_some(), "{text}");
            }
            if puzzle.tiling().is_some() {
                assert_eq!(read_tiles(&text), json_tiles(&puzzle, &json), "{text}");
            } else {
                let back = read_pieces(&text, puzzle.board.extent());
                assert_eq!(
                    back,
                    json_pieces(&puzzle, &json),
                    "{}\n{text}",
                    path.display()
                );
            }
            read += 1;
        }
    }
    assert!(read >= 16, "only {read} drawings read");
}

#[test]
fn identical_pieces_are_told_apart_by_walls() {
    // Y25: 25 pieces with the same glyph; without colour, only the walls
    // and the layer marks separate them.
    let text = solve(&puzzle_path("y25.toml"), &[]);
    assert!(!text.contains('\x1b'));
    let back = read_pieces(&text, [5, 5, 5]);
    assert_eq!(back.len(), 25);
    assert!(back.iter().all(|(g, cells)| *g == 'Y' && cells.len() == 5));
}
