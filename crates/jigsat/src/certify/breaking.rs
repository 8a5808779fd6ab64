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
use crate::puzzle::{Fill, Kind, Piece, Puzzle};
use crate::symmetry::Symmetry;

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
    let places = placements(instance);
    let option_of: HashMap<&Placement, u32> = places
        .iter()
        .enumerate()
        .map(|(o, p)| (p, o as u32))
        .collect();
    if option_of.len() != places.len() {
        return Err("two options make the same placement".into());
    }
    let at = Placed {
        puzzle,
        pieces,
        places: &places,
        option_of: &option_of,
    };
    // 1. Each symmetry, as a permutation of the options.
    let images = (instance.group().elements.iter().enumerate())
        .map(|(k, g)| at.image(g).map_err(|why| format!("symmetry {k}: {why}")))
        .collect::<Result<Vec<_>, _>>()?;
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
    let pool = at.pool(forbidden, &images)?;
    Ok(Justified {
        pool,
        symmetries: images.len(),
        orbits: orbits(fixed, &images),
    })
}

/// The options of `s` under the option permutation `g`, sorted.
fn apply(g: &[u32], s: &[u32]) -> Vec<u32> {
    let mut t: Vec<u32> = s.iter().map(|&o| g[o as usize]).collect();
    t.sort_unstable();
    t
}

/// The orbits of the list `fixed` under the option permutations
/// `images` (the list is closed under them): the distinct count.
fn orbits(fixed: &[Vec<u32>], images: &[Vec<u32>]) -> u64 {
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
            for g in images {
                let u = by_list[&apply(g, t)];
                if seen.insert(u) {
                    stack.push(u);
                }
            }
        }
    }
    orbits
}

/// The puzzle's placements, as [`justify`] checks the argument on them:
/// the pieces, the placement of every option and the option of every
/// placement.
struct Placed<'a> {
    puzzle: &'a Puzzle,
    pieces: &'a [Piece],
    places: &'a [Placement],
    option_of: &'a HashMap<&'a Placement, u32>,
}

impl Placed<'_> {
    /// Whether every solution covers cell `c` (an exact fill's cell that
    /// is not optional).
    fn must_cover(&self, c: u32) -> bool {
        self.puzzle.fill == Fill::Exact && !self.puzzle.optional.contains(&c)
    }

    /// The symmetry `g` (a cell and a piece permutation) as a permutation
    /// of the options, once it is checked to be one of the puzzle's.
    fn image(&self, g: &Symmetry) -> Result<Vec<u32>, String> {
        self.check(g)?;
        let board = &self.puzzle.board;
        let mut image = Vec::with_capacity(self.places.len());
        for (o, (piece, cells)) in self.places.iter().enumerate() {
            let mut moved = Vec::with_capacity(cells.len());
            for &c in cells {
                let i = board
                    .index(c)
                    .ok_or_else(|| format!("option {o} covers {c}, not a board cell"))?;
                moved.push(board.cell(g.cells[i as usize]));
            }
            moved.sort();
            let target = g.pieces.get(*piece).copied().unwrap_or(usize::MAX);
            let to = self.option_of.get(&(target, moved)).ok_or_else(|| {
                format!(
                    "maps option {o} (piece {}) to no placement",
                    self.pieces.get(*piece).map_or("?", |p| &p.name)
                )
            })?;
            image.push(*to);
        }
        Ok(image)
    }

    /// Whether `g` permutes the board's cells, keeping which must be
    /// covered, and the pieces, keeping their counts.
    fn check(&self, g: &Symmetry) -> Result<(), String> {
        let (board, pieces) = (&self.puzzle.board, self.pieces);
        let n = board.len();
        if g.cells.len() != n
            || g.cells.iter().collect::<HashSet<_>>().len() != n
            || g.cells.iter().any(|&c| c as usize >= n)
        {
            return Err("is not a permutation of the board's cells".into());
        }
        if let Some(c) =
            (0..n as u32).find(|&c| self.must_cover(c) != self.must_cover(g.cells[c as usize]))
        {
            return Err(format!(
                "maps cell {} to a cell with other rules",
                board.cell(c)
            ));
        }
        if g.pieces.len() != pieces.len()
            || g.pieces.iter().collect::<HashSet<_>>().len() != pieces.len()
            || g.pieces.iter().any(|&p| p >= pieces.len())
        {
            return Err("is not a permutation of the pieces".into());
        }
        if let Some(p) = (0..pieces.len()).find(|&p| pieces[p].count != pieces[g.pieces[p]].count) {
            return Err(format!(
                "maps piece {} to a piece with another count",
                pieces[p].name
            ));
        }
        Ok(())
    }

    /// The pool the `forbidden` placements lie in, in words: one every
    /// solution uses exactly once (the placements of a piece used once, or
    /// those covering one cell that must be covered), each placement of
    /// which has an image under `images` in the pool and not forbidden.
    fn pool(&self, forbidden: &[u32], images: &[Vec<u32>]) -> Result<String, String> {
        let Some(&first) = forbidden.first() else {
            return Ok("no placement forbidden".to_string());
        };
        let (places, pieces, board) = (self.places, self.pieces, &self.puzzle.board);
        let out: HashSet<u32> = forbidden.iter().copied().collect();
        let mut pools: Vec<(Vec<u32>, String)> = Vec::new();
        let piece = places[first as usize].0;
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
        for &c in &places[first as usize].1 {
            let exact = board.index(c).is_some_and(|i| self.must_cover(i));
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
            .ok_or_else(|| {
                "the forbidden placements lie in no pool every solution uses once, \
                    with an allowed image of each of its placements"
                    .to_string()
            })
    }
}
