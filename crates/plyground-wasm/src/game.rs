//! `Game`: a tic-tac-toe or Connect-4 game with its move history (undo and redo), and the
//! one-shot `searchGame`.

use crate::options::Algo;
use crate::options::Opts;
use crate::search::{self, depth_js, is_exact, MoveScore, SearchStats};
use crate::skin::BoardSkin;
use crate::util::{at, i32_array, js_err, number_arg, string_arg, to_js};
use plyground::game::{Game, Player, ToMove};
use plyground::games::connect4::Connect4;
use plyground::games::tictactoe::TicTacToe;
use plyground::play::players::board_alpha_beta;
use plyground::search::SearchResult;
use plyground::NoObserver;
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// The positions of one game from the start, and the moves undone (for redo).
#[derive(Clone, Debug)]
pub(crate) struct History<G: BoardSkin> {
    pub game: G,
    /// `states[0]` is S0; `states[i]` follows `moves[..i]`.
    pub states: Vec<G::State>,
    pub moves: Vec<u8>,
    /// Undone moves, the next one to redo last.
    pub redo: Vec<u8>,
}

impl<G: BoardSkin + Default> History<G> {
    fn new(text: &str) -> Result<Self, String> {
        let game = G::default();
        let moves = game.parse_moves(text)?;
        let mut h = History { states: vec![game.initial_state()], game, moves: Vec::new(), redo: Vec::new() };
        for m in moves {
            h.push(m);
        }
        Ok(h)
    }
}

impl<G: BoardSkin> History<G> {
    /// The current position.
    pub fn state(&self) -> &G::State {
        self.states.last().unwrap_or_else(|| unreachable_empty())
    }

    fn push(&mut self, a: u8) {
        let next = self.game.result(self.state(), a);
        self.states.push(next);
        self.moves.push(a);
    }

    fn play(&mut self, m: f64) -> Result<(), String> {
        let a =
            G::action_from_js(m).map_err(|e| format!("illegal move {}: {e}", crate::util::num_text(m)))?;
        // The core's message names the move and the reason ("column 4 is full"): shown as is.
        self.game.try_result(self.state(), a).map_err(|e| e.message)?;
        self.push(a);
        self.redo.clear();
        Ok(())
    }

    fn undo(&mut self) -> bool {
        match self.moves.pop() {
            Some(a) => {
                self.states.pop();
                self.redo.push(a);
                true
            }
            None => false,
        }
    }

    fn redo(&mut self) -> bool {
        match self.redo.pop() {
            Some(a) => {
                self.push(a);
                true
            }
            None => false,
        }
    }

    fn legal_moves(&self) -> Vec<i32> {
        let mut acts = Vec::new();
        self.game.actions(self.state(), &mut acts);
        acts.into_iter().map(|a| G::action_js(a) as i32).collect()
    }

    fn to_move(&self) -> u8 {
        match self.game.player(self.state()) {
            ToMove::Player(p) => p.0,
            ToMove::Chance => 0,
        }
    }

    fn winner(&self) -> i32 {
        G::winner(self.state()).map_or(-1, |p| p.0 as i32)
    }

    fn utility(&self) -> f64 {
        let s = self.state();
        if self.game.is_terminal(s) {
            self.game.utility(s, Player::MAX)
        } else {
            0.0
        }
    }

    fn move_string(&self) -> String {
        self.game.moves_text(&self.states[0], &self.moves)
    }
}

/// `states` always holds S0, so it is never empty; this is the branch that cannot happen.
#[cold]
fn unreachable_empty() -> ! {
    wasm_bindgen::throw_str("internal error: a game without its initial state")
}

/// Either game.
#[derive(Clone, Debug)]
pub(crate) enum Position {
    Ttt(History<TicTacToe>),
    C4(History<Connect4>),
}

/// Runs `$body` with `$h` bound to the history, whichever game it is.
macro_rules! with_history {
    ($pos:expr, $h:ident => $body:expr) => {
        match $pos {
            $crate::game::Position::Ttt($h) => $body,
            $crate::game::Position::C4($h) => $body,
        }
    };
}
pub(crate) use with_history;

/// A game of tic-tac-toe (`'ttt'`, cells 0–8 row by row) or Connect-4 (`'c4'`, columns 1–7),
/// with its history. X (player 0, MAX) moves first.
#[wasm_bindgen(js_name = Game)]
#[derive(Clone, Debug)]
pub struct GameHandle {
    pub(crate) pos: Position,
}

#[wasm_bindgen(js_class = Game)]
impl GameHandle {
    /// A new game of `kind` (`'ttt'` or `'c4'`) after the moves of `moves` (tic-tac-toe
    /// `'4,0,8'` or `'408'`, Connect-4 `'4455'`). Throws on an unknown kind or a bad move
    /// string, naming the bad character or move.
    pub fn create(
        #[wasm_bindgen(unchecked_param_type = "'ttt' | 'c4'")] kind: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "string")] moves: Option<JsValue>,
    ) -> Result<GameHandle, JsError> {
        let place = at("Game.create");
        let kind = string_arg("kind", &kind).map_err(&place)?;
        let text = match moves {
            Some(m) if !(m.is_undefined() || m.is_null()) => string_arg("moves", &m).map_err(&place)?,
            _ => String::new(),
        };
        let pos = match kind.as_str() {
            "ttt" => Position::Ttt(
                History::new(&text).map_err(|e| js_err(format!("bad move string '{text}': {e}")))?,
            ),
            "c4" => Position::C4(
                History::new(&text).map_err(|e| js_err(format!("bad move string '{text}': {e}")))?,
            ),
            _ => return Err(js_err(format!("Game.create: unknown game '{kind}' (expected 'ttt' or 'c4')"))),
        };
        Ok(GameHandle { pos })
    }

    /// `'ttt'` or `'c4'`.
    #[wasm_bindgen(getter, unchecked_return_type = "'ttt' | 'c4'")]
    pub fn kind(&self) -> String {
        match &self.pos {
            Position::Ttt(_) => TicTacToe::KIND,
            Position::C4(_) => Connect4::KIND,
        }
        .to_string()
    }

    /// Columns: 3 or 7.
    #[wasm_bindgen(getter)]
    pub fn width(&self) -> u32 {
        match &self.pos {
            Position::Ttt(_) => TicTacToe::WIDTH,
            Position::C4(_) => Connect4::WIDTH,
        }
    }

    /// Rows: 3 or 6.
    #[wasm_bindgen(getter)]
    pub fn height(&self) -> u32 {
        match &self.pos {
            Position::Ttt(_) => TicTacToe::HEIGHT,
            Position::C4(_) => Connect4::HEIGHT,
        }
    }

    /// Plays a move for the side to move: a tic-tac-toe cell 0–8 or a Connect-4 column 1–7.
    /// Throws (and changes nothing) on anything else, an occupied cell, a full column or a
    /// finished game. Clears the redo list.
    pub fn play(
        &mut self,
        #[wasm_bindgen(js_name = "move", unchecked_param_type = "number")] mv: JsValue,
    ) -> Result<(), JsError> {
        let mv = number_arg("move", &mv).map_err(at("Game.play"))?;
        with_history!(&mut self.pos, h => h.play(mv)).map_err(js_err)
    }

    /// Takes back the last move; false at the start.
    pub fn undo(&mut self) -> bool {
        with_history!(&mut self.pos, h => h.undo())
    }

    /// Plays the last move undone again; false when there is none.
    pub fn redo(&mut self) -> bool {
        with_history!(&mut self.pos, h => h.redo())
    }

    /// The searches the playground records on this game, in menu order (`Stepper.forGame`'s
    /// `algo`, and `'solve'`: `Stepper.forSolve`): `['minimax', 'alphabeta']` on tic-tac-toe,
    /// `['alphabeta', 'solve']` on Connect-4 (the core decides: `BoardKind::algorithms`).
    pub fn algorithms(&self) -> Vec<String> {
        let kind = match &self.pos {
            Position::Ttt(_) => plyground::play::players::BoardKind::TicTacToe,
            Position::C4(_) => plyground::play::players::BoardKind::Connect4,
        };
        kind.algorithms().iter().map(|a| a.to_string()).collect()
    }

    /// The legal moves in play() units, in the game's order (empty once the game is over).
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Vec<i32> {
        with_history!(&self.pos, h => h.legal_moves())
    }

    /// The board row-major from the top row: `'.'`, `'X'` (first player) or `'O'`.
    pub fn cells(&self) -> String {
        match &self.pos {
            Position::Ttt(h) => TicTacToe::cells(h.state()),
            Position::C4(h) => Connect4::cells(h.state()),
        }
    }

    /// The player to move: 0 (X, MAX) or 1 (O, MIN) — also once the game is over.
    #[wasm_bindgen(getter, js_name = toMove)]
    pub fn to_move(&self) -> u8 {
        with_history!(&self.pos, h => h.to_move())
    }

    /// Is the game over?
    #[wasm_bindgen(getter, js_name = isTerminal)]
    pub fn is_terminal(&self) -> bool {
        with_history!(&self.pos, h => h.game.is_terminal(h.state()))
    }

    /// The winner: 0 (X) or 1 (O); −1 while nobody has won (and for a draw).
    #[wasm_bindgen(getter)]
    pub fn winner(&self) -> i32 {
        with_history!(&self.pos, h => h.winner())
    }

    /// The winning line as indices into cells(), ascending; empty when there is none.
    #[wasm_bindgen(js_name = winningLine)]
    pub fn winning_line(&self) -> Vec<i32> {
        match &self.pos {
            Position::Ttt(h) => TicTacToe::winning_line(h.state()),
            Position::C4(h) => Connect4::winning_line(h.state()),
        }
    }

    /// UTILITY to X of a finished game (tic-tac-toe ±1 or 0; Connect-4 ±(22 − stones of the
    /// winner) or 0); 0 while the game goes on.
    #[wasm_bindgen(getter)]
    pub fn utility(&self) -> f64 {
        with_history!(&self.pos, h => h.utility())
    }

    /// The moves so far (tic-tac-toe `'4,0,8'`, Connect-4 `'4455'`):
    /// `Game.create(kind, g.moveString)` restores the position.
    #[wasm_bindgen(getter, js_name = moveString)]
    pub fn move_string(&self) -> String {
        with_history!(&self.pos, h => h.move_string())
    }

    /// Moves played so far.
    #[wasm_bindgen(getter, js_name = moveCount)]
    pub fn move_count(&self) -> u32 {
        with_history!(&self.pos, h => h.moves.len() as u32)
    }

    /// An independent copy (history and redo list included).
    #[allow(clippy::should_implement_trait)]
    pub fn clone(&self) -> GameHandle {
        Clone::clone(self)
    }
}

/// What `searchGame` returns.
#[derive(Serialize, tsify_next::Tsify)]
#[tsify(missing_as_null)]
#[serde(rename_all = "camelCase")]
struct SearchGameResult {
    /// Utility to MAX (X).
    value: f64,
    /// The value from the side to move.
    score: f64,
    /// In play() units; null when the game is over (or no iteration completed).
    best: Option<f64>,
    /// Index into legalMoves().
    best_index: Option<f64>,
    #[tsify(type = "Int32Array")]
    pv: crate::write::Preserve,
    pv_text: String,
    scores: Vec<MoveScore>,
    exact: bool,
    /// The depth the result comes from; null = to the end.
    depth: Option<f64>,
    complete: bool,
    algo: &'static str,
    stats: SearchStats,
}

fn search_game_in<G: BoardSkin>(h: &History<G>, opts: &Opts) -> Result<SearchGameResult, String> {
    let o = opts.resolve(&h.game, false)?;
    let s = h.state();
    let (r, exact, scores) = if o.algo == Algo::AlphaBeta {
        // The players' α-β engine (compiled once, in the core), stepped to the end: one node
        // budget for the search and its per-move scores.
        let e = board_alpha_beta(G::position(s), o.ab, o.eval, o.iterative, o.scores).run(1);
        let scores = if o.scores { e.scores.iter().map(MoveScore::of::<G>).collect() } else { Vec::new() };
        let r = SearchResult {
            value: e.value,
            best: e.best,
            best_index: e.best_index,
            pv: e.pv,
            stats: e.stats,
            complete: e.complete,
            depth: e.depth,
        };
        (r, e.exact, scores)
    } else {
        let f = search::run(&h.game, s, &o, &mut NoObserver);
        let scores = if o.scores { search::scores(&h.game, s, &o, &f) } else { Vec::new() };
        let exact = is_exact(&o, &f.r);
        (f.r, exact, scores)
    };
    let r = &r;
    let mover_is_max = h.game.player(s) == ToMove::Player(Player::MAX);
    let pv: Vec<i32> = r.pv.iter().map(|&a| G::action_js(a) as i32).collect();
    Ok(SearchGameResult {
        value: r.value,
        score: if mover_is_max { r.value } else { -r.value },
        best: r.best.map(G::action_js),
        best_index: r.best_index.map(|i| i as f64),
        pv: i32_array(&pv),
        pv_text: h.game.moves_text(s, &r.pv),
        scores,
        exact,
        depth: depth_js(r.depth),
        complete: r.complete,
        algo: o.algo.name(),
        stats: SearchStats::from(&r.stats),
    })
}

/// `searchGame(game, opts)`: searches the game's position with the options (see
/// `SearchOptions`) and returns `{value, score, best, bestIndex, pv, pvText, scores, exact,
/// depth, complete, algo, stats}`. Throws on bad options, naming the field.
#[wasm_bindgen(js_name = searchGame, unchecked_return_type = "SearchGameResult")]
pub fn search_game(
    game: &GameHandle,
    #[wasm_bindgen(unchecked_optional_param_type = "SearchOptions")] opts: JsValue,
) -> Result<JsValue, JsError> {
    let o = Opts::parse(&opts).map_err(at("searchGame"))?;
    let out = with_history!(&game.pos, h => search_game_in(h, &o)).map_err(at("searchGame"))?;
    to_js(&out)
}
