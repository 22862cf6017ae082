// Engine presets, search plans, the lesson menu and the ordering reference sizes.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  ENGINE_FIELDS,
  ENGINE_IDS,
  ENGINE_NAMES,
  checkConfig,
  defaultConfig,
  engineLabel,
  finalOptions,
  searchPlan,
} from '../../www/lib/engines.js';
import { LESSON_TREES, POSITION_SOURCES } from '../../www/lib/lessons.js';
import { approx, orderingReference, ordersFor } from '../../www/lib/complexity.js';
import { api } from './wasm.mjs';

// The budgets come from the module (one source: crates/plyground/src/limits.rs).
const { maxBudget: NO_BUDGET, perfectFallbackBudget: PERFECT_FALLBACK_BUDGET, solveGameBudget: SOLVE_BUDGET } = api.limits();

test('defaults per game, and checkConfig turns form text into a typed config', () => {
  const c4 = { tt: false, quiescence: false, iterations: 5000, c: 1.414, seed: 1 };
  const ttt = { tt: false, quiescence: false, iterations: 2000, c: 1.414, seed: 1 };
  assert.deepEqual(defaultConfig('c4', 'hminimax'), { ...c4, engine: 'hminimax', depth: 6, tt: true });
  assert.deepEqual(defaultConfig('ttt', 'hminimax'), { ...ttt, engine: 'hminimax', depth: 4, tt: true });
  assert.deepEqual(defaultConfig('c4', 'alphabeta'), { ...c4, engine: 'alphabeta', depth: 6 });
  assert.deepEqual(defaultConfig('ttt', 'alphabeta'), { ...ttt, engine: 'alphabeta', depth: null });
  assert.deepEqual(defaultConfig('ttt', 'perfect'), { ...ttt, engine: 'perfect', depth: null });
  // Numbers typed into the form become numbers; checkboxes become booleans; fields the
  // engine does not have are left as given.
  assert.deepEqual(checkConfig('c4', { engine: 'hminimax', depth: '5', tt: '', quiescence: 1 }), {
    ...c4,
    engine: 'hminimax',
    depth: 5,
    tt: false,
    quiescence: true,
  });
  assert.deepEqual(checkConfig('ttt', { engine: 'mcts', iterations: '300', c: '0.5', seed: '9' }), {
    ...ttt,
    engine: 'mcts',
    depth: null,
    iterations: 300,
    c: 0.5,
    seed: 9,
  });
  // H-minimax always has a depth: empty means the game's default.
  assert.equal(checkConfig('ttt', { engine: 'hminimax', depth: '' }).depth, 4);
  assert.equal(checkConfig('c4', { engine: 'alphabeta', depth: '42' }).depth, 42);
  // The settings the page shows for an engine are exactly the ones checkConfig checks.
  for (const id of ENGINE_IDS) {
    for (const field of ['depth', 'iterations', 'c', 'seed']) {
      const bad = () => checkConfig('c4', { engine: id, [field]: 'x' });
      if (ENGINE_FIELDS[id].includes(field)) assert.throws(bad, new RegExp(`^Error: ${field === 'c' ? 'C' : field} must be`), `${id}.${field}`);
      else assert.doesNotThrow(bad, `${id}.${field}`);
    }
  }
  assert.equal(ENGINE_NAMES.perfect, 'Perfect');
  assert.throws(() => finalOptions('ttt', defaultConfig('ttt', 'human')), /^Error: engine "human" does not search$/);
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
  // With the solver in the module, Perfect on Connect-4 is the solver (tic-tac-toe keeps α-β).
  assert.deepEqual(finalOptions('c4', checkConfig('c4', { engine: 'perfect' }), { solver: true }), {
    algo: 'solve',
    budget: SOLVE_BUDGET,
  });
  assert.deepEqual(finalOptions('ttt', checkConfig('ttt', { engine: 'perfect' }), { solver: true }), {
    algo: 'alphabeta',
    order: 'natural',
    tt: true,
    iterative: false,
  });
  // A depth on tic-tac-toe α-β: the limited search, every option spelled out.
  assert.deepEqual(finalOptions('ttt', checkConfig('ttt', { engine: 'alphabeta', depth: '3' })), {
    algo: 'alphabeta',
    depth: 3,
    eval: false,
    tt: false,
    order: 'natural',
    iterative: false,
    budget: NO_BUDGET,
  });
});

test('search plans: deepening for depth-limited engines, chunks for MCTS, the solver with a fallback, one search otherwise', () => {
  const hminimax = checkConfig('c4', { engine: 'hminimax', depth: 7 });
  assert.deepEqual(searchPlan('c4', hminimax), {
    type: 'deepen',
    maxDepth: 7,
    budget: null,
    options: finalOptions('c4', hminimax),
  });
  assert.equal(finalOptions('c4', hminimax).depth, 7);
  const fallback = {
    type: 'deepen',
    maxDepth: 42,
    budget: PERFECT_FALLBACK_BUDGET,
    options: { algo: 'alphabeta', depth: 42, eval: true, tt: true, order: 'heuristic', iterative: false, budget: NO_BUDGET },
  };
  const perfect = checkConfig('c4', { engine: 'perfect' });
  assert.deepEqual(searchPlan('c4', perfect), fallback);
  assert.deepEqual(searchPlan('c4', perfect, { solver: true }), {
    type: 'solve',
    budget: SOLVE_BUDGET,
    options: { algo: 'solve', budget: SOLVE_BUDGET },
    fallback,
  });
  // MCTS in chunks of max(50, ⌈iterations / 40⌉).
  assert.deepEqual(searchPlan('ttt', checkConfig('ttt', { engine: 'mcts', iterations: 4000 })), {
    type: 'mcts',
    iterations: 4000,
    chunk: 100,
    options: { algo: 'mcts', iterations: 4000, c: 1.414, seed: 1 },
  });
  assert.equal(searchPlan('ttt', checkConfig('ttt', { engine: 'mcts', iterations: 1000 })).chunk, 50);
  assert.equal(searchPlan('ttt', checkConfig('ttt', { engine: 'mcts', iterations: 4001 })).chunk, 101);
  assert.deepEqual(searchPlan('ttt', checkConfig('ttt', { engine: 'alphabeta' })), {
    type: 'single',
    options: { algo: 'alphabeta', order: 'natural', tt: false, iterative: false },
  });
  assert.deepEqual(searchPlan('ttt', checkConfig('ttt', { engine: 'minimax' })), { type: 'single', options: { algo: 'minimax' } });
  assert.deepEqual(searchPlan('ttt', checkConfig('ttt', { engine: 'alphabeta', depth: 3 })), {
    type: 'deepen',
    maxDepth: 3,
    budget: null,
    options: { algo: 'alphabeta', depth: 3, eval: false, tt: false, order: 'natural', iterative: false, budget: NO_BUDGET },
  });
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
  assert.equal(engineLabel('c4', checkConfig('c4', { engine: 'alphabeta', depth: 8 })), 'α-β, depth 8');
  assert.equal(engineLabel('c4', checkConfig('c4', { engine: 'perfect' })), 'Perfect');
  assert.equal(engineLabel('ttt', checkConfig('ttt', { engine: 'perfect' })), 'Perfect (exact α-β with TT)');
});

/** The fixture corpus (tests/fixtures/lessons.txt): name → {tree, transform, algorithms, value}. */
function lessonFixtures() {
  const text = readFileSync(new URL('../fixtures/lessons.txt', import.meta.url), 'utf8');
  const out = new Map();
  for (const block of text.split(/\n\s*\n/)) {
    const f = {};
    for (const line of block.split('\n')) {
      if (line.startsWith('#') || !line.includes(':')) continue;
      const i = line.indexOf(':');
      f[line.slice(0, i).trim()] = line.slice(i + 1).trim();
    }
    if (f.name) out.set(f.name, f);
  }
  return out;
}

/** Tree text without comments and blanks; an explicit `max` at the root is the default. */
const canonical = (t) => t.replace(/#.*$/gm, '').replace(/\s+/g, '').replace(/^max\[/, '[');

test('the lesson menu is the corpus’s worked examples, each with an algorithm the corpus says applies', () => {
  const fixtures = lessonFixtures();
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
  assert.deepEqual(ordersFor(true), ['natural', 'reverse', 'random', 'best', 'heuristic', 'killer', 'history']);
});
