//! Errors: a run that could not happen. The binary's `Exit` turns them
//! into the contract's exit status (2 for bad input or usage, 3 for a
//! solver that broke down, which is "gave up"); a run that happened ends
//! with a status of its own (`report::Status`).

use std::fmt;
use std::path::PathBuf;

/// A problem with a puzzle file or another input file, pointing at the
/// place where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputError {
    /// The file as the user named it.
    pub file: String,
    /// 1-based line and column, where known.
    pub position: Option<(usize, usize)>,
    /// The field, as a path like `piece[2].count`, where known.
    pub field: Option<String>,
    /// What is wrong and what was expected.
    pub message: String,
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        if let Some((line, column)) = self.position {
            write!(f, ":{line}:{column}")?;
        }
        if let Some(field) = &self.field {
            write!(f, ": {field}")?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for InputError {}

/// Why a run could not happen; its message is the one the command line
/// prints, and its variant decides the exit status (`src/exit.rs`).
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A puzzle or other input file that is not what it should be, with
    /// where (exit 2).
    #[error("{0}")]
    Input(#[from] InputError),
    /// Options that do not fit each other or the puzzle, or a run over
    /// the memory budget; the message says what (exit 2).
    #[error("{0}")]
    Usage(String),
    /// A file that could not be read or written (exit 2).
    #[error("{path}: {source}")]
    Io {
        /// The file, as the user named it, for the message.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// A solver that crashed, panicked or answered nonsense.
    #[error("{0}")]
    Solver(String),
    /// Something jigsat itself got wrong, caught by a check.
    #[error("internal error, please report it with the puzzle file: {0}")]
    Bug(String),
}

impl Error {
    /// [`Error::Io`] for `path`, for `map_err` at each file operation.
    pub fn io(path: impl Into<PathBuf>, source: std::io::Error) -> Error {
        Error::Io {
            path: path.into(),
            source,
        }
    }
}

/// The library's result: an [`Error`] unless the call says otherwise.
pub type Result<T, E = Error> = std::result::Result<T, E>;
