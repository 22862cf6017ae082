//! Connect-4 on the standard board of 7 columns × 6 rows, as a bitboard.
//!
//! Layout: each column takes 7 bits (6 cells, bottom first, plus one empty sentinel bit on
//! top), so bit `col * 7 + row` is the cell in column `col` (0 = left), row `row`
//! (0 = bottom). The sentinel keeps shifts from wrapping a line from one column into the
//! next, so a four in any direction is found with three shifts and two ANDs.
//!
//! A state keeps two boards: `current` (the stones of the player to move) and `mask` (all
//! stones). Playing a column flips `current` to the other player with one XOR and adds the
//! new stone to `mask` with one addition (`mask + bottom(col)` carries up to the first empty
//! cell of the column).
//!
//! Actions are 0-based columns (`0..7`); every user-facing name and move string is 1-based,
//! as in the Connect-4 solving community's notation (`4455` = both players play twice in
//! the centre column, then twice in the column right of it). MAX moves first and plays `X`.
//!
//! UTILITY follows the same community's scoring: a win is worth 22 − (the number of stones
//! the winner has played), a loss the negative, a draw 0. A win with one's 4th stone (the
//! earliest possible) is +18 and a win with one's 21st (the last stone) is +1, so faster
//! wins score higher and UTILITY lies in [−18, 18].

use crate::game::{Evaluator, Features, Game, IllegalAction, Player, ToMove, WeightedLinear};
use crate::rng::Rng;

/// Number of columns.
pub const WIDTH: u8 = 7;
/// Number of rows.
pub const HEIGHT: u8 = 6;
/// Cells on the board (the most moves a game can last).
pub const CELLS: u8 = WIDTH * HEIGHT;

/// Bits per column: the cells plus the sentinel.
pub(crate) const H1: u32 = HEIGHT as u32 + 1;

/// The bottom cell of every column.
pub(crate) const BOTTOM: u64 = {
    let mut b = 0u64;
    let mut c = 0;
    while c < WIDTH as u32 {
        b |= 1u64 << (c * H1);
        c += 1;
    }
    b
};

/// Every playable cell (sentinels excluded).
pub(crate) const BOARD: u64 = BOTTOM * ((1u64 << HEIGHT) - 1);

/// The bottom cell of column `col`.
#[inline]
const fn bottom_cell(col: u8) -> u64 {
    1u64 << (col as u32 * H1)
}

/// Bit `c` set for every column `c` whose top cell is empty (not full), from the cell mask.
#[inline]
fn free_columns(mask: u64) -> u32 {
    // The top cells are 7 bits apart (bit 7c + 5); multiplying by Σ 2^(42 − 6c) moves the
    // one of column c to bit 42 + c, and no two partial products meet (no carries).
    const MUL: u64 = (1 << 42) | (1 << 36) | (1 << 30) | (1 << 24) | (1 << 18) | (1 << 12) | (1 << 6);
    let top = (!mask >> (HEIGHT as u32 - 1)) & BOTTOM;
    ((top.wrapping_mul(MUL) >> 42) & 0x7f) as u32
}

/// The top cell of column `col`.
#[inline]
const fn top_cell(col: u8) -> u64 {
    1u64 << (col as u32 * H1 + HEIGHT as u32 - 1)
}

/// All cells of column `col`.
#[inline]
pub(crate) const fn column_cells(col: u8) -> u64 {
    ((1u64 << HEIGHT) - 1) << (col as u32 * H1)
}

/// The bit of cell (`col`, `row`), or `None` off the board.
#[inline]
const fn cell_bit(col: u8, row: u8) -> Option<u64> {
    if col < WIDTH && row < HEIGHT {
        Some(1u64 << (col as u32 * H1 + row as u32))
    } else {
        None
    }
}

/// Does `stones` contain four in a row in any direction? Vertical (shift 1), horizontal
/// (shift 7), and the two diagonals (shifts 6 and 8).
#[inline]
pub fn has_four(stones: u64) -> bool {
    [1, H1, H1 - 1, H1 + 1].into_iter().any(|s| {
        let pairs = stones & (stones >> s);
        pairs & (pairs >> (2 * s)) != 0
    })
}

/// The empty cells that would complete a four for `stones` (whether or not they can be
/// played yet), given all stones `mask`.
#[inline]
pub fn winning_cells(stones: u64, mask: u64) -> u64 {
    // Vertical: only the cell directly above three stones (stones never float, so a cell
    // below stones is never empty).
    let mut r = (stones << 1) & (stones << 2) & (stones << 3);
    for s in [H1, H1 - 1, H1 + 1] {
        // Two stones on one side of the cell ...
        let left2 = (stones << s) & (stones << (2 * s));
        r |= left2 & (stones << (3 * s)); // ... and a third beyond them,
        r |= left2 & (stones >> s); // ... or the third on the other side.
        let right2 = (stones >> s) & (stones >> (2 * s));
        r |= right2 & (stones >> (3 * s));
        r |= right2 & (stones << s);
    }
    r & (BOARD ^ mask)
}

/// The 69 windows of four cells (24 horizontal, 21 vertical, 24 diagonal), as masks.
pub const WINDOWS: [u64; 69] = {
    let mut w = [0u64; 69];
    let mut n = 0;
    // (dcol, drow) for horizontal, vertical, diagonal up-right, diagonal down-right.
    let dirs: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];
    let mut d = 0;
    while d < 4 {
        let (dc, dr) = dirs[d];
        let mut col = 0i32;
        while col < WIDTH as i32 {
            let mut row = 0i32;
            while row < HEIGHT as i32 {
                let (ec, er) = (col + 3 * dc, row + 3 * dr);
                if ec >= 0 && ec < WIDTH as i32 && er >= 0 && er < HEIGHT as i32 {
                    let mut k = 0;
                    let mut m = 0u64;
                    while k < 4 {
                        m |= 1u64 << ((col + k * dc) as u32 * H1 + (row + k * dr) as u32);
                        k += 1;
                    }
                    w[n] = m;
                    n += 1;
                }
                row += 1;
            }
            col += 1;
        }
        d += 1;
    }
    assert!(n == 69);
    w
};

/// Zobrist keys, one per (player, bit index), from a fixed seed (computed at compile time).
const ZOBRIST: [[u64; 49]; 2] = {
    let mut t = [[0u64; 49]; 2];
    let mut r = Rng::new(0xC0FF_EE00_0000_0004);
    let mut p = 0;
    while p < 2 {
        let mut i = 0;
        while i < 49 {
            t[p][i] = r.next_u64();
            i += 1;
        }
        p += 1;
    }
    t
};

/// A Connect-4 position. `Copy`, 24 bytes: the stones of the player to move, all stones,
/// the move count, and the Zobrist hash (kept incrementally by [`Game::result`]).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct C4State {
    current: u64,
    mask: u64,
    moves: u8,
    hash: u64,
}

impl C4State {
    /// The stones of the player to move.
    #[inline]
    pub fn current(&self) -> u64 {
        self.current
    }

    /// All stones.
    #[inline]
    pub fn mask(&self) -> u64 {
        self.mask
    }

    /// Stones on the board (= moves played).
    #[inline]
    pub fn moves(&self) -> u8 {
        self.moves
    }

    /// The Zobrist hash.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// A compact exact key: `current + mask` is unique per position (each column's sum
    /// `2^h − 1 + p` with `p < 2^h` determines both its height `h` and its stones `p`, and
    /// never carries into the next column thanks to the sentinel bit). Fits in 49 bits.
    #[inline]
    pub fn key(&self) -> u64 {
        self.current + self.mask
    }

    /// The Zobrist hash computed from scratch (the incremental one must equal it).
    pub fn recompute_hash(&self) -> u64 {
        let mut h = 0;
        for p in [Player::MAX, Player::MIN] {
            let mut b = self.stones(p);
            while b != 0 {
                h ^= ZOBRIST[p.index()][b.trailing_zeros() as usize];
                b &= b - 1;
            }
        }
        h
    }

    /// The player to move: MAX after an even number of moves.
    #[inline]
    pub fn side_to_move(&self) -> Player {
        if self.moves.is_multiple_of(2) {
            Player::MAX
        } else {
            Player::MIN
        }
    }

    /// The stones of player `p`.
    #[inline]
    pub fn stones(&self, p: Player) -> u64 {
        if p == self.side_to_move() {
            self.current
        } else {
            self.current ^ self.mask
        }
    }

    /// Who has a stone in (`col`, `row`) (0-based, row 0 at the bottom); `None` for an empty
    /// cell or one off the board.
    pub fn cell(&self, col: u8, row: u8) -> Option<Player> {
        let b = cell_bit(col, row)?;
        if self.mask & b == 0 {
            None
        } else if self.stones(Player::MAX) & b != 0 {
            Some(Player::MAX)
        } else {
            Some(Player::MIN)
        }
    }

    /// How many stones column `col` holds (0 off the board).
    pub fn height(&self, col: u8) -> u8 {
        if col >= WIDTH {
            return 0;
        }
        (self.mask & column_cells(col)).count_ones() as u8
    }

    /// Can a stone go into column `col` (on the board, not full)? Says nothing about
    /// whether the game is over.
    #[inline]
    pub fn can_play(&self, col: u8) -> bool {
        col < WIDTH && self.mask & top_cell(col) == 0
    }

    /// Would playing `col` win at once for the player to move?
    #[inline]
    pub fn is_winning_move(&self, col: u8) -> bool {
        self.can_play(col) && has_four(self.current | ((self.mask + bottom_cell(col)) & column_cells(col)))
    }

    /// The cells where a stone can go now (one per column that is not full).
    #[inline]
    pub fn playable_cells(&self) -> u64 {
        (self.mask + BOTTOM) & BOARD
    }

    /// Playable cells where the player to move would complete a four.
    #[inline]
    pub fn winning_moves_mask(&self) -> u64 {
        winning_cells(self.current, self.mask) & self.playable_cells()
    }

    /// Playable cells where the opponent would complete a four if it were its turn (the
    /// threats the player to move must block).
    #[inline]
    pub fn opponent_threats_mask(&self) -> u64 {
        winning_cells(self.current ^ self.mask, self.mask) & self.playable_cells()
    }

    /// The winner, if one player has four in a row.
    pub fn winner(&self) -> Option<Player> {
        [Player::MAX, Player::MIN].into_iter().find(|&p| has_four(self.stones(p)))
    }

    /// The cells (col, row) of one winning four, left to right (bottom to top in a column).
    pub fn winning_line(&self) -> Option<[(u8, u8); 4]> {
        let p = self.winner()?;
        let stones = self.stones(p);
        let w = WINDOWS.iter().copied().find(|&w| stones & w == w)?;
        let mut cells = [(0u8, 0u8); 4];
        let mut b = w;
        for c in cells.iter_mut() {
            let i = b.trailing_zeros();
            *c = ((i / H1) as u8, (i % H1) as u8);
            b &= b - 1;
        }
        Some(cells)
    }

    /// Is the game over (a four on the board, or the board full)?
    #[inline]
    pub fn is_over(&self) -> bool {
        // Only the player who just moved can have completed a four.
        self.moves >= CELLS || has_four(self.current ^ self.mask)
    }

    /// The board as 6 lines, top row first: `.` empty, `X` MAX (first player), `O` MIN.
    pub fn board_string(&self) -> String {
        (0..HEIGHT)
            .rev()
            .map(|row| {
                (0..WIDTH)
                    .map(|col| match self.cell(col, row) {
                        None => '.',
                        Some(Player::MAX) => 'X',
                        Some(_) => 'O',
                    })
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// Drop a stone into `col` (unchecked: `col` must be playable).
    #[inline]
    fn play(&self, col: u8) -> C4State {
        let mover = self.side_to_move().index();
        let new_mask = self.mask | (self.mask + bottom_cell(col));
        let stone = new_mask ^ self.mask;
        C4State {
            current: self.current ^ self.mask,
            mask: new_mask,
            moves: self.moves + 1,
            hash: self.hash ^ ZOBRIST[mover][stone.trailing_zeros() as usize],
        }
    }

    /// Take the top stone out of `col` (unchecked: the stone must be the last one played).
    fn unplay(&self, col: u8) -> C4State {
        let stone = 1u64 << (col as u32 * H1 + self.height(col) as u32 - 1);
        let mask = self.mask ^ stone;
        let mover = self.side_to_move().opponent().index();
        C4State {
            current: self.current ^ mask,
            mask,
            moves: self.moves - 1,
            hash: self.hash ^ ZOBRIST[mover][stone.trailing_zeros() as usize],
        }
    }
}

/// The game of Connect-4.
#[derive(Copy, Clone, Default, Debug)]
pub struct Connect4;

impl Connect4 {
    /// The position after playing `moves` (0-based columns) from the empty board, checked.
    /// Errors name the 1-based move number and column.
    pub fn try_from_moves(&self, moves: &[u8]) -> Result<C4State, IllegalAction> {
        let mut s = self.initial_state();
        for (i, &m) in moves.iter().enumerate() {
            s = self
                .try_result(&s, m)
                .map_err(|e| IllegalAction::new(format!("move {}: {}", i + 1, e.message)))?;
        }
        Ok(s)
    }

    /// Parses a move string in the common notation (1-based column digits played from the
    /// empty board, no separators, e.g. `4455`) and plays it, checked. Errors name the
    /// offending character or move and its 1-based position.
    pub fn try_parse_moves(&self, text: &str) -> Result<C4State, IllegalAction> {
        Ok(C4Position::try_parse(text)?.state)
    }

    /// The move string of `moves` (0-based columns), e.g. `[3, 3, 4]` → `"445"`. Columns
    /// off the board (never produced by a checked path) print as `?`.
    pub fn to_move_string(moves: &[u8]) -> String {
        moves.iter().map(|&m| if m < WIDTH { char::from(b'1' + m) } else { '?' }).collect()
    }

    /// The winning moves for the player to move (0-based columns, ascending).
    pub fn winning_moves(&self, s: &C4State, out: &mut Vec<u8>) {
        push_columns(s.winning_moves_mask(), out);
    }
}

/// The columns of the cells in `cells`, ascending, appended to `out`.
fn push_columns(cells: u64, out: &mut Vec<u8>) {
    out.extend((0..WIDTH).filter(|&c| cells & column_cells(c) != 0));
}

impl Game for Connect4 {
    type State = C4State;
    type Action = u8;

    fn initial_state(&self) -> C4State {
        C4State::default()
    }

    #[inline]
    fn player(&self, s: &C4State) -> ToMove {
        ToMove::Player(s.side_to_move())
    }

    #[inline]
    fn actions(&self, s: &C4State, out: &mut Vec<u8>) {
        if s.is_over() {
            return;
        }
        // One bit per column that is not full, then a push per bit: no loop over full
        // columns (the wasm engine checks for interrupts at every loop turn).
        let mut free = free_columns(s.mask);
        while free != 0 {
            out.push(free.trailing_zeros() as u8);
            free &= free - 1;
        }
    }

    #[inline]
    fn result(&self, s: &C4State, a: u8) -> C4State {
        s.play(a)
    }

    fn try_result(&self, s: &C4State, a: u8) -> Result<C4State, IllegalAction> {
        let shown = a as u16 + 1;
        if a >= WIDTH {
            return Err(IllegalAction::new(format!("column {shown} is off the board (columns are 1–7)")));
        }
        if s.is_over() {
            return Err(IllegalAction::new(format!("column {shown}: the game is already over")));
        }
        if !s.can_play(a) {
            return Err(IllegalAction::new(format!("column {shown} is full")));
        }
        Ok(s.play(a))
    }

    #[inline]
    fn is_terminal(&self, s: &C4State) -> bool {
        s.is_over()
    }

    /// 22 − (stones the winner played) to the winner, its negative to the loser, 0 for a
    /// draw (and for positions that are not over).
    fn utility(&self, s: &C4State, p: Player) -> f64 {
        if !has_four(s.current ^ s.mask) {
            return 0.0;
        }
        // The player who just moved won, with their ceil(moves / 2)-th stone.
        let winner = s.side_to_move().opponent();
        let score = 22.0 - s.moves.div_ceil(2) as f64;
        if p == winner {
            score
        } else {
            -score
        }
    }

    fn utility_range(&self) -> (f64, f64) {
        (-18.0, 18.0)
    }

    /// The 1-based column, as in move strings: `"4"` for the centre.
    fn action_name(&self, _s: &C4State, a: u8) -> String {
        (a as u16 + 1).to_string()
    }

    fn hash(&self, s: &C4State) -> Option<u64> {
        Some(s.hash)
    }

    /// Centre first (3), then 2/4, 1/5, 0/6: central stones take part in more fours.
    #[inline]
    fn order_hint(&self, _s: &C4State, a: u8) -> i32 {
        3 - (a as i32 - 3).abs()
    }
}

/// A position with the moves that led to it (a [`C4State`] keeps no history): for front
/// ends, move strings and undo.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct C4Position {
    /// The current position.
    pub state: C4State,
    /// The moves played from the empty board (0-based columns).
    pub moves: Vec<u8>,
}

impl C4Position {
    /// The empty board.
    pub fn new() -> Self {
        C4Position::default()
    }

    /// Parses a move string such as `4455` (see [`Connect4::try_parse_moves`]).
    pub fn try_parse(text: &str) -> Result<Self, IllegalAction> {
        let mut pos = C4Position::new();
        for (i, ch) in text.chars().enumerate() {
            let n = i + 1;
            let d = ch.to_digit(10).ok_or_else(|| {
                IllegalAction::new(format!("bad character '{ch}' at position {n} (columns are 1–7)"))
            })?;
            if d == 0 || d > WIDTH as u32 {
                return Err(IllegalAction::new(format!(
                    "move {n}: column {d} is off the board (columns are 1–7)"
                )));
            }
            pos.try_play(d as u8 - 1).map_err(|e| IllegalAction::new(format!("move {n}: {}", e.message)))?;
        }
        Ok(pos)
    }

    /// Plays `col` (0-based), checked; on error nothing changes.
    pub fn try_play(&mut self, col: u8) -> Result<(), IllegalAction> {
        self.state = Connect4.try_result(&self.state, col)?;
        self.moves.push(col);
        Ok(())
    }

    /// Takes back the last move, returning its column (`None` on the empty board).
    pub fn undo(&mut self) -> Option<u8> {
        let col = self.moves.pop()?;
        self.state = self.state.unplay(col);
        Some(col)
    }

    /// The move string, e.g. `4455`.
    pub fn move_string(&self) -> String {
        Connect4::to_move_string(&self.moves)
    }
}

/// Counts of open windows (no opposing stone) holding exactly `k` of `stones`, for k = 2, 3.
fn open_windows(stones: u64, other: u64) -> (u32, u32) {
    let (mut twos, mut threes) = (0, 0);
    for &w in &WINDOWS {
        if other & w == 0 {
            match (stones & w).count_ones() {
                2 => twos += 1,
                3 => threes += 1,
                _ => {}
            }
        }
    }
    (twos, threes)
}

impl Features for Connect4 {
    fn feature_names(&self) -> &'static [&'static str] {
        &[
            "threat cells X − O",
            "open threes X − O",
            "open twos X − O",
            "centre-column stones X − O",
            "side-to-move wins now (+1 X, −1 O)",
        ]
    }

    /// f1: empty cells that would complete a four (threats, playable or not); f2, f3: windows
    /// of four with three / two own stones and no opposing stone; f4: stones in the centre
    /// column; each MAX's minus MIN's. f5: +1 if the player to move could win at once and
    /// it is MAX, −1 if it is MIN, else 0 (a win in hand that the cutoff did not play out).
    fn features(&self, s: &C4State, out: &mut Vec<f64>) {
        let x = s.stones(Player::MAX);
        let o = s.stones(Player::MIN);
        let threats =
            winning_cells(x, s.mask).count_ones() as f64 - winning_cells(o, s.mask).count_ones() as f64;
        let (x2, x3) = open_windows(x, o);
        let (o2, o3) = open_windows(o, x);
        let centre = column_cells(3);
        let centre_diff = (x & centre).count_ones() as f64 - (o & centre).count_ones() as f64;
        let win_now = if s.winning_moves_mask() != 0 && !s.is_over() {
            if s.side_to_move() == Player::MAX {
                1.0
            } else {
                -1.0
            }
        } else {
            0.0
        };
        out.extend_from_slice(&[threats, x3 as f64 - o3 as f64, x2 as f64 - o2 as f64, centre_diff, win_now]);
    }

    fn default_weights(&self) -> Vec<f64> {
        vec![0.06, 0.03, 0.01, 0.02, 0.5]
    }
}

/// The H-minimax evaluation for Connect-4: the weighted-linear features of [`Features`],
/// kept strictly inside (−1, 1) so that every proven result (|UTILITY| ≥ 1) outranks every
/// heuristic guess — and therefore strictly inside the utility range [−18, 18] as well.
///
/// Quiescence: a position is *not* quiet when the player to move can win at once or must
/// block an immediate threat. The noisy moves are then the winning moves, else the forced
/// blocks, so quiescence search plays out chains of threats and forced replies.
///
/// The horizon effect it cures (checked in `tests/connect4.rs`): in `634327443434467221527331152655`
/// (X to move) a depth-2 search without quiescence plays column 2, after which O's reply in
/// column 6 makes two threats at once and wins (exact value −5); the threat lies one ply
/// past the horizon. With quiescence the same depth-2 search sees the forced block and the
/// win, and plays column 7, the only move that holds the draw.
#[derive(Clone, Debug)]
pub struct C4Eval {
    /// The weighted-linear part (default weights, bound 1).
    pub linear: WeightedLinear,
}

impl Default for C4Eval {
    fn default() -> Self {
        C4Eval { linear: WeightedLinear::default_for(&Connect4, 1.0) }
    }
}

impl Evaluator<Connect4> for C4Eval {
    fn eval(&self, game: &Connect4, s: &C4State) -> f64 {
        self.linear.eval(game, s)
    }

    fn is_quiescent(&self, _game: &Connect4, s: &C4State) -> bool {
        s.is_over() || (s.winning_moves_mask() == 0 && s.opponent_threats_mask() == 0)
    }

    fn noisy_actions(&self, game: &Connect4, s: &C4State, out: &mut Vec<u8>) {
        if s.is_over() {
            return;
        }
        let wins = s.winning_moves_mask();
        if wins != 0 {
            push_columns(wins, out);
            return;
        }
        let blocks = s.opponent_threats_mask();
        if blocks != 0 {
            push_columns(blocks, out);
            return;
        }
        game.actions(s, out);
    }
}
