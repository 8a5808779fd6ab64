//! The colour tally of the row scan: no colour may be given to more
//! edges than the tiles have sides of it for.
//!
//! Every edge of colour `c` in a solution takes two sides of colour `c`,
//! one from each of its tiles, so a solution has at most `sides(c) / 2`
//! edges of colour `c`, where `sides(c)` counts, over every copy of every
//! tile, the most sides of colour `c` any of its looks shows on edges
//! between two positions (on a framed board every look of a tile shows
//! the same colours there, and the bound is the exact count). A path that
//! has set more edges of `c` than that (each edge is set once, by its
//! first side) lies above no solution, however its positions match: the
//! tiles left cannot show the sides its open edges ask for. The table
//! lookups never see this, since each checks one position against its
//! own neighbours; the tally sees the board as a whole, so it cuts the
//! paths that used up a colour's sides long before the position that
//! would have found out.
//!
//! It only removes paths without a solution below them, so counts do not
//! change (tests/edges.rs counts against CaDiCaL and dlx).

/// Per colour, the edges set on the current path and how many a
/// solution can have; per look, the colours of the edges it sets.
#[derive(Clone, Debug, Default)]
pub(super) struct Tally {
    /// Per colour, edges of that colour set on the path.
    set: Vec<u32>,
    /// Per colour, the most edges of that colour a solution has.
    most: Vec<u32>,
    /// Colours set on more edges than that on the path.
    over: u32,
    /// Per look, `colours[start[k]..start[k + 1]]`: the colours of the
    /// edges it sets that have a second side.
    start: Vec<u32>,
    colours: Vec<u32>,
}

impl Tally {
    /// An empty tally over `tiles` tiles and colours below `colours`;
    /// [`Tally::add`] each look in engine order, then [`Tally::finish`].
    pub(super) fn new(tiles: usize, colours: usize) -> Tally {
        Tally {
            set: vec![0; colours],
            most: vec![0; tiles * colours],
            over: 0,
            start: vec![0],
            colours: Vec::new(),
        }
    }

    /// The next look: its tile, the colour of every edge between two
    /// positions it touches, and the colours of those it sets that a
    /// later position closes.
    pub(super) fn add(
        &mut self,
        tile: u32,
        touched: impl Iterator<Item = u32>,
        sets: impl Iterator<Item = u32>,
    ) {
        let colours = self.set.len();
        // Until `finish`, `most` holds per tile and colour the most sides
        // of that colour one of its looks shows; `set` counts this look's.
        touched.for_each(|c| self.set[c as usize] += 1);
        let row = &mut self.most[tile as usize * colours..][..colours];
        for (m, n) in row.iter_mut().zip(self.set.iter_mut()) {
            *m = (*m).max(*n);
            *n = 0;
        }
        self.colours.extend(sets);
        self.start.push(self.colours.len() as u32);
    }

    /// The bound per colour, with `copies[t]` copies of tile `t` at most.
    pub(super) fn finish(&mut self, copies: &[u32]) {
        let colours = self.set.len();
        let mut most = vec![0u32; colours];
        for (t, &n) in copies.iter().enumerate() {
            for (c, m) in most.iter_mut().enumerate() {
                *m += n * self.most[t * colours + c];
            }
        }
        most.iter_mut().for_each(|m| *m /= 2);
        self.most = most;
    }

    fn of(&self, k: usize) -> std::ops::Range<usize> {
        self.start[k] as usize..self.start[k + 1] as usize
    }

    /// Counts the edges look `k` sets.
    #[inline]
    pub(super) fn place(&mut self, k: usize) {
        for i in self.of(k) {
            let c = self.colours[i] as usize;
            self.set[c] += 1;
            self.over += u32::from(self.set[c] == self.most[c] + 1);
        }
    }

    /// Takes the edges look `k` set back off the count.
    #[inline]
    pub(super) fn unplace(&mut self, k: usize) {
        for i in self.of(k) {
            let c = self.colours[i] as usize;
            self.over -= u32::from(self.set[c] == self.most[c] + 1);
            self.set[c] -= 1;
        }
    }

    /// Whether every colour is set on no more edges than a solution has.
    #[inline]
    pub(super) fn within(&self) -> bool {
        self.over == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two tiles, one copy each: tile 0 shows colour 1 twice, tile 1
    /// shows it once and colour 0 once, so a solution has at most one
    /// edge of colour 1 (three sides) and none of colour 0 (one side).
    #[test]
    fn a_colour_set_on_more_edges_than_its_sides_allow_is_cut() {
        let mut tally = Tally::new(2, 2);
        tally.add(0, [1, 1].into_iter(), [1, 1].into_iter());
        tally.add(0, [1, 1].into_iter(), [1].into_iter());
        tally.add(1, [1, 0].into_iter(), [0].into_iter());
        tally.finish(&[1, 1]);
        assert_eq!(tally.most, vec![0, 1]);
        tally.place(1);
        assert!(tally.within());
        tally.place(2);
        assert!(!tally.within());
        tally.unplace(2);
        tally.unplace(1);
        tally.place(0);
        assert!(!tally.within());
        tally.unplace(0);
        assert!(tally.within());
        assert_eq!(tally.set, vec![0, 0]);
    }
}
