// What every plyground element on a page shares: the WebAssembly modules (each fetched,
// compiled and instantiated at most once, however many figures use it), the components'
// stylesheet (fetched once, adopted by every shadow root), and a small pool of search workers
// (at most two, started only when a figure first needs an engine search or a comparison;
// each worker gets the compiled modules, so it does not download them again). Every file is
// found relative to this module's own URL, so a page in any folder — or on another origin,
// when the server sends CORS headers — can load the elements.
//
// Which module (ARCHITECTURE.md, "A module per kind of figure"): a figure of an explicit tree
// (<ply-tree>, <ply-mcts> and <ply-compare> with tree text, <ply-ucb>) loads the tree module
// (www/pkg-tree/); a figure of tic-tac-toe or Connect-4 (<ply-game>, a `game` attribute) the
// games module (www/pkg-games/); the embed frame the one its figure needs, the lessons
// gallery both, and so does the playground (app.js: Play the games module, the labs both). A
// figure uses only its own module's handles. The full module (www/pkg/) is for tests.

import { installEngines, useEngineModule } from '../lib/engines.js';
import { installLimits } from '../lib/limits.js';

/** The modules a page can load: the glue's import and the wasm's URL. */
const MODULES = {
  tree: { glue: () => import('../pkg-tree/plyground_wasm.js'), url: new URL('../pkg-tree/plyground_wasm_bg.wasm', import.meta.url) },
  games: { glue: () => import('../pkg-games/plyground_wasm.js'), url: new URL('../pkg-games/plyground_wasm_bg.wasm', import.meta.url) },
  full: { glue: () => import('../pkg/plyground_wasm.js'), url: new URL('../pkg/plyground_wasm_bg.wasm', import.meta.url) },
};

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
 * A wasm API, initialised once per page: 'tree', 'games' or 'full' (the default).
 * @returns {Promise<{api: object, caps: {solver: boolean}, which: string}>}
 */
export function loadApi(which = 'full') {
  const m = MODULES[which];
  if (!m) return Promise.reject(new Error(`loadApi: no module ${JSON.stringify(which)} (tree, games or full)`));
  loading[which] ??= (async () => {
    const [glue, module] = await Promise.all([m.glue(), compile(m.url)]);
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
