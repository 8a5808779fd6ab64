//! The states of the three layers the search keeps ([`super::search`]),
//! as one open-addressing hash table over the layers' own arrays.
//!
//! A state's key (its canonical anchors, `3 * pieces` small integers) is
//! stored once, in its layer's flat array; the table holds per state one
//! word: 32 bits of the key's hash, the layer (its depth modulo 3) and the
//! state's index in it. A lookup compares the stored hash before it reads
//! any key, and a new state costs no allocation of its own (a boxed key
//! per state, in a `HashSet`, was a third of the search's time).
//! Forgetting the oldest layer rebuilds the table from the words alone
//! (the hash is in them), without reading a key.

/// A word of the table: 0 is an empty slot.
type Word = u64;

/// States of one layer: the index takes the low 30 bits of a word.
const MAX_INDEX: usize = 1 << 30;

/// The hash of a key: a multiply-rotate over its integers four at a time
/// (the keys are not chosen by an adversary; a slow puzzle is bounded by
/// the state cap and the memory budget).
pub fn hash(key: &[i16]) -> u64 {
    const K: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut h = key.len() as u64;
    let mut words = key.chunks_exact(4);
    for w in words.by_ref() {
        let v = (w[0] as u16 as u64)
            | (w[1] as u16 as u64) << 16
            | (w[2] as u16 as u64) << 32
            | (w[3] as u16 as u64) << 48;
        h = (h.rotate_left(26) ^ v).wrapping_mul(K);
    }
    let mut v = 0u64;
    for (k, &x) in words.remainder().iter().enumerate() {
        v |= (x as u16 as u64) << (16 * k);
    }
    h = (h.rotate_left(26) ^ v).wrapping_mul(K);
    h ^ h >> 29
}

/// The table. `layers[t]`, in every call, is the flat array of the layer
/// whose depth is `t` modulo 3 (keys of `width` integers one after
/// another).
#[derive(Default)]
pub struct Seen {
    words: Vec<Word>,
    len: usize,
}

/// Where a key is missing: the slot a new word goes to.
pub struct Vacancy {
    slot: usize,
    tag: u32,
}

impl Seen {
    /// Finds `key` (whose [`hash`] is `h`); `Err` with the slot to put it
    /// in when it is not there.
    pub fn find(&self, key: &[i16], h: u64, layers: [&[i16]; 3]) -> Result<(), Vacancy> {
        let tag = (h >> 32) as u32;
        let w = key.len();
        if self.words.is_empty() {
            return Err(Vacancy { slot: 0, tag });
        }
        let mask = self.words.len() - 1;
        let mut slot = tag as usize & mask;
        loop {
            let word = self.words[slot];
            if word == 0 {
                return Err(Vacancy { slot, tag });
            }
            if (word >> 32) as u32 == tag {
                let (layer, index) = (
                    ((word >> 30) & 3) as usize - 1,
                    (word & 0x3FFF_FFFF) as usize,
                );
                if layers[layer][index * w..(index + 1) * w] == *key {
                    return Ok(());
                }
            }
            slot = (slot + 1) & mask;
        }
    }

    /// Puts the state `index` of the layer of depth `depth` where `find`
    /// said it belongs. `None` past a layer's [`MAX_INDEX`] states.
    pub fn put(&mut self, at: Vacancy, depth: u32, index: usize) -> Option<()> {
        if index >= MAX_INDEX {
            return None;
        }
        let word = u64::from(at.tag) << 32 | u64::from(depth % 3 + 1) << 30 | index as u64;
        if (self.len + 1) * 2 > self.words.len() {
            self.rebuild((self.len + 1) * 4, None);
            self.place(word);
        } else {
            self.words[at.slot] = word;
        }
        self.len += 1;
        Some(())
    }

    /// Takes out the states of the layer of depth `depth`.
    pub fn forget(&mut self, depth: u32) {
        let words = self.len.max(4).next_power_of_two() * 2;
        self.rebuild(words, Some(depth % 3 + 1));
    }

    /// States kept.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Bytes the table takes.
    pub fn bytes(&self) -> u64 {
        self.words.len() as u64 * 8
    }

    /// A table of at least `size` slots (a power of two) with the words
    /// of this one, less those of layer `drop`.
    fn rebuild(&mut self, size: usize, drop: Option<u32>) {
        let old = std::mem::replace(&mut self.words, vec![0; size.next_power_of_two()]);
        self.len = 0;
        for word in old.into_iter().filter(|&w| w != 0) {
            if drop != Some((word >> 30 & 3) as u32) {
                self.place(word);
                self.len += 1;
            }
        }
    }

    /// Puts `word` in the first free slot from its hash on.
    fn place(&mut self, word: Word) {
        let mask = self.words.len() - 1;
        let mut slot = (word >> 32) as usize & mask;
        while self.words[slot] != 0 {
            slot = (slot + 1) & mask;
        }
        self.words[slot] = word;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    /// Three rolling layers of keys, drawn from a small range so that
    /// keys come back: the table agrees with a `HashSet` of the same
    /// keys on every lookup, through growth and forgetting.
    #[test]
    fn agrees_with_a_hash_set_over_rolling_layers() {
        let width = 6;
        let mut layers: [Vec<i16>; 3] = Default::default();
        let mut model: [HashSet<Vec<i16>>; 3] = Default::default();
        let mut seen = Seen::default();
        let mut x = 0x1234_5678u64;
        let (mut hits, mut news) = (0, 0);
        for depth in 0..40u32 {
            let t = (depth % 3) as usize;
            for _ in 0..(50 + depth * 7) {
                let key: Vec<i16> = (0..width)
                    .map(|_| {
                        x ^= x << 13;
                        x ^= x >> 7;
                        x ^= x << 17;
                        (x % 5) as i16 - 2
                    })
                    .collect();
                let h = hash(&key);
                let view = [&layers[0][..], &layers[1][..], &layers[2][..]];
                let known = model.iter().any(|m| m.contains(&key));
                match seen.find(&key, h, view) {
                    Ok(()) => {
                        assert!(known, "{key:?}");
                        hits += 1;
                    }
                    Err(at) => {
                        assert!(!known, "{key:?}");
                        let index = layers[t].len() / width;
                        seen.put(at, depth, index).unwrap();
                        layers[t].extend_from_slice(&key);
                        model[t].insert(key);
                        news += 1;
                    }
                }
            }
            assert_eq!(seen.len(), model.iter().map(HashSet::len).sum::<usize>());
            // The layer before the next one's predecessor goes.
            let old = ((depth + 1) % 3) as usize;
            seen.forget(depth + 1);
            layers[old].clear();
            model[old].clear();
        }
        assert!(hits > 100 && news > 100, "{hits} {news}");
    }
}
