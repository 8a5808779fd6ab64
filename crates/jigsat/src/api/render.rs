//! Pictures and documents of several solutions at once — what
//! [`Solution`]'s own renderers give for one — and the contract's JSON
//! document with a run's status, counts and figures, held or streamed.
//!
//! ```
//! use jigsat::api::{Puzzle, Solver, render};
//!
//! let soma = Puzzle::from_file("puzzles/soma.toml")?;
//! let three = Solver::new().limit(3).enumerate(&soma, None, &mut |_| {})?;
//! let svg = render::svg(&soma, &three.classes);
//! assert_eq!(svg.matches("<title>").count() >= 3, true);
//! let json = render::json(&soma, three.status(), &three.classes, None, &three.stats);
//! assert!(json.contains("\"status\": \"solved\""));
//! # Ok::<(), jigsat::api::Error>(())
//! ```

use std::io::{self, Write};

use super::run::{Stats, Status};
use super::{Puzzle, Result, Solution};

/// One SVG picture of `solutions` (all of `puzzle`), side by side: what
/// `solve --format svg` writes.
///
/// ```
/// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
/// let none = jigsat::api::render::svg(&soma, &[]);
/// assert!(none.contains("<svg"));
/// # Ok::<(), jigsat::api::Error>(())
/// ```
pub fn svg(puzzle: &Puzzle, solutions: &[Solution]) -> String {
    crate::render::svg::document(&puzzle.inner, &inner(solutions))
}

/// One page (`--format html`) that steps through `solutions`, each box
/// turned in the hand, under `title`.
///
/// ```
/// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
/// let two = jigsat::api::Solver::new().limit(2).enumerate(&soma, None, &mut |_| {})?;
/// let page = jigsat::api::render::html(&soma, &two.classes, "Soma: 2 solutions");
/// assert!(page.starts_with("<!DOCTYPE html>") && page.contains("Soma: 2 solutions"));
/// # Ok::<(), jigsat::api::Error>(())
/// ```
pub fn html(puzzle: &Puzzle, solutions: &[Solution], title: &str) -> String {
    crate::render::html::document(&puzzle.inner, &inner(solutions), title)
}

/// Why `format` (`svg`, `html` or `stl`) cannot draw `puzzle`'s grid,
/// naming the formats that can (the command line's refusal, exit 2), or
/// `None` when it can: STL prints the solid grids only (cubes, balls,
/// prisms, the tetrahedra of BurrTools' rhombic and tetrahedral grids),
/// not triangles, hexagons or sticks.
pub fn refusal(puzzle: &Puzzle, format: &str) -> Option<String> {
    crate::render::refusal(&puzzle.inner, format)
}

/// The contract's JSON document of a run (`--format json`): the puzzle's
/// name, the solutions, the status, the counts (`None`: not known, as for
/// a plain solve) and the figures.
///
/// ```
/// use jigsat::api::{Puzzle, Solver, render};
/// let soma = Puzzle::from_file("puzzles/soma.toml")?;
/// let report = Solver::new().run(&soma)?;
/// let doc = render::json(&soma, report.status, &report.solutions, None, &report.stats);
/// assert!(doc.contains("\"count\": null"));
/// # Ok::<(), jigsat::api::Error>(())
/// ```
pub fn json(
    puzzle: &Puzzle,
    status: Status,
    solutions: &[Solution],
    counts: Option<(u64, u64)>,
    stats: &Stats,
) -> String {
    json_with(puzzle, status, solutions, &[], counts, stats)
}

/// [`json`] with fields added to the solutions: `extra[i]` after the
/// `i`-th solution's own (e.g. whether it comes apart, and its level).
///
/// ```
/// use jigsat::api::{Puzzle, Solver, render};
/// let soma = Puzzle::from_file("puzzles/soma.toml")?;
/// let report = Solver::new().run(&soma)?;
/// let mut extra = serde_json::Map::new();
/// extra.insert("note".into(), "first".into());
/// let doc = render::json_with(&soma, report.status, &report.solutions, &[extra], None, &report.stats);
/// assert!(doc.contains("\"note\":\"first\""));
/// # Ok::<(), jigsat::api::Error>(())
/// ```
pub fn json_with(
    puzzle: &Puzzle,
    status: Status,
    solutions: &[Solution],
    extra: &[serde_json::Map<String, serde_json::Value>],
    counts: Option<(u64, u64)>,
    stats: &Stats,
) -> String {
    crate::render::json::document_with(
        &puzzle.inner,
        status,
        &inner(solutions),
        extra,
        counts,
        stats,
    )
}

/// [`json`]'s document written as the run goes, so that a listing of
/// millions of solutions is never held: the opening, each solution as it
/// is found, then what is known only at the end. The same bytes as the
/// held document.
///
/// ```
/// use jigsat::api::{Puzzle, Solver, render};
/// let soma = Puzzle::from_file("puzzles/soma.toml")?;
/// let report = Solver::new().run(&soma)?;
/// let mut writer = render::JsonWriter::start(Vec::new(), &soma).unwrap();
/// writer.solution(&report.solutions[0]).unwrap();
/// let bytes = writer.finish(report.status, None, &report.stats).unwrap();
/// let held = render::json(&soma, report.status, &report.solutions, None, &report.stats);
/// assert_eq!(String::from_utf8(bytes).unwrap(), held);
/// # Ok::<(), jigsat::api::Error>(())
/// ```
pub struct JsonWriter<W: Write> {
    writer: crate::render::json::Writer<W>,
}

impl<W: Write> JsonWriter<W> {
    /// Writes the opening, up to the list of solutions.
    ///
    /// ```
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// let writer = jigsat::api::render::JsonWriter::start(Vec::new(), &soma).unwrap();
    /// assert_eq!(writer.listed(), 0);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn start(out: W, puzzle: &Puzzle) -> io::Result<JsonWriter<W>> {
        Ok(JsonWriter {
            writer: crate::render::json::Writer::start(out, &puzzle.inner)?,
        })
    }

    /// Writes one solution, on a line of its own.
    ///
    /// ```
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// let s = soma.solve()?.unwrap();
    /// let mut writer = jigsat::api::render::JsonWriter::start(Vec::new(), &soma).unwrap();
    /// writer.solution(&s).unwrap();
    /// assert_eq!(writer.listed(), 1);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn solution(&mut self, solution: &Solution) -> io::Result<()> {
        self.writer.solution(&solution.puzzle, &solution.inner)
    }

    /// Solutions written so far.
    ///
    /// ```
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// let writer = jigsat::api::render::JsonWriter::start(Vec::new(), &soma).unwrap();
    /// assert_eq!(writer.listed(), 0);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn listed(&self) -> u64 {
        self.writer.listed()
    }

    /// The output as it is, without an end: for a run that failed and
    /// writes no document.
    ///
    /// ```
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// let writer = jigsat::api::render::JsonWriter::start(Vec::new(), &soma).unwrap();
    /// assert!(String::from_utf8(writer.into_inner()).unwrap().starts_with('{'));
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn into_inner(self) -> W {
        self.writer.into_inner()
    }

    /// Writes the end — the status, the counts (`None`: not known) and
    /// the figures — and hands the output back.
    ///
    /// ```
    /// use jigsat::api::run::{Stats, Status};
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// let writer = jigsat::api::render::JsonWriter::start(Vec::new(), &soma).unwrap();
    /// let bytes = writer.finish(Status::Unknown, None, &Stats::default()).unwrap();
    /// assert!(String::from_utf8(bytes).unwrap().contains("\"unknown\""));
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn finish(
        self,
        status: Status,
        counts: Option<(u64, u64)>,
        stats: &Stats,
    ) -> io::Result<W> {
        self.writer.finish(status, counts, stats)
    }
}

impl Solution {
    /// The SVG picture of this solution alone, under `title` (one file of
    /// `-o DIR/`).
    ///
    /// ```
    /// let s = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?.solve()?.unwrap();
    /// assert!(s.svg_titled("Soma: solution 1").contains("Soma: solution 1"));
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn svg_titled(&self, title: &str) -> String {
        crate::render::svg::solution_document(&self.puzzle, &self.inner, title)
    }

    /// Each piece as its own STL solid, laid flat on its largest side for
    /// printing, with a file name from its label (`01-A.stl`, ...): cubes
    /// of `unit` mm, each piece `gap` mm narrower, as [`Solution::stl`].
    ///
    /// ```
    /// let s = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?.solve()?.unwrap();
    /// let pieces = s.stl_pieces(10.0, 0.2)?;
    /// assert_eq!(pieces.len(), 7);
    /// assert!(pieces[0].0.ends_with(".stl"));
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn stl_pieces(&self, unit: f64, gap: f64) -> Result<Vec<(String, Vec<u8>)>> {
        use crate::render::stl;
        let print = self.print(unit, gap)?;
        let looks = crate::render::svg::Looks::new(&self.puzzle, &self.inner);
        let pieces = self.inner.pieces();
        let width = pieces.len().to_string().len();
        Ok(pieces
            .iter()
            .enumerate()
            .map(|(k, placed)| {
                let name = format!("{:0width$}-{}.stl", k + 1, file_name(&looks.labels[k]));
                let title = format!("{} {}", self.puzzle.name, looks.labels[k]);
                let lattice = self.puzzle.board.lattice();
                (
                    name,
                    stl::file(&title, &stl::piece(lattice, &placed.cells, print)),
                )
            })
            .collect())
    }
}

/// A label as a file name: letters, digits and `-` kept, the rest `_`.
fn file_name(label: &str) -> String {
    label
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// The solutions as the renderers take them.
fn inner(solutions: &[Solution]) -> Vec<crate::solution::Solution> {
    solutions.iter().map(|s| s.inner.clone()).collect()
}
