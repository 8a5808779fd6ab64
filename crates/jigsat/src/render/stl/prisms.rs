//! Pieces of the prism grid as solids: each prism cut into convex blocks,
//! the blocks the piece keeps, and the faces no two kept blocks share.
//!
//! Without a gap a block is a whole prism. With one, each triangle is cut
//! by the three lines at half the gap `g` inside its sides (an inner
//! triangle, a strip along each side, a rhombus at each corner) and each
//! layer at `g` from its floor and ceiling; a block stays when every cell
//! it touches is in the piece (the prism itself, the one across its side,
//! the six round its corner, the layer above or below), so that the
//! eroded piece keeps `g` from every side it does not share. The cuts of
//! two neighbouring prisms meet on their common side, so a face the piece
//! keeps is a face of exactly one kept block and the surface is closed.

use std::collections::{HashMap, HashSet};

use crate::geometry::{Cell, Point, Point3, prism_plane, prism_triangle};

use super::Print;

/// A triangle in units of the grid, before it is scaled to millimetres.
pub type Facet = [Point3; 3];

/// The steps from a corner of the embedding to the six prisms round it:
/// three up, three down.
const ROUND_CORNER: [[i32; 2]; 6] = [[1, 1], [-2, 1], [1, -2], [-1, -1], [-1, 2], [2, -1]];

/// The inner radius of a triangle of side one, the most `g` can take.
const INRADIUS: f64 = 0.288_675_134_594_812_9;

/// The closed surface of the prisms `cells` in the printer's frame
/// (X = x, Y = -y, Z = the layer; `upside_down` turns it half a turn
/// about X), each side drawn back by half the gap.
pub fn surface(cells: &[Cell], print: Print, upside_down: bool) -> Vec<Facet> {
    let g = (print.gap / 2.0 / print.unit).clamp(0.0, 0.8 * INRADIUS);
    let set: HashSet<Cell> = cells.iter().copied().collect();
    let turn = if upside_down { -1.0 } else { 1.0 };
    let frame = |(x, y): Point, z: f64| [x, -y * turn, z * turn];
    let mut faces = Faces::default();
    for &c in cells {
        for (polygon, needs) in blocks(c, g) {
            for (z0, z1, layers) in slabs(c.z, g) {
                let kept = needs
                    .iter()
                    .all(|&[x, y]| layers.iter().all(|&z| set.contains(&Cell::new(x, y, z))));
                if kept {
                    let low: Vec<Point3> = polygon.iter().map(|&p| frame(p, z0)).collect();
                    let high: Vec<Point3> = polygon.iter().map(|&p| frame(p, z1)).collect();
                    faces.block(low, high);
                }
            }
        }
    }
    faces.boundary()
}

/// The layers of a prism in layer `z` between cuts, with the layers each
/// one touches.
fn slabs(z: i32, g: f64) -> Vec<(f64, f64, Vec<i32>)> {
    let z0 = f64::from(z);
    if g == 0.0 {
        return vec![(z0, z0 + 1.0, vec![z])];
    }
    vec![
        (z0, z0 + g, vec![z - 1, z]),
        (z0 + g, z0 + 1.0 - g, vec![z]),
        (z0 + 1.0 - g, z0 + 1.0, vec![z, z + 1]),
    ]
}

/// The convex parts of prism `c`'s triangle, each with the triangles (as
/// points of the embedding) it touches.
fn blocks(c: Cell, g: f64) -> Vec<(Vec<Point>, Vec<[i32; 2]>)> {
    let tri = prism_triangle(c);
    let corner = tri.map(prism_plane);
    let me = [c.x, c.y];
    if g == 0.0 {
        return vec![(corner.to_vec(), vec![me])];
    }
    let centre = (
        (corner[0].0 + corner[1].0 + corner[2].0) / 3.0,
        (corner[0].1 + corner[1].1 + corner[2].1) / 3.0,
    );
    let shrink = 1.0 - g / INRADIUS;
    let inner = corner.map(|p| {
        (
            centre.0 + (p.0 - centre.0) * shrink,
            centre.1 + (p.1 - centre.1) * shrink,
        )
    });
    // On the side from corner i to corner j, where the cut at g from the
    // third side meets it.
    let step = 2.0 * g / 3f64.sqrt();
    let near = |i: usize, j: usize| {
        let (a, b) = (corner[i], corner[j]);
        (a.0 + (b.0 - a.0) * step, a.1 + (b.1 - a.1) * step)
    };
    let mut out = vec![(inner.to_vec(), vec![me])];
    for i in 0..3 {
        let (j, k) = ((i + 1) % 3, (i + 2) % 3);
        let across = [tri[i][0] + tri[j][0] - c.x, tri[i][1] + tri[j][1] - c.y];
        out.push((
            vec![near(i, j), near(j, i), inner[j], inner[i]],
            vec![me, across],
        ));
        let round = ROUND_CORNER.map(|[dx, dy]| [tri[i][0] + dx, tri[i][1] + dy]);
        out.push((
            vec![corner[i], near(i, j), inner[i], near(i, k)],
            round.to_vec(),
        ));
    }
    out
}

/// Faces of convex blocks, each counted as often as a block has it: the
/// surface is the faces met once.
#[derive(Default)]
struct Faces {
    /// Each face as a polygon turning anticlockwise seen from outside its
    /// block, in the order met (so that a piece gives the same file each
    /// time).
    polygons: Vec<Vec<Point3>>,
    /// How many blocks have each face, by its corners rounded and sorted.
    seen: HashMap<Vec<[i64; 3]>, (usize, usize)>,
}

impl Faces {
    /// A block between the polygon `low` and its copy `high` straight
    /// above it (in the frame's Z, which may point down).
    fn block(&mut self, mut low: Vec<Point3>, mut high: Vec<Point3>) {
        if (area(&low) < 0.0) == (high[0][2] > low[0][2]) {
            low.reverse();
            high.reverse();
        }
        // Seen from above, `low` now turns anticlockwise when Z grows
        // from low to high: the top is outward as it is, the bottom turned.
        let n = low.len();
        let mut bottom = low.clone();
        bottom.reverse();
        self.add(high.clone());
        self.add(bottom);
        for i in 0..n {
            let j = (i + 1) % n;
            self.add(vec![low[i], low[j], high[j], high[i]]);
        }
    }

    fn add(&mut self, polygon: Vec<Point3>) {
        let mut key: Vec<[i64; 3]> = polygon
            .iter()
            .map(|p| p.map(|v| (v * 1e6).round() as i64))
            .collect();
        key.sort_unstable();
        let index = self.polygons.len();
        self.seen.entry(key).or_insert((index, 0)).1 += 1;
        self.polygons.push(polygon);
    }

    /// The faces met once, as triangles fanned from each face's first
    /// corner (the faces are convex).
    fn boundary(self) -> Vec<Facet> {
        let once: HashSet<usize> = (self.seen.values())
            .filter(|&&(_, count)| count == 1)
            .map(|&(index, _)| index)
            .collect();
        let mut out = Vec::new();
        for (index, p) in self.polygons.iter().enumerate() {
            if once.contains(&index) {
                out.extend((1..p.len() - 1).map(|i| [p[0], p[i], p[i + 1]]));
            }
        }
        out
    }
}

/// Twice the signed area of a polygon's shadow on the XY plane, positive
/// when it turns anticlockwise seen from +Z.
fn area(p: &[Point3]) -> f64 {
    (0..p.len())
        .map(|i| {
            let (a, b) = (p[i], p[(i + 1) % p.len()]);
            a[0] * b[1] - a[1] * b[0]
        })
        .sum()
}
