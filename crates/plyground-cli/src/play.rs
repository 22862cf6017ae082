//! `plyground ttt` and `plyground c4`: the value and best move of a position.

use crate::args::Args;
use crate::json::Json;
use plyground::games::tictactoe::TicTacToe;
use plyground::search::alphabeta::{alpha_beta, alpha_beta_scores, AlphaBetaOptions, NoEval};
use plyground::search::minimax::{minimax, minimax_scores};
use plyground::search::{fmt_value, SearchResult, Stats};
use plyground::{Game, NoObserver, Player, ToMove};

/// `plyground ttt --moves 4,0,8 [--algo minimax|alphabeta|mcts] …`
pub fn ttt(raw: &[String]) -> Result<(), String> {
    let a = Args::parse(raw, &["json"], &["moves", "algo", "iterations", "seed", "c"])?;
    let g = TicTacToe;
    let s = g.try_parse_moves(a.get("moves").unwrap_or("")).map_err(|e| format!("--moves: {e}"))?;
    let algo = a.get("algo").unwrap_or("alphabeta");
    let (r, scores) = match algo {
        "minimax" => (minimax(&g, &s, &mut NoObserver), minimax_scores(&g, &s)),
        "alphabeta" => {
            let o = AlphaBetaOptions::default();
            (alpha_beta(&g, &s, &o, NoObserver), alpha_beta_scores(&g, &s, &NoEval, &o))
        }
        "mcts" => run_mcts(&g, &s, &a)?,
        _ => return Err(format!("--algo: unknown algorithm '{algo}' for ttt (minimax, alphabeta, mcts)")),
    };
    report(&g, &s, &r, &scores, a.flag("json"), |m| m.to_string());
    Ok(())
}

/// Prints a game search result: plain lines, or JSON with `scores`.
pub fn report<G: Game>(
    g: &G,
    s: &G::State,
    r: &SearchResult<G::Action>,
    scores: &[(G::Action, f64)],
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
            ("scores", Json::Obj(scores.iter().map(|&(m, v)| (name(m), Json::Num(v))).collect())),
            ("stats", stats_json(&r.stats)),
            ("complete", Json::Bool(r.complete)),
        ]);
        println!("{}", j.to_text());
    } else {
        println!("value: {}", fmt_value(r.value));
        println!("to_move: {to_move}");
        println!("best: {}", r.best.map(&name).unwrap_or_else(|| "none".into()));
        println!("pv: {}", r.pv.iter().map(|&m| name(m)).collect::<Vec<_>>().join(" "));
        let sc: Vec<String> = scores.iter().map(|&(m, v)| format!("{}={}", name(m), fmt_value(v))).collect();
        println!("scores: {}", sc.join(" "));
        println!("nodes: {}", r.stats.nodes);
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

/// `plyground c4 --moves 4455 [--algo alphabeta|mcts] [--depth D] [--quiescence] [--no-tt]
/// [--order O] [--budget N] …`
///
/// Without `--depth`, iterative deepening runs to the end of the game or until `--budget`
/// nodes (default `plyground::limits::C4_DEFAULT_BUDGET`); `exact: true` says the whole game was searched. Values are
/// utilities to MAX (the first player, X); `score` is the community's score from the side to
/// move (22 − stones of the winner, negative for a loss).
pub fn c4(raw: &[String]) -> Result<(), String> {
    use plyground::games::connect4::{C4Eval, Connect4};
    use plyground::search::alphabeta::iterative_deepening;
    use plyground::MoveOrder;
    let a = Args::parse(
        raw,
        &["json", "quiescence", "no-tt"],
        &["moves", "algo", "depth", "budget", "iterations", "seed", "c", "order"],
    )?;
    let g = Connect4;
    let s = g.try_parse_moves(a.get("moves").unwrap_or("")).map_err(|e| format!("--moves: {e}"))?;
    let algo = a.get("algo").unwrap_or("alphabeta");
    let name = |m: u8| (m + 1).to_string();
    match algo {
        "alphabeta" => {
            let depth: Option<u32> = a.number("depth")?;
            let budget: u64 = a.number("budget")?.unwrap_or(plyground::limits::C4_DEFAULT_BUDGET);
            let eval = C4Eval::default();
            let order = MoveOrder::try_parse(a.get("order").unwrap_or("heuristic"))
                .map_err(|e| format!("--order: {e}"))?;
            let mut o = AlphaBetaOptions {
                order,
                tt_log2: if a.flag("no-tt") { None } else { Some(20) },
                depth,
                quiescence: a.flag("quiescence"),
                node_budget: Some(budget),
                ..Default::default()
            };
            let r = iterative_deepening(&g, &s, &eval, &o, NoObserver);
            if r.best.is_none() && !g.is_terminal(&s) {
                return Err(format!("--budget {budget}: not even depth 1 finished; raise the budget"));
            }
            let exact = r.complete && (r.depth == u32::MAX || depth.is_none());
            o.depth = Some(r.depth);
            o.node_budget = None;
            let scores = alpha_beta_scores(&g, &s, &eval, &o);
            let score = if s.side_to_move() == Player::MAX { r.value } else { -r.value };
            if a.flag("json") {
                let j = Json::obj(vec![
                    ("value", Json::Num(r.value)),
                    ("score", Json::Num(score)),
                    ("exact", Json::Bool(exact)),
                    ("depth", Json::Num(r.depth as f64)),
                    ("best", r.best.map(|b| Json::Num((b + 1) as f64)).unwrap_or(Json::Null)),
                    ("pv", Json::Arr(r.pv.iter().map(|&m| Json::Num((m + 1) as f64)).collect())),
                    ("scores", Json::Obj(scores.iter().map(|&(m, v)| (name(m), Json::Num(v))).collect())),
                    ("stats", stats_json(&r.stats)),
                ]);
                println!("{}", j.to_text());
            } else {
                report(&g, &s, &r, &scores, false, name);
                println!("score: {}", fmt_value(score));
                println!("exact: {exact}");
                println!("depth: {}", r.depth);
            }
            Ok(())
        }
        "mcts" => {
            let (r, scores) = run_mcts(&g, &s, &a)?;
            report(&g, &s, &r, &scores, a.flag("json"), name);
            Ok(())
        }
        _ => Err(format!("--algo: unknown algorithm '{algo}' for c4 (alphabeta, mcts)")),
    }
}

/// MCTS with `--iterations` (default 10,000), `--seed` (default 0) and `--c` (default √2).
/// Per-move scores are each root child's Q: the mean reward in [0, 1] of the player to move.
#[allow(clippy::type_complexity)]
fn run_mcts<G: Game + Clone>(
    g: &G,
    s: &G::State,
    a: &Args,
) -> Result<(SearchResult<G::Action>, Vec<(G::Action, f64)>), String> {
    use plyground::search::mcts::{Mcts, MctsOptions};
    let iterations: u32 = a.number("iterations")?.unwrap_or(10_000);
    let seed: u64 = a.number("seed")?.unwrap_or(0);
    let c: f64 = a.number("c")?.unwrap_or(std::f64::consts::SQRT_2);
    if !(c.is_finite() && c >= 0.0) {
        return Err(format!("--c: {c} must be a finite number ≥ 0"));
    }
    let mut m = Mcts::new(g.clone(), *s, MctsOptions { c, seed, ..Default::default() });
    m.run(iterations);
    let scores = m.root_children_stats().iter().map(|c| (c.action, c.q)).collect();
    Ok((m.result(), scores))
}
