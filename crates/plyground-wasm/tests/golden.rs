//! The same searches give the same numbers in wasm as natively: the digests of
//! tests/fixtures/golden-digests.txt (computed by crates/plyground/tests/golden_digests.rs)
//! recomputed from what the JavaScript API returns.

#![cfg(target_arch = "wasm32")]

use crate::common;
use crate::lessons;

use common::{fnv, get};
use plyground_wasm::{GameHandle, GameTree, MctsStepper, Stepper};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::wasm_bindgen_test;

const GOLDEN: &str = include_str!("../../../tests/fixtures/golden-digests.txt");

fn golden(name: &str) -> u64 {
    let line = GOLDEN
        .lines()
        .find(|l| l.split_whitespace().next() == Some(name))
        .unwrap_or_else(|| panic!("no digest {name}"));
    let hex = line.split_whitespace().nth(1).expect("a digest");
    u64::from_str_radix(hex.trim_start_matches("0x"), 16).expect("hex")
}

fn events_digest(st: &Stepper) -> u64 {
    let flat = st.events(None, None).unwrap();
    assert_eq!(flat.len(), st.event_count() as usize * 8);
    fnv(flat.iter().map(|x| x.to_bits()))
}

#[wasm_bindgen_test]
fn figure_5_2_alpha_beta_trace_is_the_native_one_event_for_event() {
    let t = GameTree::parse(lessons::fig_5_2().into()).unwrap();
    let st = Stepper::for_tree(&t, JsValue::UNDEFINED, Some((20_000.0).into())).unwrap();
    // 43 events, 29 steps (a leaf is one step).
    assert_eq!((st.event_count(), st.length(), st.node_count()), (43, 29, 11));
    assert_eq!(events_digest(&st), golden("alphabeta_figure_5_2"));
}

#[wasm_bindgen_test]
fn tictactoe_alpha_beta_trace_is_the_native_one_event_for_event() {
    let g = GameHandle::create("ttt".into(), None).unwrap();
    let st = Stepper::for_game(&g, JsValue::UNDEFINED, Some((20_000.0).into())).unwrap();
    assert_eq!(st.node_count(), 18_297);
    assert!(!st.truncated());
    assert_eq!(events_digest(&st), golden("alphabeta_tictactoe"));
}

#[wasm_bindgen_test]
fn connect4_mcts_seed_42_grows_the_native_tree() {
    let g = GameHandle::create("c4".into(), None).unwrap();
    let mut m = MctsStepper::for_game(&g, common::obj(r#"{"seed": 42}"#)).unwrap();
    assert_eq!(m.run((1000.0).into()).unwrap(), 1000);
    let nodes = js_sys::Array::from(&m.nodes().unwrap());
    assert_eq!(nodes.length(), 1001);
    let mut words = Vec::new();
    for n in nodes.iter() {
        words.push((get(&n, "parent").as_f64().unwrap() + 1.0) as u64);
        words.push(get(&n, "action").as_f64().map_or(0, |a| a as u64));
        words.push(get(&n, "n").as_f64().unwrap() as u64);
        words.push(get(&n, "w").as_f64().unwrap().to_bits());
    }
    assert_eq!(fnv(words), golden("mcts_connect4_seed42_1000"));
}
