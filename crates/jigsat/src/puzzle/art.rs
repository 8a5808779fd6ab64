//! ASCII art shapes, as the contract draws them.
//!
//! `x` is the character's column, `y` its line within the layer, `z` the
//! layer; layers are separated by blank lines. `.` and space are empty,
//! any other visible character is a cell. Leading and trailing blank lines
//! are ignored, so a TOML `"""` string may start and end on its own line.

use crate::geometry::Cell;

pub fn parse(text: &str) -> Vec<Cell> {
    cells_where(text, |_| true)
}

/// The cells drawn with the character `mark` (the board's `?` cells,
/// which may stay empty).
pub fn marked(text: &str, mark: char) -> Vec<Cell> {
    cells_where(text, |ch| ch == mark)
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
    fn empty_art() {
        assert!(parse("\n ..\n\n").is_empty());
    }
}
