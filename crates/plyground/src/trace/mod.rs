//! Steppable traces of the depth-first searches: the code that plays is the code that is
//! visualised.
//!
//! A [`Recorder`] is an [`Observer`]: pass it to the real search (minimax, expectiminimax,
//! α-β with any of its options, iterative deepening, max^n) and it turns the event stream into
//! a [`Trace`]. It never searches by itself; it only follows the events and keeps, for each
//! open node, the state reached by RESULT(parent state, action), so that it can name nodes
//! and actions and tell which children a cutoff pruned.
//!
//! # Nodes
//!
//! Nodes are numbered in the order they are entered; the root is 0. (Iterative deepening
//! enters the root once per iteration: each iteration's root is a new node without a parent.)
//! Each [`TraceNode`] keeps its parent, the action into it, that action's *natural index* in
//! ACTIONS(parent) (the game's own order, whatever order the search used), depth, kind,
//! label, |ACTIONS(s)|, and its final value.
//!
//! Labels: [`Game::state_label`] when the game has one (explicit trees do); otherwise the
//! root is `root` and every other node is its parent's label, `·`, and the action's
//! [`Game::action_name`] — except that the children of a generated `root` drop the prefix.
//! So in tic-tac-toe the node after X takes cell 4 and O takes cell 0 is `4·0`, and an
//! unlabelled leaf under a tree node `C` reached by action `c1` is `C·c1`.
//!
//! Recording costs O(1) per event plus O(k) per node with k actions (its ACTIONS list, the
//! probabilities of a chance node, the pruned edges of a cutoff): a natural index is found
//! through an [`ActionIndex`](crate::action_index::ActionIndex), never by scanning the list,
//! so a 100,000-child node records in linear time
//! ([`Recorder::action_comparisons`] counts the work; a test checks it).
//!
//! # Stepping
//!
//! A *step* is what the learner steps over, as the lessons tell the search: one recorded
//! event, except that a leaf is one step. A leaf's three events (Enter, then Leaf,
//! LeafUtilities or TtHit, then Exit) make one step: TERMINAL-TEST (or the depth cutoff, the
//! table, the book, a rule) answers and the value is returned to the parent at once, with
//! the pseudocode's TERMINAL-TEST/UTILITY line (the header for a TT hit) and one sentence
//! ("b1 is a terminal state: TERMINAL-TEST is true, UTILITY(b1) = 3, returned to B"). The
//! recorder builds this step index as it records ([`Trace::step_events`],
//! [`Trace::step_of_event`]); [`Trace::len`], [`Trace::narration`],
//! [`Trace::pseudocode_line`], [`StepState`] and [`Cursor`] all count steps, so every front
//! end (the figure, exports, `step=` in links, practice keys, the CLI) has one definition.
//!
//! A [`StepState`] (or the borrowing [`Cursor`]) is the picture after the first `index`
//! steps: the open stack, every open node's (α, β), the value known so far at every node,
//! the pruned edges so far and the counters. Each event overwrites at most one value and one
//! window; the trace stores for each event a link to the event that wrote the overwritten
//! ones, so undoing is as cheap as doing and `seek(i)` costs O(|i − index|) with no
//! snapshots.
//!
//! # Node cap
//!
//! A trace of a large search is large (tic-tac-toe minimax from the empty board enters
//! 549,946 nodes). [`Recorder::with_node_cap`]`(n)` stops recording when the search enters
//! node n + 1 and marks the trace [`truncated`](Trace::truncated). The search itself runs on
//! unless the caller also stops it: pair the cap with the same
//! [`AlphaBetaOptions::node_budget`](crate::search::alphabeta::AlphaBetaOptions::node_budget)
//! (`Some(n)`), and the search stops after n nodes with an incomplete result that the trace
//! records in full (not truncated, but [`TraceResult::complete`] is false).
//!
//! # Flat numeric layout (for the wasm boundary)
//!
//! [`encode_event`] (and [`Trace::encode_event_at`] / [`Trace::encode_all`]) write one event as
//! eight `f64`s. Slot 0 is the event code ([`EventKind`] as a number, names in
//! [`EVENT_NAMES`]); slot 1 is the trace node id (−1 for none); unused slots are 0. An action
//! index is a natural index into ACTIONS(s) of the node it leaves from, −1 for none. Depth
//! limits of `u32::MAX` are written as +∞.
//!
//! | code | event            | 2            | 3          | 4      | 5             | 6      | 7 |
//! |------|------------------|--------------|------------|--------|---------------|--------|---|
//! | 0    | SearchStart      | depth limit  |            |        |               |        |   |
//! | 1    | Enter            | action index | kind¹      | α      | β             |        |   |
//! | 2    | Leaf             | value        | leaf kind² |        |               |        |   |
//! | 3    | LeafUtilities    | u₀           | u₁         | u₂     | u₃            | leaf kind² | |
//! | 4    | TtHit            | value        | bound³     |        |               |        |   |
//! | 5    | Backup           | child's action index | child's value | P | v          | α      | β |
//! | 6    | BackupUtilities  | child's action index | best u₀ | best u₁ | best u₂    | best u₃ |  |
//! | 7    | Cutoff           | v            | α          | β      | first skipped | total  |   |
//! | 8    | ChanceAverage    | value        |            |        |               |        |   |
//! | 9    | Exit             | value        |            |        |               |        |   |
//! | 10   | ExitUtilities    | u₀           | u₁         | u₂     | u₃            |        |   |
//! | 11   | SearchEnd        | value        | best action index | complete (1/0) |  |      |   |
//! | 12   | MctsIteration    | iteration    |            |        |               |        |   |
//! | 13   | MctsSelect       | child (arena id) | exploitation | exploration |     |        |   |
//! | 14   | MctsExpand       | child (arena id) | action index |  |               |        |   |
//! | 15   | MctsRollout      | plies        | reward₀    | reward₁ | reward₂      | reward₃ |  |
//! | 16   | MctsBackup       | visits       | wins       |        |               |        |   |
//! | 17   | ForwardPrune     | action index | EVAL       | width  |               |        |   |
//! | 18   | Extend           | action index | value      | gap    | margin        | extra plies |  |
//!
//! ¹ 0 MAX, 1 MIN, 2 chance, 3 + p for player p of max^n. ² 0 terminal, 1 depth cutoff,
//! 2 quiet, 3 proven by a rule (the Connect-4 solver), 4 read from the opening book (the Connect-4
//! solver). ³ 0 exact, 1 lower, 2 upper. For
//! MCTS events slot 1 is the event's own arena node id (the recorder does not record MCTS;
//! the layout is shared so one decoder serves both).

mod bounds;
mod encode;
pub(crate) mod narrate;
mod pseudocode;
mod record;
mod seek;
mod step;

pub use crate::caption::{Known, Proven};
pub use bounds::{bound_sign, bound_text, minimax_values};
pub use encode::{encode_event, EVENT_NAMES};
pub use narrate::{fmt_value, player_name};
pub use pseudocode::{
    pseudocode_line, Procedure, AB_MAX_VALUE, AB_MIN_VALUE, ALPHA_BETA_SEARCH, EXPECTIMINIMAX, MAXN_VALUE,
    MAX_VALUE, MINIMAX_DECISION, MIN_VALUE,
};
pub use record::Record;
pub use seek::{Mark, Target};
pub use step::{Counters, Cursor, StepState};

use crate::action_index::ActionIndex;
use crate::event::{Bound, Event, LeafKind, NodeKind, Observer};
use crate::game::{Game, ToMove, Utilities};
use crate::search::TieRule;

/// "No node / no event" in the compact per-event links.
pub(crate) const NONE: u32 = u32::MAX;

use crate::limits::RECORDER_NODE_CAP;

/// A value at a node: one number (utility to MAX) or, in max^n, one per player.
#[derive(Copy, Clone, PartialEq, Debug)]
pub enum NodeValue {
    /// A two-player (or expectiminimax) value, to MAX.
    Scalar(f64),
    /// A max^n utility vector.
    Vector(Utilities),
}

impl NodeValue {
    /// The number, for scalar values.
    pub fn scalar(self) -> Option<f64> {
        match self {
            NodeValue::Scalar(v) => Some(v),
            NodeValue::Vector(_) => None,
        }
    }

    /// "3", "+∞", or "(1, 2, 3)" for the first `num_players` entries of a vector.
    pub fn text(self, num_players: usize) -> String {
        match self {
            NodeValue::Scalar(v) => narrate::fmt_value(v),
            NodeValue::Vector(u) => fmt_vector(&u, num_players),
        }
    }
}

pub(crate) fn fmt_vector(u: &Utilities, num_players: usize) -> String {
    let n = num_players.clamp(1, u.len());
    let parts: Vec<String> = u[..n].iter().map(|&x| narrate::fmt_value(x)).collect();
    format!("({})", parts.join(", "))
}

/// One node of a trace.
#[derive(Clone, PartialEq, Debug)]
pub struct TraceNode<A> {
    /// The parent (None for a root).
    pub parent: Option<u32>,
    /// The action that led here (None for a root).
    pub via: Option<A>,
    /// [`Game::action_name`] of `via` in the parent's state ("" for a root).
    pub via_name: String,
    /// The natural index of `via` in ACTIONS(parent) (None for a root, or if the search used
    /// an action the game does not list).
    pub index: Option<u32>,
    /// The probability of the outcome into this node, when the parent is a chance node.
    pub prob: Option<f64>,
    /// Plies from the root.
    pub depth: u32,
    /// MAX, MIN, chance or player p.
    pub kind: NodeKind,
    /// The node's name (see the module documentation).
    pub label: String,
    /// |ACTIONS(s)| (0 at terminal states; also counted at depth-cutoff leaves).
    pub num_actions: u32,
    /// Children entered, in the order they were entered.
    pub children: Vec<u32>,
    /// α when the node was entered (−∞ in searches without a window).
    pub alpha: f64,
    /// β when the node was entered (+∞ in searches without a window).
    pub beta: f64,
    /// The value backed up to the parent (None if the node was never left: truncation or
    /// node budget).
    pub value: Option<NodeValue>,
    /// Set when the node was evaluated as a leaf, with the reason.
    pub leaf: Option<LeafKind>,
    /// Set when a transposition-table entry answered for the node.
    pub tt: Option<Bound>,
    /// What `value` is, decided when the node is left (see the `bounds` module): the node's
    /// exact value ([`Bound::Exact`]; under a depth limit, the depth-limited tree's), an
    /// upper bound on it ([`Bound::Upper`]: "≤ v", after an α cutoff at a MIN node or a
    /// value passed up through one) or a lower bound ([`Bound::Lower`]: "≥ v"). None while
    /// the node has no value, and for a value of which no one-sided bound can be stated.
    pub bound: Option<Bound>,
    /// How many children a cutoff skipped here (named ones are in [`Trace::pruned`]).
    pub pruned: u32,
    /// How many children beam search dropped here before searching any (forward pruning;
    /// each is in [`Trace::pruned`] with `forward` set).
    pub forward_pruned: u32,
    /// Plies this node was searched deeper than the depth limit gave it: a singular
    /// extension (0: none). The search entered it once before at the nominal depth.
    pub extended: u32,
    /// The event that entered the node.
    pub enter_event: u32,
    /// The event that left it.
    pub exit_event: Option<u32>,
    /// Which search (iterative-deepening iteration) it belongs to, from 0.
    pub iteration: u32,
}

/// A child that a cutoff skipped: an edge a front end draws dashed. The child itself was
/// never created by the search; its label is computed by the recorder for display only.
#[derive(Clone, PartialEq, Debug)]
pub struct PrunedEdge<A> {
    /// The node whose children were pruned.
    pub parent: u32,
    /// The natural index of the pruned action in ACTIONS(parent).
    pub index: u32,
    /// The pruned action.
    pub action: A,
    /// Its [`Game::action_name`].
    pub name: String,
    /// The label the child would have had.
    pub label: String,
    /// The Cutoff event that pruned it (the ForwardPrune event when `forward`).
    pub event: u32,
    /// Dropped by beam search before any child was searched (forward pruning, never
    /// searched, may hide the best move) rather than by an α-β cutoff (provably irrelevant).
    pub forward: bool,
}

/// What one search (one iteration of iterative deepening) ended with.
#[derive(Clone, PartialEq, Debug)]
pub struct TraceResult<A> {
    /// The root value sent with SearchEnd (to MAX; in max^n, to the player at the root).
    pub value: f64,
    /// The root action chosen.
    pub best: Option<A>,
    /// Its action name.
    pub best_name: Option<String>,
    /// Its natural index in ACTIONS(root).
    pub best_index: Option<u32>,
    /// The trace node of the chosen root child, if it was recorded.
    pub best_child: Option<u32>,
    /// The root node of this search, if it was recorded.
    pub root: Option<u32>,
    /// The root's utility vector (max^n only).
    pub utilities: Option<Utilities>,
    /// False when a node budget stopped the search.
    pub complete: bool,
    /// The depth limit of this search (`u32::MAX`: none).
    pub depth: u32,
    /// Nodes still open when the search ended (a budget stop unwinds without Exit events),
    /// bottom first.
    pub abandoned: Vec<u32>,
    /// The SearchEnd step, unless the trace was already truncated.
    pub event: Option<u32>,
}

/// Which pseudocode a trace is shown against (detected by [`Recorder::finish`]; a front end
/// may override it with [`Trace::set_flavour`]).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum Flavour {
    /// MINIMAX-DECISION with MAX-VALUE / MIN-VALUE.
    Minimax,
    /// ALPHA-BETA-SEARCH (windows, cutoffs, TT hits), chance nodes as in EXPECTIMINIMAX.
    AlphaBeta,
    /// EXPECTIMINIMAX (chance nodes, no windows).
    Expectiminimax,
    /// max^n (n-player nodes).
    MaxN,
}

/// The variants of [`Event`], without their fields; the number is the event code of the
/// flat layout.
#[allow(missing_docs)]
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum EventKind {
    SearchStart = 0,
    Enter = 1,
    Leaf = 2,
    LeafUtilities = 3,
    TtHit = 4,
    Backup = 5,
    BackupUtilities = 6,
    Cutoff = 7,
    ChanceAverage = 8,
    Exit = 9,
    ExitUtilities = 10,
    SearchEnd = 11,
    MctsIteration = 12,
    MctsSelect = 13,
    MctsExpand = 14,
    MctsRollout = 15,
    MctsBackup = 16,
    ForwardPrune = 17,
    Extend = 18,
}

impl EventKind {
    /// The kind of an event.
    pub fn of<A>(e: &Event<A>) -> EventKind {
        match e {
            Event::SearchStart { .. } => EventKind::SearchStart,
            Event::Enter { .. } => EventKind::Enter,
            Event::Leaf { .. } => EventKind::Leaf,
            Event::LeafUtilities { .. } => EventKind::LeafUtilities,
            Event::TtHit { .. } => EventKind::TtHit,
            Event::Backup { .. } => EventKind::Backup,
            Event::BackupUtilities { .. } => EventKind::BackupUtilities,
            Event::Cutoff { .. } => EventKind::Cutoff,
            Event::ChanceAverage { .. } => EventKind::ChanceAverage,
            Event::Exit { .. } => EventKind::Exit,
            Event::ExitUtilities { .. } => EventKind::ExitUtilities,
            Event::SearchEnd { .. } => EventKind::SearchEnd,
            Event::MctsIteration { .. } => EventKind::MctsIteration,
            Event::MctsSelect { .. } => EventKind::MctsSelect,
            Event::MctsExpand { .. } => EventKind::MctsExpand,
            Event::MctsRollout { .. } => EventKind::MctsRollout,
            Event::MctsBackup { .. } => EventKind::MctsBackup,
            Event::ForwardPrune { .. } => EventKind::ForwardPrune,
            Event::Extend { .. } => EventKind::Extend,
        }
    }

    /// The event code of the flat layout.
    pub fn code(self) -> u8 {
        self as u8
    }

    /// The variant's name, e.g. "Cutoff".
    pub fn name(self) -> &'static str {
        EVENT_NAMES[self as usize]
    }
}

/// Per event: the node it concerns and links to what it overwrote (see the module doc).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) struct StepLink {
    /// The node the event concerns (NONE for search start/end).
    pub(crate) node: u32,
    /// The earlier event that set this node's value before this one (NONE: no value yet).
    /// Meaningful only for events that set a value.
    pub(crate) prev_val: u32,
    /// Likewise for the node's window.
    pub(crate) prev_win: u32,
    /// Backup: the child node that returned. Cutoff: first index into `pruned`.
    /// SearchStart / SearchEnd: the index of the search in `results`.
    pub(crate) aux: u32,
    /// Cutoff: how many pruned edges it added.
    pub(crate) aux_len: u32,
}

/// The value an event writes into its node's value slot, if it writes one.
pub(crate) fn event_value<A>(e: &Event<A>) -> Option<NodeValue> {
    match *e {
        Event::Leaf { value, .. }
        | Event::TtHit { value, .. }
        | Event::ChanceAverage { value }
        | Event::Exit { value } => Some(NodeValue::Scalar(value)),
        Event::Backup { v, .. } | Event::Cutoff { v, .. } => Some(NodeValue::Scalar(v)),
        Event::LeafUtilities { values, .. } | Event::ExitUtilities { values } => {
            Some(NodeValue::Vector(values))
        }
        Event::BackupUtilities { best, .. } => Some(NodeValue::Vector(best)),
        _ => None,
    }
}

/// The (α, β) an event writes into its node's window, if it writes one.
pub(crate) fn event_window<A>(e: &Event<A>) -> Option<(f64, f64)> {
    match *e {
        Event::Enter { alpha, beta, .. }
        | Event::Backup { alpha, beta, .. }
        | Event::Cutoff { alpha, beta, .. } => Some((alpha, beta)),
        _ => None,
    }
}

/// A recorded search: its nodes, its events, its steps (a leaf's events make one) and what
/// it found.
#[derive(Clone, PartialEq, Debug)]
// Fields the caption module reads (crate::caption::trace) are pub(crate).
pub struct Trace<A> {
    pub(crate) nodes: Vec<TraceNode<A>>,
    pub(crate) events: Vec<Event<A>>,
    pub(crate) links: Vec<StepLink>,
    /// The first event of each step (see the module doc: a leaf's events are one step).
    starts: Vec<u32>,
    pub(crate) pruned: Vec<PrunedEdge<A>>,
    pub(crate) results: Vec<TraceResult<A>>,
    pub(crate) truncated: bool,
    pub(crate) node_cap: usize,
    pub(crate) num_players: usize,
    pub(crate) flavour: Flavour,
    tie_rule: TieRule,
    /// Per search in `results`: the best move in the words the game's figure uses ("top"),
    /// when a front end gave some ([`Trace::set_move_words`]).
    move_words: Vec<Option<String>>,
}

impl<A: Copy> Trace<A> {
    /// The nodes, by id.
    pub fn nodes(&self) -> &[TraceNode<A>] {
        &self.nodes
    }

    /// One node (None for an id out of range).
    pub fn node(&self, id: u32) -> Option<&TraceNode<A>> {
        self.nodes.get(id as usize)
    }

    /// The recorded events (a leaf's three make one step: see [`Trace::step_events`]).
    pub fn events(&self) -> &[Event<A>] {
        &self.events
    }

    /// The number of steps (a leaf is one step; every other event is one).
    pub fn len(&self) -> usize {
        self.starts.len()
    }

    /// No steps recorded.
    pub fn is_empty(&self) -> bool {
        self.starts.is_empty()
    }

    /// The events step `i` applies (empty out of range).
    pub fn step_events(&self, i: usize) -> std::ops::Range<usize> {
        let Some(&s) = self.starts.get(i) else { return 0..0 };
        let end = self.starts.get(i + 1).map_or(self.events.len(), |&e| e as usize);
        s as usize..end
    }

    /// The event that says what step `i` is: a leaf's Leaf, LeafUtilities or TtHit event,
    /// else the step's one event (None out of range).
    pub fn step_event(&self, i: usize) -> Option<usize> {
        let r = self.step_events(i);
        match r.len() {
            0 => None,
            1 => Some(r.start),
            _ => Some(r.start + 1),
        }
    }

    /// The kind of step `i`'s event ([`Trace::step_event`]).
    pub fn step_kind(&self, i: usize) -> Option<EventKind> {
        self.step_event(i).map(|e| EventKind::of(&self.events[e]))
    }

    /// The step (from 0) that applies event `e` (the last step for `e` past the end): a
    /// state seeked to it shows the picture just before the event, seeked one further just
    /// after it.
    pub fn step_of_event(&self, e: usize) -> usize {
        self.starts.partition_point(|&s| s as usize <= e).saturating_sub(1)
    }

    /// Step `i` is a leaf's (its events Enter, Leaf / LeafUtilities / TtHit, and Exit).
    pub fn is_leaf_step(&self, i: usize) -> bool {
        self.step_events(i).len() > 1
    }

    /// Does event `e` (about `node`) belong to the step before it: the second or third event
    /// of a leaf? Decided as the recorder appends it.
    fn joins_step(&self, e: &Event<A>, node: u32) -> bool {
        let (Some(&s), n) = (self.starts.last(), self.events.len()) else { return false };
        let s = s as usize;
        let at = |i: usize| self.links.get(i).is_some_and(|l| l.node == node && node != NONE);
        let entered = matches!(self.events.get(s), Some(Event::Enter { .. })) && at(s);
        let leaf = |x: &Event<A>| {
            matches!(x, Event::Leaf { .. } | Event::LeafUtilities { .. } | Event::TtHit { .. })
        };
        match e {
            _ if !entered => false,
            Event::Leaf { .. } | Event::LeafUtilities { .. } | Event::TtHit { .. } => n == s + 1,
            Event::Exit { .. } | Event::ExitUtilities { .. } => {
                n == s + 2 && self.events.get(s + 1).is_some_and(leaf) && at(s + 1)
            }
            _ => false,
        }
    }

    /// Appends an event with its link, starting a new step unless it joins a leaf's.
    fn push_event(&mut self, e: Event<A>, link: StepLink) {
        if !self.joins_step(&e, link.node) {
            self.starts.push(self.events.len() as u32);
        }
        self.events.push(e);
        self.links.push(link);
    }

    /// The node event `i` concerns (None for search start/end or out of range).
    pub fn event_node(&self, i: usize) -> Option<u32> {
        self.links.get(i).and_then(|l| (l.node != NONE).then_some(l.node))
    }

    /// The search entered more nodes than the cap; recording stopped there.
    pub fn truncated(&self) -> bool {
        self.truncated
    }

    /// The recorder's node cap.
    pub fn node_cap(&self) -> usize {
        self.node_cap
    }

    /// The game's number of players.
    pub fn num_players(&self) -> usize {
        self.num_players
    }

    /// Which pseudocode the events are mapped to.
    pub fn flavour(&self) -> Flavour {
        self.flavour
    }

    /// Overrides the detected pseudocode flavour.
    pub fn set_flavour(&mut self, f: Flavour) {
        self.flavour = f;
    }

    /// The tie rule the recorded α-β search pruned by (the narration states the test it
    /// passed: `v ≤ α` under the lessons' rule, `v < α` under the strict one).
    pub fn tie_rule(&self) -> TieRule {
        self.tie_rule
    }

    /// Names each search's best move in the words of the game's figure (`words(best)`, e.g.
    /// "top" for a tic-tac-toe cell, "column 4"), for the narration's last step and the
    /// result line; None keeps the action's name.
    pub fn set_move_words(&mut self, words: &dyn Fn(A) -> Option<String>) {
        self.move_words = self.results.iter().map(|r| r.best.and_then(words)).collect();
    }

    /// The best move of search `i` in the figure's words, else its action name.
    pub(crate) fn best_words(&self, i: usize) -> Option<String> {
        self.move_words
            .get(i)
            .cloned()
            .flatten()
            .or_else(|| self.results.get(i).and_then(|r| r.best_name.clone()))
    }

    /// Says which tie rule the search used (default [`TieRule::NonStrict`]).
    pub fn set_tie_rule(&mut self, rule: TieRule) {
        self.tie_rule = rule;
    }

    /// Every edge pruned by a cutoff, in the order the cutoffs happened.
    pub fn pruned(&self) -> &[PrunedEdge<A>] {
        &self.pruned
    }

    /// One summary per search observed (iterative deepening: one per iteration), including a
    /// search that ended after the trace was truncated.
    pub fn searches(&self) -> &[TraceResult<A>] {
        &self.results
    }

    /// The final result: the last search's summary.
    pub fn result(&self) -> Option<&TraceResult<A>> {
        self.results.last()
    }

    /// The path to `node` as natural child indices joined by '.', e.g. "1.0"; "" for a root
    /// ('?' for an action the game does not list).
    pub fn path(&self, node: u32) -> String {
        let mut parts = Vec::new();
        let mut n = node;
        while let Some(nd) = self.nodes.get(n as usize) {
            let Some(p) = nd.parent else { break };
            parts.push(nd.index.map_or("?".to_string(), |i| i.to_string()));
            n = p;
        }
        parts.reverse();
        parts.join(".")
    }

    /// The actions from the root to `node` (to rebuild its state with RESULT).
    pub fn path_actions(&self, node: u32) -> Vec<A> {
        let mut acts = Vec::new();
        let mut n = node;
        while let Some(nd) = self.nodes.get(n as usize) {
            match (nd.parent, nd.via) {
                (Some(p), Some(a)) => {
                    acts.push(a);
                    n = p;
                }
                _ => break,
            }
        }
        acts.reverse();
        acts
    }

    /// The leaves evaluated (terminal or EVAL; not TT hits), in order, as paths.
    pub fn evaluated_leaf_paths(&self) -> Vec<String> {
        self.events
            .iter()
            .zip(&self.links)
            .filter(|(e, l)| l.node != NONE && matches!(e, Event::Leaf { .. } | Event::LeafUtilities { .. }))
            .map(|(_, l)| self.path(l.node))
            .collect()
    }

    /// The pruned edges as paths (the parent's path, then the pruned child's natural index).
    pub fn pruned_paths(&self) -> Vec<String> {
        self.pruned
            .iter()
            .map(|p| {
                let base = self.path(p.parent);
                if base.is_empty() {
                    p.index.to_string()
                } else {
                    format!("{base}.{}", p.index)
                }
            })
            .collect()
    }

    /// A cursor at step 0 (before the first event).
    pub fn cursor(&self) -> Cursor<'_, A> {
        Cursor::new(self)
    }

    /// The flat record of event `i` (see the module doc), or None out of range.
    pub fn encode_event_at(&self, i: usize) -> Option<[f64; 8]> {
        let e = self.events.get(i)?;
        let l = self.links[i];
        let idx = |n: u32| self.node(n).and_then(|nd| nd.index).unwrap_or(NONE);
        let action_index = match e {
            Event::Enter { .. } => idx(l.node),
            Event::Backup { .. } | Event::BackupUtilities { .. } => idx(l.aux),
            Event::ForwardPrune { .. } if crate::EXTENSIONS => {
                self.pruned.get(l.aux as usize).map_or(NONE, |p| p.index)
            }
            Event::Extend { .. } if crate::EXTENSIONS => l.aux,
            Event::SearchEnd { .. } => {
                self.results.get(l.aux as usize).and_then(|r| r.best_index).unwrap_or(NONE)
            }
            _ => NONE,
        };
        Some(encode_event(e, l.node, action_index))
    }

    /// Every event's flat record, concatenated (8 numbers per event).
    pub fn encode_all(&self) -> Vec<f64> {
        let mut out = Vec::with_capacity(self.events.len() * 8);
        for i in 0..self.events.len() {
            out.extend_from_slice(&self.encode_event_at(i).unwrap_or([0.0; 8]));
        }
        out
    }
}

/// One open node while recording.
struct Frame<S, A> {
    node: u32,
    state: S,
    /// ACTIONS(state) in natural order.
    actions: Vec<A>,
    /// For chance nodes, P of each action.
    probs: Vec<f64>,
    /// `actions` indexed: an action's natural index in O(1), however many there are.
    index: ActionIndex,
    /// The label is the generated `root` (children then drop the prefix).
    placeholder_label: bool,
    /// Where this node's forward-pruned edges start in the trace's list, and how many.
    fwd_start: u32,
    fwd_len: u32,
    /// Beam search dropped children somewhere below this node (set as its children exit).
    fwd_below: bool,
}

/// The observer that records a depth-first search into a [`Trace`].
///
/// ```
/// use plyground::games::tictactoe::TicTacToe;
/// use plyground::search::alphabeta::{alpha_beta, AlphaBetaOptions};
/// use plyground::trace::Recorder;
/// use plyground::Game;
///
/// let g = TicTacToe;
/// let s = g.try_parse_moves("4 0 8 2").unwrap();
/// let mut rec = Recorder::new(&g, s).with_node_cap(10_000);
/// let r = alpha_beta(&g, &s, &AlphaBetaOptions { node_budget: Some(10_000), ..Default::default() }, &mut rec);
/// let trace = rec.finish();
/// assert_eq!(trace.result().unwrap().value, r.value);
/// assert_eq!(trace.nodes().len() as u64, r.stats.nodes);
/// ```
pub struct Recorder<'g, G: Game> {
    game: &'g G,
    root: G::State,
    cap: usize,
    frames: Vec<Frame<G::State, G::Action>>,
    open: usize,
    trace: Trace<G::Action>,
    /// Per node: the last event that set its value / window.
    last_val: Vec<u32>,
    last_win: Vec<u32>,
    searches: u32,
    depth_limit: u32,
    current_root: Option<u32>,
    outcomes: Vec<(G::Action, f64)>,
    /// Scratch for [`Recorder::prune`]: which natural indices were entered.
    entered: Vec<bool>,
    /// Scratch for [`Recorder::exit_bound`]: the children's (value, kind, probability).
    kids: Vec<(f64, Option<Bound>, f64)>,
    /// The plies of a singular extension announced for the next child entered.
    pending_extend: u32,
}

impl<'g, G: Game> Recorder<'g, G> {
    /// A recorder for a search that starts from `root` (the state the search is given),
    /// with [`RECORDER_NODE_CAP`].
    pub fn new(game: &'g G, root: G::State) -> Self {
        Recorder {
            game,
            root,
            cap: RECORDER_NODE_CAP,
            frames: Vec::new(),
            open: 0,
            trace: Trace {
                nodes: Vec::new(),
                events: Vec::new(),
                links: Vec::new(),
                starts: Vec::new(),
                pruned: Vec::new(),
                results: Vec::new(),
                truncated: false,
                node_cap: RECORDER_NODE_CAP,
                num_players: game.num_players(),
                flavour: Flavour::Minimax,
                tie_rule: TieRule::NonStrict,
                move_words: Vec::new(),
            },
            last_val: Vec::new(),
            last_win: Vec::new(),
            searches: 0,
            depth_limit: u32::MAX,
            current_root: None,
            outcomes: Vec::new(),
            entered: Vec::new(),
            kids: Vec::new(),
            pending_extend: 0,
        }
    }

    /// Record at most `cap` nodes; entering one more marks the trace truncated and stops
    /// recording. Pair it with the search's node budget (see the module doc).
    pub fn with_node_cap(mut self, cap: usize) -> Self {
        self.cap = cap;
        self.trace.node_cap = cap;
        self
    }

    /// Action comparisons made so far to find the natural index of an action (each entered
    /// child, each chance outcome): a work counter that stays O(1) per lookup, whatever the
    /// branching factor — a test checks it (see [`crate::action_index`]).
    pub fn action_comparisons(&self) -> u64 {
        self.frames.iter().map(|f| f.index.probes()).sum()
    }

    /// The trace so far.
    pub fn trace(&self) -> &Trace<G::Action> {
        &self.trace
    }

    /// Ends recording: detects the pseudocode flavour and hands over the trace.
    pub fn finish(mut self) -> Trace<G::Action> {
        self.trace.flavour = detect_flavour(&self.trace);
        self.trace
    }

    fn top(&self) -> Option<usize> {
        self.open.checked_sub(1)
    }

    /// The label a child of frame `f` reached by `a` (into `state`) gets.
    fn child_label(&self, f: usize, a_name: &str, state: &G::State) -> String {
        if let Some(l) = self.game.state_label(state) {
            return l;
        }
        let fr = &self.frames[f];
        if fr.placeholder_label {
            a_name.to_string()
        } else {
            format!("{}·{}", self.trace.nodes[fr.node as usize].label, a_name)
        }
    }

    fn enter(&mut self, via: Option<G::Action>, kind: NodeKind, alpha: f64, beta: f64, ev: u32) -> u32 {
        let id = self.trace.nodes.len() as u32;
        let parent_frame = match via {
            Some(_) => self.top(),
            None => None,
        };
        let (state, parent, index, prob, depth, via_name, label, placeholder) = match (parent_frame, via) {
            (Some(f), Some(a)) => {
                let fr = &mut self.frames[f];
                let index = fr.index.get(&fr.actions, a);
                let fr = &self.frames[f];
                let state = match index {
                    Some(_) => self.game.result(&fr.state, a),
                    None => self.game.try_result(&fr.state, a).unwrap_or(fr.state),
                };
                let prob = index.and_then(|i| fr.probs.get(i).copied());
                let via_name = self.game.action_name(&fr.state, a);
                let label = self.child_label(f, &via_name, &state);
                let parent = fr.node;
                let depth = self.trace.nodes[parent as usize].depth + 1;
                self.trace.nodes[parent as usize].children.push(id);
                (state, Some(parent), index.map(|i| i as u32), prob, depth, via_name, label, false)
            }
            _ => {
                self.current_root = Some(id);
                let (label, placeholder) = match self.game.state_label(&self.root) {
                    Some(l) => (l, false),
                    None => ("root".to_string(), true),
                };
                (self.root, None, None, None, 0, String::new(), label, placeholder)
            }
        };

        // Open a frame (reusing buffers).
        if self.frames.len() == self.open {
            self.frames.push(Frame {
                node: id,
                state,
                actions: Vec::new(),
                probs: Vec::new(),
                index: ActionIndex::new(),
                placeholder_label: placeholder,
                fwd_start: 0,
                fwd_len: 0,
                fwd_below: false,
            });
        }
        let game = self.game;
        let fr = &mut self.frames[self.open];
        fr.node = id;
        fr.state = state;
        fr.placeholder_label = placeholder;
        fr.fwd_len = 0;
        fr.fwd_below = false;
        fr.actions.clear();
        fr.probs.clear();
        game.actions(&state, &mut fr.actions);
        fr.index.build(&fr.actions);
        if game.player(&state) == ToMove::Chance {
            self.outcomes.clear();
            game.chance_outcomes(&state, &mut self.outcomes);
            // P of each action: the first outcome naming it (written last, so it stays), 0
            // for an action with no outcome.
            fr.probs.resize(fr.actions.len(), 0.0);
            for &(a, p) in self.outcomes.iter().rev() {
                if let Some(i) = fr.index.get(&fr.actions, a) {
                    fr.probs[i] = p;
                }
            }
        }
        let num_actions = fr.actions.len() as u32;
        self.open += 1;

        self.trace.nodes.push(TraceNode {
            parent,
            via,
            via_name,
            index,
            prob,
            depth,
            kind,
            label,
            num_actions,
            children: Vec::new(),
            alpha,
            beta,
            value: None,
            leaf: None,
            tt: None,
            bound: None,
            pruned: 0,
            forward_pruned: 0,
            extended: std::mem::take(&mut self.pending_extend),
            enter_event: ev,
            exit_event: None,
            iteration: self.searches.saturating_sub(1),
        });
        self.last_val.push(NONE);
        self.last_win.push(NONE);
        id
    }

    /// The pruned edges of a cutoff at frame `f`: the actions of ACTIONS(s) not entered.
    /// When the search's list was not ACTIONS(s) (quiescence lists only noisy moves: `total`
    /// differs), the skipped moves cannot be named and only their number is kept.
    fn prune(&mut self, f: usize, first_skipped: u32, total: u32, ev: u32) -> (u32, u32) {
        let start = self.trace.pruned.len() as u32;
        let node = self.frames[f].node;
        let skipped = total.saturating_sub(first_skipped);
        self.trace.nodes[node as usize].pruned = skipped;
        let (fwd_start, fwd_len) = if crate::EXTENSIONS {
            (self.frames[f].fwd_start as usize, self.frames[f].fwd_len as usize)
        } else {
            (0, 0)
        };
        if skipped == 0 || total as usize + fwd_len != self.frames[f].actions.len() {
            return (start, 0);
        }
        // Which natural indices were entered: one flag per action, O(k).
        let mut entered = std::mem::take(&mut self.entered);
        entered.clear();
        entered.resize(total as usize + fwd_len, false);
        for &c in &self.trace.nodes[node as usize].children {
            if let Some(slot) = self.trace.nodes[c as usize].index.and_then(|i| entered.get_mut(i as usize)) {
                *slot = true;
            }
        }
        // Beam search's dropped children are not the cutoff's.
        for p in &self.trace.pruned[fwd_start..fwd_start + fwd_len] {
            if let Some(slot) = entered.get_mut(p.index as usize) {
                *slot = true;
            }
        }
        let mut edges = Vec::new();
        let fr = &self.frames[f];
        for (i, &a) in fr.actions.iter().enumerate() {
            if entered[i] {
                continue;
            }
            edges.push(self.pruned_edge(f, i as u32, a, ev, false));
        }
        self.entered = entered;
        let n = edges.len() as u32;
        self.trace.pruned.extend(edges);
        (start, n)
    }

    /// What node `n`'s value is as it is left (see the `bounds` module).
    fn exit_bound(&mut self, n: u32, forward: bool) -> Option<Bound> {
        let nodes = &self.trace.nodes;
        let nd = &nodes[n as usize];
        // Beam search's dropped children were never searched: not every action was.
        let mut all = nd.pruned == 0 && nd.forward_pruned == 0;
        let mut kids = std::mem::take(&mut self.kids);
        kids.clear();
        let mut vector_exact = true;
        // A child searched again deeper (a singular extension, and the siblings searched again
        // after it) supersedes its earlier entry: only the last entry of each action counts,
        // as in `Trace::known`.
        let again = crate::EXTENSIONS && nd.children.iter().any(|&c| nodes[c as usize].extended > 0);
        let mut distinct = 0u32;
        for (k, &c) in nd.children.iter().enumerate() {
            let ch = &nodes[c as usize];
            if again && nd.children[k + 1..].iter().any(|&d| nodes[d as usize].index == ch.index) {
                continue;
            }
            distinct += 1;
            match ch.value {
                Some(NodeValue::Scalar(x)) => kids.push((x, ch.bound, ch.prob.unwrap_or(0.0))),
                Some(NodeValue::Vector(_)) => vector_exact &= ch.bound == Some(Bound::Exact),
                None => all = false,
            }
        }
        all &= distinct == nd.num_actions;
        let b = match nd.value {
            Some(NodeValue::Scalar(value)) => bounds::scalar_bound(
                &bounds::ExitFacts {
                    kind: nd.kind,
                    leaf: nd.leaf,
                    tt: nd.tt,
                    value,
                    alpha: nd.alpha,
                    beta: nd.beta,
                    all,
                    forward,
                },
                &kids,
            ),
            // max^n prunes nothing: a vector is exact at a leaf and once every child was
            // searched and exact.
            Some(NodeValue::Vector(_)) => {
                (nd.leaf.is_some() || (all && vector_exact)).then_some(Bound::Exact)
            }
            None => None,
        };
        self.kids = kids;
        b
    }

    /// A child of frame `f` that beam search dropped: one [`PrunedEdge`] with `forward` set.
    fn forward_prune(&mut self, f: usize, a: G::Action, ev: u32) -> (u32, u32) {
        let start = self.trace.pruned.len() as u32;
        let fr = &mut self.frames[f];
        let Some(i) = fr.index.get(&fr.actions, a) else { return (start, 0) };
        if fr.fwd_len == 0 {
            fr.fwd_start = start;
        }
        fr.fwd_len += 1;
        let edge = self.pruned_edge(f, i as u32, a, ev, true);
        self.trace.nodes[edge.parent as usize].forward_pruned += 1;
        self.trace.pruned.push(edge);
        (start, 1)
    }

    /// The edge of frame `f`'s action `a` (natural index `index`), named and labelled as
    /// the child would have been, left unsearched by event `ev`: a cutoff's, or beam search's
    /// (`forward`).
    fn pruned_edge(
        &self,
        f: usize,
        index: u32,
        a: G::Action,
        ev: u32,
        forward: bool,
    ) -> PrunedEdge<G::Action> {
        let fr = &self.frames[f];
        let name = self.game.action_name(&fr.state, a);
        let child = self.game.result(&fr.state, a);
        let label = self.child_label(f, &name, &child);
        PrunedEdge { parent: fr.node, index, action: a, name, label, event: ev, forward }
    }

    fn end_search(&mut self, value: f64, best: Option<G::Action>, complete: bool, ev: Option<u32>) -> u32 {
        let mut acts = Vec::new();
        self.game.actions(&self.root, &mut acts);
        let best_index = best.and_then(|b| acts.iter().position(|&a| a == b)).map(|i| i as u32);
        let best_name = best.map(|b| self.game.action_name(&self.root, b));
        let root = self.current_root;
        let best_child = root.and_then(|r| {
            self.trace.nodes[r as usize]
                .children
                .iter()
                .copied()
                .find(|&c| best_index.is_some() && self.trace.nodes[c as usize].index == best_index)
        });
        let utilities = root.and_then(|r| match self.trace.nodes[r as usize].value {
            Some(NodeValue::Vector(u)) => Some(u),
            _ => None,
        });
        let abandoned: Vec<u32> = self.frames[..self.open].iter().map(|f| f.node).collect();
        self.open = 0;
        self.trace.results.push(TraceResult {
            value,
            best,
            best_name,
            best_index,
            best_child,
            root,
            utilities,
            complete,
            depth: self.depth_limit,
            abandoned,
            event: ev,
        });
        (self.trace.results.len() - 1) as u32
    }
}

impl<G: Game> Observer<G::Action> for Recorder<'_, G> {
    fn event(&mut self, e: &Event<G::Action>) {
        let ev = self.trace.events.len() as u32;
        if self.trace.truncated {
            if let Event::SearchEnd { value, best, complete } = *e {
                self.end_search(value, best, complete, None);
            }
            return;
        }
        let mut link = StepLink { node: NONE, prev_val: NONE, prev_win: NONE, aux: NONE, aux_len: 0 };
        match *e {
            Event::SearchStart { depth } => {
                self.depth_limit = depth;
                link.aux = self.searches;
                self.searches += 1;
                self.current_root = None;
            }
            Event::Enter { via, kind, alpha, beta } => {
                if self.trace.nodes.len() >= self.cap {
                    self.trace.truncated = true;
                    return;
                }
                link.node = self.enter(via, kind, alpha, beta, ev);
            }
            Event::SearchEnd { value, best, complete } => {
                link.aux = self.end_search(value, best, complete, Some(ev));
            }
            Event::MctsIteration { .. }
            | Event::MctsSelect { .. }
            | Event::MctsExpand { .. }
            | Event::MctsRollout { .. }
            | Event::MctsBackup { .. } => return,
            _ => {
                let Some(f) = self.top() else {
                    // An event with no open node (a malformed stream): keep it as an inert step.
                    self.trace.push_event(*e, link);
                    return;
                };
                let n = self.frames[f].node;
                link.node = n;
                match *e {
                    Event::Cutoff { first_skipped, total, .. } => {
                        (link.aux, link.aux_len) = self.prune(f, first_skipped, total, ev);
                    }
                    Event::ForwardPrune { action, .. } if crate::EXTENSIONS => {
                        (link.aux, link.aux_len) = self.forward_prune(f, action, ev);
                    }
                    Event::Extend { action, extra, .. } if crate::EXTENSIONS => {
                        let fr = &mut self.frames[f];
                        link.aux = fr.index.get(&fr.actions, action).map_or(NONE, |i| i as u32);
                        self.pending_extend = extra;
                    }
                    _ => {}
                }
                let nd = &mut self.trace.nodes[n as usize];
                match *e {
                    Event::Leaf { kind, .. } | Event::LeafUtilities { kind, .. } => nd.leaf = Some(kind),
                    Event::TtHit { bound, .. } => nd.tt = Some(bound),
                    Event::Backup { .. } | Event::BackupUtilities { .. } => {
                        link.aux = nd.children.last().copied().unwrap_or(NONE);
                    }
                    Event::Exit { .. } | Event::ExitUtilities { .. } => {
                        nd.value = event_value(e);
                        nd.exit_event = Some(ev);
                        self.open -= 1;
                        // Forward pruning in this node's subtree: told to the parent too.
                        let forward =
                            crate::EXTENSIONS && (self.frames[f].fwd_len > 0 || self.frames[f].fwd_below);
                        if let Some(parent) = f.checked_sub(1) {
                            self.frames[parent].fwd_below |= forward;
                        }
                        let b = self.exit_bound(n, forward);
                        self.trace.nodes[n as usize].bound = b;
                    }
                    _ => {}
                }
            }
        }
        if link.node != NONE {
            let n = link.node as usize;
            if event_value(e).is_some() {
                link.prev_val = self.last_val[n];
                self.last_val[n] = ev;
            }
            if event_window(e).is_some() {
                link.prev_win = self.last_win[n];
                self.last_win[n] = ev;
            }
        }
        self.trace.push_event(*e, link);
    }
}

fn detect_flavour<A>(t: &Trace<A>) -> Flavour {
    if t.nodes.iter().any(|n| matches!(n.kind, NodeKind::Player(_))) {
        return Flavour::MaxN;
    }
    let windowed = t.events.iter().zip(&t.links).any(|(e, l)| {
        let two_player =
            matches!(t.nodes.get(l.node as usize).map(|n| n.kind), Some(NodeKind::Max | NodeKind::Min));
        match *e {
            Event::Cutoff { .. } | Event::TtHit { .. } => true,
            Event::Enter { alpha, beta, .. } | Event::Backup { alpha, beta, .. } => {
                two_player && (alpha.is_finite() || beta.is_finite())
            }
            _ => false,
        }
    });
    if windowed {
        Flavour::AlphaBeta
    } else if t.nodes.iter().any(|n| n.kind == NodeKind::Chance) {
        Flavour::Expectiminimax
    } else {
        Flavour::Minimax
    }
}
