//! `solve --all` and `--limit` in text or JSON: each class written as the
//! enumeration finds it ([`jigsat::api::Solver::enumerate`]), never held, so
//! that listing 1.6 million classes takes the memory of one. What is
//! known only at the end — the status, the counts — closes the output.
//!
//! To a file (`-o`) the output goes to a temporary file renamed into
//! place when it is closed ([`OutputFile`]): a run that fails leaves no
//! file, and one stopped by the time limit or Ctrl-C closes its document
//! with status `unknown` and no counts, as when the classes were held. To
//! standard output the classes appear as they are found; a reader that
//! goes away (`| head`) is not an error, and the rest is not written.

use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use crate::cli::Format;
use jigsat::api::process::{self, OutputFile};
use jigsat::api::render::JsonWriter;
use jigsat::api::run::{Enumeration, OnClass};
use jigsat::api::{Error, Puzzle, Result, Solution};

/// Where the listing goes.
enum Target {
    File(OutputFile),
    /// Standard output; `closed` once its reader has gone.
    Stdout {
        closed: bool,
    },
}

impl Write for Target {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match self {
            Target::File(f) => f.write(buf),
            Target::Stdout { closed: true } => Ok(buf.len()),
            Target::Stdout { closed } => {
                // Once the classes reach the terminal the run has reached
                // its output: the time limit's watchdog must not print a
                // second document after half of this one.
                process::finishing();
                let mut out = std::io::stdout().lock();
                match out.write_all(buf).and_then(|_| out.flush()) {
                    Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {
                        *closed = true;
                        Ok(buf.len())
                    }
                    Err(e) => Err(e),
                    Ok(()) => Ok(buf.len()),
                }
            }
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        match self {
            Target::File(f) => f.flush(),
            Target::Stdout { .. } => Ok(()),
        }
    }
}

/// How the classes are written.
enum Form {
    Json(JsonWriter<BufWriter<Target>>),
    Text {
        out: BufWriter<Target>,
        /// Colours and `--ascii` walls.
        style: (bool, bool),
        /// No "solution N" headers nor summary (`-q`).
        quiet: bool,
        listed: u64,
    },
}

/// A listing being written: its classes go in through [`Listed::hook`]
/// during the enumeration, its end through [`Listed::finish`].
pub(crate) struct Listed {
    form: Arc<Mutex<Option<Form>>>,
    puzzle: Puzzle,
    /// For messages: the file, or `<stdout>`.
    name: PathBuf,
}

impl Listed {
    /// Opens the output (`path`, or standard output) and writes what
    /// comes before the classes; a refused `-o` (a file this run reads,
    /// a directory) is refused here, before any search.
    pub(crate) fn open(
        path: Option<&Path>,
        format: Format,
        style: (bool, bool),
        quiet: bool,
        puzzle: &Puzzle,
    ) -> Result<Listed> {
        let (target, name) = match path {
            Some(p) => {
                let file = OutputFile::create(p)?;
                let name = file.path().to_path_buf();
                (Target::File(file), name)
            }
            None => (Target::Stdout { closed: false }, PathBuf::from("<stdout>")),
        };
        // Classes are written a line at a time; the buffer makes that a
        // system call per 64 KiB.
        let out = BufWriter::with_capacity(1 << 16, target);
        let form = match format {
            Format::Json => {
                Form::Json(JsonWriter::start(out, puzzle).map_err(|e| Error::io(&name, e))?)
            }
            _ => Form::Text {
                out,
                style,
                quiet,
                listed: 0,
            },
        };
        Ok(Listed {
            form: Arc::new(Mutex::new(Some(form))),
            puzzle: puzzle.clone(),
            name,
        })
    }

    /// What the enumeration calls with each class it finds.
    pub(crate) fn hook(&self) -> Arc<OnClass> {
        let (form, name) = (Arc::clone(&self.form), self.name.clone());
        Arc::new(move |s: Solution| {
            let mut form = form
                .lock()
                .map_err(|_| Error::bug("the listing's writer panicked"))?;
            if let Some(f) = form.as_mut() {
                f.class(&s).map_err(|e| Error::io(&name, e))?;
            }
            Ok(true)
        })
    }

    /// Writes the end (the status, the counts when the enumeration was
    /// complete, the figures; in text the summary line) and, for a file,
    /// puts it in place.
    pub(crate) fn finish(self, result: &Enumeration) -> Result<()> {
        let form = self.form.lock().ok().and_then(|mut f| f.take());
        let Some(form) = form else {
            return Ok(());
        };
        let io = |e| Error::io(&self.name, e);
        let out = match form {
            Form::Json(writer) => {
                let counts = result.complete.then_some((result.count, result.distinct));
                writer
                    .finish(result.status(), counts, &result.stats)
                    .map_err(io)?
            }
            Form::Text { mut out, quiet, .. } => {
                if !quiet {
                    let summary = super::counts::summary_of(&self.puzzle, result);
                    out.write_all(summary.as_bytes()).map_err(io)?;
                }
                out
            }
        };
        match out.into_inner().map_err(|e| io(e.into_error()))? {
            Target::File(file) => file.commit(),
            Target::Stdout { .. } => Ok(()),
        }
    }
}

/// A listing dropped without [`Listed::finish`] (the run failed) writes
/// nothing more: what is still buffered is thrown away rather than
/// flushed as half a document, and a file is removed.
impl Drop for Listed {
    fn drop(&mut self) {
        let form = self.form.lock().ok().and_then(|mut f| f.take());
        let out = match form {
            Some(Form::Json(writer)) => writer.into_inner(),
            Some(Form::Text { out, .. }) => out,
            None => return,
        };
        // Dropped with the target: a file's temporary name is removed.
        let _ = out.into_parts();
    }
}

impl Form {
    fn class(&mut self, s: &Solution) -> std::io::Result<()> {
        match self {
            Form::Json(writer) => writer.solution(s),
            Form::Text {
                out,
                style,
                quiet,
                listed,
            } => {
                *listed += 1;
                if !*quiet {
                    writeln!(out, "solution {listed}")?;
                }
                out.write_all(s.drawing(style.0, style.1).as_bytes())?;
                out.write_all(b"\n")
            }
        }
    }
}
