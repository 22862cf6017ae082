// What every plyground element on a page shares: the WebAssembly modules (each fetched,
// compiled and instantiated at most once, however many figures use it), the components'
// stylesheet (fetched once, adopted by every shadow root), and a small pool of search workers
// (at most two, started only when a figure first needs an engine search or a comparison;
// each worker gets the compiled modules, so it does not download them again). Every file is
// found relative to this module's own URL, so a page in any folder — or on another origin,
// when the server sends CORS headers — can load the elements.
//
// It is also the one place that decides which wasm module a page, a figure or a worker
// request needs (the playground, the elements, the embed frame, the lab module's loader and
// the worker all ask here). Three modules for pages, of the wasm crate's four features
// (ARCHITECTURE.md, "Pages load only what they draw"): `tree` the explicit trees, `games`
// tic-tac-toe and Connect-4 with their engines (without singular extensions and beam search,
// for its size: it refuses them by name), `lab` the tree module plus exercises, the TikZ
// export, the text forms, the editor and the placement of a game's search (only where one is
// used). The fourth, `full`, is everything, for the tests and the benchmarks: no page loads it.

import { installEngines, useEngineModule } from '../lib/engines.js';
import { installLimits } from '../lib/limits.js';

/** Each module's glue (an ES module) and its wasm. */
export const MODULES = {
  tree: { glue: new URL('../pkg-tree/plyground_wasm.js', import.meta.url), wasm: new URL('../pkg-tree/plyground_wasm_bg.wasm', import.meta.url) },
  games: { glue: new URL('../pkg-games/plyground_wasm.js', import.meta.url), wasm: new URL('../pkg-games/plyground_wasm_bg.wasm', import.meta.url) },
  lab: { glue: new URL('../pkg-practice/plyground_wasm.js', import.meta.url), wasm: new URL('../pkg-practice/plyground_wasm_bg.wasm', import.meta.url) },
  full: { glue: new URL('../pkg/plyground_wasm.js', import.meta.url), wasm: new URL('../pkg/plyground_wasm_bg.wasm', import.meta.url) },
};

/**
 * A module's glue, imported (once: the browser keeps one instance per URL).
 * @param {'tree'|'games'|'lab'|'full'} which
 */
export function importGlue(which) {
  const m = MODULES[which];
  if (!m) return Promise.reject(new Error(`no wasm module ${JSON.stringify(which)} (tree, games, lab or full)`));
  return import(m.glue.href);
}

/**
 * The module for a search: an explicit tree → tree; a game → games.
 * @param {'tree'|'game'} source
 */
export function moduleForSearch(source) {
  return source === 'tree' ? 'tree' : 'games';
}

/** Figures whose module does not depend on what they show. (A practice figure draws with
 * the lab module, lib/practice-module.js; the tree module is the smallest for what an
 * element's base class loads.) */
const FIXED = { game: 'games', ucb: 'tree', practice: 'tree' };
/** Figures that show a game when they are given neither a tree nor a game (MCTS: tic-tac-toe,
 * lib/figure-state.js). */
const GAME_BY_DEFAULT = new Set(['mcts']);

/**
 * The module a figure needs (an element, or the embed frame's figure): by its view, else
 * tree text → tree, a game → games, neither → the view's default.
 * @param {string} view 'tree' | 'game' | 'mcts' | 'ucb' | 'compare' | 'practice'
 * @param {{tree?: string|null, game?: string|null}} given the figure's tree text and game
 */
export function moduleForFigure(view, { tree = null, game = null } = {}) {
  if (FIXED[view]) return FIXED[view];
  if (tree != null && tree.trim() !== '') return 'tree';
  if (game != null && game.trim() !== '') return 'games';
  return GAME_BY_DEFAULT.has(view) ? 'games' : 'tree';
}

/**
 * The module that places a figure's picture when that is not the module it is drawn with
 * (loaded with it), or null. The games module has no room for the core's placement: an MCTS
 * picture (MctsStepper.picture, from either module) is placed by the tree module's placeMcts;
 * a game's search (Stepper.figureRecord) by the lab module's FigurePlan.forRecord (the tree
 * module's budget has no room for it). An explicit tree's search is placed by its own module.
 * @param {string} view
 * @param {string} which the module the figure is drawn with (moduleForFigure, moduleForSearch)
 */
export function placerForFigure(view, which) {
  if (view === 'mcts') return 'tree';
  if (view === 'tree' && which === 'games') return 'lab';
  return null;
}

/**
 * The playground's views: the modules each needs (`all`), and those its first figure is
 * drawn with (`first`; the others load once it is drawn and the page is idle). The MCTS lab
 * opens on a tic-tac-toe position, stepped by the games module (its words, tables and UCB1
 * calculator need no more), and asks for the tree module, which places the picture
 * (placerForFigure), as soon as it is built. The tree lab asks for the lab module when it
 * first shows a game's search. Practice loads the lab module itself.
 */
export const VIEW_MODULES = {
  all: { play: ['games'], tree: ['tree', 'games'], mcts: ['games', 'tree'], practice: [], start: [] },
  first: { play: ['games'], tree: ['tree'], mcts: ['games'], practice: [], start: [] },
};

/**
 * The module that answers a worker request: the full one when the page sent it (tests do);
 * else a comparison on a tree the lab module (its compareTree), every other request the games
 * module.
 * @param {string} op
 * @param {object} args
 * @param {boolean} fullGiven
 */
export function moduleForRequest(op, args, fullGiven) {
  if (fullGiven) return 'full';
  return op === 'compare' && args?.source?.type === 'tree' ? 'lab' : 'games';
}

export const WORKER_URL = new URL('../worker.js', import.meta.url);
export const CSS_URL = new URL('../components.css', import.meta.url);
/** The folder of the playground's files (embed.html, index.html, plyground-elements.js). */
export const SITE_BASE = new URL('../', import.meta.url).href;

/** Workers in the pool: two at most (searches are single-threaded; pages have few figures). */
export const POOL_SIZE = 2;

const loading = {};
/** The compiled modules by kind, for the workers. */
const compiled = {};

/** Compiles a module (streaming when the server sends application/wasm). */
async function compile(url) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`could not load ${url.pathname}: HTTP ${res.status}`);
  const type = res.headers.get('Content-Type') ?? '';
  if (typeof WebAssembly.compileStreaming === 'function' && type.split(';')[0].trim() === 'application/wasm') {
    return WebAssembly.compileStreaming(res);
  }
  return WebAssembly.compile(await res.arrayBuffer());
}

/**
 * A wasm API, initialised once per page: 'tree', 'games', 'lab' or 'full' (the default).
 * @returns {Promise<{api: object, caps: {solver: boolean}, which: string}>}
 */
export function loadApi(which = 'full') {
  const m = MODULES[which];
  if (!m) return Promise.reject(new Error(`loadApi: no module ${JSON.stringify(which)} (tree, games, lab or full)`));
  loading[which] ??= (async () => {
    const [glue, module] = await Promise.all([importGlue(which), compile(m.wasm)]);
    await glue.default({ module_or_path: module });
    compiled[which] = module;
    installLimits(glue);
    if (typeof glue.engines === 'function') {
      useEngineModule(glue);
      installEngines(glue);
    }
    return { api: glue, caps: { solver: typeof glue.Stepper?.forSolve === 'function' }, which };
  })();
  return loading[which];
}

let sheet = null;

/** The components' stylesheet as a constructable sheet (one fetch for the whole page). */
export function loadStyles() {
  sheet ??= (async () => {
    const res = await fetch(CSS_URL);
    if (!res.ok) throw new Error(`could not load ${CSS_URL.pathname}: HTTP ${res.status}`);
    const css = new CSSStyleSheet();
    css.replaceSync(await res.text());
    return css;
  })();
  return sheet;
}

/**
 * A module worker for searches, same-origin or (for a cross-origin site) through a blob shim;
 * it receives every module loadApi() has compiled so far (a module compiled later it loads
 * itself, once, when a request needs it).
 */
export function makeWorker() {
  let w;
  if (WORKER_URL.origin === location.origin) {
    w = new Worker(WORKER_URL, { type: 'module' });
  } else {
    // Browsers only start same-origin worker scripts; a same-origin blob imports the real one.
    const shim = new Blob([`import ${JSON.stringify(WORKER_URL.href)};`], { type: 'text/javascript' });
    w = new Worker(URL.createObjectURL(shim), { type: 'module' });
  }
  for (const [which, module] of Object.entries(compiled)) w.postMessage({ op: 'init', which, module });
  return w;
}

let thePool = null;
let poolUsers = 0;
let closeTimer = null;

/**
 * Marks a figure as a user of the worker pool (games, comparisons); returns the release to
 * call when it leaves the page. When the last user is gone (and none comes back within a
 * second: an element moved in the page reconnects at once), the workers are terminated.
 */
export function usePool() {
  poolUsers++;
  clearTimeout(closeTimer);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    poolUsers--;
    if (poolUsers === 0) closeTimer = setTimeout(closeIdlePool, 1000);
  };
}

function closeIdlePool() {
  if (poolUsers > 0 || !thePool) return;
  const closing = thePool;
  thePool = null;
  closing.then((pool) => pool.close()).catch(() => {});
}

/**
 * The page's worker pool, as `{run(op, args, opts) → {promise, cancel}}`. The pool's code and
 * its first worker load with the first request (pages without games or comparisons never
 * load either).
 */
export function workerPool() {
  return {
    run(op, args, opts) {
      thePool ??= Promise.all([import('../lib/rpc.js'), import('../lib/pool.js')]).then(
        ([{ RpcClient }, { WorkerPool }]) => new WorkerPool(() => new RpcClient(makeWorker), POOL_SIZE),
      );
      let job = null;
      let cancelled = false;
      const promise = thePool.then((pool) => {
        if (cancelled) throw Object.assign(new Error('cancelled'), { reason: 'cancelled' });
        job = pool.run(op, args, opts);
        return job.promise;
      });
      return {
        promise,
        cancel() {
          cancelled = true;
          job?.cancel();
        },
      };
    },
  };
}
