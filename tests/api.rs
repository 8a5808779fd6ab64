//! The library's façade (`jigsat::api`) held to the pipeline's own
//! figures: the fixed-board listing gives every solution of the count
//! once, the class listing one per class, for packing and tile puzzles,
//! pieces with copies and count ranges, and the same fixed-board set
//! whichever engine listed the classes. (Each item's doctest covers its
//! own behaviour; python/tests holds the Python package to the CLI.)

use std::collections::BTreeSet;

use jigsat::api::{Cell, Error, Puzzle, Solution, Solver};

type Key = Vec<(String, Vec<Cell>, u8, Vec<String>)>;

/// A solution as plain data, copies interchangeable.
fn key(s: &Solution) -> Key {
    let mut k: Key = s
        .pieces()
        .into_iter()
        .map(|p| (p.name, p.cells, p.rotation, p.edges))
        .collect();
    k.sort();
    k
}

fn puzzle(name: &str) -> Puzzle {
    Puzzle::from_file(format!("puzzles/{name}.toml")).unwrap()
}

fn listed(solver: &Solver, p: &Puzzle) -> Vec<Key> {
    solver
        .solutions(p)
        .map(|s| key(&s.unwrap()))
        .collect::<Vec<_>>()
}

/// Every fixed-board solution once, as many as counted; the classes as
/// many as the distinct count, each one of the fixed-board solutions.
fn listings_match_counts(name: &str) {
    let p = puzzle(name);
    let counts = p.count().unwrap();
    let fixed = listed(&Solver::new().fixed_board(true), &p);
    let fixed_set: BTreeSet<Key> = fixed.iter().cloned().collect();
    assert_eq!(fixed.len() as u64, counts.count, "{name}");
    assert_eq!(
        fixed_set.len(),
        fixed.len(),
        "{name}: a solution listed twice"
    );
    let classes = listed(&Solver::new(), &p);
    assert_eq!(classes.len() as u64, counts.distinct, "{name}");
    assert!(classes.iter().all(|c| fixed_set.contains(c)), "{name}");
}

#[test]
fn fixed_board_listings_are_the_counts() {
    // Tiles (turned with the board), copies, count ranges, a flat strip.
    for name in [
        "big-cats",
        "dominoes-6x6",
        "tromino-choice",
        "pentomino-3x20",
    ] {
        listings_match_counts(name);
    }
}

#[test]
#[ignore = "seconds in debug: CI runs it in release"]
fn fixed_board_listing_of_the_order_model_is_its_count() {
    listings_match_counts("calibron12");
}

#[test]
fn every_engine_lists_the_same_fixed_board_solutions() {
    let soma = puzzle("soma");
    let mut sets = Vec::new();
    for engine in ["dlx", "first-cell", "varisat"] {
        let solver = Solver::new().engine(engine).unwrap();
        let classes = listed(&solver, &soma);
        assert_eq!(classes.len(), 240, "{engine}");
        let fixed: BTreeSet<Key> = listed(&solver.fixed_board(true), &soma)
            .into_iter()
            .collect();
        assert_eq!(fixed.len(), 11520, "{engine}");
        sets.push(fixed);
    }
    assert!(sets.windows(2).all(|w| w[0] == w[1]));
}

#[test]
fn an_impossible_puzzle_has_no_solution_and_counts_zero() {
    let p = puzzle("tetromino-4x5");
    assert_eq!(p.solve(), Ok(None));
    let counts = p.count().unwrap();
    assert_eq!((counts.count, counts.distinct), (0, 0));
    assert_eq!(p.solutions().count(), 0);
}

#[test]
fn a_stop_flag_ends_a_listing_with_interrupted() {
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let y25 = puzzle("y25");
    let mut solutions = Solver::new().stop_flag(stop.clone()).solutions(&y25);
    assert!(solutions.next().unwrap().is_ok());
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    assert_eq!(solutions.next(), Some(Err(Error::Interrupted)));
    assert_eq!(solutions.next(), None);
}

#[test]
fn a_time_limit_ends_a_solve_a_count_and_a_listing() {
    let y25 = puzzle("y25");
    let quick = Solver::new().time_limit(std::time::Duration::from_millis(300));
    assert!(matches!(quick.count(&y25), Err(Error::TimeLimit(_))));
    let last = quick.solutions(&y25).last();
    assert!(matches!(last, Some(Err(Error::TimeLimit(_)))), "{last:?}");
    // Solving Y25 takes longer than nothing at all.
    let none = Solver::new()
        .time_limit(std::time::Duration::ZERO)
        .engine("cadical")
        .unwrap();
    assert!(matches!(none.solve(&y25), Err(Error::TimeLimit(_))));
}

/// One type for one idea: the figures of an outside solver's LRAT proof
/// that `decode` checked are the certifier's `ProofCheck` (they were a
/// second type, `ProofChecked`, with the same fields), and the claim a
/// checked certificate directory reports is its manifest's own `Claim`,
/// still written `no-solution-colouring` in `manifest.toml`.
#[test]
fn a_checked_proof_and_a_claim_are_one_type_each() {
    use jigsat::api::certificate::{Certifier, Claim, ProofCheck};
    use jigsat::api::cnf::Answer;
    let dir = tempfile::tempdir().unwrap();
    let tetrominoes = puzzle("tetromino-4x5");
    let proof = dir.path().join("p.lrat");
    let certifier = Certifier::new(&Solver::new().precheck(false))
        .check(false)
        .proof_file(&proof);
    certifier.solve(&tetrominoes).unwrap();
    let answer = dir.path().join("answer.txt");
    std::fs::write(&answer, "s UNSATISFIABLE\n").unwrap();
    let decoded = Solver::new()
        .decode_model_file(&tetrominoes, &answer, None, Some(proof.as_path()))
        .unwrap();
    let Answer::NoSolution(Some(by_decode)) = decoded.answer else {
        panic!("{:?}", decoded.answer)
    };
    let by_certifier: ProofCheck = certifier.check_proof(&tetrominoes, &proof).unwrap();
    let by_decode: ProofCheck = by_decode;
    assert_eq!(
        (by_decode.added, by_decode.deleted, by_decode.hints),
        (by_certifier.added, by_certifier.deleted, by_certifier.hints)
    );
    let cert = dir.path().join("cert");
    let by_colouring = Certifier::new(&Solver::new()).directory(&cert);
    by_colouring.solve(&tetrominoes).unwrap();
    let manifest = std::fs::read_to_string(cert.join("manifest.toml")).unwrap();
    assert!(
        manifest.contains("claim = \"no-solution-colouring\""),
        "{manifest}"
    );
    let checked = by_colouring.check_directory(&cert, None).unwrap();
    assert_eq!(checked.claim, Claim::NoSolutionByColouring);
}
