//! The contract's JSON solution output.
//!
//! Cells are `[x, y, z]`, or `[x, y]` on a flat board, in the puzzle file's
//! axes: what the user drew is what comes back.

use std::io::{self, Write};

use serde_json::{Value, json};

use crate::geometry::Lattice;
use crate::puzzle::Puzzle;
use crate::report::{Stats, Status};
use crate::solution::Solution;

/// The JSON document for a run. `count` and `distinct` are `None` for a
/// plain solve. Written by the same [`Writer`] that `solve --all` streams
/// through, so a document held and one streamed are the same bytes.
pub fn document(
    puzzle: &Puzzle,
    status: Status,
    solutions: &[Solution],
    counts: Option<(u64, u64)>,
    stats: &Stats,
) -> String {
    document_with(puzzle, status, solutions, &[], counts, stats)
}

/// [`document`] with fields added to the solutions: `extra[i]` after the
/// `i`-th solution's own (e.g. `comes_apart` and `level`, which a plain
/// solve of a puzzle in space gives its solution), in the map's order.
pub fn document_with(
    puzzle: &Puzzle,
    status: Status,
    solutions: &[Solution],
    extra: &[serde_json::Map<String, Value>],
    counts: Option<(u64, u64)>,
    stats: &Stats,
) -> String {
    let mut writer = Writer::start(Vec::new(), puzzle).expect("writing to memory");
    let none = serde_json::Map::new();
    for (i, s) in solutions.iter().enumerate() {
        writer
            .solution_with(puzzle, s, extra.get(i).unwrap_or(&none))
            .expect("writing to memory");
    }
    let bytes = writer
        .finish(status, counts, stats)
        .expect("writing to memory");
    String::from_utf8(bytes).expect("JSON is UTF-8")
}

/// The document written as the run goes: the puzzle's name first, then
/// each solution as it is found, one a line, then what is known only at
/// the end — the status, the counts and the figures — so that a listing
/// of millions of solutions is never held. The object's fields come in
/// that order (JSON objects are unordered; readers look fields up).
pub struct Writer<W: Write> {
    out: W,
    listed: u64,
    /// The pieces' names as JSON strings, made once.
    names: Vec<String>,
}

impl<W: Write> Writer<W> {
    /// Writes the opening, up to the solutions' list.
    pub fn start(mut out: W, puzzle: &Puzzle) -> io::Result<Writer<W>> {
        let quote = |name: &str| serde_json::to_string(name).map_err(io::Error::other);
        write!(
            out,
            "{{\n  \"puzzle\": {},\n  \"solutions\": [",
            quote(&puzzle.name)?
        )?;
        let names = match puzzle.tiling() {
            Some(_) => Vec::new(),
            None => puzzle
                .pieces()
                .iter()
                .map(|p| quote(&p.name))
                .collect::<io::Result<_>>()?,
        };
        Ok(Writer {
            out,
            listed: 0,
            names,
        })
    }

    /// Writes one solution of `puzzle`, on a line of its own: what
    /// [`solution`] makes, written directly for pieces (a listing of
    /// millions spends its time here).
    pub fn solution(&mut self, puzzle: &Puzzle, s: &Solution) -> io::Result<()> {
        self.solution_with(puzzle, s, &serde_json::Map::new())
    }

    /// [`Writer::solution`] with `extra` fields after the solution's own.
    pub fn solution_with(
        &mut self,
        puzzle: &Puzzle,
        s: &Solution,
        extra: &serde_json::Map<String, Value>,
    ) -> io::Result<()> {
        let out = &mut self.out;
        out.write_all(if self.listed == 0 {
            b"\n    "
        } else {
            b",\n    "
        })?;
        self.listed += 1;
        if puzzle.tiling().is_some() {
            let mut value = solution(puzzle, s);
            if let Some(obj) = value.as_object_mut() {
                obj.extend(extra.clone());
            }
            let value = serde_json::to_string(&value).map_err(io::Error::other)?;
            return out.write_all(value.as_bytes());
        }
        let flat = puzzle.is_flat();
        let lattice = puzzle.board.lattice();
        out.write_all(b"{\"pieces\":[")?;
        for (k, p) in s.pieces().iter().enumerate() {
            // The documented order, `piece` then `cells` ([`solution`]'s).
            let name = self.names.get(p.piece).map_or("null", String::as_str);
            let sep = if k == 0 { "" } else { "," };
            write!(out, "{sep}{{\"piece\":{name},\"cells\":[")?;
            for (i, c) in p.cells.iter().enumerate() {
                let sep = if i == 0 { "" } else { "," };
                match (in_file_coords(lattice), flat) {
                    (true, _) => {
                        let v: Vec<String> =
                            lattice.coords(*c).iter().map(i32::to_string).collect();
                        write!(out, "{sep}[{}]", v.join(","))?
                    }
                    (false, true) => write!(out, "{sep}[{},{}]", c.x, c.y)?,
                    (false, false) => write!(out, "{sep}[{},{},{}]", c.x, c.y, c.z)?,
                }
            }
            out.write_all(b"]}")?;
        }
        out.write_all(b"]")?;
        for (key, value) in extra {
            let key = serde_json::to_string(key).map_err(io::Error::other)?;
            let value = serde_json::to_string(value).map_err(io::Error::other)?;
            write!(out, ",{key}:{value}")?;
        }
        out.write_all(b"}")
    }

    /// Solutions written so far.
    pub fn listed(&self) -> u64 {
        self.listed
    }

    /// The output, as it is, without an end: for a run that failed and
    /// writes no document.
    pub fn into_inner(self) -> W {
        self.out
    }

    /// Writes the end — status, counts (`None`: not known, written as
    /// null) and figures — and hands the output back.
    pub fn finish(
        mut self,
        status: Status,
        counts: Option<(u64, u64)>,
        stats: &Stats,
    ) -> io::Result<W> {
        let close = if self.listed == 0 { "]" } else { "\n  ]" };
        let status = serde_json::to_string(&status).map_err(io::Error::other)?;
        let (count, distinct) = match counts {
            Some((c, d)) => (c.to_string(), d.to_string()),
            None => ("null".to_string(), "null".to_string()),
        };
        let stats = serde_json::to_string_pretty(stats)
            .map_err(io::Error::other)?
            .replace('\n', "\n  ");
        write!(
            self.out,
            "{close},\n  \"status\": {status},\n  \"count\": {count},\n  \"distinct\": {distinct},\n  \"stats\": {stats}\n}}\n"
        )?;
        self.out.flush()?;
        Ok(self.out)
    }
}

/// One solution as the contract's JSON value (its fields in the order
/// serde_json keeps them: sorted).
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
    let lattice = puzzle.board.lattice();
    let pieces: Vec<Value> = solution
        .pieces()
        .iter()
        .map(|p| {
            let cells: Vec<Value> = p
                .cells
                .iter()
                .map(|c| {
                    if in_file_coords(lattice) {
                        json!(lattice.coords(*c))
                    } else if flat {
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

/// Whether a cell is written in the file's own coordinates of its grid
/// (`[x, y, t]` triangles, `[x, y, t, z]` prisms, BurrTools' voxels …)
/// rather than as the lattice point it is: every grid but the cubes and
/// the balls, whose file coordinates are the point itself.
fn in_file_coords(lattice: Lattice) -> bool {
    !matches!(lattice, Lattice::Cubic | Lattice::Spheres)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The listing's direct writing is the value [`solution`] makes, for
    /// flat boards and solids.
    #[test]
    fn a_solution_written_directly_is_its_value() {
        let dir = env!("CARGO_MANIFEST_DIR");
        for name in ["pentomino-6x10.toml", "soma.toml"] {
            let path = std::path::Path::new(dir).join("puzzles").join(name);
            let puzzle = Puzzle::load(&path).unwrap();
            let found =
                crate::pipeline::solve(&puzzle, &crate::options::Options::default()).unwrap();
            let s = &found.solutions[0];
            let mut writer = Writer::start(Vec::new(), &puzzle).unwrap();
            writer.solution(&puzzle, s).unwrap();
            let text = String::from_utf8(writer.out).unwrap();
            let line = text.lines().last().unwrap().trim();
            assert_eq!(line, solution(&puzzle, s).to_string(), "{name}");
        }
    }
}
