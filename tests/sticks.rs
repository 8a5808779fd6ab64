//! Sticks (issue 37): polysticks on the square grid, which may touch but
//! never cross. Polyform Puzzler's tetrastick counts as oracles, dlx and
//! a SAT solver agreeing on each, the no-crossing rule on boards small
//! enough to count by hand, drawings and refused input.

mod common;

use std::path::{Path, PathBuf};

use common::{jigsat, puzzle_path};
use serde_json::Value;

/// The pool of 16 tetrasticks on the 5 × 5 grid, each used at most once.
const POOL: &str = "tetrasticks-5x5.toml";

/// (count, distinct) of a puzzle file by one engine, and whether it said
/// `solved` (exit 0) or `unsolvable` (exit 1) as the count says.
fn count(path: &Path, engine: &str) -> (u64, u64) {
    let output = jigsat()
        .arg("count")
        .arg(path)
        .args(["--format", "json", "--solver", engine])
        .output()
        .unwrap();
    let json: Value = serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&output.stderr)));
    let none = json["count"] == 0;
    let status = if none { "unsolvable" } else { "solved" };
    assert_eq!(json["status"], status, "{json}");
    assert_eq!(output.status.code(), Some(i32::from(none)), "{json}");
    (
        json["count"].as_u64().unwrap(),
        json["distinct"].as_u64().unwrap(),
    )
}

/// A puzzle file written for one test in a temporary directory of its
/// own, removed when the value is dropped.
struct Written {
    _dir: tempfile::TempDir,
    path: PathBuf,
}

impl std::ops::Deref for Written {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.path
    }
}

impl AsRef<std::ffi::OsStr> for Written {
    fn as_ref(&self) -> &std::ffi::OsStr {
        self.path.as_os_str()
    }
}

fn write(name: &str, text: &str) -> Written {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    Written { _dir: dir, path }
}

/// The pool with one piece left out and every other used once.
fn without(piece: &str) -> Written {
    let pool = std::fs::read_to_string(puzzle_path(POOL)).unwrap();
    let (head, pieces) = pool.split_once("[[piece]]").unwrap();
    let mut text = head.to_string();
    for block in pieces.split("[[piece]]") {
        if !block.contains(&format!("name = \"{piece}\"")) {
            text.push_str("[[piece]]");
            text.push_str(&block.replace("count = \"0..1\"", "count = 1"));
        }
    }
    write(&format!("without-{piece}.toml"), &text)
}

/// Polyform Puzzler: the five tetrasticks that can be left out, and the
/// ways the other 15 then cover the 5 × 5 grid, by dlx; CaDiCaL agrees
/// on the smallest (the SAT count is the slower by far).
#[test]
#[ignore]
fn fifteen_tetrasticks_cover_the_5x5_grid_as_published() {
    for (piece, distinct) in [("H", 72), ("J", 382), ("L", 607), ("N", 530), ("Y", 204)] {
        assert_eq!(
            count(&without(piece), "dlx"),
            (8 * distinct, distinct),
            "without {piece}"
        );
    }
    assert_eq!(count(&without("H"), "cadical"), (8 * 72, 72));
}

/// Polyform Puzzler: leaving out any of the other 11 leaves no solution
/// (dlx; the SAT solver on two of them, each a refutation).
#[test]
#[ignore]
fn the_other_eleven_cannot_be_left_out() {
    for piece in ["F", "I", "O", "P", "R", "T", "U", "V", "W", "X", "Z"] {
        assert_eq!(count(&without(piece), "dlx"), (0, 0), "without {piece}");
    }
    for piece in ["I", "X"] {
        assert_eq!(count(&without(piece), "cadical"), (0, 0), "without {piece}");
    }
}

/// The pool itself, each piece at most once: the five cases together.
#[test]
#[ignore]
fn the_pool_counts_the_five_cases_together() {
    let total = 72 + 382 + 607 + 530 + 204;
    assert_eq!(count(&puzzle_path(POOL), "dlx"), (8 * total, total));
}

/// A plus of four sticks round one point, and two pieces of two sticks.
fn plus(piece: &str) -> String {
    format!(
        "[board]\ngrid = \"sticks\"\nshape = \"\"\"\n  +\n  |\n+-+-+\n  |\n  +\n\"\"\"\n\n\
         [[piece]]\nname = \"A\"\ncount = 2\nshape = \"{piece}\"\n"
    )
}

/// Two straight pairs could only lie across each other at the plus's
/// centre: that is a crossing, refused by every engine (and a fixed
/// board has 2 such placements of the pair, each crossing). Two bent
/// pairs touch at the centre without crossing: 2 ways by hand (left-up
/// with right-down, left-down with right-up), both allowed.
#[test]
fn pieces_touch_at_a_point_but_never_cross() {
    let straight = write("straight.toml", &plus("+-+-+"));
    let bent = write("bent.toml", &plus("+-+\\n  |\\n  +"));
    for engine in ["dlx", "cadical", "varisat"] {
        assert_eq!(count(&straight, engine), (0, 0), "crossing, {engine}");
        assert_eq!(count(&bent, engine), (2, 1), "touching, {engine}");
    }
}

/// One piece may cross itself: the X tetrastick is the plus.
#[test]
fn a_piece_may_run_through_a_point_both_ways() {
    let x = write(
        "x.toml",
        &plus("  +\\n  |\\n+-+-+\\n  |\\n  +").replace("count = 2", "count = 1"),
    );
    assert_eq!(count(&x, "dlx"), (1, 1));
}

/// Orientations of tetrasticks: 8 for a piece without symmetry, 4 for
/// one with a mirror or a half turn, 2 for the bar, 1 for the plus and
/// the square.
#[test]
fn tetrasticks_take_the_squares_orientations() {
    let output = jigsat()
        .arg("info")
        .arg(puzzle_path(POOL))
        .args(["--format", "json"])
        .output()
        .unwrap();
    common::assert_success(&output);
    let json: Value = serde_json::from_slice(&output.stdout).unwrap();
    let pieces = json["pieces"].as_array().expect("pieces listed");
    let orientations = |name: &str| {
        pieces
            .iter()
            .find(|p| p["piece"] == name)
            .and_then(|p| p["orientations"].as_u64())
            .unwrap_or_else(|| panic!("{name} in {json}"))
    };
    assert_eq!(orientations("X"), 1);
    assert_eq!(orientations("O"), 1);
    assert_eq!(orientations("I"), 2);
    assert_eq!(orientations("F"), 8);
    assert_eq!(orientations("N"), 8);
    assert_eq!(orientations("T"), 4);
    assert_eq!(orientations("Z"), 4);
}

/// The text drawing shows each piece as a run of its glyph and `+`
/// where two pieces touch; the SVG draws every stick as a polygon.
#[test]
fn solutions_are_drawn_as_sticks() {
    let bent = write(
        "bent.toml",
        &plus("+-+\\n  |\\n  +")
            .replace("count = 2", "count = 1")
            .replace(
                "[[piece]]\nname = \"A\"",
                "[[piece]]\nname = \"B\"\nshape = \"+-+\\n  |\\n  +\"\n\n[[piece]]\nname = \"A\"",
            ),
    );
    let output = jigsat().arg("solve").arg(&bent).output().unwrap();
    common::assert_success(&output);
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains('+'), "the pieces touch at the centre: {text}");
    assert!(text.contains("AAA") && text.contains("BBB"), "{text}");
    let output = jigsat()
        .arg("solve")
        .arg(&bent)
        .args(["--format", "svg"])
        .output()
        .unwrap();
    common::assert_success(&output);
    let svg = String::from_utf8_lossy(&output.stdout);
    assert!(svg.matches("<polygon").count() >= 8, "{svg}");
}

/// A stick with d = 2 is off the grid: exit 2 naming the file and the
/// segments' form.
#[test]
fn an_off_grid_stick_is_refused() {
    let path = write(
        "bad.toml",
        "[board]\ngrid = \"sticks\"\nsize = [1, 1]\n\n[[piece]]\nname = \"A\"\ncells = [[0, 0, 0], [0, 0, 2]]\n",
    );
    let output = jigsat().arg("solve").arg(&path).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(err.contains("bad.toml"), "{err}");
    assert!(err.contains("d = 0") && err.contains("d = 1"), "{err}");
}

/// The library's builder (and so Python's `Puzzle(..., grid=...)`) puts a
/// puzzle on another grid: the square tetrastick on one square of sticks,
/// a straight pair of hexagons in a 2 × 1 parallelogram (whose cells
/// have two coordinates in the file the builder writes).
#[test]
fn the_builder_puts_a_puzzle_on_another_grid() {
    let square = [[0, 0, 0], [0, 0, 1], [1, 0, 1], [0, 1, 0]];
    let sticks = jigsat::api::Puzzle::builder()
        .grid("sticks")
        .board_size(&[1, 1])
        .piece("O", &square)
        .build()
        .unwrap();
    assert_eq!(sticks.board_cells().len(), 4);
    let counts = sticks.count().unwrap();
    assert_eq!((counts.count, counts.distinct), (1, 1));
    let hexagons = jigsat::api::Puzzle::builder()
        .grid("hexagons")
        .board_size(&[2, 1])
        .piece("b", &[[0, 0, 0], [1, 0, 0]])
        .build()
        .unwrap();
    assert_eq!(hexagons.count().unwrap().count, 1);
}

/// The checker every answer passes refuses two pieces that cross, on its
/// own (the engines never offer such a solution): the plus's two bars,
/// each a straight pair, laid across each other.
#[test]
fn the_check_refuses_two_pieces_that_cross() {
    use jigsat::internal::Puzzle;
    use jigsat::internal::solution::{PlacedPiece, Solution};
    let path = write("crossing.toml", &plus("+-+-+"));
    let puzzle = Puzzle::load(&path).unwrap();
    // A stick is stored as its midpoint doubled: across (x odd) or down.
    let (across, down): (Vec<_>, Vec<_>) = puzzle.board.cells().iter().partition(|c| c.x % 2 != 0);
    assert_eq!((across.len(), down.len()), (2, 2));
    let bars = [across, down].map(|cells| PlacedPiece { piece: 0, cells });
    let err = jigsat::internal::check(&puzzle, &Solution::Pieces(bars.to_vec())).unwrap_err();
    assert!(err.contains("cross"), "{err}");
}
