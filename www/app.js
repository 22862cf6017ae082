// The page: loads the wasm modules its views need and shows one of the views by the URL hash (#play,
// #tree, #mcts, #practice; #start, or a first visit without a hash, shows the three ways in until
// dismissed). Views are loaded and built the first time they are shown (the first page load fetches
// only the code of the view on screen); the search worker starts when a view first asks it for
// something (Practice never does).
// A hash with parameters (#tree?tree=…&step=15, as "Copy link" makes them) restores that
// view's state; bad parameters are reported in the header and change nothing.
//
// window.__plyground is a small hook for the browser tests: read-only snapshots of each
// view's state (the same state the page draws), plus the time the page became interactive.

import { loadApi, makeWorker } from './elements/runtime.js';
import { RpcClient } from './lib/rpc.js';
import { parseStateString } from './lib/figure-state.js';
import { $, afterPaint } from './views/dom.js';
import { VIEW_MODULES as VIEW_MODULE_TABLE, moduleForSearch, placerForFigure } from './elements/runtime.js';

// An exercise set is a page of its own: `#set=…` (or `#src=…`) opens set.html with the same
// fragment, and nothing of the playground starts.
if (/^#(set|src)=/.test(location.hash)) {
  location.replace(`set.html${location.hash}`);
  await new Promise(() => {});
}

/** Each view's module, imported when the view is first shown. */
const LOADERS = {
  play: () => import('./views/play.js').then((m) => m.PlayView),
  tree: () => import('./views/tree-lab.js').then((m) => m.TreeLab),
  mcts: () => import('./views/mcts-lab.js').then((m) => m.MctsLab),
  // The practice view draws with the practice module (lib/practice-module.js), not the page's;
  // it is built as soon as its code is here, shows its task's prompt and then loads the module
  // (views/practice.js).
  practice: () =>
    Promise.all([import('./views/practice.js'), import('./lib/practice-module.js')]).then(
      ([m, mod]) =>
        function PracticeWithItsModule(env) {
          return new m.PracticeView({ ...env, loadApi: mod.loadPracticeApi });
        },
    ),
};

/**
 * The modules deeper in each view's import graph, fetched as soon as the page knows its view
 * (modulepreload: fetched and parsed, evaluated when imported), not one level of imports after
 * another. Only a speed-up: a module missing here still loads, when its importer asks for it.
 */
const FIGURE_MODULES = [
  'views/tree-canvas.js',
  'lib/figure-draw.js',
  'lib/tree-style.js',
  'lib/camera.js',
  'lib/minimap.js',
  'lib/trace-view.js',
  'lib/notation.js',
  'lib/snippets.js',
];
const DEEP_MODULES = {
  play: ['views/play.js', 'views/game-figure.js', 'views/board-view.js', 'lib/game-session.js', 'lib/board.js', 'lib/game-words.js', 'lib/notation.js'],
  tree: ['views/tree-lab.js', 'views/tree-figure.js', 'views/compare-table.js', 'views/share.js', 'lib/lessons.js', 'lib/record.js', ...FIGURE_MODULES],
  mcts: ['views/mcts-lab.js', 'views/mcts-figure.js', 'views/ucb-calculator.js', 'views/share.js', 'lib/record.js', ...FIGURE_MODULES],
  practice: ['views/practice.js', 'lib/practice-prompts.js', 'lib/practice-module.js', 'views/practice-figure.js', 'views/canvas-toolbar.js', 'lib/practice-answers.js', 'views/share.js', 'views/tree-canvas.js', 'lib/figure-draw.js', 'lib/tree-style.js', 'lib/camera.js', 'lib/notation.js', 'lib/snippets.js'],
};

/** Starts the downloads of a view's modules (each once). */
function preloadModules(name) {
  for (const path of DEEP_MODULES[name] ?? []) {
    const href = new URL(`./${path}`, import.meta.url).href;
    if (document.querySelector(`link[rel="modulepreload"][href="${href}"]`)) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
}

const VIEWS = ['play', 'tree', 'mcts', 'practice'];
/** The modules each view needs, and those its first figure is drawn with (elements/runtime.js). */
const VIEW_MODULES = VIEW_MODULE_TABLE.all;
const FIRST_MODULES = VIEW_MODULE_TABLE.first;
/** The loaded page modules by kind. */
const apis = {};
/** What the games module offers (the exact solver), known once it is loaded (Play needs it). */
const caps = { solver: false };
/** The page modules on their way (a lab loads its second one after its first figure). */
const loadingKinds = new Set();

/** Loads the modules a view needs (each at most once per page). */
function loadModules(name, which = VIEW_MODULES) {
  return Promise.all(
    which[name].map((kind) => {
      if (!apis[kind]) loadingKinds.add(kind);
      return loadApi(kind).then(({ api, caps: c }) => {
        apis[kind] = api;
        if (kind === 'games') caps.solver = c.solver;
      });
    }),
  );
}

/** The loaded module for a search (runtime.js's moduleForSearch). */
function apiFor(source) {
  const kind = moduleForSearch(source);
  const api = apis[kind];
  if (!api && loadingKinds.has(kind)) throw new Error(`the ${kind} module is still loading: try again in a moment`);
  if (!api) throw new Error(`no module is loaded for a ${source === 'tree' ? 'tree' : 'game'} source`);
  return api;
}

/** Is the module for a search loaded (apiFor would return it)? */
function hasApi(source) {
  return Boolean(apis[moduleForSearch(source)]);
}

/** Loads the module a search needs (a view that opens before it is here waits on this). */
function loadFor(source) {
  const kind = moduleForSearch(source);
  return loadApi(kind).then(({ api }) => {
    apis[kind] = api;
  });
}

/** The module that places a view's pictures of a search on `source` (runtime.js placerForFigure), or null until loaded. */
function placerOf(view, source) {
  return apis[placerForFigure(view, moduleForSearch(source))] ?? null;
}

/** Loads the module that places a view's pictures of a search on `source`. */
function loadPlacer(view, source) {
  const kind = placerForFigure(view, moduleForSearch(source));
  return loadApi(kind).then(({ api }) => {
    apis[kind] = api;
  });
}
const app = $('app');
const loadStatus = $('load-status');
const hook = { ready: false, views: {}, errors: [] };
window.__plyground = hook;

let env = null;
const views = {};
const building = {};

/** Where the first visit's page is remembered as dismissed. */
const START_KEY = 'plyground.start';

function startDismissed() {
  try {
    return localStorage.getItem(START_KEY) === 'dismissed';
  } catch {
    return false;
  }
}

function dismissStart() {
  try {
    localStorage.setItem(START_KEY, 'dismissed');
  } catch {
    // Storage refused (private mode): the page shows again next time, nothing else changes.
  }
}

function viewFromHash() {
  const name = location.hash.replace(/^#/, '').split(/[?&]/)[0];
  if (VIEWS.includes(name) || name === 'start') return name;
  return name === '' && !startDismissed() ? 'start' : 'play';
}

/**
 * The search worker, started on the first request (Practice and the labs' explicit trees never
 * make one; the page's modules are loaded by then, so the worker receives them compiled).
 */
let rpcClient = null;
function worker() {
  if (!rpcClient) {
    rpcClient = new RpcClient(makeWorker, {
      onRespawn: (generation, why) => {
        hook.respawns = generation - 1;
        if (why === 'crashed') loadStatus.textContent = 'The search worker stopped and was restarted; the game is kept.';
      },
    });
    hook.rpc = rpcClient;
  }
  return rpcClient;
}
const rpc = {
  call: (op, args, opts) => worker().call(op, args, opts),
  cancel: () => rpcClient?.cancel(),
};

/** The figure-state view of each playground view. */
const STATE_VIEW = { play: 'game', tree: 'tree', mcts: 'mcts', practice: 'practice' };

/** Restores the state a link carries (#tree?…), if any. */
async function restoreFromHash() {
  const hash = location.hash;
  const q = hash.indexOf('?');
  const name = viewFromHash();
  // The rest of the view's modules (the tree lab's games module, the MCTS lab's tree module:
  // a link may name either), once the first figure is on screen (dom.js afterPaint), so that
  // they do not compete with what it needs.
  if (env && name !== 'start' && VIEW_MODULES[name].some((kind) => !apis[kind])) {
    await new Promise((resolve) => afterPaint(resolve));
    await loadModules(name);
  }
  if (q < 0 || !env || name === 'start') return;
  let state;
  try {
    state = parseStateString(hash.slice(q + 1), STATE_VIEW[name]);
  } catch (e) {
    problem(`This link cannot be opened: ${e.message}`);
    return;
  }
  const ok = (await ensure(name)).applyState(state);
  hook.restored = { view: name, ok };
}

/** The state a link to a view carries (#practice?task=…), or null (none, or not readable). */
function linkState(name) {
  const q = location.hash.indexOf('?');
  if (q < 0 || viewFromHash() !== name) return null;
  try {
    return parseStateString(location.hash.slice(q + 1), STATE_VIEW[name]);
  } catch {
    return null; // (restoreFromHash reports it)
  }
}

/**
 * The view, loaded and built on first use (a view that shows something while its own module
 * loads, Practice, is given the link's state first and is ready once its `whenBuilt` resolves).
 */
function ensure(name) {
  building[name] ??= Promise.all([LOADERS[name](), loadModules(name, FIRST_MODULES)]).then(async ([View]) => {
    const made = new View({ ...env, api: apis.games ?? null, first: linkState(name) });
    views[name] = made.whenBuilt ? await made.whenBuilt : made;
    hook.views[name] = views[name];
    // What follows the figure shows now that the figure has its size (style.css, wait-built).
    $(`view-${name}`).dataset.built = 'true';
    return views[name];
  });
  return building[name];
}

/** Shows a view, building it on first use; resolves to the view once it is built. */
async function show(name) {
  app.dataset.view = name;
  $('view-start').hidden = name !== 'start';
  for (const v of VIEWS) {
    $(`view-${v}`).hidden = v !== name;
    const link = document.querySelector(`nav a[data-view="${v}"]`);
    if (v === name) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  const titles = { play: 'Play', tree: 'Tree lab', mcts: 'MCTS lab', practice: 'Practice', start: 'adversarial search you can watch' };
  document.title = `plyground — ${titles[name]}`;
  if (!env || name === 'start') return null;
  const v = await ensure(name);
  // A canvas measured while hidden has no size: measure again now that it shows.
  if (app.dataset.view === name) v.canvas?.resize();
  return v;
}

/** "Show me the search": the engine's last search in the lab that fits it. */
async function openSearch(s) {
  const target = s.options.algo === 'mcts' ? 'mcts' : 'tree';
  const lab = await ensure(target);
  // Show the view first, so that its canvases have a size when the search is drawn.
  show(target);
  if (location.hash !== `#${target}`) location.hash = `#${target}`;
  lab.showGameSearch(s);
  // Land at the top of the lab, not at the height the Play view was scrolled to.
  window.scrollTo(0, 0);
}

function problem(message) {
  hook.errors.push(message);
  loadStatus.textContent = message;
  loadStatus.classList.add('error');
}

window.addEventListener('hashchange', async () => {
  try {
    await show(viewFromHash());
    await restoreFromHash();
  } catch (e) {
    problem(`Could not open the view: ${e.message ?? e}`);
  }
});
show(viewFromHash());
wirePage();
// The first view's wasm modules are asked for first (the largest downloads), then its code,
// which downloads while they do (ensure() imports it again and gets the same module); a failure
// shows when ensure() imports it.
const firstModules = loadModules(viewFromHash(), FIRST_MODULES);
firstModules.catch(() => {}); // (shown where it is awaited, below)
preloadModules(viewFromHash());
LOADERS[viewFromHash()]?.().catch(() => {});

try {
  await firstModules;
  env = { apiFor, hasApi, loadFor, placerOf, loadPlacer, rpc, caps, openSearch };
  hook.apis = apis;
  hook.caps = caps;
  await show(viewFromHash());
  loadStatus.textContent = '';
  await restoreFromHash();
  app.dataset.ready = 'true';
  hook.ready = true;
  hook.interactiveMs = performance.now();
} catch (e) {
  problem(`Could not load the WebAssembly module: ${e.message ?? e}`);
  console.error(e);
}

/** Where the skip link puts the focus: the figure of the view on show (Practice: the first answer). */
function figureTarget() {
  const picks = {
    start: ['#view-start .path'],
    play: ['#play-board button:not(:disabled)', '#play-board'],
    tree: ['#tl-canvas'],
    mcts: ['#mc-canvas'],
    practice: ['#pr-cells :is(input, select, button)', '#pr-check'],
  };
  for (const sel of picks[app.dataset.view] ?? []) {
    const e = document.querySelector(sel);
    if (e) return e;
  }
  return null;
}

/** The first visible field of a section (a "↓" link in a view's bar goes there). */
function firstField(section) {
  return [...section.querySelectorAll('textarea, input, select, button')].find((e) => e.offsetParent !== null && !e.disabled) ?? null;
}

/**
 * The page's own links and menus: the skip link, the bars' links to the form under the figure
 * (in-page targets, which must not change the hash: it names the view), the first visit's
 * "skip this page", and the menus (Escape or a click elsewhere closes them).
 */
function wirePage() {
  $('skip').addEventListener('click', (e) => {
    e.preventDefault();
    figureTarget()?.focus();
  });
  for (const a of document.querySelectorAll('a.jump')) {
    a.addEventListener('click', (e) => {
      e.preventDefault();
      const section = document.getElementById(a.getAttribute('href').slice(1));
      section.scrollIntoView({ block: 'start' });
      firstField(section)?.focus({ preventScroll: true });
    });
  }
  for (const a of document.querySelectorAll('#view-start a')) a.addEventListener('click', dismissStart);
  $('start-dismiss').addEventListener('click', () => {
    dismissStart();
    location.hash = '#play';
  });
  const menus = () => document.querySelectorAll('details.menu[open]');
  document.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape') return;
    for (const m of menus()) {
      const inside = m.contains(document.activeElement);
      m.open = false;
      if (inside) m.querySelector('summary').focus();
    }
  });
  document.addEventListener('click', (e) => {
    for (const m of menus()) if (!m.contains(e.target)) m.open = false;
  });
}
