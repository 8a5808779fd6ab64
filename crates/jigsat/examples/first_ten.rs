//! Stream solutions as the search finds them and stop after ten:
//! `cargo run --example first_ten -- puzzles/pentomino-6x10.toml`.
//! Dropping the iterator stops the search.

use jigsat::api::{Puzzle, Solver};

fn main() -> Result<(), jigsat::api::Error> {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "puzzles/pentomino-6x10.toml".into());
    let puzzle = Puzzle::from_file(&path)?;
    for (n, solution) in Solver::new().solutions(&puzzle).take(10).enumerate() {
        print!("solution {}\n{}", n + 1, solution?.text());
    }
    Ok(())
}
