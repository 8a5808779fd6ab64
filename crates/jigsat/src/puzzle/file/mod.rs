//! Reading a puzzle file: TOML -> raw serde structs -> validated [`Puzzle`].
//!
//! serde and `toml` catch the syntax, unknown keys and wrong types (with
//! `serde_path_to_error` naming the field); the checks that need more than
//! one value at a time — an empty shape, a duplicate name, areas that cannot
//! add up — happen in [`build`], using `Spanned` fields to point at the line.

mod shape;
mod tiles;

use std::collections::HashMap;
use std::fmt;
use std::ops::Range;

use serde::Deserialize;
use serde::de::{self, Visitor};
use toml::Spanned;

use super::{Count, Fill, Kind, MAX_BOARD_CELLS, Piece, Puzzle, art};
use crate::error::InputError;
use crate::geometry::{Board, Cell, Lattice, Moves, Rotations};
use shape::{GivenShape, listed_cells, shape_from};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPuzzle {
    name: Option<String>,
    description: Option<String>,
    source: Option<String>,
    board: Spanned<RawShape>,
    #[serde(default)]
    rules: RawRules,
    #[serde(default)]
    piece: Vec<Spanned<RawPiece>>,
    #[serde(default)]
    tile: Vec<Spanned<RawTile>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTile {
    name: Spanned<String>,
    edges: Spanned<Vec<String>>,
    count: Option<Spanned<i64>>,
    at: Option<Spanned<Vec<i64>>>,
    rotation: Option<Spanned<i64>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawShape {
    /// The lattice: one of [`Lattice::NAMES`], "squares" (squares and
    /// cubes) when not given.
    grid: Option<Spanned<String>>,
    size: Option<Spanned<Vec<i64>>>,
    shape: Option<Spanned<String>>,
    cells: Option<Spanned<Vec<Vec<i64>>>>,
    /// Board cells that may stay empty (with `size` or `cells`; board art
    /// marks them `?`).
    optional: Option<Spanned<Vec<Vec<i64>>>>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawRules {
    rotations: Option<Spanned<String>>,
    mirror: Option<bool>,
    fill: Option<Spanned<String>>,
    #[serde(rename = "match")]
    matching: Option<Spanned<String>>,
    border: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPiece {
    name: Spanned<String>,
    count: Option<Spanned<Count>>,
    glyph: Option<Spanned<String>>,
    rotations: Option<Spanned<String>>,
    mirror: Option<bool>,
    /// The board's grid, said again (a piece on another grid is refused).
    grid: Option<Spanned<String>>,
    size: Option<Spanned<Vec<i64>>>,
    shape: Option<Spanned<String>>,
    cells: Option<Spanned<Vec<Vec<i64>>>>,
}

/// `count = 3` or `count = "0..2"` (both ends included).
impl<'de> Deserialize<'de> for Count {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<Count, D::Error> {
        struct CountVisitor;
        impl Visitor<'_> for CountVisitor {
            type Value = Count;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a whole number of copies, or a range like \"0..2\"")
            }
            fn visit_i64<E: de::Error>(self, n: i64) -> Result<Count, E> {
                if !(1..=u32::MAX as i64).contains(&n) {
                    return Err(E::custom(format!(
                        "count must be at least 1, not {n} (use a range like \"0..1\" for an optional piece)"
                    )));
                }
                Ok(Count::exactly(n as u32))
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Count, E> {
                let bad = || {
                    E::custom(format!(
                        "count \"{s}\" is not a range: expected \"MIN..MAX\" with MIN <= MAX, like \"0..2\""
                    ))
                };
                let (lo, hi) = s.split_once("..").ok_or_else(bad)?;
                let hi = hi.strip_prefix('=').unwrap_or(hi);
                let lo: u32 = lo.trim().parse().map_err(|_| bad())?;
                let hi: u32 = hi.trim().parse().map_err(|_| bad())?;
                if lo > hi || hi == 0 {
                    return Err(bad());
                }
                Ok(Count { min: lo, max: hi })
            }
        }
        d.deserialize_any(CountVisitor)
    }
}

/// Builds errors that point into one file.
struct Source<'a> {
    text: &'a str,
    file: &'a str,
}

impl Source<'_> {
    fn position(&self, offset: usize) -> (usize, usize) {
        let before = &self.text[..offset.min(self.text.len())];
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        (line, column)
    }

    fn error(
        &self,
        span: Option<Range<usize>>,
        field: &str,
        message: impl Into<String>,
    ) -> InputError {
        InputError {
            file: self.file.to_string(),
            position: span.map(|s| self.position(s.start)),
            field: (!field.is_empty()).then(|| field.to_string()),
            message: message.into(),
        }
    }
}

pub(super) fn parse(text: &str, file: &str, default_name: &str) -> Result<Puzzle, InputError> {
    let src = Source { text, file };
    let raw: RawPuzzle = deserialize(&src)?;
    build(&src, raw, default_name)
}

fn deserialize(src: &Source) -> Result<RawPuzzle, InputError> {
    let de = toml::de::Deserializer::parse(src.text)
        .map_err(|e| src.error(e.span(), "", e.message().trim_end()))?;
    serde_path_to_error::deserialize(de).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner();
        let field = if path == "." { "" } else { path.as_str() };
        let field = field.replace(".$__serde_spanned_private_value", "");
        src.error(inner.span(), &field, inner.message().trim_end())
    })
}

/// A validated puzzle from the raw file: the kind (pieces or tiles) is
/// settled first, then a packing puzzle is checked in the order the file
/// reads — board, rules, pieces, fill — so the first mistake is the one
/// reported.
fn build(src: &Source, raw: RawPuzzle, default_name: &str) -> Result<Puzzle, InputError> {
    if !raw.tile.is_empty() && !raw.piece.is_empty() {
        return Err(src.error(
            Some(raw.tile[0].span()),
            "tile",
            "a puzzle holds [[piece]] entries or [[tile]] entries, never both",
        ));
    }
    if !raw.tile.is_empty() {
        return tiles::build_tiles(src, raw, default_name);
    }
    if raw.piece.is_empty() {
        return Err(src.error(
            None,
            "piece",
            "the puzzle has no pieces: add [[piece]] entries (name and shape)",
        ));
    }
    reject_tile_rules(src, &raw.rules)?;

    let board_span = raw.board.span();
    let (board, optional) = packing_board(src, raw.board)?;
    let default_moves = Moves {
        rotations: rotations(src, "rules.rotations", &raw.rules.rotations, &board)?
            .unwrap_or_default(),
        mirror: raw.rules.mirror.unwrap_or(false),
    };
    let mut warnings = Vec::new();
    let pieces = pieces_from(src, raw.piece, default_moves, &board, &mut warnings)?;

    let given_fill = fill_from(src, &raw.rules.fill)?;
    let fill_span = raw.rules.fill.as_ref().map_or(board_span, |f| f.span());
    let required = board.len() - optional.len();
    let fill = choose_fill(src, fill_span, given_fill, (required, board.len()), &pieces)?;
    Ok(Puzzle {
        name: raw.name.unwrap_or_else(|| default_name.to_string()),
        description: raw.description,
        source: raw.source,
        board,
        fill,
        optional,
        colours: None,
        kind: Kind::Pieces(pieces),
        warnings,
    })
}

/// `match` and `border` describe how tile edges meet; a `[[piece]]`
/// puzzle has no edges, so either rule there is a mistake, not a no-op.
fn reject_tile_rules(src: &Source, rules: &RawRules) -> Result<(), InputError> {
    for (key, value) in [("match", &rules.matching), ("border", &rules.border)] {
        if let Some(v) = value {
            return Err(src.error(
                Some(v.span()),
                &format!("rules.{key}"),
                format!("`{key}` is a rule for edge-matching [[tile]] puzzles, not for [[piece]] puzzles"),
            ));
        }
    }
    Ok(())
}

/// The board of a `[[piece]]` puzzle, within the tool's limits: at most
/// [`MAX_BOARD_CELLS`] cells (beyond that the placements alone would not
/// fit in memory), and a bounding box the board's lookup can span (see
/// [`board_within_box`]).
fn packing_board(src: &Source, raw: Spanned<RawShape>) -> Result<(Board, Vec<u32>), InputError> {
    let board_span = raw.span();
    let mut raw = raw.into_inner();
    let lattice = grid_from(src, "board.grid", &raw.grid)?;
    let listed = raw.optional.take();
    let marked = raw.shape.as_ref().map(|art_text| {
        let cells = art::marked_on(lattice, art_text.get_ref(), '?');
        (art_text.span(), cells.unwrap_or_default())
    });
    let given = shape_from(src, "board", board_span.clone(), raw.into_parts(), lattice)?;
    if given.shape.len() > MAX_BOARD_CELLS {
        return Err(src.error(
            Some(board_span),
            "board",
            format!(
                "the board has {} cells; jigsat handles at most {MAX_BOARD_CELLS}",
                given.shape.len()
            ),
        ));
    }
    let board = board_within_box(src, given, lattice)?;
    let optional = optional_cells(src, &board, listed, marked)?;
    Ok((board, optional))
}

/// The board cells that may stay empty: `?` in the board's art, or the
/// `optional` list (with `size` or `cells`), each a board cell.
fn optional_cells(
    src: &Source,
    board: &Board,
    listed: Option<Spanned<Vec<Vec<i64>>>>,
    marked: Option<(Range<usize>, Vec<Cell>)>,
) -> Result<Vec<u32>, InputError> {
    let (span, field, cells) = match (listed, marked) {
        (Some(list), Some(_)) => {
            return Err(src.error(
                Some(list.span()),
                "board.optional",
                "with board art, mark the cells that may stay empty `?` instead of listing them",
            ));
        }
        (Some(list), None) => listed_cells(src, "board.optional".into(), list, board.lattice())?,
        (None, Some((span, cells))) => (span, "board.shape".to_string(), cells),
        (None, None) => return Ok(Vec::new()),
    };
    let mut optional = Vec::with_capacity(cells.len());
    for c in cells {
        let Some(i) = board.index(c) else {
            return Err(src.error(
                Some(span),
                &field,
                format!("optional cell {c} is not on the board"),
            ));
        };
        optional.push(i);
    }
    optional.sort_unstable();
    Ok(optional)
}

/// The board of a shape whose bounding box spans at most
/// `geometry::board::MAX_BOARD_SLOTS` slots: the
/// board's lookup is dense over that box, so a few cells far apart
/// (`cells = [[0, 0, 0], [10000, 10000, 10000]]`) would otherwise ask for
/// 10^12 slots and abort the process. Reported at the field that gave the
/// cells.
fn board_within_box(
    src: &Source,
    given: GivenShape,
    lattice: Lattice,
) -> Result<Board, InputError> {
    Board::on(lattice, given.shape)
        .map_err(|e| src.error(Some(given.span), &given.field, e.to_string()))
}

/// The `grid` a board (or a piece) names: one of [`Lattice::NAMES`],
/// squares when not given.
fn grid_from(
    src: &Source,
    field: &str,
    given: &Option<Spanned<String>>,
) -> Result<Lattice, InputError> {
    let Some(g) = given else {
        return Ok(Lattice::Cubic);
    };
    Lattice::NAMES
        .iter()
        .find(|(name, _)| *name == g.get_ref().as_str())
        .map(|&(_, lattice)| lattice)
        .ok_or_else(|| {
            let names: Vec<String> = Lattice::NAMES
                .iter()
                .map(|(n, _)| format!("\"{n}\""))
                .collect();
            let (last, rest) = names.split_last().expect("some grids");
            let expected = format!("{} or {last}", rest.join(", "));
            src.error(
                Some(g.span()),
                field,
                format!("expected {expected}, not \"{}\"", g.get_ref()),
            )
        })
}

/// The `[[piece]]` entries in file order, each with a unique name (names
/// are how solutions and renderings refer to pieces), a glyph, its moves
/// (the `[rules]` defaults unless it overrides them), a count and a
/// normalized shape. A disconnected shape is allowed, with a warning.
fn pieces_from(
    src: &Source,
    raw: Vec<Spanned<RawPiece>>,
    default_moves: Moves,
    board: &Board,
    warnings: &mut Vec<String>,
) -> Result<Vec<Piece>, InputError> {
    let mut pieces: Vec<Piece> = Vec::with_capacity(raw.len());
    let mut names: HashMap<String, usize> = HashMap::new();
    for (i, spanned) in raw.into_iter().enumerate() {
        let span = spanned.span();
        let p = spanned.into_inner();
        let name = unique_name(src, "piece", i, &p.name, &mut names)?;
        let glyph = glyph_from(src, i, &p.glyph, &name)?;
        let moves = Moves {
            rotations: rotations(src, &format!("piece[{i}].rotations"), &p.rotations, board)?
                .unwrap_or(default_moves.rotations),
            mirror: p.mirror.unwrap_or(default_moves.mirror),
        };
        let count = p.count.as_ref().map_or(Count::exactly(1), |c| *c.get_ref());
        let lattice = board.lattice();
        let field = format!("piece[{i}].grid");
        if let Some(g) = &p.grid
            && grid_from(src, &field, &p.grid)? != lattice
        {
            return Err(src.error(
                Some(g.span()),
                &field,
                format!(
                    "the piece is on {} but the board on {}: every piece lies on the board's grid",
                    g.get_ref(),
                    lattice.name()
                ),
            ));
        }
        let parts = (p.size, p.shape, p.cells);
        let given = shape_from(src, &format!("piece[{i}]"), span, parts, lattice)?;
        let shape = lattice.normalize(given.shape.cells().to_vec());
        if !lattice.is_connected(&shape) {
            warnings.push(format!(
                "{}: piece \"{name}\" is not connected (allowed, but unusual)",
                src.file
            ));
        }
        pieces.push(Piece {
            name,
            glyph,
            shape,
            count,
            moves,
            images: Default::default(),
        });
    }
    Ok(pieces)
}

/// The trimmed name of entry `i` of `kind` ("piece" or "tile"), which
/// must be non-empty and not used by an earlier entry: solutions and
/// renderings refer to entries by name. Records it in `names`.
fn unique_name(
    src: &Source,
    kind: &str,
    i: usize,
    given: &Spanned<String>,
    names: &mut HashMap<String, usize>,
) -> Result<String, InputError> {
    let field = format!("{kind}[{i}].name");
    let name = given.get_ref().trim().to_string();
    if name.is_empty() {
        return Err(src.error(
            Some(given.span()),
            &field,
            format!("a {kind} needs a non-empty name"),
        ));
    }
    if let Some(&j) = names.get(&name) {
        return Err(src.error(
            Some(given.span()),
            &field,
            format!("duplicate {kind} name \"{name}\" (already used by {kind}[{j}]); names must be unique"),
        ));
    }
    names.insert(name.clone(), i);
    Ok(name)
}

/// The character that draws piece `i` in text renderings: the given
/// `glyph`, which must be one visible character other than '.' (the
/// renderings' empty cell), or else the name's first character.
fn glyph_from(
    src: &Source,
    i: usize,
    glyph: &Option<Spanned<String>>,
    name: &str,
) -> Result<char, InputError> {
    let Some(g) = glyph else {
        return Ok(name.chars().next().expect("name is not empty"));
    };
    let mut chars = g.get_ref().chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if !c.is_whitespace() && c != '.' => Ok(c),
        _ => Err(src.error(
            Some(g.span()),
            &format!("piece[{i}].glyph"),
            "a glyph is a single visible character other than '.'",
        )),
    }
}

/// The `fill` rule as written, if any: one of two words. Whether it suits
/// the areas is [`choose_fill`]'s check.
fn fill_from(src: &Source, fill: &Option<Spanned<String>>) -> Result<Option<Fill>, InputError> {
    let Some(f) = fill else { return Ok(None) };
    match f.get_ref().as_str() {
        "exact" => Ok(Some(Fill::Exact)),
        "partial" => Ok(Some(Fill::Partial)),
        other => Err(src.error(
            Some(f.span()),
            "rules.fill",
            format!("expected \"exact\" or \"partial\", not \"{other}\""),
        )),
    }
}

/// A `rotations` value, which must be one of three words and may be
/// "plane" only on a flat board.
fn rotations(
    src: &Source,
    field: &str,
    value: &Option<Spanned<String>>,
    board: &Board,
) -> Result<Option<Rotations>, InputError> {
    let Some(value) = value else { return Ok(None) };
    let r = match value.get_ref().as_str() {
        "space" => Rotations::Space,
        "plane" => Rotations::Plane,
        "none" => Rotations::None,
        other => {
            return Err(src.error(
                Some(value.span()),
                field,
                format!("expected \"space\", \"plane\" or \"none\", not \"{other}\""),
            ));
        }
    };
    if r == Rotations::Plane && !board.is_flat() {
        return Err(src.error(
            Some(value.span()),
            field,
            "rotations = \"plane\" needs a flat board, but this board has several layers; use \"space\" or \"none\"",
        ));
    }
    Ok(Some(r))
}

/// The contract's default: exact when the areas are equal, partial when the
/// pieces cover less; larger is an error unless some count is a range.
/// With optional cells, `areas` is (cells that must be covered, all
/// cells), and "equal" means anywhere between.
fn choose_fill(
    src: &Source,
    span: Range<usize>,
    given: Option<Fill>,
    areas: (usize, usize),
    pieces: &[Piece],
) -> Result<Fill, InputError> {
    let (required, area) = areas;
    let (lo, hi) = pieces.iter().fold((0usize, 0usize), |(lo, hi), p| {
        (
            lo + p.shape.len() * p.count.min as usize,
            hi + p.shape.len() * p.count.max as usize,
        )
    });
    let areas = if lo == hi {
        format!("the pieces cover {lo} cells")
    } else {
        format!("the pieces cover {lo} to {hi} cells")
    };
    let fail = |msg: String| Err(src.error(Some(span.clone()), "rules.fill", msg));
    if lo > area {
        return fail(format!(
            "the areas cannot add up: {areas} but the board has only {area}"
        ));
    }
    match given {
        Some(Fill::Exact) if hi < required => fail(format!(
            "the areas cannot add up: fill = \"exact\" but {areas} and the board has {required} cells to cover (use fill = \"partial\" to allow holes)"
        )),
        Some(fill) => Ok(fill),
        None if hi < required => Ok(Fill::Partial),
        None => Ok(Fill::Exact),
    }
}
