//! `Engine`, `engines`, `checkEngineConfig` and `engineLabel` as JavaScript sees them, run in
//! Node by `wasm-bindgen-test-runner`. The records are compared with the core's own answers
//! (the same engine run natively) and with the recorded search "Show me the search" draws.

#![cfg(target_arch = "wasm32")]

use crate::common;

use common::{get, message, num, obj, text};
use plyground::games::connect4::Connect4;
use plyground::play::engine::{Engine, ScoreBound};
use plyground::play::players::{BoardKind, BoardPosition, PlayerConfig, PlayerEngine, PlayerId};
use plyground_wasm::{
    check_engine_config, engine_label, engines, EngineHandle, GameHandle, MctsStepper, Stepper,
};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::wasm_bindgen_test;

fn game(kind: &str, moves: &str) -> GameHandle {
    GameHandle::create(kind.into(), Some(moves.into())).unwrap()
}

fn json(v: &JsValue) -> String {
    js_sys::JSON::stringify(v).unwrap().as_string().unwrap()
}

fn run(e: &mut EngineHandle) -> JsValue {
    let mut steps = 0;
    while !e.done() {
        e.step(None).unwrap();
        steps += 1;
        assert!(steps < 10_000, "the engine never finishes");
    }
    e.result().unwrap()
}

#[wasm_bindgen_test]
fn the_catalogue_lists_every_player_with_its_settings_and_defaults() {
    let c4 = engines("c4".into()).unwrap();
    assert_eq!(
        json(&get(&c4, "3")),
        r#"{"id":"hminimax","name":"H-minimax (EVAL)","menu":"H-minimax (EVAL)","fields":[{"key":"depth","label":"Depth","kind":"int","min":1,"max":42,"step":1,"optional":false},{"key":"tt","label":"TT","kind":"bool","min":0,"max":1,"step":0,"optional":false},{"key":"quiescence","label":"quiescence","kind":"bool","min":0,"max":1,"step":0,"optional":false}],"defaults":{"engine":"hminimax","depth":6,"tt":true,"quiescence":false,"iterations":5000,"c":1.414,"seed":1},"unavailable":null,"becomes":"hminimax"}"#
    );
    assert_eq!(
        json(&get(&c4, "1")),
        r#"{"id":"minimax","name":"Minimax","menu":"Minimax","fields":[],"defaults":{"engine":"minimax","depth":null,"tt":false,"quiescence":false,"iterations":5000,"c":1.414,"seed":1},"unavailable":"minimax searches to the end of the game: only tic-tac-toe is small enough","becomes":"hminimax"}"#
    );
    assert_eq!(text(&c4, "5.menu"), "Perfect (exact solver)");
    let ttt = engines("ttt".into()).unwrap();
    let ids: Vec<String> = (0..6).map(|i| text(&ttt, &format!("{i}.id"))).collect();
    assert_eq!(ids, ["human", "minimax", "alphabeta", "hminimax", "mcts", "perfect"]);
    assert_eq!(
        json(&get(&ttt, "2.fields")),
        r#"[{"key":"depth","label":"Depth","kind":"int","min":1,"max":42,"step":1,"optional":true}]"#
    );
    assert_eq!(
        json(&get(&ttt, "4.fields")),
        r#"[{"key":"iterations","label":"Iterations","kind":"int","min":1,"max":1000000,"step":1,"optional":false},{"key":"c","label":"C","kind":"number","min":0,"max":100,"step":0.001,"optional":false},{"key":"seed","label":"Seed","kind":"int","min":0,"max":4294967295,"step":1,"optional":false}]"#
    );
    assert_eq!(text(&ttt, "5.menu"), "Perfect (exact α-β)");
    assert_eq!(
        message(engines("chess".into()).unwrap_err()),
        "engines: unknown game 'chess' (expected 'ttt' or 'c4')"
    );
}

#[wasm_bindgen_test]
fn configurations_are_checked_naming_the_field() {
    let check =
        |kind: &str, cfg: &str| check_engine_config(kind.into(), obj(cfg)).map(|v| json(&v)).map_err(message);
    assert_eq!(
        check("c4", r#"{"engine":"hminimax","depth":"5","quiescence":true}"#).unwrap(),
        r#"{"engine":"hminimax","depth":5,"tt":true,"quiescence":true,"iterations":5000,"c":1.414,"seed":1}"#
    );
    assert_eq!(
        check("ttt", r#"{"engine":"alphabeta","depth":null}"#).unwrap(),
        r#"{"engine":"alphabeta","depth":null,"tt":false,"quiescence":false,"iterations":2000,"c":1.414,"seed":1}"#
    );
    assert_eq!(
        check("c4", r#"{"engine":"alphabeta","depth":""}"#).unwrap_err(),
        "depth must be a whole number from 1 to 42"
    );
    assert_eq!(
        check("ttt", r#"{"engine":"alphabeta","depth":"<img>"}"#).unwrap_err(),
        "depth must be a whole number from 1 to 42 (or empty: to the end)"
    );
    assert_eq!(
        check("ttt", r#"{"engine":"mcts","iterations":0}"#).unwrap_err(),
        "iterations must be a whole number from 1 to 1000000"
    );
    assert_eq!(check("ttt", r#"{"engine":"mcts","c":"x"}"#).unwrap_err(), "C must be a number from 0 to 100");
    assert_eq!(check("ttt", r#"{"engine":"hminimax","tt":3}"#).unwrap_err(), "tt must be true or false");
    assert_eq!(
        check("ttt", r#"{"engine":"chess"}"#).unwrap_err(),
        "unknown engine \"chess\" (expected human, minimax, alphabeta, hminimax, mcts, perfect)"
    );
    assert_eq!(
        check("c4", r#"{"engine":"minimax"}"#).unwrap_err(),
        "minimax searches to the end of the game: only tic-tac-toe is small enough"
    );
    assert_eq!(
        engine_label("c4".into(), obj(r#"{"engine":"hminimax","depth":6,"tt":true}"#)).unwrap(),
        "H-minimax (EVAL), depth 6, TT"
    );
    assert_eq!(
        engine_label("ttt".into(), obj(r#"{"engine":"mcts","iterations":10,"c":1.414,"seed":3}"#)).unwrap(),
        "MCTS, 10 iterations, C 1.414, seed 3"
    );
    let g = game("ttt", "");
    assert_eq!(
        message(EngineHandle::for_game(&g, obj(r#"{"engine":"human"}"#)).err().unwrap()),
        "Engine.forGame: a human does not search"
    );
    assert_eq!(
        message(EngineHandle::for_game(&g, obj(r#"{"engine":"mcts","seed":-1}"#)).err().unwrap()),
        "Engine.forGame: seed must be a whole number from 0 to 4294967295"
    );
}

#[wasm_bindgen_test]
fn tictactoe_alpha_beta_answers_exactly_and_records_the_same_search() {
    let g = game("ttt", "0,4");
    let mut e = EngineHandle::for_game(&g, obj(r#"{"engine":"alphabeta"}"#)).unwrap();
    let r = run(&mut e);
    assert_eq!((num(&r, "value"), num(&r, "score"), num(&r, "mover")), (0.0, 0.0, 0.0));
    assert!(get(&r, "exact").as_bool().unwrap() && get(&r, "complete").as_bool().unwrap());
    assert!(get(&r, "depth").is_null(), "to the end");
    assert_eq!(text(&r, "algo"), "alphabeta");
    assert_eq!(
        json(&get(&r, "proven")),
        r#"{"outcome":"draw","plies":null,"words":"draws","label":"draw","long":"draws"}"#
    );
    assert_eq!(
        json(&get(&r, "scores")),
        r#"[{"move":1,"value":0,"score":0,"bound":"exact","proven":{"outcome":"draw","plies":null,"words":"draws","label":"draw","long":"draws"},"settled":null},{"move":2,"value":0,"score":0,"bound":"exact","proven":{"outcome":"draw","plies":null,"words":"draws","label":"draw","long":"draws"},"settled":null},{"move":3,"value":0,"score":0,"bound":"exact","proven":{"outcome":"draw","plies":null,"words":"draws","label":"draw","long":"draws"},"settled":null},{"move":5,"value":0,"score":0,"bound":"exact","proven":{"outcome":"draw","plies":null,"words":"draws","label":"draw","long":"draws"},"settled":null},{"move":6,"value":0,"score":0,"bound":"exact","proven":{"outcome":"draw","plies":null,"words":"draws","label":"draw","long":"draws"},"settled":null},{"move":7,"value":0,"score":0,"bound":"exact","proven":{"outcome":"draw","plies":null,"words":"draws","label":"draw","long":"draws"},"settled":null},{"move":8,"value":0,"score":0,"bound":"exact","proven":{"outcome":"draw","plies":null,"words":"draws","label":"draw","long":"draws"},"settled":null}]"#
    );
    let o = e.search_options().unwrap();
    assert_eq!(
        json(&o),
        r#"{"algo":"alphabeta","tie":"nonstrict","order":"natural","depth":null,"eval":false,"tt":false,"quiescence":false,"iterative":false,"budget":5000000,"fastWins":true}"#
    );
    // The search that moved is the search that is drawn.
    let st = Stepper::for_game(&g, o, Some(100_000.0.into())).unwrap();
    let sr = st.result().unwrap();
    assert_eq!((num(&sr, "value"), num(&sr, "best")), (num(&r, "value"), num(&r, "best")));
}

/// Proven results and fast wins: X 0 4 against O 1 2, X to move — cell 8 wins at once, cells 3 and
/// 6 fork. Every tic-tac-toe engine that searches to the end of the game plays 8 and says
/// "win in 1" / "win in 3"; "Show me the search" records the same game (`fastWins`) and ends
/// with the engine's value and move.
#[wasm_bindgen_test]
fn tictactoe_engines_take_the_immediate_win_and_say_win_in_1() {
    let g = game("ttt", "0,1,4,2");
    for engine in ["minimax", "alphabeta", "hminimax", "perfect"] {
        let mut e = EngineHandle::for_game(&g, obj(&format!(r#"{{"engine":"{engine}"}}"#))).unwrap();
        let r = run(&mut e);
        assert_eq!(num(&r, "best"), 8.0, "{engine}");
        assert_eq!(
            json(&get(&r, "proven")),
            r#"{"outcome":"win","plies":1,"words":"wins in 1","label":"win in 1","long":"wins in 1 ply"}"#,
            "{engine}"
        );
        let scores = get(&r, "scores");
        let label = |i: usize| text(&get(&get(&scores, &i.to_string()), "proven"), "label");
        // Cells 3, 5, 6, 7, 8 in natural order.
        assert_eq!(num(&get(&scores, "0"), "move"), 3.0);
        assert_eq!(num(&get(&scores, "4"), "move"), 8.0);
        assert_eq!(
            (label(0), label(2), label(4)),
            ("win in 3".into(), "win in 3".into(), "win in 1".into()),
            "{engine}"
        );
        let o = e.search_options().unwrap();
        assert!(get(&o, "fastWins").as_bool().unwrap(), "{engine}");
        let st = Stepper::for_game(&g, o, Some(100_000.0.into())).unwrap();
        let sr = st.result().unwrap();
        assert_eq!((num(&sr, "value"), num(&sr, "best")), (num(&r, "value"), num(&r, "best")), "{engine}");
    }
    // The lessons' game stays ±1 where nobody asks for the engines' one.
    let st = Stepper::for_game(&g, obj(r#"{"algo":"minimax"}"#), None).unwrap();
    assert_eq!(num(&st.result().unwrap(), "value"), 1.0);
    assert_eq!(
        message(Stepper::for_game(&game("c4", ""), obj(r#"{"fastWins":true}"#), None).err().unwrap()),
        "Stepper.forGame: fastWins: only Stepper.forGame on tic-tac-toe records the engines' game (wins scored by distance)"
    );
}

#[wasm_bindgen_test]
fn connect4_h_minimax_deepens_and_records_the_same_search_with_bounds_from_the_movers_side() {
    // O to move: bounds to MAX turn around for the mover.
    let moves = "445";
    let g = game("c4", moves);
    let cfg = r#"{"engine":"hminimax","depth":5,"tt":true}"#;
    let mut e = EngineHandle::for_game(&g, obj(cfg)).unwrap();
    let mut depths = Vec::new();
    while !e.done() {
        let p = e.step(None).unwrap();
        depths.push(num(&p, "depth"));
    }
    assert_eq!(depths, [1.0, 2.0, 3.0, 4.0, 5.0, 5.0], "one depth per step, then the per-move scores");
    let r = e.result().unwrap();
    assert_eq!(num(&r, "mover"), 1.0);
    assert_eq!(num(&r, "score"), -num(&r, "value"));
    // The core's own engine, natively: the same scores, bounds seen from O's side.
    let s = Connect4.try_parse_moves(moves).unwrap();
    let mut pe = PlayerEngine::new(
        &PlayerConfig {
            depth: Some(5),
            ..PlayerConfig::default_for(BoardKind::Connect4, PlayerId::HMinimax)
        },
        BoardPosition::Connect4(s),
    )
    .unwrap();
    let core = pe.run(1);
    assert_eq!(num(&r, "value"), core.value);
    assert_eq!(num(&get(&r, "stats"), "nodes"), core.stats.nodes as f64);
    for (i, m) in core.scores.iter().enumerate() {
        let js = get(&get(&r, "scores"), &i.to_string());
        assert_eq!(num(&js, "move"), f64::from(m.action) + 1.0);
        let flipped = match m.bound {
            ScoreBound::Lower => "upper",
            ScoreBound::Upper => "lower",
            b => b.name(),
        };
        assert_eq!(text(&js, "bound"), flipped);
        match m.value {
            Some(v) => assert_eq!((num(&js, "value"), num(&js, "score")), (v, -v)),
            None => assert!(get(&js, "value").is_null() && get(&js, "score").is_null()),
        }
    }
    let o = e.search_options().unwrap();
    assert_eq!(
        json(&o),
        r#"{"algo":"alphabeta","tie":"nonstrict","order":"heuristic","depth":5,"eval":true,"tt":true,"quiescence":false,"iterative":true,"budget":5000000}"#
    );
    let st = Stepper::for_game(&g, o, Some(100_000.0.into())).unwrap();
    let sr = st.result().unwrap();
    assert_eq!((num(&sr, "value"), num(&sr, "best")), (num(&r, "value"), num(&r, "best")));
    assert!(get(&sr, "complete").as_bool().unwrap());
}

#[wasm_bindgen_test]
fn the_perfect_player_solves_connect4_and_takes_the_win() {
    let g = game("c4", "414141");
    let mut e = EngineHandle::for_game(&g, obj(r#"{"engine":"perfect"}"#)).unwrap();
    assert_eq!(e.label(), "Perfect (exact solver)");
    let r = run(&mut e);
    assert_eq!((num(&r, "best"), num(&r, "value"), num(&r, "score")), (4.0, 18.0, 18.0));
    assert!(get(&r, "exact").as_bool().unwrap());
    assert!(!get(&r, "fellBack").as_bool().unwrap());
    assert_eq!(text(&r, "algo"), "solve");
    assert_eq!(json(&e.search_options().unwrap()), r#"{"algo":"solve","budget":65000000}"#);
}

#[wasm_bindgen_test]
fn mcts_runs_in_slices_and_plays_what_the_mcts_lab_shows() {
    let g = game("ttt", "4");
    let mut e = EngineHandle::for_game(&g, obj(r#"{"engine":"mcts","iterations":300,"seed":7}"#)).unwrap();
    assert_eq!(e.slice(), 50.0);
    let mut seen = Vec::new();
    while !e.done() {
        seen.push(num(&e.step(None).unwrap(), "iterations"));
    }
    assert_eq!(seen, [50.0, 100.0, 150.0, 200.0, 250.0, 300.0]);
    let r = e.result().unwrap();
    assert_eq!((text(&r, "algo"), num(&r, "iterations")), ("mcts".to_string(), 300.0));
    let o = e.search_options().unwrap();
    assert_eq!(json(&o), r#"{"algo":"mcts","seed":7,"iterations":300,"c":1.414,"expansion":"natural"}"#);
    let mut m = MctsStepper::for_game(&g, obj(r#"{"c":1.414,"seed":7}"#)).unwrap();
    m.run(300.0.into()).unwrap();
    assert_eq!(m.best().as_f64(), Some(num(&r, "best")));
    let mut visits = 0.0;
    for i in 0..8 {
        let s = get(&get(&r, "scores"), &i.to_string());
        assert!(["estimate", "missing"].contains(&text(&s, "bound").as_str()));
        visits += num(&s, "n");
    }
    assert_eq!(visits, 300.0, "every iteration visits one root child");
}
