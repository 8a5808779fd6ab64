//! `jigsat convert`: between BurrTools `.xmpuzzle` and jigsat TOML, so a
//! design kept in BurrTools can be read, edited and versioned as text,
//! and a jigsat puzzle opened in BurrTools (for its disassembly analysis,
//! say). The output's extension picks the format; whatever the target
//! format cannot say is refused by the writers in `puzzle::write`.

use crate::exit::Exit;
use std::io::Write;
use std::path::Path;

use crate::cli::ConvertArgs;
use jigsat::internal::error::{Error, Result};
use jigsat::internal::process::files::write_atomically;

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
    let bytes = match extension.as_str() {
        "toml" => puzzle.to_toml().map_err(refused)?.into_bytes(),
        "xml" => puzzle.to_xmpuzzle().map_err(refused)?.into_bytes(),
        "xmpuzzle" => gzip(puzzle.to_xmpuzzle().map_err(refused)?.as_bytes()),
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
