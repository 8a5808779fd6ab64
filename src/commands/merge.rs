//! `jigsat merge DIR`: the results of a split's parts added up, printed as
//! `count` prints an in-process count.

use crate::exit::Exit;
use std::path::{Path, PathBuf};

use crate::cli::MergeArgs;
use jigsat::error::{Error, Result};
use jigsat::jobs;
use jigsat::jobs::files::{self, PartResult, PlanFile, ResultFile};

use super::Sink;

pub fn run(args: &MergeArgs) -> Result<Exit> {
    super::no_picture(args.output.format, "merge")?;
    let plan_path = args.dir.join("plan.toml");
    let plan: PlanFile = files::read(&plan_path, "a split plan (jigsat split writes plan.toml)")?;
    let puzzle = plan.puzzle.parse(&plan_path)?;
    let results = read_results(&args.dir.join("results"))?;
    let merged = jobs::merge(&plan.plan.fingerprint, plan.plan.parts, &results).map_err(|why| {
        Error::Usage(format!(
            "{}: cannot merge, nothing is claimed: {why}",
            args.dir.display()
        ))
    })?;
    let out = super::counts::counted(
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

/// Every `*.result` file in `dir`, named by path.
fn read_results(dir: &Path) -> Result<Vec<(String, PartResult)>> {
    let entries = std::fs::read_dir(dir).map_err(|e| Error::io(dir, e))?;
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "result"))
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|p| {
            let r: ResultFile = files::read(p, "a part result (jigsat count JOB writes them)")?;
            Ok((p.display().to_string(), r.result))
        })
        .collect()
}
