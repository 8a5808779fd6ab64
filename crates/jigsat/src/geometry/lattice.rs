//! The grids cells live on, each laid on integer points.
//!
//! A grid is a [`Lattice`]: it says where its cells sit among the integer
//! points (the *embedding*), which linear integer maps move them
//! ([`Lattice::transforms`]), which translations carry a cell onto a cell
//! of the same kind, which cells are neighbours, and how a cell is written
//! in a puzzle file. Everything above the placements — the cover, the
//! symmetry group, the CNF, the engines — sees cells as points and moves
//! as maps, and never asks which grid it is on.
//!
//! The embeddings, with lattice points (x, y) at x·(1, 0) + y·(½, √3⁄2):
//!
//! - **cubic** (squares and cubes): cell `[x, y, z]` is the point itself;
//!   every integer translation is a move.
//! - **hexagons**: cell `[q, r]` is the point (q, r, 0), the hexagon's
//!   centre; every integer translation of the plane is a move.
//! - **triangles**: cell `[x, y, t]` is its centroid scaled by 3,
//!   (3x + 1 + t, 3y + 1 + t, 0): a point whose coordinates are both 1
//!   (t = 0) or both 2 (t = 1) modulo 3. The 12 symmetries of the hexagon
//!   about the origin map these points onto each other; translations move
//!   by multiples of 3, so the two kinds of triangle never mix.
//! - **spheres** (face-centred cubic, ball pyramids): cell `[x, y, z]`
//!   with x + y + z even, the point itself; its 12 neighbours differ by ±1
//!   in two coordinates; the moves are the cube's 48, the translations
//!   those of even sum.
//! - **sticks** (unit segments of the square grid): cell `[x, y, d]` is
//!   its midpoint scaled by 2 (see [`super::sticks`]); the moves are the
//!   square's eight, the translations the even ones.
//! - **rhombic** and **tetra-octa** (BurrTools' grid types 3 and 4): the
//!   small tetrahedra and octahedron eighths BurrTools builds those cells
//!   from, each a point of a cube of side 5 or 12 (see [`super::rhombic`]
//!   and [`super::tetra_octa`]); the moves are the cube's 48, the
//!   translations whole cubes, or the honeycomb's face-centred ones. They
//!   are written as BurrTools' voxels `[x, y, z]`.

pub use super::picture::{Point, Polygon};
use super::{Cell, Shape, Transform, rhombic, sticks, tetra_octa};

/// The grid a puzzle's cells lie on.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Lattice {
    /// Squares on a flat board, cubes in space: today's puzzles.
    #[default]
    Cubic,
    /// Equilateral triangles (polyiamonds).
    Triangles,
    /// Regular hexagons (polyhexes).
    Hexagons,
    /// Balls packed face-centred cubic (polyspheres).
    Spheres,
    /// Triangular prisms in layers (BurrTools' prism grid).
    Prisms,
    /// Unit segments of the square grid (polysticks), which may touch
    /// but never cross.
    Sticks,
    /// The 48 tetrahedra of each rhombic dodecahedron (BurrTools' rhombic
    /// grid).
    Rhombic,
    /// Tetrahedra and eighths of octahedra (BurrTools' tetrahedral-
    /// octahedral grid).
    TetraOcta,
}

/// Rotation by 60° about the origin, in the lattice's axes:
/// (x, y) -> (-y, x + y).
const TURN: Transform = Transform::from_matrix([[0, -1, 0], [1, 1, 0], [0, 0, 1]]);

/// The reflection swapping the two axes, (x, y) -> (y, x).
const SWAP: Transform = Transform::from_matrix([[0, 1, 0], [1, 0, 0], [0, 0, 1]]);

/// The plane turned over: z -> -z (a no-op on cells of a flat grid, but it
/// makes a reflection of the plane a rotation in space, as with squares).
const OVER: Transform = Transform::from_matrix([[1, 0, 0], [0, 1, 0], [0, 0, -1]]);

/// Neighbours of a hexagon: (q ± 1, r), (q, r ± 1), (q + 1, r − 1),
/// (q − 1, r + 1).
const HEX_STEPS: [Cell; 6] = [
    Cell::new(1, 0, 0),
    Cell::new(-1, 0, 0),
    Cell::new(0, 1, 0),
    Cell::new(0, -1, 0),
    Cell::new(1, -1, 0),
    Cell::new(-1, 1, 0),
];

/// Neighbours of an upward triangle (t = 0) in the embedding; a downward
/// one's are their negatives.
const UP_STEPS: [Cell; 3] = [Cell::new(1, 1, 0), Cell::new(-2, 1, 0), Cell::new(1, -2, 0)];

/// The 12 neighbours of a ball: ±1 in two coordinates.
const BALL_STEPS: [Cell; 12] = [
    Cell::new(1, 1, 0),
    Cell::new(1, -1, 0),
    Cell::new(-1, 1, 0),
    Cell::new(-1, -1, 0),
    Cell::new(1, 0, 1),
    Cell::new(1, 0, -1),
    Cell::new(-1, 0, 1),
    Cell::new(-1, 0, -1),
    Cell::new(0, 1, 1),
    Cell::new(0, 1, -1),
    Cell::new(0, -1, 1),
    Cell::new(0, -1, -1),
];

impl Lattice {
    /// The names a puzzle file's `grid` takes, and the lattice of each.
    pub const NAMES: [(&'static str, Lattice); 8] = [
        ("squares", Lattice::Cubic),
        ("triangles", Lattice::Triangles),
        ("hexagons", Lattice::Hexagons),
        ("spheres", Lattice::Spheres),
        ("sticks", Lattice::Sticks),
        ("prisms", Lattice::Prisms),
        ("rhombic", Lattice::Rhombic),
        ("tetra-octa", Lattice::TetraOcta),
    ];

    /// The name a puzzle file gives this grid.
    pub fn name(self) -> &'static str {
        match self {
            Lattice::Cubic => "squares",
            Lattice::Triangles => "triangles",
            Lattice::Hexagons => "hexagons",
            Lattice::Spheres => "spheres",
            Lattice::Prisms => "prisms",
            Lattice::Sticks => "sticks",
            Lattice::Rhombic => "rhombic",
            Lattice::TetraOcta => "tetra-octa",
        }
    }

    /// Whether every cell lies in one plane (z = 0).
    pub fn is_planar(self) -> bool {
        matches!(
            self,
            Lattice::Triangles | Lattice::Hexagons | Lattice::Sticks
        )
    }

    /// Whether a cell is written as BurrTools' voxel `[x, y, z]`, a piece
    /// of a cell too small to draw as a box (rhombic dodecahedra,
    /// tetrahedra and octahedra): pictures draw each as a tetrahedron
    /// (see `picture.rs`), the text drawing none.
    pub fn is_voxels(self) -> bool {
        matches!(self, Lattice::Rhombic | Lattice::TetraOcta)
    }

    /// Every move of the lattice that fixes the origin, identity first:
    /// the 48 of the cube, or the 12 of the hexagon each with the plane
    /// turned over too (24).
    pub fn transforms(self) -> Vec<Transform> {
        match self {
            Lattice::Cubic | Lattice::Spheres | Lattice::Rhombic | Lattice::TetraOcta => {
                Transform::all()
            }
            // The square's eight, each with the plane turned over too.
            Lattice::Sticks => Transform::all()
                .into_iter()
                .filter(|t| t.keeps_layers())
                .collect(),
            Lattice::Triangles | Lattice::Hexagons | Lattice::Prisms => {
                let mut out = Vec::with_capacity(24);
                for over in [Transform::IDENTITY, OVER] {
                    for mirror in [Transform::IDENTITY, SWAP] {
                        let mut t = mirror.then(over);
                        for _ in 0..6 {
                            out.push(t);
                            t = t.then(TURN);
                        }
                    }
                }
                out
            }
        }
    }

    /// The mirror a piece may take when it may not turn.
    pub fn mirror(self) -> Transform {
        match self {
            Lattice::Cubic
            | Lattice::Spheres
            | Lattice::Sticks
            | Lattice::Rhombic
            | Lattice::TetraOcta => Transform::MIRROR_X,
            Lattice::Triangles | Lattice::Hexagons | Lattice::Prisms => SWAP,
        }
    }

    /// Where the normal form puts a shape whose bounding box starts at
    /// `lo`: the nearest point to the origin that a move of the lattice
    /// reaches from `lo` (the origin itself for squares and hexagons; for
    /// triangles `lo` modulo 3, keeping the kind; for spheres the origin
    /// or, from a corner of odd sum, (1, 0, 0)).
    fn home(self, lo: [i32; 3]) -> [i32; 3] {
        match self {
            Lattice::Cubic | Lattice::Hexagons => [0; 3],
            Lattice::Triangles => lo.map(|v| v.rem_euclid(3)),
            Lattice::Sticks => lo.map(|v| v.rem_euclid(2)),
            Lattice::Spheres => [(lo[0] + lo[1] + lo[2]).rem_euclid(2), 0, 0],
            Lattice::Prisms => [lo[0].rem_euclid(3), lo[1].rem_euclid(3), 0],
            Lattice::Rhombic => rhombic::home(lo),
            Lattice::TetraOcta => tetra_octa::home(lo),
        }
    }

    /// Whether the translation taking `from` to `to` is a move of the
    /// lattice (both cells of the same kind).
    #[inline]
    pub fn translates(self, from: Cell, to: Cell) -> bool {
        match self {
            Lattice::Cubic | Lattice::Hexagons => true,
            Lattice::Triangles | Lattice::Prisms => {
                (to.x - from.x) % 3 == 0 && (to.y - from.y) % 3 == 0
            }
            Lattice::Spheres => (to.x - from.x + to.y - from.y + to.z - from.z) % 2 == 0,
            Lattice::Sticks => (to.x - from.x) % 2 == 0 && (to.y - from.y) % 2 == 0,
            Lattice::Rhombic => rhombic::translates(from, to),
            Lattice::TetraOcta => tetra_octa::translates(from, to),
        }
    }

    /// The translate of `cells` whose bounding box starts at the origin,
    /// or as near it as a move of the lattice goes: two shapes are
    /// translates of each other exactly when their normal forms are equal.
    pub fn normalize(self, cells: Vec<Cell>) -> Shape {
        let shape = Shape::new(cells);
        let Some((lo, _)) = shape.bounds() else {
            return shape;
        };
        let home = self.home(lo);
        let shift = Cell::new(home[0] - lo[0], home[1] - lo[1], home[2] - lo[2]);
        shape.shifted(shift)
    }

    /// The image of `shape` under `t`, normalized.
    pub fn image(self, shape: &Shape, t: Transform) -> Shape {
        self.normalize(shape.cells().iter().map(|&c| t.apply(c)).collect())
    }

    /// One unit step along each line a piece slides along when a puzzle
    /// is taken apart (the step back is its negative): the three axes of
    /// the cubes; the layers' and the plane's three axes for prisms; the
    /// six lines of touching balls; the square grid's two for sticks.
    pub fn slides(self) -> Vec<Cell> {
        match self {
            Lattice::Cubic => vec![Cell::new(1, 0, 0), Cell::new(0, 1, 0), Cell::new(0, 0, 1)],
            Lattice::Prisms => super::prisms::SLIDES.to_vec(),
            Lattice::Spheres => BALL_STEPS.iter().step_by(2).copied().collect(),
            Lattice::Hexagons => HEX_STEPS.iter().step_by(2).copied().collect(),
            Lattice::Triangles => vec![Cell::new(3, 0, 0), Cell::new(0, 3, 0), Cell::new(3, -3, 0)],
            // A stick is stored as its midpoint doubled.
            Lattice::Sticks => vec![Cell::new(2, 0, 0), Cell::new(0, 2, 0)],
            Lattice::Rhombic => rhombic::SLIDES.to_vec(),
            Lattice::TetraOcta => tetra_octa::SLIDES.to_vec(),
        }
    }

    /// Where cell `c` lies on the lines a piece sweeps through when it
    /// slides along the `axis`-th of [`Lattice::slides`]: `([across,
    /// across, along], stride)`, two cells on one line exactly when their
    /// `across` agree, a unit slide being `stride` steps `along` (cubes:
    /// the axis itself, stride 1; prisms: see [`super::prisms::frame`]).
    /// `None` where the sweeps are not worked out (the disassembler
    /// refuses those grids).
    pub fn sweep(self, axis: usize, c: Cell) -> Option<([i32; 3], i32)> {
        match self {
            Lattice::Cubic => Some(match axis {
                0 => ([c.y, c.z, c.x], 1),
                1 => ([c.x, c.z, c.y], 1),
                _ => ([c.x, c.y, c.z], 1),
            }),
            Lattice::Prisms => Some(super::prisms::frame(axis, c)),
            _ => None,
        }
    }

    /// The slides of [`Lattice::slides`] by name, each followed by its
    /// opposite: `+x`, `-x`, … (prisms: `+z`, `-z` first, and `+x-y`,
    /// `-x+y` last).
    pub fn slide_names(self) -> &'static [&'static str] {
        match self {
            Lattice::Prisms => &super::prisms::SLIDE_NAMES,
            _ => &["+x", "-x", "+y", "-y", "+z", "-z"],
        }
    }

    /// The corner a piece whose bounding box starts at `lo` is measured
    /// from when it slides: the point the normal form moves to the
    /// origin, so that the piece's cells less it are cells of the lattice
    /// and copies of a piece measure the same (`lo` itself on cubes).
    pub fn anchor(self, lo: [i32; 3]) -> [i32; 3] {
        let home = self.home(lo);
        [lo[0] - home[0], lo[1] - home[1], lo[2] - home[2]]
    }

    /// The cells that share a face (an edge, on a flat grid) with `c`.
    pub fn neighbours(self, c: Cell) -> Vec<Cell> {
        match self {
            Lattice::Cubic => super::NEIGHBOURS.iter().map(|&d| c.offset(d)).collect(),
            Lattice::Hexagons => HEX_STEPS.iter().map(|&d| c.offset(d)).collect(),
            Lattice::Spheres => BALL_STEPS.iter().map(|&d| c.offset(d)).collect(),
            Lattice::Prisms => {
                super::prisms::neighbours(c, Lattice::Triangles.neighbours(Cell::new(c.x, c.y, 0)))
            }
            Lattice::Sticks => sticks::neighbours(c),
            Lattice::Rhombic => rhombic::neighbours(c),
            Lattice::TetraOcta => tetra_octa::neighbours(c),
            Lattice::Triangles => {
                let up = c.x.rem_euclid(3) == 1;
                UP_STEPS
                    .iter()
                    .map(|&d| {
                        if up {
                            c.offset(d)
                        } else {
                            c.offset(Cell::new(-d.x, -d.y, 0))
                        }
                    })
                    .collect()
            }
        }
    }

    /// Whether the cells form one piece, each reached from the others
    /// through shared faces (edges on a flat grid).
    pub fn is_connected(self, shape: &Shape) -> bool {
        let cells = shape.cells();
        let Some(&start) = cells.first() else {
            return true;
        };
        let mut seen = vec![false; cells.len()];
        let mut stack = vec![start];
        seen[0] = true;
        let mut reached = 1;
        while let Some(c) = stack.pop() {
            for n in self.neighbours(c) {
                if let Ok(i) = cells.binary_search(&n)
                    && !seen[i]
                {
                    seen[i] = true;
                    reached += 1;
                    stack.push(cells[i]);
                }
            }
        }
        reached == cells.len()
    }

    /// Whether a shape's cells are written as art, one character per
    /// point (cubes, and balls at their own points); elsewhere as lists.
    pub fn drawn_as_art(self) -> bool {
        matches!(self, Lattice::Cubic | Lattice::Spheres)
    }

    /// Whether an integer point is a cell (a ball of even x + y + z on the
    /// sphere grid; one of a cube's 24 or 40 small pieces on the rhombic
    /// and tetrahedral grids; every point for squares and cubes).
    pub fn contains(self, c: Cell) -> bool {
        match self {
            Lattice::Cubic => true,
            Lattice::Hexagons => c.z == 0,
            Lattice::Triangles => {
                c.z == 0 && c.x.rem_euclid(3) == c.y.rem_euclid(3) && c.x.rem_euclid(3) != 0
            }
            Lattice::Spheres => (c.x + c.y + c.z).rem_euclid(2) == 0,
            Lattice::Prisms => super::prisms::contains(c),
            Lattice::Sticks => sticks::contains(c),
            Lattice::Rhombic => rhombic::contains(c),
            Lattice::TetraOcta => tetra_octa::contains(c),
        }
    }

    /// How many coordinates a cell has in a puzzle file.
    pub fn arity(self) -> usize {
        match self {
            Lattice::Cubic
            | Lattice::Triangles
            | Lattice::Spheres
            | Lattice::Sticks
            | Lattice::Rhombic
            | Lattice::TetraOcta => 3,
            Lattice::Hexagons => 2,
            Lattice::Prisms => 4,
        }
    }

    /// The cell a puzzle file writes as `coords` (a flat grid's cells have
    /// exactly [`Lattice::arity`] coordinates; cubic ones two or three),
    /// or what was expected instead.
    pub fn cell(self, coords: &[i64]) -> Result<Cell, String> {
        let v = |i: usize| coords.get(i).copied().unwrap_or(0) as i32;
        match self {
            Lattice::Cubic if (2..=3).contains(&coords.len()) => Ok(Cell::new(v(0), v(1), v(2))),
            Lattice::Cubic => Err("expected [x, y] or [x, y, z]".into()),
            Lattice::Spheres
                if (2..=3).contains(&coords.len()) && (v(0) + v(1) + v(2)) % 2 == 0 =>
            {
                Ok(Cell::new(v(0), v(1), v(2)))
            }
            Lattice::Spheres => Err("a ball is [x, y, z] (or [x, y]) with x + y + z even".into()),
            Lattice::Hexagons if coords.len() == 2 => Ok(Cell::new(v(0), v(1), 0)),
            Lattice::Hexagons => Err("a hexagon is [q, r]: two whole numbers".into()),
            Lattice::Triangles if coords.len() == 3 && (0..=1).contains(&coords[2]) => {
                Ok(Cell::new(3 * v(0) + 1 + v(2), 3 * v(1) + 1 + v(2), 0))
            }
            Lattice::Triangles => Err(
                "a triangle is [x, y, t] with t = 0 (pointing up) or t = 1 (pointing down)".into(),
            ),
            Lattice::Prisms => super::prisms::cell(coords),
            Lattice::Sticks => sticks::cell(coords),
            Lattice::Rhombic | Lattice::TetraOcta => self.voxel_cell(coords),
        }
    }

    /// A cell as a puzzle file writes it: the inverse of [`Lattice::cell`].
    pub fn coords(self, c: Cell) -> Vec<i32> {
        match self {
            Lattice::Cubic | Lattice::Spheres => c.coords().to_vec(),
            Lattice::Hexagons => vec![c.x, c.y],
            Lattice::Sticks => sticks::coords(c),
            Lattice::Triangles => {
                let t = c.x.rem_euclid(3) - 1;
                vec![(c.x - 1 - t) / 3, (c.y - 1 - t) / 3, t]
            }
            Lattice::Prisms => super::prisms::coords(c),
            Lattice::Rhombic => rhombic::to_voxel(c).coords().to_vec(),
            Lattice::TetraOcta => tetra_octa::to_voxel(c).coords().to_vec(),
        }
    }

    /// The cell at BurrTools' voxel `[x, y, z]` on the rhombic and
    /// tetrahedral-octahedral grids, or what was expected.
    fn voxel_cell(self, coords: &[i64]) -> Result<Cell, String> {
        let &[x, y, z] = coords else {
            return Err("a cell is BurrTools' voxel [x, y, z]".into());
        };
        let v = Cell::new(x as i32, y as i32, z as i32);
        let (cell, what) = if self == Lattice::Rhombic {
            (rhombic::from_voxel(v), rhombic::EXPECTED)
        } else {
            (tetra_octa::from_voxel(v), tetra_octa::EXPECTED)
        };
        cell.ok_or_else(|| what.to_string())
    }

    /// A cell for messages, in the file's coordinates: `(x, y, z)` as
    /// [`Cell`]'s `Display` on the cubic lattice.
    pub fn show(self, c: Cell) -> String {
        match self {
            Lattice::Cubic | Lattice::Spheres => c.to_string(),
            _ => {
                let v: Vec<String> = self.coords(c).iter().map(i32::to_string).collect();
                format!("({})", v.join(", "))
            }
        }
    }

    /// Where a cell lies in the plane, for pictures: its centre and its
    /// corners in order round it, with the lattice's axes 60° apart and
    /// y growing down the page (as the text drawings lean), one unit the
    /// side of a triangle or the distance between hexagons' centres.
    /// `None` on the cubic lattice, whose pictures are its own.
    pub fn polygon(self, c: Cell) -> Option<Polygon> {
        let plane = |(u, v): (f64, f64)| (u + v / 2.0, v * 3f64.sqrt() / 2.0);
        match self {
            Lattice::Cubic
            | Lattice::Spheres
            | Lattice::Prisms
            | Lattice::Rhombic
            | Lattice::TetraOcta => None,
            Lattice::Sticks => Some(sticks::polygon(c)),
            Lattice::Hexagons => {
                let centre = plane((c.x as f64, c.y as f64));
                let r = 1.0 / 3f64.sqrt();
                let corners = (0..6)
                    .map(|k| {
                        let a = std::f64::consts::PI / 6.0 + k as f64 * std::f64::consts::PI / 3.0;
                        (centre.0 + r * a.cos(), centre.1 + r * a.sin())
                    })
                    .collect();
                Some((centre, corners))
            }
            Lattice::Triangles => {
                let v = self.coords(c);
                let (x, y) = (v[0] as f64, v[1] as f64);
                let corners = if v[2] == 0 {
                    [(x, y), (x + 1.0, y), (x, y + 1.0)]
                } else {
                    [(x + 1.0, y), (x + 1.0, y + 1.0), (x, y + 1.0)]
                };
                let centre = plane((c.x as f64 / 3.0, c.y as f64 / 3.0));
                Some((centre, corners.into_iter().map(plane).collect()))
            }
        }
    }

    /// A cell without spaces, for the exact-cover export's option names:
    /// `(x,y,z)` on the cubic lattice, the file's coordinates elsewhere.
    pub fn compact(self, c: Cell) -> String {
        let v: Vec<String> = self.coords(c).iter().map(i32::to_string).collect();
        format!("({})", v.join(","))
    }

    /// The grid points `cells` run straight through (two cells in a line
    /// meeting there), sorted: on sticks, where no other piece may run
    /// straight through too; none on the other grids, whose pieces cannot
    /// cross. `cells` must be sorted, as a [`Shape`]'s are.
    pub fn crossings(self, cells: &[Cell]) -> Vec<Cell> {
        match self {
            Lattice::Sticks => sticks::crossings(cells),
            _ => Vec::new(),
        }
    }

    /// The cells of `size = [w, h]` on a flat grid: the w × h
    /// parallelogram of lattice points, its 2wh triangles or wh hexagons;
    /// on sticks every segment of a w × h grid of squares; on prisms the
    /// triangles in layer 0 (a board's `size = [w, h, d]` stacks d).
    pub fn parallelogram(self, w: i32, h: i32) -> Vec<Cell> {
        if self == Lattice::Sticks {
            return sticks::grid(w, h);
        }
        if self == Lattice::Prisms {
            return Lattice::Triangles.parallelogram(w, h);
        }
        let kinds = if self == Lattice::Triangles { 2 } else { 1 };
        (0..h)
            .flat_map(|y| (0..w).flat_map(move |x| (0..kinds).map(move |t| (x, y, t))))
            .map(|(x, y, t)| {
                let coords = if self == Lattice::Hexagons {
                    vec![x as i64, y as i64]
                } else {
                    vec![x as i64, y as i64, t as i64]
                };
                self.cell(&coords).expect("a cell of the parallelogram")
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hexagons_group_has_12_planar_motions_half_of_them_turns() {
        for lattice in [Lattice::Hexagons, Lattice::Triangles] {
            let all = lattice.transforms();
            assert_eq!(all.len(), 24);
            assert_eq!(all[0], Transform::IDENTITY);
            let planar: Vec<_> = all.iter().filter(|t| t.is_planar()).collect();
            assert_eq!(planar.len(), 12);
            assert_eq!(planar.iter().filter(|t| t.is_rotation()).count(), 6);
            let mut distinct = all.clone();
            distinct.sort();
            distinct.dedup();
            assert_eq!(distinct.len(), 24, "a group lists each element once");
        }
    }

    #[test]
    fn triangles_map_to_triangles_and_keep_their_neighbours() {
        let lattice = Lattice::Triangles;
        let cells = lattice.parallelogram(3, 3);
        assert_eq!(cells.len(), 18);
        for t in lattice.transforms() {
            for &c in &cells {
                let image = t.apply(c);
                assert_eq!(
                    lattice.cell(
                        &lattice
                            .coords(image)
                            .iter()
                            .map(|&v| v as i64)
                            .collect::<Vec<_>>()
                    ),
                    Ok(image)
                );
                for n in lattice.neighbours(c) {
                    assert!(lattice.neighbours(image).contains(&t.apply(n)));
                }
            }
        }
        // The two triangles of one rhombus touch; two up triangles never do.
        let up = lattice.cell(&[0, 0, 0]).unwrap();
        let down = lattice.cell(&[0, 0, 1]).unwrap();
        assert!(lattice.neighbours(up).contains(&down));
        let next_up = lattice.cell(&[1, 0, 0]).unwrap();
        assert!(!lattice.neighbours(up).contains(&next_up));
        assert!(lattice.cell(&[0, 0, 2]).is_err());
    }

    #[test]
    fn balls_have_12_neighbours_and_keep_their_parity() {
        let lattice = Lattice::Spheres;
        let ball = lattice.cell(&[1, 1, 0]).unwrap();
        assert_eq!(lattice.neighbours(ball).len(), 12);
        assert!(lattice.cell(&[1, 0, 0]).is_err(), "x + y + z odd");
        for t in lattice.transforms() {
            for n in lattice.neighbours(ball) {
                let image = t.apply(n);
                assert_eq!((image.x + image.y + image.z).rem_euclid(2), 0);
            }
        }
        // Balls whose box has a corner of odd sum are normalized by an
        // even shift, to a box at (1, 0, 0).
        let shape = lattice.normalize(vec![Cell::new(1, 1, 0), Cell::new(0, 1, 1)]);
        assert_eq!(shape.cells(), [Cell::new(2, 0, 0), Cell::new(1, 0, 1)]);
        let again = lattice.normalize(vec![Cell::new(2, 2, 0), Cell::new(1, 2, 1)]);
        assert_eq!(shape, again);
    }

    #[test]
    fn normalizing_keeps_the_kind_of_triangle() {
        let lattice = Lattice::Triangles;
        let up = lattice.normalize(vec![lattice.cell(&[4, 2, 0]).unwrap()]);
        let down = lattice.normalize(vec![lattice.cell(&[4, 2, 1]).unwrap()]);
        assert_ne!(up, down, "an up and a down triangle are not translates");
        let moved = lattice.normalize(vec![lattice.cell(&[-3, 7, 1]).unwrap()]);
        assert_eq!(down, moved);
    }
}
