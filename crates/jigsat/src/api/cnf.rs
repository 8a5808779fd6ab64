//! The puzzle for other solvers, and their answers back: the CNF in
//! DIMACS (`jigsat dimacs`) with a header naming every placement
//! variable, the options and a fingerprint; the exact cover in Knuth's
//! DLX format (`jigsat dimacs --format dlx`); and a SAT solver's output
//! read back (`jigsat decode`), trusting nothing in it: the model must
//! satisfy every clause and decode to a solution that passes the
//! puzzle's check, and an "unsatisfiable" is certified only by an LRAT
//! proof that checks.
//!
//! ```
//! use jigsat::api::{Puzzle, Solver, cnf::Answer};
//!
//! let puzzle = Puzzle::builder().board_size(&[2, 1]).piece("d", &[[0, 0, 0], [1, 0, 0]]).build()?;
//! let solver = Solver::new();
//! let mut cnf = Vec::new();
//! let written = solver.write_dimacs(&puzzle, &mut cnf)?;
//! assert_eq!(written.variables, 1);
//! // What a SAT solver would answer, read back and checked.
//! let decoded = solver.decode_model(&puzzle, b"s SATISFIABLE\nv 1 0\n", "answer.txt", None)?;
//! assert!(matches!(decoded.answer, Answer::Solution(_)));
//! # Ok::<(), jigsat::api::Error>(())
//! ```

use std::io::Write;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::certificate::ProofCheck;
use super::error::{Error, Result};
use super::error::{contained, value};
use super::options::{Card, Edges, Encoding};
use super::puzzle::Puzzle;
use super::solution::Solution;
use super::solver::Solver;
use crate::error::InputError;
use crate::exact::knuth::Export;
use crate::exchange;
use crate::solve::dimacs::{self, CnfSource, Header};

/// What [`Solver::write_dimacs`] wrote: the figures of the writing below.
pub use crate::exchange::Written;

/// The header of a DIMACS file `jigsat dimacs` wrote (its `c option`
/// and `c fingerprint` lines and the `p cnf` line), read without reading
/// the clauses: [`Solver::cnf_options`] takes the options from it, and
/// [`Solver::decode_model`] checks that its fingerprint is the puzzle's.
///
/// ```
/// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
/// let path = std::env::temp_dir().join(format!("jigsat-header-{}.cnf", std::process::id()));
/// jigsat::api::Solver::new().encoding("ladder")?.write_dimacs_file(&soma, &path)?;
/// let header = jigsat::api::cnf::CnfHeader::read(&path)?;
/// assert_eq!(header.option("encoding"), Some("ladder"));
/// # std::fs::remove_file(&path).ok();
/// # Ok::<(), jigsat::api::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct CnfHeader {
    header: Header,
    file: String,
}

impl CnfHeader {
    /// Reads the header of the DIMACS file at `path`; an error naming the
    /// file when it is not DIMACS.
    ///
    /// ```
    /// assert!(jigsat::api::cnf::CnfHeader::read("puzzles/soma.toml").is_err());
    /// ```
    pub fn read(path: impl AsRef<Path>) -> Result<CnfHeader> {
        let path = path.as_ref();
        contained(|| {
            crate::process::files::reading(path);
            let file = crate::input::open(path)?;
            let name = path.display().to_string();
            let header = dimacs::read_header(std::io::BufReader::new(file), &name)?;
            Ok(CnfHeader { header, file: name })
        })
    }

    /// The value of the `c option KEY=VALUE` line (`encoding`, `card`,
    /// `edges`, `symmetry`), if the file has it.
    ///
    /// ```
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// let path = std::env::temp_dir().join(format!("jigsat-option-{}.cnf", std::process::id()));
    /// jigsat::api::Solver::new().symmetry(false).write_dimacs_file(&soma, &path)?;
    /// assert_eq!(jigsat::api::cnf::CnfHeader::read(&path)?.option("symmetry"), Some("off"));
    /// # std::fs::remove_file(&path).ok();
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn option(&self, key: &str) -> Option<&str> {
        self.header.option(key)
    }
}

/// A solver's answer to the CNF, as [`Solver::decode_model`] reads it.
///
/// ```
/// use jigsat::api::cnf::Answer;
/// let puzzle = jigsat::api::Puzzle::builder().board_size(&[2, 1]).piece("d", &[[0, 0, 0], [1, 0, 0]]).build()?;
/// let decoded = jigsat::api::Solver::new().decode_model(&puzzle, b"s UNKNOWN\n", "out", None)?;
/// assert!(matches!(decoded.answer, Answer::Unknown));
/// # Ok::<(), jigsat::api::Error>(())
/// ```
///
/// A claim of "unsatisfiable" with a proof stands only if the proof checks:
///
/// ```
/// // The solver claims there is no solution to a puzzle that has one;
/// // its "proof" does not check, and the claim is refused.
/// let puzzle = jigsat::api::Puzzle::builder().board_size(&[2, 1]).piece("d", &[[0, 0, 0], [1, 0, 0]]).build()?;
/// let dir = std::env::temp_dir();
/// let (model, proof) = (dir.join(format!("jigsat-unsat-{}.txt", std::process::id())), dir.join(format!("jigsat-unsat-{}.lrat", std::process::id())));
/// std::fs::write(&model, "s UNSATISFIABLE\n").unwrap();
/// std::fs::write(&proof, "2 0 1 0\n").unwrap();
/// let refused = jigsat::api::Solver::new().decode_model_file(&puzzle, &model, None, Some(proof.as_path()));
/// assert!(refused.unwrap_err().to_string().contains("the proof does not check"));
/// # std::fs::remove_file(&model).ok();
/// # std::fs::remove_file(&proof).ok();
/// # Ok::<(), jigsat::api::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    /// A model, checked clause by clause, decoded, and its solution
    /// checked against the puzzle.
    Solution(Solution),
    /// The solver says there is none: certified when its proof was given
    /// and checks (the checker's figures), the solver's word otherwise.
    NoSolution(Option<ProofCheck>),
    /// The solver answered UNKNOWN.
    Unknown,
}

/// What [`Solver::decode_model`] found, with the figures `jigsat decode`
/// reports.
///
/// ```
/// let puzzle = jigsat::api::Puzzle::builder().board_size(&[2, 1]).piece("d", &[[0, 0, 0], [1, 0, 0]]).build()?;
/// let decoded = jigsat::api::Solver::new().decode_model(&puzzle, b"s SATISFIABLE\nv 1 0\n", "out", None)?;
/// assert_eq!((decoded.variables, decoded.encoding.as_str()), (1, "auto"));
/// assert!(decoded.json().contains("\"status\": \"solved\""));
/// # Ok::<(), jigsat::api::Error>(())
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Decoded {
    /// The answer.
    pub answer: Answer,
    /// Variables of the CNF.
    pub variables: u32,
    /// Clauses of the CNF.
    pub clauses: usize,
    /// The encoding, as the JSON's `stats` name it (`auto`, or
    /// `auto+colours` for edge matching).
    pub encoding: String,
    /// Building the cover and the CNF (and checking the fingerprint).
    pub encoding_time: Duration,
    /// Reading and checking the answer (and its proof).
    pub decoding_time: Duration,
    puzzle: Arc<crate::puzzle::Puzzle>,
}

impl Decoded {
    /// The contract's JSON document of `jigsat decode --format json`:
    /// the status, the solution if any, and the figures (`backend` is
    /// `decode`).
    ///
    /// ```
    /// let puzzle = jigsat::api::Puzzle::builder().board_size(&[2, 1]).piece("d", &[[0, 0, 0], [1, 0, 0]]).build()?;
    /// let decoded = jigsat::api::Solver::new().decode_model(&puzzle, b"s UNSATISFIABLE\n", "out", None)?;
    /// assert!(decoded.json().contains("\"status\": \"unsolvable\""));
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn json(&self) -> String {
        use crate::report::{Stats, Status, ms};
        let (status, solutions) = match &self.answer {
            Answer::Solution(s) => (Status::Solved, std::slice::from_ref(&s.inner)),
            Answer::NoSolution(_) => (Status::Unsolvable, &[][..]),
            Answer::Unknown => (Status::Unknown, &[][..]),
        };
        let stats = Stats {
            variables: u64::from(self.variables),
            clauses: self.clauses as u64,
            encoding: self.encoding.clone(),
            backend: "decode".to_string(),
            encode_ms: ms(self.encoding_time),
            solve_ms: ms(self.decoding_time),
        };
        crate::render::json::document(&self.puzzle, status, solutions, None, &stats)
    }
}

impl Solver {
    /// Writes the CNF in DIMACS format to `out`, with `c` lines naming
    /// every placement variable, the options and a fingerprint (`jigsat
    /// dimacs`): for any SAT solver, whose answer
    /// [`Solver::decode_model`] reads back. An error writing to `out`
    /// is [`Error::Io`] naming `<output>`, and writing stops there.
    ///
    /// ```
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// let mut out = Vec::new();
    /// let written = jigsat::api::Solver::new().write_dimacs(&soma, &mut out)?;
    /// assert_eq!(written.bytes as usize, out.len());
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn write_dimacs(&self, puzzle: &Puzzle, out: impl Write) -> Result<Written> {
        self.with_source(puzzle, |source| {
            dimacs::write(out, source).map_err(|e| crate::error::Error::io("<output>", e))
        })
    }

    /// [`Solver::write_dimacs`] to the file at `path`, through a
    /// temporary file renamed when complete: an interrupted run never
    /// leaves half a CNF under the name.
    ///
    /// ```
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// let path = std::env::temp_dir().join(format!("jigsat-soma-{}.cnf", std::process::id()));
    /// let written = jigsat::api::Solver::new().write_dimacs_file(&soma, &path)?;
    /// assert_eq!(std::fs::metadata(&path).unwrap().len(), written.bytes);
    /// # std::fs::remove_file(&path).ok();
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn write_dimacs_file(&self, puzzle: &Puzzle, path: impl AsRef<Path>) -> Result<Written> {
        self.with_source(puzzle, |source| dimacs::write_file(path.as_ref(), source))
    }

    /// The CNF in DIMACS format as a string ([`Solver::write_dimacs`]).
    ///
    /// ```
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// let cnf = jigsat::api::Solver::new().encoding("sequential")?.dimacs(&soma)?;
    /// assert!(cnf.contains("c option encoding=sequential"));
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn dimacs(&self, puzzle: &Puzzle) -> Result<String> {
        let mut out = Vec::new();
        self.write_dimacs(puzzle, &mut out)?;
        Ok(String::from_utf8_lossy(&out).into_owned())
    }

    /// Writes the exact cover in the input format of Knuth's DLX1/DLX2
    /// (`jigsat dimacs --format dlx`): one line of items, then one option
    /// a line, the piece and then its cells. With symmetry breaking off,
    /// DLX1's count is the count on a fixed board. Returns the bytes
    /// written; [`Error::Usage`] for a cover DLX1 cannot take.
    ///
    /// ```
    /// let p = jigsat::api::Puzzle::from_file("puzzles/pentomino-6x10.toml")?;
    /// let mut out = Vec::new();
    /// jigsat::api::Solver::new().symmetry(false).write_dlx(&p, &mut out)?;
    /// let text = String::from_utf8(out).unwrap();
    /// assert!(text.lines().any(|l| l.starts_with("| no symmetry breaking")));
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn write_dlx(&self, puzzle: &Puzzle, out: impl Write) -> Result<u64> {
        self.with_dlx(puzzle, |export, forbidden, header| {
            export
                .write(out, forbidden, header)
                .map_err(|e| crate::error::Error::io("<output>", e))
        })
    }

    /// [`Solver::write_dlx`] to the file at `path`, through a temporary
    /// file renamed when complete.
    ///
    /// ```
    /// let p = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// let path = std::env::temp_dir().join(format!("jigsat-soma-{}.dlx", std::process::id()));
    /// let bytes = jigsat::api::Solver::new().write_dlx_file(&p, &path)?;
    /// assert_eq!(std::fs::metadata(&path).unwrap().len(), bytes);
    /// # std::fs::remove_file(&path).ok();
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn write_dlx_file(&self, puzzle: &Puzzle, path: impl AsRef<Path>) -> Result<u64> {
        self.with_dlx(puzzle, |export, forbidden, header| {
            crate::process::files::write_atomically(path.as_ref(), |file| {
                export.write(file, forbidden, header)
            })
        })
    }

    /// This solver with the encodings and symmetry breaking a DIMACS
    /// file was written with (its `c option` lines); options the file
    /// does not name are left as they are. An option this jigsat does
    /// not know is an error naming the file.
    ///
    /// ```
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// let path = std::env::temp_dir().join(format!("jigsat-options-{}.cnf", std::process::id()));
    /// let writer = jigsat::api::Solver::new().encoding("product")?.symmetry(false);
    /// writer.write_dimacs_file(&soma, &path)?;
    /// let header = jigsat::api::cnf::CnfHeader::read(&path)?;
    /// let reader = jigsat::api::Solver::new().cnf_options(&header)?;
    /// assert_eq!(reader.dimacs(&soma)?, writer.dimacs(&soma)?);
    /// # std::fs::remove_file(&path).ok();
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn cnf_options(self, header: &CnfHeader) -> Result<Solver> {
        let unknown = |key: &str, name: &str, what: &str| {
            Error::from(InputError {
                file: header.file.clone(),
                position: None,
                field: None,
                message: format!("`c option {key}={name}` names {what} this jigsat does not know"),
            })
        };
        let mut solver = self;
        if let Some(name) = header.option("encoding") {
            value::<Encoding>(name, "encoding")
                .map_err(|_| unknown("encoding", name, "an encoding"))?;
            solver = solver.encoding(name)?;
        }
        if let Some(name) = header.option("card") {
            value::<Card>(name, "card")
                .map_err(|_| unknown("card", name, "a cardinality encoding"))?;
            solver = solver.card(name)?;
        }
        if let Some(name) = header.option("edges") {
            value::<Edges>(name, "edges")
                .map_err(|_| unknown("edges", name, "an edge-matching encoding"))?;
            solver = solver.edges(name)?;
        }
        if let Some(on) = header.option("symmetry") {
            solver = solver.symmetry(on == "on");
        }
        Ok(solver)
    }

    /// Reads a SAT solver's answer (`model`, its output; `name` names it
    /// in messages) to the CNF [`Solver::write_dimacs`] writes with these
    /// options (`jigsat decode`). A model must give every variable one
    /// value, satisfy every clause and decode to a solution that passes
    /// the puzzle's check, or the answer is refused with the reason.
    /// With `header`, the file the solver read must be this puzzle's CNF
    /// with these options (its fingerprint); see
    /// [`Solver::decode_model_file`] for the model in a file and a proof
    /// of "unsatisfiable".
    ///
    /// ```
    /// let puzzle = jigsat::api::Puzzle::builder().board_size(&[2, 1]).piece("d", &[[0, 0, 0], [1, 0, 0]]).build()?;
    /// let solver = jigsat::api::Solver::new();
    /// let wrong = solver.decode_model(&puzzle, b"s SATISFIABLE\nv -1 0\n", "answer.txt", None);
    /// assert!(wrong.unwrap_err().to_string().starts_with("answer.txt: the model falsifies clause 1"));
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn decode_model(
        &self,
        puzzle: &Puzzle,
        model: &[u8],
        name: &str,
        header: Option<&CnfHeader>,
    ) -> Result<Decoded> {
        self.decoding(puzzle, header, || Ok((model, name.to_string())), None)
    }

    /// [`Solver::decode_model`] of the answer in the file at `model` (`-`
    /// for standard input, read up to the memory budget's cap on an
    /// input); with `proof`, an answer of "unsatisfiable" is certified
    /// by the solver's LRAT proof (text or binary), checked against the
    /// CNF: a proof that does not check is an error naming its file.
    ///
    /// ```
    /// let puzzle = jigsat::api::Puzzle::builder().board_size(&[2, 1]).piece("d", &[[0, 0, 0], [1, 0, 0]]).build()?;
    /// let path = std::env::temp_dir().join(format!("jigsat-model-{}.txt", std::process::id()));
    /// std::fs::write(&path, "s SATISFIABLE\nv 1 0\n").unwrap();
    /// let decoded = jigsat::api::Solver::new().decode_model_file(&puzzle, &path, None, None)?;
    /// assert!(matches!(decoded.answer, jigsat::api::cnf::Answer::Solution(_)));
    /// # std::fs::remove_file(&path).ok();
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn decode_model_file(
        &self,
        puzzle: &Puzzle,
        model: impl AsRef<Path>,
        header: Option<&CnfHeader>,
        proof: Option<&Path>,
    ) -> Result<Decoded> {
        let model = model.as_ref();
        self.decoding(
            puzzle,
            header,
            || Ok((crate::input::read(model)?, model.display().to_string())),
            proof,
        )
    }

    /// Reads a SAT solver's answer to [`Solver::dimacs`]'s CNF (the same
    /// options) back: the model must satisfy every clause, and its
    /// solution passes the check. `None` for an UNSAT answer (unverified:
    /// the solver said so); UNKNOWN is [`Error::Solver`]. Messages name
    /// the model `<model>`.
    ///
    /// ```
    /// let puzzle = jigsat::api::Puzzle::builder().board_size(&[2, 1]).piece("d", &[[0, 0, 0], [1, 0, 0]]).build()?;
    /// let solver = jigsat::api::Solver::new();
    /// let cnf = solver.dimacs(&puzzle)?;
    /// assert!(cnf.contains("p cnf 1 "));
    /// let solution = solver.decode(&puzzle, "s SATISFIABLE\nv 1 0\n")?.unwrap();
    /// assert_eq!(solution.pieces()[0].cells, [[0, 0, 0], [1, 0, 0]]);
    /// assert!(solver.decode(&puzzle, "s SATISFIABLE\nv -1 0\n").is_err());
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn decode(&self, puzzle: &Puzzle, model: &str) -> Result<Option<Solution>> {
        match self
            .decode_model(puzzle, model.as_bytes(), "<model>", None)?
            .answer
        {
            Answer::Solution(s) => Ok(Some(s)),
            Answer::NoSolution(_) => Ok(None),
            Answer::Unknown => Err(Error::Solver("the solver answered UNKNOWN".into())),
        }
    }

    /// Calls `write` with the DIMACS source of `puzzle`'s CNF, and says
    /// what was written.
    fn with_source(
        &self,
        puzzle: &Puzzle,
        write: impl FnOnce(&CnfSource) -> crate::error::Result<u64>,
    ) -> Result<Written> {
        let options = self.run_options();
        contained(|| exchange::write_dimacs(&puzzle.inner, &puzzle.file, &options, write))
    }

    /// Calls `write` with the DLX export of `puzzle`, the options
    /// symmetry breaking leaves out and the header's lines.
    fn with_dlx(
        &self,
        puzzle: &Puzzle,
        write: impl FnOnce(&Export, &[u32], &[String]) -> crate::error::Result<u64>,
    ) -> Result<u64> {
        let symmetry = self.run_options().symmetry;
        contained(|| exchange::write_dlx(&puzzle.inner, &puzzle.file, symmetry, write))
    }

    /// Decodes the answer `read` gives (its bytes and name), checking
    /// `header`'s fingerprint and the proof, if any.
    fn decoding<B: AsRef<[u8]>>(
        &self,
        puzzle: &Puzzle,
        header: Option<&CnfHeader>,
        read: impl FnOnce() -> crate::error::Result<(B, String)>,
        proof: Option<&Path>,
    ) -> Result<Decoded> {
        let options = self.run_options();
        let given = header.map(|h| exchange::Given {
            header: &h.header,
            file: &h.file,
        });
        contained(|| {
            let started = Instant::now();
            let (instance, encoded) =
                exchange::encoded(&puzzle.inner, &puzzle.file, &options, given)?;
            let encoding_time = started.elapsed();
            let decoding = Instant::now();
            let (bytes, name) = read()?;
            let read = (bytes.as_ref(), name.as_str());
            let stop = options.stop.clone();
            let answer = exchange::answer(&puzzle.file, &instance, &encoded, read, proof, stop)?;
            Ok(Decoded {
                answer: match answer {
                    exchange::Answer::Solution(s) => {
                        Answer::Solution(Solution::new(Arc::clone(&puzzle.inner), s))
                    }
                    exchange::Answer::NoSolution(proof) => Answer::NoSolution(proof),
                    exchange::Answer::Unknown => Answer::Unknown,
                },
                variables: encoded.cnf.num_vars(),
                clauses: encoded.cnf.num_clauses(),
                encoding: instance.encoding_label(options.encoding, options.edges),
                encoding_time,
                decoding_time: decoding.elapsed(),
                puzzle: Arc::clone(&puzzle.inner),
            })
        })
    }
}
