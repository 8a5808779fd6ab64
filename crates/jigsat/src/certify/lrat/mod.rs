//! An LRAT proof checker that shares no code with the solver or the
//! encoder: the clauses of the formula by id (the k-th clause is id k, as
//! in the DIMACS file), and for each added clause the hints the solver
//! gave, which must each be unit under the negation of the clause until
//! one is falsified. Nothing is searched: a proof that needs search to
//! check (a missing or wrong hint) is rejected, which is what makes the
//! check small enough to trust (LRAT, Cruz-Filipe et al., CADE 2017).
//!
//! Why this and not a crate: the checker is the trusted base of every
//! certificate, so it must be short enough to read in one sitting, and it
//! must read the proof streaming (a proof can be many times the size of
//! the formula) and stop at the time limit or Ctrl-C. RAT steps (negative
//! hints, the pivot being the clause's first literal) are checked against
//! every live clause holding the pivot's negation: CaDiCaL writes none
//! once `factor` (bounded variable addition) is off, which
//! [`super::proof`] does, but kissat's proofs turned into LRAT by
//! drat-trim define new variables with them.
//!
//! The proof is read streaming, text or binary (told apart by content);
//! only the live clauses are kept, and their size is held against the
//! memory budget ([`crate::process::budget`]): past it the check is
//! refused with the figure.

use std::collections::HashMap;
use std::fmt;
use std::io::{self, BufRead};

use self::read::{Reader, Room, Step};

mod read;

/// What a checked proof showed and cost.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Checked {
    /// Clauses added (each checked).
    pub added: u64,
    /// Clauses deleted.
    pub deleted: u64,
    /// Hints followed.
    pub hints: u64,
    /// Bytes of proof read.
    pub bytes: u64,
}

/// Why a proof was not accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rejected {
    /// The proof cannot be read as LRAT at `at` (a line, or a byte offset
    /// in a binary proof).
    Syntax {
        /// Where: "line N", or "byte N" of a binary proof.
        at: String,
        /// What is wrong there.
        message: String,
    },
    /// A step that does not check.
    Step {
        /// Where the step is in the proof file.
        at: String,
        /// The clause id the step adds (for a deletion, the last id added).
        id: u64,
        /// Why it does not check.
        message: String,
    },
    /// Every step checked, but the empty clause was never derived.
    NoEmptyClause,
    /// The proof is DRAT, which this checker does not read.
    Drat {
        /// Whether it is binary DRAT, for the message's word.
        binary: bool,
    },
    /// The live clauses outgrew the memory budget.
    Memory {
        /// Bytes the live clauses took when the check gave up.
        needed: u64,
        /// The memory budget in bytes (`--max-memory`).
        limit: u64,
    },
    /// One step (its literals and hints) does not fit in what the memory
    /// budget leaves beside the live clauses: refused before it is read
    /// whole.
    LargeStep {
        /// Where the step is in the proof file.
        at: String,
        /// Bytes the step had taken when it was refused.
        needed: u64,
        /// The memory budget in bytes (`--max-memory`).
        limit: u64,
    },
    /// The time limit or Ctrl-C stopped the check.
    Stopped,
    /// The proof could not be read.
    Io(String),
}

impl fmt::Display for Rejected {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Rejected::Syntax { at, message } => write!(f, "{at}: not LRAT: {message}"),
            Rejected::Step { at, id, message } => {
                write!(f, "{at}: step {id} does not check: {message}")
            }
            Rejected::NoEmptyClause => write!(
                f,
                "every step checks, but the proof never derives the empty clause"
            ),
            Rejected::Drat { binary } => write!(
                f,
                "a {} DRAT proof: jigsat checks LRAT only (check DRAT with drat-trim CNF PROOF, \
                 or turn it into LRAT with drat-trim CNF PROOF -L OUT)",
                if *binary { "binary" } else { "text" }
            ),
            Rejected::Memory { needed, limit } => write!(
                f,
                "checking needs more than {} for the live clauses; the limit is {} (--max-memory)",
                crate::process::budget::human(*needed),
                crate::process::budget::human(*limit)
            ),
            Rejected::LargeStep { at, needed, limit } => write!(
                f,
                "{at}: a step of more than {} does not fit beside the live clauses; the limit is {} (--max-memory)",
                crate::process::budget::human(*needed),
                crate::process::budget::human(*limit)
            ),
            Rejected::Stopped => write!(f, "the check was stopped before it finished"),
            Rejected::Io(e) => write!(f, "{e}"),
        }
    }
}

/// The clauses by id, the assignment of the step being checked, and the
/// bytes they take.
struct Checker {
    clauses: HashMap<u64, Box<[i32]>>,
    /// Per variable: 0 unassigned, 1 true, -1 false.
    values: Vec<i8>,
    trail: Vec<u32>,
    bytes: u64,
    limit: u64,
}

/// Bytes a live clause costs beyond its literals: the box and the map's
/// entry, with the map's spare room.
const CLAUSE_OVERHEAD: u64 = 48;

impl Checker {
    fn value(&self, lit: i32) -> i8 {
        let v = self
            .values
            .get(lit.unsigned_abs() as usize)
            .copied()
            .unwrap_or(0);
        if lit < 0 { -v } else { v }
    }

    fn assign(&mut self, lit: i32) {
        let var = lit.unsigned_abs() as usize;
        if var >= self.values.len() {
            self.values.resize(var + 1, 0);
        }
        self.values[var] = if lit < 0 { -1 } else { 1 };
        self.trail.push(var as u32);
    }

    fn insert(&mut self, id: u64, clause: Box<[i32]>) -> Result<(), String> {
        self.bytes += CLAUSE_OVERHEAD + 4 * clause.len() as u64;
        if self.clauses.insert(id, clause).is_some() {
            return Err(format!("clause id {id} is already in use"));
        }
        Ok(())
    }

    /// A checker holding the formula's `clauses` (clause k with id k + 1)
    /// within `limit` bytes, and the last id.
    fn of<'c>(
        clauses: impl IntoIterator<Item = &'c [i32]>,
        limit: u64,
    ) -> Result<(Checker, u64), Rejected> {
        let mut checker = Checker {
            clauses: HashMap::new(),
            values: Vec::new(),
            trail: Vec::new(),
            bytes: 0,
            limit,
        };
        let mut last_id = 0u64;
        for c in clauses {
            last_id += 1;
            checker.insert(last_id, c.into()).map_err(Rejected::Io)?;
        }
        if checker.bytes > checker.limit {
            return Err(Rejected::Memory {
                needed: checker.bytes,
                limit,
            });
        }
        Ok((checker, last_id))
    }

    /// Bytes the live clauses and the assignment take.
    fn used(&self) -> u64 {
        self.bytes + self.values.len() as u64
    }

    /// Whether the assignment can grow to the variables of `lits` within
    /// the budget (a literal of 2,000,000,000 would take 2 GB); else the
    /// bytes it would take.
    fn room_for(&self, lits: &[i64]) -> Result<(), u64> {
        let top = lits.iter().map(|l| l.unsigned_abs()).max().unwrap_or(0);
        let grown = top
            .saturating_add(1)
            .saturating_sub(self.values.len() as u64);
        match grown {
            0 => Ok(()),
            g if self.used().saturating_add(g) <= self.limit => Ok(()),
            g => Err(g),
        }
    }

    fn delete(&mut self, id: u64) -> Result<(), String> {
        match self.clauses.remove(&id) {
            Some(c) => {
                self.bytes -= CLAUSE_OVERHEAD + 4 * c.len() as u64;
                Ok(())
            }
            None => Err(format!("deletes clause {id}, which is not there")),
        }
    }

    /// Whether `clause` follows by unit propagation along `hints`: under
    /// the negation of the clause each hint must be unit (its one open
    /// literal is then set) until one is falsified. Returns the number of
    /// hints followed.
    fn implied(&mut self, clause: &[i32], hints: &[i64]) -> Result<u64, String> {
        let result = self.propagate(clause, hints);
        for var in self.trail.drain(..) {
            self.values[var as usize] = 0;
        }
        result
    }

    fn propagate(&mut self, clause: &[i32], hints: &[i64]) -> Result<u64, String> {
        for &lit in clause {
            match self.value(lit) {
                // Both a literal and its negation: a tautology holds.
                1 => return Ok(0),
                -1 => {}
                _ => self.assign(-lit),
            }
        }
        let rat = hints.iter().position(|&h| h < 0).unwrap_or(hints.len());
        if let Some(k) = self.units(&hints[..rat])? {
            return Ok(k);
        }
        match clause.first() {
            Some(&pivot)
                if rat < hints.len() || self.clauses.values().all(|c| !c.contains(&-pivot)) =>
            {
                self.rat(pivot, &hints[rat..])
            }
            _ => Err("the hints end without a conflict".to_string()),
        }
    }

    /// Follows `hints` as unit clauses under the assignment: each must
    /// have one literal not false (set true) until one has none. The
    /// number of hints followed to that conflict, or `None` without one.
    fn units(&mut self, hints: &[i64]) -> Result<Option<u64>, String> {
        for (k, &hint) in hints.iter().enumerate() {
            let hint = hint as u64;
            let Some(c) = self.clauses.get(&hint) else {
                return Err(format!("hint {hint} is no live clause"));
            };
            // The one literal not yet false: set true, unless it is
            // already (CaDiCaL's chains hold such redundant hints, and
            // lrat-check reads them the same way: they set nothing).
            let mut open = None;
            for &lit in c.iter() {
                match self.value(lit) {
                    -1 => {}
                    _ if open.is_some_and(|o| o != lit) => {
                        return Err(format!("hint {hint} has more than one literal not false"));
                    }
                    _ => open = Some(lit),
                }
            }
            match open {
                None => return Ok(Some(k as u64 + 1)),
                Some(lit) if self.value(lit) == 0 => self.assign(lit),
                Some(_) => {}
            }
        }
        Ok(None)
    }

    /// A RAT step on `pivot` (the clause's first literal), after its unit
    /// hints: every live clause D holding -pivot must make a resolvent
    /// that is already satisfied, or one whose own hints (after `-D` in
    /// `hints`) end in a conflict once D's other literals are set false.
    /// This is how kissat's proofs (through drat-trim -L) define new
    /// variables; CaDiCaL's, with `factor` off, have no such steps.
    fn rat(&mut self, pivot: i32, hints: &[i64]) -> Result<u64, String> {
        let mut groups: HashMap<u64, &[i64]> = HashMap::new();
        let mut k = 0;
        while k < hints.len() {
            let id = hints[k].unsigned_abs();
            let end = hints[k + 1..]
                .iter()
                .position(|&h| h < 0)
                .map_or(hints.len(), |e| k + 1 + e);
            if groups.insert(id, &hints[k + 1..end]).is_some() {
                return Err(format!("RAT hints for clause {id} twice"));
            }
            k = end;
        }
        let mut against: Vec<u64> = self
            .clauses
            .iter()
            .filter(|(_, c)| c.contains(&-pivot))
            .map(|(&id, _)| id)
            .collect();
        against.sort_unstable();
        let mut followed = 0;
        for id in against {
            let other: Vec<i32> = self.clauses[&id]
                .iter()
                .copied()
                .filter(|&l| l != -pivot)
                .collect();
            if other.iter().any(|&l| self.value(l) == 1) {
                continue;
            }
            let Some(group) = groups.get(&id) else {
                return Err(format!(
                    "a RAT step on {pivot} without hints for clause {id}, which holds {}",
                    -pivot
                ));
            };
            let mark = self.trail.len();
            for &l in &other {
                if self.value(l) == 0 {
                    self.assign(-l);
                }
            }
            let result = self.units(group);
            for var in self.trail.drain(mark..) {
                self.values[var as usize] = 0;
            }
            match result? {
                Some(n) => followed += n,
                None => {
                    return Err(format!(
                        "the RAT hints for clause {id} end without a conflict"
                    ));
                }
            }
        }
        Ok(followed)
    }
}

/// Checks `proof` (LRAT, text or binary) against `clauses` (clause k has
/// id k + 1): the empty clause must be derived. `stopped` is polled every
/// few thousand steps (the time limit, Ctrl-C); `limit` is the memory
/// budget for the live clauses.
pub fn check<'c, R: BufRead>(
    clauses: impl IntoIterator<Item = &'c [i32]>,
    proof: R,
    stopped: &dyn Fn() -> bool,
    limit: u64,
) -> Result<Checked, Rejected> {
    let mut reader = Reader::open(proof)?;
    let (mut checker, mut last_id) = Checker::of(clauses, limit)?;
    let over = |checker: &Checker| Rejected::Memory {
        needed: checker.bytes,
        limit: checker.limit,
    };
    let mut done = Checked::default();
    let mut lits = Vec::new();
    let mut hints = Vec::new();
    let mut steps = 0u64;
    loop {
        steps += 1;
        if steps.is_multiple_of(4096) && stopped() {
            return Err(Rejected::Stopped);
        }
        let Some(step) = reader.step()? else {
            break;
        };
        let at = reader.at();
        let room = || Room {
            at: &at,
            left: checker.limit.saturating_sub(checker.used()),
            limit: checker.limit,
        };
        match step {
            Step::Delete => {
                reader.list(&mut hints, room())?;
                done.deleted += delete(&reader, &mut checker, &hints, &at, last_id)?;
            }
            Step::Add { id } => {
                reader.list(&mut lits, room())?;
                reader.list(&mut hints, room())?;
                checker
                    .room_for(&lits)
                    .map_err(|needed| Rejected::LargeStep {
                        at: at.clone(),
                        needed,
                        limit: checker.limit,
                    })?;
                let clause = literals(&reader, &lits)?;
                let rejected = |message| Rejected::Step {
                    at: at.clone(),
                    id,
                    message,
                };
                if id <= last_id {
                    return Err(rejected(format!(
                        "its id is not above the last one ({last_id})"
                    )));
                }
                done.hints += checker.implied(&clause, &hints).map_err(rejected)?;
                done.added += 1;
                last_id = id;
                if clause.is_empty() {
                    done.bytes = reader.bytes();
                    return Ok(done);
                }
                checker.insert(id, clause).map_err(rejected)?;
                if checker.bytes > checker.limit {
                    return Err(over(&checker));
                }
            }
        }
    }
    Err(Rejected::NoEmptyClause)
}

/// The literals a step lists, each within an `i32` as a CNF's are.
fn literals<R: BufRead>(reader: &Reader<R>, lits: &[i64]) -> Result<Box<[i32]>, Rejected> {
    lits.iter()
        .map(|&l| i32::try_from(l).map_err(|_| reader.syntax(format!("literal {l}"))))
        .collect()
}

/// A deletion step at `at`, after the step with id `last_id`: the
/// clauses of `ids` (none negative) are deleted; how many.
fn delete<R: BufRead>(
    reader: &Reader<R>,
    checker: &mut Checker,
    ids: &[i64],
    at: &str,
    last_id: u64,
) -> Result<u64, Rejected> {
    if let Some(id) = ids.iter().find(|&&id| id < 0) {
        return Err(reader.syntax(format!("deletes clause id {id}")));
    }
    for &id in ids {
        checker
            .delete(id as u64)
            .map_err(|message| Rejected::Step {
                at: at.to_string(),
                id: last_id,
                message,
            })?;
    }
    Ok(ids.len() as u64)
}

/// A read a signal stopped ([`crate::input::Interruptible`]) is the check
/// stopped, not a proof that cannot be read.
impl From<io::Error> for Rejected {
    fn from(e: io::Error) -> Rejected {
        match e.kind() {
            io::ErrorKind::Interrupted => Rejected::Stopped,
            _ => Rejected::Io(e.to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::read::{Kind, kind};
    use super::*;

    /// (x1 ∨ x2), (¬x1 ∨ x2), (x1 ∨ ¬x2), (¬x1 ∨ ¬x2).
    fn formula() -> Vec<Vec<i32>> {
        vec![vec![1, 2], vec![-1, 2], vec![1, -2], vec![-1, -2]]
    }

    fn run(proof: &[u8]) -> Result<Checked, Rejected> {
        let f = formula();
        check(f.iter().map(|c| &c[..]), proof, &|| false, u64::MAX)
    }

    const GOOD: &[u8] = b"5 2 0 1 2 0\n5 d 1 2 0\n6 0 5 3 4 0\n";

    #[test]
    fn a_good_text_proof_checks() {
        let done = run(GOOD).unwrap();
        assert_eq!((done.added, done.deleted), (2, 2));
    }

    #[test]
    fn tampered_text_proofs_are_rejected() {
        // A wrong hint.
        assert!(matches!(
            run(b"5 2 0 1 3 0\n6 0 5 3 4 0\n"),
            Err(Rejected::Step { .. })
        ));
        // A flipped literal.
        assert!(matches!(
            run(b"5 -2 0 1 2 0\n6 0 5 3 4 0\n"),
            Err(Rejected::Step { .. })
        ));
        // No empty clause.
        assert_eq!(run(b"5 2 0 1 2 0\n"), Err(Rejected::NoEmptyClause));
        // A hint to a deleted clause.
        assert!(matches!(
            run(b"5 2 0 1 2 0\n5 d 3 0\n6 0 5 3 4 0\n"),
            Err(Rejected::Step { .. })
        ));
        // A RAT step without hints for a clause it resolves with.
        assert!(matches!(run(b"5 2 0 1 -2 0\n"), Err(Rejected::Step { .. })));
    }

    #[test]
    fn rat_steps_are_checked() {
        // 3 defined as implying 1 (no clause holds -3: no hints needed),
        // then 3 by RAT (its resolvent with clause 5 is 1, by units).
        let good = b"5 -3 1 0 0\n6 3 0 -5 1 3 0\n7 1 0 6 5 0\n8 0 7 2 4 0\n";
        assert!(run(good).is_ok(), "{:?}", run(good));
        // The resolvent's hints must end in a conflict.
        assert!(run(b"5 -3 1 0 0\n6 3 0 -5 1 0\n7 1 0 6 5 0\n8 0 7 2 4 0\n").is_err());
        // Every clause holding -3 needs its hints.
        assert!(run(b"5 -3 1 0 0\n6 3 0 0\n7 1 0 6 5 0\n8 0 7 2 4 0\n").is_err());
        // A pivot whose negation is in the formula is no free definition.
        assert!(run(b"5 2 0 0\n6 0 5 4 1 0\n").is_err());
    }

    #[test]
    fn a_hint_whose_literal_is_already_true_sets_nothing() {
        let f = [vec![1], vec![-1, 2], vec![-2]];
        let check = |proof: &[u8]| check(f.iter().map(|c| &c[..]), proof, &|| false, u64::MAX);
        assert!(check(b"4 0 1 1 2 3 0\n").is_ok());
        // But it does not stand for a literal it never set.
        assert!(check(b"4 0 1 1 3 0\n").is_err());
    }

    fn binary(steps: &[(u8, &[i64])]) -> Vec<u8> {
        let mut out = Vec::new();
        for (marker, numbers) in steps {
            out.push(*marker);
            for &n in *numbers {
                let mut x = 2 * n.unsigned_abs() + u64::from(n < 0);
                while x >= 0x80 {
                    out.push((x as u8 & 0x7f) | 0x80);
                    x >>= 7;
                }
                out.push(x as u8);
            }
        }
        out
    }

    #[test]
    fn binary_proofs_are_read_too() {
        let good = binary(&[
            (b'a', &[5, 2, 0, 1, 2, 0]),
            (b'd', &[1, 0]),
            (b'a', &[6, 0, 5, 3, 4, 0]),
        ]);
        assert_eq!(kind(&good), Kind::LratBinary);
        assert_eq!(run(&good).unwrap().added, 2);
        let bad = binary(&[(b'a', &[5, 2, 0, 1, 0]), (b'a', &[6, 0, 5, 3, 4, 0])]);
        assert!(matches!(run(&bad), Err(Rejected::Step { .. })));
    }

    #[test]
    fn kinds_are_told_apart() {
        assert_eq!(kind(GOOD), Kind::LratText);
        assert_eq!(kind(b"c comment\n2 0\nd 1 2 0\n0\n"), Kind::DratText);
        assert_eq!(kind(b"d 1 2 0\n"), Kind::DratText);
        assert_eq!(kind(&[b'a', 4, 0, b'a', 0]), Kind::DratBinary);
        assert!(matches!(
            run(b"2 0\n0\n"),
            Err(Rejected::Drat { binary: false })
        ));
    }

    #[test]
    fn a_step_too_large_for_the_budget_is_refused_as_it_is_read() {
        let f = formula();
        let mut huge = b"5 d 0\n5 ".to_vec();
        huge.extend(b"1 ".repeat(200_000));
        huge.extend(b"0 1 0\n");
        let r = check(f.iter().map(|c| &c[..]), &huge[..], &|| false, 1 << 16);
        assert!(
            matches!(&r, Err(Rejected::LargeStep { at, .. }) if at == "line 2"),
            "{r:?}"
        );
        // A literal whose variable alone would take 2 GB of assignment.
        let r = check(
            f.iter().map(|c| &c[..]),
            &b"5 2000000000 0 1 0\n"[..],
            &|| false,
            1 << 20,
        );
        assert!(matches!(r, Err(Rejected::LargeStep { .. })), "{r:?}");
    }

    #[test]
    fn an_interrupted_read_stops_the_check() {
        struct Interrupted;
        impl io::Read for Interrupted {
            fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
                Err(io::ErrorKind::Interrupted.into())
            }
        }
        let f = formula();
        let proof = io::BufReader::new(Interrupted);
        let r = check(f.iter().map(|c| &c[..]), proof, &|| false, u64::MAX);
        assert_eq!(r, Err(Rejected::Stopped));
    }

    #[test]
    fn the_memory_budget_is_held() {
        let f = formula();
        let r = check(f.iter().map(|c| &c[..]), GOOD, &|| false, 100);
        assert!(matches!(r, Err(Rejected::Memory { .. })));
    }
}
