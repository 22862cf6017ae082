// The ordering comparison: every move ordering with α-β, and minimax, on the same tree or
// position, counted by the real searches (in the worker), next to the lessons' reference
// sizes b^m, b^(3m/4) and b^(m/2). Which searches run, which apply, the bold row, the beam
// verdicts and the reference sizes are the core's grid (plyground::search::compare); this
// only draws them. The tree lab and <ply-compare> both use it.

import { ORDER_NAMES, approx } from '../lib/complexity.js';
import { count, formatValue } from '../lib/notation.js';
import { el, fillTable, partMaker } from './dom.js';

export class CompareTable {
  /**
   * @param {HTMLElement} container
   * @param {object} opts
   * @param {string|null} [opts.idPrefix]
   * @param {(request: object, onProgress: (p: object) => void) => Promise<{rows: object[]}>} opts.run
   *   sends the worker's `compare` request
   * @param {() => void} [opts.onRun] the Run button (hidden when absent)
   */
  constructor(container, opts) {
    this.opts = opts;
    const P = partMaker(opts.idPrefix);
    this.runButton = P('run', 'button', { type: 'button' }, 'Run the comparison');
    this.status = P('status', 'span', { class: 'note', 'aria-live': 'polite' });
    this.table = P('table', 'table');
    // Export: the rows as CSV (lib/table-csv.js, loaded on the first click).
    this.csvButton = P('csv', 'button', { type: 'button', hidden: true, title: 'Download the table as CSV (one row per search, the core’s counts)' }, 'Export CSV');
    this.csvButton.addEventListener('click', () => this.saveCsv());
    this.runButton.hidden = !opts.onRun;
    if (opts.onRun) this.runButton.addEventListener('click', () => opts.onRun());
    container.replaceChildren(this.runButton, ' ', this.csvButton, ' ', this.status, el('div', { class: 'table-wrap', tabindex: 0, role: 'group', 'aria-label': 'Comparison table (scrolls sideways on narrow screens)' }, this.table));
  }

  clear() {
    this.table.replaceChildren();
    this.status.textContent = '';
    this.last = null;
    this.csvButton.hidden = true;
  }

  /** The table's searches as CSV text (null before a comparison has run). */
  async csv() {
    if (!this.last) return null;
    const { compareCsv } = await import('../lib/table-csv.js');
    return compareCsv(this.last.rows, this.last.base);
  }

  async saveCsv() {
    const text = await this.csv();
    if (text == null) return;
    const url = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
    const a = el('a', { href: url, download: 'plyground-comparison.csv', hidden: true });
    this.csvButton.after(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 30_000);
    this.status.textContent = `Saved plyground-comparison.csv (${this.last.rows.length} searches).`;
  }

  /**
   * Runs the comparison on what a figure shows: which searches run, which apply and what the
   * table reads from them are the core's (the worker's `compare`: compareTree/compareGame).
   * @param {{type: 'tree', text: string}|{type: 'game', kind: string, moves: string}} cur
   * @param {object} base α-β options shared by every row (depth, eval, tt, quiescence, tie, seed)
   * @returns {Promise<boolean>} whether a table was drawn
   */
  async compare(cur, base) {
    const status = this.status;
    const source = cur.type === 'game' ? { type: 'game', kind: cur.kind, moves: cur.moves } : { type: 'tree', text: cur.text };
    status.textContent = 'Running…';
    this.runButton.disabled = true;
    try {
      const out = await this.opts.run({ source, base }, (p) => {
        status.textContent = `Running… ${p.done} of ${p.of}`;
      });
      if (out.refused) {
        status.textContent = out.refused;
        return false;
      }
      const req = { ...base, minimaxAlgo: out.minimaxAlgo };
      this.show(out, req);
      // A search the grid skips (minimax with a depth) says "not run" in the table; say why only for the rest.
      const notRun = out.rows.filter((r) => r.error && !r.skipped).map((r) => `${r.algo === 'beam' ? `beam n = ${r.width}` : r.order ? `α-β ${ORDER_NAMES[r.order]}` : r.algo}: ${r.error}`);
      status.textContent = notRun.length ? `Not run — ${notRun.join('; ')}` : '';
      return true;
    } catch (e) {
      status.textContent = `The comparison stopped: ${e.message}`;
      return false;
    } finally {
      this.runButton.disabled = false;
    }
  }

  /**
   * Draws the worker's answer: its rows with the core's marks and reference sizes.
   * @param {{rows: object[], marks: {mark?: string}[], reference: object|null}} out the rows, the
   *   grid's cells (`mark`: 'fewest', or a beam's 'matches', 'misses', 'alone') and its reference
   * @param {object} base the shared options, with the grid's `minimaxAlgo`
   */
  show({ rows, marks, reference: ref }, base) {
    this.last = { rows, base };
    this.csvButton.hidden = false;
    const fmt = (v) => (v == null ? '' : Array.isArray(v) ? `(${v.map(formatValue).join(', ')})` : formatValue(v));
    const VERDICT = { matches: 'matches α-β', misses: 'misses α-β’s choice', alone: 'no α-β row to compare' };
    const body = rows.map((r, i) => {
      if (r.algo === 'beam') {
        if (r.error) return { cells: [`beam n = ${r.width}`, '—', '—', '—', '—', { text: 'not run', title: r.error }] };
        // Forward pruning may hide the best move: the core says whether it found α-β's value and move.
        const move = r.bestLabel ?? (r.best == null ? '—' : String(r.best));
        return {
          class: 'beam',
          cells: [
            `beam n = ${r.width}`,
            'natural, n best by EVAL',
            count(r.stats.nodes),
            count(r.stats.leaves),
            count(r.stats.cutoffs),
            `${fmt(r.value)} (move ${move}; ${VERDICT[marks[i].mark]})`,
          ],
        };
      }
      if (r.error) {
        const algo = r.algo === 'minimax' ? (base.minimaxAlgo ?? 'minimax') : 'α-β';
        return { cells: [algo, r.order ? ORDER_NAMES[r.order] : '—', '—', '—', '—', { text: 'not run', title: r.error }] };
      }
      return {
        class: marks[i].mark === 'fewest' ? 'best' : '',
        cells: [
          r.algo === 'minimax' ? (base.minimaxAlgo ?? 'minimax') : 'α-β',
          r.order ? ORDER_NAMES[r.order] + (r.order === 'random' ? ` (seed ${base.seed})` : '') : '—',
          count(r.stats.nodes),
          count(r.stats.leaves),
          count(r.stats.cutoffs),
          fmt(r.value),
        ],
      };
    });
    // The lessons' reference sizes, as the core computed them.
    let how;
    if (ref && ref.legal == null) {
      const m = ref.m;
      const root = m === 1 ? 'the leaf count itself' : m === 2 ? 'the square root' : m === 3 ? 'the cube root' : `the ${m}th root`;
      const leaves = `${count(ref.leaves)} ${ref.leaves === 1 ? 'leaf' : 'leaves'}`;
      how = `b ≈ ${ref.b != null ? ref.b.toFixed(2) : '?'}: ${root} of minimax’s ${leaves}, b^${m} = leaves (exactly b for a uniform tree)`;
    } else if (ref) {
      how = `b = ${ref.legal} legal moves at the root, m = ${ref.m} (minimax is not run on Connect-4)`;
    }
    if (ref?.b != null) {
      body.push({ class: 'ref', cells: [`b^m, m = ${ref.m}`, 'no pruning', '', approx(ref.leaves), '', ''] });
      body.push({ class: 'ref', cells: ['b^(3m/4)', 'random order', '', approx(ref.random), '', ''] });
      body.push({ class: 'ref', cells: ['b^(m/2)', 'perfect order', '', approx(ref.perfect), '', ''] });
    }
    fillTable(this.table, ['Algorithm', 'Move order', 'Nodes entered', 'Leaves evaluated', 'Cutoffs', 'Root value'], body, {
      caption: how ? `Reference sizes: ${how}. Bold: the fewest leaves.` : 'Bold: the fewest leaves.',
    });
  }

  /** The table's rows as text (test hooks). */
  rows() {
    return [...this.table.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((td) => td.textContent));
  }
}
