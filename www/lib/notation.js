// Display text for search values, in the lessons' notation.
//
// The tree, the narration and the tables must print the same number the same way, so the
// formatting lives in one place. Infinities are the window's natural bounds (α starts at −∞,
// β at +∞), and negative numbers use the minus sign U+2212 so that "−3" and "−∞" line up.

/** The typographic minus sign, used for all negative values. */
export const MINUS = '\u2212';

/**
 * Formats a value for display: '+∞' / '−∞' for the infinities, integers without decimals,
 * other numbers rounded to at most 4 decimals with trailing zeros trimmed (expectiminimax
 * averages such as 1/3 would otherwise flood the tree with digits). A value that rounds to
 * zero prints as '0', never '−0'. Strings pass through unchanged (already display text);
 * null, undefined and NaN give '' (no value yet).
 * @param {number|string|null|undefined} x
 * @returns {string}
 */
export function formatValue(x) {
  if (typeof x === 'string') return x;
  if (x === null || x === undefined || Number.isNaN(x)) return '';
  if (x === Infinity) return '+∞';
  if (x === -Infinity) return `${MINUS}∞`;
  let s = Number.isInteger(x) ? String(Math.abs(x)) : Math.abs(x).toFixed(4);
  if (s.includes('.') && !s.includes('e')) s = s.replace(/0+$/, '').replace(/\.$/, '');
  if (s === '0') return '0';
  return x < 0 ? MINUS + s : s;
}

/** Thousands separators, for node counts: 1,234,567. */
export function count(n) {
  const x = Number(n);
  // Whole numbers by hand: toLocaleString builds a number formatter on every call, which is
  // most of the labs' script time at load (a few counters per step). Same text.
  if (Number.isSafeInteger(x) && !Object.is(x, -0)) return String(x).replace(/\B(?=(\d{3})+$)/g, ',');
  return x.toLocaleString('en-US');
}

/**
 * Formats an α–β window as the lessons write it: `[α=3, β=+∞]`.
 * @param {number|string} alpha
 * @param {number|string} beta
 * @returns {string}
 */
export function formatWindow(alpha, beta) {
  return `[α=${formatValue(alpha)}, β=${formatValue(beta)}]`;
}

/**
 * Formats a max^n utility vector, one entry per player: `(1, 2, 6)`.
 * @param {ArrayLike<number|string>} values
 * @returns {string}
 */
export function formatVector(values) {
  return `(${Array.from(values, formatValue).join(', ')})`;
}

/**
 * A finished node's value as the figure prints it, with the kind the core gave it
 * (Stepper.state().bounds / nodes().bound): "3" exact, "≤ 2" an upper bound (a cutoff left
 * the node's other children unsearched), "≥ 5" a lower bound, "2?" no one-sided bound.
 * @param {string} text the value's text
 * @param {number|string|null|undefined} kind 1/'exact', 2/'upper', 3/'lower', 4/null-with-a-value
 */
export function boundText(text, kind) {
  if (!text) return text;
  if (kind === 2 || kind === 'upper') return `≤ ${text}`;
  if (kind === 3 || kind === 'lower') return `≥ ${text}`;
  if (kind === 4) return `${text}?`;
  return text;
}

/** The true minimax value beside a value, clearly labelled: "≤ 2 · minimax: 4". */
export function withMinimax(text, m) {
  return m == null || Number.isNaN(m) ? text : `${text} · minimax: ${formatValue(m)}`;
}
