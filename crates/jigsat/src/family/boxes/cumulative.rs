//! Redundant cumulative constraints on a flat board
//! ([`super::encoding::OrderOptions::cumulative`]): across every column
//! where a box may start, the heights of the boxes crossing it add up to
//! the board's height, and the same for rows, each as a decision diagram.

use super::order::{Bit, CopyVars, and3, clause};
use super::rects::Rects;
use crate::encode::Cnf;

/// Which redundant cumulative constraints
/// [`OrderOptions::cumulative`](super::encoding::OrderOptions::cumulative)
/// adds.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Cumulative {
    /// None.
    Off,
    /// Sum = side, as a decision diagram over the copies' crossing
    /// literals.
    Equal,
    /// Sum >= side only (no gap; overlaps are excluded anyway).
    AtLeast,
}

/// The redundant cumulative constraints along `axis` (0: one per column,
/// 1: one per row): at each line where some copy may start, the copies
/// crossing it fill the board's other side exactly (or at least). Lines
/// where no copy starts cross the same copies as the line before, so
/// they are skipped. Each constraint is a decision diagram over the
/// copies, a node per reachable partial sum that can still be completed.
/// A node stands for "the copies from its level on add up to what is
/// missing": it implies the child each branch leads to and one of its
/// children, and is implied by a branch and its child (the full
/// if-then-else definition, so unit propagation sees dead ends both
/// ways). Returns the number of lines.
pub(super) fn cumulative(
    cnf: &mut Cnf,
    rects: &Rects,
    copies: &[CopyVars],
    axis: usize,
    kind: Cumulative,
) -> usize {
    let side = rects.board[1 - axis];
    let mut lines = 0;
    for line in start_lines(rects, copies, axis) {
        let (levels, fixed) = crossings(cnf, copies, axis, line);
        lines += 1;
        let diagram = Diagram::new(levels, side, fixed, kind);
        let node = diagram.nodes(cnf);
        if diagram.target < 0 || !diagram.live(0, 0) {
            cnf.add_clause(&[]);
            continue;
        }
        diagram.define(cnf, &node);
    }
    lines
}

/// The lines across `axis` that get a cumulative constraint: every value
/// some copy's corner may take along `axis`, inside the board, in
/// increasing order. Between two such lines no copy starts, so the copies
/// crossing a line are those crossing the start line before it.
fn start_lines(rects: &Rects, copies: &[CopyVars], axis: usize) -> Vec<i32> {
    let mut starts: Vec<i32> = copies
        .iter()
        .flat_map(|c| c.corner[axis].values.iter().copied())
        .collect();
    starts.sort_unstable();
    starts.dedup();
    starts.retain(|&line| line < rects.board[axis]);
    starts
}

/// Who crosses `line` (across `axis`), per copy: for each orientation `k`
/// with extent `w` along `axis` and `h` across it, the literal
/// `select_k ∧ [a <= line] ∧ ¬[a <= line - w]` (fresh, defined by
/// clauses, unless the domains decide it) and the length `h` it adds to
/// the line's sum. Copies that cross the line for sure, whatever the
/// model, add a fixed length instead of a level; copies that never cross
/// it add nothing. Returns the levels (one per undecided copy) and the
/// fixed length.
fn crossings(
    cnf: &mut Cnf,
    copies: &[CopyVars],
    axis: usize,
    line: i32,
) -> (Vec<Vec<(Bit, i32)>>, i32) {
    let other = 1 - axis;
    let mut levels: Vec<Vec<(Bit, i32)>> = Vec::new();
    let mut fixed = 0;
    for c in copies {
        let mut options = Vec::new();
        let mut forced = None;
        for (k, e) in c.extents.iter().enumerate() {
            let sel = c.select[k].map_or(Bit::True, Bit::Lit);
            let start_le = c.corner[axis].le(line);
            let ends_before = c.corner[axis].le(line - e[axis]);
            match and3(cnf, [sel, start_le, ends_before.not()]) {
                Bit::False => {}
                Bit::True => forced = Some(e[other]),
                b => options.push((b, e[other])),
            }
        }
        match forced {
            Some(w) => fixed += w,
            None if options.is_empty() => {}
            None => levels.push(options),
        }
    }
    (levels, fixed)
}

/// One line's sum as a decision diagram: level `j` branches on copy `j`'s
/// crossing options (or none), and node `(j, s)` stands for "the levels
/// from `j` on add up to `target - s`" (at least that, for
/// [`Cumulative::AtLeast`]).
struct Diagram {
    /// Per level, the crossing options: (literal, length across).
    levels: Vec<Vec<(Bit, i32)>>,
    /// The board's side less the copies that cross the line for sure.
    target: i32,
    kind: Cumulative,
    /// Partial sums are tracked from 0 to `bound` (the board's side).
    bound: usize,
    /// `reach[j][s]`: levels before `j` can add up to `s`.
    reach: Vec<Vec<bool>>,
    /// `rest[j][s]`: levels from `j` on can add up to `s`.
    rest: Vec<Vec<bool>>,
}

impl Diagram {
    /// The diagram of a line whose copies are `levels`, the board's side
    /// being `side` and `fixed` of it taken by copies that always cross.
    /// Levels are sorted longest first: the diagram then branches on the
    /// big boxes at the top (shortest first was much slower on Calibron
    /// 12; see encodings/RESULTS.md, section "Cumulative constraints").
    fn new(mut levels: Vec<Vec<(Bit, i32)>>, side: i32, fixed: i32, kind: Cumulative) -> Diagram {
        levels.sort_by_key(|l| std::cmp::Reverse(l.iter().map(|o| o.1).max()));
        let target = side - fixed;
        let bound = side.max(0) as usize;
        let reach = Diagram::prefix_sums(&levels, bound, target);
        let rest = Diagram::suffix_sums(&levels, bound);
        Diagram {
            levels,
            target,
            kind,
            bound,
            reach,
            rest,
        }
    }

    /// `reach[j]`: the partial sums (up to `bound`) of levels before `j`,
    /// each level adding one of its lengths or nothing; none at all when
    /// the target is already negative.
    fn prefix_sums(levels: &[Vec<(Bit, i32)>], bound: usize, target: i32) -> Vec<Vec<bool>> {
        let n = levels.len();
        let mut reach = vec![vec![false; bound + 1]; n + 1];
        if target >= 0 {
            reach[0][0] = true;
        }
        for j in 0..n {
            for s in 0..=bound {
                if reach[j][s] {
                    reach[j + 1][s] = true;
                    for &(_, w) in &levels[j] {
                        if s + w as usize <= bound {
                            reach[j + 1][s + w as usize] = true;
                        }
                    }
                }
            }
        }
        reach
    }

    /// `rest[j]`: the sums (up to `bound`) that levels from `j` on can add
    /// up to.
    fn suffix_sums(levels: &[Vec<(Bit, i32)>], bound: usize) -> Vec<Vec<bool>> {
        let n = levels.len();
        let mut rest = vec![vec![false; bound + 1]; n + 1];
        rest[n][0] = true;
        for j in (0..n).rev() {
            for s in 0..=bound {
                if rest[j + 1][s] {
                    rest[j][s] = true;
                    for &(_, w) in &levels[j] {
                        if s + w as usize <= bound {
                            rest[j][s + w as usize] = true;
                        }
                    }
                }
            }
        }
        rest
    }

    /// Whether partial sum `s` is reachable at level `j` and the rest
    /// from level `j` can complete it.
    fn live(&self, j: usize, s: i32) -> bool {
        if s < 0 || s as usize > self.bound || !self.reach[j][s as usize] {
            return false;
        }
        match self.kind {
            Cumulative::AtLeast => {
                let need = self.target - s;
                need <= 0 || self.rest[j].iter().skip(need as usize).any(|&r| r)
            }
            _ => {
                let need = self.target - s;
                need >= 0 && self.rest[j][need as usize]
            }
        }
    }

    /// The node literals, level by level: false for dead nodes, true for
    /// the root, the last level and (at least) nodes already at the
    /// target, a fresh variable otherwise.
    fn nodes(&self, cnf: &mut Cnf) -> Vec<Vec<Bit>> {
        let n = self.levels.len();
        let at_least = self.kind == Cumulative::AtLeast;
        (0..=n)
            .map(|j| {
                (0..=self.bound)
                    .map(|s| {
                        let done = j == 0 || j == n || (at_least && s as i32 >= self.target);
                        if !self.live(j, s as i32) {
                            Bit::False
                        } else if done {
                            Bit::True
                        } else {
                            Bit::Lit(cnf.new_var().positive())
                        }
                    })
                    .collect()
            })
            .collect()
    }

    /// Node `(j, s)`, sums beyond the board being dead (or, for at least,
    /// already enough).
    fn at(&self, node: &[Vec<Bit>], j: usize, s: i32) -> Bit {
        if s < 0 || s as usize > self.bound {
            if self.kind == Cumulative::AtLeast && s as usize > self.bound {
                Bit::True
            } else {
                Bit::False
            }
        } else {
            node[j][s as usize]
        }
    }

    /// The clauses that define every node above the last level (nodes
    /// already at the target need none for at least): downwards, then
    /// back up, node by node.
    fn define(&self, cnf: &mut Cnf, node: &[Vec<Bit>]) {
        let n = self.levels.len();
        for (j, row) in node.iter().enumerate().take(n) {
            for (s, &here) in row.iter().enumerate() {
                if here == Bit::False {
                    continue;
                }
                if self.kind == Cumulative::AtLeast && s as i32 >= self.target {
                    continue;
                }
                self.down(cnf, node, j, s as i32, here);
                self.up(cnf, node, j, s as i32, here);
            }
        }
    }

    /// Node `here = (j, s)` implies the child each branch leads to (a
    /// branch's length added, or nothing when no branch is taken), and one
    /// of its children.
    fn down(&self, cnf: &mut Cnf, node: &[Vec<Bit>], j: usize, s: i32, here: Bit) {
        let mut none = vec![here.not()];
        let mut any = vec![here.not(), self.at(node, j + 1, s)];
        for &(b, w) in &self.levels[j] {
            let child = self.at(node, j + 1, s + w);
            clause(cnf, &[here.not(), b.not(), child]);
            none.push(b);
            any.push(child);
        }
        none.push(self.at(node, j + 1, s));
        clause(cnf, &none);
        clause(cnf, &any);
    }

    /// And back: node `here = (j, s)` holds when the branch taken leads to
    /// a node that holds (its suffix adds up), so dead ends propagate
    /// upwards too.
    fn up(&self, cnf: &mut Cnf, node: &[Vec<Bit>], j: usize, s: i32, here: Bit) {
        let mut lo = vec![here, self.at(node, j + 1, s).not()];
        for &(b, w) in &self.levels[j] {
            clause(cnf, &[here, b.not(), self.at(node, j + 1, s + w).not()]);
            lo.push(b);
        }
        clause(cnf, &lo);
    }
}
