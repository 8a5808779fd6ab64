//! The order the row scan fills the positions in: clues first, then the
//! top two rows paired and row by row, or on a framed board whose rim
//! closes in few ways the frame first and the inside ring by ring.

use super::NONE;
use crate::cover::{Cover, ItemKind};
use crate::geometry::{Board, Cell};

/// The scan: per cover item, its position in the order the search fills
/// the cells (`NONE` for other items).
///
/// First the positions with at most one look (clues fixed in place), so
/// their colours constrain their neighbours from the start. Then the top
/// two rows column by column, then row by row ([`scan_rank`]), or the
/// frame first where [`frame_first`] says so ([`ring_rank`]); without a
/// board, the cover's cell order.
pub(super) fn scan_order(
    cover: &Cover,
    cells: &[(u32, usize)],
    board: Option<&Board>,
    excluded: &[bool],
) -> Vec<u32> {
    let mut looks = vec![0u32; cover.items.len()];
    for (o, covered) in cover.options.iter().enumerate() {
        if !excluded[o] {
            covered.iter().for_each(|&i| looks[i as usize] += 1);
        }
    }
    let ring = board.filter(|b| frame_first(cover, b, excluded));
    if ring.is_some() {
        log::debug!("row-scan engine: the frame first, then the inside ring by ring");
    }
    let mut order: Vec<(bool, (i32, i32, i32), usize)> = cells
        .iter()
        .map(|&(c, i)| {
            let rank = match (ring, board) {
                (Some(b), _) => ring_rank(b, b.cell(c)),
                (None, Some(b)) => scan_rank(b.cell(c)),
                (None, None) => (c as i32, 0, 0),
            };
            (looks[i] > 1, rank, i)
        })
        .collect();
    order.sort_unstable();
    let mut scan = vec![NONE; cover.items.len()];
    for (p, &(_, _, i)) in order.iter().enumerate() {
        scan[i] = p as u32;
    }
    scan
}

/// A cell's place in the scan: the top two rows column by column, then
/// row by row. Either way a cell's left and upper neighbours come before
/// it, so its key is (left, top). Row by row alone leaves the top row
/// free when its edges along the rim all carry one frame colour: every
/// frame tile fits after every other, and a bad top row is found out only
/// a whole row later. Pairing the first two rows checks each top tile
/// against the one below it at once (RESULTS.md has the measurements).
fn scan_rank(c: Cell) -> (i32, i32, i32) {
    if c.y < 2 {
        (0, c.x, c.y)
    } else {
        (c.y, c.x, 0)
    }
}

/// Whether to close the frame before the inside: on a rectangle whose
/// rim only frame tiles can fill (a `border` label), when the frame is
/// expected to close in few ways. The ring of `r` positions is then a
/// small search of its own, and each closed ring fixes every colour round
/// the inside, so the inside is filled with its last row and column
/// already known. With few colours along the rim (one frame colour, as in
/// Eternity II's families) rings close in astronomically many ways and
/// the row scan is better; the estimate of closed rings is
/// `(r - 4)! * 4! / k^r` for `k` colours on the edges between rim tiles,
/// taken as few below 100 (encodings/RESULTS.md has the measurements).
pub(super) fn frame_first(cover: &Cover, board: &Board, excluded: &[bool]) -> bool {
    let ([ox, oy, _], [w, h, d]) = (board.origin(), board.extent());
    if d > 1 || w < 3 || h < 3 || board.len() != (w * h) as usize {
        return false;
    }
    let rim = |c: u32| {
        let c = board.cell(c);
        c.x == ox || c.y == oy || c.x == ox + w - 1 || c.y == oy + h - 1
    };
    let Some(ends) = cover.edge_cells() else {
        return false;
    };
    let mut on_rim = vec![false; cover.items.len()];
    let mut colours = std::collections::HashSet::new();
    for (o, covered) in cover.options.iter().enumerate() {
        match cover.option_cell(o) {
            Some(cell) if !excluded[o] && rim(cell) => {}
            _ => continue,
        }
        covered.iter().for_each(|&i| on_rim[i as usize] = true);
        for c in &cover.colours[o] {
            let [a, b] = ends[c.edge as usize];
            if a != NONE && b != NONE && rim(a) && rim(b) {
                colours.insert(c.colour);
            }
        }
    }
    let frame_tiles: u32 = cover
        .items
        .iter()
        .zip(&on_rim)
        .filter(|(item, rim)| **rim && matches!(item.kind, ItemKind::Piece(_)))
        .map(|(item, _)| item.max)
        .sum();
    let ring = 2 * (w + h) - 4;
    if frame_tiles != ring as u32 || colours.len() < 2 {
        return false;
    }
    let ln_factorial = |n: i32| (2..=n).map(|i| f64::from(i).ln()).sum::<f64>();
    let rings =
        ln_factorial(ring - 4) + ln_factorial(4) - f64::from(ring) * (colours.len() as f64).ln();
    rings < 2.0 * std::f64::consts::LN_10
}

/// A cell's place when the frame comes first ([`frame_first`]): ring by
/// ring from the rim inward ([`spiral_rank`]), the rim (ring 0) first,
/// clockwise from the top-left corner, so each rim position asks for the
/// colour of the one before it (the last one closes the ring).
fn ring_rank(b: &Board, c: Cell) -> (i32, i32, i32) {
    let ([ox, oy, _], [w, h, _]) = (b.origin(), b.extent());
    spiral_rank(c.x - ox, c.y - oy, w - 1, h - 1)
}

/// A place ring by ring inward (ring `r` first, `r` cells in from the
/// rim), each ring clockwise from its top-left corner (`w`, `h`: the
/// board's last column and row). Every order asks each inner edge once, so what an
/// order changes is how soon the positions that know three colours come:
/// row by row, one a row and then the whole last row; ring by ring, one
/// at each ring's corner and one closing it, so half the tree on the
/// framed 7x7 boards (encodings/RESULTS.md, session 15).
fn spiral_rank(x: i32, y: i32, w: i32, h: i32) -> (i32, i32, i32) {
    let r = x.min(y).min(w - x).min(h - y);
    let (ww, hh) = (w - 2 * r, h - 2 * r);
    let i = if y == r {
        x - r
    } else if x == w - r {
        ww + (y - r)
    } else if y == h - r {
        ww + hh + (w - r - x)
    } else {
        2 * ww + hh + (h - r - y)
    };
    (r, i, 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Shape;

    /// The cells of a `w` x `h` board in the order [`ring_rank`] gives.
    fn ring_order(w: i32, h: i32) -> Vec<(i32, i32)> {
        let cells = (0..h).flat_map(|y| (0..w).map(move |x| Cell::new(x, y, 0)));
        let board = Board::new(Shape::new(cells.collect())).unwrap();
        let mut cells: Vec<Cell> = (0..board.len() as u32).map(|i| board.cell(i)).collect();
        cells.sort_by_key(|&c| ring_rank(&board, c));
        cells.iter().map(|c| (c.x, c.y)).collect()
    }

    /// The frame clockwise from the top-left corner, then the inside the
    /// same way ring by ring: on a 5x5 board, the 3x3 inside's ring and
    /// then its centre (row by row, (1, 2) would come before (3, 2)).
    #[test]
    fn the_inside_of_a_closed_frame_is_filled_ring_by_ring() {
        let order = ring_order(5, 5);
        let frame = [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (4, 1), (4, 2)];
        assert_eq!(order[..7], frame);
        assert_eq!(order[15], (0, 1));
        let inside = [
            (1, 1),
            (2, 1),
            (3, 1),
            (3, 2),
            (3, 3),
            (2, 3),
            (1, 3),
            (1, 2),
            (2, 2),
        ];
        assert_eq!(order[16..], inside);
        // A wide inside ends on a row: 7x4 leaves a 5x2 ring.
        let order = ring_order(7, 4);
        assert_eq!(order[18..23], [(1, 1), (2, 1), (3, 1), (4, 1), (5, 1)]);
        assert_eq!(order[23..], [(5, 2), (4, 2), (3, 2), (2, 2), (1, 2)]);
    }
}
