//! The only places that end the process before `main` returns: the
//! handler of Ctrl-C and SIGTERM, and the watchdog of the time limit.
//! Both first let the library stop what the run started (solver
//! programs, temporary files: [`jigsat::process::interrupt`]).

use std::path::Path;
use std::time::{Duration, Instant};

use jigsat::process::interrupt;

use crate::exit::Exit;

/// Installs the handler for SIGINT and SIGTERM: a run that polls the
/// interrupt flag stops by itself with what it found; any other run, or a
/// second signal, ends here at once with status 130.
pub fn install() {
    let installed = ctrlc::set_handler(|| {
        if !interrupt::raise() {
            interrupt::clean_up();
            eprintln!("jigsat: interrupted");
            std::process::exit(Exit::Interrupted.code());
        }
    });
    if let Err(e) = installed {
        log::warn!("Ctrl-C is not handled: {e}");
    }
}

/// Starts the watchdog of a run limited to `limit` from now: if the run
/// has neither finished nor reached its output [`interrupt::GRACE`] after
/// the limit, the watchdog stops what the run started, says so naming
/// `file`, and ends the process with status 3.
pub fn set_deadline(file: &Path, limit: Duration) {
    let file = file.display().to_string();
    let end = Instant::now() + limit + interrupt::GRACE;
    let spawned = std::thread::Builder::new()
        .name("jigsat-deadline".into())
        .spawn(move || {
            while Instant::now() < end {
                if interrupt::is_finishing() {
                    return;
                }
                std::thread::sleep(Duration::from_millis(20).min(end - Instant::now()));
            }
            if interrupt::is_finishing() {
                return;
            }
            interrupt::give_up(&file, limit);
            std::process::exit(Exit::GaveUp.code());
        });
    if let Err(e) = spawned {
        log::warn!("the time limit is only watched by the search: {e}");
    }
}
