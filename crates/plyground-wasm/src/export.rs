//! `exportTikz` and `exportSvg`: a recorded search on an explicit tree, at one step, as TikZ
//! or SVG — the core's `plyground::export` (the figure the tree figure shows at that step, in
//! the lessons' notation, placed by the print layout; docs/export.md), the same texts
//! `plyground export` prints. Built only into the practice module (`lab` feature), which
//! the page loads when asked: the writers stay out of the shipped module's size budget.

use crate::tree::GameTree;
#[cfg(feature = "full")]
use crate::util::opt_number_arg;
use crate::util::{at, int_in, number_arg};
#[cfg(feature = "full")]
use plyground::export::svg::{svg_at, SvgOptions};
use plyground::export::tikz::{algorithm_title, tikz_at, TikzOptions};
use plyground::trace::Trace;
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
/// own SVG), and in the practice module every exercise would download it (`cargo xtask
/// size` lists what each module holds).
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

/// The figure the print writers draw at `step`, as one record a canvas draws
/// (`www/lib/figure-draw.js`): `FigurePlan.forTree(tree, opts, nodeCap, minimax)`'s
/// `layout()` and `at(step)` in one object (`x`, `y`, `kinds`, `players`, `edges`, `bounds`,
/// `pxPerCm`; `states`, `greyed`, `edgeLooks`, `labels`, `ring`), the placement the SVG and
/// TikZ of that step draw. Full module only (the `full` feature), like `exportSvg`.
#[cfg(feature = "full")]
#[wasm_bindgen(js_name = figureRecord, unchecked_return_type = "FigureRecord")]
pub fn figure_record(
    tree: &GameTree,
    #[wasm_bindgen(unchecked_param_type = "SearchOptions | undefined")] opts: JsValue,
    #[wasm_bindgen(js_name = nodeCap, unchecked_param_type = "number | undefined")] node_cap_js: JsValue,
    step: JsValue,
    minimax: Option<bool>,
) -> Result<JsValue, JsError> {
    use plyground::export::place::PX_PER_CM;
    use plyground::export::plan::Plan;
    use plyground::export::FigKind;
    let place = at("figureRecord");
    let (trace, step, _) = recorded(tree, opts, node_cap_js, step).map_err(&place)?;
    let plan = Plan::new(&tree.tree, &trace, minimax.unwrap_or(false), false).map_err(&place)?;
    let (fig, d) = plan.at(&tree.tree, &trace, step).map_err(&place)?;
    let mut edges = Vec::with_capacity(d.edges.len() * 9);
    for e in &d.edges {
        edges.push(f64::from(e.child));
        for (x, y) in e.points {
            edges.extend([x, y]);
        }
    }
    let st = crate::figure::step_out(&fig, &d);
    let out = FigureRecord {
        x: d.place.x.clone(),
        y: d.place.y.clone(),
        kinds: fig.nodes.iter().map(|n| crate::figure::kind(n.kind)).collect(),
        players: fig
            .nodes
            .iter()
            .map(|n| if let FigKind::Player(p) = n.kind { u32::from(p) } else { 0 })
            .collect(),
        states: st.states,
        greyed: st.greyed,
        edges,
        edge_looks: st.edge_looks,
        labels: st.labels,
        ring: st.ring,
        bounds: vec![d.bounds.0, d.bounds.1, d.bounds.2, d.bounds.3],
        px_per_cm: PX_PER_CM,
    };
    crate::util::to_js(&out).map_err(|e| JsError::new(&format!("figureRecord: {e:?}")))
}

#[cfg(feature = "full")]
#[derive(serde::Serialize, tsify_next::Tsify)]
#[tsify(missing_as_null)]
#[serde(rename_all = "camelCase")]
struct FigureRecord {
    x: Vec<f64>,
    y: Vec<f64>,
    kinds: Vec<&'static str>,
    players: Vec<u32>,
    states: Vec<&'static str>,
    greyed: Vec<bool>,
    edges: Vec<f64>,
    edge_looks: Vec<&'static str>,
    labels: Vec<crate::figure::FigureLabel>,
    ring: i32,
    bounds: Vec<f64>,
    px_per_cm: f64,
}

/// The search `opts` asks for on `tree`, recorded as `Stepper.forTree` records it, the step
/// checked against it, and the algorithm's title for the figure.
fn recorded(
    tree: &GameTree,
    opts: JsValue,
    node_cap_js: JsValue,
    step: JsValue,
) -> Result<(Trace<u32>, usize, &'static str), String> {
    let (trace, algo) = crate::figure::recorded(tree, opts, node_cap_js)?;
    let step = number_arg("step", &step).and_then(|x| int_in("step", x, 0, trace.len() as u64))? as usize;
    Ok((trace, step, algorithm_title(algo)))
}
