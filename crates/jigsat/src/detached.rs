//! A run on a thread of its own, as its caller sees it: the work behind
//! `api::Job` and `api::Solutions`. The caller waits for the run's
//! messages with a bound on each wait, and can stop it at any moment;
//! the time limit holds for the caller even in the phases of a run that
//! do not watch the clock (building placements, encoding), since the
//! caller gives the run up shortly after it.
//!
//! Two flags, so that a race raising the run's flag to stop its loser
//! never reads as the caller's stop: the caller's (`Solver::stop_flag`,
//! or a new one) and the run's, raised whenever the caller's is, when the
//! caller gives up, and when the caller lets go of the run.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, mpsc};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long after its time limit a run that does not answer is given up
/// for the caller (the command line's watchdog waits as long).
const GRACE: Duration = crate::process::interrupt::GRACE;

/// The caller's stop flag and the run's.
#[derive(Clone, Debug)]
pub struct Stops {
    /// The caller's: raised by the caller, read by the caller's side.
    pub caller: Arc<AtomicBool>,
    /// The run's: what the search polls.
    pub run: Arc<AtomicBool>,
}

impl Stops {
    /// The caller's flag (`caller`, or a new one) and a new flag for the
    /// run.
    pub fn new(caller: Option<Arc<AtomicBool>>) -> Stops {
        Stops {
            caller: caller.unwrap_or_default(),
            run: Arc::new(AtomicBool::new(false)),
        }
    }
}

/// What one wait for a run's next message found.
pub enum Polled<M> {
    /// The run's next message.
    Message(M),
    /// None yet.
    Pending,
    /// The caller's flag is raised: the run is told to stop.
    Stopped,
    /// The time limit and its grace have passed: the run is given up.
    GivenUp,
    /// The run has ended and said everything (or the caller closed it).
    Ended,
}

/// A run on a thread of its own, sending messages of type `M`.
#[derive(Debug)]
pub struct Detached<M> {
    receive: Option<mpsc::Receiver<M>>,
    stops: Stops,
    deadline: Option<Instant>,
    /// The thread, when dropping waits for it to end.
    thread: Option<JoinHandle<()>>,
}

impl<M: Send + 'static> Detached<M> {
    /// Starts `work` on a thread named `name`, sending through a channel
    /// of `capacity` messages (the search runs ahead of the reader by that
    /// many at most), given up `limit` (and the grace) from now. With
    /// `join`, dropping waits for the thread to end (unless past the
    /// deadline). The error of a thread that could not start comes back
    /// beside a run that has ended.
    pub fn start(
        name: &str,
        stops: &Stops,
        limit: Option<Duration>,
        capacity: usize,
        join: bool,
        work: impl FnOnce(mpsc::SyncSender<M>) + Send + 'static,
    ) -> (Detached<M>, Option<std::io::Error>) {
        let deadline = limit.map(|t| Instant::now() + t + GRACE);
        let (send, receive) = mpsc::sync_channel(capacity);
        let spawned = std::thread::Builder::new()
            .name(name.into())
            .spawn(move || work(send));
        let (thread, error) = match spawned {
            Ok(handle) => (join.then_some(handle), None),
            Err(e) => (None, Some(e)),
        };
        let run = Detached {
            receive: Some(receive),
            stops: stops.clone(),
            deadline,
            thread,
        };
        (run, error)
    }
}

impl<M> Detached<M> {
    /// Waits up to `wait` (never past the deadline) for the next message.
    pub fn poll(&mut self, wait: Duration) -> Polled<M> {
        let Some(receive) = &self.receive else {
            return Polled::Ended;
        };
        if self.stops.caller.load(Ordering::Relaxed) {
            self.stops.run.store(true, Ordering::Relaxed);
            return Polled::Stopped;
        }
        let wait = match self.deadline {
            Some(d) => wait.min(d.saturating_duration_since(Instant::now())),
            None => wait,
        };
        match receive.recv_timeout(wait) {
            Ok(message) => Polled::Message(message),
            Err(mpsc::RecvTimeoutError::Disconnected) => Polled::Ended,
            Err(mpsc::RecvTimeoutError::Timeout) => {
                if self.deadline.is_some_and(|d| Instant::now() >= d) {
                    self.stops.run.store(true, Ordering::Relaxed);
                    return Polled::GivenUp;
                }
                Polled::Pending
            }
        }
    }

    /// Reads no more: every later poll finds the run ended, and the run's
    /// sends fail, which stops it.
    pub fn close(&mut self) {
        self.receive = None;
    }

    /// Raises both flags: the run ends within a moment.
    pub fn stop(&self) {
        self.stops.caller.store(true, Ordering::Relaxed);
        self.stops.run.store(true, Ordering::Relaxed);
    }
}

impl<M> Drop for Detached<M> {
    fn drop(&mut self) {
        self.stops.run.store(true, Ordering::Relaxed);
        // The run's sends fail from here on, which stops it too.
        self.receive = None;
        if let Some(thread) = self.thread.take()
            && self.deadline.is_none_or(|d| Instant::now() < d)
        {
            let _ = thread.join();
        }
    }
}
