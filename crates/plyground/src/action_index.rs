//! Where is this action in that list? In O(1), for lists of any length.
//!
//! The recorder and the result code must turn an action back into its *natural index* in
//! ACTIONS(s) for every child a search enters. A linear `position` per child costs O(k²) at
//! a node with k children (a 100,000-child root took seconds). [`ActionIndex`] answers the
//! same question in constant time: a short list is scanned (at most [`SCAN_LIMIT`]
//! comparisons), a longer one is looked up in a small open-addressing table built once per
//! list, in O(k).
//!
//! The table hashes with the action's own [`Hash`] and a multiply-rotate [`Hasher`] written
//! here: no `HashMap` (hashbrown and SipHash would grow the wasm module), no dependency.
//! Duplicate actions keep the first position, as `position` does.
//!
//! ```
//! use plyground::action_index::ActionIndex;
//!
//! let acts: Vec<u32> = (0..1000).rev().collect();
//! let mut ix = ActionIndex::new();
//! ix.build(&acts);
//! assert_eq!(ix.get(&acts, 999), Some(0));
//! assert_eq!(ix.get(&acts, 0), Some(999));
//! assert_eq!(ix.get(&acts, 1000), None);
//! ```

use std::hash::{Hash, Hasher};

/// Lists up to this long are scanned instead of hashed (bounded work per lookup).
pub const SCAN_LIMIT: usize = 16;

/// An index from actions to their first position in one list. Build it with
/// [`build`](Self::build) whenever the list changes; buffers are reused.
#[derive(Clone, Debug, Default)]
pub struct ActionIndex {
    /// Open addressing: 0 is empty, otherwise position + 1. Empty when the list is short.
    slots: Vec<u32>,
    /// The list's length when built.
    len: usize,
    /// The position after the last one found: searches that take the actions in their
    /// natural order ask for exactly this one next, answered without hashing.
    next: usize,
    /// Some action occurs twice in the (long) list.
    duplicates: bool,
    /// Comparisons made by lookups (a work counter for tests; never reset by `build`).
    probes: u64,
}

/// A multiply-rotate hasher (the mixing step of FxHash); good enough for action values,
/// which are small integers or small structs of them.
struct Mix(u64);

const K: u64 = 0x517c_c1b7_2722_0a95;

impl Mix {
    fn add(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(K);
    }
}

impl Hasher for Mix {
    fn finish(&self) -> u64 {
        // The table uses the low bits: for one integer x they are those of x·K, K odd, so
        // consecutive integers (child indices) never collide.
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.add(b as u64);
        }
    }
    fn write_u8(&mut self, x: u8) {
        self.add(x as u64);
    }
    fn write_u16(&mut self, x: u16) {
        self.add(x as u64);
    }
    fn write_u32(&mut self, x: u32) {
        self.add(x as u64);
    }
    fn write_u64(&mut self, x: u64) {
        self.add(x);
    }
    fn write_usize(&mut self, x: usize) {
        self.add(x as u64);
    }
}

fn hash_of<A: Hash>(a: &A) -> u64 {
    let mut h = Mix(0);
    a.hash(&mut h);
    h.finish()
}

impl ActionIndex {
    /// An empty index (answers None until built).
    pub fn new() -> Self {
        Self::default()
    }

    /// Indexes `acts` in O(len).
    pub fn build<A: Copy + Eq + Hash>(&mut self, acts: &[A]) {
        self.len = acts.len();
        self.next = 0;
        self.duplicates = false;
        self.slots.clear();
        if acts.len() <= SCAN_LIMIT {
            return;
        }
        let size = (acts.len() * 2).next_power_of_two();
        self.slots.resize(size, 0);
        let mask = size - 1;
        for (i, a) in acts.iter().enumerate() {
            let mut s = hash_of(a) as usize & mask;
            loop {
                match self.slots[s] {
                    0 => {
                        self.slots[s] = i as u32 + 1;
                        break;
                    }
                    // A duplicate: the first position stays.
                    j if acts[j as usize - 1] == *a => {
                        self.duplicates = true;
                        break;
                    }
                    _ => s = (s + 1) & mask,
                }
            }
        }
    }

    /// The first position of `a` in `acts` (the list the index was built from), or None.
    pub fn get<A: Copy + Eq + Hash>(&mut self, acts: &[A], a: A) -> Option<usize> {
        if acts.len() != self.len {
            // Not the list it was built from: answer correctly anyway.
            return acts.iter().position(|&x| x == a);
        }
        let found = self.find(acts, a);
        if let Some(i) = found {
            self.next = i + 1;
        }
        found
    }

    fn find<A: Copy + Eq + Hash>(&mut self, acts: &[A], a: A) -> Option<usize> {
        if let Some(&x) = acts.get(self.next) {
            self.probes += 1;
            // The first position, as `position` gives, unless an earlier duplicate exists
            // (a short list is scanned up to here; a long one knows whether it has any).
            let earlier = if self.slots.is_empty() {
                acts[..self.next].contains(&a)
            } else {
                self.duplicates && self.first_of(acts, a) != Some(self.next)
            };
            if x == a && !earlier {
                return Some(self.next);
            }
        }
        if self.slots.is_empty() {
            let p = acts.iter().position(|&x| x == a);
            self.probes += p.map_or(acts.len(), |i| i + 1) as u64;
            return p;
        }
        self.first_of(acts, a)
    }

    /// A table lookup (the table must be built).
    fn first_of<A: Copy + Eq + Hash>(&mut self, acts: &[A], a: A) -> Option<usize> {
        let mask = self.slots.len() - 1;
        let mut s = hash_of(&a) as usize & mask;
        loop {
            match self.slots[s] {
                0 => return None,
                j => {
                    self.probes += 1;
                    if acts[j as usize - 1] == a {
                        return Some(j as usize - 1);
                    }
                    s = (s + 1) & mask;
                }
            }
        }
    }

    /// Comparisons made by [`get`](Self::get) since the index was created (a work counter,
    /// for tests that check lookups stay O(1)).
    pub fn probes(&self) -> u64 {
        self.probes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agrees_with_position_including_duplicates_and_misses() {
        let acts: Vec<u32> = (0..5_000u32).map(|i| (i * 7919) % 3_001).collect();
        let mut ix = ActionIndex::new();
        ix.build(&acts);
        for a in 0..3_100u32 {
            assert_eq!(ix.get(&acts, a), acts.iter().position(|&x| x == a), "action {a}");
        }
        // In order, as a search asks: the fast path must still give the first position.
        ix.build(&acts);
        for &a in &acts {
            assert_eq!(ix.get(&acts, a), acts.iter().position(|&x| x == a));
        }
        let short = [3u8, 1, 3];
        ix.build(&short);
        assert_eq!((ix.get(&short, 3), ix.get(&short, 1), ix.get(&short, 2)), (Some(0), Some(1), None));
        ix.build(&short);
        assert_eq!((ix.get(&short, 3), ix.get(&short, 1), ix.get(&short, 3)), (Some(0), Some(1), Some(0)));
    }

    #[test]
    fn lookups_in_a_long_list_take_a_few_comparisons() {
        // Every action of a 100,000-long list is found with one comparison in natural order
        // and two in reverse order (the missed guess, then the table: consecutive integers
        // never collide); a scan would need 50,000 on average.
        let acts: Vec<u32> = (0..100_000).collect();
        let mut ix = ActionIndex::new();
        ix.build(&acts);
        for &a in &acts {
            assert_eq!(ix.get(&acts, a), Some(a as usize));
        }
        assert_eq!(ix.probes(), 100_000);
        ix.build(&acts);
        for &a in acts.iter().rev() {
            assert_eq!(ix.get(&acts, a), Some(a as usize));
        }
        // (The guess is the position after the last one found: after 99,999 it is past the
        // end, so the lookup of 99,998 costs one comparison, every other one two.)
        assert_eq!(ix.probes(), 100_000 + 2 * 100_000 - 1);
    }
}
