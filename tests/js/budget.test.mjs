// One node budget for every search the API answers, per-move scores included,
// with the built package (www/pkg). Budgets are checked in nodes, never in time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FIG_5_2 } from '../fixtures/lessons.mjs';

const pkg = fileURLToPath(new URL('../../www/pkg/', import.meta.url));
if (!existsSync(`${pkg}plyground_wasm.js`)) throw new Error('www/pkg is missing: run `cargo xtask build` first');
const api = await import(`${pkg}plyground_wasm.js`);
api.initSync({ module: readFileSync(`${pkg}plyground_wasm_bg.wasm`) });
const { Game, GameTree, searchGame, searchTree, limits } = api;

const BOUNDS = ['exact', 'lower', 'upper', 'missing'];

test('searchGame on 4624676436 with the defaults: value 16, exact, every score marked, within the default budget', () => {
  const g = Game.create('c4', '4624676436');
  const r = searchGame(g, {});
  g.free();
  assert.equal(r.value, 16);
  assert.equal(r.exact, true);
  assert.equal(r.complete, true);
  assert.ok(r.stats.nodes <= limits().c4DefaultBudget, `${r.stats.nodes} nodes`);
  assert.deepEqual(
    r.scores.map((s) => s.move),
    [1, 2, 3, 4, 5, 6, 7],
  );
  for (const s of r.scores) {
    assert.ok(BOUNDS.includes(s.bound), JSON.stringify(s));
    assert.equal(s.value === null, s.bound === 'missing', JSON.stringify(s));
  }
  // The best move's score is exact whenever the value is, and it is the value.
  const best = r.scores.find((s) => s.move === r.best);
  assert.deepEqual([best.value, best.bound], [16, 'exact']);
});

test('searchGame with {depth: 20} on that position stays within its budget, and says what it knows', () => {
  const g = Game.create('c4', '4624676436');
  const budget = limits().c4DefaultBudget;
  const r = searchGame(g, { depth: 20 });
  const small = searchGame(g, { depth: 20, budget: 50_000 });
  g.free();
  assert.ok(r.stats.nodes <= budget, `${r.stats.nodes} nodes > ${budget}`);
  assert.ok(small.stats.nodes <= 50_000, `${small.stats.nodes} nodes`);
  for (const x of [r, small]) {
    for (const s of x.scores) assert.ok(BOUNDS.includes(s.bound), JSON.stringify(s));
    // exact means the value is the game's value: 16.
    if (x.exact) assert.equal(x.value, 16);
  }
});

test('searchTree: α-β scores come from the same search, marked; minimax lists exact values', () => {
  const t = GameTree.parse(FIG_5_2);
  const ab = searchTree(t, { algo: 'alphabeta' });
  assert.equal(ab.value, 3);
  assert.deepEqual(
    ab.scores.map((s) => [s.move, s.value, s.bound]),
    [
      [0, 3, 'exact'],
      [1, 2, 'exact'],
      [2, 2, 'exact'],
    ],
  );
  const limited = searchTree(t, { algo: 'alphabeta', budget: 6 });
  assert.ok(limited.stats.nodes <= 6, `${limited.stats.nodes}`);
  for (const s of limited.scores) assert.ok(BOUNDS.includes(s.bound), JSON.stringify(s));
  const mm = searchTree(t, { algo: 'minimax' });
  assert.deepEqual(
    mm.scores.map((s) => [s.move, s.value, s.bound]),
    [
      [0, 3, 'exact'],
      [1, 2, 'exact'],
      [2, 2, 'exact'],
    ],
  );
  t.free();
});
