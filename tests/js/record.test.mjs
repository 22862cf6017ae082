// From a figure's state to the wasm module's objects, in Node with the built package: the
// recorded search a tree state describes, the strict checks of elements and URLs, the MCTS
// stepper; and the game session (lib/game-session.js) with a search that runs in-process.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readState } from '../../www/lib/figure-state.js';
import { recordSearch, startMcts, stepperOptions } from '../../www/lib/record.js';
import { GameSession } from '../../www/lib/game-session.js';
import { boardScores, evalSummary, statusText } from '../../www/lib/game-words.js';
import { defaultConfig, installEngines } from '../../www/lib/engines.js';
import { installLimits } from '../../www/lib/limits.js';
import { FIG_5_2 } from '../fixtures/lessons.mjs';

const pkg = fileURLToPath(new URL('../../www/pkg/', import.meta.url));
if (!existsSync(`${pkg}plyground_wasm.js`)) throw new Error('www/pkg is missing: run `cargo xtask build` first');
const api = await import(`${pkg}plyground_wasm.js`);
api.initSync({ module: readFileSync(`${pkg}plyground_wasm_bg.wasm`) });
installLimits(api);
installEngines(api);

const tree = (o) => readState('tree', (k) => o[k] ?? null);
const HORIZON = '634327443434467221527331152655';

test('Figure 5.2: α-β by default, 29 steps (a leaf is one), root 3 by a1; minimax when asked', () => {
  const r = recordSearch(api, tree({ tree: FIG_5_2 }), { strict: true });
  try {
    assert.equal(r.algo, 'alphabeta');
    assert.deepEqual(r.algos, ['minimax', 'alphabeta']);
    assert.equal(r.st.length, 29);
    assert.deepEqual(r.current, { type: 'tree', text: FIG_5_2 });
    const res = r.st.result();
    assert.equal(res.value, 3);
    assert.equal(res.bestName, 'a1');
  } finally {
    r.st.free();
    r.tree.free();
  }
  const m = recordSearch(api, tree({ tree: FIG_5_2, algo: 'minimax' }), { strict: true });
  assert.equal(m.st.length, 31);
  m.st.free();
  m.tree.free();
});

test('beam search on a Connect-4 position (the full module has it; no page module does): the CLI\'s value and move', () => {
  // `plyground c4 --moves 4453 --algo alphabeta --depth 4 --beam 2 --no-tt` prints value
  // -0.02, best 6.
  const r = recordSearch(api, tree({ game: 'c4', moves: '4453', algo: 'alphabeta', depth: '4', beam: '2' }), { strict: true });
  try {
    r.st.seek(r.st.length);
    assert.equal(
      r.st.resultLine(),
      'Root estimate −0.02 within the beam (width 2; 65 moves pruned forward, never searched: one may hide a better move) · best move column 6',
    );
    // 24 nodes searched; 65 children dropped by the beam and 3 by α-β cutoffs (the figure
    // draws all 92).
    const pruned = r.st.pruned();
    assert.deepEqual([r.st.nodes().length, pruned.length, pruned.filter((p) => p.forward).length], [24, 68, 65]);
  } finally {
    r.st.free();
    r.tree?.free();
  }
});

test('strict: an algorithm or ordering that does not apply is an error; the lab falls back instead', () => {
  const s = tree({ tree: '[[(1,2),(2,1)]]', algo: 'alphabeta' });
  assert.throws(() => recordSearch(api, s, { strict: true }), /^ParamError: algorithm: 'alphabeta' does not apply to this tree \(choose maxn\)$/);
  const lab = recordSearch(api, s, { strict: false });
  assert.equal(lab.algo, 'maxn');
  lab.st.free();
  lab.tree.free();
  assert.throws(() => recordSearch(api, tree({ tree: '[1,2]', order: 'killer' }), { strict: true }), /order: 'killer' does not apply to an explicit tree/);
  assert.throws(() => recordSearch(api, tree({ tree: '<img src=x onerror=alert(1)>' }), { strict: true }), /^TreeParseError: line 1, column 1: /);
  assert.throws(() => recordSearch(api, tree({ game: 'ttt', moves: '4,4' }), { strict: true }), /bad move string '4,4'/);
});

test('which searches apply to a game is the core’s answer (Game.algorithms), and the figure follows it', () => {
  const [t, c] = [api.Game.create('ttt'), api.Game.create('c4')];
  try {
    assert.deepEqual(Array.from(t.algorithms()), ['minimax', 'alphabeta']);
    assert.deepEqual(Array.from(c.algorithms()), ['alphabeta', 'solve']);
  } finally {
    t.free();
    c.free();
  }
  // The list agrees with what the module records: every listed search records, and minimax,
  // left out on Connect-4, is what Stepper.forGame refuses there.
  for (const [game, moves] of [['ttt', '0,3,1,4'], ['c4', '4455443']]) {
    const g = api.Game.create(game, moves);
    for (const algo of g.algorithms()) {
      const r = recordSearch(api, tree({ game, moves, algo, depth: '2' }), { strict: true });
      assert.equal(r.algo, algo);
      assert.ok(r.st.length > 0, `${game} ${algo}`);
      r.st.free();
    }
    g.free();
  }
  const c4 = api.Game.create('c4', '4455');
  assert.throws(() => api.Stepper.forGame(c4, { algo: 'minimax' }, 100), /too big to search to the end/);
  c4.free();
  assert.throws(() => recordSearch(api, tree({ game: 'c4', moves: '4455', algo: 'minimax' }), { strict: true }), /^ParamError: algorithm: 'minimax' does not apply to this game \(choose alphabeta, solve\)$/);
  const r = recordSearch(api, tree({ game: 'ttt', moves: '0,3,1,4', algo: 'minimax' }), { strict: true });
  try {
    assert.deepEqual(r.algos, ['minimax', 'alphabeta']);
    assert.equal(r.algo, 'minimax');
    assert.equal(r.st.result().best, 2);
  } finally {
    r.st.free();
  }
});

test('the horizon position: depth-2 H-minimax plays column 2 without quiescence, 7 with it', () => {
  for (const [q, best, value] of [
    [false, 2, -0.04],
    [true, 7, -0.09],
  ]) {
    const s = tree({ game: 'c4', moves: HORIZON, depth: '2', quiescence: String(q) });
    const r = recordSearch(api, s, { strict: true });
    try {
      assert.deepEqual(r.options, { algo: 'alphabeta', tie: 'nonstrict', order: 'natural', depth: 2, eval: true, tt: false, quiescence: q, iterative: false });
      const res = r.st.result();
      assert.equal(res.best, best);
      assert.ok(Math.abs(res.value - value) < 1e-9, `${res.value}`);
      // What the figure is of (the comparison's root moves are the core's: compareGame).
      assert.deepEqual(r.current, { type: 'game', kind: 'c4', moves: HORIZON });
    } finally {
      r.st.free();
    }
  }
});

test('stepper options: minimax drops depth and EVAL; only α-β keeps tie, order and seed', () => {
  assert.deepEqual(stepperOptions({ source: 'ttt', algo: 'minimax', tie: 'strict', order: 'random', seed: 3, depth: 2, eval: true, tt: true, quiescence: true }), { algo: 'minimax' });
  assert.deepEqual(stepperOptions({ source: 'tree', algo: 'alphabeta', tie: 'strict', order: 'random', seed: 3 }), { algo: 'alphabeta', tie: 'strict', order: 'random', seed: 3 });
  assert.deepEqual(stepperOptions({ source: 'c4', algo: 'solve' }), { algo: 'solve' });
});

test("Show me the search of a tic-tac-toe player records the engines' game (fastWins): the engine's value and its immediate win", () => {
  for (const engine of ['minimax', 'alphabeta']) {
    const g = api.Game.create('ttt', '0,1,4,2');
    const e = api.Engine.forGame(g, { engine });
    while (!e.done) e.step();
    const r = e.result();
    const o = e.searchOptions();
    e.free();
    g.free();
    assert.equal(o.fastWins, true, engine);
    assert.equal(stepperOptions({ source: 'ttt', ...o }).fastWins, true);
    assert.equal(stepperOptions({ source: 'ttt', algo: 'alphabeta' }).fastWins, undefined, 'the lessons keep ±1');
    const rec = recordSearch(api, { source: 'ttt', moves: '0,1,4,2', cap: 20000, ...o }, { strict: true });
    try {
      const sr = rec.st.result();
      assert.deepEqual([sr.value, sr.best, r.value, r.best], [5, 8, 5, 8], engine);
    } finally {
      rec.st.free();
    }
  }
});

test('an MCTS state starts a stepper; a finished position is refused', () => {
  const s = readState('mcts', (k) => ({ game: 'ttt', moves: '4,0,8', seed: '1' })[k] ?? null);
  const { m, handle } = startMcts(api, s);
  assert.equal(m.iterations, 0);
  m.run(10);
  assert.equal(m.iterations, 10);
  m.free();
  handle.free();
  const over = readState('mcts', (k) => ({ game: 'ttt', moves: '0,3,1,4,2' })[k] ?? null);
  assert.throws(() => startMcts(api, over), /moves: that position is already over/);
});

/** A GameSession whose engine searches run here (what worker.js's `engine` op does, in one call). */
function session(opts) {
  const calls = [];
  const search = (op, args) => {
    assert.equal(op, 'engine');
    calls.push(args);
    const g = api.Game.create(args.kind, args.moves);
    const e = api.Engine.forGame(g, args.config);
    try {
      while (!e.done) e.step();
      const out = { result: e.result(), options: e.searchOptions(), label: e.label, ms: 1, inWorker: false };
      return { promise: Promise.resolve(out), cancel() {} };
    } finally {
      e.free();
      g.free();
    }
  };
  const events = [];
  const s = new GameSession({ api, search, onMoved: (m) => events.push(m), ...opts });
  return { s, calls, events };
}

const settle = () => new Promise((r) => setTimeout(r, 5));

test('a game session waits to be asked when it starts paused; a human move or resume() lets the engine play', async () => {
  const { s, calls, events } = session({
    kind: 'ttt',
    moves: '',
    sides: [{ ...sideConfig('alphabeta') }, sideConfig('human')],
    startPaused: true,
  });
  s.advance();
  await settle();
  assert.equal(s.phase, 'paused');
  assert.equal(calls.length, 0, 'no search before it is asked');
  assert.equal(statusText(s), 'X to move: press ▶ to let α-β play.');
  s.resume();
  await settle();
  assert.equal(calls.length, 1);
  assert.equal(s.phase, 'human');
  assert.deepEqual(events.map((e) => e.by), ['engine']);
  const first = s.game.moveString;
  const free = [...s.game.cells()].findIndex((c) => c === '.');
  assert.equal(s.humanMove(free), true);
  await settle();
  assert.deepEqual(events.map((e) => e.by), ['engine', 'human', 'engine']);
  assert.ok(s.game.moveString.startsWith(`${first},${free},`));
  assert.equal(s.humanMove(free), false, 'a taken cell is refused');
  s.destroy();
});

test('with values on, the board gets every move’s value for the side to move (the horizon position)', async () => {
  const { s } = session({
    kind: 'c4',
    moves: HORIZON,
    sides: [{ engine: 'hminimax', depth: 2, tt: true, quiescence: false, iterations: 1, c: 1, seed: 1 }, sideConfig('human', 'c4')],
    startPaused: true,
    showEval: () => true,
  });
  s.advance();
  await settle();
  const scores = boardScores(s);
  assert.deepEqual([...scores.keys()], [1, 2, 5, 6, 7]);
  assert.deepEqual([...scores].filter(([, l]) => l.best).map(([m]) => m), [2]);
  assert.equal(scores.get(2).text, '−0.04');
  assert.match(evalSummary(s), /^Evaluations for X to move \(H-minimax \(EVAL\), depth 2, TT\): estimate, depth 2; X's estimate −0.04\. Best line: X column 2/);
  s.destroy();
});

function sideConfig(engine, kind = 'ttt') {
  return defaultConfig(kind, engine);
}
