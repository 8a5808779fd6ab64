//! What both representations of Algorithm X share: the [`Search`] trait
//! the drivers in [`crate::exact`] run, the numbering of items and options
//! (`Layout`), and the node counter that checks for interrupts.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use crate::cover::{Cover, ItemKind};

/// How often (in levels) a recursive search looks at the stack it has
/// left, how much it wants left when it looks, and how much it takes when
/// it is short: [`deeper`].
const GROW_EVERY: usize = 64;
const RED_ZONE: usize = 1 << 20;
const SEGMENT: usize = 16 << 20;

/// Runs one level deeper of a recursive search (`depth`: the levels above
/// it), on a stack with room for it. A search goes one level per piece
/// placed, and a board of tens of thousands of cells would overflow a
/// thread's stack (2 MB for a spawned thread) long before it met the
/// memory budget: every [`GROW_EVERY`] levels, when less than
/// [`RED_ZONE`] is left, the search goes on in a new stack segment of
/// [`SEGMENT`] (the `stacker` crate). In between nothing is checked, so
/// the inner loop pays nothing.
#[inline(always)]
pub fn deeper<R>(depth: usize, f: impl FnOnce() -> R) -> R {
    if depth.is_multiple_of(GROW_EVERY) {
        stacker::maybe_grow(RED_ZONE, SEGMENT, f)
    } else {
        f()
    }
}

/// Why a search returned before exhausting its tree: what the search
/// itself knows, which is not yet why the run stopped (a run's
/// [`crate::report::Stop`]: a limit, the time limit, an interrupt,
/// decided above it by whoever raised the flag or refused a solution).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Halt {
    /// The visitor wanted no more solutions.
    Visitor,
    /// The interrupt flag was raised.
    Interrupted,
}

/// What the search calls with each solution (its options); `false` stops
/// the search. Shared by the threads of a parallel run.
pub type Visit<'a> = &'a (dyn Fn(&[u32]) -> bool + Sync);

/// One representation of Algorithm X. A *path* is the list of options
/// taken from the root, in order.
pub trait Search: Clone + Send {
    /// Number of primary items (with none, the search has nothing to do).
    fn primary(&self) -> u32;
    /// Moves from the root to the node `path` leads to. Panics when `path`
    /// is not a path of the tree (each option one that [`Search::branches`]
    /// offered at its depth): a forbidden or clashing option is refused
    /// before it can touch the search's state.
    fn enter(&mut self, path: &[u32]);
    /// Moves back from the node `path` leads to, to the root; `path` must
    /// be the one entered.
    fn leave(&mut self, path: &[u32]);
    /// At the current node: `None` when every primary item is covered (a
    /// solution), else the options of the item the search branches on
    /// (empty at a dead end).
    fn branches(&mut self) -> Option<Vec<u32>>;
    /// Visits every solution below the current node; `chosen` holds the
    /// path to it and is extended on the way down.
    fn search(
        &mut self,
        chosen: &mut Vec<u32>,
        visit: &mut dyn FnMut(&[u32]) -> bool,
    ) -> Result<(), Halt>;
    /// The engine's node counter, interrupt flag and progress meter.
    fn ticker(&self) -> &Ticker;
    /// The same, to change: the provided methods set the flag and the
    /// meter through it.
    fn ticker_mut(&mut self) -> &mut Ticker;
    /// Search nodes visited so far.
    fn nodes(&self) -> u64 {
        self.ticker().nodes
    }
    /// Whether `option`, a step of a path, is a slack option (see
    /// `Layout`): a step of the tree that takes no option of the cover,
    /// left out of the solutions reported. Only Algorithm X has them, on
    /// covers with options that cover no primary item.
    fn is_slack(&self, _option: u32) -> bool {
        false
    }
    /// A first solution of the whole tree by the engine's own plan on
    /// `threads` threads (the row scan's restarts), or `None` to leave it
    /// to the drivers' split.
    fn first_by_restarts<V, F>(
        &mut self,
        _threads: usize,
        _visitor: &F,
    ) -> Option<Result<u64, Halt>>
    where
        V: FnMut(&[u32]) -> bool + Send,
        F: Fn() -> V + Sync,
    {
        None
    }
    /// Makes the search give up soon after `flag` is raised.
    fn set_interrupt(&mut self, flag: Arc<AtomicBool>) {
        self.ticker_mut().interrupt = Some(flag);
    }
    /// Makes the search report its progress into `meter` as it goes (all
    /// threads into one): nodes, and the depth the engine passes to
    /// [`Ticker::node_at`].
    fn set_meter(&mut self, meter: Arc<Meter>) {
        self.ticker_mut().meter = Some(meter);
    }
}

/// What every engine keeps while it searches, in one struct rather than
/// five copies: the nodes it visited, the flag that interrupts it, and the
/// meter a person watching a long run reads. The flag and the meter are
/// looked at every 4,096 nodes, so a node costs an increment and a mask.
#[derive(Clone, Debug, Default)]
pub struct Ticker {
    pub nodes: u64,
    interrupt: Option<Arc<AtomicBool>>,
    meter: Option<Arc<Meter>>,
    /// Nodes already added to the meter.
    reported: u64,
    /// The deepest level passed to [`Ticker::node_at`] since the start.
    deepest: u64,
}

impl Ticker {
    /// One more node; `Err` when the search was interrupted.
    #[inline(always)]
    pub fn node(&mut self) -> Result<(), Halt> {
        count_node(&mut self.nodes, self.interrupt.as_deref())
    }

    /// Whether the interrupt flag is raised now: for a caller whose steps
    /// are too costly to wait 4,096 of them for [`Ticker::node`] to look.
    pub fn stopped(&self) -> bool {
        self.interrupt
            .as_deref()
            .is_some_and(|f| f.load(Ordering::Relaxed))
    }

    /// One more node at `depth` (what the meter shows as how far the
    /// search got); `Err` when the search was interrupted.
    #[inline(always)]
    pub fn node_at(&mut self, depth: u64) -> Result<(), Halt> {
        count_node(&mut self.nodes, self.interrupt.as_deref())?;
        self.deepest = self.deepest.max(depth);
        if self.nodes & 0xfff == 0 {
            self.report();
        }
        Ok(())
    }

    /// Adds the nodes since the last report, and the deepest level, to
    /// the meter.
    pub fn report(&mut self) {
        if let Some(m) = &self.meter {
            m.add(self.nodes - self.reported, self.deepest);
            self.reported = self.nodes;
        }
    }
}

/// How far a long search has got, for a person watching it: nodes
/// visited and the deepest level reached (for the row scan: tiles
/// placed), over all threads. Engines add to it every few thousand nodes,
/// at the same checkpoint where they look at the interrupt flag, so the
/// hot loop pays one branch for it.
#[derive(Debug, Default)]
pub struct Meter {
    nodes: AtomicU64,
    deepest: AtomicU64,
}

impl Meter {
    /// Adds `nodes` visited since the last call and a depth reached.
    pub fn add(&self, nodes: u64, depth: u64) {
        self.nodes.fetch_add(nodes, Ordering::Relaxed);
        self.deepest.fetch_max(depth, Ordering::Relaxed);
    }

    /// Nodes visited so far.
    pub fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    /// The deepest level any thread has reached.
    pub fn deepest(&self) -> u64 {
        self.deepest.load(Ordering::Relaxed)
    }
}

/// Counts a search node; every few thousand, gives up if `interrupt` is
/// raised, so a time limit can end a long search that finds nothing.
#[inline(always)]
pub(crate) fn count_node(nodes: &mut u64, interrupt: Option<&AtomicBool>) -> Result<(), Halt> {
    *nodes += 1;
    if *nodes & 0xfff == 0 && interrupt.is_some_and(|f| f.load(Ordering::Relaxed)) {
        return Err(Halt::Interrupted);
    }
    Ok(())
}

/// Hands a solution to the visitor; `Err` when it wants no more.
pub(crate) fn report(visit: &mut dyn FnMut(&[u32]) -> bool, chosen: &[u32]) -> Result<(), Halt> {
    if visit(chosen) {
        Ok(())
    } else {
        Err(Halt::Visitor)
    }
}

/// Hands the visitor a solution whose path may hold slack options
/// (numbered from `real` on, see [`Layout`]): the cover's options only.
pub(crate) fn visit_real(visit: &mut dyn FnMut(&[u32]) -> bool, chosen: &[u32], real: u32) -> bool {
    let options: Vec<u32> = chosen.iter().copied().filter(|&o| o < real).collect();
    visit(&options)
}

/// The items and options as both representations number them: primary
/// items `1..=primary`, then the secondary ones up to `items`.
///
/// Algorithm X only takes an option through a primary item it covers, so
/// an option whose items are all secondary (a monomino of a `0..1` piece
/// on a board where holes are allowed) would never be part of a solution.
/// Such options are made reachable: one secondary item of each (its piece
/// where it has one) becomes primary, with a *slack* option that covers
/// that item alone and stands for "left uncovered". Every solution of the
/// cover extends by exactly one set of slack options, so the counts are
/// unchanged; the engines number slack options from [`Layout::real`] on
/// and leave them out of the solutions they report, but they do appear on
/// paths of the tree (see [`Search::is_slack`]).
pub(crate) struct Layout {
    pub items: u32,
    pub primary: u32,
    /// Per option: its items in this numbering, or `None` when it is left
    /// out (forbidden, covers an item nothing may cover, or covers nothing
    /// that counts). The cover's options first, then the slack options.
    pub options: Vec<Option<Vec<u32>>>,
    /// The number of the cover's options: options from here on are slack.
    pub real: u32,
}

impl Layout {
    /// `forbidden` options are left out (symmetry breaking). `None` when
    /// some item has a multiplicity plain Algorithm X cannot express.
    pub fn new(cover: &Cover, forbidden: &[u32]) -> Option<Layout> {
        let Roles {
            excluded,
            mut primary,
            mut secondary,
            promoted,
        } = Roles::new(cover, forbidden)?;
        let mut number = vec![0u32; cover.items.len()];
        secondary.retain(|i| !promoted.contains(i));
        primary.extend(&promoted);
        // Ties in the MRV choice go to the first item in the list: putting
        // the pieces before the cells (as Knuth does for pentominoes) makes
        // the search try a tight piece before a tight cell.
        primary.sort_by_key(|&i| (!matches!(cover.items[i].kind, ItemKind::Piece(_)), i));
        for (k, &i) in primary.iter().chain(&secondary).enumerate() {
            number[i] = k as u32 + 1;
        }
        let mut options: Vec<Option<Vec<u32>>> = cover
            .options
            .iter()
            .zip(&excluded)
            .map(|(covered, &out)| {
                let items: Vec<u32> = covered
                    .iter()
                    .map(|&i| number[i as usize])
                    .filter(|&k| k != 0)
                    .collect();
                (!out && !items.is_empty()).then_some(items)
            })
            .collect();
        options.extend(promoted.iter().map(|&i| Some(vec![number[i]])));
        Some(Layout {
            items: (primary.len() + secondary.len()) as u32,
            primary: primary.len() as u32,
            options,
            real: cover.options.len() as u32,
        })
    }
}

/// What Algorithm X makes of a cover's items: primary and secondary (by
/// index, in order; implied items in neither), the options left out, and
/// the secondary items to make primary with a slack option each (see
/// [`Layout`]; they are still listed as secondary here). Knuth's format
/// ([`crate::exact::knuth`]) writes the same.
pub(crate) struct Roles {
    pub excluded: Vec<bool>,
    pub primary: Vec<usize>,
    pub secondary: Vec<usize>,
    pub promoted: Vec<usize>,
}

impl Roles {
    /// `forbidden` options are left out; `None` when some item has a
    /// multiplicity plain Algorithm X cannot express.
    pub fn new(cover: &Cover, forbidden: &[u32]) -> Option<Roles> {
        let mut excluded = vec![false; cover.options.len()];
        for &o in forbidden {
            if let Some(e) = excluded.get_mut(o as usize) {
                *e = true;
            }
        }
        let (mut primary, mut secondary) = (Vec::new(), Vec::new());
        for (i, item) in cover.items.iter().enumerate() {
            match (item.implied, item.min, item.max) {
                (true, _, _) => {}
                (false, 1, 1) => primary.push(i),
                (false, 0, 1) => secondary.push(i),
                (false, _, 0) => {
                    // Nothing may cover it: drop every option that does.
                    for (o, covered) in cover.options.iter().enumerate() {
                        if covered.contains(&(i as u32)) {
                            excluded[o] = true;
                        }
                    }
                }
                _ => return None,
            }
        }
        // Which items get slack options follows from the cover alone, not
        // from the options symmetry breaking forbids: a path's slack step
        // then names the same item for every reader of the tree
        // ([`crate::exact::cube_literals`]). A slack option too many is
        // harmless.
        let mut blocked = excluded.clone();
        forbidden_only(&mut blocked, cover, forbidden);
        let promoted = promote(cover, &blocked, &primary, &secondary);
        Some(Roles {
            excluded,
            primary,
            secondary,
            promoted,
        })
    }
}

/// Takes the `forbidden` options back out of `excluded`, leaving the
/// options the cover itself rules out (an item nothing may cover).
fn forbidden_only(excluded: &mut [bool], cover: &Cover, forbidden: &[u32]) {
    for &o in forbidden {
        let Some(e) = excluded.get_mut(o as usize) else {
            continue;
        };
        let blocked = cover.options[o as usize].iter().any(|&i| {
            let item = &cover.items[i as usize];
            !item.implied && item.max == 0
        });
        *e = blocked;
    }
}

/// The secondary items to make primary (each with a slack option) so that
/// every option left in covers a primary item: for each option that
/// covers none, its piece item, or else its first secondary item, unless
/// an item of it was promoted already. Sorted.
fn promote(cover: &Cover, excluded: &[bool], primary: &[usize], secondary: &[usize]) -> Vec<usize> {
    let mut kind = vec![0u8; cover.items.len()];
    primary.iter().for_each(|&i| kind[i] = 1);
    secondary.iter().for_each(|&i| kind[i] = 2);
    const PROMOTED: u8 = 3;
    let mut promoted = Vec::new();
    for (covered, _) in cover.options.iter().zip(excluded).filter(|(_, out)| !**out) {
        let kinds = || covered.iter().map(|&i| kind[i as usize]);
        if kinds().any(|k| k == 1 || k == PROMOTED) || kinds().all(|k| k == 0) {
            continue;
        }
        let is_piece = |&&i: &&u32| matches!(cover.items[i as usize].kind, ItemKind::Piece(_));
        let secondary_items = || covered.iter().filter(|&&i| kind[i as usize] == 2);
        let Some(&pick) = secondary_items()
            .find(is_piece)
            .or_else(|| secondary_items().next())
        else {
            continue;
        };
        kind[pick as usize] = PROMOTED;
        promoted.push(pick as usize);
    }
    promoted.sort_unstable();
    promoted
}
