//! `Puzzle.design()`: the rows of `jigsat design`, as Python dicts.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use jigsat::api;
use jigsat::api::design::{Asked, Row, Sort};
use jigsat::api::disassembly::Disassembler;
use pyo3::exceptions::PyKeyboardInterrupt;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use super::TimeLimitError;
use super::disassembly::off_thread;

/// One row as a dict: ``pieces`` ({name: copies}), ``count``,
/// ``distinct``, ``come_apart`` and ``highest_level`` (None unless taken
/// apart).
fn row_dict<'py>(py: Python<'py>, row: &Row) -> PyResult<Bound<'py, PyDict>> {
    let pieces = PyDict::new(py);
    for (name, copies) in &row.pieces {
        pieces.set_item(name, *copies)?;
    }
    let out = PyDict::new(py);
    out.set_item("pieces", pieces)?;
    out.set_item("count", row.count)?;
    out.set_item("distinct", row.distinct)?;
    out.set_item("come_apart", row.come_apart())?;
    out.set_item("highest_level", row.highest_level())?;
    Ok(out)
}

/// The design of `puzzle` by `solver` (off the Python thread, Ctrl-C
/// stopping it): the rows in the pool's order, only the unique ones when
/// `unique`. A run that did not finish is an exception, never rows that
/// look complete; a pool that never fills the board is an empty list.
pub fn rows<'py>(
    py: Python<'py>,
    puzzle: &api::Puzzle,
    solver: api::Solver,
    asked: Asked,
    unique: bool,
    stop: &Arc<AtomicBool>,
) -> PyResult<Bound<'py, PyList>> {
    if let Some(d) = &asked.disassemble {
        d.check(puzzle).map_err(super::to_py)?;
    }
    let (puzzle, flag) = (puzzle.clone(), Arc::clone(stop));
    let design = off_thread(py, stop, move || {
        solver.stop_flag(flag).design(&puzzle, &asked, &mut |_| {})
    })?;
    if let Some(unfinished) = design.enumeration.ending().unfinished() {
        return Err(match unfinished {
            api::run::Unfinished::Interrupted => PyKeyboardInterrupt::new_err("interrupted"),
            why => TimeLimitError::new_err(why.to_string()),
        });
    }
    if let Some(h) = &design.halted {
        return Err(TimeLimitError::new_err(h.to_string()));
    }
    let out = PyList::empty(py);
    for row in design.sorted(Sort::Choice) {
        if !unique || row.is_unique() {
            out.append(row_dict(py, row)?)?;
        }
    }
    Ok(out)
}

/// The disassembler of `design(disassemble=True)`.
pub fn disassembler(groups: api::disassembly::Groups, stop: &Arc<AtomicBool>) -> Disassembler {
    super::disassembly::disassembler(false, groups, None, None, stop)
}
