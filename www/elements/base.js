// What the plyground elements have in common: a shadow root styled by the shared sheet, the
// shared wasm module, attributes read through figure-state.js (the same names and checks as
// embed URLs) and reflected to properties, updates batched per microtask, errors shown inside
// the figure (as text), keys when the element has the focus, events out, and a clean-up of
// everything (figures, wasm handles, timers, observers, searches) when it leaves the page.

import { loadApi, loadStyles, moduleForFigure, placerForFigure } from './runtime.js';
import { PLACEHOLDER, reserve } from './reserve.js';
import { readState } from '../lib/figure-state.js';
import { el, isPresentKey, prefersDark } from '../views/dom.js';

const FALSE_WORDS = ['false', '0', 'off', 'no'];

/**
 * The shadow root's sheet until components.css is adopted with the figure: the host holds the
 * space reserved for the figure (elements/reserve.js), and "Loading…" sits inside it.
 */
let loadingSheet = null;
function loadingStyles() {
  if (!loadingSheet) {
    loadingSheet = new CSSStyleSheet();
    loadingSheet.replaceSync(
      `:host { display: block; box-sizing: border-box; min-height: var(--ply-reserve, auto); padding: 0.5rem 0.6rem; ${PLACEHOLDER} } .ply-loading { margin: 0; }`,
    );
  }
  return loadingSheet;
}

/** Custom properties that restyle the canvas drawings (read when a figure draws). */
const CANVAS_PROPS = [
  ['--ply-tree-background', 'background'],
  ['--ply-tree-text', 'text'],
  ['--ply-tree-edge', 'edge'],
  ['--ply-tree-bold-edge', 'boldEdge'],
  ['--ply-tree-current', 'current'],
];

export class PlyElement extends HTMLElement {
  /** The figure-state view this element shows (set by subclasses). */
  static view = 'tree';
  /** Attribute name → 'string' | 'number' | 'boolean' | 'step' (subclasses). */
  static attrs = {};
  /** Property names that differ from the attribute's (a name HTMLElement already has). */
  static props = {};
  /** Whether the element's text is its tree (when there is no tree attribute). */
  static textTree = false;

  /**
   * The modules that draw this element's figure, loaded when the first one connects (so a
   * page with only trees never downloads the game or MCTS code). Subclasses override it.
   * @param {string} [which] the wasm module the figure draws with (moduleKind)
   * @returns {Promise<object>}
   */
  static load() {
    return Promise.resolve({});
  }

  static get observedAttributes() {
    return Object.keys(this.attrs);
  }

  constructor() {
    super();
    this.attachShadow({ mode: 'open' });
    this._changed = new Set();
    this._queued = false;
    this._ready = false;
    this._mountToken = null;
    this.state = null;
  }

  connectedCallback() {
    // A property set before the tag was defined (plyground-elements.js loads an element's
    // module when its tag appears) is the element's own and hides the accessor: pass it on.
    for (const name of Object.keys(this.constructor.attrs)) {
      const prop = propOf(this.constructor, name);
      if (Object.hasOwn(this, prop)) {
        const v = this[prop];
        delete this[prop];
        this[prop] = v;
      }
    }
    if (this._mountToken) return;
    reserve(this);
    if (!this.hasAttribute('tabindex')) this.setAttribute('tabindex', '0');
    this._onKey = (e) => {
      if (this._ready && (this.keys(e) || this.presentKeys(e))) e.preventDefault();
    };
    this.addEventListener('keydown', this._onKey);
    if (this.constructor.textTree) {
      this._mo = new MutationObserver(() => {
        this._changed.add('tree');
        this._schedule();
      });
      this._mo.observe(this, { childList: true, characterData: true, subtree: true });
    }
    const token = {};
    this._mountToken = token;
    this._mount(token);
  }

  async _mount(token) {
    const root = this.shadowRoot;
    this._loading = el('p', { class: 'ply-loading', part: 'loading' }, 'Loading…');
    this._error = el('p', { class: 'ply-error', part: 'error', role: 'alert' });
    this._body = el('div', { class: 'ply-body', part: 'body' });
    if (!root.adoptedStyleSheets.length) root.adoptedStyleSheets = [loadingStyles()];
    root.replaceChildren(this._loading, this._error, this._body);
    try {
      // loading="lazy": built once near the viewport (elements/lazy.js).
      if (this.getAttribute('loading') === 'lazy') await (await import('./lazy.js')).near(this);
      if (token !== this._mountToken) return;
      const which = this.moduleKind();
      // (A game's search and an MCTS picture are placed by another module: runtime.js placerForFigure.)
      const placer = placerForFigure(this.constructor.view, which);
      const [sheet, { api, caps }, mods, placed] = await Promise.all([
        loadStyles().catch(() => null),
        loadApi(which),
        this.constructor.load(which),
        placer ? loadApi(placer) : null,
      ]);
      if (token !== this._mountToken) return; // left the page meanwhile
      if (sheet) root.adoptedStyleSheets = [sheet];
      this.api = api;
      this.placer = placed?.api ?? null;
      this._which = which;
      this.caps = caps;
      this.mods = mods;
      this._loading.remove();
      this._ready = true;
      this._update(null);
    } catch (e) {
      if (token !== this._mountToken) return;
      this._loading.remove();
      this.showError(`could not start: ${e?.message ?? e}`);
    }
  }

  disconnectedCallback() {
    this._mountToken = null;
    this._ready = false;
    this.removeEventListener('keydown', this._onKey);
    this._mo?.disconnect();
    this._mo = null;
    try {
      this.teardown();
    } finally {
      this.shadowRoot.replaceChildren();
      this.state = null;
    }
  }

  attributeChangedCallback(name, old, value) {
    if (old === value) return;
    this._changed.add(name === 'algorithm' ? 'algo' : name);
    this._schedule();
  }

  _schedule() {
    if (!this._ready || this._queued) return;
    this._queued = true;
    queueMicrotask(() => {
      this._queued = false;
      if (!this._ready) return;
      const changed = this._changed;
      this._changed = new Set();
      this._update(changed);
    });
  }

  /** Reads the attributes; shows the figure or the error. `changed` is null the first time. */
  _update(changed) {
    // A figure whose source changed kind (tree text ↔ game) starts again on the other module:
    // handles never cross modules.
    if (changed !== null && this._which !== this.moduleKind()) {
      this._ready = false;
      try {
        this.teardown();
      } finally {
        this.state = null;
      }
      const token = {};
      this._mountToken = token;
      this._mount(token);
      return;
    }
    let state;
    try {
      state = readState(this.constructor.view, (name) => this.param(name));
    } catch (e) {
      this.showError(e.message);
      if (changed === null) this.emit('ready', { error: this.error });
      return;
    }
    try {
      this.render(state, changed, this.state);
      this.state = state;
      this.showError('');
    } catch (e) {
      // The old figure (if any) stays; the error says what is wrong with the new one.
      this.showError(e?.message ?? String(e));
    } finally {
      if (changed === null) this.emit('ready', { error: this.error || null });
    }
  }

  /** The wasm module the figure needs (elements/runtime.js decides, by its view and what it shows). */
  moduleKind() {
    return moduleForFigure(this.constructor.view, { tree: this.param('tree'), game: this.getAttribute('game') });
  }

  /** A parameter's raw value: its attribute (or the element's text for the tree). */
  param(name) {
    if (name === 'algo') return this.getAttribute('algorithm') ?? this.getAttribute('algo');
    const v = this.getAttribute(name);
    if (v === null && name === 'tree' && this.constructor.textTree) {
      const t = this.textContent.trim();
      return t === '' ? null : t;
    }
    return v;
  }

  /** The error shown in the figure ('' when none). */
  get error() {
    return this._error?.textContent ?? '';
  }

  /** Shows an error in the figure (text only) and sends a ply-error event; '' clears it. */
  showError(message) {
    if (!this._error) return;
    const before = this._error.textContent;
    this._error.textContent = message ? `plyground: ${message}` : '';
    if (message && this._error.textContent !== before) this.emit('ply-error', { message: this._error.textContent });
  }

  /** Dark canvas palette? The theme attribute, else the system. */
  isDark() {
    const t = this.getAttribute('theme');
    return t === 'dark' || (t !== 'light' && prefersDark());
  }

  /** Canvas colours set with --ply-tree-* custom properties on the element or the page. */
  canvasStyle() {
    const cs = getComputedStyle(this);
    const out = {};
    for (const [prop, key] of CANVAS_PROPS) {
      const v = cs.getPropertyValue(prop).trim();
      if (v) out[key] = v;
    }
    return out;
  }

  /** A drawing's height (the height attribute), on the shadow's body (the host is left alone). */
  setHeight(h) {
    if (h) this._body.style.setProperty('--ply-canvas-height', h);
    else this._body.style.removeProperty('--ply-canvas-height');
  }

  /** Sends a bubbling, composed event. */
  emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }

  // Subclasses: render(state, changed, previous), teardown(), keys(e). The defaults serve
  // the figure elements (<ply-tree>, <ply-mcts>), which keep their component in `figure`.
  // A subclass's other methods and getters are its public API (the npm package's
  // custom-elements.json lists them, xtask/dist.mjs); helpers' names start with `_`.
  render() {}

  teardown() {
    this.figure?.destroy();
    this.figure = null;
    this._key = null;
  }

  keys(e) {
    return this.figure ? this.figure.handleKey(e) : false;
  }

  /** F (presenter mode, views/presenter.js) and ? for an element whose figure has no keys of its own for them. */
  presentKeys(e) {
    if (!isPresentKey(e)) return false;
    import('../views/present-keys.js').then((k) => k.presentKey(e, this._body) || k.helpKey(e, this._body, 'Keys of this figure', ELEMENT_KEYS));
    return true;
  }
}

/** The keys every element has. */
const ELEMENT_KEYS = [
  ['F', 'Presenter mode (full screen)'],
  ['Esc', 'Leave presenter mode'],
  ['?', 'This help'],
];

/** The property of an attribute: `cls.props`' name, else the attribute's in camelCase. */
function propOf(cls, name) {
  return cls.props[name] ?? name.replace(/-([a-z])/g, (_, c) => c.toUpperCase());
}

/** Defines a property per attribute (typed), so `el.step = 5` is `el.setAttribute('step', '5')`. */
export function reflectAttributes(cls) {
  for (const [name, type] of Object.entries(cls.attrs)) {
    const prop = propOf(cls, name);
    if (prop in cls.prototype) continue;
    Object.defineProperty(cls.prototype, prop, {
      configurable: true,
      enumerable: true,
      get() {
        const v = this.getAttribute(name);
        if (type === 'boolean') return v !== null && !FALSE_WORDS.includes(v.trim().toLowerCase());
        if (v === null) return null;
        if (type === 'number') return v.trim() === '' ? null : Number(v);
        if (type === 'step') return v.trim() === 'end' ? 'end' : Number(v);
        return v;
      },
      set(value) {
        if (type === 'boolean') this.toggleAttribute(name, Boolean(value));
        else if (value === null || value === undefined) this.removeAttribute(name);
        else this.setAttribute(name, String(value));
      },
    });
  }
}

/** customElements.define, unless the name is taken (a page may load the module twice). */
export function define(name, cls) {
  if (typeof customElements !== 'undefined' && !customElements.get(name)) customElements.define(name, cls);
}
