//! The option records of the API as plain Rust (read at the boundary by `read.rs`), checked here — every range in one place,
//! [`SearchOptions::check`] and [`SolveOptions::check`] — then resolved against the game
//! (per-game defaults, refusals). Nothing here holds a `JsValue`, so the records can be
//! built, checked and fuzzed natively.

use crate::skin::Skin;
use crate::util::{int_in, num_text, opt_int_in};
use plyground::limits::{
    C4_DEFAULT_BUDGET, C4_MAX_BEST_ORDER_DEPTH, DEFAULT_ITERATIONS, DEFAULT_NODE_CAP, MAX_BUDGET, MAX_C,
    MAX_DEPTH, MAX_ITERATIONS, MAX_NODE_CAP, MAX_SAFE_INTEGER,
};
#[cfg(feature = "trees")]
use plyground::limits::{MAX_BEAM_WIDTH, MAX_SINGULAR_EXTRA, MAX_SINGULAR_MARGIN};
#[cfg(feature = "full")]
use plyground::limits::{SOLVER_DEFAULT_BUDGET, SOLVER_MAX_BUDGET};
use plyground::search::alphabeta::AlphaBetaOptions;
#[cfg(feature = "trees")]
use plyground::search::alphabeta::Singular;
use plyground::search::mcts::{Expansion, MctsOptions};
use plyground::{MoveOrder, TieRule};

/// Which search.
#[derive(Copy, Clone, PartialEq, Eq, Debug, tsify_next::Tsify)]
#[serde(rename_all = "lowercase")]
pub enum Algo {
    /// MINIMAX-DECISION.
    Minimax,
    /// ALPHA-BETA-SEARCH (with its options).
    AlphaBeta,
    /// EXPECTIMINIMAX (= minimax with chance nodes).
    Expectiminimax,
    /// max^n.
    MaxN,
    /// Monte Carlo tree search.
    Mcts,
}

impl Algo {
    /// The name JavaScript uses.
    pub fn name(self) -> &'static str {
        ALGOS.iter().find(|(_, a)| *a == self).map_or("", |(name, _)| name)
    }
}

/// α-β's pruning test.
#[derive(Copy, Clone, PartialEq, Eq, Debug, tsify_next::Tsify)]
#[serde(rename_all = "lowercase")]
pub enum Tie {
    /// Prune on v ≥ β / v ≤ α.
    NonStrict,
    /// Prune only on v > β / v < α.
    Strict,
}

/// Move orders by name; `random` takes its seed from the `seed` option.
#[derive(Copy, Clone, PartialEq, Eq, Debug, tsify_next::Tsify)]
#[serde(rename_all = "lowercase")]
#[allow(missing_docs)]
pub enum Order {
    Natural,
    Reverse,
    Random,
    Heuristic,
    Killer,
    History,
    Best,
}

/// MCTS expansion order.
#[derive(Copy, Clone, PartialEq, Eq, Debug, tsify_next::Tsify)]
#[serde(rename_all = "lowercase")]
#[allow(missing_docs)]
pub enum ExpansionOrder {
    Natural,
    Random,
}

/// The names JavaScript gives each option's values, in the order messages list them.
pub const ALGOS: &[(&str, Algo)] = &[
    ("minimax", Algo::Minimax),
    ("alphabeta", Algo::AlphaBeta),
    ("expectiminimax", Algo::Expectiminimax),
    ("maxn", Algo::MaxN),
    ("mcts", Algo::Mcts),
];
#[allow(missing_docs)]
pub const TIES: &[(&str, Tie)] = &[("nonstrict", Tie::NonStrict), ("strict", Tie::Strict)];
#[allow(missing_docs)]
pub const ORDERS: &[(&str, Order)] = &[
    ("natural", Order::Natural),
    ("reverse", Order::Reverse),
    ("random", Order::Random),
    ("heuristic", Order::Heuristic),
    ("killer", Order::Killer),
    ("history", Order::History),
    ("best", Order::Best),
];
#[allow(missing_docs)]
pub const EXPANSIONS: &[(&str, ExpansionOrder)] =
    &[("natural", ExpansionOrder::Natural), ("random", ExpansionOrder::Random)];

/// The keys of [`SearchOptions`], as JavaScript spells them and messages list them.
pub const SEARCH_KEYS: &[&str] = &[
    "algo",
    "tie",
    "order",
    "seed",
    "depth",
    "eval",
    "tt",
    "quiescence",
    "iterative",
    "budget",
    "iterations",
    "c",
    "expansion",
    "scores",
    "solver",
    "fastWins",
    #[cfg(feature = "trees")]
    "singular",
    #[cfg(feature = "trees")]
    "beam",
];

/// The search options as JavaScript gives them (`SearchOptions` in the TypeScript types):
/// every field optional, `undefined` and `null` meaning "the default", numbers as `f64`
/// until [`SearchOptions::check`] has checked them.
#[derive(Clone, Debug, Default, PartialEq, tsify_next::Tsify)]
#[tsify(missing_as_null)]
#[serde(rename_all = "camelCase")]
#[allow(missing_docs)]
pub struct SearchOptions {
    /// Default 'alphabeta' ('maxn' for trees with utility tuples).
    pub algo: Option<Algo>,
    /// α-β: prune on v ≥ β / v ≤ α ('nonstrict', default) or only on v > β / v < α.
    pub tie: Option<Tie>,
    /// α-β move order. Default 'natural' ('heuristic' for Connect-4); 'random' uses `seed`.
    pub order: Option<Order>,
    /// Random ordering and MCTS (integer ≥ 0). Default 0.
    pub seed: Option<f64>,
    /// α-β depth limit in plies (1–64); null = to the end.
    pub depth: Option<f64>,
    /// Use the game's evaluation function at the depth cutoff (default true; trees: an inner node's
    /// written evaluation `B~4[…]`, else 0).
    pub eval: Option<bool>,
    /// Transposition table (default false; true for Connect-4).
    pub tt: Option<bool>,
    /// Quiescence search past the depth cutoff (default false).
    pub quiescence: Option<bool>,
    /// Iterative deepening up to `depth` (default false; true for Connect-4).
    pub iterative: Option<bool>,
    /// α-β node budget (1–10⁹); null = none (Connect-4: 5,000,000).
    pub budget: Option<f64>,
    /// MCTS iterations (1–1,000,000; default 10,000).
    pub iterations: Option<f64>,
    /// MCTS exploration constant C (0–10⁶; default √2).
    pub c: Option<f64>,
    /// MCTS expansion order (default 'natural').
    pub expansion: Option<ExpansionOrder>,
    /// Compute `scores` (default true; one extra full-window search per move for α-β).
    pub scores: Option<bool>,
    /// MCTS-Solver: proven wins and losses steer the search and the move (default false; two-player
    /// games only).
    pub solver: Option<bool>,
    /// Stepper.forGame on tic-tac-toe only: record the engines' game (a win scores 1 + the empty
    /// cells left), as a tic-tac-toe player's searchOptions() asks (default false).
    pub fast_wins: Option<bool>,
    /// Singular extensions and beam search: not in the games module alone (the `extensions`
    /// feature; there the reader refuses them by name, see `read.rs`).
    #[cfg(feature = "trees")]
    pub singular: Option<SingularOptions>,
    /// α-β only: beam search, keep the `beam` (1–100,000) children of best EVAL at each node; the
    /// others are dropped unsearched (`PrunedEdgeInfo.forward`, event 'ForwardPrune').
    #[cfg(feature = "trees")]
    pub beam: Option<f64>,
}

/// `singular: {margin, extra}`: singular extensions (α-β with a depth limit).
#[cfg(feature = "trees")]
#[derive(Clone, Debug, Default, PartialEq, tsify_next::Tsify)]
#[tsify(missing_as_null)]
#[allow(missing_docs)]
pub struct SingularOptions {
    pub margin: Option<f64>,
    pub extra: Option<f64>,
}

impl SearchOptions {
    /// `singular: {margin, extra}` checked (none without the `extensions` feature).
    #[cfg(feature = "trees")]
    fn singular(&self) -> Result<Option<Singular>, String> {
        let Some(o) = &self.singular else { return Ok(None) };
        let margin = o.margin.ok_or("singular.margin is required (how much better than every sibling a move must be, as in {margin: 2, extra: 1})")?;
        if !(margin.is_finite() && (0.0..=MAX_SINGULAR_MARGIN).contains(&margin)) {
            return Err(format!(
                "singular.margin must be a number from 0 to {}, got {}",
                num_text(MAX_SINGULAR_MARGIN),
                num_text(margin)
            ));
        }
        let extra = opt_int_in("singular.extra", o.extra, 1, MAX_SINGULAR_EXTRA.into())?.unwrap_or(1);
        Ok(Some(Singular { margin, extra: extra as u32 }))
    }

    /// `beam` checked (none without the `extensions` feature).
    #[cfg(feature = "trees")]
    fn beam(&self) -> Result<Option<u32>, String> {
        Ok(opt_int_in("beam", self.beam, 1, MAX_BEAM_WIDTH.into())?.map(|n| n as u32))
    }

    /// Checks every number against its range (the limits are `plyground::limits`), naming
    /// the option, the number and the range.
    pub fn check(&self) -> Result<Opts, String> {
        if let Some(c) = self.c {
            if !(c.is_finite() && (0.0..=MAX_C).contains(&c)) {
                return Err(format!("c must be a number from 0 to {}, got {}", num_text(MAX_C), num_text(c)));
            }
        }
        Ok(Opts {
            algo: self.algo,
            tie: self.tie.map(|t| match t {
                Tie::NonStrict => TieRule::NonStrict,
                Tie::Strict => TieRule::Strict,
            }),
            order: self.order,
            seed: opt_int_in("seed", self.seed, 0, MAX_SAFE_INTEGER)?,
            depth: opt_int_in("depth", self.depth, 1, MAX_DEPTH.into())?.map(|d| d as u32),
            eval: self.eval,
            tt: self.tt,
            quiescence: self.quiescence,
            iterative: self.iterative,
            budget: opt_int_in("budget", self.budget, 1, MAX_BUDGET)?,
            iterations: opt_int_in("iterations", self.iterations, 1, MAX_ITERATIONS.into())?
                .map(|n| n as u32),
            c: self.c,
            expansion: self.expansion.map(|e| match e {
                ExpansionOrder::Natural => Expansion::Natural,
                ExpansionOrder::Random => Expansion::Random,
            }),
            scores: self.scores,
            solver: self.solver,
            fast_wins: self.fast_wins,
            #[cfg(feature = "trees")]
            singular: self.singular()?,
            #[cfg(feature = "trees")]
            beam: self.beam()?,
        })
    }
}

/// The options, checked (None: not given, the game's default applies).
#[derive(Clone, Debug, Default)]
#[allow(missing_docs)]
pub struct Opts {
    pub algo: Option<Algo>,
    pub tie: Option<TieRule>,
    pub order: Option<Order>,
    pub seed: Option<u64>,
    pub depth: Option<u32>,
    pub eval: Option<bool>,
    pub tt: Option<bool>,
    pub quiescence: Option<bool>,
    pub iterative: Option<bool>,
    pub budget: Option<u64>,
    pub iterations: Option<u32>,
    pub c: Option<f64>,
    pub expansion: Option<Expansion>,
    pub scores: Option<bool>,
    pub solver: Option<bool>,
    /// Tic-tac-toe's `Stepper.forGame` only: record the engines' game (UTILITY ±(1 + empty
    /// cells at the end), the core's `TicTacToe::FAST_WINS`), as `Engine.searchOptions()` asks.
    pub fast_wins: Option<bool>,
    #[cfg(feature = "trees")]
    pub singular: Option<Singular>,
    #[cfg(feature = "trees")]
    pub beam: Option<u32>,
}

impl Opts {
    /// Singular extensions and beam search are α-β's, and singular extensions need a depth.
    #[cfg(feature = "trees")]
    fn check_extensions(&self, algo: Algo) -> Result<(), String> {
        if algo != Algo::AlphaBeta {
            for (name, given) in [("singular", self.singular.is_some()), ("beam", self.beam.is_some())] {
                if given {
                    return Err(format!(
                        "option '{name}' is an option of α-β (H-minimax); algo '{}' does not take it",
                        algo.name()
                    ));
                }
            }
        }
        if self.singular.is_some() && self.depth.is_none() {
            return Err(
                "option 'singular' extends a search past its depth limit: give a depth (singular extensions need one)"
                    .into(),
            );
        }
        Ok(())
    }

    /// Reads and checks an options object (`undefined` or `null`: all defaults).
    pub fn parse(v: &wasm_bindgen::JsValue) -> Result<Opts, String> {
        crate::read::search_options(v)?.check()
    }

    /// The options for `game`, with its defaults filled in; refuses combinations the game
    /// cannot run in bounded time or that do not apply to it.
    pub fn resolve<G: Skin>(&self, game: &G, tuples: bool) -> Result<Resolved, String> {
        let c4 = game.unbounded_search_refused().is_some();
        if self.fast_wins == Some(true) && !game.fast_wins() {
            return Err(
                "fastWins: only Stepper.forGame on tic-tac-toe records the engines' game (wins scored by distance)"
                    .into(),
            );
        }
        let default_algo = if tuples { Algo::MaxN } else { Algo::AlphaBeta };
        let algo = self.algo.unwrap_or(default_algo);
        if tuples && !matches!(algo, Algo::MaxN | Algo::Mcts) {
            return Err(format!(
                "algo '{}': this tree has utility tuples (an n-player game); use 'maxn' or 'mcts'",
                algo.name()
            ));
        }
        if let (Some(why), Algo::Minimax | Algo::Expectiminimax | Algo::MaxN) =
            (game.unbounded_search_refused(), algo)
        {
            return Err(format!("algo '{}': {why}", algo.name()));
        }
        let seed = self.seed.unwrap_or(0);
        let order = match self.order.unwrap_or(if c4 { Order::Heuristic } else { Order::Natural }) {
            Order::Natural => MoveOrder::Natural,
            Order::Reverse => MoveOrder::Reversed,
            Order::Random => MoveOrder::Random(seed),
            Order::Heuristic => MoveOrder::Heuristic,
            Order::Killer => MoveOrder::Killer,
            Order::History => MoveOrder::History,
            Order::Best => MoveOrder::Best,
        };
        if c4 && order == MoveOrder::Best && algo == Algo::AlphaBeta {
            match self.depth {
                Some(d) if d <= C4_MAX_BEST_ORDER_DEPTH => {}
                _ => {
                    return Err(format!(
                        "order 'best' on Connect-4 runs an oracle search at every node: give a depth of at most {C4_MAX_BEST_ORDER_DEPTH}"
                    ))
                }
            }
        }
        #[cfg(feature = "trees")]
        self.check_extensions(algo)?;
        let tt = self.tt.unwrap_or(c4);
        let ab = AlphaBetaOptions {
            tie: self.tie.unwrap_or_default(),
            order,
            depth: self.depth,
            tt_log2: tt.then(|| game.tt_log2()),
            quiescence: self.quiescence.unwrap_or(false),
            node_budget: self.budget.or(if c4 { Some(C4_DEFAULT_BUDGET) } else { None }),
            #[cfg(feature = "trees")]
            singular: self.singular,
            #[cfg(feature = "trees")]
            beam: self.beam,
        };
        let mcts = MctsOptions {
            c: self.c.unwrap_or(std::f64::consts::SQRT_2),
            seed,
            expansion: self.expansion.unwrap_or_default(),
            max_nodes: MAX_ITERATIONS + 1,
            solver: self.solver.unwrap_or(false),
        };
        mcts.check(game)?;
        Ok(Resolved {
            algo,
            ab,
            eval: self.eval.unwrap_or(true),
            iterative: self.iterative.unwrap_or(c4),
            iterations: self.iterations.unwrap_or(DEFAULT_ITERATIONS),
            mcts,
            scores: self.scores.unwrap_or(true),
        })
    }
}

/// Options with every default filled in, as the core takes them.
#[derive(Clone, Debug)]
#[allow(missing_docs)]
pub struct Resolved {
    pub algo: Algo,
    pub ab: AlphaBetaOptions,
    pub eval: bool,
    pub iterative: bool,
    pub iterations: u32,
    pub mcts: MctsOptions,
    pub scores: bool,
}

/// The MCTS options of a stepper: `c`, `seed`, `expansion` and `solver` (others are refused, except
/// `algo: 'mcts'`, so that one options object can serve both kinds of call).
pub fn mcts_only(o: &Opts) -> Result<MctsOptions, String> {
    if let Some(a) = o.algo {
        if a != Algo::Mcts {
            return Err(format!("algo '{}': an MctsStepper runs 'mcts'", a.name()));
        }
    }
    let others = [
        ("tie", o.tie.is_some()),
        ("order", o.order.is_some()),
        ("depth", o.depth.is_some()),
        ("eval", o.eval.is_some()),
        ("tt", o.tt.is_some()),
        ("quiescence", o.quiescence.is_some()),
        ("iterative", o.iterative.is_some()),
        ("budget", o.budget.is_some()),
        ("iterations", o.iterations.is_some()),
        ("scores", o.scores.is_some()),
        ("fastWins", o.fast_wins.is_some()),
        #[cfg(feature = "trees")]
        ("singular", o.singular.is_some()),
        #[cfg(feature = "trees")]
        ("beam", o.beam.is_some()),
    ];
    if let Some((name, _)) = others.iter().find(|(_, given)| *given) {
        return Err(format!(
            "option '{name}' does not apply to an MctsStepper (its options are c, seed, expansion and solver; run iterations with run(n))"
        ));
    }
    Ok(MctsOptions {
        c: o.c.unwrap_or(std::f64::consts::SQRT_2),
        seed: o.seed.unwrap_or(0),
        expansion: o.expansion.unwrap_or_default(),
        max_nodes: MAX_ITERATIONS + 1,
        solver: o.solver.unwrap_or(false),
    })
}

/// The node cap of a stepper: 1 to `MAX_NODE_CAP` (default `DEFAULT_NODE_CAP`).
pub fn node_cap(x: Option<f64>) -> Result<usize, String> {
    match x {
        None => Ok(DEFAULT_NODE_CAP as usize),
        Some(x) => int_in("nodeCap", x, 1, MAX_NODE_CAP.into()).map(|n| n as usize),
    }
}

/// The options of `solveConnect4` and `analyzeConnect4` as JavaScript gives them.
#[cfg(feature = "full")]
#[derive(Clone, Debug, Default, PartialEq, tsify_next::Tsify)]
#[tsify(missing_as_null)]
#[serde(deny_unknown_fields, rename_all = "camelCase", default)]
pub struct SolveOptions {
    /// Only the sign of the score (default false).
    pub weak: Option<bool>,
    /// Node budget (default `SOLVER_DEFAULT_BUDGET`).
    pub budget: Option<f64>,
}

#[cfg(feature = "full")]
impl SolveOptions {
    /// `(weak, budget)`, the budget checked against `SOLVER_MAX_BUDGET`.
    pub fn check(&self) -> Result<(bool, u64), String> {
        let budget = opt_int_in("budget", self.budget, 1, SOLVER_MAX_BUDGET)?;
        Ok((self.weak.unwrap_or(false), budget.unwrap_or(SOLVER_DEFAULT_BUDGET)))
    }
}
