//! Text drawings: each layer of the board as a grid of piece glyphs with
//! walls between different pieces, layers side by side under
//! `z=0 z=1 …` headings.
//!
//! Identical copies share a glyph (the contract names pieces, not copies),
//! so glyphs alone cannot tell 25 Y's apart. Walls do, without colour:
//! a line is drawn between two cells of different pieces (or a piece and
//! the empty board or the outside), never inside a piece, so the text
//! reads the same piped into a file, in a log or in an issue report.
//! On a box, a piece can go on into the next layer, drawn to the right:
//! each cell is then two characters wide, the glyph and `>` when the cube
//! in the same place of the next layer belongs to the same piece. With
//! the walls, that is enough to recover every piece from the text (the
//! test `text_drawing` does).
//!
//! Walls are box-drawing characters (`┌─┬┐│`), or `+-|` with `--ascii`.
//! On a terminal each piece's glyph also gets a colour, chosen so that
//! touching pieces differ; colour comes on top of the walls, never
//! instead of them.
//!
//! ```text
//! z=0             z=1
//! ┌─────┬─┬───┐   ┌───┬───┬───┐
//! │V V  │L│T  │   │V> │L  │T  │
//! ```

use std::collections::HashMap;
use std::fmt::Write;

use crate::geometry::{Board, Cell, NEIGHBOURS};
use crate::puzzle::{Puzzle, Tiling};
use crate::solution::{PlacedTile, Solution};

/// Bright, mutually distinct xterm-256 colours, readable on dark and light
/// backgrounds.
const PALETTE: [u8; 12] = [196, 34, 33, 214, 129, 37, 202, 92, 142, 27, 161, 30];

/// Space between two layers drawn side by side.
const LAYER_GAP: &str = "  ";

/// How text is drawn.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Style {
    /// ANSI colours on the glyphs (for a terminal).
    pub colour: bool,
    /// `+-|` walls instead of box-drawing characters.
    pub ascii: bool,
}

/// Draws one solution.
pub fn draw(puzzle: &Puzzle, solution: &Solution, style: Style) -> String {
    if puzzle.tiling().is_some() {
        return draw_tiles(puzzle, solution, style.ascii);
    }
    if puzzle.board.lattice() == crate::geometry::Lattice::Sticks {
        return super::sticks::draw(puzzle, solution);
    }
    if puzzle.board.lattice().is_planar()
        || puzzle.board.lattice() == crate::geometry::Lattice::Prisms
    {
        return super::flat::draw(puzzle, solution);
    }
    if puzzle.board.lattice().is_voxels() {
        // Tetrahedra in layers of the voxel array would be a text no one
        // could read a piece from: the note points to the pictures.
        return format!(
            "(no text drawing of {}: --format svg, html or stl draws the pieces, \
             --format json lists each piece's voxels)\n",
            puzzle.board.lattice().name()
        );
    }
    let drawing = Drawing::new(puzzle, solution, style);
    let [_, _, z0] = puzzle.board.origin();
    let [w, _, d] = puzzle.board.extent();
    let layer_width = 1 + w as usize * (drawing.cell_width + 1);
    let mut out = String::new();
    if d > 1 {
        let headings: Vec<String> = (0..d)
            .map(|z| format!("{:<layer_width$}", format!("z={}", z0 + z)))
            .collect();
        out.push_str(headings.join(LAYER_GAP).trim_end());
        out.push('\n');
    }
    let layers: Vec<Vec<String>> = (0..d).map(|z| drawing.layer(z)).collect();
    for row in 0..layers[0].len() {
        let line: Vec<&str> = layers.iter().map(|l| l[row].as_str()).collect();
        out.push_str(line.join(LAYER_GAP).trim_end());
        out.push('\n');
    }
    out
}

/// What lies in one position of a layer: walls separate different ones.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Region {
    Outside,
    Empty,
    Piece(usize),
}

/// A packing solution ready to draw, layer by layer; positions are counted
/// from the board's origin.
struct Drawing<'a> {
    puzzle: &'a Puzzle,
    solution: &'a Solution,
    owner: HashMap<Cell, usize>,
    colours: Vec<usize>,
    style: Style,
    /// Characters per cell: the glyph, and on a box the mark `>` of a
    /// piece going on into the next layer.
    cell_width: usize,
    /// Per placed piece on the sphere grid, its copy's number (`1` to
    /// `9`, then `a` to `z`, `*` past 35) when the piece has copies:
    /// balls never share a wall in the drawing, so the number is what
    /// says which balls make one piece.
    copy: Vec<Option<char>>,
}

impl<'a> Drawing<'a> {
    fn new(puzzle: &'a Puzzle, solution: &'a Solution, style: Style) -> Drawing<'a> {
        let owner = solution.owners();
        let colours = colour_pieces(solution, &owner);
        let copy = if puzzle.board.lattice() == crate::geometry::Lattice::Spheres {
            copy_numbers(solution)
        } else {
            vec![None; solution.pieces().len()]
        };
        let numbered = copy.iter().any(Option::is_some);
        let cell_width = if puzzle.board.extent()[2] > 1 || numbered {
            2
        } else {
            1
        };
        Drawing {
            puzzle,
            solution,
            owner,
            colours,
            style,
            cell_width,
            copy,
        }
    }

    fn cell(&self, x: i32, y: i32, z: i32) -> Cell {
        let [x0, y0, z0] = self.puzzle.board.origin();
        Cell::new(x0 + x, y0 + y, z0 + z)
    }

    fn region(&self, x: i32, y: i32, z: i32) -> Region {
        let c = self.cell(x, y, z);
        match (self.puzzle.board.index(c), self.owner.get(&c)) {
            (None, _) => Region::Outside,
            (Some(_), None) => Region::Empty,
            (Some(_), Some(&k)) => Region::Piece(k),
        }
    }

    /// The lines of layer `z`: a wall line above every row and below the
    /// last, all padded to the same width.
    fn layer(&self, z: i32) -> Vec<String> {
        let [_, h, _] = self.puzzle.board.extent();
        let mut lines = Vec::with_capacity(2 * h as usize + 1);
        for y in 0..h {
            lines.push(self.wall_line(y, z));
            lines.push(self.cell_line(y, z));
        }
        lines.push(self.wall_line(h, z));
        lines
    }

    /// The line of walls above row `y`: corners where walls meet, and a
    /// horizontal wall under every cell whose region differs from the one
    /// above it.
    fn wall_line(&self, y: i32, z: i32) -> String {
        let w = self.puzzle.board.extent()[0];
        let mut line = String::new();
        for x in 0..=w {
            let r = |dx: i32, dy: i32| self.region(x + dx, y + dy, z);
            let (nw, ne, sw, se) = (r(-1, -1), r(0, -1), r(-1, 0), r(0, 0));
            line.push(junction(
                nw != ne,
                sw != se,
                nw != sw,
                ne != se,
                self.style.ascii,
            ));
            if x < w {
                let wall = if ne != se {
                    horizontal(self.style.ascii)
                } else {
                    ' '
                };
                line.extend(std::iter::repeat_n(wall, self.cell_width));
            }
        }
        line
    }

    /// Row `y` of layer `z`: cells, with a vertical wall between two that
    /// differ.
    fn cell_line(&self, y: i32, z: i32) -> String {
        let w = self.puzzle.board.extent()[0];
        let mut line = String::new();
        for x in 0..=w {
            let wall = self.region(x - 1, y, z) != self.region(x, y, z);
            line.push(match (wall, self.style.ascii) {
                (false, _) => ' ',
                (true, true) => '|',
                (true, false) => '│',
            });
            if x < w {
                self.push_cell(&mut line, x, y, z);
            }
        }
        line
    }

    /// One cell: its piece's glyph (`.` on the empty board), then on a box
    /// `>` when the same piece covers the cell above it in the next layer.
    fn push_cell(&self, line: &mut String, x: i32, y: i32, z: i32) {
        let pad = " ".repeat(self.cell_width - 1);
        let k = match self.region(x, y, z) {
            Region::Outside => return line.push_str(&format!(" {pad}")),
            Region::Empty => return line.push_str(&format!(".{pad}")),
            Region::Piece(k) => k,
        };
        let mut text = self.puzzle.pieces()[self.solution.pieces()[k].piece]
            .glyph
            .to_string();
        if let Some(n) = self.copy[k] {
            text.push(n);
        } else if self.cell_width > 1 {
            let on = self.region(x, y, z + 1) == Region::Piece(k);
            text.push(if on { '>' } else { ' ' });
        }
        if self.style.colour {
            let _ = write!(
                line,
                "\x1b[1;38;5;{}m{text}\x1b[0m",
                PALETTE[self.colours[k]]
            );
        } else {
            line.push_str(&text);
        }
    }
}

/// Per placed piece, the number of its copy among the placed pieces of
/// the same kind (`None` for a piece placed once), in base 36.
fn copy_numbers(solution: &Solution) -> Vec<Option<char>> {
    let placed = solution.pieces();
    let mut seen: HashMap<usize, u32> = HashMap::new();
    let mut total: HashMap<usize, u32> = HashMap::new();
    placed
        .iter()
        .for_each(|p| *total.entry(p.piece).or_default() += 1);
    placed
        .iter()
        .map(|p| {
            let n = seen.entry(p.piece).or_default();
            *n += 1;
            (total[&p.piece] > 1).then(|| char::from_digit(*n, 36).unwrap_or('*'))
        })
        .collect()
}

/// The horizontal wall character.
fn horizontal(ascii: bool) -> char {
    if ascii { '-' } else { '─' }
}

/// The character where walls meet, from the arms that leave the corner.
fn junction(up: bool, down: bool, left: bool, right: bool, ascii: bool) -> char {
    if ascii {
        return match (up || down, left || right) {
            (false, false) => ' ',
            (true, false) => '|',
            (false, true) => '-',
            (true, true) => '+',
        };
    }
    const BOX: [char; 16] = [
        ' ', '╵', '╷', '│', '╴', '┘', '┐', '┤', '╶', '└', '┌', '├', '─', '┴', '┬', '┼',
    ];
    BOX[up as usize | (down as usize) << 1 | (left as usize) << 2 | (right as usize) << 3]
}

/// Greedy colouring of the pieces on the board so that pieces sharing a
/// face get different palette entries whenever the palette allows.
fn colour_pieces(solution: &Solution, owner: &HashMap<Cell, usize>) -> Vec<usize> {
    let mut colours: Vec<usize> = Vec::with_capacity(solution.pieces().len());
    for (k, placed) in solution.pieces().iter().enumerate() {
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
/// ┌───────────────────────────┬───────────────────────────┐
/// │           lion+           │         cheetah-          │
/// │ lion-       2      tiger- │ tiger+      1      tiger- │
/// │          cheetah+         │           lion+           │
/// ├───────────────────────────┼───────────────────────────┤
/// ```
///
/// With `ascii`, the frame is `+-|` as it always was.
fn draw_tiles(puzzle: &Puzzle, solution: &Solution, ascii: bool) -> String {
    let tiling = puzzle.tiling().expect("an edge-matching puzzle");
    let grid = TileGrid::new(&puzzle.board, tiling, solution, ascii);
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
    ascii: bool,
}

impl<'a> TileGrid<'a> {
    fn new(
        board: &'a Board,
        tiling: &'a Tiling,
        solution: &'a Solution,
        ascii: bool,
    ) -> TileGrid<'a> {
        let label = solution
            .tiles()
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
            at: solution.tiles().iter().map(|t| (t.at, t)).collect(),
            // " left  name  right ": the sides' labels must not meet the
            // name, whichever tile has the longest of each.
            inner: 2 * label + name + 4,
            ascii,
        }
    }

    /// Whether board position (`x`, `y`), counted from the board's origin,
    /// is on the board.
    fn on_board(&self, x: i32, y: i32) -> bool {
        let [x0, y0, _] = self.board.origin();
        self.board.index(Cell::new(x0 + x, y0 + y, 0)).is_some()
    }

    /// The line above row `y` (or below the last row, for `y` = height):
    /// a wall wherever a position above or below it is on the board, so
    /// that a board with holes is framed around its own shape; the
    /// vertical walls run through every row.
    fn rule(&self, y: i32) -> String {
        let [w, h, _] = self.board.extent();
        let on = |x: i32| (0..w).contains(&x) && (self.on_board(x, y) || self.on_board(x, y - 1));
        let mut line = String::new();
        for x in 0..=w {
            line.push(junction(y > 0, y < h, on(x - 1), on(x), self.ascii));
            if x < w {
                let c = if on(x) { horizontal(self.ascii) } else { ' ' };
                line.extend(std::iter::repeat_n(c, self.inner));
            }
        }
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
                line.push(self.vertical());
                line.push_str(&part);
            }
        }
        let mut out = String::new();
        for mut line in lines {
            line.push(self.vertical());
            out += &line;
            out.push('\n');
        }
        out
    }

    fn vertical(&self) -> char {
        if self.ascii { '|' } else { '│' }
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
