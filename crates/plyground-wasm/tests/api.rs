//! The JavaScript API as JavaScript sees it, run in Node by `wasm-bindgen-test-runner`:
//! `cargo test --target wasm32-unknown-unknown -p plyground-wasm`. Every call here is an
//! exported function or method; results are read back as JavaScript values.

#![cfg(target_arch = "wasm32")]

use crate::common;
use crate::lessons;

use common::{error_message, get, len, message, num, numbers, obj, strings, text, with_number};
use plyground::game::Game;
use plyground::games::tictactoe::TicTacToe;
use plyground::search::mcts::{Mcts, MctsOptions};
use plyground_wasm::{limits, search_game, search_tree, GameHandle, GameTree, MctsStepper, Stepper};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

fn ttt(moves: &str) -> GameHandle {
    GameHandle::create("ttt".into(), Some(moves.into())).unwrap()
}

fn c4(moves: &str) -> GameHandle {
    GameHandle::create("c4".into(), Some(moves.into())).unwrap()
}

/// Everything observable about a game, to check that a refused call changed nothing.
fn snapshot(g: &GameHandle) -> (String, String, u8, bool, i32, Vec<i32>) {
    (g.cells(), g.move_string(), g.to_move(), g.is_terminal(), g.winner(), g.legal_moves())
}

// ---------------------------------------------------------------------------------------
// Games

#[wasm_bindgen_test]
fn tictactoe_plays_undoes_and_redoes() {
    let mut g = ttt("");
    assert_eq!((g.kind(), g.width(), g.height()), ("ttt".to_string(), 3, 3));
    assert_eq!(g.cells(), ".........");
    assert_eq!(g.to_move(), 0);
    g.play((4.0).into()).unwrap();
    g.play((0.0).into()).unwrap();
    assert_eq!(g.cells(), "O...X....");
    assert_eq!(g.to_move(), 0);
    assert_eq!(g.legal_moves(), vec![1, 2, 3, 5, 6, 7, 8]);
    assert_eq!((g.move_string(), g.move_count()), ("4,0".to_string(), 2));
    assert!(g.undo());
    assert_eq!((g.cells(), g.to_move()), ("....X....".to_string(), 1));
    assert!(g.redo());
    assert_eq!(g.move_string(), "4,0");
    assert!(!g.redo(), "nothing left to redo");
    assert!(g.undo() && g.undo());
    assert!(!g.undo(), "nothing left to undo");
    g.play((8.0).into()).unwrap();
    assert!(!g.redo(), "play() clears the redo list");
    assert_eq!(g.move_string(), "8");
}

#[wasm_bindgen_test]
fn tictactoe_reports_the_end_of_a_game() {
    let g = ttt("0,3,1,4,2");
    assert!(g.is_terminal());
    assert_eq!((g.winner(), g.utility()), (0, 1.0));
    assert_eq!(g.winning_line(), vec![0, 1, 2]);
    assert!(g.legal_moves().is_empty());
    let o_wins = ttt("0,3,1,4,8,5");
    assert_eq!((o_wins.winner(), o_wins.utility()), (1, -1.0));
    assert_eq!(o_wins.winning_line(), vec![3, 4, 5]);
    let draw = ttt("0,4,8,1,7,6,2,5,3");
    assert!(draw.is_terminal());
    assert_eq!((draw.winner(), draw.utility()), (-1, 0.0));
    assert!(draw.winning_line().is_empty());
    let going = ttt("4");
    assert_eq!((going.winner(), going.utility(), going.is_terminal()), (-1, 0.0, false));
}

#[wasm_bindgen_test]
fn connect4_cells_are_row_major_from_the_top_and_columns_are_1_based() {
    let mut g = c4("");
    assert_eq!((g.kind(), g.width(), g.height()), ("c4".to_string(), 7, 6));
    assert_eq!(g.legal_moves(), vec![1, 2, 3, 4, 5, 6, 7]);
    g.play((4.0).into()).unwrap();
    let cells = g.cells();
    assert_eq!(cells.len(), 42);
    // Bottom row, fourth column: row 5 from the top.
    assert_eq!(cells.find('X'), Some(5 * 7 + 3));
    g.play((4.0).into()).unwrap();
    assert_eq!(g.cells().find('O'), Some(4 * 7 + 3));
    assert_eq!(g.move_string(), "44");
    // X wins along the bottom row with its fourth stone: 22 − 4 = 18.
    let win = c4("4455667");
    assert!(win.is_terminal());
    assert_eq!((win.winner(), win.utility()), (0, 18.0));
    assert_eq!(win.winning_line(), vec![38, 39, 40, 41]);
    assert!(win.legal_moves().is_empty());
    // Vertical four of O in column 1 (O's fourth stone, 22 − 4 = 18 to O: −18 to X).
    let o = c4("21312171");
    assert_eq!((o.winner(), o.utility()), (1, -18.0));
    assert_eq!(o.winning_line(), vec![14, 21, 28, 35]);
}

#[wasm_bindgen_test]
fn move_strings_round_trip_and_clones_are_independent() {
    for (kind, moves) in [("ttt", "4,0,8,2"), ("c4", "4455332")] {
        let g = GameHandle::create(kind.into(), Some(moves.into())).unwrap();
        assert_eq!(g.move_string(), moves);
        let again = GameHandle::create(kind.into(), Some(g.move_string().into())).unwrap();
        assert_eq!(snapshot(&again), snapshot(&g));
        let mut copy = g.clone();
        copy.undo();
        assert_eq!(g.move_string(), moves, "the original keeps its moves");
        assert_ne!(copy.move_string(), moves);
    }
    // The compact tic-tac-toe form reads too.
    assert_eq!(ttt("408").move_string(), "4,0,8");
}

#[wasm_bindgen_test]
fn illegal_moves_throw_naming_the_move_and_change_nothing() {
    let mut g = ttt("4,0");
    g.play((8.0).into()).unwrap();
    g.undo(); // something to redo
    let before = snapshot(&g);
    for (m, want) in [
        (4.0, "cell 4 is already taken"),
        (9.0, "illegal move 9: 9 is not a cell (cells are the integers 0–8)"),
        (-1.0, "illegal move -1: -1 is not a cell (cells are the integers 0–8)"),
        (1.5, "illegal move 1.5: 1.5 is not a cell (cells are the integers 0–8)"),
        (f64::NAN, "illegal move NaN: NaN is not a cell (cells are the integers 0–8)"),
        (f64::INFINITY, "illegal move Infinity: Infinity is not a cell (cells are the integers 0–8)"),
    ] {
        assert_eq!(message(g.play((m).into()).unwrap_err()), want);
        assert_eq!(snapshot(&g), before);
    }
    // No coercion: a move is a number.
    for (m, want) in [
        (JsValue::from_str("4"), "Game.play: move must be a number, got '4'"),
        (JsValue::TRUE, "Game.play: move must be a number, got true"),
        (JsValue::NULL, "Game.play: move must be a number, got null"),
        (JsValue::UNDEFINED, "Game.play: move must be a number, got undefined"),
    ] {
        assert_eq!(message(g.play(m).unwrap_err()), want);
    }
    assert_eq!(snapshot(&g), before);
    assert!(g.redo(), "a refused move keeps the redo list");

    let mut over = ttt("0,3,1,4,2");
    assert_eq!(message(over.play((5.0).into()).unwrap_err()), "cell 5: the game is already over");

    let mut full = c4("444444");
    let before = snapshot(&full);
    assert_eq!(message(full.play((4.0).into()).unwrap_err()), "column 4 is full");
    assert_eq!(
        message(full.play((0.0).into()).unwrap_err()),
        "illegal move 0: 0 is not a column (columns are the integers 1–7)"
    );
    assert_eq!(
        message(full.play((8.0).into()).unwrap_err()),
        "illegal move 8: 8 is not a column (columns are the integers 1–7)"
    );
    assert_eq!(snapshot(&full), before);
    let mut won = c4("4455667");
    assert_eq!(message(won.play((1.0).into()).unwrap_err()), "column 1: the game is already over");
}

#[wasm_bindgen_test]
fn bad_kinds_and_move_strings_throw_naming_them() {
    assert_eq!(
        message(GameHandle::create(5.into(), None).unwrap_err()),
        "Game.create: kind must be a string, got 5"
    );
    assert_eq!(
        message(GameHandle::create("ttt".into(), Some(408.into())).unwrap_err()),
        "Game.create: moves must be a string, got 408"
    );
    assert_eq!(GameHandle::create("ttt".into(), Some(JsValue::NULL)).unwrap().move_count(), 0);
    assert_eq!(
        message(GameHandle::create("chess".into(), None).unwrap_err()),
        "Game.create: unknown game 'chess' (expected 'ttt' or 'c4')"
    );
    assert_eq!(
        message(GameHandle::create("ttt".into(), Some("4,x".into())).unwrap_err()),
        "bad move string '4,x': bad character 'x' at position 3 (cells are 0–8)"
    );
    assert_eq!(
        message(GameHandle::create("ttt".into(), Some("4,4".into())).unwrap_err()),
        "bad move string '4,4': move 2 (4): cell 4 is already taken"
    );
    assert_eq!(
        message(GameHandle::create("c4".into(), Some("4449".into())).unwrap_err()),
        "bad move string '4449': move 4: column 9 is off the board (columns are 1–7)"
    );
    assert_eq!(
        message(GameHandle::create("c4".into(), Some("4444444".into())).unwrap_err()),
        "bad move string '4444444': move 7: column 4 is full"
    );
}

// ---------------------------------------------------------------------------------------
// One-shot searches on games

#[wasm_bindgen_test]
fn tictactoe_searches_match_the_oracle_counts() {
    let g = ttt("");
    // The search alone (no per-move scores): the oracle's count.
    let alone = search_game(&g, obj(r#"{"scores": false}"#)).unwrap();
    assert_eq!((num(&alone, "value"), num(&alone, "stats.nodes")), (0.0, 18_297.0));
    assert_eq!(len(&alone, "scores"), 0);
    // With scores (the default), the same search, then its bounds refined: stats count both.
    let ab = search_game(&g, JsValue::UNDEFINED).unwrap();
    assert_eq!((num(&ab, "value"), num(&ab, "best")), (0.0, num(&alone, "best")));
    assert!(num(&ab, "stats.nodes") > 18_297.0);
    assert_eq!(text(&ab, "algo"), "alphabeta");
    assert!(get(&ab, "exact").as_bool().unwrap() && get(&ab, "complete").as_bool().unwrap());
    assert!(get(&ab, "depth").is_null());
    let strict = search_game(&g, obj(r#"{"tie": "strict", "scores": false}"#)).unwrap();
    assert_eq!(num(&strict, "stats.nodes"), 146_120.0);
    let mm = search_game(&g, obj(r#"{"algo": "minimax", "scores": false}"#)).unwrap();
    assert_eq!((num(&mm, "value"), num(&mm, "stats.nodes")), (0.0, 549_946.0));
    assert_eq!(len(&mm, "scores"), 0);
    // Every first move draws.
    assert_eq!(len(&ab, "scores"), 9);
    assert!((0..9).all(|i| num(&ab, &format!("scores.{i}.value")) == 0.0));
    assert!((0..9).all(|i| text(&ab, &format!("scores.{i}.bound")) == "exact"));
    // The principal variation plays out to the end.
    assert!(get(&ab, "pv").is_instance_of::<js_sys::Int32Array>());
    assert_eq!(len(&ab, "pv"), 9);
    assert_eq!(text(&ab, "pvText").split(',').count(), 9);
}

#[wasm_bindgen_test]
fn searches_find_the_forced_win_from_either_side() {
    // X holds 0 and 1, O holds 3 and 4: X to move wins with 2.
    let g = ttt("0,3,1,4");
    for algo in ["alphabeta", "minimax", "maxn", "mcts"] {
        let r = search_game(&g, obj(&format!(r#"{{"algo": "{algo}", "iterations": 2000}}"#))).unwrap();
        assert_eq!(num(&r, "best"), 2.0, "{algo}");
        assert_eq!(num(&r, "bestIndex"), 0.0, "{algo}: index into legalMoves() [2, 5, 6, 7, 8]");
    }
    let r = search_game(&g, JsValue::UNDEFINED).unwrap();
    assert_eq!((num(&r, "value"), num(&r, "score")), (1.0, 1.0));
    // O to move wins: at once with 5, or by blocking at 2 with a fork (2–4–6 and 3–4–5).
    // Both are worth −1 to X; the leftmost optimal move is chosen.
    let o = ttt("0,3,1,4,8");
    let r = search_game(&o, JsValue::UNDEFINED).unwrap();
    assert_eq!((num(&r, "best"), num(&r, "value"), num(&r, "score")), (2.0, -1.0, 1.0));
    assert_eq!(num(&r, "scores.0.value"), -1.0);
    // A finished game has no move.
    let over = search_game(&ttt("0,3,1,4,2"), JsValue::UNDEFINED).unwrap();
    assert!(get(&over, "best").is_null() && get(&over, "bestIndex").is_null());
    assert_eq!(num(&over, "value"), 1.0);
    assert_eq!(len(&over, "scores"), 0);
}

#[wasm_bindgen_test]
fn mcts_scores_are_root_visits_and_means() {
    let r = search_game(&ttt("0,3,1,4"), obj(r#"{"algo": "mcts", "iterations": 500, "seed": 3}"#)).unwrap();
    assert_eq!(len(&r, "scores"), 5);
    let n: f64 = (0..5).map(|i| num(&r, &format!("scores.{i}.n"))).sum();
    assert_eq!(n, 500.0, "every iteration visits one root child");
    for i in 0..5 {
        let q = num(&r, &format!("scores.{i}.value"));
        assert!((0.0..=1.0).contains(&q));
    }
    assert!(!get(&r, "exact").as_bool().unwrap());
    // Same seed, same answer; the tree is one node per iteration plus the root.
    let again =
        search_game(&ttt("0,3,1,4"), obj(r#"{"algo": "mcts", "iterations": 500, "seed": 3}"#)).unwrap();
    assert_eq!(num(&again, "value"), num(&r, "value"));
    assert_eq!(num(&r, "stats.leaves"), 500.0, "one rollout per iteration");
    assert!(num(&r, "stats.nodes") <= 501.0, "at most one new node per iteration");
}

#[wasm_bindgen_test]
fn connect4_searches_are_bounded_and_say_how_exact_they_are() {
    // Three X stones in column 4: X to move wins at once in column 4.
    let g = c4("414141");
    let r = search_game(&g, obj(r#"{"depth": 2}"#)).unwrap();
    assert_eq!((num(&r, "best"), num(&r, "value"), num(&r, "score")), (4.0, 18.0, 18.0));
    // The first position of Test_L3_R1 (score −1 for the side to move, O): solved exactly
    // within the default budget by iterative deepening.
    let end = c4("2252576253462244111563365343671351441");
    let r = search_game(&end, JsValue::UNDEFINED).unwrap();
    assert!(get(&r, "exact").as_bool().unwrap(), "iterative deepening reached the end");
    assert_eq!((num(&r, "score"), num(&r, "value")), (-1.0, 1.0));
    let d = search_game(&c4(""), obj(r#"{"depth": 4, "iterative": false}"#)).unwrap();
    assert_eq!(num(&d, "depth"), 4.0);
    assert!(get(&d, "complete").as_bool().unwrap());
    assert!(!get(&d, "exact").as_bool().unwrap(), "depth-limited with EVAL");
    assert_eq!(num(&d, "best"), 4.0, "the centre");
    // A tiny budget stops the search: no iteration finished.
    let b = search_game(&c4(""), obj(r#"{"budget": 5}"#)).unwrap();
    assert!(!get(&b, "complete").as_bool().unwrap());
    assert!(num(&b, "stats.nodes") <= 5.0);
    // Searches that cannot finish are refused up front.
    for (opts, want) in [
        (r#"{"algo": "minimax"}"#, "searchGame: algo 'minimax': Connect-4 is too big to search to the end without pruning"),
        (r#"{"algo": "maxn"}"#, "searchGame: algo 'maxn': Connect-4 is too big"),
        (r#"{"order": "best"}"#, "searchGame: order 'best' on Connect-4 runs an oracle search at every node: give a depth of at most 8"),
        (r#"{"order": "best", "depth": 9}"#, "searchGame: order 'best' on Connect-4"),
    ] {
        let m = message(search_game(&g, obj(opts)).unwrap_err());
        assert!(m.starts_with(want), "{opts}: {m}");
    }
    let shallow_best = search_game(&g, obj(r#"{"order": "best", "depth": 2}"#)).unwrap();
    assert_eq!(num(&shallow_best, "best"), 4.0);
}

#[wasm_bindgen_test]
fn bad_options_throw_naming_the_field_and_the_reason() {
    let g = ttt("4");
    let before = snapshot(&g);
    let cases: Vec<(JsValue, &str)> = vec![
        (obj(r#"{"algorithm": "alphabeta"}"#), "searchGame: unknown option 'algorithm' (options are algo, tie, order, seed, depth, eval, tt, quiescence, iterative, budget, iterations, c, expansion, scores, solver, fastWins, singular, beam)"),
        (obj(r#"{"order": "rnd"}"#), "searchGame: order: unknown 'rnd' (expected 'natural', 'reverse', 'random', 'heuristic', 'killer', 'history', 'best')"),
        (obj(r#"{"algo": "negamax"}"#), "searchGame: algo: unknown 'negamax' (expected 'minimax', 'alphabeta', 'expectiminimax', 'maxn', 'mcts')"),
        (obj(r#"{"tie": 1}"#), "searchGame: tie must be a string, got 1"),
        (obj(r#"{"tt": "yes"}"#), "searchGame: tt must be true or false, got 'yes'"),
        (obj(r#"{"depth": "3"}"#), "searchGame: depth must be a number, got '3'"),
        (obj(r#"{"depth": 1000000000}"#), "searchGame: depth 1000000000 is out of range (1 to 64)"),
        (obj(r#"{"depth": 0}"#), "searchGame: depth 0 is out of range (1 to 64)"),
        (obj(r#"{"depth": 2.5}"#), "searchGame: depth must be an integer, got 2.5"),
        (obj(r#"{"iterations": 1000000000000}"#), "searchGame: iterations 1000000000000 is out of range (1 to 1,000,000)"),
        (obj(r#"{"budget": -1}"#), "searchGame: budget -1 is out of range (1 to 1,000,000,000)"),
        (obj(r#"{"seed": -5}"#), "searchGame: seed -5 is out of range (0 to 9,007,199,254,740,991)"),
        (with_number("c", f64::NAN), "searchGame: c must be a number from 0 to 1000000, got NaN"),
        (with_number("c", f64::INFINITY), "searchGame: c must be a number from 0 to 1000000, got Infinity"),
        (with_number("budget", f64::NAN), "searchGame: budget must be an integer, got NaN"),
        (JsValue::from_str("alphabeta"), "searchGame: options must be a plain object, got 'alphabeta'"),
        (JsValue::from_f64(3.0), "searchGame: options must be a plain object, got 3"),
        (obj("[1]"), "searchGame: options must be a plain object, got an array"),
    ];
    for (opts, want) in cases {
        assert_eq!(message(search_game(&g, opts).unwrap_err()), want);
        assert_eq!(snapshot(&g), before);
    }
    // null and undefined fields mean "default".
    let r = search_game(&g, obj(r#"{"depth": null, "budget": null, "algo": null}"#)).unwrap();
    assert_eq!(text(&r, "algo"), "alphabeta");
}

/// Singular extensions and beam search through the API, with exact values and
/// errors naming the field and the range.
#[wasm_bindgen_test]
fn singular_extensions_and_beam_search_on_trees() {
    let horizon = GameTree::parse("A[B[D~-1[-4, -5]], C[-3, -2]]".into()).unwrap();
    let plain = search_tree(&horizon, obj(r#"{"depth": 2, "scores": false}"#)).unwrap();
    assert_eq!((num(&plain, "value"), num(&plain, "best"), num(&plain, "stats.nodes")), (-1.0, 0.0, 5.0));
    let se =
        search_tree(&horizon, obj(r#"{"depth": 2, "singular": {"margin": 2}, "scores": false}"#)).unwrap();
    assert_eq!((num(&se, "value"), num(&se, "best"), num(&se, "stats.nodes")), (-3.0, 1.0, 12.0));
    assert_eq!(num(&se, "stats.extensions"), 1.0);
    let trap = GameTree::parse("A[B~6[1, 9], C~3[4, 5], D~2[7, 8]]".into()).unwrap();
    for (width, value, best, nodes) in [(1, 1.0, 0.0, 3.0), (2, 4.0, 1.0, 7.0), (3, 7.0, 2.0, 10.0)] {
        let r = search_tree(&trap, obj(&format!(r#"{{"beam": {width}, "scores": false}}"#))).unwrap();
        assert_eq!(
            (num(&r, "value"), num(&r, "best"), num(&r, "stats.nodes")),
            (value, best, nodes),
            "beam {width}"
        );
    }
    // The stepper marks the forward-pruned edges and the extended node.
    let st = Stepper::for_tree(&trap, obj(r#"{"beam": 1}"#), None).unwrap();
    let pruned = st.pruned().unwrap();
    assert_eq!(
        (len(&pruned, ""), get(&pruned, "0.forward").as_bool(), text(&pruned, "0.label")),
        (3, Some(true), "C".to_string())
    );
    let st = Stepper::for_tree(&horizon, obj(r#"{"depth": 2, "singular": {"margin": 2, "extra": 1}}"#), None)
        .unwrap();
    let nodes = st.nodes().unwrap();
    let extended: Vec<f64> = (0..len(&nodes, "")).map(|i| num(&nodes, &format!("{i}.extended"))).collect();
    assert_eq!(extended.iter().filter(|&&x| x == 1.0).count(), 1);
    let cases: Vec<(JsValue, &str)> = vec![
        (obj(r#"{"beam": 0}"#), "searchTree: beam 0 is out of range (1 to 100,000)"),
        (obj(r#"{"beam": 1.5}"#), "searchTree: beam must be an integer, got 1.5"),
        (obj(r#"{"depth": 2, "singular": {"margin": -1}}"#), "searchTree: singular.margin must be a number from 0 to 2000000000000000, got -1"),
        (obj(r#"{"depth": 2, "singular": {"margin": 2, "extra": 9}}"#), "searchTree: singular.extra 9 is out of range (1 to 8)"),
        (obj(r#"{"depth": 2, "singular": {}}"#), "searchTree: singular.margin is required (how much better than every sibling a move must be, as in {margin: 2, extra: 1})"),
        (obj(r#"{"singular": {"margin": 2}}"#), "searchTree: option 'singular' extends a search past its depth limit: give a depth (singular extensions need one)"),
        (obj(r#"{"algo": "minimax", "beam": 2}"#), "searchTree: option 'beam' is an option of α-β (H-minimax); algo 'minimax' does not take it"),
    ];
    for (opts, want) in cases {
        assert_eq!(message(search_tree(&trap, opts).unwrap_err()), want);
    }
    let misread: Vec<(JsValue, &str)> = vec![
        (
            obj(r#"{"depth": 2, "singular": {"margin": 2, "extras": 1}}"#),
            "searchTree: unknown option 'singular.extras' (singular's options are margin, extra)",
        ),
        (obj(r#"{"depth": 2, "singular": 5}"#), "searchTree: singular must be a plain object, got 5"),
        (
            obj(r#"{"depth": 2, "singular": {"margin": "2"}}"#),
            "searchTree: singular.margin must be a number, got '2'",
        ),
    ];
    for (opts, want) in misread {
        assert_eq!(message(search_tree(&trap, opts).unwrap_err()), want);
    }
}

// ---------------------------------------------------------------------------------------
// Trees

#[wasm_bindgen_test]
fn trees_parse_list_their_nodes_and_print_back() {
    let t = GameTree::parse(lessons::tree("figure_5_2_labelled").into()).unwrap();
    assert_eq!((t.node_count(), t.players(), t.has_tuples()), (13, 2, false));
    let nodes = t.nodes().unwrap();
    assert_eq!(len(&nodes, ""), 13);
    assert_eq!((text(&nodes, "0.kind"), text(&nodes, "0.label")), ("max".into(), "A".into()));
    assert_eq!(num(&nodes, "0.parent"), -1.0);
    assert!(get(&nodes, "0.edge").is_null());
    assert_eq!(numbers(&get(&nodes, "0.children")), vec![1.0, 5.0, 9.0]);
    assert_eq!(
        (text(&nodes, "5.kind"), text(&nodes, "5.edge"), num(&nodes, "5.player")),
        ("min".into(), "a2".into(), 1.0)
    );
    assert_eq!(
        (text(&nodes, "6.kind"), num(&nodes, "6.value"), text(&nodes, "6.label")),
        ("terminal".into(), 2.0, "c1".into())
    );
    assert!(get(&nodes, "6.values").is_null() && get(&nodes, "6.prob").is_null());
    let again = GameTree::parse(t.to_text().unwrap().into()).unwrap();
    assert_eq!(again.to_text().unwrap(), t.to_text().unwrap());

    let chance =
        GameTree::parse("max[chance[0.5: 10, 0.5: -4], chance[1/4: 20, 1/4: -10, 1/4: 4, 1/4: 0]]".into())
            .unwrap();
    let n = chance.nodes().unwrap();
    assert_eq!(text(&n, "1.kind"), "chance");
    assert!(get(&n, "1.player").is_null());
    assert_eq!(num(&n, "2.prob"), 0.5);
    let r = search_tree(&chance, obj(r#"{"algo": "expectiminimax"}"#)).unwrap();
    assert_eq!((num(&r, "value"), num(&r, "best")), (3.5, 1.0));

    let three = GameTree::parse(lessons::tree("aima_three_player").into()).unwrap();
    assert_eq!((three.players(), three.has_tuples()), (3, true));
    let n = three.nodes().unwrap();
    assert_eq!(text(&n, "0.kind"), "player");
    assert_eq!(numbers(&get(&n, "3.values")), vec![1.0, 2.0, 6.0]);
    let r = search_tree(&three, JsValue::UNDEFINED).unwrap();
    assert_eq!(text(&r, "algo"), "maxn");
    assert_eq!(numbers(&get(&r, "value")), vec![1.0, 2.0, 6.0]);
    assert_eq!(
        message(search_tree(&three, obj(r#"{"algo": "alphabeta"}"#)).unwrap_err()),
        "searchTree: algo 'alphabeta': this tree has utility tuples (an n-player game); use 'maxn' or 'mcts'"
    );
}

// The editor's edits are the `edit` feature's (the practice module's): `cargo xtask test`
// runs these tests with `--features practice`.
#[cfg(feature = "lab")]
#[wasm_bindgen_test]
fn tree_edits_change_the_tree_or_throw_leaving_it_unchanged() {
    // A copy is a tree of its own: the editor keeps it for undo while it edits the original.
    let original = GameTree::parse(lessons::fig_5_2().into()).unwrap();
    let mut copy = original.copy();
    copy.set_value(3.0.into(), 7.0.into()).unwrap();
    assert_eq!(copy.to_text().unwrap(), "[[3, 7, 8], [2, 4, 6], [14, 5, 2]]");
    assert_eq!(original.to_text().unwrap(), "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]");
    let mut t = GameTree::parse(lessons::fig_5_2().into()).unwrap();
    // A leaf's value, typed as the figure prints it.
    let e = t.set_value(3.0.into(), "\u{2212}13".into()).unwrap();
    assert_eq!((num(&e, "focus"), text(&e, "said")), (3.0, "'b2' now has utility -13.".into()));
    assert_eq!(t.to_text().unwrap(), "[[3, -13, 8], [2, 4, 6], [14, 5, 2]]");
    let e = t.add_child(1.0.into()).unwrap();
    assert_eq!(
        (num(&e, "focus"), text(&e, "said")),
        (5.0, "'B' has a new child, 'b4', with utility 0.".into())
    );
    let e = t.move_node(5.0.into(), 0.0.into()).unwrap();
    assert_eq!(num(&e, "focus"), 2.0);
    assert_eq!(t.to_text().unwrap(), "[[0, 3, -13, 8], [2, 4, 6], [14, 5, 2]]");
    t.set_kind(6.0.into(), "chance".into()).unwrap();
    assert_eq!(t.to_text().unwrap(), "[[0, 3, -13, 8], chance[1/3: 2, 1/3: 4, 1/3: 6], [14, 5, 2]]");
    let f = t.edit_fields(6.0.into()).unwrap();
    assert_eq!((text(&f, "kind"), text(&f, "label")), ("chance".into(), "C".into()));
    assert_eq!(get(&f, "labelGiven").as_bool(), Some(false));
    assert_eq!(strings(&get(&f, "kinds")), ["max", "min", "chance", "terminal"]);
    assert_eq!(strings(&get(&f, "probabilities")), ["1/3", "1/3", "1/3"]);
    assert_eq!(strings(&get(&f, "childLabels")), ["c1", "c2", "c3"]);
    assert!(get(&f, "value").is_null());
    assert_eq!(text(&t.edit_fields(2.0.into()).unwrap(), "value"), "0");
    // The sum explained before anything changes; then set with fractions and numbers.
    let probs = |v: &[&str]| JsValue::from(v.iter().map(|s| JsValue::from_str(s)).collect::<js_sys::Array>());
    assert_eq!(
        t.check_probabilities(6.0.into(), probs(&["0.5", "0.4", "0"])).as_deref(),
        Some("the probabilities under 'C' sum to 0.9, not 1: a chance node's probabilities must sum to 1")
    );
    assert_eq!(t.check_probabilities(6.0.into(), probs(&["1/2", "1/4", "0.25"])), None);
    let e = t.set_probabilities(6.0.into(), probs(&["1/2", "1/4", "0.25"])).unwrap();
    assert_eq!(text(&e, "said"), "The probabilities under 'C' are now 0.5, 1/4, 1/4.");
    t.set_label(1.0.into(), "Left".into()).unwrap();
    t.remove_node(2.0.into()).unwrap();
    assert_eq!(t.to_text().unwrap(), "[Left[3, -13, 8], chance[0.5: 2, 1/4: 4, 1/4: 6], [14, 5, 2]]");
    // Refusals throw, naming the call, the node and the reason; the tree is unchanged. (B's leaves
    // are named after its label now, left1…left3, and the chance node is lettered B.)
    let before = t.to_text().unwrap();
    let label_rule = "a label is a letter or '_' followed by letters, digits, '_' or ''', and not a node kind (max, min, chance, p0…p3)";
    let cases: Vec<(Result<JsValue, wasm_bindgen::JsError>, String)> = vec![
        (t.set_value(1.0.into(), 3.0.into()), "GameTree.setValue: 'Left' is a MIN node, not a leaf: only a leaf has a utility (its value comes from the search)".into()),
        (t.set_value(2.0.into(), "x".into()), "GameTree.setValue: 'left1': 'x' is not a number (such as 3, -2.5 or 1e6)".into()),
        (t.set_value(2.0.into(), JsValue::NULL), "GameTree.setValue: value must be a number, a text or an array of numbers, got null".into()),
        (t.set_kind(1.0.into(), "king".into()), "GameTree.setKind: kind must be 'max', 'min', 'chance', 'terminal' or 'p0'…'p3', got 'king'".into()),
        (t.set_label(1.0.into(), "max".into()), format!("GameTree.setLabel: 'Left': 'max' cannot be a label: {label_rule}")),
        (t.set_probabilities(5.0.into(), probs(&["1", "1", "1"])), "GameTree.setProbabilities: the probabilities under 'B' sum to 3, not 1: a chance node's probabilities must sum to 1".into()),
        (t.add_child(2.0.into()), "GameTree.addChild: 'left1' is a leaf: make it MAX, MIN or chance before adding children".into()),
        (t.remove_node(0.0.into()), "GameTree.removeNode: the root 'A' cannot be removed: a tree has a root (make it a leaf to start again)".into()),
        (t.move_node(2.0.into(), 5.0.into()), "GameTree.moveNode: 'left1' can move to positions 0–2 among the children of 'Left', not 5".into()),
        (t.move_node(2.5.into(), 0.0.into()), "GameTree.moveNode: id must be an integer, got 2.5".into()),
        (t.add_child(99.0.into()), "GameTree.addChild: there is no node 99 (the tree has 13 nodes, 0–12)".into()),
    ];
    for (r, want) in cases {
        assert_eq!(message(r.unwrap_err()), want);
    }
    assert_eq!(t.to_text().unwrap(), before);
    // The edited tree is the tree its text reads back as: the search agrees.
    let opts = r#"{"algo": "expectiminimax", "scores": false}"#;
    let r = search_tree(&t, obj(opts)).unwrap();
    let again = search_tree(&GameTree::parse(before.into()).unwrap(), obj(opts)).unwrap();
    // Left = −13, the chance node 0.5·2 + ¼·4 + ¼·6 = 3.5, D = 2.
    assert_eq!((num(&r, "value"), num(&again, "value")), (3.5, 3.5));
}

#[wasm_bindgen_test]
fn malformed_trees_throw_a_tree_parse_error_with_its_place() {
    let e = GameTree::parse("[[3,12,8],\n [2,4,6],\n [14,5,x]]".into()).unwrap_err();
    assert!(e.is_instance_of::<js_sys::Error>());
    assert_eq!(text(&e, "name"), "TreeParseError");
    // 'x' is read as a label, which must be followed by '[' or '='.
    assert_eq!((num(&e, "line"), num(&e, "column")), (3.0, 9.0));
    let reason = text(&e, "reason");
    assert_eq!(error_message(&e), format!("line 3, column 9: {reason}"));
    let not_text = GameTree::parse(JsValue::NULL).unwrap_err();
    assert_eq!(error_message(&not_text), "GameTree.parse: text must be a string, got null");
    for bad in ["", "[", "[1,,2]", "max[chance[0.5: 1, 0.6: 2]]", "[(1,2),(1,2,3)]", &"[".repeat(100)] {
        let e = GameTree::parse(bad.into()).unwrap_err();
        assert_eq!(text(&e, "name"), "TreeParseError", "{bad}");
        assert!(num(&e, "line") >= 1.0 && num(&e, "column") >= 1.0, "{bad}");
    }
}

#[wasm_bindgen_test]
fn search_tree_reports_the_leaves_alpha_beta_evaluated() {
    let t = GameTree::parse(lessons::fig_5_2().into()).unwrap();
    let r = search_tree(&t, obj(r#"{"scores": false}"#)).unwrap();
    assert_eq!((num(&r, "value"), num(&r, "best"), text(&r, "bestLabel")), (3.0, 0.0, "B".into()));
    assert_eq!(strings(&get(&r, "evaluated")), ["0.0", "0.1", "0.2", "1.0", "2.0", "2.1", "2.2"]);
    assert_eq!(numbers(&get(&r, "pv")), vec![0.0, 0.0]);
    assert_eq!((num(&r, "stats.nodes"), num(&r, "stats.cutoffs")), (11.0, 1.0));
    // With per-move scores: the same leaves recorded (the refinement is not), every score exact.
    let scored = search_tree(&t, JsValue::UNDEFINED).unwrap();
    assert_eq!(strings(&get(&scored, "evaluated")), ["0.0", "0.1", "0.2", "1.0", "2.0", "2.1", "2.2"]);
    assert_eq!(
        (0..3).map(|i| num(&scored, &format!("scores.{i}.value"))).collect::<Vec<_>>(),
        [3.0, 2.0, 2.0]
    );
    assert!((0..3).all(|i| text(&scored, &format!("scores.{i}.bound")) == "exact"));
    let mm = search_tree(&t, obj(r#"{"algo": "minimax"}"#)).unwrap();
    assert_eq!(len(&mm, "evaluated"), 9);
    let mcts = search_tree(&t, obj(r#"{"algo": "mcts", "iterations": 300}"#)).unwrap();
    assert_eq!(num(&mcts, "best"), 0.0);
    assert_eq!(len(&mcts, "evaluated"), 0);
}

// ---------------------------------------------------------------------------------------
// Stepping a recorded search

#[wasm_bindgen_test]
fn stepping_figure_5_2_shows_windows_values_and_pruning() {
    let t = GameTree::parse(lessons::fig_5_2().into()).unwrap();
    let mut st = Stepper::for_tree(&t, JsValue::UNDEFINED, None).unwrap();
    // 43 events, 29 steps: each of the 7 leaves is one step.
    assert_eq!(
        (st.length(), st.event_count(), st.index(), st.node_count(), st.node_cap()),
        (29, 43, 0, 11, 20_000)
    );
    assert!(!st.truncated());
    assert!(st.note().is_null());
    assert_eq!(st.kind(), "tree");
    let s0 = st.state().unwrap();
    assert!(get(&s0, "current").is_null() && get(&s0, "event").is_null() && get(&s0, "pseudocode").is_null());
    assert_eq!(text(&s0, "narration"), "");

    // The leaf b1 in one step, in the lessons' words, on the TERMINAL-TEST line.
    assert_eq!(st.seek((4.0).into()).unwrap(), 4);
    let s = st.state().unwrap();
    assert_eq!(text(&s, "event"), "Leaf");
    assert_eq!(num(&s, "current"), 2.0);
    assert_eq!(
        text(&s, "narration"),
        "b1 is a terminal state: TERMINAL-TEST is true, UTILITY(b1) = 3, returned to B"
    );
    assert_eq!((text(&s, "pseudocode.name"), num(&s, "pseudocode.line")), ("MAX-VALUE".into(), 2.0));
    assert_eq!(len(&s, "open"), 2, "A and B open; b1 entered and left");

    // The cutoff at C: steps 0–14 taken (events 0–22).
    assert_eq!(st.seek((15.0).into()).unwrap(), 15);
    let s = st.state().unwrap();
    assert_eq!(text(&s, "event"), "Cutoff");
    assert_eq!(num(&s, "current"), 5.0);
    assert_eq!(text(&s, "narration"), "MIN node C: v = 2 ≤ α = 3, prune c2 and c3");
    assert_eq!(text(&s, "pseudocode.name"), "MIN-VALUE");
    assert_eq!(num(&s, "pseudocode.line"), 6.0);
    let procs = st.pseudocode().unwrap();
    let p = num(&s, "pseudocode.procedure") as u32;
    assert_eq!(
        text(&procs, &format!("{p}.lines.5")),
        "    if v ≤ α then return v // alpha cutoff: MAX avoids this node"
    );
    assert_eq!(len(&s, "open"), 2);
    assert_eq!(
        (num(&s, "open.0.node"), num(&s, "open.0.alpha"), num(&s, "open.0.beta")),
        (0.0, 3.0, f64::INFINITY)
    );
    assert_eq!(num(&s, "open.0.v"), 3.0);
    assert_eq!((num(&s, "open.1.node"), num(&s, "open.1.alpha"), num(&s, "open.1.v")), (5.0, 3.0, 2.0));
    assert_eq!(num(&s, "prunedCount"), 2.0);
    let pruned = st.pruned().unwrap();
    assert_eq!(len(&pruned, ""), 2, "Figure 5.2 prunes only c2 and c3");
    assert_eq!(
        (num(&pruned, "0.parent"), num(&pruned, "0.index"), text(&pruned, "0.name"), num(&pruned, "0.step")),
        (5.0, 1.0, "c2".into(), 14.0)
    );
    assert_eq!(text(&pruned, "1.label"), "c3");
    let values = get(&s, "values");
    assert!(values.is_instance_of::<js_sys::Float64Array>());
    let v = numbers(&values);
    assert_eq!(v.len(), 11);
    assert_eq!(&v[..7], &[3.0, 3.0, 3.0, 12.0, 8.0, 2.0, 2.0]);
    assert!(v[7..].iter().all(|x| x.is_nan()), "D and its leaves are not reached yet");
    assert_eq!(
        (num(&s, "counters.nodes"), num(&s, "counters.leaves"), num(&s, "counters.cutoffs")),
        (7.0, 4.0, 1.0)
    );

    // Back and forth.
    assert_eq!(st.back(None).unwrap(), 14);
    assert_eq!(text(&st.state().unwrap(), "event"), "Backup");
    assert_eq!(num(&st.state().unwrap(), "prunedCount"), 0.0);
    assert_eq!(st.step(Some((2.0).into())).unwrap(), 16);
    assert_eq!(st.step(Some((1000.0).into())).unwrap(), 29, "clamped at the end");
    let end = st.state().unwrap();
    assert_eq!(text(&end, "event"), "SearchEnd");
    assert_eq!(text(&end, "narration"), "Search done: the root is worth 3, best move a1");
    assert_eq!(len(&end, "open"), 0);
    assert_eq!(st.back(Some((1000.0).into())).unwrap(), 0, "clamped at the start");

    let r = st.result().unwrap();
    assert_eq!((num(&r, "value"), num(&r, "best"), num(&r, "bestChild")), (3.0, 0.0, 1.0));
    assert_eq!(text(&r, "bestName"), "a1");
    assert!(get(&r, "complete").as_bool().unwrap() && get(&r, "exact").as_bool().unwrap());

    let nodes = st.nodes().unwrap();
    assert_eq!(len(&nodes, ""), 11);
    assert_eq!(
        (text(&nodes, "5.label"), text(&nodes, "5.kind"), num(&nodes, "5.pruned")),
        ("C".into(), "min".into(), 2.0)
    );
    assert_eq!(
        (num(&nodes, "5.value"), num(&nodes, "5.numActions"), num(&nodes, "5.index")),
        (2.0, 3.0, 1.0)
    );
    assert_eq!((text(&nodes, "6.leaf"), text(&nodes, "6.edge")), ("terminal".into(), "c1".into()));
    // A terminal's kind says why it is a leaf; a depth cutoff's words come from the core.
    assert!(get(&nodes, "6.leafWords").is_null() && get(&nodes, "5.leafWords").is_null());
    let cut = Stepper::for_game(&ttt(""), obj(r#"{"depth": 1}"#), None).unwrap().nodes().unwrap();
    assert_eq!(
        (text(&cut, "1.leaf"), text(&cut, "1.leafWords")),
        ("cutoff".into(), "depth cutoff: EVAL".into())
    );

    assert_eq!(st.narration((1.0).into()).unwrap(), "Enter MAX node A with α = −∞, β = +∞");
    let ev = st.events(Some((1.0).into()), Some((2.0).into())).unwrap();
    assert_eq!(
        ev,
        vec![1.0, 0.0, -1.0, 0.0, f64::NEG_INFINITY, f64::INFINITY, 0.0, 0.0],
        "Enter A, MAX, (−∞, +∞)"
    );
    assert_eq!(st.events(None, None).unwrap().len(), 43 * 8);
    assert_eq!(st.events(Some((43.0).into()), None).unwrap().len(), 0);
}

#[wasm_bindgen_test]
fn stepper_calls_with_bad_input_throw_and_keep_the_position() {
    let t = GameTree::parse(lessons::fig_5_2().into()).unwrap();
    let mut st = Stepper::for_tree(&t, JsValue::UNDEFINED, None).unwrap();
    st.seek((10.0).into()).unwrap();
    let cases: Vec<(Result<u32, wasm_bindgen::JsError>, &str)> = vec![
        (st.seek((-1.0).into()), "Stepper.seek: index -1 is out of range (0 to 29)"),
        (st.seek((30.0).into()), "Stepper.seek: index 30 is out of range (0 to 29)"),
        (st.seek((f64::NAN).into()), "Stepper.seek: index must be an integer, got NaN"),
        (st.seek((2.5).into()), "Stepper.seek: index must be an integer, got 2.5"),
        (st.step(Some((-1.0).into())), "Stepper.step: n -1 is out of range (0 to 9,007,199,254,740,991)"),
        (st.back(Some((f64::INFINITY).into())), "Stepper.back: n must be an integer, got Infinity"),
    ];
    for (r, want) in cases {
        assert_eq!(message(r.unwrap_err()), want);
    }
    assert_eq!(
        message(st.events(Some((5.0).into()), Some((2.0).into())).unwrap_err()),
        "Stepper.events: to 2 is out of range (5 to 43)"
    );
    assert_eq!(
        message(st.events(Some((-1.0).into()), None).unwrap_err()),
        "Stepper.events: from -1 is out of range (0 to 43)"
    );
    assert_eq!(
        message(st.narration((29.0).into()).unwrap_err()),
        "Stepper.narration: step 29 is out of range (0 to 28)"
    );
    assert_eq!(
        message(st.board((1e9).into()).unwrap_err()),
        "Stepper.board: node 1000000000 is out of range (0 to 10)"
    );
    assert_eq!(message(st.board((0.0).into()).unwrap_err()), "Stepper.board: a tree trace has no board");
    assert_eq!(st.index(), 10, "nothing moved");
    for (cap, want) in [
        (0.0, "Stepper.forTree: nodeCap 0 is out of range (1 to 100,000)"),
        (1e12, "Stepper.forTree: nodeCap 1000000000000 is out of range (1 to 100,000)"),
        (-1.0, "Stepper.forTree: nodeCap -1 is out of range (1 to 100,000)"),
        (f64::NAN, "Stepper.forTree: nodeCap must be an integer, got NaN"),
    ] {
        assert_eq!(message(Stepper::for_tree(&t, JsValue::UNDEFINED, Some(cap.into())).err().unwrap()), want);
    }
    assert_eq!(
        message(Stepper::for_tree(&t, obj(r#"{"algo": "mcts"}"#), None).err().unwrap()),
        "Stepper.forTree: MCTS is stepped phase by phase with an MctsStepper"
    );
    assert_eq!(
        message(Stepper::for_game(&c4(""), obj(r#"{"algo": "minimax"}"#), None).err().unwrap()),
        "Stepper.forGame: algo 'minimax': Connect-4 is too big to search to the end without pruning (about 4.5·10¹² positions); use 'alphabeta' (with a depth or a budget) or 'mcts'"
    );
}

#[wasm_bindgen_test]
fn the_node_cap_truncates_the_trace_and_says_so() {
    let g = ttt("");
    // α-β: the cap is also the search's node budget, so the search stops there.
    let st = Stepper::for_game(&g, JsValue::UNDEFINED, Some((100.0).into())).unwrap();
    assert!(st.truncated());
    assert_eq!(st.node_count(), 100);
    assert_eq!(
        st.note().as_string().unwrap(),
        "trace truncated at 100 nodes: the search was stopped there (its node budget is the cap), so its result is incomplete"
    );
    let r = st.result().unwrap();
    assert!(!get(&r, "complete").as_bool().unwrap());
    // Minimax has no budget: the recording stops, the search runs on and is complete.
    let mm = Stepper::for_game(&g, obj(r#"{"algo": "minimax"}"#), Some((1000.0).into())).unwrap();
    assert!(mm.truncated());
    assert_eq!(mm.node_count(), 1000);
    assert!(mm
        .note()
        .as_string()
        .unwrap()
        .starts_with("trace truncated at 1,000 nodes: the search ran on to the end (549,946 nodes in all)"));
    let r = mm.result().unwrap();
    assert!(get(&r, "complete").as_bool().unwrap());
    assert_eq!((num(&r, "value"), num(&r, "stats.nodes")), (0.0, 549_946.0));
    let one = Stepper::for_game(&g, JsValue::UNDEFINED, Some((1.0).into())).unwrap();
    assert_eq!((one.node_count(), one.length()), (1, 3), "SearchStart, Enter root, SearchEnd");
    assert!(one.note().as_string().unwrap().starts_with("trace truncated at 1 node: "));
    // A budget below the cap: not truncated, but the budget stopped the search.
    let b = Stepper::for_game(&g, obj(r#"{"budget": 50}"#), Some((1000.0).into())).unwrap();
    assert!(!b.truncated());
    assert_eq!(
        b.note().as_string().unwrap(),
        "the node budget of 50 nodes stopped the search, so its result is incomplete"
    );
}

#[wasm_bindgen_test]
fn game_traces_draw_boards_of_their_nodes() {
    let g = ttt("4,0");
    let mut st = Stepper::for_game(&g, JsValue::UNDEFINED, None).unwrap();
    assert_eq!(st.kind(), "ttt");
    assert_eq!(st.board((0.0).into()).unwrap(), "O...X....");
    let nodes = st.nodes().unwrap();
    assert_eq!((text(&nodes, "1.edge"), text(&nodes, "1.label")), ("1".into(), "1".into()));
    assert_eq!(st.board((1.0).into()).unwrap(), "OX..X....");
    st.step(Some((3.0).into())).unwrap();
    let r = st.result().unwrap();
    let best = search_game(&g, JsValue::UNDEFINED).unwrap();
    assert_eq!(num(&r, "value"), num(&best, "value"), "the stepper records the search that plays");
    assert_eq!(num(&r, "best"), num(&best, "best"));
    // Connect-4: thumbnails of the 7×6 board; iterative deepening enters the root again per iteration.
    let cg = c4("4455");
    let cs = Stepper::for_game(&cg, obj(r#"{"depth": 3}"#), None).unwrap();
    assert_eq!(cs.board((0.0).into()).unwrap(), cg.cells());
    let roots =
        (0..cs.node_count()).filter(|&i| num(&cs.nodes().unwrap(), &format!("{i}.parent")) < 0.0).count();
    assert_eq!(roots, 3, "depths 1, 2 and 3");
}

#[wasm_bindgen_test]
fn max_n_traces_carry_utility_vectors() {
    let t = GameTree::parse(lessons::tree("aima_three_player").into()).unwrap();
    let mut st = Stepper::for_tree(&t, JsValue::UNDEFINED, None).unwrap();
    assert_eq!(st.width(), 3);
    st.seek((st.length() as f64).into()).unwrap();
    let s = st.state().unwrap();
    let v = numbers(&get(&s, "values"));
    assert_eq!(v.len(), 3 * st.node_count() as usize);
    assert_eq!(&v[..3], &[1.0, 2.0, 6.0], "the root's vector");
    assert_eq!(numbers(&get(&st.result().unwrap(), "value")), vec![1.0, 2.0, 6.0]);
    assert_eq!(text(&st.pseudocode().unwrap(), "0.name"), "MAXN-VALUE");
}

// ---------------------------------------------------------------------------------------
// MCTS, phase by phase

fn mcts_state(m: &MctsStepper) -> (u32, String, String) {
    let nodes = m.nodes().unwrap();
    (m.iterations(), m.phase(), js_sys::JSON::stringify(&nodes).unwrap().as_string().unwrap())
}

#[wasm_bindgen_test]
fn mcts_steps_phase_by_phase_and_back() {
    let g = ttt("");
    let mut m = MctsStepper::for_game(&g, obj(r#"{"seed": 7}"#)).unwrap();
    assert_eq!((m.iterations(), m.phase(), m.node_count()), (0, "done".to_string(), 1));
    assert!(m.best().is_null());
    assert!(!m.back(), "nothing to undo");
    // The first iteration: the root has untried moves, so there is no selection.
    assert_eq!(m.step_phase().unwrap(), "expand");
    assert_eq!((m.phase(), m.iterations(), m.node_count()), ("expand".to_string(), 0, 2));
    let n = m.nodes().unwrap();
    assert_eq!((num(&n, "1.n"), num(&n, "0.n")), (0.0, 0.0), "no backup yet");
    assert_eq!(m.step_phase().unwrap(), "rollout");
    let ev = m.last_events().unwrap();
    assert_eq!(
        (0..len(&ev, "")).map(|i| text(&ev, &format!("{i}.phase"))).collect::<Vec<_>>(),
        ["expand", "rollout"]
    );
    assert_eq!(m.step_phase().unwrap(), "backup");
    assert_eq!((m.phase(), m.iterations()), ("done".to_string(), 1));
    assert_eq!(num(&m.nodes().unwrap(), "0.n"), 1.0);
    // Ten iterations in, every child has been expanded; the next one selects.
    m.run((9.0).into()).unwrap();
    assert_eq!(m.iterations(), 10);
    assert_eq!(m.step_phase().unwrap(), "select");
    let sel = m.last_events().unwrap();
    assert_eq!(text(&sel, "0.phase"), "select");
    let picked = num(&sel, "0.child") as u32;
    // Selection picked the child with the largest UCB1 total (the first on ties).
    let ucb = m.ucb((0.0).into()).unwrap();
    let totals: Vec<f64> = (0..len(&ucb, "")).map(|i| num(&ucb, &format!("{i}.total"))).collect();
    let best = totals.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
    let first_best = (0..totals.len()).find(|&i| totals[i] == best).unwrap();
    assert_eq!(num(&ucb, &format!("{first_best}.child")) as u32, picked);
    assert_eq!(num(&sel, "0.exploitation"), num(&ucb, &format!("{first_best}.exploitation")));
    assert_eq!(num(&sel, "0.exploration"), num(&ucb, &format!("{first_best}.exploration")));

    // Back within the iteration and over the boundary: the same pictures as going forward.
    let mid = mcts_state(&m);
    assert!(m.back());
    assert_eq!(mcts_state(&m).0, 10);
    assert_eq!(m.phase(), "done");
    let at10 = mcts_state(&m);
    assert!(m.back(), "into iteration 10 (re-run from the seed)");
    assert_eq!((m.iterations(), m.phase()), (9, "rollout".to_string()));
    m.step_phase().unwrap();
    assert_eq!(mcts_state(&m), at10);
    m.step_phase().unwrap();
    assert_eq!(mcts_state(&m), mid);
}

#[wasm_bindgen_test]
fn mcts_stepper_agrees_with_the_core_and_is_deterministic() {
    let g = ttt("");
    let mut m = MctsStepper::for_game(&g, obj(r#"{"seed": 11, "c": 1.2}"#)).unwrap();
    m.run((400.0).into()).unwrap();
    let mut core = Mcts::new(
        TicTacToe,
        TicTacToe.initial_state(),
        MctsOptions { seed: 11, c: 1.2, ..Default::default() },
    );
    core.run(400);
    assert_eq!(m.best().as_f64(), core.best_action().map(f64::from));
    let ucb = m.ucb((0.0).into()).unwrap();
    for (i, (child, exploitation, exploration, total)) in core.ucb_terms(0).into_iter().enumerate() {
        assert_eq!(num(&ucb, &format!("{i}.child")), child as f64);
        assert_eq!(num(&ucb, &format!("{i}.exploitation")), exploitation);
        assert_eq!(num(&ucb, &format!("{i}.exploration")), exploration);
        assert_eq!(num(&ucb, &format!("{i}.total")), total);
    }
    let shares = m.root_shares().unwrap();
    for (i, c) in core.root_children_stats().iter().enumerate() {
        assert_eq!((num(&shares, &format!("{i}.n")), num(&shares, &format!("{i}.q"))), (c.n as f64, c.q));
    }
    // seekIteration back and forth lands on the same trees.
    let at400 = mcts_state(&m);
    m.seek_iteration((150.0).into()).unwrap();
    assert_eq!(m.iterations(), 150);
    let mut fresh = MctsStepper::for_game(&g, obj(r#"{"seed": 11, "c": 1.2}"#)).unwrap();
    fresh.run((150.0).into()).unwrap();
    assert_eq!(mcts_state(&m), mcts_state(&fresh));
    m.seek_iteration((400.0).into()).unwrap();
    assert_eq!(mcts_state(&m), at400);
}

#[wasm_bindgen_test]
fn mcts_stepper_refuses_bad_input_and_keeps_its_tree() {
    let g = c4("");
    let mut m = MctsStepper::for_game(&g, JsValue::UNDEFINED).unwrap();
    m.run((20.0).into()).unwrap();
    let before = mcts_state(&m);
    assert_eq!(
        message(m.run((1e12).into()).unwrap_err()),
        "MctsStepper.run: n 1000000000000 is out of range (0 to 999,980) (an MctsStepper runs at most 1000000 iterations)"
    );
    assert_eq!(message(m.run((-1.0).into()).unwrap_err()), "MctsStepper.run: n -1 is out of range (0 to 999,980) (an MctsStepper runs at most 1000000 iterations)");
    assert_eq!(
        message(m.seek_iteration((f64::NAN).into()).unwrap_err()),
        "MctsStepper.seekIteration: iteration must be an integer, got NaN"
    );
    assert_eq!(
        message(m.ucb((21.0).into()).unwrap_err()),
        "MctsStepper.ucb: node 21 is out of range (0 to 20)"
    );
    assert_eq!(mcts_state(&m), before);
    for (opts, want) in [
        (r#"{"depth": 3}"#, "MctsStepper.forGame: option 'depth' does not apply to an MctsStepper (its options are c, seed, expansion and solver; run iterations with run(n))"),
        (r#"{"algo": "alphabeta"}"#, "MctsStepper.forGame: algo 'alphabeta': an MctsStepper runs 'mcts'"),
        (r#"{"sed": 1}"#, "MctsStepper.forGame: unknown option 'sed' (options are algo, tie, order, seed, depth, eval, tt, quiescence, iterative, budget, iterations, c, expansion, scores, solver, fastWins, singular, beam)"),
        (r#"{"c": -1}"#, "MctsStepper.forGame: c must be a number from 0 to 1000000, got -1"),
    ] {
        assert_eq!(message(MctsStepper::for_game(&g, obj(opts)).err().unwrap()), want);
    }
}

#[wasm_bindgen_test]
fn mcts_on_trees_labels_nodes_as_the_tree_does() {
    let t = GameTree::parse(lessons::fig_5_2().into()).unwrap();
    let mut m = MctsStepper::for_tree(&t, JsValue::UNDEFINED).unwrap();
    m.run((3.0).into()).unwrap();
    let n = m.nodes().unwrap();
    assert_eq!(
        (0..len(&n, "")).map(|i| text(&n, &format!("{i}.label"))).collect::<Vec<_>>(),
        ["A", "B", "C", "D"]
    );
    assert_eq!(numbers(&get(&n, "0.children")), vec![1.0, 2.0, 3.0]);
    m.run((500.0).into()).unwrap();
    assert_eq!(m.best().as_f64(), Some(0.0), "B, worth 3, is the best move");
}

#[wasm_bindgen_test]
fn limits_are_published() {
    let l = limits().unwrap();
    assert_eq!((num(&l, "maxNodeCap"), num(&l, "defaultNodeCap")), (100_000.0, 20_000.0));
    assert_eq!((num(&l, "maxIterations"), num(&l, "maxDepth")), (1_000_000.0, 64.0));
}

// ---------------------------------------------------------------------------------------
// ucb1: the lessons' exercise (parent 100 visits; children 28/40, 30/50, 8/10; C = 1.414)

#[wasm_bindgen_test]
fn ucb1_reproduces_the_lessons_exercise() {
    let c = JsValue::from_f64(1.414);
    let p = JsValue::from_f64(100.0);
    let terms = |w: f64, n: f64| {
        let r = plyground_wasm::ucb1_js(w.into(), n.into(), p.clone(), c.clone()).unwrap();
        let r4 = |k: &str| (num(&r, k) * 1e4).round() / 1e4;
        (r4("exploitation"), r4("exploration"), r4("total"))
    };
    assert_eq!(terms(28.0, 40.0), (0.7, 0.4798, 1.1798));
    assert_eq!(terms(30.0, 50.0), (0.6, 0.4291, 1.0291));
    assert_eq!(terms(8.0, 10.0), (0.8, 0.9596, 1.7596));
    // An unvisited child must be tried first.
    let r = plyground_wasm::ucb1_js(0.0.into(), 0.0.into(), p.clone(), c.clone()).unwrap();
    assert_eq!(num(&r, "total"), f64::INFINITY);
    // Bad input is refused, naming the argument.
    let e = plyground_wasm::ucb1_js(5.0.into(), 4.0.into(), p.clone(), c.clone()).unwrap_err();
    assert_eq!(message(e), "ucb1: w = 5 exceeds n = 4 (rewards are in [0, 1] per visit)");
    let e = plyground_wasm::ucb1_js((-1.0).into(), 4.0.into(), p, c).unwrap_err();
    assert_eq!(message(e), "ucb1: w must be a finite number ≥ 0, got -1");
}

// ---------------------------------------------------------------------------------------
// The exact Connect-4 solver

// solveGame is the full module's (the `analyze` feature), which the wasm tests are run with.
#[cfg(feature = "full")]
#[wasm_bindgen_test]
fn the_solver_scores_every_column_exactly_and_steps_like_any_search() {
    // Three X stones stacked in column 4, X to move: column 4 wins at once with X's fourth
    // stone (22 − 4 = 18); column 1 still wins later (11); every other column loses.
    let g = c4("414141");
    let r = plyground_wasm::solve_game(&g, None).unwrap();
    assert_eq!(num(&r, "best"), 4.0);
    assert_eq!(num(&r, "value"), 18.0);
    assert_eq!(num(&r, "score"), 18.0);
    assert_eq!(get(&r, "exact").as_bool(), Some(true));
    let scores: Vec<(f64, f64)> = (0..len(&r, "scores"))
        .map(|i| (num(&r, &format!("scores.{i}.move")), num(&r, &format!("scores.{i}.value"))))
        .collect();
    assert_eq!(
        scores,
        vec![(1.0, 11.0), (2.0, -18.0), (3.0, -18.0), (4.0, 18.0), (5.0, -18.0), (6.0, -18.0), (7.0, -18.0)]
    );
    // O to move facing two threats on the bottom row: every column loses, X wins with its
    // fourth stone (value 18 to X, score −18 for O).
    let r = plyground_wasm::solve_game(&c4("44553"), None).unwrap();
    assert_eq!((num(&r, "value"), num(&r, "score")), (18.0, -18.0));
    // A budget too small for the opening: incomplete, no scores, no move.
    let r = plyground_wasm::solve_game(&c4(""), Some(1000.0.into())).unwrap();
    assert_eq!(get(&r, "complete").as_bool(), Some(false));
    assert!(get(&r, "best").is_null());
    assert_eq!(len(&r, "scores"), 0);
    // Refusals name the call.
    assert_eq!(
        message(plyground_wasm::solve_game(&ttt(""), None).unwrap_err()),
        "solveGame: the solver plays Connect-4 only"
    );
    assert_eq!(
        message(plyground_wasm::solve_game(&g, Some(0.0.into())).unwrap_err()),
        "solveGame: budget 0 is out of range (1 to 1,000,000,000)"
    );
    // The recorded solve: a complete trace whose result is the solver's value.
    let mut st = Stepper::for_solve(&c4("225257625346224411156336"), Some(20000.0.into())).unwrap();
    assert!(!st.truncated());
    let res = st.result().unwrap();
    let solved = plyground_wasm::solve_game(&c4("225257625346224411156336"), None).unwrap();
    assert_eq!(num(&res, "value"), num(&solved, "value"));
    assert_eq!(num(&res, "value"), -8.0);
    assert!(st.length() > 100);
    st.seek(st.length().into()).unwrap();
    let end = st.state().unwrap();
    assert!(text(&end, "narration").starts_with("Search done: the root is worth"));
    // A cap that stops the solver says so.
    let small = Stepper::for_solve(&c4(""), Some(50.0.into())).unwrap();
    assert!(small.truncated());
}
