//! A certifying run from start to end, as `jigsat solve --proof` /
//! `--certify` and `count --certify` make it and the library's
//! `api::Certifier` offers it: the certificate directory made ready
//! before anything runs (staged in a temporary sibling,
//! [`super::directory::Staged`]), the proof written into it (or into the
//! file asked for, or a temporary file removed at the end), the answer,
//! and then the directory's other files, renamed into place when all are
//! written ([`super::directory::write`]).
//!
//! A "no solution" is proved by the built-in CaDiCaL on the placement
//! CNF (the one `jigsat dimacs` writes), not by the portfolio: an exact
//! engine, the order model or another solver would answer without a
//! proof. The colouring pre-check still goes first (CDCL cannot count,
//! and its witness is a certificate too); without the pre-check the
//! question goes to the solver.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::directory::{self, Claim, Contents, Staged};
use super::{Answer, Checked, ProofFormat, Proved, Rejected, Until};
use crate::encode::Encoded;
use crate::error::{Error, Result};
use crate::instance::Instance;
use crate::options::{Options, SolverChoice};
use crate::puzzle::Puzzle;
use crate::solution::Solution;
use crate::solve::SatSolver;
use crate::symmetry::Breaking;

/// What a certifying run is asked to do.
pub struct Request<'a> {
    /// The puzzle as read.
    pub puzzle: &'a Puzzle,
    /// The puzzle file as the user named it (copied into a certificate
    /// directory, and named in messages).
    pub puzzle_path: &'a Path,
    /// The BurrTools problem read, recorded in a certificate directory.
    pub problem: Option<&'a str>,
    /// The options of the run (encodings, symmetry, pre-check, engine).
    pub options: &'a Options,
    /// When proving and checking stop.
    pub until: &'a Until,
    /// The file to keep the proof in (a colouring's witness, for a
    /// "no solution" the pre-check answers).
    pub proof: Option<&'a Path>,
    /// The proof's format (a checked proof is LRAT).
    pub format: ProofFormat,
    /// Whether "no solution" is checked before it is said (a count always
    /// is).
    pub check: bool,
    /// The certificate directory: new, or empty.
    pub directory: Option<&'a Path>,
    /// Says what the run does differently from what was asked, as it
    /// happens (another solver asked for, breaking left out of a proof).
    pub note: &'a dyn Fn(&str),
}

/// How a certified solve ended.
pub enum Solved {
    /// A solution, checked against the puzzle (its own certificate).
    Solution(Solution),
    /// No solution, by the pre-check's colouring argument, whose witness
    /// is re-derived from the puzzle alone; the colouring's name.
    Colouring(String),
    /// No solution, by CaDiCaL's proof.
    Proof(ProofRun),
    /// The time limit or the stop flag, before an answer: nothing was
    /// certified, no proof was written.
    Stopped,
}

/// A proof of "no solution" and, if asked, its check.
pub struct ProofRun {
    /// Which CNF the proof is of, in words.
    pub cnf: String,
    /// What CaDiCaL wrote.
    pub proved: Proved,
    /// How long solving and writing the proof took.
    pub proving: Duration,
    /// Where the proof was kept, unless in a temporary file.
    pub kept: Option<PathBuf>,
    /// The check, when asked: the checker's figures and how long it took,
    /// or `None` when it was stopped before the end.
    pub check: Option<Option<(Checked, Duration)>>,
}

/// Where the proof goes: the certificate directory's [`directory::PROOF`],
/// else the file asked for, else a temporary file (registered so that a
/// signal removes it too, and removed when this is dropped).
struct ProofPath {
    /// The certificate directory's proof file, or the file asked for.
    file: Option<PathBuf>,
    /// The file asked for, when the proof goes into the directory too: a
    /// copy of it, made by [`ProofPath::keep`].
    copy: Option<PathBuf>,
    temp: Option<(tempfile::NamedTempFile, crate::process::files::TempFile)>,
}

impl ProofPath {
    fn new(r: &Request, dir: Option<&Staged>) -> Result<ProofPath> {
        let asked = r.proof.map(Path::to_path_buf);
        if let Some(dir) = dir {
            return Ok(ProofPath {
                file: Some(dir.path().join(directory::PROOF)),
                copy: asked,
                temp: None,
            });
        }
        if asked.is_some() {
            return Ok(ProofPath {
                file: asked,
                copy: None,
                temp: None,
            });
        }
        let temp = tempfile::Builder::new()
            .prefix(".jigsat-proof")
            .tempfile()
            .map_err(|e| Error::io(std::env::temp_dir(), e))?;
        let registered = crate::process::files::TempFile::new(temp.path());
        Ok(ProofPath {
            file: None,
            copy: None,
            temp: Some((temp, registered)),
        })
    }

    fn path(&self) -> &Path {
        match (&self.file, &self.temp) {
            (Some(p), _) => p,
            (None, Some((t, _))) => t.path(),
            (None, None) => unreachable!("a proof file or a temporary one"),
        }
    }

    /// Where the proof is kept for the user: the file asked for, else the
    /// directory's; `None` for a temporary file.
    fn kept(&self) -> Option<PathBuf> {
        self.copy.clone().or_else(|| self.file.clone())
    }

    /// A complete proof in the directory is copied to the file asked for
    /// too (through the safe writer), so that the directory holds every
    /// file its manifest names.
    fn keep(&self) -> Result<()> {
        let Some(to) = &self.copy else {
            return Ok(());
        };
        let from = self.path();
        let mut source = std::fs::File::open(from).map_err(|e| Error::io(from, e))?;
        crate::process::files::write_atomically(to, |mut f| std::io::copy(&mut source, &mut f))?;
        Ok(())
    }
}

/// The certificate directory `solve` stages, if one is asked for: only
/// with the check (it holds checked answers), which reads LRAT only.
fn solve_directory(r: &Request) -> Result<Option<Staged>> {
    if r.check && r.format == ProofFormat::Drat {
        return Err(Error::Usage(
            "--certify checks LRAT proofs: leave out --proof-format drat".into(),
        ));
    }
    match (r.directory, r.check) {
        (Some(d), true) => Ok(Some(Staged::new(d)?)),
        (Some(_), false) => Err(Error::Usage(
            "a certificate directory holds checked answers: it needs the check".into(),
        )),
        (None, _) => Ok(None),
    }
}

/// For a puzzle the pre-check refuses: the colouring witness, written to
/// the proof file and the directory (`dir` taken) when asked for. `None`
/// (with a note) when no colouring gives one: SAT proves it instead.
fn colouring(r: &Request, instance: &Instance, dir: &mut Option<Staged>) -> Result<Option<Solved>> {
    let Some(w) = super::colouring::witness(r.puzzle) else {
        (r.note)("the pre-check's argument has no colouring witness; proving by SAT instead");
        return Ok(None);
    };
    let text = w.text(r.puzzle);
    if let Some(path) = r.proof {
        crate::process::files::write_text(path, &text)?;
    }
    if let Some(dir) = dir.take() {
        let claim = Claim::NoSolutionByColouring;
        directory::write(
            dir,
            &Contents {
                witness: Some(text),
                ..Contents::of(claim, r.puzzle, r.puzzle_path, r.problem, instance)
            },
        )?;
    }
    Ok(Some(Solved::Colouring(w.colouring.to_string())))
}

/// The symmetry breaking a proof keeps, and the pool its argument rests
/// on: with the check, only where the argument that it loses no solution
/// checks from the placements alone ([`super::breaking`]); else (with a
/// note) none.
fn proved_breaking(r: &Request, instance: &Instance) -> (Option<Breaking>, Option<String>) {
    let breaking = instance.breaking(r.options.symmetry);
    let Some(b) = breaking.as_ref().filter(|_| r.check) else {
        return (breaking, None);
    };
    match super::breaking::justify(r.puzzle, instance, &b.forbidden, &[]) {
        Ok(j) => (breaking, Some(j.pool)),
        Err(why) => {
            (r.note)(&format!(
                "the symmetry breaking is left out of the proof: {why}"
            ));
            (None, None)
        }
    }
}

/// The CNF `solve` proves, and it in words. It is the CNF `jigsat dimacs`
/// writes with the same options; a checked proof keeps the symmetry
/// breaking only where the argument that it loses no solution checks
/// from the placements alone ([`super::breaking`]); else it is of the
/// CNF without it.
fn proved_cnf(r: &Request, instance: &Instance) -> Result<(Encoded, String)> {
    let options = r.options;
    let (breaking, justified) = proved_breaking(r, instance);
    instance.check_encoding(options.encoding, options.card, options.edges)?;
    let encoded = instance.encode(
        options.encoding,
        options.card,
        options.edges,
        breaking.as_ref(),
    );
    let cnf = described(&encoded, breaking.is_some(), justified.as_deref());
    Ok((encoded, cnf))
}

/// The proved CNF in words: the `jigsat dimacs` command that writes it,
/// its size, and its symmetry breaking (`justified`: the pool of the
/// argument that keeps it).
fn described(encoded: &Encoded, symmetry: bool, justified: Option<&str>) -> String {
    format!(
        "the placement CNF `jigsat dimacs{}` writes ({} variables, {} clauses, {})",
        if symmetry { "" } else { " --no-symmetry" },
        encoded.cnf.num_vars(),
        encoded.cnf.num_clauses(),
        match justified {
            Some(pool) => format!(
                "with symmetry breaking, justified: every one of {pool} has an image under the puzzle's \
                 symmetries that the breaking keeps, so a solution would have one it keeps"
            ),
            None if symmetry => "with symmetry breaking".to_string(),
            None => "without symmetry breaking".to_string(),
        },
    )
}

/// Checks the proof at `path` of `encoded`'s CNF with jigsat's LRAT
/// checker, into `run.check` (`Some(None)`: stopped first); whether it
/// checked. A proof past the memory budget is bad input; one that does
/// not check is a bug.
fn check_proof(r: &Request, encoded: &Encoded, path: &Path, run: &mut ProofRun) -> Result<bool> {
    let clauses = super::dimacs_clauses(&encoded.cnf);
    let check_start = Instant::now();
    match super::check_file(&clauses, path, r.until) {
        Ok(checked) => {
            run.check = Some(Some((checked, check_start.elapsed())));
            Ok(true)
        }
        Err(Rejected::Stopped) => {
            run.check = Some(None);
            Ok(false)
        }
        Err(e @ (Rejected::Memory { .. } | Rejected::LargeStep { .. })) => {
            Err(Error::Usage(format!("{}: {e}", r.puzzle_path.display())))
        }
        Err(e) => Err(Error::Bug(format!(
            "CaDiCaL's proof of {} does not check: {e}",
            run.cnf
        ))),
    }
}

/// Solves `r.puzzle` with a certificate: a checked solution, the
/// colouring witness, or CaDiCaL's proof of the placement CNF (checked by
/// jigsat's LRAT checker when `r.check`).
pub fn solve(r: &Request) -> Result<Solved> {
    let mut dir = solve_directory(r)?;
    let instance = Instance::new(r.puzzle)?;
    let contents = |claim| Contents::of(claim, r.puzzle, r.puzzle_path, r.problem, &instance);
    let options = r.options;
    let other = &options.solver;
    if !matches!(
        other,
        SolverChoice::Auto | SolverChoice::Sat(SatSolver::Cadical)
    ) {
        (r.note)(&format!(
            "{other} writes no proof: the question goes to the built-in CaDiCaL"
        ));
    }

    if options.precheck
        && instance.precheck(options).is_some()
        && let Some(solved) = colouring(r, &instance, &mut dir)?
    {
        return Ok(solved);
    }

    let (encoded, cnf) = proved_cnf(r, &instance)?;
    // A certificate of this CNF (all of it the CNF `jigsat dimacs` writes).
    let with_cnf = |dir: Staged, claim, solutions: &[Vec<u32>]| {
        let all = encoded.cnf.num_clauses();
        directory::write(
            dir,
            &Contents {
                encoded: Some((&encoded, all)),
                solutions,
                ..contents(claim)
            },
        )
    };
    let proof = ProofPath::new(r, dir.as_ref())?;
    let path = proof.path();
    let solve_start = Instant::now();
    let proved = super::prove_to_file(&encoded.cnf, r.format, path, r.until)?;
    let proving = solve_start.elapsed();
    if proved.answer == Answer::Unsat {
        proof.keep()?;
    }
    match &proved.answer {
        Answer::Sat(values) => {
            let solution = instance.decode(&encoded, values, "cadical")?;
            if let Some(dir) = dir {
                let chosen: Vec<u32> = encoded
                    .chosen_options(values)
                    .into_iter()
                    .map(|o| o as u32)
                    .collect();
                with_cnf(dir, Claim::Solved, &[chosen])?;
            }
            Ok(Solved::Solution(solution))
        }
        // Nothing was certified: the staged directory goes when dropped.
        Answer::Unknown => Ok(Solved::Stopped),
        Answer::Unsat => {
            let mut run = ProofRun {
                cnf,
                proved,
                proving,
                kept: proof.kept(),
                check: None,
            };
            if r.check
                && check_proof(r, &encoded, path, &mut run)?
                && let Some(dir) = dir
            {
                with_cnf(dir, Claim::NoSolution, &[])?;
            }
            Ok(Solved::Proof(run))
        }
    }
}

/// Counts `r.puzzle` with a certificate ([`super::count::certify`]), and
/// writes the certificate directory when asked; `None` when the time
/// limit or the stop flag came first (nothing was certified).
pub fn count(r: &Request) -> Result<Option<Box<super::count::CountCertificate>>> {
    let dir = match r.directory {
        Some(d) => Some(Staged::new(d)?),
        None => None,
    };
    let proof = ProofPath::new(r, dir.as_ref())?;
    match super::count::certify(r.puzzle, r.options, r.until, proof.path())? {
        // Nothing was certified: the staged directory goes when dropped.
        super::count::CountOutcome::Stopped => Ok(None),
        super::count::CountOutcome::Certified(c) => {
            proof.keep()?;
            if let Some(dir) = dir {
                let instance = Instance::new(r.puzzle)?;
                directory::write(
                    dir,
                    &Contents {
                        encoded: Some((&c.encoded, c.base_clauses)),
                        solutions: &c.fixed,
                        distinct: c.distinct,
                        breaking: c
                            .breaking
                            .as_ref()
                            .map(|(b, pool)| format!("{}; justified by {pool}", b.description))
                            .unwrap_or_default(),
                        ..Contents::of(Claim::Count, r.puzzle, r.puzzle_path, r.problem, &instance)
                    },
                )?;
            }
            Ok(Some(c))
        }
    }
}
