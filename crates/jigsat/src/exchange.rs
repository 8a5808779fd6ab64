//! The puzzle handed to other solvers, and their answers taken back: the
//! work behind `api::cnf` (`jigsat dimacs`, `jigsat decode`). The CNF is
//! written with a header naming every placement variable, the options and
//! a fingerprint; the exact cover in Knuth's DLX format with the options
//! symmetry breaking leaves out; and a SAT solver's output is read back
//! trusting nothing in it: the model must satisfy every clause and decode
//! to a solution that passes the puzzle's check, and an "unsatisfiable"
//! is certified only by an LRAT proof that checks.

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use crate::certify::Until;
use crate::certify::answer::ProofCheck;
use crate::encode::{Encoded, Encoding};
use crate::error::{Error, InputError, Result};
use crate::exact::knuth::Export;
use crate::instance::Instance;
use crate::options::Options;
use crate::puzzle::Puzzle;
use crate::solution::Solution;
use crate::solve::dimacs::{CnfSource, Header};
use crate::solve::model::{self, ModelError, SolverOutput};

/// What writing the CNF in DIMACS wrote (`api::cnf` hands it on).
///
/// ```
/// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
/// let written = jigsat::api::Solver::new().write_dimacs(&soma, std::io::sink())?;
/// assert!(written.variables >= 688 && written.bytes > 0);
/// # Ok::<(), jigsat::api::Error>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Written {
    /// Variables of the CNF.
    pub variables: u32,
    /// Clauses of the CNF, the symmetry-breaking units included.
    pub clauses: usize,
    /// The at-most-one encoding that was used (`auto` resolved).
    pub encoding: Encoding,
    /// Bytes written.
    pub bytes: u64,
    /// Building the cover and the CNF.
    pub encoding_time: Duration,
    /// Writing it.
    pub writing_time: Duration,
}

/// A solver's answer to the CNF, read and checked.
pub enum Answer {
    /// A model, checked clause by clause, decoded, and its solution
    /// checked against the puzzle.
    Solution(Solution),
    /// The solver says there is none: certified when its proof was given
    /// and checks, the solver's word otherwise.
    NoSolution(Option<ProofCheck>),
    /// The solver answered UNKNOWN.
    Unknown,
}

/// The DIMACS file a model answers: its header, and its name for
/// messages.
pub struct Given<'a> {
    /// The header as read.
    pub header: &'a Header,
    /// The file, as the user named it.
    pub file: &'a str,
}

/// Builds `puzzle`'s CNF with `options` (`file` names the puzzle) and
/// calls `write` with its DIMACS source; says what was written.
pub fn write_dimacs(
    puzzle: &Puzzle,
    file: &str,
    options: &Options,
    write: impl FnOnce(&CnfSource) -> Result<u64>,
) -> Result<Written> {
    let started = Instant::now();
    let instance = Instance::new(puzzle)?;
    let encoded = instance.encode_for(options)?;
    let encoding_time = started.elapsed();
    let bytes = on_source(puzzle, file, &instance, &encoded, write)?;
    Ok(Written {
        variables: encoded.cnf.num_vars(),
        clauses: encoded.cnf.num_clauses(),
        encoding: encoded.encoding,
        bytes,
        encoding_time,
        writing_time: started.elapsed() - encoding_time,
    })
}

/// Calls `write` with the DLX export of `puzzle`, the options symmetry
/// breaking (when `symmetry`) leaves out and the header's lines.
pub fn write_dlx(
    puzzle: &Puzzle,
    file: &str,
    symmetry: bool,
    write: impl FnOnce(&Export, &[u32], &[String]) -> Result<u64>,
) -> Result<u64> {
    let instance = Instance::new(puzzle)?;
    let forbidden = instance
        .breaking(symmetry)
        .map(|b| b.forbidden)
        .unwrap_or_default();
    let cover = instance.cover().for_dlx();
    let export =
        Export::new(&cover, &puzzle.board).map_err(|why| Error::Usage(format!("{file}: {why}")))?;
    let header = vec![
        format!(
            "jigsat {}: {} ({file})",
            env!("CARGO_PKG_VERSION"),
            puzzle.name
        ),
        if forbidden.is_empty() {
            "no symmetry breaking: DLX1's count is the count on a fixed board".to_string()
        } else {
            format!(
                "symmetry breaking left out {} options (--no-symmetry keeps them)",
                forbidden.len()
            )
        },
        "each option line: the piece, then its cells".to_string(),
    ];
    write(&export, &forbidden, &header)
}

/// `puzzle`'s CNF with `options`, which a model is read against: when
/// `given`, the file the solver read must be this CNF (its fingerprint).
pub fn encoded<'p>(
    puzzle: &'p Puzzle,
    file: &str,
    options: &Options,
    given: Option<Given>,
) -> Result<(Instance<'p>, Encoded)> {
    let instance = Instance::new(puzzle)?;
    let encoded = instance.encode_for(options)?;
    if let Some(given) = given {
        on_source(puzzle, file, &instance, &encoded, |s| {
            check_fingerprint(s, &given)
        })?;
    }
    Ok((instance, encoded))
}

/// Calls `f` with the DIMACS source of `puzzle`'s CNF: the header's
/// names, options and fingerprint come from it.
fn on_source<T>(
    puzzle: &Puzzle,
    file: &str,
    instance: &Instance,
    encoded: &Encoded,
    f: impl FnOnce(&CnfSource) -> T,
) -> T {
    let describe = |o| instance.family().describe(o);
    f(&CnfSource {
        puzzle,
        file,
        describe: &describe,
        options: CnfSource::options_for(encoded),
        encoded,
    })
}

/// The `c fingerprint` of the file must be the one this puzzle and these
/// options give, so that a model is never read through the wrong
/// encoding.
fn check_fingerprint(source: &CnfSource, given: &Given) -> Result<()> {
    let expected = source.fingerprint();
    let mismatch = |message: String| InputError {
        file: given.file.to_string(),
        position: None,
        field: None,
        message,
    };
    let h = given.header;
    match &h.fingerprint {
        None => Err(mismatch(
            "no `c fingerprint` line: not a file written by `jigsat dimacs`".into(),
        )
        .into()),
        Some(found) if *found != expected => Err(mismatch(format!(
            "fingerprint {found} does not match {} with {} ({expected}): the CNF was \
             written for another puzzle, other options or another jigsat version \
             ({} variables and {} clauses in the file, {} and {} here)",
            source.file,
            source
                .options
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect::<Vec<_>>()
                .join(", "),
            h.num_vars,
            h.num_clauses,
            source.encoded.cnf.num_vars(),
            source.encoded.cnf.num_clauses()
        ))
        .into()),
        Some(_) => Ok(()),
    }
}

/// Reads the solver's answer (`bytes`, named `name`) to `encoded`, the
/// CNF of the puzzle in `file`, and, for a model, checks that it satisfies every clause before decoding and
/// checking the solution; an "unsatisfiable" is certified when `proof`
/// checks (stopping when `stop` is raised).
pub fn answer(
    file: &str,
    instance: &Instance,
    encoded: &Encoded,
    (bytes, name): (&[u8], &str),
    proof: Option<&Path>,
    stop: Option<Arc<AtomicBool>>,
) -> Result<Answer> {
    let cnf = &encoded.cnf;
    let at = |e: ModelError| InputError {
        file: name.to_string(),
        position: Some((e.line, e.column)),
        field: None,
        message: e.message,
    };
    Ok(match model::parse(bytes).map_err(at)? {
        SolverOutput::Sat(lits) => {
            let values = model::assignment(&lits, cnf.num_vars()).map_err(at)?;
            if let Some(k) = crate::solve::external::first_falsified(cnf, &values) {
                return Err(model::of_another_cnf(name, k, file, encoded).into());
            }
            Answer::Solution(instance.decode(encoded, &values, "decoded")?)
        }
        SolverOutput::Unsat => Answer::NoSolution(match proof {
            Some(path) => {
                let until = Until::new(None, stop.unwrap_or_default());
                Some(crate::certify::check_input(cnf, path, &until)?)
            }
            None => None,
        }),
        SolverOutput::Unknown => Answer::Unknown,
    })
}
