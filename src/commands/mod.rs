//! One module per subcommand. Each takes its parsed arguments and returns
//! the exit status of a run that happened; errors go back to `main`.

mod compare;
mod decode;
mod dimacs;
mod info;
mod solve;

use std::io::{IsTerminal, Write};
use std::path::Path;

use crate::cli::{Cli, Command};
use crate::error::{Error, Result};
use crate::puzzle::Puzzle;

pub fn run(cli: &Cli) -> Result<i32> {
    match &cli.command {
        Command::Solve(args) => solve::run(args, cli.quiet),
        Command::Info(args) => info::run(args),
        Command::Dimacs(args) => dimacs::run(args),
        Command::Decode(args) => decode::run(args, cli.quiet),
        Command::Compare(args) => compare::run(args, cli.quiet),
    }
}

/// Loads a puzzle and passes its warnings on to the log.
fn load(path: &Path) -> Result<Puzzle> {
    let puzzle = Puzzle::load(path)?;
    for w in &puzzle.warnings {
        log::warn!("{w}");
    }
    Ok(puzzle)
}

/// Where output goes: a file (`-o`) or standard output.
struct Sink<'a> {
    path: Option<&'a Path>,
}

impl Sink<'_> {
    /// Colours only for a terminal, and never when NO_COLOR is set.
    fn wants_colour(&self) -> bool {
        self.path.is_none()
            && std::io::stdout().is_terminal()
            && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
    }

    fn write(&self, text: &str) -> Result<()> {
        match self.path {
            Some(path) => std::fs::write(path, text).map_err(|e| Error::io(path, e)),
            None => {
                let mut out = std::io::stdout().lock();
                match out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
                    // A closed pipe (`jigsat … | head`) is not an error.
                    Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
                        Err(Error::io("<stdout>", e))
                    }
                    _ => Ok(()),
                }
            }
        }
    }
}
