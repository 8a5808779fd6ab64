//! What a certified run answers, as the library's callers read it
//! (`api::certificate` re-exports these): the figures of a proof as
//! written and as checked, a certified count, a certificate directory
//! that checked. Each is made here from the run's own results, so that
//! the façade only hands them on.

use std::time::Duration;

use super::count::CountCertificate;
use super::directory::{Claim, Manifest};
use super::{Checked, Proved};

/// A proof as its writer wrote it.
///
/// ```
/// use jigsat::api::{Puzzle, Solver, certificate::Certifier};
/// let puzzle = Puzzle::from_file("puzzles/tromino-choice.toml")?;
/// let counted = Certifier::new(&Solver::new()).count(&puzzle)?;
/// assert!(counted.written.bytes > 0 && counted.written.size().ends_with('B'));
/// # Ok::<(), jigsat::api::Error>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ProofFigures {
    /// The proof's size in bytes.
    pub bytes: u64,
    /// Clauses the proof adds.
    pub added: u64,
    /// Clauses it deletes.
    pub deleted: u64,
}

impl ProofFigures {
    /// The figures of what the prover wrote.
    pub(crate) fn of(proved: &Proved) -> ProofFigures {
        ProofFigures {
            bytes: proved.bytes,
            added: proved.added,
            deleted: proved.deleted,
        }
    }

    /// The size for people: "12 kB", "3.4 MB".
    ///
    /// ```
    /// use jigsat::api::{Puzzle, Solver, certificate::Certifier};
    /// let puzzle = Puzzle::from_file("puzzles/tromino-choice.toml")?;
    /// let size = Certifier::new(&Solver::new()).count(&puzzle)?.written.size();
    /// assert!(size.contains(' '));
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn size(&self) -> String {
        crate::process::budget::human(self.bytes)
    }
}

/// What jigsat's LRAT checker read of a proof that holds.
///
/// ```
/// use jigsat::api::{Puzzle, Solver, certificate::Certifier};
/// let puzzle = Puzzle::from_file("puzzles/tromino-choice.toml")?;
/// let counted = Certifier::new(&Solver::new()).count(&puzzle)?;
/// assert!(counted.check.added > 0);
/// # Ok::<(), jigsat::api::Error>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ProofCheck {
    /// Clauses added, each checked.
    pub added: u64,
    /// Clauses deleted.
    pub deleted: u64,
    /// Hints followed.
    pub hints: u64,
    /// How long the check took.
    pub took: Duration,
}

impl ProofCheck {
    /// The checker's figures, and how long it took.
    pub(crate) fn new(checked: &Checked, took: Duration) -> ProofCheck {
        ProofCheck {
            added: checked.added,
            deleted: checked.deleted,
            hints: checked.hints,
            took,
        }
    }
}

/// A certified count ([`Certifier::count`](crate::api::certificate::Certifier::count)): every fixed-board solution
/// checked against the puzzle, and a checked proof that the CNF with
/// them blocked has no model.
///
/// ```
/// use jigsat::api::{Puzzle, Solver, certificate::Certifier};
/// let puzzle = Puzzle::from_file("puzzles/tromino-choice.toml")?;
/// let counted = Certifier::new(&Solver::new()).count(&puzzle)?;
/// assert_eq!(counted.blocking, counted.clauses - counted.cnf_clauses);
/// # Ok::<(), jigsat::api::Error>(())
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct CertifiedCount {
    /// Solutions on a board that does not move, each checked.
    pub count: u64,
    /// Their orbits under the puzzle's symmetries: the distinct count.
    pub distinct: u64,
    /// Whether the proof is the exact-cover search's (a puzzle that is an
    /// exact cover, whose pairwise CNF the search reads) rather than
    /// CaDiCaL's.
    pub by_search: bool,
    /// The proof as written.
    pub written: ProofFigures,
    /// Its check.
    pub check: ProofCheck,
    /// The CNF's at-most-one encoding, by name.
    pub encoding: String,
    /// The CNF's variables.
    pub variables: u64,
    /// Its clauses, blocking clauses included.
    pub clauses: u64,
    /// The clauses `jigsat dimacs` writes, before the blocking ones.
    pub cnf_clauses: u64,
    /// The clauses that each block a listed solution the breaking keeps.
    pub blocking: u64,
    /// The symmetry breaking kept in the CNF, when it is.
    pub breaking: Option<Breaking>,
    /// How long the enumeration took.
    pub enumerating: Duration,
    /// How long proving took.
    pub proving: Duration,
}

impl CertifiedCount {
    /// The figures of a certified count, for the caller.
    pub(crate) fn of(c: &CountCertificate) -> CertifiedCount {
        CertifiedCount {
            count: c.fixed.len() as u64,
            distinct: c.distinct,
            by_search: c.by_search,
            written: ProofFigures::of(&c.proved),
            check: ProofCheck::new(&c.checked, c.check),
            encoding: c.encoded.encoding.name().to_string(),
            variables: u64::from(c.variables),
            clauses: c.clauses as u64,
            cnf_clauses: c.base_clauses as u64,
            blocking: (c.clauses - c.base_clauses) as u64,
            breaking: c.breaking.as_ref().map(|(b, pool)| Breaking {
                forbidden: b.forbidden.len() as u64,
                pool: pool.clone(),
            }),
            enumerating: c.enumerate,
            proving: c.prove,
        }
    }
}

/// Symmetry breaking kept in a certified count's CNF, and why it loses
/// no solution: the listed solutions are closed under the puzzle's
/// symmetries, and every placement of the pool has an allowed image.
///
/// ```
/// use jigsat::api::{Puzzle, Solver, certificate::Certifier};
/// let puzzle = Puzzle::from_file("puzzles/tromino-choice.toml")?;
/// let breaking = Certifier::new(&Solver::new()).count(&puzzle)?.breaking.unwrap();
/// assert!(breaking.forbidden > 0 && !breaking.pool.is_empty());
/// # Ok::<(), jigsat::api::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Breaking {
    /// Placements the breaking forbids.
    pub forbidden: u64,
    /// The placements whose images justify it, in words.
    pub pool: String,
}

/// A certificate directory that checked ([`Certifier::check_directory`](crate::api::certificate::Certifier::check_directory)).
///
/// ```
/// use jigsat::api::{Puzzle, Solver, certificate::{Certifier, Claim}};
/// let dir = tempfile::tempdir().unwrap();
/// let cert = dir.path().join("cert");
/// let puzzle = Puzzle::from_file("puzzles/tetromino-4x5.toml")?;
/// let certifier = Certifier::new(&Solver::new()).directory(&cert);
/// certifier.solve(&puzzle)?;
/// let checked = certifier.check_directory(&cert, Some(std::path::Path::new("puzzles/tetromino-4x5.toml")))?;
/// assert_eq!(checked.claim, Claim::NoSolutionByColouring);
/// assert!(checked.summary.contains("colouring"));
/// # Ok::<(), jigsat::api::Error>(())
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct CheckedCertificate {
    /// What it claims, now checked.
    pub claim: Claim,
    /// Fixed-board solutions it lists.
    pub solutions: u64,
    /// Their orbits: the count up to symmetry.
    pub distinct: u64,
    /// One sentence: what was checked.
    pub summary: String,
}

impl CheckedCertificate {
    /// What the manifest of a certificate that checked claims, and what
    /// was checked, in one sentence.
    pub(crate) fn of(manifest: &Manifest, summary: String) -> CheckedCertificate {
        CheckedCertificate {
            claim: manifest.claim,
            solutions: manifest.solutions,
            distinct: manifest.distinct,
            summary,
        }
    }
}
