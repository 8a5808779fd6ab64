//! The distinct ways a piece can lie: its orientations.
//!
//! A piece's allowed moves form a subgroup of the 48 cube symmetries. Its
//! orientations are the images of its shape under that subgroup, normalized
//! and with duplicates removed: a piece that looks the same after a turn
//! (an I-pentomino turned half-way round) has fewer orientations than the
//! group has elements. The count is what the literature quotes (the
//! Y-pentacube: 24 in space; the F-pentomino: 8 on a table).

use serde::{Deserialize, Serialize};

use super::{Shape, Transform};

/// How a piece may turn, as the puzzle file's `rotations` says.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Rotations {
    /// Any turn of a solid in space. A flat piece on a flat board may be
    /// picked up and turned over.
    #[default]
    Space,
    /// Turns within the board's plane only: one-sided pieces.
    Plane,
    /// The piece keeps the orientation it is drawn in.
    None,
}

/// The moves one piece is allowed: its rotations, and whether mirror images
/// are allowed on top (no real solid can be mirrored).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct Moves {
    pub rotations: Rotations,
    pub mirror: bool,
}

impl Moves {
    /// The motions allowed for this piece. On a flat board only motions
    /// that keep the layer structure make sense: turning a flat piece on
    /// its edge would lift it off the board.
    pub fn group(self, flat_board: bool) -> Vec<Transform> {
        let allowed_handedness = |t: &Transform| self.mirror || t.is_rotation();
        match self.rotations {
            Rotations::Space => Transform::all()
                .into_iter()
                .filter(allowed_handedness)
                .filter(|t| !flat_board || t.keeps_layers())
                .collect(),
            Rotations::Plane => Transform::all()
                .into_iter()
                .filter(allowed_handedness)
                .filter(|t| t.is_planar())
                .collect(),
            Rotations::None => {
                let mut g = vec![Transform::IDENTITY];
                if self.mirror {
                    g.push(Transform::MIRROR_X);
                }
                g
            }
        }
    }
}

/// One way a piece lies: the normalized image of its shape, and one motion
/// that produces it (there may be several when the piece is symmetric).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Orientation {
    pub shape: Shape,
    pub transform: Transform,
}

/// The distinct orientations of `shape` under `moves`, in a stable order
/// (the drawn orientation first).
pub fn orientations(shape: &Shape, moves: Moves, flat_board: bool) -> Vec<Orientation> {
    let mut out: Vec<Orientation> = Vec::new();
    for t in moves.group(flat_board) {
        let image = shape.transformed(t);
        if !out.iter().any(|o| o.shape == image) {
            out.push(Orientation {
                shape: image,
                transform: t,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Cell;

    fn flat(cells: &[(i32, i32)]) -> Shape {
        Shape::new(cells.iter().map(|&(x, y)| Cell::new(x, y, 0)).collect())
    }

    #[test]
    fn pentomino_orientation_counts() {
        let f = flat(&[(1, 0), (2, 0), (0, 1), (1, 1), (1, 2)]);
        let i = flat(&[(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)]);
        let x = flat(&[(1, 0), (0, 1), (1, 1), (2, 1), (1, 2)]);
        let space = Moves::default();
        let plane = Moves {
            rotations: Rotations::Plane,
            mirror: false,
        };
        let none = Moves {
            rotations: Rotations::None,
            mirror: false,
        };
        assert_eq!(orientations(&f, space, true).len(), 8);
        assert_eq!(orientations(&f, plane, true).len(), 4);
        assert_eq!(orientations(&f, none, true).len(), 1);
        assert_eq!(orientations(&i, space, true).len(), 2);
        assert_eq!(orientations(&x, space, true).len(), 1);
        // A flat piece in a box may also stand on its edge.
        assert_eq!(orientations(&f, space, false).len(), 24);
    }

    #[test]
    fn mirror_doubles_chiral_solids() {
        // The Y-pentacube: a bar of four with one cube beside the second.
        let y = Shape::new(vec![
            Cell::new(0, 0, 0),
            Cell::new(1, 0, 0),
            Cell::new(2, 0, 0),
            Cell::new(3, 0, 0),
            Cell::new(1, 1, 0),
        ]);
        assert_eq!(orientations(&y, Moves::default(), false).len(), 24);
        // It is flat, so its mirror image is one of its rotations.
        let mirrored = Moves {
            rotations: Rotations::Space,
            mirror: true,
        };
        assert_eq!(orientations(&y, mirrored, false).len(), 24);
        // A Soma screw is chiral in space: the mirror doubles it.
        let screw = Shape::new(vec![
            Cell::new(0, 0, 0),
            Cell::new(1, 0, 0),
            Cell::new(1, 1, 0),
            Cell::new(1, 1, 1),
        ]);
        assert_eq!(orientations(&screw, Moves::default(), false).len(), 12);
        assert_eq!(orientations(&screw, mirrored, false).len(), 24);
    }
}
