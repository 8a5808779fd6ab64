//! The first-empty-cell engine against Algorithm X on real puzzles and
//! against an independent brute-force counter on random small boards,
//! with and without copies and count ranges.

mod common;

use std::collections::BTreeSet;
use std::path::Path;

use common::{BrutePiece, jigsat, puzzle_path};
use jigsat::internal::cover::Cover;
use jigsat::internal::exact::ExactEngine;
use jigsat::internal::exact::dlx::Dlx;
use jigsat::internal::exact::{self, FirstCell, Search};
use jigsat::internal::{Instance, Options, Puzzle, SolverChoice};
use proptest::prelude::*;

type Solutions = BTreeSet<Vec<u32>>;

/// Every solution (options sorted); a solution coming twice fails.
fn solutions(mut s: impl Search) -> Solutions {
    let mut found = Solutions::new();
    exact::enumerate(&mut s, &mut |o| {
        let mut o = o.to_vec();
        o.sort_unstable();
        assert!(found.insert(o), "a solution came twice");
        true
    })
    .unwrap();
    found
}

fn puzzle(name: &str) -> Puzzle {
    Puzzle::load(
        &Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("puzzles")
            .join(name),
    )
    .unwrap()
}

/// The cover of a puzzle and the options its symmetry breaking forbids.
fn instance(puzzle: &Puzzle, breaking: bool) -> (Cover, Vec<u32>) {
    let instance = Instance::new(puzzle).unwrap();
    let forbidden = instance
        .breaking(breaking)
        .map(|b| b.forbidden)
        .unwrap_or_default();
    (instance.cover().clone(), forbidden)
}

#[test]
fn finds_exactly_the_solutions_of_algorithm_x() {
    for (name, breaking) in [
        ("soma.toml", true),
        ("soma.toml", false),
        ("pentomino-3x20.toml", true),
        ("pentomino-3x20.toml", false),
        ("tetromino-4x5.toml", false),
    ] {
        let puzzle = puzzle(name);
        let (cover, forbidden) = instance(&puzzle, breaking);
        let expected = solutions(Dlx::new(&cover, &forbidden).unwrap());
        let first = FirstCell::new(&cover, &forbidden, &puzzle.board).unwrap();
        assert_eq!(solutions(first), expected, "{name} {breaking}");
    }
}

#[test]
fn splitting_and_threads_find_the_same_solutions() {
    let puzzle = puzzle("soma.toml");
    let (cover, forbidden) = instance(&puzzle, false);
    let first = FirstCell::new(&cover, &forbidden, &puzzle.board).unwrap();
    let expected = solutions(first.clone());
    let found = std::sync::Mutex::new(Solutions::new());
    let visit = |o: &[u32]| {
        let mut o = o.to_vec();
        o.sort_unstable();
        assert!(found.lock().unwrap().insert(o), "a solution came twice");
        true
    };
    exact::enumerate_parallel(&mut first.clone(), 2, &visit).unwrap();
    assert_eq!(found.into_inner().unwrap(), expected);
}

#[test]
fn entering_a_path_that_is_not_in_the_tree_panics() {
    let puzzle = puzzle("pentomino-3x20.toml");
    let (cover, forbidden) = instance(&puzzle, true);
    let mut first = FirstCell::new(&cover, &forbidden, &puzzle.board).unwrap();
    let offered = first.branches().unwrap();
    let not_offered = (0..cover.options.len() as u32)
        .find(|o| !offered.contains(o))
        .unwrap();
    for path in [vec![not_offered], vec![u32::MAX]] {
        let mut probe = first.clone();
        let entered = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| probe.enter(&path)));
        assert!(entered.is_err(), "{path:?} was accepted");
    }
    // An offered option is taken and put back.
    first.enter(&offered[..1]);
    first.leave(&offered[..1]);
    assert_eq!(first.branches().unwrap(), offered);
}

#[test]
fn refuses_what_it_cannot_search() {
    // Holes allowed: the first empty cell need not be covered.
    let partial = Puzzle::parse(
        "[board]\nsize = [3, 3]\n[rules]\nfill = \"partial\"\n[[piece]]\nname = \"d\"\nsize = [2, 1]\ncount = 2\n",
        "partial.toml",
        "partial",
    )
    .unwrap();
    let (cover, _) = instance(&partial, false);
    assert!(!FirstCell::supports(&cover));
    assert!(FirstCell::new(&cover, &[], &partial.board).is_none());
}

#[test]
fn counts_ranges_as_the_brute_force_does() {
    // Count ranges are outside plain Algorithm X; first-cell handles them.
    for name in ["tromino-choice.toml", "pentomino-3x20.toml"] {
        let (board, pieces, flat) = common::read_brute_force_puzzle(&puzzle_path(name));
        let expected = common::brute_force_counts(&board, &pieces, flat);
        let output = jigsat()
            .arg("count")
            .arg(puzzle_path(name))
            .args(["--solver", "first-cell", "--format", "json"])
            .output()
            .unwrap();
        common::assert_success(&output);
        let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        let found = (
            json["count"].as_u64().unwrap(),
            json["distinct"].as_u64().unwrap(),
        );
        assert_eq!(found, expected, "{name}");
    }
}

#[test]
fn solve_finds_a_checked_first_solution() {
    let output = jigsat()
        .arg("solve")
        .arg(puzzle_path("pentomino-3x20.toml"))
        .args(["--solver", "first-cell", "--format", "json"])
        .output()
        .unwrap();
    common::assert_success(&output);
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["solutions"].as_array().unwrap().len(), 1);
}

// ---- random small puzzles against brute force -------------------------

/// Small polyominoes as ASCII art, all free (turned and flipped).
const SHAPES: [&str; 8] = [
    "#", "##", "###", "##\n#.", "####", "###\n#..", "###\n.#.", "##\n##",
];

/// Width, height, holes (x, y), and pieces (shape, min, max).
type RandomPuzzle = (usize, usize, Vec<(usize, usize)>, Vec<(usize, u32, u32)>);

/// A random board (a rectangle with up to two holes) and up to three
/// distinct pieces with count ranges.
fn random_puzzle() -> impl Strategy<Value = RandomPuzzle> {
    (2usize..=4, 2usize..=4).prop_flat_map(|(w, h)| {
        let holes = prop::collection::vec((0..w, 0..h), 0..=2);
        let pieces = prop::collection::vec(
            (0..SHAPES.len(), 0u32..=2, 0u32..=6)
                .prop_map(|(s, min, extra)| (s, min, (min + extra).max(1))),
            1..=3,
        );
        (Just(w), Just(h), holes, pieces)
    })
}

/// The puzzle as the TOML a user would write.
fn toml(w: usize, h: usize, holes: &[(usize, usize)], pieces: &[(usize, u32, u32)]) -> String {
    let mut art = String::new();
    for y in 0..h {
        for x in 0..w {
            art.push(if holes.contains(&(x, y)) { '.' } else { '#' });
        }
        art.push('\n');
    }
    let mut text = format!("[board]\nshape = \"\"\"\n{art}\"\"\"\n[rules]\nfill = \"exact\"\n");
    for (k, (s, min, max)) in pieces.iter().enumerate() {
        text += &format!(
            "[[piece]]\nname = \"p{k}\"\ncount = \"{min}..{max}\"\nshape = \"\"\"\n{}\n\"\"\"\n",
            SHAPES[*s]
        );
    }
    text
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn agrees_with_brute_force_on_small_boards(
        (w, h, holes, mut pieces) in random_puzzle()
    ) {
        // Distinct shapes: copies of one shape are one piece with a count.
        pieces.sort_by_key(|p| p.0);
        pieces.dedup_by_key(|p| p.0);
        // Most random sets cannot tile the board; a domino with a wide
        // range makes solutions common without making them trivial.
        if pieces.len() < 3 && pieces[0].0 > 0 {
            pieces.insert(0, (1, 0, 8));
            pieces.dedup_by_key(|p| p.0);
        }
        let text = toml(w, h, &holes, &pieces);
        let board: BTreeSet<[i32; 3]> = (0..h)
            .flat_map(|y| (0..w).map(move |x| (x, y)))
            .filter(|c| !holes.contains(c))
            .map(|(x, y)| [x as i32, y as i32, 0])
            .collect();
        let brute: Vec<BrutePiece> = pieces
            .iter()
            .map(|&(s, min, max)| BrutePiece {
                cells: SHAPES[s]
                    .lines()
                    .enumerate()
                    .flat_map(|(y, line)| {
                        line.chars()
                            .enumerate()
                            .filter(|&(_, c)| c == '#')
                            .map(move |(x, _)| [x as i32, y as i32, 0])
                    })
                    .collect(),
                min,
                max,
            })
            .collect();
        let expected = common::brute_force_counts(&board, &brute, true);
        let Ok(puzzle) = Puzzle::parse(&text, "random.toml", "random") else {
            // Refused because the areas cannot add up to the board's.
            prop_assert_eq!(expected, (0, 0), "{}", text);
            return Ok(());
        };
        for symmetry in [true, false] {
            let options = Options {
                solver: SolverChoice::Exact(ExactEngine::FirstCell),
                symmetry,
                ..Options::default()
            };
            let (found, _) = jigsat::internal::enumerate(&puzzle, &options, &mut |_| {}).unwrap();
            prop_assert!(found.complete);
            prop_assert_eq!((found.count, found.distinct), expected, "{}", text);
        }
    }
}
