//! Writing output files safely: through a temporary name renamed into
//! place only when complete, and counting the bytes written.

use std::io::{self, Write};
use std::path::Path;

use crate::error::Error;

/// Writes a file through a temporary name in the same directory, renamed
/// over `path` only when complete, so a reader never sees half a file and
/// a failed write leaves what was there. Returns what `write` returns.
pub fn write_atomically(
    path: &Path,
    write: impl FnOnce(&std::fs::File) -> io::Result<u64>,
) -> Result<u64, Error> {
    let name = path
        .file_name()
        .ok_or_else(|| Error::Usage(format!("{}: not a file name", path.display())))?;
    let temp = path.with_file_name(format!(
        ".{}.{}.part",
        name.to_string_lossy(),
        std::process::id()
    ));
    let result = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&temp)
        .and_then(|file| {
            let bytes = write(&file)?;
            file.sync_all()?;
            Ok(bytes)
        })
        .and_then(|bytes| std::fs::rename(&temp, path).map(|_| bytes));
    result.map_err(|e| {
        let _ = std::fs::remove_file(&temp);
        Error::io(path, e)
    })
}

/// Counts the bytes passing through (for `-v` throughput lines).
pub struct Counting<W> {
    pub inner: W,
    pub bytes: u64,
}

impl<W: Write> Write for Counting<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.bytes += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}
