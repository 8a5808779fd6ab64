//! Triangles and hexagons (issue 37): the published counts of Polyform
//! Puzzler as oracles, two engines agreeing on each, orientation counts
//! as the literature gives them, drawings and refused input.

mod common;

use common::{jigsat, puzzle_path};
use serde_json::Value;

/// (count, distinct) of a puzzle file by one engine.
fn count(name: &str, engine: &str) -> (u64, u64) {
    let output = jigsat()
        .arg("count")
        .arg(puzzle_path(name))
        .args(["--format", "json", "--solver", engine])
        .output()
        .unwrap();
    let json: Value = serde_json::from_slice(&output.stdout).unwrap();
    // A count of none is an impossible puzzle: `unsolvable`, exit 1.
    let none = json["count"] == 0;
    let status = if none { "unsolvable" } else { "solved" };
    assert_eq!(json["status"], status);
    assert_eq!(output.status.code(), Some(i32::from(none)), "{json}");
    (
        json["count"].as_u64().unwrap(),
        json["distinct"].as_u64().unwrap(),
    )
}

/// The published distinct count, by two engines, and the fixed-board
/// count the board's group makes of it.
fn agree(name: &str, distinct: u64, symmetries: u64) {
    for engine in ["dlx", "first-cell"] {
        assert_eq!(
            count(name, engine),
            (distinct * symmetries, distinct),
            "{name} by {engine}"
        );
    }
}

/// The 12 hexiamonds cannot fill the 3 × 12 parallelogram.
#[test]
fn hexiamonds_do_not_fill_3x12() {
    agree("hexiamonds-3x12.toml", 0, 2);
}

/// Polyform Puzzler: 156 ways up to the rhombus's 4 symmetries.
#[test]
#[ignore]
fn hexiamonds_fill_the_6x6_rhombus_156_ways() {
    agree("hexiamonds-6x6.toml", 156, 4);
}

/// Polyform Puzzler: 74 ways up to the parallelogram's 2 symmetries.
#[test]
#[ignore]
fn hexiamonds_fill_4x9_74_ways() {
    agree("hexiamonds-4x9.toml", 74, 2);
}

/// Polyform Puzzler: 12,290 ways up to the hexagon's 12 symmetries.
#[test]
#[ignore]
fn trihexes_and_tetrahexes_fill_the_37_hexagon_12290_ways() {
    agree("polyhexes-hexagon37.toml", 12_290, 12);
}

/// `info`'s figures for one puzzle.
fn info(path: &std::path::Path) -> Value {
    let output = jigsat()
        .arg("info")
        .arg(path)
        .args(["--format", "json"])
        .output()
        .unwrap();
    common::assert_success(&output);
    serde_json::from_slice(&output.stdout).unwrap()
}

/// The 12 hexiamonds lie 94 ways (the fixed hexiamonds, OEIS A001420),
/// and 7 of them are chiral (19 one-sided hexiamonds); the 3 trihexes
/// and 7 tetrahexes 11 + 44 ways (A001207).
#[test]
fn orientations_are_the_fixed_polyforms() {
    let orientations = |json: &Value| -> Vec<u64> {
        (json["pieces"].as_array().unwrap().iter())
            .map(|p| p["orientations"].as_u64().unwrap())
            .collect()
    };
    let free = orientations(&info(&puzzle_path("hexiamonds-6x6.toml")));
    assert_eq!(free.iter().sum::<u64>(), 94);
    let text = std::fs::read_to_string(puzzle_path("hexiamonds-6x6.toml")).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let one_sided = dir.path().join("one-sided.toml");
    let text = text.replace(
        "size = [6, 6]",
        "size = [6, 6]\n\n[rules]\nrotations = \"plane\"",
    );
    std::fs::write(&one_sided, text).unwrap();
    let turned = orientations(&info(&one_sided));
    let chiral = free.iter().zip(&turned).filter(|(f, t)| f != t).count();
    assert_eq!(chiral, 7);
    for (f, t) in free.iter().zip(&turned) {
        assert!(f == t || *f == 2 * t, "{f} {t}");
    }
    let hexes = orientations(&info(&puzzle_path("polyhexes-hexagon37.toml")));
    assert_eq!(hexes[..3].iter().sum::<u64>(), 11);
    assert_eq!(hexes[3..].iter().sum::<u64>(), 44);
    let group = |path: &std::path::Path| info(path)["symmetry"]["order"].as_u64();
    assert_eq!(group(&puzzle_path("polyhexes-hexagon37.toml")), Some(12));
    assert_eq!(group(&puzzle_path("hexiamonds-6x6.toml")), Some(4));
}

/// A solution on either grid is drawn with its pieces' glyphs between
/// walls, and listed in the file's coordinates, each cell once.
#[test]
fn solutions_are_drawn_and_listed_in_the_files_coordinates() {
    for (name, arity, cells) in [
        ("polyhexes-hexagon37.toml", 2, 37),
        ("hexiamonds-3x12.toml", 3, 0),
    ] {
        let output = jigsat()
            .arg("solve")
            .arg(puzzle_path(name))
            .args(["--format", "json"])
            .output()
            .unwrap();
        let json: Value = serde_json::from_slice(&output.stdout).unwrap();
        let mut seen = std::collections::BTreeSet::new();
        for s in json["solutions"].as_array().unwrap() {
            for p in s["pieces"].as_array().unwrap() {
                for c in p["cells"].as_array().unwrap() {
                    assert_eq!(c.as_array().unwrap().len(), arity, "{c}");
                    assert!(seen.insert(c.to_string()), "{c} twice");
                }
            }
        }
        assert_eq!(seen.len(), cells, "{name}");
    }
    let output = jigsat()
        .arg("solve")
        .arg(puzzle_path("polyhexes-hexagon37.toml"))
        .output()
        .unwrap();
    common::assert_success(&output);
    let text = String::from_utf8(output.stdout).unwrap();
    let drawing = text.lines().skip(1).collect::<String>();
    let glyphs = drawing.chars().filter(|c| c.is_ascii_uppercase()).count();
    assert_eq!(glyphs, 37, "{text}");
    assert!(text.contains('|') && text.contains('/') && text.contains('\\'));
}

/// A small board written three ways — size, cells, art — is one board.
#[test]
fn size_cells_and_art_agree() {
    let dir = tempfile::tempdir().unwrap();
    let piece = "[[piece]]\nname = \"P\"\ncount = 2\ncells = [[0, 0, 0], [0, 0, 1]]\n";
    let ways = [
        "size = [2, 1]".to_string(),
        "cells = [[0, 0, 0], [0, 0, 1], [1, 0, 0], [1, 0, 1]]".to_string(),
        "shape = \"\"\"\nABCD\n\"\"\"".to_string(),
    ];
    let mut answers = Vec::new();
    for (i, board) in ways.iter().enumerate() {
        let path = dir.path().join(format!("{i}.toml"));
        let text = format!("[board]\ngrid = \"triangles\"\n{board}\n\n{piece}");
        std::fs::write(&path, text).unwrap();
        let output = jigsat()
            .arg("count")
            .arg(&path)
            .args(["--format", "json"])
            .output()
            .unwrap();
        common::assert_success(&output);
        let json: Value = serde_json::from_slice(&output.stdout).unwrap();
        answers.push((json["count"].clone(), json["distinct"].clone()));
    }
    // Two rhombi side by side: the pair of triangles each, or the middle
    // rhombus (an up and a down of two squares) and the two ends alone —
    // which would leave singles: so exactly one way.
    assert_eq!(answers[0], (1.into(), 1.into()));
    assert!(answers.iter().all(|a| *a == answers[0]), "{answers:?}");
}

/// Bad input on the new grids: exit 2, the file and the line
/// (`FILE:LINE:COLUMN:`), what was expected.
#[test]
fn bad_grids_and_cells_are_refused_with_the_line() {
    let cases = [
        (
            "[board]\ngrid = \"hexagon\"\nsize = [2, 2]\n[[piece]]\nname = \"A\"\ncells = [[0, 0]]\n",
            ":2:",
            "expected \"squares\", \"triangles\", \"hexagons\", \"spheres\", \"sticks\", \"prisms\", \"rhombic\" or \"tetra-octa\", not \"hexagon\"",
        ),
        (
            "[board]\ngrid = \"triangles\"\nsize = [2, 2]\n[[piece]]\nname = \"A\"\ncells = [[0, 0, 2]]\n",
            ":6:",
            "t = 0",
        ),
        (
            "[board]\ngrid = \"hexagons\"\nsize = [2, 2]\n[[piece]]\nname = \"A\"\ngrid = \"triangles\"\ncells = [[0, 0, 0]]\n",
            ":6:",
            "every piece lies on the board's grid",
        ),
        (
            "[board]\ngrid = \"hexagons\"\nshape = \"\"\"\nAB\n\"\"\"\n[[piece]]\nname = \"A\"\ncells = [[0, 0]]\n",
            ":3:",
            "between two hexagons",
        ),
        (
            "[board]\ngrid = \"hexagons\"\nsize = [2, 2, 2]\n[[piece]]\nname = \"A\"\ncells = [[0, 0]]\n",
            ":3:",
            "[width, height]",
        ),
    ];
    let dir = tempfile::tempdir().unwrap();
    for (i, (text, line, expected)) in cases.iter().enumerate() {
        let path = dir.path().join(format!("bad{i}.toml"));
        std::fs::write(&path, text).unwrap();
        let output = jigsat().arg("solve").arg(&path).output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{text}\n{stderr}");
        assert!(
            stderr.contains(&format!("bad{i}.toml{line}")),
            "{line} in {stderr}"
        );
        assert!(stderr.contains(expected), "{expected} in {stderr}");
    }
}

/// The SVG picture draws one wall per side of a piece that faces no cell
/// of the same piece: as many as the pieces' perimeters, counted here
/// from the JSON solution with the hexagons' own six neighbours.
#[test]
fn the_svg_picture_walls_every_piece_round() {
    let name = puzzle_path("polyhexes-hexagon37.toml");
    let run = |format: &str| {
        let output = jigsat()
            .arg("solve")
            .arg(&name)
            .args(["--format", format])
            .output()
            .unwrap();
        common::assert_success(&output);
        String::from_utf8(output.stdout).unwrap()
    };
    let json: Value = serde_json::from_str(&run("json")).unwrap();
    let steps = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)];
    let mut perimeter = 0;
    for p in json["solutions"][0]["pieces"].as_array().unwrap() {
        let cells: Vec<(i64, i64)> = (p["cells"].as_array().unwrap().iter())
            .map(|c| (c[0].as_i64().unwrap(), c[1].as_i64().unwrap()))
            .collect();
        for &(q, r) in &cells {
            perimeter += (steps.iter())
                .filter(|(dq, dr)| !cells.contains(&(q + dq, r + dr)))
                .count();
        }
    }
    let svg = run("svg");
    assert_eq!(svg.matches("<line").count(), perimeter);
    assert_eq!(svg.matches("<polygon").count(), 2 * 37, "board and pieces");
}

/// `convert` writes a flat grid's puzzle back as TOML that counts the
/// same, and refuses BurrTools (whose grids are in space).
#[test]
fn convert_keeps_the_grid() {
    let dir = tempfile::tempdir().unwrap();
    let again = dir.path().join("again.toml");
    let output = jigsat()
        .arg("convert")
        .arg(puzzle_path("hexiamonds-3x12.toml"))
        .arg("-o")
        .arg(&again)
        .output()
        .unwrap();
    common::assert_success(&output);
    let text = std::fs::read_to_string(&again).unwrap();
    assert!(text.contains("grid = \"triangles\""), "{text}");
    let info = |path: &std::path::Path| {
        let output = jigsat()
            .arg("info")
            .arg(path)
            .args(["--format", "json"])
            .output()
            .unwrap();
        let json: Value = serde_json::from_slice(&output.stdout).unwrap();
        (
            json["pieces"].clone(),
            json["placements"].clone(),
            json["symmetry"].clone(),
        )
    };
    assert_eq!(info(&again), info(&puzzle_path("hexiamonds-3x12.toml")));
    let output = jigsat()
        .arg("convert")
        .arg(puzzle_path("hexiamonds-3x12.toml"))
        .arg("-o")
        .arg(dir.path().join("x.xmpuzzle"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
}

/// A split count on the triangular grid merges to the published figure:
/// the parts never ask which grid they are on.
#[test]
#[ignore]
fn a_split_count_of_hexiamonds_merges_to_156() {
    let dir = tempfile::tempdir().unwrap();
    let out = format!("{}/", dir.path().display());
    let output = jigsat()
        .arg("split")
        .arg(puzzle_path("hexiamonds-6x6.toml"))
        .args(["-o", &out])
        .output()
        .unwrap();
    common::assert_success(&output);
    for job in std::fs::read_dir(dir.path().join("jobs")).unwrap() {
        let output = jigsat()
            .arg("count")
            .arg(job.unwrap().path())
            .output()
            .unwrap();
        assert!(matches!(output.status.code(), Some(0 | 1)), "{output:?}");
    }
    let output = jigsat()
        .arg("merge")
        .arg(&out)
        .args(["--format", "json"])
        .output()
        .unwrap();
    common::assert_success(&output);
    let json: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(
        (json["count"].as_u64(), json["distinct"].as_u64()),
        (Some(624), Some(156))
    );
}

/// The perfect matchings of the contact graph of some balls (two touch
/// when they differ by 1 in two coordinates), by brute force.
fn matchings(balls: &[[i64; 3]]) -> u64 {
    let Some((&first, rest)) = balls.split_first() else {
        return 1;
    };
    let touch = |a: [i64; 3], b: [i64; 3]| {
        let mut d: Vec<i64> = (0..3).map(|i| (a[i] - b[i]).abs()).collect();
        d.sort_unstable();
        d == [0, 1, 1]
    };
    (0..rest.len())
        .filter(|&j| touch(first, rest[j]))
        .map(|j| {
            let others: Vec<[i64; 3]> = (rest.iter().enumerate())
                .filter(|&(k, _)| k != j)
                .map(|(_, &b)| b)
                .collect();
            matchings(&others)
        })
        .sum()
}

/// Pairs of touching balls tile a ball pyramid in as many ways as its
/// contact graph has perfect matchings, by two engines; the board's
/// group is the square pyramid's 8.
#[test]
fn ball_pairs_tile_a_pyramid_as_its_perfect_matchings() {
    let text = std::fs::read_to_string(puzzle_path("spheres-pyramid14.toml")).unwrap();
    let table: toml::Table = text.parse().unwrap();
    let balls: Vec<[i64; 3]> = (table["board"]["cells"].as_array().unwrap().iter())
        .map(|c| {
            let v = c.as_array().unwrap();
            [0, 1, 2].map(|i| v[i].as_integer().unwrap())
        })
        .collect();
    let expected = matchings(&balls);
    assert_eq!(expected, 128);
    for engine in ["dlx", "first-cell"] {
        let (fixed, distinct) = count("spheres-pyramid14.toml", engine);
        assert_eq!(fixed, expected, "{engine}");
        assert_eq!(fixed, 8 * distinct, "{engine}");
    }
    // A box of balls (`size`: the points of even sum) the same way.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("box.toml");
    let piece = "[[piece]]\nname = \"D\"\ncount = 6\ncells = [[0, 0, 0], [1, 1, 0]]\n";
    std::fs::write(
        &path,
        format!("[board]\ngrid = \"spheres\"\nsize = [4, 3, 2]\n{piece}"),
    )
    .unwrap();
    let output = jigsat()
        .arg("count")
        .arg(&path)
        .args(["--format", "json"])
        .output()
        .unwrap();
    common::assert_success(&output);
    let json: Value = serde_json::from_slice(&output.stdout).unwrap();
    let boxed: Vec<[i64; 3]> = (0..2)
        .flat_map(|z| (0..3).flat_map(move |y| (0..4).map(move |x| [x, y, z])))
        .filter(|[x, y, z]| (x + y + z) % 2 == 0)
        .collect();
    assert_eq!(json["count"].as_u64(), Some(matchings(&boxed)));
    // A ball of odd sum is no ball: refused with the line.
    let bad = dir.path().join("bad.toml");
    std::fs::write(
        &bad,
        format!("[board]\ngrid = \"spheres\"\ncells = [[0, 0, 1], [1, 1, 1]]\n{piece}"),
    )
    .unwrap();
    let output = jigsat().arg("count").arg(&bad).output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("bad.toml:3:") && stderr.contains("x + y + z even"),
        "{stderr}"
    );
}

/// Balls do not slide as cubes do: the disassembler's moves are a cube's,
/// so a ball pyramid gets no level line (it had "level: 1", measured with
/// cube moves) and `disasm` refuses it as bad input.
#[test]
fn balls_are_not_taken_apart_with_the_moves_of_cubes() {
    let path = puzzle_path("spheres-pyramid14.toml");
    let out = jigsat().args(["solve"]).arg(&path).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(!text.contains("level"), "{text}");
    let out = jigsat().args(["disasm"]).arg(&path).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("spheres"), "{err}");
}

/// On the sphere grid no two balls share a wall in the text drawing, so
/// each copy of a piece is numbered: the 7 dominoes of the 14-ball
/// pyramid show as D1 to D7, each on exactly its two balls.
#[test]
fn the_sphere_drawing_numbers_the_copies_ball_by_ball() {
    let output = jigsat()
        .arg("solve")
        .arg(puzzle_path("spheres-pyramid14.toml"))
        .output()
        .unwrap();
    common::assert_success(&output);
    let text = String::from_utf8_lossy(&output.stdout);
    for n in 1..=7 {
        let tag = format!("D{n}");
        assert_eq!(text.matches(&tag).count(), 2, "{tag} in\n{text}");
    }
    assert!(!text.contains("D8"), "{text}");
}
