// The embed page: renders one figure — a tree search, a game, an MCTS run, the UCB1 calculator,
// an ordering comparison or a practice exercise — from its own URL (the hash, or else the query), for pages that
// can only hold an <iframe>. The URL is read by figure-state.js (size limits, every value
// checked; a bad URL shows a readable error and nothing else happens); the figure is the same
// custom element a lesson page would use. A host page may drive the figure with postMessage
// (lib/messages.js documents the messages).

import { loadElement } from './plyground-elements.js';
import { loadApi, loadStyles } from './elements/runtime.js';
import { moduleForFigure, placerForFigure } from './elements/runtime.js';
import { stateFromParams, splitParams, stateParams, stateToString } from './lib/figure-state.js';
import { OUT_TYPES, PROTOCOL_VERSION, outMessage, readMessage } from './lib/messages.js';
import { ELEMENT_OF, PLAYGROUND_HASH, playgroundUrl } from './lib/snippets.js';

const box = document.getElementById('figure');
const errorLine = document.getElementById('embed-error');
const openLink = document.getElementById('embed-open');
const BASE = new URL('./', import.meta.url).href;
const embedded = window.parent !== window;

let params = null; // the current parameters (a Map), as the URL gave them and messages changed them
let state = null;
let figure = null;

/** Posts to the host page: to the origin named by the URL's `origin`, or to any ('*'). */
function post(kind, detail) {
  if (!embedded) return;
  window.parent.postMessage(outMessage(kind, state?.view ?? null, detail), state?.origin ?? '*');
}

function showError(message) {
  errorLine.textContent = message ? `plyground: ${message}` : '';
}

/** Sets the element's attributes to exactly those of a state. */
function applyAttributes(el, s) {
  const want = new Map(stateParams(s, { names: 'attributes' }).filter(([k]) => k !== 'origin'));
  for (const name of [...el.getAttributeNames()]) {
    if (name === 'tabindex' || name === 'id') continue;
    if (!want.has(name)) el.removeAttribute(name);
  }
  for (const [k, v] of want) if (el.getAttribute(k) !== v) el.setAttribute(k, v);
}

function syncLink(s) {
  if (PLAYGROUND_HASH[s.view]) {
    openLink.href = playgroundUrl(s, BASE);
    openLink.hidden = false;
  } else openLink.hidden = true;
}

function start() {
  const raw = location.hash.length > 1 ? location.hash : location.search;
  try {
    params = splitParams(raw);
    state = stateFromParams(params);
  } catch (e) {
    openLink.hidden = true;
    box.replaceChildren();
    figure = null;
    showError(`${e.message}\n(This frame shows a figure described by its URL, e.g. embed.html#view=tree&tree=[[3,12,8],[2,4,6],[14,5,2]].)`);
    post('error', { message: e.message });
    return;
  }
  if (state.theme !== 'auto') document.body.classList.add(`theme-${state.theme}`);
  syncLink(state);
  figure = document.createElement(ELEMENT_OF[state.view]);
  figure.id = 'plyground-figure';
  applyAttributes(figure, state);
  figure.addEventListener('ready', (e) => {
    // The footer shows once the figure has its size (embed.css): it never moves in view.
    document.body.dataset.ready = 'true';
    post('ready', { version: PROTOCOL_VERSION, error: e.detail.error });
  });
  figure.addEventListener('step', (e) => post('step', e.detail));
  figure.addEventListener('move', (e) => post('move', e.detail));
  figure.addEventListener('done', (e) => post('done', e.detail));
  figure.addEventListener('graded', (e) => post('graded', e.detail));
  figure.addEventListener('ply-error', (e) => post('error', { message: e.detail.message }));
  box.replaceChildren(figure);
}

/** A host page's plyground:set or plyground:get. */
function onMessage(event) {
  if (!embedded || event.source !== window.parent) return; // only the page that embeds this frame
  if (state?.origin && event.origin !== state.origin) return;
  if (!state || !figure) return;
  const msg = readMessage(event.data, state.view);
  if (msg === null) return;
  if (msg.error) {
    post('error', { message: msg.error });
    return;
  }
  if (msg.type === 'get') {
    post('state', {
      params: Object.fromEntries(stateParams(state)),
      index: typeof figure.index === 'number' ? figure.index : null,
      length: typeof figure.length === 'number' ? figure.length : null,
    });
    return;
  }
  const next = new Map(params);
  for (const [k, v] of msg.params) {
    if (v === null) next.delete(k);
    else next.set(k, v);
  }
  let s;
  try {
    s = stateFromParams(next);
  } catch (e) {
    showError(e.message);
    post('error', { message: e.message });
    return;
  }
  showError('');
  params = next;
  state = s;
  syncLink(s);
  history.replaceState(null, '', `#${stateToString(s)}`);
  applyAttributes(figure, s);
}

window.addEventListener('message', onMessage);

// The frame's height: posted whenever the page's content height changes (the figure drawn, a
// panel opened), so that a host page can size the <iframe> to its figure instead of a fixed
// height (docs/embedding.md, "Messages"; the snippet says so). At most once per frame drawn.
let postedHeight = 0;
let heightQueued = false;
function postHeight() {
  heightQueued = false;
  // The body's bottom, not the root's scrollHeight (never less than the frame's own height).
  const h = Math.ceil(document.body.getBoundingClientRect().bottom + window.scrollY);
  if (h === postedHeight || h <= 0) return;
  postedHeight = h;
  post('resize', { height: h });
}
if (embedded && typeof ResizeObserver === 'function') {
  new ResizeObserver(() => {
    if (heightQueued) return;
    heightQueued = true;
    requestAnimationFrame(postHeight);
  }).observe(document.body);
}
/** The URL's parameters as given (read again, and checked, by start()). */
function urlParams() {
  const raw = location.hash.length > 1 ? location.hash.slice(1) : location.search.slice(1);
  return new URLSearchParams(raw);
}

/** The wasm module the URL's figure needs (elements/runtime.js decides, as for its element). */
function moduleOfUrl() {
  const p = urlParams();
  return moduleForFigure(p.get('view') ?? 'tree', { tree: p.get('tree'), game: p.get('game') });
}

/** The modules under each view's element (its imports' imports), preloaded all at once. */
const CANVAS_CODE = ['views/tree-canvas.js', 'lib/figure-draw.js', 'lib/tree-style.js', 'lib/camera.js', 'lib/minimap.js', 'lib/trace-view.js', 'lib/notation.js'];
const FIGURE_CODE = {
  tree: ['views/tree-figure.js', 'lib/record.js', 'lib/complexity.js', ...CANVAS_CODE],
  mcts: ['views/mcts-figure.js', 'lib/record.js', 'lib/complexity.js', ...CANVAS_CODE],
  practice: ['views/practice-figure.js', 'lib/practice-answers.js', 'lib/practice-module.js', ...CANVAS_CODE],
  game: ['views/game-figure.js', 'lib/board.js', 'lib/game-session.js', 'lib/game-words.js', 'views/board-view.js'],
  ucb: ['views/ucb-calculator.js', 'lib/trace-view.js', 'lib/notation.js'],
  compare: ['views/compare-table.js', 'lib/complexity.js', 'lib/notation.js'],
};

/**
 * The code that draws the URL's figure, fetched while the wasm module downloads rather than
 * after it, and all at once rather than one level of imports after another: the element's
 * module and the modules under it (modulepreload: fetched and parsed, run when imported),
 * what its class loads (elements/base.js `load`) and the components' stylesheet. Only a
 * speed-up (cached: the element asks for the same again when start() creates it); a URL
 * naming no view loads the tree figure's, as start() reads it.
 */
function preloadFigure() {
  const view = urlParams().get('view') ?? 'tree';
  const tag = ELEMENT_OF[view];
  if (!tag) return; // an unknown view: start() says so
  for (const path of [`elements/${tag}.js`, 'elements/base.js', 'views/dom.js', ...FIGURE_CODE[view]]) {
    const href = new URL(path, BASE).href;
    if (document.querySelector(`link[rel="modulepreload"][href="${href}"]`)) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
  loadStyles().catch(() => {});
  // The module that places the figure's picture (a game's search, an MCTS tree of a game:
  // elements/runtime.js placerForFigure), alongside the figure's own.
  const placer = placerForFigure(view, moduleOfUrl());
  if (placer) loadApi(placer).catch(() => {});
  loadElement(tag)
    .then(() => customElements.get(tag)?.load())
    .catch(() => {}); // (a failure shows when the element loads it)
}

// A new hash (the host changed the frame's src fragment) is a new figure.
window.addEventListener('hashchange', () => {
  showError('');
  preloadFigure();
  loadApi(moduleOfUrl()).then(start, () => {});
});
// The URL's parameters are checked against the module's limits (lib/limits.js): the module
// first (the figure needs it anyway), the figure's code meanwhile.
preloadFigure();
loadApi(moduleOfUrl()).then(start, (e) => showError(`could not start: ${e?.message ?? e}`));

// For the browser tests: the types the frame never accepts back.
export { OUT_TYPES };
