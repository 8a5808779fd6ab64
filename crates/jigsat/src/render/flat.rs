//! Text drawings on the triangular and hexagonal grids: each cell its
//! piece's glyph, with walls between different pieces (and around the
//! board), never inside one, as on the square grid.
//!
//! The rows lean as the puzzle file's drawings do (each row half a cell
//! right of the one above). A hexagon is three walls wide; a triangle
//! `▽` (t = 0) or `△` (t = 1) sits between slanted walls, with a `-`
//! wall on its flat side:
//!
//! ```text
//!  / \ / \          - - -
//! | A | B |        \A/B\B/C\
//!  \ / \ /
//! ```
//!
//! Prisms are drawn a layer at a time, each layer z as its triangles
//! under a `z=…` heading, the layers side by side (as the cubes' are);
//! walls are those between triangles of one layer.

use std::collections::HashMap;

use crate::geometry::{Cell, Lattice};
use crate::puzzle::Puzzle;
use crate::solution::Solution;

/// What lies in a cell: a wall is drawn between two that differ.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Region {
    Outside,
    Empty,
    Piece(usize),
}

/// Where a cell is drawn: its glyph's line and column, and its walls as
/// (line, column, character, the neighbour across it).
type Layout = ((i32, i32), Vec<(i32, i32, char, Cell)>);

/// Draws one packing solution on a flat grid, or on prisms layer by
/// layer.
pub fn draw(puzzle: &Puzzle, solution: &Solution) -> String {
    let lattice = puzzle.board.lattice();
    if lattice != Lattice::Prisms {
        return print(&canvas(puzzle, solution, lattice, None));
    }
    let mut layers: Vec<i32> = puzzle.board.cells().iter().map(|c| c.z).collect();
    layers.sort_unstable();
    layers.dedup();
    let drawn: Vec<Vec<String>> = layers
        .iter()
        .map(|&z| {
            let text = print(&canvas(puzzle, solution, Lattice::Triangles, Some(z)));
            std::iter::once(format!("z={z}"))
                .chain(text.lines().map(str::to_string))
                .collect()
        })
        .collect();
    side_by_side(&drawn)
}

/// Blocks of lines next to each other, three spaces apart, each padded
/// to its widest line; no trailing spaces.
fn side_by_side(blocks: &[Vec<String>]) -> String {
    let height = blocks.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = blocks
        .iter()
        .map(|b| b.iter().map(|l| l.chars().count()).max().unwrap_or(0))
        .collect();
    let mut out = String::new();
    for row in 0..height {
        let mut line = String::new();
        for (b, &w) in blocks.iter().zip(&widths) {
            let text = b.get(row).map_or("", String::as_str);
            line.push_str(text);
            line.extend(std::iter::repeat_n(' ', w - text.chars().count() + 3));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The glyphs and walls of the board's cells on `lattice` (only layer
/// `layer`'s, drawn as the flat grid `lattice`, when given): each cell's
/// neighbours across its walls are taken in its own layer.
fn canvas(
    puzzle: &Puzzle,
    solution: &Solution,
    lattice: Lattice,
    layer: Option<i32>,
) -> HashMap<(i32, i32), char> {
    let owner = solution.owners();
    let region = |c: Cell| match (puzzle.board.index(c), owner.get(&c)) {
        (None, _) => Region::Outside,
        (Some(_), None) => Region::Empty,
        (Some(_), Some(&k)) => Region::Piece(k),
    };
    let mut canvas: HashMap<(i32, i32), char> = HashMap::new();
    for &c in puzzle.board.cells() {
        if layer.is_some_and(|z| c.z != z) {
            continue;
        }
        let ((line, column), walls) = layout(lattice, Cell::new(c.x, c.y, 0));
        let glyph = match region(c) {
            Region::Piece(k) => puzzle.pieces()[solution.pieces()[k].piece].glyph,
            _ => '.',
        };
        canvas.insert((line, column), glyph);
        for (l, col, wall, across) in walls {
            if region(Cell::new(across.x, across.y, c.z)) != region(c) {
                canvas.insert((l, col), wall);
            }
        }
    }
    canvas
}

/// The canvas (glyphs by line and column) as text: from its top line to
/// its bottom one and its leftmost column, with no trailing spaces.
pub(super) fn print(canvas: &HashMap<(i32, i32), char>) -> String {
    let lines = canvas.keys().map(|k| k.0);
    let (top, bottom) = (lines.clone().min().unwrap_or(0), lines.max().unwrap_or(-1));
    let left = canvas.keys().map(|k| k.1).min().unwrap_or(0);
    let mut out = String::new();
    for l in top..=bottom {
        let right = canvas.keys().filter(|k| k.0 == l).map(|k| k.1).max();
        let line: String = (left..=right.unwrap_or(left - 1))
            .map(|col| canvas.get(&(l, col)).copied().unwrap_or(' '))
            .collect();
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// Where cell `c` is drawn on `lattice`, from its file coordinates.
fn layout(lattice: Lattice, c: Cell) -> Layout {
    let v = lattice.coords(c);
    let at = |coords: &[i32]| {
        let wide: Vec<i64> = coords.iter().map(|&x| i64::from(x)).collect();
        lattice.cell(&wide).expect("a neighbour's coordinates")
    };
    match lattice {
        Lattice::Hexagons => {
            let (q, r) = (v[0], v[1]);
            let (line, column) = (2 * r + 1, 4 * q + 2 * r + 2);
            let walls = vec![
                (line, column + 2, '|', at(&[q + 1, r])),
                (line, column - 2, '|', at(&[q - 1, r])),
                (line - 1, column - 1, '/', at(&[q, r - 1])),
                (line - 1, column + 1, '\\', at(&[q + 1, r - 1])),
                (line + 1, column + 1, '/', at(&[q, r + 1])),
                (line + 1, column - 1, '\\', at(&[q - 1, r + 1])),
            ];
            ((line, column), walls)
        }
        _ => {
            let (x, y, t) = (v[0], v[1], v[2]);
            let (line, column) = (2 * y + 1, 2 * (2 * x + t + y) + 1);
            let walls = if t == 0 {
                vec![
                    (line - 1, column, '-', at(&[x, y - 1, 1])),
                    (line, column + 1, '/', at(&[x, y, 1])),
                    (line, column - 1, '\\', at(&[x - 1, y, 1])),
                ]
            } else {
                vec![
                    (line + 1, column, '-', at(&[x, y + 1, 0])),
                    (line, column - 1, '/', at(&[x, y, 0])),
                    (line, column + 1, '\\', at(&[x + 1, y, 0])),
                ]
            };
            ((line, column), walls)
        }
    }
}
