//! Counting many solutions in constant memory: the dominoes' tilings,
//! whose counts are known in closed form (Kasteleyn; OEIS A004003, and
//! A065072 up to the square's symmetries), counted by the search threads'
//! tallies ([`jigsat::internal::enumerate`]) with and without symmetry breaking,
//! through the whole count, a split and `solve --all`, whose listing is
//! written as the classes are found (streamed), never held.

mod common;

use common::{assert_success, jigsat, puzzle_path};
use serde_json::Value;

/// (count, distinct) through the CLI, with `extra` arguments.
fn count(name: &str, extra: &[&str]) -> (u64, u64) {
    let output = jigsat()
        .arg("count")
        .arg(puzzle_path(name))
        .args(["--format", "json"])
        .args(extra)
        .output()
        .unwrap();
    assert_success(&output);
    let json: Value = serde_json::from_slice(&output.stdout).unwrap();
    (
        json["count"].as_u64().unwrap(),
        json["distinct"].as_u64().unwrap(),
    )
}

#[test]
fn dominoes_6x6_count_6728_tilings_930_classes() {
    assert_eq!(count("dominoes-6x6.toml", &[]), (6728, 930));
    assert_eq!(count("dominoes-6x6.toml", &["-j", "1"]), (6728, 930));
    // Without symmetry breaking every tiling is met; the classes still
    // come out of the tallies.
    assert_eq!(count("dominoes-6x6.toml", &["--no-symmetry"]), (6728, 930));
    assert_eq!(
        count("dominoes-6x6.toml", &["--solver", "first-cell"]),
        (6728, 930)
    );
}

#[test]
fn solve_all_lists_each_of_the_930_classes_once() {
    let output = jigsat()
        .args(["solve", "--all", "--format", "json"])
        .arg(puzzle_path("dominoes-6x6.toml"))
        .output()
        .unwrap();
    assert_success(&output);
    let json: Value = serde_json::from_slice(&output.stdout).unwrap();
    let solutions = json["solutions"].as_array().unwrap();
    assert_eq!(solutions.len(), 930);
    let distinct: std::collections::BTreeSet<String> =
        solutions.iter().map(|s| s.to_string()).collect();
    assert_eq!(distinct.len(), 930, "no class listed twice");
    assert_eq!(json["count"], 6728);
}

/// Burnside's route (`count --burnside`: the average over the group of
/// the solutions each symmetry fixes) gives the published figures the
/// default route gives, on boards with copies of one piece, with pieces
/// once each, in 3-D with reflections swapping two pieces, and with a
/// hole; `-v` says how it counted.
#[test]
fn burnside_counts_what_weighing_counts() {
    for (name, figures) in [
        ("dominoes-6x6.toml", (6728, 930)),
        ("soma.toml", (11520, 240)),
        ("pentomino-3x20.toml", (8, 2)),
        ("pentomino-8x8-hole.toml", (520, 65)),
    ] {
        assert_eq!(count(name, &[]), figures, "{name}");
        assert_eq!(count(name, &["--burnside"]), figures, "{name} --burnside");
    }
    let output = jigsat()
        .args(["-v", "count", "--burnside"])
        .arg(puzzle_path("soma.toml"))
        .output()
        .unwrap();
    assert_success(&output);
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(err.contains("Burnside's lemma"), "{err}");
    // The order model's boxes have no placements to take orbits of.
    let output = jigsat()
        .args(["count", "--burnside"])
        .arg(puzzle_path("calibron12.toml"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
}

/// The streamed listing is the document a held listing makes: the same
/// classes (the least member the search meets of each, whichever thread
/// meets it), counts and status; to a file, it is put in place whole and
/// nothing temporary is left beside it.
#[test]
fn streamed_json_is_the_held_document() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("all.json");
    let output = jigsat()
        .args(["solve", "--all", "--format", "json", "-o"])
        .arg(&file)
        .arg(puzzle_path("dominoes-6x6.toml"))
        .output()
        .unwrap();
    assert_success(&output);
    let streamed: Value = serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
    let names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["all.json"], "nothing but the output in the folder");

    // The held route: the library's enumeration, every class kept, drawn
    // as one document at the end.
    let puzzle = jigsat::internal::Puzzle::load(&puzzle_path("dominoes-6x6.toml")).unwrap();
    let (result, stats) = jigsat::internal::pipeline::enumerate(
        &puzzle,
        &jigsat::internal::options::Options::default(),
        &mut |_| {},
    )
    .unwrap();
    assert_eq!(
        result.classes.len(),
        930,
        "without a listing the classes are kept"
    );
    let held: Value = serde_json::from_str(&jigsat::internal::render::json::document(
        &puzzle,
        jigsat::internal::Status::Solved,
        &result.classes,
        Some((result.count, result.distinct)),
        &stats,
    ))
    .unwrap();

    let classes = |doc: &Value| -> std::collections::BTreeSet<String> {
        doc["solutions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.to_string())
            .collect()
    };
    assert_eq!(streamed["solutions"].as_array().unwrap().len(), 930);
    assert_eq!(classes(&streamed).len(), 930, "no class listed twice");
    assert_eq!(classes(&streamed), classes(&held));
    for field in ["puzzle", "status", "count", "distinct"] {
        assert_eq!(streamed[field], held[field], "{field}");
    }
    assert_eq!(streamed["count"], 6728);
    assert_eq!(streamed["distinct"], 930);
    let (board, shapes, flat) = common::read_simple_puzzle(&puzzle_path("dominoes-6x6.toml"));
    for s in streamed["solutions"].as_array().unwrap() {
        common::check_solution(s, &board, &shapes, flat);
    }
}

/// A listing stopped by the time limit is still one document, closed
/// with status "unknown" and no counts, put in place as a whole one is.
#[test]
fn a_streamed_listing_stopped_by_the_time_limit_is_closed() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("some.json");
    let output = jigsat()
        .args(["solve", "--all", "--format", "json"])
        .args(["--time-limit", "0.3", "-o"])
        .arg(&file)
        .arg(puzzle_path("dominoes-8x8.toml"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(3), "{output:?}");
    let doc: Value = serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
    assert_eq!(doc["status"], "unknown");
    assert_eq!(doc["count"], Value::Null, "no count is claimed");
    assert_eq!(doc["distinct"], Value::Null);
    let (board, shapes, flat) = common::read_simple_puzzle(&puzzle_path("dominoes-8x8.toml"));
    for s in doc["solutions"].as_array().unwrap() {
        common::check_solution(s, &board, &shapes, flat);
    }
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
}

/// A listing whose run fails writes no half document: nothing on
/// standard output, no file (nor a temporary one) for `-o`.
#[test]
fn a_failed_listing_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("all.json");
    for to_file in [false, true] {
        let mut command = jigsat();
        command.args(["solve", "--all", "--format", "json", "--solver", "splr"]);
        if to_file {
            command.arg("-o").arg(&file);
        }
        let output = command.arg(puzzle_path("soma.toml")).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{output:?}");
        assert!(output.stdout.is_empty(), "{output:?}");
    }
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

/// Text is streamed too: a header per class, the summary at the end.
#[test]
fn streamed_text_numbers_the_classes_and_ends_with_the_counts() {
    let output = jigsat()
        .args(["solve", "--all", "--ascii"])
        .arg(puzzle_path("dominoes-6x6.toml"))
        .output()
        .unwrap();
    assert_success(&output);
    let text = String::from_utf8(output.stdout).unwrap();
    let headers = text.lines().filter(|l| l.starts_with("solution ")).count();
    assert_eq!(headers, 930);
    assert!(text.contains("solution 930\n"), "numbered from 1");
    assert!(
        text.trim_end().ends_with("with dlx")
            && text.contains("count 6728 (on a fixed board), distinct 930"),
        "{}",
        &text[text.len().saturating_sub(300)..]
    );
}

/// A picture holds what it draws: past one picture's worth, `solve --all`
/// says so (exit 2) and points to the outputs that list any number.
#[test]
fn pictures_refuse_more_classes_than_they_draw() {
    for (args, puzzle, says) in [
        (
            ["--limit", "20000", "--format", "svg"],
            "dominoes-6x6.toml",
            "--format json",
        ),
        (
            ["--all", "--format", "html", "-q"],
            "dominoes-8x8.toml",
            "more solutions up to symmetry",
        ),
    ] {
        let output = jigsat()
            .arg("solve")
            .args(args)
            .arg(puzzle_path(puzzle))
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(output.stdout.is_empty(), "{args:?}");
    }
}

/// 128 dominoes on 16x16 tile it in about 2.5e32 ways, past 2^64: `count`
/// refuses (exit 2) with the walks' estimate a few seconds in, rather than
/// run for ever towards a figure it could not hold; `estimate` says so.
#[test]
fn a_count_past_two_to_the_64_is_refused_with_the_estimate() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("dominoes-16x16.toml");
    std::fs::write(
        &path,
        "name = \"Dominoes 16x16\"\n[board]\nsize = [16, 16]\n\n\
         [[piece]]\nname = \"domino\"\nshape = \"##\"\ncount = 128\n",
    )
    .unwrap();
    let output = jigsat()
        .args(["count", "-q", "--format", "json"])
        .arg(&path)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{err}");
    assert!(
        err.contains("dominoes-16x16.toml")
            && err.contains("2^64")
            && err.contains("the walks' estimate")
            && err.contains("nothing counted"),
        "{err}"
    );
    assert!(output.stdout.is_empty(), "no count is printed");
    let output = jigsat().arg("estimate").arg(&path).output().unwrap();
    assert_success(&output);
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("past 2^64"), "{text}");
}

/// Peak resident memory of this process and its finished children, in
/// bytes, as the OS keeps it.
fn peak_children_bytes() -> u64 {
    // SAFETY: getrusage writes into the struct it is given.
    let usage = unsafe {
        let mut usage = std::mem::zeroed::<libc::rusage>();
        assert_eq!(libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage), 0);
        usage
    };
    // Linux reports kilobytes.
    usage.ru_maxrss as u64 * 1024
}

/// 32 dominoes on the chessboard: 12,988,816 tilings, 1,629,189 up to
/// symmetry, in constant memory. Release only (seconds there, minutes in
/// a debug build): `cargo test --release --test millions -- --ignored`.
#[test]
#[ignore]
fn dominoes_8x8_count_millions_in_constant_memory() {
    assert_eq!(count("dominoes-8x8.toml", &[]), (12_988_816, 1_629_189));
    let peak = peak_children_bytes();
    assert!(peak < 100 << 20, "the count peaked at {} MB", peak >> 20);
}

/// `solve --all --format json` on the chessboard writes its 1,629,189
/// classes as it finds them, in constant memory; every line of the list
/// is one class, and the document closes with the counts. Release only.
#[test]
#[ignore]
fn dominoes_8x8_listing_is_streamed_in_constant_memory() {
    use std::io::BufRead;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("all.json");
    let output = jigsat()
        .args(["solve", "--all", "--format", "json", "-q", "-o"])
        .arg(&file)
        .arg(puzzle_path("dominoes-8x8.toml"))
        .output()
        .unwrap();
    assert_success(&output);
    let peak = peak_children_bytes();
    assert!(peak < 100 << 20, "the listing peaked at {} MB", peak >> 20);
    // Read a line at a time: the document is gigabytes.
    let reader = std::io::BufReader::new(std::fs::File::open(&file).unwrap());
    let (mut classes, mut tail, mut in_list) = (0u64, String::new(), false);
    for line in reader.lines() {
        let line = line.unwrap();
        if in_list && line.starts_with("    {") {
            let class: Value = serde_json::from_str(line.trim_end_matches(',')).unwrap();
            assert_eq!(class["pieces"].as_array().unwrap().len(), 32);
            classes += 1;
            continue;
        }
        in_list |= line.ends_with("\"solutions\": [");
        if classes > 0 {
            tail.push_str(&line);
            tail.push('\n');
        }
    }
    assert_eq!(classes, 1_629_189);
    let end: Value = serde_json::from_str(&format!("{{\"solutions\": [{tail}")).unwrap();
    assert_eq!(end["count"], 12_988_816);
    assert_eq!(end["distinct"], 1_629_189);
    assert_eq!(end["status"], "solved");
}

/// BurrTools' DraculasDentalDesaster with its colours stripped (the colour
/// digits of the voxels, the colour bitmap and the stored solutions
/// dropped, as `../shared/burrtools/README.md` describes) has 2,457,948
/// assemblies, BurrTools' count: jigsat's distinct figure, counted in
/// constant memory. Release only; skipped without `../shared/burrtools`.
#[test]
#[ignore]
fn draculas_dental_desaster_without_colours_counts_burrtools_assemblies() {
    use std::io::{Read, Write};
    let source = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/burrtools/DraculasDentalDesaster.xmpuzzle");
    if !source.exists() {
        eprintln!("skipped: {} is absent", source.display());
        return;
    }
    let mut xml = String::new();
    flate2::read::GzDecoder::new(std::fs::File::open(&source).unwrap())
        .read_to_string(&mut xml)
        .unwrap();
    let cut = |xml: &str, open: &str, close: &str| -> String {
        let (Some(a), Some(b)) = (xml.find(open), xml.find(close)) else {
            return xml.to_string();
        };
        format!("{}{}", &xml[..a], &xml[b + close.len()..])
    };
    let xml = cut(
        &cut(&xml, "<bitmap>", "</bitmap>"),
        "<solutions>",
        "</solutions>",
    );
    let mut plain = String::with_capacity(xml.len());
    let mut after_mark = false;
    for c in xml.chars() {
        if after_mark && c.is_ascii_digit() {
            continue;
        }
        after_mark = c == '#' || c == '+';
        plain.push(c);
    }
    assert!(!plain.contains("#1") && !plain.contains("+2"));
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("dracula-plain.xmpuzzle");
    let mut gz = flate2::write::GzEncoder::new(
        std::fs::File::create(&file).unwrap(),
        flate2::Compression::default(),
    );
    gz.write_all(plain.as_bytes()).unwrap();
    gz.finish().unwrap();
    let output = jigsat()
        .args(["count", "--format", "json", "-q"])
        .arg(&file)
        .output()
        .unwrap();
    assert_success(&output);
    let json: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["distinct"], 2_457_948);
    assert!(json["count"].as_u64().unwrap() >= 2_457_948);
    let peak = peak_children_bytes();
    assert!(peak < 100 << 20, "the count peaked at {} MB", peak >> 20);
}
