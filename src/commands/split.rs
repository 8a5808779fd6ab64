//! `jigsat split`: a count cut into parts, written as files that GNU
//! parallel, Slurm and cube-and-conquer SAT solvers can run.

use crate::exit::Exit;
use std::path::Path;
use std::time::Instant;

use crate::cli::SplitArgs;
use jigsat::api::{Error, Result};
use jigsat::internal::instance::Instance;
use jigsat::internal::jobs::files::{self, JobFile, PlanFile, PuzzleText};
use jigsat::internal::jobs::run::{Cut, cut};
use jigsat::internal::jobs::scripts;
use jigsat::internal::options::Options;
use jigsat::internal::puzzle::Puzzle;
use jigsat::internal::solve::dimacs::{self, CnfSource};

pub fn run(args: &SplitArgs, quiet: bool) -> Result<Exit> {
    let started = Instant::now();
    let (text, puzzle) = PuzzleText::read(&args.puzzle, args.problem.problem.as_deref())?;
    for w in &puzzle.warnings {
        log::warn!("{w}");
    }
    let dir = &args.output;
    if dir.join("plan.toml").exists() {
        return Err(Error::Usage(format!(
            "{}: holds a split already (plan.toml); choose another directory or remove that one",
            dir.display()
        )));
    }
    let options = args.search.options(None);
    let cut = cut(
        &puzzle,
        &options,
        args.parts as usize,
        args.probes as usize,
        args.seed,
    )?
    .map_err(|reason| Error::Usage(format!("{}: cannot split: {reason}", args.puzzle.display())))?;
    let cut_seconds = started.elapsed().as_secs_f64();
    refuse_other_cuts(dir, &cut)?;
    let split = Split {
        dir,
        text: &text,
        puzzle: &puzzle,
        options: &options,
        cut: &cut,
    };
    split.write()?;
    if !quiet {
        // Through the sink that takes a closed pipe (`split … | head`)
        // calmly, as every other command's output does.
        let text = summary(&puzzle, dir, &cut, cut_seconds, args.parts) + "\n";
        super::shared::Sink { path: None }.write(&text)?;
    }
    Ok(Exit::Done)
}

/// A cut count and where it goes: what the files of a split are made of.
struct Split<'a> {
    dir: &'a Path,
    text: &'a PuzzleText,
    puzzle: &'a Puzzle,
    options: &'a Options,
    cut: &'a Cut,
}

impl Split<'_> {
    /// Everything in DIR: the plan, the jobs, the cubes and the two scripts.
    fn write(&self) -> Result<()> {
        let Split {
            dir,
            text,
            puzzle,
            cut,
            ..
        } = *self;
        for sub in ["jobs", "results", "logs"] {
            let d = dir.join(sub);
            std::fs::create_dir_all(&d).map_err(|e| Error::io(&d, e))?;
        }
        let plan = PlanFile {
            plan: cut.shape.clone(),
            estimated_nodes: cut.estimated_nodes,
            digests: cut.parts.iter().map(|p| p.digest.clone()).collect(),
            puzzle: text.clone(),
        };
        let about = format!(
            "jigsat {}: a count of {} ({}) cut into {} parts.\nRun the parts (run-parallel.sh, jigsat.sbatch or `jigsat count jobs/part-NNNN.job`), then `jigsat merge DIR`.",
            env!("CARGO_PKG_VERSION"),
            puzzle.name,
            text.file,
            cut.parts.len()
        );
        files::write(&dir.join("plan.toml"), &about, &plan)?;
        for part in &cut.parts {
            let job = JobFile {
                job: cut.shape.clone(),
                part: part.clone(),
                puzzle: text.clone(),
            };
            let comment = format!(
                "jigsat job: part {} of {} of {}. Run it with `jigsat count THIS_FILE`;\nthe result goes to results/ beside this jobs/ directory. Prefixes are option numbers\n(the `c var` lines of cubes.icnf name them).",
                part.part, cut.shape.parts, puzzle.name
            );
            files::write(&files::job_path(dir, part.part), &comment, &job)?;
        }
        self.write_cubes()?;
        let jigsat = std::env::current_exe()
            .map(|p| p.display().to_string())
            .unwrap_or_else(|_| "jigsat".into());
        let parts = cut.parts.len();
        write_script(
            &dir.join("run-parallel.sh"),
            &scripts::parallel(&jigsat, parts),
        )?;
        write_script(
            &dir.join("jigsat.sbatch"),
            &scripts::sbatch(&jigsat, &puzzle.name, parts),
        )
    }

    /// `cubes.icnf`: the CNF (with the same symmetry breaking as the tree)
    /// and each part's prefixes as cubes.
    fn write_cubes(&self) -> Result<()> {
        let Split {
            dir,
            text,
            puzzle,
            options,
            cut,
        } = *self;
        let instance = Instance::new(puzzle)?;
        let encoded = instance.encode_for(options)?;
        let source = CnfSource {
            puzzle,
            file: &text.file,
            describe: &|o| instance.family().describe(o),
            options: CnfSource::options_for(&encoded),
            encoded: &encoded,
        };
        let cubes: Vec<(usize, Vec<Vec<u32>>)> = cut
            .parts
            .iter()
            .map(|p| (p.part, p.prefixes.clone()))
            .collect();
        let path = dir.join("cubes.icnf");
        jigsat::internal::process::files::write_atomically(&path, |file| {
            dimacs::write_cubes(file, &source, &cubes)
        })?;
        Ok(())
    }
}

/// Refuses a directory holding job or result files of another cut
/// ([`files::of_other_cuts`]).
fn refuse_other_cuts(dir: &Path, cut: &Cut) -> Result<()> {
    let mut others: Vec<String> = files::of_other_cuts(dir, &cut.shape)
        .iter()
        .map(|p| p.display().to_string())
        .collect();
    if others.is_empty() {
        return Ok(());
    }
    let n = others.len();
    others.truncate(3);
    Err(Error::Usage(format!(
        "{}: holds {n} job or result file{} of another split ({}{}): they would be run or skipped as if they were this split's, and merge would refuse them; remove them or choose another directory",
        dir.display(),
        if n == 1 { "" } else { "s" },
        others.join(", "),
        if n > 3 { ", …" } else { "" }
    )))
}

/// A script, executable.
fn write_script(path: &Path, text: &str) -> Result<()> {
    jigsat::internal::process::files::write_atomically(path, |mut file| {
        use std::io::Write;
        file.write_all(text.as_bytes())?;
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            file.set_permissions(std::fs::Permissions::from_mode(0o755))?;
        }
        Ok(text.len() as u64)
    })?;
    Ok(())
}

/// What was written and how to run it, for a person.
fn summary(puzzle: &Puzzle, dir: &Path, cut: &Cut, seconds: f64, asked: u64) -> String {
    let mut sizes: Vec<f64> = cut.parts.iter().map(|p| p.estimated_nodes).collect();
    sizes.sort_by(f64::total_cmp);
    let median = sizes.get(sizes.len() / 2).copied().unwrap_or(0.0);
    let largest = sizes.last().copied().unwrap_or(0.0);
    let subtrees: usize = cut.parts.iter().map(|p| p.prefixes.len()).sum();
    let fewer = if (cut.parts.len() as u64) < asked {
        format!(" (the tree has no more subtrees than that; {asked} asked)")
    } else {
        String::new()
    };
    let d = dir.display();
    format!(
        "{}: {} parts{fewer} in {d} from {subtrees} subtrees; estimated {:.3e} nodes in all, \
         largest part {:.3e}, median {:.3e}; cut in {seconds:.2} s ({} walks)\n\
         run them:   {d}/run-parallel.sh   (GNU parallel; arguments go to parallel)\n\
         \x20       or:   cd {d} && sbatch jigsat.sbatch   (Slurm; then jigsat merge {d})\n\
         \x20       or:   jigsat count {d}/jobs/part-0001.job … each, then jigsat merge {d}\n\
         cubes:      {d}/cubes.icnf (p inccnf, one cube per forced prefix)",
        puzzle.name,
        cut.parts.len(),
        cut.estimated_nodes,
        largest,
        median,
        cut.walks
    )
}
