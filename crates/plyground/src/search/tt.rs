//! A transposition table: remembers searched positions by their hash (Zobrist keys, kept
//! incrementally by the games) so that a position reached by another move order is not
//! searched again.
//!
//! Fixed size, one entry a slot, replace-always: simple, and the hit/miss counters in
//! [`Stats`](super::Stats) show how much it buys.

use crate::event::Bound;

/// One remembered result.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Entry<A> {
    /// The full hash, to tell slot collisions apart.
    pub key: u64,
    /// The value found (to MAX).
    pub value: f64,
    /// Whether `value` is exact or a bound.
    pub bound: Bound,
    /// The remaining depth it was searched to (`u32::MAX` = to the end of the game).
    pub depth: u32,
    /// The best move found, tried first next time.
    pub best: Option<A>,
}

/// The table.
#[derive(Clone, Debug)]
pub struct TranspositionTable<A> {
    slots: Vec<Option<Entry<A>>>,
    mask: u64,
}

impl<A: Copy> TranspositionTable<A> {
    /// A table of 2^`log2_size` slots.
    pub fn new(log2_size: u32) -> Self {
        let n = 1usize << log2_size.min(26);
        TranspositionTable { slots: vec![None; n], mask: (n - 1) as u64 }
    }

    /// The entry for `key`, if one is stored.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<&Entry<A>> {
        match &self.slots[(key & self.mask) as usize] {
            Some(e) if e.key == key => Some(e),
            _ => None,
        }
    }

    /// Stores an entry (replacing whatever shared its slot).
    #[inline]
    pub fn store(&mut self, e: Entry<A>) {
        let i = (e.key & self.mask) as usize;
        self.slots[i] = Some(e);
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = None);
    }
}
