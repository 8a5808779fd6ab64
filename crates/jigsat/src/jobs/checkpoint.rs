//! The checkpoint of `count --checkpoint FILE`: a count cut into parts
//! run one after another in this process (each on every thread), each
//! finished part recorded in a file, so that a count stopped by Ctrl-C, a
//! crash or the time limit goes on from where it stopped. The file
//! ([`CheckpointFile`]) is checked as a split's files are
//! ([`super::trust::check_checkpoint`]); when every part is done their
//! results add up as a split's do ([`super::merge`]).

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use super::files::{self, CheckpointFile, PartResult};
use super::run;
use crate::error::{Error, Result};
use crate::options::Options;
use crate::process::interrupt;
use crate::puzzle::Puzzle;

/// Parts a checkpointed count is cut into: a finished part is what an
/// interruption keeps, so many small parts lose little; each part costs a
/// rebuild of the search (milliseconds) and a rewrite of the checkpoint.
const CHECKPOINT_PARTS: usize = 256;

/// How often finished parts are written to the checkpoint: what a crash
/// can lose, against a synced write per part.
const SAVE_EVERY: Duration = Duration::from_secs(2);

/// Walks per subtree for the cut of a checkpointed count: few, since its
/// parts run one after another on the same threads, so how even they are
/// moves only how much an interruption loses, while the cut is paid
/// before the count starts (Y25: 40 walks in populations made the
/// checkpointed count 1.07x the CPU of one cut with lone walks).
const CHECKPOINT_PROBES: usize = 10;

/// The first line of a checkpoint file.
const CHECKPOINT_TITLE: &str =
    "jigsat count --checkpoint: the parts of a count and the results of those finished.";

/// The checkpoint in `file` when there is one (it must be whole, and
/// belong to this puzzle and these options), else a new cut of the count
/// into parts, written to `file` at once. `puzzle_file` names the puzzle
/// in messages and in a new checkpoint.
pub fn open(
    file: &Path,
    puzzle: &Puzzle,
    puzzle_file: &str,
    options: &Options,
) -> Result<CheckpointFile> {
    let no_tree =
        |reason: String| Error::Usage(format!("{puzzle_file}: cannot count in parts: {reason}"));
    if file.exists() {
        let checkpoint: CheckpointFile = files::read_own(file, "a count checkpoint")?;
        super::trust::check_checkpoint(&checkpoint).map_err(|why| {
            Error::Usage(format!(
                "{}: cannot go on from this checkpoint: {why}; remove it to count again from the start",
                file.display()
            ))
        })?;
        let here = run::fingerprint_of(puzzle, options)?.map_err(no_tree)?;
        if here != checkpoint.plan.fingerprint {
            return Err(Error::Usage(format!(
                "{}: the checkpoint of another count (of {}, or with other options); give another --checkpoint file",
                file.display(),
                checkpoint.puzzle_file
            )));
        }
        return Ok(checkpoint);
    }
    let cut =
        run::cut(puzzle, options, CHECKPOINT_PARTS, CHECKPOINT_PROBES, 1)?.map_err(no_tree)?;
    let checkpoint = CheckpointFile {
        plan: cut.shape,
        estimated_nodes: cut.estimated_nodes,
        puzzle_file: puzzle_file.to_string(),
        parts: cut.parts,
        done: Vec::new(),
    };
    files::write(file, CHECKPOINT_TITLE, &checkpoint)?;
    Ok(checkpoint)
}

/// How a run of a checkpoint's parts ended ([`run`]).
#[derive(Clone, Debug)]
pub enum Ran {
    /// Every part is done: their results added up.
    Counted(super::Merged),
    /// A part did not finish; the parts finished are in the checkpoint.
    Stopped {
        /// The part that did not finish.
        part: usize,
        /// Parts done (in this run and before).
        done: usize,
        /// The solutions found in the parts done, `None` past 2^64.
        found: Option<u64>,
    },
}

/// Runs the parts of `checkpoint` not done yet, one after another,
/// calling `on_part` with the number of parts done after each; finished
/// parts are written to `file` every two seconds and when the run ends.
/// Stops at the time limit of `options` or when `stop` is raised.
pub fn run(
    file: &Path,
    puzzle: &Puzzle,
    options: &Options,
    stop: &Arc<AtomicBool>,
    checkpoint: &mut CheckpointFile,
    on_part: &mut dyn FnMut(usize),
) -> Result<Ran> {
    let todo: Vec<_> = checkpoint
        .parts
        .iter()
        .filter(|p| !checkpoint.done.iter().any(|d| d.part == p.part))
        .cloned()
        .collect();
    let mut saved = Instant::now();
    let plan = checkpoint.plan.clone();
    let ended = run::count_parts(puzzle, options, &plan, &todo, stop, &mut |r| {
        checkpoint.done.push(r);
        on_part(checkpoint.done.len());
        // Each save is synced to disk: not after every small part.
        if saved.elapsed() < SAVE_EVERY {
            return Ok(());
        }
        saved = Instant::now();
        files::write(file, CHECKPOINT_TITLE, &*checkpoint)
    })?;
    interrupt::finishing();
    files::write(file, CHECKPOINT_TITLE, &*checkpoint)?;
    if let Some(ended) = ended {
        // Checked: the figures come from a file (each sound, but their
        // sum may still pass 2^64).
        let found = checkpoint
            .done
            .iter()
            .try_fold(0u64, |n, r| n.checked_add(r.solutions));
        return Ok(Ran::Stopped {
            part: ended.part,
            done: checkpoint.done.len(),
            found,
        });
    }
    let results: Vec<(String, PartResult)> = checkpoint
        .done
        .iter()
        .map(|r| (format!("{} part {}", file.display(), r.part), r.clone()))
        .collect();
    let digests: Vec<String> = checkpoint.parts.iter().map(|p| p.digest.clone()).collect();
    let merged = super::merge(&checkpoint.plan, &digests, &results)
        .map_err(|why| Error::Usage(format!("{}:\n  {why}", file.display())))?;
    Ok(Ran::Counted(merged))
}
