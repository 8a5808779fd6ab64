//! A split's parts run by `jigsat design JOB`: each result carries its
//! solutions by choice of pieces beside its tallies, and the merge adds
//! them up choice by choice. A class lies under one choice (a symmetry
//! keeps a solution's pieces), so each choice's tallies over all parts
//! divide out exactly, as the whole tallies do; a part's choices must
//! add up to its own tallies, kind by kind, and the choices' totals to
//! the merge's.

use std::collections::BTreeMap;

use super::files::{ChoiceTally, PartResult};
use crate::enumerate::ByPieces;
use crate::tally::{Tallies, Tally};

/// The tallies a part's search handed over, by choice, taken out of `by`.
pub fn of(by: &ByPieces) -> Vec<ChoiceTally> {
    by.take()
        .into_iter()
        .map(|(pieces, t)| ChoiceTally {
            pieces,
            tally: t.list(),
        })
        .collect()
}

/// Whether a part's choices are sound: one length of choice, no choice
/// twice, kinds of at least 1, and together its tallies kind by kind.
pub fn check(tally: &[Tally], choices: &[ChoiceTally]) -> Result<(), String> {
    let mut sum = Tallies::default();
    let mut seen = std::collections::BTreeSet::new();
    for c in choices {
        if c.pieces.len() != choices[0].pieces.len() || !seen.insert(&c.pieces) {
            return Err(format!(
                "the choice {:?} is listed twice or is of another pool",
                c.pieces
            ));
        }
        for t in &c.tally {
            if t.weight == 0 || t.found_per_class == 0 {
                return Err(format!("the choice {:?} has a tally of 0", c.pieces));
            }
            sum.checked_add(t.weight, t.found_per_class, t.found)
                .ok_or("its choices add up to more than 2^64 solutions")?;
        }
    }
    let mut whole = Tallies::default();
    for t in tally {
        whole.add(t.weight, t.found_per_class, t.found);
    }
    if sum != whole {
        return Err("its choices' tallies do not add up to its tallies".into());
    }
    Ok(())
}

/// The choices of every part added up, gathered by `canonical` (under the
/// choice that stands for each up to symmetry) and divided out: per
/// choice (count on a fixed board, distinct). Every result must carry its
/// choices (a part run by `count JOB` has none), and the choices must add
/// up to `whole`, the merge's (count, distinct). `Err` says why not.
pub fn merge(
    results: &[(String, PartResult)],
    whole: (u64, u64),
    canonical: &dyn Fn(BTreeMap<Vec<u32>, Tallies>) -> BTreeMap<Vec<u32>, Tallies>,
) -> Result<BTreeMap<Vec<u32>, (u64, u64)>, String> {
    let mut sum: BTreeMap<Vec<u32>, Tallies> = BTreeMap::new();
    for (name, r) in results {
        let Some(choices) = &r.choices else {
            return Err(format!(
                "{name}: part {} was counted without its choices (`jigsat count JOB`); run it with `jigsat design JOB`",
                r.part
            ));
        };
        let overflow = || format!("{name}: {}", crate::tally::PAST_U64);
        for c in choices {
            let tallies = sum.entry(c.pieces.clone()).or_default();
            for t in &c.tally {
                tallies
                    .checked_add(t.weight, t.found_per_class, t.found)
                    .ok_or_else(overflow)?;
            }
        }
    }
    let mut totals = BTreeMap::new();
    let (mut count, mut distinct) = (0u64, 0u64);
    for (choice, tallies) in canonical(sum) {
        let (c, d) = tallies
            .totals()
            .map_err(|why| format!("the choice {choice:?}: {why}"))?;
        count = count.checked_add(c).ok_or(crate::tally::PAST_U64)?;
        distinct = distinct.checked_add(d).ok_or(crate::tally::PAST_U64)?;
        totals.insert(choice, (c, d));
    }
    if (count, distinct) != whole {
        return Err(format!(
            "the choices add up to {count} solutions and {distinct} classes, the parts' tallies to {} and {}",
            whole.0, whole.1
        ));
    }
    Ok(totals)
}
