//! `solveConnect4` and `analyzeConnect4`: the core's exact Connect-4 solver
//! (`plyground::search::solver`), a thin skin. Scores are the community's, from the side to
//! move: a win is 22 − the stones the winner has played, a loss its negative, a draw 0.
//!
//! One solver (with its 8 MiB transposition table) is kept for the module's lifetime and
//! reset before each call, so every call costs what it costs from scratch (the same nodes
//! every time) without allocating and clearing the table again.

use crate::util::{at, describe, entries, int_in, put, string_arg};
use plyground::games::connect4::Connect4;
use plyground::search::solver::{Solver, SolverOptions};
use std::cell::RefCell;
use wasm_bindgen::prelude::*;

/// The node budget when none is given: enough for all but the first few plies of a game
/// (about half a minute in wasm), so that no call runs for hours.
pub const DEFAULT_SOLVER_BUDGET: u64 = 1_000_000_000;
/// The largest node budget accepted.
pub const MAX_SOLVER_BUDGET: u64 = 1_000_000_000_000;

thread_local! {
    static SOLVER: RefCell<Option<Solver>> = const { RefCell::new(None) };
}

/// Runs `f` with the module's solver, reset, with this node budget.
fn with_solver<T>(budget: u64, f: impl FnOnce(&mut Solver) -> T) -> T {
    SOLVER.with(|cell| {
        let mut slot = cell.borrow_mut();
        let solver = slot.get_or_insert_with(|| Solver::new(SolverOptions::default()));
        solver.set_node_budget(Some(budget));
        solver.reset();
        f(solver)
    })
}

/// `{weak, budget}`.
struct SolveOpts {
    weak: bool,
    budget: u64,
}

fn parse_opts(v: &JsValue) -> Result<SolveOpts, String> {
    let mut o = SolveOpts { weak: false, budget: DEFAULT_SOLVER_BUDGET };
    if v.is_undefined() || v.is_null() {
        return Ok(o);
    }
    if !v.is_object() || js_sys::Array::is_array(v) || v.is_function() {
        return Err(format!("options must be a plain object, got {}", describe(v)));
    }
    for (key, val) in entries(v)? {
        if key != "weak" && key != "budget" {
            return Err(format!("unknown option '{key}' (options are weak, budget)"));
        }
        if val.is_undefined() || val.is_null() {
            continue;
        }
        match key.as_str() {
            "weak" => {
                o.weak = val
                    .as_bool()
                    .ok_or_else(|| format!("weak must be true or false, got {}", describe(&val)))?
            }
            "budget" => {
                let b =
                    val.as_f64().ok_or_else(|| format!("budget must be a number, got {}", describe(&val)))?;
                o.budget = int_in("budget", b, 1, MAX_SOLVER_BUDGET)?;
            }
            _ => {}
        }
    }
    Ok(o)
}

/// The position of a move string (`'4455'`: 1-based columns from the empty board).
fn position(moves: &JsValue) -> Result<plyground::games::connect4::C4State, String> {
    let text = string_arg("moves", moves)?;
    Connect4.try_parse_moves(&text).map_err(|e| format!("bad move string '{text}': {}", e.message))
}

/// `solveConnect4(moves, {weak, budget})`: the exact score of the position after `moves`
/// (1-based columns, `'4455'`), from the side to move (`weak`: only its sign, −1, 0 or 1).
/// Returns `{score, nodes, complete}`; when the node budget (default 10⁹) runs out,
/// `complete` is false and `score` null. Throws on a bad move string or option.
#[wasm_bindgen(js_name = solveConnect4, unchecked_return_type = "SolveResult")]
pub fn solve_connect4(
    #[wasm_bindgen(unchecked_param_type = "string")] moves: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "SolveOptions")] opts: JsValue,
) -> Result<JsValue, JsError> {
    let place = at("solveConnect4");
    let o = parse_opts(&opts).map_err(&place)?;
    let s = position(&moves).map_err(&place)?;
    let r = with_solver(o.budget, |solver| solver.solve(&s, o.weak));
    let out = js_sys::Object::new();
    put(&out, "score", if r.complete { JsValue::from_f64(r.score as f64) } else { JsValue::NULL });
    put(&out, "nodes", JsValue::from_f64(r.nodes as f64));
    put(&out, "complete", JsValue::from_bool(r.complete));
    Ok(out.into())
}

/// `analyzeConnect4(moves, {weak, budget})`: the score of playing each column (index 0 is
/// column 1), from the side to move now; null for a full column and for every column once
/// the game is over. Returns `{scores, nodes, complete}`; the budget covers all columns
/// together, and when it runs out every score is null.
#[wasm_bindgen(js_name = analyzeConnect4, unchecked_return_type = "AnalyzeResult")]
pub fn analyze_connect4(
    #[wasm_bindgen(unchecked_param_type = "string")] moves: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "SolveOptions")] opts: JsValue,
) -> Result<JsValue, JsError> {
    let place = at("analyzeConnect4");
    let o = parse_opts(&opts).map_err(&place)?;
    let s = position(&moves).map_err(&place)?;
    let a = with_solver(o.budget, |solver| solver.analyze(&s, o.weak));
    let scores = js_sys::Array::new();
    for sc in a.scores {
        scores.push(&sc.map_or(JsValue::NULL, |v| JsValue::from_f64(v as f64)));
    }
    let out = js_sys::Object::new();
    put(&out, "scores", scores.into());
    put(&out, "nodes", JsValue::from_f64(a.nodes as f64));
    put(&out, "complete", JsValue::from_bool(a.complete));
    Ok(out.into())
}

#[cfg(feature = "bench")]
/// Solves every position of a benchmark set (`<moves> <score>` lines) as the native
/// benchmark does (`solver::run_set`: the table reset before each position, every score
/// checked), timed inside around the whole set by `clock` (a function returning
/// milliseconds; default `performance.now`), as natively. Returns `{positions, nodes,
/// seconds, wrong, incomplete}`. For `cargo xtask bench`; pages do not use it.
#[wasm_bindgen(js_name = benchSolverSet)]
pub fn bench_solver_set(
    #[wasm_bindgen(unchecked_param_type = "string")] set: JsValue,
    weak: bool,
    clock: Option<js_sys::Function>,
) -> Result<JsValue, JsError> {
    let text = string_arg("set", &set).map_err(at("benchSolverSet"))?;
    let positions = plyground::search::solver::try_parse_set(&text).map_err(at("benchSolverSet"))?;
    let mut now = || {
        let ms = match &clock {
            Some(f) => f.call0(&JsValue::NULL).ok().and_then(|v| v.as_f64()).unwrap_or(f64::NAN),
            None => performance_now(),
        };
        ms / 1000.0
    };
    let r = with_solver(u64::MAX, |solver| {
        solver.set_node_budget(None);
        plyground::search::solver::run_set(solver, &positions, weak, &mut now)
    });
    if r.wrong > 0 {
        return Err(crate::util::js_err(format!("benchSolverSet: {} wrong scores", r.wrong)));
    }
    let out = js_sys::Object::new();
    put(&out, "positions", JsValue::from_f64(r.positions as f64));
    put(&out, "nodes", JsValue::from_f64(r.nodes as f64));
    put(&out, "seconds", JsValue::from_f64(r.seconds));
    put(&out, "wrong", JsValue::from_f64(r.wrong as f64));
    put(&out, "incomplete", JsValue::from_f64(r.incomplete as f64));
    Ok(out.into())
}

#[cfg(feature = "bench")]
#[wasm_bindgen]
extern "C" {
    /// `performance.now()`: milliseconds (Node, pages and workers all have it).
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn performance_now() -> f64;
}

#[wasm_bindgen(typescript_custom_section)]
const TS_SOLVER: &'static str = r#"
/** Options of solveConnect4 and analyzeConnect4. Unknown fields throw. */
export interface SolveOptions {
  /** Only the sign of the score: −1, 0 or 1 (cheaper). Default false. */
  weak?: boolean;
  /** Node budget, 1 to 10¹² (default 10⁹); the result is incomplete when it runs out. */
  budget?: number | null;
}

export interface SolveResult {
  /** From the side to move: 22 − the winner's stones for a win, its negative for a loss, 0 for a draw (weak: −1, 0, 1). Null when incomplete. */
  score: number | null;
  /** Nodes searched. */
  nodes: number;
  /** False when the node budget ran out. */
  complete: boolean;
}

export interface AnalyzeResult {
  /** Per column (index 0 = column 1): the score of playing it, from the side to move now; null for a full column, once the game is over, and for all columns when incomplete. */
  scores: (number | null)[];
  nodes: number;
  complete: boolean;
}
"#;
