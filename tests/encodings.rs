//! Every encoding, checked exhaustively on small inputs, for propagation
//! strength, for the sizes stated on the pages in `encodings/`, against the
//! `rustsat` crate as an independent oracle, and on every puzzle.

use jigsat::internal::encode::amo::{
    AtMostOne, Bimander, Binary, Commander, Ladder, Pairwise, Product, Sequential,
};
use jigsat::internal::encode::card::{Cardinality, SequentialCounter, Totalizer};
use jigsat::internal::encode::{Card, Cnf, Encoding, Lit, Var};
use varisat::ExtendFormula;

const AMO: [(&str, &dyn AtMostOne); 7] = [
    ("pairwise", &Pairwise),
    ("sequential", &Sequential),
    ("ladder", &Ladder),
    ("commander", &Commander),
    ("product", &Product),
    ("binary", &Binary),
    ("bimander", &Bimander),
];

const CARD: [(&str, &dyn Cardinality); 2] = [
    ("sequential", &SequentialCounter),
    ("totalizer", &Totalizer),
];

/// A CNF whose variables 1..=n are the inputs, and those inputs.
fn inputs(n: usize) -> (Cnf, Vec<Lit>) {
    let mut cnf = Cnf::new();
    cnf.reserve_vars(n as u32);
    let lits = (1..=n as u32).map(|v| Var::new(v).positive()).collect();
    (cnf, lits)
}

fn to_varisat(cnf: &Cnf) -> varisat::Solver<'static> {
    let mut solver = varisat::Solver::new();
    let mut formula = varisat::CnfFormula::new();
    formula.set_var_count(cnf.num_vars() as usize);
    for clause in cnf.clauses() {
        let c: Vec<varisat::Lit> = clause
            .iter()
            .map(|l| varisat::Lit::from_dimacs(l.to_dimacs() as isize))
            .collect();
        formula.add_clause(&c);
    }
    solver.add_formula(&formula);
    solver
}

/// For each of the 2^n assignments of the inputs (variables 1..=n): is the
/// CNF satisfiable with the auxiliaries free? The solver decides, under
/// assumptions.
fn satisfiable_per_assignment(cnf: &Cnf, n: usize) -> Vec<bool> {
    let mut solver = to_varisat(cnf);
    (0..1u32 << n)
        .map(|mask| {
            let assumptions: Vec<varisat::Lit> = (0..n)
                .map(|i| {
                    let v = (i + 1) as isize;
                    varisat::Lit::from_dimacs(if mask >> i & 1 == 1 { v } else { -v })
                })
                .collect();
            solver.assume(&assumptions);
            solver.solve().expect("varisat answers")
        })
        .collect()
}

#[test]
fn at_most_one_is_exact_for_every_assignment() {
    for (name, amo) in AMO {
        for n in 1..=10 {
            let (mut cnf, lits) = inputs(n);
            amo.encode(&lits, &mut cnf);
            for (mask, sat) in satisfiable_per_assignment(&cnf, n).into_iter().enumerate() {
                assert_eq!(
                    sat,
                    mask.count_ones() <= 1,
                    "{name}, n = {n}, inputs {mask:b}"
                );
            }
        }
    }
}

#[test]
fn exactly_one_is_exact_for_every_assignment() {
    for (name, amo) in AMO {
        for n in 1..=10 {
            let (mut cnf, lits) = inputs(n);
            amo.exactly_one(&lits, &mut cnf);
            for (mask, sat) in satisfiable_per_assignment(&cnf, n).into_iter().enumerate() {
                assert_eq!(
                    sat,
                    mask.count_ones() == 1,
                    "{name}, n = {n}, inputs {mask:b}"
                );
            }
        }
    }
}

/// Unit propagation from `assigned` (DIMACS literals taken true): the
/// resulting values by variable, or `None` on a conflict.
fn unit_propagate(cnf: &Cnf, assigned: &[Lit]) -> Option<Vec<Option<bool>>> {
    let mut value: Vec<Option<bool>> = vec![None; cnf.num_vars() as usize + 1];
    for l in assigned {
        value[l.var().index() as usize] = Some(l.is_positive());
    }
    let lit_value = |value: &[Option<bool>], l: Lit| {
        value[l.var().index() as usize].map(|v| v == l.is_positive())
    };
    loop {
        let mut changed = false;
        for clause in cnf.clauses() {
            let mut unassigned = None;
            let mut open = 0;
            let mut satisfied = false;
            for &l in clause {
                match lit_value(&value, l) {
                    Some(true) => satisfied = true,
                    Some(false) => {}
                    None => {
                        open += 1;
                        unassigned = Some(l);
                    }
                }
            }
            if satisfied {
                continue;
            }
            match (open, unassigned) {
                (0, _) => return None,
                (1, Some(l)) => {
                    value[l.var().index() as usize] = Some(l.is_positive());
                    changed = true;
                }
                _ => {}
            }
        }
        if !changed {
            return Some(value);
        }
    }
}

#[test]
fn one_true_input_propagates_all_others_false() {
    for (name, amo) in AMO {
        for n in 1..=10 {
            for exactly in [false, true] {
                let (mut cnf, lits) = inputs(n);
                if exactly {
                    amo.exactly_one(&lits, &mut cnf);
                } else {
                    amo.encode(&lits, &mut cnf);
                }
                for (i, &x) in lits.iter().enumerate() {
                    let value = unit_propagate(&cnf, &[x])
                        .unwrap_or_else(|| panic!("{name}, n = {n}: x{i} alone conflicts"));
                    for (j, &y) in lits.iter().enumerate() {
                        if j != i {
                            assert_eq!(
                                value[y.var().index() as usize],
                                Some(false),
                                "{name}, n = {n}, exactly = {exactly}: x{i} true leaves x{j} open"
                            );
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn ladder_exactly_one_refutes_all_false_by_propagation() {
    // The ladder needs no at-least-one clause: all inputs false climbs the
    // ladder to a conflict.
    for n in 1..=10 {
        let (mut cnf, lits) = inputs(n);
        Ladder.exactly_one(&lits, &mut cnf);
        let all_false: Vec<Lit> = lits.iter().map(|&l| !l).collect();
        assert!(unit_propagate(&cnf, &all_false).is_none(), "n = {n}");
        assert!(cnf.clauses().all(|c| c.len() <= 3), "n = {n}");
    }
}

#[test]
fn cardinality_is_exact_for_every_assignment_and_bound() {
    for (name, card) in CARD {
        for n in 0..=8usize {
            for min in 0..=n {
                // max = n + 1 is a range wider than the group (count "0..9"
                // with eight placements): no upper bound.
                for max in min..=n + 1 {
                    let (mut cnf, lits) = inputs(n);
                    card.encode(&lits, min as u32, max as u32, &mut cnf);
                    let sat = satisfiable_per_assignment(&cnf, n);
                    for (mask, sat) in sat.into_iter().enumerate() {
                        let k = mask.count_ones() as usize;
                        assert_eq!(
                            sat,
                            min <= k && k <= max,
                            "{name}, n = {n}, {min}..={max}, inputs {mask:b}"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn cardinality_bounds_propagate() {
    // max inputs true: unit propagation falsifies the rest; n - min inputs
    // false: it makes the rest true (the pages claim arc consistency).
    for (name, card) in CARD {
        for n in 1..=6usize {
            for min in 0..=n {
                for max in min..=n {
                    let (mut cnf, lits) = inputs(n);
                    card.encode(&lits, min as u32, max as u32, &mut cnf);
                    for mask in 0..1u32 << n {
                        let ones = mask.count_ones() as usize;
                        let (set, want) = if ones == max && max < n {
                            (true, Some(false))
                        } else if ones == n - min && min > 0 {
                            (false, Some(true))
                        } else {
                            continue;
                        };
                        let assigned: Vec<Lit> = (0..n)
                            .filter(|i| mask >> i & 1 == 1)
                            .map(|i| if set { lits[i] } else { !lits[i] })
                            .collect();
                        let value = unit_propagate(&cnf, &assigned).unwrap_or_else(|| {
                            panic!("{name}, n = {n}, {min}..={max}, {mask:b}: conflict")
                        });
                        for i in (0..n).filter(|i| mask >> i & 1 == 0) {
                            assert_eq!(
                                value[lits[i].var().index() as usize],
                                want,
                                "{name}, n = {n}, {min}..={max}, {mask:b}: x{i}"
                            );
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn cardinality_lower_bound_beyond_n_is_unsatisfiable() {
    for (name, card) in CARD {
        let (mut cnf, lits) = inputs(3);
        card.encode(&lits, 4, 5, &mut cnf);
        assert!(
            satisfiable_per_assignment(&cnf, 3).iter().all(|&s| !s),
            "{name}"
        );
    }
}

/// Clauses and auxiliary variables an encoding writes for n inputs.
fn amo_size(amo: &dyn AtMostOne, n: usize, exactly: bool) -> (usize, u32) {
    let (mut cnf, lits) = inputs(n);
    if exactly {
        amo.exactly_one(&lits, &mut cnf);
    } else {
        amo.encode(&lits, &mut cnf);
    }
    (cnf.num_clauses(), cnf.num_vars() - n as u32)
}

fn ceil_log2(n: usize) -> usize {
    (usize::BITS - n.saturating_sub(1).leading_zeros()) as usize
}

fn pairs(n: usize) -> usize {
    n * n.saturating_sub(1) / 2
}

/// The formulas of encodings/commander.md, g = 3: (clauses, auxiliaries).
fn commander_formula(n: usize) -> (usize, usize) {
    let g = 3;
    if n <= g {
        return (pairs(n), 0);
    }
    let m = n.div_ceil(g);
    let (c, v) = commander_formula(m);
    (n + (n / g) * pairs(g) + pairs(n % g) + c, m + v)
}

/// The formulas of encodings/product.md: (clauses, auxiliaries).
fn product_formula(n: usize) -> (usize, usize) {
    if n <= 7 {
        return (pairs(n), 0);
    }
    let p = n.isqrt();
    let q = n.div_ceil(p);
    let (cp, vp) = product_formula(p);
    let (cq, vq) = product_formula(q);
    (2 * n + cp + cq, p + q + vp + vq)
}

/// The formulas of encodings/bimander.md, g = 4: (clauses, auxiliaries).
fn bimander_formula(n: usize) -> (usize, usize) {
    let g = 4;
    let b = ceil_log2(n.div_ceil(g));
    ((n / g) * pairs(g) + pairs(n % g) + n * b, b)
}

#[test]
fn sizes_for_100_inputs_match_the_documented_formulas() {
    let n = 100;
    let size = |amo: &dyn AtMostOne, exactly| {
        let (c, v) = amo_size(amo, n, exactly);
        (c, v as usize)
    };
    // Formulas, then the numbers the pages quote for n = 100.
    assert_eq!(size(&Pairwise, false), (n * (n - 1) / 2, 0));
    assert_eq!(size(&Pairwise, false), (4950, 0));
    assert_eq!(size(&Sequential, false), (3 * n - 4, n - 1));
    assert_eq!(size(&Sequential, false), (296, 99));
    assert_eq!(size(&Sequential, true), (3 * n - 3, n - 1));
    assert_eq!(size(&Ladder, false), (3 * n - 4, n - 1));
    assert_eq!(size(&Ladder, true), (4 * n - 4, n - 1));
    assert_eq!(size(&Ladder, true), (396, 99));
    assert_eq!(size(&Commander, false), commander_formula(n));
    assert_eq!(size(&Commander, false), (298, 52));
    assert_eq!(size(&Product, false), product_formula(n));
    assert_eq!(size(&Product, false), (258, 34));
    assert_eq!(size(&Binary, false), (n * ceil_log2(n), ceil_log2(n)));
    assert_eq!(size(&Binary, false), (700, 7));
    assert_eq!(size(&Bimander, false), bimander_formula(n));
    assert_eq!(size(&Bimander, false), (650, 5));
    // Exactly one adds the at-least-one clause and nothing else.
    for (name, amo) in AMO {
        if name != "ladder" {
            let (c, v) = size(amo, false);
            assert_eq!(size(amo, true), (c + 1, v), "{name}");
        }
    }
}

/// encodings/sequential-counter.md: for min..=max over n inputs with an
/// upper bound (max < n), c = max + 1 counter columns,
/// V = Σ_{i=1..n} min(i, c) auxiliaries and 4V - n - c + units clauses.
#[test]
fn sequential_counter_size_matches_the_documented_formula() {
    let n = 100;
    for (min, max) in [(3, 3), (0, 4), (2, 7), (10, 10)] {
        let (mut cnf, lits) = inputs(n);
        SequentialCounter.encode(&lits, min as u32, max as u32, &mut cnf);
        let c = max + 1;
        let v: usize = (1..=n).map(|i| i.min(c)).sum();
        let units = usize::from(min > 0) + 1;
        assert_eq!(cnf.num_vars() as usize - n, v, "{min}..={max}");
        assert_eq!(cnf.num_clauses(), 4 * v - n - c + units, "{min}..={max}");
    }
    // Exactly 3 of 100: 394 auxiliaries, 1474 clauses.
    let (mut cnf, lits) = inputs(n);
    SequentialCounter.encode(&lits, 3, 3, &mut cnf);
    assert_eq!((cnf.num_vars() - 100, cnf.num_clauses()), (394, 1474));
}

/// encodings/totalizer.md: a node over m inputs whose children keep p and
/// q outputs keeps s = min(m, cap) outputs, with
/// #{(i, j) ≤ (p, q) : 1 ≤ i + j ≤ s} "up" clauses (with an upper bound)
/// and #{(i, j) ≤ (p, q) : i + j ≤ s - 1} "down" clauses (with a lower
/// bound), where cap = max + 1.
fn totalizer_formula(m: usize, cap: usize, up: bool, down: bool) -> (usize, usize, usize) {
    // (outputs, auxiliaries, clauses) of the subtree over m inputs.
    if m == 1 {
        return (1, 0, 0);
    }
    let (p, vp, cp) = totalizer_formula(m / 2, cap, up, down);
    let (q, vq, cq) = totalizer_formula(m - m / 2, cap, up, down);
    let s = m.min(cap);
    let count = |lo: usize, hi: usize| {
        (0..=p)
            .flat_map(|i| (0..=q).map(move |j| i + j))
            .filter(|&t| lo <= t && t <= hi)
            .count()
    };
    let clauses =
        if up { count(1, s) } else { 0 } + if down && s > 0 { count(0, s - 1) } else { 0 };
    (s, vp + vq + s, cp + cq + clauses)
}

#[test]
fn totalizer_size_matches_the_documented_formula() {
    let n = 100;
    for (min, max) in [(3, 3), (0, 4), (2, 7), (10, 10)] {
        let (mut cnf, lits) = inputs(n);
        Totalizer.encode(&lits, min as u32, max as u32, &mut cnf);
        let (_, v, c) = totalizer_formula(n, max + 1, true, min > 0);
        let units = usize::from(min > 0) + 1;
        assert_eq!(cnf.num_vars() as usize - n, v, "{min}..={max}");
        assert_eq!(cnf.num_clauses(), c + units, "{min}..={max}");
    }
}

mod oracle {
    //! The `rustsat` crate implements six of the at-most-one encodings
    //! independently. Where its definitions agree with jigsat's, the sizes
    //! must agree; and both formulas must accept the same input assignments.

    use super::*;
    use rustsat::encodings::am1::{self, Encode};
    use rustsat::instances::{BasicVarManager, Cnf as RCnf, ManageVars};

    fn rustsat_cnf<E: Encode + From<Vec<rustsat::types::Lit>>>(n: usize) -> (Cnf, usize, u32) {
        let mut vm = BasicVarManager::default();
        vm.increase_next_free(rustsat::types::Var::new(n as u32));
        let lits: Vec<_> = (0..n as u32).map(rustsat::types::Lit::positive).collect();
        let mut rcnf = RCnf::new();
        E::from(lits).encode(&mut rcnf, &mut vm).unwrap();
        let mut cnf = Cnf::new();
        cnf.reserve_vars(vm.n_used().max(n as u32));
        for clause in rcnf.iter() {
            let c: Vec<Lit> = clause
                .iter()
                .map(|l| Lit::from_dimacs(l.to_ipasir()).unwrap())
                .collect();
            cnf.add_clause(&c);
        }
        let clauses = cnf.num_clauses();
        let aux = cnf.num_vars() - n as u32;
        (cnf, clauses, aux)
    }

    /// Compares sizes for n in `sizes`, and satisfiability for n ≤ 8.
    fn agree<E: Encode + From<Vec<rustsat::types::Lit>>>(
        amo: &dyn AtMostOne,
        name: &str,
        sizes: impl Iterator<Item = usize>,
    ) {
        for n in sizes {
            let (_, clauses, aux) = rustsat_cnf::<E>(n);
            assert_eq!(amo_size(amo, n, false), (clauses, aux), "{name}, n = {n}");
        }
        for n in 1..=8 {
            let (theirs, _, _) = rustsat_cnf::<E>(n);
            let (mut ours, lits) = inputs(n);
            amo.encode(&lits, &mut ours);
            assert_eq!(
                satisfiable_per_assignment(&ours, n),
                satisfiable_per_assignment(&theirs, n),
                "{name}, n = {n}"
            );
        }
    }

    #[test]
    fn pairwise_agrees_with_rustsat() {
        agree::<am1::Pairwise>(&Pairwise, "pairwise", 1..=100);
    }

    #[test]
    fn ladder_agrees_with_rustsat() {
        agree::<am1::Ladder>(&Ladder, "ladder", 1..=100);
        // … and so does the sequential counter, the same clauses renamed.
        agree::<am1::Ladder>(&Sequential, "sequential", 1..=100);
    }

    #[test]
    fn binary_agrees_with_rustsat_bitwise() {
        agree::<am1::Bitwise>(&Binary, "binary", 1..=100);
    }

    #[test]
    fn bimander_agrees_with_rustsat() {
        // rustsat gives a single group (n ≤ 4) one bit; ours none.
        agree::<am1::Bimander<4, am1::Pairwise>>(&Bimander, "bimander", 5..=100);
    }

    #[test]
    fn commander_agrees_with_rustsat_where_one_level_suffices() {
        // rustsat's commander is one level over pairwise; ours recurses,
        // and encodes three or fewer inputs pairwise. They coincide when
        // 4 ≤ n ≤ 9 (at most three commanders).
        agree::<am1::Commander<3, am1::Pairwise>>(&Commander, "commander", 4..=9);
    }

    #[test]
    fn product_agrees_with_rustsat_where_one_level_suffices() {
        // One level of the grid when both sides are small enough to be
        // encoded pairwise (ours recurses above seven).
        let one_level = (8..=100usize).filter(|&n| {
            let p = n.isqrt();
            n.div_ceil(p) <= 7
        });
        agree::<am1::TwoProduct<am1::Pairwise>>(&Product, "product", one_level);
    }
}

mod puzzles {
    //! Every puzzle in puzzles/ under every encoding: solved (or proved
    //! impossible by the solver itself) and the solution checked against
    //! the puzzle by `jigsat::internal::check`, which knows nothing of encodings.

    use super::*;
    use jigsat::api::options::Choice;
    use jigsat::internal::{Options, Puzzle, Status, solve};

    fn every_encoding(file: &str, expected: Status) {
        every_encoding_and_card(file, expected, &[Card::default()]);
    }

    fn every_encoding_and_card(file: &str, expected: Status, cards: &[Card]) {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("puzzles")
            .join(file);
        let puzzle = Puzzle::load(&path).unwrap();
        for &encoding in Encoding::ALL {
            for &card in cards {
                let options = Options {
                    encoding,
                    card,
                    precheck: false,
                    ..Options::default()
                };
                let report = solve(&puzzle, &options)
                    .unwrap_or_else(|e| panic!("{file}, {encoding}+{card}: {e}"));
                assert_eq!(report.status, expected, "{file}, {encoding}+{card}");
                if expected == Status::Solved {
                    assert_eq!(report.solutions.len(), 1);
                    jigsat::internal::check(&puzzle, &report.solutions[0]).unwrap();
                }
            }
        }
    }

    #[test]
    fn every_puzzle_file_is_covered_here() {
        let mut files: Vec<String> =
            std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles"))
                .unwrap()
                .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .collect();
        files.sort();
        assert_eq!(
            files,
            [
                "bedlam.toml",
                "big-cats.toml",
                // Calibron 12 goes through the order model: tests/rectangles.rs.
                "calibron12.toml",
                "dominoes-6x6.toml",
                "dominoes-8x8.toml",
                "hexiamonds-3x12.toml",
                "hexiamonds-4x9.toml",
                "hexiamonds-6x6.toml",
                "hexiamonds-hexagon-nine.toml",
                "pentomino-3x20.toml",
                "pentomino-6x10.toml",
                "pentomino-8x8-hole.toml",
                "pentominoes-5x11-eleven.toml",
                "polyhexes-1to4-4x10.toml",
                "polyhexes-hexagon37.toml",
                "prisms-trapezoids.toml",
                "rhombic-dimers.toml",
                "soma.toml",
                "spheres-pyramid14.toml",
                "tetra-octa-wedges.toml",
                "tetrasticks-5x5.toml",
                "tetromino-4x5.toml",
                "tromino-choice.toml",
                "y25.toml"
            ],
            "a new puzzle needs its test below"
        );
    }

    #[test]
    fn big_cats_under_every_encoding_and_edge_encoding() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles/big-cats.toml");
        let puzzle = Puzzle::load(&path).unwrap();
        for &encoding in Encoding::ALL {
            for &edges in jigsat::internal::EdgeEncoding::ALL {
                let options = Options {
                    encoding,
                    edges,
                    ..Options::default()
                };
                let report = solve(&puzzle, &options).unwrap();
                assert_eq!(report.status, Status::Solved, "{encoding}+{edges}");
                jigsat::internal::check(&puzzle, &report.solutions[0]).unwrap();
            }
        }
    }

    /// The triangular, sphere, prism, rhombic and tetrahedral grids (issue
    /// 37): the same encodings, unaware of the grid.
    #[test]
    fn other_grids() {
        for file in [
            "hexiamonds-6x6.toml",
            "spheres-pyramid14.toml",
            "prisms-trapezoids.toml",
            "rhombic-dimers.toml",
            "tetra-octa-wedges.toml",
        ] {
            every_encoding(file, Status::Solved);
        }
    }

    /// Pools of pieces (`jigsat design`'s files, each piece at most once)
    /// and the sticks, whose crossings are "at most once" items: the same
    /// encodings, unaware of either (about 2 minutes in a debug build).
    #[test]
    #[ignore]
    fn pools_and_sticks() {
        for file in [
            "hexiamonds-hexagon-nine.toml",
            "pentominoes-5x11-eleven.toml",
            "tetrasticks-5x5.toml",
        ] {
            every_encoding(file, Status::Solved);
        }
    }

    /// The larger boards of the other grids.
    #[test]
    #[ignore = "larger boards under every encoding: cargo test --release -- --ignored"]
    fn other_grids_larger() {
        for file in [
            "hexiamonds-4x9.toml",
            "polyhexes-hexagon37.toml",
            "polyhexes-1to4-4x10.toml",
        ] {
            every_encoding(file, Status::Solved);
        }
    }

    #[test]
    #[ignore = "a refutation under every encoding: cargo test --release -- --ignored"]
    fn hexiamonds_3x12_is_refuted_by_the_solver() {
        every_encoding("hexiamonds-3x12.toml", Status::Unsolvable);
    }

    #[test]
    fn y25() {
        every_encoding("y25.toml", Status::Solved);
    }

    #[test]
    #[ignore = "slow in debug builds (seconds per encoding in release): cargo test --release -- --ignored"]
    fn bedlam() {
        every_encoding("bedlam.toml", Status::Solved);
    }

    #[test]
    fn soma() {
        every_encoding("soma.toml", Status::Solved);
    }

    #[test]
    fn dominoes_6x6() {
        every_encoding("dominoes-6x6.toml", Status::Solved);
    }

    #[test]
    fn dominoes_8x8() {
        every_encoding("dominoes-8x8.toml", Status::Solved);
    }

    #[test]
    fn pentomino_6x10() {
        every_encoding("pentomino-6x10.toml", Status::Solved);
    }

    #[test]
    fn pentomino_3x20() {
        every_encoding("pentomino-3x20.toml", Status::Solved);
    }

    #[test]
    fn pentomino_8x8_hole() {
        every_encoding("pentomino-8x8-hole.toml", Status::Solved);
    }

    #[test]
    fn tetromino_4x5_is_refuted_by_the_solver() {
        every_encoding("tetromino-4x5.toml", Status::Unsolvable);
    }

    #[test]
    fn tromino_choice() {
        // The one puzzle whose copies need a cardinality constraint.
        every_encoding_and_card("tromino-choice.toml", Status::Solved, Card::ALL);
    }
}

/// `encode::size` (what `info` and the memory budget read) counts exactly
/// what the encoder builds, under every encoding, with cardinality
/// constraints (Y25) and edge colours (big-cats).
#[test]
fn the_counted_size_of_every_encoding_is_the_built_size() {
    use jigsat::api::options::Choice;
    use jigsat::internal::{EdgeEncoding, Instance, Puzzle};
    let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("puzzles");
    for name in [
        "soma.toml",
        "pentomino-6x10.toml",
        "y25.toml",
        "big-cats.toml",
        "tromino-choice.toml",
    ] {
        let puzzle = Puzzle::load(&dir.join(name)).unwrap();
        let instance = Instance::new(&puzzle).unwrap();
        for &e in Encoding::ALL {
            for card in [Card::default(), Card::Totalizer] {
                let built = instance.encode(e, card, EdgeEncoding::default(), None).cnf;
                let counted = jigsat::internal::encode::size(
                    instance.cover(),
                    e,
                    card,
                    EdgeEncoding::default(),
                );
                assert_eq!(
                    (counted.variables, counted.clauses, counted.literals),
                    (
                        u64::from(built.num_vars()),
                        built.num_clauses() as u64,
                        built.num_lits() as u64
                    ),
                    "{name} {e:?} {card:?}"
                );
            }
        }
    }
}
