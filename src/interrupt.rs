//! Ctrl-C and SIGTERM (what a batch system sends at the end of a job's
//! time).
//!
//! A run that can stop cleanly — an enumeration, a count in parts — asks
//! for the [`flag`]: the first signal raises it, the run stops within a
//! second, prints what it found so far (marked as not the total) and exits
//! with [`EXIT`]. Any other run (a single SAT call that cannot be
//! interrupted, parsing, encoding) is ended by the handler at once, with
//! the same status. Either way the handler first stops the external solver
//! programs still running (their whole process groups) and removes the
//! temporary files still being written ([`TempFile`]), so an interrupted
//! jigsat leaves nothing behind. A second signal always ends the process.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

/// The exit status after an interruption: 128 + SIGINT, as shells expect.
pub const EXIT: i32 = 130;

struct State {
    raised: Arc<AtomicBool>,
    /// Whether the run polls `raised` (then the handler leaves the ending
    /// to it).
    cooperative: AtomicBool,
    temp_files: Mutex<Vec<PathBuf>>,
    /// Process groups of running external programs.
    groups: Mutex<Vec<u32>>,
}

static STATE: OnceLock<State> = OnceLock::new();

fn state() -> &'static State {
    STATE.get_or_init(|| State {
        raised: Arc::new(AtomicBool::new(false)),
        cooperative: AtomicBool::new(false),
        temp_files: Mutex::new(Vec::new()),
        groups: Mutex::new(Vec::new()),
    })
}

/// Installs the handler for SIGINT and SIGTERM (the binary calls it first
/// thing; a library user who wants Ctrl-C handled calls it too).
pub fn install() {
    let installed = ctrlc::set_handler(|| {
        let s = state();
        let again = s.raised.swap(true, Ordering::SeqCst);
        if again || !s.cooperative.load(Ordering::SeqCst) {
            clean_up();
            eprintln!("jigsat: interrupted");
            std::process::exit(EXIT);
        }
    });
    if let Err(e) = installed {
        log::warn!("Ctrl-C is not handled: {e}");
    }
}

/// The flag a signal raises; asking for it says that this run polls it
/// and stops by itself.
pub fn flag() -> Arc<AtomicBool> {
    let s = state();
    s.cooperative.store(true, Ordering::SeqCst);
    Arc::clone(&s.raised)
}

/// Whether a signal has arrived.
pub fn raised() -> bool {
    state().raised.load(Ordering::SeqCst)
}

/// Stops the registered process groups and removes the registered
/// temporary files.
fn clean_up() {
    let s = state();
    if let Ok(groups) = s.groups.lock() {
        groups.iter().for_each(|&g| kill_group(g));
    }
    if let Ok(files) = s.temp_files.lock() {
        for f in files.iter() {
            if f.is_dir() {
                let _ = std::fs::remove_dir_all(f);
            } else {
                let _ = std::fs::remove_file(f);
            }
        }
    }
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

/// A temporary file being written (or a temporary directory): removed by the handler if a signal
/// ends the process meanwhile, forgotten when dropped (renamed into place
/// or removed by its writer).
pub struct TempFile(PathBuf);

impl TempFile {
    pub fn new(path: &Path) -> TempFile {
        if let Ok(mut files) = state().temp_files.lock() {
            files.push(path.to_path_buf());
        }
        TempFile(path.to_path_buf())
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        if let Ok(mut files) = state().temp_files.lock() {
            files.retain(|f| f != &self.0);
        }
    }
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
