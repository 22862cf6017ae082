//! `Engine`: a player's stepped search on a `Game` position (the core's
//! `plyground::play::players::PlayerEngine`), and the catalogue of players
//! (`engines(kind)`, `checkEngineConfig`, `engineLabel`). A thin skin: which search a player
//! runs, its defaults, its checks and its fallbacks are the core's; this file reads the
//! configuration, converts moves to `play()` units and points of view to the mover's, and
//! writes records.

use crate::game::{GameHandle, Position};
use crate::read::{record, text};
use crate::search::depth_js;
use crate::skin::Skin;
use crate::util::{at, describe, js_err, string_arg, to_js};
use plyground::game::{Game, Player, ToMove};
use plyground::games::connect4::Connect4;
use plyground::games::tictactoe::TicTacToe;
use plyground::play::engine::{Engine, Progress, ScoreBound};
use plyground::play::players::{
    check_config, BoardKind, BoardPosition, Field, FieldKind, PlayerConfig, PlayerEngine, PlayerId,
    RawConfig, RawValue, SearchSpec,
};
use plyground::MoveOrder;
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// A setting as JavaScript gives it: a number, a switch or a text (a form's input); `null`
/// and `undefined` read as "not given".
fn raw_in(key: &str, v: &JsValue) -> Result<Option<RawValue>, String> {
    if v.is_undefined() || v.is_null() {
        Ok(None)
    } else if let Some(b) = v.as_bool() {
        Ok(Some(RawValue::Bool(b)))
    } else if let Some(x) = v.as_f64() {
        Ok(Some(RawValue::Number(x)))
    } else if let Some(t) = v.as_string() {
        Ok(Some(RawValue::Text(t)))
    } else {
        Err(format!("{key} must be a number, true or false, or a text, got {}", describe(v)))
    }
}

/// A player's configuration as JavaScript gives it (`EngineConfig` in the TypeScript types).
/// `null` or absent settings take the player's defaults.
// Read by `read_config`, key by key: the struct gives the TypeScript declaration.
#[derive(tsify_next::Tsify)]
#[tsify(missing_as_null)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
#[allow(dead_code)]
struct EngineConfigIn {
    #[tsify(type = "EngineId")]
    engine: Option<String>,
    #[tsify(type = "number | string | boolean | null")]
    depth: Option<RawValue>,
    #[tsify(type = "number | string | boolean | null")]
    tt: Option<RawValue>,
    #[tsify(type = "number | string | boolean | null")]
    quiescence: Option<RawValue>,
    #[tsify(type = "number | string | boolean | null")]
    iterations: Option<RawValue>,
    #[tsify(type = "number | string | boolean | null")]
    c: Option<RawValue>,
    #[tsify(type = "number | string | boolean | null")]
    seed: Option<RawValue>,
}

/// The keys of a configuration, in the order an unknown key's message lists them.
const CONFIG_KEYS: [&str; 7] = ["engine", "depth", "tt", "quiescence", "iterations", "c", "seed"];

/// Reads and checks a configuration for `kind`. Errors name the field.
fn read_config(kind: BoardKind, v: &JsValue) -> Result<PlayerConfig, String> {
    if !v.is_object() {
        return Err("the configuration must be an object like {engine: 'alphabeta', depth: 6}".into());
    }
    let mut engine = None;
    let mut raw = RawConfig::default();
    record(v, &CONFIG_KEYS, |k, v| {
        match k {
            "engine" => engine = text(k, v)?,
            "depth" => raw.depth = raw_in(k, v)?,
            "tt" => raw.tt = raw_in(k, v)?,
            "quiescence" => raw.quiescence = raw_in(k, v)?,
            "iterations" => raw.iterations = raw_in(k, v)?,
            "c" => raw.c = raw_in(k, v)?,
            _ => raw.seed = raw_in(k, v)?,
        }
        Ok(())
    })?;
    let Some(engine) = engine else {
        return Err(
            "engine is missing (expected one of human, minimax, alphabeta, hminimax, mcts, perfect)".into()
        );
    };
    check_config(kind, &RawConfig { engine, ..raw })
}

fn kind_arg(v: &JsValue) -> Result<BoardKind, String> {
    BoardKind::from_id(&string_arg("kind", v)?)
}

/// A checked configuration as JavaScript gets it: every setting, `depth: null` for "to the
/// end of the game".
#[derive(Serialize, tsify_next::Tsify)]
#[tsify(missing_as_null)]
#[serde(rename_all = "camelCase")]
struct EngineConfig {
    #[tsify(type = "EngineId")]
    engine: &'static str,
    depth: Option<f64>,
    tt: bool,
    quiescence: bool,
    iterations: f64,
    c: f64,
    seed: f64,
}

impl From<&PlayerConfig> for EngineConfig {
    fn from(c: &PlayerConfig) -> Self {
        EngineConfig {
            engine: c.player.id(),
            depth: c.depth.map(f64::from),
            tt: c.tt,
            quiescence: c.quiescence,
            iterations: c.iterations.into(),
            c: c.c,
            seed: c.seed.into(),
        }
    }
}

#[derive(Serialize, tsify_next::Tsify)]
#[tsify(missing_as_null)]
#[serde(rename_all = "camelCase")]
struct EngineField {
    #[tsify(type = "'depth' | 'tt' | 'quiescence' | 'iterations' | 'c' | 'seed'")]
    key: &'static str,
    label: &'static str,
    #[tsify(type = "'int' | 'number' | 'bool'")]
    kind: &'static str,
    min: f64,
    max: f64,
    step: f64,
    /// May be empty (depth: to the end of the game).
    optional: bool,
}

/// One player of the catalogue (`engines(kind)`).
#[derive(Serialize, tsify_next::Tsify)]
#[tsify(missing_as_null)]
#[serde(rename_all = "camelCase")]
struct EngineInfo {
    #[tsify(type = "EngineId")]
    id: &'static str,
    /// Menu name ('α-β', 'Perfect').
    name: &'static str,
    /// The name a menu shows on this game ('Perfect (exact solver)').
    menu: String,
    fields: Vec<EngineField>,
    defaults: EngineConfig,
    /// Why it cannot play this game; null when it can.
    unavailable: Option<&'static str>,
    /// The player a side with this one becomes when the game changes to this one
    /// (`PlayerId::on_game`).
    becomes: &'static str,
}

/// `engines(kind)`: the players the page offers for `'ttt'` or `'c4'`, in menu order, each
/// with its settings (ranges and steps), its defaults on that game, and why it cannot play
/// it (`unavailable`, else null), and what a side with it becomes when the game changes to
/// this one (`becomes`).
#[wasm_bindgen(unchecked_return_type = "EngineInfo[]")]
pub fn engines(
    #[wasm_bindgen(unchecked_param_type = "'ttt' | 'c4'")] kind: JsValue,
) -> Result<JsValue, JsError> {
    let kind = kind_arg(&kind).map_err(at("engines"))?;
    let list: Vec<EngineInfo> = PlayerId::ALL
        .iter()
        .map(|&p| {
            let defaults = PlayerConfig::default_for(kind, p);
            EngineInfo {
                id: p.id(),
                name: p.name(),
                menu: if p == PlayerId::Perfect { defaults.label(kind) } else { p.name().to_string() },
                fields: p
                    .fields()
                    .iter()
                    .map(|&f| {
                        let (min, max) = f.range();
                        EngineField {
                            key: f.key(),
                            label: f.label(),
                            kind: match f.kind() {
                                FieldKind::Int => "int",
                                FieldKind::Number => "number",
                                FieldKind::Bool => "bool",
                            },
                            min,
                            max,
                            step: f.step(),
                            optional: f == Field::Depth
                                && p == PlayerId::AlphaBeta
                                && p.depth_may_be_empty(kind),
                        }
                    })
                    .collect(),
                defaults: EngineConfig::from(&defaults),
                unavailable: p.unavailable(kind),
                becomes: p.on_game(kind).id(),
            }
        })
        .collect();
    to_js(&list)
}

/// `checkEngineConfig(kind, config)`: the configuration checked and completed (every
/// setting; the ones the player does not have at their defaults). Numbers may come as text
/// (a form's input). Throws an `Error` whose message names the field ("depth must be a whole
/// number from 1 to 42"), without the call's name, so that a form can show it as it is.
#[wasm_bindgen(js_name = checkEngineConfig, unchecked_return_type = "EngineConfig")]
pub fn check_engine_config(
    #[wasm_bindgen(unchecked_param_type = "'ttt' | 'c4'")] kind: JsValue,
    #[wasm_bindgen(unchecked_param_type = "EngineConfigIn")] config: JsValue,
) -> Result<JsValue, JsError> {
    let kind = kind_arg(&kind).map_err(at("checkEngineConfig"))?;
    let cfg = read_config(kind, &config).map_err(js_err)?;
    to_js(&EngineConfig::from(&cfg))
}

/// `engineLabel(kind, config)`: who plays, with the settings that matter ("H-minimax
/// (EVAL), depth 6, TT", "Perfect (exact solver)"). Throws like `checkEngineConfig`.
#[wasm_bindgen(js_name = engineLabel)]
pub fn engine_label(
    #[wasm_bindgen(unchecked_param_type = "'ttt' | 'c4'")] kind: JsValue,
    #[wasm_bindgen(unchecked_param_type = "EngineConfigIn")] config: JsValue,
) -> Result<String, JsError> {
    let kind = kind_arg(&kind).map_err(at("engineLabel"))?;
    Ok(read_config(kind, &config).map_err(js_err)?.label(kind))
}

/// `evaluationConfig(kind, mover, other)`: the player whose search gives the values a board
/// shows for every move, given the side to move's configuration and the other side's
/// (checked as `checkEngineConfig` does): on tic-tac-toe exact α-β to the end, on Connect-4
/// the side to move's engine, else the other side's, else H-minimax to depth 8.
#[wasm_bindgen(js_name = evaluationConfig, unchecked_return_type = "EngineConfig")]
pub fn evaluation_config(
    #[wasm_bindgen(unchecked_param_type = "'ttt' | 'c4'")] kind: JsValue,
    #[wasm_bindgen(unchecked_param_type = "EngineConfigIn")] mover: JsValue,
    #[wasm_bindgen(unchecked_param_type = "EngineConfigIn")] other: JsValue,
) -> Result<JsValue, JsError> {
    let place = at("evaluationConfig");
    let kind = kind_arg(&kind).map_err(&place)?;
    let mover = read_config(kind, &mover).map_err(&place)?;
    let other = read_config(kind, &other).map_err(&place)?;
    to_js(&EngineConfig::from(&PlayerConfig::for_evaluation(kind, &mover, &other)))
}

/// A move in `play()` units.
fn move_js(kind: BoardKind, a: u8) -> f64 {
    match kind {
        BoardKind::TicTacToe => <TicTacToe as Skin>::action_js(a),
        BoardKind::Connect4 => <Connect4 as Skin>::action_js(a),
    }
}

/// Engine.step() and Engine.progress().
#[derive(Serialize, tsify_next::Tsify)]
#[tsify(missing_as_null)]
#[serde(rename_all = "camelCase")]
struct EngineProgress {
    /// Deepest finished depth (0: none yet; null: to the end of the game).
    depth: Option<f64>,
    nodes: f64,
    /// Depths searched, MCTS iterations, or solver columns solved.
    iterations: f64,
    /// Best move so far, play() units.
    best: Option<f64>,
    /// Value so far, to MAX (X).
    value: Option<f64>,
    done: bool,
    /// The solver gave up and its α-β fallback is searching.
    fell_back: bool,
}

/// A proven result (the core's `Proven`), from the side to move at the root, plies from the
/// root: `{outcome: 'win', plies: 1, words: 'wins in 1', label: 'win in 1', long: 'wins in 1
/// ply'}`; a draw has `plies: null`, words 'draws', label 'draw'.
#[derive(Serialize, tsify_next::Tsify)]
#[tsify(missing_as_null)]
#[serde(rename_all = "camelCase")]
struct Proven {
    #[tsify(type = "'win' | 'loss' | 'draw'")]
    outcome: &'static str,
    /// null for a draw.
    plies: Option<f64>,
    /// 'wins in 1' | 'loses in 4' | 'draws' (after the player's name).
    words: String,
    /// 'win in 1' | 'loss in 4' | 'draw' (a move's label).
    label: String,
    /// 'wins in 1 ply' | 'loses in 4 plies' | 'draws'.
    long: String,
}

impl From<plyground::play::engine::Proven> for Proven {
    fn from(p: plyground::play::engine::Proven) -> Self {
        Proven {
            outcome: p.name(),
            plies: p.plies().map(f64::from),
            words: p.words(),
            label: p.label(),
            long: p.long_words(),
        }
    }
}

/// One root move's score in an EngineResult.
#[derive(Serialize, tsify_next::Tsify)]
#[tsify(missing_as_null)]
#[serde(rename_all = "camelCase")]
struct EngineScore {
    #[serde(rename = "move")]
    mv: f64,
    /// To MAX (X).
    value: Option<f64>,
    /// From the side to move.
    score: Option<f64>,
    /// What `score` is, from the side to move.
    #[tsify(type = "'exact' | 'lower' | 'upper' | 'estimate' | 'missing'")]
    bound: &'static str,
    /// MCTS: visits N.
    #[serde(skip_serializing_if = "Option::is_none")]
    n: Option<f64>,
    /// MCTS: the mean reward W/N in [0, 1] for the side to move.
    #[serde(skip_serializing_if = "Option::is_none")]
    q: Option<f64>,
    /// The proven result of playing this move, for the side to move (null: not proven).
    proven: Option<Proven>,
    /// "win" or "loss" when the exact solver's bound settles the game for the side to move
    /// (its distance not computed); null otherwise.
    #[tsify(type = "'win' | 'loss' | null")]
    settled: Option<&'static str>,
}

/// The counters of everything the engine did.
#[derive(Serialize, tsify_next::Tsify)]
#[tsify(missing_as_null)]
#[serde(rename_all = "camelCase")]
struct EngineStats {
    nodes: f64,
    leaves: f64,
    cutoffs: f64,
    max_depth: f64,
    tt_hits: f64,
    tt_misses: f64,
}

impl From<&plyground::Stats> for EngineStats {
    fn from(s: &plyground::Stats) -> Self {
        EngineStats {
            nodes: s.nodes as f64,
            leaves: s.leaves as f64,
            cutoffs: s.cutoffs as f64,
            max_depth: s.max_depth.into(),
            tt_hits: s.tt_hits as f64,
            tt_misses: s.tt_misses as f64,
        }
    }
}

/// Engine.result(): one record shape for every engine.
#[derive(Serialize, tsify_next::Tsify)]
#[tsify(missing_as_null)]
#[serde(rename_all = "camelCase")]
struct EngineResult {
    /// To MAX (X).
    value: f64,
    /// From the side to move.
    score: f64,
    /// The side to move at the root (0 = X).
    mover: f64,
    best: Option<f64>,
    best_index: Option<f64>,
    pv: Vec<f64>,
    scores: Vec<EngineScore>,
    exact: bool,
    complete: bool,
    /// The depth `value` comes from: null = to the end of the game, 0 = nothing finished.
    depth: Option<f64>,
    stats: EngineStats,
    /// MCTS iterations (0 for the others).
    iterations: f64,
    #[tsify(type = "'alphabeta' | 'minimax' | 'mcts' | 'solve' | 'solve+alphabeta'")]
    algo: &'static str,
    /// The solver gave up and its α-β fallback answered.
    fell_back: bool,
    /// The proven result at the root, for the side to move (null: an estimate or nothing).
    proven: Option<Proven>,
}

/// The options for `Stepper.forGame` (α-β, minimax), `Stepper.forSolve` (`algo: 'solve'`) or
/// the MCTS lab (`algo: 'mcts'`: `MctsStepper.forGame` with `c`, `seed` and `expansion`, run
/// for `iterations`).
#[derive(Serialize, Default, tsify_next::Tsify)]
#[tsify(missing_as_null)]
#[serde(rename_all = "camelCase")]
struct RecordOptions {
    #[tsify(type = "'minimax' | 'alphabeta' | 'mcts' | 'solve'")]
    algo: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(type = "'nonstrict' | 'strict'")]
    tie: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    order: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    seed: Option<f64>,
    /// α-β: null = to the end.
    #[serde(skip_serializing_if = "Option::is_none")]
    depth: Option<Option<f64>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    eval: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    tt: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    quiescence: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    iterative: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    budget: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    iterations: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    c: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(type = "'natural' | 'random'")]
    expansion: Option<&'static str>,
    /// Tic-tac-toe players: the engines' game (wins scored by distance) is recorded.
    #[serde(skip_serializing_if = "Option::is_none")]
    fast_wins: Option<bool>,
}

fn record_options(spec: &SearchSpec) -> RecordOptions {
    match spec {
        SearchSpec::Minimax { .. } => RecordOptions { algo: "minimax", ..Default::default() },
        SearchSpec::AlphaBeta { opts, eval, iterative } => {
            let (order, seed) = match opts.order {
                MoveOrder::Random(s) => ("random".to_string(), Some(s as f64)),
                o => (o.to_string(), None),
            };
            RecordOptions {
                algo: "alphabeta",
                tie: Some(match opts.tie {
                    plyground::TieRule::NonStrict => "nonstrict",
                    plyground::TieRule::Strict => "strict",
                }),
                order: Some(order),
                seed,
                depth: Some(opts.depth.map(f64::from)),
                eval: Some(*eval),
                tt: Some(opts.tt_log2.is_some()),
                quiescence: Some(opts.quiescence),
                iterative: Some(*iterative),
                budget: opts.node_budget.map(|b| b as f64),
                ..Default::default()
            }
        }
        SearchSpec::Mcts { opts, iterations } => RecordOptions {
            algo: "mcts",
            iterations: Some((*iterations).into()),
            c: Some(opts.c),
            seed: Some(opts.seed as f64),
            expansion: Some(match opts.expansion {
                plyground::search::mcts::Expansion::Natural => "natural",
                plyground::search::mcts::Expansion::Random => "random",
            }),
            ..Default::default()
        },
        SearchSpec::Solve { budget, .. } => {
            RecordOptions { algo: "solve", budget: Some(*budget as f64), ..Default::default() }
        }
    }
}

/// A player's search on one position, stepped: `step(slice)` does a bounded piece of work
/// (one depth, one solver column, at most `slice` MCTS iterations) and reports progress;
/// `result()` is the answer so far, final once `done`. Independent of the `Game` it was made
/// from (the position is copied).
#[wasm_bindgen(js_name = Engine)]
pub struct EngineHandle {
    kind: BoardKind,
    mover: Player,
    inner: PlayerEngine,
}

#[wasm_bindgen(js_class = Engine)]
impl EngineHandle {
    /// `Engine.forGame(game, config)`: the engine `config` (checked as `checkEngineConfig`
    /// does) plays with at `game`'s position. Throws naming the field, or when the player
    /// does not search (a human) or cannot play the game.
    #[wasm_bindgen(js_name = forGame)]
    pub fn for_game(
        game: &GameHandle,
        #[wasm_bindgen(unchecked_param_type = "EngineConfigIn")] config: JsValue,
    ) -> Result<EngineHandle, JsError> {
        let place = at("Engine.forGame");
        let (kind, pos, mover) = match &game.pos {
            Position::Ttt(h) => {
                (BoardKind::TicTacToe, BoardPosition::TicTacToe(*h.state()), TicTacToe.player(h.state()))
            }
            Position::C4(h) => {
                (BoardKind::Connect4, BoardPosition::Connect4(*h.state()), Connect4.player(h.state()))
            }
        };
        let cfg = read_config(kind, &config).map_err(&place)?;
        let mut inner = PlayerEngine::new(&cfg, pos).map_err(&place)?;
        inner.set_book(crate::book::current());
        let mover = match mover {
            ToMove::Player(p) => p,
            ToMove::Chance => Player::MAX,
        };
        Ok(EngineHandle { kind, mover, inner })
    }

    /// True when this engine would use the Connect-4 opening book and none is loaded (the
    /// perfect player on a position with at most the book's depth in stones): load it with
    /// `loadConnect4Book` and make the engine again, or its search may fall back to α-β.
    #[wasm_bindgen(getter, js_name = wantsBook)]
    pub fn wants_book(&self) -> bool {
        self.inner.wants_book(crate::book::depth())
    }

    /// The work per `step` the core suggests (MCTS iterations; ignored by the others).
    #[wasm_bindgen(getter)]
    pub fn slice(&self) -> f64 {
        self.inner.slice() as f64
    }

    /// No work is left: `result()` is final.
    #[wasm_bindgen(getter)]
    pub fn done(&self) -> bool {
        self.inner.progress().done
    }

    /// The checked configuration it plays.
    #[wasm_bindgen(unchecked_return_type = "EngineConfig")]
    pub fn config(&self) -> Result<JsValue, JsError> {
        to_js(&EngineConfig::from(self.inner.config()))
    }

    /// Who plays, with settings ("H-minimax (EVAL), depth 6, TT").
    #[wasm_bindgen(getter)]
    pub fn label(&self) -> String {
        self.inner.config().label(self.kind)
    }

    /// One bounded piece of work (`slice`: MCTS iterations, default the `slice` getter's;
    /// ignored by the others); returns the progress after it. Does nothing once done.
    #[wasm_bindgen(unchecked_return_type = "EngineProgress")]
    pub fn step(
        &mut self,
        #[wasm_bindgen(unchecked_optional_param_type = "number")] slice: Option<JsValue>,
    ) -> Result<JsValue, JsError> {
        let slice = match slice {
            Some(v) if !(v.is_undefined() || v.is_null()) => {
                let x = crate::util::number_arg("slice", &v).map_err(at("Engine.step"))?;
                crate::util::int_in("slice", x, 1, plyground::play::players::MAX_PLAYER_ITERATIONS.into())
                    .map_err(at("Engine.step"))?
            }
            _ => self.inner.slice(),
        };
        let p = self.inner.step(slice);
        self.progress_out(&p)
    }

    /// Where the search is, without working.
    #[wasm_bindgen(unchecked_return_type = "EngineProgress")]
    pub fn progress(&self) -> Result<JsValue, JsError> {
        self.progress_out(&self.inner.progress())
    }

    /// The answer so far (final once `done`): one record shape for every engine.
    #[wasm_bindgen(unchecked_return_type = "EngineResult")]
    pub fn result(&self) -> Result<JsValue, JsError> {
        let r = self.inner.result();
        to_js(&self.result_out(&r))
    }

    /// The options that record the search whose move is played (`algo: 'solve'` →
    /// `Stepper.forSolve`; `'mcts'` → the MCTS lab; else `Stepper.forGame`). After the
    /// solver fell back, the fallback α-β's options.
    #[wasm_bindgen(js_name = searchOptions, unchecked_return_type = "RecordOptions")]
    pub fn search_options(&self) -> Result<JsValue, JsError> {
        let mut o = record_options(&self.inner.search_spec());
        if self.inner.fast_wins() {
            o.fast_wins = Some(true);
        }
        to_js(&o)
    }
}

impl EngineHandle {
    fn progress_out(&self, p: &Progress<u8>) -> Result<JsValue, JsError> {
        to_js(&EngineProgress {
            depth: depth_js(p.depth),
            nodes: p.nodes as f64,
            iterations: p.iterations.into(),
            best: p.best.map(|a| move_js(self.kind, a)),
            value: p.value,
            done: p.done,
            fell_back: self.inner.fell_back(),
        })
    }

    fn result_out(&self, r: &plyground::play::engine::EngineResult<u8>) -> EngineResult {
        let min = self.mover != Player::MAX;
        let mine = |v: f64| if min { -v } else { v };
        EngineResult {
            value: r.value,
            score: r.score,
            mover: self.mover.0.into(),
            best: r.best.map(|a| move_js(self.kind, a)),
            best_index: r.best_index.map(|i| i as f64),
            pv: r.pv.iter().map(|&a| move_js(self.kind, a)).collect(),
            scores: r
                .scores
                .iter()
                .map(|m| EngineScore {
                    mv: move_js(self.kind, m.action),
                    value: m.value,
                    score: m.value.map(mine),
                    bound: match (m.bound, min) {
                        (ScoreBound::Lower, true) => "upper",
                        (ScoreBound::Upper, true) => "lower",
                        (b, _) => b.name(),
                    },
                    n: m.visits.map(f64::from),
                    q: m.reward,
                    proven: m.proven.map(Proven::from),
                    settled: r.settled(m, min),
                })
                .collect(),
            exact: r.exact,
            complete: r.complete,
            depth: depth_js(r.depth),
            stats: EngineStats::from(&r.stats),
            iterations: r.iterations.into(),
            algo: r.algo,
            fell_back: self.inner.fell_back(),
            proven: r.proven.map(Proven::from),
        }
    }
}
