//! `Practice` as JavaScript sees it: generated and given exercises, grading records, hints,
//! the MCTS set-up against `MctsStepper`, the key's trace against `Stepper`, and bad input →
//! a JavaScript `Error` naming the place.

#![cfg(feature = "lab")]
#![cfg(target_arch = "wasm32")]

use crate::common;
use crate::lessons;

use common::{get, len, message, num, obj, strings, text};
use plyground_wasm::{GameTree, MctsStepper, Practice, Stepper};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::wasm_bindgen_test;

fn create(json: &str) -> Practice {
    Practice::create(obj(json)).unwrap_or_else(|e| panic!("{json}: {}", message(e)))
}

fn create_err(json: &str) -> String {
    message(Practice::create(obj(json)).err().unwrap_or_else(|| panic!("{json} was accepted")))
}

fn grade_err(p: &Practice, answers: JsValue) -> String {
    message(p.grade(answers).expect_err("refused"))
}

#[wasm_bindgen_test]
fn generated_tree_is_the_same_text_as_natively() {
    let p =
        create(r#"{"task": "alphabeta-leaves", "seed": 7, "depth": 3, "branching": "2-3", "cutoffs": 2}"#);
    // The same text `plyground generate --depth 3 --branching 2-3 --cutoffs 2 --seed 7` prints.
    assert_eq!(p.tree_text(), "[[[6, 1, 3], [9, 9], [4, 9]], [[0, 3, 2], [6, 0, 9]]]");
    assert_eq!(
        (p.task(), p.seed(), p.tie()),
        ("alphabeta-leaves".to_string(), Some(7.0), "nonstrict".to_string())
    );
    assert_eq!(p.fields(), vec!["pruned".to_string()]);
    let q = p.questions().unwrap();
    assert_eq!(len(&q, ""), 13);
    assert_eq!(
        (text(&q, "0.path"), text(&q, "0.label"), text(&q, "0.kind")),
        ("0.0.0".into(), "d1".into(), "mark".into())
    );
    let key = p.answer_key().unwrap();
    assert_eq!(strings(&get(&key, "pruned")), ["0.1.1", "1.1.0", "1.1.1", "1.1.2"]);
    // Array form of branching gives the same tree.
    let same =
        create(r#"{"task": "alphabeta-leaves", "seed": 7, "depth": 3, "branching": [2, 3], "cutoffs": 2}"#);
    assert_eq!(same.tree_text(), p.tree_text());
}

#[wasm_bindgen_test]
fn every_task_grades_its_own_key_in_full() {
    for task in
        ["minimax", "alphabeta-leaves", "alphabeta-full", "expectiminimax", "maxn", "mcts", "ordering"]
    {
        for seed in 0..20 {
            let p = create(&format!(r#"{{"task": "{task}", "seed": {seed}}}"#));
            let g = p.grade(p.answer_key().unwrap()).unwrap();
            assert_eq!(get(&g, "done"), JsValue::TRUE, "{task} {seed}");
            assert_eq!(num(&g, "score"), num(&g, "max"));
            assert_eq!(text(&g, "tree"), p.tree_text());
            assert_eq!(num(&g, "seed"), seed as f64);
            assert!(get(&g, "firstWrong").is_null());
            assert!(p.hint(p.answer_key().unwrap()).unwrap().is_null());
        }
    }
}

#[wasm_bindgen_test]
fn grade_record_shows_the_first_wrong_step_and_its_rule() {
    let p = create(&format!(r#"{{"task": "alphabeta-leaves", "tree": "{}"}}"#, lessons::fig_5_2()));
    assert!(p.seed().is_none());
    let g = p.grade(obj(r#"{"pruned": []}"#)).unwrap();
    assert_eq!(get(&g, "done"), JsValue::FALSE);
    assert_eq!((num(&g, "score"), num(&g, "max")), (7.0, 9.0));
    assert_eq!(len(&g, "mistakes"), 2);
    assert_eq!(text(&g, "mistakes.0.node"), "1.1");
    assert_eq!(text(&g, "mistakes.0.field"), "pruned");
    assert_eq!(get(&g, "mistakes.0.expected"), JsValue::TRUE);
    assert_eq!(get(&g, "mistakes.0.got"), JsValue::FALSE);
    assert!(get(&g, "mistakes.0.misconception").is_null());
    assert_eq!(text(&g, "firstWrong.rule"), "at C, v = 2 ≤ α = 3: MIN stops, c2 and c3 are pruned");
    assert_eq!(text(&g, "firstWrong.label"), "c2");
    assert_eq!(len(&g, "correct"), 7);
    assert!(get(&g, "seed").is_null());
    // The hint has no answer; reveal has it.
    let h = p.hint(obj(r#"{"pruned": []}"#)).unwrap();
    assert!(get(&h, "rule").is_undefined() && get(&h, "expected").is_undefined());
    assert!(text(&h, "hint").contains("if v ≤ α, MIN stops"));
    let r = p.reveal_next(obj(r#"{"pruned": []}"#)).unwrap();
    assert_eq!(get(&r, "expected"), JsValue::TRUE);
    // The step indexes the real trace as the Stepper counts it: a Stepper with
    // stepperOptions narrates it.
    let opts = p.stepper_options().unwrap();
    assert_eq!((text(&opts, "algo"), text(&opts, "tie")), ("alphabeta".into(), "nonstrict".into()));
    let mut st = Stepper::for_tree(&GameTree::parse(p.tree_text().into()).unwrap(), opts, None).unwrap();
    assert_eq!(st.length(), p.trace_length());
    let step = num(&r, "step");
    assert_eq!(step, 14.0, "the cutoff at C: the 14th step (a leaf is one), the 22nd event");
    st.seek(JsValue::from_f64(step + 1.0)).unwrap();
    assert_eq!(text(&st.state().unwrap(), "event"), "Cutoff");
}

#[wasm_bindgen_test]
fn misconceptions_are_named_in_the_record() {
    let p = create(r#"{"task": "alphabeta-leaves", "tree": "[[3,5],[3,1]]"}"#);
    let g = p.grade(obj(r#"{"pruned": []}"#)).unwrap();
    assert_eq!(text(&g, "misconception"), "strict-tie");
    assert_eq!(text(&g, "mistakes.0.misconception"), "strict-tie");
    assert!(text(&g, "explanation").contains("a tie prunes"));
    let e =
        create(r#"{"task": "expectiminimax", "tree": "[chance[1/4: 8, 3/4: 0], chance[0.5: 2, 0.5: 2]]"}"#);
    let g = e.grade(obj(r#"{"values": {"": 2, "0": 4, "1": 2}, "choice": "0"}"#)).unwrap();
    assert_eq!(text(&g, "misconception"), "unweighted-average");
    let m = Practice::misconceptions().unwrap();
    assert_eq!(len(&m, ""), 10);
    assert_eq!(text(&m, "0.id"), "strict-tie");
    let t = Practice::tasks().unwrap();
    assert_eq!(len(&t, ""), 7);
    assert_eq!(strings(&get(&t, "2.fields")), ["windows", "values", "pruned"]);
    // The tie rule changes the α-β tasks and move ordering only.
    let applies: Vec<bool> = (0..7).map(|i| get(&t, &format!("{i}.tieApplies")).as_bool().unwrap()).collect();
    assert_eq!(applies, [false, true, true, false, false, false, true]);
    assert!(p.tie_applies());
    assert!(!e.tie_applies());
}

#[wasm_bindgen_test]
fn windows_take_infinity_as_numbers_or_strings() {
    let p = create(&format!(r#"{{"task": "alphabeta-full", "tree": "{}"}}"#, lessons::fig_5_2()));
    let key = p.answer_key().unwrap();
    assert_eq!(num(&key, "windows.0.0"), f64::NEG_INFINITY);
    assert_eq!(num(&key, "windows.1.1"), f64::INFINITY);
    let a = obj(r#"{"values": {"": 3, "0": 3, "1": 2, "2": 2}, "pruned": ["1.1", "1.2"],
            "windows": {"0": ["-Infinity", "Infinity"], "1": [3, "Infinity"], "2": [3, "Infinity"]}}"#);
    let g = p.grade(a).unwrap();
    assert_eq!(get(&g, "done"), JsValue::TRUE, "{:?}", get(&g, "mistakes"));
}

#[wasm_bindgen_test]
fn mcts_setup_is_what_mcts_stepper_grows() {
    let p = create(r#"{"task": "mcts", "seed": 4}"#);
    let m = p.mcts().unwrap();
    let k = num(&m, "iterations");
    let tree = GameTree::parse(p.tree_text().into()).unwrap();
    let opts = obj(&format!(r#"{{"c": {}, "seed": {}}}"#, num(&m, "c"), num(&m, "seed")));
    let mut s = MctsStepper::for_tree(&tree, opts).unwrap();
    s.seek_iteration(JsValue::from_f64(k)).unwrap();
    let nodes = s.nodes().unwrap();
    assert_eq!(len(&nodes, ""), len(&m, "nodes"));
    for i in 0..len(&nodes, "") {
        let (a, b) = (format!("{i}.n"), format!("{i}.w"));
        assert_eq!(
            (num(&nodes, &a), num(&nodes, &b)),
            (num(&m, &format!("nodes.{a}")), num(&m, &format!("nodes.{b}")))
        );
        assert_eq!(text(&nodes, &format!("{i}.label")), text(&m, &format!("nodes.{i}.label")));
    }
    // One more iteration changes exactly the key's visits.
    s.step_iteration().unwrap();
    let after = s.nodes().unwrap();
    let key = p.answer_key().unwrap();
    let mut changed = 0;
    for i in 0..len(&after, "") {
        let label = text(&after, &format!("{i}.label"));
        let old = (0..len(&m, "nodes")).find(|&j| text(&m, &format!("nodes.{j}.label")) == label);
        let old_n = old.map_or(0.0, |j| num(&m, &format!("nodes.{j}.n")));
        if num(&after, &format!("{i}.n")) != old_n {
            changed += 1;
        }
    }
    let visits = get(&key, "visits");
    assert_eq!(js_sys::Object::keys(&visits.into()).length(), changed);
    assert!(p.stepper_options().unwrap().is_null());
}

#[wasm_bindgen_test]
fn bad_options_throw_errors_naming_the_option() {
    assert_eq!(create_err(r#"{"task": "chess"}"#), "Practice.create: options.task: unknown task 'chess' (expected minimax, alphabeta-leaves, alphabeta-full, expectiminimax, maxn, mcts, ordering)");
    assert!(create_err(r#"{"seed": 3}"#).contains("options.task is required"));
    assert!(create_err(r#"{"task": "minimax", "depht": 3}"#)
        .contains("options: unknown field 'depht' (expected one of task, tree,"));
    assert!(create_err(r#"{"task": "minimax", "seed": -1}"#).contains("options.seed -1 is out of range"));
    assert!(create_err(r#"{"task": "minimax", "depth": 2.5}"#).contains("options.depth must be an integer"));
    assert!(create_err(r#"{"task": "minimax", "branching": "two"}"#)
        .contains("options.branching must be a number"));
    assert!(create_err(r#"{"task": "minimax", "tree": "[[1,2],"}"#)
        .starts_with("Practice.create: options.tree: line 1, column 8"));
    assert!(create_err(r#"{"task": "minimax", "tree": "[1,2]", "depth": 3}"#)
        .contains("options.depth applies to generated trees"));
    assert!(create_err(r#"{"task": "alphabeta-leaves", "depth": 2, "branching": 2, "cutoffs": 5}"#)
        .contains("no tree with depth 2"));
    assert!(create_err(r#"{"task": "maxn", "tree": "[1,2]"}"#).contains("utility tuples"));
    assert!(message(Practice::create(JsValue::from_str("minimax")).err().unwrap())
        .contains("options must be an object"));
}

#[wasm_bindgen_test]
fn bad_answers_throw_errors_naming_the_place() {
    let p = create(&format!(r#"{{"task": "alphabeta-full", "tree": "{}"}}"#, lessons::fig_5_2()));
    assert_eq!(
        grade_err(&p, obj(r#"{"values": {"0.7": 1}}"#)),
        "Practice.grade: answers.values[\"0.7\"]: there is no node \"0.7\": B (\"0\") has 3 children, 0–2"
    );
    assert!(grade_err(&p, obj(r#"{"valeus": {}}"#)).contains("answers: unknown field 'valeus'"));
    assert!(grade_err(&p, obj(r#"{"choice": "0"}"#)).contains("does not ask for choice"));
    assert!(grade_err(&p, obj(r#"{"values": {"0": "three"}}"#))
        .contains("answers.values[\"0\"] must be a number, got 'three'"));
    assert!(grade_err(&p, obj(r#"{"windows": {"0": [1]}}"#))
        .contains("answers.windows[\"0\"] must be [alpha, beta], got 1 entries"));
    assert!(grade_err(&p, obj(r#"{"pruned": "1.1"}"#)).contains("answers.pruned must be an array"));
    assert!(
        grade_err(&p, obj(r#"{"pruned": [11]}"#)).contains("answers.pruned[0] must be a node path string")
    );
    let nan = js_sys::Object::new();
    js_sys::Reflect::set(&nan, &"0".into(), &JsValue::from_f64(f64::NAN)).unwrap();
    let a = js_sys::Object::new();
    js_sys::Reflect::set(&a, &"values".into(), &nan).unwrap();
    assert_eq!(grade_err(&p, a.into()), "Practice.grade: answers.values[\"0\"]: NaN is not a value");
    assert!(grade_err(&p, JsValue::NULL).contains("answers must be an object"));
    assert!(
        message(p.hint(obj(r#"{"order": {}}"#)).err().unwrap()).starts_with("Practice.hint: answers.order")
    );
    // A refused call changes nothing: the key still grades in full.
    assert_eq!(get(&p.grade(p.answer_key().unwrap()).unwrap(), "done"), JsValue::TRUE);
}
