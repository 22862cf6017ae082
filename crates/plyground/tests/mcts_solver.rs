//! MCTS-Solver (`MctsOptions::solver`): forced wins in 1, 2 and 3 moves and proven losses
//! and draws on tic-tac-toe and Connect-4 (the proof, the rule, the move chosen and the
//! iteration of the proof for a fixed seed), every proof checked against an independent
//! minimax with distances, and the off switch (the plain search, bit for bit).

use plyground::caption::{mcts_narration, proof_scored, TERMINAL_SCORED};
use plyground::games::connect4::Connect4;
use plyground::games::tictactoe::{TicTacToe, TttState};
use plyground::games::tree::Tree;
use plyground::search::mcts::{mcts_phase, mcts_search, Mcts, MctsOptions, Outcome, Proof, ProofRule};
use plyground::{Game, NoObserver, Player, ToMove};

fn solver(seed: u64) -> MctsOptions {
    MctsOptions { seed, solver: true, ..Default::default() }
}

/// Runs one iteration at a time until the root is proven (at most `cap`): the search.
fn until_proven<G: Game>(g: G, s: G::State, seed: u64, cap: u32) -> Mcts<G> {
    let mut m = Mcts::new(g, s, solver(seed));
    while m.proved_at().is_none() && m.iterations() < cap {
        m.run(1);
    }
    m
}

/// The oracle: tic-tac-toe by plain recursion, for the player to move at `s`: (outcome,
/// plies to the end with best play: the quickest win, the longest loss or draw).
fn oracle(g: &TicTacToe, s: &TttState) -> (Outcome, u32) {
    let ToMove::Player(p) = g.player(s) else { unreachable!("tic-tac-toe has no chance") };
    if g.is_terminal(s) {
        let u = g.utility(s, p);
        let o = if u > 0.0 {
            Outcome::Win
        } else if u < 0.0 {
            Outcome::Loss
        } else {
            Outcome::Draw
        };
        return (o, 0);
    }
    let mut acts = Vec::new();
    g.actions(s, &mut acts);
    let mut best: Option<(Outcome, i64, u32)> = None;
    for a in acts {
        let (o, d) = oracle(g, &g.result(s, a));
        let mine = o.flipped();
        let key = if mine == Outcome::Win { -(d as i64) } else { d as i64 };
        if best.is_none_or(|b| (mine, key) > (b.0, b.1)) {
            best = Some((mine, key, d + 1));
        }
    }
    let b = best.expect("a non-terminal state has a move");
    (b.0, b.2)
}

/// The moves of `s` that win for the player to move (by the oracle).
fn winning_moves(g: &TicTacToe, s: &TttState) -> Vec<u8> {
    let mut acts = Vec::new();
    g.actions(s, &mut acts);
    acts.into_iter().filter(|&a| oracle(g, &g.result(s, a)).0 == Outcome::Loss).collect()
}

// ---------------------------------------------------------------------------------------
// Tic-tac-toe: wins in 1, 2 and 3 moves, losses, a draw.

/// (moves, outcome for the player to move, plies, rule's child, iterations to the proof,
/// move chosen, nodes when proven), seed 1.
#[allow(clippy::type_complexity)]
const TTT: [(&str, Outcome, u32, ProofRule, u32, u8, usize); 8] = [
    // X: 0, 3; O: 1, 2: X wins at once (0-3-6).
    // (The winning move is tried first: one expansion, one iteration.)
    ("0132", Outcome::Win, 1, ProofRule::WinningChild(1), 1, 6, 2),
    // X: 0, 2; O: 1, 3: X forks with 4 (0-4-8 and 2-4-6): a win in 2 moves (3 plies).
    ("0123", Outcome::Win, 3, ProofRule::WinningChild(1), 27, 4, 28),
    // X: 0; O: 1: a win in 3 moves (5 plies).
    ("01", Outcome::Win, 5, ProofRule::WinningChild(3), 175, 4, 176),
    // O to move against two threats of X: lost in 2 plies whatever O does.
    ("01234", Outcome::Loss, 2, ProofRule::AllChildren(1), 8, 5, 9),
    // O to move after X 0, O 1, X 3: lost in 4 plies.
    ("013", Outcome::Loss, 4, ProofRule::AllChildren(4), 36, 6, 37),
    // Draws: every move proven, the best one a draw.
    ("012", Outcome::Draw, 6, ProofRule::AllChildren(2), 248, 4, 197),
    ("04", Outcome::Draw, 7, ProofRule::AllChildren(1), 10_521, 7, 951),
    ("0", Outcome::Draw, 8, ProofRule::AllChildren(4), 12_439, 4, 2266),
];

#[test]
fn tic_tac_toe_wins_losses_and_draws_are_proven_with_the_expected_moves() {
    let g = TicTacToe;
    for (moves, outcome, plies, rule, at, best, nodes) in TTT {
        let s = g.try_parse_moves(moves).unwrap();
        let m = until_proven(g, s, 1, 100_000);
        let root = m.root();
        // The root's mover is the player to move there.
        assert_eq!(root.proof, Some(Proof { outcome, plies, rule }), "{moves}");
        assert_eq!(m.proved_at(), Some(at), "{moves}");
        assert_eq!(m.best_action(), Some(best), "{moves}");
        assert_eq!(m.num_nodes(), nodes, "{moves}");
        // The oracle agrees on the outcome and the distance, and the move wins if anything does.
        assert_eq!(oracle(&g, &s), (outcome, plies), "{moves}");
        let wins = winning_moves(&g, &s);
        if outcome == Outcome::Win {
            assert!(wins.contains(&best), "{moves}: {best} is not among the winning moves {wins:?}");
        }
    }
}

/// A node's name as the MCTS lab gives it: the moves on the path from the root ("the root",
/// "node 2", "node 4·0"), tic-tac-toe cells by number.
fn path_name(m: &Mcts<TicTacToe>, id: u32) -> String {
    m.path_name(id, &|a| a.to_string())
}

fn xo(p: Player) -> String {
    if p == Player::MAX { "X" } else { "O" }.to_string()
}

#[test]
fn the_rules_read_as_sentences() {
    // The proof names the child as the narration does, by its moves, never by its arena id.
    let g = TicTacToe;
    let m = until_proven(g, g.try_parse_moves("0132").unwrap(), 1, 100);
    let name = |id: u32| path_name(&m, id);
    assert_eq!(
        m.root().proof.unwrap().explain("X", "X", &name),
        "proven win for X: X has a winning move here (node 6 is a proven win for X), so the game ends in 1 ply"
    );
    let child = m.node(1).unwrap();
    assert_eq!(child.proof, Some(Proof { outcome: Outcome::Win, plies: 0, rule: ProofRule::Terminal }));
    assert_eq!(child.proof.unwrap().explain("X", "O", &name), "proven win for X: the game is over here");
    assert_eq!(m.root().proof_text(&xo, &name), m.root().proof.map(|p| p.explain("X", "X", &name)));
    let m = until_proven(g, g.try_parse_moves("01234").unwrap(), 1, 100);
    let name = |id: u32| path_name(&m, id);
    assert_eq!(
        m.root().proof.unwrap().explain("O", "O", &name),
        "proven loss for O: every move of O is a proven loss for O; the longest resistance (to node 5) ends the game in 2 plies"
    );
    let m = until_proven(g, g.try_parse_moves("012").unwrap(), 1, 1000);
    let name = |id: u32| path_name(&m, id);
    assert_eq!(
        m.root().proof.unwrap().explain("O", "O", &name),
        "proven draw: every move of O is proven and the best one (to node 4) is a draw"
    );
}

#[test]
fn iterations_at_a_proven_root_say_that_nothing_is_rolled_out_and_no_child_changes() {
    // X (0, 1) to move against O (3, 4): cell 2 wins. Once the root is proven every iteration
    // stops at the root and scores its proof: no random moves, no child on the path.
    let g = TicTacToe;
    let mut m = until_proven(g, g.try_parse_moves("0314").unwrap(), 1, 100);
    assert_eq!(m.proved_at(), Some(1));
    m.run(13);
    let mut events = Vec::new();
    m.iterate(&mut events);
    events.retain(|e| mcts_phase(e).is_some());
    let sides = ["X".to_string(), "O".to_string()];
    let settled = |id: u32| {
        let v = m.node(id)?;
        if v.terminal {
            return Some(TERMINAL_SCORED.to_string());
        }
        v.proof.map(|p| proof_scored(&p.head(&xo(v.mover))))
    };
    let name = |id: u32| path_name(&m, id);
    let say = |k: usize, done: Option<u32>| mcts_narration(&events[..k], &name, &sides, done, &settled);
    assert_eq!(events.len(), 2, "{events:?}");
    assert_eq!(
        say(1, None),
        "ROLLOUT: none — the root is a proven win for X, so it is scored by its proof instead of random \
         moves, with rewards: 1 / 0 (X / O)."
    );
    assert_eq!(
        say(2, Some(15)),
        "Iteration 15 complete. BACKUP: selection stopped at the root, so the result is added to the root's N and \
         W only; its children keep theirs."
    );
    // And so the figure shows: the root 15 / 15, its only child (cell 2) 1 / 1.
    assert_eq!((m.root().n, m.root().w), (15, 15.0));
    assert_eq!(m.root().children.len(), 1);
    let c = m.node(m.root().children[0]).unwrap();
    assert_eq!((c.action, c.n, c.w), (Some(2), 1, 1.0));
    assert_eq!(
        m.root().proof_text(&xo, &name).unwrap(),
        "proven win for X: X has a winning move here (node 2 is a proven win for X), so the game ends in 1 ply"
    );
    // A terminal leaf reached by selection is scored as it is, also without random moves.
    let mut e2 = Vec::new();
    let mut m2 =
        Mcts::new(g, g.try_parse_moves("0314").unwrap(), MctsOptions { seed: 1, ..Default::default() });
    m2.iterate(&mut e2);
    e2.retain(|e| mcts_phase(e).is_some());
    let name2 = |id: u32| path_name(&m2, id);
    let settled2 = |id: u32| m2.node(id).filter(|v| v.terminal).map(|_| TERMINAL_SCORED.to_string());
    let k = e2.iter().position(|e| matches!(e, plyground::Event::MctsRollout { .. })).unwrap() + 1;
    assert_eq!(
        mcts_narration(&e2[..k], &name2, &sides, None, &settled2),
        "ROLLOUT: none — node 2 is terminal, so its utilities are the rewards: 1 / 0 (X / O)."
    );
}

#[test]
fn every_proof_in_a_tic_tac_toe_tree_agrees_with_minimax() {
    let g = TicTacToe;
    for (moves, seed, iterations) in [("", 1, 20_000), ("4", 2, 5_000), ("0", 3, 20_000)] {
        let mut m = Mcts::new(g, g.try_parse_moves(moves).unwrap(), solver(seed));
        m.run(iterations);
        let mut proven = 0;
        for id in 0..m.num_nodes() as u32 {
            let v = m.node(id).unwrap();
            let Some(p) = v.proof else { continue };
            proven += 1;
            // The oracle's outcome is for the player to move at the node; the proof's for its mover.
            let ToMove::Player(to_move) = v.to_move else { unreachable!() };
            let (o, d) = oracle(&g, &v.state);
            let want = if to_move == v.mover { o } else { o.flipped() };
            assert_eq!(p.outcome, want, "{moves}: node {id}");
            // The proof's length is a line's length: never shorter than best play's.
            if p.outcome == Outcome::Win {
                assert!(p.plies >= d || v.mover != to_move, "{moves}: node {id}");
            }
        }
        assert!(proven > 100, "{moves}: only {proven} nodes proven");
    }
}

// ---------------------------------------------------------------------------------------
// Connect-4.

#[test]
fn connect_4_wins_and_a_loss_are_proven_with_the_expected_moves() {
    let g = Connect4;
    // (moves, outcome for the player to move, plies, rule, iterations, column chosen (0-based), nodes)
    let cases = [
        // Three stones in column 1 for the first player: the fourth wins.
        ("121212", Outcome::Win, 1, ProofRule::WinningChild(1), 1, 0, 2),
        // Bottom row: column 3 wins at once (stones in columns 4, 5, 6 of the first player).
        ("445566", Outcome::Win, 1, ProofRule::WinningChild(1), 1, 2, 2),
        // Two in the bottom row with open ends: column 3 makes an open three, a win in 2 moves.
        ("4455", Outcome::Win, 3, ProofRule::WinningChild(3), 62, 2, 63),
        // The second player facing that open three: lost in 2 plies (column 1: the longest
        // resistance ties, then visits decide).
        ("44556", Outcome::Loss, 2, ProofRule::AllChildren(1), 14, 0, 15),
    ];
    for (moves, outcome, plies, rule, at, best, nodes) in cases {
        let m = until_proven(g, g.try_parse_moves(moves).unwrap(), 1, 100_000);
        assert_eq!(m.root().proof, Some(Proof { outcome, plies, rule }), "{moves}");
        assert_eq!(m.proved_at(), Some(at), "{moves}");
        assert_eq!(m.best_action(), Some(best), "{moves}");
        assert_eq!(m.num_nodes(), nodes, "{moves}");
    }
}

#[test]
fn a_proven_root_stops_growing_and_search_reports_the_proven_move() {
    let g = Connect4;
    let s = g.try_parse_moves("4455").unwrap();
    let mut m = until_proven(g, s, 1, 1000);
    let nodes = m.num_nodes();
    m.run(1000);
    // Every later iteration stops at the proven root: no node is added.
    assert_eq!((m.num_nodes(), m.iterations(), m.proved_at()), (nodes, 1062, Some(62)));
    let r = mcts_search(&g, &s, &solver(1), 1062, NoObserver);
    assert_eq!(r.best, Some(2));
    assert_eq!(r.pv.first(), Some(&2));
}

// ---------------------------------------------------------------------------------------
// The off switch and the limits.

/// (parent, action, N, W bits) of a node.
type Words<A> = (Option<u32>, Option<A>, u32, u64);

/// [`Words`] of every node: the tree, bit for bit.
fn tree_words<G: Game>(m: &Mcts<G>) -> Vec<Words<G::Action>> {
    (0..m.num_nodes() as u32)
        .map(|id| {
            let v = m.node(id).unwrap();
            (v.parent, v.action, v.n, v.w.to_bits())
        })
        .collect()
}

#[test]
fn off_by_default_and_off_means_no_proofs() {
    assert!(!MctsOptions::default().solver);
    let g = Connect4;
    let mut m =
        Mcts::new(g, g.try_parse_moves("4455").unwrap(), MctsOptions { seed: 1, ..Default::default() });
    m.run(2000);
    assert_eq!(m.proved_at(), None);
    assert!((0..m.num_nodes() as u32).all(|id| m.node(id).unwrap().proof.is_none()));
}

#[test]
fn until_something_is_proven_the_solver_grows_the_plain_tree() {
    // From the empty board no terminal state is in the tree after 300 iterations: the two
    // searches are the same, node for node and bit for bit.
    let g = Connect4;
    let mut on = Mcts::new(g, g.initial_state(), solver(7));
    let mut off = Mcts::new(g, g.initial_state(), MctsOptions { seed: 7, ..Default::default() });
    on.run(300);
    off.run(300);
    assert!((0..on.num_nodes() as u32).all(|id| on.node(id).unwrap().proof.is_none()));
    assert_eq!(tree_words(&on), tree_words(&off));
    assert_eq!(on.best_action(), off.best_action());
    // Once proofs exist they change the tree (a proven loss is not selected again).
    let s = g.try_parse_moves("4455").unwrap();
    let mut on = Mcts::new(g, s, solver(1));
    let mut off = Mcts::new(g, s, MctsOptions { seed: 1, ..Default::default() });
    on.run(500);
    off.run(500);
    assert_ne!(tree_words(&on), tree_words(&off));
}

#[test]
fn the_solver_is_refused_for_more_than_two_players() {
    let t = Tree::try_parse("[[(5,1,1),(1,5,2)],[(7,7,1),(5,4,5)]]").unwrap();
    assert_eq!(
        solver(0).check(&t),
        Err("solver: MCTS-Solver proves wins and losses of two-player games; this game has 3 players".into())
    );
    assert_eq!(MctsOptions::default().check(&t), Ok(()));
    assert_eq!(solver(0).check(&TicTacToe), Ok(()));
    // Made anyway, it proves nothing (the plain search).
    let mut m = Mcts::new(t.clone(), 0, solver(0));
    m.run(50);
    assert!((0..m.num_nodes() as u32).all(|id| m.node(id).unwrap().proof.is_none()));
}

#[test]
fn chance_nodes_are_never_proven_but_what_is_below_them_is() {
    // MAX chooses between a coin flip (a win of 3 or a loss of 2) and a sure draw: both
    // outcomes of the flip and the draw are proven, the chance node is not (its value is an
    // expectation), so the root stays unproven: proofs stop below chance nodes.
    let t = Tree::try_parse("max[chance[0.5: 3, 0.5: -2], 0]").unwrap();
    let mut m = Mcts::new(t.clone(), 0, solver(0));
    m.run(40);
    let root = m.root();
    assert_eq!((root.proof, m.proved_at(), root.children.len()), (None, None, 2));
    let kids: Vec<_> = root.children.iter().map(|&c| m.node(c).unwrap()).collect();
    let chance = kids.iter().find(|v| v.to_move == ToMove::Chance).unwrap();
    let draw = kids.iter().find(|v| v.terminal).unwrap();
    assert_eq!(chance.proof, None);
    assert_eq!(draw.proof, Some(Proof { outcome: Outcome::Draw, plies: 0, rule: ProofRule::Terminal }));
    let mut below: Vec<Outcome> =
        chance.children.iter().map(|&c| m.node(c).unwrap().proof.unwrap().outcome).collect();
    below.sort();
    assert_eq!(below, vec![Outcome::Loss, Outcome::Win]);
    assert_eq!(root.mover, Player::MAX);
}

#[test]
fn iterations_at_a_proven_root_are_the_same_observed_or_not() {
    // Unobserved, a proven root takes a short path; observed, the full iteration: the same tree.
    let g = Connect4;
    let s = g.try_parse_moves("4455").unwrap();
    let mut quiet = Mcts::new(g, s, solver(1));
    let mut watched = Mcts::new(g, s, solver(1));
    quiet.run(400);
    let mut events = 0;
    watched.run_observed(400, &mut plyground::event::FnObserver(|_: &plyground::Event<u8>| events += 1));
    assert_eq!(tree_words(&quiet), tree_words(&watched));
    assert_eq!(quiet.result(), watched.result());
    assert_eq!(quiet.root().n, 400);
    assert!(events > 400);
}

#[test]
fn the_gallery_figure_plays_the_proof_against_the_visits() {
    // www/lessons/index.html: <ply-mcts game="ttt" moves="4,1,5,3,7" solver iterations="…">
    // with the figures' defaults c = 1.414 and seed 1. O to move forks with cell 0; the root
    // is proven in the last iteration shown, and the proven move is not the most-visited one,
    // so the figure shows the proof overriding the visits.
    let g = TicTacToe;
    let opts = MctsOptions { c: 1.414, seed: 1, solver: true, ..Default::default() };
    let mut m = Mcts::new(g, g.try_parse_moves("41537").unwrap(), opts);
    while m.proved_at().is_none() && m.iterations() < 10_000 {
        m.run(1);
    }
    assert_eq!(m.proved_at(), Some(GALLERY_ITERATIONS));
    assert_eq!(m.root().proof.map(|p| (p.outcome, p.plies)), Some((Outcome::Win, 3)));
    assert_eq!(m.best_action(), Some(0));
    let visits: Vec<(u8, u32)> = m.root_children_stats().iter().map(|c| (c.action, c.n)).collect();
    assert_eq!(visits, [(0, 7), (2, 11), (6, 9), (8, 5)]);
    let html = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../www/lessons/index.html"))
        .unwrap();
    assert!(
        html.contains(&format!(
            r#"<ply-mcts game="ttt" moves="4,1,5,3,7" solver iterations="{GALLERY_ITERATIONS}""#
        )),
        "the gallery's MCTS-Solver figure should stop at iteration {GALLERY_ITERATIONS}"
    );
}

const GALLERY_ITERATIONS: u32 = 32;
