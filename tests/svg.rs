//! `--format svg`: every picture is well-formed XML with one group per
//! piece, on `solve`, `solve --all` (one grid or `-o DIR/`) and `decode`;
//! and two small pictures are compared with checked-in snapshots.
//!
//! Rendering to PNG (rsvg-convert) is not needed here: the tests read the
//! XML only. The edge-matching (big-cats) and Calibron 12 puzzles live on
//! other branches; once merged, add them to `PUZZLES` (tiles are
//! `<g class="tile">` groups, see `render::svg::tile`).

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use common::{jigsat, puzzle_path};
use jigsat::internal::geometry::Cell;
use jigsat::internal::render::svg;
use jigsat::internal::solution::PlacedPiece;
use jigsat::internal::{Puzzle, Solution, check};

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("fixtures")
        .join(name)
}

/// Puzzle file, and how many pieces a solution of it lays.
fn puzzles() -> Vec<(PathBuf, usize)> {
    vec![
        (puzzle_path("y25.toml"), 25),
        (puzzle_path("soma.toml"), 7),
        (puzzle_path("pentomino-6x10.toml"), 12),
        (fixture("rectangles.toml"), 4),
    ]
}

/// What a picture holds: for each `<g class="piece">`, its name and copy
/// number, and the fills used inside it.
#[derive(Debug)]
struct Picture {
    pieces: Vec<(String, String, BTreeSet<String>)>,
    width: f64,
}

fn parse(text: &str) -> Picture {
    let doc = roxmltree::Document::parse(text)
        .unwrap_or_else(|e| panic!("not well-formed XML: {e}\n{text}"));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    let width: f64 = root.attribute("width").unwrap().parse().unwrap();
    let pieces = root
        .descendants()
        .filter(|n| n.has_tag_name("g") && n.attribute("class") == Some("piece"))
        .map(|g| {
            let fills = g
                .descendants()
                .filter(|n| n.has_tag_name("path") && n.attribute("fill") != Some("none"))
                .filter_map(|n| n.attribute("fill").map(str::to_string))
                .collect();
            (
                g.attribute("data-piece").unwrap().to_string(),
                g.attribute("data-copy").unwrap().to_string(),
                fills,
            )
        })
        .collect();
    Picture { pieces, width }
}

fn run(args: &[&str], file: &Path) -> String {
    let output = jigsat().args(args).arg(file).output().unwrap();
    assert_eq!(
        output.status.code(),
        Some(0),
        "{args:?} {}: {}",
        file.display(),
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn solve_draws_one_group_per_piece() {
    for (file, n) in puzzles() {
        let text = run(&["solve", "--format", "svg"], &file);
        let picture = parse(&text);
        assert_eq!(picture.pieces.len(), n, "{}", file.display());
        assert!(picture.width > 100.0);
        // Copies are told apart by number: no (name, copy) twice.
        let distinct: BTreeSet<_> = picture.pieces.iter().map(|p| (&p.0, &p.1)).collect();
        assert_eq!(distinct.len(), n, "{}", file.display());
        for (name, _, fills) in &picture.pieces {
            assert!(!fills.is_empty(), "{name} has no fill");
        }
    }
}

#[test]
fn y25_gets_25_colours() {
    let text = run(&["solve", "--format", "svg"], &puzzle_path("y25.toml"));
    let picture = parse(&text);
    // The top face of each cube shows the piece's own fill; the sides are
    // shades of it. The lightest fill of each group is the top colour.
    let tops: BTreeSet<String> = picture
        .pieces
        .iter()
        .map(|(_, _, fills)| fills.iter().max_by_key(|f| brightness(f)).unwrap().clone())
        .collect();
    assert_eq!(tops.len(), 25);
}

fn brightness(css: &str) -> u32 {
    let v = u32::from_str_radix(css.trim_start_matches('#'), 16).unwrap();
    (v >> 16 & 255) + (v >> 8 & 255) + (v & 255)
}

#[test]
fn a_box_uses_each_colour_in_every_view() {
    let text = run(&["solve", "--format", "svg"], &puzzle_path("soma.toml"));
    let picture = parse(&text);
    for (name, _, fills) in &picture.pieces {
        // The piece on its own shows its top colour; the same fill must
        // appear outside its group too (assembled or layer views).
        let top = fills.iter().max_by_key(|f| brightness(f)).unwrap();
        let uses = text.matches(&format!("fill=\"{top}\"")).count();
        assert!(uses > fills.len(), "{name}: {top} only in its own group");
    }
}

#[test]
fn all_solutions_in_one_grid_or_one_file_each() {
    let file = puzzle_path("pentomino-6x10.toml");
    let text = run(&["solve", "--limit", "3", "--format", "svg"], &file);
    let picture = parse(&text);
    assert_eq!(picture.pieces.len(), 36);

    let dir = tempfile::tempdir().unwrap();
    let target = format!("{}/pictures/", dir.path().display());
    run(
        &["solve", "--limit", "3", "--format", "svg", "-o", &target],
        &file,
    );
    let mut names: Vec<String> = std::fs::read_dir(dir.path().join("pictures"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        ["solution-1.svg", "solution-2.svg", "solution-3.svg"]
    );
    for name in names {
        let text = std::fs::read_to_string(dir.path().join("pictures").join(name)).unwrap();
        assert_eq!(parse(&text).pieces.len(), 12);
    }
}

#[test]
fn decode_draws_too() {
    let file = puzzle_path("soma.toml");
    let dir = tempfile::tempdir().unwrap();
    let cnf = dir.path().join("soma.cnf");
    let puzzle = Puzzle::load(&file).unwrap();
    let instance = jigsat::internal::Instance::new(&puzzle).unwrap();
    let breaking = instance.breaking(true);
    let encoded = instance.encode(
        jigsat::internal::Encoding::default(),
        jigsat::internal::Card::default(),
        jigsat::internal::EdgeEncoding::default(),
        breaking.as_ref(),
    );
    let values = match jigsat::internal::SatSolver::Varisat
        .build()
        .solve(&encoded.cnf, None)
        .unwrap()
    {
        jigsat::internal::Outcome::Sat(values) => values,
        other => panic!("{other:?}"),
    };
    let lits: Vec<String> = (1..values.len())
        .map(|v| if values[v] { v as i64 } else { -(v as i64) }.to_string())
        .collect();
    let model = dir.path().join("soma.model");
    std::fs::write(&model, format!("s SATISFIABLE\nv {} 0\n", lits.join(" "))).unwrap();
    let out = jigsat()
        .args(["dimacs", file.to_str().unwrap(), "-o"])
        .arg(&cnf)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let output = jigsat()
        .arg("decode")
        .arg(&file)
        .arg(&model)
        .args(["--format", "svg"])
        .output()
        .unwrap();
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(
        parse(&String::from_utf8(output.stdout).unwrap())
            .pieces
            .len(),
        7
    );
}

#[test]
fn commands_without_solutions_refuse_svg() {
    for command in ["count", "info"] {
        let output = jigsat()
            .arg(command)
            .arg(puzzle_path("soma.toml"))
            .args(["--format", "svg"])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{command}");
        assert!(String::from_utf8_lossy(&output.stderr).contains("svg"));
    }
}

#[test]
fn no_solution_is_still_a_picture() {
    let output = jigsat()
        .arg("solve")
        .arg(puzzle_path("tetromino-4x5.toml"))
        .args(["--format", "svg"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let text = String::from_utf8(output.stdout).unwrap();
    assert_eq!(parse(&text).pieces.len(), 0);
    assert!(text.contains("no solution"));
}

// ---- snapshots -------------------------------------------------------

/// Compares `text` with `tests/snapshots/NAME`; only with
/// `JIGSAT_UPDATE_SNAPSHOTS=1` writes it instead. A missing snapshot fails:
/// writing it silently would pass a test that compared nothing (a file
/// left out of a commit, or a misspelt name). Look at the picture before
/// committing a new snapshot.
fn snapshot(name: &str, text: &str) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("snapshots")
        .join(name);
    if std::env::var_os("JIGSAT_UPDATE_SNAPSHOTS").is_some_and(|v| v == "1") {
        std::fs::write(&path, text)
            .unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "no snapshot {} ({e}): rerun with JIGSAT_UPDATE_SNAPSHOTS=1 to \
             write it, then look at the picture before committing it",
            path.display()
        )
    });
    if expected != text {
        let line = expected
            .lines()
            .zip(text.lines())
            .position(|(a, b)| a != b)
            .map_or(expected.lines().count().min(text.lines().count()), |i| i);
        panic!(
            "{name} differs from the snapshot at line {} (rerun with \
             JIGSAT_UPDATE_SNAPSHOTS=1 after looking at the new picture):\n  snapshot: {:?}\n  now:      {:?}",
            line + 1,
            expected.lines().nth(line),
            text.lines().nth(line)
        );
    }
}

/// A solution given as ASCII art, one layer per block, a glyph per cell.
fn solution_from_art(puzzle: &Puzzle, layers: &[&str]) -> Solution {
    let mut cells: BTreeMap<char, Vec<Cell>> = BTreeMap::new();
    for (z, layer) in layers.iter().enumerate() {
        for (y, row) in layer.lines().enumerate() {
            for (x, ch) in row.chars().enumerate() {
                cells
                    .entry(ch)
                    .or_default()
                    .push(Cell::new(x as i32, y as i32, z as i32));
            }
        }
    }
    // Lowercase letters are second copies of the uppercase piece.
    let pieces = cells
        .into_iter()
        .map(|(ch, cells)| PlacedPiece {
            piece: puzzle
                .pieces()
                .iter()
                .position(|p| p.glyph == ch.to_ascii_uppercase())
                .unwrap(),
            cells,
        })
        .collect();
    let solution = Solution::new(pieces);
    check(puzzle, &solution).unwrap();
    solution
}

#[test]
fn snapshot_of_a_flat_board() {
    let puzzle = Puzzle::load(&fixture("rectangles.toml")).unwrap();
    let solution = solution_from_art(&puzzle, &["DDDDBBB\nDDDDBBB\nAAAABBB\nAAAACCC\nAAAACCC"]);
    let text = svg::solution_document(&puzzle, &solution, "Four rectangles");
    parse(&text);
    snapshot("rectangles.svg", &text);
}

#[test]
fn snapshot_of_a_box() {
    let puzzle = Puzzle::parse(
        "name = \"2x2x2\"\n[board]\nsize = [2, 2, 2]\n\
         [[piece]]\nname = \"L\"\ncount = 2\nshape = \"\"\"\n##\n#.\n\"\"\"\n\
         [[piece]]\nname = \"I\"\nshape = \"##\"\n",
        "2x2x2.toml",
        "2x2x2",
    )
    .unwrap();
    let solution = solution_from_art(&puzzle, &["LL\nLI", "ll\nlI"]);
    let text = svg::solution_document(&puzzle, &solution, "2x2x2");
    let picture = parse(&text);
    assert_eq!(picture.pieces.len(), 3);
    snapshot("box-2x2x2.svg", &text);
}

#[test]
fn pictures_are_the_same_on_every_run() {
    // Hash maps are seeded per process: nothing in a picture may depend
    // on their order. One thread, so that no race between engines (which
    // a loaded machine can tip to CaDiCaL) picks another solution.
    let file = puzzle_path("soma.toml");
    let first = run(&["solve", "-j", "1", "--format", "svg"], &file);
    for _ in 0..2 {
        assert_eq!(run(&["solve", "-j", "1", "--format", "svg"], &file), first);
    }
}

/// The tiles of big-cats (from the edge-matching branch), laid in order
/// without turning: only the drawing is under test here. Once tile puzzles
/// are merged, `solve puzzles/big-cats.toml --format svg` belongs in
/// `solve_draws_one_group_per_piece`, counting `<g class="tile">`.
#[test]
fn tiles_are_well_formed_with_a_group_each() {
    let edges = [
        ["cheetah-", "tiger-", "lion+", "tiger+"],
        ["lion-", "lion+", "tiger-", "cheetah+"],
        ["tiger-", "lion+", "panther+", "tiger-"],
        ["panther-", "cheetah+", "panther-", "lion-"],
        ["tiger+", "tiger+", "cheetah+", "lion-"],
        ["panther-", "panther+", "cheetah-", "tiger+"],
        ["panther+", "cheetah-", "cheetah+", "lion-"],
        ["panther-", "lion+", "panther+", "cheetah-"],
        ["cheetah+", "tiger+", "panther+", "lion-"],
    ];
    let names: Vec<String> = (1..=9).map(|i| i.to_string()).collect();
    let tiles: Vec<svg::tile::TileView> = edges
        .iter()
        .enumerate()
        .map(|(i, e)| svg::tile::TileView {
            name: &names[i],
            at: ((i % 3) as i32, (i / 3) as i32),
            rotation: 0,
            edges: *e,
        })
        .collect();
    let text = svg::tiles_document("Big cats", &tiles);
    let doc = roxmltree::Document::parse(&text).unwrap();
    let groups: Vec<_> = doc
        .descendants()
        .filter(|n| n.has_tag_name("g") && n.attribute("class") == Some("tile"))
        .collect();
    assert_eq!(groups.len(), 9);
    for g in groups {
        // Four triangles, and a label text per edge.
        let texts = g.descendants().filter(|n| n.has_tag_name("text")).count();
        assert_eq!(texts, 4);
    }
    snapshot("tiles-3x3.svg", &text);
}

#[test]
fn touching_pieces_differ_for_colour_blind_eyes_too() {
    use jigsat::internal::render::palette;
    for (file, _) in puzzles() {
        let puzzle = Puzzle::load(&file).unwrap();
        let report = jigsat::internal::solve(&puzzle, &Default::default()).unwrap();
        let solution = &report.solutions[0];
        let fills = palette::colours(solution);
        let worst = palette::touching(solution)
            .iter()
            .enumerate()
            .flat_map(|(k, near)| near.iter().map(move |&o| (k, o)))
            .map(|(k, o)| palette::difference(fills[k], fills[o]))
            .fold(f64::INFINITY, f64::min);
        println!("{}: closest neighbours {worst:.3}", file.display());
        // About 0.1 in OKLab is a plainly visible difference.
        assert!(worst > 0.08, "{}: {worst}", file.display());
    }
}

#[test]
fn calibron_and_big_cats_pictures() {
    // Calibron 12 comes through the order encoding: one group per piece.
    let text = run(
        &["solve", "--format", "svg"],
        &puzzle_path("calibron12.toml"),
    );
    assert_eq!(parse(&text).pieces.len(), 12);
    // Big cats: one tile group per tile, well-formed.
    let text = run(&["solve", "--format", "svg"], &puzzle_path("big-cats.toml"));
    roxmltree::Document::parse(&text).expect("well-formed XML");
    assert_eq!(text.matches("<g class=\"tile\"").count(), 9);
}
