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
//! [`check`] re-derives everything from the puzzle: the fingerprint, each
//! solution's check against the puzzle, the symmetry argument
//! ([`super::breaking`]), the CNF clause by clause (jigsat's encoder and
//! the listed solutions), the proof by the in-tree checker, the counts.
//! Any failure names the file and what failed, as bad input (exit 2).

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
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

/// Makes `dir` for a certificate: it may not exist yet, or be an empty
/// directory; anything else is refused (exit 2) and nothing is written.
pub fn prepare(dir: &Path) -> Result<()> {
    let refuse = |why: &str| {
        Error::Usage(format!(
            "{}: {why}; a certificate needs a new or empty directory, nothing written",
            dir.display()
        ))
    };
    match std::fs::symlink_metadata(dir) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))
        }
        Err(e) => Err(Error::io(dir, e)),
        Ok(m) if m.is_dir() => {
            let mut entries = std::fs::read_dir(dir).map_err(|e| Error::io(dir, e))?;
            if entries.next().is_some() {
                Err(refuse("is a directory that is not empty"))
            } else {
                Ok(())
            }
        }
        Ok(_) => Err(refuse("exists and is not a directory")),
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

/// Writes the files of a certificate into `dir` (made by [`prepare`]; the
/// proof, when there is one, is already in it as [`PROOF`]).
pub fn write(dir: &Path, c: &Contents) -> Result<()> {
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
    let (mut encoding, mut card) = (String::new(), String::new());
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
    }
    if matches!(c.claim, Claim::NoSolution | Claim::Count) {
        files.push(PROOF.into());
    }
    if c.claim != Claim::NoSolutionColouring {
        let mut text = String::from(
            "c one solution per line: the DIMACS variables of its placements, \
             named by the `c var` lines of the CNF (claim.cnf) or of `jigsat dimacs`\n",
        );
        for s in c.solutions {
            let line: Vec<String> = s.iter().map(|o| (o + 1).to_string()).collect();
            text += &line.join(" ");
            text.push('\n');
        }
        crate::process::files::write_text(&dir.join(SOLUTIONS), &text)?;
        files.push(SOLUTIONS.into());
    }
    if let Some(w) = &c.witness {
        crate::process::files::write_text(&dir.join(WITNESS), w)?;
        files.push(WITNESS.into());
    }
    let (proves, check) = match c.claim {
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
                format!("jigsat check-certificate {}", dir.display()),
                format!(
                    "lrat-check {CNF} {PROOF}   (Marijn Heule's LRAT checker, or any other: prints c VERIFIED)"
                ),
            ],
        ),
        Claim::Solved => (
            format!("a solution of the puzzle (in {SOLUTIONS}); it is its own certificate"),
            vec![format!("jigsat check-certificate {}", dir.display())],
        ),
        Claim::NoSolutionColouring => (
            format!(
                "no solution, by the colouring argument in {WITNESS}: the balances the pieces can reach \
                 cannot sum to the board's"
            ),
            vec![format!("jigsat check-certificate {}", dir.display())],
        ),
    };
    let manifest = Manifest {
        format: FORMAT.into(),
        claim: c.claim,
        puzzle: c.puzzle.name.clone(),
        puzzle_file: copy_name,
        problem: c.problem.map(str::to_string),
        puzzle_fingerprint: puzzle_fingerprint(c.puzzle),
        encoding,
        card,
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
        "# A jigsat certificate: README.md, \"Certificates\", says what it proves.\n{}",
        toml::to_string(&manifest).map_err(|e| Error::Bug(format!("the manifest: {e}")))?
    );
    crate::process::files::write_text(&dir.join(MANIFEST), &text)
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
        let witness = super::colouring::witness(&puzzle)
            .ok_or_else(|| bad(dir, WITNESS, "no colouring argument holds for the puzzle"))?;
        let given = crate::input::read_text(&dir.join(WITNESS))?;
        if given != witness.text(&puzzle) {
            return Err(bad(
                dir,
                WITNESS,
                "is not the witness re-derived from the puzzle",
            ));
        }
        return Ok(Certified {
            summary: format!(
                "no solution: the {} colouring argument, re-derived from the puzzle alone",
                witness.colouring
            ),
            manifest,
        });
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
    if manifest.claim == Claim::Solved {
        if solutions.is_empty() {
            return Err(bad(dir, SOLUTIONS, "lists no solution"));
        }
        return Ok(Certified {
            summary: format!(
                "{} solution(s), each checked against the puzzle",
                solutions.len()
            ),
            manifest,
        });
    }
    if manifest.claim == Claim::NoSolution && !solutions.is_empty() {
        return Err(bad(
            dir,
            SOLUTIONS,
            "lists solutions of a puzzle claimed to have none",
        ));
    }
    // The symmetry argument, and the distinct count.
    let breaking = instance.breaking(manifest.symmetry);
    let forbidden: Vec<u32> = breaking
        .as_ref()
        .map(|b| b.forbidden.clone())
        .unwrap_or_default();
    let justified = super::breaking::justify(&puzzle, &instance, &forbidden, &solutions)
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
    // The CNF, rebuilt.
    let encoding = Encoding::from_name(&manifest.encoding).ok_or_else(|| {
        bad(
            dir,
            MANIFEST,
            format!("unknown encoding {:?}", manifest.encoding),
        )
    })?;
    let card = Card::from_name(&manifest.card)
        .ok_or_else(|| bad(dir, MANIFEST, format!("unknown card {:?}", manifest.card)))?;
    instance.check_encoding(encoding, card, EdgeEncoding::default())?;
    let mut encoded = instance.encode(encoding, card, EdgeEncoding::default(), breaking.as_ref());
    let base = encoded.cnf.num_clauses();
    let blocks = super::count::blocking_clauses(&solutions, &forbidden);
    for b in &blocks {
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
    let clauses = super::dimacs_clauses(&encoded.cnf);
    compare_cnf(dir, &encoded.cnf, &clauses)?;
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

/// Reads [`SOLUTIONS`]: each line's variables as options, each solution
/// checked against the puzzle, none twice.
fn read_solutions(dir: &Path, instance: &Instance, puzzle: &Puzzle) -> Result<Vec<Vec<u32>>> {
    let path = dir.join(SOLUTIONS);
    let file = crate::input::open(&path)?;
    let options = instance.cover().options.len() as u32;
    let mut out: Vec<Vec<u32>> = Vec::new();
    let mut seen: HashMap<Vec<u32>, usize> = HashMap::new();
    for (n, line) in BufReader::new(file).lines().enumerate() {
        let line = line.map_err(|e| Error::io(&path, e))?;
        let at = |m: String| -> Error {
            InputError {
                file: path.display().to_string(),
                position: Some((n + 1, 1)),
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
                        "{word:?} is not a placement variable (1..={options})"
                    )));
                }
            }
        }
        chosen.sort_unstable();
        let s = instance.family().solution(&chosen);
        crate::solution::check(puzzle, &s).map_err(|why| at(format!("not a solution: {why}")))?;
        if let Some(first) = seen.insert(chosen.clone(), n + 1) {
            return Err(at(format!("repeats the solution of line {first}")));
        }
        out.push(chosen);
    }
    Ok(out)
}

/// The CNF file must be the rebuilt CNF, clause for clause.
fn compare_cnf(dir: &Path, cnf: &Cnf, clauses: &[Vec<i32>]) -> Result<()> {
    let path = dir.join(CNF);
    let file = crate::input::open(&path)?;
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
    for line in BufReader::new(file).lines() {
        let line = line.map_err(|e| Error::io(&path, e))?;
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
            let l: i32 = word
                .parse()
                .map_err(|_| bad(dir, CNF, format!("{word:?} is not a literal")))?;
            if l == 0 {
                if clauses.get(k) != Some(&numbers) {
                    return Err(differs(k));
                }
                k += 1;
                numbers.clear();
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
