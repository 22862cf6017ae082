//! One line in plain words per event, built on demand from the trace (nothing is stored per
//! event), and the event's pseudocode line.

use super::{event_window, fmt_vector, pseudocode_line, Flavour, Procedure, Trace, NONE};
use crate::event::{Bound, Event, LeafKind, NodeKind};
use crate::search::{fmt_value as ascii_value, TieRule};

/// A value as the figures print it: "3", "0.5", "+∞", and negatives with the minus sign
/// "−4" (U+2212, as the drawing and the text view do; the tree parser accepts it back).
pub fn fmt_value(v: f64) -> String {
    let s = ascii_value(v);
    match s.strip_prefix('-') {
        Some(rest) => format!("−{rest}"),
        None => s,
    }
}

/// The name of player `p` (0-based) of an n-player game: "P1", "P2", … — never a letter, so
/// that a player cannot be mistaken for a node (nodes are labelled A, B, C, …). The figure
/// draws player p with p + 3 corners and the number p + 1 inside, in the player's colour.
pub fn player_name(p: u8) -> String {
    format!("P{}", u16::from(p) + 1)
}

/// What an opening-book value (to X, MAX) says: "win for X (value 3)", "win for O (value
/// −2)", "draw (value 0)" — the book of the Connect-4 solver, whose values are to X.
pub fn book_words(v: f64) -> String {
    let what = if v > 0.0 {
        "win for X"
    } else if v < 0.0 {
        "win for O"
    } else {
        "draw"
    };
    format!("{what} (value {})", fmt_value(v))
}

/// How many pruned children a narration names before "and N more".
const NAMED_PRUNED: usize = 5;

/// The first letter in upper case. Node names start with an ASCII word ("MAX", "chance",
/// "player"), so the ASCII upper case is enough (and needs no Unicode tables in wasm).
fn capitalise(s: &str) -> String {
    let mut out = s.to_string();
    if let Some(first) = out.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    out
}

/// `one` for 1, `many` otherwise ("1 node", "2 nodes", "0 nodes").
pub(crate) fn plural(n: usize, one: &'static str, many: &'static str) -> &'static str {
    if n == 1 {
        one
    } else {
        many
    }
}

/// "a", "a and b", "a, b and c".
pub(crate) fn list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

impl<A: Copy> Trace<A> {
    /// "MAX node A", "chance node B", "P3 node X".
    pub(crate) fn node_name(&self, n: u32) -> String {
        match self.node(n) {
            Some(nd) => {
                let kind = match nd.kind {
                    NodeKind::Max => "MAX".to_string(),
                    NodeKind::Min => "MIN".to_string(),
                    NodeKind::Chance => "chance".to_string(),
                    NodeKind::Player(p) => player_name(p),
                };
                format!("{kind} node {}", nd.label)
            }
            None => "no node".to_string(),
        }
    }

    pub(crate) fn label(&self, n: u32) -> String {
        self.node(n).map_or_else(|| "?".to_string(), |nd| nd.label.clone())
    }

    pub(crate) fn windowed(&self) -> bool {
        self.flavour == Flavour::AlphaBeta
    }

    /// One line, in plain words, for step `i` ("" out of range), e.g.
    /// "Enter MIN node C with α = 3, β = +∞",
    /// "c1 is a terminal state: TERMINAL-TEST is true, UTILITY(c1) = 2, returned to C",
    /// "MIN node C: v = 2 ≤ α = 3, prune c2 and c3", "MAX node A: B returns 3, v = 3, α ← 3".
    /// A leaf's step is one sentence in the lessons' words (see the module doc of `trace`).
    pub fn narration(&self, i: usize) -> String {
        let Some(e) = self.step_event(i) else { return String::new() };
        let s = self.event_narration(e);
        if !self.is_leaf_step(i) {
            return s;
        }
        let nd = self.event_node(e).and_then(|n| self.node(n));
        let again = nd.map(|nd| nd.extended).filter(|&x| crate::EXTENSIONS && x > 0);
        let s = match again {
            Some(x) => format!(
                "Entered again, {x} {} deeper (singular extension): {s}",
                plural(x as usize, "ply", "plies")
            ),
            None => s,
        };
        if self.step_events(i).len() < 3 {
            return s;
        }
        match nd.and_then(|nd| nd.parent) {
            Some(p) => format!("{s}, returned to {}", self.label(p)),
            None => format!("{s}, the root's value"),
        }
    }

    /// A leaf in the lessons' words: "b1 is a terminal state: TERMINAL-TEST is true,
    /// UTILITY(b1) = 3"; at the depth limit EVAL, for n players the utility vector, and
    /// otherwise why the node is a leaf ([`LeafKind::why`]). Never "MAX node": a leaf is a
    /// state the search does not expand, whoever is to move there.
    fn leaf_words(&self, n: u32, e: &Event<A>) -> String {
        let (kind, v, value) = match *e {
            Event::Leaf { value, kind } => (kind, fmt_value(value), Some(value)),
            Event::LeafUtilities { values, kind } => (kind, fmt_vector(&values, self.num_players), None),
            _ => return String::new(),
        };
        let l = self.label(n);
        let utility = if value.is_some() { "UTILITY" } else { "UTILITIES" };
        match kind {
            LeafKind::Terminal => {
                format!("{l} is a terminal state: TERMINAL-TEST is true, {utility}({l}) = {v}")
            }
            LeafKind::Cutoff => format!("{l} is at the depth limit: CUTOFF-TEST is true, EVAL({l}) = {v}"),
            LeafKind::Quiet => {
                format!("{l} is quiet: the quiescence search stops there, EVAL({l}) = {v}")
            }
            LeafKind::Proven => {
                let (a, b) =
                    self.node(n).map_or((f64::NEG_INFINITY, f64::INFINITY), |nd| (nd.alpha, nd.beta));
                let x = value.unwrap_or(f64::NAN);
                let what = if x >= b {
                    format!("value ≥ {v} ≥ β = {}", fmt_value(b))
                } else if x <= a {
                    format!("value ≤ {v} ≤ α = {}", fmt_value(a))
                } else {
                    format!("value = {v}")
                };
                format!("{l} is not searched ({}): {what}", kind.why().unwrap_or_default())
            }
            LeafKind::Book => format!(
                "{l} is not searched ({}): {}",
                kind.why().unwrap_or_default(),
                value.map_or(v, book_words)
            ),
        }
    }

    /// One line, in plain words, for event `i` ("" out of range).
    pub(crate) fn event_narration(&self, i: usize) -> String {
        let Some(e) = self.events.get(i) else { return String::new() };
        let l = self.links[i];
        let n = l.node;
        let name = || self.node_name(n);
        let np = self.num_players;
        match *e {
            Event::SearchStart { depth } => {
                let limit = if depth == u32::MAX {
                    "no depth limit".to_string()
                } else {
                    format!("depth limit {depth}")
                };
                if l.aux == 0 || l.aux == NONE {
                    format!("Start the search ({limit})")
                } else {
                    // Without a depth limit not a deeper iteration: the same search with a
                    // new window (the exact solver's null-window passes).
                    let what = if depth == u32::MAX { "Pass" } else { "Iteration" };
                    format!("{what} {}: search again, {limit}", l.aux + 1)
                }
            }
            Event::Enter { alpha, beta, .. } => {
                let nd = self.node(n);
                let two_player = nd.is_some_and(|nd| matches!(nd.kind, NodeKind::Max | NodeKind::Min));
                let mut s = format!("Enter {}", name());
                if let Some(p) = nd.and_then(|nd| nd.prob) {
                    s += &format!(" (P = {})", fmt_value(p));
                }
                if let Some(x) = nd.map(|nd| nd.extended).filter(|&x| crate::EXTENSIONS && x > 0) {
                    s += &format!(
                        " again, {x} {} deeper (singular extension),",
                        plural(x as usize, "ply", "plies")
                    );
                }
                if self.windowed() && two_player {
                    s += &format!(" with α = {}, β = {}", fmt_value(alpha), fmt_value(beta));
                }
                s
            }
            Event::Leaf { .. } | Event::LeafUtilities { .. } => self.leaf_words(n, e),
            Event::TtHit { value, bound } => {
                let (a, b) =
                    self.node(n).map_or((f64::NEG_INFINITY, f64::INFINITY), |nd| (nd.alpha, nd.beta));
                let v = fmt_value(value);
                let what = match bound {
                    Bound::Exact => format!("exact value {v}"),
                    Bound::Lower => format!("value ≥ {v}, and {v} ≥ β = {}", fmt_value(b)),
                    Bound::Upper => format!("value ≤ {v}, and {v} ≤ α = {}", fmt_value(a)),
                };
                format!("TT hit at {}: {what}, so it is not searched again", self.label(n))
            }
            Event::Backup { value, prob, v, alpha, beta, .. } => {
                let child = if l.aux == NONE { "a child".to_string() } else { self.label(l.aux) };
                let kind = self.node(n).map(|nd| nd.kind);
                if kind == Some(NodeKind::Chance) {
                    return format!(
                        "{}: {child} returns {} with P = {}, weighted sum = {}",
                        capitalise(&name()),
                        fmt_value(value),
                        fmt_value(prob),
                        fmt_value(v)
                    );
                }
                // A child whose value is a bound returns it as one: "C returns ≤ 2".
                let cb = self.node(l.aux).map_or(Some(Bound::Exact), |c| c.bound);
                let returned = super::bound_text(&fmt_value(value), cb);
                let mut s = format!("{}: {child} returns {returned}, v = {}", name(), fmt_value(v));
                if self.windowed() {
                    let (pa, pb) = self
                        .events
                        .get(l.prev_win as usize)
                        .and_then(event_window)
                        .unwrap_or((f64::NEG_INFINITY, f64::INFINITY));
                    // A cutoff next at this node: MAX-VALUE / MIN-VALUE test v against the
                    // other bound and return before their α ← max(α, v) / β ← min(β, v).
                    let cut_next = matches!(self.events.get(i + 1), Some(Event::Cutoff { .. }))
                        && self.links.get(i + 1).is_some_and(|x| x.node == n);
                    let returns_first = |who: &str, bound: &str, kept: f64| {
                        format!(
                            ", and {bound} stays {}: {}, so {who} returns before it would update {bound}",
                            fmt_value(kept),
                            self.cutoff_test(kind, v, alpha, beta)
                        )
                    };
                    match kind {
                        Some(NodeKind::Max) if alpha != pa => s += &format!(", α ← {}", fmt_value(alpha)),
                        Some(NodeKind::Max) if cut_next => s += &returns_first("MAX", "α", alpha),
                        Some(NodeKind::Max) => s += &format!(" (α stays {})", fmt_value(alpha)),
                        Some(NodeKind::Min) if beta != pb => s += &format!(", β ← {}", fmt_value(beta)),
                        Some(NodeKind::Min) if cut_next => s += &returns_first("MIN", "β", beta),
                        Some(NodeKind::Min) => s += &format!(" (β stays {})", fmt_value(beta)),
                        _ => {}
                    }
                }
                s
            }
            Event::BackupUtilities { values, best, .. } => {
                let child = if l.aux == NONE { "a child".to_string() } else { self.label(l.aux) };
                let what = if self.node(n).is_some_and(|nd| nd.kind == NodeKind::Chance) {
                    "weighted sum"
                } else {
                    "best so far"
                };
                format!(
                    "{}: {child} returns {}, {what} {}",
                    capitalise(&name()),
                    fmt_vector(&values, np),
                    fmt_vector(&best, np)
                )
            }
            Event::Cutoff { v, alpha, beta, .. } => {
                let test = self.cutoff_test(self.node(n).map(|nd| nd.kind), v, alpha, beta);
                let named: Vec<String> = self
                    .pruned
                    .get(l.aux as usize..(l.aux as usize + l.aux_len as usize))
                    .unwrap_or(&[])
                    .iter()
                    .map(|p| p.label.clone())
                    .collect();
                let skipped = self.node(n).map_or(0, |nd| nd.pruned) as usize;
                let what = if skipped == 0 {
                    "no children left to prune".to_string()
                } else if named.is_empty() {
                    format!("prune the {skipped} remaining moves")
                } else if named.len() > NAMED_PRUNED {
                    let mut shown = named[..NAMED_PRUNED].to_vec();
                    shown.push(format!("{} more", named.len() - NAMED_PRUNED));
                    format!("prune {}", list(&shown))
                } else {
                    format!("prune {}", list(&named))
                };
                format!("{}: {test}, {what}", name())
            }
            Event::ChanceAverage { value } => {
                format!("{}: average = {}", capitalise(&name()), fmt_value(value))
            }
            Event::Exit { value } => {
                let v = fmt_value(value);
                let head = format!("{} returns {v}", capitalise(&name()));
                let (kind, sign, may) =
                    match self.node(n).map(|nd| nd.bound) {
                        Some(Some(Bound::Upper)) => ("an upper bound", "≤", "lower"),
                        Some(Some(Bound::Lower)) => ("a lower bound", "≥", "higher"),
                        Some(None) => return head
                            + ", neither exact nor a one-sided bound (its outcomes' bounds point both ways)",
                        _ => return head,
                    };
                format!("{head}, {kind}: {} {sign} {v} (its true value may be {may})", self.label(n))
            }
            Event::ExitUtilities { values } => {
                format!("{} returns {}", capitalise(&name()), fmt_vector(&values, np))
            }
            Event::SearchEnd { value, complete, .. } => {
                let r = self.results.get(l.aux as usize);
                if !complete {
                    let open = r.map_or(0, |r| r.abandoned.len());
                    let entered = self.nodes.partition_point(|nd| (nd.enter_event as usize) < i);
                    let known = r.map_or_else(
                        || "nothing is known of the root's value".to_string(),
                        |r| self.known_of_incomplete(r),
                    );
                    return format!(
                        "Search stopped by the node budget ({entered} {} entered so far; {open} open {} abandoned): {known}",
                        plural(entered, "node", "nodes"),
                        plural(open, "node", "nodes")
                    );
                }
                let worth = match r.and_then(|r| r.utilities) {
                    Some(u) => fmt_vector(&u, np),
                    None => fmt_value(value),
                };
                let root = r.and_then(|r| r.root).and_then(|x| self.node(x));
                // A root left with a bound (a window that tests one question, as the exact
                // solver's null windows do): the bound.
                if let Some(nd) = root.filter(|nd| matches!(nd.bound, Some(Bound::Upper | Bound::Lower))) {
                    let most = nd.bound == Some(Bound::Upper);
                    return format!(
                        "Search done: the root is worth {} {worth} (a bound: its window α = {}, β = {} tests no more)",
                        if most { "at most" } else { "at least" },
                        fmt_value(nd.alpha),
                        fmt_value(nd.beta)
                    );
                }
                match self.best_words(l.aux as usize) {
                    Some(b) => format!("Search done: the root is worth {worth}, best move {b}"),
                    None if root.is_some_and(|nd| nd.num_actions > 0) => {
                        format!("Search done: the root is worth {worth}")
                    }
                    None => format!("Search done: the root is worth {worth} (no move to make)"),
                }
            }
            Event::ForwardPrune { eval, width, .. } if crate::EXTENSIONS => {
                let p = self.pruned.get(l.aux as usize);
                let child = p.map_or_else(|| "a child".to_string(), |p| p.label.clone());
                format!(
                    "{}: beam search keeps only the {width} best-looking {} by EVAL; {child} (EVAL {}) is pruned forward: never searched, it may hide the best move",
                    capitalise(&name()),
                    plural(width as usize, "move", "moves"),
                    fmt_value(eval)
                )
            }
            Event::Extend { value, gap, margin, extra, .. } if crate::EXTENSIONS => {
                let mv = self
                    .node(n)
                    .and_then(|nd| {
                        nd.children.iter().find(|&&c| self.node(c).and_then(|c| c.index) == Some(l.aux))
                    })
                    .and_then(|&c| self.node(c))
                    .map_or_else(|| "a move".to_string(), |c| c.via_name.clone());
                format!(
                    "{}: {mv} (worth {}) is better than its siblings by {} ≥ {}: searched {extra} {} deeper (singular extension)",
                    capitalise(&name()),
                    fmt_value(value),
                    fmt_value(gap),
                    fmt_value(margin),
                    plural(extra as usize, "ply", "plies")
                )
            }
            _ => String::new(),
        }
    }

    /// The test a cutoff passed, as the search's tie rule states it: "v = 2 ≤ α = 3" (the
    /// lessons' rule) or "v = 1 < α = 3" (strict); "v = 9 ≥ β = 5" / "v = 9 > β = 5" at MAX.
    pub(crate) fn cutoff_test(&self, kind: Option<NodeKind>, v: f64, alpha: f64, beta: f64) -> String {
        let strict = self.tie_rule == TieRule::Strict;
        match kind {
            Some(NodeKind::Min) => {
                format!("v = {} {} α = {}", fmt_value(v), if strict { "<" } else { "≤" }, fmt_value(alpha))
            }
            _ => format!("v = {} {} β = {}", fmt_value(v), if strict { ">" } else { "≥" }, fmt_value(beta)),
        }
    }

    /// The pseudocode line step `i` executes (see [`pseudocode_line`]): a leaf's step, the
    /// TERMINAL-TEST/UTILITY line (the header for a TT hit).
    pub fn pseudocode_line(&self, i: usize) -> Option<(Procedure, u32)> {
        self.event_pseudocode_line(self.step_event(i)?)
    }

    /// The pseudocode line event `i` executes.
    pub(crate) fn event_pseudocode_line(&self, i: usize) -> Option<(Procedure, u32)> {
        let e = self.events.get(i)?;
        let kind = self.event_node(i).and_then(|n| self.node(n)).map(|nd| nd.kind);
        let prev = i.checked_sub(1).and_then(|j| self.events.get(j));
        pseudocode_line(self.flavour, kind, e, prev, self.events.get(i + 1))
    }
}
