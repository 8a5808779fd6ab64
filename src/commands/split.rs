//! `jigsat split`: a count cut into parts, written as files that GNU
//! parallel, Slurm and cube-and-conquer SAT solvers can run
//! ([`jigsat::api::jobs::Split`]).

use crate::exit::Exit;
use std::path::Path;
use std::time::Instant;

use crate::cli::SplitArgs;
use jigsat::api::Result;
use jigsat::api::jobs::{self, Split};

pub fn run(args: &SplitArgs, quiet: bool) -> Result<Exit> {
    let started = Instant::now();
    let source = jobs::Source::read(&args.puzzle, args.problem.problem.as_deref())?;
    for w in source.puzzle().warnings() {
        log::warn!("{w}");
    }
    let dir = &args.output;
    jobs::check_directory(dir)?;
    let split = source.split(
        &args.search.solver(),
        args.parts as usize,
        args.probes as usize,
        args.seed,
    )?;
    let cut_seconds = started.elapsed().as_secs_f64();
    // The scripts run this very program.
    let jigsat = std::env::current_exe()
        .map(|p| p.display().to_string())
        .unwrap_or_else(|_| "jigsat".into());
    split.write(dir, &jigsat)?;
    if !quiet {
        // Through the sink that takes a closed pipe (`split … | head`)
        // calmly, as every other command's output does.
        let name = source.puzzle().name();
        let mut text = summary(name, dir, &split, cut_seconds, args.parts) + "\n";
        if source.puzzle().has_choices() {
            text += &format!(
                "by choice of pieces: jigsat design {d}/jobs/part-0001.job … each, then jigsat design --merge {d}\n",
                d = dir.display()
            );
        }
        super::shared::Sink { path: None }.write(&text)?;
    }
    Ok(Exit::Done)
}

/// What was written and how to run it, for a person.
fn summary(name: &str, dir: &Path, split: &Split, seconds: f64, asked: u64) -> String {
    let mut sizes = split.part_estimates();
    sizes.sort_by(f64::total_cmp);
    let median = sizes.get(sizes.len() / 2).copied().unwrap_or(0.0);
    let largest = sizes.last().copied().unwrap_or(0.0);
    let fewer = if (split.parts() as u64) < asked {
        format!(" (the tree has no more subtrees than that; {asked} asked)")
    } else {
        String::new()
    };
    let d = dir.display();
    format!(
        "{name}: {} parts{fewer} in {d} from {} subtrees; estimated {:.3e} nodes in all, \
         largest part {:.3e}, median {:.3e}; cut in {seconds:.2} s ({} walks)\n\
         run them:   {d}/run-parallel.sh   (GNU parallel; arguments go to parallel)\n\
         \x20       or:   cd {d} && sbatch jigsat.sbatch   (Slurm; then jigsat merge {d})\n\
         \x20       or:   jigsat count {d}/jobs/part-0001.job … each, then jigsat merge {d}\n\
         cubes:      {d}/cubes.icnf (p inccnf, one cube per forced prefix)",
        split.parts(),
        split.subtrees(),
        split.estimated_nodes(),
        largest,
        median,
        split.walks()
    )
}
