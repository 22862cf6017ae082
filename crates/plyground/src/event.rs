//! One closed enum of search events, and the observer that receives them.
//!
//! Every search is generic over an [`Observer`]. The depth-first searches (minimax, α-β,
//! expectiminimax, max^n) speak a stack discipline: `Enter` pushes a node, `Exit` pops it, and
//! everything in between happens at the node on top. No node ids are sent; a
//! [`crate::trace::Recorder`] numbers nodes in the order they are entered. MCTS keeps a tree
//! across iterations, so its events carry the ids of its own node arena.
//!
//! Cost: searches guard every event with `if O::ENABLED`, a constant, so with
//! [`NoObserver`] the events are never even built (`cargo xtask bench` prints the ratio).

use crate::game::Utilities;

/// What kind of node a search entered.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum NodeKind {
    /// Player 0 to move in a two-player search: takes the max.
    Max,
    /// Player 1 to move in a two-player search: takes the min.
    Min,
    /// Nature to move: takes the probability-weighted average.
    Chance,
    /// Player `p` to move in an n-player (max^n) search.
    Player(u8),
}

/// Which bound a transposition-table entry holds.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum Bound {
    /// The exact value.
    Exact,
    /// The value is at least this (a β cutoff happened).
    Lower,
    /// The value is at most this (no move reached α).
    Upper,
}

/// Why a leaf was not expanded.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum LeafKind {
    /// TERMINAL-TEST(s) held: the value is UTILITY(s).
    Terminal,
    /// The depth cutoff was reached: the value is EVAL(s).
    Cutoff,
    /// Quiescence search ended in a quiet position: the value is EVAL(s).
    Quiet,
    /// A rule of the game settled the node without expanding it: its exact value (the
    /// Connect-4 solver: a win at once, no move that avoids losing at once, a board that can
    /// only end drawn) or a bound on it that already lies outside the window (too few stones
    /// left to win or lose by more).
    Proven,
    /// The Connect-4 solver's opening book gave the node's exact value without search (a
    /// position with the book's number of stones).
    Book,
}

impl LeafKind {
    /// Why the node is a leaf, as a figure says it beside the node's kind ("MAX node (depth
    /// cutoff: EVAL)"); None for a terminal, whose kind says it all.
    pub fn why(self) -> Option<&'static str> {
        match self {
            LeafKind::Terminal => None,
            LeafKind::Cutoff => Some("depth cutoff: EVAL"),
            LeafKind::Quiet => Some("quiet: EVAL"),
            LeafKind::Proven => Some("settled by a rule: a win at once or a forced loss"),
            LeafKind::Book => Some("book: the opening book's exact value"),
        }
    }
}

/// The four MCTS phases.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum MctsPhase {
    /// Walk down by UCB1.
    Select,
    /// Add one child.
    Expand,
    /// Play randomly to the end.
    Rollout,
    /// Add the result to N and W along the path.
    Backup,
}

/// A search event. `A` is the game's action type. (Fields are described on their variant.)
#[allow(missing_docs)]
#[derive(Copy, Clone, PartialEq, Debug)]
pub enum Event<A> {
    /// A search (or one iteration of iterative deepening) starts; `depth` is its depth limit
    /// (`u32::MAX` for none).
    SearchStart { depth: u32 },
    /// A node is entered through `via` (the root has `None`) with the window (α, β) it was
    /// given. Searches without a window send (−∞, +∞).
    Enter { via: Option<A>, kind: NodeKind, alpha: f64, beta: f64 },
    /// The node on top is a leaf worth `value` (to MAX).
    Leaf { value: f64, kind: LeafKind },
    /// The node on top is an n-player leaf with these utilities.
    LeafUtilities { values: Utilities, kind: LeafKind },
    /// A transposition-table entry answered for the node on top without searching it.
    TtHit { value: f64, bound: Bound },
    /// Child number `child` of the node on top returned `value`; the node's running `v` and
    /// its window are now `v`, (α, β). For chance nodes `v` is the running weighted sum and
    /// `prob` the child's probability (1 otherwise).
    Backup { child: u32, value: f64, prob: f64, v: f64, alpha: f64, beta: f64 },
    /// Child `child` of the n-player node on top returned `values`; `best` is the node's
    /// running choice.
    BackupUtilities { child: u32, values: Utilities, best: Utilities },
    /// The node on top stops early: `v` passed the window (v ≥ β at MAX, v ≤ α at MIN, or
    /// strictly, by the tie rule). Children `first_skipped .. total` are pruned.
    Cutoff { v: f64, alpha: f64, beta: f64, first_skipped: u32, total: u32 },
    /// A chance node finished: `value` is Σ P(r)·value(child r).
    ChanceAverage { value: f64 },
    /// The node on top is left, with `value` backed up to its parent.
    Exit { value: f64 },
    /// The n-player node on top is left with these utilities.
    ExitUtilities { values: Utilities },
    /// The search (or iteration) ended; `complete` is false when the node budget ran out.
    SearchEnd { value: f64, best: Option<A>, complete: bool },
    /// MCTS: one iteration starts (`iteration` counts from 0).
    MctsIteration { iteration: u32 },
    /// MCTS selection: from `node`, UCB1 picked `child` (both arena ids) with this value and
    /// its two terms.
    MctsSelect { node: u32, child: u32, exploitation: f64, exploration: f64 },
    /// MCTS expansion: `child` (new arena id) was added under `node` through `action`.
    MctsExpand { node: u32, child: u32, action: A },
    /// MCTS rollout from `node`: `plies` random moves to a terminal state with these utilities
    /// (rewards in [0, 1] per player).
    MctsRollout { node: u32, plies: u32, reward: Utilities },
    /// MCTS backup: `node` now has N = `visits` and W = `wins` (for the player who moved into
    /// it).
    MctsBackup { node: u32, visits: u32, wins: f64 },
    /// Beam search (forward pruning) dropped `action` at the node on top before searching any
    /// child: EVAL of its result, `eval` (to MAX), is not among the `width` best for the
    /// player to move. The child is never searched (it may hide the best move).
    ForwardPrune { action: A, eval: f64, width: u32 },
    /// Singular extension at the node on top: the child reached by `action` is worth `value`,
    /// better for the player to move than every sibling by `gap` (≥ `margin`), and is
    /// searched again `extra` plies deeper: the next `Enter` is that search.
    Extend { action: A, value: f64, gap: f64, margin: f64, extra: u32 },
}

/// Receives the events of a search.
pub trait Observer<A> {
    /// False only for observers that ignore everything; searches skip building events then.
    const ENABLED: bool = true;
    /// One event.
    fn event(&mut self, e: &Event<A>);
}

/// The observer that ignores everything and costs nothing.
#[derive(Copy, Clone, Default, Debug)]
pub struct NoObserver;

impl<A> Observer<A> for NoObserver {
    const ENABLED: bool = false;
    #[inline(always)]
    fn event(&mut self, _e: &Event<A>) {}
}

/// Collects events into a vector (handy in tests).
impl<A: Copy> Observer<A> for Vec<Event<A>> {
    fn event(&mut self, e: &Event<A>) {
        self.push(*e);
    }
}

/// Forwards to a closure.
pub struct FnObserver<F>(pub F);

impl<A, F: FnMut(&Event<A>)> Observer<A> for FnObserver<F> {
    fn event(&mut self, e: &Event<A>) {
        (self.0)(e)
    }
}

impl<A, O: Observer<A>> Observer<A> for &mut O {
    const ENABLED: bool = O::ENABLED;
    #[inline(always)]
    fn event(&mut self, e: &Event<A>) {
        (**self).event(e)
    }
}
