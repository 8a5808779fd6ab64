//! Every engine against every other and against a brute force written
//! here (issue #35): random small packing puzzles over the rules of the
//! format — fill exact, partial or left to the areas, holes, optional
//! cells, `count` ranges and exact counts, copies, `rotations` space,
//! plane and none (also per piece), mirror images, flat and 3-D boards —
//! counted by dlx, first-cell, the plan's own choice (corner search for
//! rectangles), varisat, cadical, the order encoding and Burnside's lemma,
//! each with and without symmetry breaking, and by [`brute_force`]:
//! backtracking over placements made from the puzzle's definition (not
//! from jigsat's cover), with classes taken up to the board's symmetries
//! by canonical forms computed here. Count and distinct must agree; an
//! engine may refuse a puzzle it cannot count (a usage error), never
//! count it wrong, and the plan's own choice refuses nothing.
//!
//! The debug suite runs a few hundred cases; `cargo test --release --
//! --ignored` runs thousands. A failure prints the seed and the puzzle;
//! `JIGSAT_DIFF_SEED=N JIGSAT_DIFF_CASES=1` replays one case.

mod common;

use std::collections::{BTreeMap, BTreeSet};

use common::{Point, apply, motions, normalize};
use jigsat::internal::{Error, Model, Options, Puzzle, SolverChoice};

/// SplitMix64: reproducible cases from a seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    /// True with probability `percent` / 100.
    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Turns {
    Space,
    Plane,
    None,
}

impl Turns {
    fn name(self) -> &'static str {
        match self {
            Turns::Space => "space",
            Turns::Plane => "plane",
            Turns::None => "none",
        }
    }
}

struct PieceSpec {
    cells: Vec<Point>,
    min: u32,
    max: u32,
    /// Written as `count = N` rather than a range `"N..N"`.
    fixed: bool,
    /// A per-piece `rotations` override.
    turns: Option<Turns>,
}

struct Case {
    /// Board cells, each with whether it is optional (`?`).
    cells: Vec<(Point, bool)>,
    flat: bool,
    turns: Turns,
    mirror: bool,
    /// `fill` as written: `None` leaves it to the areas.
    fill: Option<&'static str>,
    pieces: Vec<PieceSpec>,
}

/// Flat shapes: monomino to tetrominoes, rectangles among them (so the
/// plan's corner search and the order encoding get their share).
const FLAT: [&[(i32, i32)]; 9] = [
    &[(0, 0)],
    &[(0, 0), (1, 0)],
    &[(0, 0), (1, 0), (2, 0)],
    &[(0, 0), (1, 0), (0, 1)],
    &[(0, 0), (1, 0), (2, 0), (3, 0)],
    &[(0, 0), (1, 0), (2, 0), (0, 1)],
    &[(0, 0), (1, 0), (2, 0), (2, 1)],
    &[(0, 0), (1, 0), (0, 1), (1, 1)],
    &[(0, 0), (1, 0), (1, 1), (2, 1)],
];

/// Solid shapes for 3-D boards besides the flat ones.
const SOLID: [&[Point]; 3] = [
    &[[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]],
    &[[0, 0, 0], [1, 0, 0], [1, 1, 0], [1, 1, 1]],
    &[[0, 0, 0], [0, 0, 1]],
];

fn generate(rng: &mut Rng) -> Case {
    if rng.chance(15) {
        return rectangles(rng);
    }
    let flat = rng.chance(70);
    let size = if flat {
        [2 + rng.below(3) as i32, 1 + rng.below(3) as i32, 1]
    } else {
        [[2, 2, 2], [1, 2, 3], [2, 2, 3], [2, 3, 2]][rng.below(4)]
    };
    let with_holes = rng.chance(30);
    let with_optional = rng.chance(35);
    let mut cells = Vec::new();
    for z in 0..size[2] {
        for y in 0..size[1] {
            for x in 0..size[0] {
                if with_holes && rng.chance(15) {
                    continue;
                }
                cells.push(([x, y, z], with_optional && rng.chance(25)));
            }
        }
    }
    if cells.is_empty() {
        cells.push(([0, 0, 0], false));
    }
    let turns = match rng.below(10) {
        0..=5 => Turns::Space,
        6..=7 if flat => Turns::Plane,
        _ => Turns::None,
    };
    let mirror = rng.chance(20);
    let fill = [None, None, Some("exact"), Some("partial")][rng.below(4)];
    let mut pieces: Vec<PieceSpec> = Vec::new();
    let wanted = 1 + rng.below(3);
    for _ in 0..wanted * 3 {
        if pieces.len() == wanted {
            break;
        }
        let cells: Vec<Point> = if !flat && rng.chance(30) {
            SOLID[rng.below(SOLID.len())].to_vec()
        } else {
            FLAT[rng.below(FLAT.len())]
                .iter()
                .map(|&(x, y)| [x, y, 0])
                .collect()
        };
        let own = rng.chance(15).then(|| {
            if flat {
                [Turns::Space, Turns::Plane, Turns::None][rng.below(3)]
            } else {
                [Turns::Space, Turns::None][rng.below(2)]
            }
        });
        let (min, max, fixed) = if rng.chance(40) {
            let n = 1 + rng.below(2) as u32;
            (n, n, true)
        } else {
            let min = rng.below(2) as u32;
            (min, (min + rng.below(3) as u32).max(1), false)
        };
        let spec = PieceSpec {
            cells,
            min,
            max,
            fixed,
            turns: own,
        };
        // Pieces that lie alike are one piece with copies: keep them apart.
        let looks = |p: &PieceSpec| orientations(p, turns, mirror, flat);
        if pieces.iter().all(|p| looks(p) != looks(&spec)) {
            pieces.push(spec);
        }
    }
    // Fewer required copies until they fit: a case the parser refuses
    // (the areas cannot add up) tests little.
    let area = cells.len() as u32;
    loop {
        let least: u32 = pieces.iter().map(|p| p.min * p.cells.len() as u32).sum();
        let Some(p) = pieces.iter_mut().filter(|p| p.min > 0).last() else {
            break;
        };
        if least <= area {
            break;
        }
        p.min -= 1;
        p.fixed = false;
    }
    Case {
        cells,
        flat,
        turns,
        mirror,
        fill,
        pieces,
    }
}

/// A solid rectangle or box exactly filled by solid rectangles of fixed
/// counts, the rest made up with monominoes: what the corner search and
/// the order encoding take.
fn rectangles(rng: &mut Rng) -> Case {
    let flat = rng.chance(70);
    let size = if flat {
        [2 + rng.below(3) as i32, 2 + rng.below(2) as i32, 1]
    } else {
        [2, 2, 2 + rng.below(2) as i32]
    };
    let mut cells = Vec::new();
    for z in 0..size[2] {
        for y in 0..size[1] {
            for x in 0..size[0] {
                cells.push(([x, y, z], false));
            }
        }
    }
    let bars: [&[Point]; 4] = [
        &[[0, 0, 0], [1, 0, 0]],
        &[[0, 0, 0], [1, 0, 0], [2, 0, 0]],
        &[[0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 1, 0]],
        &[[0, 0, 0], [1, 0, 0], [2, 0, 0], [3, 0, 0]],
    ];
    let mut left = cells.len() as u32;
    let mut pieces: Vec<PieceSpec> = Vec::new();
    for _ in 0..1 + rng.below(2) {
        let shape = bars[rng.below(bars.len())];
        let n = rng.below(3) as u32 * u32::from(!pieces.iter().any(|p| p.cells == shape));
        let n = n.min(left / shape.len() as u32);
        if n > 0 {
            left -= n * shape.len() as u32;
            pieces.push(piece(shape.to_vec(), n));
        }
    }
    if left > 0 {
        pieces.push(piece(vec![[0, 0, 0]], left));
    }
    Case {
        cells,
        flat,
        turns: if rng.chance(80) {
            Turns::Space
        } else {
            Turns::None
        },
        mirror: false,
        fill: [None, Some("exact")][rng.below(2)],
        pieces,
    }
}

fn piece(cells: Vec<Point>, n: u32) -> PieceSpec {
    PieceSpec {
        cells,
        min: n,
        max: n,
        fixed: true,
        turns: None,
    }
}

fn point_text(c: Point, flat: bool) -> String {
    if flat {
        format!("[{}, {}]", c[0], c[1])
    } else {
        format!("[{}, {}, {}]", c[0], c[1], c[2])
    }
}

/// The puzzle as a user would write it.
fn toml(case: &Case) -> String {
    let list = |cells: &mut dyn Iterator<Item = Point>| {
        cells
            .map(|c| point_text(c, case.flat))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut text = format!(
        "[board]\ncells = [{}]\n",
        list(&mut case.cells.iter().map(|c| c.0))
    );
    if case.cells.iter().any(|c| c.1) {
        let optional = list(&mut case.cells.iter().filter(|c| c.1).map(|c| c.0));
        text += &format!("optional = [{optional}]\n");
    }
    text += &format!(
        "[rules]\nrotations = \"{}\"\nmirror = {}\n",
        case.turns.name(),
        case.mirror
    );
    if let Some(fill) = case.fill {
        text += &format!("fill = \"{fill}\"\n");
    }
    for (k, p) in case.pieces.iter().enumerate() {
        text += &format!("[[piece]]\nname = \"p{k}\"\n");
        text += &format!("cells = [{}]\n", list(&mut p.cells.iter().copied()));
        if p.fixed {
            text += &format!("count = {}\n", p.min);
        } else {
            text += &format!("count = \"{}..{}\"\n", p.min, p.max);
        }
        if let Some(t) = p.turns {
            text += &format!("rotations = \"{}\"\n", t.name());
        }
    }
    text
}

// ---- the brute force ----------------------------------------------------

type Matrix = [[i32; 3]; 3];

fn det(m: &Matrix) -> i32 {
    m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
        - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
        + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
}

const MIRROR_X: Matrix = [[-1, 0, 0], [0, 1, 0], [0, 0, 1]];
const IDENTITY: Matrix = [[1, 0, 0], [0, 1, 0], [0, 0, 1]];

/// The motions a piece may make, as the format's `rotations` and
/// `mirror` define them: in space any turn (on a flat board, one that
/// keeps it lying flat, turned over or not), in the plane turns about
/// the z axis, none at all; mirror images on top when allowed.
fn piece_moves(turns: Turns, mirror: bool, flat: bool) -> Vec<Matrix> {
    let handed = |m: &Matrix| mirror || det(m) == 1;
    match turns {
        Turns::Space => motions(false, flat).into_iter().filter(handed).collect(),
        Turns::Plane => motions(false, true)
            .into_iter()
            .filter(|m| handed(m) && m[2][2] == 1)
            .collect(),
        Turns::None if mirror => vec![IDENTITY, MIRROR_X],
        Turns::None => vec![IDENTITY],
    }
}

/// The distinct ways a piece lies, each its sorted cells from the origin.
fn orientations(p: &PieceSpec, turns: Turns, mirror: bool, flat: bool) -> BTreeSet<Vec<Point>> {
    piece_moves(p.turns.unwrap_or(turns), mirror, flat)
        .iter()
        .map(|m| {
            let image: Vec<Point> = p.cells.iter().map(|&c| apply(m, c)).collect();
            normalize(&image).into_iter().collect()
        })
        .collect()
}

/// A solution: each placed piece with its sorted cells, sorted.
type Placed = Vec<(usize, Vec<Point>)>;

struct Brute<'a> {
    case: &'a Case,
    /// Board cells in order, and whether each may stay empty.
    order: Vec<Point>,
    may_stay_empty: Vec<bool>,
    /// Per board cell (by order): the placements whose first cell it is.
    starting: Vec<Vec<(usize, Vec<usize>)>>,
    full: Vec<bool>,
    used: Vec<u32>,
    placed: Vec<(usize, Vec<usize>)>,
    found: Vec<Placed>,
}

/// Whether the case's fill lets holes stay: `partial`, or left to the
/// areas when the pieces cannot cover every cell that must be covered.
fn partial(case: &Case) -> bool {
    match case.fill {
        Some(f) => f == "partial",
        None => {
            let most: usize = case
                .pieces
                .iter()
                .map(|p| p.cells.len() * p.max as usize)
                .sum();
            most < case.cells.iter().filter(|c| !c.1).count()
        }
    }
}

impl Brute<'_> {
    fn new(case: &Case) -> Brute<'_> {
        let mut board: Vec<(Point, bool)> = case.cells.clone();
        board.sort();
        let order: Vec<Point> = board.iter().map(|c| c.0).collect();
        let index: BTreeMap<Point, usize> =
            order.iter().enumerate().map(|(i, &c)| (c, i)).collect();
        let holes_allowed = partial(case);
        let mut starting = vec![Vec::new(); order.len()];
        for (k, p) in case.pieces.iter().enumerate() {
            for shape in orientations(p, case.turns, case.mirror, case.flat) {
                // Every shift that lays its first cell on a board cell.
                for &at in &order {
                    let cells: Option<Vec<usize>> = shape
                        .iter()
                        .map(|c| [0, 1, 2].map(|a| c[a] - shape[0][a] + at[a]))
                        .map(|c| index.get(&c).copied())
                        .collect();
                    if let Some(mut cells) = cells {
                        cells.sort_unstable();
                        starting[cells[0]].push((k, cells));
                    }
                }
            }
        }
        // Two orientations never give the same cells; one shift, once.
        for list in &mut starting {
            list.sort();
            list.dedup();
        }
        Brute {
            case,
            may_stay_empty: board.iter().map(|c| holes_allowed || c.1).collect(),
            full: vec![false; order.len()],
            used: vec![0; case.pieces.len()],
            order,
            starting,
            placed: Vec::new(),
            found: Vec::new(),
        }
    }

    /// Every way to decide the cells from `from` on: each stays empty
    /// when it may, or is the first cell of a placement that fits.
    fn fill(&mut self, from: usize) {
        let Some(at) = (from..self.order.len()).find(|&i| !self.full[i]) else {
            let pieces = &self.case.pieces;
            if self.used.iter().zip(pieces).all(|(&n, p)| n >= p.min) {
                let mut s: Placed = self
                    .placed
                    .iter()
                    .map(|(k, cells)| (*k, cells.iter().map(|&i| self.order[i]).collect()))
                    .collect();
                s.sort();
                self.found.push(s);
            }
            return;
        };
        if self.may_stay_empty[at] {
            self.full[at] = true;
            self.fill(at + 1);
            self.full[at] = false;
        }
        for j in 0..self.starting[at].len() {
            let (k, cells) = self.starting[at][j].clone();
            if self.used[k] >= self.case.pieces[k].max || cells.iter().any(|&c| self.full[c]) {
                continue;
            }
            cells.iter().for_each(|&c| self.full[c] = true);
            self.used[k] += 1;
            self.placed.push((k, cells.clone()));
            self.fill(at + 1);
            self.placed.pop();
            self.used[k] -= 1;
            cells.iter().for_each(|&c| self.full[c] = false);
        }
    }
}

/// The board's symmetries as the format defines them: motions (in the
/// plane for a flat board) mapping the board onto itself, optional cells
/// onto optional cells, and each piece's set of orientations onto that of
/// a piece with the same count; each with its shift back onto the board
/// and its permutation of the pieces.
fn symmetries(case: &Case) -> Vec<(Matrix, Point, Vec<usize>)> {
    let kinds: BTreeSet<(Point, bool)> = case.cells.iter().copied().collect();
    let lo = |s: &mut dyn Iterator<Item = Point>| {
        s.fold([i32::MAX; 3], |lo, c| [0, 1, 2].map(|a| lo[a].min(c[a])))
    };
    let board_lo = lo(&mut case.cells.iter().map(|c| c.0));
    let looks: Vec<BTreeSet<Vec<Point>>> = case
        .pieces
        .iter()
        .map(|p| orientations(p, case.turns, case.mirror, case.flat))
        .collect();
    let mut out = Vec::new();
    for m in motions(false, case.flat) {
        if case.flat && m[2][2] != 1 {
            continue;
        }
        let image_lo = lo(&mut case.cells.iter().map(|c| apply(&m, c.0)));
        let shift = [0, 1, 2].map(|a| board_lo[a] - image_lo[a]);
        let moved: BTreeSet<(Point, bool)> = case
            .cells
            .iter()
            .map(|&(c, o)| {
                let t = apply(&m, c);
                ([0, 1, 2].map(|a| t[a] + shift[a]), o)
            })
            .collect();
        if moved != kinds {
            continue;
        }
        let perm: Option<Vec<usize>> = looks
            .iter()
            .enumerate()
            .map(|(k, set)| {
                let image: BTreeSet<Vec<Point>> = set
                    .iter()
                    .map(|s| {
                        let cells: Vec<Point> = s.iter().map(|&c| apply(&m, c)).collect();
                        normalize(&cells).into_iter().collect()
                    })
                    .collect();
                let same_count = |q: usize| {
                    let (a, b) = (&case.pieces[k], &case.pieces[q]);
                    (a.min, a.max) == (b.min, b.max)
                };
                (0..looks.len()).find(|&q| looks[q] == image && same_count(q))
            })
            .collect();
        if let Some(perm) = perm {
            out.push((m, shift, perm));
        }
    }
    out
}

/// (count on a fixed board, classes up to the board's symmetries).
fn brute_force(case: &Case) -> (u64, u64) {
    let mut brute = Brute::new(case);
    brute.fill(0);
    let group = symmetries(case);
    let classes: BTreeSet<Placed> = brute
        .found
        .iter()
        .map(|s| {
            group
                .iter()
                .map(|(m, shift, perm)| {
                    let mut image: Placed = s
                        .iter()
                        .map(|(k, cells)| {
                            let mut moved: Vec<Point> = cells
                                .iter()
                                .map(|&c| {
                                    let t = apply(m, c);
                                    [0, 1, 2].map(|a| t[a] + shift[a])
                                })
                                .collect();
                            moved.sort();
                            (perm[*k], moved)
                        })
                        .collect();
                    image.sort();
                    image
                })
                .min()
                .expect("the identity is a symmetry")
        })
        .collect();
    (brute.found.len() as u64, classes.len() as u64)
}

// ---- the engines -------------------------------------------------------

/// One way jigsat may count: the options, and whether it may refuse the
/// puzzle (an engine named that cannot take it; the plan never refuses).
struct Way {
    name: &'static str,
    options: Options,
    may_refuse: bool,
}

fn ways(symmetry: bool, threads: usize) -> Vec<Way> {
    let with = |solver: &str| Options {
        solver: solver.parse::<SolverChoice>().expect("a known engine"),
        symmetry,
        jobs: Some(threads),
        ..Options::default()
    };
    let way = |name, options, may_refuse| Way {
        name,
        options,
        may_refuse,
    };
    vec![
        way("auto", with("auto"), false),
        way("dlx", with("dlx"), true),
        way("first-cell", with("first-cell"), true),
        way("varisat", with("varisat"), false),
        way("cadical", with("cadical"), false),
        way(
            "order",
            Options {
                model: Model::Order,
                ..with("varisat")
            },
            true,
        ),
        way(
            "burnside",
            Options {
                burnside: true,
                ..with("auto")
            },
            true,
        ),
    ]
}

/// What a run of cases covered: cases counted (refused by the parser
/// when the areas cannot add up), with solutions, with holes allowed and
/// optional pieces, and per way the cases it answered.
#[derive(Default, Debug)]
struct Tally {
    parsed: u64,
    solved: u64,
    partial_with_optional_pieces: u64,
    answered: BTreeMap<&'static str, u64>,
}

/// Runs one random case through every way and the brute force; a
/// message naming the seed, the puzzle and every disagreement when they
/// differ.
fn check_case(seed: u64, tally: &mut Tally) -> Result<(), String> {
    let mut rng = Rng(seed);
    let case = generate(&mut rng);
    let (symmetry, threads) = (rng.chance(50), 1 + rng.below(2));
    compare(&case, &format!("seed {seed}"), symmetry, threads, tally)
}

/// Counts `case` every way and by brute force; `Err` names the case
/// (`label`), the puzzle and every way that disagreed.
fn compare(
    case: &Case,
    label: &str,
    symmetry: bool,
    threads: usize,
    tally: &mut Tally,
) -> Result<(), String> {
    let text = toml(case);
    let expected = brute_force(case);
    let fail = |what: String| Err(format!("{label}: {what}\n--- puzzle ---\n{text}"));
    let puzzle = match Puzzle::parse(&text, "random.toml", "random") {
        Ok(p) => p,
        // Refused: the areas cannot add up, so there is nothing to count.
        Err(why) if expected.0 == 0 => {
            if std::env::var("JIGSAT_DIFF_WHY").is_ok() {
                eprintln!("{label}: {why}");
            }
            return Ok(());
        }
        Err(why) => return fail(format!("refused ({why}), brute force {expected:?}")),
    };
    tally.parsed += 1;
    tally.solved += u64::from(expected.0 > 0);
    let optional_piece = case.pieces.iter().any(|p| p.min == 0);
    tally.partial_with_optional_pieces += u64::from(partial(case) && optional_piece);
    let mut wrong = Vec::new();
    for way in ways(symmetry, threads) {
        match jigsat::internal::enumerate(&puzzle, &way.options, &mut |_| {}) {
            Ok((found, _)) if !found.complete => wrong.push(format!("{}: incomplete", way.name)),
            Ok((found, _)) if (found.count, found.distinct) != expected => wrong.push(format!(
                "{}: count {} distinct {}",
                way.name, found.count, found.distinct
            )),
            Ok(_) => *tally.answered.entry(way.name).or_default() += 1,
            Err(Error::Usage(_)) if way.may_refuse => {}
            Err(why) => wrong.push(format!("{}: error {why}", way.name)),
        }
    }
    if wrong.is_empty() {
        Ok(())
    } else {
        fail(format!(
            "brute force count {} distinct {} (symmetry {symmetry}, {threads} threads); {}",
            expected.0,
            expected.1,
            wrong.join("; ")
        ))
    }
}

fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn run_cases(default_cases: u64) {
    let seed = env_or("JIGSAT_DIFF_SEED", 35_000);
    let cases = env_or("JIGSAT_DIFF_CASES", default_cases);
    let mut tally = Tally::default();
    let failures: Vec<String> = (seed..seed + cases)
        .filter_map(|s| check_case(s, &mut tally).err())
        .take(5)
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    eprintln!("{cases} cases from seed {seed}: {tally:?}");
    // The cases must reach what they are for: puzzles with solutions,
    // holes with optional pieces, and every way answering some.
    if cases >= 100 {
        assert!(tally.solved * 2 >= tally.parsed, "{tally:?}");
        assert!(
            tally.partial_with_optional_pieces * 10 >= cases,
            "{tally:?}"
        );
        for way in ways(true, 1) {
            let answered = tally.answered.get(way.name).copied().unwrap_or(0);
            assert!(answered * 20 >= cases, "{}: {tally:?}", way.name);
        }
    }
}

#[test]
fn every_engine_counts_random_small_puzzles_as_the_brute_force_does() {
    run_cases(300);
}

#[test]
#[ignore = "thousands of cases: run in release (cargo test --release -- --ignored)"]
fn every_engine_counts_thousands_of_random_puzzles_as_the_brute_force_does() {
    run_cases(4_000);
}

// ---- the reproductions of issue #35, item 1 ---------------------------

/// A flat piece's cells, and its least and most uses.
type DrawnPiece<'a> = (&'a [(i32, i32)], u32, u32);

/// A flat case from a board drawn with `#` (a cell), `?` (an optional
/// cell) and `.`, and pieces (cells, min, max), turning in space.
fn drawn(board: &str, fill: Option<&'static str>, pieces: &[DrawnPiece]) -> Case {
    let cells = board
        .lines()
        .enumerate()
        .flat_map(|(y, row)| {
            row.chars()
                .enumerate()
                .filter(|&(_, c)| c != '.')
                .map(move |(x, c)| ([x as i32, y as i32, 0], c == '?'))
        })
        .collect();
    let pieces = pieces
        .iter()
        .map(|&(cells, min, max)| PieceSpec {
            cells: cells.iter().map(|&(x, y)| [x, y, 0]).collect(),
            min,
            max,
            fixed: min == max,
            turns: None,
        })
        .collect();
    Case {
        cells,
        flat: true,
        turns: Turns::Space,
        mirror: false,
        fill,
        pieces,
    }
}

const MONOMINO: &[(i32, i32)] = &[(0, 0)];
const DOMINO: &[(i32, i32)] = &[(0, 0), (1, 0)];

/// Every way against the brute force, with and without symmetry
/// breaking, on one and two threads.
fn agree(case: &Case, label: &str) {
    for (symmetry, threads) in [(true, 1), (false, 1), (true, 2)] {
        let mut tally = Tally::default();
        compare(case, label, symmetry, threads, &mut tally).unwrap_or_else(|e| panic!("{e}"));
        // The ways that must answer did.
        for way in ["auto", "dlx", "varisat", "cadical"] {
            assert_eq!(tally.answered.get(way), Some(&1), "{label}: {way}");
        }
    }
}

#[test]
fn optional_pieces_on_a_board_with_holes_allowed() {
    // 3 x 1, fill = "partial", a domino and a monomino each 0..1: dlx
    // found the empty board alone (1 / 1) where the truth is 8 / 5.
    let case = drawn("###", Some("partial"), &[(DOMINO, 0, 1), (MONOMINO, 0, 1)]);
    assert_eq!(brute_force(&case), (8, 5));
    agree(&case, "3 x 1 partial");
}

#[test]
fn an_optional_piece_on_an_optional_cell() {
    // A domino, and a 0..1 monomino that may lie on the optional cell
    // alone: dlx 2, SAT 3.
    let case = drawn("##?", None, &[(DOMINO, 1, 1), (MONOMINO, 0, 1)]);
    assert_eq!(brute_force(&case).0, 3);
    agree(&case, "one optional cell");
}

#[test]
fn ranges_on_a_board_the_pieces_cannot_fill() {
    // 4 x 2 with count ranges and no [rules]: the pieces cover at most 7
    // of 8 cells, so holes are allowed, and every piece is optional.
    let square: &[(i32, i32)] = &[(0, 0), (1, 0), (0, 1), (1, 1)];
    let tromino: &[(i32, i32)] = &[(0, 0), (1, 0), (0, 1)];
    let case = drawn("####\n####", None, &[(square, 0, 1), (tromino, 0, 1)]);
    assert!(brute_force(&case).0 > 1);
    agree(&case, "4 x 2 with ranges");
}

// ---- edge-matching tiles ----------------------------------------------

/// A random tile puzzle: the board, the rules, and tiles (edges top,
/// right, bottom, left; count), the counts filling the board.
struct TileCase {
    width: usize,
    height: usize,
    complement: bool,
    border: Option<String>,
    turns: bool,
    tiles: Vec<(Vec<String>, u32)>,
}

fn tile_case(rng: &mut Rng) -> TileCase {
    let (width, height) = (1 + rng.below(3), 1 + rng.below(3));
    let complement = rng.chance(30);
    let border = rng.chance(40).then(|| "0".to_string());
    let labels: Vec<String> = if complement {
        ["a+", "a-", "b+", "b-"].map(String::from).to_vec()
    } else {
        ["a", "b", "c"].map(String::from).to_vec()
    };
    let mut tiles: Vec<(Vec<String>, u32)> = Vec::new();
    let mut left = (width * height) as u32;
    while left > 0 {
        let edges: Vec<String> = (0..4)
            .map(|_| match &border {
                Some(b) if rng.chance(35) => b.clone(),
                _ => labels[rng.below(labels.len())].clone(),
            })
            .collect();
        let n = (1 + rng.below(2) as u32).min(left);
        left -= n;
        // A tile that looks like another (turned) is that one, again.
        match tiles.iter_mut().find(|(e, _)| same_tile(e, &edges)) {
            Some(t) => t.1 += n,
            None => tiles.push((edges, n)),
        }
    }
    TileCase {
        width,
        height,
        complement,
        border,
        turns: rng.chance(75),
        tiles,
    }
}

/// The edges as they lie after `r` quarter turns clockwise (the top then
/// shows what was on the left).
fn turn(edges: &[String], r: usize) -> Vec<String> {
    (0..4).map(|d| edges[(d + 4 - r) % 4].clone()).collect()
}

fn same_tile(a: &[String], b: &[String]) -> bool {
    (0..4).any(|r| turn(a, r) == b)
}

fn tile_toml(case: &TileCase) -> String {
    let mut text = format!(
        "[board]\nsize = [{}, {}]\n[rules]\nmatch = \"{}\"\nrotations = \"{}\"\n",
        case.width,
        case.height,
        if case.complement {
            "complement"
        } else {
            "equal"
        },
        if case.turns { "plane" } else { "none" },
    );
    if let Some(b) = &case.border {
        text += &format!("border = \"{b}\"\n");
    }
    for (k, (edges, n)) in case.tiles.iter().enumerate() {
        let quoted: Vec<String> = edges.iter().map(|e| format!("\"{e}\"")).collect();
        text += &format!(
            "[[tile]]\nname = \"t{k}\"\nedges = [{}]\ncount = {n}\n",
            quoted.join(", ")
        );
    }
    text
}

/// Whether an edge showing `a` may touch one showing `b`.
fn fits(a: &str, b: &str, complement: bool) -> bool {
    if !complement {
        return a == b;
    }
    let (sa, sb) = (&a[..a.len() - 1], &b[..b.len() - 1]);
    sa == sb && a.ends_with('+') != b.ends_with('+')
}

/// Solutions on a fixed board, each a distinct look of the board: per
/// position, row by row, a tile with copies left in one of its distinct
/// looks whose edges fit the neighbours placed and the frame.
fn tile_brute_force(case: &TileCase) -> u64 {
    let looks: Vec<BTreeSet<Vec<String>>> = case
        .tiles
        .iter()
        .map(|(e, _)| {
            (0..if case.turns { 4 } else { 1 })
                .map(|r| turn(e, r))
                .collect()
        })
        .collect();
    let mut left: Vec<u32> = case.tiles.iter().map(|t| t.1).collect();
    let mut board: Vec<Vec<String>> = Vec::new();
    tile_fill(case, &looks, &mut left, &mut board)
}

fn tile_fill(
    case: &TileCase,
    looks: &[BTreeSet<Vec<String>>],
    left: &mut [u32],
    board: &mut Vec<Vec<String>>,
) -> u64 {
    let p = board.len();
    if p == case.width * case.height {
        return 1;
    }
    let (x, y) = (p % case.width, p / case.width);
    let mut total = 0;
    for t in 0..looks.len() {
        if left[t] == 0 {
            continue;
        }
        for look in &looks[t] {
            if !tile_fits(case, board, look, x, y) {
                continue;
            }
            left[t] -= 1;
            board.push(look.clone());
            total += tile_fill(case, looks, left, board);
            board.pop();
            left[t] += 1;
        }
    }
    total
}

/// Whether `look` fits at (x, y): its top and left edges against the
/// tiles there or the frame, its bottom and right against the frame.
fn tile_fits(case: &TileCase, board: &[Vec<String>], look: &[String], x: usize, y: usize) -> bool {
    let frame = |d: usize, on_frame: bool| match &case.border {
        Some(b) if on_frame => &look[d] == b,
        Some(b) => &look[d] != b,
        None => true,
    };
    let top = y == 0
        || fits(
            &look[0],
            &board[board.len() - case.width][2],
            case.complement,
        );
    let left = x == 0 || fits(&look[3], &board[board.len() - 1][1], case.complement);
    top && left
        && frame(0, y == 0)
        && frame(3, x == 0)
        && frame(1, x + 1 == case.width)
        && frame(2, y + 1 == case.height)
}

/// Every engine against every other (count and distinct) and against the
/// brute force (count on a fixed board).
fn check_tiles(seed: u64, answered: &mut BTreeMap<&'static str, u64>) -> Result<(), String> {
    let mut rng = Rng(seed);
    let case = tile_case(&mut rng);
    let text = tile_toml(&case);
    let expected = tile_brute_force(&case);
    let fail = |what: String| Err(format!("tiles seed {seed}: {what}\n--- puzzle ---\n{text}"));
    let puzzle = match Puzzle::parse(&text, "tiles.toml", "tiles") {
        Ok(p) => p,
        Err(why) => return fail(format!("refused: {why}")),
    };
    if expected > 0 {
        *answered.entry("(with solutions)").or_default() += 1;
    }
    let symmetry = rng.chance(50);
    let mut seen: Vec<(&str, (u64, u64))> = Vec::new();
    for name in ["auto", "row-scan", "dlx", "varisat", "cadical"] {
        let options = Options {
            solver: name.parse::<SolverChoice>().expect("a known engine"),
            symmetry,
            jobs: Some(1 + rng.below(2)),
            ..Options::default()
        };
        match jigsat::internal::enumerate(&puzzle, &options, &mut |_| {}) {
            Ok((found, _)) if found.complete => {
                seen.push((name, (found.count, found.distinct)));
                *answered.entry(name).or_default() += 1;
            }
            Ok(_) => return fail(format!("{name}: incomplete")),
            // dlx takes one tile with copies at most (its count implied).
            Err(Error::Usage(_)) if name == "row-scan" || name == "dlx" => {}
            Err(why) => return fail(format!("{name}: error {why}")),
        }
    }
    let agree = seen.iter().all(|(_, c)| *c == seen[0].1 && c.0 == expected);
    if agree {
        Ok(())
    } else {
        fail(format!(
            "brute force count {expected}; {seen:?} (symmetry {symmetry})"
        ))
    }
}

fn run_tile_cases(default_cases: u64) {
    let seed = env_or("JIGSAT_DIFF_SEED", 35_000);
    let cases = env_or("JIGSAT_DIFF_CASES", default_cases);
    let mut answered = BTreeMap::new();
    let failures: Vec<String> = (seed..seed + cases)
        .filter_map(|s| check_tiles(s, &mut answered).err())
        .take(5)
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    eprintln!("{cases} tile cases from seed {seed}: answered {answered:?}");
    // Boards with solutions, and every engine answering some.
    if cases >= 100 {
        for key in [
            "(with solutions)",
            "auto",
            "row-scan",
            "dlx",
            "varisat",
            "cadical",
        ] {
            let n = answered.get(key).copied().unwrap_or(0);
            assert!(n * 5 >= cases, "{key}: {answered:?}");
        }
    }
}

#[test]
fn every_engine_counts_random_tile_boards_as_the_brute_force_does() {
    run_tile_cases(150);
}

#[test]
#[ignore = "thousands of cases: run in release (cargo test --release -- --ignored)"]
fn every_engine_counts_thousands_of_random_tile_boards_as_the_brute_force_does() {
    run_tile_cases(2_000);
}
