//! `jigsat info`: what jigsat makes of a puzzle, before solving it.

use serde_json::json;

use clap::ValueEnum;

use crate::cli::InfoArgs;
use crate::encode::Encoding;
use crate::error::Result;
use crate::puzzle::Fill;
use crate::render::Format;
use crate::{Instance, impossible};

use super::{Sink, load};

pub fn run(args: &InfoArgs) -> Result<i32> {
    super::no_picture(args.output.format, "info")?;
    let puzzle = load(&args.puzzle)?;
    let instance = Instance::new(&puzzle)?;
    let card = args.encoding.card;
    let breaking = instance.breaking(&puzzle, true);
    let encoded = instance.encode(
        args.encoding.encoding,
        card,
        args.encoding.edges,
        breaking.as_ref(),
    );
    let group = &instance.group;
    let breaking_text = breaking.as_ref().map(|b| b.description.clone());
    // The CNF's size under every encoding, as `solve` would build it.
    let sizes: Vec<(Encoding, u32, usize)> = Encoding::value_variants()
        .iter()
        .map(|&e| {
            let cnf = instance
                .encode(e, card, args.encoding.edges, breaking.as_ref())
                .cnf;
            (e, cnf.num_vars(), cnf.num_clauses())
        })
        .collect();
    let options = instance.placements.all.len() as u32;
    let refutation = impossible::refute(&puzzle, &instance.placements);
    let [w, h, d] = puzzle.board.extent();
    let fill = match puzzle.fill {
        Fill::Exact => "exact",
        Fill::Partial => "partial",
    };
    let pieces: Vec<_> = puzzle
        .pieces
        .iter()
        .enumerate()
        .map(|(p, piece)| {
            json!({
                "piece": piece.name,
                "glyph": piece.glyph.to_string(),
                "cells": piece.shape.len(),
                "count": piece.count.to_string(),
                "orientations": instance.placements.orientations[p].len(),
                "placements": instance.placements.count_for(p),
            })
        })
        .collect();
    let tiles: Vec<_> = puzzle
        .tiling
        .iter()
        .flat_map(|t| t.tiles.iter().enumerate())
        .map(|(t, tile)| {
            json!({
                "tile": tile.name,
                "edges": tile.edges,
                "count": tile.count,
                "orientations": instance.placements.looks[t].len(),
                "placements": instance.placements.count_for(t),
            })
        })
        .collect();
    let out = match args.output.format {
        Format::Json => {
            let mut doc = json!({
                "puzzle": puzzle.name,
                "board": { "cells": puzzle.board.len(), "size": [w, h, d], "fill": fill },
                "pieces": pieces,
                "placements": instance.placements.all.len(),
                "encoding": { "name": encoded.encoding.name(), "card": card.name(), "variables": encoded.cnf.num_vars(), "clauses": encoded.cnf.num_clauses() },
                "encodings": sizes.iter().map(|&(e, vars, clauses)| json!({
                    "name": e.name(),
                    "variables": vars,
                    "auxiliary": vars - options,
                    "clauses": clauses,
                })).collect::<Vec<_>>(),
                "symmetry": { "order": group.order(), "rotations": group.rotations(), "breaking": breaking_text },
                "precheck": refutation,
            });
            if puzzle.tiling.is_some() {
                doc["tiles"] = json!(tiles);
                doc["encoding"]["edges"] = json!(args.encoding.edges.name());
                doc.as_object_mut().map(|o| o.remove("pieces"));
            }
            serde_json::to_string_pretty(&doc).expect("plain JSON") + "\n"
        }
        Format::Text | Format::Svg => {
            let mut out = format!("{}\n", puzzle.name);
            if let Some(d) = &puzzle.description {
                out += &format!("  {d}\n");
            }
            out += &format!(
                "board: {} cells in a {w}x{h}{} box, fill {fill}\n\n",
                puzzle.board.len(),
                if d > 1 {
                    format!("x{d}")
                } else {
                    String::new()
                }
            );
            if let Some(tiling) = &puzzle.tiling {
                out += &format!(
                    "match {}, border {}, tiles {}; edges encoded with `{}`\n\n",
                    match tiling.matching {
                        crate::puzzle::Matching::Equal => "equal",
                        crate::puzzle::Matching::Complement => "complement",
                    },
                    tiling.border.as_deref().unwrap_or("(none)"),
                    if tiling.turns { "turn" } else { "do not turn" },
                    args.encoding.edges
                );
                out += &format!(
                    "{:<16} {:<40} {:>6} {:>12} {:>10}\n",
                    "tile",
                    "edges (top, right, bottom, left)",
                    "count",
                    "orientations",
                    "placements"
                );
                for (t, tile) in tiling.tiles.iter().enumerate() {
                    out += &format!(
                        "{:<16} {:<40} {:>6} {:>12} {:>10}\n",
                        tile.name,
                        tile.edges.join(" "),
                        tile.count,
                        instance.placements.looks[t].len(),
                        instance.placements.count_for(t)
                    );
                }
            } else {
                out += &format!(
                    "{:<16} {:>5} {:>6} {:>6} {:>12} {:>10}\n",
                    "piece", "glyph", "cells", "count", "orientations", "placements"
                );
                for (p, piece) in puzzle.pieces.iter().enumerate() {
                    out += &format!(
                        "{:<16} {:>5} {:>6} {:>6} {:>12} {:>10}\n",
                        piece.name,
                        piece.glyph,
                        piece.shape.len(),
                        piece.count.to_string(),
                        instance.placements.orientations[p].len(),
                        instance.placements.count_for(p)
                    );
                }
            }
            out += &format!(
                "\n{} placements; CNF with {} encoding and symmetry breaking: {} variables, {} clauses\n",
                instance.placements.all.len(),
                encoded.encoding,
                encoded.cnf.num_vars(),
                encoded.cnf.num_clauses()
            );
            out += &format!(
                "\n{:<12} {:>10} {:>10} {:>10}   (cardinality: {card})\n",
                "encoding", "variables", "auxiliary", "clauses"
            );
            for &(e, vars, clauses) in &sizes {
                out += &format!(
                    "{:<12} {vars:>10} {:>10} {clauses:>10}\n",
                    e.name(),
                    vars - options
                );
            }
            out += &format!(
                "\nsymmetry group of order {} ({} rotations, {} reflections)\n",
                group.order(),
                group.rotations(),
                group.order() - group.rotations()
            );
            match &breaking_text {
                Some(b) => out += &format!("symmetry breaking: {b}\n"),
                None => out += "symmetry breaking: none (nothing to gain)\n",
            }
            if let Some(r) = refutation {
                out += &format!("pre-check: no solution: {r}\n");
            }
            out
        }
    };
    Sink {
        path: args.output.output.as_deref(),
    }
    .write(&out)?;
    Ok(0)
}
