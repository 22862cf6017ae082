#![cfg(feature = "extensions")]
//! Singular extensions and beam search (forward pruning), options of
//! H-minimax (α-β with a depth cutoff), on explicit trees with static evaluations written on
//! inner nodes (`B~4[…]`) and on Connect-4. Exact values, moves and node counts; independent
//! oracles (minimax to the end, minimax over the beam-restricted tree); and the property that
//! an option that never fires changes nothing.

use crate::lessons;
use plyground::game::{Evaluator, Game, Player, ToMove};
use plyground::games::connect4::{C4Eval, Connect4};
use plyground::games::tree::{Tree, TreeEval};
use plyground::search::alphabeta::{h_alpha_beta, AlphaBetaOptions, Singular};
use plyground::search::minimax::minimax;
use plyground::trace::Recorder;
use plyground::{Event, NoObserver};

/// The lessons' horizon effect as an explicit tree (the gallery's figure): MAX's bishop is
/// lost. a1 is a delaying check: MIN's only reply leaves D, which EVAL rates −1 (a pawn
/// given, the bishop still on the board), but every move from D loses the bishop (−4, −5).
/// a2 gives the bishop up at once (−3).
pub const HORIZON: &str = "A[B[D~-1[-4, -5]], C[-3, -2]]";

/// Beam search's trap: the move that looks best (B, EVAL 6) is the worst; the one that looks
/// worst (D, EVAL 2) is the best.
pub const BEAM_TRAP: &str = "A[B~6[1, 9], C~3[4, 5], D~2[7, 8]]";

fn opts(depth: Option<u32>) -> AlphaBetaOptions {
    AlphaBetaOptions { depth, ..Default::default() }
}

fn run(t: &Tree, o: &AlphaBetaOptions) -> (f64, Option<String>, u64, Vec<Event<u32>>) {
    let mut ev = Vec::new();
    let r = h_alpha_beta(t, &0, &TreeEval, o, &mut ev);
    assert!(r.complete);
    (r.value, r.best.map(|b| t.action_name(&0, b)), r.stats.nodes, ev)
}

#[test]
fn the_grammar_reads_and_writes_static_evaluations() {
    let t = Tree::try_parse(HORIZON).unwrap();
    assert_eq!(t.to_text(), HORIZON);
    let d = t.node_at_path(&[0, 0]).unwrap();
    assert_eq!((t.label(d), t.eval(d)), (Some("D"), Some(-1.0)));
    assert_eq!(t.eval(0), None);
    assert!(t.has_evals());
    // Every place an inner node can have one: after a kind, a label, both, or alone; a
    // chance child; the Unicode minus the figures print; blanks and comments around '~'.
    for (text, back) in [
        ("~3[1, 2]", "~3[1, 2]"),
        ("max~3[1, 2]", "~3[1, 2]"),
        ("min B ~ −2.5 [1, 2]", "min B~-2.5[1, 2]"),
        ("[chance~0[0.5: ~1[2, 3], 0.5: 4]]", "[chance~0[0.5: ~1[2, 3], 0.5: 4]]"),
        ("[X~1e9 # big\n [1]]", "[X~1e9[1]]"),
    ] {
        let t = Tree::try_parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(t.to_text(), back, "{text}");
        assert_eq!(Tree::try_parse(&t.to_text()).unwrap(), t);
    }
    // A tree without evaluations is unchanged, and its EVAL is 0 at inner nodes as before.
    let f = Tree::try_parse(lessons::fig_5_2()).unwrap();
    assert!(!f.has_evals());
    assert_eq!((TreeEval.eval(&f, &1), TreeEval.eval(&f, &2)), (0.0, 3.0));
}

#[test]
fn static_evaluation_errors_name_the_place() {
    let err = |text: &str| Tree::try_parse(text).unwrap_err().to_string();
    assert_eq!(
        err("[B~[1]]"),
        "line 1, column 4: expected a number after '~' (an inner node's static evaluation, as in 'B~4[3, 12, 8]'), found '['"
    );
    assert_eq!(
        err("[B~4, 2]"),
        "line 1, column 5: expected '[' after the static evaluation '~4', found ',': only an inner node has one (a leaf's value is its utility)"
    );
    assert_eq!(
        err("[~2e15[1]]"),
        "line 1, column 3: the static evaluation 2e15 is too large: it must lie between -1e15 and 1e15"
    );
    assert_eq!(
        err("[~1[(1, 2)], [(3, 4)]]"),
        "line 1, column 2: a static evaluation '~v' is one number to MAX, for two-player trees with number leaves; this tree has 2-player utility tuples"
    );
    // A leaf cannot have one ('~' after a leaf is not a child separator).
    assert!(err("[3~1]").starts_with("line 1, column 3: expected ',' or ']' after a child"));
}

#[test]
fn horizon_effect_at_depth_2_and_its_repair_by_a_singular_extension() {
    let t = Tree::try_parse(HORIZON).unwrap();
    // The truth: give the bishop up at once.
    let m = minimax(&t, &0, &mut NoObserver);
    assert_eq!((m.value, m.best.map(|b| t.action_name(&0, b))), (-3.0, Some("a2".to_string())));
    // H-minimax at depth 2 makes the horizon mistake: the check pushes the loss past the
    // horizon and looks like −1. Nodes: A, B, D (cut off), C, c1 (c2 pruned: −3 ≤ α = −1).
    let (v, mv, nodes, _) = run(&t, &opts(Some(2)));
    assert_eq!((v, mv.as_deref(), nodes), (-1.0, Some("a1"), 5));
    // With singular extensions (margin 2, one ply): a1 (−1) beats a2 (≤ −3) by 2, so B is
    // searched again to depth 2 below it: −4. No longer the best, so C is searched again with
    // α = −4: −3. Repaired. Nodes: 5 + B, D, d1, d2 + C, c1, c2 = 12.
    let se = AlphaBetaOptions { singular: Some(Singular { margin: 2.0, extra: 1 }), ..opts(Some(2)) };
    let (v, mv, nodes, ev) = run(&t, &se);
    assert_eq!((v, mv.as_deref(), nodes), (-3.0, Some("a2"), 12));
    let ext: Vec<_> = ev.iter().filter(|e| matches!(e, Event::Extend { .. })).collect();
    assert_eq!(ext, [&Event::Extend { action: 0, value: -1.0, gap: 2.0, margin: 2.0, extra: 1 }]);
    // A margin of 2.5 is not met: the mistake stays, with the plain search's nodes.
    let wide = AlphaBetaOptions { singular: Some(Singular { margin: 2.5, extra: 1 }), ..opts(Some(2)) };
    assert_eq!(run(&t, &wide).0, -1.0);
    assert_eq!(run(&t, &wide).2, 5);
}

#[test]
fn the_trace_marks_the_extended_node_and_says_why() {
    let t = Tree::try_parse(HORIZON).unwrap();
    let se = AlphaBetaOptions { singular: Some(Singular { margin: 2.0, extra: 1 }), ..opts(Some(2)) };
    let mut rec = Recorder::new(&t, 0);
    h_alpha_beta(&t, &0, &TreeEval, &se, &mut rec);
    let tr = rec.finish();
    let extended: Vec<(String, u32)> =
        tr.nodes().iter().filter(|n| n.extended > 0).map(|n| (n.label.clone(), n.extended)).collect();
    assert_eq!(extended, [("B".to_string(), 1)]);
    let i = tr.events().iter().position(|e| matches!(e, Event::Extend { .. })).unwrap();
    assert_eq!(
        tr.narration(tr.step_of_event(i)),
        "MAX node A: a1 (worth −1) is better than its siblings by 2 ≥ 2: searched 1 ply deeper (singular extension)"
    );
    assert_eq!(tr.encode_event_at(i).unwrap(), [18.0, 0.0, 0.0, -1.0, 2.0, 2.0, 1.0, 0.0]);
    assert_eq!(tr.result().unwrap().value, -3.0);
}

/// Minimax over the tree that beam search of width `w` leaves: at every inner node only the
/// `w` children of best EVAL for the player to move (ties: the first), the rest removed. An
/// oracle independent of α-β.
fn beam_minimax(t: &Tree, s: u32, w: usize) -> f64 {
    if t.is_terminal(&s) {
        return t.utility(&s, Player::MAX);
    }
    let max = t.player(&s) == ToMove::Player(Player::MAX);
    let mut kids: Vec<u32> = t.children(s).to_vec();
    let mut idx: Vec<usize> = (0..kids.len()).collect();
    idx.sort_by(|&a, &b| {
        let (ea, eb) = (TreeEval.eval(t, &kids[a]), TreeEval.eval(t, &kids[b]));
        let o = ea.partial_cmp(&eb).unwrap();
        (if max { o.reverse() } else { o }).then(a.cmp(&b))
    });
    idx.truncate(w);
    idx.sort();
    kids = idx.iter().map(|&i| kids[i]).collect();
    let vals = kids.iter().map(|&c| beam_minimax(t, c, w));
    if max {
        vals.fold(f64::NEG_INFINITY, f64::max)
    } else {
        vals.fold(f64::INFINITY, f64::min)
    }
}

#[test]
fn beam_search_with_a_small_width_misses_the_best_move() {
    let t = Tree::try_parse(BEAM_TRAP).unwrap();
    let full = run(&t, &opts(None));
    assert_eq!((full.0, full.1.as_deref(), full.2), (7.0, Some("a3"), 10));
    let beam = |n| run(&t, &AlphaBetaOptions { beam: Some(n), ..opts(None) });
    // n = 1: only B (EVAL 6) at A, only b1 at B.
    let (v, mv, nodes, ev) = beam(1);
    assert_eq!((v, mv.as_deref(), nodes), (1.0, Some("a1"), 3));
    let dropped: Vec<_> = ev.iter().filter(|e| matches!(e, Event::ForwardPrune { .. })).collect();
    assert_eq!(
        dropped,
        [
            &Event::ForwardPrune { action: 1, eval: 3.0, width: 1 },
            &Event::ForwardPrune { action: 2, eval: 2.0, width: 1 },
            &Event::ForwardPrune { action: 1, eval: 9.0, width: 1 },
        ]
    );
    let (v, mv, nodes, _) = beam(2);
    assert_eq!((v, mv.as_deref(), nodes), (4.0, Some("a2"), 7));
    let (v, mv, nodes, _) = beam(3);
    assert_eq!((v, mv.as_deref(), nodes), (7.0, Some("a3"), 10));
    for n in 1..=3 {
        assert_eq!(beam(n).0, beam_minimax(&t, 0, n as usize), "width {n}");
    }
}

#[test]
fn forward_pruned_edges_are_recorded_apart_from_cutoffs() {
    // Figure 5.2 with evaluations: beam 2 keeps B and C at A (D looks worst) and the two
    // lowest leaves at each MIN node (b2 = 12 and c3 = 6 dropped); at C, c1 = 2 ≤ α = 3 cuts
    // off c2, an α-β cutoff, recorded apart from the three forward-pruned edges.
    let t = Tree::try_parse("[B~3[3, 12, 8], C~2[2, 4, 6], D~1[14, 5, 2]]").unwrap();
    let mut rec = Recorder::new(&t, 0);
    let r =
        h_alpha_beta(&t, &0, &TreeEval, &AlphaBetaOptions { beam: Some(2), ..Default::default() }, &mut rec);
    let tr = rec.finish();
    assert_eq!((r.value, r.best_index, r.stats.nodes, r.stats.forward_pruned), (3.0, Some(0), 6, 3));
    let edges: Vec<(String, bool)> = tr.pruned().iter().map(|p| (p.label.clone(), p.forward)).collect();
    assert_eq!(edges, [("D".into(), true), ("b2".into(), true), ("c3".into(), true), ("c2".into(), false)]);
    let i = tr.events().iter().position(|e| matches!(e, Event::ForwardPrune { .. })).unwrap();
    assert_eq!(
        tr.narration(i),
        "MAX node A: beam search keeps only the 2 best-looking moves by EVAL; D (EVAL 1) is pruned forward: never searched, it may hide the best move"
    );
}

#[test]
fn options_that_never_fire_change_nothing() {
    let texts =
        [lessons::fig_5_2(), HORIZON, BEAM_TRAP, "[[[3, 4], [8, -2]], [[1, 9], [0, 5]], [[7, 7], [6, 2]]]"];
    for text in texts {
        let t = Tree::try_parse(text).unwrap();
        for depth in [None, Some(1), Some(2)] {
            let mut plain = Vec::new();
            let a = h_alpha_beta(&t, &0, &TreeEval, &opts(depth), &mut plain);
            for o in [
                AlphaBetaOptions { beam: Some(99), ..opts(depth) },
                AlphaBetaOptions { singular: Some(Singular { margin: 1e16, extra: 3 }), ..opts(depth) },
            ] {
                let mut ev = Vec::new();
                let b = h_alpha_beta(&t, &0, &TreeEval, &o, &mut ev);
                assert_eq!((a.value, a.best, a.stats), (b.value, b.best, b.stats), "{text} {o:?}");
                assert_eq!(plain, ev, "{text} {o:?}");
            }
        }
    }
}

#[test]
fn connect4_beam_and_singular_exact_results() {
    let g = Connect4;
    let s = g.try_parse_moves("4453").unwrap();
    let base = AlphaBetaOptions { depth: Some(4), ..Default::default() };
    let r = |o: AlphaBetaOptions| {
        let r = h_alpha_beta(&g, &s, &C4Eval::default(), &o, NoObserver);
        (r.value, r.best, r.stats.nodes, r.stats.extensions, r.stats.forward_pruned)
    };
    let plain = r(base);
    let beam2 = r(AlphaBetaOptions { beam: Some(2), ..base });
    let beam7 = r(AlphaBetaOptions { beam: Some(7), ..base });
    let se = r(AlphaBetaOptions { singular: Some(Singular { margin: 0.05, extra: 1 }), ..base });
    // Connect-4 after 4 4 5 3, depth 4, EVAL C4Eval, natural order: the same value in every
    // case here (best column index 3 = column 4 for the plain search; beam 2 keeps only two
    // columns a node and picks index 5 in 24 nodes, 65 moves dropped unsearched).
    assert_eq!(plain, (-0.02, Some(3), 1445, 0, 0));
    assert_eq!(beam2, (-0.02, Some(5), 24, 0, 65));
    assert_eq!(se, (-0.01, Some(3), 1684, 24, 0));
    assert_eq!(beam7, plain);
}

/// A random two-player tree text with a static evaluation on most inner nodes.
fn random_text(rng: &mut plyground::rng::Rng, depth: u32, out: &mut String) {
    if depth == 0 || rng.below(5) == 0 {
        out.push_str(&(rng.below(21) as i64 - 10).to_string());
        return;
    }
    if rng.below(4) != 0 {
        out.push_str(&format!("~{}", rng.below(21) as i64 - 10));
    }
    out.push('[');
    for i in 0..1 + rng.below(4) {
        if i > 0 {
            out.push(',');
        }
        random_text(rng, depth - 1, out);
    }
    out.push(']');
}

#[test]
fn beam_alpha_beta_is_minimax_over_the_beam_tree_on_random_trees() {
    let mut rng = plyground::rng::Rng::new(15);
    let mut checked = 0;
    for _ in 0..400 {
        let mut text = String::new();
        random_text(&mut rng, 4, &mut text);
        let t = Tree::try_parse(&text).unwrap();
        assert_eq!(Tree::try_parse(&t.to_text()).unwrap(), t, "{text}");
        if t.is_terminal(&0) {
            continue;
        }
        for w in 1..=4u32 {
            let r = h_alpha_beta(
                &t,
                &0,
                &TreeEval,
                &AlphaBetaOptions { beam: Some(w), ..opts(None) },
                NoObserver,
            );
            assert_eq!(r.value, beam_minimax(&t, 0, w as usize), "{text} width {w}");
            checked += 1;
        }
    }
    assert!(checked > 1000, "{checked}");
}

/// The figure's words: the result line and caption of both gallery figures, from the trace.
#[test]
fn result_lines_and_captions_say_what_the_value_is() {
    let t = Tree::try_parse(HORIZON).unwrap();
    let record = |o: &AlphaBetaOptions| {
        let mut rec = Recorder::new(&t, 0);
        h_alpha_beta(&t, &0, &TreeEval, o, &mut rec);
        rec.finish()
    };
    let plain = record(&opts(Some(2)));
    assert_eq!(plain.result_line(None), "Root estimate −1 (H-minimax to depth 2) · best move a1 (to B)");
    let se =
        record(&AlphaBetaOptions { singular: Some(Singular { margin: 2.0, extra: 1 }), ..opts(Some(2)) });
    // Every leaf of the extended search is terminal: the value is proven.
    assert_eq!(
        se.result_line(None),
        "Root value −3 at depth 2: proven, not an estimate — MAX loses in 2 · best move a2 (to C)"
    );
    assert_eq!(
        se.caption(),
        "MAX node D = −4; MIN nodes B = −1, C ≤ −3, B = −4 (searched 1 ply deeper), C = −3. 1 cutoff: at C, \
         v = −3 ≤ α = −1 prunes c2. 12 nodes entered, 6 leaves evaluated. Root value −3 at depth 2: proven, not an \
         estimate — MAX loses in 2 · best move a2 (to C)."
    );
    // The root's known value counts B's deeper entry, not the superseded one.
    let k = se.known(false)[0];
    assert_eq!((k.lo, k.hi), (-3.0, -3.0));
    // An estimate after an extension says so.
    let wide = Tree::try_parse("[[~0[1, 2], ~5[-9]], [~-7[3]]]").unwrap();
    let mut rec = Recorder::new(&wide, 0);
    h_alpha_beta(
        &wide,
        &0,
        &TreeEval,
        &AlphaBetaOptions { singular: Some(Singular { margin: 1.0, extra: 1 }), ..opts(Some(2)) },
        &mut rec,
    );
    let line = rec.finish().result_line(None);
    assert!(line.contains("singular extension"), "{line}");

    let trap = Tree::try_parse(BEAM_TRAP).unwrap();
    let mut rec = Recorder::new(&trap, 0);
    h_alpha_beta(&trap, &0, &TreeEval, &AlphaBetaOptions { beam: Some(1), ..opts(None) }, &mut rec);
    let tr = rec.finish();
    let line = "Root value 1 within the beam (width 1; 3 moves pruned forward, never searched: one may hide a better move) · best move a1 (to B)";
    assert_eq!(tr.result_line(None), line);
    assert_eq!(
        tr.caption(),
        format!("MIN node B ≤ 1. No cutoff prunes anything. 3 nodes entered, 1 leaf evaluated. {line}.")
    );
}
