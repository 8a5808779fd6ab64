//! The order encoding for rectangle and box puzzles: it is chosen
//! automatically, agrees with the placement encoding on every count,
//! proves impossible packings impossible, and solves Calibron 12.

mod common;

use common::{jigsat, puzzle_path};
use jigsat::internal::family::boxes::encoding::{Cumulative, OrderModel, OrderOptions};
use jigsat::internal::{
    Model, Options, OrderInstance, Outcome, Puzzle, Status, check, enumerate, solve,
};
use proptest::prelude::*;

fn inline(text: &str) -> Puzzle {
    Puzzle::parse(text, "inline.toml", "inline").unwrap()
}

/// (count, distinct) through one model, the SAT engine for both.
fn counts(puzzle: &Puzzle, model: Model, no_symmetry: bool) -> (u64, u64) {
    let options = Options {
        model,
        solver: jigsat::internal::SolverChoice::Sat(jigsat::internal::SatSolver::Varisat),
        symmetry: !no_symmetry,
        ..Options::default()
    };
    let (result, stats) = enumerate(puzzle, &options, &mut |_| {}).unwrap();
    assert!(result.complete);
    // SAT enumeration reports what `auto` stood for: pairwise.
    let expected = if model == Model::Order {
        "order"
    } else {
        "pairwise"
    };
    assert_eq!(stats.encoding, expected);
    for s in &result.classes {
        check(puzzle, s).unwrap();
    }
    (result.count, result.distinct)
}

/// Small rectangle puzzles with known counts: (name, file text, count,
/// distinct). Domino tilings of an m x n board are the classic figures
/// (2x4: 5, 3x4: 11, 4x4: 36; the 2x2x2 cube: 9).
const SMALL: &[(&str, &str, u64)] = &[
    (
        "dominoes 2x4",
        "[board]\nsize = [4, 2]\n[[piece]]\nname = \"d\"\nsize = [2, 1]\ncount = 4\n",
        5,
    ),
    (
        "dominoes 3x4",
        "[board]\nsize = [4, 3]\n[[piece]]\nname = \"d\"\nsize = [2, 1]\ncount = 6\n",
        11,
    ),
    (
        "dominoes 4x4",
        "[board]\nsize = [4, 4]\n[[piece]]\nname = \"d\"\nsize = [2, 1]\ncount = 8\n",
        36,
    ),
    (
        "bricks in a 2x2x2 cube",
        "[board]\nsize = [2, 2, 2]\n[[piece]]\nname = \"b\"\nsize = [2, 1, 1]\ncount = 4\n",
        9,
    ),
];

#[test]
fn small_puzzles_have_their_known_counts_under_both_models() {
    for &(name, text, count) in SMALL {
        let puzzle = inline(text);
        let order = counts(&puzzle, Model::Order, false);
        assert_eq!(order.0, count, "{name}: order count");
        assert_eq!(
            counts(&puzzle, Model::Placement, false),
            order,
            "{name}: placement and order disagree"
        );
        assert_eq!(
            counts(&puzzle, Model::Order, true),
            order,
            "{name}: order without symmetry breaking"
        );
    }
}

/// Mixed rectangles, turning or not, flat and solid: both models give the
/// same (count, distinct), with and without symmetry breaking.
#[test]
fn mixed_rectangle_puzzles_agree_under_both_models() {
    let puzzles = [
        // Two sizes, copies, a square board.
        "[board]\nsize = [4, 4]\n[[piece]]\nname = \"a\"\nsize = [2, 2]\n[[piece]]\nname = \"b\"\nsize = [2, 1]\ncount = 2\n[[piece]]\nname = \"c\"\nsize = [4, 1]\ncount = 2\n",
        // A long board: four symmetries.
        "[board]\nsize = [6, 3]\n[[piece]]\nname = \"a\"\nsize = [3, 2]\n[[piece]]\nname = \"b\"\nsize = [3, 1]\ncount = 2\n[[piece]]\nname = \"c\"\nsize = [2, 1]\ncount = 3\n",
        // Pieces that may not turn.
        "[board]\nsize = [4, 4]\n[rules]\nrotations = \"none\"\n[[piece]]\nname = \"h\"\nsize = [2, 1]\ncount = 4\n[[piece]]\nname = \"v\"\nsize = [1, 2]\ncount = 4\n",
        // One-sided pieces: turns in the plane only.
        "[board]\nsize = [5, 5]\n[rules]\nrotations = \"plane\"\n[[piece]]\nname = \"a\"\nsize = [3, 2]\ncount = 2\n[[piece]]\nname = \"b\"\nsize = [4, 1]\ncount = 3\n[[piece]]\nname = \"s\"\nsize = [1, 1]\n",
        // A shape drawn as art that fills its box is a rectangle too.
        "[board]\nsize = [3, 4]\n[[piece]]\nname = \"a\"\nshape = \"\"\"\n###\n###\n\"\"\"\n[[piece]]\nname = \"b\"\nsize = [1, 3]\ncount = 2\n",
        // Slothouber-Graatsma: six 1x2x2 and three unit cubes in 3x3x3.
        "[board]\nsize = [3, 3, 3]\n[[piece]]\nname = \"b\"\nsize = [1, 2, 2]\ncount = 6\n[[piece]]\nname = \"u\"\nsize = [1, 1, 1]\ncount = 3\n",
        // Boxes of three sizes in a 2x3x4 box.
        "[board]\nsize = [2, 3, 4]\n[[piece]]\nname = \"a\"\nsize = [2, 2, 2]\n[[piece]]\nname = \"b\"\nsize = [1, 2, 4]\n[[piece]]\nname = \"c\"\nsize = [1, 1, 2]\ncount = 4\n",
    ];
    for (k, text) in puzzles.iter().enumerate() {
        let puzzle = inline(text);
        assert!(
            OrderInstance::new(&puzzle).is_ok(),
            "puzzle {k} is a rectangle puzzle"
        );
        let order = counts(&puzzle, Model::Order, false);
        assert!(order.0 > 0, "puzzle {k} has solutions");
        assert_eq!(
            counts(&puzzle, Model::Placement, false),
            order,
            "puzzle {k}: placement and order disagree"
        );
        assert_eq!(
            counts(&puzzle, Model::Order, true),
            order,
            "puzzle {k}: order without symmetry breaking"
        );
    }
}

#[test]
fn slothouber_graatsma_has_one_solution_up_to_symmetry() {
    let puzzle = inline(
        "[board]\nsize = [3, 3, 3]\n[[piece]]\nname = \"b\"\nsize = [1, 2, 2]\ncount = 6\n[[piece]]\nname = \"u\"\nsize = [1, 1, 1]\ncount = 3\n",
    );
    assert_eq!(counts(&puzzle, Model::Order, false).1, 1);
}

#[test]
fn an_impossible_packing_with_the_right_area_has_no_solution() {
    // 9 + 4 * 4 = 25 cells, but the 3x3 leaves strips of width 2 and odd
    // length (or worse) for the 2x2 squares.
    let puzzle = inline(
        "[board]\nsize = [5, 5]\n[[piece]]\nname = \"big\"\nsize = [3, 3]\n[[piece]]\nname = \"sq\"\nsize = [2, 2]\ncount = 4\n",
    );
    for no_symmetry in [false, true] {
        let options = Options {
            model: Model::Order,
            symmetry: !no_symmetry,
            ..Options::default()
        };
        let report = solve(&puzzle, &options).unwrap();
        assert_eq!(report.status, Status::Unsolvable);
        assert_eq!(report.stats.encoding, "order");
        assert!(report.solutions.is_empty());
    }
    let options = Options {
        model: Model::Order,
        ..Options::default()
    };
    let (result, _) = enumerate(&puzzle, &options, &mut |_| {}).unwrap();
    assert!(result.complete);
    assert_eq!((result.count, result.distinct), (0, 0));
    // The command line says so with exit status 1.
    let file = tempfile::NamedTempFile::with_suffix(".toml").unwrap();
    std::fs::write(
        file.path(),
        "[board]\nsize = [5, 5]\n[[piece]]\nname = \"big\"\nsize = [3, 3]\n[[piece]]\nname = \"sq\"\nsize = [2, 2]\ncount = 4\n",
    )
    .unwrap();
    jigsat()
        .args(["solve", "--model", "order"])
        .arg(file.path())
        .assert()
        .code(1);
}

#[test]
fn the_order_model_is_chosen_only_where_it_applies() {
    let rect =
        inline("[board]\nsize = [4, 2]\n[[piece]]\nname = \"d\"\nsize = [2, 1]\ncount = 4\n");
    // With a SAT solver, auto picks the order encoding for rectangles...
    let sat = Options {
        solver: jigsat::internal::SolverChoice::Sat(jigsat::internal::SatSolver::Varisat),
        ..Options::default()
    };
    let report = solve(&rect, &sat).unwrap();
    assert_eq!(report.status, Status::Solved);
    assert_eq!(report.stats.encoding, "order");
    // ...and with no solver named, the corner search answers (the
    // portfolio's rule).
    let report = solve(&rect, &Options::default()).unwrap();
    assert_eq!(report.status, Status::Solved);
    assert_eq!(report.stats.backend, "corner");
    let placement = Options {
        model: Model::Placement,
        ..Options::default()
    };
    assert_eq!(solve(&rect, &placement).unwrap().stats.encoding, "auto");
    // Not rectangles, holes allowed, a count range, a board with a hole:
    // auto falls back to placements, and --model order is a usage error.
    let others = [
        "[board]\nsize = [3, 2]\n[[piece]]\nname = \"L\"\nshape = \"\"\"\n##\n#.\n\"\"\"\ncount = 2\n",
        "[board]\nsize = [3, 2]\n[[piece]]\nname = \"d\"\nsize = [2, 1]\ncount = 2\n",
        "[board]\nsize = [4, 2]\n[[piece]]\nname = \"d\"\nsize = [2, 1]\ncount = \"3..4\"\n",
        "[board]\nshape = \"\"\"\n###\n#.#\n###\n\"\"\"\n[[piece]]\nname = \"d\"\nsize = [2, 1]\ncount = 4\n",
    ];
    for text in others {
        let puzzle = inline(text);
        assert!(OrderInstance::new(&puzzle).is_err(), "{text}");
        let report = solve(&puzzle, &Options::default()).unwrap();
        assert_ne!(report.stats.encoding, "order", "{text}");
        let forced = Options {
            model: Model::Order,
            ..Options::default()
        };
        let err = solve(&puzzle, &forced).unwrap_err();
        // Bad usage: the binary answers it with exit status 2.
        assert!(
            matches!(
                err,
                jigsat::internal::Error::Usage(_) | jigsat::internal::Error::Input(_)
            ),
            "{err}"
        );
    }
    let limited = Options {
        model: Model::Order,
        limit: Some(2),
        ..Options::default()
    };
    let (result, _) = enumerate(
        &inline("[board]\nsize = [4, 4]\n[[piece]]\nname = \"d\"\nsize = [2, 1]\ncount = 8\n"),
        &limited,
        &mut |_| {},
    )
    .unwrap();
    assert_eq!(result.classes.len(), 2);
    assert!(!result.complete);
}

#[test]
fn forcing_the_order_model_on_a_polyomino_puzzle_is_a_clear_error() {
    let out = jigsat()
        .args(["solve", "--model", "order"])
        .arg(puzzle_path("pentomino-6x10.toml"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("order encoding"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
#[ignore = "slow in debug builds: run with cargo test --release -- --ignored"]
fn calibron_12_solves_and_checks() {
    let puzzle = Puzzle::load(&puzzle_path("calibron12.toml")).unwrap();
    // The default: the corner search.
    let report = solve(&puzzle, &Options::default()).unwrap();
    assert_eq!(report.status, Status::Solved);
    assert_eq!(report.stats.backend, "corner");
    check(&puzzle, &report.solutions[0]).unwrap();
    // The first-cell search over placements.
    let placements = Options {
        solver: jigsat::internal::SolverChoice::Exact(
            jigsat::internal::exact::ExactEngine::FirstCell,
        ),
        ..Options::default()
    };
    let report = solve(&puzzle, &placements).unwrap();
    assert_eq!(report.status, Status::Solved);
    check(&puzzle, &report.solutions[0]).unwrap();
    // The order encoding with SAT.
    let order = Options {
        model: Model::Order,
        ..Options::default()
    };
    let report = solve(&puzzle, &order).unwrap();
    assert_eq!(report.status, Status::Solved);
    assert_eq!(report.stats.encoding, "order");
    check(&puzzle, &report.solutions[0]).unwrap();
}

#[test]
#[ignore = "slow: run with cargo test --release -- --ignored"]
fn calibron_12_has_8_solutions_and_1_up_to_symmetry() {
    for (args, backend) in [
        (&[][..], "corner"),
        (&["--solver", "first-cell"][..], "first-cell"),
        (&["--model", "order"][..], "varisat"),
    ] {
        let out = jigsat()
            .args(["count", "--format", "json"])
            .args(args)
            .arg(puzzle_path("calibron12.toml"))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0));
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["count"], 8, "{args:?}");
        assert_eq!(v["distinct"], 1, "{args:?}");
        assert_eq!(v["stats"]["backend"], backend, "{args:?}");
    }
}

/// Every assignment of the order CNF, counted by blocking each one found
/// (symmetry breaking off, so this is the count on a fixed board).
fn order_assignments(puzzle: &Puzzle, cumulative: Cumulative) -> u64 {
    let instance = OrderInstance::new(puzzle).unwrap();
    let mut model = OrderModel::encode(
        &instance.rects,
        &instance.group,
        OrderOptions {
            symmetry: false,
            cumulative,
            ..OrderOptions::default()
        },
    );
    let solver = jigsat::internal::SatSolver::Varisat.build();
    let mut found = 0;
    loop {
        match solver.solve(&model.cnf, None).unwrap() {
            Outcome::Sat(values) => {
                instance.decode(puzzle, &model, &values, "varisat").unwrap();
                let boxes = model.decode_copies(&values);
                let clause = model.block_assignment(&boxes).unwrap();
                model.cnf.add_clause(&clause);
                found += 1;
                assert!(found < 10_000, "runaway enumeration");
            }
            Outcome::Unsat => return found,
            Outcome::Unknown(why) => panic!("{why}"),
        }
    }
}

/// The redundant cumulative constraints (column and row sums) remove no
/// solution: the same number of assignments with them, without them and
/// with the at-least half only.
#[test]
fn cumulative_constraints_keep_every_solution() {
    let puzzles = [
        "[board]\nsize = [4, 4]\n[[piece]]\nname = \"a\"\nsize = [2, 2]\n[[piece]]\nname = \"b\"\nsize = [2, 1]\ncount = 2\n[[piece]]\nname = \"c\"\nsize = [4, 1]\ncount = 2\n",
        "[board]\nsize = [6, 3]\n[[piece]]\nname = \"a\"\nsize = [3, 2]\n[[piece]]\nname = \"b\"\nsize = [3, 1]\ncount = 2\n[[piece]]\nname = \"c\"\nsize = [2, 1]\ncount = 3\n",
        "[board]\nsize = [5, 5]\n[rules]\nrotations = \"plane\"\n[[piece]]\nname = \"a\"\nsize = [3, 2]\ncount = 2\n[[piece]]\nname = \"b\"\nsize = [4, 1]\ncount = 3\n[[piece]]\nname = \"s\"\nsize = [1, 1]\n",
        "[board]\nsize = [4, 4]\n[rules]\nrotations = \"none\"\n[[piece]]\nname = \"h\"\nsize = [2, 1]\ncount = 4\n[[piece]]\nname = \"v\"\nsize = [1, 2]\ncount = 4\n",
    ];
    for (k, text) in puzzles.iter().enumerate() {
        let puzzle = inline(text);
        let off = order_assignments(&puzzle, Cumulative::Off);
        assert!(off > 0, "puzzle {k} has solutions");
        assert_eq!(
            order_assignments(&puzzle, Cumulative::Equal),
            off,
            "puzzle {k}: equal"
        );
        assert_eq!(
            order_assignments(&puzzle, Cumulative::AtLeast),
            off,
            "puzzle {k}: at least"
        );
    }
}

// ---- the corner search against the other engines ----------------------

/// Width, height, depth, and rectangles (w, h, d, count).
type RandomBoxes = (i32, i32, i32, Vec<(i32, i32, i32, u32)>);

/// A random board and random boxes whose volumes add up to the board's
/// (the last piece takes up the rest as unit cubes).
fn random_boxes() -> impl Strategy<Value = RandomBoxes> {
    (2i32..=5, 2i32..=4, 1i32..=2).prop_flat_map(|(w, h, d)| {
        let pieces = prop::collection::vec((1i32..=3, 1i32..=3, 1i32..=d, 1u32..=3), 1..=3);
        (Just(w), Just(h), Just(d), pieces)
    })
}

fn boxes_toml(w: i32, h: i32, d: i32, pieces: &[(i32, i32, i32, u32)]) -> Option<String> {
    let size = |x: i32, y: i32, z: i32| {
        if d == 1 {
            format!("[{x}, {y}]")
        } else {
            format!("[{x}, {y}, {z}]")
        }
    };
    let mut text = format!("[board]\nsize = {}\n", size(w, h, d));
    let mut volume = 0;
    for (k, &(x, y, z, n)) in pieces.iter().enumerate() {
        volume += x * y * z * n as i32;
        text += &format!(
            "[[piece]]\nname = \"b{k}\"\nsize = {}\ncount = {n}\n",
            size(x, y, z)
        );
    }
    let rest = w * h * d - volume;
    // Many unit cubes make astronomically many solutions.
    if !(0..=6).contains(&rest) {
        return None;
    }
    if rest > 0 {
        text += &format!(
            "[[piece]]\nname = \"unit\"\nsize = {}\ncount = {rest}\n",
            size(1, 1, 1)
        );
    }
    Some(text)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn the_corner_search_counts_as_first_cell_and_sat_do((w, h, d, pieces) in random_boxes()) {
        let Some(text) = boxes_toml(w, h, d, &pieces) else { return Ok(()); };
        let Ok(puzzle) = Puzzle::parse(&text, "boxes.toml", "boxes") else {
            // Two pieces of the same size: the file format refuses them.
            return Ok(());
        };
        let counts = |options: Options| {
            let (found, stats) = enumerate(&puzzle, &options, &mut |_| {}).unwrap();
            assert!(found.complete);
            (found.count, found.distinct, stats.backend)
        };
        let corner = counts(Options::default());
        if OrderInstance::new(&puzzle).is_ok() {
            prop_assert_eq!(&corner.2, "corner", "{}", text);
        }
        let first_cell = counts(Options { solver: jigsat::internal::SolverChoice::Exact(jigsat::internal::exact::ExactEngine::FirstCell), ..Options::default() });
        prop_assert_eq!((corner.0, corner.1), (first_cell.0, first_cell.1), "{}", text);
        // SAT enumerates one class per call: only where there are few.
        if corner.1 <= 50 {
            let sat = counts(Options { solver: jigsat::internal::SolverChoice::Sat(jigsat::internal::SatSolver::Varisat), ..Options::default() });
            prop_assert_eq!((corner.0, corner.1), (sat.0, sat.1), "{}", text);
        }
    }
}
