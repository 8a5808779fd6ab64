//! How far one piece can slide along a line before it touches another.
//!
//! This is the only place that looks at voxels during the search. A piece
//! is stored once per *kind* (identical copies share it), as its cells
//! relative to its anchor, sorted into the lines of each slide
//! ([`super::lines`]: on cubes the lines parallel to each axis; on other
//! grids the cells a slide sweeps through, given as coordinates across
//! and along the line). The gap between piece kinds `a` and `b`, with
//! `b`'s anchor at `rel` from `a`'s, moving `a` the positive way along a
//! line, is the smallest distance along a shared line from a cell of `a`
//! to the next cell of `b` ahead of it, minus one: the number of steps
//! `a` can take before a cell of it would land on a cell of `b`; a unit
//! slide is `stride` steps (1 on cubes), so the answer is that many
//! whole slides. Moving `a` the negative way is moving `b` the positive
//! way relative to `a`, so only positive gaps are computed.
//!
//! The same (kinds, axis, relative offset) comes back in state after
//! state, so answers are cached: the search touches voxels only the first
//! time two pieces meet at a given offset. The cache of a pair of kinds
//! along an axis is a flat table over the offsets at which their bounding
//! boxes share a line (a lookup is an index, not a hash: the lookups are
//! most of the search's time); outside it the answer needs no voxels
//! (no shared line, or `b` wholly behind: [`FREE`]; `b` wholly ahead: the
//! gap grows one for one with the distance). A pair whose table would be
//! too large (huge pieces) falls back to a hash map.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::lines::Lines;

/// No cell of `b` is ahead of any cell of `a`: `a` can slide away for ever.
pub const FREE: u16 = u16::MAX;

/// One piece kind: per axis, its lines of cells (by the two coordinates
/// across, `u * size[1] + v` in a dense grid, empty where the piece has
/// no cell: the gaps look lines up by index, not by hash), each line's
/// coordinates along ascending, the lines it has cells on, and the size
/// of its box in those coordinates (across, across, along), the box
/// starting at 0 once less `low` (on cubes `low` is 0: the anchor is the
/// box's low corner).
struct Kind {
    lines: Vec<Vec<Vec<i32>>>,
    occupied: Vec<Vec<(i32, i32)>>,
    size: [[i32; 3]; MAX_AXES],
    low: [[i32; 3]; MAX_AXES],
}

/// The most lines a lattice slides along (prisms: four); sizes are kept
/// in arrays of this length, in the piece's own memory, as the lookups
/// read them.
const MAX_AXES: usize = 4;

impl Kind {
    fn new(cells: &[[i32; 3]], slides: &Lines) -> Kind {
        let axes = slides.axes();
        let mut lines: Vec<Vec<Vec<i32>>> = vec![Vec::new(); axes];
        let mut occupied: Vec<Vec<(i32, i32)>> = vec![Vec::new(); axes];
        assert!(axes <= MAX_AXES, "{axes} lines");
        let (mut size, mut low) = ([[0; 3]; MAX_AXES], [[0; 3]; MAX_AXES]);
        for axis in 0..axes {
            let framed: Vec<[i32; 3]> = cells.iter().map(|&c| frame(slides, axis, c)).collect();
            let lo = framed.iter().fold([i32::MAX; 3], |m, f| {
                [m[0].min(f[0]), m[1].min(f[1]), m[2].min(f[2])]
            });
            low[axis] = if cells.is_empty() { [0; 3] } else { lo };
            let framed: Vec<[i32; 3]> = framed
                .iter()
                .map(|f| [0, 1, 2].map(|k| f[k] - low[axis][k]))
                .collect();
            for f in &framed {
                for k in 0..3 {
                    size[axis][k] = size[axis][k].max(f[k] + 1);
                }
            }
            let [su, sv, _] = size[axis];
            lines[axis] = vec![Vec::new(); (su * sv) as usize];
            for f in &framed {
                let line = &mut lines[axis][(f[0] * sv + f[1]) as usize];
                if line.is_empty() {
                    occupied[axis].push((f[0], f[1]));
                }
                line.push(f[2]);
            }
            lines[axis].iter_mut().for_each(|v| v.sort_unstable());
        }
        Kind {
            lines,
            occupied,
            size,
            low,
        }
    }
}

/// Cell `c` as (across, across, along) the line of `axis`: on cubes the
/// two other coordinates and the axis's, without asking the lattice.
#[inline]
fn frame(slides: &Lines, axis: usize, c: [i32; 3]) -> [i32; 3] {
    if slides.is_cubic() {
        let (u, v) = across(c, axis);
        [u, v, c[axis]]
    } else {
        slides.frame(axis, c)
    }
}

/// Marks a table entry not computed yet; computed gaps stay below it.
const UNKNOWN: u16 = FREE - 1;

/// The most entries one pair's table may have before that pair is cached
/// in the hash map instead (a few hundred kilobytes).
const MAX_TABLE: usize = 1 << 17;

/// The gaps of one pair of kinds along one axis, by offset: `b`'s box
/// at `rel` from `a`'s (across, across, along the line), the two
/// coordinates across from `low` on, and along from `1 - size of b` to
/// `size of a` (beyond it `b` is wholly ahead).
struct Table {
    low: (i32, i32),
    width: (usize, usize),
    /// `size of a + size of b` along the axis.
    along: usize,
    /// The sizes of `a` and of `b` along the axis (read on every lookup).
    size_a: i32,
    size_b: i32,
    gaps: Vec<u16>,
}

/// The two coordinates other than `axis`, in a fixed order.
fn across(c: [i32; 3], axis: usize) -> (i32, i32) {
    match axis {
        0 => (c[1], c[2]),
        1 => (c[0], c[2]),
        _ => (c[0], c[1]),
    }
}

/// A multiplicative hash for the packed keys: std's SipHash costs more
/// than the lookup it guards here, and the keys are not attacker-chosen
/// in a way that matters (a slow puzzle is still bounded by the budget).
#[derive(Default)]
pub struct Mix(u64);

impl Hasher for Mix {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(26) ^ n).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

pub type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<Mix>>;

/// The kinds of one assembly and the cache of gaps between them.
pub struct Gaps {
    kinds: Vec<Kind>,
    /// Per (a, b, axis), its table once the pair first met along it.
    tables: Vec<Option<Table>>,
    /// Pairs whose table would be too large.
    cache: FastMap<u64, u16>,
    /// Table entries allocated so far.
    entries: usize,
    slides: Lines,
    /// How many lines, and whether they are the cube's axes (read on
    /// every lookup).
    axes: usize,
    cubic: bool,
    /// A cell of the lattice and where it lies on each line: a
    /// translation's move across and along a line is where it takes this
    /// cell less where the cell was (unused on cubes).
    origin: ([i32; 3], Vec<[i32; 3]>),
}

impl Gaps {
    /// `shapes[k]` is kind `k`'s cells relative to its anchor, which is a
    /// point of the lattice that `slides` are of (cells less it are cells).
    pub fn new(shapes: &[Vec<[i32; 3]>], slides: Lines) -> Gaps {
        let kinds: Vec<Kind> = shapes.iter().map(|c| Kind::new(c, &slides)).collect();
        let n = shapes.len();
        let o = shapes.iter().flatten().next().copied().unwrap_or_default();
        let framed = (0..slides.axes()).map(|k| frame(&slides, k, o)).collect();
        Gaps {
            kinds,
            tables: (0..n * n * slides.axes()).map(|_| None).collect(),
            cache: FastMap::default(),
            entries: 0,
            axes: slides.axes(),
            cubic: slides.is_cubic(),
            slides,
            origin: (o, framed),
        }
    }

    /// The slides the gaps are measured along.
    pub fn slides(&self) -> &Lines {
        &self.slides
    }

    /// Bytes the cache takes so far (for the memory estimate).
    pub fn bytes(&self) -> u64 {
        self.entries as u64 * 2 + self.cache.len() as u64 * 24
    }

    /// Unit slides kind `a` can take along +`axis` before touching kind
    /// `b` whose anchor is at `rel` from `a`'s; [`FREE`] when never.
    #[inline]
    pub fn gap(&mut self, a: usize, b: usize, axis: usize, rel: [i32; 3]) -> u16 {
        if self.cubic {
            let (ru, rv) = across(rel, axis);
            return self.steps(a, b, axis, [ru, rv, rel[axis]]);
        }
        let (o, framed) = (self.origin.0, self.origin.1[axis]);
        let moved = self
            .slides
            .frame(axis, [o[0] + rel[0], o[1] + rel[1], o[2] + rel[2]]);
        let (la, lb) = (self.kinds[a].low[axis], self.kinds[b].low[axis]);
        let r = [0, 1, 2].map(|k| moved[k] - framed[k] + lb[k] - la[k]);
        match self.steps(a, b, axis, r) {
            FREE => FREE,
            g => g / self.slides.stride(axis) as u16,
        }
    }

    /// Steps along the line of `axis` kind `a` can take before touching
    /// kind `b` whose box is at `r` (across, across, along) from `a`'s.
    #[inline]
    fn steps(&mut self, a: usize, b: usize, axis: usize, r: [i32; 3]) -> u16 {
        let slot = (a * self.kinds.len() + b) * self.axes + axis;
        let Some(t) = self.tables[slot].as_mut() else {
            return self.first_steps(a, b, axis, r);
        };
        let [ru, rv, shift] = r;
        let (size_a, size_b) = (t.size_a, t.size_b);
        if shift <= -size_b {
            return FREE;
        }
        let (iu, iv) = (ru - t.low.0, rv - t.low.1);
        if iu < 0 || iv < 0 || iu as usize >= t.width.0 || iv as usize >= t.width.1 {
            return FREE;
        }
        let row = (iu as usize * t.width.1 + iv as usize) * t.along;
        let at = shift.min(size_a);
        let index = row + (at + size_b - 1) as usize;
        let mut g = t.gaps[index];
        if g == UNKNOWN {
            g = match compute(&self.kinds, a, b, axis, [ru, rv, at]) {
                FREE => FREE,
                g => g.min(UNKNOWN - 1),
            };
            t.gaps[index] = g;
        }
        if g == FREE || shift == at {
            return g;
        }
        // `b` wholly ahead: every shared line's gap grows with the shift.
        (u32::from(g) + (shift - at) as u32).min(u32::from(FREE - 1)) as u16
    }

    /// [`Gaps::steps`] for a pair without a table yet: makes it, or, when
    /// it would be too large, answers through the hash map.
    #[cold]
    fn first_steps(&mut self, a: usize, b: usize, axis: usize, r: [i32; 3]) -> u16 {
        match self.table(a, b, axis) {
            Some(t) => {
                let slot = (a * self.kinds.len() + b) * self.axes + axis;
                self.tables[slot] = Some(t);
                self.steps(a, b, axis, r)
            }
            None => self.hashed(a, b, axis, r),
        }
    }

    /// An empty table for the pair, or `None` when it would be too large.
    fn table(&mut self, a: usize, b: usize, axis: usize) -> Option<Table> {
        let [ua, va, la] = self.kinds[a].size[axis];
        let [ub, vb, lb] = self.kinds[b].size[axis];
        let width = ((ua + ub - 1) as usize, (va + vb - 1) as usize);
        let along = (la + lb) as usize;
        let len = width.0 * width.1 * along;
        if len > MAX_TABLE {
            return None;
        }
        self.entries += len;
        Some(Table {
            low: (1 - ub, 1 - vb),
            width,
            along,
            size_a: la,
            size_b: lb,
            gaps: vec![UNKNOWN; len],
        })
    }

    /// [`Gaps::steps`] through the hash map, for pairs without a table.
    fn hashed(&mut self, a: usize, b: usize, axis: usize, rel: [i32; 3]) -> u16 {
        let pack = |v: i32| (v as i64 as u64) & 0x3FFF;
        let key = (a as u64)
            | (b as u64) << 8
            | (axis as u64) << 16
            | pack(rel[0]) << 18
            | pack(rel[1]) << 32
            | pack(rel[2]) << 46;
        if let Some(&g) = self.cache.get(&key) {
            return g;
        }
        let g = compute(&self.kinds, a, b, axis, rel);
        self.cache.insert(key, g);
        g
    }
}

/// The gap from the voxels: `rel` is `b`'s offset as (across, across,
/// along) the axis.
fn compute(kinds: &[Kind], a: usize, b: usize, axis: usize, rel: [i32; 3]) -> u16 {
    let [ru, rv, shift] = rel;
    let (ka, kb) = (&kinds[a], &kinds[b]);
    let [su, sv, _] = kb.size[axis];
    let mut best = u32::MAX;
    for &(u, v) in &ka.occupied[axis] {
        let (bu, bv) = (u - ru, v - rv);
        if bu < 0 || bv < 0 || bu >= su || bv >= sv {
            continue;
        }
        let theirs = &kb.lines[axis][(bu * sv + bv) as usize];
        if theirs.is_empty() {
            continue;
        }
        let mine = &ka.lines[axis][(u * ka.size[axis][1] + v) as usize];
        // Both ascending: for each cell of `a`, the first cell of `b`
        // strictly ahead of it.
        let mut k = 0;
        for &p in mine {
            while k < theirs.len() && theirs[k] + shift <= p {
                k += 1;
            }
            if k == theirs.len() {
                break;
            }
            let d = (theirs[k] + shift - p - 1) as u32;
            best = best.min(d);
        }
    }
    if best == u32::MAX {
        FREE
    } else {
        best.min(u32::from(FREE - 1)) as u16
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gaps_along_lines() {
        // A single cube and a 1x1x2 bar three cells ahead along x.
        let mut g = Gaps::new(
            &[vec![[0, 0, 0]], vec![[0, 0, 0], [0, 0, 1]]],
            Lines::cubic(),
        );
        assert_eq!(g.gap(0, 1, 0, [3, 0, 0]), 2);
        assert_eq!(g.gap(0, 1, 0, [-3, 0, 0]), FREE);
        assert_eq!(g.gap(0, 1, 0, [3, 1, 0]), FREE);
        // The bar's upper cube is on the cube's line when the bar is lower.
        assert_eq!(g.gap(0, 1, 0, [1, 0, -1]), 0);
        assert_eq!(g.gap(1, 0, 2, [0, 0, 5]), 3);
        // Far ahead, past the table: the gap grows with the distance.
        assert_eq!(g.gap(1, 0, 2, [0, 0, 40]), 38);
        assert_eq!(g.gap(0, 1, 0, [-40, 0, 0]), FREE);
    }

    #[test]
    fn tables_agree_with_the_voxels() {
        // An L and a bar at every offset in a window wider than both.
        let shapes = [
            vec![[0, 0, 0], [1, 0, 0], [2, 0, 0], [2, 1, 0], [2, 1, 1]],
            vec![[0, 0, 0], [0, 0, 1], [0, 0, 3]],
        ];
        let mut g = Gaps::new(&shapes, Lines::cubic());
        let kinds: Vec<Kind> = Gaps::new(&shapes, Lines::cubic()).kinds;
        for a in 0..2 {
            for b in 0..2 {
                for axis in 0..3 {
                    for x in -6..7 {
                        for y in -4..5 {
                            for z in -6..7 {
                                let rel = [x, y, z];
                                let (ru, rv) = across(rel, axis);
                                let want = compute(&kinds, a, b, axis, [ru, rv, rel[axis]]);
                                assert_eq!(g.gap(a, b, axis, rel), want, "{a} {b} {axis} {rel:?}");
                            }
                        }
                    }
                }
            }
        }
    }
}
