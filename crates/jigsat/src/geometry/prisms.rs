//! Triangular prisms: BurrTools' prism grid (its grid type 1), a stack of
//! layers of equilateral triangles.
//!
//! A prism is a triangle of the flat grid (see [`super::Lattice`]: cell
//! `[x, y, t]` sits at (3x + 1 + t, 3y + 1 + t)) lifted to layer `z`, so
//! its point is (3x + 1 + t, 3y + 1 + t, z). Its moves are the triangles'
//! 24 — the hexagon's 12 symmetries, each also with the stack turned
//! upside down (z -> -z) — and its translations those of the triangles in
//! the plane with any whole shift of layer. It has five neighbours: the
//! three of its triangle, and the prisms above and below.

use super::Cell;

/// The prism above and the prism below.
const STACKED: [Cell; 2] = [Cell::new(0, 0, 1), Cell::new(0, 0, -1)];

/// Whether `c` is a prism: its (x, y) a triangle's point, at any layer.
pub(super) fn contains(c: Cell) -> bool {
    let kind = c.x.rem_euclid(3);
    kind != 0 && kind == c.y.rem_euclid(3)
}

/// The neighbours of prism `c`: those of its triangle in its layer
/// (`flat`), then the prisms above and below.
pub(super) fn neighbours(c: Cell, flat: Vec<Cell>) -> Vec<Cell> {
    let mut out: Vec<Cell> = flat.into_iter().map(|n| Cell::new(n.x, n.y, c.z)).collect();
    out.extend(STACKED.iter().map(|&d| c.offset(d)));
    out
}

/// The prism a puzzle file writes as `[x, y, t, z]`, or what was expected.
pub(super) fn cell(coords: &[i64]) -> Result<Cell, String> {
    match coords {
        &[x, y, t, z] if (0..=1).contains(&t) => Ok(Cell::new(
            3 * x as i32 + 1 + t as i32,
            3 * y as i32 + 1 + t as i32,
            z as i32,
        )),
        _ => Err(
            "a prism is [x, y, t, z]: the triangle [x, y, t] (t = 0 up, 1 down) in layer z".into(),
        ),
    }
}

/// A prism as a puzzle file writes it: the inverse of [`cell`].
pub(super) fn coords(c: Cell) -> Vec<i32> {
    let t = c.x.rem_euclid(3) - 1;
    vec![(c.x - 1 - t) / 3, (c.y - 1 - t) / 3, t, c.z]
}

/// Unit slides of a prism: one layer up, and one triangle-pair step
/// along each of the plane's three axes (the lattice's (1, 0), (0, 1) and
/// (1, -1), three units of the embedding). In this order the
/// disassembler meets the states of a layer as BurrTools does: it gives
/// `burrTxt -d`'s levels on both of Prisgon's problems (measured: of the
/// 24 orders of the four lines, this one and 11 others do).
pub(super) const SLIDES: [Cell; 4] = [
    Cell::new(0, 0, 1),
    Cell::new(3, 0, 0),
    Cell::new(0, 3, 0),
    Cell::new(3, -3, 0),
];

/// The directions of [`SLIDES`] as a plan names them, in the file's
/// coordinates (`+x-y` is one step along x and one back along y), each
/// followed by its opposite.
pub(super) const SLIDE_NAMES: [&str; 8] = ["+z", "-z", "+x", "-x", "+y", "-y", "+x-y", "-x+y"];

/// Where prism `c` lies on the lines pieces sweep along the `axis`-th of
/// [`SLIDES`]: `([across, across, along], stride)`.
///
/// A triangle sliding one unit along an edge's direction passes through
/// the triangle of the other kind between it and where it lands (the
/// sweep of a triangle is the hull of where it starts and ends: three
/// triangles), so its line alternates the two kinds and a unit slide is
/// two steps along it (`stride` 2). BurrTools moves prisms so too:
/// Prisgon's levels come out as `burrTxt -d`'s this way, and as 4.1.… and
/// 1.1.… if a piece could jump a triangle. Along the layers a prism
/// moves straight, one step a unit.
pub(super) fn frame(axis: usize, c: Cell) -> ([i32; 3], i32) {
    let t = c.x.rem_euclid(3) - 1;
    let (x, y) = ((c.x - 1 - t) / 3, (c.y - 1 - t) / 3);
    match axis {
        0 => ([c.x, c.y, c.z], 1),
        1 => ([y, c.z, 2 * x + t], 2),
        2 => ([x, c.z, 2 * y + t], 2),
        _ => ([x + y + t, c.z, 2 * x + t], 2),
    }
}

#[cfg(test)]
mod tests {
    use super::super::Lattice;
    use super::*;

    /// Along each slide a prism's line steps `stride` per unit slide, and
    /// the cell it sweeps between (one step along, the same across) is a
    /// neighbour of both where it starts and where it lands.
    #[test]
    fn a_slide_sweeps_the_neighbour_between() {
        let lattice = Lattice::Prisms;
        let cells: Vec<Cell> = (0..2)
            .flat_map(|z| {
                lattice
                    .parallelogram(3, 3)
                    .into_iter()
                    .map(move |c| Cell::new(c.x, c.y, z))
            })
            .collect();
        for (axis, &step) in SLIDES.iter().enumerate() {
            for &c in &cells {
                let (f, stride) = frame(axis, c);
                let landed = c.offset(step);
                let (g, _) = frame(axis, landed);
                assert_eq!([g[0], g[1], g[2] - stride], f, "{axis} {c}");
                if stride == 2 {
                    let between = lattice
                        .neighbours(c)
                        .into_iter()
                        .find(|&n| frame(axis, n).0 == [f[0], f[1], f[2] + 1])
                        .expect("a neighbour one step along");
                    assert!(lattice.neighbours(landed).contains(&between));
                }
            }
        }
    }
}
