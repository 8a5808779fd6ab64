//! A certified count: every fixed-board solution checked against the
//! puzzle, and one proof that the CNF — with the symmetry breaking's units
//! when the options keep it — with every listed solution that survives the
//! breaking blocked has no model, so there is no other. The breaking is
//! justified by [`super::breaking`] (the list is closed under the puzzle's
//! symmetries and every solution has an image the breaking keeps); the
//! distinct count is the number of orbits, which must be the classes the
//! enumeration found.
//!
//! What this rests on: that the CNF says what the puzzle says (jigsat's
//! encoder, as for "no solution"), that each placement the family lists is
//! one (the same reading solutions are checked by), and that each
//! solution's check ([`crate::solution::check`]) is right. The solver's,
//! the enumeration's and the symmetry module's word are not needed.

use std::collections::{HashMap, HashSet};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::breaking::Justified;
use super::{Answer, Checked, ProofFormat, Proved, Until};
use crate::encode::{Cnf, Encoding, Lit};
use crate::enumerate::Enumeration;
use crate::error::{Error, Result};
use crate::geometry::Cell;
use crate::instance::Instance;
use crate::options::Options;
use crate::puzzle::Puzzle;
use crate::solution::Solution;

/// What a certified count found and cost.
#[derive(Clone, Debug)]
pub struct CountCertificate {
    /// Fixed-board solutions, each a sorted list of options, sorted.
    pub fixed: Vec<Vec<u32>>,
    /// The CNF `jigsat dimacs` writes with the same options, and after
    /// its clauses the blocking clauses the proof is of.
    pub encoded: crate::encode::Encoded,
    /// Clauses of the CNF before the blocking clauses.
    pub base_clauses: usize,
    /// The symmetry breaking kept, and the pool that justifies it.
    pub breaking: Option<(crate::symmetry::Breaking, String)>,
    /// Whether the exact-cover search wrote the proof (else CaDiCaL).
    pub by_search: bool,
    /// The orbits under the group: the distinct count.
    pub distinct: u64,
    pub variables: u32,
    pub clauses: usize,
    pub proved: Proved,
    pub checked: Checked,
    pub enumerate: Duration,
    pub prove: Duration,
    pub check: Duration,
}

/// How a certified count ended.
#[derive(Clone, Debug)]
pub enum CountOutcome {
    /// Every solution listed, checked, and the rest proved absent.
    Certified(Box<CountCertificate>),
    /// The time limit or Ctrl-C: nothing was certified.
    Stopped,
}

/// The options of each placed piece: (piece, cells) to the option that
/// places it, from the family's own reading of each option.
fn option_keys(instance: &Instance) -> HashMap<(usize, Vec<Cell>), u32> {
    let mut keys = HashMap::new();
    for o in 0..instance.cover().options.len() as u32 {
        let s = instance.family().solution(&[o]);
        if let [p] = s.pieces() {
            let mut cells = p.cells.clone();
            cells.sort();
            keys.insert((p.piece, cells), o);
        }
    }
    keys
}

fn options_of(keys: &HashMap<(usize, Vec<Cell>), u32>, s: &Solution) -> Result<Vec<u32>> {
    let mut out = Vec::with_capacity(s.pieces().len());
    for p in s.pieces() {
        let mut cells = p.cells.clone();
        cells.sort();
        let o = keys
            .get(&(p.piece, cells))
            .ok_or_else(|| Error::Bug("a solution places a piece where no option does".into()))?;
        out.push(*o);
    }
    out.sort_unstable();
    Ok(out)
}

/// Every solution of `puzzle` up to symmetry, the enumeration stopped
/// when `until` is reached. The enumeration sets its stop flag when it is
/// done (to end its threads), so it gets its own, raised from `until`
/// while it runs.
fn enumerate_until(puzzle: &Puzzle, options: &Options, until: &Until) -> Result<Enumeration> {
    let own = Arc::new(AtomicBool::new(false));
    let run = Options {
        limit: None,
        stop: Some(Arc::clone(&own)),
        ..options.clone()
    };
    let done = AtomicBool::new(false);
    let (result, _) = std::thread::scope(|scope| {
        scope.spawn(|| {
            while !done.load(Ordering::Relaxed) {
                if until.reached() {
                    own.store(true, Ordering::Relaxed);
                }
                std::thread::sleep(Duration::from_millis(20));
            }
        });
        let counted = crate::pipeline::enumerate(puzzle, &run, &mut |_| {});
        done.store(true, Ordering::Relaxed);
        counted
    })?;
    Ok(result)
}

/// The images under the group of every class `result` found (each a
/// sorted list of options, the list sorted), each checked as a solution,
/// and the number of orbits, both matched against the enumeration's
/// counts. `None` when `until` is reached first.
fn images(
    puzzle: &Puzzle,
    instance: &Instance,
    result: &Enumeration,
    until: &Until,
) -> Result<Option<(Vec<Vec<u32>>, u64)>> {
    let keys = option_keys(instance);
    let group = instance.group();
    let mut fixed: HashSet<Vec<u32>> = HashSet::new();
    let mut orbits = 0u64;
    for class in &result.classes {
        if until.reached() {
            return Ok(None);
        }
        let chosen = options_of(&keys, class)?;
        let orbit: HashSet<Vec<u32>> = (0..group.order())
            .map(|g| group.image(g, &chosen))
            .collect();
        let before = fixed.len();
        fixed.extend(orbit.iter().cloned());
        if fixed.len() != before + orbit.len() {
            return Err(Error::Bug(
                "two classes of the enumeration share a solution".into(),
            ));
        }
        orbits += 1;
    }
    let mut fixed: Vec<Vec<u32>> = fixed.into_iter().collect();
    fixed.sort_unstable();
    for (k, chosen) in fixed.iter().enumerate() {
        if k % 256 == 0 && until.reached() {
            return Ok(None);
        }
        let s = instance.family().solution(chosen);
        crate::solution::check(puzzle, &s).map_err(|why| {
            Error::Bug(format!(
                "an image of a solution under the group fails its check: {why}"
            ))
        })?;
    }
    if fixed.len() as u64 != result.count || orbits != result.distinct {
        return Err(Error::Bug(format!(
            "the enumeration counted {} ({} distinct), the group's images {} ({} orbits)",
            result.count,
            result.distinct,
            fixed.len(),
            orbits
        )));
    }
    Ok(Some((fixed, orbits)))
}

/// Whether the count is proved by the search ([`super::search`], for an
/// exact cover), which reads the pairwise CNF, and the encoding of the
/// proved CNF: else CaDiCaL proves it, in the encoding asked for.
fn proof_encoding(instance: &Instance, options: &Options) -> (bool, Encoding) {
    let searched = super::search::applies(instance.cover())
        && instance
            .check_encoding(Encoding::Pairwise, options.card, options.edges)
            .is_ok();
    match searched {
        true => (true, Encoding::Pairwise),
        false => (false, options.encoding),
    }
}

/// The search's proof that `cnf` (its first `base` clauses, then the
/// blocking ones) has no model, written to `proof_path`. `None` when
/// `until` is reached first; the proof file that cannot be made or
/// written (a bad path, a full disk) is an error naming it, as bad input
/// (exit 2).
fn prove_by_search(
    instance: &Instance,
    cnf: &Cnf,
    base: usize,
    proof_path: &Path,
    until: &Until,
) -> Result<Option<Proved>> {
    let mut found = None;
    let written = crate::process::files::write_atomically(proof_path, |file| {
        let s = super::search::prove(instance.cover(), cnf, base, file, until)?;
        let bytes = s.as_ref().map_or(0, |s| s.bytes);
        found = Some(s);
        Ok(bytes)
    });
    match (written, found) {
        (Ok(_), Some(Some(s))) => Ok(Some(Proved {
            answer: Answer::Unsat,
            bytes: s.bytes,
            added: s.added,
            deleted: 0,
        })),
        (Err(_), _) if until.reached() => Ok(None),
        (Err(e), _) => Err(e),
        (Ok(_), Some(None)) => Err(Error::Bug("the search does not apply after all".into())),
        (Ok(_), None) => Err(Error::Bug("a proof without a search".into())),
    }
}

/// The symmetry argument for the `forbidden` placements and the list
/// `fixed` ([`super::breaking::justify`]), which must hold and find the
/// `orbits` the group found.
fn justified(
    puzzle: &Puzzle,
    instance: &Instance,
    forbidden: &[u32],
    fixed: &[Vec<u32>],
    orbits: u64,
) -> Result<Justified> {
    let justified = super::breaking::justify(puzzle, instance, forbidden, fixed)
        .map_err(|why| Error::Bug(format!("the symmetry argument does not hold: {why}")))?;
    if justified.orbits != orbits {
        return Err(Error::Bug(format!(
            "{} orbits under the checked symmetries, {orbits} under the group",
            justified.orbits
        )));
    }
    Ok(justified)
}

/// Checks the proof at `proof_path` of the blocked CNF `cnf` with
/// jigsat's LRAT checker; `None` when `until` is reached first. A proof
/// past the memory budget is bad input; one that does not check is a bug.
fn check_blocked(cnf: &Cnf, proof_path: &Path, until: &Until) -> Result<Option<Checked>> {
    let clauses = super::dimacs_clauses(cnf);
    match super::check_file(&clauses, proof_path, until) {
        Ok(c) => Ok(Some(c)),
        Err(super::Rejected::Stopped) => Ok(None),
        Err(e @ (super::Rejected::Memory { .. } | super::Rejected::LargeStep { .. })) => {
            Err(Error::Usage(e.to_string()))
        }
        Err(e) => Err(Error::Bug(format!(
            "CaDiCaL's proof of the blocked CNF does not check: {e}"
        ))),
    }
}

/// Counts `puzzle` and certifies the count, writing the proof to
/// `proof_path`.
pub fn certify(
    puzzle: &Puzzle,
    options: &Options,
    until: &Until,
    proof_path: &Path,
) -> Result<CountOutcome> {
    let started = Instant::now();
    let instance = Instance::new(puzzle)?;
    if instance.cover().has_colours() {
        return Err(Error::Usage(
            "count --certify takes packing puzzles (edge-matching tiles are not certified yet)"
                .into(),
        ));
    }
    let result = enumerate_until(puzzle, options, until)?;
    if !result.complete {
        return Ok(CountOutcome::Stopped);
    }
    let enumerate = started.elapsed();
    let Some((fixed, orbits)) = images(puzzle, &instance, &result, until)? else {
        return Ok(CountOutcome::Stopped);
    };
    let breaking = instance.breaking(options.symmetry);
    let forbidden: Vec<u32> = breaking
        .as_ref()
        .map(|b| b.forbidden.clone())
        .unwrap_or_default();
    let justified = justified(puzzle, &instance, &forbidden, &fixed, orbits)?;
    let (searched, encoding) = proof_encoding(&instance, options);
    instance.check_encoding(encoding, options.card, options.edges)?;
    let mut encoded = instance.encode(encoding, options.card, options.edges, breaking.as_ref());
    let base_clauses = encoded.cnf.num_clauses();
    for block in blocking_clauses(&fixed, &forbidden) {
        encoded.cnf.add_clause(&block);
    }
    let prove_start = Instant::now();
    let proved = if searched {
        let cnf = &encoded.cnf;
        match prove_by_search(&instance, cnf, base_clauses, proof_path, until)? {
            Some(proved) => proved,
            None => return Ok(CountOutcome::Stopped),
        }
    } else {
        super::prove_to_file(&encoded.cnf, ProofFormat::Lrat, proof_path, until)?
    };
    let prove = prove_start.elapsed();
    match proved.answer {
        Answer::Unsat => {}
        Answer::Unknown => return Ok(CountOutcome::Stopped),
        Answer::Sat(_) => {
            return Err(Error::Bug(
                "CaDiCaL found a solution the enumeration missed".into(),
            ));
        }
    }
    let check_start = Instant::now();
    let Some(checked) = check_blocked(&encoded.cnf, proof_path, until)? else {
        return Ok(CountOutcome::Stopped);
    };
    Ok(CountOutcome::Certified(Box::new(CountCertificate {
        distinct: orbits,
        base_clauses,
        by_search: searched,
        breaking: breaking.map(|b| (b, justified.pool)),
        variables: encoded.cnf.num_vars(),
        clauses: encoded.cnf.num_clauses(),
        fixed,
        encoded,
        proved,
        checked,
        enumerate,
        prove,
        check: check_start.elapsed(),
    })))
}

/// The blocking clause of each listed solution that uses no forbidden
/// option (the others the breaking units already exclude), in the list's
/// order: the negated variable of each of its options.
pub fn blocking_clauses(fixed: &[Vec<u32>], forbidden: &[u32]) -> Vec<Vec<Lit>> {
    let out: HashSet<u32> = forbidden.iter().copied().collect();
    fixed
        .iter()
        .filter(|s| !s.iter().any(|o| out.contains(o)))
        .map(|s| {
            s.iter()
                .map(|&o| Lit::from_dimacs(-(o as i32 + 1)).expect("option variables are 1.."))
                .collect()
        })
        .collect()
}
