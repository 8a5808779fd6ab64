//! Ctrl-C and SIGTERM (what a batch system sends at the end of a job's
//! time): a long run stops within a second, prints what it found so far,
//! marked as not the total, and exits with [`EXIT`]. A second signal ends
//! the process at once.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

/// The exit status after an interruption: 128 + SIGINT, as shells expect.
pub const EXIT: i32 = 130;

static FLAG: OnceLock<Arc<AtomicBool>> = OnceLock::new();

/// The flag a signal raises; the first call installs the handler. Runs
/// pass it on as their stop flag.
pub fn flag() -> Arc<AtomicBool> {
    Arc::clone(FLAG.get_or_init(|| {
        let flag = Arc::new(AtomicBool::new(false));
        let raised = Arc::clone(&flag);
        let installed = ctrlc::set_handler(move || {
            if raised.swap(true, Ordering::SeqCst) {
                std::process::exit(EXIT);
            }
        });
        if let Err(e) = installed {
            log::warn!("Ctrl-C will end the run without a report: {e}");
        }
        flag
    }))
}

/// Whether a signal has arrived.
pub fn raised() -> bool {
    FLAG.get().is_some_and(|f| f.load(Ordering::SeqCst))
}
