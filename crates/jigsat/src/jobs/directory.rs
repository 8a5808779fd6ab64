//! The split directory protocol: what `jigsat split` writes into a
//! directory (`plan.toml`, `jobs/`, `results/`, `logs/`, `cubes.icnf`,
//! the two scripts) and what `jigsat merge` reads back from it. A write
//! that fails part-way leaves the directory as it found it; a merge
//! claims nothing unless the plan is whole and every part's result is
//! there exactly once (`super::merge`).
//!
//! The façade (`api::jobs`) declares the types a caller holds; the files
//! and their checks live here.

use std::path::{Path, PathBuf};

use super::files::{self, JobFile, PlanFile, PuzzleText, ResultFile};
use super::run::{self, Cut};
use crate::error::{Error, Result};
use crate::options::Options;
use crate::puzzle::Puzzle;

/// Refuses a directory that holds a split already (its `plan.toml`):
/// a write checks it, and a caller about to cut checks it first, so as
/// not to cut in vain.
pub fn check(dir: &Path) -> Result<()> {
    if dir.join("plan.toml").exists() {
        return Err(Error::Usage(format!(
            "{}: holds a split already (plan.toml); choose another directory or remove that one",
            dir.display()
        )));
    }
    Ok(())
}

/// The files and directories a split's write made, removed again unless
/// it [`Made::keep`]s them: a write that fails part-way (a full disk)
/// leaves the directory as it found it, so that a rerun is not refused
/// for a split it never finished. What was there before is never
/// removed.
#[derive(Default)]
struct Made {
    files: Vec<PathBuf>,
    dirs: Vec<PathBuf>,
    kept: bool,
}

impl Made {
    /// Creates `dir` (and its parents) unless it is there, noting what it
    /// made.
    fn dir(&mut self, dir: &Path) -> Result<()> {
        let mut missing: Vec<PathBuf> = dir
            .ancestors()
            .take_while(|d| !d.as_os_str().is_empty() && !d.exists())
            .map(Path::to_path_buf)
            .collect();
        std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
        missing.reverse();
        self.dirs.extend(missing);
        Ok(())
    }

    /// Writes `path` with `write`, noting it if it was not there before.
    fn file(&mut self, path: &Path, write: impl FnOnce(&Path) -> Result<()>) -> Result<()> {
        if !path.exists() {
            self.files.push(path.to_path_buf());
        }
        write(path)
    }

    /// The write finished: everything stays.
    fn keep(mut self) {
        self.kept = true;
    }
}

impl Drop for Made {
    fn drop(&mut self) {
        if self.kept {
            return;
        }
        for f in self.files.iter().rev() {
            let _ = std::fs::remove_file(f);
        }
        for d in self.dirs.iter().rev() {
            let _ = std::fs::remove_dir(d);
        }
    }
}

/// A split ready to be written: the puzzle's text (which every job
/// carries), the puzzle, the options it was cut with, and the cut.
pub struct SplitFiles<'a> {
    /// The puzzle as the user's file had it.
    pub text: &'a PuzzleText,
    /// The puzzle parsed from `text`.
    pub puzzle: &'a Puzzle,
    /// The options of the cut (the CNF of `cubes.icnf` is encoded with
    /// them).
    pub options: &'a Options,
    /// The parts.
    pub cut: &'a Cut,
}

impl SplitFiles<'_> {
    /// Writes the split into `dir` (created): `plan.toml`, one job per
    /// part in `jobs/`, empty `results/` and `logs/`, `cubes.icnf` and
    /// the two scripts, which run the program `jigsat`. Refuses a
    /// directory holding a split already, or job or result files of
    /// another cut (the scripts would run or skip them, and the merge
    /// refuse them); undoes what it wrote should a file fail.
    pub fn write(&self, dir: &Path, jigsat: &str) -> Result<()> {
        check(dir)?;
        self.refuse_other_cuts(dir)?;
        let mut made = Made::default();
        self.write_files(dir, jigsat, &mut made)?;
        made.keep();
        Ok(())
    }

    /// The files of [`SplitFiles::write`], each noted in `made` (undone should
    /// one fail); `plan.toml` last, so that a directory holding it holds
    /// a whole split.
    fn write_files(&self, dir: &Path, jigsat: &str, made: &mut Made) -> Result<()> {
        {
            let &SplitFiles {
                text, puzzle, cut, ..
            } = self;
            made.dir(dir)?;
            for sub in ["jobs", "results", "logs"] {
                made.dir(&dir.join(sub))?;
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
                let path = files::job_path(dir, part.part);
                made.file(&path, |p| files::write(p, &comment, &job))?;
            }
            made.file(&dir.join("cubes.icnf"), |p| self.write_cubes(p))?;
            let parts = cut.parts.len();
            let scripts = super::scripts::parallel(jigsat, parts);
            made.file(&dir.join("run-parallel.sh"), |p| write_script(p, &scripts))?;
            let sbatch = super::scripts::sbatch(jigsat, &puzzle.name, parts);
            made.file(&dir.join("jigsat.sbatch"), |p| write_script(p, &sbatch))?;
            made.file(&dir.join("plan.toml"), |p| files::write(p, &about, &plan))
        }
    }

    /// `cubes.icnf` (`path`): the CNF (with the same symmetry breaking as
    /// the tree) and each part's prefixes as cubes.
    fn write_cubes(&self, path: &Path) -> Result<()> {
        use crate::solve::dimacs::{self, CnfSource};
        let &SplitFiles {
            text,
            puzzle,
            options,
            cut,
        } = self;
        let instance = crate::instance::Instance::new(puzzle)?;
        let encoded = instance.encode_for(options)?;
        let cnf = CnfSource {
            puzzle,
            file: &text.file,
            describe: &|o| instance.family().describe(o),
            options: CnfSource::options_for(&encoded),
            encoded: &encoded,
        };
        // A prefix may hold slack steps (a piece left out), which are
        // literals too, negated ones.
        let cover = instance.cover();
        let cube = |prefix: &Vec<u32>| match cut.shape.engine.as_str() {
            "dlx" => crate::exact::cube_literals(cover, prefix)
                .ok_or_else(|| Error::Bug("a dlx tree over a cover dlx cannot take".into())),
            _ => Ok(prefix.iter().map(|&o| i64::from(o) + 1).collect()),
        };
        let cubes = cut
            .parts
            .iter()
            .map(|p| Ok((p.part, p.prefixes.iter().map(cube).collect::<Result<_>>()?)))
            .collect::<Result<Vec<(usize, Vec<Vec<i64>>)>>>()?;
        crate::process::files::write_atomically(path, |file| {
            dimacs::write_cubes(file, &cnf, &cubes)
        })?;
        Ok(())
    }

    /// Refuses a directory holding job or result files of another cut
    /// (the files module's `of_other_cuts`).
    fn refuse_other_cuts(&self, dir: &Path) -> Result<()> {
        let mut others: Vec<String> = files::of_other_cuts(dir, &self.cut.shape)
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
}

/// A script, executable.
fn write_script(path: &Path, text: &str) -> Result<()> {
    crate::process::files::write_atomically(path, |mut file| {
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

/// A split added up from its directory ([`merge`]).
pub struct Merged {
    /// The plan the results were checked against.
    pub plan: PlanFile,
    /// The puzzle of the plan, checked to give the plan's tree.
    pub puzzle: Puzzle,
    /// The totals.
    pub merged: super::Merged,
    /// The results added up, by file (`jigsat design --merge` adds up
    /// their choices too).
    pub results: Vec<(String, files::PartResult)>,
}

/// Adds up the results of the split in `dir` (`jigsat merge DIR`): the
/// plan must be whole (its parts' digests its cut's) and its puzzle the
/// one its parts were cut from, and every part's result must be there
/// exactly once, of this cut, with a sound checksum ([`super::merge`]).
/// Otherwise nothing is claimed: the error names every file that is
/// wrong and why.
pub fn merge(dir: &Path) -> Result<Merged> {
    let plan_path = dir.join("plan.toml");
    let plan: PlanFile = files::read(&plan_path, "a split plan (jigsat split writes plan.toml)")?;
    let in_plan = |why: String| Error::Usage(format!("{}: {why}", plan_path.display()));
    super::trust::check_plan(&plan.plan, &plan.digests).map_err(in_plan)?;
    let puzzle = plan.puzzle.parse(&plan_path)?;
    run::check_plan_puzzle(&puzzle, &plan.plan).map_err(in_plan)?;
    let results = read_results(&dir.join("results"), plan.plan.parts)?;
    let merged = super::merge(&plan.plan, &plan.digests, &results).map_err(|why| {
        Error::Usage(format!(
            "{}: cannot merge, nothing is claimed:\n  {why}",
            dir.display()
        ))
    })?;
    Ok(Merged {
        plan,
        puzzle,
        merged,
        results,
    })
}

/// Every `*.result` file in `dir`, named by path. More files than the
/// plan's `parts` (with some room for strays) are refused before any is
/// read: each is read whole, and a directory of millions would cost
/// memory and time for a merge that must fail anyway.
fn read_results(dir: &Path, parts: usize) -> Result<Vec<(String, files::PartResult)>> {
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
