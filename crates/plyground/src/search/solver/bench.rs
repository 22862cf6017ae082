//! The solver's clock-free benchmark workload: sets of positions with their known scores
//! (`<moves> <score>` per line, as in `shared/data/connect4`), a run over a set that checks
//! every score, and the ladder of techniques the benchmark enables one by one. The clock is
//! always the caller's (`cargo xtask bench` natively, `benchSolverSet` in the browser).

use super::{Solver, SolverOptions, DEFAULT_TT_LOG2};
use crate::game::Game;
use crate::games::connect4::{C4State, Connect4};
use crate::rng::Rng;

impl SolverOptions {
    /// The techniques in the order the benchmark enables them, each with a short name:
    /// element k is the baseline plus the first k + 1 techniques.
    pub fn cumulative() -> Vec<(&'static str, SolverOptions)> {
        let mut o = SolverOptions::baseline();
        let mut out = vec![("negamax α-β, bitboard", o)];
        o.centre_first = true;
        out.push(("+ centre-first order", o));
        o.tt_log2 = Some(DEFAULT_TT_LOG2);
        out.push(("+ transposition table", o));
        o.null_window = true;
        out.push(("+ null-window bisection", o));
        o.anticipate = true;
        out.push(("+ anticipate losing moves", o));
        o.threat_order = true;
        out.push(("+ threat ordering", o));
        o.tt_move = true;
        out.push(("+ table move first", o));
        o.etc = true;
        out.push(("+ enhanced transposition cutoff", o));
        out
    }
}

/// A benchmark set: `<moves> <score>` per line (blank lines skipped). Errors name the line.
pub fn try_parse_set(text: &str) -> Result<Vec<(C4State, i32)>, String> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            let mut it = l.split_whitespace();
            let (moves, score) = (it.next().unwrap_or(""), it.next());
            let s = Connect4.try_parse_moves(moves).map_err(|e| format!("line {}: {e}", i + 1))?;
            let score = score
                .and_then(|v| v.parse::<i32>().ok())
                .ok_or_else(|| format!("line {}: expected '<moves> <score>'", i + 1))?;
            Ok((s, score))
        })
        .collect()
}

/// What one run over a set found (see [`run_set`]).
#[derive(Copy, Clone, PartialEq, Debug)]
pub struct SetRun {
    /// Positions solved.
    pub positions: usize,
    /// Nodes, all positions together.
    pub nodes: u64,
    /// Seconds, by the caller's clock.
    pub seconds: f64,
    /// Positions whose score differed from the expected one (0, or the solver is wrong).
    pub wrong: usize,
    /// Positions the node budget stopped.
    pub incomplete: usize,
}

impl SetRun {
    /// Mean nodes per position.
    pub fn mean_nodes(&self) -> f64 {
        self.nodes as f64 / self.positions.max(1) as f64
    }

    /// Mean seconds per position.
    pub fn mean_seconds(&self) -> f64 {
        self.seconds / self.positions.max(1) as f64
    }
}

/// The benchmark workload: solves every position of `set` (the table reset before each, so
/// counts match the reference solver's), checking each score (`weak`: its sign). The clock
/// is the caller's: `now()` returns seconds from any fixed origin (`Instant` natively,
/// `performance.now()` / 1000 in a browser); the core has none.
pub fn run_set(
    solver: &mut Solver,
    set: &[(C4State, i32)],
    weak: bool,
    now: &mut dyn FnMut() -> f64,
) -> SetRun {
    let mut run = SetRun { positions: set.len(), nodes: 0, seconds: 0.0, wrong: 0, incomplete: 0 };
    let start = now();
    for (s, expect) in set {
        solver.reset();
        let r = solver.solve(s, weak);
        run.nodes += r.nodes;
        if !r.complete {
            run.incomplete += 1;
        } else if r.score != if weak { expect.signum() } else { *expect } {
            run.wrong += 1;
        }
    }
    run.seconds = now() - start;
    run
}

/// `k` unfinished positions of every ply 0–41 with their move strings, from seeded random
/// games (a ply's list fills with the first `k` games that pass through it unfinished): the
/// workload of `plyground book --positions/--latency` and of the browser latency bench, which
/// the perfect player's tests pin.
pub fn random_positions(k: usize, seed: u64) -> Vec<Vec<(C4State, String)>> {
    let mut rng = Rng::new(seed);
    let mut by_ply = vec![Vec::new(); 42];
    while by_ply.iter().any(|v: &Vec<_>| v.len() < k) {
        let mut s = Connect4.initial_state();
        let mut moves = String::new();
        let mut acts = Vec::new();
        while !s.is_over() {
            let ply = s.moves() as usize;
            if by_ply[ply].len() < k {
                by_ply[ply].push((s, moves.clone()));
            }
            acts.clear();
            Connect4.actions(&s, &mut acts);
            let a = acts[rng.below(acts.len() as u32) as usize];
            moves.push(char::from(b'1' + a));
            s = Connect4.result(&s, a);
        }
    }
    by_ply
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_is_read_line_by_line_and_errors_name_the_line() {
        let set = try_parse_set("4453 3\n\n44 -2\n").unwrap();
        assert_eq!(set.len(), 2);
        assert_eq!(set[0], (Connect4.try_parse_moves("4453").unwrap(), 3));
        assert_eq!(set[1], (Connect4.try_parse_moves("44").unwrap(), -2));
        assert_eq!(try_parse_set("44 1\n4453\n").unwrap_err(), "line 2: expected '<moves> <score>'");
        assert_eq!(try_parse_set("44 x").unwrap_err(), "line 1: expected '<moves> <score>'");
        assert!(try_parse_set("\n48 0").unwrap_err().starts_with("line 2: "));
    }

    #[test]
    fn a_run_counts_nodes_and_wrong_scores_with_the_callers_clock() {
        // After "121212" the first player wins with its 4th stone in column 1: 22 − 4 = 18.
        let s = Connect4.try_parse_moves("121212").unwrap();
        let mut solver = Solver::new(SolverOptions::default());
        let exact = solver.solve(&s, false);
        assert!(exact.complete);
        assert_eq!(exact.score, 18);
        let mut t = 0.0;
        let mut now = || {
            t += 0.5;
            t
        };
        let run = run_set(&mut solver, &[(s, exact.score), (s, exact.score + 1)], false, &mut now);
        assert_eq!((run.positions, run.wrong, run.incomplete), (2, 1, 0));
        assert_eq!(run.nodes, 2 * exact.nodes);
        assert_eq!(run.seconds, 0.5);
        assert_eq!((run.mean_nodes(), run.mean_seconds()), (exact.nodes as f64, 0.25));
        let weak = run_set(&mut solver, &[(s, exact.score)], true, &mut now);
        assert_eq!(weak.wrong, 0);
    }

    #[test]
    fn the_ladder_adds_one_technique_a_rung() {
        let ladder = SolverOptions::cumulative();
        assert_eq!(ladder.len(), 8);
        assert_eq!(ladder[0].1, SolverOptions::baseline());
        assert_eq!(ladder[7].1, SolverOptions::default());
    }
}
