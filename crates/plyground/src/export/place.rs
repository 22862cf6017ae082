//! Where every text of a figure goes: one placement, drawn by the TikZ and the SVG alike, so
//! that a fix to a label holds in both.
//!
//! A [`Drawing`] is a [`Figure`] placed: the node centres from [`layout`](super::layout), each
//! text as a box (its extent estimated with [`text_width`], the one per-character advance
//! table of the figures), the edges as polylines and the current node's ring. The rules keep
//! the texts apart by construction:
//!
//! - a node's row: its name left of it, its value right of it (above the centre line when the
//!   α–β window is shown, the window below it), all at least [`BESIDE`] from the centre, clear
//!   of the glyph and the current node's ring; a leaf's value under it, below the ring; a
//!   badge (an MCTS phase) under an inner node's value, under a leaf's;
//! - an edge leaves its parent by a short vertical stem down past everything the parent's row
//!   shows under its centre line (per level: the same depth for every node of a level), runs
//!   straight to a point over the child, and enters the child by a stem down past the texts
//!   over the child's centre. So no edge crosses a row's texts;
//! - the texts on an edge (the action left, a probability right) sit beside the middle of its
//!   straight part, far enough from the line that no corner of the box touches it; where they
//!   would touch a neighbouring edge or its texts, the two subtrees move apart.
//!
//! [`problems`] checks a drawing: no two texts overlap, no text touches a glyph, the ring or
//! an edge, every text is inside the drawing's bounds, and no text is under 11 px at the scale
//! every figure opens at ([`PX_PER_CM`]).

use super::figure::{
    fig_value_parts, fig_value_text, minimax_line, value_text, window_text, FigKind, FigState, Figure,
    MINIMAX_SEP,
};
use super::layout::{
    layout_with, tag_width, text_width, window_lines, Placement, EDGE_SCALE, PAD, RADIUS, WINDOW_SCALE,
};
use crate::search::alphabeta::{sort_keys, total_order_key};

/// Centimetres per TeX point.
pub const CM_PER_PT: f64 = 2.54 / 72.27;
/// The size of values (`\footnotesize`), pt.
pub const VALUE_PT: f64 = 8.0;
/// The size of names, windows and edge texts (`\scriptsize`), pt.
pub const SMALL_PT: f64 = 7.0;
/// The current node's ring: radius and line width, cm.
pub const RING: f64 = 0.34;
/// The ring's line width, cm (1.6 pt).
pub const RING_WIDTH: f64 = 1.6 * CM_PER_PT;
/// From a node's centre to the texts beside it, cm: clear of the glyph and of the ring.
pub const BESIDE: f64 = RADIUS + PAD;
/// Air between a text and the line or text next to it, cm.
pub const AIR: f64 = 0.04;
/// From a node's centre down to the top of a leaf's value, cm: below the ring.
pub const LEAF_TOP: f64 = RING + RING_WIDTH / 2.0 + AIR;
/// From the centre line to a value over it or a window under it, cm.
const ROW_GAP: f64 = 0.02;
/// How far the subtrees move apart per step when texts on neighbouring edges touch, cm.
const NUDGE: f64 = 0.1;
/// The smallest text drawn, px, at the scale a figure opens at.
pub const MIN_PX: f64 = 11.0;
/// Pixels per centimetre at the scale a figure opens at: the smallest text ([`SMALL_PT`]) is
/// [`MIN_PX`] (the SVG's own size).
pub const PX_PER_CM: f64 = MIN_PX / (SMALL_PT * CM_PER_PT);

/// The height of a text box of `pt` points, cm (a line: ascenders and descenders).
pub fn text_height(pt: f64) -> f64 {
    pt * CM_PER_PT
}

/// What a text is.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum LabelKind {
    /// The node's name, left of it.
    Name,
    /// The node's value (beside an inner node, under a leaf).
    Value,
    /// The α–β window of an open inner node.
    Window,
    /// The action on the edge into the node.
    Edge,
    /// The probability on the edge into the node.
    Prob,
    /// The player number inside an n-player node.
    Player,
    /// The compact placement's line "minimax: v" under a finished inner node.
    Minimax,
    /// A badge (an MCTS phase, "INSPECTED"), drawn on its box's colour.
    Tag,
}

/// Which point of its box a text is set at (TeX's anchors, SVG's text-anchor).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Anchor {
    /// The middle of the left side.
    West,
    /// The middle of the right side.
    East,
    /// The middle of the top.
    North,
    /// The centre.
    Center,
}

/// One text of a drawing: its box in cm (y up), and where it is set.
#[derive(Clone, PartialEq, Debug)]
pub struct Label {
    /// The node it belongs to (for an edge text, the child).
    pub node: u32,
    /// What it is.
    pub kind: LabelKind,
    /// The text.
    pub text: String,
    /// Its size, pt.
    pub pt: f64,
    /// Left, bottom, right, top.
    pub x0: f64,
    /// See `x0`.
    pub y0: f64,
    /// See `x0`.
    pub x1: f64,
    /// See `x0`.
    pub y1: f64,
    /// Where the text is set in its box.
    pub anchor: Anchor,
}

impl Label {
    /// The anchor point.
    pub fn at(&self) -> (f64, f64) {
        let cy = (self.y0 + self.y1) / 2.0;
        let cx = (self.x0 + self.x1) / 2.0;
        match self.anchor {
            Anchor::West => (self.x0, cy),
            Anchor::East => (self.x1, cy),
            Anchor::North => (cx, self.y1),
            Anchor::Center => (cx, cy),
        }
    }
}

/// The edge into a node: parent's glyph, down the parent's stem, straight to the child's
/// stem, down into the child's glyph.
#[derive(Clone, PartialEq, Debug)]
pub struct EdgeLine {
    /// The child.
    pub child: u32,
    /// The four corners, cm.
    pub points: [(f64, f64); 4],
}

/// A figure placed: everything its drawings draw, in cm (y up).
#[derive(Clone, PartialEq, Debug)]
pub struct Drawing {
    /// The node centres.
    pub place: Placement,
    /// Every text: the edges' texts in node order, then each node's (player number, name,
    /// value, window) in node order.
    pub labels: Vec<Label>,
    /// One per non-root node, in node order.
    pub edges: Vec<EdgeLine>,
    /// The current node, ringed.
    pub ring: Option<u32>,
    /// Left, bottom, right, top of everything drawn.
    pub bounds: (f64, f64, f64, f64),
    /// The board thumbnails: the node and its box (cm, y up), in node order.
    pub boards: Vec<(u32, (f64, f64, f64, f64))>,
}

/// How far a glyph reaches over and under its centre, cm (as the SVG and TikZ draw it).
pub fn glyph_extent(kind: FigKind) -> (f64, f64) {
    match kind {
        FigKind::Max => (RADIUS, RADIUS / 2.0),
        FigKind::Min => (RADIUS / 2.0, RADIUS),
        FigKind::Chance => (0.2, 0.2),
        FigKind::Terminal => (0.175, 0.175),
        FigKind::Player(p) => {
            let sides = usize::from(p) + 3;
            // A corner on top; an even polygon has one at the bottom too.
            if sides.is_multiple_of(2) {
                (RADIUS, RADIUS)
            } else {
                (RADIUS, RADIUS * COS_HALF[sides.min(9) - 3])
            }
        }
    }
}

/// cos(π/n) for n = 3 to 9 (no trigonometry in the wasm module).
const COS_HALF: [f64; 7] = [
    0.5,
    std::f64::consts::FRAC_1_SQRT_2,
    0.809_016_994_374_947_5,
    0.866_025_403_784_438_6,
    0.900_968_867_902_419_1,
    0.923_879_532_511_286_7,
    0.939_692_620_785_908_4,
];

/// The drawing of `fig`, with room for everything `reserve` (the same search at its end)
/// shows: laid out, then the subtrees moved apart until no two edges' texts touch.
pub fn draw(fig: &Figure, reserve: &Figure) -> Drawing {
    draw_with(fig, reserve, false)
}

/// [`draw`], `compact` or not (see [`Placement::compact`]).
pub fn draw_with(fig: &Figure, reserve: &Figure, compact: bool) -> Drawing {
    let n = fig.nodes.len();
    let mut extra = vec![0.0; n];
    for _ in 0..4 * n + 8 {
        let d = place(fig, &layout_with(fig, reserve, &extra, compact));
        // Every conflict of this layout at once (a subtree by the most any of its asks): a
        // big tree settles in a few rounds, not one round per conflict.
        let mut more = vec![0.0f64; n];
        for (v, by) in edge_conflicts(fig, &d) {
            more[v] = more[v].max(by);
        }
        if more.iter().all(|&m| m == 0.0) {
            return d;
        }
        for (e, m) in extra.iter_mut().zip(more) {
            *e += m;
        }
    }
    place(fig, &layout_with(fig, reserve, &extra, compact))
}

/// Depth of every node (parents come first).
fn depths(fig: &Figure) -> Vec<usize> {
    let mut d = vec![0; fig.nodes.len()];
    for (i, n) in fig.nodes.iter().enumerate() {
        if let Some(p) = n.parent {
            d[i] = d[p as usize] + 1;
        }
    }
    d
}

/// How far below its centre line each level's texts reach (the edges leave below that), for
/// everything `fig` or `reserve` shows.
pub(super) fn below(fig: &Figure, reserve: &Figure, compact: bool) -> Vec<f64> {
    let depth = depths(fig);
    let levels = depth.iter().max().map_or(0, |m| m + 1);
    let row = ROW_GAP + text_height(SMALL_PT) + AIR;
    let leaf = LEAF_TOP + text_height(VALUE_PT) + AIR;
    let mut out = vec![row.max(RADIUS + AIR); levels];
    for (i, n) in fig.nodes.iter().enumerate() {
        let reach = if n.is_leaf() {
            // (A badge under the value.)
            if n.has_tag() {
                leaf + text_height(SMALL_PT)
            } else {
                leaf
            }
        } else if !compact {
            continue;
        } else {
            let r = reserve.nodes.get(i);
            let minimax = n.minimax.is_some() || r.is_some_and(|r| r.minimax.is_some());
            if minimax {
                MINIMAX_TOP + text_height(SMALL_PT) + AIR
            } else {
                MINIMAX_TOP
            }
        };
        out[depth[i]] = out[depth[i]].max(reach);
    }
    if !crate::SEARCH_FIGURES {
        return out;
    }
    // A row's boards hang under its texts and the ring.
    let mut boards = vec![0.0f64; levels];
    for (i, n) in fig.nodes.iter().enumerate() {
        if let Some((_, h)) = n.board {
            boards[depth[i]] = boards[depth[i]].max(h + AIR);
        }
    }
    for (o, b) in out.iter_mut().zip(boards) {
        if b > 0.0 {
            *o = o.max(LEAF_TOP) + b;
        }
    }
    out
}

/// Node `i`'s board box (cm, y up) on `place`: centred under the node at the bottom of its
/// row's band (under every text of the row), the edges to its children leaving from its
/// bottom.
pub fn board_box(fig: &Figure, place: &Placement, depth: usize, i: usize) -> Option<(f64, f64, f64, f64)> {
    let (w, h) = fig.nodes[i].board.filter(|_| crate::SEARCH_FIGURES)?;
    let (x, y) = (place.x[i], place.y[i]);
    let y0 = y - place.below.get(depth).copied().unwrap_or(0.0) + AIR;
    Some((x - w / 2.0, y0, x + w / 2.0, y0 + h))
}

/// Compact: from a node's centre down to the top of its minimax line (under the window's
/// two lines), cm.
const MINIMAX_TOP: f64 = ROW_GAP + 2.0 * SMALL_PT * CM_PER_PT + AIR;
/// Compact: from a node's centre up to the bottom of the texts on the edge into it (clear of
/// the ring), cm; the edge comes in above them.
const EDGE_BOTTOM: f64 = RING + RING_WIDTH / 2.0 + AIR;

/// How far over its centre line a row's texts reach (the edges come in above that).
pub const ABOVE: f64 = ROW_GAP + 0.29 + AIR;

/// Places `fig`'s texts and edges on the node centres of `place`.
pub fn place(fig: &Figure, place: &Placement) -> Drawing {
    let depth = depths(fig);
    let under = &place.below;
    let compact = place.compact;
    let (x, y) = (&place.x, &place.y);
    let mut labels = Vec::new();
    let mut edges = Vec::new();
    let small = text_height(SMALL_PT);
    let big = text_height(VALUE_PT);
    for (i, n) in fig.nodes.iter().enumerate() {
        let Some(p) = n.parent else { continue };
        let p = p as usize;
        let (top, _) = glyph_extent(n.kind);
        let (_, bottom) = glyph_extent(fig.nodes[p].kind);
        let a = (x[p], y[p] - under.get(depth[p]).copied().unwrap_or(RADIUS));
        // Compact (and a game's search): the edge comes in over the texts on it, which sit
        // beside the stem.
        let stem = compact || (crate::SEARCH_FIGURES && fig.stem_texts);
        let b = (x[i], y[i] + if stem { EDGE_BOTTOM + small + AIR } else { ABOVE });
        // From under the parent's glyph, or its board's.
        let start = board_box(fig, place, depth[p], p).map_or(y[p] - bottom, |b| b.1);
        edges.push(EdgeLine { child: n.id, points: [(x[p], start), a, b, (x[i], y[i] - 0.0 + top)] });
        let (mx, off, y0, y1) = if stem {
            (x[i], AIR, y[i] + EDGE_BOTTOM, y[i] + EDGE_BOTTOM + small)
        } else {
            // Beside the middle of the straight part, no corner of the box on the line.
            let (mx, my) = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
            let off = small / 2.0 * (b.0 - a.0).abs() / (a.1 - b.1).max(1e-9) + AIR;
            (mx, off, my - small / 2.0, my + small / 2.0)
        };
        if !n.edge.is_empty() {
            let w = text_width(&n.edge, EDGE_SCALE);
            let x1 = mx - off;
            labels.push(label(n.id, LabelKind::Edge, &n.edge, SMALL_PT, (x1 - w, y0, x1, y1), Anchor::East));
        }
        if let Some(pr) = n.prob {
            let t = value_text(pr);
            let w = text_width(&t, EDGE_SCALE);
            let x0 = mx + off;
            labels.push(label(n.id, LabelKind::Prob, &t, SMALL_PT, (x0, y0, x0 + w, y1), Anchor::West));
        }
    }
    for (i, n) in fig.nodes.iter().enumerate() {
        let (cx, cy) = (x[i], y[i]);
        if let FigKind::Player(p) = n.kind {
            let t = format!("{}", p + 1);
            let w = text_width(&t, EDGE_SCALE);
            let b = (cx - w / 2.0, cy - small / 2.0, cx + w / 2.0, cy + small / 2.0);
            labels.push(label(n.id, LabelKind::Player, &t, SMALL_PT, b, Anchor::Center));
        }
        if !n.label.is_empty() {
            let w = text_width(&n.label, EDGE_SCALE);
            let b = (cx - BESIDE - w, cy - small / 2.0, cx - BESIDE, cy + small / 2.0);
            labels.push(label(n.id, LabelKind::Name, &n.label, SMALL_PT, b, Anchor::East));
        }
        let value = fig_value_text(n, fig.players);
        if let Some(t) = &n.tag {
            // Under the value, right of an inner node; under a leaf's value, centred.
            let w = tag_width(t);
            let b = if n.is_leaf() {
                let y1 = cy - LEAF_TOP - big;
                (cx - w / 2.0, y1 - small, cx + w / 2.0, y1)
            } else {
                (cx + BESIDE, cy - ROW_GAP - small, cx + BESIDE + w, cy - ROW_GAP)
            };
            labels.push(label(n.id, LabelKind::Tag, t, SMALL_PT, b, Anchor::Center));
        }
        if n.is_leaf() {
            if let Some(v) = value {
                let w = text_width(&v, 1.0);
                let top = cy - LEAF_TOP;
                labels.push(label(
                    n.id,
                    LabelKind::Value,
                    &v,
                    VALUE_PT,
                    (cx - w / 2.0, top - big, cx + w / 2.0, top),
                    Anchor::North,
                ));
            }
            continue;
        }
        let x0 = cx + BESIDE;
        let parts = fig_value_parts(n, fig.players);
        if let Some((v, m)) = &parts {
            // (Compact: the minimax value goes on a line of its own, below.)
            let v = match m {
                Some(m) if !compact => format!("{v}{MINIMAX_SEP}{m}"),
                _ => v.clone(),
            };
            let w = text_width(&v, 1.0);
            let (y0, y1) = if n.window.is_some() || n.has_tag() {
                (cy + ROW_GAP, cy + ROW_GAP + big)
            } else {
                (cy - big / 2.0, cy + big / 2.0)
            };
            labels.push(label(n.id, LabelKind::Value, &v, VALUE_PT, (x0, y0, x0 + w, y1), Anchor::West));
        }
        if let Some((a, b)) = n.window {
            // Under the value, or on the centre line; compact: α over β.
            let texts = if compact { window_lines(a, b).to_vec() } else { vec![window_text(a, b)] };
            let top = if n.value.is_some() { cy - ROW_GAP } else { cy + small * texts.len() as f64 / 2.0 };
            for (k, t) in texts.iter().enumerate() {
                let w = text_width(t, WINDOW_SCALE);
                let y1 = top - k as f64 * small;
                labels.push(label(
                    n.id,
                    LabelKind::Window,
                    t,
                    SMALL_PT,
                    (x0, y1 - small, x0 + w, y1),
                    Anchor::West,
                ));
            }
        }
        if let (true, Some((_, Some(m)))) = (compact, &parts) {
            let t = minimax_line(m);
            let w = text_width(&t, EDGE_SCALE);
            let (lx, y1) = (cx + AIR, cy - MINIMAX_TOP);
            labels.push(label(
                n.id,
                LabelKind::Minimax,
                &t,
                SMALL_PT,
                (lx, y1 - small, lx + w, y1),
                Anchor::West,
            ));
        }
    }
    let mut boards = Vec::new();
    if crate::SEARCH_FIGURES {
        for (i, &d) in depth.iter().enumerate() {
            if let Some(b) = board_box(fig, place, d, i) {
                boards.push((i as u32, b));
            }
        }
    }
    let ring = fig.nodes.iter().position(|n| n.state == FigState::Current).map(|i| i as u32);
    // Bounds: everything drawn, and room for the ring anywhere.
    let r = RING + RING_WIDTH / 2.0;
    let mut bounds = (f64::INFINITY, f64::INFINITY, f64::NEG_INFINITY, f64::NEG_INFINITY);
    let mut grow = |b: (f64, f64, f64, f64)| {
        bounds = (bounds.0.min(b.0), bounds.1.min(b.1), bounds.2.max(b.2), bounds.3.max(b.3));
    };
    for i in 0..fig.nodes.len() {
        grow((x[i] - r, y[i] - r, x[i] + r, y[i] + r));
    }
    for l in &labels {
        grow((l.x0, l.y0, l.x1, l.y1));
    }
    for &(_, b) in &boards {
        grow(b);
    }
    grow((0.0, 0.0, place.width, 0.0));
    if !bounds.0.is_finite() {
        bounds = (0.0, 0.0, 0.0, 0.0);
    }
    Drawing { place: place.clone(), labels, edges, ring, bounds, boards }
}

/// Node `v`'s box (cm, y up): its glyph and the current node's ring, which a pointer on the
/// node hits.
pub fn node_box(place: &Placement, v: usize) -> (f64, f64, f64, f64) {
    let r = RING + RING_WIDTH / 2.0;
    let (x, y) = (place.x[v], place.y[v]);
    (x - r, y - r, x + r, y + r)
}

fn label(node: u32, kind: LabelKind, text: &str, pt: f64, b: (f64, f64, f64, f64), anchor: Anchor) -> Label {
    Label { node, kind, text: text.to_string(), pt, x0: b.0, y0: b.1, x1: b.2, y1: b.3, anchor }
}

/// Does a text's box overlap a box (more than touching)?
fn boxes_meet(a: &Label, b: (f64, f64, f64, f64)) -> bool {
    meet((a.x0, a.y0, a.x1, a.y1), b)
}

/// Does the segment p–q meet the box (Liang–Barsky clipping)?
fn segment_meets(l: (f64, f64, f64, f64), p: (f64, f64), q: (f64, f64)) -> bool {
    let (x0, y0, x1, y1) = l;
    let (dx, dy) = (q.0 - p.0, q.1 - p.1);
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    let eps = 1e-9;
    for (den, num) in
        [(-dx, p.0 - (x0 + eps)), (dx, (x1 - eps) - p.0), (-dy, p.1 - (y0 + eps)), (dy, (y1 - eps) - p.1)]
    {
        if den == 0.0 {
            if num < 0.0 {
                return false;
            }
        } else {
            let t = num / den;
            if den < 0.0 {
                t0 = t0.max(t);
            } else {
                t1 = t1.min(t);
            }
        }
    }
    t0 <= t1
}

/// `labels` by their left ends, in their order where those are equal (a stable sort, by the
/// searches' one sort of keys).
fn left_to_right(labels: Vec<&Label>) -> Vec<&Label> {
    let mut keys: Vec<(i64, u32)> =
        labels.iter().enumerate().map(|(i, l)| (total_order_key(l.x0), i as u32)).collect();
    sort_keys(&mut keys);
    keys.iter().map(|&(_, i)| labels[i as usize]).collect()
}

/// The edges (by child) whose subtrees must move right so that the texts of neighbouring
/// edges stay apart, and by how much at least: wherever an edge text meets another edge or
/// another edge's text.
fn edge_conflicts(fig: &Figure, d: &Drawing) -> Vec<(usize, f64)> {
    let x = &d.place.x;
    let texts: Vec<&Label> =
        d.labels.iter().filter(|l| matches!(l.kind, LabelKind::Edge | LabelKind::Prob)).collect();
    // Left to right: a text meets only those that start before it ends.
    let texts = left_to_right(texts);
    let mut out = Vec::new();
    let depth = depths(fig);
    let apart = |u: u32, v: u32| -> Option<usize> {
        // The right one of the two children of the lowest common ancestor on their paths.
        let (mut a, mut b) = (u as usize, v as usize);
        while depth[a] > depth[b] {
            a = fig.nodes[a].parent? as usize;
        }
        while depth[b] > depth[a] {
            b = fig.nodes[b].parent? as usize;
        }
        while fig.nodes[a].parent != fig.nodes[b].parent {
            a = fig.nodes[a].parent? as usize;
            b = fig.nodes[b].parent? as usize;
        }
        (a != b).then(|| if x[a] > x[b] { a } else { b })
    };
    // (By the grid where game searches are placed, whose trees are wide; by all the edges
    // in the tree module, which has no room for the grid's code.)
    let grid = crate::SEARCH_FIGURES.then(|| EdgeGrid::new(d));
    for (k, l) in texts.iter().enumerate() {
        for m in &texts[k + 1..] {
            if m.x0 >= l.x1 {
                break;
            }
            if m.y0 >= l.y1 || m.y1 <= l.y0 {
                continue;
            }
            if m.node != l.node && boxes_meet(l, (m.x0, m.y0, m.x1, m.y1)) {
                if let Some(v) = apart(l.node, m.node) {
                    // Twice the overlap: the texts sit halfway down, where the edges part
                    // at half the rate their ends do.
                    out.push((v, 2.0 * (l.x1.min(m.x1) - l.x0.max(m.x0) + AIR)));
                }
            }
        }
        let near = grid.as_ref().map(|g| g.near(l.x0, l.x1));
        for j in 0..near.as_ref().map_or(d.edges.len(), Vec::len) {
            let e = &d.edges[near.as_ref().map_or(j, |v| v[j] as usize)];
            let (hi, lo) = (e.points[1].1, e.points[2].1);
            let (p, q) = (e.points[1].0, e.points[2].0);
            if l.y0 >= hi || l.y1 <= lo || l.x1 <= p.min(q) || l.x0 >= p.max(q) {
                continue;
            }
            if segment_meets((l.x0, l.y0, l.x1, l.y1), e.points[1], e.points[2]) {
                if let Some(v) = apart(l.node, e.child) {
                    out.push((v, NUDGE));
                }
            }
        }
    }
    out
}

/// What is wrong with a drawing, in words (empty when nothing is): two texts that overlap, a
/// text on a glyph (a player's number is inside its own), on the current node's ring or on
/// an edge, a text outside the bounds, a text under [`MIN_PX`] at the scale every figure opens
/// at, [`PX_PER_CM`], in a view of any width (the whole figure when it fits at that scale, else
/// its root and focus: the page's `frameTree`, never smaller); a board thumbnail is checked as
/// a text is (but for its size). Glyphs and edges are found through a grid of 1 cm columns:
/// linear in the drawing's size.
pub fn problems(fig: &Figure, d: &Drawing) -> Vec<String> {
    let mut out = Vec::new();
    type Box4 = (f64, f64, f64, f64);
    // Every text, then every board: (box, the text's label, or the board's node). Their names
    // are written only for a problem: a figure has thousands of texts and mostly none.
    let mut items: Vec<(Box4, Option<&Label>, u32)> =
        d.labels.iter().map(|l| ((l.x0, l.y0, l.x1, l.y1), Some(l), l.node)).collect();
    for &(v, b) in &d.boards {
        items.push((b, None, v));
    }
    let named = |(_, l, v): &(Box4, Option<&Label>, u32)| match l {
        Some(l) => format!("'{}' ({:?} of {})", l.text, l.kind, fig.nodes[l.node as usize].name),
        None => format!("the board of {}", fig.nodes[*v as usize].name),
    };
    let mut keys: Vec<(i64, u32)> =
        items.iter().enumerate().map(|(i, it)| (total_order_key(it.0 .0), i as u32)).collect();
    sort_keys(&mut keys);
    for (k, &(_, i)) in keys.iter().enumerate() {
        let a = &items[i as usize];
        for &(_, j) in &keys[k + 1..] {
            let b = &items[j as usize];
            if b.0 .0 >= a.0 .2 {
                break;
            }
            if meet(a.0, b.0) {
                out.push(format!("{} overlaps {}", named(a), named(b)));
            }
        }
    }
    let (x, y) = (&d.place.x, &d.place.y);
    let scale = PX_PER_CM;
    // The grid: per 1 cm column of the bounds, the glyphs and edges that reach into it.
    let left = d.bounds.0;
    let cols = ((d.bounds.2 - left).max(0.0) as usize + 2).min(1 << 20);
    let col = |v: f64| (((v - left).max(0.0)) as usize).min(cols - 1);
    let mut glyphs: Vec<Vec<u32>> = vec![Vec::new(); cols];
    for (i, &xi) in x.iter().enumerate() {
        for column in &mut glyphs[col(xi - RADIUS)..=col(xi + RADIUS)] {
            column.push(i as u32);
        }
    }
    let edges = EdgeGrid::new(d);
    // The glyphs near a text, in one buffer for them all (a figure has thousands of texts).
    let mut near: Vec<u32> = Vec::new();
    for item in &items {
        let (b, l, _) = item;
        let name = || named(item);
        near.clear();
        for column in &glyphs[col(b.0)..=col(b.2)] {
            near.extend_from_slice(column);
        }
        near.sort_unstable();
        near.dedup();
        for &i in &near {
            let i = i as usize;
            let own = l.is_some_and(|l| l.kind == LabelKind::Player && l.node as usize == i);
            if !own && meet(*b, (x[i] - RADIUS, y[i] - RADIUS, x[i] + RADIUS, y[i] + RADIUS)) {
                out.push(format!("{} is on the glyph of {}", name(), fig.nodes[i].name));
            }
        }
        if let Some(c) = d.ring {
            // The ring is a band around the node's centre: a box meets it when its nearest
            // point is inside the band's outer circle and its farthest outside the inner one.
            let (cx, cy) = (x[c as usize], y[c as usize]);
            let near = (cx.clamp(b.0, b.2) - cx).hypot(cy.clamp(b.1, b.3) - cy);
            let far = (b.0 - cx).abs().max((b.2 - cx).abs()).hypot((b.1 - cy).abs().max((b.3 - cy).abs()));
            if near < RING + RING_WIDTH / 2.0 - 1e-9 && far > RING - RING_WIDTH / 2.0 + 1e-9 {
                out.push(format!("{} is under the ring of {}", name(), fig.nodes[c as usize].name));
            }
        }
        for k in edges.near(b.0, b.2) {
            let e = &d.edges[k as usize];
            if e.points.windows(2).any(|s| segment_meets(*b, s[0], s[1])) {
                out.push(format!("{} is on the edge into {}", name(), fig.nodes[e.child as usize].name));
            }
        }
        let (bx0, by0, bx1, by1) = d.bounds;
        if b.0 < bx0 - 1e-9 || b.2 > bx1 + 1e-9 || b.1 < by0 - 1e-9 || b.3 > by1 + 1e-9 {
            out.push(format!("{} is outside the figure", name()));
        }
        if let Some(l) = l {
            let px = l.pt * CM_PER_PT * scale;
            if px < MIN_PX - 1e-9 {
                out.push(format!("{} is {px:.2} px", name()));
            }
        }
    }
    out
}

/// The edges by 1 cm columns of the drawing's bounds: per column, the edges whose corners
/// reach into it (a text meets only the edges of the columns it spans).
struct EdgeGrid {
    left: f64,
    cols: Vec<Vec<u32>>,
    /// Each edge's first column.
    first: Vec<usize>,
}

impl EdgeGrid {
    fn new(d: &Drawing) -> EdgeGrid {
        let left = d.bounds.0;
        let n = ((d.bounds.2 - left).max(0.0) as usize + 2).min(1 << 20);
        let mut g = EdgeGrid { left, cols: vec![Vec::new(); n], first: Vec::new() };
        for (k, e) in d.edges.iter().enumerate() {
            let lo = e.points.iter().map(|p| p.0).fold(f64::INFINITY, f64::min);
            let hi = e.points.iter().map(|p| p.0).fold(f64::NEG_INFINITY, f64::max);
            let (a, b) = (g.col(lo), g.col(hi));
            g.first.push(a);
            for column in &mut g.cols[a..=b] {
                column.push(k as u32);
            }
        }
        g
    }

    fn col(&self, v: f64) -> usize {
        (((v - self.left).max(0.0)) as usize).min(self.cols.len() - 1)
    }

    /// The edges that may meet the span x0..x1, each once (an edge is taken in the first of
    /// the span's columns it reaches).
    fn near(&self, x0: f64, x1: f64) -> Vec<u32> {
        let a = self.col(x0);
        (a..=self.col(x1))
            .flat_map(|c| self.cols[c].iter().copied().filter(move |&k| self.first[k as usize].max(a) == c))
            .collect()
    }
}

/// Do two boxes overlap (more than touching)?
fn meet(a: (f64, f64, f64, f64), b: (f64, f64, f64, f64)) -> bool {
    a.0.max(b.0) < a.2.min(b.2) - 1e-9 && a.1.max(b.1) < a.3.min(b.3) - 1e-9
}
