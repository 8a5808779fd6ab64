//! `--format stl`: for every packing puzzle in puzzles/, each piece file
//! and the assembly parse as binary STL, are closed (every edge shared by
//! exactly two triangles, once in each direction, so the normals agree),
//! enclose the piece's volume (cubes x unit³ without a gap; less with
//! one), and each piece lies on its largest side.
//!
//! The reader and the measures here are written from the STL format and
//! geometry, not from jigsat's writer.

mod common;

use std::collections::HashMap;
use std::path::Path;

use common::{jigsat, puzzle_path};
use jigsat::internal::Puzzle;

type V = [f32; 3];

/// The triangles of a binary STL file; panics on a malformed one.
fn read(path: &Path) -> Vec<[V; 3]> {
    let bytes = std::fs::read(path).unwrap();
    assert!(bytes.len() >= 84, "{}: too short", path.display());
    let n = u32::from_le_bytes(bytes[80..84].try_into().unwrap()) as usize;
    assert_eq!(bytes.len(), 84 + 50 * n, "{}: size", path.display());
    let f = |at: usize| f32::from_le_bytes(bytes[at..at + 4].try_into().unwrap());
    (0..n)
        .map(|i| {
            let t = 84 + 50 * i + 12;
            [0, 1, 2].map(|k| [0, 1, 2].map(|a| f(t + 12 * k + 4 * a)))
        })
        .collect()
}

/// A vertex as integers (thousandths of a millimetre), to compare.
fn key(v: V) -> [i64; 3] {
    v.map(|x| (x as f64 * 1000.0).round() as i64)
}

/// Every directed edge once, and its reverse once: closed and consistently
/// turned.
fn assert_closed(name: &str, triangles: &[[V; 3]]) {
    let mut edges: HashMap<([i64; 3], [i64; 3]), i32> = HashMap::new();
    for t in triangles {
        for i in 0..3 {
            *edges.entry((key(t[i]), key(t[(i + 1) % 3]))).or_default() += 1;
        }
    }
    for (&(a, b), &n) in &edges {
        assert_eq!(n, 1, "{name}: edge {a:?}-{b:?} used {n} times one way");
        assert_eq!(
            edges.get(&(b, a)),
            Some(&1),
            "{name}: edge {a:?}-{b:?} open"
        );
    }
}

/// The enclosed volume (divergence theorem): positive when the triangles
/// turn outwards.
fn volume(triangles: &[[V; 3]]) -> f64 {
    triangles
        .iter()
        .map(|[a, b, c]| {
            let [a, b, c] = [a, b, c].map(|v| v.map(f64::from));
            (a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0])
                + a[2] * (b[0] * c[1] - b[1] * c[0]))
                / 6.0
        })
        .sum()
}

/// The area of the surface lying in the lowest plane facing down, and the
/// largest such area over the six directions.
fn bed_and_largest_side(triangles: &[[V; 3]]) -> (f64, f64) {
    let side = |axis: usize, sign: f64| {
        let coords = triangles
            .iter()
            .flatten()
            .map(|v| sign * f64::from(v[axis]));
        let extreme = coords.fold(f64::MIN, f64::max);
        triangles
            .iter()
            .filter(|t| {
                t.iter()
                    .all(|v| (sign * f64::from(v[axis]) - extreme).abs() < 1e-3)
            })
            .map(|[a, b, c]| {
                let u = [0, 1, 2].map(|i| f64::from(b[i] - a[i]));
                let w = [0, 1, 2].map(|i| f64::from(c[i] - a[i]));
                let n = [
                    u[1] * w[2] - u[2] * w[1],
                    u[2] * w[0] - u[0] * w[2],
                    u[0] * w[1] - u[1] * w[0],
                ];
                (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt() / 2.0
            })
            .sum::<f64>()
    };
    let largest = (0..3)
        .flat_map(|a| [side(a, 1.0), side(a, -1.0)])
        .fold(0.0, f64::max);
    (side(2, -1.0), largest)
}

/// Writes the STL of `puzzle`'s first solution into a fresh directory.
fn write(path: &Path, extra: &[&str]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let out = format!("{}/", dir.path().display());
    let output = jigsat()
        .arg("solve")
        .arg(path)
        .args(["-q", "--format", "stl", "-o", &out])
        .args(extra)
        .output()
        .unwrap();
    common::assert_success(&output);
    dir
}

/// Piece files (not the assembly), sorted, with their cube counts from
/// the puzzle read by label.
fn piece_files(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.file_name().unwrap() != "assembly.stl")
        .collect();
    files.sort();
    files
}

fn packing_puzzles() -> Vec<(std::path::PathBuf, Puzzle)> {
    let mut out: Vec<_> = [
        "y25",
        "soma",
        "bedlam",
        "pentomino-6x10",
        "pentomino-8x8-hole",
    ]
    .iter()
    .chain(&["tromino-choice", "calibron12", "pentomino-3x20"])
    .map(|n| {
        let path = puzzle_path(&format!("{n}.toml"));
        let puzzle = Puzzle::load(&path).unwrap();
        (path, puzzle)
    })
    .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

#[test]
fn pieces_are_closed_solids_of_their_volume() {
    for (path, puzzle) in packing_puzzles() {
        let unit = 10.0;
        let dir = write(&path, &["--gap", "0", "--unit", "10"]);
        let files = piece_files(dir.path());
        let mut total = 0.0;
        for file in &files {
            let name = file.display().to_string();
            let t = read(file);
            assert_closed(&name, &t);
            let v = volume(&t);
            let cubes = (v / (unit * unit * unit)).round();
            assert!(
                (v - cubes * unit * unit * unit).abs() < 1e-3 * v,
                "{name}: volume {v}"
            );
            assert!(cubes >= 1.0);
            let (bed, largest) = bed_and_largest_side(&t);
            assert!(
                (bed - largest).abs() < 1e-6,
                "{name}: lies on {bed}, not on {largest}"
            );
            let lowest = t.iter().flatten().map(|v| v[2]).fold(f32::MAX, f32::min);
            assert_eq!(lowest, 0.0, "{name}: on the bed");
            total += cubes;
        }
        // The pieces fill the board but for the cells a partial fill leaves.
        let board = puzzle.board.len() as f64;
        assert!(total <= board && total > 0.0, "{}", path.display());
        let assembly = read(&dir.path().join("assembly.stl"));
        assert!((volume(&assembly) - total * unit.powi(3)).abs() < 1e-3 * total * 1000.0);
    }
}

#[test]
fn a_gap_shrinks_every_piece_and_parts_them_in_the_assembly() {
    let (unit, gap): (f64, f64) = (12.0, 0.4);
    for (path, _) in packing_puzzles() {
        let dir = write(&path, &["--gap", "0.4", "--unit", "12"]);
        let whole = write(&path, &["--gap", "0", "--unit", "12"]);
        for (file, full) in piece_files(dir.path())
            .iter()
            .zip(piece_files(whole.path()))
        {
            let name = file.display().to_string();
            let t = read(file);
            assert_closed(&name, &t);
            let cubes = (volume(&read(&full)) / unit.powi(3)).round();
            let v = volume(&t);
            assert!(v < cubes * unit.powi(3), "{name}: {v} not shrunk");
            assert!(
                v >= cubes * (unit - gap).powi(3) - 1e-3,
                "{name}: {v} shrunk too much"
            );
        }
        // With a gap no two pieces touch: the assembly is closed too.
        let assembly = dir.path().join("assembly.stl");
        assert_closed(&assembly.display().to_string(), &read(&assembly));
    }
}

#[test]
fn a_bar_shrinks_by_the_gap_exactly() {
    // The I pentomino of the 3x20 rectangle: 5 x 1 x 1 cubes.
    let (unit, gap) = (10.0, 0.5);
    let dir = write(&puzzle_path("pentomino-3x20.toml"), &["--gap", "0.5"]);
    let bar = piece_files(dir.path())
        .into_iter()
        .find(|f| f.to_string_lossy().ends_with("-I.stl"))
        .expect("the I pentomino");
    let v = volume(&read(&bar));
    let expected = (5.0 * unit - gap) * (unit - gap) * (unit - gap);
    assert!((v - expected).abs() < 1e-2, "{v} against {expected}");
}

#[test]
fn stl_needs_a_file_and_solids() {
    let run = |args: &[&str]| jigsat().arg("solve").args(args).output().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("x.stl");
    let file = file.to_str().unwrap();
    let soma = puzzle_path("soma.toml");
    let cats = puzzle_path("big-cats.toml");
    let no_file = run(&[soma.to_str().unwrap(), "--format", "stl"]);
    assert_eq!(no_file.status.code(), Some(2));
    let tiles = run(&[cats.to_str().unwrap(), "--format", "stl", "-o", file]);
    assert_eq!(tiles.status.code(), Some(2));
    let too_wide = run(&[
        soma.to_str().unwrap(),
        "--format",
        "stl",
        "-o",
        file,
        "--gap",
        "10",
    ]);
    assert_eq!(too_wide.status.code(), Some(2));
    let bad_unit = run(&[soma.to_str().unwrap(), "--format", "stl", "--unit", "-1"]);
    assert_eq!(bad_unit.status.code(), Some(2));
    assert!(!dir.path().join("x.stl").exists());
}
