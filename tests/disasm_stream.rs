//! Disassembly that answers at once: `solve --disassemble` takes the
//! assemblies apart as the search finds them and stops at the first that
//! comes apart (it used to count every assembly first), and a piece shut
//! inside another is seen before any search (the search of the loose
//! pieces inside a closed cage never ended).

mod common;

use common::{assert_success, jigsat};
use jigsat::api::Puzzle;
use jigsat::api::disassembly::{Disassembler, Outcome};

/// A 4x4x4 box cut at random into 16 tetracubes: its first assembly
/// comes apart, and counting all of them takes minutes.
const BOX16: &str = "tests/fixtures/box16.toml";
/// A closed 6x6x6 cage with six loose cubes in its 4x4x4 room.
const CAGE: &str = "tests/fixtures/cage.toml";

/// A path from the repository's root, as the binary's tests run it.
fn path(rel: &str) -> String {
    format!("{}/{rel}", env!("CARGO_MANIFEST_DIR"))
}

/// `solve --disassemble` on a box whose assemblies take minutes to count:
/// it answers with the first assembly that comes apart, drawn, with its
/// level and moves, exit 0. Before, it counted every assembly first, and
/// under a time limit blamed the disassembly ("disassembly reached the
/// time limit after 1 states in 0 layers", exit 3). The limit here only
/// bounds the run on a build that still counts first.
#[test]
fn solve_disassemble_stops_at_the_first_assembly_that_comes_apart() {
    let out = jigsat()
        .args(["solve", "--disassemble", &path(BOX16), "--time-limit", "30"])
        .output()
        .unwrap();
    let (text, err) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert!(!err.contains("disassembly reached the time limit"), "{err}");
    assert_success(&out);
    assert!(text.contains("\nlevel "), "{text}");
    assert!(text.trim_end().ends_with("(removed)"), "{text}");
}

/// The JSON of `solve --disassemble` is the one assembly that comes
/// apart, with its fields, and the run is `solved`.
#[test]
fn solve_disassemble_json_is_the_first_that_comes_apart() {
    let out = jigsat()
        .args(["solve", "--disassemble", &path(BOX16)])
        .args(["--time-limit", "30", "--format", "json"])
        .output()
        .unwrap();
    assert_success(&out);
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["status"], "solved", "{doc}");
    let solutions = doc["solutions"].as_array().unwrap();
    assert_eq!(solutions.len(), 1, "{doc}");
    assert_eq!(solutions[0]["comes_apart"], true, "{doc}");
}

/// `disasm` on the cage: the cube is shut inside, said at once with
/// nothing searched. Before, the search of the cubes' arrangements inside
/// the cage ran on (4 million states in a minute, 3 layers deep); the
/// limit here only bounds such a build.
#[test]
fn a_cage_with_loose_cubes_shut_inside_is_seen_at_once() {
    let out = jigsat()
        .args([
            "disasm",
            &path(CAGE),
            "--solution",
            "1",
            "--time-limit",
            "30",
        ])
        .output()
        .unwrap();
    assert_success(&out);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        text.trim_end(),
        "cage: assembly 1 of 1+ does not come apart: cube is shut inside cage (nothing searched)"
    );
}

/// The same through the library, under a cap of 10 states that the
/// search of the loose cubes would reach: the answer comes without a
/// search.
#[test]
fn the_library_says_which_piece_is_shut_inside_which() {
    let cage = Puzzle::from_file(path(CAGE)).unwrap();
    let assembly = cage.solve().unwrap().unwrap();
    let taken = Disassembler::new()
        .max_states(10)
        .take_apart(&[assembly])
        .unwrap();
    let Outcome::Done(d) = &taken[0] else {
        panic!("{:?}", taken[0]);
    };
    assert!(!d.comes_apart());
    assert_eq!(d.level(), None);
    assert_eq!(d.shut_in(), Some(("cage", "cube")));
    assert_eq!(d.states(), 0);
}

/// `solve` on the cage: the line under the drawing says it does not come
/// apart (before: "level: not determined", the cap of the line's search
/// reached among the cubes' arrangements).
#[test]
fn solve_says_the_cage_does_not_come_apart() {
    let out = jigsat()
        .args(["solve", &path(CAGE), "-q"])
        .output()
        .unwrap();
    assert_success(&out);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        text.lines().last(),
        Some("does not come apart (sliding pieces, no turns)"),
        "{text}"
    );
}

/// `solve --disassemble --time-limit 0.3` on the cage: the search for
/// assemblies is what the limit stops (the cubes have millions of
/// arrangements, none of which comes apart), and the message blames the
/// run's time limit, not the disassembly. When the assemblies were
/// counted first, the disassembly started after the deadline and was
/// blamed for it ("disassembly reached the time limit after 1 states in
/// 0 layers"). Exit 3, as any run the time limit stops.
#[test]
fn a_time_limit_during_the_search_blames_the_search() {
    let out = jigsat()
        .args(["solve", "--disassemble", &path(CAGE), "--time-limit", "0.3"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{err}");
    assert!(err.contains("time limit"), "{err}");
    assert!(!err.contains("disassembly"), "{err}");
    assert!(out.stdout.is_empty(), "nothing found comes apart");
}
