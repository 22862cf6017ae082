//! One placement for a whole recorded search: the node centres, edges and bounds are worked
//! out once, with room for the widest text every node shows at any step, and each step only
//! places its own texts on them. The screen steps through a [`Plan`] (nothing moves from one
//! step to the next), and the SVG and TikZ of a step draw the same [`Drawing`] the screen
//! draws at that step: a fix to a label holds in all three.
//!
//! The room is read off the trace in one pass: at every step, the values of the open nodes,
//! of the current node and of its parent, with their kinds (≤, ≥) and minimax values, and
//! the open nodes' α–β windows; each node keeps the widest of each. [`place::problems`]
//! checks every step's drawing against the plan's fixed placement (the tests run it over
//! every lesson tree at every step and over generated trees).

use super::figure::{fig_value_text, window_text, FigKind, Figure, Skeleton};
use super::layout::{text_width, Placement, WINDOW_SCALE};
use super::place::{self, draw_with, Drawing};
use crate::games::tree::Tree;
use crate::trace::{StepState, Trace};

/// A recorded search placed once: what every step of it is drawn on.
#[derive(Clone, PartialEq, Debug)]
pub struct Plan {
    /// Every node with the widest value and window it shows at any step (what the layout
    /// reserves room for).
    pub room: Figure,
    /// The true minimax values by trace node, when the figure shows them.
    pub minimax: Option<Vec<Option<f64>>>,
    /// The node centres, the same at every step.
    pub place: Placement,
    /// Left, bottom, right, top of everything any step draws.
    pub bounds: (f64, f64, f64, f64),
    /// The nodes every step draws, and where the trace lands on them.
    pub skeleton: Skeleton,
}

impl Plan {
    /// The plan of `trace` (a search recorded on `tree`), with the true minimax values beside
    /// the search's when `minimax` asks for them (refused, with the reason, where they would
    /// not compare truly: see [`minimax_values`](crate::trace::minimax_values)); `compact`:
    /// the small screen's placement ([`Placement::compact`]; the print figures are never
    /// compact).
    pub fn new(tree: &Tree, trace: &Trace<u32>, minimax: bool, compact: bool) -> Result<Plan, String> {
        use crate::Game;
        let values = if minimax {
            let cap = crate::limits::MAX_NODE_CAP as usize;
            Some(crate::trace::minimax_values(tree, tree.initial_state(), trace, cap)?)
        } else {
            None
        };
        Plan::on(Skeleton::of_tree(tree, trace), trace, values, compact)
    }

    /// The plan of a game's search alone ([`Skeleton::of_search`]: the nodes it entered and
    /// a stub per pruned edge), `compact` or not, with room for a board of `cols` × `rows`
    /// cells under every node it entered when `board` is given ([`board_size`]).
    pub fn of_search<A: Copy>(
        trace: &Trace<A>,
        compact: bool,
        board: Option<(u32, u32)>,
    ) -> Result<Plan, String> {
        let size = board.and_then(|(c, r)| board_size(c, r));
        Plan::on(Skeleton::of_search(trace, size), trace, None, compact)
    }

    /// The plan of `trace` on the nodes of `sk`, with these minimax values by trace node.
    fn on<A: Copy>(
        sk: Skeleton,
        trace: &Trace<A>,
        values: Option<Vec<Option<f64>>>,
        compact: bool,
    ) -> Result<Plan, String> {
        let mut room = Figure::on(&sk, trace, trace.len(), values.as_deref())?;
        let players = room.players;
        let to_tree = &sk.to_fig;
        let width = |t: Option<String>| t.map_or(0.0, |t| text_width(&t, 1.0));
        let mut value_w: Vec<f64> = room.nodes.iter().map(|n| width(fig_value_text(n, players))).collect();
        let mut window_w = vec![0.0; room.nodes.len()];
        let mut st = StepState::new(trace);
        let mut look = Vec::new();
        loop {
            look.clear();
            look.extend_from_slice(st.stack());
            if let Some(c) = st.current() {
                look.push(c);
                look.extend(trace.node(c).and_then(|n| n.parent));
            }
            for &t in &look {
                let Some(d) = to_tree.get(t as usize).copied().flatten() else { continue };
                let d = d as usize;
                if let Some(v) = st.value(t) {
                    let mut cand = room.nodes[d].clone();
                    cand.value = Some(v);
                    cand.bound = st.bound(trace, t);
                    cand.minimax = if cand.bound.is_some() && cand.kind != FigKind::Terminal {
                        values.as_deref().and_then(|m| m.get(t as usize).copied().flatten())
                    } else {
                        None
                    };
                    let w = width(fig_value_text(&cand, players));
                    if w > value_w[d] {
                        value_w[d] = w;
                        room.nodes[d] = cand;
                    }
                }
            }
            for (t, a, b) in st.open_windows() {
                let Some(d) = to_tree.get(t as usize).copied().flatten() else { continue };
                let d = d as usize;
                if room.nodes[d].is_leaf() {
                    continue;
                }
                let w = text_width(&window_text(a, b), WINDOW_SCALE);
                if w > window_w[d] {
                    window_w[d] = w;
                    room.nodes[d].window = Some((a, b));
                }
            }
            if st.index() >= trace.len() {
                break;
            }
            st.seek(trace, st.index() + 1);
        }
        // The ring is drawn on the current node: room for it anywhere is in the bounds.
        let d = draw_with(&room, &room, compact);
        Ok(Plan { room, minimax: values, place: d.place, bounds: d.bounds, skeleton: sk })
    }

    /// The figure at `step` and its texts placed on the plan's node centres (the plan's
    /// bounds). A step past the end is an error naming the trace's length.
    /// The figure carries no narration (see [`Figure::unnarrated`]; the print figures use
    /// [`at_narrated`](Plan::at_narrated)). (`tree` is the plan's, whose nodes it keeps.)
    pub fn at(&self, tree: &Tree, trace: &Trace<u32>, step: usize) -> Result<(Figure, Drawing), String> {
        let _ = tree;
        self.at_step(trace, step)
    }

    /// [`at`](Plan::at) for any plan: `trace` is the one the plan was made of. (Not inlined:
    /// one copy for every caller.)
    #[inline(never)]
    pub fn at_step<A: Copy>(&self, trace: &Trace<A>, step: usize) -> Result<(Figure, Drawing), String> {
        let fig = Figure::on(&self.skeleton, trace, step, self.minimax.as_deref())?;
        let mut d = place::place(&fig, &self.place);
        d.bounds = self.bounds;
        Ok((fig, d))
    }

    /// [`at`](Plan::at) with the step's narration in the figure (the SVG and TikZ carry it).
    pub fn at_narrated(
        &self,
        tree: &Tree,
        trace: &Trace<u32>,
        step: usize,
    ) -> Result<(Figure, Drawing), String> {
        let (mut fig, d) = self.at(tree, trace, step)?;
        fig.narration = step.checked_sub(1).map(|i| trace.narration(i)).unwrap_or_default();
        Ok((fig, d))
    }

    /// Node `v`'s box on the figure (cm, y up): its glyph and the current node's ring, which
    /// a pointer on the node hits.
    pub fn node_box(&self, v: usize) -> (f64, f64, f64, f64) {
        place::node_box(&self.place, v)
    }
}

/// A board of `cols` × `rows` cells as the figure keeps room for it: its width and height in
/// cm (None for no board). A cell is 0.26 cm (11.5 px at the scale the figure opens at, where
/// its smallest text is 11 px: a tic-tac-toe board 0.78 cm across), smaller for wide boards
/// so that none is wider than 1.4 cm (a Connect-4 board 1.4 × 1.2 cm, its cells 8.9 px).
pub fn board_size(cols: u32, rows: u32) -> Option<(f64, f64)> {
    if cols == 0 || rows == 0 {
        return None;
    }
    let cell = BOARD_CELL.min(BOARD_MAX / f64::from(cols));
    Some((cell * f64::from(cols), cell * f64::from(rows)))
}

/// A board cell at most, cm.
pub const BOARD_CELL: f64 = 0.26;
/// A board's width at most, cm.
pub const BOARD_MAX: f64 = 1.4;
