//! `plyground generate`: the same tree text for the same seed (the text the wasm tests pin
//! too), the exercise as JSON, and clear errors with exit code 2.

use crate::common;

use common::{fails_with, stdout};

#[test]
fn the_issue_example_prints_the_pinned_tree() {
    let args = ["generate", "--depth", "3", "--branching", "2-3", "--cutoffs", "2", "--seed", "7"];
    assert_eq!(stdout(&args), "[[[6, 1, 3], [9, 9], [4, 9]], [[0, 3, 2], [6, 0, 9]]]\n");
    assert_eq!(stdout(&args), stdout(&args));
    let t = stdout(&["generate", "--task", "expectiminimax", "--seed", "3"]);
    assert!(t.starts_with("[chance[") && t.contains('/'), "{t}");
}

#[test]
fn json_has_the_questions_and_the_key() {
    let out =
        stdout(&["generate", "--task", "alphabeta-full", "--difficulty", "easy", "--seed", "7", "--json"]);
    assert!(
        out.starts_with(
            r#"{"task":"alphabeta-full","seed":7,"tree":"[[9, 5], [2, 4]]","prompt":"Run ALPHA-BETA-SEARCH"#
        ),
        "{out}"
    );
    assert!(
        out.contains(r#""max":11,"questions":[{"path":"","label":"A","field":"values","kind":"number"}"#),
        "{out}"
    );
    assert!(out.trim_end().ends_with(
        r#""key":{"values":{"":5,"0":5,"1":2},"windows":{"0":["-Infinity","Infinity"],"1":[5,"Infinity"]},"pruned":["1.1"]}}"#
    ), "{out}");
}

#[test]
fn bad_generator_options_exit_2() {
    fails_with(&["generate", "--task", "chess"], "--task: unknown task 'chess'");
    fails_with(&["generate", "--branching", "x"], "--branching: 'x' is not a number or a range like 2-3");
    fails_with(&["generate", "--depth", "9"], "depth must be 1–6, got 9");
    fails_with(
        &["generate", "--depth", "2", "--branching", "2", "--cutoffs", "5"],
        "in 2,000 attempts from seed 1",
    );
    fails_with(&["generate", "--task", "ordering", "--cutoffs", "1"], "worst-order means α-β prunes nothing");
    fails_with(&["generate", "tree"], "unexpected argument 'tree'");
}

/// The site's module of fixed prompts (shown before an exercise is built) is exactly what
/// `generate --prompts` prints from the core, and holds the default exercise's prompt.
#[test]
fn the_sites_prompts_module_is_the_cores() {
    let out = stdout(&["generate", "--prompts"]);
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../www/lib/practice-prompts.js");
    let on_disk = std::fs::read_to_string(&file).unwrap();
    assert_eq!(
        on_disk, out,
        "www/lib/practice-prompts.js is stale: cargo run -p plyground-cli -- generate --prompts > www/lib/practice-prompts.js"
    );
    let minimax = stdout(&["generate", "--task", "minimax", "--json"]);
    let prompt = minimax.split(r#""prompt":"#).nth(1).unwrap().split(r#","max""#).next().unwrap();
    assert!(out.contains(&format!(r#"{{"minimax":{{"nonstrict":{prompt},"strict":{prompt}}}"#)), "{out}");
    assert!(!out.contains(r#""mcts""#) && !out.contains(r#""ordering""#), "{out}");
    fails_with(&["generate", "--prompts", "--task", "mcts"], "--task does not apply with --prompts");
}
