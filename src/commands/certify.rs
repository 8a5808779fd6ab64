//! `jigsat solve --proof FILE` and `--certify`: "no solution" with a
//! proof anyone can check, and checked here by jigsat's own LRAT checker
//! ([`jigsat::internal::certify`]).
//!
//! The run is its own, not the portfolio's: a proof needs the built-in
//! CaDiCaL on the placement CNF (the one `jigsat dimacs` writes), so an
//! exact engine, the order model or another solver would answer without
//! one. The colouring pre-check still goes first (CDCL cannot count, and
//! the witness is a certificate too); `--no-precheck` leaves the question
//! to the solver.

use std::path::Path;
use std::time::Instant;

use crate::cli::{CountArgs, ProofFormatArg, SolveArgs};
use crate::exit::Exit;
use jigsat::api::{Error, Result};
use jigsat::internal::certify::{self, Answer, ProofFormat, Until, directory};
use jigsat::internal::instance::Instance;
use jigsat::internal::options::SolverChoice;
use jigsat::internal::render::text;
use jigsat::internal::solve::SatSolver;

use super::shared::{Sink, load};

/// Proving and checking stop this long before the time limit, so that
/// they, and not the limit's watchdog ([`crate::signals`]), end the run
/// and say that nothing was certified.
const WATCHDOG_SLACK: std::time::Duration = std::time::Duration::from_millis(200);

/// When proving and checking stop: [`WATCHDOG_SLACK`] before the time
/// limit, or at Ctrl-C. Should the limit's watchdog end the run after all
/// (a step that did not poll in time on a loaded machine), its last line
/// says, as the run itself would, that nothing was certified.
fn until(options: &jigsat::internal::options::Options) -> Until {
    crate::signals::on_give_up_progress(Box::new(|| Some("nothing was certified".into())));
    Until::new(
        options.time_limit.map(|l| l.saturating_sub(WATCHDOG_SLACK)),
        jigsat::internal::process::interrupt::flag(),
    )
}

pub fn solve(args: &SolveArgs, quiet: bool) -> Result<Exit> {
    let started = Instant::now();
    let puzzle = load(&args.puzzle, &args.problem)?;
    let file = args.puzzle.display().to_string();
    let options = args.search.options(None);
    let until = until(&options);
    let format = match args.certify.proof_format {
        ProofFormatArg::Lrat => ProofFormat::Lrat,
        ProofFormatArg::Drat => ProofFormat::Drat,
    };
    let certifying = args.certify.certify;
    if certifying && format == ProofFormat::Drat {
        return Err(Error::Usage(
            "--certify checks LRAT proofs: leave out --proof-format drat".into(),
        ));
    }
    // `-o DIR/` with --certify: the certificate directory, made (new or
    // empty) before anything runs.
    let cert_dir = match (&args.output.output, certifying) {
        (Some(dir), true) => {
            directory::prepare(dir)?;
            Some(Prepared(dir.clone()))
        }
        _ => None,
    };
    let instance = Instance::new(&puzzle)?;
    let problem = args.problem.problem.as_deref();
    let contents =
        |claim| directory::Contents::of(claim, &puzzle, &args.puzzle, problem, &instance);
    let say = |line: String| {
        if !quiet {
            eprintln!("{file}: {line}");
        }
    };
    match &options.solver {
        SolverChoice::Auto | SolverChoice::Sat(SatSolver::Cadical) => {}
        other => say(format!(
            "{other} writes no proof: the question goes to the built-in CaDiCaL"
        )),
    }

    if options.precheck && instance.precheck(&options).is_some() {
        let witness = certify::colouring::witness(&puzzle);
        match (&witness, &args.certify.proof) {
            (Some(w), proof) => {
                if let Some(path) = proof {
                    jigsat::internal::process::files::write_text(path, &w.text(&puzzle))?;
                }
                let mut line = format!(
                    "no solution, by a {} colouring (the pre-check)",
                    w.colouring
                );
                if let Some(path) = proof {
                    line += &format!(
                        "; {} holds its witness, not a SAT proof (--no-precheck leaves the question to the solver)",
                        path.display()
                    );
                }
                if certifying {
                    line += "; certified: the witness was re-derived from the puzzle alone \
                             (every turn and reflection of every piece, at every offset)";
                }
                if let Some(dir) = &cert_dir {
                    directory::write(
                        dir,
                        &directory::Contents {
                            witness: Some(w.text(&puzzle)),
                            ..contents(directory::Claim::NoSolutionColouring)
                        },
                    )?;
                    line += &format!("; the certificate is in {}", dir.display());
                }
                println!("{}: no solution", puzzle.name);
                eprintln!("{file}: {line}");
                return Ok(Exit::NoSolution);
            }
            (None, _) => say(
                "the pre-check's argument has no colouring witness; proving by SAT instead".into(),
            ),
        }
    }

    // The proof is of the CNF `jigsat dimacs` writes with the same
    // options.
    // A certified proof keeps the symmetry breaking only where the
    // argument that it loses no solution checks from the placements
    // alone ([`certify::breaking`]); else it is of the CNF without it.
    let mut breaking = instance.breaking(options.symmetry);
    let mut justified = None;
    if certifying && let Some(b) = &breaking {
        match certify::breaking::justify(&puzzle, &instance, &b.forbidden, &[]) {
            Ok(j) => justified = Some(j.pool),
            Err(why) => {
                say(format!(
                    "the symmetry breaking is left out of the proof: {why}"
                ));
                breaking = None;
            }
        }
    }
    let symmetry = breaking.is_some();
    instance.check_encoding(options.encoding, options.card, options.edges)?;
    let encoded = instance.encode(
        options.encoding,
        options.card,
        options.edges,
        breaking.as_ref(),
    );
    let which = format!(
        "the placement CNF `jigsat dimacs{}` writes ({} variables, {} clauses, {})",
        if symmetry { "" } else { " --no-symmetry" },
        encoded.cnf.num_vars(),
        encoded.cnf.num_clauses(),
        match &justified {
            Some(pool) => format!(
                "with symmetry breaking, justified: every one of {pool} has an image under the puzzle's \
                 symmetries that the breaking keeps, so a solution would have one it keeps"
            ),
            None if symmetry => "with symmetry breaking".to_string(),
            None => "without symmetry breaking".to_string(),
        },
    );
    // A certificate of this CNF (all of it the CNF `jigsat dimacs` writes).
    let with_cnf = |dir: &Path, claim, solutions: &[Vec<u32>]| {
        let all = encoded.cnf.num_clauses();
        directory::write(
            dir,
            &directory::Contents {
                encoded: Some((&encoded, all)),
                solutions,
                ..contents(claim)
            },
        )
    };
    let in_dir = cert_dir.as_ref().map(|d| d.join(directory::PROOF));
    let asked = args.certify.proof.as_ref().or(in_dir.as_ref());
    let (temp, _registered) = temporary_proof(asked.map(|p| p.as_path()))?;
    let path: &Path = match (asked, &temp) {
        (Some(p), _) => p,
        (None, Some(t)) => t.path(),
        (None, None) => unreachable!("a proof file or a temporary one"),
    };
    let solve_start = Instant::now();
    let proved = certify::prove_to_file(&encoded.cnf, format, path, &until)?;
    let solve_secs = solve_start.elapsed().as_secs_f64();
    match proved.answer {
        Answer::Sat(values) => {
            let solution = instance.decode(&encoded, &values, "cadical")?;
            if let Some(dir) = &cert_dir {
                let chosen: Vec<u32> = encoded
                    .chosen_options(&values)
                    .into_iter()
                    .map(|o| o as u32)
                    .collect();
                with_cnf(dir, directory::Claim::Solved, &[chosen])?;
                println!(
                    "{}: solved (the solution was checked against the puzzle; the certificate is in {})",
                    puzzle.name,
                    dir.display()
                );
                return Ok(Exit::Done);
            }
            println!(
                "{}: solved (the solution is its own certificate: it was checked against the puzzle; no proof written)",
                puzzle.name
            );
            let sink = Sink {
                path: args.output.output.as_deref(),
            };
            sink.write(&text::draw(&puzzle, &solution, sink.style(&args.draw)))?;
            Ok(Exit::Done)
        }
        Answer::Unknown => {
            if let Some(d) = &cert_dir {
                d.remove();
            }
            Ok(not_certified(&file, &options, ", no proof written"))
        }
        Answer::Unsat => {
            let size = jigsat::internal::process::budget::human(proved.bytes);
            if !certifying {
                println!("{}: no solution", puzzle.name);
                eprintln!(
                    "{file}: no solution in {solve_secs:.3} s; CaDiCaL's {} proof of {which} is in {} ({size}, {} clauses added, {} deleted)",
                    format.name(),
                    path.display(),
                    proved.added,
                    proved.deleted
                );
                return Ok(Exit::NoSolution);
            }
            let clauses = certify::dimacs_clauses(&encoded.cnf);
            let check_start = Instant::now();
            match certify::check_file(&clauses, path, &until) {
                Ok(checked) => {
                    if let Some(dir) = &cert_dir {
                        with_cnf(dir, directory::Claim::NoSolution, &[])?;
                    }
                    println!("{}: no solution (certified)", puzzle.name);
                    eprintln!(
                        "{file}: no solution, certified: CaDiCaL's LRAT proof of {which} ({size}, {} clauses added, {} deleted, {} hints) was checked by jigsat's LRAT checker in {:.3} s; solving and writing the proof took {solve_secs:.3} s, {:.3} s in all{}",
                        checked.added,
                        checked.deleted,
                        checked.hints,
                        check_start.elapsed().as_secs_f64(),
                        started.elapsed().as_secs_f64(),
                        match asked {
                            Some(p) => format!("; the proof is in {}", p.display()),
                            None => String::new(),
                        }
                    );
                    Ok(Exit::NoSolution)
                }
                Err(certify::Rejected::Stopped) => {
                    let interrupted = jigsat::internal::process::interrupt::raised();
                    eprintln!("{file}: the proof's check was stopped: nothing was certified");
                    Ok(if interrupted {
                        Exit::Interrupted
                    } else {
                        Exit::GaveUp
                    })
                }
                Err(e @ certify::Rejected::Memory { .. }) => {
                    Err(Error::Usage(format!("{file}: {e}")))
                }
                Err(e) => Err(Error::bug(format!(
                    "CaDiCaL's proof of {which} does not check: {e}"
                ))),
            }
        }
    }
}

/// `jigsat count --certify`: the count, and the certificate of it.
pub fn count(args: &CountArgs, quiet: bool) -> Result<Exit> {
    let started = Instant::now();
    let puzzle = load(&args.puzzle, &args.problem)?;
    let file = args.puzzle.display().to_string();
    let options = args.search.options(None);
    let until = until(&options);
    let cert_dir = match &args.output.output {
        Some(dir) => {
            directory::prepare(dir)?;
            Some(Prepared(dir.clone()))
        }
        None => None,
    };
    let in_dir = cert_dir.as_ref().map(|d| d.join(directory::PROOF));
    let asked = args.proof.as_ref().or(in_dir.as_ref());
    let (temp, _registered) = temporary_proof(asked.map(|p| p.as_path()))?;
    let path: &Path = match (asked, &temp) {
        (Some(p), _) => p,
        (None, Some(t)) => t.path(),
        (None, None) => unreachable!("a proof file or a temporary one"),
    };
    match certify::count::certify(&puzzle, &options, &until, path)? {
        certify::count::CountOutcome::Stopped => {
            if let Some(d) = &cert_dir {
                d.remove();
            }
            Ok(not_certified(&file, &options, ""))
        }
        certify::count::CountOutcome::Certified(c) => {
            if let Some(dir) = &cert_dir {
                let instance = Instance::new(&puzzle)?;
                directory::write(
                    dir,
                    &directory::Contents {
                        encoded: Some((&c.encoded, c.base_clauses)),
                        solutions: &c.fixed,
                        distinct: c.distinct,
                        breaking: c
                            .breaking
                            .as_ref()
                            .map(|(b, pool)| format!("{}; justified by {pool}", b.description))
                            .unwrap_or_default(),
                        ..directory::Contents::of(
                            directory::Claim::Count,
                            &puzzle,
                            &args.puzzle,
                            args.problem.problem.as_deref(),
                            &instance,
                        )
                    },
                )?;
            }
            println!(
                "{}: {} solutions, {} distinct (certified)",
                puzzle.name,
                c.fixed.len(),
                c.distinct
            );
            if !quiet {
                let breaking = match &c.breaking {
                    Some((b, pool)) => format!(
                        "with symmetry breaking ({} placements forbidden, from {pool}: \
                         justified, the list being closed under the puzzle's symmetries and \
                         every placement of the pool having an allowed image)",
                        b.forbidden.len()
                    ),
                    None => "without symmetry breaking".into(),
                };
                eprintln!(
                    "{file}: certified: {} fixed-board solutions each checked against the puzzle, {} orbits under the group; \
                     {} LRAT proof ({}, {} clauses added) that the {} placement CNF {breaking} \
                     ({} variables, {} clauses, {} of them blocking a listed solution) has no other model was checked by \
                     jigsat's LRAT checker in {:.3} s; counting took {:.3} s, proving {:.3} s, {:.3} s in all{}",
                    c.fixed.len(),
                    c.distinct,
                    c.prover,
                    jigsat::internal::process::budget::human(c.proved.bytes),
                    c.checked.added,
                    c.encoded.encoding.name(),
                    c.variables,
                    c.clauses,
                    c.clauses - c.base_clauses,
                    c.check.as_secs_f64(),
                    c.enumerate.as_secs_f64(),
                    c.prove.as_secs_f64(),
                    started.elapsed().as_secs_f64(),
                    match (&cert_dir, asked) {
                        (Some(d), _) => format!("; the certificate is in {}", d.display()),
                        (None, Some(p)) => format!("; the proof is in {}", p.display()),
                        (None, None) => String::new(),
                    }
                );
            }
            Ok(Exit::Done)
        }
    }
}

/// A certificate directory made ready by [`directory::prepare`].
struct Prepared(std::path::PathBuf);

impl std::ops::Deref for Prepared {
    type Target = std::path::PathBuf;
    fn deref(&self) -> &std::path::PathBuf {
        &self.0
    }
}

impl Prepared {
    /// A run that certified nothing leaves no directory behind: removed
    /// only if it is still empty (as it was, or new).
    fn remove(&self) {
        let _ = std::fs::remove_dir(&self.0);
    }
}

/// Says that a run stopped before anything was certified (Ctrl-C, or the
/// time limit), and how it ended.
fn not_certified(
    file: &impl std::fmt::Display,
    options: &jigsat::internal::options::Options,
    more: &str,
) -> Exit {
    let interrupted = jigsat::internal::process::interrupt::raised();
    let why = if interrupted {
        "interrupted".to_string()
    } else {
        jigsat::internal::report::time_limit_reached(options.time_limit.unwrap_or_default())
    };
    eprintln!("{file}: {why}: nothing was certified{more}");
    if interrupted {
        Exit::Interrupted
    } else {
        Exit::GaveUp
    }
}

/// A proof to check and no file asked for: a temporary one, registered so
/// that the signal handler removes it too (`None`s when a file was asked
/// for).
fn temporary_proof(
    asked: Option<&Path>,
) -> Result<(
    Option<tempfile::NamedTempFile>,
    Option<jigsat::internal::process::files::TempFile>,
)> {
    if asked.is_some() {
        return Ok((None, None));
    }
    let temp = tempfile::Builder::new()
        .prefix(".jigsat-proof")
        .tempfile()
        .map_err(|e| Error::io(std::env::temp_dir(), e))?;
    let registered = jigsat::internal::process::files::TempFile::new(temp.path());
    Ok((Some(temp), Some(registered)))
}
