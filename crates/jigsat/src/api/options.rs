//! The values a [`Solver`](super::Solver)'s setters take by name, as
//! types with their meanings: for a program that offers them itself (the
//! `jigsat` command line lists them in its `--help` from here). Each
//! value's [`Choice::name`] is what the setter of the same option takes,
//! and [`Choice::help`] says what it means.
//!
//! ```
//! use jigsat::api::options::{Choice, Encoding};
//!
//! assert!(Encoding::names().contains(&"ladder"));
//! let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
//! let solver = jigsat::api::Solver::new().engine("varisat")?.encoding("ladder")?;
//! assert!(solver.solve(&soma)?.is_some());
//! # Ok::<(), jigsat::api::Error>(())
//! ```

pub use crate::choice::Choice;
pub use crate::encode::{Card, EdgeEncoding as Edges, Encoding};
pub use crate::options::Model;

/// What `--solver` (and [`Solver::engine`](super::Solver::engine))
/// takes, and what `auto` does, made from the constants the engine rules
/// use so that the help cannot drift from the code.
///
/// ```
/// let help = jigsat::api::options::engine_help();
/// assert!(help.contains("auto") && help.contains("cadical"));
/// ```
pub fn engine_help() -> String {
    crate::portfolio::solver_help()
}
