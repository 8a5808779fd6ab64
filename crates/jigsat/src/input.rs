//! Reading input within the memory budget.
//!
//! Every file jigsat reads — puzzles, models, CNF headers, a split's
//! files, standard input — comes through here, so that `/dev/zero`, `yes`
//! or a runaway solver's output costs one message (exit 2, naming the
//! file and the line reached) instead of all the machine's memory. The cap
//! is tied to `--max-memory` ([`crate::process::budget`]): parsing a file costs
//! several times its bytes (a model's literals take 16 bytes each for two
//! or three bytes of text), so one file may take an eighth of the budget.
//!
//! Opening and reading are done under [`crate::process::interrupt::blocking`]: a
//! FIFO with no writer blocks `open` for ever, and Ctrl-C or SIGTERM must
//! still end the run. A file read a piece at a time over a long run (a
//! proof) goes through [`Interruptible`], each read under the same guard.

use std::io::{BufRead, Read};
use std::path::Path;

use crate::error::{Error, InputError, Result};

/// The most bytes one input may have: an eighth of the memory budget, at
/// least 1 MiB.
pub fn cap() -> u64 {
    (crate::process::budget::limit() / 8).max(1 << 20)
}

/// The longest line a line-by-line reader takes (a DIMACS header's
/// comments are short; `/dev/zero` is one endless line).
pub const MAX_LINE: usize = 1 << 20;

/// Whether `path` names standard input.
pub fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// The refusal of an input past the cap, naming the file and the line
/// reached.
fn too_big(file: &str, line: usize, cap: u64) -> Error {
    Error::Input(InputError {
        file: file.to_string(),
        position: Some((line, 1)),
        field: None,
        message: format!(
            "stopped reading: the input is larger than {}, the most jigsat reads with a memory budget of {} (--max-memory)",
            crate::process::budget::human(cap),
            crate::process::budget::human(crate::process::budget::limit())
        ),
    })
}

/// Reads all of `reader` (named `file`), up to `cap` bytes; `opened`
/// opens it first, under the same [`crate::process::interrupt::blocking`]
/// (a FIFO may block in `open` as much as in `read`).
fn read_capped<R: Read>(
    opened: impl FnOnce() -> std::io::Result<R>,
    file: &str,
    cap: u64,
) -> Result<Vec<u8>> {
    let mut bytes = Vec::new();
    crate::process::interrupt::blocking(|| {
        opened()?
            .take(cap.saturating_add(1))
            .read_to_end(&mut bytes)
    })
    .map_err(|e| Error::io(file, e))?;
    if bytes.len() as u64 > cap {
        let line = bytes.iter().filter(|&&b| b == b'\n').count() + 1;
        return Err(too_big(file, line, cap));
    }
    Ok(bytes)
}

/// The bytes of `path` (standard input for `-`), within [`cap`]. The file
/// is noted as an input, so that no output replaces it.
pub fn read(path: &Path) -> Result<Vec<u8>> {
    let bytes = read_unnoted(path)?;
    if !is_stdin(path) {
        crate::process::files::reading(path);
    }
    Ok(bytes)
}

/// [`read`] without noting the file as an input.
fn read_unnoted(path: &Path) -> Result<Vec<u8>> {
    match is_stdin(path) {
        true => read_capped(|| Ok(std::io::stdin().lock()), "<stdin>", cap()),
        false => read_own(path),
    }
}

/// The bytes of `path`, within [`cap`], not noted as an input.
fn read_own(path: &Path) -> Result<Vec<u8>> {
    let name = path.display().to_string();
    read_capped(|| std::fs::File::open(path), &name, cap())
}

/// Opens `path` for reading; a signal ends the run while `open` waits (a
/// FIFO without a writer).
pub fn open(path: &Path) -> Result<std::fs::File> {
    crate::process::interrupt::blocking(|| std::fs::File::open(path))
        .map_err(|e| Error::io(path, e))
}

/// A reader whose every read is made under
/// [`crate::process::interrupt::blocking`]: for a file read a piece at a
/// time over a long run (a proof, which may be a FIFO whose writer has
/// gone quiet), so that Ctrl-C or SIGTERM ends the run even while a read
/// waits, and a signal that came before a read stops it with
/// [`std::io::ErrorKind::Interrupted`].
pub struct Interruptible<R>(pub R);

impl<R: Read> Read for Interruptible<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        crate::process::interrupt::blocking(|| self.0.read(buf))
    }
}

/// The text of `path`, within [`cap`]; not UTF-8 is an input error naming
/// the line. The file is noted as an input once read, as by [`read`].
pub fn read_text(path: &Path) -> Result<String> {
    let text = text(read_unnoted(path)?, &path.display().to_string())?;
    if !is_stdin(path) {
        crate::process::files::reading(path);
    }
    Ok(text)
}

/// [`read_text`] for a file the run rewrites itself (a checkpoint): not
/// noted as an input.
pub fn read_own_text(path: &Path) -> Result<String> {
    text(read_own(path)?, &path.display().to_string())
}

fn text(bytes: Vec<u8>, file: &str) -> Result<String> {
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let bytes = e.as_bytes();
        let line = bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1;
        let column = at
            - bytes[..at]
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |i| i + 1)
            + 1;
        Error::Input(InputError {
            file: file.to_string(),
            position: Some((line, column)),
            field: None,
            message: "not text (invalid UTF-8)".into(),
        })
    })
}

/// Lines of `reader` (named `file`), each at most [`MAX_LINE`] bytes and
/// all together at most `cap` bytes; without their `\n`. An over-long
/// line or input is an error naming the line.
pub struct Lines<R> {
    reader: R,
    file: String,
    cap: u64,
    read: u64,
    line: usize,
}

impl<R: BufRead> Lines<R> {
    pub fn new(reader: R, file: &str) -> Lines<R> {
        Lines {
            reader,
            file: file.to_string(),
            cap: cap(),
            read: 0,
            line: 0,
        }
    }

    /// The next line and its number, `None` at the end.
    pub fn next_line(&mut self) -> Result<Option<(usize, Vec<u8>)>> {
        self.line += 1;
        let left = self.cap.saturating_sub(self.read);
        let most = left.min(MAX_LINE as u64 + 1);
        let mut line = Vec::new();
        let (reader, line_no, file) = (&mut self.reader, self.line, &self.file);
        if left == 0 {
            let more =
                crate::process::interrupt::blocking(|| reader.fill_buf().map(|b| !b.is_empty()))
                    .map_err(|e| Error::io(file, e))?;
            return if more {
                Err(too_big(file, line_no, self.cap))
            } else {
                Ok(None)
            };
        }
        crate::process::interrupt::blocking(|| {
            reader.by_ref().take(most).read_until(b'\n', &mut line)
        })
        .map_err(|e| Error::io(file, e))?;
        if line.is_empty() {
            return Ok(None);
        }
        self.read += line.len() as u64;
        if line.last() == Some(&b'\n') {
            line.pop();
        } else if line.len() as u64 == most {
            if most > MAX_LINE as u64 {
                return Err(Error::Input(InputError {
                    file: file.clone(),
                    position: Some((line_no, 1)),
                    field: None,
                    message: format!(
                        "stopped reading: the line is longer than {} (is this the right file?)",
                        crate::process::budget::human(MAX_LINE as u64)
                    ),
                }));
            }
            return Err(too_big(file, line_no, self.cap));
        }
        Ok(Some((line_no, line)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn endless_lines_stop_at_the_cap() {
        let zeros = std::io::BufReader::new(std::io::repeat(0));
        let mut lines = Lines::new(zeros, "/dev/zero");
        let e = lines.next_line().unwrap_err().to_string();
        assert!(e.starts_with("/dev/zero:1:1: stopped reading"), "{e}");
        let many = std::io::BufReader::new(std::io::repeat(b'\n'));
        let mut lines = Lines::new(many, "nl");
        lines.cap = 10;
        for n in 1..=10 {
            assert_eq!(lines.next_line().unwrap(), Some((n, vec![])));
        }
        let e = lines.next_line().unwrap_err().to_string();
        assert!(e.starts_with("nl:11:1: stopped reading"), "{e}");
    }

    #[test]
    fn reads_stop_at_the_cap() {
        let e = read_capped(|| Ok(std::io::repeat(b'x')), "f", 100).unwrap_err();
        assert!(e.to_string().starts_with("f:1:1: stopped reading"), "{e}");
        assert_eq!(read_capped(|| Ok(&b"abc"[..]), "f", 3).unwrap(), b"abc");
    }
}
