// The boards' DOM-free view logic (www/lib/board.js).
import test from 'node:test';
import assert from 'node:assert/strict';
import { boardLines, cellViews, columnViews, lineShape, lineWords, moveName, outcomeText } from '../../www/lib/board.js';

test('tic-tac-toe cells: marks, the winning line, names', () => {
  const v = cellViews('ttt', 'XXXOO....', [0, 1, 2]);
  assert.equal(v.length, 9);
  assert.equal(v.map((c) => c.mark).join(','), 'X,X,X,O,O,,,,');
  assert.deepEqual(
    v.filter((c) => c.winning).map((c) => c.index),
    [0, 1, 2],
  );
  assert.equal(v[4].label, 'centre: O');
  assert.equal(v[0].label, 'top-left: X, winning line');
  assert.equal(v[8].label, 'bottom-right: empty');
  // Typed arrays (what wasm-bindgen returns) work as the line.
  assert.deepEqual(
    cellViews('ttt', 'X.OXO.X..', Int32Array.from([0, 3, 6]))
      .filter((c) => c.winning)
      .map((c) => c.index),
    [0, 3, 6],
  );
});

test('Connect-4 cells are row-major from the top; columns know when they are full', () => {
  const cells = `${'X......'}${'O......'}${'X......'}${'O......'}${'X......'}${'O..X...'}`;
  const v = cellViews('c4', cells, []);
  assert.equal(v.length, 42);
  assert.equal(v[38].label, 'column 4, row 1 from the bottom: X');
  assert.equal(v[0].label, 'column 1, row 6 from the bottom: X');
  // Which columns take a click is the Game's list of legal moves (here: all but column 1).
  const cols = columnViews(cells, [2, 3, 4, 5, 6, 7]);
  assert.deepEqual(
    cols.map((c) => [c.col, c.full, c.playable]),
    [
      [1, true, false],
      [2, false, true],
      [3, false, true],
      [4, false, true],
      [5, false, true],
      [6, false, true],
      [7, false, true],
    ],
  );
  assert.equal(cols[0].label, 'column 1 (full)');
  // Not a human's turn (or the game is over): no legal click, whatever the board looks like.
  assert.ok(columnViews(cells, []).every((c) => !c.playable));
  assert.deepEqual(
    columnViews(cells, Int32Array.from([4])).map((c) => c.playable),
    [false, false, false, true, false, false, false],
  );
});

test('malformed boards are refused, naming the game and the text', () => {
  assert.throws(() => cellViews('ttt', 'XX'), { message: `ttt board: expected 9 characters X, O or '.', got "XX"` });
  assert.throws(() => cellViews('go', '.'), { message: `unknown game "go" (expected 'ttt' or 'c4')` });
  assert.throws(() => columnViews('.'.repeat(41), []), /expected 42 characters/);
});

test('moves, lines and outcomes in words', () => {
  assert.equal(moveName('ttt', 4), 'centre');
  assert.equal(moveName('ttt', 6), 'bottom-left');
  assert.equal(moveName('c4', 4), 'column 4');
  assert.equal(lineWords('ttt', 0, [4, 0, 8]), 'X centre, O top-left, X bottom-right');
  assert.equal(lineWords('c4', 1, Int32Array.from([3, 4])), 'O column 3, X column 4');
  assert.equal(lineShape('ttt', [6, 7, 8]), 'a line on the bottom row');
  assert.equal(lineShape('c4', [35, 36, 37, 38]), 'a line on the bottom row');
  assert.equal(lineShape('c4', [14, 15, 16, 17]), 'a horizontal line on row 4 from the bottom');
  assert.equal(lineShape('c4', [17, 24, 31, 38]), 'a vertical line in column 4');
  assert.equal(lineShape('c4', [17, 23, 29, 35]), 'a diagonal line');
  assert.equal(lineShape('ttt', [0, 4, 8]), 'a diagonal line');
  assert.equal(outcomeText('ttt', 0, [6, 7, 8]), 'X wins with a line on the bottom row.');
  assert.equal(outcomeText('c4', 1, [3, 10, 17, 24]), 'O wins with a vertical line in column 4.');
  assert.equal(outcomeText('ttt', -1, []), 'Draw: the board is full and nobody has a line.');
});

test('the board as text: one row per line from the top, in words (the text view of Play and <ply-game>)', () => {
  assert.deepEqual(boardLines('ttt', 'X.O.X...O'), ['Top row: X, empty, O', 'Middle row: empty, X, empty', 'Bottom row: empty, empty, O']);
  const c4 = boardLines('c4', `${'.'.repeat(35)}...XO..`);
  assert.equal(c4.length, 6);
  assert.equal(c4[0], 'Row 6 (top): empty, empty, empty, empty, empty, empty, empty');
  assert.equal(c4[5], 'Row 1 (bottom): empty, empty, empty, X, O, empty, empty');
  assert.throws(() => boardLines('ttt', 'XO'), /expected 9 characters/);
});
