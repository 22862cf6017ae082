//! A conformance suite any [`Game`] must pass, run on every game the core has: tic-tac-toe
//! and Connect-4 by seeded random playouts, explicit trees (two, three and four players,
//! chance nodes at the root and under every kind of player) by visiting every state. One
//! suite: the same checks at every state of every game, and each run's coverage asserted
//! exactly where it can be counted by hand, so that no game passes by visiting nothing.

use crate::lessons;
use plyground::game::MAX_PLAYERS;
use plyground::games::connect4::Connect4;
use plyground::games::tictactoe::TicTacToe;
use plyground::games::tree::{Kind, RandomTreeParams, Tree};
use plyground::rng::Rng;
use plyground::{Game, Player, ToMove};

/// What a run of the suite saw (so that tests can assert it really covered something).
#[derive(Debug, Default, PartialEq)]
struct Coverage {
    states: usize,
    terminals: usize,
    chance: usize,
    /// Non-terminal states per player to move.
    moving: [usize; MAX_PLAYERS],
    illegal_tried: usize,
}

/// The suite for one game: its universe of actions (legal somewhere, or never) and the
/// utility range, checked once.
struct Suite<'g, G: Game> {
    game: &'g G,
    universe: &'g [G::Action],
    lo: f64,
    hi: f64,
    cov: Coverage,
}

impl<'g, G: Game> Suite<'g, G> {
    fn new(game: &'g G, universe: &'g [G::Action]) -> Self {
        let (lo, hi) = game.utility_range();
        assert!(lo < hi, "empty utility range ({lo}, {hi})");
        assert!((2..=MAX_PLAYERS).contains(&game.num_players()));
        Suite { game, universe, lo, hi, cov: Coverage::default() }
    }

    /// Checks one state and returns ACTIONS(s):
    ///
    /// - TERMINAL-TEST and ACTIONS agree: a terminal state has no actions, any other state
    ///   has some, and none is listed twice;
    /// - every legal action is accepted by `try_result`, with the same state as `result`,
    ///   the hash (if the game has one) is a function of the state, and actions have
    ///   non-empty names, distinct within the state;
    /// - every action of the universe that is not legal is refused with a non-empty
    ///   message, leaving the position unchanged;
    /// - a chance node lists its outcomes in the order of ACTIONS, each probability in
    ///   [0, 1], summing to 1; a player node lists none, and its player exists;
    /// - terminal utilities lie in `utility_range` (MAX's in a two-player game, everyone's
    ///   in an n-player game), the vector agrees with `utility`, and two-player games are
    ///   zero-sum.
    fn check_state(&mut self, s: &G::State) -> Vec<G::Action> {
        let game = self.game;
        self.cov.states += 1;
        let mut acts = Vec::new();
        game.actions(s, &mut acts);
        if game.is_terminal(s) {
            assert!(acts.is_empty(), "terminal state {s:?} has actions {acts:?}");
            self.check_terminal(s);
            self.cov.terminals += 1;
        } else {
            assert!(!acts.is_empty(), "non-terminal state {s:?} has no actions");
        }
        let mut names: Vec<String> = Vec::new();
        for (i, a) in acts.iter().enumerate() {
            assert!(!acts[..i].contains(a), "{s:?}: action {a:?} listed twice");
            let next = game.result(s, *a);
            assert_eq!(game.try_result(s, *a), Ok(next), "{s:?}: try_result({a:?}) differs from result");
            assert_eq!(game.hash(&next), game.hash(&game.result(s, *a)));
            let name = game.action_name(s, *a);
            assert!(!name.is_empty() && !names.contains(&name), "{s:?}: action {a:?} is named {name:?}");
            names.push(name);
        }
        for a in self.universe.iter().filter(|a| !acts.contains(a)) {
            let before = *s;
            let err = game.try_result(s, *a).expect_err("an action outside ACTIONS(s) was accepted");
            assert!(!err.message.is_empty());
            assert_eq!(*s, before);
            self.cov.illegal_tried += 1;
        }
        if acts.is_empty() {
            return acts;
        }
        let mut outcomes = Vec::new();
        game.chance_outcomes(s, &mut outcomes);
        match game.player(s) {
            ToMove::Chance => {
                self.cov.chance += 1;
                let listed: Vec<G::Action> = outcomes.iter().map(|o| o.0).collect();
                assert_eq!(listed, acts, "{s:?}: chance outcomes and actions differ");
                assert!(outcomes.iter().all(|o| (0.0..=1.0).contains(&o.1)), "{s:?}: {outcomes:?}");
                let total: f64 = outcomes.iter().map(|o| o.1).sum();
                assert!((total - 1.0).abs() < 1e-9, "{s:?}: probabilities sum to {total}");
            }
            ToMove::Player(p) => {
                assert!(
                    p.index() < game.num_players(),
                    "{s:?}: player {} of {}",
                    p.index(),
                    game.num_players()
                );
                assert!(outcomes.is_empty(), "{s:?}: a player node lists chance outcomes {outcomes:?}");
                self.cov.moving[p.index()] += 1;
            }
        }
        acts
    }

    fn check_terminal(&self, s: &G::State) {
        let (game, lo, hi) = (self.game, self.lo, self.hi);
        let u = game.utilities(s);
        for (p, &up) in u.iter().enumerate().take(game.num_players()) {
            let v = game.utility(s, Player(p as u8));
            // The range is MAX's in a two-player game (MIN's utility is its negative), every
            // player's in an n-player game.
            if p == 0 || game.num_players() > 2 {
                assert!((lo..=hi).contains(&v), "{s:?}: utility {v} to player {p} outside [{lo}, {hi}]");
            }
            assert_eq!(up, v);
        }
        if game.num_players() == 2 {
            assert_eq!(game.utility(s, Player::MIN), -game.utility(s, Player::MAX), "{s:?}: not zero-sum");
        }
    }

    /// `playouts` seeded random games from S0 (chance outcomes drawn uniformly), each of
    /// which must end within `max_plies`.
    fn playouts(mut self, seed: u64, playouts: usize, max_plies: usize) -> Coverage {
        let mut rng = Rng::new(seed);
        for n in 0..playouts {
            let mut s = self.game.initial_state();
            let mut ended = false;
            for _ in 0..=max_plies {
                let acts = self.check_state(&s);
                if acts.is_empty() {
                    ended = true;
                    break;
                }
                s = self.game.result(&s, acts[rng.below(acts.len() as u32) as usize]);
            }
            assert!(ended, "playout {n} did not end within {max_plies} plies");
        }
        self.cov
    }

    /// Every state reachable from S0 (along every path), none deeper than `max_plies`.
    fn every_state(mut self, max_plies: usize) -> Coverage {
        let mut stack = vec![(self.game.initial_state(), 0)];
        while let Some((s, ply)) = stack.pop() {
            let acts = self.check_state(&s);
            assert!(acts.is_empty() || ply < max_plies, "{s:?}: deeper than {max_plies} plies");
            stack.extend(acts.iter().map(|&a| (self.game.result(&s, a), ply + 1)));
        }
        self.cov
    }
}

#[test]
fn tictactoe_conforms() {
    let all: Vec<u8> = (0..=255).collect();
    let cov = Suite::new(&TicTacToe, &all).playouts(1, 300, 9);
    assert_eq!(cov.terminals, 300);
    assert_eq!(cov.chance, 0);
    // X moves first and at least as often as O in every game.
    assert!(cov.moving[0] >= cov.moving[1] && cov.moving[1] >= 300 * 2);
    assert_eq!(cov.moving[2..], [0, 0]);
    assert!(cov.illegal_tried > 300 * 247);
}

#[test]
fn connect4_conforms() {
    let all: Vec<u8> = (0..=255).collect();
    let cov = Suite::new(&Connect4, &all).playouts(2, 300, 42);
    assert_eq!(cov.terminals, 300);
    assert!(cov.states > 300 * 7);
    assert_eq!(cov.chance, 0);
    assert!(cov.moving[0] >= cov.moving[1] && cov.moving[1] >= 300 * 3);
    assert!(cov.illegal_tried > cov.states * 248);
}

/// Child indices 0–7: every tree below has at most 4 children, so each state gets some
/// refused.
const TREE_UNIVERSE: [u32; 8] = [0, 1, 2, 3, 4, 5, 6, 7];

fn tree_coverage(text: &str) -> Coverage {
    let t = Tree::try_parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    Suite::new(&t, &TREE_UNIVERSE).every_state(64)
}

/// The coverage an explicit tree must give: `moving` per player 0–3, counted by hand from
/// the text with the alternation rule.
fn expect(states: usize, terminals: usize, chance: usize, moving: [usize; MAX_PLAYERS]) -> Coverage {
    let illegal_tried = states * TREE_UNIVERSE.len() - (states - 1); // every edge is one legal action
    Coverage { states, terminals, chance, moving, illegal_tried }
}

#[test]
fn two_player_trees_conform() {
    // AIMA Figure 5.2.
    assert_eq!(tree_coverage(lessons::fig_5_2()), expect(13, 9, 0, [1, 3, 0, 0]));
    // The lessons' expectiminimax example: chance under MAX.
    assert_eq!(
        tree_coverage("max[chance[0.5: 10, 0.5: -4], chance[1/4: 20, 1/4: -10, 1/4: 4, 1/4: 0]]"),
        expect(9, 6, 2, [1, 0, 0, 0])
    );
    // A chance node under a chance node's MIN child; a plain list under chance is MIN.
    assert_eq!(
        tree_coverage("[chance[1/3: [2, chance[0.5: 1, 0.5: 3]], 2/3: min[4, 5]], 7]"),
        expect(11, 6, 2, [1, 2, 0, 0])
    );
    // A chance root, one outcome with probability 0; its plain child is MAX.
    assert_eq!(tree_coverage("chance[0: 5, 1: [1, 2]]"), expect(5, 3, 1, [1, 0, 0, 0]));
}

#[test]
fn three_and_four_player_trees_with_chance_conform() {
    // AIMA's three-player tree (Figure 5.4's shape): p0, p1, p2 by depth.
    assert_eq!(tree_coverage(lessons::tree("aima_three_player")), expect(15, 8, 0, [1, 2, 4, 0]));
    // Three players and two chance nodes: under p0 (plain children are p1) and under p1
    // (plain child p2), with an explicit p2 below p1.
    assert_eq!(
        tree_coverage(
            "p0[chance[1/4: [(1,2,3), p2[(3,2,1), (0,0,9)]], 3/4: [(2,2,2), (4,1,0)]], \
             [(5,5,5), chance[0.5: (1,1,1), 0.5: [(9,0,0)]]]]"
        ),
        expect(16, 8, 2, [1, 3, 2, 0])
    );
    // Four players: p0 at the root, p1 and p2 under a chance node, an explicit p3.
    assert_eq!(
        tree_coverage("[chance[0.5: [[(1,2,3,4)]], 0.5: (4,3,2,1)], p3[(0,0,0,1), (1,0,0,0)]]"),
        expect(9, 4, 1, [1, 1, 1, 1])
    );
}

#[test]
fn random_trees_with_chance_and_up_to_four_players_conform() {
    let mut rng = Rng::new(10);
    for players in [2u8, 3, 4] {
        let params = RandomTreeParams {
            max_depth: 5,
            max_children: 4,
            chance_probability: 0.25,
            explicit_kind_probability: 0.25,
            players,
            ..Default::default()
        };
        let mut total = Coverage::default();
        for _ in 0..40 {
            let t = Tree::random(&mut rng, &params);
            let cov = Suite::new(&t, &TREE_UNIVERSE).every_state(64);
            // The walk sees each node once, and the same kinds the tree holds.
            let count = |k: Kind| t.nodes().iter().filter(|n| n.kind() == k).count();
            assert_eq!((cov.states, cov.terminals), (t.node_count(), count(Kind::Terminal)));
            assert_eq!(cov.chance, count(Kind::Chance));
            total.chance += cov.chance;
            for p in 0..MAX_PLAYERS {
                total.moving[p] += cov.moving[p];
            }
        }
        assert!(total.chance > 0, "{players} players: no chance node drawn");
        for p in 0..MAX_PLAYERS {
            assert_eq!(total.moving[p] > 0, p < players as usize, "{players} players: player {p}");
        }
    }
}
