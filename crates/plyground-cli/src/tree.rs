//! `plyground tree`: search an explicit game tree given as text.

use crate::args::{self, Args};
use crate::json::Json;
use crate::play::stats_json;
use clap::{Arg, Command};
use plyground::event::Bound;
use plyground::games::tree::TreeEval;
use plyground::search::alphabeta::{alpha_beta, h_alpha_beta, AlphaBetaOptions, Singular};
use plyground::search::maxn::maxn_values;
use plyground::search::minimax::{expectiminimax, minimax};
use plyground::search::{fmt_value, MoveOrder, SearchResult, TieRule};
use plyground::trace::{EventKind, NodeValue, Recorder};
use plyground::Game;

/// The command's options. `--depth` makes α-β H-minimax: cut off at depth D with EVAL = an
/// inner node's written evaluation (`B~4[…]`, else 0); `--singular` adds singular extensions
/// (needs `--depth`), `--beam` beam search (keep the N children of best EVAL at each node).
pub fn command() -> Command {
    use plyground::limits::{MAX_BEAM_WIDTH, MAX_DEPTH, MAX_SINGULAR_EXTRA, MAX_SINGULAR_MARGIN};
    args::command("tree", "Search an explicit game tree given as text (docs/tree-grammar.md)").args([
        args::tree_input(),
        args::opt(
            "algo",
            "A",
            "minimax, alphabeta, expectiminimax or maxn (default: alphabeta; maxn for a tree \
             with utility tuples or more than two players)",
        ),
        tie_arg(),
        order_arg(),
        args::opt(
            "depth",
            "D",
            format!(
                "alphabeta only: cut off at depth D, 1 to {MAX_DEPTH}, with EVAL = an inner node's \
                 written evaluation ('B~4[…]', else 0)"
            ),
        ),
        args::opt(
            "singular",
            "MARGIN[:EXTRA]",
            format!(
                "singular extensions (needs --depth): a move better than all others by MARGIN (0 to \
                 {MAX_SINGULAR_MARGIN:e}) searches EXTRA more plies (1 to {MAX_SINGULAR_EXTRA}, default 1)"
            ),
        ),
        args::opt(
            "beam",
            "N",
            format!("beam search: keep the N children of best EVAL at each node, 1 to {MAX_BEAM_WIDTH}"),
        ),
        args::flag(
            "trace",
            "every step of the search first (a leaf is one step), numbered and narrated, one a line",
        ),
        json_arg(),
    ])
}

/// `--tie`, as `tree` and `export` read it.
pub fn tie_arg() -> Arg {
    args::opt("tie", "R", "when α-β prunes: nonstrict (on v ≥ β / v ≤ α) or strict (on v > β / v < α)")
        .default_value("nonstrict")
}

/// `--order`, as `tree` and `export` read it.
pub fn order_arg() -> Arg {
    args::opt("order", "O", "the order α-β searches children in: natural, reverse, random:SEED or best")
        .default_value("natural")
}

/// `--json`.
pub fn json_arg() -> Arg {
    args::flag("json", "one JSON object instead of 'key: value' lines")
}

/// `--depth D` (of `tree` and `c4`), checked.
pub fn depth(a: &Args) -> Result<Option<u32>, String> {
    let depth: Option<u32> = a.number("depth")?;
    if depth.is_some_and(|d| !(1..=plyground::limits::MAX_DEPTH).contains(&d)) {
        return Err(format!("--depth: must be from 1 to {}", plyground::limits::MAX_DEPTH));
    }
    Ok(depth)
}

/// `--singular MARGIN[:EXTRA]` and `--beam N` (the H-minimax options of `tree` and `c4`),
/// checked; `depth` is `--depth`, which singular extensions need.
pub fn singular_and_beam(a: &Args, depth: Option<u32>) -> Result<(Option<Singular>, Option<u32>), String> {
    let singular =
        a.get("singular").map(Singular::try_parse).transpose().map_err(|e| format!("--singular: {e}"))?;
    if singular.is_some() && depth.is_none() {
        return Err("--singular: singular extensions search past a depth limit: give --depth".into());
    }
    let beam: Option<u32> = a.number("beam")?;
    if beam.is_some_and(|n| !(1..=plyground::limits::MAX_BEAM_WIDTH).contains(&n)) {
        return Err(format!("--beam: the width must be from 1 to {}", plyground::limits::MAX_BEAM_WIDTH));
    }
    Ok((singular, beam))
}

/// Runs `plyground tree`.
pub fn tree(a: &Args) -> Result<(), String> {
    let tree = a.tree()?;
    let tie = TieRule::try_parse(a.get("tie").unwrap_or_default()).map_err(|e| format!("--tie: {e}"))?;
    let order =
        MoveOrder::try_parse(a.get("order").unwrap_or_default()).map_err(|e| format!("--order: {e}"))?;
    let default_algo = if tree.num_players() > 2 || tree.has_tuples() { "maxn" } else { "alphabeta" };
    let algo = a.get("algo").unwrap_or(default_algo);
    let depth = depth(a)?;
    let (singular, beam) = singular_and_beam(a, depth)?;
    let h_options = depth.is_some() || singular.is_some() || beam.is_some();
    if h_options && algo != "alphabeta" {
        return Err(format!("--depth, --singular and --beam are options of --algo alphabeta, not {algo}"));
    }
    let root = tree.initial_state();
    // The CLI sees the search exactly as the browser does: through a recorded trace.
    let mut log = Recorder::new(&tree, root).with_node_cap(usize::MAX);
    let mut vector_value = None;
    let r: SearchResult<u32> = match algo {
        "minimax" => minimax(&tree, &root, &mut log),
        "expectiminimax" => expectiminimax(&tree, &root, &mut log),
        "alphabeta" if h_options => {
            let o = AlphaBetaOptions { tie, order, depth, singular, beam, ..Default::default() };
            h_alpha_beta(&tree, &root, &TreeEval, &o, &mut log)
        }
        "alphabeta" => {
            alpha_beta(&tree, &root, &AlphaBetaOptions { tie, order, ..Default::default() }, &mut log)
        }
        "maxn" => {
            let (r, u) = maxn_values(&tree, &root, &mut log);
            vector_value = Some(u);
            r
        }
        _ => {
            return Err(format!(
                "--algo: unknown algorithm '{algo}' (minimax, alphabeta, expectiminimax, maxn)"
            ))
        }
    };
    if tree.has_tuples() && algo != "maxn" {
        return Err(format!("--algo {algo}: this tree has utility tuples; use --algo maxn"));
    }
    let trace = log.finish();
    let evaluated = trace.evaluated_leaf_paths();
    let best_label = r.best.map(|b| tree.label(tree.children(root)[b as usize]).unwrap_or("").to_string());
    let n = tree.num_players();
    if a.flag("trace") {
        // One line per step, as the figure steps (a leaf is one step).
        for i in 0..trace.len() {
            println!("{i}\t{}\t{}", trace.step_kind(i).map_or("", EventKind::name), trace.narration(i));
        }
    }
    // What each returned value is (the core's trace::bounds): every node with a value, by
    // path, for --json; the nodes whose value is only a bound, for the plain output.
    let bound_name = |b: Option<Bound>| match b {
        Some(Bound::Exact) => "exact",
        Some(Bound::Upper) => "upper",
        Some(Bound::Lower) => "lower",
        None => "none",
    };
    let bounded: Vec<String> = trace
        .nodes()
        .iter()
        .filter(|nd| nd.bound != Some(Bound::Exact))
        .filter_map(|nd| {
            let v = nd.value?.text(n);
            Some(format!("{} {}", nd.label, plyground::trace::bound_text(&v, nd.bound)))
        })
        .collect();
    if a.flag("json") {
        let nodes = (0..trace.nodes().len() as u32)
            .filter_map(|id| {
                let nd = &trace.nodes()[id as usize];
                let value = match nd.value? {
                    NodeValue::Scalar(x) => Json::Num(x),
                    NodeValue::Vector(u) => Json::Arr(u.iter().take(n).map(|&x| Json::Num(x)).collect()),
                };
                Some(Json::obj(vec![
                    ("path", Json::Str(trace.path(id))),
                    ("label", Json::Str(nd.label.clone())),
                    ("value", value),
                    ("bound", Json::Str(bound_name(nd.bound).to_string())),
                ]))
            })
            .collect();
        let value = match vector_value {
            Some(u) => Json::Arr(u.iter().take(n).map(|&x| Json::Num(x)).collect()),
            None => Json::Num(r.value),
        };
        let j = Json::obj(vec![
            ("value", value),
            ("best", r.best_index.map(|i| Json::Num(i as f64)).unwrap_or(Json::Null)),
            ("best_label", best_label.clone().map(Json::Str).unwrap_or(Json::Null)),
            ("evaluated", Json::Arr(evaluated.iter().map(|p| Json::Str(p.clone())).collect())),
            ("stats", stats_json(&r.stats)),
            ("nodes", Json::Arr(nodes)),
        ]);
        let j = if h_options {
            let extra = Json::obj(vec![
                ("extensions", Json::Num(r.stats.extensions as f64)),
                ("forward_pruned", Json::Num(r.stats.forward_pruned as f64)),
                (
                    "forward_pruned_edges",
                    Json::Arr(forward_paths(&trace).into_iter().map(Json::Str).collect()),
                ),
            ]);
            match j {
                Json::Obj(mut pairs) => {
                    pairs.push(("h_minimax".to_string(), extra));
                    Json::Obj(pairs)
                }
                other => other,
            }
        } else {
            j
        };
        println!("{}", j.to_text());
    } else {
        match vector_value {
            Some(u) => println!("value: {}", vector(&u, n)),
            None => println!("value: {}", fmt_value(r.value)),
        }
        println!("best: {}", r.best_index.map(|i| i.to_string()).unwrap_or_else(|| "none".into()));
        println!("best_label: {}", best_label.unwrap_or_else(|| "none".into()));
        println!("evaluated: {}", evaluated.join(" "));
        println!("nodes: {}", r.stats.nodes);
        println!("leaves: {}", r.stats.leaves);
        println!("cutoffs: {}", r.stats.cutoffs);
        println!("bounds: {}", if bounded.is_empty() { "none".to_string() } else { bounded.join(", ") });
        if h_options {
            println!("extensions: {}", r.stats.extensions);
            println!("forward_pruned: {}", forward_paths(&trace).join(" "));
        }
    }
    Ok(())
}

/// The paths of the edges beam search dropped (parent path, then the child's index).
fn forward_paths(trace: &plyground::trace::Trace<u32>) -> Vec<String> {
    let all = trace.pruned_paths();
    trace.pruned().iter().zip(all).filter(|(p, _)| p.forward).map(|(_, path)| path).collect()
}

fn vector(v: &[f64], n: usize) -> String {
    let parts: Vec<String> = v.iter().take(n).map(|&x| fmt_value(x)).collect();
    format!("({})", parts.join(","))
}
