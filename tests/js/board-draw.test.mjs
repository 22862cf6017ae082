// The game board as a picture (lib/board-draw.js, the game figure's Export): the SVG holds
// exactly the marks and values the board on screen shows (the same scoreText), in the tones
// components.css gives them, the winning line lit, one disc or hole per Connect-4 cell, and
// the sizes follow the cell size; a PNG canvas is the same picture at 1×, 2× or 3×.
import test from 'node:test';
import assert from 'node:assert/strict';
import { BOARD_COLOURS, LIGHT_BOARD, boardCanvas, boardPicture, boardSize, boardSvg, cellForWidth, drawBoard } from '../../www/lib/board-draw.js';
import { scoreText, scoreTone } from '../../www/lib/board.js';
import { SvgContext } from '../../www/lib/export-svg.js';

const measure = (text, px, bold = false) => String(text).length * px * 0.55 * (bold ? 1.08 : 1);

/** A Connect-4 board (Game.cells(): row-major from the top) with the given cells taken. */
function board(taken) {
  const cells = Array(42).fill('.');
  for (const [i, m] of Object.entries(taken)) cells[i] = m;
  return cells.join('');
}

/** The SVG's texts as [text, fill, bold] in drawing order. */
function texts(svg) {
  return [...svg.matchAll(/<text ([^>]*)>([^<]*)<\/text>/g)].map((m) => [m[2], /fill="([^"]*)"/.exec(m[1])[1], /font-weight="bold"/.test(m[1])]);
}

test('a move value reads as on the board: a tic-tac-toe cell its number and word, a Connect-4 column its text', () => {
  assert.equal(scoreText('ttt', { text: '+1', word: 'win', best: true }), '★ +1 win');
  assert.equal(scoreText('ttt', { text: 'win in 1', word: '', best: true }), '★ win in 1');
  assert.equal(scoreText('ttt', { text: 'draw', word: '' }), 'draw');
  assert.equal(scoreText('c4', { text: '0', best: true }), '★0');
  assert.equal(scoreText('c4', { text: 'win in 1', best: true }), '★ win in 1');
  assert.equal(scoreText('c4', { text: '−2' }), '−2');
  assert.equal(scoreText('c4', undefined), '');
  assert.deepEqual(
    [{ best: true }, { cls: 'win' }, { cls: 'better' }, { cls: 'loss' }, { cls: 'even' }, undefined].map(scoreTone),
    ['best', 'good', 'good', 'bad', 'muted', 'muted'],
  );
});

test('tic-tac-toe: the marks, the values of the empty cells in their tones, nothing else', () => {
  // 0,3,1,4: X has 0 and 1, O has 3 and 4 (the Play test's position).
  const scores = new Map([
    [2, { text: 'win in 1', word: '', cls: 'win', best: true }],
    [5, { text: 'draw', word: '', cls: 'draw' }],
    [6, { text: 'loss in 2', word: '', cls: 'loss' }],
    [7, { text: 'loss in 2', word: '', cls: 'loss' }],
    [8, { text: 'loss in 2', word: '', cls: 'loss' }],
  ]);
  const pic = boardPicture('ttt', 'XX.OO....', [], scores);
  const { svg, width, height, stats } = boardSvg(pic, { cell: 96, palette: {}, measure, title: 'a board' });
  assert.deepEqual([width, height], [296, 296]);
  assert.deepEqual(stats, { marks: 4, values: 5 });
  const good = LIGHT_BOARD['eval-good'];
  const bad = LIGHT_BOARD['eval-bad'];
  assert.deepEqual(texts(svg), [
    ['X', LIGHT_BOARD.x, true],
    ['X', LIGHT_BOARD.x, true],
    ['★ win in 1', good, true],
    ['O', LIGHT_BOARD.o, true],
    ['O', LIGHT_BOARD.o, true],
    ['draw', LIGHT_BOARD.muted, false],
    ['loss in 2', bad, false],
    ['loss in 2', bad, false],
    ['loss in 2', bad, false],
  ]);
  assert.match(svg, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="296" height="296" viewBox="0 0 296 296"><title>a board<\/title>/);
  // No values asked for: the marks alone.
  const plain = boardSvg(boardPicture('ttt', 'XX.OO....', []), { cell: 96, palette: {}, measure });
  assert.deepEqual(texts(plain.svg).map((t) => t[0]), ['X', 'X', 'O', 'O']);
});

test('tic-tac-toe: the winning line is lit and outlined, its marks in the win colours', () => {
  const pal = { win: '#abcdef', 'win-fg': '#123456', fg: '#000001' };
  const { svg } = boardSvg(boardPicture('ttt', 'OO....XXX', [6, 7, 8]), { cell: 60, palette: pal, measure });
  assert.equal([...svg.matchAll(/<rect [^>]*fill="#abcdef"/g)].length, 3);
  assert.equal([...svg.matchAll(/stroke="#000001" stroke-width="3"/g)].length, 3);
  assert.deepEqual(texts(svg), [
    ['O', LIGHT_BOARD.o, true],
    ['O', LIGHT_BOARD.o, true],
    ['X', '#123456', true],
    ['X', '#123456', true],
    ['X', '#123456', true],
  ]);
});

test('Connect-4: seven column labels with their values, one disc or hole per cell, the line ringed and starred', () => {
  // After 4455: X on the bottom row in columns 4 and 5 (cells 38, 39), O above them (31, 32).
  const cells = board({ 38: 'X', 39: 'X', 31: 'O', 32: 'O' });
  const scores = new Map([
    [1, { text: '−2', cls: 'loss' }],
    [3, { text: 'win in 3', cls: 'win', best: true }],
    [6, { text: '0', cls: 'draw' }],
  ]);
  const pic = boardPicture('c4', cells, [], scores);
  const { svg, width, height, stats } = boardSvg(pic, { cell: 50, palette: {}, measure });
  assert.deepEqual(boardSize('c4', 50), { width: 7 * 50 + 6 * 4 + 12, height: 34 + 4 + 6 * 50 + 5 * 4 + 12 });
  assert.deepEqual([width, height], [386, 370]);
  assert.deepEqual(stats, { marks: 4, values: 3 });
  const t = texts(svg);
  assert.deepEqual(
    t.map((x) => x[0]),
    ['1', '−2', '2', '3', '★ win in 3', '4', '5', '6', '0', '7', 'O', 'O', 'X', 'X'],
  );
  // The value fits its column: the font shrank until the text was no wider than 48 px.
  const best = /<text [^>]*font-size="([\d.]+)"[^>]*>★ win in 3</.exec(svg);
  assert.ok(measure('★ win in 3', Number(best[1]), true) <= 48, best[0]);
  assert.ok(Number(best[1]) < 12);
  // One circle per cell, in the hole or stone colour.
  const fills = (c) => [...svg.matchAll(new RegExp(`<path d="M[^"]*A[^"]*" fill="${c}"`, 'g'))].length;
  assert.equal(fills(LIGHT_BOARD.hole), 38);
  assert.equal(fills(LIGHT_BOARD['stone-x']), 2);
  assert.equal(fills(LIGHT_BOARD['stone-o']), 2);
  // A vertical win in column 1: four rings and four stars.
  const win = board({ 14: 'X', 21: 'X', 28: 'X', 35: 'X', 36: 'O', 37: 'O', 38: 'O' });
  const lit = boardSvg(boardPicture('c4', win, [14, 21, 28, 35]), { cell: 50, palette: {}, measure });
  assert.equal(fills(LIGHT_BOARD.win), 0);
  assert.equal([...lit.svg.matchAll(new RegExp(`<path d="M[^"]*A[^"]*" fill="${LIGHT_BOARD.win}"`, 'g'))].length, 4);
  assert.equal(texts(lit.svg).filter((x) => x[0] === '★').length, 4);
});

test('the colours come from the page: every name the picture uses is one of components.css’s', () => {
  assert.deepEqual(Object.keys(LIGHT_BOARD).sort(), [...BOARD_COLOURS].sort());
  const dark = { board: '#1d3a73', hole: '#121418' };
  const { svg } = boardSvg(boardPicture('c4', '.'.repeat(42), []), { cell: 40, palette: dark, measure });
  assert.match(svg, /fill="#1d3a73"/);
  assert.equal([...svg.matchAll(/<path d="M[^"]*A[^"]*" fill="#121418"/g)].length, 42);
});

test('PNG: the same drawing on a canvas at 1×, 2× or 3× the size; bad sizes are refused naming them', () => {
  const made = [];
  const make = (w, h) => {
    const calls = [];
    const ctx = new SvgContext(measure);
    ctx.setTransform = (...a) => calls.push(a);
    const c = { width: w, height: h, getContext: () => ctx, calls, ctx };
    made.push(c);
    return c;
  };
  const pic = boardPicture('ttt', 'X...O....', []);
  const c = boardCanvas(make, pic, { cell: 96, palette: {}, ratio: 3 });
  assert.deepEqual([c.width, c.height], [888, 888]);
  assert.deepEqual(c.calls, [[3, 0, 0, 3, 0, 0]]);
  // The canvas got exactly what the SVG got.
  const svg = new SvgContext(measure);
  drawBoard(svg, pic, { cell: 96, palette: {} });
  assert.deepEqual(c.ctx.parts, svg.parts);
  assert.throws(() => boardCanvas(make, pic, { cell: 96, palette: {}, ratio: 4 }), { message: 'export: the PNG ratio must be 1, 2 or 3, got 4' });
  assert.throws(() => boardSize('ttt', 5), { message: 'board picture: the cell size must be a number of px from 16 to 400, got 5' });
  assert.throws(() => boardSize('go', 50), { message: 'board picture: unknown game "go" (expected \'ttt\' or \'c4\')' });
  assert.throws(() => boardPicture('ttt', 'XX', []), /ttt board: expected 9 characters/);
});

test('a chosen width: the cell size that makes the board that wide, within the sizes a board can have', () => {
  for (const [kind, width] of [['ttt', 600], ['ttt', 56], ['c4', 800], ['c4', 2836]]) {
    assert.ok(Math.abs(boardSize(kind, cellForWidth(kind, width)).width - width) < 1e-9, `${kind} ${width}`);
  }
  assert.equal(cellForWidth('ttt', 296), 96);
  assert.throws(() => cellForWidth('ttt', 5000), { message: 'a Tic-tac-toe board can be 56 to 1208 px wide, not 5000' });
  assert.throws(() => cellForWidth('c4', 100), { message: 'a Connect-4 board can be 148 to 2836 px wide, not 100' });
});
