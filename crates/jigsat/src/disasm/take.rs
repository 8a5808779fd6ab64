//! Taking one assembly apart part by part: each part searched
//! breadth-first for its first separation (`search`), the separation
//! chosen as BurrTools chooses it (or, `--thorough`, the others of the
//! same layer in turn), its moves replayed on the real pieces for the
//! plan, then each side taken apart from where it lies.

use super::gaps::Gaps;
use super::lines::Lines;
use super::moves::Move;
use super::search::{self, Candidate, Found, apply, relabelling};
use super::{Body, Disassembly, Halt, Limits, Outcome, Progress, Rule, Step, refuse};

/// The log target of [`Taker::trace`], at trace level:
/// `RUST_LOG=jigsat::disasm::separations=trace jigsat disasm FILE --all -j 1`.
const SEPARATIONS: &str = "jigsat::disasm::separations";

/// The whole assembly's disassembler: the piece kinds and the gap cache,
/// shared by every part.
struct Taker<'a> {
    bodies: &'a [Body],
    /// Per body, its kind (identical copies share one).
    kind: Vec<usize>,
    /// Per kind, its cells relative to its anchor.
    shapes: Vec<Vec<[i32; 3]>>,
    gaps: Gaps,
    plan: bool,
    thorough: bool,
    /// Print every separation of the first layer that has one, per part
    /// ([`Taker::trace`]).
    trace: bool,
    limits: &'a Limits,
    progress: Progress,
}

/// One part being taken apart, as [`Taker::take`] needs it.
struct Part<'p> {
    /// Body indices.
    members: &'p [usize],
    /// Anchors by body index.
    at: &'p [[i32; 3]],
    /// Anchors by slot (members' order).
    start: &'p [[i32; 3]],
    /// The slots of each kind of identical piece.
    same: &'p [Vec<usize>],
    /// Per slot, its weight and its number of cells ([`shown`]).
    weights: &'p [(u32, usize)],
    everything: u64,
}

/// Takes the assembly apart. `plan`: also record every move (costs memory
/// per state); without it only the counts, the level and whether it comes
/// apart are known.
/// `slides`: the lines of the assembly's lattice.
pub fn disassemble(
    bodies: &[Body],
    slides: Lines,
    plan: bool,
    rule: Rule,
    limits: &Limits,
) -> Result<Disassembly, (Halt, Progress)> {
    assert!(
        refuse(bodies).is_none(),
        "refused assemblies are not disassembled"
    );
    // The cavity check floods the cube grid; elsewhere the search finds
    // a piece shut in as stuck.
    let shut = slides.is_cubic().then(|| super::enclosed::enclosed(bodies));
    if let Some(shut_in) = shut.flatten() {
        return Ok(Disassembly {
            tree: Outcome::Stuck {
                pieces: (0..bodies.len()).collect(),
                states: 0,
            },
            states: 0,
            shut_in: Some(shut_in),
        });
    }
    let mut shapes: Vec<Vec<[i32; 3]>> = Vec::new();
    let mut keys: Vec<(usize, u32, u32)> = Vec::new();
    let mut kind = Vec::new();
    let mut anchors = Vec::new();
    for b in bodies {
        let lo = slides.anchor(low_corner(&b.cells));
        let mut rel: Vec<[i32; 3]> = b.cells.iter().map(|c| sub(*c, lo)).collect();
        rel.sort_unstable();
        let key = (b.piece, b.group, b.weight);
        let k = match (0..shapes.len()).find(|&k| keys[k] == key && shapes[k] == rel) {
            Some(k) => k,
            None => {
                shapes.push(rel);
                keys.push(key);
                shapes.len() - 1
            }
        };
        kind.push(k);
        anchors.push(lo);
    }
    let mut taker = Taker {
        bodies,
        gaps: Gaps::new(&shapes, slides),
        kind,
        shapes,
        plan,
        thorough: rule == Rule::Thorough,
        trace: log::log_enabled!(target: SEPARATIONS, log::Level::Trace),
        limits,
        progress: Progress::default(),
    };
    let all: Vec<usize> = (0..bodies.len()).collect();
    let mut states = 0;
    let tree = taker
        .part(&all, &anchors, &mut states)
        .map_err(|h| (h, taker.progress))?;
    Ok(Disassembly {
        tree,
        states,
        shut_in: None,
    })
}

fn low_corner(cells: &[[i32; 3]]) -> [i32; 3] {
    cells.iter().fold([i32::MAX; 3], |m, c| {
        [m[0].min(c[0]), m[1].min(c[1]), m[2].min(c[2])]
    })
}

fn sub(a: [i32; 3], b: [i32; 3]) -> [i32; 3] {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

impl Taker<'_> {
    /// Takes apart the part made of `members` (body indices) lying at
    /// `at` (anchors by body index).
    fn part(
        &mut self,
        members: &[usize],
        at: &[[i32; 3]],
        states: &mut u64,
    ) -> Result<Outcome, Halt> {
        // An empty part (an assembly of no pieces, where counts allow
        // none) or a single piece has nothing to take apart.
        if members.len() <= 1 {
            return Ok(Outcome::Whole);
        }
        let one_group = {
            let g = self.bodies[members[0]].group;
            g != 0 && members.iter().all(|&m| self.bodies[m].group == g)
        };
        // The problem's groups let a part stay together once it has been
        // separated from the rest; the whole assembly is always searched
        // (`burrTxt -d` takes apart an assembly whose pieces are all in one
        // group, and counts it as a solution only if something comes free).
        if one_group && members.len() < self.bodies.len() {
            return Ok(Outcome::Whole);
        }
        let kinds: Vec<usize> = members.iter().map(|&m| self.kind[m]).collect();
        let mut same: Vec<Vec<usize>> = Vec::new();
        for (s, &k) in kinds.iter().enumerate() {
            match same.iter_mut().find(|v| kinds[v[0]] == k) {
                Some(v) => v.push(s),
                None => same.push(vec![s]),
            }
        }
        let start: Vec<[i32; 3]> = members.iter().map(|&m| at[m]).collect();
        let weights: Vec<(u32, usize)> = members
            .iter()
            .map(|&m| (self.bodies[m].weight, self.bodies[m].cells.len()))
            .collect();
        let n = members.len();
        let everything: u64 = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let shown = |m: Move| shown(m, &weights, everything);
        // Of the removals of one state, a single piece when one comes
        // free alone; else the first direction's (in the order the moves
        // are made: +x, -x, +y, ...; an even split is found both ways),
        // the fewest pieces of it. Measured on `burrTxt -d`
        // (encodings/RESULTS.md, session 16).
        let pick = |removals: &[Move]| {
            *removals
                .iter()
                .min_by_key(|m| match shown(**m).set.count_ones() {
                    1 => (0, 0, 1),
                    k => (1, m.dir, k),
                })
                .expect("a removal")
        };
        let found = search::search(
            &mut self.gaps,
            &kinds,
            &same,
            &start,
            self.plan,
            self.limits,
            &mut self.progress,
            &pick,
            self.thorough,
        )?;
        if self.trace {
            self.trace(&kinds, &same, &start, members, &weights, everything)?;
        }
        let (depth, candidates) = match found {
            Found::Stuck { states: s } => {
                *states += s;
                if one_group {
                    return Ok(Outcome::Whole);
                }
                return Ok(Outcome::Stuck {
                    pieces: members.to_vec(),
                    states: s,
                });
            }
            Found::Free {
                depth,
                states: s,
                candidates,
            } => {
                *states += s;
                (depth, candidates)
            }
        };
        // BurrTools' choice first; with --thorough the others in turn
        // until one takes the whole part apart.
        let mut first = None;
        for (i, candidate) in candidates.into_iter().enumerate() {
            let part = Part {
                members,
                at,
                start: &start,
                same: &same,
                weights: &weights,
                everything,
            };
            let mut outcome = self.take(&part, depth, candidate, states)?;
            if !self.thorough || outcome.comes_apart() {
                if let Outcome::Apart { alternative, .. } = &mut outcome {
                    *alternative = i > 0;
                }
                return Ok(outcome);
            }
            first.get_or_insert(outcome);
        }
        Ok(first.expect("a free part has a candidate"))
    }

    /// With the [`SEPARATIONS`] log on, logs, for the part of `members`,
    /// every state of the first layer that has a removal (the moves that
    /// lead there) and each of its removals, the side shown moving first
    /// and as the search found it: the choices BurrTools made differently
    /// on the burrs of encodings/RESULTS.md (sessions 15 and 16). A study
    /// aid: it searches the part a second time, and names pieces by slot
    /// (identical copies that traded places are not followed).
    #[allow(clippy::too_many_arguments)]
    fn trace(
        &mut self,
        kinds: &[usize],
        same: &[Vec<usize>],
        start: &[[i32; 3]],
        members: &[usize],
        weights: &[(u32, usize)],
        everything: u64,
    ) -> Result<(), Halt> {
        let names = |set: u64| -> String {
            bits(set)
                .map(|s| self.bodies[members[s]].name.clone())
                .collect::<Vec<_>>()
                .join(" ")
        };
        // Cube directions by name; the prisms' by number.
        let dir = |d: u8| {
            let names = ["+x", "-x", "+y", "-y", "+z", "-z"];
            (names.get(usize::from(d))).map_or_else(|| format!("d{d}"), |n| n.to_string())
        };
        let found = search::search(
            &mut self.gaps,
            kinds,
            same,
            start,
            true,
            self.limits,
            &mut self.progress,
            &|r: &[Move]| r[0],
            true,
        )?;
        let Found::Free {
            depth, candidates, ..
        } = found
        else {
            log::trace!(target: SEPARATIONS, "part [{}]: stuck", names(everything));
            return Ok(());
        };
        log::trace!(target: SEPARATIONS, "part [{}] depth {depth}", names(everything));
        let mut last: Option<Vec<[i32; 3]>> = None;
        for c in &candidates {
            if last.as_ref() != Some(&c.anchors) {
                let path: Vec<String> = (c.path.iter().flatten())
                    .map(|(_, m)| {
                        let m = shown(*m, weights, everything);
                        format!("[{}] {} {}", names(m.set), dir(m.dir), m.dist)
                    })
                    .collect();
                log::trace!(target: SEPARATIONS, "  state {:?} via {}", c.anchors, path.join(", "));
                last = Some(c.anchors.clone());
            }
            let m = shown(c.removal, weights, everything);
            log::trace!(
                target: SEPARATIONS,
                "    removal [{}] {}  (as found: [{}] {})",
                names(m.set),
                dir(m.dir),
                names(c.removal.set),
                dir(c.removal.dir)
            );
        }
        Ok(())
    }

    /// Takes the part apart by one candidate separation, then each side.
    fn take(
        &mut self,
        part: &Part,
        depth: u32,
        candidate: Candidate,
        states: &mut u64,
    ) -> Result<Outcome, Halt> {
        let Part {
            members,
            at,
            weights,
            everything,
            ..
        } = *part;
        let n = members.len();
        let shown = |m: Move| shown(m, weights, everything);
        let Candidate {
            anchors: mut here,
            removal,
            path,
        } = candidate;
        let mut steps = Vec::new();
        let mut removal = shown(removal);
        let labels: Vec<usize> = members.to_vec();
        if let Some(path) = path {
            (steps, here, removal) = replay(part, &path, removal, self.gaps.slides());
        }
        let (gone, stay): (Vec<usize>, Vec<usize>) =
            (0..n).partition(|&s| removal.set >> s & 1 == 1);
        if self.plan {
            steps.push(Step {
                pieces: gone.iter().map(|&s| labels[s]).collect(),
                dir: removal.dir,
                distance: self.clearance(&gone, &stay, &here, &labels, removal.dir),
                separates: true,
            });
        }
        let mut placed = at.to_vec();
        for (s, &m) in members.iter().enumerate() {
            placed[m] = here[s];
        }
        let gone: Vec<usize> = gone.iter().map(|&s| labels[s]).collect();
        let stay: Vec<usize> = stay.iter().map(|&s| labels[s]).collect();
        let left = self.part(&stay, &placed, states)?;
        if let Outcome::Stuck { .. } = left {
            return Ok(Outcome::Apart {
                moves: depth + 1,
                steps,
                left: Box::new(left),
                removed: Box::new(Outcome::Whole),
                alternative: false,
            });
        }
        let removed = self.part(&gone, &placed, states)?;
        Ok(Outcome::Apart {
            moves: depth + 1,
            steps,
            left: Box::new(left),
            removed: Box::new(removed),
            alternative: false,
        })
    }

    /// How far the slots `gone` must slide along `dir` until their cells
    /// are clear of the cells of `stay`'s bounding box.
    fn clearance(
        &self,
        gone: &[usize],
        stay: &[usize],
        here: &[[i32; 3]],
        labels: &[usize],
        dir: u8,
    ) -> u32 {
        let axis = usize::from(dir / 2);
        let slides = self.gaps.slides();
        let span = |slots: &[usize]| {
            let mut lh = (i32::MAX, i32::MIN);
            for &s in slots {
                for c in &self.shapes[self.kind[labels[s]]] {
                    let at = [0, 1, 2].map(|k| c[k] + here[s][k]);
                    let v = slides.frame(axis, at)[2];
                    lh = (lh.0.min(v), lh.1.max(v));
                }
            }
            lh
        };
        let (glo, ghi) = span(gone);
        let (slo, shi) = span(stay);
        let d = if dir.is_multiple_of(2) {
            shi - glo + 1
        } else {
            ghi - slo + 1
        };
        // Whole slides: a part of a slide's steps still needs a slide.
        let stride = slides.stride(axis);
        ((d + stride - 1) / stride).max(1) as u32
    }
}

/// Replays a candidate's `path` from the part's real start, following
/// identical pieces as they trade slots in the canonical states: a step
/// for each move (its pieces named by the part's members), the real
/// anchors at the end, and `removal` (as shown) relabelled to them.
fn replay(
    part: &Part,
    path: &[(Vec<[i32; 3]>, Move)],
    removal: Move,
    slides: &Lines,
) -> (Vec<Step>, Vec<[i32; 3]>, Move) {
    let mut steps = Vec::new();
    let mut real = part.start.to_vec();
    for (_, m) in path {
        let perm = relabelling(&real, part.same);
        let m = shown(*m, part.weights, part.everything);
        let set = remap(m.set, &perm);
        steps.push(Step {
            pieces: bits(set).map(|s| part.members[s]).collect(),
            dir: m.dir,
            distance: u32::from(m.dist),
            separates: false,
        });
        apply(&mut real, Move { set, ..m }, slides.step(m.dir));
    }
    let perm = relabelling(&real, part.same);
    let removal = Move {
        set: remap(removal.set, &perm),
        ..removal
    };
    (steps, real, removal)
}

/// The side of a move shown moving: the lighter one (by its heaviest
/// piece), on a tie the one with fewer pieces, and on a tie again the one
/// with fewer cells; the other side moves the opposite way, which is the
/// same change of state. The side shown moving in a removal is the part
/// that left, taken apart after the part that stayed (the plan's order;
/// the level orders the parts by their texts, see the module docs). Of
/// halves of as many pieces, the one with fewer cells leaves (a cage and
/// a piece on one side, two small pieces on the other: the two small ones
/// leave), as `burrTxt -d` shows them.
fn shown(m: Move, weights: &[(u32, usize)], all: u64) -> Move {
    let heaviest = |set: u64| bits(set).map(|s| weights[s].0).max().unwrap_or(0);
    let cells = |set: u64| bits(set).map(|s| weights[s].1).sum::<usize>();
    let other = m.flipped(all);
    let key = |set: u64| (heaviest(set), set.count_ones(), cells(set));
    if key(other.set) < key(m.set) {
        other
    } else {
        m
    }
}

fn bits(set: u64) -> impl Iterator<Item = usize> {
    (0..64).filter(move |&s| set >> s & 1 == 1)
}

/// A set of canonical slots as slots of the real state (`perm[c]` is the
/// real slot at canonical slot `c`).
fn remap(set: u64, perm: &[usize]) -> u64 {
    bits(set).fold(0, |acc, c| acc | 1 << perm[c])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(name: &str, cells: &[[i32; 3]]) -> Body {
        Body {
            name: name.into(),
            cells: cells.to_vec(),
            piece: name.len(),
            group: 0,
            weight: 1,
        }
    }

    #[test]
    fn two_cubes_side_by_side_come_apart_in_one_move() {
        let d = disassemble(
            &[body("a", &[[0, 0, 0]]), body("bb", &[[1, 0, 0]])],
            Lines::cubic(),
            true,
            Rule::BurrTools,
            &Limits::default(),
        )
        .unwrap();
        assert_eq!(d.level().as_deref(), Some("1"));
        let plan = d.plan();
        assert_eq!(plan.len(), 1);
        assert!(plan[0].separates);
    }
}
