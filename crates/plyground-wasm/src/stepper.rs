//! `Stepper`: a recorded depth-first search (the real one: the core's search with a
//! `trace::Recorder` as its observer), stepped step by step in either direction (the core's
//! steps: a leaf's events are one step).

#[cfg(feature = "games")]
use crate::game::{with_history, GameHandle, Position};
use crate::options::{node_cap, Algo, Opts, Resolved};
use crate::search::{self, depth_js, is_exact, SearchStats, SearchValue};
use crate::skin::Skin;
#[cfg(feature = "trees")]
use crate::tree::GameTree;
use crate::util::{at, f64_array, group, int_in, js_err, number_arg, opt_number_arg, to_js};
use plyground::event::{Bound, LeafKind, NodeKind};
#[cfg(feature = "trees")]
use plyground::game::Game;
use plyground::game::Utilities;
use plyground::limits::MAX_SAFE_INTEGER;
use plyground::search::SearchResult;
#[cfg(feature = "trees")]
use plyground::trace::Target;
use plyground::trace::{EventKind, NodeValue, Procedure, Recorder, Trace};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// Per trace node: the figure's value's relation to what is known, and proven words.
#[derive(Serialize, tsify_next::Tsify)]
#[tsify(missing_as_null)]
struct ValueWords {
    relation: Vec<Option<&'static str>>,
    proven: Vec<Option<String>>,
}

/// One recorded search and the stepping position in it.
pub(crate) struct Stepping<G: Skin> {
    game: G,
    root: G::State,
    run: Run<G::Action>,
}

/// A recording and the stepping position in it, without its game: what the figure reads of
/// it is written by the methods of [`Run`], one copy for every game with the same kind of
/// action (tic-tac-toe and Connect-4 share theirs).
struct Run<A> {
    trace: Trace<A>,
    state: plyground::trace::StepState,
    result: SearchResult<A>,
    vector: Option<Utilities>,
    exact: bool,
    truncated: bool,
    note: Option<String>,
    procs: Vec<Procedure>,
    /// Numbers per node in `values`: 1, or the players of a max^n search.
    width: usize,
    cap: usize,
}

impl<G: Skin> Stepping<G> {
    fn record(game: G, root: G::State, mut o: Resolved, cap: usize, players: usize) -> Result<Self, String> {
        if o.algo == Algo::Mcts {
            return Err("MCTS is stepped phase by phase with an MctsStepper".into());
        }
        let user_budget = o.ab.node_budget;
        if o.algo == Algo::AlphaBeta {
            // The cap stops the search itself, not only the recording (see trace's docs).
            o.ab.node_budget = Some(user_budget.map_or(cap as u64, |b| b.min(cap as u64)));
        }
        let mut rec = Recorder::new(&game, root).with_node_cap(cap);
        let f = if o.algo == Algo::AlphaBeta {
            let r = game.record_alpha_beta(&root, &o, &mut rec);
            search::Found { r, vector: None, mcts_children: None }
        } else {
            search::run(&game, &root, &o, &mut rec)
        };
        let mut trace = rec.finish();
        // The narration states the cutoff test under the rule the search pruned by.
        trace.set_tie_rule(o.ab.tie);
        // The best move in the figure's words ("top", "column 4"), as Play says it.
        trace.set_move_words(&|b| game.move_words(&root, b));
        let cap_stopped =
            o.algo == Algo::AlphaBeta && !f.r.complete && user_budget.is_none_or(|b| b >= cap as u64);
        let truncated = trace.truncated() || cap_stopped;
        let note = if trace.truncated() {
            Some(format!(
                "trace truncated at {}: the search ran on to the end ({} in all), so its result is complete",
                nodes(cap as u64),
                nodes(f.r.stats.nodes)
            ))
        } else if cap_stopped {
            Some(format!(
                "trace truncated at {}: the search was stopped there (its node budget is the cap), so its result is incomplete",
                nodes(cap as u64)
            ))
        } else if !f.r.complete {
            Some(format!(
                "the node budget of {} stopped the search, so its result is incomplete",
                nodes(o.ab.node_budget.unwrap_or(0))
            ))
        } else {
            None
        };
        let width = if f.vector.is_some() { players.max(1) } else { 1 };
        let exact = is_exact(&o, &f.r);
        Ok(Stepping::assemble(game, root, trace, f.r, f.vector, exact, truncated, note, width, cap))
    }

    /// A stepper over a finished recording (any search that reported to a `Recorder`).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn assemble(
        game: G,
        root: G::State,
        trace: Trace<G::Action>,
        result: SearchResult<G::Action>,
        vector: Option<Utilities>,
        exact: bool,
        truncated: bool,
        note: Option<String>,
        width: usize,
        cap: usize,
    ) -> Self {
        let mut used = [false; Procedure::ALL.len()];
        for i in 0..trace.len() {
            if let Some((p, _)) = trace.pseudocode_line(i) {
                if let Some(k) = Procedure::ALL.iter().position(|&q| q == p) {
                    used[k] = true;
                }
            }
        }
        let procs = Procedure::ALL.iter().zip(used).filter(|(_, u)| *u).map(|(&p, _)| p).collect();
        let state = plyground::trace::StepState::new(&trace);
        let run = Run { trace, state, result, vector, exact, truncated, note, procs, width, cap };
        Stepping { game, root, run }
    }
}

/// "1 node", "20,000 nodes".
fn nodes(n: u64) -> String {
    format!("{} node{}", group(n), if n == 1 { "" } else { "s" })
}

fn kind_name(k: NodeKind) -> (&'static str, Option<u32>) {
    match k {
        NodeKind::Max => ("max", Some(0)),
        NodeKind::Min => ("min", Some(1)),
        NodeKind::Chance => ("chance", None),
        NodeKind::Player(p) => ("player", Some(p as u32)),
    }
}

fn leaf_name(k: LeafKind) -> &'static str {
    match k {
        LeafKind::Terminal => "terminal",
        LeafKind::Cutoff => "cutoff",
        LeafKind::Quiet => "quiet",
        LeafKind::Proven => "proven",
        LeafKind::Book => "book",
    }
}

fn bound_name(b: Bound) -> &'static str {
    match b {
        Bound::Exact => "exact",
        Bound::Lower => "lower",
        Bound::Upper => "upper",
    }
}

#[derive(Serialize, tsify_next::Tsify)]
#[tsify(missing_as_null)]
#[serde(rename_all = "camelCase")]
struct StepNodeInfo {
    id: u32,
    parent: i32,
    /// Natural index of the action into it in ACTIONS(parent); null at a root.
    index: Option<u32>,
    label: String,
    /// The action's name ('' at a root).
    edge: String,
    #[tsify(type = "'max' | 'min' | 'chance' | 'player'")]
    kind: &'static str,
    player: Option<u32>,
    depth: u32,
    num_actions: u32,
    prob: Option<f64>,
    /// The value backed up (final); a vector for max^n; null if never left.
    value: Option<SearchValue>,
    #[tsify(type = "'terminal' | 'cutoff' | 'quiet' | 'proven' | 'book' | null")]
    leaf: Option<&'static str>,
    /// Why the node is a leaf, in the figure's words ("depth cutoff: EVAL"); null for a terminal
    /// and for inner nodes.
    leaf_words: Option<&'static str>,
    #[tsify(type = "'exact' | 'lower' | 'upper' | null")]
    tt: Option<&'static str>,
    /// What the final value is: exact, an upper bound (≤) or a lower bound (≥); null without a
    /// value or when no one-sided bound can be stated.
    #[tsify(type = "'exact' | 'upper' | 'lower' | null")]
    bound: Option<&'static str>,
    /// Children pruned here by an α-β cutoff.
    pruned: u32,
    /// Children beam search dropped here before searching any (forward pruning).
    #[cfg(feature = "trees")]
    forward_pruned: u32,
    /// Plies a singular extension searched this node deeper than its depth limit (0: none).
    #[cfg(feature = "trees")]
    extended: u32,
    /// Iterative-deepening iteration (from 0).
    iteration: u32,
    /// The step that enters the node (seek to it: just before; one further: entered).
    enter_step: u32,
    /// The step that leaves it (a leaf's is its one step).
    exit_step: Option<u32>,
}

#[derive(Serialize, tsify_next::Tsify)]
#[tsify(missing_as_null)]
struct PseudocodeLine {
    procedure: u32,
    name: &'static str,
    line: u32,
}

#[derive(Serialize, tsify_next::Tsify)]
#[tsify(missing_as_null)]
struct OpenNode {
    node: u32,
    alpha: f64,
    beta: f64,
    v: Option<SearchValue>,
}

#[derive(Serialize, tsify_next::Tsify)]
#[tsify(missing_as_null)]
struct PrunedEdgeInfo {
    /// The node whose child was pruned.
    parent: u32,
    /// The pruned action's natural index in ACTIONS(parent).
    index: u32,
    /// The action's name.
    name: String,
    /// The label the child would have had.
    label: String,
    /// The step that prunes it (the cutoff's).
    step: u32,
    /// Dropped by beam search (never searched; may hide the best move), not by a cutoff.
    #[cfg(feature = "trees")]
    forward: bool,
}

#[derive(Serialize, tsify_next::Tsify)]
#[tsify(missing_as_null)]
#[serde(rename_all = "camelCase")]
struct StepCounters {
    nodes: f64,
    leaves: f64,
    cutoffs: f64,
    tt_hits: f64,
    searches: f64,
}

#[derive(Serialize, tsify_next::Tsify)]
#[tsify(missing_as_null)]
#[serde(rename_all = "camelCase")]
struct StepState {
    index: f64,
    /// The node the last step concerned (a leaf's step: the leaf).
    current: Option<u32>,
    /// The last step's kind ('Enter', 'Cutoff', …; a leaf's step is 'Leaf', 'LeafUtilities' or
    /// 'TtHit').
    event: Option<&'static str>,
    narration: String,
    /// `procedure` indexes Stepper.pseudocode(); `line` counts from 1.
    pseudocode: Option<PseudocodeLine>,
    /// Open nodes, root first, with their window and running value.
    open: Vec<OpenNode>,
    /// `width` numbers per node id; NaN = unknown yet.
    #[tsify(type = "Float64Array")]
    values: crate::write::Preserve,
    /// Per node id, what its value is by now: 0 not final yet, 1 exact, 2 upper bound (≤), 3 lower
    /// bound (≥), 4 final without a one-sided bound.
    #[tsify(type = "Uint8Array")]
    bounds: crate::write::Preserve,
    /// How many of Stepper.pruned() are pruned by now.
    pruned_count: f64,
    counters: StepCounters,
}

#[derive(Serialize, tsify_next::Tsify)]
#[tsify(missing_as_null)]
#[serde(rename_all = "camelCase")]
struct StepResult {
    value: SearchValue,
    best: Option<f64>,
    best_index: Option<f64>,
    best_child: Option<u32>,
    best_name: Option<String>,
    complete: bool,
    exact: bool,
    depth: Option<f64>,
    stats: SearchStats,
}

/// One entry of the event list: a step in a few words, and "cutoff", "return" or "".
#[cfg(feature = "trees")]
#[derive(Serialize, tsify_next::Tsify)]
#[tsify(missing_as_null)]
struct StepListEntry {
    words: String,
    #[tsify(type = "'cutoff' | 'return' | ''")]
    mark: &'static str,
}

#[derive(Serialize, tsify_next::Tsify)]
#[tsify(missing_as_null)]
struct PseudocodeProcedure {
    name: &'static str,
    lines: Vec<&'static str>,
}

/// What the `Stepper` class calls, whatever the game.
trait Steps {
    fn len(&self) -> usize;
    fn event_count(&self) -> usize;
    fn index(&self) -> usize;
    fn truncated(&self) -> bool;
    fn note(&self) -> Option<String>;
    fn cap(&self) -> usize;
    fn width(&self) -> usize;
    fn node_count(&self) -> usize;
    fn forward(&mut self, n: u64) -> usize;
    fn backward(&mut self, n: u64) -> usize;
    fn seek(&mut self, i: usize);
    fn nodes(&self) -> Result<JsValue, JsError>;
    fn state(&self) -> Result<JsValue, JsError>;
    #[cfg(feature = "full")]
    fn events(&self, from: usize, to: usize) -> Vec<f64>;
    fn narration(&self, i: usize) -> String;
    // Navigation by event: in the tree module only (the games module is at its size budget).
    #[cfg(feature = "trees")]
    fn seek_target(&self, target: Target) -> Option<usize>;
    #[cfg(feature = "trees")]
    fn step_list(&self, from: usize, to: usize) -> Result<JsValue, JsError>;
    #[cfg(feature = "trees")]
    fn prompt(&self, i: usize) -> String;
    fn result(&self) -> Result<JsValue, JsError>;
    #[cfg(feature = "lab")]
    fn caption(&self) -> String;
    fn result_line(&self) -> String;
    fn value_words(&self) -> Result<JsValue, JsError>;
    fn minimax_values(&self) -> Result<Vec<f64>, String>;
    fn pseudocode(&self) -> Result<JsValue, JsError>;
    fn pruned(&self) -> Result<JsValue, JsError>;
    fn board(&self, node: u32) -> Option<String>;
    #[cfg(feature = "games")]
    fn figure_record(&self) -> Option<(Vec<f64>, Vec<String>)>;
}

impl<A: Copy> Run<A> {
    fn value_out(&self, v: NodeValue) -> SearchValue {
        match v {
            NodeValue::Scalar(x) => SearchValue::Scalar(x),
            NodeValue::Vector(u) => SearchValue::Vector(u[..self.width.min(u.len())].to_vec()),
        }
    }

    fn forward(&mut self, n: u64) -> usize {
        let mut k = 0;
        while (k as u64) < n && self.state.forward(&self.trace) {
            k += 1;
        }
        self.state.index()
    }

    fn backward(&mut self, n: u64) -> usize {
        let mut k = 0;
        while (k as u64) < n && self.state.backward(&self.trace) {
            k += 1;
        }
        self.state.index()
    }

    fn nodes(&self) -> Result<JsValue, JsError> {
        let out: Vec<StepNodeInfo> = self
            .trace
            .nodes()
            .iter()
            .enumerate()
            .map(|(id, n)| {
                let (kind, player) = kind_name(n.kind);
                StepNodeInfo {
                    id: id as u32,
                    parent: n.parent.map_or(-1, |p| p as i32),
                    index: n.index,
                    label: n.label.clone(),
                    edge: n.via_name.clone(),
                    kind,
                    player,
                    depth: n.depth,
                    num_actions: n.num_actions,
                    prob: n.prob,
                    value: n.value.map(|v| self.value_out(v)),
                    leaf: n.leaf.map(leaf_name),
                    leaf_words: n.leaf.and_then(LeafKind::why),
                    tt: n.tt.map(bound_name),
                    bound: n.bound.map(bound_name),
                    pruned: n.pruned,
                    #[cfg(feature = "trees")]
                    forward_pruned: n.forward_pruned,
                    #[cfg(feature = "trees")]
                    extended: n.extended,
                    iteration: n.iteration,
                    enter_step: self.trace.step_of_event(n.enter_event as usize) as u32,
                    exit_step: n.exit_event.map(|e| self.trace.step_of_event(e as usize) as u32),
                }
            })
            .collect();
        to_js(&out)
    }

    fn state(&self) -> Result<JsValue, JsError> {
        let st = &self.state;
        let last = st.index().checked_sub(1);
        let w = self.width;
        let mut values = vec![f64::NAN; st.values().len() * w];
        for (i, v) in st.values().iter().enumerate() {
            match v {
                Some(NodeValue::Scalar(x)) => values[i * w] = *x,
                Some(NodeValue::Vector(u)) => {
                    for (k, x) in u.iter().take(w).enumerate() {
                        values[i * w + k] = *x;
                    }
                }
                None => {}
            }
        }
        // What each node's value is by this step: 0 none final yet (unvisited, open, or no
        // value), 1 exact, 2 upper bound (≤), 3 lower bound (≥), 4 no bound can be stated.
        let bounds: Vec<u8> = self
            .trace
            .nodes()
            .iter()
            .map(|n| match n.exit_event {
                Some(e) if (e as usize) < st.events_applied() && n.value.is_some() => match n.bound {
                    Some(Bound::Exact) => 1,
                    Some(Bound::Upper) => 2,
                    Some(Bound::Lower) => 3,
                    None => 4,
                },
                _ => 0,
            })
            .collect();
        let c = st.counters();
        let out = StepState {
            index: st.index() as f64,
            current: st.current(),
            event: last.and_then(|i| self.trace.step_kind(i)).map(EventKind::name),
            narration: last.map(|i| self.trace.narration(i)).unwrap_or_default(),
            pseudocode: last.and_then(|i| self.trace.pseudocode_line(i)).map(|(p, line)| PseudocodeLine {
                procedure: self.procs.iter().position(|&q| q == p).unwrap_or(0) as u32,
                name: p.name(),
                line,
            }),
            open: st
                .open_windows()
                .into_iter()
                .map(|(node, alpha, beta)| OpenNode {
                    node,
                    alpha,
                    beta,
                    v: st.value(node).map(|v| self.value_out(v)),
                })
                .collect(),
            values: f64_array(&values),
            bounds: crate::write::Preserve(js_sys::Uint8Array::from(&bounds[..]).into()),
            pruned_count: st.pruned_count() as f64,
            counters: StepCounters {
                nodes: c.nodes as f64,
                leaves: c.leaves as f64,
                cutoffs: c.cutoffs as f64,
                tt_hits: c.tt_hits as f64,
                searches: c.searches as f64,
            },
        };
        to_js(&out)
    }

    #[cfg(feature = "full")]
    fn events(&self, from: usize, to: usize) -> Vec<f64> {
        let mut out = Vec::with_capacity((to - from) * 8);
        for i in from..to {
            out.extend_from_slice(&self.trace.encode_event_at(i).unwrap_or([0.0; 8]));
        }
        out
    }

    #[cfg(feature = "trees")]
    fn step_list(&self, from: usize, to: usize) -> Result<JsValue, JsError> {
        let out: Vec<StepListEntry> = (from..to)
            .map(|i| StepListEntry { words: self.trace.step_words(i), mark: self.trace.step_mark(i).name() })
            .collect();
        to_js(&out)
    }

    fn value_words(&self) -> Result<JsValue, JsError> {
        // What the figure's value of each finished node is (=, ≤, ≥ from the leaves the
        // search evaluated, EVAL counted as exact like the figure does), and a proven win or
        // loss where a depth-limited search found one.
        let game = self.trace.known(false);
        let nodes = self.trace.nodes();
        let depth_limited = self.trace.result().is_some_and(|r| r.depth != u32::MAX);
        // The kind the recorder gave each value when the node was left (trace::bounds).
        let relation = nodes
            .iter()
            .map(|n| n.value.and_then(NodeValue::scalar).map(|_| plyground::trace::bound_sign(n.bound)))
            .collect();
        let proven = (0..nodes.len() as u32)
            .map(|id| {
                let p = self.trace.proven(id, &game).filter(|_| depth_limited)?;
                let side = match nodes[id as usize].kind {
                    NodeKind::Max => "MAX",
                    _ => "MIN",
                };
                Some(format!("{side} {}", p.words()))
            })
            .collect();
        to_js(&ValueWords { relation, proven })
    }

    fn pseudocode(&self) -> Result<JsValue, JsError> {
        let out: Vec<PseudocodeProcedure> = self
            .procs
            .iter()
            .map(|p| PseudocodeProcedure { name: p.name(), lines: p.text().lines().collect() })
            .collect();
        to_js(&out)
    }

    fn pruned(&self) -> Result<JsValue, JsError> {
        let out: Vec<PrunedEdgeInfo> = self
            .trace
            .pruned()
            .iter()
            .map(|p| PrunedEdgeInfo {
                parent: p.parent,
                index: p.index,
                name: p.name.clone(),
                label: p.label.clone(),
                step: self.trace.step_of_event(p.event as usize) as u32,
                #[cfg(feature = "trees")]
                forward: p.forward,
            })
            .collect();
        to_js(&out)
    }

    /// The result record, given the best move in `play()` units and its name.
    fn result(&self, best: Option<f64>, best_name: Option<String>) -> Result<JsValue, JsError> {
        let r = &self.result;
        // The trace node of the chosen root child, in the search (iteration) the result is from.
        let best_child = self
            .trace
            .searches()
            .iter()
            .rev()
            .find(|s| s.complete == r.complete && s.depth == r.depth)
            .and_then(|s| s.best_child);
        let value = match self.vector {
            Some(u) => SearchValue::Vector(u[..self.width.min(u.len())].to_vec()),
            None => SearchValue::Scalar(r.value),
        };
        let out = StepResult {
            value,
            best,
            best_index: r.best_index.map(|i| i as f64),
            best_child,
            best_name,
            complete: r.complete,
            exact: self.exact,
            depth: depth_js(r.depth),
            stats: SearchStats::from(&r.stats),
        };
        to_js(&out)
    }
}

impl<G: Skin> Steps for Stepping<G> {
    fn len(&self) -> usize {
        self.run.trace.len()
    }
    fn event_count(&self) -> usize {
        self.run.trace.events().len()
    }
    fn index(&self) -> usize {
        self.run.state.index()
    }
    fn truncated(&self) -> bool {
        self.run.truncated
    }
    fn note(&self) -> Option<String> {
        self.run.note.clone()
    }
    fn cap(&self) -> usize {
        self.run.cap
    }
    fn width(&self) -> usize {
        self.run.width
    }
    fn node_count(&self) -> usize {
        self.run.trace.nodes().len()
    }
    fn forward(&mut self, n: u64) -> usize {
        self.run.forward(n)
    }
    fn backward(&mut self, n: u64) -> usize {
        self.run.backward(n)
    }
    fn seek(&mut self, i: usize) {
        self.run.state.seek(&self.run.trace, i)
    }
    fn nodes(&self) -> Result<JsValue, JsError> {
        self.run.nodes()
    }
    fn state(&self) -> Result<JsValue, JsError> {
        self.run.state()
    }
    #[cfg(feature = "full")]
    fn events(&self, from: usize, to: usize) -> Vec<f64> {
        self.run.events(from, to)
    }
    fn narration(&self, i: usize) -> String {
        self.run.trace.narration(i)
    }
    #[cfg(feature = "trees")]
    fn seek_target(&self, target: Target) -> Option<usize> {
        self.run.trace.seek_target(self.run.state.index(), target)
    }
    #[cfg(feature = "trees")]
    fn step_list(&self, from: usize, to: usize) -> Result<JsValue, JsError> {
        self.run.step_list(from, to)
    }
    #[cfg(feature = "trees")]
    fn prompt(&self, i: usize) -> String {
        self.run.trace.step_prompt(i)
    }
    #[cfg(feature = "lab")]
    fn caption(&self) -> String {
        self.run.trace.caption()
    }
    fn result_line(&self) -> String {
        // The move's words were given to the trace when it was recorded.
        self.run.trace.result_line(None)
    }
    fn value_words(&self) -> Result<JsValue, JsError> {
        self.run.value_words()
    }
    fn minimax_values(&self) -> Result<Vec<f64>, String> {
        if !G::MINIMAX_VALUES {
            return Err("minimax values are computed beside the searches of explicit trees only".into());
        }
        let cap = plyground::limits::MAX_NODE_CAP as usize;
        let v = plyground::trace::minimax_values(&self.game, self.root, &self.run.trace, cap)?;
        Ok(v.into_iter().map(|x| x.unwrap_or(f64::NAN)).collect())
    }
    fn result(&self) -> Result<JsValue, JsError> {
        let best = self.run.result.best;
        self.run.result(best.map(G::action_js), best.map(|b| self.game.action_name(&self.root, b)))
    }
    fn pseudocode(&self) -> Result<JsValue, JsError> {
        self.run.pseudocode()
    }
    fn pruned(&self) -> Result<JsValue, JsError> {
        self.run.pruned()
    }
    fn board(&self, node: u32) -> Option<String> {
        let mut s = self.root;
        for a in self.run.trace.path_actions(node) {
            s = self.game.result(&s, a);
        }
        self.game.board(&s)
    }
    #[cfg(feature = "games")]
    fn figure_record(&self) -> Option<(Vec<f64>, Vec<String>)> {
        let (cols, rows) = self.game.board_dims();
        (cols > 0).then(|| self.run.trace.figure_record(cols, rows))
    }
}

/// A game's recorded search without its game: what `FigurePlan.forRecord` places.
#[cfg(feature = "games")]
#[derive(Serialize, tsify_next::Tsify)]
#[tsify(missing_as_null)]
struct GameRecord {
    /// The numbers (layout: `plyground::trace::Record`).
    #[tsify(type = "Float64Array")]
    numbers: crate::write::Preserve,
    /// The moves' names: every node's, then every pruned edge's.
    names: Vec<String>,
}

/// A recorded search, stepped step by step (a leaf is one step). The search is the real one (the same code
/// `searchGame` runs), observed by the core's trace recorder; `nodeCap` bounds the nodes
/// recorded, and for α-β also the search itself (its node budget), so a trace never grows
/// past it.
#[wasm_bindgen]
pub struct Stepper {
    inner: Box<dyn Steps>,
    kind: &'static str,
}

#[cfg(feature = "games")]
fn for_game_in<G: crate::skin::BoardSkin>(
    h: &crate::game::History<G>,
    opts: &Opts,
    cap: usize,
) -> Result<Box<dyn Steps>, String> {
    let o = opts.resolve(&h.game, false)?;
    let players = h.game.num_players();
    Ok(Box::new(Stepping::record(h.game.clone(), *h.state(), o, cap, players)?))
}

#[cfg(feature = "games")]
impl Stepper {
    /// A stepper over a recording made elsewhere in this crate (the solver's).
    pub(crate) fn wrap<G: Skin>(inner: Stepping<G>, kind: &'static str) -> Stepper {
        Stepper { inner: Box::new(inner), kind }
    }
}

impl Stepper {
    /// A step number from JavaScript: 0 to `length` − 1, else an error naming `place`.
    fn step_arg(&self, place: &str, i: &JsValue) -> Result<usize, JsError> {
        let len = self.inner.len() as u64;
        if len == 0 {
            return Err(js_err(format!("{place}: the trace has no steps")));
        }
        let i = number_arg("step", i).and_then(|i| int_in("step", i, 0, len - 1)).map_err(at(place))?;
        Ok(i as usize)
    }
}

/// Optional `from` (default 0) and `to` (default `len`) from JavaScript: 0 ≤ from ≤ to ≤ len.
/// (`events` and `stepList`: in the modules with trees.)
#[cfg(feature = "trees")]
fn range_args(
    place: &str,
    from: Option<JsValue>,
    to: Option<JsValue>,
    len: usize,
) -> Result<(usize, usize), JsError> {
    let len = len as u64;
    let from = opt_number_arg("from", from)
        .and_then(|f| int_in("from", f.unwrap_or(0.0), 0, len))
        .map_err(at(place))?;
    let to = opt_number_arg("to", to)
        .and_then(|t| int_in("to", t.unwrap_or(len as f64), from, len))
        .map_err(at(place))?;
    Ok((from as usize, to as usize))
}

#[wasm_bindgen]
impl Stepper {
    #[cfg(feature = "games")]
    /// Records the search `opts` asks for from the game's position (any algorithm but
    /// 'mcts'), recording at most `nodeCap` nodes (default 20,000; 1 to 100,000).
    #[wasm_bindgen(js_name = forGame)]
    pub fn for_game(
        game: &GameHandle,
        #[wasm_bindgen(unchecked_optional_param_type = "SearchOptions")] opts: JsValue,
        #[wasm_bindgen(js_name = nodeCap, unchecked_optional_param_type = "number")] node_cap_js: Option<
            JsValue,
        >,
    ) -> Result<Stepper, JsError> {
        let place = at("Stepper.forGame");
        let o = Opts::parse(&opts).map_err(&place)?;
        let cap = opt_number_arg("nodeCap", node_cap_js).and_then(node_cap).map_err(&place)?;
        let inner = match &game.pos {
            // The engines' tic-tac-toe, as a player's `Engine.searchOptions()` asks for it.
            Position::Ttt(h) if o.fast_wins == Some(true) => {
                let g = plyground::games::tictactoe::TicTacToe::FAST_WINS;
                let r = o.resolve(&g, false).map_err(&place)?;
                Box::new(Stepping::record(g, *h.state(), r, cap, 2).map_err(&place)?)
            }
            pos => with_history!(pos, h => for_game_in(h, &o, cap)).map_err(&place)?,
        };
        Ok(Stepper { inner, kind: if matches!(game.pos, Position::Ttt(_)) { "ttt" } else { "c4" } })
    }

    #[cfg(feature = "trees")]
    /// Records the search `opts` asks for on an explicit tree (see `forGame`).
    #[wasm_bindgen(js_name = forTree)]
    pub fn for_tree(
        tree: &GameTree,
        #[wasm_bindgen(unchecked_optional_param_type = "SearchOptions")] opts: JsValue,
        #[wasm_bindgen(js_name = nodeCap, unchecked_optional_param_type = "number")] node_cap_js: Option<
            JsValue,
        >,
    ) -> Result<Stepper, JsError> {
        let place = at("Stepper.forTree");
        let t = &tree.tree;
        let o = Opts::parse(&opts).and_then(|o| o.resolve(t, t.has_tuples())).map_err(&place)?;
        let cap = opt_number_arg("nodeCap", node_cap_js).and_then(node_cap).map_err(&place)?;
        let inner = Stepping::record(t.clone(), t.initial_state(), o, cap, t.players()).map_err(&place)?;
        Ok(Stepper { inner: Box::new(inner), kind: "tree" })
    }

    /// Steps in the trace: one per event, except that a leaf (its Enter, Leaf and Exit) is
    /// one step, as the lessons tell the search.
    #[wasm_bindgen(getter)]
    pub fn length(&self) -> u32 {
        self.inner.len() as u32
    }

    /// Events recorded (what `events()` returns; at least `length`).
    #[wasm_bindgen(getter, js_name = eventCount)]
    pub fn event_count(&self) -> u32 {
        self.inner.event_count() as u32
    }

    /// Steps taken so far: 0 (before the first) to `length`.
    #[wasm_bindgen(getter)]
    pub fn index(&self) -> u32 {
        self.inner.index() as u32
    }

    /// Nodes recorded.
    #[wasm_bindgen(getter, js_name = nodeCount)]
    pub fn node_count(&self) -> u32 {
        self.inner.node_count() as u32
    }

    /// The node cap the trace was recorded with.
    #[wasm_bindgen(getter, js_name = nodeCap)]
    pub fn node_cap(&self) -> u32 {
        self.inner.cap() as u32
    }

    /// Whether the node cap cut the trace short ("trace truncated at N nodes"): either the
    /// recording stopped while the search ran on (minimax, max^n), or the cap stopped the
    /// search (α-β).
    #[wasm_bindgen(getter)]
    pub fn truncated(&self) -> bool {
        self.inner.truncated()
    }

    /// Why the trace or the search is incomplete, in words; null when it is not.
    #[wasm_bindgen(getter, unchecked_return_type = "string | null")]
    pub fn note(&self) -> JsValue {
        self.inner.note().map_or(JsValue::NULL, |s| JsValue::from_str(&s))
    }

    /// Numbers per node in `state().values`: 1, or the number of players for max^n.
    #[wasm_bindgen(getter)]
    pub fn width(&self) -> u32 {
        self.inner.width() as u32
    }

    /// `'ttt'`, `'c4'` or `'tree'`.
    #[wasm_bindgen(getter, unchecked_return_type = "'ttt' | 'c4' | 'tree'")]
    pub fn kind(&self) -> String {
        self.kind.to_string()
    }

    /// Moves `n` steps forward (default 1; clamped at the end); returns the new index.
    pub fn step(
        &mut self,
        #[wasm_bindgen(unchecked_optional_param_type = "number")] n: Option<JsValue>,
    ) -> Result<u32, JsError> {
        let n = opt_number_arg("n", n)
            .and_then(|n| int_in("n", n.unwrap_or(1.0), 0, MAX_SAFE_INTEGER))
            .map_err(at("Stepper.step"))?;
        Ok(self.inner.forward(n) as u32)
    }

    /// Moves `n` steps back (default 1; clamped at 0); returns the new index.
    pub fn back(
        &mut self,
        #[wasm_bindgen(unchecked_optional_param_type = "number")] n: Option<JsValue>,
    ) -> Result<u32, JsError> {
        let n = opt_number_arg("n", n)
            .and_then(|n| int_in("n", n.unwrap_or(1.0), 0, MAX_SAFE_INTEGER))
            .map_err(at("Stepper.back"))?;
        Ok(self.inner.backward(n) as u32)
    }

    /// Moves to index `i` (0 to `length`; throws outside); O(|i − index|).
    pub fn seek(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] i: JsValue,
    ) -> Result<u32, JsError> {
        let i = number_arg("index", &i)
            .and_then(|i| int_in("index", i, 0, self.inner.len() as u64))
            .map_err(at("Stepper.seek"))?;
        self.inner.seek(i as usize);
        Ok(self.inner.index() as u32)
    }

    /// The static structure of the recorded tree, by node id (ids in entering order).
    #[wasm_bindgen(unchecked_return_type = "StepNodeInfo[]")]
    pub fn nodes(&self) -> Result<JsValue, JsError> {
        self.inner.nodes()
    }

    /// The picture after the first `index` steps.
    #[wasm_bindgen(unchecked_return_type = "StepState")]
    pub fn state(&self) -> Result<JsValue, JsError> {
        self.inner.state()
    }

    /// Events `from` (default 0) to `to` (default `eventCount`, exclusive) in the flat
    /// layout: 8 numbers per event (see crates/plyground/src/trace/mod.rs). These are the
    /// recorded events, not steps (a leaf's step is three of them). In the full module only:
    /// pages draw steps, and the raw record is for tests and tools.
    #[cfg(feature = "full")]
    pub fn events(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "number")] from: Option<JsValue>,
        #[wasm_bindgen(unchecked_optional_param_type = "number")] to: Option<JsValue>,
    ) -> Result<Vec<f64>, JsError> {
        let (from, to) = range_args("Stepper.events", from, to, self.inner.event_count())?;
        Ok(self.inner.events(from, to))
    }

    /// One line in words for step `i` (0 to `length` − 1).
    pub fn narration(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] i: JsValue,
    ) -> Result<String, JsError> {
        Ok(self.inner.narration(self.step_arg("Stepper.narration", &i)?))
    }

    #[cfg(feature = "trees")]
    /// The position (steps taken) a navigation command goes to from `index`, decided by the
    /// core (`trace/seek.rs`); undefined when there is none. `what`: 'next-cutoff',
    /// 'prev-cutoff' (cutoffs that pruned a child), 'next-return', 'prev-return' (a node at
    /// depth `arg` left, a leaf's step included), 'entry', 'exit' (of node `arg`). This,
    /// `stepList` and `prompt` are in the tree module only (the games module keeps to its
    /// size budget).
    #[wasm_bindgen(js_name = seekTarget)]
    pub fn seek_target(
        &self,
        what: &str,
        #[wasm_bindgen(unchecked_optional_param_type = "number")] arg: Option<JsValue>,
    ) -> Result<Option<u32>, JsError> {
        let place = at("Stepper.seekTarget");
        let arg = |name: &str| {
            opt_number_arg(name, arg.clone())
                .and_then(|a| a.ok_or_else(|| format!("{what} needs a {name}")))
                .and_then(|a| int_in(name, a, 0, u32::MAX as u64))
                .map(|a| a as u32)
                .map_err(&place)
        };
        let target = match what {
            "next-cutoff" => Target::NextCutoff,
            "prev-cutoff" => Target::PrevCutoff,
            "next-return" => Target::NextReturn(arg("depth")?),
            "prev-return" => Target::PrevReturn(arg("depth")?),
            "entry" => Target::Entry(arg("node")?),
            "exit" => Target::Exit(arg("node")?),
            _ => {
                return Err(js_err(format!(
                    "Stepper.seekTarget: unknown target \"{what}\" (next-cutoff, prev-cutoff, next-return, prev-return, entry, exit)"
                )))
            }
        };
        Ok(self.inner.seek_target(target).map(|p| p as u32))
    }

    #[cfg(feature = "trees")]
    /// Steps `from` (default 0) to `to` (default `length`, exclusive) for the event list:
    /// `[{words, mark}]`, each step in a few words ("Cutoff at C") and `mark` 'cutoff',
    /// 'return' or ''.
    #[wasm_bindgen(js_name = stepList, unchecked_return_type = "StepListEntry[]")]
    pub fn step_list(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "number")] from: Option<JsValue>,
        #[wasm_bindgen(unchecked_optional_param_type = "number")] to: Option<JsValue>,
    ) -> Result<JsValue, JsError> {
        let (from, to) = range_args("Stepper.stepList", from, to, self.inner.len())?;
        self.inner.step_list(from, to)
    }

    #[cfg(feature = "trees")]
    /// What a presenter asks before step `i` (0 to `length` − 1): its node and kind, not its
    /// outcome ("Next: MIN node C returns. What value?").
    pub fn prompt(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] i: JsValue,
    ) -> Result<String, JsError> {
        Ok(self.inner.prompt(self.step_arg("Stepper.prompt", &i)?))
    }

    /// What the search found: `{value, best, bestIndex, bestChild, bestName, complete,
    /// exact, depth, stats}`.
    #[wasm_bindgen(unchecked_return_type = "StepResult")]
    pub fn result(&self) -> Result<JsValue, JsError> {
        self.inner.result()
    }

    /// The line under the figure once the search is over, written by the core from the
    /// trace: "Root value 3 · best move a1 (to B)"; an incomplete search says the bound it has
    /// ("the root is worth at least 3 so far") or that nothing is known, never a value that
    /// looks exact; a depth-limited search says "Root estimate …", or "proven … wins in n".
    #[wasm_bindgen(js_name = resultLine)]
    pub fn result_line(&self) -> String {
        self.inner.result_line()
    }

    /// The caption of the whole search, generated from the trace: the inner nodes' values as
    /// the figure shows them at the end ("C ≤ 2" where a cutoff left a bound), the cutoffs and
    /// what they pruned, the counters and the root's value. Only in the practice module
    /// (`www/pkg-practice/`, the `lab` feature): the shipped module leaves it out for
    /// size, and the tree lab loads the practice module when its caption is opened.
    #[cfg(feature = "lab")]
    pub fn caption(&self) -> String {
        self.inner.caption()
    }

    /// Per trace node: `relation` — how the figure's final value relates to what the leaves
    /// evaluated prove ('=', '≤', '≥'; null for a node without a value) — and `proven` — a
    /// win or loss proven inside a depth-limited search ("MAX wins in 1"; else null).
    #[wasm_bindgen(js_name = valueWords, unchecked_return_type = "ValueWords")]
    pub fn value_words(&self) -> Result<JsValue, JsError> {
        self.inner.value_words()
    }

    /// The true minimax value of every trace node (by id; NaN for a node it cannot name), from
    /// a separate minimax run of the whole tree in the core (`trace::minimax_values`), to show
    /// beside the values the search returned ("minimax: 2"). Throws, with the reason, for a
    /// game search (only explicit trees), a depth-limited search, max^n and a truncated trace.
    #[wasm_bindgen(js_name = minimaxValues)]
    pub fn minimax_values(&self) -> Result<Vec<f64>, JsError> {
        self.inner.minimax_values().map_err(js_err)
    }

    /// The pseudocode procedures this trace runs: `[{name, lines}]`; `state().pseudocode
    /// .procedure` indexes this list and `.line` counts from 1.
    #[wasm_bindgen(unchecked_return_type = "PseudocodeProcedure[]")]
    pub fn pseudocode(&self) -> Result<JsValue, JsError> {
        self.inner.pseudocode()
    }

    /// Every edge a cutoff pruned, in the order of the cutoffs: `[{parent, index (natural
    /// index of the pruned action), name (the action's name), label (the child's would-be
    /// label), event (the Cutoff event)}]`. At a step, the first `state().prunedCount` are
    /// pruned (so a step costs O(1) however many edges were pruned before it).
    #[wasm_bindgen(unchecked_return_type = "PrunedEdgeInfo[]")]
    pub fn pruned(&self) -> Result<JsValue, JsError> {
        self.inner.pruned()
    }

    /// The recorded search as a game-free record, `{numbers, names}`, for the tree module's
    /// `FigurePlan.forRecord`, which places it as it places an explicit tree's search
    /// (nodes, events, pruned edges, results and the board's columns and rows; layout in
    /// `plyground::trace::Record`). A tree's search is placed by `FigurePlan.forTree`: refused.
    #[cfg(feature = "games")]
    #[wasm_bindgen(js_name = figureRecord, unchecked_return_type = "GameRecord")]
    pub fn figure_record(&self) -> Result<JsValue, JsError> {
        let (numbers, names) = self.inner.figure_record().ok_or_else(|| {
            js_err(
                "Stepper.figureRecord: a tree's search has no game record; place it with FigurePlan.forTree",
            )
        })?;
        to_js(&GameRecord { numbers: crate::util::f64_array(&numbers), names })
    }

    /// The board (as `Game.cells()` writes it) of a node's position in a game trace.
    pub fn board(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] node: JsValue,
    ) -> Result<String, JsError> {
        let place = at("Stepper.board");
        let count = self.inner.node_count() as u64;
        if count == 0 {
            return Err(js_err("Stepper.board: the trace has no nodes"));
        }
        let n = number_arg("node", &node).and_then(|n| int_in("node", n, 0, count - 1)).map_err(&place)?;
        self.inner.board(n as u32).ok_or_else(|| js_err("Stepper.board: a tree trace has no board"))
    }
}
