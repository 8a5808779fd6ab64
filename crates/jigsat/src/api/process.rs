//! What a program shares with jigsat process-wide: the interrupt that
//! every run stops on (for a Ctrl-C handler), the temporary files and
//! solver programs to clear away when the process must end at once, and
//! the safe writer that every file jigsat writes goes through.
//!
//! The library never ends the process; a program that handles signals
//! (the `jigsat` binary does, in `src/signals.rs`) calls [`interrupt`]
//! from its handler and ends the process itself when that says nobody
//! will stop.
//!
//! ```
//! use jigsat::api::process;
//!
//! let dir = std::env::temp_dir().join(format!("jigsat-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir).unwrap();
//! let file = dir.join("notes.txt");
//! process::write_text(&file, "written whole or not at all\n")?;
//! assert_eq!(std::fs::read_to_string(&file).unwrap(), "written whole or not at all\n");
//! std::fs::remove_dir_all(&dir).unwrap();
//! # Ok::<(), jigsat::api::Error>(())
//! ```

use std::io::{self, Write};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use super::Result;
use crate::process::{files, interrupt as state};

/// How long after its time limit a run still building (and so not
/// watching the clock) may be ended by a watchdog.
///
/// ```
/// use std::time::Duration;
/// assert!(jigsat::api::process::GRACE < Duration::from_secs(1));
/// ```
pub const GRACE: Duration = state::GRACE;

/// The process's interrupt: every run whose solver has no stop flag of
/// its own stops when it is raised. A run asks for it, so asking says
/// that the run polls it and will stop by itself.
///
/// ```
/// let flag = jigsat::api::process::interrupt_flag();
/// assert!(!flag.load(std::sync::atomic::Ordering::Relaxed));
/// ```
pub fn interrupt_flag() -> Arc<AtomicBool> {
    state::flag()
}

/// Lowers the interrupt again after a search that ended by itself: a
/// search raises the flag it was given to stop its own workers, and a
/// run that goes on polling it (the disassembly after a search) must not
/// take that for Ctrl-C. Only after a search that was not interrupted.
///
/// ```
/// jigsat::api::process::rearm();
/// assert!(!jigsat::api::process::interrupt_flag().load(std::sync::atomic::Ordering::Relaxed));
/// ```
pub fn rearm() {
    state::rearm()
}

/// Raises the interrupt for a signal that has arrived: `true` when a run
/// polls it and will stop by itself, `false` when the process must end
/// now (a second signal, or nothing that stops) — after [`clean_up`].
/// Once it is raised, runs stop with [`Error::Interrupted`](super::Error::Interrupted),
/// reading a file among them; the library never ends the process.
///
/// ```
/// use jigsat::api::{Error, Puzzle, process};
/// // A run that polls the flag asks for it: the caller need not end.
/// let _flag = process::interrupt_flag();
/// assert!(process::interrupt());
/// // Raised: a file is not read any more, and the process goes on.
/// let read = Puzzle::from_file("puzzles/soma.toml");
/// assert_eq!(read.unwrap_err(), Error::Interrupted);
/// ```
pub fn interrupt() -> bool {
    state::raise()
}

/// Stops the solver programs still running and removes the temporary
/// files still being written, for a process about to end.
///
/// ```
/// jigsat::api::process::clean_up();
/// ```
pub fn clean_up() {
    state::clean_up()
}

/// The run has its answer and writes it out: a watchdog must not cut
/// the output in half ([`is_finishing`]).
///
/// ```
/// jigsat::api::process::finishing();
/// assert!(jigsat::api::process::is_finishing());
/// ```
pub fn finishing() {
    state::finishing()
}

/// Whether the run has reached its output ([`finishing`]).
///
/// ```
/// let _ = jigsat::api::process::is_finishing();
/// ```
pub fn is_finishing() -> bool {
    state::is_finishing()
}

/// Writes `text` to `path` whole or not at all: through a temporary file
/// renamed into place, never over one of the run's input files, never
/// through a read-only file. Errors name the file.
///
/// ```
/// let puzzle = std::path::Path::new("puzzles/soma.toml");
/// let _ = jigsat::api::Puzzle::from_file(puzzle)?;
/// let refused = jigsat::api::process::write_text(puzzle, "overwritten");
/// assert!(refused.unwrap_err().to_string().contains("soma.toml"));
/// # Ok::<(), jigsat::api::Error>(())
/// ```
pub fn write_text(path: &Path, text: &str) -> Result<()> {
    Ok(files::write_text(path, text)?)
}

/// [`write_text`] for bytes (an STL file).
///
/// ```
/// let dir = std::env::temp_dir().join(format!("jigsat-bytes-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// jigsat::api::process::write_bytes(&dir.join("b.bin"), &[1, 2, 3])?;
/// assert_eq!(std::fs::read(dir.join("b.bin")).unwrap(), [1, 2, 3]);
/// std::fs::remove_dir_all(&dir).unwrap();
/// # Ok::<(), jigsat::api::Error>(())
/// ```
pub fn write_bytes(path: &Path, bytes: &[u8]) -> Result<()> {
    files::write_atomically(path, |mut file| {
        file.write_all(bytes)?;
        Ok(bytes.len() as u64)
    })?;
    Ok(())
}

/// A file written as a run goes, put in place only when
/// [`OutputFile::commit`] is called: dropped before that (a failed run),
/// it leaves nothing; the old file, if any, stays until then.
///
/// ```
/// use std::io::Write;
/// let dir = std::env::temp_dir().join(format!("jigsat-out-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let path = dir.join("list.txt");
/// let mut out = jigsat::api::process::OutputFile::create(&path)?;
/// out.write_all(b"one\n").unwrap();
/// assert!(!path.exists());
/// out.commit()?;
/// assert_eq!(std::fs::read_to_string(&path).unwrap(), "one\n");
/// std::fs::remove_dir_all(&dir).unwrap();
/// # Ok::<(), jigsat::api::Error>(())
/// ```
pub struct OutputFile(files::Streamed);

impl OutputFile {
    /// Opens the temporary file beside `path`, refusing as
    /// [`write_text`] does.
    ///
    /// ```
    /// let refused = jigsat::api::process::OutputFile::create(std::path::Path::new("/"));
    /// assert!(refused.is_err());
    /// ```
    pub fn create(path: &Path) -> Result<OutputFile> {
        Ok(OutputFile(files::Streamed::create(path)?))
    }

    /// The file it becomes, for messages.
    ///
    /// ```
    /// let dir = std::env::temp_dir();
    /// let out = jigsat::api::process::OutputFile::create(&dir.join("jigsat-path-doc.txt"))?;
    /// assert!(out.path().ends_with("jigsat-path-doc.txt"));
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn path(&self) -> &Path {
        self.0.path()
    }

    /// Synced to disk and renamed into place.
    ///
    /// ```
    /// let path = std::env::temp_dir().join(format!("jigsat-commit-{}", std::process::id()));
    /// jigsat::api::process::OutputFile::create(&path)?.commit()?;
    /// assert!(path.exists());
    /// std::fs::remove_file(&path).unwrap();
    /// # Ok::<(), jigsat::api::Error>(())
    /// ```
    pub fn commit(self) -> Result<()> {
        Ok(self.0.commit()?)
    }
}

impl Write for OutputFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }
}

/// A size as `--max-memory` takes it: `512M`, `2G`, `1.5GiB`, bytes.
///
/// ```
/// assert_eq!(jigsat::api::process::parse_size("2G"), Ok(2 << 30));
/// assert!(jigsat::api::process::parse_size("lots").is_err());
/// ```
pub fn parse_size(text: &str) -> std::result::Result<u64, String> {
    crate::process::budget::parse_size(text)
}
