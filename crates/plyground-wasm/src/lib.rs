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
#[cfg(any(feature = "games", feature = "lab"))]
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
#[cfg(feature = "lab")]
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
#[derive(serde::Serialize, tsify_next::Tsify)]
#[tsify(missing_as_null)]
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
    player_depth: SettingRange,
    player_iterations: SettingRange,
    player_c: SettingRange,
    player_seed: SettingRange,
}

/// A setting's range, both ends allowed.
#[derive(serde::Serialize, tsify_next::Tsify)]
#[tsify(missing_as_null)]
struct SettingRange {
    min: f64,
    max: f64,
}

impl From<plyground::play::players::Field> for SettingRange {
    fn from(f: plyground::play::players::Field) -> SettingRange {
        let (min, max) = f.range();
        SettingRange { min, max }
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
/** MctsStepper options. */
export interface MctsOptions {
  algo?: 'mcts';
  c?: number;
  seed?: number;
  expansion?: 'natural' | 'random';
  /** MCTS-Solver: back up proven wins/losses/draws (two-player games only; default false). */
  solver?: boolean;
}

/** A player of the catalogue (`engines(kind)`), by id: the core's `PlayerId` names. */
export type EngineId = 'human' | 'minimax' | 'alphabeta' | 'hminimax' | 'mcts' | 'perfect';

/** Thrown by GameTree.parse. */
export interface TreeParseError extends Error {
  name: 'TreeParseError';
  line: number;
  column: number;
  reason: string;
}
"#;
