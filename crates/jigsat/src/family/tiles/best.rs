//! `solve --best`: the board with every tile placed that matches the most
//! inner edges, for boards whose full solution is out of reach.
//!
//! One annealer ([`super::anneal`]) runs per thread, each from its own
//! shuffled board; each sends the boards that beat its own best to this
//! thread, which keeps those that beat every board so far, rebuilds each
//! as a [`Solution`], scores it from the board alone ([`super::score`])
//! and hands it to the caller. The run ends at the time limit, when the
//! stop flag is raised (Ctrl-C keeps the best board found), or when every
//! inner edge matches: that board is then checked in full as a solution.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use super::anneal::{Board, Layout, anneal};
use super::score::{Score, score};
use crate::error::{Error, Result};
use crate::geometry::square::turned;
use crate::puzzle::Puzzle;
use crate::solution::{PlacedTile, Solution};

/// What a best-score run may spend.
pub struct Settings {
    pub time_limit: Option<Duration>,
    pub threads: usize,
    /// The first annealer's seed; thread `i` takes `seed + i`.
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
    TimeLimit,
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
    let started = Instant::now();
    let deadline = settings.time_limit.map(|t| started + t);
    let halt = Arc::new(AtomicBool::new(false));
    let global = AtomicU64::new(0);
    let (send, receive) = mpsc::channel::<Board>();
    let mut best: Option<Found> = None;
    let mut failed = None;
    std::thread::scope(|scope| {
        for i in 0..settings.threads.max(1) {
            let (send, layout, halt, global) = (send.clone(), &layout, &halt, &global);
            let seed = settings.seed.wrapping_add(i as u64);
            scope.spawn(move || {
                anneal(layout, seed, halt, &mut |board| {
                    if global.fetch_max(board.score, Ordering::Relaxed) < board.score
                        || board.score == 0
                    {
                        let _ = send.send(board.clone());
                    }
                });
            });
        }
        drop(send);
        let max = layout.max_score();
        loop {
            if settings.stop.load(Ordering::Relaxed)
                || deadline.is_some_and(|d| Instant::now() >= d)
            {
                break;
            }
            let wait = deadline.map_or(Duration::from_millis(50), |d| {
                d.saturating_duration_since(Instant::now())
                    .min(Duration::from_millis(50))
            });
            let board = match receive.recv_timeout(wait) {
                Ok(board) => board,
                Err(mpsc::RecvTimeoutError::Timeout) => continue,
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            };
            if best.as_ref().is_some_and(|b| b.score.score >= board.score) {
                continue;
            }
            match found(puzzle, &layout, &board, started) {
                Ok(f) => {
                    improved(&f);
                    let done = f.score.score == max;
                    best = Some(f);
                    if done {
                        break;
                    }
                }
                Err(e) => {
                    failed = Some(e);
                    break;
                }
            }
        }
        halt.store(true, Ordering::Relaxed);
    });
    if let Some(e) = failed {
        return Err(e);
    }
    let best = best.ok_or_else(|| Error::Bug("the annealers sent no board".into()))?;
    let ended = if best.score.score == best.score.max_score {
        crate::solution::check(puzzle, &best.solution).map_err(|e| {
            Error::Bug(format!("a board scoring every edge is not a solution: {e}"))
        })?;
        Ended::Solved
    } else if settings.stop.load(Ordering::Relaxed) {
        Ended::Interrupted
    } else {
        Ended::TimeLimit
    };
    Ok(Outcome::Best(best, ended))
}

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
