// A recorded search drawn as a tree, with its transport: the canvas (pan, zoom, hover),
// step / play / scrubber, the narration of each step, the counters, the result line
// and the pseudocode line. One implementation for the tree lab and for <ply-tree> and the
// embed page: it builds its own DOM inside a container it is given and touches nothing
// outside it.
//
// The figure receives a Stepper (the real search, recorded by the wasm module) and owns it
// from then on; it never searches or decides anything itself.

import { applyStep, boardRows, buildTraceModel, describeNode } from '../lib/trace-view.js';
import { count, formatValue } from '../lib/notation.js';
import { TreeCanvas } from './tree-canvas.js';
import { canvasToolbar, viewButtons, wireCanvasToolbar } from './canvas-toolbar.js';
import { el, isPresentKey, partMaker, reducedMotion, setChildren, typingTarget } from './dom.js';

/** The thumbnail drawing (lib/tree-thumbs.js), loaded the first time a figure shows boards. */
let thumbMod = null;

/** The controls a tree figure can show (`controls="step,play,…"`). */
export const TREE_CONTROLS = ['step', 'play', 'navigate', 'events', 'scrubber', 'narration', 'counters', 'result', 'pseudocode', 'zoom', 'boards', 'minimax', 'legend', 'export', 'text'];

const LEGEND =
  '▲ MAX · ▼ MIN · ○ chance · □ terminal · players P1 ▲, P2 ◆, P3 ⬟ … numbered and coloured · [α, β] window of an open node · ≤ v / ≥ v: a finished value that is only a bound — a cutoff left children unsearched, so the true value is at most / at least v (only the root’s is sure to be exact) · minimax: v the true minimax value (Minimax values) · dashed grey: pruned · bold edge: the move chosen · red ring: current node · blue ring: the node in focus (↑ ↓ on the canvas, or the text view)';

const MINIMAX_ON =
  'Minimax values shown beside the search’s own (“minimax: v”, from a separate minimax search): where the search’s value is a bound (≤ or ≥) the true value may differ.';

/** What the narration line says at step i (its state `s`): before the search, a prompt to start. */
function narrationAt(i, s) {
  return i === 0 ? 'Before the first step. Step forward (→) to start the search.' : s.narration;
}

/** The canvas's label. */
const CANVAS_LABEL = 'The search tree. ← → step; ↑ ↓ and Shift+← → move between nodes (the text view below follows); drag to pan, wheel or pinch to zoom.';

export class TreeFigure {
  /**
   * @param {HTMLElement} container where the figure's DOM goes (its children are replaced; a
   *   grid of two columns, class lab-main)
   * @param {object} [opts]
   * @param {string|null} [opts.idPrefix] give the parts ids (the playground's 'tl-'); elements leave ids out
   * @param {Iterable<string>} [opts.controls] which of TREE_CONTROLS to show (default: all)
   * @param {number} [opts.speed] steps per second when playing
   * @param {(info: object) => void} [opts.onStep] after every step: {index, length, narration, event, done}
   * @param {(info: object) => void} [opts.onDone] when a step reaches the end of the trace
   * @param {() => boolean} [opts.isDark] the canvas palette (default: the system's)
   * @param {() => object} [opts.styleOverrides] canvas palette fields (theming)
   * @param {(d: number) => void} [opts.onFocus] the node in focus changed (the tree lab's editor sets it)
   * @param {(d: number) => void} [opts.onNodeClick] a node was clicked on the canvas (the editor focuses it)
   * @param {Function} [opts.Navigator] views/navigate.js's class, to build the navigation with the figure (else it is loaded when first wanted)
   */
  constructor(container, opts = {}) {
    this.opts = opts;
    this.st = null;
    this.tree = null;
    this.model = null;
    this.boards = new Map();
    this.playing = null;
    this.current = null; // {type: 'tree', text} | {type: 'game', kind, moves}
    this.pseudoLines = [];
    const P = partMaker(opts.idPrefix);
    this.p = {};
    const p = (name, tag, attrs, ...kids) => (this.p[name] = P(name, tag, attrs, ...kids));
    this.part = p;
    const canvasCol = el(
      'div',
      { class: 'canvas-col' },
      canvasToolbar(p, 'Tree view', {
        after: [
          p('boards', 'label', { class: 'check' }, p('thumbs', 'input', { type: 'checkbox' }), ' Boards'),
          // The true minimax values beside the search's (Stepper.minimaxValues: a separate
          // minimax run in the core), so that a student sees which values are only bounds.
          p(
            'minimax-box',
            'label',
            { class: 'check', title: 'Each finished node’s true minimax value beside the search’s' },
            p('minimax', 'input', { type: 'checkbox' }),
            ' Minimax values',
          ),
        ],
        // SVG, PNG 1×/2×/3×, TikZ of the figure as drawn, or its steps for slides.
        exportTitle: 'Save the figure at this step as SVG, PNG or TikZ',
        tail: [p('truncated', 'span', { class: 'warn' }), p('minimax-note', 'span', { class: 'note', role: 'status', 'aria-live': 'polite' })],
      }),
      el(
        'div',
        { class: 'canvas-wrap', part: 'canvas-wrap' },
        p('canvas', 'canvas', {
          tabindex: 0,
          role: 'img',
          'aria-label': CANVAS_LABEL,
        }),
        p('tip', 'div', { class: 'tip', hidden: true }),
      ),
      p('legend', 'p', { class: 'legend' }, LEGEND),
    );
    const side = el(
      'div',
      { class: 'lab-side' },
      p(
        'transport',
        'div',
        { class: 'transport', role: 'group', 'aria-label': 'Step through the search' },
        p('start', 'button', { type: 'button', 'aria-label': 'Jump to start', 'aria-keyshortcuts': 'Home' }, '|◀'),
        p('back', 'button', { type: 'button', 'aria-label': 'Step back', 'aria-keyshortcuts': 'ArrowLeft' }, '◀ Back'),
        p('play', 'button', { type: 'button', 'aria-label': 'Play', 'aria-keyshortcuts': 'Space' }, '▶ Play'),
        p('fwd', 'button', { type: 'button', 'aria-label': 'Step forward', 'aria-keyshortcuts': 'ArrowRight' }, 'Step ▶'),
        p('end', 'button', { type: 'button', 'aria-label': 'Jump to end', 'aria-keyshortcuts': 'End' }, '▶|'),
        p(
          'speed-label',
          'label',
          { class: 'speed' },
          'Speed ',
          p('speed', 'input', { type: 'range', min: 1, max: 60, value: String(opts.speed ?? 4), 'aria-label': 'Steps per second' }),
          p('speed-out', 'output', {}, ''),
        ),
      ),
      p(
        'scrubber',
        'label',
        { class: 'scrub' },
        'Step ',
        p('step-out', 'output', {}, '0 / 0'),
        p('scrub', 'input', { type: 'range', min: 0, max: 0, value: 0, 'aria-label': 'Scrub through the steps' }),
      ),
      p('narration', 'p', { class: 'narration', 'aria-live': 'polite' }),
      // Go to an event, the list of steps (views/navigate.js, loaded when shown or its keys pressed).
      (this.navSlot = el('div', { class: 'nav-slot', hidden: true })),
      p('counters', 'dl', { class: 'counters' }),
      p('result', 'div', { class: 'result-line' }),
      p('pseudo', 'div', { class: 'pseudo', 'aria-label': 'Pseudocode' }),
    );
    this.side = side;
    this.root = container;
    container.replaceChildren(canvasCol, side);
    this.focusId = -1;
    this.core = {};
    // The text view (views/text-view.js) is loaded the first time it is opened.
    this.textBox = el('details', { class: 'text-view', part: 'text-view', id: opts.idPrefix ? `${opts.idPrefix}text-view` : null }, el('summary', {}, 'Text view'));
    canvasCol.append(this.textBox);
    this.textView = null;
    this.textBox.addEventListener('toggle', () => this.renderText());
    this.canvas = new TreeCanvas(this.p.canvas, this.p.tip, {
      describe: (id) => this.describe(id),
      decorate: (ctx, stats) => {
        this.drawThumbnails(ctx, stats);
        this.drawFocus(ctx, stats);
      },
      onClick: (id) => this.opts.onNodeClick?.(id),
      isDark: opts.isDark,
      styleOverrides: opts.styleOverrides,
    });
    this.wire();
    if (opts.Navigator) this.nav = new opts.Navigator(this, p);
    this.setControls(opts.controls ?? TREE_CONTROLS);
  }

  wire() {
    const p = this.p;
    p.start.addEventListener('click', () => this.seek(0));
    p.end.addEventListener('click', () => this.seek(this.st ? this.st.length : 0));
    p.back.addEventListener('click', () => this.stepBy(-1));
    p.fwd.addEventListener('click', () => this.stepBy(1));
    p.play.addEventListener('click', () => this.togglePlay());
    p.scrub.addEventListener('input', (e) => this.seek(Number(e.target.value)));
    p.speed.addEventListener('input', () => this.setSpeed(Number(p.speed.value)));
    wireCanvasToolbar(this);
    p.thumbs.addEventListener('change', () => this.relayoutForThumbs());
    p.minimax.addEventListener('change', () => this.setMinimax(p.minimax.checked));
    this.showSpeed();
  }

  /** Shows only these controls (names from TREE_CONTROLS); the canvas always shows. */
  setControls(list) {
    const on = new Set(list);
    const p = this.p;
    const show = (name, ...parts) => {
      for (const part of parts) p[part].hidden = !on.has(name);
    };
    show('zoom', ...viewButtons(p));
    show('minimax', 'minimax-box', 'minimax-note');
    show('export', 'export');
    show('step', 'start', 'back', 'fwd', 'end');
    show('play', 'play', 'speed-label');
    show('scrubber', 'scrubber');
    show('narration', 'narration');
    show('counters', 'counters');
    show('result', 'result');
    show('pseudocode', 'pseudo');
    show('legend', 'legend');
    this.textBox.hidden = !on.has('text');
    p.transport.hidden = !on.has('step') && !on.has('play');
    this.controls = on;
    this.syncBoardsBox();
    this.syncChrome();
    if (on.has('navigate') || on.has('events')) this.withNav(() => {});
    if (this.st) {
      this.nav?.reset();
      this.nav?.update();
    }
  }

  /** Hides the toolbar and the side column when nothing in them shows. */
  syncChrome() {
    const p = this.p;
    const toolbarUsed = ['zoom', 'boards', 'minimax', 'export'].some((c) => this.controls.has(c)) || p.truncated.textContent !== '';
    p.toolbar.hidden = !toolbarUsed;
    const sideUsed = ['step', 'play', 'navigate', 'events', 'scrubber', 'narration', 'counters', 'result', 'pseudocode'].some((c) => this.controls.has(c));
    this.side.hidden = !sideUsed;
    this.root.classList.toggle('single', !sideUsed);
  }

  setSpeed(v) {
    const speed = Math.min(60, Math.max(1, Math.round(Number(v)) || 4));
    this.p.speed.value = String(speed);
    this.showSpeed();
    if (this.playing) {
      this.pause();
      this.play();
    }
  }

  showSpeed() {
    const v = Number(this.p.speed.value);
    this.p['speed-out'].textContent = `${v} step${v === 1 ? '' : 's'}/s`;
  }

  /**
   * Shows a recorded search, replacing the old one (whose handles are freed). The figure
   * owns `st` and `tree` from now on.
   * @param {object} what
   * @param {object} what.st a Stepper
   * @param {object|null} [what.tree] the GameTree of an explicit tree
   * @param {{type: 'tree', text: string}|{type: 'game', kind: string, moves: string}} what.current
   * @param {object} what.options the search options (the counters show TT hits when on)
   * @param {number|'end'} [what.step] where to stop (default 0: no autoplay)
   * @param {(minimax: boolean, compact: boolean, boards: boolean) => object} what.figures the
   *   FigurePlan of the same search (lib/record.js recordSearch): the canvas draws the core's
   *   placement of it
   * @param {{from: number, to: number, loop: boolean}|null} [what.range] keep between these steps (figure-state's checkSteps)
   */
  load({ st, tree = null, current, options, step = 0, figures = null, range = null }) {
    if (!figures) {
      st.free();
      tree?.free();
      throw new Error('TreeFigure.load: no module places this search (a game\'s is placed by the lab module: elements/runtime.js placerForFigure)');
    }
    this.pause();
    this.freePlans();
    this.gate = null; // a new trace: predict mode sets its own gate again
    this.st?.free();
    this.tree?.free();
    this.st = st;
    this.tree = tree;
    this.figures = figures;
    this.searchOptions = options ?? {};
    this.boards.clear();
    this.current = current;
    this.result = st.result();
    // The core's words: what each finished node's value is known to be, proven results, the
    // result line (older modules without them: the figure falls back to its own line).
    // (Asked for when the text view is first drawn.)
    this.core = null;
    this.focusId = -1;
    this.model = buildTraceModel({
      traceNodes: st.nodes(),
      treeNodes: tree ? tree.nodes() : null,
      finalPruned: st.pruned(),
      players: tree ? tree.players : 2,
    });
    this.buildPseudocode();
    const isGame = current.type === 'game';
    const thumbs = this.p.thumbs;
    thumbs.disabled = !isGame;
    if (!isGame) thumbs.checked = false;
    this.syncBoardsBox();
    // Minimax values: explicit trees only (a game's whole tree is too large to search).
    this.p.minimax.disabled = isGame;
    if (isGame) this.p.minimax.checked = false;
    this.p['minimax-note'].textContent = '';
    if (this.p.minimax.checked) this.setMinimax(true, { draw: false });
    this.showModel(true);
    const note = st.note ?? (st.truncated ? `trace truncated at ${count(st.nodeCap)} ${st.nodeCap === 1 ? 'node' : 'nodes'}.` : '');
    this.p.truncated.textContent = note ? note[0].toUpperCase() + note.slice(1) : '';
    this.syncChrome();
    this.setRange(range);
    this.seek(step === 'end' ? st.length : step, { quiet: true });
  }

  /**
   * Hands the model to the canvas as the core places it (FigurePlan: one placement per
   * search, minimax setting and boards setting, normal and compact, made when first drawn):
   * every node where it stays at every step; the overview map shows what is off screen.
   * `fit`: frame it afresh.
   */
  showModel(fit) {
    const boards = this.showsBoards;
    const plan = (compact) => {
      const key = `${this.model.minimax ? 1 : 0}${compact ? 1 : 0}${boards ? 1 : 0}`;
      let p = this.plans?.get(key);
      if (!p) {
        const handle = this.figures(Boolean(this.model.minimax), compact, boards);
        p = { handle, layout: handle.layout(), index: -1, rec: null };
        (this.plans ??= new Map()).set(key, p);
      }
      return p;
    };
    const source = {
      layout: (compact) => plan(compact).layout,
      at: (compact) => {
        const p = plan(compact);
        const i = this.st ? this.st.index : 0;
        if (p.index !== i) {
          p.rec = p.handle.at(i);
          p.index = i;
        }
        return p.rec;
      },
    };
    this.canvas.setPlaced(this.model, source, { fit });
    // A game's roots are named by the core ("depth 2" in iterative deepening, "pass 3" of the
    // solver's): the hover and the text view say the names the canvas shows (read from the
    // placement on screen, whose record of this step the next frame draws).
    if (this.current?.type === 'game') {
      for (const l of source.at(Boolean(this.canvas.layout.geometry?.compact)).labels) if (l.kind === 'name') this.model.nodes[l.node].label = l.text;
    }
  }

  /** The Boards box shows where it can act: under a game's search (an explicit tree has no board), when asked for. */
  syncBoardsBox() {
    this.p.boards.hidden = !this.controls?.has('boards') || this.current?.type !== 'game';
  }

  /** Are board thumbnails drawn under the nodes (a game's search, Boards ticked, their drawing loaded)? */
  get showsBoards() {
    return this.p.thumbs.checked && this.current?.type === 'game' && thumbMod !== null;
  }

  /** Frees the FigurePlans (a new search, other minimax values). */
  freePlans() {
    for (const p of this.plans?.values() ?? []) p.handle.free();
    this.plans?.clear();
  }

  /** Keeps the figure between two steps ({from, to, loop}, checked by figure-state's checkSteps; null: the whole trace). */
  setRange(range) {
    this.range = range;
    this.p.scrub.min = String(range?.from ?? 0);
    this.p.scrub.max = String(range?.to ?? this.length);
    this.nav?.reset();
  }

  /** Runs `f` with the navigation (views/navigate.js), loaded and built the first time. */
  withNav(f) {
    if (this.nav) return f(this.nav);
    this.navLoad ??= import('./navigate.js').then((m) => (this.nav ??= new m.Navigator(this, this.part)));
    this.navLoad.then(f);
  }

  /** Frees the wasm handles and stops timers and observers. */
  destroy() {
    this.pause();
    this.freePlans();
    this.figures = null;
    this.canvas.destroy();
    this.st?.free();
    this.tree?.free();
    this.st = null;
    this.tree = null;
  }

  get index() {
    return this.st ? this.st.index : 0;
  }

  get length() {
    return this.st ? this.st.length : 0;
  }

  /**
   * Shows or hides each finished node's true minimax value beside the search's value
   * ("≤ 2 · minimax: 2"): the core computes them by a separate minimax run
   * (Stepper.minimaxValues), and refuses, with the reason, where they would mislead (a
   * depth-limited search, max^n, a game). The note beside the checkbox announces the change.
   */
  setMinimax(on, { draw = true } = {}) {
    const p = this.p;
    p.minimax.checked = Boolean(on);
    if (!this.model || !this.st) return;
    let note = '';
    this.model.minimax = null;
    if (on) {
      try {
        this.model.minimax = this.st.minimaxValues();
        note = MINIMAX_ON;
      } catch (e) {
        p.minimax.checked = false;
        note = `No minimax values: ${e.message}.`;
      }
    } else if (draw) {
      note = 'Minimax values hidden.';
    }
    p['minimax-note'].textContent = note;
    if (!draw) return;
    // The room for the longer texts, then the step again with them.
    this.freePlans();
    this.showModel(false);
    this.seek(this.st.index, { quiet: true });
  }

  /** Board thumbnails under the nodes of a game search. */
  setThumbnails(on) {
    this.p.thumbs.checked = Boolean(on) && this.current?.type === 'game';
    this.relayoutForThumbs();
  }

  relayoutForThumbs() {
    if (!this.model) return;
    if (this.p.thumbs.checked && !thumbMod) {
      import('../lib/tree-thumbs.js').then((m) => {
        thumbMod = m;
        this.relayoutForThumbs();
      });
      return;
    }
    this.showModel(true);
    // Framed again: with the node the step keeps in view, as seek() framed it.
    if (this.state) this.keepInView(this.state, this.st.index === this.st.length);
  }

  buildPseudocode() {
    const box = this.p.pseudo;
    const procs = this.st.pseudocode();
    this.pseudoLines = procs.map((p, pi) =>
      p.lines.map((text, li) => el('div', { class: 'line', dataset: { proc: String(pi), line: String(li + 1) } }, text)),
    );
    setChildren(
      box,
      procs.map((p, pi) => el('div', { class: 'proc', dataset: { proc: String(pi) }, 'aria-label': p.name }, this.pseudoLines[pi])),
    );
  }

  stepBy(n) {
    if (!this.st) return;
    this.seek(this.st.index + n);
  }

  /** Playing: one step on; at the range's end, start again (loop) or stop. */
  tick() {
    if (this.range?.loop && this.st.index >= this.range.to) this.seek(this.range.from);
    else this.stepBy(1);
  }

  /**
   * Keeps in view the node a step is about: the current one; at the end, where there is
   * none, the chosen root child (its edge drawn bold), the answer a caption names.
   */
  keepInView(s, done) {
    const shown = s.current ?? (done ? this.result.bestChild : null);
    const d = shown == null ? -1 : this.model.traceToDraw[shown];
    if (d == null || d < 0) return;
    this.canvas.reveal(d);
  }

  /**
   * Shows step i (clamped to 0 … length). `quiet`: no step/done callbacks (loading).
   */
  seek(i, { quiet = false } = {}) {
    const st = this.st;
    if (!st) return;
    const before = st.index;
    // Within the step range when there is one (steps=from-to), else the whole trace.
    i = Math.min(Math.max(this.range?.from ?? 0, Math.round(Number(i) || 0)), this.range?.to ?? st.length);
    // Predict mode (views/predict.js): not past a question still open.
    if (this.gate) i = this.gate(before, i);
    const s = this.applyAt(i);
    this.state = s;
    const done = i === st.length;
    this.canvas.invalidate();
    this.keepInView(s, done);
    const p = this.p;
    p.narration.textContent = narrationAt(i, s);
    p['step-out'].textContent = `${i} / ${st.length}`;
    p.scrub.value = String(i);
    p.scrub.setAttribute('aria-valuetext', `step ${i} of ${st.length}${s.event ? `: ${s.event}` : ''}`);
    const c = s.counters;
    const rows = [
      ['Nodes entered', count(c.nodes)],
      ['Leaves evaluated', count(c.leaves)],
      ['Cutoffs', count(c.cutoffs)],
    ];
    if (this.searchOptions.tt) rows.push(['TT hits', count(c.ttHits)]);
    // (The exact solver's searches are its null-window passes; iterative deepening's, its depths.)
    if (c.searches > 1) rows.push([this.searchOptions.algo === 'solve' ? 'Searches (null-window passes)' : 'Searches (depths)', String(c.searches)]);
    setChildren(p.counters, rows.map(([k, v]) => [el('dt', {}, k), el('dd', {}, v)]));
    p.result.textContent = done ? this.resultText() : '';
    this.showPseudocodeLine(s, { follow: !quiet });
    this.renderText();
    this.nav?.update();
    if (done || (i === this.range?.to && !this.range.loop)) this.pause();
    if (!quiet && this.opts.onStep) this.opts.onStep(this.stepInfo());
    if (!quiet && done && before !== i && this.opts.onDone) this.opts.onDone(this.doneInfo());
  }

  /** Puts the trace and the draw model at step i (what the canvas draws); returns the step's state. */
  applyAt(i) {
    const st = this.st;
    st.seek(i);
    const s = st.state();
    applyStep(this.model, s, { done: i === st.length, bestChild: this.result.bestChild });
    return s;
  }

  /**
   * Calls `f(step, narration)` with the trace and the draw model at each step from `from` to
   * `to`, as seek() puts them (so the canvas's export draws that step), then puts them back
   * at the figure's step. Nothing else moves: no callbacks, no camera, no gate (an export of
   * the steps for slides, views/export-menu.js).
   */
  eachStep(from, to, f) {
    const back = this.st.index;
    try {
      for (let i = from; i <= to; i++) f(i, narrationAt(i, this.applyAt(i)));
    } finally {
      this.applyAt(back);
      this.canvas.invalidate();
    }
  }

  /** The core's line under the figure (Stepper.resultLine: never a value that looks exact for an incomplete search). */
  resultText() {
    return this.st.resultLine();
  }

  /** What a step event carries: plain data. */
  stepInfo() {
    const st = this.st;
    return {
      index: st.index,
      length: st.length,
      narration: this.p.narration.textContent,
      event: this.state?.event ?? null,
      done: st.index === st.length,
    };
  }

  doneInfo() {
    const r = this.result;
    return {
      value: Array.isArray(r.value) ? r.value.slice() : r.value,
      best: r.best ?? null,
      bestName: r.bestName ?? null,
      complete: r.complete,
      result: this.resultText(),
    };
  }

  /** The text view's list at this step (only while it is open: a big trace has many nodes). */
  renderText() {
    const box = this.textBox;
    if (!this.model || !box.open || box.hidden) return;
    const tv = this.textView;
    if (!tv) {
      this.withText((mod) => {
        if (this.textView) return;
        this.textView = new mod.TextView(box, { onFocus: (d) => this.focusNode(d, { fromText: true }), label: 'The search tree as text' });
        this.renderText();
      });
      return;
    }
    const m = this.model;
    this.core ??= this.st.valueWords();
    const core = { ...this.core, index: this.st.index };
    const nodes = m.nodes.map((n, d) => ({ id: d, parent: n.parent, text: this.tvMod.nodeLine(m, d, core), current: n.state === 'current' }));
    const done = this.st && this.st.index === this.st.length;
    tv.render(nodes, { note: done ? this.resultText() : '' });
    if (this.focusId >= 0) tv.focus(this.focusId, { notify: false });
  }

  /**
   * Puts the focus on draw node `d`: ringed on the canvas, revealed, and the same item in the
   * text view. The arrow keys of the canvas and of the text view both land here.
   */
  focusNode(d, opts) {
    this.withText((m) => m.focusNode(this, d, opts));
  }

  /** ↑ parent, ↓ first child, Shift+← / Shift+→ the previous / next sibling. */
  moveFocus(key) {
    if (!this.model?.nodes.length) return false;
    this.withText((m) => m.moveFocus(this, key));
    return true;
  }

  drawFocus(ctx, stats) {
    if (this.focusId >= 0 && this.tvMod) this.tvMod.drawFocus(this, ctx, stats);
  }

  /** Runs `f` with views/text-view.js, loaded the first time a node is focused or the view opened. */
  withText(f) {
    if (this.tvMod) f(this.tvMod);
    else (this.tvLoad ??= import('./text-view.js')).then((m) => f((this.tvMod = m)));
  }

  showPseudocodeLine(s, { follow = false } = {}) {
    for (const list of this.pseudoLines) for (const line of list) line.classList.remove('now');
    const box = this.p.pseudo;
    for (const proc of box.children) proc.classList.toggle('inactive', Number(proc.dataset.proc) !== s.pseudocode?.procedure);
    if (s.pseudocode && this.pseudoLines[s.pseudocode.procedure]) {
      const line = this.pseudoLines[s.pseudocode.procedure][s.pseudocode.line - 1];
      if (line && !box.hidden) {
        line.classList.add('now');
        const top = line.offsetTop - box.offsetTop;
        if (top < box.scrollTop || top > box.scrollTop + box.clientHeight - line.offsetHeight) box.scrollTop = Math.max(0, top - 20);
        // Keep the current line in the window too (MIN-VALUE sits low in the side column):
        // scroll the least that shows it, only while the user steps or plays.
        if (follow && typeof line.getBoundingClientRect === 'function' && typeof innerHeight === 'number') {
          const r = line.getBoundingClientRect();
          if (r.bottom > innerHeight || r.top < 0) line.scrollIntoView({ block: 'nearest' });
        }
      } else if (line) line.classList.add('now');
    }
  }

  togglePlay() {
    if (this.playing) this.pause();
    else this.play();
  }

  play() {
    if (!this.st) return;
    if (this.st.index >= (this.range?.to ?? this.st.length)) this.seek(0);
    const speed = Number(this.p.speed.value);
    this.playing = setInterval(() => this.tick(), 1000 / speed);
    this.p.play.textContent = '❚❚ Pause';
    this.p.play.setAttribute('aria-label', 'Pause');
  }

  pause() {
    if (this.playing) clearInterval(this.playing);
    this.playing = null;
    this.p.play.textContent = '▶ Play';
    this.p.play.setAttribute('aria-label', 'Play');
  }

  /**
   * The figure's keys: → ← step, Space plays or pauses, Home and End jump. Returns whether
   * the key was used (the caller then prevents the default).
   * @param {KeyboardEvent} e
   */
  handleKey(e) {
    if (typingTarget(e) || e.ctrlKey || e.metaKey || e.altKey) return false;
    const target = e.composedPath ? e.composedPath()[0] : e.target;
    // Space activates a focused button or check box itself (the Minimax values box included).
    const onButton = target && (target.tagName === 'BUTTON' || (target.tagName === 'INPUT' && ['checkbox', 'radio'].includes(target.type)));
    if (target && target.closest && target.closest('.text-view')) return false; // the text view's own keys
    // C R E X (go to an event), ? (keys), F (presenter): views/navigate.js.
    if (/^[crexCREX]$/.test(e.key) || isPresentKey(e)) {
      this.withNav((n) => n.handleKey(e));
      return true;
    }
    if (e.key === 'ArrowUp' || e.key === 'ArrowDown' || (e.shiftKey && (e.key === 'ArrowLeft' || e.key === 'ArrowRight'))) {
      // Only on the canvas: elsewhere the arrows scroll the page as usual.
      if (target !== this.p.canvas) return false;
      return this.moveFocus(e.key);
    }
    switch (e.key) {
      case 'ArrowRight':
        this.stepBy(1);
        return true;
      case 'ArrowLeft':
        this.stepBy(-1);
        return true;
      case ' ':
        if (onButton) return false; // the button's own click does it
        this.togglePlay();
        return true;
      case 'Home':
        this.seek(0);
        return true;
      case 'End':
        this.seek(this.st ? this.st.length : 0);
        return true;
      default:
        return false;
    }
  }

  describe(id) {
    if (!this.model) return null;
    const text = describeNode(this.model, id);
    const t = this.model.drawToTrace[id];
    let board;
    if (this.current?.type === 'game' && t >= 0) board = boardRows(this.boardOf(t), this.current.kind === 'ttt' ? 3 : 7);
    return { text, board };
  }

  boardOf(traceId) {
    let b = this.boards.get(traceId);
    if (b === undefined) {
      b = this.st.board(traceId);
      this.boards.set(traceId, b);
    }
    return b;
  }

  /** The boards in the boxes the core kept for them under the nodes (FigurePlan layout().boards). */
  drawThumbnails(ctx, stats) {
    if (!this.showsBoards) return;
    const { canvas, model } = this;
    thumbMod.drawThumbnails(ctx, canvas.layout, canvas.camera, stats, (v) => (model.drawToTrace[v] >= 0 ? this.boardOf(model.drawToTrace[v]) : null), this.current.kind, canvas.dark);
  }

  /** The picture's state in plain data (the test hooks). */
  snapshot() {
    if (!this.model) return null;
    const fmtW = (w) => (w ? { alpha: formatValue(w.alpha), beta: formatValue(w.beta) } : null);
    return {
      index: this.st.index,
      length: this.st.length,
      truncated: this.st.truncated,
      narration: this.p.narration.textContent,
      result: this.p.result.textContent,
      pseudocode: this.state?.pseudocode ?? null,
      nodes: this.model.nodes.map((n) => ({
        id: n.id,
        parent: n.parent,
        kind: n.kind,
        label: n.label,
        edge: n.edgeLabel,
        state: n.state,
        value: n.value,
        window: fmtW(n.window),
        bold: n.bold,
      })),
      frames: this.canvas.frames,
      reducedMotion: reducedMotion(),
    };
  }
}
