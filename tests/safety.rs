//! Trust under bad input and interruptions: outputs never replace an
//! input or what is not a plain writable file, external solvers are
//! stopped with everything they started, Ctrl-C exits 130.

mod common;

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use common::{jigsat, puzzle_path};

fn copy_of(name: &str, dir: &Path) -> std::path::PathBuf {
    let to = dir.join(name);
    std::fs::copy(puzzle_path(name), &to).unwrap();
    to
}

#[test]
fn no_command_writes_its_output_over_the_puzzle_it_reads() {
    let dir = tempfile::tempdir().unwrap();
    let soma = copy_of("soma.toml", dir.path());
    let before = std::fs::read(&soma).unwrap();
    for args in [
        &["solve"][..],
        &["count"][..],
        &["info"][..],
        &["dimacs"][..],
        &["solve", "--all"][..],
    ] {
        let output = jigsat()
            .args(args)
            .arg(&soma)
            .arg("-o")
            .arg(&soma)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&output.stderr);
        assert!(
            err.contains("soma.toml") && err.contains("reads"),
            "{args:?}: {err}"
        );
        assert_eq!(std::fs::read(&soma).unwrap(), before, "{args:?}");
    }
    // Through a symlink too.
    #[cfg(unix)]
    {
        let link = dir.path().join("link.txt");
        std::os::unix::fs::symlink(&soma, &link).unwrap();
        let output = jigsat()
            .arg("solve")
            .arg(&soma)
            .arg("-o")
            .arg(&link)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2));
        assert_eq!(std::fs::read(&soma).unwrap(), before);
    }
}

#[cfg(unix)]
#[test]
fn outputs_follow_symlinks_and_never_replace_devices_or_read_only_files() {
    use std::os::unix::fs::{FileTypeExt, PermissionsExt};
    let dir = tempfile::tempdir().unwrap();
    let soma = puzzle_path("soma.toml");
    // A symlink: the file it points to gets the output, the link stays.
    let real = dir.path().join("real.cnf");
    std::fs::write(&real, "old").unwrap();
    let link = dir.path().join("link.cnf");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    let output = jigsat()
        .arg("dimacs")
        .arg(&soma)
        .arg("-o")
        .arg(&link)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert!(std::fs::read_to_string(&real).unwrap().contains("p cnf"));
    // A device is written to, not replaced.
    let output = jigsat()
        .arg("dimacs")
        .arg(&soma)
        .args(["-o", "/dev/null"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert!(
        std::fs::metadata("/dev/null")
            .unwrap()
            .file_type()
            .is_char_device()
    );
    // A read-only file is left alone (root could write it; jigsat won't).
    let ro = dir.path().join("ro.txt");
    std::fs::write(&ro, "keep").unwrap();
    std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o444)).unwrap();
    for args in [&["dimacs"][..], &["solve"][..]] {
        let output = jigsat()
            .args(args)
            .arg(&soma)
            .arg("-o")
            .arg(&ro)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(String::from_utf8_lossy(&output.stderr).contains("read-only"));
        assert_eq!(std::fs::read_to_string(&ro).unwrap(), "keep");
    }
    // No temporary files are left anywhere in the directory.
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(names.iter().all(|n| !n.ends_with(".part")), "{names:?}");
}

/// A solver wrapper that starts the "real solver" as its child and waits:
/// the time limit and Ctrl-C must stop the child too.
#[cfg(unix)]
fn wrapper(dir: &Path) -> (std::path::PathBuf, std::path::PathBuf) {
    use std::os::unix::fs::PermissionsExt;
    let pid_file = dir.join("child.pid");
    let script = dir.join("wrapper.sh");
    std::fs::write(
        &script,
        format!(
            "#!/bin/sh\nsleep 300 &\necho $! > {}\nwait\n",
            pid_file.display()
        ),
    )
    .unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    (script, pid_file)
}

#[cfg(unix)]
fn alive(pid_file: &Path) -> bool {
    let pid = std::fs::read_to_string(pid_file).unwrap();
    std::thread::sleep(Duration::from_millis(200));
    // A killed orphan may stay a zombie where init does not reap: dead.
    let state = std::fs::read_to_string(format!("/proc/{}/stat", pid.trim())).unwrap_or_default();
    let state = state.rsplit(") ").next().unwrap_or("").chars().next();
    matches!(state, Some(c) if c != 'Z' && c != 'X')
}

#[cfg(unix)]
#[test]
fn the_time_limit_stops_an_external_solver_and_everything_it_started() {
    let dir = tempfile::tempdir().unwrap();
    let (script, pid_file) = wrapper(dir.path());
    let output = jigsat()
        .arg("solve")
        .arg(puzzle_path("soma.toml"))
        .arg("--solver")
        .arg(&script)
        .args(["--time-limit", "1"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(3), "{err}");
    assert!(err.contains("time limit of 1.0 s reached"), "{err}");
    assert!(!alive(&pid_file), "the wrapper's child still runs");
}

#[cfg(unix)]
#[test]
fn ctrl_c_stops_an_external_solver_and_everything_it_started() {
    let dir = tempfile::tempdir().unwrap();
    let (script, pid_file) = wrapper(dir.path());
    let child = Command::new(env!("CARGO_BIN_EXE_jigsat"))
        .arg("solve")
        .arg(puzzle_path("soma.toml"))
        .arg("--solver")
        .arg(&script)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut waited = Duration::ZERO;
    while !pid_file.exists() && waited < Duration::from_secs(20) {
        std::thread::sleep(Duration::from_millis(50));
        waited += Duration::from_millis(50);
    }
    Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(130));
    assert!(String::from_utf8_lossy(&output.stderr).contains("interrupted"));
    assert!(!alive(&pid_file), "the wrapper's child still runs");
}

/// The memory budget refuses what would not fit before building it, with
/// the figure and what to try: a pairwise CNF of Calibron 12 (10.7 G
/// clauses, counted by formula), an order model of 200 dominoes (counted
/// without being stored), a generated board `solve` would refuse.
#[test]
fn the_memory_budget_refuses_before_building_with_the_figure() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("c.cnf");
    let calibron = puzzle_path("calibron12.toml");
    let output = jigsat()
        .args(["--max-memory", "100M", "dimacs"])
        .arg(&calibron)
        .args(["--encoding", "pairwise", "-o"])
        .arg(&out)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{err}");
    assert!(
        err.contains("calibron12.toml") && err.contains("needs about"),
        "{err}"
    );
    assert!(
        err.contains("10.7 G clauses") && err.contains("try --encoding product"),
        "{err}"
    );
    assert!(!out.exists());

    let dominoes = dir.path().join("dominoes.toml");
    std::fs::write(
        &dominoes,
        "[board]\nsize = [20, 20]\n[[piece]]\nname = \"d\"\ncount = 200\nshape = \"##\"\n",
    )
    .unwrap();
    let output = jigsat()
        .args(["--max-memory", "10M", "solve"])
        .arg(&dominoes)
        .args(["--model", "order"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{err}");
    assert!(
        err.contains("dominoes.toml") && err.contains("order model"),
        "{err}"
    );
    assert!(err.contains("try --model placement"), "{err}");
    // Auto does not pick that model: placements are far smaller.
    let output = jigsat()
        .args(["--max-memory", "10M", "-v", "solve"])
        .arg(&dominoes)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{err}");

    let big = dir.path().join("e100.toml");
    let output = jigsat()
        .args([
            "generate",
            "edges",
            "--size",
            "100x100",
            "--colours",
            "8",
            "-o",
        ])
        .arg(&big)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("would be refused by solve"));
    assert!(!big.exists());
}

/// A CNF of many short clauses is weighed with the solver's copy (fuzz
/// seed 1, case 1493: one L-tromino three times on 300x300, 357,604
/// placements, 8.3 M clauses, 20.2 M literals, which peaked at 1.06-1.27
/// GB under a 1 GiB budget): `count` refuses it up front (exit 2) with the
/// figure, before encoding, instead of running past the budget.
#[test]
fn a_cnf_of_short_clauses_is_refused_when_the_solver_would_not_fit() {
    let dir = tempfile::tempdir().unwrap();
    let puzzle = dir.path().join("packing-1493.toml");
    std::fs::write(
        &puzzle,
        "[board]\nsize = [300, 300]\n[[piece]]\nname = \"p0\"\ncount = 3\nshape = \"\"\"\n..#\n.##\n\"\"\"\n",
    )
    .unwrap();
    let output = jigsat()
        .arg("count")
        .arg(&puzzle)
        // The refusal comes before any search; the limit only bounds a
        // run that would wrongly start one (a debug build on a busy
        // machine takes seconds to reach the check).
        .args(["--time-limit", "120", "--max-memory", "1G"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{err}");
    assert!(
        err.contains("packing-1493.toml: needs about")
            && err.contains("CNF of 8.3 M clauses and the solver's copy")
            && err.contains("(--max-memory)"),
        "{err}"
    );
}

/// A search one level per piece on a board of 60,000 cells (fuzz seed 2's
/// `packing-1300`: monominoes, any number of them, on 4x3x5000) used to
/// overflow the search thread's stack and abort. Every exact engine now
/// finds the one solution, and `count` counts it.
#[test]
fn a_search_sixty_thousand_levels_deep_does_not_overflow_its_stack() {
    let dir = tempfile::tempdir().unwrap();
    let puzzle = dir.path().join("packing-1300.toml");
    std::fs::write(
        &puzzle,
        "[board]\nsize = [4, 3, 5000]\n[[piece]]\nname = \"p0\"\ncount = \"1..1000000\"\nshape = \"#\"\n",
    )
    .unwrap();
    for engine in ["dlx", "first-cell"] {
        let output = jigsat()
            .arg("solve")
            .arg(&puzzle)
            .args(["--solver", engine, "--format", "json", "-q"])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(0), "{engine}: {err}");
        assert!(
            String::from_utf8_lossy(&output.stdout).contains("\"solved\""),
            "{engine}"
        );
    }
    let output = jigsat()
        .arg("count")
        .arg(&puzzle)
        .arg("-q")
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&output.stdout);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(out.contains("count 1 (on a fixed board)"), "{out}");
}

/// The time limit holds while jigsat is still building (500x500 board of
/// pentominoes: millions of placements): exit 3, and with JSON asked for,
/// the contract's document with status "unknown".
#[test]
fn the_time_limit_holds_while_building_with_the_json_document() {
    let fixture = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/regress/pentominoes-500x500.toml");
    let output = jigsat()
        .arg("solve")
        .arg(&fixture)
        .args(["--time-limit", "1", "--format", "json"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(3), "{err}");
    assert!(err.contains("time limit of 1.0 s reached"), "{err}");
    let doc: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(doc["status"], "unknown");
}
