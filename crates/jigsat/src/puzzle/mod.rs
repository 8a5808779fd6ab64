//! The puzzle as the rest of jigsat sees it: a board, pieces and rules,
//! already validated.
//!
//! Reading and checking the TOML file is [`file`](mod@file)'s job, reading a
//! BurrTools `.xmpuzzle` file [`burrtools`]'s (both make the same
//! [`Puzzle`]), and writing either format back `write`'s; once a
//! [`Puzzle`] exists, every field holds a value the contract allows, so
//! later steps never re-validate input.

mod art;
pub mod burrtools;
mod file;
pub mod stored;
pub mod write;

use std::path::Path;
use std::sync::OnceLock;

use serde::Deserialize;

use crate::error::{Error, InputError};
use crate::fingerprint::Fnv64;
use crate::geometry::{Board, Cell, Moves, Shape, Space};

/// Limits the tool sets, so that a typo like `size = [5000, 5000, 5000]`
/// gets a message instead of an out-of-memory kill.
pub const MAX_BOARD_CELLS: usize = 250_000;
pub const MAX_COORDINATE: i64 = 10_000;
// The board's bounding box is limited too (its lookup spans it): see
// `geometry::MAX_BOARD_SLOTS`.

/// A puzzle file read and validated: the board, what is laid on it and
/// the rules. Every later step trusts its fields.
#[derive(Clone, Debug)]
pub struct Puzzle {
    /// The file's `name`, or its stem when it gives none: how answers
    /// and messages name the puzzle.
    pub name: String,
    /// The file's `description`, kept for `info` and for writing the
    /// puzzle back.
    pub description: Option<String>,
    /// The file's `source` (where the puzzle comes from), kept for
    /// writing it back.
    pub source: Option<String>,
    /// The cells to fill.
    pub board: Board,
    /// Whether every board cell must be covered.
    pub fill: Fill,
    /// Board cells (indices, ascending) that pieces may cover but need
    /// not, under `fill = "exact"`: BurrTools' variable voxels, `?` in
    /// board art. Empty for most puzzles.
    pub optional: Vec<u32>,
    /// Which piece cells may lie on which board cells, when the puzzle
    /// has colour constraints (only BurrTools files do).
    pub colours: Option<Colours>,
    /// What is laid on the board: pieces, or edge-matching tiles.
    pub kind: Kind,
    /// Things worth telling the user that do not stop the run (a
    /// disconnected piece, say).
    pub warnings: Vec<String>,
}

/// The longest name of a puzzle, piece or tile kept as read, in
/// characters; a longer one is cut, saying its length.
pub const MAX_NAME: usize = 200;

/// The longest description or source kept as read, in characters.
pub const MAX_TEXT: usize = 10_000;

/// The two kinds of puzzle the contract describes: `[[piece]]` entries
/// packed into the board, or `[[tile]]` entries whose touching edges must
/// match. The family that solves a puzzle is chosen from this, once
/// (see [`crate::pipeline`]).
#[derive(Clone, Debug)]
pub enum Kind {
    /// Pieces to pack (never empty).
    Pieces(Vec<Piece>),
    /// Square tiles and their matching rules (the board is flat and fully
    /// covered).
    Tiles(Tiling),
}

/// One `[[piece]]` entry: a shape, its copies and how it may move.
#[derive(Clone, Debug)]
pub struct Piece {
    /// Its name, unique among the pieces: solutions and messages use it.
    pub name: String,
    /// The character that draws this piece in text renderings.
    pub glyph: char,
    /// The piece as drawn, normalized.
    pub shape: Shape,
    /// How many copies a solution uses; identical copies are one entry,
    /// counted rather than labelled.
    pub count: Count,
    /// The turns (and mirror images) it may take.
    pub moves: Moves,
    /// The shapes the piece may take, worked out the first time a check
    /// asks ([`Piece::takes_shape`]): a run that checks every solution it
    /// meets would otherwise turn each piece 24 or 48 ways per solution.
    pub(crate) images: OnceLock<Images>,
}

/// A piece's shapes under its moves, with what they were made from.
#[derive(Clone, Debug)]
pub(crate) struct Images {
    moves: Moves,
    space: Space,
    shape: Shape,
    /// Sorted, for a binary search.
    shapes: Vec<Shape>,
}

impl Images {
    fn of(piece: &Piece, space: Space) -> Images {
        let mut shapes: Vec<Shape> = (piece.moves.group(space).into_iter())
            .map(|t| space.image(&piece.shape, t))
            .collect();
        shapes.sort_unstable();
        shapes.dedup();
        Images {
            moves: piece.moves,
            space,
            shape: piece.shape.clone(),
            shapes,
        }
    }
}

impl Piece {
    /// Whether `shape` (normalized) is this piece under one of its allowed
    /// moves (normalized on `space`'s lattice). The shapes kept from the
    /// first call serve while the piece and the space are the ones they
    /// were made from (its fields are public: a changed piece gets its
    /// shapes afresh).
    pub fn takes_shape(&self, shape: &Shape, space: Space) -> bool {
        self.shapes(space).binary_search(shape).is_ok()
    }

    /// The distinct shapes of the piece under its allowed moves on
    /// `space`, normalized and sorted: those kept from the first ask
    /// (the packing's placements and group, and the check, all ask).
    pub(crate) fn shapes(&self, space: Space) -> std::borrow::Cow<'_, [Shape]> {
        let kept = self.images.get_or_init(|| Images::of(self, space));
        if kept.moves == self.moves && kept.space == space && kept.shape == self.shape {
            std::borrow::Cow::Borrowed(&kept.shapes)
        } else {
            std::borrow::Cow::Owned(Images::of(self, space).shapes)
        }
    }
}

/// Colour constraints, as BurrTools defines them: a piece cell of colour
/// `p` may lie on a board cell of colour `b` when either is 0 (neutral) or
/// the pair `(p, b)` is allowed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Colours {
    /// Per board cell (by index), its colour.
    pub board: Vec<u8>,
    /// Per piece, the colour of each cell of its shape (in `shape.cells()`
    /// order).
    pub pieces: Vec<Vec<u8>>,
    /// The allowed (piece colour, board colour) pairs, both non-zero.
    pub allowed: Vec<(u8, u8)>,
}

impl Colours {
    /// Whether a piece cell of colour `p` may lie on a board cell of
    /// colour `b`.
    pub fn fits(&self, p: u8, b: u8) -> bool {
        p == 0 || b == 0 || self.allowed.contains(&(p, b))
    }

    /// The distinct ways piece `p` can lie on the board cells `target`
    /// with every cell's colour allowed, as the colour each target cell
    /// (ascending) gets: one per motion of the piece that turns it onto
    /// `target`, duplicates removed. Empty when none fits; two or more
    /// when the piece is symmetric in shape but not in colour and both
    /// ways fit.
    pub fn fitting(&self, board: &Board, p: usize, piece: &Piece, target: &[Cell]) -> Vec<Vec<u8>> {
        let target = Shape::new(target.to_vec());
        let Some((lo, _)) = target.bounds() else {
            return Vec::new();
        };
        let mut out: Vec<Vec<u8>> = Vec::new();
        for t in piece.moves.group(board.space()) {
            let moved: Vec<Cell> = piece.shape.cells().iter().map(|&c| t.apply(c)).collect();
            let mlo = moved.iter().fold([i32::MAX; 3], |m, c| {
                let v = c.coords();
                [m[0].min(v[0]), m[1].min(v[1]), m[2].min(v[2])]
            });
            let shift = Cell::new(lo[0] - mlo[0], lo[1] - mlo[1], lo[2] - mlo[2]);
            // The piece has as many cells as the target, all distinct: it
            // lies on the target exactly when each cell lands on it.
            let mut colours = vec![0u8; target.len()];
            let fits = piece.shape.len() == target.len()
                && moved.iter().zip(&self.pieces[p]).all(|(&c, &k)| {
                    let at = c.offset(shift);
                    let Ok(slot) = target.cells().binary_search(&at) else {
                        return false;
                    };
                    colours[slot] = k;
                    board
                        .index(at)
                        .is_some_and(|i| self.fits(k, self.board[i as usize]))
                });
            if fits && !out.contains(&colours) {
                out.push(colours);
            }
        }
        out
    }
}

/// An edge-matching puzzle's tiles and rules.
#[derive(Clone, Debug)]
pub struct Tiling {
    /// The `[[tile]]` entries, in the file's order.
    pub tiles: Vec<Tile>,
    /// When two touching edges match.
    pub matching: Matching,
    /// The label every edge facing the frame must carry (and no inner edge
    /// may), when set.
    pub border: Option<String>,
    /// Tiles may turn in the board's plane (`rotations = "plane"`, the
    /// default), or keep the orientation listed (`"none"`).
    pub turns: bool,
}

/// One square tile: its four edge labels as listed, top, right, bottom,
/// left, and its number of identical copies.
#[derive(Clone, Debug)]
pub struct Tile {
    pub name: String,
    pub edges: [String; 4],
    pub count: u32,
    /// Where the tile is fixed (a clue, like Eternity II's hint tiles),
    /// when it is; a fixed tile has count 1.
    pub fixed: Option<Fixed>,
}

/// A tile fixed in place: its position and its quarter turns clockwise
/// from its listed edges.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Fixed {
    pub at: Cell,
    pub rotation: u8,
}

/// When two touching edges match.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Matching {
    /// They carry the same label.
    Equal,
    /// `X+` touches `X-`.
    Complement,
}

impl Matching {
    /// The label an edge must touch to match one carrying `label`.
    pub fn partner(self, label: &str) -> String {
        match self {
            Matching::Equal => label.to_string(),
            Matching::Complement => {
                if let Some(stem) = label.strip_suffix('+') {
                    format!("{stem}-")
                } else if let Some(stem) = label.strip_suffix('-') {
                    format!("{stem}+")
                } else {
                    label.to_string()
                }
            }
        }
    }
}

/// How many copies of a piece the solution uses: exactly `min` when
/// `min == max`, otherwise anything in between.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Count {
    pub min: u32,
    pub max: u32,
}

impl Count {
    pub fn exactly(n: u32) -> Count {
        Count { min: n, max: n }
    }

    pub fn is_fixed(self) -> bool {
        self.min == self.max
    }
}

impl std::fmt::Display for Count {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.is_fixed() {
            write!(f, "{}", self.min)
        } else {
            write!(f, "{}..{}", self.min, self.max)
        }
    }
}

/// Whether every board cell must be covered.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Fill {
    /// Every board cell covered exactly once.
    Exact,
    /// Holes allowed, overlaps not.
    Partial,
}

impl Puzzle {
    /// Reads and validates a puzzle file: TOML, or a BurrTools
    /// `.xmpuzzle` (its first problem).
    pub fn load(path: &Path) -> Result<Puzzle, Error> {
        Puzzle::load_problem(path, None)
    }

    /// Reads a puzzle file; `problem` picks one of a BurrTools file's
    /// problems by number or name (a TOML file has one, so it refuses any
    /// choice but 0).
    pub fn load_problem(path: &Path, problem: Option<&str>) -> Result<Puzzle, Error> {
        let bytes = crate::input::read(path)?;
        let file = path.display().to_string();
        let stem = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| "puzzle".to_string());
        if burrtools::is_xmpuzzle(path, &bytes) {
            let file = burrtools::read(&bytes, &file)?;
            return Ok(file.puzzle(problem, &stem)?.cleaned());
        }
        if let Some(p) = problem.filter(|p| *p != "0") {
            return Err(Error::Usage(format!(
                "{file}: --problem {p}: a TOML file holds one puzzle (--problem is for BurrTools .xmpuzzle files)"
            )));
        }
        let text = String::from_utf8(bytes).map_err(|_| InputError {
            file: file.clone(),
            position: None,
            field: None,
            message:
                "the file is not UTF-8 text (a TOML puzzle or a BurrTools .xmpuzzle was expected)"
                    .into(),
        })?;
        Ok(Puzzle::parse(&text, &file, &stem)?)
    }

    /// Parses puzzle text; `file` names it in messages, `default_name` is
    /// the name when the file gives none.
    pub fn parse(text: &str, file: &str, default_name: &str) -> Result<Puzzle, InputError> {
        file::parse(text, file, default_name).map(Puzzle::cleaned)
    }

    /// The puzzle with every name and label made printable
    /// ([`crate::clean::name`]): a control character or a terminal escape
    /// in a downloaded puzzle's name is shown as `\u{1b}`, never sent to
    /// the terminal, a log or an SVG file; a glyph that is one becomes
    /// `?`. Done once, as the puzzle is read, so that every output —
    /// text, messages, SVG, JSON, the files of a split — gets the same
    /// clean names.
    ///
    /// Names and texts are cut to [`MAX_NAME`] and [`MAX_TEXT`]
    /// characters, saying their length where cut: a name of 100,000
    /// characters repeated in every line of an output made a gigabyte of
    /// it. Piece and tile names cut alike are told apart again by their
    /// number.
    pub fn cleaned(mut self) -> Puzzle {
        let clean =
            |s: &mut String| *s = crate::clean::cut_within(&crate::clean::name(s), MAX_NAME);
        let text = |s: &mut String| *s = crate::clean::cut_within(&crate::clean::text(s), MAX_TEXT);
        clean(&mut self.name);
        self.description.iter_mut().for_each(text);
        self.source.iter_mut().for_each(text);
        // Warnings were written while reading, with the names as given.
        self.warnings.iter_mut().for_each(text);
        match &mut self.kind {
            Kind::Pieces(pieces) => {
                for p in pieces {
                    clean(&mut p.name);
                    if crate::clean::name(&p.glyph.to_string()).chars().count() != 1 {
                        p.glyph = '?';
                    }
                }
            }
            Kind::Tiles(tiling) => {
                // Labels are matched, never cut: two cut alike would match.
                let label = |s: &mut String| *s = crate::clean::name(s);
                for t in &mut tiling.tiles {
                    clean(&mut t.name);
                    t.edges.iter_mut().for_each(label);
                }
                tiling.border.iter_mut().for_each(label);
            }
        }
        self.unique_names();
        self
    }

    /// Makes piece and tile names unique again after [`Puzzle::cleaned`]
    /// cut two long names to the same text: the later one gets `#N` (its
    /// 1-based number).
    fn unique_names(&mut self) {
        let names: Vec<&mut String> = match &mut self.kind {
            Kind::Pieces(pieces) => pieces.iter_mut().map(|p| &mut p.name).collect(),
            Kind::Tiles(tiling) => tiling.tiles.iter_mut().map(|t| &mut t.name).collect(),
        };
        let mut seen = std::collections::HashSet::new();
        for (i, name) in names.into_iter().enumerate() {
            if !seen.insert(name.clone()) {
                *name = format!("{name} #{}", i + 1);
                seen.insert(name.clone());
            }
        }
    }

    /// The pieces of a packing puzzle; none for a tile puzzle.
    pub fn pieces(&self) -> &[Piece] {
        match &self.kind {
            Kind::Pieces(pieces) => pieces,
            Kind::Tiles(_) => &[],
        }
    }

    /// The tiles and rules of an edge-matching puzzle.
    pub fn tiling(&self) -> Option<&Tiling> {
        match &self.kind {
            Kind::Pieces(_) => None,
            Kind::Tiles(tiling) => Some(tiling),
        }
    }

    /// Cells all pieces cover when each is used `count.min` / `count.max`
    /// times.
    pub fn piece_area_range(&self) -> (usize, usize) {
        self.pieces().iter().fold((0, 0), |(lo, hi), p| {
            (
                lo + p.shape.len() * p.count.min as usize,
                hi + p.shape.len() * p.count.max as usize,
            )
        })
    }

    /// Whether the board is one layer thick: a flat puzzle, whose pieces
    /// only take the motions that keep them in that layer.
    pub fn is_flat(&self) -> bool {
        self.board.is_flat()
    }

    /// Whether board cell `index` must be covered: under exact fill, every
    /// cell but the optional ones.
    pub fn must_cover(&self, index: u32) -> bool {
        self.fill == Fill::Exact && self.optional.binary_search(&index).is_err()
    }

    /// The puzzle as jigsat TOML, or why TOML cannot say it.
    pub fn to_toml(&self) -> Result<String, String> {
        write::toml(self)
    }

    /// The puzzle as BurrTools XML (one problem), or why it cannot say it.
    pub fn to_xmpuzzle(&self) -> Result<String, String> {
        write::xmpuzzle(self)
    }

    /// Feeds everything that defines the puzzle (board cells, fill, pieces
    /// or tiles with their counts and moves, the rules) to `h`: the
    /// puzzle's part of a DIMACS fingerprint.
    pub fn hash_into(&self, h: &mut Fnv64) {
        let cells = |h: &mut Fnv64, cells: &[crate::geometry::Cell]| {
            h.word(cells.len() as u64);
            for c in cells {
                for k in c.coords() {
                    h.word(k as u32 as u64);
                }
            }
        };
        cells(h, self.board.cells());
        h.str(match self.fill {
            Fill::Exact => "exact",
            Fill::Partial => "partial",
        });
        // Only puzzles with optional cells or colours add words, so other
        // fingerprints stay as they were.
        if !self.optional.is_empty() {
            h.str("optional");
            self.optional.iter().for_each(|&i| h.word(u64::from(i)));
        }
        if let Some(c) = &self.colours {
            h.str(&format!("colours {c:?}"));
        }
        if let Kind::Tiles(tiling) = &self.kind {
            h.word(tiling.tiles.len() as u64);
            for tile in &tiling.tiles {
                h.str(&tile.name);
                tile.edges.iter().for_each(|e| h.str(e));
                h.word(tile.count.into());
                // Only clues add words, so unclued fingerprints stay as they were.
                if let Some(f) = tile.fixed {
                    h.str(&format!("at {} {} turned {}", f.at.x, f.at.y, f.rotation));
                }
            }
            h.str(&format!(
                "{:?} {:?} {}",
                tiling.matching, tiling.border, tiling.turns
            ));
        }
        h.word(self.pieces().len() as u64);
        for piece in self.pieces() {
            h.str(&piece.name);
            cells(h, piece.shape.cells());
            h.word(u64::from(piece.count.min));
            h.word(u64::from(piece.count.max));
            h.str(&format!("{:?}", piece.moves.rotations));
            h.word(u64::from(piece.moves.mirror));
        }
    }
}
