//! The only places that end the process before `main` returns: the
//! handler of Ctrl-C and SIGTERM, and the watchdog of the time limit.
//! Both first let the library stop what the run started (solver
//! programs, temporary files: [`jigsat::api::process`]).

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use jigsat::api::process;

use crate::exit::Exit;

/// Installs the handler for SIGINT and SIGTERM: a run that polls the
/// interrupt flag stops by itself with what it found; any other run, or a
/// second signal, ends here at once with status 130.
pub fn install() {
    let installed = ctrlc::set_handler(|| {
        if !process::interrupt() {
            process::clean_up();
            eprintln!("jigsat: interrupted");
            std::process::exit(Exit::Interrupted.code());
        }
    });
    if let Err(e) = installed {
        log::warn!("Ctrl-C is not handled: {e}");
    }
}

/// Starts the watchdog of a run limited to `limit` from now: if the run
/// has neither finished nor reached its output [`process::GRACE`] after
/// the limit, the watchdog stops what the run started, says so naming
/// `file`, and ends the process with status 3.
pub fn set_deadline(file: &Path, limit: Duration) {
    let file = file.display().to_string();
    let end = Instant::now() + limit + process::GRACE;
    let spawned = std::thread::Builder::new()
        .name("jigsat-deadline".into())
        .spawn(move || {
            while Instant::now() < end {
                if process::is_finishing() {
                    return;
                }
                std::thread::sleep(Duration::from_millis(20).min(end - Instant::now()));
            }
            if process::is_finishing() {
                return;
            }
            give_up(&file, limit);
            std::process::exit(Exit::GaveUp.code());
        });
    if let Err(e) = spawned {
        log::warn!("the time limit is only watched by the search: {e}");
    }
}

/// What makes the run's output should the watchdog give up for it (the
/// contract's document with status "unknown"): made only then.
type Document = Box<dyn FnOnce() -> String + Send>;

/// The run's output should the watchdog give up for it, and where it
/// goes (`-o`).
static GIVE_UP: Mutex<Option<(Option<PathBuf>, Document)>> = Mutex::new(None);

/// Registers the output the run would print if it gave up now: the
/// watchdog prints it, so that a give-up in any phase still answers in
/// the format asked for.
pub fn on_give_up(path: Option<&Path>, document: Document) {
    if let Ok(mut g) = GIVE_UP.lock() {
        *g = Some((path.map(Path::to_path_buf), document));
    }
}

/// How far the run got, for the watchdog's last line (the row scan's
/// tiles placed and rate).
type Progress = Box<dyn Fn() -> Option<String> + Send + Sync>;

static PROGRESS: Mutex<Option<Progress>> = Mutex::new(None);

/// Registers how to say how far the run got, should the watchdog end it.
pub fn on_give_up_progress(progress: Progress) {
    if let Ok(mut p) = PROGRESS.lock() {
        *p = Some(progress);
    }
}

/// The watchdog's give-up: stops what the run started, prints the
/// registered output and the reason on stderr (the binary then exits).
fn give_up(file: &str, limit: Duration) {
    process::clean_up();
    if let Some((path, document)) = GIVE_UP.lock().ok().and_then(|mut g| g.take()) {
        let text = document();
        let _ = match path {
            Some(p) => process::write_text(&p, &text).map_err(|e| e.to_string()),
            None => {
                use std::io::Write;
                let mut out = std::io::stdout().lock();
                out.write_all(text.as_bytes())
                    .and_then(|_| out.flush())
                    .map_err(|e| e.to_string())
            }
        };
    }
    eprintln!(
        "{file}: gave up: {} (while still setting up the search)",
        jigsat::api::run::Stop::TimeLimit(limit)
    );
    let progress = PROGRESS
        .lock()
        .ok()
        .and_then(|p| p.as_ref().and_then(|f| f()));
    if let Some(line) = progress {
        eprintln!("{file}: {line}");
    }
}
