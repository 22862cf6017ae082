//! One dispatcher from resolved options to the core's searches, shared by the one-shot
//! searches and the steppers (so the search that plays is the search that is drawn), and the
//! result records JavaScript receives.

use crate::options::{Algo, Resolved};
use crate::skin::Skin;
use plyground::action_index::ActionIndex;
use plyground::event::Observer;
use plyground::game::{Player, ToMove, Utilities};
use plyground::play::engine::ScoreBound;
use plyground::play::players::OptionalEval;
#[cfg(feature = "trees")]
use plyground::search::alphabeta::Deepening;
use plyground::search::maxn::maxn_values;
use plyground::search::mcts::Mcts;
use plyground::search::minimax::{minimax, minimax_scores};
use plyground::search::{SearchResult, Stats};
use serde::Serialize;

/// What a search found, with what the records need beyond [`SearchResult`].
pub(crate) struct Found<A> {
    /// The core's result.
    pub r: SearchResult<A>,
    /// max^n: the root's utility vector.
    pub vector: Option<Utilities>,
    /// MCTS: (action, N, Q) of every expanded root child, in expansion order.
    pub mcts_children: Option<Vec<(A, u32, f64)>>,
}

/// Runs the search the options ask for from `s`, reporting to `obs` (depth-first searches
/// only: MCTS runs unobserved here; the MctsStepper observes it phase by phase). Not α-β:
/// each caller runs it through the code the players' engines share (see `Algo::AlphaBeta`
/// below).
///
/// Every search gets `obs` itself (`&mut O`, never `&mut &mut O`), so each game compiles
/// one copy of a search per observer: the module stays small.
pub(crate) fn run<G: Skin, O: Observer<G::Action>>(
    game: &G,
    s: &G::State,
    o: &Resolved,
    obs: &mut O,
) -> Found<G::Action> {
    let plain = |r| Found { r, vector: None, mcts_children: None };
    match o.algo {
        Algo::Minimax | Algo::Expectiminimax if G::FULL_SEARCH => plain(minimax(game, s, obs)),
        Algo::MaxN if G::FULL_SEARCH => {
            let (r, u) = maxn_values(game, s, obs);
            Found { r, vector: Some(u), mcts_children: None }
        }
        // Refused by `Opts::resolve` for games without FULL_SEARCH, and α-β, which its callers
        // run themselves (`Skin::record_alpha_beta`, the players' engine, `alpha_beta`):
        // never reached.
        Algo::Minimax | Algo::Expectiminimax | Algo::MaxN | Algo::AlphaBeta => plain(SearchResult {
            value: 0.0,
            best: None,
            best_index: None,
            pv: Vec::new(),
            stats: Stats::default(),
            complete: false,
            depth: 0,
        }),
        Algo::Mcts => {
            let mut m = Mcts::new(game.clone(), *s, o.mcts);
            m.run(o.iterations);
            let children = m.root_children_stats().iter().map(|c| (c.action, c.n, c.q)).collect();
            Found { r: m.result(), vector: None, mcts_children: Some(children) }
        }
    }
}

/// The game's evaluation function, or (when `eval: false`) EVAL = 0 with every position
/// quiet — the core's `OptionalEval`, the evaluator type of the players' engines, so that the
/// API's searches and the engines share one α-β engine per game (a smaller module).
pub(crate) type MaybeEval<G> = OptionalEval<<G as Skin>::Eval>;

/// `MaybeEval` for a game: its EVAL when `on`.
pub(crate) fn maybe_eval<G: Skin>(game: &G, on: bool) -> MaybeEval<G> {
    OptionalEval(on.then(|| game.evaluator()))
}

/// Is the value exact (the whole game below the root was searched, no EVAL involved)?
/// Conservative for depth-limited searches: an iterative search that stopped before its
/// depth limit reached the end; one that used its whole depth may have been cut off.
pub(crate) fn is_exact<A>(o: &Resolved, r: &SearchResult<A>) -> bool {
    match o.algo {
        Algo::Mcts => false,
        Algo::Minimax | Algo::Expectiminimax | Algo::MaxN => true,
        Algo::AlphaBeta => {
            r.complete
                && match o.ab.depth {
                    None => true,
                    Some(d) => r.depth == u32::MAX || (o.iterative && r.depth < d),
                }
        }
    }
}

/// One move's score: its value (the search's own scale), and for MCTS its visits.
#[derive(Serialize, tsify_next::Tsify)]
#[tsify(missing_as_null)]
pub(crate) struct MoveScore {
    /// The move in play() units (a child index for trees).
    #[serde(rename = "move")]
    pub mv: f64,
    /// Minimax/α-β: the move's exact value within the depth (utility to MAX). max^n: its
    /// utility to the player at the root. MCTS: Q of the root child, the mover's mean reward
    /// in [0, 1] (null if never expanded).
    pub value: Option<f64>,
    /// MCTS: N of the root child.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub n: Option<f64>,
    /// max^n: the child's utility vector (`value` is its entry for the player at the root).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub values: Option<Vec<f64>>,
    /// What `value` is: `exact`, `lower` / `upper` (a true bound, on `value`'s own scale),
    /// `estimate` (MCTS) or `missing` (not searched within the budget).
    #[tsify(type = "'exact' | 'lower' | 'upper' | 'estimate' | 'missing'")]
    pub bound: &'static str,
}

impl MoveScore {
    /// A score of the core's engines (α-β: exact, a bound or missing).
    pub(crate) fn of<G: Skin>(m: &plyground::play::engine::MoveScore<G::Action>) -> MoveScore {
        MoveScore { mv: G::action_js(m.action), value: m.value, n: None, values: None, bound: m.bound.name() }
    }
}

/// The value of every root move, in natural order. Minimax and α-β search each move again
/// with a full window (the same options, at the depth the result comes from); max^n gives
/// each move's value to the root player; MCTS reads the root's children.
pub(crate) fn scores<G: Skin>(game: &G, s: &G::State, o: &Resolved, f: &Found<G::Action>) -> Vec<MoveScore> {
    let mut acts = Vec::new();
    game.actions(s, &mut acts);
    let mcts = o.algo == Algo::Mcts;
    let score = |a: G::Action, v: Option<f64>, n: Option<u32>| MoveScore {
        mv: G::action_js(a),
        value: v,
        n: n.map(f64::from),
        values: None,
        bound: match (v, mcts) {
            (None, _) => ScoreBound::Missing.name(),
            (Some(_), true) => ScoreBound::Estimate.name(),
            (Some(_), false) => ScoreBound::Exact.name(),
        },
    };
    match o.algo {
        Algo::Mcts => {
            let children = f.mcts_children.as_deref().unwrap_or(&[]);
            // Each child to its move's natural index in O(k) (no scan of the children per
            // move); in reverse, so that the first child of a move wins, as a scan finds it.
            let mut index = ActionIndex::new();
            index.build(&acts);
            let mut by_move = vec![None; acts.len()];
            for &(a, n, q) in children.iter().rev() {
                if let Some(i) = index.get(&acts, a) {
                    by_move[i] = Some((n, q));
                }
            }
            acts.iter()
                .zip(by_move)
                .map(|(&a, c)| match c {
                    Some((n, q)) => score(a, Some(q), Some(n)),
                    None => score(a, None, Some(0)),
                })
                .collect()
        }
        Algo::Minimax | Algo::Expectiminimax | Algo::MaxN if !G::FULL_SEARCH => Vec::new(),
        Algo::Minimax | Algo::Expectiminimax => {
            minimax_scores(game, s).into_iter().map(|(a, v)| score(a, Some(v), None)).collect()
        }
        Algo::MaxN => {
            let p = match game.player(s) {
                ToMove::Player(p) => p,
                ToMove::Chance => Player::MAX,
            };
            acts.iter()
                .map(|&a| {
                    let child = game.result(s, a);
                    let (_, u) = maxn_values(game, &child, &mut plyground::NoObserver);
                    let players = game.num_players().clamp(1, u.len());
                    MoveScore { values: Some(u[..players].to_vec()), ..score(a, Some(u[p.index()]), None) }
                })
                .collect()
        }
        // searchGame and searchTree run α-β through `Deepening` (see `alpha_beta`); this
        // path is not taken.
        Algo::AlphaBeta => Vec::new(),
    }
}

/// α-β as `searchGame` and `searchTree` answer it: the core's `Deepening`, the code of the
/// players' engines — one node budget (`o.ab.node_budget`) for the search and, when `scores`
/// are asked for, the per-move scores, which come from the same search and are marked exact
/// or bound (refined within the budget; `missing` when it ran out). `observe` is called for
/// each step with the step to run (the root search, depth by depth when iterative) or `None`
/// for the refinement of scores, which nobody records.
#[cfg(feature = "trees")]
pub(crate) fn alpha_beta<G: Skin>(
    game: &G,
    s: &G::State,
    o: &Resolved,
    mut step: impl FnMut(&mut Deepening<G>, &MaybeEval<G>, bool),
) -> (SearchResult<G::Action>, bool, Vec<MoveScore>) {
    let eval = maybe_eval(game, o.eval);
    let mut d = Deepening::new(game, *s, o.ab, o.iterative, o.scores);
    while !d.is_done() {
        let refining = d.refining();
        step(&mut d, &eval, refining);
    }
    let scores = if o.scores { d.scores().iter().map(MoveScore::of::<G>).collect() } else { Vec::new() };
    (d.search_result(), d.is_exact(), scores)
}

/// The counters, as JavaScript numbers.
#[derive(Serialize, tsify_next::Tsify)]
#[tsify(missing_as_null)]
#[serde(rename_all = "camelCase")]
pub(crate) struct SearchStats {
    pub nodes: f64,
    pub leaves: f64,
    pub cutoffs: f64,
    pub max_depth: f64,
    pub tt_hits: f64,
    pub tt_misses: f64,
    /// Singular extensions made (searchTree / searchGame; 0 when the option is off).
    #[cfg(feature = "trees")]
    pub extensions: f64,
    /// Moves beam search dropped unsearched (searchTree / searchGame; 0 when off).
    #[cfg(feature = "trees")]
    pub forward_pruned: f64,
}

impl From<&Stats> for SearchStats {
    fn from(s: &Stats) -> Self {
        SearchStats {
            nodes: s.nodes as f64,
            leaves: s.leaves as f64,
            cutoffs: s.cutoffs as f64,
            max_depth: s.max_depth as f64,
            tt_hits: s.tt_hits as f64,
            tt_misses: s.tt_misses as f64,
            #[cfg(feature = "trees")]
            extensions: s.extensions as f64,
            #[cfg(feature = "trees")]
            forward_pruned: s.forward_pruned as f64,
        }
    }
}

/// A depth as JavaScript sees it: null for "to the end".
pub(crate) fn depth_js(d: u32) -> Option<f64> {
    (d != u32::MAX).then_some(d as f64)
}

/// The `value` of a record: a number, or a utility vector (max^n).
#[derive(Clone, Debug, PartialEq, Serialize, tsify_next::Tsify)]
#[serde(untagged)]
pub(crate) enum SearchValue {
    Scalar(f64),
    Vector(Vec<f64>),
}
