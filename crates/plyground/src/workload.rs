//! The benchmark workloads: each runs a search and returns the count it must reproduce
//! (nodes, plies, events, steps), or an error naming what differed.
//!
//! Written once, here: `plyground bench` times them natively, the wasm module exposes them
//! to `bench/wasm.mjs`, which times them in Node, and `cargo xtask bench` pairs the two
//! runs' rows by name and compares their counts, so that a faster but wrong search cannot
//! look good. There is no clock here: the callers time the calls. The exact solver's
//! workload is [`solver::run_set`](crate::search::solver::run_set), its sets read by
//! [`solver::try_parse_set`](crate::search::solver::try_parse_set).

use crate::games::connect4::{C4State, Connect4};
use crate::games::tictactoe::TicTacToe;
use crate::limits::DEFAULT_NODE_CAP;
use crate::search::alphabeta::{alpha_beta, AlphaBetaOptions};
use crate::search::mcts::{Mcts, MctsOptions};
use crate::search::minimax::minimax;
use crate::trace::{Recorder, StepState, Trace};
use crate::{Game, MoveOrder, NoObserver, Player};

/// The nodes full minimax enters in tic-tac-toe from the empty board.
pub const TICTACTOE_MINIMAX_NODES: u64 = 549_946;

/// The nodes of the α-β trace of tic-tac-toe from the empty board ([`tictactoe_trace`]).
pub const TICTACTOE_TRACE_NODES: u64 = 18_297;

/// The plies of `n` seeded Connect-4 playouts from the empty board ([`connect4_playouts`]),
/// for the two `n` the benchmark runs (quick and full).
pub const CONNECT4_PLAYOUT_PLIES: [(u32, u64); 2] = [(200_000, 4_266_986), (1_000_000, 21_317_309)];

/// Full minimax of tic-tac-toe from the empty board, with the no-op observer; returns the
/// nodes ([`TICTACTOE_MINIMAX_NODES`], with the value 0, a draw, or an error).
pub fn tictactoe_minimax() -> Result<u64, String> {
    let g = TicTacToe;
    let r = minimax(&g, &g.initial_state(), &mut NoObserver);
    if (r.value, r.stats.nodes) != (0.0, TICTACTOE_MINIMAX_NODES) {
        return Err(format!(
            "tic-tac-toe minimax: value {} after {} nodes, expected 0 after {TICTACTOE_MINIMAX_NODES}",
            r.value, r.stats.nodes
        ));
    }
    Ok(r.stats.nodes)
}

/// Exact α-β (centre-first ordering, a transposition table of 2^16 entries, no EVAL: each
/// search goes to the end) on every position of a Connect-4 set, each with its score for the
/// side to move; returns the nodes of all the searches, or an error naming the first
/// position (from 1) whose score differed.
pub fn connect4_alphabeta_set(set: &[(C4State, i32)]) -> Result<u64, String> {
    let g = Connect4;
    let opts = AlphaBetaOptions { order: MoveOrder::Heuristic, tt_log2: Some(16), ..Default::default() };
    let mut nodes = 0;
    for (i, (s, want)) in set.iter().enumerate() {
        let r = alpha_beta(&g, s, &opts, NoObserver);
        let score = if s.side_to_move() == Player::MAX { r.value } else { -r.value };
        if score != f64::from(*want) {
            return Err(format!("Connect-4 α-β: position {}: score {score}, expected {want}", i + 1));
        }
        nodes += r.stats.nodes;
    }
    Ok(nodes)
}

/// `n` random Connect-4 playouts from the empty board (the MCTS rollout policy, seed 0);
/// returns the plies played in all. Seeded, so the same on every run and platform: for an
/// `n` of [`CONNECT4_PLAYOUT_PLIES`] a different count is an error.
pub fn connect4_playouts(n: u32) -> Result<u64, String> {
    let g = Connect4;
    let s = g.initial_state();
    let mut m = Mcts::new(g, s, MctsOptions::default());
    let plies = (0..n).map(|_| u64::from(m.rollout(&s).0)).sum::<u64>();
    match CONNECT4_PLAYOUT_PLIES.iter().find(|(k, _)| *k == n) {
        Some(&(_, want)) if plies != want => {
            Err(format!("Connect-4 playouts: {n} playouts played {plies} plies, expected {want}"))
        }
        _ => Ok(plies),
    }
}

/// `iterations` MCTS iterations on Connect-4 from the empty board (default options, seed 0);
/// returns the nodes of the tree.
pub fn connect4_mcts(iterations: u32) -> u64 {
    let g = Connect4;
    let mut m = Mcts::new(g, g.initial_state(), MctsOptions::default());
    m.run(iterations);
    m.num_nodes() as u64
}

/// The trace of α-β on tic-tac-toe from the empty board, recorded as the browser's Stepper
/// records it (`Stepper.forGame(game, {}, 20000)`: node cap and node budget
/// [`DEFAULT_NODE_CAP`]); an error unless it has [`TICTACTOE_TRACE_NODES`] nodes. The
/// recording workload counts its events.
pub fn tictactoe_trace() -> Result<Trace<u8>, String> {
    let g = TicTacToe;
    let s = g.initial_state();
    let mut rec = Recorder::new(&g, s).with_node_cap(DEFAULT_NODE_CAP as usize);
    let opts = AlphaBetaOptions { node_budget: Some(DEFAULT_NODE_CAP.into()), ..Default::default() };
    let r = alpha_beta(&g, &s, &opts, &mut rec);
    let t = rec.finish();
    if (r.stats.nodes, t.nodes().len() as u64) != (TICTACTOE_TRACE_NODES, TICTACTOE_TRACE_NODES) {
        return Err(format!(
            "tic-tac-toe α-β trace: the search entered {} nodes and the trace has {}, expected {TICTACTOE_TRACE_NODES}",
            r.stats.nodes,
            t.nodes().len()
        ));
    }
    Ok(t)
}

/// The stepping workload: `passes` passes forward through every step of `t`, building each
/// step's narration and pseudocode line (what a front end shows per step); returns the steps
/// taken, or an error unless that is `passes` × the trace's steps with some narration built.
pub fn step_passes<A: Copy>(t: &Trace<A>, passes: u32) -> Result<u64, String> {
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
    let want = t.len() as u64 * u64::from(passes);
    if steps != want || (steps > 0 && chars == 0) {
        return Err(format!(
            "stepping: {steps} steps with {chars} characters of narration, expected {want} steps with some"
        ));
    }
    Ok(steps)
}
