// The lessons' move-ordering table next to measured counts: b^m (no pruning), b^(3m/4)
// (random order) and b^(m/2) (perfect order), for the tree actually searched.

/**
 * The reference sizes for a tree of depth `m` whose full search evaluates `leaves` leaves.
 * `b` is the m-th root of that leaf count: exactly the branching factor of a uniform tree
 * (b^m leaves), and the effective one — the uniform tree with as many leaves — otherwise.
 * @param {number} leaves leaves evaluated by minimax (no pruning)
 * @param {number} m depth of the search (plies)
 * @returns {{b: number, m: number, full: number, random: number, perfect: number}|null}
 */
export function orderingReference(leaves, m) {
  if (!(leaves >= 1) || !(m >= 1)) return null;
  const b = leaves ** (1 / m);
  return {
    b,
    m,
    full: b ** m,
    random: b ** ((3 * m) / 4),
    perfect: b ** (m / 2),
  };
}

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
