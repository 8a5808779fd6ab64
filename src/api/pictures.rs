//! Pictures of a puzzle's solutions taken together, and of each piece
//! alone: the command line's `--format svg`, `html` and `stl` for any
//! number of solutions (none says "no solution"), where
//! [`Solution`]'s own methods draw one. Every solution must be one of
//! this puzzle's.
//!
//! ```
//! use jigsat::api::{Puzzle, pictures};
//!
//! let soma = Puzzle::from_file("puzzles/soma.toml")?;
//! let two: Vec<_> = soma.solutions().take(2).collect::<Result<_, _>>()?;
//! assert!(pictures::svg(&soma, &two)?.contains("2 solutions"));
//! assert!(pictures::html(&soma, &[], "nothing")?.starts_with("<!DOCTYPE html>"));
//! # Ok::<(), jigsat::api::Error>(())
//! ```

use std::sync::Arc;

use super::error::{Error, Result};
use super::puzzle::Puzzle;
use super::solution::Solution;

/// One picture (SVG) of all `solutions` in a grid, titled with the
/// puzzle's name and how many there are; "no solution" when there are
/// none.
///
/// ```
/// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
/// assert!(jigsat::api::pictures::svg(&soma, &[])?.contains("no solution"));
/// # Ok::<(), jigsat::api::Error>(())
/// ```
pub fn svg(puzzle: &Puzzle, solutions: &[Solution]) -> Result<String> {
    Ok(crate::render::svg::document(
        &puzzle.inner,
        &cores(puzzle, solutions)?,
    ))
}

/// The picture (SVG) of one solution under a title of the caller's,
/// e.g. `Soma cube: solution 3` for the third file of a folder.
///
/// ```
/// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
/// let solution = soma.solve()?.unwrap();
/// assert!(jigsat::api::pictures::svg_titled(&solution, "the first")?.contains("the first"));
/// # Ok::<(), jigsat::api::Error>(())
/// ```
pub fn svg_titled(solution: &Solution, title: &str) -> Result<String> {
    Ok(crate::render::svg::solution_document(
        &solution.puzzle,
        &solution.inner,
        title,
    ))
}

/// One page (HTML, no network) stepping through `solutions`, each turned
/// in the hand: the command line's `--format html`.
///
/// ```
/// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
/// let first = soma.solve()?.unwrap();
/// assert!(jigsat::api::pictures::html(&soma, &[first], "Soma")?.contains("<title>Soma</title>"));
/// # Ok::<(), jigsat::api::Error>(())
/// ```
pub fn html(puzzle: &Puzzle, solutions: &[Solution], title: &str) -> Result<String> {
    Ok(crate::render::html::document(
        &puzzle.inner,
        &cores(puzzle, solutions)?,
        title,
    ))
}

/// One STL file a piece for a 3-D printer: each piece of `solution`
/// laid flat on its largest side, cubes of `unit` mm, `gap` mm narrower
/// so that printed pieces fit; each with its label as the pictures give
/// it (`A`, or `Y3` for the third copy of a piece), in the solution's
/// order.
///
/// ```
/// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
/// let solution = soma.solve()?.unwrap();
/// let pieces = jigsat::api::pictures::stl_pieces(&solution, 10.0, 0.2)?;
/// assert_eq!(pieces.len(), 7);
/// assert!(pieces.iter().all(|(label, bytes)| !label.is_empty() && bytes.len() > 84));
/// # Ok::<(), jigsat::api::Error>(())
/// ```
pub fn stl_pieces(solution: &Solution, unit: f64, gap: f64) -> Result<Vec<(String, Vec<u8>)>> {
    use crate::render::stl;
    // The assembly refuses what cannot be printed, in its words.
    solution.stl(unit, gap)?;
    let puzzle = &solution.puzzle;
    let looks = crate::render::svg::Looks::new(puzzle, &solution.inner);
    let print = stl::Print { unit, gap };
    Ok(solution
        .inner
        .pieces()
        .iter()
        .zip(looks.labels)
        .map(|(placed, label)| {
            let cells = stl::lay_flat(&stl::printer_frame(&placed.cells));
            let title = format!("{} {label}", puzzle.name);
            (label, stl::file(&title, &stl::surface(&cells, print)))
        })
        .collect())
}

impl Solution {
    /// The text drawing ([`Solution::text`]) with each piece in a colour
    /// of its own (ANSI escapes, for a terminal: `jigsat solve` on one),
    /// and with `+-|` walls when `ascii`.
    ///
    /// ```
    /// let solution = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?.solve()?.unwrap();
    /// assert!(solution.text_with(true, false).contains("\u{1b}["));
    /// assert_eq!(solution.text_with(false, true), solution.ascii());
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn text_with(&self, colour: bool, ascii: bool) -> String {
        let style = crate::render::text::Style { colour, ascii };
        crate::render::text::draw(&self.puzzle, &self.inner, style)
    }
}

impl Puzzle {
    /// Whether the puzzle is one of edge-matching tiles, which have no
    /// solid shape to print.
    ///
    /// ```
    /// let cats = jigsat::api::Puzzle::from_file("puzzles/big-cats.toml")?;
    /// assert!(cats.has_tiles());
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn has_tiles(&self) -> bool {
        self.inner.tiling().is_some()
    }
}

/// The core's solutions, each checked to be one of `puzzle`'s.
fn cores(puzzle: &Puzzle, solutions: &[Solution]) -> Result<Vec<crate::solution::Solution>> {
    solutions
        .iter()
        .map(|s| {
            if Arc::ptr_eq(&s.puzzle, &puzzle.inner) {
                Ok(s.inner.clone())
            } else {
                Err(Error::Usage(format!(
                    "a solution of {} is not one of {}: draw each puzzle's own",
                    s.puzzle.name, puzzle.inner.name
                )))
            }
        })
        .collect()
}
