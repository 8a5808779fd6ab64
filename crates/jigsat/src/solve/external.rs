//! Any SAT solver program: write the DIMACS file, run the program, read
//! its answer back.
//!
//! kissat, CaDiCaL and minisat are known by name (their quiet flag and
//! time-limit flag are passed on; CaDiCaL's program is `--solver
//! cadical-program`, as `cadical` is built in); any other program is run as
//! `PROGRAM FILE.cnf` and must answer in the SAT competition format. The
//! exit code (10 SAT, 20 UNSAT) and the printed answer must agree. The
//! time limit is enforced here too, by killing the program when it is
//! over. A model is accepted only if it satisfies every clause.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use super::model::{self, SolverOutput};
use super::{Backend, Outcome, dimacs};
use crate::encode::Cnf;
use crate::error::Error;

/// The programs jigsat knows how to drive.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ExternalKind {
    Kissat,
    Cadical,
    /// Writes its answer to a result file named as its second argument.
    Minisat,
    /// `PROGRAM FILE.cnf`, competition output on stdout.
    Other,
}

impl ExternalKind {
    /// A path whose file name is a known solver is driven like it.
    pub fn from_path(path: &Path) -> ExternalKind {
        let stem = path
            .file_stem()
            .map(|s| s.to_string_lossy().to_ascii_lowercase())
            .unwrap_or_default();
        match stem.as_str() {
            "kissat" => ExternalKind::Kissat,
            "cadical" => ExternalKind::Cadical,
            "minisat" => ExternalKind::Minisat,
            _ => ExternalKind::Other,
        }
    }

    /// `kissat` for the program found on PATH, the path itself otherwise;
    /// CaDiCaL's program on PATH is `cadical-program`, as `--solver` names
    /// it, so that it is never taken for the built-in CaDiCaL.
    pub fn display_name(self, program: &Path) -> String {
        if self == ExternalKind::Cadical && program == Path::new("cadical") {
            return "cadical-program".to_string();
        }
        program.display().to_string()
    }

    /// One line on how to get the program.
    pub fn install_hint(self) -> &'static str {
        match self {
            ExternalKind::Kissat => {
                "install it with `pip download --no-deps passagemath-kissat`, unzip the wheel and \
                 copy its sage_wheels/bin/kissat onto your PATH (see docs/guide.md, \"External SAT solvers\")"
            }
            ExternalKind::Cadical => {
                "install it with `apt-get install cadical`, or use the built-in one: --solver cadical"
            }
            ExternalKind::Minisat => "install it with `apt-get install minisat`",
            ExternalKind::Other => "give the path of an executable SAT solver",
        }
    }
}

/// An external solver program.
pub struct External {
    kind: ExternalKind,
    program: PathBuf,
    name: String,
}

impl External {
    pub fn new(kind: ExternalKind, program: PathBuf) -> External {
        External {
            name: kind.display_name(&program),
            kind,
            program,
        }
    }

    fn command(&self, cnf: &Path, result: &Path, limit: Option<Duration>) -> Command {
        // The programs take whole seconds; the kill below is exact.
        let secs = limit.map(|t| t.as_secs_f64().ceil().max(1.0) as u64);
        let mut cmd = Command::new(&self.program);
        match self.kind {
            ExternalKind::Kissat => {
                cmd.arg("-q");
                if let Some(s) = secs {
                    cmd.arg(format!("--time={s}"));
                }
                cmd.arg(cnf);
            }
            ExternalKind::Cadical => {
                cmd.arg("-q");
                if let Some(s) = secs {
                    cmd.args(["-t", &s.to_string()]);
                }
                cmd.arg(cnf);
            }
            ExternalKind::Minisat => {
                cmd.arg("-verb=0");
                if let Some(s) = secs {
                    cmd.arg(format!("-cpu-lim={s}"));
                }
                cmd.arg(cnf).arg(result);
            }
            ExternalKind::Other => {
                cmd.arg(cnf);
            }
        }
        cmd.stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        // Its own process group, so that the time limit and Ctrl-C stop a
        // wrapper script's real solver too, not only the script.
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
        cmd
    }

    fn missing(&self, e: &std::io::Error) -> Error {
        Error::Usage(format!(
            "cannot run the solver `{}` ({}): {}",
            self.program.display(),
            match e.kind() {
                std::io::ErrorKind::NotFound => "not found".to_string(),
                std::io::ErrorKind::PermissionDenied => "not executable".to_string(),
                _ => e.to_string(),
            },
            self.kind.install_hint()
        ))
    }

    /// The failure message: what happened and the last lines of stderr.
    fn failure(&self, what: &str, stderr: &[u8], stdout: &[u8]) -> Error {
        let tail = |bytes: &[u8]| -> Vec<String> {
            let text = String::from_utf8_lossy(bytes);
            let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
            lines[lines.len().saturating_sub(5)..]
                .iter()
                .map(|l| format!("  | {}", dimacs::truncate(l, 200)))
                .collect()
        };
        let mut msg = format!("the solver `{}` {what}", self.name);
        let lines = tail(stderr);
        if lines.is_empty() {
            let out = tail(stdout);
            if out.is_empty() {
                msg.push_str(" (no output)");
            } else {
                msg.push_str("; last lines of its output:\n");
                msg.push_str(&out.join("\n"));
            }
        } else {
            msg.push_str("; last lines of its stderr:\n");
            msg.push_str(&lines.join("\n"));
        }
        Error::Solver(msg)
    }
}

/// What a program that ended by itself left behind.
struct Finished {
    status: ExitStatus,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
}

impl External {
    /// Runs the program on `cnf_path`, killing it at `deadline`: `None`
    /// when it was killed.
    fn run(
        &self,
        cnf_path: &Path,
        result_path: &Path,
        remaining: Option<Duration>,
        deadline: Option<Instant>,
    ) -> Result<Option<Finished>, Error> {
        let mut command = self.command(cnf_path, result_path, remaining);
        log::debug!("running {command:?}");
        let mut child = command.spawn().map_err(|e| self.missing(&e))?;
        let _group = crate::process::interrupt::ChildGroup::new(child.id());
        // Drain both pipes on their own threads so a chatty program never
        // blocks on a full pipe while we wait for it.
        let out_thread = drain(child.stdout.take(), crate::input::cap());
        let err_thread = drain(child.stderr.take(), STDERR_KEPT);
        let Some(status) = self.wait(&mut child, deadline)? else {
            // The readers are left to finish on their own: a program that
            // started children of its own may hold the pipes open.
            return Ok(None);
        };
        Ok(Some(Finished {
            status,
            stdout: out_thread.join().unwrap_or_default(),
            stderr: err_thread.join().unwrap_or_default(),
        }))
    }

    /// Waits for the program to end, polling so that it can be killed at
    /// `deadline`: `None` when it was.
    fn wait(
        &self,
        child: &mut std::process::Child,
        deadline: Option<Instant>,
    ) -> Result<Option<ExitStatus>, Error> {
        let mut pause = Duration::from_millis(1);
        loop {
            match child.try_wait() {
                Ok(Some(status)) => return Ok(Some(status)),
                Ok(None) => {}
                Err(e) => {
                    stop(child);
                    return Err(Error::Solver(format!(
                        "lost track of the solver `{}`: {e}",
                        self.name
                    )));
                }
            }
            if deadline.is_some_and(|d| Instant::now() >= d) {
                stop(child);
                return Ok(None);
            }
            std::thread::sleep(pause);
            pause = (pause * 2).min(Duration::from_millis(4));
        }
    }

    /// The outcome, if the exit code and the printed answer agree and a
    /// model satisfies every clause; a failure naming what is wrong
    /// otherwise.
    fn judge(
        &self,
        finished: &Finished,
        answer: &[u8],
        cnf: &Cnf,
        time_limit: Option<Duration>,
    ) -> Result<Outcome, Error> {
        let Finished {
            status,
            stdout,
            stderr,
        } = finished;
        match (status.code(), model::parse(answer)) {
            (Some(10), Ok(SolverOutput::Sat(lits))) => {
                let values = model::assignment(&lits, cnf.num_vars()).map_err(|e| {
                    self.failure(
                        &format!("answered SAT with a broken model ({e})"),
                        stderr,
                        &[],
                    )
                })?;
                if let Some(k) = first_falsified(cnf, &values) {
                    return Err(self.failure(
                        &format!("answered SAT, but its model falsifies clause {}", k + 1),
                        stderr,
                        &[],
                    ));
                }
                Ok(Outcome::Sat(values))
            }
            (Some(20), Ok(SolverOutput::Unsat)) => Ok(Outcome::Unsat),
            (_, Ok(SolverOutput::Unknown)) => Ok(Outcome::Unknown(format!(
                "{} answered UNKNOWN{}",
                self.name,
                if time_limit.is_some() {
                    " (its time limit)"
                } else {
                    ""
                }
            ))),
            (code, parsed) => {
                let exit = match code {
                    Some(c) => format!("exit status {c}"),
                    None => signal_name(*status),
                };
                let what = match parsed {
                    Ok(SolverOutput::Sat(_)) => format!("printed a model but ended with {exit}"),
                    Ok(SolverOutput::Unsat) => format!("printed UNSAT but ended with {exit}"),
                    Ok(SolverOutput::Unknown) => format!("answered UNKNOWN and ended with {exit}"),
                    Err(e) => {
                        format!("ended with {exit} and answered neither SAT nor UNSAT ({e})")
                    }
                };
                Err(self.failure(&what, stderr, stdout))
            }
        }
    }
}

/// How much of a solver's stderr is kept (for the message when it fails).
const STDERR_KEPT: u64 = 1 << 20;

/// Reads a pipe to its end on a thread of its own, keeping at most `cap`
/// bytes ([`crate::input::cap`] for an answer): a solver that prints
/// without end costs no more memory than a file would, and is still
/// drained so that it never blocks on a full pipe. A cut answer fails to
/// parse and is refused like any other broken answer.
fn drain<R: Read + Send + 'static>(pipe: Option<R>, cap: u64) -> std::thread::JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut buf = Vec::new();
        if let Some(mut p) = pipe {
            let _ = p.by_ref().take(cap).read_to_end(&mut buf);
            if let Ok(more) = std::io::copy(&mut p, &mut std::io::sink())
                && more > 0
            {
                log::warn!(
                    "the solver printed {} more than the {} kept of its output",
                    crate::process::budget::human(more),
                    crate::process::budget::human(cap)
                );
            }
        }
        buf
    })
}

/// Stops a program and everything it started (its process group).
fn stop(child: &mut std::process::Child) {
    crate::process::interrupt::kill_group(child.id());
    let _ = child.kill();
    let _ = child.wait();
}

/// Writes `cnf` as a DIMACS file for the program to read.
fn write_cnf(cnf: &Cnf, path: &Path) -> Result<(), Error> {
    let file = std::fs::File::create(path).map_err(|e| Error::io(path, e))?;
    let mut out = std::io::BufWriter::with_capacity(1 << 16, file);
    writeln!(out, "p cnf {} {}", cnf.num_vars(), cnf.num_clauses())
        .and_then(|_| dimacs::write_clauses(&mut out, cnf))
        .and_then(|_| out.flush())
        .map_err(|e| Error::io(path, e))
}

impl Backend for External {
    fn name(&self) -> &str {
        &self.name
    }

    fn solve(&self, cnf: &Cnf, time_limit: Option<Duration>) -> Result<Outcome, Error> {
        let started = Instant::now();
        let dir = tempfile::Builder::new()
            .prefix("jigsat-")
            .tempdir()
            .map_err(|e| Error::io(std::env::temp_dir(), e))?;
        // Removed by the signal handler if Ctrl-C ends the process.
        let _registered = crate::process::files::TempFile::new(dir.path());
        let cnf_path = dir.path().join("formula.cnf");
        let result_path = dir.path().join("result.txt");
        write_cnf(cnf, &cnf_path)?;
        let remaining = time_limit.map(|t| t.saturating_sub(started.elapsed()));
        let deadline = time_limit.map(|t| started + t);
        let Some(finished) = self.run(&cnf_path, &result_path, remaining, deadline)? else {
            return Ok(Outcome::Unknown(format!(
                "time limit of {:.1} s reached; stopped {}",
                time_limit.unwrap_or_default().as_secs_f64(),
                self.name
            )));
        };
        // minisat writes its answer to the result file, the others print it.
        let result_file;
        let answer: &[u8] = if self.kind == ExternalKind::Minisat {
            result_file = std::fs::File::open(&result_path)
                .and_then(|f| {
                    let mut bytes = Vec::new();
                    f.take(crate::input::cap()).read_to_end(&mut bytes)?;
                    Ok(bytes)
                })
                .unwrap_or_default();
            &result_file
        } else {
            &finished.stdout
        };
        self.judge(&finished, answer, cnf, time_limit)
    }
}

/// The first clause `values` falsifies, if any.
pub fn first_falsified(cnf: &Cnf, values: &[bool]) -> Option<usize> {
    cnf.clauses().position(|c| {
        !c.iter().any(|l| {
            values
                .get(l.var().index() as usize)
                .is_some_and(|&v| v == l.is_positive())
        })
    })
}

#[cfg(unix)]
fn signal_name(status: ExitStatus) -> String {
    use std::os::unix::process::ExitStatusExt;
    match status.signal() {
        Some(s) => format!("signal {s}"),
        None => format!("{status}"),
    }
}

#[cfg(not(unix))]
fn signal_name(status: ExitStatus) -> String {
    format!("{status}")
}
