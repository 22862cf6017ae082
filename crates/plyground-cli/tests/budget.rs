//! `plyground c4` answers within ONE node budget, per-move scores included,
//! and says which scores are exact, which are bounds and which are missing. (Before, the
//! per-move scores were one unbudgeted full-window search each: `c4 --moves 4624676436` ran
//! for minutes.)

use std::process::Command;

fn json(args: &[&str]) -> String {
    let o = Command::new(env!("CARGO_BIN_EXE_plyground")).args(args).output().expect("the binary runs");
    assert!(o.status.success(), "{args:?} failed: {}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout).expect("utf-8")
}

/// The number after `"key":` in one line of JSON.
fn number(out: &str, key: &str) -> f64 {
    let at = out.find(&format!("\"{key}\":")).unwrap_or_else(|| panic!("no {key} in {out}")) + key.len() + 3;
    let end = out[at..].find([',', '}']).unwrap() + at;
    out[at..end].parse().unwrap_or_else(|_| panic!("{key} is not a number in {out}"))
}

#[test]
fn an_exact_value_with_its_scores_marked_within_one_budget() {
    // X wins at once in column 1 or 5 (22 − 6 stones = 16); the other columns are not wins in
    // one, so the search proves them ≤ 15, and the budget left is too small to make them
    // exact: they are reported as upper bounds, never as exact values.
    let out = json(&["c4", "--moves", "4624676436", "--json", "--budget", "300000"]);
    assert!(out.contains(r#""score":16,"exact":true,"complete":true"#), "{out}");
    assert!(out.contains(r#""scores":{"1":16,"2":15,"3":15,"4":15,"5":16,"6":15,"7":15}"#), "{out}");
    assert!(
        out.contains(r#""bounds":{"1":"exact","2":"upper","3":"upper","4":"upper","5":"exact","6":"upper","7":"upper"}"#),
        "{out}"
    );
    assert!(out.contains(r#""best":"5""#) || out.contains(r#""best":"1""#), "{out}");
    assert!(number(&out, "nodes") <= 300_000.0, "{out}");
}

#[test]
fn a_budget_that_runs_out_says_so() {
    let out = json(&["c4", "--moves", "4455", "--json", "--budget", "200000"]);
    assert!(out.contains(r#""exact":false,"complete":false"#), "{out}");
    assert!(number(&out, "nodes") <= 200_000.0, "{out}");
    // The best move's score is exact (to the depth reached); the others are bounds.
    assert!(out.contains(r#""bounds":{"1":"upper","2":"upper","3":"exact","#), "{out}");
    // The whole game is not searched: no 'null' depth ("to the end").
    assert!(number(&out, "depth") >= 1.0, "{out}");
}

#[test]
fn tic_tac_toe_minimax_under_a_small_budget_is_incomplete_not_wrong() {
    let out = json(&["ttt", "--moves", "4", "--algo", "minimax", "--json", "--budget", "1000"]);
    assert!(out.contains(r#""best":null"#) && out.contains(r#""exact":false,"complete":false"#), "{out}");
    assert!(out.contains(r#""bounds":{"0":"missing","#), "{out}");
    let out = json(&["ttt", "--moves", "4", "--algo", "minimax", "--json"]);
    assert!(out.contains(r#""exact":true,"complete":true"#), "{out}");
}
