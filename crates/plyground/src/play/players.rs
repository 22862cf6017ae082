//! The players the playground offers for its two board games (tic-tac-toe and Connect-4):
//! a human, or an engine with its settings — the engine policy in one place.
//!
//! - The catalogue ([`PlayerId::ALL`], [`PlayerId::name`], [`PlayerId::fields`],
//!   [`Field`]'s ranges, [`PlayerId::unavailable`]) is what the page's menus show.
//! - [`PlayerConfig::default_for`] holds the per-game defaults; [`check_config`] checks what
//!   a form, a link or an attribute gives (numbers or their text), with a message naming the
//!   field.
//! - [`search_spec`] turns a checked configuration into the one search the player runs
//!   ([`SearchSpec`]): its algorithm and every option spelled out, with [`PLAYER_BUDGET`]
//!   nodes for everything it does (per-move scores included).
//! - [`PlayerEngine::new`] builds that search as a stepped [`Engine`] on a position. Its
//!   [`search_spec`](PlayerEngine::search_spec) is what "Show me the search" records: the
//!   search that moved is the search that is drawn (after a solver fallback, the fallback's
//!   α-β — the search whose move was played).
//!
//! ## The engines
//!
//! | id | tic-tac-toe | Connect-4 |
//! |----|-------------|-----------|
//! | `minimax` | MINIMAX-DECISION to the end | refused (far too deep) |
//! | `alphabeta` | α-β to the end, or to `depth` with EVAL = 0 | α-β to `depth` (default 6), EVAL = 0 |
//! | `hminimax` | H-minimax: iterative deepening to `depth` with EVAL, optional TT and quiescence | the same (default depth 6, TT on) |
//! | `mcts` | MCTS, `iterations` with `c` and `seed` | the same |
//! | `perfect` | exact α-β to the end with a TT | the exact solver, falling back to deepening α-β ([`SolverEngine`]) |
//!
//! ## Fastest wins, proven results
//!
//! On tic-tac-toe every player that searches to terminal positions (minimax, α-β,
//! H-minimax, perfect) searches [`TicTacToe::FAST_WINS`]: UTILITY ±(1 + empty cells at the end),
//! so that it plays the fastest win and the slowest loss (an immediate win before a fork that
//! wins two moves later). The lessons' [`TicTacToe`] (±1) stays the game of every lesson
//! figure and of the wasm API's `searchGame` and `Stepper.forGame` unless asked
//! ([`PlayerEngine::fast_wins`]: "Show me the search" records the engine's game). MCTS plays
//! the lessons' game (its rewards are win, draw or loss).
//!
//! [`PlayerEngine::result`] marks every exact score and the root's value that is a proven
//! result with [`Proven`] (from the side to move, plies from the root): on Connect-4 a value
//! |v| ≥ 1 (EVAL stays inside (−1, 1)), on tic-tac-toe a value of the fast-win utility, both
//! read by [`crate::caption::Outcome`] — proven even inside a depth-limited search — and a
//! 0 of an exact search (a draw). MCTS-Solver's proofs come marked by its engine.
//!
//! ## When nothing finishes
//!
//! A player always moves. If its search ends without a move at a position that is not over
//! — not even depth 1 finished within the budget — [`PlayerEngine`] plays the first legal
//! move in the game's natural order: its result then has that move as `best` and `pv`,
//! value 0, depth 0, and is neither exact nor complete. (With [`PLAYER_BUDGET`] this does not
//! happen on these two games: depth 1 is at most eight nodes.)

use crate::caption::Outcome;
use crate::game::{Evaluator, Game, WeightedLinear};
use crate::games::connect4::{C4Eval, C4State, Connect4};
use crate::games::tictactoe::{TicTacToe, TttState};
use crate::play::engine::{
    solver_fallback_options, AlphaBetaEngine, Engine, EngineResult, MctsEngine, MinimaxEngine, Progress,
    Proven, ScoreBound, SolverEngine, DEFAULT_NODE_BUDGET, DEFAULT_SOLVER_SHARE,
};
use crate::search::alphabeta::{h_alpha_beta, AlphaBetaOptions, Deepening};
use crate::search::book::{self, Book};
use crate::search::mcts::{Expansion, MctsOptions};
use crate::search::MoveOrder;
use crate::search::SearchResult;
use crate::trace::Recorder;
use std::sync::Arc;

/// The node budget of every player's search (all it does, per-move scores included), except
/// the perfect player on Connect-4 ([`PERFECT_C4_BUDGET`]) and MCTS (iterations).
pub const PLAYER_BUDGET: u64 = DEFAULT_NODE_BUDGET;

/// The exact solver's share of the perfect player's budget on Connect-4: three times
/// `solveGame`'s ([`DEFAULT_SOLVER_SHARE`]). Most moves take far less (at plies 9–12, 200
/// seeded positions a ply: 95 % of the moves within 4.5 M nodes), but the move of the hardest
/// positions just past the opening book takes 23–31 M nodes (3 of those 800), and the perfect
/// player must not fall back to an estimate there. What the move leaves settles the other
/// columns' win, draw or loss ([`SolverEngine`]): at plies 9–14 (100 seeded positions a
/// ply) always, for all the move and the columns took at most 58 M nodes.
pub const PERFECT_C4_SOLVER_SHARE: u64 = 3 * DEFAULT_SOLVER_SHARE;

/// The perfect player's budget on Connect-4: the solver's share ([`PERFECT_C4_SOLVER_SHARE`])
/// plus a whole [`DEFAULT_NODE_BUDGET`] for the α-β fallback.
pub const PERFECT_C4_BUDGET: u64 = PERFECT_C4_SOLVER_SHARE + DEFAULT_NODE_BUDGET;

/// The transposition table of tic-tac-toe (and explicit trees), log2 of its slots: 64 Ki.
pub const TT_LOG2_SMALL: u32 = 16;
/// The transposition table of Connect-4, log2 of its slots: 256 Ki (about 10 MB).
pub const TT_LOG2_C4: u32 = 18;

pub use crate::limits::{EVALUATION_DEPTH_C4, MAX_PLAYER_C, MAX_PLAYER_DEPTH, MAX_PLAYER_ITERATIONS};
/// The MCTS tree's node cap of a player (as the wasm API's searches: one more than the most
/// iterations).
pub const MCTS_MAX_NODES: u32 = MAX_PLAYER_ITERATIONS + 1;

/// The two board games the players play.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum BoardKind {
    /// Tic-tac-toe (`ttt`).
    TicTacToe,
    /// Connect-4 (`c4`).
    Connect4,
}

impl BoardKind {
    /// `ttt` or `c4`.
    pub fn id(self) -> &'static str {
        match self {
            BoardKind::TicTacToe => "ttt",
            BoardKind::Connect4 => "c4",
        }
    }

    /// The game of an id, or why it is not one.
    pub fn from_id(id: &str) -> Result<Self, String> {
        match id {
            "ttt" => Ok(BoardKind::TicTacToe),
            "c4" => Ok(BoardKind::Connect4),
            _ => Err(format!("unknown game '{id}' (expected 'ttt' or 'c4')")),
        }
    }

    /// Log2 of the slots of this game's transposition table.
    pub fn tt_log2(self) -> u32 {
        match self {
            BoardKind::TicTacToe => TT_LOG2_SMALL,
            BoardKind::Connect4 => TT_LOG2_C4,
        }
    }

    /// The searches the playground records on this game (`Stepper.forGame`, and the exact
    /// solver's `Stepper.forSolve` as `solve`), in menu order (α-β is the default): minimax
    /// only where the whole
    /// game can be searched without pruning (tic-tac-toe's 549,946 nodes; Connect-4 has about
    /// 4.5·10¹² positions), the solver only where there is one (Connect-4).
    pub fn algorithms(self) -> &'static [&'static str] {
        match self {
            BoardKind::TicTacToe => &["minimax", "alphabeta"],
            BoardKind::Connect4 => &["alphabeta", "solve"],
        }
    }

    /// The move order of every α-β player on this game: natural on tic-tac-toe, centre
    /// first on Connect-4.
    pub fn order(self) -> MoveOrder {
        match self {
            BoardKind::TicTacToe => MoveOrder::Natural,
            BoardKind::Connect4 => MoveOrder::Heuristic,
        }
    }
}

/// Who plays a side.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum PlayerId {
    /// A person (no search).
    Human,
    /// MINIMAX-DECISION.
    Minimax,
    /// The textbook α-β: terminal utilities only (EVAL = 0 at a depth cutoff).
    AlphaBeta,
    /// H-minimax: α-β with EVAL at the cutoff, iterative deepening.
    HMinimax,
    /// Monte Carlo tree search.
    Mcts,
    /// The strongest player: exact α-β (tic-tac-toe) or the exact solver (Connect-4).
    Perfect,
}

/// A setting of a player.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum Field {
    /// Depth limit in plies.
    Depth,
    /// Transposition table on or off.
    Tt,
    /// Quiescence search past the cutoff.
    Quiescence,
    /// MCTS iterations.
    Iterations,
    /// MCTS exploration constant.
    C,
    /// MCTS seed.
    Seed,
}

/// What kind of value a field holds.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum FieldKind {
    /// A whole number in `min..=max`.
    Int,
    /// Any number in `min..=max`.
    Number,
    /// On or off.
    Bool,
}

impl Field {
    /// The field's key in a configuration: `depth`, `tt`, `quiescence`, `iterations`, `c`,
    /// `seed`.
    pub fn key(self) -> &'static str {
        match self {
            Field::Depth => "depth",
            Field::Tt => "tt",
            Field::Quiescence => "quiescence",
            Field::Iterations => "iterations",
            Field::C => "c",
            Field::Seed => "seed",
        }
    }

    /// The label a form shows: `Depth`, `TT`, `quiescence`, `Iterations`, `C`, `Seed`.
    pub fn label(self) -> &'static str {
        match self {
            Field::Depth => "Depth",
            Field::Tt => "TT",
            Field::Quiescence => "quiescence",
            Field::Iterations => "Iterations",
            Field::C => "C",
            Field::Seed => "Seed",
        }
    }

    /// Its kind.
    pub fn kind(self) -> FieldKind {
        match self {
            Field::Depth | Field::Iterations | Field::Seed => FieldKind::Int,
            Field::C => FieldKind::Number,
            Field::Tt | Field::Quiescence => FieldKind::Bool,
        }
    }

    /// Its range (`(0, 1)` for booleans).
    pub fn range(self) -> (f64, f64) {
        match self {
            Field::Depth => (1.0, MAX_PLAYER_DEPTH as f64),
            Field::Iterations => (1.0, MAX_PLAYER_ITERATIONS as f64),
            Field::C => (0.0, MAX_PLAYER_C),
            Field::Seed => (0.0, u32::MAX as f64),
            Field::Tt | Field::Quiescence => (0.0, 1.0),
        }
    }

    /// The step of a number input (1 for whole numbers, 0.001 for C, 0 for booleans).
    pub fn step(self) -> f64 {
        match self.kind() {
            FieldKind::Int => 1.0,
            FieldKind::Number => 0.001,
            FieldKind::Bool => 0.0,
        }
    }
}

impl PlayerId {
    /// Every player, in the order the menus list them.
    pub const ALL: [PlayerId; 6] = [
        PlayerId::Human,
        PlayerId::Minimax,
        PlayerId::AlphaBeta,
        PlayerId::HMinimax,
        PlayerId::Mcts,
        PlayerId::Perfect,
    ];

    /// `human`, `minimax`, `alphabeta`, `hminimax`, `mcts`, `perfect`.
    pub fn id(self) -> &'static str {
        match self {
            PlayerId::Human => "human",
            PlayerId::Minimax => "minimax",
            PlayerId::AlphaBeta => "alphabeta",
            PlayerId::HMinimax => "hminimax",
            PlayerId::Mcts => "mcts",
            PlayerId::Perfect => "perfect",
        }
    }

    /// The player of an id, or why it is not one.
    pub fn from_id(id: &str) -> Result<Self, String> {
        PlayerId::ALL.into_iter().find(|p| p.id() == id).ok_or_else(|| {
            let ids: Vec<&str> = PlayerId::ALL.iter().map(|p| p.id()).collect();
            format!("unknown engine \"{id}\" (expected {})", ids.join(", "))
        })
    }

    /// The menu name.
    pub fn name(self) -> &'static str {
        match self {
            PlayerId::Human => "Human",
            PlayerId::Minimax => "Minimax",
            PlayerId::AlphaBeta => "α-β",
            PlayerId::HMinimax => "H-minimax (EVAL)",
            PlayerId::Mcts => "MCTS",
            PlayerId::Perfect => "Perfect",
        }
    }

    /// The settings it has, in the order a form shows them.
    pub fn fields(self) -> &'static [Field] {
        match self {
            PlayerId::Human | PlayerId::Minimax | PlayerId::Perfect => &[],
            PlayerId::AlphaBeta => &[Field::Depth],
            PlayerId::HMinimax => &[Field::Depth, Field::Tt, Field::Quiescence],
            PlayerId::Mcts => &[Field::Iterations, Field::C, Field::Seed],
        }
    }

    /// Why it cannot play `kind`, if it cannot.
    pub fn unavailable(self, kind: BoardKind) -> Option<&'static str> {
        match (self, kind) {
            (PlayerId::Minimax, BoardKind::Connect4) => {
                Some("minimax searches to the end of the game: only tic-tac-toe is small enough")
            }
            _ => None,
        }
    }

    /// The player a side with this one becomes when its game changes to `kind`: minimax
    /// cannot play Connect-4 and α-β without EVAL plays it weakly, so both become
    /// H-minimax there; H-minimax becomes α-β on tic-tac-toe (small enough to search to the
    /// end). Every other player stays itself.
    pub fn on_game(self, kind: BoardKind) -> PlayerId {
        match (self, kind) {
            (PlayerId::Minimax | PlayerId::AlphaBeta, BoardKind::Connect4) => PlayerId::HMinimax,
            (PlayerId::HMinimax, BoardKind::TicTacToe) => PlayerId::AlphaBeta,
            (p, _) => p,
        }
    }

    /// May its depth be empty ("to the end of the game") on `kind`? Only plain α-β on
    /// tic-tac-toe; H-minimax takes its default depth instead.
    pub fn depth_may_be_empty(self, kind: BoardKind) -> bool {
        match self {
            PlayerId::AlphaBeta => kind == BoardKind::TicTacToe,
            PlayerId::HMinimax => true,
            _ => false,
        }
    }
}

/// A checked configuration of a side: who plays it and every setting (the ones the player
/// does not have keep their defaults).
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerConfig {
    /// Who plays.
    pub player: PlayerId,
    /// α-β / H-minimax depth limit (None: to the end of the game).
    pub depth: Option<u32>,
    /// H-minimax: transposition table.
    pub tt: bool,
    /// H-minimax: quiescence search.
    pub quiescence: bool,
    /// MCTS iterations.
    pub iterations: u32,
    /// MCTS exploration constant.
    pub c: f64,
    /// MCTS seed.
    pub seed: u32,
}

impl PlayerConfig {
    /// The defaults of `player` on `kind`.
    pub fn default_for(kind: BoardKind, player: PlayerId) -> Self {
        let c4 = kind == BoardKind::Connect4;
        PlayerConfig {
            player,
            depth: match player {
                PlayerId::HMinimax => Some(if c4 { 6 } else { 4 }),
                PlayerId::AlphaBeta if c4 => Some(6),
                _ => None,
            },
            tt: player == PlayerId::HMinimax,
            quiescence: false,
            iterations: if c4 { 5000 } else { 2000 },
            c: 1.414,
            seed: 1,
        }
    }

    /// The player whose search gives the values a board shows for every move at a position
    /// where `mover` is to move and `other` waits: on tic-tac-toe exact α-β to the end (each
    /// cell's game value); on Connect-4 the engine of the side to move, else the other side's
    /// (the values the game's own engines see), else H-minimax to [`EVALUATION_DEPTH_C4`].
    pub fn for_evaluation(kind: BoardKind, mover: &PlayerConfig, other: &PlayerConfig) -> Self {
        match kind {
            BoardKind::TicTacToe => {
                PlayerConfig { depth: None, ..PlayerConfig::default_for(kind, PlayerId::AlphaBeta) }
            }
            BoardKind::Connect4 => match [mover, other].into_iter().find(|c| c.player != PlayerId::Human) {
                Some(c) => c.clone(),
                None => PlayerConfig {
                    depth: Some(EVALUATION_DEPTH_C4),
                    ..PlayerConfig::default_for(kind, PlayerId::HMinimax)
                },
            },
        }
    }

    /// A short description with the settings that matter: "H-minimax (EVAL), depth 6, TT",
    /// "MCTS, 2000 iterations, C 1.414, seed 1", "Perfect (exact solver)".
    pub fn label(&self, kind: BoardKind) -> String {
        let name = self.player.name();
        match self.player {
            PlayerId::AlphaBeta => match self.depth {
                None => name.to_string(),
                Some(d) => format!("{name}, depth {d}"),
            },
            PlayerId::HMinimax => format!(
                "{name}, depth {}{}{}",
                self.depth.unwrap_or(0),
                if self.tt { ", TT" } else { "" },
                if self.quiescence { ", quiescence" } else { "" }
            ),
            PlayerId::Mcts => format!(
                "{name}, {} iterations, C {}, seed {}",
                self.iterations,
                crate::decimal::display(self.c),
                self.seed
            ),
            PlayerId::Perfect => match kind {
                BoardKind::TicTacToe => format!("{name} (exact α-β)"),
                BoardKind::Connect4 => format!("{name} (exact solver)"),
            },
            PlayerId::Human | PlayerId::Minimax => name.to_string(),
        }
    }
}

/// A value as a form, a link or a caller gives it, before checking.
#[derive(Clone, Debug, PartialEq)]
pub enum RawValue {
    /// `null`, or an empty text: "nothing" (to the end, for a depth; off, for a switch).
    Null,
    /// A switch.
    Bool(bool),
    /// A number.
    Number(f64),
    /// A text (a form's input): read as a number, `true` or `false`.
    Text(String),
}

/// A configuration as given: the engine's id and any settings (absent: the default).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RawConfig {
    /// The player's id.
    pub engine: String,
    /// `depth`.
    pub depth: Option<RawValue>,
    /// `tt`.
    pub tt: Option<RawValue>,
    /// `quiescence`.
    pub quiescence: Option<RawValue>,
    /// `iterations`.
    pub iterations: Option<RawValue>,
    /// `c`.
    pub c: Option<RawValue>,
    /// `seed`.
    pub seed: Option<RawValue>,
}

impl RawConfig {
    fn get(&self, f: Field) -> Option<&RawValue> {
        match f {
            Field::Depth => self.depth.as_ref(),
            Field::Tt => self.tt.as_ref(),
            Field::Quiescence => self.quiescence.as_ref(),
            Field::Iterations => self.iterations.as_ref(),
            Field::C => self.c.as_ref(),
            Field::Seed => self.seed.as_ref(),
        }
    }
}

/// A number from a raw value (`None`: nothing given), or `Err(())` when it is not one.
fn number_of(v: &RawValue) -> Result<Option<f64>, ()> {
    match v {
        RawValue::Null => Ok(None),
        RawValue::Number(x) => Ok(Some(*x)),
        RawValue::Text(t) if t.trim().is_empty() => Ok(None),
        RawValue::Text(t) => crate::decimal::parse(t.trim()).map(Some).ok_or(()),
        RawValue::Bool(_) => Err(()),
    }
}

/// Checks a configuration for `kind`: the engine must exist and play the game, and each of
/// its settings must lie in its range. Settings it does not have are ignored (they keep
/// their defaults). Errors name the field: "depth must be a whole number from 1 to 42".
pub fn check_config(kind: BoardKind, raw: &RawConfig) -> Result<PlayerConfig, String> {
    let player = PlayerId::from_id(&raw.engine)?;
    if let Some(why) = player.unavailable(kind) {
        return Err(why.to_string());
    }
    let mut cfg = PlayerConfig::default_for(kind, player);
    for &f in player.fields() {
        let Some(v) = raw.get(f) else { continue };
        let (min, max) = f.range();
        match f.kind() {
            FieldKind::Bool => {
                let on = match v {
                    RawValue::Null => false,
                    RawValue::Bool(b) => *b,
                    RawValue::Text(t) if t == "true" => true,
                    RawValue::Text(t) if t == "false" || t.is_empty() => false,
                    _ => return Err(format!("{} must be true or false", f.key())),
                };
                if f == Field::Tt {
                    cfg.tt = on;
                } else {
                    cfg.quiescence = on;
                }
            }
            FieldKind::Int => {
                let empty_ok = f == Field::Depth && player.depth_may_be_empty(kind);
                let bad = || {
                    format!(
                        "{} must be a whole number from {} to {}{}",
                        f.key(),
                        min as u64,
                        max as u64,
                        if empty_ok && player == PlayerId::AlphaBeta {
                            " (or empty: to the end)"
                        } else {
                            ""
                        }
                    )
                };
                let n = match number_of(v).map_err(|_| bad())? {
                    None if empty_ok => None,
                    None => return Err(bad()),
                    Some(x) if x.fract() == 0.0 && (min..=max).contains(&x) => Some(x),
                    Some(_) => return Err(bad()),
                };
                match f {
                    Field::Depth => {
                        cfg.depth = match n {
                            Some(x) => Some(x as u32),
                            // H-minimax needs a depth: empty means its default.
                            None => PlayerConfig::default_for(kind, player).depth,
                        }
                    }
                    Field::Iterations => cfg.iterations = n.map_or(cfg.iterations, |x| x as u32),
                    _ => cfg.seed = n.map_or(cfg.seed, |x| x as u32),
                }
            }
            FieldKind::Number => {
                let bad = || format!("C must be a number from {} to {}", min as u64, max as u64);
                match number_of(v).map_err(|_| bad())? {
                    Some(x) if x.is_finite() && (min..=max).contains(&x) => cfg.c = x,
                    _ => return Err(bad()),
                }
            }
        }
    }
    Ok(cfg)
}

/// The one search a player runs, every option spelled out.
#[derive(Clone, Debug, PartialEq)]
pub enum SearchSpec {
    /// MINIMAX-DECISION to the end, within `budget` nodes.
    Minimax {
        /// Node budget.
        budget: u64,
    },
    /// α-β (`opts`, its `node_budget` is the budget), with the game's EVAL at the cutoff or
    /// EVAL = 0, deepening one depth at a time or one search.
    AlphaBeta {
        /// The options (tie rule, order, depth, TT, quiescence, node budget).
        opts: AlphaBetaOptions,
        /// The game's evaluation function at the depth cutoff (else EVAL = 0).
        eval: bool,
        /// Depth 1, 2, … up to `opts.depth` (the table, killers and best move carried).
        iterative: bool,
    },
    /// MCTS.
    Mcts {
        /// C, seed, expansion, tree cap.
        opts: MctsOptions,
        /// Iterations in all.
        iterations: u32,
    },
    /// The exact Connect-4 solver with its α-β fallback ([`SolverEngine`]).
    Solve {
        /// Nodes in all.
        budget: u64,
        /// The solver's share of them.
        solver_share: u64,
    },
}

/// The search `cfg` runs on `kind` (a human does not search).
pub fn search_spec(kind: BoardKind, cfg: &PlayerConfig) -> Result<SearchSpec, String> {
    if let Some(why) = cfg.player.unavailable(kind) {
        return Err(why.to_string());
    }
    let ab = |depth: Option<u32>, tt: bool, quiescence: bool| AlphaBetaOptions {
        order: kind.order(),
        depth,
        tt_log2: tt.then(|| kind.tt_log2()),
        quiescence,
        node_budget: Some(PLAYER_BUDGET),
        ..AlphaBetaOptions::default()
    };
    Ok(match cfg.player {
        PlayerId::Human => return Err("a human does not search".into()),
        PlayerId::Minimax => SearchSpec::Minimax { budget: PLAYER_BUDGET },
        // The textbook α-β: only terminal utilities (0 at the cutoff), one search.
        PlayerId::AlphaBeta => {
            SearchSpec::AlphaBeta { opts: ab(cfg.depth, false, false), eval: false, iterative: false }
        }
        PlayerId::HMinimax => SearchSpec::AlphaBeta {
            opts: ab(cfg.depth.or(PlayerConfig::default_for(kind, cfg.player).depth), cfg.tt, cfg.quiescence),
            eval: true,
            iterative: true,
        },
        PlayerId::Mcts => SearchSpec::Mcts {
            opts: MctsOptions {
                c: cfg.c,
                seed: u64::from(cfg.seed),
                expansion: Expansion::Natural,
                max_nodes: MCTS_MAX_NODES,
                // The players' MCTS is the plain search (MCTS-Solver is the lab's option).
                solver: false,
            },
            iterations: cfg.iterations,
        },
        PlayerId::Perfect => match kind {
            BoardKind::TicTacToe => {
                SearchSpec::AlphaBeta { opts: ab(None, true, false), eval: false, iterative: false }
            }
            BoardKind::Connect4 => {
                SearchSpec::Solve { budget: PERFECT_C4_BUDGET, solver_share: PERFECT_C4_SOLVER_SHARE }
            }
        },
    })
}

/// A position of one of the two board games.
#[derive(Copy, Clone, Debug)]
pub enum BoardPosition {
    /// Tic-tac-toe.
    TicTacToe(TttState),
    /// Connect-4.
    Connect4(C4State),
}

impl BoardPosition {
    /// Its game.
    pub fn kind(&self) -> BoardKind {
        match self {
            BoardPosition::TicTacToe(_) => BoardKind::TicTacToe,
            BoardPosition::Connect4(_) => BoardKind::Connect4,
        }
    }

    /// The first legal move in natural order (None at the end of the game).
    #[inline]
    fn first_action(&self) -> Option<u8> {
        let mut acts = Vec::new();
        match self {
            BoardPosition::TicTacToe(s) => TicTacToe.actions(s, &mut acts),
            BoardPosition::Connect4(s) => Connect4.actions(s, &mut acts),
        }
        acts.first().copied()
    }
}

/// The game's evaluation function, or none (EVAL = 0, every position quiet — what
/// [`NoEval`](crate::search::alphabeta::NoEval) does). One type for both, so that each game compiles
/// one α-β engine whichever the player (the wasm module is smaller), shared with the wasm
/// API's searches and the solver's fallback.
#[derive(Clone, Debug, Default)]
pub struct OptionalEval<E>(pub Option<E>);

impl<G: Game, E: Evaluator<G>> Evaluator<G> for OptionalEval<E> {
    fn eval(&self, game: &G, s: &G::State) -> f64 {
        self.0.as_ref().map_or(0.0, |e| e.eval(game, s))
    }
    fn is_quiescent(&self, game: &G, s: &G::State) -> bool {
        self.0.as_ref().is_none_or(|e| e.is_quiescent(game, s))
    }
    fn noisy_actions(&self, game: &G, s: &G::State, out: &mut Vec<G::Action>) {
        match &self.0 {
            Some(e) => e.noisy_actions(game, s, out),
            None => game.actions(s, out),
        }
    }
}

type BoxedEngine = Box<dyn Engine<Action = u8>>;

#[inline]
fn ab_engine<G, E>(
    game: G,
    eval: E,
    root: G::State,
    opts: AlphaBetaOptions,
    iterative: bool,
    refine: bool,
) -> BoxedEngine
where
    G: Game<Action = u8> + 'static,
    E: Evaluator<G> + 'static,
{
    Box::new(AlphaBetaEngine::with_refine(game, eval, root, opts, iterative, refine))
}

/// α-β on a board position as the players run it (the game's EVAL when `eval`, else EVAL =
/// 0; deepening when `iterative`; per-move scores refined within the budget when `refine`).
/// Not generic, so that its engine is the players' compiled code: the wasm API's one-shot
/// `searchGame` steps it to the end instead of compiling a second α-β engine per game.
#[inline]
pub fn board_alpha_beta(
    pos: BoardPosition,
    opts: AlphaBetaOptions,
    eval: bool,
    iterative: bool,
    refine: bool,
) -> Box<dyn Engine<Action = u8>> {
    match pos {
        BoardPosition::TicTacToe(s) => {
            let e = OptionalEval(eval.then(|| WeightedLinear::default_for(&TicTacToe, 1.0)));
            ab_engine(TicTacToe, e, s, opts, iterative, refine)
        }
        BoardPosition::Connect4(s) => {
            ab_engine(Connect4, OptionalEval(eval.then(C4Eval::default)), s, opts, iterative, refine)
        }
    }
}

/// α-β recorded by `rec`: deepening depth by depth when `iterative` (the steps of
/// [`Deepening`], without per-move scores), else one search to `opts.depth` — what "Show me
/// the search" draws. Generic for the explicit trees; the board games call
/// [`record_ttt_alpha_beta`] and [`record_c4_alpha_beta`].
pub fn record_alpha_beta<G: Game, E: Evaluator<G>>(
    game: &G,
    s: &G::State,
    eval: &E,
    opts: &AlphaBetaOptions,
    iterative: bool,
    rec: &mut Recorder<'_, G>,
) -> SearchResult<G::Action> {
    if iterative {
        let mut d = Deepening::new(game, *s, *opts, true, false);
        while !d.is_done() {
            d.step(game, eval, &mut *rec);
        }
        d.search_result()
    } else {
        h_alpha_beta(game, s, eval, opts, rec)
    }
}

/// [`record_alpha_beta`] on a tic-tac-toe position of `game` (the lessons' or the engines',
/// [`TicTacToe::FAST_WINS`]: what "Show me the search" records for a tic-tac-toe player,
/// [`PlayerEngine::fast_wins`]) with the game's EVAL when `eval` (else EVAL = 0). Not
/// generic, so that the recorded search and the players' engines share the game's compiled
/// move ordering (the wasm module is smaller).
#[inline]
pub fn record_ttt_alpha_beta(
    game: &TicTacToe,
    s: &TttState,
    opts: &AlphaBetaOptions,
    eval: bool,
    iterative: bool,
    rec: &mut Recorder<'_, TicTacToe>,
) -> SearchResult<u8> {
    let e = OptionalEval(eval.then(|| WeightedLinear::default_for(game, 1.0)));
    record_alpha_beta(game, s, &e, opts, iterative, rec)
}

/// [`record_ttt_alpha_beta`] for Connect-4.
#[inline]
pub fn record_c4_alpha_beta(
    s: &C4State,
    opts: &AlphaBetaOptions,
    eval: bool,
    iterative: bool,
    rec: &mut Recorder<'_, Connect4>,
) -> SearchResult<u8> {
    record_alpha_beta(&Connect4, s, &OptionalEval(eval.then(C4Eval::default)), opts, iterative, rec)
}

/// The engine of a spec on a position (the perfect player's α-β fallback is built here too).
#[inline]
fn build(spec: &SearchSpec, pos: BoardPosition) -> Result<Inner, String> {
    use BoardPosition as P;
    Ok(match (spec, pos) {
        (SearchSpec::Minimax { budget }, P::TicTacToe(s)) => {
            Inner::Any(Box::new(MinimaxEngine::new(TicTacToe::FAST_WINS, s, Some(*budget))))
        }
        (SearchSpec::Minimax { .. }, P::Connect4(_)) => {
            return Err(PlayerId::Minimax.unavailable(BoardKind::Connect4).unwrap_or_default().into())
        }
        (&SearchSpec::AlphaBeta { opts, eval, iterative }, P::TicTacToe(s)) => {
            let e = OptionalEval(eval.then(|| WeightedLinear::default_for(&TicTacToe::FAST_WINS, 1.0)));
            Inner::Any(ab_engine(TicTacToe::FAST_WINS, e, s, opts, iterative, true))
        }
        (&SearchSpec::AlphaBeta { opts, eval, iterative }, pos) => {
            Inner::Any(board_alpha_beta(pos, opts, eval, iterative, true))
        }
        (&SearchSpec::Mcts { opts, iterations }, P::TicTacToe(s)) => {
            Inner::Any(Box::new(MctsEngine::new(TicTacToe, s, opts, iterations)))
        }
        (&SearchSpec::Mcts { opts, iterations }, P::Connect4(s)) => {
            Inner::Any(Box::new(MctsEngine::new(Connect4, s, opts, iterations)))
        }
        (&SearchSpec::Solve { budget, solver_share }, P::Connect4(s)) => {
            Inner::Solver(Box::new(SolverEngine::new(s, budget, solver_share)))
        }
        (SearchSpec::Solve { .. }, P::TicTacToe(_)) => {
            return Err("the exact solver plays Connect-4 only".into())
        }
    })
}

enum Inner {
    Any(BoxedEngine),
    Solver(Box<SolverEngine>),
}

impl Inner {
    #[inline]
    fn engine(&self) -> &dyn Engine<Action = u8> {
        match self {
            Inner::Any(e) => e.as_ref(),
            Inner::Solver(e) => e.as_ref(),
        }
    }

    #[inline]
    fn engine_mut(&mut self) -> &mut dyn Engine<Action = u8> {
        match self {
            Inner::Any(e) => e.as_mut(),
            Inner::Solver(e) => e.as_mut(),
        }
    }
}

/// A player's engine on one position: the stepped search of its [`SearchSpec`], with the
/// policy of this module (a player always moves; see the module's documentation).
pub struct PlayerEngine {
    config: PlayerConfig,
    spec: SearchSpec,
    pos: BoardPosition,
    inner: Inner,
    /// After the solver gave up: its nodes, and the budget it left the α-β that answers.
    fallback: Option<(u64, u64)>,
}

impl PlayerEngine {
    /// The engine `cfg` plays with at `pos`. Refuses a human, and a player that cannot play
    /// the game.
    #[inline]
    pub fn new(cfg: &PlayerConfig, pos: BoardPosition) -> Result<Self, String> {
        let spec = search_spec(pos.kind(), cfg)?;
        let inner = build(&spec, pos)?;
        Ok(PlayerEngine { config: cfg.clone(), spec, pos, inner, fallback: None })
    }

    /// The configuration it plays.
    pub fn config(&self) -> &PlayerConfig {
        &self.config
    }

    /// The work per step that keeps progress reports a few dozen per search: MCTS runs
    /// `max(50, ⌈iterations / 40⌉)` iterations per step; the other engines do one depth (one
    /// column) per step whatever the slice.
    pub fn slice(&self) -> u64 {
        match self.spec {
            SearchSpec::Mcts { iterations, .. } => u64::from(iterations.div_ceil(40).max(50)),
            _ => 1,
        }
    }

    /// Whether an opening book of `depth` plies would settle part of this engine's search
    /// and none is in use: the exact solver (the perfect player on Connect-4) on a position
    /// with at most `depth` stones ([`book::helps`]: it solves the position itself first, so
    /// at the book's depth the book gives its score). The other players never use a book.
    pub fn wants_book(&self, depth: u8) -> bool {
        match &self.inner {
            Inner::Solver(s) => {
                s.book().is_none()
                    && !s.root().is_over()
                    && book::helps(s.root().moves().into(), depth, false)
            }
            Inner::Any(_) => false,
        }
    }

    /// Gives the exact solver (the perfect player on Connect-4) this opening book (or none)
    /// for the rest of its search; the other players ignore it.
    pub fn set_book(&mut self, b: Option<Arc<Book>>) {
        if let Inner::Solver(s) = &mut self.inner {
            s.set_book(b);
        }
    }

    /// True once the solver gave up and its α-β fallback answers.
    #[inline]
    pub fn fell_back(&self) -> bool {
        self.fallback.is_some()
    }

    /// Does the search whose move is played search the engines' tic-tac-toe,
    /// [`TicTacToe::FAST_WINS`] (so that recording it must use that game too)? True for every
    /// tic-tac-toe player but MCTS.
    pub fn fast_wins(&self) -> bool {
        matches!(self.pos, BoardPosition::TicTacToe(_))
            && matches!(self.spec, SearchSpec::Minimax { .. } | SearchSpec::AlphaBeta { .. })
    }

    /// The search whose move is played, as a spec to record: the player's own, or after a
    /// solver fallback the fallback's α-β (with the budget the solver left it).
    #[inline]
    pub fn search_spec(&self) -> SearchSpec {
        match self.fallback {
            Some((_, b)) => SearchSpec::AlphaBeta {
                opts: AlphaBetaOptions { node_budget: Some(b), ..solver_fallback_options() },
                eval: true,
                iterative: true,
            },
            None => self.spec.clone(),
        }
    }
}

impl Engine for PlayerEngine {
    type Action = u8;

    #[inline]
    fn step(&mut self, slice: u64) -> Progress<u8> {
        self.inner.engine_mut().step(slice);
        if let Inner::Solver(s) = &self.inner {
            if let Some(b) = s.fallback_budget() {
                // The solver gave up: deepening α-β with EVAL on what it left.
                self.fallback = Some((s.progress().nodes, b));
                let opts = AlphaBetaOptions { node_budget: Some(b), ..solver_fallback_options() };
                self.inner = Inner::Any(board_alpha_beta(self.pos, opts, true, true, true));
            }
        }
        self.progress()
    }

    #[inline]
    fn progress(&self) -> Progress<u8> {
        let p = self.inner.engine().progress();
        Progress { nodes: p.nodes + self.fallback.as_ref().map_or(0, |f| f.0), ..p }
    }

    #[inline]
    fn result(&self) -> EngineResult<u8> {
        let mut r = self.inner.engine().result();
        if let Some((nodes, _)) = self.fallback {
            r.stats.nodes += nodes;
            r.algo = "solve+alphabeta";
        }
        if r.best.is_none() && self.progress().done {
            // Not even depth 1 finished: a player always moves (the first legal move).
            if let Some(a) = self.pos.first_action() {
                r.best = Some(a);
                r.best_index = Some(0);
                r.pv = vec![a];
                r.value = 0.0;
                r.score = 0.0;
                r.exact = false;
                r.complete = false;
                r.depth = 0;
            }
        }
        if r.algo != "mcts" {
            mark_proven(self.pos, &mut r);
        }
        r
    }
}

/// Marks the proven results of a board engine's record (see the module's documentation):
/// every exact score and the root's value that a game result proves, for the side to move at
/// `pos`. Scores already marked (MCTS-Solver) stay as they are.
#[inline]
fn mark_proven(pos: BoardPosition, r: &mut EngineResult<u8>) {
    let exact = r.exact;
    let prove = |v: f64| -> Option<Proven> {
        let o = match pos {
            BoardPosition::TicTacToe(s) => Outcome::tictactoe(&s, v),
            BoardPosition::Connect4(s) => Outcome::connect4(&s, v),
        };
        o.map(Proven::from_outcome).or_else(|| (exact && v == 0.0).then_some(Proven::Draw))
    };
    for m in &mut r.scores {
        if let (None, ScoreBound::Exact, Some(v)) = (m.proven, m.bound, m.value) {
            m.proven = prove(v);
        }
    }
    if r.proven.is_none() && r.depth > 0 && r.best.is_some() {
        r.proven = prove(r.value);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw(engine: &str) -> RawConfig {
        RawConfig { engine: engine.into(), ..RawConfig::default() }
    }

    #[test]
    fn a_side_becomes_a_player_that_can_play_the_new_game() {
        let (ttt, c4) = (BoardKind::TicTacToe, BoardKind::Connect4);
        let on = |kind| PlayerId::ALL.iter().map(|p| p.on_game(kind).id()).collect::<Vec<_>>();
        assert_eq!(on(c4), ["human", "hminimax", "hminimax", "hminimax", "mcts", "perfect"]);
        assert_eq!(on(ttt), ["human", "minimax", "alphabeta", "alphabeta", "mcts", "perfect"]);
        for kind in [ttt, c4] {
            assert!(PlayerId::ALL.iter().all(|p| p.on_game(kind).unavailable(kind).is_none()));
        }
    }

    #[test]
    fn the_values_on_the_board_come_from_the_sides_engine_or_a_fixed_one() {
        let (ttt, c4) = (BoardKind::TicTacToe, BoardKind::Connect4);
        let human = PlayerConfig::default_for(c4, PlayerId::Human);
        let mcts = PlayerConfig::default_for(c4, PlayerId::Mcts);
        let ab = PlayerConfig::default_for(c4, PlayerId::AlphaBeta);
        let exact = PlayerConfig::for_evaluation(ttt, &mcts, &human);
        assert_eq!((exact.player, exact.depth), (PlayerId::AlphaBeta, None));
        assert_eq!(PlayerConfig::for_evaluation(c4, &mcts, &ab), mcts);
        assert_eq!(PlayerConfig::for_evaluation(c4, &human, &ab), ab);
        let fixed = PlayerConfig::for_evaluation(c4, &human, &human);
        assert_eq!((fixed.player, fixed.depth, fixed.tt), (PlayerId::HMinimax, Some(8), true));
    }

    #[test]
    fn defaults_and_labels() {
        let c4 = BoardKind::Connect4;
        let ttt = BoardKind::TicTacToe;
        assert_eq!(
            PlayerConfig::default_for(c4, PlayerId::HMinimax).label(c4),
            "H-minimax (EVAL), depth 6, TT"
        );
        assert_eq!(
            PlayerConfig::default_for(ttt, PlayerId::HMinimax).label(ttt),
            "H-minimax (EVAL), depth 4, TT"
        );
        assert_eq!(PlayerConfig::default_for(ttt, PlayerId::AlphaBeta).label(ttt), "α-β");
        assert_eq!(PlayerConfig::default_for(c4, PlayerId::AlphaBeta).label(c4), "α-β, depth 6");
        assert_eq!(
            PlayerConfig::default_for(ttt, PlayerId::Mcts).label(ttt),
            "MCTS, 2000 iterations, C 1.414, seed 1"
        );
        assert_eq!(PlayerConfig::default_for(c4, PlayerId::Perfect).label(c4), "Perfect (exact solver)");
        assert_eq!(PlayerConfig::default_for(ttt, PlayerId::Perfect).label(ttt), "Perfect (exact α-β)");
    }

    #[test]
    fn checks_name_the_field() {
        let c4 = BoardKind::Connect4;
        let ttt = BoardKind::TicTacToe;
        let with = |e: &str, f: fn(&mut RawConfig, RawValue), v: RawValue| {
            let mut r = raw(e);
            f(&mut r, v);
            r
        };
        let depth = |r: &mut RawConfig, v| r.depth = Some(v);
        assert_eq!(
            check_config(c4, &with("alphabeta", depth, RawValue::Text(String::new()))).unwrap_err(),
            "depth must be a whole number from 1 to 42"
        );
        assert_eq!(check_config(ttt, &with("alphabeta", depth, RawValue::Null)).unwrap().depth, None);
        assert_eq!(
            check_config(ttt, &with("alphabeta", depth, RawValue::Text("2.5".into()))).unwrap_err(),
            "depth must be a whole number from 1 to 42 (or empty: to the end)"
        );
        assert_eq!(
            check_config(ttt, &with("alphabeta", depth, RawValue::Text("3".into()))).unwrap().depth,
            Some(3)
        );
        assert_eq!(check_config(c4, &with("hminimax", depth, RawValue::Null)).unwrap().depth, Some(6));
        assert_eq!(
            check_config(ttt, &with("mcts", |r, v| r.iterations = Some(v), RawValue::Number(0.0)))
                .unwrap_err(),
            "iterations must be a whole number from 1 to 1000000"
        );
        assert_eq!(
            check_config(ttt, &with("mcts", |r, v| r.c = Some(v), RawValue::Text("x".into()))).unwrap_err(),
            "C must be a number from 0 to 100"
        );
        assert_eq!(
            check_config(ttt, &with("mcts", |r, v| r.seed = Some(v), RawValue::Number(-1.0))).unwrap_err(),
            "seed must be a whole number from 0 to 4294967295"
        );
        assert_eq!(
            check_config(ttt, &raw("chess")).unwrap_err(),
            "unknown engine \"chess\" (expected human, minimax, alphabeta, hminimax, mcts, perfect)"
        );
        assert_eq!(
            check_config(c4, &raw("minimax")).unwrap_err(),
            "minimax searches to the end of the game: only tic-tac-toe is small enough"
        );
        // A setting the engine does not have is ignored.
        assert_eq!(
            check_config(ttt, &with("alphabeta", |r, v| r.c = Some(v), RawValue::Text("x".into()))).unwrap(),
            PlayerConfig::default_for(ttt, PlayerId::AlphaBeta)
        );
    }

    #[test]
    fn specs_spell_out_every_option() {
        let c4 = BoardKind::Connect4;
        let hm = PlayerConfig { quiescence: true, ..PlayerConfig::default_for(c4, PlayerId::HMinimax) };
        assert_eq!(
            search_spec(c4, &hm).unwrap(),
            SearchSpec::AlphaBeta {
                opts: AlphaBetaOptions {
                    order: MoveOrder::Heuristic,
                    depth: Some(6),
                    tt_log2: Some(TT_LOG2_C4),
                    quiescence: true,
                    node_budget: Some(PLAYER_BUDGET),
                    ..AlphaBetaOptions::default()
                },
                eval: true,
                iterative: true,
            }
        );
        assert_eq!(
            search_spec(c4, &PlayerConfig::default_for(c4, PlayerId::Perfect)).unwrap(),
            SearchSpec::Solve { budget: 65_000_000, solver_share: 60_000_000 }
        );
        assert!(search_spec(c4, &PlayerConfig::default_for(c4, PlayerId::Human)).is_err());
    }

    #[test]
    fn the_perfect_player_solves_connect4_and_says_so() {
        let s = Connect4.try_parse_moves("4455443").unwrap();
        let cfg = PlayerConfig::default_for(BoardKind::Connect4, PlayerId::Perfect);
        let mut e = PlayerEngine::new(&cfg, BoardPosition::Connect4(s)).unwrap();
        let r = e.run(e.slice());
        assert!(r.exact && r.complete && !e.fell_back());
        assert_eq!(r.algo, "solve");
        assert_eq!(e.search_spec(), search_spec(BoardKind::Connect4, &cfg).unwrap());
    }

    #[test]
    fn the_perfect_player_falls_back_to_alpha_beta_on_what_the_solver_left() {
        // The empty board without the book does not solve in 20,000 nodes.
        let s = Connect4.initial_state();
        let spec = SearchSpec::Solve { budget: 100_000, solver_share: 20_000 };
        let cfg = PlayerConfig::default_for(BoardKind::Connect4, PlayerId::Perfect);
        let pos = BoardPosition::Connect4(s);
        let mut e =
            PlayerEngine { config: cfg, inner: build(&spec, pos).unwrap(), spec, pos, fallback: None };
        let r = e.run(1);
        assert!(e.fell_back());
        assert_eq!((r.algo, r.exact), ("solve+alphabeta", false));
        assert!(r.stats.nodes <= 100_000 && r.best.is_some() && r.depth >= 1, "{r:?}");
        assert_eq!(e.progress().nodes, r.stats.nodes);
        let (solver, left) = e.fallback.unwrap();
        assert!(solver <= 20_000 && solver + left == 100_000);
        let SearchSpec::AlphaBeta { opts, eval: true, iterative: true } = e.search_spec() else {
            panic!("the fallback's α-β is what is recorded")
        };
        assert_eq!(opts, AlphaBetaOptions { node_budget: Some(left), ..solver_fallback_options() });
    }

    #[test]
    fn a_player_always_moves() {
        // A budget of 1 node cannot finish depth 1: the first legal move is played.
        let s = TicTacToe.initial_state();
        let opts = AlphaBetaOptions { node_budget: Some(1), ..AlphaBetaOptions::default() };
        let spec = SearchSpec::AlphaBeta { opts, eval: false, iterative: true };
        let cfg = PlayerConfig::default_for(BoardKind::TicTacToe, PlayerId::AlphaBeta);
        let mut e = PlayerEngine {
            config: cfg,
            inner: build(&spec, BoardPosition::TicTacToe(s)).unwrap(),
            spec,
            pos: BoardPosition::TicTacToe(s),
            fallback: None,
        };
        let r = e.run(1);
        assert_eq!((r.best, r.pv.clone(), r.exact, r.complete, r.depth), (Some(0), vec![0], false, false, 0));
        assert!(r.stats.nodes <= 1);
    }
}
