//! `jigsat convert`: between BurrTools `.xmpuzzle` and jigsat TOML, so a
//! design kept in BurrTools can be read, edited and versioned as text,
//! and a jigsat puzzle opened in BurrTools (for its disassembly analysis,
//! say). The output's extension picks the format; whatever the target
//! format cannot say is refused by the writers in `puzzle::write`.

use crate::exit::Exit;
use std::io::Write;
use std::path::Path;

use crate::cli::ConvertArgs;
use jigsat::api::{Error, Result};
use jigsat::internal::disasm::Outcome;
use jigsat::internal::process::files::write_atomically;
use jigsat::internal::puzzle::stored::Taken;
use jigsat::internal::puzzle::write::Stored;

use super::shared::load;

pub fn run(args: &ConvertArgs) -> Result<Exit> {
    refuse_overwriting_input(&args.input, &args.output)?;
    let puzzle = load(&args.input, &args.problem)?;
    let extension = args
        .output
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default();
    let refused = |why: String| {
        Error::Usage(format!(
            "{}: cannot convert to {}: {why}",
            args.input.display(),
            args.output.display()
        ))
    };
    let burrtools = matches!(extension.as_str(), "xml" | "xmpuzzle");
    if args.solutions > 0 && !burrtools {
        return Err(Error::Usage(format!(
            "{}: --solutions stores solutions in a BurrTools file (.xmpuzzle or .xml)",
            args.output.display()
        )));
    }
    let groups = super::disasm::groups(&args.input, args.problem.problem.as_deref())?;
    let (stored, totals) = match args.solutions {
        0 => (Vec::new(), None),
        _ => match with_solutions(args, &puzzle)? {
            Ok(found) => found,
            Err((line, exit)) => {
                eprintln!("{line}");
                return Ok(exit);
            }
        },
    };
    // Groups and weights go to BurrTools as they came from it.
    let xml = |puzzle: &jigsat::internal::puzzle::Puzzle| -> Result<String> {
        jigsat::internal::puzzle::write::xmpuzzle_with(puzzle, &stored, totals, groups.as_deref())
            .map_err(refused)
    };
    let bytes = match extension.as_str() {
        "toml" => puzzle.to_toml().map_err(refused)?.into_bytes(),
        "xml" => xml(&puzzle)?.into_bytes(),
        "xmpuzzle" => gzip(xml(&puzzle)?.as_bytes()),
        _ => {
            return Err(Error::Usage(format!(
                "{}: the output's extension says its format: .toml, .xmpuzzle or .xml",
                args.output.display()
            )));
        }
    };
    write_atomically(&args.output, |mut file| {
        file.write_all(&bytes)?;
        Ok(bytes.len() as u64)
    })?;
    Ok(Exit::Done)
}

/// `--solutions N`: the first N classes of assemblies, each taken apart
/// (with its plan) as `jigsat disasm` does, and the totals when the
/// classes are all of them.
/// A run stopped by Ctrl-C or a limit: its line and exit status.
type Stopped = (String, Exit);

/// The solutions to store, and the totals when they are all of them.
type Found = (Vec<Stored>, Option<(u64, u64)>);

fn with_solutions(
    args: &ConvertArgs,
    puzzle: &jigsat::internal::puzzle::Puzzle,
) -> Result<std::result::Result<Found, Stopped>> {
    let started = std::time::Instant::now();
    let interrupt = jigsat::internal::process::interrupt::flag();
    let mut options = jigsat::internal::options::Options {
        stop: Some(interrupt.clone()),
        ..Default::default()
    };
    options.limit = Some(args.solutions);
    let (result, _) = jigsat::internal::pipeline::enumerate(puzzle, &options, &mut |_| {})?;
    if result.stopped == Some(jigsat::internal::enumerate::Stopped::Interrupted) {
        let line = format!(
            "{}: interrupted while finding the assemblies (nothing written)",
            args.input.display()
        );
        return Ok(Err((line, Exit::Interrupted)));
    }
    let space = super::disasm::check_puzzle(&args.input, puzzle).is_ok();
    let answers = if space {
        jigsat::internal::process::interrupt::rearm();
        let groups = super::disasm::groups(&args.input, args.problem.problem.as_deref())?;
        let limits = super::disasm::limits(interrupt, None, started);
        let answers = super::disasm::take_apart(
            puzzle,
            &result.classes,
            groups.as_deref(),
            true,
            jigsat::internal::disasm::Rule::BurrTools,
            &limits,
            options.threads(),
        )?;
        if let Some((halt, progress)) = super::disasm::first_halt(&answers) {
            let (line, exit) = super::disasm::halt_line(&args.input, &halt, &progress);
            return Ok(Err((format!("{line} (nothing written)"), exit)));
        }
        answers
    } else {
        vec![None; result.classes.len()]
    };
    let mut come_apart = 0;
    let stored = result
        .classes
        .iter()
        .zip(&answers)
        .map(|(s, a)| {
            let taken = match a {
                Some(Ok(d)) if d.comes_apart() => {
                    come_apart += 1;
                    taken(&d.tree, (0..s.pieces().len()).collect())
                }
                _ => None,
            };
            Stored {
                placed: (s.pieces().iter())
                    .map(|p| (p.piece, p.cells.clone()))
                    .collect(),
                taken,
            }
        })
        .collect();
    let totals = (result.complete && space).then_some((result.distinct, come_apart));
    Ok(Ok((stored, totals)))
}

/// A disassembly tree as moves of the solution's pieces (`pieces`: the
/// part's), for [`jigsat::internal::puzzle::write::xmpuzzle_with`]; `None` for a
/// part that is not taken apart further (one piece, or a group).
fn taken(tree: &Outcome, pieces: Vec<usize>) -> Option<Taken> {
    let Outcome::Apart {
        steps,
        left,
        removed,
        ..
    } = tree
    else {
        return None;
    };
    let moves: Vec<(Vec<usize>, [i32; 3])> = steps
        .iter()
        .map(|s| {
            let u = jigsat::internal::disasm::unit(s.dir);
            let k = if s.separates { 1 } else { s.distance as i32 };
            (s.pieces.clone(), [u[0] * k, u[1] * k, u[2] * k])
        })
        .collect();
    let gone: Vec<usize> = steps.last().map(|s| s.pieces.clone()).unwrap_or_default();
    let mut gone_sorted = gone.clone();
    gone_sorted.sort_unstable();
    let stay: Vec<usize> = pieces
        .iter()
        .copied()
        .filter(|p| !gone.contains(p))
        .collect();
    Some(Taken {
        removed: taken(removed, gone_sorted).map(Box::new),
        left: taken(left, stay).map(Box::new),
        pieces,
        moves,
    })
}

/// The output may not be the input, by name or (when both exist) by
/// identity: a failed conversion must never cost the user the original.
fn refuse_overwriting_input(input: &Path, output: &Path) -> Result<()> {
    let same = input == output
        || matches!(
            (input.canonicalize(), output.canonicalize()),
            (Ok(a), Ok(b)) if a == b
        );
    if same {
        return Err(Error::Usage(format!(
            "{}: convert never overwrites its input; give another -o",
            input.display()
        )));
    }
    Ok(())
}

/// `bytes` gzip-compressed, as BurrTools writes its files.
fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    encoder
        .write_all(bytes)
        .and_then(|_| encoder.finish())
        .expect("writing to memory does not fail")
}
