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

/// Draws one packing solution on a flat grid.
pub fn draw(puzzle: &Puzzle, solution: &Solution) -> String {
    let lattice = puzzle.board.lattice();
    let owner = solution.owners();
    let region = |c: Cell| match (puzzle.board.index(c), owner.get(&c)) {
        (None, _) => Region::Outside,
        (Some(_), None) => Region::Empty,
        (Some(_), Some(&k)) => Region::Piece(k),
    };
    let mut canvas: HashMap<(i32, i32), char> = HashMap::new();
    for &c in puzzle.board.cells() {
        let ((line, column), walls) = layout(lattice, c);
        let glyph = match region(c) {
            Region::Piece(k) => puzzle.pieces()[solution.pieces()[k].piece].glyph,
            _ => '.',
        };
        canvas.insert((line, column), glyph);
        for (l, col, wall, across) in walls {
            if region(across) != region(c) {
                canvas.insert((l, col), wall);
            }
        }
    }
    print(&canvas)
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
