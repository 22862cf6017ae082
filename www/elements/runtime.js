// What every plyground element on a page shares: ONE WebAssembly module (fetched, compiled and
// instantiated once, however many figures there are), the components' stylesheet (fetched
// once, adopted by every shadow root), and a small pool of search workers (at most two,
// started only when a figure first needs an engine search or a comparison; each worker gets
// the compiled module, so it does not download it again). Every file is found relative to
// this module's own URL, so a page in any folder — or on another origin, when the server
// sends CORS headers — can load the elements.

import init, * as api from '../pkg/plyground_wasm.js';
import { installEngines } from '../lib/engines.js';

export const WASM_URL = new URL('../pkg/plyground_wasm_bg.wasm', import.meta.url);
export const WORKER_URL = new URL('../worker.js', import.meta.url);
export const CSS_URL = new URL('../components.css', import.meta.url);
/** The folder of the playground's files (embed.html, index.html, plyground-elements.js). */
export const SITE_BASE = new URL('../', import.meta.url).href;

/** Workers in the pool: two at most (searches are single-threaded; pages have few figures). */
export const POOL_SIZE = 2;

let loading = null;
let wasmModule = null;

/** Compiles the module (streaming when the server sends application/wasm). */
async function compile() {
  const res = await fetch(WASM_URL);
  if (!res.ok) throw new Error(`could not load ${WASM_URL.pathname}: HTTP ${res.status}`);
  const type = res.headers.get('Content-Type') ?? '';
  if (typeof WebAssembly.compileStreaming === 'function' && type.split(';')[0].trim() === 'application/wasm') {
    return WebAssembly.compileStreaming(res);
  }
  return WebAssembly.compile(await res.arrayBuffer());
}

/**
 * The wasm API, initialised once per page.
 * @returns {Promise<{api: object, caps: {solver: boolean}}>}
 */
export function loadApi() {
  loading ??= (async () => {
    wasmModule = await compile();
    await init({ module_or_path: wasmModule });
    installEngines(api);
    return { api, caps: { solver: typeof api.solveConnect4 === 'function' } };
  })();
  return loading;
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
 * it receives the compiled module when loadApi() has one.
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
  if (wasmModule) w.postMessage({ op: 'init', module: wasmModule });
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
