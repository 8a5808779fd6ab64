//! Every solution, one per symmetry class, with exact counts.
//!
//! Engines run on [`worker`](crate::solve::worker) threads; [`drive`]
//! owns what every enumeration shares — the engine threads' stop flag, the
//! channel and the one receiving loop — for every engine, model and split
//! part. What differs comes in beside it: how the engine starts (an exact
//! search, [`enumerate_exact`]; incremental SAT with a model's
//! [`Blocker`], [`sat`]) and how a family reads classes from what the
//! engine sends ([`Classes`]: a cover's options here, the order model's
//! boxes in [`crate::family::boxes`]).
//!
//! The files: `receive.rs` (the loop), `exact.rs` (the search threads'
//! own counting), `sat.rs` (the SAT engines, their cubes and blockers),
//! `listing.rs` (what an enumeration is asked for, where each class goes
//! as it is found, what it found), `keyed.rs` (the threads' tallies split
//! by pieces, [`ByPieces`]), `cover.rs` (what an enumeration over a
//! cover needs, and how its classes are read); here, which engine.
//!
//! # Counting in constant memory
//!
//! The exact engines meet each solution the search allows (symmetry
//! breaking forbids some options) exactly once. Each search thread weighs
//! the solutions it meets itself ([`Orbits`](crate::symmetry::Orbits)): the class of a solution S
//! stands for |G| / |stabiliser| solutions on a fixed board, and the
//! search meets `m` of its members, the images of S avoiding every
//! forbidden option. So each meeting adds `1/m` of a class, wherever and
//! on whichever thread it happens, and a thread keeps a tally per pair
//! (class size, members met) — a handful of numbers, however many
//! solutions ([`Tallies`](crate::tally::Tallies)). The threads' tallies are summed at the end and
//! divided out exactly: the distinct count without remembering any class.
//! The split parts ([`crate::jobs`]) tally the same way, through the same
//! loop, so parts merge exactly.
//!
//! Every solution is still checked against the puzzle on its thread, at a
//! few word operations per piece ([`Placements`](crate::solution::Placements)); edge-matching
//! solutions, whose rules are between neighbours, go to the receiving loop and
//! are decoded and checked in full, de-duplicated by canonical form.
//!
//! Listing classes (`solve --all`, `--limit`) needs one member of each: a
//! thread sends a solution on only when it is the least of the images the
//! search meets ([`Orbits::is_least`](crate::symmetry::Orbits::is_least)), exactly one per class, which
//! the receiving loop decodes and checks in full, then hands to the run's
//! [`Listing`] (`solve --all` writes it out at once) or, without one,
//! keeps in [`Enumeration::classes`]. The incremental SAT engine
//! finds one solution per class within a thread, but threads on other
//! cubes may meet the same class again, so its solutions are reduced to
//! their canonical form and de-duplicated there, as the order model's
//! boxes are.
//!
//! Two kinds of engine read a cover ([`Engine`]):
//!
//! - **exact** ([`crate::exact`]: dlx, first-cell, row-scan), on every
//!   core; the default wherever one applies, because backtracking
//!   enumerates far faster than a SAT solver restarted per solution;
//! - **SAT**: incremental varisat or CaDiCaL ([`sat`], shared with the
//!   order model); after each solution the clauses that block *its whole
//!   orbit* are added, so the solver is called once per class, plus one
//!   UNSAT call per cube: the search is cut into cubes (the first options
//!   of Algorithm X's tree, as assumptions) that the cores share, one
//!   solver each.
//!
//! Which engine runs is the plan's choice ([`crate::portfolio`]), never
//! this module's.
//!
//! # Complete only when exhausted
//!
//! An enumeration is complete only when its engine's worker says
//! [`Message::Done`](receive::Message::Done), which it says only after
//! exhausting its search: an exact search or a SAT thread stopped (its
//! flag, the receiving end gone) sends nothing, and each engine's
//! threads stop on a flag of their own, raised when [`drive`]'s loop
//! ends, never on the caller's (the process's interrupt), which stays a
//! signal's alone. The loop looks at the caller's flag before every
//! message, so that a listing whose classes never stop coming still
//! stops on Ctrl-C. What a run may say from `complete` and `stopped` is
//! decided in one place, [`crate::report::Ending`].

mod cover;
mod exact;
mod keyed;
mod listing;
mod receive;
mod sat;

use crate::error::Result;
use crate::exact::ExactEngine;
pub use crate::report::Stop;
use crate::solve::Incremental;

pub use cover::CoverRun;
pub use exact::{Exact, enumerate_exact, seconds_per_solution, start_search};
pub use listing::{ByPieces, Enumeration, Limits, Listing, Want};
pub use receive::{Classes, drive};
pub use sat::{Blocker, sat};

/// The engines that enumerate a cover: an exact search, or incremental
/// SAT on the placement CNF.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Engine {
    Exact(ExactEngine),
    /// Incremental SAT with this solver.
    Sat(Incremental),
}

impl Engine {
    pub fn name(self) -> &'static str {
        match self {
            Engine::Exact(engine) => engine.name(),
            Engine::Sat(solver) => solver.name(),
        }
    }
}

/// Enumerates the classes of an exact-cover instance with `engine`;
/// `progress` is called with the classes found so far. Every solution is
/// checked against the puzzle.
pub fn enumerate_cover(
    run: &CoverRun,
    engine: Engine,
    progress: &mut dyn FnMut(u64),
) -> Result<Enumeration> {
    match engine {
        Engine::Exact(exact) => {
            let search = run.build(exact)?;
            Ok(enumerate_exact(run, exact.name(), search, vec![Vec::new()], progress)?.enumeration)
        }
        Engine::Sat(solver) => sat::enumerate_sat(run, solver, progress),
    }
}
