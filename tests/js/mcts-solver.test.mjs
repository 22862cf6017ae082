// MCTS-Solver through the built package (www/pkg): the `solver` option of MctsStepper and
// searchGame, the proof and its rule on nodes(), the refusal on an n-player tree, and the
// lab's marks (trace-view.js). The same numbers as crates/plyground/tests/mcts_solver.rs.
// Needs `cargo xtask build` first (`cargo xtask test` builds before it runs these).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const pkg = fileURLToPath(new URL('../../www/pkg/', import.meta.url));
if (!existsSync(`${pkg}plyground_wasm.js`)) {
  throw new Error(`${pkg}plyground_wasm.js is missing: run \`cargo xtask build\` first`);
}
const api = await import(`${pkg}plyground_wasm.js`);
api.initSync({ module: readFileSync(`${pkg}plyground_wasm_bg.wasm`) });
const { Game, GameTree, MctsStepper } = api;
const { buildMctsModel } = await import('../../www/lib/trace-view.js');

test('the solver proves the open three of 4455 at iteration 62 (seed 1, c = √2) and marks the nodes', () => {
  const m = MctsStepper.forGame(Game.create('c4', '4455'), { seed: 1, c: Math.SQRT2, solver: true });
  m.run(61);
  assert.equal(m.nodes()[0].proof, null);
  m.run(1);
  const nodes = m.nodes();
  assert.equal(nodes.length, 63);
  assert.equal(nodes[0].proof, 'win');
  assert.equal(
    nodes[0].proofRule,
    'proven win for MAX: MAX has a winning move here (node 3 is a proven win for MAX), so the game ends in 3 plies',
  );
  assert.equal(nodes[3].proof, 'win');
  assert.equal(m.best, nodes[3].action);
  const model = buildMctsModel(nodes, [], { phase: 'done', bestChild: 3 });
  assert.match(model.nodes[0].value, / \+∞$/);
  // A proven root grows no more nodes.
  m.run(100);
  assert.equal(m.nodes().length, 63);
});

test('off by default: no proofs, and the option is refused on a three-player tree', () => {
  const m = MctsStepper.forGame(Game.create('c4', '4455'), { seed: 1 });
  m.run(300);
  assert.ok(m.nodes().every((n) => n.proof === null && n.proofRule === null));
  const three = GameTree.parse('[[(5,1,1),(1,5,2)],[(7,7,1),(5,4,5)]]');
  assert.throws(
    () => MctsStepper.forTree(three, { solver: true }),
    /solver: MCTS-Solver proves wins and losses of two-player games; this game has 3 players/,
  );
});
