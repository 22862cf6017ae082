// The built package (www/pkg, after wasm-opt) as JavaScript sees it, loaded in Node.
// Needs `cargo xtask build` first (`cargo xtask test` builds before it runs these).
//
// Every console.error is collected: the module installs console_error_panic_hook, so a Rust
// panic would print "panicked at …" there. The last test asserts that nothing was printed.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FIG_5_2, lessonTree } from '../fixtures/lessons.mjs';

const consoleErrors = [];
const originalError = console.error;
console.error = (...args) => {
  consoleErrors.push(args.map(String).join(' '));
  originalError(...args);
};

const pkg = fileURLToPath(new URL('../../www/pkg/', import.meta.url));
if (!existsSync(`${pkg}plyground_wasm.js`)) {
  throw new Error(`${pkg}plyground_wasm.js is missing: run \`cargo xtask build\` first`);
}
const api = await import(`${pkg}plyground_wasm.js`);
api.initSync({ module: readFileSync(`${pkg}plyground_wasm_bg.wasm`) });
const { Game, GameTree, Stepper, MctsStepper, searchGame, searchTree, limits } = api;

/** A small seeded generator (SplitMix32-style), so failures can be replayed. */
function rng(seed) {
  let s = seed >>> 0;
  return (n) => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return ((z ^ (z >>> 16)) >>> 0) % n;
  };
}

/** The digests of tests/fixtures/golden-digests.txt, by name. */
function golden() {
  const text = readFileSync(new URL('../fixtures/golden-digests.txt', import.meta.url), 'utf8');
  const out = {};
  for (const line of text.split('\n')) {
    const t = line.trim();
    if (!t || t.startsWith('#')) continue;
    const [name, hex] = t.split(/\s+/);
    out[name] = BigInt(`0x${hex}`);
  }
  return out;
}

/** FNV-1a style over 64-bit words, as the Rust tests compute it. */
function fnv(words) {
  const mask = (1n << 64n) - 1n;
  let h = 0xcbf29ce484222325n;
  for (const w of words) {
    h ^= w;
    h = (h * 0x100000001b3n) & mask;
  }
  return h;
}

/** The bits of every number of a Float64Array, as BigInts. */
function bits(f64) {
  return Array.from(new BigUint64Array(f64.buffer, f64.byteOffset, f64.length));
}

after(() => {
  console.error = originalError;
});

test('a tic-tac-toe game plays, undoes and redoes, and reports its state', () => {
  const g = Game.create('ttt');
  assert.deepEqual([g.kind, g.width, g.height, g.cells(), g.toMove], ['ttt', 3, 3, '.........', 0]);
  g.play(4);
  g.play(0);
  assert.equal(g.cells(), 'O...X....');
  assert.ok(g.legalMoves() instanceof Int32Array);
  assert.deepEqual(Array.from(g.legalMoves()), [1, 2, 3, 5, 6, 7, 8]);
  assert.equal(g.moveString, '4,0');
  assert.equal(g.moveCount, 2);
  assert.equal(g.undo(), true);
  assert.equal(g.toMove, 1);
  assert.equal(g.redo(), true);
  assert.equal(g.redo(), false);
  assert.equal(g.winner, -1);
  assert.ok(g.winningLine() instanceof Int32Array);
  assert.equal(g.winningLine().length, 0);
  const won = Game.create('ttt', '0,3,1,4,2');
  assert.deepEqual([won.isTerminal, won.winner, won.utility], [true, 0, 1]);
  assert.deepEqual(Array.from(won.winningLine()), [0, 1, 2]);
  const copy = won.clone();
  copy.undo();
  assert.equal(won.moveString, '0,3,1,4,2');
  g.free();
});

test('a Connect-4 game takes 1-based columns and draws from the top row', () => {
  const g = Game.create('c4', '4455667');
  assert.deepEqual([g.width, g.height, g.isTerminal, g.winner, g.utility], [7, 6, true, 0, 18]);
  assert.deepEqual(Array.from(g.winningLine()), [38, 39, 40, 41]);
  assert.equal(g.cells().slice(35), 'OOXXXX.'.replace('OOXXXX.', '...XXXX'));
  assert.equal(g.cells().slice(28, 35), '...OOO.');
  assert.equal(Game.create('c4', g.moveString).cells(), g.cells());
  assert.deepEqual(Array.from(Game.create('c4').legalMoves()), [1, 2, 3, 4, 5, 6, 7]);
});

test('bad moves, kinds and move strings throw Errors naming them, and change nothing', () => {
  const g = Game.create('ttt', '4,0');
  const before = [g.cells(), g.moveString, g.toMove];
  assert.throws(() => g.play(4), { name: 'Error', message: 'cell 4 is already taken' });
  assert.throws(() => g.play(12), { message: 'illegal move 12: 12 is not a cell (cells are the integers 0–8)' });
  assert.throws(() => g.play(NaN), { message: 'illegal move NaN: NaN is not a cell (cells are the integers 0–8)' });
  assert.throws(() => g.play('4'), { message: "Game.play: move must be a number, got '4'" });
  assert.throws(() => g.play(), { message: 'Game.play: move must be a number, got undefined' });
  assert.deepEqual([g.cells(), g.moveString, g.toMove], before);
  assert.throws(() => Game.create('go'), { message: "Game.create: unknown game 'go' (expected 'ttt' or 'c4')" });
  assert.throws(() => Game.create(7), { message: 'Game.create: kind must be a string, got 7' });
  assert.throws(() => Game.create('ttt', '4,4'), { message: "bad move string '4,4': move 2 (4): cell 4 is already taken" });
  assert.throws(() => Game.create('c4', '44444444'), { message: "bad move string '44444444': move 7: column 4 is full" });
  const c = Game.create('c4', '444444');
  assert.throws(() => c.play(4), { message: 'column 4 is full' });
  assert.throws(() => c.play(0), { message: 'illegal move 0: 0 is not a column (columns are the integers 1–7)' });
});

test('searchGame returns plain numbers, typed arrays and exact counts', () => {
  const r = searchGame(Game.create('ttt'));
  assert.deepEqual(
    Object.keys(r).sort(),
    ['algo', 'best', 'bestIndex', 'complete', 'depth', 'exact', 'pv', 'pvText', 'score', 'scores', 'stats', 'value'],
  );
  assert.equal(r.value, 0);
  // The search alone (scores: false) enters the oracle's 18,297 nodes; with per-move scores
  // (the default) the same search is followed by the refinement of its bounds, in its budget.
  assert.equal(searchGame(Game.create('ttt'), { scores: false }).stats.nodes, 18297);
  assert.ok(r.stats.nodes > 18297);
  assert.deepEqual(
    r.scores.map((s) => [s.move, s.value, s.bound]),
    [0, 1, 2, 3, 4, 5, 6, 7, 8].map((m) => [m, 0, 'exact']),
  );
  assert.equal(typeof r.best, 'number');
  assert.ok(r.pv instanceof Int32Array);
  assert.equal(r.depth, null);
  assert.equal(r.exact, true);
  assert.equal(searchGame(Game.create('ttt'), { algo: 'minimax', scores: false }).stats.nodes, 549946);
  const win = searchGame(Game.create('ttt', '0,3,1,4'), { algo: 'minimax' });
  assert.deepEqual([win.best, win.value, win.score], [2, 1, 1]);
  const over = searchGame(Game.create('ttt', '0,3,1,4,2'));
  assert.equal(over.best, null);
});

test('bad options throw naming the field', () => {
  const g = Game.create('ttt');
  const cases = [
    [{ algorithm: 'alphabeta' }, /^searchGame: unknown option 'algorithm' \(options are algo, tie, order/],
    [{ order: 'rnd' }, /^searchGame: order: unknown 'rnd' \(expected 'natural', 'reverse'/],
    [{ depth: 1e9 }, /^searchGame: depth 1000000000 is out of range \(1 to 64\)$/],
    [{ depth: -3 }, /^searchGame: depth -3 is out of range/],
    [{ iterations: 1e12 }, /^searchGame: iterations 1000000000000 is out of range \(1 to 1,000,000\)$/],
    [{ budget: NaN }, /^searchGame: budget must be an integer, got NaN$/],
    [{ c: -1 }, /^searchGame: c must be a number from 0 to 1000000, got -1$/],
    [{ tt: 1 }, /^searchGame: tt must be true or false, got 1$/],
    ['fast', /^searchGame: options must be a plain object, got 'fast'$/],
  ];
  for (const [opts, want] of cases) {
    assert.throws(() => searchGame(g, opts), (e) => e instanceof Error && want.test(e.message));
  }
  assert.throws(() => searchGame({}, {}), Error);
  assert.throws(() => searchGame(Game.create('c4'), { algo: 'minimax' }), /Connect-4 is too big to search to the end/);
});

test('trees parse, list their nodes and report TreeParseError with line, column and reason', () => {
  const t = GameTree.parse(lessonTree('figure_5_2_labelled'));
  assert.equal(t.nodeCount, 13);
  const nodes = t.nodes();
  assert.deepEqual(
    [nodes[0].kind, nodes[0].label, nodes[0].parent, nodes[0].edge, nodes[1].edge, nodes[2].value],
    ['max', 'A', -1, null, 'a1', 3],
  );
  assert.equal(GameTree.parse(t.toText()).toText(), t.toText());
  let err;
  try {
    GameTree.parse('[[3,12,8],\n [2,4,6]');
  } catch (e) {
    err = e;
  }
  assert.ok(err instanceof Error);
  assert.equal(err.name, 'TreeParseError');
  assert.equal(err.line, 2);
  assert.equal(typeof err.column, 'number');
  assert.equal(err.message, `line 2, column ${err.column}: ${err.reason}`);
  assert.throws(() => GameTree.parse(null), { message: 'GameTree.parse: text must be a string, got null' });
  const r = searchTree(GameTree.parse(FIG_5_2));
  assert.deepEqual([r.value, r.best, r.bestLabel], [3, 0, 'B']);
  assert.deepEqual(r.evaluated, ['0.0', '0.1', '0.2', '1.0', '2.0', '2.1', '2.2']);
  const three = searchTree(GameTree.parse('[[(1,2,6),(4,2,3)],[(6,1,2),(7,4,1)]]'));
  assert.deepEqual(three.value, [7, 4, 1]); // B takes (1,2,6) (leftmost tie) and (7,4,1); A takes 7
});

test('a Stepper over Figure 5.2 shows the cutoff at C', () => {
  const st = Stepper.forTree(GameTree.parse(FIG_5_2), {}, 20000);
  // 43 events, 29 steps: each of the 7 leaves is one step (Enter, Leaf, Exit).
  assert.deepEqual([st.length, st.eventCount, st.index, st.truncated, st.note, st.kind], [29, 43, 0, false, null, 'tree']);
  assert.equal(st.narration(3), 'b1 is a terminal state: TERMINAL-TEST is true, UTILITY(b1) = 3, returned to B');
  assert.equal(st.seek(4), 4);
  const leaf = st.state();
  assert.deepEqual([leaf.event, leaf.current, leaf.narration], ['Leaf', 2, st.narration(3)]);
  assert.equal(st.pseudocode()[leaf.pseudocode.procedure].lines[leaf.pseudocode.line - 1].trim(), 'if TERMINAL-TEST(state) then return UTILITY(state)');
  assert.deepEqual(leaf.open.map((o) => o.node), [0, 1], 'b1 is entered and left in its one step');
  assert.deepEqual([leaf.values[2], leaf.bounds[2], leaf.counters.leaves], [3, 1, 1]);
  assert.deepEqual([st.nodes()[2].enterStep, st.nodes()[2].exitStep], [3, 3]);
  assert.equal(st.seek(15), 15);
  const s = st.state();
  assert.equal(s.event, 'Cutoff');
  assert.equal(s.narration, 'MIN node C: v = 2 ≤ α = 3, prune c2 and c3');
  assert.deepEqual(s.open.map((o) => [o.node, o.alpha, o.beta, o.v]), [
    [0, 3, Infinity, 3],
    [5, 3, Infinity, 2],
  ]);
  assert.equal(s.prunedCount, 2);
  assert.deepEqual(st.pruned().map((p) => [p.parent, p.index, p.name, p.step]), [
    [5, 1, 'c2', 14],
    [5, 2, 'c3', 14],
  ]);
  assert.ok(s.values instanceof Float64Array);
  assert.deepEqual(Array.from(s.values.slice(0, 7)), [3, 3, 3, 12, 8, 2, 2]);
  assert.ok(Number.isNaN(s.values[7]));
  assert.equal(st.pseudocode()[s.pseudocode.procedure].lines[s.pseudocode.line - 1].trim(), 'if v ≤ α then return v // alpha cutoff: MAX avoids this node');
  assert.deepEqual(s.counters, { nodes: 7, leaves: 4, cutoffs: 1, ttHits: 0, searches: 1 });
  assert.equal(st.step(100), 29);
  assert.equal(st.back(), 28);
  assert.deepEqual(st.result().value, 3);
  const ev = st.events();
  assert.ok(ev instanceof Float64Array);
  assert.equal(ev.length, 43 * 8);
  assert.throws(() => st.seek(30), { message: 'Stepper.seek: index 30 is out of range (0 to 29)' });
  assert.throws(() => st.seek(-1), { message: 'Stepper.seek: index -1 is out of range (0 to 29)' });
  assert.throws(() => st.step('2'), { message: "Stepper.step: n must be a number, got '2'" });
  assert.equal(st.index, 28, 'a refused call does not move');
  for (const cap of [0, 1e12, -5, NaN, 2.5]) {
    assert.throws(() => Stepper.forTree(GameTree.parse(FIG_5_2), {}, cap), /^Error: Stepper\.forTree: nodeCap /);
  }
});

test('the traces and MCTS trees are the native ones (golden digests)', () => {
  const want = golden();
  const fig = Stepper.forTree(GameTree.parse(FIG_5_2), {}, 20000);
  assert.equal(fnv(bits(fig.events())), want.alphabeta_figure_5_2);
  const ttt = Stepper.forGame(Game.create('ttt'), {}, 20000);
  assert.equal(fnv(bits(ttt.events())), want.alphabeta_tictactoe);
  const m = MctsStepper.forGame(Game.create('c4'), { seed: 42 });
  m.run(1000);
  const words = [];
  const f = new Float64Array(1);
  for (const n of m.nodes()) {
    f[0] = n.w;
    words.push(BigInt(n.parent + 1), BigInt(n.action ?? 0), BigInt(n.n), bits(f)[0]);
  }
  assert.equal(fnv(words), want.mcts_connect4_seed42_1000);
});

test('MctsStepper steps phases, goes back by re-running, and refuses bad input', () => {
  const m = MctsStepper.forGame(Game.create('ttt'), { seed: 5 });
  assert.deepEqual([m.iterations, m.phase, m.best], [0, 'done', null]);
  assert.equal(m.stepPhase(), 'expand');
  assert.equal(m.stepPhase(), 'rollout');
  assert.equal(m.stepPhase(), 'backup');
  assert.deepEqual([m.iterations, m.phase], [1, 'done']);
  m.run(30);
  const snap = JSON.stringify(m.nodes());
  m.stepPhase();
  assert.equal(m.phase, 'select');
  assert.equal(m.lastEvents()[0].phase, 'select');
  assert.equal(m.back(), true);
  assert.equal(JSON.stringify(m.nodes()), snap);
  const terms = m.ucb(0);
  assert.equal(terms.length, 9);
  for (const t of terms) assert.ok(Math.abs(t.total - (t.exploitation + t.exploration)) < 1e-12);
  assert.equal(m.rootShares().reduce((a, s) => a + s.n, 0), 31);
  assert.throws(() => m.run(1e12), /^Error: MctsStepper\.run: n 1000000000000 is out of range/);
  assert.throws(() => m.ucb(999), /^Error: MctsStepper\.ucb: node 999 is out of range/);
  assert.throws(() => MctsStepper.forGame(Game.create('ttt'), { depth: 2 }), /option 'depth' does not apply/);
  assert.equal(m.iterations, 31);
});

test('calls on freed handles throw instead of touching freed memory', () => {
  const g = Game.create('ttt');
  const st = Stepper.forGame(g, {}, 50);
  g.free();
  assert.throws(() => g.play(4), /^Error: Game: this handle was freed \(free\(\) was called, or a call took it over\); make it again$/);
  assert.throws(() => searchGame(g), /^Error: Game: this handle was freed /);
  // Refused before any wasm frame: the instance was not replaced (the stepper still works).
  assert.equal(st.step(1), 1);
  assert.equal(st.length > 0, true, 'a stepper owns its trace');
  st.free();
  assert.throws(() => st.step(), /^Error: Stepper: this handle was freed /);
  st.free(); // twice: nothing to do
});

test('random bad input never panics (seeded)', () => {
  const pick = rng(20261130);
  const junk = [undefined, null, NaN, Infinity, -Infinity, -1, 0, 1, 1.5, 1e12, 2 ** 53, '', 'x', '4', true, {}, [], [1]];
  const any = () => junk[pick(junk.length)];
  const optionKeys = ['algo', 'tie', 'order', 'seed', 'depth', 'eval', 'tt', 'quiescence', 'iterative', 'budget', 'iterations', 'c', 'expansion', 'scores', 'bogus'];
  const st = Stepper.forTree(GameTree.parse(FIG_5_2), {}, 1000);
  const m = MctsStepper.forTree(GameTree.parse(FIG_5_2));
  const g = Game.create('ttt');
  let thrown = 0;
  for (let i = 0; i < 400; i++) {
    const opts = { [optionKeys[pick(optionKeys.length)]]: any() };
    const calls = [
      () => g.play(any()),
      () => st.seek(any()),
      () => st.step(any()),
      () => st.events(any(), any()),
      () => st.narration(any()),
      () => st.board(any()),
      () => m.run(any()),
      () => m.ucb(any()),
      () => m.seekIteration(typeof any() === 'number' ? pick(40) : any()),
      () => searchTree(GameTree.parse(FIG_5_2), opts),
      () => Stepper.forTree(GameTree.parse(FIG_5_2), opts, any()),
      () => GameTree.parse(any()),
      () => Game.create(any(), any()),
    ];
    try {
      calls[pick(calls.length)]();
    } catch (e) {
      assert.ok(e instanceof Error, `threw a non-Error: ${e}`);
      assert.ok(!(e instanceof WebAssembly.RuntimeError), `a wasm trap: ${e.message}`);
      assert.ok(e.message.length > 10, `an unclear message: '${e.message}'`);
      thrown += 1;
    }
  }
  assert.ok(thrown > 100, `only ${thrown} calls threw`);
  // The handles still work.
  assert.equal(st.seek(29), 29);
  assert.equal(st.state().event, 'SearchEnd');
  g.undo();
});

test('alpha-beta as O never loses to 200 random X players', () => {
  const pick = rng(20261130);
  const results = { X: 0, O: 0, draw: 0 };
  for (let n = 0; n < 200; n++) {
    const g = Game.create('ttt');
    while (!g.isTerminal) {
      if (g.toMove === 0) {
        const legal = g.legalMoves();
        g.play(legal[pick(legal.length)]);
      } else {
        const r = searchGame(g, { scores: false });
        assert.ok(r.value <= 0, `X should never have a forced win after ${g.moveString}`);
        g.play(r.best);
      }
    }
    results[['X', 'O'][g.winner] ?? 'draw'] += 1;
    g.free();
  }
  assert.equal(results.X, 0, `X won ${results.X} games`);
  assert.ok(results.O > 100, `alpha-beta should beat random play most of the time: ${JSON.stringify(results)}`);
});

test('the package ships TypeScript declarations with typed options and results', () => {
  const dts = readFileSync(`${pkg}plyground_wasm.d.ts`, 'utf8');
  for (const decl of [
    'export interface SearchOptions',
    'export interface SearchGameResult',
    'export interface StepState',
    'export interface TreeParseError extends Error',
    'export function searchGame(game: Game, opts?: SearchOptions): SearchGameResult;',
    'static create(kind: \'ttt\' | \'c4\', moves?: string): Game;',
    'static forGame(game: Game, opts?: SearchOptions, nodeCap?: number): Stepper;',
    'state(): StepState;',
    'pruned(): PrunedEdgeInfo[];',
  ]) {
    assert.ok(dts.includes(decl), `missing in the .d.ts: ${decl}`);
  }
  // Every limit of crates/plyground/src/limits.rs, with its value (the one source JS reads).
  assert.deepEqual(limits(), {
    maxDepth: 64,
    maxBudget: 1e9,
    c4DefaultBudget: 5e6,
    c4MaxBestOrderDepth: 8,
    maxIterations: 1e6,
    defaultIterations: 1e4,
    maxShownIterations: 1e5,
    maxC: 1e6,
    maxSingularExtra: 8,
    maxSingularMargin: 2e15,
    maxBeamWidth: 1e5,
    maxSeed: 2 ** 53 - 1,
    defaultNodeCap: 2e4,
    maxNodeCap: 1e5,
    solveGameBudget: 2e7,
    perfectFallbackBudget: 3e6,
    solverDefaultBudget: 1e9,
    solverMaxBudget: 1e12,
    playerDepth: { min: 1, max: 42 },
    playerIterations: { min: 1, max: api.engines('ttt').find((e) => e.id === 'mcts').fields.find((f) => f.key === 'iterations').max },
    playerC: { min: 0, max: api.engines('ttt').find((e) => e.id === 'mcts').fields.find((f) => f.key === 'c').max },
    playerSeed: { min: 0, max: 2 ** 32 - 1 },
  });
});

test('exportSvg: the print figure as SVG, the same text plyground export --format svg prints', async () => {
  const { execFileSync } = await import('node:child_process');
  const cli = fileURLToPath(new URL('../../target/debug/plyground', import.meta.url));
  if (!existsSync(cli)) throw new Error(`${cli} is missing: run \`cargo build -p plyground-cli\` first (cargo xtask test's native stage builds it)`);
  const t = GameTree.parse(FIG_5_2);
  try {
    for (const [step, dark, width, args] of [
      [15, false, undefined, ['--step', '15']],
      [29, true, 800, ['--dark', '--width', '800']],
    ]) {
      const svg = api.exportSvg(t, { algo: 'alphabeta' }, 20000, step, dark, width);
      const want = execFileSync(cli, ['export', '--format', 'svg', ...args, FIG_5_2], { encoding: 'utf8' });
      assert.equal(svg, want, `step ${step}`);
    }
    const svg = api.exportSvg(t, {}, 20000, 15, false, undefined);
    assert.ok(svg.includes('<title>plyground: alpha-beta on [[3, 12, 8], [2, 4, 6], [14, 5, 2]], step 15 of 29</title>'));
    assert.equal((svg.match(/<polyline class="pruned"/g) ?? []).length, 2, 'c2 and c3, cut at step 15');
    assert.throws(() => api.exportSvg(t, {}, 20000, 30, false, undefined), { message: /^exportSvg: step 30 is out of range \(0 to 29\)$/ });
    assert.throws(() => api.exportSvg(t, {}, 20000, 0, false, 5), { message: 'exportSvg: the width must be from 100 to 20000 px, got 5' });
    assert.throws(() => api.exportSvg(t, { algo: 'mcts' }, 20000, 0, false, undefined), { message: /^exportSvg: an MCTS search has no print figure yet/ });
  } finally {
    t.free();
  }
});


test('no Rust panic reached the console', () => {
  const panics = consoleErrors.filter((e) => /panicked/.test(e));
  assert.deepEqual(panics, []);
  assert.deepEqual(consoleErrors, []);
});

test('tree text forms (the practice module only): parseAs, detectForm and toTextAs round-trip every form; errors name the place', async () => {
  // The page modules leave the forms out (www/pkg/, the full module these tests load, has them)…
  const treeDir = fileURLToPath(new URL('../../www/pkg-tree/', import.meta.url));
  const treeModule = await import(`${treeDir}plyground_wasm.js`);
  treeModule.initSync({ module: readFileSync(`${treeDir}plyground_wasm_bg.wasm`) });
  assert.equal(treeModule.GameTree.parseAs, undefined, 'the page modules leave the forms out');
  // …but detect them (a page then knows when it needs the practice module).
  assert.equal(treeModule.GameTree.detectForm('(max (min 3 12 8))'), 'sexp');
  assert.equal(treeModule.GameTree.detectForm('[[3,12,8],\n [2,4 6]]'), 'grammar');
  const dir = fileURLToPath(new URL('../../www/pkg-practice/', import.meta.url));
  const practice = await import(`${dir}plyground_wasm.js`);
  practice.initSync({ module: readFileSync(`${dir}plyground_wasm_bg.wasm`) });
  const PT = practice.GameTree;
  const t = PT.parse('A[B[b1=3,12,8],C[2,4,6],D[14,5,2]]');
  assert.equal(t.toTextAs('sexp'), '(max A (min B (leaf b1 3) 12 8) (min C 2 4 6) (min D 14 5 2))');
  for (const form of ['grammar', 'sexp', 'json', 'outline']) {
    const text = t.toTextAs(form);
    assert.equal(PT.parseAs(text, form).toTextAs(form), text, form);
    assert.equal(PT.parseAs(text, 'auto').toText(), t.toText(), form);
  }
  assert.equal(PT.detectForm('(max 1 2)'), 'sexp');
  assert.equal(PT.detectForm('{"value": 1}'), 'json');
  assert.equal(PT.detectForm('max\n  1\n  2\n'), 'outline');
  assert.equal(PT.detectForm('[1, 2]'), 'grammar');
  let err;
  try {
    PT.parseAs('max\n  1\n    2\n', 'outline');
  } catch (e) {
    err = e;
  }
  assert.equal(err.name, 'TreeParseError');
  assert.deepEqual([err.line, err.column], [3, 5]);
  assert.equal(err.reason, 'this line is indented under the leaf on line 2: a leaf has no children');
  assert.throws(() => PT.parseAs('[1]', 'yaml'), /^Error: GameTree.parseAs: unknown tree form 'yaml' \(grammar, sexp, json, outline\), or auto$/);
  assert.throws(() => t.toTextAs('xml'), /^Error: GameTree.toTextAs: unknown tree form 'xml'/);
});
