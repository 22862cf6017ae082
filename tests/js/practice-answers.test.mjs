// The practice cells as typed → the answers object the core grades (docs/embedding.md), and
// the key back into cells: exact objects.
import test from 'node:test';
import assert from 'node:assert/strict';
import { CellError, cellKey, cellText, collectAnswers, gradeRecord, keyCell, nodePaths, readCell, readNumber } from '../../www/lib/practice-answers.js';

const q = (path, label, field, kind) => ({ path, label, field, kind });

test('numbers: signs, a typographic minus, decimals; infinities only where a window allows them', () => {
  assert.equal(readNumber('3'), 3);
  assert.equal(readNumber(' -2.5 '), -2.5);
  assert.equal(readNumber('−4'), -4);
  assert.equal(readNumber('.5'), 0.5);
  assert.equal(readNumber('inf'), null);
  assert.equal(readNumber('∞', true), Infinity);
  assert.equal(readNumber('-inf', true), -Infinity);
  assert.equal(readNumber('−∞', true), -Infinity);
  assert.equal(readNumber('+Infinity', true), Infinity);
  assert.equal(readNumber('3x'), null);
  assert.equal(readNumber('1e3'), null);
});

test('α-β full: windows, values and marked edges become exactly the answers object', () => {
  const qs = [
    q('', 'A', 'values', 'number'),
    q('0', 'B', 'pruned', 'mark'),
    q('0', 'B', 'windows', 'window'),
    q('0', 'B', 'values', 'number'),
    q('0.0', 'b1', 'pruned', 'mark'),
    q('1', 'C', 'windows', 'window'),
    q('1', 'C', 'values', 'number'),
    q('1.1', 'c2', 'pruned', 'mark'),
  ];
  const cells = new Map([
    ['values:', '5'],
    ['pruned:0', false],
    ['windows:0', '-∞, ∞'],
    ['values:0', ' 5 '],
    ['pruned:0.0', false],
    ['windows:1', '[5, inf]'],
    ['values:1', ''],
    ['pruned:1.1', true],
  ]);
  const { answers, errors } = collectAnswers(qs, cells, ['windows', 'values', 'pruned']);
  assert.deepEqual(errors, []);
  assert.deepEqual(answers, { windows: { 0: [-Infinity, Infinity], 1: [5, Infinity] }, values: { '': 5, 0: 5 }, pruned: ['1.1'] });
});

test('max^n tuples, the choice, MCTS counts and orderings', () => {
  const qs = [q('', 'A', 'values', 'tuple'), q('', 'A', 'choice', 'child')];
  const r = collectAnswers(qs, new Map([['values:', '(1, 2, 6)'], ['choice:', '1']]), ['values', 'choice'], () => ({ players: 3 }));
  assert.deepEqual(r, { answers: { values: { '': [1, 2, 6] }, choice: '1' }, errors: [] });
  const m = collectAnswers(
    [q('0', 'B', 'values', 'number'), q('', 'A', 'choice', 'child'), q('', 'A', 'visits', 'counts'), q('1', 'C', 'visits', 'counts')],
    new Map([['values:0', '1.63'], ['choice:', ''], ['visits:', '5, 2'], ['visits:1', '']]),
    ['values', 'choice', 'visits'],
  );
  assert.deepEqual(m, { answers: { values: { 0: 1.63 }, visits: { '': [5, 2] } }, errors: [] });
  const o = collectAnswers([q('', 'A', 'order', 'permutation'), q('0', 'B', 'order', 'permutation')], new Map([['order:', '1 0'], ['order:0', '']]), ['order'], () => ({ children: 2 }));
  assert.deepEqual(o, { answers: { order: { '': [1, 0] } }, errors: [] });
});

test('unreadable cells are reported by node and field, and left out of the answers', () => {
  const qs = [q('', 'A', 'values', 'number'), q('0', 'B', 'windows', 'window'), q('', 'A', 'values', 'tuple')];
  const { answers, errors } = collectAnswers(qs.slice(0, 2), new Map([['values:', 'seven'], ['windows:0', '3']]), ['windows', 'values']);
  assert.deepEqual(answers, { windows: {}, values: {} });
  assert.ok(errors.every((e) => e instanceof CellError));
  assert.deepEqual(
    errors.map((e) => [e.key, e.message]),
    [
      ['values:', 'A (values): type a number, like 3 or -2.5 (got "seven")'],
      ['windows:0', 'B (windows): type α and β separated by a comma, like -∞, 3 (inf or ∞ for infinity)'],
    ],
  );
  assert.throws(() => readCell(qs[1], '3'), { message: 'B (windows): type α and β separated by a comma, like -∞, 3 (inf or ∞ for infinity)' });
  assert.throws(() => readCell(q('', 'A', 'values', 'tuple'), '1, 2', { players: 3 }), { message: 'A (values): type 3 numbers, one per player (got 2)' });
  assert.throws(() => readCell(q('', 'A', 'order', 'permutation'), '0', { children: 3 }), { message: 'A (order): type each of the 3 children once (0 – 2)' });
});

test('the key back into cells (Reveal): the text a student would type', () => {
  assert.equal(cellText(q('0', 'B', 'windows', 'window'), [-Infinity, 3]), '-∞, 3');
  assert.equal(cellText(q('0', 'B', 'values', 'number'), 3.2), '3.2');
  assert.equal(cellText(q('', 'A', 'values', 'tuple'), [9, 9, 0]), '9, 9, 0');
  assert.equal(cellText(q('1.1', 'c2', 'pruned', 'mark'), true), true);
  assert.equal(cellText(q('', 'A', 'choice', 'child'), '1'), '1');
  assert.equal(cellText(q('0', 'B', 'values', 'number'), null), '');
  const key = { values: { '': 5 }, windows: { 1: [5, Infinity] }, pruned: ['1.1'], choice: '0', order: { '': [1, 0] } };
  assert.equal(keyCell(q('', 'A', 'values', 'number'), key), '5');
  assert.equal(keyCell(q('1', 'C', 'windows', 'window'), key), '5, ∞');
  assert.equal(keyCell(q('1.1', 'c2', 'pruned', 'mark'), key), true);
  assert.equal(keyCell(q('1.0', 'c1', 'pruned', 'mark'), key), false);
  assert.equal(keyCell(q('', 'A', 'choice', 'child'), key), '0');
  assert.equal(keyCell(q('', 'A', 'order', 'permutation'), key), '1, 0');
  assert.equal(keyCell(q('0', 'B', 'values', 'number'), key), '');
  assert.equal(cellKey(q('0.1', 'x', 'pruned', 'mark')), 'pruned:0.1');
});

test('node paths from GameTree.nodes(): the root is "", then child indices joined by dots', () => {
  const nodes = [
    { id: 0, parent: -1, children: [1, 4] },
    { id: 1, parent: 0, children: [2, 3] },
    { id: 2, parent: 1, children: [] },
    { id: 3, parent: 1, children: [] },
    { id: 4, parent: 0, children: [5] },
    { id: 5, parent: 4, children: [] },
  ];
  assert.deepEqual(nodePaths(nodes), ['', '0', '0.0', '0.1', '1', '1.0']);
});

test('the grade record an LMS keeps: exactly the documented fields', () => {
  const g = {
    task: 'alphabeta-leaves',
    seed: null,
    tree: '[[1,2]]',
    score: 1,
    max: 2,
    done: false,
    mistakes: [{ node: '0.1', label: 'b2', field: 'pruned', expected: true, got: false, misconception: 'strict-tie', explanation: 'x', event: 9 }],
    correct: [{ field: 'pruned', node: '0.0' }],
    firstWrong: { node: '0.1' },
    summary: 's',
  };
  assert.deepEqual(gradeRecord(g), {
    task: 'alphabeta-leaves',
    seed: null,
    tree: '[[1,2]]',
    score: 1,
    max: 2,
    done: false,
    mistakes: [{ node: '0.1', field: 'pruned', expected: true, got: false, misconception: 'strict-tie' }],
  });
});
