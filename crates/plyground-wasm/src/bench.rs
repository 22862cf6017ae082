//! The benchmark workloads of `cargo xtask bench`, compiled into the module so that Node can
//! time them with `performance.now()` (there is no clock in wasm). They are the same
//! workloads as the native ones in `crates/plyground-cli/src/bench.rs`, and each checks its
//! node or ply counts, so a wrong search cannot look fast. Not used by the page.

use crate::util::js_err;
use plyground::game::Game;
use plyground::games::connect4::Connect4;
use plyground::games::tictactoe::TicTacToe;
use plyground::limits::DEFAULT_NODE_CAP;
use plyground::search::alphabeta::{h_alpha_beta, AlphaBetaOptions};
use plyground::search::mcts::{Mcts, MctsOptions};
use plyground::search::minimax::minimax;
use plyground::trace::{Recorder, StepState, Trace};
use plyground::{MoveOrder, NoObserver, Player};
use wasm_bindgen::prelude::*;

/// Full minimax of tic-tac-toe from the empty board; returns the nodes (549,946, checked).
#[wasm_bindgen(js_name = benchTttMinimax)]
pub fn bench_ttt_minimax() -> Result<f64, JsError> {
    let g = TicTacToe;
    let r = minimax(&g, &g.initial_state(), &mut NoObserver);
    if (r.value, r.stats.nodes) != (0.0, 549_946) {
        let value = crate::util::num_text(r.value);
        return Err(js_err(format!("tic-tac-toe minimax: value {value} after {} nodes", r.stats.nodes)));
    }
    Ok(r.stats.nodes as f64)
}

/// Exact α-β (centre-first, transposition table of 2^16) on every position of a Connect-4
/// set given as its text (`<moves> <score>` lines); checks every score; returns the total
/// nodes.
#[wasm_bindgen(js_name = benchC4Solve)]
pub fn bench_c4_solve(#[wasm_bindgen(unchecked_param_type = "string")] set: JsValue) -> Result<f64, JsError> {
    let set = crate::util::string_arg("set", &set).map_err(js_err)?;
    let g = Connect4;
    let opts = AlphaBetaOptions { order: MoveOrder::Heuristic, tt_log2: Some(16), ..Default::default() };
    // The engine searchGame uses (no EVAL is ever called: the search goes to the end).
    let no_eval = crate::search::maybe_eval(&g, false);
    let mut nodes = 0u64;
    for (i, line) in set.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let mut it = line.split_whitespace();
        let (Some(moves), Some(Ok(want))) = (it.next(), it.next().map(str::parse::<i32>)) else {
            return Err(js_err(format!("line {}: expected '<moves> <score>'", i + 1)));
        };
        let s = g.try_parse_moves(moves).map_err(|e| js_err(format!("line {}: {e}", i + 1)))?;
        let r = h_alpha_beta(&g, &s, &no_eval, &opts, NoObserver);
        let score = if s.side_to_move() == Player::MAX { r.value } else { -r.value };
        if score as i32 != want {
            let score = crate::util::num_text(score);
            return Err(js_err(format!("line {}: {moves}: score {score}, expected {want}", i + 1)));
        }
        nodes += r.stats.nodes;
    }
    Ok(nodes as f64)
}

/// `n` random Connect-4 playouts from the empty board (seed 0, the MCTS rollout policy);
/// returns the plies played in all.
#[wasm_bindgen(js_name = benchC4Playouts)]
pub fn bench_c4_playouts(
    #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
) -> Result<f64, JsError> {
    let n = bench_count(&n)?;
    let g = Connect4;
    let s = g.initial_state();
    let mut m = Mcts::new(g, s, MctsOptions::default());
    Ok((0..n).map(|_| m.rollout(&s).0 as u64).sum::<u64>() as f64)
}

/// `n` MCTS iterations on Connect-4 from the empty board (seed 0); returns the tree's nodes.
#[wasm_bindgen(js_name = benchC4Mcts)]
pub fn bench_c4_mcts(#[wasm_bindgen(unchecked_param_type = "number")] n: JsValue) -> Result<f64, JsError> {
    let n = bench_count(&n)?;
    let g = Connect4;
    let mut m = Mcts::new(g, g.initial_state(), MctsOptions::default());
    m.run(n);
    Ok(m.num_nodes() as f64)
}

/// A repetition count from JavaScript: 0 to 10,000,000.
fn bench_count(n: &JsValue) -> Result<u32, JsError> {
    crate::util::number_arg("n", n)
        .and_then(|n| crate::util::int_in("n", n, 0, 10_000_000))
        .map(|n| n as u32)
        .map_err(js_err)
}

/// The trace of α-β on tic-tac-toe from the empty board, as `Stepper.forGame(game, {}, 20000)`
/// records it (the same engine and recorder).
fn ttt_trace() -> Result<Trace<u8>, JsError> {
    let g = TicTacToe;
    let s = g.initial_state();
    let mut rec = Recorder::new(&g, s).with_node_cap(DEFAULT_NODE_CAP as usize);
    let opts = AlphaBetaOptions { node_budget: Some(DEFAULT_NODE_CAP.into()), ..Default::default() };
    let r = h_alpha_beta(&g, &s, &crate::search::maybe_eval(&g, true), &opts, &mut rec);
    let t = rec.finish();
    if r.stats.nodes != 18_297 || t.nodes().len() != 18_297 {
        return Err(js_err(format!("tic-tac-toe α-β trace: {} nodes", t.nodes().len())));
    }
    Ok(t)
}

/// Records α-β on tic-tac-toe from the empty board (18,297 nodes, checked); returns the
/// events recorded.
#[wasm_bindgen(js_name = benchRecordTrace)]
pub fn bench_record_trace() -> Result<f64, JsError> {
    Ok(ttt_trace()?.events().len() as f64)
}

/// A recorded trace, stepped through in the core only (no boundary): the comparison for
/// `Stepper.step()` + `state()`.
#[wasm_bindgen]
pub struct StepBench {
    trace: Trace<u8>,
}

#[wasm_bindgen]
impl StepBench {
    /// Records the tic-tac-toe α-β trace.
    #[wasm_bindgen(constructor)]
    pub fn new() -> Result<StepBench, JsError> {
        Ok(StepBench { trace: ttt_trace()? })
    }

    /// `passes` passes forward through every step, building each step's narration and
    /// pseudocode line; returns the steps taken.
    pub fn run(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] passes: JsValue,
    ) -> Result<f64, JsError> {
        Ok(step_passes(&self.trace, bench_count(&passes)?) as f64)
    }
}

/// The stepping workload (the same as the native one).
pub fn step_passes(t: &Trace<u8>, passes: u32) -> u64 {
    let mut steps = 0u64;
    let mut chars = 0usize;
    for _ in 0..passes {
        let mut st = StepState::new(t);
        while st.forward(t) {
            let i = st.index() - 1;
            chars += t.narration(i).len();
            chars += t.pseudocode_line(i).map_or(0, |p| p.1 as usize);
            steps += 1;
        }
    }
    // Keep the narration from being optimised away.
    if chars == 0 {
        steps = 0;
    }
    steps
}
