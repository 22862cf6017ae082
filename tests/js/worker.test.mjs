// www/worker.js in Node: its message protocol over a fake `self`, with the built package
// (www/pkg). The worker only steps the wasm Engine: the answers here are the module's own
// (Engine.result(), Engine.searchOptions()), and its progress is Engine.step()'s records.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FIG_5_2 } from '../fixtures/lessons.mjs';

const pkg = fileURLToPath(new URL('../../www/pkg/', import.meta.url));
if (!existsSync(`${pkg}plyground_wasm.js`)) throw new Error('www/pkg is missing: run `cargo xtask build` first');
const module = new WebAssembly.Module(readFileSync(`${pkg}plyground_wasm_bg.wasm`));

// The perfect player on an early Connect-4 position makes the worker fetch the opening book;
// Node's fetch cannot read file: URLs, so it is read from the disk here.
const realFetch = globalThis.fetch;
globalThis.fetch = async (url) =>
  String(url).startsWith('file:') ? new Response(readFileSync(new URL(String(url)))) : realFetch(url);

const messages = [];
globalThis.self = { postMessage: (m) => messages.push(m) };
await import('../../www/worker.js');
const worker = globalThis.self;
worker.onmessage({ data: { op: 'init', module } });
const api = await import(`${pkg}plyground_wasm.js`);

/** Sends one request and collects its answers (progress, then result or error). */
async function request(id, op, args) {
  const from = messages.length;
  await worker.onmessage({ data: { id, op, args } });
  const answers = messages.slice(from);
  assert.ok(answers.every((m) => m.id === id));
  return { progress: answers.filter((m) => m.type === 'progress').map((m) => m.data), last: answers.at(-1) };
}

test('engine: Connect-4 H-minimax deepens one depth per step and answers with the module’s record', async () => {
  const config = { engine: 'hminimax', depth: 4, tt: true, quiescence: false, iterations: 5000, c: 1.414, seed: 1 };
  const { progress, last } = await request(1, 'engine', { kind: 'c4', moves: '445', config });
  assert.equal(last.type, 'result', last.error);
  assert.deepEqual(
    progress.map((p) => [p.depth, p.done]),
    [
      [1, false],
      [2, false],
      [3, false],
      [4, false],
      [4, true],
    ],
  );
  assert.ok(progress.every((p) => typeof p.ms === 'number' && p.fellBack === false));
  const out = last.data;
  assert.equal(out.inWorker, false);
  assert.equal(out.label, 'H-minimax (EVAL), depth 4, TT');
  assert.deepEqual(out.options, { algo: 'alphabeta', tie: 'nonstrict', order: 'heuristic', depth: 4, eval: true, tt: true, quiescence: false, iterative: true, budget: 5_000_000 });
  // The same engine stepped here gives the same record.
  const g = api.Game.create('c4', '445');
  const e = api.Engine.forGame(g, config);
  while (!e.done) e.step();
  assert.deepEqual(out.result, e.result());
  e.free();
  g.free();
  assert.equal(out.result.mover, 1);
  assert.equal(out.result.depth, 4);
  assert.equal(progress.at(-1).nodes, out.result.stats.nodes);
});

test('engine: the perfect player takes the win in Connect-4; the options record the solve', async () => {
  const { last } = await request(2, 'engine', { kind: 'c4', moves: '414141', config: { engine: 'perfect' } });
  assert.equal(last.type, 'result', last.error);
  const r = last.data.result;
  assert.deepEqual([r.best, r.value, r.exact, r.complete, r.algo, r.fellBack, r.depth], [4, 18, true, true, 'solve', false, null]);
  assert.deepEqual(last.data.options, { algo: 'solve', budget: 65_000_000 });
});

test('engine: MCTS reports its iterations slice by slice', async () => {
  const config = { engine: 'mcts', iterations: 200, c: 1.414, seed: 3 };
  const { progress, last } = await request(3, 'engine', { kind: 'ttt', moves: '', config });
  assert.deepEqual(
    progress.map((p) => p.iterations),
    [50, 100, 150, 200],
  );
  assert.equal(last.data.result.iterations, 200);
  assert.deepEqual(last.data.options, { algo: 'mcts', seed: 3, iterations: 200, c: 1.414, expansion: 'natural' });
});

test('engine: a bad configuration is an error naming the field; a human does not search', async () => {
  const bad = await request(4, 'engine', { kind: 'c4', moves: '', config: { engine: 'alphabeta', depth: 0 } });
  assert.deepEqual(bad, { progress: [], last: { id: 4, type: 'error', error: 'Engine.forGame: depth must be a whole number from 1 to 42' } });
  const human = await request(5, 'engine', { kind: 'ttt', moves: '', config: { engine: 'human' } });
  assert.equal(human.last.error, 'Engine.forGame: a human does not search');
});

test('the old search ops are gone: unknown op', async () => {
  for (const op of ['search', 'evaluate']) {
    const { last } = await request(6, op, {});
    assert.equal(last.error, `unknown op '${op}'`);
  }
});

test('compare: the core’s grid cell by cell — Figure 5.2’s rows, the bold row, the beams and b', async () => {
  const base = { tie: 'nonstrict', seed: 7 };
  const { progress, last } = await request(40, 'compare', { source: { type: 'tree', text: FIG_5_2 }, base });
  assert.equal(last.type, 'result', last.error);
  const out = last.data;
  assert.deepEqual(
    out.rows.map((r) => [r.algo, r.order, r.width ?? null, r.stats.leaves, r.value]),
    [
      ['minimax', null, null, 9, 3],
      ['alphabeta', 'natural', null, 7, 3],
      ['alphabeta', 'reverse', null, 9, 3],
      ['alphabeta', 'random', null, 8, 3],
      ['alphabeta', 'best', null, 5, 3],
      ['beam', 'natural', 1, 1, 3],
      ['beam', 'natural', 2, 3, 3],
      ['beam', 'natural', 3, 7, 3],
    ],
  );
  assert.deepEqual(
    progress.map((p) => [p.done, p.of]),
    [1, 2, 3, 4, 5, 6, 7, 8].map((k) => [k, 8]),
  );
  assert.equal(out.minimaxAlgo, 'minimax');
  assert.deepEqual(
    out.marks.map((m) => m.mark ?? null),
    [null, null, null, null, 'fewest', 'matches', 'matches', 'matches'],
  );
  assert.deepEqual(out.reference, { m: 2, leaves: 9, legal: null, b: 3, random: 3 * Math.sqrt(3), perfect: 3 });
});

test('compare: refusals, a skipped minimax and the root moves of a game', async () => {
  const tuples = await request(41, 'compare', { source: { type: 'tree', text: '[[(1,2,6),(4,2,3)],[(6,1,2),(7,4,1)]]' }, base: {} });
  assert.deepEqual(tuples.last.data, { refused: 'Orderings and α-β apply to two-player trees; max^n does not prune here.', rows: [] });
  const c4 = await request(42, 'compare', { source: { type: 'game', kind: 'c4', moves: '4453' }, base: {} });
  assert.deepEqual(c4.last.data, { refused: 'Give a depth: Connect-4 is too deep to compare searches to the end.', rows: [] });
  const ttt = await request(43, 'compare', { source: { type: 'game', kind: 'ttt', moves: '4,0,8' }, base: { depth: 2, tie: 'nonstrict', seed: 1 } });
  const out = ttt.last.data;
  assert.deepEqual(out.rows[0], { algo: 'minimax', order: null, error: 'minimax has no depth limit: with a depth, only α-β is compared', skipped: true });
  assert.deepEqual(
    out.rows.slice(1).map((r) => r.order),
    ['natural', 'reverse', 'random', 'best', 'heuristic', 'killer', 'history'],
  );
  assert.deepEqual(out.reference, { m: 2, leaves: 36, legal: 6, b: 6, random: 6 * Math.sqrt(6), perfect: 6 });
});
