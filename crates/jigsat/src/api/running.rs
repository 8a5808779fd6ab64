//! A run in progress, on a thread of its own: [`Job`] waits for one
//! answer, [`Solutions`] reads the solutions as the search finds them.
//! Both hold the time limit for the caller, and dropping either stops the
//! run ([`Solver`](super::Solver) starts them).

use std::collections::VecDeque;
use std::sync::Arc;
use std::task::Poll;
use std::time::Duration;

use super::error::{Error, Result};
use super::solution::Solution;
use crate::detached::{Detached, Polled};

/// A run on a thread of its own ([`Solver::start_solve`](super::Solver::start_solve),
/// [`Solver::start_count`](super::Solver::start_count)). Dropping it stops the run.
///
/// ```
/// let y25 = jigsat::api::Puzzle::from_file("puzzles/y25.toml")?;
/// let job = jigsat::api::Solver::new().start_count(&y25);
/// job.stop();
/// assert_eq!(job.wait(), Err(jigsat::api::Error::Interrupted));
/// # Ok::<(), jigsat::api::Error>(())
/// ```
#[derive(Debug)]
pub struct Job<T> {
    pub(super) run: Detached<Result<T>>,
    pub(super) time_limit: Option<Duration>,
    pub(super) early: Option<Error>,
}

impl<T> Job<T> {
    /// Waits for the answer.
    ///
    /// ```
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// assert_eq!(jigsat::api::Solver::new().start_count(&soma).wait()?.distinct, 240);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn wait(mut self) -> Result<T> {
        loop {
            if let Poll::Ready(answer) = self.poll(Duration::from_millis(100)) {
                return answer;
            }
        }
    }

    /// Waits up to `wait` for the answer: `Pending` when there is none
    /// yet. After `Ready`, the job has nothing more to say.
    ///
    /// ```
    /// use std::task::Poll;
    /// let y25 = jigsat::api::Puzzle::from_file("puzzles/y25.toml")?;
    /// let mut job = jigsat::api::Solver::new().start_count(&y25);
    /// assert!(job.poll(std::time::Duration::ZERO).is_pending());
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn poll(&mut self, wait: Duration) -> Poll<Result<T>> {
        if let Some(e) = self.early.take() {
            return Poll::Ready(Err(e));
        }
        Poll::Ready(match self.run.poll(wait) {
            Polled::Message(answer) => answer,
            Polled::Pending => return Poll::Pending,
            Polled::Stopped => Err(Error::Interrupted),
            Polled::GivenUp => Err(Error::given_up(self.time_limit)),
            Polled::Ended => Err(Error::Bug(
                "internal error, please report it: the search thread ended without an answer"
                    .into(),
            )),
        })
    }

    /// Stops the run: the search ends within a moment, and the job answers
    /// [`Error::Interrupted`].
    ///
    /// ```
    /// let y25 = jigsat::api::Puzzle::from_file("puzzles/y25.toml")?;
    /// let job = jigsat::api::Solver::new().start_count(&y25);
    /// job.stop();
    /// assert!(job.wait().is_err());
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn stop(&self) {
        self.run.stop();
    }
}

/// The solutions of a run, as the search finds them
/// ([`Solver::solutions`](super::Solver::solutions)). Dropping it stops the search and waits for
/// its threads to end.
///
/// ```
/// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
/// let mut solutions = soma.solutions();
/// let first = solutions.next().unwrap()?;
/// solutions.stop();
/// assert_eq!(first.pieces().len(), 7);
/// # Ok::<(), jigsat::api::Error>(())
/// ```
#[derive(Debug)]
pub struct Solutions {
    pub(super) puzzle: Arc<crate::puzzle::Puzzle>,
    pub(super) run: Detached<Result<crate::solution::Solution>>,
    pub(super) time_limit: Option<Duration>,
    pub(super) queue: VecDeque<Result<Solution>>,
}

impl Solutions {
    /// Waits up to `wait` for the next solution: `Ready(None)` when there
    /// are no more, `Pending` when none came in time.
    ///
    /// ```
    /// use std::task::Poll;
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// let mut solutions = soma.solutions();
    /// let first = loop {
    ///     if let Poll::Ready(next) = solutions.poll(std::time::Duration::from_millis(50)) {
    ///         break next;
    ///     }
    /// };
    /// assert!(first.unwrap().is_ok());
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn poll(&mut self, wait: Duration) -> Poll<Option<Result<Solution>>> {
        if let Some(next) = self.queue.pop_front() {
            return Poll::Ready(Some(next));
        }
        let next = match self.run.poll(wait) {
            Polled::Pending => return Poll::Pending,
            Polled::Message(Ok(s)) => {
                return Poll::Ready(Some(Ok(Solution::new(Arc::clone(&self.puzzle), s))));
            }
            Polled::Message(Err(e)) => Some(Err(e)),
            Polled::Stopped => Some(Err(Error::Interrupted)),
            Polled::GivenUp => Some(Err(Error::given_up(self.time_limit))),
            Polled::Ended => None,
        };
        self.run.close();
        Poll::Ready(next)
    }

    /// Stops the search; the iterator then ends with
    /// [`Error::Interrupted`] (after what was already queued is dropped).
    ///
    /// ```
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// let mut solutions = soma.solutions();
    /// solutions.stop();
    /// assert_eq!(solutions.next(), Some(Err(jigsat::api::Error::Interrupted)));
    /// assert_eq!(solutions.next(), None);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn stop(&mut self) {
        self.run.stop();
        self.queue.clear();
    }
}

impl Iterator for Solutions {
    type Item = Result<Solution>;

    fn next(&mut self) -> Option<Result<Solution>> {
        loop {
            if let Poll::Ready(next) = self.poll(Duration::from_millis(100)) {
                return next;
            }
        }
    }
}
