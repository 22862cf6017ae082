//! `plyground ttt` and `plyground c4`: the value and best move of a position.

use crate::args::{self, Args};
use crate::json::Json;
use crate::tree;
use clap::{Arg, Command};
use plyground::games::tictactoe::TicTacToe;
use plyground::play::engine::{
    solver_fallback_options, AlphaBetaEngine, Engine, EngineResult, MctsEngine, MinimaxEngine, MoveScore,
    ScoreBound, SolverEngine, DEFAULT_NODE_BUDGET,
};
use plyground::play::players::{PERFECT_C4_BUDGET, PERFECT_C4_SOLVER_SHARE};
use plyground::search::alphabeta::{AlphaBetaOptions, NoEval};
use plyground::search::{fmt_value, Stats};
use plyground::{Game, Player, ToMove};

/// `plyground ttt`'s options.
pub fn ttt_command() -> Command {
    args::command("ttt", "The value and best move of a tic-tac-toe position")
        .arg(args::opt(
            "moves",
            "M",
            "the moves from the empty board, cells 0-8 row by row, as in 4,0,8 (default: none)",
        ))
        .arg(args::opt("algo", "A", "minimax, alphabeta or mcts").default_value("alphabeta"))
        .arg(budget_arg("minimax and alphabeta", DEFAULT_NODE_BUDGET.to_string()))
        .args(mcts_args())
        .arg(tree::json_arg())
}

/// `--budget`: which searches it bounds, and its default.
fn budget_arg(searches: &str, default: String) -> Arg {
    args::opt("budget", "NODES", format!("{searches}: the node budget, at least 1 (default: {default})"))
}

/// The MCTS options of `ttt` and `c4`.
fn mcts_args() -> Vec<Arg> {
    use plyground::limits::{DEFAULT_ITERATIONS, MAX_C, MAX_ITERATIONS};
    vec![
        args::opt("iterations", "N", format!("mcts: iterations, 1 to {MAX_ITERATIONS}"))
            .default_value(DEFAULT_ITERATIONS.to_string()),
        args::opt("seed", "S", "mcts: the seed of its random playouts").default_value("0"),
        args::opt(
            "c",
            "C",
            format!("mcts: the exploration constant C of UCB1, 0 to {MAX_C:e} (default: √2)"),
        ),
        args::flag("solver", "mcts: MCTS-Solver, which proves wins and losses; prints proof: and proved_at:"),
    ]
}

/// Runs `plyground ttt`.
pub fn ttt(a: &Args) -> Result<(), String> {
    let g = TicTacToe;
    let s = g.try_parse_moves(a.get("moves").unwrap_or_default()).map_err(|e| format!("--moves: {e}"))?;
    let algo = a.get("algo").unwrap_or_default();
    solver_only_for_mcts(a, algo)?;
    let mut proof = None;
    let budget = budget(a)?;
    let r = match algo {
        "minimax" => MinimaxEngine::new(g, s, Some(budget)).run(u64::MAX),
        "alphabeta" => {
            let o = AlphaBetaOptions { node_budget: Some(budget), ..Default::default() };
            AlphaBetaEngine::new(g, NoEval, s, o, false).run(u64::MAX)
        }
        "mcts" => {
            let (r, p) = run_mcts(&g, &s, a, &|m| m.to_string())?;
            proof = Some(p);
            r
        }
        _ => return Err(format!("--algo: unknown algorithm '{algo}' for ttt (minimax, alphabeta, mcts)")),
    };
    report(&g, &s, &r, a.flag("json"), |m| m.to_string());
    print_proof(a, proof);
    Ok(())
}

/// `--solver` applies to `--algo mcts` only.
fn solver_only_for_mcts(a: &Args, algo: &str) -> Result<(), String> {
    if a.flag("solver") && algo != "mcts" {
        return Err(format!("--solver: MCTS-Solver is an option of --algo mcts, not of '{algo}'"));
    }
    Ok(())
}

/// With `--solver`, after the plain report: the root's proof (`proof:`, the rule as a
/// sentence, or `none`) and the iteration it was found in (`proved_at:`).
fn print_proof(a: &Args, proof: Option<(Option<String>, Option<u32>)>) {
    if a.flag("json") || !a.flag("solver") {
        return;
    }
    if let Some((text, at)) = proof {
        println!("proof: {}", text.unwrap_or_else(|| "none".into()));
        println!("proved_at: {}", at.map_or_else(|| "none".into(), |n| n.to_string()));
    }
}

/// `--budget N` (nodes, everything included), else the core's default.
fn budget(a: &Args) -> Result<u64, String> {
    let b: u64 = a.number("budget")?.unwrap_or(DEFAULT_NODE_BUDGET);
    if b == 0 {
        return Err("--budget: must be at least 1 node".into());
    }
    Ok(b)
}

/// A per-move score as text: `3` (exact), `≥3` / `≤3` (bounds), `~0.41` (an MCTS
/// estimate), `?` (not searched within the budget).
pub fn score_text(m: &MoveScore<impl Copy>) -> String {
    match (m.bound, m.value) {
        (ScoreBound::Exact, Some(v)) => fmt_value(v),
        (ScoreBound::Lower, Some(v)) => format!("≥{}", fmt_value(v)),
        (ScoreBound::Upper, Some(v)) => format!("≤{}", fmt_value(v)),
        (ScoreBound::Estimate, Some(v)) => format!("~{}", fmt_value(v)),
        _ => "?".to_string(),
    }
}

/// Prints an engine's result: plain lines, or JSON. `scores` maps each move to its value
/// (null when missing) and `bounds` says what each is (`exact`, `lower`, `upper`,
/// `estimate`, `missing`).
pub fn report<G: Game>(
    g: &G,
    s: &G::State,
    r: &EngineResult<G::Action>,
    json: bool,
    name: impl Fn(G::Action) -> String,
) {
    let to_move = match g.player(s) {
        ToMove::Player(Player::MAX) => "MAX",
        ToMove::Player(_) => "MIN",
        ToMove::Chance => "chance",
    };
    if json {
        let j = Json::obj(vec![
            ("value", Json::Num(r.value)),
            ("to_move", Json::Str(to_move.into())),
            ("best", r.best.map(|b| Json::Str(name(b))).unwrap_or(Json::Null)),
            ("pv", Json::Arr(r.pv.iter().map(|&m| Json::Str(name(m))).collect())),
            (
                "scores",
                Json::Obj(
                    r.scores
                        .iter()
                        .map(|m| (name(m.action), m.value.map_or(Json::Null, Json::Num)))
                        .collect(),
                ),
            ),
            (
                "bounds",
                Json::Obj(
                    r.scores.iter().map(|m| (name(m.action), Json::Str(m.bound.name().into()))).collect(),
                ),
            ),
            ("score", Json::Num(r.score)),
            ("exact", Json::Bool(r.exact)),
            ("complete", Json::Bool(r.complete)),
            ("depth", if r.depth == u32::MAX { Json::Null } else { Json::Num(r.depth as f64) }),
            ("algo", Json::Str(r.algo.into())),
            ("stats", stats_json(&r.stats)),
        ]);
        println!("{}", j.to_text());
    } else {
        println!("value: {}", fmt_value(r.value));
        println!("to_move: {to_move}");
        println!("best: {}", r.best.map(&name).unwrap_or_else(|| "none".into()));
        println!("pv: {}", r.pv.iter().map(|&m| name(m)).collect::<Vec<_>>().join(" "));
        let sc: Vec<String> =
            r.scores.iter().map(|m| format!("{}={}", name(m.action), score_text(m))).collect();
        println!("scores: {}", sc.join(" "));
        println!("nodes: {}", r.stats.nodes);
        println!("score: {}", fmt_value(r.score));
        println!("exact: {}", r.exact);
        println!("complete: {}", r.complete);
        println!("depth: {}", if r.depth == u32::MAX { "end".to_string() } else { r.depth.to_string() });
    }
}

/// `{"nodes":…,"leaves":…,"cutoffs":…,"max_depth":…}`
pub fn stats_json(s: &Stats) -> Json {
    Json::obj(vec![
        ("nodes", Json::Num(s.nodes as f64)),
        ("leaves", Json::Num(s.leaves as f64)),
        ("cutoffs", Json::Num(s.cutoffs as f64)),
        ("max_depth", Json::Num(s.max_depth as f64)),
        ("tt_hits", Json::Num(s.tt_hits as f64)),
    ])
}

/// `plyground c4`'s options.
///
/// α-β runs iterative deepening to `--depth` or to the end of the game, per-move scores
/// included, within ONE node budget (`--budget`, default the core's
/// [`DEFAULT_NODE_BUDGET`]); `exact: true` says the value is the game's value, and each
/// per-move score says whether it is exact, a bound or missing. `solve` is the exact solver
/// (falling back to deepening α-β when its share of the budget runs out). Values are
/// utilities to MAX (the first player, X); `score` is the community's score from the side to
/// move (22 − stones of the winner, negative for a loss).
pub fn c4_command() -> Command {
    use plyground::limits::{MAX_BEAM_WIDTH, MAX_DEPTH};
    let budget = format!("{DEFAULT_NODE_BUDGET}; solve: {PERFECT_C4_BUDGET}, the solver's share first");
    args::command("c4", "The value and best move of a Connect-4 position")
        .arg(args::opt(
            "moves",
            "M",
            "the moves from the empty board, 1-based columns, as in 4455 (default: none)",
        ))
        .arg(
            args::opt("algo", "A", "alphabeta (iterative deepening), solve (the exact solver) or mcts")
                .default_value("alphabeta"),
        )
        .arg(budget_arg("alphabeta and solve", budget))
        .args([
            args::opt(
                "depth",
                "D",
                format!("alphabeta: deepen to depth D, 1 to {MAX_DEPTH} (default: to the end)"),
            ),
            args::flag(
                "quiescence",
                "alphabeta: search on past the depth limit while a win or a block is pending",
            ),
            args::flag("no-tt", "alphabeta: without the transposition table"),
            args::opt(
                "order",
                "O",
                "alphabeta: natural, reverse, random:SEED, heuristic, killer, history or best",
            )
            .default_value("heuristic"),
            args::opt("singular", "MARGIN[:EXTRA]", "alphabeta: singular extensions, as in plyground tree"),
            args::opt(
                "beam",
                "N",
                format!("alphabeta: beam search, keep the N best moves, 1 to {MAX_BEAM_WIDTH}"),
            ),
        ])
        .args(mcts_args())
        .arg(tree::json_arg())
}

/// Runs `plyground c4`.
pub fn c4(a: &Args) -> Result<(), String> {
    use plyground::games::connect4::{C4Eval, Connect4};
    use plyground::MoveOrder;
    let g = Connect4;
    let s = g.try_parse_moves(a.get("moves").unwrap_or_default()).map_err(|e| format!("--moves: {e}"))?;
    let algo = a.get("algo").unwrap_or_default();
    solver_only_for_mcts(a, algo)?;
    let mut proof = None;
    let name = |m: u8| (m + 1).to_string();
    let r = match algo {
        "alphabeta" => {
            let depth = tree::depth(a)?;
            let budget = budget(a)?;
            let order = MoveOrder::try_parse(a.get("order").unwrap_or_default())
                .map_err(|e| format!("--order: {e}"))?;
            let (singular, beam) = tree::singular_and_beam(a, depth)?;
            let o = AlphaBetaOptions {
                order,
                tt_log2: if a.flag("no-tt") { None } else { Some(20) },
                depth,
                quiescence: a.flag("quiescence"),
                node_budget: Some(budget),
                singular,
                beam,
                ..Default::default()
            };
            let r = AlphaBetaEngine::new(g, C4Eval::default(), s, o, true).run(u64::MAX);
            if r.best.is_none() && !g.is_terminal(&s) {
                return Err(format!("--budget {budget}: not even depth 1 finished; raise the budget"));
            }
            r
        }
        "solve" => {
            let budget = if a.given("budget") { budget(a)? } else { PERFECT_C4_BUDGET };
            let mut e = SolverEngine::new(s, budget, PERFECT_C4_SOLVER_SHARE);
            let r = e.run(u64::MAX);
            match e.fallback_budget() {
                // The solver gave up: deepening α-β with EVAL on what it left, as the
                // perfect player does.
                Some(b) => {
                    let o = AlphaBetaOptions { node_budget: Some(b), ..solver_fallback_options() };
                    let mut f = AlphaBetaEngine::new(g, C4Eval::default(), s, o, true).run(u64::MAX);
                    f.stats.nodes += r.stats.nodes;
                    f.algo = "solve+alphabeta";
                    f
                }
                None => r,
            }
        }
        "mcts" => {
            let (r, p) = run_mcts(&g, &s, a, &name)?;
            proof = Some(p);
            r
        }
        _ => return Err(format!("--algo: unknown algorithm '{algo}' for c4 (alphabeta, solve, mcts)")),
    };
    report(&g, &s, &r, a.flag("json"), name);
    print_proof(a, proof);
    Ok(())
}

/// The MCTS options of `--seed` (default 0), `--c` (default √2) and `--solver` (MCTS-Solver,
/// off by default), and `--iterations` (default 10,000).
fn mcts_options(a: &Args) -> Result<(plyground::search::mcts::MctsOptions, u32), String> {
    use plyground::limits::{MAX_C, MAX_ITERATIONS};
    use plyground::search::mcts::MctsOptions;
    let iterations: u32 = a.number("iterations")?.unwrap_or_default();
    if !(1..=MAX_ITERATIONS).contains(&iterations) {
        return Err(format!("--iterations: must be from 1 to {MAX_ITERATIONS}"));
    }
    let seed: u64 = a.number("seed")?.unwrap_or_default();
    let c: f64 = a.number("c")?.unwrap_or(std::f64::consts::SQRT_2);
    if !(c.is_finite() && (0.0..=MAX_C).contains(&c)) {
        return Err(format!("--c: {c} must be a number from 0 to {MAX_C:e}"));
    }
    Ok((MctsOptions { c, seed, solver: a.flag("solver"), ..Default::default() }, iterations))
}

/// The root's proof as a sentence and the iteration it was found in (MCTS-Solver).
type ProofLines = (Option<String>, Option<u32>);

/// MCTS with [`mcts_options`]. Per-move scores are estimates: each root child's mean reward
/// mapped onto the utility scale (to MAX), with its visits.
fn run_mcts<G: Game + Clone>(
    g: &G,
    s: &G::State,
    a: &Args,
    name: &dyn Fn(G::Action) -> String,
) -> Result<(EngineResult<G::Action>, ProofLines), String> {
    let (opts, iterations) = mcts_options(a)?;
    opts.check(g).map_err(|e| format!("--{e}"))?;
    let mut m = MctsEngine::new(g.clone(), *s, opts, iterations);
    let r = m.run(u64::from(iterations));
    let t = m.mcts();
    let proof = (t.root().proof_text(&|p| p.name(2), &|id| t.path_name(id, name)), t.proved_at());
    Ok((r, proof))
}
