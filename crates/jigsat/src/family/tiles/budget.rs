//! The second engine of `solve --best`: the row scan with a budget of
//! mismatched edges, the method behind every top Eternity II score.
//!
//! Tiles go down row by row, each against the edges already placed (the
//! one above, the one to its left, and any clue beside it). Early in the
//! scan every edge must match; from [`FREE_FROM`] of the way on, the scan
//! may spend mismatched edges, the more the later (a tree this wide near
//! its end can afford a few, one near its root cannot). A board completed
//! within the budget is handed on; the budget then drops below it, so each
//! board handed on is better than the last. A scan that finds nothing
//! better within its node limit starts again with the candidates of every
//! position shuffled anew, and twice the limit.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::layout::{Board, Layout};
use crate::puzzle::Puzzle;
use crate::rng::Rng;

/// The fraction of the positions scanned before a mismatch may be spent.
const FREE_FROM: f64 = 0.7;

/// Nodes of the first attempt; each later one may take twice as many.
const FIRST_LIMIT: u64 = 1 << 22;

/// Nodes between two looks at the clock and the stop flag.
const CHECK: u64 = 1 << 16;

/// Stands for "any label" in a candidate's key (a side with nothing
/// placed against it).
const ANY: u32 = u32::MAX;

/// One look of one piece at one position: its top and left labels.
#[derive(Clone, Copy)]
struct Entry {
    piece: u32,
    turn: u8,
    top: u32,
    left: u32,
}

/// A position of the scan: what lies against it when its turn comes.
struct Step {
    position: u32,
    /// The positions above and to the left (`u32::MAX`: nothing placed
    /// there before, the frame or a later position).
    top: u32,
    left: u32,
    /// Other sides with a clue against them: (side, clue position).
    clues: Vec<(usize, u32)>,
}

/// The positions row by row, top to bottom, each row left to right: the
/// order the scan takes them in.
pub fn row_order(puzzle: &Puzzle) -> Vec<u32> {
    let mut order: Vec<u32> = (0..puzzle.board.len() as u32).collect();
    order.sort_by_key(|&p| {
        let c = puzzle.board.cell(p);
        (c.y, c.x)
    });
    order
}

/// The row scan over one layout.
pub struct Scan<'a> {
    layout: &'a Layout,
    steps: Vec<Step>,
    /// Per step, the looks that fit there, grouped by key (top, left).
    entries: Vec<Vec<Entry>>,
    /// Per step and key, the range of its group in `entries`.
    groups: Vec<std::collections::HashMap<(u32, u32), (u32, u32)>>,
}

impl<'a> Scan<'a> {
    /// The scan of `layout`, positions taken in `order` (clues skipped).
    pub fn new(layout: &'a Layout, order: &[u32]) -> Scan<'a> {
        let fixed = layout.clue_positions();
        let mut seen = vec![false; layout.positions()];
        fixed.iter().for_each(|&p| seen[p as usize] = true);
        let mut steps = Vec::new();
        for &p in order.iter().filter(|&&p| !fixed.contains(&p)) {
            let nb = layout.neighbours_of(p as usize);
            let before = |d: usize| nb[d] != u32::MAX && seen[nb[d] as usize];
            let clues = [1, 2]
                .into_iter()
                .filter(|&d| before(d))
                .map(|d| (d, nb[d]))
                .collect();
            steps.push(Step {
                position: p,
                top: if before(0) { nb[0] } else { u32::MAX },
                left: if before(3) { nb[3] } else { u32::MAX },
                clues,
            });
            seen[p as usize] = true;
        }
        let (entries, groups) = steps.iter().map(|s| candidates(layout, s)).unzip();
        Scan {
            layout,
            steps,
            entries,
            groups,
        }
    }

    /// Scans until `stop` is raised, `deadline` passes, a board matches
    /// every edge or the scan's tree holds no better board, calling
    /// `improved` with a first board at once and then each board better
    /// than the last.
    pub fn run(
        &mut self,
        seed: u64,
        stop: &AtomicBool,
        deadline: Option<Instant>,
        improved: &mut dyn FnMut(&Board),
    ) {
        let mut rng = Rng::new(seed);
        // A first board at once, as the annealer's, so that a run always
        // has one to show.
        improved(&Board::shuffled(self.layout, &mut rng));
        let mut search = Search::new(self);
        // The budget: mismatches a board may have, one less than the best.
        let mut budget = self.layout.max_score() as u32;
        let mut limit = FIRST_LIMIT;
        loop {
            let found = search.attempt(self, budget, limit, stop, deadline);
            match found {
                Attempt::Found(mismatched) => {
                    let board = search.board(self, &mut rng);
                    improved(&board);
                    if mismatched == 0 {
                        return;
                    }
                    budget = mismatched - 1;
                }
                Attempt::Limit => {
                    self.shuffle(&mut rng);
                    search = Search::new(self);
                    limit = limit.saturating_mul(2);
                }
                Attempt::Over | Attempt::Exhausted => return,
            }
        }
    }

    fn shuffle(&mut self, rng: &mut Rng) {
        for (entries, groups) in self.entries.iter_mut().zip(&self.groups) {
            for &(a, b) in groups.values() {
                rng.shuffle(&mut entries[a as usize..b as usize]);
            }
        }
    }

    fn group(&self, i: usize, key: (u32, u32)) -> &[Entry] {
        self.groups[i]
            .get(&key)
            .map_or(&[], |&(a, b)| &self.entries[i][a as usize..b as usize])
    }
}

/// The looks that fit at step `s`, grouped by (top, left) with `ANY` in
/// either or both: each look is in four groups.
#[allow(clippy::type_complexity)]
fn candidates(
    layout: &Layout,
    s: &Step,
) -> (
    Vec<Entry>,
    std::collections::HashMap<(u32, u32), (u32, u32)>,
) {
    let mut all: Vec<((u32, u32), Entry)> = Vec::new();
    for k in 0..layout.positions() as u32 {
        let allowed = layout.allowed(k, s.position);
        for r in (0..4u8).filter(|r| allowed & (1 << r) != 0) {
            let look = layout.look(k, r);
            let e = Entry {
                piece: k,
                turn: r,
                top: look[0],
                left: look[3],
            };
            for key in [(e.top, e.left), (e.top, ANY), (ANY, e.left), (ANY, ANY)] {
                all.push((key, e));
            }
        }
    }
    all.sort_by_key(|(key, e)| (*key, e.piece, e.turn));
    let mut groups = std::collections::HashMap::new();
    let mut start = 0;
    for i in 1..=all.len() {
        if i == all.len() || all[i].0 != all[start].0 {
            groups.insert(all[start].0, (start as u32, i as u32));
            start = i;
        }
    }
    (all.into_iter().map(|(_, e)| e).collect(), groups)
}

enum Attempt {
    /// A board within the budget, with this many mismatched edges.
    Found(u32),
    /// The node limit came first.
    Limit,
    /// Stopped, or the deadline passed.
    Over,
    /// No board within the budget as the allowance spreads it (which
    /// proves nothing of other boards): the scan has no more to give.
    Exhausted,
}

/// A candidate at one step: a look and the mismatches it adds.
#[derive(Clone, Copy)]
struct Choice {
    piece: u32,
    turn: u8,
    cost: u8,
}

/// The depth-first search of one attempt.
struct Search {
    /// Per position, its labels as placed (clues from the start).
    labels: Vec<[u32; 4]>,
    /// Per step, the piece and turn placed there.
    placed: Vec<(u32, u8)>,
    used: Vec<bool>,
    /// Per step, its candidates and the next one to try.
    choices: Vec<Vec<Choice>>,
    next: Vec<usize>,
    /// Mismatches spent before each step.
    spent: Vec<u32>,
    depth: usize,
    /// Mismatches between two clues, spent before the scan.
    base: u32,
}

impl Search {
    fn new(scan: &Scan) -> Search {
        let layout = scan.layout;
        let n = layout.positions();
        let mut labels = vec![[u32::MAX; 4]; n];
        let mut used = vec![false; n];
        for p in layout.clue_positions() {
            let (k, r) = layout.start_of(p);
            labels[p as usize] = *layout.look(k, r);
            used[k as usize] = true;
        }
        let mut base = 0;
        for p in layout.clue_positions() {
            for d in [1, 2] {
                let q = layout.neighbours_of(p as usize)[d];
                if q != u32::MAX
                    && labels[q as usize][0] != u32::MAX
                    && layout.partner(labels[p as usize][d]) != labels[q as usize][(d + 2) % 4]
                {
                    base += 1;
                }
            }
        }
        let m = scan.steps.len();
        let mut search = Search {
            labels,
            placed: vec![(0, 0); m],
            used,
            choices: vec![Vec::new(); m],
            next: vec![0; m],
            spent: vec![base; m + 1],
            depth: 0,
            base,
        };
        search.fill(scan, u32::MAX, 0);
        search
    }

    /// The mismatches a board may have spent after each step: none
    /// before [`FREE_FROM`] of the scan, then up to `budget` rising evenly.
    fn allowance(scan: &Scan, budget: u32) -> Vec<u32> {
        let m = scan.steps.len() as f64;
        let from = (FREE_FROM * m).floor();
        (0..scan.steps.len())
            .map(|i| {
                let x = ((i as f64 + 1.0 - from) / (m - from)).clamp(0.0, 1.0);
                (budget as f64 * x * x).round() as u32
            })
            .collect()
    }

    /// Lists the candidates of step `i`, cheapest first, each within
    /// `room` new mismatches.
    fn fill(&mut self, scan: &Scan, room: u32, i: usize) {
        let layout = scan.layout;
        let s = &scan.steps[i];
        let want = |q: u32, d: usize, labels: &[[u32; 4]]| {
            if q == u32::MAX {
                ANY
            } else {
                layout.partner(labels[q as usize][(d + 2) % 4])
            }
        };
        let (top, left) = (want(s.top, 0, &self.labels), want(s.left, 3, &self.labels));
        let mut list = std::mem::take(&mut self.choices[i]);
        list.clear();
        let mut keys = vec![((top, left), 0u8)];
        if room >= 1 {
            if top != ANY {
                keys.push(((ANY, left), 1));
            }
            if left != ANY {
                keys.push(((top, ANY), 1));
            }
        }
        if room >= 2 && top != ANY && left != ANY {
            keys.push(((ANY, ANY), 2));
        }
        for (key, misses) in keys {
            for e in scan.group(i, key) {
                let wrong =
                    u8::from(top != ANY && e.top != top) + u8::from(left != ANY && e.left != left);
                if self.used[e.piece as usize] || wrong != misses {
                    continue;
                }
                let look = layout.look(e.piece, e.turn);
                let extra = s
                    .clues
                    .iter()
                    .filter(|&&(d, q)| {
                        layout.partner(look[d]) != self.labels[q as usize][(d + 2) % 4]
                    })
                    .count() as u8;
                if u32::from(misses + extra) <= room {
                    list.push(Choice {
                        piece: e.piece,
                        turn: e.turn,
                        cost: misses + extra,
                    });
                }
            }
        }
        list.sort_by_key(|c| c.cost);
        self.choices[i] = list;
        self.next[i] = 0;
    }

    /// Searches on from where the last attempt stopped, with the budget
    /// and at most `limit` more nodes.
    fn attempt(
        &mut self,
        scan: &Scan,
        budget: u32,
        limit: u64,
        stop: &AtomicBool,
        deadline: Option<Instant>,
    ) -> Attempt {
        let m = scan.steps.len();
        if budget < self.base {
            return Attempt::Over;
        }
        let allow = Self::allowance(scan, budget - self.base);
        let mut nodes = 0u64;
        loop {
            nodes += 1;
            if nodes.is_multiple_of(CHECK)
                && (stop.load(Ordering::Relaxed) || deadline.is_some_and(|d| Instant::now() >= d))
            {
                return Attempt::Over;
            }
            if nodes > limit {
                return Attempt::Limit;
            }
            let i = self.depth;
            let Some(&c) = self.choices[i].get(self.next[i]) else {
                // Every candidate tried: back up one step.
                if i == 0 {
                    return Attempt::Exhausted;
                }
                self.depth -= 1;
                self.take_back(scan, self.depth);
                continue;
            };
            self.next[i] += 1;
            let spent = self.spent[i] + u32::from(c.cost);
            if spent - self.base > allow[i] {
                continue;
            }
            self.put(scan, i, c, spent);
            if i + 1 == m {
                let mismatched = spent;
                // Step back so that the next attempt goes on from here.
                self.take_back(scan, i);
                return Attempt::Found(mismatched);
            }
            self.depth += 1;
            let room = allow[i + 1].saturating_sub(spent - self.base);
            self.fill(scan, room, i + 1);
        }
    }

    fn put(&mut self, scan: &Scan, i: usize, c: Choice, spent: u32) {
        let p = scan.steps[i].position as usize;
        self.labels[p] = *scan.layout.look(c.piece, c.turn);
        self.used[c.piece as usize] = true;
        self.placed[i] = (c.piece, c.turn);
        self.spent[i + 1] = spent;
    }

    fn take_back(&mut self, scan: &Scan, i: usize) {
        let p = scan.steps[i].position as usize;
        self.labels[p] = [u32::MAX; 4];
        self.used[self.placed[i].0 as usize] = false;
    }

    /// The board last found, as a [`Board`] with its score counted.
    fn board(&self, scan: &Scan, rng: &mut Rng) -> Board {
        let mut board = Board::shuffled(scan.layout, rng);
        for (s, &(k, r)) in scan.steps.iter().zip(&self.placed) {
            board.put(scan.layout, s.position as usize, k, r);
        }
        board.score = board.count(scan.layout);
        board
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{EdgeSpec, edges};

    /// A generated board with a planted solution, and its layout.
    fn board(size: u32, colours: u32, clues: u32, seed: u64) -> (Puzzle, Layout) {
        let spec = EdgeSpec {
            width: size,
            height: size,
            colours,
            border: Some("0".into()),
            frame_colours: Some(2),
            clues,
            seed,
        };
        let puzzle = Puzzle::parse(&edges(&spec), "board.toml", "board").unwrap();
        let layout = Layout::new(&puzzle, puzzle.tiling().unwrap()).unwrap();
        (puzzle, layout)
    }

    /// Every board handed on holds each piece once, the clues where they
    /// are fixed, and counts its score right; each scores more than the
    /// one before; and on a board with a planted solution the scan, which
    /// ends as an exact search, reaches a full score.
    #[test]
    fn each_board_beats_the_last_keeps_the_tiles_and_a_full_score_is_reached() {
        for seed in 1..=3 {
            let (puzzle, layout) = board(5, 4, 2, seed);
            let mut scores = Vec::new();
            let stop = AtomicBool::new(false);
            Scan::new(&layout, &row_order(&puzzle)).run(seed, &stop, None, &mut |b| {
                let mut pieces = b.piece.clone();
                pieces.sort_unstable();
                assert_eq!(pieces, (0..layout.positions() as u32).collect::<Vec<_>>());
                for p in layout.clue_positions() {
                    assert_eq!(
                        (b.piece[p as usize], b.turn[p as usize]),
                        layout.start_of(p)
                    );
                }
                assert_eq!(b.score, b.count(&layout));
                scores.push(b.score);
            });
            // The first board is the shuffled one; the scan's boards after
            // it each beat the last.
            assert!(scores[1..].windows(2).all(|w| w[0] < w[1]), "{scores:?}");
            assert_eq!(*scores.last().unwrap(), layout.max_score());
        }
    }

    /// The allowance: nothing early in the scan, the whole budget at its
    /// end, never falling.
    #[test]
    fn the_allowance_rises_from_nothing_to_the_budget() {
        let (puzzle, layout) = board(8, 5, 0, 4);
        let scan = Scan::new(&layout, &row_order(&puzzle));
        let allow = Search::allowance(&scan, 20);
        assert_eq!(allow[0], 0);
        assert_eq!(*allow.last().unwrap(), 20);
        assert!(allow.windows(2).all(|w| w[0] <= w[1]));
        assert_eq!(allow[(FREE_FROM * allow.len() as f64) as usize - 2], 0);
    }
}
