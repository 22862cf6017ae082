//! Target `tree`: `Tree::try_parse` on generated, mutated and random texts.
//!
//! Properties of every input: the parser returns (no panic); an error's line and column lie
//! inside the text (1-based; the column may be one past the last character of its line) and
//! its message is not empty; a tree it accepts has at most 100,000 nodes and depth 64,
//! round-trips through the writer (`parse(to_text(t)) == t`), and its searches (minimax or
//! max^n, α-β with and without a budget, iterative deepening, MCTS, a recorded α-β trace
//! stepped to its end and back) return without panicking, α-β agreeing with minimax.
//!
//! Generated valid trees also check what the parser read: node count, leaf values (against
//! the standard library's float parser), written kinds and labels, in written order.

use crate::corpus::{self, Seed};
use crate::{run_property, Failure};
use plyground::games::tree::{Form, Kind, RandomTreeParams, Tree, MAX_DEPTH, MAX_NODES, MAX_TEXT_BYTES};
use plyground::rng::Rng;
use plyground::search::alphabeta::{alpha_beta, iterative_deepening, AlphaBetaOptions, NoEval};
use plyground::search::maxn::maxn;
use plyground::search::mcts::{mcts_search, MctsOptions};
use plyground::search::minimax::minimax;
use plyground::trace::Recorder;
use plyground::{Game, MoveOrder, NoObserver, TieRule};
use proptest::prelude::*;
use proptest::sample::Index;
use std::sync::OnceLock;

/// What a stored or generated text must do.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Expect {
    /// Must parse.
    Ok,
    /// Must be refused.
    Error,
    /// Either, but by the rules.
    Any,
}

/// Every property of one text. `Ok(Some(tree))` when it parsed.
pub fn check_text(text: &str, expect: Expect) -> Result<Option<Tree>, String> {
    match Tree::try_parse(text) {
        Err(e) => {
            if expect == Expect::Ok {
                return Err(format!(
                    "refused a valid tree: {e}\n  text: {}",
                    crate::clip(&corpus::escape(text.as_bytes()))
                ));
            }
            check_error_place(text, e.line, e.column)?;
            if e.message.trim().is_empty() {
                return Err("an error without a message".into());
            }
            Ok(None)
        }
        Ok(t) => {
            if expect == Expect::Error {
                return Err(format!(
                    "accepted a text that must be refused: {}",
                    crate::clip(&corpus::escape(text.as_bytes()))
                ));
            }
            check_tree(&t)?;
            Ok(Some(t))
        }
    }
}

/// The error's 1-based line and column point into the text.
pub fn check_error_place(text: &str, line: u32, column: u32) -> Result<(), String> {
    let lines: Vec<&str> = text.split('\n').collect();
    if line < 1 || line as usize > lines.len() {
        return Err(format!("error at line {line}, but the text has {} lines", lines.len()));
    }
    let chars = lines[line as usize - 1].chars().count();
    if column < 1 || column as usize > chars + 1 {
        return Err(format!("error at line {line}, column {column}, but that line has {chars} characters"));
    }
    Ok(())
}

/// The round trip through every other text form (S-expression, JSON, outline): an `Ok`
/// text reads back into an equal tree.
pub fn check_forms(t: &Tree) -> Result<(), String> {
    for form in [Form::Sexp, Form::Json, Form::Outline] {
        if let Ok(text) = t.try_to_text_as(form) {
            match Tree::try_parse_as(&text, form) {
                Ok(back) if back == *t => {}
                Ok(_) => return Err(format!("{form:?} round trip changed the tree: {}", crate::clip(&text))),
                Err(e) => {
                    return Err(format!("{form:?} text refused by its reader ({e}): {}", crate::clip(&text)))
                }
            }
        }
    }
    Ok(())
}

/// Limits, the round trip through the writer and the other forms, and searches that must
/// not panic.
pub fn check_tree(t: &Tree) -> Result<(), String> {
    if t.node_count() == 0 || t.node_count() > MAX_NODES {
        return Err(format!("{} nodes (limit {MAX_NODES})", t.node_count()));
    }
    if t.height() > MAX_DEPTH {
        return Err(format!("height {} (limit {MAX_DEPTH})", t.height()));
    }
    // The writer's guarantee: an `Ok` text parses back into an equal tree; a refusal
    // happens only for a text over the parser's limit, and says so.
    match t.try_to_text() {
        Ok(text) => match Tree::try_parse(&text) {
            Ok(back) if back == *t => {}
            Ok(_) => return Err(format!("round trip changed the tree: to_text gave {}", crate::clip(&text))),
            Err(e) => {
                return Err(format!("to_text wrote a text the parser refuses ({e}): {}", crate::clip(&text)))
            }
        },
        Err(e) => {
            let len = t.to_text().len();
            if len <= MAX_TEXT_BYTES || !e.contains(&format!("would take {len} bytes, more than the 1048576"))
            {
                return Err(format!("try_to_text refused a text of {len} bytes: {e}"));
            }
        }
    }
    check_forms(t)?;
    check_searches(t)
}

fn close(a: f64, b: f64) -> bool {
    a == b || (a - b).abs() <= 1e-9 * (1.0 + a.abs().max(b.abs()))
}

/// Searches on the tree with small budgets; α-β (full) must agree with minimax.
pub fn check_searches(t: &Tree) -> Result<(), String> {
    let root = t.initial_state();
    let budgeted = AlphaBetaOptions { node_budget: Some(1000), ..AlphaBetaOptions::default() };
    if !t.has_tuples() {
        // Bounded whatever the tree's size.
        let r = alpha_beta(t, &root, &budgeted, NoObserver);
        if r.complete && r.stats.nodes > 1000 {
            return Err(format!("α-β entered {} nodes under a budget of 1000", r.stats.nodes));
        }
    }
    if t.has_tuples() {
        let r = maxn(t, &root, NoObserver);
        if !r.value.is_finite() {
            return Err(format!("max^n value {}", r.value));
        }
    } else {
        let m = minimax(t, &root, &mut NoObserver);
        if !m.value.is_finite() {
            return Err(format!("minimax value {}", m.value));
        }
        for tie in [TieRule::NonStrict, TieRule::Strict] {
            for order in [MoveOrder::Natural, MoveOrder::Reversed, MoveOrder::Killer, MoveOrder::Random(7)] {
                let o = AlphaBetaOptions { tie, order, ..AlphaBetaOptions::default() };
                let ab = alpha_beta(t, &root, &o, NoObserver);
                if !ab.complete || !close(ab.value, m.value) {
                    return Err(format!(
                        "α-β ({tie:?}, {order:?}) gives {} (complete {}), minimax {}",
                        ab.value, ab.complete, m.value
                    ));
                }
            }
        }
        for budget in [1, 3, 50] {
            let o = AlphaBetaOptions { node_budget: Some(budget), ..AlphaBetaOptions::default() };
            let ab = alpha_beta(t, &root, &o, NoObserver);
            if ab.complete && !close(ab.value, m.value) {
                return Err(format!(
                    "α-β with budget {budget} says complete with {}, minimax {}",
                    ab.value, m.value
                ));
            }
            let id = iterative_deepening(t, &root, &NoEval, &o, NoObserver);
            if id.complete && !close(id.value, m.value) {
                return Err(format!(
                    "iterative deepening with budget {budget} says complete with {}, minimax {}",
                    id.value, m.value
                ));
            }
        }
        let cap = MAX_NODES;
        let mut rec = Recorder::new(t, root).with_node_cap(cap);
        let o = AlphaBetaOptions { node_budget: Some(cap as u64), ..AlphaBetaOptions::default() };
        alpha_beta(t, &root, &o, &mut rec);
        let trace = rec.finish();
        let mut cur = trace.cursor();
        let n = cur.len();
        cur.step(n);
        let _ = cur.narration();
        for i in 0..n.min(50) {
            let _ = trace.narration(i);
        }
        cur.back(n);
        if cur.index() != 0 {
            return Err(format!("stepping a trace of {n} events back ends at {}", cur.index()));
        }
        let _ = trace.encode_all();
    }
    let mo = MctsOptions { seed: 3, max_nodes: 2000, ..MctsOptions::default() };
    let r = mcts_search(t, &root, &mo, 60, NoObserver);
    if !r.value.is_finite() {
        return Err(format!("MCTS value {}", r.value));
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// Generated valid trees.

/// A number as written, and its value (the standard library's reading of the text).
#[derive(Clone, Debug)]
pub struct Num(pub String);

fn number() -> impl Strategy<Value = Num> {
    prop_oneof![
        4 => (-1000i64..1000, 0u8..7).prop_map(|(i, s)| Num(match s {
            0 => format!("{i}"),
            1 if i >= 0 => format!("+{i}"),
            2 => format!("{i}.0"),
            3 => format!("{i}."),
            4 => format!("{i}e0"),
            5 => format!("{i}0E-1"),
            _ => format!("{i}e+0"),
        })),
        2 => (-99i32..100, 0u32..1000, 0u8..3).prop_map(|(i, f, s)| Num(match s {
            0 => format!("{i}.{f}"),
            1 => format!("{i}.{f}e-2"),
            _ => format!("{}.{f}", if i < 0 { "-" } else { "" }),
        })),
        1 => prop::sample::select(vec!["1e15", "-1e15", "999999999999999", "-0", "0.1", "1e-300", "5e-324", ".5"])
            .prop_map(|s| Num(s.to_string())),
    ]
}

fn label() -> impl Strategy<Value = Option<String>> {
    prop::option::weighted(0.25, "[L_][a-z0-9_']{0,3}")
}

/// A generated node: kinds are `max`, `min`, `chance`, `p0`… (index into KINDS).
#[derive(Clone, Debug)]
pub enum GNode {
    Leaf { label: Option<String>, values: Vec<Num> },
    Inner { kind: Option<&'static str>, label: Option<String>, eval: Option<Num>, children: Vec<GNode> },
}

/// Two-player trees (number leaves) or n-player ones (tuple leaves, `players` entries).
fn gen_tree(players: usize) -> impl Strategy<Value = GNode> {
    let kinds: Vec<Option<&'static str>> = if players == 1 {
        vec![None, None, None, Some("max"), Some("min"), Some("chance"), Some("p0"), Some("P1"), Some("MAX")]
    } else {
        let mut k = vec![None, None, None, Some("chance")];
        k.extend(["p0", "p1", "p2", "p3"].iter().take(players).map(|&s| Some(s)));
        k
    };
    let leaf = (label(), prop::collection::vec(number(), players..=players))
        .prop_map(|(label, values)| GNode::Leaf { label, values });
    // A static evaluation `~v` on inner nodes of two-player trees (number leaves) only.
    let evals = players == 1;
    leaf.prop_recursive(7, 80, 5, move |inner| {
        (
            prop::sample::select(kinds.clone()),
            label(),
            prop::option::weighted(0.3, number()),
            prop::collection::vec(inner, 1..6),
        )
            .prop_map(move |(kind, label, eval, children)| GNode::Inner {
                kind,
                label,
                eval: eval.filter(|_| evals),
                children,
            })
    })
}

/// Separators between tokens: blanks, newlines, tabs and comments.
fn separators() -> impl Strategy<Value = Vec<&'static str>> {
    prop::collection::vec(
        prop::sample::select(vec!["", "", "", " ", "  ", "\n", "\t", " # a comment, ] [ ( :\n", "#\n"]),
        1..8,
    )
}

/// What the parser must have read, node by node in written order.
#[derive(Clone, Debug, PartialEq)]
struct Expected {
    kind: Option<&'static str>,
    label: Option<String>,
    values: Option<Vec<f64>>,
    eval: Option<f64>,
    children: usize,
}

struct Writer<'a> {
    out: String,
    seps: &'a [&'static str],
    k: usize,
    expected: Vec<Expected>,
}

impl Writer<'_> {
    fn sep(&mut self) {
        let s = self.seps[self.k % self.seps.len()];
        self.k += 1;
        self.out.push_str(s);
    }

    fn node(&mut self, n: &GNode) {
        match n {
            GNode::Leaf { label, values } => {
                if let Some(l) = label {
                    self.out.push_str(l);
                    self.sep();
                    self.out.push('=');
                    self.sep();
                }
                let parsed: Vec<f64> =
                    values.iter().map(|v| v.0.parse::<f64>().unwrap_or(f64::NAN)).collect();
                if values.len() == 1 {
                    self.out.push_str(&values[0].0);
                } else {
                    self.out.push('(');
                    for (i, v) in values.iter().enumerate() {
                        if i > 0 {
                            self.sep();
                            self.out.push(',');
                        }
                        self.sep();
                        self.out.push_str(&v.0);
                    }
                    self.sep();
                    self.out.push(')');
                }
                self.expected.push(Expected {
                    kind: None,
                    label: label.clone(),
                    values: Some(parsed),
                    eval: None,
                    children: 0,
                });
            }
            GNode::Inner { kind, label, eval, children } => {
                if let Some(k) = kind {
                    self.out.push_str(k);
                    if label.is_some() {
                        self.out.push(' ');
                    }
                    self.sep();
                }
                if let Some(l) = label {
                    self.out.push_str(l);
                    self.sep();
                }
                if let Some(e) = eval {
                    self.out.push('~');
                    self.sep();
                    self.out.push_str(&e.0);
                    self.sep();
                }
                self.out.push('[');
                self.expected.push(Expected {
                    kind: *kind,
                    label: label.clone(),
                    values: None,
                    eval: eval.as_ref().map(|e| e.0.parse::<f64>().unwrap_or(f64::NAN)),
                    children: children.len(),
                });
                let chance = kind.is_some_and(|k| k.eq_ignore_ascii_case("chance"));
                for (i, c) in children.iter().enumerate() {
                    self.sep();
                    if i > 0 {
                        self.out.push(',');
                        self.sep();
                    }
                    if chance {
                        let k = children.len();
                        self.out.push_str(&if k.is_power_of_two() {
                            format!("{}", 1.0 / k as f64)
                        } else {
                            format!("1/{k}")
                        });
                        self.sep();
                        self.out.push(':');
                        self.sep();
                    }
                    self.node(c);
                }
                if self.k.is_multiple_of(5) {
                    self.out.push(',');
                }
                self.sep();
                self.out.push(']');
            }
        }
    }
}

/// A generated tree written as text with random separators, and what it must parse to.
#[derive(Clone, Debug)]
pub struct ValidText {
    pub text: String,
    expected: Vec<Expected>,
}

fn valid_text() -> impl Strategy<Value = ValidText> {
    prop_oneof![Just(1usize), 2usize..=4].prop_flat_map(|players| (gen_tree(players), separators())).prop_map(
        |(g, seps)| {
            let mut w = Writer { out: String::new(), seps: &seps, k: 0, expected: Vec::new() };
            w.sep();
            w.node(&g);
            w.sep();
            ValidText { text: w.out, expected: w.expected }
        },
    )
}

fn check_valid(v: &ValidText) -> Result<(), String> {
    let t = check_text(&v.text, Expect::Ok)?.ok_or("no tree")?;
    if t.node_count() != v.expected.len() {
        return Err(format!("{} nodes read, {} written", t.node_count(), v.expected.len()));
    }
    for (id, e) in v.expected.iter().enumerate() {
        let n = t.node(id as u32).ok_or("missing node")?;
        if n.children().len() != e.children {
            return Err(format!("node {id}: {} children read, {} written", n.children().len(), e.children));
        }
        if let Some(l) = &e.label {
            if !n.label_given() || n.label() != l {
                return Err(format!("node {id}: label '{}' read, '{l}' written", n.label()));
            }
        } else if n.label_given() {
            return Err(format!("node {id}: label '{}' read, none written", n.label()));
        }
        match (n.eval(), e.eval) {
            (None, None) => {}
            (Some(a), Some(b)) if a.to_bits() == b.to_bits() || (a == 0.0 && b == 0.0) => {}
            (got, want) => {
                return Err(format!("node {id}: static evaluation {got:?} read, {want:?} written"))
            }
        }
        if let Some(vals) = &e.values {
            let u = n.utilities().ok_or(format!("node {id}: a leaf was written, an inner node read"))?;
            let got = if vals.len() == 1 { vec![u[0]] } else { u[..vals.len()].to_vec() };
            if got.iter().zip(vals).any(|(a, b)| a.to_bits() != b.to_bits() && !(*a == 0.0 && *b == 0.0)) {
                return Err(format!("node {id}: values {got:?} read, {vals:?} written"));
            }
        }
        if let Some(k) = e.kind {
            let want = match k.to_ascii_lowercase().as_str() {
                "max" => Kind::Max,
                "min" => Kind::Min,
                "chance" => Kind::Chance,
                p => {
                    let i: u8 = p[1..].parse().unwrap_or(0);
                    if t.has_tuples() {
                        Kind::Player(i)
                    } else if i == 0 {
                        Kind::Max
                    } else {
                        Kind::Min
                    }
                }
            };
            if n.kind() != want {
                return Err(format!("node {id}: kind {:?} read, '{k}' written", n.kind()));
            }
        }
    }
    Ok(())
}

/// The core's own random trees (chance nodes, explicit kinds, tuples) written by `to_text`.
fn random_tree_text() -> impl Strategy<Value = String> {
    (any::<u64>(), 0u32..6, 1u32..4, 0u32..5, 0.0f64..0.4, 0.0f64..0.5, 0.0f64..0.5, 2u8..=4, any::<bool>())
        .prop_map(|(seed, depth, minc, extra, leaf, chance, explicit, players, tuples)| {
            let params = RandomTreeParams {
                max_depth: depth,
                min_children: minc,
                max_children: minc + extra,
                min_value: -20,
                max_value: 20,
                leaf_probability: leaf,
                chance_probability: chance,
                explicit_kind_probability: explicit,
                players: if tuples { players } else { 2 },
            };
            Tree::random(&mut Rng::new(seed), &params).to_text()
        })
}

// ---------------------------------------------------------------------------------------
// Mutations.

/// Grammar pieces and troublemakers inserted by the mutator.
pub const TOKENS: &[&str] = &[
    "[",
    "]",
    ",",
    ":",
    "(",
    ")",
    "=",
    "~",
    "#",
    "\n",
    "-",
    "+",
    ".",
    "e",
    "E",
    "/",
    " ",
    "max",
    "min",
    "chance",
    "MAX",
    "p0",
    "p3",
    "p4",
    "p9",
    "P255",
    "p256",
    "A",
    "_",
    "'",
    "1e308",
    "-1e308",
    "1e309",
    "1e999",
    "99999999999999999999999",
    "1e15",
    "1000000000000001",
    "0.5:",
    "1/0:",
    "0/0:",
    "1/3:",
    "NaN",
    "nan",
    "inf",
    "-inf",
    "Infinity",
    "\u{2212}3",
    "\u{2212}",
    "\u{fffd}",
    "é",
    "\u{0}",
    "\r",
    "\u{feff}",
    "0x10",
    "1_000",
    "1e",
    "1e+",
    ".",
    "..5",
    "--1",
    "+-1",
    "(1,2)",
    "(1,2,3,4,5)",
    "(1)",
    "[]",
    "[,]",
    "[[",
    "]]",
    "chance[",
    "max[",
    "x=",
    "a=b=1",
    "#[[[",
    "5e-324",
    "2.2250738585072014e-308",
];

#[derive(Clone, Debug)]
pub enum Op {
    Flip(Index, u8),
    Truncate(Index),
    Insert(Index, Index),
    Delete(Index, u8),
    Duplicate(Index, u8),
    Nest(u16),
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        3 => (any::<Index>(), any::<u8>()).prop_map(|(i, b)| Op::Flip(i, b)),
        1 => any::<Index>().prop_map(Op::Truncate),
        4 => (any::<Index>(), any::<Index>()).prop_map(|(i, t)| Op::Insert(i, t)),
        2 => (any::<Index>(), 1u8..20).prop_map(|(i, n)| Op::Delete(i, n)),
        1 => (any::<Index>(), 1u8..40).prop_map(|(i, n)| Op::Duplicate(i, n)),
        1 => (0u16..200).prop_map(Op::Nest),
    ]
}

/// Applies the mutations to the bytes; invalid UTF-8 is replaced (as a caller converting
/// bytes to text would), so the parser sees any string.
pub fn mutate(base: &str, ops: &[Op]) -> String {
    let mut b = base.as_bytes().to_vec();
    for o in ops {
        let at = |i: &Index, len: usize| if len == 0 { 0 } else { i.index(len + 1) };
        match o {
            Op::Flip(i, x) if !b.is_empty() => {
                let k = i.index(b.len());
                b[k] ^= x.max(&1);
            }
            Op::Flip(..) => {}
            Op::Truncate(i) => b.truncate(at(i, b.len())),
            Op::Insert(i, t) => {
                let k = at(i, b.len());
                let tok = TOKENS[t.index(TOKENS.len())].as_bytes();
                b.splice(k..k, tok.iter().copied());
            }
            Op::Delete(i, n) => {
                let k = at(i, b.len());
                let end = (k + *n as usize).min(b.len());
                b.drain(k..end);
            }
            Op::Duplicate(i, n) => {
                let k = at(i, b.len());
                let end = (k + *n as usize).min(b.len());
                let piece = b[k..end].to_vec();
                b.splice(end..end, piece);
            }
            Op::Nest(n) => {
                let mut v = vec![b'['; *n as usize];
                v.extend_from_slice(&b);
                v.extend(std::iter::repeat_n(b']', *n as usize));
                b = v;
            }
        }
    }
    String::from_utf8_lossy(&b).into_owned()
}

/// Texts to mutate: the lessons' trees (tests/fixtures/lessons.txt) and the corpus inputs.
fn bases() -> &'static [String] {
    static BASES: OnceLock<Vec<String>> = OnceLock::new();
    BASES.get_or_init(|| {
        let mut v: Vec<String> = vec!["[[3,12,8],[2,4,6],[14,5,2]]".into()];
        if let Ok(text) = std::fs::read_to_string(crate::repo_root().join("tests/fixtures/lessons.txt")) {
            v.extend(text.lines().filter_map(|l| l.strip_prefix("tree:")).map(|t| t.trim().to_string()));
        }
        if let Ok(seeds) = corpus::load("tree") {
            v.extend(
                seeds
                    .iter()
                    .filter(|s| !s.input.is_empty())
                    .map(|s| String::from_utf8_lossy(&s.input).into_owned()),
            );
        }
        v
    })
}

fn mutated() -> impl Strategy<Value = String> {
    let base = prop_oneof![
        2 => any::<Index>().prop_map(|i| bases()[i.index(bases().len())].clone()),
        1 => valid_text().prop_map(|v| v.text),
        1 => random_tree_text(),
    ];
    (base, prop::collection::vec(op(), 1..6)).prop_map(|(b, ops)| mutate(&b, &ops))
}

fn soup() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::collection::vec(prop::sample::select(TOKENS.to_vec()), 0..60).prop_map(|v| v.concat()),
        prop::collection::vec(any::<u8>(), 0..200).prop_map(|b| String::from_utf8_lossy(&b).into_owned()),
        ".{0,80}",
    ]
}

fn text_seed(text: &str, expect: Expect) -> String {
    let e = match expect {
        Expect::Ok => "ok",
        Expect::Error => "error",
        Expect::Any => "any",
    };
    format!("expect: {e}\ninput: {}\n", corpus::escape(text.as_bytes()))
}

/// The properties of the `tree` target, `cases` each.
pub fn run(cases: u32, seed: u64, execs: &mut u64) -> Result<(), Failure> {
    run_property(
        "tree-valid",
        valid_text(),
        cases,
        seed,
        execs,
        |v| text_seed(&v.text, Expect::Ok),
        check_valid,
    )?;
    run_property(
        "tree-random-roundtrip",
        random_tree_text(),
        cases,
        seed,
        execs,
        |t| text_seed(t, Expect::Ok),
        |t| check_text(t, Expect::Ok).map(|_| ()),
    )?;
    run_property(
        "tree-mutated",
        mutated(),
        cases * 2,
        seed,
        execs,
        |t| text_seed(t, Expect::Any),
        |t| check_text(t, Expect::Any).map(|_| ()),
    )?;
    run_property(
        "tree-soup",
        soup(),
        cases,
        seed,
        execs,
        |t| text_seed(t, Expect::Any),
        |t| check_text(t, Expect::Any).map(|_| ()),
    )
}

/// A large text from a `generate:` line.
pub fn generate(spec: &str) -> Result<String, String> {
    let mut it = spec.split_whitespace();
    let (Some(kind), Some(n), None) = (it.next(), it.next().and_then(|n| n.parse::<usize>().ok()), it.next())
    else {
        return Err(format!("bad generate spec '{spec}' (expected '<kind> <count>')"));
    };
    let mut s = String::new();
    match kind {
        "root-children" => {
            s.push('[');
            for i in 0..n {
                s.push_str(&format!("{}{}", if i > 0 { "," } else { "" }, i % 97));
            }
            s.push(']');
        }
        "chance-children" => {
            s.push_str("chance[");
            for i in 0..n {
                s.push_str(&format!("{}1/{n}:{}", if i > 0 { "," } else { "" }, i % 10));
            }
            s.push(']');
        }
        "nested" => {
            s.push_str(&"[".repeat(n));
            s.push('1');
            s.push_str(&"]".repeat(n));
        }
        "binary-leaves" => {
            // A balanced binary tree with n leaves, written recursively.
            fn w(s: &mut String, lo: usize, hi: usize) {
                if hi - lo == 1 {
                    s.push_str(&((lo * 7919) % 1000).to_string());
                    return;
                }
                let mid = (lo + hi) / 2;
                s.push('[');
                w(s, lo, mid);
                s.push(',');
                w(s, mid, hi);
                s.push(']');
            }
            w(&mut s, 0, n.max(1));
        }
        other => return Err(format!("unknown generator '{other}'")),
    }
    Ok(s)
}

/// Checks one stored seed: its text (or generated text) with every property above; a seed
/// with `iterative-budget: N` also runs iterative deepening with that budget.
pub fn check_seed(seed: &Seed) -> Result<(), String> {
    let text = match seed.get("generate") {
        Some(spec) => generate(spec)?,
        None => String::from_utf8_lossy(&seed.input).into_owned(),
    };
    let expect = match seed.get("expect").unwrap_or("any") {
        "ok" => Expect::Ok,
        "error" => Expect::Error,
        "any" => Expect::Any,
        e => return Err(format!("unknown expect '{e}'")),
    };
    let tree = check_text(&text, expect)?;
    if let (Some(t), Some(b)) = (&tree, seed.get("iterative-budget")) {
        let budget: u64 = b.parse().map_err(|_| format!("bad iterative-budget '{b}'"))?;
        let o = AlphaBetaOptions { node_budget: Some(budget), ..AlphaBetaOptions::default() };
        let id = iterative_deepening(t, &0, &NoEval, &o, NoObserver);
        let m = minimax(t, &0, &mut NoObserver);
        if id.complete && !close(id.value, m.value) {
            return Err(format!(
                "iterative deepening (budget {budget}): complete with {}, minimax {}",
                id.value, m.value
            ));
        }
    }
    Ok(())
}
