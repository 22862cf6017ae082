//! The practice generator: every constraint holds on 10,000 seeds (checked with the core's
//! searches, independently of the generator's own checks), the same seed gives the same text,
//! and unsatisfiable constraints fail with a clear error after bounded attempts.

use plyground::game::Game;
use plyground::games::tree::{Kind, Tree};
use plyground::practice::{generate, Difficulty, GenParams, Task};
use plyground::search::alphabeta::{alpha_beta, AlphaBetaOptions};
use plyground::search::maxn::maxn_values;
use plyground::search::minimax::minimax_scores;
use plyground::search::TieRule;
use plyground::trace::Recorder;
use plyground::NoObserver;

/// Depth, branching and values as asked: every leaf at `depth`, every inner node with
/// `min..=max` children, values in range with at most one decimal.
fn check_shape(t: &Tree, p: &GenParams, what: &str) {
    for (id, n) in t.nodes().iter().enumerate() {
        let k = n.children().len() as u32;
        if k == 0 {
            assert_eq!(n.depth(), p.depth, "{what}: leaf {id} at depth {}", n.depth());
            let u = n.utilities().unwrap();
            for &x in &u[..if t.has_tuples() { t.players() } else { 1 }] {
                assert!(x >= p.min_value as f64 && x <= p.max_value as f64, "{what}: value {x}");
                let scaled = if p.decimals { x * 10.0 } else { x };
                assert!((scaled - scaled.round()).abs() < 1e-9, "{what}: value {x}");
            }
        } else {
            assert!((p.min_branching..=p.max_branching).contains(&k), "{what}: {k} children");
            let chance = n.kind() == Kind::Chance;
            assert_eq!(chance, p.chance && n.depth() % 2 == 1, "{what}: node {id} chance {chance}");
        }
    }
    assert_eq!(t.players(), p.players as usize, "{what}");
}

fn pruned(t: &Tree, tie: TieRule) -> (Vec<String>, u64) {
    let mut rec = Recorder::new(t, 0);
    let r = alpha_beta(t, &0, &AlphaBetaOptions { tie, ..Default::default() }, &mut rec);
    (rec.finish().pruned_paths(), r.stats.cutoffs)
}

fn unique_best_two_player(t: &Tree) -> bool {
    let s = minimax_scores(t, &0);
    let best = s.iter().map(|x| x.1).fold(f64::NEG_INFINITY, f64::max);
    s.iter().filter(|x| x.1 == best).count() == 1
}

#[test]
fn alpha_beta_constraints_hold_on_10000_seeds() {
    for (d, tie) in [(Difficulty::Exam, TieRule::NonStrict), (Difficulty::Hard, TieRule::Strict)] {
        let mut p = GenParams::preset(Task::AlphaBetaLeaves, d);
        p.tie = tie;
        for seed in 0..10_000u64 {
            let what = format!("{d:?} seed {seed}");
            let (t, text) =
                generate(Task::AlphaBetaLeaves, &p, seed).unwrap_or_else(|e| panic!("{what}: {e}"));
            assert_eq!(Tree::try_parse(&text).unwrap(), t, "{what}: the text is the tree");
            check_shape(&t, &p, &what);
            let (pr, cutoffs) = pruned(&t, tie);
            assert!(cutoffs >= p.cutoffs as u64, "{what}: {cutoffs} cutoffs");
            assert!(unique_best_two_player(&t), "{what}: best move not unique");
            if p.tie_sensitive {
                let other = if tie == TieRule::Strict { TieRule::NonStrict } else { TieRule::Strict };
                assert_ne!(pr, pruned(&t, other).0, "{what}: both tie rules prune the same");
            }
        }
    }
}

#[test]
fn worst_order_trees_prune_nothing_on_10000_seeds() {
    let p = GenParams::preset(Task::Ordering, Difficulty::Exam);
    assert!(p.worst_order);
    for seed in 0..10_000u64 {
        let (t, _) = generate(Task::Ordering, &p, seed).unwrap();
        check_shape(&t, &p, &format!("seed {seed}"));
        assert_eq!(pruned(&t, p.tie).0, Vec::<String>::new(), "seed {seed}: {}", t.to_text());
        // Worst first: at MAX the children's values ascend, at MIN they descend.
        for (id, n) in t.nodes().iter().enumerate() {
            if n.children().is_empty() {
                continue;
            }
            let vals: Vec<f64> = minimax_scores(&t, &(id as u32)).iter().map(|x| x.1).collect();
            let ok = match n.kind() {
                Kind::Max => vals.windows(2).all(|w| w[0] <= w[1]),
                _ => vals.windows(2).all(|w| w[0] >= w[1]),
            };
            assert!(ok, "seed {seed}: node {id} {vals:?}");
        }
    }
}

#[test]
fn other_tasks_trees_hold_their_constraints() {
    for task in [Task::Minimax, Task::Expectiminimax, Task::MaxN, Task::Mcts, Task::AlphaBetaFull] {
        for d in [Difficulty::Easy, Difficulty::Exam, Difficulty::Hard] {
            let p = GenParams::preset(task, d);
            let seeds = if task == Task::Mcts { 300 } else { 1_000 };
            for seed in 0..seeds {
                let what = format!("{task} {d:?} seed {seed}");
                let (t, _) = generate(task, &p, seed).unwrap_or_else(|e| panic!("{what}: {e}"));
                check_shape(&t, &p, &what);
                match task {
                    Task::MaxN => {
                        assert!(t.has_tuples() && t.players() == 3, "{what}");
                        let mover = 0; // p0 at the root
                        let v: Vec<f64> =
                            t.children(0).iter().map(|&c| maxn_values(&t, &c, NoObserver).1[mover]).collect();
                        let best = v.iter().copied().fold(f64::NEG_INFINITY, f64::max);
                        assert_eq!(v.iter().filter(|&&x| x == best).count(), 1, "{what}");
                    }
                    Task::Mcts => assert_eq!(t.utility_range(), (-1.0, 1.0), "{what}"),
                    _ => {
                        assert!(unique_best_two_player(&t), "{what}");
                        assert!(pruned(&t, p.tie).1 >= p.cutoffs as u64, "{what}");
                    }
                }
                if task == Task::Expectiminimax {
                    for n in t.nodes().iter().filter(|n| n.kind() == Kind::Chance) {
                        let sum: f64 = n.children().iter().map(|&c| t.probability(c).unwrap()).sum();
                        assert!((sum - 1.0).abs() < 1e-9, "{what}");
                    }
                }
            }
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_text() {
    // Pinned: the wasm tests check the same text, so every target draws the same tree.
    let mut p = GenParams::preset(Task::AlphaBetaLeaves, Difficulty::Exam);
    (p.depth, p.min_branching, p.max_branching, p.cutoffs) = (3, 2, 3, 2);
    let (_, text) = generate(Task::AlphaBetaLeaves, &p, 7).unwrap();
    assert_eq!(text, "[[[6, 1, 3], [9, 9], [4, 9]], [[0, 3, 2], [6, 0, 9]]]");
    assert_eq!(generate(Task::AlphaBetaLeaves, &p, 7).unwrap().1, text);
    assert_ne!(generate(Task::AlphaBetaLeaves, &p, 8).unwrap().1, text);
    let (_, e) =
        generate(Task::Expectiminimax, &GenParams::preset(Task::Expectiminimax, Difficulty::Exam), 3)
            .unwrap();
    assert!(e.contains("chance[") && e.contains('/'), "probabilities as fractions: {e}");
    let mut d = GenParams::preset(Task::Minimax, Difficulty::Exam);
    d.decimals = true;
    let (t, _) = generate(Task::Minimax, &d, 5).unwrap();
    check_shape(&t, &d, "decimals");
    assert!(t.leaves().any(|l| t.value(l).unwrap().fract() != 0.0));
}

#[test]
fn unsatisfiable_constraints_fail_clearly() {
    let mut p = GenParams::preset(Task::AlphaBetaLeaves, Difficulty::Easy);
    (p.depth, p.min_branching, p.max_branching, p.cutoffs) = (2, 2, 2, 5);
    let e = generate(Task::AlphaBetaLeaves, &p, 7).unwrap_err();
    assert_eq!(
        e,
        "no tree with depth 2, branching 2, values 0..9 with at least 5 cutoffs, a unique best move found in 2,000 \
         attempts from seed 7 (missed: cutoffs 2000×); loosen a constraint"
    );
    // Contradictions are refused before drawing anything.
    let mut w = GenParams::preset(Task::Ordering, Difficulty::Exam);
    w.cutoffs = 1;
    assert!(generate(Task::Ordering, &w, 1).unwrap_err().contains("excludes at least 1 cutoffs"));
    let mut d1 = GenParams::preset(Task::AlphaBetaLeaves, Difficulty::Exam);
    d1.depth = 1;
    assert!(generate(Task::AlphaBetaLeaves, &d1, 1).unwrap_err().contains("depth 1 has no cutoffs"));
    let mut big = GenParams::preset(Task::Minimax, Difficulty::Exam);
    (big.depth, big.max_branching) = (6, 5);
    assert!(generate(Task::Minimax, &big, 1).unwrap_err().contains("15625 leaves"));
    let mut three = GenParams::preset(Task::Minimax, Difficulty::Exam);
    three.players = 3;
    assert!(generate(Task::Minimax, &three, 1).unwrap_err().contains("for task maxn"));
    let mut ch = GenParams::preset(Task::AlphaBetaLeaves, Difficulty::Exam);
    ch.chance = true;
    assert!(generate(Task::AlphaBetaLeaves, &ch, 1).unwrap_err().contains("chance excludes cutoffs"));
    ch.cutoffs = 0;
    assert!(generate(Task::AlphaBetaLeaves, &ch, 1).is_ok());
    let mut cut = GenParams::preset(Task::MaxN, Difficulty::Exam);
    cut.cutoffs = 1;
    assert!(generate(Task::MaxN, &cut, 1).unwrap_err().contains("do not apply to task maxn"));
}
