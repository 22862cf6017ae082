//! Where a printed figure puts its nodes: a layered tidy layout in centimetres, with room
//! for every text the figure can show at any step.
//!
//! Leaves and subtrees are placed left to right; a parent sits centred over its children,
//! and a subtree that would come too close to what is already placed on one of its levels
//! moves right as a whole. "Too close" is measured with each node's text extents on its row
//! (its name on the left; its value and α–β window on the right, or a leaf's value centred
//! under it), and siblings keep apart by twice the edge texts that face each other halfway down (a
//! probability right of one edge, the action left of the next) so that they do not touch. Widths are estimates for TeX's Computer Modern at
//! `\footnotesize` (see [`text_width`]), rounded up.
//!
//! The room is reserved from a second figure (a [`Plan`](super::plan::Plan)'s: the widest
//! value and window each node shows at any step): its values, and a window as wide as the
//! widest number twice, so that the figures of one search at every step have the same layout
//! (a sequence of slides does not jump, nor does the screen).

use super::figure::{window_text, Figure};

/// The glyph's radius (the glyphs are 5 mm across).
pub const RADIUS: f64 = 0.25;
/// Room between a glyph and the text beside it (clear of the current node's ring).
pub const PAD: f64 = 0.2;
/// Space between the extents of neighbouring nodes on a level.
pub const GAP: f64 = 0.3;
/// Distance between levels (room for the texts under a row, the edge texts between rows and
/// the value over a node's centre: see [`place`](super::place)).
pub const LEVEL: f64 = 2.0;

/// Node centres in centimetres (y grows upwards: the root is on top at y = 0).
#[derive(Clone, PartialEq, Debug)]
pub struct Placement {
    /// x of each node, by id; the leftmost text starts at 0.
    pub x: Vec<f64>,
    /// y of each node, by id: −depth × [`LEVEL`].
    pub y: Vec<f64>,
    /// The width of the whole drawing, texts included.
    pub width: f64,
    /// The compact placement (a small screen's): an open node's window as α over β, a
    /// finished node's minimax value on a line under it, the texts on an edge beside the
    /// short stem over the child, and less air between neighbours.
    pub compact: bool,
    /// Per level, how far below its centre line the row's texts reach (the edges leave
    /// below that): the same at every step of a search.
    pub below: Vec<f64>,
}

/// The estimated width in centimetres of `text` set at `\footnotesize` (8 pt) times
/// `scale`: digits and lower-case letters half an em, capitals 0.7 em, ∞ and the binary
/// signs a full em or so (math mode), punctuation less; then 10% more.
pub fn text_width(text: &str, scale: f64) -> f64 {
    let em = 0.281; // 8 pt in cm
    let w: f64 = text
        .chars()
        .map(|c| match c {
            '∞' => 1.0,
            '−' | '+' | '=' | '≤' | '≥' => 0.78,
            '.' | ',' | ':' | '\'' => 0.28,
            ' ' => 0.33,
            '[' | ']' | '(' | ')' => 0.39,
            'α' | 'β' => 0.64,
            'A'..='Z' => 0.72,
            _ => 0.5,
        })
        .sum();
    w * em * scale * 1.1
}

/// Scale of the edge texts (`\scriptsize`).
pub const EDGE_SCALE: f64 = 0.875;
/// Room around the edge texts of neighbouring edges (their inner sep and some air).
pub const EDGE_AIR: f64 = 0.25;

/// Scale of the window text (`\scriptsize`, 7 pt, against 8 pt).
pub const WINDOW_SCALE: f64 = 0.875;

/// Lays `fig` out, with room for everything `reserve` shows too (pass the same search's
/// figure at its end; the two must be figures of one tree).
pub fn layout(fig: &Figure, reserve: &Figure) -> Placement {
    layout_spaced(fig, reserve, &[])
}

/// [`layout`], with `extra[v]` more room (cm) between node `v`'s subtree and its left
/// sibling's (missing entries are 0): what [`place`](super::place) adds where the texts on
/// neighbouring edges would touch.
pub fn layout_spaced(fig: &Figure, reserve: &Figure, extra: &[f64]) -> Placement {
    layout_with(fig, reserve, extra, false)
}

/// Space between neighbours of the compact placement.
pub const COMPACT_GAP: f64 = 0.15;

/// [`layout_spaced`], `compact` or not (see [`Placement::compact`]).
pub fn layout_with(fig: &Figure, reserve: &Figure, extra: &[f64], compact: bool) -> Placement {
    use super::figure::{fig_value_parts, minimax_line, MINIMAX_SEP};
    use super::place::AIR;
    let gap = if compact { COMPACT_GAP } else { GAP };
    let stems = crate::SEARCH_FIGURES && fig.stem_texts;
    let n = fig.nodes.len();
    let players = fig.players;
    // The widest number of either figure, for the reserved window (a window holds numbers:
    // never a bound's "≤" or a minimax value).
    let mut widest = "−∞".to_string();
    let values = |f: &Figure, i: usize| {
        f.nodes.get(i).and_then(|x| x.value.as_ref()).map(|v| super::figure::node_value_text(v, players))
    };
    for i in 0..n {
        for t in [values(fig, i), values(reserve, i)].into_iter().flatten() {
            if text_width(&t, 1.0) > text_width(&widest, 1.0) {
                widest = t;
            }
        }
    }
    let window_w = text_width(&window_text_of(&widest), WINDOW_SCALE);
    let mut left = vec![0.0; n];
    let mut right = vec![0.0; n];
    let mut name_w = vec![0.0; n];
    let mut prob_w = vec![0.0; n];
    for (i, node) in fig.nodes.iter().enumerate() {
        name_w[i] = text_width(&node.edge, EDGE_SCALE);
        prob_w[i] = node.prob.map(|p| text_width(&super::figure::value_text(p), EDGE_SCALE)).unwrap_or(0.0);
        // The value beside (a leaf's under) the node; compact: the minimax value on a line
        // of its own under an inner node. (Widths add up character by character.)
        let mut w: f64 = 0.0;
        let mut line: f64 = 0.0;
        let own = compact && !node.is_leaf();
        for shown in [fig.nodes.get(i), reserve.nodes.get(i)].into_iter().flatten() {
            let Some((t, m)) = fig_value_parts(shown, players) else { continue };
            let mut tw = text_width(&t, 1.0);
            if let Some(m) = m {
                if own {
                    line = line.max(text_width(&minimax_line(&m), EDGE_SCALE));
                } else {
                    tw += text_width(MINIMAX_SEP, 1.0) + text_width(&m, 1.0);
                }
            }
            w = w.max(tw);
        }
        // A badge: under a leaf's value, centred; under an inner node's value, right of it.
        let tag = node.tag.as_deref().map_or(0.0, tag_width).max(node.tag_room);
        if node.is_leaf() {
            left[i] = RADIUS.max(w / 2.0).max(tag / 2.0);
            right[i] = left[i];
        } else {
            let window = if compact {
                // α over β.
                [node.window, reserve.nodes.get(i).and_then(|r| r.window)]
                    .into_iter()
                    .flatten()
                    .flat_map(|(a, b)| window_lines(a, b))
                    .map(|t| text_width(&t, WINDOW_SCALE))
                    .fold(0.0, f64::max)
            } else {
                let own_window =
                    node.window.map(|(a, b)| text_width(&window_text(a, b), WINDOW_SCALE)).unwrap_or(0.0);
                window_w.max(own_window)
            };
            right[i] = RADIUS + PAD + w.max(window).max(tag);
            left[i] = RADIUS;
        }
        if !node.label.is_empty() {
            left[i] += PAD + text_width(&node.label, 1.0);
        }
        if let (true, Some((w, _))) = (crate::SEARCH_FIGURES, node.board) {
            // The board, centred under the node.
            left[i] = left[i].max(w / 2.0);
            right[i] = right[i].max(w / 2.0);
        }
        if compact || stems {
            // The minimax line starts right of the stem under the node; the edge's texts sit
            // either side of the stem over it.
            right[i] = right[i].max(AIR + line).max(prob_w[i] + AIR);
            left[i] = left[i].max(name_w[i] + AIR);
        }
    }
    // Depths (parents come first), and per level how much further down the next level goes
    // than LEVEL: the row's boards (which hang under its texts).
    let mut depths = vec![0usize; n];
    let mut levels = 0;
    for i in 0..n {
        if let Some(p) = fig.nodes[i].parent {
            depths[i] = depths[p as usize] + 1;
        }
        levels = levels.max(depths[i] + 1);
    }
    let mut drop = vec![0.0f64; levels];
    if crate::SEARCH_FIGURES {
        for (node, &d) in fig.nodes.iter().zip(&depths) {
            if let Some((_, h)) = node.board {
                drop[d] = drop[d].max(h + AIR + AIR);
            }
        }
    }
    let mut x = vec![0.0; n];
    let mut next_free: Vec<f64> = Vec::new();
    if n > 0 {
        // Post-order without recursion: (node, children placed?).
        next_free = vec![f64::NEG_INFINITY; levels];
        // Every root in turn, left to right (a search with several: one per iteration).
        let mut stack: Vec<(usize, bool)> =
            (0..n).rev().filter(|&v| fig.nodes[v].parent.is_none()).map(|v| (v, false)).collect();
        while let Some((v, expanded)) = stack.pop() {
            let kids = &fig.nodes[v].children;
            if !expanded && !kids.is_empty() {
                stack.push((v, true));
                for &c in kids.iter().rev() {
                    stack.push((c as usize, false));
                }
                continue;
            }
            let d = depths[v];
            if kids.is_empty() {
                x[v] = if next_free[d].is_finite() { next_free[d] + gap + left[v] } else { left[v] };
            } else {
                // Siblings apart by their edge texts: halfway down, the probability right of
                // one edge faces the action left of the next, so the children keep twice
                // those two widths apart. Each later child's subtree moves right.
                for k in 1..kids.len() {
                    let (a, b) = (kids[k - 1] as usize, kids[k] as usize);
                    // (Compact: the texts sit beside the children's stems, in their extents.)
                    let need = if compact || stems { 0.0 } else { 2.0 * (prob_w[a] + name_w[b] + EDGE_AIR) };
                    let have = x[b] - x[a];
                    let more = (need - have).max(0.0) + extra.get(b).copied().unwrap_or(0.0);
                    if more > 0.0 {
                        for &c in &kids[k..] {
                            shift(fig, &depths, &right, &mut x, &mut next_free, c as usize, more);
                        }
                    }
                }
                let first = kids[0] as usize;
                let last = kids[kids.len() - 1] as usize;
                x[v] = (x[first] + x[last]) / 2.0;
                if next_free[d].is_finite() && x[v] - left[v] < next_free[d] + gap {
                    let delta = next_free[d] + gap - (x[v] - left[v]);
                    for &c in kids {
                        shift(fig, &depths, &right, &mut x, &mut next_free, c as usize, delta);
                    }
                    x[v] += delta;
                }
            }
            next_free[d] = next_free[d].max(x[v] + right[v]);
        }
    }
    // The leftmost text at 0.
    let min = (0..n).map(|i| x[i] - left[i]).fold(f64::INFINITY, f64::min);
    let min = if min.is_finite() { min } else { 0.0 };
    for v in &mut x {
        *v -= min;
    }
    let width = next_free.iter().copied().filter(|v| v.is_finite()).fold(0.0, f64::max) - min;
    let mut level_y = vec![0.0f64; drop.len()];
    for d in 1..drop.len() {
        level_y[d] = level_y[d - 1] - LEVEL - drop[d - 1];
    }
    let y = depths.iter().map(|&d| level_y[d]).collect();
    let below = super::place::below(fig, reserve, compact);
    Placement { x, y, width, compact, below }
}

/// Room on each side of a badge's text, cm.
pub const TAG_PAD: f64 = 0.06;

/// The width of a badge (its text at [`EDGE_SCALE`] and [`TAG_PAD`] either side), cm.
pub fn tag_width(t: &str) -> f64 {
    text_width(t, EDGE_SCALE) + 2.0 * TAG_PAD
}

/// An α–β window as the compact placement sets it: `α=3` over `β=+∞`.
pub fn window_lines(alpha: f64, beta: f64) -> [String; 2] {
    use super::figure::value_text;
    [format!("α={}", value_text(alpha)), format!("β={}", value_text(beta))]
}

fn window_text_of(widest: &str) -> String {
    format!("[α={widest}, β={widest}]")
}

/// Moves the subtree under `v` right by `delta`; it was the rightmost on each of its levels.
fn shift(
    fig: &Figure,
    depths: &[usize],
    right: &[f64],
    x: &mut [f64],
    next_free: &mut [f64],
    v: usize,
    delta: f64,
) {
    let mut stack = vec![v];
    while let Some(u) = stack.pop() {
        x[u] += delta;
        let d = depths[u];
        next_free[d] = next_free[d].max(x[u] + right[u]);
        stack.extend(fig.nodes[u].children.iter().map(|&c| c as usize));
    }
}
