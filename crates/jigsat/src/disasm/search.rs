//! Breadth-first search from one state of a part to the first state in
//! which some set of its pieces comes free.
//!
//! A state is the anchors of the part's pieces, shifted so that slot 0's
//! anchor is the origin (moving everything together changes nothing), and
//! with the anchors of identical pieces sorted among themselves (two
//! copies of a piece that swap places are the same state). It is stored
//! as `3 * pieces` small integers.
//!
//! Moves are reversible, so every neighbour of a state in layer `d` lies
//! in layer `d - 1`, `d` or `d + 1`: the search keeps only those three
//! layers to know what it has seen, and memory grows with the widest
//! layer, not with the whole space. When the plan is wanted, each layer
//! also keeps its states in a flat array with the index of a parent and
//! the move from it, so that the path can be read back from the end.
//!
//! Each state's table of gaps ([`gap_table`]) is found from its parent's
//! when the state is first reached, and kept with its layer (up to
//! [`MAX_TABLES`] bytes a layer) until its turn: only the pairs of pieces
//! across the moved set are looked up again.
//!
//! The search polls the stop flag (Ctrl-C), the deadline, the memory
//! budget and the cap of states every few hundred states.

use std::sync::atomic::Ordering;

use super::gaps::Gaps;
use super::moves::{Move, Scratch, gap_table, moves_from};
use super::seen::{self, Seen};
use super::{Halt, Limits};

/// One way a part comes free: a state of the first layer that has a
/// removal, and the removal.
pub struct Candidate {
    /// The anchors (per slot) in the state where it comes free.
    pub anchors: Vec<[i32; 3]>,
    pub removal: Move,
    /// From the start, each state's anchors and the move out of it,
    /// when the plan was asked for. Slots may be permuted among
    /// identical pieces from one state to the next.
    pub path: Option<Vec<(Vec<[i32; 3]>, Move)>>,
}

/// What the search of one part found.
pub enum Found {
    /// Some set comes free after `depth` moves (the removal not counted).
    Free {
        depth: u32,
        /// States seen.
        states: u64,
        /// BurrTools' choice first: the first state of the layer met, with
        /// the removal `pick` chooses. With `every`, then the other
        /// removals of that state and those of the rest of the layer.
        candidates: Vec<Candidate>,
    },
    /// No state reachable from the start lets anything come free.
    Stuck { states: u64 },
}

/// One layer's states in order, with how each was reached.
#[derive(Default)]
struct Layer {
    flat: Vec<i16>,
    parent: Vec<u32>,
    step: Vec<Move>,
    /// The gap tables of the layer's first states ([`gap_table`]), one
    /// after another, found from their parents' as they were reached:
    /// the rest find theirs whole when their turn comes.
    tables: Vec<u16>,
}

/// The most bytes the gap tables of one layer take: beyond, a state
/// looks its gaps up whole (a wide layer of a many-piece part would
/// otherwise hold hundreds of bytes per state).
const MAX_TABLES: usize = 16 << 20;

/// The state's canonical form: identical pieces' anchors sorted among
/// their slots, then everything shifted so slot 0 is at the origin.
/// `None` when a coordinate leaves the stored range (a part that drifts
/// that far is beyond any real puzzle).
pub fn canonical(anchors: &mut [[i32; 3]], same: &[Vec<usize>]) -> Option<Box<[i16]>> {
    for slots in same.iter().filter(|s| s.len() > 1) {
        let mut a: Vec<[i32; 3]> = slots.iter().map(|&s| anchors[s]).collect();
        a.sort_unstable();
        for (&s, &v) in slots.iter().zip(a.iter()) {
            anchors[s] = v;
        }
    }
    let mut out = Vec::with_capacity(anchors.len() * 3);
    shifted_into(anchors, &mut out)?;
    Some(out.into_boxed_slice())
}

/// The key of `anchors` (identical pieces already in order): each
/// anchor less slot 0's, into `out` (cleared first).
fn shifted_into(anchors: &mut [[i32; 3]], out: &mut Vec<i16>) -> Option<()> {
    let o = anchors[0];
    // One test for the whole state, after the loop (a test per
    // coordinate kept the loop from being vectorised).
    let mut wide = false;
    for a in anchors.iter_mut() {
        for k in 0..3 {
            a[k] -= o[k];
            wide |= a[k] != i32::from(a[k] as i16);
        }
    }
    out.clear();
    out.extend(anchors.iter().flatten().map(|&v| v as i16));
    (!wide).then_some(())
}

/// For each slot of the canonical form of `anchors`, the slot of
/// `anchors` whose piece lands there (only identical pieces trade places).
pub fn relabelling(anchors: &[[i32; 3]], same: &[Vec<usize>]) -> Vec<usize> {
    let mut perm: Vec<usize> = (0..anchors.len()).collect();
    for slots in same.iter().filter(|s| s.len() > 1) {
        let mut by = slots.clone();
        by.sort_unstable_by_key(|&s| anchors[s]);
        for (&s, &from) in slots.iter().zip(by.iter()) {
            perm[s] = from;
        }
    }
    perm
}

/// The kinds of identical pieces with more than one slot: their slots,
/// and those as a set.
pub struct Twins(Vec<(u64, Vec<usize>)>);

impl Twins {
    pub fn new(same: &[Vec<usize>]) -> Twins {
        Twins(
            (same.iter().filter(|s| s.len() > 1))
                .map(|s| (s.iter().fold(0, |m, &i| m | 1 << i), s.clone()))
                .collect(),
        )
    }

    /// Makes the state `there`, just reached from a canonical state by
    /// moving the slots `set`, canonical ([`canonical`]) with its key in
    /// `key`, and says in `was` ([`relabelling`]) where each slot's piece
    /// was. Only kinds of which some copies moved and some did not can be
    /// out of order (a move shifts the copies that moved all alike):
    /// those alone are sorted. Whether any slot changed its piece.
    fn settle(
        &self,
        there: &mut [[i32; 3]],
        set: u64,
        key: &mut Vec<i16>,
        was: &mut Vec<usize>,
    ) -> Option<bool> {
        was.clear();
        was.extend(0..there.len());
        let mut traded = false;
        for (mask, slots) in &self.0 {
            if set & mask == 0 || set & mask == *mask {
                continue;
            }
            // At most 64 slots (a move's set is a u64).
            let mut by = [(0usize, [0i32; 3]); 64];
            let by = &mut by[..slots.len()];
            for (v, &s) in by.iter_mut().zip(slots) {
                *v = (s, there[s]);
            }
            by.sort_unstable_by_key(|&(_, a)| a);
            for (&s, &(from, a)) in slots.iter().zip(by.iter()) {
                traded |= s != from;
                was[s] = from;
                there[s] = a;
            }
        }
        shifted_into(there, key)?;
        Some(traded)
    }
}

fn unpack(flat: &[i16]) -> Vec<[i32; 3]> {
    let mut out = Vec::with_capacity(flat.len() / 3);
    unpack_into(flat, &mut out);
    out
}

/// [`unpack`] into a buffer the search reuses from state to state.
fn unpack_into(flat: &[i16], out: &mut Vec<[i32; 3]>) {
    out.clear();
    out.extend(
        flat.chunks(3)
            .map(|c| [i32::from(c[0]), i32::from(c[1]), i32::from(c[2])]),
    );
}

/// Applies `m`, whose unit slide is `u`, to the anchors.
pub fn apply(anchors: &mut [[i32; 3]], m: Move, u: [i32; 3]) {
    let d = i32::from(m.dist);
    for (s, a) in anchors.iter_mut().enumerate() {
        if m.set >> s & 1 == 1 {
            for k in 0..3 {
                a[k] += u[k] * d;
            }
        }
    }
}

/// Rough bytes per stored state: its coordinates in its layer, with its
/// parent and move ([`Seen`]'s table is counted apart).
fn state_bytes(slots: usize) -> u64 {
    (slots * 3 * 2 + 24) as u64
}

/// Searches the part whose slot `s` is of kind `kinds[s]` with anchor
/// `start[s]`. `same` lists the slots of each kind of identical piece.
/// `pick` chooses among the removals of the first state that has any.
/// `every`: also list every other removal of the first layer that has
/// any (`--thorough`), instead of stopping at the first.
#[allow(clippy::too_many_arguments)]
pub fn search(
    gaps: &mut Gaps,
    kinds: &[usize],
    same: &[Vec<usize>],
    start: &[[i32; 3]],
    plan: bool,
    limits: &Limits,
    progress: &mut super::Progress,
    pick: &dyn Fn(&[Move]) -> Move,
    every: bool,
) -> Result<Found, Halt> {
    let n = kinds.len();
    let mut anchors = start.to_vec();
    let first = canonical(&mut anchors, same).ok_or(Halt::TooFar)?;
    let mut kept = Kept::new(&first);
    let mut current = Layer::start(&first);
    let (mut out, mut free) = (Vec::new(), Scratch::default());
    let (mut here, mut own) = (Vec::new(), Vec::new());
    let mut reach = Reach::new(same);
    let size = gaps.slides().axes() * n * n;
    let mut depth = 0u32;
    let mut states: u64 = 1;
    let per_state = state_bytes(n);
    let mut candidates: Vec<Candidate> = Vec::new();
    loop {
        let mut coming = Layer::default();
        for (index, flat) in current.flat.chunks(3 * n).enumerate() {
            if index % 256 == 0 {
                progress.states = states;
                progress.layers = depth;
                let bytes = kept.bytes(per_state, &current) + gaps.bytes();
                limits.check(states, bytes)?;
            }
            unpack_into(flat, &mut here);
            let table = match current.tables.get(index * size..(index + 1) * size) {
                Some(kept) => kept,
                None => gap_table(gaps, kinds, &here, None, &mut own),
            };
            moves_from(table, n, &mut free, &mut out);
            if out.iter().any(|m| m.separates()) {
                let path = plan.then(|| read_path(&kept.layers, &current, index, n));
                candidates.extend(removals(&out, &here, path, pick, every));
                if !every {
                    break;
                }
                continue;
            }
            if !candidates.is_empty() {
                // The rest of the layer is scanned for removals only.
                continue;
            }
            let from = From {
                here: &here,
                table,
                index,
                depth,
                before: &kept.before,
                current: &current.flat,
            };
            for &m in &out {
                if reach.add(gaps, kinds, &from, m, &mut kept.seen, &mut coming, plan)? {
                    states += 1;
                }
            }
        }
        if !candidates.is_empty() {
            return Ok(Found::Free {
                depth,
                states,
                candidates,
            });
        }
        if coming.flat.is_empty() {
            progress.states = states;
            return Ok(Found::Stuck { states });
        }
        kept.advance(&mut current, coming, plan, depth);
        depth += 1;
    }
}

/// What the search keeps besides the layer it searches: the states of
/// the layer before it, of it and of the next, in one table, so that a
/// neighbour costs one lookup (the oldest layer's leave it as the search
/// moves on); the keys of the layer before; with the plan, every layer
/// before.
struct Kept {
    seen: Seen,
    before: Vec<i16>,
    layers: Vec<Layer>,
}

impl Kept {
    /// Before the search: the start (`first`, canonical) seen, at depth 0.
    fn new(first: &[i16]) -> Kept {
        let mut seen = Seen::default();
        let at = seen.find(first, seen::hash(first), [&[], &[], &[]]);
        (seen.put(at.expect_err("an empty table"), 0, 0)).expect("the first state of a layer");
        Kept {
            seen,
            before: Vec::new(),
            layers: Vec::new(),
        }
    }

    /// Moves on from `current`, the layer at `depth`, to `coming`: the
    /// layer before leaves the table, and `current` becomes the before.
    fn advance(&mut self, current: &mut Layer, coming: Layer, plan: bool, depth: u32) {
        self.seen.forget(depth + 2);
        let done = std::mem::replace(current, coming);
        if plan {
            self.before.clone_from(&done.flat);
            self.layers.push(Layer {
                tables: Vec::new(),
                ..done
            });
        } else {
            self.before = done.flat;
        }
    }

    /// Rough bytes kept, with the gap tables of `current`.
    fn bytes(&self, per_state: u64, current: &Layer) -> u64 {
        let seen = self.seen.len() as u64 * per_state + self.seen.bytes();
        seen + Layer::bytes(&self.layers, current)
    }
}

/// The removals among the moves `out` of the state at `anchors` (reached
/// by `path`) as candidates: `pick`'s choice, then with `every` the
/// others in order.
fn removals(
    out: &[Move],
    anchors: &[[i32; 3]],
    path: Option<Vec<(Vec<[i32; 3]>, Move)>>,
    pick: &dyn Fn(&[Move]) -> Move,
    every: bool,
) -> Vec<Candidate> {
    let removals: Vec<Move> = out.iter().copied().filter(|m| m.separates()).collect();
    let first = pick(&removals);
    let mut order = vec![first];
    if every {
        order.extend(removals.iter().copied().filter(|&m| m != first));
    }
    (order.into_iter())
        .map(|removal| Candidate {
            anchors: anchors.to_vec(),
            removal,
            path: path.clone(),
        })
        .collect()
}

impl Layer {
    /// The first layer: the start (`first`, canonical), reached by no move.
    fn start(first: &[i16]) -> Layer {
        let none = Move {
            set: 0,
            dir: 0,
            dist: 0,
        };
        Layer {
            flat: first.to_vec(),
            parent: vec![0],
            step: vec![none],
            tables: Vec::new(),
        }
    }

    /// Rough bytes of the layers kept for the plan, and of the gap
    /// tables of the layer being searched.
    fn bytes(layers: &[Layer], current: &Layer) -> u64 {
        let plan: u64 = (layers.iter())
            .map(|l| l.flat.len() as u64 * 2 + l.parent.len() as u64 * 16)
            .sum();
        plan + current.tables.len() as u64 * 2
    }
}

/// A state being searched: its anchors, its gap table, its place in
/// its layer, and the layers a neighbour may be in besides the next.
struct From<'a> {
    here: &'a [[i32; 3]],
    table: &'a [u16],
    index: usize,
    depth: u32,
    before: &'a [i16],
    current: &'a [i16],
}

/// The buffers of [`Reach::add`], kept from state to state, and the
/// kinds of identical pieces.
struct Reach {
    twins: Twins,
    there: Vec<[i32; 3]>,
    key: Vec<i16>,
    was: Vec<usize>,
    table: Vec<u16>,
}

impl Reach {
    fn new(same: &[Vec<usize>]) -> Reach {
        Reach {
            twins: Twins::new(same),
            there: Vec::new(),
            key: Vec::new(),
            was: Vec::new(),
            table: Vec::new(),
        }
    }

    /// Puts the state that `m` leads to from `from` in `coming` (and in
    /// `seen`), unless it was seen; with its gap table found from
    /// `from`'s while the layer's tables stay under [`MAX_TABLES`].
    /// Whether it was new.
    #[allow(clippy::too_many_arguments)]
    fn add(
        &mut self,
        gaps: &mut Gaps,
        kinds: &[usize],
        from: &From,
        m: Move,
        seen: &mut Seen,
        coming: &mut Layer,
        plan: bool,
    ) -> Result<bool, Halt> {
        let there = &mut self.there;
        there.clear();
        there.extend_from_slice(from.here);
        apply(there, m, gaps.slides().step(m.dir));
        let traded = (self.twins)
            .settle(there, m.set, &mut self.key, &mut self.was)
            .ok_or(Halt::TooFar)?;
        let key = &self.key[..];
        let h = seen::hash(key);
        let d = from.depth as usize;
        let mut layers: [&[i16]; 3] = [&[]; 3];
        layers[(d + 2) % 3] = from.before;
        layers[d % 3] = from.current;
        layers[(d + 1) % 3] = &coming.flat;
        let Err(at) = seen.find(key, h, layers) else {
            return Ok(false);
        };
        let index = coming.flat.len() / key.len();
        let full = Halt::Memory(index as u64 * state_bytes(kinds.len()));
        seen.put(at, from.depth + 1, index).ok_or(full)?;
        coming.flat.extend_from_slice(key);
        if plan {
            coming.parent.push(from.index as u32);
            coming.step.push(m);
        }
        let size = from.table.len();
        let kept = coming.tables.len();
        if kept == index * size && (kept + size) * 2 <= MAX_TABLES {
            let was = traded.then_some(&self.was[..]);
            gap_table(
                gaps,
                kinds,
                there,
                Some((from.table, was, m)),
                &mut self.table,
            );
            coming.tables.extend_from_slice(&self.table);
        }
        Ok(true)
    }
}

/// The states and moves from the start to state `index` of `last`, the
/// layer after `layers`.
fn read_path(
    layers: &[Layer],
    last: &Layer,
    mut index: usize,
    n: usize,
) -> Vec<(Vec<[i32; 3]>, Move)> {
    let mut path = Vec::new();
    for d in (1..=layers.len()).rev() {
        let layer = if d == layers.len() { last } else { &layers[d] };
        let parent = layer.parent[index] as usize;
        let from = &layers[d - 1].flat[parent * 3 * n..(parent + 1) * 3 * n];
        path.push((unpack(from), layer.step[index]));
        index = parent;
    }
    path.reverse();
    path
}

impl Limits {
    /// Stops the search when asked to, past the deadline, when the
    /// states kept would take more than the budget, or when it has reached
    /// its cap of states.
    fn check(&self, states: u64, bytes: u64) -> Result<(), Halt> {
        if self
            .stop
            .as_ref()
            .is_some_and(|s| s.load(Ordering::Relaxed))
        {
            return Err(Halt::Interrupted);
        }
        if self
            .deadline
            .is_some_and(|d| std::time::Instant::now() >= d)
        {
            return Err(Halt::TimeLimit);
        }
        if bytes > self.max_bytes {
            return Err(Halt::Memory(bytes));
        }
        if let Some(cap) = self.max_states.filter(|&cap| states >= cap) {
            return Err(Halt::StateCap(cap));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// From canonical states of seven slots in three kinds (two of them
    /// with copies), every move of a few sets: the key and relabelling
    /// found by sorting only the kinds the move split agree with those of
    /// sorting every kind.
    #[test]
    fn settling_the_split_kinds_is_sorting_every_kind() {
        let same = vec![vec![0, 3, 5], vec![1, 6], vec![2], vec![4]];
        let twins = Twins::new(&same);
        let (mut key, mut was) = (Vec::new(), Vec::new());
        let mut x = 0x9E37_79B9u64;
        let mut next = |m: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % m
        };
        let (mut checked, mut traded) = (0, 0);
        for _ in 0..300 {
            let mut here: Vec<[i32; 3]> = (0..7)
                .map(|_| [0, 1, 2].map(|_| next(9) as i32 - 4))
                .collect();
            canonical(&mut here, &same).unwrap();
            let set = next(127) + 1;
            let dir = next(6) as u8;
            let m = Move {
                set,
                dir,
                dist: next(3) as u16 + 1,
            };
            let mut there = here.clone();
            apply(&mut there, m, super::super::moves::unit(dir));
            let mut want = there.clone();
            let perm = relabelling(&want, &same);
            let want_key = canonical(&mut want, &same).unwrap();
            let t = twins.settle(&mut there, set, &mut key, &mut was).unwrap();
            assert_eq!(key[..], want_key[..], "{here:?} {m:?}");
            assert_eq!(there, want);
            assert_eq!(was, perm);
            assert_eq!(t, perm.iter().enumerate().any(|(i, &p)| i != p));
            checked += 1;
            traded += usize::from(t);
        }
        assert!(checked == 300 && traded > 20, "{traded}");
    }
}
