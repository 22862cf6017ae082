//! The lessons' pseudocode as text, and which line each event executes, so a front end can
//! highlight exactly the line shown. Line numbers count from 1 within a procedure's text.
//!
//! MINIMAX-DECISION, MAX-VALUE, MIN-VALUE and ALPHA-BETA-SEARCH are the lesson's blocks in
//! plain Unicode. EXPECTIMINIMAX (written here as one procedure over MAX, MIN and chance
//! nodes) and MAXN-VALUE are in the same style.

use super::Flavour;
use crate::event::{Event, NodeKind};

/// MINIMAX-DECISION (the lesson's block, first part).
pub const MINIMAX_DECISION: &str = "\
function MINIMAX-DECISION(state) returns an action
  return the action a ∈ ACTIONS(state) maximizing MIN-VALUE(RESULT(state, a))";

/// MAX-VALUE of minimax.
pub const MAX_VALUE: &str = "\
function MAX-VALUE(state) returns a utility value
  if TERMINAL-TEST(state) then return UTILITY(state)
  v ← −∞
  for each a in ACTIONS(state) do
    v ← max(v, MIN-VALUE(RESULT(state, a)))
  return v";

/// MIN-VALUE of minimax.
pub const MIN_VALUE: &str = "\
function MIN-VALUE(state) returns a utility value
  if TERMINAL-TEST(state) then return UTILITY(state)
  v ← +∞
  for each a in ACTIONS(state) do
    v ← min(v, MAX-VALUE(RESULT(state, a)))
  return v";

/// ALPHA-BETA-SEARCH.
pub const ALPHA_BETA_SEARCH: &str = "\
function ALPHA-BETA-SEARCH(state) returns an action
  v ← MAX-VALUE(state, −∞, +∞)
  return the action in ACTIONS(state) with value v";

/// MAX-VALUE of α-β.
pub const AB_MAX_VALUE: &str = "\
function MAX-VALUE(state, α, β) returns a utility value
  if TERMINAL-TEST(state) then return UTILITY(state)
  v ← −∞
  for each a in ACTIONS(state) do
    v ← max(v, MIN-VALUE(RESULT(state, a), α, β))
    if v ≥ β then return v // beta cutoff: MIN avoids this node
    α ← max(α, v)
  return v";

/// MIN-VALUE of α-β.
pub const AB_MIN_VALUE: &str = "\
function MIN-VALUE(state, α, β) returns a utility value
  if TERMINAL-TEST(state) then return UTILITY(state)
  v ← +∞
  for each a in ACTIONS(state) do
    v ← min(v, MAX-VALUE(RESULT(state, a), α, β))
    if v ≤ α then return v // alpha cutoff: MAX avoids this node
    β ← min(β, v)
  return v";

/// EXPECTIMINIMAX: minimax with a probability-weighted average at chance nodes.
pub const EXPECTIMINIMAX: &str = "\
function EXPECTIMINIMAX(state) returns a utility value
  if TERMINAL-TEST(state) then return UTILITY(state)
  if PLAYER(state) = MAX then v ← −∞
  if PLAYER(state) = MIN then v ← +∞
  if PLAYER(state) = CHANCE then v ← 0
  for each a in ACTIONS(state) do
    w ← EXPECTIMINIMAX(RESULT(state, a))
    if PLAYER(state) = MAX then v ← max(v, w)
    if PLAYER(state) = MIN then v ← min(v, w)
    if PLAYER(state) = CHANCE then v ← v + P(a) · w
  return v";

/// max^n: each player picks the child whose utility vector is best for itself.
pub const MAXN_VALUE: &str = "\
function MAXN-VALUE(state) returns a utility vector
  if TERMINAL-TEST(state) then return UTILITIES(state)
  p ← PLAYER(state); best ← none
  for each a in ACTIONS(state) do
    u ← MAXN-VALUE(RESULT(state, a))
    if best = none or u[p] > best[p] then best ← u
  return best";

/// One procedure of the pseudocode.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum Procedure {
    /// [`MINIMAX_DECISION`].
    MinimaxDecision,
    /// [`MAX_VALUE`].
    MaxValue,
    /// [`MIN_VALUE`].
    MinValue,
    /// [`ALPHA_BETA_SEARCH`].
    AlphaBetaSearch,
    /// [`AB_MAX_VALUE`].
    AbMaxValue,
    /// [`AB_MIN_VALUE`].
    AbMinValue,
    /// [`EXPECTIMINIMAX`].
    Expectiminimax,
    /// [`MAXN_VALUE`].
    MaxNValue,
}

impl Procedure {
    /// Every procedure.
    pub const ALL: [Procedure; 8] = [
        Procedure::MinimaxDecision,
        Procedure::MaxValue,
        Procedure::MinValue,
        Procedure::AlphaBetaSearch,
        Procedure::AbMaxValue,
        Procedure::AbMinValue,
        Procedure::Expectiminimax,
        Procedure::MaxNValue,
    ];

    /// The procedure's text (lines separated by '\n').
    pub fn text(self) -> &'static str {
        match self {
            Procedure::MinimaxDecision => MINIMAX_DECISION,
            Procedure::MaxValue => MAX_VALUE,
            Procedure::MinValue => MIN_VALUE,
            Procedure::AlphaBetaSearch => ALPHA_BETA_SEARCH,
            Procedure::AbMaxValue => AB_MAX_VALUE,
            Procedure::AbMinValue => AB_MIN_VALUE,
            Procedure::Expectiminimax => EXPECTIMINIMAX,
            Procedure::MaxNValue => MAXN_VALUE,
        }
    }

    /// Line `n` (from 1) of the text.
    pub fn line(self, n: u32) -> Option<&'static str> {
        n.checked_sub(1).and_then(|i| self.text().lines().nth(i as usize))
    }

    /// The procedure's name as the text writes it, e.g. "MAX-VALUE".
    pub fn name(self) -> &'static str {
        match self {
            Procedure::MinimaxDecision => "MINIMAX-DECISION",
            Procedure::MaxValue | Procedure::AbMaxValue => "MAX-VALUE",
            Procedure::MinValue | Procedure::AbMinValue => "MIN-VALUE",
            Procedure::AlphaBetaSearch => "ALPHA-BETA-SEARCH",
            Procedure::Expectiminimax => "EXPECTIMINIMAX",
            Procedure::MaxNValue => "MAXN-VALUE",
        }
    }
}

/// The procedure a node of this kind runs in a trace of this flavour.
fn procedure_for(flavour: Flavour, kind: NodeKind) -> Procedure {
    match (kind, flavour) {
        (NodeKind::Chance, _) => Procedure::Expectiminimax,
        (NodeKind::Player(_), _) => Procedure::MaxNValue,
        (_, Flavour::Expectiminimax) => Procedure::Expectiminimax,
        (NodeKind::Max, Flavour::AlphaBeta) => Procedure::AbMaxValue,
        (NodeKind::Min, Flavour::AlphaBeta) => Procedure::AbMinValue,
        (NodeKind::Max, _) => Procedure::MaxValue,
        (NodeKind::Min, _) => Procedure::MinValue,
    }
}

/// The pseudocode line event `e` executes. `kind` is the kind of the node it concerns (None
/// for search start/end); `prev` and `next` are the neighbouring events, which decide
/// between lines that one event can stand for (a Backup followed by a Cutoff stops at the
/// test; an Exit right after a Leaf is the TERMINAL-TEST return).
///
/// TtHit maps to the procedure's header: the table answers before the body runs. MCTS
/// events, and search start/end of max^n, have no line.
pub fn pseudocode_line<A>(
    flavour: Flavour,
    kind: Option<NodeKind>,
    e: &Event<A>,
    prev: Option<&Event<A>>,
    next: Option<&Event<A>>,
) -> Option<(Procedure, u32)> {
    let decision = match flavour {
        Flavour::AlphaBeta => Some((Procedure::AlphaBetaSearch, 1, 3)),
        Flavour::Minimax | Flavour::Expectiminimax => Some((Procedure::MinimaxDecision, 1, 2)),
        Flavour::MaxN => None,
    };
    match e {
        Event::SearchStart { .. } => return decision.map(|(p, first, _)| (p, first)),
        Event::SearchEnd { .. } => return decision.map(|(p, _, last)| (p, last)),
        _ => {}
    }
    let kind = kind?;
    let p = procedure_for(flavour, kind);
    // (update line, return line) of each procedure.
    let (update, ret) = match p {
        Procedure::MaxValue | Procedure::MinValue => (5, 6),
        Procedure::AbMaxValue | Procedure::AbMinValue => (7, 8),
        Procedure::Expectiminimax => (
            match kind {
                NodeKind::Max => 8,
                NodeKind::Min => 9,
                _ => 10,
            },
            11,
        ),
        Procedure::MaxNValue => (6, 7),
        Procedure::MinimaxDecision | Procedure::AlphaBetaSearch => (2, 2),
    };
    let ab = matches!(p, Procedure::AbMaxValue | Procedure::AbMinValue);
    let line = match e {
        Event::Enter { .. } | Event::TtHit { .. } => 1,
        Event::Leaf { .. } | Event::LeafUtilities { .. } => 2,
        Event::Backup { .. } | Event::BackupUtilities { .. } => {
            if ab && matches!(next, Some(Event::Cutoff { .. })) {
                5
            } else {
                update
            }
        }
        Event::Cutoff { .. } => {
            if !ab {
                return None;
            }
            6
        }
        Event::ChanceAverage { .. } => ret,
        Event::Exit { .. } | Event::ExitUtilities { .. } => match prev {
            Some(Event::Leaf { .. } | Event::LeafUtilities { .. }) => 2,
            Some(Event::TtHit { .. }) => 1,
            Some(Event::Cutoff { .. }) if ab => 6,
            _ => ret,
        },
        _ => return None,
    };
    Some((p, line))
}
