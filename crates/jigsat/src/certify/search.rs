//! A proof written by an exact-cover search instead of CaDiCaL: for
//! pentomino boards CDCL needs minutes to prove that no unlisted solution
//! exists, while a search that picks the most constrained cell needs
//! seconds, and each of its nodes is one LRAT step.
//!
//! The search runs on the cover, with the pairwise CNF (every item's
//! at-least-one clause and a binary clause for every two options sharing
//! an item) beside it. At a node with chosen options D = d₁…d_k it
//! branches on an item i with the fewest options left, and derives the
//! clause ¬D ("no unlisted solution extends D") from the lemma
//! L_k(i) = ¬D ∨ (the options of i that D leaves) and, for each option o
//! left, the clause the child D ∪ {o} derived (which sets ¬o); a child
//! that completes a solution is its blocking clause, an original clause
//! of the CNF; a node with no option left has L_k(i) as its clause. The
//! lemma is derived once per path prefix from L_{k-1}(i), hinting the
//! binary clauses of the options d_k excludes — so an exclusion is hinted
//! once for a whole subtree, not at every node below it — and L_0(i) is
//! i's at-least-one clause less the forbidden options (their unit
//! clauses, the symmetry breaking). The root derives the empty clause.
//! Clauses are deleted once the step that uses them last is written, so
//! the checker holds one path of them.
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
    /// Clauses derived: nodes' and lemmas'.
    pub added: u64,
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
    /// Per depth of the current path (0: the root), the lemmas derived
    /// there: item -> (id, the item's options the first `depth` choices
    /// leave). Popped, and their clauses deleted, when the path leaves.
    /// Per level, the lemma clauses derived there (not inherited).
    lemmas: Vec<HashMap<usize, (u64, Vec<u32>)>>,
    owned: Vec<Vec<u64>>,
    next_id: u64,
    out: BufWriter<W>,
    line: Vec<u8>,
    done: Searched,
    until: &'a Until,
}

/// Each number, then a space.
fn push_ints(line: &mut Vec<u8>, xs: impl IntoIterator<Item = i64>) {
    for x in xs {
        push_int(line, x);
        line.push(b' ');
    }
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

    /// Derives ¬chosen: its id, and whether it is a clause of this node's
    /// own (deleted by the caller once used) rather than an original
    /// clause or a lemma.
    fn node(&mut self) -> io::Result<(u64, bool)> {
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
            return self.blocks.get(&key).map(|&id| (id, false)).ok_or_else(|| {
                io::Error::other(format!(
                    "the search found a solution that is not listed: options {key:?}"
                ))
            });
        };
        let depth = self.chosen.len();
        let (lemma, left) = self.lemma(depth, item)?;
        if left.is_empty() {
            // The lemma is this node's clause: ¬chosen. Its level deletes it.
            return Ok((lemma, false));
        }
        let mut hints = Vec::with_capacity(left.len() + 1);
        let mut done_with = Vec::new();
        for &o in &left {
            if self.blocked[o as usize] > 0 {
                return Err(io::Error::other(format!(
                    "option {o} overlaps a chosen one, and no binary clause says so"
                )));
            }
            self.lemmas.push(HashMap::new());
            self.owned.push(Vec::new());
            self.choose(o);
            let depth = self.lemmas.len();
            let child = crate::exact::search::deeper(depth, || self.node());
            self.unchoose();
            self.lemmas.pop();
            // The lemmas of the child's level, and its clause, are not
            // needed once this node's clause is derived.
            done_with.extend(self.owned.pop().expect("the child's level"));
            let (child, derived) = child?;
            hints.push(child);
            if derived {
                done_with.push(child);
            }
        }
        hints.push(lemma);
        let chosen = self.chosen.clone();
        let id = self.emit(&chosen, &[], &hints)?;
        self.delete(id, &done_with)?;
        Ok((id, true))
    }

    /// The lemma ¬d₁ ∨ … ∨ ¬d_depth ∨ (the options of `item` the first
    /// `depth` choices leave), derived once per path prefix from the one a
    /// level up (or the item's at-least-one clause, less the forbidden
    /// options, at the root): the options the last choice excludes are
    /// hinted by their binary clauses.
    fn lemma(&mut self, depth: usize, item: usize) -> io::Result<(u64, Vec<u32>)> {
        if let Some(found) = self.lemmas[depth].get(&item) {
            return Ok(found.clone());
        }
        let (id, left) = if depth == 0 {
            let all = self.at_least_one[item].expect("an item with its clause");
            let mut hints = Vec::new();
            let mut left = Vec::new();
            for &o in &self.by_item[item] {
                match self.units.get(&o) {
                    Some(&u) => hints.push(u),
                    None => left.push(o),
                }
            }
            if hints.is_empty() {
                (all, left)
            } else {
                hints.push(all);
                let lits: Vec<i64> = left.iter().map(|&o| i64::from(o) + 1).collect();
                let id = self.emit(&[], &lits, &hints)?;
                self.owned[0].push(id);
                (id, left)
            }
        } else {
            let (above, before) = self.lemma(depth - 1, item)?;
            let d = self.chosen[depth - 1];
            let mut hints = Vec::new();
            let mut left = Vec::new();
            for &o in &before {
                match self.pairs.get(&(d.min(o), d.max(o))) {
                    Some(&p) => hints.push(p),
                    None if o == d => {
                        // The choice itself: this item is covered by it.
                        left.push(o);
                    }
                    None => left.push(o),
                }
            }
            if hints.is_empty() {
                (above, left)
            } else {
                hints.push(above);
                let chosen = self.chosen[..depth].to_vec();
                let lits: Vec<i64> = left.iter().map(|&o| i64::from(o) + 1).collect();
                let id = self.emit(&chosen, &lits, &hints)?;
                self.owned[depth].push(id);
                (id, left)
            }
        };
        self.lemmas[depth].insert(item, (id, left.clone()));
        Ok((id, left))
    }

    /// Deletes `ids` (after step `after`).
    fn delete(&mut self, after: u64, ids: &[u64]) -> io::Result<()> {
        if ids.is_empty() {
            return Ok(());
        }
        self.line.clear();
        push_int(&mut self.line, after as i64);
        self.line.extend_from_slice(b" d ");
        push_ints(&mut self.line, ids.iter().map(|&c| c as i64));
        self.line.extend_from_slice(b"0\n");
        self.out.write_all(&self.line)?;
        self.done.bytes += self.line.len() as u64;
        Ok(())
    }

    /// Writes a derived clause: the negated `chosen` options, the `more`
    /// literals, then its hints. Its id.
    fn emit(&mut self, chosen: &[u32], more: &[i64], hints: &[u64]) -> io::Result<u64> {
        let id = self.next_id;
        self.next_id += 1;
        self.line.clear();
        push_ints(&mut self.line, [id as i64]);
        push_ints(&mut self.line, chosen.iter().map(|&d| -(i64::from(d) + 1)));
        push_ints(&mut self.line, more.iter().copied());
        self.line.extend_from_slice(b"0 ");
        push_ints(&mut self.line, hints.iter().map(|&h| h as i64));
        self.line.extend_from_slice(b"0\n");
        self.out.write_all(&self.line)?;
        self.done.bytes += self.line.len() as u64;
        self.done.hints += hints.len() as u64;
        self.done.added += 1;
        Ok(id)
    }
}

/// The clauses of a CNF over a cover's options, by kind and with their
/// ids (of two alike, the first kept; of blocking clauses, the last):
/// what [`prove`]'s search cites.
struct Clauses {
    /// Two options that exclude each other.
    pairs: HashMap<(u32, u32), u64>,
    /// An option that is forbidden.
    units: HashMap<u32, u64>,
    /// At least one of these options (sorted).
    positive: HashMap<Vec<u32>, u64>,
    /// A blocking clause (after the first `base`), by its sorted options.
    blocks: HashMap<Vec<u32>, u64>,
}

impl Clauses {
    /// The clauses of `cnf` over `cover`'s options only (those over
    /// auxiliary variables are skipped): blocking clauses after the
    /// first `base`, then by their signs.
    fn of(cover: &Cover, cnf: &Cnf, base: usize) -> Clauses {
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
        Clauses {
            pairs,
            units,
            positive,
            blocks,
        }
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
    let Clauses {
        pairs,
        units,
        positive,
        blocks,
    } = Clauses::of(cover, cnf, base);
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
        lemmas: vec![HashMap::new()],
        owned: vec![Vec::new()],
        next_id: first + 1,
        out: BufWriter::with_capacity(1 << 16, out),
        line: Vec::new(),
        done: Searched {
            nodes: 0,
            added: 0,
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
