//! BurrTools' prism grid beyond counting: taking assemblies apart by
//! sliding prisms along the triangles' edges and the layers, beside
//! `burrTxt -d` (run when `../shared/peers/burrTxt` is there; otherwise
//! against the levels it printed when these tests were written).

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::{assert_success, jigsat};

fn shared(rel: &str) -> Option<PathBuf> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared")
        .join(rel);
    if path.exists() {
        return Some(path);
    }
    eprintln!("skipped: {} is not there", path.display());
    None
}

/// The level `burrTxt -d` prints for problem `problem` of `file`, when
/// the program is there.
fn burrtxt_level(file: &Path, problem: &str) -> Option<String> {
    let program = shared("peers/burrTxt")?;
    let out = Command::new(program)
        .args(["-d", "-o", problem])
        .arg(file)
        .output()
        .ok()?;
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let level = text.lines().find_map(|l| l.strip_prefix("level: "));
    Some(level.expect("burrTxt prints a level").trim().to_string())
}

/// `jigsat disasm FILE --problem P`: the level and the plan's lines.
fn disasm(file: &Path, problem: &str) -> (String, Vec<String>) {
    let out = jigsat()
        .arg("disasm")
        .arg(file)
        .args(["--problem", problem])
        .output()
        .unwrap();
    assert_success(&out);
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let level = text
        .split(", level ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap_or_else(|| panic!("a level in {text}"))
        .to_string();
    let plan = text.lines().skip(1).map(str::to_string).collect();
    (level, plan)
}

#[test]
fn prisgon_levels_equal_burrtxt() {
    let Some(file) = shared("burrtools/Prisgon.xmpuzzle") else {
        return;
    };
    // What burrTxt -d printed for problems 0 and 1 (BurrTools 0.7.1).
    for (problem, printed) in [("0", "9.6.4.2.2.2.1.2"), ("1", "9.5.1.1.2.2.2")] {
        let want = burrtxt_level(&file, problem).unwrap_or_else(|| printed.to_string());
        assert_eq!(want, printed, "burrTxt's own level, problem {problem}");
        assert_eq!(disasm(&file, problem).0, want, "problem {problem}");
    }
}

/// A one-problem BurrTools prism file: `cage` then `piece`, their union
/// the result; voxels as BurrTools lays them (rows y, triangles
/// alternating along x, layers z).
fn prism_file(cage: &[[i32; 3]], piece: &[[i32; 3]]) -> String {
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
    let result: Vec<[i32; 3]> = cage.iter().chain(piece).copied().collect();
    let shapes: String = [voxel(&result), voxel(cage), voxel(piece)].concat();
    format!(
        "<?xml version=\"1.0\"?>\n<puzzle version=\"2\"><gridType type=\"1\"/><colors/>\
         <shapes>{shapes}</shapes><problems><problem><shapes><shape id=\"1\" count=\"1\"/>\
         <shape id=\"2\" count=\"1\"/></shapes><result id=\"0\"/><bitmap/></problem>\
         </problems><comment/></puzzle>"
    )
}

#[test]
fn a_prism_leaves_a_closed_cage_only_along_a_slanted_edge() {
    // Three layers of 9 x 5 triangles; the middle layer's channel is the
    // only way out: from the triangle at (3, 1) one unit along the edge
    // that slants (BurrTools' voxel (1, 1): the lattice's +y, sweeping
    // (4, 1) on the way), then along the row to the open side. Along the
    // row from (3, 1) the triangle would sweep (4, 1) and land on (5, 1),
    // the cage's.
    let channel = [[3, 1], [4, 1], [4, 2], [5, 2], [6, 2], [7, 2], [8, 2]];
    let mut cage = Vec::new();
    for z in 0..3 {
        for y in 0..5 {
            for x in 0..9 {
                if !(z == 1 && channel.contains(&[x, y])) {
                    cage.push([x, y, z]);
                }
            }
        }
    }
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("channel.xmpuzzle");
    std::fs::write(&file, prism_file(&cage, &[[3, 1, 1]])).unwrap();
    // burrTxt -d: 1 solution, level 2.
    let want = burrtxt_level(&file, "0").unwrap_or_else(|| "2".into());
    assert_eq!(want, "2");
    let (level, plan) = disasm(&file, "0");
    assert_eq!(level, want);
    let directions: Vec<&str> = plan
        .iter()
        .filter_map(|l| l.split_whitespace().nth(2))
        .collect();
    assert_eq!(directions.len(), 2, "{plan:?}");
    assert!(["+y", "-y"].contains(&directions[0]), "{plan:?}");
    assert!(["+x", "-x"].contains(&directions[1]), "{plan:?}");
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

/// `jigsat count FILE -q --format json`: (count, distinct).
fn count(file: &Path) -> (u64, u64) {
    let out = jigsat()
        .arg("count")
        .arg(file)
        .args(["-q", "--format", "json"])
        .output()
        .unwrap();
    assert_success(&out);
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    (
        doc["count"].as_u64().unwrap(),
        doc["distinct"].as_u64().unwrap(),
    )
}

#[test]
fn the_toml_prism_grid_converts_both_ways() {
    let dir = tempfile::tempdir().unwrap();
    // TOML -> BurrTools -> TOML: the example (burrTxt: 2 assemblies).
    let example = common::puzzle_path("prisms-trapezoids.toml");
    let xm = dir.path().join("trapezoids.xmpuzzle");
    convert(&example, None, &xm);
    let back = dir.path().join("trapezoids.toml");
    convert(&xm, None, &back);
    assert_eq!(count(&example), (2, 2));
    assert_eq!(count(&xm), count(&example));
    assert_eq!(count(&back), count(&example));
    // BurrTools -> TOML -> BurrTools: Prisgon's problem 1, its cells
    // written [x, y, t, z], taken apart to the same level.
    let Some(prisgon) = shared("burrtools/Prisgon.xmpuzzle") else {
        return;
    };
    let toml = dir.path().join("philos.toml");
    convert(&prisgon, Some("1"), &toml);
    let text = std::fs::read_to_string(&toml).unwrap();
    assert!(text.contains("grid = \"prisms\""), "{text}");
    let again = dir.path().join("philos.xmpuzzle");
    convert(&toml, None, &again);
    assert_eq!(count(&toml), (6, 1));
    assert_eq!(count(&again), (6, 1));
    for file in [&toml, &again] {
        assert_eq!(disasm(file, "0").0, "9.5.1.1.2.2.2", "{}", file.display());
    }
}

#[test]
fn a_prism_off_the_lattice_is_refused_with_file_line_and_expectation() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bad.toml");
    std::fs::write(
        &file,
        "[board]\ngrid = \"prisms\"\nsize = [2, 1, 1]\n\n[[piece]]\nname = \"R\"\n\
         count = 2\ncells = [[0, 0, 0, 0], [0, 0, 2, 0]]\n",
    )
    .unwrap();
    let out = jigsat().arg("count").arg(&file).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("bad.toml") && err.contains(":8"), "{err}");
    assert!(err.contains("[x, y, t, z]"), "{err}");
}

/// The drawing `jigsat solve FILE` prints (its lines after the first,
/// up to the level line).
fn drawing(file: &Path) -> Vec<String> {
    let out = jigsat().arg("solve").arg(file).output().unwrap();
    assert_success(&out);
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .skip(1)
        .take_while(|l| !l.starts_with("level"))
        .map(str::to_string)
        .collect()
}

#[test]
fn prisms_are_drawn_layer_by_layer_as_the_triangles_are() {
    // Two rhombi fill a 2 x 1 parallelogram of triangles one way only;
    // four fill it two layers deep. Each layer of the prisms' drawing is
    // the triangles' drawing, under its heading, the layers side by side.
    let dir = tempfile::tempdir().unwrap();
    let flat = dir.path().join("flat.toml");
    std::fs::write(
        &flat,
        "[board]\ngrid = \"triangles\"\nsize = [2, 1]\n\n[[piece]]\nname = \"R\"\n\
         count = 2\ncells = [[0, 0, 0], [0, 0, 1]]\n",
    )
    .unwrap();
    let stacked = dir.path().join("stacked.toml");
    std::fs::write(
        &stacked,
        "[board]\ngrid = \"prisms\"\nsize = [2, 1, 2]\n\n[[piece]]\nname = \"R\"\n\
         count = 4\ncells = [[0, 0, 0, 0], [0, 0, 1, 0]]\n",
    )
    .unwrap();
    let layer = drawing(&flat);
    assert!(
        layer.iter().any(|l| l.contains("R\\R")),
        "a wall: {layer:?}"
    );
    let width = layer.iter().map(|l| l.chars().count()).max().unwrap();
    let pad = |s: &str| format!("{s:width$}   ");
    let mut want = vec![format!("{}z=1", pad("z=0"))];
    want.extend(
        layer
            .iter()
            .map(|l| format!("{}{l}", pad(l)).trim_end().to_string()),
    );
    assert_eq!(drawing(&stacked), want);
}

#[test]
fn stored_prism_assemblies_are_read_as_checked_solutions() {
    // BurrTools' own stored assemblies on the prism grid: Prisgon's two
    // problems and Bermuda, each decoded by the prism grid's turns and
    // checked against its puzzle (`stored` refuses one that does not
    // fill it).
    let mut decoded = 0;
    for (name, problems) in [("Prisgon", 2), ("Bermuda", 1)] {
        let Some(path) = shared(&format!("burrtools/{name}.xmpuzzle")) else {
            return;
        };
        let bytes = std::fs::read(&path).unwrap();
        let file = jigsat::internal::puzzle::burrtools::read(&bytes, name).unwrap();
        for p in 0..problems {
            let choice = p.to_string();
            let puzzle = file.puzzle(Some(&choice), name).unwrap();
            let solutions = jigsat::internal::solution::stored(&file, Some(&choice), &puzzle)
                .unwrap_or_else(|e| panic!("{name} problem {p}: {e}"));
            assert_eq!(solutions.len(), file.problems[p].stored.len());
            decoded += solutions.len();
        }
    }
    assert_eq!(decoded, 3);
}

/// JSON gives a prism as the file writes it, `[x, y, t, z]`: the cells of
/// a solution of the example are exactly the board's 24 prisms of
/// `size = [3, 2, 2]`, each once.
#[test]
fn json_lists_prisms_in_the_files_coordinates() {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles/prisms-trapezoids.toml");
    let out = jigsat()
        .arg("solve")
        .arg(&file)
        .args(["--format", "json"])
        .output()
        .unwrap();
    assert_success(&out);
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let mut cells: Vec<Vec<i64>> = doc["solutions"][0]["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|p| p["cells"].as_array().unwrap().clone())
        .map(|c| {
            c.as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_i64().unwrap())
                .collect()
        })
        .collect();
    cells.sort();
    let mut board = Vec::new();
    for x in 0..3 {
        for y in 0..2 {
            for t in 0..2 {
                for z in 0..2 {
                    board.push(vec![x, y, t, z]);
                }
            }
        }
    }
    board.sort();
    assert_eq!(cells, board);
}
