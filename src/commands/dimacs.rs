//! `jigsat dimacs`: the CNF as a DIMACS file, for any SAT solver.

use std::io::Write;

use crate::cli::DimacsArgs;
use crate::encode::encode;
use crate::error::{Error, Result};
use crate::solve::dimacs::{self, CnfSource};
use crate::{Instance, ms};

use super::load;

pub fn run(args: &DimacsArgs) -> Result<i32> {
    let started = std::time::Instant::now();
    let puzzle = load(&args.puzzle)?;
    let instance = Instance::new(&puzzle)?;
    let encoded = encode(&instance.cover, args.encoding.encoding);
    let file = args.puzzle.display().to_string();
    let source = CnfSource {
        puzzle: &puzzle,
        file: &file,
        placements: &instance.placements,
        options: CnfSource::options_for(&encoded),
        encoded: &encoded,
    };
    let encoded_at = started.elapsed();
    match &args.output {
        Some(path) => dimacs::write_file(path, &source)?,
        None => {
            let stdout = std::io::stdout().lock();
            match dimacs::write(stdout, &source) {
                // `jigsat dimacs … | head` is not an error.
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => return Ok(0),
                Err(e) => return Err(Error::io("<stdout>", e)),
                Ok(()) => std::io::stdout()
                    .flush()
                    .map_err(|e| Error::io("<stdout>", e))?,
            }
        }
    }
    log::info!(
        "{} variables, {} clauses ({} encoding): encoded in {:.1} ms, written in {:.1} ms",
        encoded.cnf.num_vars(),
        encoded.cnf.num_clauses(),
        encoded.encoding,
        ms(encoded_at),
        ms(started.elapsed() - encoded_at)
    );
    Ok(0)
}
