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
import { LESSON_TREES, POSITION_SOURCES, algorithmsFor } from '../../www/lib/lessons.js';
import { approx, orderingReference, ordersFor } from '../../www/lib/complexity.js';

import { api } from './wasm.mjs';

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

test('the lesson menu holds the lessons’ trees, each with an algorithm that applies', () => {
  const texts = LESSON_TREES.map((t) => t.text);
  assert.ok(texts.includes('[[3,12,8],[2,4,6],[14,5,2]]'));
  assert.ok(texts.includes('[[3,12,8],[2,4,6],[14,5,2],[11,7,9]]'));
  assert.ok(texts.includes('[[[4,7],[2,8]],[[1,5],[3,6]]]'));
  assert.ok(texts.includes('[[[3,5],[2,9]],[[1,4],[8,7]]]'));
  assert.ok(texts.includes('max[chance[0.5: 10, 0.5: -4], chance[0.25: 20, 0.25: -10, 0.25: 4, 0.25: 0]]'));
  assert.ok(texts.includes('[1, chance[0.5: 0, 0.5: 3]]'));
  assert.ok(texts.some((t) => t.startsWith('[1, chance[0.5: 0, 0.5: 1.7320508075688772]]')));
  assert.ok(texts.includes('[[[(1,2,6),(4,2,3)],[(6,1,2),(7,4,1)]],[[(5,1,1),(1,5,2)],[(7,7,1),(5,4,5)]]]'));
  assert.equal(new Set(LESSON_TREES.map((t) => t.id)).size, LESSON_TREES.length);
  assert.deepEqual(
    POSITION_SOURCES.map((p) => p.kind),
    ['ttt', 'c4'],
  );
  assert.deepEqual(algorithmsFor({ hasTuples: true, players: 3 }), ['maxn']);
  assert.deepEqual(algorithmsFor({ hasChance: true }), ['expectiminimax', 'alphabeta']);
  assert.deepEqual(algorithmsFor({}), ['minimax', 'alphabeta']);
});

test('ordering reference sizes: b^m, b^(3m/4), b^(m/2)', () => {
  const r = orderingReference(81, 4); // a uniform tree, b = 3, m = 4
  assert.ok(Math.abs(r.b - 3) < 1e-12);
  assert.equal(approx(r.full), '81');
  assert.equal(approx(r.random), '27');
  assert.equal(approx(r.perfect), '9');
  const t = orderingReference(255168, 9); // tic-tac-toe's minimax leaves
  assert.equal(approx(t.full), '255,168');
  assert.equal(approx(t.perfect), '≈505');
  assert.equal(orderingReference(0, 3), null);
  assert.equal(approx(Infinity), '—');
  assert.deepEqual(ordersFor(false), ['natural', 'reverse', 'random', 'best']);
  assert.ok(ordersFor(true).includes('killer'));
});
