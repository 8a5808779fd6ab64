//! The users' contract where commands meet (docs/puzzle-format.md):
//! `--format json` with `--certify` is the JSON document with
//! `certified` and `certificate`; `-o FILE` writes what `--format` says,
//! and a certificate directory is `-o DIR/`; `disasm FILE` takes apart
//! the first assembly that comes apart, saying how many were tried.
//!
//! PelikanBurr is shared test data outside the repository
//! (`../shared/burrtools`); when it is absent its check prints one line
//! and passes, unless JIGSAT_REQUIRE_TOOLS=1 makes that a failure.

mod common;

use std::path::{Path, PathBuf};

use common::{assert_success, jigsat};
use serde_json::Value;

/// `jigsat ARGS`: its output, whatever the exit.
fn run(args: &[&str]) -> std::process::Output {
    jigsat().args(args).output().unwrap()
}

fn stdout(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A BurrTools example of the shared test data, when it is there.
fn example(name: &str) -> Option<PathBuf> {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/burrtools")
        .join(format!("{name}.xmpuzzle"));
    if p.exists() {
        return Some(p);
    }
    if std::env::var("JIGSAT_REQUIRE_TOOLS").is_ok_and(|v| v == "1") {
        panic!("{} is required (JIGSAT_REQUIRE_TOOLS=1)", p.display());
    }
    eprintln!("skipped: {} is not there", p.display());
    None
}

/// A closed 3x3x3 shell around one cube: one assembly, and nothing can
/// move.
fn locked_shell(dir: &Path) -> PathBuf {
    let shell: Vec<String> = (0..27)
        .map(|i| [i % 3, i / 3 % 3, i / 9])
        .filter(|c| *c != [1, 1, 1])
        .map(|c| format!("[{}, {}, {}]", c[0], c[1], c[2]))
        .collect();
    let file = dir.join("locked.toml");
    std::fs::write(
        &file,
        format!(
            "name = \"locked\"\n[board]\nsize = [3, 3, 3]\n[[piece]]\nname = \"shell\"\n\
             cells = [{}]\n[[piece]]\nname = \"core\"\ncells = [[0, 0, 0]]\n",
            shell.join(", ")
        ),
    )
    .unwrap();
    file
}

#[test]
fn disasm_shows_the_first_assembly_that_comes_apart() {
    // PelikanBurr: 1 of its 12 assemblies comes apart, and it is not the
    // first the search finds.
    let Some(file) = example("PelikanBurr") else {
        return;
    };
    let out = run(&["disasm", file.to_str().unwrap()]);
    assert_success(&out);
    let text = stdout(&out);
    let first = text.lines().next().unwrap();
    assert!(first.contains(" of 12 comes apart, level "), "{first}");
    assert!(first.contains("tried before it did not"), "{first}");
    let doc: Value = serde_json::from_slice(
        &run(&["disasm", file.to_str().unwrap(), "--format", "json", "-q"]).stdout,
    )
    .unwrap();
    assert_eq!(doc["solutions"][0]["comes_apart"], true, "{doc}");
}

#[test]
fn disasm_says_how_many_assemblies_there_are() {
    let soma = common::puzzle_path("soma.toml");
    let out = run(&["disasm", soma.to_str().unwrap(), "-q"]);
    assert_success(&out);
    let text = stdout(&out);
    assert!(
        text.starts_with("Soma cube: assembly 1 of 240 comes apart, level 1 "),
        "{text}"
    );
}

#[test]
fn disasm_says_when_no_assembly_comes_apart() {
    let dir = tempfile::tempdir().unwrap();
    let file = locked_shell(dir.path());
    let out = run(&["disasm", file.to_str().unwrap()]);
    assert_success(&out);
    assert_eq!(
        stdout(&out),
        "locked: its one assembly does not come apart\n"
    );
}
