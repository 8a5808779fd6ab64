//! Where a cell lies in the plane, for pictures: the one vocabulary the
//! flat lattices (lattice.rs, and sticks.rs below it) draw their cells in.
//! Below, where balls and prisms lie in space, for the solid pictures
//! (the SVG, the page, STL) to share.

/// A point of the plane, for pictures.
pub type Point = (f64, f64);

/// A cell's picture: its centre and its corners in order round it.
pub type Polygon = (Point, Vec<Point>);

/// A point of space, for pictures and solids of the 3-D grids.
pub type Point3 = [f64; 3];

/// Where a ball of the sphere grid has its centre: the face-centred cubic
/// point scaled so that touching balls are one unit apart (a ball's
/// diameter is the unit).
pub fn ball_centre(c: super::Cell) -> Point3 {
    c.coords().map(|v| f64::from(v) / std::f64::consts::SQRT_2)
}

/// The corners of a prism's triangle, as steps from its point in the
/// lattice's embedding (three times a triangle's centroid, see
/// `prisms.rs`): an up triangle's, then a down one's. A side's two
/// corners `a`, `b` give the neighbour across it, `a + b` minus the
/// prism's point.
pub const PRISM_CORNERS: [[[i32; 2]; 3]; 2] =
    [[[-1, -1], [2, -1], [-1, 2]], [[1, -2], [1, 1], [-2, 1]]];

/// The corners of prism `c`'s triangle in the lattice's embedding, in
/// order round it.
pub fn prism_triangle(c: super::Cell) -> [[i32; 2]; 3] {
    let kind = usize::from(c.x.rem_euclid(3) == 2);
    PRISM_CORNERS[kind].map(|[dx, dy]| [c.x + dx, c.y + dy])
}

/// A point of the prism grid's plane, given in its embedding, where it is
/// drawn: the lattice's axes 60° apart, one unit a triangle's side, y
/// growing down the page as in [`super::Lattice::polygon`]. A prism is
/// one unit high.
pub fn prism_plane([x, y]: [i32; 2]) -> Point {
    let (u, v) = (f64::from(x) / 3.0, f64::from(y) / 3.0);
    (u + v / 2.0, v * 3f64.sqrt() / 2.0)
}
