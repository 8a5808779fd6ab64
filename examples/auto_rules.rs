//! The experiment behind `auto`: solve puzzles with a per-constraint rule
//! that treats cell groups and piece groups separately, and print the
//! solve time of each puzzle (one run; varisat is deterministic, so repeats
//! only measure the machine's noise).
//!
//! ```text
//! cargo run --release --example auto_rules -- CELL_MAX CELL_ENC PIECE_MAX PIECE_ENC PUZZLE...
//! cargo run --release --example auto_rules -- 32 ladder 500 ladder puzzles/y25.toml puzzles/soma.toml
//! ```
//!
//! A group of n placements is encoded pairwise when n ≤ CELL_MAX (cells)
//! or n ≤ PIECE_MAX (pieces), and with CELL_ENC / PIECE_ENC above. Pieces
//! with copies are not supported (the puzzles measured have none that need
//! a counter).

use std::time::{Duration, Instant};

use clap::ValueEnum;
use jigsat::cover::ItemKind;
use jigsat::encode::{Card, Cnf, Encoded, Encoding, Lit, Var};
use jigsat::solve::Varisat;
use jigsat::{Instance, Puzzle, run_solver};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 5 {
        eprintln!("usage: auto_rules CELL_MAX CELL_ENC PIECE_MAX PIECE_ENC PUZZLE...");
        std::process::exit(2);
    }
    let cell_max: usize = args[0].parse().expect("CELL_MAX is a number");
    let cell_enc = Encoding::from_str(&args[1], true).expect("CELL_ENC is an encoding");
    let piece_max: usize = args[2].parse().expect("PIECE_MAX is a number");
    let piece_enc = Encoding::from_str(&args[3], true).expect("PIECE_ENC is an encoding");
    for file in &args[4..] {
        let puzzle = Puzzle::load(std::path::Path::new(file)).expect("puzzle loads");
        let instance = Instance::new(&puzzle).expect("placements");
        let cover = &instance.cover;
        let mut cnf = Cnf::new();
        cnf.reserve_vars(cover.options.len() as u32);
        for (item, opts) in cover.items.iter().zip(cover.options_by_item()) {
            if item.implied {
                continue;
            }
            let lits: Vec<Lit> = opts.iter().map(|&o| Var::new(o + 1).positive()).collect();
            let (max, above) = match item.kind {
                ItemKind::Cell(_) => (cell_max, cell_enc),
                ItemKind::Piece(_) | ItemKind::Edge(_) => (piece_max, piece_enc),
            };
            let encoding = if lits.len() <= max {
                Encoding::Pairwise
            } else {
                above
            };
            let amo = encoding.at_most_one(lits.len());
            match (item.min, item.max) {
                (0, 1) => amo.encode(&lits, &mut cnf),
                (1, 1) => amo.exactly_one(&lits, &mut cnf),
                _ => panic!("{file}: pieces with copies are not supported here"),
            }
        }
        let encoded = Encoded {
            cnf,
            options: cover.options.len(),
            encoding: Encoding::Auto,
            card: Card::default(),
            notes: Vec::new(),
            edges: None,
        };
        let start = Instant::now();
        run_solver(
            &puzzle,
            &instance,
            &encoded,
            &Varisat,
            Some(Duration::from_secs(30)),
        )
        .expect("solved and checked");
        print!("{:>9.1}", start.elapsed().as_secs_f64() * 1e3);
    }
    println!(
        "   cells: pairwise <= {cell_max}, {} above; pieces: pairwise <= {piece_max}, {} above",
        args[1], args[3]
    );
}
