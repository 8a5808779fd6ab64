//! `jigsat._jigsat`: the Python module over jigsat's public API
//! ([`jigsat::api`]) and nothing else.
//!
//! Every search runs on the library's own thread ([`api::Job`],
//! [`api::Solutions`]); the Python thread waits for it with the GIL
//! released, in slices of [`SLICE`], and between slices runs Python's
//! signal handlers, so that Ctrl-C raises `KeyboardInterrupt` within a
//! slice and stops the search; a file is read the same way, on a thread
//! of its own ([`read_file`]). The iterator of solutions may be shared
//! between threads ([`Solutions`]). The options take what the command
//! line's take, or raise `ValueError`. A panic anywhere becomes
//! `jigsat.BugError`, never an abort.

use std::collections::BTreeMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError, mpsc};
use std::task::Poll;
use std::time::Duration;

mod best;
mod design;
mod disassembly;

use jigsat::api;
use jigsat::api::disassembly::Groups;
use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyOSError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};

/// How long the Python thread waits for the search between two looks at
/// Python's signals: Ctrl-C is seen within this.
const SLICE: Duration = Duration::from_millis(20);

create_exception!(
    _jigsat,
    PuzzleError,
    PyException,
    "Base of every jigsat error; its message is the command line's."
);
create_exception!(
    _jigsat,
    InputError,
    PuzzleError,
    "A puzzle jigsat cannot read (a file, TOML text or lists of cells): the message names the place and what was expected."
);
create_exception!(
    _jigsat,
    UsageError,
    PuzzleError,
    "An option or a call that does not fit the puzzle (an unknown engine, a CNF over the memory budget)."
);
create_exception!(
    _jigsat,
    TimeLimitError,
    PuzzleError,
    "The time limit ran out before the answer."
);
create_exception!(
    _jigsat,
    SolverError,
    PuzzleError,
    "A solver broke down or gave no answer."
);
create_exception!(
    _jigsat,
    BugError,
    PuzzleError,
    "A bug in jigsat (a failed check or a panic): please report it with the puzzle."
);

/// The Python exception of a library error; `Interrupted` (a stop from
/// outside) is `KeyboardInterrupt`, which is what stops a run from Python.
fn to_py(e: api::Error) -> PyErr {
    let message = e.to_string();
    match e {
        api::Error::Puzzle(_) | api::Error::Io(_) => InputError::new_err(message),
        api::Error::Usage(_) => UsageError::new_err(message),
        api::Error::TimeLimit(_) => TimeLimitError::new_err(message),
        api::Error::Solver(_) => SolverError::new_err(message),
        api::Error::Interrupted => pyo3::exceptions::PyKeyboardInterrupt::new_err(message),
        _ => BugError::new_err(message),
    }
}

/// Runs `f` with its panics turned into `BugError`, with the library's
/// message for a contained panic.
fn guarded<T>(f: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(r) => r,
        Err(panic) => Err(to_py(api::Error::from_panic(panic.as_ref()))),
    }
}

/// Panics inside [`guarded`], as a bug would: the test suite's proof that
/// a panic reaches Python as `BugError` and never crosses the boundary.
#[pyfunction]
fn _panic_for_tests() -> PyResult<()> {
    guarded(|| panic!("a panic raised on purpose by the test suite"))
}

/// Waits for `poll` to be ready with the GIL released, running Python's
/// signal handlers between slices; an exception from them (Ctrl-C's
/// `KeyboardInterrupt`) is returned at once, and the caller's drop of the
/// run stops the search.
fn wait<T: Send>(py: Python<'_>, mut poll: impl FnMut(Duration) -> Poll<T> + Send) -> PyResult<T> {
    loop {
        if let Poll::Ready(answer) = py.detach(|| poll(SLICE)) {
            return Ok(answer);
        }
        py.check_signals()?;
    }
}

/// Reads a puzzle file on a thread of its own while the Python thread
/// waits in slices, running its signal handlers: opening a FIFO that no
/// one writes to blocks in the kernel, and Rust's standard library
/// retries the call on Ctrl-C's `EINTR`, so a read on the Python thread
/// never sees Ctrl-C. On Ctrl-C the reader is [`release`]d and the
/// `KeyboardInterrupt` raised.
fn read_file(py: Python<'_>, path: PathBuf, problem: Option<String>) -> PyResult<api::Puzzle> {
    let (send, receive) = mpsc::channel();
    let done = Arc::new(AtomicBool::new(false));
    let reader = {
        let (path, done) = (path.clone(), Arc::clone(&done));
        move || {
            let read = api::Puzzle::from_file_problem(&path, problem.as_deref());
            done.store(true, Ordering::SeqCst);
            // The caller may have gone (Ctrl-C): the puzzle is dropped.
            let _ = send.send(read);
        }
    };
    std::thread::Builder::new()
        .name("jigsat-read".into())
        .spawn(reader)
        .map_err(|e| PyOSError::new_err(format!("cannot start the reading thread: {e}")))?;
    let waited = wait(py, move |slice| match receive.recv_timeout(slice) {
        Ok(read) => Poll::Ready(Some(read)),
        Err(mpsc::RecvTimeoutError::Timeout) => Poll::Pending,
        // The reader panicked; its panic was printed.
        Err(mpsc::RecvTimeoutError::Disconnected) => Poll::Ready(None),
    });
    match waited {
        Ok(Some(read)) => read.map_err(to_py),
        Ok(None) => Err(BugError::new_err(
            "internal error: the reading thread panicked; please report it",
        )),
        Err(interrupt) => {
            py.detach(|| release(&path, &done));
            Err(interrupt)
        }
    }
}

/// Lets a reading thread left behind by Ctrl-C end: one blocked opening a
/// FIFO is released by a writer that comes and goes at once (it then
/// reads an empty file and its answer is dropped), so that it never takes
/// the data meant for the next reader; it is given [`RELEASE`] to end
/// (`done`) before the next writer may come. Nothing for any other file:
/// its reader ends by itself.
fn release(path: &std::path::Path, done: &AtomicBool) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
        let fifo = std::fs::metadata(path).is_ok_and(|m| m.file_type().is_fifo());
        if done.load(Ordering::SeqCst) || !fifo {
            return;
        }
        // Without a reader waiting this fails (ENXIO), which is fine.
        let writer = std::fs::OpenOptions::new()
            .write(true)
            .custom_flags(libc::O_NONBLOCK)
            .open(path);
        drop(writer);
        let end = std::time::Instant::now() + RELEASE;
        while !done.load(Ordering::SeqCst) && std::time::Instant::now() < end {
            std::thread::sleep(Duration::from_millis(1));
        }
    }
    #[cfg(not(unix))]
    let _ = (path, done);
}

/// How long [`release`] waits for the reader it released to end.
const RELEASE: Duration = Duration::from_secs(1);

/// A cell from a Python sequence of 2 or 3 integers.
fn cell(item: &Bound<'_, PyAny>) -> PyResult<api::Cell> {
    let coords: Vec<i64> = item.extract().map_err(|_| {
        PyTypeError::new_err(format!(
            "a cell is a tuple of 2 or 3 integers (x, y[, z]), not {}",
            item.repr().map(|r| r.to_string()).unwrap_or_default()
        ))
    })?;
    let fit = |v: i64| {
        i32::try_from(v).map_err(|_| InputError::new_err(format!("coordinate {v} is out of range")))
    };
    match coords[..] {
        [x, y] => Ok([fit(x)?, fit(y)?, 0]),
        [x, y, z] => Ok([fit(x)?, fit(y)?, fit(z)?]),
        _ => Err(PyTypeError::new_err(format!(
            "a cell is a tuple of 2 or 3 integers (x, y[, z]), not {} numbers",
            coords.len()
        ))),
    }
}

fn cells(seq: &Bound<'_, PyAny>) -> PyResult<Vec<api::Cell>> {
    seq.try_iter()?.map(|item| cell(&item?)).collect()
}

/// A cell for Python: `(x, y)` on a flat board, `(x, y, z)` otherwise.
fn cell_tuple<'py>(py: Python<'py>, c: api::Cell, flat: bool) -> PyResult<Bound<'py, PyTuple>> {
    if flat {
        PyTuple::new(py, [c[0], c[1]])
    } else {
        PyTuple::new(py, c)
    }
}

fn cell_list<'py>(
    py: Python<'py>,
    cells: &[api::Cell],
    flat: bool,
) -> PyResult<Bound<'py, PyList>> {
    let items = cells
        .iter()
        .map(|&c| cell_tuple(py, c, flat))
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, items)
}

/// A piece to build a puzzle from: a name, its cells (tuples `(x, y)` or
/// `(x, y, z)`, anywhere: the shape is what counts) and how many
/// identical copies there are.
#[pyclass(module = "jigsat", frozen, get_all)]
#[derive(Clone)]
struct Piece {
    /// The piece's name (unique in the puzzle).
    name: String,
    /// Its cells, as given.
    cells: Vec<(i32, i32, i32)>,
    /// Identical copies (default 1).
    count: u32,
}

#[pymethods]
impl Piece {
    #[new]
    #[pyo3(signature = (name, cells, count = 1))]
    fn new(name: String, cells: &Bound<'_, PyAny>, count: u32) -> PyResult<Piece> {
        let cells = self::cells(cells)?
            .into_iter()
            .map(|c| (c[0], c[1], c[2]))
            .collect();
        Ok(Piece { name, cells, count })
    }

    fn __repr__(&self) -> String {
        format!(
            "Piece({:?}, cells={:?}, count={})",
            self.name, self.cells, self.count
        )
    }
}

/// The keywords of a search: the command line's options by their Python
/// names.
const SEARCH: &[&str] = &[
    "time_limit",
    "threads",
    "engine",
    "encoding",
    "card",
    "edges",
    "model",
    "symmetry",
    "precheck",
];

/// The keywords of the CNF (`to_dimacs`, `decode`).
const CNF: &[&str] = &["encoding", "card", "edges", "symmetry"];

/// The longest time limit, in seconds: the command line's `--time-limit`
/// takes no more (src/cli.rs, `parse_seconds`), and a `Duration` of many
/// more would not fit (`1e308` panicked).
const MAX_SECONDS: f64 = 1e9;

/// The most threads: the range of the command line's `-j` (src/cli.rs),
/// so that a typo cannot start a million threads.
const MAX_THREADS: u32 = 1024;

/// `time_limit=`: a finite number of seconds above 0 and at most
/// [`MAX_SECONDS`], as `--time-limit` takes; anything else is a
/// `ValueError` naming the option.
fn time_limit(value: &Bound<'_, PyAny>) -> PyResult<Duration> {
    let t: f64 = value.extract()?;
    if !(t.is_finite() && t > 0.0 && t <= MAX_SECONDS) {
        return Err(PyValueError::new_err(format!(
            "time_limit: expected a number of seconds above 0 and at most {MAX_SECONDS:e} (as --time-limit), not {t}"
        )));
    }
    Ok(Duration::from_secs_f64(t))
}

/// `threads=`: an integer from 1 to [`MAX_THREADS`], as `-j` takes; an
/// integer outside (however large) is a `ValueError` naming the option.
fn threads(value: &Bound<'_, PyAny>) -> PyResult<usize> {
    let refused = || {
        PyValueError::new_err(format!(
            "threads: expected an integer from 1 to {MAX_THREADS} (as -j), not {}",
            value.repr().map(|r| r.to_string()).unwrap_or_default()
        ))
    };
    // An integer too large for i64 is out of range too, not a TypeError.
    let n: i64 = match value.extract() {
        Ok(n) => n,
        Err(e) if e.is_instance_of::<pyo3::exceptions::PyOverflowError>(value.py()) => {
            return Err(refused());
        }
        Err(e) => return Err(e),
    };
    match u32::try_from(n) {
        Ok(n) if (1..=MAX_THREADS).contains(&n) => Ok(n as usize),
        _ => Err(refused()),
    }
}

/// `seed=`: an integer from 0 to 2^64 - 1, as `--seed` takes; a negative
/// or larger one is a `ValueError` naming the option.
fn seed(value: &Bound<'_, PyAny>) -> PyResult<u64> {
    value.extract::<u64>().map_err(|e| {
        if e.is_instance_of::<pyo3::exceptions::PyOverflowError>(value.py()) {
            PyValueError::new_err(format!(
                "seed: expected an integer from 0 to 2**64 - 1 (as --seed), not {}",
                value.repr().map(|r| r.to_string()).unwrap_or_default()
            ))
        } else {
            e
        }
    })
}

/// The options of a run from its keyword arguments, each of which must be
/// one of `allowed`; `None` leaves an option at its default.
fn solver(options: Option<&Bound<'_, PyDict>>, allowed: &[&str]) -> PyResult<api::Solver> {
    let mut s = api::Solver::new();
    let Some(options) = options else {
        return Ok(s);
    };
    for (key, value) in options.iter() {
        let key: String = key.extract()?;
        if !allowed.contains(&key.as_str()) {
            return Err(PyTypeError::new_err(format!(
                "unexpected keyword argument '{key}' (expected: {})",
                allowed.join(", ")
            )));
        }
        if value.is_none() {
            continue;
        }
        s = match key.as_str() {
            "time_limit" => s.time_limit(time_limit(&value)?),
            "threads" => s.threads(threads(&value)?),
            "engine" => s.engine(&value.extract::<String>()?).map_err(to_py)?,
            "encoding" => s.encoding(&value.extract::<String>()?).map_err(to_py)?,
            "card" => s.card(&value.extract::<String>()?).map_err(to_py)?,
            "edges" => s.edges(&value.extract::<String>()?).map_err(to_py)?,
            "model" => s.model(&value.extract::<String>()?).map_err(to_py)?,
            "symmetry" => s.symmetry(value.extract()?),
            "precheck" => s.precheck(value.extract()?),
            "fixed_board" => s.fixed_board(value.extract()?),
            _ => s,
        };
    }
    Ok(s)
}

/// A puzzle: a board and pieces (or edge-matching tiles), read and
/// checked as the command line reads a file.
///
/// Build one with ``Puzzle.from_file(path)``, ``Puzzle.from_toml(text)`` or
/// ``Puzzle(board=(w, h[, d]) or [cells...], pieces=[Piece(...), ...])``.
#[pyclass(module = "jigsat", frozen)]
struct Puzzle {
    inner: api::Puzzle,
    /// The groups and weights of a BurrTools problem, for its
    /// disassemblies (none for any other puzzle).
    groups: Groups,
}

#[pymethods]
impl Puzzle {
    #[new]
    #[pyo3(signature = (board, pieces, *, name = None, rotations = None, mirror = None, fill = None, grid = None))]
    fn new(
        board: &Bound<'_, PyAny>,
        pieces: &Bound<'_, PyAny>,
        name: Option<&str>,
        rotations: Option<&str>,
        mirror: Option<bool>,
        fill: Option<&str>,
        grid: Option<&str>,
    ) -> PyResult<Puzzle> {
        guarded(|| {
            let mut b = api::Puzzle::builder();
            if let Some(name) = name {
                b = b.name(name);
            }
            if let Some(grid) = grid {
                b = b.grid(grid);
            }
            // A size is a sequence of integers; a shape, of cells.
            if let Ok(size) = board.extract::<Vec<u32>>() {
                b = b.board_size(&size);
            } else {
                b = b.board_cells(&cells(board)?);
            }
            for item in pieces.try_iter()? {
                let item = item?;
                let piece = item
                    .cast::<Piece>()
                    .map_err(|_| PyTypeError::new_err("pieces: expected a list of jigsat.Piece"))?;
                let piece = piece.get();
                let cells: Vec<api::Cell> =
                    piece.cells.iter().map(|&(x, y, z)| [x, y, z]).collect();
                b = b.copies(&piece.name, &cells, piece.count);
            }
            if let Some(r) = rotations {
                b = b.rotations(r);
            }
            if let Some(m) = mirror {
                b = b.mirror(m);
            }
            if let Some(f) = fill {
                b = b.fill(f);
            }
            Ok(Puzzle {
                inner: b.build().map_err(to_py)?,
                groups: Groups::default(),
            })
        })
    }

    /// Reads a puzzle file: jigsat's TOML or a BurrTools ``.xmpuzzle``
    /// (``problem`` picks one of its problems, by number or name).
    /// Ctrl-C raises ``KeyboardInterrupt`` while the file is read, even a
    /// FIFO no one writes to.
    #[staticmethod]
    #[pyo3(signature = (path, problem = None))]
    fn from_file(py: Python<'_>, path: PathBuf, problem: Option<&str>) -> PyResult<Puzzle> {
        guarded(|| {
            let inner = read_file(py, path.clone(), problem.map(str::to_string))?;
            // Read again for its groups only when it can be read again:
            // a FIFO gives its text once.
            let groups = match std::fs::metadata(&path).is_ok_and(|m| m.is_file()) {
                true => Groups::from_file(&path, problem).map_err(to_py)?,
                false => Groups::default(),
            };
            Ok(Puzzle { inner, groups })
        })
    }

    /// Reads a puzzle from TOML text (the puzzle file format).
    #[staticmethod]
    fn from_toml(text: &str) -> PyResult<Puzzle> {
        guarded(|| {
            Ok(Puzzle {
                inner: api::Puzzle::from_toml_str(text).map_err(to_py)?,
                groups: Groups::default(),
            })
        })
    }

    /// The puzzle's name.
    #[getter]
    fn name(&self) -> String {
        self.inner.name().to_string()
    }

    /// The names of the pieces (or tiles), in the puzzle's order.
    #[getter]
    fn piece_names(&self) -> Vec<String> {
        self.inner.piece_names()
    }

    /// The board's cells.
    #[getter]
    fn board<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        cell_list(py, &self.inner.board_cells(), self.inner.is_flat())
    }

    /// What the reader noticed that does not stop a run.
    #[getter]
    fn warnings(&self) -> Vec<String> {
        self.inner.warnings().to_vec()
    }

    /// The puzzle as a TOML puzzle file.
    fn to_toml(&self) -> PyResult<String> {
        guarded(|| self.inner.to_toml().map_err(to_py))
    }

    /// The first solution found (checked), or None when the puzzle has
    /// none (proved). Keywords (the command line's options): ``time_limit``
    /// (seconds), ``threads``, ``engine``, ``encoding``, ``card``,
    /// ``edges``, ``model``, ``symmetry``, ``precheck``.
    #[pyo3(signature = (**options))]
    fn solve(
        &self,
        py: Python<'_>,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Option<Solution>> {
        guarded(|| {
            let s = solver(options, SEARCH)?;
            let mut job = s.start_solve(&self.inner);
            let answer = wait(py, |slice| job.poll(slice))?;
            Ok(answer.map_err(to_py)?.map(|inner| self.solution(inner)))
        })
    }

    /// The number of solutions: ``.count`` on a fixed board, ``.distinct``
    /// up to the board's symmetries (``jigsat count``). The keywords of
    /// ``solve``, and: ``disassemble=True`` takes every class apart
    /// (``count --disassemble``: ``.come_apart`` and ``.levels``;
    /// ``thorough=True`` as ``--thorough``); ``certify=True`` checks every
    /// solution and proves there are no others (``count --certify``:
    /// ``.certified`` and ``.certificate``).
    #[pyo3(signature = (**options))]
    fn count(&self, py: Python<'_>, options: Option<&Bound<'_, PyDict>>) -> PyResult<Counts> {
        guarded(|| {
            let (extras, options) = extras(options, &["disassemble", "certify", "thorough"])?;
            let on = |key: &str| extras.get(key).copied().unwrap_or(false);
            let s = solver(options.as_ref(), SEARCH)?;
            let stop = Arc::new(AtomicBool::new(false));
            if on("certify") {
                if on("disassemble") {
                    return Err(PyValueError::new_err(
                        "certify and disassemble: ask for one at a time",
                    ));
                }
                return self.certified_count(py, s, &stop);
            }
            if on("disassemble") {
                let d = disassembly::disassembler(
                    on("thorough"),
                    self.groups.clone(),
                    None,
                    None,
                    &stop,
                );
                let (count, distinct, figures) = disassembly::count(py, &self.inner, s, d, &stop)?;
                return Ok(Counts {
                    count,
                    distinct,
                    come_apart: Some(figures.come_apart),
                    levels: Some(figures.levels),
                    ..Counts::default()
                });
            }
            let mut job = s.start_count(&self.inner);
            let counts = wait(py, |slice| job.poll(slice))?.map_err(to_py)?;
            Ok(Counts {
                count: counts.count,
                distinct: counts.distinct,
                ..Counts::default()
            })
        })
    }

    /// For designers (``jigsat design``): the pieces' counts as ranges
    /// make a pool; one enumeration tallies its solutions per choice of
    /// pieces. A list of dicts, one per choice with a solution (every
    /// choice that fits the board with ``all=True``, only those with one
    /// distinct solution with ``unique=True``): ``pieces`` ({name:
    /// copies}), ``count``, ``distinct``, and with ``disassemble=True``
    /// ``come_apart`` and ``highest_level``. The keywords of ``solve``.
    #[pyo3(signature = (*, all = false, unique = false, disassemble = false, **options))]
    fn design<'py>(
        &self,
        py: Python<'py>,
        all: bool,
        unique: bool,
        disassemble: bool,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Bound<'py, PyList>> {
        guarded(|| {
            let stop = Arc::new(AtomicBool::new(false));
            let d = disassemble.then(|| design::disassembler(self.groups.clone(), &stop));
            let asked = api::design::Asked {
                all,
                disassemble: d,
            };
            design::rows(
                py,
                &self.inner,
                solver(options, SEARCH)?,
                asked,
                unique,
                &stop,
            )
        })
    }

    /// The best board of an edge-matching puzzle (``jigsat solve
    /// --best``): every tile placed, the frame kept, as many inner edges
    /// matched as the run finds within ``time_limit`` seconds (Eternity
    /// II's score), on ``threads`` (one per core by default), its random
    /// choices drawn from ``seed`` (1 by default; another seed, other
    /// boards: one per machine). A ``Best``, or None when counting proves the tiles cannot
    /// all be placed. A packing puzzle raises UsageError; Ctrl-C stops the
    /// run and raises KeyboardInterrupt.
    #[pyo3(signature = (*, time_limit, threads = None, seed = None))]
    fn best(
        &self,
        py: Python<'_>,
        time_limit: &Bound<'_, PyAny>,
        threads: Option<&Bound<'_, PyAny>>,
        seed: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Option<best::Best>> {
        guarded(|| {
            let limit = self::time_limit(time_limit)?;
            let threads = threads.map(self::threads).transpose()?;
            let seed = seed.map(self::seed).transpose()?.unwrap_or(1);
            best::best(py, &self.inner, &self.groups, limit, threads, seed)
        })
    }

    /// The solutions as the search finds them: one per symmetry class, or
    /// every solution on a fixed board with ``fixed_board=True``. Lazy:
    /// the search runs a little ahead of the loop and stops when the
    /// iterator is closed or dropped (``break`` out of a ``for``). The
    /// keywords of ``solve``, and ``fixed_board``.
    #[pyo3(signature = (**options))]
    fn solutions(&self, options: Option<&Bound<'_, PyDict>>) -> PyResult<Solutions> {
        guarded(|| {
            let listing = [SEARCH, &["fixed_board"]].concat();
            let s = solver(options, &listing)?;
            Ok(Solutions {
                inner: Mutex::new(Some(s.solutions(&self.inner))),
                groups: self.groups.clone(),
            })
        })
    }

    /// The CNF in DIMACS format (``jigsat dimacs``), for any SAT solver;
    /// ``decode`` reads its model back. Keywords: ``encoding``, ``card``,
    /// ``edges``, ``symmetry``.
    #[pyo3(signature = (**options))]
    fn to_dimacs(&self, py: Python<'_>, options: Option<&Bound<'_, PyDict>>) -> PyResult<String> {
        guarded(|| {
            let s = solver(options, CNF)?;
            py.detach(|| s.dimacs(&self.inner)).map_err(to_py)
        })
    }

    /// Reads a SAT solver's answer to ``to_dimacs``'s CNF (with the same
    /// options) back, checked: a Solution, or None for UNSAT.
    #[pyo3(signature = (model, **options))]
    fn decode(
        &self,
        py: Python<'_>,
        model: &str,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Option<Solution>> {
        guarded(|| {
            let s = solver(options, CNF)?;
            let decoded = py.detach(|| s.decode(&self.inner, model)).map_err(to_py)?;
            Ok(decoded.map(|inner| self.solution(inner)))
        })
    }

    fn __repr__(&self) -> String {
        format!(
            "<jigsat.Puzzle {:?}: {} pieces>",
            self.inner.name(),
            self.inner.piece_names().len()
        )
    }
}

impl Puzzle {
    fn solution(&self, inner: api::Solution) -> Solution {
        Solution {
            inner,
            groups: self.groups.clone(),
        }
    }

    /// ``count(certify=True)``: the counts of a certified count, and
    /// what was certified.
    fn certified_count(
        &self,
        py: Python<'_>,
        solver: api::Solver,
        stop: &Arc<AtomicBool>,
    ) -> PyResult<Counts> {
        let (puzzle, flag) = (self.inner.clone(), Arc::clone(stop));
        let c = disassembly::off_thread(py, stop, move || {
            api::certificate::Certifier::new(&solver.stop_flag(flag)).count(&puzzle)
        })?;
        // The names of `count --certify --format json`'s certificate.
        let certificate = BTreeMap::from([
            ("variables".to_string(), c.variables),
            ("clauses".to_string(), c.clauses),
            ("blocking".to_string(), c.blocking),
            ("bytes".to_string(), c.written.bytes),
            ("added".to_string(), c.written.added),
            ("deleted".to_string(), c.written.deleted),
        ]);
        Ok(Counts {
            count: c.count,
            distinct: c.distinct,
            certified: true,
            by: Some(
                if c.by_search {
                    "exact-cover search"
                } else {
                    "cadical"
                }
                .to_string(),
            ),
            certificate: Some(certificate),
            ..Counts::default()
        })
    }
}

/// The boolean keywords split off, by name, and the rest of the options.
type Extras<'py> = (BTreeMap<String, bool>, Option<Bound<'py, PyDict>>);

/// Splits the boolean keywords `names` off the options, the rest left
/// for [`solver`].
fn extras<'py>(options: Option<&Bound<'py, PyDict>>, names: &[&str]) -> PyResult<Extras<'py>> {
    let mut out = BTreeMap::new();
    let Some(options) = options else {
        return Ok((out, None));
    };
    let rest = options.copy()?;
    for name in names {
        if let Some(value) = rest.get_item(name)? {
            if !value.is_none() {
                out.insert(name.to_string(), value.extract::<bool>()?);
            }
            rest.del_item(name)?;
        }
    }
    Ok((out, Some(rest)))
}

/// The numbers of ``jigsat count``.
#[pyclass(module = "jigsat", frozen, get_all, eq)]
#[derive(PartialEq, Eq, Default)]
struct Counts {
    /// Solutions on a board that does not move.
    count: u64,
    /// Solutions up to the board's symmetries.
    distinct: u64,
    /// With ``disassemble=True``: how many of the distinct ones come
    /// apart (BurrTools' solutions); else None.
    come_apart: Option<u64>,
    /// With ``disassemble=True``: how many have each level
    /// (``{"98.2.4.2": 1}``); else None.
    levels: Option<BTreeMap<String, u64>>,
    /// With ``certify=True``: every solution checked and a checked proof
    /// that there are no others (an exception otherwise).
    certified: bool,
    /// With ``certify=True``: who wrote the proof (``"cadical"`` or
    /// ``"exact-cover search"``, the JSON's ``certificate.by``).
    by: Option<String>,
    /// With ``certify=True``: the CNF's ``variables`` and ``clauses``,
    /// the ``blocking`` clauses (one per listed solution), the proof's
    /// ``bytes``, ``added`` and ``deleted`` clauses (the JSON's names).
    certificate: Option<BTreeMap<String, u64>>,
}

#[pymethods]
impl Counts {
    fn __repr__(&self) -> String {
        let mut out = format!("Counts(count={}, distinct={}", self.count, self.distinct);
        if let Some(n) = self.come_apart {
            out += &format!(", come_apart={n}");
        }
        if self.certified {
            out += ", certified=True";
        }
        out + ")"
    }
}

/// One solution, checked against the puzzle's rules.
#[pyclass(module = "jigsat", frozen)]
struct Solution {
    inner: api::Solution,
    /// The puzzle's groups, for [`Solution::disassemble`].
    groups: Groups,
}

#[pymethods]
impl Solution {
    /// Each piece's name mapped to its cells. A piece whose count allows
    /// copies has one entry per copy, numbered as the pictures number
    /// them: ``"Y#1"``, ``"Y#2"``, … For tiles: each tile's position.
    #[getter]
    fn pieces<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let flat = self.inner.is_flat();
        let out = PyDict::new(py);
        for p in self.inner.pieces() {
            let key = if p.numbered {
                format!("{}#{}", p.name, p.copy)
            } else {
                p.name.clone()
            };
            out.set_item(key, cell_list(py, &p.cells, flat)?)?;
        }
        Ok(out)
    }

    /// Every piece on the board as ``(name, cells)``, copies with the same
    /// name, in the puzzle's order of pieces.
    #[getter]
    fn placements<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let flat = self.inner.is_flat();
        let items = self
            .inner
            .pieces()
            .iter()
            .map(|p| {
                PyTuple::new(
                    py,
                    [
                        p.name.clone().into_pyobject(py)?.into_any(),
                        cell_list(py, &p.cells, flat)?.into_any(),
                    ],
                )
            })
            .collect::<PyResult<Vec<_>>>()?;
        PyList::new(py, items)
    }

    /// The puzzle's name.
    #[getter]
    fn puzzle_name(&self) -> String {
        self.inner.puzzle_name().to_string()
    }

    /// The text drawing of ``jigsat solve`` (``ascii=True``: ``+-|`` walls).
    #[pyo3(signature = (*, ascii = false))]
    fn text(&self, ascii: bool) -> PyResult<String> {
        guarded(|| {
            Ok(if ascii {
                self.inner.ascii()
            } else {
                self.inner.text()
            })
        })
    }

    /// The picture of ``--format svg``.
    fn svg(&self) -> PyResult<String> {
        guarded(|| Ok(self.inner.svg()))
    }

    /// The page of ``--format html``: the box to turn in the hand.
    fn html(&self) -> PyResult<String> {
        guarded(|| Ok(self.inner.html()))
    }

    /// The solution in the contract's JSON.
    fn json(&self) -> PyResult<String> {
        guarded(|| Ok(self.inner.json()))
    }

    /// The assembly as binary STL (cubes of ``unit`` mm, pieces ``gap`` mm
    /// narrower).
    #[pyo3(signature = (*, unit = 10.0, gap = 0.2))]
    fn stl<'py>(
        &self,
        py: Python<'py>,
        unit: f64,
        gap: f64,
    ) -> PyResult<Bound<'py, pyo3::types::PyBytes>> {
        let bytes = guarded(|| self.inner.stl(unit, gap).map_err(to_py))?;
        Ok(pyo3::types::PyBytes::new(py, &bytes))
    }

    /// The page in an iframe, for Jupyter: the box turns in the notebook.
    fn _repr_html_(slf: &Bound<'_, Self>) -> PyResult<String> {
        let display = slf.py().import("jigsat._display")?;
        display.call_method1("repr_html", (slf,))?.extract()
    }

    /// Draws the solution with matplotlib's ``voxels`` (one colour per
    /// piece) on ``ax``, a 3-D axes (a new figure's when None); returns
    /// the axes. Needs matplotlib.
    #[pyo3(signature = (ax = None, **kwargs))]
    fn plot<'py>(
        slf: &Bound<'py, Self>,
        ax: Option<Bound<'py, PyAny>>,
        kwargs: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let display = slf.py().import("jigsat._display")?;
        display.getattr("plot")?.call((slf, ax), kwargs)
    }

    /// Whether the pieces come apart by sliding them (no turns), as
    /// ``jigsat disasm`` says: a Disassembly with ``comes_apart``,
    /// BurrTools' ``level`` and the ``moves``. ``thorough=True``: try the
    /// other separations when BurrTools' first gets stuck; ``time_limit``
    /// (seconds) raises TimeLimitError when reached; ``max_states`` caps
    /// the states of one search (UsageError beyond). A flat puzzle or
    /// tiles raise UsageError.
    #[pyo3(signature = (*, thorough = false, time_limit = None, max_states = None))]
    fn disassemble(
        &self,
        py: Python<'_>,
        thorough: bool,
        time_limit: Option<&Bound<'_, PyAny>>,
        max_states: Option<u64>,
    ) -> PyResult<disassembly::Disassembly> {
        guarded(|| {
            let limit = time_limit.map(self::time_limit).transpose()?;
            let stop = Arc::new(AtomicBool::new(false));
            let d =
                disassembly::disassembler(thorough, self.groups.clone(), limit, max_states, &stop);
            if let Some(why) = d.refuses(&self.inner) {
                return Err(UsageError::new_err(format!(
                    "cannot take this solution apart: {why}"
                )));
            }
            disassembly::take_apart(py, &self.inner, d, &stop)
        })
    }

    fn __str__(&self) -> PyResult<String> {
        self.text(false)
    }

    fn __repr__(&self) -> String {
        format!("<jigsat.Solution of {:?}>", self.inner.puzzle_name())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<Solution>()
            .is_ok_and(|o| o.get().inner == self.inner)
    }
}

/// The solutions of a run, as the search finds them (``Puzzle.solutions``).
///
/// Safe to share between threads: the search is held under the lock for
/// one [`SLICE`] of waiting at a time, never while the GIL is wanted, so
/// each thread's `next` takes the next solution (none is given twice) and
/// every waiting thread runs its signal handlers between slices — a
/// thread blocked on the lock with the GIL held would deadlock the other,
/// and Ctrl-C with them.
#[pyclass(module = "jigsat", frozen)]
struct Solutions {
    inner: Mutex<Option<api::Solutions>>,
    /// The puzzle's groups, for each solution's disassembly.
    groups: Groups,
}

/// What one slice of waiting for the next solution gave.
type Step = Poll<Option<api::Result<api::Solution>>>;

impl Solutions {
    /// Waits one [`SLICE`] for the next solution, under the lock; the run
    /// is dropped (its search stopped) once it has ended or failed. Run
    /// without the GIL.
    fn step(&self) -> Result<Step, PoisonError<()>> {
        let mut guard = self.inner.lock().map_err(|_| PoisonError::new(()))?;
        let Some(solutions) = guard.as_mut() else {
            return Ok(Poll::Ready(None));
        };
        let step = solutions.poll(SLICE);
        if matches!(step, Poll::Ready(None | Some(Err(_)))) {
            *guard = None;
        }
        Ok(step)
    }

    /// Takes the run out, so that every thread's next `next` ends, and
    /// drops it (stopping the search) without the GIL.
    fn stop(&self, py: Python<'_>) {
        py.detach(|| {
            let taken = self
                .inner
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .take();
            drop(taken);
        });
    }
}

#[pymethods]
impl Solutions {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Solution>> {
        guarded(|| {
            loop {
                let step = py.detach(|| self.step()).map_err(|_| {
                    BugError::new_err("internal error: the iterator's lock is poisoned")
                })?;
                match step {
                    Poll::Ready(Some(Ok(inner))) => {
                        let groups = self.groups.clone();
                        return Ok(Some(Solution { inner, groups }));
                    }
                    Poll::Ready(Some(Err(e))) => return Err(to_py(e)),
                    Poll::Ready(None) => return Ok(None),
                    Poll::Pending => {}
                }
                if let Err(interrupt) = py.check_signals() {
                    // Ctrl-C: the search stops, for every thread.
                    self.stop(py);
                    return Err(interrupt);
                }
            }
        })
    }

    /// Stops the search; the iterator ends (in every thread).
    fn close(&self, py: Python<'_>) {
        self.stop(py);
    }

    fn __enter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __exit__(
        &self,
        py: Python<'_>,
        _kind: &Bound<'_, PyAny>,
        _value: &Bound<'_, PyAny>,
        _traceback: &Bound<'_, PyAny>,
    ) -> bool {
        self.close(py);
        false
    }
}

/// Sets the memory budget, in bytes, for every run in this process (the
/// command line's ``--max-memory``; 0: back to half the machine's memory).
#[pyfunction]
fn set_memory_limit(bytes: u64) {
    api::set_memory_limit(bytes);
}

#[pymodule]
fn _jigsat(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<Puzzle>()?;
    m.add_class::<Piece>()?;
    m.add_class::<Solution>()?;
    m.add_class::<Solutions>()?;
    m.add_class::<Counts>()?;
    m.add_class::<best::Best>()?;
    m.add_class::<disassembly::Disassembly>()?;
    m.add_class::<disassembly::Move>()?;
    m.add_function(wrap_pyfunction!(set_memory_limit, m)?)?;
    m.add_function(wrap_pyfunction!(_panic_for_tests, m)?)?;
    m.add("PuzzleError", py.get_type::<PuzzleError>())?;
    m.add("InputError", py.get_type::<InputError>())?;
    m.add("UsageError", py.get_type::<UsageError>())?;
    m.add("TimeLimitError", py.get_type::<TimeLimitError>())?;
    m.add("SolverError", py.get_type::<SolverError>())?;
    m.add("BugError", py.get_type::<BugError>())?;
    Ok(())
}
