//! How far one piece can slide along an axis before it touches another.
//!
//! This is the only place that looks at voxels during the search. A piece
//! is stored once per *kind* (identical copies share it), as its cells
//! relative to its anchor (the lowest corner of its bounding box), sorted
//! into lines parallel to each axis. The gap between piece kinds `a` and
//! `b`, with `b`'s anchor at `rel` from `a`'s, moving `a` in the positive
//! direction of `axis`, is the smallest distance along a shared line from
//! a cell of `a` to the next cell of `b` ahead of it, minus one: the
//! number of whole unit steps `a` can take before a cell of it would land
//! on a cell of `b`. Moving `a` the negative way is moving `b` the
//! positive way relative to `a`, so only positive gaps are computed.
//!
//! The same (kinds, axis, relative offset) comes back in state after
//! state, so answers are cached: the search touches voxels only the first
//! time two pieces meet at a given offset.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// No cell of `b` is ahead of any cell of `a`: `a` can slide away for ever.
pub const FREE: u16 = u16::MAX;

/// One piece kind: per axis, its lines of cells (keyed by the two other
/// coordinates), each line's coordinates along the axis ascending.
struct Kind {
    lines: [HashMap<(i32, i32), Vec<i32>>; 3],
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
    cache: FastMap<u64, u16>,
}

impl Gaps {
    /// `shapes[k]` is kind `k`'s cells relative to its anchor.
    pub fn new(shapes: &[Vec<[i32; 3]>]) -> Gaps {
        let kinds = shapes
            .iter()
            .map(|cells| {
                let mut lines: [HashMap<(i32, i32), Vec<i32>>; 3] = Default::default();
                for &c in cells {
                    for (axis, l) in lines.iter_mut().enumerate() {
                        l.entry(across(c, axis)).or_default().push(c[axis]);
                    }
                }
                for l in &mut lines {
                    l.values_mut().for_each(|v| v.sort_unstable());
                }
                Kind { lines }
            })
            .collect();
        Gaps {
            kinds,
            cache: FastMap::default(),
        }
    }

    /// Entries cached so far (for the memory estimate).
    pub fn cached(&self) -> usize {
        self.cache.len()
    }

    /// Unit steps kind `a` can slide along +`axis` before touching kind
    /// `b` whose anchor is at `rel` from `a`'s; [`FREE`] when never.
    pub fn gap(&mut self, a: usize, b: usize, axis: usize, rel: [i32; 3]) -> u16 {
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
        let g = self.compute(a, b, axis, rel);
        self.cache.insert(key, g);
        g
    }

    fn compute(&self, a: usize, b: usize, axis: usize, rel: [i32; 3]) -> u16 {
        let (ru, rv) = across(rel, axis);
        let shift = rel[axis];
        let mut best = u32::MAX;
        for (&(u, v), mine) in &self.kinds[a].lines[axis] {
            let Some(theirs) = self.kinds[b].lines[axis].get(&(u - ru, v - rv)) else {
                continue;
            };
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
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gaps_along_lines() {
        // A single cube and a 1x1x2 bar three cells ahead along x.
        let mut g = Gaps::new(&[vec![[0, 0, 0]], vec![[0, 0, 0], [0, 0, 1]]]);
        assert_eq!(g.gap(0, 1, 0, [3, 0, 0]), 2);
        assert_eq!(g.gap(0, 1, 0, [-3, 0, 0]), FREE);
        assert_eq!(g.gap(0, 1, 0, [3, 1, 0]), FREE);
        // The bar's upper cube is on the cube's line when the bar is lower.
        assert_eq!(g.gap(0, 1, 0, [1, 0, -1]), 0);
        assert_eq!(g.gap(1, 0, 2, [0, 0, 5]), 3);
    }
}
