//! Navigation by event: where the next or previous cutoff is, the next return at a depth, a
//! node's entry and exit, a compact list of the steps in a few words each, and the prompt a
//! presenter shows before a step ("Next: C returns. What value?").
//!
//! Positions are what a front end seeks to: position `p` (0 ..= [`Trace::len`]) shows the
//! picture after the first `p` steps, so the step that position `p` narrates is step
//! `p − 1`. Every function here answers in positions: going "to the cutoff at C" shows the
//! picture just after the cutoff, with its narration.

use super::{fmt_vector, narrate::fmt_value, EventKind, Trace};
use crate::event::Event;

/// Where a navigation command goes.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Target {
    /// The first cutoff (one that pruned a child) after the current position.
    NextCutoff,
    /// The last cutoff before the current position.
    PrevCutoff,
    /// The first return (a node left, a leaf's step included) of a node at this depth after
    /// the current position.
    NextReturn(u32),
    /// The last return of a node at this depth before the current position.
    PrevReturn(u32),
    /// The step that enters this node.
    Entry(u32),
    /// The step that leaves this node.
    Exit(u32),
}

/// What a step is, for the event list's highlighting.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Mark {
    /// A cutoff that pruned children.
    Cutoff,
    /// A node left with its value (a leaf's step is one).
    Return,
    /// Anything else.
    Plain,
}

impl Mark {
    /// "cutoff", "return" or "".
    pub fn name(self) -> &'static str {
        match self {
            Mark::Cutoff => "cutoff",
            Mark::Return => "return",
            Mark::Plain => "",
        }
    }
}

impl<A: Copy> Trace<A> {
    /// Is step `i` a cutoff that skipped at least one child (as the counters count them; a
    /// cutoff test at the last child prunes nothing)?
    fn is_cutoff_step(&self, i: usize) -> bool {
        let e = self.step_event(i).and_then(|e| self.events.get(e));
        matches!(e, Some(Event::Cutoff { first_skipped, total, .. }) if first_skipped < total)
    }

    /// The node step `i` returns from, if it is a return (an Exit, or a leaf's step).
    pub fn return_node(&self, i: usize) -> Option<u32> {
        let r = self.step_events(i);
        let last = r.end.checked_sub(1).filter(|_| !r.is_empty())?;
        match self.events.get(last)? {
            Event::Exit { .. } | Event::ExitUtilities { .. } => self.event_node(last),
            _ => None,
        }
    }

    /// The step's mark in the event list.
    pub fn step_mark(&self, i: usize) -> Mark {
        if self.is_cutoff_step(i) {
            Mark::Cutoff
        } else if self.return_node(i).is_some() {
            Mark::Return
        } else {
            Mark::Plain
        }
    }

    /// The position a navigation command goes to from position `from`, or None when there
    /// is no such step (no cutoff after `from`, a node out of range or never left).
    pub fn seek_target(&self, from: usize, target: Target) -> Option<usize> {
        let len = self.len();
        let from = from.min(len);
        // Step i is shown at position i + 1: "after `from`" means steps from, from + 1, …;
        // "before" means steps whose position is below `from`.
        let next = |f: &dyn Fn(usize) -> bool| (from..len).find(|&i| f(i)).map(|i| i + 1);
        let prev =
            |f: &dyn Fn(usize) -> bool| (0..from.saturating_sub(1)).rev().find(|&i| f(i)).map(|i| i + 1);
        let at_depth =
            |i: usize, d: u32| self.return_node(i).and_then(|n| self.node(n)).is_some_and(|n| n.depth == d);
        match target {
            Target::NextCutoff => next(&|i| self.is_cutoff_step(i)),
            Target::PrevCutoff => prev(&|i| self.is_cutoff_step(i)),
            Target::NextReturn(d) => next(&|i| at_depth(i, d)),
            Target::PrevReturn(d) => prev(&|i| at_depth(i, d)),
            Target::Entry(n) => self.node(n).map(|nd| self.step_of_event(nd.enter_event as usize) + 1),
            Target::Exit(n) => {
                self.node(n).and_then(|nd| nd.exit_event).map(|e| self.step_of_event(e as usize) + 1)
            }
        }
    }

    /// Step `i` in a few words, for the event list: "Enter C", "C·c1 = 2", "Cutoff at C",
    /// "C returns 2", "B gives A 3" ("" out of range).
    pub fn step_words(&self, i: usize) -> String {
        let Some(e) = self.step_event(i) else { return String::new() };
        let node = self.event_node(e);
        let label = |n: Option<u32>| n.map_or_else(|| "?".to_string(), |n| self.label(n));
        let me = label(node);
        let players = self.num_players();
        match &self.events[e] {
            Event::SearchStart { depth } if *depth == u32::MAX => "Start".to_string(),
            Event::SearchStart { depth } => format!("Start, depth {depth}"),
            Event::Enter { .. } => format!("Enter {me}"),
            Event::Leaf { value, .. } => format!("{me} = {}", fmt_value(*value)),
            Event::LeafUtilities { values, .. } => format!("{me} = {}", fmt_vector(values, players)),
            Event::TtHit { value, .. } => format!("{me} = {} (table)", fmt_value(*value)),
            Event::Backup { v, .. } => format!("{me}: v = {}", fmt_value(*v)),
            Event::BackupUtilities { best, .. } => format!("{me}: best {}", fmt_vector(best, players)),
            Event::Cutoff { first_skipped, total, .. } if first_skipped < total => format!("Cutoff at {me}"),
            Event::Cutoff { .. } => format!("{me}: nothing left to prune"),
            Event::ChanceAverage { value } => format!("{me} averages {}", fmt_value(*value)),
            Event::Exit { value } => format!("{me} returns {}", fmt_value(*value)),
            Event::ExitUtilities { values } => format!("{me} returns {}", fmt_vector(values, players)),
            Event::SearchEnd { value, complete: true, .. } => format!("Done: {}", fmt_value(*value)),
            Event::SearchEnd { .. } => "Stopped".to_string(),
            Event::ForwardPrune { .. } => format!("Beam drops at {me}"),
            Event::Extend { .. } => format!("Extend at {me}"),
            _ => EventKind::of(&self.events[e]).name().to_string(),
        }
    }

    /// What a presenter asks before showing step `i`: the step's node and kind, not its
    /// outcome ("Next: MIN node C returns. What value?"; "" out of range).
    pub fn step_prompt(&self, i: usize) -> String {
        let Some(e) = self.step_event(i) else { return String::new() };
        let node = self.event_node(e);
        let who = node.map_or_else(String::new, |n| self.node_name(n));
        if self.is_leaf_step(i) {
            return format!(
                "Next: the leaf {}. What value does it return?",
                node.map_or_else(String::new, |n| self.label(n))
            );
        }
        match &self.events[e] {
            Event::SearchStart { .. } => "Next: the search starts. Which node is entered first?".to_string(),
            Event::Enter { .. } if self.windowed() => format!("Next: enter {who}. With what α and β?"),
            Event::Enter { .. } => format!("Next: enter {who}."),
            Event::Backup { .. } | Event::BackupUtilities { .. } => {
                let c = self.links.get(e).map(|l| l.aux).filter(|&c| self.node(c).is_some());
                let from = c.map_or_else(|| "a child".to_string(), |c| self.label(c));
                format!("Next: {who} takes in the value of {from}. What is v now?")
            }
            Event::Cutoff { .. } => format!("Next at {who}: a cutoff test. What is pruned?"),
            Event::ChanceAverage { .. } => format!("Next: {who} averages its children. What value?"),
            Event::Exit { .. } | Event::ExitUtilities { .. } => format!("Next: {who} returns. What value?"),
            Event::SearchEnd { .. } => "Next: the search ends. What is the root worth?".to_string(),
            _ => format!("Next: {} at {who}. What happens?", EventKind::of(&self.events[e]).name()),
        }
    }
}
