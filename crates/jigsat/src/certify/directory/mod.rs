//! The certificate directory (`solve --certify -o DIR/`, `count --certify
//! -o DIR/`) and its re-check (`jigsat check-certificate DIR`).
//!
//! A third party gets every file a claim rests on, in formats other
//! programs read: the puzzle (a copy), the CNF as DIMACS (what `jigsat
//! dimacs` writes with the same options, then one blocking clause per
//! listed solution the symmetry breaking keeps), CaDiCaL's LRAT proof that
//! it has no model, the solutions (one line of placement variables each,
//! named by the CNF's `c var` lines) and `manifest.toml`: the claim, the
//! counts, the files, the puzzle's fingerprint and the command lines that
//! check them (jigsat's and a published LRAT checker's).
//!
//! The files are written into a temporary sibling directory and renamed
//! into place once all are complete ([`Staged`]): a run that fails or
//! stops part-way leaves no partial certificate to refuse a rerun.
//!
//! [`check`] re-derives everything from the puzzle: the fingerprint, the
//! files the claim rests on (the manifest's `files`, each in the
//! directory), each solution's check against the puzzle, the symmetry
//! argument ([`super::breaking`]), the CNF clause by clause (jigsat's
//! encoder and the listed solutions; a solved puzzle's CNF too) with its
//! size, the proof by the in-tree checker, the counts. Every file is read
//! within the memory budget ([`crate::input`]). Any failure names the
//! file and what failed, as bad input (exit 2).

use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::encode::Encoded;
use crate::error::{Error, Result};
use crate::fingerprint::Fnv64;
use crate::instance::Instance;
use crate::puzzle::Puzzle;
use crate::solve::dimacs::{self, CnfSource};

pub use self::check::check;

mod check;

pub const MANIFEST: &str = "manifest.toml";
pub const CNF: &str = "claim.cnf";
/// The proof's file name in a certificate directory: the prover writes
/// it there before [`write()`] adds the rest.
pub const PROOF: &str = "proof.lrat";
pub const SOLUTIONS: &str = "solutions.txt";
pub const WITNESS: &str = "witness.txt";
const FORMAT: &str = "jigsat-certificate-1";

/// What a certificate claims: written in `manifest.toml` (kebab-case),
/// and what the library's callers read of a certificate that checked
/// (`api::certificate::Claim`).
///
/// ```
/// use jigsat::api::certificate::Claim;
/// assert_ne!(Claim::Count, Claim::NoSolution);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Claim {
    /// No solution: the CNF (no solution listed) has no model.
    NoSolution,
    /// No solution, by a colouring argument re-derived from the puzzle.
    #[serde(rename = "no-solution-colouring")]
    NoSolutionByColouring,
    /// A solution: listed, checked against the puzzle.
    Solved,
    /// Exactly the listed solutions: the CNF with them blocked has no model.
    Count,
}

/// `manifest.toml`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Manifest {
    pub format: String,
    pub claim: Claim,
    /// The puzzle's name.
    pub puzzle: String,
    /// The copy of the puzzle file in the directory.
    pub puzzle_file: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub problem: Option<String>,
    /// [`puzzle_fingerprint`], 16 hex digits.
    pub puzzle_fingerprint: String,
    pub encoding: String,
    pub card: String,
    /// The edge-matching encoding of a puzzle of tiles (`None`, the
    /// default, for the rest and for certificates written before it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edges: Option<String>,
    /// Whether the CNF holds the symmetry breaking's units.
    pub symmetry: bool,
    /// Fixed-board solutions listed, and their orbits.
    pub solutions: u64,
    pub distinct: u64,
    pub variables: u64,
    /// Clauses `jigsat dimacs` writes, and blocking clauses after them.
    pub cnf_clauses: u64,
    pub blocking_clauses: u64,
    /// The breaking and the pool that justifies it, in words.
    #[serde(default)]
    pub breaking: String,
    pub files: Vec<String>,
    pub proves: String,
    pub rests_on: String,
    pub check: Vec<String>,
}

/// The puzzle's fingerprint: its canonical data (board, pieces, shapes,
/// counts, moves, fill), not its name or file.
pub fn puzzle_fingerprint(puzzle: &Puzzle) -> String {
    let mut h = Fnv64::default();
    h.str("jigsat-puzzle-1");
    puzzle.hash_into(&mut h);
    format!("{:016x}", h.finish())
}

/// A certificate directory being written: the files go into a
/// temporary sibling (`.NAME.PID.part`), renamed to the directory asked
/// for only when every file is complete ([`Staged::commit`]). A run that
/// fails (a full disk, a proof that does not check) or is stopped leaves
/// the directory as it was — absent, or empty — so that a rerun is not
/// refused; a signal removes the sibling too.
pub struct Staged {
    /// The directory asked for, as the user named it.
    target: PathBuf,
    /// Where the files are written until the commit.
    staging: PathBuf,
    /// Registered with the signal handler until the commit or the drop.
    _registered: crate::process::files::TempFile,
    committed: bool,
}

impl Staged {
    /// Makes ready a certificate directory `dir`: it may not exist yet, or
    /// be an empty directory; anything else is refused (exit 2) and
    /// nothing is written.
    pub fn new(dir: &Path) -> Result<Staged> {
        let refuse = |why: &str| {
            Error::Usage(format!(
                "{}: {why}; a certificate needs a new or empty directory, nothing written",
                dir.display()
            ))
        };
        match std::fs::symlink_metadata(dir) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(Error::io(dir, e)),
            Ok(m) if m.is_dir() => {
                let mut entries = std::fs::read_dir(dir).map_err(|e| Error::io(dir, e))?;
                if entries.next().is_some() {
                    return Err(refuse("is a directory that is not empty"));
                }
            }
            Ok(_) => return Err(refuse("exists and is not a directory")),
        }
        let name = dir
            .file_name()
            .ok_or_else(|| refuse("names no directory"))?
            .to_string_lossy()
            .into_owned();
        let parent = dir.parent().filter(|p| !p.as_os_str().is_empty());
        if let Some(parent) = parent {
            std::fs::create_dir_all(parent).map_err(|e| Error::io(parent, e))?;
        }
        let staging = dir.with_file_name(format!(".{name}.{}.part", std::process::id()));
        let registered = crate::process::files::TempFile::new(&staging);
        std::fs::create_dir(&staging).map_err(|e| Error::io(&staging, e))?;
        Ok(Staged {
            target: dir.to_path_buf(),
            staging,
            _registered: registered,
            committed: false,
        })
    }

    /// Where the files go until the commit.
    pub fn path(&self) -> &Path {
        &self.staging
    }

    /// The directory asked for (named in the manifest's commands).
    pub fn target(&self) -> &Path {
        &self.target
    }

    /// Renames the complete certificate into place (over the empty
    /// directory, if there was one).
    pub fn commit(mut self) -> Result<()> {
        std::fs::rename(&self.staging, &self.target).map_err(|e| Error::io(&self.target, e))?;
        self.committed = true;
        Ok(())
    }
}

impl Drop for Staged {
    fn drop(&mut self) {
        if !self.committed {
            let _ = std::fs::remove_dir_all(&self.staging);
        }
    }
}

/// What the writer of a certificate hands over.
pub struct Contents<'a> {
    /// What the certificate claims; it decides which files go in.
    pub claim: Claim,
    /// The puzzle as read, for its name and fingerprint.
    pub puzzle: &'a Puzzle,
    /// The puzzle file as the user named it (copied into the directory).
    pub puzzle_path: &'a Path,
    /// The BurrTools problem read (`--problem`), so that the re-check
    /// reads the same one; `None` for a TOML file.
    pub problem: Option<&'a str>,
    /// The puzzle's cover through its family: the CNF's variable names
    /// and the solutions' placements come from it.
    pub instance: &'a Instance<'a>,
    /// The CNF and the clauses of it `jigsat dimacs` writes (the rest block
    /// solutions); `None` for a colouring witness.
    pub encoded: Option<(&'a Encoded, usize)>,
    /// Listed solutions, each a sorted list of options.
    pub solutions: &'a [Vec<u32>],
    /// The listed solutions' orbits under the puzzle's group: the count
    /// up to symmetry.
    pub distinct: u64,
    /// The symmetry breaking kept and the pool that justifies it, in
    /// words for the manifest; empty when there is none.
    pub breaking: String,
    /// The witness text, for a colouring claim.
    pub witness: Option<String>,
}

impl<'a> Contents<'a> {
    /// A certificate of `claim` about `puzzle` with nothing else yet: no
    /// CNF, no solution, no breaking, no witness.
    pub fn of(
        claim: Claim,
        puzzle: &'a Puzzle,
        puzzle_path: &'a Path,
        problem: Option<&'a str>,
        instance: &'a Instance<'a>,
    ) -> Contents<'a> {
        Contents {
            claim,
            puzzle,
            puzzle_path,
            problem,
            instance,
            encoded: None,
            solutions: &[],
            distinct: 0,
            breaking: String::new(),
            witness: None,
        }
    }
}

/// Writes the files of a certificate into `staged` (the proof, when there
/// is one, is already in it as [`PROOF`]) and renames it into place.
pub fn write(staged: Staged, c: &Contents) -> Result<()> {
    write_files(staged.path(), staged.target(), c)?;
    staged.commit()
}

/// Writes the files of a certificate into `dir`, whose commands name it
/// `shown` (the directory it will be renamed to).
fn write_files(dir: &Path, shown: &Path, c: &Contents) -> Result<()> {
    let copy_name = match c.puzzle_path.extension().and_then(|e| e.to_str()) {
        Some(ext) => format!("puzzle.{ext}"),
        None => "puzzle.toml".to_string(),
    };
    let bytes = crate::input::read(c.puzzle_path)?;
    crate::process::files::write_atomically(&dir.join(&copy_name), |mut f| {
        f.write_all(&bytes)?;
        Ok(bytes.len() as u64)
    })?;
    let mut files = vec![copy_name.clone()];
    let (mut variables, mut cnf_clauses, mut blocking) = (0, 0, 0);
    let mut symmetry = false;
    let (mut encoding, mut card, mut edges) = (String::new(), String::new(), None);
    if let Some((encoded, base)) = c.encoded {
        let file = c.puzzle_path.display().to_string();
        let source = CnfSource {
            puzzle: c.puzzle,
            file: &file,
            describe: &|o| c.instance.family().describe(o),
            options: CnfSource::options_for(encoded),
            encoded,
        };
        symmetry = source
            .options
            .iter()
            .any(|(k, v)| k == "symmetry" && v == "on");
        dimacs::write_file(&dir.join(CNF), &source)?;
        files.push(CNF.into());
        variables = u64::from(encoded.cnf.num_vars());
        cnf_clauses = base as u64;
        blocking = (encoded.cnf.num_clauses() - base) as u64;
        encoding = encoded.encoding.name().into();
        card = encoded.card.name().into();
        edges = encoded.edges.map(|e| e.name().to_string());
    }
    if matches!(c.claim, Claim::NoSolution | Claim::Count) {
        files.push(PROOF.into());
    }
    if c.claim != Claim::NoSolutionByColouring {
        crate::process::files::write_text(&dir.join(SOLUTIONS), &solutions_text(c.solutions))?;
        files.push(SOLUTIONS.into());
    }
    if let Some(w) = &c.witness {
        crate::process::files::write_text(&dir.join(WITNESS), w)?;
        files.push(WITNESS.into());
    }
    let (proves, check) = claim_text(c, shown, symmetry, cnf_clauses, blocking);
    let manifest = Manifest {
        format: FORMAT.into(),
        claim: c.claim,
        puzzle: c.puzzle.name.clone(),
        puzzle_file: copy_name,
        problem: c.problem.map(str::to_string),
        puzzle_fingerprint: puzzle_fingerprint(c.puzzle),
        encoding,
        card,
        edges,
        symmetry,
        solutions: c.solutions.len() as u64,
        distinct: c.distinct,
        variables,
        cnf_clauses,
        blocking_clauses: blocking,
        breaking: c.breaking.clone(),
        files,
        proves,
        rests_on: "that the CNF says what the puzzle says (jigsat's encoder: check-certificate rebuilds it \
                   from the puzzle and compares it clause by clause), that the placements the CNF's variables \
                   name are all the puzzle's, and the solution check; not on the solver"
            .into(),
        check,
    };
    let text = format!(
        "# A jigsat certificate: docs/guide.md, \"Certificates\", says what it proves.\n{}",
        toml::to_string(&manifest).map_err(|e| Error::Bug(format!("the manifest: {e}")))?
    );
    crate::process::files::write_text(&dir.join(MANIFEST), &text)
}

/// [`SOLUTIONS`]: a comment, then one solution per line as the DIMACS
/// variables of its placements.
fn solutions_text(solutions: &[Vec<u32>]) -> String {
    let mut text = String::from(
        "c one solution per line: the DIMACS variables of its placements, \
         named by the `c var` lines of the CNF (claim.cnf) or of `jigsat dimacs`\n",
    );
    for s in solutions {
        let line: Vec<String> = s.iter().map(|o| (o + 1).to_string()).collect();
        text += &line.join(" ");
        text.push('\n');
    }
    text
}

/// What a certificate proves, in words, and the commands that check it
/// (naming the directory as `shown`).
fn claim_text(
    c: &Contents,
    shown: &Path,
    symmetry: bool,
    cnf_clauses: u64,
    blocking: u64,
) -> (String, Vec<String>) {
    match c.claim {
        Claim::NoSolution | Claim::Count => (
            format!(
                "{} fixed-board solutions (listed in {SOLUTIONS}, each a solution of the puzzle; {} up to symmetry) \
                 and no other: the LRAT proof {PROOF} shows that {CNF} — the placement CNF {} and, after its first \
                 {cnf_clauses} clauses, {blocking} clauses each blocking a listed solution the breaking keeps — has \
                 no model{}",
                c.solutions.len(),
                c.distinct,
                if symmetry {
                    "with the symmetry breaking's units"
                } else {
                    "without symmetry breaking"
                },
                if symmetry {
                    "; the breaking loses nothing, as the list is closed under the puzzle's symmetries and \
                     every placement of the pool has an image the breaking keeps (jigsat check-certificate \
                     checks this)"
                } else {
                    ""
                }
            ),
            vec![
                format!("jigsat check-certificate {}", shown.display()),
                format!(
                    "lrat-check {CNF} {PROOF}   (Marijn Heule's LRAT checker, or any other: prints c VERIFIED)"
                ),
            ],
        ),
        Claim::Solved => (
            format!("a solution of the puzzle (in {SOLUTIONS}); it is its own certificate"),
            vec![format!("jigsat check-certificate {}", shown.display())],
        ),
        Claim::NoSolutionByColouring => (
            format!(
                "no solution, by the colouring argument in {WITNESS}: the balances the pieces can reach \
                 cannot sum to the board's"
            ),
            vec![format!("jigsat check-certificate {}", shown.display())],
        ),
    }
}
