// The text view of a figure: the tree as a nested list, one item per node, for screen readers
// and for copying — node, who moves, value or bound, the α/β window while the node is open,
// pruned or not, and which node the step is on. It follows the figure's step (`update`) and
// is a keyboard tree: ↑ ↓ move between visible items, → opens a node or goes to its first
// child, ← closes it or goes to its parent, Home / End, and the node in focus is the one the
// figure rings on its canvas (arrow keys on the canvas move the same focus, `focus(id)`).
//
// The sentences come from the figure's model (values and windows as the wasm module
// reported them) and the core's words for what a value is known to be (`bounds`); nothing is
// computed about the search here.

import { formatValue } from '../lib/notation.js';
import { el } from './dom.js';

const KIND_WORDS = { max: 'MAX node', min: 'MIN node', chance: 'chance node', terminal: 'leaf' };
const STATE_WORDS = {
  unvisited: 'not reached yet',
  open: 'open, on the search path',
  current: 'the current node',
  done: 'finished',
  pruned: 'pruned, never examined',
};

/** "P1", "P2", … — as the core names the players of an n-player tree. */
export function playerName(p) {
  return `P${(p | 0) + 1}`;
}

/**
 * The line of one node of a trace figure, e.g. "C: MIN node, value ≤ 2 (an upper bound),
 * minimax: 2 — finished" or "B: MIN node, value 3 so far, window α = −∞, β = 3 — open, on the search path".
 * @param {object} model the figure's draw model (trace-view.js), after applyStep
 * @param {number} d draw id
 * @param {{relation?: (string|null)[], proven?: (string|null)[], index?: number}} [core] per
 *   trace node: the core's relation of the shown value to what is known ("=", "≤", "≥") and
 *   proven words ("MAX wins in 1"), for finished nodes; `index`: the step shown
 */
export function nodeLine(model, d, core = {}) {
  const n = model.nodes[d];
  const t = model.drawToTrace ? model.drawToTrace[d] : -1;
  const label = n.label || (model.treeNodes && model.treeNodes[d] ? model.treeNodes[d].label : '') || n.edgeLabel || 'root';
  const kind = n.kind === 'player' ? `${playerName(n.player)} node` : (KIND_WORDS[n.kind] ?? n.kind);
  const parts = [kind];
  if (n.prob) parts.push(`probability ${n.prob}`);
  const tn = t >= 0 && model.traceNodes ? model.traceNodes[t] : null;
  // Why a leaf is one, in the core's words (the proven and book leaves of a Connect-4 solve too).
  if (tn?.leafWords) parts.push(tn.leafWords);
  if (tn && tn.tt) parts.push(`table hit (${tn.tt})`);
  if (n.value) {
    // Finished: the node was left by the step shown (its final value is known then); a node
    // the search never left (a node budget stopped it) keeps "so far".
    const left = tn && tn.exitStep != null && (core.index == null || tn.exitStep < core.index);
    const finished = n.kind === 'terminal' || (tn ? left : n.state === 'done');
    const rel = t >= 0 && core.relation ? core.relation[t] : null;
    const word = n.kind === 'terminal' ? 'utility' : 'value';
    // The value without the drawing's sign (trace-view.js keeps it as `plain`).
    const v = n.plain ?? n.value;
    if (n.state === 'unvisited' || n.state === 'pruned' || n.kind === 'terminal') parts.push(`${word} ${v}`);
    else if (!finished) parts.push(`${word} ${v} so far`);
    else if (rel === '≤') parts.push(`${word} ≤ ${v} (an upper bound)`);
    else if (rel === '≥') parts.push(`${word} ≥ ${v} (a lower bound)`);
    else if (rel === '?') parts.push(`${word} ${v} (no one-sided bound)`);
    else parts.push(`${word} ${v}`);
    if (finished && n.minimax != null) parts.push(`minimax: ${n.minimax}`);
    const proven = t >= 0 && core.proven ? core.proven[t] : null;
    if (proven && finished) parts.push(`proven: ${proven}`);
  } else if (n.state === 'done' || n.state === 'current' || n.state === 'open') {
    parts.push('no value yet');
  }
  if (n.window) parts.push(`window α = ${formatValue(n.window.alpha)}, β = ${formatValue(n.window.beta)}`);
  return `${label}: ${parts.join(', ')} — ${STATE_WORDS[n.state] ?? n.state}${n.bold ? ' (the move chosen)' : ''}`;
}

/**
 * The line of one MCTS node, e.g. "node 4·0: MIN node, N = 12, W = 7.5, UCB1 = 1.1798 (★ the
 * child selection picks)".
 * @param {object} m the MCTS model node (trace-view.js buildMctsModel) — kind, label
 * @param {{n: number, w: number, name: string, ucb?: string|null, star?: boolean, current?: boolean}} info
 */
export function mctsLine(m, info) {
  const kind = m.kind === 'player' ? `${playerName(m.player)} node` : m.kind === 'terminal' ? 'terminal' : (KIND_WORDS[m.kind] ?? m.kind);
  const parts = [kind, `N = ${info.n}`, `W = ${info.w}`];
  if (info.ucb != null) parts.push(`UCB1 = ${info.ucb}${info.star ? ' (★ the child selection picks)' : ''}`);
  return `${info.name}: ${parts.join(', ')}${info.current ? ' — the current node' : ''}`;
}

/** At most this many items are written (a game search can enter tens of thousands of nodes). */
export const TEXT_VIEW_LIMIT = 2000;

export class TextView {
  /**
   * @param {HTMLDetailsElement} box the figure's folded <details class="text-view"> (its
   *   <summary> stays; the list and a note are appended): the figure makes it, and loads this
   *   module when it is first opened
   * @param {object} [opts]
   * @param {(d: number) => void} [opts.onFocus] the node in focus changed (draw id)
   * @param {string} [opts.label] the list's accessible name
   */
  constructor(box, opts = {}) {
    this.opts = opts;
    this.list = el('ul', { role: 'tree', class: 'text-tree', 'aria-label': opts.label ?? 'The search tree as text' });
    this.note = el('p', { class: 'note' });
    this.box = box;
    box.append(this.list, this.note);
    this.items = new Map(); // draw id → li
    this.focusId = -1;
    this.list.addEventListener('keydown', (e) => this.onKey(e));
    this.list.addEventListener('click', (e) => {
      const li = e.target.closest?.('li[data-id]');
      if (li) this.focus(Number(li.dataset.id), { move: true });
    });
  }

  /**
   * Rewrites the list. `nodes`: [{id, parent, text, current}] parents before children.
   * Keeps which items are open and the focus.
   */
  render(nodes, { note = '' } = {}) {
    const open = new Set([...this.items].filter(([, li]) => li.getAttribute('aria-expanded') === 'true').map(([id]) => id));
    const first = this.items.size === 0;
    this.items = new Map();
    const kids = new Map();
    const shown = nodes.slice(0, TEXT_VIEW_LIMIT);
    for (const n of shown) {
      const li = el('li', { role: 'treeitem', tabindex: -1, dataset: { id: String(n.id) } }, el('span', { class: 'line' }, n.text));
      if (n.current) li.setAttribute('aria-current', 'step');
      this.items.set(n.id, li);
      const parent = n.parent != null && n.parent >= 0 ? n.parent : null;
      if (parent !== null && this.items.has(parent)) {
        if (!kids.has(parent)) kids.set(parent, el('ul', { role: 'group' }));
        kids.get(parent).append(li);
      } else {
        if (!kids.has(-1)) kids.set(-1, document.createDocumentFragment());
        kids.get(-1).append(li);
      }
    }
    for (const [id, ul] of kids) {
      if (id < 0) continue;
      const li = this.items.get(id);
      li.append(ul);
      const expanded = first ? true : open.has(id) || this.containsCurrent(ul);
      li.setAttribute('aria-expanded', String(expanded));
      ul.hidden = !expanded;
    }
    const more = nodes.length > shown.length ? `… and ${nodes.length - shown.length} more nodes (the first ${TEXT_VIEW_LIMIT} are listed). ` : '';
    this.note.textContent = more + note;
    this.list.replaceChildren(...(kids.has(-1) ? [kids.get(-1)] : []));
    if (!this.items.has(this.focusId)) this.focusId = shown.length ? shown[0].id : -1;
    for (const [id, li] of this.items) li.tabIndex = id === this.focusId ? 0 : -1;
    this.markFocus();
  }

  containsCurrent(ul) {
    return ul.querySelector('[aria-current]') !== null;
  }

  markFocus() {
    for (const [id, li] of this.items) li.classList.toggle('focus', id === this.focusId);
  }

  /** The items a keyboard user can reach now (not inside a closed item), in order. */
  visible() {
    return [...this.list.querySelectorAll('li[role="treeitem"]')].filter((li) => !li.parentElement.closest('ul[hidden]'));
  }

  /**
   * Moves the focus to draw node `id` (opening its ancestors). `move`: also move the
   * keyboard focus there (when the user is in the list).
   */
  focus(id, { move = false, notify = true } = {}) {
    const li = this.items.get(id);
    if (!li) return false;
    for (let up = li.parentElement?.closest('li[role="treeitem"]'); up; up = up.parentElement?.closest('li[role="treeitem"]')) {
      up.setAttribute('aria-expanded', 'true');
      const ul = up.querySelector(':scope > ul');
      if (ul) ul.hidden = false;
    }
    const old = this.items.get(this.focusId);
    if (old) old.tabIndex = -1;
    this.focusId = id;
    li.tabIndex = 0;
    this.markFocus();
    if (move) li.focus();
    else li.scrollIntoView?.({ block: 'nearest' });
    if (notify && this.opts.onFocus) this.opts.onFocus(id);
    return true;
  }

  setOpen(li, open) {
    const ul = li.querySelector(':scope > ul');
    if (!ul) return false;
    li.setAttribute('aria-expanded', String(open));
    ul.hidden = !open;
    return true;
  }

  onKey(e) {
    const items = this.visible();
    const li = this.items.get(this.focusId);
    const i = items.indexOf(li);
    const go = (target) => {
      if (target) this.focus(Number(target.dataset.id), { move: true });
    };
    switch (e.key) {
      case 'ArrowDown':
        go(items[Math.min(items.length - 1, i + 1)]);
        break;
      case 'ArrowUp':
        go(items[Math.max(0, i - 1)]);
        break;
      case 'Home':
        go(items[0]);
        break;
      case 'End':
        go(items[items.length - 1]);
        break;
      case 'ArrowRight':
        if (li && li.getAttribute('aria-expanded') === 'false') this.setOpen(li, true);
        else if (li) go(li.querySelector(':scope > ul > li'));
        break;
      case 'ArrowLeft':
        if (li && li.getAttribute('aria-expanded') === 'true') this.setOpen(li, false);
        else if (li) go(li.parentElement?.closest('li[role="treeitem"]'));
        break;
      default:
        return;
    }
    e.preventDefault();
    e.stopPropagation();
  }

  /** The list as plain text, indented two spaces per level (for copying and tests). */
  text() {
    const out = [];
    const walk = (li, depth) => {
      out.push(`${'  '.repeat(depth)}${li.querySelector(':scope > .line').textContent}`);
      for (const c of li.querySelectorAll(':scope > ul > li[role="treeitem"]')) walk(c, depth + 1);
    };
    for (const li of this.list.querySelectorAll(':scope > li[role="treeitem"]')) walk(li, 0);
    return out.join('\n');
  }
}

// The tree figure's keyboard focus (views/tree-figure.js delegates here, so that none of it is
// in a page until a node is focused or the text view opened).

/** Puts the figure's focus on draw node `d`: ringed on the canvas, revealed, and the same item in the text view. */
export function focusNode(fig, d, { fromText = false } = {}) {
  if (!fig.model || d == null || d < 0 || d >= fig.model.nodes.length) return;
  fig.focusId = d;
  fig.canvas.reveal(d);
  fig.canvas.invalidate();
  if (!fromText) fig.textView?.focus(d, { notify: false });
  const info = fig.describe(d);
  fig.p.canvas.setAttribute('aria-description', info ? info.text.replace(/\n/g, '; ') : '');
  fig.opts?.onFocus?.(d);
}

/** ↑ parent, ↓ first child, Shift+← / Shift+→ the previous / next sibling (the first key focuses the current node). */
export function moveFocus(fig, key) {
  const nodes = fig.model?.nodes;
  if (!nodes || !nodes.length) return;
  const at = fig.focusId >= 0 ? fig.focusId : fig.state?.current != null ? fig.model.traceToDraw[fig.state.current] : 0;
  if (fig.focusId < 0) {
    focusNode(fig, Math.max(0, at));
    return;
  }
  const n = nodes[at];
  let next = -1;
  if (key === 'ArrowUp') next = n.parent ?? -1;
  else if (key === 'ArrowDown') next = nodes.findIndex((x) => x.parent === at);
  else {
    const sibs = nodes.map((x, i) => i).filter((i) => nodes[i].parent === n.parent);
    const k = sibs.indexOf(at) + (key === 'ArrowRight' ? 1 : -1);
    next = sibs[k] ?? -1;
  }
  if (next >= 0) focusNode(fig, next);
}

/** The focus ring: a dashed blue circle around the node in focus. */
export function drawFocus(fig, ctx, stats) {
  const d = fig.focusId;
  const lay = fig.canvas.layout;
  if (d < 0 || !lay || !lay.visible || !lay.visible[d]) return;
  const pt = fig.canvas.camera.toScreen(lay.x[d], lay.y[d]);
  ctx.save();
  ctx.strokeStyle = fig.canvas.dark ? '#8ab4f8' : '#1a56c4';
  ctx.lineWidth = 2.5;
  ctx.setLineDash([4, 3]);
  ctx.beginPath();
  ctx.arc(pt.x, pt.y, (stats.radius || 8) + 6, 0, Math.PI * 2);
  ctx.stroke();
  ctx.restore();
}
