// Presenter mode: one figure full screen for a projector. Large type; the controls fade out
// when the pointer rests on the figure and come back when it moves (they stay while the
// pointer is on one of them, stay in the tab order and show again when one has the focus);
// the figure fills the screen (a tree as large as it fits with its smallest text at
// PRESENT_PX or more, else its root and the current node at that size, following the steps;
// the view as it was on leaving); PageDown / PageUp (a clicker), the
// arrows and Space step;
// a reveal in two steps — first what the next step is about ("Next: MIN node C returns. What
// value?", the core's Stepper.prompt), then the step —; ? lists the keys; Esc leaves and the
// focus goes back where it was.
//
// One component for the labs and every element: it takes the figure's container (the
// element made full screen, or a fixed overlay where the Fullscreen API is refused) and an
// adapter of what the figure can do. It decides nothing about the search itself.

import { el, typingTarget } from './dom.js';
import { adoptStyles, showHelp } from './present-keys.js';

/** The figure's container fills the screen (full screen, or a fixed overlay where the
 *  Fullscreen API is refused), in large type for a projector; the controls fade out while
 *  the pointer rests and come back when it moves or one of them has the focus. */
const CSS = `
.presenting {
  position: fixed; inset: 0; z-index: 2147483000; margin: 0; overflow: auto;
  width: 100vw; height: 100vh; max-width: none; box-sizing: border-box; padding: 1rem 1.5rem;
  background: var(--ply-bg); color: var(--ply-fg);
  container-type: inline-size;
  font-size: clamp(20px, 1.35vw, 34px);
  --ply-canvas-height: calc(100vh - 16rem);
}
.presenting.lab-main, .presenting > .lab-main { grid-template-columns: minmax(0, 1fr) minmax(20rem, 26vw); align-content: start; }
.presenting .narration, .presenting .phase-line, .presenting .presenter-prompt { font-size: clamp(28px, 1.7vw, 48px); line-height: 1.3; }
.presenting .presenter-prompt:empty { display: none; }
.presenting .presenter-prompt { margin: 0.25rem 0; padding: 0.3rem 0.6rem; border-left: 6px solid var(--ply-accent); background: var(--ply-hl); font-weight: 600; }
.presenter-bar { grid-column: 1 / -1; }
.presenter-controls { display: flex; flex-wrap: wrap; gap: 0.4rem; align-items: center; }
.presenting .legend, .presenting .text-view, .presenting .event-list, .presenting .pseudo, .presenting .ucb, .presenting .chart { display: none; }
.presenting .toolbar, .presenting .transport, .presenting .nav, .presenting .scrub, .presenting .presenter-controls { transition: opacity 0.3s; }
.presenting.idle .toolbar, .presenting.idle .transport, .presenting.idle .nav, .presenting.idle .scrub, .presenting.idle .presenter-controls { opacity: 0; }
.presenting.idle .toolbar:focus-within, .presenting.idle .transport:focus-within, .presenting.idle .nav:focus-within, .presenting.idle .scrub:focus-within, .presenting.idle .presenter-controls:focus-within { opacity: 1; }
@media (prefers-reduced-motion: reduce) {
  .presenting .toolbar, .presenting .transport, .presenting .nav, .presenting .scrub, .presenting .presenter-controls { transition: none; }
}
`;


/** The smallest text of a tree in presenter mode, in CSS px (when the tree fits at all at it). */
export const PRESENT_PX = 28;

/** After this long without the pointer moving, the controls fade out. */
export const IDLE_MS = 2500;

/** A group of the controls under the pointer: a pointer resting on one keeps them all,
 *  whether it moved there or the layout changed under it. */
const HOVERED = ':is(.toolbar, .transport, .nav, .scrub, .presenter-bar):hover';

/** The presenter's own keys (the figure's other keys still work). */
export const PRESENTER_KEYS = [
  ['PageDown / → / Space', 'Next: first the question about the next step, then the step'],
  ['PageUp / ←', 'Back one step (or take the question back)'],
  ['Esc', 'Leave presenter mode'],
  ['?', 'This help'],
];

/** The presenter on show (one at a time). */
let active = null;

/** The presenter on show, if any (for tests and for the keys of the page behind). */
export function presenting() {
  return active;
}

/**
 * Opens presenter mode on `root`.
 * @param {HTMLElement} root the figure's container
 * @param {object} [adapter]
 * @param {(n: number) => void} [adapter.step] one step forward (1) or back (−1); none: a figure without steps
 * @param {() => string} [adapter.prompt] the question before the next step ('' at the end)
 * @param {() => void} [adapter.frame] frames the picture on the current node once the size is known
 * @param {() => void} [adapter.enter] before the figure fills the screen (keeps its view)
 * @param {() => void} [adapter.leave] once it is back at its size (puts its view back)
 * @param {[string, string][]} [adapter.keys] the figure's own keys, for the help
 * @param {string} [adapter.title] what the help calls the figure
 * @param {Element|null} [opener] gets the focus back on leaving
 */
export function present(root, adapter = {}, opener = null) {
  if (active) return active;
  active = new Presenter(root, adapter, opener);
  return active;
}

class Presenter {
  constructor(root, adapter, opener) {
    this.root = root;
    this.a = adapter;
    this.opener = opener;
    this.prompted = false;
    this.fullscreen = false;
    adapter.enter?.();
    adoptStyles(root, CSS);
    const btn = (cls, label, key, text, fn) => el('button', { type: 'button', class: cls, 'aria-label': label, 'aria-keyshortcuts': key, onclick: fn }, text);
    this.prompt = el('p', { class: 'presenter-prompt', 'aria-live': 'polite' });
    this.status = el('p', { class: 'sr-only', role: 'status' });
    const stepping = Boolean(adapter.step);
    this.bar = el(
      'div',
      { class: 'presenter-bar', part: 'presenter-bar', role: 'group', 'aria-label': 'Presenter mode' },
      el(
        'div',
        { class: 'presenter-controls' },
        stepping && btn('pr-back', 'Back one step', 'PageUp', '◀ Back', () => this.back()),
        stepping && btn('pr-next', 'Next: the question, then the step', 'PageDown', 'Next ▶', () => this.next()),
        btn('pr-keys', 'Keys: the keyboard help', '?', 'Keys ?', (e) => this.help(e.currentTarget)),
        btn('pr-leave', 'Leave presenter mode (Esc)', 'Escape', 'Leave (Esc)', () => this.close()),
      ),
      this.prompt,
      this.status,
    );
    root.prepend(this.bar);
    root.classList.add('presenting');
    this.onMove = () => this.wake();
    this.onKey = (e) => this.key(e);
    this.onFs = () => {
      const fsEl = root.ownerDocument.fullscreenElement;
      if (this.fullscreen && !fsEl) this.close();
    };
    root.addEventListener('pointermove', this.onMove);
    root.addEventListener('pointerdown', this.onMove);
    root.ownerDocument.addEventListener('keydown', this.onKey, true);
    root.ownerDocument.addEventListener('fullscreenchange', this.onFs);
    const req = root.requestFullscreen?.bind(root);
    const fallback = () => root.classList.add('presenting-overlay');
    if (req) {
      req({ navigationUI: 'hide' }).then(
        () => {
          this.fullscreen = true;
          this.reframe();
        },
        fallback,
      );
    } else fallback();
    this.status.textContent = stepping
      ? 'Presenter mode. PageDown or → shows the question about the next step, then the step; PageUp goes back; Esc leaves; ? lists the keys.'
      : 'Presenter mode. Esc leaves; ? lists the keys.';
    this.bar.querySelector(stepping ? '.pr-next' : '.pr-leave').focus();
    this.wake();
    this.reframe();
  }

  /** Frames the figure on the current node once the new size has been laid out. */
  reframe() {
    requestAnimationFrame(() => requestAnimationFrame(() => this.a.frame?.()));
  }

  /** The pointer moved: controls on, and off again after IDLE_MS unless the pointer is then
   *  on one of them (a presenter reaching for a button must not see it fade under it). */
  wake() {
    this.root.classList.remove('idle');
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (!this.root.querySelector(HOVERED)) this.root.classList.add('idle');
    }, IDLE_MS);
  }

  /** The question first (when the figure has one for the next step), then the step. */
  next() {
    if (!this.a.step) return;
    if (!this.prompted && this.a.prompt) {
      const q = this.a.prompt();
      if (q) {
        this.prompted = true;
        this.prompt.textContent = q;
        return;
      }
    }
    this.prompted = false;
    this.prompt.textContent = '';
    this.a.step(1);
  }

  back() {
    if (!this.a.step) return;
    if (this.prompted) {
      this.prompted = false;
      this.prompt.textContent = '';
      return;
    }
    this.a.step(-1);
  }

  help(opener) {
    const keys = [...PRESENTER_KEYS, ...(this.a.keys ?? []).filter(([k]) => !/^(F|\?)$/.test(k))];
    showHelp(this.root, `Keys in presenter mode${this.a.title ? ` (${this.a.title})` : ''}`, keys, opener);
  }

  key(e) {
    if (this.root.querySelector(':scope > dialog.keys-help[open]')) return; // the help's own keys
    if (e.ctrlKey || e.metaKey || e.altKey || typingTarget(e)) return;
    const target = e.composedPath ? e.composedPath()[0] : e.target;
    const onButton = target && target.tagName === 'BUTTON';
    let used = true;
    switch (e.key) {
      case 'Escape':
        this.close();
        break;
      case 'PageDown':
      case 'ArrowRight':
        this.next();
        break;
      case ' ':
        if (onButton) used = false;
        else this.next();
        break;
      case 'PageUp':
      case 'ArrowLeft':
        this.back();
        break;
      case '?':
        this.help(target);
        break;
      default:
        used = false;
    }
    if (used) {
      e.preventDefault();
      e.stopPropagation();
      this.wake();
    }
  }

  /** Leaves: out of full screen, controls and classes as they were, the focus back. */
  close() {
    if (active !== this) return;
    active = null;
    clearTimeout(this.timer);
    const root = this.root;
    const doc = root.ownerDocument;
    root.removeEventListener('pointermove', this.onMove);
    root.removeEventListener('pointerdown', this.onMove);
    doc.removeEventListener('keydown', this.onKey, true);
    doc.removeEventListener('fullscreenchange', this.onFs);
    const leaving = this.fullscreen && doc.fullscreenElement ? doc.exitFullscreen() : null;
    root.classList.remove('presenting', 'presenting-overlay', 'idle');
    root.querySelector(':scope > dialog.keys-help')?.remove();
    this.bar.remove();
    const back = () => {
      if (this.opener?.isConnected) this.opener.focus();
    };
    back();
    // Leaving full screen moves the focus again as the browser restores the page: once more then.
    leaving?.then(back, back);
    // The figure's view back as it was, once its size is (after the resize it observes).
    const restore = () => requestAnimationFrame(() => requestAnimationFrame(() => (this.a.leave ? this.a.leave() : this.a.frame?.())));
    if (leaving) leaving.then(restore, restore);
    else restore();
    requestAnimationFrame(back);
  }
}

/**
 * Presenter framing of a figure's TreeCanvas (views/tree-canvas.js): the tree as large as it
 * fits with its smallest text at PRESENT_PX or more, else the root and the node `focus()`
 * gives at that size, following the steps; on leaving, the view it had, exactly.
 */
export function canvasFraming(canvas, focus) {
  let saved = null;
  return {
    enter: () => {
      saved = canvas.viewState();
      canvas.presentAt(PRESENT_PX, focus());
    },
    frame: () => canvas.presentAt(PRESENT_PX, focus()),
    leave: () => {
      canvas.presentAt(null);
      if (saved) canvas.setView(saved);
    },
  };
}

/** What presenter mode can do with an MCTS figure: step by phase (no question first: the figure's phases are its own). */
export function mctsAdapter(fig) {
  return {
    title: 'MCTS',
    step: (n) => fig.act(() => (n > 0 ? fig.m.stepPhase() : fig.m.back())),
    prompt: () => (fig.m ? 'What happens in the next phase?' : ''),
    ...canvasFraming(fig.canvas, () => fig.canvas.focus),
    keys: [
      ['→ / ←', 'Step a phase / back one'],
      ['Space', 'Play or pause'],
    ],
  };
}
