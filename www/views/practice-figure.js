// A practice exercise: the tree drawn on a canvas as the core places it (Practice.figurePlan:
// the same placement, label check and drawing, lib/figure-draw.js, as a search's figure), one
// answer cell per question of the core's Practice (in the algorithm's visiting order, so Tab
// and Shift-Tab walk the exercise as the search would), and the feedback: correct cells ✓,
// the first wrong step with its rule on the tree, the misconception's explanation, hints,
// revealing steps, the key's real trace from the first wrong step on. One implementation for
// the playground's Practice view, <ply-practice> and the embed page: it builds its own DOM
// inside the container it is given.
//
// Every decision — the questions, what is right, the rule text, the misconception — is the
// core's (Practice.grade / hint / revealNext / answerKey); this file reads the cells, forwards
// them and draws what comes back.

import { formatValue } from '../lib/notation.js';
import { cellKey, cellText, collectAnswers, gradeRecord, keyCell, nodePaths, readCell } from '../lib/practice-answers.js';
import { TreeCanvas } from './tree-canvas.js';
import { canvasToolbar, wireCanvasToolbar } from './canvas-toolbar.js';
import { el, partMaker } from './dom.js';

const FIELD_WORD = { values: 'value', windows: 'window [α, β]', pruned: 'pruned', choice: 'choice', order: 'order', visits: 'N, W after backup' };
const PLACEHOLDER = { number: 'value', tuple: '1, 2, 6', window: 'α, β', counts: 'N, W' };
// How to answer, where the cells alone do not say it (the prompt, from the core, says what).
const HELP = {
  ordering: 'Each list is one node\'s children, first to last. Drag a child along its list, or focus it and press Alt+← / Alt+→ to move it (← / → go from child to child). The tree is drawn in your order; Enter checks.',
  maxn: (n) => `Type each tuple as its ${players(n)} entries, like ${[1, 2, 6, 3].slice(0, n).join(',\u00a0')}; pick the root's move in the menu; Enter checks.`,
  mcts: 'UCB1 to two decimals is enough. Give N, W (like 5, 2) only for the nodes whose N and W change; pick the selected child in the menu; Enter checks.',
  'alphabeta-leaves': 'Tick a leaf (or click it on the tree) to mark it never evaluated; Enter checks.',
  'alphabeta-full': 'Type α, β as two numbers, like −∞, 3 (inf or ∞ for infinity). Tick “pruned” for every edge the search never follows (or click the node below it on the tree); Enter checks.',
};
const LEGEND_2 = '▲ MAX · ▼ MIN · ○ chance · □ leaf · ✓ correct · ✗ and red ring: the first wrong step · dashed grey: marked pruned';
/** "P1, P2, P3": the players as the figure numbers them (a node of player p shows p + 1). */
const players = (n) => Array.from({ length: n }, (_, i) => `P${i + 1}`).join(', ');
const legendN = (n) => `Numbered shapes: the player to move (${Array.from({ length: n }, (_, i) => `${i + 1} = P${i + 1}`).join(', ')}) · □ leaf: the utilities (${players(n)}) · ✓ correct · ✗ and red ring: the first wrong step`;

export class PracticeFigure {
  /**
   * @param {HTMLElement} container its children are replaced (a grid of two columns, class lab-main)
   * @param {object} [opts]
   * @param {string|null} [opts.idPrefix] ids for the parts (the playground's 'pr-')
   * @param {(record: object, grade: object, answers: object) => void} [opts.onGraded] after every check
   * @param {() => boolean} [opts.isDark]
   * @param {() => object} [opts.styleOverrides]
   */
  constructor(container, opts = {}) {
    this.opts = opts;
    this.idPrefix = opts.idPrefix ?? null;
    this.practice = null;
    this.tree = null;
    this.rows = new Map(); // cellKey → {q, row, input, status}
    this.grade = null;
    this.revealFigure = null;
    const P = partMaker(opts.idPrefix);
    this.p = {};
    const p = (name, tag, attrs, ...kids) => (this.p[name] = P(name, tag, attrs, ...kids));
    const canvasCol = el(
      'div',
      { class: 'canvas-col' },
      canvasToolbar(p, 'Tree view'),
      el(
        'div',
        { class: 'canvas-wrap', part: 'canvas-wrap' },
        p('canvas', 'canvas', {
          role: 'img',
          'aria-label': 'The exercise tree. Click a node, or pick it with the arrow keys and press Enter, to answer at the node (a leaf or edge: mark it pruned); the answer cells beside the tree are the same answers as a list.',
          tabindex: '0',
          'aria-keyshortcuts': 'ArrowLeft ArrowRight ArrowUp ArrowDown Home Enter',
          'aria-describedby': opts.idPrefix ? `${opts.idPrefix}cursor` : undefined,
        }),
        p('cursor', 'p', { class: 'practice-cursor', 'aria-live': 'polite' }),
        p('tip', 'div', { class: 'tip', hidden: true }),
      ),
      p('legend', 'p', { class: 'legend' }, LEGEND_2),
    );
    const side = el(
      'div',
      { class: 'lab-side practice-side' },
      p('prompt', 'p', { class: 'practice-prompt' }),
      p('help', 'p', { class: 'practice-help', hidden: true }),
      p('table', 'div', { class: 'table-wrap', hidden: true }),
      p('cells', 'ol', { class: 'practice-cells', 'aria-label': 'Answers, in the order the algorithm visits the nodes' }),
      p(
        'actions',
        'div',
        { class: 'buttons', role: 'group', 'aria-label': 'Exercise' },
        p('check', 'button', { type: 'button', class: 'primary', 'aria-keyshortcuts': 'Enter' }, 'Check'),
        p('hint', 'button', { type: 'button' }, 'Hint'),
        p('reveal-next', 'button', { type: 'button' }, 'Reveal next step'),
        p('reveal-all', 'button', { type: 'button' }, 'Reveal all'),
        p('retry', 'button', { type: 'button', title: 'Clear the answers (same tree)' }, 'Retry'),
      ),
      p('score', 'p', { class: 'practice-score' }),
      p('feedback', 'div', { class: 'practice-feedback', role: 'status', 'aria-live': 'polite' }),
    );
    const reveal = p('reveal', 'section', { class: 'practice-reveal', hidden: true, 'aria-label': 'The answer key, stepped' },
      p('reveal-title', 'h3', {}, 'The real search, from the first wrong step'),
      p('reveal-body', 'div', { class: 'lab-main' }),
    );
    this.root = container;
    container.replaceChildren(canvasCol, side, reveal);
    // (The canvas's node ids are the tree's; the arrow keys walk the drawing's order.)
    this.plans = new Map();
    this.canvas = new TreeCanvas(this.p.canvas, this.p.tip, {
      describe: (id) => this.describe(this.drawOf[id]),
      onClick: (id) => this.clickNode(this.drawOf[id]),
      isDark: opts.isDark,
      styleOverrides: opts.styleOverrides,
      // The learner finds a node by its name: never zoomed out past where names read.
      legibleOnly: true,
      // A question asks for a node's value: its children stay in view with it.
      frameChildren: true,
    });
    this.wire();
  }

  wire() {
    const p = this.p;
    wireCanvasToolbar(this);
    p.check.addEventListener('click', () => this.check());
    p.hint.addEventListener('click', () => this.showHint());
    p['reveal-next'].addEventListener('click', () => this.revealNext());
    p['reveal-all'].addEventListener('click', () => this.revealAll());
    p.retry.addEventListener('click', () => this.retry());
    p.cells.addEventListener('keydown', (e) => {
      if (e.key !== 'Enter' || e.ctrlKey || e.metaKey || e.altKey) return;
      e.preventDefault();
      this.check();
    });
    // The question being answered stays on the canvas.
    p.cells.addEventListener('focusin', (e) => {
      for (const r of this.rows.values()) if (r.row.contains(e.target)) return this.revealNode(r.q.path);
    });
    p.cells.addEventListener('input', () => this.redraw());
    p.cells.addEventListener('change', () => this.redraw());
    // The tree is an answer form too: a node picked with the arrow keys, Enter answers there.
    p.canvas.addEventListener('keydown', (e) => this.canvasKey(e));
    p.canvas.addEventListener('pointerdown', () => this.placeRing());
    const hide = p.cursor.style;
    Object.assign(hide, { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap', margin: '0' });
  }

  /** The arrow keys on the tree: ← → the previous / next node in visiting order, ↑ the parent, ↓ the first child, Home the root; Enter or Space answers at the node. */
  canvasKey(e) {
    if (!this.model || e.ctrlKey || e.metaKey || e.altKey) return;
    const nodes = this.drawn;
    const cur = this.cursor ?? -1;
    let next = null;
    if (e.key === 'ArrowRight') next = Math.min(nodes.length - 1, cur + 1);
    else if (e.key === 'ArrowLeft') next = Math.max(0, cur - 1);
    else if (e.key === 'ArrowUp') next = cur > 0 ? Math.max(0, nodes[cur].parent) : 0;
    else if (e.key === 'ArrowDown') next = cur < 0 ? 0 : (nodes[cur].children[0] ?? cur);
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      e.stopPropagation();
      this.clickNode(cur < 0 ? 0 : cur, true);
      return;
    } else return;
    e.preventDefault();
    this.cursor = next;
    this.canvas.reveal(this.treeOf[next]);
    this.placeRing();
    const info = this.describe(next);
    this.p.cursor.textContent = info ? `${info.text}.` : '';
  }

  /** The picked node's ring over the canvas (hidden while the tree is dragged, until the next key). */
  placeRing(show = false) {
    const wrap = this.p.canvas.parentElement;
    if (!this.ring) {
      this.ring = el('div', { class: 'practice-ring', 'aria-hidden': 'true' });
      Object.assign(this.ring.style, { position: 'absolute', pointerEvents: 'none', border: '3px solid #1a5fb4', borderRadius: '50%', boxSizing: 'border-box' });
      wrap.append(this.ring);
    }
    const at = this.nodeOnScreen(this.cursor);
    const on = at && (show || document.activeElement === this.p.canvas || this.root.getRootNode().activeElement === this.p.canvas);
    this.ring.hidden = !on;
    if (!on) return;
    const r = Math.max(10, at.r + 5);
    Object.assign(this.ring.style, { left: `${at.x - r}px`, top: `${at.y - r}px`, width: `${2 * r}px`, height: `${2 * r}px` });
  }

  /** Where drawn node `d` is over the canvas (CSS pixels from its top left corner), with its radius; null when it is not drawn. */
  nodeOnScreen(d) {
    const c = this.canvas;
    const lay = c.layout;
    const v = d == null || d < 0 ? -1 : (this.treeOf?.[d] ?? -1);
    if (v < 0 || !lay || v >= lay.x.length || !lay.visible[v]) return null;
    const p = c.camera.toScreen(lay.x[v], lay.y[v]);
    return { x: p.x + this.p.canvas.offsetLeft, y: p.y + this.p.canvas.offsetTop, r: (Math.max(lay.nodeWidth, lay.nodeHeight) / 2) * c.camera.scale };
  }

  /**
   * The answer form at a node on the tree: one field per cell of the node (its value, its
   * window, its mark, the root's choice), each the twin of the cell in the list — typing in
   * one writes the other, so the two always agree. Enter checks (as in the list), Escape
   * closes it and gives the focus back to the tree.
   */
  openEditor(d) {
    this.closeEditor();
    const id = this.treeOf[d];
    const path = this.paths[id];
    const mine = [...this.rows.values()].filter((r) => r.q.path === path && !r.order);
    if (!mine.length) return false;
    const box = el('div', { class: 'practice-node-editor', role: 'group', 'aria-label': `Answers at ${this.nodeName(id)}` });
    Object.assign(box.style, { position: 'absolute', zIndex: '2', display: 'grid', gridTemplateColumns: 'auto auto', gap: '0.2rem 0.4rem', alignItems: 'center', padding: '0.3rem 0.45rem', background: 'var(--ply-panel, #fff)', color: 'inherit', border: '2px solid var(--ply-accent, #1a5fb4)', borderRadius: '6px', boxShadow: '0 2px 8px rgba(0,0,0,0.25)', fontSize: '0.9rem' });
    const twins = [];
    for (const r of mine) {
      const fid = `${r.input.id}-tree`;
      const text = r.row.querySelector('label')?.textContent ?? '';
      let f;
      if (r.q.kind === 'mark') f = el('input', { type: 'checkbox', id: fid });
      else if (r.q.kind === 'child') f = el('select', { id: fid }, [...r.input.options].map((o) => el('option', { value: o.value }, o.textContent)));
      else f = el('input', { type: 'text', id: fid, size: 8, autocomplete: 'off', spellcheck: 'false', inputmode: r.input.inputMode || 'text', placeholder: r.input.placeholder });
      const copy = () => {
        if (r.q.kind === 'mark') r.input.checked = f.checked;
        else r.input.value = f.value;
        this.redraw();
      };
      f.addEventListener('input', copy);
      f.addEventListener('change', copy);
      twins.push({ r, f });
      box.append(el('label', { for: fid }, text), f);
    }
    const close = el('button', { type: 'button', 'aria-label': 'Close the answers at this node', title: 'Close (Escape)' }, '×');
    Object.assign(close.style, { gridColumn: '2', justifySelf: 'end', minWidth: '2rem' });
    close.addEventListener('click', () => this.closeEditor(true));
    box.append(close);
    box.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        this.closeEditor(true);
      } else if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey && !e.altKey && e.target !== close) {
        e.preventDefault();
        this.check();
      }
    });
    this.editor = { box, twins, d };
    this.syncEditor(true);
    this.p.canvas.parentElement.append(box);
    this.placeEditor();
    twins[0].f.focus();
    return true;
  }

  /** The node's form next to the node (inside the canvas's box). */
  placeEditor() {
    const ed = this.editor;
    if (!ed) return;
    const at = this.nodeOnScreen(ed.d);
    const wrap = this.p.canvas.parentElement;
    const w = ed.box.offsetWidth;
    const h = ed.box.offsetHeight;
    const x = at ? Math.min(Math.max(4, at.x - w / 2), wrap.clientWidth - w - 4) : 4;
    const y = at ? (at.y + at.r + 6 + h <= wrap.clientHeight ? at.y + at.r + 6 : Math.max(4, at.y - at.r - 6 - h)) : 4;
    Object.assign(ed.box.style, { left: `${Math.max(0, x)}px`, top: `${Math.max(0, y)}px` });
  }

  /** The node form's fields from their cells (the list is where the answers live). */
  syncEditor(all = false) {
    for (const { r, f } of this.editor?.twins ?? []) {
      if (!all && f === f.ownerDocument.activeElement) continue;
      if (r.q.kind === 'mark') f.checked = r.input.checked;
      else if (f.value !== r.input.value) f.value = r.input.value;
      f.toggleAttribute('aria-invalid', r.input.getAttribute('aria-invalid') === 'true');
      if (r.input.getAttribute('aria-invalid') === 'true') f.setAttribute('aria-invalid', 'true');
    }
  }

  closeEditor(focusTree = false) {
    if (!this.editor) return;
    this.editor.box.remove();
    this.editor = null;
    if (focusTree) this.p.canvas.focus();
  }

  /**
   * Shows an exercise, replacing the old one (whose handles are freed).
   * @param {object} api the wasm module (Practice, GameTree, Stepper)
   * @param {object} options Practice.create's options (figure-state.js practiceOptions)
   */
  load(api, options) {
    const practice = api.Practice.create(options);
    let tree;
    try {
      tree = api.GameTree.parse(practice.treeText);
    } catch (e) {
      practice.free();
      throw e;
    }
    this.closeReveal();
    this.closeEditor();
    this.cursor = null;
    this.practice?.free();
    this.tree?.free();
    this.api = api;
    this.practice = practice;
    this.tree = tree;
    this.task = practice.task;
    this.fields = Array.from(practice.fields);
    this.questions = practice.questions();
    this.treeNodes = tree.nodes();
    this.paths = nodePaths(this.treeNodes);
    this.idOfPath = new Map(this.paths.map((path, id) => [path, id]));
    this.players = tree.players;
    this.mctsInfo = practice.mcts();
    this.key = null;
    this.grade = null;
    if (this.p.prompt.textContent !== practice.prompt) this.p.prompt.textContent = practice.prompt;
    const h = HELP[this.task] ?? '';
    const help = typeof h === 'function' ? h(this.players) : h;
    this.p.help.textContent = help;
    this.p.help.hidden = !help;
    let legend = this.players > 2 ? legendN(this.players) : this.fields.includes('pruned') ? LEGEND_2 : LEGEND_2.replace(' · dashed grey: marked pruned', '');
    if (this.task === 'mcts') legend = legend.replace(' · ✓', ' · W/N beside a node: its total reward W and visits N so far · ✓');
    if (this.task === 'ordering') legend = legend.replace(' · ✓ correct · ✗ and red ring: the first wrong step', ' · the tree is drawn in the order of the lists');
    this.p.legend.textContent = legend;
    this.buildTable();
    this.buildCells();
    this.buildModel();
    this.freePlans();
    this.shown = { answers: {}, ok: [], wrong: null };
    // The first view: the root and the node of the question the search answers first (the
    // whole tree when it reads).
    this.canvas.setPlaced(this.model, this.placedSource(), { fit: true, focus: this.firstAnswered() });
    this.setFeedback([], '');
    this.redraw();
  }

  /**
   * Before the first exercise is loaded (its module still on its way): the task's prompt when
   * its words are known without the exercise (lib/practice-prompts.js, the core's), else
   * nothing. load() then sets the core's prompt, the same text.
   * @param {string} prompt
   */
  preview(prompt) {
    if (!this.practice) this.p.prompt.textContent = prompt;
  }

  /**
   * The drawing's order: the tree with each node's children in the order its cell gives (move
   * ordering: the student's order; every other task: the tree's own). Draw ids are the
   * preorder of that drawing (the arrow keys walk it); `treeOf[draw id]` is the tree node,
   * `drawOf[tree id]` its draw id. The model (by tree id, as the canvas numbers the nodes)
   * holds what the overview map, the hover and the tests read: each node's kind, state,
   * value text and mark.
   */
  buildModel() {
    const tn = this.treeNodes;
    const orders = new Map();
    for (const r of this.rows.values()) if (r.order) orders.set(this.idOfPath.get(r.q.path), r.order);
    const treeOf = [];
    const drawOf = new Array(tn.length).fill(-1);
    const drawn = [];
    const root = tn.findIndex((n) => n.parent === null || n.parent < 0);
    const stack = [[root, -1]];
    while (stack.length) {
      const [id, parent] = stack.pop();
      const d = treeOf.length;
      treeOf.push(id);
      drawOf[id] = d;
      drawn.push({ ...tn[id], id: d, parent, children: [] });
      if (parent >= 0) drawn[parent].children.push(d);
      const kids = tn[id].children ?? [];
      const perm = orders.get(id);
      const list = perm && perm.length === kids.length ? perm.map((i) => kids[i]) : kids;
      for (let k = list.length - 1; k >= 0; k--) stack.push([list[k], d]);
    }
    this.treeOf = treeOf;
    this.drawOf = drawOf;
    this.drawn = drawn; // parent and children by draw id (the arrow keys on the tree)
    this.model = { nodes: tn.map((n, id) => ({ id, kind: n.kind, state: 'done', value: null, tag: '' })) };
  }

  /**
   * The core's placement as the canvas reads it (TreeCanvas.setPlaced): the plan, normal and
   * compact, each made when first drawn (again when the order of children changes), and
   * its record of the cells as they are (`this.shown`, set by redraw).
   */
  placedSource() {
    const plan = (compact) => {
      let p = this.plans.get(compact);
      if (!p) {
        const handle = this.practice.figurePlan(this.orderAnswers(), compact);
        p = { handle, layout: handle.layout(), rec: null, shown: null };
        this.plans.set(compact, p);
      }
      return p;
    };
    return {
      layout: (compact) => plan(compact).layout,
      at: (compact) => {
        const p = plan(compact);
        if (p.shown !== this.shown) {
          p.rec = p.handle.at(this.shown);
          p.shown = this.shown;
        }
        return p.rec;
      },
    };
  }

  /** Move ordering: the children orders of the cells, as answers (every other task: none). */
  orderAnswers() {
    if (this.task !== 'ordering') return undefined;
    const order = {};
    for (const r of this.rows.values()) if (r.order) order[r.q.path] = r.order;
    return { order };
  }

  /** Frees the plans (a new exercise, a new order of children). */
  freePlans() {
    for (const p of this.plans.values()) p.handle.free();
    this.plans.clear();
  }

  /**
   * The tree node of the question the search settles first: the one whose node comes first in
   * post-order (a node is finished after its children), so E before its parent B and the
   * root A; -1 without questions.
   */
  firstAnswered() {
    const asked = new Set();
    for (const q of this.questions) {
      const id = this.idOfPath.get(q.path);
      if (id !== undefined) asked.add(id);
    }
    const tn = this.treeNodes;
    const root = tn.findIndex((n) => n.parent === null || n.parent < 0);
    if (root < 0) return -1;
    // Iterative post-order: [node, next child index].
    const stack = [[root, 0]];
    while (stack.length) {
      const top = stack[stack.length - 1];
      const kids = tn[top[0]].children ?? [];
      if (top[1] < kids.length) stack.push([kids[top[1]++], 0]);
      else {
        stack.pop();
        if (asked.has(top[0])) return top[0];
      }
    }
    return -1;
  }

  /** Frees the wasm handles and stops observers. */
  destroy() {
    this.closeReveal();
    this.canvas.destroy();
    this.freePlans();
    this.practice?.free();
    this.tree?.free();
    this.practice = null;
    this.tree = null;
  }

  /** MCTS: the tree's N and W after the iterations already run, as a table. */
  buildTable() {
    const box = this.p.table;
    const m = this.mctsInfo;
    if (!m) {
      box.hidden = true;
      box.replaceChildren();
      return;
    }
    const rows = m.nodes.map((n) => el('tr', {}, el('th', { scope: 'row' }, n.label || 'root'), el('td', {}, String(n.n)), el('td', {}, formatValue(n.w))));
    box.replaceChildren(
      el(
        'table',
        { class: 'practice-mcts' },
        el('caption', {}, `N and W after ${m.iterations} iterations (C = ${formatValue(m.c)})`),
        el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'node'), el('th', { scope: 'col' }, 'N'), el('th', { scope: 'col' }, 'W'))),
        el('tbody', {}, rows),
      ),
    );
    box.hidden = false;
  }

  /** One row per question: a label and an input (a checkbox for marks, a menu for the choice). */
  buildCells() {
    this.rows.clear();
    const prefix = this.idPrefix ?? `pf${Math.random().toString(36).slice(2, 8)}-`;
    const items = this.questions.map((q, i) => {
      const key = cellKey(q);
      const id = `${prefix}cell-${i}`;
      const name = q.label || 'root';
      let input;
      let label;
      if (q.kind === 'mark') {
        input = el('input', { type: 'checkbox', id, dataset: { key } });
        // α-β in full marks edges: an inner node's mark is the edge above it.
        const t = this.treeNodes[this.idOfPath.get(q.path)];
        const edge = this.task === 'alphabeta-full' && t?.kind !== 'terminal' && t?.edge ? `edge ${t.edge} (to ${name})` : name;
        label = el('label', { for: id }, `${edge} pruned`);
      } else if (q.kind === 'child') {
        const root = this.treeNodes.find((n) => n.parent === null || n.parent < 0);
        input = el(
          'select',
          { id, dataset: { key } },
          el('option', { value: '' }, '—'),
          (root?.children ?? []).map((c, k) => el('option', { value: String(k) }, this.nodeName(c))),
        );
        label = el('label', { for: id }, `${name}: choice`);
      } else if (q.kind === 'permutation') {
        const labelId = `${id}-label`;
        label = el('span', { id: labelId, class: 'order-label' }, `${name}: children, first to last`);
        input = el('ol', { id, class: 'order-list', 'aria-labelledby': labelId, dataset: { key } });
        const status = el('span', { class: 'cell-status', id: `${id}-status` });
        input.setAttribute('aria-describedby', status.id);
        const row = el('li', { class: 'practice-cell', dataset: { key, kind: q.kind } }, label, input, status);
        const r = { q, row, input, status, order: this.naturalOrder(q) };
        this.rows.set(key, r);
        this.drawOrder(r);
        this.wireOrder(r);
        return row;
      } else {
        input = el('input', { type: 'text', id, inputmode: q.kind === 'number' ? 'decimal' : 'text', autocomplete: 'off', spellcheck: 'false', size: 9, placeholder: PLACEHOLDER[q.kind] ?? '', dataset: { key } });
        label = el('label', { for: id }, `${name}: ${this.fieldWord(q.field)}`);
      }
      const status = el('span', { class: 'cell-status', id: `${id}-status` });
      input.setAttribute('aria-describedby', status.id);
      const row = el('li', { class: 'practice-cell', dataset: { key, kind: q.kind } }, label, input, status);
      this.rows.set(key, { q, row, input, status });
      return row;
    });
    this.p.cells.replaceChildren(...items);
  }

  /** What a field asks, in words (MCTS values are UCB1 totals). */
  fieldWord(field) {
    if (field === 'values' && this.task === 'mcts') return 'UCB1';
    if (field === 'values' && this.task === 'maxn') return 'tuple';
    return FIELD_WORD[field] ?? field;
  }

  /** A node's name for the student: its label, else its path. */
  nodeName(id) {
    const n = this.treeNodes[id];
    return n.label || (n.edge ? n.edge : this.paths[id] === '' ? 'root' : this.paths[id]);
  }

  /** The raw value of each cell. */
  cells() {
    const out = new Map();
    for (const [key, r] of this.rows) out.set(key, this.rawOf(r));
    return out;
  }

  /** A row's raw value: a mark's checked state, an order as its text ("2, 0, 1"), else the input's text. */
  rawOf(r) {
    if (r.q.kind === 'mark') return r.input.checked;
    if (r.order) return r.order.join(', ');
    return r.input.value;
  }

  ctxOf(q) {
    const id = this.idOfPath.get(q.path);
    return { players: this.players > 2 ? this.players : undefined, children: id !== undefined ? this.treeNodes[id].children.length : undefined };
  }

  /** The answers object of the cells (errors: cells that cannot be read). */
  answers() {
    return collectAnswers(this.questions, this.cells(), this.fields, (q) => this.ctxOf(q));
  }

  /** Sets the cells from an answers object (submit, Reveal). */
  fill(answers) {
    for (const r of this.rows.values()) this.setCell(r, keyCell(r.q, answers));
  }

  setCell(r, v) {
    if (r.q.kind === 'mark') r.input.checked = v === true;
    else if (r.order) {
      const perm = String(v ?? '').trim() === '' ? null : String(v).split(/\s*,\s*/).map(Number);
      const ok = perm && perm.length === r.order.length && perm.every((x, i) => perm.indexOf(x) === i && x >= 0 && x < perm.length);
      r.order = ok ? perm : this.naturalOrder(r.q);
      this.drawOrder(r);
      this.orderChanged();
    } else r.input.value = v ?? '';
  }

  /** The children indices of a node in the tree's own order. */
  naturalOrder(q) {
    const id = this.idOfPath.get(q.path);
    return (this.treeNodes[id]?.children ?? []).map((_, i) => i);
  }

  /**
   * Move ordering: one button per child in the chosen order. The list has one Tab stop (the
   * focused child); ← / → move the focus along it, Alt+← / Alt+→ move the child one place;
   * a child can also be dragged along the list.
   */
  drawOrder(r, focus = null) {
    const id = this.idOfPath.get(r.q.path);
    const kids = this.treeNodes[id].children;
    const n = r.order.length;
    const active = focus ?? r.active ?? r.order[0];
    r.active = active;
    r.input.replaceChildren(
      ...r.order.map((i, place) =>
        el(
          'li',
          {},
          el(
            'button',
            {
              type: 'button',
              class: 'order-child',
              tabindex: i === active ? '0' : '-1',
              'aria-label': `${this.childName(kids[i])}, place ${place + 1} of ${n}`,
              'aria-keyshortcuts': 'Alt+ArrowLeft Alt+ArrowRight',
              dataset: { child: String(i) },
            },
            this.childName(kids[i]),
          ),
        ),
      ),
    );
    if (focus !== null) r.input.querySelector(`[data-child="${focus}"]`)?.focus();
  }

  /** A child in an order list: its move (edge) name as the rules write it, and the node it leads to ("a1 (B)"). */
  childName(id) {
    const t = this.treeNodes[id];
    const node = t.kind === 'terminal' ? '' : t.label;
    if (t.edge && node) return `${t.edge} (${node})`;
    return t.edge || this.nodeName(id);
  }

  /** The order's words for the live region: "b3 moved to place 1 of 3 under B: b3, b1, b2". */
  orderWords(r, child) {
    const id = this.idOfPath.get(r.q.path);
    const kids = this.treeNodes[id].children;
    const names = r.order.map((i) => this.childName(kids[i]));
    return `${this.childName(kids[child])} moved to place ${r.order.indexOf(child) + 1} of ${r.order.length} under ${this.nodeName(id)}: ${names.join(', ')}.`;
  }

  /** Moves child `child` of row `r` to place `to`; redraws the list and the tree, announces it. */
  moveChild(r, child, to, focus = true) {
    const from = r.order.indexOf(child);
    to = Math.max(0, Math.min(r.order.length - 1, to));
    if (from < 0 || from === to) return false;
    r.order.splice(from, 1);
    r.order.splice(to, 0, child);
    this.drawOrder(r, focus ? child : null);
    this.orderChanged();
    this.setFeedback([this.orderWords(r, child)], '');
    return true;
  }

  orderChanged() {
    if (!this.model || this.task !== 'ordering') return;
    this.buildModel();
    this.freePlans();
    this.canvas.setPlaced(this.model, this.placedSource(), { fit: false });
    this.redraw();
  }

  wireOrder(r) {
    const list = r.input;
    const childOf = (t) => t?.closest?.('.order-child');
    list.addEventListener('keydown', (e) => {
      const b = childOf(e.target);
      if (!b) return;
      const child = Number(b.dataset.child);
      const place = r.order.indexOf(child);
      const step = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[e.key];
      if (step !== undefined && !e.ctrlKey && !e.metaKey) {
        e.preventDefault();
        if (e.altKey) {
          if (!this.moveChild(r, child, place + step)) this.setFeedback([`${this.childName(this.treeNodes[this.idOfPath.get(r.q.path)].children[child])} is already ${step < 0 ? 'first' : 'last'}.`], '');
        } else {
          const next = r.order[Math.max(0, Math.min(r.order.length - 1, place + step))];
          this.drawOrder(r, next);
        }
      } else if ((e.key === 'Home' || e.key === 'End') && !e.altKey) {
        e.preventDefault();
        this.drawOrder(r, r.order[e.key === 'Home' ? 0 : r.order.length - 1]);
      }
    });
    list.addEventListener('focusin', (e) => {
      const b = childOf(e.target);
      if (b) r.active = Number(b.dataset.child);
    });
    // Dragging with a pointer (mouse, pen, touch): the child follows to the place under it.
    let drag = null;
    list.addEventListener('pointerdown', (e) => {
      const b = childOf(e.target);
      if (!b || e.button !== 0) return;
      drag = { child: Number(b.dataset.child), x: e.clientX, y: e.clientY, moved: false, id: e.pointerId };
      list.setPointerCapture?.(e.pointerId);
    });
    list.addEventListener('pointermove', (e) => {
      if (!drag || e.pointerId !== drag.id) return;
      if (!drag.moved && Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < 5) return;
      drag.moved = true;
      list.classList.add('dragging');
      const over = [...list.querySelectorAll('.order-child')].find((o) => {
        const q = o.getBoundingClientRect();
        return e.clientX >= q.left && e.clientX <= q.right && e.clientY >= q.top && e.clientY <= q.bottom;
      });
      if (!over) return;
      const to = r.order.indexOf(Number(over.dataset.child));
      if (to !== r.order.indexOf(drag.child)) this.moveChild(r, drag.child, to, false);
    });
    const end = (e) => {
      if (!drag || e.pointerId !== drag.id) return;
      const { child, moved } = drag;
      drag = null;
      list.classList.remove('dragging');
      this.drawOrder(r, child);
      if (moved) this.setFeedback([this.orderWords(r, child)], '');
    };
    list.addEventListener('pointerup', end);
    list.addEventListener('pointercancel', end);
  }

  /** Checks the cells (Enter, the Check button): grades them with the core and shows the feedback. */
  check() {
    if (!this.practice) return null;
    const { answers, errors } = this.answers();
    this.clearInvalid();
    if (errors.length) {
      const r = this.rows.get(errors[0].key);
      r.input.setAttribute('aria-invalid', 'true');
      r.status.textContent = 'cannot read this';
      this.setFeedback([errors[0].message], 'error');
      this.focusRow(r);
      return null;
    }
    return this.gradeAnswers(answers);
  }

  /**
   * Grades an answers object (the same as el.submit), shows the feedback, calls onGraded.
   * Malformed answers throw (the core's message).
   */
  gradeAnswers(answers) {
    const g = this.practice.grade(answers);
    this.grade = g;
    this.showGrade(g);
    const record = gradeRecord(g);
    this.opts.onGraded?.(record, g, answers);
    return record;
  }

  /** Fills the cells from answers and grades them (<ply-practice>'s submit). */
  submit(answers) {
    const record = this.gradeAnswers(answers);
    this.fill(answers);
    this.showGrade(this.grade);
    return record;
  }

  clearInvalid() {
    for (const r of this.rows.values()) {
      r.input.removeAttribute('aria-invalid');
      r.row.classList.remove('ok', 'wrong', 'hinted');
      r.status.textContent = '';
    }
  }

  showGrade(g) {
    const fw = this.showStatuses(g);
    const lines = [];
    if (g.done) lines.push(`All correct: ${g.score} of ${g.max}.`);
    else {
      lines.push(`${g.summary}.`);
      if (fw) lines.push(`Rule: ${fw.rule}.`);
      if (g.misconception) lines.push(`Misconception (${g.misconception}): ${g.explanation}`);
    }
    this.setFeedback(lines, g.done ? 'done' : '');
    this.redraw();
    if (fw) this.revealNode(fw.node);
  }

  /** The grade's marks on the cells (✓ correct, ✗ at the first wrong step) and the score line; returns the first wrong step. */
  showStatuses(g) {
    this.grade = g;
    this.clearInvalid();
    for (const c of g.correct) {
      // Move ordering is one cell for the whole tree (the leaf count): every node's row shows it.
      const rs = c.field === 'order' ? [...this.rows.values()].filter((r) => r.q.field === 'order') : [this.rows.get(`${c.field}:${c.node}`)];
      for (const r of rs) {
        if (!r) continue;
        r.row.classList.add('ok');
        r.status.textContent = '✓ correct';
      }
    }
    const fw = g.firstWrong;
    this.p.score.textContent = `Score: ${g.score} of ${g.max}${g.done ? ' — all correct' : ''}`;
    if (fw) {
      const rs = fw.field === 'order' ? [...this.rows.values()].filter((r) => r.q.field === 'order') : [this.rows.get(`${fw.field}:${fw.node}`)];
      for (const r of rs) {
        if (!r) continue;
        r.row.classList.add('wrong');
        r.status.textContent = fw.field === 'order' ? '✗ more leaves than needed' : '✗ first wrong step';
      }
    }
    return fw;
  }

  setFeedback(lines, cls) {
    const box = this.p.feedback;
    box.className = `practice-feedback ${cls}`.trim();
    box.replaceChildren(...lines.map((t) => el('p', {}, t)));
    if (!lines.length) this.p.score.textContent = this.practice ? `Score: — of ${this.practice.maxScore}` : '';
  }

  /** Hint: the rule at the first wrong or missing step, without its answer. */
  showHint() {
    if (!this.practice) return;
    const { answers, errors } = this.answers();
    if (errors.length) {
      this.check();
      return;
    }
    const h = this.practice.hint(answers);
    if (!h) {
      this.setFeedback(['Nothing to hint: every answer is right. Press Check.'], '');
      return;
    }
    this.setFeedback([`Hint at ${h.label || 'the root'} (${this.fieldWord(h.field)}): ${h.hint}.`], '');
    const r = this.rows.get(`${h.field}:${h.node}`);
    if (r) {
      r.row.classList.add('hinted');
      this.focusRow(r);
    }
    this.revealNode(h.node);
  }

  /** Reveal next step: fills the first wrong or missing cell with the key's answer and its rule. */
  revealNext() {
    if (!this.practice) return;
    const { answers, errors } = this.answers();
    if (errors.length) {
      this.check();
      return;
    }
    const s = this.practice.revealNext(answers);
    if (!s) {
      this.setFeedback(['Every step is already right.'], 'done');
      return;
    }
    const r = this.rows.get(`${s.field}:${s.node}`);
    if (this.task === 'ordering') {
      // One cell for the whole tree: the key's order at every node.
      this.key ??= this.practice.answerKey();
      for (const o of this.rows.values()) this.setCell(o, keyCell(o.q, this.key));
      if (r) this.focusRow(r);
    } else if (r) {
      this.setCell(r, cellText(r.q, s.expected));
      this.focusRow(r);
    }
    // The marks on the cells follow: after a Check they are the core's grade of the cells as
    // they are now (the revealed cell ✓, the next wrong step ✗); before any, only the revealed
    // cell is marked.
    if (this.grade) {
      const after = this.answers();
      if (!after.errors.length) this.showStatuses(this.practice.grade(after.answers));
    }
    for (const o of this.task === 'ordering' ? [...this.rows.values()] : [r]) {
      if (!o) continue;
      o.row.classList.remove('wrong', 'hinted');
      o.row.classList.add('ok');
      o.status.textContent = '✓ revealed';
    }
    this.setFeedback([`${s.label || 'The root'} (${this.fieldWord(s.field)}): ${s.rule}.`], '');
    this.redraw();
    this.revealNode(s.node);
  }

  /** Reveal all: the key in every cell, and the key's real trace stepped from the first wrong step. */
  async revealAll() {
    if (!this.practice) return;
    const { answers, errors } = this.answers();
    const g = errors.length ? null : this.practice.grade(answers);
    const from = g?.firstWrong?.step ?? 0;
    this.key ??= this.practice.answerKey();
    this.fill(this.key);
    this.redraw();
    const opts = this.practice.stepperOptions;
    const mc = this.mctsInfo;
    if (!opts && !mc) {
      this.setFeedback(['The answer key is in the cells.'], '');
      return;
    }
    const body = this.p['reveal-body'];
    this.closeReveal();
    const figOpts = { isDark: this.opts.isDark, styleOverrides: this.opts.styleOverrides };
    if (mc) {
      // The asked iteration, phase by phase: the MCTS figure after the iterations already run.
      const { MctsFigure } = await import('./mcts-figure.js');
      this.p.reveal.hidden = false;
      // The lab module steps the run and places its pictures (it holds the tree module's
      // placeMcts).
      const placer = () => this.api;
      this.revealFigure = new MctsFigure(body, { ...figOpts, placer, controls: ['step', 'narration', 'zoom', 'ucb'] });
      const handle = this.api.GameTree.parse(this.practice.treeText);
      const m = this.api.MctsStepper.forTree(handle, { c: mc.c, seed: mc.seed });
      this.revealFigure.load({ m, handle, kind: 'tree', c: mc.c, iterations: mc.iterations });
      this.p['reveal-title'].textContent = `The real MCTS run: iteration ${mc.iterations + 1}, one phase at a time`;
      this.setFeedback([`The answer key is in the cells. Below, the real MCTS run after ${mc.iterations} iterations: step through iteration ${mc.iterations + 1} phase by phase.`], '');
      return;
    }
    const { TreeFigure } = await import('./tree-figure.js');
    this.p.reveal.hidden = false;
    this.revealFigure = new TreeFigure(body, { ...figOpts, controls: ['step', 'play', 'scrubber', 'narration', 'result', 'zoom'] });
    const tree = this.api.GameTree.parse(this.practice.treeText);
    const st = this.api.Stepper.forTree(tree, opts);
    const step = Math.min(from + 1, st.length);
    // The key's search as the core places it, as the tree lab draws it (FigurePlan).
    const figures = (minimax, compact) => this.api.FigurePlan.forTree(tree, opts, undefined, minimax, compact);
    this.revealFigure.load({ st, tree, current: { type: 'tree', text: this.practice.treeText }, options: opts, step, figures });
    this.p['reveal-title'].textContent = 'The real search, from the first wrong step';
    this.setFeedback([`The answer key is in the cells. Below, the real search at step ${step}, the first wrong one: step on with the arrow buttons.`], '');
  }

  closeReveal() {
    this.revealFigure?.destroy();
    this.revealFigure = null;
    if (this.p.reveal) this.p.reveal.hidden = true;
  }

  /** Retry: the same tree, empty cells. */
  retry() {
    for (const r of this.rows.values()) this.setCell(r, r.q.kind === 'mark' ? false : '');
    this.grade = null;
    this.clearInvalid();
    this.closeReveal();
    this.setFeedback(['The answers are cleared: the same tree again.'], '');
    this.redraw();
    const first = this.rows.values().next().value;
    if (first) this.focusRow(first);
  }

  /** A click on the tree (or Enter on its picked node): a leaf's mark toggles; a node with other cells opens its answer form at the node. */
  clickNode(d, fromKey = false) {
    const id = this.treeOf[d];
    const path = this.paths[id];
    const mine = [...this.rows.values()].filter((r) => r.q.path === path);
    if (!mine.length) return;
    const mark = mine.find((r) => r.q.kind === 'mark');
    const other = mine.find((r) => r.q.kind !== 'mark');
    this.cursor = d;
    if (mark && (!other || this.treeNodes[id].children.length === 0)) {
      this.closeEditor();
      mark.input.checked = !mark.input.checked;
      if (!fromKey) this.focusRow(mark);
      this.redraw();
      const info = this.describe(d);
      this.p.cursor.textContent = info ? `${info.text}.` : '';
    } else if (!this.openEditor(d)) this.focusRow(other ?? mark);
  }

  /** Puts the focus in a row (an order list: on its active child). */
  focusRow(r) {
    if (r.order) (r.input.querySelector('[tabindex="0"]') ?? r.input.querySelector('button'))?.focus();
    else r.input.focus();
  }

  revealNode(path) {
    const id = this.idOfPath.get(path);
    if (id !== undefined) this.canvas.reveal(id);
  }

  /**
   * Draws the cells on the tree: typed values and windows, marked edges, the chosen move, ✓
   * and the first wrong step (the core places them: PracticeFigure.at). A cell that cannot be
   * read yet is left out.
   */
  redraw() {
    if (!this.model) return;
    const answers = {};
    for (const r of this.rows.values()) {
      if (r.order || r.q.field === 'visits') continue;
      let v;
      try {
        v = readCell(r.q, this.rawOf(r), this.ctxOf(r.q));
      } catch {
        v = undefined;
      }
      if (v === undefined) continue;
      const path = r.q.path;
      if (r.q.kind === 'mark') {
        if (v) (answers.pruned ??= []).push(path);
      } else if (r.q.kind === 'window') (answers.windows ??= {})[path] = v;
      else if (r.q.kind === 'child') answers.choice = v;
      else if (r.q.field === 'values') (answers.values ??= {})[path] = v;
    }
    // The last check's marks: ✗ at the first wrong step (not for move ordering, one cell for
    // the whole tree), ✓ where every cell of the node was right.
    const g = this.grade;
    const wrong = g && this.task !== 'ordering' ? (g.firstWrong?.node ?? null) : null;
    const ok = g ? g.correct.map((c) => c.node).filter((p) => !g.mistakes.some((m) => m.node === p)) : [];
    this.shown = { answers, ok, wrong };
    const c = this.canvas;
    const rec = c.placed?.at(c.layout.geometry?.compact ?? false);
    if (rec) {
      for (const n of this.model.nodes) {
        n.state = rec.states[n.id];
        n.value = null;
        n.tag = '';
      }
      for (const l of rec.labels) {
        const n = this.model.nodes[l.node];
        if (l.kind === 'value') n.value = l.text;
        else if (l.kind === 'mark') n.tag = l.text;
      }
    }
    c.invalidate();
    this.syncEditor();
    this.placeEditor();
    if (this.ring) this.placeRing();
  }

  describe(d) {
    const id = this.treeOf?.[d];
    const path = this.paths?.[id];
    if (path === undefined) return null;
    const n = this.treeNodes[id];
    const mine = [...this.rows.values()].filter((r) => r.q.path === path).map((r) => (r.q.kind === 'mark' ? `pruned: ${r.input.checked ? 'yes' : 'no'}` : `${this.fieldWord(r.q.field)}: ${this.rawOf(r) || '—'}`));
    return { text: `${this.nodeName(id)} (${n.kind})${mine.length ? ` — ${mine.join('; ')}` : ''}` };
  }

  /** The exercise's state in plain data (the test hooks). */
  snapshot() {
    if (!this.practice) return null;
    return {
      task: this.task,
      tree: this.practice.treeText,
      cells: [...this.rows.values()].map((r) => ({ key: cellKey(r.q), kind: r.q.kind, value: this.rawOf(r), status: r.row.classList.contains('ok') ? 'ok' : r.row.classList.contains('wrong') ? 'wrong' : '' })),
      score: this.p.score.textContent,
      feedback: this.p.feedback.textContent,
      tags: this.model.nodes.filter((n) => n.tag).map((n) => ({ path: this.paths[n.id], tag: n.tag })),
      // The drawing, left to right: each drawn node's path (preorder of the drawn tree).
      drawn: this.treeOf.map((id) => this.paths[id]),
      reveal: this.revealFigure ? (this.mctsInfo ? { iterations: this.revealFigure.m.iterations } : { index: this.revealFigure.index, length: this.revealFigure.length }) : null,
    };
  }
}
