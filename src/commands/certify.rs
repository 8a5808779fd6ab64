//! `jigsat solve --proof FILE` and `--certify`, and `jigsat count
//! --certify`: the answers of [`jigsat::api::certificate`] (a checked
//! solution, a colouring witness, CaDiCaL's proof checked by jigsat's own
//! LRAT checker, a certified count, the certificate directory), said as
//! the command line says them.

use std::time::Instant;

use crate::cli::{CountArgs, ProofFormatArg, SearchArgs, SolveArgs};
use crate::exit::Exit;
use jigsat::api::certificate::{Certified, Certifier, ProofFormat};
use jigsat::api::{Error, Result};

use super::shared::{Sink, open};

/// A certifier with the search flags, stopped by Ctrl-C; should the time
/// limit's watchdog end the run after all (a step that did not poll in
/// time on a loaded machine), its last line says, as the run itself
/// would, that nothing was certified.
fn certifier(search: &SearchArgs) -> Certifier {
    crate::signals::on_give_up_progress(Box::new(|| Some("nothing was certified".into())));
    Certifier::new(
        &search
            .solver()
            .stop_flag(jigsat::api::process::interrupt_flag()),
    )
}

pub fn solve(args: &SolveArgs, quiet: bool) -> Result<Exit> {
    let started = Instant::now();
    let puzzle = open(&args.puzzle, &args.problem)?;
    let file = args.puzzle.display().to_string();
    let certifying = args.certify.certify;
    let mut certifier =
        certifier(&args.search)
            .check(certifying)
            .proof_format(match args.certify.proof_format {
                ProofFormatArg::Lrat => ProofFormat::Lrat,
                ProofFormatArg::Drat => ProofFormat::Drat,
            });
    if let Some(path) = &args.certify.proof {
        certifier = certifier.proof_file(path);
    }
    // `-o DIR/` with --certify: the certificate directory.
    let cert_dir = args.output.output.as_deref().filter(|_| certifying);
    if let Some(dir) = cert_dir {
        certifier = certifier.directory(dir);
    }
    if !quiet {
        let file = file.clone();
        certifier = certifier.on_note(move |note| eprintln!("{file}: {note}"));
    }
    let answer = match certifier.solve(&puzzle) {
        Err(e @ (Error::Interrupted | Error::TimeLimit(_))) => {
            return Ok(not_certified(&file, &e, ", no proof written"));
        }
        answer => answer?,
    };
    match answer {
        Certified::NoSolutionByColouring(colouring) => {
            let mut line = format!("no solution, by a {colouring} colouring (the pre-check)");
            if let Some(path) = &args.certify.proof {
                line += &format!(
                    "; {} holds its witness, not a SAT proof (--no-precheck leaves the question to the solver)",
                    path.display()
                );
            }
            if certifying {
                line += "; certified: the witness was re-derived from the puzzle alone \
                         (every turn and reflection of every piece, at every offset)";
            }
            if let Some(dir) = cert_dir {
                line += &format!("; the certificate is in {}", dir.display());
            }
            println!("{}: no solution", puzzle.name());
            eprintln!("{file}: {line}");
            Ok(Exit::NoSolution)
        }
        Certified::Solved(solution) => {
            if let Some(dir) = cert_dir {
                println!(
                    "{}: solved (the solution was checked against the puzzle; the certificate is in {})",
                    puzzle.name(),
                    dir.display()
                );
                return Ok(Exit::Done);
            }
            println!(
                "{}: solved (the solution is its own certificate: it was checked against the puzzle; no proof written)",
                puzzle.name()
            );
            let sink = Sink {
                path: args.output.output.as_deref(),
            };
            sink.write(&solution.drawing(sink.wants_colour(), args.draw.ascii))?;
            Ok(Exit::Done)
        }
        Certified::NoSolution(proof) => {
            let size = proof.written.size();
            let solve_secs = proof.proving.as_secs_f64();
            let kept = proof.proof.as_ref().map(|p| p.display().to_string());
            match &proof.check {
                None => {
                    println!("{}: no solution", puzzle.name());
                    eprintln!(
                        "{file}: no solution in {solve_secs:.3} s; CaDiCaL's {} proof of {} is in {} ({size}, {} clauses added, {} deleted)",
                        proof.format.name(),
                        proof.cnf,
                        kept.as_deref().unwrap_or("a temporary file"),
                        proof.written.added,
                        proof.written.deleted
                    );
                    Ok(Exit::NoSolution)
                }
                Some(Ok(checked)) => {
                    println!("{}: no solution (certified)", puzzle.name());
                    eprintln!(
                        "{file}: no solution, certified: CaDiCaL's LRAT proof of {} ({size}, {} clauses added, {} deleted, {} hints) was checked by jigsat's LRAT checker in {:.3} s; solving and writing the proof took {solve_secs:.3} s, {:.3} s in all{}",
                        proof.cnf,
                        checked.added,
                        checked.deleted,
                        checked.hints,
                        checked.took.as_secs_f64(),
                        started.elapsed().as_secs_f64(),
                        match &kept {
                            Some(p) => format!("; the proof is in {p}"),
                            None => String::new(),
                        }
                    );
                    Ok(Exit::NoSolution)
                }
                Some(Err(stopped)) => {
                    eprintln!("{file}: the proof's check was stopped: nothing was certified");
                    Ok(Exit::from(stopped))
                }
            }
        }
    }
}

/// `jigsat count --certify`: the count, and the certificate of it.
pub fn count(args: &CountArgs, quiet: bool) -> Result<Exit> {
    let started = Instant::now();
    let puzzle = open(&args.puzzle, &args.problem)?;
    let file = args.puzzle.display().to_string();
    let mut certifier = certifier(&args.search);
    let cert_dir = args.output.output.as_deref();
    if let Some(dir) = cert_dir {
        certifier = certifier.directory(dir);
    }
    if let Some(path) = &args.proof {
        certifier = certifier.proof_file(path);
    }
    let c = match certifier.count(&puzzle) {
        Err(e @ (Error::Interrupted | Error::TimeLimit(_))) => {
            return Ok(not_certified(&file, &e, ""));
        }
        counted => counted?,
    };
    println!(
        "{}: {} solutions, {} distinct (certified)",
        puzzle.name(),
        c.count,
        c.distinct
    );
    if !quiet {
        let breaking = match &c.breaking {
            Some(b) => format!(
                "with symmetry breaking ({} placements forbidden, from {}: \
                 justified, the list being closed under the puzzle's symmetries and \
                 every placement of the pool having an allowed image)",
                b.forbidden, b.pool
            ),
            None => "without symmetry breaking".into(),
        };
        eprintln!(
            "{file}: certified: {} fixed-board solutions each checked against the puzzle, {} orbits under the group; \
             {} LRAT proof ({}, {} clauses added) that the {} placement CNF {breaking} \
             ({} variables, {} clauses, {} of them blocking a listed solution) has no other model was checked by \
             jigsat's LRAT checker in {:.3} s; counting took {:.3} s, proving {:.3} s, {:.3} s in all{}",
            c.count,
            c.distinct,
            if c.by_search {
                "the exact-cover search's"
            } else {
                "CaDiCaL's"
            },
            c.written.size(),
            c.check.added,
            c.encoding,
            c.variables,
            c.clauses,
            c.blocking,
            c.check.took.as_secs_f64(),
            c.enumerating.as_secs_f64(),
            c.proving.as_secs_f64(),
            started.elapsed().as_secs_f64(),
            match (cert_dir, &args.proof) {
                (Some(d), _) => format!("; the certificate is in {}", d.display()),
                (None, Some(p)) => format!("; the proof is in {}", p.display()),
                (None, None) => String::new(),
            }
        );
    }
    Ok(Exit::Done)
}

/// Says that a run stopped before anything was certified (Ctrl-C, or the
/// time limit: `why`), and how it ended.
fn not_certified(file: &str, why: &Error, more: &str) -> Exit {
    eprintln!("{file}: {why}: nothing was certified{more}");
    Exit::from(why)
}
