//! The `plyground` command's stable output, checked against the lessons' exact answers.

use crate::common;
use crate::lessons;

use common::{fails_with, stdout};
use std::process::Command;

#[test]
fn figure_5_2_json_has_value_best_and_the_seven_evaluated_leaves() {
    let out = stdout(&["tree", "--json", lessons::fig_5_2()]);
    assert_eq!(
        out.trim(),
        concat!(
            r#"{"value":3,"best":0,"best_label":"B","evaluated":["0.0","0.1","0.2","1.0","2.0","2.1","2.2"],"#,
            r#""stats":{"nodes":11,"leaves":7,"cutoffs":1,"max_depth":2,"tt_hits":0},"nodes":["#,
            r#"{"path":"","label":"A","value":3,"bound":"exact"},{"path":"0","label":"B","value":3,"bound":"exact"},"#,
            r#"{"path":"0.0","label":"b1","value":3,"bound":"exact"},{"path":"0.1","label":"b2","value":12,"bound":"exact"},"#,
            r#"{"path":"0.2","label":"b3","value":8,"bound":"exact"},{"path":"1","label":"C","value":2,"bound":"upper"},"#,
            r#"{"path":"1.0","label":"c1","value":2,"bound":"exact"},{"path":"2","label":"D","value":2,"bound":"exact"},"#,
            r#"{"path":"2.0","label":"d1","value":14,"bound":"exact"},{"path":"2.1","label":"d2","value":5,"bound":"exact"},"#,
            r#"{"path":"2.2","label":"d3","value":2,"bound":"exact"}]}"#
        )
    );
    // The plain output names the values that are only bounds: after the cutoff, C ≤ 2.
    let out = stdout(&["tree", lessons::fig_5_2()]);
    assert!(out.ends_with("cutoffs: 1\nbounds: C ≤ 2\n"), "{out}");
    let out = stdout(&["tree", "--algo", "minimax", lessons::fig_5_2()]);
    assert!(out.ends_with("bounds: none\n"), "{out}");
}

#[test]
fn minimax_evaluates_all_nine_leaves_of_figure_5_2() {
    let out = stdout(&["tree", "--algo", "minimax", lessons::fig_5_2()]);
    assert!(out.contains("value: 3\n"), "{out}");
    assert!(out.contains("evaluated: 0.0 0.1 0.2 1.0 1.1 1.2 2.0 2.1 2.2\n"), "{out}");
}

#[test]
fn twelve_leaf_trace_picks_the_fourth_child_with_value_7() {
    let out = stdout(&["tree", "--json", lessons::tree("twelve_leaf_trace")]);
    assert!(out.starts_with(r#"{"value":7,"best":3,"#), "{out}");
    assert!(!out.contains("\"1.1\"") && !out.contains("\"1.2\""), "1.1 and 1.2 are pruned: {out}");
}

#[test]
fn strict_tie_rule_and_reversed_order_keep_the_value() {
    for order in ["natural", "reverse", "random:7", "best"] {
        for tie in ["nonstrict", "strict"] {
            let out = stdout(&["tree", "--tie", tie, "--order", order, lessons::tree("exercise_minimax")]);
            assert!(out.starts_with("value: 7\n"), "{tie} {order}: {out}");
        }
    }
}

#[test]
fn trace_prints_one_narrated_step_per_line_with_the_cutoff() {
    let out = stdout(&["tree", "--trace", lessons::fig_5_2()]);
    // A leaf is one step, in the lessons' words: 29 steps for Figure 5.2 under α-β.
    assert!(
        out.contains(
            "3\tLeaf\tb1 is a terminal state: TERMINAL-TEST is true, UTILITY(b1) = 3, returned to B\n"
        ),
        "{out}"
    );
    assert_eq!(out.lines().take_while(|l| l.starts_with(|c: char| c.is_ascii_digit())).count(), 29, "{out}");
    assert!(out.contains("28\tSearchEnd\t"), "{out}");
    assert!(!out.contains("MAX node b") && !out.contains("Enter MAX node c"), "{out}");
    assert!(out.contains("Cutoff\tMIN node C: v = 2 ≤ α = 3, prune c2 and c3\n"), "{out}");
    assert!(
        out.contains("\tExit\tMIN node C returns 2, an upper bound: C ≤ 2 (its true value may be lower)\n"),
        "{out}"
    );
    assert!(out.contains("\tBackup\tMAX node A: C returns ≤ 2, v = 3 (α stays 3)\n"), "{out}");
    assert!(out.lines().next().unwrap().starts_with("0\tSearchStart\t"), "{out}");
}

#[test]
fn expectiminimax_and_maxn_examples() {
    let out = stdout(&[
        "tree",
        "--algo",
        "expectiminimax",
        "--json",
        "max[chance[0.5: 10, 0.5: -4], chance[0.25: 20, 0.25: -10, 0.25: 4, 0.25: 0]]",
    ]);
    assert!(out.starts_with(r#"{"value":3.5,"best":1,"#), "{out}");
    let out = stdout(&["tree", "--algo", "maxn", "--json", lessons::tree("aima_three_player")]);
    assert!(out.starts_with(r#"{"value":[1,2,6],"best":0,"#), "{out}");
}

#[test]
fn tree_from_stdin() {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_plyground"))
        .args(["tree", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"[[3,5],[2,9]]\n").unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("value: 3\n"));
}

#[test]
fn tictactoe_scores_every_move_exactly() {
    let out = stdout(&["ttt", "--moves", "4,0,8", "--json", "--algo", "minimax"]);
    assert!(out.starts_with(r#"{"value":0,"to_move":"MIN","best":"2","#), "{out}");
    assert!(out.contains(r#""scores":{"1":1,"2":0,"3":1,"5":1,"6":0,"7":1}"#), "{out}");
    let ab = stdout(&["ttt", "--moves", "4,0,8", "--json"]);
    assert!(ab.contains(r#""scores":{"1":1,"2":0,"3":1,"5":1,"6":0,"7":1}"#), "{ab}");
}

#[test]
fn tictactoe_mcts_finds_the_only_winning_move() {
    // X: 0, 1; O: 3, 4. X to move wins at once with 2.
    let out = stdout(&["ttt", "--moves", "0,3,1,4", "--algo", "mcts", "--iterations", "5000", "--seed", "1"]);
    assert!(out.contains("best: 2\n"), "{out}");
}

#[test]
fn connect4_endgame_score_matches_the_benchmark_set() {
    // First line of Test_L3_R1: score −1 for the side to move.
    let out = stdout(&["c4", "--moves", "2252576253462244111563365343671351441", "--json"]);
    assert!(out.contains(r#""score":-1,"exact":true"#), "{out}");
}

#[test]
fn connect4_finds_the_double_threat() {
    let out = stdout(&["c4", "--moves", "4455", "--depth", "4"]);
    assert!(out.contains("value: 18\n"), "{out}");
    assert!(out.contains("best: 3\n") || out.contains("best: 6\n"), "{out}");
}

#[test]
fn bad_input_exits_2_with_one_line_naming_the_problem() {
    fails_with(&["tree", "[[3,12,8],[2,4,6"], "tree 1:17:");
    fails_with(&["tree", "--algo", "nope", "[1,2]"], "unknown algorithm 'nope'");
    fails_with(&["tree", "--order", "random:x", "[1,2]"], "bad seed");
    fails_with(&["tree", "--tie", "sometimes", "[1,2]"], "unknown tie rule");
    fails_with(&["tree"], "missing TREE");
    fails_with(&["ttt", "--moves", "4,4"], "cell 4 is already taken");
    fails_with(&["ttt", "--moves", "4,0,8", "--algo", "mcts", "--iterations", "lots"], "--iterations");
    fails_with(&["c4", "--moves", "4x55"], "bad character 'x'");
    fails_with(&["c4", "--moves", "1111111"], "column 1 is full");
    fails_with(&["c4", "--moves", "8"], "off the board");
    fails_with(&["frobnicate"], "unknown command");
    fails_with(&["tree", "--bogus", "[1]"], "unknown option '--bogus'");
}

#[test]
fn ordering_table_shows_knuth_moores_minimum_for_perfect_ordering() {
    // Connect-4 from the empty board, depth 6: b = 7, so perfect ordering evaluates exactly
    // 7³ + 7³ − 1 = 685 leaves, against 117,649 without pruning.
    let out = stdout(&["ordering", "--json"]);
    assert!(out.contains(r#""minimax_leaves":117649"#), "{out}");
    assert!(out.contains(r#"{"ordering":"α-β, best","nodes":1249,"leaves":685,"#), "{out}");
    let out = stdout(&["ordering", "--tree", "uniform:3,4,2", "--json"]);
    assert!(out.contains(r#""leaves":17,"#), "3² + 3² − 1 = 17 for perfect ordering: {out}");
    fails_with(&["ordering", "--tree", "uniform:9,9,1"], "65,536 leaves");
    fails_with(&["ordering", "--tree", "uniform:0,3,1"], "65,536 leaves");
}

#[test]
fn horizon_effect_position_is_fixed_by_quiescence() {
    // The documented horizon-effect position (games::connect4::C4Eval): depth-2 H-minimax
    // plays column 2, which loses by force (−5); with quiescence it plays 7, the only draw.
    let m = "634327443434467221527331152655";
    let plain = stdout(&["c4", "--moves", m, "--depth", "2"]);
    assert!(plain.contains("best: 2\n"), "{plain}");
    let quiet = stdout(&["c4", "--moves", m, "--depth", "2", "--quiescence"]);
    assert!(quiet.contains("best: 7\n") && quiet.contains("2=-5 "), "{quiet}");
    let exact = stdout(&["c4", "--moves", m]);
    assert!(exact.contains("scores: 1=-5 2=-5 5=-5 6=-6 7=0\n") && exact.contains("exact: true"), "{exact}");
}

/// The lessons' horizon effect (the gallery's tree): depth 2 picks the delaying check a1
/// (−1); `--singular 2:1` searches it one ply deeper (−4) and picks a2 (−3), the true value.
#[test]
fn singular_extension_repairs_the_horizon_mistake() {
    let horizon = "A[B[D~-1[-4, -5]], C[-3, -2]]";
    let out = stdout(&["tree", "--depth", "2", horizon]);
    assert_eq!(
        out,
        "value: -1\nbest: 0\nbest_label: B\nevaluated: 0.0 1.0\nnodes: 5\nleaves: 2\ncutoffs: 1\nbounds: C ≤ −3\nextensions: 0\nforward_pruned: \n"
    );
    let out = stdout(&["tree", "--depth", "2", "--singular", "2:1", horizon]);
    assert_eq!(
        out,
        "value: -3\nbest: 1\nbest_label: C\nevaluated: 0.0 1.0 0.0.0 0.0.1 1.0 1.1\nnodes: 12\nleaves: 6\ncutoffs: 1\nbounds: C ≤ −3\nextensions: 1\nforward_pruned: \n"
    );
    let trace = stdout(&["tree", "--depth", "2", "--singular", "2", "--trace", horizon]);
    assert!(trace.contains(
        "13\tExtend\tMAX node A: a1 (worth −1) is better than its siblings by 2 ≥ 2: searched 1 ply deeper (singular extension)\n"
    ), "{trace}");
    fails_with(
        &["tree", "--singular", "2", horizon],
        "--singular: singular extensions search past a depth limit: give --depth",
    );
    fails_with(
        &["tree", "--depth", "2", "--singular", "2:9", horizon],
        "--singular: the extra plies '9' must be an integer from 1 to 8 (as in 2:1)",
    );
    fails_with(
        &["tree", "--depth", "2", "--singular", "-1", horizon],
        "--singular: the margin '-1' must be a number from 0 to 2e15 (as in 2 or 2:1)",
    );
}

/// Beam search's trap (the gallery's tree): width 1 keeps B (EVAL 6) and misses D, the best
/// move that full α-β finds (7).
#[test]
fn beam_search_misses_the_best_move_with_a_small_width() {
    let trap = "A[B~6[1, 9], C~3[4, 5], D~2[7, 8]]";
    assert_eq!(
        stdout(&["tree", "--json", "--beam", "1", trap]).trim(),
        r#"{"value":1,"best":0,"best_label":"B","evaluated":["0.0"],"stats":{"nodes":3,"leaves":1,"cutoffs":0,"max_depth":2,"tt_hits":0},"nodes":[{"path":"","label":"A","value":1,"bound":"none"},{"path":"0","label":"B","value":1,"bound":"upper"},{"path":"0.0","label":"b1","value":1,"bound":"exact"}],"h_minimax":{"extensions":0,"forward_pruned":3,"forward_pruned_edges":["1","2","0.1"]}}"#
    );
    // What the values are (the core's bounds): dropped moves are never searched, so A is
    // only known to be at least what the beam found, and B (9 dropped) at most its one leaf.
    assert!(stdout(&["tree", "--beam", "1", trap]).contains("\nbounds: A 1?, B ≤ 1\n"));
    assert!(stdout(&["tree", "--beam", "2", trap]).starts_with("value: 4\nbest: 1\n"));
    assert!(stdout(&["tree", "--beam", "2", trap]).contains("\nbounds: A ≥ 4\n"));
    assert!(stdout(&["tree", "--beam", "3", trap]).starts_with("value: 7\nbest: 2\n"));
    assert!(stdout(&["tree", trap]).starts_with("value: 7\nbest: 2\n"));
    fails_with(&["tree", "--beam", "0", trap], "--beam: the width must be from 1 to 100000");
    fails_with(
        &["tree", "--algo", "minimax", "--beam", "2", trap],
        "--depth, --singular and --beam are options of --algo alphabeta, not minimax",
    );
}
