//! `plyground book --from-bitbully FILE [--depth D] --out FILE`: converts BitBully's 12-ply
//! database with distances (`book_12ply_distances.dat`, PyPI `bitbully-databases`, MIT)
//! into plyground's own opening book of depth D (default [`DEFAULT_DEPTH`]; the format is in
//! `plyground::search::book`). `cargo xtask book` runs it; it prints what it read, the
//! empty board's score and the first moves' scores worked out from the data (a check of
//! the whole chain: they must be 1 and −2 −1 0 1 0 −1 −2), and the book's size.
//!
//! `plyground book --check N [--seed S] [--book FILE]`: N entries of the book (the shipped
//! one by default) drawn uniformly with a seeded generator, each solved from scratch by our
//! own solver without the book; prints each entry, its score, nodes and time, and fails
//! (exit 2) at the first disagreement. About 1.3 s a position natively.
//!
//! `plyground book --latency K [--seed S] [--no-book | --book FILE]`: K positions of every ply 0–41
//! (seeded random games, unfinished), each solved (the score) and analysed (seven column
//! scores) natively with the book (`--no-book`: without), one fresh table per position; prints
//! the median, 95th percentile and maximum time per band of plies (and the analysis's nodes:
//! median, 95th percentile, maximum, deterministic). A benchmark: it prints
//! figures, and fails only if a position's score is not its best column's.
//!
//! `plyground book --positions K [--seed S]`: the same K positions of every ply 0–41, one a
//! line as `<ply> <moves>` (1-based columns; the empty board's moves are `-`): the workload of
//! the browser's latency benchmark (`cargo xtask bench --latency`), so that both measure the
//! same positions.

use crate::args::{self, Args};
use clap::Command;
use plyground::games::connect4::Connect4;
use plyground::rng::Rng;
use plyground::search::book::{self, bitbully, Book};
use plyground::search::solver::{random_positions, Solver};
use std::time::Instant;

/// The book the project ships, and the depth it is built at.
pub const DEFAULT_DEPTH: u8 = 9;

/// The command's options: four modes, chosen by `--positions`, `--latency`, `--check`, else
/// the conversion.
pub fn command() -> Command {
    args::command("book", "Build, check or time the Connect-4 opening book").args([
        args::opt(
            "from-bitbully",
            "FILE",
            "convert BitBully's 12-ply database with distances into plyground's book (cargo xtask \
             book runs it); needs --out",
        ),
        args::opt("out", "FILE", "where the converted book is written"),
        args::opt("depth", "D", "the converted book's depth in plies")
            .default_value(DEFAULT_DEPTH.to_string()),
        args::opt(
            "check",
            "N",
            "solve N random book entries again without the book; fails at the first disagreement",
        ),
        args::opt(
            "latency",
            "K",
            "solve and analyze times (and analyze's nodes) per band of plies, K random positions a ply",
        ),
        args::opt(
            "positions",
            "K",
            "print those positions, '<ply> <moves>' a line (the browser latency bench's workload)",
        ),
        args::opt("seed", "S", "the seed of the random entries or positions").default_value("1"),
        args::opt("book", "FILE", "--check and --latency: the book to read (default: the one built in)"),
        args::flag("no-book", "--latency: time the solver without a book"),
    ])
}

/// Runs the command.
pub fn book(a: &Args) -> Result<(), String> {
    if let Some(k) = a.number::<usize>("positions")? {
        for (ply, states) in random_positions(k, a.number("seed")?.unwrap_or_default()).iter().enumerate() {
            for (_, moves) in states {
                println!("{ply} {}", if moves.is_empty() { "-" } else { moves });
            }
        }
        return Ok(());
    }
    if let Some(k) = a.number::<usize>("latency")? {
        return latency(k, a.number("seed")?.unwrap_or_default(), a.flag("no-book"), a.get("book"));
    }
    if let Some(n) = a.number::<usize>("check")? {
        return check(n, a.number("seed")?.unwrap_or_default(), a.get("book"));
    }
    let from = a.get("from-bitbully").ok_or("book: --from-bitbully FILE is required")?;
    let out = a.get("out").ok_or("book: --out FILE is required")?;
    let depth: u8 = a.number("depth")?.unwrap_or_default();
    let data = std::fs::read(from).map_err(|e| format!("book: cannot read {from}: {e}"))?;
    let c = bitbully::convert(&data, depth).map_err(|e| format!("book: {from}: {e}"))?;
    let bytes = c.book.to_bytes();
    std::fs::write(out, &bytes).map_err(|e| format!("book: cannot write {out}: {e}"))?;
    println!("source: {from} ({} bytes, {} records)", data.len(), c.records);
    println!("positions per depth (mirrors folded): {:?}", c.level_sizes);
    println!("after 12 moves, not in the source because the first player wins at once: {}", c.wins_at_once);
    let firsts: Vec<String> = c.first_moves.iter().map(i32::to_string).collect();
    println!("empty board: {} (first moves: {})", c.root, firsts.join(" "));
    println!("book: depth {depth}, {} positions, {} bytes -> {out}", c.book.len(), bytes.len());
    if c.root != 1 || c.first_moves != [-2, -1, 0, 1, 0, -1, -2] {
        return Err(
            "book: the empty board's scores are not the known ones: the source or the conversion is wrong"
                .into(),
        );
    }
    Ok(())
}

/// `--check N`: N uniformly drawn entries against the solver without the book.
fn check(n: usize, seed: u64, file: Option<&str>) -> Result<(), String> {
    let bytes = match file {
        Some(f) => std::fs::read(f).map_err(|e| format!("book: cannot read {f}: {e}"))?,
        None => crate::solve::BOOK.to_vec(),
    };
    let b = Book::from_bytes(&bytes).map_err(|e| format!("book: {e}"))?;
    let positions = book::positions_at(b.depth());
    let scores: Vec<i8> = b.entries().map(|(_, s)| s).collect();
    let mut rng = Rng::new(seed);
    let mut solver = Solver::default();
    let (mut nodes, mut secs) = (0u64, 0f64);
    for k in 0..n {
        let i = rng.below(positions.len() as u32) as usize;
        let (c, m) = positions[i];
        let moves = book::moves_of(c, m).ok_or("book: an unreachable position")?;
        let s = Connect4.try_parse_moves(&moves).map_err(|e| format!("book: {moves}: {e}"))?;
        solver.reset();
        let t = Instant::now();
        let r = solver.solve(&s, false);
        let dt = t.elapsed().as_secs_f64();
        nodes += r.nodes;
        secs += dt;
        println!(
            "{:>4} entry {i:>6} {moves} book {} solver {} nodes {} {:.3} s",
            k + 1,
            scores[i],
            r.score,
            r.nodes,
            dt
        );
        if r.score != scores[i] as i32 {
            return Err(format!("book: entry {i} ({moves}) says {}, the solver {}", scores[i], r.score));
        }
    }
    println!(
        "{n} entries agree with the solver (mean {:.0} nodes, {:.3} s)",
        nodes as f64 / n.max(1) as f64,
        secs / n.max(1) as f64
    );
    Ok(())
}

/// `--latency K`: solve and analyse times per band of plies, and analyse's nodes.
fn latency(k: usize, seed: u64, no_book: bool, file: Option<&str>) -> Result<(), String> {
    use plyground::games::connect4::C4State;
    let mut solver = Solver::default();
    if !no_book {
        let bytes = match file {
            Some(f) => std::fs::read(f).map_err(|e| format!("book: cannot read {f}: {e}"))?,
            None => crate::solve::BOOK.to_vec(),
        };
        let b = Book::from_bytes(&bytes).map_err(|e| format!("book: {e}"))?;
        solver.set_book(Some(std::sync::Arc::new(b)));
    }
    let by_ply: Vec<Vec<C4State>> =
        random_positions(k, seed).into_iter().map(|v| v.into_iter().map(|(s, _)| s).collect()).collect();
    let bands: [(usize, usize); 7] = [(0, 7), (8, 8), (9, 10), (11, 12), (13, 16), (17, 24), (25, 41)];
    println!(
        "opening book: {}; {k} random positions a ply, natively, times in ms",
        if no_book { "off" } else { "on" }
    );
    println!(
        "{:<8} {:>5} | {:>9} {:>9} {:>9} | {:>9} {:>9} {:>9} | {:>13} {:>10} {:>10}",
        "plies", "n", "solve p50", "p95", "max", "analyze p50", "p95", "max", "analyze nodes", "p95", "max"
    );
    for (lo, hi) in bands {
        let (mut solve, mut analyze, mut nodes) = (Vec::new(), Vec::new(), Vec::new());
        for (ply, states) in by_ply.iter().enumerate().take(hi + 1).skip(lo) {
            for s in states {
                solver.reset();
                let t = Instant::now();
                let r = solver.solve(s, false);
                solve.push(t.elapsed().as_secs_f64() * 1e3);
                solver.reset();
                let t = Instant::now();
                let a = solver.analyze(s, false);
                analyze.push(t.elapsed().as_secs_f64() * 1e3);
                nodes.push(a.nodes as f64);
                let best = a.scores.iter().flatten().max().copied();
                if best != Some(r.score) {
                    return Err(format!(
                        "ply {ply}: the best column's score {best:?} is not the position's {}",
                        r.score
                    ));
                }
            }
        }
        let pct = |v: &mut Vec<f64>, q: f64| {
            v.sort_by(f64::total_cmp);
            v[((v.len() as f64 * q).ceil() as usize).clamp(1, v.len()) - 1]
        };
        println!(
            "{:<8} {:>5} | {:>9.2} {:>9.2} {:>9.2} | {:>11.2} {:>9.2} {:>9.2} | {:>13} {:>10} {:>10}",
            format!("{lo}-{hi}"),
            solve.len(),
            pct(&mut solve, 0.5),
            pct(&mut solve, 0.95),
            pct(&mut solve, 1.0),
            pct(&mut analyze, 0.5),
            pct(&mut analyze, 0.95),
            pct(&mut analyze, 1.0),
            pct(&mut nodes, 0.5),
            pct(&mut nodes, 0.95),
            pct(&mut nodes, 1.0)
        );
    }
    Ok(())
}
