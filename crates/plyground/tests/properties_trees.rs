//! Seeded property tests on random explicit trees: α-β agrees with minimax under every tie
//! rule and ordering, monotone transforms never change a minimax decision, expectiminimax
//! and max^n equal direct recursive oracles, and the parser survives arbitrary input.

use crate::common;

use common::{maxn_oracle, oracle, WHOLE};
use plyground::games::tree::{Kind, RandomTreeParams, Tree, MAX_DEPTH};
use plyground::rng::Rng;
use plyground::search::alphabeta::{
    alpha_beta, alpha_beta_scores, iterative_deepening, AlphaBetaOptions, NoEval,
};
use plyground::search::maxn::maxn_values;
use plyground::search::minimax::{expectiminimax, minimax, minimax_scores};
use plyground::{Game, MoveOrder, NoObserver, Player, TieRule};

const TREES: usize = 10_000;

fn orders(seed: u64) -> [MoveOrder; 8] {
    [
        MoveOrder::Natural,
        MoveOrder::Reversed,
        MoveOrder::Random(seed),
        MoveOrder::Heuristic,
        MoveOrder::Killer,
        MoveOrder::History,
        MoveOrder::Best,
        MoveOrder::Random(seed ^ 0x5EED),
    ]
}

/// Depth ≤ 6 (mostly 2–6), 1–4 children, leaves in −3..=3 (many ties); a third of the trees also have
/// explicit kinds that break the alternation (MAX below MAX…).
fn random_params(rng: &mut Rng, i: usize) -> RandomTreeParams {
    RandomTreeParams {
        max_depth: if i.is_multiple_of(10) { rng.below(2) } else { 2 + rng.below(5) },
        min_children: 1,
        max_children: 4,
        min_value: -3,
        max_value: 3,
        leaf_probability: 0.1,
        chance_probability: 0.0,
        explicit_kind_probability: if i.is_multiple_of(3) { 0.15 } else { 0.0 },
        players: 2,
    }
}

/// The value of the leaf a principal variation leads to (None if it stops short of a leaf).
fn pv_end_value(t: &Tree, pv: &[u32]) -> Option<f64> {
    let id = t.node_at_path(pv)?;
    t.value(id)
}

#[test]
fn alpha_beta_returns_the_minimax_value_and_an_optimal_move_on_10000_trees() {
    let mut rng = Rng::new(0xA1FA_BE7A);
    let mut searches = 0u64;
    let mut pruned_somewhere = 0;
    for i in 0..TREES {
        let params = random_params(&mut rng, i);
        let t = Tree::random(&mut rng, &params);
        let mm = minimax(&t, &0, &mut NoObserver);
        assert_eq!(mm.value, oracle(&t, 0, WHOLE), "tree {i}: minimax vs definition: {}", t.to_text());
        assert_eq!(pv_end_value(&t, &mm.pv), Some(mm.value), "minimax PV {:?}: {}", mm.pv, t.to_text());
        let scores = minimax_scores(&t, &0);
        let seed = rng.next_u64();
        for tie in [TieRule::NonStrict, TieRule::Strict] {
            for order in orders(seed) {
                for tt_log2 in [None, Some(8)] {
                    let opts = AlphaBetaOptions { tie, order, tt_log2, ..Default::default() };
                    let r = alpha_beta(&t, &0, &opts, NoObserver);
                    searches += 1;
                    let ctx = || format!("tree {i}, {tie:?} {order} tt={tt_log2:?}: {}", t.to_text());
                    assert_eq!(r.value, mm.value, "{}", ctx());
                    match r.best_index {
                        Some(b) => assert_eq!(scores[b].1, mm.value, "not an optimal move: {}", ctx()),
                        None => assert!(t.is_terminal(&0), "{}", ctx()),
                    }
                    if order == MoveOrder::Natural {
                        // Natural order finds the leftmost optimal move, as minimax does.
                        assert_eq!(r.best_index, mm.best_index, "{}", ctx());
                    }
                    assert_eq!(pv_end_value(&t, &r.pv), Some(mm.value), "PV: {:?} {}", r.pv, ctx());
                    assert!(r.stats.leaves <= mm.stats.leaves, "{}", ctx());
                    assert!(r.stats.nodes <= mm.stats.nodes, "{}", ctx());
                    if r.stats.leaves < mm.stats.leaves {
                        pruned_somewhere += 1;
                    }
                }
            }
        }
    }
    assert_eq!(searches, (TREES * 2 * 8 * 2) as u64);
    // The trees are big enough for pruning to matter.
    assert!(pruned_somewhere > searches / 2, "pruning in only {pruned_somewhere} of {searches} searches");
}

#[test]
fn depth_limited_alpha_beta_and_iterative_deepening_match_the_depth_limited_definition() {
    let mut rng = Rng::new(0x1D_1D1D);
    for i in 0..2_000 {
        let mut params = random_params(&mut rng, i);
        params.chance_probability = if i.is_multiple_of(2) { 0.2 } else { 0.0 };
        let t = Tree::random(&mut rng, &params);
        let full = oracle(&t, 0, WHOLE);
        for d in 0..=t.height() + 1 {
            let want = oracle(&t, 0, d);
            for tie in [TieRule::NonStrict, TieRule::Strict] {
                let opts =
                    AlphaBetaOptions { tie, depth: Some(d), order: MoveOrder::Killer, ..Default::default() };
                let r = alpha_beta(&t, &0, &opts, NoObserver);
                assert!((r.value - want).abs() < 1e-9, "tree {i}, depth {d}, {tie:?}: {}", t.to_text());
                if d >= 1 {
                    let id = iterative_deepening(&t, &0, &NoEval, &opts, NoObserver);
                    assert!(id.complete);
                    assert!((id.value - want).abs() < 1e-9, "tree {i}, ID to {d}: {}", t.to_text());
                    let scores = alpha_beta_scores(&t, &0, &NoEval, &opts);
                    for (k, &(_, v)) in scores.iter().enumerate() {
                        let c = t.children(0)[k];
                        let exact = oracle(&t, c, d - 1);
                        assert!((v - exact).abs() < 1e-9, "tree {i}, depth {d}, score {k}: {}", t.to_text());
                    }
                    if let Some(b) = id.best_index {
                        assert!(
                            (scores[b].1 - want).abs() < 1e-9,
                            "tree {i}: ID move not optimal: {}",
                            t.to_text()
                        );
                    }
                }
            }
        }
        let opts = AlphaBetaOptions::default();
        let id = iterative_deepening(&t, &0, &NoEval, &opts, NoObserver);
        assert!((id.value - full).abs() < 1e-9, "tree {i}: unlimited ID: {}", t.to_text());
    }
}

/// A named strictly increasing function.
type Transform = (&'static str, fn(f64) -> f64);

#[test]
fn monotone_transforms_never_change_a_minimax_decision() {
    let transforms: [Transform; 3] = [
        ("x^3 + 2x", |x| x * x * x + 2.0 * x),
        ("exp(x/4)", |x| (x / 4.0).exp()),
        ("3x + 7", |x| 3.0 * x + 7.0),
    ];
    let mut rng = Rng::new(0x7EA5_F0E5);
    for i in 0..2_000 {
        let params = random_params(&mut rng, i);
        let t = Tree::random(&mut rng, &params);
        let r = minimax(&t, &0, &mut NoObserver);
        for (name, f) in transforms {
            let g = t.try_map_leaves(f).unwrap();
            let s = minimax(&g, &0, &mut NoObserver);
            assert_eq!(s.best_index, r.best_index, "{name} on {}", t.to_text());
            assert_eq!(s.pv, r.pv, "{name} on {}", t.to_text());
            assert_eq!(s.value, f(r.value), "{name} on {}", t.to_text());
            let ab = alpha_beta(&g, &0, &AlphaBetaOptions::default(), NoObserver);
            assert_eq!(ab.best_index, r.best_index, "{name}, alpha-beta, on {}", t.to_text());
        }
    }
}

#[test]
fn expectiminimax_equals_the_recursive_definition_on_random_chance_trees() {
    let mut rng = Rng::new(0xD1CE_D1CE);
    let mut chance_trees = 0;
    for i in 0..3_000u64 {
        let params = RandomTreeParams {
            max_depth: 1 + rng.below(6),
            max_children: 4,
            min_value: -10,
            max_value: 10,
            chance_probability: 0.35,
            explicit_kind_probability: if i.is_multiple_of(4) { 0.2 } else { 0.0 },
            ..Default::default()
        };
        let t = Tree::random(&mut rng, &params);
        if t.nodes().iter().any(|n| n.kind() == Kind::Chance) {
            chance_trees += 1;
        }
        let want = oracle(&t, 0, WHOLE);
        let r = expectiminimax(&t, &0, &mut NoObserver);
        // Same sums in the same order: bitwise equal.
        assert_eq!(r.value, want, "tree {i}: {}", t.to_text());
        if let Some(b) = r.best_index {
            let c = t.children(0)[b];
            assert_eq!(oracle(&t, c, WHOLE), want, "tree {i}: chosen child is not optimal: {}", t.to_text());
            // Leftmost among equals.
            for &e in &t.children(0)[..b] {
                assert_ne!(
                    oracle(&t, e, WHOLE),
                    want,
                    "tree {i}: an earlier child was as good: {}",
                    t.to_text()
                );
            }
        }
        // α-β averages chance nodes with the full window: the same value, any ordering.
        for order in orders(i) {
            let opts = AlphaBetaOptions { order, ..Default::default() };
            let ab = alpha_beta(&t, &0, &opts, NoObserver);
            assert!(
                (ab.value - want).abs() < 1e-9,
                "tree {i}, {order}: {} vs {want}: {}",
                ab.value,
                t.to_text()
            );
        }
    }
    assert!(chance_trees > 2_000, "only {chance_trees} trees had chance nodes");
}

#[test]
fn maxn_equals_its_definition_and_minimax_on_zero_sum_trees() {
    let mut rng = Rng::new(0x3_9A7E);
    for i in 0..2_000 {
        let players = [2, 3, 4][i % 3];
        let params = RandomTreeParams {
            max_depth: 1 + rng.below(5),
            max_children: 3,
            min_value: 0,
            max_value: 4,
            chance_probability: if i.is_multiple_of(2) { 0.2 } else { 0.0 },
            explicit_kind_probability: 0.1,
            players,
            ..Default::default()
        };
        let t = Tree::random(&mut rng, &params);
        assert_eq!(t.players(), players as usize);
        let (r, u) = maxn_values(&t, &0, NoObserver);
        assert_eq!(u, maxn_oracle(&t, 0), "tree {i}: {}", t.to_text());
        if players == 2 {
            let mm = minimax(&t, &0, &mut NoObserver);
            assert_eq!(u[0], mm.value, "tree {i}: {}", t.to_text());
            assert_eq!(r.best_index, mm.best_index, "tree {i}: {}", t.to_text());
        }
    }
}

#[test]
fn two_player_utilities_are_zero_sum_and_ranges_cover_the_leaves() {
    let mut rng = Rng::new(11);
    for i in 0..500 {
        let params = random_params(&mut rng, i);
        let t = Tree::random(&mut rng, &params);
        let (lo, hi) = t.utility_range();
        assert!(lo < hi);
        for id in t.leaves() {
            let u = t.utility(&id, Player::MAX);
            assert_eq!(t.utility(&id, Player::MIN), -u);
            assert!(lo <= u && u <= hi);
        }
    }
}

/// Characters the grammar uses, plus some it does not.
const ALPHABET: &[&str] = &[
    "[", "]", "(", ")", ",", ":", "=", "/", "#", "\n", " ", ".", "-", "+", "e", "0", "1", "3", "9", "0.5",
    "max", "min", "chance", "p0", "p2", "p7", "A", "b1", "_", "'", "é", "[[", "]]", "1e999", "\t", "chance[",
];

fn check_parse(text: &str) -> bool {
    match Tree::try_parse(text) {
        Ok(t) => {
            assert!(t.node_count() >= 1);
            assert!(t.height() <= MAX_DEPTH);
            let back =
                Tree::try_parse(&t.to_text()).unwrap_or_else(|e| panic!("{text:?} → {}: {e}", t.to_text()));
            assert_eq!(back, t, "{text:?}");
            if t.node_count() < 2_000 {
                // Whatever parses can be searched.
                if t.has_tuples() {
                    maxn_values(&t, &0, NoObserver);
                } else {
                    let mm = expectiminimax(&t, &0, &mut NoObserver);
                    let ab = alpha_beta(&t, &0, &AlphaBetaOptions::default(), NoObserver);
                    assert!((mm.value - ab.value).abs() < 1e-6, "{text:?}");
                }
            }
            true
        }
        Err(e) => {
            let lines = text.split('\n').count() as u32;
            assert!(e.line >= 1 && e.line <= lines, "{text:?}: {e}");
            let line_len = text.split('\n').nth(e.line as usize - 1).unwrap().chars().count() as u32;
            assert!(e.column >= 1 && e.column <= line_len + 1, "{text:?}: {e}");
            assert!(!e.message.is_empty());
            false
        }
    }
}

#[test]
fn the_parser_never_panics_on_random_or_mutated_text() {
    let mut rng = Rng::new(0xF022);
    let mut accepted = 0;
    // Random token soup.
    for _ in 0..4_000 {
        let n = rng.below(40) as usize;
        let text: String = (0..n).map(|_| ALPHABET[rng.below(ALPHABET.len() as u32) as usize]).collect();
        accepted += check_parse(&text) as u32;
    }
    // Valid trees with a few random edits: delete, insert, replace or duplicate a span.
    let params =
        RandomTreeParams { chance_probability: 0.2, explicit_kind_probability: 0.2, ..Default::default() };
    let mut rejected = 0;
    for i in 0..4_000 {
        let players = [2, 2, 3][i % 3];
        let t = Tree::random(&mut rng, &RandomTreeParams { players, ..params });
        let mut text: Vec<char> = t.to_text().chars().collect();
        for _ in 0..1 + rng.below(3) {
            let len = text.len() as u32;
            let at = rng.below(len + 1) as usize;
            let span = (1 + rng.below(4) as usize).min(text.len() - at.min(text.len()));
            match rng.below(4) {
                0 => {
                    text.drain(at..at + span);
                }
                1 => {
                    let tok = ALPHABET[rng.below(ALPHABET.len() as u32) as usize];
                    text.splice(at..at, tok.chars());
                }
                2 if at < text.len() => {
                    let tok = ALPHABET[rng.below(ALPHABET.len() as u32) as usize];
                    text.splice(at..at + span, tok.chars());
                }
                _ => {
                    let piece: Vec<char> = text[at..at + span].to_vec();
                    text.splice(at..at, piece);
                }
            }
        }
        let s: String = text.into_iter().collect();
        if check_parse(&s) {
            accepted += 1;
        } else {
            rejected += 1;
        }
    }
    // Both paths were exercised.
    assert!(accepted > 200 && rejected > 1_000, "accepted {accepted}, rejected {rejected}");
}
