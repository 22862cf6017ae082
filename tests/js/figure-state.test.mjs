// A figure's parameters: read from URLs, attributes and messages with limits, written back
// for links and snippets, and read again to the same state.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  LIMITS,
  ParamError,
  checkStep,
  checkSteps,
  encodeValue,
  engineSpec,
  parseStateString,
  quote,
  readControls,
  readEngine,
  readState,
  splitParams,
  stateParams,
  stateToString,
} from '../../www/lib/figure-state.js';
import './wasm.mjs'; // the figure parameters' limits come from the module

import { installEngines } from '../../www/lib/engines.js';
import { FIG_5_2 as FIG } from '../fixtures/lessons.mjs';

installEngines(); // engine specs are checked by the module's catalogue

const fromObject = (view, o) => readState(view, (k) => o[k] ?? null);
const errorOf = (fn) => {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof ParamError, `a ParamError, got ${e}`);
    return e.message;
  }
  assert.fail('no error');
};

test('a fragment splits into decoded parameters; + stays +; repeats, bad escapes and bad names are refused', () => {
  const m = splitParams('#view=tree&tree=%5B1%2C2%5D&x=a+b&flag');
  assert.deepEqual([...m], [
    ['view', 'tree'],
    ['tree', '[1,2]'],
    ['x', 'a+b'],
    ['flag', ''],
  ]);
  assert.deepEqual([...splitParams('?algorithm=minimax')], [['algo', 'minimax']], 'algorithm is an alias of algo');
  assert.equal(splitParams('').size, 0);
  assert.equal(errorOf(() => splitParams('step=1&step=2')), 'step: given twice');
  assert.match(errorOf(() => splitParams('tree=%E0%A4%A')), /malformed %-escape/);
  assert.match(errorOf(() => splitParams('__proto__=1')), /'__proto__' is not a parameter name/);
  assert.match(errorOf(() => splitParams('<script>=1')), /'<script>' is not a parameter name/);
  // A 64 KiB tree with every character percent-encoded still fits; 204,801 characters do not.
  assert.doesNotThrow(() => splitParams(`view=tree&step=end&tree=${'%5B'.repeat(65_536)}`));
  assert.equal(errorOf(() => splitParams('x'.repeat(204_801))), 'the URL is too long (204,801 characters; at most 204,800)');
});

test('a tree state: defaults, a game position instead, and the checks on every field', () => {
  const s = fromObject('tree', { tree: FIG });
  assert.deepEqual(s, {
    view: 'tree',
    theme: 'auto',
    origin: null,
    source: 'tree',
    tree: FIG,
    moves: '',
    depth: null,
    eval: true,
    tt: false,
    quiescence: false,
    singular: null,
    beam: null,
    algo: null,
    tie: 'nonstrict',
    order: null,
    seed: 1,
    cap: 20000,
    step: 0,
    steps: null,
    loop: false,
    boards: false,
    controls: ['step', 'play', 'scrubber', 'narration', 'counters', 'result'],
    speed: 4,
    autoplay: false,
    predict: null,
    height: null,
  });
  const g = fromObject('tree', { game: 'c4', moves: ' 4453 ', depth: '2', quiescence: '', eval: 'off', step: 'end' });
  assert.equal(g.source, 'c4');
  assert.equal(g.moves, '4453');
  assert.equal(g.depth, 2);
  assert.equal(g.quiescence, true, 'present with no value is true');
  assert.equal(g.eval, false);
  assert.equal(g.step, 'end');
  assert.match(errorOf(() => fromObject('tree', {})), /^tree: missing/);
  assert.match(errorOf(() => fromObject('tree', { tree: FIG, game: 'ttt' })), /either a tree or a game/);
  // A tree takes a depth (H-minimax with the inner nodes' written evaluations), not EVAL/TT/quiescence switches.
  assert.equal(fromObject('tree', { tree: FIG, depth: '3' }).depth, 3);
  assert.match(errorOf(() => fromObject('tree', { tree: FIG, tt: '' })), /^tt: applies to a game position/);
  assert.match(errorOf(() => fromObject('tree', { tree: FIG, eval: 'off' })), /^eval: applies to a game position/);
  // Singular extensions and beam search (α-β options of H-minimax).
  const h = fromObject('tree', { tree: FIG, depth: '2', singular: ' 2:1 ', beam: '2' });
  assert.deepEqual([h.singular, h.beam], [{ margin: 2, extra: 1 }, 2]);
  assert.deepEqual(fromObject('tree', { tree: FIG, singular: '0.5' }).singular, { margin: 0.5, extra: 1 });
  assert.equal(fromObject('tree', { tree: FIG }).singular, null);
  assert.match(errorOf(() => fromObject('tree', { tree: FIG, singular: '2:0' })), /^singular: expected MARGIN or MARGIN:EXTRA/);
  assert.match(errorOf(() => fromObject('tree', { tree: FIG, singular: '-1' })), /^singular: expected MARGIN or MARGIN:EXTRA/);
  assert.match(errorOf(() => fromObject('tree', { tree: FIG, beam: '0' })), /^beam: expected a whole number from 1 to 100,000/);
  assert.match(errorOf(() => fromObject('tree', { tree: FIG, algo: 'eval' })), /^algo: unknown value 'eval'/);
  assert.match(errorOf(() => fromObject('tree', { tree: FIG, step: '-1' })), /^step: expected a whole number from 0/);
  assert.match(errorOf(() => fromObject('tree', { tree: FIG, step: '1e3' })), /^step: /);
  assert.match(errorOf(() => fromObject('tree', { tree: FIG, seed: '4294967296' })), /^seed: /);
  assert.match(errorOf(() => fromObject('tree', { tree: FIG, cap: '9' })), /^cap: expected a whole number from 10 to 100,000/);
  assert.match(errorOf(() => fromObject('tree', { game: 'chess' })), /^game: unknown value 'chess'/);
  assert.match(errorOf(() => fromObject('tree', { game: 'c4', depth: '43' })), /^depth: /);
  assert.match(errorOf(() => fromObject('tree', { tree: FIG, autoplay: 'maybe' })), /^autoplay: expected true or false/);
  assert.match(errorOf(() => fromObject('tree', { tree: FIG, theme: 'neon' })), /^theme: /);
});

test('size limits: tree text up to 64 KiB, move strings up to 200 characters', () => {
  const big = `[${'1,'.repeat(32_766)}10]`; // 65,536 characters: the most a tree text may have
  assert.equal(big.length, 65_536);
  assert.equal(LIMITS.tree, 65_536);
  assert.equal(fromObject('tree', { tree: big }).tree, big);
  assert.equal(errorOf(() => fromObject('tree', { tree: `${big} ` })), 'tree: too long (65,537 characters; at most 65,536)');
  assert.equal(fromObject('tree', { game: 'c4', moves: '4'.repeat(200) }).moves.length, 200);
  assert.match(errorOf(() => fromObject('tree', { game: 'c4', moves: '4'.repeat(201) })), /^moves: too long/);
  assert.match(errorOf(() => fromObject('game', { x: 'alphabeta'.repeat(30) })), /^x: too long/);
});

test('predict: all or a list of the view\'s question kinds, written back as a list', () => {
  assert.deepEqual(fromObject('tree', { tree: FIG, predict: 'all' }).predict, ['windows', 'prune', 'returns']);
  assert.deepEqual(fromObject('tree', { tree: FIG, predict: ' returns, windows,returns ' }).predict, ['returns', 'windows']);
  assert.equal(fromObject('tree', { tree: FIG, predict: 'none' }).predict, null);
  assert.deepEqual(fromObject('mcts', { tree: FIG, predict: 'all' }).predict, ['select', 'backup']);
  assert.equal(
    errorOf(() => fromObject('tree', { tree: FIG, predict: 'windows,select' })),
    "predict: unknown question kind 'select' (expected windows, prune, returns, or all or none)",
  );
  assert.equal(
    errorOf(() => fromObject('mcts', { tree: FIG, predict: 'prune' })),
    "predict: unknown question kind 'prune' (expected select, backup, or all or none)",
  );
  const s = fromObject('tree', { tree: FIG, predict: 'prune,returns' });
  assert.equal(stateToString(s, { withView: false }), `tree=${FIG}&predict=prune,returns`);
  assert.deepEqual(parseStateString(stateToString(s), null), s);
  const all = fromObject('mcts', { tree: FIG, predict: 'select,backup' });
  assert.match(stateToString(all), /&predict=select,backup$/);
  assert.deepEqual(parseStateString(stateToString(all), null), all);
});

test('controls: a list, all or none; unknown names are refused', () => {
  assert.deepEqual(readControls('tree', 'step, play  pseudocode,step'), ['step', 'play', 'pseudocode']);
  assert.deepEqual(readControls('tree', 'none'), []);
  // The defaults and the full lists are the ones docs/embedding.md documents (its `controls`
  // rows, in the order tree, game, MCTS).
  const doc = readFileSync(new URL('../../docs/embedding.md', import.meta.url), 'utf8');
  const rows = doc.split('\n').filter((l) => l.startsWith('| `controls` | any of'));
  assert.equal(rows.length, 3);
  ['tree', 'game', 'mcts'].forEach((view, i) => {
    const cells = rows[i].split('|').map((c) => c.trim());
    const list = (cell) => cell.replace(/`/g, '').split(',').map((w) => w.trim());
    assert.deepEqual(readControls(view, null), list(cells[3]), `${view}: default controls`);
    assert.deepEqual(readControls(view, 'all'), list(cells[2].replace(/^any of (.*), or .*$/, '$1')), `${view}: all controls`);
  });
  assert.match(errorOf(() => readControls('tree', 'step,<b>')), /^controls: unknown control '<b>' for a tree figure/);
});

test('height and origin', () => {
  assert.equal(fromObject('tree', { tree: FIG, height: '300' }).height, '300px');
  assert.equal(fromObject('tree', { tree: FIG, height: '20em' }).height, '20em');
  assert.equal(fromObject('tree', { tree: FIG, height: '50vh' }).height, '50vh');
  assert.match(errorOf(() => fromObject('tree', { tree: FIG, height: '1e9' })), /^height: expected a length/);
  assert.match(errorOf(() => fromObject('tree', { tree: FIG, height: '99999' })), /^height: expected a length/);
  assert.match(errorOf(() => fromObject('tree', { tree: FIG, height: '10px' })), /out of range/);
  assert.match(errorOf(() => fromObject('tree', { tree: FIG, height: 'calc(100%)' })), /^height: /);
  assert.equal(fromObject('tree', { tree: FIG, origin: 'https://lessons.example.org' }).origin, 'https://lessons.example.org');
  assert.equal(fromObject('tree', { tree: FIG, origin: '*' }).origin, null);
  assert.match(errorOf(() => fromObject('tree', { tree: FIG, origin: 'javascript:alert(1)' })), /^origin: /);
  assert.match(errorOf(() => fromObject('tree', { tree: FIG, origin: 'https://a.org/path' })), /^origin: /);
});

test('engines: specs with options, checked per game; written back without defaults', () => {
  const h = readEngine('x', 'hminimax,depth=2,quiescence', 'c4', 'human');
  assert.equal(h.engine, 'hminimax');
  assert.equal(h.depth, 2);
  assert.equal(h.quiescence, true);
  assert.equal(h.tt, true, 'the default of H-minimax');
  assert.equal(engineSpec('c4', h), 'hminimax,depth=2,quiescence');
  assert.equal(engineSpec('c4', readEngine('x', 'hminimax depth=2 tt=false', 'c4', 'human')), 'hminimax,depth=2,tt=false');
  const m = readEngine('o', 'mcts, iterations=500, c=0.5, seed=9', 'ttt', 'human');
  assert.deepEqual([m.iterations, m.c, m.seed], [500, 0.5, 9]);
  assert.equal(engineSpec('ttt', m), 'mcts,iterations=500,c=0.5,seed=9');
  assert.equal(readEngine('x', null, 'ttt', 'human').engine, 'human');
  assert.match(errorOf(() => readEngine('x', 'stockfish', 'ttt', 'human')), /^x: unknown engine 'stockfish'/);
  assert.match(errorOf(() => readEngine('x', 'minimax', 'c4', 'human')), /^x: minimax searches to the end/);
  assert.match(errorOf(() => readEngine('o', 'alphabeta,iterations=5', 'ttt', 'human')), /^o: 'iterations' is not an option of alphabeta \(options: depth\)/);
  assert.match(errorOf(() => readEngine('o', 'human,depth=3', 'ttt', 'human')), /it has none/);
  assert.match(errorOf(() => readEngine('o', 'hminimax,depth=0', 'c4', 'human')), /^o: depth must be a whole number from 1 to 42/);
  assert.match(errorOf(() => readEngine('o', 'mcts,c=NaN', 'c4', 'human')), /^o: C must be a number/);
});

test('every view round-trips through a URL: the same state comes back', () => {
  const states = [
    fromObject('tree', { tree: FIG }),
    fromObject('tree', { tree: 'max[chance[0.5: 10, 0.5: -4]]  # a comment & = ? % √', algo: 'expectiminimax', step: '12', controls: 'step,narration', theme: 'dark' }),
    fromObject('tree', { game: 'c4', moves: '634327443434467221527331152655', depth: '2', quiescence: 'true', order: 'heuristic', cap: '500', step: 'end', boards: '', height: '20em' }),
    fromObject('tree', { tree: FIG, tie: 'strict', order: 'random', seed: '7', speed: '12', autoplay: '' }),
    fromObject('game', { game: 'c4', moves: '4453', x: 'human', o: 'hminimax,depth=6,quiescence', scores: '', pace: '0', controls: 'none' }),
    fromObject('game', {}),
    fromObject('mcts', { game: 'ttt', moves: '4,0,8', c: '0.7', seed: '3', iterations: '40', phase: 'expand', selected: '2', n: '10' }),
    fromObject('mcts', { tree: FIG, origin: 'http://127.0.0.1:8000' }),
    fromObject('ucb', { parent: '250', c: '2', children: '1/2, 3/4' }),
    fromObject('compare', { game: 'c4', moves: '4453', depth: '6', autoplay: 'true', controls: 'none' }),
    fromObject('tree', { tree: FIG, steps: '12-16', loop: '' }),
  ];
  for (const s of states) {
    const url = stateToString(s);
    assert.deepEqual(parseStateString(url), s, url);
    assert.deepEqual(parseStateString(`#${url}`), s);
    // Playground links carry the view in the hash's name instead.
    assert.deepEqual(parseStateString(stateToString(s, { withView: false }), s.view), s);
  }
  assert.equal(stateToString(states[0]), `view=tree&tree=${FIG}`);
  assert.equal(stateToString(states[4]), 'view=game&game=c4&moves=4453&x=human&o=hminimax,quiescence&scores=true&pace=0&controls=none'.replace('hminimax,quiescence', 'hminimax,quiescence'));
});

test('values are encoded so that only what must be escaped is', () => {
  assert.equal(encodeValue('[1, 2]'), '[1,%202]');
  assert.equal(encodeValue('a&b=c#d?e+f%'), 'a%26b=c%23d%3Fe%2Bf%25');
  assert.equal(encodeValue('hminimax,depth=6'), 'hminimax,depth=6');
  assert.equal(decodeURIComponent(encodeValue('√ ∞ <img>')), '√ ∞ <img>');
});

test('URLs: the view is checked, and a view only takes its own parameters', () => {
  assert.match(errorOf(() => parseStateString('view=<script>alert(1)</script>')), /^view: unknown view '<script>alert\(1\)<\/script>'/);
  assert.match(errorOf(() => parseStateString('view=game&tree=[1]')), /^tree: not a parameter of a game figure/);
  assert.match(errorOf(() => parseStateString('tree=[1]&constructor=1')), /^constructor: not a parameter of a tree figure/);
  assert.match(errorOf(() => parseStateString('view=tree&tree=[1]', 'tree')), /^view: not a parameter/);
  assert.equal(parseStateString('tree=[1]').view, 'tree', 'a tree figure by default');
});

test('a step is checked against the recorded search', () => {
  // Figure 5.2 under α-β: 29 steps (a leaf is one).
  assert.equal(checkStep('end', 29), 29);
  assert.equal(checkStep(29, 29), 29);
  assert.equal(checkStep(0, 29), 0);
  assert.equal(errorOf(() => checkStep(30, 29)), 'step: step 30 is past the end of the search (29 steps)');
});

test('a step range: steps=from-to, stops or loops, checked against the recorded search', () => {
  const s = fromObject('tree', { tree: FIG, steps: ' 12-16 ', loop: '' });
  assert.deepEqual([s.steps, s.loop], [{ from: 12, to: 16 }, true]);
  assert.deepEqual(fromObject('tree', { tree: FIG, steps: '3-3' }).steps, { from: 3, to: 3 });
  assert.equal(fromObject('tree', { tree: FIG }).steps, null);
  assert.equal(stateToString(s), `view=tree&tree=${FIG}&steps=12-16&loop=true`);
  assert.equal(errorOf(() => fromObject('tree', { tree: FIG, steps: '16-12' })), 'steps: the range must start before it ends (16 > 12)');
  assert.equal(errorOf(() => fromObject('tree', { tree: FIG, steps: '12' })), "steps: expected a range of steps like 12-23, got '12'");
  assert.equal(errorOf(() => fromObject('tree', { tree: FIG, steps: '-3-4' })), "steps: expected a range of steps like 12-23, got '-3-4'");
  assert.equal(errorOf(() => fromObject('tree', { tree: FIG, steps: '1-99999999' })), "steps: the range ends past 10,000,000, got '1-99999999'");
  assert.equal(errorOf(() => fromObject('tree', { tree: FIG, loop: 'maybe' })), "loop: expected true or false, got 'maybe'");
  assert.match(errorOf(() => parseStateString('view=game&steps=1-2')), /^steps: not a parameter of a game figure/);
  // Against Figure 5.2's 29 steps: the figure starts at the range's start unless step= is inside it.
  assert.deepEqual(checkSteps(s, 29), { range: { from: 12, to: 16, loop: true }, step: 12 });
  assert.deepEqual(checkSteps({ ...s, step: 14 }, 29), { range: { from: 12, to: 16, loop: true }, step: 14 });
  assert.deepEqual(checkSteps({ ...s, steps: null, step: 'end' }, 29), { range: null, step: 29 });
  assert.equal(errorOf(() => checkSteps({ ...s, step: 20 }, 29)), 'step: step 20 is outside steps=12-16');
  assert.equal(errorOf(() => checkSteps({ ...s, steps: { from: 12, to: 30 } }, 29)), 'steps: steps=12-30 ends past the end of the search (29 steps)');
  assert.deepEqual(checkSteps({ ...s, steps: { from: 0, to: 29 }, loop: false }, 29), { range: { from: 0, to: 29, loop: false }, step: 0 });
});

test('error messages quote at most 40 characters and no control characters', () => {
  assert.equal(quote('a\nb'), "'a?b'");
  assert.equal(quote('x'.repeat(50)), `'${'x'.repeat(40)}…'`);
  const msg = errorOf(() => fromObject('tree', { tree: FIG, order: `${'<img src=x onerror=alert(1)>'.repeat(3)}` }));
  assert.ok(msg.length < 200, msg);
});

test('stateParams spells algo as algorithm for attributes', () => {
  const s = fromObject('tree', { tree: FIG, algo: 'minimax' });
  assert.deepEqual(stateParams(s, { names: 'attributes' }), [
    ['tree', FIG],
    ['algorithm', 'minimax'],
  ]);
});
