//! A recorded search as a game-free record: numbers and names, written by the module that
//! knows the game ([`Trace::figure_record`]) and read back by the one that places the figure
//! ([`Trace::from_record`]), which steps the rebuilt `Trace<u32>` (an action is its natural
//! index) exactly as the original: the same events, links, steps, nodes, pruned edges and
//! results as far as the figure, its stepping and its placement use them.
//!
//! Layout (all `f64`; −1 for "none", +∞ for "no depth limit"):
//!
//! - header, [`HEADER`] numbers: the layout's version ([`VERSION`]), players, board columns
//!   and rows (0: no board), truncated (1/0), the node cap, then the counts N (nodes), E
//!   (events), P (pruned edges), R (search results);
//! - N nodes × 4: parent, natural index, bound (0 exact, 1 lower, 2 upper), probability
//!   (NaN: none);
//! - E events × 8: [`encode_event`](super::encode_event)'s record (an action as its natural
//!   index);
//! - P pruned edges × 4: parent, natural index, the event that pruned it, forward (1/0);
//! - R results, each 8 + k: value, best index, best child, root, complete (1/0), depth limit,
//!   the SearchEnd event, k, then the k abandoned nodes.
//!
//! Names: the N nodes' move names (`via_name`), then the P pruned edges' names.
//!
//! Everything is checked on the way in (ids in range, parents before children, every node
//! entered by its own Enter event in order, pruned edges in event order and at a cutoff of
//! their parent, …): a bad record is an error naming the index, never a panic, and never a
//! trace that a [`StepState`](super::StepState) would step into a panic.

use super::{
    detect_flavour, event_value, event_window, PrunedEdge, StepLink, Trace, TraceNode, TraceResult, NONE,
};
use crate::event::{Bound, Event, LeafKind, NodeKind};
use crate::search::TieRule;

/// The record layout's version (slot 0 of the header).
pub const VERSION: f64 = 1.0;
/// Numbers before the nodes.
pub const HEADER: usize = 10;

fn opt(n: Option<u32>) -> f64 {
    n.map_or(-1.0, f64::from)
}

fn id(n: u32) -> f64 {
    if n == NONE {
        -1.0
    } else {
        f64::from(n)
    }
}

impl<A: Copy> Trace<A> {
    /// The game-free record of the trace (see the module doc), with the board's `cols` ×
    /// `rows` (0 × 0: none).
    pub fn figure_record(&self, cols: u32, rows: u32) -> (Vec<f64>, Vec<String>) {
        let mut out = vec![
            VERSION,
            self.num_players as f64,
            f64::from(cols),
            f64::from(rows),
            f64::from(u8::from(self.truncated)),
            self.node_cap as f64,
            self.nodes.len() as f64,
            self.events.len() as f64,
            self.pruned.len() as f64,
            self.results.len() as f64,
        ];
        let mut names = Vec::with_capacity(self.nodes.len() + self.pruned.len());
        for n in &self.nodes {
            let b = n.bound.map_or(-1.0, |b| b as u8 as f64);
            out.extend([opt(n.parent), opt(n.index), b, n.prob.unwrap_or(f64::NAN)]);
            names.push(n.via_name.clone());
        }
        for i in 0..self.events.len() {
            out.extend(self.encode_event_at(i).unwrap_or_default());
        }
        for p in &self.pruned {
            out.extend([
                f64::from(p.parent),
                f64::from(p.index),
                f64::from(p.event),
                f64::from(u8::from(p.forward)),
            ]);
            names.push(p.name.clone());
        }
        for r in &self.results {
            let depth = if r.depth == u32::MAX { f64::INFINITY } else { f64::from(r.depth) };
            out.extend([
                r.value,
                opt(r.best_index),
                opt(r.best_child),
                opt(r.root),
                f64::from(u8::from(r.complete)),
                depth,
                opt(r.event),
                r.abandoned.len() as f64,
            ]);
            out.extend(r.abandoned.iter().map(|&a| id(a)));
        }
        (out, names)
    }
}

/// A record read back: the trace and the board's columns and rows (0 when none).
pub struct Record {
    /// The rebuilt trace (an action is its natural index).
    pub trace: Trace<u32>,
    /// The board's columns.
    pub cols: u32,
    /// The board's rows.
    pub rows: u32,
}

/// Reads numbers of a record in order, each checked.
struct Reader<'a> {
    x: &'a [f64],
    at: usize,
}

impl Reader<'_> {
    fn num(&mut self) -> Result<f64, String> {
        let v = self.x.get(self.at).copied().ok_or_else(|| format!("the record ends at {}", self.at))?;
        self.at += 1;
        Ok(v)
    }

    /// An integer in `lo ..= hi`.
    fn int(&mut self, what: &str, lo: f64, hi: f64) -> Result<i64, String> {
        let v = self.num()?;
        if v.fract() != 0.0 || !(lo..=hi).contains(&v) {
            // (No float formatting of std's: the module carries the core's own.)
            let (v, lo, hi) = (super::fmt_value(v), lo as i64, hi as i64);
            return Err(format!("{what} at index {} is {v}, not an integer from {lo} to {hi}", self.at - 1));
        }
        Ok(v as i64)
    }

    /// An id below `n`, or None for −1.
    fn id(&mut self, what: &str, n: usize) -> Result<Option<u32>, String> {
        let v = self.int(what, -1.0, n as f64 - 1.0)?;
        Ok((v >= 0).then_some(v as u32))
    }

    fn flag(&mut self, what: &str) -> Result<bool, String> {
        Ok(self.int(what, 0.0, 1.0)? == 1)
    }

    fn err(&self, what: &str) -> String {
        format!("{what} at index {}", self.at.saturating_sub(1))
    }
}

const U32: f64 = u32::MAX as f64 - 1.0;

fn kind_of(c: i64) -> NodeKind {
    match c {
        0 => NodeKind::Max,
        1 => NodeKind::Min,
        2 => NodeKind::Chance,
        p => NodeKind::Player((p.clamp(3, 18) - 3) as u8),
    }
}

fn leaf_of(c: i64) -> LeafKind {
    match c {
        0 => LeafKind::Terminal,
        1 => LeafKind::Cutoff,
        2 => LeafKind::Quiet,
        3 => LeafKind::Proven,
        _ => LeafKind::Book,
    }
}

fn bound_of(c: i64) -> Bound {
    match c {
        0 => Bound::Exact,
        1 => Bound::Lower,
        _ => Bound::Upper,
    }
}

impl Trace<u32> {
    /// The trace of a record written by [`Trace::figure_record`] (see the module doc), or
    /// what is wrong with it, with the index of the number at fault.
    pub fn from_record(numbers: &[f64], names: Vec<String>) -> Result<Record, String> {
        let mut r = Reader { x: numbers, at: 0 };
        if r.num()? != VERSION {
            return Err("index 0 is not the record layout's version 1".into());
        }
        let players = r.int("the number of players", 1.0, 4.0)? as usize;
        let cols = r.int("the board's columns", 0.0, 16.0)? as u32;
        let rows = r.int("the board's rows", 0.0, 16.0)? as u32;
        let truncated = r.flag("truncated")?;
        let node_cap = r.int("the node cap", 0.0, U32)? as usize;
        let len = numbers.len() as f64;
        let n = r.int("the number of nodes", 0.0, len)? as usize;
        let e = r.int("the number of events", 0.0, len)? as usize;
        let p = r.int("the number of pruned edges", 0.0, len)? as usize;
        let nr = r.int("the number of searches", 0.0, len)? as usize;
        let need = (HEADER + 4 * n) as u64 + 8 * e as u64 + 4 * p as u64 + 8 * nr as u64;
        if (numbers.len() as u64) < need {
            return Err(format!("the record has {} numbers, too few for its counts", numbers.len()));
        }
        if names.len() != n + p {
            return Err(format!("{} names for {n} nodes and {p} pruned edges", names.len()));
        }
        let mut names = names.into_iter();
        let mut t = Trace::<u32> {
            nodes: Vec::with_capacity(n),
            events: Vec::with_capacity(e),
            links: Vec::with_capacity(e),
            starts: Vec::new(),
            pruned: Vec::with_capacity(p),
            results: Vec::with_capacity(nr),
            truncated,
            node_cap,
            num_players: players,
            flavour: super::Flavour::Minimax,
            tie_rule: TieRule::default(),
            move_words: Vec::new(),
        };
        for i in 0..n {
            let parent = r.id("a parent", i)?;
            let index = r.int("a natural index", -1.0, U32)?;
            let index = (index >= 0).then_some(index as u32);
            if parent.is_none() && index.is_some() {
                return Err(r.err("a root with a natural index"));
            }
            let bound = r.int("a bound", -1.0, 2.0)?;
            let prob = r.num()?;
            let prob = (!prob.is_nan()).then_some(prob);
            let depth = parent.map_or(0, |q| t.nodes[q as usize].depth + 1);
            if let Some(q) = parent {
                t.nodes[q as usize].children.push(i as u32);
            }
            t.nodes.push(TraceNode {
                parent,
                via: index,
                via_name: names.next().unwrap_or_default(),
                index,
                prob,
                depth,
                kind: NodeKind::Max,
                label: String::new(),
                num_actions: 0,
                children: Vec::new(),
                alpha: f64::NEG_INFINITY,
                beta: f64::INFINITY,
                value: None,
                leaf: None,
                tt: None,
                bound: (bound >= 0).then(|| bound_of(bound)),
                pruned: 0,
                forward_pruned: 0,
                extended: 0,
                enter_event: NONE,
                exit_event: None,
                iteration: 0,
            });
        }
        let events_at = r.at;
        // The pruned edges first (a cutoff's link names its edges).
        r.at = events_at + 8 * e;
        for _ in 0..p {
            let parent =
                r.id("a pruned edge's parent", n)?.ok_or_else(|| r.err("a pruned edge without a parent"))?;
            let index = r.int("a pruned edge's index", 0.0, U32)? as u32;
            let event = r.int("a pruned edge's event", 0.0, e as f64 - 1.0)? as u32;
            if t.pruned.last().is_some_and(|q: &PrunedEdge<u32>| q.event > event) {
                return Err(r.err("a pruned edge out of event order"));
            }
            let forward = r.flag("forward")?;
            t.pruned.push(PrunedEdge {
                parent,
                index,
                action: index,
                name: names.next().unwrap_or_default(),
                label: String::new(),
                event,
                forward,
            });
        }
        for _ in 0..nr {
            let value = r.num()?;
            let best_index = r.int("a best index", -1.0, U32)?;
            let best_child = r.id("a best child", n)?;
            let root = r.id("a search's root", n)?;
            let complete = r.flag("complete")?;
            let depth = r.num()?;
            let depth = if depth == f64::INFINITY {
                u32::MAX
            } else {
                r.at -= 1;
                r.int("a depth limit", 0.0, U32)? as u32
            };
            let event = r.id("a SearchEnd event", e)?;
            let k = r.int("the number of abandoned nodes", 0.0, n as f64)? as usize;
            let mut abandoned = Vec::with_capacity(k);
            for _ in 0..k {
                abandoned
                    .push(r.id("an abandoned node", n)?.ok_or_else(|| r.err("an abandoned node of −1"))?);
            }
            let best_index = (best_index >= 0).then_some(best_index as u32);
            t.results.push(TraceResult {
                value,
                best: best_index,
                best_name: None,
                best_index,
                best_child,
                root,
                utilities: None,
                complete,
                depth,
                abandoned,
                event,
            });
        }
        if r.at != numbers.len() {
            return Err(format!("{} numbers after the record's end at {}", numbers.len() - r.at, r.at));
        }
        // The events, their links derived as the recorder writes them.
        r.at = events_at;
        let (mut last_val, mut last_win) = (vec![NONE; n], vec![NONE; n]);
        let (mut entered, mut searches, mut ends, mut next_pruned) = (0usize, 0u32, 0usize, 0usize);
        for i in 0..e {
            let code = r.int("an event code", 0.0, 18.0)?;
            let node = r.id("an event's node", n)?;
            let mut s = [0.0; 6];
            for x in &mut s {
                *x = r.num()?;
            }
            // (Fields read as integers are cast, saturating: a wrong one is a wrong picture,
            // never a panic.)
            let ai = |x: f64| (x >= 0.0).then_some(x as u32);
            let bad = |what: &str| Err(format!("{what} in event {i} at index {}", events_at + 8 * i));
            let u = |x: f64| x as u32;
            let ev = match code {
                0 => Event::SearchStart { depth: u(s[0]) },
                1 => Event::Enter { via: ai(s[0]), kind: kind_of(s[1] as i64), alpha: s[2], beta: s[3] },
                2 => Event::Leaf { value: s[0], kind: leaf_of(s[1] as i64) },
                3 => Event::LeafUtilities { values: [s[0], s[1], s[2], s[3]], kind: leaf_of(s[4] as i64) },
                4 => Event::TtHit { value: s[0], bound: bound_of(s[1] as i64) },
                5 => Event::Backup {
                    child: u(s[0]),
                    value: s[1],
                    prob: s[2],
                    v: s[3],
                    alpha: s[4],
                    beta: s[5],
                },
                6 => {
                    let best = [s[1], s[2], s[3], s[4]];
                    Event::BackupUtilities { child: u(s[0]), values: best, best }
                }
                7 => {
                    Event::Cutoff { v: s[0], alpha: s[1], beta: s[2], first_skipped: u(s[3]), total: u(s[4]) }
                }
                8 => Event::ChanceAverage { value: s[0] },
                9 => Event::Exit { value: s[0] },
                10 => Event::ExitUtilities { values: [s[0], s[1], s[2], s[3]] },
                11 => Event::SearchEnd { value: s[0], best: ai(s[1]), complete: s[2] == 1.0 },
                17 if crate::EXTENSIONS => {
                    Event::ForwardPrune { action: u(s[0]), eval: s[1], width: u(s[2]) }
                }
                18 if crate::EXTENSIONS => {
                    Event::Extend { action: u(s[0]), value: s[1], gap: s[2], margin: s[3], extra: u(s[4]) }
                }
                _ => return bad("an event this record cannot hold"),
            };
            // The recorder's links: the node, what the event overwrote, and its aux.
            let mut link = StepLink {
                node: node.unwrap_or(NONE),
                prev_val: NONE,
                prev_win: NONE,
                aux: NONE,
                aux_len: 0,
            };
            match ev {
                Event::SearchStart { .. } | Event::SearchEnd { .. } if node.is_some() => {
                    return bad("a search's start or end with a node");
                }
                Event::SearchStart { .. } => {
                    link.aux = searches;
                    searches += 1;
                }
                Event::SearchEnd { .. } => {
                    if t.results.get(ends).is_none_or(|x| x.event != Some(i as u32)) {
                        return bad("a SearchEnd that no search result names");
                    }
                    link.aux = ends as u32;
                    ends += 1;
                }
                Event::Enter { kind, alpha, beta, .. } => {
                    if node != Some(entered as u32) {
                        return bad("a node entered out of order");
                    }
                    let nd = &mut t.nodes[entered];
                    (nd.kind, nd.alpha, nd.beta) = (kind, alpha, beta);
                    nd.enter_event = i as u32;
                    nd.iteration = searches.saturating_sub(1);
                    entered += 1;
                }
                _ if node.is_none() => {}
                _ if node.is_some_and(|x| x as usize >= entered) => {
                    return bad("an event at a node not yet entered")
                }
                Event::Cutoff { .. } | Event::ForwardPrune { .. } => {
                    link.aux = next_pruned as u32;
                    while t.pruned.get(next_pruned).is_some_and(|q| q.event == i as u32) {
                        if Some(t.pruned[next_pruned].parent) != node {
                            return bad("a pruned edge of another node");
                        }
                        next_pruned += 1;
                    }
                    link.aux_len = next_pruned as u32 - link.aux;
                    let nd = &mut t.nodes[link.node as usize];
                    if let Event::Cutoff { first_skipped, total, .. } = ev {
                        nd.pruned = total.saturating_sub(first_skipped);
                    } else {
                        nd.forward_pruned += link.aux_len;
                    }
                }
                Event::Extend { action, .. } => link.aux = if s[0] < 0.0 { NONE } else { action },
                Event::Backup { .. } | Event::BackupUtilities { .. } => {
                    // The child entered last (children are in id order).
                    let kids = &t.nodes[link.node as usize].children;
                    let k = kids.partition_point(|&c| (c as usize) < entered);
                    link.aux = k.checked_sub(1).map_or(NONE, |k| kids[k]);
                }
                Event::Leaf { kind, .. } | Event::LeafUtilities { kind, .. } => {
                    t.nodes[link.node as usize].leaf = Some(kind)
                }
                Event::TtHit { bound, .. } => t.nodes[link.node as usize].tt = Some(bound),
                Event::Exit { .. } | Event::ExitUtilities { .. } => {
                    let nd = &mut t.nodes[link.node as usize];
                    nd.value = event_value(&ev);
                    nd.exit_event = Some(i as u32);
                }
                _ => {}
            }
            if let Some(x) = node {
                let x = x as usize;
                if event_value(&ev).is_some() {
                    link.prev_val = last_val[x];
                    last_val[x] = i as u32;
                }
                if event_window(&ev).is_some() {
                    link.prev_win = last_win[x];
                    last_win[x] = i as u32;
                }
            }
            t.push_event(ev, link);
        }
        if entered != n {
            return Err(format!("{n} nodes, but {entered} entered by the events"));
        }
        if next_pruned != p {
            return Err(format!("pruned edge {next_pruned} is at no cutoff of its event"));
        }
        if t.results.iter().skip(ends).any(|x| x.event.is_some()) || ends > t.results.len() {
            return Err("a search result names a SearchEnd event that is not there".into());
        }
        t.flavour = detect_flavour(&t);
        Ok(Record { trace: t, cols, rows })
    }
}
