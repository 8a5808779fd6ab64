//! BurrTools' rhombic (type 3) and tetrahedral-octahedral (type 4) grids:
//! jigsat's `distinct` against the assemblies burrTxt counts on every
//! example file of those grids (`../shared/burrtools/counts.tsv`), and
//! the moves of each grid, measured with burrTxt on the small files
//! written here (its answers in the comments).
//!
//! The example files are shared test data outside the repository; when
//! the directory is absent those checks print one line saying so and pass.

mod common;

use std::path::{Path, PathBuf};

use common::{assert_success, jigsat, puzzle_path};
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

/// `jigsat count FILE --problem P`: the exit code, `distinct` when it
/// succeeded, and stderr.
fn count(path: &Path, problem: &str) -> (Option<i32>, Option<u64>, String) {
    count_with(path, problem, &[])
}

/// [`count`] with more options (`--solver`).
fn count_with(path: &Path, problem: &str, extra: &[&str]) -> (Option<i32>, Option<u64>, String) {
    let out = jigsat()
        .arg("count")
        .arg(path)
        .args(["--problem", problem, "--format", "json", "-q"])
        .args(extra)
        .output()
        .unwrap();
    let distinct = serde_json::from_slice::<Value>(&out.stdout)
        .ok()
        .and_then(|doc| doc["distinct"].as_u64());
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    (out.status.code(), distinct, err)
}

/// Every row of counts.tsv on grid types 3 and 4: (file, problem,
/// assemblies, burrTxt's note).
fn references(dir: &Path) -> Vec<(String, String, u64, String)> {
    let text = std::fs::read_to_string(dir.join("counts.tsv")).unwrap();
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split('\t').collect();
    let column = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let (file, problem, kind, assemblies, note) = (
        column("file"),
        column("problem"),
        column("grid_type"),
        column("assemblies"),
        column("note"),
    );
    lines
        .map(|l| l.split('\t').collect::<Vec<_>>())
        .filter(|f| f[kind] == "3" || f[kind] == "4")
        .map(|f| {
            (
                f[file].into(),
                f[problem].into(),
                f[assemblies].parse().unwrap(),
                f.get(note).copied().unwrap_or("").into(),
            )
        })
        .collect()
}

/// Checks one row: burrTxt's assemblies as `distinct`, or, where burrTxt
/// says a piece can be placed nowhere, exit 1 with that reason.
fn check(dir: &Path, (file, problem, assemblies, note): &(String, String, u64, String)) {
    let (code, distinct, err) = count(&dir.join(file), problem);
    if note.contains("place nowhere") {
        assert_eq!(code, Some(1), "{file} problem {problem}: {err}");
        assert!(
            err.contains("fits nowhere"),
            "{file} problem {problem}: {err}"
        );
        return;
    }
    assert_eq!(code, Some(0), "{file} problem {problem}: {err}");
    assert_eq!(
        distinct,
        Some(*assemblies),
        "{file} problem {problem}: distinct against burrTxt's assemblies"
    );
}

/// Every example file of the two grids (each `gridType` 3 or 4).
const FILES: [&str; 9] = [
    "12PieceSeparation.xmpuzzle",
    "AugmentedSecondStellation.xmpuzzle",
    "BrokenSticks.xmpuzzle",
    "DiagonalCube.xmpuzzle",
    "HexSticks.xmpuzzle",
    "PermutatedThirdStellation.xmpuzzle",
    "PiecesOfEight.xmpuzzle",
    "FourPieceTetrahedron.xmpuzzle",
    "Representation3.xmpuzzle",
];

#[test]
fn one_example_of_each_grid_matches_burrtools() {
    // 12PieceSeparation 1 (rhombic), FourPieceTetrahedron 1 (tetra-octa):
    // the quick ones, for the debug suite.
    let Some(dir) = examples() else { return };
    let rows = references(&dir);
    for name in [
        "12PieceSeparation.xmpuzzle",
        "FourPieceTetrahedron.xmpuzzle",
    ] {
        let row = rows.iter().find(|r| r.0 == name).expect("in counts.tsv");
        check(&dir, row);
        // A second engine, a SAT solver, finds the same assemblies.
        let (code, distinct, err) = count_with(&dir.join(name), "0", &["--solver", "varisat"]);
        assert_eq!((code, distinct), (Some(0), Some(row.2)), "{name}: {err}");
    }
}

#[test]
#[ignore = "every problem of nine files: about 1.5 s in release"]
fn every_rhombic_and_tetra_octa_example_matches_burrtools() {
    // 12PieceSeparation 1, AugmentedSecondStellation 2, BrokenSticks 2
    // and (problem 1) "Piece 2 can be place nowhere", DiagonalCube 2,
    // FourPieceTetrahedron 1, HexSticks 33, PermutatedThirdStellation 2,
    // PiecesOfEight 6, 4, 43, 12, 20, 12.
    let Some(dir) = examples() else { return };
    let rows = references(&dir);
    for file in &FILES[..FILES.len() - 1] {
        assert!(rows.iter().any(|r| r.0 == *file), "{file} is in counts.tsv");
    }
    assert_eq!(rows.len(), 14, "every problem of the two grids");
    for row in &rows {
        check(&dir, row);
    }
    // Two engines agree: exact search (above) and a SAT solver.
    for (name, want) in [("HexSticks.xmpuzzle", 33), ("BrokenSticks.xmpuzzle", 2)] {
        let (code, distinct, err) = count_with(&dir.join(name), "0", &["--solver", "varisat"]);
        assert_eq!((code, distinct), (Some(0), Some(want)), "{name}: {err}");
    }
}

#[test]
fn burrtools_pictures_of_both_grids_read_their_voxels() {
    // BurrTools' own pictures of the grids: groups of voxels filled or
    // variable, plain or coloured, every one a cell; no problem.
    let Some(dir) = examples() else { return };
    for file in ["Representation3.xmpuzzle", "Representation4.xmpuzzle"] {
        let out = jigsat().arg("info").arg(dir.join(file)).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        // Read past the grid and every shape's voxels, to the problems.
        assert!(err.contains("no problems"), "{file}: {err}");
    }
}

/// A one-problem BurrTools file on `grid`: the result, then each piece
/// once, each a list of voxels.
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

/// `jigsat count` on a file of `text`: exit code, `distinct`, stderr.
fn count_text(text: &str) -> (Option<i32>, Option<u64>, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.xmpuzzle");
    std::fs::write(&path, text).unwrap();
    count(&path, "0")
}

/// The 8 voxels of the octahedron about `centre`, a point of the doubled
/// array (voxel v at 2v − 5), moved one block (12) along each axis so
/// that no voxel is negative.
fn octahedron(centre: [i32; 3]) -> Vec<[i32; 3]> {
    (0..8)
        .map(|k| [0, 1, 2].map(|a| (centre[a] + 12 + if k >> a & 1 == 0 { 1 } else { -1 } + 5) / 2))
        .collect()
}

/// `piece` and its copy one block (5 voxels) along x.
fn with_copy_along_x(piece: &[[i32; 3]]) -> Vec<[i32; 3]> {
    (piece.iter().copied())
        .chain(piece.iter().map(|&[x, y, z]| [x + 5, y, z]))
        .collect()
}

#[test]
fn a_rhombic_piece_moves_by_whole_blocks_and_turns_but_never_mirrors() {
    // Three tetrahedra of one block: the quarters of the bottom face
    // towards −y and −x, and the lower quarter of face −x.
    let piece = [[2, 1, 0], [1, 2, 0], [0, 2, 1]];
    // burrTxt: two parts of that shape fill the piece and its copy one
    // block (5 voxels) along x, in either order: 2 assemblies.
    let along = with_copy_along_x(&piece);
    let (code, distinct, err) = count_text(&xmpuzzle(3, &along, &[&piece, &piece]));
    assert_eq!((code, distinct), (Some(0), Some(2)), "{err}");
    // Turned a quarter about z through the block's centre (2, 2, 2):
    // 1 assembly.
    let turned = piece.map(|[x, y, z]| [4 - y, x, z]);
    let (code, distinct, err) = count_text(&xmpuzzle(3, &turned, &[&piece]));
    assert_eq!((code, distinct), (Some(0), Some(1)), "{err}");
    // Mirrored (x -> 4 − x): "Piece 0 can be place nowhere".
    let mirrored = piece.map(|[x, y, z]| [4 - x, y, z]);
    let (code, _, err) = count_text(&xmpuzzle(3, &mirrored, &[&piece]));
    assert_eq!(code, Some(1), "{err}");
}

#[test]
fn an_octahedron_moves_to_an_edge_or_a_whole_block_away() {
    // burrTxt: an octahedron at a block's centre and one at the middle
    // of its edge (6, 6, 0), or a whole block (12, 0, 0) away, are two
    // places of one octahedron: 1 assembly each.
    let piece = octahedron([0, 0, 0]);
    for other in [[6, 6, 0], [12, 0, 0]] {
        let result: Vec<[i32; 3]> = piece.iter().chain(&octahedron(other)).copied().collect();
        let (code, distinct, err) = count_text(&xmpuzzle(4, &result, &[&piece, &piece]));
        assert_eq!((code, distinct), (Some(0), Some(1)), "{other:?}: {err}");
    }
}

#[test]
fn a_voxel_no_cell_sits_at_is_refused_with_the_file_and_the_reason() {
    // The centre of a rhombic block, and a tetra-octa voxel between
    // pieces: exit 2, one line naming the file and what was expected.
    for (grid, voxel) in [(3, [2, 2, 2]), (4, [0, 0, 0])] {
        let (code, _, err) = count_text(&xmpuzzle(grid, &[voxel], &[&[voxel]]));
        assert_eq!(code, Some(2), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains("t.xmpuzzle") && err.contains("block"), "{err}");
    }
}

#[test]
fn a_tetra_octa_piece_turns_about_a_blocks_centre_but_never_mirrors() {
    // A corner tetrahedron and four eighths of the central octahedron,
    // as points of the doubled array (voxel v at 2v − 5, one block on).
    let piece = [[3, 3, 3], [1, 1, 1], [-1, 1, 1], [-1, -1, 1], [-1, -1, -1]];
    let voxels = |cells: &[[i32; 3]]| -> Vec<[i32; 3]> {
        cells.iter().map(|c| c.map(|v| (v + 12 + 5) / 2)).collect()
    };
    // burrTxt: turned a quarter about z, 1 assembly; mirrored (x -> −x),
    // "Piece 0 can be place nowhere".
    let turned = piece.map(|[x, y, z]| [-y, x, z]);
    let (code, distinct, err) = count_text(&xmpuzzle(4, &voxels(&turned), &[&voxels(&piece)]));
    assert_eq!((code, distinct), (Some(0), Some(1)), "{err}");
    let mirrored = piece.map(|[x, y, z]| [-x, y, z]);
    let (code, _, err) = count_text(&xmpuzzle(4, &voxels(&mirrored), &[&voxels(&piece)]));
    assert_eq!(code, Some(1), "{err}");
}

/// A split's jobs carry the puzzle as TOML, which names both grids: a
/// BurrTools file on the rhombic grid splits, its parts run, and the
/// merge gives the one-run count (burrTxt: 2 assemblies).
#[test]
fn a_burrtools_file_on_a_voxel_grid_splits_and_merges_to_its_count() {
    let piece = [[2, 1, 0], [1, 2, 0], [0, 2, 1]];
    let along = with_copy_along_x(&piece);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.xmpuzzle");
    std::fs::write(&path, xmpuzzle(3, &along, &[&piece, &piece])).unwrap();
    assert_eq!(split_and_merge(&path, dir.path()), (2, 2));
}

/// `split FILE --parts 3 --no-symmetry`, each part's job counted, then
/// `merge`: (count, distinct) of the merge.
fn split_and_merge(path: &Path, dir: &Path) -> (u64, u64) {
    let parts = dir.join("parts");
    let out = jigsat()
        .arg("split")
        .arg(path)
        .args(["--parts", "3", "--no-symmetry", "-o"])
        .arg(&parts)
        .output()
        .unwrap();
    assert_success(&out);
    for job in std::fs::read_dir(parts.join("jobs")).unwrap() {
        let out = jigsat()
            .arg("count")
            .arg(job.unwrap().path())
            .output()
            .unwrap();
        assert!(matches!(out.status.code(), Some(0 | 1)), "{out:?}");
    }
    let out = jigsat()
        .arg("merge")
        .arg(&parts)
        .args(["--format", "json"])
        .output()
        .unwrap();
    assert_success(&out);
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    (
        doc["count"].as_u64().unwrap(),
        doc["distinct"].as_u64().unwrap(),
    )
}

/// `jigsat count FILE ARGS -q --format json`: (count, distinct).
fn fixed_and_distinct(path: &Path, args: &[&str]) -> (u64, u64) {
    let out = jigsat()
        .arg("count")
        .arg(path)
        .args(["-q", "--format", "json"])
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

/// The models of a DIMACS CNF, by plain backtracking over its variables
/// in order (a clause is checked once its last variable is set): how many,
/// and the first as DIMACS literals.
fn models(cnf: &str) -> (u64, Option<Vec<i32>>) {
    let mut vars = 0;
    let mut clauses: Vec<Vec<i32>> = Vec::new();
    for line in cnf.lines().filter(|l| !l.starts_with('c')) {
        if let Some(p) = line.strip_prefix("p cnf ") {
            vars = p.split_whitespace().next().unwrap().parse().unwrap();
            continue;
        }
        let lits: Vec<i32> = line
            .split_whitespace()
            .map(|n| n.parse().unwrap())
            .collect();
        clauses.push(lits[..lits.len() - 1].to_vec());
    }
    // The clauses to check once variable v is set.
    let mut closing = vec![Vec::new(); vars + 1];
    for c in &clauses {
        closing[c.iter().map(|l| l.unsigned_abs() as usize).max().unwrap()].push(c);
    }
    fn search(
        v: usize,
        values: &mut Vec<bool>,
        closing: &[Vec<&Vec<i32>>],
        first: &mut Option<Vec<i32>>,
    ) -> u64 {
        if v == values.len() {
            let lits = (1..v).map(|k| if values[k] { k as i32 } else { -(k as i32) });
            first.get_or_insert_with(|| lits.collect());
            return 1;
        }
        let mut total = 0;
        for value in [true, false] {
            values[v] = value;
            let holds = |c: &&Vec<i32>| {
                c.iter()
                    .any(|&l| values[l.unsigned_abs() as usize] == (l > 0))
            };
            if closing[v].iter().all(holds) {
                total += search(v + 1, values, closing, first);
            }
        }
        total
    }
    let mut first = None;
    let total = search(1, &mut vec![false; vars + 1], &closing, &mut first);
    (total, first)
}

/// Issue 37 point 4 on one puzzle: two engines agree on (count,
/// distinct); `--certify` proves the count; the CNF `dimacs` writes has
/// as many models as the count, and one of them decodes to a checked
/// solution; split, parts and merge give the one-run count; `estimate`
/// runs. (The DLX export: tests/knuth_export.rs.)
fn every_command_agrees(file: &str, want: (u64, u64)) {
    let path = puzzle_path(file);
    for engine in ["dlx", "first-cell", "varisat"] {
        assert_eq!(
            fixed_and_distinct(&path, &["--solver", engine]),
            want,
            "{file} {engine}"
        );
    }
    assert_eq!(
        fixed_and_distinct(&path, &["--certify"]),
        want,
        "{file} certified"
    );
    let dir = tempfile::tempdir().unwrap();
    let cnf = dir.path().join("p.cnf");
    let out = jigsat()
        .arg("dimacs")
        .arg(&path)
        .args(["--no-symmetry", "--encoding", "pairwise", "-o"])
        .arg(&cnf)
        .output()
        .unwrap();
    assert_success(&out);
    let (total, first) = models(&std::fs::read_to_string(&cnf).unwrap());
    assert_eq!(total, want.0, "{file}: models of the CNF");
    let lits: Vec<String> = first.unwrap().iter().map(i32::to_string).collect();
    let model = dir.path().join("model.txt");
    std::fs::write(&model, format!("s SATISFIABLE\nv {} 0\n", lits.join(" "))).unwrap();
    let out = jigsat()
        .arg("decode")
        .arg(&path)
        .arg(&model)
        .arg("--cnf")
        .arg(&cnf)
        .args(["--format", "json"])
        .output()
        .unwrap();
    assert_success(&out);
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["status"], "solved", "{file}");
    assert_eq!(split_and_merge(&path, dir.path()), want, "{file}: merged");
    let out = jigsat().arg("estimate").arg(&path).output().unwrap();
    assert_success(&out);
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("search tree"),
        "{file}"
    );
}

#[test]
fn every_command_works_on_the_rhombic_grid() {
    // burrTxt on the example converted: 2 assemblies.
    every_command_agrees("rhombic-dimers.toml", (3, 2));
}

#[test]
fn every_command_works_on_the_tetra_octa_grid() {
    // burrTxt on the example converted: 1 assembly.
    every_command_agrees("tetra-octa-wedges.toml", (3, 1));
}

#[test]
fn every_command_works_on_the_prism_grid() {
    // burrTxt on the example converted: 2 assemblies.
    every_command_agrees("prisms-trapezoids.toml", (2, 2));
}

/// `jigsat convert FROM -o TO` (`--problem` for a BurrTools file).
fn convert(from: &Path, problem: &str, to: &Path) {
    let out = jigsat()
        .arg("convert")
        .arg(from)
        .args(["--problem", problem, "-o"])
        .arg(to)
        .output()
        .unwrap();
    assert_success(&out);
}

/// BurrTools -> TOML -> BurrTools for problem `problem` of `file`: the
/// TOML names the grid, and all three count as burrTxt does.
fn converts_both_ways(dir: &Path, file: &str, problem: &str, grid: &str, assemblies: u64) {
    let scratch = tempfile::tempdir().unwrap();
    let toml = scratch.path().join("p.toml");
    let again = scratch.path().join("p.xmpuzzle");
    convert(&dir.join(file), problem, &toml);
    let text = std::fs::read_to_string(&toml).unwrap();
    assert!(
        text.contains(&format!("grid = \"{grid}\"")),
        "{file}: {text}"
    );
    convert(&toml, "0", &again);
    let want = fixed_and_distinct(&dir.join(file), &["--problem", problem]);
    assert_eq!(want.1, assemblies, "{file}: burrTxt's assemblies");
    assert_eq!(fixed_and_distinct(&toml, &[]), want, "{file} as TOML");
    assert_eq!(fixed_and_distinct(&again, &[]), want, "{file} back");
}

#[test]
fn the_voxel_grids_convert_both_ways() {
    // TOML -> BurrTools -> TOML: the rhombic example.
    let scratch = tempfile::tempdir().unwrap();
    let example = puzzle_path("rhombic-dimers.toml");
    let xm = scratch.path().join("dimers.xmpuzzle");
    let back = scratch.path().join("dimers.toml");
    convert(&example, "0", &xm);
    convert(&xm, "0", &back);
    for file in [&xm, &back] {
        assert_eq!(fixed_and_distinct(file, &[]), (3, 2), "{}", file.display());
    }
    // BurrTools -> TOML -> BurrTools: FourPieceTetrahedron (burrTxt: 1).
    let Some(dir) = examples() else { return };
    converts_both_ways(&dir, "FourPieceTetrahedron.xmpuzzle", "0", "tetra-octa", 1);
}

#[test]
#[ignore = "four example files converted both ways: about 1.5 s in release"]
fn the_burrtools_examples_convert_both_ways() {
    // burrTxt: HexSticks 33, DiagonalCube 2, FourPieceTetrahedron 1,
    // PiecesOfEight problem 0 6.
    let Some(dir) = examples() else { return };
    for (file, grid, assemblies) in [
        ("HexSticks.xmpuzzle", "rhombic", 33),
        ("DiagonalCube.xmpuzzle", "rhombic", 2),
        ("FourPieceTetrahedron.xmpuzzle", "tetra-octa", 1),
        ("PiecesOfEight.xmpuzzle", "rhombic", 6),
    ] {
        converts_both_ways(&dir, file, "0", grid, assemblies);
    }
}

/// A voxel no cell sits at, in a TOML file: exit 2 naming the file and
/// the line, with what the grid expects.
#[test]
fn a_toml_voxel_off_the_grid_is_refused_with_file_line_and_expectation() {
    let dir = tempfile::tempdir().unwrap();
    for (grid, cell, voxel, expected) in [
        (
            "rhombic",
            "[2, 1, 0]",
            "[2, 2, 2]",
            "only the 24 at (2, 2, 2)",
        ),
        ("tetra-octa", "[1, 1, 1]", "[0, 0, 0]", "only 40 are pieces"),
    ] {
        let path = dir.path().join("bad.toml");
        let text = format!(
            "[board]\ngrid = \"{grid}\"\ncells = [{cell}]\n\n[[piece]]\nname = \"A\"\ncells = [{voxel}]\n"
        );
        std::fs::write(&path, text).unwrap();
        let out = jigsat().arg("count").arg(&path).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{grid}: {err}");
        assert!(err.contains("bad.toml:7"), "{grid}: {err}");
        assert!(err.contains(expected), "{grid}: {err}");
        // No drawing shows voxels: ASCII art is refused, pointing to lists.
        let text = format!(
            "[board]\ngrid = \"{grid}\"\nshape = \"#\"\n\n[[piece]]\nname = \"A\"\ncells = [{cell}]\n"
        );
        std::fs::write(&path, text).unwrap();
        let out = jigsat().arg("count").arg(&path).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{grid}: {err}");
        assert!(
            err.contains("bad.toml:3") && err.contains("no ASCII art"),
            "{grid}: {err}"
        );
    }
}

/// `size = [w, h, d]` on these grids is a box of voxels, each a cell
/// where the grid keeps one: a 10 × 5 × 5 box holds two cubes' 48
/// tetrahedra, which two pieces of one cube's 24 (a 5 × 5 × 5 box) fill.
#[test]
fn a_size_on_the_voxel_grids_is_a_box_of_voxels() {
    let dir = tempfile::tempdir().unwrap();
    for (grid, side, cells) in [("rhombic", 5, 24), ("tetra-octa", 6, 40)] {
        let path = dir.path().join("box.toml");
        let text = format!(
            "[board]\ngrid = \"{grid}\"\nsize = [{}, {side}, {side}]\n\n\
             [[piece]]\nname = \"C\"\ncount = 2\ngrid = \"{grid}\"\nsize = [{side}, {side}, {side}]\n",
            2 * side
        );
        std::fs::write(&path, text).unwrap();
        let out = jigsat()
            .arg("info")
            .arg(&path)
            .args(["--format", "json"])
            .output()
            .unwrap();
        assert_success(&out);
        let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(doc["board"]["cells"], 2 * cells, "{grid}");
        assert_eq!(fixed_and_distinct(&path, &[]), (1, 1), "{grid}");
    }
}
