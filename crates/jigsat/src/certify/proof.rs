//! CaDiCaL with a proof: the built-in solver, its every derived and
//! deleted clause written as LRAT (with the antecedents CaDiCaL gives
//! each learned clause) or DRAT, to a file jigsat opens itself — so the
//! proof goes through the same safe writer as every `-o`
//! ([`crate::process::files::write_atomically`]), and a run that ends
//! without "unsatisfiable" leaves no proof behind.
//!
//! The original clauses are added in the order of the CNF, which is the
//! order `jigsat dimacs` writes them: clause k of the DIMACS file is
//! LRAT id k. `factor` (bounded variable addition) is switched off: it
//! is CaDiCaL's only source of RAT steps, which LRAT checkers (ours
//! included, [`super::lrat`]) do not all read.

use crate::process::files::Counting;
use std::cell::RefCell;
use std::io::{self, BufWriter, Write};
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use cadical_sys::{CaDiCal, ProofTracer, Status};

use crate::encode::Cnf;
use crate::solve::cadical::Terminate;

/// The proof formats jigsat writes (text; checkers read both).
///
/// ```
/// use jigsat::api::certificate::{Certifier, ProofFormat};
/// let drat = Certifier::new(&jigsat::api::Solver::new()).proof_format(ProofFormat::Drat);
/// # let _ = drat;
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum ProofFormat {
    /// Clauses with their hints, checked without search: what jigsat's
    /// checker and `lrat-check` read.
    #[default]
    Lrat,
    /// Clauses only: the checker searches for the hints (`drat-trim`);
    /// jigsat does not check it.
    Drat,
}

impl ProofFormat {
    /// The format's name, as the messages write it ("LRAT", "DRAT").
    ///
    /// ```
    /// assert_eq!(jigsat::api::certificate::ProofFormat::Drat.name(), "DRAT");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            ProofFormat::Lrat => "LRAT",
            ProofFormat::Drat => "DRAT",
        }
    }
}

/// What the solver answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Unsatisfiable, and the proof is complete.
    Unsat,
    /// A model (values by variable, slot 0 unused): no proof is needed,
    /// the model is its own certificate once checked.
    Sat(Vec<bool>),
    /// Stopped (time limit, Ctrl-C): the proof is incomplete.
    Unknown,
}

/// The answer and the size of the proof written.
#[derive(Clone, Debug)]
pub struct Proved {
    pub answer: Answer,
    pub bytes: u64,
    pub added: u64,
    pub deleted: u64,
}

/// Writes the steps as CaDiCaL reports them.
struct Writer<W: Write> {
    out: BufWriter<Counting<W>>,
    format: ProofFormat,
    /// The first write error: the proof is then no proof.
    error: Option<io::Error>,
    /// Why the trace cannot be written in this format, if it cannot.
    unfit: Option<String>,
    /// Clauses of the CNF (ids 1..=clauses in the proof).
    clauses: i64,
    originals: i64,
    /// The proof's id of each of CaDiCaL's ids (0: none): CaDiCaL may
    /// number a clause it derives while the CNF is still being added (an
    /// original clause shortened by a unit), so its ids of later original
    /// clauses are not their places in the file. The proof's ids are:
    /// original clause k is k, derived clauses count on from the CNF's
    /// last clause.
    ids: Vec<i64>,
    last_id: i64,
    empty_derived: bool,
    original_empty: Option<i64>,
    added: u64,
    deleted: u64,
}

impl<W: Write> Writer<W> {
    /// A writer of a proof in `format` to `out`, of a CNF of `clauses`
    /// clauses, before CaDiCaL has said anything.
    fn new(out: W, format: ProofFormat, clauses: i64) -> Writer<W> {
        Writer {
            out: BufWriter::with_capacity(
                1 << 16,
                Counting {
                    inner: out,
                    bytes: 0,
                },
            ),
            format,
            error: None,
            unfit: None,
            clauses,
            ids: Vec::new(),
            originals: 0,
            last_id: 0,
            empty_derived: false,
            original_empty: None,
            added: 0,
            deleted: 0,
        }
    }

    fn map(&mut self, cadical: i64, ours: i64) {
        let k = cadical.max(0) as usize;
        if k >= self.ids.len() {
            self.ids.resize(k + 1, 0);
        }
        self.ids[k] = ours;
    }

    fn ours(&mut self, cadical: i64) -> i64 {
        match self.ids.get(cadical.max(0) as usize) {
            Some(&id) if id > 0 => id,
            _ => {
                self.unfit = Some(format!(
                    "CaDiCaL named clause {cadical}, which it never added"
                ));
                0
            }
        }
    }

    fn put(&mut self, f: impl FnOnce(&mut BufWriter<Counting<W>>) -> io::Result<()>) {
        if self.error.is_none()
            && let Err(e) = f(&mut self.out)
        {
            self.error = Some(e);
        }
    }

    fn add(&mut self, id: i64, clause: &[i32], hints: &[i64]) {
        let format = self.format;
        self.put(|out| {
            if format == ProofFormat::Lrat {
                write!(out, "{id} ")?;
            }
            for l in clause {
                write!(out, "{l} ")?;
            }
            if format == ProofFormat::Lrat {
                out.write_all(b"0 ")?;
                for h in hints {
                    write!(out, "{h} ")?;
                }
            }
            out.write_all(b"0\n")
        });
        self.last_id = self.last_id.max(id);
        self.added += 1;
    }
}

impl<W: Write> ProofTracer for Writer<W> {
    fn add_original_clause(&mut self, id: i64, _redundant: bool, clause: &[i32], restored: bool) {
        if restored {
            self.unfit = Some("CaDiCaL restored a clause it had set aside".into());
            return;
        }
        self.originals += 1;
        let ours = self.originals;
        self.map(id, ours);
        if clause.is_empty() && self.original_empty.is_none() {
            self.original_empty = Some(ours);
        }
    }

    fn add_derived_clause(
        &mut self,
        id: i64,
        _redundant: bool,
        witness: i32,
        clause: &[i32],
        antecedents: &[i64],
    ) {
        if witness != 0 && self.format == ProofFormat::Lrat {
            self.unfit = Some(format!("CaDiCaL derived clause {id} by a RAT step"));
        }
        if clause.is_empty() {
            self.empty_derived = true;
        }
        let ours = self.last_id.max(self.clauses) + 1;
        self.map(id, ours);
        let hints: Vec<i64> = antecedents.iter().map(|&h| self.ours(h)).collect();
        self.add(ours, clause, &hints);
    }

    fn delete_clause(&mut self, id: i64, _redundant: bool, clause: &[i32]) {
        let id = self.ours(id);
        let (format, last) = (self.format, self.last_id.max(self.clauses));
        self.put(|out| match format {
            ProofFormat::Lrat => writeln!(out, "{last} d {id} 0"),
            ProofFormat::Drat => {
                out.write_all(b"d ")?;
                for l in clause {
                    write!(out, "{l} ")?;
                }
                out.write_all(b"0\n")
            }
        });
        self.deleted += 1;
    }

    fn weaken_minus(&mut self, _id: i64, _clause: &[i32]) {}

    fn strengthen(&mut self, _id: i64) {}

    fn finalize_clause(&mut self, _id: i64, _clause: &[i32]) {}

    fn add_assumption(&mut self, _lit: i32) {}

    fn add_constraint(&mut self, _clause: &[i32]) {}

    fn reset_assumptions(&mut self) {}

    fn add_assumption_clause(&mut self, _id: i64, _clause: &[i32], _antecedents: &[i64]) {
        self.unfit = Some("CaDiCaL used assumptions".into());
    }

    fn conclude_sat(&mut self, _conclusion_type: i32, _model: &[i32]) {}

    fn conclude_unsat(&mut self, _conclusion_type: i32, _clause_ids: &[i64]) {}

    fn conclude_unknown(&mut self, _trail: &[i32]) {}
}

/// Solves `cnf` with the built-in CaDiCaL, writing the proof to `out`,
/// until `deadline` or a set `stop` flag. An error is an I/O error of the
/// proof (the disk filled up), or a trace that cannot be written in
/// `format`; both mean no proof.
pub fn prove<W: Write + 'static>(
    cnf: &Cnf,
    format: ProofFormat,
    out: W,
    deadline: Option<Instant>,
    stop: Arc<AtomicBool>,
) -> io::Result<Proved> {
    let writer = Rc::new(RefCell::new(Writer::new(
        out,
        format,
        cnf.num_clauses() as i64,
    )));
    let mut solver = CaDiCal::new();
    let known = solver.set("factor", 0);
    debug_assert!(known, "CaDiCaL has no option factor");
    solver.connect_proof_tracer1(Rc::clone(&writer), format == ProofFormat::Lrat, false);
    solver.connect_terminator(Terminate {
        flags: vec![stop],
        deadline,
    });
    let mut clause = Vec::new();
    for c in cnf.clauses() {
        clause.clear();
        clause.extend(c.iter().map(|l| l.to_dimacs()));
        solver.clause6(&clause);
    }
    let status = solver.solve();
    let answer = match status {
        Status::UNSATISFIABLE => Answer::Unsat,
        Status::SATISFIABLE => {
            let mut values = vec![false; cnf.num_vars() as usize + 1];
            let known = solver.vars().max(0) as usize;
            for (v, value) in values.iter_mut().enumerate().skip(1) {
                *value = v <= known && solver.val(v as i32) > 0;
            }
            Answer::Sat(values)
        }
        Status::UNKNOWN => Answer::Unknown,
    };
    drop(solver);
    let mut w = writer.borrow_mut();
    if answer == Answer::Unsat && !w.empty_derived {
        // The CNF held the empty clause: the proof derives it from that.
        match w.original_empty {
            Some(k) => {
                let id = w.last_id.max(w.clauses) + 1;
                w.add(id, &[], &[k]);
            }
            None => {
                w.unfit = Some("CaDiCaL answered unsatisfiable without an empty clause".into());
            }
        }
    }
    if w.originals != w.clauses {
        w.unfit = Some(format!(
            "CaDiCaL took {} of the {} clauses as original",
            w.originals, w.clauses
        ));
    }
    if let Some(e) = w.error.take() {
        return Err(e);
    }
    w.out.flush()?;
    if let Some(why) = w.unfit.take() {
        return Err(io::Error::other(format!(
            "no {} proof can be written: {why}",
            format.name()
        )));
    }
    Ok(Proved {
        answer,
        bytes: w.out.get_ref().bytes,
        added: w.added,
        deleted: w.deleted,
    })
}
