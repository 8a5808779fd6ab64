//! [`super::check`] at the pace of a count that meets millions of
//! solutions: [`Placements`], the checker's index of the cover's options.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use super::{PlacedPiece, Solution, check_placed};
use crate::puzzle::{Kind, Puzzle};

/// [`super::check`] at the pace of a count that meets millions of
/// solutions.
///
/// A packing solution is its placements, and everything [`super::check`]
/// asks of one placement alone (on the board, congruent to its piece, on
/// allowed colours) is asked once per option, from the very solution the
/// option decodes to: whether it is on the board when the index is
/// built, the rest the first time a solution holding the option is met
/// (a run that wants two assemblies of PelikanBurr met 16 of its 3,601
/// options, and checking them all up front was a tenth of its time),
/// and of every option once a run has met [`SWEEP_AFTER`] solutions (so
/// a count of millions asks one flag a solution, not one per piece); on
/// the board and no cell listed twice are asked when it is built.
/// What is left per solution is what depends on the placements
/// together: no two overlap (nor cross, on sticks), every cell that must
/// be covered is, every piece used within its count. Those are a bit set
/// over the board's cells (and its crossings, after them) and a counter
/// per piece, a few word operations per piece placed. Edge-matching
/// solutions (whose rules are between neighbours) have no such check:
/// [`Placements::new`] says `None` and the caller decodes and checks each
/// one in full.
#[derive(Debug)]
pub struct Placements {
    /// Per option: its piece, where its words lie in `bits`, and
    /// whether it is checked.
    option: Vec<Entry>,
    /// (word index, bits) of each option's cells, option after option.
    bits: Vec<(u32, u64)>,
    /// Solutions checked so far, and whether every option is checked
    /// (swept after [`SWEEP_AFTER`] solutions): from then on a solution
    /// asks one flag instead of one per piece placed.
    met: AtomicUsize,
    all: AtomicBool,
    /// The puzzle those checks read (the search threads outlive the
    /// caller's borrow).
    puzzle: Arc<Puzzle>,
    /// The cells that must be covered.
    must: Vec<u64>,
    /// Per piece: the least and most copies, and its name.
    counts: Vec<(u32, u32)>,
    names: Vec<String>,
    cells: usize,
}

/// Solutions checked option by option before every option is checked
/// at once (a `--solution 2` meets a few; a count, millions).
const SWEEP_AFTER: usize = 1000;

/// One option of the index.
#[derive(Debug)]
struct Entry {
    /// The piece entry it places.
    piece: u32,
    /// Where its words lie in `bits`.
    from: u32,
    to: u32,
    /// Whether its placement passed the checks of one placement alone
    /// (set by whichever search thread met it first, on its cells read
    /// back from its bits).
    checked: AtomicBool,
}

/// The space one thread's [`Placements::check`] works in.
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    covered: Vec<u64>,
    used: Vec<u32>,
}

impl Placements {
    /// The check for `options` options of `puzzle`, where `decode` gives
    /// the solution a list of chosen options stands for. `Err` when some
    /// option's placement leaves the board, lists a cell twice or names
    /// no piece (a bug upstream; a placement that breaks the other rules
    /// of one placement is refused with the first solution that holds
    /// it);
    /// `Ok(None)` for edge-matching puzzles, or when an option does not
    /// stand for exactly one piece.
    pub fn new(
        puzzle: &Puzzle,
        options: usize,
        decode: &dyn Fn(&[u32]) -> Solution,
    ) -> Result<Option<Placements>, String> {
        let Kind::Pieces(pieces) = &puzzle.kind else {
            return Ok(None);
        };
        let board = &puzzle.board;
        let words = (board.len() + board.crossings().len()).div_ceil(64);
        let mut out = Placements {
            option: Vec::with_capacity(options),
            // A piece's cells mostly lie in a word or two: grown in place
            // of being copied (and its pages touched) again and again.
            bits: Vec::with_capacity(options * words.min(2)),
            met: AtomicUsize::new(0),
            all: AtomicBool::new(false),
            puzzle: Arc::new(puzzle.clone()),
            must: vec![0; words],
            counts: pieces.iter().map(|p| (p.count.min, p.count.max)).collect(),
            names: pieces.iter().map(|p| p.name.clone()).collect(),
            cells: board.len(),
        };
        for i in (0..board.len() as u32).filter(|&i| puzzle.must_cover(i)) {
            out.must[i as usize / 64] |= 1 << (i % 64);
        }
        let (mut mine, mut indices) = (vec![0u64; words], Vec::new());
        for o in 0..options as u32 {
            let Solution::Pieces(one) = decode(&[o]) else {
                return Ok(None);
            };
            let [placed] = &one[..] else {
                return Ok(None);
            };
            let piece = pieces.get(placed.piece).ok_or_else(|| {
                format!(
                    "a placement names piece #{} but the puzzle has {}",
                    placed.piece,
                    pieces.len()
                )
            })?;
            indices.clear();
            for &c in &placed.cells {
                let Some(i) = board.index(c) else {
                    return Err(format!(
                        "piece {} covers {c}, which is not on the board",
                        piece.name
                    ));
                };
                indices.push(i);
                mine[i as usize / 64] |= 1 << (i % 64);
            }
            let ones: u32 = mine.iter().map(|w| w.count_ones()).sum();
            if ones as usize != indices.len() {
                return Err(format!("piece {} lists a cell twice", piece.name));
            }
            // Only a board with crossing points (sticks) has any.
            if !board.crossings().is_empty() {
                let points = board.crossings_of(&indices);
                for i in points.map(|k| board.len() + k).collect::<Vec<_>>() {
                    mine[i / 64] |= 1 << (i % 64);
                }
            }
            let first = out.bits.len() as u32;
            for (w, b) in mine.iter_mut().enumerate() {
                if *b != 0 {
                    out.bits.push((w as u32, *b));
                    *b = 0;
                }
            }
            out.option.push(Entry {
                piece: placed.piece as u32,
                from: first,
                to: out.bits.len() as u32,
                checked: AtomicBool::new(false),
            });
        }
        Ok(Some(out))
    }

    /// The piece entry option `o` places.
    pub fn piece_of(&self, o: u32) -> Option<usize> {
        self.option
            .get(o as usize)
            .map(|entry| entry.piece as usize)
    }

    /// Scratch space for one thread.
    pub fn scratch(&self) -> Scratch {
        Scratch {
            covered: vec![0; self.must.len()],
            used: vec![0; self.counts.len()],
        }
    }

    /// Whether the chosen options make a solution of the puzzle; the error
    /// says which rule is broken, as [`super::check`] would.
    pub fn check(&self, chosen: &[u32], scratch: &mut Scratch) -> Result<(), String> {
        if !self.all.load(Ordering::Relaxed) {
            self.check_each_alone(chosen)?;
        }
        let result = self.check_in(chosen, scratch);
        scratch.covered.iter_mut().for_each(|w| *w = 0);
        scratch.used.iter_mut().for_each(|n| *n = 0);
        result
    }

    /// [`Placements::check_alone`] on each chosen option not yet checked;
    /// after [`SWEEP_AFTER`] solutions, on every option once (the up-front
    /// cost a run that wants a few solutions never pays), so that a count
    /// of millions asks one flag a solution, not one per piece placed.
    #[cold]
    #[inline(never)]
    fn check_each_alone(&self, chosen: &[u32]) -> Result<(), String> {
        for &o in chosen {
            let entry = self.option.get(o as usize);
            if entry.is_some_and(|e| !e.checked.load(Ordering::Relaxed)) {
                self.check_alone(o)?;
            }
        }
        if self.met.fetch_add(1, Ordering::Relaxed) == SWEEP_AFTER {
            for o in 0..self.option.len() as u32 {
                if !self.option[o as usize].checked.load(Ordering::Relaxed) {
                    self.check_alone(o)?;
                }
            }
            self.all.store(true, Ordering::Relaxed);
        }
        Ok(())
    }

    /// The checks of option `o`'s placement on its own, the first time a
    /// solution holds it (two threads meeting it at once both check it).
    fn check_alone(&self, o: u32) -> Result<(), String> {
        let Entry {
            piece, from, to, ..
        } = self.option[o as usize];
        let board = &self.puzzle.board;
        // The board's cells in index order are ascending, as a decoded
        // placement's are; crossings (after the cells) are not cells.
        let mut cells = Vec::new();
        for &(w, mut b) in &self.bits[from as usize..to as usize] {
            while b != 0 {
                let i = w as usize * 64 + b.trailing_zeros() as usize;
                b &= b - 1;
                if i < self.cells {
                    cells.push(board.cell(i as u32));
                }
            }
        }
        let placed = PlacedPiece {
            piece: piece as usize,
            cells,
        };
        let pieces = self.puzzle.pieces();
        check_placed(&self.puzzle, &pieces[piece as usize], &placed)?;
        self.option[o as usize]
            .checked
            .store(true, Ordering::Relaxed);
        Ok(())
    }

    fn check_in(&self, chosen: &[u32], scratch: &mut Scratch) -> Result<(), String> {
        // The common case without a branch per cell word: the cells
        // overlap exactly when some word meets what is already covered.
        let (mut overlap, mut fits) = (0u64, true);
        for &o in chosen {
            let Some(entry) = self.option.get(o as usize) else {
                fits = false;
                break;
            };
            for &(w, b) in &self.bits[entry.from as usize..entry.to as usize] {
                let covered = &mut scratch.covered[w as usize];
                overlap |= *covered & b;
                *covered |= b;
            }
            scratch.used[entry.piece as usize] += 1;
        }
        if fits && overlap == 0 {
            return self.complete(scratch);
        }
        // Something is wrong: again, slowly, to say what.
        scratch.covered.iter_mut().for_each(|w| *w = 0);
        scratch.used.iter_mut().for_each(|n| *n = 0);
        for &o in chosen {
            let &Entry {
                piece, from, to, ..
            } = self
                .option
                .get(o as usize)
                .ok_or_else(|| format!("option {o} is not a placement of this puzzle"))?;
            for &(w, b) in &self.bits[from as usize..to as usize] {
                let covered = &mut scratch.covered[w as usize];
                if *covered & b != 0 {
                    let cell = w * 64 + (*covered & b).trailing_zeros();
                    if cell as usize >= self.cells {
                        return Err(format!(
                            "two pieces cross at grid point #{} (piece {} is one)",
                            cell as usize - self.cells,
                            self.names[piece as usize]
                        ));
                    }
                    return Err(format!(
                        "two pieces overlap at board cell #{cell} (piece {} is one)",
                        self.names[piece as usize]
                    ));
                }
                *covered |= b;
            }
            scratch.used[piece as usize] += 1;
        }
        self.complete(scratch)
    }

    /// With no overlap: every cell that must be covered is, every piece
    /// used within its count.
    fn complete(&self, scratch: &Scratch) -> Result<(), String> {
        for (w, (&must, &covered)) in self.must.iter().zip(&scratch.covered).enumerate() {
            if must & !covered != 0 {
                let cell = w * 64 + (must & !covered).trailing_zeros() as usize;
                return Err(format!(
                    "board cell #{cell} of {} is not covered",
                    self.cells
                ));
            }
        }
        for (p, (&n, &(min, max))) in scratch.used.iter().zip(&self.counts).enumerate() {
            if n < min || n > max {
                return Err(format!(
                    "piece {} is used {n} times, but its count is {min}..{max}",
                    self.names[p]
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Cell;

    const DOMINOES: &str =
        "[board]\nsize = [2, 2]\n\n[[piece]]\nname = \"d\"\ncount = 2\nshape = \"##\"\n";

    /// Options 0 and 1 the two rows, 2 a diagonal that is no domino, 3
    /// a cell twice, 4 a cell off the board: each decoded as one piece.
    fn decode(chosen: &[u32]) -> Solution {
        let cells = |c: &[(i32, i32)]| c.iter().map(|&(x, y)| Cell::new(x, y, 0)).collect();
        Solution::new(
            (chosen.iter())
                .map(|&o| PlacedPiece {
                    piece: 0,
                    cells: cells(match o {
                        0 => &[(0, 0), (1, 0)],
                        1 => &[(0, 1), (1, 1)],
                        2 => &[(0, 0), (1, 1)],
                        3 => &[(1, 1), (1, 1)],
                        _ => &[(1, 1), (2, 1)],
                    }),
                })
                .collect(),
        )
    }

    /// The index is built without asking whether a placement is its
    /// piece's shape (checked when a solution first holds it, whichever
    /// thread meets it), while leaving the board is refused up front;
    /// every solution met is still refused for a bad placement.
    #[test]
    fn a_placement_is_checked_when_a_solution_first_holds_it() {
        let puzzle = Puzzle::parse(DOMINOES, "dominoes.toml", "dominoes").unwrap();
        let twice = Placements::new(&puzzle, 4, &decode).unwrap_err();
        assert!(twice.contains("lists a cell twice"), "{twice}");
        let skip = |c: &[u32]| decode(&c.iter().map(|&o| o.max(3) + 1).collect::<Vec<_>>());
        let off = Placements::new(&puzzle, 1, &skip).unwrap_err();
        assert!(off.contains("which is not on the board"), "{off}");
        let index = Placements::new(&puzzle, 3, &decode).unwrap().unwrap();
        let checked = |index: &Placements| -> Vec<bool> {
            (index.option.iter())
                .map(|e| e.checked.load(Ordering::Relaxed))
                .collect()
        };
        assert_eq!(checked(&index), [false, false, false]);
        let mut scratch = index.scratch();
        assert_eq!(index.check(&[0, 1], &mut scratch), Ok(()));
        assert_eq!(checked(&index), [true, true, false]);
        for _ in 0..2 {
            let why = index.check(&[1, 2], &mut scratch).unwrap_err();
            assert!(why.contains("not its shape"), "{why}");
        }
        let whole = super::super::check(&puzzle, &decode(&[1, 2])).unwrap_err();
        assert_eq!(index.check(&[2, 1], &mut scratch), Err(whole));
        let overlap = index.check(&[0, 0], &mut scratch).unwrap_err();
        assert!(overlap.contains("overlap"), "{overlap}");
        assert_eq!(index.check(&[1, 0], &mut scratch), Ok(()));
    }

    /// After [`SWEEP_AFTER`] solutions every option is checked at once,
    /// so a bad placement no solution holds is refused there, and from
    /// then on a solution asks no flag per piece.
    #[test]
    fn after_many_solutions_every_option_is_checked_at_once() {
        let puzzle = Puzzle::parse(DOMINOES, "dominoes.toml", "dominoes").unwrap();
        let index = Placements::new(&puzzle, 3, &decode).unwrap().unwrap();
        let mut scratch = index.scratch();
        for _ in 0..SWEEP_AFTER {
            assert_eq!(index.check(&[0, 1], &mut scratch), Ok(()));
        }
        assert!(!index.all.load(Ordering::Relaxed));
        let why = index.check(&[0, 1], &mut scratch).unwrap_err();
        assert!(why.contains("not its shape"), "{why}");
        assert!(!index.option[2].checked.load(Ordering::Relaxed));
    }
}
