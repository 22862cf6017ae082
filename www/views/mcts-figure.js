// Monte Carlo tree search one phase, one iteration or N iterations at a time: the tree on a
// canvas with W/N beside each node and the phase just shown tagged by name, the UCB1 terms of
// a clicked node's children, the root children's share of the visits over time and the
// decision. One implementation for the MCTS lab, <ply-mcts> and the embed page; it builds its
// DOM inside the container it is given.
//
// The figure receives an MctsStepper (the core's MCTS, in wasm) and owns it from then on.

import { buildMctsModel, fmt4, mctsTagColours, mctsToMove } from '../lib/trace-view.js';
import { count, formatValue } from '../lib/notation.js';
import { limits } from '../lib/limits.js';
import { TreeCanvas } from './tree-canvas.js';
import { canvasToolbar, viewButtons, wireCanvasToolbar } from './canvas-toolbar.js';
// isPresentKey: presenter mode (F, the Present button) and the keyboard help (?), views/present-keys.js.
import { el, fillTable, isPresentKey, partMaker, prefersDark, typingTarget } from './dom.js';

/** The controls an MCTS figure can show. */
/** The MCTS figure's keys, for the keyboard help. */
const MCTS_KEYS = [
  ['→ / ←', 'Step a phase / back one'],
  ['Space', 'Play or pause'],
  ['F', 'Presenter mode (full screen)'],
  ['?', 'This help'],
];

export const MCTS_CONTROLS = ['step', 'play', 'run', 'narration', 'zoom', 'ucb', 'chart', 'shares', 'decision', 'legend', 'export', 'present', 'text'];

const CHART_COLOURS = {
  light: ['#1f5fbf', '#c0392b', '#1e7b34', '#b35c00', '#7b3fa0', '#00838f', '#6d4c41', '#5f6368', '#ad1457'],
  dark: ['#7fb0ff', '#ff8a80', '#7ee08f', '#ffb866', '#d8a6ff', '#4dd0e1', '#bcaaa4', '#c0c4c8', '#f48fb1'],
};
const DASHES = [[], [6, 3], [2, 3], [8, 3, 2, 3], [1, 2], [10, 4], [4, 4], [3, 6], [12, 2]];

export class MctsFigure {
  /**
   * @param {HTMLElement} container a grid of two columns (class lab-main)
   * @param {object} [opts]
   * @param {string|null} [opts.idPrefix] the playground's 'mc-'
   * @param {Iterable<string>} [opts.controls] which of MCTS_CONTROLS to show (default: all)
   * @param {number} [opts.n] the "Run N" count
   * @param {number} [opts.speed] phases per second when playing
   * @param {(info: object) => void} [opts.onStep] after each change: {iterations, phase, nodes, narration, best}
   * @param {(message: string) => void} [opts.onError] a step that failed ('' clears)
   * @param {() => boolean} [opts.isDark]
   * @param {() => object} [opts.styleOverrides]
   * @param {() => ({placeMcts: Function}|null)} opts.placer the module that places the picture
   *   (the tree module: elements/runtime.js placerForFigure); null while it loads, and then
   *   `placerReady()` once it is here
   */
  constructor(container, opts = {}) {
    this.opts = opts;
    this.m = null;
    this.handle = null;
    this.history = [];
    this.selected = 0;
    this.playing = null;
    this.root = container;
    const P = partMaker(opts.idPrefix);
    this.p = {};
    const p = (name, tag, attrs, ...kids) => (this.p[name] = P(name, tag, attrs, ...kids));
    const canvasCol = el(
      'div',
      { class: 'canvas-col' },
      canvasToolbar(p, 'MCTS controls', {
        before: [
          p('back', 'button', { type: 'button', 'aria-keyshortcuts': 'ArrowLeft' }, '◀ Back'),
          p('phase', 'button', { type: 'button', 'aria-keyshortcuts': 'ArrowRight' }, 'Step phase'),
          p('iter', 'button', { type: 'button' }, 'Step iteration'),
          p('play', 'button', { type: 'button', 'aria-keyshortcuts': 'Space' }, '▶ Play'),
          p('n-label', 'label', {}, 'N ', p('n', 'input', { type: 'number', min: 1, value: String(opts.n ?? 100), size: 5 })),
          p('run', 'button', { type: 'button' }, 'Run N'),
        ],
        zoom: false,
        exportTitle: 'Save the MCTS tree as it is now as SVG or PNG',
        tail: [p('present', 'button', { type: 'button', 'aria-keyshortcuts': 'F', title: 'Presenter mode (full screen)' }, 'Present')],
      }),
      p('phase-line', 'p', { class: 'phase-line', 'aria-live': 'polite' }),
      el(
        'div',
        { class: 'canvas-wrap', part: 'canvas-wrap' },
        p('canvas', 'canvas', { tabindex: 0, role: 'img', 'aria-label': 'The MCTS tree; click a node to see the UCB1 of its children' }),
        p('tip', 'div', { class: 'tip', hidden: true }),
      ),
      p(
        'legend',
        'p',
        { class: 'legend' },
        'Beside each node: W/N (reward for the player who moved into it / visits). Phase tags: ',
        el('span', { class: 'ph ph-select' }, 'SELECT'),
        ' ',
        el('span', { class: 'ph ph-expand' }, 'EXPAND'),
        ' ',
        el('span', { class: 'ph ph-rollout' }, 'ROLLOUT'),
        ' ',
        el('span', { class: 'ph ph-backup' }, 'BACKUP'),
        '. Bold edge: the most-visited root child, the final decision. With the solver, after W/N: +∞ proven win, −∞ proven loss, = proven draw (for that player; a proven win is chosen first).',
      ),
    );
    const side = el(
      'div',
      { class: 'lab-side' },
      p(
        'ucb',
        'div',
        {},
        el('h2', {}, 'UCB1 of the inspected node’s children'),
        p('selected', 'p', { class: 'note' }, 'Click a node.'),
        el('div', { class: 'table-wrap', tabindex: 0, role: 'group', 'aria-label': 'UCB1 table (scrolls sideways when narrow)' }, p('ucb-table', 'table')),
      ),
      p('shares-title', 'h2', {}, 'Root children: share of visits'),
      p('chart', 'canvas', { class: 'chart', role: 'img', 'aria-label': 'Visit share of each root child over the iterations' }),
      p('shares-wrap', 'div', { class: 'table-wrap', tabindex: 0, role: 'group', 'aria-label': 'Root children table' }, p('shares', 'table')),
      p('decision', 'p', { class: 'decision' }),
    );
    this.side = side;
    container.replaceChildren(canvasCol, side);
    // The text view (views/text-view.js) is loaded the first time it is opened.
    this.textBox = el('details', { class: 'text-view', part: 'text-view', id: opts.idPrefix ? `${opts.idPrefix}text-view` : null }, el('summary', {}, 'Text view'));
    canvasCol.append(this.textBox);
    this.textView = null;
    this.textBox.addEventListener('toggle', () => this.renderText());
    this.canvas = new TreeCanvas(this.p.canvas, this.p.tip, {
      describe: (id) => this.describe(id),
      onClick: (id) => this.select(id),
      isDark: opts.isDark,
      styleOverrides: opts.styleOverrides,
    });
    this.wire();
    this.setControls(opts.controls ?? MCTS_CONTROLS);
    if (typeof ResizeObserver === 'function') {
      this.ro = new ResizeObserver(() => {
        if (this.lastChart) this.drawChart(...this.lastChart);
      });
      this.ro.observe(this.p.chart);
    }
    this.speed = opts.speed ?? 2;
  }

  wire() {
    const p = this.p;
    p.phase.addEventListener('click', () => this.act(() => this.m.stepPhase(), true));
    p.iter.addEventListener('click', () => this.act(() => this.m.stepIteration(), true));
    p.run.addEventListener('click', () => this.runN(Number(p.n.value)));
    p.back.addEventListener('click', () => this.act(() => this.m.back()));
    wireCanvasToolbar(this);
    p.play.addEventListener('click', () => this.togglePlay());
    p.present.addEventListener('click', () => import('./present-keys.js').then((k) => k.openPresenter(this.root, (m) => m.mctsAdapter(this), p.present)));
  }

  /** What the Export menu names and titles the file after: the iterations done so far. */
  exportInfo() {
    const n = this.m?.iterations ?? 0;
    return { prefix: 'plyground-mcts', step: n, title: `plyground: the MCTS tree after ${n} iteration${n === 1 ? '' : 's'}`, what: `${n} iteration${n === 1 ? '' : 's'}`, tree: false };
  }

  setControls(list) {
    const on = new Set(list);
    const p = this.p;
    const show = (name, ...parts) => {
      for (const part of parts) p[part].hidden = !on.has(name);
    };
    this.textBox.hidden = !on.has('text');
    show('step', 'back', 'phase', 'iter');
    show('play', 'play');
    show('run', 'n-label', 'run');
    show('zoom', ...viewButtons(p));
    show('export', 'export');
    show('present', 'present');
    show('narration', 'phase-line');
    show('legend', 'legend');
    show('ucb', 'ucb');
    show('chart', 'shares-title', 'chart');
    show('shares', 'shares-wrap');
    show('decision', 'decision');
    if (on.has('shares') && !on.has('chart')) p['shares-title'].hidden = false;
    p.toolbar.hidden = !['step', 'play', 'run', 'zoom', 'export'].some((c) => on.has(c));
    const sideUsed = ['ucb', 'chart', 'shares', 'decision'].some((c) => on.has(c));
    this.side.hidden = !sideUsed;
    this.root.classList.toggle('single', !sideUsed);
    this.controls = on;
  }

  get dark() {
    return this.opts.isDark ? this.opts.isDark() : prefersDark();
  }

  error(message) {
    if (this.opts.onError) this.opts.onError(message);
  }

  /**
   * Shows a new MCTS run (the old stepper and its game or tree are freed). The figure owns
   * `m` and `handle` from now on. Goes to `iterations` completed iterations (in chunks, so
   * the chart has points), then to `phase` of the next one; selects node `selected`.
   * @param {{m: object, handle: object, kind: 'ttt'|'c4'|'tree', c: number, iterations?: number, phase?: string|null, selected?: number}} what
   */
  load({ m, handle, kind, c, iterations = 0, phase = null, selected = 0 }) {
    this.pause();
    this.gate = null; // a new run: predict mode sets its own gate again
    this.m?.free();
    this.handle?.free();
    this.m = m;
    this.handle = handle;
    this.kind = kind;
    this.c = c;
    this.history = [{ iter: 0, shares: [] }];
    this.selected = 0;
    this.structure = -1;
    if (iterations > 0) this.advance(iterations);
    if (phase) {
      // At most select, expand, rollout (a phase without events is skipped).
      for (let k = 0; k < 4 && m.phase !== phase; k++) m.stepPhase();
      if (m.phase !== phase) throw new Error(`phase: iteration ${m.iterations + 1} has no ${phase} phase here`);
    }
    const nodes = m.nodes();
    if (selected) {
      if (!nodes[selected]) throw new Error(`selected: there is no node ${selected} (the tree has ${nodes.length})`);
      this.selected = selected;
    }
    this.render(true, true, { quiet: true });
  }

  destroy() {
    this.pause();
    this.canvas.destroy();
    this.ro?.disconnect();
    this.m?.free();
    this.handle?.free();
    this.m = null;
    this.handle = null;
  }

  act(fn, forward = false) {
    if (!this.m) return;
    if (forward && this.gate && !this.gate()) return; // predict mode (views/predict.js): a question is open
    const before = this.m.nodeCount;
    try {
      fn();
    } catch (e) {
      this.error(e.message);
      return;
    }
    this.error('');
    this.record();
    this.render(this.m.nodeCount !== before);
  }

  /** Runs n more iterations in chunks (the chart gets a point per chunk). */
  advance(n) {
    if (this.m.phase !== 'done' && this.m.iterations > 0) this.m.stepIteration();
    const target = this.m.iterations + n;
    const chunk = Math.max(1, Math.ceil(n / 60));
    while (this.m.iterations < target) {
      this.m.run(Math.min(chunk, target - this.m.iterations));
      this.record();
    }
  }

  runN(n, fit = false) {
    if (!this.m) return;
    if (this.gate) return this.error('Predict mode steps one phase at a time: Run N would pass the questions.');
    const max = limits().maxShownIterations; // read when used: a practice page may not load the shipped module
    if (!Number.isInteger(n) || n < 1 || n > max) {
      this.error(`N must be a whole number from 1 to ${count(max)}, got '${this.p.n.value}'`);
      return;
    }
    try {
      // Finish a partly shown iteration first, then run in chunks so the chart has points.
      this.advance(n);
      this.error('');
    } catch (e) {
      this.error(e.message);
    }
    this.render(true, fit);
  }

  togglePlay() {
    if (this.playing) this.pause();
    else this.play();
  }

  /** Steps one phase at a time at `speed` phases per second. */
  play() {
    if (!this.m) return;
    this.playing = setInterval(() => this.act(() => this.m.stepPhase(), true), 1000 / this.speed);
    this.p.play.textContent = '❚❚ Pause';
  }

  pause() {
    if (this.playing) clearInterval(this.playing);
    this.playing = null;
    this.p.play.textContent = '▶ Play';
  }

  /** → steps a phase, ← goes back one, Space plays or pauses. Returns whether the key was used. */
  handleKey(e) {
    if (typingTarget(e) || e.ctrlKey || e.metaKey || e.altKey) return false;
    const target = e.composedPath ? e.composedPath()[0] : e.target;
    if (isPresentKey(e)) {
      import('./present-keys.js').then((k) => k.presentKey(e, this.root, (m) => m.mctsAdapter(this)) || k.helpKey(e, this.root, 'Keys of the MCTS figure', MCTS_KEYS));
      return true;
    }
    if (e.key === 'ArrowRight') this.act(() => this.m.stepPhase(), true);
    else if (e.key === 'ArrowLeft') this.act(() => this.m.back());
    else if (e.key === ' ' && this.controls.has('play') && !(target && target.tagName === 'BUTTON')) this.togglePlay();
    else return false;
    return true;
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

  select(id, { fromText = false } = {}) {
    this.selected = id;
    this.render(false);
    if (!fromText) this.textView?.focus(id, { notify: false });
    this.canvas.reveal(id);
  }

  /**
   * The text view: every node with N, W and, under an expanded parent, its UCB1 with the
   * core's ★ (only while the view is open: a long run has thousands of nodes).
   */
  renderText() {
    const box = this.textBox;
    if (!this.m || !box.open || box.hidden) return;
    const tv = this.textView;
    if (!tv) {
      this.textLoad ??= import('./text-view.js').then((mod) => {
        this.tv = mod;
        this.textView = new mod.TextView(box, { onFocus: (id) => this.select(id, { fromText: true }), label: 'The MCTS tree as text' });
        this.renderText();
      });
      return;
    }
    const nodes = this.nodes ?? this.m.nodes();
    const model = this.canvas.model;
    const ucb = new Map();
    const limit = Math.min(nodes.length, this.tv.TEXT_VIEW_LIMIT);
    for (let id = 0; id < limit; id++) {
      if (!nodes[id].children.length) continue;
      for (const t of this.m.ucb(id)) ucb.set(t.child, t);
    }
    const current = this.currentNode(this.m.lastEvents());
    const items = [];
    for (let id = 0; id < nodes.length; id++) {
      const nd = nodes[id];
      const t = ucb.get(id);
      items.push({
        id,
        parent: nd.parent,
        current: id === current,
        text: this.tv.mctsLine(model.nodes[id] ?? { kind: 'terminal' }, {
          name: this.nodeName(nodes, id),
          n: count(nd.n),
          w: formatValue(Math.round(nd.w * 1000) / 1000),
          ucb: t ? fmt4(t.total) : null,
          star: Boolean(t && t.selected),
          current: id === current,
        }),
      });
    }
    tv.render(items, { note: this.p.decision.textContent });
    if (this.selected != null) tv.focus(this.selected, { notify: false });
  }

  nodeName(nodes, id) {
    if (id == null || id < 0 || !nodes[id]) return '?';
    if (nodes[id].parent < 0) return 'the root';
    const path = [];
    for (let at = id; at >= 0 && nodes[at].parent >= 0; at = nodes[at].parent) path.push(nodes[at].label);
    return `node ${path.reverse().join('·')}`;
  }

  render(structureChanged, fit = false, { quiet = false } = {}) {
    const m = this.m;
    const nodes = m.nodes();
    this.nodes = nodes;
    const shares = m.rootShares();
    // The decision is the core's (the most-visited root child, first in the game's order on ties).
    const bestChild = m.bestChild ?? null;
    const bestShare = bestChild != null ? (shares.find((x) => x.child === bestChild) ?? null) : null;
    // MCTS-Solver: a proven root's move is the core's choice by the proof (m.best), not the most visits.
    const best = m.best;
    const proven = nodes[0]?.proof ? nodes.find((nd) => nd.parent === 0 && nd.action === best) : null;
    const events = m.lastEvents();
    const dark = this.dark;
    const decided = proven ? proven.id : bestShare && bestShare.n > 0 ? bestShare.child : null;
    const model = buildMctsModel(nodes, events, {
      phase: m.phase,
      bestChild: decided,
      edgeName: (nd) => (nd.parent < 0 ? '' : nd.label),
      players: this.kind === 'tree' ? this.handle.players : 2,
    });
    // The core's placement (MctsStepper.picture, placed by the tree module's placeMcts:
    // every text a box, none on another; room for the badge on the iteration's path, so
    // the badge going from node to node moves nothing else). `model` keeps what the text
    // view, the hover and the overview map read.
    const placer = this.opts.placer();
    // The placing module may still be on its way (the MCTS lab asks for it once its first
    // words are on screen): the words and tables now, the drawing in placerReady(); the
    // canvas keeps its reserved room meanwhile.
    if (placer) {
      const placed = this.placedSource(placer, m, nodes, decided);
      if (structureChanged || this.structure !== nodes.length) {
        // Until the user pans or zooms, the view follows: the whole tree while it reads, else
        // the root and the node the last phase acted on; after that, the root stays where it
        // is on screen.
        const first = this.structure < 0 || fit;
        this.structure = nodes.length;
        this.canvas.setPlaced(model, placed, { fit: first });
        // The root is always in the frame: when the last phase acted on it (a complete
        // iteration), the decision (the bold root child) is kept in view with it.
        const acted = this.currentNode(events);
        this.canvas.reveal(acted === 0 && decided != null ? decided : acted);
      } else {
        this.canvas.setPlaced(model, placed, { fit: false });
      }
    }
    // Phase line: the badge names the phase just shown (after a backup the iteration is complete).
    const last = events.length ? events[events.length - 1] : null;
    const phase = last ? last.phase : 'start';
    const badge = el('span', { class: `ph ph-${phase === 'start' ? 'done' : phase}` }, phase.toUpperCase());
    // The sentence is the core's (caption::mcts_narration through MctsStepper.narration()).
    const text = m.narration();
    this.p['phase-line'].replaceChildren(
      badge,
      ` Iteration ${m.iterations}${m.phase !== 'done' && m.iterations > 0 ? ' (in progress)' : ''} · ${count(nodes.length)} ${nodes.length === 1 ? 'node' : 'nodes'} — `,
      text,
    );
    // MCTS-Solver: once the root is proven, the narration says so and by which rule.
    if (nodes[0]?.proofRule) this.p['phase-line'].append(` The root is a ${nodes[0].proofRule}.`);
    this.narration = nodes[0]?.proofRule ? `${text} The root is a ${nodes[0].proofRule}.` : text;
    this.renderUcb(nodes);
    // Root shares table, chart and decision.
    const total = shares.reduce((s, x) => s + x.n, 0);
    fillTable(
      this.p.shares,
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
    // What is true of the decision (most visited; best average or not) is the core's sentence;
    // with MCTS-Solver and a proven root, the move the proof picks.
    this.p.decision.textContent = proven
      ? `Decision: ${this.kind === 'c4' ? 'column ' : this.kind === 'ttt' ? 'cell ' : ''}${proven.label} — the root is a proven ${nodes[0].proof} for the player to move, and the solver picks by the proof (N = ${count(proven.n)}).`
      : m.decision();
    if (!this.p.chart.hidden) this.drawChart(shares, nodes, dark);
    else this.lastChart = [shares, nodes, dark];
    this.renderText();
    if (!quiet && this.opts.onStep) this.opts.onStep(this.stepInfo());
    else if (quiet && this.opts.onLoad) this.opts.onLoad(this.stepInfo());
  }

  /**
   * The picture on screen as the core places it, normal and compact (each placed when first
   * drawn), with the badges' colours of the scheme it is drawn in: the canvas's `setPlaced`
   * source. The stepper's module (tree or games) gives the picture; the placer (`opts.placer`,
   * the tree module: elements/runtime.js placerForFigure) places it.
   */
  placedSource(placer, m, nodes, decided) {
    const recs = [null, null];
    const selected = this.selected != null && this.selected >= 0 ? this.selected : null;
    const picture = m.picture(decided, selected);
    const labels = nodes.map((nd) => nd.label);
    const get = (compact) => {
      const k = compact ? 1 : 0;
      recs[k] ??= placer.placeMcts(picture, labels, compact);
      return recs[k];
    };
    const at = (compact) => {
      const step = get(compact).step;
      const dark = this.dark;
      if (step.dark !== dark) Object.assign(step, { dark, tagColours: mctsTagColours(dark) });
      return step;
    };
    return { layout: (compact) => get(compact).layout, at };
  }

  /** The placing module has arrived: draw the picture the words on screen already describe. */
  placerReady() {
    // (Nothing of this run is placed yet while `structure` is still load()'s -1.)
    if (this.m && this.structure < 0) this.render(true, true, { quiet: true });
  }

  /** What a step event carries: plain data. */
  stepInfo() {
    const m = this.m;
    const bestLabel = m.best != null ? String(m.best) : null;
    return { iterations: m.iterations, phase: m.phase, nodes: m.nodeCount, narration: this.narration, best: bestLabel };
  }

  renderUcb(nodes) {
    const id = this.selected;
    const table = this.p['ucb-table'];
    if (id == null || !nodes[id]) {
      table.replaceChildren();
      return;
    }
    const terms = this.m.ucb(id);
    const nd = nodes[id];
    this.p.selected.textContent = terms.length
      ? `${this.nodeName(nodes, id)} (N = ${nd.n}); C = ${this.c}. Selection follows the largest UCB1 (★).`
      : `${this.nodeName(nodes, id)} has no children yet${nd.terminal ? ' (terminal)' : ''}.`;
    // ★: the child the core's selection rule picks (select_ucb1: the largest total, the first on ties).
    const bestI = terms.findIndex((t) => t.selected);
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
    const canvas = this.p.chart;
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
      mctsToMove(nd, { players: this.kind === 'tree' ? this.handle.players : 2, game: this.kind !== 'tree' }),
      nd.untried ? `${nd.untried} untried action${nd.untried === 1 ? '' : 's'}` : '',
      nd.proofRule ? `${nd.proofRule[0].toUpperCase()}${nd.proofRule.slice(1)}.` : '',
      'Click to see its children’s UCB1.',
    ].filter(Boolean);
    return { text: lines.join('\n') };
  }

  snapshot() {
    return {
      iterations: this.m?.iterations,
      phase: this.m?.phase,
      nodes: this.nodes?.length,
      best: this.m?.best,
      history: this.history.length,
      selected: this.selected,
    };
  }
}
