//! `solve --best`: the board with every tile placed that matches the most
//! inner edges, for boards whose full solution is out of reach.
//!
//! Every other thread (the first, the third, ...) runs the row scan with
//! a budget of mismatched edges ([`super::budget`]), which finds good
//! boards fast; the others run an annealer ([`super::anneal`]) from its
//! own shuffled board, which takes up the scan's best board as soon as it
//! beats its own and polishes it, cold (as does a scan's thread once its
//! scan has no more to give). Each sends the boards that beat its own best
//! to this thread, which keeps those that beat every board so far, rebuilds each
//! as a [`Solution`], scores it from the board alone ([`super::score`])
//! and hands it to the caller. The run ends at the time limit, when the
//! stop flag is raised (Ctrl-C keeps the best board found), or when every
//! inner edge matches: that board is then checked in full as a solution.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, mpsc};
use std::time::{Duration, Instant};

use super::anneal::anneal;
use super::budget::{Scan, row_order};
use super::layout::{Board, Layout};
use super::score::{Score, score};
use crate::error::{Error, Result};
use crate::geometry::square::turned;
use crate::puzzle::Puzzle;
use crate::solution::{PlacedTile, Solution};

/// What a best-score run may spend.
pub struct Settings {
    pub time_limit: Option<Duration>,
    pub threads: usize,
    /// The first thread's seed; the others' are drawn from it
    /// (`thread_seed`).
    pub seed: u64,
    /// Raised from outside (Ctrl-C) to end the run with the best so far.
    pub stop: Arc<AtomicBool>,
}

/// A board better than every one before it in the run.
#[derive(Clone, Debug)]
pub struct Found {
    pub solution: Solution,
    pub score: Score,
    /// Since the run started.
    pub elapsed: Duration,
}

/// Why a best-score run ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Ended {
    /// Every inner edge matches: the board is a solution, checked in full.
    Solved,
    /// No tile can move (every position a clue): the one board there is.
    Exhausted,
    /// The time limit came first.
    TimeLimit,
    /// The stop flag was raised (Ctrl-C).
    Interrupted,
}

/// How a best-score run came out.
#[derive(Clone, Debug)]
pub enum Outcome {
    /// The tiles cannot all be placed (the pre-check's reason): no board
    /// to score.
    Impossible(String),
    /// The best board found and why the run ended.
    Best(Found, Ended),
}

/// Runs the annealers on edge-matching `puzzle`, calling `improved` with
/// each better board. The pre-check runs first, whatever the options say:
/// a board can only be scored when every tile can be placed.
pub fn run(
    puzzle: &Puzzle,
    settings: &Settings,
    improved: &mut dyn FnMut(&Found),
) -> Result<Outcome> {
    // The time limit covers the setting up too.
    let started = Instant::now();
    let Some(tiling) = puzzle.tiling() else {
        return Err(Error::Usage(format!(
            "{}: --best applies to edge-matching puzzles (tiles), and this is a packing puzzle",
            crate::process::files::first_input().unwrap_or_else(|| puzzle.name.clone())
        )));
    };
    let family = super::Tiles::new(puzzle, tiling)?;
    if let Some(reason) = crate::family::interface::Family::refute(&family) {
        return Ok(Outcome::Impossible(reason));
    }
    let layout = Layout::new(puzzle, tiling).map_err(|why| {
        Error::Bug(format!(
            "the pre-check passed, yet not every tile can be placed: {why}"
        ))
    })?;
    let best = search(puzzle, &layout, settings, started, improved)?;
    let best = best.ok_or_else(|| Error::Bug("the annealers sent no board".into()))?;
    let ended = if best.score.score == best.score.max_score {
        crate::solution::check(puzzle, &best.solution).map_err(|e| {
            Error::Bug(format!("a board scoring every edge is not a solution: {e}"))
        })?;
        Ended::Solved
    } else if settings.stop.load(Ordering::Relaxed) {
        Ended::Interrupted
    } else if layout.is_fixed() {
        Ended::Exhausted
    } else {
        Ended::TimeLimit
    };
    Ok(Outcome::Best(best, ended))
}

/// Runs one annealer per thread until the time limit, the stop flag or
/// a full score; the best board found, each better one handed to
/// `improved` on this thread.
fn search(
    puzzle: &Puzzle,
    layout: &Layout,
    settings: &Settings,
    started: Instant,
    improved: &mut dyn FnMut(&Found),
) -> Result<Option<Found>> {
    let deadline = settings.time_limit.map(|t| started + t);
    let (halt, global) = (AtomicBool::new(false), AtomicU64::new(0));
    // The best board of the row scans, for the annealers to take up.
    let scanned: Mutex<Option<Board>> = Mutex::new(None);
    let (send, receive) = mpsc::channel::<Board>();
    let mut best: Option<Found> = None;
    // Whether the board taken scores every edge.
    let mut take = |board: Board, best: &mut Option<Found>| -> Result<bool> {
        if best.as_ref().is_some_and(|b| b.score.score >= board.score) {
            return Ok(false);
        }
        let f = found(puzzle, layout, &board, started)?;
        improved(&f);
        let done = f.score.score == f.score.max_score;
        *best = Some(f);
        Ok(done)
    };
    // One sender per thread, so that the channel closes when all have
    // ended (a board of clues alone has nothing to anneal).
    let order = row_order(puzzle);
    let senders: Vec<_> = (0..settings.threads.max(1)).map(|_| send.clone()).collect();
    drop(send);
    std::thread::scope(|scope| -> Result<()> {
        let (halt, global, scanned) = (&halt, &global, &scanned);
        let handles: Vec<_> = senders
            .into_iter()
            .enumerate()
            .map(|(i, send)| {
                let seed = thread_seed(settings.seed, i);
                let order = &order;
                scope.spawn(move || {
                    let mut improved = |board: &Board| {
                        // Not below the best sent by any thread (ties
                        // too: the first board of each is always sent).
                        if global.fetch_max(board.score, Ordering::Relaxed) <= board.score {
                            let _ = send.send(board.clone());
                        }
                    };
                    work(
                        layout,
                        order,
                        seed,
                        i % 2 == 0,
                        halt,
                        deadline,
                        scanned,
                        &mut improved,
                    );
                })
            })
            .collect();
        let watched = watch(settings, deadline, &receive, &mut |board| {
            take(board, &mut best)
        });
        halt.store(true, Ordering::Relaxed);
        handles.into_iter().for_each(|h| {
            let _ = h.join();
        });
        watched
    })?;
    // Boards sent before the annealers stopped (the first ones, on a run
    // whose limit came during the setting up).
    for board in receive.try_iter() {
        if take(board, &mut best)? {
            break;
        }
    }
    Ok(best)
}

/// Takes up the threads' boards as they come, until the stop flag, the
/// deadline, a full score (`take` says so) or every thread's end.
fn watch(
    settings: &Settings,
    deadline: Option<Instant>,
    receive: &mpsc::Receiver<Board>,
    take: &mut dyn FnMut(Board) -> Result<bool>,
) -> Result<()> {
    loop {
        let stopped = settings.stop.load(Ordering::Relaxed);
        if stopped || deadline.is_some_and(|d| Instant::now() >= d) {
            return Ok(());
        }
        let wait = deadline.map_or(POLL, |d| d.saturating_duration_since(Instant::now()));
        match receive.recv_timeout(wait.min(POLL)) {
            Ok(board) => {
                if take(board)? {
                    return Ok(());
                }
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => return Ok(()),
        }
    }
}

/// What one thread does: with `scan` (on a board of at most
/// [`SCAN_MOST`] positions), the row scan first, its boards
/// kept in `scanned` too; then (or at once) an annealer, which takes up
/// the scan's best board whenever it beats its own.
#[allow(clippy::too_many_arguments)]
fn work(
    layout: &Layout,
    order: &[u32],
    seed: u64,
    scan: bool,
    halt: &AtomicBool,
    deadline: Option<Instant>,
    scanned: &Mutex<Option<Board>>,
    improved: &mut dyn FnMut(&Board),
) {
    if scan && layout.positions() <= SCAN_MOST {
        Scan::new(layout, order).run(seed, halt, deadline, &mut |board| {
            let mut kept = scanned.lock().unwrap_or_else(|e| e.into_inner());
            if kept.as_ref().is_none_or(|k| k.score < board.score) {
                *kept = Some(board.clone());
            }
            drop(kept);
            improved(board);
        });
    }
    // A scan that has no more to give leaves its thread to an annealer.
    let adopt = |score: u64| {
        let kept = scanned.lock().unwrap_or_else(|e| e.into_inner());
        kept.as_ref().filter(|k| k.score > score).cloned()
    };
    anneal(layout, seed, halt, deadline, &adopt, improved);
}

/// Thread `i`'s seed in a run seeded `seed`: the first thread's is
/// `seed` itself, and no two threads of runs seeded 1, 2, 3, ... (one per
/// machine) share one, whatever their threads (`seed + i` made the second
/// thread of run 1 the first of run 2).
fn thread_seed(seed: u64, i: usize) -> u64 {
    seed ^ ((i as u64) << 32)
}

/// The most positions a board may have for the row scan: its tables hold
/// every look of every tile at every position four times over (13 MB on
/// Eternity II's 256 positions, growing as the fourth power of the side), so the
/// largest boards are left to the annealers alone.
const SCAN_MOST: usize = 400;

/// How often the watching thread looks at the clock and the stop flag.
const POLL: Duration = Duration::from_millis(50);

/// A board as a solution, scored from the board alone; an annealer's own
/// count that disagrees is a bug, reported as one.
fn found(puzzle: &Puzzle, layout: &Layout, board: &Board, started: Instant) -> Result<Found> {
    let tiling = puzzle.tiling().expect("a tile puzzle");
    let tiles = (0..board.piece.len())
        .map(|p| {
            let tile = layout.piece_tile[board.piece[p] as usize];
            PlacedTile {
                tile,
                at: puzzle.board.cell(p as u32),
                rotation: board.turn[p],
                edges: turned(&tiling.tiles[tile].edges, board.turn[p]),
            }
        })
        .collect();
    let solution = Solution::of_tiles(tiles);
    let score = score(puzzle, &solution)
        .map_err(|e| Error::Bug(format!("a best-score board breaks a rule: {e}")))?;
    if score.score != board.score {
        return Err(Error::Bug(format!(
            "the annealer counted {} matched edges, the board has {}",
            board.score, score.score
        )));
    }
    Ok(Found {
        solution,
        score,
        elapsed: started.elapsed(),
    })
}
