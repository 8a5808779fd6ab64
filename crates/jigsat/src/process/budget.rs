//! The memory budget: what a run may allocate for its big structures —
//! placements, the CNF, the order model — checked against an estimate
//! before any of it is built, so that a puzzle too large for the machine
//! costs one message (exit 2) instead of an out-of-memory kill or an
//! aborted allocation.
//!
//! The limit is `--max-memory SIZE`, by default half of the machine's
//! memory (the rest for everything else running); a CNF is weighed with
//! the SAT solver's copy of it ([`cnf_and_solver`]). It is process-wide,
//! like the memory it guards.

use std::sync::atomic::{AtomicU64, Ordering};

use crate::error::Error;

/// 0: not set, the default applies.
static LIMIT: AtomicU64 = AtomicU64::new(0);

/// Bytes a CNF costs, per variable, by the time a SAT solver runs on it:
/// see [`cnf_and_solver`].
pub const PER_VARIABLE: u64 = 200;

/// Bytes a CNF costs, per clause, by the time a SAT solver runs on it:
/// see [`cnf_and_solver`].
pub const PER_CLAUSE: u64 = 175;

/// The peak memory of a run that builds a CNF of `size` and loads it into
/// varisat or CaDiCaL (the solvers the plan picks): jigsat's placements,
/// cover and CNF, the solver's clause database, watch lists and
/// per-variable arrays. [`PER_VARIABLE`] and [`PER_CLAUSE`] are the
/// upper envelope of the peak resident memory (`/usr/bin/time -v`) of
/// `jigsat solve P --solver varisat|cadical --max-memory 20G` run to its
/// answer, over twelve CNFs of 0.9 to 11.7 M clauses and 1.9 to 3.8
/// literals a clause: L-trominoes (count 3 and 20) on 100x100 to 300x300
/// boards with the auto, pairwise and sequential encodings, four
/// pentominoes with copies on 80x80, and the order model of 100 to 300
/// dominoes (`--model order`). No run is above it; CaDiCaL is 1.03-1.18
/// of it, varisat 1.27-1.69 (varisat keeps less per clause, more per
/// variable). The literals add nothing measurable once clauses are
/// counted: the clause headers and the watches dominate. The old rule,
/// three times the CNF's own 4 bytes a literal and 8 a clause,
/// undercounted short clauses up to 3.9 times (L-trominoes on 300x300:
/// 442 MB predicted, 1.73 GB measured with CaDiCaL) and was calibrated on
/// the order model's long clauses only.
///
/// Not included: SPLR (`--solver splr`, never picked by the plan) peaks
/// at up to 1.4 times this; an enumeration holds one solver per thread
/// on plain exact covers, and its blocking clauses grow with the
/// solutions it finds.
pub fn cnf_and_solver(size: crate::encode::CnfSize) -> u64 {
    size.variables
        .saturating_mul(PER_VARIABLE)
        .saturating_add(size.clauses.saturating_mul(PER_CLAUSE))
}

/// Used when the machine's memory cannot be read.
const FALLBACK: u64 = 8 << 30;

/// Sets the budget in bytes.
pub fn set_limit(bytes: u64) {
    LIMIT.store(bytes, Ordering::Relaxed);
}

/// The budget in bytes: `--max-memory`, or half the machine's memory.
pub fn limit() -> u64 {
    match LIMIT.load(Ordering::Relaxed) {
        0 => machine_memory().map_or(FALLBACK, |m| m / 2),
        n => n,
    }
}

/// The machine's memory, from /proc/meminfo.
fn machine_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// Refuses (exit 2) when `bytes` exceed the budget, naming the file being
/// read, the figure, what it is for and `hint` (what to try instead).
pub fn check(bytes: u64, what: &str, hint: &str) -> Result<(), Error> {
    let limit = limit();
    if bytes <= limit {
        return Ok(());
    }
    let file = crate::process::files::first_input().map_or(String::new(), |f| format!("{f}: "));
    let hint = if hint.is_empty() {
        String::new()
    } else {
        format!("; {hint}")
    };
    Err(Error::Usage(format!(
        "{file}needs about {} for {what}; the limit is {} (--max-memory){hint}",
        human(bytes),
        human(limit)
    )))
}

/// Bytes for a person: "6.9 GB", "512 MB".
pub fn human(bytes: u64) -> String {
    let b = bytes as f64;
    match bytes {
        0..1_000_000 => format!("{:.0} kB", b / 1e3),
        1_000_000..1_000_000_000 => format!("{:.0} MB", b / 1e6),
        _ => format!("{:.1} GB", b / 1e9),
    }
}

/// A count for a person: "37.8 M".
pub fn quantity(n: u64) -> String {
    match n {
        0..1_000_000 => n.to_string(),
        1_000_000..1_000_000_000 => format!("{:.1} M", n as f64 / 1e6),
        _ => format!("{:.1} G", n as f64 / 1e9),
    }
}

/// Parses a size: bytes, or a number with K, M, G or T (powers of 1024;
/// "KB", "KiB" and the like accepted), e.g. `12G`, `1.5GiB`, `800M`.
pub fn parse_size(text: &str) -> Result<u64, String> {
    let t = text.trim();
    let split = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (number, unit) = t.split_at(split);
    let number: f64 = number
        .parse()
        .map_err(|_| format!("`{text}` is not a size: expected e.g. 12G, 800M or 1.5GiB"))?;
    let unit = unit.trim().to_ascii_uppercase();
    let shift = match unit.trim_end_matches("IB").trim_end_matches('B') {
        "" => 0,
        "K" => 10,
        "M" => 20,
        "G" => 30,
        "T" => 40,
        _ => return Err(format!("`{text}`: unknown unit; use K, M, G or T")),
    };
    let bytes = number * (1u64 << shift) as f64;
    if !(1.0..=1.8e19).contains(&bytes) {
        return Err(format!("`{text}` is not a size jigsat can use"));
    }
    Ok(bytes as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse_with_units() {
        assert_eq!(parse_size("12G"), Ok(12 << 30));
        assert_eq!(parse_size("800M"), Ok(800 << 20));
        assert_eq!(parse_size("1.5GiB"), Ok(3 << 29));
        assert_eq!(parse_size("4096"), Ok(4096));
        assert!(parse_size("12X").is_err());
        assert!(parse_size("lots").is_err());
        assert!(parse_size("0").is_err());
    }
}
