//! The search options object: parsed field by field so that every bad field gets its own
//! message, then resolved against the game (per-game defaults, limits, refusals).

use crate::skin::Skin;
use crate::util::{describe, entries, int_in, num_text};
use plyground::search::alphabeta::AlphaBetaOptions;
use plyground::search::mcts::{Expansion, MctsOptions};
use plyground::{MoveOrder, TieRule};
use wasm_bindgen::JsValue;

/// The deepest depth limit accepted (no game or tree here is deeper).
pub const MAX_DEPTH: u64 = 64;
/// The largest node budget accepted.
pub const MAX_BUDGET: u64 = 1_000_000_000;
/// The most MCTS iterations one search (or one stepper) may run.
pub const MAX_ITERATIONS: u64 = 1_000_000;
/// The largest exploration constant accepted.
pub const MAX_C: f64 = 1e6;
/// Connect-4's node budget when none is given: the CLI's default.
pub const C4_DEFAULT_BUDGET: u64 = 5_000_000;
/// Perfect ordering on Connect-4 runs an unbudgeted oracle search at every node: only
/// shallow searches are allowed.
pub const C4_MAX_PERFECT_DEPTH: u32 = 8;

/// Every option name, for the "unknown option" message.
const NAMES: &str =
    "algo, tie, order, seed, depth, eval, tt, quiescence, iterative, budget, iterations, c, expansion, scores";

/// Which search.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
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
        match self {
            Algo::Minimax => "minimax",
            Algo::AlphaBeta => "alphabeta",
            Algo::Expectiminimax => "expectiminimax",
            Algo::MaxN => "maxn",
            Algo::Mcts => "mcts",
        }
    }
}

/// Move orders by name; `random` takes its seed from the `seed` option.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Order {
    Natural,
    Reverse,
    Random,
    Heuristic,
    Killer,
    History,
    Best,
}

/// The options as given (None: not given, the game's default applies).
#[derive(Clone, Debug, Default)]
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
}

fn string(key: &str, v: &JsValue) -> Result<String, String> {
    v.as_string().ok_or_else(|| format!("{key} must be a string, got {}", describe(v)))
}

fn boolean(key: &str, v: &JsValue) -> Result<bool, String> {
    v.as_bool().ok_or_else(|| format!("{key} must be true or false, got {}", describe(v)))
}

fn number(key: &str, v: &JsValue) -> Result<f64, String> {
    v.as_f64().ok_or_else(|| format!("{key} must be a number, got {}", describe(v)))
}

/// The value among `values` whose name in `names` the string `v` is.
fn choice<T: Copy>(key: &str, v: &JsValue, names: &[&str], values: &[T]) -> Result<T, String> {
    choice_index(key, v, names).map(|i| values[i])
}

/// Not generic (compiled once for every option): the index of the string `v` in `names`.
fn choice_index(key: &str, v: &JsValue, names: &[&str]) -> Result<usize, String> {
    let s = string(key, v)?;
    names.iter().position(|n| *n == s).ok_or_else(|| {
        let names: Vec<String> = names.iter().map(|n| format!("'{n}'")).collect();
        format!("{key}: unknown '{s}' (expected {})", names.join(", "))
    })
}

impl Opts {
    /// Reads an options object (`undefined` or `null`: all defaults). Unknown fields and
    /// bad values are errors naming the field; `undefined` and `null` fields mean "default".
    pub fn parse(v: &JsValue) -> Result<Opts, String> {
        let mut o = Opts::default();
        if v.is_undefined() || v.is_null() {
            return Ok(o);
        }
        if !v.is_object() || js_sys::Array::is_array(v) || v.is_function() {
            return Err(format!("options must be a plain object, got {}", describe(v)));
        }
        for (key, val) in entries(v)? {
            let k = key.as_str();
            if !NAMES.split(", ").any(|n| n == k) {
                return Err(format!("unknown option '{key}' (options are {NAMES})"));
            }
            if val.is_undefined() || val.is_null() {
                continue;
            }
            match k {
                "algo" => {
                    o.algo = Some(choice(
                        k,
                        &val,
                        &["minimax", "alphabeta", "expectiminimax", "maxn", "mcts"],
                        &[Algo::Minimax, Algo::AlphaBeta, Algo::Expectiminimax, Algo::MaxN, Algo::Mcts],
                    )?)
                }
                "tie" => {
                    o.tie = Some(choice(
                        k,
                        &val,
                        &["nonstrict", "strict"],
                        &[TieRule::NonStrict, TieRule::Strict],
                    )?)
                }
                "order" => {
                    o.order = Some(choice(
                        k,
                        &val,
                        &["natural", "reverse", "random", "heuristic", "killer", "history", "best"],
                        &[
                            Order::Natural,
                            Order::Reverse,
                            Order::Random,
                            Order::Heuristic,
                            Order::Killer,
                            Order::History,
                            Order::Best,
                        ],
                    )?)
                }
                "expansion" => {
                    o.expansion = Some(choice(
                        k,
                        &val,
                        &["natural", "random"],
                        &[Expansion::Natural, Expansion::Random],
                    )?)
                }
                "seed" => o.seed = Some(int_in("seed", number(k, &val)?, 0, (1u64 << 53) - 1)?),
                "depth" => o.depth = Some(int_in("depth", number(k, &val)?, 1, MAX_DEPTH)? as u32),
                "budget" => o.budget = Some(int_in("budget", number(k, &val)?, 1, MAX_BUDGET)?),
                "iterations" => {
                    o.iterations = Some(int_in("iterations", number(k, &val)?, 1, MAX_ITERATIONS)? as u32)
                }
                "c" => {
                    let c = number(k, &val)?;
                    if !(c.is_finite() && (0.0..=MAX_C).contains(&c)) {
                        return Err(format!(
                            "c must be a number from 0 to {}, got {}",
                            num_text(MAX_C),
                            num_text(c)
                        ));
                    }
                    o.c = Some(c);
                }
                "eval" => o.eval = Some(boolean(k, &val)?),
                "tt" => o.tt = Some(boolean(k, &val)?),
                "quiescence" => o.quiescence = Some(boolean(k, &val)?),
                "iterative" => o.iterative = Some(boolean(k, &val)?),
                "scores" => o.scores = Some(boolean(k, &val)?),
                // Every name in NAMES is handled above.
                _ => {}
            }
        }
        Ok(o)
    }

    /// The options for `game`, with its defaults filled in; refuses combinations the game
    /// cannot run in bounded time or that do not apply to it.
    pub fn resolve<G: Skin>(&self, game: &G, tuples: bool) -> Result<Resolved, String> {
        let c4 = game.unbounded_search_refused().is_some();
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
                Some(d) if d <= C4_MAX_PERFECT_DEPTH => {}
                _ => {
                    return Err(format!(
                        "order 'best' on Connect-4 runs an oracle search at every node: give a depth of at most {C4_MAX_PERFECT_DEPTH}"
                    ))
                }
            }
        }
        let tt = self.tt.unwrap_or(c4);
        let ab = AlphaBetaOptions {
            tie: self.tie.unwrap_or_default(),
            order,
            depth: self.depth,
            tt_log2: tt.then(|| game.tt_log2()),
            quiescence: self.quiescence.unwrap_or(false),
            node_budget: self.budget.or(if c4 { Some(C4_DEFAULT_BUDGET) } else { None }),
        };
        let mcts = MctsOptions {
            c: self.c.unwrap_or(std::f64::consts::SQRT_2),
            seed,
            expansion: self.expansion.unwrap_or_default(),
            max_nodes: MAX_ITERATIONS as u32 + 1,
        };
        Ok(Resolved {
            algo,
            ab,
            eval: self.eval.unwrap_or(true),
            iterative: self.iterative.unwrap_or(c4),
            iterations: self.iterations.unwrap_or(10_000),
            mcts,
            scores: self.scores.unwrap_or(true),
        })
    }
}

/// Options with every default filled in, as the core takes them.
#[derive(Clone, Debug)]
pub struct Resolved {
    pub algo: Algo,
    pub ab: AlphaBetaOptions,
    pub eval: bool,
    pub iterative: bool,
    pub iterations: u32,
    pub mcts: MctsOptions,
    pub scores: bool,
}

/// The MCTS options of a stepper: `c`, `seed` and `expansion` (others are refused, except
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
    ];
    if let Some((name, _)) = others.iter().find(|(_, given)| *given) {
        return Err(format!(
            "option '{name}' does not apply to an MctsStepper (its options are c, seed and expansion; run iterations with run(n))"
        ));
    }
    Ok(MctsOptions {
        c: o.c.unwrap_or(std::f64::consts::SQRT_2),
        seed: o.seed.unwrap_or(0),
        expansion: o.expansion.unwrap_or_default(),
        max_nodes: MAX_ITERATIONS as u32 + 1,
    })
}

/// The node cap of a stepper: 1 to [`crate::stepper::MAX_NODE_CAP`].
pub fn node_cap(x: Option<f64>) -> Result<usize, String> {
    match x {
        None => Ok(crate::stepper::DEFAULT_NODE_CAP),
        Some(x) => int_in("nodeCap", x, 1, crate::stepper::MAX_NODE_CAP as u64).map(|n| n as usize),
    }
}
