//! The exported figure against the lessons' worked examples and the trace it pictures.

use super::figure::{fig_value_text, node_value_text, value_text, window_text};
use super::layout::{layout, text_width, PAD, RADIUS, WINDOW_SCALE};
use super::tikz::{tikz_at, TikzOptions};
use super::*;
use crate::games::tree::Tree;
use crate::search::alphabeta::{alpha_beta, AlphaBetaOptions};
use crate::trace::{NodeValue, Recorder, StepState, Trace};
use crate::Game;

const FIG_5_2: &str = "[[3,12,8],[2,4,6],[14,5,2]]";

fn alphabeta(text: &str) -> (Tree, Trace<u32>) {
    let t = Tree::try_parse(text).unwrap();
    let mut rec = Recorder::new(&t, t.initial_state());
    alpha_beta(&t, &t.initial_state(), &AlphaBetaOptions::default(), &mut rec);
    let trace = rec.finish();
    (t, trace)
}

fn shown(f: &Figure, name: &str) -> (Option<String>, FigState, bool, bool) {
    let n = f.nodes.iter().find(|n| n.name == name).unwrap();
    (fig_value_text(n, 2), n.state, n.greyed, n.bold)
}

#[test]
fn figure_5_2_at_the_end_shows_the_lessons_values_pruning_and_move() {
    let (t, trace) = alphabeta(FIG_5_2);
    let f = Figure::at_step(&t, &trace, trace.len()).unwrap();
    assert_eq!(shown(&f, "A"), (Some("3".into()), FigState::Done, false, false));
    assert_eq!(shown(&f, "B"), (Some("3".into()), FigState::Done, false, true));
    // After its cutoff C's value is an upper bound, printed as the page draws it.
    assert_eq!(shown(&f, "C"), (Some("≤ 2".into()), FigState::Done, false, false));
    assert_eq!(shown(&f, "D"), (Some("2".into()), FigState::Done, false, false));
    // c2 and c3 (paths 1.1 and 1.2) are never examined: pruned, their leaf values greyed.
    assert_eq!(shown(&f, "c2"), (Some("4".into()), FigState::Pruned, true, false));
    assert_eq!(shown(&f, "c3"), (Some("6".into()), FigState::Pruned, true, false));
    assert_eq!(shown(&f, "c1"), (Some("2".into()), FigState::Done, false, false));
    assert_eq!((f.pruned_count(), f.dashed_count()), (2, 2));
    assert!(f.nodes.iter().all(|n| n.window.is_none()), "no node is open at the end");
    assert_eq!(f.nodes.iter().filter(|n| n.bold).count(), 1);
    assert_eq!(f.narration, trace.narration(trace.len() - 1));
}

#[test]
#[cfg(feature = "extensions")]
fn beam_search_s_dropped_moves_are_dotted_in_every_export_and_cutoffs_stay_dashed() {
    // The lessons' beam example at width 1: C and D are dropped at A, b2 at B (3 moves).
    let t = Tree::try_parse("A[B~6[1, 9], C~3[4, 5], D~2[7, 8]]").unwrap();
    let mut rec = Recorder::new(&t, t.initial_state());
    let opts = AlphaBetaOptions { beam: Some(1), ..AlphaBetaOptions::default() };
    alpha_beta(&t, &t.initial_state(), &opts, &mut rec);
    let trace = rec.finish();
    let f = Figure::at_step(&t, &trace, trace.len()).unwrap();
    let dropped: Vec<&str> = f.nodes.iter().filter(|n| n.forward).map(|n| n.name.as_str()).collect();
    assert_eq!(dropped, ["b2", "C", "D"]);
    assert_eq!((f.dotted_count(), f.dashed_count()), (3, 4), "the four nodes under C and D are dashed");
    let tex = tikz_at(&t, &trace, trace.len(), "alpha-beta", TikzOptions::default()).unwrap();
    assert_eq!(tex.matches("\\draw[forwardedge]").count(), 3);
    assert_eq!(tex.matches("\\draw[prunededge]").count(), 4);
    let svg =
        super::svg::svg_at(&t, &trace, trace.len(), "alpha-beta", super::svg::SvgOptions::default()).unwrap();
    assert_eq!(svg.matches("<polyline class=\"forward\"").count(), 3);
    assert_eq!(svg.matches("<polyline class=\"pruned\"").count(), 4);
}

#[test]
fn at_step_zero_only_the_leaves_show_values() {
    let (t, trace) = alphabeta(FIG_5_2);
    let f = Figure::at_step(&t, &trace, 0).unwrap();
    for n in &f.nodes {
        assert_eq!(n.state, FigState::Unvisited, "{}", n.name);
        assert_eq!(n.value.is_some(), n.kind == FigKind::Terminal, "{}", n.name);
        assert!(!n.bold && !n.greyed && n.window.is_none());
    }
    assert_eq!(f.narration, "");
}

#[test]
fn a_step_past_the_end_is_an_error_naming_the_length() {
    let (t, trace) = alphabeta(FIG_5_2);
    assert_eq!(trace.len(), 29);
    let e = Figure::at_step(&t, &trace, 30).unwrap_err();
    assert_eq!(e, "step 30 is past the end: this search has 29 steps (0 to 29)");
}

/// Every step of every lesson tree: the figure agrees with the step state it pictures.
#[test]
fn every_step_agrees_with_the_trace_state() {
    for text in lesson_trees() {
        let t = Tree::try_parse(&text).unwrap();
        let mut rec = Recorder::new(&t, t.initial_state());
        if t.has_tuples() {
            crate::search::maxn::maxn_values(&t, &t.initial_state(), &mut rec);
        } else if t.nodes().iter().any(|n| n.kind() == crate::games::tree::Kind::Chance) {
            crate::search::minimax::expectiminimax(&t, &t.initial_state(), &mut rec);
        } else {
            alpha_beta(&t, &t.initial_state(), &AlphaBetaOptions::default(), &mut rec);
        }
        let trace = rec.finish();
        let mut st = StepState::new(&trace);
        for k in 0..=trace.len() {
            st.seek(&trace, k);
            let f = Figure::at_step(&t, &trace, k).unwrap();
            assert_eq!(f.pruned_count(), st.pruned_count(), "{text} step {k}");
            let current = f.nodes.iter().filter(|n| n.state == FigState::Current).count();
            assert_eq!(current, usize::from(st.current().is_some()), "{text} step {k}");
            // Every open trace node is the figure's open (or current) node at its path, and
            // every node with a value in the state shows that value.
            let at = |node: u32| {
                let path = trace.path(node);
                let idx: Vec<u32> =
                    path.split('.').filter(|p| !p.is_empty()).map(|p| p.parse().unwrap()).collect();
                t.node_at_path(&idx).unwrap() as usize
            };
            for &o in st.stack() {
                assert!(
                    matches!(f.nodes[at(o)].state, FigState::Open | FigState::Current),
                    "{text} step {k}"
                );
            }
            let open =
                f.nodes.iter().filter(|n| matches!(n.state, FigState::Open | FigState::Current)).count();
            let current_not_open = st.current().is_some_and(|c| !st.stack().contains(&c));
            assert_eq!(open, st.stack().len() + usize::from(current_not_open), "{text} step {k}");
            for (node, v) in st.values().iter().enumerate() {
                if let Some(v) = v {
                    assert_eq!(f.nodes[at(node as u32)].value.as_ref(), Some(v), "{text} step {k}");
                }
            }
            // Windows only beside open inner nodes; bold only at the end.
            for n in &f.nodes {
                if n.window.is_some() {
                    assert!(
                        !n.is_leaf() && matches!(n.state, FigState::Open | FigState::Current),
                        "{text} step {k}"
                    );
                }
            }
            assert_eq!(
                f.nodes.iter().any(|n| n.bold),
                k == trace.len() && !t.children(0).is_empty(),
                "{text} step {k}"
            );
            // Greyed = pruned or under a pruned node.
            for n in &f.nodes {
                let up = n.parent.is_some_and(|p| f.nodes[p as usize].greyed);
                assert_eq!(n.greyed, up || n.state == FigState::Pruned);
            }
        }
    }
}

pub(super) fn lesson_trees() -> Vec<String> {
    let text = include_str!("../../../../tests/fixtures/lessons.txt");
    let trees: Vec<String> =
        text.lines().filter_map(|l| l.strip_prefix("tree: ")).map(str::to_string).collect();
    assert!(trees.len() >= 13, "the lesson fixtures hold their trees");
    trees
}

#[test]
fn values_print_as_the_page_prints_them() {
    assert_eq!(value_text(3.0), "3");
    assert_eq!(value_text(-3.0), "−3");
    assert_eq!(value_text(f64::INFINITY), "+∞");
    assert_eq!(value_text(f64::NEG_INFINITY), "−∞");
    assert_eq!(value_text(1.0 / 3.0), "0.3333");
    assert_eq!(value_text(-2.5), "−2.5");
    assert_eq!(value_text(-0.00001), "0");
    assert_eq!(value_text(-0.0), "0");
    assert_eq!(value_text(f64::NAN), "");
    assert_eq!(window_text(3.0, f64::INFINITY), "[α=3, β=+∞]");
    let mut u = [0.0; crate::game::MAX_PLAYERS];
    u[..3].copy_from_slice(&[1.0, 2.0, 6.0]);
    assert_eq!(node_value_text(&NodeValue::Vector(u), 3), "(1, 2, 6)");
}

/// No two nodes' row extents (name, glyph, value/window or a leaf's value) overlap on a
/// level, at any step of the lesson trees and of minimax on a wide random tree.
#[test]
fn the_layout_keeps_texts_of_a_level_apart() {
    let mut cases: Vec<(Tree, Trace<u32>)> = Vec::new();
    let mut trees: Vec<Tree> = lesson_trees().iter().map(|t| Tree::try_parse(t).unwrap()).collect();
    let mut rng = crate::rng::Rng::new(7);
    for _ in 0..40 {
        trees.push(Tree::random(&mut rng, &crate::games::tree::RandomTreeParams::default()));
    }
    for t in trees {
        let mut rec = Recorder::new(&t, t.initial_state());
        if t.has_tuples() {
            crate::search::maxn::maxn_values(&t, &t.initial_state(), &mut rec);
        } else {
            crate::search::minimax::expectiminimax(&t, &t.initial_state(), &mut rec);
        }
        let trace = rec.finish();
        cases.push((t, trace));
    }
    for (t, trace) in &cases {
        let end = Figure::at_step(t, trace, trace.len()).unwrap();
        for k in [0, trace.len() / 2, trace.len()] {
            let f = Figure::at_step(t, trace, k).unwrap();
            let p = layout(&f, &end);
            let mut rows: Vec<(f64, f64, f64)> = f
                .nodes
                .iter()
                .map(|n| {
                    let i = n.id as usize;
                    let w = |t: &str, scale: f64| text_width(t, scale);
                    let value = fig_value_text(n, f.players).map(|v| w(&v, 1.0)).unwrap_or(0.0);
                    let (left, right) = if n.is_leaf() {
                        (RADIUS.max(value / 2.0), RADIUS.max(value / 2.0))
                    } else {
                        let window =
                            n.window.map(|(a, b)| w(&window_text(a, b), WINDOW_SCALE)).unwrap_or(0.0);
                        let beside = value.max(window);
                        (RADIUS, RADIUS + if beside > 0.0 { PAD + beside } else { 0.0 })
                    };
                    let name = if n.label.is_empty() { 0.0 } else { PAD + w(&n.label, 1.0) };
                    (p.y[i], p.x[i] - left - name, p.x[i] + right)
                })
                .collect();
            rows.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1)));
            for w in rows.windows(2) {
                if w[0].0 == w[1].0 {
                    assert!(w[0].2 < w[1].1, "{} step {k}: {:?} overlaps {:?}", t.to_text(), w[0], w[1]);
                }
            }
        }
    }
}

#[test]
fn the_tikz_has_one_node_per_tree_node_and_one_dashed_edge_per_greyed_node() {
    for text in lesson_trees().iter().filter(|t| !t.contains('(') && !t.contains("chance")) {
        let (t, trace) = alphabeta(text);
        for k in [0, trace.len() / 2, trace.len()] {
            let tex = tikz_at(&t, &trace, k, "alpha-beta", TikzOptions::default()).unwrap();
            let f = Figure::at_step(&t, &trace, k).unwrap();
            assert_eq!(tex.matches("\n  \\node[").count(), t.node_count(), "{text} step {k}");
            assert_eq!(tex.matches("\\draw[prunededge]").count(), f.dashed_count(), "{text} step {k}");
            assert_eq!(
                tex.matches("\\draw[chosen]").count(),
                usize::from(k == trace.len() && t.node_count() > 1)
            );
            assert_eq!(
                tex.matches("\\draw[current]").count(),
                usize::from(f.nodes.iter().any(|n| n.state == FigState::Current))
            );
            assert!(tex.starts_with("% plyground: alpha-beta on "), "{tex}");
            assert!(tex.ends_with("\\end{document}\n"));
            assert!(
                tex.is_ascii() || tex.lines().filter(|l| !l.is_ascii()).all(|l| l.starts_with('%')),
                "only comments carry Unicode"
            );
            let snippet =
                tikz_at(&t, &trace, k, "alpha-beta", TikzOptions { snippet: true, minimax: false }).unwrap();
            assert!(
                !snippet.contains("\\documentclass") && snippet.trim_end().ends_with("\\end{tikzpicture}")
            );
            assert!(tex.contains(
                snippet
                    .lines()
                    .skip_while(|l| !l.starts_with("\\begin{tikzpicture}"))
                    .collect::<Vec<_>>()
                    .join("\n")
                    .as_str()
            ));
        }
    }
}

#[test]
fn the_svg_has_one_glyph_per_node_one_dashed_edge_per_greyed_node_and_every_shown_text() {
    use super::svg::{svg_at, SvgOptions};
    for text in lesson_trees() {
        let t = Tree::try_parse(&text).unwrap();
        let mut rec = Recorder::new(&t, t.initial_state());
        let algo = if t.has_tuples() {
            crate::search::maxn::maxn_values(&t, &t.initial_state(), &mut rec);
            "max^n"
        } else if text.contains("chance") {
            crate::search::minimax::expectiminimax(&t, &t.initial_state(), &mut rec);
            "expectiminimax"
        } else {
            alpha_beta(&t, &t.initial_state(), &AlphaBetaOptions::default(), &mut rec);
            "alpha-beta"
        };
        let trace = rec.finish();
        for k in [0, trace.len() / 2, trace.len()] {
            let svg = svg_at(&t, &trace, k, algo, SvgOptions::default()).unwrap();
            let f = Figure::at_step(&t, &trace, k).unwrap();
            let glyphs = ["max", "min", "chance", "terminal", "player"]
                .iter()
                .map(|c| svg.matches(&format!("class=\"{c}\"")).count())
                .sum::<usize>();
            assert_eq!(glyphs, t.node_count(), "{text} step {k}");
            assert_eq!(
                svg.matches("<polyline class=\"pruned\"").count(),
                f.dashed_count(),
                "{text} step {k}"
            );
            assert_eq!(svg.matches("<polyline ").count(), t.node_count() - 1);
            assert_eq!(
                svg.matches("<circle class=\"current\"").count(),
                usize::from(f.nodes.iter().any(|n| n.state == FigState::Current))
            );
            // Every value, window, name and edge text the figure shows is a <text>.
            for n in &f.nodes {
                let mut want: Vec<String> = Vec::new();
                want.extend(fig_value_text(n, f.players));
                want.extend(n.window.map(|(a, b)| window_text(a, b)));
                if !n.label.is_empty() {
                    want.push(n.label.clone());
                }
                if !n.edge.is_empty() {
                    want.push(n.edge.clone());
                }
                for w in want {
                    let w = w.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;");
                    assert!(svg.contains(&format!(">{w}</text>")), "{text} step {k}: {w}");
                }
            }
            assert_eq!(svg.matches("<text ").count(), svg.matches("</text>").count());
        }
    }
}

/// The search a lesson figure shows on `t`: max^n on tuples, expectiminimax with chance
/// nodes, else `ab` (α-β) or minimax.
fn recorded(t: &Tree, ab: bool) -> Trace<u32> {
    let mut rec = Recorder::new(t, t.initial_state());
    if t.has_tuples() {
        crate::search::maxn::maxn_values(t, &t.initial_state(), &mut rec);
    } else if t.nodes().iter().any(|n| n.kind() == crate::games::tree::Kind::Chance) {
        crate::search::minimax::expectiminimax(t, &t.initial_state(), &mut rec);
    } else if ab {
        alpha_beta(t, &t.initial_state(), &AlphaBetaOptions::default(), &mut rec);
    } else {
        crate::search::minimax::minimax(t, &t.initial_state(), &mut rec);
    }
    rec.finish()
}

/// The placement check on `steps` of one search, placed once for all its steps (the plan
/// the screen steps through and the SVG and TikZ draw), with and without the minimax values,
/// normal and compact (the phone's; a figure opens at the same scale in a view of any width:
/// `place::problems`). Returns the number of texts checked.
fn check_placement(t: &Tree, trace: &Trace<u32>, steps: &[usize]) -> usize {
    use super::place::problems;
    use super::plan::Plan;
    let mut texts = 0;
    for (minimax, compact) in [(false, false), (true, false), (false, true), (true, true)] {
        let plan = match Plan::new(t, trace, minimax, compact) {
            Ok(p) => p,
            Err(_) => {
                // Refused (max^n): there are no minimax values to show.
                assert!(minimax && t.has_tuples(), "{}", t.to_text());
                continue;
            }
        };
        for &k in steps {
            let (fig, d) = plan.at(t, trace, k).unwrap();
            assert_eq!(d.place, plan.place, "the nodes stay where they are at every step");
            let p = problems(&fig, &d);
            assert!(
                p.is_empty(),
                "{} step {k} minimax {minimax} compact {compact}:\n{}",
                t.to_text(),
                p.join("\n")
            );
            texts += d.labels.len();
        }
    }
    texts
}

/// Every lesson tree at every step, α-β and minimax (max^n and expectiminimax where they
/// apply), with and without the minimax values: no text overlaps another, a glyph, the ring
/// or an edge, none is outside the figure, none is under 11 px.
#[test]
fn every_lesson_figure_places_its_texts_apart() {
    let mut texts = 0;
    for text in lesson_trees() {
        let t = Tree::try_parse(&text).unwrap();
        for ab in [true, false] {
            let trace = recorded(&t, ab);
            let steps: Vec<usize> = (0..=trace.len()).collect();
            texts += check_placement(&t, &trace, &steps);
        }
    }
    assert!(texts > 10_000, "{texts} texts checked");
}

/// 500 generated trees (two-player, chance, three-player; up to 48 leaves, as wide as a
/// lab's tree gets), at every step.
#[test]
fn generated_figures_place_their_texts_apart() {
    let mut rng = crate::rng::Rng::new(20261205);
    let mut texts = 0;
    for k in 0..500 {
        let params = generated_params(k);
        let t = loop {
            let t = Tree::random(&mut rng, &params);
            if t.nodes().iter().filter(|n| n.children().is_empty()).count() <= 48 {
                break t;
            }
        };
        let trace = recorded(&t, k % 2 == 0);
        let n = trace.len();
        let steps: Vec<usize> = (0..=n).collect();
        texts += check_placement(&t, &trace, &steps);
    }
    assert!(texts > 50_000, "{texts} texts checked");
}

/// The generated trees' shapes by number: two-player, chance, three-player in turn, 3 to 5
/// levels, 2 to 4 children, values −120 to 120.
pub(super) fn generated_params(k: usize) -> crate::games::tree::RandomTreeParams {
    crate::games::tree::RandomTreeParams {
        max_depth: 3 + (k % 3) as u32,
        max_children: 2 + (k % 3) as u32,
        min_value: -120,
        max_value: 120,
        chance_probability: if k % 3 == 1 { 0.4 } else { 0.0 },
        players: if k % 3 == 2 { 3 } else { 2 },
        ..Default::default()
    }
}

/// The collisions the print figure had: with the minimax values "≤ 2 · minimax: 2" beside
/// C ran into D's name; the edge a3 cut through the root's window "[α=3, β=+∞]"; the
/// current node's ring covered C's name and the "≤" of its value.
#[test]
fn figure_5_2_s_old_collisions_are_gone() {
    use super::place::{draw, problems, LabelKind, RING, RING_WIDTH};
    let (t, trace) = alphabeta(FIG_5_2);
    let find = |d: &super::place::Drawing, f: &Figure, name: &str, kind: LabelKind| {
        let i = f.nodes.iter().position(|n| n.name == name).unwrap() as u32;
        d.labels.iter().find(|l| l.node == i && l.kind == kind).unwrap().clone()
    };
    // The end, minimax values on: C's value and D's name apart, and the root's.
    let (fig, end) = super::figures(&t, &trace, trace.len(), true).unwrap();
    let d = draw(&fig, &end);
    let c = find(&d, &fig, "C", LabelKind::Value);
    assert_eq!(c.text, "≤ 2 · minimax: 2");
    assert_eq!(find(&d, &fig, "A", LabelKind::Value).text, "3 · minimax: 3");
    assert!(c.x1 < find(&d, &fig, "D", LabelKind::Name).x0, "C's value ends before D's name");
    assert_eq!(problems(&fig, &d), Vec::<String>::new());
    // Step 15, the cutoff at C: the root's window clear of the edge a3, and C's ring clear
    // of C's name and value.
    let (fig, end) = super::figures(&t, &trace, 15, false).unwrap();
    let d = draw(&fig, &end);
    let w = find(&d, &fig, "A", LabelKind::Window);
    assert_eq!(w.text, "[α=3, β=+∞]");
    let dn = fig.nodes.iter().position(|n| n.name == "D").unwrap() as u32;
    let a3 = d.edges.iter().find(|e| e.child == dn).unwrap();
    // The edge runs below the window's bottom wherever it is right of the root.
    assert!(a3.points[1].1 < w.y0 && a3.points[1].0 < w.x0, "{a3:?} {w:?}");
    let ci = fig.nodes.iter().position(|n| n.name == "C").unwrap();
    assert_eq!(d.ring, Some(ci as u32));
    let cx = d.place.x[ci];
    let ring_out = RING + RING_WIDTH / 2.0;
    assert!(find(&d, &fig, "C", LabelKind::Name).x1 < cx - ring_out, "C's name is left of the ring");
    assert!(find(&d, &fig, "C", LabelKind::Value).x0 > cx + ring_out, "C's value is right of the ring");
    assert_eq!(problems(&fig, &d), Vec::<String>::new());
}

/// The check finds what it looks for: the old placement's collisions, put back.
#[test]
fn the_placement_check_finds_overlaps() {
    use super::place::{draw, problems, LabelKind};
    let (t, trace) = alphabeta(FIG_5_2);
    let (fig, end) = super::figures(&t, &trace, 15, true).unwrap();
    let mut d = draw(&fig, &end);
    // The window back across the edge a3 (right under the root's centre line) and C's name
    // at the old label distance, under the ring.
    let ci = fig.nodes.iter().position(|n| n.name == "C").unwrap() as u32;
    for l in d.labels.iter_mut() {
        if l.node == 0 && l.kind == LabelKind::Window {
            let h = l.y1 - l.y0;
            l.y1 = d.place.y[0] - 0.3;
            l.y0 = l.y1 - h;
        }
        if l.node == ci && l.kind == LabelKind::Name {
            let w = l.x1 - l.x0;
            l.x1 = d.place.x[ci as usize] - 0.3;
            l.x0 = l.x1 - w;
        }
    }
    let p = problems(&fig, &d);
    assert!(p.iter().any(|m| m.contains("(Window of A) is on the edge into D")), "{p:?}");
    assert!(p.iter().any(|m| m.contains("'C' (Name of C) is under the ring of C")), "{p:?}");
}

/// The compact placement shows Figure 5.2 whole on a phone: its canvas is 342 px wide there,
/// with 16 px kept free either side, and every text is 11 px or more at the scale it opens
/// at (the normal placement is too wide for that: the screen uses it from 436 px on).
#[test]
fn figure_5_2_compact_fits_a_phone_s_canvas_and_the_normal_one_does_not() {
    use super::place::{problems, LabelKind, PX_PER_CM};
    use super::plan::Plan;
    let (t, trace) = alphabeta(FIG_5_2);
    let room = 342.0 - 2.0 * 16.0;
    for minimax in [false, true] {
        let compact = Plan::new(&t, &trace, minimax, true).unwrap();
        let normal = Plan::new(&t, &trace, minimax, false).unwrap();
        let w = |p: &Plan| (p.bounds.2 - p.bounds.0) * PX_PER_CM;
        assert!(w(&compact) <= room, "minimax {minimax}: compact {} px", w(&compact));
        assert!(w(&normal) > room, "minimax {minimax}: normal {} px", w(&normal));
        for k in 0..=trace.len() {
            let (fig, d) = compact.at(&t, &trace, k).unwrap();
            assert_eq!(problems(&fig, &d), Vec::<String>::new(), "step {k}");
            if minimax && k == trace.len() {
                // C's value and its minimax value on two lines, both clear of D's name.
                let c = fig.nodes.iter().position(|n| n.name == "C").unwrap() as u32;
                let texts: Vec<&str> = d
                    .labels
                    .iter()
                    .filter(|l| l.node == c && matches!(l.kind, LabelKind::Value | LabelKind::Minimax))
                    .map(|l| l.text.as_str())
                    .collect();
                assert_eq!(texts, ["≤ 2", "minimax: 2"]);
            }
        }
    }
}

/// A branching-4 depth-5 tree (1,365 nodes), as the tree lab shows it, is placed with its
/// texts apart, normal and compact (the subtrees move apart for every conflict of a round at
/// once, so that this takes a few rounds, not one per conflict).
#[test]
fn a_big_tree_is_placed_with_its_texts_apart() {
    use super::place::problems;
    use super::plan::Plan;
    let mut leaf = 0;
    fn build(d: u32, leaf: &mut u32) -> String {
        if d == 0 {
            *leaf += 1;
            return format!("{}", (*leaf * 7) % 10);
        }
        let kids: Vec<String> = (0..4).map(|_| build(d - 1, leaf)).collect();
        format!("[{}]", kids.join(","))
    }
    let (t, trace) = alphabeta(&build(5, &mut leaf));
    assert_eq!(t.nodes().len(), 1365);
    for compact in [false, true] {
        let plan = Plan::new(&t, &trace, false, compact).unwrap();
        for k in [0, trace.len() / 2, trace.len()] {
            let (fig, d) = plan.at(&t, &trace, k).unwrap();
            assert_eq!(problems(&fig, &d), Vec::<String>::new(), "compact {compact} step {k}");
        }
    }
}
