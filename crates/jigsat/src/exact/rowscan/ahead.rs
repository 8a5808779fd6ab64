//! Forward checking for the row scan: after a look is placed, every later
//! position it gives a colour to, and that is now pinned down enough,
//! must still have a look that fits.
//!
//! The row scan checks a position only when it gets there. A tile placed
//! in column 1 of a framed board fixes the top of the position below it,
//! whose left side the frame already fixed: if no unused tile shows that
//! pair of colours, the rest of the row is searched for nothing. The
//! check asks, right after each placement, whether each such later
//! position keeps at least one look with its tile unused and with every
//! colour already set around it. It only ever removes a look none of
//! whose extensions is a solution (the position it checks would have no
//! look when its turn came), so counts do not change.
//!
//! Checking a position that knows only one of its colours costs time and
//! seldom cuts (about one look in `k` fits, for `k` colours, out of
//! hundreds): a check is kept only where the looks that fit a key are
//! few on average ([`FEW`]).

use super::NONE;

/// A check is kept when the looks per key are at most this many on
/// average: then one used tile can leave a key without any.
const FEW: usize = 6;

/// What one look asks of its neighbours: its position, and the
/// (edge, colour) pairs it needs set by earlier positions.
pub(super) struct Asks {
    pub(super) position: u32,
    pub(super) asks: Vec<(u32, u32)>,
}

/// The forward checks of every position, as tables from the colours
/// known at the checked position to its looks.
#[derive(Clone, Debug, Default)]
pub(super) struct Ahead {
    /// Colours per key side, plus one for "no edge" (the engine's).
    width: usize,
    /// Per position, its checks: `start[p]..start[p + 1]`.
    start: Vec<u32>,
    /// Per check, the (up to two) edges keying its table (`NONE` if absent).
    keys: Vec<[u32; 2]>,
    /// Per check, where its table starts in `slot_start` (`width²` slots).
    base: Vec<usize>,
    /// Per check, whether some of its looks ask a colour beyond its key
    /// (then `extra` is read).
    has_extra: Vec<bool>,
    /// Per slot, the range of `tiles` it holds.
    slot_start: Vec<u32>,
    /// The tiles of the looks, grouped by slot, and per entry where its
    /// further known asks are in `extra`.
    tiles: Vec<u32>,
    extra_start: Vec<u32>,
    extra: Vec<(u32, u16)>,
}

/// One check while it is built: the position placed, the position
/// checked, and which of the checked position's asked edges are known.
struct Plan {
    at: u32,
    checked: u32,
    known: Vec<u32>,
}

impl Ahead {
    /// The checks for a scan of `positions`, from each look's asks and
    /// tile (by engine look number) and, per edge, the scan positions of
    /// its two sides; `width` colours per key side, the last meaning "no
    /// edge".
    pub(super) fn new(
        positions: usize,
        width: usize,
        asks: &[Asks],
        sides: &[[u32; 2]],
        tile: &[u32],
    ) -> Ahead {
        let mut at_position: Vec<Vec<u32>> = vec![Vec::new(); positions];
        for (k, a) in asks.iter().enumerate() {
            at_position[a.position as usize].push(k as u32);
        }
        let setter = |e: u32| {
            let [a, b] = sides[e as usize];
            if a == NONE || b == NONE {
                NONE
            } else {
                a.min(b)
            }
        };
        let mut plans: Vec<Plan> = Vec::new();
        for (q, ks) in at_position.iter().enumerate() {
            let Some(&k) = ks.first() else { continue };
            let edges: Vec<u32> = asks[k as usize].asks.iter().map(|&(e, _)| e).collect();
            let mut by: Vec<u32> = edges.iter().map(|&e| setter(e)).collect();
            by.sort_unstable();
            by.dedup();
            for &p in by.iter().filter(|&&p| p != NONE && (p as usize) + 1 < q) {
                let known = edges.iter().copied().filter(|&e| setter(e) <= p).collect();
                plans.push(Plan {
                    at: p,
                    checked: q as u32,
                    known,
                });
            }
        }
        plans.sort_by_key(|plan| plan.at);
        let mut ahead = Ahead {
            width,
            start: vec![0; positions + 1],
            ..Ahead::default()
        };
        for plan in plans {
            ahead.add(
                &plan,
                width,
                asks,
                tile,
                &at_position[plan.checked as usize],
            );
        }
        for p in 0..positions {
            ahead.start[p + 1] = ahead.start[p + 1].max(ahead.start[p]);
        }
        ahead
    }

    /// Adds `plan`'s check unless it would rarely cut ([`FEW`]).
    fn add(&mut self, plan: &Plan, width: usize, asks: &[Asks], tile: &[u32], ks: &[u32]) {
        let key: [u32; 2] = [0, 1].map(|i| plan.known.get(i).copied().unwrap_or(NONE));
        let colour_of = |k: u32, e: u32| {
            let found = asks[k as usize].asks.iter().find(|&&(edge, _)| edge == e);
            found.map_or(NONE, |&(_, c)| c)
        };
        let slot = |k: u32| {
            let side = |e: u32| {
                if e == NONE {
                    width - 1
                } else {
                    colour_of(k, e) as usize
                }
            };
            side(key[0]) * width + side(key[1])
        };
        let mut entries: Vec<(usize, u32)> = ks.iter().map(|&k| (slot(k), k)).collect();
        entries.sort_unstable();
        let mut used_slots: Vec<usize> = entries.iter().map(|&(s, _)| s).collect();
        used_slots.dedup();
        if entries.len() > FEW * used_slots.len().max(1) {
            return;
        }
        let base = self.slot_start.len().saturating_sub(1);
        let mut counts = vec![0u32; width * width];
        entries.iter().for_each(|&(s, _)| counts[s] += 1);
        if self.slot_start.is_empty() {
            self.slot_start.push(0);
        }
        for c in counts {
            let last = *self.slot_start.last().unwrap_or(&0);
            self.slot_start.push(last + c);
        }
        if self.extra_start.is_empty() {
            self.extra_start.push(0);
        }
        for (_, k) in entries {
            self.tiles.push(tile[k as usize]);
            for &e in plan.known.iter().skip(2) {
                self.extra.push((e, colour_of(k, e) as u16));
            }
            self.extra_start.push(self.extra.len() as u32);
        }
        self.has_extra.push(plan.known.len() > 2);
        self.keys.push(key);
        self.base.push(base);
        self.start[plan.at as usize + 1] = self.keys.len() as u32;
    }

    /// Whether every position checked after placing at `p` keeps a look
    /// whose tile has a copy `left` and whose known asks `colour` meets.
    #[inline]
    pub(super) fn ok(&self, p: usize, colour: &[u16], left: &[u32]) -> bool {
        (self.start[p] as usize..self.start[p + 1] as usize)
            .all(|c| self.keeps_one(c, colour, left))
    }

    /// Whether check `c`'s position keeps a look that fits.
    #[inline]
    fn keeps_one(&self, c: usize, colour: &[u16], left: &[u32]) -> bool {
        let w = self.width;
        // An edge keying a check is set by the time it runs.
        let side = |e: u32| {
            if e == NONE {
                w - 1
            } else {
                colour[e as usize] as usize
            }
        };
        let [a, b] = self.keys[c];
        let s = self.base[c] + side(a) * w + side(b);
        let range = self.slot_start[s] as usize..self.slot_start[s + 1] as usize;
        if !self.has_extra[c] {
            return self.tiles[range].iter().any(|&t| left[t as usize] > 0);
        }
        range.into_iter().any(|i| {
            let (from, to) = (
                self.extra_start[i] as usize,
                self.extra_start[i + 1] as usize,
            );
            left[self.tiles[i] as usize] > 0
                && self.extra[from..to]
                    .iter()
                    .all(|&(e, c)| colour[e as usize] == c)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Positions 0, 1, 2; position 2 asks edge 0 (shared with position 0)
    /// for colour 5 and edge 1 (shared with position 1) for colour 6. The
    /// check runs when position 0 is placed, skipping position 1 (it comes
    /// next, so it is searched anyway).
    fn three_positions() -> Ahead {
        let asks = |position, asks| Asks { position, asks };
        let looks = [
            asks(0, vec![]),
            asks(0, vec![]),
            asks(1, vec![]),
            asks(2, vec![(0, 5), (1, 6)]),
        ];
        Ahead::new(3, 8, &looks, &[[0, 2], [1, 2]], &[0, 1, 2, 3])
    }

    #[test]
    fn a_placement_that_leaves_a_later_position_no_look_is_cut() {
        let ahead = three_positions();
        let all_left = [1; 4];
        let unset = u16::MAX;
        assert!(ahead.ok(0, &[5, unset], &all_left));
        // The colour set on edge 0 fits no look of position 2.
        assert!(!ahead.ok(0, &[4, unset], &all_left));
        // Its one look's tile is used up.
        assert!(!ahead.ok(0, &[5, unset], &[1, 1, 1, 0]));
        // Placing position 1 checks nothing: position 2 is next.
        assert!(ahead.ok(1, &[4, 0], &all_left));
    }
}
