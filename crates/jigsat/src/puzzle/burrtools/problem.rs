//! One problem of a read file as a [`Puzzle`]: its pieces with their
//! counts and colours, the result as the board, and the checks that the
//! areas can add up; and the stored assemblies, groups and weights the
//! disassembler reads.

use super::{Grid, State, XmFile, XmProblem, bad};
use crate::error::InputError;
use crate::geometry::{Board, Cell, Lattice, Moves, Shape};
use crate::puzzle::{Colours, Count, Fill, Kind, Piece, Puzzle};

impl XmFile {
    /// One line per problem: its number, name, pieces and result, for
    /// `info`.
    pub fn summaries(&self) -> Vec<String> {
        self.problems
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let name = p
                    .name
                    .as_deref()
                    .map(|n| format!(" \"{n}\""))
                    .unwrap_or_default();
                let (lo, hi) = p.pieces.iter().fold((0, 0), |(lo, hi), piece| {
                    (lo + piece.count.min, hi + piece.count.max)
                });
                let pieces = if lo == hi {
                    lo.to_string()
                } else {
                    format!("{lo}..{hi}")
                };
                format!(
                    "problem {i}{name}: {} parts, {pieces} pieces, result shape {}",
                    p.pieces.len(),
                    p.result
                )
            })
            .collect()
    }

    /// The problem `choice` names (a number or a name; the first when
    /// `None`).
    fn problem(&self, choice: Option<&str>) -> Result<(usize, &XmProblem), InputError> {
        if self.problems.is_empty() {
            return Err(bad(
                &self.file,
                "the file holds no problems (nothing to solve)",
            ));
        }
        let Some(choice) = choice else {
            return Ok((0, &self.problems[0]));
        };
        let found = match choice.parse::<usize>() {
            Ok(i) => self.problems.get(i).map(|p| (i, p)),
            Err(_) => self
                .problems
                .iter()
                .enumerate()
                .find(|(_, p)| p.name.as_deref() == Some(choice)),
        };
        found.ok_or_else(|| {
            bad(
                &self.file,
                format!(
                    "--problem {choice}: the file has problems {} (`jigsat info` lists them)",
                    self.problem_names()
                ),
            )
        })
    }

    fn problem_names(&self) -> String {
        let names: Vec<String> = self
            .problems
            .iter()
            .enumerate()
            .map(|(i, p)| match &p.name {
                Some(n) => format!("{i} \"{n}\""),
                None => i.to_string(),
            })
            .collect();
        names.join(", ")
    }

    /// For each piece of problem `choice`'s puzzle (as [`XmFile::puzzle`]
    /// lists them), its disassembly group (0: none) and weight.
    pub fn groups_and_weights(&self, choice: Option<&str>) -> Result<Vec<(u32, u32)>, InputError> {
        let (_, problem) = self.problem(choice)?;
        Ok(problem
            .pieces
            .iter()
            .filter(|p| p.count.max > 0)
            .map(|p| (p.group, self.shapes[p.shape].weight))
            .collect())
    }

    /// The cells of a stored piece (its filled cells `voxels`, as points
    /// of the grid, and its `hotspot`, read on spheres) at voxel `at`,
    /// turned by BurrTools' turn `t` of this file's grid; `None` for a
    /// turn number the grid does not have.
    fn place(
        &self,
        voxels: &[[i32; 3]],
        hotspot: [i32; 3],
        at: [i32; 3],
        t: i32,
    ) -> Option<Vec<Cell>> {
        let t = usize::try_from(t).ok()?;
        match self.grid {
            Grid::Prisms => crate::puzzle::stored::place_prism(voxels, at, t),
            Grid::Spheres => crate::puzzle::stored::place_sphere(voxels, hotspot, at, t),
            _ => (t < crate::puzzle::stored::TURNS.len()).then(|| {
                crate::puzzle::stored::place(voxels, at, t)
                    .into_iter()
                    .map(Cell::from_coords)
                    .collect()
            }),
        }
    }

    /// The assemblies stored with problem `choice`: per assembly, each
    /// piece placed (its index among the pieces of [`XmFile::puzzle`]'s
    /// puzzle, its cells), the turns and positions read by
    /// [`super::stored`]; and a function that names a stored assembly in
    /// an error. Not checked here: `solution::stored` makes them
    /// solutions and checks them against the puzzle (the puzzle module
    /// stands below solutions).
    #[allow(clippy::type_complexity)]
    pub fn stored_assemblies(
        &self,
        choice: Option<&str>,
    ) -> Result<
        (
            Vec<Vec<(usize, Vec<Cell>)>>,
            impl Fn(usize, String) -> InputError + '_,
        ),
        InputError,
    > {
        let (index, problem) = self.problem(choice)?;
        let fail_at = move |k: usize, why: String| {
            bad(
                &self.file,
                format!("problem {index}, stored solution {}: {why}", k + 1),
            )
        };
        let mut out = Vec::new();
        for (k, stored) in problem.stored.iter().enumerate() {
            let fail = |why: String| fail_at(k, why);
            let stored = stored.as_ref().map_err(|e| fail(e.clone()))?;
            let mut placed = Vec::new();
            let mut at = 0;
            let mut piece = 0;
            for xm in &problem.pieces {
                let shape = &self.shapes[xm.shape];
                // The filled cells, as the grid's points (on cubes, the
                // voxels themselves).
                let voxels: Vec<[i32; 3]> = shape
                    .cells
                    .iter()
                    .filter(|c| c.1 == State::Filled)
                    .map(|c| c.0.coords())
                    .collect();
                for _ in 0..xm.count.max {
                    let Some(entry) = stored.get(at) else {
                        return Err(fail("fewer pieces than the problem's parts".into()));
                    };
                    at += 1;
                    let Some([x, y, z, t]) = *entry else { continue };
                    // Measured on the sphere grid only (BallRoom).
                    if shape.hotspot != [0; 3] && self.grid != Grid::Spheres {
                        return Err(fail(format!(
                            "shape {} has a hotspot other than 0 0 0, which jigsat does not read",
                            xm.shape
                        )));
                    }
                    let cells = self.place(&voxels, shape.hotspot, [x, y, z], t);
                    let cells = cells.ok_or_else(|| {
                        let turns = match self.grid {
                            Grid::Prisms => "0 to 11; BurrTools never mirrors",
                            // 24 on are flat pieces turned over.
                            Grid::Spheres => "0 to 47",
                            _ => "0 to 23; BurrTools never mirrors",
                        };
                        fail(format!(
                            "turn {t} ({turns} on the {} grid)",
                            self.grid.lattice().name()
                        ))
                    })?;
                    placed.push((piece, cells));
                }
                if xm.count.max > 0 {
                    piece += 1;
                }
            }
            if at != stored.len() {
                return Err(fail("more pieces than the problem's parts".into()));
            }
            out.push(placed);
        }
        Ok((out, fail_at))
    }

    /// Problem `choice` as a puzzle: the result is the board (`+` cells
    /// optional), each piece turning freely in space (BurrTools
    /// never mirrors), the colours when they constrain anything.
    pub fn puzzle(&self, choice: Option<&str>, stem: &str) -> Result<Puzzle, InputError> {
        let (index, problem) = self.problem(choice)?;
        let result = &self.shapes[problem.result];
        let cells: Vec<Cell> = result.cells.iter().map(|c| c.0).collect();
        if cells.is_empty() {
            return Err(bad(
                &self.file,
                format!("problem {index}: the result shape is empty"),
            ));
        }
        let board = Board::on(self.grid.lattice(), Shape::new(cells))
            .map_err(|e| bad(&self.file, e.to_string()))?;
        let mut optional: Vec<u32> = result
            .cells
            .iter()
            .filter(|c| c.1 == State::Variable)
            .filter_map(|c| board.index(c.0))
            .collect();
        optional.sort_unstable();
        let pieces = self.pieces(index, problem)?;
        let puzzle = Puzzle {
            name: problem
                .name
                .clone()
                .unwrap_or_else(|| match self.problems.len() {
                    1 => stem.to_string(),
                    _ => format!("{stem} problem {index}"),
                }),
            description: self.comment.clone(),
            source: None,
            fill: Fill::Exact,
            colours: self.colours(problem, &board, &pieces),
            optional,
            board,
            kind: Kind::Pieces(pieces.into_iter().map(|(_, p)| p).collect()),
            warnings: Vec::new(),
        };
        self.check_areas(index, &puzzle)?;
        // A coloured piece that fits the same cells in two colourings is
        // refused while placements are made (naming the file read).
        Ok(puzzle)
    }

    /// The problem's pieces, each with its shape id; pieces used at most 0
    /// times are left out. Names are the shapes' names, or BurrTools'
    /// `S1`, `S2`, … (1-based ids), made unique.
    fn pieces(&self, index: usize, problem: &XmProblem) -> Result<Vec<(usize, Piece)>, InputError> {
        let result_cells = self.shapes[problem.result].cells.len();
        let mut pieces: Vec<(usize, Piece)> = Vec::new();
        for piece in problem.pieces.iter().filter(|p| p.count.max > 0) {
            let shape = &self.shapes[piece.shape];
            let cells: Vec<Cell> = shape
                .cells
                .iter()
                .filter(|c| c.1 == State::Filled)
                .map(|c| c.0)
                .collect();
            if cells.is_empty() {
                return Err(bad(
                    &self.file,
                    format!(
                        "problem {index}: piece shape {} has no filled cells",
                        piece.shape
                    ),
                ));
            }
            let mut name = shape
                .name
                .clone()
                .unwrap_or_else(|| format!("S{}", piece.shape + 1));
            if name.trim().is_empty() || pieces.iter().any(|(_, p)| p.name == name) {
                name = format!("{name}#{}", piece.shape + 1);
            }
            // More copies than fit in the result are never used: capping
            // the count keeps a careless `max` from inflating the CNF.
            let fit = (result_cells / cells.len()) as u32;
            let moves = Moves {
                mirror: self.grid.turns_over(&cells),
                ..Moves::default()
            };
            let count = Count {
                min: piece.count.min,
                max: piece.count.max.min(fit.max(piece.count.min)),
            };
            pieces.push((
                piece.shape,
                Piece {
                    glyph: glyph(pieces.len()),
                    name,
                    shape: self.grid.lattice().normalize(cells),
                    count,
                    moves,
                    images: Default::default(),
                },
            ));
        }
        if pieces.is_empty() {
            return Err(bad(&self.file, format!("problem {index} has no pieces")));
        }
        Ok(pieces)
    }

    /// The colour constraints, when the file defines colours and both
    /// some piece cell and some result cell carry one (otherwise every
    /// piece cell may go anywhere).
    fn colours(
        &self,
        problem: &XmProblem,
        board: &Board,
        pieces: &[(usize, Piece)],
    ) -> Option<Colours> {
        let result = &self.shapes[problem.result];
        let mut board_colours = vec![0u8; board.len()];
        for &(c, _, k) in &result.cells {
            if let Some(i) = board.index(c) {
                board_colours[i as usize] = k;
            }
        }
        let piece_colours: Vec<Vec<u8>> = pieces
            .iter()
            .map(|(id, piece)| {
                let filled: Vec<(Cell, u8)> = self.shapes[*id]
                    .cells
                    .iter()
                    .filter(|c| c.1 == State::Filled)
                    .map(|c| (c.0, c.2))
                    .collect();
                piece_cell_colours(self.grid.lattice(), &filled, &piece.shape)
            })
            .collect();
        let coloured = |v: &[u8]| v.iter().any(|&k| k != 0);
        let matters = self.colours > 0
            && coloured(&board_colours)
            && piece_colours.iter().any(|p| coloured(p));
        matters.then(|| Colours {
            board: board_colours,
            pieces: piece_colours,
            allowed: problem.allowed.clone(),
        })
    }

    /// BurrTools refuses a problem whose pieces cannot fill the result's
    /// `#` cells or do not fit in all its cells; so does jigsat, rather
    /// than count a different puzzle.
    fn check_areas(&self, index: usize, puzzle: &Puzzle) -> Result<(), InputError> {
        let (lo, hi) = puzzle.piece_area_range();
        let all = puzzle.board.len();
        let required = all - puzzle.optional.len();
        if hi < required || lo > all {
            let covers = if lo == hi {
                lo.to_string()
            } else {
                format!("{lo} to {hi}")
            };
            return Err(bad(
                &self.file,
                format!(
                    "problem {index}: the pieces cover {covers} cells, but the result has {required} cells to fill and {all} in all"
                ),
            ));
        }
        Ok(())
    }
}

/// The colour of each cell of `shape` (the normalized filled cells), in
/// its sorted order.
fn piece_cell_colours(lattice: Lattice, filled: &[(Cell, u8)], shape: &Shape) -> Vec<u8> {
    let Some(&(first, _)) = filled.iter().min_by_key(|c| c.0) else {
        return Vec::new();
    };
    // The normal form moves every cell alike: the first cell shows how.
    let home = lattice.normalize(filled.iter().map(|c| c.0).collect());
    let to = home.cells()[0];
    let shift = Cell::new(to.x - first.x, to.y - first.y, to.z - first.z);
    let mut out = vec![0u8; shape.len()];
    for &(c, k) in filled {
        if let Ok(i) = shape.cells().binary_search(&c.offset(shift)) {
            out[i] = k;
        }
    }
    out
}

/// A glyph for the `i`-th piece: A–Z, a–z, 0–9, then round again.
pub fn glyph(i: usize) -> char {
    const GLYPHS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    GLYPHS[i % GLYPHS.len()] as char
}
