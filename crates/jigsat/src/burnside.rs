//! Counting classes by Burnside's lemma, the other route to `count`'s
//! distinct figure (`count --burnside`; the default weighs each solution,
//! [`crate::enumerate`](mod@crate::enumerate)).
//!
//! The number of classes is the average over the group of the solutions
//! each element g fixes. A solution g fixes is a union of whole orbits of
//! placements under g (g maps each of its placements to one of its
//! placements), so those solutions are exactly the exact covers whose
//! options are g's orbits of placements — each orbit one option covering
//! the cells of all its placements, kept only when they do not overlap —
//! a small instance for every g but the identity. The identity fixes
//! every solution: its term is the count on a fixed board, a search
//! without symmetry breaking and without weighing anything.
//!
//! Every solution met is checked against the puzzle: the identity's on
//! the search threads ([`crate::solution::Placements`]), a fixed
//! instance's decoded into the placements of its orbits and checked in
//! full in the receiving loop. The sum over the group must divide by its
//! order; anything else is a bug, never a count.

use crate::cover::Cover;
use crate::enumerate::{self, CoverRun, Enumeration, Limits, Stop, Want};
use crate::error::{Error, Result};
use crate::exact::ExactEngine;
use crate::symmetry::Group;

/// The instance whose exact covers are the solutions the option
/// permutation `perm` fixes: one option per orbit of placements under it
/// whose placements do not overlap, and per option the placements it
/// stands for. `None` when an orbit covers an item more than once that is
/// counted rather than implied (the piece items of `dlx`'s covers are
/// used at most once, or implied by the areas).
pub fn fixed_cover(cover: &Cover, perm: &[u32]) -> Option<(Cover, Vec<Vec<u32>>)> {
    let mut seen = vec![false; cover.options.len()];
    let (mut options, mut members) = (Vec::new(), Vec::new());
    for start in 0..cover.options.len() {
        if seen[start] {
            continue;
        }
        let mut orbit = vec![start as u32];
        seen[start] = true;
        let mut o = perm[start] as usize;
        while o != start {
            seen[o] = true;
            orbit.push(o as u32);
            o = perm[o] as usize;
        }
        let mut items: Vec<u32> = orbit
            .iter()
            .flat_map(|&o| cover.options[o as usize].iter().copied())
            .collect();
        items.sort_unstable();
        let repeated = items.windows(2).filter(|w| w[0] == w[1]).map(|w| w[0]);
        let mut overlaps = false;
        for item in repeated {
            let item = &cover.items[item as usize];
            if !item.implied {
                if item.max > 1 {
                    return None;
                }
                overlaps = true;
            }
        }
        if overlaps {
            // Two of its placements share a cell (or a piece used once):
            // no fixed solution holds this orbit.
            continue;
        }
        items.dedup();
        options.push(items);
        members.push(orbit);
    }
    let fixed = Cover {
        items: cover.items.clone(),
        colours: vec![Vec::new(); options.len()],
        options,
        edges: 0,
        piece_labels: cover.piece_labels.clone(),
    };
    Some((fixed, members))
}

/// Whether this route applies: packing puzzles (no edge colours) whose
/// items `dlx` can search with orbits as options.
pub fn applies(cover: &Cover) -> bool {
    cover.edges == 0 && cover.items.iter().all(|i| i.implied || i.max <= 1)
}

/// `count` by Burnside's lemma: the identity's term by `engine` over the
/// whole cover (no symmetry breaking), every other element's by `dlx`
/// over its orbits. The figures are exact when every search completed;
/// a run stopped early knows no total and says none.
pub fn count(
    run: &CoverRun,
    engine: ExactEngine,
    progress: &mut dyn FnMut(u64),
) -> Result<Enumeration> {
    let group = run.group;
    let limits = Limits {
        want: Want::Counts,
        listing: None,
        by_pieces: None,
        ..run.limits.clone()
    };
    let mut fixed_points: Vec<u64> = Vec::with_capacity(group.order());
    let mut identity = None;
    let mut solve_ms = 0.0;
    for (g, element) in group.elements.iter().enumerate() {
        let is_identity = element
            .options
            .iter()
            .enumerate()
            .all(|(o, &i)| i as usize == o);
        let found = if is_identity {
            identity_term(run, engine, &limits, progress)?
        } else {
            fixed(run, &limits, &element.options)?
        };
        solve_ms += found.solve_ms;
        if !found.complete {
            return Ok(Enumeration {
                stopped: found.stopped.or(Some(Stop::Interrupted)),
                solve_ms,
                ..Enumeration::default()
            });
        }
        log::debug!("Burnside: element {g} fixes {} solutions", found.count);
        if is_identity {
            identity = Some(found.count);
        }
        fixed_points.push(found.count);
    }
    let count = identity.ok_or_else(|| Error::Bug("the group has no identity".into()))?;
    let order = group.order() as u64;
    let sum = fixed_points
        .iter()
        .try_fold(0u64, |s, &n| s.checked_add(n))
        .ok_or_else(|| Error::Usage(crate::tally::PAST_U64.into()))?;
    if sum % order != 0 {
        return Err(Error::Bug(format!(
            "Burnside's sum of fixed points {sum} ({fixed_points:?}) does not divide by the group's order {order}"
        )));
    }
    log::info!(
        "counted by Burnside's lemma: the identity's {count} solutions on a fixed board (every one checked on the search threads, without symmetry breaking), and the solutions each of the other {} elements fixes ({}; exact covers of its orbits of placements, each decoded and checked in full), averaged over the group",
        order - 1,
        fixed_points
            .iter()
            .skip(1)
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    );
    Ok(Enumeration {
        count,
        distinct: sum / order,
        complete: true,
        solve_ms,
        ..Enumeration::default()
    })
}

/// The identity's term of [`count`]: every solution on a fixed board,
/// found by `engine` over the whole cover without symmetry breaking.
fn identity_term(
    run: &CoverRun,
    engine: ExactEngine,
    limits: &Limits,
    progress: &mut dyn FnMut(u64),
) -> Result<Enumeration> {
    let whole = CoverRun {
        breaking: None,
        group: &trivial(run.group, run.cover.options.len()),
        limits,
        ..*run
    };
    Ok(enumerate::enumerate_exact(
        &whole,
        engine.name(),
        whole.build(engine)?,
        vec![Vec::new()],
        progress,
    )?
    .enumeration)
}

/// The group of the identity alone, over `options` options and the
/// cells and pieces of `group`: nothing is weighed.
fn trivial(group: &Group, options: usize) -> Group {
    let (cells, pieces) = group
        .elements
        .first()
        .map_or((0, 0), |e| (e.cells.len(), e.pieces.len()));
    Group::trivial(cells, pieces, options)
}

/// The solutions one element fixes (`perm`, its option permutation):
/// the exact covers of its orbits, counted by `dlx`, each decoded into
/// its placements and checked in full.
fn fixed(run: &CoverRun, limits: &Limits, perm: &[u32]) -> Result<Enumeration> {
    let (cover, members) = fixed_cover(run.cover, perm).ok_or_else(|| {
        Error::Usage(
            "Burnside's route cannot count this puzzle's piece counts; count without --burnside"
                .into(),
        )
    })?;
    let solution = |chosen: &[u32]| {
        let placements: Vec<u32> = chosen
            .iter()
            .flat_map(|&o| members[o as usize].iter().copied())
            .collect();
        (run.solution)(&placements)
    };
    let trivial = trivial(run.group, cover.options.len());
    let sub = CoverRun {
        cover: &cover,
        group: &trivial,
        solution: &solution,
        breaking: None,
        encoded: None,
        limits,
        ..*run
    };
    let search = sub.build(ExactEngine::Dlx)?;
    Ok(enumerate::enumerate_exact(&sub, "dlx", search, vec![Vec::new()], &mut |_| {})?.enumeration)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cover::{Item, ItemKind};

    fn item(kind: ItemKind, implied: bool) -> Item {
        Item {
            kind,
            min: 1,
            max: 1,
            implied,
        }
    }

    /// Four cells in a row, two dominoes' worth: options a=[0,1], b=[1,2],
    /// c=[2,3]; the reflection swaps a and c and fixes b.
    #[test]
    fn orbits_become_options_and_overlapping_orbits_go() {
        let cover = Cover {
            items: vec![
                item(ItemKind::Cell(0), false),
                item(ItemKind::Cell(1), false),
                item(ItemKind::Cell(2), false),
                item(ItemKind::Cell(3), false),
                item(ItemKind::Piece(0), true),
            ],
            options: vec![vec![0, 1, 4], vec![1, 2, 4], vec![2, 3, 4]],
            colours: vec![Vec::new(); 3],
            edges: 0,
            piece_labels: vec!["domino".into()],
        };
        let (fixed, members) = fixed_cover(&cover, &[2, 1, 0]).unwrap();
        assert_eq!(members, [vec![0, 2], vec![1]]);
        assert_eq!(fixed.options, [vec![0, 1, 2, 3, 4], vec![1, 2, 4]]);
        // A placement overlapping its own image is no option: here b
        // under a map sending it onto a (a made-up permutation).
        let (_, members) = fixed_cover(&cover, &[1, 0, 2]).unwrap();
        assert_eq!(members, [vec![2]], "a and b overlap on cell 1");
        // A piece used once cannot be placed twice by one orbit.
        let mut once = cover.clone();
        once.items[4].implied = false;
        let (_, members) = fixed_cover(&once, &[2, 1, 0]).unwrap();
        assert_eq!(members, [vec![1]]);
    }
}
