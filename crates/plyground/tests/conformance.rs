//! A conformance suite any [`Game`] must pass, run on every game: seeded random playouts
//! that check, at every state on the way, the contracts the searches rely on.

use plyground::games::connect4::Connect4;
use plyground::games::tictactoe::TicTacToe;
use plyground::rng::Rng;
use plyground::{Game, Player, ToMove};

/// What a run of the suite saw (so that tests can assert it really covered something).
#[derive(Debug, Default)]
struct Coverage {
    states: usize,
    terminals: usize,
    illegal_tried: usize,
}

/// Plays `playouts` seeded random games of `game` and checks at every state:
///
/// - TERMINAL-TEST and ACTIONS agree: a terminal state has no actions, any other state has
///   some, and none is listed twice;
/// - every legal action is accepted by `try_result`, with the same state as `result`, and
///   the hash (if the game has one) is a function of the state;
/// - every action of `universe` that is not legal is refused with a non-empty message,
///   leaving the position unchanged;
/// - chance nodes list their outcomes in the order of ACTIONS with probabilities summing
///   to 1;
/// - terminal utilities lie in `utility_range`, the vector agrees with `utility`, and
///   two-player games are zero-sum;
/// - every playout ends within `max_plies`.
fn check_game<G: Game>(
    game: &G,
    universe: &[G::Action],
    seed: u64,
    playouts: usize,
    max_plies: usize,
) -> Coverage {
    let mut rng = Rng::new(seed);
    let mut cov = Coverage::default();
    let mut acts = Vec::new();
    let mut outcomes = Vec::new();
    let (lo, hi) = game.utility_range();
    assert!(lo < hi);
    for n in 0..playouts {
        let mut s = game.initial_state();
        let mut ended = false;
        for _ in 0..=max_plies {
            cov.states += 1;
            acts.clear();
            game.actions(&s, &mut acts);
            if game.is_terminal(&s) {
                assert!(acts.is_empty(), "playout {n}: terminal state {s:?} has actions {acts:?}");
                check_terminal(game, &s, lo, hi);
                cov.terminals += 1;
                ended = true;
            } else {
                assert!(!acts.is_empty(), "playout {n}: non-terminal state {s:?} has no actions");
            }
            for (i, a) in acts.iter().enumerate() {
                assert!(!acts[..i].contains(a), "{s:?}: action {a:?} listed twice");
                let next = game.result(&s, *a);
                assert_eq!(game.try_result(&s, *a), Ok(next), "{s:?}: try_result({a:?}) differs from result");
                assert_eq!(game.hash(&next), game.hash(&game.result(&s, *a)));
            }
            for a in universe.iter().filter(|a| !acts.contains(a)) {
                let before = s;
                let err = game.try_result(&s, *a).expect_err("an action outside ACTIONS(s) was accepted");
                assert!(!err.message.is_empty());
                assert_eq!(s, before);
                cov.illegal_tried += 1;
            }
            if ended {
                break;
            }
            let a = match game.player(&s) {
                ToMove::Chance => {
                    outcomes.clear();
                    game.chance_outcomes(&s, &mut outcomes);
                    let listed: Vec<G::Action> = outcomes.iter().map(|o| o.0).collect();
                    assert_eq!(listed, acts, "{s:?}: chance outcomes and actions differ");
                    let total: f64 = outcomes.iter().map(|o| o.1).sum();
                    assert!((total - 1.0).abs() < 1e-9, "{s:?}: probabilities sum to {total}");
                    acts[rng.below(acts.len() as u32) as usize]
                }
                ToMove::Player(p) => {
                    assert!(p.index() < game.num_players());
                    acts[rng.below(acts.len() as u32) as usize]
                }
            };
            s = game.result(&s, a);
        }
        assert!(ended, "playout {n} did not end within {max_plies} plies");
    }
    cov
}

fn check_terminal<G: Game>(game: &G, s: &G::State, lo: f64, hi: f64) {
    let u = game.utilities(s);
    for (p, &up) in u.iter().enumerate().take(game.num_players()) {
        let v = game.utility(s, Player(p as u8));
        assert!((lo..=hi).contains(&v), "{s:?}: utility {v} outside [{lo}, {hi}]");
        assert_eq!(up, v);
    }
    if game.num_players() == 2 {
        assert_eq!(game.utility(s, Player::MIN), -game.utility(s, Player::MAX), "{s:?}: not zero-sum");
    }
}

#[test]
fn tictactoe_conforms() {
    let all: Vec<u8> = (0..=255).collect();
    let cov = check_game(&TicTacToe, &all, 1, 300, 9);
    assert_eq!(cov.terminals, 300);
    assert!(cov.illegal_tried > 300 * 247);
}

#[test]
fn connect4_conforms() {
    let all: Vec<u8> = (0..=255).collect();
    let cov = check_game(&Connect4, &all, 2, 300, 42);
    assert_eq!(cov.terminals, 300);
    assert!(cov.states > 300 * 7);
    assert!(cov.illegal_tried > cov.states * 248);
}
