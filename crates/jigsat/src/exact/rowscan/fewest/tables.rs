//! The tables fewest looks first searches with: every look numbered once
//! for the board, and the bit sets of looks per position, per side and
//! colour, and per tile.

use super::super::NONE;
use crate::cover::Cover;
use crate::geometry::Board;

/// The tables of one board ([`tables`]).
pub(super) struct Tables {
    pub(super) words: usize,
    pub(super) colours: usize,
    pub(super) edge: Vec<[u32; 4]>,
    pub(super) across: Vec<[u32; 4]>,
    pub(super) tile: Vec<u32>,
    pub(super) sides: Vec<[u32; 4]>,
    pub(super) option: Vec<u32>,
    pub(super) place_of: Vec<(u32, u32)>,
    pub(super) fit: Vec<u64>,
    pub(super) shows: Vec<u64>,
    pub(super) shows_any: Vec<u64>,
    pub(super) tile_bits: Vec<Vec<(u32, u64)>>,
    pub(super) free: Vec<u64>,
    pub(super) palette: [u64; 4],
}

/// The tables for `cover` on `board`, positions numbered by `scan` (per
/// cover item) and tiles by `tiles`; `None` when an option is not one
/// position and one tile, a position's options touch different edges on
/// one side, or there are more than 64 colours (options alike at a
/// position are looks of their own).
pub(super) fn tables(
    cover: &Cover,
    board: &Board,
    cells: &[(u32, usize)],
    scan: &[u32],
    tiles: &[u32],
    max: &[u32],
    excluded: &[bool],
) -> Option<Tables> {
    let read = read_options(cover, board, cells, scan, tiles, max, excluded)?;
    let positions = cells.len();
    let looks = read.tile.len();
    let words = looks.div_ceil(64).max(1);
    let colours = cover
        .colours
        .iter()
        .flatten()
        .map(|c| c.colour as usize + 1)
        .max()
        .unwrap_or(0);
    if colours > 64 {
        return None;
    }
    let mut option = vec![NONE; positions * looks];
    let mut fit = vec![0u64; positions * words];
    let mut place_of = vec![(NONE, NONE); cover.options.len()];
    for &(p, l, o) in &read.entries {
        let slot = &mut option[p as usize * looks + l as usize];
        if *slot != NONE {
            // Options alike are numbered apart (`read_options`): a clash
            // here would merge two solutions into one.
            return None;
        }
        *slot = o;
        fit[p as usize * words + l as usize / 64] |= 1 << (l % 64);
        place_of[o as usize] = (p, l);
    }
    let mut shows = vec![0u64; 4 * colours * words];
    let mut tile_bits: Vec<Vec<(u32, u64)>> = vec![Vec::new(); max.len()];
    let mut free = vec![0u64; words];
    let mut palette = [0u64; 4];
    for (l, cs) in read.sides.iter().enumerate() {
        let (word, bit) = (l / 64, 1u64 << (l % 64));
        for (d, &c) in cs.iter().enumerate() {
            if c != NONE {
                shows[(d * colours + c as usize) * words + word] |= bit;
                palette[d] |= 1 << c;
            }
        }
        let bits = &mut tile_bits[read.tile[l] as usize];
        match bits.last_mut() {
            Some((w, b)) if *w as usize == word => *b |= bit,
            _ => bits.push((word as u32, bit)),
        }
        free[word] |= bit;
    }
    Some(Tables {
        words,
        colours,
        edge: read.edge,
        across: read.across,
        tile: read.tile,
        sides: read.sides,
        option,
        place_of,
        fit,
        shows_any: shows_any(&shows, colours, words),
        shows,
        tile_bits,
        free,
        palette,
    })
}

/// What [`read_options`] finds: per position its edges and neighbours,
/// the looks (tile, colours per side), and each option as (position,
/// look, option).
struct Read {
    edge: Vec<[u32; 4]>,
    across: Vec<[u32; 4]>,
    tile: Vec<u32>,
    sides: Vec<[u32; 4]>,
    entries: Vec<(u32, u32, u32)>,
}

/// Per side, per run of six colours and per subset of the run, the OR of
/// `shows` over the subset's colours ([`Fewest::shows_any`]).
fn shows_any(shows: &[u64], colours: usize, words: usize) -> Vec<u64> {
    let chunks = colours.div_ceil(6);
    let mut out = vec![0u64; 4 * chunks * 64 * words];
    for d in 0..4 {
        for chunk in 0..chunks {
            for set in 1..64usize {
                let at = ((d * chunks + chunk) * 64 + set) * words;
                let low = set.trailing_zeros() as usize;
                let c = chunk * 6 + low;
                let rest = ((d * chunks + chunk) * 64 + (set & (set - 1))) * words;
                for i in 0..words {
                    let mine = if c < colours {
                        shows[(d * colours + c) * words + i]
                    } else {
                        0
                    };
                    out[at + i] = out[rest + i] | mine;
                }
            }
        }
    }
    out
}

/// The one position and the one tile an option covers; `None` when it
/// covers more or fewer.
fn position_and_tile(covered: &[u32], scan: &[u32], tiles: &[u32]) -> Option<(u32, u32)> {
    let (mut p, mut t) = (NONE, NONE);
    for &i in covered {
        let i = i as usize;
        if scan[i] != NONE && p == NONE {
            p = scan[i];
        } else if tiles[i] != NONE && t == NONE {
            t = tiles[i];
        } else {
            return None;
        }
    }
    (p != NONE && t != NONE).then_some((p, t))
}

/// Per position its edges by side and the positions across them, the
/// looks (a tile and its colours by side, numbered once for the board)
/// and each option kept as (position, look, option); `None` when an
/// option is not one position and one tile, or a position's options
/// touch different edges on one side.
fn read_options(
    cover: &Cover,
    board: &Board,
    cells: &[(u32, usize)],
    scan: &[u32],
    tiles: &[u32],
    max: &[u32],
    excluded: &[bool],
) -> Option<Read> {
    let positions = cells.len();
    let mut position_of = std::collections::HashMap::with_capacity(positions);
    for &(c, i) in cells {
        position_of.insert(c, scan[i]);
    }
    let ends = cover.edge_cells()?;
    // North 0, east 1, south 2, west 3: the first side of an edge is the
    // left or upper cell.
    let side = |e: u32, first: bool| {
        let [a, b] = ends[e as usize];
        let across = board.cell(a).x != board.cell(b).x;
        match (first, across) {
            (true, true) => 1,
            (true, false) => 2,
            (false, true) => 3,
            (false, false) => 0,
        }
    };
    let mut read = Read {
        edge: vec![[NONE; 4]; positions],
        across: vec![[NONE; 4]; positions],
        tile: Vec::new(),
        sides: Vec::new(),
        entries: Vec::new(),
    };
    // A look is a tile, its colours by side, and which of the options
    // alike at one position it is: without a frame, two turns of a tile
    // in a corner can show the same inner colours and differ on the rim.
    let mut ids: std::collections::HashMap<(u32, [u32; 4], u32), u32> = Default::default();
    let mut alike: std::collections::HashMap<(u32, u32, [u32; 4]), u32> = Default::default();
    for (o, covered) in cover.options.iter().enumerate() {
        if excluded[o] {
            continue;
        }
        let (p, t) = position_and_tile(covered, scan, tiles)?;
        if max[t as usize] == 0 {
            continue;
        }
        let mut colours = [NONE; 4];
        for c in &cover.colours[o] {
            let d = side(c.edge, c.first);
            colours[d] = c.colour;
            let e = &mut read.edge[p as usize][d];
            if *e != NONE && *e != c.edge {
                return None;
            }
            *e = c.edge;
            let other = ends[c.edge as usize][usize::from(c.first)];
            read.across[p as usize][d] = position_of.get(&other).copied().unwrap_or(NONE);
        }
        let next = read.tile.len() as u32;
        let nth = alike.entry((p, t, colours)).or_insert(0);
        let id = *ids.entry((t, colours, *nth)).or_insert(next);
        *nth += 1;
        if id == next {
            read.tile.push(t);
            read.sides.push(colours);
        }
        read.entries.push((p, id, o as u32));
    }
    Some(read)
}
