//! Stepped engines: every way a side can move, as one kind of object that does a bounded
//! piece of work per [`step`](Engine::step) and answers with one record shape
//! ([`EngineResult`]) whatever the algorithm.
//!
//! - [`AlphaBetaEngine`] — α-β to a depth or to the end, or H-minimax with iterative
//!   deepening (one depth per step; the transposition table, killers, history and the
//!   previous best move carried from depth to depth). The steps are
//!   [`Deepening`]'s: the same code as [`iterative_deepening`](crate::search::alphabeta::iterative_deepening).
//! - [`MinimaxEngine`] — MINIMAX / EXPECTIMINIMAX, one step.
//! - [`MaxnEngine`] — max^n, one step.
//! - [`MctsEngine`] — MCTS, at most `slice` iterations per step.
//! - [`SolverEngine`] — the exact Connect-4 solver, one solver call per step: the root's
//!   score, an optimal move, then the other columns; when the solver's share of the budget
//!   runs out before the move is found it gives up, and the perfect player
//!   ([`PlayerEngine`](crate::play::players::PlayerEngine)) falls back to deepening α-β with the
//!   evaluation function.
//!
//! ## Guarantees
//!
//! - **One budget.** Every engine but MCTS has one node budget that covers everything it
//!   does, per-move scores included ([`Stats::nodes`] never exceeds it). MCTS has an
//!   iteration budget (and the tree-size cap of its options).
//! - **Exactness.** `exact` is true only when `value` is the game's value (no leaf was cut
//!   off by depth, the search finished); then `best` is an optimal move. `complete` is true
//!   when the search finished what was asked (the requested depth, or the end); a depth-limited
//!   complete result is exact for that depth. An incomplete result carries the deepest
//!   finished depth (or nothing: value 0, no move, depth 0).
//! - **Per-move scores** list every root action (every outcome at a chance root) in the
//!   game's natural order, each marked [`ScoreBound`]: `Exact`, `Lower` / `Upper` (the
//!   quantity `value` stands for — the game value when `exact`, else the value to `depth` —
//!   is ≥ / ≤ the number), `Missing` (not searched within the budget), or `Estimate` (MCTS).
//!   The best move's score is exact whenever the value is.
//! - **Proven results.** A score (and the root's value) that is a proven game result — a win
//!   or a loss in a known number of plies found even inside a depth-limited search, or any
//!   result of a search that is exact — carries [`Proven`] (`proven`), from the side to move
//!   at the root, plies counted from the root (a move's own ply included): "win in 1" for an
//!   immediate win. Front ends print [`Proven::words`] / [`Proven::label`] instead of the
//!   number, which is on the game's utility scale, not an evaluation's. Which values prove
//!   what is the game's business: [`PlayerEngine`](crate::play::players::PlayerEngine) marks the
//!   board games' scores ([`crate::caption::Outcome`]), [`MctsEngine`] its MCTS-Solver proofs.

use crate::event::NoObserver;
use crate::game::{Evaluator, Game, Player, ToMove, Utilities};
use crate::games::connect4::{C4State, Connect4};
use crate::search::alphabeta::{AlphaBetaOptions, Deepening};
use crate::search::book::Book;
use crate::search::maxn::maxn_budgeted;
use crate::search::mcts::{Mcts, MctsOptions};
use crate::search::minimax::minimax_budgeted;
use crate::search::solver::{Solver, SolverOptions};
use crate::search::{MoveOrder, SearchResult, Stats};
use std::sync::Arc;

/// The node budget of a search that answers a user when the caller gives none: about a
/// second of α-β on Connect-4 in a release build (a few seconds in wasm). Every search a
/// user starts (CLI, browser) without an explicit budget uses this number.
pub const DEFAULT_NODE_BUDGET: u64 = crate::limits::C4_DEFAULT_BUDGET;

/// The part of a [`SolverEngine`]'s budget the exact solver may use before the engine falls
/// back to deepening α-β (the rest of the budget is the fallback's).
pub const DEFAULT_SOLVER_SHARE: u64 = crate::limits::SOLVE_GAME_BUDGET;

pub use crate::search::score::{EngineResult, MoveScore, Progress, Proven, ScoreBound};

/// A stepped engine. `step` does a bounded piece of work and says where the engine is;
/// `result` may be called at any time (an anytime answer) and is final once `done`.
pub trait Engine {
    /// The game's action type.
    type Action: Copy;

    /// One bounded piece of work: one depth (α-β), at most `slice` iterations (MCTS), one
    /// column (the solver), or the whole search (minimax, max^n). Does nothing when done.
    fn step(&mut self, slice: u64) -> Progress<Self::Action>;

    /// Where the engine is, without working.
    fn progress(&self) -> Progress<Self::Action>;

    /// The answer so far.
    fn result(&self) -> EngineResult<Self::Action>;

    /// Steps until done (each step with `slice`), then the result.
    fn run(&mut self, slice: u64) -> EngineResult<Self::Action> {
        while !self.step(slice).done {}
        self.result()
    }
}

/// The value from the side to move at `s`: MIN's view is the negation (two players).
fn mover_score<G: Game>(game: &G, s: &G::State, value: f64) -> f64 {
    match game.player(s) {
        ToMove::Player(p) if p != Player::MAX && game.num_players() == 2 => -value,
        _ => value,
    }
}

/// α-β: to a depth (or the end), or H-minimax with iterative deepening. Owns the game, the
/// evaluator and the search's state, so it can live in a handle between steps.
pub struct AlphaBetaEngine<G: Game, E> {
    game: G,
    eval: E,
    root: G::State,
    d: Deepening<G>,
}

impl<G: Game, E: Evaluator<G>> AlphaBetaEngine<G, E> {
    /// An engine for `root`. `opts.node_budget` covers everything (None: no limit);
    /// `iterative`: depth 1, 2, … up to `opts.depth`; per-move scores are made exact
    /// within the budget.
    pub fn new(game: G, eval: E, root: G::State, opts: AlphaBetaOptions, iterative: bool) -> Self {
        Self::with_refine(game, eval, root, opts, iterative, true)
    }

    /// As [`new`](Self::new); `refine: false` leaves the per-move scores as the root search
    /// gave them (exact or a bound), with no step to refine them.
    pub fn with_refine(
        game: G,
        eval: E,
        root: G::State,
        opts: AlphaBetaOptions,
        iterative: bool,
        refine: bool,
    ) -> Self {
        let d = Deepening::new(&game, root, opts, iterative, refine);
        AlphaBetaEngine { game, eval, root, d }
    }
}

impl<G: Game, E: Evaluator<G>> Engine for AlphaBetaEngine<G, E> {
    type Action = G::Action;

    fn step(&mut self, _slice: u64) -> Progress<G::Action> {
        self.d.step(&self.game, &self.eval, NoObserver)
    }

    fn progress(&self) -> Progress<G::Action> {
        self.d.progress()
    }

    fn result(&self) -> EngineResult<G::Action> {
        let r = self.d.search_result();
        let exact = self.d.is_exact();
        EngineResult {
            score: mover_score(&self.game, &self.root, r.value),
            value: r.value,
            vector: None,
            best: r.best,
            best_index: r.best_index,
            pv: r.pv,
            scores: self.d.scores().to_vec(),
            exact,
            complete: r.complete,
            depth: r.depth,
            stats: r.stats,
            iterations: 0,
            algo: "alphabeta",
            proven: None,
        }
    }
}

/// MINIMAX / EXPECTIMINIMAX in one step, every root child's value from the same search.
pub struct MinimaxEngine<G: Game> {
    game: G,
    root: G::State,
    budget: Option<u64>,
    #[allow(clippy::type_complexity)]
    found: Option<(SearchResult<G::Action>, Vec<(G::Action, Option<f64>)>)>,
}

impl<G: Game> MinimaxEngine<G> {
    /// An engine for `root` entering at most `budget` nodes (None: no limit).
    pub fn new(game: G, root: G::State, budget: Option<u64>) -> Self {
        MinimaxEngine { game, root, budget, found: None }
    }
}

/// A search that is done in one step: its progress.
fn one_step_progress<A: Copy>(r: Option<&SearchResult<A>>) -> Progress<A> {
    Progress {
        depth: r.map_or(0, |r| if r.complete { r.depth } else { 0 }),
        nodes: r.map_or(0, |r| r.stats.nodes),
        iterations: r.is_some() as u32,
        best: r.and_then(|r| r.best),
        value: r.filter(|r| r.complete).map(|r| r.value),
        done: r.is_some(),
    }
}

impl<G: Game> Engine for MinimaxEngine<G> {
    type Action = G::Action;

    fn step(&mut self, _slice: u64) -> Progress<G::Action> {
        if self.found.is_none() {
            self.found = Some(minimax_budgeted(&self.game, &self.root, self.budget, &mut NoObserver));
        }
        self.progress()
    }

    fn progress(&self) -> Progress<G::Action> {
        one_step_progress(self.found.as_ref().map(|f| &f.0))
    }

    fn result(&self) -> EngineResult<G::Action> {
        let empty = (empty_result(), Vec::new());
        let (r, sc) = self.found.as_ref().unwrap_or(&empty);
        let mut scores: Vec<MoveScore<G::Action>> = sc
            .iter()
            .map(|&(a, v)| {
                MoveScore::new(a, v, if v.is_some() { ScoreBound::Exact } else { ScoreBound::Missing })
            })
            .collect();
        if self.found.is_none() {
            scores = missing_scores(&self.game, &self.root);
        }
        one_search_result(r, mover_score(&self.game, &self.root, r.value), None, scores, "minimax")
    }
}

/// max^n in one step, every root child's vector from the same search.
pub struct MaxnEngine<G: Game> {
    game: G,
    root: G::State,
    budget: Option<u64>,
    #[allow(clippy::type_complexity)]
    found: Option<(SearchResult<G::Action>, Utilities, Vec<(G::Action, Option<Utilities>)>)>,
}

impl<G: Game> MaxnEngine<G> {
    /// An engine for `root` entering at most `budget` nodes (None: no limit).
    pub fn new(game: G, root: G::State, budget: Option<u64>) -> Self {
        MaxnEngine { game, root, budget, found: None }
    }
}

impl<G: Game> Engine for MaxnEngine<G> {
    type Action = G::Action;

    fn step(&mut self, _slice: u64) -> Progress<G::Action> {
        if self.found.is_none() {
            self.found = Some(maxn_budgeted(&self.game, &self.root, self.budget, NoObserver));
        }
        self.progress()
    }

    fn progress(&self) -> Progress<G::Action> {
        one_step_progress(self.found.as_ref().map(|f| &f.0))
    }

    fn result(&self) -> EngineResult<G::Action> {
        let Some((r, u, sc)) = &self.found else {
            let r: SearchResult<G::Action> = empty_result();
            return EngineResult {
                value: 0.0,
                score: 0.0,
                vector: None,
                best: None,
                best_index: None,
                pv: Vec::new(),
                scores: missing_scores(&self.game, &self.root),
                exact: false,
                complete: false,
                depth: 0,
                stats: r.stats,
                iterations: 0,
                algo: "maxn",
                proven: None,
            };
        };
        let p = match self.game.player(&self.root) {
            ToMove::Player(p) => p.index(),
            ToMove::Chance => 0,
        };
        let scores = sc
            .iter()
            .map(|&(a, v)| match v {
                Some(v) => MoveScore { vector: Some(v), ..MoveScore::new(a, Some(v[p]), ScoreBound::Exact) },
                None => MoveScore::new(a, None, ScoreBound::Missing),
            })
            .collect();
        one_search_result(r, u[p], r.complete.then_some(*u), scores, "maxn")
    }
}

/// The record of an engine that runs one whole search (minimax, max^n): exact and complete
/// together, to the end of the game when complete.
fn one_search_result<A: Copy>(
    r: &SearchResult<A>,
    score: f64,
    vector: Option<Utilities>,
    scores: Vec<MoveScore<A>>,
    algo: &'static str,
) -> EngineResult<A> {
    EngineResult {
        value: r.value,
        score,
        vector,
        best: r.best,
        best_index: r.best_index,
        pv: r.pv.clone(),
        scores,
        exact: r.complete,
        complete: r.complete,
        depth: if r.complete { u32::MAX } else { 0 },
        stats: r.stats,
        iterations: 0,
        algo,
        proven: None,
    }
}

fn empty_result<A>() -> SearchResult<A> {
    SearchResult {
        value: 0.0,
        best: None,
        best_index: None,
        pv: Vec::new(),
        stats: Stats::default(),
        complete: false,
        depth: 0,
    }
}

/// Every root action (outcome), score missing.
fn missing_scores<G: Game>(game: &G, s: &G::State) -> Vec<MoveScore<G::Action>> {
    let mut acts = Vec::new();
    game.actions(s, &mut acts);
    acts.into_iter().map(|a| MoveScore::new(a, None, ScoreBound::Missing)).collect()
}

/// MCTS run in slices of iterations up to a total.
pub struct MctsEngine<G: Game> {
    m: Mcts<G>,
    root: G::State,
    iterations: u32,
}

impl<G: Game> MctsEngine<G> {
    /// An engine for `root` that runs `iterations` iterations in all.
    pub fn new(game: G, root: G::State, opts: MctsOptions, iterations: u32) -> Self {
        MctsEngine { m: Mcts::new(game, root, opts), root, iterations }
    }

    /// The search itself (its tree, for figures).
    pub fn mcts(&self) -> &Mcts<G> {
        &self.m
    }
}

/// An MCTS-Solver outcome (for the player who moves into a node) as [`Proven`].
fn proven_of(o: crate::search::mcts::Outcome, plies: u32) -> Proven {
    match o {
        crate::search::mcts::Outcome::Win => Proven::Win(plies),
        crate::search::mcts::Outcome::Loss => Proven::Loss(plies),
        crate::search::mcts::Outcome::Draw => Proven::Draw,
    }
}

impl<G: Game> MctsEngine<G> {
    /// The root's MCTS-Solver proof, for the side to move at the root (a root proof is
    /// recorded for the player who moved into the root, the other side in a two-player game).
    fn root_proven(&self) -> Option<Proven> {
        let root = self.m.root();
        let p = root.proof?;
        let ToMove::Player(to_move) = root.to_move else { return None };
        let outcome = if root.mover == to_move { p.outcome } else { p.outcome.flipped() };
        Some(proven_of(outcome, p.plies))
    }
}

impl<G: Game> Engine for MctsEngine<G> {
    type Action = G::Action;

    fn step(&mut self, slice: u64) -> Progress<G::Action> {
        let left = self.iterations.saturating_sub(self.m.iterations());
        // At least one iteration per step while any is left (a slice of 0 still moves).
        self.m.run(slice.max(1).min(u64::from(left)) as u32);
        self.progress()
    }

    fn progress(&self) -> Progress<G::Action> {
        let r = self.m.result();
        Progress {
            depth: 0,
            nodes: r.stats.nodes,
            iterations: self.m.iterations(),
            best: r.best,
            value: Some(r.value),
            done: self.m.iterations() >= self.iterations,
        }
    }

    fn result(&self) -> EngineResult<G::Action> {
        let game = self.m.game();
        let r = self.m.result();
        let (lo, hi) = game.utility_range();
        let mover = match game.player(&self.root) {
            ToMove::Player(p) => Some(p),
            ToMove::Chance => None,
        };
        let children = self.m.root_children_stats();
        let keys: Vec<G::Action> = children.iter().map(|c| c.action).collect();
        let mut index = crate::action_index::ActionIndex::new();
        index.build(&keys);
        let mut acts = Vec::new();
        game.actions(&self.root, &mut acts);
        let scores = acts
            .iter()
            .map(|&a| match index.get(&keys, a).map(|i| (children[i].n, children[i].q, children[i].id)) {
                Some((n, q, id)) if n > 0 => {
                    // Q is the mean reward in [0, 1] of the player who moved into the child
                    // (the root's mover); onto the utility scale, to MAX in two-player games.
                    let r = match mover {
                        Some(p) if game.num_players() == 2 && p != Player::MAX => 1.0 - q,
                        _ => q,
                    };
                    // MCTS-Solver: a proven child is proven for the root's mover (the player
                    // who moves into it), one ply further from the root.
                    let proven = self.m.node(id).and_then(|c| {
                        let p = c.proof?;
                        let o = if Some(c.mover) == mover { p.outcome } else { p.outcome.flipped() };
                        Some(proven_of(o, p.plies + 1))
                    });
                    MoveScore {
                        visits: Some(n),
                        reward: Some(q),
                        proven,
                        ..MoveScore::new(a, Some(lo + r * (hi - lo)), ScoreBound::Estimate)
                    }
                }
                Some((n, _, _)) => {
                    MoveScore { visits: Some(n), ..MoveScore::new(a, None, ScoreBound::Missing) }
                }
                None => MoveScore { visits: Some(0), ..MoveScore::new(a, None, ScoreBound::Missing) },
            })
            .collect();
        let terminal = game.is_terminal(&self.root);
        EngineResult {
            score: if game.num_players() == 2 { mover_score(game, &self.root, r.value) } else { r.value },
            value: r.value,
            vector: None,
            best: r.best,
            best_index: r.best_index,
            pv: r.pv,
            scores,
            exact: terminal,
            complete: self.m.iterations() >= self.iterations,
            depth: if terminal { u32::MAX } else { 0 },
            stats: r.stats,
            iterations: self.m.iterations(),
            algo: "mcts",
            proven: self.root_proven(),
        }
    }
}

/// The options of the α-β a [`SolverEngine`] falls back to: H-minimax with Connect-4's
/// evaluation, iterative deepening, heuristic (centre-first) ordering with killers, Connect-4's
/// transposition table ([`TT_LOG2_C4`](crate::play::players::TT_LOG2_C4) — the size the wasm API
/// gives `tt: true`, so that "Show me the search" can record this very search). Its node
/// budget is what the solver left.
pub fn solver_fallback_options() -> AlphaBetaOptions {
    AlphaBetaOptions {
        order: MoveOrder::Killer,
        tt_log2: Some(crate::play::players::TT_LOG2_C4),
        ..Default::default()
    }
}

/// Scores from the side to move (the solver's), within ±`CELLS`.
const C4_N: i32 = crate::games::connect4::CELLS as i32;

/// The columns, centre first (0-based).
const CENTRE_FIRST: [u8; 7] = [3, 2, 4, 1, 5, 0, 6];

pub use crate::limits::SOLVER_COLUMN_SHARE;

/// The exact Connect-4 solver. When the solver's share of the budget runs out before the move
/// is found, it gives up ([`SolverEngine::fell_back`]) and leaves the rest of the budget to
/// deepening α-β with Connect-4's evaluation, which the perfect player runs
/// ([`PlayerEngine`](crate::play::players::PlayerEngine), [`solver_fallback_options`]): the decision
/// is made in Rust. One solver call per step, the table shared by all:
///
/// 1. the root's exact score v (the opening book's when it holds the root);
/// 2. an optimal move: the columns, centre first, each asked with one null window "is your
///    score v, or at most v − 1?" until one scores v (the table, warm from step 1, makes
///    most of these questions cheap);
/// 3. the other columns: first every column's win, draw or loss (one null window at a time:
///    "a win?" while it may be one, then "a draw?"), on what is left of the solver's share;
///    then, while the columns' nodes are within [`SOLVER_COLUMN_SHARE`], the exact scores. A
///    column not made exact is reported with the bound known (from the mover's side: at
///    least a positive number is a win, at most a negative one a loss; a draw is always
///    exact), never a number that is not proven. Only when the solver's share runs out
///    before every column's win, draw or loss is known can a bound leave it open (such as
///    at most +2).
pub struct SolverEngine {
    root: C4State,
    solver: Solver,
    /// Per column (0-based): the interval its score lies in, from the side to move at the
    /// root (exact when both ends meet; empty (1, 0) for a full column).
    known: [(i32, i32); 7],
    /// The root's exact score from the side to move, once known.
    value: Option<i32>,
    /// An optimal move (its score is `value`), once found.
    best: Option<u8>,
    solver_nodes: u64,
    /// Nodes spent on the other columns after the move was found (win, draw or loss and
    /// exact scores together).
    column_nodes: u64,
    solver_share: u64,
    budget: u64,
    /// The solver's share ran out before the move was found.
    gave_up: bool,
    done: bool,
}

impl SolverEngine {
    /// An engine for `root` with one node budget for everything; the solver may use up to
    /// `solver_share` of it but always leaves the fallback a fifth of the budget or
    /// [`DEFAULT_NODE_BUDGET`], whichever is less; the fallback gets whatever the solver left.
    #[inline]
    pub fn new(root: C4State, budget: u64, solver_share: u64) -> Self {
        let mut known = [(1, 0); 7];
        for c in 0..7u8 {
            if !root.is_over() && root.can_play(c) {
                known[c as usize] = (-C4_N, C4_N);
            }
        }
        SolverEngine {
            root,
            solver: Solver::new(SolverOptions::default()),
            known,
            value: None,
            best: None,
            solver_nodes: 0,
            column_nodes: 0,
            done: root.is_over(),
            solver_share: solver_share.min(budget - (budget / 5).min(DEFAULT_NODE_BUDGET)),
            budget,
            gave_up: false,
        }
    }

    /// True once the solver gave up: its share ran out before the move was found. The
    /// engine is then done without a move, and the player falls back to deepening α-β on
    /// what the solver left ([`SolverEngine::fallback_budget`]; see
    /// [`PlayerEngine`](crate::play::players::PlayerEngine)).
    pub fn fell_back(&self) -> bool {
        self.gave_up
    }

    /// Uses `book` (or none) for the columns not solved yet (see [`Solver::set_book`]).
    pub fn set_book(&mut self, book: Option<Arc<Book>>) {
        self.solver.set_book(book);
    }

    /// The book in use, if any.
    pub fn book(&self) -> Option<&Arc<Book>> {
        self.solver.book()
    }

    /// The position searched.
    pub fn root(&self) -> &C4State {
        &self.root
    }

    /// The fallback's node budget (what the solver left), once it gave up.
    pub fn fallback_budget(&self) -> Option<u64> {
        self.gave_up.then(|| self.budget - self.solver_nodes)
    }

    fn max_to_move(&self) -> bool {
        self.root.side_to_move() == Player::MAX
    }

    /// The next column to work on and the (lo, hi) that decides it, from its own mover's
    /// side (the child's), centre first: before the move is known, a column that may score
    /// the root's `v`, asked "at most −v, or at least 1 − v?"; after it, a column whose sign
    /// is open, asked with one null window ("at most −1?" while the column may be a win,
    /// else "at most 0?"), else one not yet exact, asked for its exact score.
    fn next_question(&self, v: i32) -> Option<(u8, i32, i32)> {
        // The first column of the most urgent kind: 0 the move, 1 a sign, 2 an exact score.
        let (mut kind, mut col) = (3, 0);
        for c in CENTRE_FIRST {
            let (lo, hi) = self.known[c as usize];
            let k = match (lo < hi, self.best.is_none()) {
                (false, _) => 3,
                (true, true) => 3 * i32::from(hi < v),
                (true, false) => 1 + i32::from(lo > 0 || hi < 0),
            };
            if k < kind {
                (kind, col) = (k, c);
            }
        }
        // A sign: "a win?" (the child's score at most −1) while it may be one, else "a draw?".
        let t = -i32::from(self.known[col as usize].1 > 0);
        [(-v, 1 - v), (t, t + 1), (-C4_N, C4_N)].get(kind as usize).map(|&(lo, hi)| (col, lo, hi))
    }

    /// Columns whose exact score is known.
    #[inline(never)]
    fn exact_columns(&self) -> u32 {
        self.known.iter().filter(|k| k.0 == k.1).count() as u32
    }

    /// Gives up: done without a move (the player falls back to α-β).
    fn fall_back(&mut self) {
        self.gave_up = true;
        self.done = true;
    }
}

impl Engine for SolverEngine {
    type Action = u8;

    #[inline]
    fn step(&mut self, _slice: u64) -> Progress<u8> {
        if self.done {
            return self.progress();
        }
        let left = self.solver_share - self.solver_nodes;
        let Some(v) = self.value else {
            // 1. The root's exact score.
            self.solver.set_node_budget(Some(left));
            let r = self.solver.narrow(&self.root, (-C4_N, C4_N), -C4_N, C4_N);
            self.solver_nodes += r.nodes;
            if r.decided {
                self.value = Some(r.min);
                for k in &mut self.known {
                    k.1 = k.1.min(r.min);
                }
            } else {
                self.fall_back();
            }
            return self.progress();
        };
        // 2. An optimal move (a solver call that does not decide ends in the fallback), then
        // 3. the other columns: win, draw or loss on what is left of the solver's share, an
        // exact score only within SOLVER_COLUMN_SHARE (one that runs out ends the search).
        let moving = self.best.is_none();
        let question = self.next_question(v);
        let refining = !moving && question.is_some_and(|q| q.2 - q.1 > 1);
        let share =
            if refining { left.min(SOLVER_COLUMN_SHARE.saturating_sub(self.column_nodes)) } else { left };
        match question {
            Some((col, lo, hi)) if share > 0 => {
                let k = self.known[col as usize];
                let child = Connect4.result(&self.root, col);
                self.solver.set_node_budget(Some(share));
                // The child's score from its own mover is the negative of the column's.
                let r = self.solver.narrow(&child, (-k.1, -k.0), lo, hi);
                self.solver_nodes += r.nodes;
                self.known[col as usize] = (-r.max, -r.min);
                if !moving {
                    self.column_nodes += r.nodes;
                    self.done = !r.decided;
                } else if !r.decided {
                    self.fall_back();
                } else if r.max <= -v {
                    self.best = Some(col);
                }
            }
            _ if moving => self.fall_back(),
            _ => self.done = true,
        }
        self.progress()
    }

    #[inline]
    fn progress(&self) -> Progress<u8> {
        let to_max = |v: i32| if self.max_to_move() { v as f64 } else { -v as f64 };
        Progress {
            depth: if self.best.is_some() { u32::MAX } else { 0 },
            nodes: self.solver_nodes,
            iterations: self.exact_columns(),
            best: self.best,
            value: self.best.and(self.value).map(to_max),
            done: self.done,
        }
    }

    #[inline]
    fn result(&self) -> EngineResult<u8> {
        let max = self.max_to_move();
        let to_max = |v: i32| if max { v as f64 } else { -v as f64 };
        let mut acts = Vec::new();
        Connect4.actions(&self.root, &mut acts);
        let scores = acts
            .iter()
            .map(|&c| {
                let (lo, hi) = self.known[c as usize];
                if lo == hi {
                    // An exact score is the game's value: 0 is a proven draw (wins and losses
                    // are marked with their distance by the players' `mark_proven`).
                    return MoveScore {
                        proven: (lo == 0).then_some(Proven::Draw),
                        ..MoveScore::new(c, Some(to_max(lo)), ScoreBound::Exact)
                    };
                }
                if self.value.is_none() {
                    return MoveScore::new(c, None, ScoreBound::Missing);
                }
                // A bound from the mover's side: "at least lo" when lo ≥ 0 (a win when
                // positive), else "at most hi" (a loss when negative); MAX's side flips it
                // when MIN moves.
                let (v, mover_lower) = if lo >= 0 { (lo, true) } else { (hi, false) };
                let bound = if mover_lower == max { ScoreBound::Lower } else { ScoreBound::Upper };
                MoveScore::new(c, Some(to_max(v)), bound)
            })
            .collect();
        // A finished game is its own exact value (utility to MAX); no move, no columns.
        let over = self.root.is_over().then(|| Connect4.utility(&self.root, Player::MAX));
        let best = self.best.zip(self.value);
        let exact = over.is_some() || best.is_some();
        let value = over.unwrap_or_else(|| best.map_or(0.0, |b| to_max(b.1)));
        EngineResult {
            value,
            score: if max { value } else { -value },
            vector: None,
            best: best.map(|b| b.0),
            best_index: best.and_then(|b| acts.iter().position(|&a| a == b.0)),
            pv: best.map(|b| vec![b.0]).unwrap_or_default(),
            scores,
            exact,
            complete: exact && self.done,
            depth: if exact { u32::MAX } else { 0 },
            stats: Stats { nodes: self.solver_nodes, ..Stats::default() },
            iterations: self.exact_columns(),
            algo: "solve",
            proven: None,
        }
    }
}
