//! The square grid of a flat board as edge-matching tiles see it: four
//! sides, listed top, right, bottom, left, and quarter turns of the plane.

use super::{Cell, Transform};

/// Top, right, bottom, left: the order edges are listed in, as unit steps
/// in the board's axes (y grows downwards, as in ASCII art).
pub const DIRECTIONS: [(i32, i32); 4] = [(0, -1), (1, 0), (0, 1), (-1, 0)];

pub const DIRECTION_NAMES: [&str; 4] = ["top", "right", "bottom", "left"];

/// A tile's edges after `turns` clockwise quarter turns: what was on top
/// goes right, so the new edge in direction `d` is the old one at `d - turns`.
pub fn turned<T: Clone>(edges: &[T; 4], turns: u8) -> [T; 4] {
    [0, 1, 2, 3].map(|d| edges[(d + 4 - turns as usize % 4) % 4].clone())
}

/// The neighbouring position of `c` in direction `d`.
pub fn neighbour(c: Cell, d: usize) -> Cell {
    let (dx, dy) = DIRECTIONS[d];
    Cell::new(c.x + dx, c.y + dy, c.z)
}

/// How many clockwise quarter turns of the plane `t` is — (x, y) goes to
/// (-y, x) per turn, y pointing down — or `None` when `t` is no turn
/// (a reflection, or a motion that moves the z axis).
pub fn quarter_turns(t: Transform) -> Option<u8> {
    if !t.is_planar() || !t.is_rotation() {
        return None;
    }
    match t.apply(Cell::new(1, 0, 0)) {
        Cell { x: 1, y: 0, .. } => Some(0),
        Cell { x: 0, y: 1, .. } => Some(1),
        Cell { x: -1, y: 0, .. } => Some(2),
        _ => Some(3),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_four_planar_rotations_are_the_quarter_turns() {
        let mut turns: Vec<u8> = Transform::all()
            .into_iter()
            .filter_map(quarter_turns)
            .collect();
        turns.sort_unstable();
        assert_eq!(turns, [0, 1, 2, 3]);
    }
}
