//! A first solution by restarts: when the row scan (or fewest looks
//! first) in its fixed order has not answered within a node budget, each
//! thread walks the whole tree again with the looks tried in a shuffled
//! order, giving up after a budget that grows without bound (Luby's
//! sequence), and starts over with a new shuffle.
//!
//! First-solution times of a backtracking search on edge-matching boards
//! are heavy-tailed (Gomes, Selman et al.): one choice near the root can
//! cost minutes where another order finds a solution in a second. On a
//! framed 8x8 with 7 colours the fixed order ran 6 s to over 30 s, while
//! shuffled orders of the same board ranged from one second to over ten
//! (encodings/RESULTS.md, "session 16"). Restarts cut the long runs off.
//!
//! Nothing is lost: the first run is the fixed scan over every thread
//! (the split of [`crate::exact::enumerate_parallel`]), so a board it
//! answers within its budget ([`BUDGETS`]) answers with the solution it always
//! did. After it, a run is given up only while its thread has found
//! nothing (so no solution is reported twice by one thread), the budgets
//! grow without bound so some run ends, and a run that ends without
//! giving up has walked the whole tree: "no solution" is still proved.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use crate::exact::search::{Halt, Search};

/// An engine that can walk its tree in another order and give up at a
/// node budget: the row scan and fewest looks first.
pub(super) trait Restart: Search + Sync {
    /// Tries the looks in an order drawn from `seed` from now on.
    fn shuffle(&mut self, seed: u64);
    /// The current run's node budget and stop flag.
    fn watch(&mut self) -> &mut Watch;
    /// The budgets of its runs, when a first solution may be looked for
    /// by restarts.
    fn budgets(&mut self) -> &mut Option<Budgets>;
    /// The engine's name, for the log.
    const NAME: &'static str;
}

/// How long the runs are, in nodes per thread.
#[derive(Clone, Copy, Debug)]
pub(super) struct Budgets {
    /// The fixed scan's, before the restarts begin.
    pub(super) first: u64,
    /// Luby's unit run: the restarted runs are 1, 1, 2, 1, 1, 2, 4, ...
    /// units long.
    pub(super) unit: u64,
}

/// The fixed scan for about 1.5 s at 20 M placements a second, past every
/// board it answers at once (the 7x7s, Eternity II's clue puzzles); unit
/// runs of about 0.2 s.
pub(super) const BUDGETS: Budgets = Budgets {
    first: 1 << 25,
    unit: 1 << 22,
};

/// How often (in nodes) a restarted run looks whether another thread has
/// ended the search.
const LOOK_EVERY: u64 = 1 << 12;

/// A run's limits: the node count at which it gives up, and the flag by
/// which another thread ends it.
#[derive(Clone, Debug)]
pub(super) struct Watch {
    /// The node count at which to look next ([`Watch::check`]);
    /// `u64::MAX` when nothing is watched (no cost but a compare).
    pub(super) next: u64,
    budget: u64,
    quit: Option<Arc<AtomicBool>>,
    /// Whether the run gave up at its budget.
    pub(super) over: bool,
}

impl Default for Watch {
    fn default() -> Watch {
        Watch {
            next: u64::MAX,
            budget: u64::MAX,
            quit: None,
            over: false,
        }
    }
}

impl Watch {
    fn new(nodes: u64, budget: u64, quit: Option<Arc<AtomicBool>>) -> Watch {
        let budget = nodes.saturating_add(budget);
        let mut watch = Watch {
            next: 0,
            budget,
            quit,
            over: false,
        };
        watch.next = watch.after(nodes);
        watch
    }

    fn after(&self, nodes: u64) -> u64 {
        if self.quit.is_some() {
            self.budget.min(nodes.saturating_add(LOOK_EVERY))
        } else {
            self.budget
        }
    }

    /// At `nodes`: `Err` when the budget is spent or another thread ended
    /// the search.
    pub(super) fn check(&mut self, nodes: u64) -> Result<(), Halt> {
        if nodes >= self.budget {
            self.over = true;
            return Err(Halt::Interrupted);
        }
        if self
            .quit
            .as_ref()
            .is_some_and(|q| q.load(Ordering::Relaxed))
        {
            return Err(Halt::Interrupted);
        }
        self.next = self.after(nodes);
        Ok(())
    }

    /// Never gives up again: the run has found a solution, and a restart
    /// would report it twice.
    pub(super) fn lift(&mut self) {
        self.budget = u64::MAX;
        self.next = self.after(0);
    }
}

/// The `i`-th term (from 1) of Luby's sequence: 1, 1, 2, 1, 1, 2, 4, ...
fn luby(i: u64) -> u64 {
    let mut k = 1;
    while (1u64 << k) - 1 < i {
        k += 1;
    }
    if (1u64 << k) - 1 == i {
        1 << (k - 1)
    } else {
        luby(i - (1 << (k - 1)) + 1)
    }
}

/// The seed of thread `t`'s `r`-th restart: each thread its own stream.
fn seed(t: usize, r: u64) -> u64 {
    crate::rng::Rng::new(((t as u64) << 40) ^ r).next_u64()
}

/// [`Search::first_by_restarts`] for an engine that restarts: `None`
/// unless its restarts are allowed.
pub(super) fn first_by_restarts<E, V, F>(
    engine: &mut E,
    threads: usize,
    visitor: &F,
) -> Option<Result<u64, Halt>>
where
    E: Restart,
    V: FnMut(&[u32]) -> bool + Send,
    F: Fn() -> V + Sync,
{
    let budgets = (*engine.budgets())?;
    let mut fixed = engine.clone();
    *fixed.budgets() = None;
    Some(first(&fixed, budgets, threads, visitor))
}

/// A first solution of `scan`'s whole tree on `threads` threads: the fixed
/// scan for `budgets.first` nodes a thread, then restarts; what
/// [`crate::exact::enumerate_parallel_each`] returns.
pub(super) fn first<E, V, F>(
    scan: &E,
    budgets: Budgets,
    threads: usize,
    visitor: &F,
) -> Result<u64, Halt>
where
    E: Restart,
    V: FnMut(&[u32]) -> bool + Send,
    F: Fn() -> V + Sync,
{
    let mut fixed = scan.clone();
    *fixed.watch() = Watch::new(fixed.ticker().nodes, budgets.first, None);
    let first =
        crate::exact::enumerate_parallel_each(&mut fixed, vec![Vec::new()], threads, visitor);
    // A thread over its budget stops the others; the run's own interrupt
    // (a solution found, the time limit) ends the search.
    let gave_up = matches!(first, Err(Halt::Interrupted)) && !fixed.ticker().stopped();
    if !gave_up {
        return first;
    }
    log::info!(
        "{}: no answer in the fixed order, restarting in shuffled orders",
        E::NAME
    );
    let quit = Arc::new(AtomicBool::new(false));
    let nodes = AtomicU64::new(fixed.ticker().nodes);
    let ended = std::sync::Mutex::new(None);
    let run = |t: usize| {
        let mut visit = visitor();
        let (result, spent) = restarts(scan, budgets.unit, t, &quit, &mut visit);
        nodes.fetch_add(spent, Ordering::Relaxed);
        if let Some(result) = result
            && let Ok(mut e) = ended.lock()
        {
            quit.store(true, Ordering::Relaxed);
            e.get_or_insert(result);
        }
    };
    std::thread::scope(|scope| {
        for t in 1..threads {
            let run = &run;
            scope.spawn(move || run(t));
        }
        run(0);
    });
    match ended.into_inner().ok().flatten() {
        Some(Ok(())) => Ok(nodes.load(Ordering::Relaxed)),
        Some(Err(why)) => Err(why),
        None => Err(Halt::Interrupted),
    }
}

/// Thread `t`'s runs until one ends without giving up (`Some`: the tree
/// walked, or the visitor stopping it), or until the run's interrupt or
/// another thread ends them (`None`); and the nodes they took.
fn restarts<E: Restart>(
    scan: &E,
    unit: u64,
    t: usize,
    quit: &Arc<AtomicBool>,
    visit: &mut dyn FnMut(&[u32]) -> bool,
) -> (Option<Result<(), Halt>>, u64) {
    let mut spent = 0;
    for r in 1.. {
        let mut run = scan.clone();
        run.shuffle(seed(t, r));
        let start = run.ticker().nodes;
        *run.watch() = Watch::new(start, unit.saturating_mul(luby(r)), Some(Arc::clone(quit)));
        let result = run.search(&mut Vec::new(), visit);
        spent += run.ticker().nodes - start;
        match result {
            Err(Halt::Interrupted) if run.watch().over => continue,
            Err(Halt::Interrupted) => return (None, spent),
            done => return (Some(done), spent),
        }
    }
    (None, spent)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn luby_doubles_its_longest_run_each_time_it_comes_back_to_one() {
        let runs: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(runs, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }
}
