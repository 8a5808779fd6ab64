//! `jigsat solve --best`: the edge-matching board with every tile placed
//! that matches the most inner edges, each improvement printed as it is
//! found, the best board drawn (or written as JSON with its score) at the
//! end — at the time limit, on Ctrl-C, or when every edge matches.

use crate::cli::{Format, SolveArgs};
use crate::exit::Exit;
use jigsat::api::best::{BestSearch, Ended, Outcome, Scored};
use jigsat::api::{Puzzle, Result, process};

use super::shared::Sink;

/// `started`: when the command started, for the time limit (the
/// watchdog counts from then).
pub fn run(
    args: &SolveArgs,
    quiet: bool,
    puzzle: &Puzzle,
    sink: &Sink,
    started: std::time::Instant,
) -> Result<Exit> {
    let mut search = BestSearch::new().stop_flag(process::interrupt_flag());
    if let Some(limit) = args.search.time_limit {
        search = search.time_limit(limit.saturating_sub(started.elapsed()));
    }
    if let Some(jobs) = args.search.jobs {
        search = search.threads(jobs as usize);
    }
    let seed = args.seed.unwrap_or(1);
    search = search.seed(seed);
    let file = args.puzzle.display().to_string();
    let outcome = search.run(puzzle, &mut |s| {
        if !quiet {
            eprintln!(
                "{file}: score {} of {} at {:.2} s",
                s.score,
                s.max_score,
                s.elapsed.as_secs_f64()
            );
        }
    })?;
    process::finishing();
    let (best, ending) = match outcome {
        Outcome::Impossible(why) => {
            eprintln!("{file}: no solution: {why}");
            return Ok(Exit::NoSolution);
        }
        Outcome::Best(best, ending) => (best, ending),
    };
    let format = args.output.format;
    if format.is_picture() {
        sink.write_picture(
            format,
            &args.draw,
            puzzle,
            std::slice::from_ref(&best.board),
        )?;
    } else if format == Format::Json {
        let mut value = best.json_value();
        value["puzzle"] = puzzle.name().into();
        value["status"] = contract_status(ending).into();
        if let Some(why) = stopped(ending) {
            value["stopped"] = why.into();
        }
        value["seconds"] = best.elapsed.as_secs_f64().into();
        value["seed"] = seed.into();
        let text = serde_json::to_string_pretty(&value).unwrap_or_default();
        sink.write(&(text + "\n"))?;
    } else {
        sink.write(&text(args, quiet, puzzle, sink, &best, ending))?;
    }
    Ok(match ending {
        Ended::Solved => Exit::Done,
        Ended::Exhausted => Exit::NoSolution,
        Ended::TimeLimit => Exit::GaveUp,
        Ended::Interrupted => Exit::Interrupted,
    })
}

/// `status` in the JSON, the contract's word: `solved` only when every
/// edge matches, `unknown` for a run that stopped.
fn contract_status(ending: Ended) -> &'static str {
    match ending {
        Ended::Solved => "solved",
        Ended::Exhausted => "unsolvable",
        Ended::TimeLimit | Ended::Interrupted => "unknown",
    }
}

/// Why a run stopped before a full score (`stopped` in the JSON).
fn stopped(ending: Ended) -> Option<&'static str> {
    match ending {
        Ended::TimeLimit => Some("time limit"),
        Ended::Interrupted => Some("interrupted"),
        Ended::Solved | Ended::Exhausted => None,
    }
}

/// The headline, the drawing and the mismatched edges.
fn text(
    args: &SolveArgs,
    quiet: bool,
    puzzle: &Puzzle,
    sink: &Sink,
    best: &Scored,
    ending: Ended,
) -> String {
    let mut out = String::new();
    if !quiet {
        let what = match ending {
            Ended::Solved => "solved".to_string(),
            _ => format!(
                "best score {} of {} ({})",
                best.score,
                best.max_score,
                stopped(ending).unwrap_or("no solution")
            ),
        };
        out += &format!(
            "{}: {what}, found at {:.3} s (row scan and annealing)\n",
            puzzle.name(),
            best.elapsed.as_secs_f64()
        );
    }
    out += &sink.drawing(&args.draw, &best.board);
    if !best.mismatched.is_empty() {
        let edges: Vec<String> = best
            .mismatched
            .iter()
            .map(|m| {
                format!(
                    "[{}, {}] {} ({}/{})",
                    m.at[0], m.at[1], m.side, m.labels[0], m.labels[1]
                )
            })
            .collect();
        out += &format!("mismatched: {}\n", edges.join(", "));
    }
    out
}
