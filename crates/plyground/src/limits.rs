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

/// The node cap of a [`Recorder`](crate::trace::Recorder) made without one (the core's
/// callers; the wasm API's steppers default to [`DEFAULT_NODE_CAP`]): enough for every lesson
/// tree and a tic-tac-toe α-β search from the empty board, small enough for a browser.
pub const RECORDER_NODE_CAP: usize = 50_000;

/// How far quiescence search may extend past the depth cutoff.
pub const MAX_QUIESCENCE_PLIES: u32 = 16;

// Explicit trees (`games::tree`).

/// The longest tree text accepted (1 MiB).
pub const TREE_MAX_TEXT_BYTES: usize = 1 << 20;
/// The most nodes a tree may have.
pub const TREE_MAX_NODES: usize = 100_000;
/// The deepest level a node may sit at (the root is level 0).
pub const TREE_MAX_LEVEL: u32 = 64;
/// The largest magnitude of a utility, so that sums and ranges stay finite.
pub const MAX_ABS_UTILITY: f64 = 1e15;

// The playground's players (`play::players`) and the solver player (`play::engine`).

/// The most MCTS iterations a player runs.
pub const MAX_PLAYER_ITERATIONS: u32 = 1_000_000;
/// The deepest depth a player searches to.
pub const MAX_PLAYER_DEPTH: u32 = 42;
/// The depth of the H-minimax that evaluates a Connect-4 position when no side is an engine
/// (`PlayerConfig::for_evaluation`).
pub const EVALUATION_DEPTH_C4: u32 = 8;
/// The largest exploration constant a player takes.
pub const MAX_PLAYER_C: f64 = 100.0;
/// The nodes a `SolverEngine` spends, once its move is found, on the other columns before it
/// answers, past which it asks no more for an exact score: win, draw or loss comes first and
/// may go beyond them (on what is left of the solver's share), the exact scores only within
/// them; a column not made exact keeps a bound that says win, draw or loss.
pub const SOLVER_COLUMN_SHARE: u64 = 2_000_000;

// Practice (`practice`).

/// The largest tree an exercise accepts (nodes).
pub const MAX_PRACTICE_NODES: usize = 5_000;
/// The largest tree the move-ordering task accepts (nodes).
pub const MAX_ORDERING_NODES: usize = 256;
/// Move ordering: every ordering is tried when there are at most this many.
pub const MAX_EXHAUSTIVE_ORDERINGS: u64 = 40_000;
/// How many trees the practice generator draws before it gives up.
pub const GENERATE_MAX_ATTEMPTS: u32 = 2_000;
/// The most leaves a generated practice tree may have.
pub const MAX_GENERATED_LEAVES: u64 = 4_096;
/// A generated exercise's depth, fewest to most levels.
pub const EXERCISE_DEPTH: (u32, u32) = (1, 6);
/// A generated exercise's children per inner node, fewest to most.
pub const EXERCISE_BRANCHING: (u32, u32) = (1, 5);
/// A generated exercise's leaf values lie within ± this.
pub const EXERCISE_MAX_ABS_VALUE: i32 = 1_000;
/// The most α-β cutoffs a generated exercise may be asked to have.
pub const EXERCISE_MAX_CUTOFFS: u32 = 1_000;
/// The largest exploration constant C of an MCTS exercise.
pub const EXERCISE_MAX_C: f64 = 100.0;
/// Players of a generated exercise, fewest to most (max^n takes 3 or 4).
pub const EXERCISE_PLAYERS: (u8, u8) = (2, 4);
/// The MCTS iterations run before the one an exercise on a given tree asks about.
pub const EXERCISE_ITERATIONS: (u32, u32) = (1, 10_000);
/// The largest seed an exercise accepts (0 to 2³² − 1, so that a browser's and a learner's
/// seeds are the same number everywhere).
pub const EXERCISE_MAX_SEED: u64 = u32::MAX as u64;

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
