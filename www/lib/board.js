// DOM-free view logic for the tic-tac-toe page: what each cell shows and what the status
// line says. Kept apart from app.js so that Node can test it without a browser.

/** The human plays X (and moves first); the search plays O. */
export const HUMAN = 'X';
export const AI = 'O';

/**
 * One view record per cell, from the nine-character board string of `TicTacToeGame.cells()`.
 * @param {string} cells e.g. "X...O...."
 * @param {ArrayLike<number> | undefined} winningLine the three winning cells, if any
 * @param {boolean} humanCanPlay whether clicks are accepted now
 */
export function cellViews(cells, winningLine, humanCanPlay) {
  if (typeof cells !== 'string' || !/^[XO.]{9}$/.test(cells)) {
    throw new Error(`cellViews: expected nine characters X, O or '.', got ${JSON.stringify(cells)}`);
  }
  const winning = new Set(winningLine ? Array.from(winningLine) : []);
  return Array.from(cells, (ch, index) => {
    const mark = ch === '.' ? '' : ch;
    const row = Math.floor(index / 3) + 1;
    const col = (index % 3) + 1;
    return {
      index,
      mark,
      winning: winning.has(index),
      playable: humanCanPlay && mark === '',
      label: `row ${row}, column ${col}: ${mark || 'empty'}`,
    };
  });
}

/**
 * The outcome of a finished game as the page records it: "X", "O" or "draw"; "" while it
 * goes on.
 */
export function outcome(isTerminal, winner) {
  if (!isTerminal) return '';
  return winner ?? 'draw';
}

/**
 * The status line.
 * @param {{phase: 'loading'|'human'|'thinking'|'over'|'error', winner?: string, error?: string}} s
 */
export function statusText(s) {
  switch (s.phase) {
    case 'loading':
      return 'Loading the search…';
    case 'human':
      return `Your move: you are ${HUMAN}.`;
    case 'thinking':
      return `α-β is searching (${AI})…`;
    case 'over':
      if (s.winner === HUMAN) return 'You win!';
      if (s.winner === AI) return 'α-β wins. New game?';
      return 'Draw: neither side can force a win.';
    case 'error':
      return `Something went wrong: ${s.error ?? 'unknown error'}`;
    default:
      throw new Error(`statusText: unknown phase ${JSON.stringify(s.phase)}`);
  }
}

/** How a value (utility to X) reads for the players. */
export function valueMeaning(value) {
  if (value > 0) return `${HUMAN} can force a win`;
  if (value < 0) return `${AI} can force a win`;
  return 'a draw with best play';
}

/** One line about the search that chose the AI's move. */
export function describeSearch(r) {
  const nodes = Number(r.nodes).toLocaleString('en-US');
  return `α-β played ${r.move} after searching ${nodes} nodes (value ${r.value}: ${valueMeaning(r.value)}).`;
}
