//! Conversion of BitBully's 12-ply opening database with distances (`book_12ply_distances.dat`
//! from the PyPI package `bitbully-databases`, MIT licence, © 2025 Markus Thill) into a
//! plyground [`Book`] of a shallower depth.
//!
//! The facts used here about that file (read from the package's documentation): it is a
//! sequence of 5-byte records sorted by their first four bytes; those four bytes, read
//! big-endian, are a position after exactly 12 moves written column by column from the
//! left, each column from the bottom up, a first player's stone as the bits `10`, a second
//! player's as `11`, the end of a column as `0`, and one `0` to fill the 32 bits; the fifth
//! byte is a signed value from the first player's side (who is to move after 12 moves): 0
//! a draw, 100 − d a win after d more moves, −(100 − d) a loss after d more moves. Of a
//! position and its mirror image one is stored; positions in which the first player can
//! win at once are left out.
//!
//! The conversion maps each value to the solver's score, then computes every shallower
//! position's exact score by negamax over the moves (a win at once scores
//! (43 − stones) / 2, any other move the negated score of the position it leads to),
//! level by level from ply 11 down to the empty board — so the empty board's score and the
//! first moves' scores come out of the same data as a check of the whole chain.

use super::{canonical_key, positions_at_all, Book};
use crate::games::connect4::{
    column_cells, has_four, winning_cells, BOARD, BOTTOM, CELLS, H1, HEIGHT, WIDTH,
};

/// The number of moves behind every position of the database.
pub const SOURCE_DEPTH: u8 = 12;
const RECORD: usize = 5;

/// What a conversion produced.
#[derive(Clone, Debug)]
pub struct Converted {
    /// The book at the requested depth.
    pub book: Book,
    /// Records read from the database.
    pub records: usize,
    /// Positions after 12 moves (mirrors folded) missing from the database because the
    /// first player wins at once (scored here as such).
    pub wins_at_once: usize,
    /// The empty board's score (the first player's).
    pub root: i32,
    /// The score of each first move (column 1–7), from the first player's side.
    pub first_moves: [i32; 7],
    /// Positions per depth 0..=12, mirrors folded.
    pub level_sizes: Vec<usize>,
}

/// Decodes one position code: (first player's stones, second player's stones).
fn decode(code: u32) -> Result<(u64, u64), String> {
    let (mut p1, mut p2) = (0u64, 0u64);
    let mut bit = 31i32;
    let next = |bit: &mut i32| -> Result<bool, String> {
        if *bit < 0 {
            return Err(format!("position code {code:08x} runs past 32 bits"));
        }
        let b = code >> *bit & 1 == 1;
        *bit -= 1;
        Ok(b)
    };
    for col in 0..WIDTH as u32 {
        let mut row = 0;
        while next(&mut bit)? {
            if row >= HEIGHT as u32 {
                return Err(format!("position code {code:08x}: column {} is overfull", col + 1));
            }
            let cell = 1u64 << (col * H1 + row);
            if next(&mut bit)? {
                p2 |= cell;
            } else {
                p1 |= cell;
            }
            row += 1;
        }
    }
    if bit >= 0 && code & ((1u32 << (bit + 1)) - 1) != 0 {
        return Err(format!("position code {code:08x}: stray bits after the seventh column"));
    }
    Ok((p1, p2))
}

/// A database value (first player's side, the first player to move after 12 moves) as the
/// solver's score.
fn score_of_value(v: i8) -> Result<i32, String> {
    let v = v as i32;
    let n = SOURCE_DEPTH as i32;
    if v == 0 {
        return Ok(0);
    }
    let d = 100 - v.abs();
    if !(1..=CELLS as i32 - n).contains(&d) {
        return Err(format!("value {v} is not a distance the board allows"));
    }
    // The game ends with move n + d (1-based); the winner has played ceil((n + d) / 2)
    // stones of its own (the first player's moves are the odd ones).
    let stones = (n + d + 1) / 2;
    let winner_first = (n + d) % 2 == 1;
    if winner_first != (v > 0) {
        return Err(format!("value {v}: the game cannot end with that player's stone after {d} moves"));
    }
    Ok(if v > 0 { 22 - stones } else { -(22 - stones) })
}

/// Converts the database's bytes into the book of `depth` (at most 11) moves.
pub fn convert(data: &[u8], depth: u8) -> Result<Converted, String> {
    if depth >= SOURCE_DEPTH {
        return Err(format!("the book depth must be below {SOURCE_DEPTH}, not {depth}"));
    }
    if data.is_empty() || !data.len().is_multiple_of(RECORD) {
        return Err(format!("{} bytes is not a whole number of {RECORD}-byte records", data.len()));
    }
    let mut table: Vec<(u64, i8)> = Vec::with_capacity(data.len() / RECORD);
    let mut previous: Option<i32> = None;
    for (i, r) in data.chunks_exact(RECORD).enumerate() {
        let code = u32::from_be_bytes([r[0], r[1], r[2], r[3]]);
        if previous.is_some_and(|p| p >= code as i32) {
            return Err(format!("record {i}: not in ascending order"));
        }
        previous = Some(code as i32);
        let (p1, p2) = decode(code).map_err(|e| format!("record {i}: {e}"))?;
        if p1.count_ones() != 6 || p2.count_ones() != 6 {
            return Err(format!("record {i}: not a position after 12 moves"));
        }
        let score = score_of_value(r[4] as i8).map_err(|e| format!("record {i}: {e}"))?;
        table.push((canonical_key(p1, p1 | p2), score as i8));
    }
    let records = table.len();
    table.sort_unstable();
    for w in table.windows(2) {
        if w[0].0 == w[1].0 && w[0].1 != w[1].1 {
            return Err("a position and its mirror image have different values".into());
        }
    }
    table.dedup();

    let levels = positions_at_all(SOURCE_DEPTH);
    let mut wins_at_once = 0;
    // Scores of the level below (one more stone), aligned with its positions.
    let last = &levels[SOURCE_DEPTH as usize];
    let mut below: Vec<i8> = Vec::with_capacity(last.len());
    for &(current, mask) in last {
        let key = current + mask;
        match table.binary_search_by_key(&key, |&(k, _)| k) {
            Ok(i) => below.push(table[i].1),
            Err(_) => {
                if winning_cells(current, mask) & ((mask + BOTTOM) & BOARD) != 0 {
                    wins_at_once += 1;
                    below.push((CELLS - SOURCE_DEPTH).div_ceil(2) as i8);
                } else {
                    return Err(format!("position {key:#x} after 12 moves is missing from the database"));
                }
            }
        }
    }
    let mut book = None;
    let mut first_moves = [0i32; 7];
    for d in (0..SOURCE_DEPTH).rev() {
        let level = &levels[d as usize];
        let next = &levels[d as usize + 1];
        let mut scores = Vec::with_capacity(level.len());
        for &(current, mask) in level {
            let mut best = i32::MIN;
            for col in 0..WIDTH {
                let mv = (mask + BOTTOM) & column_cells(col);
                if mv == 0 {
                    continue;
                }
                let s = if has_four(current | mv) {
                    (CELLS as i32 + 1 - d as i32) / 2
                } else {
                    let key = canonical_key(current ^ mask, mask | mv);
                    let i = next
                        .binary_search_by_key(&key, |&(c, m)| c + m)
                        .map_err(|_| format!("position {key:#x} is missing from level {}", d + 1))?;
                    -(below[i] as i32)
                };
                if d == 0 {
                    first_moves[col as usize] = s;
                }
                best = best.max(s);
            }
            scores.push(best as i8);
        }
        if d == depth {
            let keys = level.iter().map(|&(c, m)| c + m).collect();
            book = Some(Book::from_parts(depth, keys, scores.clone()));
        }
        below = scores;
    }
    let book = book.expect("the requested depth is below the source depth");
    Ok(Converted {
        book,
        records,
        wins_at_once,
        root: below[0] as i32,
        first_moves,
        level_sizes: levels.iter().map(Vec::len).collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_decode_column_by_column_from_the_bottom() {
        // Column 1: first player, second player; column 4: first player; the rest empty.
        // Bits: 10 11 0 | 0 | 0 | 10 0 | 0 | 0 | 0, then zeros.
        let bits = "10110".to_string() + "0" + "0" + "100" + "0" + "0" + "0";
        let code = u32::from_str_radix(&format!("{bits:0<32}"), 2).unwrap();
        let (p1, p2) = decode(code).unwrap();
        assert_eq!(p1, 1 | 1 << (3 * H1));
        assert_eq!(p2, 1 << 1);
        assert!(decode(u32::MAX).is_err());
    }

    #[test]
    fn values_map_to_scores() {
        // The package's documented examples: 71 = the first player wins in 29 more moves
        // (with its 21st stone: score 1); −88 = it loses in 12 (to the second player's
        // 12th stone: −10); 97 = wins with its 8th stone.
        assert_eq!(score_of_value(71), Ok(1));
        assert_eq!(score_of_value(-88), Ok(-10));
        assert_eq!(score_of_value(97), Ok(14));
        assert_eq!(score_of_value(-98), Ok(-15));
        assert_eq!(score_of_value(0), Ok(0));
        assert!(score_of_value(72).is_err(), "a first player's win ends on an odd move");
        assert!(score_of_value(-99).is_err(), "the second player cannot win one move later");
    }
}
