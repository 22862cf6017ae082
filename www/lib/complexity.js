// The words of the lessons' move-ordering table: the orderings' names, the orders a figure's
// menu offers, and how a reference size is rounded. The sizes themselves (b^m, b^(3m/4),
// b^(m/2)) and which searches a comparison runs are the core's comparison grid.

/** Rounds a reference size for the table: integers as integers, the rest to 3 significant digits. */
export function approx(x) {
  if (!Number.isFinite(x)) return '—';
  const r = Math.round(x);
  if (Math.abs(x - r) < 1e-6 * Math.max(1, Math.abs(x))) return r.toLocaleString('en-US');
  if (x >= 1000) return `≈${Math.round(x).toLocaleString('en-US')}`;
  return `≈${Number(x.toPrecision(3))}`;
}

/** Human names of the move orderings. */
export const ORDER_NAMES = {
  natural: 'natural (left to right)',
  reverse: 'reversed',
  random: 'random',
  best: 'perfect (best first)',
  heuristic: 'heuristic (EVAL of children)',
  killer: 'killer moves',
  history: 'history heuristic',
};

/** Orderings that apply: explicit trees have no heuristic; games get all of them. */
export function ordersFor(isGame) {
  return isGame
    ? ['natural', 'reverse', 'random', 'best', 'heuristic', 'killer', 'history']
    : ['natural', 'reverse', 'random', 'best'];
}
