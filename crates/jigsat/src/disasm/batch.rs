//! Many assemblies of one puzzle taken apart on several threads, each as
//! the image that [`super::choose_image`] picks among its images under the
//! puzzle's symmetries (so that the level is the same whichever member of
//! its class a search kept), its plan turned back to the assembly as
//! found.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use super::lines::Lines;
use super::{Body, Disassembly, Halt, Image, Limits, Progress, Rule};
use crate::error::{Error, Result};
use crate::geometry::Cell;
use crate::puzzle::Puzzle;
use crate::solution::Solution;
use crate::symmetry::{Group, Symmetry};

/// What taking apart one assembly gave: the answer, or where it stopped.
pub type Answer = std::result::Result<Disassembly, (Halt, Progress)>;

/// The images of an assembly under the puzzle's symmetries (the
/// identity first), for [`super::choose_image`]; the tasks choose one
/// with [`chosen_image`] instead, which builds only the one chosen.
#[cfg(test)]
fn images(puzzle: &Puzzle, group: &Group, bodies: &[Body], slides: &Lines) -> Vec<Image> {
    let backs = backs(group, slides);
    (group.elements.iter().zip(&backs))
        .filter_map(|(el, back)| image(puzzle, el, bodies, back.as_deref()?))
        .collect()
}

/// Per element of the group, for each direction of an image the
/// original's direction it stands for; `None` for an element that does
/// not map the lattice's directions onto themselves (it gives no image).
fn backs(group: &Group, slides: &Lines) -> Vec<Option<Vec<u8>>> {
    let dirs = slides.directions();
    let turned = |el: &Symmetry, o: u8| el.transform.apply(Cell::from_coords(slides.step(o)));
    (group.elements.iter())
        .map(|el| {
            (0..dirs)
                .map(|d| (0..dirs).find(|&o| turned(el, o).coords() == slides.step(d)))
                .collect()
        })
        .collect()
}

/// The image of an assembly under `el`, whose directions stand for
/// `back`'s; `None` when a cell leaves the board.
fn image(puzzle: &Puzzle, el: &Symmetry, bodies: &[Body], back: &[u8]) -> Option<Image> {
    let board = &puzzle.board;
    let names = puzzle.pieces();
    let mut out = Vec::with_capacity(bodies.len());
    for b in bodies {
        let mut cells = Vec::with_capacity(b.cells.len());
        for &c in &b.cells {
            let i = board.index(Cell::from_coords(c))?;
            cells.push(board.cell(el.cells[i as usize]).coords());
        }
        let piece = el.pieces.get(b.piece).copied().unwrap_or(b.piece);
        out.push(Body {
            name: names
                .get(piece)
                .map_or_else(|| b.name.clone(), |p| p.name.clone()),
            cells,
            piece,
            group: b.group,
            weight: b.weight,
        });
    }
    Some(Image {
        bodies: out,
        back: back.to_vec(),
    })
}

/// [`super::choose_image`] of [`images`], building only the image
/// chosen: the others are compared by their keys ([`super::image_key`],
/// found from the cells without copying a body). Building all 24 images
/// of each of SolidSixPieceBurrs' 588 assemblies took a third of the
/// disassembly, on one thread.
fn chosen_image(
    puzzle: &Puzzle,
    group: &Group,
    backs: &[Option<Vec<u8>>],
    bodies: &[Body],
) -> Image {
    let board = &puzzle.board;
    let key = |el: &Symmetry| -> Option<Vec<(usize, [i32; 3])>> {
        let mut lowest = Vec::with_capacity(bodies.len());
        for b in bodies {
            let mut low: Option<[i32; 3]> = None;
            for &c in &b.cells {
                let i = board.index(Cell::from_coords(c))?;
                let at = board.cell(el.cells[i as usize]).coords();
                low = Some(low.map_or(at, |l| l.min(at)));
            }
            let piece = el.pieces.get(b.piece).copied().unwrap_or(b.piece);
            lowest.push((piece, low.unwrap_or_default()));
        }
        Some(super::image_key(lowest.into_iter()))
    };
    // The first least key, as `min_by_key` takes among the images.
    let best = (group.elements.iter().zip(backs))
        .filter_map(|(el, back)| Some((key(el)?, el, back.as_deref()?)))
        .reduce(|best, next| if next.0 < best.0 { next } else { best });
    best.and_then(|(_, el, back)| image(puzzle, el, bodies, back))
        .expect("the identity is an image")
}

/// The board's symmetries that map the puzzle onto itself, under which
/// an assembly's images are taken ([`take_apart`]), acting on cells and
/// pieces: for pieces without their placements (building them cost more
/// than taking PelikanBurr's assembly apart), for tiles from the
/// instance. A caller taking apart many assemblies one at a time builds
/// it once ([`crate::api::disassembly::Disassembler`] keeps it per
/// puzzle).
pub fn board_group(puzzle: &Puzzle) -> Result<Group> {
    if let crate::puzzle::Kind::Pieces(_) = puzzle.kind {
        return Ok(crate::family::packing::group_unbuilt(puzzle));
    }
    Ok(crate::instance::Instance::new(puzzle)?.group().clone())
}

/// Takes apart every solution on `threads` threads, one assembly per
/// task. The first halt (the stop flag, the deadline, memory, a cap)
/// stops the others; assemblies not reached are `None`. An assembly the
/// disassembler refuses (over [`super::MAX_PIECES`] pieces) refuses the
/// whole batch, naming the puzzle.
#[allow(clippy::too_many_arguments)]
pub fn take_apart(
    puzzle: &Puzzle,
    group: &Group,
    solutions: &[Solution],
    groups: Option<&[(u32, u32)]>,
    plan: bool,
    rule: Rule,
    limits: &Limits,
    threads: usize,
) -> Result<Vec<Option<Answer>>> {
    let slides = Lines::new(puzzle.board.lattice()).ok_or_else(|| {
        Error::Usage(format!(
            "{}: pieces on {} do not slide in the disassembler",
            puzzle.name,
            puzzle.board.lattice().name()
        ))
    })?;
    let began = std::time::Instant::now();
    // The image each is taken apart as is chosen by its task (on the
    // batch's threads): the bodies alone say whether it is refused.
    let bodies: Vec<Vec<Body>> = (solutions.iter())
        .map(|s| super::bodies(puzzle, s, groups))
        .collect();
    if let Some(why) = bodies.iter().find_map(|b| super::refuse(b)) {
        return Err(Error::Usage(format!("{}: {why}", puzzle.name)));
    }
    let next = AtomicUsize::new(0);
    let halted = Arc::new(AtomicBool::new(false));
    let results: Mutex<Vec<Option<Answer>>> = Mutex::new(vec![None; solutions.len()]);
    // Each task watches the caller's stop flag through a flag of its own,
    // raised also when another task halts.
    let outer = limits.stop.clone();
    let mine = Limits {
        stop: Some(halted.clone()),
        ..limits.clone()
    };
    let backs = backs(group, &slides);
    let tasks = Tasks {
        puzzle,
        group,
        backs: &backs,
        bodies: &bodies,
        slides: &slides,
        plan,
        rule,
        limits: &mine,
        outer: outer.as_deref(),
        halted: &halted,
        next: &next,
        results: &results,
    };
    tasks.run(threads);
    // The disassembly's own time, apart from the count before it: what
    // more threads can shorten.
    log::info!(
        "disassembly: {} assemblies, {} threads, {:.1} ms",
        solutions.len(),
        threads.max(1).min(solutions.len().max(1)),
        began.elapsed().as_secs_f64() * 1e3
    );
    let mut results = results.into_inner().unwrap_or_else(|e| e.into_inner());
    if outer.as_ref().is_some_and(|o| o.load(Ordering::Relaxed)) {
        mark_interrupted(&mut results);
    }
    Ok(results)
}

/// What the tasks of [`take_apart`] share: the puzzle and its group (each
/// task chooses the image of its assembly), the assemblies, how to take
/// them apart, the flags, the next assembly to take, and the answers.
struct Tasks<'a> {
    puzzle: &'a Puzzle,
    group: &'a Group,
    /// The group's elements' directions ([`backs`]).
    backs: &'a [Option<Vec<u8>>],
    /// The assemblies' bodies as found (not yet their chosen images).
    bodies: &'a [Vec<Body>],
    slides: &'a Lines,
    plan: bool,
    rule: Rule,
    /// The limits of each task, with the batch's own stop flag.
    limits: &'a Limits,
    /// The caller's stop flag.
    outer: Option<&'a AtomicBool>,
    /// The batch's stop flag: raised by the first halt.
    halted: &'a AtomicBool,
    next: &'a AtomicUsize,
    results: &'a Mutex<Vec<Option<Answer>>>,
}

impl Tasks<'_> {
    /// Runs the tasks on `threads` threads, this one among them (one
    /// assembly, `disasm --solution N`, costs no thread of its own nor
    /// its allocator's arena), beside a watcher of the caller's stop flag.
    fn run(&self, threads: usize) {
        let watching = AtomicBool::new(true);
        std::thread::scope(|scope| {
            // The watcher naps between looks and is woken when the tasks
            // are done, so a quick disassembly does not wait out its nap.
            let watcher = self.outer.map(|outer| {
                let (halted, watching) = (self.halted, &watching);
                scope.spawn(move || {
                    while watching.load(Ordering::Relaxed) {
                        if outer.load(Ordering::Relaxed) {
                            halted.store(true, Ordering::Relaxed);
                            return;
                        }
                        std::thread::park_timeout(std::time::Duration::from_millis(20));
                    }
                })
            });
            let workers: Vec<_> = (1..threads.max(1).min(self.bodies.len().max(1)))
                .map(|_| scope.spawn(|| self.work()))
                .collect();
            self.work();
            for w in workers {
                let _ = w.join();
            }
            watching.store(false, Ordering::Relaxed);
            if let Some(w) = watcher {
                w.thread().unpark();
            }
        });
    }

    /// One task: takes the next assembly apart until none is left or the
    /// batch halted; its halt halts the batch. The caller's stop flag is
    /// read before each assembly too: the watcher that raises the batch's
    /// flag looks only now and then, and a release build can take every
    /// small assembly apart in between, which read as a batch that was
    /// never stopped.
    fn work(&self) {
        let stopped = || self.outer.is_some_and(|o| o.load(Ordering::Relaxed));
        loop {
            let i = self.next.fetch_add(1, Ordering::Relaxed);
            if i >= self.bodies.len() || self.halted.load(Ordering::Relaxed) || stopped() {
                return;
            }
            let chosen = chosen_image(self.puzzle, self.group, self.backs, &self.bodies[i]);
            let mut answer = super::disassemble(
                &chosen.bodies,
                self.slides.clone(),
                self.plan,
                self.rule,
                self.limits,
            );
            if let Ok(d) = &mut answer {
                d.turn_back(&chosen.back);
            }
            if let Err((h, _)) = &mut answer {
                if *h == Halt::Interrupted && !stopped() {
                    // Stopped because another task halted: not reached.
                    return;
                }
                self.halted.store(true, Ordering::Relaxed);
            }
            self.results.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(answer);
        }
    }
}

/// A batch the caller's stop flag ended: its tasks may have seen the flag
/// before starting an assembly and left no halt, which would read as a
/// batch that answered for the assemblies it reached, and no more. The
/// first assembly not reached is marked interrupted, unless a halt is
/// already there.
fn mark_interrupted(results: &mut [Option<Answer>]) {
    if results.iter().any(|r| matches!(r, Some(Err(_)))) {
        return;
    }
    if let Some(slot) = results.iter_mut().find(|r| r.is_none()) {
        *slot = Some(Err((Halt::Interrupted, Progress::default())));
    }
}

/// The first of `solutions` (in order) that comes apart, or the first
/// halt, with its index: the solutions are taken apart a batch of
/// `threads` at a time so that the rest are not searched once one is
/// found. `None`: none comes apart.
#[allow(clippy::too_many_arguments)]
pub fn first_apart(
    puzzle: &Puzzle,
    group: &Group,
    solutions: &[Solution],
    groups: Option<&[(u32, u32)]>,
    plan: bool,
    rule: Rule,
    limits: &Limits,
    threads: usize,
) -> Result<Option<(usize, Answer)>> {
    let batch = threads.max(1);
    for (k, chunk) in solutions.chunks(batch).enumerate() {
        let answers = take_apart(puzzle, group, chunk, groups, plan, rule, limits, batch)?;
        let halt = answers.iter().position(|a| matches!(a, Some(Err(_))));
        let apart = answers
            .iter()
            .position(|a| matches!(a, Some(Ok(d)) if d.comes_apart()));
        // An assembly that came apart answers even when another task of
        // its batch halted.
        if let Some(i) = apart.or(halt) {
            let answer = answers.into_iter().nth(i).flatten().expect("answered");
            return Ok(Some((k * batch + i, answer)));
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// On soma assemblies (a cube: its turns and mirror images), the image chosen by keys
    /// alone is the one [`super::super::choose_image`] picks among all
    /// images built whole: the same bodies and directions.
    #[test]
    fn the_image_chosen_by_keys_is_the_least_of_all_images_built() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/soma.toml");
        let soma = crate::api::Puzzle::from_file(path).unwrap();
        let puzzle = &soma.inner;
        let group = board_group(puzzle).unwrap();
        let slides = Lines::new(puzzle.board.lattice()).unwrap();
        let backs = backs(&group, &slides);
        let mut turned = 0;
        for s in soma.solutions().take(30) {
            let bodies = super::super::bodies(puzzle, &s.unwrap().inner, None);
            let all = images(puzzle, &group, &bodies, &slides);
            assert_eq!(all.len(), group.elements.len());
            let want = super::super::choose_image(all);
            let got = chosen_image(puzzle, &group, &backs, &bodies);
            assert_eq!(format!("{got:?}"), format!("{want:?}"));
            turned += usize::from(
                want.back
                    .iter()
                    .enumerate()
                    .any(|(d, &b)| usize::from(b) != d),
            );
        }
        assert!(turned > 5, "{turned}");
    }
}
