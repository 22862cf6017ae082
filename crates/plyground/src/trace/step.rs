//! Stepping through a trace: the picture after the first `index` steps (a leaf's events are
//! one step: see the module doc of `trace`), moved one step at a time in either direction.

use super::{event_value, event_window, NodeValue, Procedure, PrunedEdge, Trace, NONE};
use crate::event::Event;

/// Counters at a step (they match the search's [`Stats`](crate::search::Stats) at the end).
#[derive(Copy, Clone, Default, PartialEq, Eq, Debug)]
pub struct Counters {
    /// Nodes entered.
    pub nodes: u64,
    /// Leaves evaluated (terminal or EVAL).
    pub leaves: u64,
    /// Cutoffs that skipped at least one child.
    pub cutoffs: u64,
    /// Transposition-table hits.
    pub tt_hits: u64,
    /// Searches (iterations) started.
    pub searches: u32,
}

/// The state of a trace after its first `index` steps. Owns no reference to the trace, so
/// a front end can keep it next to one; every moving method takes the trace.
#[derive(Clone, PartialEq, Debug)]
pub struct StepState {
    index: usize,
    /// Events applied so far (the events of the first `index` steps).
    event: usize,
    stack: Vec<u32>,
    values: Vec<Option<NodeValue>>,
    windows: Vec<Option<(f64, f64)>>,
    pruned: usize,
    counters: Counters,
    current: Option<u32>,
}

fn node_opt(n: u32) -> Option<u32> {
    (n != NONE).then_some(n)
}

impl StepState {
    /// The state before the first event of `trace`. (A state belongs to one trace: stepping
    /// it through another gives meaningless pictures, though never a panic.)
    pub fn new<A: Copy>(trace: &Trace<A>) -> Self {
        let n = trace.nodes.len();
        StepState {
            index: 0,
            event: 0,
            stack: Vec::new(),
            values: vec![None; n],
            windows: vec![None; n],
            pruned: 0,
            counters: Counters::default(),
            current: None,
        }
    }

    /// Steps taken so far (0 ..= trace.len()).
    pub fn index(&self) -> usize {
        self.index
    }

    /// Events applied so far (0 ..= trace.events().len()): those of the first `index` steps.
    pub fn events_applied(&self) -> usize {
        self.event
    }

    /// The open nodes, root first.
    pub fn stack(&self) -> &[u32] {
        &self.stack
    }

    /// The node the last step concerned (for Exit and a leaf's step: the node just left);
    /// None at step 0 and after search start/end.
    pub fn current(&self) -> Option<u32> {
        self.current
    }

    /// The value known at `node` now: its running v while open, its leaf value, or the value
    /// it backed up. None before it has one.
    pub fn value(&self, node: u32) -> Option<NodeValue> {
        self.values.get(node as usize).copied().flatten()
    }

    /// All nodes' values now, by id.
    pub fn values(&self) -> &[Option<NodeValue>] {
        &self.values
    }

    /// The (α, β) window of `node` as it is now (the last one it had, once it has been left).
    pub fn window(&self, node: u32) -> Option<(f64, f64)> {
        self.windows.get(node as usize).copied().flatten()
    }

    /// Every open node with its current (α, β), root first.
    pub fn open_windows(&self) -> Vec<(u32, f64, f64)> {
        self.stack
            .iter()
            .map(|&n| {
                let (a, b) = self.window(n).unwrap_or((f64::NEG_INFINITY, f64::INFINITY));
                (n, a, b)
            })
            .collect()
    }

    /// How many of the trace's pruned edges have been pruned by now.
    pub fn pruned_count(&self) -> usize {
        self.pruned
    }

    /// The counters now.
    pub fn counters(&self) -> Counters {
        self.counters
    }

    /// What `node`'s value is by now: its kind ([`TraceNode::bound`](super::TraceNode::bound))
    /// once the node has been left, None while it is open or unvisited (its value is then a
    /// running v or nothing) and for a value of which no bound can be stated.
    pub fn bound<A: Copy>(&self, trace: &Trace<A>, node: u32) -> Option<crate::event::Bound> {
        let n = trace.node(node)?;
        n.exit_event.filter(|&e| (e as usize) < self.event).and(n.bound)
    }

    /// Is `node` entered by now?
    pub fn is_entered<A: Copy>(&self, trace: &Trace<A>, node: u32) -> bool {
        trace.node(node).is_some_and(|n| (n.enter_event as usize) < self.event)
    }

    /// Takes step `self.index` (all its events); false at the end.
    pub fn forward<A: Copy>(&mut self, trace: &Trace<A>) -> bool {
        let r = trace.step_events(self.index);
        if r.is_empty() || self.event != r.start {
            return false;
        }
        while self.event < r.end && self.apply(trace) {}
        self.index += 1;
        true
    }

    /// Undoes the last step taken; false at step 0.
    pub fn backward<A: Copy>(&mut self, trace: &Trace<A>) -> bool {
        let Some(i) = self.index.checked_sub(1) else { return false };
        let r = trace.step_events(i);
        if r.is_empty() || self.event != r.end {
            return false;
        }
        while self.event > r.start && self.undo(trace) {}
        self.index = i;
        true
    }

    /// Applies event `self.event`; false at the end.
    fn apply<A: Copy>(&mut self, trace: &Trace<A>) -> bool {
        let i = self.event;
        let (Some(e), Some(&l)) = (trace.events.get(i), trace.links.get(i)) else { return false };
        let n = l.node;
        match e {
            Event::SearchStart { .. } => self.counters.searches += 1,
            Event::Enter { .. } => {
                self.stack.push(n);
                self.counters.nodes += 1;
            }
            Event::Leaf { .. } | Event::LeafUtilities { .. } => self.counters.leaves += 1,
            Event::TtHit { .. } => self.counters.tt_hits += 1,
            Event::Cutoff { first_skipped, total, .. } => {
                if first_skipped < total {
                    self.counters.cutoffs += 1;
                }
                self.pruned += l.aux_len as usize;
            }
            Event::ForwardPrune { .. } => self.pruned += l.aux_len as usize,
            Event::Exit { .. } | Event::ExitUtilities { .. } if n != NONE => {
                self.stack.pop();
            }
            Event::SearchEnd { .. } => self.stack.clear(),
            _ => {}
        }
        if let (Some(v), Some(slot)) = (event_value(e), self.values.get_mut(n as usize)) {
            *slot = Some(v);
        }
        if let (Some(w), Some(slot)) = (event_window(e), self.windows.get_mut(n as usize)) {
            *slot = Some(w);
        }
        self.current = node_opt(n);
        self.event = i + 1;
        true
    }

    /// Undoes the last applied event; false before the first.
    fn undo<A: Copy>(&mut self, trace: &Trace<A>) -> bool {
        let Some(i) = self.event.checked_sub(1) else { return false };
        let (Some(e), Some(&l)) = (trace.events.get(i), trace.links.get(i)) else { return false };
        let n = l.node;
        match e {
            Event::SearchStart { .. } => self.counters.searches -= 1,
            Event::Enter { .. } => {
                self.stack.pop();
                self.counters.nodes -= 1;
            }
            Event::Leaf { .. } | Event::LeafUtilities { .. } => self.counters.leaves -= 1,
            Event::TtHit { .. } => self.counters.tt_hits -= 1,
            Event::Cutoff { first_skipped, total, .. } => {
                if first_skipped < total {
                    self.counters.cutoffs -= 1;
                }
                self.pruned -= l.aux_len as usize;
            }
            Event::ForwardPrune { .. } => self.pruned -= l.aux_len as usize,
            Event::Exit { .. } | Event::ExitUtilities { .. } if n != NONE => self.stack.push(n),
            Event::SearchEnd { .. } => {
                if let Some(r) = trace.results.get(l.aux as usize) {
                    self.stack.extend_from_slice(&r.abandoned);
                }
            }
            _ => {}
        }
        if let (Some(_), Some(slot)) = (event_value(e), self.values.get_mut(n as usize)) {
            *slot = trace.events.get(l.prev_val as usize).and_then(event_value);
        }
        if let (Some(_), Some(slot)) = (event_window(e), self.windows.get_mut(n as usize)) {
            *slot = trace.events.get(l.prev_win as usize).and_then(event_window);
        }
        self.event = i;
        self.current = i.checked_sub(1).and_then(|j| trace.links.get(j)).and_then(|l| node_opt(l.node));
        true
    }

    /// Moves to step `i` (clamped to the trace's length), one step at a time: O(|i − index|).
    pub fn seek<A: Copy>(&mut self, trace: &Trace<A>, i: usize) {
        let i = i.min(trace.len());
        while self.index < i && self.forward(trace) {}
        while self.index > i && self.backward(trace) {}
    }
}

/// A [`StepState`] together with the trace it steps through.
#[derive(Clone, Debug)]
pub struct Cursor<'t, A> {
    trace: &'t Trace<A>,
    state: StepState,
}

impl<'t, A: Copy> Cursor<'t, A> {
    /// A cursor at step 0.
    pub fn new(trace: &'t Trace<A>) -> Self {
        Cursor { trace, state: StepState::new(trace) }
    }

    /// The trace.
    pub fn trace(&self) -> &'t Trace<A> {
        self.trace
    }

    /// Forward up to `n` steps; returns how many were taken.
    pub fn step(&mut self, n: usize) -> usize {
        let mut k = 0;
        while k < n && self.state.forward(self.trace) {
            k += 1;
        }
        k
    }

    /// Back up to `n` steps; returns how many were undone.
    pub fn back(&mut self, n: usize) -> usize {
        let mut k = 0;
        while k < n && self.state.backward(self.trace) {
            k += 1;
        }
        k
    }

    /// Moves to step `i` (clamped).
    pub fn seek(&mut self, i: usize) {
        self.state.seek(self.trace, i);
    }

    /// The number of steps.
    pub fn len(&self) -> usize {
        self.trace.len()
    }

    /// The trace has no steps.
    pub fn is_empty(&self) -> bool {
        self.trace.is_empty()
    }

    /// Steps taken so far.
    pub fn index(&self) -> usize {
        self.state.index()
    }

    /// The full state now.
    pub fn state(&self) -> &StepState {
        &self.state
    }

    /// The event that says what the step just taken is ([`Trace::step_event`]).
    pub fn last_event(&self) -> Option<&'t Event<A>> {
        self.state
            .index()
            .checked_sub(1)
            .and_then(|i| self.trace.step_event(i))
            .and_then(|e| self.trace.events.get(e))
    }

    /// The kind of the step just taken.
    pub fn last_kind(&self) -> Option<super::EventKind> {
        self.last_event().map(super::EventKind::of)
    }

    /// The edges pruned by now.
    pub fn pruned_edges(&self) -> &'t [PrunedEdge<A>] {
        &self.trace.pruned[..self.state.pruned_count()]
    }

    /// One line, in plain words, for the step just taken ("" at step 0).
    pub fn narration(&self) -> String {
        match self.state.index().checked_sub(1) {
            Some(i) => self.trace.narration(i),
            None => String::new(),
        }
    }

    /// The pseudocode line of the step just taken.
    pub fn pseudocode_line(&self) -> Option<(Procedure, u32)> {
        self.state.index().checked_sub(1).and_then(|i| self.trace.pseudocode_line(i))
    }
}
