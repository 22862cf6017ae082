//! Golden digests shared with the wasm build (`tests/fixtures/golden-digests.txt`): the
//! recorded α-β traces of Figure 5.2 and of tic-tac-toe, event for event in the flat layout
//! the browser receives, and the statistics of an MCTS tree on Connect-4. The wasm tests
//! (crates/plyground-wasm/tests/golden.rs, through the JavaScript API) and the JavaScript
//! tests compute the same digests from what the API returns and compare them with the same
//! file: so native and wasm run the same searches, number for number.

use crate::lessons;
use plyground::game::Game;
use plyground::games::connect4::Connect4;
use plyground::games::tictactoe::TicTacToe;
use plyground::games::tree::Tree;
use plyground::search::alphabeta::{h_alpha_beta, AlphaBetaOptions, NoEval};
use plyground::search::mcts::{Mcts, MctsOptions};
use plyground::trace::Recorder;
use std::collections::HashMap;

/// FNV-1a style over 64-bit words: h ← (h xor w) · 0x100000001b3, from the FNV offset basis.
fn fnv(words: impl IntoIterator<Item = u64>) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for w in words {
        h ^= w;
        h = h.wrapping_mul(0x100_0000_01b3);
    }
    h
}

/// The digest of a flat event array: every f64 by its bits.
fn digest_events(flat: &[f64]) -> u64 {
    fnv(flat.iter().map(|x| x.to_bits()))
}

/// What the file says: name → digest.
fn golden() -> HashMap<String, u64> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/golden-digests.txt");
    let text = std::fs::read_to_string(path).expect("read golden-digests.txt");
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (name, hex) = l.split_once(char::is_whitespace).expect("'name digest'");
            let hex = hex.trim().trim_start_matches("0x");
            (name.to_string(), u64::from_str_radix(hex, 16).expect("hex digest"))
        })
        .collect()
}

/// α-β with default options as `Stepper.forTree/forGame(…, {}, 20000)` records it: the
/// recorder capped at 20,000 nodes and the node budget set to the cap.
fn stepper_trace_digest<G: Game>(g: &G) -> (u64, usize, usize) {
    let s = g.initial_state();
    let mut rec = Recorder::new(g, s).with_node_cap(20_000);
    let opts = AlphaBetaOptions { node_budget: Some(20_000), ..Default::default() };
    let r = h_alpha_beta(g, &s, &NoEval, &opts, &mut rec);
    assert!(r.complete);
    let t = rec.finish();
    (digest_events(&t.encode_all()), t.events().len(), t.nodes().len())
}

/// N, W of every node of an MCTS tree, in id order, with its parent and action:
/// (parent + 1 or 0, action + 1 or 0, N, W bits) per node. JavaScript sees the same numbers
/// (Connect-4 actions as 1-based columns, the root's parent as −1).
fn mcts_digest(iterations: u32, seed: u64) -> (u64, usize) {
    let g = Connect4;
    let mut m = Mcts::new(g, g.initial_state(), MctsOptions { seed, ..Default::default() });
    m.run(iterations);
    let mut words = Vec::new();
    for id in 0..m.num_nodes() as u32 {
        let n = m.node(id).expect("node");
        words.push(n.parent.map_or(0, |p| p as u64 + 1));
        words.push(n.action.map_or(0, |a| a as u64 + 1));
        words.push(n.n as u64);
        words.push(n.w.to_bits());
    }
    (fnv(words), m.num_nodes())
}

#[test]
fn the_digests_match_the_shared_file() {
    let want = golden();
    let fig = Tree::try_parse(lessons::fig_5_2()).unwrap();
    let (d, events, nodes) = stepper_trace_digest(&fig);
    assert_eq!((events, nodes), (43, 11), "Figure 5.2: events and nodes");
    assert_eq!(d, want["alphabeta_figure_5_2"], "Figure 5.2 α-β trace: {d:016x}");

    let (d, _, nodes) = stepper_trace_digest(&TicTacToe);
    assert_eq!(nodes, 18_297);
    assert_eq!(d, want["alphabeta_tictactoe"], "tic-tac-toe α-β trace: {d:016x}");

    let (d, nodes) = mcts_digest(1000, 42);
    assert_eq!(nodes, 1001, "one node per iteration plus the root");
    assert_eq!(d, want["mcts_connect4_seed42_1000"], "MCTS Connect-4 seed 42: {d:016x}");
}

#[test]
fn the_digest_sees_every_number() {
    // A digest that ignored a field would let a wrong trace pass.
    assert_ne!(digest_events(&[1.0, 2.0]), digest_events(&[2.0, 1.0]));
    assert_ne!(digest_events(&[0.0]), digest_events(&[-0.0]));
    assert_ne!(mcts_digest(10, 42).0, mcts_digest(10, 43).0);
    assert_ne!(mcts_digest(10, 42).0, mcts_digest(11, 42).0);
}
