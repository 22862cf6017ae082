//! `compareTree` / `compareGame`: the core's comparison grid (`plyground::search::compare`)
//! as one record. Which searches run, which apply and every figure are the core's; this file
//! only converts. The worker asks for the grid, runs each cell's search with `searchTree` /
//! `searchGame`, and asks again with the counts they found for the figures. `compareTree` is
//! in the lab module (the worker loads it for a tree's comparison), `compareGame` in the games
//! module. (One plain call and one record, not a handle with methods: `cargo xtask size`.)

use crate::util::{at, opt_int_in, to_js};
use plyground::limits::MAX_DEPTH;
use plyground::search::compare::{self, Basis, Source};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// A comparison's grid (`compareTree`, `compareGame`): its cells and, once the searches'
/// counts are given, its figures.
#[derive(Serialize, tsify_next::Tsify)]
#[tsify(missing_as_null)]
#[serde(rename_all = "camelCase")]
struct ComparisonGrid {
    /// Why the comparison is refused as a whole (then `cells` is empty), or null.
    refused: Option<&'static str>,
    /// The name of the minimax row.
    #[tsify(type = "'minimax' | 'expectiminimax'")]
    minimax_algo: &'static str,
    cells: Vec<ComparisonCell>,
    /// The lessons' reference sizes b^m (= `leaves`), b^(3m/4) and b^(m/2), from minimax's
    /// leaves and depth (`legal` null) or from the `legal` moves at the root to the depth;
    /// null when neither ran.
    reference: Option<ComparisonReference>,
}

/// One cell: its row (α-β and beam rows take the table's shared options; a beam row is α-β
/// in natural order with `beam: width`; the minimax row runs `minimaxAlgo` alone) and its
/// figures.
#[derive(Serialize, tsify_next::Tsify)]
struct ComparisonCell {
    #[tsify(type = "'minimax' | 'alphabeta' | 'beam'")]
    algo: &'static str,
    order: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    width: Option<u32>,
    /// Why it is not run (absent: run it).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    skip: Option<&'static str>,
    /// 'fewest': an α-β row with the fewest leaves of the α-β rows that ran; a beam row that
    /// ran: whether it found α-β's value and move ('matches', 'misses'; 'alone': no α-β row).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "'fewest' | 'matches' | 'misses' | 'alone'")]
    mark: Option<&'static str>,
}

/// `ComparisonGrid.reference`: `b`, `random` and `perfect` are null without a leaf or a depth.
#[derive(Serialize, tsify_next::Tsify)]
#[tsify(missing_as_null)]
struct ComparisonReference {
    m: f64,
    leaves: f64,
    legal: Option<f64>,
    b: Option<f64>,
    random: Option<f64>,
    perfect: Option<f64>,
}

/// The record written (out of line: the games module's size).
#[inline(never)]
fn write(g: ComparisonGrid) -> Result<JsValue, JsError> {
    to_js(&g)
}

/// The grid of `source` with the depth limit `depth`, and its figures from `found`: four
/// numbers per cell (leaves, deepest ply, root value, chosen move; NaN leaves: not run, NaN
/// move: none).
#[inline(never)]
fn grid(place: &str, source: Source, depth: Option<f64>, found: &[f64]) -> Result<JsValue, JsError> {
    let depth = opt_int_in("depth", depth, 1, MAX_DEPTH.into()).map_err(at(place))?;
    let mut c = compare::Comparison::new(source, depth.map(|d| d as u32));
    for (i, f) in found.chunks_exact(4).enumerate() {
        if f[0].is_finite() {
            let best = f[3].is_finite().then_some(f[3] as u32);
            c.record(i, compare::Found { leaves: f[0] as u64, max_depth: f[1] as u32, value: f[2], best });
        }
    }
    let cells = (c.cells().iter().enumerate())
        .map(|(i, s)| ComparisonCell {
            algo: s.row(),
            order: s.order(),
            width: s.width(),
            skip: c.skip(i),
            mark: c.mark(i).map(|m| m.name()),
        })
        .collect();
    let reference = c.reference().map(|r| ComparisonReference {
        m: r.m.into(),
        leaves: r.leaves,
        legal: match r.basis {
            Basis::RootMoves { legal } => Some(legal.into()),
            Basis::Minimax => None,
        },
        b: r.sizes.map(|s| s.b),
        random: r.sizes.map(|s| s.random),
        perfect: r.sizes.map(|s| s.perfect),
    });
    write(ComparisonGrid { refused: c.refused(), minimax_algo: c.minimax_algo(), cells, reference })
}

/// `compareTree(tree, depth, found)`: the comparison grid of an explicit tree with the
/// table's depth limit (none: to the end), and its figures from what the searches found
/// (`found`: leaves, deepest ply, value and move per cell, NaN when not run).
#[cfg(feature = "lab")]
#[wasm_bindgen(js_name = compareTree, unchecked_return_type = "ComparisonGrid")]
pub fn compare_tree(
    tree: &crate::tree::GameTree,
    depth: Option<f64>,
    found: &[f64],
) -> Result<JsValue, JsError> {
    grid("compareTree", Source::tree(&tree.tree), depth, found)
}

/// `compareGame(game, depth, found)`: the comparison grid of a game's position, as
/// `compareTree`.
#[cfg(feature = "games")]
#[wasm_bindgen(js_name = compareGame, unchecked_return_type = "ComparisonGrid")]
pub fn compare_game(
    game: &crate::game::GameHandle,
    depth: Option<f64>,
    found: &[f64],
) -> Result<JsValue, JsError> {
    let connect4 = matches!(game.pos, crate::game::Position::C4(_));
    let legal = game.legal_moves().len() as u32;
    grid("compareGame", Source::Game { connect4, legal }, depth, found)
}
