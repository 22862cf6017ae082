// The ordering comparison: every move ordering with α-β, and minimax, on the same tree or
// position, counted by the real searches (in the worker), next to the lessons' reference
// sizes b^m, b^(3m/4) and b^(m/2). The tree lab and <ply-compare> both use it.

import { ORDER_NAMES, approx, orderingReference, ordersFor } from '../lib/complexity.js';
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
   * Runs the comparison on what a figure shows.
   * @param {{type: 'tree', text: string}|{type: 'game', kind: string, moves: string, legal: number}} cur
   * @param {object} base α-β options shared by every row (depth, eval, tt, quiescence, tie, seed)
   * @param {{tuples?: boolean, chance?: boolean}} shape of an explicit tree
   * @returns {Promise<boolean>} whether a table was drawn
   */
  async compare(cur, base, shape = {}) {
    const status = this.status;
    const isGame = cur.type === 'game';
    if (!isGame && shape.tuples) {
      status.textContent = 'Orderings and α-β apply to two-player trees; max^n does not prune here.';
      return false;
    }
    if (isGame && cur.kind === 'c4' && base.depth == null) {
      status.textContent = 'Give a depth: Connect-4 is too deep to compare searches to the end.';
      return false;
    }
    const req = { ...base };
    if (!isGame && shape.chance) req.minimaxAlgo = 'expectiminimax';
    const source = isGame ? { type: 'game', kind: cur.kind, moves: cur.moves } : { type: 'tree', text: cur.text };
    const orders = ordersFor(isGame);
    // Beam search's rows, widths 1 to 3 (a width as wide as every node is plain α-β), on
    // explicit trees: the games module leaves beam search out (ARCHITECTURE.md).
    const beams = isGame ? [] : [1, 2, 3];
    status.textContent = 'Running…';
    this.runButton.disabled = true;
    try {
      const out = await this.opts.run({ source, base: req, orders, beams }, (p) => {
        status.textContent = `Running… ${p.done} of ${p.of}`;
      });
      this.show(out.rows, cur, req);
      // Minimax with a depth is refused by design (the table says "not run"); say why only for the rest.
      const expected = (r) => r.algo === 'minimax' && req.depth != null;
      const notRun = out.rows.filter((r) => r.error && !expected(r)).map((r) => `${r.algo === 'beam' ? `beam n = ${r.width}` : r.order ? `α-β ${ORDER_NAMES[r.order]}` : r.algo}: ${r.error}`);
      status.textContent = notRun.length ? `Not run — ${notRun.join('; ')}` : '';
      return true;
    } catch (e) {
      status.textContent = `The comparison stopped: ${e.message}`;
      return false;
    } finally {
      this.runButton.disabled = false;
    }
  }

  show(rows, cur, base) {
    this.last = { rows, base };
    this.csvButton.hidden = false;
    const mm = rows.find((r) => r.algo === 'minimax' && !r.error);
    const fmt = (v) => (v == null ? '' : Array.isArray(v) ? `(${v.map(formatValue).join(', ')})` : formatValue(v));
    const full = rows.find((r) => r.algo === 'alphabeta' && r.order === 'natural' && !r.error);
    const body = rows.map((r) => {
      if (r.algo === 'beam') {
        if (r.error) return { cells: [`beam n = ${r.width}`, '—', '—', '—', '—', { text: 'not run', title: r.error }] };
        // Forward pruning may hide the best move: say whether it found α-β's value and move.
        const same = full && full.value === r.value && full.best === r.best;
        const move = r.bestLabel ?? (r.best == null ? '—' : String(r.best));
        return {
          class: 'beam',
          cells: [
            `beam n = ${r.width}`,
            'natural, n best by EVAL',
            count(r.stats.nodes),
            count(r.stats.leaves),
            count(r.stats.cutoffs),
            `${fmt(r.value)} (move ${move}; ${full ? (same ? 'matches α-β' : 'misses α-β’s choice') : 'no α-β row to compare'})`,
          ],
        };
      }
      if (r.error) {
        const algo = r.algo === 'minimax' ? (base.minimaxAlgo ?? 'minimax') : 'α-β';
        return { cells: [algo, r.order ? ORDER_NAMES[r.order] : '—', '—', '—', '—', { text: 'not run', title: r.error }] };
      }
      const best = r.algo === 'alphabeta' && rows.filter((x) => x.algo === 'alphabeta' && !x.error).every((x) => x.stats.leaves >= r.stats.leaves);
      return {
        class: best ? 'best' : '',
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
    // The lessons' reference sizes.
    let ref;
    let how;
    if (mm) {
      ref = orderingReference(mm.stats.leaves, mm.stats.maxDepth);
      const m = mm.stats.maxDepth;
      const root = m === 1 ? 'the leaf count itself' : m === 2 ? 'the square root' : m === 3 ? 'the cube root' : `the ${m}th root`;
      const leaves = `${count(mm.stats.leaves)} ${mm.stats.leaves === 1 ? 'leaf' : 'leaves'}`;
      how = `b ≈ ${ref ? ref.b.toFixed(2) : '?'}: ${root} of minimax’s ${leaves}, b^${m} = leaves (exactly b for a uniform tree)`;
    } else if (cur.type === 'game' && base.depth) {
      ref = orderingReference(cur.legal ** base.depth, base.depth);
      how = `b = ${cur.legal} legal moves at the root, m = ${base.depth} (minimax is not run on Connect-4)`;
    }
    if (ref) {
      body.push({ class: 'ref', cells: [`b^m, m = ${ref.m}`, 'no pruning', '', approx(ref.full), '', ''] });
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
