//! The receiving end of every enumeration, for every engine, model and
//! split part: [`drive`] owns the engine threads' stop flag, the channel
//! and the receiving loop; what differs between them comes in as the
//! engine's start, its [`Classes`] and, for the engines that count on
//! their own threads, its [`Tallied`] figures.

use std::collections::HashSet;
use std::hash::Hash;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, mpsc};
use std::time::{Duration, Instant};

use super::listing::{Enumeration, Limits, Want};
use crate::error::{Error, Result};
use crate::report::Stop;
use crate::solution::Solution;

/// What an engine's worker thread sends: raw solutions (option indices
/// for a cover, boxes for the order model), then done or failed.
pub enum Message<T> {
    /// A solution to reduce to its class (de-duplicated here).
    Solution(T),
    /// A solution the search thread already knows to stand for its
    /// class, of this weight (solutions on a fixed board): decoded,
    /// checked and recorded as it is.
    Class(T, u64),
    Done,
    Failed(String),
}

/// How a family reads classes from its engine's raw solutions `T`: the
/// one thing besides its engine that differs between a cover and the
/// order model's boxes.
pub trait Classes<T> {
    /// A class's canonical form, by which its members are de-duplicated.
    type Key: Hash + Eq;
    /// |G|: each class counts `order / stabiliser` solutions.
    fn order(&self) -> u64;
    /// The class of a raw solution, and the order of its stabiliser.
    fn canonical(&self, raw: &T) -> (Self::Key, usize);
    /// The checked solution of a new class's first member (an error for
    /// a failed check).
    fn decode(&self, raw: T) -> Result<Solution>;
}

/// The figures of an engine that counts on its search threads (the
/// exact engines' [`super::Counter`]) rather than here, class by class.
pub trait Tallied {
    /// The figures so far (on a fixed board, distinct), for the progress
    /// of a count.
    fn so_far(&self) -> (u64, u64);
    /// The check that failed on a search thread, which stopped the search.
    fn failure(&self) -> Option<Error>;
    /// Puts the threads' figures into `result` once the loop is over.
    fn settle(&self, result: &mut Enumeration) -> Result<()>;
}

/// How many messages an engine may send ahead of the receiving loop.
const QUEUE: usize = 1024;

/// One enumeration, whatever the engine: makes the engine threads' own
/// stop flag and the channel, starts the engine with both (`start`),
/// takes what it sends until it is done, the time runs out (the limit
/// counted from `run_started`), the limit on classes is reached or the
/// caller's flag (`limits.stop`) is raised, then raises the threads' flag.
/// The threads never watch the caller's flag itself: raising that (the
/// process's interrupt) would read as Ctrl-C to whatever polls it next.
/// With `tallied` (the exact engines), the counts are the search
/// threads' own.
pub fn drive<T, C: Classes<T>>(
    engine: &str,
    start: impl FnOnce(&Arc<AtomicBool>, mpsc::SyncSender<Message<T>>) -> Result<()>,
    classes: &C,
    limits: &Limits,
    run_started: Instant,
    tallied: Option<&dyn Tallied>,
    progress: &mut dyn FnMut(u64),
) -> Result<Enumeration> {
    let stop = Arc::new(AtomicBool::new(false));
    let (send, receive) = mpsc::sync_channel(QUEUE);
    start(&stop, send)?;
    let ends = Ends {
        engine,
        limits,
        run_started,
        tallied,
    };
    let result = ends.collect(&receive, classes, progress);
    stop.store(true, Ordering::Relaxed);
    let Some(tallied) = tallied else {
        return result;
    };
    // A solution that failed its check on a search thread stopped the
    // search; that, not the silence that followed, is the answer.
    if let Some(bug) = tallied.failure() {
        return Err(bug);
    }
    let mut result = result?;
    tallied.settle(&mut result)?;
    Ok(result)
}

/// One message of the search, taken into `result`: a solution whose
/// class was not `seen` yet, or a class with its weight, is recorded; a
/// failure is the run's error. Whether the enumeration is over (the
/// search is done, or the limit on classes is reached).
fn take_message<T, C: Classes<T>>(
    message: Message<T>,
    classes: &C,
    seen: &mut HashSet<C::Key>,
    result: &mut Enumeration,
    limits: &Limits,
    progress: &mut dyn FnMut(u64),
) -> Result<bool> {
    match message {
        Message::Solution(raw) => {
            let (class, stabiliser) = classes.canonical(&raw);
            if !seen.insert(class) {
                return Ok(false);
            }
            let solution = classes.decode(raw)?;
            let weight = classes.order() / stabiliser as u64;
            result.record(solution, weight, limits, progress)
        }
        Message::Class(raw, weight) => {
            let solution = classes.decode(raw)?;
            result.record(solution, weight, limits, progress)
        }
        Message::Done => {
            result.complete = true;
            Ok(true)
        }
        Message::Failed(e) => Err(Error::Solver(e)),
    }
}

/// What ends the receiving loop besides the engine's own end.
struct Ends<'a> {
    engine: &'a str,
    limits: &'a Limits,
    run_started: Instant,
    tallied: Option<&'a dyn Tallied>,
}

/// Wake up at least this often to see whether the run was stopped from
/// outside (Ctrl-C, or the loser of a race).
const LOOK: Duration = Duration::from_millis(100);

impl Ends<'_> {
    /// The receiving loop: every message taken in turn, the time limit
    /// and the caller's flag looked at between them.
    fn collect<T, C: Classes<T>>(
        &self,
        receive: &mpsc::Receiver<Message<T>>,
        classes: &C,
        progress: &mut dyn FnMut(u64),
    ) -> Result<Enumeration> {
        let started = Instant::now();
        let mut shown = 0;
        let mut seen: HashSet<C::Key> = HashSet::new();
        let mut result = Enumeration::default();
        loop {
            let wait = self.left(result.distinct).map_or(LOOK, |l| l.min(LOOK));
            // Looked at before every message, not only when none comes: a
            // listing that finds classes faster than they are written never
            // waits, and must still stop on Ctrl-C.
            if let Some(stopped) = self.must_end(result.distinct) {
                result.stopped = Some(stopped);
                break;
            }
            let message = match receive.recv_timeout(wait) {
                Ok(m) => m,
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    self.show_count(&mut shown, progress);
                    if let Some(stopped) = self.must_end(result.distinct) {
                        result.stopped = Some(stopped);
                        break;
                    }
                    continue;
                }
                Err(mpsc::RecvTimeoutError::Disconnected) if self.stopped_from_outside() => {
                    result.stopped = Some(Stop::Interrupted);
                    break;
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    Message::Failed(format!("{} stopped without an answer", self.engine))
                }
            };
            if take_message(
                message,
                classes,
                &mut seen,
                &mut result,
                self.limits,
                progress,
            )? {
                break;
            }
        }
        result.solve_ms = crate::report::ms(started.elapsed());
        Ok(result)
    }

    fn stopped_from_outside(&self) -> bool {
        self.limits
            .stop
            .as_ref()
            .is_some_and(|s| s.load(Ordering::Relaxed))
    }

    /// The time left with `classes` found: the search ends earlier the
    /// more classes there are to draw.
    fn left(&self, classes: u64) -> Option<Duration> {
        let limits = self.limits;
        limits.time.map(|limit| {
            let reserve = limits
                .render_per_class
                .saturating_mul(classes.min(u32::MAX as u64) as u32);
            limit
                .saturating_sub(reserve)
                .saturating_sub(self.run_started.elapsed())
        })
    }

    /// Why the loop must end now, with `distinct` classes found: the time
    /// limit, then a stop from outside.
    fn must_end(&self, distinct: u64) -> Option<Stop> {
        match (self.limits.time, self.left(distinct)) {
            (Some(limit), Some(Duration::ZERO)) => Some(Stop::TimeLimit(limit)),
            _ => self.stopped_from_outside().then_some(Stop::Interrupted),
        }
    }

    /// Shows a count's progress while no message comes: the classes the
    /// search threads have tallied so far, when that changed since it was
    /// `shown`.
    fn show_count(&self, shown: &mut u64, progress: &mut dyn FnMut(u64)) {
        let counting = self.limits.want == Want::Counts;
        if let Some(tallied) = self.tallied.filter(|_| counting) {
            let (_, distinct) = tallied.so_far();
            if distinct != *shown {
                *shown = distinct;
                progress(distinct);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::thread;

    use super::*;
    use crate::report::Stop;
    use crate::solution::PlacedPiece;

    /// A family of numbers whose classes are their remainders mod 3
    /// under a group of order 6, each class of 6 / 2 = 3 solutions.
    struct Thirds;

    impl Classes<u32> for Thirds {
        type Key = u32;
        fn order(&self) -> u64 {
            6
        }
        fn canonical(&self, raw: &u32) -> (u32, usize) {
            (raw % 3, 2)
        }
        fn decode(&self, raw: u32) -> Result<Solution> {
            let piece = PlacedPiece {
                piece: raw as usize,
                cells: Vec::new(),
            };
            Ok(Solution::Pieces(vec![piece]))
        }
    }

    /// An engine on a thread of its own that sends `raws`, then keeps
    /// sending until its flag is raised (`endless`) or says it is done;
    /// its flag is kept in `seen_flag` for the test to look at.
    fn engine(
        raws: Vec<u32>,
        endless: bool,
        seen_flag: &mut Option<Arc<AtomicBool>>,
    ) -> impl FnOnce(&Arc<AtomicBool>, mpsc::SyncSender<Message<u32>>) -> Result<()> {
        move |stop: &Arc<AtomicBool>, send: mpsc::SyncSender<Message<u32>>| {
            *seen_flag = Some(Arc::clone(stop));
            let stop = Arc::clone(stop);
            thread::spawn(move || {
                for raw in raws {
                    let _ = send.send(Message::Solution(raw));
                }
                while endless && !stop.load(Ordering::Relaxed) {
                    if send.send(Message::Solution(7)).is_err() {
                        return;
                    }
                }
                if !endless {
                    let _ = send.send(Message::Done);
                }
            });
            Ok(())
        }
    }

    fn run(limits: &Limits, raws: Vec<u32>, endless: bool) -> (Result<Enumeration>, bool) {
        let mut flag = None;
        let start = engine(raws, endless, &mut flag);
        let found = drive(
            "toy",
            start,
            &Thirds,
            limits,
            Instant::now(),
            None,
            &mut |_| {},
        );
        let raised = flag.is_some_and(|f| f.load(Ordering::Relaxed));
        (found, raised)
    }

    #[test]
    fn a_family_supplies_its_start_and_its_classes_alone() {
        let (found, raised) = run(&Limits::default(), vec![1, 4, 2, 7, 5], false);
        let found = found.unwrap();
        // Classes 1 and 2 (4 and 7 are 1 again, 5 is 2), 3 solutions each.
        assert_eq!((found.distinct, found.count), (2, 6));
        assert!(found.complete && found.stopped.is_none());
        assert_eq!(found.classes.len(), 2);
        assert!(raised, "the engine's flag is raised when the loop ends");
    }

    #[test]
    fn the_limit_on_classes_stops_the_engine_and_not_the_caller() {
        let caller = Arc::new(AtomicBool::new(false));
        let limits = Limits {
            classes: Some(2),
            stop: Some(Arc::clone(&caller)),
            ..Limits::default()
        };
        let (found, raised) = run(&limits, vec![0, 3, 1], true);
        let found = found.unwrap();
        assert_eq!(found.stopped, Some(Stop::Limit(2)));
        assert!(!found.complete);
        assert!(raised, "the engine is stopped through its own flag");
        assert!(
            !caller.load(Ordering::Relaxed),
            "the caller's flag is left alone"
        );
    }

    #[test]
    fn a_stop_from_outside_ends_an_engine_that_never_ends() {
        let limits = Limits {
            stop: Some(Arc::new(AtomicBool::new(true))),
            ..Limits::default()
        };
        let (found, raised) = run(&limits, Vec::new(), true);
        let found = found.unwrap();
        assert_eq!(found.stopped, Some(Stop::Interrupted));
        assert!(!found.complete && raised);
    }

    #[test]
    fn an_engine_gone_without_an_answer_is_an_error() {
        let start = |_: &Arc<AtomicBool>, send: mpsc::SyncSender<Message<u32>>| {
            drop(send);
            Ok(())
        };
        let limits = Limits::default();
        let found = drive(
            "toy",
            start,
            &Thirds,
            &limits,
            Instant::now(),
            None,
            &mut |_| {},
        );
        let why = found.unwrap_err().to_string();
        assert!(why.contains("toy stopped without an answer"), "{why}");
    }
}
