//! `solveConnect4` and `analyzeConnect4` as JavaScript sees them (run in Node by
//! `wasm-bindgen-test-runner`): exact scores on the in-repo samples of the community's test
//! sets, weak signs, analysis against solving each child, budgets, finished games and the
//! errors.

// `analyzeConnect4` is the `analyze` feature's (the full module's); `cargo xtask test` runs
// these tests with it.
#![cfg(all(target_arch = "wasm32", feature = "full"))]

use crate::common;

use common::{get, message, num, numbers, obj};
use plyground_wasm::{analyze_connect4, solve_connect4};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::wasm_bindgen_test;

const SAMPLES: [&str; 4] = [
    include_str!("../../plyground/tests/fixtures/connect4_L3_R1_sample.txt"),
    include_str!("../../plyground/tests/fixtures/connect4_L2_R1_sample.txt"),
    include_str!("../../plyground/tests/fixtures/connect4_L2_R2_sample.txt"),
    include_str!("../../plyground/tests/fixtures/connect4_L1_R1_sample.txt"),
];

fn positions() -> Vec<(String, i32)> {
    SAMPLES
        .iter()
        .flat_map(|t| t.lines().filter(|l| !l.trim().is_empty()))
        .map(|l| {
            let mut it = l.split_whitespace();
            (it.next().unwrap().to_string(), it.next().unwrap().parse().unwrap())
        })
        .collect()
}

fn solve(moves: &str, opts: &str) -> JsValue {
    solve_connect4(moves.into(), obj(opts)).unwrap_or_else(|e| panic!("{moves}: {}", message(e)))
}

fn analyze(moves: &str, opts: &str) -> JsValue {
    analyze_connect4(moves.into(), obj(opts)).unwrap_or_else(|e| panic!("{moves}: {}", message(e)))
}

#[wasm_bindgen_test]
fn every_sample_position_gets_its_exact_score_and_weak_its_sign() {
    let all = positions();
    assert_eq!(all.len(), 200);
    for (moves, score) in &all {
        let r = solve(moves, "{}");
        assert_eq!(get(&r, "complete").as_bool(), Some(true), "{moves}");
        assert_eq!(num(&r, "score"), *score as f64, "{moves}");
        assert!(num(&r, "nodes") >= 1.0);
        let w = solve(moves, r#"{"weak": true}"#);
        assert_eq!(num(&w, "score"), score.signum() as f64, "{moves} weak");
        assert!(num(&w, "nodes") <= num(&r, "nodes"), "{moves}: weak never costs more");
    }
}

#[wasm_bindgen_test]
fn a_call_costs_the_same_whatever_came_before() {
    let (moves, _) = &positions()[120];
    let first = num(&solve(moves, "{}"), "nodes");
    solve(&positions()[0].0, "{}");
    assert_eq!(num(&solve(moves, "{}"), "nodes"), first, "the table is reset before each call");
}

#[wasm_bindgen_test]
fn analysis_scores_each_column_as_solving_its_child_does() {
    for (moves, score) in positions().iter().step_by(20) {
        let a = analyze(moves, "{}");
        assert_eq!(get(&a, "complete").as_bool(), Some(true));
        let scores = numbers(&get(&a, "scores"));
        assert_eq!(scores.len(), 7);
        let mut best = f64::NEG_INFINITY;
        for (c, &s) in scores.iter().enumerate() {
            if s.is_nan() {
                continue; // null: a full column
            }
            let child = solve(&format!("{moves}{}", c + 1), "{}");
            assert_eq!(num(&child, "score"), -s, "{moves} column {}", c + 1);
            best = best.max(s);
        }
        assert_eq!(best, *score as f64, "{moves}: the best column is the position's score");
    }
}

#[wasm_bindgen_test]
fn full_columns_and_finished_games() {
    let a = analyze("444444", "{}");
    let scores = get(&a, "scores");
    assert!(get(&scores, "3").is_null(), "column 4 is full");
    assert!(!get(&scores, "0").is_null());
    // X completes the bottom row with its fourth stone: O to move has lost, 22 − 4.
    let done = solve("4455667", "{}");
    assert_eq!((num(&done, "score"), num(&done, "nodes")), (-18.0, 1.0));
    let a = analyze("4455667", "{}");
    assert_eq!(get(&a, "complete").as_bool(), Some(true));
    assert!(numbers(&get(&a, "scores")).iter().all(|s| s.is_nan()), "no column once the game is over");
}

#[wasm_bindgen_test]
fn a_budget_bounds_the_search() {
    // The empty board needs far more than 1,000 nodes.
    let r = solve("", r#"{"budget": 1000}"#);
    assert_eq!(get(&r, "complete").as_bool(), Some(false));
    assert!(get(&r, "score").is_null());
    assert!(num(&r, "nodes") <= 1000.0);
    let a = analyze("", r#"{"budget": 1000, "weak": true}"#);
    assert_eq!(get(&a, "complete").as_bool(), Some(false));
    assert!(numbers(&get(&a, "scores")).iter().all(|s| s.is_nan()), "incomplete: every score null");
    assert!(num(&a, "nodes") <= 1000.0);
    // null and undefined fields mean the default.
    let r = solve("4455", r#"{"budget": null, "weak": null}"#);
    assert_eq!(get(&r, "complete").as_bool(), Some(true));
    assert_eq!(num(&solve("4455", "null"), "score"), num(&r, "score"));
    let none = solve_connect4("4455".into(), JsValue::UNDEFINED).unwrap();
    assert_eq!(num(&none, "score"), num(&r, "score"));
}

#[wasm_bindgen_test]
fn bad_input_throws_errors_naming_it() {
    let err = |moves: JsValue, opts: &str| message(solve_connect4(moves, obj(opts)).unwrap_err());
    assert_eq!(
        err("4x".into(), "{}"),
        "solveConnect4: bad move string '4x': bad character 'x' at position 2 (columns are 1–7)"
    );
    assert!(err("4444444".into(), "{}").starts_with("solveConnect4: bad move string '4444444': move 7"));
    assert_eq!(err(4455.into(), "{}"), "solveConnect4: moves must be a string, got 4455");
    assert_eq!(
        err("4".into(), r#"{"depth": 3}"#),
        "solveConnect4: unknown option 'depth' (options are weak, budget)"
    );
    assert_eq!(err("4".into(), r#"{"weak": 1}"#), "solveConnect4: weak must be true or false, got 1");
    assert_eq!(
        err("4".into(), r#"{"budget": 0}"#),
        "solveConnect4: budget 0 is out of range (1 to 1,000,000,000,000)"
    );
    assert_eq!(err("4".into(), r#"{"budget": 2.5}"#), "solveConnect4: budget must be an integer, got 2.5");
    assert_eq!(err("4".into(), "[1]"), "solveConnect4: options must be a plain object, got an array");
    assert_eq!(
        message(analyze_connect4("9".into(), JsValue::UNDEFINED).unwrap_err()),
        "analyzeConnect4: bad move string '9': move 1: column 9 is off the board (columns are 1–7)"
    );
}
