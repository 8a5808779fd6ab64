//! Level texts against `burrTxt -d`, one small file per finding: each
//! fixture is a puzzle on which jigsat once printed a text BurrTools gives
//! on none of its re-orderings of the pieces. The expected texts were
//! recorded by running `burrTxt -d FILE` (BurrTools 0.7.1, ../shared/peers)
//! on the fixture as it is stored; when burrTxt is there the test runs it
//! again and checks the record too, and with JIGSAT_REQUIRE_TOOLS=1 its
//! absence is a failure.

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use common::{assert_success, jigsat};

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/disasm")
        .join(name)
}

/// `count FILE --disassemble`'s come-apart count and levels.
fn jigsat_levels(file: &Path) -> (u64, BTreeMap<String, u64>) {
    let out = jigsat()
        .args(["count", file.to_str().unwrap(), "--disassemble"])
        .args(["--format", "json", "-q"])
        .output()
        .unwrap();
    assert_success(&out);
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let d = &doc["disassembly"];
    let levels = d["levels"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(k, v)| (k.clone(), v.as_u64().unwrap()))
        .collect();
    (d["come_apart"].as_u64().unwrap(), levels)
}

/// `burrTxt -d FILE`'s come-apart count and levels, when burrTxt is there.
fn burrtxt_levels(file: &Path) -> Option<(u64, BTreeMap<String, u64>)> {
    let tool = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/peers/burrTxt");
    if !tool.is_file() {
        common::tools::missing("../shared/peers/burrTxt", "the shared peers folder");
        return None;
    }
    let out = Command::new(tool).arg("-d").arg(file).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let mut levels = BTreeMap::new();
    for l in text.lines().filter_map(|l| l.strip_prefix("level: ")) {
        *levels.entry(l.trim().to_string()).or_default() += 1;
    }
    let totals = text.lines().find(|l| l.contains(" assemblies and "))?;
    let solutions = totals.split_whitespace().nth(3)?.parse().ok()?;
    Some((solutions, levels))
}

/// jigsat's levels on `name` are `want` (burrTxt's, recorded), and
/// burrTxt, when it is there, still says so.
fn levels_as_burrtxt(name: &str, want: &[(&str, u64)]) {
    let file = fixture(name);
    let want: BTreeMap<String, u64> = want.iter().map(|(l, n)| (l.to_string(), *n)).collect();
    let apart = want.values().sum();
    if let Some(theirs) = burrtxt_levels(&file) {
        assert_eq!(
            theirs,
            (apart, want.clone()),
            "burrTxt -d {name}: the record"
        );
    }
    assert_eq!(jigsat_levels(&file), (apart, want), "jigsat on {name}");
}

/// A cage of five pieces (19 assemblies, 18 come apart): in six of them a
/// part splits into two halves of two pieces each, the cage and a piece
/// on one side, two small pieces on the other. BurrTools' text ends
/// `1.1.2` where jigsat once printed `1.1.1.2` (the cage's half taken
/// away, its single removal coming before the small pieces' two moves;
/// now the small pieces leave, and the part with the greater text comes
/// first in the level either way). burrTxt
/// gives this text on all twelve re-orderings and turns of the pieces
/// tried (the differential generator's cages, seed 3, puzzle 78).
/// Recorded with `burrTxt -d tests/fixtures/disasm/halves.xmpuzzle`.
#[test]
fn of_two_halves_of_as_many_pieces_the_one_with_fewer_cells_leaves() {
    levels_as_burrtxt(
        "halves.xmpuzzle",
        &[("1", 4), ("1.1.1.2", 6), ("1.1.2", 6), ("1.1.2.2", 2)],
    );
}

/// Six-piece burrs (the differential generator's, `random_burr`, shuffled
/// and turned; session 15's seeds 0x0B0001 puzzle 926, 0x0B0003 puzzle
/// 248, 0x0B0002 puzzle 746) whose first separation splits them into two
/// halves of three pieces: one half takes two moves to come apart (or
/// two and one), the other a single removal each time. burrTxt prints
/// the half needing more moves first, on the file as stored and on eight
/// other orders and turns of its pieces: `2.2`, `3.2`, `1.2`, where
/// jigsat, visiting the half that stayed first, printed `2.1.1.2`,
/// `3.1.1.2`, `1.1.1.2`. Recorded with `burrTxt -d FILE` on each fixture.
#[test]
fn of_two_parts_the_one_with_the_greater_text_comes_first() {
    levels_as_burrtxt("burr-two-halves.xmpuzzle", &[("2.2", 2)]);
    levels_as_burrtxt("burr-three-moves.xmpuzzle", &[("3.2", 2)]);
    levels_as_burrtxt("burr-two-assemblies.xmpuzzle", &[("3", 1), ("1.2", 1)]);
}

/// Six-piece burrs (`random_burr`, shuffled and turned: seed 0x0B0002
/// puzzle 904, and puzzle 412 of the 2,000's seed 0x5EED_0040) where one
/// state frees two pieces one way, or those two and a third, whose other
/// three then leave the opposite way: with no single piece free, burrTxt
/// takes the removal of the first direction (+x before -x, ..., the
/// even split's other half), and prints `1.2`, `2.2` on the file as
/// stored and on eight other orders and turns of its pieces, where
/// jigsat, taking the fewest pieces, printed `1.1.2` and `2.1.2`. A
/// single piece that comes free alone is still taken first
/// (DraculasDentalDesaster, AlPackino, the cages of
/// `of_two_halves_of_as_many_pieces_the_one_with_fewer_cells_leaves`).
/// Recorded with `burrTxt -d FILE` on each fixture.
#[test]
fn with_no_single_piece_free_the_first_direction_s_removal_is_taken() {
    levels_as_burrtxt("burr-nested-removals.xmpuzzle", &[("1.2", 1)]);
    levels_as_burrtxt("burr-nested-halves.xmpuzzle", &[("2.2", 2)]);
}

/// Six-piece burrs (`random_burr`, shuffled and turned: seed 0x0B0001
/// puzzle 673, three assemblies, and seed 0x0B0002 puzzle 100, 24) whose
/// first layer to free anything holds a state reached by moving two
/// pieces `+y` and states reached by moving three, each of which is one
/// piece with the two it must take along: burrTxt meets a piece's own
/// set before any union of two (`disasm::moves`, `singles_first`), and
/// so takes some of these burrs apart from a three-piece move. It prints
/// `2` once and `2.2` twice (`2` 16 times, `2.2` 8 times) on the file as
/// stored and on eight other orders and turns of its pieces, where
/// jigsat, meeting the two-piece move first, printed `2` on every
/// assembly. Recorded with `burrTxt -d FILE` on each fixture.
#[test]
fn a_piece_s_own_set_moves_before_a_union_of_sets() {
    levels_as_burrtxt("burr-first-set.xmpuzzle", &[("2", 1), ("2.2", 2)]);
    levels_as_burrtxt("burr-first-set-24.xmpuzzle", &[("2", 16), ("2.2", 8)]);
}

/// The study aid of encodings/RESULTS.md (session 16): at trace level,
/// the log target `jigsat::disasm::separations` lists each state of a
/// part's first separating layer and its removals, the choices BurrTools
/// makes among them (`RUST_LOG=jigsat::disasm::separations=trace jigsat
/// disasm FILE --all -j 1`); without it, nothing.
#[test]
fn the_separations_log_lists_every_removal_of_the_first_layer() {
    let file = fixture("burr-nested-halves.xmpuzzle");
    let run = |log: Option<&str>| {
        let mut command = jigsat();
        command.args(["disasm", "-q", "-j", "1"]).arg(&file);
        command.env_remove("RUST_LOG");
        if let Some(log) = log {
            command.env("RUST_LOG", log);
        }
        let out = command.output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{out:?}");
        String::from_utf8(out.stderr).unwrap()
    };
    let traced = run(Some("jigsat::disasm::separations=trace"));
    // Puzzle 412: S5 S6 or S3 S5 S6 leave along -x, S2 S4 S7 along +x.
    for removal in ["removal [S5 S6]", "removal [S3 S5 S6]"] {
        assert!(traced.contains(removal), "{removal} in {traced}");
    }
    assert!(!run(None).contains("removal ["));
}
