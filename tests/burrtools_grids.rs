//! BurrTools' prism (type 1) and sphere (type 2) grids: jigsat's
//! `distinct` against the assemblies burrTxt counts on every example file
//! of those grids (`../shared/burrtools/counts.tsv`), and BurrTools' rule
//! for flat pieces on the sphere grid, measured with burrTxt on the small
//! files written here (figures in the comments).
//!
//! The example files are shared test data outside the repository; when
//! the directory is absent those checks print one line saying so and pass.

mod common;

use std::path::{Path, PathBuf};

use common::{assert_success, jigsat};
use serde_json::Value;

/// The shared BurrTools examples, or `None` (with one line on stderr).
fn examples() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/burrtools");
    if dir.join("counts.tsv").is_file() {
        return Some(dir);
    }
    eprintln!("skipped: {} is not there", dir.display());
    None
}

/// `jigsat count FILE --problem P` (no problem for a TOML file):
/// (count, distinct).
fn count(path: &Path, problem: &str) -> (u64, u64) {
    let mut command = jigsat();
    command.arg("count").arg(path);
    if path.extension().is_some_and(|e| e == "xmpuzzle") {
        command.args(["--problem", problem]);
    }
    let out = command.args(["--format", "json", "-q"]).output().unwrap();
    assert_success(&out);
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    (
        doc["count"].as_u64().expect("a count"),
        doc["distinct"].as_u64().expect("a distinct count"),
    )
}

/// Every row of counts.tsv on `grid`: (file, problem, assemblies).
fn references(dir: &Path, grid: &str) -> Vec<(String, String, u64)> {
    let text = std::fs::read_to_string(dir.join("counts.tsv")).unwrap();
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split('\t').collect();
    let column = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let (file, problem, kind, assemblies) = (
        column("file"),
        column("problem"),
        column("grid_type"),
        column("assemblies"),
    );
    lines
        .map(|l| l.split('\t').collect::<Vec<_>>())
        .filter(|f| f[kind] == grid)
        .map(|f| {
            (
                f[file].into(),
                f[problem].into(),
                f[assemblies].parse().unwrap(),
            )
        })
        .collect()
}

fn check_grid(grid: &str, files: &[&str]) {
    let Some(dir) = examples() else { return };
    let rows = references(&dir, grid);
    let listed: Vec<&str> = rows.iter().map(|r| r.0.as_str()).collect();
    for file in files {
        assert!(listed.contains(file), "{file} is in counts.tsv");
    }
    for (file, problem, assemblies) in rows {
        let (_, distinct) = count(&dir.join(&file), &problem);
        assert_eq!(
            distinct, assemblies,
            "{file} problem {problem}: distinct against burrTxt's assemblies"
        );
    }
}

#[test]
fn prism_examples_match_burrtools() {
    // Prisgon 1 and 1, Bermuda 1.
    check_grid("1", &["Prisgon.xmpuzzle", "Bermuda.xmpuzzle"]);
}

#[test]
fn sphere_examples_match_burrtools() {
    // BallRoom 2, 1 and 3: problem 0 needs the flat pieces turned over.
    check_grid("2", &["BallRoom.xmpuzzle"]);
}

/// A one-problem BurrTools file on `grid`: the result, then each piece once.
fn xmpuzzle(grid: u32, result: &[[i32; 3]], pieces: &[&[[i32; 3]]]) -> String {
    let voxel = |cells: &[[i32; 3]]| {
        let size = [0, 1, 2].map(|a| cells.iter().map(|c| c[a]).max().unwrap() + 1);
        let mut text = vec!['_'; (size[0] * size[1] * size[2]) as usize];
        for c in cells {
            text[(c[0] + size[0] * (c[1] + size[1] * c[2])) as usize] = '#';
        }
        let text: String = text.into_iter().collect();
        format!(
            "<voxel x=\"{}\" y=\"{}\" z=\"{}\" type=\"0\">{text}</voxel>",
            size[0], size[1], size[2]
        )
    };
    let shapes: String = std::iter::once(result)
        .chain(pieces.iter().copied())
        .map(voxel)
        .collect();
    let uses: String = (1..=pieces.len())
        .map(|i| format!("<shape id=\"{i}\" count=\"1\"/>"))
        .collect();
    format!(
        "<?xml version=\"1.0\"?>\n<puzzle version=\"2\"><gridType type=\"{grid}\"/><colors/>\
         <shapes>{shapes}</shapes><problems><problem><shapes>{uses}</shapes>\
         <result id=\"0\"/><bitmap/></problem></problems><comment/></puzzle>"
    )
}

/// `jigsat count` on a file of `text`: its exit code and output.
fn count_text(text: &str) -> (Option<i32>, String, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.xmpuzzle");
    std::fs::write(&path, text).unwrap();
    let out = jigsat()
        .arg("count")
        .arg(&path)
        .args(["--format", "json", "-q"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    (
        out.status.code(),
        stdout,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_flat_piece_on_the_sphere_grid_turns_over_in_its_plane() {
    // Four balls in one hexagonal plane (x + y + z = 2): a row of three
    // and one beside its end. Its mirror image in the plane is no turn of
    // the lattice, but burrTxt places it there: 1 assembly.
    let piece = [[2, 0, 0], [1, 1, 0], [0, 2, 0], [0, 1, 1]];
    let mirrored = [[2, 0, 0], [1, 1, 0], [0, 2, 0], [1, 0, 1]];
    let (code, out, err) = count_text(&xmpuzzle(2, &mirrored, &[&piece]));
    assert_eq!(code, Some(0), "{err}");
    let doc: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["distinct"], 1);
    // A solid chiral piece never becomes its mirror image: burrTxt says
    // "Piece 1 can be place nowhere in the result shape".
    let solid = [[0, 0, 0], [1, 1, 0], [1, 2, 1], [2, 2, 2]];
    let mirrored = solid.map(|[x, y, z]| [y, x, z]);
    let (code, _, err) = count_text(&xmpuzzle(2, &mirrored, &[&solid]));
    assert_eq!(code, Some(1), "impossible: {err}");
}

#[test]
fn a_ball_at_odd_sum_is_refused_with_the_reason() {
    let (code, _, err) = count_text(&xmpuzzle(2, &[[0, 0, 0], [1, 0, 0]], &[&[[0, 0, 0]]]));
    assert_eq!(code, Some(2));
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("t.xmpuzzle") && err.contains("odd"), "{err}");
}

#[test]
fn prisms_alternate_along_a_row_and_touch_the_next_row_at_odd_sum() {
    // burrTxt: two triangles side by side (a rhombus) fill (1, 0) and
    // (1, 1), 1 assembly; (0, 0) and (0, 1) touch only at a corner,
    // "Piece 1 can be place nowhere"; stacked, two rhombi fill two layers.
    let rhombus = [[0, 0, 0], [1, 0, 0]];
    let (code, out, err) = count_text(&xmpuzzle(1, &[[1, 0, 0], [1, 1, 0]], &[&rhombus]));
    assert_eq!(code, Some(0), "{err}");
    let doc: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["distinct"], 1);
    let (code, _, err) = count_text(&xmpuzzle(1, &[[0, 0, 0], [0, 1, 0]], &[&rhombus]));
    assert_eq!(code, Some(1), "{err}");
    let stacked = [[0, 0, 0], [1, 0, 0], [0, 0, 1], [1, 0, 1]];
    let (code, out, err) = count_text(&xmpuzzle(1, &stacked, &[&rhombus, &rhombus]));
    assert_eq!(code, Some(0), "{err}");
    let doc: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["distinct"], 1);
}

/// `jigsat convert FROM -o TO` (with `--problem` for a BurrTools file).
fn convert(from: &Path, problem: Option<&str>, to: &Path) {
    let mut command = jigsat();
    command.arg("convert").arg(from).arg("-o").arg(to);
    if let Some(p) = problem {
        command.args(["--problem", p]);
    }
    assert_success(&command.output().unwrap());
}

#[test]
fn spheres_convert_both_ways_and_count_the_same() {
    let dir = tempfile::tempdir().unwrap();
    // TOML -> BurrTools -> TOML: the pyramid of dominoes (its balls read
    // as cubes would count differently).
    let pyramid = common::puzzle_path("spheres-pyramid14.toml");
    let xm = dir.path().join("pyramid.xmpuzzle");
    convert(&pyramid, None, &xm);
    let back = dir.path().join("pyramid.toml");
    convert(&xm, None, &back);
    assert_eq!(count(&xm, "0"), count(&pyramid, "0"));
    assert_eq!(count(&back, "0"), count(&pyramid, "0"));
    // BurrTools -> TOML -> BurrTools: BallRoom's problem 0, whose flat
    // pieces come out with mirror = true.
    let Some(examples) = examples() else { return };
    let ballroom = examples.join("BallRoom.xmpuzzle");
    let toml = dir.path().join("ballroom.toml");
    convert(&ballroom, Some("0"), &toml);
    let text = std::fs::read_to_string(&toml).unwrap();
    assert!(
        text.contains("grid = \"spheres\"") && text.contains("mirror = true"),
        "{text}"
    );
    let again = dir.path().join("ballroom.xmpuzzle");
    convert(&toml, None, &again);
    assert_eq!(count(&toml, "0"), count(&ballroom, "0"));
    assert_eq!(count(&again, "0"), count(&ballroom, "0"));
}

/// BurrTools' own stored assemblies on the sphere grid: BallRoom's six
/// (2, 1 and 3 in its problems, one piece with a hotspot, one flat piece
/// turned over), each decoded by the sphere grid's turns and checked
/// against its puzzle (`stored` refuses one that does not fill it).
#[test]
fn stored_sphere_assemblies_are_read_as_checked_solutions() {
    let Some(dir) = examples() else { return };
    let bytes = std::fs::read(dir.join("BallRoom.xmpuzzle")).unwrap();
    let file = jigsat::internal::puzzle::burrtools::read(&bytes, "BallRoom").unwrap();
    let mut decoded = Vec::new();
    for p in 0..3 {
        let choice = p.to_string();
        let puzzle = file.puzzle(Some(&choice), "BallRoom").unwrap();
        let solutions = jigsat::internal::solution::stored(&file, Some(&choice), &puzzle)
            .unwrap_or_else(|e| panic!("problem {p}: {e}"));
        decoded.push(solutions.len());
    }
    assert_eq!(decoded, [2, 1, 3]);
}
