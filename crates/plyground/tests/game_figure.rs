//! A game's search placed by the core: the game-free record the games module writes
//! (`Trace::figure_record`) read back by the tree module (`Trace::from_record`) pictures the
//! same figure at every step, a bad record is an error and never a panic, and the plan of a
//! search (`Plan::of_search`) keeps every label clear of every other, of the glyphs, the
//! boards and the edges, inside the figure and at 11 px or more.

use plyground::export::figure::Skeleton;
use plyground::export::place::problems;
use plyground::export::plan::Plan;
use plyground::export::Figure;
use plyground::game::WeightedLinear;
use plyground::games::connect4::{C4Eval, Connect4};
use plyground::games::tictactoe::TicTacToe;
use plyground::play::players::record_alpha_beta;
use plyground::search::alphabeta::AlphaBetaOptions;
use plyground::search::solver::{Solver, SolverOptions};
use plyground::search::MoveOrder;
use plyground::trace::{Recorder, Trace};

/// One recorded game search: its name, trace and board.
struct Search {
    name: String,
    trace: Trace<u8>,
    board: (u32, u32),
}

fn ttt(moves: &str, opts: AlphaBetaOptions, iterative: bool, minimax: bool) -> Search {
    let g = TicTacToe;
    let s = g.try_parse_moves(moves).unwrap();
    let mut rec = Recorder::new(&g, s).with_node_cap(20_000);
    if minimax {
        plyground::search::minimax::minimax(&g, &s, &mut rec);
    } else {
        let eval = WeightedLinear::default_for(&g, 1.0);
        record_alpha_beta(&g, &s, &eval, &opts, iterative, &mut rec);
    }
    let name =
        format!("ttt [{moves}] {} {opts:?} iterative {iterative}", if minimax { "minimax" } else { "α-β" });
    Search { name, trace: rec.finish(), board: (3, 3) }
}

fn c4(moves: &str, opts: AlphaBetaOptions, iterative: bool) -> Search {
    let g = Connect4;
    let s = g.try_parse_moves(moves).unwrap();
    let mut rec = Recorder::new(&g, s).with_node_cap(20_000);
    record_alpha_beta(&g, &s, &C4Eval::default(), &opts, iterative, &mut rec);
    Search {
        name: format!("c4 [{moves}] {opts:?} iterative {iterative}"),
        trace: rec.finish(),
        board: (7, 6),
    }
}

fn solve(moves: &str, budget: u64) -> Search {
    let s = Connect4.try_parse_moves(moves).unwrap();
    let mut rec = Recorder::new(&Connect4, s).with_node_cap(budget as usize);
    let mut solver = Solver::new(SolverOptions::default());
    solver.set_node_budget(Some(budget));
    solver.solve_observed(&s, false, &mut rec);
    Search { name: format!("solver [{moves}] budget {budget}"), trace: rec.finish(), board: (7, 6) }
}

fn ab(order: MoveOrder, depth: Option<u32>, tt: bool, quiescence: bool) -> AlphaBetaOptions {
    AlphaBetaOptions {
        order,
        depth,
        tt_log2: tt.then_some(10),
        quiescence,
        node_budget: Some(20_000),
        ..Default::default()
    }
}

/// The searches checked: tic-tac-toe from several positions with minimax and α-β (orders,
/// depth limits, a transposition table, iterative deepening), Connect-4 α-β with iterative
/// deepening, a transposition table and quiescence at a few positions, and the exact
/// solver's null-window passes (one root per pass).
fn searches() -> Vec<Search> {
    use MoveOrder::*;
    vec![
        ttt("4 0 8 2", ab(Natural, None, false, false), false, true),
        ttt("4 0 8", ab(Natural, None, false, false), false, true),
        ttt("4 0 8 2", ab(Natural, None, false, false), false, false),
        ttt("4 0", ab(Natural, None, false, false), false, false),
        ttt("0 4", ab(Reversed, None, false, false), false, false),
        ttt("4", ab(Random(7), Some(3), false, false), false, false),
        ttt("4 1", ab(Heuristic, None, true, false), false, false),
        ttt("4", ab(Natural, Some(3), false, false), true, false),
        ttt("0 4 8", ab(Killer, Some(4), true, false), true, false),
        c4("4455", ab(Heuristic, Some(3), true, true), true),
        c4("", ab(Natural, Some(2), false, false), true),
        c4("444333", ab(History, Some(3), true, true), true),
        solve("2252576253462244111563365343671351441", 2_000),
        solve("634327443434467221527331152655", 3_000),
        solve("52753311433677442422121", 400),
    ]
}

/// The figure of `trace` at `step` on its search skeleton.
fn picture<A: Copy>(trace: &Trace<A>, sk: &Skeleton, step: usize) -> Figure {
    Figure::on(sk, trace, step, None).unwrap()
}

/// Steps checked of a trace of `len` steps: every one up to 600, else 0, the last and 300
/// spread evenly between.
fn steps_of(len: usize) -> Vec<usize> {
    if len <= 600 {
        (0..=len).collect()
    } else {
        let mut v: Vec<usize> = (0..300).map(|k| k * len / 300).collect();
        v.push(len);
        v
    }
}

#[test]
fn a_record_read_back_pictures_the_same_figure_at_every_step() {
    for s in searches() {
        let (numbers, names) = s.trace.figure_record(s.board.0, s.board.1);
        let r = Trace::from_record(&numbers, names).unwrap_or_else(|e| panic!("{}: {e}", s.name));
        assert_eq!((r.cols, r.rows), s.board);
        let t = &r.trace;
        assert_eq!(t.len(), s.trace.len(), "{}", s.name);
        assert_eq!(t.nodes().len(), s.trace.nodes().len());
        assert_eq!(t.flavour(), s.trace.flavour());
        let (a, b) = (Skeleton::of_search(&s.trace, None), Skeleton::of_search(t, None));
        assert_eq!(a, b, "{}", s.name);
        for k in steps_of(s.trace.len()) {
            assert_eq!(picture(&s.trace, &a, k), picture(t, &b, k), "{} step {k}", s.name);
        }
    }
}

#[test]
fn game_searches_are_placed_with_no_label_on_another_a_glyph_a_board_or_an_edge() {
    for s in searches() {
        for compact in [false, true] {
            for boards in [false, true] {
                let plan = Plan::of_search(&s.trace, compact, boards.then_some(s.board)).unwrap();
                for k in steps_of(s.trace.len()) {
                    let (fig, d) = plan.at_step(&s.trace, k).unwrap();
                    assert_eq!(d.place, plan.place, "the nodes stay where they are at every step");
                    assert_eq!(d.boards.len(), if boards { s.trace.nodes().len() } else { 0 });
                    let p = problems(&fig, &d);
                    assert!(
                        p.is_empty(),
                        "{} step {k} compact {compact} boards {boards}:\n{}",
                        s.name,
                        p.join("\n")
                    );
                }
            }
        }
    }
}

/// Every prefix of a record, and records with one number changed to each of a few bad or
/// odd values, are read back or refused with a message, never a panic; one read back is
/// planned and stepped to its end and back without a panic.
#[test]
fn a_cut_or_corrupted_record_is_refused_or_read_never_a_panic() {
    let s = ttt("4 0 8 2", ab(MoveOrder::Natural, None, false, false), false, false);
    let (numbers, names) = s.trace.figure_record(3, 3);
    let use_it = |x: &[f64], n: Vec<String>| {
        if let Ok(r) = Trace::from_record(x, n) {
            let plan = Plan::of_search(&r.trace, false, Some((r.cols, r.rows))).unwrap();
            for k in [0, r.trace.len() / 2, r.trace.len()] {
                plan.at_step(&r.trace, k).unwrap();
            }
            let mut st = plyground::trace::StepState::new(&r.trace);
            st.seek(&r.trace, r.trace.len());
            st.seek(&r.trace, 0);
        }
    };
    let mut refused = 0;
    for k in 0..numbers.len() {
        let Err(e) = Trace::from_record(&numbers[..k], names.clone()) else { panic!("prefix {k} read") };
        assert!(!e.is_empty());
        refused += 1;
    }
    assert_eq!(refused, numbers.len());
    for i in 0..numbers.len() {
        for v in [-2.0, -1.0, 0.0, 1.0, 2.0, 17.0, 1e9, 0.5, f64::NAN, f64::INFINITY] {
            let mut x = numbers.clone();
            x[i] = v;
            use_it(&x, names.clone());
        }
    }
    use_it(&numbers, names[1..].to_vec());
}

#[test]
fn each_root_is_named_by_its_depth_limit_or_as_a_pass_of_the_solver() {
    let roots = |s: &Search| -> Vec<String> {
        let sk = Skeleton::of_search(&s.trace, None);
        sk.nodes.iter().filter(|n| n.parent.is_none()).map(|n| n.label.clone()).collect()
    };
    // Iterative deepening: one root per depth limit, 1 to 3.
    let id = ttt("4", ab(MoveOrder::Natural, Some(3), false, false), true, false);
    assert_eq!(roots(&id), ["depth 1", "depth 2", "depth 3"]);
    // The exact solver: null-window passes, which have no depth limit.
    let passes = roots(&solve("52753311433677442422121", 400));
    assert!(passes.len() > 1, "{passes:?}");
    let want: Vec<String> = (1..=passes.len()).map(|k| format!("pass {k}")).collect();
    assert_eq!(passes, want);
    // One search: its root carries no name.
    assert_eq!(roots(&ttt("4 0 8 2", ab(MoveOrder::Natural, None, false, false), false, false)), [""]);
}
