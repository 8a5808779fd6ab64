//! A checked solution and its pictures. Every solution the library hands
//! out has passed [`crate::solution::check`], which reads the puzzle
//! alone.
//!
//! A class's other members on a fixed board (the solution's images under
//! the board's symmetries) are made below, in `crate::stream`.

use std::sync::Arc;

use super::error::{Error, Result};
use super::puzzle::Cell;

/// One solution of a puzzle, checked against the puzzle's rules.
///
/// ```
/// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
/// let solution = soma.solve()?.unwrap();
/// let cells: usize = solution.pieces().iter().map(|p| p.cells.len()).sum();
/// assert_eq!(cells, 27);
/// # Ok::<(), jigsat::api::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Solution {
    pub(crate) puzzle: Arc<crate::puzzle::Puzzle>,
    pub(crate) inner: crate::solution::Solution,
}

/// One piece (or tile) where it lies.
///
/// ```
/// let solution = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?.solve()?.unwrap();
/// let v = solution.pieces().into_iter().find(|p| p.name == "V").unwrap();
/// assert_eq!((v.copy, v.cells.len()), (1, 3));
/// # Ok::<(), jigsat::api::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Placed {
    /// The piece's (or tile's) name.
    pub name: String,
    /// Which copy of its piece this is, from 1, numbered in the order of
    /// their cells (the pictures' numbering); 1 for a piece used once.
    pub copy: usize,
    /// Whether the piece's count allows more than one copy, so that its
    /// copies are told apart by [`Placed::copy`] (the pictures label
    /// them `Y1`, `Y2`, ...).
    pub numbered: bool,
    /// The cells it covers, ascending; a tile's one position.
    pub cells: Vec<Cell>,
    /// A tile's quarter turns clockwise from its edges as listed (0 for a
    /// piece).
    pub rotation: u8,
    /// A tile's edge labels as they lie: top, right, bottom, left (empty
    /// for a piece).
    pub edges: Vec<String>,
}

impl Solution {
    pub(crate) fn new(
        puzzle: Arc<crate::puzzle::Puzzle>,
        inner: crate::solution::Solution,
    ) -> Solution {
        Solution { puzzle, inner }
    }

    /// The pieces (or tiles) where they lie, in the puzzle's order of
    /// pieces.
    ///
    /// ```
    /// let solution = jigsat::api::Puzzle::from_file("puzzles/y25.toml")?.solve()?.unwrap();
    /// let copies: Vec<usize> = solution.pieces().iter().map(|p| p.copy).collect();
    /// assert_eq!(copies, (1..=25).collect::<Vec<_>>());
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn pieces(&self) -> Vec<Placed> {
        let puzzle = &self.puzzle;
        if let Some(tiling) = puzzle.tiling() {
            return self
                .inner
                .tiles()
                .iter()
                .map(|t| Placed {
                    name: tiling.tiles[t.tile].name.clone(),
                    copy: 1,
                    numbered: false,
                    cells: vec![t.at.coords()],
                    rotation: t.rotation,
                    edges: t.edges.to_vec(),
                })
                .collect();
        }
        let mut seen = vec![0usize; puzzle.pieces().len()];
        self.inner
            .pieces()
            .iter()
            .map(|p| {
                seen[p.piece] += 1;
                let piece = &puzzle.pieces()[p.piece];
                Placed {
                    name: piece.name.clone(),
                    copy: seen[p.piece],
                    numbered: piece.count.max > 1,
                    cells: p.cells.iter().map(|c| c.coords()).collect(),
                    rotation: 0,
                    edges: Vec::new(),
                }
            })
            .collect()
    }

    /// Whether the puzzle's board is flat ([`super::Puzzle::is_flat`]).
    ///
    /// ```
    /// let solution = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?.solve()?.unwrap();
    /// assert!(!solution.is_flat());
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn is_flat(&self) -> bool {
        self.puzzle.is_flat()
    }

    /// The puzzle's name.
    ///
    /// ```
    /// let solution = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?.solve()?.unwrap();
    /// assert_eq!(solution.puzzle_name(), "Soma cube");
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn puzzle_name(&self) -> &str {
        &self.puzzle.name
    }

    /// The text drawing of `jigsat solve`: each layer with walls between
    /// pieces (box-drawing characters, no colours).
    ///
    /// ```
    /// let solution = jigsat::api::Puzzle::from_file("puzzles/pentomino-6x10.toml")?.solve()?.unwrap();
    /// assert_eq!(solution.text().lines().count(), 13);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn text(&self) -> String {
        self.draw(false)
    }

    /// The text drawing with `+-|` walls (`--ascii`).
    ///
    /// ```
    /// let solution = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?.solve()?.unwrap();
    /// assert!(solution.ascii().is_ascii());
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn ascii(&self) -> String {
        self.draw(true)
    }

    /// The text drawing with the command line's two choices: a colour
    /// per piece (ANSI escapes, for a terminal) and `+-|` walls.
    ///
    /// ```
    /// let solution = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?.solve()?.unwrap();
    /// assert!(solution.drawing(true, false).contains('\u{1b}'));
    /// assert_eq!(solution.drawing(false, true), solution.ascii());
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn drawing(&self, colour: bool, ascii: bool) -> String {
        let style = crate::render::text::Style { colour, ascii };
        crate::render::text::draw(&self.puzzle, &self.inner, style)
    }

    fn draw(&self, ascii: bool) -> String {
        self.drawing(false, ascii)
    }

    /// The picture of `--format svg`.
    ///
    /// ```
    /// let solution = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?.solve()?.unwrap();
    /// assert!(solution.svg().starts_with("<svg") || solution.svg().starts_with("<?xml"));
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn svg(&self) -> String {
        crate::render::svg::document(&self.puzzle, std::slice::from_ref(&self.inner))
    }

    /// The page of `--format html`, to turn the box in the hand: one file,
    /// no network.
    ///
    /// ```
    /// let solution = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?.solve()?.unwrap();
    /// assert!(solution.html().starts_with("<!DOCTYPE html>"));
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn html(&self) -> String {
        crate::render::html::document(
            &self.puzzle,
            std::slice::from_ref(&self.inner),
            &self.puzzle.name,
        )
    }

    /// The solution in the contract's JSON (one element of `solutions`
    /// in `--format json`).
    ///
    /// ```
    /// let solution = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?.solve()?.unwrap();
    /// assert!(solution.json().contains("\"piece\": \"V\""));
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn json(&self) -> String {
        let value = crate::render::json::solution(&self.puzzle, &self.inner);
        serde_json::to_string_pretty(&value).unwrap_or_default()
    }

    /// The assembly as a binary STL file (`--format stl -o FILE.stl`):
    /// cubes of `unit` mm, each piece `gap` mm narrower so that printed
    /// pieces fit (the command line's defaults are 10 and 0.2).
    ///
    /// ```
    /// let solution = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?.solve()?.unwrap();
    /// let stl = solution.stl(10.0, 0.2)?;
    /// assert_eq!(&stl[80..84], &((stl.len() as u32 - 84) / 50).to_le_bytes());
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn stl(&self, unit: f64, gap: f64) -> Result<Vec<u8>> {
        let print = self.print(unit, gap)?;
        Ok(crate::render::stl::assembly(
            &self.puzzle,
            &self.inner,
            print,
        ))
    }

    /// The sizes of a print of this solution, or why it cannot be
    /// printed: tiles have no solid shape, and the gap must leave
    /// something of a cube.
    pub(crate) fn print(&self, unit: f64, gap: f64) -> Result<crate::render::stl::Print> {
        if self.puzzle.tiling().is_some() {
            return Err(Error::Usage(
                "--format stl: edge-matching tiles have no solid shape to print".into(),
            ));
        }
        if let Some(why) = crate::render::refusal(&self.puzzle, "stl") {
            return Err(Error::Usage(why));
        }
        if !(unit.is_finite() && gap.is_finite() && gap >= 0.0 && gap < unit) {
            return Err(Error::Usage(format!(
                "--format stl: a gap of {gap} mm leaves nothing of a {unit} mm cube: give a gap below the unit"
            )));
        }
        Ok(crate::render::stl::Print { unit, gap })
    }
}

impl PartialEq for Solution {
    /// Two solutions of the same puzzle are equal when the same pieces
    /// cover the same cells (copies are interchangeable).
    fn eq(&self, other: &Solution) -> bool {
        Arc::ptr_eq(&self.puzzle, &other.puzzle) && self.inner == other.inner
    }
}

impl std::fmt::Display for Solution {
    /// The text drawing ([`Solution::text`]).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text())
    }
}
