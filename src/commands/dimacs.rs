//! `jigsat dimacs`: the CNF as a DIMACS file, for any SAT solver, or the
//! exact-cover instance in Knuth's DLX format.

use crate::exit::Exit;
use std::io::Write;

use crate::cli::{DimacsArgs, ExportFormat};
use jigsat::api::{Error, Result};
use jigsat::internal::exact::knuth;
use jigsat::internal::instance::Instance;
use jigsat::internal::puzzle::Puzzle;
use jigsat::internal::report::ms;
use jigsat::internal::solve::dimacs::{self, CnfSource};

use super::shared::load;

pub fn run(args: &DimacsArgs) -> Result<Exit> {
    let started = std::time::Instant::now();
    let puzzle = load(&args.puzzle, &args.problem)?;
    let instance = Instance::new(&puzzle)?;
    let breaking = instance.breaking(!args.no_symmetry);
    if args.format == ExportFormat::Dlx {
        let forbidden = breaking.map(|b| b.forbidden).unwrap_or_default();
        return write_dlx(args, &puzzle, &instance, &forbidden);
    }
    let e = &args.encoding;
    instance.check_encoding(e.encoding, e.card, e.edges)?;
    let encoded = instance.encode(
        args.encoding.encoding,
        args.encoding.card,
        args.encoding.edges,
        breaking.as_ref(),
    );
    let file = args.puzzle.display().to_string();
    let source = CnfSource {
        puzzle: &puzzle,
        file: &file,
        describe: &|o| instance.family().describe(o),
        options: CnfSource::options_for(&encoded),
        encoded: &encoded,
    };
    let encoded_at = started.elapsed();
    let bytes = match &args.output {
        Some(path) => dimacs::write_file(path, &source)?,
        None => {
            let stdout = std::io::stdout().lock();
            match dimacs::write(stdout, &source) {
                // `jigsat dimacs … | head` is not an error.
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => return Ok(Exit::Done),
                Err(e) => return Err(Error::io("<stdout>", e)),
                Ok(bytes) => {
                    std::io::stdout()
                        .flush()
                        .map_err(|e| Error::io("<stdout>", e))?;
                    bytes
                }
            }
        }
    };
    let written = started.elapsed() - encoded_at;
    log::info!(
        "{} variables, {} clauses ({} encoding), encoded in {:.1} ms; {:.1} MB written in {:.1} ms ({:.0} MB/s)",
        encoded.cnf.num_vars(),
        encoded.cnf.num_clauses(),
        encoded.encoding,
        ms(encoded_at),
        bytes as f64 / 1e6,
        ms(written),
        bytes as f64 / 1e6 / written.as_secs_f64().max(1e-9)
    );
    Ok(Exit::Done)
}

/// The exact-cover instance for Knuth's DLX1/DLX2, to the output.
fn write_dlx(
    args: &DimacsArgs,
    puzzle: &Puzzle,
    instance: &Instance,
    forbidden: &[u32],
) -> Result<Exit> {
    let cover = instance.cover().for_dlx();
    let export = knuth::Export::new(&cover, &puzzle.board)
        .map_err(|why| Error::Usage(format!("{}: {why}", args.puzzle.display())))?;
    let header = vec![
        format!(
            "jigsat {}: {} ({})",
            env!("CARGO_PKG_VERSION"),
            puzzle.name,
            args.puzzle.display()
        ),
        if forbidden.is_empty() {
            "no symmetry breaking: DLX1's count is the count on a fixed board".to_string()
        } else {
            format!(
                "symmetry breaking left out {} options (--no-symmetry keeps them)",
                forbidden.len()
            )
        },
        "each option line: the piece, then its cells".to_string(),
    ];
    match &args.output {
        Some(path) => {
            jigsat::internal::process::files::write_atomically(path, |file| {
                export.write(file, forbidden, &header)
            })?;
        }
        None => match export.write(std::io::stdout().lock(), forbidden, &header) {
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
            Err(e) => return Err(Error::io("<stdout>", e)),
            Ok(_) => {}
        },
    }
    Ok(Exit::Done)
}
