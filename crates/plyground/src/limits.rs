//! Every limit and default budget of plyground, in one place: the wasm API checks its input
//! against these, publishes them all (`limits()` in JavaScript), and the CLI and the web
//! page read them from there. Each name has one meaning; nothing else repeats a number.
//!
//! Budgets are nodes (α-β, the solver) or iterations (MCTS), never time: the core has no
//! clock. Numbers that cross into JavaScript stay below 2^53, so a JS number holds them
//! exactly.

/// The deepest depth limit a search accepts, in plies (no game here is deeper: Connect-4
/// ends within 42).
pub const MAX_DEPTH: u32 = 64;

/// The largest α-β node budget a search accepts. The page passes it as "no budget" (the
/// user can always cancel a search).
pub const MAX_BUDGET: u64 = 1_000_000_000;

/// Connect-4's α-β node budget when none is given (the wasm API's searches and the CLI's
/// `c4` command).
pub const C4_DEFAULT_BUDGET: u64 = 5_000_000;

/// The deepest depth at which move order 'best' (perfect ordering, which runs an
/// unbudgeted oracle search at every node) is allowed on Connect-4.
pub const C4_MAX_BEST_ORDER_DEPTH: u32 = 8;

/// The most MCTS iterations one search, or one MCTS stepper, runs.
pub const MAX_ITERATIONS: u32 = 1_000_000;

/// MCTS iterations of a search when none are given.
pub const DEFAULT_ITERATIONS: u32 = 10_000;

/// The most MCTS iterations a figure runs and draws (each iteration adds a node to the
/// picture, and opening a figure re-runs them from the seed).
pub const MAX_SHOWN_ITERATIONS: u32 = 100_000;

/// The largest MCTS exploration constant C accepted.
pub const MAX_C: f64 = 1e6;
/// The most plies a singular extension may add (H-minimax's `singular` option).
pub const MAX_SINGULAR_EXTRA: u32 = 8;
/// The largest singular-extension margin (a utility's magnitude bound, 10^15, twice).
pub const MAX_SINGULAR_MARGIN: f64 = 2e15;
/// The widest beam (H-minimax's `beam` option: moves kept per node).
pub const MAX_BEAM_WIDTH: u32 = 100_000;

/// The largest seed accepted: 2^53 − 1, the largest integer a JavaScript number holds
/// exactly. Also the largest step count a stepper accepts (any count past the end clamps).
pub const MAX_SAFE_INTEGER: u64 = (1 << 53) - 1;

/// Nodes a recorded search records when no cap is given.
pub const DEFAULT_NODE_CAP: u32 = 20_000;

/// The most nodes a recorded search may record (a trace costs a few hundred bytes per
/// node); for α-β the cap is also the search's node budget.
pub const MAX_NODE_CAP: u32 = 100_000;

/// The exact solver's node budget for one move of the playground's solver player
/// (`solveGame`, all columns together) when none is given: about a second in a browser.
/// Positions early in the game need far more and come back incomplete.
pub const SOLVE_GAME_BUDGET: u64 = 20_000_000;

/// The α-β node budget of the Perfect engine on Connect-4 when the exact solver is absent
/// or gives up (it deepens until the next depth would not fit).
pub const PERFECT_FALLBACK_BUDGET: u64 = 3_000_000;

/// The exact solver's node budget for `solveConnect4` and `analyzeConnect4` when none is
/// given: enough for all but the first few plies of a game, so that no call runs for hours.
pub const SOLVER_DEFAULT_BUDGET: u64 = 1_000_000_000;

/// The largest node budget `solveConnect4` and `analyzeConnect4` accept.
pub const SOLVER_MAX_BUDGET: u64 = 1_000_000_000_000;

// Checked when the crate compiles: every default lies within its limit, and every limit
// fits a JavaScript number exactly.
const _: () = {
    assert!(C4_DEFAULT_BUDGET <= MAX_BUDGET && PERFECT_FALLBACK_BUDGET <= MAX_BUDGET);
    assert!(SOLVE_GAME_BUDGET <= MAX_BUDGET);
    assert!(SOLVER_DEFAULT_BUDGET <= SOLVER_MAX_BUDGET && SOLVER_MAX_BUDGET <= MAX_SAFE_INTEGER);
    assert!(DEFAULT_ITERATIONS <= MAX_SHOWN_ITERATIONS && MAX_SHOWN_ITERATIONS <= MAX_ITERATIONS);
    assert!(DEFAULT_NODE_CAP <= MAX_NODE_CAP);
    assert!(C4_MAX_BEST_ORDER_DEPTH <= MAX_DEPTH);
    assert!(MAX_SAFE_INTEGER as f64 + 1.0 == 9_007_199_254_740_992.0);
};
