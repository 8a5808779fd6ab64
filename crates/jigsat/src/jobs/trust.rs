//! What makes a split's files trustworthy enough to add up: a split's
//! identity is its *cut*, not only its tree.
//!
//! The fingerprint ([`super::fingerprint`]) says which tree a path's
//! option numbers belong to, but two cuts of the same tree (another
//! `--seed`, another `--parts`) share it, and a result of one cut added to
//! the results of another counts some subtrees twice and others never:
//! a wrong total with exit 0. So every part has a *digest* of its number
//! and its prefixes ([`part_digest`]), the plan lists them all, and the
//! cut's digest ([`cut_digest`]) covers the list. A job carries its part's
//! digest, a result carries the digest of the part it counted and a
//! checksum over its figures ([`seal`]), and `merge` takes a result only
//! when its digest is the plan's for that part.
//!
//! These are FNV-1a hashes, not signatures: they catch a stale file, a
//! mix of two splits, a hand edit or a damaged copy, not a determined
//! forger, who can recompute them (docs/guide.md, "Big jobs").

use std::collections::BTreeSet;

use super::files::{PartPaths, PartResult, Shape};
use crate::fingerprint::Fnv64;

/// The digest of part `part` of a cut of the tree `fingerprint`, whose
/// subtrees are the paths `prefixes` (in the order the part lists them).
pub fn part_digest(fingerprint: &str, part: usize, prefixes: &[Vec<u32>]) -> String {
    let mut h = Fnv64::default();
    h.str("jigsat-part-1");
    h.str(fingerprint);
    h.word(part as u64);
    h.word(prefixes.len() as u64);
    for p in prefixes {
        h.word(p.len() as u64);
        p.iter().for_each(|&o| h.word(u64::from(o)));
    }
    format!("{:016x}", h.finish())
}

/// The digest of a whole cut: its tree and every part's digest, in part
/// order.
pub fn cut_digest(fingerprint: &str, digests: &[String]) -> String {
    let mut h = Fnv64::default();
    h.str("jigsat-cut-1");
    h.str(fingerprint);
    h.word(digests.len() as u64);
    digests.iter().for_each(|d| h.str(d));
    format!("{:016x}", h.finish())
}

/// The checksum of a result's figures and identity (every field but the
/// checksum itself).
pub fn checksum(r: &PartResult) -> String {
    let mut h = Fnv64::default();
    h.str("jigsat-result-1");
    h.word(r.part as u64);
    h.word(r.parts as u64);
    h.str(&r.fingerprint);
    h.str(&r.cut);
    h.str(&r.digest);
    h.str(&r.puzzle);
    h.str(&r.engine);
    h.word(r.nodes);
    h.word(r.seconds.to_bits());
    h.word(r.solutions);
    h.word(r.tally.len() as u64);
    for t in &r.tally {
        h.word(t.weight);
        h.word(t.found_per_class);
        h.word(t.found);
    }
    // Only a design part's: a count's result sums as it always did.
    for c in r.choices.iter().flatten() {
        h.word(c.pieces.len() as u64);
        c.pieces.iter().for_each(|&n| h.word(u64::from(n)));
        h.word(c.tally.len() as u64);
        for t in &c.tally {
            h.word(t.weight);
            h.word(t.found_per_class);
            h.word(t.found);
        }
    }
    format!("{:016x}", h.finish())
}

/// A result with its checksum filled in.
pub fn seal(mut r: PartResult) -> PartResult {
    r.checksum = checksum(&r);
    r
}

/// At most this many characters of a value go into a message; the rest is
/// cut, with the length said. A prefix of 100,000 numbers once made an
/// error line of 500 kB.
const SHOWN: usize = 80;

/// A prefix for a message, cut when long.
pub fn show_prefix(p: &[u32]) -> String {
    crate::clean::cut(&format!("{p:?}"), SHOWN)
}

/// Whether `prefixes` can be the subtrees of one part (or, given every
/// part's, of a whole cut): at least one, none empty (the empty path is
/// the whole tree), none twice, none inside another — a path below
/// another would have its solutions counted twice. `Err` says which.
pub fn check_prefixes<'a>(prefixes: impl IntoIterator<Item = &'a Vec<u32>>) -> Result<(), String> {
    let mut sorted: Vec<&Vec<u32>> = prefixes.into_iter().collect();
    if sorted.is_empty() {
        return Err("no prefixes: a part holds at least one subtree".into());
    }
    if sorted.iter().any(|p| p.is_empty()) {
        return Err(
            "an empty prefix, which is the whole tree: a part's prefixes are paths of one choice or more"
                .into(),
        );
    }
    sorted.sort();
    // In lexicographic order a path is followed at once by the paths that
    // extend it, so neighbours are enough.
    for w in sorted.windows(2) {
        if w[0] == w[1] {
            return Err(format!("the prefix {} is listed twice", show_prefix(w[0])));
        }
        if w[1].starts_with(w[0]) {
            return Err(format!(
                "the prefix {} lies inside the prefix {} (its solutions would count twice)",
                show_prefix(w[1]),
                show_prefix(w[0])
            ));
        }
    }
    Ok(())
}

/// Whether a job's part is one its plan can have made: numbered within
/// the plan, sound prefixes, and the digest of exactly these prefixes.
pub fn check_part(shape: &Shape, part: &PartPaths) -> Result<(), String> {
    if part.part == 0 || part.part > shape.parts {
        return Err(format!(
            "part {} of a split of {} parts: part numbers run from 1 to {}",
            part.part, shape.parts, shape.parts
        ));
    }
    check_prefixes(&part.prefixes).map_err(|why| format!("part {}: {why}", part.part))?;
    if !(part.estimated_nodes.is_finite() && part.estimated_nodes >= 0.0) {
        return Err(format!(
            "part {}: estimated_nodes = {} is not a size",
            part.part, part.estimated_nodes
        ));
    }
    let digest = part_digest(&shape.fingerprint, part.part, &part.prefixes);
    if digest != part.digest {
        return Err(format!(
            "part {}: its prefixes are not the ones its split cut (their digest is {digest}, the part says {}): the file was edited or damaged",
            part.part,
            crate::clean::cut(&part.digest, 20)
        ));
    }
    Ok(())
}

/// Whether the part digests of a plan are its cut's: as many as the plan
/// says parts, and the cut's digest over them.
pub fn check_plan(shape: &Shape, digests: &[String]) -> Result<(), String> {
    // No parts is a cut too: the tree ended before any subtree (a puzzle
    // with no solution), and merging nothing proves the count is 0.
    if digests.len() != shape.parts {
        return Err(format!(
            "says {} parts but lists {} part digests",
            shape.parts,
            digests.len()
        ));
    }
    let cut = cut_digest(&shape.fingerprint, digests);
    if cut != shape.cut {
        return Err(format!(
            "its part digests are not its cut's (they give {cut}, the plan says {}): the file was edited or damaged",
            crate::clean::cut(&shape.cut, 20)
        ));
    }
    Ok(())
}

/// Whether a result's figures are whole and sound on their own: its
/// checksum, finite seconds, solutions that are the sum of its tally,
/// tallies that can be divided. `Err` says what is wrong.
pub fn check_result(r: &PartResult) -> Result<(), String> {
    if checksum(r) != r.checksum {
        return Err(
            "its checksum does not match its figures: the file was edited or damaged".into(),
        );
    }
    if !(r.seconds.is_finite() && r.seconds >= 0.0) {
        return Err(format!("seconds = {} is not a time", r.seconds));
    }
    let mut sum = 0u64;
    for t in &r.tally {
        if t.weight == 0 || t.found_per_class == 0 {
            return Err(format!(
                "a tally with weight {} and found_per_class {}: both are at least 1",
                t.weight, t.found_per_class
            ));
        }
        sum = sum
            .checked_add(t.found)
            .ok_or("its tallies add up to more than 2^64 solutions")?;
    }
    if sum != r.solutions {
        return Err(format!(
            "says {} solutions, but its tallies add up to {sum}",
            r.solutions
        ));
    }
    if let Some(choices) = &r.choices {
        super::choices::check(&r.tally, choices)?;
    }
    Ok(())
}

/// Whether result `r` belongs to part `r.part` of the plan (`shape`,
/// `digests`), and is sound ([`check_result`]).
pub fn check_result_of(shape: &Shape, digests: &[String], r: &PartResult) -> Result<(), String> {
    if r.fingerprint != shape.fingerprint {
        return Err(format!(
            "from another split, of another search (fingerprint {}, the plan's is {})",
            crate::clean::cut(&r.fingerprint, 20),
            shape.fingerprint
        ));
    }
    if r.cut != shape.cut {
        return Err(format!(
            "from another split of the same search (cut {}, the plan's is {}): made earlier in this directory, or with another --seed or --parts",
            crate::clean::cut(&r.cut, 20),
            shape.cut
        ));
    }
    if r.parts != shape.parts || r.part == 0 || r.part > shape.parts {
        return Err(format!(
            "part {} of {}, but the plan has parts 1 to {}",
            r.part, r.parts, shape.parts
        ));
    }
    if digests.get(r.part - 1) != Some(&r.digest) {
        return Err(format!(
            "its part digest {} is not the plan's for part {}",
            crate::clean::cut(&r.digest, 20),
            r.part
        ));
    }
    check_result(r)
}

/// Whether a checkpoint can be gone on from: its parts numbered 1, 2, …
/// each sound ([`check_part`]) and together the cut its plan names, no
/// subtree in two parts, and every finished part's result its part's
/// ([`check_result_of`]) and there once. `Err` says what is wrong.
pub fn check_checkpoint(c: &super::files::CheckpointFile) -> Result<(), String> {
    let digests: Vec<String> = c.parts.iter().map(|p| p.digest.clone()).collect();
    check_plan(&c.plan, &digests)?;
    for (i, p) in c.parts.iter().enumerate() {
        if p.part != i + 1 {
            return Err(format!(
                "part {} is listed in place {}: parts are listed 1, 2, … in order",
                p.part,
                i + 1
            ));
        }
        check_part(&c.plan, p)?;
    }
    check_prefixes(c.parts.iter().flat_map(|p| &p.prefixes))
        .map_err(|why| format!("between parts: {why}"))?;
    let mut seen = BTreeSet::new();
    for r in &c.done {
        check_result_of(&c.plan, &digests, r)
            .map_err(|why| format!("the finished part {}: {why}", r.part))?;
        if !seen.insert(r.part) {
            return Err(format!("part {} is listed as finished twice", r.part));
        }
    }
    Ok(())
}

/// The part numbers in `present` (all within `1..=parts`) that leave
/// gaps, as runs: walks the parts present, never every number up to
/// `parts` (a plan may claim 2^64 of them).
pub fn missing_runs(parts: usize, present: &BTreeSet<usize>) -> Vec<(usize, usize)> {
    let mut runs = Vec::new();
    let mut next = 1usize;
    for &p in present.range(1..=parts) {
        if p > next {
            runs.push((next, p - 1));
        }
        match p.checked_add(1) {
            Some(n) => next = n,
            None => return runs,
        }
    }
    if parts >= next {
        runs.push((next, parts));
    }
    runs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefixes_that_overlap_are_refused() {
        let ok = [vec![1, 2], vec![1, 3], vec![2]];
        assert!(check_prefixes(&ok).is_ok());
        assert!(check_prefixes(&[vec![1, 2], vec![1, 2]]).is_err());
        assert!(check_prefixes(&[vec![1, 2, 5], vec![3], vec![1, 2]]).is_err());
        assert!(check_prefixes(&[vec![1], vec![]]).is_err());
        assert!(check_prefixes(&Vec::<Vec<u32>>::new()).is_err());
    }

    #[test]
    fn digests_tell_parts_and_cuts_apart() {
        let a = part_digest("f", 1, &[vec![1, 2]]);
        assert_ne!(a, part_digest("f", 2, &[vec![1, 2]]));
        assert_ne!(a, part_digest("f", 1, &[vec![1], vec![2]]));
        assert_ne!(a, part_digest("g", 1, &[vec![1, 2]]));
        let b = part_digest("f", 2, &[vec![3]]);
        assert_ne!(
            cut_digest("f", &[a.clone(), b.clone()]),
            cut_digest("f", &[b, a])
        );
    }

    #[test]
    fn gaps_are_found_without_walking_every_number() {
        let present: BTreeSet<usize> = [1, 2, 4, 8].into_iter().collect();
        assert_eq!(missing_runs(9, &present), vec![(3, 3), (5, 7), (9, 9)]);
        assert_eq!(
            missing_runs(usize::MAX, &present),
            vec![(3, 3), (5, 7), (9, usize::MAX)]
        );
        assert_eq!(missing_runs(2, &[1, 2].into_iter().collect()), vec![]);
    }
}
