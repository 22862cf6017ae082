//! Move ordering, measured: the lessons' table (none / random / perfect → b^m, b^(3m/4),
//! b^(m/2)) on real trees, plus the transposition table's "same answer, less work".

use plyground::games::connect4::{C4Eval, Connect4};
use plyground::games::tictactoe::TicTacToe;
use plyground::games::tree::Tree;
use plyground::rng::Rng;
use plyground::search::alphabeta::{alpha_beta, h_alpha_beta, AlphaBetaOptions};
use plyground::search::minimax::minimax;
use plyground::{Game, MoveOrder, NoObserver, TieRule};

fn uniform_tree(b: usize, m: u32, seed: u64) -> Tree {
    Tree::try_uniform(b as u32, m, seed).expect("small uniform tree")
}

fn leaves(t: &Tree, order: MoveOrder) -> u64 {
    let r = alpha_beta(t, &t.initial_state(), &AlphaBetaOptions { order, ..Default::default() }, NoObserver);
    assert_eq!(r.value, minimax(t, &t.initial_state(), &mut NoObserver).value);
    r.stats.leaves
}

#[test]
fn perfect_ordering_evaluates_exactly_knuth_moores_minimum() {
    // Knuth & Moore (1975): with the best move first everywhere and distinct leaf values,
    // α-β evaluates exactly b^⌈m/2⌉ + b^⌊m/2⌋ − 1 leaves.
    for (b, m) in [(2usize, 4u32), (3, 3), (3, 4), (4, 4), (5, 3), (3, 6)] {
        for seed in 0..3 {
            let t = uniform_tree(b, m, seed);
            let expect = b.pow(m.div_ceil(2)) + b.pow(m / 2) - 1;
            assert_eq!(leaves(&t, MoveOrder::Best), expect as u64, "b={b} m={m} seed={seed}");
        }
    }
}

#[test]
fn random_ordering_lies_between_perfect_and_no_pruning() {
    let (b, m) = (4usize, 6u32);
    let t = uniform_tree(b, m, 11);
    let all = b.pow(m) as u64;
    let perfect = leaves(&t, MoveOrder::Best);
    let mut random_total = 0;
    for seed in 0..20 {
        let l = leaves(&t, MoveOrder::Random(seed));
        assert!(
            l > perfect && l < all,
            "random ordering {l} should lie strictly between {perfect} and {all}"
        );
        random_total += l;
    }
    let random_mean = random_total as f64 / 20.0;
    // The lessons' O(b^(3m/4)) for random ordering: 4^4.5 = 512 here. Same order of magnitude.
    let b34 = (b as f64).powf(0.75 * m as f64);
    assert!(
        random_mean > b34 / 4.0 && random_mean < b34 * 4.0,
        "random mean {random_mean} vs b^(3m/4) {b34}"
    );
    assert_eq!(perfect, (b.pow(m / 2) * 2 - 1) as u64);
}

#[test]
fn transposition_table_never_changes_the_value_in_tictactoe() {
    // Every reachable position: α-β with a table equals minimax, and enters no more nodes.
    let g = TicTacToe;
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![g.initial_state()];
    let mut acts = Vec::new();
    let with_tt = AlphaBetaOptions { tt_log2: Some(12), ..Default::default() };
    let mut hits = 0;
    while let Some(s) = stack.pop() {
        if !seen.insert((s.x, s.o)) {
            continue;
        }
        let truth = minimax(&g, &s, &mut NoObserver).value;
        for tie in [TieRule::NonStrict, TieRule::Strict] {
            let plain = alpha_beta(&g, &s, &AlphaBetaOptions { tie, ..Default::default() }, NoObserver);
            let tt = alpha_beta(&g, &s, &AlphaBetaOptions { tie, ..with_tt }, NoObserver);
            assert_eq!((plain.value, tt.value), (truth, truth), "{}", s.board_string());
            assert!(tt.stats.nodes <= plain.stats.nodes);
            hits += tt.stats.tt_hits;
        }
        acts.clear();
        g.actions(&s, &mut acts);
        stack.extend(acts.iter().map(|&a| g.result(&s, a)));
    }
    assert_eq!(seen.len(), 5_478);
    assert!(hits > 10_000, "the table should answer often ({hits} hits)");
    // From the empty board the table cuts α-β's 18,297 nodes to 6,412 (same value, 0).
    let s = g.initial_state();
    let tt = alpha_beta(&g, &s, &with_tt, NoObserver);
    assert_eq!((tt.stats.nodes, tt.value), (6_412, 0.0));
}

#[test]
fn transposition_table_never_changes_depth_limited_connect4_values() {
    let g = Connect4;
    let eval = C4Eval::default();
    let mut rng = Rng::new(5);
    let mut acts = Vec::new();
    for game in 0..30 {
        let mut s = g.initial_state();
        for _ in 0..(game % 20) {
            acts.clear();
            g.actions(&s, &mut acts);
            if acts.is_empty() {
                break;
            }
            s = g.result(&s, acts[rng.below(acts.len() as u32) as usize]);
        }
        for order in [MoveOrder::Natural, MoveOrder::Heuristic, MoveOrder::Killer, MoveOrder::History] {
            let o = AlphaBetaOptions { depth: Some(5), order, ..Default::default() };
            let plain = h_alpha_beta(&g, &s, &eval, &o, NoObserver);
            let tt = h_alpha_beta(&g, &s, &eval, &AlphaBetaOptions { tt_log2: Some(14), ..o }, NoObserver);
            assert_eq!(plain.value, tt.value, "game {game} {order:?}");
        }
    }
}
