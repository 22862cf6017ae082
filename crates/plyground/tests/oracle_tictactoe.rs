//! Independent oracles for tic-tac-toe: published counts of the full game tree and of α-β.

use plyground::games::tictactoe::TicTacToe;
use plyground::search::alphabeta::{alpha_beta, AlphaBetaOptions};
use plyground::search::minimax::minimax;
use plyground::{Game, NoObserver, TieRule};

#[test]
fn full_minimax_visits_549946_nodes_and_255168_games_value_0() {
    let g = TicTacToe;
    let r = minimax(&g, &g.initial_state(), &mut NoObserver);
    assert_eq!(r.stats.nodes, 549_946);
    assert_eq!(r.stats.leaves, 255_168);
    assert_eq!(r.value, 0.0);
}

#[test]
fn alpha_beta_in_cell_order_enters_18297_nodes_nonstrict_and_146120_strict() {
    let g = TicTacToe;
    let s = g.initial_state();
    let ns = alpha_beta(&g, &s, &AlphaBetaOptions::default(), NoObserver);
    assert_eq!((ns.stats.nodes, ns.value), (18_297, 0.0));
    let st = alpha_beta(&g, &s, &AlphaBetaOptions { tie: TieRule::Strict, ..Default::default() }, NoObserver);
    assert_eq!((st.stats.nodes, st.value), (146_120, 0.0));
}

#[test]
fn there_are_5478_distinct_reachable_positions() {
    let g = TicTacToe;
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![g.initial_state()];
    let mut acts = Vec::new();
    while let Some(s) = stack.pop() {
        if !seen.insert((s.x, s.o)) {
            continue;
        }
        acts.clear();
        g.actions(&s, &mut acts);
        stack.extend(acts.iter().map(|&a| g.result(&s, a)));
    }
    assert_eq!(seen.len(), 5_478);
}
