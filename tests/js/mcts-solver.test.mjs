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
    'proven win for X: X has a winning move here (node 3 is a proven win for X), so the game ends in 3 plies',
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

test('at a proven root each iteration says it scores the proof, and names nodes by their moves', () => {
  // X (0, 1) to move against O (3, 4): cell 2 wins, proven in iteration 1. After that an
  // iteration stops at the root: no random moves, and the children keep their N and W.
  const m = MctsStepper.forGame(Game.create('ttt', '0,3,1,4'), { seed: 1, solver: true });
  m.run(14);
  assert.equal(m.stepPhase(), 'rollout');
  assert.equal(m.narration(), 'ROLLOUT: none — the root is a proven win for X, so it is scored by its proof instead of random moves, with rewards: 1 / 0 (X / O).');
  assert.equal(m.stepPhase(), 'backup');
  assert.equal(
    m.narration(),
    "Iteration 15 complete. BACKUP: selection stopped at the root, so the result is added to the root's N and W only; its children keep theirs.",
  );
  const nodes = m.nodes();
  assert.deepEqual([nodes[0].n, nodes[0].w, nodes.length, nodes[1].label, nodes[1].n, nodes[1].w], [15, 15, 2, '2', 1, 1]);
  assert.equal(nodes[0].proofRule, 'proven win for X: X has a winning move here (node 2 is a proven win for X), so the game ends in 1 ply');
});
