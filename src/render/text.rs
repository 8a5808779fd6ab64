//! Text drawings: each layer of the board as a grid of piece glyphs,
//! layers side by side under `z=0 z=1 …` headings.
//!
//! Identical copies share a glyph (the contract names pieces, not copies),
//! so on a terminal each piece on the board also gets a colour, chosen so
//! that touching pieces differ: that is what makes 25 Y's readable.

use std::collections::HashMap;
use std::fmt::Write;

use crate::geometry::{Cell, NEIGHBOURS};
use crate::puzzle::Puzzle;
use crate::solution::Solution;

/// Bright, mutually distinct xterm-256 colours, readable on dark and light
/// backgrounds.
const PALETTE: [u8; 12] = [196, 34, 33, 214, 129, 37, 202, 92, 142, 27, 161, 30];

/// Draws one solution. `colour` adds ANSI colours.
pub fn draw(puzzle: &Puzzle, solution: &Solution, colour: bool) -> String {
    let board = &puzzle.board;
    let mut owner: HashMap<Cell, usize> = HashMap::new();
    for (k, placed) in solution.pieces.iter().enumerate() {
        for &c in &placed.cells {
            owner.insert(c, k);
        }
    }
    let colours = colour_pieces(solution, &owner);
    let [x0, y0, z0] = board.origin();
    let [w, h, d] = board.extent();
    let layer_width = 2 * w as usize - 1;
    let mut out = String::new();
    if d > 1 {
        let headings: Vec<String> = (0..d)
            .map(|z| format!("{:<layer_width$}", format!("z={}", z0 + z)))
            .collect();
        out.push_str(headings.join("   ").trim_end());
        out.push('\n');
    }
    for y in 0..h {
        let mut line = String::new();
        for z in 0..d {
            if z > 0 {
                line.push_str("   ");
            }
            for x in 0..w {
                if x > 0 {
                    line.push(' ');
                }
                let c = Cell::new(x0 + x, y0 + y, z0 + z);
                match (board.index(c), owner.get(&c)) {
                    (None, _) => line.push(' '),
                    (Some(_), None) => line.push('.'),
                    (Some(_), Some(&k)) => {
                        let glyph = puzzle.pieces[solution.pieces[k].piece].glyph;
                        if colour {
                            let _ =
                                write!(line, "\x1b[1;38;5;{}m{glyph}\x1b[0m", PALETTE[colours[k]]);
                        } else {
                            line.push(glyph);
                        }
                    }
                }
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// Greedy colouring of the pieces on the board so that pieces sharing a
/// face get different palette entries whenever the palette allows.
fn colour_pieces(solution: &Solution, owner: &HashMap<Cell, usize>) -> Vec<usize> {
    let mut colours: Vec<usize> = Vec::with_capacity(solution.pieces.len());
    for (k, placed) in solution.pieces.iter().enumerate() {
        let mut taken = [false; PALETTE.len()];
        for &c in &placed.cells {
            for d in NEIGHBOURS {
                if let Some(&other) = owner.get(&c.offset(d))
                    && other < k
                {
                    taken[colours[other]] = true;
                }
            }
        }
        // Prefer the first free colour after the piece index, so that
        // non-touching pieces still spread over the palette.
        let free = (0..PALETTE.len())
            .map(|i| (i + k) % PALETTE.len())
            .find(|&i| !taken[i])
            .unwrap_or(k % PALETTE.len());
        colours.push(free);
    }
    colours
}
