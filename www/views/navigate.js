// Navigation by event for a tree figure: next / previous cutoff, next / previous return at a
// depth, a node's entry and exit (buttons and keys), the keyboard help (?), and a compact
// list of the trace's steps beside the figure that seeks on click. Every answer — which step
// is the next cutoff, what a step is called, which are cutoffs and returns — is the core's
// (Stepper.seekTarget, Stepper.stepList: crates/plyground/src/trace/seek.rs); this file
// renders and forwards input.

import { el, setChildren } from './dom.js';
import { adoptStyles, helpKey, openPresenter, presentKey, showHelp } from './present-keys.js';

const CSS = `
.nav { display: flex; flex-wrap: wrap; gap: 0.3rem; align-items: center; margin-top: 0.4rem; }
.nav .depth input { width: 3.5rem; }
.nav .note:empty { display: none; }
.event-list { list-style: none; margin: 0.4rem 0; padding: 0.2rem; max-height: 12rem; overflow-y: auto; border: 1px solid var(--ply-border); border-radius: var(--ply-radius); background: var(--ply-panel); font-size: 0.85rem; }
.event-list button { display: block; width: 100%; text-align: left; min-height: 1.6rem; padding: 0.05rem 0.4rem; border: 0; border-left: 4px solid transparent; border-radius: 0; background: transparent; font-variant-numeric: tabular-nums; }
.event-list .cutoff button { border-left-color: var(--ply-error); font-weight: 700; }
.event-list .return button { border-left-color: var(--ply-accent); }
.event-list button[aria-current] { background: var(--ply-hl); outline: 1px solid var(--ply-accent); }
`;

/** The list shows at most this many steps around the current one (a big trace has many). */
const LIST_WINDOW = 120;

/** The tree figure's keys, for the keyboard help. */
export const TREE_KEYS = [
  ['→ / ←', 'Step forward / back'],
  ['Space', 'Play or pause'],
  ['Home / End', 'Jump to the start / the end (of the step range, if there is one)'],
  ['C / Shift+C', 'Next / previous cutoff'],
  ['R / Shift+R', 'Next / previous return at the chosen depth'],
  ['E / X', 'Entry / exit of the node in focus (else the current node)'],
  ['↑ ↓, Shift+← →', 'On the canvas: move the focus between nodes'],
  ['+ / − / 0', 'On the canvas: zoom in / out / fit'],
  ['F', 'Presenter mode (full screen)'],
  ['?', 'This help'],
];

export class Navigator {
  /**
   * @param {object} fig the TreeFigure (its `st`, `seek`, `model`, `focusId`, `p`, and `navSlot`, where the controls go)
   * @param {(name: string, tag: string, attrs?: object, ...kids: any[]) => HTMLElement} p the figure's part maker
   */
  constructor(fig, p) {
    this.fig = fig;
    this.listFrom = -1;
    this.listTo = -1;
    const btn = (name, label, key, text) => p(name, 'button', { type: 'button', 'aria-label': label, 'aria-keyshortcuts': key }, text);
    this.box = p(
      'nav',
      'div',
      { class: 'nav', role: 'group', 'aria-label': 'Go to an event' },
      btn('prev-cutoff', 'Previous cutoff', 'Shift+C', '◀ Cutoff'),
      btn('next-cutoff', 'Next cutoff', 'C', 'Cutoff ▶'),
      btn('prev-return', 'Previous return at the depth', 'Shift+R', '◀ Return'),
      btn('next-return', 'Next return at the depth', 'R', 'Return ▶'),
      p('return-depth-label', 'label', { class: 'depth' }, 'at depth ', p('return-depth', 'input', { type: 'number', min: 0, value: '1', 'aria-label': 'Depth of the returns' })),
      btn('entry', 'Entry of the node in focus or the current node', 'E', 'Entry'),
      btn('exit', 'Exit of the node in focus or the current node', 'X', 'Exit'),
      btn('keys', 'Keyboard help', '?', '?'),
      btn('present', 'Present: full-screen presenter mode', 'F', 'Present'),
      p('nav-note', 'span', { class: 'note', role: 'status', 'aria-live': 'polite' }),
    );
    this.list = p('events', 'ol', { class: 'event-list', 'aria-label': 'The search’s steps (click one to go there)' });
    adoptStyles(fig.navSlot, CSS);
    fig.navSlot.replaceChildren(this.box, this.list);
    const P = fig.p;
    P['prev-cutoff'].addEventListener('click', () => this.go('prev-cutoff'));
    P['next-cutoff'].addEventListener('click', () => this.go('next-cutoff'));
    P['prev-return'].addEventListener('click', () => this.go('prev-return'));
    P['next-return'].addEventListener('click', () => this.go('next-return'));
    P.entry.addEventListener('click', () => this.go('entry'));
    P.exit.addEventListener('click', () => this.go('exit'));
    P.keys.addEventListener('click', () => this.help(P.keys));
    P.present.addEventListener('click', () => openPresenter(fig.root, (m) => treeAdapter(fig, m), P.present));
    this.list.addEventListener('click', (e) => {
      const b = e.target.closest?.('button[data-step]');
      if (b) fig.seek(Number(b.dataset.step));
    });
    this.reset();
    this.update();
  }

  /** The node E and X go to: the one in focus, else the current one (trace ids). */
  node() {
    const f = this.fig;
    const d = f.focusId;
    const t = d >= 0 ? f.model.drawToTrace[d] : -1;
    if (t >= 0) return t;
    return f.state?.current ?? null;
  }

  /** Goes where the core says; says so when there is nowhere to go. */
  go(what) {
    const f = this.fig;
    if (!f.st || !this.able) return;
    const P = f.p;
    let arg;
    if (what.endsWith('-return')) arg = Math.max(0, Math.round(Number(P['return-depth'].value)) || 0);
    if (what === 'entry' || what === 'exit') {
      arg = this.node();
      if (arg == null) {
        P['nav-note'].textContent = 'No node in focus or current.';
        return;
      }
    }
    const to = f.st.seekTarget(what, arg);
    const r = f.range;
    const inRange = to != null && (!r || (to >= r.from && to <= r.to));
    P['nav-note'].textContent = inRange ? '' : noneWords(what, arg, r);
    if (inRange) f.seek(to);
  }

  /** Called by the figure after every seek: marks the current step, moves the window. */
  update() {
    const f = this.fig;
    if (!f.st || !this.able || this.list.hidden) return;
    const i = f.st.index;
    const lo = f.range?.from ?? 0;
    const hi = f.range?.to ?? f.st.length;
    // Positions lo+1 … hi are steps lo … hi−1.
    const half = LIST_WINDOW / 2;
    let from = Math.max(lo, i - half);
    const to = Math.min(hi, from + LIST_WINDOW);
    from = Math.max(lo, to - LIST_WINDOW);
    if (from !== this.listFrom || to !== this.listTo) {
      this.listFrom = from;
      this.listTo = to;
      const steps = f.st.stepList(from, to);
      setChildren(
        this.list,
        steps.map((s, k) => {
          const pos = from + k + 1;
          return el('li', { class: s.mark || null }, el('button', { type: 'button', dataset: { step: String(pos) } }, `${pos} ${s.words}`));
        }),
      );
    }
    for (const b of this.list.querySelectorAll('button[aria-current]')) b.removeAttribute('aria-current');
    const cur = this.list.querySelector(`button[data-step="${i}"]`);
    if (cur) {
      cur.setAttribute('aria-current', 'step');
      const top = cur.offsetTop - this.list.offsetTop;
      if (top < this.list.scrollTop || top > this.list.scrollTop + this.list.clientHeight - cur.offsetHeight) this.list.scrollTop = Math.max(0, top - 40);
    }
  }

  /** A new trace: the list is drawn again. (A game's search recorded by the games module has no navigation: that module leaves it out for size.) */
  reset() {
    this.listFrom = this.listTo = -1;
    const f = this.fig;
    f.p['nav-note'].textContent = '';
    this.able = typeof f.st?.seekTarget === 'function';
    const on = f.controls ?? new Set();
    this.box.hidden = !this.able || !on.has('navigate');
    this.list.hidden = !this.able || !on.has('events');
    // An empty slot would still take a gap in the narrow layout.
    f.navSlot.hidden = this.box.hidden && this.list.hidden;
  }

  help(opener) {
    showHelp(this.fig.root, 'Keys of the search figure', TREE_KEYS, opener);
  }

  /** C, R, E, X (Shift: previous), ? and F. Returns whether the key was used. */
  handleKey(e) {
    if (helpKey(e, this.fig.root, 'Keys of the search figure', TREE_KEYS)) return true;
    if (presentKey(e, this.fig.root, (m) => treeAdapter(this.fig, m))) return true;
    if (!this.able) return false;
    const k = e.key.length === 1 ? e.key.toLowerCase() : '';
    const prev = e.shiftKey;
    if (k === 'c') this.go(prev ? 'prev-cutoff' : 'next-cutoff');
    else if (k === 'r') this.go(prev ? 'prev-return' : 'next-return');
    else if (k === 'e' && !prev) this.go('entry');
    else if (k === 'x' && !prev) this.go('exit');
    else return false;
    return true;
  }
}

/**
 * What presenter mode can do with a tree figure: step within its range, ask before each
 * step, frame the tree for a projector. `m` is views/presenter.js.
 */
export function treeAdapter(fig, m) {
  return {
    title: 'the search figure',
    keys: TREE_KEYS,
    step: (n) => fig.stepBy(n),
    prompt: () => {
      const st = fig.st;
      if (!st) return '';
      const hi = fig.range?.to ?? st.length;
      return st.index < hi && typeof st.prompt === 'function' ? st.prompt(st.index) : '';
    },
    // The whole tree as large as it fits for a projector, else the root and the current
    // node (presenter.js canvasFraming); the view as it was on leaving.
    ...m.canvasFraming(fig.canvas, () => {
      const t = fig.state?.current;
      const d = t == null ? -1 : fig.model.traceToDraw[t];
      return d != null && d >= 0 ? d : fig.canvas.focus;
    }),
  };
}

function noneWords(what, arg, range) {
  const where = range ? ` in steps ${range.from}-${range.to}` : '';
  switch (what) {
    case 'next-cutoff':
      return `No cutoff after this step${where}.`;
    case 'prev-cutoff':
      return `No cutoff before this step${where}.`;
    case 'next-return':
      return `No return at depth ${arg} after this step${where}.`;
    case 'prev-return':
      return `No return at depth ${arg} before this step${where}.`;
    case 'entry':
      return `That node is not entered${where}.`;
    default:
      return `That node is not left${where}.`;
  }
}
