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

/// What the tally reads off one look.
pub(super) struct Sides {
    pub(super) tile: u32,
    /// The colour of every edge between two positions the look touches.
    pub(super) touched: Vec<u32>,
    /// The colours of the edges it sets that another position closes.
    pub(super) sets: Vec<u32>,
}

impl Tally {
    /// The tally over `looks` (by engine look number), `copies[t]` the
    /// most copies of tile `t`, colours below `colours`.
    pub(super) fn new(looks: &[Sides], copies: &[u32], colours: usize) -> Tally {
        // Per tile and colour, the most sides of that colour a look shows.
        let mut shows = vec![0u32; copies.len() * colours];
        let mut count = vec![0u32; colours];
        for look in looks {
            look.touched.iter().for_each(|&c| count[c as usize] += 1);
            let row = &mut shows[look.tile as usize * colours..][..colours];
            for (c, n) in count.iter_mut().enumerate() {
                row[c] = row[c].max(*n);
                *n = 0;
            }
        }
        let mut most = vec![0u32; colours];
        for (t, &n) in copies.iter().enumerate() {
            for (c, m) in most.iter_mut().enumerate() {
                *m += n * shows[t * colours + c];
            }
        }
        most.iter_mut().for_each(|m| *m /= 2);
        let mut tally = Tally {
            set: vec![0; colours],
            most,
            over: 0,
            start: vec![0],
            colours: Vec::new(),
        };
        for look in looks {
            tally.colours.extend(&look.sets);
            tally.start.push(tally.colours.len() as u32);
        }
        tally
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
        let look = |tile, touched: &[u32], sets: &[u32]| Sides {
            tile,
            touched: touched.to_vec(),
            sets: sets.to_vec(),
        };
        let looks = [
            look(0, &[1, 1], &[1, 1]),
            look(0, &[1, 1], &[1]),
            look(1, &[1, 0], &[0]),
        ];
        let mut tally = Tally::new(&looks, &[1, 1], 2);
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
