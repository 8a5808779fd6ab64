//! Issue 25, "a merged count that cannot be wrong, and the last holes":
//! one test per numbered point, with the reproduction as input,
//! and a property test that merges random mixes of two cuts of soma.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::{assert_success, jigsat, puzzle_path};
use jigsat::internal::jobs::files::{CheckpointFile, JobFile, PlanFile, ResultFile};
use jigsat::internal::jobs::trust;
use proptest::prelude::*;
use serde_json::Value;

fn split(puzzle: &Path, parts: usize, dir: &Path, extra: &[&str]) -> Output {
    jigsat()
        .arg("split")
        .arg(puzzle)
        .args(["--parts", &parts.to_string(), "-o"])
        .arg(dir)
        .args(extra)
        .output()
        .unwrap()
}

fn count_job(job: &Path) -> Output {
    jigsat()
        .args(["-q", "count", "-j", "1"])
        .arg(job)
        .output()
        .unwrap()
}

fn part_file(dir: &Path, sub: &str, part: usize, ext: &str) -> PathBuf {
    dir.join(sub).join(format!("part-{part:04}.{ext}"))
}

/// A split of `puzzle` in `dir` with every part counted.
fn counted_split(puzzle: &Path, parts: usize, dir: &Path, extra: &[&str]) {
    assert_success(&split(puzzle, parts, dir, extra));
    let mut n = 0;
    for p in 1.. {
        let job = part_file(dir, "jobs", p, "job");
        if !job.exists() {
            break;
        }
        assert_success(&count_job(&job));
        n += 1;
    }
    assert_eq!(n, parts);
}

/// `merge --format json`: `Ok((count, distinct))`, or `Err(stderr)` after
/// exit 2 with nothing on stdout.
fn merge(dir: &Path) -> Result<(u64, u64), String> {
    let output = jigsat()
        .arg("merge")
        .arg(dir)
        .args(["--format", "json"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&output.stderr).to_string();
    match output.status.code() {
        Some(0) => {
            let v: Value = serde_json::from_slice(&output.stdout).unwrap();
            Ok((
                v["count"].as_u64().unwrap(),
                v["distinct"].as_u64().unwrap(),
            ))
        }
        Some(2) => {
            assert!(output.stdout.is_empty(), "{err}");
            Err(err)
        }
        other => panic!("merge exited {other:?}: {err}"),
    }
}

fn read<T: serde::de::DeserializeOwned>(path: &Path) -> T {
    toml::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn write<T: serde::Serialize>(path: &Path, value: &T) {
    std::fs::write(path, toml::to_string(value).unwrap()).unwrap();
}

const SOMA: (u64, u64) = (11_520, 240);

/// Two cuts of soma into 8 parts (seeds 1 and 2), every part counted.
/// They live in cargo's directory for tests' files (a static is never
/// dropped, so a temporary directory would be left behind in /tmp).
struct TwoCuts {
    a: PathBuf,
    b: PathBuf,
}

fn two_cuts() -> TwoCuts {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("trust-two-cuts");
    let _ = std::fs::remove_dir_all(&dir);
    let (a, b) = (dir.join("a"), dir.join("b"));
    let soma = puzzle_path("soma.toml");
    counted_split(&soma, 8, &a, &[]);
    counted_split(&soma, 8, &b, &["--seed", "2"]);
    let plan_a: PlanFile = read(&a.join("plan.toml"));
    let plan_b: PlanFile = read(&b.join("plan.toml"));
    assert_eq!(plan_a.plan.fingerprint, plan_b.plan.fingerprint);
    assert_ne!(plan_a.digests, plan_b.digests, "the two seeds cut alike");
    TwoCuts { a, b }
}

/// A split directory with `plan`'s plan and the results of `from[i]` for
/// part i + 1 (none where `from[i]` is None).
fn mixed(plan: &Path, from: &[Option<&Path>], into: &Path) {
    std::fs::create_dir_all(into.join("results")).unwrap();
    std::fs::copy(plan.join("plan.toml"), into.join("plan.toml")).unwrap();
    for (i, source) in from.iter().enumerate() {
        if let Some(dir) = source {
            std::fs::copy(
                part_file(dir, "results", i + 1, "result"),
                part_file(into, "results", i + 1, "result"),
            )
            .unwrap();
        }
    }
}

// 1. Results of another cut are merged.
#[test]
fn p1_results_of_another_cut_are_refused_by_split_and_by_merge() {
    let cuts = shared_cuts();
    // The reproduction: a re-split over the old directory.
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("A");
    counted_split(&puzzle_path("soma.toml"), 8, &a, &[]);
    std::fs::remove_file(a.join("plan.toml")).unwrap();
    std::fs::remove_file(part_file(&a, "results", 1, "result")).unwrap();
    std::fs::remove_file(part_file(&a, "results", 2, "result")).unwrap();
    let output = split(&puzzle_path("soma.toml"), 8, &a, &["--seed", "2"]);
    assert_eq!(output.status.code(), Some(2));
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(
        err.contains("of another split") && err.contains("part-0003.result"),
        "{err}"
    );
    assert!(!a.join("plan.toml").exists());
    // The same cut again (same seed) keeps its results: they are right.
    assert_success(&split(&puzzle_path("soma.toml"), 8, &a, &[]));
    assert_success(&count_job(&part_file(&a, "jobs", 1, "job")));
    assert_success(&count_job(&part_file(&a, "jobs", 2, "job")));
    assert_eq!(merge(&a), Ok(SOMA));

    // Results of cut A put beside cut B's plan by hand: refused, naming
    // the file and why.
    let mix = dir.path().join("mix");
    let mut from: Vec<Option<&Path>> = vec![Some(&cuts.b); 8];
    from[0] = Some(&cuts.a);
    from[1] = Some(&cuts.a);
    mixed(&cuts.b, &from, &mix);
    let err = merge(&mix).unwrap_err();
    assert!(
        err.contains("part-0001.result: from another split of the same search"),
        "{err}"
    );
}

/// Every one of the 254 mixes of the two cuts' results (each part's
/// result from cut A or cut B, not all from one) is refused under either
/// plan; the pure ones give the true total.
#[test]
fn p1_none_of_the_254_mixes_of_two_cuts_merges() {
    let cuts = shared_cuts();
    let dir = tempfile::tempdir().unwrap();
    let (mut refused, mut right) = (0, 0);
    for mask in 0u32..256 {
        let from: Vec<Option<&Path>> = (0..8)
            .map(|i| {
                Some(if mask >> i & 1 == 1 {
                    &*cuts.b
                } else {
                    &*cuts.a
                })
            })
            .collect();
        for plan in [&cuts.a, &cuts.b] {
            let into = dir.path().join(format!("{mask}-{}", plan == &cuts.b));
            mixed(plan, &from, &into);
            match merge(&into) {
                Ok(total) => {
                    assert_eq!(total, SOMA, "mask {mask:08b}");
                    right += 1;
                }
                Err(_) => refused += 1,
            }
        }
    }
    // Only all-A under A's plan and all-B under B's merge.
    assert_eq!((right, refused), (2, 510));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Random directories from the results of two cuts — any part from
    /// either, both, or neither, copies under other names — merge to the
    /// true total or are refused, never anything else.
    #[test]
    fn p1_random_mixes_merge_right_or_not_at_all(
        choice in proptest::collection::vec(0u8..4, 8),
        copies in proptest::collection::vec((0usize..8, any::<bool>()), 0..3),
        plan_b in any::<bool>(),
    ) {
        let cuts = shared_cuts();
        let dir = tempfile::tempdir().unwrap();
        let into = dir.path();
        std::fs::create_dir_all(into.join("results")).unwrap();
        let plan = if plan_b { &cuts.b } else { &cuts.a };
        std::fs::copy(plan.join("plan.toml"), into.join("plan.toml")).unwrap();
        for (i, &c) in choice.iter().enumerate() {
            let sources: &[&Path] = match c {
                0 => &[],
                1 => &[&cuts.a],
                2 => &[&cuts.b],
                _ => &[&cuts.a, &cuts.b],
            };
            for (k, s) in sources.iter().enumerate() {
                let name = format!("part-{:04}-{k}.result", i + 1);
                std::fs::copy(part_file(s, "results", i + 1, "result"), into.join("results").join(name)).unwrap();
            }
        }
        for (k, &(part, from_b)) in copies.iter().enumerate() {
            let s = if from_b { &cuts.b } else { &cuts.a };
            std::fs::copy(part_file(s, "results", part + 1, "result"), into.join("results").join(format!("copy-{k}.result"))).unwrap();
        }
        if let Ok(total) = merge(into) {
            prop_assert_eq!(total, SOMA);
        }
    }
}

/// The two cuts, made once for all the property's cases.
fn shared_cuts() -> &'static TwoCuts {
    static CUTS: std::sync::OnceLock<TwoCuts> = std::sync::OnceLock::new();
    CUTS.get_or_init(two_cuts)
}

// 2. A job's prefixes are not checked; a checkpoint's figures neither.
#[test]
fn p2_jobs_with_tampered_prefixes_or_numbers_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    assert_success(&split(&puzzle_path("soma.toml"), 8, dir.path(), &[]));
    let job_path = part_file(dir.path(), "jobs", 1, "job");
    let job: JobFile = read(&job_path);
    let other: JobFile = read(&part_file(dir.path(), "jobs", 2, "job"));
    let run = |job: &JobFile, why: &str| {
        let bad = dir.path().join("jobs").join("part-0001.job");
        write(&bad, job);
        let output = count_job(&bad);
        let err = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{why}: {err}");
        assert!(err.contains("part-0001.job"), "{why}: {err}");
        assert!(
            !part_file(dir.path(), "results", 1, "result").exists(),
            "{why}"
        );
        err.to_string()
    };
    // Its prefix list written twice.
    let mut j = job.clone();
    j.part.prefixes.extend(job.part.prefixes.clone());
    assert!(run(&j, "twice").contains("listed twice"));
    // The whole tree, [], added.
    let mut j = job.clone();
    j.part.prefixes.push(vec![]);
    assert!(run(&j, "empty prefix").contains("empty prefix"));
    // An ancestor of one of its prefixes added.
    let mut j = job.clone();
    let long = j
        .part
        .prefixes
        .iter()
        .find(|p| p.len() > 1)
        .unwrap()
        .clone();
    j.part.prefixes.push(long[..1].to_vec());
    assert!(run(&j, "ancestor").contains("lies inside"));
    // Part 2's prefixes emptied.
    let mut j = other.clone();
    j.part.prefixes.clear();
    assert!(run(&j, "emptied").contains("no prefixes"));
    // Another part's prefixes under part 1's digest.
    let mut j = job.clone();
    j.part.prefixes = other.part.prefixes.clone();
    assert!(run(&j, "swapped").contains("not the ones its split cut"));
    // Part 9 of 8.
    let mut j = job.clone();
    j.part.part = 9;
    assert!(run(&j, "part 9").contains("part 9 of a split of 8 parts"));
    // Even with the digests recomputed, a nested prefix is refused.
    let mut j = job.clone();
    j.part.prefixes.push(long[..1].to_vec());
    j.part.digest = trust::part_digest(&j.job.fingerprint, 1, &j.part.prefixes);
    assert!(run(&j, "nested, digest recomputed").contains("lies inside"));
    // The job as split wrote it still counts.
    write(&job_path, &job);
    assert_success(&count_job(&job_path));
}

#[test]
fn p2_a_checkpoint_with_an_edited_figure_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("soma.checkpoint");
    let soma = puzzle_path("soma.toml");
    let count = || {
        jigsat()
            .arg("count")
            .arg(&soma)
            .arg("--checkpoint")
            .arg(&file)
            .args(["--format", "json"])
            .output()
            .unwrap()
    };
    assert_success(&count());
    let kept: CheckpointFile = read(&file);
    // The edit: a finished part's `found` multiplied by 100.
    let mut c = kept.clone();
    let entry = c.done.iter_mut().find(|d| !d.tally.is_empty()).unwrap();
    entry.tally[0].found *= 100;
    write(&file, &c);
    let output = count();
    assert_eq!(output.status.code(), Some(2));
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(
        err.contains("soma.checkpoint") && err.contains("checksum"),
        "{err}"
    );
    // An edited prefix, and a part finished twice.
    let mut c = kept.clone();
    c.parts[3].prefixes[0].push(0);
    write(&file, &c);
    assert_eq!(count().status.code(), Some(2));
    let mut c = kept.clone();
    c.done.push(c.done[0].clone());
    write(&file, &c);
    let output = count();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("finished twice"));
    // The checkpoint as written goes on to the right total.
    write(&file, &kept);
    let output = count();
    assert_success(&output);
    let v: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(
        (v["count"].as_u64(), v["distinct"].as_u64()),
        (Some(SOMA.0), Some(SOMA.1))
    );
}

/// The input: a Y25 checkpoint (of a count interrupted once a
/// part is done; its cut alone takes 14 s in a debug build) with a
/// finished part's `found` multiplied by 100.
#[test]
fn p2_a_y25_checkpoint_with_an_edited_found_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("y25.checkpoint");
    let count = |limit: &str| {
        jigsat()
            .arg("count")
            .arg(puzzle_path("y25.toml"))
            .arg("--checkpoint")
            .arg(&file)
            .args(["--time-limit", limit])
            .output()
            .unwrap()
    };
    // Interrupted (Ctrl-C saves the checkpoint) once a finished part is
    // in the file: however loaded the machine, there is one to edit.
    let child = Command::new(env!("CARGO_BIN_EXE_jigsat"))
        .arg("count")
        .arg(puzzle_path("y25.toml"))
        .arg("--checkpoint")
        .arg(&file)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut guard = Guard(child);
    let started = Instant::now();
    while !std::fs::read_to_string(&file).is_ok_and(|t| t.contains("[[done]]")) {
        assert!(
            started.elapsed() < Duration::from_secs(300),
            "no part finished"
        );
        assert!(guard.0.try_wait().unwrap().is_none(), "the count ended");
        std::thread::sleep(Duration::from_millis(200));
    }
    Command::new("kill")
        .args(["-INT", &guard.0.id().to_string()])
        .status()
        .unwrap();
    let status = guard.0.wait().unwrap();
    assert_eq!(status.code(), Some(130));
    let mut c: CheckpointFile = read(&file);
    assert!(!c.done.is_empty());
    match c.done.iter_mut().find(|d| !d.tally.is_empty()) {
        Some(entry) => entry.tally[0].found *= 100,
        None => c.done[0].nodes *= 100,
    }
    write(&file, &c);
    let output = count("2");
    let err = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{err}");
    assert!(
        err.contains("y25.checkpoint") && err.contains("checksum"),
        "{err}"
    );
    // A file from before cuts were recorded: refused, saying why.
    let text = std::fs::read_to_string(&file).unwrap();
    let old: String = text
        .lines()
        .filter(|l| !l.starts_with("cut = "))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(&file, old).unwrap();
    let output = count("2");
    let err = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{err}");
    assert!(err.contains("did not record the cut"), "{err}");
}

// 3. merge's arithmetic wraps; NaN and -inf seconds printed as figures.
#[test]
fn p3_totals_past_2_64_and_figures_that_are_not_numbers_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    counted_split(&puzzle_path("soma.toml"), 4, dir.path(), &[]);
    let path = |p| part_file(dir.path(), "results", p, "result");
    let kept: Vec<ResultFile> = (1..=4).map(|p| read(&path(p))).collect();
    let edit = |p: usize, f: &dyn Fn(&mut jigsat::internal::jobs::files::PartResult)| {
        let mut r = kept[p - 1].clone();
        f(&mut r.result);
        r.result = trust::seal(r.result);
        write(&path(p), &r);
    };
    let restore = || (1..=4).for_each(|p| write(&path(p), &kept[p - 1]));
    // found = 2^63 in two results, checksums made to match.
    let huge = |r: &mut jigsat::internal::jobs::files::PartResult| {
        r.tally[0].found = 1 << 63;
        r.solutions = r.tally.iter().map(|t| t.found).sum();
    };
    let first = (1..=4)
        .find(|&p| !kept[p - 1].result.tally.is_empty())
        .unwrap();
    let second = (first + 1..=4)
        .find(|&p| !kept[p - 1].result.tally.is_empty())
        .unwrap();
    edit(first, &huge);
    edit(second, &huge);
    let err = merge(dir.path()).unwrap_err();
    assert!(err.contains("2^64"), "{err}");
    restore();
    for (seconds, said) in [(f64::NAN, "NaN"), (f64::NEG_INFINITY, "-inf"), (-1.0, "-1")] {
        edit(2, &|r| r.seconds = seconds);
        let err = merge(dir.path()).unwrap_err();
        assert!(
            err.contains("part-0002.result") && err.contains(&format!("seconds = {said}")),
            "{err}"
        );
        restore();
    }
    // Without a matching checksum, any edit is refused as such.
    let mut r = kept[0].clone();
    r.result.nodes += 1;
    write(&path(1), &r);
    let err = merge(dir.path()).unwrap_err();
    assert!(err.contains("part-0001.result: its checksum"), "{err}");
    restore();
    assert_eq!(merge(dir.path()), Ok(SOMA));
}

// 4. merge hangs on a plan that claims 2^64 - 1 parts.
#[test]
fn p4_a_plan_claiming_2_64_parts_is_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    counted_split(&puzzle_path("soma.toml"), 4, dir.path(), &[]);
    let plan_path = dir.path().join("plan.toml");
    let text = std::fs::read_to_string(&plan_path).unwrap();
    for parts in ["18446744073709551615", "1000000000"] {
        std::fs::write(
            &plan_path,
            text.replace("parts = 4", &format!("parts = {parts}")),
        )
        .unwrap();
        let started = Instant::now();
        let err = merge(dir.path()).unwrap_err();
        assert!(started.elapsed() < Duration::from_secs(5), "{parts}");
        assert!(
            err.contains("plan.toml") && err.contains("lists 4 part digests"),
            "{err}"
        );
    }
    // The plan as written: missing parts are found from the parts
    // present (never by walking every number up to the claim).
    std::fs::write(&plan_path, &text).unwrap();
    std::fs::remove_file(part_file(dir.path(), "results", 2, "result")).unwrap();
    std::fs::remove_file(part_file(dir.path(), "results", 3, "result")).unwrap();
    let err = merge(dir.path()).unwrap_err();
    assert!(err.contains("missing 2 of 4 parts: 2-3"), "{err}");
}

// 5. decode reads without bound.
#[test]
fn p5_decode_of_an_endless_stream_stops_at_the_budget() {
    let soma = puzzle_path("soma.toml");
    let decode = |model: &str, cnf: Option<&str>, stdin: Option<Stdio>| {
        let mut c = Command::new(env!("CARGO_BIN_EXE_jigsat"));
        c.args(["--max-memory", "64M", "decode"])
            .arg(&soma)
            .arg(model)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        if let Some(cnf) = cnf {
            c.args(["--cnf", cnf]);
        }
        c.stdin(stdin.unwrap_or(Stdio::null()));
        let started = Instant::now();
        let output = c.output().unwrap();
        (output, started.elapsed())
    };
    let dir = tempfile::tempdir().unwrap();
    let model = dir.path().join("model.txt");
    std::fs::write(&model, "s SATISFIABLE\nv 1 0\n").unwrap();
    let model = model.to_str().unwrap();
    let check = |(output, took): (Output, Duration), file: &str| {
        let err = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{err}");
        assert!(
            err.contains(&format!("{file}:")) && err.contains("stopped reading"),
            "{err}"
        );
        assert!(took < Duration::from_secs(20), "{took:?}");
    };
    check(decode(model, Some("/dev/zero"), None), "/dev/zero");
    check(decode("/dev/zero", None, None), "/dev/zero");
    let yes = Command::new("yes")
        .arg("v 1 2 3")
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut yes = scopeguard(yes);
    let stdin = Stdio::from(yes.0.stdout.take().unwrap());
    check(decode("-", None, Some(stdin)), "<stdin>");
}

/// Kills the child when dropped.
struct Guard(std::process::Child);
impl Drop for Guard {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}
fn scopeguard(c: std::process::Child) -> Guard {
    Guard(c)
}

// 6. estimate ignores --time-limit while it builds and walks.
#[test]
fn p6_estimate_keeps_its_time_limit_and_prints_whole_solutions() {
    let dir = tempfile::tempdir().unwrap();
    let puzzle = dir.path().join("tetrominoes-20.toml");
    let mut text = String::from("[board]\nsize = [20, 20, 20]\n");
    for (name, shape) in [
        ("I", "####"),
        ("O", "##\n##"),
        ("T", "###\n.#."),
        ("L", "###\n#.."),
        ("S", ".##\n##."),
    ] {
        text += &format!(
            "[[piece]]\nname = \"{name}\"\ncount = 400\nshape = \"\"\"\n{shape}\n\"\"\"\n"
        );
    }
    std::fs::write(&puzzle, text).unwrap();
    let started = Instant::now();
    let output = jigsat()
        .arg("estimate")
        .arg(&puzzle)
        .args(["--time-limit", "2"])
        .output()
        .unwrap();
    let took = started.elapsed();
    let err = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(3), "{err}");
    assert!(took < Duration::from_secs(5), "{took:?}");
    assert!(
        err.contains("tetrominoes-20.toml") && err.contains("gave up"),
        "{err}"
    );

    let output = jigsat()
        .arg("estimate")
        .arg(puzzle_path("soma.toml"))
        .output()
        .unwrap();
    assert_success(&output);
    let out = String::from_utf8_lossy(&output.stdout);
    let solutions = out
        .split("reaching about ")
        .nth(1)
        .and_then(|s| s.split(' ').next())
        .unwrap_or_else(|| panic!("{out}"));
    assert!(solutions.parse::<u64>().is_ok(), "{out}");
}

// 7. count --checkpoint FIFO ignores the first SIGTERM.
#[test]
fn p7_a_signal_stops_a_run_blocked_opening_a_fifo() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("fifo");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let child = Command::new(env!("CARGO_BIN_EXE_jigsat"))
        .arg("count")
        .arg(puzzle_path("soma.toml"))
        .arg("--checkpoint")
        .arg(&fifo)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    let mut guard = Guard(child);
    Command::new("kill")
        .args(["-TERM", &guard.0.id().to_string()])
        .status()
        .unwrap();
    let sent = Instant::now();
    while guard.0.try_wait().unwrap().is_none() && sent.elapsed() < Duration::from_secs(5) {
        std::thread::sleep(Duration::from_millis(20));
    }
    let status = guard.0.try_wait().unwrap();
    assert_eq!(
        status.and_then(|s| s.code()),
        Some(130),
        "still running after one SIGTERM"
    );
}

// 8. split on a .xmpuzzle.
#[test]
fn p8_split_reads_burrtools_files() {
    let dir = tempfile::tempdir().unwrap();
    let soma =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/burrtools/soma.xmpuzzle");
    counted_split(&soma, 4, dir.path(), &[]);
    let job: JobFile = read(&part_file(dir.path(), "jobs", 1, "job"));
    assert!(
        job.puzzle.text.contains("[[piece]]"),
        "the job carries TOML"
    );
    let output = jigsat()
        .arg("count")
        .arg(&soma)
        .args(["--format", "json"])
        .output()
        .unwrap();
    assert_success(&output);
    let v: Value = serde_json::from_slice(&output.stdout).unwrap();
    let direct = (
        v["count"].as_u64().unwrap(),
        v["distinct"].as_u64().unwrap(),
    );
    assert_eq!(merge(dir.path()), Ok(direct));
}

// 9. A prefix of 100,000 numbers echoed whole.
#[test]
fn p9_a_long_prefix_is_cut_in_messages() {
    let dir = tempfile::tempdir().unwrap();
    assert_success(&split(&puzzle_path("soma.toml"), 4, dir.path(), &[]));
    let path = part_file(dir.path(), "jobs", 1, "job");
    let mut job: JobFile = read(&path);
    // A path that is not in the tree, with its digest made to match, so
    // that the search itself must say so.
    job.part.prefixes = vec![vec![7; 100_000]];
    job.part.digest = trust::part_digest(&job.job.fingerprint, 1, &job.part.prefixes);
    write(&path, &job);
    let output = count_job(&path);
    let err = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{err}");
    assert!(err.len() < 1000, "{} bytes of message", err.len());
    assert!(
        err.contains("not a path") && err.contains("characters)"),
        "{err}"
    );
}

const HOSTILE: &str = "\u{1}\u{0}\u{fffe}\u{1b}[2J\u{1b}]0;owned\u{7}";

/// Soma with the name and piece V's name holding control characters and
/// terminal escapes (TOML escapes, so the file itself is clean text).
fn hostile_soma(dir: &Path) -> PathBuf {
    let escaped: String = HOSTILE
        .chars()
        .map(|c| format!("\\u{:04X}", c as u32))
        .collect();
    let text = std::fs::read_to_string(puzzle_path("soma.toml"))
        .unwrap()
        .replacen(
            "name = \"Soma cube\"",
            &format!("name = \"Soma{escaped}\""),
            1,
        )
        .replacen("name = \"V\"", &format!("name = \"V{escaped}\""), 1);
    let path = dir.join("hostile.toml");
    std::fs::write(&path, text).unwrap();
    path
}

// 10. Control characters in a piece name make SVG that is not XML.
#[test]
fn p10_svg_stays_well_formed_xml_whatever_the_names_hold() {
    let dir = tempfile::tempdir().unwrap();
    let puzzle = hostile_soma(dir.path());
    let output = jigsat()
        .arg("solve")
        .arg(&puzzle)
        .args(["--format", "svg"])
        .output()
        .unwrap();
    assert_success(&output);
    let svg = String::from_utf8(output.stdout).unwrap();
    roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("{e}"));
    assert!(!svg.contains('\u{1b}') && !svg.contains('\u{fffe}'));
}

// 11. ANSI escapes in a name reach the terminal.
#[test]
fn p11_terminal_escapes_in_names_are_shown_not_sent() {
    let dir = tempfile::tempdir().unwrap();
    let puzzle = hostile_soma(dir.path());
    let raw = |b: &[u8]| b.iter().any(|&c| c == 0x1b || c == 0x07 || c == 0);
    for args in [
        &["solve"][..],
        &["count"][..],
        &["info"][..],
        &["estimate"][..],
    ] {
        let output = jigsat().args(args).arg(&puzzle).output().unwrap();
        assert_success(&output);
        assert!(!raw(&output.stdout) && !raw(&output.stderr), "{args:?}");
        assert!(
            String::from_utf8_lossy(&output.stdout).contains("\\u{1b}[2J") || args == ["info"],
            "{args:?}"
        );
    }
    // A message quoting the name: a duplicate piece name.
    let text = std::fs::read_to_string(&puzzle).unwrap();
    let name_v = text.lines().find(|l| l.starts_with("name = \"V")).unwrap();
    let dup = text.replacen("name = \"L\"", name_v, 1);
    std::fs::write(&puzzle, dup).unwrap();
    let output = jigsat().arg("solve").arg(&puzzle).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(
        !raw(&output.stderr),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(String::from_utf8_lossy(&output.stderr).contains("duplicate"));
}

// 12. solve --format stl -o P.toml overwrites the puzzle.
#[test]
fn p12_stl_never_replaces_the_puzzle_it_reads() {
    let dir = tempfile::tempdir().unwrap();
    let puzzle = dir.path().join("soma.toml");
    std::fs::copy(puzzle_path("soma.toml"), &puzzle).unwrap();
    let before = std::fs::read(&puzzle).unwrap();
    let output = jigsat()
        .arg("solve")
        .arg(&puzzle)
        .args(["--format", "stl", "-o"])
        .arg(&puzzle)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{err}");
    assert!(err.contains("soma.toml") && err.contains("reads"), "{err}");
    assert_eq!(std::fs::read(&puzzle).unwrap(), before);
}
