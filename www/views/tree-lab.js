// The tree lab: an explicit tree (the lessons' figures, or one typed in) or a game position,
// searched by the real engine with the Stepper recording it, then stepped through event by
// event. The drawing, the transport, the narration and the pseudocode are the TreeFigure
// component (views/tree-figure.js), the same one <ply-tree> and the embed page use; this file
// is the lab's form, its comparison table and its share buttons.

import { LESSON_TREES, POSITION_SOURCES, positionSource, treeNote } from '../lib/lessons.js';
import { ORDER_NAMES } from '../lib/complexity.js';
import { recordSearch } from '../lib/record.js';
import { bookWanted, loadBook } from '../lib/book.js';
import { checkSteps, readState } from '../lib/figure-state.js';
import { limits } from '../lib/limits.js';
import { TreeFigure } from './tree-figure.js';
// The lab shows the navigation at once (built with the figure: nothing moves when it arrives).
import { Navigator } from './navigate.js';
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

/** The tree text forms' names (the core's Form; docs/tree-forms.md). */
const FORM_NAMES = { grammar: 'plyground grammar', sexp: 'S-expression', json: 'JSON', outline: 'indented outline' };

const TIE_HELP = {
  nonstrict:
    'Non-strict (the lessons’ rule): prune as soon as v ≥ β at MAX or v ≤ α at MIN — a tie with the bound already cannot change the decision.',
  strict: 'Strict: prune only when v > β or v < α — ties are searched on, so fewer nodes are pruned (the value is the same).',
};

/** The editor's stylesheet (www/views/tree-editor.css), linked once, when the editor is first opened. */
function ensureEditorStyle() {
  if (document.getElementById('tl-editor-style')) return Promise.resolve();
  const link = el('link', { rel: 'stylesheet', id: 'tl-editor-style', href: new URL('./tree-editor.css', import.meta.url).href });
  const loaded = new Promise((resolve) => {
    link.addEventListener('load', resolve);
    link.addEventListener('error', resolve);
  });
  document.head.append(link);
  return loaded;
}

export class TreeLab {
  constructor(env) {
    /** The page module for a search: the tree module for a tree, the games module for a game
     *  (which refuses singular extensions and beam search by name). */
    this.apiFor = env.apiFor;
    this.placerOf = env.placerOf;
    this.loadPlacer = env.loadPlacer;
    this.rpc = env.rpc;
    this.app = $('app');
    // The node cap's range and default: the module's limits.
    $('tl-cap').max = String(limits().maxNodeCap);
    if (!$('tl-cap').value) $('tl-cap').value = String(limits().defaultNodeCap);
    this.loaded = null; // the state of the search on show (for links)
    this.figure = new TreeFigure($('tl-figure'), {
      idPrefix: 'tl-',
      Navigator,
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
    this.buildEditorHook();
    this.loadSource(LESSON_TREES[0].id);
  }

  // ------------------------------------------------------------------ the editor

  /**
   * The "Edit the tree" button and the panel's place (views/tree-editor.js, loaded on the
   * first click: the edits are the wasm module's GameTree edits, the panel only renders them).
   */
  buildEditorHook() {
    this.editor = null;
    this.editorBox = el('section', { id: 'tl-editor', class: 'tree-editor', hidden: true });
    this.editButton = el('button', { type: 'button', id: 'tl-edit', 'aria-expanded': 'false', 'aria-controls': 'tl-editor' }, 'Edit the tree');
    this.editButton.addEventListener('click', () => this.toggleEditor());
    $('tl-tree-input').append(el('div', { class: 'edit-open' }, this.editButton), this.editorBox);
    let timer = null;
    // While the editor is open the canvas follows the text as it is typed.
    $('tl-text').addEventListener('input', () => {
      if (!this.editor || this.editorBox.hidden) return;
      clearTimeout(timer);
      timer = setTimeout(() => this.run({}, { step: 'end' }), 500);
    });
  }

  async toggleEditor() {
    const open = this.editorBox.hidden;
    this.editButton.setAttribute('aria-expanded', String(open));
    this.editorBox.hidden = !open;
    this.app.dataset.treeEditor = open ? 'open' : 'closed';
    if (!open) {
      this.editor?.detach();
      return;
    }
    if (!this.editor) {
      // The edits are the lab module's: the editor edits its GameTree there, and the lab
      // records and draws the edited tree in the same module (a handle never crosses modules).
      let api;
      try {
        const [, { TreeEditor: Editor }, { loadPracticeApi }] = await Promise.all([ensureEditorStyle(), import('./tree-editor.js'), import('../lib/practice-module.js')]);
        api = { TreeEditor: Editor, wasm: await loadPracticeApi() };
      } catch (e) {
        this.editorBox.replaceChildren(el('p', { class: 'error', role: 'alert' }, `The editor could not be loaded: ${e.message}`));
        return;
      }
      if (this.editor || this.editorBox.hidden) return;
      this.editor = new api.TreeEditor(this.editorBox, {
        api: api.wasm,
        figure: this.figure,
        text: () => (this.loaded?.source === 'tree' ? this.loaded.tree : $('tl-text').value),
        // The edited tree itself (a GameTree of the lab module): recorded and drawn in that
        // module, its text shown in the field.
        show: (tree) => {
          let text;
          try {
            text = tree.toText();
          } catch (e) {
            tree.free();
            throw e;
          }
          $('tl-text').value = text;
          const lesson = LESSON_TREES.find((t) => t.text === text);
          $('tl-source').value = lesson ? lesson.id : 'custom';
          this.editing = true;
          try {
            return this.run({}, { step: 'end', tree: { handle: tree, api: api.wasm } });
          } finally {
            this.editing = false;
          }
        },
      });
    } else this.editor.attach();
    this.app.dataset.treeEditor = 'ready';
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
    $('tl-form').addEventListener('change', () => this.run());
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
      $('tl-form').value = 'auto';
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
      this.run({ algo: pos.algo ?? 'alphabeta' });
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
    // The solver's search is shown under its own name, not as the depth-4 α-β entry.
    const pos = positionSource(s.kind, o.algo);
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
      $('tl-note').textContent = `The exact solver’s own search of the position before ${s.label} moved: one pass after another, each a search of the root with a null window (β = α + 1) that only shows whether the value is above α or not; together the passes settle the value. Each pass is one search: one root per pass.`;
    }
    if (o.fastWins) {
      // The engines' tic-tac-toe (the core's TicTacToe::FAST_WINS): say why the values are not ±1.
      $('tl-note').textContent +=
        ' The engines score a tic-tac-toe win by how soon it comes: 1 + the empty cells left when it ends (a loss the negative), so the faster win has the higher value; the lessons’ own trees keep ±1.';
    }
    // The engine's own options (Engine.searchOptions()): iterative deepening and its budget too.
    // fastWins: a tic-tac-toe player searched the engines' game (wins scored by distance).
    this.run({ algo: o.algo, order: o.order ?? (s.kind === 'c4' ? 'heuristic' : 'natural'), tie: o.tie ?? 'nonstrict', seed: o.seed, iterative: o.iterative, budget: o.budget, fastWins: o.fastWins });
  }

  /**
   * Restores a state from a link (index.html#tree?…): fills the form, searches, and stops
   * at the linked step. Errors are shown in the lab; the old picture stays.
   * @param {object} s a tree state (figure-state.js)
   */
  applyState(s) {
    this.predictKinds = s.predict;
    if (!s.predict) this.predict?.stop();
    const isGame = s.source !== 'tree';
    if (isGame) {
      const pos = positionSource(s.source, s.algo);
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
      $('tl-form').value = 'auto';
      $('tl-tree-depth').value = s.depth ?? '';
      $('tl-note').textContent = lesson ? lesson.note : 'A tree opened from a link.';
    }
    $('tl-tree-input').hidden = isGame;
    $('tl-pos-input').hidden = !isGame;
    $('tl-cap').value = String(s.cap);
    $('tl-singular').value = s.singular ? `${s.singular.margin}:${s.singular.extra}` : '';
    $('tl-beam').value = s.beam ?? '';
    const ok = this.run({ algo: s.algo ?? undefined, order: s.order ?? 'natural', tie: s.tie, seed: s.seed }, { strict: true, step: s.step, steps: s.steps, loop: s.loop });
    if (ok && s.boards) this.figure.setThumbnails(true);
    return ok;
  }

  /** The form as a tree state (figure-state.js), before the search is recorded. */
  formState(want = {}) {
    const isGame = this.sourceKind() === 'game';
    const raw = {
      tree: isGame ? null : this.treeText(),
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

  /**
   * The tree field's text as the search reads it: in the grammar. A text in another form
   * (the Form menu's choice, or the one GameTree.detectForm finds) was converted by
   * convertThenRun, through the practice module's GameTree.parseAs and toText (the tree
   * text forms are only in that module, loaded on first use: docs/tree-forms.md).
   */
  treeText() {
    const text = $('tl-text').value;
    if (this.converted && this.converted.from === text && this.converted.form === $('tl-form').value) return this.converted.grammar;
    $('tl-form-note').textContent = '';
    return text;
  }

  /**
   * Whether the tree field needs converting before a search: a form other than the grammar
   * chosen, or auto and a text the core detects as another form.
   */
  needsConversion() {
    const form = $('tl-form').value;
    const text = $('tl-text').value;
    if (this.sourceKind() === 'game' || form === 'grammar') return false;
    if (this.converted && this.converted.from === text && this.converted.form === form) return false;
    // Auto: the core's detection (GameTree.detectForm, in every module); a grammar text is
    // searched as it is, its errors shown at once.
    return form !== 'auto' || this.apiFor('tree').GameTree.detectForm(text) !== 'grammar';
  }

  /** Converts the tree field to the grammar (practice module), then searches. */
  async convertThenRun(want, how) {
    const err = $('tl-error');
    const text = $('tl-text').value;
    const chosen = $('tl-form').value;
    err.textContent = 'Reading the tree text…';
    try {
      const { loadPracticeApi } = await import('../lib/practice-module.js');
      const api = await loadPracticeApi();
      const form = chosen === 'auto' ? api.GameTree.detectForm(text) : chosen;
      const tree = api.GameTree.parseAs(text, form);
      let grammar;
      try {
        grammar = tree.toText();
      } finally {
        tree.free();
      }
      this.converted = { from: text, form: chosen, grammar };
      $('tl-form-note').textContent = chosen === 'auto' ? `Read as ${FORM_NAMES[form]}.` : '';
    } catch (e) {
      err.textContent = e.message;
      this.app.dataset.treeError = e.message;
      return;
    }
    err.textContent = '';
    this.run(want, how);
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
   * @param {{strict?: boolean, step?: number|'end', tree?: {handle: object, api: object}}} [how]
   *   strict: refuse choices that do not apply (links); tree: the editor's tree (a GameTree of
   *   `api`, owned from here on), recorded in its module instead of the field's text
   */
  run(want = {}, how = {}) {
    if (this.needsConversion()) {
      how.tree?.handle.free();
      this.convertThenRun(want, { ...how, tree: undefined });
      return false;
    }
    this.figure.pause();
    const err = $('tl-error');
    err.textContent = '';
    let rec;
    let state;
    let range;
    let step;
    // The editor's tree, until recordSearch owns it.
    let handle = how.tree?.handle ?? null;
    try {
      state = this.formState(want);
      if (want.iterative) Object.assign(state, { iterative: true, budget: want.budget ?? null });
      if (want.fastWins) state.fastWins = true;
      const api = how.tree ? how.tree.api : this.apiFor(state.source);
      if (state.source !== 'tree' && !this.placerOf('tree', state.source)) {
        // A game's search is placed by the lab module (elements/runtime.js placerForFigure),
        // fetched the first time one is shown: the search is recorded once it is here.
        err.textContent = 'Loading the module that draws a game’s search…';
        this.loadPlacer('tree', state.source).then(
          () => {
            if (err.textContent.startsWith('Loading the module')) err.textContent = '';
            this.run(want, how);
          },
          (e) => {
            err.textContent = e.message;
          },
        );
        return true;
      }
      if (handle) {
        state.treeHandle = handle;
        handle = null;
      }
      try {
        rec = recordSearch(api, state, { strict: Boolean(how.strict), placer: this.placerOf('tree', state.source) });
      } finally {
        // The figure owns the handle now; the state on show is the text's (the caption and
        // predict mode record the same tree from it again).
        delete state.treeHandle;
      }
      // The step and the step range (steps=12-23) against the recorded search.
      try {
        ({ range, step } = checkSteps({ step: how.step ?? 0, steps: how.steps ?? null, loop: how.loop }, rec.st.length));
      } catch (e) {
        rec.st.free();
        rec.tree?.free();
        throw e;
      }
    } catch (e) {
      handle?.free();
      // TreeParseError carries line and column; its message already says "line L, column C: …".
      err.textContent = e.message;
      this.app.dataset.treeError = e.message;
      return false;
    }
    this.app.dataset.treeError = '';
    this.setMenus(rec, want);
    this.opts = rec.options;
    this.loaded = { ...state, algo: rec.algo, order: rec.order };
    // An explicit tree's note is written for the search on screen: a lesson's own note only
    // for the lesson's own search.
    if (state.source === 'tree') $('tl-note').textContent = treeNote(this.loaded);
    // A game search is listed under the entry that names it (the solver's own, or α-β's).
    else $('tl-source').value = (positionSource(state.source, rec.algo) ?? positionSource(state.source, null)).id;
    this.compareTable.clear();
    this.showCaption();
    this.figure.load({ st: rec.st, tree: rec.tree, current: rec.current, options: rec.options, figures: rec.figures, step, range });
    this.app.dataset.treeStep = String(this.figure.index);
    this.app.dataset.treeLength = String(this.figure.length);
    if (this.predictKinds) this.startPredict();
    if (this.editor && !this.editing && state.source === 'tree') this.editor.textChanged(state.tree);
    // The solver on an early Connect-4 position: record it again once the opening book is in
    // the module (its leaves at the book's depth are then book hits).
    const api = this.apiFor(state.source);
    if (bookWanted(api, state)) {
      const loaded = this.loaded;
      loadBook(api).then(
        () => {
          // At the same place: the end if it was there (the search's answer), else the start.
          if (this.loaded === loaded) this.run(want, { ...how, step: this.figure.index >= this.figure.length ? 'end' : 0 });
        },
        (e) => {
          err.textContent = e.message;
        },
      );
    }
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
    // The practice module holds explicit trees only: a game search has its narration.
    if (this.loaded?.source !== 'tree') {
      document.getElementById('tl-caption')?.remove();
      this.captionOf = null;
      return;
    }
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
      const rec = recordSearch(api, state);
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
    const s = { ...this.loaded, step: this.figure.index, predict: this.predictKinds ?? null };
    const r = this.figure.range;
    if (r) Object.assign(s, { steps: { from: r.from, to: r.to }, loop: r.loop });
    if (s.order === 'natural' && s.source === 'tree') s.order = null;
    s.boards = this.figure.p.thumbs.checked;
    return s;
  }

  /** Predict mode (views/predict.js, with the practice module: loaded when first asked for). */
  async startPredict() {
    const [{ PredictPanel }, { loadPracticeApi }] = await Promise.all([import('./predict.js'), import('../lib/practice-module.js')]);
    this.predict ??= new PredictPanel(this.figure, { idPrefix: 'tl-', loadApi: loadPracticeApi, onGraded: (r) => (this.app.dataset.predictScore = `${r.score}/${r.max}`) });
    await this.predict.load(this.predictKinds);
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
    return this.compareTable.compare(cur, base);
  }

  /** For the test hook: the picture's state in plain data. */
  snapshot() {
    return this.figure.snapshot();
  }
}
