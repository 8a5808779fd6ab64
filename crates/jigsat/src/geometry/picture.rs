//! Where a cell lies in the plane, for pictures: the one vocabulary the
//! flat lattices (lattice.rs, and sticks.rs below it) draw their cells in.

/// A point of the plane, for pictures.
pub type Point = (f64, f64);

/// A cell's picture: its centre and its corners in order round it.
pub type Polygon = (Point, Vec<Point>);
