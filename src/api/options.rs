//! The values a [`Solver`](super::Solver)'s setters take by name, as
//! types with their meanings: for a program that offers them itself (the
//! `jigsat` command line lists them in its `--help` from here). Each
//! value's name, as `clap::ValueEnum` gives it, is what the setter of the
//! same option takes.
//!
//! ```
//! use clap::ValueEnum;
//! use jigsat::api::options::Encoding;
//!
//! let names: Vec<String> = Encoding::value_variants()
//!     .iter()
//!     .filter_map(|e| e.to_possible_value().map(|v| v.get_name().to_string()))
//!     .collect();
//! assert!(names.contains(&"ladder".to_string()));
//! let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
//! let solver = jigsat::api::Solver::new().engine("varisat")?.encoding("ladder")?;
//! assert!(solver.solve(&soma)?.is_some());
//! # Ok::<(), jigsat::api::Error>(())
//! ```

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
