//! `plyground export`: a recorded search on an explicit tree, at one step, as a figure for
//! print (TikZ). The figure is the core's (`plyground::export`): the same picture the
//! browser's tree figure shows at that step.

use crate::args::Args;
use plyground::export::tikz::{algorithm_title, tikz_at, TikzOptions};
use plyground::search::alphabeta::{alpha_beta, AlphaBetaOptions};
use plyground::search::maxn::maxn_values;
use plyground::search::minimax::{expectiminimax, minimax};
use plyground::search::{MoveOrder, TieRule};
use plyground::trace::Recorder;
use plyground::Game;

/// `plyground export --format tikz [--snippet] [--algo A] [--step end|N] [--tie T] [--order O] TREE|-`
pub fn export(raw: &[String]) -> Result<(), String> {
    let a = Args::parse(raw, &["snippet"], &["format", "algo", "step", "tie", "order"])?;
    match a.get("format") {
        Some("tikz") => {}
        Some("svg") => {
            return Err("--format svg: not available from the CLI yet (the SVG is drawn by the page's \
                        own layout; use the figure's Export button); --format tikz works"
                .into())
        }
        Some("png") => {
            return Err("--format png: PNG is the browser's job (the figure's Export button)".into())
        }
        Some(other) => return Err(format!("--format: unknown format '{other}' (tikz)")),
        None => return Err("missing --format (tikz)".into()),
    }
    let tree = a.tree()?;
    let tie = TieRule::try_parse(a.get("tie").unwrap_or("nonstrict")).map_err(|e| format!("--tie: {e}"))?;
    let order =
        MoveOrder::try_parse(a.get("order").unwrap_or("natural")).map_err(|e| format!("--order: {e}"))?;
    let default_algo = if tree.has_tuples() { "maxn" } else { "alphabeta" };
    let algo = a.get("algo").unwrap_or(default_algo);
    if tree.has_tuples() && algo != "maxn" {
        return Err(format!("--algo {algo}: this tree has utility tuples; use --algo maxn"));
    }
    let root = tree.initial_state();
    let mut log = Recorder::new(&tree, root).with_node_cap(usize::MAX);
    match algo {
        "minimax" => drop(minimax(&tree, &root, &mut log)),
        "expectiminimax" => drop(expectiminimax(&tree, &root, &mut log)),
        "alphabeta" => {
            drop(alpha_beta(&tree, &root, &AlphaBetaOptions { tie, order, ..Default::default() }, &mut log))
        }
        "maxn" => drop(maxn_values(&tree, &root, &mut log)),
        _ => {
            return Err(format!(
                "--algo: unknown algorithm '{algo}' (minimax, alphabeta, expectiminimax, maxn)"
            ))
        }
    }
    let title = algorithm_title(algo);
    let trace = log.finish();
    let step = match a.get("step").unwrap_or("end") {
        "end" => trace.len(),
        s => s.parse::<usize>().map_err(|_| {
            format!("--step: '{s}' is not a step (end, or a number from 0 to {})", trace.len())
        })?,
    };
    let out = tikz_at(&tree, &trace, step, title, TikzOptions { snippet: a.flag("snippet") })
        .map_err(|e| format!("--step: {e}"))?;
    print!("{out}");
    Ok(())
}
