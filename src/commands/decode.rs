//! `jigsat decode`: read an external solver's answer to a `jigsat dimacs`
//! CNF, map it back through the same encoding, check it and draw it.
//!
//! Nothing in the model is trusted: it must parse, give every variable of
//! the CNF exactly one value, satisfy every clause, and decode to a
//! solution that passes the puzzle's check. With `--cnf`, the file's
//! fingerprint must also match the puzzle and options, so a model is never
//! read through the wrong encoding.

use std::io::Read;
use std::path::Path;
use std::time::Instant;

use clap::ValueEnum;

use crate::cli::DecodeArgs;
use crate::encode::{Card, EdgeEncoding, Encoding};
use crate::error::{Error, InputError, Result};
use crate::render::{Format, json, text};
use crate::solve::dimacs::{self, CnfSource, Header};
use crate::solve::external::first_falsified;
use crate::solve::model::{self, Answer, ModelError};
use crate::{Instance, Stats, Status, decode_model, ms};

use super::{Sink, load};

pub fn run(args: &DecodeArgs, quiet: bool) -> Result<i32> {
    let started = Instant::now();
    let puzzle = load(&args.puzzle)?;
    let instance = Instance::new(&puzzle)?;

    let header = match &args.cnf {
        Some(path) => Some(read_cnf_header(path)?),
        None => None,
    };
    let encoding = match (args.encoding, &header) {
        (Some(e), _) => e,
        (None, Some((path, h))) => match h.option("encoding") {
            Some(name) => Encoding::from_str(name, true).map_err(|_| InputError {
                file: path.clone(),
                position: None,
                field: None,
                message: format!(
                    "`c option encoding={name}` names an encoding this jigsat does not know"
                ),
            })?,
            None => Encoding::default(),
        },
        (None, None) => Encoding::default(),
    };
    let from_header = |key: &str| {
        header
            .as_ref()
            .and_then(|(_, h)| h.option(key).map(str::to_string))
    };
    let card = match (args.card, from_header("card")) {
        (Some(c), _) => c,
        (None, Some(name)) => Card::from_str(&name, true).map_err(|_| InputError {
            file: header.as_ref().map(|(p, _)| p.clone()).unwrap_or_default(),
            position: None,
            field: None,
            message: format!(
                "`c option card={name}` names a cardinality encoding this jigsat does not know"
            ),
        })?,
        (None, None) => Card::default(),
    };
    let edges = match (args.edges, from_header("edges")) {
        (Some(e), _) => e,
        (None, Some(name)) => EdgeEncoding::from_str(&name, true).map_err(|_| InputError {
            file: header.as_ref().map(|(p, _)| p.clone()).unwrap_or_default(),
            position: None,
            field: None,
            message: format!(
                "`c option edges={name}` names an edge-matching encoding this jigsat does not know"
            ),
        })?,
        (None, None) => EdgeEncoding::default(),
    };
    let symmetry = !args.no_symmetry && from_header("symmetry").is_none_or(|s| s == "on");
    let breaking = instance.breaking(&puzzle, symmetry);
    let encoded = instance.encode(encoding, card, edges, breaking.as_ref());
    let cnf = &encoded.cnf;

    if let Some((path, h)) = &header {
        let file = args.puzzle.display().to_string();
        let source = CnfSource {
            puzzle: &puzzle,
            file: &file,
            placements: &instance.placements,
            options: CnfSource::options_for(&encoded),
            encoded: &encoded,
        };
        let expected = source.fingerprint();
        let mismatch = |message: String| InputError {
            file: path.clone(),
            position: None,
            field: None,
            message,
        };
        match &h.fingerprint {
            None => {
                return Err(mismatch(
                    "no `c fingerprint` line: not a file written by `jigsat dimacs`".into(),
                )
                .into());
            }
            Some(found) if *found != expected => {
                return Err(mismatch(format!(
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
                    h.num_vars,
                    h.num_clauses,
                    cnf.num_vars(),
                    cnf.num_clauses()
                ))
                .into());
            }
            Some(_) => {}
        }
    }
    let encode_ms = ms(started.elapsed());

    let model_name = args.model.display().to_string();
    let bytes = read_model(&args.model)?;
    let at = |e: ModelError| InputError {
        file: model_name.clone(),
        position: Some((e.line, e.column)),
        field: None,
        message: e.message,
    };
    let answer = model::parse(&bytes).map_err(at)?;
    let decode_start = Instant::now();
    let (status, solutions, reason) = match answer {
        Answer::Sat(lits) => {
            let values = model::assignment(&lits, cnf.num_vars()).map_err(at)?;
            if let Some(k) = first_falsified(cnf, &values) {
                return Err(InputError {
                    file: model_name,
                    position: None,
                    field: None,
                    message: format!(
                        "the model falsifies clause {} of the CNF for {} ({} encoding): it is a \
                         model of another CNF (another puzzle, or other options?)",
                        k + 1,
                        args.puzzle.display(),
                        encoding
                    ),
                }
                .into());
            }
            let solution = decode_model(&puzzle, &instance, &encoded, &values, "decoded")?;
            (Status::Solved, vec![solution], None)
        }
        Answer::Unsat => (
            Status::Unsolvable,
            Vec::new(),
            Some("the solver proved that no solution exists".to_string()),
        ),
        Answer::Unknown => (
            Status::Unknown,
            Vec::new(),
            Some("the solver answered UNKNOWN".to_string()),
        ),
    };
    let stats = Stats {
        variables: cnf.num_vars() as u64,
        clauses: cnf.num_clauses() as u64,
        encoding: crate::encoding_label(&puzzle, encoding, edges),
        backend: "decode".to_string(),
        encode_ms,
        solve_ms: ms(decode_start.elapsed()),
    };

    let sink = Sink {
        path: args.output.output.as_deref(),
    };
    let out = match args.output.format {
        Format::Svg => {
            sink.write_svg(&puzzle, &solutions)?;
            String::new()
        }
        Format::Json => json::document(&puzzle, status, &solutions, None, &stats),
        Format::Text => {
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
                    model_name
                ));
            }
            for s in &solutions {
                out.push_str(&text::draw(&puzzle, s, sink.wants_colour()));
            }
            out
        }
    };
    if args.output.format != Format::Svg {
        sink.write(&out)?;
    }
    if let Some(reason) = reason {
        eprintln!("{}: {reason}", args.puzzle.display());
    }
    Ok(status.exit_code())
}

fn read_cnf_header(path: &Path) -> Result<(String, Header)> {
    let file = std::fs::File::open(path).map_err(|e| Error::io(path, e))?;
    let name = path.display().to_string();
    let header = dimacs::read_header(std::io::BufReader::new(file), &name)?;
    Ok((name, header))
}

fn read_model(path: &Path) -> Result<Vec<u8>> {
    let mut bytes = Vec::new();
    if path.as_os_str() == "-" {
        std::io::stdin()
            .lock()
            .read_to_end(&mut bytes)
            .map_err(|e| Error::io("<stdin>", e))?;
    } else {
        bytes = std::fs::read(path).map_err(|e| Error::io(path, e))?;
    }
    Ok(bytes)
}
