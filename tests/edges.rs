//! Edge-matching puzzles: big-cats, generated puzzles with a planted
//! solution, engines agreeing, and broken tile files. Every solution is
//! checked here from the puzzle file and the JSON alone.

mod common;

use std::collections::HashMap;
use std::path::Path;

use common::tiles::{Layout, Tiles, check, layout, read_tiles, turned};
use common::{jigsat, puzzle_path};
use serde_json::Value;

/// The layout turned a quarter clockwise on a `w` x `h` board (which
/// becomes `h` x `w`).
fn turn(lay: &Layout, h: i64) -> Layout {
    lay.iter()
        .map(|(&(x, y), (name, r, edges))| {
            let turned = (0..4).map(|d| edges[(d + 3) % 4].clone()).collect();
            ((h - 1 - y, x), (name.clone(), (r + 1) % 4, turned))
        })
        .collect()
}

/// Whether `lay` is one of the board's rotations of `class` (as edge
/// labels lying on each position: tiles that look alike are the same).
fn same_up_to_rotation(puzzle: &Tiles, class: &Layout, lay: &Layout) -> bool {
    let looks = |l: &Layout| -> HashMap<(i64, i64), Vec<String>> {
        l.iter().map(|(&p, (_, _, e))| (p, e.clone())).collect()
    };
    let target = looks(lay);
    let (mut w, mut h) = (puzzle.width, puzzle.height);
    let mut current = class.clone();
    for _ in 0..4 {
        if w == puzzle.width && looks(&current) == target {
            return true;
        }
        current = turn(&current, h);
        std::mem::swap(&mut w, &mut h);
    }
    false
}

fn run_json(args: &[&str]) -> Value {
    let output = jigsat().args(args).output().unwrap();
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).unwrap()
}

fn counts(path: &Path, extra: &[&str]) -> (u64, u64) {
    let p = path.to_str().unwrap();
    let mut args = vec!["count", p, "--format", "json"];
    args.extend_from_slice(extra);
    let v = run_json(&args);
    (
        v["count"].as_u64().unwrap(),
        v["distinct"].as_u64().unwrap(),
    )
}

#[test]
fn big_cats_has_four_solutions_one_distinct_with_every_engine_and_encoding() {
    let path = puzzle_path("big-cats.toml");
    let puzzle = read_tiles(&path);
    let p = path.to_str().unwrap();
    for extra in [
        &["--solver", "dlx"][..],
        &["--solver", "varisat", "--edges", "colours"],
        &["--solver", "varisat", "--edges", "direct"],
        &["--solver", "varisat", "--edges", "direct", "--no-symmetry"],
    ] {
        assert_eq!(counts(&path, extra), (4, 1), "{extra:?}");
        let mut args = vec!["solve", p, "--all", "--format", "json"];
        args.extend_from_slice(extra);
        let v = run_json(&args);
        assert_eq!(v["count"], 4);
        let solutions = v["solutions"].as_array().unwrap();
        assert_eq!(solutions.len(), 1);
        for s in solutions {
            check(&puzzle, s);
        }
        // The known solution: top row tile 2 turned three times (lion+,
        // tiger-, cheetah+, lion-), then tiles 1 and 6 unturned.
        let class = layout(&solutions[0]);
        let mut current = class.clone();
        let found = (0..4).any(|_| {
            let hit = current[&(0, 0)].0 == "2"
                && current[&(0, 0)].1 == 3
                && current[&(0, 0)].2 == ["lion+", "tiger-", "cheetah+", "lion-"]
                && current[&(1, 0)].0 == "1"
                && current[&(1, 0)].1 == 0
                && current[&(2, 0)].0 == "6"
                && current[&(2, 0)].1 == 0;
            current = turn(&current, 3);
            hit
        });
        assert!(found, "the known solution is a rotation of {class:?}");
    }
    for edges in ["colours", "direct"] {
        let v = run_json(&["solve", p, "--format", "json", "--edges", edges]);
        assert_eq!(v["status"], "solved");
        assert!(v["stats"]["encoding"].as_str().unwrap().ends_with(edges));
        check(&puzzle, &v["solutions"][0]);
    }
}

#[test]
fn big_cats_draws_each_tile_with_its_labels() {
    let output = jigsat()
        .args([
            "solve",
            puzzle_path("big-cats.toml").to_str().unwrap(),
            "-q",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.starts_with("┌───"), "{text}");
    assert_eq!(text.lines().count(), 3 * 4 + 1, "{text}");
    assert!(text.contains("cheetah-") && text.contains("panther+"));
    let ascii = jigsat()
        .args([
            "solve",
            puzzle_path("big-cats.toml").to_str().unwrap(),
            "-q",
            "--ascii",
        ])
        .output()
        .unwrap();
    let ascii = String::from_utf8(ascii.stdout).unwrap();
    assert!(ascii.starts_with("+---"), "{ascii}");
    assert_eq!(ascii.lines().count(), 3 * 4 + 1, "{ascii}");
}

fn generate(
    dir: &Path,
    size: &str,
    colours: u32,
    border: Option<&str>,
    seed: u64,
) -> std::path::PathBuf {
    generate_with(dir, size, colours, border, seed, &[])
}

/// `generate edges` with `extra` arguments (--frame-colours, --clues).
fn generate_with(
    dir: &Path,
    size: &str,
    colours: u32,
    border: Option<&str>,
    seed: u64,
    extra: &[&str],
) -> std::path::PathBuf {
    let path = dir.join(format!(
        "e{size}-{colours}-{}-{seed}{}.toml",
        border.unwrap_or("none"),
        extra.join("")
    ));
    let colours = colours.to_string();
    let seed = seed.to_string();
    let mut args = vec![
        "generate",
        "edges",
        "--size",
        size,
        "--colours",
        &colours,
        "--seed",
        &seed,
        "-o",
        path.to_str().unwrap(),
    ];
    if let Some(b) = border {
        args.extend_from_slice(&["--border", b]);
    }
    args.extend_from_slice(extra);
    let output = jigsat().args(&args).output().unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    path
}

/// The planted solution recorded in a generated file's comments.
fn planted(path: &Path, puzzle: &Tiles) -> Layout {
    let text = std::fs::read_to_string(path).unwrap();
    let mut lay = Layout::new();
    for line in text.lines() {
        let Some(rest) = line.strip_prefix("# planted y=") else {
            continue;
        };
        let (y, row) = rest.split_once(": ").unwrap();
        for (x, entry) in row.split(' ').enumerate() {
            let (name, r) = entry.split_once('/').unwrap();
            let r: u64 = r.parse().unwrap();
            let edges = turned(&puzzle.tiles[name].0, r);
            lay.insert((x as i64, y.parse().unwrap()), (name.to_string(), r, edges));
        }
    }
    lay
}

#[test]
fn generated_puzzles_are_solved_and_checked_and_the_planted_solution_is_found() {
    let dir = tempfile::tempdir().unwrap();
    let cases: &[(&str, u32, Option<&str>, u64)] = &[
        ("3x3", 3, None, 1),
        ("3x3", 4, Some("0"), 2),
        ("4x3", 3, Some("0"), 5),
        ("4x4", 5, Some("x"), 7),
        ("2x5", 3, Some("0"), 3),
        ("6x6", 5, Some("0"), 11),
    ];
    for &(size, colours, border, seed) in cases {
        let path = generate(dir.path(), size, colours, border, seed);
        let puzzle = read_tiles(&path);
        let plant = planted(&path, &puzzle);
        // The planted layout itself obeys the rules.
        let plant_json = serde_json::json!({ "tiles": plant.iter().map(|(&(x, y), (n, r, e))| {
            serde_json::json!({ "tile": n, "at": [x, y], "rotation": r, "edges": e })
        }).collect::<Vec<_>>() });
        check(&puzzle, &plant_json);
        let p = path.to_str().unwrap();
        for edges in ["colours", "direct"] {
            let v = run_json(&["solve", p, "--format", "json", "--edges", edges]);
            check(&puzzle, &v["solutions"][0]);
        }
        if puzzle.width * puzzle.height > 12 {
            continue;
        }
        let v = run_json(&["solve", p, "--all", "--format", "json"]);
        let classes = v["solutions"].as_array().unwrap();
        for s in classes {
            check(&puzzle, s);
        }
        assert!(
            classes
                .iter()
                .any(|s| same_up_to_rotation(&puzzle, &layout(s), &plant)),
            "{size} seed {seed}: the planted solution is among the {} classes",
            classes.len()
        );
    }
}

#[test]
fn sat_and_exact_cover_engines_count_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let mut files = vec![puzzle_path("big-cats.toml")];
    for (size, colours, border, seed) in [
        ("3x3", 3, None, 1),
        ("3x3", 2, None, 4),
        ("4x3", 3, Some("0"), 5),
        ("4x4", 3, Some("0"), 9),
        ("2x2", 1, None, 0),
    ] {
        files.push(generate(dir.path(), size, colours, border, seed));
    }
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let reference = counts(path, &["--solver", "varisat", "--edges", "colours"]);
        assert!(reference.0 >= 1, "{}", path.display());
        assert_eq!(
            counts(path, &["--solver", "varisat", "--edges", "direct"]),
            reference,
            "{}",
            path.display()
        );
        assert_eq!(
            counts(path, &["--solver", "varisat", "--no-symmetry"]),
            reference,
            "{}",
            path.display()
        );
        // dlx handles at most one tile with copies (its count is implied).
        if text.matches("count = ").count() <= 1 {
            assert_eq!(
                counts(path, &["--solver", "dlx"]),
                reference,
                "{}",
                path.display()
            );
        }
    }
}

#[test]
fn generate_is_deterministic() {
    let a = jigsat()
        .args([
            "generate",
            "edges",
            "--size",
            "5x4",
            "--colours",
            "4",
            "--seed",
            "42",
        ])
        .output()
        .unwrap();
    let b = jigsat()
        .args([
            "generate",
            "edges",
            "--size",
            "5x4",
            "--colours",
            "4",
            "--seed",
            "42",
        ])
        .output()
        .unwrap();
    assert!(a.status.success());
    assert_eq!(a.stdout, b.stdout);
    let bad = jigsat()
        .args(["generate", "edges", "--size", "5by4", "--colours", "4"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn dimacs_and_decode_carry_the_edge_encoding() {
    let dir = tempfile::tempdir().unwrap();
    let cnf = dir.path().join("cats.cnf");
    let p = puzzle_path("big-cats.toml");
    let output = jigsat()
        .args(["dimacs", p.to_str().unwrap(), "--edges", "direct", "-o"])
        .arg(&cnf)
        .output()
        .unwrap();
    assert!(output.status.success());
    let text = std::fs::read_to_string(&cnf).unwrap();
    assert!(text.contains("c option edges=direct"), "{}", &text[..300]);
    assert!(
        text.contains("c var 1 1 turned 0 (0,0,0)"),
        "{}",
        &text[..600]
    );
    // A model from a solver, decoded through the header's encoding.
    let solved = run_json(&[
        "solve",
        p.to_str().unwrap(),
        "--format",
        "json",
        "--edges",
        "direct",
    ]);
    assert_eq!(solved["status"], "solved");
    let output = jigsat()
        .args(["decode", p.to_str().unwrap(), "-", "--cnf"])
        .arg(&cnf)
        .write_stdin("s UNSATISFIABLE\n")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
}

/// (file name, contents, pieces of the expected message).
const BROKEN: &[(&str, &str, &[&str])] = &[
    (
        "no-sign.toml",
        "[board]\nsize = [1, 1]\n[rules]\nmatch = \"complement\"\n[[tile]]\nname = \"a\"\nedges = [\"lion+\", \"lion\", \"x-\", \"y+\"]\n",
        &["no-sign.toml:7:", "tile[0].edges[1]", "'+' or '-'"],
    ),
    (
        "three-edges.toml",
        "[board]\nsize = [1, 1]\n[[tile]]\nname = \"a\"\nedges = [\"a\", \"b\", \"c\"]\n",
        &["three-edges.toml:5:", "tile[0].edges", "four labels"],
    ),
    (
        "tile-key.toml",
        "[board]\nsize = [1, 1]\n[[tile]]\nname = \"a\"\nedges = [\"a\", \"b\", \"c\", \"d\"]\nglyph = \"x\"\n",
        &["tile-key.toml:6:", "tile[0].glyph", "unknown field"],
    ),
    (
        "tile-count.toml",
        "[board]\nsize = [2, 1]\n[[tile]]\nname = \"a\"\nedges = [\"a\", \"b\", \"c\", \"d\"]\n",
        &["tile-count.toml:1:", "board", "1 tiles for 2 positions"],
    ),
    (
        "tile-dup.toml",
        "[board]\nsize = [2, 1]\n[[tile]]\nname = \"a\"\nedges = [\"a\", \"b\", \"c\", \"d\"]\n[[tile]]\nname = \"a\"\nedges = [\"a\", \"b\", \"c\", \"d\"]\n",
        &["tile-dup.toml:7:", "tile[1].name", "duplicate"],
    ),
    (
        "tile-match.toml",
        "[board]\nsize = [1, 1]\n[rules]\nmatch = \"same\"\n[[tile]]\nname = \"a\"\nedges = [\"a\", \"b\", \"c\", \"d\"]\n",
        &[
            "tile-match.toml:4:",
            "rules.match",
            "\"equal\" or \"complement\"",
        ],
    ),
    (
        "clue-outside.toml",
        "[board]\nsize = [2, 1]\n[[tile]]\nname = \"a\"\nedges = [\"a\", \"a\", \"a\", \"a\"]\nat = [2, 0]\n[[tile]]\nname = \"b\"\nedges = [\"a\", \"a\", \"a\", \"a\"]\n",
        &[
            "clue-outside.toml:6:",
            "tile[0].at",
            "not a position of the board",
        ],
    ),
    (
        "clue-twice.toml",
        "[board]\nsize = [2, 1]\n[[tile]]\nname = \"a\"\nedges = [\"a\", \"a\", \"a\", \"a\"]\nat = [1, 0]\n[[tile]]\nname = \"b\"\nedges = [\"a\", \"a\", \"a\", \"a\"]\nat = [1, 0]\n",
        &[
            "clue-twice.toml:10:",
            "tile[1].at",
            "tile[0] is already fixed at [1, 0]",
        ],
    ),
    (
        "clue-copies.toml",
        "[board]\nsize = [2, 1]\n[[tile]]\nname = \"a\"\nedges = [\"a\", \"a\", \"a\", \"a\"]\ncount = 2\nat = [1, 0]\n",
        &["clue-copies.toml:7:", "tile[0].at", "count = 2"],
    ),
    (
        "clue-bad-at.toml",
        "[board]\nsize = [2, 1]\n[[tile]]\nname = \"a\"\nedges = [\"a\", \"a\", \"a\", \"a\"]\nat = [-1, 0, 3]\n[[tile]]\nname = \"b\"\nedges = [\"a\", \"a\", \"a\", \"a\"]\n",
        &["clue-bad-at.toml:6:", "tile[0].at", "[x, y]"],
    ),
    (
        "clue-turn.toml",
        "[board]\nsize = [2, 1]\n[[tile]]\nname = \"a\"\nedges = [\"a\", \"a\", \"a\", \"a\"]\nat = [0, 0]\nrotation = 4\n[[tile]]\nname = \"b\"\nedges = [\"a\", \"a\", \"a\", \"a\"]\n",
        &["clue-turn.toml:7:", "tile[0].rotation", "0, 1, 2 or 3"],
    ),
    (
        "clue-no-at.toml",
        "[board]\nsize = [2, 1]\n[[tile]]\nname = \"a\"\nedges = [\"a\", \"a\", \"a\", \"a\"]\nrotation = 1\n[[tile]]\nname = \"b\"\nedges = [\"a\", \"a\", \"a\", \"a\"]\n",
        &["clue-no-at.toml:6:", "tile[0].rotation", "at = [x, y]"],
    ),
    (
        "clue-unturned.toml",
        "[board]\nsize = [2, 1]\n[rules]\nrotations = \"none\"\n[[tile]]\nname = \"a\"\nedges = [\"a\", \"a\", \"a\", \"a\"]\nat = [0, 0]\nrotation = 1\n[[tile]]\nname = \"b\"\nedges = [\"a\", \"a\", \"a\", \"a\"]\n",
        &[
            "clue-unturned.toml:9:",
            "tile[0].rotation",
            "rotation must be 0",
        ],
    ),
    (
        "tile-space.toml",
        "[board]\nsize = [1, 1]\n[rules]\nrotations = \"space\"\n[[tile]]\nname = \"a\"\nedges = [\"a\", \"b\", \"c\", \"d\"]\n",
        &["tile-space.toml:4:", "rules.rotations", "plane"],
    ),
    (
        "tile-3d.toml",
        "[board]\nsize = [1, 1, 2]\n[[tile]]\nname = \"a\"\nedges = [\"a\", \"b\", \"c\", \"d\"]\ncount = 2\n",
        &["tile-3d.toml:1:", "board", "flat"],
    ),
    (
        "tile-zero.toml",
        "[board]\nsize = [1, 1]\n[[tile]]\nname = \"a\"\nedges = [\"a\", \"b\", \"c\", \"d\"]\ncount = 0\n",
        &["tile-zero.toml:6:", "tile[0].count", "whole number"],
    ),
    (
        "tile-fill.toml",
        "[board]\nsize = [1, 1]\n[rules]\nfill = \"partial\"\n[[tile]]\nname = \"a\"\nedges = [\"a\", \"b\", \"c\", \"d\"]\n",
        &["tile-fill.toml:4:", "rules.fill", "[[piece]]"],
    ),
    (
        "tile-edges-type.toml",
        "[board]\nsize = [1, 1]\n[[tile]]\nname = \"a\"\nedges = [1, 2, 3, 4]\n",
        &["tile-edges-type.toml:5:", "tile[0].edges"],
    ),
];

#[test]
fn broken_tile_files_get_a_clear_message_and_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    for (name, text, expected) in BROKEN {
        std::fs::write(dir.path().join(name), text).unwrap();
        for command in ["solve", "count", "info"] {
            let output = jigsat()
                .current_dir(dir.path())
                .args([command, name])
                .output()
                .unwrap();
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert_eq!(output.status.code(), Some(2), "{name}: {stderr}");
            assert!(!stderr.contains("panicked"), "{name}: {stderr}");
            assert_eq!(stderr.trim().lines().count(), 1, "{name}: {stderr}");
            for part in *expected {
                assert!(
                    stderr.contains(part),
                    "{name}: expected {part:?} in {stderr:?}"
                );
            }
        }
    }
}

#[test]
fn a_tile_puzzle_without_a_solution_exits_1() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("none.toml");
    std::fs::write(
        &path,
        "[board]\nsize = [2, 1]\n[[tile]]\nname = \"a\"\nedges = [\"a\", \"a\", \"a\", \"a\"]\n[[tile]]\nname = \"b\"\nedges = [\"b\", \"b\", \"b\", \"b\"]\n",
    )
    .unwrap();
    for extra in [
        &["--edges", "colours"][..],
        &["--edges", "direct"],
        &["--all"],
    ] {
        let output = jigsat()
            .arg("solve")
            .arg(&path)
            .args(extra)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(1), "{extra:?}");
    }
}

/// The row scan and fewest looks first against CaDiCaL's enumeration
/// (and dlx where it can take the tile counts) on generated boards up to
/// 5x5, with and without a border, copies included: the dynamic order
/// and its pruning by the colours neighbours can show back keep every
/// solution.
#[test]
fn the_row_scan_counts_like_sat_and_dlx_up_to_5x5() {
    let dir = tempfile::tempdir().unwrap();
    let mut files = vec![puzzle_path("big-cats.toml")];
    for (size, colours, border, seed) in [
        ("2x2", 1, None, 0),
        ("3x3", 2, None, 4),
        ("3x3", 3, None, 1),
        ("4x3", 3, Some("0"), 5),
        ("4x4", 3, Some("0"), 9),
        ("4x4", 5, Some("x"), 7),
        ("5x4", 4, Some("0"), 3),
        ("5x5", 3, Some("0"), 1),
        ("5x5", 4, Some("0"), 2),
        ("5x5", 5, Some("0"), 8),
    ] {
        files.push(generate(dir.path(), size, colours, border, seed));
    }
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let reference = counts(path, &["--solver", "cadical"]);
        assert!(reference.0 >= 1, "{}", path.display());
        for extra in [
            &["--solver", "row-scan"][..],
            &["--solver", "row-scan", "--no-symmetry"],
            &["--solver", "row-scan", "-j", "1"],
            &["--solver", "fewest"],
            &["--solver", "fewest", "--no-symmetry", "-j", "1"],
        ] {
            assert_eq!(
                counts(path, extra),
                reference,
                "{} {extra:?}",
                path.display()
            );
        }
        if text.matches("count = ").count() <= 1 {
            assert_eq!(counts(path, &["--solver", "dlx"]), reference);
        }
    }
}

#[test]
fn the_row_scan_finds_the_planted_solution_and_solves_larger_boards() {
    let dir = tempfile::tempdir().unwrap();
    let path = generate(dir.path(), "6x6", 5, Some("0"), 11);
    let puzzle = read_tiles(&path);
    let plant = planted(&path, &puzzle);
    let p = path.to_str().unwrap();
    let v = run_json(&[
        "solve", p, "--all", "--solver", "row-scan", "--format", "json",
    ]);
    let classes = v["solutions"].as_array().unwrap();
    classes.iter().for_each(|s| check(&puzzle, s));
    assert!(
        classes
            .iter()
            .any(|s| same_up_to_rotation(&puzzle, &layout(s), &plant))
    );
    // Larger boards, framed and not: the default engine is the row scan.
    for (size, colours, border, seed) in [("7x7", 6, Some("0"), 1), ("7x7", 8, None, 3)] {
        let path = generate(dir.path(), size, colours, border, seed);
        let puzzle = read_tiles(&path);
        let v = run_json(&["solve", path.to_str().unwrap(), "--format", "json"]);
        assert_eq!(v["stats"]["backend"], "row-scan", "{size}");
        check(&puzzle, &v["solutions"][0]);
    }
}

/// A framed board whose rim carries the inner colours closes its frame in
/// few ways, so the row scan fills the frame first; with one frame
/// colour (rings close in countless ways) or no frame it scans row by
/// row. Either way it counts what CaDiCaL counts and its answer checks.
#[test]
fn the_row_scan_closes_a_frame_of_many_colours_first() {
    let dir = tempfile::tempdir().unwrap();
    let frame_first = |path: &Path| {
        let out = jigsat()
            .args(["solve", path.to_str().unwrap(), "-vv", "--format", "json"])
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", path.display());
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        check(&read_tiles(path), &v["solutions"][0]);
        String::from_utf8_lossy(&out.stderr).contains("the frame first")
    };
    let ringed = generate(dir.path(), "5x5", 4, Some("0"), 2);
    assert!(frame_first(&ringed));
    let reference = counts(&ringed, &["--solver", "cadical"]);
    assert_eq!(counts(&ringed, &["--solver", "row-scan"]), reference);
    assert_eq!(counts(&ringed, &["--solver", "fewest"]), reference);
    let one_frame_colour = generate_with(
        dir.path(),
        "5x5",
        4,
        Some("0"),
        2,
        &["--frame-colours", "1"],
    );
    assert!(!frame_first(&one_frame_colour));
    let unframed = generate(dir.path(), "5x5", 4, None, 2);
    assert!(!frame_first(&unframed));
}

/// Frame first on a 6x6 board: the 4x4 inside is filled ring by ring, a
/// ring of 12 and then a ring of 4 whose positions know two, three, three
/// and four colours; the row scan counts what CaDiCaL counts, on one
/// thread and on two.
#[test]
#[ignore = "about a second in release"]
fn the_row_scan_counts_a_6x6_frame_first_like_sat() {
    let dir = tempfile::tempdir().unwrap();
    for seed in [1, 3] {
        let path = generate(dir.path(), "6x6", 5, Some("0"), seed);
        let out = jigsat()
            .args([
                "count",
                path.to_str().unwrap(),
                "-vv",
                "--solver",
                "row-scan",
            ])
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("the frame first"), "{stderr}");
        let reference = counts(&path, &["--solver", "cadical"]);
        assert!(reference.0 >= 1);
        for threads in ["1", "2"] {
            let extra = ["--solver", "row-scan", "-j", threads];
            assert_eq!(counts(&path, &extra), reference, "seed {seed}");
        }
    }
}

/// Fewest looks first on 6x6 frame-first boards, where its pruning cuts
/// the most: the same counts as CaDiCaL on one thread and two.
#[test]
#[ignore = "a few seconds in release"]
fn fewest_looks_first_counts_a_6x6_like_sat() {
    let dir = tempfile::tempdir().unwrap();
    for seed in [1, 3] {
        let path = generate(dir.path(), "6x6", 5, Some("0"), seed);
        let reference = counts(&path, &["--solver", "cadical"]);
        assert!(reference.0 >= 1);
        for threads in ["1", "2"] {
            let extra = ["--solver", "fewest", "-j", threads];
            assert_eq!(counts(&path, &extra), reference, "seed {seed}");
        }
    }
}

/// A path through fewest looks first's tree must be one it offered: the
/// position it chooses at each depth, a look that fits there.
#[test]
#[should_panic(expected = "a path must come from branches()")]
fn fewest_looks_first_refuses_a_path_it_did_not_offer() {
    use jigsat::internal::exact::{Fewest, Search};
    let puzzle = jigsat::internal::Puzzle::load(&puzzle_path("big-cats.toml")).unwrap();
    let instance = jigsat::internal::instance::Instance::new(&puzzle).unwrap();
    let mut search = Fewest::new(instance.cover(), &puzzle.board, &[]).unwrap();
    let offered = search.branches().unwrap();
    let mut path = vec![offered[0]];
    search.enter(&path);
    let second = search.branches().unwrap();
    search.leave(&path);
    let wrong = (0..instance.cover().options.len() as u32)
        .find(|o| !second.contains(o) && !offered.contains(o))
        .unwrap();
    path.push(wrong);
    search.enter(&path);
}

#[test]
#[should_panic(expected = "a path must come from branches()")]
fn the_row_scan_refuses_a_path_it_did_not_offer() {
    use jigsat::internal::exact::{RowScan, Search};
    let puzzle = jigsat::internal::Puzzle::load(&puzzle_path("big-cats.toml")).unwrap();
    let instance = jigsat::internal::instance::Instance::new(&puzzle).unwrap();
    let mut search = RowScan::new(instance.cover(), None, &[]).unwrap();
    let offered = search.branches().unwrap();
    // An option of the first position that does not fit the second.
    let mut path = vec![offered[0]];
    search.enter(&path);
    let second = search.branches().unwrap();
    search.leave(&path);
    let wrong = (0..instance.cover().options.len() as u32)
        .find(|o| !second.contains(o) && !offered.contains(o))
        .unwrap();
    path.push(wrong);
    search.enter(&path);
}

/// Generated boards with clues: every engine solves them with each clue
/// where it was fixed (the checker reads `at` and `rotation` from the
/// file), and they all count alike.
#[test]
fn clues_stay_where_they_are_fixed_and_every_engine_counts_alike() {
    let dir = tempfile::tempdir().unwrap();
    for (size, colours, seed, extra) in [
        ("4x4", 3, 1, &["--clues", "2"][..]),
        ("5x5", 3, 2, &["--frame-colours", "2", "--clues", "3"]),
        ("5x5", 4, 4, &["--frame-colours", "1", "--clues", "1"]),
        ("6x6", 5, 3, &["--frame-colours", "2", "--clues", "4"]),
    ] {
        let path = generate_with(dir.path(), size, colours, Some("0"), seed, extra);
        let puzzle = read_tiles(&path);
        assert!(!puzzle.fixed.is_empty(), "{size}: clues written");
        let p = path.to_str().unwrap();
        let reference = counts(&path, &["--solver", "cadical"]);
        assert!(reference.0 >= 1, "{size}: the planted solution counts");
        for solver in ["row-scan", "fewest", "varisat", "cadical"] {
            let v = run_json(&["solve", p, "--all", "--solver", solver, "--format", "json"]);
            let classes = v["solutions"].as_array().unwrap();
            classes.iter().for_each(|s| check(&puzzle, s));
            assert_eq!(classes.len() as u64, reference.1, "{size} {solver}");
            assert_eq!(
                counts(&path, &["--solver", solver]),
                reference,
                "{size} {solver}"
            );
        }
    }
}

/// Frame colours are their own: an edge between two frame tiles carries
/// one (A, B, ...), every other inner edge an inner colour (a, b, ...).
#[test]
fn frame_colours_run_along_the_rim_only() {
    let dir = tempfile::tempdir().unwrap();
    let path = generate_with(
        dir.path(),
        "6x5",
        3,
        Some("0"),
        7,
        &["--frame-colours", "2"],
    );
    let puzzle = read_tiles(&path);
    let lay = planted(&path, &puzzle);
    let rim = |x: i64, y: i64| x == 0 || y == 0 || x == 5 || y == 4;
    let mut seen_rim = false;
    for (&(x, y), (_, _, edges)) in &lay {
        for (d, (dx, dy)) in [(0, -1), (1, 0), (0, 1), (-1, 0)].into_iter().enumerate() {
            let (nx, ny) = (x + dx, y + dy);
            let label = &edges[d];
            if !(0..6).contains(&nx) || !(0..5).contains(&ny) {
                assert_eq!(label, "0");
            } else if rim(x, y) && rim(nx, ny) {
                assert!(
                    ["A", "B"].contains(&label.as_str()),
                    "({x}, {y}) side {d}: {label}"
                );
                seen_rim = true;
            } else {
                assert!(
                    ["a", "b", "c"].contains(&label.as_str()),
                    "({x}, {y}) side {d}: {label}"
                );
            }
        }
    }
    assert!(seen_rim);
    let v = run_json(&["solve", path.to_str().unwrap(), "--format", "json"]);
    check(&puzzle, &v["solutions"][0]);
}

/// Clues that cannot all hold: two side by side that do not match are
/// refused with the reason before any search; a clue that fits its
/// neighbours but no solution is proved impossible by the search. Exit 1.
#[test]
fn contradictory_clues_are_proved_impossible() {
    let dir = tempfile::tempdir().unwrap();
    let cats = std::fs::read_to_string(puzzle_path("big-cats.toml")).unwrap();
    let v = run_json(&[
        "solve",
        puzzle_path("big-cats.toml").to_str().unwrap(),
        "--format",
        "json",
    ]);
    let lay = layout(&v["solutions"][0]);
    let centre = &lay[&(1, 1)].0;
    // Every solution is a turn of one, so only this tile goes in the centre.
    let other = if centre == "1" { "2" } else { "1" };
    let with_clue = |tile: &str, at: &str| {
        cats.replacen(
            &format!("name = \"{tile}\"\n"),
            &format!("name = \"{tile}\"\nat = {at}\n"),
            1,
        )
    };
    let elsewhere = with_clue(other, "[1, 1]");
    // Tile 1 (right edge tiger-) at (0, 0) and tile 2 (left edge
    // cheetah+) right of it, both unturned.
    let mismatch =
        with_clue("1", "[0, 0]").replacen("name = \"2\"\n", "name = \"2\"\nat = [1, 0]\n", 1);
    for (name, text, reason) in [
        ("elsewhere.toml", elsewhere, None),
        ("mismatch.toml", mismatch, Some("do not match")),
    ] {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        for solver in ["row-scan", "varisat"] {
            let output = jigsat()
                .args(["solve", path.to_str().unwrap(), "--solver", solver])
                .output()
                .unwrap();
            let all = format!(
                "{}{}",
                String::from_utf8_lossy(&output.stdout),
                String::from_utf8_lossy(&output.stderr)
            );
            assert_eq!(output.status.code(), Some(1), "{name} {solver}: {all}");
            if let Some(r) = reason {
                assert!(all.contains(r), "{name}: {all}");
            }
        }
    }
}

/// A full 16x16 board (Eternity II's size, frame colours, clues) runs,
/// shows how far it got, names `--best`, and stops at the time limit with
/// exit 3 (8 s: a debug build on a loaded machine can take 3 s to set the
/// search up).
#[test]
fn a_board_too_big_to_finish_stops_at_the_time_limit_with_its_progress() {
    let dir = tempfile::tempdir().unwrap();
    let path = generate_with(
        dir.path(),
        "16x16",
        17,
        Some("0"),
        1,
        &["--frame-colours", "5", "--clues", "5"],
    );
    let output = jigsat()
        .args(["-v", "solve", path.to_str().unwrap(), "--time-limit", "8"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(3), "{stderr}");
    assert!(stderr.contains("time limit of 8.0 s reached"), "{stderr}");
    let placed: u64 = stderr
        .split("at best ")
        .last()
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no progress line in {stderr}"));
    assert!((5..256).contains(&placed), "placed {placed}: {stderr}");
    assert!(stderr.contains("of 256 tiles placed"), "{stderr}");
    // And it names the command whose answer such a board still has.
    assert!(
        stderr.contains(&format!(
            "jigsat solve {} --best --time-limit 8",
            path.display()
        )),
        "{stderr}"
    );
    // The log does not call the stop an answer.
    assert!(!stderr.contains("answered in"), "{stderr}");
    assert!(
        stderr.contains("without an answer") || stderr.contains("while still setting up"),
        "{stderr}"
    );
}

/// Fewest looks first stops at the time limit like the row scan: exit 3
/// and the reason (a framed 8x8 it cannot finish in 0.3 s; how far it
/// got is printed only once it has searched a few thousand nodes, which
/// a loaded machine may not give it in that time).
#[test]
fn fewest_looks_first_stops_at_the_time_limit_with_its_progress() {
    let dir = tempfile::tempdir().unwrap();
    let path = generate(dir.path(), "8x8", 7, Some("0"), 2);
    let output = jigsat()
        .args(["-v", "solve", path.to_str().unwrap(), "--solver", "fewest"])
        .args(["--time-limit", "0.3"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(3), "{stderr}");
    assert!(stderr.contains("time limit of 0.3 s reached"), "{stderr}");
}

/// `auto` looks for a first solution of a board of 64 positions or more
/// whose frame the row scan would fill first (many colours along the rim)
/// by fewest looks first, and of a smaller board, or one with a single
/// frame colour, by the row scan (`portfolio::FEWEST_FROM`); `count`
/// keeps the row scan.
#[test]
fn auto_solves_large_framed_boards_fewest_first_and_counts_by_the_row_scan() {
    let dir = tempfile::tempdir().unwrap();
    let one_frame_colour: &[&str] = &["--frame-colours", "1"];
    for (size, colours, extra, engine) in [
        ("7x7", 4, &[][..], "row-scan"),
        ("8x8", 10, &[][..], "fewest"),
        ("8x8", 4, one_frame_colour, "row-scan"),
    ] {
        let path = generate_with(dir.path(), size, colours, Some("0"), 1, extra);
        let solved = jigsat()
            .args(["solve", path.to_str().unwrap(), "-j", "1"])
            .output()
            .unwrap();
        let said = String::from_utf8_lossy(&solved.stdout);
        assert_eq!(solved.status.code(), Some(0), "{size}: {said}");
        assert!(
            said.contains(&format!("({engine} search)")),
            "{size} {extra:?}: {said}"
        );
    }
    let path = generate(dir.path(), "8x8", 10, Some("0"), 1);
    let estimated = jigsat()
        .args(["estimate", path.to_str().unwrap()])
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&estimated.stdout);
    assert!(said.contains("with row-scan"), "{said}");
}
