//! A board on the triangular or hexagonal grid: grey cells for the board,
//! each piece's cells in its colour with a wall in its dark shade
//! wherever it meets another piece, the empty board or the outside.
//!
//! Cells are the lattice's own polygons ([`Lattice::polygon`]), laid as
//! the text drawings lean; a wall is the side between a cell and the
//! neighbour whose centre is the cell's mirror image across that side.

use std::collections::HashMap;
use std::fmt::Write;

use crate::geometry::{Cell, Lattice, Point};
use crate::puzzle::Puzzle;
use crate::solution::Solution;

use super::{Looks, Panel, label, num};

/// A board cell and its picture.
type Drawn = (Cell, Point, Vec<Point>);

/// One unit of the lattice, in SVG units.
const UNIT: f64 = 40.0;

/// Room round the board, in SVG units.
const PAD: f64 = 4.0;

/// Draws the board of a puzzle on a flat grid with the solution on it.
pub fn board(puzzle: &Puzzle, solution: &Solution, looks: &Looks) -> Panel {
    let lattice = puzzle.board.lattice();
    let owner = solution.owners();
    let shapes: Vec<Drawn> = (puzzle.board.cells().iter())
        .filter_map(|&c| {
            lattice
                .polygon(c)
                .map(|(centre, corners)| (c, centre, corners))
        })
        .collect();
    let corners = shapes.iter().flat_map(|s| s.2.iter());
    let (x0, y0) = corners
        .clone()
        .fold((f64::MAX, f64::MAX), |m, p| (m.0.min(p.0), m.1.min(p.1)));
    let (x1, y1) = corners.fold((f64::MIN, f64::MIN), |m, p| (m.0.max(p.0), m.1.max(p.1)));
    let at = |p: (f64, f64)| ((p.0 - x0) * UNIT + PAD, (p.1 - y0) * UNIT + PAD);
    let points = |corners: &[(f64, f64)]| {
        let v: Vec<String> = (corners.iter().map(|&p| at(p)))
            .map(|(x, y)| format!("{},{}", num(x), num(y)))
            .collect();
        v.join(" ")
    };
    let mut body = String::from(
        "<g class=\"board\" fill=\"#eeeeee\" stroke=\"#bbbbbb\" stroke-width=\"1\">\n",
    );
    for (_, _, corners) in &shapes {
        let _ = writeln!(body, "<polygon points=\"{}\"/>", points(corners));
    }
    body.push_str("</g>\n");
    let mut by_piece: HashMap<usize, Vec<usize>> = HashMap::new();
    for (i, (c, _, _)) in shapes.iter().enumerate() {
        if let Some(&k) = owner.get(c) {
            by_piece.entry(k).or_default().push(i);
        }
    }
    for k in 0..solution.pieces().len() {
        let fill = looks.fills[k];
        body.push_str(&looks.group_open(k));
        let cells = by_piece.get(&k).map_or(&[][..], Vec::as_slice);
        for &i in cells {
            let css = fill.css();
            let _ = writeln!(
                body,
                "<polygon points=\"{}\" fill=\"{css}\" stroke=\"{css}\" stroke-width=\"1\"/>",
                points(&shapes[i].2)
            );
        }
        for &i in cells {
            walls(
                &mut body,
                lattice,
                &owner,
                &shapes[i],
                k,
                &at,
                fill.shade(0.55).css(),
            );
        }
        let n = cells.len().max(1) as f64;
        let (sx, sy) = cells.iter().fold((0.0, 0.0), |m, &i| {
            (m.0 + shapes[i].1.0, m.1 + shapes[i].1.1)
        });
        let (lx, ly) = at((sx / n, sy / n));
        label(&mut body, lx, ly, UNIT * 0.4, fill, &looks.labels[k]);
        body.push_str("</g>\n");
    }
    Panel {
        body,
        width: (x1 - x0) * UNIT + 2.0 * PAD,
        height: (y1 - y0) * UNIT + 2.0 * PAD,
    }
}

/// The sides of one cell of piece `k` that face another piece, the empty
/// board or the outside, as lines: the neighbour across a side is the one
/// whose centre is the cell's centre mirrored across it.
fn walls(
    body: &mut String,
    lattice: Lattice,
    owner: &HashMap<Cell, usize>,
    (cell, centre, corners): &Drawn,
    k: usize,
    at: &impl Fn(Point) -> Point,
    stroke: String,
) {
    let near = |p: (f64, f64), q: (f64, f64)| (p.0 - q.0).abs() < 1e-6 && (p.1 - q.1).abs() < 1e-6;
    let n = corners.len();
    for j in 0..n {
        let (a, b) = (corners[j], corners[(j + 1) % n]);
        let mirror = (a.0 + b.0 - centre.0, a.1 + b.1 - centre.1);
        let across = lattice
            .neighbours(*cell)
            .into_iter()
            .find(|&m| lattice.polygon(m).is_some_and(|(p, _)| near(p, mirror)))
            .and_then(|m| owner.get(&m).copied());
        if across != Some(k) {
            let (a, b) = (at(a), at(b));
            let _ = writeln!(
                body,
                "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{stroke}\" stroke-width=\"3\" stroke-linecap=\"round\"/>",
                num(a.0),
                num(a.1),
                num(b.0),
                num(b.1)
            );
        }
    }
}
