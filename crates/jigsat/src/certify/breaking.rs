//! Why a count's proof may keep symmetry breaking: the argument, checked
//! from the puzzle's placements alone, without [`crate::symmetry`]'s word.
//!
//! A certified count proves that the CNF, with the breaking units (some
//! placements forbidden) and one blocking clause per listed solution that
//! survives them, has no model. That proves "no solution outside the
//! list" when three things hold, each checked here:
//!
//! 1. every symmetry used is one of the puzzle: a permutation of the board
//!    cells (keeping which cells must be covered) and of the pieces
//!    (keeping their counts) that maps every placement to a placement — so
//!    it maps solutions to solutions, one to one;
//! 2. the list is closed under every symmetry, so a solution outside it
//!    has only images outside it;
//! 3. the forbidden placements lie in a pool that every solution uses
//!    exactly once (the placements of a piece used exactly once, or those
//!    covering one cell of an exact fill), and every placement of the pool
//!    has an image, under some symmetry, in the pool and not forbidden.
//!
//! Then a solution outside the list has an image that avoids every
//! forbidden placement (its one pool placement goes to a kept one) and is
//! still outside the list: a model of the proved CNF, which has none.
//! The orbits of the list under the checked symmetries are the distinct
//! count.

use std::collections::{HashMap, HashSet};

use crate::geometry::Cell;
use crate::instance::Instance;
use crate::puzzle::{Fill, Kind, Puzzle};

/// A placement as the family reads an option: the piece and its cells,
/// sorted.
pub type Placement = (usize, Vec<Cell>);

/// The placement of every option, read one option at a time.
pub fn placements(instance: &Instance) -> Vec<Placement> {
    (0..instance.cover().options.len() as u32)
        .map(|o| {
            let s = instance.family().solution(&[o]);
            match s.pieces() {
                [p] => {
                    let mut cells = p.cells.clone();
                    cells.sort();
                    (p.piece, cells)
                }
                _ => (usize::MAX, Vec::new()),
            }
        })
        .collect()
}

/// What the argument established.
#[derive(Clone, Debug)]
pub struct Justified {
    /// The pool the forbidden placements come from, in words.
    pub pool: String,
    /// Symmetries checked.
    pub symmetries: usize,
    /// Orbits of the list under them: the distinct count.
    pub orbits: u64,
}

/// Checks the argument for `forbidden` (options) and the list `fixed`
/// (each a sorted list of options) under the group `instance` offers, the
/// cell and piece permutations only (their option permutations are
/// re-derived here). An error says which step fails.
pub fn justify(
    puzzle: &Puzzle,
    instance: &Instance,
    forbidden: &[u32],
    fixed: &[Vec<u32>],
) -> Result<Justified, String> {
    let Kind::Pieces(pieces) = &puzzle.kind else {
        return Err("only packing puzzles are certified".into());
    };
    let board = &puzzle.board;
    let places = placements(instance);
    let option_of: HashMap<&Placement, u32> = places
        .iter()
        .enumerate()
        .map(|(o, p)| (p, o as u32))
        .collect();
    if option_of.len() != places.len() {
        return Err("two options make the same placement".into());
    }
    let must_cover = |c: u32| puzzle.fill == Fill::Exact && !puzzle.optional.contains(&c);
    // 1. Each symmetry, as a permutation of the options.
    let mut images: Vec<Vec<u32>> = Vec::new();
    for (k, g) in instance.group().elements.iter().enumerate() {
        let bad = |why: String| format!("symmetry {k}: {why}");
        let n = board.len();
        if g.cells.len() != n
            || g.cells.iter().collect::<HashSet<_>>().len() != n
            || g.cells.iter().any(|&c| c as usize >= n)
        {
            return Err(bad("is not a permutation of the board's cells".into()));
        }
        if let Some(c) = (0..n as u32).find(|&c| must_cover(c) != must_cover(g.cells[c as usize])) {
            return Err(bad(format!(
                "maps cell {} to a cell with other rules",
                board.cell(c)
            )));
        }
        if g.pieces.len() != pieces.len()
            || g.pieces.iter().collect::<HashSet<_>>().len() != pieces.len()
            || g.pieces.iter().any(|&p| p >= pieces.len())
        {
            return Err(bad("is not a permutation of the pieces".into()));
        }
        if let Some(p) = (0..pieces.len()).find(|&p| pieces[p].count != pieces[g.pieces[p]].count) {
            return Err(bad(format!(
                "maps piece {} to a piece with another count",
                pieces[p].name
            )));
        }
        let mut image = Vec::with_capacity(places.len());
        for (o, (piece, cells)) in places.iter().enumerate() {
            let mut moved = Vec::with_capacity(cells.len());
            for &c in cells {
                let i = board
                    .index(c)
                    .ok_or_else(|| bad(format!("option {o} covers {c}, not a board cell")))?;
                moved.push(board.cell(g.cells[i as usize]));
            }
            moved.sort();
            let target = g.pieces.get(*piece).copied().unwrap_or(usize::MAX);
            let to = option_of.get(&(target, moved)).ok_or_else(|| {
                bad(format!(
                    "maps option {o} (piece {}) to no placement",
                    pieces.get(*piece).map_or("?", |p| &p.name)
                ))
            })?;
            image.push(*to);
        }
        images.push(image);
    }
    let apply = |g: &[u32], s: &[u32]| {
        let mut t: Vec<u32> = s.iter().map(|&o| g[o as usize]).collect();
        t.sort_unstable();
        t
    };
    // 2. The list is closed under every symmetry.
    let listed: HashSet<&[u32]> = fixed.iter().map(|s| &s[..]).collect();
    for (k, g) in images.iter().enumerate() {
        if let Some(s) = fixed.iter().find(|s| !listed.contains(&apply(g, s)[..])) {
            return Err(format!(
                "the image of solution {s:?} under symmetry {k} is not listed"
            ));
        }
    }
    // 3. The pool and the kept placements.
    let pool = if forbidden.is_empty() {
        "no placement forbidden".to_string()
    } else {
        let out: HashSet<u32> = forbidden.iter().copied().collect();
        let mut pools: Vec<(Vec<u32>, String)> = Vec::new();
        let piece = places[forbidden[0] as usize].0;
        if piece < pieces.len()
            && pieces[piece].count.min == 1
            && pieces[piece].count.max == 1
            && forbidden.iter().all(|&o| places[o as usize].0 == piece)
        {
            let q = (0..places.len() as u32)
                .filter(|&o| places[o as usize].0 == piece)
                .collect();
            pools.push((q, format!("the placements of piece {}", pieces[piece].name)));
        }
        for &c in &places[forbidden[0] as usize].1 {
            let exact = board.index(c).is_some_and(must_cover);
            if exact && forbidden.iter().all(|&o| places[o as usize].1.contains(&c)) {
                let q = (0..places.len() as u32)
                    .filter(|&o| places[o as usize].1.contains(&c))
                    .collect();
                pools.push((q, format!("the placements covering cell {c}")));
            }
        }
        let kept = |q: &[u32]| {
            q.iter().all(|&o| {
                images
                    .iter()
                    .any(|g| !out.contains(&g[o as usize]) && q.contains(&g[o as usize]))
            })
        };
        pools
            .into_iter()
            .find(|(q, _)| kept(q))
            .map(|(_, what)| what)
            .ok_or(
                "the forbidden placements lie in no pool every solution uses once, \
                    with an allowed image of each of its placements",
            )?
    };
    // The orbits, closed under the checked symmetries.
    let mut seen: HashSet<&[u32]> = HashSet::new();
    let mut orbits = 0u64;
    let by_list: HashMap<Vec<u32>, &[u32]> = fixed.iter().map(|s| (s.clone(), &s[..])).collect();
    for s in fixed {
        if !seen.insert(&s[..]) {
            continue;
        }
        orbits += 1;
        let mut stack = vec![&s[..]];
        while let Some(t) = stack.pop() {
            for g in &images {
                let u = by_list[&apply(g, t)];
                if seen.insert(u) {
                    stack.push(u);
                }
            }
        }
    }
    Ok(Justified {
        pool,
        symmetries: images.len(),
        orbits,
    })
}
