//! The choices a pool of pieces allows: every way to take a number of
//! copies of each piece within its range whose cells add up to what the
//! board holds. How many there are is known before any search (a count
//! over the sums of cells), so that a pool with astronomically many
//! choices is refused with the figure, a pool with none is answered by
//! the arithmetic alone, and `design --all` can list the choices no
//! solution uses.

use crate::error::{Error, Result};
use crate::puzzle::{Fill, Kind, Puzzle};

/// A choice of pieces: how many copies of each piece entry, in the
/// puzzle's order. Identical copies are one entry, so two choices that
/// differ only by which copy lies where are the same choice.
pub type Choice = Vec<u32>;

/// The pieces of a puzzle as a pool to choose from.
#[derive(Clone, Debug)]
pub struct Pool {
    /// The pieces' names, in the puzzle's order.
    pub names: Vec<String>,
    /// Cells of one copy of each piece.
    sizes: Vec<usize>,
    /// The copies each piece may have in a solution.
    ranges: Vec<(u32, u32)>,
    /// The cells a choice must cover at least (the board's cells that
    /// must be covered) and at most (every board cell).
    low: usize,
    high: usize,
    /// Per motion of the board that turns some piece into another (a
    /// mirror pair whose pieces may not be mirrored themselves): piece
    /// -> image piece.
    turns: Vec<Vec<usize>>,
}

impl Pool {
    /// The pool of `puzzle`'s pieces; edge-matching tiles are refused
    /// (their choices are not by area).
    pub fn of(puzzle: &Puzzle) -> Result<Pool> {
        let Kind::Pieces(pieces) = &puzzle.kind else {
            return Err(Error::Usage(
                "design chooses among pieces; an edge-matching puzzle has tiles".into(),
            ));
        };
        let high = puzzle.board.len();
        let low = match puzzle.fill {
            Fill::Exact => high - puzzle.optional.len(),
            Fill::Partial => 0,
        };
        let turns = crate::family::packing::group_unbuilt(puzzle)
            .elements
            .into_iter()
            .map(|e| e.pieces)
            .filter(|map| map.iter().enumerate().any(|(p, &q)| p != q))
            .collect();
        Ok(Pool {
            turns,
            names: pieces.iter().map(|p| p.name.clone()).collect(),
            sizes: pieces.iter().map(|p| p.shape.len()).collect(),
            ranges: pieces.iter().map(|p| (p.count.min, p.count.max)).collect(),
            low,
            high,
        })
    }

    /// The choice that stands for `choice` up to the board's symmetry:
    /// the greatest of its images. A motion that turns a piece into
    /// another turns a solution of one choice into a solution of
    /// another, the same candidate turned over, and a class of solutions
    /// spans both; so choices are counted up to it, as solutions are.
    pub fn canonical(&self, choice: &[u32]) -> Choice {
        let mut best = choice.to_vec();
        for map in &self.turns {
            let mut image = vec![0; choice.len()];
            for (p, &q) in map.iter().enumerate() {
                image[q] = choice[p];
            }
            best = best.max(image);
        }
        best
    }

    /// Whether `choice` is one of the pool's: every count within its
    /// range and the cells within what the board holds.
    pub fn allows(&self, choice: &[u32]) -> bool {
        let in_range = choice
            .iter()
            .zip(&self.ranges)
            .all(|(&n, &(min, max))| (min..=max).contains(&n));
        let cells: usize = choice
            .iter()
            .zip(&self.sizes)
            .map(|(&n, &s)| n as usize * s)
            .sum();
        choice.len() == self.ranges.len() && in_range && (self.low..=self.high).contains(&cells)
    }

    /// How many ways the pieces from `first` on can cover each number of
    /// cells up to `high`, as floating point (exact up to 2^53; past
    /// that an estimate, which is all a refusal needs).
    fn ways_from(&self, first: usize) -> Vec<f64> {
        let mut ways = vec![0.0; self.high + 1];
        ways[0] = 1.0;
        for i in first..self.sizes.len() {
            ways = self.add_piece(&ways, i);
        }
        ways
    }

    /// `ways` with piece `i` added: a sum `s` is reached by `k` copies
    /// (within the range) on top of `s - k * size`, summed along each
    /// stride by a running window, so that a range of thousands costs no
    /// more than one of two.
    fn add_piece(&self, ways: &[f64], i: usize) -> Vec<f64> {
        let (size, (min, max)) = (self.sizes[i].max(1), self.ranges[i]);
        let (min, max) = (min as usize, max as usize);
        let mut next = vec![0.0; ways.len()];
        for start in 0..size.min(ways.len()) {
            let mut window = 0.0;
            let column: Vec<usize> = (start..ways.len()).step_by(size).collect();
            for (j, &s) in column.iter().enumerate() {
                // Copies k from min to max: the sums s - k * size.
                if j >= min {
                    window += ways[column[j - min]];
                }
                if j > max {
                    window -= ways[column[j - max - 1]];
                }
                next[s] = window.max(0.0);
            }
        }
        next
    }

    /// The number of choices the pool allows (an estimate past 2^53).
    pub fn choices(&self) -> f64 {
        self.ways_from(0)[self.low..=self.high].iter().sum()
    }

    /// Why no choice fills the board, from the cells alone; `None` when
    /// some choice does.
    pub fn arithmetic(&self) -> Option<String> {
        let ways = self.ways_from(0);
        if ways[self.low..=self.high].iter().any(|&w| w > 0.0) {
            return None;
        }
        let below = (0..self.low).rev().find(|&s| ways[s] > 0.0);
        let at_least: usize = self
            .sizes
            .iter()
            .zip(&self.ranges)
            .map(|(s, r)| s * r.0 as usize)
            .sum();
        let cover = match below {
            Some(b) if at_least <= self.high => format!("{b} cells at most without going over"),
            _ => format!("at least {at_least} cells, every count at its least"),
        };
        let need = match self.low == self.high {
            true => format!("{} cells", self.low),
            false => format!("from {} to {} cells", self.low, self.high),
        };
        let pieces: Vec<String> = (self.names.iter().zip(&self.sizes).zip(&self.ranges))
            .map(|((name, size), (min, max))| match min == max {
                true => format!("{name} {size} x {min}"),
                false => format!("{name} {size} x {min}..{max}"),
            })
            .collect();
        Some(format!(
            "no choice of pieces fills the board: it needs {need}, and the pieces (cells x copies: {}) cover {cover}",
            pieces.join(", ")
        ))
    }

    /// How the threads key a solution by its choice
    /// ([`crate::enumerate::ByPieces`]): per piece, one more than the
    /// copies it can have (within its range and the board's cells).
    pub fn bases(&self) -> Vec<u128> {
        (self.sizes.iter().zip(&self.ranges))
            .map(|(&size, &(_, max))| (max as usize).min(self.high / size.max(1)) as u128 + 1)
            .collect()
    }

    /// Calls `each` with every choice the pool allows, in the pool's
    /// order (the first piece's most copies first), until it says stop.
    pub fn each(&self, each: &mut dyn FnMut(&[u32]) -> bool) {
        // reach[i][s]: whether the pieces from i on can cover s cells.
        let reach: Vec<Vec<bool>> = (0..=self.sizes.len())
            .map(|i| self.ways_from(i).iter().map(|&w| w > 0.0).collect())
            .collect();
        let mut choice = vec![0; self.sizes.len()];
        self.walk(&reach, 0, 0, &mut choice, each);
    }

    /// [`Pool::each`] from piece `i` on, `cells` covered by those before.
    fn walk(
        &self,
        reach: &[Vec<bool>],
        i: usize,
        cells: usize,
        choice: &mut Choice,
        each: &mut dyn FnMut(&[u32]) -> bool,
    ) -> bool {
        if i == self.sizes.len() {
            return cells < self.low || each(choice);
        }
        let (min, max) = self.ranges[i];
        for n in (min..=max).rev() {
            let used = cells + n as usize * self.sizes[i];
            if used > self.high {
                continue;
            }
            let rest = &reach[i + 1];
            let fits = (self.low.saturating_sub(used)..=self.high - used).any(|s| rest[s]);
            if !fits {
                continue;
            }
            choice[i] = n;
            if !self.walk(reach, i + 1, used, choice, each) {
                return false;
            }
        }
        choice[i] = 0;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::enumerate::ByPieces;

    fn pool(sizes: &[usize], ranges: &[(u32, u32)], low: usize, high: usize) -> Pool {
        Pool {
            names: (0..sizes.len()).map(|i| format!("p{i}")).collect(),
            sizes: sizes.to_vec(),
            ranges: ranges.to_vec(),
            low,
            high,
            turns: Vec::new(),
        }
    }

    fn listed(p: &Pool) -> Vec<Choice> {
        let mut all = Vec::new();
        p.each(&mut |c| {
            all.push(c.to_vec());
            true
        });
        all
    }

    #[test]
    fn nine_of_twelve_pieces_of_six_fill_fifty_four_cells() {
        let p = pool(&[6; 12], &[(0, 1); 12], 54, 54);
        // C(12, 9) = 220, counted and listed alike.
        assert_eq!(p.choices(), 220.0);
        let all = listed(&p);
        assert_eq!(all.len(), 220);
        assert!(
            all.iter()
                .all(|c| c.iter().sum::<u32>() == 9 && p.allows(c))
        );
        assert!(p.arithmetic().is_none());
    }

    #[test]
    fn ranges_and_sizes_mix_as_the_brute_force_says() {
        let p = pool(&[3, 3, 2], &[(0, 4), (1, 8), (0, 3)], 24, 24);
        let mut brute = 0;
        for a in 0..=4 {
            for b in 1..=8 {
                for c in 0..=3 {
                    brute += u32::from(3 * a + 3 * b + 2 * c == 24);
                }
            }
        }
        assert_eq!(p.choices(), f64::from(brute));
        assert_eq!(listed(&p).len(), brute as usize);
    }

    #[test]
    fn every_choice_is_read_back_from_its_key() {
        let p = pool(&[3, 3, 2], &[(0, 4), (1, 8), (0, 3)], 24, 24);
        let by = ByPieces::new(&p.bases()).unwrap();
        p.each(&mut |c| {
            let key: u128 = (c.iter().zip(by.weights.iter()))
                .map(|(&n, &w)| u128::from(n) * w)
                .sum();
            assert_eq!(by.digits(key), c);
            true
        });
        // 1601^6 fits 128 bits; 1601^13 does not.
        let wide =
            |n: usize| ByPieces::new(&pool(&vec![1; n], &vec![(0, 1600); n], 0, 1600).bases());
        assert!(wide(6).is_some());
        assert!(wide(13).is_none());
    }

    #[test]
    fn a_pool_that_never_fills_the_board_says_why() {
        let p = pool(&[6; 3], &[(0, 2); 3], 55, 55);
        assert_eq!(p.choices(), 0.0);
        assert!(listed(&p).is_empty());
        let why = p.arithmetic().unwrap();
        assert!(
            why.contains("needs 55 cells") && why.contains("36 cells at most"),
            "{why}"
        );
    }
}
