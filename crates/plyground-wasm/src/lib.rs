//! The plyground core behind a JavaScript API, for the web page and its Web Workers. The
//! contract is `docs/wasm-api.md`; this crate is a thin skin over the core (no game or
//! search logic of its own) and the only one that knows wasm-bindgen.
//!
//! - [`GameHandle`] (`Game` in JavaScript): tic-tac-toe or Connect-4 with undo/redo;
//!   [`search_game`] (`searchGame`) searches its position.
//! - [`GameTree`]: an explicit tree parsed from text; [`search_tree`] (`searchTree`).
//! - [`Stepper`]: the real depth-first search, recorded by the core's trace recorder and
//!   stepped step by step (a leaf is one step).
//! - [`MctsStepper`]: MCTS one phase or one iteration at a time.
//! - [`EngineHandle`] (`Engine` in JavaScript): a player's stepped search on a `Game`
//!   position; [`engines`], [`check_engine_config`] and [`engine_label`] (`engines`,
//!   `checkEngineConfig`, `engineLabel`): the players' catalogue.
//! - `compareTree` / `compareGame`: the core's comparison grid — which searches a comparison
//!   table runs, which apply, and its figures; the worker runs each cell.
//! - [`Practice`]: graded exercises on generated or given trees (the core's `practice`).
//! - [`solve_connect4`] and [`analyze_connect4`] (`solveConnect4`, `analyzeConnect4`): the
//!   exact Connect-4 solver.
//! - In the full module only (the `full` feature; not in the page modules): `bench*` functions and
//!   `StepBench`, the workloads `cargo xtask bench` times in Node.
//!
//! Long-lived data stays in wasm memory behind the handles; calls return small plain
//! objects, numbers, strings and typed arrays. Every bad input throws a JavaScript `Error`
//! naming the call, the input and the reason, and changes nothing. Numbers cross the
//! boundary as `f64` and are checked here (never `u64`, which would arrive as a `BigInt`).

#![warn(missing_docs)]

#[cfg(feature = "full")]
mod bench;
#[cfg(feature = "games")]
mod book;
mod compare;
#[cfg(feature = "games")]
mod engine;
#[cfg(feature = "lab")]
mod export;
#[cfg(feature = "trees")]
mod figure;
#[cfg(feature = "games")]
mod game;
mod mcts;
mod options;
#[cfg(feature = "lab")]
mod practice;
#[cfg(feature = "lab")]
mod predict;
mod read;
mod search;
mod skin;
#[cfg(feature = "games")]
mod solve_game;
#[cfg(feature = "games")]
mod solver;
mod stepper;
#[cfg(feature = "trees")]
mod tree;
#[cfg(feature = "lab")]
mod tree_edit;
mod util;
mod write;

#[cfg(feature = "full")]
pub use bench::{
    bench_c4_mcts, bench_c4_playouts, bench_c4_solve, bench_record_trace, bench_ttt_minimax, StepBench,
};
#[cfg(feature = "games")]
pub use book::{connect4_book_wanted, load_connect4_book};
#[cfg(feature = "games")]
pub use compare::compare_game;
#[cfg(feature = "trees")]
pub use compare::compare_tree;
#[cfg(feature = "games")]
pub use engine::{check_engine_config, engine_label, engines, EngineHandle};
#[cfg(feature = "lab")]
pub use export::export_tikz;
#[cfg(feature = "trees")]
pub use figure::FigurePlan;
#[cfg(feature = "games")]
pub use game::{search_game, GameHandle};
pub use mcts::{ucb1_js, ucb1_select_js, MctsStepper};
#[cfg(feature = "lab")]
pub use practice::Practice;
#[cfg(feature = "lab")]
pub use predict::Predict;
#[cfg(feature = "games")]
#[cfg(feature = "full")]
pub use solve_game::column_scores::solve_game;
#[cfg(feature = "full")]
pub use solver::analyze_connect4;
#[cfg(feature = "full")]
pub use solver::bench_solver_set;
#[cfg(feature = "full")]
pub use solver::solve_connect4;
pub use stepper::Stepper;
#[cfg(feature = "trees")]
pub use tree::{search_tree, GameTree};

use wasm_bindgen::prelude::*;

/// Runs once when the module is instantiated: a Rust panic (a bug: no input should cause
/// one) then reaches the console with its message instead of a bare `unreachable` trap.
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

/// Every limit and default budget of the module (`plyground::limits`, the one source the
/// page and the CLI read too), as numbers.
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct Limits {
    max_depth: f64,
    max_budget: f64,
    c4_default_budget: f64,
    c4_max_best_order_depth: f64,
    max_iterations: f64,
    default_iterations: f64,
    max_shown_iterations: f64,
    max_c: f64,
    max_singular_extra: f64,
    max_singular_margin: f64,
    max_beam_width: f64,
    max_seed: f64,
    default_node_cap: f64,
    max_node_cap: f64,
    solve_game_budget: f64,
    perfect_fallback_budget: f64,
    solver_default_budget: f64,
    solver_max_budget: f64,
    /// The players' settings' ranges (the catalogue's, `plyground::play::players::Field`),
    /// for the figures that check a depth, C or seed without the games module's catalogue.
    player_depth: Range,
    player_iterations: Range,
    player_c: Range,
    player_seed: Range,
}

/// A setting's range, both ends allowed.
#[derive(serde::Serialize)]
struct Range {
    min: f64,
    max: f64,
}

impl From<plyground::play::players::Field> for Range {
    fn from(f: plyground::play::players::Field) -> Range {
        let (min, max) = f.range();
        Range { min, max }
    }
}

/// The module's limits and default budgets, for pages that size their inputs (see
/// `Limits` in the TypeScript types and `plyground::limits` for what each means).
#[wasm_bindgen(unchecked_return_type = "Limits")]
pub fn limits() -> Result<JsValue, JsError> {
    use plyground::limits as l;
    use plyground::play::players::Field;
    util::to_js(&Limits {
        max_depth: l::MAX_DEPTH.into(),
        max_budget: l::MAX_BUDGET as f64,
        c4_default_budget: l::C4_DEFAULT_BUDGET as f64,
        c4_max_best_order_depth: l::C4_MAX_BEST_ORDER_DEPTH.into(),
        max_iterations: l::MAX_ITERATIONS.into(),
        default_iterations: l::DEFAULT_ITERATIONS.into(),
        max_shown_iterations: l::MAX_SHOWN_ITERATIONS.into(),
        max_c: l::MAX_C,
        max_singular_extra: l::MAX_SINGULAR_EXTRA.into(),
        max_singular_margin: l::MAX_SINGULAR_MARGIN,
        max_beam_width: l::MAX_BEAM_WIDTH.into(),
        max_seed: l::MAX_SAFE_INTEGER as f64,
        default_node_cap: l::DEFAULT_NODE_CAP.into(),
        max_node_cap: l::MAX_NODE_CAP.into(),
        solve_game_budget: l::SOLVE_GAME_BUDGET as f64,
        perfect_fallback_budget: l::PERFECT_FALLBACK_BUDGET as f64,
        solver_default_budget: l::SOLVER_DEFAULT_BUDGET as f64,
        solver_max_budget: l::SOLVER_MAX_BUDGET as f64,
        player_depth: Field::Depth.into(),
        player_iterations: Field::Iterations.into(),
        player_c: Field::C.into(),
        player_seed: Field::Seed.into(),
    })
}

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = r#"
/** Search options: one plain object, every field optional. Unknown fields throw. */
export interface SearchOptions {
  /** Default 'alphabeta' ('maxn' for trees with utility tuples). */
  algo?: 'minimax' | 'alphabeta' | 'expectiminimax' | 'maxn' | 'mcts';
  /** α-β: prune on v ≥ β / v ≤ α ('nonstrict', default) or only on v > β / v < α. */
  tie?: 'nonstrict' | 'strict';
  /** α-β move order. Default 'natural' ('heuristic' for Connect-4); 'random' uses `seed`. */
  order?: 'natural' | 'reverse' | 'random' | 'heuristic' | 'killer' | 'history' | 'best';
  /** Random ordering and MCTS (integer ≥ 0). Default 0. */
  seed?: number;
  /** α-β depth limit in plies (1–64); null = to the end. */
  depth?: number | null;
  /** Use the game's evaluation function at the depth cutoff (default true; trees: an inner node's written evaluation `B~4[…]`, else 0). */
  eval?: boolean;
  /** Transposition table (default false; true for Connect-4). */
  tt?: boolean;
  /** Quiescence search past the depth cutoff (default false). */
  quiescence?: boolean;
  /** Iterative deepening up to `depth` (default false; true for Connect-4). */
  iterative?: boolean;
  /** α-β node budget (1–10⁹); null = none (Connect-4: 5,000,000). */
  budget?: number | null;
  /** MCTS iterations (1–1,000,000; default 10,000). */
  iterations?: number;
  /** MCTS exploration constant C (0–10⁶; default √2). */
  c?: number;
  /** MCTS expansion order (default 'natural'). */
  expansion?: 'natural' | 'random';
  /** MCTS-Solver: proven wins and losses steer the search and the move (default false; two-player games only). */
  solver?: boolean;
  /** Compute `scores` (default true; one extra full-window search per move for α-β). */
  scores?: boolean;
  /** Stepper.forGame on tic-tac-toe only: record the engines' game (a win scores 1 + the
   *  empty cells left), as a tic-tac-toe player's searchOptions() asks (default false). */
  fastWins?: boolean;
  /** α-β with a `depth` only: singular extensions. A move better for the mover than every sibling by ≥ `margin` (0–2·10¹⁵) is searched `extra` (1–8, default 1) plies deeper; the trace marks it (`StepNodeInfo.extended`, event 'Extend'). */
  singular?: { margin: number; extra?: number } | null;
  /** α-β only: beam search, keep the `beam` (1–100,000) children of best EVAL at each node; the others are dropped unsearched (`PrunedEdgeInfo.forward`, event 'ForwardPrune'). */
  beam?: number | null;
}

/** MctsStepper options. */
export interface MctsOptions {
  algo?: 'mcts';
  c?: number;
  seed?: number;
  expansion?: 'natural' | 'random';
  /** MCTS-Solver: back up proven wins/losses/draws (two-player games only; default false). */
  solver?: boolean;
}

export interface SearchStats {
  nodes: number; leaves: number; cutoffs: number; maxDepth: number; ttHits: number; ttMisses: number;
  /** Singular extensions made (searchTree / searchGame; 0 when the option is off). */
  extensions?: number;
  /** Moves beam search dropped unsearched (searchTree / searchGame; 0 when off). */
  forwardPruned?: number;
}

export interface MoveScore {
  /** The move in play() units (a child index for trees). */
  move: number;
  /** Minimax/α-β: value within the depth (to MAX). max^n: to the root player. MCTS: Q in [0, 1] for the mover; null if unexpanded or not searched within the budget. */
  value: number | null;
  /** MCTS only: visits. */
  n?: number;
  /** max^n only: the child's utility vector (`value` is the root player's entry). */
  values?: number[];
  /** What `value` is: the value, a true lower/upper bound on it (α-β within its budget), an
   *  MCTS estimate, or missing (not searched within the budget; value null). */
  bound: 'exact' | 'lower' | 'upper' | 'estimate' | 'missing';
}

export interface SearchGameResult {
  /** Utility to MAX (X). */
  value: number;
  /** The value from the side to move. */
  score: number;
  /** In play() units; null when the game is over (or no iteration completed). */
  best: number | null;
  /** Index into legalMoves(). */
  bestIndex: number | null;
  pv: Int32Array;
  pvText: string;
  scores: MoveScore[];
  exact: boolean;
  /** The depth the result comes from; null = to the end. */
  depth: number | null;
  complete: boolean;
  algo: string;
  stats: SearchStats;
}

export interface SearchTreeResult {
  /** A number; the root's utility vector for max^n. */
  value: number | number[];
  /** Child index of the root. */
  best: number | null;
  bestLabel: string | null;
  /** Child indices from the root. */
  pv: number[];
  /** Leaves evaluated, in order, as paths of child indices: '1.0'. */
  evaluated: string[];
  scores: MoveScore[];
  exact: boolean;
  depth: number | null;
  complete: boolean;
  algo: string;
  stats: SearchStats;
}

export interface TreeNodeInfo {
  id: number;
  /** -1 at the root. */
  parent: number;
  /** Index among its siblings. */
  index: number;
  kind: 'max' | 'min' | 'chance' | 'player' | 'terminal';
  /** The player to move (null at chance nodes). */
  player: number | null;
  label: string;
  /** The action's name ('a1'); null at the root. */
  edge: string | null;
  /** Probability of a chance edge, else null. */
  prob: number | null;
  /** A number leaf's utility to MAX. */
  value: number | null;
  /** A tuple leaf's utilities. */
  values: number[] | null;
  depth: number;
  children: number[];
}

/** What an edit of a GameTree did (setValue, setKind, …). */
export interface TreeEdit {
  /** The node to show next: the edited node, a new child, or a removed node's parent. */
  focus: number;
  /** The sentence that says what changed ("'b2' now has utility 13."). */
  said: string;
}

/** A node as the tree editor shows it (GameTree.editFields). */
export interface TreeEditFields {
  kind: 'max' | 'min' | 'chance' | 'terminal' | 'p0' | 'p1' | 'p2' | 'p3';
  /** The kinds setKind accepts in this tree. */
  kinds: string[];
  label: string;
  /** false: the label is generated (AIMA style). */
  labelGiven: boolean;
  /** A leaf's utility as the tree text writes it ('3', '(1, 2, 6)'); null for others. */
  value: string | null;
  /** A chance node's children's probabilities as written ('1/3'); null for others. */
  probabilities: string[] | null;
  childLabels: string[];
}

export interface StepNodeInfo {
  id: number;
  parent: number;
  /** Natural index of the action into it in ACTIONS(parent); null at a root. */
  index: number | null;
  label: string;
  /** The action's name ('' at a root). */
  edge: string;
  kind: 'max' | 'min' | 'chance' | 'player';
  player: number | null;
  depth: number;
  numActions: number;
  prob: number | null;
  /** The value backed up (final); a vector for max^n; null if never left. */
  value: number | number[] | null;
  leaf: 'terminal' | 'cutoff' | 'quiet' | 'proven' | 'book' | null;
  /** Why the node is a leaf, in the figure's words ("depth cutoff: EVAL"); null for a
   *  terminal and for inner nodes. */
  leafWords: string | null;
  tt: 'exact' | 'lower' | 'upper' | null;
  /** What the final value is: exact, an upper bound (≤) or a lower bound (≥); null without a
   *  value or when no one-sided bound can be stated. */
  bound: 'exact' | 'upper' | 'lower' | null;
  /** Children pruned here by an α-β cutoff. */
  pruned: number;
  /** Children beam search dropped here before searching any (forward pruning). */
  forwardPruned: number;
  /** Plies a singular extension searched this node deeper than its depth limit (0: none). */
  extended: number;
  /** Iterative-deepening iteration (from 0). */
  iteration: number;
  /** The step that enters the node: seek(enterStep) shows it just before, seek(enterStep + 1) entered. */
  enterStep: number;
  /** The step that leaves it (a leaf's is its one step); null if never left. */
  exitStep: number | null;
}

export interface StepState {
  index: number;
  /** The node the last step concerned (a leaf's step: the leaf). */
  current: number | null;
  /** The last step's kind ('Enter', 'Cutoff', …; a leaf's step is 'Leaf', 'LeafUtilities' or 'TtHit'). */
  event: string | null;
  narration: string;
  /** `procedure` indexes Stepper.pseudocode(); `line` counts from 1. */
  pseudocode: { procedure: number; name: string; line: number } | null;
  /** Open nodes, root first, with their window and running value. */
  open: { node: number; alpha: number; beta: number; v: number | number[] | null }[];
  /** `width` numbers per node id; NaN = unknown yet. */
  values: Float64Array;
  /** Per node id, what its value is by now: 0 not final yet, 1 exact, 2 upper bound (≤),
   *  3 lower bound (≥), 4 final without a one-sided bound. */
  bounds: Uint8Array;
  /** How many of Stepper.pruned() are pruned by now. */
  prunedCount: number;
  counters: { nodes: number; leaves: number; cutoffs: number; ttHits: number; searches: number };
}

export interface PrunedEdgeInfo {
  /** The node whose child was pruned. */
  parent: number;
  /** The pruned action's natural index in ACTIONS(parent). */
  index: number;
  /** The action's name. */
  name: string;
  /** The label the child would have had. */
  label: string;
  /** The step of the Cutoff that pruned it (of the ForwardPrune event when `forward`). */
  step: number;
  /** Dropped by beam search (never searched; may hide the best move), not by a cutoff. */
  forward: boolean;
}

export interface StepResult {
  value: number | number[];
  best: number | null;
  bestIndex: number | null;
  bestChild: number | null;
  bestName: string | null;
  complete: boolean;
  exact: boolean;
  depth: number | null;
  stats: SearchStats;
}

export interface MctsNodeInfo {
  id: number; parent: number; action: number | null; label: string; depth: number;
  n: number; w: number; q: number;
  /** -1 at chance nodes. */
  toMove: number;
  /** The player whose rewards W sums (who moved into the node). */
  mover: number;
  terminal: boolean;
  untried: number;
  children: number[];
  /** MCTS-Solver: the proven outcome for `mover`, null while unproven (always null with the solver off). */
  proof: 'win' | 'loss' | 'draw' | null;
  /** The rule that proved it, as a sentence (null while unproven). */
  proofRule: string | null;
}

export interface UcbTerms {
  child: number; action: number | null; n: number; w: number;
  exploitation: number; exploration: number; total: number;
}

export interface MctsEventInfo {
  phase: 'select' | 'expand' | 'rollout' | 'backup';
  node: number;
  child?: number;
  exploitation?: number;
  exploration?: number;
  action?: number;
  plies?: number;
  reward?: number[];
  visits?: number;
  wins?: number;
}

/** Every limit and default budget (crates/plyground/src/limits.rs says what each means). */
export interface Limits {
  maxDepth: number; maxBudget: number; c4DefaultBudget: number; c4MaxBestOrderDepth: number;
  maxIterations: number; defaultIterations: number; maxShownIterations: number; maxC: number;
  maxSingularExtra: number; maxSingularMargin: number; maxBeamWidth: number;
  maxSeed: number; defaultNodeCap: number; maxNodeCap: number; solveGameBudget: number;
  perfectFallbackBudget: number; solverDefaultBudget: number; solverMaxBudget: number;
  /** The players' settings' ranges (the catalogue's), both ends allowed. */
  playerDepth: { min: number; max: number }; playerIterations: { min: number; max: number };
  playerC: { min: number; max: number }; playerSeed: { min: number; max: number };
}

/** A player's configuration as given: `engine` and any settings (numbers may be text, as a
 *  form gives them; null or absent: the player's default). Unknown fields throw. */
export interface EngineConfigIn {
  engine: 'human' | 'minimax' | 'alphabeta' | 'hminimax' | 'mcts' | 'perfect';
  depth?: number | string | null;
  tt?: boolean | string | null;
  quiescence?: boolean | string | null;
  iterations?: number | string | null;
  c?: number | string | null;
  seed?: number | string | null;
}

/** A checked configuration: every setting (`depth: null` = to the end of the game). */
export interface EngineConfig {
  engine: EngineConfigIn['engine'];
  depth: number | null; tt: boolean; quiescence: boolean; iterations: number; c: number; seed: number;
}

/** One player of the catalogue (`engines(kind)`). */
export interface EngineInfo {
  id: EngineConfigIn['engine'];
  /** Menu name ('α-β', 'Perfect'). */
  name: string;
  /** The name a menu shows on this game ('Perfect (exact solver)'). */
  menu: string;
  fields: { key: 'depth' | 'tt' | 'quiescence' | 'iterations' | 'c' | 'seed'; label: string;
    kind: 'int' | 'number' | 'bool'; min: number; max: number; step: number;
    /** May be empty (depth: to the end of the game). */
    optional: boolean }[];
  defaults: EngineConfig;
  /** Why it cannot play this game; null when it can. */
  unavailable: string | null;
  /** The player a side with this one becomes when the game changes to this one. */
  becomes: string;
}

/** Engine.step() and Engine.progress(). */
export interface EngineProgress {
  /** Deepest finished depth (0: none yet; null: to the end of the game). */
  depth: number | null;
  nodes: number;
  /** Depths searched, MCTS iterations, or solver columns solved. */
  iterations: number;
  /** Best move so far, play() units. */
  best: number | null;
  /** Value so far, to MAX (X). */
  value: number | null;
  done: boolean;
  /** The solver gave up and its α-β fallback is searching. */
  fellBack: boolean;
}

/** One root move's score in an EngineResult. */
export interface EngineScore {
  move: number;
  /** To MAX (X); null when missing. */
  value: number | null;
  /** From the side to move; null when missing. */
  score: number | null;
  /** What `score` is, from the side to move: the true score is = / ≥ / ≤ it, an MCTS
   *  estimate, or not searched within the budget. */
  bound: 'exact' | 'lower' | 'upper' | 'estimate' | 'missing';
  /** MCTS: visits. */
  n?: number;
  /** MCTS: the mean reward W/N in [0, 1] for the side to move (1 win, ½ draw, 0 loss). */
  q?: number;
  /** What playing this move proves for the side to move; null when it is not a proven result. */
  proven: Proven | null;
}

/** A proven game result, from the side to move, in plies (moves of either side) from the
 *  position searched (a move's own ply included). */
export interface Proven {
  outcome: 'win' | 'loss' | 'draw';
  /** null for a draw. */
  plies: number | null;
  /** 'wins in 1' | 'loses in 4' | 'draws' (after the player's name). */
  words: string;
  /** 'win in 1' | 'loss in 4' | 'draw' (a move's label). */
  label: string;
  /** 'wins in 1 ply' | 'loses in 4 plies' | 'draws'. */
  long: string;
}

/** Engine.result(): one record shape for every engine. */
export interface EngineResult {
  /** To MAX (X). */
  value: number;
  /** From the side to move. */
  score: number;
  /** The side to move at the root (0 = X). */
  mover: number;
  best: number | null;
  bestIndex: number | null;
  pv: number[];
  scores: EngineScore[];
  exact: boolean;
  complete: boolean;
  /** The depth `value` comes from: null = to the end of the game, 0 = nothing finished. */
  depth: number | null;
  stats: SearchStats;
  /** MCTS iterations (0 for the others). */
  iterations: number;
  algo: 'alphabeta' | 'minimax' | 'mcts' | 'solve' | 'solve+alphabeta';
  /** The solver gave up and its α-β fallback answered. */
  fellBack: boolean;
  /** The root's proven result for the side to move; null for an estimate. */
  proven: Proven | null;
}

/** Engine.searchOptions(): how to record the search that moved. `algo: 'solve'` →
 *  Stepper.forSolve; `'mcts'` → MctsStepper.forGame({c, seed, expansion}) run for
 *  `iterations`; otherwise Stepper.forGame(game, options). */
export type RecordOptions = Omit<SearchOptions, 'algo'> & { algo: 'minimax' | 'alphabeta' | 'mcts' | 'solve' };

/** Thrown by GameTree.parse. */
export interface TreeParseError extends Error {
  name: 'TreeParseError';
  line: number;
  column: number;
  reason: string;
}
"#;
