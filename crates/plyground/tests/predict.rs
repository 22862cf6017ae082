//! Predict, then reveal: the questions a lab asks, their answers from the real trace, the
//! feedback words on right, wrong and skipped predictions, and the session's record.

use crate::lessons;
use plyground::games::tree::Tree;
use plyground::practice::{ExerciseOptions, Field, Item, Misconception, PredictKind, Predictions, Task};
use std::collections::BTreeMap;

const INF: f64 = f64::INFINITY;

fn session(algo: &str, text: &str, kinds: &[PredictKind]) -> Predictions {
    Predictions::new(algo, Tree::try_parse(text).unwrap(), ExerciseOptions::default(), kinds).unwrap()
}

/// The question at `node` of `kind`.
fn at(p: &Predictions, kind: PredictKind, node: &str) -> usize {
    p.questions().iter().position(|q| q.kind == kind && q.node == node).unwrap()
}

#[test]
fn kinds_parse_from_the_url_list() {
    assert_eq!(PredictKind::parse_list("all").unwrap(), PredictKind::ALL.to_vec());
    assert_eq!(
        PredictKind::parse_list("windows,prune,returns").unwrap(),
        vec![PredictKind::Windows, PredictKind::Prune, PredictKind::Returns]
    );
    assert_eq!(
        PredictKind::parse_list("prunes").unwrap_err(),
        "predict: unknown question kind 'prunes' (expected all, or a list of windows, prune, returns, select, backup)"
    );
}

#[test]
fn figure_5_2_asks_at_the_steps_of_the_trace() {
    let p = session("alphabeta", lessons::tree("figure_5_2_labelled"), &PredictKind::ALL);
    let asked: Vec<(&str, u32)> = p.questions().iter().map(|q| (q.question.as_str(), q.step)).collect();
    assert_eq!(
        asked,
        vec![
            ("α and β at B now?", 2),
            ("Is the edge b2 pruned?", 5),
            ("Is the edge b3 pruned?", 7),
            ("What does B return (a value or a bound)?", 9),
            ("Is the edge a2 pruned?", 11),
            ("α and β at C now?", 11),
            ("Is the edge c2 pruned?", 14),
            ("What does C return (a value or a bound)?", 15),
            ("Is the edge a3 pruned?", 17),
            ("α and β at D now?", 17),
            ("Is the edge d2 pruned?", 20),
            ("Is the edge d3 pruned?", 22),
            ("What does D return (a value or a bound)?", 25),
            ("What does A return (a value or a bound)?", 27),
        ]
    );
    assert_eq!(p.record_task(), "predict-alphabeta");
    let only = session("alphabeta", lessons::tree("figure_5_2_labelled"), &[PredictKind::Windows]);
    assert_eq!(only.questions().len(), 3);
}

#[test]
fn figure_5_2_right_and_wrong_predictions() {
    let p = session("alphabeta", lessons::tree("figure_5_2_labelled"), &PredictKind::ALL);
    // Right: α and β at C.
    let c = at(&p, PredictKind::Windows, "1");
    let v = p.check(c, &Item::Numbers(vec![3.0, INF])).unwrap();
    assert!(v.correct);
    assert_eq!(
        v.words,
        "Right: at A (MAX), a1 returned 3: v = 3, α ← max(α, v) = 3; C is entered with (α, β) = (3, +∞)."
    );
    // Right: c2 is pruned.
    let v = p.check(at(&p, PredictKind::Prune, "1.1"), &Item::Mark(true)).unwrap();
    assert!(v.correct);
    assert_eq!(v.words, "Right: at C, v = 2 ≤ α = 3: MIN stops, c2 and c3 are pruned.");
    // Wrong: c2 not pruned.
    let v = p.check(at(&p, PredictKind::Prune, "1.1"), &Item::Mark(false)).unwrap();
    assert!(!v.correct);
    assert_eq!(
        v.words,
        "Not quite: you said not pruned, the trace says pruned. at C, v = 2 ≤ α = 3: MIN stops, c2 and c3 are pruned."
    );
    // Wrong: C returns its value; the trace says a bound, and D returns 2 = its bound.
    let v = p.check(at(&p, PredictKind::Returns, "1"), &Item::Number(4.0)).unwrap();
    assert_eq!(
        v.words,
        "Not quite: you said 4, the trace says 2. at C, v = 2 ≤ α = 3: MIN stops, c2 and c3 are pruned; C returns \
         v = 2 (an upper bound: its value is at most 2)."
    );
    // Skipped counts as wrong.
    let v = p.check(at(&p, PredictKind::Returns, ""), &Item::Missing).unwrap();
    assert!(!v.correct);
    assert_eq!(
        v.words,
        "Skipped: the trace says 3. A (MAX) searched all its children: v = max(3, 2, 2) = 3."
    );
    // A wrong shape is refused, naming the question.
    assert_eq!(
        p.check(c, &Item::Number(3.0)).unwrap_err(),
        "predict: question 5 (α and β at C now?) takes a window [α, β], got 3"
    );
    assert_eq!(
        p.check(99, &Item::Missing).unwrap_err(),
        "predict: question 99 does not exist (there are 14, 0–13)"
    );
}

#[test]
fn a_wrong_window_names_the_misconception() {
    let p = session("alphabeta", lessons::tree("figure_5_2_labelled"), &[PredictKind::Windows]);
    let c = at(&p, PredictKind::Windows, "1");
    let v = p.check(c, &Item::Numbers(vec![-INF, 3.0])).unwrap();
    assert!(!v.correct);
    assert_eq!(v.misconception, Some(Misconception::WindowDirection));
    let why = v.explanation.clone().unwrap();
    assert_eq!(
        v.words,
        format!(
            "Not quite: you said (−∞, 3), the trace says (3, +∞). {}. A known misconception, {}: {why}.",
            v.rule,
            Misconception::WindowDirection.summary()
        )
    );
}

#[test]
fn the_record_has_the_grade_shape() {
    let p = session("alphabeta", lessons::tree("figure_5_2_labelled"), &PredictKind::ALL);
    let mut given = BTreeMap::new();
    given.insert(0, Item::Numbers(vec![-INF, INF]));
    given.insert(1, Item::Mark(true));
    let g = p.record(&given, false).unwrap();
    assert_eq!((g.task, g.score, g.max, g.done), (Task::AlphaBetaFull, 1, 2, false));
    assert_eq!(g.summary, "1 of 2 predictions right; the first wrong one is at b2 (pruned)");
    assert_eq!(g.mistakes.len(), 1);
    assert_eq!((g.mistakes[0].node.as_str(), g.mistakes[0].field), ("0.1", Field::Pruned));
    assert_eq!(g.mistakes[0].got, Item::Mark(true));
    // Every answer from the key: all right.
    let key: BTreeMap<usize, Item> =
        (0..p.questions().len()).map(|i| (i, p.check(i, &Item::Missing).unwrap().expected)).collect();
    let g = p.record(&key, true).unwrap();
    assert_eq!((g.score, g.max, g.done), (14, 14, true));
    assert_eq!(g.summary, "14 of 14 predictions right");
}

#[test]
fn minimax_and_expectiminimax_ask_the_returned_value() {
    let p = session("minimax", lessons::tree("figure_5_2_labelled"), &PredictKind::ALL);
    let q: Vec<&str> = p.questions().iter().map(|q| q.question.as_str()).collect();
    assert_eq!(
        q,
        vec![
            "What value does B return?",
            "What value does C return?",
            "What value does D return?",
            "What value does A return?"
        ]
    );
    let v = p.check(0, &Item::Number(12.0)).unwrap();
    assert_eq!(v.misconception, Some(Misconception::MaxAsMin));
    assert!(v.words.starts_with("Not quite: you said 12, the trace says 3. "), "{}", v.words);
    assert_eq!(p.record_task(), "predict-minimax");

    let e = session("expectiminimax", lessons::tree("exercise_expectiminimax"), &[PredictKind::Returns]);
    assert_eq!(e.questions().len(), 3);
    let v = e.check(0, &Item::Number(3.0)).unwrap();
    assert!(v.correct, "{}", v.words);
    let root = at(&e, PredictKind::Returns, "");
    assert!(e.check(root, &Item::Number(3.5)).unwrap().correct);
    assert_eq!(e.record_task(), "predict-expectiminimax");
}

#[test]
fn kinds_that_do_not_arise_are_refused() {
    let err = Predictions::new(
        "minimax",
        Tree::try_parse(lessons::tree("figure_5_2_labelled")).unwrap(),
        ExerciseOptions::default(),
        &[PredictKind::Windows],
    )
    .unwrap_err();
    assert_eq!(err, "predict: no question of the kinds windows arises in minimax on this tree");
    let err = Predictions::new(
        "maxn",
        Tree::try_parse(lessons::tree("figure_5_2_labelled")).unwrap(),
        ExerciseOptions::default(),
        &PredictKind::ALL,
    )
    .unwrap_err();
    assert_eq!(
        err,
        "predict: algorithm 'maxn' has no predictions (expected alphabeta, minimax, expectiminimax or mcts)"
    );
}

#[test]
fn mcts_asks_the_selection_and_the_backup() {
    let opts = ExerciseOptions { mcts_seed: 7, iterations: Some(6), ..Default::default() };
    let p = Predictions::new(
        "mcts",
        Tree::try_parse(lessons::tree("figure_5_2_labelled")).unwrap(),
        opts,
        &PredictKind::ALL,
    )
    .unwrap();
    let qs = p.questions();
    assert_eq!(qs[0].question, "Which child of A does UCB1 select?");
    assert_eq!(qs[0].kind, PredictKind::Select);
    assert!(qs[1..].iter().all(|q| q.kind == PredictKind::Backup));
    assert_eq!(qs.last().unwrap().question, "N and W of A after the back-up?");
    let key = p.check(0, &Item::Missing).unwrap().expected;
    let Item::Path(best) = key.clone() else { panic!("{key:?}") };
    assert!(p.check(0, &Item::Path(best.clone())).unwrap().correct);
    let other = ["0", "1", "2"].into_iter().find(|c| *c != best).unwrap();
    let v = p.check(0, &Item::Path(other.to_string())).unwrap();
    assert!(!v.correct);
    let name = |p: &str| ["B", "C", "D"][p.parse::<usize>().unwrap()];
    assert!(
        v.words.starts_with(&format!(
            "Not quite: you said {}, the trace says {}. ",
            name(other),
            name(&best)
        )),
        "{}",
        v.words
    );
    let root = qs.len() - 1;
    let Item::Numbers(nw) = p.check(root, &Item::Missing).unwrap().expected else { panic!() };
    assert_eq!(nw[0], 7.0);
    assert!(p.check(root, &Item::Numbers(nw.clone())).unwrap().correct);
    assert_eq!(p.record_task(), "predict-mcts");
}

/// Every lesson tree: the key's answers are right, a skip is wrong, for every algorithm the
/// fixture applies that has predictions.
#[test]
fn every_lesson_tree() {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/lessons.txt"))
            .unwrap();
    let mut sessions = 0;
    for block in text.split("\n\n") {
        let get = |k: &str| block.lines().find_map(|l| l.strip_prefix(&format!("{k}: ")).map(str::trim));
        let (Some(tree), Some(algos)) = (get("tree"), get("algorithms")) else { continue };
        if get("transform").is_some() {
            continue;
        }
        for algo in
            algos.split_whitespace().filter(|a| ["alphabeta", "minimax", "expectiminimax"].contains(a))
        {
            let Ok(p) = Predictions::new(
                algo,
                Tree::try_parse(tree).unwrap(),
                ExerciseOptions::default(),
                &PredictKind::ALL,
            ) else {
                continue;
            };
            sessions += 1;
            let mut key = BTreeMap::new();
            for i in 0..p.questions().len() {
                let skip = p.check(i, &Item::Missing).unwrap();
                assert!(
                    !skip.correct && skip.words.starts_with("Skipped: the trace says "),
                    "{tree} {algo} {i}"
                );
                let v = p.check(i, &skip.expected).unwrap();
                assert!(v.correct, "{tree} {algo} {i}");
                assert_eq!(v.words, format!("Right: {}.", skip.rule));
                key.insert(i, skip.expected);
            }
            let g = p.record(&key, true).unwrap();
            assert!(g.done && g.score == g.max, "{tree} {algo}");
        }
    }
    assert!(sessions >= 10, "{sessions}");
}

/// Generated trees for α-β, minimax, expectiminimax and MCTS: the key's answers are right, a
/// wrong number is wrong, and the record counts both.
#[test]
fn generated_trees() {
    use plyground::practice::{Difficulty, Exercise, GenParams};
    for task in [Task::AlphaBetaFull, Task::Minimax, Task::Expectiminimax, Task::Mcts] {
        for seed in 1..=5u64 {
            let ex = Exercise::generate(task, &GenParams::preset(task, Difficulty::Exam), seed).unwrap();
            let p = Predictions::from_exercise(ex, &PredictKind::ALL).unwrap();
            let mut given = BTreeMap::new();
            for i in 0..p.questions().len() {
                let key = p.check(i, &Item::Missing).unwrap().expected;
                assert!(p.check(i, &key).unwrap().correct, "{task} {seed} {i}");
                given.insert(i, key);
            }
            let wrong =
                p.questions().iter().position(|q| q.field == Field::Values || q.field == Field::Visits);
            if let Some(i) = wrong {
                let bad = match &given[&i] {
                    Item::Number(x) => Item::Number(x + 1.0),
                    Item::Numbers(v) => Item::Numbers(vec![v[0] + 1.0, v[1]]),
                    other => panic!("{other:?}"),
                };
                let v = p.check(i, &bad).unwrap();
                assert!(!v.correct);
                assert!(v.words.starts_with(&format!("Not quite: you said {}, the trace says ", bad.text())));
                given.insert(i, bad);
            }
            let g = p.record(&given, true).unwrap();
            assert_eq!(g.score + u32::from(wrong.is_some()), g.max, "{task} {seed}");
        }
    }
}
