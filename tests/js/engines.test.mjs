// The players' catalogue as the page reads it (www/lib/engines.js over the wasm module's
// `engines`, `checkEngineConfig`, `engineLabel`), the lesson menu and the ordering reference
// sizes. Needs the built package (www/pkg).
import test from 'node:test';
import assert from 'node:assert/strict';
import {
  ENGINE_FIELDS,
  ENGINE_IDS,
  ENGINE_NAMES,
  checkConfig,
  defaultConfig,
  engineCatalogue,
  engineInfo,
  engineLabel,
  evaluationConfig,
  installEngines,
} from '../../www/lib/engines.js';
import { LESSON_TREES, POSITION_SOURCES } from '../../www/lib/lessons.js';
import { approx, ordersFor } from '../../www/lib/complexity.js';

import { api } from './wasm.mjs';
import { lessonFixtures } from '../fixtures/lessons.mjs';

test('the adapter holds no copy: before the catalogue is read its lists are empty', () => {
  assert.deepEqual([ENGINE_IDS, ENGINE_NAMES, ENGINE_FIELDS], [[], {}, {}]);
});

test('the catalogue: ids, names and settings come from the module', () => {
  installEngines();
  assert.deepEqual(ENGINE_IDS, ['human', 'minimax', 'alphabeta', 'hminimax', 'mcts', 'perfect']);
  assert.deepEqual(ENGINE_NAMES, {
    human: 'Human',
    minimax: 'Minimax',
    alphabeta: 'α-β',
    hminimax: 'H-minimax (EVAL)',
    mcts: 'MCTS',
    perfect: 'Perfect',
  });
  assert.deepEqual(ENGINE_FIELDS, {
    human: [],
    minimax: [],
    alphabeta: ['depth'],
    hminimax: ['depth', 'tt', 'quiescence'],
    mcts: ['iterations', 'c', 'seed'],
    perfect: [],
  });
  assert.deepEqual(engineCatalogue('c4'), api.engines('c4'), 'the module’s own catalogue, unchanged');
  assert.deepEqual(engineInfo('c4', 'minimax').unavailable, 'minimax searches to the end of the game: only tic-tac-toe is small enough');
  assert.equal(engineInfo('ttt', 'minimax').unavailable, null);
  // What a side becomes when the game changes is the core's (PlayerId::on_game).
  assert.deepEqual(['minimax', 'alphabeta', 'hminimax', 'mcts'].map((id) => engineInfo('c4', id).becomes), ['hminimax', 'hminimax', 'hminimax', 'mcts']);
  assert.deepEqual(['minimax', 'alphabeta', 'hminimax', 'perfect'].map((id) => engineInfo('ttt', id).becomes), ['minimax', 'alphabeta', 'alphabeta', 'perfect']);
  assert.deepEqual(
    engineCatalogue('c4').map((e) => e.menu),
    ['Human', 'Minimax', 'α-β', 'H-minimax (EVAL)', 'MCTS', 'Perfect (exact solver)'],
  );
  assert.deepEqual(engineInfo('ttt', 'alphabeta').fields, [{ key: 'depth', label: 'Depth', kind: 'int', min: 1, max: 42, step: 1, optional: true }]);
  assert.deepEqual(engineInfo('c4', 'alphabeta').fields, [{ key: 'depth', label: 'Depth', kind: 'int', min: 1, max: 42, step: 1, optional: false }]);
});

test('per-game defaults', () => {
  installEngines();
  const all = (kind, engine, o) => ({ engine, depth: null, tt: false, quiescence: false, iterations: kind === 'c4' ? 5000 : 2000, c: 1.414, seed: 1, ...o });
  assert.deepEqual(defaultConfig('ttt', 'human'), all('ttt', 'human'));
  assert.deepEqual(defaultConfig('ttt', 'alphabeta'), all('ttt', 'alphabeta'));
  assert.deepEqual(defaultConfig('c4', 'alphabeta'), all('c4', 'alphabeta', { depth: 6 }));
  assert.deepEqual(defaultConfig('ttt', 'hminimax'), all('ttt', 'hminimax', { depth: 4, tt: true }));
  assert.deepEqual(defaultConfig('c4', 'hminimax'), all('c4', 'hminimax', { depth: 6, tt: true }));
  assert.deepEqual(defaultConfig('c4', 'mcts'), all('c4', 'mcts'));
  assert.deepEqual(defaultConfig('c4', 'perfect'), all('c4', 'perfect'));
  // A fresh object each time.
  const d = defaultConfig('ttt', 'mcts');
  d.seed = 9;
  assert.equal(defaultConfig('ttt', 'mcts').seed, 1);
});

test('checked configurations: form text read as numbers, empty depth to the end (tic-tac-toe α-β only)', () => {
  installEngines();
  assert.deepEqual(checkConfig('c4', { ...defaultConfig('c4', 'hminimax'), depth: '5', quiescence: true }), {
    engine: 'hminimax',
    depth: 5,
    tt: true,
    quiescence: true,
    iterations: 5000,
    c: 1.414,
    seed: 1,
  });
  assert.deepEqual(checkConfig('c4', { ...defaultConfig('c4', 'mcts'), iterations: '300', c: '0.5', seed: '9' }), {
    engine: 'mcts',
    depth: null,
    tt: false,
    quiescence: false,
    iterations: 300,
    c: 0.5,
    seed: 9,
  });
  assert.equal(checkConfig('ttt', { engine: 'alphabeta', depth: '' }).depth, null);
  assert.equal(checkConfig('c4', { engine: 'hminimax', depth: '' }).depth, 6, 'H-minimax: empty is its default depth');
});

test('bad settings are refused, naming the field', () => {
  installEngines();
  assert.throws(() => checkConfig('c4', { engine: 'alphabeta', depth: '' }), /^Error: depth must be a whole number from 1 to 42$/);
  assert.throws(() => checkConfig('ttt', { engine: 'alphabeta', depth: '2.5' }), /^Error: depth must be a whole number from 1 to 42 \(or empty: to the end\)$/);
  assert.throws(() => checkConfig('ttt', { engine: 'mcts', iterations: '0' }), /^Error: iterations must be a whole number from 1 to 1000000$/);
  assert.throws(() => checkConfig('ttt', { engine: 'mcts', c: 'x' }), /^Error: C must be a number from 0 to 100$/);
  assert.throws(() => checkConfig('ttt', { engine: 'mcts', seed: '-1' }), /^Error: seed must be a whole number from 0 to 4294967295$/);
  assert.throws(() => checkConfig('ttt', { engine: 'chess' }), /^Error: unknown engine "chess" \(expected human, minimax, alphabeta, hminimax, mcts, perfect\)$/);
  assert.throws(() => checkConfig('c4', { engine: 'minimax' }), /^Error: minimax searches to the end of the game: only tic-tac-toe is small enough$/);
});

test('engine labels', () => {
  installEngines();
  assert.equal(engineLabel('c4', checkConfig('c4', { engine: 'hminimax', depth: 6, tt: true })), 'H-minimax (EVAL), depth 6, TT');
  assert.equal(engineLabel('c4', { engine: 'hminimax', depth: 2, tt: false, quiescence: true }), 'H-minimax (EVAL), depth 2, quiescence');
  assert.equal(engineLabel('ttt', checkConfig('ttt', { engine: 'alphabeta' })), 'α-β');
  assert.equal(engineLabel('c4', { engine: 'alphabeta', depth: 7 }), 'α-β, depth 7');
  assert.equal(engineLabel('ttt', checkConfig('ttt', { engine: 'mcts', iterations: 10, c: 1.414, seed: 3 })), 'MCTS, 10 iterations, C 1.414, seed 3');
  assert.equal(engineLabel('ttt', { engine: 'perfect' }), 'Perfect (exact α-β)');
  assert.equal(engineLabel('c4', { engine: 'perfect' }), 'Perfect (exact solver)');
});

test('the values on the board: the core picks the engine that evaluates', () => {
  installEngines();
  const human = { engine: 'human' };
  const mcts = { engine: 'mcts', iterations: 300 };
  // Tic-tac-toe: exact α-β to the end, whoever plays.
  assert.deepEqual(evaluationConfig('ttt', mcts, human), { ...defaultConfig('ttt', 'alphabeta'), depth: null });
  // Connect-4: the side to move's engine, else the other side's, else H-minimax to depth 8.
  assert.deepEqual(evaluationConfig('c4', mcts, { engine: 'alphabeta' }), checkConfig('c4', mcts));
  assert.deepEqual(evaluationConfig('c4', human, { engine: 'alphabeta', depth: 3 }), checkConfig('c4', { engine: 'alphabeta', depth: 3 }));
  assert.deepEqual(evaluationConfig('c4', human, human), { ...defaultConfig('c4', 'hminimax'), depth: 8 });
  assert.throws(() => evaluationConfig('c4', human, { engine: 'alphabeta', depth: 99 }), /^Error: evaluationConfig: depth must be a whole number from 1 to 42$/);
});

/** Tree text without comments and blanks; an explicit `max` at the root is the default. */
const canonical = (t) => t.replace(/#.*$/gm, '').replace(/\s+/g, '').replace(/^max\[/, '[');

test('the lesson menu is the corpus’s worked examples, each with an algorithm the corpus says applies', () => {
  const fixtures = new Map(lessonFixtures().map((f) => [f.name, f]));
  // Menu entry → the fixture it shows (the corpus is checked by every engine in Rust and wasm).
  const shows = {
    'figure-5-2': 'figure_5_2',
    'twelve-leaf': 'twelve_leaf_trace',
    'exercise-minimax': 'exercise_minimax',
    'exercise-alphabeta': 'exercise_alpha_beta',
    expectiminimax: 'exercise_expectiminimax',
    'sqrt-before': 'sqrt_transform_untransformed',
    'sqrt-after': 'sqrt_transform_applied',
    'three-player': 'aima_three_player',
  };
  assert.deepEqual(LESSON_TREES.map((t) => t.id), Object.keys(shows));
  for (const entry of LESSON_TREES) {
    const f = fixtures.get(shows[entry.id]);
    assert.ok(f, `${entry.id}: fixture ${shows[entry.id]} is missing from lessons.txt`);
    assert.ok(f.algorithms.split(' ').includes(entry.algo), `${entry.id}: ${entry.algo} is not among ${f.algorithms}`);
    if (f.transform === 'sqrt') {
      // The menu writes the transformed tree out: each leaf is the square root of the fixture's.
      const numbers = (t) => canonical(t).match(/-?[\d.]+(?![\d.]*:)/g).map(Number);
      assert.equal(canonical(entry.text).replace(/[\d.]+(?![\d.]*:)/g, 'u'), canonical(f.tree).replace(/[\d.]+(?![\d.]*:)/g, 'u'));
      assert.deepEqual(numbers(entry.text), numbers(f.tree).map(Math.sqrt), entry.id);
    } else {
      assert.equal(canonical(entry.text), canonical(f.tree), entry.id);
    }
  }
  // Which algorithms apply to each tree is the core's answer (GameTree.algorithms()): checked
  // on the real module in captions.test.mjs.
});

test('the lab’s positions are legal move strings of their games', () => {
  const [ttt, c4] = POSITION_SOURCES;
  assert.deepEqual([ttt.kind, c4.kind], ['ttt', 'c4']);
  // Tic-tac-toe: distinct cells 0–8; Connect-4: columns 1–7, at most 6 stones each.
  const cells = ttt.moves.split(',').map(Number);
  assert.ok(cells.every((c) => Number.isInteger(c) && c >= 0 && c <= 8) && new Set(cells).size === cells.length, ttt.moves);
  const cols = [...c4.moves].map(Number);
  assert.ok(cols.every((c) => c >= 1 && c <= 7), c4.moves);
  assert.ok([1, 2, 3, 4, 5, 6, 7].every((c) => cols.filter((x) => x === c).length <= 6), c4.moves);
  assert.equal(c4.depth, 4);
});

test('ordering reference sizes: b^m, b^(3m/4), b^(m/2) (the core’s comparison grid)', () => {
  // The reference of a comparison whose minimax row found `leaves` leaves at depth `m`.
  const tree = api.GameTree.parse('[[1,2],[3,4]]');
  const game = api.Game.create('ttt', '');
  const reference = (leaves, m) => api.compareTree(tree, undefined, [leaves, m, 0, 0]).reference;
  const r = reference(81, 4); // a uniform tree, b = 3, m = 4
  assert.ok(Math.abs(r.b - 3) < 1e-12);
  assert.equal(approx(r.leaves), '81');
  assert.equal(approx(r.random), '27');
  assert.equal(approx(r.perfect), '9');
  const t = reference(255168, 9); // tic-tac-toe's minimax leaves
  assert.equal(approx(t.leaves), '255,168');
  assert.equal(approx(t.perfect), '≈505');
  assert.equal(reference(0, 3).b, null);
  assert.equal(approx(Infinity), '—');
  // The orders compared: an explicit tree has no heuristic; games get all of them.
  const orders = (g) => g.cells.filter((c) => c.algo === 'alphabeta').map((c) => c.order);
  const [ct, cg] = [api.compareTree(tree, undefined, []), api.compareGame(game, undefined, [])];
  assert.deepEqual(orders(ct), ['natural', 'reverse', 'random', 'best']);
  assert.ok(orders(cg).includes('killer'));
  assert.deepEqual(ordersFor(false), orders(ct));
  assert.deepEqual(ordersFor(true), orders(cg));
  tree.free();
  game.free();
});
