//! Counting in parts: `jigsat split`, `count JOB`, `merge`, the GNU
//! parallel script, CaDiCaL's cube mode on cubes.icnf, `count
//! --checkpoint` and Ctrl-C. Every merged count is compared with the
//! in-process `count` of the same puzzle.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::tools::require_tool;
use common::{assert_success, jigsat, puzzle_path};
use serde_json::Value;

/// `count --format json` of a puzzle (or `merge` of a directory): the
/// counts on a fixed board and up to symmetry.
fn counts(args: &[&str]) -> (u64, u64) {
    let output = jigsat()
        .args(args)
        .args(["--format", "json"])
        .output()
        .unwrap();
    assert_success(&output);
    let v: Value = serde_json::from_slice(&output.stdout).unwrap();
    (
        v["count"].as_u64().unwrap(),
        v["distinct"].as_u64().unwrap(),
    )
}

fn split(puzzle: &Path, parts: usize, dir: &Path, extra: &[&str]) {
    let output = jigsat()
        .arg("split")
        .arg(puzzle)
        .args(["--parts", &parts.to_string(), "-o"])
        .arg(dir)
        .args(extra)
        .output()
        .unwrap();
    assert_success(&output);
}

fn jobs(dir: &Path) -> Vec<PathBuf> {
    let mut jobs: Vec<PathBuf> = std::fs::read_dir(dir.join("jobs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    jobs.sort();
    jobs
}

/// Runs every job of a split one by one, as a batch system would.
fn run_jobs(dir: &Path) {
    for job in jobs(dir) {
        let output = jigsat()
            .args(["-q", "count", "-j", "1"])
            .arg(&job)
            .output()
            .unwrap();
        assert_success(&output);
    }
}

fn merge(dir: &Path) -> std::process::Output {
    jigsat().arg("merge").arg(dir).output().unwrap()
}

#[test]
fn soma_split_into_parts_merges_to_the_in_process_count() {
    let dir = tempfile::tempdir().unwrap();
    let soma = puzzle_path("soma.toml");
    split(&soma, 8, dir.path(), &[]);
    assert_eq!(jobs(dir.path()).len(), 8);
    run_jobs(dir.path());
    let merged = counts(&["merge", dir.path().to_str().unwrap()]);
    assert_eq!(merged, counts(&["count", soma.to_str().unwrap()]));
    assert_eq!(merged, (11_520, 240));
    // `solve JOB` finds a solution exactly in the parts whose count found
    // some, and the solution is drawn.
    for job in jobs(dir.path()) {
        let result = dir
            .path()
            .join("results")
            .join(job.file_stem().unwrap())
            .with_extension("result");
        let r: toml::Table = toml::from_str(&std::fs::read_to_string(result).unwrap()).unwrap();
        let found = r["result"]["solutions"].as_integer().unwrap();
        let solved = jigsat()
            .arg("solve")
            .arg(&job)
            .args(["--format", "json"])
            .output()
            .unwrap();
        assert_eq!(
            solved.status.code(),
            Some(if found > 0 { 0 } else { 1 }),
            "{job:?}"
        );
        if found > 0 {
            let v: Value = serde_json::from_slice(&solved.stdout).unwrap();
            assert_eq!(v["solutions"].as_array().unwrap().len(), 1);
        }
    }
    // The text output is count's, word for word but the backend.
    let text = String::from_utf8(merge(dir.path()).stdout).unwrap();
    assert!(
        text.contains("count 11520 (on a fixed board), distinct 240"),
        "{text}"
    );
}

/// Without symmetry breaking every class is met |G| times over the parts;
/// with a different engine the tree is another one: the merge is exact
/// either way.
#[test]
fn splits_merge_exactly_without_symmetry_breaking_and_with_first_cell() {
    let p = puzzle_path("pentomino-3x20.toml");
    let expected = counts(&["count", p.to_str().unwrap()]);
    for extra in [&["--no-symmetry"][..], &["--solver", "first-cell"][..]] {
        let dir = tempfile::tempdir().unwrap();
        split(&p, 6, dir.path(), extra);
        run_jobs(dir.path());
        assert_eq!(
            counts(&["merge", dir.path().to_str().unwrap()]),
            expected,
            "{extra:?}"
        );
    }
}

/// Optional pieces where holes are allowed (issue #35): the tree has
/// slack steps (a piece left out), the parts still add up to SAT's count,
/// and the cubes of cubes.icnf speak of placements alone (a slack step is
/// the piece's placements, negated).
#[test]
fn a_split_of_optional_pieces_with_holes_merges_to_sat_s_count() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("optional.toml");
    std::fs::write(
        &path,
        "[board]\nsize = [4, 3]\n[rules]\nfill = \"partial\"\n\
         [[piece]]\nname = \"L\"\nshape = \"###\\n#..\"\ncount = \"0..1\"\n\
         [[piece]]\nname = \"O\"\nsize = [2, 2]\ncount = \"0..1\"\n\
         [[piece]]\nname = \"d\"\nsize = [2, 1]\ncount = \"0..1\"\n\
         [[piece]]\nname = \"m\"\nsize = [1, 1]\ncount = \"0..1\"\n",
    )
    .unwrap();
    let path = path.to_str().unwrap();
    let expected = counts(&["count", path, "--solver", "varisat"]);
    let split_dir = dir.path().join("split");
    split(Path::new(path), 6, &split_dir, &["--solver", "dlx"]);
    run_jobs(&split_dir);
    assert_eq!(counts(&["merge", split_dir.to_str().unwrap()]), expected);
    let icnf = std::fs::read_to_string(split_dir.join("cubes.icnf")).unwrap();
    let placements: i64 = icnf
        .lines()
        .find_map(|l| l.strip_prefix("c placements 1.."))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .expect("a c placements line");
    for cube in icnf.lines().filter(|l| l.starts_with("a ")) {
        for literal in cube[2..].split_whitespace() {
            let literal: i64 = literal.parse().unwrap();
            assert!(literal.abs() <= placements, "{cube}: not a placement");
        }
    }
}

#[test]
fn merge_names_missing_repeated_and_foreign_parts_and_claims_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let soma = puzzle_path("soma.toml");
    split(&soma, 4, dir.path(), &[]);
    run_jobs(dir.path());
    let results = dir.path().join("results");
    let part = |n: usize| results.join(format!("part-{n:04}.result"));

    // Missing.
    let kept = std::fs::read_to_string(part(3)).unwrap();
    std::fs::remove_file(part(3)).unwrap();
    let output = merge(dir.path());
    assert_eq!(output.status.code(), Some(2));
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(err.contains("missing 1 of 4 parts: 3"), "{err}");
    assert!(output.stdout.is_empty());
    std::fs::write(part(3), &kept).unwrap();

    // Repeated.
    std::fs::write(results.join("copy.result"), &kept).unwrap();
    let output = merge(dir.path());
    assert_eq!(output.status.code(), Some(2));
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(err.contains("more than once: part 3"), "{err}");
    std::fs::remove_file(results.join("copy.result")).unwrap();

    // Foreign: a result of another split (3x20 pentominoes).
    let other = tempfile::tempdir().unwrap();
    split(&puzzle_path("pentomino-3x20.toml"), 4, other.path(), &[]);
    run_jobs(other.path());
    std::fs::copy(
        other.path().join("results/part-0001.result"),
        results.join("other.result"),
    )
    .unwrap();
    let output = merge(dir.path());
    assert_eq!(output.status.code(), Some(2));
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(
        err.contains("from another split") && err.contains("other.result"),
        "{err}"
    );
    std::fs::remove_file(results.join("other.result")).unwrap();

    // Complete again.
    assert_eq!(
        counts(&["merge", dir.path().to_str().unwrap()]),
        (11_520, 240)
    );
}

#[test]
fn a_damaged_or_foreign_job_is_refused_with_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    split(&puzzle_path("soma.toml"), 4, dir.path(), &[]);
    let job = dir.path().join("jobs/part-0001.job");
    let text = std::fs::read_to_string(&job).unwrap();
    let run = |text: &str| {
        let bad = dir.path().join("jobs/bad.job");
        std::fs::write(&bad, text).unwrap();
        let output = jigsat().arg("count").arg(&bad).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{text}");
        let err = String::from_utf8_lossy(&output.stderr).to_string();
        assert!(err.contains("bad.job"), "{err}");
        assert!(!dir.path().join("results/bad.result").exists());
        err
    };
    // Not TOML / not a job.
    run("this is not a job\n");
    let err = run("[job]\nengine = \"dlx\"\n");
    assert!(err.contains("not a job file"), "{err}");
    // The puzzle inside changed: another tree.
    let err = run(&text.replacen("name = \"V\"", "name = \"W\"", 1));
    assert!(err.contains("fingerprint"), "{err}");
    // A prefix that is not a path of the tree.
    let start = text.find("prefixes = ").unwrap();
    let end = start + text[start..].find('\n').unwrap();
    let err = run(&format!(
        "{}prefixes = [[0, 0]]{}",
        &text[..start],
        &text[end..]
    ));
    assert!(err.contains("not the ones its split cut"), "{err}");
    // The same with its digest made to match: the search says so.
    let mut job: jigsat::internal::jobs::files::JobFile = toml::from_str(&text).unwrap();
    job.part.prefixes = vec![vec![0, 0]];
    job.part.digest =
        jigsat::internal::jobs::trust::part_digest(&job.job.fingerprint, 1, &job.part.prefixes);
    let err = run(&toml::to_string(&job).unwrap());
    assert!(err.contains("not a path"), "{err}");
}

/// The part of the tree each cube stands for, through CaDiCaL's cube
/// mode: a satisfiable puzzle gives a model that decodes to a checked
/// solution; an impossible one (no pre-check, so the cubes must prove it)
/// gives UNSAT.
#[test]
fn cadical_reads_cubes_icnf_and_its_answers_decode() {
    let dir = tempfile::tempdir().unwrap();
    let soma = puzzle_path("soma.toml");
    split(&soma, 8, dir.path(), &[]);
    let icnf = dir.path().join("cubes.icnf");
    let text = std::fs::read_to_string(&icnf).unwrap();
    assert!(text.contains("\np inccnf\n"));
    assert!(text.contains("c part 8 cubes "));
    let cubes = text.lines().filter(|l| l.starts_with("a ")).count();
    let prefixes: usize = jobs(dir.path())
        .iter()
        .map(|j| {
            let job: toml::Value = toml::from_str(&std::fs::read_to_string(j).unwrap()).unwrap();
            job["part"]["prefixes"].as_array().unwrap().len()
        })
        .sum();
    assert_eq!(cubes, prefixes);
    if !require_tool("cadical", "apt-get install cadical") {
        return;
    }
    let output = Command::new("cadical")
        .arg("-q")
        .arg(&icnf)
        .output()
        .expect("the cadical program (.ci/install-solvers installs it)");
    assert_eq!(
        output.status.code(),
        Some(10),
        "{}",
        String::from_utf8_lossy(&output.stdout)
    );
    let model = dir.path().join("model.txt");
    std::fs::write(&model, &output.stdout).unwrap();
    let decoded = jigsat()
        .arg("decode")
        .arg(&soma)
        .arg(&model)
        .arg("--cnf")
        .arg(&icnf)
        .output()
        .unwrap();
    assert_success(&decoded);
    assert!(String::from_utf8_lossy(&decoded.stdout).contains("the solution checks"));

    let impossible = tempfile::tempdir().unwrap();
    split(
        &puzzle_path("tetromino-4x5.toml"),
        4,
        impossible.path(),
        &["--no-precheck"],
    );
    let output = Command::new("cadical")
        .arg("-q")
        .arg(impossible.path().join("cubes.icnf"))
        .output()
        .unwrap();
    assert_eq!(
        output.status.code(),
        Some(20),
        "{}",
        String::from_utf8_lossy(&output.stdout)
    );
    // And the parts agree: no solution in any of them.
    run_jobs(impossible.path());
    let merged = merge(impossible.path());
    assert_eq!(merged.status.code(), Some(1));
}

/// GNU parallel runs the parts through the generated script, which ends
/// with the merge.
#[test]
fn the_gnu_parallel_script_counts_every_part_and_merges() {
    if !require_tool("parallel", "apt-get install parallel") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let p = puzzle_path("soma.toml");
    split(&p, 16, dir.path(), &[]);
    let output = Command::new(dir.path().join("run-parallel.sh"))
        .args(["-j", "2"])
        .output()
        .expect("sh runs the script");
    assert_eq!(
        output.status.code(),
        Some(0),
        "run-parallel.sh: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.contains("count 11520 (on a fixed board), distinct 240"),
        "{text}"
    );
    // Run again: every part is done, nothing is counted twice.
    let again = Command::new(dir.path().join("run-parallel.sh"))
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&again.stdout).contains("distinct 240"));
}

/// A checkpointed count that lost some parts (as after Ctrl-C or a crash)
/// counts only those again and gives the full count.
#[test]
fn a_checkpointed_count_goes_on_from_its_checkpoint() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("soma.checkpoint");
    let soma = puzzle_path("soma.toml");
    let soma = soma.to_str().unwrap();
    let cp = file.to_str().unwrap();
    assert_eq!(counts(&["count", soma, "--checkpoint", cp]), (11_520, 240));
    // Drop the second half of the finished parts.
    let text = std::fs::read_to_string(&file).unwrap();
    let mut v: toml::Table = toml::from_str(&text).unwrap();
    let done = v["done"].as_array().unwrap().clone();
    assert!(done.len() > 2);
    let kept: Vec<toml::Value> = done[..done.len() / 2].to_vec();
    v.insert("done".into(), toml::Value::Array(kept));
    std::fs::write(&file, toml::to_string(&v).unwrap()).unwrap();
    let output = jigsat()
        .args(["count", soma, "--checkpoint", cp, "--format", "json"])
        .output()
        .unwrap();
    assert_success(&output);
    assert!(String::from_utf8_lossy(&output.stderr).contains("going on from"));
    let v: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(
        (v["count"].as_u64(), v["distinct"].as_u64()),
        (Some(11_520), Some(240))
    );
    // The checkpoint of another puzzle is refused.
    let other = puzzle_path("pentomino-3x20.toml");
    let output = jigsat()
        .arg("count")
        .arg(&other)
        .args(["--checkpoint", cp])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("checkpoint of another count"));
}

fn interrupt_after(
    mut child: std::process::Child,
    after: Duration,
) -> (std::process::Output, Duration) {
    std::thread::sleep(after);
    let sent = Instant::now();
    Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    let mut waited = Duration::ZERO;
    while child.try_wait().unwrap().is_none() && waited < Duration::from_secs(20) {
        std::thread::sleep(Duration::from_millis(20));
        waited += Duration::from_millis(20);
    }
    let _ = child.kill();
    let took = sent.elapsed();
    (child.wait_with_output().unwrap(), took)
}

/// Ctrl-C during a long count: the run stops, says what it found so far
/// (not the total) and exits 130. (How soon is a figure for RESULTS.md,
/// not an assertion here.)
#[test]
fn ctrl_c_stops_a_count_with_what_it_found_and_exit_130() {
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_jigsat"))
        .arg("count")
        .arg(puzzle_path("y25.toml"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let (output, _) = interrupt_after(child, Duration::from_millis(1500));
    assert_eq!(
        output.status.code(),
        Some(130),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("the totals are not known"), "{text}");
    assert!(String::from_utf8_lossy(&output.stderr).contains("interrupted"));

    // With a checkpoint, the finished parts stay recorded.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("y25.checkpoint");
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_jigsat"))
        .arg("count")
        .arg(puzzle_path("y25.toml"))
        .arg("--checkpoint")
        .arg(&file)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Once the cut is written (a Ctrl-C during the cut leaves no file:
    // `a_raised_stop_flag_stops_the_cut_of_a_checkpoint`), the parts run.
    let cut = Instant::now();
    while !file.exists() && cut.elapsed() < Duration::from_secs(300) {
        std::thread::sleep(Duration::from_millis(20));
    }
    let (output, _) = interrupt_after(child, Duration::from_millis(500));
    assert_eq!(
        output.status.code(),
        Some(130),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(
        err.contains("parts done") && err.contains("run the same command"),
        "{err}"
    );
    let v: toml::Table = toml::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(v["parts"].as_array().unwrap().len(), 256);
    // No temporary files are left beside it.
    let left: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(left.len(), 1, "{left:?}");
}

// The figures of the issue: 64 parts of Y25 and of Bedlam (13 pieces in a
// 4x4x4 box) through GNU parallel, merged, equal to the in-process count;
// and the parts are even: the largest searches at most 1.6 times the
// nodes of the median (1.38 and 1.29 with each subtree sized by a
// population of walks, 2.20 and 1.96 with Knuth's lone walks).
#[test]
#[ignore = "slow in debug builds: run with cargo test --release -- --ignored"]
fn y25_and_bedlam_in_64_parts_through_gnu_parallel() {
    if !require_tool("parallel", "apt-get install parallel") {
        return;
    }
    for (name, expected) in [
        ("y25.toml", (60_672, 1_264)),
        ("bedlam.toml", (460_464, 19_186)),
    ] {
        let p = puzzle_path(name);
        let in_process = counts(&["count", p.to_str().unwrap()]);
        assert_eq!(in_process, expected);
        let dir = tempfile::tempdir().unwrap();
        split(&p, 64, dir.path(), &[]);
        assert_eq!(jobs(dir.path()).len(), 64);
        let output = Command::new(dir.path().join("run-parallel.sh"))
            .output()
            .unwrap();
        assert_success(&output);
        assert_eq!(
            counts(&["merge", dir.path().to_str().unwrap()]),
            in_process,
            "{name}"
        );
        let mut nodes = part_nodes(dir.path());
        nodes.sort_unstable();
        let (median, largest) = (nodes[nodes.len() / 2], nodes[nodes.len() - 1]);
        assert!(
            largest as f64 <= 1.6 * median as f64,
            "{name}: the largest part searched {largest} nodes, the median {median}"
        );
    }
}

/// The search nodes each part's result says it visited.
fn part_nodes(dir: &Path) -> Vec<u64> {
    std::fs::read_dir(dir.join("results"))
        .unwrap()
        .map(|e| {
            let text = std::fs::read_to_string(e.unwrap().path()).unwrap();
            let doc: toml::Value = toml::from_str(&text).unwrap();
            doc["result"]["nodes"].as_integer().unwrap() as u64
        })
        .collect()
}

/// A single-node Slurm on this machine (tests/slurm/start.sh: munged,
/// slurmctld, slurmd; proctrack/linuxproc, no cgroups) runs the generated
/// job array; the merge equals the in-process count. Without the
/// programs it is skipped as every test that needs a missing program is
/// (common::tools); where the daemons cannot start (not root), it says
/// why in one line and checks nothing else.
#[test]
fn a_slurm_job_array_counts_the_parts() {
    let install = "apt-get install slurm-wlm munge";
    let programs = ["sbatch", "sinfo", "slurmctld", "slurmd", "munged"];
    if !programs.iter().all(|p| require_tool(p, install)) {
        return;
    }
    let cluster = tempfile::tempdir().unwrap();
    let scripts = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/slurm");
    let started = Command::new(scripts.join("start.sh"))
        .arg(cluster.path())
        .output()
        .unwrap();
    if !started.status.success() {
        common::tools::skipped(&format!(
            "Slurm did not start: {}",
            String::from_utf8_lossy(&started.stderr).trim()
        ));
        return;
    }
    let conf = cluster.path().join("slurm.conf");
    let stop = || {
        let _ = Command::new(scripts.join("stop.sh"))
            .arg(cluster.path())
            .status();
    };
    let dir = tempfile::tempdir().unwrap();
    let p = puzzle_path("pentomino-3x20.toml");
    split(&p, 6, dir.path(), &[]);
    let submitted = Command::new("sbatch")
        .args(["--wait", "jigsat.sbatch"])
        .current_dir(dir.path())
        .env("SLURM_CONF", &conf)
        .output()
        .unwrap();
    stop();
    assert!(
        submitted.status.success(),
        "sbatch: {}{}",
        String::from_utf8_lossy(&submitted.stdout),
        String::from_utf8_lossy(&submitted.stderr)
    );
    assert_eq!(
        counts(&["merge", dir.path().to_str().unwrap()]),
        counts(&["count", p.to_str().unwrap()])
    );
    assert!(dir.path().join("logs/part-1.log").exists());
}

/// Issue 35: a split whose writing fails part-way (a full disk: its
/// cubes.icnf goes to /dev/full) leaves neither plan.toml nor its jobs
/// behind, so that the rerun — with another cut — is not refused.
#[test]
fn a_split_that_fails_part_way_leaves_nothing_to_refuse() {
    if !Path::new("/dev/full").exists() {
        eprintln!("skipped: no /dev/full to fill a disk with");
        return;
    }
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("split");
    std::fs::create_dir(&dir).unwrap();
    let full = dir.join("cubes.icnf");
    std::os::unix::fs::symlink("/dev/full", &full).unwrap();
    let soma = puzzle_path("soma.toml");
    let output = jigsat()
        .arg("split")
        .arg(&soma)
        .args(["--parts", "3", "-o"])
        .arg(&dir)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(output.status.code(), Some(2), "{said}");
    assert!(!dir.join("plan.toml").exists(), "{said}");
    assert!(!dir.join("jobs").exists(), "jobs of a split never finished");
    std::fs::remove_file(&full).unwrap();
    split(&soma, 4, &dir, &[]);
    assert_eq!(jobs(&dir).len(), 4);
}

/// Ctrl-C while a checkpointed count is still cutting itself into parts
/// (seconds on Y25) stops the cut: the caller's stop flag, already
/// raised, gives `Interrupted` and leaves no checkpoint file, instead of
/// a finished cut the caller has to wait for.
#[test]
fn a_raised_stop_flag_stops_the_cut_of_a_checkpoint() {
    use jigsat::api::{Error, Puzzle, Solver, jobs::Checkpoint};
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("y25.checkpoint");
    let puzzle = Puzzle::from_file(puzzle_path("y25.toml")).unwrap();
    let solver = Solver::new().stop_flag(Arc::new(AtomicBool::new(true)));
    let opened = Checkpoint::open(&file, &puzzle, &solver);
    assert!(
        matches!(opened, Err(Error::Interrupted)),
        "{:?}",
        opened.map(|c| c.parts())
    );
    assert!(!file.exists());
}
