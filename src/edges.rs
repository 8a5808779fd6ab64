//! Edge-matching puzzles: square tiles whose touching edges must match.
//!
//! The packing pipeline carries over with one change of meaning:
//!
//! - a **placement** is (tile, position, distinct look): a look is one of
//!   the tile's quarter turns, and turns that look alike (A B A B turned
//!   twice) are one look, so that two solutions differ only when the board
//!   looks different. [`placements`] lists them, already pruned by the
//!   frame: with a `border` label, an edge facing the frame must carry it
//!   and an inner edge must not.
//! - the **cover** has one primary item per position (exactly one tile)
//!   and per distinct tile (exactly its count), and for every inner edge a
//!   *coloured* secondary item (Knuth's Algorithm C): each option gives the
//!   edges it touches a colour, and two options are compatible only when
//!   they agree. The colour of the edge between a cell and its right (or
//!   lower) neighbour is the label on the first cell's side; the neighbour
//!   asks for the label's partner (itself under `match = "equal"`, `X-` for
//!   `X+` under `"complement"`). See [`cover`].
//! - the **group** is the board's rotations (tiles never flip): four on a
//!   square board, two on another rectangle ([`group`]).
//!
//! The CNF encodings of the colours are in [`crate::encode::edges`], and the
//! exact-cover engine reads the colours through
//! [`crate::cover::Cover::for_dlx`].

use std::collections::HashMap;

use crate::cover::{Cover, EdgeColour, Item, ItemKind};
use crate::error::Error;
use crate::geometry::{Board, Cell, Transform};
use crate::placement::{MAX_PLACEMENTS, Placement, Placements};
use crate::puzzle::{Puzzle, Tiling};
use crate::symmetry::{Group, Symmetry};

/// Top, right, bottom, left: the order edges are listed in, as unit steps
/// in the board's axes (y grows downwards, as in ASCII art).
pub const DIRECTIONS: [(i32, i32); 4] = [(0, -1), (1, 0), (0, 1), (-1, 0)];

pub const DIRECTION_NAMES: [&str; 4] = ["top", "right", "bottom", "left"];

/// One distinct look of a tile: the number of clockwise quarter turns from
/// the listed edges, and the edge labels it then shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Look {
    pub turns: u8,
    pub edges: [String; 4],
}

/// A tile's edges after `turns` clockwise quarter turns: what was on top
/// goes right, so the new edge in direction `d` is the old one at `d - turns`.
pub fn turned<T: Clone>(edges: &[T; 4], turns: u8) -> [T; 4] {
    [0, 1, 2, 3].map(|d| edges[(d + 4 - turns as usize % 4) % 4].clone())
}

/// The distinct looks of a tile, fewest turns first.
pub fn looks(edges: &[String; 4], turns_allowed: bool) -> Vec<Look> {
    let mut out: Vec<Look> = Vec::new();
    for turns in 0..if turns_allowed { 4 } else { 1 } {
        let e = turned(edges, turns);
        if !out.iter().any(|l| l.edges == e) {
            out.push(Look { turns, edges: e });
        }
    }
    out
}

/// The neighbouring position of `c` in direction `d`.
pub fn neighbour(c: Cell, d: usize) -> Cell {
    let (dx, dy) = DIRECTIONS[d];
    Cell::new(c.x + dx, c.y + dy, c.z)
}

fn tiling(puzzle: &Puzzle) -> &Tiling {
    puzzle
        .tiling
        .as_ref()
        .expect("only called for edge-matching puzzles")
}

/// Every (tile, position, look) that respects the frame.
pub fn placements(puzzle: &Puzzle) -> Result<Placements, Error> {
    let tiling = tiling(puzzle);
    let board = &puzzle.board;
    let border = tiling.border.as_deref();
    let mut all = Vec::new();
    let mut all_looks = Vec::with_capacity(tiling.tiles.len());
    for (t, tile) in tiling.tiles.iter().enumerate() {
        let tile_looks = looks(&tile.edges, tiling.turns);
        for (&cell, pos) in board.cells().iter().zip(0u32..) {
            for (k, look) in tile_looks.iter().enumerate() {
                let fits = (0..4).all(|d| {
                    let inner = board.index(neighbour(cell, d)).is_some();
                    match border {
                        None => true,
                        Some(b) => (look.edges[d] == b) != inner,
                    }
                });
                if fits {
                    all.push(Placement {
                        piece: t,
                        orientation: k,
                        cells: vec![pos],
                    });
                }
            }
            if all.len() > MAX_PLACEMENTS {
                return Err(Error::Usage(format!(
                    "{}: more than {MAX_PLACEMENTS} placements; the puzzle is too large",
                    puzzle.name
                )));
            }
        }
        all_looks.push(tile_looks);
    }
    Ok(Placements {
        orientations: vec![Vec::new(); tiling.tiles.len()],
        looks: all_looks,
        all,
    })
}

/// The inner edges of a board: (first cell, direction 1 = right or
/// 2 = down), in board order.
pub fn inner_edges(board: &Board) -> Vec<(u32, usize)> {
    let mut out = Vec::new();
    for (&c, i) in board.cells().iter().zip(0u32..) {
        for d in [1, 2] {
            if board.index(neighbour(c, d)).is_some() {
                out.push((i, d));
            }
        }
    }
    out
}

/// The exact cover with colours: positions and tiles as primary items,
/// inner edges as coloured secondary items (in [`Cover::colours`]).
pub fn cover(puzzle: &Puzzle, placements: &Placements) -> Cover {
    let tiling = tiling(puzzle);
    let board = &puzzle.board;
    let cells = board.len();
    let mut items: Vec<Item> = (0..cells as u32)
        .map(|c| Item {
            kind: ItemKind::Cell(c),
            min: 1,
            max: 1,
            implied: false,
        })
        .collect();
    items.extend(tiling.tiles.iter().enumerate().map(|(t, tile)| Item {
        kind: ItemKind::Piece(t),
        min: tile.count,
        max: tile.count,
        implied: false,
    }));
    // Every position takes one tile and the counts add up to the positions,
    // so one tile's count follows from all the others'.
    if let Some((t, _)) = tiling
        .tiles
        .iter()
        .enumerate()
        .filter(|(_, tile)| tile.count > 1)
        .max_by_key(|(_, tile)| tile.count)
    {
        items[cells + t].implied = true;
    }

    // Colours are label numbers; partners are numbered too.
    let mut labels: HashMap<String, u32> = HashMap::new();
    let mut id = |l: &str| {
        let n = labels.len() as u32;
        *labels.entry(l.to_string()).or_insert(n)
    };
    let edges = inner_edges(board);
    let edge_index: HashMap<(u32, usize), u32> = edges
        .iter()
        .zip(0u32..)
        .flat_map(|(&(c, d), e)| {
            let other = board
                .index(neighbour(board.cell(c), d))
                .expect("an inner edge");
            [((c, d), e), ((other, (d + 2) % 4), e)]
        })
        .collect();
    let mut options = Vec::with_capacity(placements.all.len());
    let mut colours = Vec::with_capacity(placements.all.len());
    for pl in &placements.all {
        let pos = pl.cells[0];
        options.push(vec![pos, (cells + pl.piece) as u32]);
        let look = &placements.looks[pl.piece][pl.orientation];
        let mut touching = Vec::new();
        for d in 0..4 {
            if let Some(&edge) = edge_index.get(&(pos, d)) {
                let first = d == 1 || d == 2;
                let label = &look.edges[d];
                let colour = if first {
                    id(label)
                } else {
                    id(&tiling.matching.partner(label))
                };
                touching.push(EdgeColour {
                    edge,
                    colour,
                    first,
                });
            }
        }
        colours.push(touching);
    }
    Cover {
        items,
        options,
        colours,
        edges: edges.len(),
    }
}

/// The clockwise quarter turn of the board's plane, (x, y) -> (-y, x)
/// with y downwards.
fn quarter_turn() -> Transform {
    Transform::all()
        .into_iter()
        .find(|t| {
            t.apply(Cell::new(1, 0, 0)) == Cell::new(0, 1, 0)
                && t.apply(Cell::new(0, 1, 0)) == Cell::new(-1, 0, 0)
                && t.apply(Cell::new(0, 0, 1)) == Cell::new(0, 0, 1)
        })
        .expect("the quarter turn is one of the 48")
}

/// The board's rotations that map every option onto an option: turning
/// the board by `r` quarter turns moves a tile to the turned position and
/// turns it by `r` too.
pub fn group(puzzle: &Puzzle, placements: &Placements) -> Group {
    let board = &puzzle.board;
    let shape = board.shape();
    let (lo, _) = shape.bounds().expect("the board has cells");
    let index: HashMap<(usize, u32, &[String; 4]), u32> = placements
        .all
        .iter()
        .zip(0u32..)
        .map(|(pl, o)| {
            (
                (
                    pl.piece,
                    pl.cells[0],
                    &placements.looks[pl.piece][pl.orientation].edges,
                ),
                o,
            )
        })
        .collect();
    let quarter = quarter_turn();
    let mut t = Transform::IDENTITY;
    let mut elements = Vec::new();
    for r in 0..4u8 {
        if r > 0 {
            t = t.then(quarter);
        }
        let image =
            crate::geometry::Shape::new(shape.cells().iter().map(|&c| t.apply(c)).collect());
        if image.normalized() != shape.normalized() {
            continue;
        }
        let (image_lo, _) = image.bounds().expect("non-empty");
        let shift = Cell::new(lo[0] - image_lo[0], lo[1] - image_lo[1], 0);
        let cells: Vec<u32> = board
            .cells()
            .iter()
            .map(|&c| {
                board
                    .index(t.apply(c).offset(shift))
                    .expect("the board maps onto itself")
            })
            .collect();
        let options: Option<Vec<u32>> = placements
            .all
            .iter()
            .map(|pl| {
                let look = &placements.looks[pl.piece][pl.orientation];
                let edges = turned(&look.edges, r);
                index
                    .get(&(pl.piece, cells[pl.cells[0] as usize], &edges))
                    .copied()
            })
            .collect();
        // With rotations = "none" a turned tile is usually not allowed.
        let Some(options) = options else { continue };
        elements.push(Symmetry {
            transform: t,
            cells,
            pieces: (0..placements.looks.len()).collect(),
            options,
        });
    }
    Group { elements }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(v: [&str; 4]) -> [String; 4] {
        v.map(String::from)
    }

    #[test]
    fn a_quarter_turn_moves_the_left_edge_to_the_top() {
        let e = s(["lion-", "lion+", "tiger-", "cheetah+"]);
        assert_eq!(turned(&e, 3), s(["lion+", "tiger-", "cheetah+", "lion-"]));
        assert_eq!(turned(&e, 1)[0], "cheetah+");
    }

    #[test]
    fn looks_that_repeat_count_once() {
        assert_eq!(looks(&s(["a", "b", "a", "b"]), true).len(), 2);
        assert_eq!(looks(&s(["a", "a", "a", "a"]), true).len(), 1);
        assert_eq!(looks(&s(["a", "b", "c", "d"]), true).len(), 4);
        assert_eq!(looks(&s(["a", "b", "c", "d"]), false).len(), 1);
    }
}
