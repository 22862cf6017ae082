// The Connect-4 opening book (book/connect4.book, 137 KB gzipped): fetched the first time
// a search would use it — the wasm module says when (Engine.wantsBook, connect4BookWanted) —
// and handed to that module (loadConnect4Book), which keeps it; the browser caches the file.
// Used by the search worker (www/worker.js) and by the tree lab's recorded solver search.

const loads = new Map();

/**
 * Loads the book into `api` (a games or full module) once; a failed attempt is tried again
 * on the next call. Rejects with an Error naming the file and the reason.
 * @param {object} api the wasm module
 * @returns {Promise<{depth: number, positions: number}>}
 */
export function loadBook(api) {
  let p = loads.get(api);
  if (!p) {
    p = (async () => {
      const url = new URL('../book/connect4.book', import.meta.url);
      const what = `the Connect-4 opening book (${url.pathname})`;
      let res;
      try {
        res = await fetch(url);
      } catch (err) {
        throw new Error(`${what} could not be fetched: ${err?.message ?? err}`);
      }
      if (!res.ok) throw new Error(`${what} could not be fetched: HTTP ${res.status}`);
      return api.loadConnect4Book(new Uint8Array(await res.arrayBuffer()));
    })();
    loads.set(api, p);
    p.catch(() => loads.delete(api));
  }
  return p;
}

/**
 * Whether recording the search of a tree-lab state in `api` would use the book and it is not
 * loaded: the exact solver on a Connect-4 position (the module answers for the position).
 * @param {object} api the wasm module
 * @param {{source?: string, algo?: string, moves?: string}} s
 */
export function bookWanted(api, s) {
  if (s?.source !== 'c4' || s.algo !== 'solve' || typeof api.connect4BookWanted !== 'function') return false;
  try {
    return api.connect4BookWanted(s.moves ?? '');
  } catch {
    return false;
  }
}
