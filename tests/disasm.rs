//! Disassembly: BurrTools' figures on its own example files, a
//! differential test against `burrTxt -d` on random interlocking puzzles,
//! the plans checked by replaying them voxel by voxel (written here, not
//! taken from jigsat), invariance under reordering and turning the
//! pieces, and the refusals.
//!
//! The BurrTools files and program are shared test data outside the
//! repository (`../shared/burrtools`, `../shared/peers/burrTxt`); when
//! they are absent the checks that need them print one line and pass,
//! unless JIGSAT_REQUIRE_TOOLS=1 makes that a failure.

mod common;

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::Command;

use common::{assert_success, jigsat};
use serde_json::Value;

use common::Point;

fn shared(rel: &str) -> Option<PathBuf> {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared")
        .join(rel);
    if p.exists() {
        return Some(p);
    }
    if std::env::var("JIGSAT_REQUIRE_TOOLS").is_ok_and(|v| v == "1") {
        panic!(
            "{} is required (JIGSAT_REQUIRE_TOOLS=1) but absent",
            p.display()
        );
    }
    eprintln!("skipped: {} is not there", p.display());
    None
}

fn example(name: &str) -> Option<PathBuf> {
    shared(&format!("burrtools/{name}.xmpuzzle"))
}

/// `jigsat ARGS` with JSON output, parsed; asserts exit 0.
fn json_of(args: &[&str]) -> Value {
    let out = jigsat()
        .args(args)
        .args(["--format", "json", "-q"])
        .output()
        .unwrap();
    assert_success(&out);
    serde_json::from_slice(&out.stdout).unwrap()
}

/// `jigsat solve FILE -q`'s text; asserts exit 0.
fn solve_text(file: &Path) -> String {
    let out = jigsat()
        .args(["solve", file.to_str().unwrap(), "-q"])
        .output()
        .unwrap();
    assert_success(&out);
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// `count FILE --disassemble`: (assemblies, come apart, levels).
fn disassembled(file: &Path, extra: &[&str]) -> (u64, u64, BTreeMap<String, u64>) {
    let mut args = vec!["count", file.to_str().unwrap(), "--disassemble"];
    args.extend(extra);
    let doc = json_of(&args);
    let d = &doc["disassembly"];
    let levels = d["levels"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(k, v)| (k.clone(), v.as_u64().unwrap()))
        .collect();
    assert_eq!(
        d["assemblies"], doc["distinct"],
        "every distinct assembly is taken apart"
    );
    (
        d["assemblies"].as_u64().unwrap(),
        d["come_apart"].as_u64().unwrap(),
        levels,
    )
}

/// What `burrTxt -d FILE` says: (assemblies, solutions, levels in order).
fn burrtxt(file: &Path) -> Option<(u64, u64, Vec<String>)> {
    burrtxt_problem(file, "0")
}

/// `burrTxt -d -o PROBLEM FILE`, as [`burrtxt`].
fn burrtxt_problem(file: &Path, problem: &str) -> Option<(u64, u64, Vec<String>)> {
    let tool = shared("peers/burrTxt")?;
    let out = Command::new(tool)
        .args(["-d", "-o", problem])
        .arg(file)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let levels = text
        .lines()
        .filter_map(|l| l.strip_prefix("level: "))
        .map(|l| l.trim().to_string())
        .collect();
    let totals = text.lines().find(|l| l.contains(" assemblies and "))?;
    let words: Vec<&str> = totals.split_whitespace().collect();
    Some((words[0].parse().ok()?, words[3].parse().ok()?, levels))
}

fn histogram(levels: &[String]) -> BTreeMap<String, u64> {
    let mut h = BTreeMap::new();
    for l in levels {
        *h.entry(l.clone()).or_default() += 1;
    }
    h
}

/// The published figures (DISASSEMBLY.md), checked against jigsat and,
/// when it is there, against burrTxt itself.
fn figures(name: &str, assemblies: u64, levels: &[(&str, u64)]) {
    let Some(file) = example(name) else { return };
    let want: BTreeMap<String, u64> = levels.iter().map(|(l, n)| (l.to_string(), *n)).collect();
    let come_apart: u64 = want.values().sum();
    if let Some((a, s, l)) = burrtxt(&file) {
        assert_eq!(
            (a, s, histogram(&l)),
            (assemblies, come_apart, want.clone()),
            "burrTxt on {name}"
        );
    }
    assert_eq!(
        disassembled(&file, &[]),
        (assemblies, come_apart, want),
        "jigsat on {name}"
    );
}

#[test]
fn pelikan_burr() {
    figures("PelikanBurr", 12, &[("98.2.4.2", 1)]);
}

/// `--solution N` names the same assembly on every run, and it is the
/// N-th of `--all`: assemblies are numbered in the order one search
/// thread finds them, however many threads take them apart. (With the
/// threads racing, SolidSixPieceBurrs' 588 came in a new order each run.)
#[test]
#[ignore = "release: SolidSixPieceBurrs taken apart whole, twice"]
fn assembly_numbers_are_the_same_on_every_run() {
    let Some(file) = example("SolidSixPieceBurrs") else {
        return;
    };
    let file = file.to_str().unwrap();
    let all = |run: usize| {
        let doc = json_of(&["disasm", file, "--all", "-j", "2"]);
        let solutions = doc["solutions"].as_array().unwrap().clone();
        assert_eq!(solutions.len(), 588, "run {run}");
        solutions
    };
    let (first, second) = (all(1), all(2));
    assert_eq!(first, second, "the two runs numbered the assemblies alike");
    for n in [1, 7, 300, 588] {
        let one = json_of(&["disasm", file, "--solution", &n.to_string(), "-j", "2"]);
        assert_eq!(one["solutions"][0], first[n - 1], "--solution {n}");
    }
}

#[test]
fn cube_in_cage_keeps_its_cage_together() {
    figures("CubeInCage", 96, &[("4.9.3", 1)]);
}

#[test]
fn draculas_dental_desaster() {
    figures("DraculasDentalDesaster", 84, &[("3.5.16.6.4", 1)]);
}

#[test]
fn al_packino() {
    figures("AlPackino", 1, &[("1.1.1.1.1.2.1.3.1.2.1.2", 1)]);
}

#[test]
#[ignore = "heavy: 588 assemblies; run with --release -- --ignored"]
fn solid_six_piece_burrs() {
    figures("SolidSixPieceBurrs", 588, &[("1", 148), ("1.2", 31)]);
}

/// Every problem of the cube-grid examples besides the ones above:
/// jigsat's come-apart count and levels are burrTxt's (`-o N`), and the
/// assemblies are counts.tsv's. DemoPieceGenerator has one assembly of a
/// single piece (none of its optional cubes), which is not a solution.
#[test]
fn every_cube_grid_example_as_burrtxt() {
    let Some(tsv) = shared("burrtools/counts.tsv") else {
        return;
    };
    let tsv = std::fs::read_to_string(tsv).unwrap();
    let mut seen = 0;
    for row in tsv.lines().skip(1) {
        let f: Vec<&str> = row.split('\t').collect();
        let name = f[0].trim_end_matches(".xmpuzzle");
        if f[3] != "0" || !["DemoMirrorParadox", "DemoPieceGenerator"].contains(&name) {
            continue;
        }
        let Some(file) = example(name) else { return };
        let (problem, assemblies) = (f[1], f[7].parse::<u64>().unwrap());
        let ours = disassembled(&file, &["--problem", problem]);
        assert_eq!(ours.0, assemblies, "{name} problem {problem}: counts.tsv");
        if let Some((a, s, levels)) = burrtxt_problem(&file, problem) {
            assert_eq!(ours, (a, s, histogram(&levels)), "{name} problem {problem}");
        }
        seen += 1;
    }
    assert_eq!(
        seen, 3,
        "DemoMirrorParadox's two problems and DemoPieceGenerator's"
    );
    if let Some(file) = example("DemoPieceGenerator") {
        assert_eq!(disassembled(&file, &[]).1, 927, "DemoPieceGenerator");
    }
}

// ---------------------------------------------------------------------
// Replaying a plan, independently of jigsat.

/// Checks a plan of `disasm --format json`: every move slides its pieces
/// one unit at a time with no two pieces ever sharing a cell, and every
/// removal takes pieces that meet nothing on the way to infinity. Each
/// part is taken apart in turn, so the pieces removed are set aside (they
/// are tested against nothing but their own part later). Returns the
/// number of separations.
fn replay(solution: &Value) -> usize {
    let names: Vec<String> = solution["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["piece"].as_str().unwrap().to_string())
        .collect();
    let mut cells: Vec<Vec<Point>> = solution["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            p["cells"]
                .as_array()
                .unwrap()
                .iter()
                .map(common::point)
                .collect()
        })
        .collect();
    // Parts: a label per piece; a separation gives the removed pieces a
    // new label. Pieces of one name are interchangeable, so a move names
    // pieces by name and the replay picks which copies by trying.
    let mut part = vec![0usize; names.len()];
    let mut parts = 1;
    let mut separations = 0;
    for m in solution["moves"].as_array().unwrap() {
        let movers: Vec<&str> = m["pieces"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_str().unwrap())
            .collect();
        let dir = m["direction"].as_str().unwrap();
        let axis = (dir.as_bytes()[1] - b'x') as usize;
        let sign = if dir.starts_with('+') { 1 } else { -1 };
        let distance = m["distance"].as_i64().unwrap() as i32;
        let separates = m["separates"].as_bool().unwrap();
        // The pieces by their indices into the solution's list, checked
        // as the only candidates; without indices, the named pieces
        // within one part.
        let chosen = match m["indices"].as_array() {
            Some(ix) => {
                let ix: Vec<usize> = ix.iter().map(|i| i.as_u64().unwrap() as usize).collect();
                let named: Vec<&str> = ix.iter().map(|&i| names[i].as_str()).collect();
                assert_eq!(named, movers, "indices and names of {m}");
                let only: Vec<String> = (0..names.len())
                    .map(|i| {
                        if ix.contains(&i) {
                            names[i].clone()
                        } else {
                            format!("{}\u{0}other", names[i])
                        }
                    })
                    .collect();
                choose(
                    &only, &part, &movers, &cells, axis, sign, distance, separates,
                )
            }
            None => choose(
                &names, &part, &movers, &cells, axis, sign, distance, separates,
            ),
        }
        .unwrap_or_else(|| panic!("no pieces named {movers:?} can make the move {m}"));
        for &i in &chosen {
            for c in &mut cells[i] {
                c[axis] += sign * distance;
            }
        }
        if separates {
            separations += 1;
            for &i in &chosen {
                part[i] = parts;
            }
            parts += 1;
        }
    }
    separations
}

/// Pieces with the given names (as a multiset) within one part that can
/// make the move; `None` when none can.
#[allow(clippy::too_many_arguments)]
fn choose(
    names: &[String],
    part: &[usize],
    movers: &[&str],
    cells: &[Vec<Point>],
    axis: usize,
    sign: i32,
    distance: i32,
    separates: bool,
) -> Option<Vec<usize>> {
    let n = names.len();
    for p in 0..part.iter().max().unwrap() + 1 {
        let members: Vec<usize> = (0..n).filter(|&i| part[i] == p).collect();
        // Every way to pick the named pieces among the members.
        let mut picks: Vec<Vec<usize>> = vec![Vec::new()];
        for name in movers {
            let mut next = Vec::new();
            for pick in &picks {
                for &i in &members {
                    if names[i] == *name
                        && !pick.contains(&i)
                        && pick.last().is_none_or(|&l| names[l] != *name || l < i)
                    {
                        let mut q = pick.clone();
                        q.push(i);
                        next.push(q);
                    }
                }
            }
            picks = next;
        }
        for pick in picks {
            let rest: BTreeSet<Point> = members
                .iter()
                .filter(|i| !pick.contains(i))
                .flat_map(|&i| cells[i].iter().copied())
                .collect();
            if rest.is_empty() {
                continue;
            }
            // A removal must get past everything: far enough to clear
            // the rest's extent along the axis.
            let steps = if separates { 1000 } else { distance };
            let clear = (1..=steps).all(|k| {
                pick.iter().all(|&i| {
                    cells[i].iter().all(|c| {
                        let mut d = *c;
                        d[axis] += sign * k;
                        !rest.contains(&d)
                    })
                })
            });
            let far_enough = !separates || {
                let lo = rest.iter().map(|c| c[axis]).min().unwrap();
                let hi = rest.iter().map(|c| c[axis]).max().unwrap();
                pick.iter().all(|&i| {
                    cells[i].iter().all(|c| {
                        let v = c[axis] + sign * distance;
                        v < lo || v > hi
                    })
                })
            };
            if clear && far_enough {
                return Some(pick);
            }
        }
    }
    None
}

#[test]
fn pelikan_plan_replays_move_by_move() {
    let Some(file) = example("PelikanBurr") else {
        return;
    };
    let doc = json_of(&["disasm", file.to_str().unwrap(), "--all"]);
    let apart: Vec<&Value> = doc["solutions"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["comes_apart"] == true)
        .collect();
    assert_eq!(apart.len(), 1);
    let s = apart[0];
    assert_eq!(s["level"], "98.2.4.2");
    assert_eq!(replay(s), 6, "seven pieces, six separations");
    let moves = s["moves"].as_array().unwrap().len();
    // 98 + 2 + 4 + 2 and two single removals.
    assert_eq!(moves, 98 + 2 + 4 + 2 + 1 + 1);
}

#[test]
fn draculas_and_cage_plans_replay() {
    for (name, level) in [
        ("DraculasDentalDesaster", "3.5.16.6.4"),
        ("CubeInCage", "4.9.3"),
        ("AlPackino", "1.1.1.1.1.2.1.3.1.2.1.2"),
    ] {
        let Some(file) = example(name) else { return };
        let doc = json_of(&["disasm", file.to_str().unwrap(), "--all"]);
        let s = doc["solutions"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["comes_apart"] == true)
            .unwrap_or_else(|| panic!("{name}: one assembly comes apart"));
        assert_eq!(s["level"], level, "{name}");
        replay(s);
    }
}

// ---------------------------------------------------------------------
// Random interlocking puzzles.

/// A small deterministic generator (xorshift), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const STEPS: [Point; 6] = [
    [1, 0, 0],
    [-1, 0, 0],
    [0, 1, 0],
    [0, -1, 0],
    [0, 0, 1],
    [0, 0, -1],
];

/// A random puzzle of the kind BurrTools is used for: a box (the first
/// piece) whose top is open but for its rim and whose walls have a few
/// holes, and inside it a few pieces grown at random over the inside, the
/// open top and the holes. A piece that reaches into a hole is hooked to
/// the box and must be shuffled before it comes out, or cannot come out
/// at all; one or two inner cells are left empty (`+` in the result) so
/// that there is room to shuffle. With `grouped`, the box and the second
/// piece are one BurrTools group (they may stay together).
struct Random {
    kind: &'static str,
    pieces: Vec<Vec<Point>>,
    voids: Vec<Point>,
    grouped: bool,
}

fn random_puzzle(rng: &mut Rng) -> Random {
    let dims = [[4, 4, 4], [5, 4, 3], [5, 4, 4], [4, 4, 3]][rng.below(4)];
    let edge = |c: Point, a: usize| c[a] == 0 || c[a] == dims[a] - 1;
    let all: Vec<Point> = (0..dims[2])
        .flat_map(|z| (0..dims[1]).flat_map(move |y| (0..dims[0]).map(move |x| [x, y, z])))
        .collect();
    let inside = |c: Point| (0..3).all(|a| !edge(c, a));
    let top = |c: Point| c[2] == dims[2] - 1 && !edge(c, 0) && !edge(c, 1);
    // Holes: wall cells (on one face only, not the bottom) beside the inside.
    let walls: Vec<Point> = all
        .iter()
        .copied()
        .filter(|&c| !inside(c) && !top(c) && c[2] != 0)
        .filter(|&c| (0..3).filter(|&a| edge(c, a)).count() == 1)
        .collect();
    let mut region: BTreeSet<Point> = all
        .iter()
        .copied()
        .filter(|&c| inside(c) || top(c))
        .collect();
    for _ in 0..1 + rng.below(3) {
        region.insert(walls[rng.below(walls.len())]);
    }
    let frame: Vec<Point> = all
        .iter()
        .copied()
        .filter(|c| !region.contains(c))
        .collect();
    let k = 3 + rng.below(3);
    let mut pieces = grow(rng, &region, k);
    // Room to shuffle: take a cell or two off pieces that keep at least one.
    let mut voids = Vec::new();
    for _ in 0..1 + rng.below(2) {
        let p = rng.below(k);
        if pieces[p].len() > 1 {
            let at = rng.below(pieces[p].len());
            voids.push(pieces[p].remove(at));
        }
    }
    pieces.insert(0, frame);
    Random {
        kind: "cage",
        pieces,
        voids,
        grouped: rng.below(4) == 0,
    }
}

/// `k` pieces grown at random over `region`, each from one seed cell by
/// steps to free neighbours, until every cell has a piece.
fn grow(rng: &mut Rng, region: &BTreeSet<Point>, k: usize) -> Vec<Vec<Point>> {
    let cells: Vec<Point> = region.iter().copied().collect();
    let mut owner: HashMap<Point, usize> = HashMap::new();
    let mut pieces: Vec<Vec<Point>> = Vec::new();
    while pieces.len() < k {
        let c = cells[rng.below(cells.len())];
        if owner.insert(c, pieces.len()).is_none() {
            pieces.push(vec![c]);
        }
    }
    while owner.len() < cells.len() {
        let p = rng.below(k);
        let c = pieces[p][rng.below(pieces[p].len())];
        let d = STEPS[rng.below(6)];
        let n = [c[0] + d[0], c[1] + d[1], c[2] + d[2]];
        if region.contains(&n) && !owner.contains_key(&n) {
            owner.insert(n, p);
            pieces[p].push(n);
        }
    }
    pieces
}

/// A solid box (as the 2 x 4 x 5 of six pieces) cut at random
/// into five to seven pieces, with no frame and no room to shuffle.
fn random_box(rng: &mut Rng) -> Random {
    let dims = [[2, 4, 5], [3, 3, 4], [2, 4, 4], [2, 3, 5]][rng.below(4)];
    let region: BTreeSet<Point> = (0..dims[2])
        .flat_map(|z| (0..dims[1]).flat_map(move |y| (0..dims[0]).map(move |x| [x, y, z])))
        .collect();
    let k = 5 + rng.below(3);
    Random {
        kind: "box",
        pieces: grow(rng, &region, k),
        voids: Vec::new(),
        grouped: false,
    }
}

/// Whether the cells are joined face to face.
fn joined(cells: &[Point]) -> bool {
    let set: BTreeSet<Point> = cells.iter().copied().collect();
    let mut seen = BTreeSet::from([cells[0]]);
    let mut stack = vec![cells[0]];
    while let Some(c) = stack.pop() {
        for d in STEPS {
            let n = [c[0] + d[0], c[1] + d[1], c[2] + d[2]];
            if set.contains(&n) && seen.insert(n) {
                stack.push(n);
            }
        }
    }
    seen.len() == set.len()
}

/// A six-piece burr of 2 x 2 x 6 sticks, two along each axis (the pair
/// along x side by side in y, along y in z, along z in x): each of the
/// 12 cells of a stick's middle that other sticks also cross goes to one
/// of them at random, or (one time in four to one in two) to none, a
/// notch that leaves room to move; one line of each stick (its spine) is
/// kept whole where no other spine crosses it. `None` when a stick falls
/// in two.
fn random_burr(rng: &mut Rng) -> Option<Random> {
    let mut sticks: Vec<Vec<Point>> = Vec::new();
    for (axis, split) in [(0, 1), (1, 2), (2, 0)] {
        let other = 3 - axis - split;
        for half in 0..2 {
            let mut cells = Vec::new();
            for a in -1..5 {
                for s in 2 * half..2 * half + 2 {
                    for o in 1..3 {
                        let mut c = [0; 3];
                        (c[axis], c[split], c[other]) = (a, s, o);
                        cells.push(c);
                    }
                }
            }
            sticks.push(cells);
        }
    }
    let mut cover: BTreeMap<Point, Vec<usize>> = BTreeMap::new();
    for (i, s) in sticks.iter().enumerate() {
        for &c in s {
            cover.entry(c).or_default().push(i);
        }
    }
    // A spine per stick, one of its four lines along its axis, so that
    // most sticks stay whole: a cell of it goes to the stick, unless an
    // earlier stick's spine has it.
    let mut spine: BTreeMap<Point, usize> = BTreeMap::new();
    for (i, s) in sticks.iter().enumerate() {
        let line = rng.below(4);
        for &c in s.iter().skip(line).step_by(4) {
            spine.entry(c).or_insert(i);
        }
    }
    let notch = [4, 3, 2][rng.below(3)];
    let mut pieces = vec![Vec::new(); 6];
    for (c, who) in cover {
        if who.len() == 1 {
            pieces[who[0]].push(c);
        } else if let Some(&i) = spine.get(&c) {
            pieces[i].push(c);
        } else if rng.below(notch) != 0 {
            pieces[who[rng.below(who.len())]].push(c);
        }
    }
    pieces.iter().all(|p| joined(p)).then_some(Random {
        kind: "burr",
        pieces,
        voids: Vec::new(),
        grouped: false,
    })
}

/// A cage (one time in two), a box (one in five) or a burr (the rest).
fn random_any(rng: &mut Rng) -> Random {
    loop {
        match rng.below(10) {
            0..5 => return random_puzzle(rng),
            5..7 => return random_box(rng),
            _ => {
                if let Some(burr) = random_burr(rng) {
                    return burr;
                }
            }
        }
    }
}

/// Turns a piece by a quarter turn about x, `q` times, and about z `r`
/// times (the same piece for every solver).
fn turned(cells: &[Point], q: usize, r: usize) -> Vec<Point> {
    cells
        .iter()
        .map(|&c| {
            let mut c = c;
            for _ in 0..q {
                c = [c[0], -c[2], c[1]];
            }
            for _ in 0..r {
                c = [-c[1], c[0], c[2]];
            }
            c
        })
        .collect()
}

/// A BurrTools file (plain XML, which BurrTools reads too): the box as
/// the result (the empty inner cells `+`), each piece a shape used once,
/// listed in `order` and turned by `turns` (quarter turns about x and z).
fn xmpuzzle(p: &Random, order: &[usize], turns: &[(usize, usize)]) -> String {
    let voxel = |cells: &[Point], plus: &[Point]| {
        let both: Vec<Point> = cells.iter().chain(plus).copied().collect();
        let lo = [0, 1, 2].map(|a| both.iter().map(|c| c[a]).min().unwrap());
        let hi = [0, 1, 2].map(|a| both.iter().map(|c| c[a]).max().unwrap());
        let size = [0, 1, 2].map(|a| hi[a] - lo[a] + 1);
        let set: BTreeSet<Point> = cells.iter().copied().collect();
        let var: BTreeSet<Point> = plus.iter().copied().collect();
        let mut text = String::new();
        for z in 0..size[2] {
            for y in 0..size[1] {
                for x in 0..size[0] {
                    let here = [x + lo[0], y + lo[1], z + lo[2]];
                    text.push(if set.contains(&here) {
                        '#'
                    } else if var.contains(&here) {
                        '+'
                    } else {
                        '_'
                    });
                }
            }
        }
        format!(
            "<voxel x=\"{}\" y=\"{}\" z=\"{}\" type=\"0\">{text}</voxel>\n",
            size[0], size[1], size[2]
        )
    };
    // The shape is what the pieces fill, the empty cells `+`.
    let full: Vec<Point> = p.pieces.iter().flatten().copied().collect();
    let mut xml = String::from(
        "<?xml version=\"1.0\"?>\n<puzzle version=\"2\">\n<gridType type=\"0\"/>\n<colors/>\n<shapes>\n",
    );
    xml += &voxel(&full, &p.voids);
    for (&i, &(q, r)) in order.iter().zip(turns) {
        xml += &voxel(&turned(&p.pieces[i], q, r), &[]);
    }
    xml += "</shapes>\n<problems>\n<problem>\n<shapes>\n";
    for (s, &i) in order.iter().enumerate() {
        let group = if p.grouped && i < 2 {
            " group=\"1\""
        } else {
            ""
        };
        xml += &format!("<shape id=\"{}\" count=\"1\"{group}/>\n", s + 1);
    }
    xml += "</shapes>\n<result id=\"0\"/>\n<bitmap/>\n</problem>\n</problems>\n</puzzle>\n";
    xml
}

/// The file of a random puzzle as generated: pieces in order, unturned.
fn plain(p: &Random) -> String {
    let n = p.pieces.len();
    xmpuzzle(p, &(0..n).collect::<Vec<_>>(), &vec![(0, 0); n])
}

/// The first number of each level, as a sorted list.
fn firsts<'a>(levels: impl IntoIterator<Item = (&'a String, u64)>) -> Vec<(u32, u64)> {
    let mut h: BTreeMap<u32, u64> = BTreeMap::new();
    for (l, n) in levels {
        *h.entry(l.split('.').next().unwrap().parse().unwrap())
            .or_default() += n;
    }
    h.into_iter().collect()
}

/// What a run of random puzzles against burrTxt found.
#[derive(Default)]
struct Tally {
    checked: usize,
    grouped: usize,
    stuck: usize,
    deep: usize,
    /// Puzzles whose come-apart counts equal burrTxt's.
    apart: usize,
    /// Puzzles whose levels' first numbers equal burrTxt's.
    firsts: usize,
    /// Puzzles whose level texts all equal burrTxt's.
    full: usize,
    /// The others: the file, jigsat's levels, burrTxt's.
    differ: Vec<String>,
    /// Of those, the ones whose burrTxt levels change when only the order
    /// and turns of the pieces in the file change ([`burrtxt_varies`]).
    order_dependent: usize,
    /// Puzzles checked of each kind (cage, box, burr).
    kinds: BTreeMap<&'static str, usize>,
}

/// `count` random interlocking puzzles from `seed`, each checked against
/// burrTxt: the same assemblies, come-apart counts and first numbers of
/// every level (asserted), and how many full texts agree (counted).
/// `shuffled`: the file lists the pieces in a random order, each turned
/// at random (both programs read the same file); then the come-apart
/// counts and first numbers are counted, not asserted (BurrTools does not
/// backtrack, so which separation it takes decides whether some
/// assemblies come apart at all).
fn against_burrtxt(seed: u64, count: usize, shuffled: bool, make: fn(&mut Rng) -> Random) -> Tally {
    let dir = tempfile::tempdir().unwrap();
    let mut rng = Rng(seed);
    let mut t = Tally::default();
    let mut tried = 0;
    while t.checked < count {
        tried += 1;
        assert!(
            tried < 10 * count,
            "the generator makes too few usable puzzles"
        );
        let puzzle = make(&mut rng);
        let path = dir.path().join(format!("r{tried}.xml"));
        let n = puzzle.pieces.len();
        let (order, turns) = if shuffled {
            shuffle(n, &mut rng)
        } else {
            ((0..n).collect(), vec![(0, 0); n])
        };
        std::fs::write(&path, xmpuzzle(&puzzle, &order, &turns)).unwrap();
        let Some((a, s, levels)) = burrtxt(&path) else {
            continue;
        };
        if a == 0 || a > 200 {
            continue;
        }
        let (ja, js, jl) = disassembled(&path, &[]);
        assert_eq!(ja, a, "assemblies of {}", path.display());
        let theirs = histogram(&levels);
        let same_firsts =
            firsts(jl.iter().map(|(l, n)| (l, *n))) == firsts(theirs.iter().map(|(l, n)| (l, *n)));
        if !shuffled {
            assert_eq!(js, s, "come-apart counts of {}", path.display());
            assert!(same_firsts, "first level numbers of {}", path.display());
        }
        t.apart += usize::from(js == s);
        t.firsts += usize::from(same_firsts);
        if jl == theirs {
            t.full += 1;
        } else {
            let again = dir.path().join(format!("r{tried}-again.xml"));
            let varies = shuffled && burrtxt_varies(&puzzle, &theirs, &again, tried);
            t.order_dependent += usize::from(varies);
            t.differ.push(format!(
                "{tried} ({}{}): jigsat {js} of {ja} {jl:?}, burrTxt {s} of {a} {theirs:?}",
                puzzle.kind,
                if varies {
                    ", burrTxt's own text depends on the order"
                } else {
                    ""
                }
            ));
        }
        t.stuck += usize::from(s < a);
        t.deep += usize::from(levels.iter().any(|l| l != "1"));
        t.grouped += usize::from(puzzle.grouped);
        *t.kinds.entry(puzzle.kind).or_default() += 1;
        t.checked += 1;
    }
    eprintln!(
        "{} random puzzles ({} with a group): {} with assemblies that do not come apart, \
         {} with levels past 1; come-apart counts equal on {}, first numbers on {}, \
         full level texts on {} (of each kind: {:?}); of the {} that differ, burrTxt's own \
         levels depend on the order of the pieces on {}",
        t.checked,
        t.grouped,
        t.stuck,
        t.deep,
        t.apart,
        t.firsts,
        t.full,
        t.kinds,
        t.differ.len(),
        t.order_dependent
    );
    for d in &t.differ {
        eprintln!("  differs: {d}");
    }
    assert!(
        t.stuck >= t.checked / 4,
        "the generator should make assemblies that do not come apart ({} of {})",
        t.stuck,
        t.checked
    );
    assert!(
        t.deep >= t.checked / 8,
        "the generator should make levels past 1 ({} of {})",
        t.deep,
        t.checked
    );
    t
}

/// A random order of `n` pieces in the file and a random turn of each
/// (a quarter turn count about two axes).
fn shuffle(n: usize, rng: &mut Rng) -> (Vec<usize>, Vec<(usize, usize)>) {
    let mut order: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        order.swap(i, rng.below(i + 1));
    }
    let turns = (0..n).map(|_| (rng.below(4), rng.below(4))).collect();
    (order, turns)
}

/// Whether burrTxt's levels of `puzzle` (`theirs` in the file as first
/// written) change on eight other orders and turns of its pieces in the
/// file, written to `path`: where they do, BurrTools' text is a choice
/// among equally short separations that follows the file, not a rule
/// jigsat can follow (DISASSEMBLY.md).
fn burrtxt_varies(
    puzzle: &Random,
    theirs: &BTreeMap<String, u64>,
    path: &Path,
    seed: usize,
) -> bool {
    let mut rng = Rng(0x0DE5_0000 + seed as u64);
    let n = puzzle.pieces.len();
    (0..8).any(|_| {
        let (order, turns) = shuffle(n, &mut rng);
        std::fs::write(path, xmpuzzle(puzzle, &order, &turns)).unwrap();
        burrtxt(path).is_some_and(|(_, _, l)| histogram(&l) != *theirs)
    })
}

/// 200 random interlocking puzzles: jigsat and burrTxt agree on the
/// assemblies, on how many come apart, and on the first number of every
/// level. The generator must make the agreement mean something: a share
/// of the puzzles has assemblies that stay together, and a share has
/// levels past `1`. The full level texts need not all agree: past the
/// first number BurrTools breaks ties by its own orientation of the
/// assembly (DISASSEMBLY.md), jigsat by the rule of `disasm::choose_image`;
/// at least nine in ten must.
#[test]
fn random_puzzles_as_burrtxt() {
    if shared("peers/burrTxt").is_none() {
        return;
    }
    let t = against_burrtxt(0x5EED_0026, 200, false, random_puzzle);
    // Measured 199 of 200 (2026-11-26); a change of the tie rule that
    // loses BurrTools' texts shows here.
    assert!(
        t.full >= t.checked * 9 / 10,
        "full level texts equal on only {} of {}",
        t.full,
        t.checked
    );
}

/// Issue 40: 2,000 random puzzles (cages, solid boxes and six-piece
/// burrs), their pieces listed in a random order and turned at random,
/// against burrTxt as above (release only: about two minutes). What
/// differs is printed, and burrTxt is run again on eight other orders of
/// each such file ([`burrtxt_varies`]). At least 95 in 100 come-apart
/// counts and 9 in 10 full texts must agree, and every difference must
/// be one where burrTxt's text depends on the order. Measured
/// (2026-11-28, 1,358 cages, 579 boxes, 63 burrs, 88 s): 1996 come-apart
/// counts and first numbers equal, 1963 full texts; all 37 that differ
/// give other texts in burrTxt itself when only the order of the pieces
/// in the file changes. With each piece's own set moved first
/// (`disasm::moves`, session 17; 146 s on a loaded machine): 1985 full
/// texts, all 15 that differ order-dependent. The last one that did not, puzzle 412 of this
/// seed (jigsat `2.1.2`, burrTxt `2.2`), is the fixture of
/// `with_no_single_piece_free_the_first_direction_s_removal_is_taken`
/// (tests/disasm_levels.rs). Before the rule of halves
/// (`disasm::take::shown`), 15 of 100 differences on cages alone were
/// not order-dependent.
#[test]
#[ignore]
fn many_shuffled_random_puzzles_as_burrtxt() {
    if shared("peers/burrTxt").is_none() {
        return;
    }
    let t = against_burrtxt(0x5EED_0040, 2000, true, random_any);
    assert!(
        t.differ.len() == t.order_dependent,
        "{} level texts differ from burrTxt's where its own do not depend on the order",
        t.differ.len() - t.order_dependent
    );
    assert!(
        t.apart >= t.checked * 95 / 100,
        "come-apart counts equal on only {} of {}",
        t.apart,
        t.checked
    );
    assert!(
        t.full >= t.checked * 9 / 10,
        "full level texts equal on only {} of {}",
        t.full,
        t.checked
    );
}

/// Listing the pieces in another order, or turning them in the file,
/// changes neither the assemblies that come apart nor the first numbers.
#[test]
fn piece_order_and_turns_do_not_matter() {
    let dir = tempfile::tempdir().unwrap();
    let mut rng = Rng(0xD15A_55E3);
    let mut t = 0;
    let mut deep = 0;
    while t < 20 {
        let puzzle = random_puzzle(&mut rng);
        let path = dir.path().join(format!("a{t}.xml"));
        std::fs::write(&path, plain(&puzzle)).unwrap();
        let (a1, s1, l1) = disassembled(&path, &[]);
        if a1 > 200 {
            continue;
        }
        let n = puzzle.pieces.len();
        let order: Vec<usize> = (0..n).rev().collect();
        let turns: Vec<(usize, usize)> = (0..n).map(|i| (i % 4, (i + t) % 4)).collect();
        let other = dir.path().join(format!("b{t}.xml"));
        std::fs::write(&other, xmpuzzle(&puzzle, &order, &turns)).unwrap();
        let (a2, s2, l2) = disassembled(&other, &[]);
        assert_eq!(
            (a1, s1),
            (a2, s2),
            "{} vs {}",
            path.display(),
            other.display()
        );
        assert_eq!(
            firsts(l1.iter().map(|(l, n)| (l, *n))),
            firsts(l2.iter().map(|(l, n)| (l, *n)))
        );
        deep += usize::from(l1.keys().any(|l| l != "1"));
        t += 1;
    }
    assert!(deep > 0, "some of the puzzles have levels past 1");
}

// ---------------------------------------------------------------------
// Refusals and limits.

#[test]
fn a_flat_puzzle_is_refused_with_a_sentence() {
    let file = common::puzzle_path("tetromino-4x5.toml");
    let out = jigsat()
        .args(["disasm", file.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("tetromino-4x5.toml") && err.contains("flat"),
        "{err}"
    );
}

#[test]
fn a_solid_cube_of_pieces_comes_apart_and_its_plan_replays() {
    // The Soma cube: every assembly comes apart, level 1 (a piece lifts off).
    let file = common::puzzle_path("soma.toml");
    let doc = json_of(&["disasm", file.to_str().unwrap()]);
    let s = &doc["solutions"][0];
    assert_eq!(s["comes_apart"], true);
    assert_eq!(s["level"], "1");
    assert_eq!(replay(s), 6, "seven pieces, six separations");
}

/// `--thorough` only adds assemblies that come apart by another
/// separation, and says how many: without them its counts and levels are
/// the default's. (No puzzle found so far needs it: about 2,000 random
/// boxes of the differential test's kind gave `thorough_changed` 0 — whether an
/// assembly comes apart does not depend on the separation chosen, as
/// DISASSEMBLY.md measured for BurrTools — so this checks that the wider
/// search changes nothing it should not.)
#[test]
fn thorough_adds_only_what_it_reports() {
    let dir = tempfile::tempdir().unwrap();
    let mut rng = Rng(0x7800_0026);
    let mut files: Vec<PathBuf> = ["CubeInCage", "DraculasDentalDesaster"]
        .iter()
        .filter_map(|n| example(n))
        .collect();
    while files.len() < 17 {
        let puzzle = random_puzzle(&mut rng);
        let path = dir.path().join(format!("t{}.xml", files.len()));
        std::fs::write(&path, plain(&puzzle)).unwrap();
        files.push(path);
    }
    for file in &files {
        let (a, s, levels) = disassembled(file, &[]);
        if a > 200 {
            continue;
        }
        let doc = json_of(&[
            "count",
            file.to_str().unwrap(),
            "--disassemble",
            "--thorough",
        ]);
        let d = &doc["disassembly"];
        let changed = d["thorough_changed"].as_u64().unwrap();
        assert_eq!(d["assemblies"].as_u64(), Some(a), "{}", file.display());
        assert_eq!(
            d["come_apart"].as_u64(),
            Some(s + changed),
            "{}",
            file.display()
        );
        if changed == 0 {
            let theirs: BTreeMap<String, u64> = d["levels"]
                .as_object()
                .unwrap()
                .iter()
                .map(|(k, v)| (k.clone(), v.as_u64().unwrap()))
                .collect();
            assert_eq!(theirs, levels, "{}", file.display());
        }
    }
}

// ---------------------------------------------------------------------
// The level under `solve`'s drawing.

/// An assembly as a set of pieces, each a sorted list of cells.
type Assembly = BTreeSet<Vec<Point>>;

/// The 24 proper rotations of the cube grid, as matrices (rows).
fn rotations() -> Vec<[Point; 3]> {
    common::motions(true, false)
}

/// `a` turned by `m` and shifted so that its lowest corner is the origin.
fn normalised(a: &Assembly, m: &[Point; 3]) -> Assembly {
    let turn = |c: &Point| -> Point {
        [0, 1, 2].map(|r| m[r][0] * c[0] + m[r][1] * c[1] + m[r][2] * c[2])
    };
    let turned: Vec<Vec<Point>> = a.iter().map(|p| p.iter().map(turn).collect()).collect();
    let mut lo = [i32::MAX; 3];
    for c in turned.iter().flatten() {
        for i in 0..3 {
            lo[i] = lo[i].min(c[i]);
        }
    }
    turned
        .into_iter()
        .map(|p| {
            let mut p: Vec<Point> = p
                .iter()
                .map(|c| [c[0] - lo[0], c[1] - lo[1], c[2] - lo[2]])
                .collect();
            p.sort_unstable();
            p
        })
        .collect()
}

/// The same assembly up to a rotation of the whole.
fn same_assembly(a: &Assembly, b: &Assembly) -> bool {
    let b = normalised(b, &rotations()[0]);
    rotations().iter().any(|m| normalised(a, m) == b)
}

/// The solutions `burrTxt -d -s FILE` draws, with their levels. Its
/// drawing shows each z layer as a block of rows (y, top to bottom) and
/// columns (x), each piece as a letter (read from BurrTools' own shape
/// drawings against the file's voxel text, x fastest, then y, then z).
fn burrtxt_solutions(file: &Path) -> Option<Vec<(Assembly, String)>> {
    let tool = shared("peers/burrTxt")?;
    let out = Command::new(tool)
        .arg("-d")
        .arg("-s")
        .arg(file)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let body = &text[text.find("=====")?..];
    let mut found = Vec::new();
    let mut cells: BTreeMap<char, Vec<Point>> = BTreeMap::new();
    let mut y = 0;
    for line in body.lines() {
        if let Some(level) = line.strip_prefix("level: ") {
            let assembly = std::mem::take(&mut cells).into_values().collect();
            found.push((assembly, level.trim().to_string()));
            y = 0;
        } else if line.trim_start().starts_with('!') {
            let blocks: Vec<&str> = line.trim().split('!').collect();
            for (z, block) in blocks.iter().skip(1).step_by(2).enumerate() {
                for (x, ch) in block.chars().enumerate() {
                    if ch.is_ascii_alphabetic() {
                        cells.entry(ch).or_default().push([x as i32, y, z as i32]);
                    }
                }
            }
            y += 1;
        }
    }
    Some(
        found
            .into_iter()
            .map(|(a, l): (Vec<Vec<Point>>, String)| {
                (
                    a.into_iter()
                        .map(|mut p| {
                            p.sort_unstable();
                            p
                        })
                        .collect(),
                    l,
                )
            })
            .collect(),
    )
}

/// The assembly of a solution in jigsat's JSON.
fn assembly_of(solution: &Value) -> Assembly {
    solution["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let mut cells: Vec<Point> = p["cells"]
                .as_array()
                .unwrap()
                .iter()
                .map(common::point)
                .collect();
            cells.sort_unstable();
            cells
        })
        .collect()
}

/// `solve FILE` (one engine, so that the text and the JSON show the same
/// assembly): the line under the drawing says what the JSON's
/// `comes_apart` and `level` say, and that is what `burrTxt -d` says of
/// that assembly — its level when burrTxt lists it among the solutions,
/// else it does not come apart. Returns the line.
fn solve_level(name: &str, solver: &str) -> Option<String> {
    let file = example(name)?;
    let file = file.to_str().unwrap();
    let doc = json_of(&["solve", file, "--solver", solver]);
    let solution = &doc["solutions"][0];
    let out = jigsat()
        .args(["solve", file, "--solver", solver, "-q"])
        .output()
        .unwrap();
    assert_success(&out);
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    let line = text.lines().last().unwrap().to_string();
    let want = match (&solution["comes_apart"], &solution["level"]) {
        (Value::Bool(true), Value::String(level)) => format!("level: {level}"),
        (Value::Bool(false), Value::Null) => {
            "does not come apart (sliding pieces, no turns)".into()
        }
        other => panic!("{name}: comes_apart and level {other:?}"),
    };
    assert_eq!(line, want, "{name}: the text's line and the JSON");
    if let Some(theirs) = burrtxt_solutions(Path::new(file)) {
        let ours = assembly_of(solution);
        let matched: Vec<&String> = theirs
            .iter()
            .filter(|(a, _)| same_assembly(a, &ours))
            .map(|(_, l)| l)
            .collect();
        match &solution["level"] {
            Value::String(level) => assert_eq!(matched, vec![level], "{name}: burrTxt -d -s"),
            _ => assert!(
                matched.is_empty(),
                "{name}: burrTxt takes this assembly apart, level {matched:?}"
            ),
        }
    }
    Some(line)
}

#[test]
fn solve_prints_the_level_of_the_assembly_it_draws() {
    // PelikanBurr: 1 of 12 assemblies comes apart; CubeInCage: 1 of 96
    // (its cage a group); AlPackino's one assembly comes apart, so its
    // line is the level burrTxt prints.
    solve_level("PelikanBurr", "dlx");
    solve_level("CubeInCage", "varisat");
    if let Some(line) = solve_level("AlPackino", "first-cell") {
        assert_eq!(line, "level: 1.1.1.1.1.2.1.3.1.2.1.2");
    }
}

#[test]
fn a_cube_locked_in_a_shell_does_not_come_apart() {
    // A closed 3x3x3 shell around one cube: the one assembly, and nothing
    // can move. The line says so, and the exit status is the solve's.
    let dir = tempfile::tempdir().unwrap();
    let shell: Vec<String> = (0..27)
        .map(|i| [i % 3, i / 3 % 3, i / 9])
        .filter(|c| *c != [1, 1, 1])
        .map(|c| format!("[{}, {}, {}]", c[0], c[1], c[2]))
        .collect();
    let file = dir.path().join("locked.toml");
    std::fs::write(
        &file,
        format!(
            "name = \"locked\"\n[board]\nsize = [3, 3, 3]\n[[piece]]\nname = \"shell\"\ncells = [{}]\n[[piece]]\nname = \"core\"\ncells = [[0, 0, 0]]\n",
            shell.join(", ")
        ),
    )
    .unwrap();
    let text = solve_text(&file);
    assert_eq!(
        text.lines().last(),
        Some("does not come apart (sliding pieces, no turns)"),
        "{text}"
    );
    let doc = json_of(&["solve", file.to_str().unwrap()]);
    assert_eq!(doc["solutions"][0]["comes_apart"], false);
    assert_eq!(doc["solutions"][0]["level"], Value::Null);
}

#[test]
fn a_flat_puzzle_or_tiles_print_no_level() {
    for name in ["pentomino-6x10.toml", "big-cats.toml"] {
        let file = common::puzzle_path(name);
        if !file.exists() {
            continue;
        }
        let text = solve_text(&file);
        assert!(
            !text.contains("level") && !text.contains("come apart"),
            "{name}: {text}"
        );
        let doc = json_of(&["solve", file.to_str().unwrap()]);
        assert!(doc["solutions"][0].get("level").is_none(), "{name}");
    }
}

// ---------------------------------------------------------------------
// Stored solutions: BurrTools' own, and those `convert --solutions` writes.

/// Every assembly stored in BurrTools' cube-grid examples decodes, by
/// jigsat's table of BurrTools' turns, into a solution that passes
/// jigsat's check: the table measured against BurrTools' own files.
#[test]
fn burrtools_stored_assemblies_are_solutions() {
    let Some(dir) = shared("burrtools") else {
        return;
    };
    let mut decoded = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "xmpuzzle") {
            continue;
        }
        let bytes = std::fs::read(&path).unwrap();
        let name = path.display().to_string();
        // Grids other than cubes are refused by the reader.
        let Ok(file) = jigsat::internal::puzzle::burrtools::read(&bytes, &name) else {
            continue;
        };
        for (i, problem) in file.problems.iter().enumerate() {
            let choice = i.to_string();
            let Ok(puzzle) = file.puzzle(Some(&choice), "p") else {
                continue;
            };
            // Stored solutions are read on the cube grid only.
            if puzzle.board.lattice() != jigsat::internal::geometry::Lattice::Cubic {
                continue;
            }
            let solutions = jigsat::internal::solution::stored(&file, Some(&choice), &puzzle)
                .unwrap_or_else(|e| panic!("{name} problem {i}: {e}"));
            assert_eq!(solutions.len(), problem.stored.len(), "{name} problem {i}");
            decoded += solutions.len();
        }
    }
    assert!(decoded >= 300, "{decoded} stored assemblies decoded");
}

/// `convert --solutions` writes a file burrTxt reads with the same
/// assembly and solution counts, whose stored assemblies burrTxt takes
/// apart (`-x -d`) with the first level numbers jigsat gives, and that
/// jigsat reads back as the same solutions.
#[test]
fn converted_solutions_round_trip_through_burrtxt() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["PelikanBurr", "CubeInCage", "AlPackino"] {
        let Some(file) = example(name) else { return };
        let out = dir.path().join(format!("{name}.xmpuzzle"));
        let run = jigsat()
            .args([
                "convert",
                file.to_str().unwrap(),
                "--solutions",
                "1000",
                "-o",
            ])
            .arg(&out)
            .output()
            .unwrap();
        assert_success(&run);
        // jigsat reads them back: every class, each a checked solution.
        let (assemblies, come_apart, levels) = disassembled(&file, &[]);
        let bytes = std::fs::read(&out).unwrap();
        let written = jigsat::internal::puzzle::burrtools::read(&bytes, name).unwrap();
        let puzzle = written.puzzle(None, name).unwrap();
        let back = jigsat::internal::solution::stored(&written, None, &puzzle).unwrap();
        assert_eq!(back.len() as u64, assemblies, "{name}: read back");
        let mut text = String::new();
        flate2::read::GzDecoder::new(&bytes[..])
            .read_to_string(&mut text)
            .unwrap();
        assert_eq!(
            text.matches("<separation>").count() as u64,
            come_apart,
            "{name}: a separation per assembly that comes apart"
        );
        assert!(text.contains(&format!(
            "assemblies=\"{assemblies}\" solutions=\"{come_apart}\""
        )));
        let Some(tool) = shared("peers/burrTxt") else {
            continue;
        };
        // burrTxt solves the written problem as the original.
        assert_eq!(
            burrtxt(&out).map(|(a, s, l)| (a, s, histogram(&l))),
            Some((assemblies, come_apart, levels.clone())),
            "{name}: burrTxt -d on the written file"
        );
        // And takes apart the stored assemblies: its first numbers are
        // jigsat's levels' first numbers.
        let x = Command::new(tool)
            .args(["-x", "-d"])
            .arg(&out)
            .output()
            .unwrap();
        let mut theirs: Vec<String> = String::from_utf8_lossy(&x.stdout)
            .lines()
            .filter_map(|l| l.strip_prefix("level: "))
            .map(|l| l.trim().to_string())
            .collect();
        let mut ours: Vec<String> = levels
            .iter()
            .flat_map(|(l, n)| {
                std::iter::repeat_n(l.split('.').next().unwrap().to_string(), *n as usize)
            })
            .collect();
        theirs.sort();
        ours.sort();
        assert_eq!(theirs, ours, "{name}: burrTxt -x -d");
    }
}

/// A burr, trying again until [`random_burr`] makes one.
fn random_burr_only(rng: &mut Rng) -> Random {
    loop {
        if let Some(burr) = random_burr(rng) {
            return burr;
        }
    }
}

/// Writes the files [`against_burrtxt`] would write for `seed`, without
/// running anything: JIGSAT_DUMP=DIR,SEED,COUNT,KIND (KIND `any` or
/// `burr`), for studying the differences by hand. Without JIGSAT_DUMP it
/// does nothing.
#[test]
#[ignore]
fn dump_shuffled_random_puzzles() {
    let Ok(spec) = std::env::var("JIGSAT_DUMP") else {
        return;
    };
    let f: Vec<&str> = spec.split(',').collect();
    let dir = Path::new(f[0]);
    let seed = u64::from_str_radix(f[1].trim_start_matches("0x"), 16).unwrap();
    let count: usize = f[2].parse().unwrap();
    let make: fn(&mut Rng) -> Random = if f[3] == "burr" {
        random_burr_only
    } else {
        random_any
    };
    std::fs::create_dir_all(dir).unwrap();
    let mut rng = Rng(seed);
    for tried in 1..=count {
        let puzzle = make(&mut rng);
        let n = puzzle.pieces.len();
        let (order, turns) = shuffle(n, &mut rng);
        let name = format!("r{tried}-{}.xml", puzzle.kind);
        std::fs::write(dir.join(name), xmpuzzle(&puzzle, &order, &turns)).unwrap();
        // The eight other orders and turns of [`burrtxt_varies`].
        let mut again = Rng(0x0DE5_0000 + tried as u64);
        for v in 0..8 {
            let (order, turns) = shuffle(n, &mut again);
            let name = format!("r{tried}-{}-v{v}.xml", puzzle.kind);
            std::fs::write(dir.join(name), xmpuzzle(&puzzle, &order, &turns)).unwrap();
        }
    }
}
