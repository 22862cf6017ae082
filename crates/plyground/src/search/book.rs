//! The Connect-4 opening book: the exact score of every position with a fixed number of
//! stones, read by the exact [solver](super::solver) so that the positions before that
//! depth are solved in a blink (the search stops at the book's depth) and the positions
//! at it answer at once.
//!
//! # What the book holds
//!
//! For one ply P (the book's *depth*, 9 in the book the project ships), every position
//! that can arise after exactly P moves of a legal game from the empty board and in which
//! the game is not over (nobody has four in a row), with its **exact score** under perfect
//! play **from the side to move** — the community's convention used everywhere in the
//! solver: a win scores 22 − the stones the winner has played when the game ends, a loss
//! the negative of that, a draw 0. (At an even depth the side to move is the first player.)
//! The scores are exact, not win/draw/loss: a position is looked up and its number is the
//! number the solver itself would find.
//!
//! **Mirrored positions are folded.** A position and its mirror image (column c ↔ column
//! 6 − c) have the same score, so the book holds each pair once, under the smaller of the
//! two keys; a lookup mirrors the position it is asked about the same way.
//!
//! # The file format (version 1)
//!
//! Keys are not stored: the reader enumerates the positions itself, so the file is one
//! byte per position and compresses well (the 9-ply book: 269,549 bytes, 139,561 bytes
//! gzipped — `cargo xtask book` prints it).
//!
//! | bytes | what |
//! | --- | --- |
//! | 0–7 | the magic `PLYC4BK1` |
//! | 8 | the depth P (0–41) |
//! | 9 | the kind: 1 = exact scores from the side to move (the only kind) |
//! | 10–13 | N, the number of positions (u32, little-endian) |
//! | 14–17 | FNV-1a (32-bit) of the N score bytes (u32, little-endian) |
//! | 18… | N scores, one signed byte each, in the order of the positions' keys |
//!
//! The positions, in order: every position reachable in exactly P moves without a four
//! on the board, each identified by its *canonical key* — `min(key, mirror(key))` where
//! `key = current + mask` is [`C4State::key`] (the side to move's stones plus all
//! stones: unique per position, 49 bits) and `mirror` reverses the order of the seven
//! 7-bit column groups — sorted ascending, each once. [`positions_at`] lists them. A
//! reader that finds another N than its own enumeration, a checksum that does not match or
//! a score outside what P stones allow refuses the file ([`BookError`]).

use crate::games::connect4::{column_cells, has_four, C4State, BOTTOM, CELLS, H1, WIDTH};

pub mod bitbully;

/// The magic bytes a book file starts with.
pub const MAGIC: &[u8; 8] = b"PLYC4BK1";
/// Bytes before the scores.
pub const HEADER_LEN: usize = 18;
/// The kind byte of a book of exact scores.
pub const KIND_EXACT: u8 = 1;
/// The depth of the book the project ships (`www/book/connect4.book`), which pages load
/// lazily: before the file is fetched, [`helps`] says with this depth whether a position
/// would use it (a test checks it against the file's header).
pub const SHIPPED_DEPTH: u8 = 9;

/// Whether a book of `depth` plies settles part of a search of a position with `stones`
/// stones: solving it (`children: false`) reaches positions with `stones` stones and more,
/// so the book helps when `stones <= depth`; scoring its columns (`children: true`, the
/// perfect player and `analyzeConnect4`) starts one stone later, so when `stones < depth`.
pub fn helps(stones: u32, depth: u8, children: bool) -> bool {
    let first = stones + u32::from(children);
    first <= u32::from(depth)
}

/// The deepest book the reader accepts: enumerating the positions of a deeper one would
/// take too long and too much memory (ply 12 already has millions of positions).
pub const MAX_DEPTH: u8 = 12;

/// Why a book file was refused.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum BookError {
    /// Shorter than the header, or not starting with [`MAGIC`].
    NotABook,
    /// A kind byte this reader does not know.
    UnknownKind(u8),
    /// A depth above [`MAX_DEPTH`].
    TooDeep(u8),
    /// The header's count or the file's length disagrees with the positions at the depth.
    WrongCount {
        /// The count in the header.
        header: u32,
        /// Score bytes after the header.
        bytes: usize,
        /// Positions at the book's depth.
        positions: usize,
    },
    /// The scores' checksum is not the header's.
    Checksum {
        /// The checksum in the header.
        header: u32,
        /// The checksum of the scores.
        computed: u32,
    },
    /// A score no position with that many stones can have.
    BadScore {
        /// The entry's index.
        index: usize,
        /// Its score.
        score: i8,
    },
}

impl std::fmt::Display for BookError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BookError::NotABook => write!(f, "not a plyground opening book (no PLYC4BK1 header)"),
            BookError::UnknownKind(k) => {
                write!(f, "unknown book kind {k} (this reader knows 1: exact scores)")
            }
            BookError::TooDeep(d) => write!(f, "book depth {d} is above the limit {MAX_DEPTH}"),
            // Numbers as u32 and i32, whose formatting the module has anyway (no hex, no
            // usize or i8 formatting compiled into wasm for one message each).
            BookError::WrongCount { header, bytes, positions } => write!(
                f,
                "the book says {header} positions and holds {} score bytes, but its depth has {}",
                *bytes as u32, *positions as u32
            ),
            BookError::Checksum { header, computed } => {
                write!(f, "book checksum {computed} differs from the header's {header}: a damaged file")
            }
            BookError::BadScore { index, score } => {
                write!(f, "book entry {}: score {} is impossible", *index as u32, i32::from(*score))
            }
        }
    }
}

impl std::error::Error for BookError {}

/// An opening book: the exact score of every position at one depth (see the module docs).
/// (`Debug` shows the depth and size, not the entries.)
#[derive(Clone, PartialEq, Eq)]
pub struct Book {
    depth: u8,
    /// Canonical keys, ascending.
    keys: Vec<u64>,
    /// Scores from the side to move, in the order of `keys`.
    scores: Vec<i8>,
}

/// FNV-1a, 32 bits.
fn fnv1a(bytes: &[u8]) -> u32 {
    let mut h: u32 = 0x811c_9dc5;
    for &b in bytes {
        h ^= b as u32;
        h = h.wrapping_mul(0x0100_0193);
    }
    h
}

/// The key with its columns in the opposite order (the mirror image's key; also the mirror
/// of a stone set).
#[inline]
pub fn mirror(bits: u64) -> u64 {
    let mut m = 0;
    for c in 0..WIDTH as u32 {
        let col = (bits >> (c * H1)) & ((1 << H1) - 1);
        m |= col << ((WIDTH as u32 - 1 - c) * H1);
    }
    m
}

/// The canonical key of a position (`current + mask`, or its mirror's if smaller).
#[inline]
pub fn canonical_key(current: u64, mask: u64) -> u64 {
    let key = current + mask;
    key.min(mirror(key))
}

/// The highest and lowest score a position with `stones` stones can have, from the side
/// to move (the side to move wins with its next stone at best; loses to the opponent's
/// next stone at worst).
pub fn score_range(stones: u8) -> (i32, i32) {
    let n = stones as i32;
    (-(CELLS as i32 - n) / 2, (CELLS as i32 + 1 - n) / 2)
}

/// One representative of every position reachable in exactly `depth` moves without a four
/// on the board, mirrors folded, as (`current`, `mask`) bitboards (the side to move's
/// stones, all stones) in ascending order of their canonical keys; each representative is
/// the orientation with the smaller key.
pub fn positions_at(depth: u8) -> Vec<(u64, u64)> {
    let mut level: Vec<(u64, u64)> = vec![(0, 0)];
    for _ in 0..depth {
        level = next_level(&level);
    }
    level
}

/// [`positions_at`] for every depth from 0 to `depth`.
pub fn positions_at_all(depth: u8) -> Vec<Vec<(u64, u64)>> {
    let mut levels = vec![vec![(0u64, 0u64)]];
    for d in 0..depth as usize {
        let next = next_level(&levels[d]);
        levels.push(next);
    }
    levels
}

/// The positions one move after `level` (canonical representatives, ascending, each once).
fn next_level(level: &[(u64, u64)]) -> Vec<(u64, u64)> {
    let mut next = Vec::with_capacity(level.len() * 4);
    for &(current, mask) in level {
        for col in 0..WIDTH {
            let mv = (mask + BOTTOM) & column_cells(col);
            if mv == 0 || has_four(current | mv) {
                continue;
            }
            let (c, m) = (current ^ mask, mask | mv);
            let (mc, mm) = (mirror(c), mirror(m));
            next.push(if mc + mm < c + m { (mc, mm) } else { (c, m) });
        }
    }
    // Sorted as (key, index) pairs, the tuples α-β's move ordering sorts too: one sort in the
    // wasm module instead of two (`cargo xtask size`). Equal keys are the same position.
    let mut order: Vec<(i64, u32)> =
        next.iter().enumerate().map(|(i, &(c, m))| ((c + m) as i64, i as u32)).collect();
    order.sort_unstable();
    order.dedup_by_key(|&mut (key, _)| key);
    order.iter().map(|&(_, i)| next[i as usize]).collect()
}

/// A move string (1-based columns) that reaches the position (`current`, `mask`) — the side
/// to move's stones and all stones — from the empty board, or `None` if no legal game does
/// (stones that cannot have been played in turn). Any order of the moves that fits is
/// given: a position does not remember the order it was played in.
pub fn moves_of(current: u64, mask: u64) -> Option<String> {
    let stones = mask.count_ones() as usize;
    if stones > CELLS as usize || current & !mask != 0 {
        return None;
    }
    // The first player's stones: the side to move's after an even number of moves.
    let first = if stones.is_multiple_of(2) { current } else { current ^ mask };
    let mut heights = [0u32; WIDTH as usize];
    let mut out = Vec::with_capacity(stones);
    fn go(first: u64, mask: u64, stones: usize, heights: &mut [u32; 7], out: &mut Vec<u8>) -> bool {
        if out.len() == stones {
            return true;
        }
        let first_to_move = out.len().is_multiple_of(2);
        for col in 0..WIDTH {
            let cell = 1u64 << (col as u32 * H1 + heights[col as usize]);
            if cell & mask == 0 || heights[col as usize] >= 6 || (cell & first != 0) != first_to_move {
                continue;
            }
            heights[col as usize] += 1;
            out.push(col + 1);
            if go(first, mask, stones, heights, out) {
                return true;
            }
            out.pop();
            heights[col as usize] -= 1;
        }
        false
    }
    // Every stone must sit on the one below it.
    for col in 0..WIDTH as u32 {
        let c = (mask >> (col * H1)) & ((1 << H1) - 1);
        if c & (c + 1) != 0 || c >> 6 != 0 {
            return None;
        }
    }
    if !go(first, mask, stones, &mut heights, &mut out) {
        return None;
    }
    Some(out.iter().map(|c| char::from(b'0' + c)).collect())
}

impl std::fmt::Debug for Book {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Book").field("depth", &self.depth).field("positions", &self.keys.len()).finish()
    }
}

impl Book {
    /// A book from its positions' canonical keys (ascending, as [`positions_at`] lists them)
    /// and scores. The caller vouches that they belong together.
    pub fn from_parts(depth: u8, keys: Vec<u64>, scores: Vec<i8>) -> Book {
        assert_eq!(keys.len(), scores.len(), "one score per key");
        Book { depth, keys, scores }
    }

    /// Reads a book file (see the module docs for the format), enumerating its positions.
    pub fn from_bytes(bytes: &[u8]) -> Result<Book, BookError> {
        if bytes.len() < HEADER_LEN || &bytes[..8] != MAGIC {
            return Err(BookError::NotABook);
        }
        let (depth, kind) = (bytes[8], bytes[9]);
        if kind != KIND_EXACT {
            return Err(BookError::UnknownKind(kind));
        }
        if depth > MAX_DEPTH {
            return Err(BookError::TooDeep(depth));
        }
        let word = |at: usize| u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
        let (count, checksum) = (word(10), word(14));
        let payload = &bytes[HEADER_LEN..];
        let positions = positions_at(depth);
        if count as usize != positions.len() || payload.len() != positions.len() {
            return Err(BookError::WrongCount {
                header: count,
                bytes: payload.len(),
                positions: positions.len(),
            });
        }
        let computed = fnv1a(payload);
        if computed != checksum {
            return Err(BookError::Checksum { header: checksum, computed });
        }
        let (lo, hi) = score_range(depth);
        let mut scores = Vec::with_capacity(payload.len());
        for (index, &b) in payload.iter().enumerate() {
            let score = b as i8;
            if (score as i32) < lo || (score as i32) > hi {
                return Err(BookError::BadScore { index, score });
            }
            scores.push(score);
        }
        let keys = positions.iter().map(|&(c, m)| c + m).collect();
        Ok(Book { depth, keys, scores })
    }

    /// The book as a file (the inverse of [`Book::from_bytes`]).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(HEADER_LEN + self.scores.len());
        out.extend_from_slice(MAGIC);
        out.push(self.depth);
        out.push(KIND_EXACT);
        out.extend_from_slice(&(self.scores.len() as u32).to_le_bytes());
        let payload: Vec<u8> = self.scores.iter().map(|&s| s as u8).collect();
        out.extend_from_slice(&fnv1a(&payload).to_le_bytes());
        out.extend_from_slice(&payload);
        out
    }

    /// The number of stones of every position in the book.
    pub fn depth(&self) -> u8 {
        self.depth
    }

    /// The number of positions (mirror pairs counted once).
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// True for a book without positions (never for a book read from a file: every depth
    /// has positions).
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// The canonical keys, ascending, and their scores (entry i is `(keys[i], scores[i])`).
    pub fn entries(&self) -> impl Iterator<Item = (u64, i8)> + '_ {
        self.keys.iter().copied().zip(self.scores.iter().copied())
    }

    /// The exact score from the side to move of the position (`current`, `mask`) if the
    /// book holds it (it has the book's number of stones and is not over), or `None`.
    #[inline]
    pub fn score_of(&self, current: u64, mask: u64) -> Option<i32> {
        if mask.count_ones() != self.depth as u32 {
            return None;
        }
        let key = canonical_key(current, mask);
        self.keys.binary_search(&key).ok().map(|i| self.scores[i] as i32)
    }

    /// The exact score of `s` from the side to move if the book holds it.
    pub fn score(&self, s: &C4State) -> Option<i32> {
        self.score_of(s.current(), s.mask())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mirror_is_an_involution_and_reverses_columns() {
        let k = 0b1010101 | (0b11 << 7) | (0b1 << 42);
        assert_eq!(mirror(mirror(k)), k);
        assert_eq!(mirror(0b1), 1 << 42);
        assert_eq!(mirror(0b11 << 7), 0b11 << 35);
        assert_eq!(mirror(1 << 21), 1 << 21);
    }

    #[test]
    fn the_levels_are_the_known_positions_with_mirrors_folded() {
        // Positions after n moves with no four on the board (OEIS A212693). Each folded
        // pair counts twice unless the position is its own mirror.
        // (No four is possible before move 7.)
        let known = [1usize, 7, 49, 238, 1120, 4263, 16422];
        for (d, &total) in known.iter().enumerate() {
            let level = positions_at(d as u8);
            let symmetric = level.iter().filter(|&&(c, m)| mirror(c + m) == c + m).count();
            assert_eq!(2 * level.len() - symmetric, total, "depth {d}");
            for w in level.windows(2) {
                assert!(w[0].0 + w[0].1 < w[1].0 + w[1].1, "ascending, each once");
            }
            for &(c, m) in &level {
                assert_eq!(c + m, canonical_key(c, m));
                assert_eq!(m.count_ones(), d as u32);
                assert!(!has_four(c) && !has_four(c ^ m));
            }
        }
        // After 7 moves: 54,859 positions, some of them won by the first player's fourth
        // stone (the game over, so not in the next level).
        let mut all = Vec::new();
        for &(c, m) in &positions_at(6) {
            for col in 0..WIDTH {
                let mv = (m + BOTTOM) & column_cells(col);
                if mv != 0 {
                    let k = (c ^ m) + (m | mv);
                    all.push(k);
                    all.push(mirror(k));
                }
            }
        }
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), 54859);
        let open = positions_at(7);
        let symmetric = open.iter().filter(|&&(c, m)| mirror(c + m) == c + m).count();
        let won = all.len() - (2 * open.len() - symmetric);
        assert!(won > 0 && won < 2_000, "{won} won positions");
    }
}
