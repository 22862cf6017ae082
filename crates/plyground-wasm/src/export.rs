//! `exportTikz`: a recorded search on an explicit tree, at one step, as TikZ — the core's
//! `plyground::export` (the figure the tree figure shows at that step, in the lessons'
//! notation; docs/export.md). Built only into the practice module (`practice` feature), which
//! the page loads when asked: the TikZ writer stays out of the shipped module's size budget.

use crate::options::{node_cap, Algo, Opts};
use crate::search;
use crate::skin::Skin;
use crate::tree::GameTree;
use crate::util::{at, int_in, number_arg, opt_number_arg};
use plyground::export::tikz::{algorithm_title, tikz_at, TikzOptions};
use plyground::trace::Recorder;
use plyground::Game;
use wasm_bindgen::prelude::*;

/// The search `opts` asks for on `tree`, recorded as `Stepper.forTree(tree, opts, nodeCap)`
/// records it, pictured after `step` events (0 to its length) as a standalone `.tex` for
/// pdflatex, or the `tikzpicture` alone when `snippet` is true.
#[wasm_bindgen(js_name = exportTikz)]
pub fn export_tikz(
    tree: &GameTree,
    #[wasm_bindgen(unchecked_param_type = "SearchOptions | undefined")] opts: JsValue,
    #[wasm_bindgen(js_name = nodeCap, unchecked_param_type = "number | undefined")] node_cap_js: JsValue,
    step: JsValue,
    snippet: bool,
) -> Result<String, JsError> {
    let place = at("exportTikz");
    let t = &tree.tree;
    let mut o = Opts::parse(&opts).and_then(|o| o.resolve(t, t.has_tuples())).map_err(&place)?;
    if o.algo == Algo::Mcts {
        return Err(place("an MCTS search has no TikZ export yet: export a depth-first search".into()));
    }
    let cap_arg = if node_cap_js.is_undefined() { None } else { Some(node_cap_js) };
    let cap = opt_number_arg("nodeCap", cap_arg).and_then(node_cap).map_err(&place)?;
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
    let step = number_arg("step", &step)
        .and_then(|x| int_in("step", x, 0, trace.len() as u64))
        .map_err(&place)? as usize;
    tikz_at(t, &trace, step, algorithm_title(o.algo.name()), TikzOptions { snippet }).map_err(place)
}
