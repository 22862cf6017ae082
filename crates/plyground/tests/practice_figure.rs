//! The practice figure as the core places it (`Exercise::figure_plan`): every task on
//! generated trees of every difficulty, normal and compact, empty, with the key and its
//! marks, and with a wrong step and texts far wider than their room: no text overlaps
//! another, a glyph, the ring or an edge, none is outside the figure, none is under 11 px,
//! at the scale every figure opens at in a view of any width (`place::problems`).

use plyground::export::place::{problems, LabelKind};
use plyground::games::tree::Tree;
use plyground::practice::{
    Answer, Answers, Difficulty, Exercise, ExerciseOptions, GenParams, Shown, Task, OK_MARK, WRONG_MARK,
};
use std::collections::BTreeMap;

const FIG_5_2: &str = "[[3,12,8],[2,4,6],[14,5,2]]";
const SEEDS: u64 = 12;

/// The states a learner's cells go through: none, the key all marked right, the key with a
/// wrong step and every value and window typed far too wide.
fn states(e: &Exercise) -> Vec<Shown> {
    let key = e.answer_key();
    let paths: Vec<String> = e.questions().iter().map(|q| q.path.clone()).collect();
    let mut wide = key.clone();
    if let Some(v) = &mut wide.values {
        for a in v.values_mut() {
            *a = match a {
                Answer::Number(_) => Answer::Number(-123_456.789),
                Answer::Numbers(u) => Answer::Numbers(vec![-98_765.432_1; u.len()]),
            };
        }
    }
    if let Some(w) = &mut wide.windows {
        for x in w.values_mut() {
            *x = [-123_456.5, 654_321.25];
        }
    }
    vec![
        Shown::default(),
        Shown { answers: key.clone(), ok: paths.clone(), wrong: None },
        Shown { answers: wide, ok: paths[1..].to_vec(), wrong: paths.first().cloned() },
    ]
}

/// The ordering key's best order, by node path.
fn best_order(e: &Exercise) -> Option<BTreeMap<String, Vec<u32>>> {
    let o = e.ordering()?;
    Some(o.best.iter().map(|(id, perm)| (e.tree().path_text(*id), perm.clone())).collect())
}

/// Checks every state of `e` on both placements; returns the number of texts checked.
fn check(e: &Exercise, what: &str) -> usize {
    let mut texts = 0;
    for order in [None, best_order(e)] {
        for compact in [false, true] {
            let plan = e.figure_plan(order.as_ref(), compact).unwrap();
            for (k, shown) in states(e).iter().enumerate() {
                let (fig, d, marks) = plan.at(shown).unwrap();
                assert_eq!(problems(&fig, &d), Vec::<String>::new(), "{what} compact {compact} state {k}");
                let want = if k == 0 { 0 } else { shown.ok.len() + usize::from(shown.wrong.is_some()) };
                let mut distinct: Vec<&String> = shown.ok.iter().chain(&shown.wrong).collect();
                distinct.sort();
                distinct.dedup();
                assert_eq!(marks.len(), distinct.len().min(want), "{what}: one mark per marked node");
                texts += d.labels.len();
            }
        }
        if e.task() != Task::Ordering {
            break;
        }
    }
    texts
}

#[test]
fn every_task_s_figure_places_its_texts_apart() {
    let mut texts = 0;
    let mut figures = 0;
    for task in Task::ALL {
        for d in [Difficulty::Easy, Difficulty::Exam, Difficulty::Hard] {
            for seed in 1..=SEEDS {
                let Ok(e) = Exercise::generate(task, &GenParams::preset(task, d), seed) else { continue };
                texts += check(&e, &format!("{task} {d:?} seed {seed}"));
                figures += 1;
            }
        }
    }
    // Every task at every difficulty generates.
    assert_eq!(figures, 7 * 3 * SEEDS as usize);
    println!("{figures} figures, {texts} texts checked");
    assert!(texts > 20_000, "{texts} texts checked");
}

#[test]
fn figure_5_2_shows_the_typed_values_the_marks_and_the_choice() {
    let e =
        Exercise::new(Task::Minimax, Tree::try_parse(FIG_5_2).unwrap(), ExerciseOptions::default()).unwrap();
    let plan = e.figure_plan(None, false).unwrap();
    let mut values = BTreeMap::new();
    values.insert("".to_string(), Answer::Number(3.0));
    values.insert("1".to_string(), Answer::Number(-1234.5));
    let answers = Answers { values: Some(values), choice: Some("0".into()), ..Default::default() };
    let shown = Shown { answers, ok: vec!["".into()], wrong: Some("1".into()) };
    let (fig, d, marks) = plan.at(&shown).unwrap();
    let texts = |kind: LabelKind| -> Vec<(u32, String)> {
        d.labels.iter().filter(|l| l.kind == kind).map(|l| (l.node, l.text.clone())).collect()
    };
    // The leaves' utilities under them, the typed values beside A and C.
    let values = texts(LabelKind::Value);
    assert_eq!(values.len(), 11);
    assert!(values.contains(&(0, "3".into())) && values.contains(&(5, "−1234.5".into())), "{values:?}");
    // ✓ at A, ✗ at C (ringed), each left of the node's name.
    let m: Vec<(u32, String)> = marks.iter().map(|&i| (d.labels[i].node, d.labels[i].text.clone())).collect();
    assert_eq!(m, vec![(0, OK_MARK.to_string()), (5, WRONG_MARK.to_string())]);
    assert_eq!(d.ring, Some(5));
    let name_c = d.labels.iter().find(|l| l.kind == LabelKind::Name && l.text == "C").unwrap();
    assert!(d.labels[marks[1]].x1 < name_c.x0);
    // The chosen move is bold; C's value, too wide for its room, is set in it.
    assert_eq!(fig.nodes[1].edge_look(), "chosen");
    let c = d.labels.iter().find(|l| l.node == 5 && l.kind == LabelKind::Value).unwrap();
    let a = d.labels.iter().find(|l| l.node == 0 && l.kind == LabelKind::Value).unwrap();
    assert!((c.x1 - c.x0) < plyground::export::layout::text_width("−1234.5", 1.0));
    assert!((a.x1 - a.x0 - plyground::export::layout::text_width("3", 1.0)).abs() < 1e-12);
    assert_eq!(problems(&fig, &d), Vec::<String>::new());
    // A path that is not a node is an error naming it.
    let bad = Shown { wrong: Some("7".into()), ..Default::default() };
    assert_eq!(
        plan.at(&bad).unwrap_err(),
        "wrong[\"7\"]: there is no node \"7\": A (the root) has 3 children, 0–2"
    );
}

#[test]
fn move_ordering_draws_the_tree_in_the_learner_s_order() {
    let e =
        Exercise::new(Task::Ordering, Tree::try_parse(FIG_5_2).unwrap(), ExerciseOptions::default()).unwrap();
    let mut order = BTreeMap::new();
    order.insert("".to_string(), vec![2, 0, 1]);
    let plan = e.figure_plan(Some(&order), false).unwrap();
    let x = &plan.plan.place.x;
    // D (node 9) left of B (1) left of C (5).
    assert!(x[9] < x[1] && x[1] < x[5], "{x:?}");
    order.insert("".to_string(), vec![2, 2, 1]);
    assert_eq!(
        e.figure_plan(Some(&order), false).unwrap_err(),
        "order[\"\"]: not an order of the node's 3 children"
    );
}

#[test]
fn mcts_shows_w_over_n_beside_the_search_tree_s_inner_nodes() {
    let e = Exercise::generate(Task::Mcts, &GenParams::preset(Task::Mcts, Difficulty::Exam), 1).unwrap();
    let m = e.mcts().unwrap();
    let plan = e.figure_plan(None, true).unwrap();
    let (_, d, _) = plan.at(&Shown::default()).unwrap();
    let inner: Vec<_> = m
        .nodes
        .iter()
        .filter(|s| {
            !e.tree().children(plyground::practice::node_at(e.tree(), "", &s.path).unwrap()).is_empty()
        })
        .collect();
    assert!(!inner.is_empty());
    for s in inner {
        let want = format!("{}/{}", plyground::export::figure::value_text(s.w), s.n);
        assert!(d.labels.iter().any(|l| l.kind == LabelKind::Value && l.text == want), "{want}");
    }
}
