// The UCB1 calculator: N(parent), C and the children's W/N in, each child's exploitation,
// exploration and UCB1 out, computed by the core's own ucb1 (the one MCTS selection uses).
// The MCTS lab and <ply-ucb> use it; preloaded with the lessons' exercise.

import { fmt4 } from '../lib/trace-view.js';
import { formatValue } from '../lib/notation.js';
import { el, fillTable, partMaker } from './dom.js';

/**
 * Parses "28/40, 30/50, 8/10" into [{w, n}], naming the child that is not W/N.
 * @param {string} text
 */
export function parseChildren(text) {
  const parts = String(text).split(',').map((s) => s.trim()).filter(Boolean);
  if (!parts.length) throw new Error('give at least one child as W/N, e.g. 28/40');
  if (parts.length > 64) throw new Error(`at most 64 children, got ${parts.length}`);
  return parts.map((part, i) => {
    const m = /^(\d{1,9}(?:\.\d{1,6})?)\s*\/\s*(\d{1,9})$/.exec(part);
    if (!m) throw new Error(`child ${i + 1}: '${part.slice(0, 40)}' is not W/N (e.g. 28/40)`);
    return { w: Number(m[1]), n: Number(m[2]) };
  });
}

export class UcbCalculator {
  /**
   * @param {HTMLElement} container
   * @param {object} opts
   * @param {object} opts.api the wasm module (for ucb1)
   * @param {string|null} [opts.idPrefix] the playground's 'ucb-'
   * @param {number} [opts.parent] N(parent), default 100
   * @param {number} [opts.c] C, default 1.414
   * @param {string} [opts.children] default '28/40, 30/50, 8/10'
   * @param {boolean} [opts.inputs] show the inputs (default true)
   */
  constructor(container, opts) {
    this.api = opts.api;
    const P = partMaker(opts.idPrefix);
    this.p = {
      parent: P('parent', 'input', { type: 'number', min: 1, value: String(opts.parent ?? 100), size: 5 }),
      c: P('c', 'input', { type: 'number', step: 0.001, min: 0, value: String(opts.c ?? 1.414), size: 6 }),
      children: P('children', 'input', { class: 'children', value: opts.children ?? '28/40, 30/50, 8/10', size: 22, spellcheck: 'false' }),
      go: P('go', 'button', { type: 'button' }, 'Compute'),
      error: P('error', 'p', { class: 'error', role: 'alert' }),
      table: P('table', 'table'),
    };
    const p = this.p;
    this.inputs = el(
      'div',
      { class: 'options', part: 'inputs' },
      el('label', {}, 'N(parent) ', p.parent),
      el('label', {}, 'C ', p.c),
      el('label', {}, 'Children (W/N, …) ', p.children),
      p.go,
    );
    this.inputs.hidden = opts.inputs === false;
    container.replaceChildren(
      el('p', { class: 'help' }, 'UCB1(n) = W(n)/N(n) + C·√(ln N(parent) / N(n)), computed by the core’s ', el('code', {}, 'ucb1'), '.'),
      this.inputs,
      p.error,
      el('div', { class: 'table-wrap' }, p.table),
    );
    p.go.addEventListener('click', () => this.calculate());
    for (const input of [p.parent, p.c, p.children]) {
      input.addEventListener('keydown', (e) => {
        if (e.key === 'Enter') this.calculate();
      });
    }
  }

  /** Sets the inputs and computes. */
  set({ parent, c, children }) {
    if (parent != null) this.p.parent.value = String(parent);
    if (c != null) this.p.c.value = String(c);
    if (children != null) this.p.children.value = children;
    return this.calculate();
  }

  /** Computes the table from the inputs; errors inline. Returns the rows or null. */
  calculate() {
    const p = this.p;
    p.error.textContent = '';
    const parentN = Number(p.parent.value);
    const c = Number(p.c.value);
    const rows = [];
    try {
      parseChildren(p.children.value).forEach(({ w, n }, i) => {
        rows.push({ name: `A${i + 1}`, w, n, ...this.api.ucb1(w, n, parentN, c) });
      });
    } catch (e) {
      p.error.textContent = e.message;
      p.table.replaceChildren();
      return null;
    }
    // ★: the child the core's selection rule picks (search::mcts::select_ucb1, the rule MCTS
    // selection uses: the largest total, the first on ties).
    const best = this.api.ucb1Select(Float64Array.from(rows, (r) => r.w), Float64Array.from(rows, (r) => r.n), parentN, c);
    fillTable(
      p.table,
      ['Child', 'W/N', 'Exploitation W/N', 'Exploration C·√(ln N(parent)/N)', 'UCB1'],
      rows.map((r, i) => ({
        class: i === best ? 'best' : '',
        cells: [`${i === best ? '★ ' : ''}${r.name}`, `${formatValue(r.w)}/${r.n}`, r.n ? fmt4(r.exploitation) : '—', fmt4(r.exploration), fmt4(r.total)],
      })),
      { caption: `ln ${parentN} = ${Math.log(parentN).toFixed(4)}; C = ${c}. ★: the child selection picks.` },
    );
    return rows;
  }

  /** The table as text (test hooks). */
  rows() {
    return [...this.p.table.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((td) => td.textContent));
  }
}
