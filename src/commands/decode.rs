//! `jigsat decode`: read an external solver's answer to a `jigsat dimacs`
//! CNF, map it back through the same encoding, check it and draw it.
//!
//! Nothing in the model is trusted: it must parse, give every variable of
//! the CNF exactly one value, satisfy every clause, and decode to a
//! solution that passes the puzzle's check. With `--cnf`, the file's
//! fingerprint must also match the puzzle and options, so a model is never
//! read through the wrong encoding.

use crate::exit::Exit;
use std::path::Path;
use std::time::Instant;

use clap::ValueEnum;

use crate::cli::DecodeArgs;
use crate::cli::Format;
use jigsat::api::Result;
use jigsat::internal::encode::{Card, EdgeEncoding, Encoded, Encoding};
use jigsat::internal::error::InputError;
use jigsat::internal::instance::Instance;
use jigsat::internal::puzzle::Puzzle;
use jigsat::internal::render::{json, text};
use jigsat::internal::report::{Stats, Status, ms};
use jigsat::internal::solution::Solution;
use jigsat::internal::solve::dimacs::{self, CnfSource, Header};
use jigsat::internal::solve::external::first_falsified;
use jigsat::internal::solve::model::{self, ModelError, SolverOutput};

use super::shared::{Sink, load};

pub fn run(args: &DecodeArgs, quiet: bool) -> Result<Exit> {
    let started = Instant::now();
    let puzzle = load(&args.puzzle, &args.problem)?;
    let sink = Sink {
        path: args.output.output.as_deref(),
    };
    let api_puzzle = jigsat::internal::bridge::api_puzzle(&puzzle, &args.puzzle);
    sink.check_picture(args.output.format, &args.draw, &api_puzzle)?;
    let instance = Instance::new(&puzzle)?;
    let header = match &args.cnf {
        Some(path) => Some(read_cnf_header(path)?),
        None => None,
    };
    let options = CnfOptions::of(args, header.as_ref())?;
    let breaking = instance.breaking(options.symmetry);
    let encoded = instance.encode(
        options.encoding,
        options.card,
        options.edges,
        breaking.as_ref(),
    );
    if let Some((path, h)) = &header {
        check_fingerprint(args, &puzzle, &instance, &encoded, path, h)?;
    }
    let encode_ms = ms(started.elapsed());

    let decode_start = Instant::now();
    let (status, solutions, reason) = read_answer(args, &instance, &encoded)?;
    let stats = Stats {
        variables: u64::from(encoded.cnf.num_vars()),
        clauses: encoded.cnf.num_clauses() as u64,
        encoding: instance.encoding_label(options.encoding, options.edges),
        backend: "decode".to_string(),
        encode_ms,
        solve_ms: ms(decode_start.elapsed()),
    };
    match args.output.format {
        f if f.is_picture() => sink.write_picture(
            f,
            &args.draw,
            &api_puzzle,
            &jigsat::internal::bridge::api_solutions(&api_puzzle, &solutions),
        )?,
        Format::Json => sink.write(&json::document(&puzzle, status, &solutions, None, &stats))?,
        _ => {
            let mut out = String::new();
            if !quiet {
                out.push_str(&format!(
                    "{}: {} ({} variables, {} clauses, {} encoding, model from {})\n",
                    puzzle.name,
                    match status {
                        Status::Solved => "solved, and the solution checks",
                        Status::Unsolvable => "no solution",
                        Status::Unknown => "no answer",
                    },
                    stats.variables,
                    stats.clauses,
                    stats.encoding,
                    args.model.display()
                ));
            }
            for s in &solutions {
                out.push_str(&text::draw(&puzzle, s, sink.style(&args.draw)));
            }
            sink.write(&out)?;
        }
    }
    if let Some(reason) = reason {
        eprintln!("{}: {reason}", args.puzzle.display());
    }
    Ok(status.into())
}

/// The options the CNF was written with: a flag given on the command line
/// wins, then the `c option` line of `--cnf`, then the default.
struct CnfOptions {
    encoding: Encoding,
    card: Card,
    edges: EdgeEncoding,
    symmetry: bool,
}

impl CnfOptions {
    fn of(args: &DecodeArgs, header: Option<&(String, Header)>) -> Result<CnfOptions> {
        let file = header.map(|(p, _)| p.clone()).unwrap_or_default();
        let from_header = |key: &str| header.and_then(|(_, h)| h.option(key).map(str::to_string));
        let unknown = |key: &str, name: &str, what: &str| InputError {
            file: file.clone(),
            position: None,
            field: None,
            message: format!("`c option {key}={name}` names {what} this jigsat does not know"),
        };
        let encoding = match (args.encoding, from_header("encoding")) {
            (Some(e), _) => e,
            (None, Some(name)) => Encoding::from_str(&name, true)
                .map_err(|_| unknown("encoding", &name, "an encoding"))?,
            (None, None) => Encoding::default(),
        };
        let card = match (args.card, from_header("card")) {
            (Some(c), _) => c,
            (None, Some(name)) => Card::from_str(&name, true)
                .map_err(|_| unknown("card", &name, "a cardinality encoding"))?,
            (None, None) => Card::default(),
        };
        let edges = match (args.edges, from_header("edges")) {
            (Some(e), _) => e,
            (None, Some(name)) => EdgeEncoding::from_str(&name, true)
                .map_err(|_| unknown("edges", &name, "an edge-matching encoding"))?,
            (None, None) => EdgeEncoding::default(),
        };
        let symmetry = !args.no_symmetry && from_header("symmetry").is_none_or(|s| s == "on");
        Ok(CnfOptions {
            encoding,
            card,
            edges,
            symmetry,
        })
    }
}

/// The `c fingerprint` of the `--cnf` file must be the one this puzzle and
/// these options give, so that a model is never read through the wrong
/// encoding.
fn check_fingerprint(
    args: &DecodeArgs,
    puzzle: &Puzzle,
    instance: &Instance,
    encoded: &Encoded,
    path: &str,
    header: &Header,
) -> Result<()> {
    let file = args.puzzle.display().to_string();
    let source = CnfSource {
        puzzle,
        file: &file,
        describe: &|o| instance.family().describe(o),
        options: CnfSource::options_for(encoded),
        encoded,
    };
    let expected = source.fingerprint();
    let mismatch = |message: String| InputError {
        file: path.to_string(),
        position: None,
        field: None,
        message,
    };
    match &header.fingerprint {
        None => Err(mismatch(
            "no `c fingerprint` line: not a file written by `jigsat dimacs`".into(),
        )
        .into()),
        Some(found) if *found != expected => Err(mismatch(format!(
            "fingerprint {found} does not match {} with {} ({expected}): the CNF was \
             written for another puzzle, other options or another jigsat version \
             ({} variables and {} clauses in the file, {} and {} here)",
            args.puzzle.display(),
            source
                .options
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect::<Vec<_>>()
                .join(", "),
            header.num_vars,
            header.num_clauses,
            encoded.cnf.num_vars(),
            encoded.cnf.num_clauses()
        ))
        .into()),
        Some(_) => Ok(()),
    }
}

/// Reads the solver's answer and, for a model, checks that it satisfies
/// every clause before decoding and checking the solution.
fn read_answer(
    args: &DecodeArgs,
    instance: &Instance,
    encoded: &Encoded,
) -> Result<(Status, Vec<Solution>, Option<String>)> {
    let cnf = &encoded.cnf;
    let model_name = args.model.display().to_string();
    let bytes = read_model(&args.model)?;
    let at = |e: ModelError| InputError {
        file: model_name.clone(),
        position: Some((e.line, e.column)),
        field: None,
        message: e.message,
    };
    Ok(match model::parse(&bytes).map_err(at)? {
        SolverOutput::Sat(lits) => {
            let values = model::assignment(&lits, cnf.num_vars()).map_err(at)?;
            if let Some(k) = first_falsified(cnf, &values) {
                let puzzle = args.puzzle.display().to_string();
                return Err(model::of_another_cnf(&model_name, k, &puzzle, encoded).into());
            }
            let solution = instance.decode(encoded, &values, "decoded")?;
            (Status::Solved, vec![solution], None)
        }
        SolverOutput::Unsat => (
            Status::Unsolvable,
            Vec::new(),
            Some(match &args.proof {
                Some(path) => {
                    let start = Instant::now();
                    let checked = jigsat::internal::certify::check_input(cnf, path)?;
                    format!(
                        "no solution, certified: the solver's LRAT proof {} ({} clauses added, {} deleted, {} hints) checks against the CNF, by jigsat's checker in {:.3} s",
                        path.display(),
                        checked.added,
                        checked.deleted,
                        checked.hints,
                        start.elapsed().as_secs_f64()
                    )
                }
                None => "the solver says no solution exists; the claim is unverified \
                         (give the solver's proof with --proof FILE to check it)"
                    .to_string(),
            }),
        ),
        SolverOutput::Unknown => (
            Status::Unknown,
            Vec::new(),
            Some("the solver answered UNKNOWN".to_string()),
        ),
    })
}

fn read_cnf_header(path: &Path) -> Result<(String, Header)> {
    jigsat::internal::process::files::reading(path);
    let file = jigsat::internal::input::open(path)?;
    let name = path.display().to_string();
    let header = dimacs::read_header(std::io::BufReader::new(file), &name)?;
    Ok((name, header))
}

/// The model, from a file or standard input (`-`), within the budget's
/// cap on an input ([`jigsat::internal::input`]): an endless stream stops there.
fn read_model(path: &Path) -> Result<Vec<u8>> {
    Ok(jigsat::internal::input::read(path)?)
}
