// The comparison table as CSV (RFC 4180): one row per search the worker ran (the core's own
// counts and values, as searchTree/searchGame return them) — JS only writes the cells. Loaded
// by compare-table.js on the first click of its Export CSV button.

/**
 * One CSV field: quoted when it holds a comma, a double quote, CR or LF, quotes doubled.
 * @param {unknown} v
 */
export function csvField(v) {
  const s = v == null ? '' : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/**
 * Rows of fields as CSV text: fields joined by commas, each record ended by CRLF.
 * @param {unknown[][]} records
 */
export function csvText(records) {
  return records.map((r) => r.map(csvField).join(',') + '\r\n').join('');
}

/** The header of the comparison's CSV. */
export const COMPARE_HEADER = ['algorithm', 'order', 'seed', 'nodes', 'leaves', 'cutoffs', 'max_depth', 'value', 'not_run'];

/**
 * The comparison's rows (the worker's `compare` answer) as CSV: numbers as JavaScript
 * prints them (shortest exact form, no thousands separators), a max^n value as its tuple
 * `(1, 2, 6)`, a search that was not run with its reason.
 * @param {{algo: string, order: string|null, stats?: object, value?: number|number[], error?: string}[]} rows
 * @param {{minimaxAlgo?: string, seed?: number}} base the α-β options every row shared
 */
export function compareCsv(rows, base = {}) {
  const records = rows.map((r) => {
    const algo = r.algo === 'minimax' ? (base.minimaxAlgo ?? 'minimax') : r.algo;
    const seed = r.order === 'random' ? (base.seed ?? 0) : '';
    if (r.error) return [algo, r.order ?? '', seed, '', '', '', '', '', r.error];
    const v = Array.isArray(r.value) ? `(${r.value.join(', ')})` : r.value;
    return [algo, r.order ?? '', seed, r.stats.nodes, r.stats.leaves, r.stats.cutoffs, r.stats.maxDepth, v, ''];
  });
  return csvText([COMPARE_HEADER, ...records]);
}
