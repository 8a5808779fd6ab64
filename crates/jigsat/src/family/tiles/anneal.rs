//! Simulated annealing over full boards, the engine of `solve --best`:
//! every tile placed at all times, the frame kept, the score the number of
//! matched inner edges.
//!
//! A step swaps the tiles of two positions of one kind (each turned to
//! fit its new neighbours best) or turns one tile in place; a step that
//! loses `k` edges is taken with probability `exp(-k / T)`. `T` falls
//! from [`HOT`] to [`COLD`] over a cycle of steps and then starts again
//! from the board reached, so that the search leaves a local optimum it
//! has settled in; the best board seen is kept apart.
//!
//! Positions are told apart by their **kind** (which sides face the frame,
//! up to a turn), and a tile only goes where its border labels face the
//! frame: a swap never breaks the frame, so only inner edges are scored.
//! Clues never move.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::layout::{Board, Layout};
use crate::rng::Rng;

/// The temperatures a cycle starts and ends at, in matched edges.
const HOT: f64 = 0.6;
const COLD: f64 = 0.1;

/// The hottest a board adopted from the row scan is kept.
const POLISH: f64 = 0.2;

/// Anneals from a shuffled board until `stop` is raised, `deadline`
/// passes or every inner edge matches, calling `improved` with each board
/// better than all before it in this run. With a deadline the board cools
/// once over the whole time; without, in cycles of growing length
/// ([`FIRST_CYCLE`], half as long again each time), each from the best
/// board so far.
pub fn anneal(
    layout: &Layout,
    seed: u64,
    stop: &AtomicBool,
    deadline: Option<Instant>,
    adopt: &dyn Fn(u64) -> Option<Board>,
    improved: &mut dyn FnMut(&Board),
) {
    let mut rng = Rng::new(seed);
    let board = Board::shuffled(layout, &mut rng);
    improved(&board);
    let mut run = Annealer {
        layout,
        rng,
        best: board.clone(),
        board,
        improved,
        adopt,
        polish: false,
    };
    if layout.movable_positions().is_empty() {
        return;
    }
    let mut span = FIRST_CYCLE;
    loop {
        let span_now = deadline.map_or(span, |d| d.saturating_duration_since(Instant::now()));
        if run.cool(span_now, stop) || deadline.is_some() {
            return;
        }
        run.board = run.best.clone();
        span = span * 3 / 2;
    }
}

/// The first cooling of a run without a deadline.
const FIRST_CYCLE: Duration = Duration::from_secs(10);

/// Steps between two looks at the clock and the stop flag.
const CHECK: u64 = 1024;

/// Steps between two reassignments ([`super::assign`]) in the colder half
/// of a cooling.
const REASSIGN_EVERY: u64 = 16 * CHECK;

/// Positions one reassignment takes at most.
const REASSIGN_MOST: usize = 64;

struct Annealer<'a> {
    layout: &'a Layout,
    rng: Rng,
    board: Board,
    best: Board,
    improved: &'a mut dyn FnMut(&Board),
    /// The row scan's best board, when it beats the score given.
    adopt: &'a dyn Fn(u64) -> Option<Board>,
    /// Whether the board is one adopted from the row scan: kept cold.
    polish: bool,
}

impl Annealer<'_> {
    /// Cools the board from [`HOT`] to [`COLD`] over `span`; whether the
    /// run is over (stopped, or a full score).
    fn cool(&mut self, span: Duration, stop: &AtomicBool) -> bool {
        let start = Instant::now();
        let max = self.layout.max_score();
        let movable = self.layout.movable_positions();
        let mut threshold = [0u64; 9];
        let mut frac = 0.0;
        for step in 0u64.. {
            if step.is_multiple_of(CHECK) {
                if stop.load(Ordering::Relaxed) {
                    return true;
                }
                frac = start.elapsed().as_secs_f64() / span.as_secs_f64().max(1e-9);
                if frac >= 1.0 {
                    return false;
                }
                let t = self.temperature(frac);
                for (k, slot) in threshold.iter_mut().enumerate() {
                    *slot = ((-(k as f64) / t).exp() * u64::MAX as f64) as u64;
                }
            }
            if (frac > 0.5 || self.polish) && step.is_multiple_of(REASSIGN_EVERY) {
                super::assign::reassign(self.layout, &mut self.board, &mut self.rng, REASSIGN_MOST);
            } else {
                step_once(
                    self.layout,
                    &mut self.board,
                    movable,
                    &mut self.rng,
                    &threshold,
                );
            }
            if self.board.score > self.best.score {
                self.best = self.board.clone();
                (self.improved)(&self.best);
                if self.best.score == max {
                    return true;
                }
            }
        }
        false
    }
}

impl Annealer<'_> {
    /// The temperature `frac` of the way through a cooling, after taking
    /// up the row scan's board if it beats this annealer's best: from
    /// then on the board is polished, never hotter than [`POLISH`], so
    /// that what the scan built is improved on rather than melted.
    fn temperature(&mut self, frac: f64) -> f64 {
        if let Some(b) = (self.adopt)(self.best.score) {
            self.board = b.clone();
            self.best = b;
            self.polish = true;
        }
        let t = HOT * (COLD / HOT).powf(frac);
        if self.polish { t.min(POLISH) } else { t }
    }
}

/// One step: a swap within a kind, or (one time in eight, or in a kind of
/// one position) a turn in place; a loss of `k` edges is taken when a
/// random number falls below `threshold[k]`.
fn step_once(
    layout: &Layout,
    board: &mut Board,
    movable: &[u32],
    rng: &mut Rng,
    threshold: &[u64; 9],
) {
    let p = movable[rng.below(movable.len())] as usize;
    let kind = &layout.movable[layout.kind[p] as usize];
    let r = rng.next_u64();
    let mut accept =
        |delta: i64| delta >= 0 || rng.next_u64() < threshold[(-delta).min(8) as usize];
    if kind.len() > 1 && !r.is_multiple_of(8) {
        let q = kind[((r >> 8) % kind.len() as u64) as usize] as usize;
        if q != p {
            board.swap(layout, p, q, &mut accept);
        }
        return;
    }
    let allowed = layout.allowed(board.piece[p], p as u32);
    if allowed.count_ones() > 1 {
        let t = ((r >> 8) % 4) as u8;
        if allowed & (1 << t) != 0 && t != board.turn[p] {
            board.turn_to(layout, p, t, &mut accept);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{EdgeSpec, edges};
    use crate::puzzle::Puzzle;

    /// An annealer handed a better board takes it up and from then on only
    /// reports boards that beat it, each holding every piece once and
    /// counting its score right.
    #[test]
    fn an_adopted_board_is_only_ever_improved_on() {
        let spec = EdgeSpec {
            width: 6,
            height: 6,
            colours: 5,
            border: Some("0".into()),
            frame_colours: Some(2),
            clues: 1,
            seed: 9,
        };
        let puzzle = Puzzle::parse(&edges(&spec), "board.toml", "board").unwrap();
        let layout = Layout::new(&puzzle, puzzle.tiling().unwrap()).unwrap();
        // A board well above a shuffled one: the best of many shuffles,
        // each reassigned.
        let mut rng = Rng::new(3);
        let given = (0..200)
            .map(|_| {
                let mut b = Board::shuffled(&layout, &mut rng);
                super::super::assign::reassign(&layout, &mut b, &mut rng, 64);
                b
            })
            .max_by_key(|b| b.score)
            .unwrap();
        let adopt = |score: u64| (given.score > score).then(|| given.clone());
        let mut scores = Vec::new();
        let stop = AtomicBool::new(false);
        let deadline = Some(Instant::now() + Duration::from_millis(300));
        anneal(&layout, 5, &stop, deadline, &adopt, &mut |b| {
            let mut pieces = b.piece.clone();
            pieces.sort_unstable();
            assert_eq!(pieces, (0..layout.positions() as u32).collect::<Vec<_>>());
            assert_eq!(b.score, b.count(&layout));
            scores.push(b.score);
        });
        assert!(scores[0] < given.score, "the shuffled board is worse");
        assert!(scores[1..].iter().all(|&s| s > given.score), "{scores:?}");
        assert!(scores.windows(2).all(|w| w[0] < w[1]));
    }
}
