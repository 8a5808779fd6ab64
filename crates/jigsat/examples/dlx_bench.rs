//! Single-thread exact-cover enumeration in both representations of
//! Algorithm X: solutions, search nodes and time.
//!
//! ```text
//! cargo run --release --example dlx_bench -- puzzles/pentomino-6x10.toml
//! ```
use std::time::Instant;

use jigsat::internal::exact::bitx::BitX;
use jigsat::internal::exact::dlx::Dlx;
use jigsat::internal::exact::{Search, enumerate};

fn run(name: &str, mut s: impl Search) {
    let started = Instant::now();
    let mut solutions = 0u64;
    let _ = enumerate(&mut s, &mut |_| {
        solutions += 1;
        true
    });
    println!(
        "{name:>13}: {solutions} solutions, {} nodes, {:.3} s",
        s.nodes(),
        started.elapsed().as_secs_f64()
    );
}

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: dlx_bench PUZZLE.toml");
        std::process::exit(2);
    };
    let puzzle = jigsat::internal::Puzzle::load(std::path::Path::new(&path)).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(2)
    });
    let instance = jigsat::internal::Instance::new(&puzzle).expect("instance");
    let forbidden = instance
        .breaking(true)
        .map(|b| b.forbidden)
        .unwrap_or_default();
    let cover = instance.cover().for_dlx();
    match BitX::new(&cover, &forbidden) {
        Some(bits) => run("bit vectors", bits),
        None => println!("  bit vectors: not applicable"),
    }
    match Dlx::new(&cover, &forbidden) {
        Some(links) => run("dancing links", links),
        None => println!("dancing links: not applicable"),
    }
}
