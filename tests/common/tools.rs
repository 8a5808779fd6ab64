//! Programs some tests run besides jigsat (Chromium, GNU parallel, Slurm,
//! the SAT solver programs). `cargo test` must pass on a fresh machine
//! that has only Rust and a C++ compiler, so a test whose program is
//! missing says in one line what it skipped and how to install the
//! program, and passes. CI installs every program and sets
//! `JIGSAT_REQUIRE_TOOLS=1`, so there a missing program fails the test:
//! a broken install step cannot hide behind a skip.

use std::io::Write;
use std::path::PathBuf;

/// The variable that turns a skip into a failure (`.ci/run` sets it).
pub const REQUIRE: &str = "JIGSAT_REQUIRE_TOOLS";

/// `program`'s path on PATH, if it is there as a file.
pub fn on_path(program: &str) -> Option<PathBuf> {
    std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|dir| dir.join(program))
            .find(|p| p.is_file())
    })
}

/// Whether `program` is on PATH. When it is not, the calling test should
/// return at once: this has printed one line naming the test, the
/// program and `install` (how to get it) — or, with
/// `JIGSAT_REQUIRE_TOOLS=1`, panicked with the same words.
pub fn require_tool(program: &str, install: &str) -> bool {
    if on_path(program).is_some() {
        return true;
    }
    missing(program, install);
    false
}

/// Says that `what` (one program, or several: "kissat or cadical") is
/// missing, as [`require_tool`] does; for tests that need more than a
/// lookup of one name.
pub fn missing(what: &str, install: &str) {
    // The former switches only ever said "skip"; they still do, even
    // beside JIGSAT_REQUIRE_TOOLS=1.
    let told_to_skip = ["JIGSAT_SKIP_EXTERNAL", "JIGSAT_SKIP_BROWSER"]
        .iter()
        .any(|v| std::env::var(v).is_ok_and(|v| v == "1"));
    if std::env::var(REQUIRE).is_ok_and(|v| v == "1") && !told_to_skip {
        panic!("{REQUIRE}=1 and {what} is not on PATH (install: {install})");
    }
    skipped(&format!("{what} is not on PATH (install: {install})"));
}

/// One line on stderr: "skipped TEST: why".
pub fn skipped(why: &str) {
    // libtest runs each test on a thread named after it.
    let test = std::thread::current()
        .name()
        .filter(|name| *name != "main")
        .unwrap_or("a test")
        .to_string();
    // Straight to stderr: libtest keeps what `eprintln!` says in a test
    // that passes, and this line is meant to be seen.
    let _ = writeln!(std::io::stderr().lock(), "skipped {test}: {why}");
}
