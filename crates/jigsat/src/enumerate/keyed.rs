//! The search threads' side of [`ByPieces`]: each solution's key read
//! from its options, and each thread's table of tallies per key, handed
//! over to the run's table as the whole tallies are.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex};

use super::listing::ByPieces;
use crate::solution::Placements;
use crate::tally::Tallies;

/// How an exact search keys its solutions: what each option adds to a
/// solution's key, and where the threads' tables go.
pub(super) struct Keys {
    per_option: Vec<u128>,
    sink: Arc<Mutex<BTreeMap<u128, Tallies>>>,
}

impl Keys {
    /// The keys of `by` over the `options` options `placements` checks.
    pub(super) fn new(by: &ByPieces, placements: &Placements, options: usize) -> Keys {
        let per_option = (0..options as u32)
            .map(|o| {
                let piece = placements.piece_of(o);
                piece.and_then(|p| by.weights.get(p)).copied().unwrap_or(0)
            })
            .collect();
        Keys {
            per_option,
            sink: Arc::clone(&by.tallies),
        }
    }

    /// The key of a checked solution: the sum of its pieces' weights
    /// (which the caller chose so that no valid solution's sum wraps).
    pub(super) fn key(&self, options: &[u32]) -> u128 {
        options.iter().fold(0u128, |k, &o| {
            k.wrapping_add(self.per_option.get(o as usize).copied().unwrap_or(0))
        })
    }
}

/// (class size, members met) -> solutions met.
type Kinds = Vec<((u64, u64), u64)>;

/// One thread's tallies per key: (class size, members met) -> solutions
/// met, for the few kinds of each key. Found by the last key first
/// (a depth-first search meets runs of solutions with the same pieces),
/// then by the index.
#[derive(Default)]
pub(super) struct Table {
    rows: Vec<(u128, Kinds)>,
    index: HashMap<u128, usize>,
    last: usize,
}

impl Table {
    /// One solution of `key` and `kind` met.
    pub(super) fn add(&mut self, key: u128, kind: (u64, u64)) {
        if self.rows.get(self.last).is_none_or(|r| r.0 != key) {
            let rows = &mut self.rows;
            self.last = *self.index.entry(key).or_insert_with(|| {
                rows.push((key, Vec::new()));
                rows.len() - 1
            });
        }
        let kinds = &mut self.rows[self.last].1;
        match kinds.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, n)) => *n += 1,
            None => kinds.push((kind, 1)),
        }
    }

    /// Adds the table to the run's and empties it.
    pub(super) fn hand_over(&mut self, keys: &Keys) {
        if self.rows.is_empty() {
            return;
        }
        if let Ok(mut sink) = keys.sink.lock() {
            for (key, kinds) in self.rows.drain(..) {
                let tallies = sink.entry(key).or_default();
                for ((weight, per_class), n) in kinds {
                    tallies.add(weight, per_class, n);
                }
            }
        }
        self.index.clear();
        self.last = 0;
    }
}
