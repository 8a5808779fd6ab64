//! Reading a puzzle file: TOML -> raw serde structs -> validated [`Puzzle`].
//!
//! serde and `toml` catch the syntax, unknown keys and wrong types (with
//! `serde_path_to_error` naming the field); the checks that need more than
//! one value at a time — an empty shape, a duplicate name, areas that cannot
//! add up — happen in [`build`], using `Spanned` fields to point at the line.

use std::collections::HashMap;
use std::fmt;
use std::ops::Range;

use serde::Deserialize;
use serde::de::{self, Visitor};
use toml::Spanned;

use super::{
    Count, Fill, MAX_BOARD_CELLS, MAX_COORDINATE, Matching, Piece, Puzzle, Tile, Tiling, art,
};
use crate::error::InputError;
use crate::geometry::{Board, Cell, Moves, Rotations, Shape};

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
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawShape {
    size: Option<Spanned<Vec<i64>>>,
    shape: Option<Spanned<String>>,
    cells: Option<Spanned<Vec<Vec<i64>>>>,
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

fn build(src: &Source, raw: RawPuzzle, default_name: &str) -> Result<Puzzle, InputError> {
    let mut warnings = Vec::new();
    if !raw.tile.is_empty() && !raw.piece.is_empty() {
        return Err(src.error(
            Some(raw.tile[0].span()),
            "tile",
            "a puzzle holds [[piece]] entries or [[tile]] entries, never both",
        ));
    }
    if !raw.tile.is_empty() {
        return build_tiles(src, raw, default_name);
    }
    if raw.piece.is_empty() {
        return Err(src.error(
            None,
            "piece",
            "the puzzle has no pieces: add [[piece]] entries (name and shape)",
        ));
    }
    for (key, value) in [
        ("match", &raw.rules.matching),
        ("border", &raw.rules.border),
    ] {
        if let Some(v) = value {
            return Err(src.error(
                Some(v.span()),
                &format!("rules.{key}"),
                format!("`{key}` is a rule for edge-matching [[tile]] puzzles, not for [[piece]] puzzles"),
            ));
        }
    }

    let board_span = raw.board.span();
    let board_shape = shape_from(
        src,
        "board",
        board_span.clone(),
        raw.board.into_inner().into_parts(),
    )?;
    if board_shape.len() > MAX_BOARD_CELLS {
        return Err(src.error(
            Some(board_span),
            "board",
            format!(
                "the board has {} cells; jigsat handles at most {MAX_BOARD_CELLS}",
                board_shape.len()
            ),
        ));
    }
    let board = Board::new(board_shape);

    let default_moves = Moves {
        rotations: rotations(src, "rules.rotations", &raw.rules.rotations, &board)?
            .unwrap_or_default(),
        mirror: raw.rules.mirror.unwrap_or(false),
    };

    let mut pieces: Vec<Piece> = Vec::new();
    let mut names: HashMap<String, usize> = HashMap::new();
    for (i, spanned) in raw.piece.into_iter().enumerate() {
        let span = spanned.span();
        let p = spanned.into_inner();
        let field = |f: &str| format!("piece[{i}].{f}");
        let name = p.name.get_ref().trim().to_string();
        if name.is_empty() {
            return Err(src.error(
                Some(p.name.span()),
                &field("name"),
                "a piece needs a non-empty name",
            ));
        }
        if let Some(&j) = names.get(&name) {
            return Err(src.error(
                Some(p.name.span()),
                &field("name"),
                format!("duplicate piece name \"{name}\" (already used by piece[{j}]); names must be unique"),
            ));
        }
        names.insert(name.clone(), i);
        let glyph = match &p.glyph {
            Some(g) => {
                let mut chars = g.get_ref().chars();
                match (chars.next(), chars.next()) {
                    (Some(c), None) if !c.is_whitespace() && c != '.' => c,
                    _ => {
                        return Err(src.error(
                            Some(g.span()),
                            &field("glyph"),
                            "a glyph is a single visible character other than '.'",
                        ));
                    }
                }
            }
            None => name.chars().next().expect("name is not empty"),
        };
        let moves = Moves {
            rotations: rotations(src, &field("rotations"), &p.rotations, &board)?
                .unwrap_or(default_moves.rotations),
            mirror: p.mirror.unwrap_or(default_moves.mirror),
        };
        let count = p.count.as_ref().map_or(Count::exactly(1), |c| *c.get_ref());
        let shape = shape_from(
            src,
            &format!("piece[{i}]"),
            span,
            (p.size, p.shape, p.cells),
        )?
        .normalized();
        if !shape.is_connected() {
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
        });
    }

    let given_fill = match &raw.rules.fill {
        None => None,
        Some(f) => Some(match f.get_ref().as_str() {
            "exact" => Fill::Exact,
            "partial" => Fill::Partial,
            other => {
                return Err(src.error(
                    Some(f.span()),
                    "rules.fill",
                    format!("expected \"exact\" or \"partial\", not \"{other}\""),
                ));
            }
        }),
    };
    let fill_span = raw.rules.fill.as_ref().map_or(board_span, |f| f.span());
    let fill = choose_fill(src, fill_span, given_fill, &board, &pieces)?;
    Ok(Puzzle {
        name: raw.name.unwrap_or_else(|| default_name.to_string()),
        description: raw.description,
        source: raw.source,
        board,
        pieces,
        fill,
        tiling: None,
        warnings,
    })
}

/// Most cells an edge-matching board may have (Eternity II has 256).
pub const MAX_TILE_CELLS: usize = 10_000;

/// An edge-matching puzzle: a flat board and `[[tile]]` entries.
fn build_tiles(src: &Source, raw: RawPuzzle, default_name: &str) -> Result<Puzzle, InputError> {
    for (key, given) in [
        ("fill", raw.rules.fill.as_ref().map(|f| f.span())),
        ("mirror", raw.rules.mirror.map(|_| 0..0)),
    ] {
        if given.is_some() {
            let span = given.filter(|s| !s.is_empty());
            return Err(src.error(
                span,
                &format!("rules.{key}"),
                format!(
                    "`{key}` is a rule for [[piece]] puzzles; tiles fill the board and never flip"
                ),
            ));
        }
    }
    let board_span = raw.board.span();
    let shape = shape_from(
        src,
        "board",
        board_span.clone(),
        raw.board.into_inner().into_parts(),
    )?;
    if !shape.is_flat() {
        return Err(src.error(
            Some(board_span),
            "board",
            "an edge-matching board is flat: give `size = [width, height]`",
        ));
    }
    if shape.len() > MAX_TILE_CELLS {
        return Err(src.error(
            Some(board_span),
            "board",
            format!(
                "the board has {} cells; jigsat handles edge-matching boards of at most {MAX_TILE_CELLS}",
                shape.len()
            ),
        ));
    }
    let board = Board::new(shape);
    let matching = match &raw.rules.matching {
        None => Matching::Equal,
        Some(m) => match m.get_ref().as_str() {
            "equal" => Matching::Equal,
            "complement" => Matching::Complement,
            other => {
                return Err(src.error(
                    Some(m.span()),
                    "rules.match",
                    format!("expected \"equal\" or \"complement\", not \"{other}\""),
                ));
            }
        },
    };
    let turns = match &raw.rules.rotations {
        None => true,
        Some(r) => match r.get_ref().as_str() {
            "plane" => true,
            "none" => false,
            other => {
                return Err(src.error(
                    Some(r.span()),
                    "rules.rotations",
                    format!("tiles turn in the board's plane: expected \"plane\" or \"none\", not \"{other}\""),
                ));
            }
        },
    };
    let border = match &raw.rules.border {
        None => None,
        Some(b) if b.get_ref().trim().is_empty() => {
            return Err(src.error(
                Some(b.span()),
                "rules.border",
                "the border label must not be empty",
            ));
        }
        Some(b) => Some(b.get_ref().clone()),
    };

    let mut tiles = Vec::with_capacity(raw.tile.len());
    let mut names: HashMap<String, usize> = HashMap::new();
    for (i, spanned) in raw.tile.into_iter().enumerate() {
        let t = spanned.into_inner();
        let field = |f: &str| format!("tile[{i}].{f}");
        let name = t.name.get_ref().trim().to_string();
        if name.is_empty() {
            return Err(src.error(
                Some(t.name.span()),
                &field("name"),
                "a tile needs a non-empty name",
            ));
        }
        if let Some(&j) = names.get(&name) {
            return Err(src.error(
                Some(t.name.span()),
                &field("name"),
                format!("duplicate tile name \"{name}\" (already used by tile[{j}]); names must be unique"),
            ));
        }
        names.insert(name.clone(), i);
        let list = t.edges.get_ref();
        if list.len() != 4 {
            return Err(src.error(
                Some(t.edges.span()),
                &field("edges"),
                format!(
                    "expected four labels (top, right, bottom, left), not {}",
                    list.len()
                ),
            ));
        }
        for (k, label) in list.iter().enumerate() {
            if label.trim().is_empty() || label.trim() != label {
                return Err(src.error(
                    Some(t.edges.span()),
                    &format!("tile[{i}].edges[{k}]"),
                    "an edge label must be non-empty, without leading or trailing spaces",
                ));
            }
            let stem = label.strip_suffix(['+', '-']);
            if matching == Matching::Complement
                && border.as_deref() != Some(label.as_str())
                && stem.is_none_or(str::is_empty)
            {
                return Err(src.error(
                    Some(t.edges.span()),
                    &format!("tile[{i}].edges[{k}]"),
                    format!(
                        "under match = \"complement\" a label ends in '+' or '-' after a name (like \"lion+\"), not \"{label}\""
                    ),
                ));
            }
        }
        let count = match &t.count {
            None => 1,
            Some(c) if (1..=MAX_TILE_CELLS as i64).contains(c.get_ref()) => *c.get_ref() as u32,
            Some(c) => {
                return Err(src.error(
                    Some(c.span()),
                    &field("count"),
                    format!(
                        "a tile's count is a whole number of copies from 1 to {MAX_TILE_CELLS}, not {}",
                        c.get_ref()
                    ),
                ));
            }
        };
        tiles.push(Tile {
            name,
            edges: [0, 1, 2, 3].map(|k| list[k].clone()),
            count,
        });
    }
    // Two entries that look alike are one tile listed twice: solutions
    // swapping them would count as different. Allowed, but worth a word.
    let mut warnings = Vec::new();
    for (j, b) in tiles.iter().enumerate() {
        let turns = if turns { 4 } else { 1 };
        if let Some(a) = tiles[..j]
            .iter()
            .find(|a| (0..turns).any(|r| crate::edges::turned(&a.edges, r) == b.edges))
        {
            warnings.push(format!(
                "{}: tiles \"{}\" and \"{}\" look alike; solutions that swap them count as different (give one entry with a count instead)",
                src.file, a.name, b.name
            ));
        }
    }
    let total: usize = tiles.iter().map(|t| t.count as usize).sum();
    if total != board.len() {
        return Err(src.error(
            Some(board_span),
            "board",
            format!(
                "the tiles cannot fill the board: {total} tiles for {} positions (every position takes one tile)",
                board.len()
            ),
        ));
    }
    Ok(Puzzle {
        name: raw.name.unwrap_or_else(|| default_name.to_string()),
        description: raw.description,
        source: raw.source,
        board,
        pieces: Vec::new(),
        fill: Fill::Exact,
        tiling: Some(Tiling {
            tiles,
            matching,
            border,
            turns,
        }),
        warnings,
    })
}

type ShapeParts = (
    Option<Spanned<Vec<i64>>>,
    Option<Spanned<String>>,
    Option<Spanned<Vec<Vec<i64>>>>,
);

impl RawShape {
    fn into_parts(self) -> ShapeParts {
        (self.size, self.shape, self.cells)
    }
}

/// A shape from exactly one of `size`, `shape` (ASCII art) or `cells`.
fn shape_from(
    src: &Source,
    owner: &str,
    owner_span: Range<usize>,
    parts: ShapeParts,
) -> Result<Shape, InputError> {
    let (size, art_text, cells) = parts;
    let given = [size.is_some(), art_text.is_some(), cells.is_some()];
    if given.iter().filter(|&&g| g).count() != 1 {
        let what = if given.contains(&true) {
            "only one of"
        } else {
            "one of"
        };
        return Err(src.error(
            Some(owner_span),
            owner,
            format!(
                "give {what} `size` (a box), `shape` (ASCII art) or `cells` (a list of [x, y, z])"
            ),
        ));
    }
    let (span, field, cells) = if let Some(size) = size {
        let field = format!("{owner}.size");
        let dims = size.get_ref();
        let ok = (2..=3).contains(&dims.len())
            && dims.iter().all(|&d| (1..=MAX_COORDINATE).contains(&d));
        if !ok {
            return Err(src.error(
                Some(size.span()),
                &field,
                format!("expected [width, height] or [width, height, depth], each from 1 to {MAX_COORDINATE}"),
            ));
        }
        let volume: i64 = dims.iter().product();
        if volume > MAX_BOARD_CELLS as i64 {
            return Err(src.error(
                Some(size.span()),
                &field,
                format!("{volume} cells is more than the {MAX_BOARD_CELLS} jigsat handles"),
            ));
        }
        let depth = dims.get(2).copied().unwrap_or(1) as i32;
        let (w, h) = (dims[0] as i32, dims[1] as i32);
        let cells = (0..depth)
            .flat_map(|z| (0..h).flat_map(move |y| (0..w).map(move |x| Cell::new(x, y, z))))
            .collect();
        (size.span(), field, cells)
    } else if let Some(text) = art_text {
        let cells = art::parse(text.get_ref());
        (text.span(), format!("{owner}.shape"), cells)
    } else {
        let list = cells.expect("exactly one part is given");
        let field = format!("{owner}.cells");
        let mut out = Vec::with_capacity(list.get_ref().len());
        for (k, c) in list.get_ref().iter().enumerate() {
            let ok = (2..=3).contains(&c.len()) && c.iter().all(|v| v.abs() <= MAX_COORDINATE);
            if !ok {
                return Err(src.error(
                    Some(list.span()),
                    &format!("{field}[{k}]"),
                    format!(
                        "expected [x, y] or [x, y, z] with coordinates within ±{MAX_COORDINATE}"
                    ),
                ));
            }
            out.push(Cell::new(
                c[0] as i32,
                c[1] as i32,
                c.get(2).copied().unwrap_or(0) as i32,
            ));
        }
        let unique = Shape::new(out.clone()).len();
        if unique != out.len() {
            return Err(src.error(Some(list.span()), &field, "a cell is listed more than once"));
        }
        (list.span(), field, out)
    };
    if cells.is_empty() {
        return Err(src.error(
            Some(span),
            &field,
            "the shape is empty: it needs at least one cell",
        ));
    }
    Ok(Shape::new(cells))
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
fn choose_fill(
    src: &Source,
    span: Range<usize>,
    given: Option<Fill>,
    board: &Board,
    pieces: &[Piece],
) -> Result<Fill, InputError> {
    let (lo, hi) = pieces.iter().fold((0usize, 0usize), |(lo, hi), p| {
        (
            lo + p.shape.len() * p.count.min as usize,
            hi + p.shape.len() * p.count.max as usize,
        )
    });
    let area = board.len();
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
        Some(Fill::Exact) if hi < area => fail(format!(
            "the areas cannot add up: fill = \"exact\" but {areas} and the board has {area} (use fill = \"partial\" to allow holes)"
        )),
        Some(fill) => Ok(fill),
        None if hi < area => Ok(Fill::Partial),
        None => Ok(Fill::Exact),
    }
}
