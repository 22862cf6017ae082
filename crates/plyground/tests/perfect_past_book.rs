//! The perfect Connect-4 player just past the opening book (plies 9–12).

use plyground::games::connect4::Connect4;
use plyground::play::engine::{Engine, SolverEngine};
use plyground::play::players::{PERFECT_C4_BUDGET, PERFECT_C4_SOLVER_SHARE};
use plyground::search::book::Book;
use plyground::search::solver::random_positions;
use std::sync::{Arc, OnceLock};
use std::time::Instant;

const SHIPPED: &[u8] = include_bytes!("../../../www/book/connect4.book");

fn book() -> Arc<Book> {
    static B: OnceLock<Arc<Book>> = OnceLock::new();
    B.get_or_init(|| Arc::new(Book::from_bytes(SHIPPED).unwrap())).clone()
}

/// The browser latency bench's positions at plies 9 and 10 (`plyground book --positions 10`,
/// seed 1) with the exact score of each column from the side to move (Solver::analyze with
/// the book: `truth` below prints them) and the nodes the perfect player's engine takes.
/// Before the engine solved the root first, 126631751 and 673136732 ran out of the solver's
/// 20 M-node share and fell back to α-β.
const PLY_9_AND_10: [(&str, [i32; 7], u64); 20] = [
    ("467446742", [-2, -15, -1, -15, -2, -1, -15], NODES[0]),
    ("571141314", [17, -16, -16, -16, -16, -16, -16], NODES[1]),
    ("446657525", [-16, -16, -16, -16, -16, -16, -16], NODES[2]),
    ("313731527", [-16, -16, -10, -16, -16, -16, -16], NODES[3]),
    ("462114126", [-1, 2, 0, 1, 2, -1, -3], NODES[4]),
    ("126631751", [0, 3, 3, 2, 3, 3, 0], NODES[5]),
    ("674221323", [-16, -16, -16, -16, -15, -16, -16], NODES[6]),
    ("415113565", [-16, -16, -16, -16, -10, -16, -16], NODES[7]),
    ("732712663", [-2, 2, -2, 3, -2, 3, -2], NODES[8]),
    ("673136732", [-2, 2, 2, 2, -2, 2, 1], NODES[9]),
    ("4674467426", [-16, -16, -16, -16, -16, 1, -16], NODES[10]),
    ("5711413145", [15, 16, -16, -16, -16, 16, -16], NODES[11]),
    ("4466575257", [15, 15, 16, 15, 16, 15, 15], NODES[12]),
    ("3137315277", [11, 11, 16, 15, 13, 15, 9], NODES[13]),
    ("4621141267", [1, 0, 1, 3, 2, -1, -2], NODES[14]),
    ("1266317516", [-5, -5, -4, -8, -3, -4, -8], NODES[15]),
    ("6742213232", [15, 14, 15, 15, 16, 14, 14], NODES[16]),
    ("4151135654", [4, 2, 4, 5, 16, 5, 3], NODES[17]),
    ("7327126633", [-4, -4, -3, 2, -3, -3, -5], NODES[18]),
    ("6731367327", [-2, -1, -1, -2, -2, -2, -2], NODES[19]),
];

const NODES: [u64; 20] = [
    2152996, 8, 8, 1968, 4183672, 14743969, 8, 2055, 7027588, 14423167, 2144247, 8, 8, 5765, 3199717,
    2984594, 17, 2000002, 3182150, 10360141,
];

#[test]
fn the_perfect_player_is_exact_past_the_book_and_never_falls_back_on_the_bench_positions() {
    // Every column shown settles win, draw or loss (checked below); these many of the 140
    // are exact.
    const EXACT: usize = 106;
    use plyground::play::engine::ScoreBound;
    use plyground::play::players::{BoardKind, BoardPosition, PlayerConfig, PlayerEngine, PlayerId};
    let seeded = random_positions(10, 1);
    let bench: Vec<&str> = seeded[9].iter().chain(&seeded[10]).map(|(_, m)| m.as_str()).collect();
    assert_eq!(bench, PLY_9_AND_10.map(|p| p.0), "the bench's seeded positions");
    let perfect = PlayerConfig::default_for(BoardKind::Connect4, PlayerId::Perfect);
    let (mut nodes, mut exact) = (Vec::new(), 0);
    for (moves, truth, _) in PLY_9_AND_10 {
        let s = Connect4.try_parse_moves(moves).unwrap();
        let mut e = PlayerEngine::new(&perfect, BoardPosition::Connect4(s)).unwrap();
        assert!(e.wants_book(9) == (s.moves() == 9), "{moves}");
        e.set_book(Some(book()));
        while !e.step(1).done {}
        let r = e.result();
        assert!(!e.fell_back() && r.exact && r.complete && r.algo == "solve", "{moves}: {r:?}");
        assert!(r.stats.nodes <= PERFECT_C4_BUDGET);
        let best = *truth.iter().max().unwrap();
        assert_eq!(r.score, best as f64, "{moves}: the root's exact score");
        let b = r.best.unwrap() as usize;
        assert_eq!(truth[b], best, "{moves}: column {} is optimal", b + 1);
        // MAX's view: the first player moves at even plies.
        let to_max = |v: i32| if s.moves().is_multiple_of(2) { v as f64 } else { -v as f64 };
        for m in &r.scores {
            let t = to_max(truth[m.action as usize]);
            let v = m.value.unwrap();
            // A bound must say win or loss (to MAX: at least a positive number, at most a
            // negative one); a draw is exact.
            let ok = match m.bound {
                ScoreBound::Exact => v == t,
                ScoreBound::Lower => v <= t && v > 0.0,
                ScoreBound::Upper => v >= t && v < 0.0,
                _ => false,
            };
            assert!(ok, "{moves}: column {} is {:?} {v}, truly {t}", m.action + 1, m.bound);
        }
        assert_eq!(r.scores[r.best_index.unwrap()].bound, ScoreBound::Exact);
        exact += r.scores.iter().filter(|m| m.bound == ScoreBound::Exact).count();
        nodes.push(r.stats.nodes);
    }
    assert_eq!(nodes, NODES, "nodes of the perfect player's engine");
    assert_eq!(exact, EXACT, "columns exact");
}

/// One measured position: nodes when the move was known, nodes in all, every column exact,
/// fell back, nodes from the move until every column's win, draw or loss was known (if it
/// was).
type Row = (u64, u64, bool, bool, Option<u64>);
/// One of its node counts.
type Pick = fn(&Row) -> u64;

fn env(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// Measurement, not a check: `K=200 PLIES=9,10 cargo test --release -p plyground --test
/// perfect_past_book -- --ignored --nocapture measure` prints, for each seeded position, the
/// perfect player's engine (the player's budget, the shipped book): nodes when its move was
/// known, nodes from then until every column's win, draw or loss was known, nodes in all,
/// columns exact / win-draw-loss known, fallback; then percentiles.
#[test]
#[ignore]
fn measure() {
    use plyground::play::engine::ScoreBound;
    let k = env("K", 10);
    let plies: Vec<usize> = std::env::var("PLIES")
        .unwrap_or_else(|_| "9,10".into())
        .split(',')
        .map(|p| p.parse().unwrap())
        .collect();
    let by_ply = random_positions(k, 1);
    for &ply in &plies {
        let mut rows = Vec::new();
        for (i, (s, moves)) in by_ply[ply].iter().enumerate() {
            let t = Instant::now();
            let mut e = SolverEngine::new(*s, PERFECT_C4_BUDGET, PERFECT_C4_SOLVER_SHARE);
            e.set_book(Some(book()));
            let min = s.moves() % 2 == 1;
            // Columns whose win, draw or loss is known.
            let wdl = |r: &plyground::play::engine::EngineResult<u8>| {
                r.scores
                    .iter()
                    .filter(|m| {
                        let v = m.value.map(|v| if min { -v } else { v });
                        let lower = (m.bound == ScoreBound::Lower) != min;
                        match (m.bound, v) {
                            (ScoreBound::Exact, _) => true,
                            (ScoreBound::Lower | ScoreBound::Upper, Some(v)) => {
                                if lower {
                                    v > 0.0
                                } else {
                                    v < 0.0
                                }
                            }
                            _ => false,
                        }
                    })
                    .count()
            };
            let mut at_move = None;
            let mut at_wdl = None;
            let mut move_ms = 0.0;
            loop {
                let p = e.step(1);
                if at_move.is_none() && (p.best.is_some() || p.done) {
                    at_move = Some(p.nodes);
                    move_ms = t.elapsed().as_secs_f64() * 1e3;
                }
                if at_wdl.is_none() && p.best.is_some() {
                    let r = e.result();
                    if wdl(&r) == r.scores.len() {
                        at_wdl = Some(p.nodes);
                    }
                }
                if p.done {
                    break;
                }
            }
            let ms = t.elapsed().as_secs_f64() * 1e3;
            let r = e.result();
            let exact = r.scores.iter().filter(|m| m.bound == ScoreBound::Exact).count();
            let wdl = wdl(&r);
            let bounds: Vec<String> = r
                .scores
                .iter()
                .map(|m| format!("{}{}", m.bound.name().chars().next().unwrap(), m.value.unwrap_or(f64::NAN)))
                .collect();
            println!(
                "ply {ply} #{i} {moves}: move {} nodes {move_ms:.0} ms, win-draw-loss {} nodes, all {} nodes {ms:.0} ms, best {:?} score {} exact {} cols {exact}/{} sign-known {wdl} fb {} [{}]",
                at_move.unwrap(),
                at_wdl.map_or("-".into(), |n| (n - at_move.unwrap()).to_string()),
                r.stats.nodes,
                r.best.map(|b| b + 1),
                r.score,
                r.exact,
                r.scores.len(),
                e.fell_back(),
                bounds.join(" ")
            );
            rows.push((
                at_move.unwrap(),
                r.stats.nodes,
                exact == r.scores.len(),
                e.fell_back(),
                at_wdl.map(|n| n - at_move.unwrap()),
            ));
        }
        let pct = |f: Pick, q: f64| {
            let mut v: Vec<u64> = rows.iter().map(f).collect();
            v.sort();
            v[((v.len() as f64 * q).ceil() as usize).clamp(1, v.len()) - 1]
        };
        let (at_move, at_end): (Pick, Pick) = (|r| r.0, |r| r.1);
        for (name, f) in [("move", at_move), ("done", at_end)] {
            println!(
                "ply {ply} {name} nodes: p50 {} p90 {} p95 {} max {}",
                pct(f, 0.5),
                pct(f, 0.9),
                pct(f, 0.95),
                pct(f, 1.0)
            );
        }
        let mut wdl: Vec<u64> = rows.iter().filter_map(|r| r.4).collect();
        wdl.sort();
        let q = |q: f64| wdl[((wdl.len() as f64 * q).ceil() as usize).clamp(1, wdl.len()) - 1];
        println!(
            "ply {ply} win-draw-loss nodes after the move: p50 {} p90 {} p95 {} max {}",
            q(0.5),
            q(0.9),
            q(0.95),
            q(1.0)
        );
        println!(
            "ply {ply}: {} positions, all columns exact at {}, win-draw-loss at {}, fell back {}",
            rows.len(),
            rows.iter().filter(|r| r.2).count(),
            wdl.len(),
            rows.iter().filter(|r| r.3).count()
        );
    }
}

/// Prints the exact column scores of the bench's positions (the truths pinned below):
/// `cargo test --release -p plyground --test perfect_past_book -- --ignored --nocapture truth`.
#[test]
#[ignore]
fn truth() {
    use plyground::search::solver::Solver;
    let by_ply = random_positions(env("K", 10), 1);
    for ply in [9, 10] {
        for (s, moves) in &by_ply[ply] {
            let mut so = Solver::default();
            so.set_book(Some(book()));
            let a = so.analyze(s, false);
            assert!(a.complete);
            let cols: Vec<String> =
                a.scores.iter().map(|v| v.map_or("None".into(), |v| format!("Some({v})"))).collect();
            println!("(\"{moves}\", [{}]),", cols.join(", "));
        }
    }
}
