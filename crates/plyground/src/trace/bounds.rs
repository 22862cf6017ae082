//! What a value returned by a depth-first search is: the node's exact value, an upper bound
//! on it or a lower bound — decided once per node when the recorder sees it left, from the
//! window it was searched with and what its children were.
//!
//! "Only the root value is exact": after a cutoff, an inner node's fail-soft value is a bound.
//! Two facts, each sound on its own, are combined:
//!
//! 1. **The window rule** (fail-soft α-β). A value v returned by a MAX or MIN node searched
//!    with the window (α, β) is exact if α < v < β, an upper bound (the true value is ≤ v) if
//!    v ≤ α, a lower bound (≥ v) if v ≥ β. It covers ancestors: a node whose value came up
//!    through a bounded child falls outside its own window too. A side of the window that is
//!    infinite bounds nothing (v ≤ −∞ means v = −∞). The rule is stated with the lessons'
//!    non-strict test; under the strict tie rule a value equal to α or β is in fact exact, so
//!    calling it a bound is still true.
//! 2. **The children.** With each child's value read as an interval (exact [c, c], upper
//!    (−∞, c], lower [c, +∞), unknown (−∞, +∞)), a MAX node is worth at least the largest
//!    lower end and, when every action was searched, at most the largest upper end (MIN the
//!    same mirrored); a chance node whose outcomes were all searched lies between the
//!    probability-weighted sums of the ends. This is what makes D of Figure 5.2 exact: its
//!    last leaf 2 passes the α test (2 ≤ α = 3), but every leaf was searched, so D = 2.
//!
//! A leaf is exact (UTILITY, or EVAL, which the depth-limited tree takes as its value); a
//! leaf proven by a rule (the Connect-4 solver) gets the window rule; a transposition-table
//! answer is the bound the table stored (intersected with the window rule). Chance nodes are
//! searched with the full window, so only fact 2 applies to them: a chance node is a bound
//! only when all its outcomes are exact or bounds of the same side, and "nothing stated"
//! (`None`) otherwise — in this α-β that never happens, as the outcomes get the full window.
//! max^n prunes nothing, so its vectors are exact once every child was searched.
//!
//! The result is the intersection of the intervals; it names the value's kind when the value
//! is one of its ends. Under a depth limit "exact" means the value of the depth-limited tree
//! (H-MINIMAX's), and a table answer carries the value of the search that stored it.
//!
//! Beam search drops children unsearched (forward pruning: unlike a cutoff, nothing proves
//! them irrelevant), so the window rule, which speaks of the tree that was searched, is not
//! applied to a node with dropped children in its subtree: only fact 2 is, with a node whose
//! children were dropped counted as not having searched every action (a MIN node of which one
//! child was kept is "≤" that child's value). A child searched again by a singular extension
//! (and the siblings searched again after it) counts by its last entry only.

use crate::event::{Bound, LeafKind, NodeKind};

const INF: f64 = f64::INFINITY;

/// The interval a value of this kind says the true value lies in.
fn interval(v: f64, b: Option<Bound>) -> (f64, f64) {
    match b {
        Some(Bound::Exact) => (v, v),
        Some(Bound::Upper) => (-INF, v),
        Some(Bound::Lower) => (v, INF),
        None => (-INF, INF),
    }
}

/// The window rule: what a fail-soft value `v` returned with window (α, β) is.
pub(crate) fn window_rule(v: f64, alpha: f64, beta: f64) -> Bound {
    if !(v > alpha || alpha == -INF) {
        Bound::Upper
    } else if !(v < beta || beta == INF) {
        Bound::Lower
    } else {
        Bound::Exact
    }
}

/// One node as it is left (not generic over the action type: one copy in the module).
pub(crate) struct ExitFacts {
    pub(crate) kind: NodeKind,
    pub(crate) leaf: Option<LeafKind>,
    pub(crate) tt: Option<Bound>,
    pub(crate) value: f64,
    pub(crate) alpha: f64,
    pub(crate) beta: f64,
    /// Every action was entered, none pruned, and every child was left with a value.
    pub(crate) all: bool,
    /// Beam search dropped children in this node's subtree (here or below): the window
    /// rule, sound for the tree that was searched, says nothing of the tree with the moves
    /// it never searched, so only the children's facts count.
    pub(crate) forward: bool,
}

/// The kind of a scalar value returned by a node, given its children as (value, kind,
/// probability) — see the module documentation.
pub(crate) fn scalar_bound(f: &ExitFacts, kids: &[(f64, Option<Bound>, f64)]) -> Option<Bound> {
    let v = f.value;
    if v.is_nan() {
        return None;
    }
    let (mut lo, mut hi) = match (f.leaf, f.kind) {
        (Some(LeafKind::Terminal | LeafKind::Cutoff | LeafKind::Quiet), _) => (v, v),
        (_, NodeKind::Chance | NodeKind::Player(_)) => (-INF, INF),
        _ if f.forward => (-INF, INF),
        _ => interval(v, Some(window_rule(v, f.alpha, f.beta))),
    };
    if let Some(b) = f.tt {
        let (a, z) = interval(v, Some(b));
        lo = lo.max(a);
        hi = hi.min(z);
    }
    if f.leaf.is_none() && !kids.is_empty() {
        // One pass over the children: the largest and smallest lower and upper ends, and the
        // probability-weighted sums of the ends.
        let (mut max_lo, mut max_hi, mut min_lo, mut min_hi) = (-INF, -INF, INF, INF);
        let (mut sum_lo, mut sum_hi) = (0.0, 0.0);
        for &(c, b, p) in kids {
            let (a, z) = interval(c, b);
            max_lo = max_lo.max(a);
            max_hi = max_hi.max(z);
            min_lo = min_lo.min(a);
            min_hi = min_hi.min(z);
            sum_lo += p * a;
            sum_hi += p * z;
        }
        let (clo, chi) = match f.kind {
            NodeKind::Max => (max_lo, if f.all { max_hi } else { INF }),
            NodeKind::Min => (if f.all { min_lo } else { -INF }, min_hi),
            // A sum of infinities of both signs is NaN: nothing known then.
            NodeKind::Chance if f.all && !sum_lo.is_nan() && !sum_hi.is_nan() => (sum_lo, sum_hi),
            _ => (-INF, INF),
        };
        // The children's interval holds v whenever the node backed up their values as the
        // lessons' recursions do; if not (a search that clamps), it says nothing.
        if clo <= v && v <= chi {
            lo = lo.max(clo);
            hi = hi.min(chi);
        }
    }
    if lo == v && hi == v {
        Some(Bound::Exact)
    } else if hi == v {
        Some(Bound::Upper)
    } else if lo == v {
        Some(Bound::Lower)
    } else {
        None
    }
}

/// "≤ 2", "≥ 5", "2": a value as the figure prints it with its kind ("?" before a value of
/// which no bound can be stated).
pub fn bound_text(value: &str, b: Option<Bound>) -> String {
    match b {
        Some(Bound::Exact) => value.to_string(),
        Some(Bound::Upper) => format!("≤ {value}"),
        Some(Bound::Lower) => format!("≥ {value}"),
        None => format!("{value}?"),
    }
}

/// The relation sign of a kind: "=", "≤", "≥" ("?" for none).
pub fn bound_sign(b: Option<Bound>) -> &'static str {
    match b {
        Some(Bound::Exact) => "=",
        Some(Bound::Upper) => "≤",
        Some(Bound::Lower) => "≥",
        None => "?",
    }
}

/// The true minimax value of every node of `trace` beside the values the search returned:
/// a separate EXPECTIMINIMAX run of the whole game from `root` (the minimax searches' own
/// code, recorded), each trace node matched to the node at the same path of natural child
/// indices. None for a node without one (a node the trace does not name by index).
///
/// Refused, with the reason, for what it would not compare truly: a depth-limited search (its
/// values are the depth-limited tree's, not the game's), max^n, a truncated trace, and a game
/// whose whole tree is too large (more than `cap` nodes, counted by the separate run).
pub fn minimax_values<G: crate::game::Game>(
    game: &G,
    root: G::State,
    trace: &super::Trace<G::Action>,
    cap: usize,
) -> Result<Vec<Option<f64>>, String> {
    use super::{NodeValue, Recorder};
    if trace.truncated() {
        return Err("the trace is truncated: minimax values are shown for a whole recorded search".into());
    }
    if trace.num_players() > 2 {
        return Err("max^n values are vectors: there is no minimax value to compare".into());
    }
    if let Some(r) = trace.searches().iter().find(|r| r.depth != u32::MAX) {
        return Err(format!(
            "the search is depth-limited (depth {}): its values are the depth-limited tree's, and minimax \
             values are shown for a search to the end of the game",
            r.depth
        ));
    }
    let mut rec = Recorder::new(game, root).with_node_cap(cap);
    crate::search::minimax::expectiminimax(game, &root, &mut rec);
    let mm = rec.finish();
    if mm.truncated() {
        return Err(format!(
            "the whole game tree has more than {cap} nodes: too large to search by minimax here"
        ));
    }
    let mm_nodes = mm.nodes();
    let mut at: Vec<Option<u32>> = vec![None; trace.nodes().len()];
    let mut out = vec![None; trace.nodes().len()];
    for (id, nd) in trace.nodes().iter().enumerate() {
        let m = match (nd.parent, nd.index) {
            (None, _) => (!mm_nodes.is_empty()).then_some(0),
            (Some(p), Some(i)) => at[p as usize].and_then(|q| {
                let kids = &mm_nodes[q as usize].children;
                // Minimax enters children in natural order: try the same position first.
                match kids.get(i as usize) {
                    Some(&c) if mm_nodes[c as usize].index == Some(i) => Some(c),
                    _ => kids.iter().copied().find(|&c| mm_nodes[c as usize].index == Some(i)),
                }
            }),
            (Some(_), None) => None,
        };
        at[id] = m;
        out[id] = m.and_then(|m| match mm_nodes[m as usize].value {
            Some(NodeValue::Scalar(v)) => Some(v),
            _ => None,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts(kind: NodeKind, v: f64, alpha: f64, beta: f64, all: bool) -> ExitFacts {
        ExitFacts { kind, leaf: None, tt: None, value: v, alpha, beta, all, forward: false }
    }

    #[test]
    fn figure_5_2_c_is_an_upper_bound_and_d_is_exact() {
        // C: MIN, window (3, +∞), first leaf 2, then a cutoff.
        let c = facts(NodeKind::Min, 2.0, 3.0, INF, false);
        assert_eq!(scalar_bound(&c, &[(2.0, Some(Bound::Exact), 1.0)]), Some(Bound::Upper));
        // D: MIN, window (3, +∞), leaves 14, 5, 2 all searched.
        let d = facts(NodeKind::Min, 2.0, 3.0, INF, true);
        let leaves =
            [(14.0, Some(Bound::Exact), 1.0), (5.0, Some(Bound::Exact), 1.0), (2.0, Some(Bound::Exact), 1.0)];
        assert_eq!(scalar_bound(&d, &leaves), Some(Bound::Exact));
        // The root A: MAX over B = 3, C ≤ 2, D = 2: exact 3.
        let a = facts(NodeKind::Max, 3.0, -INF, INF, true);
        let kids =
            [(3.0, Some(Bound::Exact), 1.0), (2.0, Some(Bound::Upper), 1.0), (2.0, Some(Bound::Exact), 1.0)];
        assert_eq!(scalar_bound(&a, &kids), Some(Bound::Exact));
    }

    #[test]
    fn a_max_node_cut_off_by_beta_is_a_lower_bound_and_chance_mixing_sides_is_unknown() {
        let m = facts(NodeKind::Max, 5.0, -INF, 4.0, false);
        assert_eq!(scalar_bound(&m, &[(5.0, Some(Bound::Exact), 1.0)]), Some(Bound::Lower));
        let ch = facts(NodeKind::Chance, 3.0, -INF, INF, true);
        let kids = [(2.0, Some(Bound::Upper), 0.5), (4.0, Some(Bound::Lower), 0.5)];
        assert_eq!(scalar_bound(&ch, &kids), None);
        let kids = [(2.0, Some(Bound::Upper), 0.5), (4.0, Some(Bound::Exact), 0.5)];
        assert_eq!(scalar_bound(&ch, &kids), Some(Bound::Upper));
        assert_eq!(bound_text("2", Some(Bound::Upper)), "≤ 2");
        assert_eq!(bound_text("−5", Some(Bound::Lower)), "≥ −5");
    }

    #[test]
    fn beam_search_leaves_only_the_childrens_facts() {
        // B of the beam trap A[B~6[1, 9], C~3[4, 5], D~2[7, 8]] at width 1: MIN, full window,
        // only the leaf 1 searched (9 dropped): at most 1, not exact.
        let b = ExitFacts { forward: true, ..facts(NodeKind::Min, 1.0, -INF, INF, false) };
        assert_eq!(scalar_bound(&b, &[(1.0, Some(Bound::Exact), 1.0)]), Some(Bound::Upper));
        // A, its MAX root (C and D dropped): B ≤ 1 says nothing of A.
        let a = ExitFacts { forward: true, ..facts(NodeKind::Max, 1.0, -INF, INF, false) };
        assert_eq!(scalar_bound(&a, &[(1.0, Some(Bound::Upper), 1.0)]), None);
        // Without the beam the window rule makes both exact.
        assert_eq!(
            scalar_bound(&facts(NodeKind::Min, 1.0, -INF, INF, false), &[(1.0, Some(Bound::Exact), 1.0)]),
            Some(Bound::Exact)
        );
    }
}
