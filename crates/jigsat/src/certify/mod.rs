//! Answers anyone can check: proofs of "no solution" and the checker
//! that checks them.
//!
//! - [`proof`] runs the built-in CaDiCaL with a proof tracer and writes
//!   its LRAT or DRAT proof of a CNF;
//! - [`lrat`] is the checker: it reads the CNF's clauses and an LRAT
//!   proof and shares no code with the solver or the encoder;
//! - [`colouring`] re-derives a colouring argument from the puzzle alone
//!   (its own rotations, its own placements), as a witness for the
//!   pre-check's "no solution";
//! - [`count`] certifies a count: the solutions checked, the CNF with them
//!   blocked proved to have no model, with the symmetry breaking kept
//!   where [`breaking`] justifies it from the placements alone;
//! - [`directory`] writes a certificate directory and re-checks one
//!   (`jigsat check-certificate`);
//! - [`run`] makes a certified solve or count from start to end: the
//!   directory made ready, the proof, the answer, the directory written;
//! - [`answer`] holds what a certified run answers, as the library's
//!   callers read it (`api::certificate` re-exports it).
//!
//! What a certificate proves, and what it does not, is in docs/guide.md,
//! "Certificates". In short: a checked proof shows that the CNF has no
//! model; that the CNF says what the puzzle says is jigsat's encoder's
//! word (the same encoder whose models are checked against the puzzle
//! every run). Symmetry-breaking clauses are not consequences of the
//! puzzle, so a certified "no solution" is a proof of the CNF without
//! them; a certified count keeps them, because [`breaking`] checks that
//! the listed solutions are closed under the puzzle's symmetries and that
//! every solution has an image the breaking keeps.

pub mod answer;
pub mod breaking;
pub mod colouring;
pub mod count;
pub mod directory;
pub mod lrat;
pub mod proof;
pub mod run;
pub mod search;

use std::io::BufReader;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use self::answer::ProofCheck;
use crate::encode::Cnf;
use crate::error::{Error, InputError, Result};
use crate::options::Options;
use crate::puzzle::Puzzle;

pub use self::lrat::{Checked, Rejected};
pub use self::proof::{Answer, ProofFormat, Proved};

/// A stop condition for writing and checking: a deadline, or a flag
/// (Ctrl-C, a caller that no longer needs the answer).
#[derive(Clone, Debug)]
pub struct Until {
    /// When to give up (`--time-limit`, fixed when the run starts); `None`
    /// waits as long as it takes.
    pub deadline: Option<Instant>,
    /// Set by Ctrl-C or by a caller that no longer needs the answer; the
    /// solver and the checker poll it between steps.
    pub stop: Arc<AtomicBool>,
}

impl Until {
    /// Stops `limit` from now (never for `None`), or earlier when `stop`
    /// is set.
    pub fn new(limit: Option<Duration>, stop: Arc<AtomicBool>) -> Until {
        Until {
            deadline: limit.map(|l| Instant::now() + l),
            stop,
        }
    }

    /// Whether to stop now: the flag is set or the deadline has passed.
    pub fn reached(&self) -> bool {
        self.stop.load(Ordering::Relaxed) || self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

/// Marker in the error a proof write returns when the solver did not
/// answer "unsatisfiable": the half-written proof is then dropped by the
/// safe writer.
const NO_PROOF: &str = "jigsat: no proof to keep";

/// Proves `cnf` unsatisfiable into `path` (through the safe writer: the
/// file appears complete or not at all). The answer comes back whatever
/// it is; the file is only kept for [`Answer::Unsat`].
pub fn prove_to_file(cnf: &Cnf, format: ProofFormat, path: &Path, until: &Until) -> Result<Proved> {
    let mut proved = None;
    let written = crate::process::files::write_atomically(path, |file| {
        let p = proof::prove(
            cnf,
            format,
            file.try_clone()?,
            until.deadline,
            Arc::clone(&until.stop),
        )?;
        let keep = p.answer == Answer::Unsat;
        let bytes = p.bytes;
        proved = Some(p);
        if keep {
            Ok(bytes)
        } else {
            Err(std::io::Error::other(NO_PROOF))
        }
    });
    match (written, proved) {
        (Ok(_), Some(p)) => Ok(p),
        (Err(_), Some(p)) if p.answer != Answer::Unsat => Ok(p),
        (Err(e), _) => Err(e),
        (Ok(_), None) => Err(Error::Bug("a proof was written without an answer".into())),
    }
}

/// The clauses as the checker reads them: DIMACS literals, in the order
/// of the file `jigsat dimacs` writes.
pub fn dimacs_clauses(cnf: &Cnf) -> Vec<Vec<i32>> {
    cnf.clauses()
        .map(|c| c.iter().map(|l| l.to_dimacs()).collect())
        .collect()
}

/// Checks the LRAT proof in `path` against `clauses`, streaming, within
/// the memory budget and until `until`.
pub fn check_file(
    clauses: &[Vec<i32>],
    path: &Path,
    until: &Until,
) -> std::result::Result<Checked, Rejected> {
    let file = crate::input::open(path).map_err(|e| match e {
        Error::Io { source, .. } if source.kind() == std::io::ErrorKind::Interrupted => {
            Rejected::Stopped
        }
        e => Rejected::Io(e.to_string()),
    })?;
    lrat::check(
        clauses.iter().map(|c| &c[..]),
        BufReader::with_capacity(1 << 16, crate::input::Interruptible(file)),
        &|| until.reached(),
        crate::process::budget::limit(),
    )
}

/// A rejected proof as bad input (exit 2), naming the proof file.
pub fn rejected_input(path: &Path, why: &Rejected) -> Error {
    InputError {
        file: path.display().to_string(),
        position: None,
        field: None,
        message: format!("the proof does not check: {why}"),
    }
    .into()
}

/// Checks an outside solver's proof in the file `path` (`decode --proof`,
/// `Certifier::check_proof`) against `cnf`, stopping at `until`: the
/// figures when it checks; a rejected proof is bad input naming the file
/// (exit 2), and no claim is made.
pub fn check_input(cnf: &Cnf, path: &Path, until: &Until) -> Result<ProofCheck> {
    crate::process::files::reading(path);
    let started = Instant::now();
    let file = crate::input::open(path)?;
    let clauses = dimacs_clauses(cnf);
    let checked = lrat::check(
        clauses.iter().map(|c| &c[..]),
        BufReader::with_capacity(1 << 16, crate::input::Interruptible(file)),
        &|| until.reached(),
        crate::process::budget::limit(),
    )
    .map_err(|why| match why {
        Rejected::Stopped => Error::Solver(format!(
            "{}: the check was stopped: nothing was certified",
            path.display()
        )),
        why => rejected_input(path, &why),
    })?;
    Ok(ProofCheck::new(&checked, started.elapsed()))
}

/// [`check_input`] against the CNF `jigsat dimacs` writes for `puzzle`
/// with `options` (`Certifier::check_proof`).
pub fn check_proof(
    puzzle: &Puzzle,
    options: &Options,
    proof: &Path,
    until: &Until,
) -> Result<ProofCheck> {
    let instance = crate::instance::Instance::new(puzzle)?;
    let encoded = instance.encode_for(options)?;
    check_input(&encoded.cnf, proof, until)
}
