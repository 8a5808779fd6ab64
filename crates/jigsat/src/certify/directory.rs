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

use std::collections::HashMap;
use std::io::{BufReader, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::Until;
use crate::choice::Choice;
use crate::encode::{Card, Cnf, EdgeEncoding, Encoded, Encoding};
use crate::error::{Error, InputError, Result};
use crate::fingerprint::Fnv64;
use crate::instance::Instance;
use crate::puzzle::Puzzle;
use crate::solve::dimacs::{self, CnfSource};

pub const MANIFEST: &str = "manifest.toml";
pub const CNF: &str = "claim.cnf";
/// The proof's file name in a certificate directory: the prover writes
/// it there before [`write()`] adds the rest.
pub const PROOF: &str = "proof.lrat";
pub const SOLUTIONS: &str = "solutions.txt";
pub const WITNESS: &str = "witness.txt";
const FORMAT: &str = "jigsat-certificate-1";

/// What a certificate claims.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Claim {
    /// No solution: the CNF (no solution listed) has no model.
    NoSolution,
    /// No solution, by a colouring argument re-derived from the puzzle.
    NoSolutionColouring,
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
    if c.claim != Claim::NoSolutionColouring {
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
        Claim::NoSolutionColouring => (
            format!(
                "no solution, by the colouring argument in {WITNESS}: the balances the pieces can reach \
                 cannot sum to the board's"
            ),
            vec![format!("jigsat check-certificate {}", shown.display())],
        ),
    }
}

/// What a checked certificate says.
#[derive(Clone, Debug)]
pub struct Certified {
    pub manifest: Manifest,
    /// One sentence: what was checked.
    pub summary: String,
}

fn bad(dir: &Path, file: &str, message: impl Into<String>) -> Error {
    InputError {
        file: dir.join(file).display().to_string(),
        position: None,
        field: None,
        message: message.into(),
    }
    .into()
}

/// Re-checks the certificate in `dir` (against `puzzle_path` when given,
/// else the copy in the directory).
pub fn check(dir: &Path, puzzle_path: Option<&Path>, until: &Until) -> Result<Certified> {
    let text = crate::input::read_text(&dir.join(MANIFEST))?;
    let manifest: Manifest =
        toml::from_str(&text).map_err(|e| bad(dir, MANIFEST, format!("not a manifest: {e}")))?;
    if manifest.format != FORMAT {
        return Err(bad(
            dir,
            MANIFEST,
            format!("format {:?}, expected {FORMAT:?}", manifest.format),
        ));
    }
    check_files(dir, &manifest)?;
    let path: PathBuf =
        puzzle_path.map_or_else(|| dir.join(&manifest.puzzle_file), Path::to_path_buf);
    let puzzle = Puzzle::load_problem(&path, manifest.problem.as_deref())?;
    let found = puzzle_fingerprint(&puzzle);
    if found != manifest.puzzle_fingerprint {
        return Err(bad(
            dir,
            MANIFEST,
            format!(
                "the certificate is of the puzzle with fingerprint {}, but {} has fingerprint {found}: \
                 a certificate of another puzzle",
                manifest.puzzle_fingerprint,
                path.display()
            ),
        ));
    }
    let instance = Instance::new(&puzzle)?;
    if manifest.claim == Claim::NoSolutionColouring {
        return check_colouring(dir, &puzzle, manifest);
    }
    let solutions = read_solutions(dir, &instance, &puzzle)?;
    if solutions.len() as u64 != manifest.solutions {
        return Err(bad(
            dir,
            MANIFEST,
            format!(
                "says {} solutions, {SOLUTIONS} lists {}",
                manifest.solutions,
                solutions.len()
            ),
        ));
    }
    let claim = manifest.claim;
    match claim {
        Claim::Solved => check_solved(dir, &instance, &solutions, manifest),
        Claim::NoSolution if !solutions.is_empty() => Err(bad(
            dir,
            SOLUTIONS,
            "lists solutions of a puzzle claimed to have none",
        )),
        _ => check_proved(dir, &puzzle, &instance, &solutions, manifest, until),
    }
}

/// The files a certificate of `m.claim` holds, in the order [`write()`]
/// lists them.
fn expected_files(m: &Manifest) -> Vec<String> {
    let mut files = vec![m.puzzle_file.clone()];
    if m.claim != Claim::NoSolutionColouring {
        files.push(CNF.into());
    }
    if matches!(m.claim, Claim::NoSolution | Claim::Count) {
        files.push(PROOF.into());
    }
    if m.claim != Claim::NoSolutionColouring {
        files.push(SOLUTIONS.into());
    } else {
        files.push(WITNESS.into());
    }
    files
}

/// The manifest's `files` must be the files its claim rests on, each a
/// plain name in the directory (the copy of the puzzle too: a manifest
/// cannot send the check to a file elsewhere), and each there.
fn check_files(dir: &Path, m: &Manifest) -> Result<()> {
    let plain = |f: &str| {
        let p = Path::new(f);
        p.file_name().is_some_and(|n| n == p.as_os_str()) && f != ".." && f != "."
    };
    if !plain(&m.puzzle_file) || !m.puzzle_file.starts_with("puzzle.") {
        return Err(bad(
            dir,
            MANIFEST,
            format!(
                "puzzle_file {:?} is not the certificate's copy of the puzzle (puzzle.EXT, in the directory)",
                crate::clean::cut(&m.puzzle_file, 80)
            ),
        ));
    }
    let expected = expected_files(m);
    if m.files != expected {
        return Err(bad(
            dir,
            MANIFEST,
            format!(
                "lists the files {:?}; a certificate of this claim holds {expected:?}",
                m.files
                    .iter()
                    .map(|f| crate::clean::cut(f, 80))
                    .collect::<Vec<_>>()
            ),
        ));
    }
    match expected.iter().find(|f| !dir.join(f).exists()) {
        Some(missing) => Err(bad(dir, missing, "is missing: the manifest lists it")),
        None => Ok(()),
    }
}

/// A colouring claim: the witness must be the one re-derived from the
/// puzzle.
fn check_colouring(dir: &Path, puzzle: &Puzzle, manifest: Manifest) -> Result<Certified> {
    let witness = super::colouring::witness(puzzle)
        .ok_or_else(|| bad(dir, WITNESS, "no colouring argument holds for the puzzle"))?;
    let given = crate::input::read_text(&dir.join(WITNESS))?;
    if given != witness.text(puzzle) {
        return Err(bad(
            dir,
            WITNESS,
            "is not the witness re-derived from the puzzle",
        ));
    }
    if manifest.variables != 0 || manifest.cnf_clauses != 0 || manifest.blocking_clauses != 0 {
        return Err(bad(
            dir,
            MANIFEST,
            "gives a CNF's size, but a colouring certificate holds no CNF",
        ));
    }
    Ok(Certified {
        summary: format!(
            "no solution: the {} colouring argument, re-derived from the puzzle alone",
            witness.colouring
        ),
        manifest,
    })
}

/// A solved claim: the listed solutions (already checked against the
/// puzzle), and the CNF they are named by, rebuilt.
fn check_solved(
    dir: &Path,
    instance: &Instance,
    solutions: &[Vec<u32>],
    manifest: Manifest,
) -> Result<Certified> {
    if solutions.is_empty() {
        return Err(bad(dir, SOLUTIONS, "lists no solution"));
    }
    let breaking = instance.breaking(manifest.symmetry);
    rebuild_cnf(dir, &manifest, instance, breaking.as_ref(), &[])?;
    Ok(Certified {
        summary: format!(
            "{} solution(s), each checked against the puzzle; {CNF}, which names their variables, rebuilt",
            solutions.len()
        ),
        manifest,
    })
}

/// The CNF the manifest describes, rebuilt from the puzzle with the
/// breaking and `blocks` after it, checked against the manifest's
/// figures and [`CNF`] clause by clause; its clauses as the checker
/// reads them.
fn rebuild_cnf(
    dir: &Path,
    manifest: &Manifest,
    instance: &Instance,
    breaking: Option<&crate::symmetry::Breaking>,
    blocks: &[Vec<crate::encode::Lit>],
) -> Result<Vec<Vec<i32>>> {
    let value = |field: &str, v: &str| bad(dir, MANIFEST, format!("unknown {field} {v:?}"));
    let encoding = Encoding::from_name(&manifest.encoding)
        .ok_or_else(|| value("encoding", &manifest.encoding))?;
    let card = Card::from_name(&manifest.card).ok_or_else(|| value("card", &manifest.card))?;
    let edges = match &manifest.edges {
        None => EdgeEncoding::default(),
        Some(e) => EdgeEncoding::from_name(e).ok_or_else(|| value("edges", e))?,
    };
    instance.check_encoding(encoding, card, edges)?;
    let mut encoded = instance.encode(encoding, card, edges, breaking);
    let base = encoded.cnf.num_clauses();
    for b in blocks {
        encoded.cnf.add_clause(b);
    }
    if manifest.cnf_clauses != base as u64 || manifest.blocking_clauses != blocks.len() as u64 {
        return Err(bad(
            dir,
            MANIFEST,
            format!(
                "says {} + {} clauses; the puzzle's CNF has {base}, and the list makes {} blocking clauses",
                manifest.cnf_clauses,
                manifest.blocking_clauses,
                blocks.len()
            ),
        ));
    }
    let variables = u64::from(encoded.cnf.num_vars());
    if manifest.variables != variables {
        return Err(bad(
            dir,
            MANIFEST,
            format!(
                "says {} variables; the puzzle's CNF has {variables}",
                manifest.variables
            ),
        ));
    }
    let clauses = super::dimacs_clauses(&encoded.cnf);
    compare_cnf(dir, &encoded.cnf, &clauses)?;
    Ok(clauses)
}

/// A claim proved by [`PROOF`] (no solution, or a count): the symmetry
/// argument, the distinct count, the CNF rebuilt, the proof checked.
fn check_proved(
    dir: &Path,
    puzzle: &Puzzle,
    instance: &Instance,
    solutions: &[Vec<u32>],
    manifest: Manifest,
    until: &Until,
) -> Result<Certified> {
    let breaking = instance.breaking(manifest.symmetry);
    let forbidden: Vec<u32> = breaking
        .as_ref()
        .map(|b| b.forbidden.clone())
        .unwrap_or_default();
    let justified = super::breaking::justify(puzzle, instance, &forbidden, solutions)
        .map_err(|why| bad(dir, SOLUTIONS, why))?;
    if justified.orbits != manifest.distinct {
        return Err(bad(
            dir,
            MANIFEST,
            format!(
                "says {} distinct, the listed solutions make {} orbits",
                manifest.distinct, justified.orbits
            ),
        ));
    }
    let blocks = super::count::blocking_clauses(solutions, &forbidden);
    let clauses = rebuild_cnf(dir, &manifest, instance, breaking.as_ref(), &blocks)?;
    let proof = dir.join(PROOF);
    let checked = super::check_file(&clauses, &proof, until).map_err(|why| match why {
        super::Rejected::Stopped => Error::Solver(format!(
            "{}: the check was stopped: nothing was certified",
            proof.display()
        )),
        why => super::rejected_input(&proof, &why),
    })?;
    let proof_part = format!(
        "the LRAT proof ({} clauses added, {} hints) that {CNF} ({} clauses, {} blocking, {}) has no model checked",
        checked.added,
        checked.hints,
        clauses.len(),
        blocks.len(),
        if breaking.is_some() {
            "with symmetry breaking"
        } else {
            "without symmetry breaking"
        }
    );
    let summary = if manifest.claim == Claim::NoSolution {
        format!("no solution: {proof_part}")
    } else {
        format!(
            "{} fixed-board solutions ({} distinct) each checked against the puzzle{}; {proof_part}",
            solutions.len(),
            justified.orbits,
            if forbidden.is_empty() {
                String::new()
            } else {
                format!(
                    ", closed under {} symmetries; breaking ({} placements forbidden) justified by {}",
                    justified.symmetries,
                    forbidden.len(),
                    justified.pool
                )
            }
        )
    };
    Ok(Certified { manifest, summary })
}

/// The lines of `path` in the certificate, within the input cap
/// ([`crate::input::Lines`]: `/dev/zero` or an endless file is refused,
/// naming it, instead of taking all the memory), each read so that a
/// signal ends the run while a read waits.
fn lines_of(path: &Path) -> Result<crate::input::Lines<BufReader<std::fs::File>>> {
    let file = crate::input::open(path)?;
    Ok(crate::input::Lines::new(
        BufReader::new(file),
        &path.display().to_string(),
    ))
}

/// One line of a certificate's text file as text, or an error naming it.
fn line_text(path: &Path, n: usize, bytes: Vec<u8>) -> Result<String> {
    String::from_utf8(bytes).map_err(|_| {
        InputError {
            file: path.display().to_string(),
            position: Some((n, 1)),
            field: None,
            message: "not text (invalid UTF-8)".into(),
        }
        .into()
    })
}

/// Reads [`SOLUTIONS`]: each line's variables as options, each solution
/// checked against the puzzle, none twice.
fn read_solutions(dir: &Path, instance: &Instance, puzzle: &Puzzle) -> Result<Vec<Vec<u32>>> {
    let path = dir.join(SOLUTIONS);
    let mut lines = lines_of(&path)?;
    let options = instance.cover().options.len() as u32;
    let mut out: Vec<Vec<u32>> = Vec::new();
    let mut seen: HashMap<Vec<u32>, usize> = HashMap::new();
    while let Some((n, bytes)) = lines.next_line()? {
        let line = line_text(&path, n, bytes)?;
        let at = |m: String| -> Error {
            InputError {
                file: path.display().to_string(),
                position: Some((n, 1)),
                field: None,
                message: m,
            }
            .into()
        };
        let line = line.trim();
        if line.is_empty() || line.starts_with('c') {
            continue;
        }
        let mut chosen = Vec::new();
        for word in line.split_whitespace() {
            match word.parse::<u32>() {
                Ok(v) if (1..=options).contains(&v) => chosen.push(v - 1),
                _ => {
                    return Err(at(format!(
                        "{:?} is not a placement variable (1..={options})",
                        crate::clean::cut(word, 40)
                    )));
                }
            }
        }
        chosen.sort_unstable();
        let s = instance.family().solution(&chosen);
        crate::solution::check(puzzle, &s).map_err(|why| at(format!("not a solution: {why}")))?;
        if let Some(first) = seen.insert(chosen.clone(), n) {
            return Err(at(format!("repeats the solution of line {first}")));
        }
        out.push(chosen);
    }
    Ok(out)
}

/// The CNF file must be the rebuilt CNF, clause for clause.
fn compare_cnf(dir: &Path, cnf: &Cnf, clauses: &[Vec<i32>]) -> Result<()> {
    let path = dir.join(CNF);
    let mut lines = lines_of(&path)?;
    let mut numbers: Vec<i32> = Vec::new();
    let mut header = None;
    let mut k = 0usize;
    let differs = |k: usize| {
        bad(
            dir,
            CNF,
            format!(
                "clause {} is not the clause the puzzle's CNF and the listed solutions give",
                k + 1
            ),
        )
    };
    while let Some((n, bytes)) = lines.next_line()? {
        let line = line_text(&path, n, bytes)?;
        let line = line.trim();
        if line.starts_with('c') || line.is_empty() {
            continue;
        }
        if let Some(rest) = line.strip_prefix("p cnf") {
            header = Some(
                rest.split_whitespace()
                    .map(str::to_string)
                    .collect::<Vec<_>>(),
            );
            continue;
        }
        for word in line.split_whitespace() {
            let l: i32 = word.parse().map_err(|_| {
                bad(
                    dir,
                    CNF,
                    format!("{:?} is not a literal", crate::clean::cut(word, 40)),
                )
            })?;
            if l == 0 {
                if clauses.get(k) != Some(&numbers) {
                    return Err(differs(k));
                }
                k += 1;
                numbers.clear();
            } else if numbers.len() >= clauses.get(k).map_or(0, Vec::len) {
                // Longer than the clause it must be: no need to read on.
                return Err(differs(k));
            } else {
                numbers.push(l);
            }
        }
    }
    let expected = vec![cnf.num_vars().to_string(), clauses.len().to_string()];
    if header.as_ref() != Some(&expected) {
        return Err(bad(
            dir,
            CNF,
            format!(
                "the `p cnf` line is not `p cnf {} {}`",
                expected[0], expected[1]
            ),
        ));
    }
    if k != clauses.len() || !numbers.is_empty() {
        return Err(differs(k));
    }
    Ok(())
}
