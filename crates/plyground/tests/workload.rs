//! The benchmark workloads (`plyground::workload`): each reproduces its count on a small
//! input, and a set's wrong score is an error naming the position.

use plyground::search::solver::try_parse_set;
use plyground::workload::{
    connect4_alphabeta_set, connect4_mcts, connect4_playouts, step_passes, tictactoe_minimax, tictactoe_trace,
};

/// The first three positions of the community's Test_L3_R1 set, with their scores.
const SET: &str = "2252576253462244111563365343671351441 -1\n\
                   7422341735647741166133573473242566 1\n\
                   23163416124767223154467471272416755633 0\n";

#[test]
fn tictactoe_minimax_enters_549946_nodes() {
    assert_eq!(tictactoe_minimax(), Ok(549_946));
}

#[test]
fn connect4_alphabeta_set_counts_the_nodes_of_every_position() {
    let set = try_parse_set(SET).unwrap();
    assert_eq!(connect4_alphabeta_set(&set), Ok(229));
    assert_eq!(connect4_alphabeta_set(&set[..0]), Ok(0));
}

#[test]
fn connect4_alphabeta_set_names_the_position_whose_score_differs() {
    let mut set = try_parse_set(SET).unwrap();
    set[1].1 = 2;
    assert_eq!(
        connect4_alphabeta_set(&set),
        Err("Connect-4 α-β: position 2: score 1, expected 2".to_string())
    );
}

#[test]
fn connect4_playouts_are_seeded() {
    assert_eq!(connect4_playouts(1_000), Ok(21_301));
    assert_eq!(connect4_playouts(0), Ok(0));
}

#[test]
fn connect4_mcts_grows_one_node_an_iteration() {
    assert_eq!(connect4_mcts(1_000), 1_001);
}

#[test]
fn tictactoe_trace_records_18297_nodes_and_steps_through_them() {
    let t = tictactoe_trace().unwrap();
    assert_eq!((t.nodes().len(), t.events().len(), t.len()), (18_297, 70_402, 55_742));
    assert_eq!(step_passes(&t, 1), Ok(55_742));
    assert_eq!(step_passes(&t, 2), Ok(111_484));
    assert_eq!(step_passes(&t, 0), Ok(0));
}
