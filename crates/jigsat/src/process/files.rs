//! Writing output files safely: never over a file this run reads, never
//! replacing what is not a plain writable file, through a temporary name
//! renamed into place only when complete, and counting the bytes written.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use crate::error::Error;

/// The files this run reads (puzzles, models, jobs), as (device, inode)
/// where known and as canonical paths: an output may not be one of them.
/// A file read: its path as given (for messages), its canonical path and
/// its (device, inode) where known.
type Input = (PathBuf, PathBuf, Option<(u64, u64)>);

static INPUTS: Mutex<Vec<Input>> = Mutex::new(Vec::new());

/// Notes that this run reads `path`, so that no output replaces it.
pub fn reading(path: &Path) {
    let canonical = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    let id = file_id(path);
    if let Ok(mut inputs) = INPUTS.lock() {
        inputs.push((path.to_path_buf(), canonical, id));
    }
}

#[cfg(unix)]
fn file_id(path: &Path) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(path).ok().map(|m| (m.dev(), m.ino()))
}

#[cfg(not(unix))]
fn file_id(_: &Path) -> Option<(u64, u64)> {
    None
}

/// The first file this run read (the puzzle, usually), for messages.
pub fn first_input() -> Option<String> {
    INPUTS
        .lock()
        .ok()
        .and_then(|inputs| inputs.first().map(|(p, _, _)| p.display().to_string()))
}

fn is_input(path: &Path) -> bool {
    let canonical = std::fs::canonicalize(path).ok();
    let id = file_id(path);
    INPUTS.lock().is_ok_and(|inputs| {
        inputs
            .iter()
            .any(|(_, p, i)| Some(p) == canonical.as_ref() || (i.is_some() && *i == id))
    })
}

/// How an output reaches `path`.
#[derive(Debug, PartialEq, Eq)]
enum Target {
    /// A new name or a regular file: written beside it under a temporary
    /// name and renamed over it when complete.
    Replace(PathBuf),
    /// A FIFO, a device, a socket: written to directly (replacing it would
    /// destroy it; `-o /dev/null` must stay /dev/null).
    Direct(PathBuf),
}

/// Where an output to `path` may go; an error (exit 2) for a file this run
/// reads, a read-only file, a directory or a symlink to nowhere. A symlink
/// is followed: the file it points to is written, the link stays.
fn target(path: &Path) -> Result<Target, Error> {
    let refuse = |why: &str| Error::Usage(format!("{}: {why}; nothing written", path.display()));
    if is_input(path) {
        return Err(refuse(
            "is a file this run reads; write the output to another file",
        ));
    }
    let meta = match std::fs::symlink_metadata(path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Target::Replace(path.into())),
        Err(e) => return Err(Error::io(path, e)),
        Ok(m) => m,
    };
    let kind = meta.file_type();
    if kind.is_symlink() {
        let real = std::fs::canonicalize(path)
            .map_err(|_| refuse("is a symlink to nothing that exists"))?;
        return target(&real);
    }
    if kind.is_dir() {
        return Err(refuse("is a directory"));
    }
    if !kind.is_file() {
        return Ok(Target::Direct(path.into()));
    }
    if meta.permissions().readonly() {
        return Err(refuse("is read-only, and is not replaced"));
    }
    Ok(Target::Replace(path.into()))
}

/// Writes a file safely (`target`): through a temporary name in the same
/// directory (`.NAME.PID.part`), renamed over `path` only when complete,
/// so a reader never sees half a file and a failed or interrupted write
/// leaves what was there (the temporary file is removed, by the signal
/// handler too: [`TempFile`]); a replaced file keeps
/// its permissions. FIFOs and devices are written directly. Returns what
/// `write` returns.
pub fn write_atomically(
    path: &Path,
    write: impl FnOnce(&std::fs::File) -> io::Result<u64>,
) -> Result<u64, Error> {
    let streamed = Streamed::create(path)?;
    let bytes = write(&streamed.file).map_err(|e| Error::io(&streamed.path, e))?;
    streamed.commit()?;
    Ok(bytes)
}

/// A file written safely ([`write_atomically`]) a piece at a time, for
/// an output produced over a whole run (`solve --all` writes each class
/// as it is found): the pieces go to the temporary file, which
/// [`Streamed::commit`] renames into place; dropped without a commit (the
/// run failed) it is removed, and a signal removes it too, so a run that
/// never finished leaves no file that looks complete.
pub struct Streamed {
    file: std::fs::File,
    /// The file the output is for, as resolved ([`target`]).
    path: PathBuf,
    /// The temporary name, while there is one to rename (none for a FIFO
    /// or a device, written directly).
    temp: Option<(PathBuf, TempFile)>,
    old_permissions: Option<std::fs::Permissions>,
}

impl Streamed {
    /// Opens the output to `path`: refused (exit 2) as `target` says.
    pub fn create(path: &Path) -> Result<Streamed, Error> {
        let path = match target(path)? {
            Target::Direct(path) => {
                // Opening a FIFO for writing waits for a reader: a signal
                // must still end the run
                // ([`crate::process::interrupt::blocking`]).
                let file = crate::process::interrupt::blocking(|| {
                    std::fs::OpenOptions::new().write(true).open(&path)
                })
                .map_err(|e| Error::io(&path, e))?;
                return Ok(Streamed {
                    file,
                    path,
                    temp: None,
                    old_permissions: None,
                });
            }
            Target::Replace(path) => path,
        };
        let name = path
            .file_name()
            .ok_or_else(|| Error::Usage(format!("{}: not a file name", path.display())))?;
        let temp = path.with_file_name(format!(
            ".{}.{}.part",
            name.to_string_lossy(),
            std::process::id()
        ));
        let registered = TempFile::new(&temp);
        let old_permissions = std::fs::metadata(&path).ok().map(|m| m.permissions());
        let file = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temp)
            .map_err(|e| Error::io(&path, e))?;
        Ok(Streamed {
            file,
            path,
            temp: Some((temp, registered)),
            old_permissions,
        })
    }

    /// The file the output is for, for messages.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The output is complete: onto the disk, and renamed into place.
    pub fn commit(mut self) -> Result<(), Error> {
        let Some((temp, registered)) = self.temp.take() else {
            return Ok(());
        };
        let result = (|| {
            if let Some(p) = self.old_permissions.take() {
                self.file.set_permissions(p)?;
            }
            self.file.sync_all()?;
            std::fs::rename(&temp, &self.path)
        })();
        let result = result.map_err(|e| {
            let _ = std::fs::remove_file(&temp);
            Error::io(&self.path, e)
        });
        drop(registered);
        result
    }
}

impl Write for Streamed {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.file.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file.flush()
    }
}

impl Drop for Streamed {
    fn drop(&mut self) {
        if let Some((temp, _registered)) = self.temp.take() {
            let _ = std::fs::remove_file(temp);
        }
    }
}

/// Writes `text` to `path` safely ([`write_atomically`]).
pub fn write_text(path: &Path, text: &str) -> Result<(), Error> {
    write_atomically(path, |mut file| {
        file.write_all(text.as_bytes())?;
        Ok(text.len() as u64)
    })
    .map(|_| ())
}

/// A temporary file being written (or a temporary directory): removed by the handler if a signal
/// ends the process meanwhile, forgotten when dropped (renamed into place
/// or removed by its writer).
pub struct TempFile(PathBuf);

impl TempFile {
    /// Registers `path` with the signal handler until the value is
    /// dropped; creates nothing.
    pub fn new(path: &Path) -> TempFile {
        crate::process::interrupt::register_temp(path);
        TempFile(path.to_path_buf())
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        crate::process::interrupt::forget_temp(&self.0);
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outputs_refuse_what_must_not_be_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let input = dir.path().join("puzzle.toml");
        std::fs::write(&input, "x").unwrap();
        reading(&input);
        assert!(target(&input).is_err());
        let link = dir.path().join("link.toml");
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(&input, &link).unwrap();
            assert!(target(&link).is_err(), "a symlink to an input");
            let out = dir.path().join("out.txt");
            let to_out = dir.path().join("to-out.txt");
            std::fs::write(&out, "old").unwrap();
            std::os::unix::fs::symlink(&out, &to_out).unwrap();
            write_text(&to_out, "new").unwrap();
            assert_eq!(std::fs::read_to_string(&out).unwrap(), "new");
            assert!(
                std::fs::symlink_metadata(&to_out)
                    .unwrap()
                    .file_type()
                    .is_symlink()
            );
            assert_eq!(
                target(Path::new("/dev/null")).unwrap(),
                Target::Direct("/dev/null".into())
            );
        }
        let read_only = dir.path().join("ro.txt");
        std::fs::write(&read_only, "keep").unwrap();
        let mut p = std::fs::metadata(&read_only).unwrap().permissions();
        p.set_readonly(true);
        std::fs::set_permissions(&read_only, p).unwrap();
        assert!(write_text(&read_only, "lost").is_err());
        assert_eq!(std::fs::read_to_string(&read_only).unwrap(), "keep");
        assert!(target(dir.path()).is_err());
    }
}
