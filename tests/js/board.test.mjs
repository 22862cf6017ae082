// The page's DOM-free view logic (www/lib/board.js).
import test from 'node:test';
import assert from 'node:assert/strict';
import { cellViews, describeSearch, outcome, statusText, valueMeaning } from '../../www/lib/board.js';

test('cellViews marks cells, the winning line and which cells can be played', () => {
  const v = cellViews('XXXOO....', [0, 1, 2], false);
  assert.equal(v.length, 9);
  assert.deepEqual(v.map((c) => c.mark).join(','), 'X,X,X,O,O,,,,');
  assert.deepEqual(v.filter((c) => c.winning).map((c) => c.index), [0, 1, 2]);
  assert.equal(v.some((c) => c.playable), false);
  assert.equal(v[4].label, 'row 2, column 2: O');
  assert.equal(v[8].label, 'row 3, column 3: empty');
});

test('cellViews offers exactly the empty cells while the human may play', () => {
  const v = cellViews('X...O....', undefined, true);
  assert.deepEqual(v.filter((c) => c.playable).map((c) => c.index), [1, 2, 3, 5, 6, 7, 8]);
  assert.equal(v.some((c) => c.winning), false);
  // A Uint8Array (what wasm-bindgen returns for Vec<u8>) works as the winning line.
  assert.deepEqual(
    cellViews('X.OXO.X..', Uint8Array.from([0, 3, 6]), false).filter((c) => c.winning).map((c) => c.index),
    [0, 3, 6],
  );
});

test('cellViews rejects a malformed board string, naming it', () => {
  assert.throws(() => cellViews('XX', undefined, true), {
    message: `cellViews: expected nine characters X, O or '.', got "XX"`,
  });
  assert.throws(() => cellViews('XO.......Z', undefined, true), { message: /got "XO\.{7}Z"$/ });
});

test('outcome and statusText describe every phase', () => {
  assert.equal(outcome(false, undefined), '');
  assert.equal(outcome(true, undefined), 'draw');
  assert.equal(outcome(true, 'O'), 'O');
  assert.equal(statusText({ phase: 'loading' }), 'Loading the search…');
  assert.equal(statusText({ phase: 'human' }), 'Your move: you are X.');
  assert.equal(statusText({ phase: 'thinking' }), 'α-β is searching (O)…');
  assert.equal(statusText({ phase: 'over', winner: 'O' }), 'α-β wins. New game?');
  assert.equal(statusText({ phase: 'over', winner: 'X' }), 'You win!');
  assert.equal(statusText({ phase: 'over', winner: undefined }), 'Draw: neither side can force a win.');
  assert.equal(statusText({ phase: 'error', error: 'boom' }), 'Something went wrong: boom');
  assert.throws(() => statusText({ phase: 'paused' }), { message: 'statusText: unknown phase "paused"' });
});

test('describeSearch reads the value from X’s side', () => {
  assert.equal(valueMeaning(1), 'X can force a win');
  assert.equal(valueMeaning(-1), 'O can force a win');
  assert.equal(valueMeaning(0), 'a draw with best play');
  assert.equal(
    describeSearch({ move: 4, nodes: 12345, value: 0 }),
    'α-β played 4 after searching 12,345 nodes (value 0: a draw with best play).',
  );
});
