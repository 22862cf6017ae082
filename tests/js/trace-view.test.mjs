// The tree lab's picture of a recorded search (www/lib/trace-view.js), fed by the real
// Stepper from the built package (www/pkg; `cargo xtask build` first).
import test from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  applyStep,
  buildMctsModel,
  buildTraceModel,
  describeNode,
  fmt4,
  mctsKind,
  mctsToMove,
  pathText,
} from '../../www/lib/trace-view.js';
import { FIG_5_2, lessonTree } from '../fixtures/lessons.mjs';

const pkg = fileURLToPath(new URL('../../www/pkg/', import.meta.url));
if (!existsSync(`${pkg}plyground_wasm.js`)) throw new Error('www/pkg is missing: run `cargo xtask build` first');
const api = await import(`${pkg}plyground_wasm.js`);
api.initSync({ module: readFileSync(`${pkg}plyground_wasm_bg.wasm`) });
const { Game, GameTree, MctsStepper, Stepper } = api;

/** The model of a tree trace, and a function that shows step i. */
function treeTrace(text, opts = {}) {
  const tree = GameTree.parse(text);
  const st = Stepper.forTree(tree, opts, 20000);
  const finalPruned = st.pruned();
  const result = st.result();
  const model = buildTraceModel({ traceNodes: st.nodes(), treeNodes: tree.nodes(), finalPruned, players: tree.players });
  const show = (i) => {
    st.seek(i);
    applyStep(model, st.state(), { done: i === st.length, bestChild: result.bestChild });
    return model;
  };
  return { tree, st, model, show };
}

const byLabel = (model, tree, label) => model.nodes[tree.nodes().findIndex((t) => t.label === label)];

test('Figure 5.2: the whole tree is drawn with leaf values from the start, nothing visited', () => {
  const { model, show, tree } = treeTrace(FIG_5_2);
  show(0);
  assert.equal(model.nodes.length, 13);
  assert.deepEqual(
    model.nodes.filter((n) => n.kind === 'terminal').map((n) => n.value),
    ['3', '12', '8', '2', '4', '6', '14', '5', '2'],
  );
  assert.ok(model.nodes.every((n) => n.state === 'unvisited' && n.window === null && !n.bold));
  assert.deepEqual(
    model.nodes.filter((n) => n.kind !== 'terminal').map((n) => [n.label, n.kind]),
    [
      ['A', 'max'],
      ['B', 'min'],
      ['C', 'min'],
      ['D', 'min'],
    ],
  );
  assert.equal(byLabel(model, tree, 'b2').edgeLabel, 'b2');
});

test('Figure 5.2: windows as in the lesson, then exactly c2 and c3 pruned, the root 3 and a1 bold', () => {
  const { model, show, st, tree } = treeTrace(FIG_5_2);
  const A = () => byLabel(model, tree, 'A');
  const C = () => byLabel(model, tree, 'C');
  // Find the step where C is entered: its window is the inherited [3, +∞].
  let enteredC = -1;
  for (let i = 0; i <= st.length; i++) {
    show(i);
    if (C().state === 'current') {
      enteredC = i;
      break;
    }
  }
  assert.ok(enteredC > 0);
  assert.deepEqual(C().window, { alpha: 3, beta: Infinity });
  assert.deepEqual(A().window, { alpha: 3, beta: Infinity });
  assert.equal(A().state, 'open');
  // While B is searched the window is the root's [−∞, +∞].
  show(3);
  assert.deepEqual(byLabel(model, tree, 'B').window, { alpha: -Infinity, beta: Infinity });
  // The end.
  show(st.length);
  assert.equal(A().value, '3');
  assert.equal(A().state, 'done');
  const pruned = model.nodes.filter((n) => n.state === 'pruned');
  assert.deepEqual(
    pruned.map((n) => [n.edgeLabel, n.value]),
    [
      ['c2', '4'],
      ['c3', '6'],
    ],
  );
  assert.deepEqual(
    model.nodes.filter((n) => n.bold).map((n) => n.label),
    ['B'],
  );
  assert.ok(model.nodes.every((n) => n.window === null), 'no node is open at the end');
  assert.deepEqual(
    ['B', 'C', 'D'].map((l) => byLabel(model, tree, l).value),
    // C's value after its cutoff is only an upper bound (the core's kind, state().bounds).
    ['3', '≤ 2', '2'],
  );
  assert.equal(pathText(model, pruned[0].id), 'a2 → c2');
  assert.match(describeNode(model, pruned[0].id), /pruned: never examined/);
  assert.match(describeNode(model, A().id), /^A: MAX node\npath: the root\nfinished\nvalue 3$/);
});

test('the three-player tree shows utility vectors; expectiminimax probabilities', () => {
  const three = treeTrace(lessonTree('aima_three_player'), { algo: 'maxn' });
  three.show(three.st.length);
  assert.equal(three.model.nodes[0].value, '(1, 2, 6)');
  assert.equal(three.model.nodes[0].kind, 'player');
  assert.equal(three.model.nodes.filter((n) => n.kind === 'terminal')[0].value, '(1, 2, 6)');
  const ex = treeTrace(lessonTree('exercise_expectiminimax'), {
    algo: 'expectiminimax',
  });
  ex.show(ex.st.length);
  assert.equal(ex.model.nodes[0].value, '3.5');
  assert.deepEqual(
    ex.model.nodes.filter((n) => n.kind === 'chance').map((n) => n.value),
    ['3', '3.5'],
  );
  assert.deepEqual(
    ex.model.nodes.filter((n) => n.prob).map((n) => n.prob),
    ['0.5', '0.5', '0.25', '0.25', '0.25', '0.25'],
  );
});

test('a game trace: entered nodes plus one stub per pruned edge, children in move order', () => {
  const g = Game.create('ttt', '4,0,8,2');
  const st = Stepper.forGame(g, {}, 20000);
  st.seek(st.length);
  const end = st.state();
  const pruned = st.pruned();
  assert.equal(end.prunedCount, pruned.length);
  const model = buildTraceModel({ traceNodes: st.nodes(), finalPruned: pruned });
  assert.equal(model.nodes.length, st.nodeCount + pruned.length);
  applyStep(model, end, { done: true, bestChild: st.result().bestChild });
  assert.equal(model.nodes.filter((n) => n.state === 'pruned').length, pruned.length);
  // Parents come before children, and siblings are in natural move order.
  for (const n of model.nodes) if (n.parent >= 0) assert.ok(n.parent < n.id);
  const rootKids = model.nodes.filter((n) => n.parent === 0).map((n) => n.edgeLabel);
  assert.deepEqual(rootKids, ['1', '3', '5', '6', '7']);
  assert.equal(model.nodes[0].value, '0');
  assert.deepEqual(
    model.nodes.filter((n) => n.bold).map((n) => n.edgeLabel),
    ['1'],
  );
  // Every trace node is drawn exactly once.
  const seen = new Set(model.traceToDraw);
  assert.equal(seen.size, st.nodeCount);
  assert.ok(!seen.has(-1));
  // Half-way, only the edges pruned by then are drawn pruned.
  st.seek(st.length >> 1);
  const mid = st.state();
  applyStep(model, mid, {});
  assert.equal(model.nodes.filter((n) => n.state === 'pruned').length, mid.prunedCount);
  assert.ok(mid.prunedCount < pruned.length);
});

test('MCTS: W/N beside nodes, the node the phase acts on current, the decision bold', () => {
  const g = Game.create('ttt', '4,0,8,2');
  const m = MctsStepper.forGame(g, { c: 1.414, seed: 1 });
  m.run(10);
  m.stepPhase(); // select
  const shares = m.rootShares();
  const best = shares.reduce((a, b) => (b.n > a.n ? b : a));
  const model = buildMctsModel(m.nodes(), m.lastEvents(), { phase: m.phase, bestChild: best.child });
  // (Its badge, SELECT, is the core's: MctsStepper.picture; tests/browser/mcts-labels.test.mjs.)
  const current = model.nodes.filter((n) => n.state === 'current');
  assert.equal(current.length, 1);
  const select = m.lastEvents().at(-1);
  assert.equal(select.phase, 'select');
  assert.equal(current[0].id, select.child);
  assert.equal(model.nodes[0].value, `${m.nodes()[0].w}/${m.nodes()[0].n}`);
  assert.equal(model.nodes[0].state, 'open');
  assert.deepEqual(
    model.nodes.filter((n) => n.bold).map((n) => n.id),
    [best.child],
  );
  // The phase's sentence is the core's (MctsStepper.narration(), caption::mcts_narration).
  assert.match(m.narration(), /^SELECT: from the root follow the child with the largest UCB1, node \S+ \(/);
  assert.equal(fmt4(1.17978), '1.1798');
  assert.equal(fmt4(Infinity), '+∞');
});

// A three-player tree with chance nodes: under p0 (its plain children are p1, below them
// p2) and under p1 (its plain child is p2).
const THREE_WITH_CHANCE =
  'p0[chance[1/4: [(1,2,3), p2[(3,2,1), (0,0,9)]], 3/4: [(2,2,2), (4,1,0)]], [(5,5,5), chance[0.5: (1,1,1), 0.5: [(9,0,0), (0,9,0)]]]]';

test('MCTS on a three-player tree: chance nodes are drawn as chance, player 2 as player 2', () => {
  const tree = GameTree.parse(THREE_WITH_CHANCE);
  assert.equal(tree.players, 3);
  const m = MctsStepper.forTree(tree, { c: 1.414, seed: 3 });
  m.run(400);
  const mnodes = m.nodes();
  const model = buildMctsModel(mnodes, m.lastEvents(), { phase: m.phase, bestChild: null, players: tree.players });
  // Every tree node is in the picture by now, each drawn as the core's tree says it is.
  const treeNodes = tree.nodes();
  assert.equal(mnodes.length, treeNodes.length);
  for (const [i, mn] of mnodes.entries()) {
    const t = treeNodes.find((n) => n.label === mn.label);
    assert.ok(t, `MCTS node ${mn.label} is in the tree`);
    const drawn = model.nodes[i];
    assert.equal(drawn.kind, t.kind, `${mn.label}: drawn as ${drawn.kind}, the tree says ${t.kind}`);
    if (t.kind === 'player') assert.equal(drawn.player, t.player, mn.label);
    if (t.kind === 'chance') assert.equal(drawn.player, null, mn.label);
  }
  const count = (pred) => model.nodes.filter(pred).length;
  assert.equal(count((n) => n.kind === 'chance'), 2);
  assert.deepEqual(
    [0, 1, 2].map((p) => count((n) => n.kind === 'player' && n.player === p)),
    [1, 3, 2],
  );
  assert.equal(count((n) => n.kind === 'terminal'), 9);
  // The tooltip words agree: the explicit p2 node is P3's, a chance node is chance.
  const p2 = mnodes.find((n) => n.toMove === 2 && !n.terminal);
  assert.equal(mctsToMove(p2, { players: 3 }), 'P3 to move here');
  assert.equal(mctsToMove(mnodes.find((n) => n.toMove === -1), { players: 3 }), 'chance: an outcome is drawn here');
  assert.equal(mctsToMove(mnodes[0], { players: 3 }), 'P1 to move here');
  m.free();
  tree.free();
});

test('MCTS node kinds: toMove −1 is chance, 2 and 3 are players even without the player count', () => {
  assert.equal(mctsKind({ terminal: false, toMove: -1 }, 3), 'chance');
  assert.equal(mctsKind({ terminal: false, toMove: -1 }), 'chance');
  assert.equal(mctsKind({ terminal: false, toMove: 2 }), 'player');
  assert.equal(mctsKind({ terminal: false, toMove: 3 }, 4), 'player');
  assert.equal(mctsKind({ terminal: false, toMove: 0 }, 3), 'player');
  assert.equal(mctsKind({ terminal: false, toMove: 0 }), 'max');
  assert.equal(mctsKind({ terminal: false, toMove: 1 }, 2), 'min');
  assert.equal(mctsKind({ terminal: true, toMove: 2 }, 3), 'terminal');
  assert.equal(mctsToMove({ terminal: false, toMove: 0 }, { game: true }), 'X (MAX) to move here');
  assert.equal(mctsToMove({ terminal: false, toMove: 1 }), 'MIN to move here');
  assert.equal(mctsToMove({ terminal: false, toMove: 3 }, { players: 4 }), 'P4 to move here');
  assert.equal(mctsToMove({ terminal: true, toMove: 0 }), '');
  // A two-player game keeps MAX ▲ and MIN ▼.
  const g = Game.create('ttt', '4,0,8,2');
  const m = MctsStepper.forGame(g, { c: 1.414, seed: 1 });
  m.run(30);
  const model = buildMctsModel(m.nodes(), m.lastEvents(), { phase: m.phase, bestChild: null });
  m.nodes().forEach((mn, i) => assert.equal(model.nodes[i].kind, mn.terminal ? 'terminal' : ['max', 'min'][mn.toMove]));
  assert.equal(model.nodes[0].kind, 'max');
  m.free();
  g.free();
});

test('the trace view draws a three-player tree with chance as the tree says', () => {
  const t = treeTrace(THREE_WITH_CHANCE, { algo: 'maxn' });
  t.show(t.st.length);
  const kinds = t.model.nodes.map((n) => (n.kind === 'player' ? `p${n.player}` : n.kind));
  assert.deepEqual(
    kinds,
    t.tree.nodes().map((n) => (n.kind === 'player' ? `p${n.player}` : n.kind)),
  );
  assert.equal(kinds.filter((k) => k === 'p2').length, 2);
  assert.equal(kinds.filter((k) => k === 'chance').length, 2);
});

