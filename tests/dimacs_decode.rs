//! `jigsat dimacs` and `jigsat decode` without external programs: models
//! come from the built-in solver through the library, then are damaged in
//! the ways real files get damaged.

mod common;

use std::path::{Path, PathBuf};

use common::{check_solution, jigsat, puzzle_path, read_simple_puzzle};
use jigsat::internal::solve::Outcome;
use jigsat::internal::{Card, Encoding, Instance, Puzzle, SatSolver};
use serde_json::Value;

/// A model of `puzzle`'s CNF, as DIMACS literals.
fn model_of(puzzle: &str, encoding: Encoding) -> Vec<i32> {
    let puzzle = Puzzle::load(&puzzle_path(puzzle)).unwrap();
    let instance = Instance::new(&puzzle).unwrap();
    // The CNF `jigsat dimacs` writes by default: symmetry breaking included.
    let breaking = instance.breaking(true);
    let encoded = instance.encode(
        encoding,
        Card::default(),
        jigsat::internal::EdgeEncoding::default(),
        breaking.as_ref(),
    );
    match SatSolver::Varisat
        .build()
        .solve(&encoded.cnf, None)
        .unwrap()
    {
        Outcome::Sat(values) => (1..values.len())
            .map(|v| if values[v] { v as i32 } else { -(v as i32) })
            .collect(),
        other => panic!("{other:?}"),
    }
}

fn competition(lits: &[i32]) -> String {
    let mut out = String::from("c made by a test\ns SATISFIABLE\n");
    for chunk in lits.chunks(10) {
        let line: Vec<String> = chunk.iter().map(i32::to_string).collect();
        out += &format!("v {}\n", line.join(" "));
    }
    out + "v 0\n"
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn decode(puzzle: &str, model: &Path, extra: &[&str]) -> (Option<i32>, String, String) {
    let output = jigsat()
        .arg("decode")
        .arg(puzzle_path(puzzle))
        .arg(model)
        .args(extra)
        .output()
        .unwrap();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

fn dimacs_file(puzzle: &str, dir: &Path, extra: &[&str]) -> PathBuf {
    let path = dir.join(format!("{puzzle}.cnf"));
    let output = jigsat()
        .arg("dimacs")
        .arg(puzzle_path(puzzle))
        .arg("-o")
        .arg(&path)
        .args(extra)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    path
}

#[test]
fn dimacs_names_placements_and_counts_exactly() {
    let output = jigsat()
        .arg("dimacs")
        .arg(puzzle_path("soma.toml"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.starts_with("c jigsat "));
    assert!(text.contains("c option encoding=auto\n"));
    assert!(text.lines().any(|l| l.starts_with("c fingerprint ")));
    let vars = text.lines().filter(|l| l.starts_with("c var ")).count();
    let p: Vec<usize> = text
        .lines()
        .find(|l| l.starts_with("p cnf "))
        .unwrap()
        .split_whitespace()
        .skip(2)
        .map(|n| n.parse().unwrap())
        .collect();
    let clauses: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.starts_with("p "))
        .skip(1)
        .collect();
    assert_eq!(clauses.len(), p[1], "the p line counts the clauses");
    assert!(clauses.iter().all(|c| c.ends_with(" 0")));
    let max_var = clauses
        .iter()
        .flat_map(|c| c.split_whitespace())
        .map(|n| n.parse::<i64>().unwrap().unsigned_abs() as usize)
        .max()
        .unwrap();
    assert!(max_var <= p[0]);

    let info = jigsat()
        .arg("info")
        .arg(puzzle_path("soma.toml"))
        .args(["--format", "json"])
        .output()
        .unwrap();
    let info: Value = serde_json::from_slice(&info.stdout).unwrap();
    assert_eq!(info["placements"].as_u64().unwrap() as usize, vars);
    assert_eq!(info["encoding"]["clauses"].as_u64().unwrap() as usize, p[1]);
    // `c var 1 V (0,0,0) ...`: the piece and its cells.
    let first = text.lines().find(|l| l.starts_with("c var 1 ")).unwrap();
    assert_eq!(first.matches('(').count(), 3, "{first}");
}

#[test]
fn dimacs_file_is_complete_and_no_temporary_is_left() {
    let dir = tempfile::tempdir().unwrap();
    let path = dimacs_file("y25.toml", dir.path(), &[]);
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, vec!["y25.toml.cnf".to_string()]);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.ends_with(" 0\n"));

    let output = jigsat()
        .arg("dimacs")
        .arg(puzzle_path("y25.toml"))
        .arg("-o")
        .arg(dir.path().join("no/such/dir/y25.cnf"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn decode_reads_competition_minisat_and_bare_models() {
    let dir = tempfile::tempdir().unwrap();
    let lits = model_of("y25.toml", Encoding::Auto);
    let line: Vec<String> = lits.iter().map(i32::to_string).collect();
    let cnf = dimacs_file("y25.toml", dir.path(), &[]);
    let (board, shapes, flat) = read_simple_puzzle(&puzzle_path("y25.toml"));
    for (name, text) in [
        ("comp.out", competition(&lits)),
        ("minisat.res", format!("SAT\n{} 0\n", line.join(" "))),
        ("bare.txt", format!("{} 0\n", line.join("\n"))),
    ] {
        let model = write(dir.path(), name, &text);
        let (code, out, err) = decode("y25.toml", &model, &["--format", "json"]);
        assert_eq!(code, Some(0), "{name}: {err}");
        let json: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(json["status"], "solved");
        check_solution(&json["solutions"][0], &board, &shapes, flat);
        let cnf_arg = cnf.to_str().unwrap();
        let (code, _, err) = decode("y25.toml", &model, &["--cnf", cnf_arg]);
        assert_eq!(code, Some(0), "{name} with --cnf: {err}");
    }
}

#[test]
fn decode_says_unsat_and_unknown() {
    let dir = tempfile::tempdir().unwrap();
    for (text, code, status) in [
        ("s UNSATISFIABLE\n", 1, "unsolvable"),
        ("UNSAT\n", 1, "unsolvable"),
        ("c gave up\ns UNKNOWN\n", 3, "unknown"),
        ("INDET\n", 3, "unknown"),
    ] {
        let model = write(dir.path(), "answer", text);
        let (c, out, err) = decode("tetromino-4x5.toml", &model, &["--format", "json"]);
        assert_eq!(c, Some(code), "{text}: {err}");
        let json: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(json["status"], status);
    }
}

/// One line on stderr, naming the model file and the line, exit 2.
fn rejected(puzzle: &str, model: &Path, extra: &[&str], needles: &[&str]) {
    let (code, out, err) = decode(puzzle, model, extra);
    assert_eq!(code, Some(2), "{err}");
    assert!(out.is_empty());
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    assert!(!err.contains("panicked"), "{err}");
    for n in needles {
        assert!(err.contains(n), "`{n}` in: {err}");
    }
}

#[test]
fn decode_rejects_garbage_truncated_and_foreign_models() {
    let dir = tempfile::tempdir().unwrap();
    let lits = model_of("soma.toml", Encoding::Auto);
    let full = competition(&lits);

    let garbage = write(dir.path(), "garbage.out", "s SATISFIABLE\nv 1 2 three 0\n");
    let g = garbage.display().to_string();
    rejected("soma.toml", &garbage, &[], &[&format!("{g}:2:7"), "three"]);

    let binary = dir.path().join("binary.out");
    std::fs::write(&binary, [0xff, 0xfe, 0x00, 0x01]).unwrap();
    rejected("soma.toml", &binary, &[], &["binary.out:1:1", "UTF-8"]);

    // Cut in the middle of the v lines: no closing 0.
    let cut = full.len() / 2;
    let truncated = write(dir.path(), "truncated.out", &full[..cut]);
    rejected("soma.toml", &truncated, &[], &["truncated"]);

    // Cut after a whole line, with a closing 0 added: too few variables.
    let short: String = full.lines().take(5).map(|l| format!("{l}\n")).collect();
    let short = write(dir.path(), "short.out", &(short + "v 0\n"));
    rejected("soma.toml", &short, &[], &["short.out:", "variables"]);

    // The soma model read as a y25 model: another CNF.
    let soma = write(dir.path(), "soma.out", &full);
    rejected("y25.toml", &soma, &[], &["soma.out", "another CNF"]);
    // ... or through another encoding of the same puzzle.
    rejected(
        "soma.toml",
        &soma,
        &["--encoding", "sequential"],
        &["another CNF"],
    );

    // With --cnf, a CNF of another puzzle is caught by its fingerprint.
    let y25 = dimacs_file("y25.toml", dir.path(), &[]);
    rejected(
        "soma.toml",
        &soma,
        &["--cnf", y25.to_str().unwrap()],
        &["fingerprint", "y25.toml.cnf"],
    );

    let empty = write(dir.path(), "empty.out", "");
    rejected("soma.toml", &empty, &[], &["no answer"]);

    let contradiction = write(dir.path(), "both.out", "s SATISFIABLE\nv 1 -1 0\n");
    rejected("soma.toml", &contradiction, &[], &["both values"]);
}

#[test]
fn decode_takes_the_encoding_from_the_cnf() {
    let dir = tempfile::tempdir().unwrap();
    let cnf = dimacs_file("soma.toml", dir.path(), &["--encoding", "sequential"]);
    let lits = model_of("soma.toml", Encoding::Sequential);
    let model = write(dir.path(), "seq.out", &competition(&lits));
    let (code, out, err) = decode(
        "soma.toml",
        &model,
        &["--cnf", cnf.to_str().unwrap(), "--format", "json"],
    );
    assert_eq!(code, Some(0), "{err}");
    let json: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["stats"]["encoding"], "sequential");

    // Forcing another encoding than the file's is caught by the fingerprint.
    let (code, _, err) = decode(
        "soma.toml",
        &model,
        &["--cnf", cnf.to_str().unwrap(), "--encoding", "pairwise"],
    );
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("fingerprint"), "{err}");
}
