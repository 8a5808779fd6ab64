//! Build a puzzle in code — the twelve pentominoes in a 6x10 box — and
//! count its solutions: `cargo run --release --example count_built`.

use jigsat::api::{Cell, Puzzle};

/// Cells from rows of `#` (x the column, y the row).
fn cells(rows: &[&str]) -> Vec<Cell> {
    let mut out = Vec::new();
    for (y, row) in rows.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            if c == '#' {
                out.push([x as i32, y as i32, 0]);
            }
        }
    }
    out
}

fn main() -> Result<(), jigsat::api::Error> {
    let pentominoes: [(&str, &[&str]); 12] = [
        ("F", &[".##", "##.", ".#."]),
        ("I", &["#####"]),
        ("L", &["####", "#..."]),
        ("N", &["##..", ".###"]),
        ("P", &["##", "##", "#."]),
        ("T", &["###", ".#.", ".#."]),
        ("U", &["#.#", "###"]),
        ("V", &["#..", "#..", "###"]),
        ("W", &["#..", "##.", ".##"]),
        ("X", &[".#.", "###", ".#."]),
        ("Y", &["####", ".#.."]),
        ("Z", &["##.", ".#.", ".##"]),
    ];
    let mut builder = Puzzle::builder()
        .name("pentominoes 6x10")
        .board_size(&[10, 6]);
    for (name, rows) in pentominoes {
        builder = builder.piece(name, &cells(rows));
    }
    let puzzle = builder.build()?;
    let counts = puzzle.count()?;
    println!(
        "{}: count {} (on a fixed board), distinct {} (up to symmetry)",
        puzzle.name(),
        counts.count,
        counts.distinct
    );
    Ok(())
}
