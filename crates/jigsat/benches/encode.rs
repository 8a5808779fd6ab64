//! Encoder throughput: clauses written per second, for every puzzle in
//! puzzles/ under every encoding (the cover is built once; only
//! `encode_with` is timed). Run with
//!
//! ```text
//! cargo bench --bench encode
//! ```
//!
//! The issue's figure is the `sequential` row of the largest puzzle (most
//! placements), printed last. No framework: a median over repeated runs is
//! all this needs, and it keeps the dependency list short.

use std::time::Instant;

use jigsat::api::options::Choice;
use jigsat::internal::encode::{Card, Encoding, encode_with};
use jigsat::internal::{Instance, Puzzle};

/// Repetitions per puzzle x encoding; the median is reported.
const RUNS: usize = 21;

fn main() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("puzzles/ exists")
        .map(|e| e.expect("readable entry").path())
        .collect();
    files.sort();
    println!(
        "{:<20} {:<11} {:>10} {:>10} {:>14}",
        "puzzle", "encoding", "clauses", "median ms", "clauses/s"
    );
    let mut largest: Option<(usize, String, f64, usize)> = None;
    for path in &files {
        let puzzle = Puzzle::load(path).expect("puzzle loads");
        if jigsat::internal::OrderInstance::new(&puzzle).is_ok() {
            // Rectangle puzzles (Calibron 12: 38 M placement clauses) use
            // the order model: examples/order_bench.rs measures it.
            continue;
        }
        let instance = Instance::new(&puzzle).expect("placements");
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        for &encoding in Encoding::ALL {
            let mut times = Vec::with_capacity(RUNS);
            let mut clauses = 0;
            for _ in 0..RUNS {
                let start = Instant::now();
                let encoded = encode_with(instance.cover(), encoding, Card::default());
                times.push(start.elapsed().as_secs_f64());
                clauses = encoded.cnf.num_clauses();
                std::hint::black_box(encoded);
            }
            times.sort_by(f64::total_cmp);
            let median = times[RUNS / 2];
            let rate = clauses as f64 / median;
            println!(
                "{stem:<20} {:<11} {clauses:>10} {:>10.3} {rate:>14.0}",
                encoding.name(),
                median * 1e3
            );
            let placements = instance.cover().options.len();
            if encoding == Encoding::Sequential
                && largest.as_ref().is_none_or(|(p, ..)| placements > *p)
            {
                largest = Some((placements, stem.clone(), rate, clauses));
            }
        }
    }
    if let Some((placements, stem, rate, clauses)) = largest {
        println!(
            "\nlargest puzzle: {stem} ({placements} placements), sequential: \
             {clauses} clauses at {:.1} million clauses/s",
            rate / 1e6
        );
    }
}
