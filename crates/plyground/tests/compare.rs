#![cfg(feature = "extensions")]
//! The comparison grid (`plyground::search::compare`): which searches a comparison table runs
//! on a lesson tree and on a game position, which apply, and its figures, with every cell's
//! search run here as the page's worker runs it (α-β through the tree's written evaluations,
//! in the cell's order; minimax alone). With the `extensions` feature: the rows' beam widths
//! are beam search's.

use crate::lessons;
use plyground::games::connect4::Connect4;
use plyground::games::tictactoe::TicTacToe;
use plyground::games::tree::{Tree, TreeEval};
use plyground::search::alphabeta::{alpha_beta, h_alpha_beta, AlphaBetaOptions};
use plyground::search::compare::{
    Basis, Comparison, Found, Mark, Search, Sizes, Source, GAME_CELLS, REFUSED_C4, REFUSED_TUPLES,
    SKIP_MINIMAX, TREE_CELLS,
};
use plyground::search::minimax::minimax;
use plyground::{Game, MoveOrder, NoObserver, SearchResult};

/// The seed of the random order, as the table's shared options give it.
const SEED: u64 = 7;

/// The options of cell `c` over the shared depth.
fn options(c: Search, depth: Option<u32>) -> AlphaBetaOptions {
    let order = match c.order().unwrap() {
        "random" => MoveOrder::Random(SEED),
        o => MoveOrder::try_parse(o).unwrap(),
    };
    AlphaBetaOptions { order, depth, beam: c.width(), ..Default::default() }
}

/// What the table reads of a search, with the move as its index at the root.
fn found<A>(r: &SearchResult<A>) -> Found {
    Found {
        leaves: r.stats.leaves,
        max_depth: r.stats.max_depth,
        value: r.value,
        best: r.best_index.map(|b| b as u32),
    }
}

/// Runs every cell of `c` on a tree (skipped cells not), records what each found, and returns
/// the leaves per cell (None: not run).
fn run_tree(t: &Tree, c: &mut Comparison, depth: Option<u32>) -> Vec<Option<u64>> {
    let root = t.initial_state();
    let cells = c.cells();
    cells
        .iter()
        .enumerate()
        .map(|(i, &cell)| {
            if c.skip(i).is_some() {
                return None;
            }
            let r = match cell {
                Search::Minimax => minimax(t, &root, &mut NoObserver),
                _ => h_alpha_beta(t, &root, &TreeEval, &options(cell, depth), NoObserver),
            };
            c.record(i, found(&r));
            Some(r.stats.leaves)
        })
        .collect()
}

#[test]
fn figure_5_2_every_order_and_beam_with_the_lessons_counts() {
    let t = Tree::try_parse(lessons::fig_5_2()).unwrap();
    let mut c = Comparison::new(Source::tree(&t), None);
    assert_eq!(c.refused(), None);
    assert_eq!(c.minimax_algo(), "minimax");
    assert_eq!(c.cells(), TREE_CELLS);
    assert_eq!(
        TREE_CELLS,
        [
            Search::Minimax,
            Search::AlphaBeta("natural"),
            Search::AlphaBeta("reverse"),
            Search::AlphaBeta("random"),
            Search::AlphaBeta("best"),
            Search::Beam(1),
            Search::Beam(2),
            Search::Beam(3),
        ]
    );
    assert!((0..8).all(|i| c.skip(i).is_none()));
    // Minimax: the 9 leaves; α-β in natural order: 7 (c2 and c3 pruned, the lessons' trace);
    // reversed 9 (D = 2 first, so C's cutoff comes at its last leaf and B never cuts); seed 7
    // shuffles to 8; perfect order 5 = 3 + 3 − 1. Beam width 1 keeps one child per node (1
    // leaf), width 2 two (B's 3 and 12, then C's 2 cuts), width 3 is α-β.
    let leaves = run_tree(&t, &mut c, None);
    assert_eq!(leaves, [Some(9), Some(7), Some(9), Some(8), Some(5), Some(1), Some(3), Some(7)]);
    // Bold: perfect order's 5. Every inner node's EVAL is 0 (no written evaluations): the
    // beams keep the leftmost children, and B (3) is α-β's choice too.
    let marks: Vec<Option<Mark>> = (0..8).map(|i| c.mark(i)).collect();
    assert_eq!(
        marks,
        [
            None,
            None,
            None,
            None,
            Some(Mark::Fewest),
            Some(Mark::Matches),
            Some(Mark::Matches),
            Some(Mark::Matches)
        ]
    );
    let r = c.reference().unwrap();
    assert_eq!((r.basis, r.m, r.leaves), (Basis::Minimax, 2, 9.0));
    let s = r.sizes.unwrap();
    assert_eq!((s.b, s.full, s.perfect), (3.0, 9.0, 3.0));
    assert_eq!(s.random, 3.0 * 3f64.sqrt());
}

#[test]
fn the_beam_lesson_says_which_widths_find_alpha_betas_choice() {
    // The gallery's beam search section: width 1 finds 1 (B), width 2 finds 4 (C), both
    // missing α-β's 7 (D); width 3 keeps every move.
    let t = Tree::try_parse("A[B~6[1, 9], C~3[4, 5], D~2[7, 8]]").unwrap();
    let mut c = Comparison::new(Source::tree(&t), None);
    run_tree(&t, &mut c, None);
    let beams: Vec<(u32, f64, Option<u32>, Mark)> = (0..c.cells().len())
        .filter_map(|i| match c.cells()[i] {
            Search::Beam(w) => {
                Some((w, c.found(i).unwrap().value, c.found(i).unwrap().best, c.mark(i).unwrap()))
            }
            _ => None,
        })
        .collect();
    assert_eq!(
        beams,
        [(1, 1.0, Some(0), Mark::Misses), (2, 4.0, Some(1), Mark::Misses), (3, 7.0, Some(2), Mark::Matches),]
    );
}

#[test]
fn a_depth_skips_minimax_and_a_tree_then_has_no_reference() {
    let t = Tree::try_parse(lessons::fig_5_2()).unwrap();
    let mut c = Comparison::new(Source::tree(&t), Some(1));
    assert_eq!(c.skip(0), Some(SKIP_MINIMAX));
    assert!((1..8).all(|i| c.skip(i).is_none()));
    let leaves = run_tree(&t, &mut c, Some(1));
    // Depth 1: EVAL (0, no written evaluations) at B, C and D in every order; the beams keep
    // 1, 2 and 3 of them.
    assert_eq!(leaves, [None, Some(3), Some(3), Some(3), Some(3), Some(1), Some(2), Some(3)]);
    let bold = (0..8).filter(|&i| c.mark(i) == Some(Mark::Fewest)).count();
    assert_eq!(bold, 4, "ties: every α-β row is bold");
    assert_eq!(c.reference(), None);
}

#[test]
fn tuples_are_refused_and_chance_compares_expectiminimax() {
    let tuples = Tree::try_parse(lessons::tree("aima_three_player")).unwrap();
    let c = Comparison::new(Source::tree(&tuples), None);
    assert_eq!((c.refused(), c.cells().len()), (Some(REFUSED_TUPLES), 0));
    let chance = Tree::try_parse(lessons::tree("exercise_expectiminimax")).unwrap();
    let c = Comparison::new(Source::tree(&chance), None);
    assert_eq!(c.minimax_algo(), "expectiminimax");
    assert_eq!(c.cells()[0], Search::Minimax);
}

#[test]
fn a_tic_tac_toe_position_compares_every_order_and_no_beam() {
    let g = TicTacToe;
    let root = g.try_parse_moves("4,0,8").unwrap();
    let mut acts = Vec::new();
    g.actions(&root, &mut acts);
    let mut c = Comparison::new(Source::Game { connect4: false, legal: acts.len() as u32 }, None);
    assert_eq!(c.cells(), GAME_CELLS);
    let orders: Vec<Option<&str>> = c.cells().iter().map(|x| x.order()).collect();
    assert_eq!(
        orders,
        [
            None,
            Some("natural"),
            Some("reverse"),
            Some("random"),
            Some("best"),
            Some("heuristic"),
            Some("killer"),
            Some("history")
        ]
    );
    let cells = c.cells();
    let mut leaves = Vec::new();
    for (i, &cell) in cells.iter().enumerate() {
        let r = match cell {
            Search::Minimax => minimax(&g, &root, &mut NoObserver),
            _ => alpha_beta(&g, &root, &options(cell, None), NoObserver),
        };
        c.record(i, found(&r));
        leaves.push(r.stats.leaves);
    }
    // Minimax: 536 leaves below O's six moves; perfect order the fewest, 38.
    assert_eq!(leaves, [536, 105, 173, 103, 38, 85, 90, 119]);
    let bold: Vec<usize> = (0..cells.len()).filter(|&i| c.mark(i) == Some(Mark::Fewest)).collect();
    assert_eq!(bold, [4]);
    let r = c.reference().unwrap();
    assert_eq!((r.basis, r.m, r.leaves), (Basis::Minimax, 6, 536.0));
}

#[test]
fn connect4_needs_a_depth_and_its_reference_counts_the_root_moves() {
    let g = Connect4;
    let root = g.try_parse_moves("4453").unwrap();
    let mut acts = Vec::new();
    g.actions(&root, &mut acts);
    let source = Source::Game { connect4: true, legal: acts.len() as u32 };
    assert_eq!(Comparison::new(source, None).refused(), Some(REFUSED_C4));
    let c = Comparison::new(source, Some(4));
    assert_eq!(c.cells().len(), 8);
    assert_eq!(c.skip(0), Some(SKIP_MINIMAX));
    let r = c.reference().unwrap();
    assert_eq!((r.basis, r.m, r.leaves), (Basis::RootMoves { legal: 7 }, 4, 2401.0));
    assert_eq!(r.sizes, Some(Sizes { b: 7.0, full: 2401.0, random: 343.0, perfect: 49.0 }));
}

#[test]
fn reference_sizes_are_the_lessons_powers() {
    // A uniform tree, b = 3, m = 4: 81, 27, 9 exactly.
    assert_eq!(Sizes::of(81.0, 4), Some(Sizes { b: 3.0, full: 81.0, random: 27.0, perfect: 9.0 }));
    // Tic-tac-toe's minimax leaves from the empty board, m = 9.
    let t = Sizes::of(255_168.0, 9).unwrap();
    assert_eq!(t.full, 255_168.0);
    assert_eq!((t.perfect * 100.0).round(), 50_514.0);
    assert_eq!((t.b * 1e6).round(), 3_988_030.0);
    assert_eq!(Sizes::of(0.0, 3), None);
    assert_eq!(Sizes::of(5.0, 0), None);
}
