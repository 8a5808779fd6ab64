//! `jigsat compare`: the benchmark. Every puzzle x encoding x solver, with
//! CNF sizes and median times over several runs, every answer checked.

use std::time::Instant;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::cli::{CompareArgs, SymmetryChoice};
use crate::encode::{Card, EdgeEncoding, Encoded};
use crate::error::{Error, Result};
use crate::rectangles::{Model, OrderInstance};
use crate::render::table::{Row, render};
use crate::solve::Outcome;
use crate::{Instance, Status, ms, run_solver};

use super::{Sink, load};

pub fn run(args: &CompareArgs, quiet: bool) -> Result<i32> {
    let encodings: Vec<_> = args
        .encoding
        .iter()
        .flatten()
        .flat_map(|&e| args.card.iter().map(move |&c| (e, c)))
        .collect();
    let symmetry: &[bool] = match args.symmetry {
        SymmetryChoice::On => &[true],
        SymmetryChoice::Off => &[false],
        SymmetryChoice::Both => &[true, false],
    };
    let runs = args.runs.max(1);
    let total =
        (args.puzzles.len() * encodings.len() * symmetry.len() * args.solver.len() * runs) as u64;
    let progress = if quiet {
        ProgressBar::hidden()
    } else {
        // indicatif draws nothing when stderr is not a terminal.
        ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr())
    };
    progress.set_style(
        ProgressStyle::with_template("{elapsed_precise} [{bar:30}] {pos}/{len} {msg}")
            .expect("valid template")
            .progress_chars("=> "),
    );

    let mut rows = Vec::new();
    let mut all_checked = true;
    for path in &args.puzzles {
        let puzzle = load(path)?;
        let stem = path
            .file_stem()
            .map_or_else(|| puzzle.name.clone(), |s| s.to_string_lossy().into_owned());
        let order = OrderInstance::new(&puzzle).ok();
        let auto = args.model.contains(&Model::Auto);
        let wants_placement = args.model.contains(&Model::Placement) || (auto && order.is_none());
        if (args.model.contains(&Model::Order) || auto)
            && let Some(order) = order
        {
            let mut encode_times = Vec::with_capacity(runs);
            let mut model = None;
            for _ in 0..runs {
                let start = Instant::now();
                model = Some(order.encode(true));
                encode_times.push(ms(start.elapsed()));
            }
            let model = model.expect("at least one run");
            for choice in &args.solver {
                let Some(solver) = choice.build() else {
                    return Err(Error::Usage(
                        "compare measures SAT solvers; dlx is measured by `jigsat count`".into(),
                    ));
                };
                let mut solve_times = Vec::with_capacity(runs);
                let mut status = Status::Unknown;
                let (mut failed, mut checked) = (false, true);
                for run in 0..runs {
                    progress.set_message(format!(
                        "{} / order / {} (run {})",
                        puzzle.name,
                        solver.name(),
                        run + 1
                    ));
                    let shuffled =
                        (args.shuffle && run > 0).then(|| model.cnf.shuffled(run as u64));
                    let start = Instant::now();
                    let answer = solver
                        .solve(shuffled.as_ref().unwrap_or(&model.cnf), args.time_limit)
                        .and_then(|o| {
                            Ok(match o {
                                Outcome::Sat(values) => {
                                    order.decode(&puzzle, &model, &values, solver.name())?;
                                    Status::Solved
                                }
                                Outcome::Unsat => Status::Unsolvable,
                                Outcome::Unknown(_) => Status::Unknown,
                            })
                        });
                    match answer {
                        Ok(s) => status = s,
                        Err(Error::Bug(e)) => {
                            log::error!("{}: {e}", path.display());
                            checked = false;
                        }
                        Err(Error::Solver(e)) => {
                            log::error!("{}: {e}", path.display());
                            failed = true;
                        }
                        Err(e) => return Err(e),
                    }
                    solve_times.push(ms(start.elapsed()));
                    progress.inc(1);
                }
                all_checked &= checked && !failed;
                rows.push(Row {
                    puzzle: stem.clone(),
                    encoding: "order".to_string(),
                    symmetry: "on".to_string(),
                    solver: solver.name().to_string(),
                    variables: model.cnf.num_vars() as u64,
                    clauses: model.cnf.num_clauses() as u64,
                    encode_ms: median(&mut encode_times),
                    solve_ms: median(&mut solve_times),
                    runs,
                    status: if failed {
                        "failed".to_string()
                    } else {
                        format!("{status:?}").to_lowercase()
                    },
                    checked,
                });
            }
        }
        if !wants_placement {
            continue;
        }
        let instance = Instance::new(&puzzle)?;
        // Edge encodings multiply the rows of edge-matching puzzles only.
        let edge_choices: Vec<Option<EdgeEncoding>> = if puzzle.tiling.is_some() {
            args.edges.iter().map(|&e| Some(e)).collect()
        } else {
            vec![None]
        };
        let combinations = encodings.iter().flat_map(|&(e, c)| {
            edge_choices
                .iter()
                .flat_map(move |&x| symmetry.iter().map(move |&s| (e, c, x, s)))
        });
        for (encoding, card, edges, symmetric) in combinations {
            let breaking = instance.breaking(&puzzle, symmetric);
            let mut label = if card == Card::default() {
                encoding.name().to_string()
            } else {
                format!("{encoding}+{card}")
            };
            if let Some(e) = edges {
                label = format!("{label}+{e}");
            }
            let mut encode_times = Vec::with_capacity(runs);
            let mut encoded = None;
            for _ in 0..runs {
                let start = Instant::now();
                encoded = Some(instance.encode(
                    encoding,
                    card,
                    edges.unwrap_or_default(),
                    breaking.as_ref(),
                ));
                encode_times.push(ms(start.elapsed()));
            }
            let encoded = encoded.expect("at least one run");
            for choice in &args.solver {
                let Some(solver) = choice.build() else {
                    return Err(Error::Usage(
                        "compare measures SAT solvers; dlx is measured by `jigsat count`".into(),
                    ));
                };
                let mut solve_times = Vec::with_capacity(runs);
                let mut status = Status::Unknown;
                let mut failed = false;
                let mut checked = true;
                for run in 0..runs {
                    progress.set_message(format!(
                        "{} / {label} / {} (run {})",
                        puzzle.name,
                        solver.name(),
                        run + 1
                    ));
                    // Run k > 1 of a shuffled comparison solves the CNF
                    // with clauses in the order of seed k.
                    let shuffled = (args.shuffle && run > 0).then(|| Encoded {
                        cnf: encoded.cnf.shuffled(run as u64),
                        ..encoded.clone()
                    });
                    let start = Instant::now();
                    match run_solver(
                        &puzzle,
                        &instance,
                        shuffled.as_ref().unwrap_or(&encoded),
                        solver.as_ref(),
                        args.time_limit,
                    ) {
                        Ok(answer) => status = answer.status,
                        Err(Error::Bug(e)) => {
                            log::error!("{}: {e}", path.display());
                            checked = false;
                        }
                        // A solver that crashed or answered nonsense: the
                        // row says so, and the other solvers still run.
                        Err(Error::Solver(e)) => {
                            log::error!("{}: {e}", path.display());
                            failed = true;
                        }
                        Err(e) => return Err(e),
                    }
                    solve_times.push(ms(start.elapsed()));
                    progress.inc(1);
                }
                all_checked &= checked && !failed;
                rows.push(Row {
                    puzzle: path
                        .file_stem()
                        .map_or_else(|| puzzle.name.clone(), |s| s.to_string_lossy().into_owned()),
                    encoding: label.clone(),
                    symmetry: if breaking.is_some() { "on" } else { "off" }.to_string(),
                    solver: solver.name().to_string(),
                    variables: encoded.cnf.num_vars() as u64,
                    clauses: encoded.cnf.num_clauses() as u64,
                    encode_ms: median(&mut encode_times),
                    solve_ms: median(&mut solve_times),
                    runs,
                    status: if failed {
                        "failed".to_string()
                    } else {
                        format!("{status:?}").to_lowercase()
                    },
                    checked,
                });
            }
        }
    }
    progress.finish_and_clear();
    Sink {
        path: args.output.as_deref(),
    }
    .write(&render(&rows, args.format))?;
    Ok(if all_checked { 0 } else { 3 })
}

pub fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    match n {
        0 => 0.0,
        _ if n % 2 == 1 => values[n / 2],
        _ => (values[n / 2 - 1] + values[n / 2]) / 2.0,
    }
}
