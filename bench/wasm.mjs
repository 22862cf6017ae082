// The wasm side of `cargo xtask bench`: the core's benchmark workloads (plyground::workload,
// the ones the native bench times), exposed by the module (crates/plyground-wasm/src/bench.rs)
// and timed here by the process's CPU time (there is no clock in wasm), plus the cost of
// stepping a recorded search through the JavaScript API. Each workload checks its own count
// and throws when it differs.
//
// Usage: node bench/wasm.mjs [--quick] [--pkg DIR] [--data DIR]
//   --pkg   the built package (default www/pkg)
//   --data  the Connect-4 sets (default: $PLYGROUND_DATA, else the first shared/data/connect4
//           found walking up from here)
// Prints one row per line, tab-separated: name, value, unit, check, note. `check` is the
// node, ply or event count the workload must reproduce; xtask compares it with the native
// row of the same name, so a wrong search cannot look fast.

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : fallback;
};
const quick = flag('--quick');
const pkg = resolve(option('--pkg', join(here, '..', 'www', 'pkg')));

function dataDir() {
  const given = option('--data', process.env.PLYGROUND_DATA);
  if (given) return given;
  let dir = here;
  for (;;) {
    const cand = join(dir, 'shared', 'data', 'connect4');
    if (existsSync(cand)) return cand;
    const up = dirname(dir);
    if (up === dir) throw new Error('no shared/data/connect4 folder found (pass --data or set PLYGROUND_DATA)');
    dir = up;
  }
}

const api = await import(pathToFileURL(join(pkg, 'plyground_wasm.js')).href);
api.initSync({ module: readFileSync(join(pkg, 'plyground_wasm_bg.wasm')) });

/**
 * The benchmarks' clock in milliseconds: the CPU time of this process (as the native side
 * uses its process CPU time), so that time the scheduler gives other processes on a busy
 * machine is not counted. The wasm runs on this thread; V8's helper threads are idle once
 * the module is compiled.
 */
function now() {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** Runs `f` `reps` times; returns [the best time in seconds, the last result]. */
function bestOf(reps, f) {
  let best = Infinity;
  let out;
  for (let i = 0; i < reps; i++) {
    const t0 = now();
    out = f();
    best = Math.min(best, now() - t0);
  }
  return [best / 1000, out];
}

function check(cond, what) {
  if (!cond) throw new Error(`wasm benchmark: ${what}`);
}

const group = (n) => Math.round(n).toLocaleString('en-US');
const rows = [];
const row = (name, value, unit, checkValue, note) => rows.push([name, value, unit, String(checkValue), note]);
const reps = quick ? 2 : 5;

// Tic-tac-toe: full minimax from the empty board.
{
  const [t, nodes] = bestOf(reps, api.benchTttMinimax);
  row('ttt full minimax', nodes / t, 'nodes/s', nodes, `${group(nodes)} nodes in ${(t * 1e3).toFixed(2)} ms`);
}

// Connect-4: exact α-β on every position of Test_L3_R1 (every score checked inside).
{
  const name = 'Test_L3_R1';
  const text = readFileSync(join(dataDir(), name), 'utf8');
  const n = text.split('\n').filter((l) => l.trim()).length;
  const [t, nodes] = bestOf(3, () => api.benchC4Solve(text));
  row(`c4 α-β ${name}`, (t / n) * 1e6, 'µs/position', nodes, `mean over ${n} positions, all scores exact; ${group(nodes / t)} nodes/s`);
}

// Connect-4: random playouts (the MCTS rollout policy; the plies of these two counts are
// checked inside) and MCTS iterations.
{
  const n = quick ? 200_000 : 1_000_000;
  const [t, plies] = bestOf(3, () => api.benchC4Playouts(n));
  row('c4 random playouts', n / t, 'playouts/s', plies, `${group(n)} playouts, ${group(plies)} plies in all (seed 0)`);
  const iters = n / 4;
  const [ti, nodes] = bestOf(3, () => api.benchC4Mcts(iters));
  row('c4 MCTS iterations', iters / ti, 'iterations/s', nodes, `${group(iters)} iterations, ${nodes} tree nodes`);
}

// The exact Connect-4 solver: every position of each set, strong, the table reset before
// each (the core's solver::run_set, as natively), timed inside the module by now() (the
// CPU time) around the whole set, as natively; the same repetitions as
// crates/plyground-cli/src/bench.rs SOLVER_ROWS (best kept), after one untimed pass, as
// natively (here it also lets V8 compile the solver with its optimising tier).
api.benchSolverSet(readFileSync(join(dataDir(), 'Test_L3_R1'), 'utf8'), false, now);
for (const [name, full, short] of [['Test_L3_R1', 8, 4], ['Test_L2_R1', 4, 2], ['Test_L2_R2', 2, 1], ['Test_L1_R1', 3, 2]]) {
  const text = readFileSync(join(dataDir(), name), 'utf8');
  let best;
  for (let i = 0; i < (quick ? short : full); i++) {
    const r = api.benchSolverSet(text, false, now);
    check(r.wrong === 0 && r.incomplete === 0, `${name}: ${r.wrong} wrong, ${r.incomplete} incomplete`);
    if (!best || r.seconds < best.seconds) best = r;
  }
  row(
    `c4 solver ${name}`,
    (best.seconds / best.positions) * 1e6,
    'µs/position',
    best.nodes,
    `mean ${group(best.nodes / best.positions)} nodes a position over ${best.positions} positions, all scores exact; ${group(best.nodes / best.seconds)} nodes/s`,
  );
}

// Recording a trace: α-β on tic-tac-toe from the empty board with the trace recorder.
{
  const [t, events] = bestOf(reps, api.benchRecordTrace);
  row('trace recording', events / t, 'events/s', events, `tic-tac-toe α-β, 18,297 nodes, ${group(events)} events in ${(t * 1e3).toFixed(2)} ms`);
}

// Stepping: in the core only, then through the API (step() alone, and step() + state()).
{
  const bench = new api.StepBench();
  const passes = quick ? 2 : 5;
  const [t, steps] = bestOf(reps, () => bench.run(passes));
  row('trace stepping (core)', steps / t, 'steps/s', steps, `${passes} passes: StepState forward + narration + pseudocode line`);
  bench.free();

  const game = api.Game.create('ttt');
  const st = api.Stepper.forGame(game, {}, 20000);
  const length = st.length;
  const [ts] = bestOf(reps, () => {
    st.seek(0);
    while (st.index < length) st.step();
  });
  row('Stepper.step()', length / ts, 'steps/s', length, 'one JS call per step (a leaf is one), tic-tac-toe α-β trace');
  const stateReps = quick ? 1 : 2;
  const [tss, seen] = bestOf(stateReps, () => {
    st.seek(0);
    let n = 0;
    while (st.index < length) {
      st.step();
      const s = st.state();
      n += s.values.length > 0 ? 1 : 0;
    }
    return n;
  });
  check(seen === length, `state() after ${seen} of ${length} steps`);
  row('Stepper.step() + state()', length / tss, 'steps/s', length, `state(): open windows, narration, pseudocode line, counters and ${group(st.nodeCount)} values`);
  st.free();
  game.free();
}

for (const r of rows) {
  const v = typeof r[1] === 'number' ? String(r[1]) : r[1];
  console.log([r[0], v, r[2], r[3], r[4]].join('\t'));
}
