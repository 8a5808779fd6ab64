//! `jigsat solve --proof FILE` and `--certify`, and `jigsat count
//! --certify`: the answers of [`jigsat::api::certificate`] (a checked
//! solution, a colouring witness, CaDiCaL's proof checked by jigsat's own
//! LRAT checker, a certified count, the certificate directory), said as
//! the command line says them: in text, or with `--format json` as the
//! contract's document with `certified` and `certificate` after its own
//! fields (docs/puzzle-format.md). `-o DIR/` is the certificate
//! directory; with `--format json`, `-o FILE` is the document's file.

use std::path::Path;
use std::time::Instant;

use serde_json::Value;

use crate::cli::{CountArgs, Format, ProofFormatArg, SearchArgs, SolveArgs};
use crate::exit::Exit;
use jigsat::api::certificate::{Certified, CertifiedCount, Certifier, NoSolution, ProofFormat};
use jigsat::api::run::{Stats, Status};
use jigsat::api::{Error, Puzzle, Result, Solution, render};

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
    let (format, certifying) = (args.output.format, args.certify.certify);
    let (cert_dir, out_file) = outputs(args.output.output.as_deref(), format, certifying);
    let answer = solve_certifier(args, quiet, cert_dir).solve(&puzzle);
    let file = args.puzzle.display().to_string();
    match (answer, format) {
        (Err(e @ (Error::Interrupted | Error::TimeLimit(_))), _) => {
            stopped(&puzzle, &file, &e, format, out_file, ", no proof written")
        }
        (answer, Format::Json) => {
            let base = Stats {
                encoding: crate::cli::name(args.search.encoding.encoding),
                backend: "cadical".into(),
                ..Stats::default()
            };
            let how = How {
                directory: cert_dir,
                out: out_file,
                certifying,
                base,
            };
            solve_json(&puzzle, &file, &answer?, how)
        }
        (answer, _) => solve_text(args, &puzzle, answer?, (cert_dir, out_file), started),
    }
}

/// A certified solve's answer said in text; `(cert_dir, out_file)` as
/// [`outputs`] gives them.
fn solve_text(
    args: &SolveArgs,
    puzzle: &Puzzle,
    answer: Certified,
    (cert_dir, out_file): (Option<&Path>, Option<&Path>),
    started: Instant,
) -> Result<Exit> {
    let file = args.puzzle.display().to_string();
    let file = file.as_str();
    match answer {
        Certified::NoSolutionByColouring(colouring) => {
            let mut line = format!("no solution, by a {colouring} colouring (the pre-check)");
            if let Some(path) = &args.certify.proof {
                line += &format!(
                    "; {} holds its witness, not a SAT proof (--no-precheck leaves the question to the solver)",
                    path.display()
                );
            }
            if args.certify.certify {
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
            let sink = Sink { path: out_file };
            sink.write(&solution.drawing(sink.wants_colour(), args.draw.ascii))?;
            Ok(Exit::Done)
        }
        Certified::NoSolution(proof) => Ok(no_solution_text(puzzle, file, &proof, started)),
    }
}

/// The certifier of `solve --certify` / `--proof`: the check, the
/// proof's format and file, the certificate directory, the notes on
/// standard error unless `quiet`.
fn solve_certifier(args: &SolveArgs, quiet: bool, cert_dir: Option<&Path>) -> Certifier {
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
    if let Some(dir) = cert_dir {
        certifier = certifier.directory(dir);
    }
    if !quiet {
        let file = args.puzzle.display().to_string();
        certifier = certifier.on_note(move |note| eprintln!("{file}: {note}"));
    }
    certifier
}

/// CaDiCaL's proof of "no solution" said in text: where it is, and
/// its check when asked.
fn no_solution_text(puzzle: &Puzzle, file: &str, proof: &NoSolution, started: Instant) -> Exit {
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
            Exit::NoSolution
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
            Exit::NoSolution
        }
        Some(Err(stopped)) => {
            eprintln!("{file}: the proof's check was stopped: nothing was certified");
            Exit::from(stopped)
        }
    }
}

/// `jigsat count --certify`: the count, and the certificate of it.
pub fn count(args: &CountArgs, quiet: bool) -> Result<Exit> {
    let started = Instant::now();
    let puzzle = open(&args.puzzle, &args.problem)?;
    let format = args.output.format;
    let (cert_dir, out_file) = outputs(args.output.output.as_deref(), format, true);
    let mut certifier = certifier(&args.search);
    if let Some(dir) = cert_dir {
        certifier = certifier.directory(dir);
    }
    if let Some(path) = &args.proof {
        certifier = certifier.proof_file(path);
    }
    let counted = certifier.count(&puzzle);
    let file = args.puzzle.display().to_string();
    match (counted, format) {
        (Err(e @ (Error::Interrupted | Error::TimeLimit(_))), _) => {
            stopped(&puzzle, &file, &e, format, out_file, "")
        }
        (c, Format::Json) => {
            let said = count_said(&c?, cert_dir, args.proof.as_deref());
            write_json(&puzzle, &said, out_file)?;
            Ok(Exit::Done)
        }
        (c, _) => {
            count_text(args, &puzzle, &c?, cert_dir, started, quiet);
            Ok(Exit::Done)
        }
    }
}

/// A certified count said in text: the counts, and unless `quiet` what
/// was certified and how.
fn count_text(
    args: &CountArgs,
    puzzle: &Puzzle,
    c: &CertifiedCount,
    cert_dir: Option<&Path>,
    started: Instant,
    quiet: bool,
) {
    let file = args.puzzle.display().to_string();
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
}

/// Says that a run stopped before anything was certified (Ctrl-C, or the
/// time limit: `why`), and how it ended.
fn not_certified(file: &str, why: &Error, more: &str) -> Exit {
    eprintln!("{file}: {why}: nothing was certified{more}");
    Exit::from(why)
}

/// A run stopped before anything was certified: with `--format json` the
/// document that says so, and the line that says how it ended.
fn stopped(
    puzzle: &Puzzle,
    file: &str,
    why: &Error,
    format: Format,
    out_file: Option<&Path>,
    more: &str,
) -> Result<Exit> {
    if format == Format::Json {
        write_json(puzzle, &Said::stopped(), out_file)?;
    }
    Ok(not_certified(file, why, more))
}

/// Where `-o PATH` goes with `--certify`: `-o DIR/` (a trailing slash, the
/// project's sign of a directory) is the certificate directory; with
/// `--format json`, `-o FILE` is the document's file and no directory is
/// written; with text, `-o PATH` stays the certificate directory, as it
/// always was. Without `--certify` (`--proof` alone), `-o` is the
/// output's file. Returns (the certificate directory, the output file).
fn outputs(
    output: Option<&Path>,
    format: Format,
    certifying: bool,
) -> (Option<&Path>, Option<&Path>) {
    let Some(path) = output.filter(|_| certifying) else {
        return (None, output);
    };
    let slash = path
        .as_os_str()
        .to_string_lossy()
        .ends_with(std::path::MAIN_SEPARATOR)
        || path.as_os_str().to_string_lossy().ends_with('/');
    match (slash, format) {
        (false, Format::Json) => (None, Some(path)),
        _ => (Some(path), None),
    }
}

/// What a certifying run says in JSON: the contract's document (status,
/// the solution found, the counts, the figures), then `certified` and
/// the `certificate` object, its fields in the order given.
struct Said {
    status: Status,
    solutions: Vec<Solution>,
    counts: Option<(u64, u64)>,
    stats: Stats,
    certified: bool,
    certificate: Option<Vec<(&'static str, Value)>>,
}

impl Said {
    /// A run stopped (Ctrl-C, the time limit) before anything was
    /// certified: status unknown, nothing certified, no certificate.
    fn stopped() -> Said {
        Said {
            status: Status::Unknown,
            solutions: Vec::new(),
            counts: None,
            stats: Stats::default(),
            certified: false,
            certificate: None,
        }
    }

    /// The contract's document with `certified` and `certificate` after
    /// its own fields (written here in order: a `serde_json::Map` would
    /// sort them).
    fn document(&self, puzzle: &Puzzle) -> String {
        let doc = render::json(
            puzzle,
            self.status,
            &self.solutions,
            self.counts,
            &self.stats,
        );
        let body = doc.strip_suffix("\n}\n").unwrap_or(&doc);
        let certificate = match &self.certificate {
            None => "null".to_string(),
            Some(fields) => {
                let lines: Vec<String> = (fields.iter())
                    .map(|(k, v)| format!("    {}: {v}", Value::from(*k)))
                    .collect();
                format!("{{\n{}\n  }}", lines.join(",\n"))
            }
        };
        format!(
            "{body},\n  \"certified\": {},\n  \"certificate\": {certificate}\n}}\n",
            self.certified
        )
    }
}

/// Writes `said`'s document to `file`, or standard output.
fn write_json(puzzle: &Puzzle, said: &Said, file: Option<&Path>) -> Result<()> {
    Sink { path: file }.write(&said.document(puzzle))
}

/// A path as JSON: its text, or null.
fn path_value(path: Option<&Path>) -> Value {
    path.map_or(Value::Null, |p| Value::from(p.display().to_string()))
}

/// Milliseconds as the JSON figures give them (to the microsecond).
fn ms(d: std::time::Duration) -> Value {
    Value::from((d.as_secs_f64() * 1e6).round() / 1e3)
}

/// `solve --certify` / `--proof` with `--format json`: the document of
/// the answer (to `-o FILE` or standard output), and its exit status.
/// How `solve --format json` with a certificate was asked: the
/// certificate directory, the document's file, whether `--certify` was
/// given, and the figures known before the answer.
struct How<'a> {
    directory: Option<&'a Path>,
    out: Option<&'a Path>,
    certifying: bool,
    base: Stats,
}

fn solve_json(puzzle: &Puzzle, file: &str, answer: &Certified, how: How) -> Result<Exit> {
    let How {
        directory: dir,
        out,
        certifying,
        base,
    } = how;
    let directory = ("directory", path_value(dir));
    let (said, exit) = match answer {
        Certified::Solved(solution) => (
            Said {
                status: Status::Solved,
                solutions: vec![solution.clone()],
                stats: base,
                certified: true,
                certificate: Some(vec![
                    ("kind", "solution".into()),
                    ("checked", true.into()),
                    directory,
                ]),
                ..Said::stopped()
            },
            Exit::Done,
        ),
        Certified::NoSolutionByColouring(colouring) => (
            Said {
                status: Status::Unsolvable,
                stats: Stats {
                    backend: "pre-check".into(),
                    ..base
                },
                certified: certifying,
                certificate: Some(vec![
                    ("kind", "colouring".into()),
                    ("colouring", colouring.as_str().into()),
                    ("checked", certifying.into()),
                    directory,
                ]),
                ..Said::stopped()
            },
            Exit::NoSolution,
        ),
        Certified::NoSolution(proof) => proof_said(proof, directory, base),
    };
    write_json(puzzle, &said, out)?;
    if let Certified::NoSolution(NoSolution {
        check: Some(Err(stopped)),
        ..
    }) = answer
    {
        eprintln!("{file}: the proof's check was stopped: nothing was certified");
        return Ok(Exit::from(stopped));
    }
    Ok(exit)
}

/// CaDiCaL's proof of "no solution" as JSON: unsolvable when it was not
/// asked to be checked or checked to the end; a check stopped before the
/// end leaves the status unknown and nothing certified.
fn proof_said(proof: &NoSolution, directory: (&'static str, Value), base: Stats) -> (Said, Exit) {
    let kind = match proof.format {
        ProofFormat::Lrat => "lrat",
        ProofFormat::Drat => "drat",
    };
    let mut fields = vec![
        ("kind", Value::from(kind)),
        ("cnf", proof.cnf.as_str().into()),
        ("bytes", proof.written.bytes.into()),
        ("added", proof.written.added.into()),
        ("deleted", proof.written.deleted.into()),
        ("proving_ms", ms(proof.proving)),
        ("checked", proof.certified().into()),
    ];
    if let Some(Ok(checked)) = &proof.check {
        fields.push(("hints", checked.hints.into()));
        fields.push(("checking_ms", ms(checked.took)));
    }
    fields.push(("proof", path_value(proof.proof.as_deref())));
    fields.push(directory);
    let stopped = matches!(proof.check, Some(Err(_)));
    let said = Said {
        status: if stopped {
            Status::Unknown
        } else {
            Status::Unsolvable
        },
        stats: Stats {
            solve_ms: ms(proof.proving).as_f64().unwrap_or_default(),
            ..base
        },
        certified: proof.certified(),
        certificate: Some(fields),
        ..Said::stopped()
    };
    (said, Exit::NoSolution)
}

/// `count --certify --format json`: the counts, and the certificate of
/// them.
fn count_said(c: &CertifiedCount, dir: Option<&Path>, proof: Option<&Path>) -> Said {
    let fields = vec![
        ("kind", Value::from("count")),
        (
            "by",
            if c.by_search {
                "exact-cover search"
            } else {
                "cadical"
            }
            .into(),
        ),
        ("bytes", c.written.bytes.into()),
        ("added", c.check.added.into()),
        ("deleted", c.check.deleted.into()),
        ("hints", c.check.hints.into()),
        ("checking_ms", ms(c.check.took)),
        ("blocking", c.blocking.into()),
        (
            "symmetry_breaking",
            c.breaking
                .as_ref()
                .map_or(Value::Null, |b| b.forbidden.into()),
        ),
        ("enumerating_ms", ms(c.enumerating)),
        ("proving_ms", ms(c.proving)),
        ("checked", true.into()),
        ("proof", path_value(proof)),
        ("directory", path_value(dir)),
    ];
    Said {
        status: Status::Solved,
        counts: Some((c.count, c.distinct)),
        stats: Stats {
            variables: c.variables,
            clauses: c.clauses,
            encoding: c.encoding.clone(),
            backend: if c.by_search {
                "exact-cover search"
            } else {
                "cadical"
            }
            .into(),
            encode_ms: 0.0,
            solve_ms: ms(c.enumerating + c.proving).as_f64().unwrap_or_default(),
        },
        certified: true,
        certificate: Some(fields),
        ..Said::stopped()
    }
}
