// The notation every figure writes (lib/notation.js) and the palettes it is drawn in
// (lib/tree-style.js): DOM-free, under node --test.

import test from 'node:test';
import assert from 'node:assert/strict';
import { defaultStyle } from '../../www/lib/tree-style.js';
import { count, formatValue, formatWindow, formatVector, MINUS } from '../../www/lib/notation.js';

const STYLE = defaultStyle(false);

test('notation: formatValue', () => {
  assert.equal(formatValue(Infinity), '+∞');
  assert.equal(formatValue(-Infinity), '−∞');
  assert.equal(MINUS, '\u2212');
  assert.equal(formatValue(3), '3');
  assert.equal(formatValue(-12), '−12');
  assert.equal(formatValue(0), '0');
  assert.equal(formatValue(-0), '0');
  assert.equal(formatValue(0.5), '0.5');
  assert.equal(formatValue(1 / 3), '0.3333');
  assert.equal(formatValue(-2 / 3), '−0.6667');
  assert.equal(formatValue(2.00001), '2');
  assert.equal(formatValue(-0.00001), '0');
  assert.equal(formatValue(1.25), '1.25');
  assert.equal(formatValue(4.1), '4.1');
  assert.equal(formatValue(1e21), '1e+21');
  assert.equal(formatValue(NaN), '');
  assert.equal(formatValue(null), '');
  assert.equal(formatValue(undefined), '');
  assert.equal(formatValue('?'), '?');
});

test('notation: formatWindow and formatVector', () => {
  assert.equal(formatWindow(3, Infinity), '[α=3, β=+∞]');
  assert.equal(formatWindow(-Infinity, Infinity), '[α=−∞, β=+∞]');
  assert.equal(formatWindow('−∞', '2'), '[α=−∞, β=2]');
  assert.equal(formatVector([1, 2, 6]), '(1, 2, 6)');
  assert.equal(formatVector([0.5, -1]), '(0.5, −1)');
});

test('counts read with thousands separators, as en-US writes them', () => {
  const cases = [
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1,000'],
    [1234567, '1,234,567'],
    [-1234, '-1,234'],
    ['42000', '42,000'],
    [9007199254740991, '9,007,199,254,740,991'],
    [-0, '-0'],
    [1.5, '1.5'],
    [12345.678, '12,345.678'],
  ];
  for (const [n, text] of cases) {
    assert.equal(count(n), text, `count(${n})`);
    assert.equal(count(n), Number(n).toLocaleString('en-US'), `count(${n}) is the en-US text`);
  }
});

test('dark theme differs and keeps every key', () => {
  const dark = defaultStyle(true);
  assert.deepEqual(Object.keys(dark).sort(), Object.keys(STYLE).sort());
  assert.notEqual(dark.background, STYLE.background);
  assert.notEqual(dark.text, STYLE.text);
  assert.equal(typeof globalThis.document, 'undefined'); // the libraries ran without a DOM
});
