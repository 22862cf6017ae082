//! Practice: answer keys from the real traces, grading, misconceptions, rule texts, bad
//! answers. (The generator's constraints over many seeds: `practice_generate.rs`.)

use crate::lessons;
use plyground::games::tree::Tree;
use plyground::practice::{
    Answer, Answers, Difficulty, Exercise, ExerciseOptions, Field, GenParams, Item, Misconception, Task,
};
use plyground::search::TieRule;
use std::collections::BTreeMap;

const INF: f64 = f64::INFINITY;

fn ex(task: Task, text: &str) -> Exercise {
    ex_tie(task, text, TieRule::NonStrict)
}

fn ex_tie(task: Task, text: &str, tie: TieRule) -> Exercise {
    Exercise::new(task, Tree::try_parse(text).unwrap(), ExerciseOptions { tie, ..Default::default() })
        .unwrap()
}

fn nums(v: &[(&str, f64)]) -> Option<BTreeMap<String, Answer>> {
    Some(v.iter().map(|(p, x)| (p.to_string(), Answer::Number(*x))).collect())
}

fn paths(v: &[&str]) -> Option<Vec<String>> {
    Some(v.iter().map(|s| s.to_string()).collect())
}

/// The misconception of the mistake at (field, path).
fn mis_at(e: &Exercise, a: &Answers, field: Field, path: &str) -> Option<Misconception> {
    let g = e.grade(a).unwrap();
    let m = g.mistakes.iter().find(|m| m.field == field && m.node == path);
    m.unwrap_or_else(|| panic!("no mistake at {field} {path:?}: {:?}", g.mistakes)).misconception
}

// ---------------------------------------------------------------------------------------
// The lessons' worked example (AIMA Figure 5.2)

#[test]
fn figure_5_2_alpha_beta_full_key_is_the_lessons_trace() {
    let e = ex(Task::AlphaBetaFull, lessons::fig_5_2());
    let k = e.answer_key();
    assert_eq!(k.pruned, paths(&["1.1", "1.2"]));
    assert_eq!(k.values, nums(&[("", 3.0), ("0", 3.0), ("1", 2.0), ("2", 2.0)]));
    let w: BTreeMap<String, [f64; 2]> = [("0", [-INF, INF]), ("1", [3.0, INF]), ("2", [3.0, INF])]
        .iter()
        .map(|(p, w)| (p.to_string(), *w))
        .collect();
    assert_eq!(k.windows, Some(w));
    let g = e.grade(&k).unwrap();
    assert!(g.done && g.score == g.max && g.mistakes.is_empty(), "{g:?}");
    // 3 windows + 4 values + 12 edges below entered nodes (3 at A, 3 each at B, C, D).
    assert_eq!(g.max, 3 + 4 + 12);
}

#[test]
fn first_wrong_step_names_the_rule_in_the_lessons_words() {
    let e = ex(Task::AlphaBetaLeaves, lessons::fig_5_2());
    let g = e.grade(&Answers { pruned: Some(vec![]), ..Default::default() }).unwrap();
    assert!(!g.done);
    assert_eq!((g.score, g.max), (7, 9));
    let s = g.first_wrong.unwrap();
    assert_eq!((s.node.as_str(), s.label.as_str(), s.field), ("1.1", "c2", Field::Pruned));
    assert_eq!(s.rule, "at C, v = 2 ≤ α = 3: MIN stops, c2 and c3 are pruned");
    assert_eq!(s.expected, Item::Mark(true));
    assert_eq!(s.hint, "at C (MIN), compare v with α after each child: if v ≤ α, MIN stops and the rest of its children are pruned");
    // The step is the Cutoff's of the real trace (a Stepper seeked there shows it next; a
    // leaf is one step, so the 22nd event is the 14th step).
    assert_eq!(s.step, 14);
    assert!(matches!(e.steps().iter().find(|s| s.node == "1.1").map(|s| s.step), Some(14)));
    assert_eq!(g.summary, "7 of 9 correct; the first wrong step is at c2 (pruned)");
    let m = ex(Task::Minimax, lessons::fig_5_2());
    let mut a = m.answer_key();
    a.values.as_mut().unwrap().insert("0".into(), Answer::Number(8.0));
    assert_eq!(m.grade(&a).unwrap().summary, "4 of 5 correct; the first wrong step is at B (value)");
    // Hint: the rule without the answer; reveal: with it.
    let h = e.hint(&Answers { pruned: Some(vec![]), ..Default::default() }).unwrap().unwrap();
    assert_eq!((h.rule.as_str(), &h.expected), ("", &Item::Missing));
    assert_eq!(h.hint, s.hint);
    let r = e.reveal_next(&Answers { pruned: Some(vec![]), ..Default::default() }).unwrap().unwrap();
    assert_eq!(r.rule, s.rule);
    // The key: nothing left to hint.
    assert!(e.hint(&e.answer_key()).unwrap().is_none());
}

#[test]
fn mistakes_come_in_visiting_order_with_expected_and_got() {
    let e = ex(Task::AlphaBetaFull, lessons::fig_5_2());
    let mut a = e.answer_key();
    a.values.as_mut().unwrap().insert("2".into(), Answer::Number(5.0)); // D: wrong
    a.values.as_mut().unwrap().insert("0".into(), Answer::Number(8.0)); // B: wrong, earlier
    let g = e.grade(&a).unwrap();
    let order: Vec<&str> = g.mistakes.iter().map(|m| m.node.as_str()).collect();
    assert_eq!(order, ["0", "2"]);
    assert_eq!((&g.mistakes[0].expected, &g.mistakes[0].got), (&Item::Number(3.0), &Item::Number(8.0)));
    assert_eq!(g.first_wrong.unwrap().rule, "B (MIN) searched all its children: v = min(3, 12, 8) = 3");
    assert_eq!(g.score, g.max - 2);
}

#[test]
fn minimax_task_on_figure_5_2() {
    let e = ex(Task::Minimax, lessons::fig_5_2());
    let k = e.answer_key();
    assert_eq!(k.values, nums(&[("", 3.0), ("0", 3.0), ("1", 2.0), ("2", 2.0)]));
    assert_eq!(k.choice.as_deref(), Some("0"));
    let g = e.grade(&k).unwrap();
    assert!(g.done && g.max == 5);
    let mut wrong = k.clone();
    wrong.choice = Some("2".into());
    let s = e.grade(&wrong).unwrap().first_wrong.unwrap();
    assert_eq!(s.rule, "at the root A, MAX moves to the child with the largest value (the first on ties): a1 3, a2 2, a3 2 — so a1 to B");
}

// ---------------------------------------------------------------------------------------
// Misconceptions: each typical wrong answer is caught where it makes a difference

#[test]
fn strict_rule_where_the_nonstrict_applies() {
    // C's first leaf 3 ties α = 3: the lessons' rule prunes c2, the strict one does not.
    let t = lessons::tree("tie_rule");
    let e = ex(Task::AlphaBetaLeaves, t);
    assert_eq!(e.answer_key().pruned, paths(&["1.1"]));
    let a = Answers { pruned: Some(vec![]), ..Default::default() };
    assert_eq!(mis_at(&e, &a, Field::Pruned, "1.1"), Some(Misconception::StrictTie));
    let g = e.grade(&a).unwrap();
    assert_eq!(g.misconception, Some(Misconception::StrictTie));
    assert!(g.explanation.unwrap().contains("v ≥ β / v ≤ α"));
    // The same in the full task (the pruned edge and C's value).
    let e = ex(Task::AlphaBetaFull, t);
    let mut a = e.answer_key();
    a.pruned = Some(vec![]);
    a.values.as_mut().unwrap().insert("1".into(), Answer::Number(1.0));
    assert_eq!(mis_at(&e, &a, Field::Pruned, "1.1"), Some(Misconception::StrictTie));
    assert_eq!(mis_at(&e, &a, Field::Values, "1"), Some(Misconception::StrictTie));
}

#[test]
fn nonstrict_rule_where_the_strict_applies() {
    let t = lessons::tree("tie_rule");
    let e = ex_tie(Task::AlphaBetaLeaves, t, TieRule::Strict);
    assert_eq!(e.answer_key().pruned, Some(vec![]));
    let a = Answers { pruned: paths(&["1.1"]), ..Default::default() };
    assert_eq!(mis_at(&e, &a, Field::Pruned, "1.1"), Some(Misconception::NonStrictTie));
    let e = ex_tie(Task::AlphaBetaFull, t, TieRule::Strict);
    let mut a = e.answer_key();
    a.pruned = paths(&["1.1"]);
    assert_eq!(mis_at(&e, &a, Field::Pruned, "1.1"), Some(Misconception::NonStrictTie));
}

#[test]
fn window_direction_and_no_update_at_max_and_min() {
    // MAX root: after B returns 3, α ← 3; C is entered with (3, +∞).
    let e = ex(Task::AlphaBetaFull, lessons::fig_5_2());
    let mut a = e.answer_key();
    a.windows.as_mut().unwrap().insert("1".into(), [-INF, 3.0]);
    assert_eq!(mis_at(&e, &a, Field::Windows, "1"), Some(Misconception::WindowDirection));
    a.windows.as_mut().unwrap().insert("1".into(), [-INF, INF]);
    assert_eq!(mis_at(&e, &a, Field::Windows, "1"), Some(Misconception::NoUpdate));
    // MIN node B over MAX nodes: after E returns 5, β ← 5; F is entered with (−∞, 5).
    let t = "[[[5,1],[2,9]],[[1,1],[0,0]]]";
    let e = ex(Task::AlphaBetaFull, t);
    let k = e.answer_key();
    assert_eq!(k.windows.as_ref().unwrap()["0.1"], [-INF, 5.0]);
    let mut a = k.clone();
    a.windows.as_mut().unwrap().insert("0.1".into(), [5.0, INF]);
    assert_eq!(mis_at(&e, &a, Field::Windows, "0.1"), Some(Misconception::WindowDirection));
    a.windows.as_mut().unwrap().insert("0.1".into(), [-INF, INF]);
    assert_eq!(mis_at(&e, &a, Field::Windows, "0.1"), Some(Misconception::NoUpdate));
}

#[test]
fn max_level_treated_as_min() {
    let e = ex(Task::Minimax, lessons::fig_5_2());
    let mut a = e.answer_key();
    a.values.as_mut().unwrap().insert("".into(), Answer::Number(2.0)); // min(3, 2, 2)
    assert_eq!(mis_at(&e, &a, Field::Values, ""), Some(Misconception::MaxAsMin));
    a = e.answer_key();
    a.values.as_mut().unwrap().insert("0".into(), Answer::Number(12.0)); // B as MAX
    assert_eq!(mis_at(&e, &a, Field::Values, "0"), Some(Misconception::MaxAsMin));
    // And in expectiminimax, below a chance node.
    let e = ex(Task::Expectiminimax, "[chance[0.5: [1, 7], 0.5: [4, 6]], [3, 5]]");
    let mut a = e.answer_key();
    a.values.as_mut().unwrap().insert("0.0".into(), Answer::Number(7.0));
    assert_eq!(mis_at(&e, &a, Field::Values, "0.0"), Some(Misconception::MaxAsMin));
}

#[test]
fn pruning_below_a_chance_node() {
    // B = 3 gives α = 3; C is a chance node whose first outcome is 2: a MIN node would stop,
    // a chance node averages every outcome.
    let t = "[[3, 4], chance[0.5: 2, 0.5: 8]]";
    let e = ex(Task::AlphaBetaLeaves, t);
    assert_eq!(e.answer_key().pruned, Some(vec![]));
    let a = Answers { pruned: paths(&["1.1"]), ..Default::default() };
    assert_eq!(mis_at(&e, &a, Field::Pruned, "1.1"), Some(Misconception::ChancePruning));
    let e = ex(Task::AlphaBetaFull, t);
    let mut a = e.answer_key();
    assert_eq!(a.values.as_ref().unwrap()["1"], Answer::Number(5.0));
    a.pruned = paths(&["1.1"]);
    assert_eq!(mis_at(&e, &a, Field::Pruned, "1.1"), Some(Misconception::ChancePruning));
}

#[test]
fn chance_children_averaged_without_probabilities() {
    let e = ex(Task::Expectiminimax, "[chance[1/4: 8, 3/4: 0], chance[0.5: 2, 0.5: 2]]");
    let k = e.answer_key();
    assert_eq!(k.values, nums(&[("", 2.0), ("0", 2.0), ("1", 2.0)]));
    let mut a = k.clone();
    a.values.as_mut().unwrap().insert("0".into(), Answer::Number(4.0));
    assert_eq!(mis_at(&e, &a, Field::Values, "0"), Some(Misconception::UnweightedAverage));
    let s = e.grade(&a).unwrap().first_wrong.unwrap();
    assert_eq!(s.rule, "B is a chance node: v = Σ P(r)·v(r) = 0.25·8 + 0.75·0 = 2");
}

#[test]
fn bound_taken_for_an_exact_value() {
    // C stops after c1 = 2 ≤ α = 3 and returns 2, an upper bound; its minimax value is 1.
    let e = ex(Task::AlphaBetaFull, "[[3,12,8],[2,1,6],[14,5,2]]");
    let mut a = e.answer_key();
    assert_eq!(a.values.as_ref().unwrap()["1"], Answer::Number(2.0));
    a.values.as_mut().unwrap().insert("1".into(), Answer::Number(1.0));
    assert_eq!(mis_at(&e, &a, Field::Values, "1"), Some(Misconception::BoundAsExact));
    let g = e.grade(&a).unwrap();
    assert!(g
        .explanation
        .unwrap()
        .starts_with("C returns 2: since 2 ≤ α = 3, α-β only knows that C's value is at most 2"));
    // The root's value is exact: giving it is never a bound mistake.
    assert_eq!(e.answer_key().values.unwrap()[""], Answer::Number(3.0));
}

/// An MCTS exercise whose UCB1 pick differs from the largest W/N.
fn mcts_with_exploration() -> Exercise {
    for seed in 0..500 {
        let e =
            Exercise::generate(Task::Mcts, &GenParams::preset(Task::Mcts, Difficulty::Exam), seed).unwrap();
        let m = e.mcts().unwrap();
        let root_kids: Vec<_> =
            m.nodes.iter().filter(|n| !n.path.is_empty() && !n.path.contains('.')).collect();
        let q_best = root_kids
            .iter()
            .fold(None::<(&str, f64)>, |b, n| {
                let q = n.w / n.n as f64;
                if b.is_none_or(|b| q > b.1) {
                    Some((n.path.as_str(), q))
                } else {
                    b
                }
            })
            .unwrap()
            .0;
        if e.answer_key().choice.as_deref() != Some(q_best) {
            return e;
        }
    }
    panic!("no seed in 0..500 where UCB1 and W/N disagree");
}

#[test]
fn largest_w_over_n_instead_of_ucb1() {
    let e = mcts_with_exploration();
    let m = e.mcts().unwrap();
    let q_best = m
        .nodes
        .iter()
        .filter(|n| !n.path.is_empty() && !n.path.contains('.'))
        .max_by(|a, b| (a.w / a.n as f64).total_cmp(&(b.w / b.n as f64)).then(b.path.cmp(&a.path)))
        .unwrap()
        .path
        .clone();
    let mut a = e.answer_key();
    a.choice = Some(q_best);
    assert_eq!(mis_at(&e, &a, Field::Choice, ""), Some(Misconception::LargestQ));
}

#[test]
fn backup_only_at_the_leaf() {
    let e = Exercise::generate(Task::Mcts, &GenParams::preset(Task::Mcts, Difficulty::Exam), 3).unwrap();
    let k = e.answer_key();
    let visits = k.visits.clone().unwrap();
    assert!(visits.len() >= 2 && visits.contains_key(""), "the root is on every path: {visits:?}");
    let old: BTreeMap<String, [f64; 2]> =
        e.mcts().unwrap().nodes.iter().map(|n| (n.path.clone(), [n.n as f64, n.w])).collect();
    // The new node updated, the ancestors left as they were.
    let mut a = k.clone();
    for (p, v) in a.visits.as_mut().unwrap().iter_mut() {
        if let Some(o) = old.get(p) {
            *v = *o;
        }
    }
    assert_eq!(mis_at(&e, &a, Field::Visits, ""), Some(Misconception::LeafOnlyBackup));
    // Or left out.
    let mut a = k.clone();
    a.visits.as_mut().unwrap().retain(|p, _| !old.contains_key(p));
    assert_eq!(a.visits.as_ref().unwrap().len(), 1, "only the new node is not in the old tree");
    assert_eq!(mis_at(&e, &a, Field::Visits, ""), Some(Misconception::LeafOnlyBackup));
}

// ---------------------------------------------------------------------------------------
// Tasks 5–7

#[test]
fn maxn_on_the_lessons_three_player_tree() {
    let t = lessons::tree("aima_three_player");
    let e = ex(Task::MaxN, t);
    let k = e.answer_key();
    let v = k.values.as_ref().unwrap();
    assert_eq!(v[""], Answer::Numbers(vec![1.0, 2.0, 6.0]));
    assert_eq!(v["0.0"], Answer::Numbers(vec![1.0, 2.0, 6.0]));
    assert_eq!(v["1"], Answer::Numbers(vec![1.0, 5.0, 2.0]));
    assert_eq!(k.choice.as_deref(), Some("0"));
    assert!(e.grade(&k).unwrap().done);
    let bad = Answers { values: nums(&[("", 1.0)]), ..Default::default() };
    assert!(e.grade(&bad).unwrap_err().contains("tuples"));
}

#[test]
fn mcts_key_follows_the_real_iteration() {
    let e = Exercise::generate(Task::Mcts, &GenParams::preset(Task::Mcts, Difficulty::Easy), 7).unwrap();
    let m = e.mcts().unwrap();
    assert_eq!(m.nodes[0].path, "");
    assert_eq!(m.nodes[0].n, m.iterations);
    let k = e.answer_key();
    // The root's N grows by one; its W by the reward to MAX (the root's player).
    assert_eq!(k.visits.as_ref().unwrap()[""], [m.iterations as f64 + 1.0, m.nodes[0].w + m.reward]);
    // UCB1 of each root child: W/N + C·√(ln N / n) with the shown numbers.
    for n in m.nodes.iter().filter(|n| !n.path.is_empty() && !n.path.contains('.')) {
        let want = n.w / n.n as f64 + m.c * ((m.iterations as f64).ln() / n.n as f64).sqrt();
        match &k.values.as_ref().unwrap()[&n.path] {
            Answer::Number(v) => assert!((v - want).abs() < 1e-9, "{v} vs {want}"),
            other => panic!("{other:?}"),
        }
    }
    assert!(e.grade(&k).unwrap().done);
}

#[test]
fn ordering_is_graded_against_the_fewest_leaves() {
    let e = ex(Task::Ordering, lessons::fig_5_2());
    let o = e.ordering().unwrap().clone();
    assert!(o.exhaustive);
    assert_eq!(o.given_leaves, 7);
    // Best first: B first at the root, then C and D each led by their 2: 3 + 1 + 1 leaves.
    assert_eq!(o.min_leaves, 5);
    let k = e.answer_key();
    let g = e.grade(&k).unwrap();
    assert!(g.done && g.max == 1);
    // The natural order is graded as 7 leaves against 5.
    let natural: BTreeMap<String, Vec<u32>> =
        [("", vec![0, 1, 2])].iter().map(|(p, v)| (p.to_string(), v.clone())).collect();
    let g = e.grade(&Answers { order: Some(natural), ..Default::default() }).unwrap();
    assert_eq!(
        (g.score, &g.mistakes[0].expected, &g.mistakes[0].got),
        (0, &Item::Number(5.0), &Item::Number(7.0))
    );
    assert_eq!(g.summary, "0 of 1 correct: in this order α-β evaluates 7 leaves; 5 is the fewest possible");
    assert!(g
        .first_wrong
        .unwrap()
        .rule
        .starts_with("α-β evaluates 7 leaves in the tree's own order; the fewest over every ordering is 5"));
}

// ---------------------------------------------------------------------------------------
// Bad answers: a clear error naming the place, never a panic

#[test]
fn bad_answers_name_the_place() {
    let e = ex(Task::AlphaBetaFull, lessons::fig_5_2());
    let err = |a: Answers| e.grade(&a).unwrap_err();
    assert_eq!(
        err(Answers { values: nums(&[("0.7", 1.0)]), ..Default::default() }),
        "answers.values[\"0.7\"]: there is no node \"0.7\": B (\"0\") has 3 children, 0–2"
    );
    assert_eq!(
        err(Answers { values: nums(&[("x", 1.0)]), ..Default::default() }),
        "answers.values[\"x\"]: \"x\" is not a node path (child indices from the root joined by '.', like \"0.1\"; the root is \"\")"
    );
    assert_eq!(
        err(Answers { values: nums(&[("0.1", 1.0)]), ..Default::default() }),
        "answers.values[\"0.1\"]: \"0.1\" is a leaf; leaf values are given"
    );
    assert_eq!(
        err(Answers { values: nums(&[("0", f64::NAN)]), ..Default::default() }),
        "answers.values[\"0\"]: NaN is not a value"
    );
    assert_eq!(
        err(Answers { choice: Some("0".into()), ..Default::default() }),
        "answers.choice: task alphabeta-full does not ask for choice (it asks for windows, values, pruned)"
    );
    assert!(err(Answers {
        values: Some([("0".to_string(), Answer::Numbers(vec![1.0]))].into()),
        ..Default::default()
    })
    .contains("expected a number, got a list"));
    assert!(err(Answers { pruned: paths(&[""]), ..Default::default() }).contains("the root cannot be pruned"));
    assert!(err(Answers { values: nums(&[("00", 1.0)]), ..Default::default() })
        .contains("write the path \"00\" as \"0\""));
    let leaves = ex(Task::AlphaBetaLeaves, lessons::fig_5_2());
    assert!(leaves
        .grade(&Answers { pruned: paths(&["1"]), ..Default::default() })
        .unwrap_err()
        .contains("is not a leaf"));
    let o = ex(Task::Ordering, lessons::fig_5_2());
    let bad: BTreeMap<String, Vec<u32>> = [("0".to_string(), vec![0, 0, 1])].into();
    assert_eq!(
        o.grade(&Answers { order: Some(bad), ..Default::default() }).unwrap_err(),
        "answers.order[\"0\"]: [0, 0, 1] is not an order of B's 3 children (each of 0–2 once)"
    );
}

#[test]
fn tasks_refuse_trees_they_do_not_apply_to() {
    let t = |s: &str| Tree::try_parse(s).unwrap();
    let o = ExerciseOptions::default();
    assert!(Exercise::new(Task::MaxN, t(lessons::fig_5_2()), o).unwrap_err().contains("utility tuples"));
    assert!(Exercise::new(Task::Minimax, t("[chance[0.5: 1, 0.5: 2]]"), o).unwrap_err().contains("chance"));
    assert!(Exercise::new(Task::Minimax, t("[(1,2,3),(3,2,1)]"), o).unwrap_err().contains("two-player"));
    assert!(Exercise::new(Task::Minimax, t("5"), o).unwrap_err().contains("single leaf"));
    let big = Tree::try_uniform(2, 8, 1).unwrap();
    assert!(Exercise::new(Task::Ordering, big, o).unwrap_err().contains("at most 256 nodes"));
    assert_eq!(Task::try_parse("alphabeta"), Err("unknown task 'alphabeta' (expected minimax, alphabeta-leaves, alphabeta-full, expectiminimax, maxn, mcts, ordering)".into()));
}

#[test]
fn every_task_scores_its_own_key_in_full_on_1000_generated_trees() {
    for task in Task::ALL {
        let p = GenParams::preset(task, Difficulty::Exam);
        for seed in 0..1000u64 {
            let e =
                Exercise::generate(task, &p, seed).unwrap_or_else(|err| panic!("{task} seed {seed}: {err}"));
            let g = e.grade(&e.answer_key()).unwrap();
            assert!(g.done && g.score == g.max && g.max > 0, "{task} seed {seed}: {:?}", g.mistakes);
            assert_eq!(g.seed, Some(seed));
            assert_eq!(g.tree, e.tree_text());
            // An empty answer is never full marks.
            let empty = e.grade(&Answers::default()).unwrap();
            assert!(!empty.done, "{task} seed {seed}");
        }
    }
}

#[test]
fn the_embedding_docs_example_record() {
    // docs/embedding.md, "Practice answers and grades".
    let mut p = GenParams::preset(Task::AlphaBetaLeaves, Difficulty::Exam);
    (p.depth, p.min_branching, p.max_branching, p.cutoffs) = (3, 2, 3, 2);
    let e = Exercise::generate(Task::AlphaBetaLeaves, &p, 7).unwrap();
    assert_eq!(e.tree_text(), "[[[6, 1, 3], [9, 9], [4, 9]], [[0, 3, 2], [6, 0, 9]]]");
    let g = e.grade(&Answers { pruned: paths(&["0.1.1"]), ..Default::default() }).unwrap();
    assert_eq!((g.score, g.max, g.done, g.mistakes.len()), (10, 13, false, 3));
    let m = &g.mistakes[0];
    assert_eq!(
        (m.node.as_str(), m.label.as_str(), m.field, &m.expected, &m.got),
        ("1.1.0", "h1", Field::Pruned, &Item::Mark(true), &Item::Mark(false))
    );
    assert_eq!((m.misconception, m.step), (None, 38));
}

#[test]
fn maxn_rules_name_the_players_as_the_figure_numbers_them() {
    // The figure draws player p's nodes with the number p + 1: the rules say P1, P2, P3.
    let t = lessons::tree("aima_three_player");
    let e = ex(Task::MaxN, t);
    let rules: Vec<(String, String, String)> =
        e.steps().into_iter().map(|s| (s.label, s.rule, s.hint)).collect();
    let at =
        |label: &str| rules.iter().find(|r| r.0 == label).unwrap_or_else(|| panic!("no step at {label}"));
    assert_eq!(
        at("D").1,
        "D: P3 moves and keeps the child's tuple with the largest P3 entry (the third entry; the first child on \
         ties): (1, 2, 6) from d1"
    );
    assert_eq!(
        at("D").2,
        "D: P3 moves and keeps the child's tuple with the largest P3 entry (the third entry; the first child on ties)"
    );
    assert_eq!(
        at("B").1,
        "B: P2 moves and keeps the child's tuple with the largest P2 entry (the second entry; the first child on \
         ties): (1, 2, 6) from b1"
    );
    let choice = e.steps().into_iter().find(|s| s.field == Field::Choice).unwrap();
    assert_eq!(
        choice.rule,
        "at the root A, P1 moves to the child whose tuple has the largest P1 entry (the first on ties): a1 (1, 2, 6), \
         a2 (1, 5, 2) — so a1 to B"
    );
    for (_, rule, hint) in &rules {
        assert!(!rule.contains("p0") && !rule.contains("p1") && !rule.contains("p2"), "{rule}");
        assert!(!hint.contains("p0") && !hint.contains("p1") && !hint.contains("p2"), "{hint}");
    }
}

#[test]
fn ordering_summary_says_what_the_order_costs_and_how_sure_the_fewest_is() {
    // 3^3: 13 inner nodes with 3! orders each, too many to try them all.
    let t = Tree::try_uniform(3, 3, 5).unwrap();
    let e = Exercise::new(Task::Ordering, t, ExerciseOptions::default()).unwrap();
    let o = e.ordering().unwrap().clone();
    assert!(!o.exhaustive);
    assert!(o.min_leaves < o.given_leaves, "{o:?}");
    let g = e.grade(&Answers { order: Some(BTreeMap::new()), ..Default::default() }).unwrap();
    assert_eq!(
        g.summary,
        format!(
            "0 of 1 correct: in this order α-β evaluates {} leaves; {} is the fewest the core found",
            o.given_leaves, o.min_leaves
        )
    );
    assert!(e.grade(&e.answer_key()).unwrap().done);
}

// ---------------------------------------------------------------------------------------
// A grade never shows a wrong step next to a full score; a misconception is named only where
// its pattern holds

/// A tree where C stops on v = 3 ≤ α = 6 (not a tie) and c2 is pruned, with h1–h3 below it.
const NO_TIE: &str = "[[[6,1,3],[9,9],[4,9]],[[0,3,2],[6,0,9]]]";

#[test]
fn marks_below_a_pruned_edge_are_accepted_and_name_no_tie() {
    let e = ex(Task::AlphaBetaFull, NO_TIE);
    let mut a = e.answer_key();
    assert_eq!(a.pruned, paths(&["0.1.1", "1.1"]));
    // The leaves under c2 ticked too: true (the search never follows their edges either).
    a.pruned.as_mut().unwrap().extend(["1.1.0", "1.1.1", "1.1.2"].map(String::from));
    let g = e.grade(&a).unwrap();
    assert_eq!((g.score, g.max, g.done), (30, 30, true), "{:?}", g.mistakes);
    assert!(g.mistakes.is_empty() && g.first_wrong.is_none());
    assert_eq!((g.misconception, g.explanation), (None, None));
    assert_eq!(g.summary, "all 30 correct");
    // The same under the strict rule (3 < 6 prunes there too).
    let e = ex_tie(Task::AlphaBetaFull, NO_TIE, TieRule::Strict);
    let g = e.grade(&a).unwrap();
    assert_eq!((g.score, g.done, g.misconception), (30, true, None));
}

#[test]
fn an_answer_where_the_key_has_none_costs_a_point() {
    // H is below the pruned edge c2: it has no value and no window.
    let e = ex(Task::AlphaBetaFull, NO_TIE);
    let mut a = e.answer_key();
    a.values.as_mut().unwrap().insert("1.1".into(), Answer::Number(9.0));
    let g = e.grade(&a).unwrap();
    assert_eq!((g.score, g.max, g.done), (29, 30, false));
    assert_eq!(g.mistakes.len(), 1);
    assert_eq!((g.misconception, g.explanation.as_deref()), (None, None));
    let s = g.first_wrong.unwrap();
    assert_eq!((s.label.as_str(), s.field), ("H", Field::Values));
    assert_eq!(s.rule, "H is below the pruned edge c2: α-β never reaches it, so it has no value");
    assert_eq!(
        g.summary,
        "29 of 30: 30 cells correct, less 1 for an answer where there is nothing to give; the first wrong step \
         is at H (value)"
    );
    // Two such answers cost two points; a full score always means no mistake.
    a.windows.as_mut().unwrap().insert("1.1".into(), [6.0, INF]);
    let g = e.grade(&a).unwrap();
    assert_eq!((g.score, g.mistakes.len()), (28, 2));
    assert!(g
        .summary
        .starts_with("28 of 30: 30 cells correct, less 2 for answers where there is nothing to give;"));
}

#[test]
fn full_score_if_and_only_if_no_mistake_on_generated_trees() {
    // Every question answered: the key, plus a tick at every mark and a value at every
    // value question the key leaves out (the cells a student sees in the page).
    for task in [Task::AlphaBetaFull, Task::AlphaBetaLeaves] {
        for seed in 0..200 {
            let e = Exercise::generate(task, &GenParams::preset(task, Difficulty::Exam), seed).unwrap();
            let key = e.answer_key();
            let mut a = key.clone();
            for q in e.questions() {
                match q.field {
                    Field::Pruned => a.pruned.get_or_insert_with(Vec::new).push(q.path.clone()),
                    Field::Values if !key.values.as_ref().unwrap().contains_key(&q.path) => {
                        a.values.as_mut().unwrap().insert(q.path.clone(), Answer::Number(0.0));
                    }
                    _ => {}
                }
            }
            a.pruned.as_mut().unwrap().dedup();
            for answers in [&key, &a] {
                let g = e.grade(answers).unwrap();
                assert_eq!(g.score == g.max, g.mistakes.is_empty(), "{task} seed {seed}: {}", g.summary);
                assert_eq!(g.done, g.mistakes.is_empty());
                if g.score == g.max {
                    assert!(g.first_wrong.is_none() && g.misconception.is_none());
                }
            }
        }
    }
}

#[test]
fn a_tie_is_named_at_the_node_where_it_happens() {
    // C = [3, 1] after B = 3: c1 = 3 = α ties at C.
    let t = lessons::tree("tie_rule");
    let e = ex(Task::AlphaBetaFull, t);
    let mut a = e.answer_key();
    a.pruned = Some(vec![]);
    a.values.as_mut().unwrap().insert("1".into(), Answer::Number(1.0));
    let g = e.grade(&a).unwrap();
    assert_eq!(g.misconception, Some(Misconception::StrictTie));
    assert_eq!(
        g.explanation.as_deref(),
        Some(
            "this answer follows the strict rule (prune only on v > β / v < α), but here a tie prunes: at C \
             (MIN), v = α = 3, and the lessons' rule v ≥ β / v ≤ α stops there"
        )
    );
    let e = ex_tie(Task::AlphaBetaLeaves, t, TieRule::Strict);
    let g = e.grade(&Answers { pruned: paths(&["1.1"]), ..Default::default() }).unwrap();
    assert_eq!(g.misconception, Some(Misconception::NonStrictTie));
    assert_eq!(
        g.explanation.as_deref(),
        Some(
            "this answer prunes on a tie (v ≥ β / v ≤ α), but this exercise uses the strict rule: at C (MIN), \
             v = α = 3 is a tie, and MIN stops only when v < α"
        )
    );
}

#[test]
fn pruning_at_max_after_a_child_falls_below_alpha() {
    // A = MAX; B = min(3, 4) = 3 gives α = 3. C (MIN) enters D (MAX) with (3, +∞): d1 = 2
    // falls below α, but MAX stops only when v ≥ β, so d2 is evaluated.
    let t = "[[3,4],[[2,9],1]]";
    let e = ex(Task::AlphaBetaLeaves, t);
    assert_eq!(e.answer_key().pruned, Some(vec![]));
    let a = Answers { pruned: paths(&["1.0.1"]), ..Default::default() };
    let g = e.grade(&a).unwrap();
    assert_eq!((g.score, g.max), (4, 5));
    assert_eq!(g.misconception, Some(Misconception::MaxAsMin));
    assert_eq!(
        g.explanation.as_deref(),
        Some(
            "at D (MAX), d1 returned 2 ≤ α = 3: stopping there is MIN's test; MAX stops only when v ≥ β, and v = 2 \
             < β = +∞, so d2 is evaluated"
        )
    );
    // And in the full task, on the edge.
    let e = ex(Task::AlphaBetaFull, t);
    let mut a = e.answer_key();
    a.pruned = paths(&["1.0.1"]);
    assert_eq!(mis_at(&e, &a, Field::Pruned, "1.0.1"), Some(Misconception::MaxAsMin));
    // At MIN after a child rises above β: B (MIN) below a MIN root … the mirror: A = MIN,
    // B = max(3, 4) = 4 gives β = 4; C (MAX) enters D (MIN) with (−∞, 4): d1 = 5 rises above β.
    let e = ex(Task::AlphaBetaLeaves, "min[[3,4],[[5,0],9]]");
    assert_eq!(e.answer_key().pruned, Some(vec![]));
    let a = Answers { pruned: paths(&["1.0.1"]), ..Default::default() };
    assert_eq!(mis_at(&e, &a, Field::Pruned, "1.0.1"), Some(Misconception::MaxAsMin));
}

#[test]
fn misconceptions_are_not_named_where_their_pattern_does_not_hold() {
    // The tie rules: C stops on 3 ≤ α = 6, not a tie; leaving c2 unmarked is no tie mistake.
    for tie in [TieRule::NonStrict, TieRule::Strict] {
        let e = ex_tie(Task::AlphaBetaFull, NO_TIE, tie);
        let mut a = e.answer_key();
        a.pruned = paths(&["0.1.1"]);
        assert_eq!(mis_at(&e, &a, Field::Pruned, "1.1"), None, "{tie:?}");
        let e = ex_tie(Task::AlphaBetaLeaves, NO_TIE, tie);
        let a = Answers { pruned: paths(&["0.1.1"]), ..Default::default() };
        assert_eq!(mis_at(&e, &a, Field::Pruned, "1.1.0"), None, "{tie:?}");
    }
    // Max as min on marks: a MIN node's later child marked after no child rose above β (C's
    // c2 = 1 after D = 9 < β = +∞), and a MAX node whose children never fall below α (the
    // root's a2 after B = 3 > α = −∞).
    let t = "[[3,4],[[2,9],1]]";
    let e = ex(Task::AlphaBetaLeaves, t);
    let a = Answers { pruned: paths(&["1.1"]), ..Default::default() };
    assert_eq!(mis_at(&e, &a, Field::Pruned, "1.1"), None);
    let a = Answers { pruned: paths(&["1.0.0"]), ..Default::default() };
    assert_eq!(mis_at(&e, &a, Field::Pruned, "1.0.0"), None);
    let e = ex(Task::AlphaBetaFull, t);
    let mut a = e.answer_key();
    a.pruned = paths(&["1"]);
    assert_eq!(mis_at(&e, &a, Field::Pruned, "1"), None);
    // Max as min on values: a value that is neither the max nor the min of the children.
    let e = ex(Task::Minimax, lessons::fig_5_2());
    let mut a = e.answer_key();
    a.values.as_mut().unwrap().insert("0".into(), Answer::Number(8.0));
    assert_eq!(mis_at(&e, &a, Field::Values, "0"), None);
    // Window direction and no update: a window that is neither.
    let e = ex(Task::AlphaBetaFull, lessons::fig_5_2());
    let mut a = e.answer_key();
    a.windows.as_mut().unwrap().insert("1".into(), [-INF, 5.0]);
    assert_eq!(mis_at(&e, &a, Field::Windows, "1"), None);
    // B is A's first child: its window is A's, so no update cannot be named there.
    a = e.answer_key();
    a.windows.as_mut().unwrap().insert("0".into(), [3.0, INF]);
    assert_eq!(mis_at(&e, &a, Field::Windows, "0"), None);
    // Bound as exact: C's value neither the bound it returns nor its minimax value.
    let e = ex(Task::AlphaBetaFull, "[[3,12,8],[2,1,6],[14,5,2]]");
    let mut a = e.answer_key();
    a.values.as_mut().unwrap().insert("1".into(), Answer::Number(6.0));
    assert_eq!(mis_at(&e, &a, Field::Values, "1"), None);
    // … and where the bound is the exact value (FIG 5.2: C returns 2, its value is 2).
    let e = ex(Task::AlphaBetaFull, lessons::fig_5_2());
    let mut a = e.answer_key();
    a.values.as_mut().unwrap().insert("1".into(), Answer::Number(4.0));
    assert_eq!(mis_at(&e, &a, Field::Values, "1"), None);
    // Chance pruning: a mark below a MIN node is not below a chance node.
    let e = ex(Task::AlphaBetaLeaves, "[[3, 4], chance[0.5: 2, 0.5: 8]]");
    let a = Answers { pruned: paths(&["0.1"]), ..Default::default() };
    assert_eq!(mis_at(&e, &a, Field::Pruned, "0.1"), None);
    // Unweighted average: a wrong value that is not the plain mean; and a chance node whose
    // plain mean is its weighted one (C: 2 and 2) never names it.
    let e = ex(Task::Expectiminimax, "[chance[1/4: 8, 3/4: 0], chance[0.5: 2, 0.5: 2]]");
    let mut a = e.answer_key();
    a.values.as_mut().unwrap().insert("0".into(), Answer::Number(3.0));
    assert_eq!(mis_at(&e, &a, Field::Values, "0"), None);
    let mut a = e.answer_key();
    a.values.as_mut().unwrap().insert("1".into(), Answer::Number(5.0));
    assert_eq!(mis_at(&e, &a, Field::Values, "1"), None);
    // Largest W/N: a choice that is neither the pick nor the largest W/N.
    let e = mcts_with_exploration();
    let k = e.answer_key();
    let m = e.mcts().unwrap();
    let kids: Vec<&str> = m
        .nodes
        .iter()
        .filter(|n| !n.path.is_empty() && !n.path.contains('.'))
        .map(|n| n.path.as_str())
        .collect();
    let q_best = kids
        .iter()
        .copied()
        .max_by(|a, b| {
            let q = |p: &str| m.nodes.iter().find(|n| n.path == p).map(|n| n.w / n.n as f64).unwrap();
            q(a).total_cmp(&q(b)).then(b.cmp(a))
        })
        .unwrap();
    let other = e
        .tree()
        .children(0)
        .iter()
        .map(|&c| e.tree().path_text(c))
        .find(|p| Some(p.as_str()) != k.choice.as_deref() && p != q_best);
    if let Some(other) = other {
        let mut a = k.clone();
        a.choice = Some(other);
        assert_eq!(mis_at(&e, &a, Field::Choice, ""), None);
    }
    // Leaf-only backup: the root's N and W wrong in a way that is not its old N and W.
    let e = Exercise::generate(Task::Mcts, &GenParams::preset(Task::Mcts, Difficulty::Exam), 3).unwrap();
    let mut a = e.answer_key();
    a.visits.as_mut().unwrap().insert("".into(), [1000.0, 1.0]);
    assert_eq!(mis_at(&e, &a, Field::Visits, ""), None);
}

#[test]
fn the_tie_rule_applies_to_the_alpha_beta_tasks_only() {
    let applies: Vec<&str> = Task::ALL.iter().filter(|t| t.tie_applies()).map(|t| t.id()).collect();
    assert_eq!(applies, ["alphabeta-leaves", "alphabeta-full", "ordering"]);
}

/// The options of `Practice.create`, a set description's exercises and a grade record are
/// checked in one place: the readers only type them.
#[test]
fn exercise_options_are_checked_once_for_every_reader() {
    use plyground::practice::{ExerciseSpec, OptionValue as V};
    let read = |opts: &[(&str, V)]| {
        let opts: Vec<(String, V, String)> =
            opts.iter().map(|(k, v)| (k.to_string(), v.clone(), format!("{v:?}"))).collect();
        ExerciseSpec::from_options("options", &opts)
    };
    let s = read(&[
        ("task", V::Text("alphabeta-leaves".into())),
        ("seed", V::Number(11.0)),
        ("depth", V::Number(3.0)),
        ("branching", V::Text("2-3".into())),
        ("values", V::Pair(-5.0, 5.0)),
        ("uniqueBest", V::Flag(true)),
    ])
    .unwrap();
    assert_eq!(
        (s.task, s.seed, s.depth, s.branching, s.values, s.unique_best),
        (Task::AlphaBetaLeaves, Some(11), Some(3), Some((2, 3)), Some((-5, 5)), Some(true))
    );
    let err = |opts: &[(&str, V)]| read(opts).unwrap_err();
    let task = ("task", V::Text("minimax".into()));
    assert_eq!(err(&[("depth", V::Number(2.0))]), "options.task is required (e.g. 'alphabeta-leaves')");
    assert_eq!(
        err(&[task.clone(), ("deep", V::Number(2.0))]),
        "options: unknown field 'deep' (expected one of task, tree, seed, difficulty, depth, branching, \
         values, decimals, chance, players, cutoffs, uniqueBest, tieSensitive, worstOrder, tie, c, \
         mctsSeed, iterations)"
    );
    assert_eq!(
        err(&[task.clone(), ("depth", V::Number(7.0))]),
        "options.depth Number(7.0) is out of range (1 to 6)"
    );
    assert_eq!(
        err(&[task.clone(), ("depth", V::Number(2.5))]),
        "options.depth must be an integer, got Number(2.5)"
    );
    assert_eq!(
        err(&[task.clone(), ("seed", V::Number(5e9))]),
        "options.seed Number(5000000000.0) is out of range (0 to 4,294,967,295)"
    );
    assert_eq!(
        err(&[task.clone(), ("branching", V::Text("3-9".into()))]),
        "options.branching 9 is out of range (1 to 5)"
    );
    assert_eq!(
        err(&[task.clone(), ("branching", V::Text("3-2".into()))]),
        "options.branching: the low end 3 is above the high end 2"
    );
    assert_eq!(
        err(&[task.clone(), ("values", V::Other)]),
        "options.values must be a number, [low, high] or a string like '0..9', got Other"
    );
    assert_eq!(
        err(&[task.clone(), ("chance", V::Number(1.0))]),
        "options.chance must be true or false, got Number(1.0)"
    );
    assert_eq!(
        err(&[task.clone(), ("iterations", V::Number(0.0))]),
        "options.iterations Number(0.0) is out of range (1 to 10,000)"
    );
    // The ranges are the generator's own.
    let (lo, hi) = plyground::limits::EXERCISE_DEPTH;
    let mut p = plyground::practice::GenParams::preset(Task::Minimax, plyground::practice::Difficulty::Exam);
    p.depth = hi + 1;
    assert!(p.check(Task::Minimax).unwrap_err().starts_with(&format!("depth must be {lo}–{hi}")));
}

// ---------------------------------------------------------------------------------------
// Prompts that a page can show before the exercise is built

/// A task's fixed prompt is the prompt of every exercise of the task with that tie rule
/// (generated at each difficulty, and given trees); MCTS and move ordering, which quote
/// figures of their exercise, have none.
#[test]
fn a_fixed_prompt_is_every_exercises_prompt() {
    for task in Task::ALL {
        for tie in [TieRule::NonStrict, TieRule::Strict] {
            let fixed = task.fixed_prompt(tie);
            assert_eq!(fixed.is_none(), matches!(task, Task::Mcts | Task::Ordering), "{task:?}");
            let Some(fixed) = fixed else { continue };
            for d in [Difficulty::Easy, Difficulty::Exam, Difficulty::Hard] {
                let mut p = GenParams::preset(task, d);
                p.tie = tie;
                for seed in 0..20u64 {
                    let e = Exercise::generate(task, &p, seed).unwrap();
                    assert_eq!(e.prompt(), fixed, "{task:?} {tie:?} {d:?} seed {seed}");
                }
            }
        }
    }
    let given = ex_tie(Task::AlphaBetaLeaves, "[[3,12,8],[2,4,6],[14,5,2]]", TieRule::Strict);
    assert_eq!(given.prompt(), Task::AlphaBetaLeaves.fixed_prompt(TieRule::Strict).unwrap());
    assert_eq!(
        Task::Minimax.fixed_prompt(TieRule::Strict).unwrap(),
        "Give the minimax value of every inner node (MAX takes the largest child value, MIN the smallest), \
         and the root's decision (the first best child on ties)."
    );
    assert_eq!(
        Task::AlphaBetaLeaves.fixed_prompt(TieRule::NonStrict).unwrap(),
        "Run ALPHA-BETA-SEARCH left to right and mark every leaf that is never evaluated (the lessons' rule: \
         MAX stops when v ≥ β, MIN when v ≤ α)."
    );
}
