//! ASCII art shapes, as the contract draws them.
//!
//! `x` is the character's column, `y` its line within the layer, `z` the
//! layer; layers are separated by blank lines. `.` and space are empty,
//! any other visible character is a cell. Leading and trailing blank lines
//! are ignored, so a TOML `"""` string may start and end on its own line.
//!
//! On the triangular and hexagonal grids ([`parse_on`]) a drawing has one
//! layer, and line `y` is row `y` shifted one column right of the line
//! above, as the lattice's second axis leans: a hexagon `[q, r]` is the
//! character at column 2q + r of line r (hexagons sit on every other
//! column), a triangle `[x, y, t]` the one at column 2x + t + y of line y
//! (each column, alternating t = 0 and t = 1).
//!
//! On sticks a drawing is the grid itself, one character per grid point
//! and per stick: grid points at even lines and even columns (any
//! character or none, `+` reads best), a stick `[x, y, 0]` at line 2y,
//! column 2x + 1 and `[x, y, 1]` at line 2y + 1, column 2x. The squares'
//! insides (odd line, odd column) stay blank. An L of three sticks:
//!
//! ```text
//! +
//! |
//! +-+-+
//! ```

use crate::geometry::{Cell, Lattice};

/// The cells of a drawing on `lattice`, or what is wrong with it (a
/// hexagon between two columns, a second layer on a flat grid).
pub fn parse_on(lattice: Lattice, text: &str) -> Result<Vec<Cell>, String> {
    cells_on(lattice, text, |_| true)
}

/// The cells drawn with the character `mark` (the board's `?` cells,
/// which may stay empty).
pub fn marked_on(lattice: Lattice, text: &str, mark: char) -> Result<Vec<Cell>, String> {
    cells_on(lattice, text, |ch| ch == mark)
}

/// The cells whose character passes `keep`, on any lattice: the cubic
/// one's layers, or a flat grid's one drawing.
fn cells_on(
    lattice: Lattice,
    text: &str,
    keep: impl Fn(char) -> bool,
) -> Result<Vec<Cell>, String> {
    if lattice == Lattice::Cubic {
        return Ok(cells_where(text, keep));
    }
    if lattice == Lattice::Spheres {
        // Layers as for cubes, each character a ball of even x + y + z.
        let cells = cells_where(text, keep);
        if let Some(c) = cells.iter().find(|c| (c.x + c.y + c.z) % 2 != 0) {
            return Err(format!(
                "the character at column {}, line {} of layer {} is no ball: balls sit where x + y + z is even (every other column, shifting by one each line and layer)",
                c.x + 1,
                c.y + 1,
                c.z + 1
            ));
        }
        return Ok(cells);
    }
    if lattice == Lattice::Sticks {
        return sticks_where(text, keep);
    }
    if lattice.is_voxels() {
        // A voxel is a small piece of a cell, which no drawing could show.
        return Err(format!(
            "no ASCII art on the {} grid: give `cells = [[x, y, z], ...]` (BurrTools' voxels) or `size = [w, h, d]` (a box of voxels)",
            lattice.name()
        ));
    }
    let lines: Vec<&str> = text.lines().collect();
    let blank = |l: &&str| l.trim().is_empty();
    let first = lines.iter().position(|l| !blank(l)).unwrap_or(0);
    let last = lines.iter().rposition(|l| !blank(l)).unwrap_or(0);
    let mut cells = Vec::new();
    for (y, line) in lines.iter().enumerate().take(last + 1).skip(first) {
        let row = (y - first) as i32;
        if blank(line) {
            return Err(format!(
                "a drawing on {} has one layer: line {} is blank",
                lattice.name(),
                row + 1
            ));
        }
        for (column, ch) in line.chars().enumerate() {
            if ch.is_whitespace() || ch == '.' {
                continue;
            }
            let k = column as i32 - row;
            let coords = match lattice {
                Lattice::Hexagons if k.rem_euclid(2) == 1 => {
                    return Err(format!(
                        "'{ch}' at line {}, column {} lies between two hexagons: hexagons sit on every other column, each line one column right of the line above",
                        row + 1,
                        column + 1
                    ));
                }
                Lattice::Hexagons => vec![k.div_euclid(2) as i64, row as i64],
                _ => vec![k.div_euclid(2) as i64, row as i64, k.rem_euclid(2) as i64],
            };
            if keep(ch) {
                cells.push(lattice.cell(&coords)?);
            }
        }
    }
    Ok(cells)
}

/// The sticks of a drawing whose character passes `keep`: the
/// characters at an odd line and even column or an even line and odd
/// column (counted from the first line that is not blank), each at its
/// own (column, line) in the embedding; grid points are decoration, and a
/// character inside a square is an error.
fn sticks_where(text: &str, keep: impl Fn(char) -> bool) -> Result<Vec<Cell>, String> {
    let lines: Vec<&str> = text.lines().collect();
    let first = lines.iter().position(|l| !l.trim().is_empty()).unwrap_or(0);
    let mut cells = Vec::new();
    for (row, line) in lines.iter().skip(first).enumerate() {
        for (column, ch) in line.chars().enumerate() {
            if ch.is_whitespace() || ch == '.' {
                continue;
            }
            match (column % 2, row % 2) {
                (0, 0) => {}
                (1, 1) => {
                    return Err(format!(
                        "'{ch}' at line {}, column {} lies inside a square: sticks are drawn on even lines at odd columns (-) and on odd lines at even columns (|)",
                        row + 1,
                        column + 1
                    ));
                }
                _ if keep(ch) => cells.push(Cell::new(column as i32, row as i32, 0)),
                _ => {}
            }
        }
    }
    Ok(cells)
}

/// The cells whose character passes `keep`.
fn cells_where(text: &str, keep: impl Fn(char) -> bool) -> Vec<Cell> {
    let lines: Vec<&str> = text.lines().collect();
    let blank = |l: &&str| l.trim().is_empty();
    let first = lines.iter().position(|l| !blank(l));
    let last = lines.iter().rposition(|l| !blank(l));
    let (Some(first), Some(last)) = (first, last) else {
        return Vec::new();
    };
    let mut cells = Vec::new();
    let (mut z, mut y) = (0, 0);
    let mut previous_blank = false;
    for line in &lines[first..=last] {
        if blank(line) {
            // A run of blank lines is one layer break.
            if !previous_blank {
                z += 1;
                y = 0;
            }
            previous_blank = true;
            continue;
        }
        previous_blank = false;
        for (x, ch) in line.chars().enumerate() {
            if !ch.is_whitespace() && ch != '.' && keep(ch) {
                cells.push(Cell::new(x as i32, y, z));
            }
        }
        y += 1;
    }
    cells
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Vec<Cell> {
        parse_on(Lattice::Cubic, text).unwrap()
    }

    #[test]
    fn layers_rows_and_columns() {
        let cells = parse("\n##\n.#\n\n#.\n\n");
        assert_eq!(
            cells,
            vec![
                Cell::new(0, 0, 0),
                Cell::new(1, 0, 0),
                Cell::new(1, 1, 0),
                Cell::new(0, 0, 1),
            ]
        );
    }

    #[test]
    fn hexagons_sit_on_every_other_column_each_line_shifted() {
        let h = Lattice::Hexagons;
        let cells = parse_on(h, "A B\n C").unwrap();
        let at = |q, r| h.cell(&[q, r]).unwrap();
        assert_eq!(cells, vec![at(0, 0), at(1, 0), at(0, 1)]);
        let err = parse_on(h, "AB").unwrap_err();
        assert!(err.contains("line 1, column 2"), "{err}");
    }

    #[test]
    fn triangles_take_every_column() {
        let t = Lattice::Triangles;
        let cells = parse_on(t, "ab\n c").unwrap();
        let at = |x, y, k| t.cell(&[x, y, k]).unwrap();
        assert_eq!(cells, vec![at(0, 0, 0), at(0, 0, 1), at(0, 1, 0)]);
        assert!(parse_on(t, "a\n\nb").is_err(), "one layer");
    }

    #[test]
    fn sticks_are_the_characters_between_grid_points() {
        let s = Lattice::Sticks;
        let cells = parse_on(s, "\n+\n|\n+-+-+\n").unwrap();
        let at = |x, y, d| s.cell(&[x, y, d]).unwrap();
        let mut want = vec![at(0, 0, 1), at(0, 1, 0), at(1, 1, 0)];
        want.sort();
        let mut got = cells;
        got.sort();
        assert_eq!(got, want);
        let err = parse_on(s, "+-+\n|x|").unwrap_err();
        assert!(err.contains("inside a square"), "{err}");
    }

    #[test]
    fn empty_art() {
        assert!(parse("\n ..\n\n").is_empty());
    }
}
