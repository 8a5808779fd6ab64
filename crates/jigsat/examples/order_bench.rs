//! The order encoding's benchmark: first-solution times over shuffled
//! copies of the same CNF (variables renamed, polarities flipped, clauses
//! reordered by a seeded generator), because one CDCL run says little —
//! the same Calibron 12 CNF takes a solver well under a second in one run
//! and many seconds in another. Each model is mapped back, decoded and
//! checked against the puzzle.
//!
//! ```text
//! cargo run --release --example order_bench -- puzzles/calibron12.toml \
//!     [--runs 5 | --seed N] [--solver varisat|splr] [--no-domains] [--no-board-symmetry] [--no-symmetry]
//!     [--no-cumulative | --cumulative-ge] [--clause-order]
//! ```
//!
//! `--clause-order` shuffles the way `jigsat compare --shuffle` does
//! (clauses and literals only; seed N is compare's run N). `--seed N`
//! runs one shuffle only (seed 1 is the unshuffled CNF), so a
//! shell loop can cap each run with `timeout`:
//!
//! ```text
//! for s in 1 2 3 4 5; do timeout 60 target/release/examples/order_bench puzzles/calibron12.toml --seed $s; done
//! ```

use std::path::PathBuf;
use std::time::{Duration, Instant};

use jigsat::internal::family::boxes::encoding::{Cumulative, OrderModel, OrderOptions};
use jigsat::internal::{Cnf, Lit, OrderInstance, Outcome, Puzzle, SatSolver, Var};

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            v.swap(i, self.below(i + 1));
        }
    }
}

/// A renamed copy of `cnf` and, per original variable, its new literal.
fn shuffled(cnf: &Cnf, seed: u64) -> (Cnf, Vec<Lit>) {
    let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let n = cnf.num_vars() as usize;
    let mut perm: Vec<u32> = (1..=n as u32).collect();
    rng.shuffle(&mut perm);
    let map: Vec<Lit> = std::iter::once(Var::new(1).positive())
        .chain(perm.iter().map(|&v| {
            let var = Var::new(v);
            if rng.next() & 1 == 0 {
                var.positive()
            } else {
                var.negative()
            }
        }))
        .collect();
    let mut clauses: Vec<Vec<Lit>> = cnf
        .clauses()
        .map(|c| {
            let mut c: Vec<Lit> = c
                .iter()
                .map(|&l| {
                    let m = map[l.var().index() as usize];
                    if l.is_positive() { m } else { !m }
                })
                .collect();
            rng.shuffle(&mut c);
            c
        })
        .collect();
    rng.shuffle(&mut clauses);
    let mut out = Cnf::new();
    out.reserve_vars(n as u32);
    for c in &clauses {
        out.add_clause(c);
    }
    (out, map)
}

/// CPU seconds this process has used (Linux: /proc/self/stat, 100 ticks
/// a second), so that runs on a loaded machine still compare; 0 elsewhere.
fn cpu_seconds() -> f64 {
    std::fs::read_to_string("/proc/self/stat")
        .ok()
        .and_then(|s| {
            let rest = s.rsplit_once(')')?.1.to_string();
            let f: Vec<&str> = rest.split_whitespace().collect();
            let utime: f64 = f.get(11)?.parse().ok()?;
            let stime: f64 = f.get(12)?.parse().ok()?;
            Some((utime + stime) / 100.0)
        })
        .unwrap_or(0.0)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let mut path = None;
    let mut runs = 5;
    let mut only = None;
    let mut solver = SatSolver::Varisat;
    let mut options = OrderOptions::default();
    let mut clause_order = false;
    while let Some(a) = args.next() {
        match a.as_str() {
            "--runs" => runs = args.next().and_then(|s| s.parse().ok()).expect("--runs N"),
            "--solver" => {
                solver = args
                    .next()
                    .and_then(|s| SatSolver::from_name(&s))
                    .expect("--solver NAME")
            }
            "--seed" => only = args.next().and_then(|s| s.parse::<u64>().ok()),
            "--no-domains" => options.domains = false,
            "--no-board-symmetry" => options.board_symmetries = false,
            "--no-symmetry" => options.symmetry = false,
            "--clause-order" => clause_order = true,
            "--no-cumulative" => options.cumulative = Cumulative::Off,
            "--cumulative-ge" => options.cumulative = Cumulative::AtLeast,
            _ => path = Some(PathBuf::from(a)),
        }
    }
    let path = path.expect("a puzzle file");
    let puzzle = Puzzle::load(&path).unwrap_or_else(|e| panic!("{e}"));
    let instance = OrderInstance::new(&puzzle).unwrap_or_else(|e| panic!("{e}"));
    let model = OrderModel::encode(&instance.rects, &instance.group, options);
    let solver = solver.build();
    println!(
        "{}: {} variables, {} clauses, {options:?}, {}",
        puzzle.name,
        model.cnf.num_vars(),
        model.cnf.num_clauses(),
        solver.name()
    );
    let mut times = Vec::new();
    let seeds: Vec<u64> = match only {
        Some(s) => vec![s],
        None => (1..=runs as u64).collect(),
    };
    for seed in seeds {
        let (cnf, map) = if seed == 1 {
            // The first run is the CNF as jigsat writes it.
            let n = model.cnf.num_vars();
            (
                model.cnf.clone(),
                (0..=n).map(|v| Var::new(v.max(1)).positive()).collect(),
            )
        } else if clause_order {
            // `jigsat compare --shuffle`'s copies: clauses and literals
            // reordered, variables kept (its run k is seed k - 1).
            let n = model.cnf.num_vars();
            (
                model.cnf.shuffled(seed - 1),
                (0..=n).map(|v| Var::new(v.max(1)).positive()).collect(),
            )
        } else {
            shuffled(&model.cnf, seed)
        };
        let start = Instant::now();
        let cpu = cpu_seconds();
        let outcome = solver
            .solve(&cnf, Some(Duration::from_secs(300)))
            .expect("the solver runs");
        let wall = start.elapsed().as_secs_f64();
        let t = cpu_seconds() - cpu;
        let status = match outcome {
            Outcome::Sat(values) => {
                let original: Vec<bool> = map
                    .iter()
                    .map(|&l| values[l.var().index() as usize] == l.is_positive())
                    .collect();
                instance
                    .decode(&puzzle, &model, &original, solver.name())
                    .unwrap_or_else(|e| panic!("{e}"));
                "solved, checked"
            }
            Outcome::Unsat => "unsat",
            Outcome::Unknown(_) => "unknown",
        };
        println!("  run {seed}: {t:.2} s CPU, {wall:.3} s wall ({status})");
        times.push(t);
    }
    times.sort_by(f64::total_cmp);
    println!(
        "CPU time: median {:.2} s, min {:.2} s, max {:.2} s over {} runs",
        times[times.len() / 2],
        times[0],
        times[times.len() - 1],
        times.len()
    );
}
