//! Text drawings: each layer of the board as a grid of piece glyphs,
//! layers side by side under `z=0 z=1 …` headings.
//!
//! Identical copies share a glyph (the contract names pieces, not copies),
//! so on a terminal each piece on the board also gets a colour, chosen so
//! that touching pieces differ: that is what makes 25 Y's readable.

use std::collections::HashMap;
use std::fmt::Write;

use crate::geometry::{Board, Cell, NEIGHBOURS};
use crate::puzzle::{Puzzle, Tiling};
use crate::solution::{PlacedTile, Solution};

/// Bright, mutually distinct xterm-256 colours, readable on dark and light
/// backgrounds.
const PALETTE: [u8; 12] = [196, 34, 33, 214, 129, 37, 202, 92, 142, 27, 161, 30];

/// Draws one solution. `colour` adds ANSI colours.
pub fn draw(puzzle: &Puzzle, solution: &Solution, colour: bool) -> String {
    if puzzle.tiling().is_some() {
        return draw_tiles(puzzle, solution);
    }
    let board = &puzzle.board;
    let owner = solution.owners();
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
    let grid = TileGrid::new(&puzzle.board, tiling, solution);
    let h = puzzle.board.extent()[1];
    let mut out = String::new();
    for y in 0..h {
        out += &grid.rule(y);
        out.push('\n');
        out += &grid.row(y);
    }
    out += &grid.rule(h);
    out.push('\n');
    out
}

/// The text drawing of an edge-matching board: every tile a box `inner`
/// characters wide between its `|`s, three lines high.
struct TileGrid<'a> {
    board: &'a Board,
    tiling: &'a Tiling,
    /// The tile lying at each position.
    at: HashMap<Cell, &'a PlacedTile>,
    inner: usize,
}

impl<'a> TileGrid<'a> {
    fn new(board: &'a Board, tiling: &'a Tiling, solution: &'a Solution) -> TileGrid<'a> {
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
        TileGrid {
            board,
            tiling,
            at: solution.tiles.iter().map(|t| (t.at, t)).collect(),
            // " left  name  right ": the sides' labels must not meet the
            // name, whichever tile has the longest of each.
            inner: 2 * label + name + 4,
        }
    }

    /// Whether board position (`x`, `y`), counted from the board's origin,
    /// is on the board.
    fn on_board(&self, x: i32, y: i32) -> bool {
        let [x0, y0, _] = self.board.origin();
        self.board.index(Cell::new(x0 + x, y0 + y, 0)).is_some()
    }

    /// The line above row `y` (or below the last row, for `y` = height):
    /// dashes wherever a position above or below it is on the board, so
    /// that a board with holes is framed around its own shape.
    fn rule(&self, y: i32) -> String {
        let mut line = String::new();
        for x in 0..self.board.extent()[0] {
            let on = self.on_board(x, y) || (y > 0 && self.on_board(x, y - 1));
            line.push(if on { '+' } else { ' ' });
            line.push_str(&(if on { "-" } else { " " }).repeat(self.inner));
        }
        line.push('+');
        line.trim_end().to_string()
    }

    /// The three lines of row `y`, each ending in a newline.
    fn row(&self, y: i32) -> String {
        let [x0, y0, _] = self.board.origin();
        let mut lines = [String::new(), String::new(), String::new()];
        for x in 0..self.board.extent()[0] {
            let boxed = match self.at.get(&Cell::new(x0 + x, y0 + y, 0)) {
                Some(t) => self.tile_lines(t),
                None => [(); 3].map(|_| " ".repeat(self.inner)),
            };
            for (line, part) in lines.iter_mut().zip(boxed) {
                line.push('|');
                line.push_str(&part);
            }
        }
        let mut out = String::new();
        for line in lines {
            out += &line;
            out += "|\n";
        }
        out
    }

    /// The inside of one tile's box: top label, then left label, name and
    /// right label, then bottom label.
    fn tile_lines(&self, t: &PlacedTile) -> [String; 3] {
        let n = &self.tiling.tiles[t.tile].name;
        let left = &t.edges[3];
        let right = &t.edges[1];
        let middle_pad = self.inner - 2 - width(left) - width(right) - width(n);
        let before = middle_pad / 2;
        [
            self.centred(&t.edges[0]),
            format!(
                " {left}{}{n}{}{right} ",
                " ".repeat(before),
                " ".repeat(middle_pad - before)
            ),
            self.centred(&t.edges[2]),
        ]
    }

    /// `s` centred in a box's width; an odd space goes after it.
    fn centred(&self, s: &str) -> String {
        let pad = self.inner - width(s);
        format!("{}{s}{}", " ".repeat(pad / 2), " ".repeat(pad - pad / 2))
    }
}

/// Width on a terminal, counting each character as one column.
fn width(s: &str) -> usize {
    s.chars().count()
}
