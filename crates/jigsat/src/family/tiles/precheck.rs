//! Counting arguments that prove a framed tile set impossible before any
//! search: the tiles' shapes against the board's positions, and the
//! colours' half-edges against the edges they must pair up on.
//!
//! With a `border` label a tile's border edges must face the frame and
//! its other edges must not, so a tile can only go to a position whose
//! frame-facing sides have the same pattern (a **kind**: none, one side,
//! two sides at a corner, ...). The kinds must be counted alike on both
//! sides, or some position is left without a tile. On a whole rectangle
//! at least 3 x 3 the kinds also fix where each half-edge ends up:
//!
//! - a corner's and an edge tile's sides along the frame lie on edges
//!   between two frame tiles, so they pair among themselves;
//! - an edge tile's inward side faces an inner tile, which must show its
//!   partner there;
//! - what the inner tiles show beyond that pairs among inner tiles.
//!
//! A colour that cannot pair up in one of those groups (an odd count
//! under `match = "equal"`, `X+` and `X-` unequal under `"complement"`)
//! refutes the tile set, with the colour and the group named. Without a
//! `border` label the rim's edges are free and no count is fixed.

use std::collections::BTreeMap;

use crate::geometry::Board;
use crate::geometry::square::{neighbour, turned};
use crate::puzzle::{Matching, Puzzle, Tiling};

/// The reason the tile set cannot fill the board, when counting proves it.
pub fn refute(puzzle: &Puzzle, tiling: &Tiling) -> Option<String> {
    let border = tiling.border.as_deref()?;
    kinds(&puzzle.board, tiling, border).or_else(|| colours(&puzzle.board, tiling, border))
}

/// The names of the kinds of position, by number of frame-facing sides.
fn kind_name(sides: [bool; 4]) -> &'static str {
    match sides.iter().filter(|&&s| s).count() {
        0 => "inner",
        1 => "edge",
        2 if sides[0] == sides[2] => "strip (frame on two opposite sides)",
        2 => "corner",
        3 => "end (frame on three sides)",
        _ => "lone (frame on every side)",
    }
}

/// A pattern of four sides up to the turns the rules allow: the least of
/// its turns, so that two patterns one turn apart are one kind.
fn canonical(sides: [bool; 4], turns: bool) -> [bool; 4] {
    if !turns {
        return sides;
    }
    (0..4).map(|r| turned(&sides, r)).min().expect("four turns")
}

/// Tiles and positions counted per kind must agree.
fn kinds(board: &Board, tiling: &Tiling, border: &str) -> Option<String> {
    let mut count: BTreeMap<[bool; 4], (u64, u64)> = BTreeMap::new();
    for &c in board.cells() {
        let sides = [0, 1, 2, 3].map(|d| board.index(neighbour(c, d)).is_none());
        count.entry(canonical(sides, tiling.turns)).or_default().1 += 1;
    }
    for t in &tiling.tiles {
        let sides = t.edges.clone().map(|e| e == border);
        count.entry(canonical(sides, tiling.turns)).or_default().0 += u64::from(t.count);
    }
    let wrong: Vec<String> = count
        .into_iter()
        .filter(|(_, (t, p))| t != p)
        .map(|(sides, (tiles, positions))| {
            let kind = kind_name(sides);
            let n = sides.iter().filter(|&&s| s).count();
            format!("{tiles} {kind} tiles (the border label {border} on {n} sides) for {positions} {kind} positions")
        })
        .collect();
    (!wrong.is_empty()).then(|| wrong.join(", "))
}

/// Half-edges per label in each group of a framed rectangle (see the
/// module documentation): the frame's own edges, the inner tiles' sides
/// left after facing the edge tiles, and the partners the edge tiles ask
/// of the inner tiles.
#[derive(Default)]
struct Groups {
    frame: BTreeMap<String, i64>,
    inner: BTreeMap<String, i64>,
}

fn colours(board: &Board, tiling: &Tiling, border: &str) -> Option<String> {
    let [w, h, _] = board.extent();
    if w < 3 || h < 3 || board.len() != (w * h) as usize {
        return None;
    }
    let mut groups = Groups::default();
    for t in &tiling.tiles {
        let n = i64::from(t.count);
        let at = |d: usize| t.edges[d] == border;
        let borders = (0..4).filter(|&d| at(d)).count();
        for d in (0..4).filter(|&d| !at(d)) {
            let label = t.edges[d].clone();
            let inward = borders == 1 && at((d + 2) % 4);
            if borders == 0 {
                *groups.inner.entry(label).or_default() += n;
            } else if inward {
                // The inner tile across shows the partner.
                let partner = tiling.matching.partner(&label);
                *groups.inner.entry(partner).or_default() -= n;
            } else {
                *groups.frame.entry(label).or_default() += n;
            }
        }
    }
    unpaired(
        &groups.frame,
        tiling.matching,
        "on the sides along the frame (corners and edge tiles)",
    )
    .or_else(|| {
        unpaired(
            &groups.inner,
            tiling.matching,
            "on the inner tiles, beyond those the edge tiles' inward sides take",
        )
    })
}

/// The first label whose half-edges cannot pair up: an odd or negative
/// count (equal matching), or `X+` and `X-` counted differently.
fn unpaired(count: &BTreeMap<String, i64>, matching: Matching, group: &str) -> Option<String> {
    for (label, &n) in count {
        let partner = matching.partner(label);
        if n < 0 {
            return Some(format!(
                "the edge tiles' inward sides ask for {} more {label} than the inner tiles show",
                -n
            ));
        }
        let bad = if partner == *label {
            n % 2 == 1
        } else {
            n != count.get(&partner).copied().unwrap_or(0)
        };
        if bad {
            let m = count.get(&partner).copied().unwrap_or(0);
            return Some(if partner == *label {
                format!(
                    "colour {label} shows {n} times {group}, an odd number: they cannot all pair up"
                )
            } else {
                format!(
                    "{label} shows {n} times {group} but {partner} {m} times: they cannot all pair up"
                )
            });
        }
    }
    None
}
