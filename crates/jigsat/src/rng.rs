//! A tiny seeded random number generator, for reproducible shuffles
//! (`compare --shuffle`) and generated puzzles (`generate edges --seed`).
//!
//! SplitMix64 (Steele, Lea and Flood 2014): 64 bits of state, a few lines,
//! good enough for shuffling, and stable across platforms and versions —
//! a given seed always makes the same file. No dependency needed.

#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (n > 0), by Lemire's multiply-shift.
    pub fn below(&mut self, n: usize) -> usize {
        ((self.next_u64() as u128 * n as u128) >> 64) as usize
    }

    /// Fisher-Yates. (It draws with `%`, not [`Rng::below`], so that the
    /// shuffled CNFs behind the figures in encodings/RESULTS.md stay
    /// exactly reproducible.)
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = (self.next_u64() % (i as u64 + 1)) as usize;
            items.swap(i, j);
        }
    }
}
