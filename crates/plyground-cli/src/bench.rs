//! `plyground bench`: figures for the record, measured side by side in one run. Never a
//! test: timings on shared machines are noisy, so each figure is the best of several
//! interleaved repetitions, and every benchmark checks its node counts so that a faster but
//! wrong search cannot look good.
//!
//! The workloads timed on both sides are the core's (`plyground::workload`): the wasm
//! module exposes them (crates/plyground-wasm/src/bench.rs) to `bench/wasm.mjs`, which times
//! them in Node; `cargo xtask bench` runs both (`--tsv` here) and prints them side by side,
//! checking that each pair reproduced the same `check` count.

use crate::plain::minimax_without_hooks;
use plyground::games::tictactoe::TicTacToe;
use plyground::workload;
use plyground::{Game, NoObserver};
use std::fmt::Write as _;
use std::time::Instant;

/// One printed row: name, figure, unit, the count the workload must reproduce (nodes, plies,
/// events; empty when there is none), note.
pub struct Row {
    pub name: String,
    pub value: f64,
    pub unit: &'static str,
    pub check: String,
    pub note: String,
}

/// The CPU time this process has used, in seconds (`clock_gettime`'s process CPU-time
/// clock, to the nanosecond), on Linux; None elsewhere or if the call fails.
#[cfg(all(target_os = "linux", target_pointer_width = "64"))]
pub fn cpu_seconds() -> Option<f64> {
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

/// The CPU time this process has used: not available here.
#[cfg(not(all(target_os = "linux", target_pointer_width = "64")))]
pub fn cpu_seconds() -> Option<f64> {
    None
}

/// The benchmarks' clock, in seconds from any fixed origin: the process's CPU time where
/// there is one (the benchmark is single-threaded, so time the scheduler gives other
/// processes on a busy machine is not counted; `bench/wasm.mjs` does the same with
/// `process.cpuUsage()`), else wall-clock time.
pub fn now() -> f64 {
    thread_local! {
        static ORIGIN: Instant = Instant::now();
    }
    cpu_seconds().unwrap_or_else(|| ORIGIN.with(|o| o.elapsed().as_secs_f64()))
}

/// Times `f` (best of `reps`), in seconds.
pub fn best_of<T>(reps: usize, mut f: impl FnMut() -> T) -> (f64, T) {
    let mut best = f64::INFINITY;
    let mut out = None;
    for _ in 0..reps {
        let t = now();
        let r = f();
        best = best.min(now() - t);
        out = Some(r);
    }
    (best, out.expect("reps > 0"))
}

/// Tic-tac-toe full minimax (the core's workload, 549,946 nodes, with the no-op observer)
/// and the CLI's copy without any hook, interleaved; returns the rows.
pub fn tictactoe_minimax(reps: usize) -> Result<Vec<Row>, String> {
    let g = TicTacToe;
    let s = g.initial_state();
    let mut t_generic = f64::INFINITY;
    let mut t_plain = f64::INFINITY;
    let mut nodes = 0;
    for _ in 0..reps {
        let (t, r) = best_of(1, workload::tictactoe_minimax);
        nodes = r?;
        t_generic = t_generic.min(t);
        let (t, (v, st)) = best_of(1, || minimax_without_hooks(&g, &s));
        if (v, st.nodes) != (0.0, nodes) {
            return Err(format!(
                "hook-free minimax: value {v} after {} nodes, expected 0 after {nodes}",
                st.nodes
            ));
        }
        t_plain = t_plain.min(t);
    }
    Ok(vec![
        Row {
            name: "ttt full minimax".into(),
            value: nodes as f64 / t_generic,
            unit: "nodes/s",
            check: nodes.to_string(),
            note: format!("{} nodes in {:.2} ms (NoObserver)", group(nodes as f64), t_generic * 1e3),
        },
        Row {
            name: "ttt minimax, no hooks".into(),
            value: nodes as f64 / t_plain,
            unit: "nodes/s",
            check: nodes.to_string(),
            note: format!("{:.2} ms", t_plain * 1e3),
        },
        Row {
            name: "no-op observer cost".into(),
            value: t_generic / t_plain,
            unit: "ratio",
            check: String::new(),
            note: "time with NoObserver / time of the hook-free copy (1.00 = free)".into(),
        },
    ])
}

/// Rows as tab-separated lines (name, value, unit, check, note) for `cargo xtask bench`.
pub fn tsv(rows: &[Row]) -> String {
    let mut s = String::new();
    for r in rows {
        let _ = writeln!(s, "{}\t{}\t{}\t{}\t{}", r.name, r.value, r.unit, r.check, r.note);
    }
    s
}

/// Formats rows as an aligned table.
pub fn table(rows: &[Row]) -> String {
    let mut s = String::new();
    let w = rows.iter().map(|r| r.name.len()).max().unwrap_or(10);
    for r in rows {
        let v = if r.unit == "ratio" { format!("{:.3}", r.value) } else { group(r.value) };
        let _ = writeln!(s, "{:w$}  {:>16} {:<12} {}", r.name, v, r.unit, r.note, w = w);
    }
    s
}

/// 1234567.8 → "1,234,568".
pub fn group(v: f64) -> String {
    let n = v.round() as i64;
    let digits = n.abs().to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    if n < 0 {
        format!("-{out}")
    } else {
        out
    }
}

/// Where `../shared/data/connect4` is: `$PLYGROUND_DATA`, else the first `shared/data/connect4`
/// found walking up from this crate's folder.
pub fn connect4_data_dir() -> Option<std::path::PathBuf> {
    if let Ok(d) = std::env::var("PLYGROUND_DATA") {
        return Some(d.into());
    }
    let mut dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf();
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

/// Exact α-β (the core's workload: centre-first ordering, transposition table) on every
/// position of a set, every score checked.
pub fn connect4_alphabeta_set(name: &str) -> Result<Vec<Row>, String> {
    let positions = solver_set(name, usize::MAX)?;
    let (t, nodes) = best_of(3, || workload::connect4_alphabeta_set(&positions));
    let nodes = nodes.map_err(|e| format!("{name}: {e}"))?;
    let n = positions.len() as f64;
    Ok(vec![Row {
        name: format!("c4 α-β {name}"),
        value: t / n * 1e6,
        unit: "µs/position",
        check: nodes.to_string(),
        note: format!(
            "mean over {} positions, all scores exact; {} nodes/s",
            positions.len(),
            group(nodes as f64 / t)
        ),
    }])
}

/// Random Connect-4 playouts from the empty board (the MCTS rollout policy), and full MCTS
/// iterations: the core's workloads. The rollouts are seeded, so the total number of plies
/// is fixed (the core checks it for the quick and the full `n`).
pub fn connect4_playouts(n: u32) -> Result<Vec<Row>, String> {
    let (t, plies) = best_of(3, || workload::connect4_playouts(n));
    let plies = plies?;
    let (t_iter, nodes) = best_of(3, || workload::connect4_mcts(n / 4));
    Ok(vec![
        Row {
            name: "c4 random playouts".into(),
            value: n as f64 / t,
            unit: "playouts/s",
            check: plies.to_string(),
            note: format!("{} playouts, {} plies in all (seed 0)", group(n as f64), group(plies as f64)),
        },
        Row {
            name: "c4 MCTS iterations".into(),
            value: (n / 4) as f64 / t_iter,
            unit: "iterations/s",
            check: nodes.to_string(),
            note: format!("{} iterations, {nodes} tree nodes", group((n / 4) as f64)),
        },
    ])
}

/// The cost of recording a trace (events per second) and of stepping through one: the
/// core's tic-tac-toe α-β trace and stepping workloads.
pub fn traces(reps: usize, passes: u32) -> Result<Vec<Row>, String> {
    let (t_rec, trace) = best_of(reps, workload::tictactoe_trace);
    let trace = trace?;
    let events = trace.events().len();
    let (t_step, steps) = best_of(reps, || workload::step_passes(&trace, passes));
    let steps = steps?;
    Ok(vec![
        Row {
            name: "trace recording".into(),
            value: events as f64 / t_rec,
            unit: "events/s",
            check: events.to_string(),
            note: format!(
                "tic-tac-toe α-β, {} nodes, {} events in {:.2} ms",
                group(trace.nodes().len() as f64),
                group(events as f64),
                t_rec * 1e3
            ),
        },
        Row {
            name: "trace stepping (core)".into(),
            value: steps as f64 / t_step,
            unit: "steps/s",
            check: steps.to_string(),
            note: format!("{passes} passes: StepState forward + narration + pseudocode line"),
        },
    ])
}

/// The reference C++ solver's published figures per set, strong solving, table reset per
/// position: (set, mean nodes, mean seconds per position).
pub const SOLVER_REFERENCE: [(&str, f64, f64); 6] = [
    ("Test_L3_R1", 51.0, 4.7e-6),
    ("Test_L2_R1", 449.0, 42e-6),
    ("Test_L2_R2", 39_807.0, 4.9e-3),
    ("Test_L1_R1", 3_296.0, 0.34e-3),
    ("Test_L1_R2", 1_187_923.0, 0.187),
    ("Test_L1_R3", 52_000_000.0, 7.7),
];

/// The clock handed to the core's workload functions ([`now`]).
fn clock() -> impl FnMut() -> f64 {
    now
}

/// A set parsed by the core's parser, at most `limit` positions.
fn solver_set(name: &str, limit: usize) -> Result<Vec<(plyground::games::connect4::C4State, i32)>, String> {
    let dir = connect4_data_dir().ok_or("no shared/data/connect4 folder found (set PLYGROUND_DATA)")?;
    let path = dir.join(name);
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut set =
        plyground::search::solver::try_parse_set(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    set.truncate(limit);
    Ok(set)
}

/// The solver on each set (strong, table reset per position, every score asserted): mean
/// time and nodes per position, positions/s, and the reference figures with our/their
/// ratios. Each set is timed `reps` times (best kept; node counts are the same every time).
/// `long` adds Test_L1_R2 and Test_L1_R3 (all 1000 positions each; L1_R3 alone takes about
/// an hour of CPU here: 3.7 s a position).
pub fn solver_table(long: bool, reps: usize) -> Result<String, String> {
    use plyground::search::solver::{run_set, Solver, SolverOptions};
    // Short sets get more repetitions: a whole run of Test_L3_R1 takes a few milliseconds,
    // well within the noise of a shared machine.
    let mut sets: Vec<(&str, usize, usize)> = vec![
        ("Test_L3_R1", 1000, reps * 4),
        ("Test_L2_R1", 1000, reps * 2),
        ("Test_L2_R2", 1000, reps.min(2)),
        ("Test_L1_R1", 1000, reps),
    ];
    if long {
        sets.push(("Test_L1_R2", 1000, 1));
        sets.push(("Test_L1_R3", 1000, 1));
    }
    let mut solver = Solver::new(SolverOptions::default());
    let mut now = clock();
    // Warm up (caches, clock frequency) on the first set, untimed.
    run_set(&mut solver, &solver_set(sets[0].0, 1000)?, false, &mut now);
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{:<18} {:>12} {:>12} {:>11} {:>12} {:>12} {:>7} {:>7}",
        "solver (strong)", "mean time", "mean nodes", "pos/s", "ref time", "ref nodes", "time×", "nodes×"
    );
    for (name, limit, reps) in sets {
        let set = solver_set(name, limit)?;
        let mut best: Option<plyground::search::solver::SetRun> = None;
        for _ in 0..reps.max(1) {
            let r = run_set(&mut solver, &set, false, &mut now);
            assert_eq!((r.wrong, r.incomplete), (0, 0), "{name}: the solver got a score wrong");
            if best.is_none_or(|b| r.seconds < b.seconds) {
                best = Some(r);
            }
        }
        let r = best.expect("at least one run");
        let (_, ref_nodes, ref_time) =
            SOLVER_REFERENCE.iter().copied().find(|x| x.0 == name).expect("a reference");
        let label = if limit < 1000 { format!("{name} ({limit})") } else { name.to_string() };
        let _ = writeln!(
            s,
            "{:<18} {:>12} {:>12} {:>11} {:>12} {:>12} {:>7.2} {:>7.2}",
            label,
            duration(r.mean_seconds()),
            group(r.mean_nodes()),
            group(1.0 / r.mean_seconds()),
            duration(ref_time),
            group(ref_nodes),
            r.mean_seconds() / ref_time,
            r.mean_nodes() / ref_nodes,
        );
    }
    let _ = writeln!(s, "(time× and nodes× are ours / the reference's: below 1 is better; a set with a count in brackets is its first positions only, against the reference's mean over all 1,000)");
    // Weak solving (the sign only) on the default sets, for comparison.
    let _ = writeln!(s, "{:<18} {:>12} {:>12}", "solver (weak)", "mean time", "mean nodes");
    for name in ["Test_L3_R1", "Test_L2_R1", "Test_L2_R2", "Test_L1_R1"] {
        let set = solver_set(name, 1000)?;
        let r = run_set(&mut solver, &set, true, &mut now);
        assert_eq!((r.wrong, r.incomplete), (0, 0), "{name}: the solver got a sign wrong");
        let _ = writeln!(s, "{:<18} {:>12} {:>12}", name, duration(r.mean_seconds()), group(r.mean_nodes()));
    }
    Ok(s)
}

/// The sets the solver rows time, with repetitions (best kept) for a full and a quick run:
/// short sets get more, since a whole pass over Test_L3_R1 takes a few milliseconds.
/// `bench/wasm.mjs` times the same sets the same number of times.
pub const SOLVER_ROWS: [(&str, usize, usize); 4] =
    [("Test_L3_R1", 8, 4), ("Test_L2_R1", 4, 2), ("Test_L2_R2", 2, 1), ("Test_L1_R1", 3, 2)];

/// The solver on each set as rows to pair with the wasm run: strong, the table reset before
/// each position (`solver::run_set`, timed around the whole set), every score asserted;
/// mean time per position, with the total nodes as the check.
pub fn solver_rows(quick: bool) -> Result<Vec<Row>, String> {
    use plyground::search::solver::{run_set, Solver, SolverOptions};
    let mut solver = Solver::new(SolverOptions::default());
    let mut now = clock();
    // One untimed pass first, as on the wasm side (where it also lets the engine compile
    // the solver with its optimising tier): the rows compare steady states.
    run_set(&mut solver, &solver_set(SOLVER_ROWS[0].0, 1000)?, false, &mut now);
    let mut rows = Vec::new();
    for (name, reps, quick_reps) in SOLVER_ROWS {
        let set = solver_set(name, 1000)?;
        let mut best: Option<plyground::search::solver::SetRun> = None;
        for _ in 0..if quick { quick_reps } else { reps } {
            let r = run_set(&mut solver, &set, false, &mut now);
            assert_eq!((r.wrong, r.incomplete), (0, 0), "{name}: the solver got a score wrong");
            if best.is_none_or(|b| r.seconds < b.seconds) {
                best = Some(r);
            }
        }
        let r = best.expect("at least one run");
        rows.push(Row {
            name: format!("c4 solver {name}"),
            value: r.mean_seconds() * 1e6,
            unit: "µs/position",
            check: r.nodes.to_string(),
            note: format!(
                "mean {} nodes a position over {} positions, all scores exact; {} nodes/s",
                group(r.mean_nodes()),
                r.positions,
                group(r.nodes as f64 / r.seconds)
            ),
        });
    }
    Ok(rows)
}

/// What each technique buys: the solver with the techniques enabled one by one
/// (cumulatively) on the first `limit` positions of `name`, strong, with a node budget per
/// position so that the slow first steps stay bounded.
pub fn solver_techniques(name: &str, limit: usize, budget: u64) -> Result<String, String> {
    use plyground::search::solver::{run_set, Solver, SolverOptions};
    let set = solver_set(name, limit)?;
    let mut now = clock();
    let mut s = String::new();
    let _ = writeln!(
        s,
        "techniques, cumulatively, on the first {} positions of {name} (budget {} nodes a position):",
        set.len(),
        group(budget as f64)
    );
    let _ = writeln!(s, "{:<34} {:>12} {:>12} {:>9} {:>9}", "", "mean nodes", "mean time", "nodes÷", "time÷");
    let mut prev: Option<(f64, f64)> = None;
    for (label, opts) in SolverOptions::cumulative() {
        let mut solver = Solver::new(SolverOptions { node_budget: Some(budget), ..opts });
        let r = run_set(&mut solver, &set, false, &mut now);
        assert_eq!(r.wrong, 0, "{label}: a wrong score");
        if r.incomplete > 0 {
            // Stopped positions count their budget: the mean is a lower bound.
            let _ = writeln!(
                s,
                "{label:<34} {:>12} {:>12}  ({} of {} positions stopped by the budget)",
                format!("≥ {}", group(r.mean_nodes())),
                "",
                r.incomplete,
                r.positions
            );
            prev = None;
            continue;
        }
        let (n, t) = (r.mean_nodes(), r.mean_seconds());
        let (dn, dt) = match prev {
            Some((pn, pt)) => (format!("{:.2}", pn / n), format!("{:.2}", pt / t)),
            None => ("".into(), "".into()),
        };
        let _ = writeln!(s, "{label:<34} {:>12} {:>12} {:>9} {:>9}", group(n), duration(t), dn, dt);
        prev = Some((n, t));
    }
    let _ = writeln!(s, "(nodes÷ and time÷: how many times fewer than the line above)");
    Ok(s)
}

/// 4.2e-6 → "4.20 µs", 0.0123 → "12.30 ms", 2.5 → "2.500 s".
pub fn duration(secs: f64) -> String {
    if secs < 1e-3 {
        format!("{:.2} µs", secs * 1e6)
    } else if secs < 1.0 {
        format!("{:.2} ms", secs * 1e3)
    } else {
        format!("{secs:.3} s")
    }
}

/// The middle-game positions of the deepening benchmark (the first 20 lines of Test_L2_R1,
/// kept in the repository).
const C4_MIDDLE_GAME: &str = include_str!("../data/c4-middle-game.txt");

/// Connect-4 H-minimax with iterative deepening to depth 10 on 20 middle-game positions, two
/// ways, interleaved: the core's stepped deepening (`Deepening`, what `AlphaBetaEngine` and
/// `iterative_deepening` run: the transposition table, killers, history and the best move
/// carried from depth d−1 to d) against a fresh search per depth (a new `AlphaBeta` for
/// each of depths 1–10, nothing carried: what www/worker.js's `runDeepen` does). Same
/// options (killer ordering over centre-first, a 2^20 table, C4Eval); both must find the
/// same depth-10 value on every position. Rows: time per position and nodes of each, and
/// the ratios.
pub fn connect4_deepening(reps: usize) -> Result<Vec<Row>, String> {
    use plyground::games::connect4::{C4Eval, Connect4};
    use plyground::search::alphabeta::{h_alpha_beta, AlphaBetaOptions, Deepening};
    use plyground::MoveOrder;
    const DEPTH: u32 = 10;
    let g = Connect4;
    let eval = C4Eval::default();
    let positions: Vec<_> = C4_MIDDLE_GAME
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let m = l.split_whitespace().next().unwrap_or("");
            g.try_parse_moves(m).map_err(|e| format!("c4-middle-game.txt: {m}: {e}"))
        })
        .collect::<Result<_, _>>()?;
    let opts = AlphaBetaOptions {
        order: MoveOrder::Killer,
        tt_log2: Some(20),
        depth: Some(DEPTH),
        ..Default::default()
    };
    let stepped = || {
        let (mut nodes, mut values) = (0u64, Vec::new());
        for s in &positions {
            let mut d = Deepening::new(&g, *s, opts, true, false);
            while !d.is_done() {
                d.step(&g, &eval, NoObserver);
            }
            let r = d.search_result();
            assert!(r.complete && r.depth <= DEPTH, "stepped deepening did not finish");
            nodes += r.stats.nodes;
            values.push((r.value, r.depth));
        }
        (nodes, values)
    };
    let fresh = || {
        let (mut nodes, mut values) = (0u64, Vec::new());
        for s in &positions {
            let mut last = None;
            for d in 1..=DEPTH {
                let r = h_alpha_beta(&g, s, &eval, &AlphaBetaOptions { depth: Some(d), ..opts }, NoObserver);
                nodes += r.stats.nodes;
                last = Some((r.value, d));
            }
            values.push(last.expect("depth 1 at least"));
        }
        (nodes, values)
    };
    let (mut t_step, mut t_fresh) = (f64::INFINITY, f64::INFINITY);
    let (mut n_step, mut n_fresh) = (0, 0);
    for _ in 0..reps {
        let (t, (n, v_step)) = best_of(1, stepped);
        t_step = t_step.min(t);
        n_step = n;
        let (t, (n, v_fresh)) = best_of(1, fresh);
        t_fresh = t_fresh.min(t);
        n_fresh = n;
        // The same depth-10 values (a deepening that reached the end earlier stopped there:
        // its value is the game's, which depth 10 then also finds).
        for (a, b) in v_step.iter().zip(&v_fresh) {
            assert_eq!(a.0, b.0, "stepped and fresh deepening disagree on a value");
        }
    }
    let n = positions.len() as f64;
    let note = |nodes: u64, t: f64| {
        format!(
            "{} positions, {} nodes ({} per position), {} nodes/s",
            positions.len(),
            group(nodes as f64),
            group(nodes as f64 / n),
            group(nodes as f64 / t)
        )
    };
    Ok(vec![
        Row {
            name: "c4 ID depth 10, stepped engine".into(),
            value: t_step / n * 1e6,
            unit: "µs/position",
            check: n_step.to_string(),
            note: note(n_step, t_step),
        },
        Row {
            name: "c4 ID depth 10, fresh per depth".into(),
            value: t_fresh / n * 1e6,
            unit: "µs/position",
            check: n_fresh.to_string(),
            note: note(n_fresh, t_fresh),
        },
        Row {
            name: "c4 ID depth 10, nodes fresh/stepped".into(),
            value: n_fresh as f64 / n_step as f64,
            unit: "ratio",
            check: String::new(),
            note: "nodes of a fresh search per depth / nodes of the stepped engine (> 1: the engine searches fewer)".into(),
        },
        Row {
            name: "c4 ID depth 10, time fresh/stepped".into(),
            value: t_fresh / t_step,
            unit: "ratio",
            check: String::new(),
            note: "time of a fresh search per depth / time of the stepped engine".into(),
        },
    ])
}

/// The practice tree of the grading benchmark: MAX over 3 MIN nodes over 4 MAX nodes over 5
/// leaves (60 leaves, values 0–99 from a seeded generator).
fn practice_tree_60() -> plyground::games::tree::Tree {
    let mut rng = plyground::rng::Rng::new(60);
    let mut text = String::from("[");
    for i in 0..3 {
        text.push_str(if i > 0 { ", [" } else { "[" });
        for j in 0..4 {
            let leaves: Vec<String> = (0..5).map(|_| rng.below(100).to_string()).collect();
            text.push_str(&format!("{}[{}]", if j > 0 { ", " } else { "" }, leaves.join(", ")));
        }
        text.push(']');
    }
    text.push(']');
    plyground::games::tree::Tree::try_parse(&text).expect("the benchmark tree parses")
}

/// Grading a 60-leaf α-β exercise (task alphabeta-full: windows, values and every pruned
/// edge): the key graded in full, and an answer with every pruned mark missing (mistakes
/// diagnosed), per call. Also the cost of building the exercise (both traces and the key).
pub fn practice_grading(reps: usize) -> Vec<Row> {
    use plyground::practice::{Exercise, ExerciseOptions, Task};
    let tree = practice_tree_60();
    let (t_build, ex) = best_of(reps, || {
        Exercise::new(Task::AlphaBetaFull, tree.clone(), ExerciseOptions::default()).expect("exercise")
    });
    let key = ex.answer_key();
    let mut wrong = key.clone();
    wrong.pruned = Some(Vec::new());
    const CALLS: usize = 200;
    let (t_grade, (max, mistakes)) = best_of(reps, || {
        let mut m = (0, 0);
        for _ in 0..CALLS / 2 {
            let g = ex.grade(&key).expect("grades");
            assert!(g.done);
            let w = ex.grade(&wrong).expect("grades");
            m = (g.max, w.mistakes.len());
        }
        m
    });
    let per = t_grade / CALLS as f64;
    vec![Row {
        name: "practice grading (60 leaves)".into(),
        value: CALLS as f64 / t_grade,
        unit: "grades/s",
        check: format!("{max}"),
        note: format!(
            "task alphabeta-full, {max} cells ({mistakes} wrong in the second answer): {:.3} ms per grade (target < 5 ms); building the exercise {:.2} ms",
            per * 1e3,
            t_build * 1e3
        ),
    }]
}
