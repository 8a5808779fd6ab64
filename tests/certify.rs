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
        for (extra, says) in [
            ("--symmetry", "with symmetry breaking, justified"),
            ("--no-symmetry", "without symmetry breaking"),
        ] {
            let mut args = vec!["solve", &puzzle, "--no-precheck", "--certify"];
            if extra == "--no-symmetry" {
                args.push(extra);
            }
            let out = run(&args);
            assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
            assert!(text(&out.stdout).contains("no solution (certified)"));
            let err = text(&out.stderr);
            assert!(
                err.contains(says) && err.contains("checked by jigsat's LRAT checker"),
                "{err}"
            );
        }
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
    if let Some(built) = compiled(&path) {
        return Some(built);
    }
    if std::env::var("JIGSAT_REQUIRE_TOOLS").is_ok_and(|v| v == "1") {
        panic!("{} is missing and JIGSAT_REQUIRE_TOOLS=1", path.display());
    }
    eprintln!("skipped: {} is not there", path.display());
    None
}

/// `checker`'s C source (beside where the binary would be) compiled into
/// Cargo's scratch directory for tests (under `target/`, so nothing is
/// left in the system's temporary directory): in CI `../shared` is
/// read-only and may hold the source alone.
fn compiled(checker: &Path) -> Option<PathBuf> {
    let source = checker.with_extension("c");
    if !source.is_file() {
        return None;
    }
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("checkers");
    std::fs::create_dir_all(&dir).ok()?;
    let out = dir.join(checker.file_name()?);
    let built = out.is_file()
        || std::process::Command::new("cc")
            .args(["-O2", "-w", "-o"])
            .arg(&out)
            .arg(&source)
            .status()
            .is_ok_and(|s| s.success());
    built.then_some(out)
}

/// A BurrTools file of ../shared/burrtools, or `None` (with one line)
/// when it is not there; a failure if JIGSAT_REQUIRE_TOOLS=1.
fn burrtools_file(name: &str) -> Option<PathBuf> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/burrtools")
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

/// The certificate of a BurrTools design whose placements name long
/// pieces (PelikanBurr: `c var` lines of 3,001 characters before) is
/// read by the outside checker its manifest names: every comment line of
/// claim.cnf within what lrat-check accepts (it stops at 1,024).
#[test]
fn the_outside_checker_reads_a_burrtools_certificate() {
    let Some(pelikan) = burrtools_file("PelikanBurr.xmpuzzle") else {
        return;
    };
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("pelikan");
    certified_count(pelikan.to_str().unwrap(), &dir);
    let cnf = std::fs::read_to_string(dir.join("claim.cnf")).unwrap();
    let longest = cnf
        .lines()
        .filter(|l| l.starts_with('c'))
        .map(str::len)
        .max()
        .unwrap();
    assert!(longest < 1000, "a comment line of {longest} bytes");
    let Some(lrat_check) = checker("lrat-check") else {
        return;
    };
    let out = std::process::Command::new(&lrat_check)
        .args([dir.join("claim.cnf"), dir.join("proof.lrat")])
        .output()
        .unwrap();
    let said = text(&out.stdout) + &text(&out.stderr);
    assert!(said.contains("c VERIFIED"), "{said}");
}

#[test]
fn outside_checkers_accept_the_proofs() {
    let dir = tempfile::tempdir().unwrap();
    for extra in [&[][..], &["--no-symmetry"][..]] {
        let (cnf, proof) = cnf_and_proof(dir.path(), &tetrominoes(), "lrat", extra);
        lrat_check_accepts(Path::new(&cnf), Path::new(&proof));
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
    // The 6x10 board takes minutes to certify (the search's proof runs to
    // gigabytes); the limit ends it, leaving no proof behind.
    let dir = tempfile::tempdir().unwrap();
    let proof = dir.path().join("soma.lrat");
    let out = run(&[
        "count",
        &puzzle_path("pentomino-6x10.toml").display().to_string(),
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

/// `jigsat check-certificate DIR [more]`.
fn check_certificate(dir: &Path, more: &[&str]) -> std::process::Output {
    let mut args = vec!["check-certificate", dir.to_str().unwrap()];
    args.extend(more);
    run(&args)
}

/// `count PUZZLE --certify -o DIR`, then `check-certificate DIR PUZZLE`,
/// both successful: the check's output.
fn certified_count(puzzle: &str, dir: &Path) -> std::process::Output {
    let out = run(&["count", puzzle, "--certify", "-o", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let out = check_certificate(dir, &[puzzle]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    out
}

/// The published LRAT checker accepts `proof` of `cnf`, when it is there.
fn lrat_check_accepts(cnf: &Path, proof: &Path) {
    if let Some(lrat_check) = checker("lrat-check") {
        let out = std::process::Command::new(&lrat_check)
            .args([cnf, proof])
            .output()
            .unwrap();
        let said = text(&out.stdout) + &text(&out.stderr);
        assert!(
            out.status.success() && said.contains("c VERIFIED"),
            "{said}"
        );
    }
}

/// The published LRAT checker on a certificate's CNF and proof.
fn published_checker_accepts(dir: &Path) {
    lrat_check_accepts(&dir.join("claim.cnf"), &dir.join("proof.lrat"));
}

#[test]
fn certificate_directories_are_written_and_checked() {
    let root = tempfile::tempdir().unwrap();
    // No solution, by proof.
    let proof = root.path().join("by-proof");
    let out = run(&[
        "solve",
        &tetrominoes(),
        "--no-precheck",
        "--certify",
        "-o",
        proof.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let out = check_certificate(&proof, &[]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("certified: no solution"));
    published_checker_accepts(&proof);
    // The CNF is the one `jigsat dimacs` writes with the same options.
    let cnf = root.path().join("t.cnf");
    let out = run(&["dimacs", &tetrominoes(), "-o", cnf.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    let clauses = |p: &Path| -> Vec<String> {
        std::fs::read_to_string(p)
            .unwrap()
            .lines()
            .filter(|l| !l.starts_with('c'))
            .map(str::to_string)
            .collect()
    };
    assert_eq!(clauses(&cnf), clauses(&proof.join("claim.cnf")));
    // No solution, by the colouring witness.
    let witness = root.path().join("by-witness");
    let out = run(&[
        "solve",
        &tetrominoes(),
        "--certify",
        "-o",
        witness.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(witness.join("witness.txt").is_file());
    let out = check_certificate(&witness, &[]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    // A count, with its symmetry breaking justified.
    let count = root.path().join("count");
    let trominoes = puzzle_path("tromino-choice.toml").display().to_string();
    let out = certified_count(&trominoes, &count);
    assert!(
        text(&out.stdout).contains("certified: 338 solutions, 48 distinct"),
        "{}",
        text(&out.stdout)
    );
    assert_eq!(
        std::fs::read_to_string(count.join("solutions.txt"))
            .unwrap()
            .lines()
            .filter(|l| !l.starts_with('c'))
            .count(),
        338
    );
    published_checker_accepts(&count);
    // An exact cover (each piece once) is proved by the exact-cover
    // search, on the pairwise CNF.
    let search = root.path().join("search");
    let strip = puzzle_path("pentomino-3x20.toml").display().to_string();
    let out = run(&["count", &strip, "--certify", "-o", search.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("the exact-cover search's LRAT proof"));
    let out = check_certificate(&search, &[]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("certified: 8 solutions, 2 distinct"),
        "{}",
        text(&out.stdout)
    );
    published_checker_accepts(&search);
    // The search's proof, one literal flipped, is rejected.
    let flipped = tampered(root.path(), &search, "search-flipped", flip_a_literal);
    let out = check_certificate(&flipped, &[]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("proof.lrat"));
    // A directory that is not empty, or the puzzle file, is not written.
    let before = std::fs::read_to_string(count.join("manifest.toml")).unwrap();
    let out = run(&[
        "count",
        &trominoes,
        "--certify",
        "-o",
        count.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("not empty"));
    assert_eq!(
        before,
        std::fs::read_to_string(count.join("manifest.toml")).unwrap()
    );
    let copy = root.path().join("copy.toml");
    std::fs::copy(&trominoes, &copy).unwrap();
    let puzzle_before = std::fs::read(&copy).unwrap();
    let out = run(&[
        "count",
        copy.to_str().unwrap(),
        "--certify",
        "-o",
        copy.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert_eq!(puzzle_before, std::fs::read(&copy).unwrap());
}

#[test]
fn a_directory_and_a_proof_file_both_get_the_proof() {
    // `-o DIR/ --proof FILE`: the directory holds its proof (its manifest
    // names it, and the re-check reads it), and FILE a copy.
    let root = tempfile::tempdir().unwrap();
    let trominoes = puzzle_path("tromino-choice.toml").display().to_string();
    for (what, args) in [
        (
            "solve",
            vec!["solve", &tetrominoes(), "--no-precheck", "--certify"],
        ),
        ("count", vec!["count", &trominoes, "--certify"]),
    ] {
        let dir = root.path().join(what);
        let file = root.path().join(format!("{what}.lrat"));
        let mut args = args.clone();
        args.extend([
            "-o",
            dir.to_str().unwrap(),
            "--proof",
            file.to_str().unwrap(),
        ]);
        let out = run(&args);
        assert!(
            matches!(out.status.code(), Some(0 | 1)),
            "{what}: {}",
            text(&out.stderr)
        );
        let out = check_certificate(&dir, &[]);
        assert_eq!(out.status.code(), Some(0), "{what}: {}", text(&out.stderr));
        assert_eq!(
            std::fs::read(&file).unwrap(),
            std::fs::read(dir.join("proof.lrat")).unwrap(),
            "{what}"
        );
    }
}

/// A copy of the certificate directory `from`, changed by `change`.
fn tampered(root: &Path, from: &Path, name: &str, change: impl FnOnce(&Path)) -> PathBuf {
    let to = root.join(name);
    std::fs::create_dir(&to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
    }
    change(&to);
    to
}

/// Rewrites the lines of `file` in `dir`.
fn edit_lines(dir: &Path, file: &str, change: impl FnOnce(&mut Vec<String>)) {
    let path = dir.join(file);
    let mut lines: Vec<String> = std::fs::read_to_string(&path)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    change(&mut lines);
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
}

/// The manifest with `key = old` replaced by `key = new`.
fn edit_manifest(dir: &Path, key: &str, new: &str) {
    edit_lines(dir, "manifest.toml", |lines| {
        let line = lines
            .iter_mut()
            .find(|l| l.starts_with(&format!("{key} = ")))
            .unwrap();
        *line = format!("{key} = {new}");
    });
}

/// The lines of solutions.txt that hold a solution.
fn solution_lines(lines: &[String]) -> Vec<usize> {
    (0..lines.len())
        .filter(|&k| !lines[k].starts_with('c'))
        .collect()
}

/// Flips the first literal of the first clause a certificate's proof adds.
fn flip_a_literal(dir: &Path) {
    flip_first_literal(dir, "proof.lrat");
}

/// Flips the first literal of the first clause the LRAT proof `file`
/// adds (`ID LIT ... 0 HINTS 0`).
fn flip_first_literal(dir: &Path, file: &str) {
    edit_lines(dir, file, |l| {
        let k = l
            .iter()
            .position(|x| !x.contains(" d ") && x.split(' ').nth(1) != Some("0"))
            .unwrap();
        let mut words: Vec<String> = l[k].split(' ').map(str::to_string).collect();
        let lit: i64 = words[1].parse().unwrap();
        words[1] = (-lit).to_string();
        l[k] = words.join(" ");
    })
}

/// Removes the sixth solution of a certificate's list.
fn drop_a_solution(dir: &Path) {
    edit_lines(dir, "solutions.txt", |l| {
        let k = solution_lines(l)[5];
        l.remove(k);
    })
}

#[test]
fn tampered_certificates_are_rejected() {
    let root = tempfile::tempdir().unwrap();
    let good = root.path().join("good");
    let trominoes = puzzle_path("tromino-choice.toml").display().to_string();
    certified_count(&trominoes, &good);
    // (name, the change, the file the message must name, what it must say)
    type Change = Box<dyn FnOnce(&Path)>;
    let cases: Vec<(&str, Change, &str, &str)> = vec![
        (
            "dropped",
            Box::new(drop_a_solution),
            "manifest.toml",
            "says 338 solutions",
        ),
        (
            "dropped-and-recounted",
            Box::new(|d: &Path| {
                drop_a_solution(d);
                edit_manifest(d, "solutions", "337");
            }),
            "solutions.txt",
            "is not listed",
        ),
        (
            "duplicated",
            Box::new(|d: &Path| {
                edit_lines(d, "solutions.txt", |l| {
                    let k = solution_lines(l)[7];
                    let again = l[k].clone();
                    l.push(again);
                })
            }),
            "solutions.txt",
            "repeats the solution of line",
        ),
        (
            "not-a-solution",
            Box::new(|d: &Path| {
                edit_lines(d, "solutions.txt", |l| {
                    let k = solution_lines(l)[0];
                    let mut vars: Vec<u32> = l[k].split(' ').map(|w| w.parse().unwrap()).collect();
                    vars[0] = vars[1];
                    let extra = vars
                        .iter()
                        .map(u32::to_string)
                        .collect::<Vec<_>>()
                        .join(" ");
                    l.push(extra);
                })
            }),
            "solutions.txt",
            "not a solution",
        ),
        (
            "flipped-literal",
            Box::new(flip_a_literal),
            "proof.lrat",
            "does not check",
        ),
        (
            "fingerprint",
            Box::new(|d: &Path| edit_manifest(d, "puzzle_fingerprint", "\"0123456789abcdef\"")),
            "manifest.toml",
            "another puzzle",
        ),
        (
            "count",
            Box::new(|d: &Path| edit_manifest(d, "distinct", "49")),
            "manifest.toml",
            "says 49 distinct",
        ),
        (
            "cnf",
            Box::new(|d: &Path| {
                edit_lines(d, "claim.cnf", |l| {
                    let k = l.iter().position(|x| x.starts_with("p cnf")).unwrap() + 1;
                    l.remove(k);
                })
            }),
            "claim.cnf",
            "",
        ),
    ];
    for (name, change, file, says) in cases {
        let dir = tampered(root.path(), &good, name, change);
        let out = check_certificate(&dir, &[]);
        let said = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{name}: {said}");
        assert!(
            said.contains(&dir.join(file).display().to_string()) && said.contains(says),
            "{name}: {said}"
        );
        assert!(text(&out.stdout).is_empty(), "{name}: no claim is made");
    }
    // The certificate checked against another puzzle.
    let out = check_certificate(&good, &[&tetrominoes()]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("another puzzle"));
}

/// kissat's and the cadical program's proofs of `jigsat dimacs` output,
/// through `decode --proof`: their DRAT is refused with the drat-trim
/// command that turns it into LRAT, and that LRAT (kissat's defines new
/// variables by RAT steps) is checked.
#[test]
fn outside_solvers_proofs_are_checked_through_decode() {
    if !(common::tools::require_tool(
        "kissat",
        ".ci/install-solvers, which takes it from the PyPI wheel passagemath-kissat",
    ) && common::tools::require_tool("cadical", "apt-get install cadical"))
    {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for puzzle in [tetrominoes(), bars()] {
        let cnf = d.join("p.cnf");
        let _ = std::fs::remove_file(&cnf);
        let out = run(&["dimacs", &puzzle, "-o", cnf.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(0));
        for solver in ["kissat", "cadical"] {
            let drat = d.join(format!("{solver}.drat"));
            let out = std::process::Command::new(solver)
                .arg("-q")
                .arg(&cnf)
                .arg(&drat)
                .output()
                .unwrap();
            assert_eq!(
                out.status.code(),
                Some(20),
                "{solver}: {}",
                text(&out.stdout)
            );
            let said = decode(d, &puzzle, Some(drat.to_str().unwrap()), &[]);
            let stderr = text(&said.stderr);
            assert_eq!(said.status.code(), Some(2), "{solver}: {stderr}");
            assert!(
                stderr.contains("DRAT proof: jigsat checks LRAT only")
                    && stderr.contains("drat-trim CNF PROOF -L OUT"),
                "{solver}: {stderr}"
            );
            let Some(drat_trim) = checker("drat-trim") else {
                continue;
            };
            let lrat = d.join(format!("{solver}.lrat"));
            let _ = std::fs::remove_file(&lrat);
            let out = std::process::Command::new(&drat_trim)
                .arg(&cnf)
                .arg(&drat)
                .arg("-L")
                .arg(&lrat)
                .output()
                .unwrap();
            assert!(
                text(&out.stdout).contains("s VERIFIED"),
                "{}",
                text(&out.stdout)
            );
            let said = decode(d, &puzzle, Some(lrat.to_str().unwrap()), &[]);
            assert_eq!(
                said.status.code(),
                Some(1),
                "{solver}: {}",
                text(&said.stderr)
            );
            assert!(text(&said.stderr).contains("certified"));
            // One flipped literal in a clause of it, and it is rejected.
            flip_first_literal(d, &format!("{solver}.lrat"));
            let said = decode(d, &puzzle, Some(lrat.to_str().unwrap()), &[]);
            assert_eq!(
                said.status.code(),
                Some(2),
                "{solver}: {}",
                text(&said.stderr)
            );
        }
    }
}

/// The symmetry argument refuses a breaking that could lose a solution:
/// a kept placement forbidden too, or a pool no symmetry maps into what
/// is kept; and a list not closed under the symmetries.
#[test]
fn the_symmetry_argument_refuses_what_could_lose_a_solution() {
    use jigsat::internal::certify::breaking::justify;
    let puzzle = jigsat::internal::puzzle::Puzzle::load(&puzzle_path("soma.toml")).unwrap();
    let instance = jigsat::internal::instance::Instance::new(&puzzle).unwrap();
    let breaking = instance.breaking(true).expect("Soma has a breaking");
    assert!(justify(&puzzle, &instance, &breaking.forbidden, &[]).is_ok());
    // Every placement of the pool forbidden: nothing is kept.
    let places = jigsat::internal::certify::breaking::placements(&instance);
    let piece_of = |o: u32| places[o as usize].0;
    let piece = piece_of(breaking.forbidden[0]);
    let all: Vec<u32> = (0..instance.cover().options.len() as u32)
        .filter(|&o| piece_of(o) == piece)
        .collect();
    let kept: Vec<u32> = all
        .iter()
        .copied()
        .filter(|o| !breaking.forbidden.contains(o))
        .collect();
    assert!(!kept.is_empty());
    let mut more = breaking.forbidden.clone();
    more.push(kept[0]);
    let why = justify(&puzzle, &instance, &more, &[]).unwrap_err();
    assert!(why.contains("no pool"), "{why}");
    // Placements of two pieces: no pool holds them all.
    let other = (0..instance.cover().options.len() as u32)
        .find(|&o| piece_of(o) != piece)
        .unwrap();
    let mut mixed = breaking.forbidden.clone();
    mixed.push(other);
    assert!(justify(&puzzle, &instance, &mixed, &[]).is_err());
    // One solution without its images: the list is not closed.
    let dir = tempfile::tempdir().unwrap();
    let cert = dir.path().join("soma");
    let out = run(&[
        "solve",
        &puzzle_path("soma.toml").display().to_string(),
        "--certify",
        "--no-precheck",
        "-o",
        cert.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let line = std::fs::read_to_string(cert.join("solutions.txt"))
        .unwrap()
        .lines()
        .find(|l| !l.starts_with('c'))
        .unwrap()
        .to_string();
    let one: Vec<u32> = line
        .split(' ')
        .map(|w| w.parse::<u32>().unwrap() - 1)
        .collect();
    let why = justify(&puzzle, &instance, &[], &[one]).unwrap_err();
    assert!(why.contains("is not listed"), "{why}");
}

/// Issue 35: a certificate's fields the check never read — the manifest's
/// `variables` and `files`, where its puzzle copy is, and the CNF of a
/// solved puzzle's certificate — are checked: each tampered, the check
/// refuses, naming the file.
#[test]
fn every_field_of_a_certificate_is_checked() {
    let root = tempfile::tempdir().unwrap();
    let good = root.path().join("good");
    let trominoes = puzzle_path("tromino-choice.toml").display().to_string();
    certified_count(&trominoes, &good);
    let solved = root.path().join("solved");
    let dominoes = puzzle_path("dominoes-6x6.toml").display().to_string();
    let out = run(&[
        "solve",
        &dominoes,
        "--certify",
        "-o",
        solved.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let out = check_certificate(&solved, &[]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    type Change = Box<dyn FnOnce(&Path)>;
    let drop_a_clause = |d: &Path| {
        edit_lines(d, "claim.cnf", |l| {
            let k = l.iter().position(|x| x.starts_with("p cnf")).unwrap() + 3;
            l.remove(k);
        })
    };
    let cases: Vec<(&str, &Path, Change, &str, &str)> = vec![
        (
            "variables",
            &good,
            Box::new(|d: &Path| edit_manifest(d, "variables", "12345")),
            "manifest.toml",
            "says 12345 variables",
        ),
        (
            "files",
            &good,
            Box::new(|d: &Path| edit_manifest(d, "files", "[\"puzzle.toml\"]")),
            "manifest.toml",
            "lists the files",
        ),
        (
            "missing",
            &good,
            Box::new(|d: &Path| std::fs::remove_file(d.join("claim.cnf")).unwrap()),
            "claim.cnf",
            "is missing",
        ),
        (
            "elsewhere",
            &good,
            Box::new(|d: &Path| edit_manifest(d, "puzzle_file", "\"../good/puzzle.toml\"")),
            "manifest.toml",
            "not the certificate's copy",
        ),
        (
            "solved-cnf",
            &solved,
            Box::new(drop_a_clause),
            "claim.cnf",
            "",
        ),
        (
            "solved-variables",
            &solved,
            Box::new(|d: &Path| edit_manifest(d, "variables", "7")),
            "manifest.toml",
            "says 7 variables",
        ),
    ];
    for (name, from, change, file, says) in cases {
        let dir = tampered(root.path(), from, name, change);
        let out = check_certificate(&dir, &[]);
        let said = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{name}: {said}");
        assert!(
            said.contains(&dir.join(file).display().to_string()) && said.contains(says),
            "{name}: {said}"
        );
        assert!(text(&out.stdout).is_empty(), "{name}: no claim is made");
    }
}

/// Issue 35: check-certificate reads claim.cnf and solutions.txt within
/// the memory budget: pointed at /dev/zero (one endless line) it refuses,
/// naming the file, instead of taking the machine's memory.
#[test]
fn check_certificate_reads_within_the_budget() {
    if !Path::new("/dev/zero").exists() {
        eprintln!("skipped: no /dev/zero");
        return;
    }
    let root = tempfile::tempdir().unwrap();
    let good = root.path().join("good");
    let trominoes = puzzle_path("tromino-choice.toml").display().to_string();
    certified_count(&trominoes, &good);
    for file in ["claim.cnf", "solutions.txt"] {
        let dir = tampered(root.path(), &good, file, |d: &Path| {
            std::fs::remove_file(d.join(file)).unwrap();
            std::os::unix::fs::symlink("/dev/zero", d.join(file)).unwrap();
        });
        let out = check_certificate(&dir, &["--max-memory", "64M"]);
        let said = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{file}: {said}");
        assert!(
            said.contains(&dir.join(file).display().to_string())
                && said.contains("stopped reading"),
            "{file}: {said}"
        );
    }
}

/// Issue 35: a proof step larger than what the memory budget leaves is
/// refused as it is read, naming the proof and the step's line, instead
/// of being read whole (a 400 MB step took 1.7 GB under 256M).
#[test]
fn a_proof_step_past_the_budget_is_refused() {
    let root = tempfile::tempdir().unwrap();
    let good = root.path().join("good");
    let trominoes = puzzle_path("tromino-choice.toml").display().to_string();
    certified_count(&trominoes, &good);
    let dir = tampered(root.path(), &good, "big-step", |d: &Path| {
        let mut step = b"1 d 0\n999999 ".to_vec();
        step.extend(b"1 ".repeat(8 << 20));
        step.extend(b"0 1 0\n");
        std::fs::write(d.join("proof.lrat"), step).unwrap();
    });
    let out = check_certificate(&dir, &["--max-memory", "32M"]);
    let said = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{said}");
    assert!(
        said.contains(&dir.join("proof.lrat").display().to_string())
            && said.contains("line 2")
            && said.contains("does not fit"),
        "{said}"
    );
}

/// Issue 35: a proof that is a FIFO no one writes blocks the check in
/// `open`; the first SIGTERM ends it with status 130 (before, the signal
/// only raised the flag the blocked check could not poll).
#[test]
fn a_proof_that_is_a_fifo_ends_on_the_first_sigterm() {
    let root = tempfile::tempdir().unwrap();
    let good = root.path().join("good");
    let trominoes = puzzle_path("tromino-choice.toml").display().to_string();
    certified_count(&trominoes, &good);
    let dir = tampered(root.path(), &good, "fifo", |d: &Path| {
        std::fs::remove_file(d.join("proof.lrat")).unwrap();
    });
    let made = std::process::Command::new("mkfifo")
        .arg(dir.join("proof.lrat"))
        .status();
    if !made.is_ok_and(|s| s.success()) {
        eprintln!("skipped: mkfifo failed");
        return;
    }
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_jigsat"))
        .args(["check-certificate", dir.to_str().unwrap()])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let sent = std::process::Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    // Not a timed assertion: a run that never ends is killed after a
    // minute so that the test fails instead of hanging.
    let mut waited = 0;
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        waited += 1;
        if waited > 600 {
            let _ = child.kill();
            panic!("check-certificate did not end on SIGTERM");
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    };
    let out = child.wait_with_output().unwrap();
    assert_eq!(status.code(), Some(130), "{}", text(&out.stderr));
    assert!(!text(&out.stdout).contains("certified"));
}

/// Issue 35: `count --certify --proof BAD_PATH` on an exact cover (proved
/// by the search) is a clear error naming the path, exit 2 — not
/// "internal error".
#[test]
fn a_bad_proof_path_is_named() {
    let strip = puzzle_path("pentomino-3x20.toml").display().to_string();
    let root = tempfile::tempdir().unwrap();
    let bad = root.path().join("no/such/dir/p.lrat");
    let out = run(&[
        "count",
        &strip,
        "--certify",
        "--proof",
        bad.to_str().unwrap(),
    ]);
    let said = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{said}");
    assert!(
        said.contains(&bad.display().to_string()) && !said.contains("internal error"),
        "{said}"
    );
}

/// Issue 35: a certificate whose writing fails part-way (a full disk:
/// the copy of the proof to /dev/full) leaves no partial directory
/// behind, so that the rerun is not refused as "not empty".
#[test]
fn a_failed_certificate_leaves_nothing_behind() {
    if !Path::new("/dev/full").exists() {
        eprintln!("skipped: no /dev/full to fill a disk with");
        return;
    }
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("cert");
    let trominoes = puzzle_path("tromino-choice.toml").display().to_string();
    let out = run(&[
        "count",
        &trominoes,
        "--certify",
        "-o",
        dir.to_str().unwrap(),
        "--proof",
        "/dev/full",
    ]);
    let said = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{said}");
    assert!(said.contains("/dev/full"), "{said}");
    assert!(!dir.exists(), "a partial certificate was left behind");
    let leftovers: Vec<_> = std::fs::read_dir(root.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
    // The rerun writes the certificate.
    certified_count(&trominoes, &dir);
}
