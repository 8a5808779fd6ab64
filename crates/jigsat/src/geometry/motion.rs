//! Which motions of the lattice map a board onto itself.
//!
//! A board's symmetries are the rigid motions (rotations and reflections,
//! [`Transform`]) that, followed by the translation bringing the image's
//! bounding box back onto the board's, send every board cell to a board
//! cell. Every family's symmetry group starts here: packing puzzles take
//! all 48 (8 on a flat board), edge-matching boards only the quarter turns
//! of the plane, boxes all that keep the box.

use super::{Board, Cell, Lattice, Transform};

/// A motion of the board onto itself.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Motion {
    pub transform: Transform,
    /// Added after the transform, so that the image lies where the board is.
    pub shift: Cell,
}

impl Motion {
    pub fn apply(&self, c: Cell) -> Cell {
        self.transform.apply(c).offset(self.shift)
    }

    /// Board cell index -> index of its image.
    pub fn cell_map(&self, board: &Board) -> Vec<u32> {
        board
            .cells()
            .iter()
            .map(|&c| {
                board
                    .index(self.apply(c))
                    .expect("a board motion maps the board onto itself")
            })
            .collect()
    }
}

/// The motions among `candidates` that map `board` onto itself, in the
/// order given. The bounding box must map onto a box of the same size by
/// a move of the lattice first (on the cubic lattice its eight corners
/// decide that, elsewhere every cell's image); a solid box then needs no
/// further check, any other board has each of its cells looked up.
pub fn board_motions(
    board: &Board,
    candidates: impl IntoIterator<Item = Transform>,
) -> Vec<Motion> {
    let Some((lo, hi)) = board.shape().bounds() else {
        return Vec::new();
    };
    let volume: i64 = board.extent().iter().map(|&e| i64::from(e)).product();
    let solid = volume == board.len() as i64;
    let lattice = board.lattice();
    candidates
        .into_iter()
        .filter_map(|transform| {
            let (image_lo, image_hi) = if lattice == Lattice::Cubic {
                let corners = (0..8).map(|k| {
                    let pick = |axis: usize| {
                        if k >> axis & 1 == 0 {
                            lo[axis]
                        } else {
                            hi[axis]
                        }
                    };
                    transform.apply(Cell::new(pick(0), pick(1), pick(2)))
                });
                bounds(corners)
            } else {
                bounds(board.cells().iter().map(|&c| transform.apply(c)))
            };
            let same_box = (0..3).all(|a| image_hi[a] - image_lo[a] == hi[a] - lo[a]);
            let shift = Cell::new(
                lo[0] - image_lo[0],
                lo[1] - image_lo[1],
                lo[2] - image_lo[2],
            );
            let motion = Motion { transform, shift };
            let onto = same_box
                && lattice.translates(Cell::from_coords(image_lo), Cell::from_coords(lo))
                && (solid
                    || board
                        .cells()
                        .iter()
                        .all(|&c| board.index(motion.apply(c)).is_some()));
            onto.then_some(motion)
        })
        .collect()
}

/// The smallest and largest coordinate on each axis of some cells.
fn bounds(cells: impl Iterator<Item = Cell>) -> ([i32; 3], [i32; 3]) {
    let (mut lo, mut hi) = ([i32::MAX; 3], [i32::MIN; 3]);
    for c in cells {
        let c = c.coords();
        for axis in 0..3 {
            lo[axis] = lo[axis].min(c[axis]);
            hi[axis] = hi[axis].max(c[axis]);
        }
    }
    (lo, hi)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Shape;

    fn board(cells: &[(i32, i32, i32)]) -> Board {
        Board::new(Shape::new(
            cells.iter().map(|&(x, y, z)| Cell::new(x, y, z)).collect(),
        ))
        .expect("a small board")
    }

    #[test]
    fn a_cube_has_48_motions_a_rectangle_4_and_an_l_one() {
        let cube: Vec<_> = (0..27).map(|i| (i % 3, i / 3 % 3, i / 9)).collect();
        assert_eq!(board_motions(&board(&cube), Transform::all()).len(), 48);
        let planar = || Transform::all().into_iter().filter(|t| t.is_planar());
        let rect = board(&[
            (0, 0, 0),
            (1, 0, 0),
            (2, 0, 0),
            (0, 1, 0),
            (1, 1, 0),
            (2, 1, 0),
        ]);
        assert_eq!(board_motions(&rect, planar()).len(), 4);
        // An L of three cells: the identity and the reflection across its diagonal.
        let l = board(&[(0, 0, 0), (1, 0, 0), (0, 1, 0)]);
        assert_eq!(board_motions(&l, planar()).len(), 2);
        for m in board_motions(&l, planar()) {
            let mut image = m.cell_map(&l);
            image.sort_unstable();
            assert_eq!(image, [0, 1, 2]);
        }
    }
}
