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
    if puzzle.tiling().is_some() {
        return draw_tiles(puzzle, solution);
    }
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
                        let glyph = puzzle.pieces()[solution.pieces[k].piece].glyph;
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

/// An edge-matching solution: each tile a box with its name in the middle
/// and its four labels on the sides where they touch the neighbours.
///
/// ```text
/// +---------------------------+---------------------------+
/// |           lion+           |         cheetah-          |
/// | lion-       2      tiger- | tiger+      1      tiger- |
/// |          cheetah+         |           lion+           |
/// +---------------------------+---------------------------+
/// ```
fn draw_tiles(puzzle: &Puzzle, solution: &Solution) -> String {
    let tiling = puzzle.tiling().expect("an edge-matching puzzle");
    let label = solution
        .tiles
        .iter()
        .flat_map(|t| t.edges.iter())
        .map(|l| width(l))
        .max()
        .unwrap_or(1);
    let name = tiling
        .tiles
        .iter()
        .map(|t| width(&t.name))
        .max()
        .unwrap_or(1);
    // " left  name  right ": the sides' labels must not meet the name.
    let boxes = TileBoxes {
        puzzle,
        inner: 2 * label + name + 4,
    };
    let at: HashMap<Cell, usize> = solution
        .tiles
        .iter()
        .enumerate()
        .map(|(k, t)| (t.at, k))
        .collect();
    let [x0, y0, _] = puzzle.board.origin();
    let [w, h, _] = puzzle.board.extent();
    let mut out = String::new();
    for y in 0..h {
        out += &boxes.rule(y);
        out.push('\n');
        let mut lines = [String::new(), String::new(), String::new()];
        for x in 0..w {
            let tile = at
                .get(&Cell::new(x0 + x, y0 + y, 0))
                .map(|&k| &solution.tiles[k]);
            let cells = match tile {
                Some(t) => boxes.tile(&tiling.tiles[t.tile].name, &t.edges),
                None => [
                    " ".repeat(boxes.inner),
                    " ".repeat(boxes.inner),
                    " ".repeat(boxes.inner),
                ],
            };
            for (line, cell) in lines.iter_mut().zip(cells) {
                line.push('|');
                line.push_str(&cell);
            }
        }
        for line in lines {
            out += &line;
            out += "|\n";
        }
    }
    out += &boxes.rule(h);
    out.push('\n');
    out
}

/// Characters on a terminal, for lining up columns.
fn width(s: &str) -> usize {
    s.chars().count()
}

/// Tiles drawn as boxes `inner` characters wide inside.
struct TileBoxes<'a> {
    puzzle: &'a Puzzle,
    inner: usize,
}

impl TileBoxes<'_> {
    /// `s` centred in a box's width.
    fn centre(&self, s: &str) -> String {
        let pad = self.inner - width(s);
        format!("{}{s}{}", " ".repeat(pad / 2), " ".repeat(pad - pad / 2))
    }

    /// The rule above row `y` (or under the last row): drawn where a board
    /// cell is above or below it.
    fn rule(&self, y: i32) -> String {
        let board = &self.puzzle.board;
        let [x0, y0, _] = board.origin();
        let [w, _, _] = board.extent();
        let mut line = String::new();
        for x in 0..w {
            let here = |yy: i32| board.index(Cell::new(x0 + x, y0 + yy, 0)).is_some();
            let on = here(y) || (y > 0 && here(y - 1));
            line.push(if on { '+' } else { ' ' });
            line.push_str(&(if on { "-" } else { " " }).repeat(self.inner));
        }
        line.push('+');
        line.trim_end().to_string()
    }

    /// The three lines inside a tile's box: the top label, the left label,
    /// name and right label, the bottom label.
    fn tile(&self, name: &str, edges: &[String]) -> [String; 3] {
        let left = &edges[3];
        let right = &edges[1];
        let middle_pad = self.inner - 2 - width(left) - width(right) - width(name);
        let before = middle_pad / 2;
        [
            self.centre(&edges[0]),
            format!(
                " {left}{}{name}{}{right} ",
                " ".repeat(before),
                " ".repeat(middle_pad - before)
            ),
            self.centre(&edges[2]),
        ]
    }
}
