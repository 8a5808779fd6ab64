//! The cells of a board or piece as the file gives them: a box (`size`),
//! ASCII art (`shape`) or a list (`cells`), exactly one of the three.

use std::ops::Range;

use toml::Spanned;

use super::{RawShape, Source};
use crate::error::InputError;
use crate::geometry::{Cell, Shape};
use crate::puzzle::{MAX_BOARD_CELLS, MAX_COORDINATE, art};

pub(super) type ShapeParts = (
    Option<Spanned<Vec<i64>>>,
    Option<Spanned<String>>,
    Option<Spanned<Vec<Vec<i64>>>>,
);

impl RawShape {
    pub(super) fn into_parts(self) -> ShapeParts {
        (self.size, self.shape, self.cells)
    }
}

/// A shape and where the file gave it: the span and field of the one part
/// (`size`, `shape` or `cells`) it came from, for later messages.
pub(super) struct GivenShape {
    pub(super) shape: Shape,
    pub(super) span: Range<usize>,
    pub(super) field: String,
}

/// Cells and where the file gave them, before they become a [`Shape`].
pub(super) type GivenCells = (Range<usize>, String, Vec<Cell>);

/// A shape from exactly one of `size`, `shape` (ASCII art) or `cells`,
/// with at least one cell.
pub(super) fn shape_from(
    src: &Source,
    owner: &str,
    owner_span: Range<usize>,
    parts: ShapeParts,
) -> Result<GivenShape, InputError> {
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
        box_cells(src, owner, size)?
    } else if let Some(text) = art_text {
        let cells = art::parse(text.get_ref());
        (text.span(), format!("{owner}.shape"), cells)
    } else {
        listed_cells(
            src,
            format!("{owner}.cells"),
            cells.expect("exactly one part is given"),
        )?
    };
    if cells.is_empty() {
        return Err(src.error(
            Some(span),
            &field,
            "the shape is empty: it needs at least one cell",
        ));
    }
    Ok(GivenShape {
        shape: Shape::new(cells),
        span,
        field,
    })
}

/// The cells of `size = [w, h]` or `[w, h, d]`: each side from 1 to
/// [`MAX_COORDINATE`], and at most [`MAX_BOARD_CELLS`] cells in all, checked
/// before the cells are listed so a typo cannot exhaust memory.
pub(super) fn box_cells(
    src: &Source,
    owner: &str,
    size: Spanned<Vec<i64>>,
) -> Result<GivenCells, InputError> {
    let field = format!("{owner}.size");
    let dims = size.get_ref();
    let ok =
        (2..=3).contains(&dims.len()) && dims.iter().all(|&d| (1..=MAX_COORDINATE).contains(&d));
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
    Ok((size.span(), field, cells))
}

/// The cells of `cells = [[x, y, z], ...]`: two or three coordinates each,
/// within ±[`MAX_COORDINATE`] (so they fit the geometry's integers), and
/// none listed twice (a repeat is almost surely a typo for another cell).
pub(super) fn listed_cells(
    src: &Source,
    field: String,
    list: Spanned<Vec<Vec<i64>>>,
) -> Result<GivenCells, InputError> {
    let mut out = Vec::with_capacity(list.get_ref().len());
    for (k, c) in list.get_ref().iter().enumerate() {
        let ok = (2..=3).contains(&c.len()) && c.iter().all(|v| v.abs() <= MAX_COORDINATE);
        if !ok {
            return Err(src.error(
                Some(list.span()),
                &format!("{field}[{k}]"),
                format!("expected [x, y] or [x, y, z] with coordinates within ±{MAX_COORDINATE}"),
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
    Ok((list.span(), field, out))
}
