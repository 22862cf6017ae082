// The boards' DOM-free view logic (www/lib/board.js).
import test from 'node:test';
import assert from 'node:assert/strict';
import {
  cellViews,
  columnViews,
  exactness,
  lineShape,
  lineWords,
  moveName,
  outcomeText,
  scoreLabel,
  valueSentence,
  verdict,
} from '../../www/lib/board.js';

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
  const cols = columnViews(cells, true);
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
  assert.ok(columnViews(cells, false).every((c) => !c.playable));
});

test('malformed boards are refused, naming the game and the text', () => {
  assert.throws(() => cellViews('ttt', 'XX'), { message: `ttt board: expected 9 characters X, O or '.', got "XX"` });
  assert.throws(() => cellViews('go', '.'), { message: `unknown game "go" (expected 'ttt' or 'c4')` });
  assert.throws(() => columnViews('.'.repeat(41), true), /expected 42 characters/);
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

test('values read from the side to move', () => {
  assert.equal(verdict(1, 0), 'win');
  assert.equal(verdict(1, 1), 'loss');
  assert.equal(verdict(0, 1), 'draw');
  assert.deepEqual(scoreLabel('ttt', { move: 4, value: -1 }, { algo: 'alphabeta', exact: true, mover: 1 }), {
    text: '+1',
    word: 'win',
    title: 'centre: +1 for O (exact)',
  });
  assert.deepEqual(scoreLabel('c4', { move: 3, value: 0.25 }, { algo: 'alphabeta', exact: false, mover: 1 }), {
    text: '−0.25',
    word: 'worse',
    title: 'column 3: −0.25 for O (estimate)',
  });
  assert.equal(scoreLabel('c4', { move: 2, value: 0.625, n: 40 }, { algo: 'mcts', exact: false, mover: 0 }).text, '0.63');
  assert.equal(scoreLabel('c4', { move: 2, value: null, n: 0 }, { algo: 'mcts', exact: false, mover: 0 }).word, 'unvisited');
  assert.equal(exactness({ algo: 'alphabeta', exact: true }), 'exact');
  assert.equal(exactness({ algo: 'alphabeta', exact: false, depth: 6 }), 'estimate, depth 6');
  assert.equal(exactness({ algo: 'mcts', iterations: 500 }), 'estimate, 500 MCTS iterations');
  assert.equal(valueSentence('ttt', 0, 0, true), 'a draw with best play');
  assert.equal(valueSentence('c4', -18, 1, true), 'O wins with best play (+18)');
  assert.equal(valueSentence('c4', 3, 1, true), 'O loses with best play (−3)');
  assert.equal(valueSentence('c4', 0.5, 0, false), "X's estimate 0.5");
});
