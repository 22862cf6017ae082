//! Tic-tac-toe on a 3×3 board; cells 0–8 row-major. X (MAX) moves first.
//!
//! UTILITY is +1 for a win by X, −1 for a win by O, 0 for a draw (to MAX): the lessons'
//! values, which [`TicTacToe`] keeps.
//!
//! The engines that play use [`TicTacToe::FAST_WINS`] instead: the same game with a utility
//! adjusted by distance, ±(1 + the empty cells left when the game ends), so that among
//! winning moves the fastest scores highest and among losing ones the slowest (a win on the
//! last cell is still +1; an immediate win from the position after 4 0 8 2 — X to move, five
//! cells free — scores +5, a fork that wins two moves later +3). [`TicTacToe::outcome`]
//! turns such a value back into "wins in n" / "loses in n".
//!
//! The two are one type with a flag, not two types: every search generic over the game is
//! then compiled once for tic-tac-toe, not twice (a smaller games module: `cargo xtask size`).

use crate::game::{Features, Game, IllegalAction, Player, ToMove};
use crate::rng::Rng;

/// The eight lines, as cell bitmasks.
pub const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

const FULL: u16 = 0b111_111_111;

/// The cells in words, as the figures name moves ("top", "centre"): cell c is `CELL_NAMES[c]`.
pub const CELL_NAMES: [&str; 9] =
    ["top-left", "top", "top-right", "left", "centre", "right", "bottom-left", "bottom", "bottom-right"];

/// Zobrist keys: one per (player, cell), from a fixed seed (computed at compile time).
const ZOBRIST: [[u64; 9]; 2] = {
    let mut t = [[0u64; 9]; 2];
    let mut r = Rng::new(0x7171_7070_0000_0003);
    let mut p = 0;
    while p < 2 {
        let mut c = 0;
        while c < 9 {
            t[p][c] = r.next_u64();
            c += 1;
        }
        p += 1;
    }
    t
};

/// A position: one bitboard per player, plus its Zobrist hash (kept incrementally).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct TttState {
    /// X's cells.
    pub x: u16,
    /// O's cells.
    pub o: u16,
    /// Zobrist hash of the position.
    pub hash: u64,
}

impl TttState {
    /// The player to move: X when both have played equally often.
    pub fn to_move(&self) -> Player {
        if self.x.count_ones() == self.o.count_ones() {
            Player::MAX
        } else {
            Player::MIN
        }
    }

    /// The winner's line (as a cell mask), if any.
    pub fn winning_line(&self) -> Option<u16> {
        LINES.iter().copied().find(|&l| self.x & l == l || self.o & l == l)
    }

    /// Who won, if anyone.
    pub fn winner(&self) -> Option<Player> {
        let l = self.winning_line()?;
        Some(if self.x & l == l { Player::MAX } else { Player::MIN })
    }

    /// 'X', 'O' or '.' for a cell.
    pub fn cell(&self, c: u8) -> char {
        let b = 1u16 << c;
        if self.x & b != 0 {
            'X'
        } else if self.o & b != 0 {
            'O'
        } else {
            '.'
        }
    }

    /// The board as three lines of `X`, `O` and `.`.
    pub fn board_string(&self) -> String {
        (0..3)
            .map(|r| (0..3).map(|c| self.cell(r * 3 + c)).collect::<String>())
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// The game of tic-tac-toe: the value [`TicTacToe`] is the lessons' game (UTILITY ±1),
/// [`TicTacToe::FAST_WINS`] the engines' (see the module documentation).
#[derive(Copy, Clone, Default, Debug, PartialEq, Eq)]
pub struct TicTacToe {
    /// UTILITY ±(1 + empty cells at the end) instead of ±1.
    fast_wins: bool,
}

/// The lessons' tic-tac-toe, written as the unit struct it was: `TicTacToe.initial_state()`.
#[allow(non_upper_case_globals)]
pub const TicTacToe: TicTacToe = TicTacToe { fast_wins: false };

impl TicTacToe {
    /// Tic-tac-toe for the engines: UTILITY ±(1 + empty cells at the end), so that searches
    /// prefer the fastest win and the slowest loss. States, actions, names, hashes and
    /// features are the lessons' game's.
    pub const FAST_WINS: TicTacToe = TicTacToe { fast_wins: true };

    /// Is this the engines' game ([`TicTacToe::FAST_WINS`])?
    pub fn fast_wins(&self) -> bool {
        self.fast_wins
    }

    /// The proven outcome a value of [`TicTacToe::FAST_WINS`] means at `s` for the player to
    /// move there: `Some((true, n))` wins in n plies, `Some((false, n))` loses in n plies,
    /// None for a draw (0) or a value this utility never gives.
    pub fn outcome(s: &TttState, value_to_max: f64) -> Option<(bool, u32)> {
        let empty = 9 - (s.x | s.o).count_ones();
        let m = value_to_max.abs();
        if value_to_max == 0.0 || m.fract() != 0.0 || m < 1.0 || m > f64::from(empty) + 1.0 {
            return None;
        }
        let plies = empty - (m as u32 - 1);
        let max_wins = value_to_max > 0.0;
        Some((max_wins == (s.to_move() == Player::MAX), plies))
    }

    /// The position after playing `moves` (cells 0–8) from the empty board, checked.
    pub fn try_from_moves(&self, moves: &[u8]) -> Result<TttState, IllegalAction> {
        let mut s = self.initial_state();
        for (i, &m) in moves.iter().enumerate() {
            s = self
                .try_result(&s, m)
                .map_err(|e| IllegalAction::new(format!("move {} ({}): {}", i + 1, m, e.message)))?;
        }
        Ok(s)
    }

    /// Parses a move list such as `4,0,8` or `408` (cells 0–8) and plays it, checked. Errors
    /// name the offending character or move.
    pub fn try_parse_moves(&self, text: &str) -> Result<TttState, IllegalAction> {
        let mut moves = Vec::new();
        for (i, ch) in text.char_indices() {
            match ch {
                '0'..='8' => moves.push(ch as u8 - b'0'),
                ',' | ' ' | '\t' => {}
                _ => {
                    return Err(IllegalAction::new(format!(
                        "bad character '{ch}' at position {} (cells are 0–8)",
                        i + 1
                    )))
                }
            }
        }
        self.try_from_moves(&moves)
    }
}

impl Game for TicTacToe {
    type State = TttState;
    type Action = u8;

    fn initial_state(&self) -> TttState {
        TttState::default()
    }

    fn player(&self, s: &TttState) -> ToMove {
        ToMove::Player(s.to_move())
    }

    fn actions(&self, s: &TttState, out: &mut Vec<u8>) {
        if self.is_terminal(s) {
            return;
        }
        let empty = !(s.x | s.o) & FULL;
        out.extend((0..9u8).filter(|&c| empty & (1 << c) != 0));
    }

    #[inline]
    fn result(&self, s: &TttState, a: u8) -> TttState {
        let b = 1u16 << a;
        let mut n = *s;
        let p = s.to_move().index();
        if p == 0 {
            n.x |= b;
        } else {
            n.o |= b;
        }
        n.hash ^= ZOBRIST[p][a as usize];
        n
    }

    fn try_result(&self, s: &TttState, a: u8) -> Result<TttState, IllegalAction> {
        if a > 8 {
            return Err(IllegalAction::new(format!("cell {a} is off the board (cells are 0–8)")));
        }
        if self.is_terminal(s) {
            return Err(IllegalAction::new(format!("cell {a}: the game is already over")));
        }
        if (s.x | s.o) & (1 << a) != 0 {
            return Err(IllegalAction::new(format!("cell {a} is already taken")));
        }
        Ok(self.result(s, a))
    }

    #[inline]
    fn is_terminal(&self, s: &TttState) -> bool {
        (s.x | s.o) == FULL || s.winning_line().is_some()
    }

    /// ±1 to the winner / loser, 0 for a draw; the engines' game ([`TicTacToe::FAST_WINS`])
    /// multiplies by 1 + the empty cells.
    fn utility(&self, s: &TttState, p: Player) -> f64 {
        let u = match s.winner() {
            Some(Player::MAX) => 1.0,
            Some(_) => -1.0,
            None => 0.0,
        };
        let u = if self.fast_wins { u * f64::from(10 - (s.x | s.o).count_ones()) } else { u };
        if p == Player::MAX {
            u
        } else {
            -u
        }
    }

    fn utility_range(&self) -> (f64, f64) {
        // The engines' game: the earliest win is X's on the fifth move, four cells left.
        if self.fast_wins {
            (-5.0, 5.0)
        } else {
            (-1.0, 1.0)
        }
    }

    fn action_name(&self, _s: &TttState, a: u8) -> String {
        a.to_string()
    }

    fn hash(&self, s: &TttState) -> Option<u64> {
        Some(s.hash)
    }

    /// Centre, then corners, then edges.
    fn order_hint(&self, _s: &TttState, a: u8) -> i32 {
        match a {
            4 => 2,
            0 | 2 | 6 | 8 => 1,
            _ => 0,
        }
    }
}

impl Features for TicTacToe {
    fn feature_names(&self) -> &'static [&'static str] {
        &["open lines X − O", "two-in-a-row X − O"]
    }

    /// f1: lines still open for X minus lines open for O; f2: lines with two X and no O
    /// minus lines with two O and no X.
    fn features(&self, s: &TttState, out: &mut Vec<f64>) {
        let (mut open, mut two) = (0.0, 0.0);
        for &l in &LINES {
            let (x, o) = ((s.x & l).count_ones(), (s.o & l).count_ones());
            if o == 0 {
                open += 1.0;
                if x == 2 {
                    two += 1.0;
                }
            }
            if x == 0 {
                open -= 1.0;
                if o == 2 {
                    two -= 1.0;
                }
            }
        }
        out.push(open);
        out.push(two);
    }

    fn default_weights(&self) -> Vec<f64> {
        vec![0.1, 0.3]
    }
}
