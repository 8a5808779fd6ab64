//! Ctrl-C and SIGTERM (what a batch system sends at the end of a job's
//! time).
//!
//! A run that can stop cleanly — an enumeration, a count in parts — asks
//! for the [`flag`]: the first signal raises it, the run stops within a
//! second, prints what it found so far (marked as not the total) and exits
//! with status 130. Any other run (a single SAT call that cannot be
//! interrupted, parsing, encoding) is ended by the handler at once, with
//! the same status. The handler and the watchdog live in the binary
//! (`src/signals.rs`): the library never ends the process. Either way the handler first stops the external solver
//! programs still running (their whole process groups) and removes the
//! temporary files still being written ([`crate::process::files::TempFile`]), so an interrupted
//! jigsat leaves nothing behind. A second signal always ends the process.
//!
//! The time limit works the same way. The searches watch the clock
//! themselves and end at the limit with what they found; the phases that
//! build things (placements, the cover, the CNF) do not, and a watchdog
//! (the binary's) ends the run for them shortly after the limit, with
//! exit status 3 — unless the run has reached its output ([`finishing`]),
//! which is never cut in half.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

struct State {
    raised: Arc<AtomicBool>,
    /// Whether the run polls `raised` (then the handler leaves the ending
    /// to it).
    cooperative: AtomicBool,
    /// Process groups of running external programs.
    groups: Mutex<Vec<u32>>,
}

static STATE: OnceLock<State> = OnceLock::new();

/// How long after its time limit a run that is still building (and so not
/// watching the clock) is ended by the watchdog.
pub const GRACE: Duration = Duration::from_millis(500);

/// Set when the run reaches its output: the watchdog stands down.
static FINISHING: AtomicBool = AtomicBool::new(false);

/// The run has its answer and writes it out: the watchdog stands down.
pub fn finishing() {
    FINISHING.store(true, Ordering::SeqCst);
}

fn state() -> &'static State {
    STATE.get_or_init(|| State {
        raised: Arc::new(AtomicBool::new(false)),
        cooperative: AtomicBool::new(false),
        groups: Mutex::new(Vec::new()),
    })
}

/// Raises the flag for a signal that has arrived: `true` when the run
/// polls it and will stop by itself, `false` when the process must end
/// now (a second signal, or a run that cannot be stopped). The binary's
/// handler calls it, then [`clean_up`] and exits where told to.
pub fn raise() -> bool {
    let s = state();
    let again = s.raised.swap(true, Ordering::SeqCst);
    let blocked = BLOCKED.load(Ordering::SeqCst) > 0;
    !again && !blocked && s.cooperative.load(Ordering::SeqCst)
}

/// Whether the run has reached its output, which the watchdog never
/// cuts in half.
pub fn is_finishing() -> bool {
    FINISHING.load(Ordering::SeqCst)
}

/// Calls in [`blocking`] now: while there are any, a signal ends the run
/// at once, even one that polls the flag.
static BLOCKED: AtomicUsize = AtomicUsize::new(0);

/// Runs `f`, which may block in the kernel without end — opening a FIFO
/// that no one writes, reading a terminal — so that a signal during it
/// ends the run at once (cleaning up as always): a run that polls the
/// flag cannot poll from inside `open(2)`, and the first SIGTERM a batch
/// system sends must not be lost. A signal that came before the call
/// stops the run here: `f` is not called, and the error
/// ([`std::io::ErrorKind::Interrupted`]) reaches the caller as the run's
/// interruption (exit status 130), never ending the process from inside
/// the library.
pub fn blocking<T>(f: impl FnOnce() -> std::io::Result<T>) -> std::io::Result<T> {
    struct Guard;
    impl Drop for Guard {
        fn drop(&mut self) {
            BLOCKED.fetch_sub(1, Ordering::SeqCst);
        }
    }
    BLOCKED.fetch_add(1, Ordering::SeqCst);
    let _guard = Guard;
    if raised() {
        // A signal came before the call: the run stops before it blocks.
        return Err(std::io::Error::new(
            std::io::ErrorKind::Interrupted,
            "interrupted",
        ));
    }
    f()
}

/// Temporary files and directories being written
/// ([`crate::process::files::TempFile`]): removed when a signal ends the
/// process.
static TEMP_FILES: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Registers a temporary file or directory to remove if a signal ends the
/// process before it is renamed into place or removed by its writer.
pub fn register_temp(path: &Path) {
    if let Ok(mut files) = TEMP_FILES.lock() {
        files.push(path.to_path_buf());
    }
}

/// Forgets a temporary file: its writer has dealt with it.
pub fn forget_temp(path: &Path) {
    if let Ok(mut files) = TEMP_FILES.lock() {
        files.retain(|f| f != path);
    }
}

/// Removes every registered temporary file (the process is ending).
fn remove_temp_files() {
    if let Ok(files) = TEMP_FILES.lock() {
        for f in files.iter() {
            if f.is_dir() {
                let _ = std::fs::remove_dir_all(f);
            } else {
                let _ = std::fs::remove_file(f);
            }
        }
    }
}

/// The flag a signal raises; asking for it says that this run polls it
/// and stops by itself.
pub fn flag() -> Arc<AtomicBool> {
    let s = state();
    s.cooperative.store(true, Ordering::SeqCst);
    Arc::clone(&s.raised)
}

/// Lowers the flag again after an enumeration that ended by itself: the
/// enumeration raises the flag it was given to stop its own workers, and
/// a run that goes on polling it (the disassembly after a count) must not
/// read that as Ctrl-C. Only for a run whose enumeration was not
/// interrupted.
pub fn rearm() {
    state().raised.store(false, Ordering::SeqCst);
}

/// Whether a signal has arrived.
pub fn raised() -> bool {
    state().raised.load(Ordering::SeqCst)
}

/// Stops the registered process groups and removes the registered
/// temporary files.
pub fn clean_up() {
    let s = state();
    if let Ok(groups) = s.groups.lock() {
        groups.iter().for_each(|&g| kill_group(g));
    }
    remove_temp_files();
}

/// Kills a whole process group (a solver and whatever it started).
pub fn kill_group(group: u32) {
    #[cfg(unix)]
    // SAFETY: kill(2) with a negative pid signals a process group; it
    // touches no memory of ours.
    unsafe {
        libc::kill(-(group as libc::pid_t), libc::SIGKILL);
    }
    #[cfg(not(unix))]
    let _ = group;
}

/// A running external program's process group: killed by the handler if
/// a signal ends the process, forgotten when dropped.
pub struct ChildGroup(u32);

impl ChildGroup {
    pub fn new(group: u32) -> ChildGroup {
        if let Ok(mut groups) = state().groups.lock() {
            groups.push(group);
        }
        ChildGroup(group)
    }
}

impl Drop for ChildGroup {
    fn drop(&mut self) {
        if let Ok(mut groups) = state().groups.lock() {
            groups.retain(|&g| g != self.0);
        }
    }
}
