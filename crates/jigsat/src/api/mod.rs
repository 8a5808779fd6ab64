//! The library: a puzzle, the options of a run, a solution, its pictures
//! and one error type — all a program needs to use jigsat, and the only
//! part of it meant to be depended on. This example is README.md's "As a
//! library" (tests/readme.rs keeps the two the same):
//!
//! ```
//! use jigsat::api::{Puzzle, Solver};
//!
//! fn main() -> Result<(), jigsat::api::Error> {
//!     // Read a puzzle file, or a TOML string, or build one in code.
//!     let soma = Puzzle::from_file("puzzles/soma.toml")?;
//!
//!     // The first solution, checked against the puzzle; None when there is none.
//!     let solution = soma.solve()?.expect("a solution");
//!     print!("{}", solution.text());
//!
//!     // The counts of `jigsat count`: on a fixed board and up to symmetry.
//!     let counts = soma.count()?;
//!     assert_eq!((counts.count, counts.distinct), (11520, 240));
//!
//!     // Options: a time limit, threads, the engine, the encodings, symmetry.
//!     // The solutions stream in as the search finds them; dropping the
//!     // iterator stops the search.
//!     let solver = Solver::new().threads(2).engine("dlx")?;
//!     for solution in solver.solutions(&soma).take(10) {
//!         println!("{:?}", solution?.pieces()[0].cells);
//!     }
//!
//!     // A puzzle in code, from cells: three dominoes in a 2x3 box.
//!     let dominoes = Puzzle::builder()
//!         .board_size(&[2, 3])
//!         .copies("d", &[[0, 0, 0], [1, 0, 0]], 3)
//!         .build()?;
//!     assert_eq!(dominoes.count()?.count, 3);
//!     Ok(())
//! }
//! ```
//!
//! - [`Puzzle`]: [`Puzzle::from_file`], [`Puzzle::from_toml_str`],
//!   [`Puzzle::builder`] ([`PuzzleBuilder`]), and the shortcuts
//!   [`Puzzle::solve`], [`Puzzle::count`], [`Puzzle::solutions`],
//!   [`Puzzle::to_dimacs`] with the default options.
//! - [`Solver`]: the options (`--time-limit`, `-j`, `--solver`,
//!   `--encoding`, `--card`, `--edges`, `--model`, `--no-symmetry`,
//!   `--no-precheck`) and the runs: [`Solver::solve`], [`Solver::count`]
//!   ([`Counts`]), [`Solver::solutions`] (a streaming, stoppable iterator,
//!   [`Solutions`]), [`Solver::start_solve`] and [`Solver::start_count`]
//!   ([`Job`]: poll or stop a run from the caller's thread), DIMACS out
//!   ([`Solver::dimacs`]) and a model back in ([`Solver::decode`]).
//! - [`cnf`]: the puzzle for other solvers and their answers back:
//!   DIMACS with its header ([`Solver::write_dimacs`]), Knuth's DLX
//!   format ([`Solver::write_dlx`]), a solver's output read, checked and
//!   decoded ([`Solver::decode_model`]), an LRAT proof of "no solution"
//!   checked.
//! - [`Solution`]: the pieces where they lie ([`Placed`]) and the
//!   pictures: text, SVG, HTML, JSON, STL.
//! - [`Error`]: the command line's messages, one variant per exit status.
//! - [`run`]: a run's whole answer whatever its end ([`Solver::run`],
//!   [`Solver::enumerate`]): the status, the figures, why it stopped.
//! - [`render`]: pictures and documents of several solutions, and the
//!   contract's JSON document, held or streamed.
//! - [`process`]: what a program shares with jigsat process-wide: the
//!   interrupt, clean-up, the safe file writer.
//! - [`disassembly`]: whether an assembly in space comes apart by
//!   sliding pieces, its BurrTools level and moves
//!   ([`disassembly::Disassembler`]), the levels of many
//!   ([`disassembly::Summary`]), and a BurrTools file with assemblies
//!   stored ([`Puzzle::to_xmpuzzle`]).
//! - [`jobs`]: a count spread over machines: a split into parts written
//!   with their scripts for GNU parallel and Slurm ([`jobs::Split`]), one
//!   part run ([`jobs::Part`]), the parts' results added up
//!   ([`jobs::merge`]), a checkpointed count that goes on after an
//!   interruption ([`jobs::Checkpoint`]).
//! - [`compare`]: the benchmark of encodings and solvers
//!   ([`compare::Comparison`]: CNF sizes and median times, every answer
//!   checked).
//! - [`info`]: what jigsat makes of a puzzle before solving it
//!   ([`Solver::info`]: placements, CNF sizes, symmetry, the pre-check).
//! - [`estimate`]: the size of the search `count` would run
//!   ([`Solver::estimate`], random walks carried down together).
//! - [`generate`]: puzzles made with a planted solution (edge matching).
//! - [`options`]: the values the [`Solver`]'s setters take by name, as
//!   types, for a program that lists them itself.
//! - [`certificate`]: answers anyone can check — "no solution" with a
//!   checked proof, a certified count, the certificate directory and its
//!   re-check ([`certificate::Certifier`]).
//! - [`set_memory_limit`]: the memory budget (`--max-memory`).
//!
//! Every answer is checked against the puzzle before it is handed out,
//! and no call panics or aborts on bad input: the error says what is
//! wrong, as the command line does.

#![deny(missing_docs)]
#![deny(rustdoc::private_intra_doc_links)]

pub mod best;
pub mod certificate;
pub mod cnf;
pub mod compare;
pub mod design;
pub mod disassembly;
mod error;
pub mod estimate;
pub mod generate;
pub mod info;
pub mod jobs;
pub mod options;
pub mod process;
mod puzzle;
pub mod render;
pub mod run;
mod running;
mod solution;
mod solver;

pub use error::{Error, Result};
pub use puzzle::{Cell, Puzzle, PuzzleBuilder};
pub use running::{Job, Solutions};
pub use solution::{Placed, Solution};
pub use solver::{Counts, Solver};

/// Sets the memory budget for the big structures of every run in this
/// process (`--max-memory`; by default half the machine's memory): a
/// puzzle whose placements or CNF would exceed it is refused with
/// [`Error::Usage`] before anything is built.
///
/// ```
/// let y25 = jigsat::api::Puzzle::from_file("puzzles/y25.toml")?;
/// jigsat::api::set_memory_limit(1000);
/// let refused = y25.to_dimacs();
/// jigsat::api::set_memory_limit(0); // back to the default
/// assert!(refused.unwrap_err().to_string().contains("the limit is"));
/// # Ok::<(), jigsat::api::Error>(())
/// ```
pub fn set_memory_limit(bytes: u64) {
    crate::process::budget::set_limit(bytes);
}
