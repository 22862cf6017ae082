//! `exportTikz` and `exportSvg`: a recorded search on an explicit tree, at one step, as TikZ
//! or SVG — the core's `plyground::export` (the figure the tree figure shows at that step, in
//! the lessons' notation, placed by the print layout; docs/export.md), the same texts
//! `plyground export` prints. Built only into the practice module (`lab` feature), which
//! the page loads when asked: the writers stay out of the shipped module's size budget.

use crate::options::{node_cap, Algo, Opts};
use crate::search;
use crate::skin::Skin;
use crate::tree::GameTree;
use crate::util::{at, int_in, number_arg, opt_number_arg};
#[cfg(feature = "full")]
use plyground::export::svg::{svg_at, SvgOptions};
use plyground::export::tikz::{algorithm_title, tikz_at, TikzOptions};
use plyground::trace::Recorder;
use plyground::trace::Trace;
use plyground::Game;
use wasm_bindgen::prelude::*;

/// The search `opts` asks for on `tree`, recorded as `Stepper.forTree(tree, opts, nodeCap)`
/// records it, pictured after `step` steps (0 to its length; a leaf is one step) as a standalone `.tex` for
/// pdflatex, or the `tikzpicture` alone when `snippet` is true; `minimax` (optional): the true
/// minimax value beside every finished inner node's own, as the figure's *Minimax values*.
#[wasm_bindgen(js_name = exportTikz)]
pub fn export_tikz(
    tree: &GameTree,
    #[wasm_bindgen(unchecked_param_type = "SearchOptions | undefined")] opts: JsValue,
    #[wasm_bindgen(js_name = nodeCap, unchecked_param_type = "number | undefined")] node_cap_js: JsValue,
    step: JsValue,
    snippet: bool,
    minimax: Option<bool>,
) -> Result<String, JsError> {
    let place = at("exportTikz");
    let (trace, step, algo) = recorded(tree, opts, node_cap_js, step).map_err(&place)?;
    let minimax = minimax.unwrap_or(false);
    tikz_at(&tree.tree, &trace, step, algo, TikzOptions { snippet, minimax }).map_err(place)
}

/// As `exportTikz`, as SVG: `dark` for the page's dark palette, `width` the picture's width
/// in px (its height follows; undefined: the natural size, where the smallest text is 11 px);
/// `minimax` as for `exportTikz`. Only in the full
/// module (the `full` feature): no page calls it (a page's Export button saves its canvas's
/// own SVG), and in the practice module it would cost every exercise 16 KB gzipped.
#[cfg(feature = "full")]
#[wasm_bindgen(js_name = exportSvg)]
pub fn export_svg(
    tree: &GameTree,
    #[wasm_bindgen(unchecked_param_type = "SearchOptions | undefined")] opts: JsValue,
    #[wasm_bindgen(js_name = nodeCap, unchecked_param_type = "number | undefined")] node_cap_js: JsValue,
    step: JsValue,
    dark: bool,
    #[wasm_bindgen(unchecked_param_type = "number | undefined")] width: JsValue,
    minimax: Option<bool>,
) -> Result<String, JsError> {
    let place = at("exportSvg");
    let width =
        opt_number_arg("width", if width.is_undefined() { None } else { Some(width) }).map_err(&place)?;
    let (trace, step, algo) = recorded(tree, opts, node_cap_js, step).map_err(&place)?;
    svg_at(&tree.tree, &trace, step, algo, SvgOptions { dark, width, minimax: minimax.unwrap_or(false) })
        .map_err(place)
}

/// The figure the print writers draw, as a record a canvas draws (`www/lib/figure-draw.js`):
/// the search `opts` asks for on `tree` at `step`, placed once by the core
/// (`plyground::export::place`), in cm with y up. `x`, `y`: node centres; `kinds`: "max",
/// "min", "chance", "terminal", "player"; `players`: the player index of a player node;
/// `states`: "unvisited", "open", "current", "done", "pruned"; `greyed`; `edges`: per
/// non-root node its child id and 8 numbers (four corners x, y); `edgeLooks`: "edge",
/// "chosen", "pruned", "forward"; `labels`: {node, kind, text, pt, box [x0, y0, x1, y1],
/// anchor "west" | "east" | "north" | "center"}; `ring`: the current node or -1; `bounds`
/// [x0, y0, x1, y1]; `pxPerCm`: the scale it opens at, where its smallest text is 11 px.
/// Full module only (the `full` feature), like `exportSvg`.
#[cfg(feature = "full")]
#[wasm_bindgen(js_name = figureRecord)]
pub fn figure_record(
    tree: &GameTree,
    #[wasm_bindgen(unchecked_param_type = "SearchOptions | undefined")] opts: JsValue,
    #[wasm_bindgen(js_name = nodeCap, unchecked_param_type = "number | undefined")] node_cap_js: JsValue,
    step: JsValue,
    minimax: Option<bool>,
) -> Result<JsValue, JsError> {
    use plyground::export::place::{draw, Anchor, LabelKind, PX_PER_CM};
    use plyground::export::{FigKind, FigState};
    let place = at("figureRecord");
    let (trace, step, _) = recorded(tree, opts, node_cap_js, step).map_err(&place)?;
    let (fig, end) =
        plyground::export::figures(&tree.tree, &trace, step, minimax.unwrap_or(false)).map_err(&place)?;
    let d = draw(&fig, &end);
    let kind = |k: FigKind| match k {
        FigKind::Max => "max",
        FigKind::Min => "min",
        FigKind::Chance => "chance",
        FigKind::Terminal => "terminal",
        FigKind::Player(_) => "player",
    };
    let state = |s: FigState| match s {
        FigState::Unvisited => "unvisited",
        FigState::Open => "open",
        FigState::Current => "current",
        FigState::Done => "done",
        FigState::Pruned => "pruned",
    };
    let mut edges = Vec::with_capacity(d.edges.len() * 9);
    let mut looks = Vec::with_capacity(d.edges.len());
    for e in &d.edges {
        edges.push(f64::from(e.child));
        for (x, y) in e.points {
            edges.extend([x, y]);
        }
        looks.push(fig.nodes[e.child as usize].edge_look());
    }
    let labels = d
        .labels
        .iter()
        .map(|l| LabelOut {
            node: l.node,
            kind: match l.kind {
                LabelKind::Name => "name",
                LabelKind::Value => "value",
                LabelKind::Window => "window",
                LabelKind::Edge => "edge",
                LabelKind::Prob => "prob",
                LabelKind::Player => "player",
            },
            text: l.text.clone(),
            pt: l.pt,
            box_: vec![l.x0, l.y0, l.x1, l.y1],
            anchor: match l.anchor {
                Anchor::West => "west",
                Anchor::East => "east",
                Anchor::North => "north",
                Anchor::Center => "center",
            },
        })
        .collect();
    let out = FigureOut {
        x: d.place.x.clone(),
        y: d.place.y.clone(),
        kinds: fig.nodes.iter().map(|n| kind(n.kind)).collect(),
        players: fig
            .nodes
            .iter()
            .map(|n| if let FigKind::Player(p) = n.kind { u32::from(p) } else { 0 })
            .collect(),
        states: fig.nodes.iter().map(|n| state(n.state)).collect(),
        greyed: fig.nodes.iter().map(|n| n.greyed).collect(),
        edges,
        edge_looks: looks,
        labels,
        ring: d.ring.map_or(-1, |r| r as i32),
        bounds: vec![d.bounds.0, d.bounds.1, d.bounds.2, d.bounds.3],
        px_per_cm: PX_PER_CM,
    };
    crate::util::to_js(&out).map_err(|e| JsError::new(&format!("figureRecord: {e:?}")))
}

#[cfg(feature = "full")]
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct FigureOut {
    x: Vec<f64>,
    y: Vec<f64>,
    kinds: Vec<&'static str>,
    players: Vec<u32>,
    states: Vec<&'static str>,
    greyed: Vec<bool>,
    edges: Vec<f64>,
    edge_looks: Vec<&'static str>,
    labels: Vec<LabelOut>,
    ring: i32,
    bounds: Vec<f64>,
    px_per_cm: f64,
}

#[cfg(feature = "full")]
#[derive(serde::Serialize)]
struct LabelOut {
    node: u32,
    kind: &'static str,
    text: String,
    pt: f64,
    #[serde(rename = "box")]
    box_: Vec<f64>,
    anchor: &'static str,
}

/// The search `opts` asks for on `tree`, recorded as `Stepper.forTree` records it, the step
/// checked against it, and the algorithm's title for the figure.
fn recorded(
    tree: &GameTree,
    opts: JsValue,
    node_cap_js: JsValue,
    step: JsValue,
) -> Result<(Trace<u32>, usize, &'static str), String> {
    let t = &tree.tree;
    let mut o = Opts::parse(&opts).and_then(|o| o.resolve(t, t.has_tuples()))?;
    if o.algo == Algo::Mcts {
        return Err("an MCTS search has no print figure yet: export a depth-first search".into());
    }
    let cap_arg = if node_cap_js.is_undefined() { None } else { Some(node_cap_js) };
    let cap = opt_number_arg("nodeCap", cap_arg).and_then(node_cap)?;
    if o.algo == Algo::AlphaBeta {
        // As a Stepper records it: the cap stops the search itself.
        o.ab.node_budget = Some(o.ab.node_budget.map_or(cap as u64, |b| b.min(cap as u64)));
    }
    let root = t.initial_state();
    let mut rec = Recorder::new(t, root).with_node_cap(cap);
    // As the Stepper records it: α-β through the skin's recorded α-β (search::run leaves
    // α-β's recording to it), every other algorithm through search::run.
    if o.algo == Algo::AlphaBeta {
        t.record_alpha_beta(&root, &o, &mut rec);
    } else {
        search::run(t, &root, &o, &mut rec);
    }
    let trace = rec.finish();
    let step = number_arg("step", &step).and_then(|x| int_in("step", x, 0, trace.len() as u64))? as usize;
    Ok((trace, step, algorithm_title(o.algo.name())))
}
