//! `jigsat dimacs --format dlx`: Knuth's DLX input format, read back by an
//! exact-cover counter written here (sharing no code with jigsat), gives
//! jigsat's own counts.

mod common;

use std::collections::HashMap;

use common::{jigsat, puzzle_path};

/// The export of a puzzle, as text.
fn export(name: &str, extra: &[&str]) -> String {
    let output = jigsat()
        .arg("dimacs")
        .arg(puzzle_path(name))
        .args(["--format", "dlx"])
        .args(extra)
        .output()
        .unwrap();
    common::assert_success(&output);
    String::from_utf8(output.stdout).unwrap()
}

/// Solutions of the exact-cover problem in Knuth's format: primary items
/// exactly once, secondary (after `|`) at most once. Plain backtracking
/// on the primary item with fewest options.
fn count_solutions(text: &str) -> u64 {
    let mut lines = text.lines().filter(|l| !l.starts_with('|'));
    let items_line = lines.next().unwrap();
    let (primary, secondary) = items_line.split_once('|').unwrap_or((items_line, ""));
    let mut index = HashMap::new();
    let primary: Vec<&str> = primary.split_whitespace().collect();
    for (k, name) in primary
        .iter()
        .chain(secondary.split_whitespace().collect::<Vec<_>>().iter())
        .enumerate()
    {
        assert!(
            name.len() <= 8 && !name.contains(':'),
            "bad item name {name:?}"
        );
        assert!(index.insert(*name, k).is_none(), "duplicate item {name}");
    }
    let options: Vec<Vec<usize>> = lines
        .map(|l| l.split_whitespace().map(|n| index[n]).collect())
        .collect();
    let mut by_item = vec![Vec::new(); index.len()];
    for (o, items) in options.iter().enumerate() {
        items.iter().for_each(|&i| by_item[i].push(o));
    }
    let mut used = vec![false; index.len()];
    count(&options, &by_item, primary.len(), &mut used)
}

fn count(
    options: &[Vec<usize>],
    by_item: &[Vec<usize>],
    primary: usize,
    used: &mut Vec<bool>,
) -> u64 {
    let fitting = |i: usize, used: &Vec<bool>| {
        by_item[i]
            .iter()
            .filter(|&&o| options[o].iter().all(|&j| !used[j]))
            .count()
    };
    // The open primary item with the fewest fitting options.
    let Some(item) = (0..primary)
        .filter(|&i| !used[i])
        .min_by_key(|&i| fitting(i, used))
    else {
        return 1;
    };
    let mut total = 0;
    for &o in &by_item[item] {
        let o = &options[o];
        if o.iter().all(|&i| !used[i]) {
            o.iter().for_each(|&i| used[i] = true);
            total += count(options, by_item, primary, used);
            o.iter().for_each(|&i| used[i] = false);
        }
    }
    total
}

#[test]
fn a_dlx_reader_counts_what_jigsat_counts() {
    // Without symmetry breaking: the counts on a fixed board.
    for (name, expected) in [
        ("pentomino-3x20.toml", 8),
        ("big-cats.toml", 4),
        ("tetromino-4x5.toml", 0),
        // The prism, rhombic and tetrahedral grids (issue 37).
        ("prisms-trapezoids.toml", 2),
        ("rhombic-dimers.toml", 3),
        ("tetra-octa-wedges.toml", 3),
    ] {
        let text = export(name, &["--no-symmetry"]);
        assert_eq!(count_solutions(&text), expected, "{name}");
    }
    // With it, fewer options: at least one solution per class (2), fewer
    // than on a fixed board.
    let broken = count_solutions(&export("pentomino-3x20.toml", &[]));
    assert!((2..8).contains(&broken), "{broken}");
}

#[test]
fn option_lines_read_as_placements() {
    let text = export("pentomino-3x20.toml", &[]);
    let mut lines = text.lines().filter(|l| !l.starts_with('|'));
    let items = lines.next().unwrap();
    assert!(items.starts_with("F I L N P T U V W X Y Z "), "{items}");
    for line in lines {
        let names: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(names.len(), 6, "a piece and its five cells: {line}");
        assert!(names[0].chars().all(|c| c.is_ascii_uppercase()), "{line}");
    }
}

#[test]
fn counts_dlx1_cannot_express_are_refused() {
    let output = jigsat()
        .arg("dimacs")
        .arg(puzzle_path("calibron12.toml"))
        .args(["--format", "dlx"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("calibron12.toml") && stderr.contains("DLX1"),
        "{stderr}"
    );
    assert!(output.stdout.is_empty());
}

#[test]
fn optional_pieces_where_holes_are_allowed_are_counted_by_dlx1() {
    // Issue #35: a domino and a monomino each 0..1 on a 3 x 1 board where
    // holes are allowed. Every option covers secondary items alone, which
    // DLX1 never takes: the export must make them reachable (slack
    // options), so that the reader counts what jigsat counts.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("optional.toml");
    std::fs::write(
        &path,
        "[board]\nsize = [3, 1]\n[rules]\nfill = \"partial\"\n[[piece]]\nname = \"d\"\nsize = [2, 1]\ncount = \"0..1\"\n[[piece]]\nname = \"m\"\nsize = [1, 1]\ncount = \"0..1\"\n",
    )
    .unwrap();
    let output = jigsat()
        .arg("dimacs")
        .arg(&path)
        .args(["--format", "dlx", "--no-symmetry"])
        .output()
        .unwrap();
    common::assert_success(&output);
    let exported = count_solutions(&String::from_utf8(output.stdout).unwrap());
    let output = jigsat()
        .arg("count")
        .arg(&path)
        .args(["--solver", "varisat", "--format", "json", "-q"])
        .output()
        .unwrap();
    common::assert_success(&output);
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(Some(exported), json["count"].as_u64());
    assert!(exported > 1, "more than the empty board");
}
