//! The contract's JSON solution output.
//!
//! Cells are `[x, y, z]`, or `[x, y]` on a flat board, in the puzzle file's
//! axes: what the user drew is what comes back.

use serde::Serialize;
use serde_json::{Value, json};

use crate::puzzle::Puzzle;
use crate::solution::Solution;
use crate::{Stats, Status};

#[derive(Serialize)]
struct Output<'a> {
    puzzle: &'a str,
    status: Status,
    solutions: Vec<Value>,
    count: Option<u64>,
    distinct: Option<u64>,
    stats: &'a Stats,
}

/// The JSON document for a run. `count` and `distinct` are `None` for a
/// plain solve.
pub fn document(
    puzzle: &Puzzle,
    status: Status,
    solutions: &[Solution],
    counts: Option<(u64, u64)>,
    stats: &Stats,
) -> String {
    let output = Output {
        puzzle: &puzzle.name,
        status,
        solutions: solutions.iter().map(|s| solution(puzzle, s)).collect(),
        count: counts.map(|c| c.0),
        distinct: counts.map(|c| c.1),
        stats,
    };
    let mut text = serde_json::to_string_pretty(&output).expect("JSON of plain data");
    text.push('\n');
    text
}

pub fn solution(puzzle: &Puzzle, solution: &Solution) -> Value {
    if let Some(tiling) = puzzle.tiling() {
        let tiles: Vec<Value> = solution
            .tiles()
            .iter()
            .map(|t| {
                json!({
                    "tile": tiling.tiles[t.tile].name,
                    "at": [t.at.x, t.at.y],
                    "rotation": t.rotation,
                    "edges": t.edges,
                })
            })
            .collect();
        return json!({ "tiles": tiles });
    }
    let flat = puzzle.is_flat();
    let pieces: Vec<Value> = solution
        .pieces()
        .iter()
        .map(|p| {
            let cells: Vec<Value> = p
                .cells
                .iter()
                .map(|c| {
                    if flat {
                        json!([c.x, c.y])
                    } else {
                        json!([c.x, c.y, c.z])
                    }
                })
                .collect();
            json!({ "piece": puzzle.pieces()[p.piece].name, "cells": cells })
        })
        .collect();
    json!({ "pieces": pieces })
}
