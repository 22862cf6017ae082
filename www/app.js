// The page: loads the wasm modules its views need, starts the search worker, and shows one of the views
// by the URL hash (#play, #tree, #mcts, #practice). Views are loaded and built the first time they are
// shown (the first page load fetches only the code of the view on screen).
// A hash with parameters (#tree?tree=…&step=23, as "Copy link" makes them) restores that
// view's state; bad parameters are reported in the header and change nothing.
//
// window.__plyground is a small hook for the browser tests: read-only snapshots of each
// view's state (the same state the page draws), plus the time the page became interactive.

import { loadApi, makeWorker } from './elements/runtime.js';
import { RpcClient } from './lib/rpc.js';
import { parseStateString } from './lib/figure-state.js';
import { $ } from './views/dom.js';

/** Each view's module, imported when the view is first shown. */
const LOADERS = {
  play: () => import('./views/play.js').then((m) => m.PlayView),
  tree: () => import('./views/tree-lab.js').then((m) => m.TreeLab),
  mcts: () => import('./views/mcts-lab.js').then((m) => m.MctsLab),
  // The practice view draws with the practice module (lib/practice-module.js), not the page's.
  practice: () =>
    Promise.all([import('./views/practice.js'), import('./lib/practice-module.js').then((m) => m.loadPracticeApi())]).then(
      ([m, api]) =>
        function PracticeWithItsModule(env) {
          return new m.PracticeView({ ...env, api });
        },
    ),
};

const VIEWS = ['play', 'tree', 'mcts', 'practice'];
/**
 * The page modules each view draws with (elements/runtime.js's loadApi; ARCHITECTURE.md, "A
 * module per kind of figure"): Play the games module; the labs both, since their source is an
 * explicit tree or a game position (env.apiFor picks by source); practice its own module.
 */
const VIEW_MODULES = { play: ['games'], tree: ['tree', 'games'], mcts: ['tree', 'games'], practice: [] };
/** The loaded page modules by kind. */
const apis = {};

/** Loads the modules a view needs (each at most once per page). */
function loadModules(name) {
  return Promise.all(
    VIEW_MODULES[name].map((kind) =>
      loadApi(kind).then(({ api }) => {
        apis[kind] = api;
      }),
    ),
  );
}

/**
 * The module for a search: an explicit tree → the tree module, a game → the games module; a
 * game search with singular extensions or beam search (`opts.singular`, `opts.beam`) → the full
 * module, which has them (the games module leaves them out for its size: ARCHITECTURE.md).
 */
function moduleFor(source, opts) {
  if (source === 'tree') return 'tree';
  return opts?.singular || opts?.beam ? 'full' : 'games';
}

/** The loaded module for a search (see moduleFor); null for the full module until loadFor. */
function apiFor(source, opts) {
  const kind = moduleFor(source, opts);
  const api = apis[kind];
  if (!api && kind !== 'full') throw new Error(`no module is loaded for a ${source === 'tree' ? 'tree' : 'game'} source`);
  return api ?? null;
}

/** Loads the module a search needs (the full one on first use). */
function loadFor(source, opts) {
  const kind = moduleFor(source, opts);
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

function viewFromHash() {
  const name = location.hash.replace(/^#/, '').split(/[?&]/)[0];
  return VIEWS.includes(name) ? name : 'play';
}

/** The figure-state view of each playground view. */
const STATE_VIEW = { play: 'game', tree: 'tree', mcts: 'mcts', practice: 'practice' };

/** Restores the state a link carries (#tree?…), if any. */
async function restoreFromHash() {
  const hash = location.hash;
  const q = hash.indexOf('?');
  if (q < 0 || !env) return;
  const name = viewFromHash();
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

/** The view, loaded and built on first use. */
function ensure(name) {
  building[name] ??= Promise.all([LOADERS[name](), loadModules(name)]).then(([View]) => {
    views[name] = new View({ ...env, api: apis.games ?? null });
    hook.views[name] = views[name];
    return views[name];
  });
  return building[name];
}

/** Shows a view, building it on first use; resolves to the view once it is built. */
async function show(name) {
  app.dataset.view = name;
  for (const v of VIEWS) {
    $(`view-${v}`).hidden = v !== name;
    const link = document.querySelector(`nav a[data-view="${v}"]`);
    if (v === name) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  const titles = { play: 'Play', tree: 'Tree lab', mcts: 'MCTS lab', practice: 'Practice' };
  document.title = `plyground — ${titles[name]}`;
  if (!env) return null;
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

try {
  // The first view's modules before the worker starts, so that it receives them compiled.
  await loadModules(viewFromHash());
  const rpc = new RpcClient(makeWorker, {
    onRespawn: (generation, why) => {
      hook.respawns = generation - 1;
      if (why === 'crashed') loadStatus.textContent = 'The search worker stopped and was restarted; the game is kept.';
    },
  });
  let caps = { solver: false };
  try {
    caps = await rpc.call('caps', {});
  } catch (e) {
    problem(`The search worker did not start: ${e.message}`);
  }
  env = { apiFor, loadFor, rpc, caps, openSearch };
  hook.apis = apis;
  hook.rpc = rpc;
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
