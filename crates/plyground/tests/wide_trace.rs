//! Recording a search is linear in the tree's size, whatever a node's
//! number of children.
//!
//! No timing here (machines are noisy; `cargo xtask bench` prints the times). Two exact
//! checks instead:
//! - the trace of a root with 99,999 children (the most a tree may have), a MIN node with
//!   99,997 children of which a cutoff prunes 99,996, and a chance root with 99,999
//!   outcomes, compared entry by entry with what the tree says. Before the fix, the recorder
//!   looked each child's action up with a linear scan (and each chance outcome, and each
//!   pruned edge against the entered ones): about 5·10⁹ comparisons per tree, minutes in a
//!   debug build;
//! - the recorder's own work counter, [`Recorder::action_comparisons`]: the comparisons it
//!   made to find actions, which must stay a small constant per child, in natural and in
//!   reversed order.

use plyground::games::tree::Tree;
use plyground::search::alphabeta::{alpha_beta, AlphaBetaOptions};
use plyground::search::minimax::{expectiminimax, minimax};
use plyground::search::MoveOrder;
use plyground::trace::Recorder;
use plyground::Game;

const K: usize = 99_999;

fn leaves(k: usize) -> String {
    (0..k).map(|i| ((i * 7919) % 101).to_string()).collect::<Vec<_>>().join(",")
}

#[test]
fn a_root_with_99999_children_is_recorded_exactly_with_one_comparison_per_child() {
    let t = Tree::try_parse(&format!("[{}]", leaves(K))).unwrap();
    let mut rec = Recorder::new(&t, 0).with_node_cap(usize::MAX);
    let r = minimax(&t, &0, &mut rec);
    // Natural order: each child is the one after the last, found at the first comparison.
    assert_eq!(rec.action_comparisons(), K as u64);
    let trace = rec.finish();
    assert_eq!(trace.nodes().len(), K + 1);
    assert_eq!(
        trace.events().len(),
        4 * K + 4,
        "start, root enter, enter/leaf/exit and a backup per leaf, root exit, end"
    );
    assert_eq!(trace.len(), 2 * K + 4, "a leaf is one step");
    let root = &trace.nodes()[0];
    assert_eq!(root.children, (1..=K as u32).collect::<Vec<_>>());
    for (i, n) in trace.nodes()[1..].iter().enumerate() {
        assert_eq!(n.index, Some(i as u32));
        assert_eq!(n.via, Some(i as u32));
        assert_eq!(n.label, format!("a{}", i + 1));
        assert_eq!(n.value.and_then(|v| v.scalar()), t.value(t.children(0)[i]));
    }
    let best = (0..K).max_by_key(|&i| ((i * 7919) % 101, std::cmp::Reverse(i))).unwrap();
    let res = trace.result().unwrap();
    assert_eq!(
        (res.value, res.best_index, res.best_child),
        (r.value, Some(best as u32), Some(best as u32 + 1))
    );
    assert_eq!(r.value, 100.0);
}

#[test]
fn a_cutoff_over_99996_children_and_a_reversed_search_are_recorded_exactly() {
    // MAX A: a1 = 200, then MIN B with 99,997 children. In natural order B's first child
    // (b1 = 0 ≤ α = 200) cuts off the other 99,996.
    let m = K - 2;
    let t = Tree::try_parse(&format!("[200, [{}]]", leaves(m))).unwrap();
    let mut rec = Recorder::new(&t, 0).with_node_cap(usize::MAX);
    let r = alpha_beta(&t, &0, &AlphaBetaOptions::default(), &mut rec);
    // Three children entered (a1, B, b1), one comparison each.
    assert_eq!(rec.action_comparisons(), 3);
    let trace = rec.finish();
    assert_eq!((r.value, trace.nodes().len()), (200.0, 4));
    let b = 2;
    assert_eq!(trace.nodes()[b as usize].label, "B");
    let pruned = trace.pruned();
    assert_eq!(pruned.iter().map(|p| p.index).collect::<Vec<_>>(), (1..m as u32).collect::<Vec<_>>());
    for p in pruned {
        assert_eq!((p.parent, p.action), (b, p.index));
        assert_eq!(p.name, format!("b{}", p.index + 1));
        assert_eq!(p.label, p.name);
    }
    assert_eq!(trace.nodes()[b as usize].pruned, (m - 1) as u32);
    assert_eq!(trace.nodes()[3].index, Some(0));

    // Reversed order: B comes first, with α = −∞ nothing is cut off, and its children are
    // entered from the last to the first: every guess misses, the table answers.
    let mut rec = Recorder::new(&t, 0).with_node_cap(usize::MAX);
    let opts = AlphaBetaOptions { order: MoveOrder::Reversed, ..Default::default() };
    let r = alpha_beta(&t, &0, &opts, &mut rec);
    assert!(rec.action_comparisons() <= 2 * (m as u64 + 2), "{} comparisons", rec.action_comparisons());
    let trace = rec.finish();
    assert_eq!((r.value, trace.nodes().len(), trace.pruned().len()), (200.0, m + 3, 0));
    let b = 1;
    assert_eq!(trace.nodes()[b].label, "B");
    for (j, &c) in trace.nodes()[b].children.iter().enumerate() {
        let n = &trace.nodes()[c as usize];
        let i = m - 1 - j;
        assert_eq!((n.index, n.label.as_str()), (Some(i as u32), format!("b{}", i + 1).as_str()));
    }
}

#[test]
fn a_chance_root_with_99999_outcomes_is_recorded_exactly() {
    // One digit per leaf: 10 bytes an outcome, just under the 1 MiB limit of a tree text.
    let body: Vec<String> = (0..K).map(|i| format!("1/{K}:{}", (i * 7919) % 10)).collect();
    let t = Tree::try_parse(&format!("chance[{}]", body.join(","))).unwrap();
    let mut rec = Recorder::new(&t, 0).with_node_cap(usize::MAX);
    let r = expectiminimax(&t, &0, &mut rec);
    // Each of the 99,999 outcomes is placed (its probability) and then entered: at most two
    // comparisons each (a guess and one table probe: consecutive indices never collide).
    assert!(rec.action_comparisons() <= 4 * K as u64, "{}", rec.action_comparisons());
    let trace = rec.finish();
    assert_eq!(trace.nodes().len(), K + 1);
    let p = 1.0 / K as f64;
    let mut sum = 0.0;
    for (i, n) in trace.nodes()[1..].iter().enumerate() {
        assert_eq!((n.index, n.prob), (Some(i as u32), Some(p)), "outcome {i}");
        let v = ((i * 7919) % 10) as f64;
        assert_eq!(n.value.and_then(|v| v.scalar()), Some(v));
        sum += p * v;
    }
    assert_eq!(r.value, sum);
    assert_eq!(trace.result().unwrap().value, sum);
    assert_eq!(t.num_players(), 2);
}
