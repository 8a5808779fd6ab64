//! Edge matching in CNF: the encodings of the coloured inner edges.
//!
//! The placement variables and the exactly-one constraints per position and
//! per tile come from the plain placement encoding ([`super::encode_with`]);
//! what is added here makes touching edges match.
//!
//! - **colours** (Heule 2008, "Solving edge-matching problems with
//!   satisfiability solvers"): a variable per inner edge and
//!   colour it can take on both sides; a placement implies the colour of
//!   each inner edge it touches (`¬p ∨ c`), each edge has exactly one
//!   colour (at least one, plus the at-most-one encoding chosen by
//!   `--encoding`). A colour only one side can give is impossible, so the
//!   placements that need it are forbidden outright. Clauses grow with
//!   placements × 4, so it scales to large boards.
//! - **direct**: for each inner edge, a binary clause `¬p ∨ ¬q` for every
//!   pair of placements on its two sides whose colours differ. No
//!   auxiliary variables, but the clauses grow with the square of the
//!   placements per position.
//! - **pairs** (the default: to a first solution on framed 7x7 boards it
//!   was 1.2-21x faster than `colours` in 13 of 15 (board, solver) cells
//!   and at most 1.33x slower in the other two; encodings/RESULTS.md,
//!   "Edge matching: the stronger SAT model"):
//!   `colours` plus Heule's two kinds of redundant clauses, which let the
//!   colour variables reason on their own:
//!   - *support*: a colour variable implies, on each side of its edge, one
//!     of the placements there that give the edge that colour
//!     (`¬c ∨ p₁ ∨ … ∨ pₖ`). In `colours` the implication runs only from
//!     placements to colours, so a colour set true (or the last colour
//!     left after the others went false) says nothing about the tiles; with
//!     support it narrows both neighbouring positions at once, and when
//!     every placement giving a colour is gone the colour goes false by
//!     unit propagation.
//!   - *forbidden pairs*: for each position and each pair of its inner
//!     edges that meet at a corner of the cell (top-right, right-bottom,
//!     bottom-left, left-top), and each colour pair `(a, b)` that no live
//!     placement at that position shows on those two edges, the binary
//!     clause `¬(e₁ = a) ∨ ¬(e₂ = b)`. These are what a solver would only
//!     learn after a conflict: they carry the tile set's "no tile has
//!     this corner" facts between the colour variables directly. Pairs of
//!     opposite edges (top-bottom, left-right) were measured and left out
//!     (encodings/RESULTS.md, "Edge matching: the stronger SAT model").
//!
//!   Both kinds are *sound*, that is, true in the assignment every
//!   solution induces: set each colour variable true exactly when its
//!   edge has that colour. Then a true colour variable's edge has, on
//!   each side, the placement actually there, which gives that colour, so
//!   the support clause holds; and the two colours a tile shows on two
//!   edges of its position are a pair that a placement there (its own)
//!   shows, so no forbidden pair is ever true at once. The colour variables are a function
//!   of the placements (a placement implies its colours, an edge takes
//!   one colour), so models and solutions stay one to one and counts do
//!   not change. A placement is *live* unless it needs a colour its
//!   neighbour cannot give (those are forbidden by unit clauses), and only
//!   live placements count as support or as showing a pair, which is
//!   sound for the same reason.
//!
//! - **pairs-balance** (opt-in): `pairs` plus *colour balance*. When
//!   every copy of a tile shows colour `c` on inner edges the same number
//!   of times wherever it lies (true for every colour when the frame has a
//!   `border` label: a tile's other half-edges all face the frame), the
//!   half-edges of `c` over the whole tile set, `N_c`, all lie on inner
//!   edges, two to an edge, so exactly `N_c / 2` inner edges have colour
//!   `c`: one cardinality constraint (`--card`) over `c`'s colour
//!   variables per colour. It is sound for the same reason as the rest
//!   (the induced assignment satisfies it), and a colour whose count
//!   depends on where a tile lies (no `border` label, tiles on the rim;
//!   `complement` labels, whose colour is read from one side) gets none.
//!   Measured against `pairs` in encodings/RESULTS.md ("Colour balance").
//!
//! The frame needs nothing here. [`crate::family::tiles`] builds the
//! placements already pruned by the `border` label (its `placements`: an
//! edge facing the frame must carry the label, an inner edge must not), so
//! corner tiles only have placements in corners and frame tiles along the
//! frame, each turned the one way that faces the label outwards, and the
//! border label is never a colour of an inner edge. Without a `border`
//! label frame edges are free, and no clause mentions them.

use std::collections::{BTreeMap, BTreeSet, HashSet};

use super::{Card, Cnf, Encoding, Lit, Var};
use crate::cover::{Cover, ItemKind};

crate::choice::choice! {
    /// How touching edges are made to match (`--edges`).
    ///
    /// ```
    /// use jigsat::api::options::Edges;
    /// assert_eq!(Edges::default(), Edges::Pairs);
    /// ```
    #[derive(Copy, Clone, Debug, PartialEq, Eq, Default, serde::Serialize)]
    #[serde(rename_all = "kebab-case")]
    pub enum EdgeEncoding {
        /// A variable per inner edge and colour; a placement implies the
        /// colours of its edges, each edge has exactly one colour (Heule 2008).
        Colours = "colours",
        /// A binary clause forbidding each mismatched pair of placements on
        /// the two sides of an inner edge.
        Direct = "direct",
        /// `colours` plus Heule's redundant clauses: each colour implies a
        /// placement giving it on both sides, and colour pairs no tile shows at
        /// a corner of a position are forbidden. The default.
        Pairs = "pairs" (default),
        /// `pairs` plus colour balance: exactly half as many inner edges of
        /// each colour as the tile set has half-edges of it (where that number
        /// is fixed: a frame with a `border` label).
        PairsBalance = "pairs-balance",
    }
}

/// Per inner edge, per side (first, second), the options by colour.
type Sides = Vec<[BTreeMap<u32, Vec<u32>>; 2]>;

/// Per inner edge, its colour variables by colour.
type ColourVars = Vec<BTreeMap<u32, Lit>>;

fn sides(cover: &Cover) -> Sides {
    let mut out: Sides = vec![[BTreeMap::new(), BTreeMap::new()]; cover.edges];
    for (o, colours) in cover.colours.iter().enumerate() {
        for c in colours {
            out[c.edge as usize][usize::from(!c.first)]
                .entry(c.colour)
                .or_default()
                .push(o as u32);
        }
    }
    out
}

fn lit(o: u32) -> Lit {
    Var::new(o + 1).positive()
}

/// Adds the matching clauses of `cover`'s coloured edges to `cnf`, whose
/// option `o` is variable `o + 1`; `card` encodes colour balance.
pub fn encode(cover: &Cover, mode: EdgeEncoding, encoding: Encoding, card: Card, cnf: &mut Cnf) {
    let sides = sides(cover);
    match mode {
        EdgeEncoding::Direct => encode_direct(&sides, cnf),
        EdgeEncoding::Colours => {
            encode_colours(&sides, encoding, cnf);
        }
        EdgeEncoding::Pairs | EdgeEncoding::PairsBalance => {
            let vars = encode_colours(&sides, encoding, cnf);
            let live = live_options(cover, &vars);
            encode_support(&sides, &vars, &live, cnf);
            encode_forbidden_pairs(cover, &vars, &live, cnf);
            if mode == EdgeEncoding::PairsBalance {
                encode_balance(cover, &vars, card, cnf);
            }
        }
    }
}

/// The colour variables, `¬p ∨ c` for each placement and colour it gives,
/// exactly one colour per edge; placements needing a colour the other side
/// cannot give are forbidden.
fn encode_colours(sides: &Sides, encoding: Encoding, cnf: &mut Cnf) -> ColourVars {
    let mut vars = Vec::with_capacity(sides.len());
    for [first, second] in sides {
        let mut by_colour = BTreeMap::new();
        for (colour, options) in first {
            let Some(others) = second.get(colour) else {
                options.iter().for_each(|&o| cnf.add_clause(&[!lit(o)]));
                continue;
            };
            let c = cnf.new_var().positive();
            by_colour.insert(*colour, c);
            for &o in options.iter().chain(others) {
                cnf.add_clause(&[!lit(o), c]);
            }
        }
        for (colour, options) in second {
            if !first.contains_key(colour) {
                options.iter().for_each(|&o| cnf.add_clause(&[!lit(o)]));
            }
        }
        let colour_lits: Vec<Lit> = by_colour.values().copied().collect();
        encoding
            .at_most_one(colour_lits.len())
            .exactly_one(&colour_lits, cnf);
        vars.push(by_colour);
    }
    vars
}

fn encode_direct(sides: &Sides, cnf: &mut Cnf) {
    for [first, second] in sides {
        for (a, options) in first {
            for (b, others) in second {
                if a == b {
                    continue;
                }
                for &o in options {
                    for &p in others {
                        cnf.add_clause(&[!lit(o), !lit(p)]);
                    }
                }
            }
        }
    }
}

/// Per option, whether every colour it needs has a colour variable (the
/// others are forbidden by [`encode_colours`]).
fn live_options(cover: &Cover, vars: &ColourVars) -> Vec<bool> {
    cover
        .colours
        .iter()
        .map(|cs| {
            cs.iter()
                .all(|c| vars[c.edge as usize].contains_key(&c.colour))
        })
        .collect()
}

/// Support: `¬c ∨ p₁ ∨ … ∨ pₖ` for each colour variable and each side of
/// its edge, over the live placements on that side giving the colour.
fn encode_support(sides: &Sides, vars: &ColourVars, live: &[bool], cnf: &mut Cnf) {
    for (side_pair, by_colour) in sides.iter().zip(vars) {
        for (colour, &c) in by_colour {
            for side in side_pair {
                let mut clause = vec![!c];
                clause.extend(
                    side[colour]
                        .iter()
                        .filter(|&&o| live[o as usize])
                        .map(|&o| lit(o)),
                );
                cnf.add_clause(&clause);
            }
        }
    }
}

/// Per position, its live options.
fn options_by_position(cover: &Cover, live: &[bool]) -> BTreeMap<u32, Vec<usize>> {
    let mut out: BTreeMap<u32, Vec<usize>> = BTreeMap::new();
    for o in (0..cover.options.len()).filter(|&o| live[o]) {
        if let Some(p) = cover.option_cell(o) {
            out.entry(p).or_default().push(o);
        }
    }
    out
}

/// Per position, its neighbours across inner edges (`ends`: per edge, the
/// cells on its two sides).
fn neighbours(ends: &[[u32; 2]]) -> BTreeMap<u32, BTreeSet<u32>> {
    let mut neighbours: BTreeMap<u32, BTreeSet<u32>> = BTreeMap::new();
    for &[a, b] in ends {
        neighbours.entry(a).or_default().insert(b);
        neighbours.entry(b).or_default().insert(a);
    }
    neighbours
}

/// Whether two inner edges of position `p`, leading to neighbours `q1` and
/// `q2`, meet at a corner of the cell: then `q1` and `q2` are diagonal
/// neighbours and share a second neighbour (the fourth cell of their 2x2
/// square, on a rectangular board); opposite neighbours share only `p`.
fn at_a_corner(neighbours: &BTreeMap<u32, BTreeSet<u32>>, p: u32, q1: u32, q2: u32) -> bool {
    let empty = BTreeSet::new();
    let n1 = neighbours.get(&q1).unwrap_or(&empty);
    let n2 = neighbours.get(&q2).unwrap_or(&empty);
    n1.intersection(n2).any(|&r| r != p)
}

/// Forbidden pairs: `¬(e₁ = a) ∨ ¬(e₂ = b)` for two edges meeting at a
/// corner of a position and a colour pair no live placement there shows.
fn encode_forbidden_pairs(cover: &Cover, vars: &ColourVars, live: &[bool], cnf: &mut Cnf) {
    // Redundant clauses: a cover that is not a board of tiles gets none.
    let Some(ends) = cover.edge_cells() else {
        return;
    };
    let neighbours = neighbours(&ends);
    let other = |e: u32, p: u32| {
        let [a, b] = ends[e as usize];
        if a == p { b } else { a }
    };
    for (p, options) in options_by_position(cover, live) {
        let mut shown: BTreeMap<(u32, u32), HashSet<(u32, u32)>> = BTreeMap::new();
        for &o in &options {
            let cs = &cover.colours[o];
            for (i, x) in cs.iter().enumerate() {
                for y in &cs[i + 1..] {
                    let (x, y) = if x.edge < y.edge { (x, y) } else { (y, x) };
                    shown
                        .entry((x.edge, y.edge))
                        .or_default()
                        .insert((x.colour, y.colour));
                }
            }
        }
        for ((e1, e2), pairs) in shown {
            if !at_a_corner(&neighbours, p, other(e1, p), other(e2, p)) {
                continue;
            }
            for (a, &ca) in &vars[e1 as usize] {
                for (b, &cb) in &vars[e2 as usize] {
                    if !pairs.contains(&(*a, *b)) {
                        cnf.add_clause(&[!ca, !cb]);
                    }
                }
            }
        }
    }
}

/// Per colour, its half-edges over all tiles and copies (`N_c`), for the
/// colours that every tile shows the same number of times in each of its
/// options (so on inner edges wherever it lies); the others are left out.
pub fn balanced_colours(cover: &Cover) -> BTreeMap<u32, u32> {
    // Per colour: Some(half-edges so far), or None once a tile's number of
    // it varies between its options.
    let mut totals: BTreeMap<u32, Option<u32>> = BTreeMap::new();
    let by_item = cover.options_by_item();
    for (item, options) in cover.items.iter().zip(&by_item) {
        if !matches!(item.kind, ItemKind::Piece(_)) {
            continue;
        }
        let shown = |o: u32| {
            let mut per: BTreeMap<u32, u32> = BTreeMap::new();
            for c in &cover.colours[o as usize] {
                *per.entry(c.colour).or_default() += 1;
            }
            per
        };
        let per_option: Vec<BTreeMap<u32, u32>> = options.iter().map(|&o| shown(o)).collect();
        let colours: BTreeSet<u32> = per_option.iter().flat_map(|m| m.keys().copied()).collect();
        for colour in colours {
            let count = |m: &BTreeMap<u32, u32>| m.get(&colour).copied().unwrap_or(0);
            let first = count(&per_option[0]);
            let fixed = item.min == item.max && per_option.iter().all(|m| count(m) == first);
            let total = totals.entry(colour).or_insert(Some(0));
            *total = total.filter(|_| fixed).map(|t| t + item.min * first);
        }
    }
    totals
        .into_iter()
        .filter_map(|(colour, total)| total.map(|t| (colour, t)))
        .collect()
}

/// Colour balance: exactly `N_c / 2` of colour `c`'s variables are true,
/// for each colour whose number of half-edges is fixed (an odd number
/// cannot be matched: no solution).
fn encode_balance(cover: &Cover, vars: &ColourVars, card: Card, cnf: &mut Cnf) {
    for (colour, half_edges) in balanced_colours(cover) {
        let lits: Vec<Lit> = vars
            .iter()
            .filter_map(|v| v.get(&colour).copied())
            .collect();
        if half_edges % 2 == 1 {
            cnf.add_clause(&[]);
        } else {
            let edges = half_edges / 2;
            card.encoder().encode(&lits, edges, edges, cnf);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::instance::Instance;
    use crate::puzzle::Puzzle;

    /// A 2x2 board of four corner tiles whose inner labels `a`..`d` each
    /// appear twice; with `border` the frame label is "0".
    fn two_by_two(border: bool) -> Puzzle {
        let rules = if border { "border = \"0\"" } else { "" };
        let text = format!(
            "[board]\nsize = [2, 2]\n[rules]\n{rules}\n\
             [[tile]]\nname = \"1\"\nedges = [\"0\", \"a\", \"b\", \"0\"]\n\
             [[tile]]\nname = \"2\"\nedges = [\"0\", \"0\", \"c\", \"a\"]\n\
             [[tile]]\nname = \"3\"\nedges = [\"b\", \"d\", \"0\", \"0\"]\n\
             [[tile]]\nname = \"4\"\nedges = [\"c\", \"0\", \"0\", \"d\"]\n"
        );
        Puzzle::parse(&text, "two.toml", "two").unwrap()
    }

    #[test]
    fn a_framed_tile_set_fixes_every_colour_s_half_edges() {
        let puzzle = two_by_two(true);
        let instance = Instance::new(&puzzle).unwrap();
        let totals = balanced_colours(instance.cover());
        // a, b, c, d: two half-edges each, one inner edge each.
        assert_eq!(totals.values().copied().collect::<Vec<_>>(), [2, 2, 2, 2]);
    }

    #[test]
    fn without_a_border_label_no_colour_is_fixed() {
        // Each tile shows two of its labels on inner edges, which two
        // depending on how it is turned.
        let puzzle = two_by_two(false);
        let instance = Instance::new(&puzzle).unwrap();
        assert!(balanced_colours(instance.cover()).is_empty());
    }
}
