//! `jigsat info`: what jigsat makes of a puzzle, before solving it.

use crate::exit::Exit;
use serde_json::json;

use clap::ValueEnum;

use crate::cli::{EncodingArgs, InfoArgs};
use jigsat::internal::encode::{EdgeEncoding, Encoding};
use std::path::Path;

use crate::cli::Format;
use jigsat::api::Result;
use jigsat::internal::family::PartSize;
use jigsat::internal::family::packing::{self, placement};
use jigsat::internal::instance::Instance;
use jigsat::internal::puzzle::{Fill, Kind, Matching, Piece, Puzzle, Tiling, burrtools};

use super::shared::{Sink, load};

pub fn run(args: &InfoArgs) -> Result<Exit> {
    super::shared::no_picture(args.output.format, "info")?;
    let puzzle = load(&args.puzzle, &args.problem)?;
    let facts = match Facts::estimated(&puzzle) {
        Some(facts) => facts,
        None => Facts::gather(&Instance::new(&puzzle)?, &args.encoding),
    };
    let problems = problems(&args.puzzle)?;
    let out = match args.output.format {
        Format::Json => {
            let mut doc = json_document(&puzzle, &facts, args);
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
            text + &text_document(&puzzle, &facts, args)
        }
    };
    Sink {
        path: args.output.output.as_deref(),
    }
    .write(&out)?;
    Ok(Exit::Done)
}

/// Above this many placements (by their estimate) `info` estimates
/// instead of building: `info` is what a user runs first on a puzzle to
/// see how big it is, so it must answer within seconds, and building 2 M
/// placements of a 500x500 board, their cover, group and CNF counts took
/// over 10 s in release. 200,000 build in a fraction of a second.
const BUILD_AT_MOST: u64 = 200_000;

/// What `info` reports, whatever the format.
struct Facts {
    /// Placements (options of the cover).
    options: u32,
    /// Per piece or tile: orientations and placements.
    sizes: Vec<PartSize>,
    /// The CNF `solve` would build: encoding name, variables, clauses;
    /// `None` when estimated.
    encoding: Option<(Encoding, u32, usize)>,
    /// The CNF's size under every at-most-one encoding.
    encodings: Vec<(Encoding, u32, usize)>,
    order: usize,
    rotations: usize,
    breaking: Option<String>,
    refutation: Option<String>,
    /// When nothing was built: the bytes the placements would take. The
    /// placements are then an estimate from bounding boxes (exact on a
    /// solid box, more than there are on a board with holes), and the
    /// CNF, the symmetry breaking and the pre-check are left out.
    estimated: Option<u64>,
}

impl Facts {
    /// The facts of a packing puzzle with more than [`BUILD_AT_MOST`]
    /// placements, estimated; `None` for any other puzzle.
    fn estimated(puzzle: &Puzzle) -> Option<Facts> {
        if puzzle.tiling().is_some() {
            return None;
        }
        let total = placement::estimate_for(puzzle);
        if total.placements <= BUILD_AT_MOST {
            return None;
        }
        let pieces = placement::estimate_pieces(puzzle);
        // A piece that must be used and fits nowhere: the placements are
        // not made at all (Placements::generate), and the pre-check says
        // why there is no solution, which is worth more than estimates.
        let stranded = puzzle
            .pieces()
            .iter()
            .zip(&pieces)
            .any(|(piece, &(orientations, _))| piece.count.min > 0 && orientations == 0);
        if stranded {
            return None;
        }
        let (order, rotations) = packing::group_size_unbuilt(puzzle);
        Some(Facts {
            options: total.placements.min(u64::from(u32::MAX)) as u32,
            sizes: pieces
                .into_iter()
                .map(|(orientations, e)| PartSize {
                    orientations,
                    placements: e.placements as usize,
                })
                .collect(),
            encoding: None,
            encodings: Vec::new(),
            order,
            rotations,
            breaking: None,
            refutation: None,
            estimated: Some(total.bytes),
        })
    }

    fn gather(instance: &Instance, args: &EncodingArgs) -> Facts {
        let breaking = instance.breaking(true);
        let units = breaking.as_ref().map_or(0, |b| b.forbidden.len());
        // Counted, not built: a pairwise CNF of Calibron 12 would take
        // gigabytes (encode::size).
        let size = |e: Encoding| {
            let size = jigsat::internal::encode::size(instance.cover(), e, args.card, args.edges);
            (e, size.variables as u32, size.clauses as usize + units)
        };
        Facts {
            options: instance.cover().options.len() as u32,
            sizes: instance.family().sizes(),
            encoding: Some(size(args.encoding)),
            encodings: Encoding::value_variants()
                .iter()
                .map(|&e| size(e))
                .collect(),
            order: instance.group().order(),
            rotations: instance.group().rotations(),
            breaking: breaking.map(|b| b.description),
            refutation: instance.family().refute(),
            estimated: None,
        }
    }
}

fn fill_name(puzzle: &Puzzle) -> String {
    let mut name = match puzzle.fill {
        Fill::Exact => "exact".to_string(),
        Fill::Partial => "partial".to_string(),
    };
    if puzzle.fill == Fill::Exact && !puzzle.optional.is_empty() {
        name += &format!(" ({} optional cells may stay empty)", puzzle.optional.len());
    }
    if puzzle.colours.is_some() {
        name += ", with colour constraints";
    }
    name
}

/// A BurrTools file's problems, one line each; none for a TOML file.
fn problems(path: &Path) -> Result<Vec<String>> {
    let bytes = jigsat::internal::input::read(path)?;
    if !burrtools::is_xmpuzzle(path, &bytes) {
        return Ok(Vec::new());
    }
    Ok(burrtools::read(&bytes, &path.display().to_string())?.summaries())
}

fn json_document(puzzle: &Puzzle, facts: &Facts, args: &InfoArgs) -> serde_json::Value {
    let [w, h, d] = puzzle.board.extent();
    let (variables, clauses) = match facts.encoding {
        Some((_, variables, clauses)) => (json!(variables), json!(clauses)),
        None => (json!(null), json!(null)),
    };
    let mut doc = json!({
        "puzzle": puzzle.name,
        "board": { "cells": puzzle.board.len(), "size": [w, h, d], "fill": fill_name(puzzle) },
        "placements": facts.options,
        "encoding": { "name": args.encoding.encoding.name(), "card": args.encoding.card.name(), "variables": variables, "clauses": clauses },
        "encodings": facts.encodings.iter().map(|&(e, vars, clauses)| json!({
            "name": e.name(),
            "variables": vars,
            "auxiliary": vars - facts.options,
            "clauses": clauses,
        })).collect::<Vec<_>>(),
        "symmetry": { "order": facts.order, "rotations": facts.rotations, "breaking": facts.breaking },
        "precheck": facts.refutation,
    });
    if let Some(bytes) = facts.estimated {
        // Marked, so that no reader takes the figures for counts.
        doc["estimated"] = json!({
            "why": format!("more than {BUILD_AT_MOST} placements: estimated from bounding boxes, not built"),
            "placement_bytes": bytes,
        });
    }
    match &puzzle.kind {
        Kind::Pieces(pieces) => {
            doc["pieces"] = pieces
                .iter()
                .zip(&facts.sizes)
                .map(|(piece, size)| {
                    json!({
                        "piece": piece.name,
                        "glyph": piece.glyph.to_string(),
                        "cells": piece.shape.len(),
                        "count": piece.count.to_string(),
                        "orientations": size.orientations,
                        "placements": size.placements,
                    })
                })
                .collect();
        }
        Kind::Tiles(tiling) => {
            doc["tiles"] = tiling
                .tiles
                .iter()
                .zip(&facts.sizes)
                .map(|(tile, size)| {
                    json!({
                        "tile": tile.name,
                        "edges": tile.edges,
                        "count": tile.count,
                        "orientations": size.orientations,
                        "placements": size.placements,
                    })
                })
                .collect();
            doc["encoding"]["edges"] = json!(args.encoding.edges.name());
        }
    }
    doc
}

fn text_document(puzzle: &Puzzle, facts: &Facts, args: &InfoArgs) -> String {
    let [w, h, d] = puzzle.board.extent();
    let mut out = format!("{}\n", puzzle.name);
    if let Some(d) = &puzzle.description {
        out += &format!("  {d}\n");
    }
    out += &format!(
        "board: {} cells in a {w}x{h}{} box, fill {}\n\n",
        puzzle.board.len(),
        if d > 1 {
            format!("x{d}")
        } else {
            String::new()
        },
        fill_name(puzzle)
    );
    match &puzzle.kind {
        Kind::Tiles(tiling) => out += &tile_table(tiling, &facts.sizes, args.encoding.edges),
        Kind::Pieces(pieces) => {
            out += &piece_table(pieces, &facts.sizes, facts.estimated.is_some())
        }
    }
    match (facts.encoding, facts.estimated) {
        (Some((encoding, variables, clauses)), _) => {
            out += &format!(
                "\n{} placements; CNF with {encoding} encoding and symmetry breaking: {variables} variables, {clauses} clauses\n",
                facts.options,
            );
            out += &format!(
                "\n{:<12} {:>10} {:>10} {:>10}   (cardinality: {})\n",
                "encoding", "variables", "auxiliary", "clauses", args.encoding.card
            );
            for &(e, vars, clauses) in &facts.encodings {
                out += &format!(
                    "{:<12} {vars:>10} {:>10} {clauses:>10}\n",
                    e.name(),
                    vars - facts.options
                );
            }
        }
        (None, bytes) => {
            out += &format!(
                "\nabout {} placements, estimated (more than {BUILD_AT_MOST}: not built), taking about {}; the CNF is not counted\n",
                facts.options,
                jigsat::internal::process::budget::human(bytes.unwrap_or(0)),
            );
        }
    }
    out += &format!(
        "\nsymmetry group of order {} ({} rotations, {} reflections)\n",
        facts.order,
        facts.rotations,
        facts.order - facts.rotations
    );
    match &facts.breaking {
        Some(b) => out += &format!("symmetry breaking: {b}\n"),
        None if facts.estimated.is_some() => {
            out += "symmetry breaking and pre-check: not run (the placements are not built)\n"
        }
        None => out += "symmetry breaking: none (nothing to gain)\n",
    }
    if let Some(r) = &facts.refutation {
        out += &format!("pre-check: no solution: {r}\n");
    }
    out
}

/// `estimated`: the placements are estimates, headed so.
fn piece_table(pieces: &[Piece], sizes: &[PartSize], estimated: bool) -> String {
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
    for (piece, size) in pieces.iter().zip(sizes) {
        out += &format!(
            "{:<16} {:>5} {:>6} {:>6} {:>12} {:>10}\n",
            piece.name,
            piece.glyph,
            piece.shape.len(),
            piece.count.to_string(),
            size.orientations,
            size.placements
        );
    }
    out
}

fn tile_table(tiling: &Tiling, sizes: &[PartSize], edges: EdgeEncoding) -> String {
    let mut out = format!(
        "match {}, border {}, tiles {}; edges encoded with `{edges}`\n\n",
        match tiling.matching {
            Matching::Equal => "equal",
            Matching::Complement => "complement",
        },
        tiling.border.as_deref().unwrap_or("(none)"),
        if tiling.turns { "turn" } else { "do not turn" },
    );
    out += &format!(
        "{:<16} {:<40} {:>6} {:>12} {:>10}\n",
        "tile", "edges (top, right, bottom, left)", "count", "orientations", "placements"
    );
    for (tile, size) in tiling.tiles.iter().zip(sizes) {
        out += &format!(
            "{:<16} {:<40} {:>6} {:>12} {:>10}\n",
            tile.name,
            tile.edges.join(" "),
            tile.count,
            size.orientations,
            size.placements
        );
    }
    out
}
