//! `jigsat info`: what jigsat makes of a puzzle, before solving it.

use crate::exit::Exit;
use serde_json::json;

use crate::cli::{EncodingArgs, InfoArgs};
use crate::cli::{Format, name};
use jigsat::api::Result;
use jigsat::api::info::{BUILD_AT_MOST, Info, PieceInfo, TilingInfo, problems};
use jigsat::api::options::Edges;

use super::shared::{Sink, open};

pub fn run(args: &InfoArgs) -> Result<Exit> {
    super::shared::no_picture(args.output.format, "info")?;
    let puzzle = open(&args.puzzle, &args.problem)?;
    let info = solver(&args.encoding)?.info(&puzzle)?;
    let problems = problems(&args.puzzle)?;
    let out = match args.output.format {
        Format::Json => {
            let mut doc = json_document(puzzle.name(), &info, args);
            if !problems.is_empty() {
                doc["problems"] = json!(problems);
            }
            serde_json::to_string_pretty(&doc).expect("plain JSON") + "\n"
        }
        _ => {
            let mut text = String::new();
            if !problems.is_empty() {
                text = format!("{}\n\n", problems.join("\n"));
            }
            text + &text_document(puzzle.name(), &info, args)
        }
    };
    Sink {
        path: args.output.output.as_deref(),
    }
    .write(&out)?;
    Ok(Exit::Done)
}

/// The library's solver for `info`'s encoding flags.
fn solver(e: &EncodingArgs) -> Result<jigsat::api::Solver> {
    jigsat::api::Solver::new()
        .encoding(&name(e.encoding))?
        .card(&name(e.card))?
        .edges(&name(e.edges))
}

fn json_document(puzzle: &str, info: &Info, args: &InfoArgs) -> serde_json::Value {
    let [w, h, d] = info.board_size;
    let (variables, clauses) = match info.cnf {
        Some(cnf) => (json!(cnf.variables), json!(cnf.clauses)),
        None => (json!(null), json!(null)),
    };
    let mut doc = json!({
        "puzzle": puzzle,
        "board": { "cells": info.board_cells, "size": [w, h, d], "fill": info.fill },
        "placements": info.placements,
        "encoding": { "name": args.encoding.encoding.name(), "card": args.encoding.card.name(), "variables": variables, "clauses": clauses },
        "encodings": info.encodings.iter().map(|c| json!({
            "name": c.encoding.name(),
            "variables": c.variables,
            "auxiliary": c.variables - info.placements,
            "clauses": c.clauses,
        })).collect::<Vec<_>>(),
        "symmetry": { "order": info.group_order, "rotations": info.rotations, "breaking": info.breaking },
        "precheck": info.refutation,
    });
    if let Some(bytes) = info.estimated_bytes {
        // Marked, so that no reader takes the figures for counts.
        doc["estimated"] = json!({
            "why": format!("more than {BUILD_AT_MOST} placements: estimated from bounding boxes, not built"),
            "placement_bytes": bytes,
        });
    }
    match &info.tiling {
        None => {
            doc["pieces"] = info
                .pieces
                .iter()
                .map(|piece| {
                    json!({
                        "piece": piece.name,
                        "glyph": piece.glyph.to_string(),
                        "cells": piece.cells,
                        "count": piece.count,
                        "orientations": piece.orientations,
                        "placements": piece.placements,
                    })
                })
                .collect();
        }
        Some(tiling) => {
            doc["tiles"] = tiling
                .tiles
                .iter()
                .map(|tile| {
                    json!({
                        "tile": tile.name,
                        "edges": tile.edges,
                        "count": tile.count,
                        "orientations": tile.orientations,
                        "placements": tile.placements,
                    })
                })
                .collect();
            doc["encoding"]["edges"] = json!(args.encoding.edges.name());
        }
    }
    doc
}

fn text_document(puzzle: &str, info: &Info, args: &InfoArgs) -> String {
    let [w, h, d] = info.board_size;
    let mut out = format!("{puzzle}\n");
    if let Some(d) = &info.description {
        out += &format!("  {d}\n");
    }
    out += &format!(
        "board: {} cells in a {w}x{h}{} box, fill {}\n\n",
        info.board_cells,
        if d > 1 {
            format!("x{d}")
        } else {
            String::new()
        },
        info.fill
    );
    match &info.tiling {
        Some(tiling) => out += &tile_table(tiling, args.encoding.edges),
        None => out += &piece_table(&info.pieces, info.estimated_bytes.is_some()),
    }
    match (info.cnf, info.estimated_memory()) {
        (Some(cnf), _) => {
            out += &format!(
                "\n{} placements; CNF with {} encoding and symmetry breaking: {} variables, {} clauses\n",
                info.placements, cnf.encoding, cnf.variables, cnf.clauses
            );
            out += &format!(
                "\n{:<12} {:>10} {:>10} {:>10}   (cardinality: {})\n",
                "encoding", "variables", "auxiliary", "clauses", args.encoding.card
            );
            for c in &info.encodings {
                out += &format!(
                    "{:<12} {:>10} {:>10} {:>10}\n",
                    c.encoding.name(),
                    c.variables,
                    c.variables - info.placements,
                    c.clauses
                );
            }
        }
        (None, memory) => {
            out += &format!(
                "\nabout {} placements, estimated (more than {BUILD_AT_MOST}: not built), taking about {}; the CNF is not counted\n",
                info.placements,
                memory.unwrap_or_default(),
            );
        }
    }
    out += &format!(
        "\nsymmetry group of order {} ({} rotations, {} reflections)\n",
        info.group_order,
        info.rotations,
        info.group_order - info.rotations
    );
    match &info.breaking {
        Some(b) => out += &format!("symmetry breaking: {b}\n"),
        None if info.estimated_bytes.is_some() => {
            out += "symmetry breaking and pre-check: not run (the placements are not built)\n"
        }
        None => out += "symmetry breaking: none (nothing to gain)\n",
    }
    if let Some(r) = &info.refutation {
        out += &format!("pre-check: no solution: {r}\n");
    }
    out
}

/// `estimated`: the placements are estimates, headed so.
fn piece_table(pieces: &[PieceInfo], estimated: bool) -> String {
    let mut out = format!(
        "{:<16} {:>5} {:>6} {:>6} {:>12} {:>10}\n",
        "piece",
        "glyph",
        "cells",
        "count",
        "orientations",
        if estimated {
            "~placements"
        } else {
            "placements"
        }
    );
    for piece in pieces {
        out += &format!(
            "{:<16} {:>5} {:>6} {:>6} {:>12} {:>10}\n",
            piece.name, piece.glyph, piece.cells, piece.count, piece.orientations, piece.placements
        );
    }
    out
}

fn tile_table(tiling: &TilingInfo, edges: Edges) -> String {
    let mut out = format!(
        "match {}, border {}, tiles {}; edges encoded with `{edges}`\n\n",
        tiling.matching,
        tiling.border.as_deref().unwrap_or("(none)"),
        if tiling.turns { "turn" } else { "do not turn" },
    );
    out += &format!(
        "{:<16} {:<40} {:>6} {:>12} {:>10}\n",
        "tile", "edges (top, right, bottom, left)", "count", "orientations", "placements"
    );
    for tile in &tiling.tiles {
        out += &format!(
            "{:<16} {:<40} {:>6} {:>12} {:>10}\n",
            tile.name,
            tile.edges.join(" "),
            tile.count,
            tile.orientations,
            tile.placements
        );
    }
    out
}
