//! The plyground core behind a JavaScript API, for the web page and its Web Workers.
//!
//! This first version exposes tic-tac-toe and two searches: a [`TicTacToeGame`] handle that
//! owns a position and its move history, and [`best_move`] (`bestMove` in JavaScript), which
//! runs α-β or minimax from a game's position. Every call with bad input throws a JavaScript
//! `Error` whose message names the input and the reason; a refused call changes nothing.
//!
//! Numbers cross the boundary as `f64` (never `u64`, which would arrive as a `BigInt`).

#![warn(missing_docs)]

use plyground::game::Game;
use plyground::games::tictactoe::{TicTacToe, TttState};
use plyground::search::alphabeta::{alpha_beta, AlphaBetaOptions};
use plyground::search::minimax::minimax;
use plyground::{NoObserver, Player};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// Runs once when the module is instantiated: Rust panics then reach the browser console
/// with their message instead of a bare `unreachable` trap.
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

/// A game of tic-tac-toe: the position plus the moves that led to it (so it can undo).
/// Cells are numbered 0–8, row by row; X moves first.
#[wasm_bindgen]
#[derive(Clone, Debug, Default)]
pub struct TicTacToeGame {
    state: TttState,
    moves: Vec<u8>,
}

/// "X" for MAX, "O" for MIN.
fn mark(p: Player) -> String {
    if p == Player::MAX { "X" } else { "O" }.to_string()
}

/// Checks that a number coming from JavaScript is a cell index 0–8.
fn cell_index(cell: f64) -> Result<u8, String> {
    if cell.fract() == 0.0 && (0.0..=8.0).contains(&cell) {
        Ok(cell as u8)
    } else {
        Err(format!("cell {cell} is not a cell of the board (cells are the integers 0–8)"))
    }
}

impl TicTacToeGame {
    /// Plays `cell`, or explains why not (the game is unchanged on error).
    pub fn try_play(&mut self, cell: f64) -> Result<(), String> {
        let c = cell_index(cell).map_err(|e| format!("illegal move {cell}: {e}"))?;
        let next =
            TicTacToe.try_result(&self.state, c).map_err(|e| format!("illegal move {c}: {}", e.message))?;
        self.state = next;
        self.moves.push(c);
        Ok(())
    }

    /// The game after `text` (`"4,0,8"` or `"408"`), or the reason it is not a legal game.
    pub fn try_from_moves(text: &str) -> Result<TicTacToeGame, String> {
        let state = TicTacToe.try_parse_moves(text).map_err(|e| format!("bad move list '{text}': {e}"))?;
        let moves = text.bytes().filter(u8::is_ascii_digit).map(|b| b - b'0').collect();
        Ok(TicTacToeGame { state, moves })
    }

    /// The current position.
    pub fn state(&self) -> &TttState {
        &self.state
    }
}

#[wasm_bindgen]
impl TicTacToeGame {
    /// The empty board, X to move.
    #[wasm_bindgen(constructor)]
    pub fn new() -> TicTacToeGame {
        TicTacToeGame::default()
    }

    /// The game after a move list such as `"4,0,8"` or `"408"`; throws on a bad character or
    /// an illegal move, naming it.
    #[wasm_bindgen(js_name = fromMoves)]
    pub fn from_moves(text: &str) -> Result<TicTacToeGame, JsError> {
        TicTacToeGame::try_from_moves(text).map_err(|e| JsError::new(&e))
    }

    /// Plays a cell (0–8) for the side to move. Throws (and changes nothing) when the cell
    /// is not a number 0–8, is taken, or the game is over; the message names the move.
    pub fn play(&mut self, cell: f64) -> Result<(), JsError> {
        self.try_play(cell).map_err(|e| JsError::new(&e))
    }

    /// Takes back the last move; false when there is none.
    pub fn undo(&mut self) -> bool {
        match self.moves.pop() {
            Some(_) => {
                // Replaying is exact (and the history is at most nine moves).
                let mut s = TicTacToe.initial_state();
                for &m in &self.moves {
                    s = TicTacToe.result(&s, m);
                }
                self.state = s;
                true
            }
            None => false,
        }
    }

    /// ACTIONS(s): the empty cells, ascending; empty once the game is over.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Vec<u8> {
        let mut out = Vec::new();
        TicTacToe.actions(&self.state, &mut out);
        out
    }

    /// The board as nine characters `X`, `O` or `.`, cell 0 first.
    pub fn cells(&self) -> String {
        (0..9).map(|c| self.state.cell(c)).collect()
    }

    /// The side to move, `"X"` or `"O"` (the side that would move, even when the game is over).
    #[wasm_bindgen(getter, js_name = toMove)]
    pub fn to_move(&self) -> String {
        mark(self.state.to_move())
    }

    /// Is the game over (a line, or a full board)?
    #[wasm_bindgen(getter, js_name = isTerminal)]
    pub fn is_terminal(&self) -> bool {
        TicTacToe.is_terminal(&self.state)
    }

    /// `"X"` or `"O"` when someone has a line; `undefined` otherwise (also for a draw).
    #[wasm_bindgen(getter)]
    pub fn winner(&self) -> Option<String> {
        self.state.winner().map(mark)
    }

    /// The three cells of the winning line, ascending; `undefined` when there is none.
    #[wasm_bindgen(getter, js_name = winningLine)]
    pub fn winning_line(&self) -> Option<Vec<u8>> {
        self.state.winning_line().map(|l| (0..9u8).filter(|c| l & (1 << c) != 0).collect())
    }

    /// The moves so far, comma-separated (`"4,0,8"`); `fromMoves` reads it back.
    #[wasm_bindgen(getter, js_name = moveString)]
    pub fn move_string(&self) -> String {
        self.moves.iter().map(u8::to_string).collect::<Vec<_>>().join(",")
    }

    /// UTILITY to X of a finished game (+1 X won, −1 O won, 0 draw); `undefined` while the
    /// game goes on.
    #[wasm_bindgen(getter)]
    pub fn utility(&self) -> Option<f64> {
        self.is_terminal().then(|| TicTacToe.utility(&self.state, Player::MAX))
    }
}

/// What [`best_move`] returns to JavaScript.
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct BestMove {
    /// The position's minimax value, as utility to X.
    pub value: f64,
    /// The chosen cell; `null` when the game is over.
    #[serde(rename = "move")]
    pub best: Option<u8>,
    /// Nodes the search entered (root included).
    pub nodes: f64,
}

/// Searches `game`'s position to the end with `algo` (`"alphabeta"` or `"minimax"`).
pub fn try_best_move(game: &TicTacToeGame, algo: &str) -> Result<BestMove, String> {
    let r = match algo {
        "alphabeta" => alpha_beta(&TicTacToe, &game.state, &AlphaBetaOptions::default(), NoObserver),
        "minimax" => minimax(&TicTacToe, &game.state, &mut NoObserver),
        _ => return Err(format!("unknown algorithm '{algo}' (expected \"alphabeta\" or \"minimax\")")),
    };
    Ok(BestMove { value: r.value, best: r.best, nodes: r.stats.nodes as f64 })
}

/// `bestMove(game, algo)`: the best move for the side to move and the position's value,
/// as `{value, move, nodes}`. `algo` is `"alphabeta"` or `"minimax"`; anything else throws.
#[wasm_bindgen(js_name = bestMove)]
pub fn best_move(game: &TicTacToeGame, algo: &str) -> Result<JsValue, JsError> {
    let r = try_best_move(game, algo).map_err(|e| JsError::new(&e))?;
    r.serialize(&serde_wasm_bindgen::Serializer::json_compatible()).map_err(|e| JsError::new(&e.to_string()))
}
