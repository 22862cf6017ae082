//! The benchmark workloads of `cargo xtask bench` (`plyground::workload`, the same ones the
//! native bench times), exposed so that Node can time them (`bench/wasm.mjs`: there is no
//! clock in wasm). Each returns the count it must reproduce, or an error naming what
//! differed, so a wrong search cannot look fast. Only the arguments and errors are
//! converted here. Not used by the page.

use crate::util::{at, number_arg, string_arg};
use plyground::search::solver::try_parse_set;
use plyground::trace::Trace;
use plyground::workload;
use wasm_bindgen::prelude::*;

/// Full minimax of tic-tac-toe from the empty board; returns the nodes (549,946, checked).
#[wasm_bindgen(js_name = benchTttMinimax)]
pub fn bench_ttt_minimax() -> Result<f64, JsError> {
    Ok(workload::tictactoe_minimax().map_err(at("benchTttMinimax"))? as f64)
}

/// Exact α-β (centre-first, transposition table of 2^16) on every position of a Connect-4
/// set given as its text (`<moves> <score>` lines); checks every score; returns the total
/// nodes.
#[wasm_bindgen(js_name = benchC4Solve)]
pub fn bench_c4_solve(#[wasm_bindgen(unchecked_param_type = "string")] set: JsValue) -> Result<f64, JsError> {
    let set = string_arg("set", &set).and_then(|t| try_parse_set(&t)).map_err(at("benchC4Solve"))?;
    Ok(workload::connect4_alphabeta_set(&set).map_err(at("benchC4Solve"))? as f64)
}

/// `n` random Connect-4 playouts from the empty board (seed 0, the MCTS rollout policy);
/// returns the plies played in all (checked for the benchmark's two `n`).
#[wasm_bindgen(js_name = benchC4Playouts)]
pub fn bench_c4_playouts(
    #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
) -> Result<f64, JsError> {
    let n = bench_count(&n).map_err(at("benchC4Playouts"))?;
    Ok(workload::connect4_playouts(n).map_err(at("benchC4Playouts"))? as f64)
}

/// `n` MCTS iterations on Connect-4 from the empty board (seed 0); returns the tree's nodes.
#[wasm_bindgen(js_name = benchC4Mcts)]
pub fn bench_c4_mcts(#[wasm_bindgen(unchecked_param_type = "number")] n: JsValue) -> Result<f64, JsError> {
    Ok(workload::connect4_mcts(bench_count(&n).map_err(at("benchC4Mcts"))?) as f64)
}

/// A repetition count from JavaScript: 0 to 10,000,000.
fn bench_count(n: &JsValue) -> Result<u32, String> {
    number_arg("n", n).and_then(|n| crate::util::int_in("n", n, 0, 10_000_000)).map(|n| n as u32)
}

/// Records α-β on tic-tac-toe from the empty board (18,297 nodes, checked); returns the
/// events recorded.
#[wasm_bindgen(js_name = benchRecordTrace)]
pub fn bench_record_trace() -> Result<f64, JsError> {
    Ok(workload::tictactoe_trace().map_err(at("benchRecordTrace"))?.events().len() as f64)
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
        Ok(StepBench { trace: workload::tictactoe_trace().map_err(at("StepBench"))? })
    }

    /// `passes` passes forward through every step, building each step's narration and
    /// pseudocode line; returns the steps taken.
    pub fn run(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] passes: JsValue,
    ) -> Result<f64, JsError> {
        let passes = bench_count(&passes).map_err(at("StepBench.run"))?;
        Ok(workload::step_passes(&self.trace, passes).map_err(at("StepBench.run"))? as f64)
    }
}
