//! Progress of a long edge-matching search: how many tiles the search has
//! placed at best, and how fast it places them.
//!
//! A full Eternity II board runs for longer than anyone waits, so the user
//! needs to see that it is working and how far it gets. The engine adds
//! to a shared [`Meter`] every few thousand placements; a thread here
//! reads it a few times a second for a spinner on a terminal, and writes a
//! log line every [`LOG_EVERY`] (shown with `-v`, for runs whose stderr is
//! a file). When the run ends, [`Watch::finish`] gives the final figures.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use jigsat::api::Puzzle;
use jigsat::api::run::Meter;

/// How often the log gets a progress line.
const LOG_EVERY: Duration = Duration::from_secs(10);

/// The watcher of one run's meter.
pub struct Watch {
    meter: Meter,
    positions: u64,
    started: Instant,
    done: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Watch {
    /// A watcher for an edge-matching puzzle's search (`None` for other
    /// puzzles: their engines have no depth worth showing); the spinner
    /// is hidden with `quiet` and when stderr is not a terminal.
    pub fn start(puzzle: &Puzzle, quiet: bool) -> Option<Watch> {
        if !puzzle.is_tiles() {
            return None;
        }
        let meter = Meter::new();
        let positions = puzzle.cell_count() as u64;
        let started = Instant::now();
        let done = Arc::new(AtomicBool::new(false));
        let bar = if quiet {
            ProgressBar::hidden()
        } else {
            ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr())
        };
        bar.set_style(
            ProgressStyle::with_template("{spinner} {elapsed_precise} {msg}")
                .expect("valid template"),
        );
        let thread = {
            let (meter, done) = (meter.clone(), Arc::clone(&done));
            std::thread::spawn(move || tick(&meter, positions, started, &done, &bar))
        };
        // Should the time limit's watchdog end the run, it says this too.
        let last = meter.clone();
        crate::signals::on_give_up_progress(Box::new(move || {
            (last.nodes() > 0).then(|| line(&last, positions, started.elapsed()))
        }));
        Some(Watch {
            meter,
            positions,
            started,
            done,
            thread: Some(thread),
        })
    }

    /// The meter for [`jigsat::api::Solver::meter`].
    pub fn meter(&self) -> &Meter {
        &self.meter
    }

    /// Stops the spinner; the final figures, when the search placed any
    /// tile at all.
    pub fn finish(mut self) -> Option<String> {
        self.stop();
        (self.meter.nodes() > 0).then(|| line(&self.meter, self.positions, self.started.elapsed()))
    }

    pub(crate) fn stop(&mut self) {
        self.done.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            t.thread().unpark();
            let _ = t.join();
        }
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        self.stop();
    }
}

/// The watching thread: the spinner's message a few times a second, a log
/// line every [`LOG_EVERY`], until `done`.
pub(crate) fn tick(
    meter: &Meter,
    positions: u64,
    started: Instant,
    done: &AtomicBool,
    bar: &ProgressBar,
) {
    let mut logged = Instant::now();
    while !done.load(Ordering::Relaxed) {
        // Woken early by `stop`, so a short run does not wait out a tick.
        std::thread::park_timeout(Duration::from_millis(200));
        if done.load(Ordering::Relaxed) {
            break;
        }
        let text = line(meter, positions, started.elapsed());
        bar.set_message(text.clone());
        bar.tick();
        if logged.elapsed() >= LOG_EVERY {
            log::info!("{text}");
            logged = Instant::now();
        }
    }
    bar.finish_and_clear();
}

/// "at best 187 of 256 tiles placed; 3.1e8 placements, 31.2 M/s".
pub(crate) fn line(meter: &Meter, positions: u64, elapsed: Duration) -> String {
    let nodes = meter.nodes();
    let rate = nodes as f64 / elapsed.as_secs_f64().max(1e-3);
    format!(
        "at best {} of {positions} tiles placed; {nodes:.1e} placements, {:.1} M/s",
        meter.deepest(),
        rate / 1e6
    )
}
