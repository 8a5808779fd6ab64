//! Proofs and certificates (issue 28): "no solution" by proof and by
//! colouring witness, checked by jigsat's LRAT checker and by the outside
//! checkers; tampered proofs and proofs of another CNF rejected.

mod common;

use std::path::{Path, PathBuf};

use common::{jigsat, puzzle_path};

const TETROMINOES: &str = "tetromino-4x5.toml";

fn run(args: &[&str]) -> std::process::Output {
    jigsat().args(args).output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn tetrominoes() -> String {
    puzzle_path(TETROMINOES).display().to_string()
}

fn bars() -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/bars-10x10.toml")
        .display()
        .to_string()
}

/// Writes the CNF and CaDiCaL's proof of it (`extra`: options for both).
fn cnf_and_proof(dir: &Path, puzzle: &str, format: &str, extra: &[&str]) -> (String, String) {
    let cnf = dir
        .join(format!("p{}.cnf", extra.len()))
        .display()
        .to_string();
    let proof = dir
        .join(format!("p{}.{format}", extra.len()))
        .display()
        .to_string();
    let mut args = vec!["dimacs", puzzle, "-o", &cnf];
    args.extend(extra);
    assert_eq!(run(&args).status.code(), Some(0));
    let mut args = vec![
        "solve",
        puzzle,
        "--no-precheck",
        "--proof",
        &proof,
        "--proof-format",
        format,
    ];
    args.extend(extra);
    let out = run(&args);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("proof of the placement CNF"));
    (cnf, proof)
}

#[test]
fn tetrominoes_by_witness() {
    let out = run(&["solve", &tetrominoes(), "--certify"]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains("checkerboard colouring") && err.contains("certified"),
        "{err}"
    );
    // --proof writes the witness instead, and says so.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("w.txt");
    let out = run(&["solve", &tetrominoes(), "--proof", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("holds its witness, not a SAT proof"));
    let witness = std::fs::read_to_string(&path).unwrap();
    assert!(
        witness.contains("piece T copies 1..1 cells 4 balances -2 2"),
        "{witness}"
    );
}

#[test]
fn tetrominoes_and_bars_by_proof() {
    for puzzle in [tetrominoes(), bars()] {
        let out = run(&["solve", &puzzle, "--no-precheck", "--certify"]);
        assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
        assert!(text(&out.stdout).contains("no solution (certified)"));
        let err = text(&out.stderr);
        assert!(
            err.contains("without symmetry breaking")
                && err.contains("checked by jigsat's LRAT checker"),
            "{err}"
        );
    }
}

#[test]
fn a_solvable_puzzle_is_solved_not_proved() {
    let dir = tempfile::tempdir().unwrap();
    let proof = dir.path().join("none.lrat");
    let out = run(&[
        "solve",
        &puzzle_path("soma.toml").display().to_string(),
        "--proof",
        proof.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        !proof.exists(),
        "no proof is left behind for a solved puzzle"
    );
}

/// An outside checker in ../shared/peers/checkers, or `None` (with one
/// line) when it is not there; a failure if JIGSAT_REQUIRE_TOOLS=1.
fn checker(name: &str) -> Option<PathBuf> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/peers/checkers")
        .join(name);
    if path.is_file() {
        return Some(path);
    }
    if std::env::var("JIGSAT_REQUIRE_TOOLS").is_ok_and(|v| v == "1") {
        panic!("{} is missing and JIGSAT_REQUIRE_TOOLS=1", path.display());
    }
    eprintln!("skipped: {} is not there", path.display());
    None
}

#[test]
fn outside_checkers_accept_the_proofs() {
    let dir = tempfile::tempdir().unwrap();
    if let Some(lrat_check) = checker("lrat-check") {
        for extra in [&[][..], &["--no-symmetry"][..]] {
            let (cnf, proof) = cnf_and_proof(dir.path(), &tetrominoes(), "lrat", extra);
            let out = std::process::Command::new(&lrat_check)
                .args([&cnf, &proof])
                .output()
                .unwrap();
            let said = text(&out.stdout) + &text(&out.stderr);
            assert!(
                out.status.success() && said.contains("c VERIFIED"),
                "{said}"
            );
        }
    }
    if let Some(drat_trim) = checker("drat-trim") {
        let (cnf, proof) = cnf_and_proof(dir.path(), &bars(), "drat", &[]);
        let out = std::process::Command::new(&drat_trim)
            .args([&cnf, &proof])
            .output()
            .unwrap();
        let said = text(&out.stdout);
        assert!(said.contains("s VERIFIED"), "{said}");
    }
}

/// `decode PUZZLE unsat.txt --proof PROOF` with `extra` options.
fn decode(dir: &Path, puzzle: &str, proof: Option<&str>, extra: &[&str]) -> std::process::Output {
    let model = dir.join("unsat.txt");
    std::fs::write(&model, "s UNSATISFIABLE\n").unwrap();
    let model = model.display().to_string();
    let mut args = vec!["decode", puzzle, &model];
    if let Some(p) = proof {
        args.extend(["--proof", p]);
    }
    args.extend(extra);
    run(&args)
}

#[test]
fn decode_checks_the_claim() {
    let dir = tempfile::tempdir().unwrap();
    let t = tetrominoes();
    let (_, proof) = cnf_and_proof(dir.path(), &t, "lrat", &[]);
    let out = decode(dir.path(), &t, Some(&proof), &[]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("certified"));
    let out = decode(dir.path(), &t, None, &[]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("unverified"));
    // A DRAT proof is recognised, and not taken on trust.
    let (_, drat) = cnf_and_proof(dir.path(), &t, "drat", &["--no-symmetry"]);
    let out = decode(dir.path(), &t, Some(&drat), &["--no-symmetry"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("drat-trim"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn a_proof_of_another_cnf_is_rejected() {
    let dir = tempfile::tempdir().unwrap();
    let t = tetrominoes();
    let (_, with) = cnf_and_proof(dir.path(), &t, "lrat", &[]);
    let (_, without) = cnf_and_proof(dir.path(), &t, "lrat", &["--no-symmetry"]);
    let out = decode(dir.path(), &t, Some(&without), &[]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    let out = decode(dir.path(), &t, Some(&with), &["--no-symmetry"]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    let out = decode(dir.path(), &bars(), Some(&with), &[]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
}

#[test]
fn tampered_proofs_are_rejected() {
    let dir = tempfile::tempdir().unwrap();
    let t = tetrominoes();
    let (_, proof) = cnf_and_proof(dir.path(), &t, "lrat", &[]);
    let good = std::fs::read_to_string(&proof).unwrap();
    let lines: Vec<&str> = good.lines().collect();
    let additions: Vec<usize> = (0..lines.len())
        .filter(|&k| !lines[k].contains(" d "))
        .collect();
    let first = additions[0];
    let last = *additions.last().unwrap();
    assert!(
        lines[last].split_whitespace().nth(1) == Some("0"),
        "the last step derives the empty clause"
    );
    let edit = |k: usize, f: &dyn Fn(Vec<String>) -> Option<Vec<String>>| -> String {
        let mut out = String::new();
        for (j, line) in lines.iter().enumerate() {
            let tokens: Vec<String> = line.split_whitespace().map(str::to_string).collect();
            let tokens = if j == k { f(tokens) } else { Some(tokens) };
            if let Some(t) = tokens {
                out += &t.join(" ");
                out.push('\n');
            }
        }
        out
    };
    let tampered = [
        ("a deleted line", edit(first, &|_| None)),
        (
            "a flipped literal",
            edit(first, &|mut t| {
                t[1] = (-t[1].parse::<i64>().unwrap()).to_string();
                Some(t)
            }),
        ),
        (
            "a wrong hint",
            edit(first, &|mut t| {
                let hint = t.iter().position(|x| x == "0").unwrap() + 1;
                t[hint] = "1".to_string();
                Some(t)
            }),
        ),
        ("a missing final clause", edit(last, &|_| None)),
    ];
    for (what, proof) in tampered {
        assert_ne!(proof, good);
        let path = dir.path().join("tampered.lrat");
        std::fs::write(&path, &proof).unwrap();
        let out = decode(dir.path(), &t, Some(path.to_str().unwrap()), &[]);
        assert_eq!(out.status.code(), Some(2), "{what}: {}", text(&out.stderr));
        let err = text(&out.stderr);
        assert!(
            err.contains("tampered.lrat") && err.contains("does not check"),
            "{what}: {err}"
        );
    }
}

#[test]
fn a_count_with_copies_and_ranges_is_certified() {
    // Count ranges make cardinality clauses, from which CaDiCaL derives
    // clauses while the CNF is still being added: the proof's ids must
    // still be the file's.
    let out = run(&[
        "count",
        &puzzle_path("tromino-choice.toml").display().to_string(),
        "--certify",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("338 solutions, 48 distinct (certified)"),
        "{}",
        text(&out.stdout)
    );
    // An impossible puzzle counts 0, certified.
    let pocket = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/pocket.toml");
    let out = run(&["count", pocket.to_str().unwrap(), "--certify"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("0 solutions, 0 distinct (certified)"));
}

#[test]
fn the_time_limit_stops_the_proof_and_nothing_is_certified() {
    // The 8x8 board with a hole takes minutes to certify (CaDiCaL's proof
    // of the blocked CNF); the limit ends it, leaving no proof behind.
    let dir = tempfile::tempdir().unwrap();
    let proof = dir.path().join("soma.lrat");
    let out = run(&[
        "count",
        &puzzle_path("pentomino-8x8-hole.toml").display().to_string(),
        "--certify",
        "--proof",
        proof.to_str().unwrap(),
        "--time-limit",
        "6",
    ]);
    assert_eq!(out.status.code(), Some(3), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("nothing was certified"),
        "{}",
        text(&out.stderr)
    );
    assert!(!proof.exists());
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "no temporary file is left"
    );
}
