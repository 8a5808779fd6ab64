//! One way to run an engine: on a named thread, with a time limit, and
//! with panics contained.
//!
//! Every engine — the built-in SAT solvers, the enumeration workers of
//! every model — runs through here, so a time limit, a crash inside a
//! solver crate and a lost thread behave the same everywhere: a panic
//! becomes one error message (exit 3) instead of a crash, and a caller
//! that stops waiting gets "unknown" at the limit.
//!
//! A solver without an interrupt (varisat) cannot be stopped from outside:
//! on timeout its thread is abandoned and ends with the process. Workers
//! that can stop themselves take a stop flag from their caller.

use std::sync::Once;
use std::sync::mpsc;
use std::time::Duration;

use crate::error::Error;

/// Prefix of the names of the threads engines run on.
const WORKER_PREFIX: &str = "jigsat-solver-";

/// How a job on a worker thread ended.
#[derive(Debug)]
pub enum Finished<T> {
    Done(T),
    /// The caller stopped waiting at this limit.
    TimedOut(Duration),
    /// The job panicked; the panic's message.
    Panicked(String),
}

/// Runs `job` on a worker thread named after `name` and waits at most
/// `time_limit` for it.
pub fn run<T: Send + 'static>(
    name: &str,
    time_limit: Option<Duration>,
    job: impl FnOnce() -> T + Send + 'static,
) -> Result<Finished<T>, Error> {
    let (send, receive) = mpsc::channel();
    spawn(name, job, move |result| {
        // The receiver may have given up already; nothing to do then.
        let _ = send.send(result);
    })?;
    let lost = || Error::Solver(format!("{name} stopped without an answer"));
    let result = match time_limit {
        Some(limit) => match receive.recv_timeout(limit) {
            Ok(result) => result,
            Err(mpsc::RecvTimeoutError::Timeout) => return Ok(Finished::TimedOut(limit)),
            Err(mpsc::RecvTimeoutError::Disconnected) => return Err(lost()),
        },
        None => receive.recv().map_err(|_| lost())?,
    };
    Ok(match result {
        Ok(value) => Finished::Done(value),
        Err(message) => Finished::Panicked(message),
    })
}

/// Starts `job` on a worker thread named after `name`; on that thread,
/// `done` then receives the job's result, or the message of its panic.
pub fn spawn<T>(
    name: &str,
    job: impl FnOnce() -> T + Send + 'static,
    done: impl FnOnce(Result<T, String>) + Send + 'static,
) -> Result<(), Error> {
    quiet_worker_panics();
    std::thread::Builder::new()
        .name(format!("{WORKER_PREFIX}{name}"))
        .spawn(move || {
            let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job))
                .map_err(|payload| panic_message(payload.as_ref()));
            done(result);
        })
        .map(|_| ())
        .map_err(|e| Error::Solver(format!("cannot start the {name} thread: {e}")))
}

/// A panic on a worker thread is caught and reported as one clear error;
/// this keeps the default hook from also printing it with a stack trace
/// hint. Panics anywhere else still print as usual.
fn quiet_worker_panics() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let on_worker = std::thread::current()
                .name()
                .is_some_and(|n| n.starts_with(WORKER_PREFIX));
            if on_worker {
                log::debug!("solver panic: {info}");
            } else {
                default(info);
            }
        }));
    });
}

/// The message of a caught panic.
fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "no message".to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_on_the_worker_is_contained() {
        let r = run("test", None, || -> u32 { panic!("index out of bounds") }).unwrap();
        match r {
            Finished::Panicked(m) => assert_eq!(m, "index out of bounds"),
            other => panic!("{other:?}"),
        }
        let r = run("test", Some(Duration::from_millis(10)), || {
            std::thread::sleep(Duration::from_secs(2));
            1
        })
        .unwrap();
        assert!(matches!(r, Finished::TimedOut(_)), "{r:?}");
        assert!(matches!(
            run("test", None, || 7).unwrap(),
            Finished::Done(7)
        ));
    }
}
