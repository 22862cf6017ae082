// The MCTS lab: Monte Carlo tree search one phase, one iteration or N iterations at a time on
// a tic-tac-toe or Connect-4 position or an explicit tree; the UCB1 terms of any node's
// children; the root children's share of the visits over time; and a UCB1 calculator fed by
// the core's own ucb1.

import { buildMctsModel, fmt4, mctsNarration } from '../lib/trace-view.js';
import { count } from '../lib/board.js';
import { formatValue } from '../lib/notation.js';
import { TreeCanvas } from './tree-canvas.js';
import { $, el, fillTable, prefersDark, typingTarget } from './dom.js';

const CHART_COLOURS = {
  light: ['#1f5fbf', '#c0392b', '#1e7b34', '#b35c00', '#7b3fa0', '#00838f', '#6d4c41', '#5f6368', '#ad1457'],
  dark: ['#7fb0ff', '#ff8a80', '#7ee08f', '#ffb866', '#d8a6ff', '#4dd0e1', '#bcaaa4', '#c0c4c8', '#f48fb1'],
};
const DASHES = [[], [6, 3], [2, 3], [8, 3, 2, 3], [1, 2], [10, 4], [4, 4], [3, 6], [12, 2]];

export class MctsLab {
  constructor(env) {
    this.api = env.api;
    this.app = $('app');
    this.m = null;
    this.handle = null; // the Game or GameTree the stepper searches
    this.history = [];
    this.selected = 0;
    this.canvas = new TreeCanvas($('mc-canvas'), $('mc-tip'), {
      describe: (id) => this.describe(id),
      onClick: (id) => this.select(id),
    });
    this.wire();
    this.calculate();
    this.reset();
    if (typeof ResizeObserver === 'function') {
      new ResizeObserver(() => {
        if (this.lastChart) this.drawChart(...this.lastChart);
      }).observe($('mc-chart'));
    }
  }

  wire() {
    $('mc-source').addEventListener('change', () => {
      const v = $('mc-source').value;
      $('mc-tree-input').hidden = v !== 'tree';
      $('mc-moves-label').hidden = v === 'tree';
      $('mc-moves').value = v === 'c4' ? '4453' : v === 'ttt' ? '4,0,8' : '';
      this.reset();
    });
    $('mc-reset').addEventListener('click', () => this.reset());
    $('mc-phase').addEventListener('click', () => this.act(() => this.m.stepPhase()));
    $('mc-iter').addEventListener('click', () => this.act(() => this.m.stepIteration()));
    $('mc-run').addEventListener('click', () => this.runN(Number($('mc-n').value)));
    $('mc-back').addEventListener('click', () => this.act(() => this.m.back()));
    $('mc-fit').addEventListener('click', () => this.canvas.fit());
    $('ucb-go').addEventListener('click', () => this.calculate());
    for (const id of ['ucb-parent', 'ucb-c', 'ucb-children']) {
      $(id).addEventListener('keydown', (e) => {
        if (e.key === 'Enter') this.calculate();
      });
    }
    document.addEventListener('keydown', (e) => {
      if (this.app.dataset.view !== 'mcts' || typingTarget(e) || e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key === 'ArrowRight') this.act(() => this.m.stepPhase());
      else if (e.key === 'ArrowLeft') this.act(() => this.m.back());
      else return;
      e.preventDefault();
    });
    $('mc-moves').value = '4,0,8';
  }

  /** A new stepper from the inputs (errors inline; the old tree stays). */
  reset(opts = {}) {
    const err = $('mc-error');
    err.textContent = '';
    const src = $('mc-source').value;
    const c = Number($('mc-c').value);
    const seed = Number($('mc-seed').value);
    let handle;
    let m;
    try {
      if (!Number.isFinite(c) || c < 0) throw new Error(`C must be a number ≥ 0, got '${$('mc-c').value}'`);
      if (!Number.isInteger(seed) || seed < 0) throw new Error(`the seed must be a whole number ≥ 0, got '${$('mc-seed').value}'`);
      if (src === 'tree') {
        handle = this.api.GameTree.parse($('mc-text').value);
        m = this.api.MctsStepper.forTree(handle, { c, seed });
      } else {
        handle = this.api.Game.create(src, $('mc-moves').value.trim());
        if (handle.isTerminal) throw new Error('that position is already over: MCTS needs a move to choose');
        m = this.api.MctsStepper.forGame(handle, { c, seed });
      }
    } catch (e) {
      err.textContent = e.message;
      handle?.free();
      return false;
    }
    this.m?.free();
    this.handle?.free();
    this.m = m;
    this.handle = handle;
    this.kind = src;
    this.history = [{ iter: 0, shares: [] }];
    this.selected = 0;
    this.structure = -1;
    if (opts.iterations) this.runN(opts.iterations, true);
    else this.render(true);
    return true;
  }

  /** Opens the MCTS search an engine made in the Play view: same position, C and seed. */
  showGameSearch(s) {
    $('mc-source').value = s.kind;
    $('mc-tree-input').hidden = true;
    $('mc-moves-label').hidden = false;
    $('mc-moves').value = s.moves;
    $('mc-c').value = String(s.options.c);
    $('mc-seed').value = String(s.options.seed);
    this.reset({ iterations: s.options.iterations });
  }

  act(fn) {
    if (!this.m) return;
    const before = this.m.nodeCount;
    try {
      fn();
    } catch (e) {
      $('mc-error').textContent = e.message;
      return;
    }
    $('mc-error').textContent = '';
    this.record();
    this.render(this.m.nodeCount !== before);
  }

  runN(n, fit = false) {
    if (!this.m) return;
    if (!Number.isInteger(n) || n < 1) {
      $('mc-error').textContent = `N must be a whole number ≥ 1, got '${$('mc-n').value}'`;
      return;
    }
    // Finish a partly shown iteration first, then run in chunks so the chart has points.
    try {
      if (this.m.phase !== 'done' && this.m.iterations > 0) this.m.stepIteration();
      const target = this.m.iterations + n;
      const chunk = Math.max(1, Math.ceil(n / 60));
      while (this.m.iterations < target) {
        this.m.run(Math.min(chunk, target - this.m.iterations));
        this.record();
      }
    } catch (e) {
      $('mc-error').textContent = e.message;
    }
    this.render(true, fit);
  }

  /** The node the last phase acted on (the one the picture rings). */
  currentNode(events) {
    const e = events[events.length - 1];
    if (!e) return 0;
    return e.phase === 'select' || e.phase === 'expand' ? (e.child ?? e.node) : e.node;
  }

  /** Adds the root shares at the current iteration to the chart's history. */
  record() {
    const it = this.m.iterations;
    this.history = this.history.filter((h) => h.iter < it);
    this.history.push({ iter: it, shares: this.m.rootShares() });
  }

  select(id) {
    this.selected = id;
    this.render(false);
  }

  nodeName(nodes, id) {
    if (id == null || id < 0 || !nodes[id]) return '?';
    if (nodes[id].parent < 0) return 'the root';
    const path = [];
    for (let at = id; at >= 0 && nodes[at].parent >= 0; at = nodes[at].parent) path.push(nodes[at].label);
    return `node ${path.reverse().join('·')}`;
  }

  render(structureChanged, fit = false) {
    const m = this.m;
    const nodes = m.nodes();
    this.nodes = nodes;
    const shares = m.rootShares();
    const best = m.best;
    const bestShare = shares.length ? shares.reduce((a, b) => (b.n > a.n ? b : a)) : null;
    const events = m.lastEvents();
    const dark = prefersDark();
    const model = buildMctsModel(nodes, events, {
      phase: m.phase,
      bestChild: bestShare && bestShare.n > 0 ? bestShare.child : null,
      selected: this.selected,
      dark,
      edgeName: (nd) => (nd.parent < 0 ? '' : nd.label),
    });
    if (structureChanged || this.structure !== nodes.length) {
      const first = this.structure < 0 || fit;
      this.structure = nodes.length;
      this.canvas.setModel(model, { fit: first, layout: { levelHeight: 64 } });
      if (!first && nodes.length <= 60) this.canvas.fit();
      else if (!first) this.canvas.reveal(this.currentNode(events));
    } else {
      this.canvas.model = model;
      this.canvas.invalidate();
    }
    // Phase line: the badge names the phase (colour repeats it).
    const last = events.length ? events[events.length - 1] : null;
    const line = $('mc-phase-line');
    // The badge names the phase just shown (after a backup the iteration is complete).
    const phase = last ? last.phase : 'start';
    const badge = el('span', { class: `ph ph-${phase === 'start' ? 'done' : phase}` }, phase.toUpperCase());
    const text = m.phase === 'done' && last ? `Iteration ${m.iterations} complete. ${mctsNarration(last, (id) => this.nodeName(nodes, id))}` : mctsNarration(last, (id) => this.nodeName(nodes, id));
    line.replaceChildren(badge, ` Iteration ${m.iterations}${m.phase !== 'done' && m.iterations > 0 ? ' (in progress)' : ''} · ${count(nodes.length)} nodes — `, text);
    // The UCB1 table of the selected node.
    this.renderUcb(nodes);
    // Root shares table, chart and decision.
    const total = shares.reduce((s, x) => s + x.n, 0);
    fillTable(
      $('mc-shares'),
      ['Move', 'N', 'Share', 'Q'],
      shares.map((s) => ({
        class: bestShare && s.child === bestShare.child ? 'best' : '',
        cells: [
          `${bestShare && s.child === bestShare.child ? '★ ' : ''}${nodes[s.child].label}`,
          count(s.n),
          total ? `${((100 * s.n) / total).toFixed(1)}%` : '—',
          s.n ? s.q.toFixed(3) : '—',
        ],
      })),
    );
    $('mc-decision').textContent =
      best != null && bestShare
        ? `Decision now: ${this.kind === 'c4' ? 'column ' : this.kind === 'ttt' ? 'cell ' : ''}${nodes[bestShare.child].label} — the most-visited root child (N = ${count(bestShare.n)} of ${count(total)}), not the best average.`
        : 'No decision before the first iteration.';
    this.drawChart(shares, nodes, dark);
    // Test hooks.
    const a = this.app.dataset;
    a.mctsIterations = String(m.iterations);
    a.mctsPhase = m.phase;
    a.mctsNodes = String(nodes.length);
  }

  renderUcb(nodes) {
    const id = this.selected;
    const table = $('mc-ucb-table');
    if (id == null || !nodes[id]) {
      table.replaceChildren();
      return;
    }
    const terms = this.m.ucb(id);
    const nd = nodes[id];
    $('mc-selected').textContent = terms.length
      ? `${this.nodeName(nodes, id)} (N = ${nd.n}); C = ${$('mc-c').value}. Selection follows the largest UCB1 (★).`
      : `${this.nodeName(nodes, id)} has no children yet${nd.terminal ? ' (terminal)' : ''}.`;
    let bestI = -1;
    terms.forEach((t, i) => {
      if (bestI < 0 || t.total > terms[bestI].total) bestI = i;
    });
    fillTable(
      table,
      ['Child', 'W', 'N', 'W/N', 'C·√(ln N/n)', 'UCB1'],
      terms.map((t, i) => ({
        class: i === bestI ? 'best' : '',
        cells: [
          `${i === bestI ? '★ ' : ''}${nodes[t.child].label}`,
          formatValue(Math.round(t.w * 1000) / 1000),
          String(t.n),
          t.n ? fmt4(t.exploitation) : '—',
          t.n ? fmt4(t.exploration) : '+∞',
          fmt4(t.total),
        ],
      })),
    );
  }

  drawChart(shares, nodes, dark) {
    this.lastChart = [shares, nodes, dark];
    const canvas = $('mc-chart');
    const dpr = window.devicePixelRatio || 1;
    const w = Math.max(1, canvas.clientWidth);
    const h = Math.max(1, canvas.clientHeight);
    canvas.width = Math.round(w * dpr);
    canvas.height = Math.round(h * dpr);
    const ctx = canvas.getContext('2d');
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, w, h);
    const colours = CHART_COLOURS[dark ? 'dark' : 'light'];
    const fg = dark ? '#e8e8e8' : '#1b1b1b';
    const muted = dark ? '#6b7078' : '#b0b0b0';
    const pad = { l: 34, r: 44, t: 8, b: 18 };
    const hist = this.history;
    const maxIt = Math.max(1, hist.length ? hist[hist.length - 1].iter : 1);
    ctx.font = '10px system-ui, sans-serif';
    ctx.strokeStyle = muted;
    ctx.fillStyle = fg;
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (const f of [0, 0.5, 1]) {
      const y = pad.t + (1 - f) * (h - pad.t - pad.b);
      ctx.moveTo(pad.l, y);
      ctx.lineTo(w - pad.r, y);
      ctx.textAlign = 'right';
      ctx.textBaseline = 'middle';
      ctx.fillText(`${f * 100}%`, pad.l - 4, y);
    }
    ctx.stroke();
    ctx.textAlign = 'center';
    ctx.textBaseline = 'top';
    ctx.fillText(`iterations 0 – ${count(maxIt)}`, (pad.l + w - pad.r) / 2, h - pad.b + 4);
    const X = (it) => pad.l + (it / maxIt) * (w - pad.l - pad.r);
    const Y = (f) => pad.t + (1 - f) * (h - pad.t - pad.b);
    shares.forEach((s, k) => {
      ctx.beginPath();
      let started = false;
      for (const hpt of hist) {
        const tot = hpt.shares.reduce((a, x) => a + x.n, 0);
        if (!tot) continue;
        const mine = hpt.shares.find((x) => x.child === s.child);
        const f = mine ? mine.n / tot : 0;
        if (!started) ctx.moveTo(X(hpt.iter), Y(f));
        else ctx.lineTo(X(hpt.iter), Y(f));
        started = true;
      }
      ctx.strokeStyle = colours[k % colours.length];
      ctx.setLineDash(DASHES[k % DASHES.length]);
      ctx.lineWidth = 2;
      ctx.stroke();
      // Label at the end of the line: the move, so lines are told apart without colour.
      const tot = shares.reduce((a, x) => a + x.n, 0);
      if (tot) {
        ctx.setLineDash([]);
        ctx.fillStyle = colours[k % colours.length];
        ctx.textAlign = 'left';
        ctx.textBaseline = 'middle';
        ctx.fillText(nodes[s.child].label, w - pad.r + 4, Y(s.n / tot) + (k % 3) * 3 - 3);
      }
    });
    ctx.setLineDash([]);
  }

  describe(id) {
    const nd = this.nodes?.[id];
    if (!nd) return null;
    const lines = [
      `${this.nodeName(this.nodes, id)}${nd.terminal ? ' (terminal)' : ''}`,
      `N = ${nd.n} visits, W = ${formatValue(Math.round(nd.w * 1000) / 1000)}, Q = W/N = ${nd.n ? nd.q.toFixed(4) : '—'}`,
      nd.toMove === 0 || nd.toMove === 1 ? `${'XO'[nd.toMove] ?? ''} (${nd.toMove === 0 ? 'MAX' : 'MIN'}) to move here` : '',
      nd.untried ? `${nd.untried} untried action${nd.untried === 1 ? '' : 's'}` : '',
      'Click to see its children’s UCB1.',
    ].filter(Boolean);
    return { text: lines.join('\n') };
  }

  // ------------------------------------------------------------------ the calculator

  calculate() {
    const err = $('ucb-error');
    err.textContent = '';
    const parentN = Number($('ucb-parent').value);
    const c = Number($('ucb-c').value);
    const text = $('ucb-children').value;
    const rows = [];
    try {
      const parts = text.split(',').map((s) => s.trim()).filter(Boolean);
      if (!parts.length) throw new Error('give at least one child as W/N, e.g. 28/40');
      parts.forEach((part, i) => {
        const m = /^(\d+(?:\.\d+)?)\s*\/\s*(\d+)$/.exec(part);
        if (!m) throw new Error(`child ${i + 1}: '${part}' is not W/N (e.g. 28/40)`);
        const w = Number(m[1]);
        const n = Number(m[2]);
        rows.push({ name: `A${i + 1}`, w, n, ...this.api.ucb1(w, n, parentN, c) });
      });
    } catch (e) {
      err.textContent = e.message;
      return;
    }
    let best = 0;
    rows.forEach((r, i) => {
      if (r.total > rows[best].total) best = i;
    });
    fillTable(
      $('ucb-table'),
      ['Child', 'W/N', 'Exploitation W/N', 'Exploration C·√(ln N(parent)/N)', 'UCB1'],
      rows.map((r, i) => ({
        class: i === best ? 'best' : '',
        cells: [
          `${i === best ? '★ ' : ''}${r.name}`,
          `${formatValue(r.w)}/${r.n}`,
          r.n ? fmt4(r.exploitation) : '—',
          fmt4(r.exploration),
          fmt4(r.total),
        ],
      })),
      { caption: `ln ${parentN} = ${Math.log(parentN).toFixed(4)}; C = ${c}. ★: the child selection picks.` },
    );
  }

  snapshot() {
    return {
      iterations: this.m?.iterations,
      phase: this.m?.phase,
      nodes: this.nodes?.length,
      best: this.m?.best,
      history: this.history.length,
      calculator: [...$('ucb-table').querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((td) => td.textContent)),
    };
  }
}
