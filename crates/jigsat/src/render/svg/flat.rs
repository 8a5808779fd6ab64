//! A flat board: grey cells for the board, one path per piece.
//!
//! A piece is drawn as the outline of the union of its cells (so there are
//! no lines inside it), filled with its colour and stroked with a darker
//! shade. The stroke is clipped to the piece itself, so each piece's
//! border lies inside it: between two pieces one sees both borders, each
//! in its own piece's dark shade.

use std::collections::{BTreeMap, HashSet};
use std::fmt::Write;

use crate::geometry::Cell;
use crate::puzzle::Puzzle;
use crate::solution::Solution;

use super::{Looks, Panel, label, num};

/// Side of one cell, in SVG units.
pub const CELL: f64 = 36.0;
/// Width of a piece's border (half of it shows, inside the piece).
const BORDER: f64 = 5.0;

/// Draws the board of a flat puzzle with the solution on it. `id` makes
/// the clip-path ids unique within a document.
pub fn board(puzzle: &Puzzle, solution: &Solution, looks: &Looks, id: &str) -> Panel {
    let board = &puzzle.board;
    let [x0, y0, _] = board.origin();
    let [w, h, _] = board.extent();
    let at = |c: (i32, i32)| ((c.0 - x0) as f64 * CELL, (c.1 - y0) as f64 * CELL);
    let mut body = String::new();

    // The board: every cell light grey with a faint grid, visible where no
    // piece lies (partial fills) and as the frame of the board's shape.
    body.push_str("<g class=\"board\" fill=\"#eeeeee\" stroke=\"#bbbbbb\" stroke-width=\"1\">\n");
    for c in board.cells() {
        let (x, y) = at((c.x, c.y));
        let _ = writeln!(
            body,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>",
            num(x),
            num(y),
            num(CELL),
            num(CELL)
        );
    }
    body.push_str("</g>\n");

    for (k, placed) in solution.pieces().iter().enumerate() {
        let cells: HashSet<(i32, i32)> = placed.cells.iter().map(|c| (c.x, c.y)).collect();
        let d = path_data(&outline(&cells), at);
        let fill = looks.fills[k];
        let clip = format!("{id}-p{k}");
        body.push_str(&looks.group_open(k));
        let _ = writeln!(
            body,
            "<clipPath id=\"{clip}\"><path d=\"{d}\"/></clipPath>\n\
             <path d=\"{d}\" fill=\"{}\" stroke=\"{}\" stroke-width=\"{}\" \
             stroke-linejoin=\"round\" clip-path=\"url(#{clip})\"/>",
            fill.css(),
            fill.shade(0.55).css(),
            num(2.0 * BORDER)
        );
        let (lx, ly) = label_point(&placed.cells);
        label(
            &mut body,
            (lx - x0 as f64) * CELL,
            (ly - y0 as f64) * CELL,
            label_size(&looks.labels[k]),
            fill,
            &looks.labels[k],
        );
        body.push_str("</g>\n");
    }
    Panel {
        body,
        width: w as f64 * CELL,
        height: h as f64 * CELL,
    }
}

/// A font size that fits the label in one cell.
fn label_size(text: &str) -> f64 {
    match text.chars().count() {
        0..=1 => CELL * 0.5,
        2 => CELL * 0.42,
        _ => CELL * 0.34,
    }
}

/// Where a piece's label goes, in cell units: the middle of a solid
/// rectangle, otherwise the middle of [`centre_cell`].
pub fn label_point(cells: &[Cell]) -> (f64, f64) {
    let lo = |f: fn(&Cell) -> i32| cells.iter().map(f).min().unwrap_or(0);
    let hi = |f: fn(&Cell) -> i32| cells.iter().map(f).max().unwrap_or(0);
    let (x0, y0, x1, y1) = (lo(|c| c.x), lo(|c| c.y), hi(|c| c.x), hi(|c| c.y));
    if ((x1 - x0 + 1) * (y1 - y0 + 1)) as usize == cells.len() {
        return ((x0 + x1 + 1) as f64 / 2.0, (y0 + y1 + 1) as f64 / 2.0);
    }
    let (x, y) = centre_cell(cells);
    (x as f64 + 0.5, y as f64 + 0.5)
}

/// The cell where a piece's label goes: the one with the most neighbours
/// in the piece (the middle of a bar, the junction of a Y), and of those
/// the nearest to the piece's centre of mass.
pub fn centre_cell(cells: &[Cell]) -> (i32, i32) {
    let set: HashSet<(i32, i32)> = cells.iter().map(|c| (c.x, c.y)).collect();
    let n = cells.len().max(1) as f64;
    let mx = cells.iter().map(|c| c.x as f64).sum::<f64>() / n;
    let my = cells.iter().map(|c| c.y as f64).sum::<f64>() / n;
    let degree = |&(x, y): &(i32, i32)| {
        [(1, 0), (-1, 0), (0, 1), (0, -1)]
            .iter()
            .filter(|(dx, dy)| set.contains(&(x + dx, y + dy)))
            .count()
    };
    let mut best: Option<((i32, i32), usize, f64)> = None;
    for c in cells {
        let v = (c.x, c.y);
        let deg = degree(&v);
        let dist = (c.x as f64 - mx).powi(2) + (c.y as f64 - my).powi(2);
        let better = match best {
            None => true,
            Some((_, bd, bdist)) => deg > bd || (deg == bd && dist < bdist - 1e-9),
        };
        if better {
            best = Some((v, deg, dist));
        }
    }
    best.map(|b| b.0).unwrap_or((0, 0))
}

/// The boundary of a set of grid cells as closed loops of grid vertices:
/// outer boundaries clockwise (on screen, y down), holes anticlockwise,
/// straight runs merged into one segment.
pub fn outline(cells: &HashSet<(i32, i32)>) -> Vec<Vec<(i32, i32)>> {
    // Directed boundary edges, each cell walked clockwise; an edge is kept
    // when the cell across it is not in the set.
    let mut edges: BTreeMap<(i32, i32), Vec<(i32, i32)>> = BTreeMap::new();
    let mut sorted: Vec<&(i32, i32)> = cells.iter().collect();
    sorted.sort_unstable();
    for &(x, y) in sorted {
        let sides = [
            ((x, y - 1), (x, y), (x + 1, y)),
            ((x + 1, y), (x + 1, y), (x + 1, y + 1)),
            ((x, y + 1), (x + 1, y + 1), (x, y + 1)),
            ((x - 1, y), (x, y + 1), (x, y)),
        ];
        for (across, from, to) in sides {
            if !cells.contains(&across) {
                edges.entry(from).or_default().push(to);
            }
        }
    }
    let mut loops = Vec::new();
    while let Some((&start, _)) = edges.iter().next() {
        let mut lp = vec![start];
        let mut at = start;
        loop {
            let outs = edges.get_mut(&at).expect("boundary edges form loops");
            let next = outs.remove(0);
            if outs.is_empty() {
                edges.remove(&at);
            }
            at = next;
            if at == start {
                break;
            }
            lp.push(at);
        }
        loops.push(simplify(lp));
    }
    loops
}

/// Drops the vertices in the middle of straight runs.
fn simplify(lp: Vec<(i32, i32)>) -> Vec<(i32, i32)> {
    let n = lp.len();
    (0..n)
        .filter(|&i| {
            let (a, b, c) = (lp[(i + n - 1) % n], lp[i], lp[(i + 1) % n]);
            (b.0 - a.0) * (c.1 - b.1) != (b.1 - a.1) * (c.0 - b.0)
        })
        .map(|i| lp[i])
        .collect()
}

/// SVG path data for loops of grid vertices, mapped by `at`.
pub fn path_data(loops: &[Vec<(i32, i32)>], at: impl Fn((i32, i32)) -> (f64, f64)) -> String {
    let mut d = String::new();
    for lp in loops {
        for (i, &v) in lp.iter().enumerate() {
            let (x, y) = at(v);
            let _ = write!(d, "{}{} {}", if i == 0 { "M" } else { "L" }, num(x), num(y));
        }
        d.push('Z');
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(cells: &[(i32, i32)]) -> HashSet<(i32, i32)> {
        cells.iter().copied().collect()
    }

    #[test]
    fn a_bar_is_one_rectangle() {
        let loops = outline(&set(&[(0, 0), (1, 0), (2, 0)]));
        assert_eq!(loops, vec![vec![(0, 0), (3, 0), (3, 1), (0, 1)]]);
    }

    #[test]
    fn a_ring_has_a_hole() {
        let ring: Vec<(i32, i32)> = (0..3)
            .flat_map(|x| (0..3).map(move |y| (x, y)))
            .filter(|&c| c != (1, 1))
            .collect();
        let loops = outline(&set(&ring));
        assert_eq!(loops.len(), 2);
        assert!(loops.iter().all(|l| l.len() == 4));
    }

    #[test]
    fn the_label_sits_on_the_junction() {
        // The Y pentomino: a bar of four with a bump on the second cell.
        let y: Vec<Cell> = [(0, 0), (1, 0), (2, 0), (3, 0), (1, 1)]
            .iter()
            .map(|&(x, y)| Cell::new(x, y, 0))
            .collect();
        assert_eq!(centre_cell(&y), (1, 0));
    }
}
