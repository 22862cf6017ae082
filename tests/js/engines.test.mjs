// Engine presets, search plans, the lesson menu and the ordering reference sizes.
import test from 'node:test';
import assert from 'node:assert/strict';
import {
  ENGINE_FIELDS,
  ENGINE_IDS,
  checkConfig,
  defaultConfig,
  engineLabel,
  finalOptions,
  searchPlan,
} from '../../www/lib/engines.js';
import { LESSON_TREES, POSITION_SOURCES, algorithmsFor } from '../../www/lib/lessons.js';
import { approx, orderingReference, ordersFor } from '../../www/lib/complexity.js';
import { api } from './wasm.mjs';

// The budgets come from the module (one source: crates/plyground/src/limits.rs).
const { maxBudget: NO_BUDGET, strongestFallbackBudget: STRONGEST_BUDGET } = api.limits();

test('every engine has fields and a default; humans do not search', () => {
  for (const id of ENGINE_IDS) {
    assert.ok(Array.isArray(ENGINE_FIELDS[id]), id);
    assert.equal(defaultConfig('ttt', id).engine, id);
  }
  assert.throws(() => finalOptions('ttt', defaultConfig('ttt', 'human')), /does not search/);
});

test('the options each engine searches with', () => {
  assert.deepEqual(finalOptions('ttt', checkConfig('ttt', { engine: 'minimax' })), { algo: 'minimax' });
  // Every α-β option is explicit: Connect-4's defaults (ID, TT, a budget) must not leak in.
  assert.deepEqual(finalOptions('ttt', checkConfig('ttt', { engine: 'alphabeta' })), {
    algo: 'alphabeta',
    order: 'natural',
    tt: false,
    iterative: false,
  });
  assert.deepEqual(finalOptions('c4', checkConfig('c4', { engine: 'alphabeta' })), {
    algo: 'alphabeta',
    depth: 6,
    eval: false,
    tt: false,
    order: 'heuristic',
    iterative: false,
    budget: NO_BUDGET,
  });
  assert.deepEqual(finalOptions('c4', checkConfig('c4', { engine: 'hminimax', depth: '5', quiescence: true })), {
    algo: 'alphabeta',
    depth: 5,
    eval: true,
    tt: true,
    quiescence: true,
    order: 'heuristic',
    iterative: false,
    budget: NO_BUDGET,
  });
  assert.deepEqual(finalOptions('c4', checkConfig('c4', { engine: 'mcts', iterations: '300', c: '0.5', seed: '9' })), {
    algo: 'mcts',
    iterations: 300,
    c: 0.5,
    seed: 9,
  });
  assert.deepEqual(finalOptions('ttt', checkConfig('ttt', { engine: 'perfect' })), {
    algo: 'alphabeta',
    order: 'natural',
    tt: true,
    iterative: false,
  });
  assert.deepEqual(finalOptions('c4', checkConfig('c4', { engine: 'perfect' })), {
    algo: 'alphabeta',
    depth: 42,
    eval: true,
    tt: true,
    order: 'heuristic',
    iterative: false,
    budget: NO_BUDGET,
  });
});

test('search plans: deepening for depth-limited engines, chunks for MCTS, one search otherwise', () => {
  const deepen = searchPlan('c4', checkConfig('c4', { engine: 'hminimax', depth: 7 }));
  assert.equal(deepen.type, 'deepen');
  assert.equal(deepen.maxDepth, 7);
  assert.equal(deepen.budget, null);
  const strongest = searchPlan('c4', checkConfig('c4', { engine: 'perfect' }));
  assert.deepEqual([strongest.type, strongest.maxDepth, strongest.budget], ['deepen', 42, STRONGEST_BUDGET]);
  const mcts = searchPlan('ttt', checkConfig('ttt', { engine: 'mcts', iterations: 4000 }));
  assert.deepEqual([mcts.type, mcts.iterations, mcts.chunk], ['mcts', 4000, 100]);
  assert.equal(searchPlan('ttt', checkConfig('ttt', { engine: 'alphabeta' })).type, 'single');
  assert.equal(searchPlan('ttt', checkConfig('ttt', { engine: 'alphabeta', depth: 3 })).type, 'deepen');
});

test('bad settings are refused, naming the field', () => {
  assert.throws(() => checkConfig('c4', { engine: 'alphabeta', depth: '' }), /depth must be a whole number from 1 to 42$/);
  assert.equal(checkConfig('ttt', { engine: 'alphabeta', depth: '' }).depth, null);
  assert.throws(() => checkConfig('ttt', { engine: 'alphabeta', depth: '2.5' }), /depth must be a whole number from 1 to 42 \(or empty: to the end\)/);
  assert.throws(() => checkConfig('ttt', { engine: 'mcts', iterations: '0' }), /iterations must be a whole number from 1 to 1000000/);
  assert.throws(() => checkConfig('ttt', { engine: 'mcts', c: 'x' }), /C must be a number from 0 to 100/);
  assert.throws(() => checkConfig('ttt', { engine: 'mcts', seed: '-1' }), /seed must be a whole number/);
  assert.throws(() => checkConfig('ttt', { engine: 'chess' }), /unknown engine "chess"/);
});

test('engine labels', () => {
  assert.equal(engineLabel('c4', checkConfig('c4', { engine: 'hminimax', depth: 6, tt: true })), 'H-minimax (EVAL), depth 6, TT');
  assert.equal(engineLabel('ttt', checkConfig('ttt', { engine: 'alphabeta' })), 'α-β');
  assert.equal(engineLabel('ttt', checkConfig('ttt', { engine: 'mcts', iterations: 10, c: 1.414, seed: 3 })), 'MCTS, 10 iterations, C 1.414, seed 3');
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
