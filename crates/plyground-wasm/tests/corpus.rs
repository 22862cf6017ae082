//! The lessons' fixture corpus (tests/fixtures/lessons.txt) through the JavaScript API: every
//! applicable search gives the fixtures' values, decisions and evaluated leaves — the values
//! the native corpus test (crates/plyground/tests/corpus.rs) checks.

#![cfg(target_arch = "wasm32")]

use crate::common;

use common::{get, len, num, numbers, obj, strings};
use plyground_wasm::{search_tree, GameTree, Stepper};
use std::collections::HashMap;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::wasm_bindgen_test;

const LESSONS: &str = include_str!("../../../tests/fixtures/lessons.txt");

fn fixtures() -> Vec<HashMap<String, String>> {
    let mut out = Vec::new();
    let mut cur = HashMap::new();
    for line in LESSONS.lines().chain(std::iter::once("")) {
        let line = line.trim();
        if line.starts_with('#') {
            continue;
        }
        if line.is_empty() {
            if !cur.is_empty() {
                out.push(std::mem::take(&mut cur));
            }
            continue;
        }
        let (k, v) = line.split_once(':').expect("key: value");
        cur.insert(k.trim().to_string(), v.trim().to_string());
    }
    out
}

fn parse_value(s: &str) -> Vec<f64> {
    let inner = s.strip_prefix('(').and_then(|s| s.strip_suffix(')')).unwrap_or(s);
    inner.split(',').map(|x| x.trim().parse::<f64>().expect("a number")).collect()
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9
}

/// The fixture's tree as the API gets it: its text, or for `transform: sqrt` the
/// transformed tree written out by the core (`to_text` round-trips every number).
fn tree_text(f: &HashMap<String, String>) -> String {
    let text = f["tree"].clone();
    match f.get("transform").map(String::as_str) {
        None => text,
        Some("sqrt") => plyground::games::tree::Tree::try_parse(&text)
            .unwrap()
            .try_map_leaves(f64::sqrt)
            .unwrap()
            .to_text(),
        Some(other) => panic!("unknown transform {other}"),
    }
}

#[wasm_bindgen_test]
fn every_fixture_gives_the_lessons_answers_through_the_api() {
    let fx = fixtures();
    assert!(fx.len() >= 13, "{} fixtures", fx.len());
    let mut runs = 0;
    for f in &fx {
        let name = &f["name"];
        let t = GameTree::parse(tree_text(f).into()).unwrap_or_else(|e| panic!("{name}: {:?}", e));
        let want = parse_value(&f["value"]);
        let best = match f["best"].as_str() {
            "none" => None,
            b => Some(b.parse::<f64>().unwrap()),
        };
        for algo in f["algorithms"].split_whitespace() {
            for tie in ["nonstrict", "strict"] {
                if tie == "strict" && algo != "alphabeta" {
                    continue;
                }
                let what = format!("{name} / {algo} {tie}");
                let r = search_tree(&t, obj(&format!(r#"{{"algo": "{algo}", "tie": "{tie}"}}"#)))
                    .unwrap_or_else(|e| panic!("{what}: {}", common::message(e)));
                let value = get(&r, "value");
                if algo == "maxn" {
                    let v = numbers(&value);
                    for (k, w) in want.iter().enumerate() {
                        assert!(close(v[k], *w), "{what}: value {v:?}, expected {want:?}");
                    }
                } else {
                    assert!(close(value.as_f64().unwrap(), want[0]), "{what}: value {value:?}");
                }
                assert_eq!(get(&r, "best").as_f64(), best, "{what}: best");
                if let (Some(label), Some(_)) = (f.get("best_label"), best) {
                    assert_eq!(get(&r, "bestLabel").as_string().as_ref(), Some(label), "{what}: best label");
                }
                if algo == "alphabeta" {
                    let key = if tie == "strict" && f.contains_key("ab_leaves_strict") {
                        "ab_leaves_strict"
                    } else {
                        "ab_leaves"
                    };
                    if let Some(leaves) = f.get(key) {
                        let want: Vec<&str> = leaves.split_whitespace().collect();
                        assert_eq!(strings(&get(&r, "evaluated")), want, "{what}: evaluated leaves");
                    }
                }
                if let Some(c) = f.get("children") {
                    let want: Vec<Vec<f64>> = c.split_whitespace().map(parse_value).collect();
                    assert_eq!(len(&r, "scores") as usize, want.len(), "{what}: scores");
                    for (i, w) in want.iter().enumerate() {
                        // max^n scores carry the child's vector; the others its value to MAX.
                        let got = if algo == "maxn" {
                            numbers(&get(&r, &format!("scores.{i}.values")))
                        } else {
                            vec![num(&r, &format!("scores.{i}.value"))]
                        };
                        for (g, w) in got.iter().zip(w) {
                            assert!(close(*g, *w), "{what}: child {i} is {got:?}, expected {w:?}");
                        }
                    }
                }
                runs += 1;
            }
        }
    }
    assert!(runs >= 45, "only {runs} runs");
}

#[wasm_bindgen_test]
fn the_stepper_records_the_pruning_the_fixtures_give() {
    for f in fixtures() {
        let (Some(pruned), true) = (f.get("pruned"), f["algorithms"].contains("alphabeta")) else { continue };
        let t = GameTree::parse(tree_text(&f).into()).unwrap();
        let mut st = Stepper::for_tree(&t, JsValue::UNDEFINED, None).unwrap();
        st.seek((st.length() as f64).into()).unwrap();
        let s = st.state().unwrap();
        let nodes = st.nodes().unwrap();
        // Paths of the pruned edges: the parent's path, then the pruned index.
        let path_of = |id: f64| {
            let mut parts = Vec::new();
            let mut n = id;
            while num(&nodes, &format!("{n}.parent")) >= 0.0 {
                parts.push(num(&nodes, &format!("{n}.index")) as u32);
                n = num(&nodes, &format!("{n}.parent"));
            }
            parts.reverse();
            parts
        };
        let edges = st.pruned().unwrap();
        assert_eq!(num(&s, "prunedCount"), len(&edges, "") as f64, "all pruned by the end");
        let got: Vec<String> = (0..len(&edges, ""))
            .map(|i| {
                let mut p = path_of(num(&edges, &format!("{i}.parent")));
                p.push(num(&edges, &format!("{i}.index")) as u32);
                p.iter().map(u32::to_string).collect::<Vec<_>>().join(".")
            })
            .collect();
        for p in pruned.split_whitespace() {
            assert!(
                got.iter().any(|g| g == p || p.starts_with(&format!("{g}."))),
                "{}: {p} not under a pruned edge {got:?}",
                f["name"]
            );
        }
    }
}
