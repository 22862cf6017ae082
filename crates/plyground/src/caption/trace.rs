//! Figure text generated from the trace: what each node's value is known to be (exact, a
//! bound, an estimate, a proven win or loss), the result line under a figure, and the
//! caption of a recorded search (node names, values, cutoffs and counts exactly as the figure
//! shows them). Nothing here is written by hand per example: a caption cannot name a node,
//! a value or a count the trace does not contain.

use crate::event::{Bound, Event, LeafKind, NodeKind};
use crate::trace::narrate::{fmt_value, list, player_name, plural};
use crate::trace::{fmt_vector, NodeValue, Trace, TraceResult, NONE};

/// How many inner nodes a caption lists by value before it refers to the text view instead.
const CAPTION_NODES: usize = 15;
/// How many cutoffs a caption describes one by one.
const CAPTION_CUTOFFS: usize = 5;

/// What is known of a node's value once its subtree is finished: an interval `[lo, hi]`
/// derived by minimax over intervals from the leaves actually evaluated (a pruned child, a
/// transposition-table answer or an abandoned child contributes "anything"). `lo == hi` is an
/// exact value.
#[derive(Copy, Clone, PartialEq, Debug)]
pub struct Known {
    /// The value is at least this.
    pub lo: f64,
    /// The value is at most this.
    pub hi: f64,
    /// Plies to the terminal position that realises the bound a proven win or loss rests on
    /// (see [`Trace::proven`]); 0 at a terminal leaf.
    pub plies: Option<u32>,
}

impl Known {
    const ANY: Known = Known { lo: f64::NEG_INFINITY, hi: f64::INFINITY, plies: None };

    fn exact(v: f64) -> Known {
        Known { lo: v, hi: v, plies: Some(0) }
    }

    /// The bound a figure's value `v` is: "= 3", "≤ 2", "≥ 9", or "= 3" when nothing better is
    /// known than the value itself (v outside the interval cannot happen for finished nodes).
    pub fn relation(&self, v: f64) -> &'static str {
        if self.lo == self.hi {
            "="
        } else if v == self.hi && self.lo < v {
            "≤"
        } else if v == self.lo && self.hi > v {
            "≥"
        } else {
            "="
        }
    }
}

/// A proven outcome inside a depth-limited search: the side that moves at the node wins or
/// loses whatever the evaluation function says, `plies` moves from the node.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Proven {
    /// True: a win for the side to move at the node; false: a loss.
    pub win: bool,
    /// Plies (moves of either side) to the end of the line that proves it.
    pub plies: u32,
}

impl Proven {
    /// "wins in 1" / "loses in 3".
    pub fn words(&self) -> String {
        format!("{} in {}", if self.win { "wins" } else { "loses" }, self.plies)
    }
}

/// `head` and the move's name, then "(to B)" only where the child has a name of its own
/// (a tree's label), not the move's name again ("7") nor a path of move names ("4·0").
fn best_move(head: &str, m: &str, to: &str) -> String {
    let own = !to.is_empty() && to != m && !to.as_bytes().windows(2).any(|w| w == "·".as_bytes());
    if own {
        format!("{head}{m} (to {to})")
    } else {
        format!("{head}{m}")
    }
}

/// What [`Trace::known`] reads of one node; not generic over the action type, so that one
/// copy of [`known_of`] serves every game (module size).
struct Facts<'a> {
    /// The scalar value, unless a transposition-table answer gave it.
    scalar: Option<f64>,
    has_value: bool,
    leaf: Option<LeafKind>,
    /// No child pruned and every action entered.
    all: bool,
    kind: NodeKind,
    prob: f64,
    children: &'a [u32],
}

fn known_of(nodes: &[Facts], evals_exact: bool) -> Vec<Known> {
    let mut out = vec![Known::ANY; nodes.len()];
    for id in (0..nodes.len()).rev() {
        let nd = &nodes[id];
        let Some(v) = nd.scalar else { continue };
        if let Some(kind) = nd.leaf {
            let exact = match kind {
                LeafKind::Terminal | LeafKind::Book => true,
                LeafKind::Cutoff | LeafKind::Quiet => evals_exact,
                LeafKind::Proven => false,
            };
            if exact {
                out[id] = Known::exact(v);
            } else if kind == LeafKind::Proven {
                out[id] = Known::ANY;
            }
            continue;
        }
        let all = nd.all && nd.children.iter().all(|&c| nodes[c as usize].has_value);
        let kids: Vec<(Known, f64)> = nd
            .children
            .iter()
            .filter(|&&c| nodes[c as usize].has_value)
            .map(|&c| (out[c as usize], nodes[c as usize].prob))
            .collect();
        out[id] = match nd.kind {
            NodeKind::Max | NodeKind::Min if kids.is_empty() => Known::ANY,
            NodeKind::Max => {
                let lo = kids.iter().map(|k| k.0.lo).fold(f64::NEG_INFINITY, f64::max);
                let hi = if all {
                    kids.iter().map(|k| k.0.hi).fold(f64::NEG_INFINITY, f64::max)
                } else {
                    f64::INFINITY
                };
                // A win rests on the child that attains lo; a loss on the one attaining hi.
                let plies = if lo > 0.0 {
                    kids.iter().filter(|k| k.0.lo == lo).filter_map(|k| k.0.plies).min()
                } else if hi < 0.0 {
                    kids.iter().filter(|k| k.0.hi == hi).filter_map(|k| k.0.plies).max()
                } else if lo == hi {
                    kids.iter().filter(|k| k.0.lo == lo).filter_map(|k| k.0.plies).min()
                } else {
                    None
                };
                Known { lo, hi, plies: plies.map(|p| p + 1) }
            }
            NodeKind::Min => {
                let hi = kids.iter().map(|k| k.0.hi).fold(f64::INFINITY, f64::min);
                let lo = if all {
                    kids.iter().map(|k| k.0.lo).fold(f64::INFINITY, f64::min)
                } else {
                    f64::NEG_INFINITY
                };
                let plies = if hi < 0.0 {
                    kids.iter().filter(|k| k.0.hi == hi).filter_map(|k| k.0.plies).min()
                } else if lo > 0.0 {
                    kids.iter().filter(|k| k.0.lo == lo).filter_map(|k| k.0.plies).max()
                } else if lo == hi {
                    kids.iter().filter(|k| k.0.hi == hi).filter_map(|k| k.0.plies).min()
                } else {
                    None
                };
                Known { lo, hi, plies: plies.map(|p| p + 1) }
            }
            NodeKind::Chance if all => Known {
                lo: kids.iter().map(|k| k.1 * k.0.lo).sum(),
                hi: kids.iter().map(|k| k.1 * k.0.hi).sum(),
                plies: None,
            },
            _ => Known::ANY,
        };
        // A sum of infinities of both signs is NaN: nothing is known then.
        if out[id].lo.is_nan() || out[id].hi.is_nan() {
            out[id] = Known::ANY;
        }
    }
    out
}

impl<A: Copy> Trace<A> {
    /// Per node, what its value is known to be (see [`Known`]). `evals_exact`: treat EVAL at
    /// a depth cutoff as an exact leaf value (the values of the depth-limited tree, as the
    /// figure shows them); false: as unknown (what the game's true value is known to be).
    /// Nodes never left (budget, truncation) know nothing.
    pub fn known(&self, evals_exact: bool) -> Vec<Known> {
        // A child searched again deeper (a singular extension, and the siblings searched
        // again after it) supersedes its earlier entry: only the last entry of each action
        // counts towards the parent.
        let current: Vec<Option<Vec<u32>>> = if !crate::EXTENSIONS {
            Vec::new()
        } else {
            self.nodes
                .iter()
                .map(|n| {
                    let again = n
                        .children
                        .iter()
                        .any(|&c| self.nodes.get(c as usize).is_some_and(|c| c.extended > 0));
                    again.then(|| {
                        let index = |c: u32| self.nodes.get(c as usize).and_then(|c| c.index);
                        let mut kids: Vec<u32> = Vec::new();
                        for &c in n.children.iter().rev() {
                            if !kids.iter().any(|&k| index(k) == index(c)) {
                                kids.push(c);
                            }
                        }
                        kids.reverse();
                        kids
                    })
                })
                .collect()
        };
        let facts: Vec<Facts> = self
            .nodes
            .iter()
            .enumerate()
            .map(|(i, n)| {
                let children: &[u32] = current.get(i).and_then(|k| k.as_deref()).unwrap_or(&n.children);
                Facts {
                    scalar: match n.value {
                        Some(NodeValue::Scalar(v)) if n.tt.is_none() => Some(v),
                        _ => None,
                    },
                    has_value: n.value.is_some(),
                    leaf: n.leaf,
                    all: n.pruned == 0 && n.forward_pruned == 0 && children.len() as u32 == n.num_actions,
                    kind: n.kind,
                    prob: n.prob.unwrap_or(0.0),
                    children,
                }
            })
            .collect();
        known_of(&facts, evals_exact)
    }

    /// A proven win or loss at `node` for the side to move there (MAX or MIN), whatever
    /// EVAL said at the depth cutoffs: the leaves evaluated prove the value is above 0 (a
    /// win for MAX) or below 0 (a loss for MAX), with the length of the line that proves it.
    /// None when not proven, at chance and n-player nodes, and for draws.
    pub fn proven(&self, node: u32, known: &[Known]) -> Option<Proven> {
        let nd = self.node(node)?;
        let k = known.get(node as usize)?;
        let max_win = if k.lo > 0.0 {
            true
        } else if k.hi < 0.0 {
            false
        } else {
            return None;
        };
        let plies = k.plies?;
        match nd.kind {
            NodeKind::Max => Some(Proven { win: max_win, plies }),
            NodeKind::Min => Some(Proven { win: !max_win, plies }),
            _ => None,
        }
    }

    /// The search whose result the figure reports (the last one), with its root node.
    fn last_search(&self) -> Option<(&TraceResult<A>, Option<u32>)> {
        let r = self.results.last()?;
        Some((r, r.root))
    }

    /// The last value written into `node` by the events before `end` (the figure's value).
    fn value_before(&self, node: u32, end: usize) -> Option<NodeValue> {
        let end = end.min(self.events.len());
        (0..end).rev().find_map(|i| {
            if self.links[i].node == node {
                crate::trace::event_value(&self.events[i])
            } else {
                None
            }
        })
    }

    /// What an incomplete search knows of its root, as a clause: "the root is worth at least
    /// 3 so far", "nothing is known of the root's value". Never a number that looks exact.
    pub(crate) fn known_of_incomplete(&self, r: &TraceResult<A>) -> String {
        let end = r.event.map_or(self.events.len(), |e| e as usize);
        let Some(root) = r.root else { return "nothing is known of the root's value".to_string() };
        let kind = self.node(root).map(|n| n.kind);
        let estimate = if r.depth == u32::MAX { "" } else { " (an estimate: depth-limited)" };
        match (kind, self.value_before(root, end)) {
            (Some(NodeKind::Max), Some(NodeValue::Scalar(v))) if v.is_finite() => {
                format!("the root is worth at least {} so far{estimate}", fmt_value(v))
            }
            (Some(NodeKind::Min), Some(NodeValue::Scalar(v))) if v.is_finite() => {
                format!("the root is worth at most {} so far{estimate}", fmt_value(v))
            }
            _ => "nothing is known of the root's value".to_string(),
        }
    }

    /// In an incomplete search, the finished root child whose value is the root's value so
    /// far (the first one): its move name and label.
    fn best_so_far(&self, r: &TraceResult<A>) -> Option<(String, String)> {
        let root = self.node(r.root?)?;
        let end = r.event.map_or(self.events.len(), |e| e as usize);
        let v = self.value_before(r.root?, end)?.scalar()?;
        if !matches!(root.kind, NodeKind::Max | NodeKind::Min) {
            return None;
        }
        root.children.iter().map(|&c| &self.nodes[c as usize]).find_map(|c| {
            (c.value.and_then(NodeValue::scalar) == Some(v)).then(|| (c.via_name.clone(), c.label.clone()))
        })
    }

    /// The line under a figure once the search is over, e.g. "Root value 3 · best move a1
    /// (to B)", "Root value (1, 2, 6) for P1, P2, P3 · best move a1 (to B)", "Incomplete (node
    /// budget, 10 nodes): the root is worth at least 3 so far · best move so far a1",
    /// "Root estimate 0.48 (depth 2) · best move 4", "Root value 16 at depth 2: a proven win —
    /// MAX wins in 1 · best move 4". `move_words`: the best move in the words the game's
    /// figure uses (e.g. "top" for a tic-tac-toe cell), when it has some.
    pub fn result_line(&self, move_words: Option<&str>) -> String {
        let Some((r, root)) = self.last_search() else { return "No search recorded".to_string() };
        let np = self.num_players;
        let mv = move_words.map(str::to_string).or_else(|| self.best_words(self.results.len() - 1));
        let to = r.best_child.and_then(|c| self.node(c)).map(|c| c.label.clone());
        // "(to B)" only where the child has a name of its own (a tree's label), not the
        // move's name again ("7", "4·0").
        // "(to B)" names the child, never the move's name again.
        let to = to.filter(|t| Some(t) != r.best_name.as_ref()).unwrap_or_default();
        let best = mv.as_deref().map_or(String::new(), |m| best_move(" · best move ", m, &to));
        if self.truncated && r.event.is_none() {
            let v = match r.utilities {
                Some(u) => fmt_vector(&u, np),
                None => fmt_value(r.value),
            };
            let exact = r.complete && r.depth == u32::MAX;
            return format!(
                "Root {} {v}{} (the trace shows its first {} nodes)",
                if exact { "value" } else { "estimate" },
                best,
                self.node_cap
            );
        }
        if !r.complete {
            let it = root.and_then(|n| self.node(n)).map(|n| n.iteration);
            let entered = self.nodes.iter().filter(|n| Some(n.iteration) == it).count();
            let earlier = self.results.iter().rev().skip(1).find(|s| s.complete);
            let mut s = format!(
                "Incomplete (node budget, {entered} {}): {}",
                plural(entered, "node", "nodes"),
                self.known_of_incomplete(r)
            );
            if let Some(e) = earlier {
                s += &format!(
                    "; the depth-{} search before it found {} with best move {}",
                    e.depth,
                    fmt_value(e.value),
                    e.best_name.clone().unwrap_or_else(|| "none".to_string())
                );
            } else if let Some((m, t)) = self.best_so_far(r) {
                s += &best_move(" · best move so far ", &m, &t);
            }
            return s;
        }
        let value = match r.utilities {
            Some(u) => {
                let names: Vec<String> = (0..np as u8).map(player_name).collect();
                format!("{} for {}", fmt_vector(&u, np), list(&names))
            }
            None => fmt_value(r.value),
        };
        let it = root.and_then(|n| self.node(n)).map(|n| n.iteration);
        let forward = self
            .pruned
            .iter()
            .filter(|p| p.forward && self.node(p.parent).map(|n| n.iteration) == it)
            .count();
        if crate::EXTENSIONS && forward > 0 {
            // Beam search: the value of the tree it kept, not the game's.
            let width = self.events.iter().find_map(|e| match *e {
                Event::ForwardPrune { width, .. } => Some(width),
                _ => None,
            });
            let what = if r.depth == u32::MAX || !self.has_eval_leaves(root) { "value" } else { "estimate" };
            return format!(
                "Root {what} {value} within the beam (width {}; {forward} {} pruned forward, never searched: one may hide a better move){best}",
                width.unwrap_or(0),
                plural(forward, "move", "moves")
            );
        }
        if r.depth == u32::MAX && r.utilities.is_none() {
            if let Some(line) = self.windows_line(root, &best) {
                return line;
            }
        }
        if r.depth == u32::MAX || !self.has_eval_leaves(root) {
            return format!("Root value {value}{}", best);
        }
        let known = self.known(false);
        match root.and_then(|n| self.proven(n, &known)) {
            Some(p) => {
                let side = self.node(root.unwrap_or(0)).map_or("MAX", |n| {
                    if n.kind == NodeKind::Min {
                        "MIN"
                    } else {
                        "MAX"
                    }
                });
                format!(
                    "Root value {value} at depth {}: proven, not an estimate — {side} {}{}",
                    r.depth,
                    p.words(),
                    best
                )
            }
            None => {
                let ext = self.nodes.iter().filter(|n| Some(n.iteration) == it && n.extended > 0).count();
                let ext = if crate::EXTENSIONS && ext > 0 {
                    format!(", {ext} singular {}", plural(ext, "extension", "extensions"))
                } else {
                    String::new()
                };
                format!("Root estimate {value} (H-minimax to depth {}{ext}){}", r.depth, best)
            }
        }
    }

    /// When the last search's root returned a bound (a narrow window, as each of the exact
    /// solver's null-window passes): what the searches of the root together show, each pass's
    /// bound in order — "Root value 4, settled by 2 searches with narrow windows: ≥ 4, ≤ 4" —
    /// or the interval they leave. `None` when the root's value is exact.
    fn windows_line(&self, root: Option<u32>, best: &str) -> Option<String> {
        let last = root.and_then(|n| self.node(n))?;
        if !matches!(last.bound, Some(Bound::Upper | Bound::Lower)) {
            return None;
        }
        let (mut lo, mut hi) = (f64::NEG_INFINITY, f64::INFINITY);
        let mut said = Vec::new();
        for s in self.results.iter().filter(|s| s.complete && s.depth == u32::MAX) {
            let Some(nd) = s.root.and_then(|x| self.node(x)) else { continue };
            let v = fmt_value(s.value);
            match nd.bound {
                Some(Bound::Lower) => {
                    lo = lo.max(s.value);
                    said.push(format!("≥ {v}"));
                }
                Some(Bound::Upper) => {
                    hi = hi.min(s.value);
                    said.push(format!("≤ {v}"));
                }
                Some(Bound::Exact) => {
                    (lo, hi) = (lo.max(s.value), hi.min(s.value));
                    said.push(format!("= {v}"));
                }
                None => {}
            }
        }
        let by = format!("{} searches with narrow windows: {}", said.len(), said.join(", "));
        Some(if lo == hi {
            format!("Root value {}, settled by {by}{best}", fmt_value(lo))
        } else {
            format!("The root is worth between {} and {} ({by})", fmt_value(lo), fmt_value(hi))
        })
    }

    /// Whether the search rooted at `root` evaluated any leaf with EVAL (depth cutoff or
    /// quiescence) rather than UTILITY.
    fn has_eval_leaves(&self, root: Option<u32>) -> bool {
        let Some(root) = root else { return false };
        let it = self.nodes.get(root as usize).map_or(0, |n| n.iteration);
        self.nodes
            .iter()
            .any(|n| n.iteration == it && matches!(n.leaf, Some(LeafKind::Cutoff | LeafKind::Quiet)))
    }

    /// "B = 3", "C ≤ 2", "E ≥ 9", "B = 0.5·10 + 0.5·(−4) = 3", "D = (1, 2, 6)".
    fn node_item(&self, id: u32, known: &[Known]) -> Option<String> {
        let nd = self.node(id)?;
        let v = nd.value?;
        match v {
            NodeValue::Vector(u) => Some(format!("{} = {}", nd.label, fmt_vector(&u, self.num_players))),
            NodeValue::Scalar(v) => {
                if nd.kind == NodeKind::Chance && !nd.children.is_empty() {
                    let terms: Vec<String> = nd
                        .children
                        .iter()
                        .filter_map(|&c| {
                            let ch = self.node(c)?;
                            let cv = ch.value?.scalar()?;
                            let cv = if cv < 0.0 { format!("({})", fmt_value(cv)) } else { fmt_value(cv) };
                            Some(format!("{}·{cv}", fmt_value(ch.prob.unwrap_or(0.0))))
                        })
                        .collect();
                    return Some(format!("{} = {} = {}", nd.label, terms.join(" + "), fmt_value(v)));
                }
                // The kind the recorder gave the value ("C ≤ 2" after a cutoff); a value of
                // which no bound can be stated falls back to what the leaves prove.
                let sign = match nd.bound {
                    Some(_) => crate::trace::bound_sign(nd.bound),
                    None => known.get(id as usize).copied().unwrap_or(Known::ANY).relation(v),
                };
                let deeper = if crate::EXTENSIONS && nd.extended > 0 {
                    format!(
                        " (searched {} {} deeper)",
                        nd.extended,
                        plural(nd.extended as usize, "ply", "plies")
                    )
                } else {
                    String::new()
                };
                Some(format!("{} {} {}{deeper}", nd.label, sign, fmt_value(v)))
            }
        }
    }

    fn kind_name(&self, kind: NodeKind, many: bool) -> String {
        let s = if many { "nodes" } else { "node" };
        match kind {
            NodeKind::Max => format!("MAX {s}"),
            NodeKind::Min => format!("MIN {s}"),
            NodeKind::Chance => format!("chance {s}"),
            NodeKind::Player(p) => format!("{} {s}", player_name(p)),
        }
    }

    /// The caption of the recorded search: the inner nodes' values level by level from the
    /// deepest (as the figure shows them: "=" exact, "≤"/"≥" where a cutoff left a bound), the
    /// cutoffs and what they pruned (the count is the figure's Cutoffs counter), the nodes
    /// entered and leaves evaluated (its other counters) and the result line.
    pub fn caption(&self) -> String {
        let Some((r, root)) = self.last_search() else { return "No search recorded.".to_string() };
        let Some(root) = root else { return format!("{}.", self.result_line(None)) };
        let it = self.nodes[root as usize].iteration;
        let known = self.known(true);
        let mut out = Vec::new();
        let inner: Vec<u32> = (0..self.nodes.len() as u32)
            .filter(|&n| {
                let nd = &self.nodes[n as usize];
                nd.iteration == it
                    && n != root
                    && nd.leaf.is_none()
                    && nd.tt.is_none()
                    && !nd.children.is_empty()
            })
            .collect();
        if !inner.is_empty() && inner.len() <= CAPTION_NODES {
            let deepest = inner.iter().map(|&n| self.nodes[n as usize].depth).max().unwrap_or(1);
            let mut levels = Vec::new();
            for d in (1..=deepest).rev() {
                let mut kinds: Vec<NodeKind> = Vec::new();
                for &n in &inner {
                    let k = self.nodes[n as usize].kind;
                    if self.nodes[n as usize].depth == d && !kinds.contains(&k) {
                        kinds.push(k);
                    }
                }
                for k in kinds {
                    let items: Vec<String> = inner
                        .iter()
                        .filter(|&&n| self.nodes[n as usize].depth == d && self.nodes[n as usize].kind == k)
                        .filter_map(|&n| self.node_item(n, &known))
                        .collect();
                    if !items.is_empty() {
                        levels.push(format!("{} {}", self.kind_name(k, items.len() > 1), items.join(", ")));
                    }
                }
            }
            if !levels.is_empty() {
                let mut s = levels.join("; ");
                if let Some(first) = s.get_mut(..1) {
                    first.make_ascii_uppercase();
                }
                out.push(format!("{s}."));
            }
        } else if inner.len() > CAPTION_NODES {
            out.push(format!("{} inner nodes (their values are in the text view).", inner.len()));
        }
        // Cutoffs of this search.
        let windowed = self.flavour == crate::trace::Flavour::AlphaBeta;
        if windowed {
            let mut cuts = Vec::new();
            let mut idle = Vec::new();
            for (i, e) in self.events.iter().enumerate() {
                let Event::Cutoff { v, alpha, beta, first_skipped, total } = *e else { continue };
                let l = self.links[i];
                let Some(nd) = self.node(l.node) else { continue };
                if nd.iteration != it {
                    continue;
                }
                let test = self.cutoff_test(Some(nd.kind), v, alpha, beta);
                if first_skipped < total {
                    let names: Vec<String> = self
                        .pruned
                        .get(l.aux as usize..(l.aux + l.aux_len) as usize)
                        .unwrap_or(&[])
                        .iter()
                        .map(|p| p.label.clone())
                        .collect();
                    let what = if names.is_empty() {
                        let n = (total - first_skipped) as usize;
                        format!("{n} {}", plural(n, "move", "moves"))
                    } else {
                        list(&names)
                    };
                    cuts.push(format!("at {}, {test} prunes {what}", nd.label));
                } else {
                    idle.push(format!("{} ({test})", nd.label));
                }
            }
            let n = cuts.len();
            let mut s = if n == 0 {
                "No cutoff prunes anything".to_string()
            } else if n <= CAPTION_CUTOFFS {
                format!("{n} {}: {}", plural(n, "cutoff", "cutoffs"), cuts.join("; "))
            } else {
                format!("{n} cutoffs, the first: {}", cuts[..CAPTION_CUTOFFS].join("; "))
            };
            if !idle.is_empty() && idle.len() <= CAPTION_CUTOFFS {
                s += &format!(
                    "; the test also passes at {} after the last child, with nothing left to prune",
                    list(&idle)
                );
            }
            out.push(format!("{s}."));
        }
        let entered = self.nodes.iter().filter(|n| n.iteration == it).count();
        let leaves = self
            .events
            .iter()
            .zip(&self.links)
            .filter(|(e, l)| {
                l.node != NONE
                    && self.nodes[l.node as usize].iteration == it
                    && matches!(e, Event::Leaf { .. } | Event::LeafUtilities { .. })
            })
            .count();
        out.push(format!(
            "{entered} {} entered, {leaves} {} evaluated.",
            plural(entered, "node", "nodes"),
            plural(leaves, "leaf", "leaves")
        ));
        let rn = &self.nodes[root as usize];
        let exact = r.depth == u32::MAX || !self.has_eval_leaves(Some(root));
        let beam = crate::EXTENSIONS
            && self
                .pruned
                .iter()
                .any(|p| p.forward && self.node(p.parent).is_some_and(|n| n.iteration == it));
        if r.complete && !self.truncated && exact && !beam {
            let (worth, to_whom) = match r.utilities {
                Some(u) => {
                    let names: Vec<String> = (0..self.num_players as u8).map(player_name).collect();
                    (fmt_vector(&u, self.num_players), format!(" to {}", list(&names)))
                }
                None => (fmt_value(r.value), String::new()),
            };
            let to = r.best_child.and_then(|c| self.node(c)).map(|c| c.label.clone());
            let best = match (&r.best_name, to) {
                (Some(m), to) => best_move(": best move ", m, to.as_deref().unwrap_or("")),
                (None, _) => " (no move to make)".to_string(),
            };
            out.push(format!(
                "The root, {} {}, is worth {worth}{to_whom}{best}.",
                self.kind_name(rn.kind, false),
                rn.label
            ));
        } else {
            out.push(format!("{}.", self.result_line(None)));
        }
        out.join(" ")
    }
}
