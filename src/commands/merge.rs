//! `jigsat merge DIR`: the results of a split's parts added up, printed as
//! `count` prints an in-process count.

use crate::exit::Exit;
use std::path::{Path, PathBuf};

use crate::cli::MergeArgs;
use jigsat::api::{Error, Result};
use jigsat::internal::jobs;
use jigsat::internal::jobs::files::{self, PartResult, PlanFile, ResultFile};

use super::shared::Sink;

pub fn run(args: &MergeArgs) -> Result<Exit> {
    super::shared::no_picture(args.output.format, "merge")?;
    let plan_path = args.dir.join("plan.toml");
    let plan: PlanFile = files::read(&plan_path, "a split plan (jigsat split writes plan.toml)")?;
    jobs::trust::check_plan(&plan.plan, &plan.digests)
        .map_err(|why| Error::Usage(format!("{}: {why}", plan_path.display())))?;
    let puzzle = plan.puzzle.parse(&plan_path)?;
    jobs::run::check_plan_puzzle(&puzzle, &plan.plan)
        .map_err(|why| Error::Usage(format!("{}: {why}", plan_path.display())))?;
    let results = read_results(&args.dir.join("results"), plan.plan.parts)?;
    let merged = jobs::merge(&plan.plan, &plan.digests, &results).map_err(|why| {
        Error::Usage(format!(
            "{}: cannot merge, nothing is claimed:\n  {why}",
            args.dir.display()
        ))
    })?;
    let out = super::shared::counts::counted(
        &puzzle,
        &plan.plan.engine,
        plan.plan.parts,
        &merged,
        args.output.format,
    );
    Sink {
        path: args.output.output.as_deref(),
    }
    .write(&out.0)?;
    Ok(out.1)
}

/// Every `*.result` file in `dir`, named by path. More files than the
/// plan's `parts` (with some room for strays) are refused before any is
/// read: each is read whole, and a directory of millions would cost
/// memory and time for a merge that must fail anyway.
fn read_results(dir: &Path, parts: usize) -> Result<Vec<(String, PartResult)>> {
    let entries = std::fs::read_dir(dir).map_err(|e| Error::io(dir, e))?;
    let most = parts.saturating_mul(2).saturating_add(100);
    let mut paths: Vec<PathBuf> = Vec::new();
    for p in entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "result"))
    {
        if paths.len() == most {
            return Err(Error::Usage(format!(
                "{}: more than {most} result files for a split of {parts} parts; cannot merge, nothing is claimed",
                dir.display()
            )));
        }
        paths.push(p);
    }
    paths.sort();
    paths
        .iter()
        .map(|p| {
            let r: ResultFile = files::read(p, "a part result (jigsat count JOB writes them)")?;
            Ok((p.display().to_string(), r.result))
        })
        .collect()
}
