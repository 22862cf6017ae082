//! max^n's `value` is the utility to player 0 (MAX), like every search result, whoever is to
//! move (found by the API fuzzer: with O to move, `searchGame(g, {algo: 'maxn'})` reported
//! the value from O's side).

use plyground::games::tictactoe::TicTacToe;
use plyground::games::tree::Tree;
use plyground::play::engine::{Engine, MaxnEngine};
use plyground::search::maxn::{maxn, maxn_values};
use plyground::search::minimax::minimax;
use plyground::{Game, NoObserver, Player, ToMove};

#[test]
fn maxn_value_is_to_max_with_either_player_to_move() {
    let g = TicTacToe;
    // O to move after X 0, 3, O 4 … : positions with both signs of value.
    for moves in [&[0u8, 4, 8][..], &[0, 4, 8, 2], &[4, 0, 8], &[0, 1, 4], &[0, 1, 4, 2], &[1, 0, 4, 2, 7]] {
        let mut s = g.initial_state();
        for &m in moves {
            s = g.result(&s, m);
        }
        let want = minimax(&g, &s, &mut NoObserver).value;
        let (r, u) = maxn_values(&g, &s, NoObserver);
        assert_eq!(r.value, want, "{moves:?}: maxn {} vs minimax {want}", r.value);
        assert_eq!(r.value, u[0], "{moves:?}");
        assert_eq!(maxn(&g, &s, NoObserver).value, want, "{moves:?}");
        // The engine: value to MAX, score to the player to move.
        let mut e = MaxnEngine::new(g, s, None);
        e.step(u64::MAX);
        let er = e.result();
        let mover = match g.player(&s) {
            ToMove::Player(p) => p,
            ToMove::Chance => Player::MAX,
        };
        let score = if mover == Player::MAX { want } else { -want };
        assert_eq!((er.value, er.score), (want, score), "{moves:?}: engine");
    }
}

#[test]
fn maxn_value_at_a_min_root_of_a_tree_is_to_max() {
    let t = Tree::try_parse("min[max[3, 12], max[2, 4]]").unwrap();
    let (r, _) = maxn_values(&t, &t.initial_state(), NoObserver);
    assert_eq!(r.value, minimax(&t, &t.initial_state(), &mut NoObserver).value);
    assert_eq!(r.value, 4.0);
}
