//! `solveConnect4` and `analyzeConnect4`: the core's exact Connect-4 solver
//! (`plyground::search::solver`), a thin skin. Scores are the community's, from the side to
//! move: a win is 22 − the stones the winner has played, a loss its negative, a draw 0.
//!
//! With an opening book loaded (`loadConnect4Book`), the positions before the book's depth
//! are answered through it (the empty board in a few thousand nodes).
//!
//! One solver (with its 8 MiB transposition table) is kept for the module's lifetime and
//! reset before each call (`solveGame` and `Stepper.forSolve` use it too), so every call
//! costs what it costs from scratch (the same nodes every time) without allocating and
//! clearing the table again.

#[cfg(feature = "full")]
use crate::options::SolveOptions;
#[cfg(feature = "full")]
use crate::util::{at, string_arg, to_js};
#[cfg(feature = "full")]
use plyground::games::connect4::Connect4;
use plyground::search::solver::{Solver, SolverOptions};
#[cfg(feature = "full")]
use serde::Serialize;
use std::cell::UnsafeCell;
#[cfg(feature = "full")]
use wasm_bindgen::prelude::*;

thread_local! {
    /// The module's solver, kept between calls (see [`with_solver`]).
    static SOLVER: UnsafeCell<Option<Solver>> = const { UnsafeCell::new(None) };
}

/// Runs `f` with the module's solver, reset, with this node budget. `f` must not call into
/// JavaScript (nothing could then call back into the module while the solver is lent out).
///
/// Not a `RefCell`: a JavaScript exception (a `RangeError` when the caller has nearly
/// exhausted the stack) unwinds through these frames without running destructors, and a
/// borrow left behind would refuse every later call. Not taken out of its slot either: an
/// interrupted call would then leak the solver's 8 MiB table every time.
pub(crate) fn with_solver<T>(budget: Option<u64>, f: impl FnOnce(&mut Solver) -> T) -> T {
    SOLVER.with(|cell| {
        // SAFETY: the one reference to the slot made while `f` runs. The module is never
        // re-entered meanwhile (`f` runs the core's solver, which calls no JavaScript), so
        // no second reference exists; a call cut short by a JavaScript exception leaves no
        // live reference behind (its frames are gone), and the solver is reset before use.
        let slot = unsafe { &mut *cell.get() };
        let solver = slot.get_or_insert_with(|| Solver::new(SolverOptions::default()));
        solver.set_node_budget(budget);
        solver.set_book(crate::book::current());
        solver.reset();
        f(solver)
    })
}

/// Reads and checks `{weak, budget}`.
#[cfg(feature = "full")]
fn parse_opts(v: &JsValue) -> Result<(bool, u64), String> {
    let mut o = SolveOptions::default();
    crate::read::record(v, &["weak", "budget"], |k, v| {
        match k {
            "weak" => o.weak = crate::read::boolean(k, v)?,
            _ => o.budget = crate::read::number(k, v)?,
        }
        Ok(())
    })?;
    o.check()
}

/// The position of a move string (`'4455'`: 1-based columns from the empty board).
#[cfg(feature = "full")]
fn position(moves: &JsValue) -> Result<plyground::games::connect4::C4State, String> {
    let text = string_arg("moves", moves)?;
    Connect4.try_parse_moves(&text).map_err(|e| format!("bad move string '{text}': {}", e.message))
}

/// `solveConnect4(moves, {weak, budget})`: the exact score of the position after `moves`
/// (1-based columns, `'4455'`), from the side to move (`weak`: only its sign, −1, 0 or 1).
/// Returns `{score, nodes, complete}`; when the node budget (default 10⁹) runs out,
/// `complete` is false and `score` null. Throws on a bad move string or option.
#[cfg(feature = "full")]
#[wasm_bindgen(js_name = solveConnect4, unchecked_return_type = "SolveResult")]
pub fn solve_connect4(
    #[wasm_bindgen(unchecked_param_type = "string")] moves: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "SolveOptions")] opts: JsValue,
) -> Result<JsValue, JsError> {
    let place = at("solveConnect4");
    let (weak, budget) = parse_opts(&opts).map_err(&place)?;
    let s = position(&moves).map_err(&place)?;
    let r = with_solver(Some(budget), |solver| solver.solve(&s, weak));
    #[derive(Serialize, tsify_next::Tsify)]
    #[tsify(missing_as_null)]
    struct SolveResult {
        /// From the side to move: 22 − the winner's stones for a win, its negative for a loss, 0
        /// for a draw (weak: −1, 0, 1). Null when incomplete.
        score: Option<f64>,
        /// Nodes searched.
        nodes: f64,
        /// False when the node budget ran out.
        complete: bool,
    }
    to_js(&SolveResult {
        score: r.complete.then_some(r.score as f64),
        nodes: r.nodes as f64,
        complete: r.complete,
    })
}

/// `analyzeConnect4(moves, {weak, budget})`: the score of playing each column (index 0 is
/// column 1), from the side to move now; null for a full column and for every column once
/// the game is over. Returns `{scores, nodes, complete}`; the budget covers all columns
/// together, and when it runs out every score is null. In the full module only (the
/// `full` feature): the pages show a position's column scores through a perfect
/// player's `Engine`, and the games module stays under its size.
#[cfg(feature = "full")]
#[wasm_bindgen(js_name = analyzeConnect4, unchecked_return_type = "AnalyzeResult")]
pub fn analyze_connect4(
    #[wasm_bindgen(unchecked_param_type = "string")] moves: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "SolveOptions")] opts: JsValue,
) -> Result<JsValue, JsError> {
    let place = at("analyzeConnect4");
    let (weak, budget) = parse_opts(&opts).map_err(&place)?;
    let s = position(&moves).map_err(&place)?;
    let a = with_solver(Some(budget), |solver| solver.analyze(&s, weak));
    #[derive(Serialize, tsify_next::Tsify)]
    #[tsify(missing_as_null)]
    struct AnalyzeResult {
        /// Per column (index 0 = column 1): the score of playing it, from the side to move now;
        /// null for a full column, once the game is over, and for all columns when incomplete.
        scores: Vec<Option<f64>>,
        nodes: f64,
        complete: bool,
    }
    let scores = a.scores.iter().map(|sc| sc.map(f64::from)).collect();
    to_js(&AnalyzeResult { scores, nodes: a.nodes as f64, complete: a.complete })
}

#[cfg(feature = "full")]
/// Solves every position of a benchmark set (`<moves> <score>` lines) as the native
/// benchmark does (`solver::run_set`: the table reset before each position, every score
/// checked), timed inside around the whole set by `clock` (a function returning
/// milliseconds; default `performance.now`), as natively. Returns `{positions, nodes,
/// seconds, wrong, incomplete}`. For `cargo xtask bench`; pages do not use it.
#[wasm_bindgen(js_name = benchSolverSet, unchecked_return_type = "SolverSetResult")]
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
    let r =
        with_solver(None, |solver| plyground::search::solver::run_set(solver, &positions, weak, &mut now));
    if r.wrong > 0 {
        return Err(crate::util::js_err(format!("benchSolverSet: {} wrong scores", r.wrong)));
    }
    #[derive(Serialize, tsify_next::Tsify)]
    #[tsify(missing_as_null)]
    struct SolverSetResult {
        positions: f64,
        nodes: f64,
        seconds: f64,
        wrong: f64,
        incomplete: f64,
    }
    to_js(&SolverSetResult {
        positions: r.positions as f64,
        nodes: r.nodes as f64,
        seconds: r.seconds,
        wrong: r.wrong as f64,
        incomplete: r.incomplete as f64,
    })
}

/// `performance.now()` in milliseconds, through web-sys: Node, pages and workers all have
/// a global `performance` (there is no `window` in Node or a worker, so it is read from
/// the global object).
#[cfg(feature = "full")]
fn performance_now() -> f64 {
    use wasm_bindgen::JsCast;
    js_sys::Reflect::get(&js_sys::global(), &JsValue::from_str("performance"))
        .ok()
        .and_then(|p| p.dyn_into::<web_sys::Performance>().ok())
        .map_or(f64::NAN, |p| p.now())
}
