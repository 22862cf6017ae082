// solveConnect4 and analyzeConnect4 in the built package (www/pkg, after wasm-opt), loaded
// in Node as a page would use them: plain result objects, null where there is no score,
// the TypeScript declarations, bad input as Errors, fuzzed option objects that never make
// the module panic. Needs `cargo xtask build` first.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const consoleErrors = [];
const originalError = console.error;
console.error = (...args) => {
  consoleErrors.push(args.map(String).join(' '));
  originalError(...args);
};
after(() => {
  console.error = originalError;
});

const pkg = fileURLToPath(new URL('../../www/pkg/', import.meta.url));
if (!existsSync(`${pkg}plyground_wasm.js`)) {
  throw new Error(`${pkg}plyground_wasm.js is missing: run \`cargo xtask build\` first`);
}
const api = await import(`${pkg}plyground_wasm.js`);
api.initSync({ module: readFileSync(`${pkg}plyground_wasm_bg.wasm`) });
const { solveConnect4, analyzeConnect4, Game } = api;

/** [[moves, score], …] of one in-repo sample of a community test set. */
function sample(name) {
  const file = new URL(`../../crates/plyground/tests/fixtures/connect4_${name}_sample.txt`, import.meta.url);
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => {
      const [moves, score] = l.trim().split(/\s+/);
      return [moves, Number(score)];
    });
}

test('solveConnect4 gives the exact score of every sample position, as a plain object', () => {
  for (const name of ['L3_R1', 'L2_R1', 'L1_R1']) {
    for (const [moves, score] of sample(name)) {
      const r = solveConnect4(moves);
      assert.deepEqual(Object.keys(r), ['score', 'nodes', 'complete']);
      assert.equal(Object.getPrototypeOf(r), Object.prototype);
      assert.equal(r.score, score, moves);
      assert.equal(r.complete, true);
      assert.ok(Number.isInteger(r.nodes) && r.nodes >= 1);
      assert.equal(solveConnect4(moves, { weak: true }).score, Math.sign(score), `${moves} weak`);
    }
  }
});

test('analyzeConnect4 gives seven scores, null for full columns, the best equal to the score', () => {
  const [moves, score] = sample('L2_R1')[7];
  const a = analyzeConnect4(moves);
  assert.deepEqual(Object.keys(a), ['scores', 'nodes', 'complete']);
  assert.ok(Array.isArray(a.scores) && a.scores.length === 7);
  assert.equal(Math.max(...a.scores.filter((s) => s !== null)), score);
  const g = Game.create('c4', moves);
  const legal = Array.from(g.legalMoves());
  g.free();
  a.scores.forEach((s, c) => assert.equal(s !== null, legal.includes(c + 1), `column ${c + 1}`));
  assert.deepEqual(analyzeConnect4('444444').scores.map((s) => s === null), [false, false, false, true, false, false, false]);
});

test('a budget stops the search: complete false and the score null', () => {
  const r = solveConnect4('', { budget: 500 });
  assert.deepEqual([r.score, r.complete], [null, false]);
  assert.ok(r.nodes <= 500);
  const a = analyzeConnect4('4', { budget: 500 });
  assert.deepEqual([a.complete, a.scores], [false, [null, null, null, null, null, null, null]]);
});

test('bad input throws an Error naming the call and the problem, and nothing panics', () => {
  const cases = [
    [() => solveConnect4('4x'), /^solveConnect4: bad move string '4x': bad character 'x' at position 2/],
    [() => solveConnect4(), /^solveConnect4: moves must be a string, got undefined$/],
    [() => solveConnect4('4', { weak: 'yes' }), /^solveConnect4: weak must be true or false, got 'yes'$/],
    [() => solveConnect4('4', { budget: -1 }), /^solveConnect4: budget -1 is out of range/],
    [() => solveConnect4('4', { budget: Number.NaN }), /^solveConnect4: budget must be an integer, got NaN$/],
    [() => analyzeConnect4('4', { algo: 'mcts' }), /^analyzeConnect4: unknown option 'algo'/],
    [() => analyzeConnect4('4', 7), /^analyzeConnect4: options must be a plain object, got 7$/],
  ];
  for (const [call, want] of cases) {
    assert.throws(call, (e) => e instanceof Error && want.test(e.message), String(want));
  }
  // Junk never panics: a call either answers (a legal move string; small budgets, since an
  // early position takes long) or throws an Error.
  const junk = ['', '4', '44444444', '0', '8', ' 4', '4.5', 'abc', '١', '😀', '7'.repeat(50), 4, null, {}];
  const opts = [{ budget: 1 }, { budget: 100, weak: true }, { budget: 1e13 }, { budget: '5' }, [], 'x', 0];
  for (const m of junk) {
    for (const o of opts) {
      for (const call of [solveConnect4, analyzeConnect4]) {
        try {
          const r = call(m, o);
          assert.equal(typeof r.complete, 'boolean');
        } catch (e) {
          assert.ok(e instanceof Error, `${m} ${JSON.stringify(o)}`);
        }
      }
    }
  }
});

test('the TypeScript declarations describe the solver', () => {
  const dts = readFileSync(`${pkg}plyground_wasm.d.ts`, 'utf8');
  for (const decl of [
    'export interface SolveOptions',
    'export interface SolveResult',
    'export interface AnalyzeResult',
    'export function solveConnect4(moves: string, opts?: SolveOptions): SolveResult;',
    'export function analyzeConnect4(moves: string, opts?: SolveOptions): AnalyzeResult;',
  ]) {
    assert.ok(dts.includes(decl), `missing in the .d.ts: ${decl}`);
  }
});

test('no Rust panic reached the console', () => {
  assert.deepEqual(consoleErrors, []);
});
