//! Broken puzzle files: each gets one clear message naming the file, the
//! place and the field, and exit status 2 — never a panic.

mod common;

use common::jigsat;

/// (file name, contents, pieces of the expected message).
const CASES: &[(&str, &str, &[&str])] = &[
    (
        "optional-off-board.toml",
        "[board]\nsize = [2, 2]\noptional = [[5, 5]]\n[[piece]]\nname = \"a\"\nsize = [2, 1]\ncount = 2\n",
        &[
            "optional-off-board.toml:3:",
            "board.optional",
            "not on the board",
        ],
    ),
    (
        "optional-and-art.toml",
        "[board]\nshape = \"#?\"\noptional = [[0, 0]]\n[[piece]]\nname = \"a\"\nsize = [1, 1]\n",
        &["optional-and-art.toml:3:", "board.optional", "`?`"],
    ),
    (
        "optional-tiles.toml",
        "[board]\nsize = [1, 1]\noptional = [[0, 0]]\n[[tile]]\nname = \"a\"\nedges = [\"a\", \"a\", \"a\", \"a\"]\n",
        &["optional-tiles.toml:3:", "board.optional", "[[piece]]"],
    ),
    (
        "syntax.toml",
        "[board]\nsize = [3, 3\n",
        &["syntax.toml:2:", "expected"],
    ),
    (
        "unknown-key.toml",
        "[board]\nsize = [3, 3]\ncolour = 1\n[[piece]]\nname = \"a\"\nsize = [3, 3]\n",
        &[
            "unknown-key.toml:3:1",
            "board.colour",
            "unknown field `colour`",
        ],
    ),
    (
        "unknown-piece-key.toml",
        "[board]\nsize = [3, 3]\n[[piece]]\nname = \"a\"\nsize = [3, 3]\ncolor = \"red\"\n",
        &[
            "unknown-piece-key.toml:6:1",
            "piece[0].color",
            "unknown field",
        ],
    ),
    (
        "empty-shape.toml",
        "[board]\nsize = [3, 3]\n[[piece]]\nname = \"a\"\nshape = \"\"\"\n...\n\"\"\"\n",
        &["empty-shape.toml:5:", "piece[0].shape", "empty"],
    ),
    (
        "empty-board.toml",
        "[board]\ncells = []\n[[piece]]\nname = \"a\"\nsize = [1, 1]\n",
        &["empty-board.toml:2:", "board.cells", "empty"],
    ),
    (
        "duplicate.toml",
        "[board]\nsize = [2, 2]\n[[piece]]\nname = \"a\"\nsize = [2, 1]\n[[piece]]\nname = \"a\"\nsize = [2, 1]\n",
        &[
            "duplicate.toml:7:",
            "piece[1].name",
            "duplicate piece name \"a\"",
        ],
    ),
    (
        "plane-3d.toml",
        "[board]\nsize = [2, 2, 2]\n[rules]\nrotations = \"plane\"\n[[piece]]\nname = \"a\"\nsize = [2, 2, 2]\n",
        &["plane-3d.toml:4:", "rules.rotations", "flat board"],
    ),
    (
        "plane-3d-piece.toml",
        "[board]\nsize = [2, 2, 2]\n[[piece]]\nname = \"a\"\nsize = [2, 2, 2]\nrotations = \"plane\"\n",
        &["plane-3d-piece.toml:6:", "piece[0].rotations", "flat board"],
    ),
    (
        "bad-rotations.toml",
        "[board]\nsize = [2, 2]\n[rules]\nrotations = \"sideways\"\n[[piece]]\nname = \"a\"\nsize = [2, 2]\n",
        &[
            "bad-rotations.toml:4:",
            "rules.rotations",
            "\"space\", \"plane\" or \"none\"",
        ],
    ),
    (
        "areas.toml",
        "[board]\nsize = [3, 3]\n[[piece]]\nname = \"a\"\nsize = [2, 5]\n",
        &["areas.toml:", "rules.fill", "cannot add up", "10", "9"],
    ),
    (
        "exact-too-small.toml",
        "[board]\nsize = [3, 3]\n[rules]\nfill = \"exact\"\n[[piece]]\nname = \"a\"\nsize = [2, 2]\n",
        &["exact-too-small.toml:4:", "rules.fill", "cannot add up"],
    ),
    (
        "bad-fill.toml",
        "[board]\nsize = [3, 3]\n[rules]\nfill = \"most\"\n[[piece]]\nname = \"a\"\nsize = [3, 3]\n",
        &["bad-fill.toml:4:", "rules.fill", "\"exact\" or \"partial\""],
    ),
    (
        "too-large.toml",
        "[board]\nsize = [1000, 1000, 1000]\n[[piece]]\nname = \"a\"\nsize = [1, 1]\n",
        &["too-large.toml:2:", "board.size", "more than"],
    ),
    (
        "bad-size.toml",
        "[board]\nsize = [3, 0]\n[[piece]]\nname = \"a\"\nsize = [1, 1]\n",
        &["bad-size.toml:2:", "board.size", "[width, height]"],
    ),
    (
        "bad-count.toml",
        "[board]\nsize = [3, 3]\n[[piece]]\nname = \"a\"\nsize = [1, 1]\ncount = \"3..1\"\n",
        &["bad-count.toml:6:", "piece[0].count", "MIN..MAX"],
    ),
    (
        "zero-count.toml",
        "[board]\nsize = [3, 3]\n[[piece]]\nname = \"a\"\nsize = [1, 1]\ncount = 0\n",
        &["zero-count.toml:6:", "piece[0].count", "at least 1"],
    ),
    (
        "wrong-type.toml",
        "[board]\nsize = \"big\"\n[[piece]]\nname = \"a\"\nsize = [1, 1]\n",
        &["wrong-type.toml:2:", "board.size", "invalid type"],
    ),
    (
        "two-shapes.toml",
        "[board]\nsize = [3, 3]\n[[piece]]\nname = \"a\"\nsize = [1, 1]\ncells = [[0, 0]]\n",
        &["two-shapes.toml:", "piece[0]", "only one of"],
    ),
    (
        "bad-cell.toml",
        "[board]\nsize = [3, 3]\n[[piece]]\nname = \"a\"\ncells = [[0, 0], [1]]\n",
        &["bad-cell.toml:5:", "piece[0].cells[1]", "[x, y]"],
    ),
    (
        "bad-glyph.toml",
        "[board]\nsize = [1, 1]\n[[piece]]\nname = \"a\"\nglyph = \"ab\"\nsize = [1, 1]\n",
        &["bad-glyph.toml:5:", "piece[0].glyph", "single"],
    ),
    (
        "no-board.toml",
        "[[piece]]\nname = \"a\"\nsize = [1, 1]\n",
        &["no-board.toml", "missing field `board`"],
    ),
    (
        "no-pieces.toml",
        "[board]\nsize = [1, 1]\n",
        &["no-pieces.toml", "no pieces"],
    ),
    (
        "no-name.toml",
        "[board]\nsize = [1, 1]\n[[piece]]\nsize = [1, 1]\n",
        &["no-name.toml:3:", "piece[0]", "missing field `name`"],
    ),
    (
        "tile-rule.toml",
        "[board]\nsize = [1, 1]\n[rules]\nmatch = \"equal\"\n[[piece]]\nname = \"a\"\nsize = [1, 1]\n",
        &["tile-rule.toml:4:", "rules.match", "edge-matching"],
    ),
    (
        "both-kinds.toml",
        "[board]\nsize = [1, 1]\n[[piece]]\nname = \"a\"\nsize = [1, 1]\n[[tile]]\nname = \"t\"\nedges = [\"a\", \"a\", \"a\", \"a\"]\n",
        &["both-kinds.toml:", "never both"],
    ),
    ("binary.toml", "\u{0}\u{1}garbage", &["binary.toml:1:"]),
    (
        "far-tile-board.toml",
        "[board]\ncells = [[0, 0], [10000, 10000]]\n[[tile]]\nname = \"t\"\nedges = [\"a\", \"a\", \"a\", \"a\"]\ncount = 2\n",
        &[
            "far-tile-board.toml:2:9",
            "board.cells",
            "bounding box is 10001x10001 = 1.0e8 cells",
        ],
    ),
];

#[test]
fn every_broken_file_gets_a_clear_message_and_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    for (name, text, expected) in CASES {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        for command in ["solve", "info"] {
            let output = jigsat()
                .current_dir(dir.path())
                .args([command, name])
                .output()
                .unwrap();
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert_eq!(
                output.status.code(),
                Some(2),
                "{name} ({command}): {stderr}"
            );
            assert!(output.stdout.is_empty(), "{name}: nothing on stdout");
            assert_eq!(
                stderr.trim().lines().count(),
                1,
                "{name}: one line, got {stderr}"
            );
            assert!(!stderr.contains("panicked"), "{name}: {stderr}");
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
fn a_disconnected_piece_is_allowed_with_a_warning() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("apart.toml");
    std::fs::write(&path, "[board]\nsize = [3, 1]\n[[piece]]\nname = \"a\"\ncells = [[0, 0], [2, 0]]\n[[piece]]\nname = \"b\"\nsize = [1, 1]\n").unwrap();
    let output = jigsat().arg("solve").arg(&path).output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("not connected"), "{stderr}");
}

#[test]
fn a_missing_file_is_named() {
    let output = jigsat()
        .args(["solve", "no/such/puzzle.toml"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("no/such/puzzle.toml"), "{stderr}");
}

#[test]
fn bad_usage_exits_2() {
    for args in [
        &["solve"][..],
        &["solve", "x.toml", "--encoding", "magic"],
        &["solve", "x.toml", "--time-limit", "-1"],
        &["frobnicate"],
    ] {
        let output = jigsat().args(args).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
    }
}

/// Two cells far apart span a bounding box of 10^12 slots: the board's
/// lookup used to try that allocation and abort the process (SIGABRT, no
/// exit code). Now the file is refused, naming the field and the figure.
#[test]
fn a_board_with_far_apart_cells_is_refused_not_aborted() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("far.toml");
    std::fs::write(
        &path,
        "[board]\ncells = [[0, 0, 0], [10000, 10000, 10000]]\n[[piece]]\nname = \"a\"\nsize = [1, 1]\ncount = 2\n",
    )
    .unwrap();
    for command in ["solve", "info"] {
        let output = jigsat()
            .current_dir(dir.path())
            .args([command, "far.toml"])
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{command}: {stderr}");
        assert!(
            stderr.contains("far.toml:2:9: board.cells: the board's bounding box is 10001x10001x10001 = 1.0e12 cells; at most 16777216 are allowed"),
            "{command}: {stderr}"
        );
    }
}

/// A 500x500 board and five long chiral pieces: about 8 M placements of
/// about 100 cells each, some 11 GB. Under an 8 GiB budget (--max-memory
/// 8G, so that the test does not depend on the machine's memory) the
/// estimate refuses the puzzle before
/// any placement is made (the message is only written before placements
/// are generated), so the run allocates nothing large.
#[test]
fn a_puzzle_whose_placements_would_not_fit_in_memory_is_refused_before_allocating() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("huge.toml");
    let mut text = String::from("name = \"huge bars\"\n[board]\nsize = [500, 500]\n");
    for k in 0..5 {
        // A bar with a bump near one end: chiral, no symmetry, 8 orientations.
        let mut cells: Vec<String> = (0..100 + k).map(|x| format!("[{x}, 0]")).collect();
        cells.push("[1, 1]".to_string());
        text += &format!(
            "[[piece]]\nname = \"bar{k}\"\ncells = [{}]\n",
            cells.join(", ")
        );
    }
    std::fs::write(&path, text).unwrap();
    let output = jigsat()
        .current_dir(dir.path())
        .args(["solve", "huge.toml", "--max-memory", "8G"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "solve: {stderr}");
    assert!(
        stderr.contains("huge.toml: needs about 11.1 GB for 8.0 M placements; the limit is 8.6 GB (--max-memory)"),
        "solve: {stderr}"
    );
    // `info` builds nothing this large: it says what solve would need,
    // marked as an estimate.
    let output = jigsat()
        .current_dir(dir.path())
        .args(["info", "huge.toml", "--max-memory", "8G"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "info: {stdout}");
    assert!(
        stdout.contains("placements, estimated") && stdout.contains("taking about 11.1 GB"),
        "info: {stdout}"
    );
}
