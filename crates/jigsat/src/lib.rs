//! jigsat solves packing puzzles — polyominoes, polycubes, rectangles — and
//! edge-matching puzzles by encoding them to SAT, and by exact search.
//!
//! A program using jigsat starts at [`api`]: a puzzle, the options of a
//! run, a checked solution and its pictures, one error type, and a module
//! per capability beyond solving (certificates, disassembly, split
//! counts, DIMACS, estimates). The `jigsat` binary is such a program: it
//! is built on [`api`] alone.
//!
//! Everything else is private to the library, so the compiler reports
//! what nothing uses; the integration tests reach the steps inside
//! through a hidden module, `jigsat::internal`, that is no interface.
//! Inside, the pipeline has one module per step:
//!
//! ```text
//! puzzle file ─► Puzzle ─► family ─────────────► Cover + Group ─┬─► encode ─► SAT backend ─┐
//!  puzzle::        puzzle   packing | tiles      cover  symmetry  │   encode     solve        ├─► Solution ─► check ─► render
//!                           boxes (order model: its own CNF) ─────┴─► exact search ──────────┘   solution    solution  render
//! ```
//!
//! - `puzzle` reads and validates the TOML file (the users' contract) or a
//!   BurrTools `.xmpuzzle` file, and writes either back (`jigsat convert`).
//! - `geometry` knows the lattices (squares and cubes, triangles,
//!   hexagons, balls), their moves, orientations, the motions that map a
//!   board onto itself, and square turns.
//! - `family` turns each kind of puzzle into what the core reads:
//!   `family::packing` (placements, cover, group, colouring pre-check),
//!   `family::tiles` (edge matching: a cover with coloured edges) and
//!   `family::boxes` (rectangles and boxes through the order encoding,
//!   which writes its own CNF).
//! - `cover` is the exact-cover instance, the spine every engine reads.
//! - `symmetry` holds the group, canonical forms and symmetry breaking.
//! - `encode` writes the CNF: one variable per option, a cardinality
//!   constraint per item, at-most-one encodings chosen by `--encoding`.
//! - `exact` searches the cover directly (Algorithm X, first empty cell,
//!   the row scan of edge-matching boards).
//! - `options` is what shapes a run; `portfolio` turns options and a
//!   puzzle into a plan, resolving every `auto` in one place.
//! - `instance` is a puzzle's cover through its family: encoded, searched
//!   and decoded; `tree` is the search tree `count` would walk.
//! - `solve` runs a SAT solver behind one trait, each on a worker thread;
//!   `exchange` hands the CNF or the exact cover to other solvers and
//!   reads their answers back, checked.
//! - `enumerate` collects every class from any engine, with counts.
//! - `jobs` cuts a count into parts that run apart, and merges them
//!   only when every part is its cut's (`jobs::trust`); it writes and
//!   reads the split directory (`jobs::directory`) and the checkpoint of
//!   a count (`jobs::checkpoint`).
//! - `compare` is the benchmark of encodings and solvers: every
//!   combination measured, each answer checked, medians in a table.
//! - `input` reads every input within the memory budget; `clean`
//!   makes names from files safe for each output.
//! - `solution` holds a solution and checks it against the puzzle alone.
//! - `certify` writes CaDiCaL's proofs of "no solution" and checks LRAT
//!   proofs with a checker that shares no code with solver or encoder.
//! - `disasm` takes a 3-D assembly apart by sliding moves and gives its
//!   level, as BurrTools counts them.
//! - `render` draws it as text, JSON, SVG, an HTML page or STL.
//!
//! - `report` is how a run ended (the one rule of what a stopped run may
//!   say) and what it measured; `tally` counts solutions by kind so that
//!   counts found apart add up; `burnside` is the other route to
//!   `distinct`; `race` runs two engines for one answer.
//! - `detached` runs a search on a thread of its own for the façade's
//!   `Job` and `Solutions`, `stream` hands its solutions to a reader, and
//!   `exchange` writes the CNF and DLX files other solvers read and
//!   checks their answers.
//! - `process` is what belongs to the whole process (the memory budget,
//!   the interrupt); `choice` names the option values; `fingerprint`
//!   tells inputs apart; `generate` and `rng` make puzzles for tests and
//!   benchmarks.
//!
//! `pipeline` carries the plan out from one set of `Options`; the
//! binary (`src/main.rs`, with its `cli` and `commands` modules) is a thin
//! layer of command-line parsing and output over [`api`].

// The docs of the parts behind `internal` link to the private items they
// sit beside; `api` denies such links for itself, so the documented surface
// never points at something a reader cannot open.
#![allow(rustdoc::private_intra_doc_links)]
// Every item a program can reach has a doc comment, `internal`'s as much
// as `api`'s: the binary and the tests are read by people too.
#![deny(missing_docs)]

pub mod api;
mod burnside;
mod certify;
mod choice;
mod clean;
mod compare;
mod cover;
mod design;
mod detached;
mod disasm;
mod encode;
mod enumerate;
mod error;
mod exact;
mod exchange;
mod family;
mod fingerprint;
mod generate;
mod geometry;
mod input;
mod instance;
mod jobs;
mod options;
mod pipeline;
mod portfolio;
mod process;
mod puzzle;
mod race;
mod render;
mod report;
mod rng;
mod solution;
mod solve;
mod stream;
mod symmetry;
mod tally;
mod tree;

#[doc(hidden)]
pub mod internal;
