//! The solutions of a run handed to a reader as the search finds them
//! (the work behind `api::Solutions`): one per class, or on a fixed board
//! every member of each class, its images under the board's symmetries,
//! each checked against the puzzle. The search stops when the reader has
//! gone.

use std::sync::Arc;
use std::time::Duration;

use crate::enumerate::{Listing, Stop};
use crate::error::{Error, Result};
use crate::geometry::square::{quarter_turns, turned};
use crate::options::Options;
use crate::puzzle::Puzzle;
use crate::solution::{PlacedPiece, PlacedTile, Solution};
use crate::symmetry::{Group, Symmetry};

/// Runs the enumeration of `puzzle` with `options`, handing each class's
/// solution (with `fixed_board`, each of its members) to `send`, which
/// answers `false` when the reader has gone; a failure to make a class's
/// members is sent too, and ends the run. `Some(limit)` when the time
/// limit stopped it.
pub fn stream(
    puzzle: &Arc<Puzzle>,
    mut options: Options,
    fixed_board: bool,
    send: impl Fn(Result<Solution>) -> bool + Send + Sync + 'static,
) -> Result<Option<Duration>> {
    let group = match fixed_board {
        true => Some(crate::instance::Instance::new(puzzle)?.group().clone()),
        false => None,
    };
    let shared = Arc::clone(puzzle);
    // Ok(false) when the reader has gone, which stops the search.
    let listing = move |s: Solution, weight: u64| {
        Ok(match &group {
            None => send(Ok(s)),
            Some(group) => match class_members(&shared, group, s, weight) {
                Ok(members) => members.into_iter().all(|m| send(Ok(m))),
                Err(e) => {
                    send(Err(e));
                    false
                }
            },
        })
    };
    options.listing = Some(Listing(Arc::new(listing)));
    let (result, _) = crate::pipeline::enumerate(puzzle, &options, &mut |_| {})?;
    Ok(match result.stopped {
        Some(Stop::TimeLimit(limit)) => Some(limit),
        // Stopped by the reader, or what it asked for was found.
        _ => None,
    })
}

/// Every solution on a fixed board in the class of `s`: its distinct
/// images under the group, each checked against the puzzle. `weight` is
/// the class's size the enumeration counted; a different number of images
/// is a bug, and said so.
fn class_members(
    puzzle: &Puzzle,
    group: &Group,
    s: Solution,
    weight: u64,
) -> Result<Vec<Solution>> {
    let mut images = Vec::with_capacity(group.order());
    for g in &group.elements {
        let img = image(puzzle, g, &s).ok_or_else(|| {
            Error::Bug("a symmetry of the board does not act on a solution".into())
        })?;
        images.push(img);
    }
    images.sort_by(|a, b| (a.pieces(), a.tiles()).cmp(&(b.pieces(), b.tiles())));
    images.dedup();
    if images.len() as u64 != weight {
        return Err(Error::Bug(format!(
            "a class counted as {weight} solutions on a fixed board has {} images",
            images.len()
        )));
    }
    for img in &images {
        crate::solution::check(puzzle, img)
            .map_err(|why| crate::solution::failed("the listing of a class's members", &why))?;
    }
    Ok(images)
}

/// The image of a solution under one of the board's symmetries: each
/// piece (or tile) moved, a tile turned with the board; `None` when the
/// symmetry does not act on it (a bug the caller reports).
fn image(puzzle: &Puzzle, g: &Symmetry, s: &Solution) -> Option<Solution> {
    let board = &puzzle.board;
    let moved = |c: crate::geometry::Cell| -> Option<crate::geometry::Cell> {
        let i = board.index(c)? as usize;
        Some(board.cell(*g.cells.get(i)?))
    };
    if let Some(tiling) = puzzle.tiling() {
        let r = quarter_turns(g.transform)?;
        let placed = s
            .tiles()
            .iter()
            .map(|t| {
                let edges = turned(&t.edges, r);
                let listed = &tiling.tiles[t.tile].edges;
                let rotation = (0..4u8).find(|&k| turned(listed, k) == edges)?;
                Some(PlacedTile {
                    tile: t.tile,
                    at: moved(t.at)?,
                    rotation,
                    edges,
                })
            })
            .collect::<Option<Vec<_>>>()?;
        return Some(Solution::of_tiles(placed));
    }
    let placed = s
        .pieces()
        .iter()
        .map(|p| {
            Some(PlacedPiece {
                piece: *g.pieces.get(p.piece)?,
                cells: p.cells.iter().map(|&c| moved(c)).collect::<Option<_>>()?,
            })
        })
        .collect::<Option<Vec<_>>>()?;
    Some(Solution::new(placed))
}
