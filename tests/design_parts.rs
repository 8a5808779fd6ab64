//! `jigsat design` in parts: `split`, `design JOB` per part, `design
//! --merge DIR`, against the one-machine run, and the merges refused.

mod common;

use std::path::Path;
use std::process::Output;

use common::{assert_success, jigsat, puzzle_path};

fn run(args: &[&str], at: &Path) -> Output {
    jigsat().current_dir(at).args(args).output().unwrap()
}

/// The pool split into 3 parts in `dir/NAME`, its subtrees sized by
/// `probes` walks each, each part run with `command` (`design` or
/// `count`).
fn split(dir: &Path, name: &str, probes: &str, command: &str) {
    let pool = puzzle_path("tromino-choice.toml");
    let pool = pool.to_str().unwrap();
    let out = run(
        &[
            "split", pool, "--parts", "3", "-o", name, "--probes", probes, "-q",
        ],
        dir,
    );
    assert_success(&out);
    for n in 1..=3 {
        let job = format!("{name}/jobs/part-000{n}.job");
        assert_success(&run(&[command, &job, "-q"], dir));
    }
}

#[test]
fn three_parts_merge_to_the_table_of_the_whole_pool() {
    let dir = tempfile::tempdir().unwrap();
    split(dir.path(), "parts", "40", "design");
    let pool = puzzle_path("tromino-choice.toml");
    let pool = pool.to_str().unwrap();
    for format in ["text", "json", "csv"] {
        let whole = run(
            &["design", pool, "--all", "--format", format, "-q"],
            dir.path(),
        );
        assert_success(&whole);
        let merged = run(
            &[
                "design", "--merge", "parts", "--all", "--format", format, "-q",
            ],
            dir.path(),
        );
        assert_success(&merged);
        assert_eq!(
            String::from_utf8_lossy(&merged.stdout),
            String::from_utf8_lossy(&whole.stdout),
            "{format}"
        );
    }
}

#[test]
fn a_merge_of_parts_missing_foreign_or_without_choices_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let at = dir.path();
    split(at, "parts", "40", "design");
    // Sized by one walk each, the subtrees are cut another way (40 walks
    // size this small tree's subtrees exactly, whatever the seed).
    split(at, "other", "1", "design");
    split(at, "counted", "40", "count");
    let merge = |name: &str| {
        let out = run(&["design", "--merge", name, "-q"], at);
        assert_eq!(out.status.code(), Some(2), "{name}");
        assert!(out.stdout.is_empty(), "nothing is claimed");
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    // Parts run by `count JOB` carry no choices.
    assert!(merge("counted").contains("without its choices"));
    // A part of another cut in place of one of this cut's.
    let ours = at.join("parts/results/part-0002.result");
    let theirs = at.join("other/results/part-0002.result");
    let kept = std::fs::read(&ours).unwrap();
    std::fs::copy(&theirs, &ours).unwrap();
    assert!(merge("parts").contains("another split"));
    // A part missing.
    std::fs::remove_file(&ours).unwrap();
    assert!(merge("parts").contains("missing 1 of 3 parts"));
    // Whole again: merged.
    std::fs::write(&ours, kept).unwrap();
    assert_success(&run(&["design", "--merge", "parts", "-q"], at));
}

/// A split counts two alike pieces under two names apart; a design
/// counts them as one piece: its part run says so rather than tally
/// choices that differ from the whole pool's.
#[test]
fn a_part_of_a_pool_with_alike_pieces_under_two_names_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let pool = "[board]\nsize = [4, 3]\n\n[[piece]]\nname = \"d\"\ncount = \"0..2\"\nshape = \"##\"\n\n[[piece]]\nname = \"e\"\ncount = \"0..1\"\nshape = \"\"\"\n#\n#\n\"\"\"\n\n[[piece]]\nname = \"L\"\ncount = \"1..4\"\nshape = \"\"\"\n##\n#.\n\"\"\"\n";
    std::fs::write(dir.path().join("pool.toml"), pool).unwrap();
    let out = run(
        &["split", "pool.toml", "--parts", "1", "-o", "s", "-q"],
        dir.path(),
    );
    assert_success(&out);
    let out = run(&["design", "s/jobs/part-0001.job", "-q"], dir.path());
    assert_eq!(out.status.code(), Some(2));
    let why = String::from_utf8_lossy(&out.stderr);
    assert!(
        why.contains("one shape under different names (d = e)"),
        "{why}"
    );
}

/// `split` on a pool says how to run its parts by choice of pieces
/// (`design JOB`, `design --merge`); on a puzzle without ranges it does not.
#[test]
fn a_split_of_a_pool_says_how_to_tally_by_choice() {
    let dir = tempfile::tempdir().unwrap();
    let pool = "[board]\nsize = [4, 3]\n\n[[piece]]\nname = \"d\"\ncount = \"0..6\"\nshape = \"##\"\n\n[[piece]]\nname = \"L\"\ncount = \"0..4\"\nshape = \"\"\"\n##\n#.\n\"\"\"\n";
    std::fs::write(dir.path().join("pool.toml"), pool).unwrap();
    let fixed = pool.replace("\"0..6\"", "3").replace("\"0..4\"", "2");
    std::fs::write(dir.path().join("fixed.toml"), fixed).unwrap();
    for (file, by_choice) in [("pool.toml", true), ("fixed.toml", false)] {
        let parts = format!("{file}.parts");
        let out = run(
            &[
                "split",
                file,
                "--parts",
                "2",
                "-o",
                &parts,
                "--solver",
                "first-cell",
            ],
            dir.path(),
        );
        assert_success(&out);
        let said = String::from_utf8_lossy(&out.stdout);
        assert_eq!(said.contains("design --merge"), by_choice, "{file}: {said}");
    }
}
