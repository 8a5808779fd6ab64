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
//! "Cumulative constraints").
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

use crate::encode::{Cnf, Lit, Var};
use crate::geometry::{Cell, Shape, Transform, orientations};
use crate::puzzle::{Fill, Puzzle};
use crate::solution::{PlacedPiece, Solution};

/// One box lying on the board: piece, lower corner relative to the
/// board's origin, and extent.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PlacedBox {
    pub piece: usize,
    pub corner: [i32; 3],
    pub extent: [i32; 3],
}

/// The rectangle view of a puzzle: the board's extent and every copy's
/// possible extents.
#[derive(Clone, Debug)]
pub struct Rects {
    /// 2 on a flat board, 3 otherwise.
    pub axes: usize,
    pub board: [i32; 3],
    pub origin: [i32; 3],
    /// One entry per copy, copies of a piece next to each other.
    pub copies: Vec<BoxCopy>,
    /// Per piece, its extents under the allowed moves (sorted), used to
    /// find the board's symmetries.
    pub piece_shapes: Vec<Vec<Shape>>,
}

#[derive(Clone, Debug)]
pub struct BoxCopy {
    pub piece: usize,
    /// Distinct extents that fit the board.
    pub extents: Vec<[i32; 3]>,
}

impl Rects {
    /// The rectangle view, or why the order encoding does not apply.
    pub fn of(puzzle: &Puzzle) -> Result<Rects, String> {
        let board = &puzzle.board;
        if board.lattice() != crate::geometry::Lattice::Cubic {
            return Err("the board's cells are not squares or cubes".into());
        }
        let extent = board.extent();
        let volume: i64 = extent.iter().map(|&e| e as i64).product();
        if volume != board.len() as i64 {
            return Err("the board is not a solid rectangle or box".into());
        }
        if puzzle.fill != Fill::Exact || !puzzle.optional.is_empty() {
            return Err("the fill is not exact".into());
        }
        if puzzle.colours.is_some() {
            return Err("the puzzle has colour constraints".into());
        }
        let space = board.space();
        let mut copies = Vec::new();
        let mut piece_shapes = Vec::new();
        for (p, piece) in puzzle.pieces().iter().enumerate() {
            let e = piece.shape.extent();
            let v: i64 = e.iter().map(|&e| e as i64).product();
            if v != piece.shape.len() as i64 {
                return Err(format!(
                    "piece {} is not a solid rectangle or box",
                    piece.name
                ));
            }
            if !piece.count.is_fixed() {
                return Err(format!("piece {} has a count range", piece.name));
            }
            let shapes: Vec<Shape> = orientations(&piece.shape, piece.moves, space)
                .into_iter()
                .map(|o| o.shape)
                .collect();
            let mut extents: Vec<[i32; 3]> = shapes
                .iter()
                .map(|s| s.extent())
                .filter(|e| (0..3).all(|a| e[a] <= extent[a]))
                .collect();
            extents.sort_unstable();
            extents.dedup();
            if extents.is_empty() && piece.count.min > 0 {
                return Err(format!("piece {} does not fit on the board", piece.name));
            }
            let mut sorted = shapes;
            sorted.sort();
            piece_shapes.push(sorted);
            for _ in 0..piece.count.min {
                copies.push(BoxCopy {
                    piece: p,
                    extents: extents.clone(),
                });
            }
        }
        let area: i64 = copies
            .iter()
            .map(|c| puzzle.pieces()[c.piece].shape.len() as i64)
            .sum();
        if area != volume {
            return Err("the pieces' area differs from the board's".into());
        }
        Ok(Rects {
            axes: if space.flat { 2 } else { 3 },
            board: extent,
            origin: board.origin(),
            copies,
            piece_shapes,
        })
    }

    /// The solution a set of boxes stands for.
    pub fn solution(&self, boxes: &[PlacedBox]) -> Solution {
        Solution::new(
            boxes
                .iter()
                .map(|b| {
                    let mut cells = Vec::new();
                    for z in 0..b.extent[2] {
                        for y in 0..b.extent[1] {
                            for x in 0..b.extent[0] {
                                cells.push(Cell::new(
                                    self.origin[0] + b.corner[0] + x,
                                    self.origin[1] + b.corner[1] + y,
                                    self.origin[2] + b.corner[2] + z,
                                ));
                            }
                        }
                    }
                    PlacedPiece {
                        piece: b.piece,
                        cells,
                    }
                })
                .collect(),
        )
    }

    /// The image of a box under a board symmetry `t` (a signed axis
    /// permutation, re-anchored so that the board maps onto itself).
    pub fn transform_box(&self, t: Transform, b: &PlacedBox) -> PlacedBox {
        let lo = |c: [i32; 3], e: [i32; 3]| {
            let p = t.apply(Cell::from_coords(c)).coords();
            let q = t
                .apply(Cell::from_coords([0, 1, 2].map(|a| c[a] + e[a] - 1)))
                .coords();
            (
                [0, 1, 2].map(|a| p[a].min(q[a])),
                [0, 1, 2].map(|a| (p[a] - q[a]).abs() + 1),
            )
        };
        let (board_lo, _) = lo([0; 3], self.board);
        let (box_lo, extent) = lo(b.corner, b.extent);
        PlacedBox {
            piece: b.piece,
            corner: [0, 1, 2].map(|a| box_lo[a] - board_lo[a]),
            extent,
        }
    }
}

/// An integer variable in the order encoding over a sorted domain
/// `values`: `[x <= values[k]]` for `k < values.len() - 1` is variable
/// `first + k` (`[x <= max]` is true).
#[derive(Clone, Debug)]
struct IntVar {
    values: Vec<i32>,
    first: u32,
}

impl IntVar {
    fn le(&self, c: i32) -> Bit {
        // The number of domain values <= c.
        let k = self.values.partition_point(|&v| v <= c);
        if k == 0 {
            Bit::False
        } else if k >= self.values.len() {
            Bit::True
        } else {
            Bit::Lit(Var::new(self.first + (k - 1) as u32).positive())
        }
    }

    fn max(&self) -> i32 {
        self.values.last().copied().unwrap_or(0)
    }

    /// The value a model gives: the smallest `v` with `[x <= v]`.
    fn value(&self, values: &[bool]) -> i32 {
        let n = self.values.len().saturating_sub(1);
        (0..n)
            .find(|&k| values[(self.first + k as u32) as usize])
            .map_or(self.max(), |k| self.values[k])
    }
}

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

/// Which redundant cumulative constraints [`OrderOptions::cumulative`]
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

/// A copy's variables.
#[derive(Clone, Debug)]
struct CopyVars {
    piece: usize,
    corner: [IntVar; 3],
    /// Per orientation, the literal that is true exactly when the copy
    /// lies that way (`None` when it has one orientation).
    select: Vec<Option<Lit>>,
    extents: Vec<[i32; 3]>,
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

/// Adds `conditions → clause`, where the clause is a disjunction of order
/// literals: drops false ones, skips the clause if one is true.
fn add(cnf: &mut Cnf, conditions: &[Lit], parts: &[Bit]) {
    let mut clause: Vec<Lit> = conditions.iter().map(|&l| !l).collect();
    for p in parts {
        match p {
            Bit::True => return,
            Bit::False => {}
            Bit::Lit(l) => clause.push(*l),
        }
    }
    cnf.add_clause(&clause);
}

/// `conditions → a <= b + d`: for every value `c` of `b`,
/// `[b <= c] → [a <= c + d]`.
fn le_diff(cnf: &mut Cnf, conditions: &[Lit], a: &IntVar, b: &IntVar, d: i32) {
    for &c in &b.values {
        add(cnf, conditions, &[b.le(c).not(), a.le(c + d)]);
    }
}

/// `conditions → a <= k`.
fn le_const(cnf: &mut Cnf, conditions: &[Lit], a: &IntVar, k: i32) {
    add(cnf, conditions, &[a.le(k)]);
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

/// A literal or a constant: `[x <= c]` of an integer variable, and
/// what the encoding builds from such.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Bit {
    True,
    False,
    Lit(Lit),
}

impl Bit {
    fn not(self) -> Bit {
        match self {
            Bit::True => Bit::False,
            Bit::False => Bit::True,
            Bit::Lit(l) => Bit::Lit(!l),
        }
    }
}

/// Adds the clause `parts`, dropping false parts, skipping it if one is
/// true.
fn clause(cnf: &mut Cnf, parts: &[Bit]) {
    let mut out = Vec::with_capacity(parts.len());
    for p in parts {
        match p {
            Bit::True => return,
            Bit::False => {}
            Bit::Lit(l) => out.push(*l),
        }
    }
    cnf.add_clause(&out);
}

/// `a ∧ b ∧ c` as a constant or a fresh literal defined by clauses.
fn and3(cnf: &mut Cnf, parts: [Bit; 3]) -> Bit {
    if parts.contains(&Bit::False) {
        return Bit::False;
    }
    let lits: Vec<Lit> = parts
        .iter()
        .filter_map(|p| match p {
            Bit::Lit(l) => Some(*l),
            _ => None,
        })
        .collect();
    match lits.as_slice() {
        [] => Bit::True,
        [l] => Bit::Lit(*l),
        _ => {
            let v = cnf.new_var().positive();
            let mut back = vec![v];
            for &l in &lits {
                cnf.add_clause(&[!v, l]);
                back.push(!l);
            }
            cnf.add_clause(&back);
            Bit::Lit(v)
        }
    }
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
fn cumulative(
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
