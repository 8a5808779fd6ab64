//! Solve a puzzle file and draw the solution:
//! `cargo run --example solve_file -- puzzles/soma.toml`.

use jigsat::api::Puzzle;

fn main() -> Result<(), jigsat::api::Error> {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "puzzles/soma.toml".into());
    let puzzle = Puzzle::from_file(&path)?;
    match puzzle.solve()? {
        Some(solution) => print!("{}: solved\n{}", puzzle.name(), solution.text()),
        None => println!("{}: no solution", puzzle.name()),
    }
    Ok(())
}
