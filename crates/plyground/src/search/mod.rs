//! The searches. Each is generic over the [`Game`](crate::game::Game) and over an
//! [`Observer`](crate::event::Observer); each returns a [`SearchResult`].
//!
//! - [`minimax`] — MINIMAX-DECISION with MAX-VALUE / MIN-VALUE; on games with chance nodes it
//!   is EXPECTIMINIMAX (the same recurrence with a probability-weighted average at chance
//!   nodes), also exported as [`expectiminimax`](minimax::expectiminimax).
//! - [`alphabeta`] — ALPHA-BETA-SEARCH (fail-soft, the lessons' form) with tie rule, move
//!   ordering, depth cutoff + EVAL (H-minimax), quiescence, transposition table and
//!   iterative deepening under a node budget.
//! - [`maxn`] — max^n for n-player games.
//! - [`mcts`] — Monte Carlo tree search with UCB1.
//! - [`solver`] — the exact Connect-4 solver: α-β in negamax form on the bitboard.
//! - [`compare`] — the comparison grid: which searches a comparison table runs on a tree or
//!   position, which apply, and its figures (fewest leaves, beam verdicts, reference sizes).
//! - [`score`] — what an answer says: the root's value, each root move's score marked exact,
//!   a bound or an estimate, a proven outcome.
//!
//! The players and the stepped engines that move for them are in [`crate::play`].

pub mod alphabeta;
pub mod book;
pub mod compare;
pub mod maxn;
pub mod mcts;
pub mod minimax;
pub mod score;
pub mod solver;
pub mod tt;

use std::fmt;

/// Counters every search keeps.
#[derive(Copy, Clone, Default, PartialEq, Eq, Debug)]
pub struct Stats {
    /// Nodes entered, root included.
    pub nodes: u64,
    /// Leaves evaluated (terminal utility or EVAL at the cutoff).
    pub leaves: u64,
    /// α or β cutoffs.
    pub cutoffs: u64,
    /// The deepest ply entered (root = 0).
    pub max_depth: u32,
    /// Transposition-table probes that answered without a search.
    pub tt_hits: u64,
    /// Transposition-table probes that did not.
    pub tt_misses: u64,
    /// Singular extensions made (moves searched again deeper; the `extensions` feature).
    #[cfg(feature = "extensions")]
    pub extensions: u64,
    /// Moves beam search dropped without searching them (the `extensions` feature).
    #[cfg(feature = "extensions")]
    pub forward_pruned: u64,
}

impl Stats {
    /// Adds another run's counters (iterative deepening sums its iterations).
    pub fn add(&mut self, o: &Stats) {
        self.nodes += o.nodes;
        self.leaves += o.leaves;
        self.cutoffs += o.cutoffs;
        self.max_depth = self.max_depth.max(o.max_depth);
        self.tt_hits += o.tt_hits;
        self.tt_misses += o.tt_misses;
        #[cfg(feature = "extensions")]
        {
            self.extensions += o.extensions;
            self.forward_pruned += o.forward_pruned;
        }
    }
}

/// What a search found.
#[derive(Clone, PartialEq, Debug)]
pub struct SearchResult<A> {
    /// The root's value, as utility to MAX (player 0).
    pub value: f64,
    /// The decision: the root action chosen (None at a terminal root).
    pub best: Option<A>,
    /// The decision as a 0-based index into ACTIONS(root) in the game's natural order.
    pub best_index: Option<usize>,
    /// The principal variation from the root (as far as the search knows it exactly).
    pub pv: Vec<A>,
    /// Counters.
    pub stats: Stats,
    /// False when a node budget stopped the search before it finished; the result is then
    /// the best of the deepest completed iteration (or empty if none completed).
    pub complete: bool,
    /// For depth-limited searches, the depth of the iteration the result comes from.
    pub depth: u32,
}

/// When α-β prunes.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default, Hash)]
pub enum TieRule {
    /// Prune on v ≥ β (MAX) / v ≤ α (MIN): the lessons' and AIMA's form.
    #[default]
    NonStrict,
    /// Prune only on v > β / v < α (the convention some autograders use).
    Strict,
}

impl TieRule {
    /// Parses `nonstrict` / `strict`.
    pub fn try_parse(s: &str) -> Result<Self, String> {
        match s {
            "nonstrict" | "non-strict" | "ge" => Ok(TieRule::NonStrict),
            "strict" | "gt" => Ok(TieRule::Strict),
            _ => Err(format!("unknown tie rule '{s}' (expected nonstrict or strict)")),
        }
    }
}

/// The order in which a node's children are searched.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default, Hash)]
pub enum MoveOrder {
    /// ACTIONS(s) as the game lists them.
    #[default]
    Natural,
    /// ACTIONS(s) back to front.
    Reversed,
    /// A seeded shuffle at every node.
    Random(u64),
    /// By the game's static [`order_hint`](crate::game::Game::order_hint) (e.g. centre-first
    /// in Connect-4).
    Heuristic,
    /// Heuristic, then moves that caused a cutoff at the same ply (two killer slots) first.
    Killer,
    /// Heuristic, then by how often each move caused a cutoff anywhere (history heuristic).
    History,
    /// Oracle ordering: best first by each child's true value (unattainable in real play, but
    /// it shows the b^(m/2) best case the lessons call perfect ordering). Written `best`
    /// (`perfect` is read too).
    Best,
}

impl MoveOrder {
    /// Parses `natural`, `reverse`, `random:SEED`, `heuristic`, `killer`, `history`, `best`.
    pub fn try_parse(s: &str) -> Result<Self, String> {
        match s {
            "natural" => Ok(MoveOrder::Natural),
            "reverse" | "reversed" => Ok(MoveOrder::Reversed),
            "heuristic" => Ok(MoveOrder::Heuristic),
            "killer" => Ok(MoveOrder::Killer),
            "history" => Ok(MoveOrder::History),
            "best" | "perfect" => Ok(MoveOrder::Best),
            "random" => Ok(MoveOrder::Random(1)),
            _ => match s.strip_prefix("random:") {
                Some(seed) => seed
                    .parse::<u64>()
                    .map(MoveOrder::Random)
                    .map_err(|_| format!("bad seed in ordering '{s}' (expected random:<integer>)")),
                None => Err(format!(
                    "unknown ordering '{s}' (expected natural, reverse, random:SEED, heuristic, killer, history or best)"
                )),
            },
        }
    }
}

impl fmt::Display for MoveOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveOrder::Natural => f.write_str("natural"),
            MoveOrder::Reversed => f.write_str("reverse"),
            MoveOrder::Random(s) => write!(f, "random:{s}"),
            MoveOrder::Heuristic => f.write_str("heuristic"),
            MoveOrder::Killer => f.write_str("killer"),
            MoveOrder::History => f.write_str("history"),
            MoveOrder::Best => f.write_str("best"),
        }
    }
}

/// "+∞", "−∞" or the number, as the lessons print values.
pub fn fmt_value(v: f64) -> String {
    if v == f64::INFINITY {
        "+∞".to_string()
    } else if v == f64::NEG_INFINITY {
        "−∞".to_string()
    } else if v.fract() == 0.0 && v.abs() < 1e15 {
        format!("{}", v as i64)
    } else {
        let s = crate::decimal::fixed(v, 4);
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

/// The triangular principal-variation table: `line(ply)` is the best line found so far from
/// the node at `ply`. Reuses its buffers, so searches do not allocate per node.
#[derive(Clone, Debug)]
pub struct PvTable<A> {
    lines: Vec<Vec<A>>,
}

impl<A> Default for PvTable<A> {
    fn default() -> Self {
        PvTable { lines: Vec::new() }
    }
}

impl<A: Copy> PvTable<A> {
    /// Forget the line at `ply` (a node at that ply was just entered).
    #[inline]
    pub fn clear(&mut self, ply: u32) {
        let i = ply as usize;
        while self.lines.len() <= i + 1 {
            self.lines.push(Vec::new());
        }
        self.lines[i].clear();
    }

    /// The node at `ply` found a better move `a`: its line is `a` then the child's line.
    #[inline]
    pub fn update(&mut self, ply: u32, a: A) {
        let i = ply as usize;
        let (head, tail) = self.lines.split_at_mut(i + 1);
        let line = &mut head[i];
        line.clear();
        line.push(a);
        if let Some(child) = tail.first() {
            line.extend_from_slice(child);
        }
    }

    /// The line from the node at `ply`.
    pub fn line(&self, ply: u32) -> &[A] {
        self.lines.get(ply as usize).map(|v| v.as_slice()).unwrap_or(&[])
    }
}
