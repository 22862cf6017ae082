// The tree lab's editor, loaded the first time the lab's "Edit the tree" is
// opened. The node in the figure's focus (a click on the canvas, or ↑ ↓ Shift+← → there) is
// the node the panel edits: its kind, label, utility or its children's probabilities; add a
// child, remove it, move it among its siblings (buttons, Alt+← / Alt+→ on the canvas, or drag
// the children in the panel's list); undo and redo.
//
// Every edit is the core's (GameTree.setValue, setKind, … in the lab module: checked, a
// refusal names the node and the reason, the tree unchanged), made in place on the GameTree
// the panel holds; the lab then records the search from a copy of that handle, in the same
// module, and draws it there: no text is written and read back between an edit and the
// figure. Undo and redo are a stack of copies. The lab's text field shows the core's text of
// the tree (toText), and text typed there is read into a new handle, a step of its own.

import { el } from './dom.js';

const KIND_NAMES = { max: 'MAX ▲', min: 'MIN ▼', chance: 'chance ○', terminal: 'leaf (terminal) □' };
const KIND_WORDS = { max: 'MAX node', min: 'MIN node', chance: 'chance node', terminal: 'leaf' };

/** 'p2' → 'P3 (p2)': players are P1, P2, … in the figures, p0, p1, … in the text. */
function kindName(k) {
  return KIND_NAMES[k] ?? `P${Number(k.slice(1)) + 1} (${k})`;
}

function kindWords(k) {
  return KIND_WORDS[k] ?? `P${Number(k.slice(1)) + 1} node`;
}

const HELP =
  'Pick a node: click it on the tree, or focus the tree and move with ↑ ↓ and Shift+← →. On the tree: Enter edits the node here, Insert (or A) adds a child, Delete removes the node, Alt+← / Alt+→ move it among its siblings, Ctrl+Z / Ctrl+Y undo and redo. Escape in a field goes back to the tree.';

/** Undo steps kept (each a copy of the tree in the module's memory). */
const HISTORY = 200;

export class TreeEditor {
  /**
   * @param {HTMLElement} box where the panel goes (its children are replaced)
   * @param {object} host the lab's side of it
   * @param {object} host.api the wasm module (GameTree) the lab draws the edited tree with
   * @param {() => string} host.text the tree text in the lab's field
   * @param {(tree: object) => boolean} host.show records the search of a GameTree of `api` (which it then owns) and shows it, its text in the field (false: refused)
   * @param {object} host.figure the lab's TreeFigure (its focus is the node edited; its canvas takes the keys)
   */
  constructor(box, host) {
    this.box = box;
    this.host = host;
    this.past = [];
    this.future = [];
    this.node = 0;
    /** The tree on show (a GameTree of host.api), or null when the field's text does not read. */
    this.tree = null;
    /** Why the field's text does not read, when it does not. */
    this.unread = '';
    /** The text the lab's field holds for this.tree (its echo is not a change). */
    this.text = null;
    this.read(host.text());
    this.fields = null;
    this.build();
    this.onCanvasKey = (e) => this.canvasKey(e);
    this.attach();
  }

  /** Listens to the figure: its focus is the node edited, its canvas takes the editor's keys. */
  attach() {
    const fig = this.host.figure;
    fig.p.canvas.addEventListener('keydown', this.onCanvasKey, true);
    fig.opts.onFocus = (d) => this.select(d);
    fig.opts.onNodeClick = (d) => fig.focusNode(d);
    this.textChanged(this.host.text());
    this.select(fig.focusId >= 0 ? fig.focusId : 0);
  }

  build() {
    this.title = el('h2', { id: 'tl-edit-title' }, 'Edit the tree');
    this.where = el('p', { id: 'tl-edit-node', class: 'edit-node' });
    this.kind = el('select', { id: 'tl-edit-kind', dataset: { field: 'kind' } });
    this.kind.addEventListener('change', () => this.apply((t) => t.setKind(this.node, this.kind.value)));
    this.label = el('input', { id: 'tl-edit-label', autocomplete: 'off', spellcheck: 'false', size: 14, dataset: { field: 'label' } });
    this.label.addEventListener('change', () => this.apply((t) => t.setLabel(this.node, this.label.value.trim())));
    this.value = el('input', { id: 'tl-edit-value', autocomplete: 'off', spellcheck: 'false', size: 10, dataset: { field: 'value' } });
    this.value.addEventListener('change', () => this.apply((t) => t.setValue(this.node, this.value.value)));
    this.valueRow = el('label', { class: 'edit-field' }, 'Utility ', this.value);
    this.probs = el('fieldset', { class: 'edit-probs' });
    this.children = el('ol', { class: 'edit-children', 'aria-label': 'Children (drag to reorder)' });
    this.childrenBox = el('div', { class: 'edit-children-box' }, el('p', { class: 'help', id: 'tl-edit-children-help' }, 'Children, in order: drag one to reorder, or use its ↑ ↓ buttons.'), this.children);
    const button = (id, text, f, attrs = {}) => {
      const b = el('button', { type: 'button', id, ...attrs }, text);
      b.addEventListener('click', f);
      return b;
    };
    this.add = button('tl-edit-add', 'Add a child', () => this.apply((t) => t.addChild(this.node)), { 'aria-keyshortcuts': 'Insert' });
    this.remove = button('tl-edit-remove', 'Remove this node', () => this.apply((t) => t.removeNode(this.node)), { 'aria-keyshortcuts': 'Delete' });
    this.left = button('tl-edit-left', '← Move left', () => this.moveBy(-1), { 'aria-keyshortcuts': 'Alt+ArrowLeft' });
    this.right = button('tl-edit-right', 'Move right →', () => this.moveBy(1), { 'aria-keyshortcuts': 'Alt+ArrowRight' });
    this.undoButton = button('tl-edit-undo', 'Undo', () => this.undo(), { 'aria-keyshortcuts': 'Control+Z' });
    this.redoButton = button('tl-edit-redo', 'Redo', () => this.redo(), { 'aria-keyshortcuts': 'Control+Y' });
    this.error = el('p', { id: 'tl-edit-error', class: 'error', role: 'alert' });
    this.said = el('p', { id: 'tl-edit-said', class: 'edit-said', 'aria-live': 'polite' });
    this.form = el(
      'div',
      { class: 'edit-form' },
      el('label', { class: 'edit-field' }, 'Kind ', this.kind),
      el('label', { class: 'edit-field' }, 'Label ', this.label),
      this.valueRow,
    );
    this.box.replaceChildren(
      this.title,
      el('p', { class: 'help', id: 'tl-edit-help' }, HELP),
      this.where,
      this.form,
      this.probs,
      this.childrenBox,
      el('div', { class: 'edit-buttons', role: 'group', 'aria-label': 'Change the tree' }, this.add, this.remove, this.left, this.right),
      el('div', { class: 'edit-buttons', role: 'group', 'aria-label': 'History' }, this.undoButton, this.redoButton),
      this.error,
      this.said,
    );
    this.box.setAttribute('aria-labelledby', 'tl-edit-title');
    this.box.addEventListener('keydown', (e) => this.panelKey(e));
  }

  /** Stops listening to the figure (the panel is closed). */
  detach() {
    const fig = this.host.figure;
    fig.p.canvas.removeEventListener('keydown', this.onCanvasKey, true);
    if (fig.opts.onFocus) delete fig.opts.onFocus;
    if (fig.opts.onNodeClick) delete fig.opts.onNodeClick;
  }

  /** Reads `text` (the field's) into this.tree; false when it does not read. */
  read(text) {
    this.text = text;
    try {
      this.tree = this.host.api.GameTree.parse(text);
      this.unread = '';
      return true;
    } catch (e) {
      this.tree = null;
      this.unread = e.message;
      return false;
    }
  }

  /** `f` given the tree on show; its result, or the error it threw. */
  withTree(f) {
    if (!this.tree) return { error: `The tree text does not read (${this.unread}): fix it in the field, or undo.` };
    try {
      return { value: f(this.tree) };
    } catch (e) {
      return { error: e.message };
    }
  }

  /** Keeps a copy for undo (at most HISTORY, the oldest freed). */
  remember(stack, tree) {
    if (!tree) return;
    stack.push(tree);
    if (stack.length > HISTORY) stack.shift().free();
  }

  clearFuture() {
    for (const t of this.future) t.free();
    this.future = [];
  }

  /** Shows node `id` of the tree on show in the panel. */
  select(id) {
    this.node = id;
    const r = this.withTree((t) => {
      if (id >= t.nodeCount) this.node = 0;
      const nodes = t.nodes();
      return { f: t.editFields(this.node), n: nodes[this.node], nodes };
    });
    this.render(r);
  }

  render(r) {
    const on = !r.error;
    for (const c of [this.kind, this.label, this.value, this.add, this.remove, this.left, this.right]) c.disabled = !on;
    this.undoButton.disabled = this.past.length === 0;
    this.redoButton.disabled = this.future.length === 0;
    if (!on) {
      this.where.textContent = r.error;
      this.probs.hidden = true;
      this.childrenBox.hidden = true;
      return;
    }
    const { f, n, nodes } = r.value;
    this.fields = f;
    const parent = n.parent >= 0 ? nodes[n.parent] : null;
    const place = parent ? `, child ${n.index + 1} of ${parent.children.length} of ${parent.label}` : ', the root';
    this.where.textContent = `Editing ${f.label}: ${kindWords(f.kind)}${place}.`;
    this.kind.replaceChildren(...f.kinds.map((k) => el('option', { value: k }, kindName(k))));
    this.kind.value = f.kind;
    this.label.value = f.labelGiven ? f.label : '';
    this.label.placeholder = f.labelGiven ? '' : `${f.label} (generated)`;
    this.label.setAttribute('aria-description', f.labelGiven ? '' : `Empty: the generated label ${f.label}. Type one to give it a label.`);
    this.valueRow.hidden = f.value == null;
    this.value.value = f.value ?? '';
    this.remove.disabled = !parent;
    this.left.disabled = !parent || n.index === 0;
    this.right.disabled = !parent || n.index === parent.children.length - 1;
    this.add.disabled = f.kind === 'terminal';
    this.renderProbs(f);
    this.renderChildren(f, n);
  }

  /** A chance node: one field per child, the core's check beside them as they are typed. */
  renderProbs(f) {
    const box = this.probs;
    box.hidden = f.probabilities == null;
    if (box.hidden) {
      box.replaceChildren();
      return;
    }
    const msg = el('p', { id: 'tl-edit-prob-msg', class: 'field-msg', 'aria-live': 'polite' });
    const inputs = f.probabilities.map((p, i) =>
      el('input', { id: `tl-edit-prob-${i}`, value: p, size: 8, autocomplete: 'off', spellcheck: 'false', 'aria-describedby': 'tl-edit-prob-msg', dataset: { field: `prob-${i}` } }),
    );
    const set = el('button', { type: 'button', id: 'tl-edit-prob-set' }, 'Set the probabilities');
    const check = () => {
      const why = this.withTree((t) => t.checkProbabilities(this.node, inputs.map((x) => x.value)));
      const problem = why.error ?? why.value ?? null;
      msg.textContent = problem ?? 'They sum to 1.';
      msg.classList.toggle('bad', Boolean(problem));
      for (const x of inputs) x.setAttribute('aria-invalid', String(Boolean(problem)));
      set.disabled = Boolean(problem);
    };
    for (const x of inputs) {
      x.addEventListener('input', check);
      x.addEventListener('keydown', (e) => {
        if (e.key === 'Enter' && !set.disabled) set.click();
      });
    }
    set.addEventListener('click', () => this.apply((t) => t.setProbabilities(this.node, inputs.map((x) => x.value))));
    box.replaceChildren(
      el('legend', {}, "Probabilities of the children (a chance node's must sum to 1)"),
      ...inputs.map((x, i) => el('label', { class: 'edit-field' }, `${f.childLabels[i]} `, x)),
      set,
      msg,
    );
    check();
  }

  /** The children as a list: drag one onto another to move it there, or its ↑ ↓ buttons. */
  renderChildren(f, n) {
    this.childrenBox.hidden = n.children.length === 0;
    const items = n.children.map((c, i) => {
      const up = el('button', { type: 'button', 'aria-label': `Move ${f.childLabels[i]} up`, disabled: i === 0 }, '↑');
      const down = el('button', { type: 'button', 'aria-label': `Move ${f.childLabels[i]} down`, disabled: i === n.children.length - 1 }, '↓');
      up.addEventListener('click', () => this.apply((t) => t.moveNode(c, i - 1), { keep: true }));
      down.addEventListener('click', () => this.apply((t) => t.moveNode(c, i + 1), { keep: true }));
      const li = el('li', { draggable: 'true', dataset: { index: String(i) } }, el('span', { class: 'edit-child' }, f.childLabels[i]), up, down);
      li.addEventListener('dragstart', (e) => {
        e.dataTransfer.setData('text/plain', String(i));
        e.dataTransfer.effectAllowed = 'move';
      });
      li.addEventListener('dragover', (e) => e.preventDefault());
      li.addEventListener('drop', (e) => {
        e.preventDefault();
        const from = Number(e.dataTransfer.getData('text/plain'));
        if (Number.isInteger(from) && from !== i) this.apply((t) => t.moveNode(n.children[from], i), { keep: true });
      });
      return li;
    });
    this.children.replaceChildren(...items);
  }

  moveBy(d) {
    const n = this.withTree((t) => t.nodes()[this.node]);
    if (n.error) return this.fail(n.error);
    this.apply((t) => t.moveNode(this.node, n.value.index + d));
  }

  /**
   * One edit: `f` makes one of the core's edits on the tree on show, in place (a refusal
   * leaves it unchanged); the lab then draws it. `keep`: stay on the node edited (the
   * children's list edits a child, not the node on show).
   */
  apply(f, { keep = false } = {}) {
    if (!this.tree) return this.fail(this.withTree(() => null).error);
    const before = this.tree.copy();
    const r = this.withTree(f);
    if (r.error) {
      before.free();
      return this.fail(r.error);
    }
    const done = r.value;
    const was = this.node;
    // Reordering the children of the node on show keeps its id (ids follow the written order).
    if (!this.go(keep ? was : done.focus, done.said)) {
      this.tree.free();
      this.tree = before;
      return false;
    }
    this.remember(this.past, before);
    this.clearFuture();
    return true;
  }

  /** Draws the tree on show (an edit, an undo or a redo) and focuses node `focus` when given. */
  go(focus, said) {
    this.error.textContent = '';
    const at = focus ?? this.node;
    if (!this.host.show(this.tree.copy())) {
      this.fail('The lab refused the edited tree.');
      return false;
    }
    this.text = this.host.text();
    this.host.figure.focusNode(at);
    this.select(at);
    this.said.textContent = said;
    return true;
  }

  fail(message) {
    this.error.textContent = message;
    return false;
  }

  undo() {
    if (!this.past.length) return;
    this.remember(this.future, this.tree);
    this.tree = this.past.pop();
    this.unread = '';
    this.go(null, '');
    this.sayState('Undone');
  }

  redo() {
    if (!this.future.length) return;
    this.remember(this.past, this.tree);
    this.tree = this.future.pop();
    this.go(null, '');
    this.sayState('Redone');
  }

  /** "Undone: the tree is [[3, 12, 8], …] again." for the live region (long trees: without the text). */
  sayState(what) {
    this.said.textContent = this.text.length <= 120 ? `${what}: the tree is ${this.text}.` : `${what}.`;
  }

  /**
   * The text in the lab's field changed (typed, a source picked, a search run): the panel
   * reads it into a new tree. A text not written from here is a step of its own for undo.
   */
  textChanged(text) {
    if (text === this.text) return;
    this.remember(this.past, this.tree);
    this.clearFuture();
    this.read(text);
    this.select(this.host.figure.focusId >= 0 ? this.host.figure.focusId : 0);
  }

  /** Keys on the canvas while the editor is open. */
  canvasKey(e) {
    const k = e.key;
    const ctrl = e.ctrlKey || e.metaKey;
    let used = true;
    if (ctrl && !e.altKey && (k === 'z' || k === 'Z')) {
      if (e.shiftKey) this.redo();
      else this.undo();
    } else if (ctrl && !e.altKey && (k === 'y' || k === 'Y')) this.redo();
    else if (ctrl || e.shiftKey) used = false;
    else if (e.altKey && k === 'ArrowLeft') this.moveBy(-1);
    else if (e.altKey && k === 'ArrowRight') this.moveBy(1);
    else if (e.altKey) used = false;
    else if (k === 'Enter') this.focusField();
    else if (k === 'Insert' || k === 'a' || k === 'A') this.apply((t) => t.addChild(this.node));
    else if (k === 'Delete' || k === 'Backspace') this.apply((t) => t.removeNode(this.node));
    else used = false;
    if (used) {
      e.preventDefault();
      e.stopPropagation();
    }
  }

  /** Keys inside the panel: Escape back to the tree, Ctrl+Z / Ctrl+Y outside the text fields. */
  panelKey(e) {
    if (e.key === 'Escape') {
      e.preventDefault();
      this.host.figure.p.canvas.focus();
      return;
    }
    const inField = e.target.tagName === 'INPUT';
    const ctrl = e.ctrlKey || e.metaKey;
    if (!ctrl || inField) return;
    if (e.key === 'z' || e.key === 'Z') e.shiftKey ? this.redo() : this.undo();
    else if (e.key === 'y' || e.key === 'Y') this.redo();
    else return;
    e.preventDefault();
  }

  /** Enter on the tree: the leaf's utility, else the kind menu. */
  focusField() {
    const f = this.fields;
    const target = f && f.value != null ? this.value : f && f.probabilities ? this.probs.querySelector('input') : this.kind;
    target?.focus();
    if (target === this.value) this.value.select();
  }
}
