//! `jigsat convert`: between BurrTools `.xmpuzzle` and jigsat TOML, so a
//! design kept in BurrTools can be read, edited and versioned as text,
//! and a jigsat puzzle opened in BurrTools (for its disassembly analysis,
//! say). The output's extension picks the format; whatever the target
//! format cannot say is refused by the library's writers
//! ([`jigsat::api::Puzzle::to_toml`], [`jigsat::api::Puzzle::to_xmpuzzle`]).

use crate::exit::Exit;
use std::io::Write;
use std::path::Path;

use crate::cli::ConvertArgs;
use jigsat::api::disassembly::{Disassembler, Disassembly, Groups, first_halt};
use jigsat::api::run::Stop;
use jigsat::api::{Error, Puzzle, Result, Solution, Solver, process};

use super::shared::open;

pub fn run(args: &ConvertArgs) -> Result<Exit> {
    refuse_overwriting_input(&args.input, &args.output)?;
    let puzzle = open(&args.input, &args.problem)?;
    let extension = args
        .output
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default();
    let refused = |e: Error| {
        Error::Usage(format!(
            "{}: cannot convert to {}: {e}",
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
    let groups = Groups::from_file(&args.input, args.problem.problem.as_deref())?;
    let (stored, totals) = match args.solutions {
        0 => (Vec::new(), None),
        _ => match with_solutions(args, &puzzle, &groups)? {
            Ok(found) => found,
            Err((line, exit)) => {
                eprintln!("{line}");
                return Ok(exit);
            }
        },
    };
    // Groups and weights go to BurrTools as they came from it.
    let xml = |puzzle: &Puzzle| {
        puzzle
            .to_xmpuzzle(&groups, &stored, totals)
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
    process::write_bytes(&args.output, &bytes)?;
    Ok(Exit::Done)
}

/// A run stopped by Ctrl-C or a limit: its line and exit status.
type Stopped = (String, Exit);

/// The assemblies to store, each with its disassembly, and the totals
/// when they are all of them.
type Found = (Vec<(Solution, Option<Disassembly>)>, Option<(u64, u64)>);

/// `--solutions N`: the first N classes of assemblies, each taken apart
/// (with its plan) as `jigsat disasm` does, and the totals when the
/// classes are all of them.
fn with_solutions(
    args: &ConvertArgs,
    puzzle: &Puzzle,
    groups: &Groups,
) -> Result<std::result::Result<Found, Stopped>> {
    let interrupt = process::interrupt_flag();
    let found = Solver::new()
        .stop_flag(interrupt.clone())
        .limit(args.solutions)
        .enumerate(puzzle, None, &mut |_| {})?;
    if found.stopped == Some(Stop::Interrupted) {
        let line = format!(
            "{}: interrupted while finding the assemblies (nothing written)",
            args.input.display()
        );
        return Ok(Err((line, Exit::Interrupted)));
    }
    let disassembler = Disassembler::new()
        .groups(groups.clone())
        .stop_flag(interrupt);
    let space = disassembler.check(puzzle).is_ok();
    let taken = if space {
        process::rearm();
        let taken = disassembler.take_apart(&found.classes)?;
        if let Some(halted) = first_halt(&taken) {
            let line = format!("{}: {halted} (nothing written)", args.input.display());
            return Ok(Err((line, super::disasm::halt_exit(halted.interrupted()))));
        }
        taken.iter().map(|t| t.disassembly().cloned()).collect()
    } else {
        vec![None; found.classes.len()]
    };
    let come_apart = taken
        .iter()
        .flatten()
        .filter(|d: &&Disassembly| d.comes_apart())
        .count() as u64;
    let totals = (found.complete && space).then_some((found.distinct, come_apart));
    let stored = found.classes.into_iter().zip(taken).collect();
    Ok(Ok((stored, totals)))
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
