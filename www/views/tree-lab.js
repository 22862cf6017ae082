// The tree lab: an explicit tree (the lessons' figures, or one typed in) or a game position,
// searched by the real engine with the Stepper recording it, then stepped through event by
// event. The drawing, the transport, the narration and the pseudocode are the TreeFigure
// component (views/tree-figure.js), the same one <ply-tree> and the embed page use; this file
// is the lab's form, its comparison table and its share buttons.

import { LESSON_TREES, POSITION_SOURCES } from '../lib/lessons.js';
import { ORDER_NAMES } from '../lib/complexity.js';
import { recordSearch } from '../lib/record.js';
import { readState } from '../lib/figure-state.js';
import { limits } from '../lib/limits.js';
import { TreeFigure } from './tree-figure.js';
import { CompareTable } from './compare-table.js';
import { ShareBar } from './share.js';
import { $, el, typingTarget } from './dom.js';

const ALGO_NAMES = {
  minimax: 'minimax',
  alphabeta: 'α-β',
  expectiminimax: 'expectiminimax',
  maxn: 'max^n',
  solve: 'exact solver (Connect-4)',
};

const TIE_HELP = {
  nonstrict:
    'Non-strict (the lessons’ rule): prune as soon as v ≥ β at MAX or v ≤ α at MIN — a tie with the bound already cannot change the decision.',
  strict: 'Strict: prune only when v > β or v < α — ties are searched on, so fewer nodes are pruned (the value is the same).',
};

export class TreeLab {
  constructor(env) {
    this.api = env.api;
    this.rpc = env.rpc;
    this.caps = env.caps ?? {};
    this.app = $('app');
    // The node cap's range and default: the module's limits.
    $('tl-cap').max = String(limits().maxNodeCap);
    if (!$('tl-cap').value) $('tl-cap').value = String(limits().defaultNodeCap);
    this.loaded = null; // the state of the search on show (for links)
    this.figure = new TreeFigure($('tl-figure'), {
      idPrefix: 'tl-',
      onStep: (info) => {
        this.app.dataset.treeStep = String(info.index);
        this.app.dataset.treeLength = String(info.length);
      },
    });
    this.compareTable = new CompareTable($('tl-compare-body'), {
      idPrefix: 'tl-compare-',
      run: (req, onProgress) => this.rpc.call('compare', req, { onProgress }),
      onRun: () => this.compare(),
    });
    this.share = new ShareBar($('tl-share'), { idPrefix: 'tl-', view: 'tree', state: () => this.linkState() });
    this.buildMenus();
    this.wire();
    this.loadSource(LESSON_TREES[0].id);
  }

  /** The Stepper on show (the tests read it). */
  get st() {
    return this.figure.st;
  }

  get canvas() {
    return this.figure.canvas;
  }

  seek(i) {
    this.figure.seek(i);
  }

  buildMenus() {
    const src = $('tl-source');
    src.replaceChildren(
      el('optgroup', { label: 'The lessons’ trees' }, LESSON_TREES.map((t) => el('option', { value: t.id }, t.title))),
      el('optgroup', { label: 'Game positions' }, POSITION_SOURCES.map((t) => el('option', { value: t.id }, t.title))),
      el('optgroup', { label: 'Your own' }, el('option', { value: 'custom' }, 'Your own tree (edit the text)')),
    );
  }

  wire() {
    $('tl-source').addEventListener('change', (e) => this.loadSource(e.target.value));
    $('tl-run').addEventListener('click', () => this.run());
    $('tl-text').addEventListener('keydown', (e) => {
      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
        e.preventDefault();
        this.run();
      }
    });
    $('tl-text').addEventListener('input', () => {
      if ($('tl-source').value !== 'custom' && this.sourceKind() === 'tree') $('tl-source').value = 'custom';
    });
    $('tl-tie').addEventListener('change', () => this.showTieHelp());
    $('tl-order').addEventListener('change', () => this.syncSeed());
    $('tl-algo').addEventListener('change', () => {
      const ab = $('tl-algo').value === 'alphabeta';
      $('tl-tie').disabled = !ab;
      $('tl-order').disabled = !ab;
    });
    document.addEventListener('keydown', (e) => {
      if (this.app.dataset.view !== 'tree' || typingTarget(e)) return;
      if (this.figure.handleKey(e)) e.preventDefault();
    });
    this.showTieHelp();
  }

  showTieHelp() {
    $('tl-tie-help').textContent = TIE_HELP[$('tl-tie').value];
  }

  syncSeed() {
    $('tl-seed').disabled = $('tl-order').value !== 'random';
  }

  sourceKind() {
    const id = $('tl-source').value;
    return POSITION_SOURCES.some((p) => p.id === id) ? 'game' : 'tree';
  }

  /** Picks a menu entry: fills the inputs and searches (stopped at step 0: no autoplay). */
  loadSource(id) {
    $('tl-source').value = id;
    const lesson = LESSON_TREES.find((t) => t.id === id);
    const pos = POSITION_SOURCES.find((t) => t.id === id);
    $('tl-tree-input').hidden = Boolean(pos);
    $('tl-pos-input').hidden = !pos;
    if (lesson) {
      $('tl-text').value = lesson.text;
      // The lesson's own search: no cutoff, no extensions, no beam.
      for (const id of ['tl-tree-depth', 'tl-singular', 'tl-beam']) $(id).value = '';
      $('tl-note').textContent = lesson.note;
      this.run({ algo: lesson.algo });
    } else if (pos) {
      $('tl-game').value = pos.kind;
      $('tl-moves').value = pos.moves;
      $('tl-depth').value = pos.depth ?? '';
      $('tl-eval').checked = true;
      $('tl-tt').checked = false;
      $('tl-quiescence').checked = false;
      $('tl-note').textContent = pos.note;
      this.run({ algo: 'alphabeta' });
    } else {
      $('tl-note').textContent = 'Type a tree; Search (or Ctrl+Enter) draws it and records the search.';
    }
  }

  /**
   * Opens the search an engine just made in the Play view, at its first event.
   * @param {{kind: string, moves: string, options: object, label: string}} s
   */
  showGameSearch(s) {
    const o = s.options;
    const pos = POSITION_SOURCES.find((p) => p.kind === s.kind);
    $('tl-source').value = pos.id;
    $('tl-tree-input').hidden = true;
    $('tl-pos-input').hidden = false;
    $('tl-game').value = s.kind;
    $('tl-moves').value = s.moves;
    $('tl-depth').value = o.depth ?? '';
    $('tl-eval').checked = o.eval !== false;
    $('tl-tt').checked = Boolean(o.tt);
    $('tl-quiescence').checked = Boolean(o.quiescence);
    $('tl-note').textContent = `The search ${s.label} made before its move in the Play view (same options, same position), from its first event.`;
    if (o.algo === 'solve') {
      $('tl-note').textContent = `The exact solver's search of the position before ${s.label} moved (each null-window pass is one search: one root per pass).`;
    }
    // The engine's own options (Engine.searchOptions()): iterative deepening and its budget too.
    this.run({ algo: o.algo, order: o.order ?? (s.kind === 'c4' ? 'heuristic' : 'natural'), tie: o.tie ?? 'nonstrict', seed: o.seed, iterative: o.iterative, budget: o.budget });
  }

  /**
   * Restores a state from a link (index.html#tree?…): fills the form, searches, and stops
   * at the linked step. Errors are shown in the lab; the old picture stays.
   * @param {object} s a tree state (figure-state.js)
   */
  applyState(s) {
    const isGame = s.source !== 'tree';
    if (isGame) {
      const pos = POSITION_SOURCES.find((p) => p.kind === s.source);
      $('tl-source').value = pos.id;
      $('tl-game').value = s.source;
      $('tl-moves').value = s.moves;
      $('tl-depth').value = s.depth ?? '';
      $('tl-eval').checked = s.eval;
      $('tl-tt').checked = s.tt;
      $('tl-quiescence').checked = s.quiescence;
      $('tl-note').textContent = 'A search opened from a link.';
    } else {
      const lesson = LESSON_TREES.find((t) => t.text === s.tree);
      $('tl-source').value = lesson ? lesson.id : 'custom';
      $('tl-text').value = s.tree;
      $('tl-tree-depth').value = s.depth ?? '';
      $('tl-note').textContent = lesson ? lesson.note : 'A tree opened from a link.';
    }
    $('tl-tree-input').hidden = isGame;
    $('tl-pos-input').hidden = !isGame;
    $('tl-cap').value = String(s.cap);
    $('tl-singular').value = s.singular ? `${s.singular.margin}:${s.singular.extra}` : '';
    $('tl-beam').value = s.beam ?? '';
    const ok = this.run({ algo: s.algo ?? undefined, order: s.order ?? 'natural', tie: s.tie, seed: s.seed }, { strict: true, step: s.step });
    if (ok && s.boards) this.figure.setThumbnails(true);
    return ok;
  }

  /** The form as a tree state (figure-state.js), before the search is recorded. */
  formState(want = {}) {
    const isGame = this.sourceKind() === 'game';
    const raw = {
      tree: isGame ? null : $('tl-text').value,
      game: isGame ? $('tl-game').value : null,
      moves: isGame ? $('tl-moves').value : null,
      depth: isGame ? $('tl-depth').value : $('tl-tree-depth').value,
      singular: $('tl-singular').value,
      beam: $('tl-beam').value,
      eval: isGame ? String($('tl-eval').checked) : null,
      tt: isGame ? String($('tl-tt').checked) : null,
      quiescence: isGame ? String($('tl-quiescence').checked) : null,
      algo: want.algo ?? ($('tl-algo').value || null),
      tie: want.tie ?? $('tl-tie').value,
      order: want.order ?? ($('tl-order').value || null),
      seed: String(want.seed ?? (Number($('tl-seed').value) || 0)),
      cap: String(Math.min(Math.max(Number($('tl-cap').value) || limits().defaultNodeCap, 10), limits().maxNodeCap)),
    };
    return readState('tree', (name) => raw[name] ?? null);
  }

  /** Fills the algorithm and ordering menus for what is loaded. */
  setMenus(rec, want) {
    const algoSel = $('tl-algo');
    algoSel.replaceChildren(...rec.algos.map((a) => el('option', { value: a }, ALGO_NAMES[a])));
    algoSel.value = rec.algo;
    const orderSel = $('tl-order');
    orderSel.replaceChildren(...rec.orders.map((o) => el('option', { value: o }, ORDER_NAMES[o])));
    orderSel.value = rec.order;
    if (want.tie) $('tl-tie').value = want.tie;
    if (want.seed != null) $('tl-seed').value = String(want.seed);
    this.syncSeed();
    this.showTieHelp();
    const ab = algoSel.value === 'alphabeta';
    $('tl-tie').disabled = !ab;
    orderSel.disabled = !ab;
  }

  /**
   * Records the search the form describes and shows it. Errors keep the old picture.
   * @param {object} [want] menu choices to apply (algo, order, tie, seed)
   * @param {{strict?: boolean, step?: number|'end'}} [how] strict: refuse choices that do not apply (links)
   */
  run(want = {}, how = {}) {
    this.figure.pause();
    const err = $('tl-error');
    err.textContent = '';
    let rec;
    let state;
    try {
      state = this.formState(want);
      if (want.iterative) Object.assign(state, { iterative: true, budget: want.budget ?? null });
      rec = recordSearch(this.api, state, { caps: this.caps, strict: Boolean(how.strict) });
      if (typeof how.step === 'number' && how.step > rec.st.length) {
        const n = rec.st.length;
        rec.st.free();
        rec.tree?.free();
        throw new Error(`step ${how.step} is past the end of the search (${n} steps)`);
      }
    } catch (e) {
      // TreeParseError carries line and column; its message already says "line L, column C: …".
      err.textContent = e.message;
      this.app.dataset.treeError = e.message;
      return false;
    }
    this.app.dataset.treeError = '';
    this.setMenus(rec, want);
    this.opts = rec.options;
    this.loaded = { ...state, algo: rec.algo, order: rec.order };
    this.compareTable.clear();
    this.showCaption();
    this.figure.load({ st: rec.st, tree: rec.tree, current: rec.current, options: rec.options, step: how.step ?? 0 });
    this.app.dataset.treeStep = String(this.figure.index);
    this.app.dataset.treeLength = String(this.figure.length);
    return true;
  }

  /**
   * The core's caption of the recorded search (generated from the trace: node names, values,
   * cutoffs and counts exactly as the figure shows them), folded so it spoils nothing. The
   * caption is written by the practice module (www/pkg-practice/, loaded the first time the
   * caption is opened): the page's module leaves it out for size. The same search is
   * recorded there from the same state.
   */
  showCaption() {
    let box = document.getElementById('tl-caption');
    if (!box) {
      box = el('details', { id: 'tl-caption', class: 'note caption' }, el('summary', {}, 'What the search found (written from its trace)'), el('p', { id: 'tl-caption-text' }));
      $('tl-note').after(box);
      box.addEventListener('toggle', () => this.fillCaption());
    }
    $('tl-caption-text').textContent = '';
    this.captionOf = this.loaded;
    this.fillCaption();
  }

  async fillCaption() {
    const box = $('tl-caption');
    const text = $('tl-caption-text');
    const state = this.captionOf;
    if (!box.open || !state || text.textContent) return;
    text.textContent = 'Writing the caption…';
    let said;
    try {
      const { loadPracticeApi } = await import('../lib/practice-module.js');
      const api = await loadPracticeApi();
      const rec = recordSearch(api, state, { caps: this.caps });
      try {
        said = rec.st.caption();
      } finally {
        rec.st.free();
        rec.tree?.free();
      }
    } catch (e) {
      said = `No caption: ${e.message}`;
    }
    if (this.captionOf === state) text.textContent = said;
  }

  /** What a link to the lab reproduces: the loaded search, at the step on show. */
  linkState() {
    if (!this.loaded) return null;
    const s = { ...this.loaded, step: this.figure.index };
    if (s.order === 'natural' && s.source === 'tree') s.order = null;
    s.boards = this.figure.p.thumbs.checked;
    return s;
  }

  // ------------------------------------------------------------------ comparison

  compare() {
    const cur = this.figure.current;
    if (!cur) return;
    const isGame = cur.type === 'game';
    const base = {};
    if (isGame) {
      const d = $('tl-depth').value.trim();
      if (d !== '') base.depth = Number(d);
      if (base.depth != null) base.eval = $('tl-eval').checked;
      base.tt = $('tl-tt').checked;
      base.quiescence = $('tl-quiescence').checked;
      base.iterative = false;
    } else {
      // A tree's depth: H-minimax with its inner nodes' written evaluations.
      const d = $('tl-tree-depth').value.trim();
      if (d !== '') base.depth = Number(d);
    }
    base.tie = $('tl-tie').value;
    base.seed = Number($('tl-seed').value) || 0;
    const tree = this.figure.tree;
    return this.compareTable.compare(cur, base, {
      tuples: !isGame && tree ? tree.hasTuples : false,
      chance: !isGame && this.figure.model.nodes.some((n) => n.kind === 'chance'),
    });
  }

  /** For the test hook: the picture's state in plain data. */
  snapshot() {
    return this.figure.snapshot();
  }
}
