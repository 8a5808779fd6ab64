//! What the subcommands share: loading a puzzle, the one output step
//! ([`Sink`]: a picture, JSON, or a header and a drawing, to stdout or
//! `-o`; `solve --all` writes its classes as found through [`listing`]),
//! progress on long runs, the printed counts, job files and checkpoints.

pub mod counts;
pub mod draw;
pub mod listing;
pub mod parts;
pub mod watch;

use std::io::{IsTerminal, Write};
use std::path::Path;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::cli::Format;
use crate::cli::ProblemArg;
use jigsat::api::run::{Stats, Status};
use jigsat::api::{Error, Puzzle, Result, Solution, process, render};

/// Opens a puzzle (one problem of a BurrTools file, `problem` says
/// which) and passes its warnings on to the log.
pub(crate) fn open(path: &Path, problem: &ProblemArg) -> Result<Puzzle> {
    let puzzle = Puzzle::from_file_problem(path, problem.problem.as_deref())?;
    for w in puzzle.warnings() {
        log::warn!("{w}");
    }
    Ok(puzzle)
}

/// What a run prints if the time limit's watchdog ends it while it is
/// still setting up ([`crate::signals::on_give_up`]): in JSON, the
/// contract's document with status "unknown"; in text, nothing on stdout
/// (the reason goes to stderr).
pub(crate) fn prepare_give_up(puzzle: &Puzzle, format: Format, path: Option<&Path>) {
    if format == Format::Json {
        let puzzle = puzzle.clone();
        crate::signals::on_give_up(
            path,
            Box::new(move || render::json(&puzzle, Status::Unknown, &[], None, &Stats::default())),
        );
    }
}

/// Where output goes: a file (`-o`) or standard output.
pub(crate) struct Sink<'a> {
    pub(crate) path: Option<&'a Path>,
}

impl Sink<'_> {
    /// Colours only for a terminal, and never when NO_COLOR is set.
    pub(crate) fn wants_colour(&self) -> bool {
        self.path.is_none()
            && std::io::stdout().is_terminal()
            && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
    }

    /// The text drawing of `solution` as it looks here: colours on a
    /// terminal, `--ascii` walls when asked.
    pub(crate) fn drawing(&self, draw: &crate::cli::DrawArgs, solution: &Solution) -> String {
        solution.drawing(self.wants_colour(), draw.ascii)
    }

    /// `-o DIR/` (a path ending in `/`, or an existing directory): one
    /// file per picture.
    pub(crate) fn is_directory(&self) -> bool {
        self.path.is_some_and(|p| {
            p.is_dir()
                || p.as_os_str()
                    .to_string_lossy()
                    .ends_with(std::path::MAIN_SEPARATOR)
        })
    }

    /// Pictures of the solutions: one SVG with all of them, or with
    /// `-o DIR/` one file each (`DIR/solution-01.svg`, …).
    pub(crate) fn write_svg(&self, puzzle: &Puzzle, solutions: &[Solution]) -> Result<()> {
        match self.path {
            Some(dir) if self.is_directory() => {
                std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
                let width = solutions.len().to_string().len();
                for (i, s) in solutions.iter().enumerate() {
                    let path = dir.join(format!("solution-{:0width$}.svg", i + 1));
                    let title = format!("{}: solution {}", puzzle.name(), i + 1);
                    process::write_text(&path, &s.svg_titled(&title))?;
                }
                Ok(())
            }
            _ => self.write(&render::svg(puzzle, solutions)),
        }
    }

    pub(crate) fn write(&self, text: &str) -> Result<()> {
        match self.path {
            Some(path) => process::write_text(path, text),
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

/// `--format svg`, `html` and `stl` draw solutions; commands without any
/// refuse them.
pub(crate) fn no_picture(format: Format, command: &str) -> Result<()> {
    if format.is_picture() {
        let name = format!("{format:?}").to_lowercase();
        return Err(Error::Usage(format!(
            "`{command}` draws no solutions, so it has no {name} output: use --format text or \
             json (or `jigsat solve --format {name}`, with --limit N for several)"
        )));
    }
    Ok(())
}

/// A spinner on stderr for long enumerations: classes found, rate,
/// elapsed; once the size of the search is estimated ([`Progress::expect`]),
/// a bar of the time it should take, with the time left. Hidden with -q
/// and when stderr is not a terminal.
pub(crate) struct Progress {
    pub(crate) bar: ProgressBar,
    /// The search's estimated length, once known: the bar then shows
    /// milliseconds of it, and the classes found go into the message.
    pub(crate) expected: std::sync::Mutex<Option<Duration>>,
}

impl Progress {
    pub(crate) fn new(quiet: bool) -> Progress {
        let bar = if quiet {
            ProgressBar::hidden()
        } else {
            ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr())
        };
        bar.set_style(
            ProgressStyle::with_template(
                "{spinner} {elapsed_precise} {pos} distinct solutions ({per_sec})",
            )
            .expect("valid template"),
        );
        bar.enable_steady_tick(Duration::from_millis(200));
        Progress {
            bar,
            expected: std::sync::Mutex::new(None),
        }
    }

    /// Turns the spinner into a bar: the search should take `total` in all.
    pub(crate) fn expect(&self, total: Duration) {
        let classes = self.bar.position();
        *self.expected.lock().unwrap_or_else(|e| e.into_inner()) = Some(total);
        self.bar.set_style(
            ProgressStyle::with_template(
                "{elapsed_precise} [{bar:30}] about {eta} left (estimated); {msg}",
            )
            .expect("valid template"),
        );
        self.bar.set_length(total.as_millis().max(1) as u64);
        self.bar
            .set_message(format!("{classes} distinct solutions"));
    }

    /// Moves the bar to `elapsed`; past the estimate the bar grows, so
    /// that it never claims to be done before the search is.
    pub(crate) fn at(&self, elapsed: Duration) {
        let Some(total) = *self.expected.lock().unwrap_or_else(|e| e.into_inner()) else {
            return;
        };
        let (elapsed, total) = (elapsed.as_millis() as u64, total.as_millis() as u64);
        if elapsed >= total {
            self.bar.set_length(elapsed + elapsed / 10 + 1);
        }
        self.bar.set_position(elapsed);
    }

    /// A bar of parts done, with the time left at the pace so far.
    pub(crate) fn parts(quiet: bool, total: u64, done: u64) -> Progress {
        let bar = if quiet {
            ProgressBar::hidden()
        } else {
            ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr())
        };
        bar.set_style(
            ProgressStyle::with_template(
                "{elapsed_precise} [{bar:30}] {pos}/{len} parts, about {eta} left",
            )
            .expect("valid template"),
        );
        bar.set_position(done);
        bar.reset_eta();
        bar.enable_steady_tick(Duration::from_millis(200));
        Progress {
            bar,
            expected: std::sync::Mutex::new(None),
        }
    }

    pub(crate) fn update(&self, classes: u64) {
        if self.expected.lock().is_ok_and(|e| e.is_some()) {
            self.bar
                .set_message(format!("{classes} distinct solutions"));
        } else {
            self.bar.set_position(classes);
        }
    }

    /// A line on stderr above the spinner (shown even when the spinner is
    /// hidden).
    pub(crate) fn println(&self, line: String) {
        if self.bar.is_hidden() {
            eprintln!("{line}");
        } else {
            self.bar.suspend(|| eprintln!("{line}"));
        }
    }

    pub(crate) fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    pub(crate) fn the_bar_follows_the_estimate_and_grows_past_it() {
        let progress = Progress::new(true);
        progress.update(3);
        assert_eq!(progress.bar.position(), 3);
        progress.expect(Duration::from_secs(10));
        progress.at(Duration::from_secs(4));
        assert_eq!(progress.bar.length(), Some(10_000));
        assert_eq!(progress.bar.position(), 4_000);
        progress.update(7);
        assert_eq!(progress.bar.position(), 4_000, "classes go to the message");
        progress.at(Duration::from_secs(12));
        assert!(progress.bar.length().unwrap() > 12_000);
    }
}
