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
                let label = format!("{} / order / {}", puzzle.name, solver.name());
                let m = measure(runs, args.shuffle, path, &progress, &label, |seed| {
                    let shuffled = seed.map(|k| model.cnf.shuffled(k));
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
                    (answer, ms(start.elapsed()))
                })?;
                all_checked &= m.checked && !m.failed;
                rows.push(Row {
                    puzzle: stem.clone(),
                    encoding: "order".to_string(),
                    symmetry: "on".to_string(),
                    solver: solver.name().to_string(),
                    variables: model.cnf.num_vars() as u64,
                    clauses: model.cnf.num_clauses() as u64,
                    encode_ms: median(&mut encode_times),
                    solve_ms: m.solve_ms,
                    runs,
                    status: m.status,
                    checked: m.checked,
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
                let text = format!("{} / {label} / {}", puzzle.name, solver.name());
                let m = measure(runs, args.shuffle, path, &progress, &text, |seed| {
                    // A shuffled run solves the CNF with its clauses in
                    // the order of its seed.
                    let shuffled = seed.map(|k| Encoded {
                        cnf: encoded.cnf.shuffled(k),
                        ..encoded.clone()
                    });
                    let start = Instant::now();
                    let answer = run_solver(
                        &puzzle,
                        &instance,
                        shuffled.as_ref().unwrap_or(&encoded),
                        solver.as_ref(),
                        args.time_limit,
                    )
                    .map(|a| a.status);
                    (answer, ms(start.elapsed()))
                })?;
                all_checked &= m.checked && !m.failed;
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
                    solve_ms: m.solve_ms,
                    runs,
                    status: m.status,
                    checked: m.checked,
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

/// One solver's runs on one CNF, folded into a table row's fields.
struct Measured {
    /// Median over the runs.
    solve_ms: f64,
    /// solved, unsolvable, unknown, or failed (crashed or nonsense).
    status: String,
    failed: bool,
    /// Every answer passed the independent check.
    checked: bool,
}

/// Runs `attempt` `runs` times — with seed `None` first, then seeds 1, 2,
/// ... when `shuffle` asks for shuffled copies — and folds the answers:
/// a failed check or a failing solver is logged and marked in the row,
/// and the other runs and solvers go on; any other error ends `compare`.
fn measure(
    runs: usize,
    shuffle: bool,
    path: &std::path::Path,
    progress: &ProgressBar,
    label: &str,
    mut attempt: impl FnMut(Option<u64>) -> (Result<Status>, f64),
) -> Result<Measured> {
    let mut times = Vec::with_capacity(runs);
    let (mut status, mut failed, mut checked) = (Status::Unknown, false, true);
    for run in 0..runs {
        progress.set_message(format!("{label} (run {})", run + 1));
        let (answer, elapsed) = attempt((shuffle && run > 0).then_some(run as u64));
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
        times.push(elapsed);
        progress.inc(1);
    }
    Ok(Measured {
        solve_ms: median(&mut times),
        status: if failed {
            "failed".to_string()
        } else {
            format!("{status:?}").to_lowercase()
        },
        failed,
        checked,
    })
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
