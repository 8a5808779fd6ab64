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
    // Assemblies are found four times as many at a time while none of
    // them comes apart: "of N+" says the search stopped there.
    let (n, rest) = first
        .strip_prefix("Problem: assembly ")
        .and_then(|r| r.split_once(" of "))
        .unwrap_or_else(|| panic!("{first}"));
    let n: u64 = n.parse().unwrap();
    assert!(n > 1, "{first}");
    assert!(rest.contains(" comes apart, level "), "{first}");
    let tried = format!("; the {} tried before it did not", n - 1);
    assert!(first.ends_with(&tried), "{first}");
    let doc: Value = serde_json::from_slice(
        &run(&["disasm", file.to_str().unwrap(), "--format", "json", "-q"]).stdout,
    )
    .unwrap();
    assert_eq!(doc["solutions"][0]["comes_apart"], true, "{doc}");
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

/// The top-level fields of a JSON document as written, in their order.
fn top_level_keys(doc: &str) -> Vec<String> {
    doc.lines()
        .filter_map(|l| l.strip_prefix("  \""))
        .filter_map(|l| l.split_once("\":"))
        .map(|(k, _)| k.to_string())
        .collect()
}

/// The contract's order: the document's own fields, then the
/// certificate's.
const CERTIFIED_ORDER: [&str; 8] = [
    "puzzle",
    "solutions",
    "status",
    "count",
    "distinct",
    "stats",
    "certified",
    "certificate",
];

/// `jigsat ARGS --format json`: the exit code, the document's text and
/// the document.
fn certified_json(args: &[&str]) -> (Option<i32>, String, Value) {
    let out = jigsat()
        .args(args)
        .args(["--format", "json", "-q"])
        .output()
        .unwrap();
    let text = stdout(&out);
    let doc = serde_json::from_str(&text).unwrap_or_else(|e| {
        panic!(
            "{args:?}: not JSON ({e}): {text}{}",
            String::from_utf8_lossy(&out.stderr)
        )
    });
    assert_eq!(top_level_keys(&text), CERTIFIED_ORDER, "{text}");
    (out.status.code(), text, doc)
}

#[test]
fn count_certify_json_is_the_document_with_its_certificate() {
    let puzzle = common::puzzle_path("tromino-choice.toml");
    let (code, _, doc) = certified_json(&["count", puzzle.to_str().unwrap(), "--certify"]);
    assert_eq!(code, Some(0));
    assert_eq!(
        (doc["count"].as_u64(), doc["distinct"].as_u64()),
        (Some(338), Some(48))
    );
    assert_eq!(doc["status"], "solved");
    assert_eq!(doc["certified"], true);
    let cert = &doc["certificate"];
    assert_eq!(cert["kind"], "count");
    assert_eq!(cert["checked"], true);
    assert!(cert["added"].as_u64().unwrap() > 0, "{cert}");
}

#[test]
fn solve_certify_json_of_no_solution_carries_the_checked_proof() {
    let bars = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/bars-10x10.toml");
    let (code, _, doc) = certified_json(&[
        "solve",
        bars.to_str().unwrap(),
        "--certify",
        "--no-precheck",
    ]);
    assert_eq!(code, Some(1));
    assert_eq!(doc["status"], "unsolvable");
    assert_eq!(doc["certified"], true);
    assert_eq!(doc["certificate"]["kind"], "lrat");
    assert_eq!(doc["certificate"]["checked"], true);
    assert!(doc["certificate"]["hints"].as_u64().unwrap() > 0);
}

#[test]
fn solve_proof_json_says_the_proof_was_not_checked() {
    let dir = tempfile::tempdir().unwrap();
    let proof = dir.path().join("p.lrat");
    let puzzle = common::puzzle_path("tetromino-4x5.toml");
    let (code, _, doc) = certified_json(&[
        "solve",
        puzzle.to_str().unwrap(),
        "--no-precheck",
        "--proof",
        proof.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(1));
    assert_eq!(doc["certified"], false);
    assert_eq!(doc["certificate"]["kind"], "lrat");
    assert_eq!(doc["certificate"]["checked"], false);
    assert_eq!(doc["certificate"]["proof"], proof.to_str().unwrap());
    assert!(proof.is_file());
}

#[test]
fn solve_certify_json_of_a_colouring_names_it() {
    let puzzle = common::puzzle_path("tetromino-4x5.toml");
    let (code, _, doc) = certified_json(&["solve", puzzle.to_str().unwrap(), "--certify"]);
    assert_eq!(code, Some(1));
    assert_eq!(doc["certified"], true);
    assert_eq!(doc["certificate"]["kind"], "colouring");
    assert_eq!(doc["certificate"]["colouring"], "checkerboard");
}

#[test]
fn a_stopped_certified_count_in_json_certifies_nothing() {
    // A limit shorter than the slack the certifier keeps back (200 ms)
    // stops it at its first look at the clock, whatever the machine.
    let puzzle = common::puzzle_path("tromino-choice.toml");
    let (code, _, doc) = certified_json(&[
        "count",
        puzzle.to_str().unwrap(),
        "--certify",
        "--time-limit",
        "0.001",
    ]);
    assert_eq!(code, Some(3));
    assert_eq!(doc["status"], "unknown");
    assert_eq!(doc["certified"], false);
    assert_eq!(doc["certificate"], Value::Null);
}

#[test]
fn certify_json_to_a_file_writes_the_document_not_a_directory() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("s.json");
    let soma = common::puzzle_path("soma.toml");
    let out = run(&[
        "solve",
        soma.to_str().unwrap(),
        "--certify",
        "--format",
        "json",
        "-o",
        file.to_str().unwrap(),
        "-q",
    ]);
    assert_success(&out);
    assert!(file.is_file(), "{} is not a file", file.display());
    let text = std::fs::read_to_string(&file).unwrap();
    assert_eq!(top_level_keys(&text), CERTIFIED_ORDER, "{text}");
    let doc: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(doc["certificate"]["kind"], "solution");
    assert_eq!(doc["solutions"].as_array().unwrap().len(), 1);
}

#[test]
fn certify_json_with_a_trailing_slash_writes_the_certificate_directory() {
    let dir = tempfile::tempdir().unwrap();
    let cert = format!("{}/cert/", dir.path().display());
    let puzzle = common::puzzle_path("tromino-choice.toml");
    let (code, _, doc) =
        certified_json(&["count", puzzle.to_str().unwrap(), "--certify", "-o", &cert]);
    assert_eq!(code, Some(0));
    assert!(Path::new(&cert).join("manifest.toml").is_file());
    assert_eq!(doc["certificate"]["directory"], cert.as_str());
    let checked = run(&["check-certificate", &cert]);
    assert_success(&checked);
}
