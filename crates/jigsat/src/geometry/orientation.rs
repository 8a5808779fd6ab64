//! The distinct ways a piece can lie: its orientations.
//!
//! A piece's allowed moves form a subgroup of its lattice's moves (the 48
//! cube symmetries, or the hexagon's 12 with the plane turned over). Its
//! orientations are the images of its shape under that subgroup, normalized
//! and with duplicates removed: a piece that looks the same after a turn
//! (an I-pentomino turned half-way round) has fewer orientations than the
//! group has elements. The count is what the literature quotes (the
//! Y-pentacube: 24 in space; the F-pentomino: 8 on a table).

use serde::{Deserialize, Serialize};

use super::{Lattice, Shape, Transform};

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

/// Where pieces move: the board's lattice, and whether the board is flat
/// (a piece on a flat board stays in its plane).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Space {
    pub lattice: Lattice,
    pub flat: bool,
}

impl Space {
    /// The board's own candidate motions: all the lattice's moves in
    /// space, those of the plane on a flat board.
    pub fn motions(self) -> Vec<Transform> {
        let flat = self.flat;
        self.lattice
            .transforms()
            .into_iter()
            .filter(|t| !flat || t.is_planar())
            .collect()
    }

    /// The image of `shape` under `t`, normalized on the lattice.
    pub fn image(self, shape: &Shape, t: Transform) -> Shape {
        self.lattice.image(shape, t)
    }
}

impl Moves {
    /// The motions allowed for this piece. On a flat board only motions
    /// that keep the layer structure make sense: turning a flat piece on
    /// its edge would lift it off the board.
    pub fn group(self, space: Space) -> Vec<Transform> {
        let allowed_handedness = |t: &Transform| self.mirror || t.is_rotation();
        let all = space.lattice.transforms().into_iter();
        match self.rotations {
            Rotations::Space => all
                .filter(allowed_handedness)
                .filter(|t| !space.flat || t.keeps_layers())
                .collect(),
            Rotations::Plane => all
                .filter(allowed_handedness)
                .filter(|t| t.is_planar())
                .collect(),
            Rotations::None => {
                let mut g = vec![Transform::IDENTITY];
                if self.mirror {
                    g.push(space.lattice.mirror());
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
pub fn orientations(shape: &Shape, moves: Moves, space: Space) -> Vec<Orientation> {
    let mut out: Vec<Orientation> = Vec::new();
    for t in moves.group(space) {
        let image = space.image(shape, t);
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

    const FLAT: Space = Space {
        lattice: Lattice::Cubic,
        flat: true,
    };
    const SOLID: Space = Space {
        lattice: Lattice::Cubic,
        flat: false,
    };

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
        assert_eq!(orientations(&f, space, FLAT).len(), 8);
        assert_eq!(orientations(&f, plane, FLAT).len(), 4);
        assert_eq!(orientations(&f, none, FLAT).len(), 1);
        assert_eq!(orientations(&i, space, FLAT).len(), 2);
        assert_eq!(orientations(&x, space, FLAT).len(), 1);
        // A flat piece in a box may also stand on its edge.
        assert_eq!(orientations(&f, space, SOLID).len(), 24);
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
        assert_eq!(orientations(&y, Moves::default(), SOLID).len(), 24);
        // It is flat, so its mirror image is one of its rotations.
        let mirrored = Moves {
            rotations: Rotations::Space,
            mirror: true,
        };
        assert_eq!(orientations(&y, mirrored, SOLID).len(), 24);
        // A Soma screw is chiral in space: the mirror doubles it.
        let screw = Shape::new(vec![
            Cell::new(0, 0, 0),
            Cell::new(1, 0, 0),
            Cell::new(1, 1, 0),
            Cell::new(1, 1, 1),
        ]);
        assert_eq!(orientations(&screw, Moves::default(), SOLID).len(), 12);
        assert_eq!(orientations(&screw, mirrored, SOLID).len(), 24);
    }
}
