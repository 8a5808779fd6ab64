//! `jigsat estimate`: how big the search `count` would run is.

use crate::cli::EstimateArgs;
use crate::cli::Format;
use crate::exit::Exit;
use jigsat::api::Result;
use jigsat::internal::tree::TreeEstimate;

use super::shared::{Sink, load};

pub fn run(args: &EstimateArgs) -> Result<Exit> {
    super::shared::no_picture(args.output.format, "estimate")?;
    // Every phase — reading, placements, the cover, the walks — is under
    // the limit, as for solve and count: the watchdog ends the run with
    // status 3 where the walks do not look at the clock themselves.
    if let Some(limit) = args.search.time_limit {
        crate::signals::set_deadline(&args.puzzle, limit);
    }
    let puzzle = load(&args.puzzle, &args.problem)?;
    if args.output.format == Format::Json {
        let doc = serde_json::json!({
            "puzzle": puzzle.name,
            "estimate": null,
            "reason": "the time limit ran out",
        });
        crate::signals::on_give_up(args.output.output.as_deref(), format!("{doc}\n"));
    }
    let options = args.search.options(None);
    let found =
        jigsat::internal::tree::estimate(&puzzle, &options, args.probes as usize, args.seed)?;
    jigsat::internal::process::interrupt::finishing();
    let out = match (&found, args.output.format) {
        (Ok(e), Format::Json) => json(&puzzle.name, e),
        (Ok(e), _) => format!("{}: {}\n", puzzle.name, line(e)),
        (Err(why), Format::Json) => serde_json::json!({
            "puzzle": puzzle.name,
            "estimate": null,
            "reason": why,
        })
        .to_string(),
        (Err(why), _) => {
            eprintln!("{}: no estimate: {why}", args.puzzle.display());
            return Ok(Exit::BadInput);
        }
    };
    Sink {
        path: args.output.output.as_deref(),
    }
    .write(&out)?;
    Ok(if found.is_ok() {
        Exit::Done
    } else {
        Exit::BadInput
    })
}

/// "search tree of about 1.2e7 nodes (± 3 %); 4.1 s for count with dlx
/// on 2 threads (3.0 M nodes/s each, 1000 walks)".
pub fn line(e: &TreeEstimate) -> String {
    let t = &e.tree;
    let solutions = match t.solutions {
        s if jigsat::internal::tally::beyond_u64(s).is_some() => format!(
            " reaching about {} solutions (past 2^64: `count` refuses it)",
            whole(s)
        ),
        s if s > 0.0 => format!(" reaching about {} solutions", whole(s)),
        _ => String::new(),
    };
    format!(
        "search tree of about {:.2e} nodes (± {:.0} %){solutions}; \
         {} for count with {} on {} thread{} ({:.1} M nodes/s each{}, {} walks)",
        t.nodes,
        100.0 * t.nodes_error / t.nodes.max(1.0),
        duration(e.seconds()),
        e.engine,
        e.threads,
        if e.threads == 1 { "" } else { "s" },
        e.nodes_per_second / 1e6,
        if e.seconds_per_solution > 0.0 && t.solutions > 0.0 {
            format!(", {:.2} µs a solution", e.seconds_per_solution * 1e6)
        } else {
            String::new()
        },
        t.probes,
    )
}

/// An estimated number of solutions: a whole number (an estimate of
/// solutions is not a fraction of one), in powers of ten when large.
fn whole(x: f64) -> String {
    if x < 1e15 {
        format!("{:.0}", x.round())
    } else {
        format!("{x:.2e}")
    }
}

/// Seconds for a person: "0.4 s", "12 min", "3.2 h", "41 days".
fn duration(s: f64) -> String {
    match s {
        s if s < 120.0 => format!("{s:.1} s"),
        s if s < 7200.0 => format!("{:.0} min", s / 60.0),
        s if s < 172_800.0 => format!("{:.1} h", s / 3600.0),
        s if s < 3.2e9 => format!("{:.0} days", s / 86_400.0),
        s => format!("{:.1e} years", s / 3.156e7),
    }
}

fn json(name: &str, e: &TreeEstimate) -> String {
    let v = serde_json::json!({
        "puzzle": name,
        "engine": e.engine,
        "probes": e.tree.probes,
        "nodes": e.tree.nodes,
        "nodes_error": e.tree.nodes_error,
        // A whole number while it is exact as one (below 2^53).
        "solutions": if e.tree.solutions < 9e15 {
            serde_json::json!(e.tree.solutions.round() as u64)
        } else {
            serde_json::json!(e.tree.solutions)
        },
        "nodes_per_second": e.nodes_per_second,
        "seconds_per_solution": e.seconds_per_solution,
        "threads": e.threads,
        "seconds": e.seconds(),
    });
    format!("{v:#}\n")
}
