//! `plyground-peers`: plyground measured against other Rust crates on the same work, in one
//! run, interleaved, every answer checked.
//!
//! - The exact Connect-4 solver against `connect-four-ai` 1.0.0 (`Solver::empty()`: no
//!   opening book; its table reset before each position, like ours): mean time and mean
//!   nodes per position on the community sets, ours / theirs.
//! - The same against BitBully (PyPI `bitbully`, C++ behind Python bindings, no opening
//!   book), when `--bitbully PYTHON` names a Python it is installed in: the same positions
//!   solved by `bench/bitbully_peer.py`, every score checked there, side by side with our
//!   times from the first table, each row marked against the target (ours at most
//!   0.8× BitBully's time); `--long` adds Test_L1_R2 (100 positions), Test_L1_R3 (the first
//!   12) and the empty board on both sides (minutes each).
//!   `cargo xtask bench --peers` installs it in `target/peers-venv` and passes that Python.
//! - Fixed-depth α-β against `minimax` 0.6.0's `Negamax` (through its `Game` trait,
//!   implemented here for plyground's Connect-4): same positions, same depth, natural move
//!   order on our side, an evaluation of 0 at the depth limit on both sides.
//! - MCTS against `minimax`'s `MonteCarloTreeSearch` (one thread), same number of
//!   iterations (rollouts) from the same positions.
//! - MCTS-Solver (`MctsOptions::solver`) on nearly-solved positions (end-game and middle-game
//!   sets) at 10,000 to 300,000 iterations: ours plain, ours with the solver and theirs
//!   (which backs up proven wins too), side by side; each move our solver picks at a proven
//!   root is checked with the exact solver. Then its strength: 200 games of plyground MCTS
//!   with the solver against plain plyground MCTS at the same iterations, from middle-game
//!   positions, each position played twice with the colours swapped.
//!
//! A dev tool (not a default member of the workspace, not built by `cargo xtask test`):
//! `cargo run --release -p plyground-peers [-- --quick | --long] [--solver-only | --mcts-only] [--bitbully PYTHON]`
//! (`--solver-only`: the exact solver's tables alone; `--mcts-only`: the MCTS-Solver table
//! and the 200 games alone), or `cargo xtask bench --peers`. Timings are the best of a few
//! repetitions after an untimed warm-up, in the process's CPU time.

use plyground::games::connect4::{has_four, C4State, Connect4};
use plyground::search::alphabeta::{alpha_beta, AlphaBetaOptions};
use plyground::search::mcts::{Mcts, MctsOptions, Outcome};
use plyground::search::solver::{Solver, SolverOptions};
use plyground::{Game, MoveOrder, NoObserver, Player};
use std::cell::Cell;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// Where `shared/data/connect4` is: `$PLYGROUND_DATA`, else the first one found walking up
/// from this crate.
fn data_dir() -> Option<PathBuf> {
    if let Ok(d) = std::env::var("PLYGROUND_DATA") {
        return Some(d.into());
    }
    let mut dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    loop {
        let cand = dir.join("shared/data/connect4");
        if cand.is_dir() {
            return Some(cand);
        }
        if !dir.pop() {
            return None;
        }
    }
}

/// One position of a set: move string, our state, expected score.
struct Case {
    moves: String,
    state: C4State,
    score: i32,
}

fn read_set(name: &str, limit: usize) -> Result<Vec<Case>, String> {
    let dir = data_dir().ok_or("no shared/data/connect4 folder found (set PLYGROUND_DATA)")?;
    let path = dir.join(name);
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let set =
        plyground::search::solver::try_parse_set(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let moves =
        text.lines().filter(|l| !l.trim().is_empty()).map(|l| l.split_whitespace().next().unwrap_or(""));
    Ok(set
        .into_iter()
        .zip(moves)
        .take(limit)
        .map(|((state, score), m)| Case { moves: m.to_string(), state, score })
        .collect())
}

/// The CPU time this process has used, in seconds (`clock_gettime`'s process CPU-time
/// clock), on 64-bit Linux; `None` elsewhere or if the call fails.
#[cfg(all(target_os = "linux", target_pointer_width = "64"))]
fn cpu_seconds() -> Option<f64> {
    #[repr(C)]
    struct Timespec {
        sec: i64,
        nsec: i64,
    }
    extern "C" {
        fn clock_gettime(clock: i32, tp: *mut Timespec) -> i32;
    }
    const CLOCK_PROCESS_CPUTIME_ID: i32 = 2;
    let mut t = Timespec { sec: 0, nsec: 0 };
    // SAFETY: clock_gettime writes one timespec (two 64-bit fields on 64-bit Linux) to the
    // pointer, which points to one.
    let r = unsafe { clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &mut t) };
    (r == 0).then_some(t.sec as f64 + t.nsec as f64 * 1e-9)
}

#[cfg(not(all(target_os = "linux", target_pointer_width = "64")))]
fn cpu_seconds() -> Option<f64> {
    None
}

/// Seconds taken by `f`, and its result: the process's CPU time where there is one (all
/// its threads: the minimax crate's MCTS runs its one worker on a thread of its own; time
/// the scheduler gives other processes on a busy machine is not counted), else wall-clock.
fn timed<T>(f: impl FnOnce() -> T) -> (f64, T) {
    let (t, c) = (Instant::now(), cpu_seconds());
    let r = f();
    match (c, cpu_seconds()) {
        (Some(a), Some(b)) => (b - a, r),
        _ => (t.elapsed().as_secs_f64(), r),
    }
}

fn fmt_time(secs: f64) -> String {
    if secs < 1e-3 {
        format!("{:.2} µs", secs * 1e6)
    } else if secs < 1.0 {
        format!("{:.2} ms", secs * 1e3)
    } else {
        format!("{secs:.3} s")
    }
}

// ---------------------------------------------------------------------------------------
// The exact solver against connect-four-ai.

/// (mean seconds, mean nodes) of our solver on `set`, every score checked.
fn ours_solve(solver: &mut Solver, set: &[Case]) -> (f64, f64) {
    let (t, nodes) = timed(|| {
        let mut nodes = 0u64;
        for c in set {
            solver.reset();
            let r = solver.solve(&c.state, false);
            assert_eq!(r.score, c.score, "plyground: {}", c.moves);
            nodes += r.nodes;
        }
        nodes
    });
    let n = set.len() as f64;
    (t / n, nodes as f64 / n)
}

/// The same for connect-four-ai.
fn theirs_solve(
    solver: &mut connect_four_ai::Solver,
    set: &[(connect_four_ai::Position, i32, &str)],
) -> (f64, f64) {
    let (t, nodes) = timed(|| {
        let mut nodes = 0usize;
        for (p, score, moves) in set {
            solver.reset();
            let r = solver.solve(p) as i32;
            assert_eq!(r, *score, "connect-four-ai: {moves}");
            nodes += solver.explored_positions;
        }
        nodes
    });
    let n = set.len() as f64;
    (t / n, nodes as f64 / n)
}

/// Our measurement of one set in [`solver_table`], reused by [`bitbully_table`].
struct OursRow {
    name: String,
    label: String,
    positions: usize,
    score_sum: i64,
    secs: f64,
    nodes: f64,
}

fn solver_table(sets: &[(&str, usize)], reps: usize) -> Result<Vec<OursRow>, String> {
    println!("exact solver (strong), table reset per position: plyground vs connect-four-ai 1.0.0 (no opening book)");
    println!(
        "{:<18} {:>11} {:>11} {:>7} {:>12} {:>12} {:>7}",
        "set", "ours", "theirs", "time×", "ours nodes", "their nodes", "nodes×"
    );
    let mut ours = Solver::new(SolverOptions::default());
    let mut theirs = connect_four_ai::Solver::empty();
    let mut rows = Vec::new();
    for &(name, limit) in sets {
        let set = read_set(name, limit)?;
        let their_set: Vec<(connect_four_ai::Position, i32, &str)> = set
            .iter()
            .map(|c| {
                connect_four_ai::Position::from_moves(&c.moves)
                    .map(|p| (p, c.score, c.moves.as_str()))
                    .map_err(|e| format!("connect-four-ai cannot parse {}: {e:?}", c.moves))
            })
            .collect::<Result<_, _>>()?;
        // Each solver on its own, warm (one untimed pass first: page first-touches, caches,
        // clock frequency), best of `reps`: interleaving them would leave each one's table
        // evicted from the cache by the other's, which on end games measures the cache.
        let best = |f: &mut dyn FnMut() -> (f64, f64)| {
            f();
            (0..reps.max(1)).map(|_| f()).fold((f64::INFINITY, 0.0), |b, r| if r.0 < b.0 { r } else { b })
        };
        let best_ours = best(&mut || ours_solve(&mut ours, &set));
        let best_theirs = best(&mut || theirs_solve(&mut theirs, &their_set));
        let label = if limit < 1000 { format!("{name} ({limit})") } else { name.to_string() };
        println!(
            "{:<18} {:>11} {:>11} {:>7.2} {:>12.0} {:>12.0} {:>7.2}",
            label,
            fmt_time(best_ours.0),
            fmt_time(best_theirs.0),
            best_ours.0 / best_theirs.0,
            best_ours.1,
            best_theirs.1,
            best_ours.1 / best_theirs.1
        );
        rows.push(OursRow {
            name: name.to_string(),
            label,
            positions: set.len(),
            score_sum: set.iter().map(|c| c.score as i64).sum(),
            secs: best_ours.0,
            nodes: best_ours.1,
        });
    }
    println!("(mean per position; time× and nodes× are ours / theirs, below 1 means plyground does less)");
    Ok(rows)
}

// ---------------------------------------------------------------------------------------
// The exact solver against BitBully (C++, run from Python).

/// The target: our exact solver in at most 0.8× BitBully's time, on every set.
const BITBULLY_TARGET: f64 = 0.8;

/// `bench/bitbully_peer.py`: BitBully on the same sets, run by the Python given with
/// `--bitbully` (xtask's `target/peers-venv`, where the package is installed).
fn bitbully_script() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../bench/bitbully_peer.py")
}

/// One set as the script measured it.
#[derive(Debug)]
struct TheirRow {
    name: String,
    positions: usize,
    score_sum: i64,
    secs: f64,
    nodes: f64,
}

/// What the script printed (its `--tsv` lines).
#[derive(Debug, Default)]
struct BitBullyRun {
    version: String,
    /// Seconds of one timed call into the extension that does nothing.
    overhead: f64,
    sets: Vec<TheirRow>,
    /// The empty board: seconds, nodes.
    empty: Option<(f64, u64)>,
}

fn parse_bitbully(text: &str) -> Result<BitBullyRun, String> {
    let mut run = BitBullyRun::default();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let f: Vec<&str> = line.split('\t').collect();
        let bad = || format!("bitbully_peer.py printed an unexpected line: '{line}'");
        let num = |i: usize| f.get(i).and_then(|v| v.parse::<f64>().ok()).ok_or_else(bad);
        match (f[0], f.len()) {
            ("version", 2) => run.version = f[1].to_string(),
            ("overhead", 2) => run.overhead = num(1)?,
            ("set", 6) => run.sets.push(TheirRow {
                name: f[1].to_string(),
                positions: f[2].parse().map_err(|_| bad())?,
                score_sum: f[3].parse().map_err(|_| bad())?,
                secs: num(4)?,
                nodes: num(5)?,
            }),
            ("empty", 3) => run.empty = Some((num(1)?, f[2].parse().map_err(|_| bad())?)),
            _ => return Err(bad()),
        }
    }
    Ok(run)
}

/// Ours (measured in [`solver_table`]) against BitBully on the same positions, and, with
/// `empty`, the empty board on both sides (minutes each: one run, no warm-up). Fails
/// unless the script solved the same number of positions with the same expected scores.
fn bitbully_table(python: &str, ours: &[OursRow], reps: usize, empty: bool) -> Result<(), String> {
    let data = data_dir().ok_or("no shared/data/connect4 folder found (set PLYGROUND_DATA)")?;
    let mut cmd = std::process::Command::new(python);
    cmd.arg(bitbully_script())
        .arg("--tsv")
        .arg("--reps")
        .arg(reps.max(1).to_string())
        .arg("--data")
        .arg(&data);
    cmd.args(ours.iter().map(|r| format!("{}:{}", r.name, r.positions)));
    if empty {
        cmd.arg("--empty");
    }
    // stderr goes through: a wrong score or a missing package is reported there.
    let out = cmd.stderr(std::process::Stdio::inherit()).output().map_err(|e| format!("{python}: {e}"))?;
    if !out.status.success() {
        return Err(format!("bench/bitbully_peer.py failed ({})", out.status));
    }
    let theirs = parse_bitbully(&String::from_utf8_lossy(&out.stdout))?;
    if theirs.sets.len() != ours.len() {
        return Err(format!("bitbully_peer.py measured {} sets, not {}", theirs.sets.len(), ours.len()));
    }
    println!(
        "exact solver (strong, no opening book), table cleared per position: plyground vs BitBully {} (C++, nullWindow, called from Python)",
        theirs.version
    );
    println!(
        "{:<18} {:>11} {:>11} {:>7} {:>12} {:>12} {:>7} {:>8}  ≤ {BITBULLY_TARGET}×",
        "set", "ours", "BitBully", "time×", "ours nodes", "BB nodes", "nodes×", "checked"
    );
    let row = |label: &str, o: (f64, f64), t: (f64, f64), checked: usize| {
        let ratio = o.0 / t.0;
        println!(
            "{:<18} {:>11} {:>11} {:>7.2} {:>12.0} {:>12.0} {:>7.2} {:>8}  {}",
            label,
            fmt_time(o.0),
            fmt_time(t.0),
            ratio,
            o.1,
            t.1,
            o.1 / t.1,
            checked,
            if ratio <= BITBULLY_TARGET { "yes" } else { "no" }
        );
        ratio <= BITBULLY_TARGET
    };
    let mut met = 0;
    for (o, t) in ours.iter().zip(&theirs.sets) {
        if t.name != o.name || t.positions != o.positions || t.score_sum != o.score_sum {
            return Err(format!(
                "bitbully_peer.py read {} ({} positions, scores summing to {}), we read {} ({}, {}): not the same positions",
                t.name, t.positions, t.score_sum, o.name, o.positions, o.score_sum
            ));
        }
        met += row(&o.label, (o.secs, o.nodes), (t.secs, t.nodes), o.positions) as usize;
    }
    let mut rows = ours.len();
    if let Some((t_secs, t_nodes)) = theirs.empty {
        let mut solver = Solver::new(SolverOptions::default());
        let (secs, r) = timed(|| solver.solve(&Connect4.initial_state(), false));
        // The empty board: the first player wins with their 21st (last) stone, 22 − 21 = 1.
        assert_eq!(r.score, 1, "plyground: the empty board");
        met += row("empty board", (secs, r.nodes as f64), (t_secs, t_nodes as f64), 1) as usize;
        rows += 1;
    }
    println!("(mean per position; time× and nodes× are ours / BitBully, below 1 means plyground does less;");
    println!(" checked: positions whose exact score both reproduced; nodes: ours entered, BitBully's");
    println!(" getNodeCounter. Both times are CPU time of the measuring process; BitBully's for its solve");
    println!(" call alone, made from Python (a call into it");
    println!(
        " costs {}), its ~96 MiB table cleared before each position, untimed: about 50 ms each)",
        fmt_time(theirs.overhead)
    );
    println!(
        "the target, ours ≤ {BITBULLY_TARGET}× BitBully's time on every set: met on {met} of {rows} rows{}",
        if met == rows { "" } else { " (not met)" }
    );
    Ok(())
}

// ---------------------------------------------------------------------------------------
// plyground's Connect-4 through the minimax crate's traits.

thread_local! {
    /// Positions the minimax crate created (calls to `apply`).
    static APPLIED: Cell<u64> = const { Cell::new(0) };
}

/// plyground's Connect-4 as a `minimax::Game`.
struct MmConnect4;

impl minimax::Game for MmConnect4 {
    type S = C4State;
    type M = u8;

    fn generate_moves(s: &C4State, moves: &mut Vec<u8>) -> Option<minimax::Winner> {
        if let Some(w) = Self::get_winner(s) {
            return Some(w);
        }
        Connect4.actions(s, moves);
        None
    }

    fn apply(s: &mut C4State, m: u8) -> Option<C4State> {
        APPLIED.with(|c| c.set(c.get() + 1));
        Some(Connect4.result(s, m))
    }

    fn get_winner(s: &C4State) -> Option<minimax::Winner> {
        if has_four(s.current() ^ s.mask()) {
            Some(minimax::Winner::PlayerJustMoved)
        } else if s.is_over() {
            Some(minimax::Winner::Draw)
        } else {
            None
        }
    }
}

/// EVAL = 0 at the depth limit, as plyground's `NoEval`.
struct ZeroEval;

impl minimax::Evaluator for ZeroEval {
    type G = MmConnect4;
    fn evaluate(&self, _s: &C4State) -> minimax::Evaluation {
        0
    }
}

fn alphabeta_table(positions: &[Case], depth: u8, reps: usize) {
    use minimax::Strategy;
    println!(
        "fixed-depth α-β, depth {depth}, EVAL = 0, {} positions: plyground alpha_beta (natural order) vs minimax 0.6.0 Negamax",
        positions.len()
    );
    let opts =
        AlphaBetaOptions { depth: Some(depth as u32), order: MoveOrder::Natural, ..Default::default() };
    let (mut t_ours, mut t_theirs) = (f64::INFINITY, f64::INFINITY);
    let (mut n_ours, mut n_theirs) = (0u64, 0u64);
    for _ in 0..reps.max(1) {
        let (t, n) = timed(|| {
            positions.iter().map(|c| alpha_beta(&Connect4, &c.state, &opts, NoObserver).stats.nodes).sum()
        });
        t_ours = t_ours.min(t);
        n_ours = n;
        APPLIED.with(|c| c.set(0));
        let (t, _) = timed(|| {
            for c in positions {
                let mut s = minimax::Negamax::new(ZeroEval, depth);
                assert!(s.choose_move(&c.state).is_some(), "minimax found no move in {}", c.moves);
            }
        });
        t_theirs = t_theirs.min(t);
        n_theirs = APPLIED.with(|c| c.get()) + positions.len() as u64;
    }
    let n = positions.len() as f64;
    println!(
        "  ours {} ({:.0} nodes), theirs {} ({:.0} nodes) per position: time× {:.2}, nodes× {:.2}",
        fmt_time(t_ours / n),
        n_ours as f64 / n,
        fmt_time(t_theirs / n),
        n_theirs as f64 / n,
        t_ours / t_theirs,
        n_ours as f64 / n_theirs as f64
    );
    println!("  (nodes: ours = nodes entered; theirs = positions created by apply, plus the root; utilities differ:");
    println!("   ±(22 − stones) in plyground, ±i16::MAX in minimax, so the pruning is not identical)");
}

fn mcts_table(positions: &[Case], iterations: u32, reps: usize) {
    use minimax::Strategy;
    println!(
        "MCTS, {iterations} iterations, one thread, {} positions: plyground Mcts (UCB1, c = √2) vs minimax 0.6.0 MonteCarloTreeSearch",
        positions.len()
    );
    let (mut t_ours, mut t_theirs) = (f64::INFINITY, f64::INFINITY);
    for _ in 0..reps.max(1) {
        let (t, _) = timed(|| {
            for c in positions {
                let mut m = Mcts::new(Connect4, c.state, MctsOptions::default());
                m.run(iterations);
                assert!(m.best_action().is_some(), "plyground MCTS found no move in {}", c.moves);
            }
        });
        t_ours = t_ours.min(t);
        let (t, _) = timed(|| {
            for c in positions {
                let mut s = minimax::MonteCarloTreeSearch::<MmConnect4>::new(
                    minimax::MCTSOptions::default().with_num_threads(1),
                );
                s.set_max_rollouts(iterations);
                assert!(s.choose_move(&c.state).is_some(), "minimax MCTS found no move in {}", c.moves);
            }
        });
        t_theirs = t_theirs.min(t);
    }
    let n = positions.len() as f64;
    println!(
        "  ours {}, theirs {} per search ({:.0} vs {:.0} iterations/s): time× {:.2}",
        fmt_time(t_ours / n),
        fmt_time(t_theirs / n),
        iterations as f64 * n / t_ours,
        iterations as f64 * n / t_theirs,
        t_ours / t_theirs
    );
}

/// Time of `f` (best of `reps`, after one untimed run) and its last result.
fn best_of<T>(reps: usize, mut f: impl FnMut() -> T) -> (f64, T) {
    let mut out = f();
    let mut best = f64::INFINITY;
    for _ in 0..reps.max(1) {
        let (t, r) = timed(&mut f);
        best = best.min(t);
        out = r;
    }
    (best, out)
}

/// Our MCTS over `positions` with or without the solver: (roots proven, positions). With
/// the solver, every proven root's move is checked by the exact solver: a proven win must
/// be a winning move.
fn ours_mcts(positions: &[Case], iterations: u32, solver: bool, exact: &mut Solver) -> usize {
    let mut proven = 0;
    for c in positions {
        let mut m = Mcts::new(Connect4, c.state, MctsOptions { solver, ..Default::default() });
        m.run(iterations);
        let best = m.best_action().unwrap_or_else(|| panic!("plyground MCTS found no move in {}", c.moves));
        if let Some(p) = m.root().proof {
            proven += 1;
            let child = Connect4.result(&c.state, best);
            exact.reset();
            // The child's score is from the opponent's side: negative = the move wins.
            let wins = Connect4.is_terminal(&child) && Connect4.utility(&child, Player::MAX) != 0.0
                || !Connect4.is_terminal(&child) && exact.solve(&child, true).score < 0;
            if p.outcome == Outcome::Win {
                assert!(wins, "plyground MCTS-Solver: column {} does not win {}", best + 1, c.moves);
            }
        }
    }
    proven
}

fn theirs_mcts(positions: &[Case], iterations: u32) {
    use minimax::Strategy;
    for c in positions {
        let mut s = minimax::MonteCarloTreeSearch::<MmConnect4>::new(
            minimax::MCTSOptions::default().with_num_threads(1),
        );
        s.set_max_rollouts(iterations);
        assert!(s.choose_move(&c.state).is_some(), "minimax MCTS found no move in {}", c.moves);
    }
}

fn mcts_solver_table(sets: &[(&str, Vec<Case>)], iterations: &[u32], reps: usize) {
    println!("MCTS-Solver on nearly-solved positions: plyground Mcts plain, with solver: true, and minimax 0.6.0 MonteCarloTreeSearch (solves too), one thread");
    println!(
        "{:<16} {:>10} {:>11} {:>11} {:>11} {:>15} {:>9}",
        "set", "iterations", "ours plain", "ours solver", "theirs", "solver/theirs", "proven"
    );
    let mut exact = Solver::new(SolverOptions::default());
    for (name, set) in sets {
        for &it in iterations {
            let n = set.len() as f64;
            // Plain MCTS is timed once, and only up to 100,000 iterations (it takes ten times
            // as long as the others there: it keeps rolling out from a decided position).
            let t_plain = (it <= 100_000).then(|| timed(|| ours_mcts(set, it, false, &mut exact)).0);
            // The exact check runs inside the timed call only for proven roots: timed apart.
            let proven = ours_mcts(set, it, true, &mut exact);
            let (t_solver, _) = best_of(reps, || {
                for c in set.iter() {
                    let mut m =
                        Mcts::new(Connect4, c.state, MctsOptions { solver: true, ..Default::default() });
                    m.run(it);
                    assert!(m.best_action().is_some());
                }
            });
            let (t_theirs, _) = best_of(reps, || theirs_mcts(set, it));
            println!(
                "{:<16} {:>10} {:>11} {:>11} {:>11} {:>15.2} {:>5}/{}",
                format!("{name} ({})", set.len()),
                it,
                t_plain.map_or_else(|| "—".to_string(), |t| fmt_time(t / n)),
                fmt_time(t_solver / n),
                fmt_time(t_theirs / n),
                t_solver / t_theirs,
                proven,
                set.len()
            );
        }
    }
    println!(
        "(mean per search; solver/theirs below 1 means plyground with the solver is faster; proven = roots"
    );
    println!(" our solver proved, each proven win's move checked against the exact solver)");
}

/// One game from `start`: the solver side plays first when `solver_first`; (solver's result:
/// 1 win, ½ draw, 0 loss).
fn solver_game(start: &C4State, iterations: u32, seed: u64, solver_first: bool) -> f64 {
    let g = Connect4;
    let solver_side = match g.player(start) {
        plyground::ToMove::Player(p) if solver_first => p,
        plyground::ToMove::Player(p) => p.opponent(),
        plyground::ToMove::Chance => unreachable!("Connect-4 has no chance"),
    };
    let mut s = *start;
    let mut ply = 0u64;
    while !g.is_terminal(&s) {
        let plyground::ToMove::Player(p) = g.player(&s) else { unreachable!() };
        let opts = MctsOptions { seed: seed * 100 + ply, solver: p == solver_side, ..Default::default() };
        let mut m = Mcts::new(g, s, opts);
        m.run(iterations);
        let a = m.best_action().expect("a move in a live position");
        s = g.result(&s, a);
        ply += 1;
    }
    let u = g.utility(&s, solver_side);
    if u > 0.0 {
        1.0
    } else if u < 0.0 {
        0.0
    } else {
        0.5
    }
}

fn mcts_strength(starts: &[Case], iterations: u32) {
    let (mut w, mut d, mut l) = (0, 0, 0);
    for (i, c) in starts.iter().enumerate() {
        for first in [true, false] {
            let r = solver_game(&c.state, iterations, i as u64, first);
            if r == 1.0 {
                w += 1;
            } else if r == 0.5 {
                d += 1;
            } else {
                l += 1;
            }
        }
    }
    let games = w + d + l;
    println!(
        "MCTS-Solver vs plain MCTS (plyground, {iterations} iterations a move each, {games} games from {} middle-game positions, colours swapped):",
        starts.len()
    );
    println!(
        "  solver wins {w}, draws {d}, losses {l}: score {:.3} (win = 1, draw = ½; above 0.5 means the solver is stronger)",
        (w as f64 + d as f64 / 2.0) / games as f64
    );
}

fn run(args: &[String]) -> Result<(), String> {
    let (mut quick, mut long, mut bitbully, mut solver_only) = (false, false, None, false);
    let mut mcts_only = false;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--quick" => quick = true,
            "--long" => long = true,
            "--solver-only" => solver_only = true,
            "--mcts-only" => mcts_only = true,
            "--bitbully" => bitbully = Some(it.next().ok_or("--bitbully needs the path of a Python")?),
            other => {
                return Err(format!(
                    "unknown option '{other}' (expected --quick, --long, --solver-only, --mcts-only or --bitbully PYTHON)"
                ))
            }
        }
    }
    let reps = if quick { 1 } else { 3 };
    let mut sets =
        vec![("Test_L3_R1", 1000), ("Test_L2_R1", 1000), ("Test_L2_R2", 1000), ("Test_L1_R1", 1000)];
    if quick {
        sets = vec![("Test_L3_R1", 1000), ("Test_L2_R1", 200), ("Test_L1_R1", 200)];
    }
    if long {
        // Test_L1_R3's first 12 positions (the hardest set: seconds each).
        sets.push(("Test_L1_R2", 100));
        sets.push(("Test_L1_R3", 12));
    }
    if mcts_only {
        return mcts_solver_section(quick);
    }
    let ours = solver_table(&sets, reps)?;
    println!();
    match bitbully {
        Some(python) => bitbully_table(python, &ours, reps, long)?,
        None => {
            println!("BitBully: not measured (give --bitbully PYTHON, as `cargo xtask bench --peers` does)")
        }
    }
    if solver_only {
        return Ok(());
    }
    println!();
    let middle = read_set("Test_L2_R1", if quick { 10 } else { 50 })?;
    alphabeta_table(&middle, 8, reps);
    println!();
    let early = read_set("Test_L1_R1", if quick { 5 } else { 20 })?;
    mcts_table(&early, if quick { 2_000 } else { 10_000 }, reps);
    println!();
    mcts_solver_section(quick)
}

/// The MCTS-Solver rows and its strength against plain MCTS (all `--mcts-only` runs).
fn mcts_solver_section(quick: bool) -> Result<(), String> {
    let k = if quick { 5 } else { 20 };
    let sets = [("Test_L3_R1", read_set("Test_L3_R1", k)?), ("Test_L2_R1", read_set("Test_L2_R1", k)?)];
    let its: &[u32] = if quick { &[10_000, 100_000] } else { &[10_000, 100_000, 300_000] };
    mcts_solver_table(&sets, its, if quick { 1 } else { 2 });
    println!();
    // 100 positions × 2 colours = 200 games.
    let starts = read_set("Test_L2_R1", 100)?;
    mcts_strength(&starts, if quick { 1_000 } else { 10_000 });
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("plyground-peers: {e}");
            ExitCode::from(2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bitbully_script_lines_parse() {
        let text = "version\t0.0.79\noverhead\t5.1e-07\nset\tTest_L3_R1\t1000\t-12\t3.3e-05\t67.000\n\nempty\t205.5\t123456\n";
        let run = parse_bitbully(text).unwrap();
        assert_eq!(run.version, "0.0.79");
        assert_eq!(run.overhead, 5.1e-7);
        assert_eq!(run.sets.len(), 1);
        let s = &run.sets[0];
        assert_eq!(
            (s.name.as_str(), s.positions, s.score_sum, s.secs, s.nodes),
            ("Test_L3_R1", 1000, -12, 3.3e-5, 67.0)
        );
        assert_eq!(run.empty, Some((205.5, 123456)));
        assert!(parse_bitbully("set\tTest_L3_R1\t1000\n").unwrap_err().contains("unexpected line"));
        assert!(parse_bitbully("empty\tslow\t1\n").unwrap_err().contains("unexpected line"));
    }
}
