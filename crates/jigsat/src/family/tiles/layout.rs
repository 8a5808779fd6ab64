//! The board `solve --best` works on: the fixed facts of a board
//! ([`Layout`]: neighbours, labels, where each tile may go turned how) and
//! a full board over them ([`Board`]: every tile placed, its score kept
//! up to date as tiles swap and turn). The annealer ([`super::anneal`])
//! and the reassignment of many positions at once ([`super::assign`])
//! both change a board through it.

use crate::geometry::square::{neighbour, turned};
use crate::puzzle::{Puzzle, Tiling};
use crate::rng::Rng;

/// No neighbour (a side facing the frame), or no label.
const NONE: u32 = u32::MAX;

/// The fixed facts of a board: neighbours, labels, and where each tile
/// may go turned how.
pub struct Layout {
    /// Per position, its neighbour in each direction (`NONE` at the frame).
    neighbours: Vec<[u32; 4]>,
    /// Per label number, the label it must touch.
    partner: Vec<u32>,
    /// Per piece (one copy of a tile): its tile and its listed labels.
    pub piece_tile: Vec<usize>,
    /// Per piece, its labels under each turn (top, right, bottom, left).
    looks: Vec<[[u32; 4]; 4]>,
    /// Per piece and position (`piece * positions + position`), the turns
    /// it may take there as bits.
    turns: Vec<u8>,
    /// The positions a swap may take, per kind (clues' positions excluded).
    pub(super) movable: Vec<Vec<u32>>,
    /// `movable` flattened.
    all_movable: Vec<u32>,
    /// Per position, its kind's index in `movable` (`NONE` for a clue).
    pub(super) kind: Vec<u32>,
    /// The starting board: per position, (piece, turn).
    start: Vec<(u32, u8)>,
}

impl Layout {
    /// The layout of a tile puzzle, or why not every tile can be placed
    /// with the frame kept (a tile set the pre-check refutes).
    pub fn new(puzzle: &Puzzle, tiling: &Tiling) -> Result<Layout, String> {
        let board = &puzzle.board;
        let n = board.len();
        let neighbours: Vec<[u32; 4]> = board
            .cells()
            .iter()
            .map(|&c| [0, 1, 2, 3].map(|d| board.index(neighbour(c, d)).unwrap_or(NONE)))
            .collect();
        let (partner, piece_tile, piece_edges, border) = pieces(tiling);
        let mut turns = vec![0u8; piece_tile.len() * n];
        for (k, edges) in piece_edges.iter().enumerate() {
            let tile = &tiling.tiles[piece_tile[k]];
            for (p, nb) in neighbours.iter().enumerate() {
                let rotations = if tiling.turns { 0..4 } else { 0..1 };
                for r in rotations {
                    let fixed_ok = tile
                        .fixed
                        .is_none_or(|f| board.index(f.at) == Some(p as u32) && f.rotation == r);
                    if fixed_ok && frame_ok(&turned(edges, r), nb, border) {
                        turns[k * n + p] |= 1 << r;
                    }
                }
            }
        }
        let looks = piece_edges
            .iter()
            .map(|e| [0, 1, 2, 3].map(|r| turned(e, r)))
            .collect();
        let mut layout = Layout {
            neighbours,
            partner,
            piece_tile,
            looks,
            turns,
            movable: Vec::new(),
            all_movable: Vec::new(),
            kind: vec![NONE; n],
            start: Vec::new(),
        };
        layout.assign(tiling)?;
        Ok(layout)
    }

    /// The number of inner edges: the best score.
    pub fn max_score(&self) -> u64 {
        let sides: usize = self
            .neighbours
            .iter()
            .map(|nb| nb.iter().filter(|&&q| q != NONE).count())
            .sum();
        sides as u64 / 2
    }

    /// Every position a tile may leave (all but the clues').
    pub(super) fn movable_positions(&self) -> &[u32] {
        &self.all_movable
    }

    /// The positions of `p`'s kind (`p` not a clue's).
    pub(super) fn kind_of(&self, p: u32) -> &[u32] {
        &self.movable[self.kind[p as usize] as usize]
    }

    pub(super) fn neighbours_of(&self, p: usize) -> &[u32; 4] {
        &self.neighbours[p]
    }

    /// Whether no tile can move: every position holds a clue.
    pub fn is_fixed(&self) -> bool {
        self.movable.iter().all(Vec::is_empty)
    }

    pub(super) fn positions(&self) -> usize {
        self.neighbours.len()
    }

    /// The labels of piece `k` turned `r`.
    pub(super) fn look(&self, k: u32, r: u8) -> &[u32; 4] {
        &self.looks[k as usize][r as usize]
    }

    /// The label that label `l` must touch.
    pub(super) fn partner(&self, l: u32) -> u32 {
        self.partner[l as usize]
    }

    /// The positions of the clues.
    pub(super) fn clue_positions(&self) -> Vec<u32> {
        (0..self.positions() as u32)
            .filter(|&p| self.kind[p as usize] == NONE)
            .collect()
    }

    /// The piece and turn at `p` on the starting board (a clue's own).
    pub(super) fn start_of(&self, p: u32) -> (u32, u8) {
        self.start[p as usize]
    }

    pub(super) fn allowed(&self, piece: u32, position: u32) -> u8 {
        self.turns[piece as usize * self.positions() + position as usize]
    }

    /// Groups the positions into kinds (positions that take the same
    /// pieces) and deals the pieces out, clues to their places, the rest
    /// at random within their kind later ([`Board::shuffled`]).
    fn assign(&mut self, tiling: &Tiling) -> Result<(), String> {
        let n = self.positions();
        let pieces = self.piece_tile.len();
        if pieces != n {
            return Err(format!("{pieces} tiles for {n} positions"));
        }
        let mut start = vec![(NONE, 0u8); n];
        let mut kinds: Vec<(Vec<u32>, Vec<u32>)> = Vec::new();
        for k in 0..pieces as u32 {
            let fits: Vec<u32> = (0..n as u32).filter(|&p| self.allowed(k, p) != 0).collect();
            if tiling.tiles[self.piece_tile[k as usize]].fixed.is_some() {
                let &p = fits
                    .first()
                    .ok_or("a clue does not fit where it is fixed")?;
                start[p as usize] = (k, self.allowed(k, p).trailing_zeros() as u8);
                continue;
            }
            match kinds.iter_mut().find(|(pos, _)| *pos == fits) {
                Some((_, ks)) => ks.push(k),
                None => kinds.push((fits, vec![k])),
            }
        }
        for (positions, ks) in &mut kinds {
            positions.retain(|&p| start[p as usize].0 == NONE);
            if positions.len() != ks.len() {
                return Err(format!(
                    "{} tiles can only go to {} positions",
                    ks.len(),
                    positions.len()
                ));
            }
            for (&p, &k) in positions.iter().zip(ks.iter()) {
                start[p as usize] = (k, self.allowed(k, p).trailing_zeros() as u8);
            }
        }
        for (i, (positions, _)) in kinds.iter().enumerate() {
            positions
                .iter()
                .for_each(|&p| self.kind[p as usize] = i as u32);
        }
        self.movable = kinds.into_iter().map(|(positions, _)| positions).collect();
        self.all_movable = self.movable.iter().flatten().copied().collect();
        self.start = start;
        Ok(())
    }
}

/// Label numbers, each label's partner, and the pieces: one per copy of
/// each tile, with its tile and listed labels as numbers; and the border
/// label's number (`NONE` without one).
#[allow(clippy::type_complexity)]
fn pieces(tiling: &Tiling) -> (Vec<u32>, Vec<usize>, Vec<[u32; 4]>, u32) {
    fn id(names: &mut Vec<String>, l: &str) -> u32 {
        match names.iter().position(|x| x == l) {
            Some(i) => i as u32,
            None => {
                names.push(l.to_string());
                names.len() as u32 - 1
            }
        }
    }
    let mut names: Vec<String> = Vec::new();
    let mut piece_tile = Vec::new();
    let mut piece_edges = Vec::new();
    for (t, tile) in tiling.tiles.iter().enumerate() {
        let edges = [0, 1, 2, 3].map(|d| id(&mut names, &tile.edges[d]));
        for _ in 0..tile.count {
            piece_tile.push(t);
            piece_edges.push(edges);
        }
    }
    let border = tiling.border.as_deref().map_or(NONE, |b| id(&mut names, b));
    let mut partner = Vec::new();
    let mut i = 0;
    while i < names.len() {
        let p = tiling.matching.partner(&names[i]);
        partner.push(id(&mut names, &p));
        i += 1;
    }
    (partner, piece_tile, piece_edges, border)
}

/// Whether labels `edges` keep the frame at a position with neighbours
/// `nb`: with a border label (`border`, `NONE` without), exactly the sides
/// facing the frame carry it.
fn frame_ok(edges: &[u32; 4], nb: &[u32; 4], border: u32) -> bool {
    border == NONE || (0..4).all(|d| (edges[d] == border) == (nb[d] == NONE))
}

/// A full board in the search: per position its piece, turn and labels.
#[derive(Clone)]
pub struct Board {
    pub piece: Vec<u32>,
    pub turn: Vec<u8>,
    labels: Vec<[u32; 4]>,
    pub score: u64,
}

impl Board {
    /// The starting board: clues in place, every other piece dealt at
    /// random to a position of its kind, each turned to fit best.
    pub fn shuffled(layout: &Layout, rng: &mut Rng) -> Board {
        let n = layout.positions();
        let mut piece: Vec<u32> = layout.start.iter().map(|s| s.0).collect();
        for positions in &layout.movable {
            let mut ks: Vec<u32> = positions.iter().map(|&p| piece[p as usize]).collect();
            rng.shuffle(&mut ks);
            for (&p, &k) in positions.iter().zip(&ks) {
                piece[p as usize] = k;
            }
        }
        let mut board = Board {
            piece: piece.clone(),
            turn: vec![0; n],
            labels: vec![[NONE; 4]; n],
            score: 0,
        };
        for (p, &k) in piece.iter().enumerate() {
            let r = layout.allowed(k, p as u32).trailing_zeros() as u8;
            board.set(layout, p, k, r);
        }
        for (p, &k) in piece.iter().enumerate() {
            let (r, _) = board.best_turn(layout, p, k);
            board.set(layout, p, k, r);
        }
        board.score = board.count(layout);
        board
    }

    /// Puts piece `k` at `p` turned `r` (the score is the caller's to keep).
    pub(super) fn put(&mut self, layout: &Layout, p: usize, k: u32, r: u8) {
        self.set(layout, p, k, r);
    }

    fn set(&mut self, layout: &Layout, p: usize, k: u32, r: u8) {
        self.piece[p] = k;
        self.turn[p] = r;
        self.labels[p] = layout.looks[k as usize][r as usize];
    }

    /// Whether the edge on side `d` of position `p` is inner and matched.
    fn matched(&self, layout: &Layout, p: usize, d: usize) -> bool {
        let q = layout.neighbours[p][d];
        q != NONE
            && layout.partner[self.labels[p][d] as usize] == self.labels[q as usize][(d + 2) % 4]
    }

    /// The matched edges around `p`.
    pub(super) fn local(&self, layout: &Layout, p: usize) -> u64 {
        (0..4).filter(|&d| self.matched(layout, p, d)).count() as u64
    }

    /// The matched inner edges of the whole board.
    pub fn count(&self, layout: &Layout) -> u64 {
        (0..self.piece.len())
            .map(|p| (1..3).filter(|&d| self.matched(layout, p, d)).count() as u64)
            .sum()
    }

    /// The allowed turn of piece `k` at `p` that matches the most of the
    /// neighbours' edges as they lie, and how many it matches.
    pub(super) fn best_turn(&self, layout: &Layout, p: usize, k: u32) -> (u8, u64) {
        let allowed = layout.allowed(k, p as u32);
        let mut best = (allowed.trailing_zeros() as u8, 0);
        for r in (0..4u8).filter(|r| allowed & (1 << r) != 0) {
            let look = &layout.looks[k as usize][r as usize];
            let m = (0..4)
                .filter(|&d| {
                    let q = layout.neighbours[p][d];
                    q != NONE
                        && layout.partner[look[d] as usize] == self.labels[q as usize][(d + 2) % 4]
                })
                .count() as u64;
            if m > best.1 {
                best = (r, m);
            }
        }
        best
    }

    /// The matched edges touching `p` or `q` (their shared edge once).
    fn around(&self, layout: &Layout, p: usize, q: usize) -> u64 {
        let shared = (0..4)
            .find(|&d| layout.neighbours[p][d] == q as u32)
            .is_some_and(|d| self.matched(layout, p, d));
        self.local(layout, p) + self.local(layout, q) - u64::from(shared)
    }

    /// Swaps the pieces at `p` and `q` (of one kind), each turned to fit
    /// best, if `accept` takes the change in score; whether it did.
    pub(super) fn swap(
        &mut self,
        layout: &Layout,
        p: usize,
        q: usize,
        accept: &mut impl FnMut(i64) -> bool,
    ) -> bool {
        let before = self.around(layout, p, q);
        let (a, b) = (self.piece[p], self.piece[q]);
        let (ra, rb) = (self.turn[p], self.turn[q]);
        let adjacent = layout.neighbours[p].contains(&(q as u32));
        if adjacent {
            self.best_pair(layout, p, b, q, a);
        } else {
            self.set(layout, p, b, 0);
            self.set(layout, q, a, 0);
            let (rp, _) = self.best_turn(layout, p, b);
            let (rq, _) = self.best_turn(layout, q, a);
            self.set(layout, p, b, rp);
            self.set(layout, q, a, rq);
        }
        let delta = self.around(layout, p, q) as i64 - before as i64;
        if accept(delta) {
            self.score = (self.score as i64 + delta) as u64;
            return true;
        }
        self.set(layout, p, a, ra);
        self.set(layout, q, b, rb);
        false
    }

    /// Pieces `kp` at `p` and `kq` at `q`, two neighbours, turned to match
    /// the most edges around both together.
    fn best_pair(&mut self, layout: &Layout, p: usize, kp: u32, q: usize, kq: u32) {
        let (ap, aq) = (layout.allowed(kp, p as u32), layout.allowed(kq, q as u32));
        let mut best = (NONE as u64, 0u8, 0u8);
        for rp in (0..4u8).filter(|r| ap & (1 << r) != 0) {
            for rq in (0..4u8).filter(|r| aq & (1 << r) != 0) {
                self.set(layout, p, kp, rp);
                self.set(layout, q, kq, rq);
                let m = self.around(layout, p, q);
                if best.0 == NONE as u64 || m > best.0 {
                    best = (m, rp, rq);
                }
            }
        }
        self.set(layout, p, kp, best.1);
        self.set(layout, q, kq, best.2);
    }

    /// Turns the piece at `p` to turn `r` if `accept` takes the change.
    pub(super) fn turn_to(
        &mut self,
        layout: &Layout,
        p: usize,
        r: u8,
        accept: &mut impl FnMut(i64) -> bool,
    ) {
        let (k, old) = (self.piece[p], self.turn[p]);
        let before = self.local(layout, p);
        self.set(layout, p, k, r);
        let delta = self.local(layout, p) as i64 - before as i64;
        if accept(delta) {
            self.score = (self.score as i64 + delta) as u64;
        } else {
            self.set(layout, p, k, old);
        }
    }
}
