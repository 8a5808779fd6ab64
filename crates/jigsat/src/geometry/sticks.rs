//! Sticks: the unit segments of the square grid (polysticks).
//!
//! A stick `[x, y, d]` is the segment from grid point (x, y) to (x + 1, y)
//! (d = 0) or to (x, y + 1) (d = 1). It is embedded as its midpoint scaled
//! by 2: (2x + 1, 2y) or (2x, 2y + 1), so the grid points are the points
//! with both coordinates even, a stick is a point with x + y odd, and the
//! square's eight symmetries about the origin map sticks onto sticks.
//! Translations move by even vectors, which keeps a horizontal stick
//! horizontal.
//!
//! Two sticks are neighbours when they share an end. Pieces may touch at
//! a grid point but never cross there: at each grid point at most one
//! piece runs straight through (two of its sticks in a line meeting
//! there). [`crossings`] names the points a set of sticks runs straight
//! through; the cover makes each a secondary item, covered at most once.

use super::Cell;
use super::picture::Polygon;

/// The neighbours of a horizontal stick (x odd): the sticks in line with
/// it, and the four that meet it at a right angle. A vertical stick's are
/// these with x and y swapped.
const ALONG_X: [Cell; 6] = [
    Cell::new(2, 0, 0),
    Cell::new(-2, 0, 0),
    Cell::new(1, 1, 0),
    Cell::new(1, -1, 0),
    Cell::new(-1, 1, 0),
    Cell::new(-1, -1, 0),
];

/// Whether the stick at embedded point `c` runs along x.
fn horizontal(c: Cell) -> bool {
    c.x.rem_euclid(2) == 1
}

/// Whether an integer point is a stick: in the plane, x + y odd.
pub fn contains(c: Cell) -> bool {
    c.z == 0 && (c.x + c.y).rem_euclid(2) == 1
}

/// The sticks that share an end with `c`.
pub fn neighbours(c: Cell) -> Vec<Cell> {
    let along = horizontal(c);
    ALONG_X
        .iter()
        .map(|&d| {
            if along {
                c.offset(d)
            } else {
                c.offset(Cell::new(d.y, d.x, 0))
            }
        })
        .collect()
}

/// The stick a file writes as `[x, y, d]`, or what was expected.
pub fn cell(coords: &[i64]) -> Result<Cell, String> {
    match coords {
        &[x, y, d] if (0..=1).contains(&d) => {
            let (x, y, d) = (x as i32, y as i32, d as i32);
            Ok(Cell::new(2 * x + 1 - d, 2 * y + d, 0))
        }
        _ => Err(
            "a stick is [x, y, d] with d = 0 (from (x, y) to (x + 1, y)) or d = 1 (from (x, y) to (x, y + 1))"
                .into(),
        ),
    }
}

/// A stick as a file writes it: the inverse of [`cell`].
pub fn coords(c: Cell) -> Vec<i32> {
    if horizontal(c) {
        vec![(c.x - 1) / 2, c.y / 2, 0]
    } else {
        vec![c.x / 2, (c.y - 1) / 2, 1]
    }
}

/// Every stick of a w × h grid of squares: w(h + 1) horizontal ones and
/// (w + 1)h vertical ones.
pub fn grid(w: i32, h: i32) -> Vec<Cell> {
    let across = (0..=h).flat_map(|y| (0..w).map(move |x| Cell::new(2 * x + 1, 2 * y, 0)));
    let down = (0..h).flat_map(|y| (0..=w).map(move |x| Cell::new(2 * x, 2 * y + 1, 0)));
    across.chain(down).collect()
}

/// The grid points (embedded, both coordinates even) where `sticks` run
/// straight through — two of them in a line meeting there — sorted and
/// without repeats. `sticks` must be sorted, as a [`super::Shape`]'s are.
pub fn crossings(sticks: &[Cell]) -> Vec<Cell> {
    let mut out: Vec<Cell> = sticks
        .iter()
        .filter_map(|&c| {
            let step = if horizontal(c) {
                Cell::new(2, 0, 0)
            } else {
                Cell::new(0, 2, 0)
            };
            let next = c.offset(step);
            sticks
                .binary_search(&next)
                .ok()
                .map(|_| Cell::new((c.x + next.x) / 2, (c.y + next.y) / 2, 0))
        })
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// A stick's picture: a long thin hexagon round the segment, pointed at
/// both ends so that sticks meeting at a point do not overlap, in units
/// of the square's side with y growing down the page.
pub fn polygon(c: Cell) -> Polygon {
    let (cx, cy) = (f64::from(c.x) / 2.0, f64::from(c.y) / 2.0);
    let (w, tip) = (0.12, 0.5);
    let inner = tip - w;
    let corners: Vec<(f64, f64)> = [
        (-tip, 0.0),
        (-inner, -w),
        (inner, -w),
        (tip, 0.0),
        (inner, w),
        (-inner, w),
    ]
    .into_iter()
    .map(|(u, v)| {
        if horizontal(c) {
            (cx + u, cy + v)
        } else {
            (cx + v, cy + u)
        }
    })
    .collect();
    ((cx, cy), corners)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stick_round_trips_through_its_coordinates() {
        for coords in [[0, 0, 0], [3, -2, 1], [-1, 4, 0]] {
            let c = cell(&coords).unwrap();
            assert!(contains(c));
            let back: Vec<i64> = super::coords(c).into_iter().map(i64::from).collect();
            assert_eq!(back, coords);
        }
        assert!(cell(&[0, 0, 2]).is_err(), "d = 2 is off the grid");
        assert_eq!(grid(5, 5).len(), 60);
    }

    #[test]
    fn only_sticks_in_a_line_run_through_a_point() {
        let s = |x: i64, y: i64, d: i64| cell(&[x, y, d]).unwrap();
        // An L turns at (1, 0): it runs straight through nothing.
        let mut l = vec![s(0, 0, 0), s(1, 0, 1)];
        l.sort();
        assert!(crossings(&l).is_empty());
        // Two in a row run straight through the point between them.
        let mut bar = vec![s(0, 0, 0), s(1, 0, 0), s(0, 1, 1), s(0, 2, 1)];
        bar.sort();
        assert_eq!(
            crossings(&bar),
            vec![Cell::new(2, 0, 0), Cell::new(0, 4, 0)]
        );
    }
}
