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

use std::collections::HashSet;
use std::hash::BuildHasherDefault;
use std::sync::atomic::Ordering;

use super::gaps::{Gaps, Mix};
use super::moves::{Move, Scratch, gap_table, moves_from};
use super::{Halt, Limits};

type Seen = HashSet<Box<[i16]>, BuildHasherDefault<Mix>>;

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
    let mut out = Vec::with_capacity(anchors.len() * 3);
    canonical_into(anchors, same, &mut out)?;
    Some(out.into_boxed_slice())
}

/// [`canonical`] written into `out`, which is cleared first: the search
/// forms the key of every neighbour this way and allocates only for the
/// states it has not seen.
fn canonical_into(anchors: &mut [[i32; 3]], same: &[Vec<usize>], out: &mut Vec<i16>) -> Option<()> {
    for slots in same.iter().filter(|s| s.len() > 1) {
        // At most 64 slots (a move's set is a u64).
        let mut a = [[0i32; 3]; 64];
        let a = &mut a[..slots.len()];
        for (v, &s) in a.iter_mut().zip(slots) {
            *v = anchors[s];
        }
        a.sort_unstable();
        for (&s, &v) in slots.iter().zip(a.iter()) {
            anchors[s] = v;
        }
    }
    let o = anchors[0];
    out.clear();
    for a in anchors.iter_mut() {
        for k in 0..3 {
            a[k] -= o[k];
            out.push(i16::try_from(a[k]).ok()?);
        }
    }
    Some(())
}

/// For each slot of the canonical form of `anchors`, the slot of
/// `anchors` whose piece lands there (only identical pieces trade places).
pub fn relabelling(anchors: &[[i32; 3]], same: &[Vec<usize>]) -> Vec<usize> {
    let mut perm = Vec::new();
    relabelling_into(anchors, same, &mut perm);
    perm
}

/// [`relabelling`] into `perm`, which is cleared first.
fn relabelling_into(anchors: &[[i32; 3]], same: &[Vec<usize>], perm: &mut Vec<usize>) {
    perm.clear();
    perm.extend(0..anchors.len());
    for slots in same.iter().filter(|s| s.len() > 1) {
        // At most 64 slots (a move's set is a u64).
        let mut by = [0usize; 64];
        let by = &mut by[..slots.len()];
        by.copy_from_slice(slots);
        by.sort_unstable_by_key(|&s| anchors[s]);
        for (&s, &from) in slots.iter().zip(by.iter()) {
            perm[s] = from;
        }
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

/// Rough bytes per stored state: the boxed coordinates, the hash set's
/// slot and the flat copy with its parent and move.
fn state_bytes(slots: usize) -> u64 {
    (slots * 3 * 2 * 2 + 16 + 16 + 24) as u64
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
    let mut layers: Vec<Layer> = Vec::new();
    // The states of the layer before the current one, the current one and
    // the next: one set, so that a neighbour costs one lookup; the oldest
    // layer's states leave it as the search moves on.
    let mut seen = Seen::default();
    let mut before: Vec<i16> = Vec::new();
    let mut current = Layer::start(&first);
    seen.insert(first);
    let mut out = Vec::new();
    let mut free = Scratch::default();
    let (mut here, mut own) = (Vec::new(), Vec::new());
    let mut reach = Reach::default();
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
                let kept = seen.len() as u64 * per_state + gaps.bytes();
                limits.check(states, kept + Layer::bytes(&layers, &current))?;
            }
            unpack_into(flat, &mut here);
            let table = match current.tables.get(index * size..(index + 1) * size) {
                Some(kept) => kept,
                None => gap_table(gaps, kinds, &here, None, &mut own),
            };
            moves_from(table, n, &mut free, &mut out);
            if out.iter().any(|m| m.separates()) {
                let path = plan.then(|| read_path(&layers, &current, index, n));
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
            };
            for &m in &out {
                if reach.add(gaps, kinds, same, &from, m, &mut seen, &mut coming, plan)? {
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
        forget(&mut seen, &mut before, &current.flat, n);
        if plan {
            current.tables = Vec::new();
            layers.push(std::mem::take(&mut current));
        }
        current = coming;
        depth += 1;
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

/// Takes the states of `before` out of `seen`, and puts those of the
/// layer just searched (`current`) there instead: they are the next
/// layer's before.
fn forget(seen: &mut Seen, before: &mut Vec<i16>, current: &[i16], n: usize) {
    for key in before.chunks(3 * n) {
        seen.remove(key);
    }
    before.clear();
    before.extend_from_slice(current);
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

/// A state being searched: its anchors, its gap table and its place in
/// its layer.
struct From<'a> {
    here: &'a [[i32; 3]],
    table: &'a [u16],
    index: usize,
}

/// The buffers of [`Reach::add`], kept from state to state.
#[derive(Default)]
struct Reach {
    there: Vec<[i32; 3]>,
    key: Vec<i16>,
    was: Vec<usize>,
    table: Vec<u16>,
}

impl Reach {
    /// Puts the state that `m` leads to from `from` in `coming` (and in
    /// `seen`), unless it was seen; with its gap table found from
    /// `from`'s while the layer's tables stay under [`MAX_TABLES`].
    /// Whether it was new.
    #[allow(clippy::too_many_arguments)]
    fn add(
        &mut self,
        gaps: &mut Gaps,
        kinds: &[usize],
        same: &[Vec<usize>],
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
        // Where each slot's piece was, before identical pieces are sorted.
        relabelling_into(there, same, &mut self.was);
        canonical_into(there, same, &mut self.key).ok_or(Halt::TooFar)?;
        let key = &self.key[..];
        if seen.contains(key) {
            return Ok(false);
        }
        coming.flat.extend_from_slice(key);
        if plan {
            coming.parent.push(from.index as u32);
            coming.step.push(m);
        }
        seen.insert(key.into());
        let size = from.table.len();
        let kept = coming.tables.len();
        if kept == (coming.flat.len() / (3 * kinds.len()) - 1) * size
            && (kept + size) * 2 <= MAX_TABLES
        {
            gap_table(
                gaps,
                kinds,
                there,
                Some((from.table, &self.was, m)),
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
