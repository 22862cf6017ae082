//! Figures for print: a recorded search on an explicit tree, at one step, written out for
//! slides and handouts.
//!
//! [`Figure::at_step`] is the picture of a [`Trace`](crate::trace::Trace) of a
//! [`Tree`](crate::games::tree::Tree) after its first `k` events — what the browser's tree
//! figure shows at step `k`, decided by the same rules (`www/lib/trace-view.js`'s
//! `buildTraceModel` + `applyStep`): the whole tree is drawn from the start with the leaves'
//! utilities under them; a node the search has a value for shows it; every open node is
//! marked and an open inner node shows its (α, β) window; a pruned child and everything under
//! it is greyed, the edges into them dashed; the node the last event concerned is the
//! current node; once the search has ended, the edge to the chosen root child is bold.
//!
//! [`svg`](svg::svg) writes the same figure, placed by the same layout, as SVG (the CLI's;
//! the page's Export button draws its own canvas instead).
//!
//! [`tikz`](tikz::tikz) writes a figure as TikZ (a standalone `.tex` for pdflatex, or a
//! snippet), placed by [`layout`](layout::layout). That layout is the print layout, not the
//! canvas's: TeX sets the text in its own fonts, so the page's measured pixel widths would
//! not fit it anyway; the widths here are estimates per character for TeX's Computer Modern
//! at the sizes used, generous enough that texts do not overlap.

pub mod figure;
pub mod layout;
pub mod svg;
pub mod tikz;

pub use figure::{FigKind, FigNode, FigState, Figure};

#[cfg(test)]
mod tests;
