//! The board's symmetry group, acting on cells, pieces and placements.
//!
//! A symmetry is a motion of space (one of the 48 cube symmetries, or of
//! the 8 square symmetries on a flat board) that maps the board onto itself
//! and the pieces onto the pieces: every piece's set of allowed
//! orientations goes to the orientation set of a piece with the same count.
//! Rotations always qualify for pieces that may turn freely; a reflection
//! qualifies only when each piece's mirror image is a piece of the puzzle
//! (the Soma cube's two screws swap), which is the contract's definition.
//!
//! Applied to a solution, a symmetry gives another solution, so solutions
//! fall into classes (orbits). The group is used three ways:
//!
//! - **counting**: `count = Σ over classes |G| / |stabiliser|`, so that one
//!   representative per class is enough to know the fixed-board count;
//! - **canonical forms**: the smallest image of a solution names its class,
//!   which de-duplicates whatever an engine finds;
//! - **symmetry breaking**: restricting one piece (or the pieces covering
//!   one cell) to one placement per orbit cuts the search by up to |G|
//!   without losing any class — see [`Breaking`].

use crate::cover::{Cover, ItemKind};
use crate::geometry::{Board, Transform};

/// One element of the group, as permutations of the instance's parts.
#[derive(Clone, Debug)]
pub struct Symmetry {
    pub transform: Transform,
    /// Board cell index -> image cell index.
    pub cells: Vec<u32>,
    /// Piece index -> image piece index.
    pub pieces: Vec<usize>,
    /// Option (placement) index -> image option index.
    pub options: Vec<u32>,
}

/// The symmetry group of a puzzle; the identity comes first.
#[derive(Clone, Debug)]
pub struct Group {
    /// Each symmetry with its maps of cells, pieces and options.
    pub elements: Vec<Symmetry>,
}

impl Group {
    /// The trivial group over `cells` cells, `pieces` pieces and `options`
    /// options: only the identity.
    pub fn trivial(cells: usize, pieces: usize, options: usize) -> Group {
        Group {
            elements: vec![Symmetry {
                transform: Transform::IDENTITY,
                cells: (0..cells as u32).collect(),
                pieces: (0..pieces).collect(),
                options: (0..options as u32).collect(),
            }],
        }
    }

    /// The number of symmetries, the identity included: at most this
    /// many fixed-board solutions per class.
    pub fn order(&self) -> usize {
        self.elements.len()
    }

    /// The number of rotations (as opposed to reflections) in the group.
    pub fn rotations(&self) -> usize {
        self.elements
            .iter()
            .filter(|s| s.transform.is_rotation())
            .count()
    }

    /// The image of a set of options under one element, sorted.
    pub fn image(&self, element: usize, options: &[u32]) -> Vec<u32> {
        let perm = &self.elements[element].options;
        let mut out: Vec<u32> = options.iter().map(|&o| perm[o as usize]).collect();
        out.sort_unstable();
        out
    }

    /// The canonical form of a solution (its smallest image) and the order
    /// of its stabiliser (how many elements map it to itself).
    pub fn canonical(&self, options: &[u32]) -> (Vec<u32>, usize) {
        canonical_form(options, self.order(), |g, sorted| self.image(g, sorted))
    }
}

/// What a count needs of the group to weigh one solution on its own, in a
/// few operations per symmetry and piece placed: the option permutations
/// side by side, and the options symmetry breaking forbids.
///
/// The images g(S) of a solution S repeat evenly: g(S) = h(S) exactly when
/// h⁻¹g fixes S, so every distinct image comes from |stabiliser| elements.
/// Hence, counting elements rather than comparing images, |G| / (the
/// elements that map S onto itself) is the class's size on a fixed board,
/// and (the elements whose image avoids every forbidden option) /
/// stabiliser is how many members of the class the search meets. No image
/// is built or sorted; the solution is marked in a bit set over the
/// options, and each element's image is looked up in it.
#[derive(Clone, Debug)]
pub struct Orbits {
    order: usize,
    options: usize,
    /// Element `g`'s image of option `o` at `g * options + o`.
    perms: Vec<u32>,
    forbidden: Vec<bool>,
    /// Per option, as a bit per element (groups of up to 64): the
    /// elements that take it to a forbidden option.
    spoilers: Option<Vec<u64>>,
    /// A bit for every element.
    everyone: u64,
    /// 1 when the first element is the identity on the options.
    skip: usize,
}

/// How one solution weighs: the elements that fix it, the elements whose
/// image the search may find, and the group's order.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Weighed {
    pub stabiliser: u64,
    pub allowed: u64,
    pub order: u64,
}

impl Weighed {
    /// (the solutions on a fixed board its class stands for, the members
    /// of its class the search meets).
    pub fn weight(self) -> (u64, u64) {
        (self.order / self.stabiliser, self.allowed / self.stabiliser)
    }
}

impl Orbits {
    /// `forbidden[o]`: option `o` is out (symmetry breaking); shorter than
    /// the options (or empty) where nothing is.
    pub fn new(group: &Group, forbidden: &[bool]) -> Orbits {
        let options = group.elements.first().map_or(0, |g| g.options.len());
        let mut out = vec![false; options];
        for (o, &f) in forbidden.iter().enumerate().take(options) {
            out[o] = f;
        }
        let spoilers = (group.order() <= 64).then(|| {
            (0..options)
                .map(|o| {
                    group.elements.iter().enumerate().fold(0u64, |m, (g, e)| {
                        m | u64::from(out[e.options[o] as usize]) << g
                    })
                })
                .collect()
        });
        Orbits {
            order: group.order(),
            options,
            perms: group
                .elements
                .iter()
                .flat_map(|g| g.options.iter().copied())
                .collect(),
            forbidden: out,
            spoilers,
            skip: usize::from(
                group
                    .elements
                    .first()
                    .is_some_and(|e| e.options.iter().enumerate().all(|(o, &i)| i as usize == o)),
            ),
            everyone: if group.order() >= 64 {
                u64::MAX
            } else {
                (1u64 << group.order()) - 1
            },
        }
    }

    /// A bit set over the options, for one thread's [`Orbits::weigh`].
    pub fn scratch(&self) -> Vec<u64> {
        vec![0; self.options.div_ceil(64)]
    }

    /// How the solution `chosen` weighs; `marks` (from [`Orbits::scratch`])
    /// is left empty again.
    pub fn weigh(&self, chosen: &[u32], marks: &mut [u64]) -> Weighed {
        // The elements taking some chosen option to a forbidden one, one
        // OR per option; the rest are the elements the search meets.
        let allowed = match &self.spoilers {
            Some(spoilers) => {
                let spoilt = chosen.iter().fold(0u64, |m, &o| m | spoilers[o as usize]);
                u64::from((self.everyone & !spoilt).count_ones())
            }
            None => (0..self.order)
                .filter(|&g| {
                    let perm = &self.perms[g * self.options..(g + 1) * self.options];
                    chosen
                        .iter()
                        .all(|&o| !self.forbidden[perm[o as usize] as usize])
                })
                .count() as u64,
        };
        // The elements mapping the solution onto itself. The identity
        // does; another one mostly sends the first option or two outside
        // the solution, which ends its test. The solution is marked in a
        // register when the options fit in one, else in `marks`.
        let stabiliser = if self.options <= 128 {
            let set = chosen.iter().fold(0u128, |m, &o| m | 1 << o);
            self.fixing(chosen, |o| set >> o & 1 != 0)
        } else {
            for &o in chosen {
                marks[o as usize / 64] |= 1 << (o % 64);
            }
            let n = self.fixing(chosen, |o| marks[o as usize / 64] >> (o % 64) & 1 != 0);
            for &o in chosen {
                marks[o as usize / 64] = 0;
            }
            n
        };
        Weighed {
            stabiliser,
            allowed,
            order: self.order as u64,
        }
    }

    /// The elements that map `chosen` onto itself, `marked` telling the
    /// options in it.
    fn fixing(&self, chosen: &[u32], marked: impl Fn(u32) -> bool) -> u64 {
        self.skip as u64
            + (self.skip..self.order)
                .filter(|&g| {
                    let perm = &self.perms[g * self.options..(g + 1) * self.options];
                    chosen.iter().all(|&o| marked(perm[o as usize]))
                })
                .count() as u64
    }

    /// Whether `chosen`, a solution the search found, is the one member of
    /// its class the search names it by: the least, as a sorted list of
    /// options, of the images the search finds (those avoiding every
    /// forbidden option). Exactly one member found passes, so the classes
    /// are listed once each without remembering any.
    pub fn is_least(&self, chosen: &[u32]) -> bool {
        let mut me = chosen.to_vec();
        me.sort_unstable();
        let mut image = Vec::with_capacity(me.len());
        for g in 0..self.order {
            let perm = &self.perms[g * self.options..(g + 1) * self.options];
            image.clear();
            image.extend(me.iter().map(|&o| perm[o as usize]));
            if image.iter().any(|&o| self.forbidden[o as usize]) {
                continue;
            }
            image.sort_unstable();
            if image < me {
                return false;
            }
        }
        true
    }
}

/// The canonical form of a solution under a group of `order` elements —
/// its smallest image — and the order of its stabiliser. `image(g, s)`
/// gives the sorted image of the sorted solution `s` under element `g`.
/// Shared by the placement model (options) and the order model (boxes).
pub fn canonical_form<T: Ord + Clone>(
    solution: &[T],
    order: usize,
    image: impl Fn(usize, &[T]) -> Vec<T>,
) -> (Vec<T>, usize) {
    let mut sorted = solution.to_vec();
    sorted.sort_unstable();
    let mut best = sorted.clone();
    let mut stabiliser = 0;
    for g in 0..order {
        let moved = image(g, &sorted);
        if moved == sorted {
            stabiliser += 1;
        }
        if moved < best {
            best = moved;
        }
    }
    (best, stabiliser)
}

/// What the symmetry breaking restricts: a set of options that may not be
/// chosen, and a sentence saying why that loses no solution class.
#[derive(Clone, Debug)]
pub struct Breaking {
    /// Options forbidden (their variables are set false).
    pub forbidden: Vec<u32>,
    pub description: String,
}

/// Chooses the restriction that cuts most: either a piece used exactly
/// once, restricted to one placement per orbit under the subgroup that
/// keeps it, or (for exact fills) the pieces covering one cell, restricted
/// to one placement per orbit under the cell's stabiliser. Either way every
/// solution has an image under the group that survives, so every class is
/// still found; a class may be found twice when the kept placement has a
/// stabiliser of its own, which the canonical-form de-duplication handles.
pub fn choose_breaking(cover: &Cover, group: &Group, board: &Board) -> Option<Breaking> {
    if group.order() == 1 {
        return None;
    }
    // (options considered, kept representatives, description)
    let mut best: Option<(Vec<u32>, Vec<u32>, String)> = None;
    for Candidate {
        pool,
        subgroup,
        what,
    } in candidates(cover, group, board)
    {
        if pool.is_empty() || subgroup.len() == 1 {
            continue;
        }
        let reps = orbit_representatives(&pool, &subgroup, group);
        log::debug!(
            "breaking candidate {what}: {} of {} placements under {} symmetries",
            reps.len(),
            pool.len(),
            subgroup.len()
        );
        let better = match &best {
            None => true,
            // Maximise the fraction cut away (pool/reps); on a tie keep
            // fewer placements, which the search then branches on first.
            Some((p, r, _)) => {
                let (new, old) = (pool.len() * r.len(), p.len() * reps.len());
                new > old || (new == old && reps.len() < r.len())
            }
        };
        if better {
            let text = format!(
                "{what}: kept {} of its {} placements, one per orbit under the {} symmetries that fix it",
                reps.len(),
                pool.len(),
                subgroup.len()
            );
            best = Some((pool, reps, text));
        }
    }
    let (pool, reps, description) = best?;
    if reps.len() == pool.len() {
        return None;
    }
    let forbidden = pool
        .into_iter()
        .filter(|o| reps.binary_search(o).is_err())
        .collect();
    Some(Breaking {
        forbidden,
        description,
    })
}

/// A set of options that symmetry breaking may restrict: the options that
/// place one piece, or that cover one cell, with the subgroup fixing it.
struct Candidate {
    pool: Vec<u32>,
    subgroup: Vec<usize>,
    what: String,
}

/// The candidates, in the order ties are decided: each piece used exactly
/// once, then (for exact fills) the few cells with the largest stabiliser.
fn candidates(cover: &Cover, group: &Group, board: &Board) -> Vec<Candidate> {
    let fixing = |fixes: &dyn Fn(&Symmetry) -> bool| -> Vec<usize> {
        (0..group.order())
            .filter(|&g| fixes(&group.elements[g]))
            .collect()
    };
    let by_item = cover.options_by_item();
    let mut out = Vec::new();
    for (i, item) in cover.items.iter().enumerate() {
        if let ItemKind::Piece(p) = item.kind
            && item.min == 1
            && item.max == 1
        {
            out.push(Candidate {
                pool: by_item[i].clone(),
                subgroup: fixing(&|s| s.pieces[p] == p),
                what: cover.piece_labels[p].clone(),
            });
        }
    }
    if cover.exact_fill() {
        let stabiliser = |c: usize| fixing(&|s| s.cells[c] == c as u32);
        let largest = (0..board.len())
            .map(|c| stabiliser(c).len())
            .max()
            .unwrap_or(1);
        for c in (0..board.len())
            .filter(|&c| stabiliser(c).len() == largest)
            .take(4)
        {
            out.push(Candidate {
                pool: by_item[c].clone(),
                subgroup: stabiliser(c),
                what: format!(
                    "the pieces covering cell {}",
                    board.lattice().show(board.cell(c as u32))
                ),
            });
        }
    }
    out
}

/// The smallest option of each orbit of `pool` under `subgroup`, sorted.
fn orbit_representatives(pool: &[u32], subgroup: &[usize], group: &Group) -> Vec<u32> {
    let mut reps: Vec<u32> = pool
        .iter()
        .map(|&o| {
            subgroup
                .iter()
                .map(|&g| group.elements[g].options[o as usize])
                .min()
                .expect("the subgroup holds the identity")
        })
        .collect();
    reps.sort_unstable();
    reps.dedup();
    reps
}
