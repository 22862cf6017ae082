// A game's search placed by the core: Stepper.figureRecord() (the games module's record of
// its search) read by FigurePlan.forRecord (the tree module's placement) numbers its nodes
// as the page's buildGame does, so the page's hover texts and navigation name the same
// nodes; a bad record is a clear Error. Runs on the full module (www/pkg), which has both
// (forRecord is in the lab and full modules, not the tree module: its size budget).
import test from 'node:test';
import assert from 'node:assert/strict';
import { api } from './wasm.mjs';
import { buildTraceModel } from '../../www/lib/trace-view.js';

const { Game, Stepper, FigurePlan } = api;

/** Every game search of the check: tic-tac-toe α-β from a few positions (orders, a depth
 * limit, iterative deepening), Connect-4 with iterative deepening, the exact solver. */
const searches = [
  ['ttt α-β 4,0,8,2', () => Stepper.forGame(Game.create('ttt', '4,0,8,2'), {}, 20000)],
  ['ttt minimax 4,0,8', () => Stepper.forGame(Game.create('ttt', '4,0,8'), { algo: 'minimax' }, 20000)],
  ['ttt α-β 4 reversed', () => Stepper.forGame(Game.create('ttt', '4'), { order: 'reverse' }, 20000)],
  ['ttt α-β 0,4 iterative', () => Stepper.forGame(Game.create('ttt', '0,4'), { depth: 4, iterative: true }, 20000)],
  ['c4 iterative', () => Stepper.forGame(Game.create('c4', '4455'), { depth: 3, iterative: true, quiescence: true }, 20000)],
  ['c4 solver', () => Stepper.forSolve(Game.create('c4', '2252576253462244111563365343671351441'), 2000)],
];

for (const [name, make] of searches) {
  test(`${name}: the record's plan numbers its nodes as buildGame does`, () => {
    const st = make();
    const { numbers, names } = st.figureRecord();
    assert.ok(numbers instanceof Float64Array);
    const model = buildTraceModel({ traceNodes: st.nodes(), finalPruned: st.pruned() });
    for (const [compact, boards] of [[false, false], [true, true]]) {
      const plan = FigurePlan.forRecord(numbers, names, compact, boards);
      assert.equal(plan.length, st.length);
      const lay = plan.layout();
      assert.deepEqual(lay.parents, model.nodes.map((n) => n.parent));
      assert.deepEqual(lay.kinds, model.nodes.map((n) => n.kind));
      assert.deepEqual(lay.trace, Array.from(model.drawToTrace));
      assert.equal(lay.x.length, model.nodes.length);
      if (boards) {
        assert.equal(lay.boards.length, 4 * model.nodes.length);
        const kind = name.startsWith('ttt') ? [3, 3] : [7, 6];
        assert.deepEqual([lay.boardCols, lay.boardRows], kind);
        // A board under every entered node, none under a stub.
        for (let v = 0; v < model.nodes.length; v++) {
          const b = lay.boards.slice(4 * v, 4 * v + 4);
          assert.equal(b.some((x) => x !== 0), lay.trace[v] >= 0, `node ${v}`);
        }
      } else {
        assert.deepEqual(lay.boards, []);
        assert.deepEqual([lay.boardCols, lay.boardRows], [0, 0]);
      }
      // The edge texts are the moves' names.
      const end = plan.at(plan.length);
      const edges = end.labels.filter((l) => l.kind === 'edge');
      for (const l of edges) assert.equal(l.text, model.nodes[l.node].edgeLabel);
      plan.free();
    }
  });
}

test('a tree stepper has no game record; a tree plan has no trace or boards', () => {
  const tree = api.GameTree.parse('[[3,12,8],[2,4,6],[14,5,2]]');
  const st = Stepper.forTree(tree, {});
  assert.throws(() => st.figureRecord(), /^Error: Stepper\.figureRecord: a tree's search has no game record/);
  const lay = FigurePlan.forTree(tree, {}).layout();
  assert.deepEqual([lay.trace, lay.boards, lay.boardCols, lay.boardRows], [[], [], 0, 0]);
});

test('a bad record is an Error naming FigurePlan.forRecord, the problem and its index', () => {
  const st = Stepper.forGame(Game.create('ttt', '4,0,8,2'), {}, 20000);
  const { numbers, names } = st.figureRecord();
  const bad = (mutate, re) => {
    const x = Float64Array.from(numbers);
    const n = names.slice();
    mutate(x, n);
    assert.throws(() => FigurePlan.forRecord(x, n), re);
  };
  bad((x) => (x[0] = 2), /^Error: FigurePlan\.forRecord: index 0 is not the record layout's version 1/);
  bad((x) => (x[10 + 4] = 7), /^Error: FigurePlan\.forRecord: a parent at index 14 is 7, not an integer from -1 to 0/);
  bad((x, n) => n.pop(), /^Error: FigurePlan\.forRecord: \d+ names for \d+ nodes and \d+ pruned edges/);
  assert.throws(() => FigurePlan.forRecord(numbers.subarray(0, 30), names), /^Error: FigurePlan\.forRecord: /);
  // Every prefix is refused cleanly.
  for (let k = 0; k < numbers.length; k += 7) {
    assert.throws(() => FigurePlan.forRecord(numbers.subarray(0, k), names), /^Error: FigurePlan\.forRecord: /);
  }
});
