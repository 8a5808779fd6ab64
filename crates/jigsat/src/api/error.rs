//! The library's one error type. Its message is the command line's, word
//! for word (without the `jigsat: ` in front), and each variant is one of
//! the command line's exit statuses, so a program using the library can
//! answer as `jigsat` does.

use std::fmt;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::choice::Choice;

/// Why a call gave no answer. [`fmt::Display`] gives the command line's
/// message, naming the file (or the puzzle) and what was expected.
///
/// ```
/// use jigsat::api::{Error, Puzzle};
///
/// let bad = Puzzle::from_toml_str("[board]\nsize = [3, 3]\n");
/// match bad {
///     Err(Error::Puzzle(message)) => assert!(message.contains("piece")),
///     other => panic!("expected a puzzle error, got {other:?}"),
/// }
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// The puzzle is not one jigsat can read: a bad file, a bad field, a
    /// piece that cannot be built (the command line exits 2).
    Puzzle(String),
    /// An option or a call that does not fit the puzzle: an unknown
    /// engine, an encoding the puzzle cannot take, a CNF over the memory
    /// budget (exit 2).
    Usage(String),
    /// A file could not be read or written (exit 2).
    Io(String),
    /// The time limit ran out before the answer (exit 3).
    TimeLimit(String),
    /// The run was stopped from outside: a stop flag, a dropped iterator,
    /// Ctrl-C in Python (exit 130).
    Interrupted,
    /// A solver broke down or answered neither yes nor no (exit 3).
    Solver(String),
    /// A bug in jigsat, caught by a check (a solution that fails the
    /// puzzle's rules) or a panic contained: please report it.
    Bug(String),
}

impl Error {
    /// The exit status the command line gives this error: 2 bad input or
    /// usage, 3 gave up (a bug caught by a check included), 130
    /// interrupted.
    ///
    /// ```
    /// assert_eq!(jigsat::api::Error::Interrupted.exit_code(), 130);
    /// ```
    pub fn exit_code(&self) -> i32 {
        match self {
            Error::Puzzle(_) | Error::Usage(_) | Error::Io(_) => 2,
            Error::TimeLimit(_) | Error::Solver(_) | Error::Bug(_) => 3,
            Error::Interrupted => 130,
        }
    }

    /// [`Error::Io`] naming the file, in the library's words: for a
    /// program that writes its own files beside jigsat's.
    ///
    /// ```
    /// let e = std::io::Error::from(std::io::ErrorKind::NotFound);
    /// let error = jigsat::api::Error::io("out/p.svg", e);
    /// assert_eq!(error.exit_code(), 2);
    /// assert!(error.to_string().starts_with("out/p.svg: "));
    /// ```
    pub fn io(path: impl AsRef<std::path::Path>, source: std::io::Error) -> Error {
        Error::from(crate::error::Error::io(path.as_ref(), source))
    }

    /// [`Error::Bug`]: a check caught jigsat contradicting itself; the
    /// message asks for a report, as the library's own do.
    ///
    /// ```
    /// let error = jigsat::api::Error::bug("a count that went down");
    /// assert!(error.to_string().contains("please report it"));
    /// assert_eq!(error.exit_code(), 3);
    /// ```
    pub fn bug(what: impl fmt::Display) -> Error {
        Error::from(crate::error::Error::Bug(what.to_string()))
    }

    /// The error of a panic caught at the library's edge — by the library
    /// itself around every run, and by a binding (the Python package)
    /// around each call — so that a bug surfaces as [`Error::Bug`] naming
    /// the panic, never as an abort.
    ///
    /// ```
    /// use jigsat::api::Error;
    ///
    /// let caught = std::panic::catch_unwind(|| panic!("a broken invariant")).unwrap_err();
    /// let error = Error::from_panic(caught.as_ref());
    /// assert!(matches!(error, Error::Bug(_)));
    /// assert!(error.to_string().contains("a broken invariant"));
    /// ```
    pub fn from_panic(payload: &(dyn std::any::Any + Send)) -> Error {
        let what = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic".to_string());
        Error::Bug(format!(
            "internal error, please report it with the puzzle: jigsat panicked: {what}"
        ))
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Puzzle(m)
            | Error::Usage(m)
            | Error::Io(m)
            | Error::TimeLimit(m)
            | Error::Solver(m)
            // Control characters shown, not sent; a value quoted from a
            // file cut to a screenful.
            | Error::Bug(m) => f.write_str(&crate::clean::message(m, 2000)),
            Error::Interrupted => f.write_str("interrupted"),
        }
    }
}

impl std::error::Error for Error {}

impl From<crate::error::Error> for Error {
    fn from(e: crate::error::Error) -> Error {
        let message = e.to_string();
        match e {
            crate::error::Error::Input(_) => Error::Puzzle(message),
            crate::error::Error::Usage(_) => Error::Usage(message),
            // A read that a signal stopped before it began
            // (`process::interrupt::blocking`).
            crate::error::Error::Io { source, .. }
                if source.kind() == std::io::ErrorKind::Interrupted
                    && crate::process::interrupt::raised() =>
            {
                Error::Interrupted
            }
            crate::error::Error::Io { .. } => Error::Io(message),
            crate::error::Error::Solver(_) => Error::Solver(message),
            crate::error::Error::Bug(_) => Error::Bug(message),
        }
    }
}

impl From<crate::error::InputError> for Error {
    fn from(e: crate::error::InputError) -> Error {
        Error::from(crate::error::Error::Input(e))
    }
}

/// The way back in: an error a caller's hook returned (a class handed to
/// [`crate::api::Solver::enumerate`]) ends the run inside with the same
/// message and exit status.
impl From<Error> for crate::error::Error {
    fn from(e: Error) -> crate::error::Error {
        match e {
            Error::Puzzle(m) | Error::Usage(m) | Error::Io(m) => crate::error::Error::Usage(m),
            Error::TimeLimit(m) | Error::Solver(m) => crate::error::Error::Solver(m),
            Error::Interrupted => crate::error::Error::Solver("interrupted".into()),
            Error::Bug(m) => {
                crate::error::Error::Bug(m.strip_prefix(BUG).map(str::to_string).unwrap_or(m))
            }
        }
    }
}

/// What the library's bug messages start with (`crate::error::Error::Bug`).
const BUG: &str = "internal error, please report it with the puzzle file: ";

/// What every fallible call of the library returns.
///
/// ```
/// fn soma_distinct() -> jigsat::api::Result<u64> {
///     Ok(jigsat::api::Puzzle::from_file("puzzles/soma.toml")?.count()?.distinct)
/// }
/// assert_eq!(soma_distinct().unwrap(), 240);
/// ```
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// A value of one of the options with named values by name, or the
/// message naming the choices.
pub(crate) fn value<T: Choice>(name: &str, option: &str) -> Result<T> {
    T::from_name(name).ok_or_else(|| {
        let names = T::names();
        Error::Usage(format!(
            "--{option}: unknown value '{name}'; expected one of {}",
            names.join(", ")
        ))
    })
}

/// A run on the caller's thread, its panics contained: a bug becomes
/// [`Error::Bug`], never an abort, as every run of the façade.
pub(crate) fn guarded<T>(work: impl FnOnce() -> Result<T>) -> Result<T> {
    catch_unwind(AssertUnwindSafe(work))
        .unwrap_or_else(|panic| Err(Error::from_panic(panic.as_ref())))
}

/// [`guarded`] for work in the library's own errors.
pub(crate) fn contained<T>(work: impl FnOnce() -> crate::error::Result<T>) -> Result<T> {
    guarded(|| work().map_err(Error::from))
}

/// How a run on a thread of its own ([`super::Job`], [`super::Solutions`])
/// ends without an answer, as the caller is told.
impl Error {
    /// The error of a run that ended without an answer.
    pub(crate) fn unknown(stop: &AtomicBool, reason: Option<String>) -> Error {
        let reason = reason.unwrap_or_else(|| "no answer".to_string());
        if stop.load(Ordering::Relaxed) {
            Error::Interrupted
        } else if reason.contains("time limit") {
            Error::TimeLimit(reason)
        } else {
            Error::Solver(reason)
        }
    }

    /// The error of a run given up at its deadline.
    pub(crate) fn given_up(limit: Option<Duration>) -> Error {
        Error::TimeLimit(crate::report::time_limit_reached(limit.unwrap_or_default()))
    }

    /// A run's error, or [`Error::Interrupted`] when the caller stopped it:
    /// a stopped run's own error (a search cut short) is not the answer.
    pub(crate) fn interrupted_or(caller: &AtomicBool, e: Error) -> Error {
        if caller.load(Ordering::Relaxed) {
            Error::Interrupted
        } else {
            e
        }
    }

    /// The error of a run whose thread could not start.
    pub(crate) fn no_thread(e: std::io::Error) -> Error {
        Error::Bug(format!(
            "internal error, please report it: no thread for the search: {e}"
        ))
    }
}
