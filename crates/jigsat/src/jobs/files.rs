//! The files of a split, all TOML so that a person can read them: the plan
//! (`DIR/plan.toml`), one job per part (`DIR/jobs/part-0001.job`), one
//! result per finished part (`DIR/results/part-0001.result`), and the
//! checkpoint of `count --checkpoint`.
//!
//! A job carries the whole puzzle text, so it runs on a machine that has
//! nothing but jigsat and the job file.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize, de::DeserializeOwned};

use crate::error::{Error, InputError, Result};
use crate::puzzle::Puzzle;
use crate::tally::Tally;

/// The puzzle a split was cut from, as the user's file had it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PuzzleText {
    /// The file as the user named it (shown in messages).
    pub file: String,
    /// The name when the puzzle gives none (the file's stem).
    pub stem: String,
    /// The puzzle as TOML (a BurrTools file converted): what a job parses,
    /// so that it searches the very puzzle the plan was cut from.
    pub text: String,
}

impl PuzzleText {
    /// Reads a puzzle file and keeps its text: a TOML file as it is, a
    /// BurrTools file (`problem` picks one of its problems) converted to
    /// TOML, so that a job needs nothing but jigsat to run and parses the
    /// very puzzle the plan was cut from. A BurrTools puzzle that TOML
    /// cannot say is refused, with the reason.
    pub fn read(path: &Path, problem: Option<&str>) -> Result<(PuzzleText, Puzzle)> {
        let bytes = crate::input::read(path)?;
        let stem = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| "puzzle".to_string());
        let file = path.display().to_string();
        let text = if crate::puzzle::burrtools::is_xmpuzzle(path, &bytes) {
            let read = crate::puzzle::burrtools::read(&bytes, &file)?;
            let puzzle = read.puzzle(problem, &stem)?.cleaned();
            puzzle.to_toml().map_err(|why| {
                Error::Usage(format!(
                    "{file}: a split's jobs carry the puzzle as TOML, and this one cannot be said in TOML ({why}); count it in one run instead (jigsat count, with --checkpoint to go on after a stop)"
                ))
            })?
        } else {
            if let Some(p) = problem.filter(|p| *p != "0") {
                return Err(Error::Usage(format!(
                    "{file}: --problem {p}: a TOML file holds one puzzle (--problem is for BurrTools .xmpuzzle files)"
                )));
            }
            String::from_utf8(bytes).map_err(|_| {
                Error::Input(InputError {
                    file: file.clone(),
                    position: None,
                    field: None,
                    message: "not text (invalid UTF-8): expected a TOML puzzle or a BurrTools .xmpuzzle file".into(),
                })
            })?
        };
        let puzzle = Puzzle::parse(&text, &file, &stem)?;
        Ok((PuzzleText { file, stem, text }, puzzle))
    }

    /// The puzzle again; `carrier` (the job or plan file) is named in
    /// messages, since that is the file the user gave.
    pub fn parse(&self, carrier: &Path) -> Result<Puzzle> {
        let file = format!("{} (the puzzle {} inside)", carrier.display(), self.file);
        Ok(Puzzle::parse(&self.text, &file, &self.stem)?)
    }
}

/// What shapes the tree a split was cut from, besides the puzzle: a job
/// must be searched with the same.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shape {
    /// The exact engine (`dlx`, `first-cell`, `row-scan`).
    pub engine: String,
    /// Whether symmetry breaking was on.
    pub symmetry: bool,
    /// The fingerprint of the tree ([`super::fingerprint`]).
    pub fingerprint: String,
    /// The digest of the cut: every part's number and prefixes
    /// ([`super::trust::cut_digest`]). Two splits of one tree share the
    /// fingerprint, never the cut.
    pub cut: String,
    /// Parts in the split.
    pub parts: usize,
}

/// `DIR/plan.toml`: what `merge` checks the results against.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct PlanFile {
    /// The tree and cut every result must come from.
    pub plan: Shape,
    /// The walks' estimate of the whole tree.
    pub estimated_nodes: f64,
    /// Every part's digest, part 1 first ([`super::trust::part_digest`]):
    /// a result is merged only when it carries its part's.
    pub digests: Vec<String>,
    /// The puzzle the split was cut from: `merge` reads it back and
    /// checks that it still gives the plan's fingerprint.
    pub puzzle: PuzzleText,
}

/// One part: its number and the paths of its subtrees.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PartPaths {
    pub part: usize,
    pub estimated_nodes: f64,
    /// The digest of the part's number and prefixes
    /// ([`super::trust::part_digest`]).
    pub digest: String,
    pub prefixes: Vec<Vec<u32>>,
}

/// `DIR/jobs/part-NNNN.job`: one part, self-contained.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct JobFile {
    /// The tree and cut the part belongs to: the job is searched with the
    /// same engine and symmetry, and refused if the fingerprint differs.
    pub job: Shape,
    /// Which part, and the subtrees it searches.
    pub part: PartPaths,
    /// The whole puzzle text, so that the job runs where nothing else is.
    pub puzzle: PuzzleText,
}

/// What one finished part found (`Part::count`): enough for `merge` to
/// add the parts up exactly, sealed by a checksum over its figures.
///
/// ```
/// # use jigsat::api::{Solver, jobs};
/// # let dir = tempfile::tempdir().map_err(|e| jigsat::api::Error::io("<tempdir>", e))?;
/// # jobs::Source::read("puzzles/soma.toml", None)?.split(&Solver::new(), 1, 10, 1)?.write(dir.path(), "jigsat")?;
/// let part = jobs::Part::read(jobs::job_path(dir.path(), 1))?;
/// let jobs::PartCount::Finished(result) = part.count(&Solver::new())? else { panic!() };
/// // One part holds the whole search: one solution per class, at least.
/// assert!(result.solutions() >= 240);
/// # Ok::<(), jigsat::api::Error>(())
/// ```
///
/// One type for the façade and the files: the `result` table of a result
/// file and an entry of a checkpoint's `done`. Its fields are the file's,
/// hidden from the documentation: the accessors (in `api::jobs`) are the
/// interface.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PartResult {
    /// The part's number, from 1.
    #[doc(hidden)]
    pub part: usize,
    /// Parts in the split, so that a result is not merged into another cut.
    #[doc(hidden)]
    pub parts: usize,
    /// The tree's fingerprint, as its job had it.
    #[doc(hidden)]
    pub fingerprint: String,
    /// The cut's digest and the part's, as its job had them.
    #[doc(hidden)]
    pub cut: String,
    /// See `cut`: the part's digest ([`super::trust::part_digest`]).
    #[doc(hidden)]
    pub digest: String,
    /// The puzzle's name, for a person reading the file.
    #[doc(hidden)]
    pub puzzle: String,
    /// The exact engine that searched the part.
    #[doc(hidden)]
    pub engine: String,
    /// Search nodes visited.
    #[doc(hidden)]
    pub nodes: u64,
    /// Wall-clock seconds the part's search took.
    #[doc(hidden)]
    pub seconds: f64,
    /// Solutions found (after symmetry breaking).
    #[doc(hidden)]
    pub solutions: u64,
    /// Over every other field ([`super::trust::checksum`]): a damaged or
    /// edited result is refused.
    #[doc(hidden)]
    pub checksum: String,
    /// The solutions by kind ([`crate::tally`]): only the tallies of every
    /// part together divide into classes, since a class's members may lie
    /// in different parts.
    #[doc(hidden)]
    pub tally: Vec<Tally>,
    /// The same solutions by choice of pieces, when the part was run by
    /// `jigsat design JOB` ([`super::choices`]); absent from `count`'s.
    #[doc(hidden)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub choices: Option<Vec<ChoiceTally>>,
}

/// One choice's share of a part's tallies: the copies of each piece
/// entry (in the puzzle's order) and the solutions of that choice by
/// kind.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChoiceTally {
    pub pieces: Vec<u32>,
    pub tally: Vec<Tally>,
}

/// `DIR/results/part-NNNN.result`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ResultFile {
    /// The one part's result (a table of its own in the TOML).
    pub result: PartResult,
}

/// The checkpoint of `count --checkpoint FILE`: the parts, and the
/// results of those finished.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CheckpointFile {
    /// The tree and cut the count was started with: a checkpoint is only
    /// taken up again for the same.
    pub plan: Shape,
    /// The walks' estimate of the whole tree.
    pub estimated_nodes: f64,
    /// The puzzle file the count was started on (its text is not kept:
    /// the fingerprint ties the checkpoint to it).
    pub puzzle_file: String,
    /// Every part of the cut, part 1 first.
    pub parts: Vec<PartPaths>,
    /// The results of the parts finished so far, in the order they
    /// finished; the count goes on with the others.
    #[serde(default)]
    pub done: Vec<PartResult>,
}

/// The job file of part `part` in a split directory.
pub fn job_path(dir: &Path, part: usize) -> PathBuf {
    dir.join("jobs").join(format!("part-{part:04}.job"))
}

/// Where `jigsat count JOB` writes its result: `results/` beside the
/// job's `jobs/` directory, same stem.
pub fn result_path(job: &Path) -> PathBuf {
    let stem = job
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "part".into());
    let jobs_dir = job.parent().unwrap_or(Path::new("."));
    let dir = jobs_dir.parent().unwrap_or(Path::new("."));
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    dir.join("results").join(format!("{stem}.result"))
}

/// The job and result files in split directory `dir` that are not of the
/// cut `shape` names: results that `merge` would refuse (and the scripts
/// would take for done, skipping their parts), and jobs that a split with
/// `shape` would not overwrite (and the scripts would run). Files of this
/// very cut — the same puzzle, options and seed, split again after
/// plan.toml was lost — are not listed: they are still right. A file that
/// cannot be read is listed.
pub fn of_other_cuts(dir: &Path, shape: &Shape) -> Vec<PathBuf> {
    let ours: std::collections::BTreeSet<PathBuf> =
        (1..=shape.parts).map(|p| job_path(dir, p)).collect();
    let mut others = Vec::new();
    for (sub, ext) in [("results", "result"), ("jobs", "job")] {
        let Ok(entries) = std::fs::read_dir(dir.join(sub)) else {
            continue;
        };
        let mut paths: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == ext))
            .collect();
        paths.sort();
        for p in paths {
            let same = if ext == "result" {
                read::<ResultFile>(&p, "a part result").is_ok_and(|r| r.result.cut == shape.cut)
            } else {
                ours.contains(&p)
                    || read::<JobFile>(&p, "a job file").is_ok_and(|j| j.job.cut == shape.cut)
            };
            if !same {
                others.push(p);
            }
        }
    }
    others
}

/// Whether a path names a job file (by its extension).
pub fn is_job(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "job")
}

/// Reads a TOML file of type `T`; a malformed one is an input error that
/// names the file and what was expected (`what`). No output of the run may
/// replace it.
pub fn read<T: DeserializeOwned>(path: &Path, what: &str) -> Result<T> {
    parse(path, &crate::input::read_text(path)?, what)
}

/// [`read`] for a file the run rewrites itself (a checkpoint).
pub fn read_own<T: DeserializeOwned>(path: &Path, what: &str) -> Result<T> {
    parse(path, &crate::input::read_own_text(path)?, what)
}

/// `text` (of `path`) as TOML of type `T`.
fn parse<T: DeserializeOwned>(path: &Path, text: &str, what: &str) -> Result<T> {
    toml::from_str(text).map_err(|e| {
        let position = e.span().map(|s| {
            let before = text.get(..s.start.min(text.len())).unwrap_or(text);
            let line = before.matches('\n').count() + 1;
            let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
            (line, column)
        });
        Error::Input(InputError {
            file: path.display().to_string(),
            position,
            field: None,
            message: format!(
                "not {what}: {}{}",
                crate::clean::cut(e.message(), 300),
                older_hint(e.message())
            ),
        })
    })
}

/// What to say when a file lacks a field this jigsat writes for a split's
/// identity: it was made before cuts were checked.
fn older_hint(message: &str) -> &'static str {
    let fields = ["`cut`", "`digest`", "`digests`", "`checksum`"];
    if message.contains("missing field") && fields.iter().any(|f| message.contains(f)) {
        "; made by a jigsat that did not record the cut: split again (or remove the checkpoint)"
    } else {
        ""
    }
}

/// Writes `value` as TOML to `path` (through a temporary name), with
/// `comment` lines on top.
pub fn write<T: Serialize>(path: &Path, comment: &str, value: &T) -> Result<()> {
    let body = toml::to_string(value)
        .map_err(|e| Error::Bug(format!("cannot write {}: {e}", path.display())))?;
    let mut text = String::new();
    for line in comment.lines() {
        text.push_str("# ");
        text.push_str(line);
        text.push('\n');
    }
    text.push_str(&body);
    crate::process::files::write_atomically(path, |mut file| {
        use std::io::Write;
        file.write_all(text.as_bytes())?;
        Ok(text.len() as u64)
    })?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_go_beside_the_jobs_directory() {
        let p = result_path(Path::new("/x/split/jobs/part-0007.job"));
        assert_eq!(p, Path::new("/x/split/results/part-0007.result"));
        let p = result_path(Path::new("jobs/part-0001.job"));
        assert_eq!(p, Path::new("./results/part-0001.result"));
    }
}
