//! The re-check of a certificate directory (`jigsat check-certificate
//! DIR`): everything re-derived from the puzzle alone, as the module
//! above describes; any failure names the file and what failed (exit 2).

use std::collections::HashMap;
use std::io::BufReader;
use std::path::{Path, PathBuf};

use super::{
    CNF, Claim, FORMAT, MANIFEST, Manifest, PROOF, SOLUTIONS, WITNESS, puzzle_fingerprint,
};
use crate::certify::Until;
use crate::certify::answer::CheckedCertificate;
use crate::choice::Choice;
use crate::encode::{Card, Cnf, EdgeEncoding, Encoding};
use crate::error::{Error, InputError, Result};
use crate::instance::Instance;
use crate::puzzle::Puzzle;

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
pub fn check(dir: &Path, puzzle_path: Option<&Path>, until: &Until) -> Result<CheckedCertificate> {
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
    if manifest.claim == Claim::NoSolutionByColouring {
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
    if m.claim != Claim::NoSolutionByColouring {
        files.push(CNF.into());
    }
    if matches!(m.claim, Claim::NoSolution | Claim::Count) {
        files.push(PROOF.into());
    }
    if m.claim != Claim::NoSolutionByColouring {
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
fn check_colouring(dir: &Path, puzzle: &Puzzle, manifest: Manifest) -> Result<CheckedCertificate> {
    let witness = crate::certify::colouring::witness(puzzle)
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
    Ok(CheckedCertificate::of(
        &manifest,
        format!(
            "no solution: the {} colouring argument, re-derived from the puzzle alone",
            witness.colouring
        ),
    ))
}

/// A solved claim: the listed solutions (already checked against the
/// puzzle), and the CNF they are named by, rebuilt.
fn check_solved(
    dir: &Path,
    instance: &Instance,
    solutions: &[Vec<u32>],
    manifest: Manifest,
) -> Result<CheckedCertificate> {
    if solutions.is_empty() {
        return Err(bad(dir, SOLUTIONS, "lists no solution"));
    }
    let breaking = instance.breaking(manifest.symmetry);
    rebuild_cnf(dir, &manifest, instance, breaking.as_ref(), &[])?;
    Ok(CheckedCertificate::of(
        &manifest,
        format!(
            "{} solution(s), each checked against the puzzle; {CNF}, which names their variables, rebuilt",
            solutions.len()
        ),
    ))
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
    let clauses = crate::certify::dimacs_clauses(&encoded.cnf);
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
) -> Result<CheckedCertificate> {
    let breaking = instance.breaking(manifest.symmetry);
    let forbidden: Vec<u32> = breaking
        .as_ref()
        .map(|b| b.forbidden.clone())
        .unwrap_or_default();
    let justified = crate::certify::breaking::justify(puzzle, instance, &forbidden, solutions)
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
    let blocks = crate::certify::count::blocking_clauses(solutions, &forbidden);
    let clauses = rebuild_cnf(dir, &manifest, instance, breaking.as_ref(), &blocks)?;
    let proof = dir.join(PROOF);
    let checked = crate::certify::check_file(&clauses, &proof, until).map_err(|why| match why {
        crate::certify::Rejected::Stopped => Error::Solver(format!(
            "{}: the check was stopped: nothing was certified",
            proof.display()
        )),
        why => crate::certify::rejected_input(&proof, &why),
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
    Ok(CheckedCertificate::of(&manifest, summary))
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
