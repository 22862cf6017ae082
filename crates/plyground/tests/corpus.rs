//! The lessons' fixture corpus (tests/fixtures/lessons.txt): every applicable search on every
//! worked example, against the exact values, decisions and pruning the lessons give.

use plyground::event::{Event, Observer};
use plyground::games::tree::Tree;
use plyground::search::alphabeta::{alpha_beta, alpha_beta_scores, AlphaBetaOptions, NoEval};
use plyground::search::maxn::maxn_values;
use plyground::search::minimax::{expectiminimax, minimax, minimax_scores};
use plyground::{Game, MoveOrder, NoObserver, TieRule};
use std::collections::HashMap;

const TOLERANCE: f64 = 1e-9;

const ORDERS: [MoveOrder; 9] = [
    MoveOrder::Natural,
    MoveOrder::Reversed,
    MoveOrder::Random(1),
    MoveOrder::Random(0xD1CE),
    MoveOrder::Heuristic,
    MoveOrder::Killer,
    MoveOrder::History,
    MoveOrder::Best,
    MoveOrder::Random(42),
];

/// One fixture: its "key: value" lines.
struct Fixture {
    fields: HashMap<String, String>,
}

impl Fixture {
    fn get(&self, key: &str) -> Option<&str> {
        self.fields.get(key).map(String::as_str)
    }

    fn name(&self) -> &str {
        self.get("name").unwrap_or("?")
    }

    fn req(&self, key: &str) -> &str {
        self.get(key).unwrap_or_else(|| panic!("fixture {}: missing '{key}'", self.name()))
    }

    fn list(&self, key: &str) -> Option<Vec<String>> {
        self.get(key).map(|v| v.split_whitespace().map(str::to_string).collect())
    }
}

fn load() -> Vec<Fixture> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/lessons.txt");
    let text = std::fs::read_to_string(path).expect("read lessons.txt");
    let mut out = Vec::new();
    let mut cur: HashMap<String, String> = HashMap::new();
    for (n, line) in text.lines().chain(std::iter::once("")).enumerate() {
        let line = line.trim();
        if line.starts_with('#') {
            continue;
        }
        if line.is_empty() {
            if !cur.is_empty() {
                out.push(Fixture { fields: std::mem::take(&mut cur) });
            }
            continue;
        }
        let (k, v) = line.split_once(':').unwrap_or_else(|| panic!("lessons.txt line {}: no ':'", n + 1));
        let prev = cur.insert(k.trim().to_string(), v.trim().to_string());
        assert!(prev.is_none(), "lessons.txt line {}: '{k}' given twice", n + 1);
    }
    out
}

/// A number, or a tuple "(1,2,6)", as a vector.
fn parse_value(s: &str) -> Vec<f64> {
    let inner = s.strip_prefix('(').and_then(|s| s.strip_suffix(')')).unwrap_or(s);
    inner.split(',').map(|x| x.trim().parse::<f64>().unwrap_or_else(|_| panic!("bad number '{x}'"))).collect()
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= TOLERANCE
}

/// Tracks the path of child indices from Enter/Exit events: records the leaves evaluated
/// (Leaf events) and every node entered.
#[derive(Default)]
struct PathObserver {
    stack: Vec<Option<u32>>,
    leaves: Vec<String>,
    entered: Vec<String>,
}

impl PathObserver {
    fn path(&self) -> String {
        self.stack.iter().flatten().map(u32::to_string).collect::<Vec<_>>().join(".")
    }
}

impl Observer<u32> for PathObserver {
    fn event(&mut self, e: &Event<u32>) {
        match e {
            Event::Enter { via, .. } => {
                self.stack.push(*via);
                self.entered.push(self.path());
            }
            Event::Exit { .. } | Event::ExitUtilities { .. } => {
                self.stack.pop();
            }
            Event::Leaf { .. } | Event::LeafUtilities { .. } => self.leaves.push(self.path()),
            _ => {}
        }
    }
}

fn tree_of(f: &Fixture) -> Tree {
    let t = Tree::try_parse(f.req("tree")).unwrap_or_else(|e| panic!("fixture {}: {e}", f.name()));
    match f.get("transform") {
        None => t,
        Some("sqrt") => t.try_map_leaves(f64::sqrt).unwrap(),
        Some(other) => panic!("fixture {}: unknown transform '{other}'", f.name()),
    }
}

fn expected_best(f: &Fixture) -> Option<usize> {
    match f.req("best") {
        "none" => None,
        b => Some(b.parse().unwrap_or_else(|_| panic!("fixture {}: bad best '{b}'", f.name()))),
    }
}

/// Checks a two-player search result against `value`, `best` and the children's values.
fn check_scalar(f: &Fixture, what: &str, value: f64, best: Option<usize>) {
    let want = parse_value(f.req("value"));
    assert!(close(value, want[0]), "{} / {what}: value {value}, expected {}", f.name(), want[0]);
    assert_eq!(best, expected_best(f), "{} / {what}: best index", f.name());
}

fn check_children(f: &Fixture, what: &str, got: &[f64]) {
    if let Some(children) = f.list("children") {
        let want: Vec<f64> = children.iter().map(|c| parse_value(c)[0]).collect();
        assert_eq!(got.len(), want.len(), "{} / {what}: number of children", f.name());
        for (g, w) in got.iter().zip(&want) {
            assert!(close(*g, *w), "{} / {what}: children {got:?}, expected {want:?}", f.name());
        }
    }
}

fn run_minimax(f: &Fixture, t: &Tree, expecti: bool) {
    let what = if expecti { "expectiminimax" } else { "minimax" };
    let r = if expecti { expectiminimax(t, &0, &mut NoObserver) } else { minimax(t, &0, &mut NoObserver) };
    check_scalar(f, what, r.value, r.best_index);
    let scores: Vec<f64> = minimax_scores(t, &0).iter().map(|s| s.1).collect();
    check_children(f, what, &scores);
}

fn run_alpha_beta(f: &Fixture, t: &Tree) {
    let want = parse_value(f.req("value"))[0];
    let children: Option<Vec<f64>> =
        f.list("children").map(|c| c.iter().map(|x| parse_value(x)[0]).collect());
    for tie in [TieRule::NonStrict, TieRule::Strict] {
        for order in ORDERS {
            for tt_log2 in [None, Some(12)] {
                let opts = AlphaBetaOptions { tie, order, tt_log2, ..Default::default() };
                let what = format!("alpha-beta {tie:?} {order} tt={tt_log2:?}");
                let r = alpha_beta(t, &0, &opts, NoObserver);
                assert!(r.complete, "{} / {what}: incomplete", f.name());
                assert!(close(r.value, want), "{} / {what}: value {}, expected {want}", f.name(), r.value);
                match (r.best_index, &children) {
                    // Any ordering must pick an optimal move; the natural one the leftmost.
                    (Some(i), Some(c)) => {
                        assert!(close(c[i], want), "{} / {what}: move {i} is not optimal", f.name())
                    }
                    (None, _) => assert_eq!(expected_best(f), None, "{} / {what}: no decision", f.name()),
                    _ => {}
                }
                if order == MoveOrder::Natural {
                    assert_eq!(r.best_index, expected_best(f), "{} / {what}: best index", f.name());
                }
                let scores: Vec<f64> = alpha_beta_scores(t, &0, &NoEval, &opts).iter().map(|s| s.1).collect();
                check_children(f, &format!("{what} scores"), &scores);
            }
        }
        // The exact leaves of the lessons' traces (natural order, no table).
        let key = if tie == TieRule::Strict && f.get("ab_leaves_strict").is_some() {
            "ab_leaves_strict"
        } else {
            "ab_leaves"
        };
        let mut obs = PathObserver::default();
        let opts = AlphaBetaOptions { tie, ..Default::default() };
        let r = alpha_beta(t, &0, &opts, &mut obs);
        assert!(obs.stack.is_empty(), "{}: Enter/Exit events do not balance", f.name());
        assert_eq!(r.stats.leaves as usize, obs.leaves.len(), "{}: Leaf events vs stats", f.name());
        assert_eq!(r.stats.nodes as usize, obs.entered.len(), "{}: Enter events vs stats", f.name());
        if let Some(want) = f.list(key) {
            assert_eq!(obs.leaves, want, "{} / alpha-beta {tie:?}: evaluated leaves", f.name());
        }
        if tie == TieRule::NonStrict {
            for p in f.list("pruned").unwrap_or_default() {
                let inside = |e: &String| *e == p || e.starts_with(&format!("{p}."));
                assert!(!obs.entered.iter().any(inside), "{}: {p} should be pruned", f.name());
                let parts: Vec<u32> = p.split('.').map(|x| x.parse().unwrap()).collect();
                assert!(t.node_at_path(&parts).is_some(), "{}: pruned path {p} is not in the tree", f.name());
            }
        }
    }
}

fn run_maxn(f: &Fixture, t: &Tree) {
    let want = parse_value(f.req("value"));
    let (r, u) = maxn_values(t, &0, NoObserver);
    for (k, w) in want.iter().enumerate() {
        assert!(close(u[k], *w), "{} / maxn: root vector {u:?}, expected {want:?}", f.name());
    }
    assert_eq!(r.best_index, expected_best(f), "{} / maxn: best index", f.name());
    if let Some(children) = f.list("children") {
        let mut acts = Vec::new();
        t.actions(&0, &mut acts);
        assert_eq!(acts.len(), children.len(), "{} / maxn: number of children", f.name());
        for (&a, c) in acts.iter().zip(&children) {
            let (_, cu) = maxn_values(t, &t.result(&0, a), NoObserver);
            for (k, w) in parse_value(c).iter().enumerate() {
                assert!(close(cu[k], *w), "{} / maxn: child {a} is {cu:?}, expected {c}", f.name());
            }
        }
    }
}

#[test]
fn every_fixture_passes_every_applicable_search() {
    let fixtures = load();
    assert!(fixtures.len() >= 13, "only {} fixtures loaded", fixtures.len());
    let mut names = std::collections::HashSet::new();
    let mut runs = 0;
    for f in &fixtures {
        assert!(names.insert(f.name().to_string()), "fixture name {} repeats", f.name());
        let t = tree_of(f);
        if let Some(label) = f.get("best_label") {
            let b = expected_best(f).expect("best_label needs a best index") as u32;
            assert_eq!(t.state_label(&t.result(&0, b)).as_deref(), Some(label), "{}: best_label", f.name());
        }
        if let Some(action) = f.get("best_action") {
            let b = expected_best(f).expect("best_action needs a best index") as u32;
            assert_eq!(t.action_name(&0, b), action, "{}: best_action", f.name());
        }
        let algorithms = f.list("algorithms").unwrap_or_default();
        assert!(!algorithms.is_empty(), "{}: no algorithms", f.name());
        for a in &algorithms {
            match a.as_str() {
                "minimax" => run_minimax(f, &t, false),
                "expectiminimax" => run_minimax(f, &t, true),
                "alphabeta" => run_alpha_beta(f, &t),
                "maxn" => run_maxn(f, &t),
                other => panic!("{}: unknown algorithm '{other}'", f.name()),
            }
            runs += 1;
        }
    }
    assert!(runs >= 39, "only {runs} algorithm runs");
}

#[test]
fn sqrt_flips_the_expectiminimax_choice_but_the_fixtures_agree_on_the_tree() {
    let fixtures = load();
    let find = |n: &str| fixtures.iter().find(|f| f.name() == n).unwrap_or_else(|| panic!("no fixture {n}"));
    let raw = find("sqrt_transform_untransformed");
    let sqrt = find("sqrt_transform_applied");
    assert_eq!(raw.req("tree"), sqrt.req("tree"));
    let t = tree_of(sqrt);
    let r = expectiminimax(&t, &0, &mut NoObserver);
    assert_eq!(r.best_index, Some(0));
    assert_eq!(minimax_scores(&t, &0)[1].1, 0.5 * 3f64.sqrt());
    assert_ne!(expected_best(raw), expected_best(sqrt));
}
