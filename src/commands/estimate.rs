//! `jigsat estimate`: how big the search `count` would run is.

use crate::cli::EstimateArgs;
use crate::cli::Format;
use crate::exit::Exit;
use jigsat::api::Result;
use jigsat::api::estimate::{Estimate, SearchTree};

use super::shared::{Sink, open};

pub fn run(args: &EstimateArgs) -> Result<Exit> {
    super::shared::no_picture(args.output.format, "estimate")?;
    let puzzle = open(&args.puzzle, &args.problem)?;
    if args.output.format == Format::Json {
        let doc = serde_json::json!({
            "puzzle": puzzle.name(),
            "estimate": null,
            "reason": "the time limit ran out",
        });
        crate::signals::on_give_up(
            args.output.output.as_deref(),
            Box::new(move || format!("{doc}\n")),
        );
    }
    let found = args
        .search
        .solver()
        .estimate(&puzzle, args.probes as usize, args.seed)?;
    jigsat::api::process::finishing();
    let out = match (&found, args.output.format) {
        (Estimate::Tree(e), Format::Json) => json(puzzle.name(), e),
        (Estimate::Tree(e), _) => format!("{}: {e}\n", puzzle.name()),
        (Estimate::NoTree(why), Format::Json) => serde_json::json!({
            "puzzle": puzzle.name(),
            "estimate": null,
            "reason": why,
        })
        .to_string(),
        (Estimate::NoTree(why), _) => {
            eprintln!("{}: no estimate: {why}", args.puzzle.display());
            return Ok(Exit::BadInput);
        }
    };
    Sink {
        path: args.output.output.as_deref(),
    }
    .write(&out)?;
    Ok(if matches!(found, Estimate::Tree(_)) {
        Exit::Done
    } else {
        Exit::BadInput
    })
}

fn json(name: &str, e: &SearchTree) -> String {
    let v = serde_json::json!({
        "puzzle": name,
        "engine": e.engine(),
        "probes": e.walks(),
        "nodes": e.nodes(),
        "nodes_error": e.nodes_error(),
        "exact": e.is_exact(),
        // A whole number while it is exact as one (below 2^53).
        "solutions": if e.solutions() < 9e15 {
            serde_json::json!(e.solutions().round() as u64)
        } else {
            serde_json::json!(e.solutions())
        },
        "nodes_per_second": e.nodes_per_second(),
        "seconds_per_solution": e.seconds_per_solution(),
        "threads": e.threads(),
        "seconds": e.seconds(),
    });
    format!("{v:#}\n")
}
