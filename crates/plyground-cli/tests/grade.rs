//! `plyground grade`: the core's grading of an answers file, with the exact output the README
//! documents, exit codes 0 (all right) / 1 (mistakes) / 2 (bad input), and clear errors.

use crate::common;
use crate::lessons;

use std::process::Output;

fn run(args: &[&str], stdin: &str) -> Output {
    common::run_with_input(args, stdin.as_bytes())
}

/// Runs `grade … -` with `answers` on stdin; returns (exit code, stdout).
fn grade(args: &[&str], answers: &str) -> (i32, String) {
    let mut all = vec!["grade"];
    all.extend_from_slice(args);
    all.push("-");
    let o = run(&all, answers);
    assert!(o.stderr.is_empty(), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
    (o.status.code().expect("an exit code"), String::from_utf8(o.stdout).expect("utf-8"))
}

fn fails_with(args: &[&str], answers: &str, message: &str) {
    let mut all = vec!["grade"];
    all.extend_from_slice(args);
    let o = run(&all, answers);
    assert_eq!(o.status.code(), Some(2), "{args:?} should exit 2");
    assert_eq!(String::from_utf8_lossy(&o.stderr), format!("plyground: {message}\n"));
    assert!(o.stdout.is_empty());
}

#[test]
fn one_wrong_leaf_gives_the_first_wrong_step_and_its_rule() {
    let (code, out) = grade(&["--tree", lessons::fig_5_2()], r#"{"pruned": ["1.1"]}"#);
    assert_eq!(code, 1);
    assert_eq!(
        out,
        "task: alphabeta-leaves\n\
         seed: none\n\
         tree: [[3, 12, 8], [2, 4, 6], [14, 5, 2]]\n\
         score: 8 of 9\n\
         done: no\n\
         summary: 8 of 9 correct; the first wrong step is at c3 (pruned)\n\
         first wrong step: c3 \"1.2\" pruned\n\
         rule: at C, v = 2 ≤ α = 3: MIN stops, c2 and c3 are pruned\n\
         mistake: c3 \"1.2\" pruned: expected pruned, got not pruned\n"
    );
    let (code, out) = grade(&["--tree", lessons::fig_5_2(), "--json"], r#"{"pruned": ["1.1"]}"#);
    assert_eq!(code, 1);
    assert_eq!(
        out,
        r#"{"task":"alphabeta-leaves","seed":null,"tree":"[[3, 12, 8], [2, 4, 6], [14, 5, 2]]","score":8,"max":9,"done":false,"mistakes":[{"node":"1.2","field":"pruned","expected":true,"got":false,"misconception":null}],"summary":"8 of 9 correct; the first wrong step is at c3 (pruned)","firstWrong":{"node":"1.2","label":"c3","field":"pruned","rule":"at C, v = 2 ≤ α = 3: MIN stops, c2 and c3 are pruned"},"misconception":null,"explanation":null,"options":{"task":"alphabeta-leaves","tree":"[[3,12,8],[2,4,6],[14,5,2]]"},"answers":{"pruned":["1.1"]}}"#
            .to_string()
            + "\n"
    );
}

#[test]
fn a_named_misconception_is_printed_with_its_explanation() {
    let (code, out) = grade(
        &["--task", "minimax", "--tree", lessons::fig_5_2()],
        r#"{"values": {"": 3, "0": 12, "1": 2, "2": 2}, "choice": "0"}"#,
    );
    assert_eq!(code, 1);
    assert_eq!(
        out,
        "task: minimax\n\
         seed: none\n\
         tree: [[3, 12, 8], [2, 4, 6], [14, 5, 2]]\n\
         score: 4 of 5\n\
         done: no\n\
         summary: 4 of 5 correct; the first wrong step is at B (value)\n\
         first wrong step: B \"0\" values\n\
         rule: B is a MIN node: v = min(3, 12, 8) = 3\n\
         misconception: max-as-min: B is a MIN node, but this value treats it as MAX: 12 instead of 3\n\
         mistake: B \"0\" values: expected 3, got 12 [max-as-min]\n"
    );
}

#[test]
fn the_key_of_generate_json_grades_as_all_correct_for_every_task() {
    for task in
        ["minimax", "alphabeta-leaves", "alphabeta-full", "expectiminimax", "maxn", "mcts", "ordering"]
    {
        let args = ["--task", task, "--difficulty", "easy", "--seed", "7"];
        let mut gen = vec!["generate", "--json"];
        gen.extend_from_slice(&args);
        let o = run(&gen, "");
        assert!(o.status.success(), "{task}");
        let json = String::from_utf8(o.stdout).unwrap();
        let key = &json[json.find(r#""key":"#).expect("a key") + 6..json.trim_end().len() - 1];
        let max = json.split(r#""max":"#).nth(1).unwrap().split(',').next().unwrap().to_string();
        let (code, out) = grade(&args, key);
        assert_eq!(code, 0, "{task}: {out}");
        let tree = json.split(r#""tree":""#).nth(1).unwrap().split('"').next().unwrap().to_string();
        assert_eq!(
            out,
            format!(
                "task: {task}\nseed: 7\ntree: {tree}\nscore: {max} of {max}\ndone: yes\nsummary: all {max} correct\n"
            ),
            "{task}"
        );
    }
}

#[test]
fn windows_take_infinity_strings_and_the_tie_rule_is_an_option() {
    // Exercise 2's tie: under the strict rule nothing at C is pruned on v = α.
    let tree = "[[5, 6], [5, 9]]";
    let (code, _) = grade(&["--tree", tree, "--tie", "strict"], r#"{"pruned": []}"#);
    assert_eq!(code, 0);
    let (code, out) = grade(&["--tree", tree], r#"{"pruned": []}"#);
    assert_eq!(code, 1);
    assert!(out.contains("rule: at C, v = 5 ≤ α = 5: MIN stops, c2 is pruned\n"), "{out}");
    let full = r#"{"windows": {"0": ["-Infinity", "Infinity"], "1": [5, "Infinity"]},
                   "values": {"": 5, "0": 5, "1": 5}, "pruned": ["1.1"]}"#;
    let (code, out) = grade(&["--task", "alphabeta-full", "--tree", tree], full);
    assert_eq!((code, out.lines().nth(3)), (0, Some("score: 11 of 11")), "{out}");
}

#[test]
fn bad_input_exits_2_naming_the_place() {
    let t = ["--tree", lessons::fig_5_2(), "-"];
    fails_with(&t, "{\"pruned\": [1.1]}", "stdin: answers.pruned[0] must be a node path string, got 1.1");
    fails_with(
        &t,
        "{\"pruned\": [\"7\"]}",
        "stdin: answers.pruned[0]: there is no node \"7\": A (the root) has 3 children, 0–2",
    );
    fails_with(&t, "{\"pruned\": [", "stdin: line 1, column 13: unexpected end of the file");
    fails_with(
        &t,
        "[]",
        "stdin: answers must be an object like {\"values\": {…}, \"pruned\": […]}, got an array of 0",
    );
    fails_with(
        &["--tree", lessons::fig_5_2()],
        "",
        "missing ANSWERS (a JSON answers file, or - to read it from stdin)",
    );
    fails_with(
        &["--tree", lessons::fig_5_2(), "/nonexistent/a.json"],
        "",
        "reading /nonexistent/a.json: No such file or directory (os error 2)",
    );
    fails_with(
        &["--tree", lessons::fig_5_2(), "--depth", "3", "-"],
        "{}",
        "--depth is a generator option: it does not apply to a given --tree",
    );
    fails_with(
        &["--task", "maxn", "--tree", lessons::fig_5_2(), "-"],
        "{}",
        "task maxn needs a tree with utility tuples at the leaves, like (1, 2, 6)",
    );
    fails_with(&["--tree", "[[1,2]", "-"], "{}", "--tree 1:7: expected ',' or ']' after a child, found the end of the text (the '[' at line 1, column 1 is never closed)",
    );
}

#[test]
fn help_documents_grade_and_its_exit_codes() {
    let o = run(&["grade", "--help"], "");
    assert_eq!(o.status.code(), Some(0));
    let help = String::from_utf8(o.stdout).unwrap();
    assert!(
        help.contains(
            "\nUsage: plyground grade [OPTIONS] <ANSWERS>\n       plyground grade --record <FILE>\n"
        ),
        "{help}"
    );
    assert!(
        help.contains("\nExit code 0 when all answers are right, 1 when some are wrong, 2 on bad input.\n")
    );
    assert!(
        help.ends_with("Exit code 0 when every record matches, 1 when one\ndiffers, 2 on bad input.\n"),
        "{help}"
    );
    assert!(help.lines().all(|l| l.chars().count() <= 100), "{help}");
}
