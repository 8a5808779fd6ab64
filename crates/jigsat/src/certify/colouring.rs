//! The colouring witness, re-derived from the puzzle alone.
//!
//! The pre-check ([`crate::family::packing::precheck`]) proves some
//! puzzles impossible by colouring the board: every placement of a piece
//! covers some balance of light minus dark cells, and no choice of copies
//! and balances adds up to the board's. A certificate must not take the
//! pre-check's word for the placements, so this module makes its own:
//! each piece's shape under all 48 signed permutations of the axes (more
//! than any puzzle allows: reflections and turns it may forbid are in
//! too), at every offset that keeps it on the board. More placements can
//! only make more balances reachable, so if even these cannot reach the
//! board's balance, no solution exists — whatever the pre-check's own
//! placements were. Colour constraints and forbidden turns are ignored
//! for the same reason.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::fmt::Write as _;

use crate::puzzle::{Fill, Kind, Puzzle};

/// Beyond this many reachable (area, balance) states the witness is not
/// looked for.
const MAX_STATES: usize = 4_000_000;

/// A colouring argument that the puzzle has no solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Witness {
    /// Which colouring: `checkerboard` (x + y + z even is light), or
    /// `x-stripe`, `y-stripe`, `z-stripe` (that coordinate even).
    pub colouring: &'static str,
    pub lights: i32,
    pub darks: i32,
    /// Per piece: its name, copies (min, max), cells, and the balances
    /// its placements can have.
    pub pieces: Vec<(String, u32, u32, usize, BTreeSet<i32>)>,
}

impl Witness {
    /// The witness as a text file: what was coloured, each piece's
    /// balances, and the sum that cannot be met.
    pub fn text(&self, puzzle: &Puzzle) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "c jigsat {} colouring witness",
            env!("CARGO_PKG_VERSION")
        );
        let _ = writeln!(out, "c puzzle {}", puzzle.name.replace('\n', " "));
        let _ = writeln!(
            out,
            "colouring {} (light: {})",
            self.colouring,
            match self.colouring {
                "checkerboard" => "x + y + z even",
                "x-stripe" => "x even",
                "y-stripe" => "y even",
                _ => "z even",
            }
        );
        let _ = writeln!(
            out,
            "board {} cells, {} light, {} dark, balance {}",
            self.lights + self.darks,
            self.lights,
            self.darks,
            self.lights - self.darks
        );
        for (name, min, max, cells, balances) in &self.pieces {
            let list: Vec<String> = balances.iter().map(|b| b.to_string()).collect();
            let _ = writeln!(
                out,
                "piece {name} copies {min}..{max} cells {cells} balances {}",
                if list.is_empty() {
                    "none (fits nowhere)".to_string()
                } else {
                    list.join(" ")
                }
            );
        }
        let _ = writeln!(
            out,
            "no choice of copies and one balance per copy covers {} cells with balance {}",
            self.lights + self.darks,
            self.lights - self.darks
        );
        out
    }
}

/// Whether a cell (x, y, z) is light.
type Light = fn(&[i32; 3]) -> bool;

/// The 48 signed permutations of the axes.
fn motions() -> Vec<[[i32; 3]; 3]> {
    let perms = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut out = Vec::new();
    for p in perms {
        for signs in 0..8 {
            let mut m = [[0; 3]; 3];
            for (row, &axis) in p.iter().enumerate() {
                m[row][axis] = if signs >> row & 1 == 1 { -1 } else { 1 };
            }
            out.push(m);
        }
    }
    out
}

/// A colouring witness that the puzzle has no solution, if one of the
/// four colourings gives one.
pub fn witness(puzzle: &Puzzle) -> Option<Witness> {
    let Kind::Pieces(pieces) = &puzzle.kind else {
        return None;
    };
    if puzzle.fill != Fill::Exact || !puzzle.optional.is_empty() {
        return None;
    }
    let cells: Vec<[i32; 3]> = puzzle
        .board
        .cells()
        .iter()
        .map(|c| [c.x, c.y, c.z])
        .collect();
    let colourings: [(&'static str, Light); 4] = [
        ("checkerboard", |c| (c[0] + c[1] + c[2]).rem_euclid(2) == 0),
        ("x-stripe", |c| c[0].rem_euclid(2) == 0),
        ("y-stripe", |c| c[1].rem_euclid(2) == 0),
        ("z-stripe", |c| c[2].rem_euclid(2) == 0),
    ];
    let motions = motions();
    let area = cells.len() as i32;
    for (name, light) in colourings {
        let colour: HashMap<[i32; 3], i32> = cells
            .iter()
            .map(|c| (*c, if light(c) { 1 } else { -1 }))
            .collect();
        let lights = colour.values().filter(|&&v| v == 1).count() as i32;
        let darks = area - lights;
        let mut list = Vec::new();
        for piece in pieces {
            let shape: Vec<[i32; 3]> = piece
                .shape
                .cells()
                .iter()
                .map(|c| [c.x, c.y, c.z])
                .collect();
            let balances = balances(&shape, &motions, &cells, &colour);
            list.push((
                piece.name.clone(),
                piece.count.min,
                piece.count.max,
                shape.len(),
                balances,
            ));
        }
        match reachable(&list, area, lights - darks) {
            Some(false) => {
                return Some(Witness {
                    colouring: name,
                    lights,
                    darks,
                    pieces: list,
                });
            }
            Some(true) | None => continue,
        }
    }
    None
}

/// Every balance (lights minus darks under `colour`) a piece of
/// `shape` covers in some motion of `motions`, placed with its first
/// cell on one of `cells`, wholly on the board.
fn balances(
    shape: &[[i32; 3]],
    motions: &[[[i32; 3]; 3]],
    cells: &[[i32; 3]],
    colour: &HashMap<[i32; 3], i32>,
) -> BTreeSet<i32> {
    let mut balances = BTreeSet::new();
    for m in motions {
        let turned: Vec<[i32; 3]> = shape
            .iter()
            .map(|c| {
                let mut t = [0; 3];
                for (row, out) in t.iter_mut().enumerate() {
                    *out = (0..3).map(|k| m[row][k] * c[k]).sum();
                }
                t
            })
            .collect();
        let Some(first) = turned.first() else {
            continue;
        };
        for anchor in cells {
            let shift = [
                anchor[0] - first[0],
                anchor[1] - first[1],
                anchor[2] - first[2],
            ];
            let balance: Option<i32> = turned
                .iter()
                .map(|c| colour.get(&[c[0] + shift[0], c[1] + shift[1], c[2] + shift[2]]))
                .sum();
            if let Some(b) = balance {
                balances.insert(b);
            }
        }
    }
    balances
}

/// Whether some choice of copies (within each piece's range) and one
/// balance per copy covers `area` cells with balance `target`; `None`
/// when there are too many states to tell.
fn reachable(
    pieces: &[(String, u32, u32, usize, BTreeSet<i32>)],
    area: i32,
    target: i32,
) -> Option<bool> {
    let mut states: HashSet<(i32, i32)> = HashSet::from([(0, 0)]);
    for (_, min, max, cells, balances) in pieces {
        let a = *cells as i32;
        // Copies beyond what the board holds reach nothing.
        let max = (*max).min((area / a.max(1)) as u32 + 1);
        let mut next = HashSet::new();
        let mut current = states.clone();
        for copies in 0..=max {
            if copies >= *min {
                next.extend(current.iter().copied().filter(|&(s, _)| s <= area));
            }
            if copies == max {
                break;
            }
            let mut grown = HashSet::new();
            for &(s, b) in &current {
                if s + a > area {
                    continue;
                }
                for &d in balances {
                    grown.insert((s + a, b + d));
                }
            }
            current = grown;
            if current.is_empty() {
                break;
            }
            if current.len() > MAX_STATES {
                return None;
            }
        }
        states = next;
        if states.len() > MAX_STATES {
            return None;
        }
    }
    Some(states.contains(&(area, target)))
}
