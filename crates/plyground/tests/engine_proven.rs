//! Proven results in the engines' records: a win or a loss found
//! by a search — even a depth-limited one — is marked `Proven` with its distance in plies
//! from the root, and the tic-tac-toe players prefer the fastest win.

use plyground::games::connect4::Connect4;
use plyground::games::tictactoe::TicTacToe;
use plyground::play::engine::{Engine, EngineResult, MctsEngine, Proven, ScoreBound};
use plyground::play::players::{BoardKind, BoardPosition, PlayerConfig, PlayerEngine, PlayerId};
use plyground::search::mcts::MctsOptions;
use plyground::Game;

fn run(_kind: BoardKind, cfg: &PlayerConfig, pos: BoardPosition) -> EngineResult<u8> {
    let mut e = PlayerEngine::new(cfg, pos).unwrap();
    e.run(e.slice())
}

fn proven_of(r: &EngineResult<u8>, a: u8) -> Option<Proven> {
    r.scores.iter().find(|m| m.action == a).unwrap().proven
}

/// X 0 4, O 1 2, X to move: cell 8 wins at once; cells 3 and 6 make forks that win two
/// moves later (the lessons' ±1 scores all three +1, and α-β in natural order played 3).
#[test]
fn every_tic_tac_toe_engine_plays_the_immediate_win_and_says_win_in_1_and_win_in_3() {
    let kind = BoardKind::TicTacToe;
    let s = TicTacToe.try_parse_moves("0 1 4 2").unwrap();
    for player in [PlayerId::Minimax, PlayerId::AlphaBeta, PlayerId::HMinimax, PlayerId::Perfect] {
        let cfg = PlayerConfig::default_for(kind, player);
        let r = run(kind, &cfg, BoardPosition::TicTacToe(s));
        assert_eq!(r.best, Some(8), "{player:?} plays the immediate win");
        assert_eq!(r.proven, Some(Proven::Win(1)), "{player:?}: the root");
        assert_eq!(proven_of(&r, 8), Some(Proven::Win(1)), "{player:?}");
        assert_eq!(proven_of(&r, 3), Some(Proven::Win(3)), "{player:?}");
        assert_eq!(proven_of(&r, 6), Some(Proven::Win(3)), "{player:?}");
        // The numbers behind the words: ±(1 + empty cells at the end).
        let v = |a: u8| r.scores.iter().find(|m| m.action == a).unwrap().value;
        assert_eq!((v(8), v(3)), (Some(5.0), Some(3.0)), "{player:?}");
        assert_eq!(proven_of(&r, 8).unwrap().label(), "win in 1");
        assert_eq!(proven_of(&r, 3).unwrap().label(), "win in 3");
        assert_eq!(r.proven.unwrap().words(), "wins in 1");
        assert_eq!(r.proven.unwrap().long_words(), "wins in 1 ply");
    }
    // Every cell's exact score is marked by what it proves (minimax: the whole tree).
    let r = run(kind, &PlayerConfig::default_for(kind, PlayerId::Minimax), BoardPosition::TicTacToe(s));
    for m in &r.scores {
        assert_eq!(m.bound, ScoreBound::Exact);
        let v = m.value.unwrap();
        let expect = if v > 0.0 {
            Some(Proven::Win(5 - (v as u32 - 1)))
        } else if v < 0.0 {
            Some(Proven::Loss(5 - (-v as u32 - 1)))
        } else {
            Some(Proven::Draw)
        };
        assert_eq!(m.proven, expect, "cell {}", m.action);
    }
}

/// O to move after X's fork (0 1 4 2 3): every move loses; the slowest loss is marked
/// "loss in 2" (X wins on its next move whatever O does), and the engine says so at the root.
#[test]
fn a_lost_position_says_loses_in_2() {
    let kind = BoardKind::TicTacToe;
    let s = TicTacToe.try_parse_moves("0 1 4 2 3").unwrap();
    let r = run(kind, &PlayerConfig::default_for(kind, PlayerId::AlphaBeta), BoardPosition::TicTacToe(s));
    assert_eq!(r.proven, Some(Proven::Loss(2)));
    assert_eq!(r.proven.unwrap().words(), "loses in 2");
    assert_eq!(proven_of(&r, 5), Some(Proven::Loss(2)), "blocking 3-4-5 still loses in 2");
}

/// The empty board: a proven draw (the search is exact).
#[test]
fn the_empty_board_is_a_proven_draw() {
    let kind = BoardKind::TicTacToe;
    let r = run(
        kind,
        &PlayerConfig::default_for(kind, PlayerId::Perfect),
        BoardPosition::TicTacToe(TicTacToe.initial_state()),
    );
    assert!(r.exact);
    assert_eq!(r.proven, Some(Proven::Draw));
    assert_eq!(r.proven.unwrap().words(), "draws");
}

/// MCTS-Solver proves the immediate win and marks it with the same field; the players' plain
/// MCTS proves nothing.
#[test]
fn mcts_solver_marks_its_proofs_with_the_same_field() {
    let s = TicTacToe.try_parse_moves("0 1 4 2").unwrap();
    let opts = MctsOptions { seed: 1, solver: true, ..MctsOptions::default() };
    let r = MctsEngine::new(TicTacToe, s, opts, 400).run(400);
    assert_eq!(r.best, Some(8));
    assert_eq!(r.proven, Some(Proven::Win(1)));
    assert_eq!(proven_of(&r, 8), Some(Proven::Win(1)));
    let plain = MctsOptions { seed: 1, solver: false, ..MctsOptions::default() };
    let r = MctsEngine::new(TicTacToe, s, plain, 400).run(400);
    assert!(r.proven.is_none() && r.scores.iter().all(|m| m.proven.is_none()));
}

/// MCTS's per-move scores carry the mean reward Q = W/N in [0, 1] for the side to move (the
/// scale of the MCTS lab and of UCB1), next to the value on the utility scale (to MAX) it maps
/// to: Play showed "Q = −2.13 (mean reward for X)", a utility, under the name of a reward.
#[test]
fn mcts_scores_carry_the_mean_reward_of_the_side_to_move() {
    let g = TicTacToe::FAST_WINS;
    let (lo, hi) = g.utility_range();
    for moves in ["4", "4 0"] {
        let s = g.try_parse_moves(moves).unwrap();
        let opts = MctsOptions { seed: 1, ..MctsOptions::default() };
        let mut m = MctsEngine::new(g, s, opts, 300);
        let r = m.run(300);
        let kids = m.mcts().root_children_stats();
        assert_eq!(kids.len(), r.scores.len(), "{moves}");
        let o_to_move = moves == "4";
        for x in &r.scores {
            let c = kids.iter().find(|c| c.action == x.action).unwrap();
            let q = x.reward.unwrap();
            assert_eq!(q, c.q, "{moves}: the lab's Q of the same child");
            assert!((0.0..=1.0).contains(&q), "{moves}: {q}");
            let to_max = if o_to_move { 1.0 - q } else { q };
            assert_eq!(x.value, Some(lo + to_max * (hi - lo)), "{moves}");
        }
    }
}

/// Connect-4, H-minimax at depth 2 (the case): after 4 4 5 5 6 6 X wins at once in
/// column 3 or 7. The record says "wins in 1", not an evaluation of +18 next to ±0.4.
#[test]
fn hminimax_depth_2_on_connect4_says_wins_in_1() {
    let kind = BoardKind::Connect4;
    let s = Connect4.try_parse_moves("445566").unwrap();
    let cfg = PlayerConfig { depth: Some(2), ..PlayerConfig::default_for(kind, PlayerId::HMinimax) };
    let r = run(kind, &cfg, BoardPosition::Connect4(s));
    assert!(matches!(r.best, Some(2) | Some(6)), "{:?}", r.best);
    assert!(!r.exact, "depth 2 is not the end of the game");
    assert_eq!(r.proven, Some(Proven::Win(1)));
    assert_eq!(r.proven.unwrap().words(), "wins in 1");
    assert_eq!(r.value, 18.0, "22 − X's 4th stone");
    assert_eq!(proven_of(&r, 2), Some(Proven::Win(1)));
    assert_eq!(proven_of(&r, 6), Some(Proven::Win(1)));
    // The other columns are estimates of depth 2 (EVAL inside (−1, 1)): nothing proven.
    for m in r.scores.iter().filter(|m| m.action != 2 && m.action != 6) {
        assert_eq!(m.proven, None, "column {}", m.action + 1);
        assert!(m.value.unwrap().abs() < 1.0);
    }
}

/// O to move after 4 4 5 5 6 (X threatens 3 and 7 at once): depth 2 sees that every move
/// loses in 2.
#[test]
fn a_double_threat_on_connect4_loses_in_2() {
    let kind = BoardKind::Connect4;
    let s = Connect4.try_parse_moves("44556").unwrap();
    let cfg = PlayerConfig { depth: Some(2), ..PlayerConfig::default_for(kind, PlayerId::HMinimax) };
    let r = run(kind, &cfg, BoardPosition::Connect4(s));
    assert_eq!(r.proven, Some(Proven::Loss(2)));
    assert!(r.scores.iter().all(|m| m.proven == Some(Proven::Loss(2))));
}

/// The exact solver's scores carry the same marks: each win or loss by its distance, 0 a
/// proven draw.
#[test]
fn the_solver_marks_every_solved_column() {
    let kind = BoardKind::Connect4;
    let s = Connect4.try_parse_moves("4455443").unwrap();
    let r = run(kind, &PlayerConfig::default_for(kind, PlayerId::Perfect), BoardPosition::Connect4(s));
    assert_eq!(r.algo, "solve");
    assert!(r.proven.is_some());
    for m in &r.scores {
        let v = m.value.unwrap();
        let expect = match plyground::caption::Outcome::connect4(&s, v) {
            Some(o) => Some(Proven::from_outcome(o)),
            None if v == 0.0 => Some(Proven::Draw),
            None => panic!("a solved score is a result: {v}"),
        };
        assert_eq!(m.proven, expect, "column {}", m.action + 1);
    }
}
