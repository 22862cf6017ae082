//! ALPHA-BETA-SEARCH in the lessons' fail-soft form, with everything a real engine adds on
//! top — each one an option, so its effect can be measured and watched:
//!
//! - the tie rule (prune on v ≥ β / v ≤ α, or strictly);
//! - move ordering (natural, reversed, random, heuristic, killer, history, best: the oracle);
//! - a depth cutoff with an evaluation function (H-MINIMAX) and quiescence search;
//! - a transposition table;
//! - iterative deepening under a node budget (anytime; the previous PV move first).
//!
//! Children are generated one at a time: ACTIONS(s) is listed (and ordered) at the node, but
//! RESULT(s, a) is computed just before recursing into `a`, so a pruned child never exists.
//! α is updated at the root between children, exactly as in MAX-VALUE.
//!
//! Chance nodes are averaged over all outcomes with the full window (no pruning below them):
//! the value is then EXPECTIMINIMAX's.

use super::score::{MoveScore, Progress, ScoreBound};
use super::tt::{Entry, TranspositionTable};
use super::{MoveOrder, PvTable, SearchResult, Stats, TieRule};
use crate::event::{Bound, Event, LeafKind, NoObserver, NodeKind, Observer};
use crate::game::{Evaluator, Game, Player, ToMove};
use crate::rng::Rng;

const INF: f64 = f64::INFINITY;

pub use crate::limits::MAX_QUIESCENCE_PLIES;

/// Options of [`alpha_beta`] and [`iterative_deepening`].
#[derive(Copy, Clone, PartialEq, Debug)]
pub struct AlphaBetaOptions {
    /// When to prune.
    pub tie: TieRule,
    /// The order children are searched in.
    pub order: MoveOrder,
    /// Depth cutoff in plies (None: search to the end of the game).
    pub depth: Option<u32>,
    /// Use a transposition table of 2^n slots (games without a hash ignore it).
    pub tt_log2: Option<u32>,
    /// Extend the search past the cutoff while the position is not quiescent.
    pub quiescence: bool,
    /// Stop after entering this many nodes (the result is then marked incomplete). The nodes
    /// the best-first ordering's oracle enters count too (the stats leave them out).
    pub node_budget: Option<u64>,
    /// Singular extensions (None: off): see [`Singular`]. Only with the `extensions`
    /// feature, like `beam` (the wasm games module leaves both out).
    #[cfg(feature = "extensions")]
    pub singular: Option<Singular>,
    /// Beam search, a forward pruning (None: off): at every MAX or MIN node above the depth
    /// cutoff, only the `n` children whose EVAL is best for the player to move are searched
    /// (ties keep the search order); the others are dropped before any is searched — an
    /// [`Event::ForwardPrune`] each — and may hide the best move. Not applied in quiescence
    /// search nor at chance nodes.
    #[cfg(feature = "extensions")]
    pub beam: Option<u32>,
}

/// Singular extensions, the lessons' cure for the horizon effect: at a MAX or MIN node above
/// the depth cutoff whose children were all searched (no cutoff, at least two), a child whose
/// value is better for the player to move than every sibling's by at least `margin` is
/// searched again `extra` plies deeper ([`Event::Extend`]), and its deeper value replaces the
/// shallow one. If the deeper value is no longer the best, the siblings whose values were
/// only bounds are searched again (with the window the node has then) so that the node's
/// value stays what α-β guarantees. A line is extended at most once (the extension is not
/// applied again below an extended child), so the search never goes deeper than the depth
/// limit plus `extra`. The siblings' fail-soft values are upper bounds (MAX) or lower bounds
/// (MIN) when not exact, so the test never extends a move that is not singular.
#[derive(Copy, Clone, PartialEq, Debug)]
pub struct Singular {
    /// How much better than every sibling the move must be (≥ 0).
    pub margin: f64,
    /// How many plies deeper it is searched (≥ 1).
    pub extra: u32,
}

impl Default for AlphaBetaOptions {
    fn default() -> Self {
        AlphaBetaOptions {
            tie: TieRule::NonStrict,
            order: MoveOrder::Natural,
            depth: None,
            tt_log2: None,
            quiescence: false,
            node_budget: None,
            #[cfg(feature = "extensions")]
            singular: None,
            #[cfg(feature = "extensions")]
            beam: None,
        }
    }
}

impl Singular {
    /// Parses `MARGIN[:EXTRA]` (the CLI's `--singular`): a margin from 0 to
    /// [`MAX_SINGULAR_MARGIN`](crate::limits::MAX_SINGULAR_MARGIN) and 1 to
    /// [`MAX_SINGULAR_EXTRA`](crate::limits::MAX_SINGULAR_EXTRA) extra plies (default 1).
    pub fn try_parse(s: &str) -> Result<Singular, String> {
        use crate::limits::{MAX_SINGULAR_EXTRA, MAX_SINGULAR_MARGIN};
        let (m, e) = s.split_once(':').unwrap_or((s, "1"));
        let margin = crate::decimal::parse(m.trim())
            .filter(|x| x.is_finite() && (0.0..=MAX_SINGULAR_MARGIN).contains(x))
            .ok_or_else(|| format!("the margin '{m}' must be a number from 0 to 2e15 (as in 2 or 2:1)"))?;
        let extra = e
            .trim()
            .parse::<u32>()
            .ok()
            .filter(|x| (1..=MAX_SINGULAR_EXTRA).contains(x))
            .ok_or_else(|| {
                format!("the extra plies '{e}' must be an integer from 1 to {MAX_SINGULAR_EXTRA} (as in 2:1)")
            })?;
        Ok(Singular { margin, extra })
    }
}

/// The evaluation function of a search that never cuts off (EVAL = 0 if it ever did).
#[derive(Copy, Clone, Default, Debug)]
pub struct NoEval;

impl<G: Game> Evaluator<G> for NoEval {
    fn eval(&self, _game: &G, _s: &G::State) -> f64 {
        0.0
    }
}

/// ALPHA-BETA-SEARCH from `s` to the end of the game (or to `opts.depth` with EVAL = 0).
pub fn alpha_beta<G: Game, O: Observer<G::Action>>(
    game: &G,
    s: &G::State,
    opts: &AlphaBetaOptions,
    obs: O,
) -> SearchResult<G::Action> {
    h_alpha_beta(game, s, &NoEval, opts, obs)
}

/// H-MINIMAX with α-β: cut off at `opts.depth` and apply `eval`.
pub fn h_alpha_beta<G: Game, E: Evaluator<G>, O: Observer<G::Action>>(
    game: &G,
    s: &G::State,
    eval: &E,
    opts: &AlphaBetaOptions,
    obs: O,
) -> SearchResult<G::Action> {
    let mut ab = AlphaBeta::new(game, eval, *opts, obs);
    ab.search(s, opts.depth.unwrap_or(u32::MAX))
}

/// Iterative deepening: α-β to depth 1, 2, … up to `opts.depth` (or until the whole game is
/// searched), sharing one node budget; the transposition table, the killer and history
/// tables and the previous iteration's best move (searched first) are carried from depth
/// d−1 to d. Returns the result of the deepest *completed* iteration (anytime), with the
/// stats of all iterations. `complete` is true only when the search finished what was asked
/// (the requested depth, or the end of the game); a budget that runs out between two depths
/// leaves it false.
///
/// This is [`Deepening`] stepped to the end without per-move scores: the one implementation
/// of iterative deepening (the stepped [`AlphaBetaEngine`](crate::play::engine::AlphaBetaEngine)
/// runs the same steps).
pub fn iterative_deepening<G: Game, E: Evaluator<G>, O: Observer<G::Action>>(
    game: &G,
    s: &G::State,
    eval: &E,
    opts: &AlphaBetaOptions,
    mut obs: O,
) -> SearchResult<G::Action> {
    let mut d = Deepening::new(game, *s, *opts, true, false);
    while !d.is_done() {
        d.step(game, eval, &mut obs);
    }
    d.search_result()
}

/// Where a [`Deepening`] is.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Phase {
    /// The next step searches the root (the next depth).
    Search,
    /// The next step turns the root's bounds into exact values, as far as the budget goes.
    Refine,
    /// Finished.
    Done,
}

/// α-β as a sequence of steps: the one implementation behind [`iterative_deepening`] and the
/// stepped [`AlphaBetaEngine`](crate::play::engine::AlphaBetaEngine).
///
/// Each [`step`](Deepening::step) is one whole α-β search of the root: depth 1, 2, … when
/// `iterative` (carrying the transposition table, killers, history and best move from one
/// depth to the next), or a single search to `opts.depth` otherwise. `opts.node_budget` is
/// ONE budget for all steps together, per-move scores included.
///
/// Per-move scores come from the same search: at the root every child is searched with the
/// window the root had when its turn came, so its fail-soft value is either exact or a true
/// bound ([`ScoreBound::Upper`] for a MAX root's child that did not beat α, …). With
/// `refine`, one more step re-searches each child whose score is a bound with the full
/// window (to the end of the game when the search reached it, else to the same depth)
/// until the budget runs out; what it cannot finish stays a bound.
///
/// When a depth finishes without cutting any leaf off by depth (every leaf reached was the
/// end of the game), the value is the game's value: the search stops there, `exact` is
/// true, and per-move scores are refined to the end of the game (never to that depth).
pub struct Deepening<G: Game> {
    root: G::State,
    opts: AlphaBetaOptions,
    iterative: bool,
    refine: bool,
    carry: Option<Carry<G::Action>>,
    next_depth: u32,
    stats: Stats,
    /// Nodes entered against the budget: `stats.nodes` plus the ordering oracle's (best-first
    /// ordering), which the stats leave out.
    spent: u64,
    iterations: u32,
    best: Option<SearchResult<G::Action>>,
    scores: Vec<MoveScore<G::Action>>,
    reached_end: bool,
    phase: Phase,
}

impl<G: Game> Deepening<G> {
    /// Ready to search `root`. `iterative`: depth 1, 2, … up to `opts.depth`; otherwise one
    /// search to `opts.depth` (None: the end of the game). `refine`: make bounded per-move
    /// scores exact after the main search, within the budget.
    pub fn new(game: &G, root: G::State, opts: AlphaBetaOptions, iterative: bool, refine: bool) -> Self {
        let mut acts = Vec::new();
        game.actions(&root, &mut acts);
        Deepening {
            scores: acts.into_iter().map(|a| MoveScore::new(a, None, ScoreBound::Missing)).collect(),
            root,
            carry: Some(Carry::new(game, &opts)),
            opts,
            iterative,
            refine,
            next_depth: 1,
            stats: Stats::default(),
            spent: 0,
            iterations: 0,
            best: None,
            reached_end: false,
            phase: Phase::Search,
        }
    }

    /// True when no step is left.
    pub fn is_done(&self) -> bool {
        self.phase == Phase::Done
    }

    /// True when the next step refines per-move scores (the root search is over): a caller
    /// that records the search (the wasm API's `searchTree`) observes the root search only.
    pub fn refining(&self) -> bool {
        self.phase == Phase::Refine
    }

    fn remaining(&self) -> u64 {
        self.opts.node_budget.map_or(u64::MAX, |b| b.saturating_sub(self.spent))
    }

    fn budget_opts(&self) -> AlphaBetaOptions {
        AlphaBetaOptions { node_budget: self.opts.node_budget.map(|_| self.remaining()), ..self.opts }
    }

    /// One step: the next depth (or the only search), or the refinement of per-move scores.
    /// Returns the progress after it. A step when done does nothing.
    pub fn step<E: Evaluator<G>, O: Observer<G::Action>>(
        &mut self,
        game: &G,
        eval: &E,
        obs: O,
    ) -> Progress<G::Action> {
        match self.phase {
            Phase::Search => self.search_step(game, eval, obs),
            Phase::Refine => self.refine_step(game, eval, obs),
            Phase::Done => {}
        }
        self.progress()
    }

    fn search_step<E: Evaluator<G>, O: Observer<G::Action>>(&mut self, game: &G, eval: &E, obs: O) {
        let max_depth = self.opts.depth.unwrap_or(u32::MAX);
        if self.remaining() == 0 {
            self.phase = Phase::Done;
            return;
        }
        let d = if self.iterative { self.next_depth.min(max_depth) } else { max_depth };
        let carry = self.carry.take().expect("the carry is back after every step");
        let mut ab = AlphaBeta::with_carry(game, eval, self.budget_opts(), obs, carry);
        let r = ab.search(&self.root, d);
        let reached_end = !ab.hit_horizon;
        let root_scores = std::mem::take(&mut ab.root_scores);
        self.spent += ab.spent();
        let mut carry = ab.into_carry();
        self.stats.add(&r.stats);
        self.iterations += 1;
        if !r.complete {
            self.carry = Some(carry);
            self.phase = Phase::Done;
            return;
        }
        if let Some(b) = r.best {
            carry.root_first = Some(b);
        }
        self.carry = Some(carry);
        self.scores = natural_order(game, &self.root, &root_scores);
        self.reached_end = reached_end;
        self.best = Some(r);
        self.phase = if reached_end || d >= max_depth {
            if self.refine && self.scores.iter().any(|m| m.bound != ScoreBound::Exact) {
                Phase::Refine
            } else {
                Phase::Done
            }
        } else if self.remaining() == 0 {
            Phase::Done
        } else {
            self.next_depth = d + 1;
            Phase::Search
        };
    }

    fn refine_step<E: Evaluator<G>, O: Observer<G::Action>>(&mut self, game: &G, eval: &E, obs: O) {
        self.phase = Phase::Done;
        let Some(best) = &self.best else { return };
        // To the end of the game when the search reached it everywhere; else the same depth.
        let depth = if self.reached_end { u32::MAX } else { best.depth };
        if self.remaining() == 0 {
            return;
        }
        let carry = self.carry.take().expect("the carry is back after every step");
        let total = self.remaining();
        let limited = self.opts.node_budget.is_some();
        let mut ab = AlphaBeta::with_carry(game, eval, self.budget_opts(), obs, carry);
        // Two passes: first each bounded score gets an equal share of what is left (so one
        // hard move cannot starve the others), then whatever is left goes to those still
        // bounded, in order. The table keeps what an unfinished search learnt.
        for pass in 0..2 {
            let todo: Vec<usize> =
                (0..self.scores.len()).filter(|&i| self.scores[i].bound != ScoreBound::Exact).collect();
            for (j, &i) in todo.iter().enumerate() {
                let left = total.saturating_sub(ab.spent());
                if left == 0 {
                    break;
                }
                if limited {
                    let share = if pass == 0 { (left / (todo.len() - j) as u64).max(1) } else { left };
                    ab.opts.node_budget = Some(ab.spent() + share);
                }
                ab.aborted = false;
                let m = &mut self.scores[i];
                let child = game.result(&self.root, m.action);
                let v = ab.value(&child, Some(m.action), -INF, INF, depth.saturating_sub(1), 1, 0);
                if !ab.aborted {
                    m.value = Some(v);
                    m.bound = ScoreBound::Exact;
                }
            }
            if !limited {
                break;
            }
        }
        self.stats.add(&ab.stats);
        self.spent += ab.spent();
        self.carry = Some(ab.into_carry());
    }

    /// Where the search is now.
    pub fn progress(&self) -> Progress<G::Action> {
        Progress {
            depth: self.best.as_ref().map_or(0, |b| b.depth),
            nodes: self.stats.nodes,
            iterations: self.iterations,
            best: self.best.as_ref().and_then(|b| b.best),
            value: self.best.as_ref().map(|b| b.value),
            done: self.is_done(),
        }
    }

    /// True when the search finished what was asked: the requested depth, or the end of the
    /// game (not stopped by the budget).
    pub fn is_complete(&self) -> bool {
        match &self.best {
            Some(b) => self.reached_end || b.depth >= self.opts.depth.unwrap_or(u32::MAX),
            None => false,
        }
    }

    /// True when the value is the game's value: complete, and no leaf was cut off by depth.
    pub fn is_exact(&self) -> bool {
        self.best.is_some() && self.reached_end
    }

    /// The per-move scores (every root action in natural order; see [`Deepening`]).
    pub fn scores(&self) -> &[MoveScore<G::Action>] {
        &self.scores
    }

    /// The deepest completed search as a [`SearchResult`], with the stats of every step and
    /// `complete` as [`is_complete`](Self::is_complete) says. Nothing completed: value 0,
    /// no move, depth 0, incomplete.
    pub fn search_result(&self) -> SearchResult<G::Action> {
        match &self.best {
            Some(b) => SearchResult { stats: self.stats, complete: self.is_complete(), ..b.clone() },
            None => SearchResult {
                value: 0.0,
                best: None,
                best_index: None,
                pv: Vec::new(),
                stats: self.stats,
                complete: false,
                depth: 0,
            },
        }
    }
}

/// The root's scores in the natural order of ACTIONS(root); actions the search did not
/// reach (after a cutoff at the root) are [`ScoreBound::Missing`].
fn natural_order<G: Game>(
    game: &G,
    root: &G::State,
    found: &[(G::Action, f64, ScoreBound)],
) -> Vec<MoveScore<G::Action>> {
    let mut acts = Vec::new();
    game.actions(root, &mut acts);
    // By action, so that a root with many children costs O(n), not n² (an ActionIndex, not
    // a HashMap: hashbrown and SipHash stay out of the wasm module).
    let keys: Vec<G::Action> = found.iter().map(|f| f.0).collect();
    let mut index = crate::action_index::ActionIndex::new();
    index.build(&keys);
    acts.iter()
        .map(|&a| match index.get(&keys, a).map(|i| found[i]) {
            Some((_, v, bound)) => MoveScore::new(a, Some(v), bound),
            None => MoveScore::new(a, None, ScoreBound::Missing),
        })
        .collect()
}

/// The value of every root action, in natural order, each searched with a full window (so
/// every score is exact, not a bound). Uses the same options (depth, EVAL, TT, ordering) but
/// NO node budget: a reference for tests. Searches that answer users get their per-move
/// scores from [`Deepening`] (one budget for everything, each score marked exact or bound).
pub fn alpha_beta_scores<G: Game, E: Evaluator<G>>(
    game: &G,
    s: &G::State,
    eval: &E,
    opts: &AlphaBetaOptions,
) -> Vec<(G::Action, f64)> {
    let mut acts = Vec::new();
    game.actions(s, &mut acts);
    let depth = opts.depth.unwrap_or(u32::MAX);
    let mut ab = AlphaBeta::new(game, eval, AlphaBetaOptions { node_budget: None, ..*opts }, NoObserver);
    acts.iter()
        .map(|&a| {
            let child = game.result(s, a);
            (a, ab.value(&child, None, -INF, INF, depth.saturating_sub(1), 1, 0))
        })
        .collect()
}

/// The α-β engine. Owns its buffers, killer and history tables and transposition table, so
/// that repeated searches (iterative deepening, analysis) reuse them.
pub struct AlphaBeta<'a, G: Game, E, O> {
    game: &'a G,
    eval: &'a E,
    opts: AlphaBetaOptions,
    obs: O,
    /// Counters of the current search.
    pub stats: Stats,
    pv: PvTable<G::Action>,
    tt: Option<TranspositionTable<G::Action>>,
    /// The node budget ran out; unwinding.
    aborted: bool,
    /// Some leaf was cut off by depth (not terminal): a deeper search could say more.
    hit_horizon: bool,
    order: Ordering<'a, G, E>,
    /// The root's children as the last search left them: (action, value, what the value is
    /// given the window the child was searched with), in search order.
    root_scores: Vec<(G::Action, f64, ScoreBound)>,
    /// Singular extensions open on the current path (an extended line is not extended again).
    extending: u32,
}

/// What iterative deepening carries from one depth to the next: the transposition table,
/// the killer and history tables, the random ordering's generator and the best move of the
/// previous iteration.
pub(crate) struct Carry<A> {
    tt: Option<TranspositionTable<A>>,
    killers: Vec<[Option<A>; 2]>,
    history: Vec<(A, u64)>,
    rng: Rng,
    root_first: Option<A>,
}

impl<A: Copy> Carry<A> {
    fn new<G: Game<Action = A>>(game: &G, opts: &AlphaBetaOptions) -> Self {
        let tt = match (opts.tt_log2, game.hash(&game.initial_state())) {
            (Some(n), Some(_)) => Some(TranspositionTable::new(n)),
            _ => None,
        };
        let seed = match opts.order {
            MoveOrder::Random(s) => s,
            _ => 0,
        };
        Carry { tt, killers: Vec::new(), history: Vec::new(), rng: Rng::new(seed), root_first: None }
    }
}

/// The move ordering's state: everything that decides the order of ACTIONS(s) at a node.
/// Apart from the engine because it does not depend on the observer: the ordering code is
/// compiled once per game and evaluator, not once per observer too (it was the largest
/// part of the α-β code in the wasm module).
struct Ordering<'a, G: Game, E> {
    /// Action lists by ply, reused.
    bufs: Vec<Vec<G::Action>>,
    killers: Vec<[Option<G::Action>; 2]>,
    /// History heuristic: (action, score) pairs, searched linearly (a game has few distinct
    /// actions; a hash map per action type cost more wasm code than it saved time).
    history: Vec<(G::Action, u64)>,
    rng: Rng,
    /// Searched first at the root (the previous iteration's best move).
    root_first: Option<G::Action>,
    /// The oracle for best-first ordering: the same search without an observer.
    oracle: Option<Box<AlphaBeta<'a, G, E, NoObserver>>>,
    /// Reused by the move orderings' sorts.
    sort_keys: Vec<(i64, u32)>,
    sort_scratch: Vec<G::Action>,
}

impl<'a, G: Game, E: Evaluator<G>, O: Observer<G::Action>> AlphaBeta<'a, G, E, O> {
    /// An engine with the given options.
    pub fn new(game: &'a G, eval: &'a E, opts: AlphaBetaOptions, obs: O) -> Self {
        Self::with_carry(game, eval, opts, obs, Carry::new(game, &opts))
    }

    /// An engine that starts from what an earlier one learnt (see [`Carry`]).
    fn with_carry(game: &'a G, eval: &'a E, opts: AlphaBetaOptions, obs: O, c: Carry<G::Action>) -> Self {
        AlphaBeta {
            game,
            eval,
            opts,
            obs,
            stats: Stats::default(),
            pv: PvTable::default(),
            tt: c.tt,
            aborted: false,
            hit_horizon: false,
            order: Ordering {
                bufs: Vec::new(),
                killers: c.killers,
                history: c.history,
                rng: c.rng,
                root_first: c.root_first,
                oracle: None,
                sort_keys: Vec::new(),
                sort_scratch: Vec::new(),
            },
            root_scores: Vec::new(),
            extending: 0,
        }
    }

    /// What the next depth inherits.
    fn into_carry(self) -> Carry<G::Action> {
        Carry {
            tt: self.tt,
            killers: self.order.killers,
            history: self.order.history,
            rng: self.order.rng,
            root_first: self.order.root_first,
        }
    }

    /// Nodes entered against the budget: the search's own and its ordering oracle's.
    fn spent(&self) -> u64 {
        self.stats.nodes + self.order.oracle_nodes()
    }

    /// Gives the observer back.
    pub fn into_observer(self) -> O {
        self.obs
    }

    /// One α-β search from `s` to depth `depth` (u32::MAX: to the end).
    pub fn search(&mut self, s: &G::State, depth: u32) -> SearchResult<G::Action> {
        self.aborted = false;
        self.root_scores.clear();
        if O::ENABLED {
            self.obs.event(&Event::SearchStart { depth });
        }
        let value = self.value(s, None, -INF, INF, depth, 0, 0);
        let complete = !self.aborted;
        let pv: Vec<G::Action> = if complete { self.pv.line(0).to_vec() } else { Vec::new() };
        let best = pv.first().copied();
        let best_index = best.map(|b| {
            let mut acts = Vec::new();
            self.game.actions(s, &mut acts);
            acts.iter().position(|&a| a == b).unwrap_or(0)
        });
        if O::ENABLED {
            self.obs.event(&Event::SearchEnd { value, best, complete });
        }
        SearchResult { value, best, best_index, pv, stats: self.stats, complete, depth }
    }

    /// The value of `s` (to MAX) searched with window (α, β) and `depth` plies left;
    /// `qply` counts plies of quiescence search below the cutoff.
    #[allow(clippy::too_many_arguments)]
    fn value(
        &mut self,
        s: &G::State,
        via: Option<G::Action>,
        alpha: f64,
        beta: f64,
        depth: u32,
        ply: u32,
        qply: u32,
    ) -> f64 {
        if let Some(b) = self.opts.node_budget {
            if self.spent() >= b {
                self.aborted = true;
            }
        }
        if self.aborted {
            return 0.0;
        }
        let to_move = self.game.player(s);
        let kind = match to_move {
            ToMove::Player(Player::MAX) => NodeKind::Max,
            ToMove::Player(_) => NodeKind::Min,
            ToMove::Chance => NodeKind::Chance,
        };
        self.stats.nodes += 1;
        self.stats.max_depth = self.stats.max_depth.max(ply);
        self.pv.clear(ply);
        if O::ENABLED {
            self.obs.event(&Event::Enter { via, kind, alpha, beta });
        }
        if self.game.is_terminal(s) {
            let u = self.game.utility(s, Player::MAX);
            return self.leaf(u, LeafKind::Terminal);
        }
        let mut quiesce = false;
        if depth == 0 {
            if self.opts.quiescence && qply < MAX_QUIESCENCE_PLIES && !self.eval.is_quiescent(self.game, s) {
                quiesce = true;
            } else {
                self.hit_horizon = true;
                let kind = if qply > 0 { LeafKind::Quiet } else { LeafKind::Cutoff };
                let e = self.eval.eval(self.game, s);
                return self.leaf(e, kind);
            }
        }

        // Transposition table probe (not inside quiescence: its results depend on the cap).
        let key = if self.tt.is_some() && !quiesce { self.game.hash(s) } else { None };
        let mut tt_move = None;
        if let (Some(k), Some(tt)) = (key, &self.tt) {
            match tt.probe(k) {
                Some(e) => {
                    tt_move = e.best;
                    let usable = e.depth >= depth
                        && match e.bound {
                            Bound::Exact => true,
                            Bound::Lower => self.passes_beta(e.value, beta),
                            Bound::Upper => self.passes_alpha(e.value, alpha),
                        };
                    if usable {
                        let (value, bound) = (e.value, e.bound);
                        self.stats.tt_hits += 1;
                        if O::ENABLED {
                            self.obs.event(&Event::TtHit { value, bound });
                            self.obs.event(&Event::Exit { value });
                        }
                        return value;
                    }
                    self.stats.tt_misses += 1;
                }
                None => self.stats.tt_misses += 1,
            }
        }

        let (v, best) = match kind {
            NodeKind::Chance => (self.chance_value(s, depth, ply, qply), None),
            NodeKind::Max => self.max_value(s, alpha, beta, depth, ply, qply, quiesce, tt_move),
            _ => self.min_value(s, alpha, beta, depth, ply, qply, quiesce, tt_move),
        };
        if self.aborted {
            return 0.0;
        }
        if let (Some(k), Some(tt)) = (key, &mut self.tt) {
            let bound = if v <= alpha {
                Bound::Upper
            } else if v >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            tt.store(Entry { key: k, value: v, bound, depth, best });
        }
        if O::ENABLED {
            self.obs.event(&Event::Exit { value: v });
        }
        v
    }

    fn leaf(&mut self, value: f64, kind: LeafKind) -> f64 {
        self.stats.leaves += 1;
        if O::ENABLED {
            self.obs.event(&Event::Leaf { value, kind });
            self.obs.event(&Event::Exit { value });
        }
        value
    }

    /// The β test of MAX-VALUE: v ≥ β (or v > β under the strict rule).
    #[inline]
    fn passes_beta(&self, v: f64, beta: f64) -> bool {
        match self.opts.tie {
            TieRule::NonStrict => v >= beta,
            TieRule::Strict => v > beta,
        }
    }

    /// The α test of MIN-VALUE: v ≤ α (or v < α under the strict rule).
    #[inline]
    fn passes_alpha(&self, v: f64, alpha: f64) -> bool {
        match self.opts.tie {
            TieRule::NonStrict => v <= alpha,
            TieRule::Strict => v < alpha,
        }
    }

    /// MAX-VALUE(s, α, β): v ← −∞; for each a: v ← max(v, MIN-VALUE(RESULT(s, a), α, β));
    /// if v ≥ β then return v; α ← max(α, v).
    #[allow(clippy::too_many_arguments)]
    fn max_value(
        &mut self,
        s: &G::State,
        alpha: f64,
        beta: f64,
        depth: u32,
        ply: u32,
        qply: u32,
        quiesce: bool,
        tt_move: Option<G::Action>,
    ) -> (f64, Option<G::Action>) {
        self.extreme(true, s, (alpha, beta), depth, ply, qply, quiesce, tt_move)
    }

    /// MIN-VALUE(s, α, β): v ← +∞; for each a: v ← min(v, MAX-VALUE(RESULT(s, a), α, β));
    /// if v ≤ α then return v; β ← min(β, v).
    #[allow(clippy::too_many_arguments)]
    fn min_value(
        &mut self,
        s: &G::State,
        alpha: f64,
        beta: f64,
        depth: u32,
        ply: u32,
        qply: u32,
        quiesce: bool,
        tt_move: Option<G::Action>,
    ) -> (f64, Option<G::Action>) {
        self.extreme(false, s, (alpha, beta), depth, ply, qply, quiesce, tt_move)
    }

    /// The one body of MAX-VALUE and MIN-VALUE: MAX raises v and α and returns once v ≥ β;
    /// MIN lowers v and β and returns once v ≤ α (each test strict under the strict tie rule).
    #[allow(clippy::too_many_arguments)]
    fn extreme(
        &mut self,
        is_max: bool,
        s: &G::State,
        window: (f64, f64),
        depth: u32,
        ply: u32,
        qply: u32,
        quiesce: bool,
        tt_move: Option<G::Action>,
    ) -> (f64, Option<G::Action>) {
        let (mut alpha, mut beta) = window;
        let mut acts = self.order.ordered_actions(
            self.game,
            self.eval,
            &self.opts,
            self.stats.nodes,
            s,
            depth,
            ply,
            qply,
            quiesce,
            tt_move,
        );
        if let (Some(w), false) = (self.beam_width(), quiesce) {
            self.beam(s, &mut acts, w, is_max);
        }
        let total = acts.len() as u32;
        let (next_depth, next_q) = if quiesce { (0, qply + 1) } else { (depth - 1, qply) };
        let singular = self.singular_here(quiesce, depth);
        let mut seen: Vec<(G::Action, f64)> = Vec::new();
        let mut cut = false;
        let mut v = if is_max { -INF } else { INF };
        let mut best = None;
        for (i, &a) in acts.iter().enumerate() {
            let child = self.game.result(s, a);
            let cv = self.value(&child, Some(a), alpha, beta, next_depth, ply + 1, next_q);
            if self.aborted {
                break;
            }
            if ply == 0 {
                self.root_scores.push((a, cv, classify(cv, alpha, beta)));
            }
            if singular.is_some() {
                seen.push((a, cv));
            }
            let better = if is_max { cv > v } else { cv < v };
            if better || best.is_none() {
                v = cv;
                best = Some(a);
                self.pv.update(ply, a);
            }
            let stop = if is_max { self.passes_beta(v, beta) } else { self.passes_alpha(v, alpha) };
            if stop {
                self.cutoff(a, ply, depth, v, alpha, beta, i as u32, cv, total);
                cut = true;
                break;
            }
            if is_max {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
            if O::ENABLED {
                self.obs.event(&Event::Backup { child: i as u32, value: cv, prob: 1.0, v, alpha, beta });
            }
        }
        if let (Some(se), false) = (singular, cut || self.aborted) {
            (v, best) = self.extend(s, &seen, se, window, (next_depth, ply, next_q), is_max, (v, best));
        }
        self.order.bufs[ply as usize] = acts;
        (v, best)
    }

    /// The singular-extension settings asked for: none without the `extensions` feature, so
    /// that a build without it (the wasm games module) leaves their code out.
    #[inline(always)]
    fn singular(&self) -> Option<Singular> {
        #[cfg(feature = "extensions")]
        return self.opts.singular;
        #[cfg(not(feature = "extensions"))]
        None
    }

    /// Beam search's width asked for: none without the `extensions` feature (as above).
    #[inline(always)]
    fn beam_width(&self) -> Option<u32> {
        #[cfg(feature = "extensions")]
        return self.opts.beam;
        #[cfg(not(feature = "extensions"))]
        None
    }

    /// The singular-extension settings that apply at a node with `depth` plies left: on,
    /// above the depth cutoff (not in quiescence, not in a search without a depth limit),
    /// and not below a line already extended.
    fn singular_here(&self, quiesce: bool, depth: u32) -> Option<Singular> {
        match self.singular() {
            Some(se) if !quiesce && self.extending == 0 && depth < u32::MAX / 2 => Some(se),
            _ => None,
        }
    }

    /// Beam search at a node: keeps the `width` actions whose results have the best EVAL for
    /// the player to move (`is_max`), in their search order; the others are dropped with a
    /// [`Event::ForwardPrune`] each. (The ranking is [`Ordering::beam_cut`], compiled once
    /// per game and evaluator, not once per observer too.)
    fn beam(&mut self, s: &G::State, acts: &mut Vec<G::Action>, width: u32, is_max: bool) {
        if acts.len() <= width as usize {
            return;
        }
        let dropped = self.order.beam_cut(self.game, self.eval, s, acts, width, is_max);
        #[cfg(feature = "extensions")]
        {
            self.stats.forward_pruned += dropped.len() as u64;
        }
        if O::ENABLED {
            for &(action, eval) in &dropped {
                self.obs.event(&Event::ForwardPrune { action, eval, width });
            }
        }
    }

    /// Singular extension at a MAX (`is_max`) or MIN node whose children `seen` (action,
    /// fail-soft value, in search order) were all searched: when the best one beats every
    /// other by the margin, it is searched again `extra` plies deeper with the node's window
    /// `win`; if it is then no longer the best, the others are searched again with the
    /// window the node has then. Returns the node's (value, best move).
    #[allow(clippy::type_complexity, clippy::too_many_arguments)]
    #[inline(never)]
    fn extend(
        &mut self,
        s: &G::State,
        seen: &[(G::Action, f64)],
        se: Singular,
        win: (f64, f64),
        (next_depth, ply, next_q): (u32, u32, u32),
        is_max: bool,
        (v, best): (f64, Option<G::Action>),
    ) -> (f64, Option<G::Action>) {
        let Some(b) = best else { return (v, best) };
        let Some(bi) = seen.iter().position(|x| x.0 == b) else { return (v, best) };
        if seen.len() < 2 {
            return (v, best);
        }
        let better = |x: f64, y: f64| if is_max { x > y } else { x < y };
        let mut second = if is_max { -INF } else { INF };
        for (j, &(_, cv)) in seen.iter().enumerate() {
            if j != bi && better(cv, second) {
                second = cv;
            }
        }
        let gap = if is_max { v - second } else { second - v };
        if gap < se.margin || gap.is_nan() {
            return (v, best);
        }
        #[cfg(feature = "extensions")]
        {
            self.stats.extensions += 1;
        }
        if O::ENABLED {
            self.obs.event(&Event::Extend { action: b, value: v, gap, margin: se.margin, extra: se.extra });
        }
        let (mut alpha, mut beta) = win;
        let child = self.game.result(s, b);
        self.extending += 1;
        let nv =
            self.value(&child, Some(b), alpha, beta, next_depth.saturating_add(se.extra), ply + 1, next_q);
        self.extending -= 1;
        if self.aborted {
            return (v, best);
        }
        if ply == 0 {
            self.set_root_score(b, nv, classify(nv, alpha, beta));
        }
        self.pv.update(ply, b);
        let (mut v, mut best) = (nv, b);
        if is_max {
            alpha = alpha.max(v);
        } else {
            beta = beta.min(v);
        }
        if O::ENABLED {
            self.obs.event(&Event::Backup { child: bi as u32, value: nv, prob: 1.0, v, alpha, beta });
        }
        if !better(second, nv) {
            return (v, Some(best));
        }
        // No longer the best: the siblings' values may be bounds under the old window.
        for (j, &(a, _)) in seen.iter().enumerate() {
            if j == bi {
                continue;
            }
            let child = self.game.result(s, a);
            let cv = self.value(&child, Some(a), alpha, beta, next_depth, ply + 1, next_q);
            if self.aborted {
                return (v, Some(best));
            }
            if ply == 0 {
                self.set_root_score(a, cv, classify(cv, alpha, beta));
            }
            if better(cv, v) {
                v = cv;
                best = a;
                self.pv.update(ply, a);
            }
            if is_max {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
            if O::ENABLED {
                self.obs.event(&Event::Backup { child: j as u32, value: cv, prob: 1.0, v, alpha, beta });
            }
            let done = if is_max { self.passes_beta(v, win.1) } else { self.passes_alpha(v, win.0) };
            if done {
                break;
            }
        }
        (v, Some(best))
    }

    /// Replaces the root score of `a` (after a singular extension searched it again).
    fn set_root_score(&mut self, a: G::Action, v: f64, bound: ScoreBound) {
        if let Some(e) = self.root_scores.iter_mut().find(|e| e.0 == a) {
            *e = (a, v, bound);
        }
    }

    /// Bookkeeping when MAX-VALUE or MIN-VALUE returns early.
    #[allow(clippy::too_many_arguments)]
    fn cutoff(
        &mut self,
        a: G::Action,
        ply: u32,
        depth: u32,
        v: f64,
        alpha: f64,
        beta: f64,
        i: u32,
        cv: f64,
        total: u32,
    ) {
        if i + 1 < total {
            self.stats.cutoffs += 1;
        }
        if matches!(self.opts.order, MoveOrder::Killer | MoveOrder::History) {
            self.order.record_cutoff(self.opts.order, a, ply, depth);
        }
        if O::ENABLED {
            self.obs.event(&Event::Backup { child: i, value: cv, prob: 1.0, v, alpha, beta });
            self.obs.event(&Event::Cutoff { v, alpha, beta, first_skipped: i + 1, total });
        }
    }

    /// EXPECTIMINIMAX at a chance node: Σ P(r)·value(RESULT(s, r)), each outcome searched with
    /// the full window.
    fn chance_value(&mut self, s: &G::State, depth: u32, ply: u32, qply: u32) -> f64 {
        let mut outs = Vec::new();
        self.game.chance_outcomes(s, &mut outs);
        let mut sum = 0.0;
        for (k, &(a, p)) in outs.iter().enumerate() {
            let child = self.game.result(s, a);
            let cv = self.value(&child, Some(a), -INF, INF, depth.saturating_sub(1), ply + 1, qply);
            if self.aborted {
                return 0.0;
            }
            if ply == 0 {
                self.root_scores.push((a, cv, ScoreBound::Exact));
            }
            sum += p * cv;
            if O::ENABLED {
                self.obs.event(&Event::Backup {
                    child: k as u32,
                    value: cv,
                    prob: p,
                    v: sum,
                    alpha: -INF,
                    beta: INF,
                });
            }
        }
        if O::ENABLED {
            self.obs.event(&Event::ChanceAverage { value: sum });
        }
        sum
    }
}

impl<'a, G: Game, E: Evaluator<G>> Ordering<'a, G, E> {
    /// Beam search's cut: keeps in `acts` (in their order) the `width` actions whose results
    /// have the best EVAL for the player to move (ties: the earlier), and returns the others
    /// with their EVAL, in order.
    #[inline(never)]
    fn beam_cut(
        &mut self,
        game: &G,
        eval: &E,
        s: &G::State,
        acts: &mut Vec<G::Action>,
        width: u32,
        is_max: bool,
    ) -> Vec<(G::Action, f64)> {
        let evals: Vec<f64> = acts.iter().map(|&a| eval.eval(game, &game.result(s, a))).collect();
        let mut keys = std::mem::take(&mut self.sort_keys);
        keys.clear();
        keys.extend(evals.iter().enumerate().map(|(i, &e)| {
            let k = total_order_key(e);
            (if is_max { !k } else { k }, i as u32)
        }));
        sort_keys(&mut keys);
        let mut keep = vec![false; acts.len()];
        for &(_, i) in keys.iter().take(width as usize) {
            keep[i as usize] = true;
        }
        self.sort_keys = keys;
        let dropped: Vec<(G::Action, f64)> =
            acts.iter().zip(&evals).zip(&keep).filter(|(_, &k)| !k).map(|((&a, &e), _)| (a, e)).collect();
        let mut k = keep.iter();
        acts.retain(|_| k.next().copied().unwrap_or(false));
        dropped
    }

    /// A β (or α) cutoff by `a` at `ply`: the killer and history tables learn from it.
    #[inline(never)]
    fn record_cutoff(&mut self, order: MoveOrder, a: G::Action, ply: u32, depth: u32) {
        match order {
            MoveOrder::Killer => {
                let p = ply as usize;
                if self.killers.len() <= p {
                    self.killers.resize(p + 1, [None, None]);
                }
                let k = &mut self.killers[p];
                if k[0] != Some(a) {
                    k[1] = k[0];
                    k[0] = Some(a);
                }
            }
            MoveOrder::History => {
                let d = depth.min(32) as u64;
                match self.history.iter_mut().find(|e| e.0 == a) {
                    Some(e) => e.1 += d * d + 1,
                    None => self.history.push((a, d * d + 1)),
                }
            }
            _ => {}
        }
    }

    /// ACTIONS(s) in the order the options ask for.
    #[allow(clippy::too_many_arguments)]
    fn ordered_actions(
        &mut self,
        game: &'a G,
        eval: &'a E,
        opts: &AlphaBetaOptions,
        main_nodes: u64,
        s: &G::State,
        depth: u32,
        ply: u32,
        qply: u32,
        quiesce: bool,
        tt_move: Option<G::Action>,
    ) -> Vec<G::Action> {
        let p = ply as usize;
        if self.bufs.len() <= p {
            self.bufs.resize_with(p + 1, Vec::new);
        }
        let mut acts = std::mem::take(&mut self.bufs[p]);
        acts.clear();
        if quiesce {
            eval.noisy_actions(game, s, &mut acts);
        } else {
            game.actions(s, &mut acts);
        }
        let (keys, scratch) = (&mut self.sort_keys, &mut self.sort_scratch);
        match opts.order {
            MoveOrder::Natural => {}
            MoveOrder::Reversed => acts.reverse(),
            MoveOrder::Random(_) => self.rng.shuffle(&mut acts),
            MoveOrder::Heuristic => {
                sort_actions_by(&mut acts, keys, scratch, |a| -(game.order_hint(s, a) as i64))
            }
            MoveOrder::Killer => {
                sort_actions_by(&mut acts, keys, scratch, |a| -(game.order_hint(s, a) as i64));
                if let Some(k) = self.killers.get(p).copied() {
                    for killer in k.iter().rev().flatten() {
                        move_to_front(&mut acts, *killer);
                    }
                }
            }
            MoveOrder::History => {
                sort_actions_by(&mut acts, keys, scratch, |a| -(game.order_hint(s, a) as i64));
                let h = &self.history;
                sort_actions_by(&mut acts, keys, scratch, |a| {
                    let score = h.iter().find(|e| e.0 == a).map_or(0, |e| e.1);
                    -(score.min(i64::MAX as u64) as i64)
                });
            }
            MoveOrder::Best => {
                self.best_order(game, eval, opts, main_nodes, s, &mut acts, depth, qply, quiesce)
            }
        }
        if let Some(m) = tt_move {
            move_to_front(&mut acts, m);
        }
        if ply == 0 {
            if let Some(m) = self.root_first {
                move_to_front(&mut acts, m);
            }
        }
        acts
    }

    /// Nodes the oracle has entered (zero unless the order is [`MoveOrder::Best`]).
    fn oracle_nodes(&self) -> u64 {
        self.oracle.as_ref().map_or(0, |o| o.stats.nodes)
    }

    /// Sorts `acts` best-first for the player to move by each child's true value (computed by
    /// an unobserved search that does not count towards the stats, but does count towards
    /// the node budget: the main search's `main_nodes` plus the oracle's nodes never pass
    /// `opts.node_budget`). When the budget runs out here, `acts` keeps an unspecified order
    /// and the caller's next node aborts the search.
    #[allow(clippy::too_many_arguments)]
    fn best_order(
        &mut self,
        game: &'a G,
        eval: &'a E,
        opts: &AlphaBetaOptions,
        main_nodes: u64,
        s: &G::State,
        acts: &mut [G::Action],
        depth: u32,
        qply: u32,
        quiesce: bool,
    ) {
        let is_max = game.player(s) == ToMove::Player(Player::MAX);
        let oracle = self.oracle.get_or_insert_with(|| {
            let opts = AlphaBetaOptions { order: MoveOrder::Natural, node_budget: None, ..*opts };
            Box::new(AlphaBeta::new(game, eval, opts, NoObserver))
        });
        // The oracle's own budget counts its nodes over its whole life (it lives as long as
        // this search): it may enter what the main search has left.
        oracle.opts.node_budget = opts.node_budget.map(|b| b.saturating_sub(main_nodes));
        oracle.aborted = false;
        let (next_depth, next_q) = if quiesce { (0, qply + 1) } else { (depth - 1, qply) };
        let mut scored: Vec<f64> = Vec::with_capacity(acts.len());
        for &a in acts.iter() {
            let child = game.result(s, a);
            let v = oracle.value(&child, None, -INF, INF, next_depth, 1, next_q);
            if oracle.aborted {
                return;
            }
            scored.push(v);
        }
        // Best first for the player to move; equal values keep the natural order.
        let mut keys = std::mem::take(&mut self.sort_keys);
        keys.clear();
        keys.extend(scored.iter().enumerate().map(|(i, &v)| {
            let k = total_order_key(v);
            (if is_max { !k } else { k }, i as u32)
        }));
        sort_keys(&mut keys);
        let order: Vec<G::Action> = acts.to_vec();
        for (slot, &(_, i)) in acts.iter_mut().zip(keys.iter()) {
            *slot = order[i as usize];
        }
        self.sort_keys = keys;
    }
}

/// What a fail-soft value `v` of a child searched with window (α, β) says about the child's
/// true value: exact inside the window (or with an infinite side of the window), else an
/// upper bound (v ≤ α: the true value is ≤ v) or a lower bound (v ≥ β: it is ≥ v). A value
/// equal to α or β is reported as a bound, which is always true (under the strict tie rule
/// it may also be exact).
fn classify(v: f64, alpha: f64, beta: f64) -> ScoreBound {
    if !(v > alpha || alpha == -INF) {
        ScoreBound::Upper
    } else if !(v < beta || beta == INF) {
        ScoreBound::Lower
    } else {
        ScoreBound::Exact
    }
}

/// A 64-bit integer ordered like `f64::total_cmp` orders the numbers.
pub(crate) fn total_order_key(x: f64) -> i64 {
    let b = x.to_bits() as i64;
    b ^ ((((b >> 63) as u64) >> 1) as i64)
}

/// Sorts `acts` by `key`, lowest first, keeping the current order among equal keys (a
/// stable sort). It sorts (key, position) pairs, one concrete type for every game and
/// observer: the standard library's stable sort instantiated per action type and engine
/// was 40% of the wasm module. `keys` and `scratch` are buffers the caller reuses (no
/// allocation per node).
pub fn sort_actions_by<A: Copy>(
    acts: &mut [A],
    keys: &mut Vec<(i64, u32)>,
    scratch: &mut Vec<A>,
    key: impl Fn(A) -> i64,
) {
    keys.clear();
    keys.extend(acts.iter().enumerate().map(|(i, &a)| (key(a), i as u32)));
    sort_keys(keys);
    // Apply the permutation: every position appears once in `keys`.
    scratch.clear();
    scratch.extend_from_slice(acts);
    for (slot, &(_, i)) in acts.iter_mut().zip(keys.iter()) {
        *slot = scratch[i as usize];
    }
}

/// Not generic, so compiled once: (key, position) pairs are distinct, so an unstable sort
/// gives the stable order. (The figure's placement sorts its texts with it too.)
#[inline(never)]
pub(crate) fn sort_keys(keys: &mut [(i64, u32)]) {
    keys.sort_unstable();
}

fn move_to_front<A: Eq + Copy>(acts: &mut [A], m: A) {
    if let Some(i) = acts.iter().position(|&a| a == m) {
        acts[..=i].rotate_right(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sort_actions_by_is_the_stable_sort() {
        let mut rng = Rng::new(7);
        let (mut keys, mut scratch) = (Vec::new(), Vec::new());
        for len in 0..40u32 {
            for _ in 0..25 {
                let acts: Vec<u32> = (0..len).map(|_| rng.below(1000)).collect();
                // Few distinct keys, so that ties (and their order) matter.
                let key = |a: u32| (a % 5) as i64 - 2;
                let mut ours = acts.clone();
                sort_actions_by(&mut ours, &mut keys, &mut scratch, key);
                let mut std_stable = acts.clone();
                std_stable.sort_by_key(|&a| key(a));
                assert_eq!(ours, std_stable, "{acts:?}");
            }
        }
    }

    #[test]
    fn total_order_key_orders_like_total_cmp() {
        let xs = [
            f64::NEG_INFINITY,
            -1e300,
            -3.5,
            -1.0,
            -f64::MIN_POSITIVE,
            -0.0,
            0.0,
            f64::MIN_POSITIVE,
            0.5,
            1.0,
            18.0,
            1e300,
            f64::INFINITY,
        ];
        for a in xs {
            for b in xs {
                assert_eq!(total_order_key(a).cmp(&total_order_key(b)), a.total_cmp(&b), "{a} vs {b}");
            }
        }
    }
}
