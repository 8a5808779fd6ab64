//! The score of a board with every tile placed, read from the board
//! alone: how many inner edges match (Eternity II's score: 480 of 480 on
//! 16 x 16 is a solution), and which do not.
//!
//! A best-score board is checked like every answer, by the rules a
//! solution keeps save one: each position holds one tile, every tile is
//! used as often as its count, each shows its edges under an allowed turn,
//! clues lie where they are fixed, and the frame is kept (with a `border`
//! label, the edges facing it carry the label and no inner edge does).
//! Only the matching of inner edges is counted instead of required; a
//! board that scores every inner edge is then checked in full as a
//! solution ([`crate::solution::check`]).

use std::collections::HashMap;

use crate::geometry::Cell;
use crate::geometry::square::{neighbour, turned};
use crate::puzzle::{Puzzle, Tiling};
use crate::solution::{PlacedTile, Solution};

/// An inner edge whose two sides do not match: the position left of (or
/// above) it, the side of that position (`right` or `bottom`), and the two
/// labels that meet there (that position's first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    pub at: Cell,
    pub side: &'static str,
    pub labels: [String; 2],
}

/// A board's score: matched inner edges, out of all inner edges.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Score {
    pub score: u64,
    pub max_score: u64,
    pub mismatched: Vec<Mismatch>,
}

/// The score of `solution`, or what breaks a rule other than matching.
pub fn score(puzzle: &Puzzle, solution: &Solution) -> Result<Score, String> {
    let tiling = puzzle
        .tiling()
        .ok_or("a best score is for edge-matching puzzles")?;
    let Solution::Tiles(placed) = solution else {
        return Err("an edge-matching board holds tiles, not pieces".into());
    };
    let at = positions(puzzle, tiling, placed)?;
    let mut score = Score {
        score: 0,
        max_score: 0,
        mismatched: Vec::new(),
    };
    for p in placed {
        frame(tiling, &at, p)?;
        for (d, side) in [(1, "right"), (2, "bottom")] {
            let Some(&k) = at.get(&neighbour(p.at, d)) else {
                continue;
            };
            score.max_score += 1;
            let (mine, theirs) = (&p.edges[d], &placed[k].edges[(d + 2) % 4]);
            if tiling.matching.partner(mine) == *theirs {
                score.score += 1;
            } else {
                score.mismatched.push(Mismatch {
                    at: p.at,
                    side,
                    labels: [mine.clone(), theirs.clone()],
                });
            }
        }
    }
    Ok(score)
}

/// Every position holds exactly one tile, each tile is used as often as
/// its count, turned as the rules allow and where a clue fixes it: the
/// index of the tile at each position.
fn positions(
    puzzle: &Puzzle,
    tiling: &Tiling,
    placed: &[PlacedTile],
) -> Result<HashMap<Cell, usize>, String> {
    let board = &puzzle.board;
    let mut at = HashMap::new();
    let mut used = vec![0u32; tiling.tiles.len()];
    for (k, p) in placed.iter().enumerate() {
        let tile = tiling
            .tiles
            .get(p.tile)
            .ok_or_else(|| format!("the board names tile #{}, which is not listed", p.tile))?;
        used[p.tile] += 1;
        if board.index(p.at).is_none() || at.insert(p.at, k).is_some() {
            return Err(format!("position {} is off the board or taken twice", p.at));
        }
        let turn_ok = p.rotation < 4 && (tiling.turns || p.rotation == 0);
        if !turn_ok || turned(&tile.edges, p.rotation) != p.edges {
            return Err(format!(
                "tile {} at {} is not shown as its edges turned",
                tile.name, p.at
            ));
        }
        if let Some(f) = tile.fixed
            && (f.at != p.at || turned(&tile.edges, f.rotation) != p.edges)
        {
            return Err(format!("clue {} is not where it is fixed", tile.name));
        }
    }
    if let Some((t, n)) = tiling.tiles.iter().zip(&used).find(|(t, n)| **n != t.count) {
        return Err(format!(
            "tile {} is used {n} times, its count is {}",
            t.name, t.count
        ));
    }
    if let Some(c) = board.cells().iter().find(|c| !at.contains_key(c)) {
        return Err(format!("no tile lies at {c}"));
    }
    Ok(at)
}

/// With a `border` label: the edges of `p` facing the frame carry it and
/// its other edges do not.
fn frame(tiling: &Tiling, at: &HashMap<Cell, usize>, p: &PlacedTile) -> Result<(), String> {
    let Some(border) = &tiling.border else {
        return Ok(());
    };
    for d in 0..4 {
        let facing_frame = !at.contains_key(&neighbour(p.at, d));
        if (p.edges[d] == *border) != facing_frame {
            return Err(format!(
                "tile {} at {} breaks the frame on side {d}",
                tiling.tiles[p.tile].name, p.at
            ));
        }
    }
    Ok(())
}
