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

use super::tt::{Entry, TranspositionTable};
use super::{MoveOrder, PvTable, SearchResult, Stats, TieRule};
use crate::event::{Bound, Event, LeafKind, NoObserver, NodeKind, Observer};
use crate::game::{Evaluator, Game, Player, ToMove};
use crate::rng::Rng;

const INF: f64 = f64::INFINITY;

/// How far quiescence search may extend past the depth cutoff.
pub const MAX_QUIESCENCE_PLIES: u32 = 16;

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
    /// Stop after entering this many nodes (the result is then marked incomplete).
    pub node_budget: Option<u64>,
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
        }
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
/// searched), sharing one node budget; the best move of the previous iteration is searched
/// first. Returns the result of the deepest *completed* iteration (anytime), with the stats
/// of all iterations.
pub fn iterative_deepening<G: Game, E: Evaluator<G>, O: Observer<G::Action>>(
    game: &G,
    s: &G::State,
    eval: &E,
    opts: &AlphaBetaOptions,
    obs: O,
) -> SearchResult<G::Action> {
    let max_depth = opts.depth.unwrap_or(u32::MAX);
    let mut ab = AlphaBeta::new(game, eval, *opts, obs);
    let mut total = Stats::default();
    let mut best: Option<SearchResult<G::Action>> = None;
    let mut d = 1;
    loop {
        ab.stats = Stats::default();
        ab.hit_horizon = false;
        let r = ab.search(s, d);
        total.add(&r.stats);
        if let Some(b) = &r.best {
            ab.order.root_first = Some(*b);
        }
        let reached_end = !ab.hit_horizon;
        if !r.complete {
            break;
        }
        best = Some(r);
        if reached_end || d >= max_depth {
            break;
        }
        if let Some(b) = opts.node_budget {
            if total.nodes >= b {
                break;
            }
            ab.opts.node_budget = Some(b - total.nodes);
        }
        d += 1;
    }
    match best {
        Some(mut r) => {
            r.complete = !ab.aborted;
            r.stats = total;
            r
        }
        None => SearchResult {
            value: 0.0,
            best: None,
            best_index: None,
            pv: Vec::new(),
            stats: total,
            complete: false,
            depth: 0,
        },
    }
}

/// The value of every root action, in natural order, each searched with a full window (so
/// every score is exact, not a bound). Uses the same options (depth, EVAL, TT, ordering).
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
        let tt = match (opts.tt_log2, game.hash(&game.initial_state())) {
            (Some(n), Some(_)) => Some(TranspositionTable::new(n)),
            _ => None,
        };
        let seed = match opts.order {
            MoveOrder::Random(s) => s,
            _ => 0,
        };
        AlphaBeta {
            game,
            eval,
            opts,
            obs,
            stats: Stats::default(),
            pv: PvTable::default(),
            tt,
            aborted: false,
            hit_horizon: false,
            order: Ordering {
                bufs: Vec::new(),
                killers: Vec::new(),
                history: Vec::new(),
                rng: Rng::new(seed),
                root_first: None,
                oracle: None,
                sort_keys: Vec::new(),
                sort_scratch: Vec::new(),
            },
        }
    }

    /// Gives the observer back.
    pub fn into_observer(self) -> O {
        self.obs
    }

    /// One α-β search from `s` to depth `depth` (u32::MAX: to the end).
    pub fn search(&mut self, s: &G::State, depth: u32) -> SearchResult<G::Action> {
        self.aborted = false;
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
            if self.stats.nodes >= b {
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
        mut alpha: f64,
        beta: f64,
        depth: u32,
        ply: u32,
        qply: u32,
        quiesce: bool,
        tt_move: Option<G::Action>,
    ) -> (f64, Option<G::Action>) {
        let acts = self
            .order
            .ordered_actions(self.game, self.eval, &self.opts, s, depth, ply, qply, quiesce, tt_move);
        let total = acts.len() as u32;
        let (next_depth, next_q) = if quiesce { (0, qply + 1) } else { (depth - 1, qply) };
        let mut v = -INF;
        let mut best = None;
        for (i, &a) in acts.iter().enumerate() {
            let child = self.game.result(s, a);
            let cv = self.value(&child, Some(a), alpha, beta, next_depth, ply + 1, next_q);
            if self.aborted {
                break;
            }
            if cv > v || best.is_none() {
                v = cv;
                best = Some(a);
                self.pv.update(ply, a);
            }
            if self.passes_beta(v, beta) {
                self.cutoff(a, ply, depth, v, alpha, beta, i as u32, cv, total);
                break;
            }
            alpha = alpha.max(v);
            if O::ENABLED {
                self.obs.event(&Event::Backup { child: i as u32, value: cv, prob: 1.0, v, alpha, beta });
            }
        }
        self.order.bufs[ply as usize] = acts;
        (v, best)
    }

    /// MIN-VALUE(s, α, β): v ← +∞; for each a: v ← min(v, MAX-VALUE(RESULT(s, a), α, β));
    /// if v ≤ α then return v; β ← min(β, v).
    #[allow(clippy::too_many_arguments)]
    fn min_value(
        &mut self,
        s: &G::State,
        alpha: f64,
        mut beta: f64,
        depth: u32,
        ply: u32,
        qply: u32,
        quiesce: bool,
        tt_move: Option<G::Action>,
    ) -> (f64, Option<G::Action>) {
        let acts = self
            .order
            .ordered_actions(self.game, self.eval, &self.opts, s, depth, ply, qply, quiesce, tt_move);
        let total = acts.len() as u32;
        let (next_depth, next_q) = if quiesce { (0, qply + 1) } else { (depth - 1, qply) };
        let mut v = INF;
        let mut best = None;
        for (i, &a) in acts.iter().enumerate() {
            let child = self.game.result(s, a);
            let cv = self.value(&child, Some(a), alpha, beta, next_depth, ply + 1, next_q);
            if self.aborted {
                break;
            }
            if cv < v || best.is_none() {
                v = cv;
                best = Some(a);
                self.pv.update(ply, a);
            }
            if self.passes_alpha(v, alpha) {
                self.cutoff(a, ply, depth, v, alpha, beta, i as u32, cv, total);
                break;
            }
            beta = beta.min(v);
            if O::ENABLED {
                self.obs.event(&Event::Backup { child: i as u32, value: cv, prob: 1.0, v, alpha, beta });
            }
        }
        self.order.bufs[ply as usize] = acts;
        (v, best)
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
            MoveOrder::Best => self.best_order(game, eval, opts, s, &mut acts, depth, qply, quiesce),
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

    /// Sorts `acts` best-first for the player to move by each child's true value (computed by
    /// an unobserved search that does not count towards the stats).
    #[allow(clippy::too_many_arguments)]
    fn best_order(
        &mut self,
        game: &'a G,
        eval: &'a E,
        opts: &AlphaBetaOptions,
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
        let (next_depth, next_q) = if quiesce { (0, qply + 1) } else { (depth - 1, qply) };
        let scored: Vec<f64> = acts
            .iter()
            .map(|&a| {
                let child = game.result(s, a);
                oracle.value(&child, None, -INF, INF, next_depth, 1, next_q)
            })
            .collect();
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

/// A 64-bit integer ordered like `f64::total_cmp` orders the numbers.
fn total_order_key(x: f64) -> i64 {
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
/// gives the stable order.
#[inline(never)]
fn sort_keys(keys: &mut [(i64, u32)]) {
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
