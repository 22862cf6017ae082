//! `plyground grade --record`: stored grade records graded again (exit 0 when every record
//! matches, 1 naming each one that differs, 2 on bad input naming the place), and
//! `plyground generate --set --learner`: a set's exercises for one learner.

use crate::common;

use std::process::Output;

fn run(args: &[&str], stdin: &str) -> Output {
    common::run_with_input(args, stdin.as_bytes())
}

/// `grade --record -` with `record` on stdin: (exit code, stdout); nothing on stderr.
fn check(record: &str) -> (i32, String) {
    let o = run(&["grade", "--record", "-"], record);
    assert!(o.stderr.is_empty(), "{}", String::from_utf8_lossy(&o.stderr));
    (o.status.code().expect("an exit code"), String::from_utf8(o.stdout).expect("utf-8"))
}

/// `grade --record -` must refuse `record` with exit 2 and exactly `message`.
fn refused(record: &str, message: &str) {
    let o = run(&["grade", "--record", "-"], record);
    assert_eq!(o.status.code(), Some(2), "{record} should exit 2");
    assert_eq!(String::from_utf8_lossy(&o.stderr), format!("plyground: {message}\n"));
    assert!(o.stdout.is_empty());
}

/// `grade ARGS --json -` with `answers` on stdin: the record it prints.
fn graded(args: &[&str], answers: &str) -> String {
    let mut all = vec!["grade"];
    all.extend_from_slice(args);
    all.extend(["--json", "-"]);
    let o = run(&all, answers);
    assert!(o.stderr.is_empty(), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout).expect("utf-8").trim_end().to_string()
}

const GEN_7: [&str; 10] =
    ["--task", "alphabeta-leaves", "--seed", "7", "--depth", "3", "--branching", "2-3", "--cutoffs", "2"];

/// The record the browser writes for docs/embedding.md's example (alphabeta-leaves, seed 7,
/// answered with {pruned: ['0.1.1']}): `{...gradeRecord(g), options, answers}` with
/// `JSON.stringify`, the options exactly as given to `Practice.create`.
const BROWSER_7: &str = r#"{"task":"alphabeta-leaves","seed":7,"tree":"[[[6, 1, 3], [9, 9], [4, 9]], [[0, 3, 2], [6, 0, 9]]]","score":10,"max":13,"done":false,"mistakes":[{"node":"1.1.0","field":"pruned","expected":true,"got":false,"misconception":null},{"node":"1.1.1","field":"pruned","expected":true,"got":false,"misconception":null},{"node":"1.1.2","field":"pruned","expected":true,"got":false,"misconception":null}],"options":{"task":"alphabeta-leaves","seed":7,"depth":3,"branching":"2-3","cutoffs":2},"answers":{"pruned":["0.1.1"]}}"#;

/// A browser record of a given tree whose mistake has an infinite bound: `JSON.stringify`
/// writes the grade's ±Infinity as null; the answers are written with the strings
/// "Infinity" / "-Infinity", as the contract asks.
const BROWSER_FULL: &str = r#"{"task":"alphabeta-full","seed":null,"tree":"[[3, 12, 8], [2, 4, 6], [14, 5, 2]]","score":18,"max":19,"done":false,"mistakes":[{"node":"0","field":"windows","expected":[null,null],"got":[null,5],"misconception":null}],"options":{"task":"alphabeta-full","tree":"[[3,12,8],[2,4,6],[14,5,2]]"},"answers":{"values":{"":3,"0":3,"1":2,"2":2},"windows":{"0":["-Infinity",5],"1":[3,"Infinity"],"2":[3,"Infinity"]},"pruned":["1.1","1.2"]}}"#;

#[test]
fn the_clis_own_record_verifies() {
    let record = graded(&GEN_7, r#"{"pruned": ["0.1.1"]}"#);
    assert!(
        record.ends_with(
            r#""options":{"task":"alphabeta-leaves","seed":7,"depth":3,"branching":"2-3","cutoffs":2},"answers":{"pruned":["0.1.1"]}}"#
        ),
        "{record}"
    );
    assert_eq!(check(&record), (0, "record (alphabeta-leaves, seed 7): ok, 10 of 13\n".into()));
}

#[test]
fn every_tasks_generated_and_given_records_verify() {
    // Each task's generated exercise answered with nothing, and an MCTS exercise on a given
    // tree with its own seed, iterations and C.
    for task in
        ["minimax", "alphabeta-leaves", "alphabeta-full", "expectiminimax", "maxn", "mcts", "ordering"]
    {
        let args = ["--task", task, "--difficulty", "easy", "--seed", "3"];
        let record = graded(&args, "{}");
        let (code, out) = check(&record);
        assert_eq!(code, 0, "{task}: {out}");
        assert!(out.starts_with(&format!("record ({task}, seed 3): ok, ")), "{out}");
    }
    let args = [
        "--task",
        "mcts",
        "--tree",
        "[[1,-1],[0,1,-1]]",
        "--mcts-seed",
        "5",
        "--iterations",
        "3",
        "--c",
        "0.5",
    ];
    let record = graded(&args, r#"{"choice": "1"}"#);
    assert!(record.contains(
        r#""options":{"task":"mcts","tree":"[[1,-1],[0,1,-1]]","c":0.5,"mctsSeed":5,"iterations":3}"#
    ));
    let (code, out) = check(&record);
    assert_eq!((code, out.starts_with("record (mcts, given tree): ok, ")), (0, true), "{out}");
}

#[test]
fn the_browsers_records_verify() {
    assert_eq!(check(BROWSER_7), (0, "record (alphabeta-leaves, seed 7): ok, 10 of 13\n".into()));
    assert_eq!(check(BROWSER_FULL), (0, "record (alphabeta-full, given tree): ok, 18 of 19\n".into()));
}

#[test]
fn a_raised_score_is_named() {
    let forged = BROWSER_7.replace(r#""score":10"#, r#""score":13"#);
    assert_eq!(
        check(&forged),
        (1, "record (alphabeta-leaves, seed 7): MISMATCH: stored 13 of 13, recomputed 10 of 13\n".into())
    );
    let forged = forged.replace(r#""done":false"#, r#""done":true"#).replace(r#""mistakes":[{"#, r#""x":[{"#);
    assert_eq!(
        check(&forged),
        (
            1,
            "record (alphabeta-leaves, seed 7): MISMATCH: stored 13 of 13, recomputed 10 of 13; stored done \
             true, recomputed false\n"
                .into()
        )
    );
}

#[test]
fn a_changed_answer_with_the_same_score_is_named() {
    // The answers made right after grading: the stored 10 of 13 no longer holds.
    let changed =
        BROWSER_7.replace(r#"{"pruned":["0.1.1"]}"#, r#"{"pruned":["0.1.1","1.1.0","1.1.1","1.1.2"]}"#);
    assert_eq!(
        check(&changed),
        (
            1,
            "record (alphabeta-leaves, seed 7): MISMATCH: stored 10 of 13, recomputed 13 of 13; stored done \
             false, recomputed true; stored mistakes at \"1.1.0\" pruned, \"1.1.1\" pruned, \"1.1.2\" pruned, \
             recomputed at none\n"
                .into()
        )
    );
    // Another wrong answer with the same score: only the mistakes tell.
    let record = graded(&GEN_7, r#"{"pruned": ["0.1.1", "1.1.0", "1.1.1"]}"#);
    assert_eq!(check(&record), (0, "record (alphabeta-leaves, seed 7): ok, 12 of 13\n".into()));
    let changed = record.replace(
        r#""answers":{"pruned":["0.1.1","1.1.0","1.1.1"]}"#,
        r#""answers":{"pruned":["0.1.1","1.1.0","1.1.2"]}"#,
    );
    assert_ne!(changed, record);
    assert_eq!(
        check(&changed),
        (
            1,
            "record (alphabeta-leaves, seed 7): MISMATCH: stored mistakes at \"1.1.2\" pruned, recomputed at \
             \"1.1.1\" pruned\n"
                .into()
        )
    );
    // The same cell wrong in another way.
    let changed = BROWSER_FULL.replace(r#""0":["-Infinity",5]"#, r#""0":["-Infinity",4]"#);
    assert_eq!(
        check(&changed),
        (
            1,
            "record (alphabeta-full, given tree): MISMATCH: the mistake at \"0\" windows: stored got (null, 5), \
             recomputed got (−∞, 4)\n"
                .into()
        )
    );
    // Another tree under the same options.
    let changed = BROWSER_7.replace("[9, 9], [4, 9]", "[9, 9], [4, 8]");
    assert_eq!(
        check(&changed),
        (
            1,
            "record (alphabeta-leaves, seed 7): MISMATCH: the record's tree is [[[6, 1, 3], [9, 9], [4, 8]], \
             [[0, 3, 2], [6, 0, 9]]], its options build [[[6, 1, 3], [9, 9], [4, 9]], [[0, 3, 2], [6, 0, 9]]]\n"
                .into()
        )
    );
}

fn set_record(exercises: &[&str], score: u32, max: u32, scaled: &str, passed: bool) -> String {
    format!(
        r#"{{"title":"Week 3","id":"week-3","learner":"s1001","mastery":0.8,"score":{score},"max":{max},"scaled":{scaled},"passed":{passed},"exercises":[{}]}}"#,
        exercises.join(",")
    )
}

#[test]
fn a_set_record_checks_its_exercises_and_its_total() {
    let genuine = set_record(&[BROWSER_7, BROWSER_FULL], 28, 32, "0.875", true);
    assert_eq!(
        check(&genuine),
        (
            0,
            "record.exercises[0] (alphabeta-leaves, seed 7): ok, 10 of 13\n\
             record.exercises[1] (alphabeta-full, given tree): ok, 18 of 19\n\
             record (set \"Week 3\"): ok, 28 of 32, passed\n"
                .into()
        )
    );
    // The total raised alone.
    let forged = set_record(&[BROWSER_7, BROWSER_FULL], 32, 32, "1", true);
    assert_eq!(
        check(&forged),
        (
            1,
            "record.exercises[0] (alphabeta-leaves, seed 7): ok, 10 of 13\n\
             record.exercises[1] (alphabeta-full, given tree): ok, 18 of 19\n\
             record (set \"Week 3\"): MISMATCH: stored 32 of 32, recomputed 28 of 32; stored scaled 1, \
             recomputed 0.875\n"
                .into()
        )
    );
    // An exercise raised and the total with it: both named; passed recomputed from mastery.
    let raised = BROWSER_7.replace(r#""score":10"#, r#""score":13"#);
    let forged = format!(
        "[{}]",
        set_record(&[&raised, BROWSER_FULL], 31, 32, "0.96875", true).replace("0.8,", "0.9,")
    );
    assert_eq!(
        check(&forged),
        (
            1,
            "record[0].exercises[0] (alphabeta-leaves, seed 7): MISMATCH: stored 13 of 13, recomputed 10 of 13\n\
             record[0].exercises[1] (alphabeta-full, given tree): ok, 18 of 19\n\
             record[0] (set \"Week 3\"): MISMATCH: stored 31 of 32, recomputed 28 of 32; stored scaled 0.96875, \
             recomputed 0.875; stored passed true, recomputed false\n"
                .into()
        )
    );
}

#[test]
fn bad_records_name_the_place() {
    refused(r#"{"title": "x", "exercises": [1"#, "stdin: line 1, column 31: expected ',' or ']'");
    let bad = set_record(
        &[BROWSER_7, &BROWSER_FULL.replace(r#""pruned":["1.1","1.2"]"#, r#""pruned":["1.7"]"#)],
        0,
        0,
        "0",
        true,
    );
    refused(
        &bad,
        "stdin: record.exercises[1].answers.pruned[0]: there is no node \"1.7\": C (\"1\") has 3 children, 0–2",
    );
    refused(
        &BROWSER_7.replace(r#""depth":3"#, r#""depth":9"#),
        "stdin: record.options.depth 9 is out of range (1 to 6)",
    );
    refused(
        &BROWSER_7.replace(r#""answers":{"pruned":["0.1.1"]}"#, r#""answers":{"prune":[]}"#),
        "stdin: record.answers: unknown field 'prune' (expected one of values, windows, pruned, choice, order, visits)",
    );
    refused(
        &BROWSER_7.replace(r#""score":10"#, r#""score":"10""#),
        "stdin: record.score must be a number, got the string \"10\"",
    );
    refused(
        &BROWSER_7.replace(r#""options":{"#, r#""options":{"depht":3,"#),
        "stdin: record.options: unknown field 'depht' (expected one of task, tree, seed, difficulty, depth, \
         branching, values, decimals, chance, players, cutoffs, uniqueBest, tieSensitive, worstOrder, tie, c, \
         mctsSeed, iterations)",
    );
    refused(
        &set_record(&[BROWSER_7], 10, 13, "0.77", true).replace(r#""mastery":0.8,"#, ""),
        "stdin: record.passed: the record says passed but has no mastery to recompute it",
    );
    refused("[]", "stdin: record: an empty list, no records to check");
    let o = run(&["grade", "--record", "-", "--task", "minimax"], BROWSER_7);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        "plyground: --task does not apply with --record (a record carries its exercise and answers)\n"
    );
}

const SET: &str = r#"{"title": "Alpha-beta drill", "id": "week-3", "mastery": 0.8, "attempts": 2, "reveal": "after",
 "exercises": [
  {"task": "alphabeta-leaves", "seed": "learner", "depth": 3, "branching": "2-3"},
  {"task": "minimax", "seed": 11, "difficulty": "easy"},
  {"task": "mcts", "seed": "learner"}
 ]}"#;

fn for_learner(set: &str, learner: &str, json: bool) -> String {
    let mut args = vec!["generate", "--set", "-", "--learner", learner];
    if json {
        args.push("--json");
    }
    let o = run(&args, set);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout).expect("utf-8")
}

#[test]
fn each_learner_gets_a_variant_and_always_the_same_one() {
    let s1001 = for_learner(SET, "s1001", false);
    assert_eq!(
        s1001,
        "exercises[0]: alphabeta-leaves, seed 3632810857 (the learner's): [[[6, 0], [4, 8]], [[1, 4, 7], [7, 2, 1]], [[3, 1], [2, 6, 2], [4, 8, 2]]]\n\
         exercises[1]: minimax, seed 11: [[6, 5], [5, 1]]\n\
         exercises[2]: mcts, seed 3632811471 (the learner's): [[-1, -1, 1], [0, -1], [-1, 0, -1]]\n"
    );
    assert_eq!(
        for_learner(SET, "s1002", false),
        "exercises[0]: alphabeta-leaves, seed 3569015668 (the learner's): [[[0, 1], [3, 3, 1], [8, 6, 5]], [[6, 5], [6, 7, 5]]]\n\
         exercises[1]: minimax, seed 11: [[6, 5], [5, 1]]\n\
         exercises[2]: mcts, seed 3569013902 (the learner's): [[0, -1, 0], [1, -1], [-1, 1, 0]]\n"
    );
    assert_eq!(for_learner(SET, "s1001", false), s1001);
    // The fixed seed is the one `generate` gives without a set.
    let o = common::stdout(&["generate", "--task", "minimax", "--seed", "11", "--difficulty", "easy"]);
    assert_eq!(o, "[[6, 5], [5, 1]]\n");
    // Without an id the title is the set's id.
    let untitled = SET.replace(r#""id": "week-3", "#, "");
    assert!(for_learner(&untitled, "s1001", false)
        .starts_with("exercises[0]: alphabeta-leaves, seed 2874479944 "));
    // --json: Practice.create's options, seed resolved.
    assert_eq!(
        for_learner(SET, "s1001", true),
        r#"{"id":"week-3","learner":"s1001","exercises":[{"options":{"task":"alphabeta-leaves","seed":3632810857,"depth":3,"branching":"2-3"},"tree":"[[[6, 0], [4, 8]], [[1, 4, 7], [7, 2, 1]], [[3, 1], [2, 6, 2], [4, 8, 2]]]"},{"options":{"task":"minimax","seed":11,"difficulty":"easy"},"tree":"[[6, 5], [5, 1]]"},{"options":{"task":"mcts","seed":3632811471},"tree":"[[-1, -1, 1], [0, -1], [-1, 0, -1]]"}]}"#
            .to_string()
            + "\n"
    );
}

#[test]
fn a_set_needs_the_learner_and_takes_no_other_options() {
    let o = run(&["generate", "--set", "-"], SET);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        "plyground: stdin: set.exercises[0].seed is \"learner\": give the learner's id with --learner\n"
    );
    let o = run(&["generate", "--set", "-", "--learner", "a", "--depth", "2"], SET);
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        "plyground: --depth does not apply with --set (the set description gives each exercise's options)\n"
    );
    common::fails_with(&["generate", "--learner", "a"], "--learner applies to a set (--set FILE)");
    let o =
        run(&["generate", "--set", "-", "--learner", "a"], &SET.replace(r#""depth": 3"#, r#""depth": 8"#));
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        "plyground: stdin: set.exercises[0].depth 8 is out of range (1 to 6)\n"
    );
}
