//! Answers anyone can check: "no solution" with a proof, a count with
//! the proof that there is no other solution, and the certificate
//! directory a third party re-checks (docs/guide.md, "Certificates").
//!
//! A [`Certifier`] takes a [`Solver`]'s options, time limit and stop
//! flag. [`Certifier::solve`] answers with a checked solution (its own
//! certificate), the pre-check's colouring witness, or the built-in
//! CaDiCaL's proof of the placement CNF (the one [`Solver::dimacs`]
//! writes), checked by jigsat's own LRAT checker, which shares no code
//! with the solver or the encoder. [`Certifier::count`] checks every
//! solution against the puzzle and proves the CNF with them blocked to
//! have no model. [`Certifier::check_directory`] re-checks a certificate
//! directory from the puzzle alone; [`Certifier::check_proof`] checks an
//! outside solver's LRAT proof against the CNF.
//!
//! What rests on jigsat's word: that the CNF says what the puzzle says
//! (its encoder, the same whose models are checked every run), and the
//! solution check. Not the solver, the enumeration or the symmetry code.
//!
//! ```
//! use jigsat::api::{Puzzle, Solver, certificate::{Certified, Certifier}};
//!
//! // 4x5 tetrominoes have no solution: proved, and the proof checked.
//! let tetrominoes = Puzzle::from_file("puzzles/tetromino-4x5.toml")?;
//! let certifier = Certifier::new(&Solver::new().precheck(false));
//! match certifier.solve(&tetrominoes)? {
//!     Certified::NoSolution(proof) => assert!(proof.certified()),
//!     other => panic!("{other:?}"),
//! }
//! # Ok::<(), jigsat::api::Error>(())
//! ```

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use super::error::contained;
use super::error::{Error, Result};
use super::puzzle::Puzzle;
use super::solution::Solution;
use super::solver::Solver;
use crate::certify::{self, Until, directory, run};

/// The proof formats ([`Certifier::proof_format`]): a plain value, the
/// writer's own.
pub use crate::certify::ProofFormat;
/// What a certified run answers: made by the run below, handed on here.
pub use crate::certify::answer::{
    Breaking, CertifiedCount, CheckedCertificate, ProofCheck, ProofFigures,
};
/// What a certificate directory claims: the manifest's own value.
pub use crate::certify::directory::Claim;

/// Proving and checking stop this long before the time limit, so that
/// the certifier ends the run itself, within the limit, and says that
/// nothing was certified — rather than a watchdog keyed to the limit
/// (the command line's, or a caller's) cutting it off.
const SLACK: Duration = Duration::from_millis(200);

/// Says what a run does differently from what was asked.
type Note = Arc<dyn Fn(&str) + Send + Sync>;

/// Makes and checks certificates, with a [`Solver`]'s options (encodings,
/// symmetry, pre-check), time limit and stop flag. A stop or the time
/// limit before the answer is [`Error::Interrupted`] or
/// [`Error::TimeLimit`]: nothing was certified. The limit holds at the
/// steps that poll it (the search, the proof, the check), not while the
/// placements and the CNF are built.
///
/// ```
/// use jigsat::api::{Puzzle, Solver, certificate::Certifier};
///
/// let dir = tempfile::tempdir().unwrap();
/// let cert = dir.path().join("tromino-cert");
/// let puzzle = Puzzle::from_file("puzzles/tromino-choice.toml")?;
/// let counted = Certifier::new(&Solver::new()).directory(&cert).count(&puzzle)?;
/// assert_eq!((counted.count, counted.distinct), (338, 48));
/// let checked = Certifier::new(&Solver::new()).check_directory(&cert, None)?;
/// assert_eq!(checked.solutions, 338);
/// # Ok::<(), jigsat::api::Error>(())
/// ```
#[derive(Clone)]
pub struct Certifier {
    solver: Solver,
    proof: Option<PathBuf>,
    format: ProofFormat,
    check: bool,
    directory: Option<PathBuf>,
    note: Option<Note>,
}

impl fmt::Debug for Certifier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Certifier")
            .field("solver", &self.solver)
            .field("proof", &self.proof)
            .field("format", &self.format)
            .field("check", &self.check)
            .field("directory", &self.directory)
            .finish_non_exhaustive()
    }
}

/// How [`Certifier::solve`] answered.
///
/// ```
/// use jigsat::api::{Puzzle, Solver, certificate::{Certified, Certifier}};
/// let soma = Puzzle::from_file("puzzles/soma.toml")?;
/// let answer = Certifier::new(&Solver::new()).solve(&soma)?;
/// assert!(matches!(answer, Certified::Solved(_)));
/// # Ok::<(), jigsat::api::Error>(())
/// ```
#[derive(Clone, Debug)]
pub enum Certified {
    /// A solution, checked against the puzzle: its own certificate.
    Solved(Solution),
    /// No solution, by the pre-check's colouring argument, whose witness
    /// is re-derived from the puzzle alone (every turn and reflection of
    /// every piece, at every offset). Holds the colouring's name
    /// ("checkerboard", ...).
    NoSolutionByColouring(String),
    /// No solution, by CaDiCaL's proof of the placement CNF.
    NoSolution(NoSolution),
}

/// CaDiCaL's proof that the placement CNF has no model and, when asked,
/// its check.
///
/// ```
/// use jigsat::api::{Puzzle, Solver, certificate::{Certified, Certifier}};
/// let tetrominoes = Puzzle::from_file("puzzles/tetromino-4x5.toml")?;
/// let unchecked = Certifier::new(&Solver::new().precheck(false)).check(false);
/// let Certified::NoSolution(proof) = unchecked.solve(&tetrominoes)? else { panic!() };
/// assert!(proof.check.is_none() && !proof.certified());
/// assert!(proof.cnf.contains("with symmetry breaking"));
/// # Ok::<(), jigsat::api::Error>(())
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct NoSolution {
    /// Which CNF the proof is of, in words: "the placement CNF `jigsat
    /// dimacs` writes (… variables, … clauses, with symmetry breaking,
    /// justified: …)".
    pub cnf: String,
    /// The proof's format.
    pub format: ProofFormat,
    /// The proof as CaDiCaL wrote it.
    pub written: ProofFigures,
    /// How long solving and writing the proof took.
    pub proving: Duration,
    /// Where the proof was kept: the file asked for
    /// ([`Certifier::proof_file`]), else the certificate directory's;
    /// `None` when it went to a temporary file, removed since.
    pub proof: Option<PathBuf>,
    /// The check: `None` when not asked ([`Certifier::check`]);
    /// `Some(Err(_))` ([`Error::Interrupted`] or [`Error::TimeLimit`])
    /// when it was stopped before the end, so that nothing was certified
    /// (the proof file, if kept, is still CaDiCaL's complete proof).
    pub check: Option<Result<ProofCheck>>,
}

impl NoSolution {
    /// Whether the proof was checked to the end and holds.
    ///
    /// ```
    /// use jigsat::api::{Puzzle, Solver, certificate::{Certified, Certifier}};
    /// let tetrominoes = Puzzle::from_file("puzzles/tetromino-4x5.toml")?;
    /// let Certified::NoSolution(proof) = Certifier::new(&Solver::new().precheck(false)).solve(&tetrominoes)?
    /// else { panic!() };
    /// assert!(proof.certified());
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn certified(&self) -> bool {
        matches!(self.check, Some(Ok(_)))
    }
}

impl Certifier {
    /// A certifier with `solver`'s options, time limit and stop flag;
    /// "no solution" is checked ([`Certifier::check`]), the proof goes to
    /// a temporary file, no directory is written.
    ///
    /// ```
    /// let certifier = jigsat::api::certificate::Certifier::new(&jigsat::api::Solver::new());
    /// # let _ = certifier;
    /// ```
    pub fn new(solver: &Solver) -> Certifier {
        Certifier {
            solver: solver.clone(),
            proof: None,
            format: ProofFormat::Lrat,
            check: true,
            directory: None,
            note: None,
        }
    }

    /// Keeps the proof in `path` (`--proof FILE`), for an outside checker;
    /// for a "no solution" the pre-check answers, the file gets the
    /// colouring's witness instead. Written completely or not at all.
    ///
    /// ```
    /// use jigsat::api::{Puzzle, Solver, certificate::Certifier};
    /// let dir = tempfile::tempdir().unwrap();
    /// let path = dir.path().join("tetrominoes.lrat");
    /// let puzzle = Puzzle::from_file("puzzles/tetromino-4x5.toml")?;
    /// Certifier::new(&Solver::new().precheck(false)).proof_file(&path).solve(&puzzle)?;
    /// assert!(std::fs::metadata(&path).unwrap().len() > 0);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn proof_file(mut self, path: impl AsRef<Path>) -> Certifier {
        self.proof = Some(path.as_ref().to_path_buf());
        self
    }

    /// The proof's format (`--proof-format`) for [`Certifier::solve`]; a
    /// DRAT proof is not checked, so it needs [`Certifier::check`] off. A
    /// count's proof is always LRAT.
    ///
    /// ```
    /// use jigsat::api::{Puzzle, Solver, certificate::{Certifier, ProofFormat}};
    /// let puzzle = Puzzle::from_file("puzzles/tetromino-4x5.toml")?;
    /// let drat = Certifier::new(&Solver::new()).proof_format(ProofFormat::Drat);
    /// assert!(drat.solve(&puzzle).is_err());
    /// assert!(drat.check(false).solve(&puzzle).is_ok());
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn proof_format(mut self, format: ProofFormat) -> Certifier {
        self.format = format;
        self
    }

    /// Whether [`Certifier::solve`] checks "no solution" with jigsat's
    /// LRAT checker (on by default; `jigsat solve --proof` without
    /// `--certify` turns it off). A count is always checked. The checked
    /// proof keeps the symmetry breaking only where the argument that it
    /// loses no solution checks from the placements alone.
    ///
    /// ```
    /// use jigsat::api::{Puzzle, Solver, certificate::{Certified, Certifier}};
    /// let puzzle = Puzzle::from_file("puzzles/tetromino-4x5.toml")?;
    /// let quick = Certifier::new(&Solver::new()).check(false);
    /// assert!(matches!(quick.solve(&puzzle)?, Certified::NoSolutionByColouring(_)));
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn check(mut self, on: bool) -> Certifier {
        self.check = on;
        self
    }

    /// Writes a certificate directory (`--certify -o DIR/`): the puzzle
    /// (a copy), the CNF, the proof or witness, the solutions and
    /// `manifest.toml`, which [`Certifier::check_directory`] and outside
    /// checkers re-check. `dir` must be new or empty; it is made before
    /// anything runs, and removed again when the run is stopped. The
    /// puzzle must be read from a file ([`Puzzle::from_file`]), and
    /// "no solution" checked.
    ///
    /// ```
    /// use jigsat::api::{Puzzle, Solver, certificate::Certifier};
    /// let dir = tempfile::tempdir().unwrap();
    /// let soma = Puzzle::from_file("puzzles/soma.toml")?;
    /// Certifier::new(&Solver::new()).directory(dir.path()).solve(&soma)?;
    /// assert!(dir.path().join("manifest.toml").exists());
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn directory(mut self, dir: impl AsRef<Path>) -> Certifier {
        self.directory = Some(dir.as_ref().to_path_buf());
        self
    }

    /// Calls `note` with each thing the run does differently from what
    /// was asked, as it happens: another solver asked for (only the
    /// built-in CaDiCaL writes proofs), symmetry breaking left out of a
    /// checked proof, a pre-check answer without a witness.
    ///
    /// ```
    /// use std::sync::{Arc, Mutex};
    /// use jigsat::api::{Puzzle, Solver, certificate::Certifier};
    /// let notes = Arc::new(Mutex::new(Vec::new()));
    /// let kept = Arc::clone(&notes);
    /// let puzzle = Puzzle::from_file("puzzles/tetromino-4x5.toml")?;
    /// Certifier::new(&Solver::new().precheck(false).engine("dlx")?)
    ///     .on_note(move |n| kept.lock().unwrap().push(n.to_string()))
    ///     .solve(&puzzle)?;
    /// assert!(notes.lock().unwrap()[0].contains("writes no proof"));
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn on_note(mut self, note: impl Fn(&str) + Send + Sync + 'static) -> Certifier {
        self.note = Some(Arc::new(note));
        self
    }

    /// Solves `puzzle` with a certificate: a checked solution, the
    /// colouring witness of the pre-check, or CaDiCaL's proof that the
    /// placement CNF has no model (checked unless [`Certifier::check`] is
    /// off).
    ///
    /// ```
    /// use jigsat::api::{Puzzle, Solver, certificate::{Certified, Certifier}};
    /// let tetrominoes = Puzzle::from_file("puzzles/tetromino-4x5.toml")?;
    /// let answer = Certifier::new(&Solver::new()).solve(&tetrominoes)?;
    /// assert!(matches!(answer, Certified::NoSolutionByColouring(c) if c == "checkerboard"));
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn solve(&self, puzzle: &Puzzle) -> Result<Certified> {
        let until = self.until();
        let solved = self.run(puzzle, &until, run::solve)?;
        Ok(match solved {
            run::Solved::Solution(s) => {
                Certified::Solved(Solution::new(Arc::clone(&puzzle.inner), s))
            }
            run::Solved::Colouring(colouring) => Certified::NoSolutionByColouring(colouring),
            run::Solved::Stopped => return Err(self.stopped(&until)),
            run::Solved::Proof(p) => Certified::NoSolution(NoSolution {
                cnf: p.cnf,
                format: self.format,
                written: ProofFigures::of(&p.proved),
                proving: p.proving,
                proof: p.kept,
                check: p.check.map(|c| match c {
                    Some((checked, took)) => Ok(ProofCheck::new(&checked, took)),
                    None => Err(self.stopped(&until)),
                }),
            }),
        })
    }

    /// Counts `puzzle` with a certificate (`jigsat count --certify`): the
    /// counts of [`Solver::count`], every solution checked and the rest
    /// proved absent. Puzzles of edge-matching tiles are refused.
    ///
    /// ```
    /// use jigsat::api::{Puzzle, Solver, certificate::Certifier};
    /// let dominoes = Puzzle::builder().board_size(&[2, 3]).copies("d", &[[0, 0, 0], [1, 0, 0]], 3).build()?;
    /// let counted = Certifier::new(&Solver::new()).count(&dominoes)?;
    /// assert_eq!(counted.count, 3);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn count(&self, puzzle: &Puzzle) -> Result<CertifiedCount> {
        let until = self.until();
        let Some(c) = self.run(puzzle, &until, run::count)? else {
            return Err(self.stopped(&until));
        };
        Ok(CertifiedCount::of(&c))
    }

    /// Re-checks the certificate directory `dir` (`jigsat
    /// check-certificate`) from the puzzle alone: against `puzzle` (a
    /// file) when given, else against the copy in the directory. The
    /// puzzle's fingerprint, every listed solution, the symmetry argument,
    /// the CNF clause by clause and the proof are checked; any failure is
    /// [`Error::Puzzle`] naming the file and what failed.
    ///
    /// ```
    /// let checked = jigsat::api::certificate::Certifier::new(&jigsat::api::Solver::new())
    ///     .check_directory("no/such/dir", None);
    /// assert!(checked.unwrap_err().to_string().contains("manifest.toml"));
    /// ```
    pub fn check_directory(
        &self,
        dir: impl AsRef<Path>,
        puzzle: Option<&Path>,
    ) -> Result<CheckedCertificate> {
        let dir = dir.as_ref();
        if let Some(p) = puzzle {
            crate::process::files::reading(p);
        }
        let until = Until::new(self.solver.options().time_limit, self.stop_flag());
        // A check the flag or the time limit stopped (a signal while a
        // proof that is a FIFO waits, included) ends as the run does:
        // interrupted (exit 130) or past its time (exit 3), never as a
        // certificate that does not check.
        contained(|| directory::check(dir, puzzle, &until)).map_err(|e| self.stopped_or(e, &until))
    }

    /// Checks an LRAT proof (text or binary, an outside solver's) that the
    /// CNF [`Solver::dimacs`] writes for `puzzle` with this certifier's
    /// options has no model (`jigsat decode --proof`). A proof that does
    /// not check is [`Error::Puzzle`] naming the proof file; a stopped
    /// check is [`Error::Solver`].
    ///
    /// ```
    /// use jigsat::api::{Puzzle, Solver, certificate::Certifier};
    /// let dir = tempfile::tempdir().unwrap();
    /// let path = dir.path().join("p.lrat");
    /// let puzzle = Puzzle::from_file("puzzles/tetromino-4x5.toml")?;
    /// let certifier = Certifier::new(&Solver::new().precheck(false)).check(false).proof_file(&path);
    /// certifier.solve(&puzzle)?;
    /// assert!(certifier.check_proof(&puzzle, &path)?.added > 0);
    /// // The same proof is not one of the CNF without symmetry breaking.
    /// let other = Certifier::new(&Solver::new().symmetry(false));
    /// assert!(other.check_proof(&puzzle, &path).unwrap_err().to_string().contains("does not check"));
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn check_proof(&self, puzzle: &Puzzle, proof: &Path) -> Result<ProofCheck> {
        let until = Until::new(self.solver.options().time_limit, self.stop_flag());
        contained(|| certify::check_proof(&puzzle.inner, &self.solver.run_options(), proof, &until))
            .map_err(|e| self.stopped_or(e, &until))
    }

    /// `e`, or how the run stopped when the flag or the time limit
    /// stopped it (interrupted, exit 130; past its time, exit 3): a
    /// stopped check is never a proof or a certificate that does not
    /// check.
    fn stopped_or(&self, e: Error, until: &Until) -> Error {
        match e {
            Error::Solver(_) | Error::Io(_) | Error::Interrupted if until.reached() => {
                self.stopped(until)
            }
            e => e,
        }
    }

    /// The solver's stop flag, or one of this run's own.
    fn stop_flag(&self) -> Arc<AtomicBool> {
        self.solver.stop().cloned().unwrap_or_default()
    }

    /// When proving and checking stop: [`SLACK`] before the time limit,
    /// or when the stop flag is raised.
    fn until(&self) -> Until {
        let limit = self.solver.options().time_limit;
        Until::new(limit.map(|l| l.saturating_sub(SLACK)), self.stop_flag())
    }

    /// The error of a run stopped before anything was certified.
    fn stopped(&self, until: &Until) -> Error {
        if until.stop.load(Ordering::Relaxed) {
            Error::Interrupted
        } else {
            let limit = self.solver.options().time_limit.unwrap_or_default();
            Error::TimeLimit(crate::report::time_limit_reached(limit))
        }
    }

    /// Runs one of [`run`]'s certifying runs on `puzzle` with this
    /// certifier's request.
    fn run<T>(
        &self,
        puzzle: &Puzzle,
        until: &Until,
        work: impl FnOnce(&run::Request) -> crate::error::Result<T>,
    ) -> Result<T> {
        let (path, problem) = match (&puzzle.source, &self.directory) {
            (Some((path, problem)), _) => (path.clone(), problem.as_deref()),
            (None, None) => (PathBuf::from(&puzzle.file), None),
            (None, Some(_)) => {
                return Err(Error::Usage(format!(
                    "{}: a certificate directory holds a copy of the puzzle file: read the puzzle from a file",
                    puzzle.file
                )));
            }
        };
        let silent = |_: &str| {};
        let note: &dyn Fn(&str) = match &self.note {
            Some(n) => n.as_ref(),
            None => &silent,
        };
        let request = run::Request {
            puzzle: &puzzle.inner,
            puzzle_path: &path,
            problem,
            options: self.solver.options(),
            until,
            proof: self.proof.as_deref(),
            format: self.format,
            check: self.check,
            directory: self.directory.as_deref(),
            note,
        };
        contained(|| work(&request))
    }
}
