// DOM-free view logic for the game boards: what each cell shows, how moves, lines and values
// read in words. The positions themselves (legality, wins) come from the wasm Game; this
// file only turns its answers into text, so Node can test it without a browser.

import { MINUS, count, formatValue } from './notation.js';

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
 * Connect-4 columns (1-based, as users see them): which are full, which accept a click.
 * @param {string} cells
 * @param {boolean} canPlay whether a human may move now
 */
export function columnViews(cells, canPlay) {
  const g = checkCells('c4', cells);
  const out = [];
  for (let c = 0; c < g.width; c++) {
    const full = cells[c] !== '.';
    out.push({
      col: c + 1,
      full,
      playable: canPlay && !full,
      label: `column ${c + 1}${full ? ' (full)' : ''}`,
    });
  }
  return out;
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

/**
 * What a value (utility to X) means for the player to move, as a short word.
 * @param {number} value
 * @param {0|1} mover
 */
export function verdict(value, mover) {
  const v = mover === 0 ? value : -value;
  if (v > 0) return 'win';
  if (v < 0) return 'loss';
  return 'draw';
}

/**
 * The label of one move's evaluation on the board.
 * Tic-tac-toe values are exact utilities (+1, 0, −1 to X); Connect-4 shows the mover's score
 * (exact: the community's ±(22 − stones) score; otherwise an estimate of the search).
 * MCTS scores are the mover's mean reward Q in [0, 1] with the visits N.
 * @param {'ttt'|'c4'} kind
 * @param {{move: number, value: number|null, n?: number}} s
 * @param {{algo: string, exact: boolean, mover: 0|1}} r
 * @returns {{text: string, word: string, title: string}}
 */
export function scoreLabel(kind, s, r) {
  if (r.algo === 'mcts') {
    if (s.value == null) return { text: '·', word: 'unvisited', title: `${moveName(kind, s.move)}: not expanded` };
    const q = s.value.toFixed(2);
    return {
      text: q,
      word: `N ${s.n ?? 0}`,
      title: `${moveName(kind, s.move)}: Q = ${q} (mean reward for ${MARKS[r.mover]}), N = ${s.n ?? 0} visits`,
    };
  }
  const mine = r.mover === 0 ? s.value : -s.value;
  const text = mine > 0 ? `+${formatValue(mine)}` : formatValue(mine);
  const word = r.exact ? verdict(s.value, r.mover) : mine > 0 ? 'better' : mine < 0 ? 'worse' : 'even';
  return {
    text,
    word,
    title: `${moveName(kind, s.move)}: ${text} for ${MARKS[r.mover]} (${r.exact ? 'exact' : 'estimate'})`,
  };
}

/** "exact" or "estimate, depth 6" (the search's own words for how far to trust scores). */
export function exactness(r) {
  if (r.algo === 'mcts') return `estimate, ${r.iterations ?? '?'} MCTS iterations`;
  if (r.exact) return 'exact';
  return `estimate, depth ${r.depth ?? '?'}`;
}

/** The position's value for the player to move, as a sentence fragment. */
export function valueSentence(kind, value, mover, exact) {
  const v = formatValue(mover === 0 ? value : -value);
  const who = MARKS[mover];
  if (!exact) return `${who}'s estimate ${v}`;
  const w = verdict(value, mover);
  if (w === 'draw') return 'a draw with best play';
  return `${who} ${w === 'win' ? 'wins' : 'loses'} with best play (${v.startsWith(MINUS) ? v : `+${v}`})`;
}

/** Thousands separators, for node counts (notation.js). */
export { count };
