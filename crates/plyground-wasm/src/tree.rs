//! `GameTree`: an explicit game tree parsed from text, and the one-shot `searchTree`.

use crate::options::{Algo, Opts};
use crate::search::{self, depth_js, is_exact, MoveScore, SearchStats, SearchValue};
use crate::util::{at, string_arg, to_js};
use plyground::game::{Game, ToMove};
use plyground::games::tree::{Form, Kind, ParseError, Tree};
use plyground::trace::Recorder;
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// An explicit game tree (grammar in docs/tree-grammar.md): the lessons' figures and any
/// tree a learner types in.
#[wasm_bindgen]
#[derive(Clone, Debug)]
pub struct GameTree {
    pub(crate) tree: Tree,
}

/// The JavaScript `TreeParseError`: an `Error` named `TreeParseError` with `line`, `column`
/// (1-based, in characters) and `reason`; its message is "line L, column C: reason".
fn parse_error(e: &ParseError) -> JsValue {
    let err = js_sys::Error::new(&format!("line {}, column {}: {}", e.line, e.column, e.message));
    err.set_name("TreeParseError");
    let v: JsValue = err.into();
    // Setting a property on a fresh Error object cannot fail.
    let _ = js_sys::Reflect::set(&v, &"line".into(), &JsValue::from(e.line));
    let _ = js_sys::Reflect::set(&v, &"column".into(), &JsValue::from(e.column));
    let _ = js_sys::Reflect::set(&v, &"reason".into(), &JsValue::from_str(&e.message));
    v
}

#[cfg(feature = "lab")]
/// A form argument: a form's name, or `auto` (the form detected in `text`).
fn form_arg(form: &JsValue, text: &str) -> Result<Form, String> {
    let name = string_arg("form", form)?;
    if name == "auto" {
        return Ok(Form::detect(text));
    }
    Form::try_from_name(&name).map_err(|e| format!("{e}, or auto"))
}

/// One node, as `nodes()` lists it.
#[derive(Serialize, tsify_next::Tsify)]
#[tsify(missing_as_null)]
struct TreeNodeInfo {
    id: u32,
    /// -1 at the root.
    parent: i32,
    /// Index among its siblings.
    index: u32,
    #[tsify(type = "'max' | 'min' | 'chance' | 'player' | 'terminal'")]
    kind: &'static str,
    /// The player to move (null at chance nodes).
    player: Option<u32>,
    label: String,
    /// The action's name ('a1'); null at the root.
    edge: Option<String>,
    /// Probability of a chance edge, else null.
    prob: Option<f64>,
    /// A number leaf's utility to MAX.
    value: Option<f64>,
    /// A tuple leaf's utilities.
    values: Option<Vec<f64>>,
    depth: u32,
    children: Vec<u32>,
}

#[wasm_bindgen]
impl GameTree {
    /// Parses a tree. Throws a `TreeParseError` (an `Error` with `.line`, `.column` and
    /// `.reason`) naming the place and what was expected there.
    pub fn parse(
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    ) -> Result<GameTree, JsValue> {
        let text = string_arg("text", &text).map_err(|e| JsValue::from(at("GameTree.parse")(e)))?;
        Tree::try_parse(&text).map(|tree| GameTree { tree }).map_err(|e| parse_error(&e))
    }

    /// Nodes in the tree.
    #[wasm_bindgen(getter, js_name = nodeCount)]
    pub fn node_count(&self) -> u32 {
        self.tree.node_count() as u32
    }

    /// Players: 2, or the length of the utility tuples.
    #[wasm_bindgen(getter)]
    pub fn players(&self) -> u32 {
        self.tree.players() as u32
    }

    /// Whether the leaves are utility tuples (an n-player tree, searched with max^n).
    #[wasm_bindgen(getter, js_name = hasTuples)]
    pub fn has_tuples(&self) -> bool {
        self.tree.has_tuples()
    }

    /// The searches that apply to this tree, the default first (the core decides:
    /// `plyground::caption::algorithms_for`): `['maxn']` for utility tuples,
    /// `['expectiminimax', 'alphabeta']` with chance nodes, else `['minimax', 'alphabeta']`.
    pub fn algorithms(&self) -> Vec<String> {
        plyground::caption::algorithms_for(&self.tree).iter().map(|a| a.to_string()).collect()
    }

    /// Every node by id (the written order; the root is 0): `{id, parent (−1 at the root),
    /// index (among its siblings), kind ('max'|'min'|'chance'|'player'|'terminal'), player
    /// (null at chance nodes), label, edge (the action's name, null at the root), prob (of a
    /// chance edge, else null), value (a number leaf's utility to MAX, else null), values (a
    /// tuple leaf's utilities, else null), depth, children}`.
    #[wasm_bindgen(unchecked_return_type = "TreeNodeInfo[]")]
    pub fn nodes(&self) -> Result<JsValue, JsError> {
        let t = &self.tree;
        let players = t.players();
        let out: Vec<TreeNodeInfo> = t
            .nodes()
            .iter()
            .enumerate()
            .map(|(id, n)| {
                let id = id as u32;
                let parent_chance = n.parent().and_then(|p| t.kind(p)) == Some(Kind::Chance);
                let kind = match n.kind() {
                    Kind::Max => "max",
                    Kind::Min => "min",
                    Kind::Chance => "chance",
                    Kind::Player(_) => "player",
                    Kind::Terminal => "terminal",
                };
                let player = match n.to_move() {
                    ToMove::Player(p) => Some(p.0 as u32),
                    ToMove::Chance => None,
                };
                let is_leaf = n.kind() == Kind::Terminal;
                TreeNodeInfo {
                    id,
                    parent: n.parent().map_or(-1, |p| p as i32),
                    index: n.index(),
                    kind,
                    player,
                    label: n.label().to_string(),
                    edge: t.edge_name(id),
                    prob: parent_chance.then(|| n.probability()),
                    value: if is_leaf && !t.has_tuples() { n.value() } else { None },
                    values: if is_leaf && t.has_tuples() {
                        n.utilities().map(|u| u[..players.min(u.len())].to_vec())
                    } else {
                        None
                    },
                    depth: n.depth(),
                    children: n.children().to_vec(),
                }
            })
            .collect();
        to_js(&out)
    }

    /// The tree as text that `GameTree.parse` reads back into the same tree; throws when
    /// that text would be over the parser's 1 MiB (see `Tree::try_to_text`).
    #[wasm_bindgen(js_name = toText)]
    pub fn to_text(&self) -> Result<String, JsError> {
        self.tree.try_to_text().map_err(at("GameTree.toText"))
    }

    /// The form a text is written in, as `parseAs(text, 'auto')` reads it: `'grammar'`,
    /// `'sexp'`, `'json'` or `'outline'` (from its first characters; see docs/tree-forms.md).
    /// In every module (it is small), so that a page knows whether a text needs the practice
    /// module's `parseAs` before loading it.
    #[wasm_bindgen(js_name = detectForm, unchecked_return_type = "'grammar' | 'sexp' | 'json' | 'outline'")]
    pub fn detect_form(
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    ) -> Result<String, JsError> {
        let text = string_arg("text", &text).map_err(at("GameTree.detectForm"))?;
        Ok(Form::detect(&text).name().to_string())
    }
}

/// The tree text forms (the `lab` feature: only in the practice module, which pages load on
/// first use).
#[cfg(feature = "lab")]
#[wasm_bindgen]
impl GameTree {
    /// Parses a tree written in `form`: `'grammar'`, `'sexp'`, `'json'`, `'outline'`, or
    /// `'auto'` (the form `GameTree.detectForm` names; docs/tree-forms.md). Throws a
    /// `TreeParseError` like `parse`, or an `Error` for an unknown form.
    #[wasm_bindgen(js_name = parseAs)]
    pub fn parse_as(
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
        #[wasm_bindgen(unchecked_param_type = "'auto' | 'grammar' | 'sexp' | 'json' | 'outline'")]
        form: JsValue,
    ) -> Result<GameTree, JsValue> {
        let text = string_arg("text", &text).map_err(|e| JsValue::from(at("GameTree.parseAs")(e)))?;
        let form = form_arg(&form, &text).map_err(|e| JsValue::from(at("GameTree.parseAs")(e)))?;
        Tree::try_parse_as(&text, form).map(|tree| GameTree { tree }).map_err(|e| parse_error(&e))
    }

    /// The tree written in `form` (`'grammar'`, `'sexp'`, `'json'`, `'outline'`), which
    /// `parseAs(text, form)` reads back into the same tree; throws for an unknown form or a
    /// text over that form's reader limit.
    #[wasm_bindgen(js_name = toTextAs)]
    pub fn to_text_as(
        &self,
        #[wasm_bindgen(unchecked_param_type = "'grammar' | 'sexp' | 'json' | 'outline'")] form: JsValue,
    ) -> Result<String, JsError> {
        let form = string_arg("form", &form).map_err(at("GameTree.toTextAs"))?;
        let form = Form::try_from_name(&form).map_err(at("GameTree.toTextAs"))?;
        self.tree.try_to_text_as(form).map_err(at("GameTree.toTextAs"))
    }
}

/// What `searchTree` returns.
#[derive(Serialize, tsify_next::Tsify)]
#[tsify(missing_as_null)]
#[serde(rename_all = "camelCase")]
struct SearchTreeResult {
    /// A number; the root's utility vector for max^n.
    value: SearchValue,
    /// Child index of the root.
    best: Option<f64>,
    best_label: Option<String>,
    /// Child indices from the root.
    pv: Vec<u32>,
    /// Leaves evaluated, in order, as paths of child indices: '1.0'.
    evaluated: Vec<String>,
    scores: Vec<MoveScore>,
    exact: bool,
    depth: Option<f64>,
    complete: bool,
    algo: &'static str,
    stats: SearchStats,
}

/// `searchTree(tree, opts)`: searches the tree from its root. Returns `{value (a number; an
/// array of utilities for max^n), best (child index, null at a leaf root), bestLabel, pv
/// (child indices), evaluated (the leaves evaluated, in order, as paths '1.0'), scores,
/// exact, depth, complete, algo, stats}`.
#[wasm_bindgen(js_name = searchTree, unchecked_return_type = "SearchTreeResult")]
pub fn search_tree(
    tree: &GameTree,
    #[wasm_bindgen(unchecked_optional_param_type = "SearchOptions")] opts: JsValue,
) -> Result<JsValue, JsError> {
    let place = at("searchTree");
    let t = &tree.tree;
    let o = Opts::parse(&opts).and_then(|o| o.resolve(t, t.has_tuples())).map_err(&place)?;
    let root = t.initial_state();
    // Through the recorder, as the steppers do: the evaluated leaves are the trace's.
    let mut rec = Recorder::new(t, root).with_node_cap(usize::MAX);
    let (f, exact, scores) = if o.algo == Algo::AlphaBeta {
        // The root search recorded; the refinement of per-move scores not (it is no part of
        // the search the lessons draw).
        // The refinement reports to a recorder that keeps no node (the same observer type as
        // the root search's, so the tree's α-β is compiled once).
        let mut quiet = Recorder::new(t, root).with_node_cap(0);
        let (r, exact, scores) = search::alpha_beta(t, &root, &o, |d, eval, refining| {
            if refining {
                d.step(t, eval, &mut quiet);
            } else {
                d.step(t, eval, &mut rec);
            }
        });
        (search::Found { r, vector: None, mcts_children: None }, exact, scores)
    } else {
        let f = search::run(t, &root, &o, &mut rec);
        let scores = if o.scores { search::scores(t, &root, &o, &f) } else { Vec::new() };
        let exact = is_exact(&o, &f.r);
        (f, exact, scores)
    };
    let trace = rec.finish();
    let r = &f.r;
    let value = match f.vector {
        Some(u) => SearchValue::Vector(u[..t.players().min(u.len())].to_vec()),
        None => SearchValue::Scalar(r.value),
    };
    let best_label = r.best.and_then(|b| t.children(root).get(b as usize)).and_then(|&c| t.label(c));
    let out = SearchTreeResult {
        value,
        best: r.best_index.map(|i| i as f64),
        best_label: best_label.map(str::to_string),
        pv: r.pv.clone(),
        evaluated: trace.evaluated_leaf_paths(),
        scores,
        exact,
        depth: depth_js(r.depth),
        complete: r.complete,
        algo: o.algo.name(),
        stats: SearchStats::from(&r.stats),
    };
    to_js(&out)
}
