//! `plyground ordering`: the lessons' move-ordering table, measured on one position.
//!
//! | ordering | nodes examined | effective branching factor |
//! | none (plain minimax) | b^m | b |
//! | random | ≈ b^(3m/4) | b^(3/4) |
//! | perfect | ≈ b^(m/2) | √b |
//!
//! Every ordering the core offers is run on the same position; b is measured as the
//! average branching factor of the full depth-m tree (leaves^(1/m)).

use crate::args::{self, Args};
use crate::bench::group;
use crate::json::Json;
use crate::tree;
use clap::Command;
use plyground::games::connect4::{C4Eval, Connect4};
use plyground::games::tictactoe::TicTacToe;
use plyground::games::tree::Tree;
use plyground::search::alphabeta::{h_alpha_beta, AlphaBetaOptions, NoEval};
use plyground::{Evaluator, Game, MoveOrder, NoObserver, Stats};

/// Leaves of the full tree cut at `depth` (what plain minimax evaluates), and its height.
fn full_tree<G: Game>(g: &G, s: &G::State, depth: u32) -> (u64, u32) {
    let mut acts = Vec::new();
    g.actions(s, &mut acts);
    if depth == 0 || acts.is_empty() {
        return (1, 0);
    }
    let (mut leaves, mut height) = (0, 0);
    for a in acts {
        let (l, h) = full_tree(g, &g.result(s, a), depth - 1);
        leaves += l;
        height = height.max(h + 1);
    }
    (leaves, height)
}

struct Row {
    name: String,
    stats: Stats,
    value: f64,
}

fn measure<G: Game, E: Evaluator<G>>(g: &G, s: &G::State, eval: &E, depth: Option<u32>) -> Vec<Row> {
    let mut orders = vec![MoveOrder::Natural, MoveOrder::Reversed];
    orders.extend((1..=5).map(MoveOrder::Random));
    orders.extend([MoveOrder::Heuristic, MoveOrder::Killer, MoveOrder::History, MoveOrder::Best]);
    orders
        .into_iter()
        .map(|order| {
            let r = h_alpha_beta(
                g,
                s,
                eval,
                &AlphaBetaOptions { order, depth, ..Default::default() },
                NoObserver,
            );
            Row { name: format!("α-β, {order}"), stats: r.stats, value: r.value }
        })
        .collect()
}

/// Connect-4's depth when none is given (the game is too deep to search to the end).
const C4_DEPTH: u32 = 6;

/// The command's options.
pub fn command() -> Command {
    args::command("ordering", "The move-ordering table: α-β's nodes under every ordering, on one position").args([
        args::opt("game", "G", "c4 or ttt").default_value("c4"),
        args::opt("moves", "M", "the position: moves from the empty board, as for plyground c4 or ttt (default: none)"),
        args::opt("depth", "D", format!("the depth searched (default: {C4_DEPTH} for c4, to the end for ttt and --tree)")),
        args::opt(
            "tree",
            "TEXT|uniform:B,M,SEED",
            "an explicit tree instead of a game: its text, or a uniform tree of branching B and depth M with \
             distinct seeded leaves",
        ),
        tree::json_arg(),
    ])
}

/// Runs `plyground ordering`.
pub fn ordering(a: &Args) -> Result<(), String> {
    let depth: Option<u32> = a.number("depth")?;
    let (title, full, rows) = if let Some(text) = a.get("tree") {
        let t = match text.strip_prefix("uniform:") {
            Some(spec) => uniform_tree(spec)?,
            None => {
                Tree::try_parse(text).map_err(|e| format!("--tree {}:{}: {}", e.line, e.column, e.message))?
            }
        };
        let s = t.initial_state();
        let d = depth.unwrap_or(u32::MAX);
        (
            format!("explicit tree, {} nodes", t.node_count()),
            full_tree(&t, &s, d),
            measure(&t, &s, &NoEval, depth),
        )
    } else {
        match a.get("game").unwrap_or_default() {
            "c4" => {
                let g = Connect4;
                let s = g
                    .try_parse_moves(a.get("moves").unwrap_or_default())
                    .map_err(|e| format!("--moves: {e}"))?;
                let d = depth.unwrap_or(C4_DEPTH);
                let title = format!(
                    "Connect-4 '{}', depth {d}, EVAL at the cutoff",
                    a.get("moves").unwrap_or_default()
                );
                (title, full_tree(&g, &s, d), measure(&g, &s, &C4Eval::default(), Some(d)))
            }
            "ttt" => {
                let g = TicTacToe;
                let s = g
                    .try_parse_moves(a.get("moves").unwrap_or_default())
                    .map_err(|e| format!("--moves: {e}"))?;
                let d = depth.unwrap_or(u32::MAX);
                (
                    format!("tic-tac-toe '{}'", a.get("moves").unwrap_or_default()),
                    full_tree(&g, &s, d),
                    measure(&g, &s, &NoEval, depth),
                )
            }
            other => return Err(format!("--game: unknown game '{other}' (c4, ttt)")),
        }
    };
    let (leaves, m) = full;
    let m = m.max(1);
    let b = (leaves as f64).powf(1.0 / m as f64);
    let reference = [
        ("b^m (no pruning)", b.powf(m as f64)),
        ("b^(3m/4) (random)", b.powf(0.75 * m as f64)),
        ("b^(m/2) (perfect)", b.powf(0.5 * m as f64)),
    ];
    if a.flag("json") {
        let j = Json::obj(vec![
            ("position", Json::Str(title)),
            ("b", Json::Num(b)),
            ("m", Json::Num(m as f64)),
            ("minimax_leaves", Json::Num(leaves as f64)),
            (
                "reference",
                Json::Obj(reference.iter().map(|(n, v)| (n.to_string(), Json::Num(v.round()))).collect()),
            ),
            (
                "rows",
                Json::Arr(
                    rows.iter()
                        .map(|r| {
                            Json::obj(vec![
                                ("ordering", Json::Str(r.name.clone())),
                                ("nodes", Json::Num(r.stats.nodes as f64)),
                                ("leaves", Json::Num(r.stats.leaves as f64)),
                                ("cutoffs", Json::Num(r.stats.cutoffs as f64)),
                                ("value", Json::Num(r.value)),
                            ])
                        })
                        .collect(),
                ),
            ),
        ]);
        println!("{}", j.to_text());
        return Ok(());
    }
    println!("{title}: b = {b:.2} (measured), m = {m}");
    println!("{:<22} {:>12} {:>12} {:>10} {:>9}", "search", "nodes", "leaves", "cutoffs", "eff. b");
    println!("{:<22} {:>12} {:>12} {:>10} {:>9.2}", "minimax (no pruning)", "", group(leaves as f64), 0, b);
    for r in &rows {
        let eff = (r.stats.leaves.max(1) as f64).powf(1.0 / m as f64);
        println!(
            "{:<22} {:>12} {:>12} {:>10} {:>9.2}",
            r.name,
            group(r.stats.nodes as f64),
            group(r.stats.leaves as f64),
            group(r.stats.cutoffs as f64),
            eff
        );
    }
    for (n, v) in reference {
        println!("{n:<22} {:>12} {:>12}", "", group(v));
    }
    Ok(())
}

/// `B,M,SEED`: [`Tree::try_uniform`] (distinct leaves, so Knuth and Moore's minimum
/// b^⌈m/2⌉ + b^⌊m/2⌋ − 1 applies exactly).
fn uniform_tree(spec: &str) -> Result<Tree, String> {
    let parts: Vec<u64> = spec
        .split(',')
        .map(|p| p.trim().parse::<u64>().map_err(|_| format!("--tree uniform:{spec}: expected B,M,SEED")))
        .collect::<Result<_, _>>()?;
    let [b, m, seed] = parts[..] else {
        return Err(format!("--tree uniform:{spec}: expected B,M,SEED"));
    };
    let (b, m) = (u32::try_from(b).unwrap_or(u32::MAX), u32::try_from(m).unwrap_or(u32::MAX));
    Tree::try_uniform(b, m, seed).map_err(|e| format!("--tree uniform:{spec}: {e}"))
}
