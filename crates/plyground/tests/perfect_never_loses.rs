//! The playground's perfect player against every other engine it offers, at the engine's
//! defaults, from every start (the empty board and each first move), on either side (issue
//! 13's "done when"): it never ends below the start's game value from its side, so it beats
//! or draws every engine wherever the start allows that. Where the start is lost for it (a
//! Connect-4 opening the first player wins), the outcome is pinned as it comes out: the
//! engines are deterministic (MCTS has a seed), so a change shows.
//!
//! Each game is played move by move through `PlayerEngine`, the code the playground's worker
//! steps, with the shipped opening book given to the perfect player as the worker gives it.

use plyground::games::connect4::Connect4;
use plyground::games::tictactoe::TicTacToe;
use plyground::play::engine::Engine;
use plyground::play::players::{BoardKind, BoardPosition, PlayerConfig, PlayerEngine, PlayerId};
use plyground::search::book::Book;
use plyground::search::solver::{Solver, SolverOptions};
use plyground::{Game, Player, ToMove};
use std::sync::Arc;

const SHIPPED: &[u8] = include_bytes!("../../../www/book/connect4.book");

/// The other players the playground offers on `kind` (a human aside), at their defaults.
fn opponents(kind: BoardKind) -> Vec<PlayerConfig> {
    PlayerId::ALL
        .into_iter()
        .filter(|&p| p != PlayerId::Human && p != PlayerId::Perfect && p.unavailable(kind).is_none())
        .map(|p| PlayerConfig::default_for(kind, p))
        .collect()
}

/// Plays `pos` out, `perfect_is_max` saying which side the perfect player has; returns the
/// final utility to MAX (+1, 0 or −1).
fn play(mut pos: BoardPosition, perfect_is_max: bool, other: &PlayerConfig, book: &Arc<Book>) -> i32 {
    let kind = pos.kind();
    let perfect = PlayerConfig::default_for(kind, PlayerId::Perfect);
    loop {
        let (over, max_to_move) = match pos {
            BoardPosition::TicTacToe(s) => {
                (TicTacToe.is_terminal(&s), TicTacToe.player(&s) == ToMove::Player(Player::MAX))
            }
            BoardPosition::Connect4(s) => (Connect4.is_terminal(&s), s.side_to_move() == Player::MAX),
        };
        if over {
            let u = match pos {
                BoardPosition::TicTacToe(s) => TicTacToe.utility(&s, Player::MAX),
                BoardPosition::Connect4(s) => Connect4.utility(&s, Player::MAX),
            };
            // Not f64::signum, which is +1 for 0.
            return (u > 0.0) as i32 - (u < 0.0) as i32;
        }
        let perfect_moves = max_to_move == perfect_is_max;
        let cfg = if perfect_moves { &perfect } else { other };
        let mut e = PlayerEngine::new(cfg, pos).unwrap();
        e.set_book(Some(book.clone()));
        while !e.step(e.slice()).done {}
        let r = e.result();
        if perfect_moves {
            assert!(!e.fell_back() && r.exact, "the perfect player fell back at {pos:?}: {r:?}");
        }
        let a = r.best.expect("a player always moves");
        pos = match pos {
            BoardPosition::TicTacToe(s) => BoardPosition::TicTacToe(TicTacToe.result(&s, a)),
            BoardPosition::Connect4(s) => BoardPosition::Connect4(Connect4.result(&s, a)),
        };
    }
}

/// (start, the perfect player's side, the opponent, its result: +1 won, 0 drew, −1 lost).
type Played = (String, &'static str, &'static str, i32);

/// Every start and side against every opponent; asserts the perfect player's result is at
/// least the start's game value (`value`: the sign of the start's value to MAX) from its side,
/// and returns every game's result.
fn tournament(kind: BoardKind, starts: &[(BoardPosition, String, i32)], sides: &[bool]) -> Vec<Played> {
    let book = Arc::new(Book::from_bytes(SHIPPED).unwrap());
    let mut out = Vec::new();
    for (pos, name, value) in starts {
        for other in opponents(kind) {
            for &perfect_is_max in sides {
                let u = play(*pos, perfect_is_max, &other, &book);
                let (mine, floor) = if perfect_is_max { (u, *value) } else { (-u, -*value) };
                let side = if perfect_is_max { "first" } else { "second" };
                assert!(
                    mine >= floor,
                    "perfect ({side} player) from '{name}' against {}: {mine}, below the start's value {floor}",
                    other.label(kind)
                );
                out.push((name.clone(), side, other.player.id(), mine));
            }
        }
    }
    out
}

#[test]
fn tic_tac_toe_perfect_never_loses_to_any_engine_from_any_start() {
    // Every opening of tic-tac-toe is a draw with perfect play: the perfect player never loses.
    let mut starts = vec![(BoardPosition::TicTacToe(TicTacToe.initial_state()), String::new(), 0)];
    for cell in 0..9u8 {
        let s = TicTacToe.result(&TicTacToe.initial_state(), cell);
        starts.push((BoardPosition::TicTacToe(s), cell.to_string(), 0));
    }
    let games = tournament(BoardKind::TicTacToe, &starts, &[true, false]);
    assert_eq!(games.len(), 10 * 4 * 2, "10 starts, 4 engines (minimax, α-β, H-minimax, MCTS), 2 sides");
    // And it never wins either: every engine at its defaults holds the draw (MCTS with 2,000
    // iterations included).
    assert!(games.iter().all(|g| g.3 == 0), "{games:?}");
}

/// Connect-4's starts with the sign of their value to the first player, by our solver with
/// the book: the empty board +1 (a win), then after the first stone in column 1…7 the
/// scores −2 −1 0 1 0 −1 −2.
fn connect4_starts() -> Vec<(BoardPosition, String, i32)> {
    let mut solver = Solver::new(SolverOptions::default());
    solver.set_book(Some(Arc::new(Book::from_bytes(SHIPPED).unwrap())));
    let empty = Connect4.initial_state();
    let columns = solver.analyze(&empty, false);
    assert_eq!(columns.scores.map(|s| s.unwrap()), [-2, -1, 0, 1, 0, -1, -2]);
    let mut starts = vec![(BoardPosition::Connect4(empty), String::new(), 1)];
    for c in 0..7u8 {
        let v = columns.scores[c as usize].unwrap().signum();
        starts.push((BoardPosition::Connect4(Connect4.result(&empty, c)), (c + 1).to_string(), v));
    }
    starts
}

/// The games the perfect player did not win, as (start, side, opponent, result).
fn not_won(games: &[Played]) -> Vec<(&str, &str, &str, i32)> {
    games.iter().filter(|g| g.3 != 1).map(|g| (g.0.as_str(), g.1, g.2, g.3)).collect()
}

// Two tests, one per side, so that they run side by side.

#[test]
fn connect4_perfect_as_the_first_player_beats_or_draws_every_engine_from_every_start() {
    let games = tournament(BoardKind::Connect4, &connect4_starts(), &[true]);
    // 8 starts × 3 engines (α-β, H-minimax, MCTS; minimax cannot play Connect-4).
    assert_eq!(games.len(), 24);
    // It won every game but two, also from the starts lost for it (its first stone in column
    // 1, 2, 6 or 7): no engine holds a won position to the end. The two draws: after its first
    // stone in an edge column (a start the second player wins), against H-minimax (depth 6).
    assert_eq!(not_won(&games), [("1", "first", "hminimax", 0), ("7", "first", "hminimax", 0)]);
}

#[test]
fn connect4_perfect_as_the_second_player_beats_every_engine_from_every_start() {
    let games = tournament(BoardKind::Connect4, &connect4_starts(), &[false]);
    assert_eq!(games.len(), 24);
    // It won all 24, also from the two starts lost for it (the empty board and the first
    // stone in the centre).
    assert_eq!(not_won(&games), []);
}
