//! The order encoding of rectangle and box packing (Soh, Inoue, Tamura,
//! Banbara and Nabeshima, "A SAT-based method for solving the two-
//! dimensional strip packing problem", Fundamenta Informaticae 102, 2010).
//!
//! When every piece is a solid rectangle (box) and the board is one too,
//! a solution is a lower corner `a_i` and an orientation per copy. The
//! order encoding writes an integer `x ∈ [lo, hi]` as the booleans
//! `[x <= c]` for `lo <= c < hi`, tied by the order axioms
//! `[x <= c-1] → [x <= c]`. Then, for copies `i` and `j`, along each axis
//! `d` the relation variables `before(i,j,d)` ("i ends where j may start":
//! `a_i,d + w_i,d <= a_j,d`) and `before(j,i,d)` are linked to the
//! coordinates by
//!
//! ```text
//! before(i,j,d) ∧ orient(i)=k ∧ [a_j,d <= c]  →  [a_i,d <= c - w_k,d]
//! ```
//!
//! and one clause says that at least one of the 2·D relations holds, so no
//! two boxes overlap. Inside the board plus areas adding up to the board
//! means every cell is covered: the fill is exact without saying so.
//! Orientations are the distinct extents a piece can take (two for a
//! non-square rectangle that may turn: one `turn` variable; up to six for
//! a box in space: one variable each, exactly one true).
//!
//! The model is tiny next to the placement encoding — Calibron 12 has
//! about 20,000 variables instead of 7 million — because a piece's
//! position costs `W + H` variables instead of `W · H` placements.
//!
//! Redundant cumulative constraints ([`OrderOptions::cumulative`], flat
//! boards): across every column where a box may start, the heights of the
//! boxes crossing it add up to the board's height, and the same for rows.
//! Each is a decision diagram over "box i crosses column c in orientation
//! k" literals. They remove no solution, and they let the solver see
//! early that a column or row can no longer be filled (Calibron 12's
//! first solution comes much sooner: see `encodings/RESULTS.md`, section
//! "Cumulative constraints"); they are written in [`super::cumulative`].
//!
//! Identical copies are ordered: their corners increase lexicographically
//! (x, then y, then z), which is strict because two copies never share a
//! corner, so every solution has exactly one assignment of copies. This
//! is part of the model, not optional symmetry breaking.
//!
//! Symmetry breaking ([`OrderOptions::symmetry`]):
//! - the largest piece with one copy has its centre in one quadrant
//!   (octant) for each reflection of the board's symmetry group, and its
//!   centre's coordinates ordered along axes the group may swap.
//!
//! [`OrderModel::decode`] reads a model back into boxes,
//! [`OrderModel::block`] writes the clause that forbids exactly one
//! assignment, which the enumerator uses on each image of a solution.

pub use super::cumulative::Cumulative;
use super::cumulative::cumulative;
use super::order::{Bit, CopyVars, IntVar, add, le_const, le_diff};
use super::rects::BoxCopy;
use super::rects::{PlacedBox, Rects};
use crate::encode::{Cnf, Lit};
use crate::geometry::{Cell, Transform};

/// Options of the order encoding.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct OrderOptions {
    /// Symmetry-breaking clauses for the board's symmetries.
    pub symmetry: bool,
    /// Corners only where a sum of other boxes' extents ends (a box's left
    /// side touches the wall or another box, so in an exact packing its
    /// coordinate is the sum of a chain of other boxes' widths).
    pub domains: bool,
    /// With `symmetry`: also restrict the largest single piece to one
    /// region of the board (off: identical copies ordered only).
    pub board_symmetries: bool,
    /// Redundant cumulative constraints on a flat board: across every
    /// column (row) where a box may start, the heights (widths) of the
    /// boxes crossing it add up to the board's height (width).
    pub cumulative: Cumulative,
}

impl Default for OrderOptions {
    fn default() -> OrderOptions {
        OrderOptions {
            symmetry: true,
            board_symmetries: true,
            domains: true,
            cumulative: Cumulative::Equal,
        }
    }
}

/// The order-encoded CNF and what is needed to read its models.
#[derive(Clone, Debug)]
pub struct OrderModel {
    /// The formula: each copy's corner and orientation variables and the
    /// clauses that keep copies apart.
    pub cnf: Cnf,
    copies: Vec<CopyVars>,
    /// Sentences about what was added beyond the plain model (symmetry
    /// breaking, redundant constraints), for DIMACS comments and `info`.
    pub notes: Vec<String>,
}

impl OrderModel {
    /// Writes the CNF. `group` lists the board's symmetries (transform and
    /// piece map), used for symmetry breaking only.
    ///
    /// The constraint families follow one another in a fixed order (each
    /// copy's variables and domains, non-overlap, ordered identical copies,
    /// cumulative sums, board symmetry breaking): the variable numbering and
    /// the clause order depend on it, and solver times depend on those.
    pub fn encode(
        rects: &Rects,
        group: &[(Transform, Vec<usize>)],
        options: OrderOptions,
    ) -> OrderModel {
        Self::encode_into(Cnf::new(), rects, group, options)
    }

    /// The size [`OrderModel::encode`] would build, counted without
    /// storing a clause: the order model grows with the square of the
    /// copies, and must be weighed before it is built.
    pub fn size(
        rects: &Rects,
        group: &[(Transform, Vec<usize>)],
        options: OrderOptions,
    ) -> crate::encode::CnfSize {
        let model = Self::encode_into(Cnf::counting(), rects, group, options);
        crate::encode::CnfSize {
            variables: u64::from(model.cnf.num_vars()),
            clauses: model.cnf.num_clauses() as u64,
            literals: model.cnf.num_lits() as u64,
        }
    }

    fn encode_into(
        mut cnf: Cnf,
        rects: &Rects,
        group: &[(Transform, Vec<usize>)],
        options: OrderOptions,
    ) -> OrderModel {
        let mut notes = Vec::new();
        let axes = rects.axes;
        let copies: Vec<CopyVars> = (0..rects.copies.len())
            .map(|i| copy_vars(&mut cnf, rects, i, options))
            .collect();
        if copies.iter().any(|c| c.extents.is_empty()) {
            cnf.add_clause(&[]);
        }
        no_overlap(&mut cnf, &copies, axes);
        let ordered = order_identical_copies(&mut cnf, &copies, axes);
        if ordered > 0 {
            notes.push(format!(
                "symmetry breaking: {ordered} pairs of identical copies in lexicographic order"
            ));
        }
        if axes == 2 && options.cumulative != Cumulative::Off {
            let mut lines = 0;
            for a in 0..2 {
                lines += cumulative(&mut cnf, rects, &copies, a, options.cumulative);
            }
            notes.push(format!(
                "redundant cumulative constraints across {lines} columns and rows"
            ));
        }
        if options.symmetry
            && options.board_symmetries
            && let Some(note) = break_board(&mut cnf, rects, &copies, group)
        {
            notes.push(note);
        }
        OrderModel { cnf, copies, notes }
    }

    /// The boxes a model (indexed by variable, slot 0 unused) places,
    /// sorted.
    pub fn decode(&self, values: &[bool]) -> Vec<PlacedBox> {
        let mut boxes = self.decode_copies(values);
        boxes.sort_unstable();
        boxes
    }

    /// The box of each copy, in the order of the copy variables.
    pub fn decode_copies(&self, values: &[bool]) -> Vec<PlacedBox> {
        let mut values = values.to_vec();
        values.resize(self.cnf.num_vars() as usize + 1, false);
        self.copies
            .iter()
            .map(|c| {
                let k = c
                    .select
                    .iter()
                    .position(|s| match s {
                        None => true,
                        Some(l) => values[l.var().index() as usize] == l.is_positive(),
                    })
                    .unwrap_or(0);
                PlacedBox {
                    piece: c.piece,
                    corner: [0, 1, 2].map(|a| c.corner[a].value(&values)),
                    extent: c.extents.get(k).copied().unwrap_or([1; 3]),
                }
            })
            .collect()
    }

    /// The clause that forbids exactly the assignment placing `boxes`, its
    /// copies of each piece given to the copy variables in lexicographic
    /// order of their corners (the order symmetry breaking enforces; with
    /// symmetry breaking off, every solution is still blocked once per
    /// assignment it is found in). `None` if the boxes do not fit the
    /// variables (no clause is needed: the assignment is impossible).
    pub fn block(&self, boxes: &[PlacedBox]) -> Option<Vec<Lit>> {
        let mut sorted: Vec<PlacedBox> = boxes.to_vec();
        sorted.sort_by_key(|b| (b.piece, b.corner));
        self.block_assignment(&sorted)
    }

    /// The clause that forbids exactly this assignment, `boxes[i]` being
    /// the box of copy `i`.
    pub fn block_assignment(&self, boxes: &[PlacedBox]) -> Option<Vec<Lit>> {
        if boxes.len() != self.copies.len() {
            return None;
        }
        let mut clause = Vec::new();
        for (b, c) in boxes.iter().zip(&self.copies) {
            if b.piece != c.piece {
                return None;
            }
            let k = c.extents.iter().position(|e| *e == b.extent)?;
            if let Some(l) = c.select[k] {
                clause.push(!l);
            }
            for (v, &x) in c.corner.iter().zip(&b.corner) {
                // x == value: [x <= value] ∧ ¬[x <= value - 1].
                match v.le(x) {
                    Bit::Lit(l) => clause.push(!l),
                    Bit::False => return None,
                    Bit::True => {}
                }
                match v.le(x - 1) {
                    Bit::Lit(l) => clause.push(l),
                    Bit::True => return None,
                    Bit::False => {}
                }
            }
        }
        Some(clause)
    }
}

/// Which corner values copy `i` may take along each axis: with
/// [`OrderOptions::domains`], only lengths that other copies' extents add
/// up to (the copy's lower side touches the wall or a chain of boxes);
/// otherwise every length up to the board's side.
fn corner_domains(rects: &Rects, i: usize, options: OrderOptions) -> [Vec<bool>; 3] {
    [0, 1, 2].map(|a| {
        if options.domains {
            subset_sums(rects, i, a)
        } else {
            vec![true; rects.board[a] as usize + 1]
        }
    })
}

/// The order-encoded corner of a copy: per axis, the values from 0 to the
/// largest that leaves room for the copy in some orientation, kept where
/// `allowed` says so, as consecutive fresh variables `[x <= c]`, with the
/// order axioms `[x <= c] → [x <= c']` between neighbouring values.
fn corner_vars(
    cnf: &mut Cnf,
    rects: &Rects,
    copy: &BoxCopy,
    allowed: &[Vec<bool>; 3],
) -> [IntVar; 3] {
    let corner = [0, 1, 2].map(|a| {
        let hi = copy
            .extents
            .iter()
            .map(|e| rects.board[a] - e[a])
            .max()
            .unwrap_or(0);
        let values: Vec<i32> = (0..=hi.max(0))
            .filter(|&v| allowed[a][v as usize])
            .collect();
        let first = cnf.num_vars() + 1;
        cnf.reserve_vars(cnf.num_vars() + values.len().saturating_sub(1) as u32);
        IntVar { values, first }
    });
    for v in &corner {
        for w in v.values.windows(2) {
            add(cnf, &[], &[v.le(w[0]).not(), v.le(w[1])]);
        }
    }
    corner
}

/// The literals that select a copy's orientation among `n`: none for one
/// orientation, one `turn` variable (false, true) for two, and otherwise
/// one variable each with exactly one true (at least one, pairwise at
/// most one).
fn orientation_vars(cnf: &mut Cnf, n: usize) -> Vec<Option<Lit>> {
    match n {
        0 | 1 => vec![None; n],
        2 => {
            let t = cnf.new_var();
            vec![Some(t.negative()), Some(t.positive())]
        }
        n => {
            let vars: Vec<Lit> = (0..n).map(|_| cnf.new_var().positive()).collect();
            cnf.add_clause(&vars);
            for i in 0..n {
                for j in i + 1..n {
                    cnf.add_clause(&[!vars[i], !vars[j]]);
                }
            }
            vars.into_iter().map(Some).collect()
        }
    }
}

/// Keeps a copy inside the board in each orientation (`a + w <= L`, where
/// the corner's domain alone does not). With reduced domains, the space
/// after the box, `L - w - a`, must be a sum of other boxes' extents too
/// (`allowed`), so corner values that leave an unfillable gap in that
/// orientation are excluded.
fn inside_board(
    cnf: &mut Cnf,
    rects: &Rects,
    vars: &CopyVars,
    allowed: &[Vec<bool>; 3],
    domains: bool,
) {
    for (k, e) in vars.extents.iter().enumerate() {
        let cond: Vec<Lit> = vars.select[k].into_iter().collect();
        for a in 0..rects.axes {
            let v = &vars.corner[a];
            if rects.board[a] - e[a] < v.max() {
                le_const(cnf, &cond, v, rects.board[a] - e[a]);
            }
            if !domains {
                continue;
            }
            for (n, &x) in v.values.iter().enumerate() {
                let rest = rects.board[a] - e[a] - x;
                if rest >= 0 && !allowed[a][rest as usize] {
                    // Not x == value: ¬[x <= value] ∨ [x <= previous].
                    let previous = if n == 0 {
                        Bit::False
                    } else {
                        v.le(v.values[n - 1])
                    };
                    add(cnf, &cond, &[v.le(x).not(), previous]);
                }
            }
        }
    }
}

/// Copy `i`'s variables and the clauses that concern it alone: its corner
/// (domains and order axioms), its orientation, and staying inside the
/// board. One copy after the other, so a copy's variables are consecutive.
fn copy_vars(cnf: &mut Cnf, rects: &Rects, i: usize, options: OrderOptions) -> CopyVars {
    let copy = &rects.copies[i];
    let allowed = corner_domains(rects, i, options);
    let corner = corner_vars(cnf, rects, copy, &allowed);
    let select = orientation_vars(cnf, copy.extents.len());
    let vars = CopyVars {
        piece: copy.piece,
        corner,
        select,
        extents: copy.extents.clone(),
    };
    inside_board(cnf, rects, &vars, &allowed, options.domains);
    vars
}

/// No two boxes overlap: for each pair of copies, a fresh relation
/// variable per axis and direction (`before(p,q,a)`: `a_p + w_p <= a_q`),
/// tied to the corners for each orientation of `p`, and one clause saying
/// that at least one of the 2·D relations holds.
fn no_overlap(cnf: &mut Cnf, copies: &[CopyVars], axes: usize) {
    for i in 0..copies.len() {
        for j in i + 1..copies.len() {
            let mut some = Vec::new();
            for a in 0..axes {
                for (p, q) in [(i, j), (j, i)] {
                    let r = cnf.new_var().positive();
                    some.push(r);
                    let (cp, cq) = (&copies[p], &copies[q]);
                    for (k, e) in cp.extents.iter().enumerate() {
                        let mut cond = vec![r];
                        cond.extend(cp.select[k]);
                        // a_p + w <= a_q
                        le_diff(cnf, &cond, &cp.corner[a], &cq.corner[a], -e[a]);
                    }
                }
            }
            cnf.add_clause(&some);
        }
    }
}

/// Identical copies (neighbours in `copies`): corners increase
/// lexicographically. Always on: copies are interchangeable by the
/// contract, so this is part of the model (without it, a solution with k
/// copies of a piece would be found k! times). Returns the number of
/// ordered pairs.
fn order_identical_copies(cnf: &mut Cnf, copies: &[CopyVars], axes: usize) -> usize {
    let mut ordered = 0;
    for i in 0..copies.len().saturating_sub(1) {
        let j = i + 1;
        if copies[i].piece != copies[j].piece {
            continue;
        }
        ordered += 1;
        let (ci, cj) = (&copies[i], &copies[j]);
        // Level a holds under ¬s_0..¬s_{a-1}: a_i <= a_j there, and
        // s_a → a_i < a_j; the last level needs a_i < a_j.
        let mut cond: Vec<Lit> = Vec::new();
        for a in 0..axes {
            le_diff(cnf, &cond, &ci.corner[a], &cj.corner[a], 0);
            if a + 1 == axes {
                le_diff(cnf, &cond, &ci.corner[a], &cj.corner[a], -1);
            } else {
                let s = cnf.new_var().positive();
                let mut strict = cond.clone();
                strict.push(s);
                le_diff(cnf, &strict, &ci.corner[a], &cj.corner[a], -1);
                cond.push(!s);
            }
        }
    }
    ordered
}

/// Which lengths `0..=board[axis]` are sums of extents along `axis` of
/// copies other than `skip`, each used at most once in any orientation.
fn subset_sums(rects: &Rects, skip: usize, axis: usize) -> Vec<bool> {
    let n = rects.board[axis].max(0) as usize;
    let mut reach = vec![false; n + 1];
    reach[0] = true;
    for (j, copy) in rects.copies.iter().enumerate() {
        if j == skip {
            continue;
        }
        let mut lengths: Vec<usize> = copy.extents.iter().map(|e| e[axis] as usize).collect();
        lengths.sort_unstable();
        lengths.dedup();
        let before = reach.clone();
        for v in 0..=n {
            if before[v] {
                for &l in &lengths {
                    if v + l <= n {
                        reach[v + l] = true;
                    }
                }
            }
        }
    }
    reach
}

/// Restricts the largest single piece's centre, for each board reflection
/// and axis swap in the group that fixes that piece. Sound because any
/// solution can be moved into the region: reflections first (each changes
/// one coordinate), then swaps sort the coordinates (a swap keeps the
/// reflections' half-space conditions, since the group holds the
/// reflection of the other axis too).
fn break_board(
    cnf: &mut Cnf,
    rects: &Rects,
    copies: &[CopyVars],
    group: &[(Transform, Vec<usize>)],
) -> Option<String> {
    let single = |i: usize| copies.iter().filter(|c| c.piece == copies[i].piece).count() == 1;
    let area = |c: &CopyVars| c.extents.first().map_or(0, |e| e[0] * e[1] * e[2]);
    let target = (0..copies.len())
        .filter(|&i| single(i))
        .max_by_key(|&i| (area(&copies[i]), std::cmp::Reverse(i)))?;
    let copy = &copies[target];
    let probe = Cell::new(1, 2, 3).coords();
    let has = |image: [i32; 3]| {
        group.iter().any(|(t, pieces)| {
            pieces[copy.piece] == copy.piece && t.apply(Cell::from_coords(probe)).coords() == image
        })
    };
    let mut parts = Vec::new();
    for a in 0..rects.axes {
        let mut image = probe;
        image[a] = -image[a];
        if has(image) {
            // 2 a + w <= L.
            for (k, e) in copy.extents.iter().enumerate() {
                let cond: Vec<Lit> = copy.select[k].into_iter().collect();
                le_const(
                    cnf,
                    &cond,
                    &copy.corner[a],
                    (rects.board[a] - e[a]).div_euclid(2),
                );
            }
            parts.push(format!("{}-half", ["x", "y", "z"][a]));
        }
    }
    for a in 0..rects.axes {
        for b in a + 1..rects.axes {
            let mut image = probe;
            image.swap(a, b);
            if has(image) {
                // 2 a_a + w_a <= 2 a_b + w_b, i.e. a_a <= a_b + floor((w_b - w_a) / 2).
                for (k, e) in copy.extents.iter().enumerate() {
                    let cond: Vec<Lit> = copy.select[k].into_iter().collect();
                    le_diff(
                        cnf,
                        &cond,
                        &copy.corner[a],
                        &copy.corner[b],
                        (e[b] - e[a]).div_euclid(2),
                    );
                }
                parts.push(format!(
                    "centre {} <= {}",
                    ["x", "y", "z"][a],
                    ["x", "y", "z"][b]
                ));
            }
        }
    }
    (!parts.is_empty()).then(|| {
        format!(
            "symmetry breaking: the largest single piece (#{}) has its centre in one region ({})",
            copy.piece,
            parts.join(", ")
        )
    })
}
