//! `jigsat decode`: read an external solver's answer to a `jigsat dimacs`
//! CNF, map it back through the same encoding, check it and draw it.
//!
//! Nothing in the model is trusted: it must parse, give every variable of
//! the CNF exactly one value, satisfy every clause, and decode to a
//! solution that passes the puzzle's check. With `--cnf`, the file's
//! fingerprint must also match the puzzle and options, so a model is never
//! read through the wrong encoding. The library does all of it
//! ([`jigsat::api::cnf`]); this command says what came of it.

use crate::exit::Exit;

use crate::cli::{DecodeArgs, Format, name};
use jigsat::api::cnf::{Answer, CnfHeader};
use jigsat::api::{Result, Solver};

use super::shared::{Sink, open};

pub fn run(args: &DecodeArgs, quiet: bool) -> Result<Exit> {
    let puzzle = open(&args.puzzle, &args.problem)?;
    let sink = Sink {
        path: args.output.output.as_deref(),
    };
    sink.check_picture(args.output.format, &args.draw, &puzzle)?;
    let header = match &args.cnf {
        Some(path) => Some(CnfHeader::read(path)?),
        None => None,
    };
    let decoded = solver(args, header.as_ref())?.decode_model_file(
        &puzzle,
        &args.model,
        header.as_ref(),
        args.proof.as_deref(),
    )?;
    let (exit, solutions, reason) = match &decoded.answer {
        Answer::Solution(s) => (Exit::Done, vec![s.clone()], None),
        Answer::NoSolution(proof) => (
            Exit::NoSolution,
            Vec::new(),
            Some(match (proof, &args.proof) {
                (Some(checked), Some(path)) => format!(
                    "no solution, certified: the solver's LRAT proof {} ({} clauses added, {} deleted, {} hints) checks against the CNF, by jigsat's checker in {:.3} s",
                    path.display(),
                    checked.added,
                    checked.deleted,
                    checked.hints,
                    checked.took.as_secs_f64()
                ),
                _ => "the solver says no solution exists; the claim is unverified \
                      (give the solver's proof with --proof FILE to check it)"
                    .to_string(),
            }),
        ),
        Answer::Unknown => (
            Exit::GaveUp,
            Vec::new(),
            Some("the solver answered UNKNOWN".to_string()),
        ),
    };
    match args.output.format {
        f if f.is_picture() => sink.write_picture(f, &args.draw, &puzzle, &solutions)?,
        Format::Json => sink.write(&decoded.json())?,
        _ => {
            let mut out = String::new();
            if !quiet {
                out.push_str(&format!(
                    "{}: {} ({} variables, {} clauses, {} encoding, model from {})\n",
                    puzzle.name(),
                    match exit {
                        Exit::Done => "solved, and the solution checks",
                        Exit::NoSolution => "no solution",
                        _ => "no answer",
                    },
                    decoded.variables,
                    decoded.clauses,
                    decoded.encoding,
                    args.model.display()
                ));
            }
            for s in &solutions {
                out.push_str(&sink.drawing(&args.draw, s));
            }
            sink.write(&out)?;
        }
    }
    if let Some(reason) = reason {
        eprintln!("{}: {reason}", args.puzzle.display());
    }
    Ok(exit)
}

/// The options the CNF was written with: a flag given on the command line
/// wins, then the `c option` line of `--cnf`, then the default.
fn solver(args: &DecodeArgs, header: Option<&CnfHeader>) -> Result<Solver> {
    // Ctrl-C stops a proof's check.
    let mut solver = Solver::new().stop_flag(jigsat::api::process::interrupt_flag());
    if let Some(header) = header {
        solver = solver.cnf_options(header)?;
    }
    if let Some(e) = args.encoding {
        solver = solver.encoding(&name(e))?;
    }
    if let Some(c) = args.card {
        solver = solver.card(&name(c))?;
    }
    if let Some(e) = args.edges {
        solver = solver.edges(&name(e))?;
    }
    if args.no_symmetry {
        solver = solver.symmetry(false);
    }
    Ok(solver)
}
