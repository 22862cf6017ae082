//! What the API needs to know about each game beyond the core's `Game` trait: how its moves
//! look in JavaScript, its evaluation function, and (for the board games) how its board is
//! drawn as a string. No rules live here: every move is checked by the core.

use plyground::game::{Evaluator, Game};
#[cfg(feature = "games")]
use plyground::game::{Player, WeightedLinear};
#[cfg(feature = "games")]
use plyground::games::connect4::{C4Eval, C4Position, C4State, Connect4, HEIGHT, WIDTH};
#[cfg(feature = "games")]
use plyground::games::tictactoe::{TicTacToe, TttState, CELL_NAMES};
#[cfg(feature = "trees")]
use plyground::games::tree::Tree;
#[cfg(feature = "trees")]
use plyground::games::tree::TreeEval;

use crate::options::Resolved;
/// Transposition-table sizes (log2 of the slots): the core's, so that a recorded search uses
/// the table its player's engine used (`plyground::play::players`).
use plyground::play::players::{self, TT_LOG2_SMALL};
#[cfg(feature = "games")]
use plyground::play::players::{BoardPosition, TT_LOG2_C4};
use plyground::search::SearchResult;
use plyground::trace::Recorder;

/// A game the API can search and step through.
pub(crate) trait Skin: Game + Clone + 'static {
    /// EVAL(s) at a depth cutoff.
    type Eval: Evaluator<Self>;
    /// The game's evaluation function (explicit trees have none: 0).
    fn evaluator(&self) -> Self::Eval;
    /// An action in the units JavaScript uses (tic-tac-toe cell 0–8, Connect-4 column 1–7,
    /// tree child index).
    fn action_js(a: Self::Action) -> f64;
    /// Slots of the transposition table, log2.
    fn tt_log2(&self) -> u32 {
        TT_LOG2_SMALL
    }
    /// Is this the engines' tic-tac-toe (wins scored by distance), which the option
    /// `fastWins: true` asks for?
    fn fast_wins(&self) -> bool {
        false
    }
    /// Does `Stepper.minimaxValues` apply (explicit trees only, as docs/wasm-api.md says: a
    /// game search's trace is a sliver of a game too big to redo beside it)? When false it is
    /// refused, and the separate minimax run is not compiled for the game.
    const MINIMAX_VALUES: bool = false;
    /// Can minimax and max^n (no pruning, no budget) search this game to the end? When
    /// false they are refused, and not even compiled for it (smaller module).
    const FULL_SEARCH: bool = true;
    /// Why a search to the end of the game without a node budget (minimax, max^n) is refused
    /// here, if it is.
    fn unbounded_search_refused(&self) -> Option<&'static str> {
        None
    }
    /// A move list as text (tic-tac-toe `4,0,8`, Connect-4 `4455`; the games module only).
    #[cfg(feature = "games")]
    fn moves_text(&self, root: &Self::State, moves: &[Self::Action]) -> String;
    /// The board of a position, as [`BoardSkin::cells`] writes it (None for trees).
    fn board(&self, _s: &Self::State) -> Option<String> {
        None
    }
    /// The board's columns and rows (0 × 0 for trees).
    #[cfg(feature = "games")]
    fn board_dims(&self) -> (u32, u32) {
        (0, 0)
    }
    /// α-β (`o.ab`, `o.eval`, `o.iterative`) recorded by `rec`: the core's
    /// `record_alpha_beta`. The board games call its non-generic versions, compiled in the
    /// core with the players' engines, so each game has one copy of its move ordering.
    fn record_alpha_beta(
        &self,
        s: &Self::State,
        o: &Resolved,
        rec: &mut Recorder<'_, Self>,
    ) -> SearchResult<Self::Action> {
        players::record_alpha_beta(self, s, &crate::search::maybe_eval(self, o.eval), &o.ab, o.iterative, rec)
    }
    /// A move in the words the game figure uses ("top", "column 4"); None: the action name.
    fn move_words(&self, _s: &Self::State, _a: Self::Action) -> Option<String> {
        None
    }
    /// What goes before a move's name in a sentence ("cell ", "column "; "" for trees).
    fn move_prefix(&self) -> &'static str {
        ""
    }
    /// The players' names in rewards and results: X and O for the board games, MAX and MIN
    /// for two-player trees, P1, P2, … for n-player trees.
    fn side_names(&self) -> Vec<String> {
        match self.num_players() {
            2 => vec!["MAX".to_string(), "MIN".to_string()],
            n => (0..n as u8).map(plyground::trace::player_name).collect(),
        }
    }
}

/// The two board games behind `Game` handles.
#[cfg(feature = "games")]
pub(crate) trait BoardSkin: Skin<Action = u8> {
    /// `'ttt'` or `'c4'`.
    const KIND: &'static str;
    /// Columns.
    const WIDTH: u32;
    /// Rows.
    const HEIGHT: u32;
    /// A move from JavaScript as an action, or why it is not one (the range only; legality is
    /// the core's `try_result`).
    fn action_from_js(m: f64) -> Result<u8, String>;
    /// The moves of a move string, checked by the core.
    fn parse_moves(&self, text: &str) -> Result<Vec<u8>, String>;
    /// The board row-major from the top row: `.`, `X` (first player), `O`.
    fn cells(s: &Self::State) -> String;
    /// The winning line as indices into [`BoardSkin::cells`], ascending (empty if none).
    fn winning_line(s: &Self::State) -> Vec<i32>;
    /// The winner, if any.
    fn winner(s: &Self::State) -> Option<Player>;
    /// The position as the core's players take it.
    fn position(s: &Self::State) -> BoardPosition;
}

#[cfg(feature = "games")]
impl Skin for TicTacToe {
    type Eval = WeightedLinear;
    fn evaluator(&self) -> WeightedLinear {
        WeightedLinear::default_for(self, 1.0)
    }
    fn record_alpha_beta(
        &self,
        s: &TttState,
        o: &Resolved,
        rec: &mut Recorder<'_, Self>,
    ) -> SearchResult<u8> {
        players::record_ttt_alpha_beta(self, s, &o.ab, o.eval, o.iterative, rec)
    }
    fn fast_wins(&self) -> bool {
        TicTacToe::fast_wins(self)
    }
    fn move_words(&self, _s: &TttState, a: u8) -> Option<String> {
        CELL_NAMES.get(a as usize).map(|w| w.to_string())
    }
    fn side_names(&self) -> Vec<String> {
        vec!["X".to_string(), "O".to_string()]
    }
    fn move_prefix(&self) -> &'static str {
        "cell "
    }
    fn action_js(a: u8) -> f64 {
        a as f64
    }
    fn moves_text(&self, _root: &TttState, moves: &[u8]) -> String {
        moves.iter().map(u8::to_string).collect::<Vec<_>>().join(",")
    }
    fn board(&self, s: &TttState) -> Option<String> {
        Some(<TicTacToe as BoardSkin>::cells(s))
    }
    fn board_dims(&self) -> (u32, u32) {
        (Self::WIDTH, Self::HEIGHT)
    }
}

#[cfg(feature = "games")]
impl BoardSkin for TicTacToe {
    const KIND: &'static str = "ttt";
    fn position(s: &TttState) -> BoardPosition {
        BoardPosition::TicTacToe(*s)
    }
    const WIDTH: u32 = 3;
    const HEIGHT: u32 = 3;

    fn action_from_js(m: f64) -> Result<u8, String> {
        if m.fract() == 0.0 && (0.0..=8.0).contains(&m) {
            Ok(m as u8)
        } else {
            Err(format!("{} is not a cell (cells are the integers 0–8)", crate::util::num_text(m)))
        }
    }

    fn parse_moves(&self, text: &str) -> Result<Vec<u8>, String> {
        // The core checks every character and move; the digits are then the moves.
        self.try_parse_moves(text).map_err(|e| e.message)?;
        Ok(text.bytes().filter(u8::is_ascii_digit).map(|b| b - b'0').collect())
    }

    fn cells(s: &TttState) -> String {
        (0..9).map(|c| s.cell(c)).collect()
    }

    fn winning_line(s: &TttState) -> Vec<i32> {
        s.winning_line().map_or_else(Vec::new, |l| (0..9).filter(|c| l & (1 << c) != 0).collect())
    }

    fn winner(s: &TttState) -> Option<Player> {
        s.winner()
    }
}

#[cfg(feature = "games")]
impl Skin for Connect4 {
    type Eval = C4Eval;
    fn evaluator(&self) -> C4Eval {
        C4Eval::default()
    }
    fn record_alpha_beta(&self, s: &C4State, o: &Resolved, rec: &mut Recorder<'_, Self>) -> SearchResult<u8> {
        players::record_c4_alpha_beta(s, &o.ab, o.eval, o.iterative, rec)
    }
    fn move_words(&self, _s: &C4State, a: u8) -> Option<String> {
        Some(format!("column {}", u16::from(a) + 1))
    }
    fn side_names(&self) -> Vec<String> {
        vec!["X".to_string(), "O".to_string()]
    }
    fn move_prefix(&self) -> &'static str {
        "column "
    }
    fn action_js(a: u8) -> f64 {
        a as f64 + 1.0
    }
    fn tt_log2(&self) -> u32 {
        TT_LOG2_C4
    }
    const FULL_SEARCH: bool = false;
    fn unbounded_search_refused(&self) -> Option<&'static str> {
        Some("Connect-4 is too big to search to the end without pruning (about 4.5·10¹² positions); use 'alphabeta' (with a depth or a budget) or 'mcts'")
    }
    fn moves_text(&self, _root: &C4State, moves: &[u8]) -> String {
        Connect4::to_move_string(moves)
    }
    fn board(&self, s: &C4State) -> Option<String> {
        Some(<Connect4 as BoardSkin>::cells(s))
    }
    fn board_dims(&self) -> (u32, u32) {
        (Self::WIDTH, Self::HEIGHT)
    }
}

#[cfg(feature = "games")]
impl BoardSkin for Connect4 {
    const KIND: &'static str = "c4";
    fn position(s: &C4State) -> BoardPosition {
        BoardPosition::Connect4(*s)
    }
    const WIDTH: u32 = WIDTH as u32;
    const HEIGHT: u32 = HEIGHT as u32;

    fn action_from_js(m: f64) -> Result<u8, String> {
        if m.fract() == 0.0 && (1.0..=WIDTH as f64).contains(&m) {
            Ok(m as u8 - 1)
        } else {
            Err(format!("{} is not a column (columns are the integers 1–7)", crate::util::num_text(m)))
        }
    }

    fn parse_moves(&self, text: &str) -> Result<Vec<u8>, String> {
        C4Position::try_parse(text).map(|p| p.moves).map_err(|e| e.message)
    }

    fn cells(s: &C4State) -> String {
        let mut out = String::with_capacity((WIDTH * HEIGHT) as usize);
        for row in (0..HEIGHT).rev() {
            for col in 0..WIDTH {
                out.push(match s.cell(col, row) {
                    None => '.',
                    Some(Player::MAX) => 'X',
                    Some(_) => 'O',
                });
            }
        }
        out
    }

    fn winning_line(s: &C4State) -> Vec<i32> {
        let mut line: Vec<i32> = s.winning_line().map_or_else(Vec::new, |cells| {
            cells.iter().map(|&(col, row)| (HEIGHT - 1 - row) as i32 * WIDTH as i32 + col as i32).collect()
        });
        // Insertion sort: a line has 4 to 7 cells, and `sort_unstable` would add a quicksort
        // for `i32` to the module (`cargo xtask size` lists the module's largest functions).
        for i in 1..line.len() {
            let mut j = i;
            while j > 0 && line[j - 1] > line[j] {
                line.swap(j - 1, j);
                j -= 1;
            }
        }
        line
    }

    fn winner(s: &C4State) -> Option<Player> {
        s.winner()
    }
}

#[cfg(feature = "trees")]
impl Skin for Tree {
    type Eval = TreeEval;
    const MINIMAX_VALUES: bool = true;
    fn evaluator(&self) -> TreeEval {
        TreeEval
    }
    fn action_js(a: u32) -> f64 {
        a as f64
    }
    #[cfg(feature = "games")]
    fn moves_text(&self, root: &u32, moves: &[u32]) -> String {
        let mut s = *root;
        let mut names = Vec::new();
        for &a in moves {
            names.push(self.action_name(&s, a));
            s = self.result(&s, a);
        }
        names.join(" ")
    }
}
