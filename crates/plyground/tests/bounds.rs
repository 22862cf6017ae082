//! "Only the root value is exact": every value a recorded search returns
//! carries its kind (exact, ≤ an upper bound, ≥ a lower bound), and the kind is true. Checked
//! against independent oracles (tests/common: minimax, expectiminimax and max^n written on the
//! tree's accessors) on every lesson tree (tests/fixtures/lessons.txt and the tree lab's menu,
//! www/lib/lessons.js), on seeded random trees, and on tic-tac-toe with a transposition table.

use crate::common;
use crate::lessons;

use common::{maxn_oracle, oracle, WHOLE};
use plyground::event::Bound;
use plyground::games::tictactoe::TicTacToe;
use plyground::games::tree::{RandomTreeParams, Tree};
use plyground::rng::Rng;
use plyground::search::alphabeta::{alpha_beta, h_alpha_beta, iterative_deepening, AlphaBetaOptions, NoEval};
use plyground::search::maxn::maxn;
use plyground::search::minimax::{expectiminimax, minimax};
use plyground::trace::{NodeValue, Recorder, Trace};
use plyground::{Game, MoveOrder, NoObserver, TieRule};

const ORDERS: [MoveOrder; 7] = [
    MoveOrder::Natural,
    MoveOrder::Reversed,
    MoveOrder::Random(7),
    MoveOrder::Heuristic,
    MoveOrder::Killer,
    MoveOrder::History,
    MoveOrder::Best,
];

/// The lesson trees: the fixtures' and the tree lab menu's tree texts.
fn lesson_trees() -> Vec<(String, String)> {
    let mut out = Vec::new();
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/lessons.txt");
    let text = std::fs::read_to_string(path).expect("read lessons.txt");
    let mut name = String::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        if let Some(v) = line.strip_prefix("name:") {
            name = v.trim().to_string();
        } else if let Some(v) = line.strip_prefix("tree:") {
            out.push((name.clone(), v.trim().to_string()));
        }
    }
    let fixtures = out.len();
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../www/lib/lessons.js");
    let js = std::fs::read_to_string(path).expect("read lessons.js");
    let mut id = String::new();
    for line in js.lines().map(str::trim) {
        if let Some(v) = line.strip_prefix("id: '") {
            id = v.trim_end_matches("',").to_string();
        } else if let Some(v) = line.strip_prefix("text: '") {
            out.push((format!("lessons.js {id}"), v.trim_end_matches("',").to_string()));
        }
    }
    assert!(fixtures >= 13, "lessons.txt: {fixtures} trees");
    assert!(out.len() >= fixtures + 8, "lessons.js: {} trees", out.len() - fixtures);
    out
}

/// The tree node a trace node stands for.
fn tree_node(t: &Tree, tr: &Trace<u32>, n: u32) -> u32 {
    tr.path_actions(n).iter().fold(0, |s, &a| t.result(&s, a))
}

/// Checks every node of a recorded two-player search: a value marked exact equals the
/// oracle's (the depth-limited tree's under a depth limit), an upper bound is ≥ it, a lower
/// bound ≤ it. Returns (exact, upper, lower, unknown) counts.
fn check(t: &Tree, tr: &Trace<u32>, what: &str) -> [usize; 4] {
    let mut counts = [0; 4];
    for (id, nd) in tr.nodes().iter().enumerate() {
        let depth = tr
            .searches()
            .iter()
            .filter(|r| r.root.is_some())
            .nth(nd.iteration as usize)
            .map_or(WHOLE, |r| r.depth);
        let left = if depth == WHOLE { WHOLE } else { depth - nd.depth };
        let node = tree_node(t, tr, id as u32);
        match nd.value {
            Some(NodeValue::Scalar(v)) => {
                let truth = oracle(t, node, left);
                let ok = match nd.bound {
                    Some(Bound::Exact) => (v - truth).abs() < 1e-9,
                    Some(Bound::Upper) => v >= truth - 1e-9,
                    Some(Bound::Lower) => v <= truth + 1e-9,
                    None => true,
                };
                assert!(
                    ok,
                    "{what}: node {} ({}) returned {v} marked {:?}, but its value is {truth}: {}",
                    id,
                    nd.label,
                    nd.bound,
                    t.to_text()
                );
                counts[match nd.bound {
                    Some(Bound::Exact) => 0,
                    Some(Bound::Upper) => 1,
                    Some(Bound::Lower) => 2,
                    None => 3,
                }] += 1;
            }
            Some(NodeValue::Vector(u)) => {
                assert_eq!(nd.bound, Some(Bound::Exact), "{what}: max^n node {}", nd.label);
                let want = maxn_oracle(t, node);
                for k in 0..t.num_players() {
                    assert!(
                        (u[k] - want[k]).abs() < 1e-9,
                        "{what}: max^n node {}: {u:?} vs {want:?}",
                        nd.label
                    );
                }
                counts[0] += 1;
            }
            None => assert_eq!(nd.bound, None, "{what}: node {} has no value", nd.label),
        }
    }
    counts
}

fn record_ab(t: &Tree, opts: &AlphaBetaOptions, iterative: bool) -> Trace<u32> {
    let mut rec = Recorder::new(t, 0);
    if iterative {
        iterative_deepening(t, &0, &NoEval, opts, &mut rec);
    } else {
        h_alpha_beta(t, &0, &NoEval, opts, &mut rec);
    }
    let mut tr = rec.finish();
    tr.set_tie_rule(opts.tie);
    tr
}

#[test]
fn figure_5_2_c_is_at_most_2_and_every_other_value_is_exact() {
    let t = Tree::try_parse(lessons::fig_5_2()).unwrap();
    let mut rec = Recorder::new(&t, 0);
    alpha_beta(&t, &0, &AlphaBetaOptions::default(), &mut rec);
    let tr = rec.finish();
    let by_label = |l: &str| tr.nodes().iter().position(|n| n.label == l).unwrap();
    let shown: Vec<(String, Option<f64>, Option<Bound>)> = ["A", "B", "C", "D"]
        .iter()
        .map(|l| {
            let n = &tr.nodes()[by_label(l)];
            (n.label.clone(), n.value.and_then(NodeValue::scalar), n.bound)
        })
        .collect();
    assert_eq!(
        shown,
        vec![
            ("A".to_string(), Some(3.0), Some(Bound::Exact)),
            ("B".to_string(), Some(3.0), Some(Bound::Exact)),
            ("C".to_string(), Some(2.0), Some(Bound::Upper)),
            // D's last leaf 2 passes the α test too, but every leaf was searched: exact.
            ("D".to_string(), Some(2.0), Some(Bound::Exact)),
        ]
    );
    // Every leaf is exact.
    assert!(tr.nodes().iter().filter(|n| n.leaf.is_some()).all(|n| n.bound == Some(Bound::Exact)));
    // The narration says so where C is left and where A takes C's value back.
    let c = by_label("C") as u32;
    let exit = tr.step_of_event(tr.nodes()[c as usize].exit_event.unwrap() as usize);
    assert_eq!(
        tr.narration(exit),
        "MIN node C returns 2, an upper bound: C ≤ 2 (its true value may be lower)"
    );
    assert_eq!(tr.narration(exit + 1), "MAX node A: C returns ≤ 2, v = 3 (α stays 3)");
    // The step state: C's kind only once it has been left.
    let mut cur = tr.cursor();
    cur.seek(exit);
    assert_eq!(cur.state().bound(&tr, c), None);
    cur.seek(exit + 1);
    assert_eq!(cur.state().bound(&tr, c), Some(Bound::Upper));
    assert_eq!(plyground::trace::bound_text("2", Some(Bound::Upper)), "≤ 2");
}

#[test]
fn the_exercise_trees_bound_what_their_cutoffs_leave_open() {
    // exercise_alpha_beta: C ≤ 4 after the cutoff at C; E = 9 exact (its last leaf passes the
    // β test with nothing left to prune).
    let t = Tree::try_parse(lessons::tree("exercise_alpha_beta")).unwrap();
    let tr = record_ab(&t, &AlphaBetaOptions::default(), false);
    let kind = |l: &str| {
        let n = tr.nodes().iter().find(|n| n.label == l).unwrap();
        (n.value.and_then(NodeValue::scalar).unwrap(), n.bound.unwrap())
    };
    assert_eq!(kind("C"), (4.0, Bound::Upper));
    assert_eq!(kind("E"), (9.0, Bound::Exact));
    assert_eq!(kind("F"), (4.0, Bound::Exact));
    assert_eq!(kind("A"), (5.0, Bound::Exact));
    // 12 nodes entered: 11 exact values and C's bound, each true by the oracle.
    let counts = check(&t, &tr, "exercise_alpha_beta");
    assert_eq!(counts, [11, 1, 0, 0]);
}

#[test]
fn every_lesson_tree_marks_its_values_truly_under_every_search() {
    let mut totals = [0usize; 4];
    let trees = lesson_trees();
    for (name, text) in &trees {
        let t = Tree::try_parse(text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let players = t.num_players();
        // The windowless searches: every value exact.
        let mut rec = Recorder::new(&t, 0);
        if players > 2 {
            maxn(&t, &0, &mut rec);
        } else {
            expectiminimax(&t, &0, &mut rec);
        }
        let tr = rec.finish();
        let c = check(&t, &tr, &format!("{name} minimax"));
        assert_eq!(c[1] + c[2] + c[3], 0, "{name}: minimax values are all exact");
        if players > 2 {
            continue;
        }
        for tie in [TieRule::NonStrict, TieRule::Strict] {
            for order in ORDERS {
                for depth in [None, Some(1), Some(2)] {
                    let opts = AlphaBetaOptions { tie, order, depth, ..Default::default() };
                    let what = format!("{name} α-β {tie:?} {order:?} depth {depth:?}");
                    let c = check(&t, &record_ab(&t, &opts, false), &what);
                    assert_eq!(c[3], 0, "{what}: a value with no bound");
                    for k in 0..4 {
                        totals[k] += c[k];
                    }
                    if depth.is_some() {
                        check(&t, &record_ab(&t, &opts, true), &format!("{what} iterative"));
                    }
                }
            }
        }
    }
    // The lessons show both kinds of bound, and never a value that is neither.
    assert!(totals[1] > 0 && totals[2] > 0, "{totals:?}");
    assert_eq!(totals[3], 0);
}

#[test]
fn random_trees_mark_their_values_truly() {
    let mut rng = Rng::new(0xB0_0D5);
    let mut totals = [0usize; 4];
    for i in 0..1500 {
        let params = RandomTreeParams {
            max_depth: 2 + rng.below(4),
            min_children: 1,
            max_children: 4,
            min_value: -3,
            max_value: 3,
            leaf_probability: 0.1,
            chance_probability: if i % 4 == 0 { 0.2 } else { 0.0 },
            explicit_kind_probability: if i % 3 == 0 { 0.15 } else { 0.0 },
            players: 2,
        };
        let t = Tree::random(&mut rng, &params);
        let tie = if i % 2 == 0 { TieRule::NonStrict } else { TieRule::Strict };
        let order = ORDERS[i % ORDERS.len()];
        let depth = if i % 5 == 0 { Some(1 + rng.below(3)) } else { None };
        let opts = AlphaBetaOptions { tie, order, depth, ..Default::default() };
        let c = check(&t, &record_ab(&t, &opts, i % 7 == 0 && depth.is_some()), &format!("tree {i}"));
        for k in 0..4 {
            totals[k] += c[k];
        }
        // The root of a complete search is exact.
        let tr = record_ab(&t, &opts, false);
        assert_eq!(tr.nodes()[0].bound, Some(Bound::Exact), "tree {i}: {}", t.to_text());
    }
    assert!(totals[1] > 1000 && totals[2] > 1000, "{totals:?}");
    assert_eq!(totals[3], 0, "{totals:?}");
}

#[test]
fn tic_tac_toe_with_a_transposition_table_reads_entries_back_as_bounds() {
    let g = TicTacToe;
    let mut by_tt = [0usize; 3];
    for moves in ["4 0", "0 4 8", "1 4", "4 0 8 2", "0"] {
        let s = g.try_parse_moves(moves).unwrap();
        for order in [MoveOrder::Natural, MoveOrder::Reversed, MoveOrder::Killer] {
            let opts = AlphaBetaOptions { order, tt_log2: Some(12), ..Default::default() };
            let mut rec = Recorder::new(&g, s).with_node_cap(200_000);
            alpha_beta(&g, &s, &opts, &mut rec);
            let tr = rec.finish();
            assert!(!tr.truncated());
            for (id, nd) in tr.nodes().iter().enumerate() {
                let st = tr.path_actions(id as u32).iter().fold(s, |st, &a| g.result(&st, a));
                let truth = minimax(&g, &st, &mut NoObserver).value;
                let v = nd.value.and_then(NodeValue::scalar).unwrap();
                let ok = match nd.bound {
                    Some(Bound::Exact) => v == truth,
                    Some(Bound::Upper) => v >= truth,
                    Some(Bound::Lower) => v <= truth,
                    None => false,
                };
                assert!(
                    ok,
                    "{moves} {order:?}: node {} = {v} marked {:?}, minimax {truth}",
                    nd.label, nd.bound
                );
                if let Some(b) = nd.tt {
                    by_tt[b as usize] += 1;
                    // A table answer is at least as strong as the bound the table stored.
                    if b != Bound::Exact {
                        assert!(
                            nd.bound == Some(b) || nd.bound == Some(Bound::Exact),
                            "{moves}: {}",
                            nd.label
                        );
                    }
                }
            }
        }
    }
    assert!(by_tt.iter().sum::<usize>() > 0, "{by_tt:?}");
}

#[test]
fn minimax_values_beside_the_trace_are_the_oracles_and_refused_where_they_would_mislead() {
    for (name, text) in lesson_trees() {
        let t = Tree::try_parse(&text).unwrap();
        let tr = record_ab(&t, &AlphaBetaOptions::default(), false);
        let got = plyground::trace::minimax_values(&t, 0, &tr, 100_000);
        if t.num_players() > 2 {
            assert_eq!(
                got,
                Err("max^n values are vectors: there is no minimax value to compare".to_string())
            );
            continue;
        }
        let got = got.unwrap();
        for (id, v) in got.iter().enumerate() {
            let want = oracle(&t, tree_node(&t, &tr, id as u32), WHOLE);
            assert_eq!(*v, Some(want), "{name}: node {}", tr.nodes()[id].label);
        }
    }
    // Figure 5.2: C returned 2 as an upper bound; its minimax value happens to be 2 as well.
    let t = Tree::try_parse(lessons::fig_5_2()).unwrap();
    let tr = record_ab(&t, &AlphaBetaOptions::default(), false);
    let c = tr.nodes().iter().position(|n| n.label == "C").unwrap();
    assert_eq!(plyground::trace::minimax_values(&t, 0, &tr, 100).unwrap()[c], Some(2.0));
    // The lesson's other order: C's leaves 6, 4, 2 all searched (the α test passes on the
    // last one only), so C = 2 is exact.
    let t = Tree::try_parse("[[3,12,8],[6,4,2],[14,5,2]]").unwrap();
    let tr = record_ab(&t, &AlphaBetaOptions::default(), false);
    let c = tr.nodes().iter().position(|n| n.label == "C").unwrap();
    assert_eq!(tr.nodes()[c].bound, Some(Bound::Exact));
    // A tree whose bound and true value differ: C's first leaf 1 cuts, its minimax is −3.
    let t = Tree::try_parse("[[3,12,8],[1,-3,6]]").unwrap();
    let tr = record_ab(&t, &AlphaBetaOptions::default(), false);
    let c = tr.nodes().iter().position(|n| n.label == "C").unwrap();
    assert_eq!(
        (tr.nodes()[c].value, tr.nodes()[c].bound),
        (Some(NodeValue::Scalar(1.0)), Some(Bound::Upper))
    );
    assert_eq!(plyground::trace::minimax_values(&t, 0, &tr, 100).unwrap()[c], Some(-3.0));
    // Refusals.
    let opts = AlphaBetaOptions { depth: Some(1), ..Default::default() };
    let tr = record_ab(&t, &opts, false);
    assert_eq!(
        plyground::trace::minimax_values(&t, 0, &tr, 100),
        Err("the search is depth-limited (depth 1): its values are the depth-limited tree's, and minimax values \
             are shown for a search to the end of the game"
            .to_string())
    );
    let tr = record_ab(&t, &AlphaBetaOptions::default(), false);
    assert_eq!(
        plyground::trace::minimax_values(&t, 0, &tr, 5),
        Err("the whole game tree has more than 5 nodes: too large to search by minimax here".to_string())
    );
}
