//! Figure text generated from the trace: the caption, the result
//! line and the narration of every lesson tree in tests/fixtures/lessons.txt, as exact
//! sentences, and properties tying each sentence to the trace it describes.

use plyground::games::tree::Tree;
use plyground::search::alphabeta::{alpha_beta, AlphaBetaOptions};
use plyground::search::maxn::maxn;
use plyground::search::minimax::{expectiminimax, minimax};
use plyground::trace::{NodeValue, Recorder, Trace};
use plyground::{Game, TieRule};

fn fixtures() -> Vec<(String, String, Vec<String>, Option<String>)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/lessons.txt");
    let text = std::fs::read_to_string(path).expect("read lessons.txt");
    let mut out = Vec::new();
    for block in text.split("\n\n") {
        let mut name = None;
        let mut tree = None;
        let mut algos = Vec::new();
        let mut transform = None;
        for line in block.lines().filter(|l| !l.starts_with('#')) {
            let Some((k, v)) = line.split_once(':') else { continue };
            match k {
                "name" => name = Some(v.trim().to_string()),
                "tree" => tree = Some(v.trim().to_string()),
                "algorithms" => algos = v.split_whitespace().map(str::to_string).collect(),
                "transform" => transform = Some(v.trim().to_string()),
                _ => {}
            }
        }
        if let (Some(n), Some(t)) = (name, tree) {
            out.push((n, t, algos, transform));
        }
    }
    out
}

fn record(text: &str, algo: &str, tie: TieRule, budget: Option<u64>) -> Trace<u32> {
    let t = Tree::try_parse(text).unwrap();
    let mut rec = Recorder::new(&t, 0);
    let rec_ref = &mut rec;
    match algo {
        "minimax" => {
            minimax(&t, &0, rec_ref);
        }
        "expectiminimax" => {
            expectiminimax(&t, &0, rec_ref);
        }
        "alphabeta" => {
            let opts = AlphaBetaOptions { tie, node_budget: budget, ..Default::default() };
            alpha_beta(&t, &0, &opts, rec_ref);
        }
        "maxn" => {
            maxn(&t, &0, rec_ref);
        }
        _ => unreachable!(),
    }
    let mut tr = rec.finish();
    tr.set_tie_rule(tie);
    let _ = t.num_players();
    tr
}

/// The exact captions of the lessons' worked examples, under the algorithm the tree lab
/// runs on them (lessons.js). Each names only nodes, values and counts the figure shows.
const CAPTIONS: &[(&str, &str, &str)] = &[
    (
        "figure_5_2",
        "alphabeta",
        "MIN nodes B = 3, C ≤ 2, D = 2. 1 cutoff: at C, v = 2 ≤ α = 3 prunes c2 and c3; the test also passes at \
         D (v = 2 ≤ α = 3) after the last child, with nothing left to prune. 11 nodes entered, 7 leaves \
         evaluated. The root, MAX node A, is worth 3: best move a1 (to B).",
    ),
    (
        "twelve_leaf_trace",
        "alphabeta",
        "MIN nodes B = 3, C ≤ 2, D = 2, E = 7. 1 cutoff: at C, v = 2 ≤ α = 3 prunes c2 and c3; the test also \
         passes at D (v = 2 ≤ α = 3) after the last child, with nothing left to prune. 15 nodes entered, 10 \
         leaves evaluated. The root, MAX node A, is worth 7: best move a4 (to E).",
    ),
    (
        "exercise_minimax",
        "minimax",
        "MAX nodes D = 7, E = 8, F = 5, G = 6; MIN nodes B = 7, C = 5. 15 nodes entered, 8 leaves evaluated. \
         The root, MAX node A, is worth 7: best move a1 (to B).",
    ),
    (
        "exercise_alpha_beta",
        "alphabeta",
        "MAX nodes D = 5, E = 9, F = 4; MIN nodes B = 5, C ≤ 4. 1 cutoff: at C, v = 4 ≤ α = 5 prunes G; the \
         test also passes at E (v = 9 ≥ β = 5) after the last child, with nothing left to prune. 12 nodes \
         entered, 6 leaves evaluated. The root, MAX node A, is worth 5: best move a1 (to B).",
    ),
    (
        "exercise_expectiminimax",
        "expectiminimax",
        "Chance nodes B = 0.5·10 + 0.5·(−4) = 3, C = 0.25·20 + 0.25·(−10) + 0.25·4 + 0.25·0 = 3.5. 9 nodes \
         entered, 6 leaves evaluated. The root, MAX node A, is worth 3.5: best move a2 (to C).",
    ),
    (
        "sqrt_transform_untransformed",
        "expectiminimax",
        "Chance node B = 0.5·0 + 0.5·3 = 1.5. 5 nodes entered, 3 leaves evaluated. The root, MAX node A, is \
         worth 1.5: best move a2 (to B).",
    ),
    (
        "aima_three_player",
        "maxn",
        "P3 nodes D = (1, 2, 6), E = (6, 1, 2), F = (1, 5, 2), G = (5, 4, 5); P2 nodes B = (1, 2, 6), C = (1, \
         5, 2). 15 nodes entered, 8 leaves evaluated. The root, P1 node A, is worth (1, 2, 6) to P1, P2 and \
         P3: best move a1 (to B).",
    ),
    (
        "min_at_root",
        "alphabeta",
        "MAX nodes B = 12, C = 6, D ≥ 14. 1 cutoff: at D, v = 14 ≥ β = 6 prunes d2 and d3. 11 nodes entered, \
         7 leaves evaluated. The root, MIN node A, is worth 6: best move a2 (to C).",
    ),
    ("terminal_root", "minimax", "1 node entered, 1 leaf evaluated. The root, MAX node A, is worth 7 (no move to make)."),
];

fn fixture(name: &str) -> String {
    fixtures().into_iter().find(|f| f.0 == name).unwrap_or_else(|| panic!("no fixture {name}")).1
}

#[test]
fn the_lessons_captions_are_generated_from_their_traces() {
    for &(name, algo, want) in CAPTIONS {
        let tr = record(&fixture(name), algo, TieRule::NonStrict, None);
        assert_eq!(tr.caption(), want, "{name} / {algo}");
    }
}

/// Every "X = v", "X ≤ v", "X ≥ v" item of a caption names a node of the trace whose final
/// value is v, every count is the figure's counter, and the root's value is the result's.
fn check_caption_against_trace(what: &str, tr: &Trace<u32>) {
    let cap = tr.caption();
    let labels: Vec<&str> = tr.nodes().iter().map(|n| n.label.as_str()).collect();
    let mut cur = tr.cursor();
    cur.seek(tr.len());
    let c = cur.state().counters();
    let text = |v: &NodeValue| v.text(tr.num_players());
    // Level items: "<label> <rel> <value>" where the value is a number or a tuple.
    let first_sentence_end = cap.find(". ").unwrap_or(0);
    let levels = &cap[..first_sentence_end];
    let lists_levels =
        !levels.contains(" entered") && (levels.contains(" nodes ") || levels.contains(" node "));
    if lists_levels && !levels.ends_with("text view)") {
        for part in levels.split("; ") {
            let items =
                part.split_once(" nodes ").or_else(|| part.split_once(" node ")).map(|x| x.1).unwrap_or("");
            let mut buf = String::new();
            let mut depth = 0;
            let mut pieces = Vec::new();
            for ch in items.chars() {
                match ch {
                    '(' => depth += 1,
                    ')' => depth -= 1,
                    ',' if depth == 0 => {
                        pieces.push(std::mem::take(&mut buf));
                        continue;
                    }
                    _ => {}
                }
                buf.push(ch);
            }
            pieces.push(buf);
            for piece in pieces {
                let piece = piece.trim();
                let (label, rest) = piece.split_once(' ').unwrap_or_else(|| panic!("{what}: item '{piece}'"));
                let id = labels
                    .iter()
                    .position(|l| *l == label)
                    .unwrap_or_else(|| panic!("{what}: caption names '{label}', not a node"));
                let value = rest.rsplit("= ").next().unwrap().trim_start_matches(['≤', '≥', ' ']);
                let shown = text(&tr.nodes()[id].value.unwrap());
                assert_eq!(value, shown, "{what}: {label} in '{cap}'");
            }
        }
    }
    let counts = format!(
        "{} {} entered, {} {} evaluated.",
        c.nodes,
        if c.nodes == 1 { "node" } else { "nodes" },
        c.leaves,
        if c.leaves == 1 { "leaf" } else { "leaves" }
    );
    assert!(cap.contains(&counts), "{what}: '{cap}' lacks '{counts}'");
    if cap.contains("No cutoff prunes anything") {
        assert_eq!(c.cutoffs, 0, "{what}: '{cap}'");
    } else if let Some(i) = cap.find(" cutoff") {
        let n: u64 = cap[..i].rsplit(' ').next().unwrap().parse().unwrap();
        assert_eq!(n, c.cutoffs, "{what}: cutoffs in '{cap}'");
    } else {
        assert!(c.cutoffs == 0, "{what}: '{cap}' names no cutoff, the counter says {}", c.cutoffs);
    }
    let r = tr.result().unwrap();
    let root_value = match r.utilities {
        Some(u) => NodeValue::Vector(u).text(tr.num_players()),
        None => NodeValue::Scalar(r.value).text(2),
    };
    assert!(cap.contains(&format!("is worth {root_value}")), "{what}: '{cap}' vs root value {root_value}");
    for p in tr.pruned() {
        assert!(cap.contains(&p.label), "{what}: pruned {} not in '{cap}'", p.label);
    }
}

#[test]
fn every_caption_of_every_lesson_tree_agrees_with_its_trace() {
    let mut checked = 0;
    for (name, tree, algos, tf) in fixtures() {
        if tf.is_some() {
            continue;
        }
        for a in &algos {
            for tie in [TieRule::NonStrict, TieRule::Strict] {
                let tr = record(&tree, a, tie, None);
                check_caption_against_trace(&format!("{name} / {a} / {tie:?}"), &tr);
                checked += 1;
            }
        }
    }
    assert!(checked >= 40, "only {checked} captions checked");
}

#[test]
fn the_strict_rule_narrates_the_test_it_passed() {
    // Under the strict rule the tie v = 3 = α does not prune; the cutoff
    // after the last child is v = 1 < α = 3, never "≤".
    let tr = record(&fixture("tie_rule"), "alphabeta", TieRule::Strict, None);
    let lines: Vec<String> = (0..tr.len()).map(|i| tr.narration(i)).collect();
    assert!(lines.contains(&"MIN node C: c1 returns 3, v = 3, β ← 3".to_string()), "{lines:?}");
    assert!(lines.contains(&"MIN node C: v = 1 < α = 3, no children left to prune".to_string()), "{lines:?}");
    assert!(!lines.iter().any(|l| l.contains('≤') || l.contains('≥')), "{lines:?}");
    let tr = record(&fixture("tie_rule"), "alphabeta", TieRule::NonStrict, None);
    let lines: Vec<String> = (0..tr.len()).map(|i| tr.narration(i)).collect();
    assert!(lines.contains(&"MIN node C: v = 3 ≤ α = 3, prune c2".to_string()), "{lines:?}");
}

#[test]
fn max_n_names_players_p1_p2_p3_and_narrates_tuples() {
    // No "player B node C", and the root's worth is the tuple.
    let tr = record(&fixture("aima_three_player"), "maxn", TieRule::NonStrict, None);
    let lines: Vec<String> = (0..tr.len()).map(|i| tr.narration(i)).collect();
    assert_eq!(lines[1], "Enter P1 node A");
    assert_eq!(lines[2], "Enter P2 node B");
    assert_eq!(lines[3], "Enter P3 node D");
    assert!(
        lines.contains(&"P3 node D: d1 returns (1, 2, 6), best so far (1, 2, 6)".to_string()),
        "{lines:?}"
    );
    assert_eq!(lines.last().unwrap(), "Search done: the root is worth (1, 2, 6), best move a1");
    assert_eq!(tr.result_line(None), "Root value (1, 2, 6) for P1, P2 and P3 · best move a1 (to B)");
    assert!(!lines.iter().any(|l| l.contains("player")), "{lines:?}");
}

#[test]
fn a_capped_search_says_what_it_knows_and_no_more() {
    // Figure 5.2 with a node cap of 10 — the canvas shows 3 at the root
    // (B's value); the result line says "at least 3", never "Root value 0".
    let text = fixture("figure_5_2");
    let tr = record(&text, "alphabeta", TieRule::NonStrict, Some(10));
    assert!(!tr.result().unwrap().complete);
    let mut cur = tr.cursor();
    cur.seek(tr.len());
    assert_eq!(cur.state().value(0), Some(NodeValue::Scalar(3.0)), "the canvas's root value");
    assert_eq!(
        tr.result_line(None),
        "Incomplete (node budget, 10 nodes): the root is worth at least 3 so far · best move so far a1 (to B)"
    );
    assert_eq!(
        tr.narration(tr.len() - 1),
        "Search stopped by the node budget (10 nodes entered so far; 2 open nodes abandoned): the root is worth \
         at least 3 so far"
    );
    // Before any root child is finished nothing is known.
    let tr = record(&text, "alphabeta", TieRule::NonStrict, Some(3));
    assert_eq!(
        tr.result_line(None),
        "Incomplete (node budget, 3 nodes): nothing is known of the root's value"
    );
    // A MIN root: "at most".
    let tr = record(&fixture("min_at_root"), "alphabeta", TieRule::NonStrict, Some(6));
    assert_eq!(
        tr.result_line(None),
        "Incomplete (node budget, 6 nodes): the root is worth at most 12 so far · best move so far a1 (to B)"
    );
    // Singular and plural ("1 node", never "1 nodes").
    let tr = record(&text, "alphabeta", TieRule::NonStrict, Some(1));
    assert_eq!(
        tr.narration(tr.len() - 1),
        "Search stopped by the node budget (1 node entered so far; 1 open node abandoned): nothing is known of \
         the root's value"
    );
}

#[test]
fn negative_values_use_the_minus_sign_the_figure_prints() {
    let tr = record(&fixture("exercise_expectiminimax"), "expectiminimax", TieRule::NonStrict, None);
    let all: Vec<String> = (0..tr.len()).map(|i| tr.narration(i)).collect();
    assert!(
        all.contains(
            &"b2 is a terminal state: TERMINAL-TEST is true, UTILITY(b2) = −4, returned to B".to_string()
        ),
        "{all:?}"
    );
    // No ASCII hyphen-minus anywhere but in the pseudocode's names (TERMINAL-TEST).
    assert!(!all.iter().any(|l| l.replace("TERMINAL-TEST", "").contains('-')), "{all:?}");
}

#[test]
fn a_game_search_names_the_move_in_the_figure_s_words() {
    // "best move top", as Play says, never "best move 1 (to 1)".
    use plyground::games::tictactoe::{TicTacToe, CELL_NAMES};
    let g = TicTacToe;
    let s = g.try_parse_moves("4 0 5 2 6 3").unwrap();
    let mut rec = Recorder::new(&g, s);
    let r = alpha_beta(&g, &s, &AlphaBetaOptions::default(), &mut rec);
    let tr = rec.finish();
    let words = CELL_NAMES[r.best.unwrap() as usize];
    assert_eq!(words, "top");
    assert_eq!(tr.result_line(Some(words)), "Root value 0 · best move top");
}

#[test]
fn the_narration_s_last_step_names_the_move_as_the_result_line_does() {
    // The tree lab once said "best move 1" in its narration and "top" under the
    // figure (and Play says "top"): the trace takes the figure's words once, for both.
    use plyground::games::tictactoe::{TicTacToe, CELL_NAMES};
    let g = TicTacToe;
    let s = g.try_parse_moves("4 0 5 2 6 3").unwrap();
    let mut rec = Recorder::new(&g, s);
    alpha_beta(&g, &s, &AlphaBetaOptions::default(), &mut rec);
    let mut tr = rec.finish();
    let last = tr.len() - 1;
    assert_eq!(tr.narration(last), "Search done: the root is worth 0, best move 1");
    tr.set_move_words(&|a: u8| CELL_NAMES.get(a as usize).map(|w| w.to_string()));
    assert_eq!(tr.narration(last), "Search done: the root is worth 0, best move top");
    assert_eq!(tr.result_line(None), "Root value 0 · best move top");
}

#[test]
fn a_bound_left_unchanged_before_a_cutoff_says_why() {
    // Figure 5.2's step 22 said "v = 2 (β stays +∞)", which reads like a broken β ← min(β, v):
    // MIN-VALUE tests v ≤ α first and returns, so the update is never reached.
    let tr = record(&fixture("figure_5_2"), "alphabeta", TieRule::NonStrict, None);
    let lines: Vec<String> = (0..tr.len()).map(|i| tr.narration(i)).collect();
    let said = |s: &str| lines.iter().any(|l| l == s);
    assert!(
        said("MIN node C: c1 returns 2, v = 2, and β stays +∞: v = 2 ≤ α = 3, so MIN returns before it would update β"),
        "{lines:?}"
    );
    assert!(
        said("MIN node D: d3 returns 2, v = 2, and β stays 5: v = 2 ≤ α = 3, so MIN returns before it would update β"),
        "{lines:?}"
    );
    // Without a cutoff next, the rule did run and left β as it was.
    assert!(said("MIN node B: b2 returns 12, v = 3 (β stays 3)"), "{lines:?}");
    // The same at MAX, under the strict rule's test.
    let tr = record(&fixture("exercise_alpha_beta"), "alphabeta", TieRule::Strict, None);
    let lines: Vec<String> = (0..tr.len()).map(|i| tr.narration(i)).collect();
    assert!(
        lines.iter().any(|l| l == "MAX node E: e2 returns 9, v = 9, and α stays 2: v = 9 > β = 5, so MAX returns before it would update α"),
        "{lines:?}"
    );
}
