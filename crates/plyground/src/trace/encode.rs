//! The flat eight-number record of an event (layout in the module documentation of
//! [`crate::trace`]).

use super::NONE;
use crate::event::{Bound, Event, LeafKind, NodeKind};

/// The names of the event codes: `EVENT_NAMES[code]`.
pub const EVENT_NAMES: [&str; 19] = [
    "SearchStart",
    "Enter",
    "Leaf",
    "LeafUtilities",
    "TtHit",
    "Backup",
    "BackupUtilities",
    "Cutoff",
    "ChanceAverage",
    "Exit",
    "ExitUtilities",
    "SearchEnd",
    "MctsIteration",
    "MctsSelect",
    "MctsExpand",
    "MctsRollout",
    "MctsBackup",
    "ForwardPrune",
    "Extend",
];

fn id(n: u32) -> f64 {
    if n == NONE {
        -1.0
    } else {
        n as f64
    }
}

fn kind_code(k: NodeKind) -> f64 {
    match k {
        NodeKind::Max => 0.0,
        NodeKind::Min => 1.0,
        NodeKind::Chance => 2.0,
        NodeKind::Player(p) => 3.0 + p as f64,
    }
}

fn leaf_code(k: LeafKind) -> f64 {
    match k {
        LeafKind::Terminal => 0.0,
        LeafKind::Cutoff => 1.0,
        LeafKind::Quiet => 2.0,
        LeafKind::Proven => 3.0,
        LeafKind::Book => 4.0,
    }
}

fn bound_code(b: Bound) -> f64 {
    match b {
        Bound::Exact => 0.0,
        Bound::Lower => 1.0,
        Bound::Upper => 2.0,
    }
}

/// One event as eight numbers: code, node id, then the event's fields. `node` is the trace
/// node the event concerns (`u32::MAX`: none) and `action_index` the natural action index
/// the layout asks for (Enter: of the action into the node; Backup: of the child that
/// returned; SearchEnd: of the best move; `u32::MAX`: none).
pub fn encode_event<A>(e: &Event<A>, node: u32, action_index: u32) -> [f64; 8] {
    let code = super::EventKind::of(e).code() as f64;
    let ai = id(action_index);
    let mut r = [0.0; 8];
    r[0] = code;
    r[1] = id(node);
    let depth = |d: u32| if d == u32::MAX { f64::INFINITY } else { d as f64 };
    match *e {
        Event::SearchStart { depth: d } => r[2] = depth(d),
        Event::Enter { kind, alpha, beta, .. } => {
            r[2] = ai;
            r[3] = kind_code(kind);
            r[4] = alpha;
            r[5] = beta;
        }
        Event::Leaf { value, kind } => {
            r[2] = value;
            r[3] = leaf_code(kind);
        }
        Event::LeafUtilities { values, kind } => {
            r[2..6].copy_from_slice(&values);
            r[6] = leaf_code(kind);
        }
        Event::TtHit { value, bound } => {
            r[2] = value;
            r[3] = bound_code(bound);
        }
        Event::Backup { value, prob, v, alpha, beta, .. } => {
            r[2] = ai;
            r[3] = value;
            r[4] = prob;
            r[5] = v;
            r[6] = alpha;
            r[7] = beta;
        }
        Event::BackupUtilities { best, .. } => {
            r[2] = ai;
            r[3..7].copy_from_slice(&best);
        }
        Event::Cutoff { v, alpha, beta, first_skipped, total } => {
            r[2] = v;
            r[3] = alpha;
            r[4] = beta;
            r[5] = first_skipped as f64;
            r[6] = total as f64;
        }
        Event::ChanceAverage { value } | Event::Exit { value } => r[2] = value,
        Event::ExitUtilities { values } => r[2..6].copy_from_slice(&values),
        Event::SearchEnd { value, complete, .. } => {
            r[2] = value;
            r[3] = ai;
            r[4] = if complete { 1.0 } else { 0.0 };
        }
        Event::MctsIteration { iteration } => r[2] = iteration as f64,
        Event::MctsSelect { node, child, exploitation, exploration } => {
            r[1] = node as f64;
            r[2] = child as f64;
            r[3] = exploitation;
            r[4] = exploration;
        }
        Event::MctsExpand { node, child, .. } => {
            r[1] = node as f64;
            r[2] = child as f64;
            r[3] = ai;
        }
        Event::MctsRollout { node, plies, reward } => {
            r[1] = node as f64;
            r[2] = plies as f64;
            r[3..7].copy_from_slice(&reward);
        }
        Event::MctsBackup { node, visits, wins } => {
            r[1] = node as f64;
            r[2] = visits as f64;
            r[3] = wins;
        }
        Event::ForwardPrune { eval, width, .. } if crate::EXTENSIONS => {
            r[2] = ai;
            r[3] = eval;
            r[4] = width as f64;
        }
        Event::Extend { value, gap, margin, extra, .. } if crate::EXTENSIONS => {
            r[2] = ai;
            r[3] = value;
            r[4] = gap;
            r[5] = margin;
            r[6] = extra as f64;
        }
        // Never sent without the `extensions` feature.
        Event::ForwardPrune { .. } | Event::Extend { .. } => {}
    }
    r
}
