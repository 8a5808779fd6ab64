//! The moves out of one state: which sets of pieces can slide, which
//! way, how far, and which sets come free.
//!
//! For one direction, `free[i][j]` is how many unit steps piece `i` can
//! take before it touches piece `j` (both where the state puts them; see
//! [`super::gaps`]). A set `S` can slide `k` steps exactly when every
//! pair (`i` in `S`, `j` outside) has `free[i][j] >= k`, and it comes free
//! (slides away for ever) when all those pairs are [`FREE`].
//!
//! Every set that can move is tried, not only the ones grown from one
//! piece: a set can move at all exactly when it holds every piece that
//! blocks one of its members at distance 0 (and, transitively, theirs),
//! so the movable sets are the unions of those closures, enumerated once
//! each. Only sets of at most half the part are listed: the rest moving
//! the opposite way is the same change of state. This keeps the moves
//! symmetric (every move can be undone by one move), which the search
//! relies on to forget old layers. Each distance a set can slide is its
//! own move (BurrTools counts a slide of 3 as one move, not three).
//! The sets are listed in BurrTools' order ([`singles_first`]: each
//! piece's own closure first), which decides which state of a layer the
//! search meets first, and so the separation taken.

use super::gaps::{FREE, Gaps};

/// One move out of a state, in the state's slots.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Move {
    /// The slots that move.
    pub set: u64,
    /// A direction of the lattice's [`super::lines::Lines`] (on cubes
    /// `+x`, `-x`, `+y`, `-y`, `+z`, `-z`).
    pub dir: u8,
    /// Unit steps, or [`FREE`] for a removal to infinity.
    pub dist: u16,
}

impl Move {
    pub fn separates(self) -> bool {
        self.dist == FREE
    }

    /// The same state change seen from the other side: the rest of the
    /// part slides the opposite way.
    pub fn flipped(self, all: u64) -> Move {
        Move {
            set: all & !self.set,
            dir: self.dir ^ 1,
            dist: self.dist,
        }
    }
}

/// The buffers [`moves`] fills for each state, kept from state to state
/// so that a state costs no allocation.
#[derive(Default)]
pub struct Scratch {
    ahead: Vec<u64>,
    behind: Vec<u64>,
    sets: Vec<u64>,
    order: Vec<u64>,
}

/// The unit vector of direction `dir` on cubes.
pub fn unit(dir: u8) -> [i32; 3] {
    let mut v = [0; 3];
    v[usize::from(dir / 2)] = if dir.is_multiple_of(2) { 1 } else { -1 };
    v
}

/// Fills `out` with every move out of the state where slot `s` (of kind
/// `kinds[s]`) has its anchor at `anchors[s]`. Moves are listed by
/// direction, then set (in the order of [`singles_first`]), then
/// distance. (The search keeps each state's table of gaps, and calls
/// [`moves_from`].)
#[cfg(test)]
pub fn moves(
    gaps: &mut Gaps,
    kinds: &[usize],
    anchors: &[[i32; 3]],
    scratch: &mut Scratch,
    out: &mut Vec<Move>,
) {
    let mut table = Vec::new();
    gap_table(gaps, kinds, anchors, None, &mut table);
    moves_from(&table, kinds.len(), scratch, out);
}

/// The state a neighbour was reached from, for [`gap_table`]: its table,
/// where each slot's piece was in it when identical pieces traded slots,
/// and the move.
pub type Parent<'a> = (&'a [u16], Option<&'a [usize]>, Move);

/// The gaps of a state: `table[(axis * n + i) * n + j]` is how many unit
/// steps slot `i` can take along +`axis` before it touches slot `j`.
///
/// `from`: the table of the state this one was reached from by moving
/// the slots of a set, and per slot here the slot there it was, when
/// identical pieces traded slots (`None`: none did). Two slots both in
/// the set or both out of it kept their places relative to each other,
/// and so their gaps: the parent's table is copied, and only the pairs
/// across the set's border are looked up (on a single piece moved among
/// nine, 16 pairs of 72 per axis), and on cubes those along the move's
/// own axis need no lookup either ([`along`]).
pub fn gap_table<'t>(
    gaps: &mut Gaps,
    kinds: &[usize],
    anchors: &[[i32; 3]],
    from: Option<Parent>,
    table: &'t mut Vec<u16>,
) -> &'t [u16] {
    let n = kinds.len();
    let (axes, cubic) = (gaps.slides().axes(), gaps.slides().is_cubic());
    let look = |gaps: &mut Gaps, axis: usize, i: usize, j: usize| {
        let (a, b) = (anchors[i], anchors[j]);
        gaps.gap(
            kinds[i],
            kinds[j],
            axis,
            [b[0] - a[0], b[1] - a[1], b[2] - a[2]],
        )
    };
    table.clear();
    let Some((before, was, m)) = from else {
        table.resize(axes * n * n, FREE);
        for axis in 0..axes {
            for i in 0..n {
                for j in (0..n).filter(|&j| j != i) {
                    table[(axis * n + i) * n + j] = look(gaps, axis, i, j);
                }
            }
        }
        return table;
    };
    // The slots here whose pieces moved.
    let moved = match was {
        None => {
            table.extend_from_slice(before);
            m.set
        }
        Some(was) => {
            table.extend((0..axes * n * n).map(|k| {
                let (block, i, j) = (k / (n * n), k / n % n, k % n);
                before[(block * n + was[i]) * n + was[j]]
            }));
            (0..n).fold(0, |s, i| s | (m.set >> was[i] & 1) << i)
        }
    };
    let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    for axis in 0..axes {
        let block = axis * n * n;
        for i in ones(moved) {
            for j in ones(all & !moved) {
                for (p, q, p_moved) in [(i, j, true), (j, i, false)] {
                    let slot = block + p * n + q;
                    table[slot] = match along(cubic, axis, m, p_moved, table[slot]) {
                        Some(g) => g,
                        None => look(gaps, axis, p, q),
                    };
                }
            }
        }
    }
    table
}

/// The members of `set`, lowest first.
fn ones(mut set: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let i = set.trailing_zeros() as usize;
            set &= set - 1;
            i
        })
    })
}

/// The gap `g` from slot `i` to slot `j` along `axis` after move `m`, when
/// it follows from the gap before without the voxels: on cubes, along
/// the move's own axis, `i` (moved when `moved`, else `j` was) came `m`'s
/// distance nearer `j` or went as far from it; a pair that never met
/// along that line still never does. `None` elsewhere, and near the
/// largest gap stored (kept exact by a lookup).
fn along(cubic: bool, axis: usize, m: Move, moved: bool, g: u16) -> Option<u16> {
    if !cubic || usize::from(m.dir / 2) != axis {
        return None;
    }
    if g == FREE {
        return Some(FREE);
    }
    let (g, d) = (i32::from(g), i32::from(m.dist));
    let nearer = moved == m.dir.is_multiple_of(2);
    let after = if nearer { g - d } else { g + d };
    (0..i32::from(u16::MAX / 2))
        .contains(&after)
        .then_some(after as u16)
}

/// [`moves`] from the state's table of gaps ([`gap_table`]) over `n`
/// slots.
///
/// One table of gaps per axis serves both directions along it: piece `i`
/// sliding the negative way towards `j` is `j` sliding the positive way
/// towards `i`, so the negative direction reads the table transposed.
pub fn moves_from(table: &[u16], n: usize, scratch: &mut Scratch, out: &mut Vec<Move>) {
    out.clear();
    let Scratch {
        ahead,
        behind,
        sets,
        order,
    } = scratch;
    for (axis, free) in table.chunks((n * n).max(1)).enumerate() {
        // ahead[i]: the pieces touching i ahead of it along +axis (they
        // must come along when i moves +axis); behind[i]: along -axis.
        ahead.clear();
        behind.clear();
        behind.extend((0..n).map(|i| 1u64 << i));
        for (i, row) in free.chunks(n).enumerate() {
            // The diagonal is FREE: i is never its own blocker.
            let touching =
                (row.iter().enumerate()).fold(0u64, |t, (j, &g)| t | u64::from(g == 0) << j);
            ahead.push(touching | 1 << i);
            for j in ones(touching) {
                behind[j] |= 1 << i;
            }
        }
        for (dir, need) in [
            (2 * axis as u8, &mut *ahead),
            (2 * axis as u8 + 1, &mut *behind),
        ] {
            close(need);
            sets.clear();
            ideals(need, 0, 0, heavy(need, n / 2), n / 2, sets);
            singles_first(need, n / 2, sets, order);
            let positive = dir.is_multiple_of(2);
            for &set in sets.iter() {
                let reach = reach(free, n, set, positive);
                if reach == FREE {
                    out.push(Move {
                        set,
                        dir,
                        dist: FREE,
                    });
                } else {
                    out.extend((1..=reach).map(|dist| Move { set, dir, dist }));
                }
            }
        }
    }
}

/// How far `set` can slide (the positive way along the axis of `free`
/// when `positive`): the least gap from a member to a piece outside it.
#[inline]
fn reach(free: &[u16], n: usize, set: u64, positive: bool) -> u16 {
    let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    let mut reach = FREE;
    let mut inside = set;
    while inside != 0 {
        let i = inside.trailing_zeros() as usize;
        inside &= inside - 1;
        let mut outside = all & !set;
        while outside != 0 {
            let j = outside.trailing_zeros() as usize;
            outside &= outside - 1;
            let g = if positive {
                free[i * n + j]
            } else {
                free[j * n + i]
            };
            reach = reach.min(g);
        }
    }
    reach
}

/// Puts the movable `sets` of one direction (at most `max` pieces each)
/// in the order BurrTools meets them, which decides which state of a
/// layer its search meets first, and so which separation it takes: first
/// each piece's own set, the piece and all it must take along (its row
/// of `need`), in the order of the pieces, each set once; then the
/// other unions, as [`ideals`] lists them. Measured on `burrTxt -d`, not
/// documented (encodings/RESULTS.md, session 17): in [`ideals`]' order
/// alone, burrs whose layer held a state reached by moving two pieces
/// and another reached by moving three (one piece's set) were taken
/// apart from the first, where burrTxt takes the second.
fn singles_first(need: &[u64], max: usize, sets: &mut Vec<u64>, order: &mut Vec<u64>) {
    if sets.len() < 2 {
        return;
    }
    let single = |set: u64| ones(set).any(|q| need[q] == set);
    order.clear();
    for (q, &own) in need.iter().enumerate() {
        // Once: a piece before `q` with the same set is a member of it.
        let first = ones(own & ((1u64 << q) - 1)).all(|p| need[p] != own);
        if first && own.count_ones() as usize <= max {
            order.push(own);
        }
    }
    order.extend(sets.iter().copied().filter(|&s| !single(s)));
    std::mem::swap(sets, order);
}

/// Transitive closure: `need[i]` gains everything its members need
/// (Warshall's, on rows of bits: one pass).
fn close(need: &mut [u64]) {
    for k in 0..need.len() {
        let via = need[k];
        if via == 1 << k {
            // A piece that needs nothing else adds nothing to a row.
            continue;
        }
        for row in need.iter_mut() {
            // Without a branch: a row holding k takes all of `via`.
            *row |= via & (*row >> k & 1).wrapping_neg();
        }
    }
}

/// The pieces that drag more than `max` pieces along (`need` closed):
/// in no set [`ideals`] lists, so banned from its start and never tried.
fn heavy(need: &[u64], max: usize) -> u64 {
    (need.iter().enumerate())
        .filter(|(_, s)| s.count_ones() as usize > max)
        .fold(0, |b, (q, _)| b | 1 << q)
}

/// Every non-empty set of at most `max` pieces that holds all that its
/// members need (a union of `need` sets), each once: piece `p` onwards is
/// either left out (and then never pulled in) or put in with what it
/// needs, left out first. Sets larger than half the part are not needed:
/// the rest of the part moving the other way is the same change of state.
///
/// Only a piece that can still be put in branches: the pieces between
/// are left out in one step, and a full set ends the walk (a recursion
/// per piece cost a call per piece and state).
fn ideals(need: &[u64], p: usize, mut set: u64, mut banned: u64, max: usize, out: &mut Vec<u64>) {
    let n = need.len();
    let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    let mut p = p;
    loop {
        // A banned piece is never put in (its set would hold it): not
        // tried at all.
        let open = if p >= 64 {
            0
        } else {
            all & !set & !banned & u64::MAX << p
        };
        if open == 0 || set.count_ones() as usize >= max {
            if set != 0 {
                out.push(set);
            }
            return;
        }
        let q = open.trailing_zeros() as usize;
        let with = set | need[q];
        if with & banned == 0 && with.count_ones() as usize <= max {
            ideals(need, q + 1, set, banned | 1 << q, max, out);
            set = with;
        } else {
            banned |= 1 << q;
        }
        p = q + 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The sets of [`ideals`] by a recursion over every piece, as they
    /// were listed before it skipped pieces.
    fn ideals_piece_by_piece(
        need: &[u64],
        p: usize,
        set: u64,
        banned: u64,
        max: usize,
        out: &mut Vec<u64>,
    ) {
        if p == need.len() {
            if set != 0 {
                out.push(set);
            }
            return;
        }
        if set >> p & 1 == 1 {
            return ideals_piece_by_piece(need, p + 1, set, banned, max, out);
        }
        ideals_piece_by_piece(need, p + 1, set, banned | 1 << p, max, out);
        let with = set | need[p];
        if with & banned == 0 && with.count_ones() as usize <= max {
            ideals_piece_by_piece(need, p + 1, with, banned, max, out);
        }
    }

    #[test]
    fn ideals_skipping_pieces_lists_the_same_sets_in_the_same_order() {
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        let mut sets = 0;
        for round in 0..400 {
            let n = 2 + round % 11;
            let mut need: Vec<u64> = (0..n)
                .map(|i| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    // Sparse blockers, as in a state: a few pieces each.
                    (x & x >> 17 & x >> 34) & ((1u64 << n) - 1) | 1 << i
                })
                .collect();
            close(&mut need);
            let (mut fast, mut slow) = (Vec::new(), Vec::new());
            ideals(&need, 0, 0, heavy(&need, n / 2), n / 2, &mut fast);
            ideals_piece_by_piece(&need, 0, 0, 0, n / 2, &mut slow);
            assert_eq!(fast, slow, "{need:?}");
            sets += fast.len();
        }
        assert!(sets > 1000, "{sets}");
    }

    /// One direction of a burr's first state (tests/fixtures/disasm/
    /// burr-first-set.xmpuzzle, `+y`): slot 2 moves alone, 4 takes 2
    /// along, 1 and 3 take 2 and 4, 0 and 5 take everything. Each piece's
    /// own set comes in the order of the pieces, before any other union.
    #[test]
    fn each_piece_s_own_set_comes_first_in_the_order_of_the_pieces() {
        let mut need = vec![0b111111, 0b010110, 0b000100, 0b011100, 0b010100, 0b111111];
        close(&mut need);
        let (mut sets, mut order) = (Vec::new(), Vec::new());
        ideals(&need, 0, 0, 0, 3, &mut sets);
        assert_eq!(sets, [0b000100, 0b010100, 0b011100, 0b010110]);
        singles_first(&need, 3, &mut sets, &mut order);
        assert_eq!(sets, [0b010110, 0b000100, 0b011100, 0b010100]);
        // A union that is no piece's own set comes after them all.
        let mut need = vec![0b0001, 0b0010, 0b0111, 0b1000];
        close(&mut need);
        sets.clear();
        ideals(&need, 0, 0, 0, 2, &mut sets);
        singles_first(&need, 2, &mut sets, &mut order);
        assert_eq!(sets, [0b0001, 0b0010, 0b1000, 0b1010, 0b1001, 0b0011]);
    }

    #[test]
    fn closure_follows_chains_against_the_order_of_the_pass() {
        // 3 needs 2, 2 needs 1, 1 needs 0: one pass over k must reach 0
        // from 3; 4 needs nothing but itself.
        let mut need = vec![0b00001, 0b00011, 0b00110, 0b01100, 0b10000];
        close(&mut need);
        assert_eq!(need, vec![0b00001, 0b00011, 0b00111, 0b01111, 0b10000]);
    }

    #[test]
    fn tables_from_the_parent_agree_with_tables_found_whole() {
        // Three identical cubes spaced along an open tube: every move out
        // of every state reached in four moves.
        let tube: Vec<[i32; 3]> = (0..7)
            .flat_map(|x| [[x, 0, 1], [x, 2, 1], [x, 1, 0], [x, 1, 2]])
            .collect();
        let mut gaps = Gaps::new(
            &[tube, vec![[0, 0, 0]]],
            super::super::lines::Lines::cubic(),
        );
        let kinds = [0, 1, 1, 1];
        let same = vec![vec![0], vec![1, 2, 3]];
        let mut layer = vec![vec![[0, 0, 0], [0, 1, 1], [2, 1, 1], [4, 1, 1]]];
        let (mut scratch, mut out, mut whole, mut from) = Default::default();
        let mut checked = 0;
        for _ in 0..4 {
            let mut next = Vec::new();
            for here in &layer {
                let mut parent = Vec::new();
                gap_table(&mut gaps, &kinds, here, None, &mut parent);
                moves_from(&parent, kinds.len(), &mut scratch, &mut out);
                for &m in out.iter().filter(|m| !m.separates()) {
                    let mut there = here.clone();
                    super::super::search::apply(&mut there, m, unit(m.dir));
                    let was = super::super::search::relabelling(&there, &same);
                    super::super::search::canonical(&mut there, &same).unwrap();
                    gap_table(&mut gaps, &kinds, &there, None, &mut whole);
                    gap_table(
                        &mut gaps,
                        &kinds,
                        &there,
                        Some((&parent, Some(&was), m)),
                        &mut from,
                    );
                    assert_eq!(from, whole, "{here:?} {m:?}");
                    checked += 1;
                    next.push(there);
                }
            }
            next.truncate(40);
            layer = next;
        }
        assert!(checked > 10, "{checked}");
    }

    #[test]
    fn a_cube_in_a_tube() {
        // A 1x1x1 cube inside a 5x1x1 tube open at both x ends, nothing
        // else: the cube comes out either way, and the tube is the rest.
        let tube: Vec<[i32; 3]> = (0..5)
            .flat_map(|x| [[x, 0, 0], [x, 2, 0], [x, 1, 1], [x, 1, -1]])
            .map(|c| [c[0], c[1], c[2] + 1])
            .collect();
        let mut gaps = Gaps::new(
            &[tube, vec![[0, 0, 0]]],
            super::super::lines::Lines::cubic(),
        );
        let mut out = Vec::new();
        moves(
            &mut gaps,
            &[0, 1],
            &[[0, 0, 0], [2, 1, 1]],
            &mut Scratch::default(),
            &mut out,
        );
        let free: Vec<_> = out.iter().filter(|m| m.separates()).collect();
        // The cube +x, -x; the tube (seen moving) -x, +x.
        assert_eq!(free.len(), 4);
        assert!(out.iter().all(|m| m.separates()));
    }
}
