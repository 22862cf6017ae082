//! Tic-tac-toe engines prefer the fastest win and the slowest loss:
//! `TicTacToe::FAST_WINS` scores a win ±(1 + empty cells at the end); the lessons' `TicTacToe`
//! keeps ±1. Checked against the plain game on every reachable position.

use plyground::games::tictactoe::{TicTacToe, TttState};
use plyground::search::alphabeta::{alpha_beta, alpha_beta_scores, AlphaBetaOptions, NoEval};
use plyground::search::minimax::minimax;
use plyground::{Game, NoObserver};

fn pos(moves: &str) -> TttState {
    TicTacToe.try_parse_moves(moves).unwrap()
}

#[test]
fn the_immediate_win_beats_the_fork() {
    // X 0 4, O 1 2, X to move: cell 8 wins at once; cell 3 makes a fork that wins in 3.
    let s = pos("0 1 4 2");
    let plain = alpha_beta(&TicTacToe, &s, &AlphaBetaOptions::default(), NoObserver);
    assert_eq!(
        (plain.value, plain.best),
        (1.0, Some(3)),
        "the lessons' ±1 cannot tell the fork from the win"
    );
    let fast = alpha_beta(&TicTacToe::FAST_WINS, &s, &AlphaBetaOptions::default(), NoObserver);
    assert_eq!((fast.value, fast.best), (5.0, Some(8)));
    let scores = alpha_beta_scores(&TicTacToe::FAST_WINS, &s, &NoEval, &AlphaBetaOptions::default());
    let of = |cell: u8| scores.iter().find(|x| x.0 == cell).unwrap().1;
    assert_eq!(of(8), 5.0);
    assert_eq!(of(3), 3.0);
    assert_eq!(TicTacToe::outcome(&s, of(8)), Some((true, 1)), "win in 1");
    assert_eq!(TicTacToe::outcome(&s, of(3)), Some((true, 3)), "win in 3");
}

#[test]
fn outcomes_from_either_side() {
    // X to move with 4 8 against O's 0 1: O threatens 2, and blocking there is X's only move
    // that does not lose.
    let s = pos("4 0 8 1");
    let r = minimax(&TicTacToe::FAST_WINS, &s, &mut NoObserver);
    assert_eq!(r.best, Some(2));
    // The empty board is a draw under both utilities.
    let e = TicTacToe.initial_state();
    let opts = AlphaBetaOptions { tt_log2: Some(16), ..Default::default() };
    assert_eq!(alpha_beta(&TicTacToe::FAST_WINS, &e, &opts, NoObserver).value, 0.0);
    assert_eq!(TicTacToe::outcome(&e, 0.0), None);
    // O to move after X's fork: X wins on the seventh move whatever O does.
    let s = pos("0 1 4 2 3");
    let v = minimax(&TicTacToe::FAST_WINS, &s, &mut NoObserver).value;
    assert_eq!(v, 3.0, "O cannot stop both threats: X wins on the 7th move, 3 cells left");
    assert_eq!(TicTacToe::outcome(&s, v), Some((false, 2)), "O loses in 2");
    assert_eq!(TicTacToe::outcome(&s, 0.5), None);
    assert_eq!(TicTacToe::outcome(&s, 9.0), None);
}

/// Every position reachable from the empty board: the fast-win value has the sign of the
/// lessons' value, and the plies it names are a real line (checked by the value's definition:
/// |v| − 1 empty cells at the end).
#[test]
fn same_outcome_as_the_lessons_game_everywhere() {
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![TicTacToe.initial_state()];
    let mut acts = Vec::new();
    let mut checked = 0;
    let opts = AlphaBetaOptions { tt_log2: Some(14), ..Default::default() };
    while let Some(s) = stack.pop() {
        if !seen.insert((s.x, s.o)) {
            continue;
        }
        if TicTacToe.is_terminal(&s) {
            continue;
        }
        let plain = alpha_beta(&TicTacToe, &s, &opts, NoObserver).value;
        let fast = alpha_beta(&TicTacToe::FAST_WINS, &s, &opts, NoObserver).value;
        assert_eq!(plain, fast.signum() * (fast != 0.0) as u8 as f64, "{}", s.board_string());
        if fast != 0.0 {
            let (wins, plies) = TicTacToe::outcome(&s, fast).unwrap();
            assert_eq!(wins, (fast > 0.0) == (s.to_move() == plyground::Player::MAX));
            assert!(plies >= 1 && plies <= 9 - (s.x | s.o).count_ones());
        }
        checked += 1;
        acts.clear();
        TicTacToe.actions(&s, &mut acts);
        stack.extend(acts.iter().map(|&a| TicTacToe.result(&s, a)));
    }
    assert_eq!(checked, 4520, "non-terminal positions reachable from the empty board");
}
