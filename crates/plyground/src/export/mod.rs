//! Figures for print: a recorded search on an explicit tree, at one step, written out for
//! slides and handouts.
//!
//! [`Figure::at_step`] is the picture of a [`Trace`](crate::trace::Trace) of a
//! [`Tree`](crate::games::tree::Tree) after its first `k` steps — what the browser's tree
//! figure shows at step `k`, decided by the same rules (`www/lib/trace-view.js`'s
//! `buildTraceModel` + `applyStep`): the whole tree is drawn from the start with the leaves'
//! utilities under them; a node the search has a value for shows it; every open node is
//! marked and an open inner node shows its (α, β) window; a pruned child and everything under
//! it is greyed, the edges into them dashed; the node the last event concerned is the
//! current node; once the search has ended, the edge to the chosen root child is bold.
//!
//! [`place`](place::draw) places every text, edge and ring of a figure: no text overlaps
//! another, a glyph, the ring or an edge ([`place::problems`]). [`plan`](plan::Plan) places a
//! whole search once, for all its steps, normal or compact (a small screen's): what the page's
//! canvas draws for an explicit tree's search (the wasm `FigurePlan`), and what the writers
//! below draw at one step, so that a fix to a label holds on screen and in print.
//!
//! [`svg`](svg::svg) writes a step as SVG (the CLI's), [`tikz`](tikz::tikz) as TikZ (a
//! standalone `.tex` for pdflatex, or a snippet). The layout ([`layout`](layout::layout))
//! estimates widths per character for TeX's Computer Modern at the sizes used, generous
//! enough that texts do not overlap in TeX's fonts or the canvas's (which condenses a text
//! into its box where its font runs wider).

pub mod beamer;
pub mod figure;
pub mod layout;
pub mod mcts;
pub mod place;
pub mod plan;
pub mod svg;
pub mod tikz;

pub use figure::{FigKind, FigNode, FigState, Figure};

/// The figure of `trace` at `step` and at its end (the room a layout reserves), with the true
/// minimax values beside the search's when `minimax` asks for them (refused, with the
/// reason, where they would not compare truly: see [`minimax_values`](crate::trace::minimax_values)).
pub fn figures(
    tree: &crate::games::tree::Tree,
    trace: &crate::trace::Trace<u32>,
    step: usize,
    minimax: bool,
) -> Result<(Figure, Figure), String> {
    use crate::Game;
    let values = if minimax {
        let cap = crate::limits::MAX_NODE_CAP as usize;
        Some(crate::trace::minimax_values(tree, tree.initial_state(), trace, cap)?)
    } else {
        None
    };
    let fig = Figure::at_step_with(tree, trace, step, values.as_deref())?;
    let end = Figure::at_step_with(tree, trace, trace.len(), values.as_deref())?;
    Ok((fig, end))
}

#[cfg(test)]
mod tests;
