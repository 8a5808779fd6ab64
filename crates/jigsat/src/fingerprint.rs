//! A stable hash for telling inputs apart: the DIMACS fingerprint and the
//! puzzle's part of it.

/// 64-bit FNV-1a: tiny, stable across Rust versions and platforms (unlike
/// `std`'s `DefaultHasher`), and plenty for telling two CNFs apart.
#[derive(Clone, Debug)]
pub struct Fnv64(u64);

impl Default for Fnv64 {
    fn default() -> Fnv64 {
        Fnv64(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv64 {
    pub fn bytes(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }

    /// A whole word per step: hashing 100 million literals byte by byte
    /// would take longer than writing them.
    pub fn word(&mut self, w: u64) {
        self.0 ^= w;
        self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
    }

    /// A string with its length, so that ("ab","c") and ("a","bc") differ.
    pub fn str(&mut self, s: &str) {
        self.word(s.len() as u64);
        self.bytes(s.as_bytes());
    }

    pub fn finish(&self) -> u64 {
        self.0
    }
}
