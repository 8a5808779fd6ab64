//! A proof written by an exact-cover search instead of CaDiCaL: for
//! pentomino boards CDCL needs minutes to prove that no unlisted solution
//! exists, while a search that picks the most constrained cell needs
//! seconds, and each of its nodes is one LRAT step.
//!
//! The search runs on the cover, with the pairwise CNF (every item's
//! at-least-one clause and a binary clause for every two options sharing
//! an item) beside it. At a node with chosen options D it branches on an
//! item i with the fewest options left; what it derives there is the
//! clause ¬D ("no unlisted solution extends D"), with as hints, for every
//! option o of i's at-least-one clause: the unit clause forbidding o (the
//! symmetry breaking), or the binary clause of o and a chosen option it
//! overlaps, or the clause the child D ∪ {o} derived — each sets ¬o — and
//! then i's at-least-one clause, now false. A child that completes a
//! solution is its blocking clause, an original clause of the CNF. The
//! root derives the empty clause. Children's clauses are deleted once
//! their parent is derived, so the checker holds one path of them.
//!
//! Only covers whose every item is covered exactly once are searched so
//! (exact fills, each piece used once): there the branching misses
//! nothing. Others return `None` and CaDiCaL proves instead.

use std::collections::HashMap;
use std::io::{self, BufWriter, Write};

use super::Until;
use crate::cover::Cover;
use crate::encode::Cnf;

/// What the search proved and wrote.
#[derive(Clone, Debug)]
pub struct Searched {
    pub nodes: u64,
    pub solutions: u64,
    pub bytes: u64,
    pub hints: u64,
}

/// Whether the search can prove this cover: every item exactly once.
pub fn applies(cover: &Cover) -> bool {
    !cover.has_colours() && cover.items.iter().all(|i| i.min == 1 && i.max == 1)
}

struct Search<'a, W: Write> {
    cover: &'a Cover,
    by_item: Vec<Vec<u32>>,
    at_least_one: Vec<Option<u64>>,
    pairs: HashMap<(u32, u32), u64>,
    units: HashMap<u32, u64>,
    blocks: HashMap<Vec<u32>, u64>,
    blocked: Vec<u32>,
    covered: Vec<bool>,
    chosen: Vec<u32>,
    next_id: u64,
    /// Ids up to this are the CNF's clauses.
    derived_from: u64,
    out: BufWriter<W>,
    line: Vec<u8>,
    done: Searched,
    until: &'a Until,
}

fn push_int(line: &mut Vec<u8>, x: i64) {
    if x < 0 {
        line.push(b'-');
    }
    let mut x = x.unsigned_abs();
    let mut digits = [0u8; 20];
    let mut n = 0;
    loop {
        digits[n] = b'0' + (x % 10) as u8;
        n += 1;
        x /= 10;
        if x == 0 {
            break;
        }
    }
    line.extend(digits[..n].iter().rev());
}

impl<W: Write> Search<'_, W> {
    fn choose(&mut self, o: u32) {
        for &i in &self.cover.options[o as usize] {
            self.covered[i as usize] = true;
            for &p in &self.by_item[i as usize] {
                self.blocked[p as usize] += 1;
            }
        }
        self.chosen.push(o);
    }

    fn unchoose(&mut self) {
        let o = self.chosen.pop().expect("a chosen option");
        for &i in &self.cover.options[o as usize] {
            self.covered[i as usize] = false;
            for &p in &self.by_item[i as usize] {
                self.blocked[p as usize] -= 1;
            }
        }
    }

    /// Derives ¬chosen; returns its id (or the blocking clause's).
    fn node(&mut self) -> io::Result<u64> {
        self.done.nodes += 1;
        if self.done.nodes.is_multiple_of(4096) && self.until.reached() {
            return Err(io::Error::other("stopped"));
        }
        // The uncovered item with the fewest options left; of those, the
        // shortest at-least-one clause (each of its options is a hint).
        let mut best: Option<(usize, (usize, usize))> = None;
        for i in 0..self.covered.len() {
            if self.covered[i] || self.at_least_one[i].is_none() {
                continue;
            }
            let left = self.by_item[i]
                .iter()
                .filter(|&&o| self.blocked[o as usize] == 0)
                .count();
            let cost = (left, self.by_item[i].len());
            if best.is_none_or(|(_, b)| cost < b) {
                best = Some((i, cost));
            }
        }
        let Some((item, _)) = best else {
            if self.covered.iter().any(|c| !c) {
                return Err(io::Error::other(
                    "an item without an at-least-one clause is left uncovered",
                ));
            }
            let mut key = self.chosen.clone();
            key.sort_unstable();
            self.done.solutions += 1;
            return self.blocks.get(&key).copied().ok_or_else(|| {
                io::Error::other(format!(
                    "the search found a solution that is not listed: options {key:?}"
                ))
            });
        };
        let options = self.by_item[item].clone();
        let mut children = Vec::new();
        let mut hints = Vec::with_capacity(options.len() + 1);
        for &o in &options {
            if let Some(&u) = self.units.get(&o) {
                hints.push(u);
                continue;
            }
            if self.blocked[o as usize] > 0 {
                let pair = self
                    .chosen
                    .iter()
                    .find_map(|&d| self.pairs.get(&(d.min(o), d.max(o))).copied());
                match pair {
                    Some(id) => hints.push(id),
                    None => {
                        return Err(io::Error::other(format!(
                            "no binary clause excludes option {o} beside the chosen ones"
                        )));
                    }
                }
                continue;
            }
            self.choose(o);
            let child = self.node();
            self.unchoose();
            let child = child?;
            hints.push(child);
            if child > self.derived_from {
                children.push(child);
            }
        }
        hints.push(self.at_least_one[item].expect("chosen for its clause"));
        let id = self.next_id;
        self.next_id += 1;
        self.line.clear();
        push_int(&mut self.line, id as i64);
        self.line.push(b' ');
        for &d in &self.chosen {
            push_int(&mut self.line, -(i64::from(d) + 1));
            self.line.push(b' ');
        }
        self.line.extend_from_slice(b"0 ");
        for &h in &hints {
            push_int(&mut self.line, h as i64);
            self.line.push(b' ');
        }
        self.line.extend_from_slice(b"0\n");
        if !children.is_empty() {
            push_int(&mut self.line, id as i64);
            self.line.extend_from_slice(b" d ");
            for &c in &children {
                push_int(&mut self.line, c as i64);
                self.line.push(b' ');
            }
            self.line.extend_from_slice(b"0\n");
        }
        self.out.write_all(&self.line)?;
        self.done.bytes += self.line.len() as u64;
        self.done.hints += hints.len() as u64;
        Ok(id)
    }
}

/// Proves with the search that `cnf` (the pairwise CNF of `cover`, its
/// breaking units, then `blocks` blocking clauses after its first
/// `base` clauses) has no model, writing the LRAT proof to `out`. `None`
/// when the cover or the CNF is not of the kind the search proves.
pub fn prove<W: Write>(
    cover: &Cover,
    cnf: &Cnf,
    base: usize,
    out: W,
    until: &Until,
) -> io::Result<Option<Searched>> {
    if !applies(cover) {
        return Ok(None);
    }
    let options = cover.options.len() as i32;
    let mut pairs = HashMap::new();
    let mut units = HashMap::new();
    let mut positive: HashMap<Vec<u32>, u64> = HashMap::new();
    let mut blocks = HashMap::new();
    for (k, clause) in cnf.clauses().enumerate() {
        let id = k as u64 + 1;
        let lits: Vec<i32> = clause.iter().map(|l| l.to_dimacs()).collect();
        if lits.iter().any(|l| l.abs() > options) {
            continue;
        }
        let mut vars: Vec<u32> = lits.iter().map(|l| l.unsigned_abs() - 1).collect();
        vars.sort_unstable();
        if k >= base {
            blocks.insert(vars, id);
        } else if lits.iter().all(|&l| l > 0) {
            positive.entry(vars).or_insert(id);
        } else if lits.iter().all(|&l| l < 0) {
            match vars[..] {
                [o] => {
                    units.entry(o).or_insert(id);
                }
                [a, b] => {
                    pairs.entry((a, b)).or_insert(id);
                }
                _ => {}
            }
        }
    }
    let by_item = cover.options_by_item();
    let at_least_one: Vec<Option<u64>> = by_item
        .iter()
        .map(|opts| {
            let mut key = opts.clone();
            key.sort_unstable();
            positive.get(&key).copied()
        })
        .collect();
    let first = cnf.num_clauses() as u64;
    let mut search = Search {
        cover,
        by_item,
        at_least_one,
        pairs,
        units,
        blocks,
        blocked: vec![0; cover.options.len()],
        covered: vec![false; cover.items.len()],
        chosen: Vec::new(),
        next_id: first + 1,
        derived_from: first,
        out: BufWriter::with_capacity(1 << 16, out),
        line: Vec::new(),
        done: Searched {
            nodes: 0,
            solutions: 0,
            bytes: 0,
            hints: 0,
        },
        until,
    };
    // Forbidden options are never chosen.
    for &o in search.units.keys() {
        search.blocked[o as usize] = 1;
    }
    search.node()?;
    search.out.flush()?;
    Ok(Some(search.done))
}
