//! Edge-matching puzzles: square tiles whose touching edges must match.
//!
//! The packing pipeline carries over with one change of meaning:
//!
//! - a **placement** is (tile, position, distinct look): a look is one of
//!   the tile's quarter turns, and turns that look alike (A B A B turned
//!   twice) are one look, so that two solutions differ only when the board
//!   looks different. `placements` lists them, already pruned by the
//!   frame: with a `border` label, an edge facing the frame must carry it
//!   and an inner edge must not.
//! - the **cover** has one primary item per position (exactly one tile)
//!   and per distinct tile (exactly its count), and for every inner edge a
//!   *coloured* secondary item (Knuth's Algorithm C): each option gives the
//!   edges it touches a colour, and two options are compatible only when
//!   they agree. The colour of the edge between a cell and its right (or
//!   lower) neighbour is the label on the first cell's side; the neighbour
//!   asks for the label's partner (itself under `match = "equal"`, `X-` for
//!   `X+` under `"complement"`). See `cover`.
//! - the **group** is the board's rotations (tiles never flip): four on a
//!   square board, two on another rectangle (`group`).
//!
//! The CNF encodings of the colours are in [`crate::encode::colours`], and
//! the exact-cover engines read the colours through
//! [`crate::cover::Cover::for_dlx`].

use std::collections::HashMap;

mod anneal;
mod assign;
pub mod best;
mod budget;
mod layout;
mod precheck;
pub mod score;

use crate::cover::{Cover, EdgeColour, Item, ItemKind};
use crate::error::{Error, Result};
use crate::family::interface::{Family, PartSize, cell_text};
use crate::family::packing::MAX_PLACEMENTS;
use crate::geometry::square::{neighbour, quarter_turns, turned};
use crate::geometry::{Board, Cell, Transform, board_motions};
use crate::puzzle::{Puzzle, Tiling};
use crate::solution::{PlacedTile, Solution};
use crate::symmetry::{Group, Symmetry};

/// A tile placement: one tile, one position, one of its distinct looks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TilePlacement {
    /// Index into the puzzle's tiles.
    pub tile: usize,
    /// The board cell index of the position.
    pub position: u32,
    /// Index into the tile's looks.
    pub look: usize,
}

/// An edge-matching puzzle as an exact-cover instance with colours.
pub struct Tiles<'p> {
    puzzle: &'p Puzzle,
    tiling: &'p Tiling,
    /// Each tile's distinct looks.
    pub looks: Vec<Vec<Look>>,
    pub placements: Vec<TilePlacement>,
    cover: Cover,
    group: Group,
}

impl<'p> Tiles<'p> {
    pub fn new(puzzle: &'p Puzzle, tiling: &'p Tiling) -> Result<Tiles<'p>> {
        let looks: Vec<Vec<Look>> = tiling
            .tiles
            .iter()
            .map(|t| self::looks(&t.edges, tiling.turns))
            .collect();
        let placements = placements(puzzle, tiling, &looks)?;
        let cover = cover(&puzzle.board, tiling, &looks, &placements);
        let group = group(&puzzle.board, &looks, &placements);
        Ok(Tiles {
            puzzle,
            tiling,
            looks,
            placements,
            cover,
            group,
        })
    }
}

impl Family for Tiles<'_> {
    fn cover(&self) -> &Cover {
        &self.cover
    }

    fn group(&self) -> &Group {
        &self.group
    }

    fn refute(&self) -> Option<String> {
        refute(self.tiling, &self.placements).or_else(|| precheck::refute(self.puzzle, self.tiling))
    }

    fn solution(&self, chosen: &[u32]) -> Solution {
        Solution::of_tiles(
            chosen
                .iter()
                .map(|&i| {
                    let pl = &self.placements[i as usize];
                    let look = &self.looks[pl.tile][pl.look];
                    PlacedTile {
                        tile: pl.tile,
                        at: self.puzzle.board.cell(pl.position),
                        rotation: look.turns,
                        edges: look.edges.clone(),
                    }
                })
                .collect(),
        )
    }

    /// The tile, its quarter turns, its position.
    fn describe(&self, option: u32) -> String {
        let pl = &self.placements[option as usize];
        format!(
            "{} turned {} {}",
            self.tiling.tiles[pl.tile].name,
            self.looks[pl.tile][pl.look].turns,
            cell_text(self.puzzle.board.cell(pl.position))
        )
    }

    fn sizes(&self) -> Vec<PartSize> {
        let mut placements = vec![0; self.looks.len()];
        self.placements
            .iter()
            .for_each(|pl| placements[pl.tile] += 1);
        self.looks
            .iter()
            .zip(placements)
            .map(|(l, placements)| PartSize {
                orientations: l.len(),
                placements,
            })
            .collect()
    }
}

/// One distinct look of a tile: the number of clockwise quarter turns from
/// the listed edges, and the edge labels it then shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Look {
    pub turns: u8,
    pub edges: [String; 4],
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

/// Bytes a tile placement costs, with its cover option and its share of
/// the symmetry group's index (as for packing placements).
const TILE_PLACEMENT_BYTES: u64 = 128;

/// Refuses (exit 2) a tile puzzle whose placements could exceed the memory
/// budget or [`MAX_PLACEMENTS`], from an upper bound (every look of every
/// tile on every position), before any is made. `generate` asks the same
/// of the boards it writes, so that it never writes one `solve` refuses.
pub fn check_size(puzzle: &Puzzle) -> Result<()> {
    let Some(tiling) = puzzle.tiling() else {
        return Ok(());
    };
    let looks = if tiling.turns { 4 } else { 1 };
    let upper = (tiling.tiles.len() as u64)
        .saturating_mul(looks)
        .saturating_mul(puzzle.board.len() as u64);
    let what = format!(
        "up to {} tile placements",
        crate::process::budget::quantity(upper)
    );
    if upper > MAX_PLACEMENTS as u64 {
        let file = crate::process::files::first_input().map_or(String::new(), |f| format!("{f}: "));
        return Err(Error::Usage(format!(
            "{file}{what}: more than the {} placements jigsat handles; the puzzle is too large",
            crate::process::budget::quantity(MAX_PLACEMENTS as u64)
        )));
    }
    crate::process::budget::check(upper.saturating_mul(TILE_PLACEMENT_BYTES), &what, "")
}

/// Every (tile, position, look) that respects the frame. A fixed tile
/// (a clue) has only its one placement, and no other tile goes to its
/// position.
fn placements(puzzle: &Puzzle, tiling: &Tiling, looks: &[Vec<Look>]) -> Result<Vec<TilePlacement>> {
    check_size(puzzle)?;
    let board = &puzzle.board;
    let clue_at: Vec<bool> = {
        let mut at = vec![false; board.len()];
        for f in tiling.tiles.iter().filter_map(|t| t.fixed) {
            at[board.index(f.at).expect("checked by the reader") as usize] = true;
        }
        at
    };
    let mut all = Vec::new();
    for (tile, tile_looks) in looks.iter().enumerate() {
        let fixed = tiling.tiles[tile].fixed.map(|f| {
            let edges = turned(&tiling.tiles[tile].edges, f.rotation);
            (
                board.index(f.at),
                tile_looks.iter().position(|l| l.edges == edges),
            )
        });
        for (&cell, position) in board.cells().iter().zip(0u32..) {
            for (look, l) in tile_looks.iter().enumerate() {
                let allowed = match fixed {
                    Some((at, fixed_look)) => at == Some(position) && fixed_look == Some(look),
                    None => !clue_at[position as usize],
                };
                if allowed && fits_frame(board, cell, l, tiling.border.as_deref()) {
                    all.push(TilePlacement {
                        tile,
                        position,
                        look,
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
    }
    Ok(all)
}

/// Whether a look respects the frame at `cell`: with a `border` label, an
/// edge facing the frame carries it and an inner edge does not.
fn fits_frame(board: &Board, cell: Cell, look: &Look, border: Option<&str>) -> bool {
    let Some(b) = border else { return true };
    (0..4).all(|d| {
        let inner = board.index(neighbour(cell, d)).is_some();
        (look.edges[d] == b) != inner
    })
}

/// A reason the puzzle cannot be solved that needs no search: a tile that
/// fits nowhere (a clue turned against the frame, say), or two clues side
/// by side whose touching edges do not match. The counting arguments on
/// framed boards are in [`precheck`].
fn refute(tiling: &Tiling, placements: &[TilePlacement]) -> Option<String> {
    let mut placed = vec![false; tiling.tiles.len()];
    placements.iter().for_each(|pl| placed[pl.tile] = true);
    if let Some(t) = placed.iter().position(|&p| !p) {
        let tile = &tiling.tiles[t];
        return Some(match tile.fixed {
            Some(f) => format!(
                "tile {} fixed at [{}, {}] turned {} does not fit the frame there",
                tile.name, f.at.x, f.at.y, f.rotation
            ),
            None => format!("tile {} fits nowhere on the board", tile.name),
        });
    }
    let clues: Vec<(&crate::puzzle::Tile, crate::puzzle::Fixed)> = tiling
        .tiles
        .iter()
        .filter_map(|t| t.fixed.map(|f| (t, f)))
        .collect();
    for &(a, fa) in &clues {
        for &(b, fb) in &clues {
            // Right (1) and down (2) neighbours: each touching pair once.
            for d in [1, 2] {
                if neighbour(fa.at, d) != fb.at {
                    continue;
                }
                let here = &turned(&a.edges, fa.rotation)[d];
                let there = &turned(&b.edges, fb.rotation)[(d + 2) % 4];
                if *there != tiling.matching.partner(here) {
                    return Some(format!(
                        "clue tiles {} at [{}, {}] and {} at [{}, {}] touch with edges {here} and {there}, which do not match",
                        a.name, fa.at.x, fa.at.y, b.name, fb.at.x, fb.at.y
                    ));
                }
            }
        }
    }
    None
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
fn cover(
    board: &Board,
    tiling: &Tiling,
    looks: &[Vec<Look>],
    placements: &[TilePlacement],
) -> Cover {
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
    let (options, colours) = coloured_options(board, tiling, looks, placements);
    Cover {
        items,
        options,
        colours,
        edges: inner_edges(board).len(),
        piece_labels: tiling
            .tiles
            .iter()
            .map(|t| format!("tile {}", t.name))
            .collect(),
    }
}

/// Each placement's items (its position and its tile) and the colours it
/// gives the inner edges it touches. Colours are label numbers; the edge
/// between a cell and its right (lower) neighbour takes the label on the
/// first cell's side, and the neighbour asks for that label's partner.
fn coloured_options(
    board: &Board,
    tiling: &Tiling,
    looks: &[Vec<Look>],
    placements: &[TilePlacement],
) -> (Vec<Vec<u32>>, Vec<Vec<EdgeColour>>) {
    let cells = board.len();
    let mut labels: HashMap<String, u32> = HashMap::new();
    let mut id = |l: &str| {
        let n = labels.len() as u32;
        *labels.entry(l.to_string()).or_insert(n)
    };
    let edge_index: HashMap<(u32, usize), u32> = inner_edges(board)
        .iter()
        .zip(0u32..)
        .flat_map(|(&(c, d), e)| {
            let other = board
                .index(neighbour(board.cell(c), d))
                .expect("an inner edge");
            [((c, d), e), ((other, (d + 2) % 4), e)]
        })
        .collect();
    let mut options = Vec::with_capacity(placements.len());
    let mut colours = Vec::with_capacity(placements.len());
    for pl in placements {
        options.push(vec![pl.position, (cells + pl.tile) as u32]);
        let look = &looks[pl.tile][pl.look];
        let mut touching = Vec::new();
        for d in 0..4 {
            if let Some(&edge) = edge_index.get(&(pl.position, d)) {
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
    (options, colours)
}

/// The board's rotations that map every option onto an option: turning
/// the board by `r` quarter turns moves a tile to the turned position and
/// turns it by `r` too.
fn group(board: &Board, looks: &[Vec<Look>], placements: &[TilePlacement]) -> Group {
    let index: HashMap<(usize, u32, &[String; 4]), u32> = placements
        .iter()
        .zip(0u32..)
        .map(|(pl, o)| ((pl.tile, pl.position, &looks[pl.tile][pl.look].edges), o))
        .collect();
    // The quarter turns in the order 0, 1, 2, 3.
    let mut turns: Vec<(u8, Transform)> = Transform::all()
        .into_iter()
        .filter_map(|t| quarter_turns(t).map(|r| (r, t)))
        .collect();
    turns.sort_by_key(|&(r, _)| r);
    let mut elements = Vec::new();
    for motion in board_motions(board, turns.iter().map(|&(_, t)| t)) {
        let r = quarter_turns(motion.transform).expect("a quarter turn");
        let cells = motion.cell_map(board);
        let options: Option<Vec<u32>> = placements
            .iter()
            .map(|pl| {
                let edges = turned(&looks[pl.tile][pl.look].edges, r);
                index
                    .get(&(pl.tile, cells[pl.position as usize], &edges))
                    .copied()
            })
            .collect();
        // With rotations = "none" a turned tile is usually not allowed.
        let Some(options) = options else { continue };
        elements.push(Symmetry {
            transform: motion.transform,
            cells,
            pieces: (0..looks.len()).collect(),
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
