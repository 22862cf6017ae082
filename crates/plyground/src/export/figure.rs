//! The picture of a recorded search on an explicit tree at one step (see the module above).

use crate::event::{Bound, LeafKind, NodeKind};
use crate::games::tree::{Kind, Tree};
use crate::trace::{NodeValue, StepState, Trace};

/// The glyph of a node, in the lessons' notation.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum FigKind {
    /// MAX to move: ▲.
    Max,
    /// MIN to move: ▼.
    Min,
    /// A chance node: ○.
    Chance,
    /// Player p of an n-player tree: a polygon with p + 3 corners and the number p + 1.
    Player(u8),
    /// A terminal: □.
    Terminal,
}

/// Where the search stands at a node, at the figure's step.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum FigState {
    /// Not reached yet.
    Unvisited,
    /// On the search path (entered, not left).
    Open,
    /// The node the last event concerned (also open, or just left).
    Current,
    /// Left with its value.
    Done,
    /// A child a cutoff skipped: never examined.
    Pruned,
}

/// One node of a [`Figure`]: everything the figure draws for it.
#[derive(Clone, PartialEq, Debug)]
pub struct FigNode {
    /// The tree's node id (also the node's index in [`Figure::nodes`]).
    pub id: u32,
    /// The parent, None at the root.
    pub parent: Option<u32>,
    /// The children, left to right.
    pub children: Vec<u32>,
    /// The glyph.
    pub kind: FigKind,
    /// The tree's label of the node (`A`, `B`, … or a leaf's edge name `b1`): the name a
    /// drawing gives the node. Terminals have one too, though it is not shown.
    pub name: String,
    /// The name shown left of the node: the label of an inner node, "" for a terminal.
    pub label: String,
    /// The action into the node (`a1`, `b2`, …), "" at the root.
    pub edge: String,
    /// The probability on the edge from a chance parent.
    pub prob: Option<f64>,
    /// The value shown: a terminal's utility from the start, an inner node's running or
    /// backed-up value once the search has one.
    pub value: Option<NodeValue>,
    /// What a finished node's value is by this step (the trace's kind): printed "≤ 2" for an
    /// upper bound, "≥ 5" for a lower one, as the page does; None while it is not final.
    pub bound: Option<Bound>,
    /// The (α, β) window shown beside an open inner node.
    pub window: Option<(f64, f64)>,
    /// Where the search stands at the node.
    pub state: FigState,
    /// Pruned, or under a pruned node: drawn grey, the edge into it dashed.
    pub greyed: bool,
    /// Dropped by beam search (forward pruning: never searched, it may hide the best move):
    /// the edge into it dotted, not dashed like an α-β cutoff's, as the page draws it.
    pub forward: bool,
    /// The edge into the node is the chosen move (drawn bold; only once the search ended).
    pub bold: bool,
    /// The true minimax value shown beside a finished inner node's own ("≤ 2 · minimax: 2")
    /// when the figure is asked for them (the page's *Minimax values*).
    pub minimax: Option<f64>,
    /// A text shown instead of the value (an MCTS node's "W/N" and proof mark).
    pub text: Option<String>,
    /// A badge beside the node (an MCTS phase, or "INSPECTED"): under an inner node's value,
    /// right of the node; under a leaf's value.
    pub tag: Option<String>,
    /// Room kept for a badge at the node, cm (at least [`FigNode::tag`]'s width; 0 for none):
    /// an MCTS node the iteration's badge visits keeps it at every phase, so the badge going
    /// from node to node moves nothing else.
    pub tag_room: f64,
    /// The board thumbnail under the node, its width and height in cm (a game's search with
    /// boards: every node the search entered).
    pub board: Option<(f64, f64)>,
}

impl FigNode {
    /// Does the node show a badge or keep room for one (its value then above its centre line,
    /// a leaf's texts reaching lower)?
    pub fn has_tag(&self) -> bool {
        self.tag.is_some() || self.tag_room > 0.0
    }

    /// Is the node drawn as a leaf (its value under it, never a window)?
    pub fn is_leaf(&self) -> bool {
        self.children.is_empty() || self.kind == FigKind::Terminal
    }

    /// How the edge into the node is drawn: "forward" (dotted: beam search dropped it),
    /// "pruned" (dashed: greyed), "chosen" (bold: the move chosen) or "edge".
    pub fn edge_look(&self) -> &'static str {
        if self.forward {
            "forward"
        } else if self.greyed {
            "pruned"
        } else if self.bold {
            "chosen"
        } else {
            "edge"
        }
    }
}

/// A recorded search on an explicit tree, pictured at one step.
#[derive(Clone, PartialEq, Debug)]
pub struct Figure {
    /// Every node of the tree, by id; parents come before their children.
    pub nodes: Vec<FigNode>,
    /// Players in the tree (2, or the length of its utility tuples).
    pub players: usize,
    /// The step pictured: the number of steps taken (0 ..= `steps`; a leaf is one step).
    pub step: usize,
    /// The number of steps of the trace.
    pub steps: usize,
    /// The step's narration ("" at step 0).
    pub narration: String,
    /// The texts on an edge sit beside the stem over the child, as the compact placement
    /// sets them, in either placement: a game's search, whose wide trees make edges long
    /// and flat (a text at the middle of one would sit far from it, and moving subtrees
    /// apart for it would flatten the edges above: thousands of rounds).
    pub stem_texts: bool,
}

impl Figure {
    /// The figure of `trace` (a search recorded on `tree`) after its first `step` steps.
    /// A step past the end is an error naming the trace's length. Trace nodes that are not
    /// nodes of `tree` (a trace of another tree) are left out of the picture.
    pub fn at_step(tree: &Tree, trace: &Trace<u32>, step: usize) -> Result<Figure, String> {
        Figure::at_step_with(tree, trace, step, None)
    }

    /// [`at_step`](Figure::at_step), with the true minimax value of each trace node
    /// (`minimax`, by trace node id: [`minimax_values`](crate::trace::minimax_values)) shown
    /// beside every finished inner node's value, as the page's *Minimax values* shows them.
    pub fn at_step_with(
        tree: &Tree,
        trace: &Trace<u32>,
        step: usize,
        minimax: Option<&[Option<f64>]>,
    ) -> Result<Figure, String> {
        let mut fig = Figure::unnarrated(tree, trace, step, minimax)?;
        fig.narration = if step == 0 { String::new() } else { trace.narration(step - 1) };
        Ok(fig)
    }

    /// [`at_step_with`](Figure::at_step_with) without the step's narration (""): what a
    /// canvas draws, which says the step in its own line (and a wasm module that draws the
    /// figure carries no second copy of the narration).
    pub fn unnarrated(
        tree: &Tree,
        trace: &Trace<u32>,
        step: usize,
        minimax: Option<&[Option<f64>]>,
    ) -> Result<Figure, String> {
        Figure::on(&Skeleton::of_tree(tree, trace), trace, step, minimax)
    }

    /// The figure of `trace` after its first `step` steps, on the nodes of `sk` (made of this
    /// trace), without narration; `minimax` as in [`at_step_with`](Figure::at_step_with).
    /// (Not inlined: one copy for the plan and its steps.)
    #[inline(never)]
    pub fn on<A: Copy>(
        sk: &Skeleton,
        trace: &Trace<A>,
        step: usize,
        minimax: Option<&[Option<f64>]>,
    ) -> Result<Figure, String> {
        if step > trace.len() {
            return Err(format!(
                "step {step} is past the end: this search has {} steps (0 to {})",
                trace.len(),
                trace.len()
            ));
        }
        let mut nodes = sk.nodes.clone();
        let to_fig = &sk.to_fig;
        let mut st = StepState::new(trace);
        st.seek(trace, step);
        for (t, d) in to_fig.iter().enumerate() {
            if let (Some(d), Some(v)) = (d, st.value(t as u32)) {
                nodes[*d as usize].value = Some(v);
                nodes[*d as usize].bound = st.bound(trace, t as u32);
                nodes[*d as usize].state = FigState::Done;
                let n = &mut nodes[*d as usize];
                if n.bound.is_some() && n.kind != FigKind::Terminal {
                    n.minimax = minimax.and_then(|m| m.get(t).copied().flatten());
                }
            }
        }
        for (t, alpha, beta) in st.open_windows() {
            if let Some(d) = to_fig.get(t as usize).copied().flatten() {
                let n = &mut nodes[d as usize];
                n.state = FigState::Open;
                if !n.is_leaf() {
                    n.window = Some((alpha, beta));
                }
            }
        }
        let pruned = st.pruned_count().min(trace.pruned().len());
        for (pe, c) in trace.pruned()[..pruned].iter().zip(&sk.stubs) {
            if let Some(c) = *c {
                nodes[c as usize].state = FigState::Pruned;
                nodes[c as usize].forward = pe.forward;
            }
        }
        if let Some(d) = st.current().and_then(|c| to_fig.get(c as usize).copied().flatten()) {
            nodes[d as usize].state = FigState::Current;
        }
        if step == trace.len() {
            let best = trace.result().and_then(|r| r.best_child);
            if let Some(d) = best.and_then(|b| to_fig.get(b as usize).copied().flatten()) {
                nodes[d as usize].bold = true;
            }
        }
        // Greyed: pruned, or under a pruned node (parents come before children).
        for id in 0..nodes.len() {
            let up = nodes[id].parent.is_some_and(|p| nodes[p as usize].greyed);
            nodes[id].greyed = up || nodes[id].state == FigState::Pruned;
        }
        let stem_texts = !sk.trace_of.is_empty();
        Ok(Figure {
            nodes,
            players: sk.players,
            step,
            steps: trace.len(),
            narration: String::new(),
            stem_texts,
        })
    }

    /// How many subtrees are pruned at this step (the trace's pruned edges so far).
    pub fn pruned_count(&self) -> usize {
        self.nodes.iter().filter(|n| n.state == FigState::Pruned).count()
    }

    /// How many edges are drawn dashed: one into every greyed node but those beam search
    /// dropped (dotted).
    pub fn dashed_count(&self) -> usize {
        self.nodes.iter().filter(|n| n.greyed && !n.forward && n.parent.is_some()).count()
    }

    /// How many edges are drawn dotted: one into every node beam search dropped.
    pub fn dotted_count(&self) -> usize {
        self.nodes.iter().filter(|n| n.forward && n.parent.is_some()).count()
    }
}

/// What a figure draws before any step, and where the trace lands on it: the nodes, each
/// trace node's figure node and each pruned edge's.
#[derive(Clone, PartialEq, Debug)]
pub struct Skeleton {
    /// The nodes at step 0 (parents before children).
    pub nodes: Vec<FigNode>,
    /// Players (2, or the length of the utility tuples).
    pub players: usize,
    /// Per trace node, its figure node (None: not in the picture).
    pub to_fig: Vec<Option<u32>>,
    /// Per pruned edge of the trace, in its order, the figure node of the child it skipped.
    pub stubs: Vec<Option<u32>>,
    /// Per figure node of a search's skeleton, its trace node (None for a pruned edge's
    /// stub); empty for a tree's.
    pub trace_of: Vec<Option<u32>>,
}

fn fig_node(id: u32, parent: Option<u32>, kind: FigKind, name: String, edge: String) -> FigNode {
    FigNode {
        id,
        parent,
        children: Vec::new(),
        kind,
        name,
        label: String::new(),
        edge,
        prob: None,
        value: None,
        bound: None,
        window: None,
        state: FigState::Unvisited,
        greyed: false,
        forward: false,
        bold: false,
        minimax: None,
        text: None,
        tag: None,
        tag_room: 0.0,
        board: None,
    }
}

impl Skeleton {
    /// The whole of `tree`, its leaves showing their utilities from the start, with the
    /// nodes of `trace` (a search on it) found by their paths of natural child indices.
    pub fn of_tree(tree: &Tree, trace: &Trace<u32>) -> Skeleton {
        let mut nodes: Vec<FigNode> = tree
            .nodes()
            .iter()
            .enumerate()
            .map(|(id, n)| {
                let id = id as u32;
                let kind = match n.kind() {
                    Kind::Max => FigKind::Max,
                    Kind::Min => FigKind::Min,
                    Kind::Chance => FigKind::Chance,
                    Kind::Player(p) => FigKind::Player(p),
                    Kind::Terminal => FigKind::Terminal,
                };
                let parent_chance = n.parent().and_then(|p| tree.kind(p)) == Some(Kind::Chance);
                let mut f = fig_node(
                    id,
                    n.parent(),
                    kind,
                    n.label().to_string(),
                    tree.edge_name(id).unwrap_or_default(),
                );
                f.children = n.children().to_vec();
                if kind != FigKind::Terminal {
                    f.label = f.name.clone();
                }
                f.prob = parent_chance.then(|| n.probability());
                f
            })
            .collect();
        // What a leaf shows from the start: its utility (a tuple in an n-player tree).
        for (id, n) in tree.nodes().iter().enumerate() {
            if n.kind() == Kind::Terminal {
                nodes[id].value = if tree.has_tuples() {
                    n.utilities().map(NodeValue::Vector)
                } else {
                    n.value().map(NodeValue::Scalar)
                };
            }
        }
        let to_fig = trace_to_tree(tree, trace);
        let stubs = trace
            .pruned()
            .iter()
            .map(|pe| {
                to_fig
                    .get(pe.parent as usize)
                    .copied()
                    .flatten()
                    .and_then(|p| tree.children(p).get(pe.index as usize).copied())
            })
            .collect();
        Skeleton { nodes, players: tree.players(), to_fig, stubs, trace_of: Vec::new() }
    }

    /// A game's search: the nodes it entered and one stub per pruned edge (the search never
    /// made those children), children in natural move order (a stub at its natural index),
    /// depth-first from each root in turn (iterative deepening and the solver's passes: one
    /// root per search, named by its depth limit, "depth 3", or by its place, "pass 2", when
    /// it has none), in the page's `buildGame` order. No value shows before the search reaches its node; the edges carry the moves'
    /// names. `board`: every entered node keeps room for a board this wide and high (cm).
    pub fn of_search<A: Copy>(trace: &Trace<A>, board: Option<(f64, f64)>) -> Skeleton {
        use crate::search::alphabeta::sort_keys;
        let tn = trace.nodes();
        // Children per trace node, sorted by (natural index, trace id; a stub first): keys
        // and positions (a stub's position is past the trace nodes).
        let mut kids: Vec<Vec<(i64, u32)>> = vec![Vec::new(); tn.len()];
        let key = |index: Option<u32>, t: i64| {
            (i64::from(index.map_or(1 << 30, |i| i.min(1 << 30))) << 32) | (t + 1)
        };
        let mut roots = Vec::new();
        for (t, n) in tn.iter().enumerate() {
            match n.parent {
                Some(p) => kids[p as usize].push((key(n.index, t as i64), t as u32)),
                None => roots.push(t as u32),
            }
        }
        for (k, pe) in trace.pruned().iter().enumerate() {
            if let Some(list) = kids.get_mut(pe.parent as usize) {
                list.push((key(Some(pe.index), -1), (tn.len() + k) as u32));
            }
        }
        let many = roots.len() > 1 || roots.iter().any(|&r| tn[r as usize].iteration > 0);
        let mut nodes: Vec<FigNode> = Vec::with_capacity(tn.len() + trace.pruned().len());
        let mut to_fig = vec![None; tn.len()];
        let mut stubs = vec![None; trace.pruned().len()];
        let mut trace_of = Vec::with_capacity(nodes.capacity());
        let mut stack: Vec<(u32, Option<u32>)> = roots.iter().rev().map(|&r| (r, None)).collect();
        while let Some((e, parent)) = stack.pop() {
            let id = nodes.len() as u32;
            if let Some(p) = parent {
                nodes[p as usize].children.push(id);
            }
            let e = e as usize;
            if let Some(k) = e.checked_sub(tn.len()) {
                let pe = &trace.pruned()[k];
                let kind = match parent.map(|p| nodes[p as usize].kind) {
                    Some(FigKind::Max) => FigKind::Min,
                    Some(FigKind::Min) => FigKind::Max,
                    _ => FigKind::Terminal,
                };
                nodes.push(fig_node(id, parent, kind, pe.name.clone(), pe.name.clone()));
                stubs[k] = Some(id);
                trace_of.push(None);
                continue;
            }
            let n = &tn[e];
            let kind = match (n.leaf, n.kind) {
                (Some(LeafKind::Terminal), _) => FigKind::Terminal,
                (_, NodeKind::Max) => FigKind::Max,
                (_, NodeKind::Min) => FigKind::Min,
                (_, NodeKind::Chance) => FigKind::Chance,
                (_, NodeKind::Player(p)) => FigKind::Player(p),
            };
            let mut f = fig_node(id, parent, kind, n.via_name.clone(), n.via_name.clone());
            if parent.is_none() {
                f.name = "root".into();
                if many {
                    let k = roots.partition_point(|&r| (r as usize) < e);
                    // An iterative-deepening search's depth limit; the exact solver's
                    // null-window passes have none.
                    let limit = trace.searches().get(n.iteration as usize).map(|r| r.depth);
                    f.label = match limit {
                        Some(d) if d != u32::MAX => format!("depth {d}"),
                        _ => format!("pass {}", k + 1),
                    };
                    f.name = f.label.clone();
                }
            }
            f.prob = n.prob;
            f.board = board;
            nodes.push(f);
            to_fig[e] = Some(id);
            trace_of.push(Some(e as u32));
            let list = &mut kids[e];
            sort_keys(list);
            stack.extend(list.iter().rev().map(|&(_, c)| (c, Some(id))));
        }
        Skeleton { nodes, players: trace.num_players().max(1), to_fig, stubs, trace_of }
    }
}

/// Trace node → tree node, by the path of natural child indices (parents come first); None
/// for a trace node that is not a node of `tree`.
pub fn trace_to_tree(tree: &Tree, trace: &Trace<u32>) -> Vec<Option<u32>> {
    let root = (!tree.nodes().is_empty()).then_some(0u32);
    let mut to_tree: Vec<Option<u32>> = Vec::with_capacity(trace.nodes().len());
    for tn in trace.nodes() {
        let d = match tn.parent {
            None => root,
            Some(p) => to_tree
                .get(p as usize)
                .copied()
                .flatten()
                .zip(tn.index)
                .and_then(|(tp, i)| tree.children(tp).get(i as usize).copied()),
        };
        to_tree.push(d);
    }
    to_tree
}

/// A value as the figure prints it (the page's `formatValue`): `+∞`, `−∞`, integers plain,
/// other numbers to at most four decimals with trailing zeros trimmed, the minus sign
/// U+2212, and `0` for anything that rounds to zero.
pub fn value_text(x: f64) -> String {
    if x.is_nan() {
        return String::new();
    }
    if x == f64::INFINITY {
        return "+∞".into();
    }
    if x == f64::NEG_INFINITY {
        return "−∞".into();
    }
    let a = x.abs();
    let mut s =
        if a.fract() == 0.0 && a < 1e15 { format!("{}", a as u64) } else { crate::decimal::fixed(a, 4) };
    if s.contains('.') && !s.contains('e') {
        s = s.trim_end_matches('0').trim_end_matches('.').to_string();
    }
    if s == "0" {
        return s;
    }
    if x < 0.0 {
        format!("−{s}")
    } else {
        s
    }
}

/// A figure node's value as printed, with its kind: "3", "≤ 2", "≥ 5" (the page's
/// `boundText`), or a vector.
pub fn fig_value_text(n: &FigNode, players: usize) -> Option<String> {
    let (t, minimax) = fig_value_parts(n, players)?;
    Some(match minimax {
        Some(m) => format!("{t}{MINIMAX_SEP}{m}"),
        None => t,
    })
}

/// A figure node's value in its two parts: its own with its kind ("≤ 2") and the true
/// minimax value when it is shown ("2"); the compact placement sets the second on a line of
/// its own, "minimax: 2".
pub fn fig_value_parts(n: &FigNode, players: usize) -> Option<(String, Option<String>)> {
    if let Some(t) = &n.text {
        return Some((t.clone(), None));
    }
    let v = n.value.as_ref()?;
    let t = node_value_text(v, players);
    let t = match n.bound {
        Some(Bound::Upper) => format!("≤ {t}"),
        Some(Bound::Lower) => format!("≥ {t}"),
        _ => t,
    };
    Some((t, n.minimax.map(value_text)))
}

/// The compact placement's line under a node: "minimax: 2".
pub fn minimax_line(m: &str) -> String {
    format!("minimax: {m}")
}

/// What stands between a node's own value and its true minimax value (the page's
/// `withMinimax`): "≤ 2 · minimax: 2".
pub const MINIMAX_SEP: &str = " · minimax: ";

/// A node value as printed: one number, or a max^n vector `(1, 2, 6)` of `players` entries.
pub fn node_value_text(v: &NodeValue, players: usize) -> String {
    match v {
        NodeValue::Scalar(x) => value_text(*x),
        NodeValue::Vector(u) => {
            let n = players.clamp(1, u.len());
            let parts: Vec<String> = u[..n].iter().map(|&x| value_text(x)).collect();
            format!("({})", parts.join(", "))
        }
    }
}

/// An α–β window as the lessons write it: `[α=3, β=+∞]`.
pub fn window_text(alpha: f64, beta: f64) -> String {
    format!("[α={}, β={}]", value_text(alpha), value_text(beta))
}
