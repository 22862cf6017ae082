//! `FigurePlan`: a recorded search on an explicit tree, placed once by the core
//! (`plyground::export::plan`) for all its steps — the figure the canvas draws
//! (`www/lib/figure-draw.js`) and the SVG and TikZ of a step draw. `layout()` is what every
//! step shares (node centres, glyphs, edges, bounds); `at(step)` is one step's state (node
//! states, texts placed in boxes, the ring): stepping costs one small record.
//! In the tree module and every module built on it (the `trees` feature); `forRecord`, a
//! game's search from its record, in the lab and full modules. `placeMcts` places
//! an MCTS picture (`MctsStepper.picture`, from any module) as the same two records.

use crate::options::{node_cap, Algo, Opts};
use crate::search;
use crate::skin::Skin;
use crate::tree::GameTree;
use crate::util::{at, int_in, number_arg, opt_number_arg};
use plyground::export::mcts::{mcts_drawing, MctsPicture};
use plyground::export::place::{node_box, Anchor, Drawing, LabelKind, PX_PER_CM};
use plyground::export::plan::Plan;
use plyground::export::{FigKind, FigState, Figure};
use plyground::trace::{Recorder, Trace};
use plyground::Game;
use wasm_bindgen::prelude::*;

/// A search on an explicit tree, or a game's search from its record, placed once for all
/// its steps.
#[wasm_bindgen]
pub struct FigurePlan {
    trace: Trace<u32>,
    plan: Plan,
    /// A record's board: columns and rows (0 when none, or boards off).
    #[cfg_attr(not(feature = "lab"), allow(dead_code))]
    board: (u32, u32),
}

#[wasm_bindgen]
impl FigurePlan {
    /// The search `opts` asks for on `tree`, recorded as `Stepper.forTree(tree, opts,
    /// nodeCap)` records it, placed once: `minimax` (optional) the true minimax value beside
    /// every finished inner node's own; `compact` (optional) the small screen's placement (an
    /// open node's window as α over β, "minimax: v" on a line under the node, the texts on an
    /// edge beside the stem over the child). The tree is copied: the plan does not follow
    /// later edits.
    #[wasm_bindgen(js_name = forTree)]
    pub fn for_tree(
        tree: &GameTree,
        #[wasm_bindgen(unchecked_param_type = "SearchOptions | undefined")] opts: JsValue,
        #[wasm_bindgen(js_name = nodeCap, unchecked_param_type = "number | undefined")] node_cap_js: JsValue,
        minimax: Option<bool>,
        compact: Option<bool>,
    ) -> Result<FigurePlan, JsError> {
        let place = at("FigurePlan.forTree");
        let (trace, _) = recorded(tree, opts, node_cap_js).map_err(&place)?;
        let plan = Plan::new(&tree.tree, &trace, minimax.unwrap_or(false), compact.unwrap_or(false))
            .map_err(&place)?;
        Ok(FigurePlan { trace, plan, board: (0, 0) })
    }

    /// A game's search from its record (`Stepper.figureRecord()` of the games module:
    /// `numbers`, `names`), placed as `forTree` places a tree's: the nodes the search entered
    /// and a stub per pruned edge, in the order of the page's `buildGame` (depth-first from
    /// each root in turn, children in natural move order), the roots side by side (iterative
    /// deepening, the solver's passes: "depth 1", "depth 2", …); `compact` as in `forTree`;
    /// `boards` (optional): room for the board's thumbnail under every node the search
    /// entered (`layout().boards`). A record that does not hold together is an error naming
    /// the index at fault. In the lab and full modules (the tree module's size budget has no
    /// room for it).
    #[cfg(feature = "lab")]
    #[wasm_bindgen(js_name = forRecord)]
    pub fn for_record(
        numbers: Vec<f64>,
        names: Vec<String>,
        compact: Option<bool>,
        boards: Option<bool>,
    ) -> Result<FigurePlan, JsError> {
        let place = at("FigurePlan.forRecord");
        let r = Trace::from_record(&numbers, names).map_err(&place)?;
        let board = if boards.unwrap_or(false) { (r.cols, r.rows) } else { (0, 0) };
        let plan = Plan::of_search(&r.trace, compact.unwrap_or(false), Some(board)).map_err(&place)?;
        Ok(FigurePlan { trace: r.trace, plan, board })
    }

    /// The number of steps (the recorded trace's length).
    #[wasm_bindgen(getter)]
    pub fn length(&self) -> usize {
        self.trace.len()
    }

    /// What every step shares, in cm with y up: `x`, `y` node centres (by tree node id);
    /// `parents` (-1 at the root); `kinds` "max", "min", "chance", "terminal", "player";
    /// `players` the player index of a player node; `edges` per non-root node its child id
    /// and 8 numbers (four corners x, y); `bounds` [x0, y0, x1, y1] of everything any step
    /// draws; `hit` per node [x0, y0, x1, y1], the box a pointer on it hits; `pxPerCm` the
    /// scale where the smallest text is 11 px; `compact`. A record's plan (`forRecord`)
    /// also has `trace` per node its trace node (-1 for a pruned edge's stub), and with
    /// boards `boards` per node [x0, y0, x1, y1] of its board (all 0 for a node without one)
    /// and `boardCols`, `boardRows`; a tree's has `trace` and `boards` empty and 0, 0.
    #[wasm_bindgen(unchecked_return_type = "FigureLayout")]
    pub fn layout(&self) -> Result<JsValue, JsError> {
        let (_, d) = self.plan.at_step(&self.trace, 0).map_err(at("FigurePlan.layout"))?;
        #[allow(unused_mut)]
        let mut out = layout_record(&self.plan.room, &d, self.plan.bounds);
        // (Only a record's plan has them: `forRecord` is in the lab and full modules.)
        #[cfg(feature = "lab")]
        record_fields(&mut out, &self.plan, &d, self.board);
        crate::util::to_js(&out)
    }

    /// Step `step` (0 to `length`): `states` per node "unvisited", "open", "current", "done",
    /// "pruned"; `greyed`; `edgeLooks` per edge (as `layout().edges`) "edge", "chosen",
    /// "pruned", "forward"; `labels` {node, kind ("name", "value", "window", "edge", "prob",
    /// "player", "minimax"), text, pt, box [x0, y0, x1, y1], anchor "west" | "east" | "north"
    /// | "center"}; `ring` the current node or -1.
    #[wasm_bindgen(unchecked_return_type = "FigureStep")]
    pub fn at(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] step: JsValue,
    ) -> Result<JsValue, JsError> {
        let place = at("FigurePlan.at");
        let step = number_arg("step", &step)
            .and_then(|x| int_in("step", x, 0, self.trace.len() as u64))
            .map_err(&place)?;
        let (fig, d) = self.plan.at_step(&self.trace, step as usize).map_err(&place)?;
        crate::util::to_js(&step_out(&fig, &d))
    }
}

/// A record's plan's own layout fields: `trace`, and with boards `boards`, `boardCols`,
/// `boardRows` (see `FigurePlan.layout`).
#[cfg(feature = "lab")]
fn record_fields(out: &mut FigureLayout, plan: &Plan, d: &Drawing, board: (u32, u32)) {
    out.trace = plan.skeleton.trace_of.iter().map(|t| t.map_or(-1, |t| t as i32)).collect();
    if board.0 > 0 {
        out.boards = vec![0.0; 4 * plan.room.nodes.len()];
        for &(v, b) in &d.boards {
            out.boards[4 * v as usize..4 * v as usize + 4].copy_from_slice(&[b.0, b.1, b.2, b.3]);
        }
        (out.board_cols, out.board_rows) = board;
    }
}

/// A plan's layout record (`FigurePlan.layout()`, the practice figure's too): `d` is any
/// drawing on the plan (its edges are the same at every step).
#[cfg(feature = "lab")]
#[inline(always)]
pub(crate) fn layout_out(p: &Plan, d: &Drawing) -> Result<JsValue, JsError> {
    crate::util::to_js(&layout_record(&p.room, d, p.bounds))
}

/// What every step of a drawing of `fig` shares, as a record (see `FigurePlan.layout`), with
/// the `bounds` of everything any step draws: a pointer on a node hits its glyph and the
/// current node's ring.
pub(crate) fn layout_record(fig: &Figure, d: &Drawing, bounds: (f64, f64, f64, f64)) -> FigureLayout {
    let mut edges = Vec::with_capacity(d.edges.len() * 9);
    for e in &d.edges {
        edges.push(f64::from(e.child));
        for (x, y) in e.points {
            edges.extend([x, y]);
        }
    }
    FigureLayout {
        x: d.place.x.clone(),
        y: d.place.y.clone(),
        parents: fig.nodes.iter().map(|n| n.parent.map_or(-1, |v| v as i32)).collect(),
        kinds: fig.nodes.iter().map(|n| kind(n.kind)).collect(),
        players: fig
            .nodes
            .iter()
            .map(|n| if let FigKind::Player(q) = n.kind { u32::from(q) } else { 0 })
            .collect(),
        edges,
        bounds: vec![bounds.0, bounds.1, bounds.2, bounds.3],
        hit: (0..fig.nodes.len())
            .flat_map(|v| {
                let b = node_box(&d.place, v);
                [b.0, b.1, b.2, b.3]
            })
            .collect(),
        px_per_cm: PX_PER_CM,
        compact: d.place.compact,
        #[cfg(feature = "lab")]
        trace: Vec::new(),
        #[cfg(feature = "lab")]
        boards: Vec::new(),
        #[cfg(feature = "lab")]
        board_cols: 0,
        #[cfg(feature = "lab")]
        board_rows: 0,
    }
}

/// An MCTS picture placed: what `placeMcts` returns.
#[derive(serde::Serialize, tsify_next::Tsify)]
#[tsify(missing_as_null)]
pub(crate) struct MctsFigure {
    layout: FigureLayout,
    step: FigureStep,
}

/// An MCTS picture (`MctsStepper.picture()`'s numbers, from this module or the games module,
/// with `labels` the nodes' `label`s as `MctsStepper.nodes()` gives them) placed by the core (`plyground::export::mcts`), for the canvas
/// (`www/lib/figure-draw.js`): `layout` as `FigurePlan.layout()` gives it and `step` as
/// `FigurePlan.at()` does, with every node's W/N (and MCTS-Solver's proof mark), "root", the
/// moves on the edges, the badge of the phase just shown on the node it acted on (ringed;
/// label kind "tag") or "INSPECTED" on the inspected node, and the edge into the decision
/// bold. `compact` (optional): the small screen's placement. Room for a badge is kept at the
/// nodes the iteration's badge visits, so the badge going from node to node moves nothing else.
#[wasm_bindgen(js_name = placeMcts, unchecked_return_type = "MctsFigure")]
pub fn place_mcts(numbers: Vec<f64>, labels: Vec<String>, compact: Option<bool>) -> Result<JsValue, JsError> {
    let pic = MctsPicture::from_numbers(&numbers, labels).map_err(at("placeMcts"))?;
    let fig = pic.figure();
    let d = mcts_drawing(&fig, compact.unwrap_or(false));
    crate::util::to_js(&MctsFigure { layout: layout_record(&fig, &d, d.bounds), step: step_out(&fig, &d) })
}

/// A node's glyph as the records name it.
pub(crate) fn kind(k: FigKind) -> &'static str {
    match k {
        FigKind::Max => "max",
        FigKind::Min => "min",
        FigKind::Chance => "chance",
        FigKind::Terminal => "terminal",
        FigKind::Player(_) => "player",
    }
}

/// One step of a figure as a record.
pub(crate) fn step_out(fig: &Figure, d: &Drawing) -> FigureStep {
    let state = |s: FigState| match s {
        FigState::Unvisited => "unvisited",
        FigState::Open => "open",
        FigState::Current => "current",
        FigState::Done => "done",
        FigState::Pruned => "pruned",
    };
    let labels = d
        .labels
        .iter()
        .map(|l| FigureLabel {
            node: l.node,
            kind: match l.kind {
                LabelKind::Name => "name",
                LabelKind::Value => "value",
                LabelKind::Window => "window",
                LabelKind::Edge => "edge",
                LabelKind::Prob => "prob",
                LabelKind::Player => "player",
                LabelKind::Minimax => "minimax",
                LabelKind::Tag => "tag",
            },
            text: l.text.clone(),
            pt: l.pt,
            box_: [l.x0, l.y0, l.x1, l.y1],
            anchor: match l.anchor {
                Anchor::West => "west",
                Anchor::East => "east",
                Anchor::North => "north",
                Anchor::Center => "center",
            },
        })
        .collect();
    FigureStep {
        states: fig.nodes.iter().map(|n| state(n.state)).collect(),
        greyed: fig.nodes.iter().map(|n| n.greyed).collect(),
        edge_looks: d.edges.iter().map(|e| fig.nodes[e.child as usize].edge_look()).collect(),
        labels,
        ring: d.ring.map_or(-1, |r| r as i32),
    }
}

#[derive(serde::Serialize, tsify_next::Tsify)]
#[tsify(missing_as_null)]
#[serde(rename_all = "camelCase")]
pub(crate) struct FigureLayout {
    x: Vec<f64>,
    y: Vec<f64>,
    parents: Vec<i32>,
    kinds: Vec<&'static str>,
    players: Vec<u32>,
    edges: Vec<f64>,
    bounds: Vec<f64>,
    hit: Vec<f64>,
    px_per_cm: f64,
    compact: bool,
    // A record's plan's (`forRecord`: the lab and full modules).
    #[cfg(feature = "lab")]
    trace: Vec<i32>,
    #[cfg(feature = "lab")]
    boards: Vec<f64>,
    #[cfg(feature = "lab")]
    board_cols: u32,
    #[cfg(feature = "lab")]
    board_rows: u32,
}

#[derive(serde::Serialize, tsify_next::Tsify)]
#[tsify(missing_as_null)]
#[serde(rename_all = "camelCase")]
pub(crate) struct FigureStep {
    pub(crate) states: Vec<&'static str>,
    pub(crate) greyed: Vec<bool>,
    pub(crate) edge_looks: Vec<&'static str>,
    pub(crate) labels: Vec<FigureLabel>,
    pub(crate) ring: i32,
}

#[derive(serde::Serialize, tsify_next::Tsify)]
#[tsify(missing_as_null)]
pub(crate) struct FigureLabel {
    node: u32,
    pub(crate) kind: &'static str,
    text: String,
    pt: f64,
    #[serde(rename = "box")]
    box_: [f64; 4],
    anchor: &'static str,
}

/// The search `opts` asks for on `tree`, recorded as `Stepper.forTree` records it, and the
/// algorithm's name.
pub(crate) fn recorded(
    tree: &GameTree,
    opts: JsValue,
    node_cap_js: JsValue,
) -> Result<(Trace<u32>, &'static str), String> {
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
    Ok((rec.finish(), o.algo.name()))
}
