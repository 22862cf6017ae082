//! Measurement, not a check: `K=10 PLIES=9,10,11,12 cargo test --release -p plyground --test
//! analyze_nodes -- --ignored --nocapture` prints the nodes `Solver::analyze` (the shipped
//! book, a fresh table) takes on each seeded position of the latency bench
//! (`random_positions`, seed 1), then their sum, median, 95th percentile and maximum a ply.

use plyground::search::book::Book;
use plyground::search::solver::{random_positions, Solver};
use std::sync::Arc;

const SHIPPED: &[u8] = include_bytes!("../../../www/book/connect4.book");

fn env(name: &str, default: &str) -> String {
    std::env::var(name).unwrap_or_else(|_| default.into())
}

#[test]
#[ignore]
fn analyze_nodes() {
    let k: usize = env("K", "10").parse().unwrap();
    let plies: Vec<usize> = env("PLIES", "9,10,11,12").split(',').map(|p| p.parse().unwrap()).collect();
    let mut solver = Solver::default();
    solver.set_book(Some(Arc::new(Book::from_bytes(SHIPPED).unwrap())));
    let by_ply = random_positions(k, 1);
    for ply in plies {
        let mut nodes = Vec::new();
        for (s, moves) in &by_ply[ply] {
            solver.reset();
            let a = solver.analyze(s, false);
            assert!(a.complete);
            println!("ply {ply} {moves}: {} nodes {:?}", a.nodes, a.scores);
            nodes.push(a.nodes);
        }
        let sum: u64 = nodes.iter().sum();
        nodes.sort();
        let q = |q: f64| nodes[((nodes.len() as f64 * q).ceil() as usize).clamp(1, nodes.len()) - 1];
        println!("ply {ply}: sum {sum} p50 {} p95 {} max {}", q(0.5), q(0.95), q(1.0));
    }
}
