//! Each misconception's typical wrong answer, built here from the answer key by the mistaken
//! rule, is named on generated trees wherever it makes a difference.

use plyground::games::tree::{Kind, Tree};
use plyground::practice::{
    Answer, Answers, Difficulty, Exercise, ExerciseOptions, Field, GenParams, Misconception, Task,
};
use plyground::search::minimax::minimax;
use plyground::search::TieRule;
use plyground::NoObserver;

const SEEDS: u64 = 200;

fn gen(task: Task, d: Difficulty, seed: u64, f: impl Fn(&mut GenParams)) -> Exercise {
    let mut p = GenParams::preset(task, d);
    f(&mut p);
    Exercise::generate(task, &p, seed).unwrap_or_else(|e| panic!("{task} {seed}: {e}"))
}

fn named(e: &Exercise, a: &Answers, field: Field, path: &str) -> Option<Misconception> {
    let g = e.grade(a).unwrap();
    let m = g.mistakes.iter().find(|m| m.field == field && m.node == path);
    m.unwrap_or_else(|| panic!("{}: no mistake at {field} {path:?}", e.tree_text())).misconception
}

fn num(a: &Answers, path: &str) -> f64 {
    match &a.values.as_ref().unwrap()[path] {
        Answer::Number(x) => *x,
        other => panic!("{other:?}"),
    }
}

/// A node's value in the key, or a leaf's value.
fn value(t: &Tree, a: &Answers, id: u32) -> Option<f64> {
    t.value(id).or_else(|| {
        a.values.as_ref()?.get(&t.path_text(id)).map(|v| match v {
            Answer::Number(x) => *x,
            Answer::Numbers(u) => u[0],
        })
    })
}

#[test]
fn the_other_tie_rule_is_named_both_ways() {
    let mut tested = 0;
    for seed in 0..SEEDS {
        for (rule, other, name) in [
            (TieRule::NonStrict, TieRule::Strict, Misconception::StrictTie),
            (TieRule::Strict, TieRule::NonStrict, Misconception::NonStrictTie),
        ] {
            let e = gen(Task::AlphaBetaLeaves, Difficulty::Hard, seed, |p| p.tie = rule);
            let o = Exercise::new(
                Task::AlphaBetaLeaves,
                e.tree().clone(),
                ExerciseOptions { tie: other, ..Default::default() },
            )
            .unwrap();
            let g = e.grade(&o.answer_key()).unwrap();
            assert!(!g.done, "tie-sensitive trees prune differently");
            assert!(g.mistakes.iter().all(|m| m.misconception == Some(name)), "{seed}: {:?}", g.mistakes);
            tested += 1;
        }
    }
    assert_eq!(tested, 2 * SEEDS);
}

#[test]
fn max_as_min_and_unweighted_averages() {
    let (mut maxmin, mut avg) = (0, 0);
    for seed in 0..SEEDS {
        for task in [Task::Minimax, Task::Expectiminimax] {
            let e = gen(task, Difficulty::Exam, seed, |_| {});
            let t = e.tree();
            let k = e.answer_key();
            for id in 0..t.node_count() as u32 {
                let kids = t.children(id);
                if kids.is_empty() {
                    continue;
                }
                let vals: Vec<f64> = kids.iter().map(|&c| value(t, &k, c).unwrap()).collect();
                let path = t.path_text(id);
                let expected = num(&k, &path);
                let (wrong, name) = match t.kind(id) {
                    Some(Kind::Max) => {
                        (vals.iter().copied().fold(f64::INFINITY, f64::min), Misconception::MaxAsMin)
                    }
                    Some(Kind::Min) => {
                        (vals.iter().copied().fold(f64::NEG_INFINITY, f64::max), Misconception::MaxAsMin)
                    }
                    _ => (vals.iter().sum::<f64>() / vals.len() as f64, Misconception::UnweightedAverage),
                };
                if (wrong - expected).abs() <= 0.005 {
                    continue; // no difference on this node
                }
                let mut a = k.clone();
                a.values.as_mut().unwrap().insert(path.clone(), Answer::Number(wrong));
                assert_eq!(
                    named(&e, &a, Field::Values, &path),
                    Some(name),
                    "{task} {seed} {path}: {}",
                    e.tree_text()
                );
                if name == Misconception::MaxAsMin {
                    maxmin += 1;
                } else {
                    avg += 1;
                }
            }
        }
    }
    assert!(maxmin > 1000 && avg > 100, "{maxmin} {avg}");
}

#[test]
fn windows_bounds_and_chance_pruning_in_alpha_beta() {
    let (mut dir, mut noup, mut bound, mut chance) = (0, 0, 0, 0);
    for seed in 0..SEEDS {
        let e = gen(Task::AlphaBetaFull, Difficulty::Exam, seed, |p| {
            if seed % 2 == 1 {
                (p.chance, p.cutoffs) = (true, 0);
            }
        });
        let t = e.tree();
        let k = e.answer_key();
        let windows = k.windows.clone().unwrap();
        let pruned = k.pruned.clone().unwrap();
        for id in 1..t.node_count() as u32 {
            let path = t.path_text(id);
            let p = t.parent(id).unwrap();
            let pp = t.path_text(p);
            let reached = !pruned.iter().any(|q| path == *q || path.starts_with(&format!("{q}.")));
            if !reached {
                continue;
            }
            if t.kind(p) == Some(Kind::Chance) {
                let mut a = k.clone();
                a.pruned.as_mut().unwrap().push(path.clone());
                assert_eq!(
                    named(&e, &a, Field::Pruned, &path),
                    Some(Misconception::ChancePruning),
                    "{seed} {path}"
                );
                chance += 1;
                continue;
            }
            let inner = !t.children(id).is_empty();
            let index = t.node(id).unwrap().index() as usize;
            if inner && index > 0 {
                let (a0, b0) = if p == 0 {
                    (f64::NEG_INFINITY, f64::INFINITY)
                } else {
                    (windows[&pp][0], windows[&pp][1])
                };
                let prev: Vec<f64> =
                    t.children(p)[..index].iter().map(|&c| value(t, &k, c).unwrap()).collect();
                let max = t.kind(p) == Some(Kind::Max);
                let v = if max {
                    prev.iter().copied().fold(f64::NEG_INFINITY, f64::max)
                } else {
                    prev.iter().copied().fold(f64::INFINITY, f64::min)
                };
                let correct = windows[&path];
                let wrong = if max { [a0, b0.min(v)] } else { [a0.max(v), b0] };
                for (w, name) in
                    [([a0, b0], Misconception::NoUpdate), (wrong, Misconception::WindowDirection)]
                {
                    if w == correct || (name == Misconception::WindowDirection && w == [a0, b0]) {
                        continue;
                    }
                    let mut a = k.clone();
                    a.windows.as_mut().unwrap().insert(path.clone(), w);
                    assert_eq!(
                        named(&e, &a, Field::Windows, &path),
                        Some(name),
                        "{seed} {path}: {}",
                        e.tree_text()
                    );
                    if name == Misconception::NoUpdate {
                        noup += 1;
                    } else {
                        dir += 1;
                    }
                }
            }
            if inner && t.kind(id) != Some(Kind::Chance) {
                let v = num(&k, &path);
                let w = windows[&path];
                let exact = minimax(t, &id, &mut NoObserver).value;
                if (v <= w[0] || v >= w[1]) && (exact - v).abs() > 1e-9 {
                    let mut a = k.clone();
                    a.values.as_mut().unwrap().insert(path.clone(), Answer::Number(exact));
                    assert_eq!(
                        named(&e, &a, Field::Values, &path),
                        Some(Misconception::BoundAsExact),
                        "{seed} {path}"
                    );
                    bound += 1;
                }
            }
        }
    }
    assert!(dir > 50 && noup > 50 && bound > 50 && chance > 50, "{dir} {noup} {bound} {chance}");
}

#[test]
fn largest_q_and_leaf_only_backup_in_mcts() {
    let (mut q, mut leaf) = (0, 0);
    for seed in 0..SEEDS {
        let e = gen(Task::Mcts, Difficulty::Exam, seed, |_| {});
        let m = e.mcts().unwrap().clone();
        let k = e.answer_key();
        let kids: Vec<_> = m.nodes.iter().filter(|n| !n.path.is_empty() && !n.path.contains('.')).collect();
        let best_q =
            kids.iter().fold(kids[0], |b, n| if n.w / n.n as f64 > b.w / b.n as f64 { n } else { b });
        if Some(&best_q.path) != k.choice.as_ref() {
            let mut a = k.clone();
            a.choice = Some(best_q.path.clone());
            assert_eq!(named(&e, &a, Field::Choice, ""), Some(Misconception::LargestQ), "{seed}");
            q += 1;
        }
        let mut a = k.clone();
        for (p, v) in a.visits.as_mut().unwrap().iter_mut() {
            if let Some(o) = m.nodes.iter().find(|n| &n.path == p) {
                *v = [o.n as f64, o.w];
            }
        }
        let g = e.grade(&a).unwrap();
        let old_nodes =
            k.visits.as_ref().unwrap().keys().filter(|p| m.nodes.iter().any(|n| &n.path == *p)).count();
        let named_leaf =
            g.mistakes.iter().filter(|x| x.misconception == Some(Misconception::LeafOnlyBackup)).count();
        assert_eq!(named_leaf, old_nodes, "{seed}: {:?}", g.mistakes);
        leaf += 1;
    }
    assert!(q > 10 && leaf == SEEDS, "{q} {leaf}");
}
