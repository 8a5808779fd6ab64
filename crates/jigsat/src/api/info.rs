//! What jigsat makes of a puzzle before solving it (`jigsat info`): its
//! pieces' orientations and placements, the size of the CNF under every
//! encoding, the board's symmetry group and its breaking, and the
//! pre-check's verdict — what a person looks at first to see how hard a
//! puzzle is, and a program to choose its options.
//!
//! ```
//! let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
//! let info = jigsat::api::Solver::new().info(&soma)?;
//! assert_eq!(info.group_order, 48);
//! assert_eq!(info.pieces.len(), 7);
//! assert!(info.cnf.is_some() && info.estimated_bytes.is_none());
//! # Ok::<(), jigsat::api::Error>(())
//! ```

use std::path::Path;

use crate::choice::Choice;

use super::error::Result;
use super::error::contained;
use super::options::Encoding;
use super::puzzle::Puzzle;
use super::solver::Solver;
use crate::family::PartSize;
use crate::family::packing::{self, placement};
use crate::instance::Instance;
use crate::puzzle::{Fill, Kind, Matching};

/// Above this many placements (by their estimate) [`Solver::info`]
/// estimates instead of building: `info` is what a user runs first on a
/// puzzle to see how big it is, so it must answer within seconds, and
/// building 2 M placements of a 500x500 board, their cover, group and
/// CNF counts took over 10 s in release. 200,000 build in a fraction of
/// a second.
///
/// ```
/// assert_eq!(jigsat::api::info::BUILD_AT_MOST, 200_000);
/// ```
pub const BUILD_AT_MOST: u64 = 200_000;

/// What [`Solver::info`] reports of a puzzle.
///
/// ```
/// let cats = jigsat::api::Puzzle::from_file("puzzles/big-cats.toml")?;
/// let info = jigsat::api::Solver::new().info(&cats)?;
/// assert!(info.pieces.is_empty() && !info.tiling.as_ref().unwrap().tiles.is_empty());
/// # Ok::<(), jigsat::api::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Info {
    /// The puzzle's description, if it has one.
    pub description: Option<String>,
    /// Cells of the board.
    pub board_cells: usize,
    /// The board's bounding box: width, height, depth.
    pub board_size: [i32; 3],
    /// How the board is filled, in words: `exact` or `partial`, with the
    /// optional cells and colour constraints when there are any.
    pub fill: String,
    /// The pieces of a packing puzzle, in the puzzle's order (empty for
    /// tiles).
    pub pieces: Vec<PieceInfo>,
    /// The rules and tiles of an edge-matching puzzle.
    pub tiling: Option<TilingInfo>,
    /// Placements: the exact cover's options (an estimate when
    /// [`Info::estimated_bytes`] is set).
    pub placements: u32,
    /// The CNF `solve` would build with the solver's encodings and
    /// symmetry breaking; `None` when estimated.
    pub cnf: Option<CnfSize>,
    /// The CNF's size under every at-most-one encoding (with the
    /// solver's cardinality and edge encodings); empty when estimated.
    pub encodings: Vec<CnfSize>,
    /// The order of the board's symmetry group.
    pub group_order: usize,
    /// Its rotations (the rest are reflections).
    pub rotations: usize,
    /// The symmetry breaking `solve` applies, described; `None` when
    /// nothing is gained, or estimated.
    pub breaking: Option<String>,
    /// The pre-check's reason when it proves that there is no solution.
    pub refutation: Option<String>,
    /// When nothing was built (more than [`BUILD_AT_MOST`] placements):
    /// the bytes the placements would take. The placements are then an
    /// estimate from bounding boxes (exact on a solid box, more than
    /// there are on a board with holes), and the CNF, the symmetry
    /// breaking and the pre-check are left out.
    pub estimated_bytes: Option<u64>,
}

/// One piece of a packing puzzle, and the ways it can lie.
///
/// ```
/// let y25 = jigsat::api::Puzzle::from_file("puzzles/y25.toml")?;
/// let y = &jigsat::api::Solver::new().info(&y25)?.pieces[0];
/// assert_eq!((y.cells, y.count.as_str()), (5, "25"));
/// # Ok::<(), jigsat::api::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct PieceInfo {
    /// Its name.
    pub name: String,
    /// The letter that draws it.
    pub glyph: char,
    /// Its cells.
    pub cells: usize,
    /// How many times it is used, as the file says it (`1`, `3`, `0..4`).
    pub count: String,
    /// Its distinct orientations under the moves the puzzle allows.
    pub orientations: usize,
    /// Its placements on the board (estimated when
    /// [`Info::estimated_bytes`] is set).
    pub placements: usize,
}

/// The rules and tiles of an edge-matching puzzle.
///
/// ```
/// let cats = jigsat::api::Puzzle::from_file("puzzles/big-cats.toml")?;
/// let tiling = jigsat::api::Solver::new().info(&cats)?.tiling.unwrap();
/// assert_eq!(tiling.matching, "complement");
/// # Ok::<(), jigsat::api::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct TilingInfo {
    /// How touching edges match: `equal` or `complement`.
    pub matching: String,
    /// The label of the board's outer edges, if the puzzle has a frame.
    pub border: Option<String>,
    /// Whether tiles may turn.
    pub turns: bool,
    /// The tiles, in the puzzle's order.
    pub tiles: Vec<TileInfo>,
}

/// One tile of an edge-matching puzzle, and the ways it can lie.
///
/// ```
/// let cats = jigsat::api::Puzzle::from_file("puzzles/big-cats.toml")?;
/// let tiling = jigsat::api::Solver::new().info(&cats)?.tiling.unwrap();
/// assert_eq!(tiling.tiles[0].edges.len(), 4);
/// # Ok::<(), jigsat::api::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct TileInfo {
    /// Its name.
    pub name: String,
    /// Its edge labels as listed: top, right, bottom, left.
    pub edges: Vec<String>,
    /// How many of it there are.
    pub count: u32,
    /// Its distinct looks (turns).
    pub orientations: usize,
    /// Its placements on the board.
    pub placements: usize,
}

/// A CNF's size under one at-most-one encoding, counted without building
/// it (a pairwise CNF of Calibron 12 would take gigabytes).
///
/// ```
/// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
/// let info = jigsat::api::Solver::new().info(&soma)?;
/// let pairwise = info.encodings.iter().find(|c| c.encoding.name() == "pairwise").unwrap();
/// assert_eq!(pairwise.variables, info.placements);
/// # Ok::<(), jigsat::api::Error>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct CnfSize {
    /// The at-most-one encoding.
    pub encoding: Encoding,
    /// Variables: the placements', then the encodings' auxiliary ones.
    pub variables: u32,
    /// Clauses, the symmetry-breaking units included.
    pub clauses: usize,
}

impl Info {
    /// [`Info::estimated_bytes`] for a person, in the words of the memory
    /// budget's messages (`1.2 GB`).
    ///
    /// ```
    /// let soma = jigsat::api::Puzzle::from_file("puzzles/soma.toml")?;
    /// assert_eq!(jigsat::api::Solver::new().info(&soma)?.estimated_memory(), None);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn estimated_memory(&self) -> Option<String> {
        self.estimated_bytes.map(crate::process::budget::human)
    }
}

impl Solver {
    /// What jigsat makes of `puzzle` with this solver's encodings (`jigsat
    /// info`): placements, CNF sizes, symmetry, the pre-check. A packing
    /// puzzle of more than [`BUILD_AT_MOST`] placements is estimated
    /// instead of built, so that the answer takes seconds at most.
    ///
    /// ```
    /// let big = jigsat::api::Puzzle::builder()
    ///     .board_size(&[500, 500])
    ///     .copies("d", &[[0, 0, 0], [1, 0, 0]], 125_000)
    ///     .build()?;
    /// let info = jigsat::api::Solver::new().info(&big)?;
    /// assert!(info.estimated_bytes.is_some() && info.cnf.is_none());
    /// assert_eq!(info.placements, 2 * 499 * 500);
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn info(&self, puzzle: &Puzzle) -> Result<Info> {
        let options = self.run_options();
        contained(|| {
            let p = &puzzle.inner;
            let facts = match Facts::estimated(p) {
                Some(facts) => facts,
                None => Facts::gather(&Instance::new(p)?, &options),
            };
            Ok(facts.info(p))
        })
    }
}

/// A BurrTools file's problems, one line each; none for a TOML file:
/// which `problem` to give [`Puzzle::from_file_problem`].
///
/// ```
/// let problems = jigsat::api::info::problems("puzzles/soma.toml")?;
/// assert!(problems.is_empty());
/// # Ok::<(), jigsat::api::Error>(())
/// ```
pub fn problems(path: impl AsRef<Path>) -> Result<Vec<String>> {
    let path = path.as_ref();
    contained(|| {
        let bytes = crate::input::read(path)?;
        if !crate::puzzle::burrtools::is_xmpuzzle(path, &bytes) {
            return Ok(Vec::new());
        }
        Ok(crate::puzzle::burrtools::read(&bytes, &path.display().to_string())?.summaries())
    })
}

/// The figures of [`Info`], built or estimated.
struct Facts {
    placements: u32,
    sizes: Vec<PartSize>,
    cnf: Option<CnfSize>,
    encodings: Vec<CnfSize>,
    order: usize,
    rotations: usize,
    breaking: Option<String>,
    refutation: Option<String>,
    estimated: Option<u64>,
}

impl Facts {
    /// The facts of a packing puzzle with more than [`BUILD_AT_MOST`]
    /// placements, estimated; `None` for any other puzzle.
    fn estimated(puzzle: &crate::puzzle::Puzzle) -> Option<Facts> {
        if puzzle.tiling().is_some() {
            return None;
        }
        let total = placement::footprint_of(puzzle);
        if total.placements <= BUILD_AT_MOST {
            return None;
        }
        let pieces = placement::footprints_by_piece(puzzle);
        // A piece that must be used and fits nowhere: the placements are
        // not made at all (Placements::generate), and the pre-check says
        // why there is no solution, which is worth more than estimates.
        let stranded = puzzle
            .pieces()
            .iter()
            .zip(&pieces)
            .any(|(piece, &(orientations, _))| piece.count.min > 0 && orientations == 0);
        if stranded {
            return None;
        }
        let (order, rotations) = packing::group_size_unbuilt(puzzle);
        Some(Facts {
            placements: total.placements.min(u64::from(u32::MAX)) as u32,
            sizes: pieces
                .into_iter()
                .map(|(orientations, e)| PartSize {
                    orientations,
                    placements: e.placements as usize,
                })
                .collect(),
            cnf: None,
            encodings: Vec::new(),
            order,
            rotations,
            breaking: None,
            refutation: None,
            estimated: Some(total.bytes),
        })
    }

    fn gather(instance: &Instance, options: &crate::options::Options) -> Facts {
        let breaking = instance.breaking(true);
        let units = breaking.as_ref().map_or(0, |b| b.forbidden.len());
        // Counted, not built.
        let size = |e: Encoding| {
            let size = crate::encode::size(instance.cover(), e, options.card, options.edges);
            CnfSize {
                encoding: e,
                variables: size.variables as u32,
                clauses: size.clauses as usize + units,
            }
        };
        Facts {
            placements: instance.cover().options.len() as u32,
            sizes: instance.family().sizes(),
            cnf: Some(size(options.encoding)),
            encodings: Encoding::ALL.iter().map(|&e| size(e)).collect(),
            order: instance.group().order(),
            rotations: instance.group().rotations(),
            breaking: breaking.map(|b| b.description),
            refutation: instance.family().refute(),
            estimated: None,
        }
    }

    fn info(self, puzzle: &crate::puzzle::Puzzle) -> Info {
        let mut pieces = Vec::new();
        let mut tiling = None;
        match &puzzle.kind {
            Kind::Pieces(list) => {
                pieces = list
                    .iter()
                    .zip(&self.sizes)
                    .map(|(piece, size)| PieceInfo {
                        name: piece.name.clone(),
                        glyph: piece.glyph,
                        cells: piece.shape.len(),
                        count: piece.count.to_string(),
                        orientations: size.orientations,
                        placements: size.placements,
                    })
                    .collect();
            }
            Kind::Tiles(t) => {
                tiling = Some(TilingInfo {
                    matching: match t.matching {
                        Matching::Equal => "equal",
                        Matching::Complement => "complement",
                    }
                    .to_string(),
                    border: t.border.clone(),
                    turns: t.turns,
                    tiles: t
                        .tiles
                        .iter()
                        .zip(&self.sizes)
                        .map(|(tile, size)| TileInfo {
                            name: tile.name.clone(),
                            edges: tile.edges.to_vec(),
                            count: tile.count,
                            orientations: size.orientations,
                            placements: size.placements,
                        })
                        .collect(),
                });
            }
        }
        Info {
            description: puzzle.description.clone(),
            board_cells: puzzle.board.len(),
            board_size: puzzle.board.size(),
            fill: fill_name(puzzle),
            pieces,
            tiling,
            placements: self.placements,
            cnf: self.cnf,
            encodings: self.encodings,
            group_order: self.order,
            rotations: self.rotations,
            breaking: self.breaking,
            refutation: self.refutation,
            estimated_bytes: self.estimated,
        }
    }
}

fn fill_name(puzzle: &crate::puzzle::Puzzle) -> String {
    let mut name = match puzzle.fill {
        Fill::Exact => "exact".to_string(),
        Fill::Partial => "partial".to_string(),
    };
    if puzzle.fill == Fill::Exact && !puzzle.optional.is_empty() {
        name += &format!(" ({} optional cells may stay empty)", puzzle.optional.len());
    }
    if puzzle.colours.is_some() {
        name += ", with colour constraints";
    }
    name
}
