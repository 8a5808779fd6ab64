//! The directions pieces slide in on the assembly's lattice, and the
//! lines their cells sweep along.
//!
//! On cubes a piece slides along the three axes and each cell moves
//! straight along its axis line. On other grids a slide's line may pass
//! through cells of several kinds (a prism sliding along a triangle's
//! edge sweeps the triangle of the other kind between), so each line is
//! given by the lattice ([`Lattice::sweep`]) as coordinates across and
//! along it, a unit slide being `stride` steps along. [`super::gaps`]
//! measures gaps in those coordinates, whatever the grid.

use crate::geometry::{Cell, Lattice};

/// The slides of one lattice: per axis its unit step (direction `2k` is
/// `+steps[k]`, `2k + 1` its opposite) and stride.
#[derive(Clone, Debug)]
pub struct Lines {
    lattice: Lattice,
    steps: Vec<[i32; 3]>,
    strides: Vec<i32>,
}

impl Lines {
    /// The slides of `lattice`, or `None` where the sweeps of its cells
    /// are not worked out.
    pub fn new(lattice: Lattice) -> Option<Lines> {
        let slides = lattice.slides();
        let origin = Cell::new(0, 0, 0);
        let strides = (0..slides.len())
            .map(|k| lattice.sweep(k, origin).map(|(_, s)| s))
            .collect::<Option<Vec<i32>>>()?;
        Some(Lines {
            lattice,
            steps: slides.iter().map(|c| c.coords()).collect(),
            strides,
        })
    }

    /// The cube's three axes.
    pub fn cubic() -> Lines {
        Lines::new(Lattice::Cubic).expect("cubes slide along their axes")
    }

    pub fn is_cubic(&self) -> bool {
        self.lattice == Lattice::Cubic
    }

    /// How many lines there are (directions come in opposite pairs).
    pub fn axes(&self) -> usize {
        self.steps.len()
    }

    /// How many directions there are: each line both ways.
    pub fn directions(&self) -> u8 {
        2 * self.steps.len() as u8
    }

    /// One unit slide in direction `dir`, in the lattice's points.
    pub fn step(&self, dir: u8) -> [i32; 3] {
        let s = self.steps[usize::from(dir / 2)];
        if dir.is_multiple_of(2) {
            s
        } else {
            s.map(|v| -v)
        }
    }

    /// Direction `dir` as a plan prints it (`+x`, `-z`, `+x-y`).
    pub fn name(&self, dir: u8) -> &'static str {
        self.lattice.slide_names()[usize::from(dir)]
    }

    /// Steps along the line of `axis` that make one unit slide.
    pub fn stride(&self, axis: usize) -> i32 {
        self.strides[axis]
    }

    /// The point a piece whose box starts at `lo` is measured from
    /// ([`Lattice::anchor`]).
    pub fn anchor(&self, lo: [i32; 3]) -> [i32; 3] {
        self.lattice.anchor(lo)
    }

    /// Cell `c` as (across, across, along) the line of `axis`.
    pub fn frame(&self, axis: usize, c: [i32; 3]) -> [i32; 3] {
        self.lattice
            .sweep(axis, Cell::from_coords(c))
            .expect("made for a lattice with sweeps")
            .0
    }
}
