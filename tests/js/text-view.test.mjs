// The text view's sentences (www/views/text-view.js) for the real Stepper of the built
// package (`cargo xtask build` first): one line per node — name, who moves, value or bound,
// window while open, pruned or not, current — exactly as the figure shows it at that step.
import test from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { applyStep, buildMctsModel, buildTraceModel } from '../../www/lib/trace-view.js';
import { mctsLine, nodeLine, playerName } from '../../www/views/text-view.js';
import { FIG_5_2, lessonTree } from '../fixtures/lessons.mjs';

const pkg = fileURLToPath(new URL('../../www/pkg/', import.meta.url));
if (!existsSync(`${pkg}plyground_wasm.js`)) throw new Error('www/pkg is missing: run `cargo xtask build` first');
const api = await import(`${pkg}plyground_wasm.js`);
api.initSync({ module: readFileSync(`${pkg}plyground_wasm_bg.wasm`) });
const { GameTree, MctsStepper, Stepper } = api;

/** The text view's lines of a tree search at step i, indented by depth. */
function lines(text, opts, i, cap = 20000) {
  const tree = GameTree.parse(text);
  const st = Stepper.forTree(tree, opts, cap);
  const model = buildTraceModel({ traceNodes: st.nodes(), treeNodes: tree.nodes(), finalPruned: st.pruned(), players: tree.players });
  const at = i === 'end' ? st.length : i;
  const core = { ...st.valueWords(), index: at };
  st.seek(at);
  applyStep(model, st.state(), { done: at === st.length, bestChild: st.result().bestChild });
  const depth = (d) => (model.nodes[d].parent == null || model.nodes[d].parent < 0 ? 0 : 1 + depth(model.nodes[d].parent));
  const out = model.nodes.map((n, d) => `${'  '.repeat(depth(d))}${nodeLine(model, d, core)}`);
  const result = st.resultLine();
  st.free();
  tree.free();
  return { out, result };
}

test('Figure 5.2 at the cutoff: C current with its window, c2 and c3 pruned', () => {
  const { out } = lines(FIG_5_2, { algo: 'alphabeta' }, 15);
  assert.deepEqual(out, [
    'A: MAX node, value 3 so far, window α = 3, β = +∞ — open, on the search path',
    '  B: MIN node, value 3 — finished',
    '    b1: leaf, utility 3 — finished',
    '    b2: leaf, utility 12 — finished',
    '    b3: leaf, utility 8 — finished',
    '  C: MIN node, value 2 so far, window α = 3, β = +∞ — the current node',
    '    c1: leaf, utility 2 — finished',
    '    c2: leaf, utility 4 — pruned, never examined',
    '    c3: leaf, utility 6 — pruned, never examined',
    '  D: MIN node — not reached yet',
    '    d1: leaf, utility 14 — not reached yet',
    '    d2: leaf, utility 5 — not reached yet',
    '    d3: leaf, utility 2 — not reached yet',
  ]);
});

test('Figure 5.2 at the end: the cut node is a bound, the chosen move marked', () => {
  const { out, result } = lines(FIG_5_2, { algo: 'alphabeta' }, 'end');
  assert.equal(out[0], 'A: MAX node, value 3 — finished');
  assert.equal(out[1], '  B: MIN node, value 3 — finished (the move chosen)');
  assert.equal(out[5], '  C: MIN node, value ≤ 2 (an upper bound) — finished');
  assert.equal(out[9], '  D: MIN node, value 2 — finished');
  assert.equal(result, 'Root value 3 · best move a1 (to B)');
});

test('Figure 5.2 with the minimax values shown: each finished inner node says its true value', () => {
  const tree = GameTree.parse(FIG_5_2);
  const st = Stepper.forTree(tree, { algo: 'alphabeta' }, 20000);
  const model = buildTraceModel({ traceNodes: st.nodes(), treeNodes: tree.nodes(), finalPruned: st.pruned(), players: 2 });
  model.minimax = st.minimaxValues();
  st.seek(st.length);
  applyStep(model, st.state(), { done: true, bestChild: st.result().bestChild });
  const core = { ...st.valueWords(), index: st.length };
  assert.equal(nodeLine(model, 0, core), 'A: MAX node, value 3, minimax: 3 — finished');
  assert.equal(nodeLine(model, 5, core), 'C: MIN node, value ≤ 2 (an upper bound), minimax: 2 — finished');
  assert.equal(nodeLine(model, 6, core), 'c1: leaf, utility 2 — finished');
  // The core's kinds in the wasm records: nodes().bound and state().bounds.
  assert.deepEqual(
    st.nodes().map((n) => n.bound),
    ['exact', 'exact', 'exact', 'exact', 'exact', 'upper', 'exact', 'exact', 'exact', 'exact', 'exact'],
  );
  assert.deepEqual(Array.from(st.state().bounds), [1, 1, 1, 1, 1, 2, 1, 1, 1, 1, 1]);
  st.seek(0);
  assert.deepEqual(Array.from(st.state().bounds), new Array(11).fill(0));
  assert.deepEqual(st.valueWords().relation, ['=', '=', '=', '=', '=', '≤', '=', '=', '=', '=', '=']);
  // Refused where minimax values would mislead, naming the reason.
  const limited = Stepper.forTree(tree, { algo: 'alphabeta', depth: 1 }, 20000);
  assert.throws(() => limited.minimaxValues(), /depth-limited \(depth 1\)/);
  limited.free();
  st.free();
  tree.free();
});

test('a capped search: the text view, the result line and the canvas agree on what is known', () => {
  const { out, result } = lines(FIG_5_2, { algo: 'alphabeta' }, 'end', 10);
  assert.equal(result, 'Incomplete (node budget, 10 nodes): the root is worth at least 3 so far · best move so far a1 (to B)');
  assert.match(out[0], /^A: MAX node, value 3 so far/);
});

test('max^n: players are P1, P2, P3, values are tuples', () => {
  const text = lessonTree('aima_three_player');
  const { out, result } = lines(text, { algo: 'maxn' }, 'end');
  assert.equal(out[0], 'A: P1 node, value (1, 2, 6) — finished');
  assert.equal(out[1], '  B: P2 node, value (1, 2, 6) — finished (the move chosen)');
  assert.equal(out[2], '    D: P3 node, value (1, 2, 6) — finished');
  assert.equal(result, 'Root value (1, 2, 6) for P1, P2 and P3 · best move a1 (to B)');
  assert.equal(playerName(2), 'P3');
});

test('expectiminimax: chance nodes and their probabilities', () => {
  const { out } = lines(lessonTree('exercise_expectiminimax'), { algo: 'expectiminimax' }, 'end');
  assert.equal(out[1], '  B: chance node, value 3 — finished');
  assert.equal(out[3], '    b2: leaf, probability 0.5, utility −4 — finished');
});

test('the MCTS text line: N, W, UCB1 and the core’s ★', () => {
  const m = MctsStepper.forTree(GameTree.parse(FIG_5_2), { seed: 1, c: 1.414 });
  m.run(30);
  const nodes = m.nodes();
  const rows = m.ucb(0);
  assert.equal(rows.filter((r) => r.selected).length, 1, 'exactly one ★ among the root’s children');
  const model = buildMctsModel(nodes, m.lastEvents(), { phase: m.phase, bestChild: null, selected: 0, dark: false, players: 2 });
  const r = rows.find((x) => x.selected);
  const line = mctsLine(model.nodes[r.child], { name: `node ${nodes[r.child].label}`, n: String(r.n), w: String(r.w), ucb: r.total.toFixed(4), star: true });
  assert.equal(line, `node ${nodes[r.child].label}: MIN node, N = ${r.n}, W = ${r.w}, UCB1 = ${r.total.toFixed(4)} (★ the child selection picks)`);
  // The ★ is the core's select_ucb1: the largest total, the first on ties.
  const best = rows.reduce((b, x, i) => (x.total > rows[b].total ? i : b), 0);
  assert.equal(rows.findIndex((x) => x.selected), best);
  m.free();
});
