//! Two engines side by side for one answer: the first definitive answer
//! wins and the other is stopped.
//!
//! The exact searches and CDCL fail on different puzzles. On most puzzles
//! the exact search answers first by orders of magnitude (every file in
//! puzzles/ in milliseconds), but a depth-first search has heavy tails: one
//! unlucky early choice can cost minutes, where a SAT solver's restarts and
//! learnt clauses take it elsewhere. A race bounds the loss to a factor of
//! two in cores: whoever answers first answers.
//!
//! The second runner starts after a *head start* of the first: when the
//! first answers within it (the common case), the second never starts, so
//! an easy puzzle pays nothing for the race — not even the CNF the SAT
//! solver would have needed. Both runners share one stop flag; the
//! winner's answer sets it, the loser polls it (the exact searches between
//! nodes, CaDiCaL through its terminator) and returns, and [`race`]
//! returns only once both threads have ended: no search is left running
//! behind an answer.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::error::Result;
use crate::report::Status;

/// A runner's search: given the race's stop flag, it must end soon after
/// the flag is set.
pub type Run<'a, T> = Box<dyn FnOnce(&Arc<AtomicBool>) -> Result<T> + Send + 'a>;

/// One runner of a race: its name and its search.
pub struct Runner<'a, T> {
    pub name: String,
    pub run: Run<'a, T>,
}

/// How a runner's answer ranks: only a definitive one ends the race.
pub trait Verdict {
    fn status(&self) -> Status;
}

/// Runs `first`, and `second` too once `head_start` has passed without a
/// definitive answer from `first`; returns the first definitive answer
/// (solved, or proved impossible). When neither is definitive, the first
/// runner's answer (its error, or its "unknown") is returned. `stop`, when
/// set from outside, ends both.
pub fn race<'a, T: Verdict + Send + 'a>(
    first: Runner<'a, T>,
    second: Runner<'a, T>,
    head_start: Duration,
    stop: &Arc<AtomicBool>,
) -> Result<T> {
    let started = Instant::now();
    let (send, receive) = mpsc::channel::<(usize, Result<T>)>();
    std::thread::scope(|scope| {
        let names = [first.name.clone(), second.name.clone()];
        let first_send = send.clone();
        let run = first.run;
        scope.spawn(move || {
            let _ = first_send.send((0, run(stop)));
        });
        // The head start: wait for the first answer before starting the
        // second runner at all.
        let early = receive.recv_timeout(head_start).ok();
        let answered = early.as_ref().is_some_and(|(_, a)| is_definitive(a));
        let second_started = if answered || stop.load(Ordering::Relaxed) {
            // Nothing more will be sent but the first runner's answer.
            drop(send);
            false
        } else {
            let run = second.run;
            scope.spawn(move || {
                let _ = send.send((1, run(stop)));
            });
            true
        };
        let runners = if second_started { 2 } else { 1 };
        let mut answers: Vec<Option<Result<T>>> = vec![None, None];
        let mut winner = None;
        for (who, answer) in early.into_iter().chain(receive.iter()).take(runners) {
            if winner.is_none() && is_definitive(&answer) {
                // The answer: stop the other runner.
                stop.store(true, Ordering::Relaxed);
                winner = Some(who);
                log::info!(
                    "race: {} answered first, in {:.1} ms",
                    names[who],
                    crate::report::ms(started.elapsed())
                );
            }
            answers[who] = Some(answer);
        }
        let winner = winner.unwrap_or(0);
        let loser = 1 - winner;
        if second_started && winner_stopped_loser(&answers, loser) {
            log::info!("race: {} stopped", names[loser]);
        }
        answers[winner]
            .take()
            .unwrap_or_else(|| Err(crate::error::Error::Bug("a race runner vanished".into())))
    })
}

fn is_definitive<T: Verdict>(answer: &Result<T>) -> bool {
    answer
        .as_ref()
        .is_ok_and(|a| matches!(a.status(), Status::Solved | Status::Unsolvable))
}

/// Whether the loser had no definitive answer of its own (it was stopped,
/// or gave up) — as opposed to finishing with one just after the winner.
fn winner_stopped_loser<T: Verdict>(answers: &[Option<Result<T>>], loser: usize) -> bool {
    answers[loser]
        .as_ref()
        .is_some_and(|answer| !is_definitive(answer))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Error;

    #[derive(Debug)]
    struct Said(Status, &'static str);

    impl Verdict for Said {
        fn status(&self) -> Status {
            self.0
        }
    }

    fn runner<'a>(
        name: &str,
        run: impl FnOnce(&Arc<AtomicBool>) -> Result<Said> + Send + 'a,
    ) -> Runner<'a, Said> {
        Runner {
            name: name.to_string(),
            run: Box::new(run),
        }
    }

    /// Spins until stopped, then says "unknown".
    fn until_stopped(stop: &Arc<AtomicBool>) -> Result<Said> {
        while !stop.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(1));
        }
        Ok(Said(Status::Unknown, "stopped"))
    }

    #[test]
    fn a_quick_first_runner_never_starts_the_second() {
        let stop = Arc::new(AtomicBool::new(false));
        let finish = race(
            runner("exact", |_| Ok(Said(Status::Solved, "exact"))),
            runner("sat", |_| panic!("the second runner must not start")),
            Duration::from_secs(10),
            &stop,
        );
        // The answer names its runner; the second never started (it panics).
        assert_eq!(finish.unwrap().1, "exact");
    }

    #[test]
    fn the_second_answers_when_the_first_cannot_and_the_first_is_stopped() {
        let stop = Arc::new(AtomicBool::new(false));
        let started = Instant::now();
        let finish = race(
            runner("exact", until_stopped),
            runner("sat", |_| Ok(Said(Status::Unsolvable, "sat"))),
            Duration::from_millis(5),
            &stop,
        );
        assert_eq!(finish.unwrap().1, "sat");
        // Both threads have ended (the race waits for both): the first,
        // which only ends when stopped, saw the flag.
        assert!(stop.load(Ordering::Relaxed));
        assert!(started.elapsed() < Duration::from_secs(5));
    }

    #[test]
    fn an_error_does_not_win() {
        let stop = Arc::new(AtomicBool::new(false));
        let finish = race(
            runner("exact", |_| Err(Error::Solver("broke".into()))),
            runner("sat", |_| Ok(Said(Status::Solved, "sat"))),
            Duration::from_millis(1),
            &stop,
        );
        assert_eq!(finish.unwrap().1, "sat");
    }

    #[test]
    fn without_a_definitive_answer_the_first_runner_speaks() {
        let stop = Arc::new(AtomicBool::new(false));
        let finish = race(
            runner("exact", |_| Ok(Said(Status::Unknown, "exact gave up"))),
            runner("sat", |_| Ok(Said(Status::Unknown, "sat gave up"))),
            Duration::from_millis(1),
            &stop,
        );
        assert_eq!(finish.unwrap().1, "exact gave up");
    }
}
