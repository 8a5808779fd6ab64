//! `jigsat dimacs`: the CNF as a DIMACS file, for any SAT solver, or the
//! exact-cover instance in Knuth's DLX format.

use crate::exit::Exit;
use std::io::Write;

use crate::cli::{DimacsArgs, ExportFormat, name};
use jigsat::api::{Error, Result, Solver};

use super::shared::open;

pub fn run(args: &DimacsArgs) -> Result<Exit> {
    let puzzle = open(&args.puzzle, &args.problem)?;
    let e = &args.encoding;
    let solver = Solver::new()
        .symmetry(!args.no_symmetry)
        .encoding(&name(e.encoding))?
        .card(&name(e.card))?
        .edges(&name(e.edges))?;
    let mut stdout = Stdout::default();
    let written = match (args.format, &args.output) {
        (ExportFormat::Dlx, Some(path)) => {
            solver.write_dlx_file(&puzzle, path)?;
            return Ok(Exit::Done);
        }
        (ExportFormat::Dlx, None) => {
            let written = solver.write_dlx(&puzzle, &mut stdout);
            stdout.outcome(written.map(|_| ()))?;
            return Ok(Exit::Done);
        }
        (ExportFormat::Cnf, Some(path)) => solver.write_dimacs_file(&puzzle, path)?,
        (ExportFormat::Cnf, None) => {
            let written = solver.write_dimacs(&puzzle, &mut stdout);
            let flushed = written.and_then(|w| {
                std::io::stdout()
                    .flush()
                    .map_err(|e| Error::io("<stdout>", e))?;
                Ok(w)
            });
            match stdout.outcome(flushed)? {
                Some(written) => written,
                None => return Ok(Exit::Done),
            }
        }
    };
    let ms = |d: std::time::Duration| d.as_secs_f64() * 1e3;
    log::info!(
        "{} variables, {} clauses ({} encoding), encoded in {:.1} ms; {:.1} MB written in {:.1} ms ({:.0} MB/s)",
        written.variables,
        written.clauses,
        written.encoding,
        ms(written.encoding_time),
        written.bytes as f64 / 1e6,
        ms(written.writing_time),
        written.bytes as f64 / 1e6 / written.writing_time.as_secs_f64().max(1e-9)
    );
    Ok(Exit::Done)
}

/// Standard output, remembering the first error writing to it: the
/// library names its output `<output>`, the command names it `<stdout>`,
/// and a closed pipe (`jigsat dimacs … | head`) is not an error.
#[derive(Default)]
struct Stdout {
    failed: Option<std::io::Error>,
}

impl Stdout {
    /// The library's answer, with an error writing to standard output
    /// told in the command's words: `None` when the pipe was closed.
    fn outcome<T>(&mut self, answer: Result<T>) -> Result<Option<T>> {
        match (answer, self.failed.take()) {
            (Err(_), Some(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(None),
            (Err(_), Some(e)) => Err(Error::io("<stdout>", e)),
            (answer, _) => answer.map(Some),
        }
    }
}

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        std::io::stdout().lock().write(buf).inspect_err(|e| {
            self.failed
                .get_or_insert_with(|| std::io::Error::new(e.kind(), e.to_string()));
        })
    }

    fn flush(&mut self) -> std::io::Result<()> {
        std::io::stdout().lock().flush().inspect_err(|e| {
            self.failed
                .get_or_insert_with(|| std::io::Error::new(e.kind(), e.to_string()));
        })
    }
}
