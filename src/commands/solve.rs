//! `jigsat solve`: the first solution, checked and drawn.

use crate::cli::SolveArgs;
use crate::error::Result;
use crate::render::{Format, json, text};
use crate::{SolveOptions, Status, solve_puzzle};

use super::{Sink, load};

pub fn run(args: &SolveArgs, quiet: bool) -> Result<i32> {
    let puzzle = load(&args.puzzle)?;
    let options = SolveOptions {
        encoding: args.encoding.encoding,
        solver: args.solver.clone(),
        time_limit: args.time_limit,
        no_precheck: args.no_precheck,
    };
    let report = solve_puzzle(&puzzle, &options)?;
    let sink = Sink {
        path: args.output.output.as_deref(),
    };
    let out = match args.output.format {
        Format::Json => json::document(
            &puzzle,
            report.status,
            &report.solutions,
            None,
            &report.stats,
        ),
        Format::Text => {
            let mut out = String::new();
            if !quiet {
                let secs = (report.stats.encode_ms + report.stats.solve_ms) / 1000.0;
                out.push_str(&format!(
                    "{}: {} in {secs:.3} s ({} variables, {} clauses, {} encoding, {})\n",
                    puzzle.name,
                    match report.status {
                        Status::Solved => "solved",
                        Status::Unsolvable => "no solution",
                        Status::Unknown => "gave up",
                    },
                    report.stats.variables,
                    report.stats.clauses,
                    report.stats.encoding,
                    report.stats.backend
                ));
            }
            for s in &report.solutions {
                out.push_str(&text::draw(&puzzle, s, sink.wants_colour()));
            }
            out
        }
    };
    sink.write(&out)?;
    if let Some(reason) = &report.reason {
        match report.status {
            Status::Unsolvable => eprintln!("{}: no solution: {reason}", args.puzzle.display()),
            _ => eprintln!("{}: gave up: {reason}", args.puzzle.display()),
        }
    }
    Ok(report.status.exit_code())
}
