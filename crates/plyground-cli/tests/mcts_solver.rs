//! `--solver` (MCTS-Solver) on `ttt` and `c4 --algo mcts`: the proof and the iteration it was
//! found in, for fixed seeds (the same values as the core's tests/mcts_solver.rs).

use crate::common;

use common::{fails_with, stdout};

#[test]
fn tictactoe_proves_the_fork() {
    // X: 0, 2; O: 1, 3: X forks with 4, a win in 2 moves, proven in 27 iterations (seed 1).
    let out = stdout(&[
        "ttt",
        "--moves",
        "0123",
        "--algo",
        "mcts",
        "--iterations",
        "200",
        "--seed",
        "1",
        "--solver",
    ]);
    assert!(out.contains("best: 4\n"), "{out}");
    assert!(
        out.contains("proof: proven win for MAX: MAX has a winning move here (node 4 is a proven win for MAX), so the game ends in 3 plies\n"),
        "{out}"
    );
    assert!(out.contains("proved_at: 27\n"), "{out}");
}

#[test]
fn connect4_proves_the_open_three_and_without_the_flag_prints_no_proof() {
    let out = stdout(&[
        "c4",
        "--moves",
        "4455",
        "--algo",
        "mcts",
        "--iterations",
        "1000",
        "--seed",
        "1",
        "--solver",
    ]);
    assert!(out.contains("best: 3\n"), "{out}");
    assert!(out.contains("proved_at: 62\n"), "{out}");
    let out = stdout(&["c4", "--moves", "4455", "--algo", "mcts", "--iterations", "1000", "--seed", "1"]);
    assert!(!out.contains("proof:"), "{out}");
}

#[test]
fn the_flag_belongs_to_mcts() {
    fails_with(
        &["c4", "--moves", "4455", "--solver"],
        "--solver: MCTS-Solver is an option of --algo mcts, not of 'alphabeta'",
    );
}
