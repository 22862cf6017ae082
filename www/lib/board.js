// DOM-free view logic for the game boards: what each cell shows, how moves and lines read in
// words. The positions themselves (legality, wins, winning lines) come from the wasm Game;
// this file only turns its answers into text, so Node can test it without a browser. The
// values of moves, and every sentence of the game figure, are in game-words.js.

import { count } from './notation.js';

/** The two games, as the page shows them. */
export const GAMES = {
  ttt: { name: 'Tic-tac-toe', width: 3, height: 3 },
  c4: { name: 'Connect-4', width: 7, height: 6 },
};

/** X is the first player (MAX, 0), O the second (MIN, 1). */
export const MARKS = ['X', 'O'];

const TTT_CELLS = ['top-left', 'top', 'top-right', 'left', 'centre', 'right', 'bottom-left', 'bottom', 'bottom-right'];

function checkCells(kind, cells) {
  const g = GAMES[kind];
  if (!g) throw new Error(`unknown game ${JSON.stringify(kind)} (expected 'ttt' or 'c4')`);
  const n = g.width * g.height;
  if (typeof cells !== 'string' || cells.length !== n || !/^[XO.]*$/.test(cells)) {
    throw new Error(`${kind} board: expected ${n} characters X, O or '.', got ${JSON.stringify(cells)}`);
  }
  return g;
}

/**
 * One view record per cell of `cells` (row-major from the top row, as Game.cells()).
 * @param {'ttt'|'c4'} kind
 * @param {string} cells
 * @param {ArrayLike<number>} [winningLine] indices into cells
 * @returns {{index: number, row: number, col: number, mark: string, winning: boolean, label: string}[]}
 */
export function cellViews(kind, cells, winningLine) {
  const g = checkCells(kind, cells);
  const winning = new Set(winningLine ? Array.from(winningLine) : []);
  return Array.from(cells, (ch, index) => {
    const mark = ch === '.' ? '' : ch;
    const row = Math.floor(index / g.width);
    const col = index % g.width;
    const where = kind === 'ttt' ? TTT_CELLS[index] : `column ${col + 1}, row ${g.height - row} from the bottom`;
    return {
      index,
      row,
      col,
      mark,
      winning: winning.has(index),
      label: `${where}: ${mark || 'empty'}${winning.has(index) ? ', winning line' : ''}`,
    };
  });
}

/**
 * The board as text, one row per line from the top, for copying and for screen readers (the
 * board's text view): "Top row: X, empty, O" (tic-tac-toe), "Row 6 (top): empty, …, X"
 * (Connect-4, rows counted from the bottom as the cells' names do).
 * @param {'ttt'|'c4'} kind
 * @param {string} cells Game.cells()
 * @returns {string[]}
 */
export function boardLines(kind, cells) {
  const g = checkCells(kind, cells);
  const out = [];
  for (let r = 0; r < g.height; r++) {
    const row = Array.from(cells.slice(r * g.width, (r + 1) * g.width), (c) => (c === '.' ? 'empty' : c)).join(', ');
    const name = kind === 'ttt' ? `${['Top', 'Middle', 'Bottom'][r]} row` : `Row ${g.height - r}${r === 0 ? ' (top)' : r === g.height - 1 ? ' (bottom)' : ''}`;
    out.push(`${name}: ${row}`);
  }
  return out;
}

/**
 * Connect-4 columns (1-based, as users see them): which look full (the top hole is taken) and
 * which accept a click — the legal moves, as the wasm Game lists them, while a human may move.
 * @param {string} cells
 * @param {ArrayLike<number>} playable Game.legalMoves() when a human may move, else []
 */
export function columnViews(cells, playable) {
  const g = checkCells('c4', cells);
  const legal = new Set(Array.from(playable ?? []));
  const out = [];
  for (let c = 0; c < g.width; c++) {
    const full = cells[c] !== '.';
    out.push({
      col: c + 1,
      full,
      playable: legal.has(c + 1),
      label: `column ${c + 1}${full ? ' (full)' : ''}`,
    });
  }
  return out;
}

/**
 * What the board shows for a move's value (game-words.js's boardScores entry): the board on
 * screen (BoardView) and the exported picture (board-draw.js) both write it with this. In a
 * tic-tac-toe cell the number and its word ("★ +1 win", "draw"); above a Connect-4 column
 * the text alone, a number close to its star ("★0"), words with a space ("★ win in 1").
 * @param {'ttt'|'c4'} kind
 * @param {{text: string, word?: string, best?: boolean}|undefined} sc
 */
export function scoreText(kind, sc) {
  if (!sc) return '';
  if (kind === 'ttt') return `${sc.best ? '★ ' : ''}${[sc.text, sc.word].filter(Boolean).join(' ')}`;
  return `${sc.best ? (/^[a-z]/i.test(sc.text) ? '★ ' : '★') : ''}${sc.text}`;
}

/**
 * The tone a move's value is drawn in, as components.css colours `.eval`: 'best' (bold, the
 * good colour), 'good' (a win or better), 'bad' (a loss) or 'muted'.
 */
export function scoreTone(sc) {
  if (!sc) return 'muted';
  if (sc.best) return 'best';
  const c = sc.cls ?? sc.word;
  return c === 'win' || c === 'better' ? 'good' : c === 'loss' ? 'bad' : 'muted';
}

/** The name of a move: a tic-tac-toe cell ('centre') or a Connect-4 column ('column 4'). */
export function moveName(kind, move) {
  if (kind === 'ttt') return TTT_CELLS[move] ?? `cell ${move}`;
  return `column ${move}`;
}

/**
 * A line of play in words: "X centre, O top-left, X bottom-right".
 * @param {'ttt'|'c4'} kind
 * @param {0|1} firstToMove the player making the first move of the line
 * @param {ArrayLike<number>} moves in play() units
 */
export function lineWords(kind, firstToMove, moves) {
  return Array.from(moves, (m, i) => `${MARKS[(firstToMove + i) % 2]} ${moveName(kind, m)}`).join(', ');
}

/**
 * Why a finished game ended, in words.
 * @param {'ttt'|'c4'} kind
 * @param {number} winner -1, 0 or 1
 * @param {ArrayLike<number>} line the winning cells
 */
export function outcomeText(kind, winner, line) {
  if (winner !== 0 && winner !== 1) return 'Draw: the board is full and nobody has a line.';
  return `${MARKS[winner]} wins with ${lineShape(kind, line)}.`;
}

/** 'a bottom-row line', 'a vertical line in column 3', 'a diagonal', … */
export function lineShape(kind, line) {
  const g = GAMES[kind];
  const cells = Array.from(line ?? []);
  if (cells.length < 2) return 'a line';
  const rows = cells.map((i) => Math.floor(i / g.width));
  const cols = cells.map((i) => i % g.width);
  const same = (a) => a.every((x) => x === a[0]);
  if (same(rows)) {
    const fromBottom = g.height - rows[0];
    if (fromBottom === 1) return 'a line on the bottom row';
    if (rows[0] === 0) return 'a line on the top row';
    return `a horizontal line on row ${fromBottom} from the bottom`;
  }
  if (same(cols)) return `a vertical line in column ${cols[0] + 1}`;
  return 'a diagonal line';
}

/** Thousands separators, for node counts (notation.js). */
export { count };
