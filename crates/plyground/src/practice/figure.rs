//! An exercise's tree as the core places it ([`export::place`](crate::export::place)): the
//! picture the practice figure draws, with the same glyphs, edges and text boxes as a
//! search's figure, so that [`place::problems`] holds for it too.
//!
//! [`Exercise::figure_plan`] places the tree once (in the learner's order of children for
//! move ordering), with room beside each asked node for the widest text its cells can show:
//! the key's value or a number as wide as the widest leaf's negated, an α–β window of such
//! numbers, the ✓ or ✗ of a check left of its name, an MCTS node's `W/N`. [`ExercisePlan::at`]
//! draws what the cells hold on that placement: typed values and windows, the edges marked
//! pruned (dashed, their subtrees grey), the chosen move (bold), the last check's marks, and
//! the first wrong step ringed. A typed text wider than its room is set in the room (the
//! canvas condenses it), so that nothing moves while the learner types.

use super::{node_at, Answer, Exercise, Task};
use crate::export::figure::{node_value_text, value_text};
use crate::export::layout::{text_width, EDGE_SCALE};
use crate::export::place::{
    self, text_height, Anchor, Drawing, Label, LabelKind, AIR, BESIDE, SMALL_PT, VALUE_PT,
};
use crate::export::plan::Plan;
use crate::export::{FigState, Figure};
use crate::games::tree::Tree;
use crate::trace::{NodeValue, Recorder};
use crate::Game;
use std::collections::BTreeMap;

/// The mark of a node whose cells the last check found right.
pub const OK_MARK: &str = "✓";
/// The mark of the first wrong step.
pub const WRONG_MARK: &str = "✗";

/// What the tree shows: the cells that can be read (the others are left out), and the
/// last check's marks.
#[derive(Clone, Debug, Default)]
pub struct Shown {
    /// Values (inner nodes), windows, the edges marked pruned, the root's choice.
    pub answers: super::Answers,
    /// The nodes marked right (✓), by path.
    pub ok: Vec<String>,
    /// The first wrong step's node (✗, ringed), by path.
    pub wrong: Option<String>,
}

/// An exercise's tree placed once: what every state of its cells is drawn on.
#[derive(Clone, Debug)]
pub struct ExercisePlan {
    /// The placement; its `room` holds the widest text each node can show.
    pub plan: Plan,
    task: Task,
    tree: Tree,
    /// The tree as drawn before any cell is filled (in the order of children drawn).
    base: Figure,
    /// Per node, the room for its value and for its window, cm (0: none is asked there).
    value_room: Vec<f64>,
    window_room: Vec<f64>,
    /// MCTS: the `W/N` of each inner node of the search tree.
    counts: Vec<Option<String>>,
}

impl Exercise {
    /// The exercise's tree placed once (`compact`: a small screen's placement), its children
    /// in the order `order` gives (move ordering: the learner's; node path → child indices;
    /// a node it leaves out keeps the tree's order). A path or an order that does not fit
    /// the tree is an error naming it.
    pub fn figure_plan(
        &self,
        order: Option<&BTreeMap<String, Vec<u32>>>,
        compact: bool,
    ) -> Result<ExercisePlan, String> {
        let t = &self.tree;
        let trace = Recorder::new(t, t.initial_state()).finish();
        let mut base = Figure::unnarrated(t, &trace, 0, None)?;
        for n in &mut base.nodes {
            n.state = FigState::Done;
        }
        for (path, perm) in order.into_iter().flatten() {
            let place = format!("order[\"{path}\"]");
            let id = node_at(t, &place, path)? as usize;
            let kids = base.nodes[id].children.clone();
            let mut seen = vec![false; kids.len()];
            let fits = perm.len() == kids.len()
                && perm
                    .iter()
                    .all(|&i| (i as usize) < kids.len() && !std::mem::replace(&mut seen[i as usize], true));
            if !fits {
                return Err(format!("{place}: not an order of the node's {} children", kids.len()));
            }
            base.nodes[id].children = perm.iter().map(|&i| kids[i as usize]).collect();
        }
        let n = base.nodes.len();
        // The widest number a cell may hold: a leaf's utility or the key's value, negated.
        let players = base.players;
        let mut widest = 0.0f64;
        for v in base.nodes.iter().filter_map(|x| x.value.as_ref()) {
            let entries: &[f64] = match v {
                NodeValue::Scalar(x) => std::slice::from_ref(x),
                NodeValue::Vector(u) => &u[..players.min(u.len())],
            };
            widest = entries.iter().filter(|x| x.is_finite()).fold(widest, |w, x| w.max(x.abs()));
        }
        let wide = |v: NodeValue| match v {
            NodeValue::Scalar(_) => NodeValue::Scalar(-widest),
            NodeValue::Vector(mut u) => {
                u.iter_mut().for_each(|x| *x = -widest);
                NodeValue::Vector(u)
            }
        };
        let wider = |a: NodeValue, b: NodeValue| {
            let w = |v: &NodeValue| text_width(&node_value_text(v, players), 1.0);
            if w(&b) > w(&a) {
                b
            } else {
                a
            }
        };
        let edge = if text_width(&value_text(-widest), 1.0) > text_width(&value_text(f64::NEG_INFINITY), 1.0)
        {
            -widest
        } else {
            f64::NEG_INFINITY
        };
        let key = self.answer_key();
        let mut room = base.clone();
        for q in &self.questions {
            let id = node_at(t, "question", &q.path)? as usize;
            let node = &mut room.nodes[id];
            // Room for a mark left of the name ("✓ E" is wider than "✓", air and "E").
            if !node.label.starts_with(OK_MARK) {
                node.label =
                    if node.label.is_empty() { OK_MARK.into() } else { format!("{OK_MARK} {}", node.label) };
            }
            if node.is_leaf() || self.task == Task::Mcts {
                continue;
            }
            match q.field {
                super::Field::Values => {
                    let k = key.values.as_ref().and_then(|m| m.get(&q.path)).map(|a| match a {
                        Answer::Number(x) => NodeValue::Scalar(*x),
                        Answer::Numbers(u) => {
                            let mut v = [0.0; crate::game::MAX_PLAYERS];
                            for (d, s) in v.iter_mut().zip(u) {
                                *d = *s;
                            }
                            NodeValue::Vector(v)
                        }
                    });
                    let typed = match k {
                        Some(k) => wider(k, wide(k)),
                        None if players > 2 => wide(NodeValue::Vector([0.0; crate::game::MAX_PLAYERS])),
                        None => NodeValue::Scalar(-widest),
                    };
                    node.value = Some(typed);
                }
                super::Field::Windows => node.window = Some((edge, edge)),
                _ => {}
            }
        }
        // MCTS: W/N beside each inner node of the search tree, in a room as wide.
        let mut counts = vec![None; n];
        if let Some(m) = &self.mcts {
            for s in &m.nodes {
                let id = node_at(t, "mcts", &s.path)? as usize;
                if base.nodes[id].is_leaf() {
                    continue;
                }
                let text = format!("{}/{}", value_text(s.w), s.n);
                let mut x = -9.0;
                while text_width(&value_text(x), 1.0) < text_width(&text, 1.0) {
                    x = 10.0 * x - 9.0;
                }
                room.nodes[id].value = Some(NodeValue::Scalar(x));
                counts[id] = Some(text);
            }
        }
        let d = place::draw_with(&room, &room, compact);
        let mut value_room = vec![0.0; n];
        let mut window_room = vec![0.0; n];
        for l in &d.labels {
            let slot = match l.kind {
                LabelKind::Value if !room.nodes[l.node as usize].is_leaf() => &mut value_room,
                LabelKind::Window => &mut window_room,
                _ => continue,
            };
            let r = &mut slot[l.node as usize];
            *r = f64::max(*r, l.x1 - l.x0);
        }
        let skeleton = crate::export::figure::Skeleton::of_tree(t, &trace);
        let plan = Plan { room, minimax: None, place: d.place, bounds: d.bounds, skeleton };
        Ok(ExercisePlan { plan, task: self.task, tree: t.clone(), base, value_room, window_room, counts })
    }
}

impl ExercisePlan {
    /// The figure with what `shown` holds, placed on the plan (its bounds), and the indices
    /// of its labels that are marks (✓, ✗: drawn in their colours). A path that is not a node
    /// of the tree is an error naming it; a value or window where none is asked is left out.
    pub fn at(&self, shown: &Shown) -> Result<(Figure, Drawing, Vec<usize>), String> {
        let t = &self.tree;
        let mut fig = self.base.clone();
        let a = &shown.answers;
        let id =
            |place: &str, path: &str| node_at(t, &format!("{place}[\"{path}\"]"), path).map(|i| i as usize);
        if self.task != Task::Mcts {
            for (path, v) in a.values.iter().flatten() {
                let i = id("values", path)?;
                if self.value_room[i] > 0.0 {
                    fig.nodes[i].value = Some(match v {
                        Answer::Number(x) => NodeValue::Scalar(*x),
                        Answer::Numbers(u) => {
                            let mut w = [f64::NAN; crate::game::MAX_PLAYERS];
                            for (d, s) in w.iter_mut().zip(u) {
                                *d = *s;
                            }
                            NodeValue::Vector(w)
                        }
                    });
                }
            }
        }
        for (path, [lo, hi]) in a.windows.iter().flatten() {
            let i = id("windows", path)?;
            if self.window_room[i] > 0.0 {
                fig.nodes[i].window = Some((*lo, *hi));
            }
        }
        for path in a.pruned.iter().flatten() {
            fig.nodes[id("pruned", path)?].state = FigState::Pruned;
        }
        if let Some(path) = &a.choice {
            fig.nodes[id("choice", path)?].bold = true;
        }
        let wrong = shown.wrong.as_deref().map(|p| id("wrong", p)).transpose()?;
        if let Some(w) = wrong {
            if fig.nodes[w].state != FigState::Pruned {
                fig.nodes[w].state = FigState::Current;
            }
        }
        // Greyed: pruned, or under a pruned node (parents come before children).
        for i in 0..fig.nodes.len() {
            let up = fig.nodes[i].parent.is_some_and(|p| fig.nodes[p as usize].greyed);
            fig.nodes[i].greyed = up || fig.nodes[i].state == FigState::Pruned;
        }
        let mut d = place::place(&fig, &self.plan.place);
        d.bounds = self.plan.bounds;
        // A typed text wider than its room is set in the room.
        for l in &mut d.labels {
            let room = match l.kind {
                LabelKind::Value if !fig.nodes[l.node as usize].is_leaf() => self.value_room[l.node as usize],
                LabelKind::Window => self.window_room[l.node as usize],
                _ => continue,
            };
            l.x1 = l.x1.min(l.x0 + room);
        }
        let (x, y) = (&self.plan.place.x, &self.plan.place.y);
        let small = text_height(SMALL_PT);
        for (i, text) in self.counts.iter().enumerate() {
            if let Some(text) = text {
                let (x0, big) = (x[i] + BESIDE, text_height(VALUE_PT));
                let b = (x0, y[i] - big / 2.0, x0 + text_width(text, 1.0), y[i] + big / 2.0);
                d.labels.push(text_box(i, LabelKind::Value, text, VALUE_PT, b, Anchor::West));
            }
        }
        let mut marks = Vec::new();
        // One mark a node, in node order: a flag per node.
        let mut ok = vec![false; fig.nodes.len()];
        for p in &shown.ok {
            ok[id("ok", p)?] = true;
        }
        let marked: Vec<(usize, &str)> = (0..ok.len())
            .filter(|&i| ok[i] && Some(i) != wrong)
            .map(|i| (i, OK_MARK))
            .chain(wrong.map(|w| (w, WRONG_MARK)))
            .collect();
        for (i, mark) in marked {
            // Left of the name (a leaf: of the glyph), on the node's row.
            let right = d
                .labels
                .iter()
                .find(|l| l.node as usize == i && l.kind == LabelKind::Name)
                .map_or(x[i] - BESIDE, |l| l.x0 - AIR);
            let b = (right - text_width(mark, EDGE_SCALE), y[i] - small / 2.0, right, y[i] + small / 2.0);
            marks.push(d.labels.len());
            d.labels.push(text_box(i, LabelKind::Name, mark, SMALL_PT, b, Anchor::East));
        }
        Ok((fig, d, marks))
    }

    /// The figure's node count.
    pub fn len(&self) -> usize {
        self.base.nodes.len()
    }

    /// Whether the tree is empty (never: an exercise has a root).
    pub fn is_empty(&self) -> bool {
        self.base.nodes.is_empty()
    }
}

/// A text in box `b` (left, bottom, right, top). (Not `place`'s own helper: a second caller
/// would change how the tree module, which draws no exercise, inlines it.)
fn text_box(
    node: usize,
    kind: LabelKind,
    text: &str,
    pt: f64,
    b: (f64, f64, f64, f64),
    anchor: Anchor,
) -> Label {
    Label { node: node as u32, kind, text: text.into(), pt, x0: b.0, y0: b.1, x1: b.2, y1: b.3, anchor }
}
