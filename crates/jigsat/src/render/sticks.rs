//! Text drawings on sticks: the grid of squares, each stick drawn with
//! its piece's glyph, so that a piece reads as a connected run of its
//! letter.
//!
//! A grid point sits every fourth column and every other line; a
//! horizontal stick is three glyphs between two points, a vertical one a
//! glyph on the line between. A point shows the glyph of the one piece
//! whose sticks alone meet there (it runs through it or turns there), `+`
//! where two pieces touch, blank where no stick of the board ends. A
//! stick of the board left empty is `...` or `:`. Two bent pieces on a
//! plus of four sticks, touching at its centre:
//!
//! ```text
//!     A
//!     A
//! BBBB+AAAA
//!     B
//!     B
//! ```

use std::collections::HashMap;

use crate::geometry::Cell;
use crate::puzzle::Puzzle;
use crate::solution::Solution;

/// Draws one packing solution on sticks.
pub fn draw(puzzle: &Puzzle, solution: &Solution) -> String {
    let board = &puzzle.board;
    let owner = solution.owners();
    let glyph = |c: &Cell| {
        owner
            .get(c)
            .map(|&k| puzzle.pieces()[solution.pieces()[k].piece].glyph)
    };
    let mut canvas: HashMap<(i32, i32), char> = HashMap::new();
    // Who meets at each grid point (embedded, both coordinates even).
    let mut points: HashMap<(i32, i32), Vec<Option<char>>> = HashMap::new();
    for c in board.cells() {
        let g = glyph(c);
        let (line, column) = (c.y, 2 * c.x);
        if c.x.rem_euclid(2) == 1 {
            for k in -1..=1 {
                canvas.insert((line, column + k), g.unwrap_or('.'));
            }
            for end in [c.x - 1, c.x + 1] {
                points.entry((c.y, end)).or_default().push(g);
            }
        } else {
            canvas.insert((line, column), g.unwrap_or(':'));
            for end in [c.y - 1, c.y + 1] {
                points.entry((end, c.x)).or_default().push(g);
            }
        }
    }
    for ((y, x), met) in points {
        let one = met.iter().all(|&g| g.is_some() && g == met[0]);
        canvas.insert((y, 2 * x), if one { met[0].unwrap_or('+') } else { '+' });
    }
    super::flat::print(&canvas)
}
