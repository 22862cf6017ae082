// Practice links and attributes (index.html#practice?…, <ply-practice>, embed.html#view=practice):
// the parameters read to exact states, the options handed to Practice.create, and back to links.
import test from 'node:test';
import assert from 'node:assert/strict';
import { PARAM_NAMES, parseStateString, practiceOptions, readState, stateToString } from '../../www/lib/figure-state.js';
import { elementSnippet, playgroundUrl } from '../../www/lib/snippets.js';
import { FIG_5_2 } from '../fixtures/lessons.mjs';

const BASE = 'https://example.org/ply/';

test('the issue\'s link reads to an exact state and to exactly the options of Practice.create', () => {
  const s = parseStateString('task=alphabeta-leaves&seed=7&depth=3&branching=2-3&cutoffs=2&tie=nonstrict', 'practice');
  assert.deepEqual(s, {
    view: 'practice',
    theme: 'auto',
    origin: null,
    task: 'alphabeta-leaves',
    tree: null,
    seed: 7,
    difficulty: 'exam',
    depth: 3,
    branching: '2-3',
    values: null,
    decimals: null,
    chance: null,
    players: null,
    cutoffs: 2,
    uniqueBest: null,
    tieSensitive: null,
    worstOrder: null,
    tie: 'nonstrict',
    c: null,
    height: null,
  });
  assert.deepEqual(practiceOptions(s), { task: 'alphabeta-leaves', difficulty: 'exam', depth: 3, branching: '2-3', cutoffs: 2, seed: 7, tie: 'nonstrict' });
  assert.equal(stateToString(s, { withView: false }), 'task=alphabeta-leaves&seed=7&depth=3&branching=2-3&cutoffs=2');
  assert.equal(playgroundUrl(s, BASE), `${BASE}index.html#practice?task=alphabeta-leaves&seed=7&depth=3&branching=2-3&cutoffs=2`);
});

test('defaults: α-β leaves, seed 1, exam, the non-strict rule', () => {
  const s = readState('practice', () => null);
  assert.deepEqual(practiceOptions(s), { task: 'alphabeta-leaves', difficulty: 'exam', seed: 1, tie: 'nonstrict' });
  assert.equal(stateToString(s), 'view=practice&task=alphabeta-leaves');
});

test('every generator option, typed; kebab-case names for the booleans', () => {
  const s = parseStateString(
    'view=practice&task=maxn&seed=4294967295&difficulty=hard&depth=6&branching=3&values=-5..5&decimals=true&chance=false&players=3&cutoffs=0&unique-best=yes&tie-sensitive=0&worst-order=off&tie=strict&c=0.7',
  );
  assert.deepEqual(practiceOptions(s), {
    task: 'maxn',
    difficulty: 'hard',
    depth: 6,
    branching: '3',
    values: '-5..5',
    decimals: true,
    chance: false,
    players: 3,
    cutoffs: 0,
    uniqueBest: true,
    tieSensitive: false,
    worstOrder: false,
    seed: 4294967295,
    tie: 'strict',
    c: 0.7,
  });
  // Written back and read again: the same state.
  assert.deepEqual(parseStateString(stateToString(s)), s);
});

test('a given tree: no seed unless named, and no generator option beside it', () => {
  const s = parseStateString(`view=practice&task=minimax&tree=${FIG_5_2}`);
  assert.equal(s.seed, null);
  assert.deepEqual(practiceOptions(s), { task: 'minimax', tree: FIG_5_2, tie: 'nonstrict' });
  assert.equal(stateToString(s), `view=practice&task=minimax&tree=${FIG_5_2}`);
  const seeded = parseStateString('view=practice&task=minimax&tree=[1,2]&seed=1');
  assert.deepEqual(practiceOptions(seeded), { task: 'minimax', tree: '[1,2]', seed: 1, tie: 'nonstrict' });
  assert.equal(stateToString(seeded), 'view=practice&task=minimax&tree=[1,2]&seed=1');
  assert.throws(() => parseStateString('view=practice&task=minimax&tree=[1,2]&depth=2'), /^ParamError: depth: is a generator option: give either a tree or generator options, not both$/);
  assert.throws(() => parseStateString('view=practice&task=minimax&tree=[1,2]&difficulty=easy'), /^ParamError: difficulty: is a generator option/);
  // The element snippet keeps the tree an attribute (the element's text is not read).
  assert.equal(elementSnippet(s, BASE, { script: false }), `<ply-practice task="minimax" tree="${FIG_5_2}"></ply-practice>`);
});

test('bad values name the parameter and the reason', () => {
  const bad = [
    ['task=alphabeta', /^task: unknown value 'alphabeta' \(expected 'minimax', 'alphabeta-leaves', /],
    ['depth=7', /^depth: expected a whole number from 1 to 6, got '7'$/],
    ['depth=0', /^depth: expected a whole number from 1 to 6/],
    ['branching=2-', /^branching: expected a number of children like 2 or a range like 2-3, got '2-'$/],
    ['branching=10', /^branching: /],
    ['values=0-9', /^values: expected a range like 0\.\.9 or -5\.\.5, got '0-9'$/],
    ['players=5', /^players: expected a whole number from 2 to 4, got '5'$/],
    ['cutoffs=-1', /^cutoffs: expected a whole number from 0 to 50/],
    ['unique-best=maybe', /^unique-best: expected true or false, got 'maybe'$/],
    ['difficulty=medium', /^difficulty: unknown value 'medium' \(expected 'easy', 'exam', 'hard'\)$/],
    ['c=-1', /^c: expected a number from 0 to 100, got '-1'$/],
    ['step=3', /^step: not a parameter of a practice figure/],
  ];
  for (const [q, re] of bad) assert.throws(() => parseStateString(`view=practice&${q}`), new RegExp(`^ParamError: ${re.source.slice(1)}`), q);
});

test('the practice parameters are exactly these', () => {
  assert.deepEqual(PARAM_NAMES.practice, [
    'task', 'tree', 'seed', 'difficulty', 'depth', 'branching', 'values', 'decimals', 'chance', 'players', 'cutoffs',
    'unique-best', 'tie-sensitive', 'worst-order', 'tie', 'c', 'theme', 'height', 'origin',
  ]);
});
