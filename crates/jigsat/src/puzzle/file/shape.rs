//! The cells of a board or piece as the file gives them: a box (`size`),
//! ASCII art (`shape`) or a list (`cells`), exactly one of the three, as
//! points of the board's lattice.

use std::ops::Range;

use toml::Spanned;

use super::{RawShape, Source};
use crate::error::InputError;
use crate::geometry::{Cell, Lattice, Shape};
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
/// with at least one cell, on `lattice`.
pub(super) fn shape_from(
    src: &Source,
    owner: &str,
    owner_span: Range<usize>,
    parts: ShapeParts,
    lattice: Lattice,
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
        box_cells(src, owner, size, lattice)?
    } else if let Some(text) = art_text {
        let field = format!("{owner}.shape");
        let cells = art::parse_on(lattice, text.get_ref())
            .map_err(|e| src.error(Some(text.span()), &field, e))?;
        (text.span(), field, cells)
    } else {
        listed_cells(
            src,
            format!("{owner}.cells"),
            cells.expect("exactly one part is given"),
            lattice,
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
/// [`MAX_COORDINATE`] (on a flat grid, `[w, h]`: the w × h parallelogram),
/// and at most [`MAX_BOARD_CELLS`] cells in all, checked
/// before the cells are listed so a typo cannot exhaust memory.
pub(super) fn box_cells(
    src: &Source,
    owner: &str,
    size: Spanned<Vec<i64>>,
    lattice: Lattice,
) -> Result<GivenCells, InputError> {
    let field = format!("{owner}.size");
    let dims = size.get_ref();
    if lattice.is_planar() {
        return parallelogram_cells(src, field, size, lattice);
    }
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
    if lattice == Lattice::Prisms {
        // The w × h parallelogram of triangles in each of d layers.
        let layer = lattice.parallelogram(w, h);
        let cells = (0..depth)
            .flat_map(|z| layer.iter().map(move |c| Cell::new(c.x, c.y, z)))
            .collect();
        return Ok((size.span(), field, cells));
    }
    // Every point of the box the grid has a cell at, in the file's
    // coordinates (the balls of even sum; the voxels BurrTools' rhombic and
    // tetrahedral grids keep).
    let cells = (0..depth)
        .flat_map(|z| (0..h).flat_map(move |y| (0..w).map(move |x| [x, y, z])))
        .filter_map(|[x, y, z]| lattice.cell(&[x as i64, y as i64, z as i64]).ok())
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
    lattice: Lattice,
) -> Result<GivenCells, InputError> {
    let mut out = Vec::with_capacity(list.get_ref().len());
    for (k, c) in list.get_ref().iter().enumerate() {
        if lattice != Lattice::Cubic {
            let cell = if c.iter().all(|v| v.abs() <= MAX_COORDINATE) {
                lattice.cell(c)
            } else {
                Err(format!("coordinates within ±{MAX_COORDINATE}"))
            };
            match cell {
                Ok(cell) => out.push(cell),
                Err(why) => {
                    return Err(src.error(
                        Some(list.span()),
                        &format!("{field}[{k}]"),
                        format!("{c:?} is not a cell of {}: {why}", lattice.name()),
                    ));
                }
            }
            continue;
        }
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

/// The cells of `size = [w, h]` on a flat grid: the w × h parallelogram
/// of lattice points (2wh triangles, wh hexagons).
fn parallelogram_cells(
    src: &Source,
    field: String,
    size: Spanned<Vec<i64>>,
    lattice: Lattice,
) -> Result<GivenCells, InputError> {
    let dims = size.get_ref();
    if dims.len() != 2 || !dims.iter().all(|&d| (1..=MAX_COORDINATE).contains(&d)) {
        return Err(src.error(
            Some(size.span()),
            &field,
            format!(
                "on {} the size is [width, height] of a parallelogram, each from 1 to {MAX_COORDINATE}",
                lattice.name()
            ),
        ));
    }
    if dims[0] * dims[1] * 2 > MAX_BOARD_CELLS as i64 {
        return Err(src.error(
            Some(size.span()),
            &field,
            format!("more than the {MAX_BOARD_CELLS} cells jigsat handles"),
        ));
    }
    let cells = lattice.parallelogram(dims[0] as i32, dims[1] as i32);
    Ok((size.span(), field, cells))
}
