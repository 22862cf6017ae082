//! `plyground export`: a recorded search on an explicit tree, at one step, as a figure for
//! print (TikZ or SVG). The figure is the core's (`plyground::export`): the same picture the
//! browser's tree figure shows at that step, placed by the print layout (PNG is the browser's:
//! the figure's Export button).

use crate::args::{self, Args};
use crate::tree;
use clap::Command;
use plyground::export::beamer::{beamer, BeamerOptions};
use plyground::export::svg::{svg_at, SvgOptions};
use plyground::export::tikz::{algorithm_title, tikz_at, TikzOptions};
use plyground::search::alphabeta::{alpha_beta, AlphaBetaOptions};
use plyground::search::maxn::maxn_values;
use plyground::search::minimax::{expectiminimax, minimax};
use plyground::search::{MoveOrder, TieRule};
use plyground::trace::Recorder;
use plyground::Game;

/// The command's options.
pub fn command() -> Command {
    let (lo, hi) = plyground::export::svg::WIDTH_RANGE;
    args::command("export", "The search's tree figure at one step as TikZ or SVG, or every step as Beamer slides")
        .args([
            args::tree_input(),
            args::opt("format", "F", "tikz (a standalone .tex for pdflatex), svg, or beamer (slides: one overlay per step); required"),
            args::flag("snippet", "tikz only: the tikzpicture alone, to \\input in a document"),
            args::flag("dark", "svg only: the dark palette"),
            args::flag("minimax", "the true minimax value beside each finished inner node's own"),
            args::opt("width", "PX", format!("svg only: the figure's width in px, {lo} to {hi} (default: the natural size, where the smallest text is 11 px)")),
            args::opt("algo", "A", "minimax, alphabeta, expectiminimax or maxn (default: alphabeta; maxn for a tree with utility tuples)"),
            args::opt("step", "end|N", "tikz and svg: the step of the search to draw: end, or 0 to the trace's length"),
            args::opt("steps", "A-B", "beamer only: the steps to reveal, A to B (default: 0 to the end)"),
            tree::tie_arg(),
            tree::order_arg(),
        ])
        .after_help("PNG comes from the figure's Export button in the browser.")
}

/// Runs `plyground export`.
pub fn export(a: &Args) -> Result<(), String> {
    let (svg, slides) = match a.get("format") {
        Some("tikz") => (false, false),
        Some("svg") => (true, false),
        Some("beamer") => (false, true),
        Some("png") => {
            return Err("--format png: PNG is the browser's job (the figure's Export button); \
                        --format svg, tikz and beamer work here"
                .into())
        }
        Some(other) => return Err(format!("--format: unknown format '{other}' (tikz, svg, beamer)")),
        None => return Err("missing --format (tikz, svg, beamer)".into()),
    };
    if slides && (a.get("step").is_some() || a.flag("snippet") || a.flag("dark") || a.get("width").is_some())
    {
        return Err("--format beamer: --step, --snippet, --dark and --width do not apply (--steps A-B chooses the steps)".into());
    }
    if !slides && a.get("steps").is_some() {
        return Err("--steps: only for --format beamer (tikz and svg draw one --step)".into());
    }
    if svg && a.flag("snippet") {
        return Err("--snippet: only for --format tikz (an SVG file is already one picture)".into());
    }
    if !svg && (a.flag("dark") || a.get("width").is_some()) {
        let which = if a.flag("dark") { "--dark" } else { "--width" };
        return Err(format!("{which}: only for --format svg (the TikZ is set by TeX, in the light palette)"));
    }
    let width = match a.get("width") {
        None => None,
        Some(w) => Some(
            w.parse::<f64>()
                .ok()
                .filter(|v| v.is_finite())
                .ok_or_else(|| format!("--width: '{w}' is not a number of pixels"))?,
        ),
    };
    let tree = a.tree()?;
    let tie = TieRule::try_parse(a.get("tie").unwrap_or_default()).map_err(|e| format!("--tie: {e}"))?;
    let order =
        MoveOrder::try_parse(a.get("order").unwrap_or_default()).map_err(|e| format!("--order: {e}"))?;
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
    if slides {
        let steps = match a.get("steps") {
            None => 0..=trace.len(),
            Some(r) => {
                let bad =
                    || format!("--steps: '{r}' is not a range of steps like 12-23 (0 to {})", trace.len());
                let (lo, hi) = r.split_once('-').ok_or_else(bad)?;
                let lo: usize = lo.trim().parse().map_err(|_| bad())?;
                let hi: usize = hi.trim().parse().map_err(|_| bad())?;
                lo..=hi
            }
        };
        let text = format!("{title} on {}", tree.to_text());
        let out = beamer(&tree, &trace, steps, &text, BeamerOptions { minimax: a.flag("minimax") })
            .map_err(|e| format!("--steps: {e}"))?;
        print!("{out}");
        return Ok(());
    }
    let step = match a.get("step").unwrap_or("end") {
        "end" => trace.len(),
        s => s.parse::<usize>().map_err(|_| {
            format!("--step: '{s}' is not a step (end, or a number from 0 to {})", trace.len())
        })?,
    };
    let out = if svg {
        if let Some(w) = width {
            let (lo, hi) = plyground::export::svg::WIDTH_RANGE;
            if !(lo..=hi).contains(&w) {
                return Err(format!("--width: {w} is out of range ({lo} to {hi} px)"));
            }
        }
        svg_at(
            &tree,
            &trace,
            step,
            title,
            SvgOptions { dark: a.flag("dark"), width, minimax: a.flag("minimax") },
        )
        .map_err(|e| format!("--step: {e}"))?
    } else {
        tikz_at(
            &tree,
            &trace,
            step,
            title,
            TikzOptions { snippet: a.flag("snippet"), minimax: a.flag("minimax") },
        )
        .map_err(|e| format!("--step: {e}"))?
    };
    print!("{out}");
    Ok(())
}
