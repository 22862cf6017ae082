//! The rule texts: what applies at each step, in the lessons' words and notation, with the
//! figure's node names ("at C, v = 2 ≤ α = 3: MIN stops, c2 and c3 are pruned"). Each rule
//! comes with a hint: the same rule without its answer.

use super::{Exercise, Field, Item, Misconception, OrderingKey, Task};
use crate::event::{Event, NodeKind};
use crate::games::tree::{Kind, Tree};
use crate::search::{fmt_value as f, TieRule};
use crate::trace::{NodeValue, Trace};
use std::collections::BTreeMap;

fn label(ex: &Exercise, id: u32) -> String {
    ex.tree.label(id).unwrap_or("?").to_string()
}

fn edge(ex: &Exercise, id: u32) -> String {
    ex.tree.edge_name(id).unwrap_or_else(|| label(ex, id))
}

fn kind_word(k: NodeKind) -> String {
    match k {
        NodeKind::Max => "MAX".into(),
        NodeKind::Min => "MIN".into(),
        NodeKind::Chance => "chance".into(),
        NodeKind::Player(p) => player_name(p),
    }
}

/// An n-player game's player as the figure numbers it: "P1", "P2", … (the tree text's `p0`
/// is P1: the figure draws player p's nodes with the number p + 1).
pub(super) fn player_name(p: u8) -> String {
    format!("P{}", u32::from(p) + 1)
}

/// "first", "second", … (a tuple entry).
fn ordinal(n: usize) -> &'static str {
    ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"]
        .get(n.wrapping_sub(1))
        .copied()
        .unwrap_or("next")
}

/// "c2", "c2 and c3", "c2, c3 and c4".
fn and_list(v: &[String]) -> String {
    match v {
        [] => String::new(),
        [a] => a.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// A value in a sum: negative numbers in parentheses.
fn term(v: f64) -> String {
    if v < 0.0 {
        format!("({})", f(v))
    } else {
        f(v)
    }
}

/// "0.5·10 + 0.5·(−4) = 3".
pub(super) fn weighted_sum_text(vals: &[f64], probs: &[f64], total: f64) -> String {
    let parts: Vec<String> = vals.iter().zip(probs).map(|(v, p)| format!("{}·{}", f(*p), term(*v))).collect();
    format!("{} = {}", parts.join(" + "), f(total))
}

/// Whether the subtree of `id` holds a chance node (its values are averages).
pub(super) fn below_chance(t: &Tree, id: u32) -> bool {
    let mut stack = vec![id];
    while let Some(n) = stack.pop() {
        if t.kind(n) == Some(Kind::Chance) {
            return true;
        }
        stack.extend_from_slice(t.children(n));
    }
    false
}

/// The prompt of a task whose words depend only on the task and the tie rule, not on the
/// exercise's tree (every task but MCTS and move ordering, which quote figures of the
/// exercise): None for those two.
pub(super) fn fixed_prompt(task: Task, tie: TieRule) -> Option<String> {
    let tie = tie_words(tie);
    Some(match task {
        Task::Minimax => "Give the minimax value of every inner node (MAX takes the largest child value, MIN the \
                          smallest), and the root's decision (the first best child on ties)."
            .to_string(),
        Task::AlphaBetaLeaves => format!(
            "Run ALPHA-BETA-SEARCH left to right and mark every leaf that is never evaluated ({tie})."
        ),
        Task::AlphaBetaFull => format!(
            "Run ALPHA-BETA-SEARCH left to right ({tie}). For every node it enters, give the (α, β) it is entered \
             with and the value it returns (after a cutoff: the v it returns); mark every pruned edge."
        ),
        Task::Expectiminimax => "Give the value of every chance and decision node (a chance node's value is \
                                 Σ P(r)·v(r)), and the root's decision."
            .to_string(),
        Task::MaxN => "max^n: give the utility tuple backed up to every inner node (the player to move keeps the \
                       child's tuple that is best for itself, the first one on ties) and the root's choice."
            .to_string(),
        Task::Mcts | Task::Ordering => return None,
    })
}

/// The tie rule as a prompt names it.
fn tie_words(tie: TieRule) -> &'static str {
    match tie {
        TieRule::NonStrict => "the lessons' rule: MAX stops when v ≥ β, MIN when v ≤ α",
        TieRule::Strict => "the strict rule: MAX stops only when v > β, MIN only when v < α",
    }
}

pub(super) fn prompt(ex: &Exercise) -> String {
    if let Some(text) = fixed_prompt(ex.task, ex.opts.tie) {
        return text;
    }
    match ex.task {
        Task::Mcts => {
            let m = ex.mcts.as_ref();
            let (c, r) = m.map_or((0.0, 0.0), |m| (m.c, m.reward));
            format!(
                "The tree shows N and W after {} MCTS iterations (W sums the rewards of the player who moved into \
                 the node; the root's is its own player's). With C = {}: give UCB1 = W/N + C·√(ln N(parent) / N) \
                 of every child of the root, the child selection picks there, and — selection continues by UCB1, \
                 expansion adds the first untried child, and the rollout ends with reward {} for MAX ({} for MIN) \
                 — N and W after the backup at every node that changes.",
                m.map_or(0, |m| m.iterations),
                f(c),
                f(r),
                f(1.0 - r)
            )
        }
        _ => format!(
            "Reorder the children of each node so that ALPHA-BETA-SEARCH ({}) evaluates as few leaves as \
             possible. In the tree's own order it evaluates {} leaves.",
            tie_words(ex.opts.tie),
            ex.ordering.as_ref().map_or(0, |o| o.given_leaves)
        ),
    }
}

// -------------------------------------------------------------------------------------
// Minimax, expectiminimax, max^n

pub(super) fn minimax_value(
    ex: &Exercise,
    id: u32,
    kind: NodeKind,
    kids: &[(u32, NodeValue)],
    expected: &Item,
) -> (String, String) {
    let x = label(ex, id);
    let vals: Vec<f64> = kids.iter().map(|k| super::scalar(Some(k.1))).collect();
    let list = vals.iter().map(|&v| f(v)).collect::<Vec<_>>().join(", ");
    match kind {
        NodeKind::Max => (
            format!("{x} is a MAX node: v = max({list}) = {}", expected.text()),
            format!("{x} is a MAX node: its value is the largest of its children's values"),
        ),
        NodeKind::Min => (
            format!("{x} is a MIN node: v = min({list}) = {}", expected.text()),
            format!("{x} is a MIN node: its value is the smallest of its children's values"),
        ),
        NodeKind::Chance => {
            let probs: Vec<f64> = kids.iter().map(|k| ex.tree.probability(k.0).unwrap_or(1.0)).collect();
            if ex.task == Task::MaxN {
                return (
                    format!(
                        "{x} is a chance node: its tuple is Σ P(r)·u(r), entry by entry = {}",
                        expected.text()
                    ),
                    format!(
                        "{x} is a chance node: weigh each child's tuple by its probability, entry by entry"
                    ),
                );
            }
            let total = match expected {
                Item::Number(v) => *v,
                _ => f64::NAN,
            };
            (
                format!(
                    "{x} is a chance node: v = Σ P(r)·v(r) = {}",
                    weighted_sum_text(&vals, &probs, total)
                ),
                format!("{x} is a chance node: multiply each child's value by its probability and add"),
            )
        }
        NodeKind::Player(p) => {
            let from = kids
                .iter()
                .find(|k| matches!((k.1, expected), (NodeValue::Vector(u), Item::Numbers(e)) if u[..e.len()] == e[..]))
                .map(|k| edge(ex, k.0))
                .unwrap_or_default();
            let who = player_name(p);
            let nth = ordinal(usize::from(p) + 1);
            (
                format!(
                    "{x}: {who} moves and keeps the child's tuple with the largest {who} entry (the {nth} entry; the \
                     first child on ties): {} from {from}",
                    expected.text()
                ),
                format!(
                    "{x}: {who} moves and keeps the child's tuple with the largest {who} entry (the {nth} entry; the \
                     first child on ties)"
                ),
            )
        }
    }
}

pub(super) fn choice(ex: &Exercise, best: u32, trace: &Trace<u32>, tree_of: &[u32]) -> (String, String) {
    let root = label(ex, 0);
    let vals: Vec<String> = trace.nodes()[0]
        .children
        .iter()
        .filter_map(|&c| {
            let v = trace.node(c)?.value?;
            Some(format!("{} {}", edge(ex, tree_of[c as usize]), v.text(ex.tree.players())))
        })
        .collect();
    let who = match trace.nodes()[0].kind {
        NodeKind::Max => "MAX moves to the child with the largest value".to_string(),
        NodeKind::Min => "MIN moves to the child with the smallest value".to_string(),
        k => format!("{w} moves to the child whose tuple has the largest {w} entry", w = kind_word(k)),
    };
    (
        format!(
            "at the root {root}, {who} (the first on ties): {} — so {} to {}",
            vals.join(", "),
            edge(ex, best),
            label(ex, best)
        ),
        format!("at the root {root}, {who} (the first one on ties)"),
    )
}

// -------------------------------------------------------------------------------------
// α-β

/// A Backup: (child's natural index, child's value, v, α, β after it).
type BackupRec = (u32, f64, f64, f64, f64);
/// A Cutoff: (v, α, β, first skipped child, children).
type CutoffRec = (f64, f64, f64, u32, u32);
/// A trace node: kind, entry α and β, value, tree id, parent (trace id).
type NodeRec = (NodeKind, f64, f64, f64, u32, Option<u32>);

/// What the α-β trace says about each node, gathered once.
pub(super) struct AbInfo {
    tie: TieRule,
    /// Tree node → trace node.
    trace_of: BTreeMap<u32, u32>,
    /// Per trace node: kind, entry window, value, tree id, parent.
    nodes: Vec<NodeRec>,
    /// Per trace node: backups (child natural index, child value, v, α, β after).
    backups: Vec<Vec<BackupRec>>,
    /// Per trace node: the cutoff (v, α, β, first skipped, total).
    cutoffs: Vec<Option<CutoffRec>>,
}

impl AbInfo {
    pub(super) fn new(trace: &Trace<u32>, tree_of: &[u32], tie: TieRule) -> AbInfo {
        let n = trace.nodes().len();
        let mut backups = vec![Vec::new(); n];
        let mut cutoffs = vec![None; n];
        for (i, e) in trace.events().iter().enumerate() {
            let node = trace.event_node(i).map_or(-1.0, |n| n as f64);
            if node < 0.0 {
                continue;
            }
            let node = node as usize;
            match *e {
                Event::Backup { value, v, alpha, beta, .. } => {
                    let child = trace.nodes()[node].children.get(backups[node].len()).copied();
                    let index = child.and_then(|c| trace.nodes()[c as usize].index).unwrap_or(0);
                    backups[node].push((index, value, v, alpha, beta));
                }
                Event::Cutoff { v, alpha, beta, first_skipped, total } => {
                    cutoffs[node] = Some((v, alpha, beta, first_skipped, total));
                }
                _ => {}
            }
        }
        let nodes = trace
            .nodes()
            .iter()
            .enumerate()
            .map(|(i, t)| (t.kind, t.alpha, t.beta, super::scalar(t.value), tree_of[i], t.parent))
            .collect();
        // Inserted one by one: `collect` into a map sorts first (another copy of the sort).
        let mut trace_of = BTreeMap::new();
        for (i, &id) in tree_of.iter().enumerate() {
            trace_of.insert(id, i as u32);
        }
        AbInfo { tie, trace_of, nodes, backups, cutoffs }
    }

    /// "v = 2 ≤ α = 3" and whether the node stops there.
    fn test(&self, kind: NodeKind, v: f64, alpha: f64, beta: f64) -> (bool, String) {
        let strict = self.tie == TieRule::Strict;
        match kind {
            NodeKind::Max => {
                let stops = if strict { v > beta } else { v >= beta };
                let op = match (stops, strict) {
                    (true, false) => "≥",
                    (true, true) => ">",
                    (false, false) => "<",
                    (false, true) => "≤",
                };
                (stops, format!("v = {} {op} β = {}", f(v), f(beta)))
            }
            _ => {
                let stops = if strict { v < alpha } else { v <= alpha };
                let op = match (stops, strict) {
                    (true, false) => "≤",
                    (true, true) => "<",
                    (false, false) => ">",
                    (false, true) => "≥",
                };
                (stops, format!("v = {} {op} α = {}", f(v), f(alpha)))
            }
        }
    }

    fn stop_word(&self, kind: NodeKind) -> &'static str {
        match (kind, self.tie) {
            (NodeKind::Max, TieRule::NonStrict) => "if v ≥ β, MAX stops",
            (NodeKind::Max, TieRule::Strict) => "if v > β, MAX stops",
            (_, TieRule::NonStrict) => "if v ≤ α, MIN stops",
            (_, TieRule::Strict) => "if v < α, MIN stops",
        }
    }
}

/// "at C, v = 2 ≤ α = 3: MIN stops, c2 and c3 are pruned".
fn cutoff_text(ex: &Exercise, info: &AbInfo, ti: u32) -> String {
    let (kind, _, _, _, id, _) = info.nodes[ti as usize];
    let Some((v, a, b, first, total)) = info.cutoffs[ti as usize] else { return String::new() };
    let (_, cmp) = info.test(kind, v, a, b);
    let names: Vec<String> =
        ex.tree.children(id)[first as usize..total as usize].iter().map(|&c| edge(ex, c)).collect();
    let who = kind_word(kind);
    match names.len() {
        0 => format!("at {}, {cmp} at its last child: {who} stops (nothing is left to prune)", label(ex, id)),
        1 => format!("at {}, {cmp}: {who} stops, {} is pruned", label(ex, id), names[0]),
        _ => format!("at {}, {cmp}: {who} stops, {} are pruned", label(ex, id), and_list(&names)),
    }
}

fn cutoff_hint(ex: &Exercise, info: &AbInfo, ti: u32) -> String {
    let (kind, _, _, _, id, _) = info.nodes[ti as usize];
    let bound = if kind == NodeKind::Max { "β" } else { "α" };
    format!(
        "at {} ({}), compare v with {bound} after each child: {} and the rest of its children are pruned",
        label(ex, id),
        kind_word(kind),
        info.stop_word(kind)
    )
}

pub(super) fn chance_pruning_text(ex: &Exercise, node: u32) -> String {
    let p = ex.tree.parent(node).unwrap_or(0);
    format!(
        "{} is a chance node: its value averages all its outcomes, so α-β never prunes below it; {} is searched",
        label(ex, p),
        edge(ex, node)
    )
}

pub(super) fn ab_mark(ex: &Exercise, info: &AbInfo, id: u32, reached: bool) -> (String, String) {
    let verb = if ex.tree.children(id).is_empty() { "evaluated" } else { "searched" };
    if !reached {
        let a = ex.pruned_under[id as usize].unwrap_or(id);
        let p = ex.tree.parent(a).unwrap_or(0);
        let pt = info.trace_of.get(&p).copied().unwrap_or(0);
        let cut = cutoff_text(ex, info, pt);
        if a == id {
            return (cut, cutoff_hint(ex, info, pt));
        }
        return (
            format!("{} is below the pruned edge {} ({cut}): it is never {verb}", label(ex, id), edge(ex, a)),
            format!("{}: is an edge above it pruned? {}", label(ex, id), cutoff_hint(ex, info, pt)),
        );
    }
    let Some(p) = ex.tree.parent(id) else { return (String::new(), String::new()) };
    let pt = info.trace_of.get(&p).copied().unwrap_or(0);
    let pkind = info.nodes[pt as usize].0;
    if pkind == NodeKind::Chance {
        return (
            format!(
                "{} is a chance node: α-β searches every outcome of a chance node, so {} is {verb}",
                label(ex, p),
                edge(ex, id)
            ),
            format!("{} is a chance node: its value is the average of all its outcomes", label(ex, p)),
        );
    }
    let index = ex.tree.node(id).map_or(0, |n| n.index());
    if index == 0 {
        return (
            format!("{} is {}'s first child: it is always {verb}", edge(ex, id), label(ex, p)),
            format!("{} is {}'s first child", edge(ex, id), label(ex, p)),
        );
    }
    let prev = info.backups[pt as usize].iter().find(|b| b.0 + 1 == index);
    let (_, _, v, a, b) = prev.copied().unwrap_or((0, 0.0, 0.0, 0.0, 0.0));
    let (_, cmp) = info.test(pkind, v, a, b);
    let prev_edge = ex.tree.children(p).get(index as usize - 1).map(|&c| edge(ex, c)).unwrap_or_default();
    (
        format!(
            "at {} after {prev_edge}, {cmp}: {} does not stop, so {} is {verb}",
            label(ex, p),
            kind_word(pkind),
            edge(ex, id)
        ),
        cutoff_hint(ex, info, pt),
    )
}

pub(super) fn ab_window(
    ex: &Exercise,
    info: &AbInfo,
    ti: u32,
) -> (String, String, Vec<(Item, Misconception, String)>) {
    let (_, alpha, beta, _, id, parent) = info.nodes[ti as usize];
    let x = label(ex, id);
    let Some(pt) = parent else { return (String::new(), String::new(), Vec::new()) };
    let (pkind, pa, pb, _, pid, _) = info.nodes[pt as usize];
    let p = label(ex, pid);
    let win = |a: f64, b: f64| format!("({}, {})", f(a), f(b));
    if pkind == NodeKind::Chance {
        return (
            format!("{x} is an outcome of the chance node {p}: α-β searches it with the full window (−∞, +∞)"),
            format!("{x} is an outcome of the chance node {p}: which window does α-β give a chance node's outcomes?"),
            Vec::new(),
        );
    }
    let index = ex.tree.node(id).map_or(0, |n| n.index());
    if index == 0 {
        return (
            format!(
                "{x} is {p}'s first child: it is entered with {p}'s own window (α, β) = {}",
                win(alpha, beta)
            ),
            format!("{x} is {p}'s first child: it gets the window {p} was entered with"),
            Vec::new(),
        );
    }
    let prev = info.backups[pt as usize].iter().find(|b| b.0 + 1 == index).copied();
    let (_, cv, v, _, _) = prev.unwrap_or((0, 0.0, 0.0, alpha, beta));
    let prev_edge = ex.tree.children(pid).get(index as usize - 1).map(|&c| edge(ex, c)).unwrap_or_default();
    let (rule, hint) = if pkind == NodeKind::Max {
        (
            format!(
                "at {p} (MAX), {prev_edge} returned {}: v = {}, α ← max(α, v) = {}; {x} is entered with (α, β) = {}",
                f(cv),
                f(v),
                f(alpha),
                win(alpha, beta)
            ),
            format!("{x} is entered with {p}'s current window: after each child MAX sets α ← max(α, v); β passes down unchanged"),
        )
    } else {
        (
            format!(
                "at {p} (MIN), {prev_edge} returned {}: v = {}, β ← min(β, v) = {}; {x} is entered with (α, β) = {}",
                f(cv),
                f(v),
                f(beta),
                win(alpha, beta)
            ),
            format!("{x} is entered with {p}'s current window: after each child MIN sets β ← min(β, v); α passes down unchanged"),
        )
    };
    let correct = (alpha, beta);
    let mut alts = Vec::new();
    if (pa, pb) != correct {
        let which = if pkind == NodeKind::Max { "raises α" } else { "lowers β" };
        alts.push((
            Item::Numbers(vec![pa, pb]),
            Misconception::NoUpdate,
            format!(
                "{} is {p}'s entry window, but after {prev_edge} returned, {p} ({}) {which} to {}: {x} gets {}",
                win(pa, pb),
                kind_word(pkind),
                f(if pkind == NodeKind::Max { alpha } else { beta }),
                win(alpha, beta)
            ),
        ));
    }
    let wrong = if pkind == NodeKind::Max { (pa, pb.min(v)) } else { (pa.max(v), pb) };
    if wrong != correct && wrong != (pa, pb) {
        let (good, bad) = if pkind == NodeKind::Max { ("α", "β") } else { ("β", "α") };
        alts.push((
            Item::Numbers(vec![wrong.0, wrong.1]),
            Misconception::WindowDirection,
            format!(
                "at {p} ({}), v = {} goes into {good}, not {bad}: {} {}; {x} gets {}",
                kind_word(pkind),
                f(v),
                kind_word(pkind),
                if pkind == NodeKind::Max {
                    "raises α (a lower bound for MAX)"
                } else {
                    "lowers β (an upper bound for MIN)"
                },
                win(alpha, beta)
            ),
        ));
    }
    (rule, hint, alts)
}

pub(super) fn ab_value(ex: &Exercise, info: &AbInfo, ti: u32) -> (String, String) {
    let (kind, alpha, beta, v, id, parent) = info.nodes[ti as usize];
    let x = label(ex, id);
    if kind == NodeKind::Chance {
        let kids = ex.tree.children(id);
        let vals: Vec<f64> = info.backups[ti as usize].iter().map(|b| b.1).collect();
        let probs: Vec<f64> = kids.iter().map(|&c| ex.tree.probability(c).unwrap_or(1.0)).collect();
        return (
            format!("{x} is a chance node: v = Σ P(r)·v(r) = {}", weighted_sum_text(&vals, &probs, v)),
            format!("{x} is a chance node: multiply each outcome's value by its probability and add"),
        );
    }
    let (word, pick) = if kind == NodeKind::Max { ("MAX", "largest") } else { ("MIN", "smallest") };
    let hint = format!(
        "{x} ({word}) returns its v: the {pick} value its children returned, or v at the moment it stops ({})",
        info.stop_word(kind)
    );
    if info.cutoffs[ti as usize].is_some() {
        let bound = if kind == NodeKind::Max {
            "a lower bound: its value is at least"
        } else {
            "an upper bound: its value is at most"
        };
        let cut = cutoff_text(ex, info, ti);
        let note = if parent.is_some() { format!(" ({bound} {})", f(v)) } else { String::new() };
        return (format!("{cut}; {x} returns v = {}{note}", f(v)), hint);
    }
    let list = info.backups[ti as usize].iter().map(|b| f(b.1)).collect::<Vec<_>>().join(", ");
    let op = if kind == NodeKind::Max { "max" } else { "min" };
    let note = if parent.is_none() {
        String::new()
    } else if v <= alpha {
        format!(" (v ≤ α = {}: only an upper bound on {x}'s minimax value)", f(alpha))
    } else if v >= beta {
        format!(" (v ≥ β = {}: only a lower bound on {x}'s minimax value)", f(beta))
    } else {
        String::new()
    };
    (format!("{x} ({word}) searched all its children: v = {op}({list}) = {}{note}", f(v)), hint)
}

pub(super) fn bound_text(
    ex: &Exercise,
    id: u32,
    kind: NodeKind,
    v: f64,
    alpha: f64,
    beta: f64,
    exact: f64,
) -> String {
    let x = label(ex, id);
    let _ = kind;
    let (cmp, what) = if v <= alpha {
        (format!("{} ≤ α = {}", f(v), f(alpha)), "at most")
    } else {
        (format!("{} ≥ β = {}", f(v), f(beta)), "at least")
    };
    format!(
        "{x} returns {}: since {cmp}, α-β only knows that {x}'s value is {what} {}; {} is {x}'s exact minimax \
         value, which α-β never computes",
        f(v),
        f(v),
        f(exact)
    )
}

// -------------------------------------------------------------------------------------
// MCTS

#[allow(clippy::too_many_arguments)]
pub(super) fn ucb_rule(
    ex: &Exercise,
    s: u32,
    e: f64,
    x: f64,
    total: f64,
    n: u32,
    w: f64,
    root_n: u32,
) -> (String, String) {
    let c = ex.opts.c;
    let (b, r) = (label(ex, s), label(ex, 0));
    (
        format!(
            "UCB1({b}) = W/N + C·√(ln N({r}) / N) = {}/{n} + {}·√(ln {root_n} / {n}) = {} + {} = {}",
            f(w),
            f(c),
            f(e),
            f(x),
            f(total)
        ),
        format!("UCB1({b}) = W/N + C·√(ln N(parent) / N): use {b}'s W and N and {r}'s N"),
    )
}

pub(super) fn largest_q_text(
    ex: &Exercise,
    q: u32,
    picked: u32,
    ucb: &[(u32, f64, f64, f64, u32, f64)],
) -> String {
    let get = |s: u32| ucb.iter().find(|u| u.0 == s).copied().unwrap_or_default();
    format!(
        "{} has the largest W/N ({}), but selection takes the largest UCB1 = W/N + C·√(ln N(parent) / N): {} ({})",
        label(ex, q),
        f(get(q).1),
        label(ex, picked),
        f(get(picked).3)
    )
}

pub(super) fn mcts_choice(ex: &Exercise, picked: u32, total: f64) -> (String, String) {
    (
        format!(
            "selection takes the root's child with the largest UCB1 (the first on ties): {} with {}",
            label(ex, picked),
            f(total)
        ),
        "selection takes the root's child with the largest UCB1 (compare the totals, not W/N)".to_string(),
    )
}

#[allow(clippy::too_many_arguments)]
pub(super) fn backup_rule(
    ex: &Exercise,
    s: u32,
    old_n: f64,
    old_w: f64,
    visits: u32,
    wins: f64,
    reward: f64,
    mover: u8,
    new_node: Option<u32>,
) -> (String, String) {
    let x = label(ex, s);
    let (who, r) = if mover == 0 { ("MAX", reward) } else { ("MIN", 1.0 - reward) };
    let start = new_node.map(|n| label(ex, n)).unwrap_or_else(|| "the node selection reached".into());
    (
        format!(
            "backup adds 1 to N and the reward to W at every node on the path from {start} up to the root: {x}'s W \
             counts {who}'s reward {}: N {} → {visits}, W {} → {}",
            f(r),
            f(old_n),
            f(old_w),
            f(wins)
        ),
        format!(
            "the rollout's result is backed up along the whole path from the new node to the root: N + 1, and W + \
             the reward of the player who moved into the node ({x}: {who})"
        ),
    )
}

pub(super) fn leaf_only_text(ex: &Exercise, s: u32) -> String {
    format!(
        "{} is on the path from the new node to the root: backup updates its N and W too, not only the new node's",
        label(ex, s)
    )
}

// -------------------------------------------------------------------------------------
// Move ordering and extras

pub(super) fn ordering_rule(ex: &Exercise, key: &OrderingKey) -> (String, String) {
    let how = if key.exhaustive { "the fewest over every ordering" } else { "the fewest the core found" };
    let example: Vec<String> = key
        .best
        .iter()
        .filter(|(id, p)| p.iter().enumerate().any(|(i, &c)| c as usize != i) || *id == 0)
        .map(|(id, p)| {
            let names: Vec<String> = p.iter().map(|&c| edge(ex, ex.tree.children(*id)[c as usize])).collect();
            format!("{}: {}", label(ex, *id), names.join(" "))
        })
        .collect();
    (
        format!(
            "α-β evaluates {} leaves in the tree's own order; {how} is {}, for example with {}",
            key.given_leaves,
            key.min_leaves,
            example.join("; ")
        ),
        "put each node's best child first — at a MAX node the child with the largest value, at a MIN node the \
         smallest — so that the cutoffs come as early as possible"
            .to_string(),
    )
}

pub(super) fn extra_rule(ex: &Exercise, field: Field, node: u32) -> (String, String) {
    let x = label(ex, node);
    if field == Field::Visits {
        let (n, w) = ex.mcts_old.get(&node).copied().unwrap_or((0.0, 0.0));
        return (
            format!("{x} is not on this iteration's path: its N and W stay {}, {}", f(n), f(w)),
            format!("is {x} on the path from the new node to the root?"),
        );
    }
    if let Some(a) = ex.pruned_under.get(node as usize).copied().flatten() {
        let rule = if field == Field::Pruned {
            format!(
                "{x} is below the pruned edge {}: α-β never reaches it; marking {} is enough",
                edge(ex, a),
                edge(ex, a)
            )
        } else {
            format!(
                "{x} is below the pruned edge {}: α-β never reaches it, so it has no {}",
                edge(ex, a),
                ex.field_word(field)
            )
        };
        return (rule, format!("does α-β ever reach {x}?"));
    }
    if field == Field::Pruned && ex.tree.parent(node).and_then(|p| ex.tree.kind(p)) == Some(Kind::Chance) {
        return (chance_pruning_text(ex, node), "α-β searches every outcome of a chance node".to_string());
    }
    (format!("{x}: nothing to give for {} here", field.name()), format!("{x}: nothing to give here"))
}

/// The nodes where the two tie rules part: a stop test with v equal to its bound (MAX: v = β,
/// MIN: v = α) and children left to prune or search: (tree node, the event that entered it,
/// "C (MIN), v = α = 3").
pub(super) fn ties(ex: &Exercise, info: &AbInfo, trace: &Trace<u32>) -> Vec<(u32, u32, String)> {
    let mut out = Vec::new();
    for (ti, &(kind, ..)) in info.nodes.iter().enumerate() {
        let id = info.nodes[ti].4;
        let kids = ex.tree.children(id).len() as u32;
        let tie = match (kind, info.tie) {
            (NodeKind::Max | NodeKind::Min, TieRule::NonStrict) => info.cutoffs[ti]
                .filter(|&(v, a, b, first, total)| {
                    first < total && v == if kind == NodeKind::Max { b } else { a }
                })
                .map(|c| c.0),
            (NodeKind::Max | NodeKind::Min, TieRule::Strict) => info.backups[ti]
                .iter()
                .find(|&&(k, _, v, a, b)| k + 1 < kids && v == if kind == NodeKind::Max { b } else { a })
                .map(|b| b.2),
            _ => None,
        };
        if let Some(v) = tie {
            let bound = if kind == NodeKind::Max { "β" } else { "α" };
            let event = trace.nodes()[ti].enter_event;
            out.push((id, event, format!("{} ({}), v = {bound} = {}", label(ex, id), kind_word(kind), f(v))));
        }
    }
    out
}

/// A MAX node treated as MIN in the stop test (or a MIN node as MAX): node `id` is searched,
/// but an ancestor's earlier child returned a value that the other kind's test stops on (at
/// MAX: a child at or below α; at MIN: at or above β). The nearest such ancestor, in words.
pub(super) fn swapped_stop(ex: &Exercise, info: &AbInfo, id: u32) -> Option<String> {
    let strict = info.tie == TieRule::Strict;
    let verb = if ex.tree.children(id).is_empty() { "evaluated" } else { "searched" };
    let mut a = id;
    while let Some(p) = ex.tree.parent(a) {
        let j = ex.tree.node(a).map_or(0, |n| n.index());
        if let Some(&pt) = info.trace_of.get(&p) {
            let (kind, mut al, mut be, ..) = info.nodes[pt as usize];
            for &(k, c, v, a2, b2) in &info.backups[pt as usize] {
                if k >= j {
                    break;
                }
                let (hit, op, bound, own, other) = match kind {
                    NodeKind::Max => (
                        if strict { c < al } else { c <= al },
                        if strict { "<" } else { "≤" },
                        ("α", al),
                        "MAX",
                        "MIN",
                    ),
                    NodeKind::Min => (
                        if strict { c > be } else { c >= be },
                        if strict { ">" } else { "≥" },
                        ("β", be),
                        "MIN",
                        "MAX",
                    ),
                    _ => (false, "", ("", 0.0), "", ""),
                };
                if hit {
                    let (_, cmp) = info.test(kind, v, a2, b2);
                    let child = ex.tree.children(p)[k as usize];
                    return Some(format!(
                        "at {} ({own}), {} returned {} {op} {} = {}: stopping there is {other}'s test; {}, and {cmp}, \
                         so {} is {verb}",
                        label(ex, p),
                        edge(ex, child),
                        f(c),
                        bound.0,
                        f(bound.1),
                        info.stop_word(kind).replacen("if ", &format!("{own} stops only when "), 1).replace(&format!(", {own} stops"), ""),
                        edge(ex, id)
                    ));
                }
                (al, be) = (a2, b2);
            }
        }
        a = p;
    }
    None
}
