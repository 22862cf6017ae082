//! The JavaScript API as JavaScript sees it, run in Node by `wasm-bindgen-test-runner`:
//! `cargo test --target wasm32-unknown-unknown -p plyground-wasm`.

#![cfg(target_arch = "wasm32")]

use plyground_wasm::{best_move, TicTacToeGame};
use wasm_bindgen::{JsCast, JsError, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

/// The message of the JavaScript `Error` a call threw.
fn message(e: JsError) -> String {
    let v: JsValue = e.into();
    let err: js_sys::Error = v.dyn_into().expect("a JavaScript Error");
    err.message().into()
}

/// Reads a numeric or null property of a plain object.
fn prop(obj: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(obj, &JsValue::from_str(key)).expect("property")
}

#[wasm_bindgen_test]
fn play_fills_cells_and_alternates_sides() {
    let mut g = TicTacToeGame::new();
    assert_eq!(g.cells(), ".........");
    assert_eq!(g.to_move(), "X");
    g.play(4.0).unwrap();
    g.play(0.0).unwrap();
    assert_eq!(g.cells(), "O...X....");
    assert_eq!(g.to_move(), "X");
    assert_eq!(g.legal_moves(), vec![1, 2, 3, 5, 6, 7, 8]);
    assert_eq!(g.move_string(), "4,0");
    assert!(g.undo());
    assert_eq!(g.cells(), "....X....");
    assert_eq!(g.move_string(), "4");
}

#[wasm_bindgen_test]
fn illegal_moves_throw_naming_the_move_and_change_nothing() {
    let mut g = TicTacToeGame::from_moves("4,0").unwrap();
    let before = (g.cells(), g.move_string(), g.to_move());

    assert_eq!(message(g.play(4.0).unwrap_err()), "illegal move 4: cell 4 is already taken");
    assert_eq!(
        message(g.play(9.0).unwrap_err()),
        "illegal move 9: cell 9 is not a cell of the board (cells are the integers 0–8)"
    );
    assert_eq!(
        message(g.play(1.5).unwrap_err()),
        "illegal move 1.5: cell 1.5 is not a cell of the board (cells are the integers 0–8)"
    );
    assert_eq!(
        message(g.play(-1.0).unwrap_err()),
        "illegal move -1: cell -1 is not a cell of the board (cells are the integers 0–8)"
    );
    assert_eq!((g.cells(), g.move_string(), g.to_move()), before);

    // After a win, every move is refused.
    let mut won = TicTacToeGame::from_moves("0,3,1,4,2").unwrap();
    assert_eq!(message(won.play(5.0).unwrap_err()), "illegal move 5: cell 5: the game is already over");
    assert_eq!(won.cells(), "XXXOO....");
}

#[wasm_bindgen_test]
fn from_moves_rejects_bad_input_naming_it() {
    assert_eq!(
        message(TicTacToeGame::from_moves("4,x").unwrap_err()),
        "bad move list '4,x': bad character 'x' at position 3 (cells are 0–8)"
    );
    assert_eq!(
        message(TicTacToeGame::from_moves("4,4").unwrap_err()),
        "bad move list '4,4': move 2 (4): cell 4 is already taken"
    );
}

#[wasm_bindgen_test]
fn terminal_state_reports_winner_and_line() {
    let g = TicTacToeGame::from_moves("0,3,1,4,2").unwrap();
    assert!(g.is_terminal());
    assert_eq!(g.winner().as_deref(), Some("X"));
    assert_eq!(g.winning_line(), Some(vec![0, 1, 2]));
    assert_eq!(g.utility(), Some(1.0));
    assert!(g.legal_moves().is_empty());

    let draw = TicTacToeGame::from_moves("0,4,8,1,7,6,2,5,3").unwrap();
    assert!(draw.is_terminal());
    assert_eq!(draw.winner(), None);
    assert_eq!(draw.winning_line(), None);
    assert_eq!(draw.utility(), Some(0.0));
}

#[wasm_bindgen_test]
fn best_move_finds_the_forced_win() {
    // X holds 0 and 1, O holds 3 and 4, X to move: 2 wins at once (value +1 to X).
    let g = TicTacToeGame::from_moves("0,3,1,4").unwrap();
    for algo in ["alphabeta", "minimax"] {
        let r = best_move(&g, algo).unwrap();
        assert_eq!(prop(&r, "value").as_f64(), Some(1.0), "{algo}");
        assert_eq!(prop(&r, "move").as_f64(), Some(2.0), "{algo}");
        assert!(prop(&r, "nodes").as_f64().unwrap() >= 2.0, "{algo}");
    }
    // O to move against a fork (X on 0, 4, 6 threatens 3 and 2): X still wins, value +1.
    let fork = TicTacToeGame::from_moves("0,1,4,8,6").unwrap();
    assert_eq!(prop(&best_move(&fork, "alphabeta").unwrap(), "value").as_f64(), Some(1.0));
}

#[wasm_bindgen_test]
fn best_move_from_the_empty_board_matches_the_oracle_node_counts() {
    let g = TicTacToeGame::new();
    let mm = best_move(&g, "minimax").unwrap();
    assert_eq!(prop(&mm, "value").as_f64(), Some(0.0));
    assert_eq!(prop(&mm, "nodes").as_f64(), Some(549_946.0));
    let ab = best_move(&g, "alphabeta").unwrap();
    assert_eq!(prop(&ab, "value").as_f64(), Some(0.0));
    assert_eq!(prop(&ab, "nodes").as_f64(), Some(18_297.0));
}

#[wasm_bindgen_test]
fn best_move_rejects_unknown_algorithms_and_is_null_when_over() {
    let g = TicTacToeGame::new();
    assert_eq!(
        message(best_move(&g, "mcts").unwrap_err()),
        "unknown algorithm 'mcts' (expected \"alphabeta\" or \"minimax\")"
    );
    let over = TicTacToeGame::from_moves("0,3,1,4,2").unwrap();
    let r = best_move(&over, "alphabeta").unwrap();
    assert!(prop(&r, "move").is_null());
    assert_eq!(prop(&r, "value").as_f64(), Some(1.0));
}
